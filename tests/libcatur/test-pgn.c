/* test-pgn.c: PGN read and written by libcatur (catur-pgn), for a small game of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game, "Toy", adds numbers: a move `c7` adds 7 (the letter says nothing), and `12.3`, a
 * move that begins with digits as Xiangqi's tandem pawns do, adds 3. A move that adds 0 is
 * illegal. Its position text is `<side w|b> <move number> <sum>`.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

/* ------------------------------------------------------------------------------------ */
/* The game                                                                             */

typedef struct
{
  CaturPosition parent;
  CaturSide side;
  guint number;
  guint sum;
} ToyPosition;

#define TEST_TYPE_TOY_VARIANT (test_toy_variant_get_type ())
G_DECLARE_FINAL_TYPE (TestToyVariant, test_toy_variant, TEST, TOY_VARIANT, GObject)

struct _TestToyVariant
{
  GObject parent_instance;
};

static void test_toy_variant_iface_init (CaturVariantInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestToyVariant, test_toy_variant, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CATUR_TYPE_VARIANT,
                                                      test_toy_variant_iface_init))

#define TOY(position) ((ToyPosition *) (position))

static const char *
toy_get_id (CaturVariant *variant)
{
  return "toy";
}

static const char *
toy_get_name (CaturVariant *variant)
{
  return "Toy";
}

static CaturPosition *
toy_new_position (CaturVariant *variant,
                  GVariant     *options,
                  guint64       seed)
{
  ToyPosition *position = g_new0 (ToyPosition, 1);

  position->number = 1;
  return &position->parent;
}

static CaturPosition *
toy_parse (CaturVariant  *variant,
           const char    *text,
           GError       **error)
{
  static const char * const names[] = { "side to move", "move number", "sum" };
  static const CaturFenFormat format = { "TOY", 3, 3, names };
  static const char * const sides[] = { "w", "b", NULL };
  g_auto(CaturFenFields) fields = { NULL };
  g_autoptr(GError) local_error = NULL;
  guint side = 0, number = 1, sum = 0;
  ToyPosition *position;

  if (!catur_fen_split (&fields, &format, text, &local_error)
      || !catur_fen_read_choice (&fields, 0, sides, &side, &local_error)
      || !catur_fen_read_number (&fields, 1, 1, 9999, &number, &local_error)
      || !catur_fen_read_number (&fields, 2, 0, 99999, &sum, &local_error))
    {
      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION,
                           local_error->message);
      return NULL;
    }
  position = g_new0 (ToyPosition, 1);
  position->side = side;
  position->number = number;
  position->sum = sum;
  return &position->parent;
}

static char *
toy_format (CaturVariant        *variant,
            const CaturPosition *position)
{
  const ToyPosition *toy = TOY (position);

  return g_strdup_printf ("%c %u %u", toy->side == CATUR_SIDE_FIRST ? 'w' : 'b', toy->number,
                          toy->sum);
}

static CaturPosition *
toy_position_copy (CaturVariant        *variant,
                   const CaturPosition *position)
{
  return g_memdup2 (position, sizeof (ToyPosition));
}

static void
toy_position_free (CaturVariant  *variant,
                   CaturPosition *position)
{
  g_free (position);
}

static CaturSide
toy_side_to_move (CaturVariant        *variant,
                  const CaturPosition *position)
{
  return TOY (position)->side;
}

static void
toy_play (CaturVariant  *variant,
          CaturPosition *position,
          CaturMove     *move)
{
  ToyPosition *toy = TOY (position);

  toy->sum += move->to;
  if (toy->side == CATUR_SIDE_SECOND)
    toy->number++;
  toy->side = catur_side_other (toy->side);
}

static void
test_toy_variant_iface_init (CaturVariantInterface *iface)
{
  iface->get_id = toy_get_id;
  iface->get_name = toy_get_name;
  iface->new_position = toy_new_position;
  iface->parse = toy_parse;
  iface->format = toy_format;
  iface->position_copy = toy_position_copy;
  iface->position_free = toy_position_free;
  iface->side_to_move = toy_side_to_move;
  iface->play = toy_play;
}

static void
test_toy_variant_class_init (TestToyVariantClass *klass)
{
}

static void
test_toy_variant_init (TestToyVariant *self)
{
}

/* ------------------------------------------------------------------------------------ */
/* Its PGN                                                                              */

/* `12.3`: two digits, a dot, a digit. */
static gboolean
toy_is_move (const char *token)
{
  return strlen (token) == 4 && g_ascii_isdigit (token[0]) && g_ascii_isdigit (token[1])
         && token[2] == '.' && g_ascii_isdigit (token[3]);
}

static gboolean
toy_read_move (CaturRecord          *record,
               const CaturPosition  *position,
               const char           *text,
               CaturMove            *move,
               gpointer              user_data,
               GError              **error)
{
  move->piece = move->flags = 0;
  if (strlen (text) == 2 && text[0] >= 'a' && text[0] <= 'z' && g_ascii_isdigit (text[1]))
    {
      move->from = text[0] - 'a';
      move->to = text[1] - '0';
    }
  else if (toy_is_move (text))
    {
      move->from = 100 + (text[0] - '0') * 10 + (text[1] - '0');
      move->to = text[3] - '0';
    }
  else
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                   "“%s” is no toy move", text);
      return FALSE;
    }
  if (move->to == 0)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                   "“%s” adds nothing at sum %u", text, TOY (position)->sum);
      return FALSE;
    }
  return TRUE;
}

static char *
toy_write_move (CaturRecord         *record,
                const CaturPosition *position,
                const CaturMove     *move,
                gpointer             user_data)
{
  if (move->from >= 100)
    return g_strdup_printf ("%02u.%u", move->from - 100, move->to);
  return g_strdup_printf ("%c%u", 'a' + move->from, move->to);
}

static const char * const toy_names[] = { "toy", "toy game", NULL };
static const char * const toy_roster[] = {
  "Game", "Toy",
  "Event", "?", "Site", "?", "Date", "????.??.??", "Round", "?",
  "White", "?", "Black", "?", "Result", "*",
  NULL,
};
static const char * const toy_own_tags[] = { "Game", "Variant", "SetUp", "FEN", "Notation", NULL };

static const CaturPgnDialect toy_dialect = {
  toy_names, toy_roster, toy_own_tags, "SetUp", CATUR_PGN_ENCODING_GB18030, 50,
  toy_is_move, toy_read_move, toy_write_move,
};

static CaturVariant *
toy (void)
{
  static CaturVariant *variant;

  if (variant == NULL)
    variant = g_object_new (TEST_TYPE_TOY_VARIANT, NULL);
  return variant;
}

/* Reads the first game of @text, which must read. */
static CaturRecord *
read_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  CaturRecord *record = catur_pgn_read (toy (), &toy_dialect, text, strlen (text), NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (record);
  return record;
}

/* The moves of @record as the toy writes them, a space apart. */
static char *
moves_of (CaturRecord *record)
{
  g_autoptr(GString) moves = g_string_new (NULL);

  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      g_autofree char *text = toy_write_move (record, NULL, catur_record_get_move (record, i),
                                              NULL);

      g_string_append_printf (moves, "%s%s", i > 0 ? " " : "", text);
    }
  return g_strdup (moves->str);
}

static char *
write_toy (CaturRecord *record)
{
  return catur_pgn_write (record, &toy_dialect, TOY (catur_record_get_start (record))->number,
                          NULL, NULL);
}

/* ------------------------------------------------------------------------------------ */
/* Tests                                                                                */

/* Tags: escapes both ways, the roster first with PGN's "unknown" for what the record lacks,
 * the record's others in their order, SetUp and FEN for another start, the extra tags last. */
static void
test_tags (void)
{
  static const char * const extra[] = { "Notation", "Toy", NULL };
  CaturPosition *start = catur_variant_parse (toy (), "b 7 40", NULL);
  g_autoptr(CaturRecord) record = catur_record_new (toy (), start);
  g_autoptr(CaturRecord) back = NULL;
  g_autofree char *text = NULL;
  CaturMove move = { 2, 5, 0, 0 };

  catur_record_set_tag (record, "Opening", "Quiet");
  catur_record_set_tag (record, "Event", "The \"big\" one \\ with a\ttab");
  catur_record_set_tag (record, "Black", "Ana");
  catur_record_set_tag (record, "Game", "ignored: the dialect writes its own");
  catur_record_append_move (record, &move);
  text = catur_pgn_write (record, &toy_dialect, 7, extra, NULL);
  g_test_message ("%s", text);
  g_assert_cmpstr (text, ==,
                   "[Game \"Toy\"]\n"
                   "[Event \"The \\\"big\\\" one \\\\ with a tab\"]\n"
                   "[Site \"?\"]\n"
                   "[Date \"????.??.??\"]\n"
                   "[Round \"?\"]\n"
                   "[White \"?\"]\n"
                   "[Black \"Ana\"]\n"
                   "[Result \"*\"]\n"
                   "[Opening \"Quiet\"]\n"
                   "[SetUp \"1\"]\n"
                   "[FEN \"b 7 40\"]\n"
                   "[Notation \"Toy\"]\n"
                   "\n"
                   "7... c5 *\n");

  /* Read back: the same, but the tag the dialect writes itself and the tab made a blank. */
  back = read_ok (text);
  g_assert_cmpstr (catur_record_get_tag (back, "Event"), ==, "The \"big\" one \\ with a tab");
  g_assert_cmpstr (catur_record_get_tag (back, "Black"), ==, "Ana");
  g_assert_cmpstr (catur_record_get_tag (back, "Opening"), ==, "Quiet");
  g_assert_cmpstr (catur_record_get_tag (back, "Result"), ==, "*");
  g_assert_null (catur_record_get_tag (back, "Site"));
  g_assert_null (catur_record_get_tag (back, "White"));
  g_assert_null (catur_record_get_tag (back, "Date"));
  g_assert_null (catur_record_get_tag (back, "Game"));
  g_assert_null (catur_record_get_tag (back, "SetUp"));
  g_assert_null (catur_record_get_tag (back, "FEN"));
  g_assert_null (catur_record_get_tag (back, "Notation"));
  g_assert_cmpuint (TOY (catur_record_get_start (back))->sum, ==, 40);
  g_assert_cmpuint (catur_record_get_n_moves (back), ==, 1);

  /* The standard start needs no FEN. */
  {
    g_autoptr(CaturRecord) plain = catur_record_new (toy (), NULL);
    g_autofree char *plain_text = write_toy (plain);

    g_assert_null (strstr (plain_text, "FEN"));
    g_assert_null (strstr (plain_text, "SetUp"));
    g_assert_true (g_str_has_suffix (plain_text, "\n\n*\n"));
  }
}

/* Comments are kept where they stand; several at one place become one. */
static void
test_comments (void)
{
  g_autoptr(CaturRecord) record = read_ok (
    "[Game \"Toy\"]\n"
    "{Before} ; the first move\n"
    "1. a1 {after a1} b2 {one} {two}\n"
    "; three\n"
    "2. c3 {   } *\n");

  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 3);
  g_assert_cmpstr (catur_record_get_comment (record, 0), ==, "Before\nthe first move");
  g_assert_cmpstr (catur_record_get_comment (record, 1), ==, "after a1");
  g_assert_cmpstr (catur_record_get_comment (record, 2), ==, "one\ntwo\nthree");
  g_assert_null (catur_record_get_comment (record, 3));
}

/* A game without tags keeps a comment before its first move; comments before the tags of a
 * game are between games and not the game's. */
static void
test_leading_comments (void)
{
  g_autoptr(CaturRecord) untagged = read_ok ("{Opening note} 1. a1 b2 *");
  g_autoptr(CaturRecord) tagged = read_ok ("{A note on the file}\n[Event \"E\"]\n\n1. a1 *");

  g_assert_cmpstr (catur_record_get_comment (untagged, 0), ==, "Opening note");
  g_assert_cmpuint (catur_record_get_n_moves (untagged), ==, 2);
  g_assert_null (catur_record_get_comment (tagged, 0));
  g_assert_cmpstr (catur_record_get_tag (tagged, "Event"), ==, "E");
}

/* Variations (nested, with comments that hold parentheses), NAGs and annotation marks are
 * read and left out; the main line is played. */
static void
test_variations (void)
{
  g_autoptr(CaturRecord) record = read_ok (
    "[Game \"Toy\"]\n"
    "1. a1! (1. a9 {a comment with ) in it} (1. a8 b8 ; and ) here\n"
    ") b7) b2?! $14 2. c3!! $1 (2. c0 {illegal there, but never played}) d4?? e5# *\n");
  g_autofree char *moves = moves_of (record);

  g_assert_cmpstr (moves, ==, "a1 b2 c3 d4 e5");
  g_assert_null (catur_record_get_comment (record, 1));
}

/* Move numbers alone, glued to the move, with dots for the second side, in Chinese; and a
 * move that begins with digits, which the dialect tells from a move number. */
static void
test_move_numbers (void)
{
  g_autoptr(CaturRecord) record = read_ok ("1.a1 1...b2 2. c3 2... 12.3 3。d4 4.12.5 *");
  g_autofree char *moves = moves_of (record);

  g_assert_cmpstr (moves, ==, "a1 b2 c3 12.3 d4 12.5");
}

/* The writer numbers moves from the start's move number; `N...` opens the movetext when the
 * second side moves first, and follows a comment before the second side's move. */
static void
test_writer_numbers (void)
{
  CaturPosition *start = catur_variant_parse (toy (), "b 12 0", NULL);
  g_autoptr(CaturRecord) record = catur_record_new (toy (), start);
  g_autoptr(CaturRecord) back = NULL;
  g_autofree char *text = NULL;
  const char *movetext;

  for (guint i = 0; i < 5; i++)
    {
      CaturMove move = { i, i + 1, 0, 0 };

      catur_record_append_move (record, &move);
    }
  catur_record_append_move (record, &(CaturMove) { 112, 3, 0, 0 });
  catur_record_set_comment (record, 2, "after the first side's");
  catur_record_set_comment (record, 3, "after the second side's");
  catur_record_set_tag (record, "Result", "0-1");
  text = write_toy (record);
  movetext = strstr (text, "\n\n") + 2;
  g_assert_cmpstr (movetext, ==,
                   "12... a1 13. b2 {after the first side's} 13... c3 {after the second side's}\n"
                   "14. d4 e5 15. 12.3 0-1\n");

  back = read_ok (text);
  g_assert_true (catur_record_equal (record, back));
}

/* Results: the token gives the Result tag when the tags have none; the writer ends with the
 * tag's result, or `*` for a tag that is no result. */
static void
test_results (void)
{
  g_autoptr(CaturRecord) from_token = read_ok ("[Event \"E\"]\n1. a1 1-0\n");
  g_autoptr(CaturRecord) draw = read_ok ("1. a1 ½-½");
  g_autoptr(CaturRecord) tag_kept = read_ok ("[Result \"0-1\"]\n1. a1 1/2-1/2\n");
  g_autoptr(CaturRecord) odd = read_ok ("[Result \"won on time\"]\n1. a1\n");
  g_autofree char *odd_text = write_toy (odd);
  g_autofree char *tag_text = write_toy (tag_kept);

  g_assert_cmpstr (catur_record_get_tag (from_token, "Result"), ==, "1-0");
  g_assert_cmpstr (catur_record_get_tag (draw, "Result"), ==, "1/2-1/2");
  g_assert_cmpstr (catur_record_get_tag (tag_kept, "Result"), ==, "0-1");
  g_assert_true (g_str_has_suffix (tag_text, "1. a1 0-1\n"));
  g_assert_true (g_str_has_suffix (odd_text, "1. a1 *\n"));
}

static const char several[] =
  "[Event \"First\"]\n"              /* line 1 */
  "\n"
  "1. a1 b2 1-0\n"
  "\n"
  "[Event \"Second\"]\n"             /* line 5 */
  "[White \"Bo\"]\n"
  "\n"
  "1. a1 b0 *\n"                     /* line 8: an illegal move */
  "\n"
  "[Event \"Third\"]\n"              /* line 10 */
  "1. c3 (d4 e5\n"                   /* line 11: a variation never closed */
  "[Event \"Fourth\"]\n"             /* line 12 */
  "1. d4\n"
  "[Event \"Fifth\"]\n"              /* line 14: after a game without a result */
  "1. e5 e6 0-1\n"
  "{a note after the last game}\n";

/* A file of several games: counted, listed, read one by one, and read all with the games that
 * do not read reported by line. */
static void
test_several_games (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturPgnReader) reader = catur_pgn_reader_new (toy (), &toy_dialect, several,
                                                           strlen (several), NULL, &error);
  g_autoptr(CaturRecord) first = NULL;
  g_autoptr(CaturRecord) fifth = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  static const guint lines[] = { 1, 5, 10, 12, 14 };
  static const char * const events[] = { "First", "Second", "Third", "Fourth", "Fifth" };

  g_assert_no_error (error);
  g_assert_cmpuint (catur_pgn_reader_get_n_games (reader), ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      g_assert_cmpuint (catur_pgn_reader_get_game_line (reader, i), ==, lines[i]);
      g_assert_cmpstr (catur_pgn_reader_get_game_tag (reader, i, "Event"), ==, events[i]);
    }
  g_assert_cmpstr (catur_pgn_reader_get_game_tag (reader, 1, "White"), ==, "Bo");
  g_assert_null (catur_pgn_reader_get_game_tag (reader, 0, "White"));

  first = catur_pgn_reader_read_game (reader, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (first), ==, 2);
  g_assert_cmpstr (catur_record_get_tag (first, "Result"), ==, "1-0");
  fifth = catur_pgn_reader_read_game (reader, 4, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (catur_record_get_tag (fifth, "Result"), ==, "0-1");

  g_assert_null (catur_pgn_reader_read_game (reader, 1, &error));
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==, "Line 8: “b0” adds nothing at sum 1");
  g_clear_error (&error);

  records = catur_pgn_reader_read_all (reader, &errors);
  g_assert_cmpuint (records->len, ==, 3);
  g_assert_cmpstr (catur_record_get_tag (g_ptr_array_index (records, 0), "Event"), ==, "First");
  g_assert_cmpstr (catur_record_get_tag (g_ptr_array_index (records, 1), "Event"), ==, "Fourth");
  g_assert_cmpstr (catur_record_get_tag (g_ptr_array_index (records, 2), "Event"), ==, "Fifth");
  g_assert_cmpuint (errors->len, ==, 2);
  g_assert_true (g_str_has_prefix (((GError *) g_ptr_array_index (errors, 0))->message, "Line 8:"));
  g_assert_cmpstr (((GError *) g_ptr_array_index (errors, 1))->message, ==,
                   "Line 11: the variation that starts here is never closed with )");

  /* The first game is what catur_pgn_read() gives. */
  {
    g_autoptr(CaturRecord) read = read_ok (several);

    g_assert_true (catur_record_equal (read, first));
  }

  /* For a variant's read_records(): the games that read, or the first game's error. */
  {
    static const char second_reads[] = "1. a1 b0 *\n\n1. c3 d4 *\n";
    static const char none_reads[] = "1. a1 b0 *\n\n1. c3 (d4\n";
    g_autoptr(GPtrArray) games = catur_pgn_read_games (toy (), &toy_dialect, several,
                                                       strlen (several), NULL, &error);
    g_autoptr(GPtrArray) one = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, 3);
    for (guint i = 0; i < games->len; i++)
      g_assert_true (catur_record_equal (g_ptr_array_index (games, i),
                                         g_ptr_array_index (records, i)));
    one = catur_pgn_read_games (toy (), &toy_dialect, second_reads, strlen (second_reads), NULL,
                                &error);
    g_assert_no_error (error);
    g_assert_cmpuint (one->len, ==, 1);
    g_assert_cmpuint (catur_record_get_n_moves (g_ptr_array_index (one, 0)), ==, 2);
    g_assert_null (catur_pgn_read_games (toy (), &toy_dialect, none_reads, strlen (none_reads),
                                         NULL, &error));
    g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE);
    g_assert_true (g_str_has_prefix (error->message, "Line 1:"));
    g_clear_error (&error);
    g_assert_null (catur_pgn_read_games (toy (), &toy_dialect, "\n", 1, NULL, &error));
    g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
    g_clear_error (&error);
  }
}

/* Long games are written in lines of at most 79 columns, whatever the comments, and read
 * back the same. */
static void
test_wrapping (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (80);

  for (guint round = 0; round < 20; round++)
    {
      g_autoptr(CaturRecord) record = catur_record_new (toy (), NULL);
      g_autoptr(CaturRecord) back = NULL;
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;
      gboolean in_tags = TRUE;

      /* The writer writes `*` for a record without a result, which reads back as a tag. */
      catur_record_set_tag (record, "Result", "*");
      for (guint i = 0; i < 50; i++)
        {
          CaturMove move = { g_rand_int_range (rand, 0, 26), g_rand_int_range (rand, 1, 10),
                             0, 0 };

          if (g_rand_int_range (rand, 0, 6) == 0)
            move.from = 100 + g_rand_int_range (rand, 0, 100);
          catur_record_append_move (record, &move);
          if (g_rand_int_range (rand, 0, 8) == 0)
            catur_record_set_comment (record, i + 1, g_rand_boolean (rand)
                                                     ? "short"
                                                     : "a comment of two lines,\nthe second");
        }
      text = write_toy (record);
      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          if (*lines[i] == '\0')
            in_tags = FALSE;
          if (!in_tags && g_utf8_strlen (lines[i], -1) > 79)
            g_error ("line %u is %ld characters long:\n%s", i + 1,
                     g_utf8_strlen (lines[i], -1), text);
        }
      back = read_ok (text);
      if (!catur_record_equal (record, back))
        g_error ("read back differently:\n%s", text);
    }
}

static CaturRecord *
read_with (const CaturPgnDialect *dialect,
           const char            *data,
           gsize                  length,
           GError               **error)
{
  return catur_pgn_read (toy (), dialect, data, length, NULL, error);
}

/* The bytes are sniffed: byte order marks, UTF-8, then GB18030, then Latin-1, as the game
 * takes them. */
static void
test_encodings (void)
{
  static const char utf8[] = "[Event \"Café 象棋\"]\n1. a1 *\n";
  CaturPgnDialect latin1_dialect = toy_dialect;
  CaturPgnDialect both_dialect = toy_dialect;
  CaturPgnDialect utf8_dialect = toy_dialect;
  struct
  {
    const char *name;
    char *data;
    gsize length;
  } forms[4];

  latin1_dialect.encodings = CATUR_PGN_ENCODING_LATIN1;
  both_dialect.encodings = CATUR_PGN_ENCODING_GB18030 | CATUR_PGN_ENCODING_LATIN1;
  utf8_dialect.encodings = CATUR_PGN_ENCODING_UTF8;

  forms[0].name = "UTF-8 with a byte order mark";
  forms[0].data = g_strconcat ("\xEF\xBB\xBF", utf8, NULL);
  forms[0].length = strlen (forms[0].data);
  for (guint i = 1; i <= 2; i++)
    {
      gsize length;
      g_autofree char *utf16 = g_convert (utf8, -1, i == 1 ? "UTF-16LE" : "UTF-16BE", "UTF-8",
                                          NULL, &length, NULL);

      forms[i].name = i == 1 ? "UTF-16 LE" : "UTF-16 BE";
      forms[i].data = g_malloc (length + 2);
      memcpy (forms[i].data, i == 1 ? "\xFF\xFE" : "\xFE\xFF", 2);
      memcpy (forms[i].data + 2, utf16, length);
      forms[i].length = length + 2;
    }
  forms[3].name = "GB18030";
  forms[3].data = g_convert (utf8, -1, "GB18030", "UTF-8", NULL, &forms[3].length, NULL);
  g_assert_false (g_utf8_validate_len (forms[3].data, forms[3].length, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = read_with (&both_dialect, forms[i].data, forms[i].length,
                                                 &error);

      g_test_message ("%s", forms[i].name);
      g_assert_no_error (error);
      g_assert_cmpstr (catur_record_get_tag (record, "Event"), ==, "Café 象棋");
      g_free (forms[i].data);
    }

  /* Latin-1: read as Latin-1 by a game that takes it; refused by one that takes only UTF-8.
   * These bytes are valid GBK too ("é" and "t": 0xE9 0x74), so a game that takes both reads
   * them as GBK, which comes first: that is why a game of Latin-1 files takes no GB18030. */
  {
    static const char latin1[] = "[Event \"R\xE9ti's Caf\xE9s\"]\n1. a1 *\n";
    g_autoptr(GError) error = NULL;
    g_autoptr(CaturRecord) record = read_with (&latin1_dialect, latin1, strlen (latin1), &error);
    g_autoptr(CaturRecord) gbk = read_with (&both_dialect, latin1, strlen (latin1), &error);

    g_assert_no_error (error);
    g_assert_cmpstr (catur_record_get_tag (record, "Event"), ==, "Réti's Cafés");
    g_assert_nonnull (gbk);
    g_assert_cmpstr (catur_record_get_tag (gbk, "Event"), !=, "Réti's Cafés");
    g_assert_null (read_with (&utf8_dialect, latin1, strlen (latin1), &error));
    g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING);
    g_assert_cmpstr (error->message, ==, "The file is not UTF-8 text");
  }

  /* Neither UTF-8 nor GB18030; and binary data. */
  {
    static const char bad[] = "[Event \"\x81\x20\"]\n";
    static const char binary[] = "[Event \"a\"]\n\0\0\x01";
    g_autoptr(GError) error = NULL;

    g_assert_null (read_with (&toy_dialect, bad, strlen (bad), &error));
    g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING);
    g_assert_cmpstr (error->message, ==, "The file is neither UTF-8 nor GBK (GB18030) text");
    g_clear_error (&error);
    g_assert_null (read_with (&latin1_dialect, binary, sizeof binary - 1, &error));
    g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING);
    g_assert_cmpstr (error->message, ==, "The file holds binary data, not text");
  }
}

/* Broken files: what is wrong, on which line, and no record. */
static void
test_errors (void)
{
  static const struct
  {
    const char *text;
    int code;
    const char *message;
  } cases[] = {
    { "", CATUR_RECORD_ERROR_SYNTAX, "Line 1: the file holds no game" },
    { "\n\n{only a comment}\n", CATUR_RECORD_ERROR_SYNTAX, "Line 4: the file holds no game" },
    { "[Event \"?\"]\n", CATUR_RECORD_ERROR_SYNTAX, "Line 2: the file holds no game" },
    { "[Event \"E\"\n1. a1 *", CATUR_RECORD_ERROR_SYNTAX,
      "Line 1: the tag Event is not closed with ]" },
    { "[Event \"E]\n1. a1 *", CATUR_RECORD_ERROR_SYNTAX,
      "Line 1: the value of the tag Event has no closing quote" },
    { "\n[Event E]\n", CATUR_RECORD_ERROR_SYNTAX,
      "Line 2: the tag Event has no value in double quotes" },
    { "[ \"E\"]\n", CATUR_RECORD_ERROR_SYNTAX,
      "Line 1: a tag must be written as [Name \"value\"]" },
    { "1. a1\n{open\n\n", CATUR_RECORD_ERROR_SYNTAX,
      "Line 2: the comment that starts here is never closed with }" },
    { "1. a1\n\n(1. b2 (c3) d4\n", CATUR_RECORD_ERROR_SYNTAX,
      "Line 3: the variation that starts here is never closed with )" },
    { "1. a1 ) *", CATUR_RECORD_ERROR_SYNTAX, "Line 1: a ) closes no variation" },
    { "1. a1 } *", CATUR_RECORD_ERROR_SYNTAX, "Line 1: a } closes no comment" },
    { "1. a1 [Event \"E\"] *", CATUR_RECORD_ERROR_SYNTAX, "Line 1: a tag stands among the moves" },
    { "[Event \"E\"]\n{c}\n[Site \"S\"]\n1. a1", CATUR_RECORD_ERROR_SYNTAX,
      "Line 3: a tag stands among the moves" },
    { "[Game \"Chess\"]\n1. e4 *", CATUR_RECORD_ERROR_OTHER_GAME,
      "Line 1: the file is a record of “Chess”, not of Toy" },
    { "[Variant \"Shogi\"]\n", CATUR_RECORD_ERROR_OTHER_GAME,
      "Line 1: the file is a record of “Shogi”, not of Toy" },
    { "[Event \"E\"]\n\n1. Nf3 Nf6 *", CATUR_RECORD_ERROR_OTHER_GAME,
      "Line 3: “Nf3” is not a Toy move" },
    { "[Game \"Toy Game\"]\n\n1. Nf3 Nf6 *", CATUR_RECORD_ERROR_INVALID_MOVE,
      "Line 3: “Nf3” is no toy move" },
    { "1. a1\n2. Nf3 *", CATUR_RECORD_ERROR_INVALID_MOVE, "Line 2: “Nf3” is no toy move" },
    { "1. a1\n2. ! *", CATUR_RECORD_ERROR_INVALID_MOVE, "Line 2: “!” is no toy move" },
    { "1. a1 b2\nc0 *", CATUR_RECORD_ERROR_ILLEGAL_MOVE, "Line 2: “c0” adds nothing at sum 3" },
    { "[FEN \"w 1\"]\n", CATUR_RECORD_ERROR_POSITION,
      "Line 1: the start position in the FEN tag is not valid: Field 3 (sum) is missing" },
    { "1. a1 b2345678901234567890123456789012345678901234567890123456789012345 *",
      CATUR_RECORD_ERROR_INVALID_MOVE, "Line 1: “b23456789012345678901234…” is not a move" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = read_with (&toy_dialect, cases[i].text,
                                                 strlen (cases[i].text), &error);

      g_test_message ("case %u: %s", i, error != NULL ? error->message : "(read)");
      g_assert_null (record);
      g_assert_error (error, CATUR_RECORD_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* More plies than the game allows. */
static void
test_too_long (void)
{
  g_autoptr(GString) text = g_string_new ("[Game \"Toy\"]\n");
  g_autoptr(CaturRecord) longest = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 50; i++)
    g_string_append (text, "a1\n");
  longest = read_ok (text->str);
  g_assert_cmpuint (catur_record_get_n_moves (longest), ==, 50);

  g_string_append (text, "b2\n");
  g_assert_null (read_with (&toy_dialect, text->str, text->len, &error));
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "Line 52: the game goes on for more than 50 plies");
}

/* Position files: the first line that is not blank. */
static void
test_position_file (void)
{
  static const char good[] = "\n  \t\nb 3 14  \r\nignored\n";
  static const char bad[] = "\n\nw x 1\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = NULL;

  record = catur_pgn_read_position_file (toy (), good, strlen (good), 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 0);
  g_assert_cmpuint (TOY (catur_record_get_start (record))->sum, ==, 14);

  g_assert_null (catur_pgn_read_position_file (toy (), bad, strlen (bad), 0, &error));
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION);
  g_assert_cmpstr (error->message, ==,
                   "Line 3: Field 2 (move number): must be a number from 1 to 9999");
  g_clear_error (&error);

  g_assert_null (catur_pgn_read_position_file (toy (), " \n", 2, 0, &error));
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "Line 1: the file holds no position");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/tags", test_tags);
  g_test_add_func ("/pgn/comments", test_comments);
  g_test_add_func ("/pgn/leading-comments", test_leading_comments);
  g_test_add_func ("/pgn/variations", test_variations);
  g_test_add_func ("/pgn/move-numbers", test_move_numbers);
  g_test_add_func ("/pgn/writer-numbers", test_writer_numbers);
  g_test_add_func ("/pgn/results", test_results);
  g_test_add_func ("/pgn/several-games", test_several_games);
  g_test_add_func ("/pgn/wrapping", test_wrapping);
  g_test_add_func ("/pgn/encodings", test_encodings);
  g_test_add_func ("/pgn/errors", test_errors);
  g_test_add_func ("/pgn/too-long", test_too_long);
  g_test_add_func ("/pgn/position-file", test_position_file);

  return g_test_run ();
}
