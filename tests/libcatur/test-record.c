/* test-record.c: game records through the variant contract, over the real Xiangqi plugin and
 * a second game of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <catur.h>

/* A second game that claims `.pgn` too, as Chess will: it reads any file that says TEST-GAME,
 * finds a file that names it broken, and knows other games' files for what they are. */

#define TEST_TYPE_PGN_VARIANT (test_pgn_variant_get_type ())
G_DECLARE_FINAL_TYPE (TestPgnVariant, test_pgn_variant, TEST, PGN_VARIANT, GObject)

struct _TestPgnVariant
{
  GObject parent_instance;
};

static void test_pgn_variant_iface_init (CaturVariantInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestPgnVariant, test_pgn_variant, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CATUR_TYPE_VARIANT,
                                                      test_pgn_variant_iface_init))

static const char *
pgn_get_id (CaturVariant *variant)
{
  return "pgntest";
}

static const char *
pgn_get_name (CaturVariant *variant)
{
  return "PGN test";
}

static CaturPosition *
pgn_new_position (CaturVariant *variant,
                  GVariant     *options,
                  guint64       seed)
{
  CaturPosition *position = g_new0 (CaturPosition, 1);

  position->variant = variant;
  return position;
}

static char *
pgn_format (CaturVariant        *variant,
            const CaturPosition *position)
{
  return g_strdup ("start");
}

static CaturPosition *
pgn_position_copy (CaturVariant        *variant,
                   const CaturPosition *position)
{
  return g_memdup2 (position, sizeof (CaturPosition));
}

static void
pgn_position_free (CaturVariant  *variant,
                   CaturPosition *position)
{
  g_free (position);
}

static const CaturRecordFormat *
pgn_list_record_formats (CaturVariant *variant,
                         guint        *n_formats)
{
  static const char * const extensions[] = { "pgn", NULL };
  static const char * const mime_types[] = { NULL };
  static const CaturRecordFormat formats[] = {
    { "pgn", "Test game (PGN)", extensions, mime_types, CATUR_RECORD_FORMAT_READ },
  };

  *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

static CaturRecord *
pgn_read_record (CaturVariant  *variant,
                 const char    *format_id,
                 const char    *data,
                 gsize          length,
                 GError       **error)
{
  g_autofree char *text = g_strndup (data, length);

  if (strstr (text, "TEST-GAME") != NULL)
    return catur_record_new (variant, pgn_new_position (variant, NULL, 0));
  if (strstr (text, "[Game \"Test\"]") != NULL)
    g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                         "Line 2: the test game is broken");
  else if (strstr (text, "[Game \"") != NULL)
    g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_OTHER_GAME,
                         "Line 1: the file is another game's");
  else
    g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                         "Line 1: no test game here");
  return NULL;
}

static void
test_pgn_variant_iface_init (CaturVariantInterface *iface)
{
  iface->get_id = pgn_get_id;
  iface->get_name = pgn_get_name;
  iface->new_position = pgn_new_position;
  iface->format = pgn_format;
  iface->position_copy = pgn_position_copy;
  iface->position_free = pgn_position_free;
  iface->list_record_formats = pgn_list_record_formats;
  iface->read_record = pgn_read_record;
}

static void
test_pgn_variant_class_init (TestPgnVariantClass *klass)
{
}

static void
test_pgn_variant_init (TestPgnVariant *self)
{
}

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

static CaturGame *
game_from_moves (const char *fen,
                 const char *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  CaturPosition *start = NULL;
  CaturGame *game;

  if (fen != NULL)
    {
      start = catur_variant_parse (xiangqi (), fen, NULL);
      g_assert_nonnull (start);
    }
  game = catur_game_new (xiangqi (), start);
  for (guint i = 0; list[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (*list[i] == '\0')
        continue;
      g_assert_true (catur_game_play_text (game, list[i], &error));
      g_assert_no_error (error);
    }
  return game;
}

static void
test_formats_listed (void)
{
  const CaturRecordFormat *formats;
  const CaturRecordFormat *format;
  guint n = 0;

  formats = catur_variant_list_record_formats (xiangqi (), &n);
  g_assert_cmpuint (n, >=, 2);
  for (guint i = 0; i < n; i++)
    {
      g_assert_nonnull (formats[i].id);
      g_assert_nonnull (formats[i].name);
      g_assert_nonnull (formats[i].extensions);
      g_assert_nonnull (formats[i].extensions[0]);
      g_assert_nonnull (formats[i].mime_types);
      g_assert_true (formats[i].flags & CATUR_RECORD_FORMAT_READ);
      g_assert_true (catur_variant_find_record_format (xiangqi (), formats[i].id) == &formats[i]);
    }

  format = catur_variant_guess_record_format (xiangqi (), "/tmp/Game.PGN",
                                              CATUR_RECORD_FORMAT_READ);
  g_assert_nonnull (format);
  g_assert_cmpstr (format->id, ==, "pgn");
  format = catur_variant_guess_record_format (xiangqi (), "start.fen", CATUR_RECORD_FORMAT_WRITE);
  g_assert_nonnull (format);
  g_assert_true (format->flags & CATUR_RECORD_FORMAT_POSITION_ONLY);
  g_assert_null (catur_variant_guess_record_format (xiangqi (), "notes.txt",
                                                    CATUR_RECORD_FORMAT_READ));
  g_assert_null (catur_variant_guess_record_format (xiangqi (), "pgn", CATUR_RECORD_FORMAT_READ));
  g_assert_null (catur_variant_find_record_format (xiangqi (), "kif"));
}

/* A game written in each PGN format and read back is the same game, from the start and
 * from a set-up position. */
static void
test_roundtrip_every_format (void)
{
  static const struct
  {
    const char *fen;
    const char *moves;
  } games[] = {
    { NULL, "h2e2 h9g7 h0g2 i9h9 i0h0 h7i7 h0h9 g7h9 c3c4 g6g5 b0c2 b9c7 e2e6 c6c5" },
    { "2bak4/4a4/4b4/9/9/9/2N6/9/4C4/3K1R3 b - - 0 1",
      "c9a7 f0i0 e9f9 c3e4 e7c9 e4d6 e8d7 i0f0 f9e9 d6f7 e9e8 f7e5 c9e7 e5d7 e8d8 f0f8 d9e8 "
      "f8e8 d8d9 e1d1" },
    { NULL, "" },
  };
  static const char * const format_ids[] = { "pgn", "pgn-iccs", "pgn-chinese" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint f = 0; f < G_N_ELEMENTS (format_ids); f++)
      {
        g_autoptr(CaturGame) game = game_from_moves (games[g].fen, games[g].moves);
        g_autoptr(CaturRecord) record = catur_record_new_from_game (game);
        g_autoptr(CaturRecord) back = NULL;
        g_autoptr(CaturGame) replayed = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *text = NULL;
        g_autofree char *fen = NULL;
        g_autofree char *fen_back = NULL;

        catur_record_set_tag (record, "Red", "Hu Ronghua");
        catur_record_set_tag (record, "Black", "Yang Guanlin");
        catur_record_set_comment (record, 0, "A comment before the first move");
        if (catur_record_get_n_moves (record) > 1)
          catur_record_set_comment (record, 2, "After the second ply");

        text = catur_variant_write_record (xiangqi (), format_ids[f], record, &error);
        g_assert_no_error (error);
        g_assert_true (g_str_has_prefix (text, "[Game \"Chinese Chess\"]\n"));
        back = catur_variant_read_record (xiangqi (), "pgn", text, strlen (text), &error);
        g_assert_no_error (error);
        if (!catur_record_equal (record, back))
          g_error ("%s read back differently:\n%s", format_ids[f], text);

        replayed = catur_record_to_game (back, &error);
        g_assert_no_error (error);
        fen = catur_variant_format (xiangqi (), catur_game_get_position (game));
        fen_back = catur_variant_format (xiangqi (), catur_game_get_position (replayed));
        g_assert_cmpstr (fen, ==, fen_back);
        g_assert_cmpint (catur_game_is_over (game), ==, catur_game_is_over (replayed));
      }
}

static void
test_fen_format (void)
{
  g_autoptr(CaturGame) game = game_from_moves (NULL, "h2e2 h9g7");
  g_autoptr(CaturRecord) record = catur_record_new_from_game (game);
  g_autoptr(CaturRecord) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *start = NULL;

  text = catur_variant_write_record (xiangqi (), "fen", record, &error);
  g_assert_no_error (error);
  fen = catur_variant_format (xiangqi (), catur_game_get_position (game));
  g_assert_true (g_str_has_prefix (text, fen));

  back = catur_variant_read_record (xiangqi (), "fen", text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (back), ==, 0);
  start = catur_variant_format (xiangqi (), catur_record_get_start (back));
  g_assert_cmpstr (start, ==, fen);
}

/* A game whose record says it was won, though its moves do not end it, ends so. */
static void
test_result_tag (void)
{
  static const char text[] = "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n\n1. C2.5 H8+7 0-1\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = catur_variant_read_record (xiangqi (), "pgn", text,
                                                             strlen (text), &error);
  g_autoptr(CaturGame) game = NULL;
  const CaturOutcome *outcome;

  g_assert_no_error (error);
  game = catur_record_to_game (record, &error);
  g_assert_no_error (error);
  g_assert_true (catur_game_is_over (game));
  outcome = catur_game_get_outcome (game);
  g_assert_cmpint (outcome->winner, ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (outcome->reason, ==, CATUR_REASON_RESIGN);
}

/* A game claimed because the other player left it (a network game the friend did not come
 * back to) is saved with PGN's Termination "abandoned" and read back as such, in every
 * Xiangqi PGN and in the autosave's ending; a PGN without the tag reads as before. */
static void
test_abandoned (void)
{
  static const char * const format_ids[] = { "pgn", "pgn-iccs", "pgn-chinese" };
  g_autoptr(CaturGame) game = game_from_moves (NULL, "h2e2 h9g7");
  g_autoptr(CaturAutosave) saved = NULL;
  g_autoptr(CaturAutosave) parsed = NULL;
  g_autoptr(CaturGame) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *described = NULL;
  CaturOutcome outcome;
  gsize length;

  catur_outcome_init (&outcome);
  outcome.result = CATUR_RESULT_WIN;
  outcome.winner = CATUR_SIDE_SECOND;
  outcome.reason = CATUR_REASON_ABANDONED;
  catur_game_end (game, &outcome);
  described = catur_game_describe_outcome (game);
  g_assert_cmpstr (described, ==, "Red left the game");

  for (guint f = 0; f < G_N_ELEMENTS (format_ids); f++)
    {
      g_autoptr(CaturRecord) record = catur_record_new_from_game (game);
      g_autoptr(CaturRecord) back = NULL;
      g_autoptr(CaturGame) reopened = NULL;
      g_autofree char *text = catur_variant_write_record (xiangqi (), format_ids[f], record,
                                                          &error);
      g_autofree char *plain = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (strstr (text, "[Termination \"abandoned\"]\n"));
      back = catur_variant_read_record (xiangqi (), "pgn", text, strlen (text), &error);
      g_assert_no_error (error);
      g_assert_null (catur_record_get_tag (back, "Termination"));
      g_assert_true (catur_record_equal (record, back));
      reopened = catur_record_to_game (back, &error);
      g_assert_no_error (error);
      g_assert_cmpint (catur_game_get_outcome (reopened)->reason, ==, CATUR_REASON_ABANDONED);
      g_assert_cmpint (catur_game_get_outcome (reopened)->winner, ==, CATUR_SIDE_SECOND);

      /* Without the tag, the result alone: a resignation, as before. */
      plain = g_strdup (text);
      memcpy (strstr (plain, "[Termination"), "[Xermination", 12);
      g_clear_object (&back);
      g_clear_object (&reopened);
      back = catur_variant_read_record (xiangqi (), "pgn", plain, strlen (plain), &error);
      g_assert_no_error (error);
      reopened = catur_record_to_game (back, &error);
      g_assert_no_error (error);
      g_assert_cmpint (catur_game_get_outcome (reopened)->reason, ==, CATUR_REASON_RESIGN);
    }

  saved = catur_autosave_new_from_game (game);
  data = catur_autosave_to_data (saved, &length);
  g_assert_nonnull (strstr (data, "Ending=abandoned:red\n"));
  parsed = catur_autosave_parse (data, length, &error);
  g_assert_no_error (error);
  restored = catur_autosave_restore (parsed, &error);
  g_assert_no_error (error);
  g_assert_cmpint (catur_game_get_outcome (restored)->reason, ==, CATUR_REASON_ABANDONED);
}

/* catur_record_read_file_data() picks the format by extension and names bad lines. */
static void
test_read_file_data (void)
{
  static const char pgn[] = "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7\n2. H2+3 H8+7 *\n";
  static const char fen[] = "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1\n";
  static const char short_pgn[] = "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7 *\n";
  /* A game no plugin plays (chess has one of its own now). */
  static const char other[] = "[Game \"Go\"]\n\n1. Q16 D4 *\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autofree char *big = NULL;

  record = catur_record_read_file_data ("position.fen", fen, strlen (fen), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_get_variant (record) == xiangqi ());
  g_clear_object (&record);

  /* No known extension: each game's first format. */
  record = catur_record_read_file_data ("download", short_pgn, strlen (short_pgn), xiangqi (),
                                        &error);
  g_assert_no_error (error);
  g_clear_object (&record);

  record = catur_record_read_file_data ("game.pgn", pgn, strlen (pgn), xiangqi (), &error);
  g_assert_null (record);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Line 4:"));
  g_clear_error (&error);

  record = catur_record_read_file_data ("game.pgn", other, strlen (other), NULL, &error);
  g_assert_null (record);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_OTHER_GAME);
  g_clear_error (&error);

  big = g_malloc0 (CATUR_RECORD_MAX_SIZE + 1);
  record = catur_record_read_file_data ("game.pgn", big, CATUR_RECORD_MAX_SIZE + 1, NULL, &error);
  g_assert_null (record);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_TOO_LARGE);
}

/* An empty file (nothing, blanks, a byte-order mark) is refused, not opened as a new game. */
static void
test_read_file_empty (void)
{
  static const struct { const char *name; const char *text; } cases[] = {
    { "game.kif", "" }, { "game.pgn", " \n\r\n\t" }, { "game.csa", "\xef\xbb\xbf\n" },
    { "position.fen", "\n" }, { NULL, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = NULL;

      record = catur_record_read_file_data (cases[i].name, cases[i].text,
                                            strlen (cases[i].text), xiangqi (), &error);
      g_assert_null (record);
      g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
      g_assert_cmpstr (error->message, ==, "The file is empty: it holds no game");
    }
}

/* The file's game is found from what it holds, whatever game is being played and whatever
 * its name says; a file that no game reads gets the error of the game it looks like. */
static void
test_read_file_detects_game (void)
{
  static const struct { const char *name; const char *text; const char *game; } cases[] = {
    /* CSA in a file of no known extension: not KIF, Shogi's first format. */
    { "from-server.txt", "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n", "shogi" },
    { "pasted", "+\n+7776FU\n-3334FU\n", NULL },
    { "position.txt", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n",
      "shogi" },
    { "games.txt", "[Event \"Club\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n", "chess" },
  };
  static const char chess_broken[] =
    "[Event \"Club\"]\n\n1. d4 Nf6 2. c4 d6 3. Nc3 Nd7 *\n";

  if (catur_plugins_find_variant ("shogi") == NULL || catur_plugins_find_variant ("chess") == NULL)
    {
      g_test_skip ("Shogi and Chess are not built");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = NULL;

      record = catur_record_read_file_data (cases[i].name, cases[i].text, strlen (cases[i].text),
                                            xiangqi (), &error);
      if (cases[i].game == NULL)
        {
          /* Moves without a start: Shogi's, which says what is wrong. */
          g_assert_null (record);
          g_test_message ("%s", error->message);
          g_assert_cmpstr (error->message, ==,
                           "Line 1: the side to move comes before the position");
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpstr (catur_variant_get_id (catur_record_get_variant (record)), ==,
                       cases[i].game);
    }

  /* A chess file with a wrong move, opened while Xiangqi is played: chess's error. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CaturRecord) record = NULL;

    record = catur_record_read_file_data ("games.txt", chess_broken, strlen (chess_broken),
                                          xiangqi (), &error);
    g_assert_null (record);
    g_assert_cmpstr (error->message, ==,
                     "Line 3: Black’s move 3, “Nd7”, is ambiguous (Nbd7 or Nfd7)");
  }
}

/* Xiangqi's error for @text read as its PGN. */
static char *
xiangqi_pgn_error (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = catur_variant_read_record (xiangqi (), "pgn", text,
                                                             strlen (text), &error);

  g_assert_null (record);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
  return g_strdup (error->message);
}

/* A file is offered to every game that claims its extension, whatever the first ones said;
 * when none reads it, the error is the preferred game's. */
static void
test_read_file_every_game (void)
{
  static const char second_only[] = "} TEST-GAME\n";
  static const char neither[] = "} nothing\n";
  static const char broken_second[] = "[Game \"Test\"]\n}\n";
  CaturVariant *second = catur_plugins_find_variant ("pgntest");
  g_autofree char *xiangqi_error = xiangqi_pgn_error (neither);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = NULL;

  g_assert_nonnull (second);
  g_assert_true (g_str_has_prefix (xiangqi_error, "Line 1:"));

  record = catur_record_read_file_data ("game.pgn", second_only, strlen (second_only),
                                        xiangqi (), &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_get_variant (record) == second);
  g_clear_object (&record);

  record = catur_record_read_file_data ("game.pgn", neither, strlen (neither), xiangqi (),
                                        &error);
  g_assert_null (record);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, xiangqi_error);
  g_clear_error (&error);

  record = catur_record_read_file_data ("game.pgn", neither, strlen (neither), second, &error);
  g_assert_null (record);
  g_assert_cmpstr (error->message, ==, "Line 1: no test game here");
  g_clear_error (&error);

  /* No game being played: the first game that claims the extension, in menu order. */
  record = catur_record_read_file_data ("game.pgn", neither, strlen (neither), NULL, &error);
  g_assert_null (record);
  g_assert_cmpstr (error->message, ==, xiangqi_error);
  g_clear_error (&error);

  /* Xiangqi sees another game's file; the game it names finds it broken, and says where. */
  record = catur_record_read_file_data ("game.pgn", broken_second, strlen (broken_second),
                                        xiangqi (), &error);
  g_assert_null (record);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "Line 2: the test game is broken");
}

/* A database of several Xiangqi games: every game that reads, for the player to choose one,
 * each named by its players or its number, with its event, date and result. */
static void
test_read_file_games (void)
{
  static const char database[] =
    "[Game \"Chinese Chess\"]\n[Event \"Asian Cup\"]\n[Date \"2024.05.01\"]\n"
    "[Red \"Xu\"]\n[Black \"Lü\"]\n[Result \"1-0\"]\n\n1. C2.5 H8+7 1-0\n\n"
    "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7\n2. H2+3 H8+7 *\n\n"
    "[Game \"Chinese Chess\"]\n[Black \"Hu\"]\n\n1. H2+3 *\n";
  static const char fen[] = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = catur_record_read_file_games ("base.pgn", database,
                                                             strlen (database), NULL, &error);
  g_autoptr(GPtrArray) single = NULL;
  g_autoptr(CaturRecord) first = NULL;
  g_autofree char *name0 = NULL;
  g_autofree char *name1 = NULL;
  g_autofree char *details0 = NULL;
  g_autofree char *details1 = NULL;
  CaturRecord *second;

  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_true (catur_record_get_variant (g_ptr_array_index (games, 0)) == xiangqi ());
  name0 = catur_record_describe (g_ptr_array_index (games, 0), 0);
  details0 = catur_record_describe_details (g_ptr_array_index (games, 0));
  g_assert_cmpstr (name0, ==, "Xu – Lü");
  g_assert_cmpstr (details0, ==, "Asian Cup, 2024.05.01, 1-0, 2 plies");
  second = g_ptr_array_index (games, 1);
  g_assert_cmpuint (catur_record_get_n_moves (second), ==, 1);
  name1 = catur_record_describe (second, 1);
  details1 = catur_record_describe_details (second);
  g_assert_cmpstr (name1, ==, "? – Hu");
  g_assert_cmpstr (details1, ==, "1 ply");
  {
    g_autoptr(CaturRecord) bare = catur_record_new (xiangqi (), NULL);
    g_autofree char *name = catur_record_describe (bare, 2);

    g_assert_cmpstr (name, ==, "Game 3");
  }

  /* The first game is the one a single read gives; a file of one game is a list of one. */
  first = catur_record_read_file_data ("base.pgn", database, strlen (database), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_equal (first, g_ptr_array_index (games, 0)));
  single = catur_record_read_file_games ("one.fen", fen, strlen (fen), xiangqi (), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (single->len, ==, 1);
}

/* A game opened, played on and saved keeps the tags and the comments of the moves it kept. */
static void
test_annotations (void)
{
  static const char text[] =
    "[Game \"Chinese Chess\"]\n[Event \"Final\"]\n[Red \"Lü Qin\"]\n[Result \"*\"]\n"
    "{Start} 1. C2.5 {one} H8+7 {two} 2. H2+3 {three} *\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) loaded = catur_variant_read_record (xiangqi (), "pgn", text,
                                                             strlen (text), &error);
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturRecord) now = NULL;

  g_assert_no_error (error);
  game = catur_record_to_game (loaded, &error);
  g_assert_no_error (error);
  g_assert_true (catur_game_undo (game, 1));
  g_assert_true (catur_game_play_text (game, "b0c2", &error));

  now = catur_record_new_from_game (game);
  catur_record_copy_annotations (now, loaded);
  g_assert_cmpstr (catur_record_get_tag (now, "Event"), ==, "Final");
  g_assert_cmpstr (catur_record_get_tag (now, "Red"), ==, "Lü Qin");
  g_assert_cmpstr (catur_record_get_comment (now, 0), ==, "Start");
  g_assert_cmpstr (catur_record_get_comment (now, 1), ==, "one");
  g_assert_cmpstr (catur_record_get_comment (now, 2), ==, "two");
  g_assert_null (catur_record_get_comment (now, 3));
}

static GVariant *
options_of (const char *first_key,
            const char *first_value,
            const char *second_key,
            const char *second_value)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, first_key, "s", first_value);
  if (second_key != NULL)
    g_variant_dict_insert (&dict, second_key, "s", second_value);
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

/* Two records of the same moves are the same only under the same rule options, which may come
 * in any order; a missing option or another value tells them apart. */
static void
test_equal_options (void)
{
  g_autoptr(CaturGame) game = game_from_moves (NULL, "h2e2 h9g7");
  g_autoptr(CaturRecord) a = catur_record_new_from_game (game);
  g_autoptr(CaturRecord) b = catur_record_new_from_game (game);
  g_autoptr(GVariant) limit_then_time = options_of ("move-limit", "200", "move-time", "30");
  g_autoptr(GVariant) time_then_limit = options_of ("move-time", "30", "move-limit", "200");
  g_autoptr(GVariant) limit_only = options_of ("move-limit", "200", NULL, NULL);
  g_autoptr(GVariant) other_time = options_of ("move-limit", "200", "move-time", "60");

  g_assert_true (catur_record_equal (a, b));
  catur_record_set_options (a, limit_then_time);
  g_assert_false (catur_record_equal (a, b));
  g_assert_false (catur_record_equal (b, a));
  catur_record_set_options (b, time_then_limit);
  g_assert_true (catur_record_equal (a, b));
  catur_record_set_options (b, limit_only);
  g_assert_false (catur_record_equal (a, b));
  g_assert_false (catur_record_equal (b, a));
  catur_record_set_options (b, other_time);
  g_assert_false (catur_record_equal (a, b));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* The second game joins the extension point before the plugins load, after Xiangqi in
   * menu order. */
  g_io_extension_point_register (CATUR_VARIANT_EXTENSION_POINT);
  g_io_extension_point_implement (CATUR_VARIANT_EXTENSION_POINT, TEST_TYPE_PGN_VARIANT,
                                  "pgntest", -100);
  catur_plugins_load ();

  g_test_add_func ("/record/formats", test_formats_listed);
  g_test_add_func ("/record/roundtrip", test_roundtrip_every_format);
  g_test_add_func ("/record/equal-options", test_equal_options);
  g_test_add_func ("/record/fen", test_fen_format);
  g_test_add_func ("/record/result-tag", test_result_tag);
  g_test_add_func ("/record/abandoned", test_abandoned);
  g_test_add_func ("/record/read-file-data", test_read_file_data);
  g_test_add_func ("/record/read-file-every-game", test_read_file_every_game);
  g_test_add_func ("/record/read-file-empty", test_read_file_empty);
  g_test_add_func ("/record/read-file-detects-game", test_read_file_detects_game);
  g_test_add_func ("/record/read-file-games", test_read_file_games);
  g_test_add_func ("/record/annotations", test_annotations);

  return g_test_run ();
}
