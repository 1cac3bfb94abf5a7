/* test-shogi-rules.c: the rules core against RULES.md §4 (ST1–ST11) and SFEN
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <catur.h>
#include <string.h>

#include "shogi-core.h"
#include "shogi-notation.h"
#include "shogi-repetition.h"

static void
load (SgPosition *pos, const char *sfen)
{
  g_autoptr(GError) error = NULL;

  if (!sg_position_from_sfen (pos, sfen, &error))
    g_error ("%s: %s", sfen, error->message);
}

static SgMove
usi (const char *text)
{
  SgMove move;

  if (!sg_move_from_usi (text, &move))
    g_error ("not USI: %s", text);
  return move;
}

static gboolean
is_listed (SgPosition *pos, const char *text)
{
  SgMove moves[SG_MAX_MOVES];
  SgMove wanted = usi (text);
  int n = sg_legal_moves (pos, moves);

  for (int i = 0; i < n; i++)
    if (sg_move_equal (moves[i], wanted))
      return TRUE;
  return FALSE;
}

static int
count_legal (SgPosition *pos)
{
  SgMove moves[SG_MAX_MOVES];

  return sg_legal_moves (pos, moves);
}

/* After @move, the side to move has no legal move and is in check. */
static gboolean
mates (SgPosition *pos, const char *text)
{
  SgPosition after = *pos;

  sg_play (&after, usi (text));
  return count_legal (&after) == 0 && sg_in_check (&after, after.side);
}

static void
test_st1_start_perft (void)
{
  SgPosition pos;

  load (&pos, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  g_assert_cmpuint (sg_perft (&pos, 1), ==, 30);
  g_assert_cmpuint (sg_perft (&pos, 2), ==, 900);
  g_assert_cmpuint (sg_perft (&pos, 3), ==, 25470);
  /* The published fourth ply too: 719731. */
  g_assert_cmpuint (sg_perft (&pos, 4), ==, 719731);
}

/* The published positions of perft_check.py's table: the most legal moves known, a middle
 * game full of drops, and the pawn-drop mate that Fairy-Stockfish 11.1 counts. */
static void
test_published_perft (void)
{
  static const struct { const char *sfen; int depth; guint64 nodes; } cases[] = {
    { "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 1, 593 },
    { "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 2, 105677 },
    { "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 1, 207 },
    { "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 2, 28684 },
    { "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 3, 4809015 },
    { "7nk/7p1/8G/9/9/9/9/9/4K4 b P 1", 1, 77 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SgPosition pos;

      load (&pos, cases[i].sfen);
      g_assert_cmpuint (sg_perft (&pos, cases[i].depth), ==, cases[i].nodes);
    }
}

static void
test_st2_uchifuzume (void)
{
  SgPosition pos;
  SgExplanation why;

  load (&pos, "8k/9/6NG1/9/9/9/9/9/4K4 b P 1");
  g_assert_false (is_listed (&pos, "P*1b"));
  g_assert_cmpint (sg_explain (&pos, usi ("P*1b"), &why), ==, SG_ILLEGAL_UCHIFUZUME);
  g_assert_cmpint (count_legal (&pos), ==, 80);
}

/* Sente in check from the Bishop on 6a: P*5b blocks the check and mates (the Bishop is pinned
 * by the Rook on 9a, the Lance on 4a cannot take, the Gold guards 5b, 4b and 6b), so it is no
 * more allowed than a pawn-drop mate out of a quiet position. Without the pin the Bishop takes
 * the Pawn: the same drop checks without mating, and it is legal. */
#define BLOCKING_MATE "R2bkl3/9/4G4/9/9/8K/9/9/9 b P 1"
#define BLOCKING_CHECK "3bkl3/9/4G4/9/9/8K/9/9/R8 b P 1"

static void
test_uchifuzume_in_check (void)
{
  SgPosition pos;
  SgExplanation why;

  load (&pos, BLOCKING_MATE);
  g_assert_true (sg_in_check (&pos, SG_SENTE));
  g_assert_true (mates (&pos, "P*5b"));
  g_assert_false (is_listed (&pos, "P*5b"));
  g_assert_cmpint (sg_explain (&pos, usi ("P*5b"), &why), ==, SG_ILLEGAL_UCHIFUZUME);
  /* The other ways out of the check stay: the Gold's block, the Rook taking the Bishop. */
  g_assert_true (is_listed (&pos, "5c4c"));
  g_assert_true (is_listed (&pos, "9a6a"));

  load (&pos, BLOCKING_CHECK);
  g_assert_true (sg_in_check (&pos, SG_SENTE));
  g_assert_false (mates (&pos, "P*5b"));
  g_assert_true (is_listed (&pos, "P*5b"));
  g_assert_cmpint (sg_explain (&pos, usi ("P*5b"), &why), ==, SG_LEGAL);
}

/* Out of a quiet position: a pawn drop that checks without mating (the King takes it) is
 * legal, beside ST2's pawn-drop mate. */
static void
test_pawn_drop_check (void)
{
  SgPosition pos;
  SgExplanation why;

  load (&pos, "8k/9/6N2/9/9/9/9/9/4K4 b P 1");
  g_assert_false (sg_in_check (&pos, SG_SENTE));
  g_assert_false (mates (&pos, "P*1b"));
  g_assert_true (is_listed (&pos, "P*1b"));
  g_assert_cmpint (sg_explain (&pos, usi ("P*1b"), &why), ==, SG_LEGAL);
}

static void
test_st3_gold_drop_mates (void)
{
  SgPosition pos;

  load (&pos, "8k/9/6NG1/9/9/9/9/9/4K4 b G 1");
  g_assert_true (is_listed (&pos, "G*1b"));
  g_assert_true (mates (&pos, "G*1b"));
}

static void
test_st4_pawn_push_mates (void)
{
  SgPosition pos;

  load (&pos, "8k/9/6NGP/9/9/9/9/9/4K4 b - 1");
  g_assert_true (is_listed (&pos, "1c1b"));
  g_assert_true (is_listed (&pos, "1c1b+"));
  g_assert_true (mates (&pos, "1c1b"));
  g_assert_true (mates (&pos, "1c1b+"));
}

static void
test_st5_nifu (void)
{
  SgMove moves[SG_MAX_MOVES];
  SgPosition pos;
  SgExplanation why;
  int n, on_file_4 = 0;

  load (&pos, "4k4/9/5+P3/9/9/9/4P4/9/4K4 b P 1");
  n = sg_legal_moves (&pos, moves);
  g_assert_cmpint (n, ==, 75);
  for (int i = 0; i < n; i++)
    if (moves[i].from == SG_DROP_FROM)
      {
        g_assert_cmpint (sg_file_number (moves[i].to), !=, 5);
        on_file_4 += sg_file_number (moves[i].to) == 4;
      }
  g_assert_cmpint (on_file_4, ==, 7);
  g_assert_cmpint (sg_explain (&pos, usi ("P*5e"), &why), ==, SG_ILLEGAL_NIFU);
  g_assert_cmpint (why.square, ==, sg_square_from_name ("5g"));
  g_assert_cmpint (sg_explain (&pos, usi ("P*4a"), &why), ==, SG_ILLEGAL_DEAD_DROP);
}

/* Nifu counts unpromoted pawns only: a Pawn that promotes by moving leaves its file free for a
 * dropped Pawn, one that moves on unpromoted does not, and taking the promotion back counts it
 * again. The count is kept move by move (pawn_files), not read from the board. */
static void
test_nifu_after_promotion (void)
{
  static const char *start = "4k4/9/9/6P2/9/9/9/9/4K4 b P 1";
  SgPosition pos;
  SgExplanation why;
  SgUndo undo;

  load (&pos, start);
  sg_play (&pos, usi ("3d3c+"));
  sg_play (&pos, usi ("5a4a"));
  g_assert_true (is_listed (&pos, "P*3e"));
  g_assert_cmpint (sg_explain (&pos, usi ("P*3e"), &why), ==, SG_LEGAL);

  load (&pos, start);
  sg_play (&pos, usi ("3d3c"));
  sg_play (&pos, usi ("5a4a"));
  g_assert_false (is_listed (&pos, "P*3e"));
  g_assert_cmpint (sg_explain (&pos, usi ("P*3e"), &why), ==, SG_ILLEGAL_NIFU);
  g_assert_cmpint (why.square, ==, sg_square_from_name ("3c"));

  load (&pos, start);
  sg_make (&pos, usi ("3d3c+"), &undo);
  sg_unmake (&pos, usi ("3d3c+"), &undo);
  g_assert_false (is_listed (&pos, "P*3e"));
  g_assert_cmpint (sg_explain (&pos, usi ("P*3e"), &why), ==, SG_ILLEGAL_NIFU);
}

static void
test_st6_forced_promotion (void)
{
  SgMove moves[SG_MAX_MOVES];
  SgPosition pos;
  SgExplanation why;
  int n;

  load (&pos, "4k4/6P2/L8/7N1/9/9/9/9/4K4 b NL 1");
  n = sg_legal_moves (&pos, moves);
  g_assert_cmpint (n, ==, 138);
  g_assert_true (is_listed (&pos, "3b3a+"));
  g_assert_false (is_listed (&pos, "3b3a"));
  g_assert_true (is_listed (&pos, "2d1b+"));
  g_assert_false (is_listed (&pos, "2d1b"));
  g_assert_true (is_listed (&pos, "9c9a+"));
  g_assert_false (is_listed (&pos, "9c9a"));
  g_assert_true (is_listed (&pos, "9c9b"));
  g_assert_true (is_listed (&pos, "9c9b+"));
  g_assert_cmpint (sg_explain (&pos, usi ("3b3a"), &why), ==, SG_ILLEGAL_MUST_PROMOTE);
  for (int i = 0; i < n; i++)
    if (moves[i].from == SG_DROP_FROM)
      {
        int rank = sg_rank_number (moves[i].to);

        if (moves[i].drop == SG_KNIGHT)
          g_assert_cmpint (rank, >=, 3);
        if (moves[i].drop == SG_LANCE)
          g_assert_cmpint (rank, >=, 2);
      }
}

static void
test_st7_perpetual_check (void)
{
  const char *cycle[] = { "9b9a", "1a1b", "9a9b", "1b1a" };
  g_autoptr(CaturRepetition) history = NULL;
  SgPosition pos;
  SgGameStatus status;
  int ply = 0;

  load (&pos, "8k/R8/9/9/9/9/9/9/4K4 b - 1");
  history = sg_repetition_new (&pos);
  for (int round = 0; round < 3; round++)
    for (int i = 0; i < 4; i++)
      {
        sg_play (&pos, usi (cycle[i]));
        sg_repetition_push (history, &pos);
        ply++;
        sg_repetition_status (&pos, history, &status);
        if (ply < 12)
          g_assert_cmpint (status.end, ==, SG_END_NONE);
        /* Ply 8 is the third occurrence: Sente is warned, once. */
        g_assert_cmpint (status.warn_perpetual, ==, ply == 8);
        if (ply == 8)
          g_assert_cmpint (status.warned_side, ==, SG_SENTE);
        g_assert_false (status.repetition_info);
      }
  /* Ply 12 is the fourth occurrence of the start, and Sente checked on every ply. */
  g_assert_cmpint (status.end, ==, SG_END_PERPETUAL_CHECK);
  g_assert_cmpint (status.winner, ==, SG_GOTE);
}

static void
test_sennichite_draw (void)
{
  const char *cycle[] = { "5i5h", "5a5b", "5h5i", "5b5a" };
  g_autoptr(CaturRepetition) history = NULL;
  SgPosition pos;
  SgGameStatus status;

  int ply = 0;

  load (&pos, "4k4/9/9/9/9/9/9/9/4K4 b - 1");
  history = sg_repetition_new (&pos);
  for (int round = 0; round < 3; round++)
    for (int i = 0; i < 4; i++)
      {
        sg_play (&pos, usi (cycle[i]));
        sg_repetition_push (history, &pos);
        sg_repetition_status (&pos, history, &status);
        ply++;
        /* The third occurrence of the start (ply 8) is told, once: the positions after it
         * come a third time too, in the same episode (RULES 0.4). */
        g_assert_cmpint (status.repetition_info, ==, ply == 8);
        g_assert_false (status.warn_perpetual);
      }
  g_assert_cmpint (status.end, ==, SG_END_REPETITION);
  g_assert_cmpint (status.winner, ==, -1);
}

static void
test_move_limit (void)
{
  SgPosition pos;
  SgStatus status;

  load (&pos, "4k4/9/9/9/9/9/9/9/4K4 b - 1");
  pos.rules.move_limit = 4;
  for (int i = 0; i < 3; i++)
    sg_play (&pos, usi ((const char *[]) { "5i5h", "5a5b", "5h5i" }[i]));
  sg_status (&pos, &status);
  g_assert_cmpint (status.result, ==, SG_ONGOING);
  sg_play (&pos, usi ("5b5a"));
  sg_status (&pos, &status);
  g_assert_cmpint (status.result, ==, SG_DRAW_MOVE_LIMIT);
}

static void
japanese_is (SgPosition *pos, const char *move, const char *expected)
{
  char buf[SG_NOTATION_SIZE];
  SgMove parsed;

  sg_move_to_japanese (pos, usi (move), SG_JAPANESE_PLAIN, buf);
  g_assert_cmpstr (buf, ==, expected);
  g_assert_true (sg_move_from_japanese (pos, expected, &parsed));
  g_assert_true (sg_move_equal (parsed, usi (move)));
}

static void
western_is (SgPosition *pos, const char *move, const char *expected)
{
  char buf[SG_NOTATION_SIZE];
  SgMove parsed;

  sg_move_to_western (pos, usi (move), buf);
  g_assert_cmpstr (buf, ==, expected);
  g_assert_true (sg_move_from_western (pos, expected, &parsed));
  g_assert_true (sg_move_equal (parsed, usi (move)));
}

static void
test_st8_three_golds (void)
{
  SgPosition pos;

  load (&pos, "4k4/9/9/9/9/9/9/K8/3GGG3 b - 1");
  japanese_is (&pos, "6i5h", "５八金左");
  japanese_is (&pos, "5i5h", "５八金直");
  japanese_is (&pos, "4i5h", "５八金右");
  western_is (&pos, "6i5h", "G6i-5h");
}

static void
test_st9_two_horses (void)
{
  SgPosition pos;

  load (&pos, "+B+B7/9/9/9/8k/9/9/9/4K4 b - 1");
  japanese_is (&pos, "9a8b", "８二馬左");
  japanese_is (&pos, "8a8b", "８二馬右");
}

static void
test_notation_examples (void)
{
  SgPosition pos;
  char buf[SG_NOTATION_SIZE];

  sg_position_init_start (&pos);
  western_is (&pos, "7g7f", "P-7f");
  japanese_is (&pos, "7g7f", "７六歩");
  sg_play (&pos, usi ("7g7f"));
  sg_play (&pos, usi ("3c3d"));
  western_is (&pos, "8h2b+", "Bx2b+");
  western_is (&pos, "8h2b", "Bx2b=");
  japanese_is (&pos, "8h2b+", "２二角成");
  japanese_is (&pos, "8h2b", "２二角不成");
  sg_play (&pos, usi ("8h2b+"));
  japanese_is (&pos, "3a2b", "同銀");
  sg_move_to_japanese (&pos, usi ("3a2b"), SG_JAPANESE_KIF, buf);
  g_assert_cmpstr (buf, ==, "同　銀");
  sg_play (&pos, usi ("3a2b"));
  western_is (&pos, "B*4e", "B*4e");
  japanese_is (&pos, "B*4e", "４五角");
}

static void
test_st10_impasse_points (void)
{
  SgPosition pos;
  int pieces;
  gboolean king_in;

  load (&pos, "RB+P+P1+P+P+P1/3GKG3/3S1S3/9/9/9/9/9/8k b 9P 1");
  pos.rules.impasse = SG_IMPASSE_27;
  g_assert_cmpint (sg_impasse_points (&pos, SG_SENTE, &pieces, &king_in), ==, 28);
  g_assert_cmpint (pieces, ==, 11);
  g_assert_true (king_in);
  g_assert_true (sg_can_declare (&pos));
  g_assert_cmpint (sg_judge_declaration (&pos, SG_IMPASSE_27), ==, SG_DECLARE_WIN);
  g_assert_cmpint (sg_judge_declaration (&pos, SG_IMPASSE_24), ==, SG_DECLARE_DRAW);

  load (&pos, "RB+P+P1+P+P+P1/3GKG3/3S1S3/9/9/9/9/9/8k b 8P 1");
  g_assert_cmpint (sg_judge_declaration (&pos, SG_IMPASSE_27), ==, SG_DECLARE_LOSS);
  g_assert_cmpint (sg_judge_declaration (&pos, SG_IMPASSE_24), ==, SG_DECLARE_DRAW);
  /* Off unless the game was set up with a rule. */
  g_assert_false (sg_can_declare (&pos));
}

static void
test_st11_handicaps (void)
{
  static const struct { SgHandicap handicap; const char *sfen; int moves; } cases[] = {
    { SG_HANDICAP_LANCE, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", 30 },
    { SG_HANDICAP_6, "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", 24 },
    { SG_HANDICAP_10, "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", 14 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SgPosition pos;
      g_autofree char *sfen = NULL;

      sg_position_init_handicap (&pos, cases[i].handicap);
      sfen = sg_position_to_sfen (&pos);
      g_assert_cmpstr (sfen, ==, cases[i].sfen);
      g_assert_cmpint (count_legal (&pos), ==, cases[i].moves);
      g_assert_cmpint (sg_position_find_handicap (&pos), ==, cases[i].handicap);
    }
}

static void
test_sfen_round_trip (void)
{
  const char *texts[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6",
    "8k/9/6NG1/9/9/9/9/9/4K4 b RB2G3S3N2L10Pp 121",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      SgPosition pos;
      g_autofree char *again = NULL;

      load (&pos, texts[i]);
      g_assert_cmpuint (pos.key, ==, sg_position_compute_key (&pos));
      again = sg_position_to_sfen (&pos);
      g_assert_cmpstr (again, ==, texts[i]);
    }
}

static void
test_sfen_rejections (void)
{
  static const struct { const char *sfen; const char *message; } cases[] = {
    { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
      "Field 1 (board): 8 ranks instead of 9" },
    { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
      "Field 1 (board): rank i has an unknown piece letter “X”" },
    { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+L b - 1",
      NULL },
    { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1",
      "Field 1 (board): rank i has an unknown piece letter “+K”" },
    { "P8/9/9/9/4k4/9/9/9/4K4 b - 1",
      "Field 1 (board): the piece on 9a could never move again" },
    { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
      "Field 2 (side to move): must be “b” or “w”" },
    { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1",
      "Field 3 (pieces in hand): “K” is no piece that a hand holds" },
    { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2P 1",
      "Field 3 (pieces in hand): 20 pawns on the board and in the hands; a set has 18" },
    { "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0",
      "Field 4 (ply number): must be a number from 1 to 65535" },
    { "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
      "Gote’s king is in check, but it is Sente’s turn" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      SgPosition pos;
      gboolean ok = sg_position_from_sfen (&pos, cases[i].sfen, &error);

      if (cases[i].message == NULL)
        {
          /* A promoted lance on the last rank is fine: it moves like a gold. */
          g_assert_no_error (error);
          g_assert_true (ok);
          continue;
        }
      g_assert_false (ok);
      g_assert_error (error, CATUR_FEN_ERROR, error->code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_make_unmake_key (void)
{
  SgPosition pos, before;
  GRand *rand = g_rand_new_with_seed (12);

  sg_position_init_start (&pos);
  for (int ply = 0; ply < 300; ply++)
    {
      SgMove moves[SG_MAX_MOVES];
      int n = sg_legal_moves (&pos, moves);
      SgUndo undo;

      if (n == 0)
        break;
      for (int i = 0; i < n; i++)
        {
          before = pos;
          sg_make (&pos, moves[i], &undo);
          g_assert_cmpuint (pos.key, ==, sg_position_compute_key (&pos));
          sg_unmake (&pos, moves[i], &undo);
          g_assert_true (memcmp (&pos, &before, sizeof pos) == 0);
        }
      sg_play (&pos, moves[g_rand_int_range (rand, 0, n)]);
    }
  g_rand_free (rand);
}

/* Whether @side's piece on @from attacks @to: it moves so, and nothing stands between. */
static gboolean
piece_attacks (const SgPosition *pos,
               int               from,
               int               to)
{
  int side, kind = sg_piece_at (pos, from, &side);
  int dr = to / SG_FILES - from / SG_FILES, df = to % SG_FILES - from % SG_FILES;
  int steps = MAX (ABS (dr), ABS (df));

  if (!sg_piece_reaches (kind, side, from, to))
    return FALSE;
  if (kind == SG_KNIGHT)
    return TRUE;
  for (int i = 1; i < steps; i++)
    if (pos->cell[from + (dr / steps) * i * SG_FILES + (df / steps) * i] != 0)
      return FALSE;
  return TRUE;
}

/* The evaluation's attack map answers as the attack test does: every kind that attacks a
 * square is marked and no other, each slider's reach counts the squares it could move to along
 * its lines, and the squares beyond a king are those its side's lifting it opens to sliders.
 * Random games, with captures and promotions preferred, so that promoted pieces and kings
 * meet. */
static void
test_attack_map (void)
{
  GRand *rand = g_rand_new_with_seed (31);
  guint checked = 0;

  for (int game = 0; game < 12; game++)
    {
      SgPosition pos;

      sg_position_init_start (&pos);
      for (int ply = 0; ply < 200; ply++)
        {
          SgMove moves[SG_MAX_MOVES];
          int n = sg_legal_moves (&pos, moves), pick;
          SgAttackMap map;

          if (n == 0)
            break;
          sg_attack_map (&pos, &map);
          for (int side = 0; side < 2; side++)
            for (int to = 0; to < SG_SQUARES; to++)
              {
                guint16 kinds = 0;

                for (int from = 0; from < SG_SQUARES; from++)
                  {
                    int owner, kind = sg_piece_at (&pos, from, &owner);

                    if (kind != SG_NONE && owner == side && piece_attacks (&pos, from, to))
                      kinds |= (guint16) (1u << kind);
                  }
                g_assert_cmphex (map.kinds[side][to], ==, kinds);
                g_assert_cmpint (kinds != 0, ==, sg_square_attacked (&pos, to, side));
              }
          for (int from = 0; from < SG_SQUARES; from++)
            {
              int side, kind = sg_piece_at (&pos, from, &side), reach = 0;

              if (kind != SG_ROOK && kind != SG_BISHOP && kind != SG_LANCE && kind != SG_DRAGON
                  && kind != SG_HORSE)
                continue;
              for (int to = 0; to < SG_SQUARES; to++)
                {
                  int owner, dr = ABS (to / SG_FILES - from / SG_FILES);
                  int df = ABS (to % SG_FILES - from % SG_FILES);
                  gboolean line = kind == SG_DRAGON ? dr == 0 || df == 0
                                  : kind == SG_HORSE ? dr == df : TRUE;

                  if (line && piece_attacks (&pos, from, to)
                      && (sg_piece_at (&pos, to, &owner) == SG_NONE || owner != side))
                    reach++;
                }
              g_assert_cmpint (map.reach[from], ==, reach);
            }
          for (int lifted = 0; lifted < 2; lifted++)
            {
              SgPosition without = pos;
              int king = pos.king[lifted];

              without.cell[king] = 0;
              for (int side = 0; side < 2; side++)
                for (int to = 0; to < SG_SQUARES; to++)
                  {
                    gboolean beyond = (map.beyond_king[side][to] & (1u << lifted)) != 0;
                    gboolean opened = sg_square_attacked (&without, to, side)
                                      && !sg_square_attacked (&pos, to, side);

                    /* One square past the king is all the map keeps: the squares around it. */
                    if (MAX (ABS (to / SG_FILES - king / SG_FILES),
                             ABS (to % SG_FILES - king % SG_FILES)) == 1)
                      g_assert_cmpint (opened, ==, beyond && !sg_square_attacked (&pos, to, side));
                    checked += beyond;
                  }
            }
          pick = g_rand_int_range (rand, 0, n);
          for (int i = 0; i < n; i++)
            if (moves[i].promote || (moves[i].from != SG_DROP_FROM && pos.cell[moves[i].to] != 0))
              {
                pick = i;
                if (g_rand_boolean (rand))
                  break;
              }
          sg_play (&pos, moves[pick]);
        }
    }
  /* The games did put sliders behind kings. */
  g_assert_cmpuint (checked, >, 20);
  g_rand_free (rand);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sg_init ();

  g_test_add_func ("/shogi/rules/st1-start-perft", test_st1_start_perft);
  g_test_add_func ("/shogi/rules/published-perft", test_published_perft);
  g_test_add_func ("/shogi/rules/st2-uchifuzume", test_st2_uchifuzume);
  g_test_add_func ("/shogi/rules/uchifuzume-in-check", test_uchifuzume_in_check);
  g_test_add_func ("/shogi/rules/pawn-drop-check", test_pawn_drop_check);
  g_test_add_func ("/shogi/rules/st3-gold-drop-mates", test_st3_gold_drop_mates);
  g_test_add_func ("/shogi/rules/st4-pawn-push-mates", test_st4_pawn_push_mates);
  g_test_add_func ("/shogi/rules/st5-nifu", test_st5_nifu);
  g_test_add_func ("/shogi/rules/nifu-after-promotion", test_nifu_after_promotion);
  g_test_add_func ("/shogi/rules/st6-forced-promotion", test_st6_forced_promotion);
  g_test_add_func ("/shogi/rules/st7-perpetual-check", test_st7_perpetual_check);
  g_test_add_func ("/shogi/rules/sennichite-draw", test_sennichite_draw);
  g_test_add_func ("/shogi/rules/move-limit", test_move_limit);
  g_test_add_func ("/shogi/notation/st8-three-golds", test_st8_three_golds);
  g_test_add_func ("/shogi/notation/st9-two-horses", test_st9_two_horses);
  g_test_add_func ("/shogi/notation/examples", test_notation_examples);
  g_test_add_func ("/shogi/rules/st10-impasse-points", test_st10_impasse_points);
  g_test_add_func ("/shogi/rules/st11-handicaps", test_st11_handicaps);
  g_test_add_func ("/shogi/sfen/round-trip", test_sfen_round_trip);
  g_test_add_func ("/shogi/sfen/rejections", test_sfen_rejections);
  g_test_add_func ("/shogi/rules/make-unmake-key", test_make_unmake_key);
  g_test_add_func ("/shogi/rules/attack-map", test_attack_map);

  return g_test_run ();
}
