/* test-fen.c: position texts field by field (catur-fen), through a small game of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game has kings `K`/`k` and pawns `P`/`p`; a pawn may be promoted, `+P`, as Shogi writes
 * it. Boards of any size are read with the same letters, so that wide boards (digit runs of
 * two digits) and narrow ones are both tried.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

enum { KING = 1, PAWN = 2 };

static const char * const field_names[] = { "board", "side to move", "counter", "move number" };
static const CaturFenFormat format = { "TFEN", 2, 4, field_names };

static gboolean
read_piece (char        prefix,
            char        letter,
            CaturPiece *piece,
            gpointer    user_data)
{
  switch (g_ascii_toupper (letter))
    {
    case 'K':
      if (prefix != 0)
        return FALSE;  /* a king never promotes */
      piece->kind = KING;
      break;
    case 'P':
      piece->kind = PAWN;
      break;
    default:
      return FALSE;
    }
  piece->side = g_ascii_isupper (letter) ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
  piece->flags = prefix == '+' ? CATUR_PIECE_PROMOTED : 0;
  return TRUE;
}

static void
write_piece (const CaturPiece *piece,
             char             *prefix,
             char             *letter,
             gpointer          user_data)
{
  char c = piece->kind == KING ? 'K' : 'P';

  *prefix = piece->flags & CATUR_PIECE_PROMOTED ? '+' : 0;
  *letter = piece->side == CATUR_SIDE_FIRST ? c : g_ascii_tolower (c);
}

static CaturFenBoard
board_of (guint files,
          guint ranks)
{
  CaturFenBoard board = { files, ranks, "+", NULL, read_piece, write_piece };

  return board;
}

/* Splits @text, which must split. */
static void
split (CaturFenFields *fields,
       const char     *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (catur_fen_split (fields, &format, text, &error));
  g_assert_no_error (error);
}

static void
expect_split_error (const char *text,
                    const char *message)
{
  g_auto(CaturFenFields) fields = { NULL };
  g_autoptr(GError) error = NULL;

  g_assert_false (catur_fen_split (&fields, &format, text, &error));
  g_assert_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpuint (fields.n_fields, ==, 0);
}

static void
test_split (void)
{
  g_auto(CaturFenFields) fields = { NULL };
  g_autofree char *long_text = g_strnfill (CATUR_FEN_MAX_LENGTH + 1, 'k');
  g_autofree char *longest = g_strnfill (CATUR_FEN_MAX_LENGTH, ' ');

  split (&fields, "  8/8 \t w\n3  ");
  g_assert_cmpuint (fields.n_fields, ==, 3);
  g_assert_cmpstr (catur_fen_get_field (&fields, 0), ==, "8/8");
  g_assert_cmpstr (catur_fen_get_field (&fields, 1), ==, "w");
  g_assert_cmpstr (catur_fen_get_field (&fields, 2), ==, "3");
  g_assert_null (catur_fen_get_field (&fields, 3));
  catur_fen_fields_clear (&fields);

  /* Splitting again after a clear is fine. */
  split (&fields, "a b c d");
  g_assert_cmpuint (fields.n_fields, ==, 4);
  g_assert_cmpstr (catur_fen_get_field (&fields, 3), ==, "d");

  expect_split_error ("", "The TFEN is empty");
  expect_split_error (" \t\n ", "The TFEN is empty");
  expect_split_error (NULL, "The TFEN is empty");
  expect_split_error ("a b c d e", "The TFEN has text after field 4 (move number)");
  expect_split_error (long_text, "The TFEN is too long to be a position");
  /* As long as allowed is still read (here: nothing but blanks). */
  expect_split_error (longest, "The TFEN is empty");
}

static void
test_choice (void)
{
  static const char * const sides[] = { "w|r", "b", NULL };
  static const char * const three[] = { "r", "b|B", "f", NULL };
  static const char * const dash[] = { "-", NULL };
  g_auto(CaturFenFields) fields = { NULL };
  g_autoptr(GError) error = NULL;
  guint choice = 7;

  split (&fields, "8 r B x");
  g_assert_true (catur_fen_read_choice (&fields, 1, sides, &choice, &error));
  g_assert_cmpuint (choice, ==, 0);
  g_assert_true (catur_fen_read_choice (&fields, 2, three, &choice, &error));
  g_assert_cmpuint (choice, ==, 1);
  g_assert_no_error (error);

  g_assert_false (catur_fen_read_choice (&fields, 3, sides, &choice, &error));
  g_assert_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "Field 4 (move number): must be “w” or “b”");
  g_clear_error (&error);
  g_assert_false (catur_fen_read_choice (&fields, 3, three, &choice, &error));
  g_assert_cmpstr (error->message, ==, "Field 4 (move number): must be “r”, “b” or “f”");
  g_clear_error (&error);
  g_assert_false (catur_fen_read_choice (&fields, 3, dash, &choice, &error));
  g_assert_cmpstr (error->message, ==, "Field 4 (move number): must be “-”");
  g_clear_error (&error);
  /* A spelling is matched whole: "w" is no "w|r" prefix of "wr". */
  catur_fen_fields_clear (&fields);
  split (&fields, "8 wr");
  g_assert_false (catur_fen_read_choice (&fields, 1, sides, &choice, &error));
  g_clear_error (&error);

  /* A field the text lacks: an error when the format needs it, else the value stays. */
  catur_fen_fields_clear (&fields);
  split (&fields, "8");
  choice = 5;
  g_assert_false (catur_fen_read_choice (&fields, 1, sides, &choice, &error));
  g_assert_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "Field 2 (side to move) is missing");
  g_clear_error (&error);
  g_assert_true (catur_fen_read_choice (&fields, 2, three, &choice, &error));
  g_assert_cmpuint (choice, ==, 5);
}

static void
test_number (void)
{
  static const struct
  {
    const char *text;
    guint min, max;
    gboolean ok;
    guint value;
  } cases[] = {
    { "0", 0, 10, TRUE, 0 },
    { "10", 0, 10, TRUE, 10 },
    { "007", 0, 10, TRUE, 7 },
    { "4294967295", 0, G_MAXUINT, TRUE, G_MAXUINT },
    { "4294967296", 0, G_MAXUINT, FALSE, 0 },
    { "99999999999999999999", 0, G_MAXUINT, FALSE, 0 },
    { "11", 0, 10, FALSE, 0 },
    { "0", 1, 10, FALSE, 0 },
    { "+1", 0, 10, FALSE, 0 },
    { "-1", 0, 10, FALSE, 0 },
    { "1e3", 0, 10000, FALSE, 0 },
    { "0x10", 0, 100, FALSE, 0 },
    { "x", 0, 10, FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(CaturFenFields) fields = { NULL };
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_strconcat ("8 w ", cases[i].text, NULL);
      guint value = 12345;

      split (&fields, text);
      g_test_message ("%s in %u..%u", cases[i].text, cases[i].min, cases[i].max);
      g_assert_cmpint (catur_fen_read_number (&fields, 2, cases[i].min, cases[i].max, &value,
                                              &error), ==, cases[i].ok);
      if (cases[i].ok)
        {
          g_assert_no_error (error);
          g_assert_cmpuint (value, ==, cases[i].value);
        }
      else
        {
          g_autofree char *message = g_strdup_printf (
            "Field 3 (counter): must be a number from %u to %u", cases[i].min, cases[i].max);

          g_assert_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX);
          g_assert_cmpstr (error->message, ==, message);
          g_assert_cmpuint (value, ==, 12345);
        }
    }

  /* An optional counter the text lacks keeps its value. */
  {
    g_auto(CaturFenFields) fields = { NULL };
    guint value = 1;

    split (&fields, "8 w");
    g_assert_true (catur_fen_read_number (&fields, 3, 1, 100, &value, NULL));
    g_assert_cmpuint (value, ==, 1);
  }
}

static void
expect_board (guint       files,
              guint       ranks,
              const char *text,
              const char *message)
{
  CaturFenBoard board = board_of (files, ranks);
  g_auto(CaturFenFields) fields = { NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *full = g_strconcat (text, " w", NULL);
  CaturPiece squares[255];

  split (&fields, full);
  if (message == NULL)
    {
      g_assert_true (catur_fen_read_board (&fields, 0, &board, squares, NULL, &error));
      g_assert_no_error (error);
      return;
    }
  g_assert_false (catur_fen_read_board (&fields, 0, &board, squares, NULL, &error));
  g_assert_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX);
  g_test_message ("%s → %s", text, error->message);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_board (void)
{
  CaturFenBoard board = board_of (4, 3);
  g_auto(CaturFenFields) fields = { NULL };
  CaturPiece squares[12];

  /* Rank 2 (the far one) first, from file 0: k on square 8, +P on square 6, K on square 3. */
  split (&fields, "k3/2+P1/3K w");
  g_assert_true (catur_fen_read_board (&fields, 0, &board, squares, NULL, NULL));
  for (guint sq = 0; sq < 12; sq++)
    if (sq != 8 && sq != 6 && sq != 3)
      g_assert_cmpuint (squares[sq].kind, ==, 0);
  g_assert_cmpuint (squares[8].kind, ==, KING);
  g_assert_cmpuint (squares[8].side, ==, CATUR_SIDE_SECOND);
  g_assert_cmpuint (squares[6].kind, ==, PAWN);
  g_assert_cmpuint (squares[6].side, ==, CATUR_SIDE_FIRST);
  g_assert_cmpuint (squares[6].flags, ==, CATUR_PIECE_PROMOTED);
  g_assert_cmpuint (squares[3].kind, ==, KING);
  g_assert_cmpuint (squares[3].flags, ==, 0);

  /* A narrow board takes each digit as a run of its own, as FEN readers always have. */
  expect_board (8, 2, "44/8", NULL);
  expect_board (8, 2, "17/8", NULL);
  expect_board (8, 2, "45/8", "Field 1 (board): rank 2 has 9 files instead of 8");
  expect_board (8, 2, "8/7", "Field 1 (board): rank 1 has 7 files instead of 8");
  expect_board (8, 2, "8/8/8", "Field 1 (board): more than 2 ranks");
  expect_board (8, 3, "8/8", "Field 1 (board): 2 ranks instead of 3");
  expect_board (8, 2, "8/8/", "Field 1 (board): more than 2 ranks");
  expect_board (8, 2, "4x3/8", "Field 1 (board): rank 2 has an unknown piece letter “x”");
  expect_board (8, 2, "4K0/8", "Field 1 (board): rank 2 has an unknown piece letter “0”");
  expect_board (8, 2, "8/4\xC3\xA9" "2", "Field 1 (board): rank 1 has an unexpected character");
  /* Prefixes: only before a letter, and only where the game allows them. */
  expect_board (8, 2, "+p7/8", NULL);
  expect_board (8, 2, "7+/8", "Field 1 (board): rank 2 has “+” before no piece letter");
  expect_board (8, 2, "+7/8", "Field 1 (board): rank 2 has “+” before no piece letter");
  expect_board (8, 2, "++P6/8", "Field 1 (board): rank 2 has “+” before no piece letter");
  expect_board (8, 2, "+/7/8", "Field 1 (board): rank 2 has “+” before no piece letter");
  expect_board (8, 2, "+K7/8", "Field 1 (board): rank 2 has an unknown piece letter “+K”");

  /* A wide board reads runs of several digits. */
  expect_board (10, 2, "10/10", NULL);
  expect_board (10, 2, "K9/4k5", NULL);
  expect_board (12, 2, "11K/K11", NULL);
  expect_board (10, 2, "11/10", "Field 1 (board): rank 2 has 11 files instead of 10");
  expect_board (10, 2, "55/10", "Field 1 (board): rank 2 has 55 files instead of 10");
  expect_board (10, 2, "010/10", "Field 1 (board): rank 2 has an unknown piece letter “0”");
  /* Counting saturates rather than overflow, however long the run. */
  expect_board (10, 1, "99999999999999999999999999",
                "Field 1 (board): rank 1 has 99999 files instead of 10");
}

/* Ranks are named as the game names them. */
static void
test_rank_names (void)
{
  static const char * const names[] = { "i", "h", "g" };
  CaturFenBoard board = board_of (3, 3);
  g_auto(CaturFenFields) fields = { NULL };
  g_autoptr(GError) error = NULL;
  CaturPiece squares[9];

  board.rank_names = names;
  split (&fields, "3/2/3 w");
  g_assert_false (catur_fen_read_board (&fields, 0, &board, squares, NULL, &error));
  g_assert_cmpstr (error->message, ==, "Field 1 (board): rank h has 2 files instead of 3");
}

/* Any board written and read back is the same board. */
static void
test_roundtrip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240701);
  static const guint sizes[][2] = {
    { 9, 10 }, { 8, 8 }, { 4, 8 }, { 10, 10 }, { 14, 14 }, { 1, 1 },
  };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint round = 0; round < 200; round++)
      {
        CaturFenBoard board = board_of (sizes[s][0], sizes[s][1]);
        guint n = sizes[s][0] * sizes[s][1];
        CaturPiece squares[255], back[255];
        g_auto(CaturFenFields) fields = { NULL };
        g_autoptr(GString) text = g_string_new (NULL);
        g_autoptr(GError) error = NULL;

        memset (squares, 0, sizeof squares);
        for (guint sq = 0; sq < n; sq++)
          if (g_rand_int_range (rand, 0, 4) == 0)
            {
              squares[sq].kind = g_rand_int_range (rand, KING, PAWN + 1);
              squares[sq].side = g_rand_int_range (rand, 0, 2);
              if (squares[sq].kind == PAWN && g_rand_boolean (rand))
                squares[sq].flags = CATUR_PIECE_PROMOTED;
            }
        catur_fen_append_board (text, &board, squares, NULL);
        g_string_append (text, " b 0 1");
        split (&fields, text->str);
        if (!catur_fen_read_board (&fields, 0, &board, back, NULL, &error))
          g_error ("%s: %s", text->str, error->message);
        g_assert_cmpmem (squares, n * sizeof (CaturPiece), back, n * sizeof (CaturPiece));
      }

  {
    CaturFenBoard board = board_of (10, 2);
    CaturPiece squares[20] = { { 0 } };
    g_autoptr(GString) text = g_string_new (NULL);

    squares[19].kind = KING;
    catur_fen_append_board (text, &board, squares, NULL);
    g_assert_cmpstr (text->str, ==, "9K/10");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fen/split", test_split);
  g_test_add_func ("/fen/choice", test_choice);
  g_test_add_func ("/fen/number", test_number);
  g_test_add_func ("/fen/board", test_board);
  g_test_add_func ("/fen/rank-names", test_rank_names);
  g_test_add_func ("/fen/roundtrip", test_roundtrip);

  return g_test_run ();
}
