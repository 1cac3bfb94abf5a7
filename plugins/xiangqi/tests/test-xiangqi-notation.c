/* test-xiangqi-notation.c: ICCS and WXF, written and read (RULES.md X24–X27)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "xiangqi-test.h"

/* The move in both WXF forms, and both forms read back to it. */
static void
expect_wxf (XqPosition *pos, const char *iccs, const char *product, const char *strict)
{
  XqMove move = mv (iccs), back;
  char buf[8];

  xq_move_to_wxf (pos, move, FALSE, buf);
  g_test_message ("%s = %s", iccs, buf);
  g_assert_cmpstr (buf, ==, product);
  xq_move_to_wxf (pos, move, TRUE, buf);
  g_assert_cmpstr (buf, ==, strict);

  g_assert_true (xq_move_from_wxf (pos, product, &back));
  g_assert_cmpint (back.from, ==, move.from);
  g_assert_cmpint (back.to, ==, move.to);
  g_assert_true (xq_move_from_wxf (pos, strict, &back));
  g_assert_cmpint (back.from, ==, move.from);
  g_assert_cmpint (back.to, ==, move.to);
}

static void
test_iccs (void)
{
  static const char *good[] = { "h2e2", "H2-E2", "h2-e2", " h2e2\n", "a0i9" };
  static const char *bad[] = {
    "", "h2", "h2e", "j2e2", "h2e:", "h2 e2", "h2e2x", "h2--e2", "H2_E2", "\xff\xfe\x01\x02",
    "h2e2h2e2h2e2h2e2",
  };
  XqMove move;
  char buf[8];
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (good) - 1; i++)
    {
      g_assert_true (xq_move_from_iccs (good[i], &move));
      xq_move_to_iccs (move, buf);
      g_assert_cmpstr (buf, ==, "h2e2");
    }
  g_assert_true (xq_move_from_iccs ("a0i9", &move));
  g_assert_cmpint (move.from, ==, 0);
  g_assert_cmpint (move.to, ==, 89);
  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (xq_move_from_iccs (bad[i], &move));
  g_assert_false (xq_move_from_iccs (NULL, &move));

  xq_square_name (40, buf);
  g_assert_cmpstr (buf, ==, "e4");
  xq_square_name (-1, buf);
  g_assert_cmpstr (buf, ==, "--");
}

/* XT16, one move of each side */
static void
test_wxf_opening (void)
{
  g_autofree XqPosition *pos = g_new0 (XqPosition, 1);

  xq_position_init_start (pos);
  expect_wxf (pos, "h2e2", "C2=5", "C2.5");
  xq_play (pos, mv ("h2e2"));
  expect_wxf (pos, "h9g7", "H8+7", "H8+7");
  xq_play (pos, mv ("h9g7"));
  expect_wxf (pos, "h0g2", "H2+3", "H2+3");
  xq_play (pos, mv ("h0g2"));
  expect_wxf (pos, "i9h9", "R9=8", "R9.8");
  /* Advisors, elephants and the general: always letter and file */
  expect_wxf (pos, "f9e8", "A6+5", "A6+5");
  expect_wxf (pos, "c9e7", "E3+5", "E3+5");
  expect_wxf (pos, "e9e8", "K5+1", "K5+1");
  expect_wxf (pos, "h7h3", "C8+4", "C8+4");
}

/* XT14 */
static void
test_wxf_tandem (void)
{
  g_autofree XqPosition *pos = load ("3k5/9/9/9/9/9/R8/9/9/R3K4 w - - 0 1");
  g_autofree XqPosition *black = load ("r3k4/9/9/r8/9/9/9/9/9/3K5 b - - 0 1");

  expect_wxf (pos, "a3c3", "+R=7", "R+.7");
  expect_wxf (pos, "a0a2", "-R+2", "R-+2");
  expect_wxf (pos, "a3a1", "+R-2", "R+-2");
  expect_wxf (pos, "a3a9", "+R+6", "R++6");
  /* Black's front is the lower rank, and its files count from a. */
  expect_wxf (black, "a6a0", "+R+6", "R++6");
  expect_wxf (black, "a9a8", "-R+1", "R-+1");
  expect_wxf (black, "a6b6", "+R=2", "R+.2");
}

/* XT15 */
static void
test_wxf_tandem_pawns (void)
{
  g_autofree XqPosition *pos = load ("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");

  expect_wxf (pos, "c7b7", "7+=8", "7+.8");
  expect_wxf (pos, "c6d6", "77=6", "77.6");
  expect_wxf (pos, "c5d5", "7-=6", "7-.6");
  expect_wxf (pos, "g6g7", "3++1", "3++1");
  expect_wxf (pos, "g5f5", "3-=4", "3-.4");
}

/* Pawns on one file: two, three, four and five of them */
static void
test_wxf_pawn_files (void)
{
  g_autofree XqPosition *five = load ("2P6/2P2k3/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1");
  g_autofree XqPosition *four = load ("2P6/2P2k3/2P6/2P6/9/9/9/9/9/3K5 w - - 0 1");
  g_autofree XqPosition *three = load ("2P6/2P2k3/2P6/9/9/9/9/9/9/3K5 w - - 0 1");
  g_autofree XqPosition *two = load ("4k4/9/9/9/9/6p2/6p2/9/9/3K5 b - - 0 1");

  expect_wxf (five, "c9b9", "++=8", "++.8");
  expect_wxf (five, "c8d8", "+P=6", "P+.6");
  expect_wxf (five, "c7b7", "P7=8", "P7.8");
  expect_wxf (five, "c6d6", "-P=6", "P-.6");
  expect_wxf (five, "c5b5", "--=8", "--.8");

  expect_wxf (four, "c9d9", "++=6", "++.6");
  expect_wxf (four, "c8b8", "+P=8", "P+.8");
  expect_wxf (four, "c7b7", "-P=8", "P-.8");
  expect_wxf (four, "c6b6", "--=8", "--.8");

  expect_wxf (three, "c9b9", "+P=8", "P+.8");
  expect_wxf (three, "c8d8", "P7=6", "P7.6");
  expect_wxf (three, "c7b7", "-P=8", "P-.8");

  expect_wxf (two, "g3g2", "+P+1", "P++1");
  expect_wxf (two, "g3f3", "+P=6", "P+.6");
  expect_wxf (two, "g4f4", "-P=6", "P-.6");
}

static void
test_wxf_reading (void)
{
  g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
  g_autofree XqPosition *tandem = load ("3k5/9/9/9/9/9/R8/9/9/R3K4 w - - 0 1");
  static const char *refused[] = {
    "", "C2", "C2=55", "R1+3", "K5+2", "X2=5", "C0=5", "C2=0", "P9+2", "+C=5", "\xc3\xa9\xc3",
    "C2=5C2=5C2=5",
  };
  XqMove move;
  gsize i;

  xq_position_init_start (pos);
  /* Lower case, blanks around, B and N as letters */
  g_assert_true (xq_move_from_wxf (pos, " c2.5 ", &move));
  g_assert_cmpint (move.from, ==, mv ("h2e2").from);
  g_assert_true (xq_move_from_wxf (pos, "B3+5", &move));
  g_assert_cmpint (move.to, ==, mv ("c0e2").to);
  g_assert_true (xq_move_from_wxf (pos, "N2+3", &move));
  g_assert_cmpint (move.from, ==, mv ("h0g2").from);
  for (i = 0; i < G_N_ELEMENTS (refused); i++)
    g_assert_false (xq_move_from_wxf (pos, refused[i], &move));
  g_assert_false (xq_move_from_wxf (pos, NULL, &move));

  /* A file digit where a tandem mark belongs is forgiven when only one move fits. */
  g_assert_true (xq_move_from_wxf (tandem, "R9+6", &move));
  g_assert_cmpint (move.from, ==, mv ("a3a9").from);
  g_assert_false (xq_move_from_wxf (tandem, "R9+2", &move));
}

/* Every legal move of many positions: written in each form, read back to itself, and no two
 * moves of a position written alike. */
static void
check_position_roundtrip (XqPosition *pos, int *checked)
{
  XqMove moves[XQ_MAX_MOVES];
  char written[XQ_MAX_MOVES][2][8];
  int n = xq_legal_moves (pos, moves), i, j, form;

  for (i = 0; i < n; i++)
    for (form = 0; form < 2; form++)
      {
        XqMove back = { 0, 0 };

        xq_move_to_wxf (pos, moves[i], form == 1, written[i][form]);
        if (!xq_move_from_wxf (pos, written[i][form], &back)
            || back.from != moves[i].from || back.to != moves[i].to)
          g_error ("%s does not read back in %s", written[i][form], xq_position_to_fen (pos));
        for (j = 0; j < i; j++)
          g_assert_cmpstr (written[i][form], !=, written[j][form]);
        (*checked)++;
      }
}

static void
test_wxf_roundtrip (void)
{
  static const char *setups[] = {
    "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
    "2P6/2P2k3/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
    "2P6/2P2k3/2P6/2P6/9/9/9/9/9/3K5 w - - 0 1",
    "4k4/9/9/9/9/6p2/6p2/9/9/3K5 b - - 0 1",
    "3ak4/4a4/4b4/9/9/2ppp4/2p6/9/4A4/3AK4 b - - 0 1",
    "2bak4/4a4/4b4/9/1n7/1n7/9/9/9/3K5 b - - 0 1",
    "3k5/9/9/9/1C7/1C7/1H7/1H7/1R7/1R2K4 w - - 0 1",
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
  int checked = 0, game;
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_autofree XqPosition *setup = load (setups[i]);

      check_position_roundtrip (setup, &checked);
    }

  for (game = 0; game < 40; game++)
    {
      int ply;

      xq_position_init_start (pos);
      for (ply = 0; ply < 150; ply++)
        {
          XqMove moves[XQ_MAX_MOVES];
          int n = xq_legal_moves (pos, moves);

          check_position_roundtrip (pos, &checked);
          if (n == 0)
            break;
          xq_play (pos, moves[g_rand_int_range (rand, 0, n)]);
        }
    }
  g_test_message ("%d moves written and read back", checked);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xiangqi/notation/iccs", test_iccs);
  g_test_add_func ("/xiangqi/notation/wxf-opening", test_wxf_opening);
  g_test_add_func ("/xiangqi/notation/wxf-tandem", test_wxf_tandem);
  g_test_add_func ("/xiangqi/notation/wxf-tandem-pawns", test_wxf_tandem_pawns);
  g_test_add_func ("/xiangqi/notation/wxf-pawn-files", test_wxf_pawn_files);
  g_test_add_func ("/xiangqi/notation/wxf-reading", test_wxf_reading);
  g_test_add_func ("/xiangqi/notation/wxf-roundtrip", test_wxf_roundtrip);

  return g_test_run ();
}
