/* test-xiangqi-rules.c: moves, perft, FEN and explanations of the Xiangqi core (RULES.md §1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "xiangqi-test.h"

#define START_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

static int
sq (const char *name)
{
  return (name[1] - '0') * XQ_FILES + (name[0] - 'a');
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

/* The legal moves as sorted ICCS text, for readable messages. */
static char *
moves_text (XqPosition *pos)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = xq_legal_moves (pos, moves), i;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) text = g_string_new (NULL);

  for (i = 0; i < n; i++)
    {
      char buf[8];

      xq_move_to_iccs (moves[i], buf);
      g_ptr_array_add (names, g_strdup (buf));
    }
  g_ptr_array_sort (names, compare_names);
  for (i = 0; i < (int) names->len; i++)
    g_string_append_printf (text, "%s%s", i ? " " : "", (char *) names->pdata[i]);
  return g_strdup (text->str);
}

static gboolean
has_move (XqPosition *pos, const char *iccs)
{
  XqMove moves[XQ_MAX_MOVES], wanted = mv (iccs);
  int n = xq_legal_moves (pos, moves), i;

  for (i = 0; i < n; i++)
    if (moves[i].from == wanted.from && moves[i].to == wanted.to)
      return TRUE;
  return FALSE;
}

static void
test_perft_start (void)
{
  static const guint64 expected[] = { 1, 44, 1920, 79666, 3290240 };
  g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
  int depth;

  xq_position_init_start (pos);
  for (depth = 0; depth <= 4; depth++)
    {
      guint64 nodes = xq_perft (pos, depth);

      g_test_message ("perft(%d) = %" G_GUINT64_FORMAT, depth, nodes);
      g_assert_cmpuint (nodes, ==, expected[depth]);
    }
  /* Perft plays and takes back: the position must come out as it went in. */
  {
    g_autofree char *fen = xq_position_to_fen (pos);

    g_assert_cmpstr (fen, ==, START_FEN);
    g_assert_cmpuint (pos->key, ==, xq_position_compute_key (pos));
  }
}

/* Counts from Debian's Fairy-Stockfish on positions from random games and random set-ups. */
static void
test_perft_positions (void)
{
  static const struct { const char *fen; int depth; guint64 nodes; } cases[] = {
    { "rCba1abnr/4k4/1c5c1/p1p3p1p/4p4/9/P1P1P1P1P/R6C1/8R/1NBAKABN1 b - - 4 3", 3, 90281 },
    { "3k5/P8/3P5/7P1/9/6B2/9/9/4A4/3A1KB2 b - - 17 65", 3, 31 },
    { "2bk3n1/9/9/9/p1P6/4N4/P8/5R3/4AKR1N/5A3 b - - 2 43", 3, 2749 },
    { "1Nc1k2P1/7P1/9/1c2P4/5r3/1R7/9/3AK2N1/1R7/5A3 b - - 0 1", 3, 50676 },
    { "7P1/4k1r2/5a3/5P1R1/4C4/5r2c/9/2pR2p2/p4K3/2c6 w - - 0 1", 3, 3506 },
    { "3k5/4a4/9/9/3P1R3/7pp/9/5Ar2/3K5/5A3 b - - 0 1", 3, 5827 },
    { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1", 1, 44 },
  };
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree XqPosition *pos = load (cases[i].fen);
      guint64 nodes = xq_perft (pos, cases[i].depth);

      g_test_message ("%s: perft(%d) = %" G_GUINT64_FORMAT, cases[i].fen, cases[i].depth, nodes);
      g_assert_cmpuint (nodes, ==, cases[i].nodes);
    }
}

/* XT2 */
static void
test_horse_leg (void)
{
  g_autofree XqPosition *pos = load ("5k3/9/9/9/9/4P4/3CN4/9/9/4K4 w - - 0 1");
  XqMove moves[XQ_MAX_MOVES];
  XqExplanation why;
  int n = xq_legal_moves (pos, moves), i, horse = 0;
  g_autofree char *text = moves_text (pos);

  for (i = 0; i < n; i++)
    if (moves[i].from == sq ("e3"))
      horse++;
  g_assert_cmpint (horse, ==, 4);
  g_assert_true (has_move (pos, "e3d1"));
  g_assert_true (has_move (pos, "e3f1"));
  g_assert_true (has_move (pos, "e3g2"));
  g_assert_true (has_move (pos, "e3g4"));
  g_assert_cmpint (xq_explain (pos, sq ("e3"), sq ("d5"), &why), ==, XQ_ILLEGAL_HORSE_LEG);
  g_assert_cmpint (why.square, ==, sq ("e4"));
  g_assert_cmpint (xq_explain (pos, sq ("e3"), sq ("c2"), &why), ==, XQ_ILLEGAL_HORSE_LEG);
  g_assert_cmpint (why.square, ==, sq ("d3"));
  g_assert_cmpint (xq_explain (pos, sq ("e0"), sq ("f0"), &why), ==, XQ_ILLEGAL_FLYING_GENERAL);
  g_assert_cmpint (why.square, ==, sq ("f9"));
  g_assert_cmpint (n, ==, 19);
  g_test_message ("XT2 moves: %s", text);
}

/* XT3 */
static void
test_cannon_screen (void)
{
  g_autofree XqPosition *pos = load ("3k5/2n6/9/2p6/9/2p6/9/2C6/9/4K4 w - - 0 1");
  XqMove moves[XQ_MAX_MOVES];
  XqExplanation why;

  g_assert_true (has_move (pos, "c2c6"));
  g_assert_false (has_move (pos, "c2c8"));
  g_assert_false (has_move (pos, "c2c4"));
  g_assert_false (has_move (pos, "c2c5"));
  g_assert_false (has_move (pos, "e0d0"));
  g_assert_cmpint (xq_explain (pos, sq ("c2"), sq ("c8"), &why), ==, XQ_ILLEGAL_CANNON_SCREEN);
  g_assert_cmpint (why.count, ==, 2);
  g_assert_cmpint (xq_explain (pos, sq ("c2"), sq ("c4"), &why), ==, XQ_ILLEGAL_CANNON_SCREEN);
  g_assert_cmpint (why.count, ==, 0);
  g_assert_cmpint (xq_explain (pos, sq ("c2"), sq ("c5"), &why), ==, XQ_ILLEGAL_BLOCKED_PATH);
  g_assert_cmpint (why.square, ==, sq ("c4"));
  g_assert_cmpint (xq_explain (pos, sq ("e0"), sq ("d0"), &why), ==, XQ_ILLEGAL_FLYING_GENERAL);
  g_assert_cmpint (xq_legal_moves (pos, moves), ==, 14);
}

/* XT4 and XT5 */
static void
test_flying_general (void)
{
  g_autofree XqPosition *pinned = load ("4k4/9/9/9/4n4/9/9/9/9/4K4 b - - 0 1");
  g_autofree XqPosition *alone = load ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  XqMove moves[XQ_MAX_MOVES];
  XqExplanation why;
  int n, i;

  n = xq_legal_moves (pinned, moves);
  g_assert_cmpint (n, ==, 3);
  for (i = 0; i < n; i++)
    g_assert_cmpint (moves[i].from, ==, sq ("e9"));
  g_assert_cmpint (xq_explain (pinned, sq ("e5"), sq ("d3"), &why), ==,
                   XQ_ILLEGAL_FLYING_GENERAL);
  g_assert_cmpint (why.square, ==, sq ("e0"));

  g_assert_cmpint (xq_legal_moves (alone, moves), ==, 1);
  g_assert_cmpint (moves[0].from, ==, sq ("d0"));
  g_assert_cmpint (moves[0].to, ==, sq ("d1"));
  g_assert_false (xq_generals_face (alone));
  xq_put_piece (alone, sq ("d0"), XQ_NONE, XQ_RED);
  xq_put_piece (alone, sq ("e0"), XQ_KING, XQ_RED);
  g_assert_true (xq_generals_face (alone));
}

static void
test_checkers (void)
{
  g_autofree XqPosition *pos = load ("3aka3/6N2/9/9/4R4/9/9/9/9/3K5 b - - 0 1");
  int squares[XQ_MAX_CHECKERS];
  int n = xq_checkers (pos, XQ_BLACK, squares);

  g_assert_cmpint (n, ==, 2);
  g_assert_true ((squares[0] == sq ("e5") && squares[1] == sq ("g8"))
                 || (squares[0] == sq ("g8") && squares[1] == sq ("e5")));
  g_assert_true (xq_in_check (pos, XQ_BLACK));
  g_assert_false (xq_in_check (pos, XQ_RED));
  g_assert_cmpint (xq_checkers (pos, XQ_RED, NULL), ==, 0);
}

static void
test_fen_roundtrip (void)
{
  static const char *fens[] = {
    START_FEN,
    "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
    "3aka3/9/4C4/9/4C4/9/9/9/9/3K5 b - - 17 42",
    "2bk3n1/9/9/9/p1P6/4N4/P8/5R3/4AKR1N/5A3 b - - 2 43",
  };
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      g_autofree XqPosition *pos = load (fens[i]);
      g_autofree char *out = xq_position_to_fen (pos);

      g_assert_cmpstr (out, ==, fens[i]);
      /* A new start: the key the game's record begins with, no plies played. */
      g_assert_cmpuint (pos->key, ==, xq_position_compute_key (pos));
      g_assert_cmpuint (pos->plies, ==, 0);
    }
}

static void
test_fen_accepts (void)
{
  static const struct { const char *in, *out; } cases[] = {
    /* r for Red, E and H letters, the counters missing, blanks around */
    { "rhbakabhr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
      START_FEN },
    { "  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w - -  ", START_FEN },
    { "4k4/9/9/9/9/9/9/9/9/3K5 b - - 7", "4k4/9/9/9/9/9/9/9/9/3K5 b - - 7 1" },
    { "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 65535", "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 65535" },
  };
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree XqPosition *pos = load (cases[i].in);
      g_autofree char *out = xq_position_to_fen (pos);

      g_assert_cmpstr (out, ==, cases[i].out);
    }
}

static void
test_fen_rejects (void)
{
  static const struct { const char *fen; int code; const char *message; } cases[] = {
    { "4k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 1 (board): rank 9 has 10 files instead of 9" },
    { "4k4/9/9/9/9/9/3K4/9/9/9 w - - 0 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 1 (board): rank 3 has 8 files instead of 9" },
    { "4k4/9/9/9/9/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 1 (board): 9 ranks instead of 10" },
    { "4k4/9/9/9/9/9/9/9/9/3K5/9 w - - 0 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 1 (board): more than 10 ranks" },
    { "4k4/9/9/9/4x4/9/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 1 (board): rank 5 has an unknown piece letter “x”" },
    { "4k4/9/9/9/9/9/9/9/9/3K5 x - - 0 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 2 (side to move): must be “w” or “b”" },
    { "4k4/9/9/9/9/9/9/9/9/3K5", CATUR_FEN_ERROR_SYNTAX, "Field 2 (side to move) is missing" },
    { "4k4/9/9/9/9/9/9/9/9/3K5 w KQ - 0 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 3 (unused): must be “-”" },
    { "4k4/9/9/9/9/9/9/9/9/3K5 w - e3 0 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 4 (unused): must be “-”" },
    { "4k4/9/9/9/9/9/9/9/9/3K5 w - - -1 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 5 (plies since the last capture): must be a number from 0 to 65535" },
    { "4k4/9/9/9/9/9/9/9/9/3K5 w - - 65536 1", CATUR_FEN_ERROR_SYNTAX,
      "Field 5 (plies since the last capture): must be a number from 0 to 65535" },
    { "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 0", CATUR_FEN_ERROR_SYNTAX,
      "Field 6 (move number): must be a number from 1 to 65535" },
    { "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 x", CATUR_FEN_ERROR_SYNTAX,
      "Field 6 (move number): must be a number from 1 to 65535" },
    { "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 more", CATUR_FEN_ERROR_SYNTAX,
      "The FEN has text after field 6 (move number)" },
    { "", CATUR_FEN_ERROR_SYNTAX, "The FEN is empty" },
    { " \t\n", CATUR_FEN_ERROR_SYNTAX, "The FEN is empty" },
    /* X3, one case each */
    { "4k4/9/9/9/9/9/3K5/9/9/9 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The red general stands outside its palace at d3" },
    { "9/9/9/4k4/9/9/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The black general stands outside its palace at e6" },
    { "4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The red advisor at e0 stands off the palace diagonals" },
    { "3ka4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The black advisor at e9 stands off the palace diagonals" },
    { "4k4/9/9/9/9/9/9/9/9/3KB4 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The red elephant at e0 stands off its seven points" },
    { "4k4/9/9/9/9/2b6/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The black elephant at c4 stands off its seven points" },
    { "4k4/9/9/9/PPPPPP3/9/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "Red has 6 pawns; at most 5" },
    { "4k4/9/9/9/9/9/9/P8/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The red pawn at a2 can never reach that point" },
    { "4k4/9/9/9/9/9/1P7/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The red pawn at b3 can never reach that point" },
    { "4k4/9/9/9/9/3P5/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The red pawn at d4 can never reach that point" },
    { "4k4/9/9/1p7/9/9/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The black pawn at b6 can never reach that point" },
    { "4k4/9/p8/9/9/9/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The black pawn at a7 can never reach that point" },
    { "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The generals face each other on file e" },
    { "4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "The side not to move is in check" },
    { "9/9/9/9/9/9/9/9/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION, "Black has no general" },
    { "3k1k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "Black has 2 generals; it needs exactly 1" },
    { "4k4/9/9/9/9/9/9/NNN6/9/3K5 w - - 0 1", CATUR_FEN_ERROR_POSITION,
      "Red has 3 horses; at most 2" },
  };
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
      g_autofree char *before = NULL, *after = NULL;

      xq_position_init_start (pos);
      before = xq_position_to_fen (pos);
      g_assert_false (xq_position_from_fen (pos, cases[i].fen, &error));
      g_test_message ("“%s” → %s", cases[i].fen, error->message);
      g_assert_error (error, CATUR_FEN_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      /* A rejected FEN leaves the position alone. */
      after = xq_position_to_fen (pos);
      g_assert_cmpstr (after, ==, before);
    }

  {
    g_autoptr (GError) error = NULL;
    XqPosition pos;

    g_assert_false (xq_position_from_fen (&pos, NULL, &error));
    g_assert_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX);
  }
}

/* Anything at all, FEN-like or not, is either read into a valid position or refused. */
static void
test_fen_garbage (void)
{
  static const char alphabet[] = "rnbakcpehRNBAKCPEH0123456789/ -wb\t";
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240601);
  g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
  g_autofree char *huge = g_strnfill (100000, '9');
  int round, accepted = 0, refused = 0;

  for (round = 0; round < 20000; round++)
    {
      g_autoptr (GError) error = NULL;
      int len = g_rand_int_range (rand, 0, round % 100 == 0 ? 700 : 120), i;
      g_autofree char *text = g_malloc (len + 1);
      gboolean fenlike = round % 2 == 0;

      for (i = 0; i < len; i++)
        text[i] = fenlike ? alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)]
                          : (char) g_rand_int_range (rand, 1, 256);
      text[len] = '\0';
      if (round % 3 == 0 && len > 0)
        {
          /* Damage a real FEN instead, which gets much further into the checks. */
          g_free (text);
          text = g_strdup (START_FEN);
          for (i = round % 2; i < 2; i++)
            text[g_rand_int_range (rand, 0, strlen (text))]
              = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
        }

      xq_position_init_start (pos);
      if (xq_position_from_fen (pos, text, &error))
        {
          g_autofree char *again = xq_position_to_fen (pos);
          g_autofree XqPosition *copy = load (again);

          g_assert_no_error (error);
          g_assert_cmpuint (copy->key, ==, pos->key);
          accepted++;
        }
      else
        {
          g_assert_error (error, CATUR_FEN_ERROR, error->code);
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
          g_assert_cmpstr (error->message, !=, "");
          refused++;
        }
    }
  g_test_message ("garbage: %d accepted, %d refused", accepted, refused);
  g_assert_cmpint (refused, >, 0);

  {
    g_autoptr (GError) error = NULL;

    g_assert_false (xq_position_from_fen (pos, huge, &error));
    g_assert_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX);
  }
}

static void
expect_reason (const char *fen, const char *from, const char *to, XqIllegal reason,
               const char *square)
{
  g_autofree XqPosition *pos = load (fen);
  XqExplanation why;
  XqIllegal got = xq_explain (pos, sq (from), to ? sq (to) : -1, &why);

  g_test_message ("%s %s%s → reason %d, square %d, count %d", fen, from, to ? to : "",
                  got, why.square, why.count);
  g_assert_cmpint (got, ==, reason);
  g_assert_cmpint (why.reason, ==, reason);
  if (square != NULL)
    g_assert_cmpint (why.square, ==, sq (square));
  g_assert_cmpint (xq_is_legal (pos, (XqMove) { sq (from), to ? sq (to) : sq (from) }), ==,
                   reason == XQ_LEGAL && to != NULL);
}

static void
test_explain_reasons (void)
{
  const char *pinned = "4k4/9/9/9/9/4r4/9/9/4N4/4K4 w - - 0 1";
  const char *checked = "4k4/9/9/9/9/4r4/P8/9/9/3AK4 w - - 0 1";
  g_autofree XqPosition *pos = NULL;
  XqExplanation why;

  expect_reason (START_FEN, "e4", "e5", XQ_ILLEGAL_EMPTY_SQUARE, "e4");
  expect_reason (START_FEN, "h9", "g7", XQ_ILLEGAL_NOT_OWN_PIECE, "h9");
  expect_reason (START_FEN, "a0", "a3", XQ_ILLEGAL_OWN_PIECE, "a3");
  expect_reason (START_FEN, "b0", "b1", XQ_ILLEGAL_PIECE_MOVEMENT, NULL);
  expect_reason (START_FEN, "c0", "d1", XQ_ILLEGAL_PIECE_MOVEMENT, NULL);
  expect_reason (START_FEN, "e0", "e2", XQ_ILLEGAL_PIECE_MOVEMENT, NULL);
  expect_reason (START_FEN, "a3", "a5", XQ_ILLEGAL_PIECE_MOVEMENT, NULL);
  expect_reason (START_FEN, "h2", "g4", XQ_ILLEGAL_PIECE_MOVEMENT, NULL);
  expect_reason (START_FEN, "a0", "b1", XQ_ILLEGAL_PIECE_MOVEMENT, NULL);
  expect_reason ("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "d0", "d1",
                 XQ_ILLEGAL_PIECE_MOVEMENT, NULL);
  expect_reason ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0", "c0", XQ_ILLEGAL_PALACE, NULL);
  expect_reason ("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "d0", "c1", XQ_ILLEGAL_PALACE, NULL);
  expect_reason ("4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1", "c4", "e6",
                 XQ_ILLEGAL_ELEPHANT_RIVER, NULL);
  expect_reason ("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", "c0", "e2",
                 XQ_ILLEGAL_ELEPHANT_EYE, "d1");
  expect_reason (START_FEN, "b0", "d1", XQ_ILLEGAL_HORSE_LEG, "c0");
  expect_reason (START_FEN, "a0", "a5", XQ_ILLEGAL_BLOCKED_PATH, "a3");
  expect_reason (START_FEN, "b2", "b8", XQ_ILLEGAL_BLOCKED_PATH, "b7");
  expect_reason (START_FEN, "b2", "b7", XQ_ILLEGAL_CANNON_SCREEN, NULL);
  expect_reason (START_FEN, "a3", "b3", XQ_ILLEGAL_PAWN_DIRECTION, NULL);
  expect_reason ("4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1", "e5", "e4",
                 XQ_ILLEGAL_PAWN_DIRECTION, NULL);
  expect_reason ("4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1", "e5", "d5", XQ_LEGAL, NULL);
  expect_reason (pinned, "e1", "d3", XQ_ILLEGAL_LEAVES_CHECK, "e4");
  expect_reason (checked, "a3", "a4", XQ_ILLEGAL_LEAVES_CHECK, "e4");
  expect_reason (checked, "d0", "e1", XQ_LEGAL, NULL);
  expect_reason (START_FEN, "h2", "e2", XQ_LEGAL, NULL);
  expect_reason (START_FEN, "b2", "b9", XQ_LEGAL, NULL);

  /* to == -1 asks about picking the piece up */
  expect_reason (START_FEN, "h2", NULL, XQ_LEGAL, NULL);
  expect_reason (START_FEN, "e5", NULL, XQ_ILLEGAL_EMPTY_SQUARE, "e5");
  expect_reason (START_FEN, "h7", NULL, XQ_ILLEGAL_NOT_OWN_PIECE, "h7");

  pos = load (pinned);
  xq_explain (pos, sq ("e1"), sq ("d3"), &why);
  g_assert_false (why.in_check_before);
  g_free (pos);
  pos = load (checked);
  xq_explain (pos, sq ("a3"), sq ("a4"), &why);
  g_assert_true (why.in_check_before);
  /* Out-of-range points are answered, not trusted. */
  g_assert_cmpint (xq_explain (pos, -5, 3, &why), ==, XQ_ILLEGAL_EMPTY_SQUARE);
  g_assert_cmpint (xq_explain (pos, 400, 3, &why), ==, XQ_ILLEGAL_EMPTY_SQUARE);
  g_assert_cmpint (xq_explain (pos, sq ("a3"), 90, &why), ==, XQ_ILLEGAL_PIECE_MOVEMENT);
  g_assert_cmpint (xq_explain (pos, sq ("a3"), -2, NULL), ==, XQ_ILLEGAL_PIECE_MOVEMENT);
}

/* Random games, every move of every position: make and unmake give back exactly what was
 * there, the incremental key is the key from scratch, and xq_explain() agrees with the move
 * generator on every (from, to) pair. */
static void
test_random_playouts (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
  int game, positions = 0, moves_checked = 0, pairs_checked = 0;

  for (game = 0; game < 60; game++)
    {
      int ply;

      xq_position_init_start (pos);
      for (ply = 0; ply < 200; ply++)
        {
          XqMove moves[XQ_MAX_MOVES];
          gboolean legal[XQ_SQUARES][XQ_SQUARES] = { { FALSE } };
          int n = xq_legal_moves (pos, moves), i, from, to;

          positions++;
          for (i = 0; i < n; i++)
            {
              XqPosition before = *pos;
              XqUndo undo;
              int side;

              legal[moves[i].from][moves[i].to] = TRUE;
              xq_make (pos, moves[i], &undo);
              g_assert_cmpuint (pos->key, ==, xq_position_compute_key (pos));
              g_assert_cmpint (xq_piece_at (pos, pos->king[XQ_RED], &side), ==, XQ_KING);
              g_assert_cmpint (side, ==, XQ_RED);
              g_assert_cmpint (xq_piece_at (pos, pos->king[XQ_BLACK], &side), ==, XQ_KING);
              g_assert_cmpint (side, ==, XQ_BLACK);
              g_assert_false (xq_in_check (pos, pos->side ^ 1));
              g_assert_false (xq_generals_face (pos));
              xq_unmake (pos, moves[i], &undo);
              g_assert_cmpmem (pos->cell, sizeof pos->cell, before.cell, sizeof before.cell);
              g_assert_cmpmem (pos->king, sizeof pos->king, before.king, sizeof before.king);
              g_assert_cmpuint (pos->side, ==, before.side);
              g_assert_cmpuint (pos->halfmove, ==, before.halfmove);
              g_assert_cmpuint (pos->fullmove, ==, before.fullmove);
              g_assert_cmpuint (pos->key, ==, before.key);
              moves_checked++;
            }

          if (ply % 10 == 0)
            for (from = 0; from < XQ_SQUARES; from++)
              for (to = 0; to < XQ_SQUARES; to++)
                {
                  XqExplanation why;
                  XqIllegal reason = xq_explain (pos, from, to, &why);

                  if ((reason == XQ_LEGAL) != legal[from][to])
                    g_error ("explain %d for %d→%d in %s", reason, from, to,
                             xq_position_to_fen (pos));
                  g_assert_cmpint (xq_is_legal (pos, (XqMove) { from, to }), ==,
                                   legal[from][to]);
                  /* The search's check of a move from the table, a killer or a
                   * countermove: any pair of points, made in another position. */
                  if (xq_is_legal_fast (pos, (XqMove) { from, to }) != legal[from][to])
                    g_error ("xq_is_legal_fast says %d for %d→%d in %s", !legal[from][to],
                             from, to, xq_position_to_fen (pos));
                  pairs_checked++;
                }

          if (n == 0)
            break;
          {
            XqMove chosen = moves[g_rand_int_range (rand, 0, n)];
            guint16 plies = pos->plies;

            /* Captures now and then, so that games reach thin boards. */
            if (g_rand_boolean (rand))
              for (i = 0; i < n; i++)
                if (xq_piece_at (pos, moves[i].to, NULL) != XQ_NONE)
                  chosen = moves[i];
            xq_play (pos, chosen);
            /* The key the game's record takes for the ply (test-xiangqi-status checks the
             * record itself) and the ply counted for X15. */
            g_assert_cmpuint (pos->key, ==, xq_position_compute_key (pos));
            g_assert_cmpuint (pos->plies, ==, plies + 1);
          }
        }
    }
  g_test_message ("%d positions, %d moves made and unmade, %d explain pairs", positions,
                  moves_checked, pairs_checked);
}

/* Set-up through xq_put_piece() may pass through positions no game has; nothing may break. */
static void
test_setup (void)
{
  g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
  XqMove moves[XQ_MAX_MOVES];
  XqStatus status;
  int sq_i, n;

  xq_position_clear (pos);
  g_assert_cmpint (xq_legal_moves (pos, moves), ==, 0);
  g_assert_cmpuint (xq_perft (pos, 3), ==, 0);
  g_assert_false (xq_in_check (pos, XQ_RED));
  g_assert_false (xq_generals_face (pos));
  xq_status (pos, &status);
  g_assert_cmpint (status.result, ==, XQ_WIN_NO_MOVES);

  xq_put_piece (pos, sq ("e0"), XQ_KING, XQ_RED);
  xq_put_piece (pos, sq ("d9"), XQ_KING, XQ_BLACK);
  g_assert_cmpint (xq_legal_moves (pos, moves), ==, 2);
  xq_put_piece (pos, sq ("e0"), XQ_NONE, XQ_RED);
  g_assert_cmpint (xq_legal_moves (pos, moves), ==, 0);

  /* A board full of chariots has far more moves than a game can: still no overflow. */
  xq_position_clear (pos);
  for (sq_i = 0; sq_i < XQ_SQUARES; sq_i += 2)
    xq_put_piece (pos, sq_i, XQ_CHARIOT, sq_i % 4 == 0 ? XQ_RED : XQ_BLACK);
  xq_put_piece (pos, sq ("e1"), XQ_KING, XQ_RED);
  xq_put_piece (pos, sq ("e8"), XQ_KING, XQ_BLACK);
  n = xq_legal_moves (pos, moves);
  g_assert_cmpint (n, <=, XQ_MAX_MOVES);
  g_assert_cmpuint (pos->key, ==, xq_position_compute_key (pos));
  g_assert_cmpuint (pos->plies, ==, 0);
}

/* X23, X23a: every voor for either side, the giver's left piece where one of a pair goes; the
 * FEN by hand from the start's, perft as Fairy-Stockfish counts it (go perft 1..3). */
static void
test_voor (void)
{
  static const struct
  {
    XqSide giver;
    XqVoor voor;
    const char *fen;
    guint64 perft[3];
  } cases[] = {
    { XQ_RED, XQ_VOOR_HORSE,
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1",
      { 44, 1895, 78606 } },
    { XQ_RED, XQ_VOOR_TWO_HORSES,
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1",
      { 44, 1870, 77556 } },
    { XQ_RED, XQ_VOOR_CHARIOT,
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1",
      { 42, 1832, 71967 } },
    { XQ_RED, XQ_VOOR_CANNON,
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/7C1/9/RNBAKABNR w - - 0 1",
      { 34, 1525, 48835 } },
    { XQ_RED, XQ_VOOR_CHARIOT_HORSE,
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/2BAKABNR w - - 0 1",
      { 41, 1765, 67655 } },
    { XQ_RED, XQ_VOOR_CHARIOT_TWO_HORSES,
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/2BAKAB1R w - - 0 1",
      { 41, 1743, 66785 } },
    { XQ_BLACK, XQ_VOOR_HORSE,
      "rnbakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      { 43, 1879, 77231 } },
    { XQ_BLACK, XQ_VOOR_TWO_HORSES,
      "r1bakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      { 42, 1838, 74840 } },
    { XQ_BLACK, XQ_VOOR_CHARIOT,
      "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      { 44, 1831, 75982 } },
    { XQ_BLACK, XQ_VOOR_CANNON,
      "rnbakabnr/9/1c7/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      { 45, 1517, 65066 } },
    { XQ_BLACK, XQ_VOOR_CHARIOT_HORSE,
      "rnbakab2/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      { 43, 1750, 71884 } },
    { XQ_BLACK, XQ_VOOR_CHARIOT_TWO_HORSES,
      "r1bakab2/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      { 42, 1712, 69707 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
      g_autofree XqPosition *parsed = load (cases[i].fen);
      g_autofree char *fen = NULL;

      xq_position_init_voor (pos, cases[i].giver, cases[i].voor);
      fen = xq_position_to_fen (pos);
      g_test_message ("%s gives voor %d: %s", cases[i].giver == XQ_RED ? "Red" : "Black",
                      cases[i].voor, fen);
      g_assert_cmpstr (fen, ==, cases[i].fen);
      g_assert_cmpint (pos->side, ==, XQ_RED);
      g_assert_cmpuint (pos->key, ==, parsed->key);
      g_assert_cmpuint (pos->plies, ==, 0);
      for (int depth = 1; depth <= 3; depth++)
        g_assert_cmpuint (xq_perft (pos, depth), ==, cases[i].perft[depth - 1]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xiangqi/rules/perft-start", test_perft_start);
  g_test_add_func ("/xiangqi/rules/perft-positions", test_perft_positions);
  g_test_add_func ("/xiangqi/rules/horse-leg", test_horse_leg);
  g_test_add_func ("/xiangqi/rules/cannon-screen", test_cannon_screen);
  g_test_add_func ("/xiangqi/rules/flying-general", test_flying_general);
  g_test_add_func ("/xiangqi/rules/checkers", test_checkers);
  g_test_add_func ("/xiangqi/rules/fen-roundtrip", test_fen_roundtrip);
  g_test_add_func ("/xiangqi/rules/fen-accepts", test_fen_accepts);
  g_test_add_func ("/xiangqi/rules/fen-rejects", test_fen_rejects);
  g_test_add_func ("/xiangqi/rules/fen-garbage", test_fen_garbage);
  g_test_add_func ("/xiangqi/rules/explain-reasons", test_explain_reasons);
  g_test_add_func ("/xiangqi/rules/random-playouts", test_random_playouts);
  g_test_add_func ("/xiangqi/rules/setup", test_setup);
  g_test_add_func ("/xiangqi/rules/voor", test_voor);

  return g_test_run ();
}
