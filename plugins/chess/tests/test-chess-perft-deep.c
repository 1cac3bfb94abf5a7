/* test-chess-perft-deep.c: perft to the depths of the published tables (suite slow)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Counts of chessprogramming.org's Perft Results, each 10^7 to 2·10^8 leaves: what the unit
 * suite's shallow counts cannot reach (promotions into check, en passant out of pins, castling
 * through attacked squares deep in the tree).
 */

#include "chess-test.h"

typedef struct
{
  const char *fen;
  int depth;
  guint64 nodes;
} DeepCase;

static const DeepCase cases[] = {
  { START_FEN, 6, 119060324 },
  { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603 },
  { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690 },
  { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661 },
  { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292 },
  { "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5, 15833292 },
  { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194 },
  { "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164075551 },
};

static void
test_deep (gconstpointer data)
{
  const DeepCase *c = data;
  g_autofree ChessPosition *pos = load (c->fen);

  g_assert_cmpuint (ch_perft (pos, c->depth), ==, c->nodes);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/chess/perft-deep/%u-depth-%d", i + 1,
                                               cases[i].depth);

      g_test_add_data_func (path, &cases[i], test_deep);
    }
  return g_test_run ();
}
