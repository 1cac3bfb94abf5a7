/* shogi-perft-bench.c: how fast sg_perft() counts, for the record (not a test)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: shogi-perft-bench [DEPTH [SFEN]]; depth 4 from the start position by default.
 */

#include "shogi-core.h"

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  SgPosition pos;
  int depth = argc > 1 ? (int) g_ascii_strtoll (argv[1], NULL, 10) : 4;
  gint64 start, end;
  double seconds;
  guint64 nodes;

  sg_init ();
  if (argc > 2 && !sg_position_from_sfen (&pos, argv[2], &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  if (argc <= 2)
    sg_position_init_start (&pos);
  if (depth < 1 || depth > 8)
    {
      g_printerr ("depth must be 1 to 8\n");
      return 1;
    }

  start = g_get_monotonic_time ();
  nodes = sg_perft (&pos, depth);
  end = g_get_monotonic_time ();
  seconds = (double) (end - start) / G_USEC_PER_SEC;

  g_print ("depth %d\nnodes %" G_GUINT64_FORMAT "\nseconds %.3f\nnodes/second %.0f\n",
           depth, nodes, seconds, seconds > 0 ? (double) nodes / seconds : 0.0);
  return 0;
}
