/* test-shogi-perft-deep.c: perft from the start six plies deep (the slow suite)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "shogi-core.h"

static void
test_start_depth_6 (void)
{
  SgPosition pos;

  sg_position_init_start (&pos);
  g_assert_cmpuint (sg_perft (&pos, 5), ==, 19861490);
  g_assert_cmpuint (sg_perft (&pos, 6), ==, 547581517);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sg_init ();

  g_test_add_func ("/shogi/perft/start-depth-6", test_start_depth_6);
  return g_test_run ();
}
