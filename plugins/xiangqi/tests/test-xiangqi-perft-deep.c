/* test-xiangqi-perft-deep.c: perft to depth 5 from the start position (suite "slow")
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "xiangqi-core.h"

static void
test_perft_start_depth5 (void)
{
  g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
  gint64 start = g_get_monotonic_time ();
  guint64 nodes;
  double seconds;

  xq_position_init_start (pos);
  nodes = xq_perft (pos, 5);
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  g_test_message ("perft(5) = %" G_GUINT64_FORMAT " in %.2f s", nodes, seconds);
  g_assert_cmpuint (nodes, ==, 133312995);
}

/* Counts from Debian's Fairy-Stockfish at depth 4 on positions of random games and
 * random set-ups. */
static void
test_perft_middlegames_depth4 (void)
{
  static const struct { const char *fen; guint64 nodes; } cases[] = {
    { "rnbakab1r/6c2/9/4p1p1p/p1p6/7R1/P1P1P1P1P/3C2C2/9/RNBAKAB2 b - - 4 6", 2270141 },
    { "rnbakabnr/9/1c4c2/pCp1p1p1p/9/8P/P1P1P1P2/7C1/9/RNBAKABNR b - - 3 2", 2116794 },
    { "rCbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/7C1/9/RNBAKABNR b - - 0 1", 2224970 },
    { "1nbakabnr/r8/c8/p1p3p1p/4p4/8C/P1P1P1P1P/1C7/9/1RBAKABNR w - - 3 5", 2009033 },
    { "4RaRr1/2P2k3/9/1N7/9/9/c8/2c1p2p1/C2KN4/5A3 w - - 0 1", 1838563 },
    { "2Ca3c1/3k5/5RN2/1P7/p8/1n7/9/7p1/2pn5/4K2R1 w - - 0 1", 1030393 },
    { "9/3kc4/3a2n2/3P1r3/6n2/3C5/5p3/r3R4/9/3K1AN1p w - - 0 1", 2632171 },
    { "9/3rk2c1/9/p6P1/9/9/2P6/4p1n2/9/3K2N2 w - - 0 1", 7629 },
    { "1P1k5/9/3a1P3/9/1P4b2/9/P8/9/n2K5/3A5 b - - 0 1", 7146 },
  };
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
      guint64 nodes;

      g_assert_true (xq_position_from_fen (pos, cases[i].fen, &error));
      nodes = xq_perft (pos, 4);
      g_test_message ("%s: perft(4) = %" G_GUINT64_FORMAT, cases[i].fen, nodes);
      g_assert_cmpuint (nodes, ==, cases[i].nodes);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xiangqi/perft/start-depth5", test_perft_start_depth5);
  g_test_add_func ("/xiangqi/perft/middlegames-depth4", test_perft_middlegames_depth4);

  return g_test_run ();
}
