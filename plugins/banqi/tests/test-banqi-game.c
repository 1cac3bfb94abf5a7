/* test-banqi-game.c: Banqi through the contract and CaturGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The plugin as the shell sees it (CATUR_PLUGIN_PATH): the computer and the hint decide from
 * the observation alone (BT9), nothing tells a face-down piece, explanations are whole
 * sentences (one for every illegal pair of squares, none for a legal move, on positions of
 * random playouts), a Cannon never jumps two pieces, the seats get their colours with the
 * first flip, the side panel's trays and counter, the records and the autosave keep the deal,
 * and random games keep the invariants.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

#include "banqi-variant.h"

#define START "XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX f KAAEERRHHCCPPPPPkaaeerrhhccppppp 0 0"

/* BT4's board with a second face-down square: two layouts the players cannot tell apart. */
#define BT9 "4/4/4/4/4/1p2/aKk1/1X1X r Pc 0 30"
#define BT9_LAYOUT_A "Pc"
#define BT9_LAYOUT_B "cP"

static CaturVariant *
banqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("banqi");

  g_assert_nonnull (variant);
  return variant;
}

static CaturPosition *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (banqi (), text, &error);

  g_assert_no_error (error);
  return position;
}

static CaturPosition *
dealt (const char *text,
       const char *layout)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = parse (text);

  g_assert_true (catur_variant_restore_hidden (banqi (), position, layout, &error));
  g_assert_no_error (error);
  return position;
}

static CaturMove
move_of (const char *text)
{
  g_autoptr(CaturPosition) start = parse (START);
  g_autoptr(GError) error = NULL;
  CaturMove move;

  g_assert_true (catur_variant_parse_move (banqi (), start, text, &move, &error));
  g_assert_no_error (error);
  return move;
}

static gboolean
wait_for_plies (CaturGame *game,
                guint      plies)
{
  gint64 end = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  while (catur_game_get_n_plies (game) < plies || catur_game_get_n_searches (game) > 0)
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

/* Intermediate searches to a fixed depth, so that its decision does not hang on the clock. */
static CaturMove
computer_move (const char *layout)
{
  g_autoptr(CaturGame) game = catur_game_new (banqi (), dealt (BT9, layout));
  g_autoptr(CaturGameMove) item = NULL;

  catur_game_set_computer (game, CATUR_SIDE_FIRST, CATUR_LEVEL_INTERMEDIATE, 0);
  g_assert_true (wait_for_plies (game, 1));
  item = g_list_model_get_item (catur_game_get_moves (game), 0);
  return *catur_game_move_get_move (item);
}

typedef struct
{
  gboolean done;
  CaturMove move;
} Hint;

static void
hint_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Hint *hint = user_data;

  g_assert_true (catur_game_hint_finish (CATUR_GAME (source), result, &hint->move, NULL));
  hint->done = TRUE;
}

static CaturMove
hint_move (const char *layout)
{
  g_autoptr(CaturGame) game = catur_game_new (banqi (), dealt (BT9, layout));
  Hint hint = { FALSE };

  catur_game_hint_async (game, NULL, hint_cb, &hint);
  while (!hint.done || catur_game_get_n_searches (game) > 0)
    g_main_context_iteration (NULL, TRUE);
  return hint.move;
}

/* BT9: two layouts under the same observation, the same decision, by the computer and the
 * hint. The Red General takes the Chariot on c2 (the Soldier on b3 would take it next to the
 * Advisor), whatever lies under b1 and d1. */
static void
test_bt9 (void)
{
  CaturMove a = computer_move (BT9_LAYOUT_A);
  CaturMove b = computer_move (BT9_LAYOUT_B);
  CaturMove hint_a = hint_move (BT9_LAYOUT_A);
  CaturMove hint_b = hint_move (BT9_LAYOUT_B);

  g_assert_true (catur_move_equal (&a, &b));
  g_assert_true (catur_move_equal (&hint_a, &hint_b));
  g_assert_false (a.flags & CATUR_MOVE_FLIP);
}

static void
test_piece_at_hides (void)
{
  g_autoptr(CaturPosition) referee = catur_variant_new_position (banqi (), NULL, 5);
  CaturVariantInterface *iface = CATUR_VARIANT_GET_IFACE (banqi ());
  CaturPiece raw = { 0, CATUR_SIDE_NONE, 0 };
  CaturPiece seen;
  g_autofree char *name = NULL;

  g_assert_true (iface->piece_at (banqi (), referee, 0, &raw));
  g_assert_cmpuint (raw.kind, !=, 0);
  g_assert_true (catur_variant_piece_at (banqi (), referee, 0, &seen));
  g_assert_cmpuint (seen.kind, ==, 0);
  g_assert_cmpint (seen.side, ==, CATUR_SIDE_NONE);
  g_assert_cmpuint (seen.flags, ==, CATUR_PIECE_FACE_DOWN);
  g_assert_cmpstr (catur_variant_get_piece_image (banqi (), &seen), ==, "back.svg");
  name = catur_variant_get_piece_name (banqi (), &seen);
  g_assert_cmpstr (name, ==, "Face-down piece");
}

/* B5: the first flip gives its colour to whoever made it; the flip comes back completed. */
static void
test_first_flip_colours (void)
{
  g_autoptr(CaturGame) game = catur_game_new (banqi (), catur_variant_new_position (banqi (),
                                                                                    NULL, 9));
  g_autoptr(CaturGameMove) first = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *bare = NULL;
  CaturMove flip = { 12, 12, 0, CATUR_MOVE_FLIP };
  const CaturMove *played;
  gboolean black;

  g_assert_cmpstr (catur_game_get_side_name (game, CATUR_SIDE_FIRST), ==, "First player");
  g_assert_cmpstr (catur_game_get_side_name (game, CATUR_SIDE_SECOND), ==, "Second player");
  bare = catur_variant_format_move (banqi (), catur_game_get_position (game), &flip, NULL);
  g_assert_cmpstr (bare, ==, "a4");

  g_assert_true (catur_game_play (game, &flip, &error));
  g_assert_no_error (error);
  first = g_list_model_get_item (catur_game_get_moves (game), 0);
  played = catur_game_move_get_move (first);
  g_assert_cmpuint (played->piece, !=, 0);
  black = (played->flags & CATUR_MOVE_REVEALS_SECOND) != 0;
  g_assert_cmpstr (catur_game_get_side_name (game, CATUR_SIDE_FIRST), ==,
                   black ? "Black" : "Red");
  g_assert_cmpstr (catur_game_get_side_name (game, CATUR_SIDE_SECOND), ==,
                   black ? "Red" : "Black");
  g_assert_cmpint (strlen (catur_game_move_get_notation (first)), ==, 5);
  g_assert_true (g_str_has_prefix (catur_game_move_get_notation (first), "a4("));
  g_assert_true (g_str_has_prefix (catur_game_move_get_coordinate (first), "a4="));
}

/* No take-backs (they would show what lay face down) and no draw offers. */
static void
test_flags (void)
{
  g_autoptr(CaturGame) game = catur_game_new (banqi (), catur_variant_new_position (banqi (),
                                                                                    NULL, 3));
  g_autoptr(GError) error = NULL;
  g_autofree char *no_draws = NULL;

  g_assert_cmpuint (catur_variant_get_flags (banqi ()), ==,
                    CATUR_VARIANT_NO_TAKE_BACKS | CATUR_VARIANT_NO_DRAW_OFFERS
                    | CATUR_VARIANT_ROTATE_TO_FIT);
  g_assert_true (catur_game_play_text (game, "a1", &error));
  g_assert_true (catur_game_play_text (game, "b1", &error));
  g_assert_no_error (error);
  g_assert_false (catur_game_can_take_back (game, NULL));
  g_assert_false (catur_game_undo (game, 1));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_false (catur_game_can_offer_draw (game, &no_draws));
  g_assert_cmpstr (no_draws, ==, "Banqi games end when a player has no piece or no move left, "
                                 "by resignation, or in a draw after too many moves without a "
                                 "flip or a capture; there are no draw offers");
  catur_game_resign (game, catur_game_get_side_to_move (game));
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_RESIGN);
}

static char *
explain (const char  *bfen,
         const char  *move_text,
         const char **reason_id)
{
  g_autoptr(CaturPosition) position = parse (bfen);
  g_autoptr(GError) error = NULL;
  CaturMove move;

  g_assert_true (catur_variant_parse_move (banqi (), position, move_text, &move, &error));
  g_assert_no_error (error);
  return catur_variant_explain (banqi (), position, &move, reason_id);
}

/* Every illegal action gets its sentence, naming the pieces. */
static void
test_explanations (void)
{
  static const struct { const char *bfen, *move, *reason, *sentence; } cases[] = {
    /* B12's sliding Chariot is off unless chosen. */
    { "4/4/4/4/p3/4/4/R2a r - 0 20", "a1c1", "piece-movement",
      "The Red Chariot moves only one square at a time: the sliding Chariot is not a rule of "
      "this game." },
    { "4/4/4/4/4/4/4/CXpr r p 0 20", "b1b2", "face-down",
      "The piece on b1 is face down, and a face-down piece cannot move: turn it over first." },
    { "4/4/4/4/4/4/4/C1Xp r h 0 20", "a1c1", "face-down",
      "The piece on c1 is face down, and a face-down piece cannot be captured." },
    { "4/4/4/4/4/1p2/aKk1/1X2 r P 0 30", "a2a3", "not-own-piece",
      "The Black Advisor on a2 is not yours: you play Red." },
    { "4/4/4/4/4/1p2/aKk1/1X2 r P 0 30", "b2a3", "piece-movement",
      "The Red General moves along a file or a rank, never diagonally." },
    { "4/4/4/4/4/1p2/aKk1/1X2 r P 0 30", "b2b4", "piece-movement",
      "The Red General moves only one square at a time." },
    { "4/4/4/4/4/1p2/aKk1/1X2 r P 0 30", "b2b3", "general-soldier",
      "The Red General cannot take the Black Soldier: the General never takes a Soldier." },
    { "4/4/4/4/4/1p2/aKk1/1X2 b P 0 31", "a2b2", "rank",
      "The Black Advisor cannot take the Red General: the General ranks higher than the "
      "Advisor." },
    { "4/4/4/4/4/1r2/cHh1/1p2 r - 0 30", "b2b3", "rank",
      "The Red Horse cannot take the Black Chariot: the Chariot ranks higher than the Horse." },
    { "4/4/4/4/4/4/4/CXpr r p 0 20", "a1d1", "cannon-screen",
      "The Red Cannon captures only by jumping over exactly one piece, but there are 2 "
      "between a1 and d1." },
    { "4/4/4/4/4/4/4/C2p r - 0 20", "a1d1", "cannon-screen",
      "The Red Cannon captures only by jumping over exactly one piece, and there is none "
      "between a1 and d1." },
    { "4/4/4/4/4/4/4/Ch1p r - 0 20", "a1b1", "cannon-adjacent",
      "The Red Cannon cannot take the Black Horse next to it: a Cannon captures only by "
      "jumping over one piece." },
    { "4/4/4/4/4/4/4/C2p r - 0 20", "a1c1", "piece-movement",
      "The Red Cannon moves only one square at a time; it jumps only to capture." },
    { "4/4/4/4/4/4/4/CH1p r - 0 20", "a1b1", "own-piece",
      "Your own Red Horse stands on b1." },
    { "4/4/4/4/4/4/4/CH1p r - 0 20", "c1c2", "empty-square", "There is no piece on c1." },
    { "4/4/4/4/4/4/4/CH1p r - 0 20", "a1", "face-up", "The Red Cannon on a1 is face up already." },
    { "4/4/4/4/4/4/1Kh1/4 b - 50 31", "c2c1", "game-over", "The game is over." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *reason = NULL;
      g_autofree char *sentence = explain (cases[i].bfen, cases[i].move, &reason);

      g_test_message ("%s %s", cases[i].bfen, cases[i].move);
      g_assert_cmpstr (sentence, ==, cases[i].sentence);
      g_assert_cmpstr (reason, ==, cases[i].reason);
    }
  {
    const char *reason = NULL;
    g_autofree char *legal = explain ("4/4/4/4/4/4/4/CXpr r p 0 20", "a1c1", &reason);

    g_assert_null (legal);
  }
}

/* The side panel: what lies face down per kind and colour, what each seat took, the counter. */
static void
test_trays_and_counter (void)
{
  g_autoptr(CaturGame) game = catur_game_new (banqi (), dealt ("4/4/4/4/4/p3/1Kh1/X3 r P 7 30",
                                                               "P"));
  g_autoptr(GPtrArray) before = catur_game_list_trays (game, 0);
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(GPtrArray) counters = NULL;
  g_autoptr(GError) error = NULL;
  CaturTray *unrevealed = catur_tray_list_find (before, "unrevealed");
  CaturTray *taken;
  CaturPiece red_soldier = { BQ_KIND (BQ_SOLDIER, BQ_RED), CATUR_SIDE_FIRST, 0 };
  CaturPiece black_horse = { BQ_KIND (BQ_HORSE, BQ_BLACK), CATUR_SIDE_SECOND, 0 };
  CaturCounter *quiet;

  g_assert_nonnull (unrevealed);
  g_assert_cmpstr (unrevealed->title, ==, "Not yet revealed");
  g_assert_cmpuint (catur_tray_count (unrevealed, &red_soldier), ==, 1);
  taken = catur_tray_list_find (before, "taken-first");
  g_assert_cmpstr (taken->title, ==, "Taken by Red");
  g_assert_cmpuint (catur_tray_count (taken, &black_horse), ==, 1);

  counters = catur_game_list_counters (game, 0);
  quiet = catur_counter_list_find (counters, "quiet");
  g_assert_cmpuint (quiet->value, ==, 7);
  g_assert_cmpuint (quiet->limit, ==, 50);

  g_assert_true (catur_game_play_text (game, "b2xc2", &error));
  g_assert_no_error (error);
  after = catur_game_list_trays (game, 1);
  taken = catur_tray_list_find (after, "taken-first");
  g_assert_cmpuint (catur_tray_count (taken, &black_horse), ==, 2);
  g_clear_pointer (&counters, g_ptr_array_unref);
  counters = catur_game_list_counters (game, 1);
  g_assert_cmpuint (catur_counter_list_find (counters, "quiet")->value, ==, 0);
}

/* The record keeps the deal in its Deal tag, writes B3's move text, and replays to the same
 * face-down pieces under the same squares. */
static void
test_record_round_trip (void)
{
  g_autoptr(CaturGame) game = catur_game_new (banqi (), catur_variant_new_position (banqi (),
                                                                                    NULL, 11));
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(CaturRecord) read = NULL;
  g_autoptr(CaturPosition) final = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *deal = catur_variant_format_hidden (banqi (),
                                                       catur_game_get_start_position (game));
  g_autofree char *deal_tag = g_strdup_printf ("[Deal \"%s\"]", deal);
  g_autofree char *before = NULL, *after = NULL;
  GRand *rand = g_rand_new_with_seed (4);

  /* Thirty random actions. */
  for (int i = 0; i < 30 && !catur_game_is_over (game); i++)
    {
      g_autoptr(GArray) moves = catur_variant_legal_moves (banqi (),
                                                           catur_game_get_position (game));
      CaturMove move = g_array_index (moves, CaturMove, g_rand_int_range (rand, 0, moves->len));

      g_assert_true (catur_game_play (game, &move, &error));
      g_assert_no_error (error);
    }
  g_rand_free (rand);

  record = catur_record_new_from_game (game);
  text = catur_variant_write_record (banqi (), "pgn", record, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (text, "[Game \"Banqi\"]\n"));
  g_assert_nonnull (strstr (text, deal_tag));
  g_assert_true (g_regex_match_simple ("1\\. [a-d][1-8]\\([KAERHCPkaerhcp]\\) "
                                       "[a-d][1-8]\\([KAERHCPkaerhcp]\\)", text, 0, 0));

  read = catur_variant_read_record (banqi (), "pgn", text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_equal (record, read));
  final = catur_record_dup_final_position (read);
  before = catur_variant_format_hidden (banqi (), catur_game_get_position (game));
  after = catur_variant_format_hidden (banqi (), final);
  g_assert_cmpstr (after, ==, before);
  g_assert_null (strchr (after, '?'));

  /* A file of two such games (and one of another game between): both, each with its deal. */
  {
    g_autofree char *two = g_strconcat (text, "\n[Game \"Chess\"]\n\n1. e4 *\n\n", text, NULL);
    g_autoptr(GPtrArray) records = catur_variant_read_records (banqi (), "pgn", two,
                                                               strlen (two), &error);

    g_assert_no_error (error);
    g_assert_cmpuint (records->len, ==, 2);
    for (guint i = 0; i < records->len; i++)
      g_assert_true (catur_record_equal (record, g_ptr_array_index (records, i)));
  }
}

/* A record of another game, a Deal that does not fit, an illegal flip: refused, named. */
static void
test_record_refused (void)
{
  static const struct { const char *text; int code; } cases[] = {
    { "[Game \"Chinese Chess\"]\n\n1. h2e2 *\n", CATUR_RECORD_ERROR_OTHER_GAME },
    { "[Game \"Banqi\"]\n[Deal \"KKK\"]\n\n1. a1(K) *\n", CATUR_RECORD_ERROR_POSITION },
    { "[Game \"Banqi\"]\n\n1. a1(K) b1(K) *\n", CATUR_RECORD_ERROR_ILLEGAL_MOVE },
    { "[Game \"Banqi\"]\n\n1. a1(K) a1a2 *\n", CATUR_RECORD_ERROR_ILLEGAL_MOVE },
    { "[Game \"Banqi\"]\n\n1. a1(K) z9 *\n", CATUR_RECORD_ERROR_INVALID_MOVE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = catur_variant_read_record (banqi (), "pgn", cases[i].text,
                                                                 strlen (cases[i].text), &error);

      g_test_message ("%s", cases[i].text);
      g_assert_null (record);
      g_assert_error (error, CATUR_RECORD_ERROR, cases[i].code);
    }
}

/* Records a few bytes away from a valid one: refused with an error, or read, and then written
 * and read back the same. */
static void
test_record_mutations (void)
{
  static const char valid[] =
    "[Game \"Banqi\"]\n[Deal \"KAAEERRHHCCPPPPPkaaeerrhhccppppp\"]\n\n"
    "1. a1(K) b1(k) 2. a2(A) c1(a) 3. a1xb1 a3(A) *\n";
  static const char alphabet[] = "KAERHCPkaerhcpX0123456789abcd()[]\"-x=. \n";
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  guint accepted = 0;

  for (guint i = 0; i < 2000; i++)
    {
      g_autofree char *text = g_strdup (valid);
      gsize length = strlen (text);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = NULL;

      for (guint k = 0, n = g_rand_int_range (rand, 1, 4); k < n; k++)
        text[g_rand_int_range (rand, 0, length)]
          = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      record = catur_variant_read_record (banqi (), "pgn", text, length, &error);
      if (record != NULL)
        {
          g_autofree char *written = catur_variant_write_record (banqi (), "pgn", record, NULL);
          g_autoptr(CaturRecord) again = catur_variant_read_record (banqi (), "pgn", written,
                                                                    strlen (written), NULL);
          g_autofree char *rewritten = NULL;
          g_autoptr(CaturPosition) final = NULL, final_again = NULL;
          g_autofree char *hidden = NULL, *hidden_again = NULL;

          /* The same moves to the same face-down pieces; written alike (a record without a
           * result comes back with PGN's `*`, so the texts are compared, not the tags). */
          g_assert_nonnull (again);
          g_assert_cmpuint (catur_record_get_n_moves (again), ==,
                            catur_record_get_n_moves (record));
          final = catur_record_dup_final_position (record);
          final_again = catur_record_dup_final_position (again);
          hidden = catur_variant_format_hidden (banqi (), final);
          hidden_again = catur_variant_format_hidden (banqi (), final_again);
          g_assert_cmpstr (hidden, ==, hidden_again);
          rewritten = catur_variant_write_record (banqi (), "pgn", again, NULL);
          g_assert_cmpstr (rewritten, ==, written);
          accepted++;
        }
      else
        g_assert_true (error != NULL && error->domain == CATUR_RECORD_ERROR);
    }
  /* Some changes leave a valid record (a comment, another deal of the same pieces). */
  g_assert_cmpuint (accepted, >, 0);
}

/* The autosave resumes the same deal: the same face-down pieces under the same squares. */
static void
test_autosave_same_deal (void)
{
  g_autoptr(CaturGame) game = catur_game_new (banqi (), catur_variant_new_position (banqi (),
                                                                                    NULL, 21));
  g_autoptr(CaturAutosave) saved = NULL;
  g_autoptr(CaturAutosave) parsed = NULL;
  g_autoptr(CaturGame) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL, *before = NULL, *after = NULL;
  gsize length;

  g_assert_true (catur_game_play_text (game, "c3", &error));
  g_assert_true (catur_game_play_text (game, "d8", &error));
  g_assert_true (catur_game_play_text (game, "a1", &error));
  g_assert_no_error (error);
  saved = catur_autosave_new_from_game (game);
  data = catur_autosave_to_data (saved, &length);
  parsed = catur_autosave_parse (data, length, &error);
  g_assert_no_error (error);
  restored = catur_autosave_restore (parsed, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_game_get_n_plies (restored), ==, 3);
  before = catur_variant_format_hidden (banqi (), catur_game_get_position (game));
  after = catur_variant_format_hidden (banqi (), catur_game_get_position (restored));
  g_assert_cmpuint (strlen (after), ==, 29);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (catur_game_get_side_name (restored, CATUR_SIDE_FIRST), ==,
                   catur_game_get_side_name (game, CATUR_SIDE_FIRST));
}

/* Nothing that writes text or thinks is told a face-down piece. */
static void
test_text_tells_nothing (void)
{
  g_autoptr(CaturPosition) a = dealt (BT9, BT9_LAYOUT_A);
  g_autoptr(CaturPosition) b = dealt (BT9, BT9_LAYOUT_B);
  g_autoptr(CaturPosition) observation = catur_variant_observe (banqi (), a);
  g_autofree char *text_a = catur_variant_format (banqi (), a);
  g_autofree char *text_b = catur_variant_format (banqi (), b);
  g_autofree char *hidden = catur_variant_format_hidden (banqi (), observation);
  g_autoptr(GPtrArray) trays_a = catur_variant_list_trays (banqi (), a);
  CaturMove flip = move_of ("b1");
  g_autofree char *notation = catur_variant_format_move (banqi (), a, &flip, NULL);

  g_assert_cmpstr (text_a, ==, BT9);
  g_assert_cmpstr (text_a, ==, text_b);
  g_assert_cmpstr (hidden, ==, "??");
  g_assert_cmpstr (notation, ==, "b1");
  g_assert_cmpuint (catur_tray_count (catur_tray_list_find (trays_a, "unrevealed"),
                                      &(CaturPiece) { BQ_KIND (BQ_SOLDIER, BQ_RED),
                                                      CATUR_SIDE_FIRST, 0 }), ==, 1);
}

/* What the players know, checked after every ply of a game. */
typedef struct
{
  guint quiet;
  int first_colour;
  guint captured;
} Tally;

static void
check_invariants (const BqPosition *pos,
                  const Tally      *tally)
{
  guint face_up = 0, face_down = 0, pooled = 0;

  for (int sq = 0; sq < BQ_SQUARES; sq++)
    {
      face_up += BQ_IS_FACE_UP (pos->cell[sq]);
      face_down += BQ_IS_FACE_DOWN (pos->cell[sq]);
    }
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    pooled += pos->pool[kind];
  g_assert_cmpuint (face_down, ==, pooled);
  g_assert_cmpuint (face_up + pooled + tally->captured, ==, 32);
  g_assert_cmpuint (pos->quiet, ==, tally->quiet);
  g_assert_cmpint (pos->first_colour, ==, tally->first_colour);
}

/* Plays one game from a deal of @seed under @options (may be NULL), at random (or by the
 * computer at @level when @computer), checking the invariants every ply; returns its length. */
static guint
play_game (guint64    seed,
           gboolean   computer,
           CaturLevel level,
           GVariant  *options)
{
  g_autoptr(CaturGame) game = catur_game_new (banqi (), catur_variant_new_position (banqi (),
                                                                                    options, seed));
  GRand *rand = g_rand_new_with_seed ((guint32) seed);
  Tally tally = { 0, -1, 0 };

  while (!catur_game_is_over (game))
    {
      const CaturPosition *position = catur_game_get_position (game);
      const BqPosition *pos = BQ_CONST (position);
      g_autoptr(GArray) moves = catur_variant_legal_moves (banqi (), position);
      g_autoptr(GError) error = NULL;
      CaturMove move;
      gboolean capture;
      int seat = pos->side;

      g_assert_cmpuint (moves->len, >, 0);
      if (computer)
        {
          g_autoptr(CaturPosition) observation = catur_variant_observe (banqi (), position);
          CaturSearchLimits limits;
          CaturSearchResult result;

          catur_search_limits_init (&limits, level);
          /* The soak checks the rules along a thousand games, not the play: a small search
           * and a small table keep it to a minute of the slow suite. */
          limits.nodes = 600;
          limits.hash_mb = 1;
          limits.seed = seed;
          g_assert_true (catur_variant_think (banqi (), observation, &limits, NULL, NULL, NULL,
                                              &result, &error));
          g_assert_true (result.has_move);
          move = result.move;
          g_assert_true (catur_variant_is_legal (banqi (), position, &move));
        }
      else
        move = g_array_index (moves, CaturMove, g_rand_int_range (rand, 0, moves->len));
      capture = !(move.flags & CATUR_MOVE_FLIP) && move.to < BQ_SQUARES && pos->cell[move.to] != 0;

      g_assert_true (catur_game_play (game, &move, &error));
      g_assert_no_error (error);
      pos = BQ_CONST (catur_game_get_position (game));

      if (move.flags & CATUR_MOVE_FLIP)
        {
          g_autoptr(CaturGameMove) item = g_list_model_get_item (catur_game_get_moves (game),
                                                                 catur_game_get_n_plies (game) - 1);
          const CaturMove *played = catur_game_move_get_move (item);
          int colour = (played->flags & CATUR_MOVE_REVEALS_SECOND) ? BQ_BLACK : BQ_RED;

          if (tally.first_colour < 0)
            tally.first_colour = seat == 0 ? colour : 1 - colour;
          tally.quiet = 0;
        }
      else if (!(move.flags & CATUR_MOVE_DECLARE))
        tally.quiet = capture ? 0 : tally.quiet + 1;
      tally.captured += capture;
      check_invariants (pos, &tally);
      g_assert_cmpuint (catur_game_get_n_plies (game), <, 3000);
    }
  g_rand_free (rand);
  return catur_game_get_n_plies (game);
}

static void
test_random_games (void)
{
  guint n = g_test_slow () ? 10000 : 100;

  for (guint i = 0; i < n; i++)
    play_game (1000 + i, FALSE, CATUR_LEVEL_BEGINNER, NULL);
}

static void
test_computer_games (void)
{
  guint n = g_test_slow () ? 1000 : 3;

  for (guint i = 0; i < n; i++)
    play_game (5000 + i, TRUE, i % 2 ? CATUR_LEVEL_MASTER : CATUR_LEVEL_BEGINNER, NULL);
}


/* The options of a game with every rule variant of B12 and the turn time limit. */
static GVariant *
all_options (void)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-time", "s", "30");
  g_variant_dict_insert (&dict, "olympiad", "s", "on");
  g_variant_dict_insert (&dict, "chariot-slide", "s", "on");
  g_variant_dict_insert (&dict, "chain-captures", "s", "on");
  g_variant_dict_insert (&dict, "hong-kong", "s", "on");
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

static void
play (CaturGame  *game,
      const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (catur_game_play_text (game, text, &error));
  g_assert_no_error (error);
}

/* A game under every variant, with a chain of captures ended by the stop and a Chariot's
 * slide: the record keeps the options in its Rules and TimeControl tags and replays, and the
 * game it opens plays under them. Without the tags the same moves do not read. */
static void
test_variant_record (void)
{
  g_autoptr(GVariant) options = all_options ();
  g_autoptr(CaturGame) game = catur_game_new (banqi (), parse ("P2p/4/4/4/4/4/e3/Rhh1 r - 0 20"));
  g_autoptr(CaturRecord) record = NULL, read = NULL;
  g_autoptr(CaturGame) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *plain = NULL, *why = NULL;
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GRegex) rules_tag = NULL;
  const char *reason = NULL;
  const char *value = NULL;
  CaturMove other = { 28, 29, 0, 0 };

  catur_game_set_options (game, options);
  play (game, "a1xb1");
  /* The chain: Red again, the Chariot on b1 may take c1 or stop; nothing else moves. */
  g_assert_true (catur_game_get_side_to_move (game) == CATUR_SIDE_FIRST);
  moves = catur_variant_legal_moves (banqi (), catur_game_get_position (game));
  g_assert_cmpuint (moves->len, ==, 2);
  why = catur_variant_explain (banqi (), catur_game_get_position (game), &other, &reason);
  g_assert_cmpstr (reason, ==, "chain-capture");
  g_assert_cmpstr (why, ==, "Only the Red Chariot on b1 may go on capturing; or end the turn.");
  g_clear_pointer (&why, g_free);
  other = (CaturMove) { 1, 5, 0, 0 };
  why = catur_variant_explain (banqi (), catur_game_get_position (game), &other, &reason);
  g_assert_cmpstr (why, ==, "The Red Chariot may only capture again now; or end the turn.");
  play (game, "stop");
  g_assert_true (catur_game_get_side_to_move (game) == CATUR_SIDE_SECOND);
  play (game, "d8-c8");
  /* The slide: b1 to b7 in one move, not past a piece. */
  g_clear_pointer (&why, g_free);
  other = (CaturMove) { 1, 3, 0, 0 };
  why = catur_variant_explain (banqi (), catur_game_get_position (game), &other, &reason);
  g_assert_cmpstr (why, ==, "The Red Chariot slides only over empty squares, but 1 piece stands "
                            "between b1 and d1.");
  play (game, "b1-b7");
  g_assert_cmpuint (catur_game_get_move_time (game), ==, 30);

  record = catur_record_new_from_game (game);
  text = catur_variant_write_record (banqi (), "pgn", record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "[Rules \"olympiad chariot-slide chain-captures hong-kong\"]"));
  g_assert_nonnull (strstr (text, "[TimeControl \"1/30\"]"));
  /* The stop is Red's second ply of the turn: no number of its own, and the turn's full move
   * ends with Black's answer. */
  g_assert_nonnull (strstr (text, "\n1. a1xb1 stop d8-c8 2. b1-b7 *\n"));

  read = catur_variant_read_record (banqi (), "pgn", text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (read), ==, 4);
  g_assert_true (g_variant_lookup (catur_record_get_options (read), "chain-captures", "&s",
                                   &value));
  g_assert_cmpstr (value, ==, "on");
  reopened = catur_record_to_game (read, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_game_get_move_time (reopened), ==, 30);
  g_assert_cmpuint (BQ_CONST (catur_game_get_position (reopened))->rules, ==,
                    BQ_RULE_OLYMPIAD | BQ_RULE_CHARIOT_SLIDE | BQ_RULE_CHAIN
                    | BQ_RULE_HONG_KONG);

  /* The same record without its rules: the stop is no legal move. */
  rules_tag = g_regex_new ("\\[Rules [^\\]]*\\]\n", 0, 0, NULL);
  plain = g_regex_replace_literal (rules_tag, text, -1, 0, "", 0, NULL);
  g_clear_object (&read);
  read = catur_variant_read_record (banqi (), "pgn", plain, strlen (plain), &error);
  g_assert_null (read);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  read = catur_variant_read_record (banqi (), "pgn",
                                    "[Game \"Banqi\"]\n[Rules \"flying-horse\"]\n\n*\n", 40,
                                    &error);
  g_assert_null (read);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
  /* Said where the movetext begins, as every error of the file is. */
  g_assert_cmpstr (error->message, ==,
                   "Line 4: The Rules tag names a rule Banqi does not know: “flying-horse”");
}

/* A game killed in the middle of a chain of captures resumes under its rules, the chain
 * still going: the autosave keeps the options. */
static void
test_variant_autosave (void)
{
  g_autoptr(GVariant) options = all_options ();
  g_autoptr(CaturGame) game = catur_game_new (banqi (), parse ("P2p/4/4/4/4/4/e3/Rhh1 r - 0 20"));
  g_autoptr(CaturAutosave) saved = NULL, parsed = NULL;
  g_autoptr(CaturGame) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GPtrArray) counters = NULL;
  const BqPosition *pos;
  gsize length;

  catur_game_set_options (game, options);
  play (game, "a1xb1");
  saved = catur_autosave_new_from_game (game);
  data = catur_autosave_to_data (saved, &length);
  parsed = catur_autosave_parse (data, length, &error);
  g_assert_no_error (error);
  restored = catur_autosave_restore (parsed, &error);
  g_assert_no_error (error);

  pos = BQ_CONST (catur_game_get_position (restored));
  g_assert_cmpuint (pos->rules, ==, BQ_RULE_OLYMPIAD | BQ_RULE_CHARIOT_SLIDE | BQ_RULE_CHAIN
                                    | BQ_RULE_HONG_KONG);
  g_assert_cmpuint (pos->chain, ==, 2);
  g_assert_cmpuint (catur_game_get_move_time (restored), ==, 30);
  /* The side panel counts to the Olympiad's 180. */
  counters = catur_game_list_counters (restored, catur_game_get_n_plies (restored));
  g_assert_cmpuint (catur_counter_list_find (counters, "quiet")->limit, ==, 180);
  play (restored, "b1xc1");
  g_assert_true (catur_game_get_side_to_move (restored) == CATUR_SIDE_SECOND);
}

/* Random and computer games under each rule variant alone and all of them together, the
 * invariants checked at every ply (a chain's stop included). */
static void
test_variant_games (void)
{
  static const char * const ids[] = { "olympiad", "chariot-slide", "chain-captures",
                                      "hong-kong", NULL };
  guint n = g_test_slow () ? 2000 : 50, thinking = g_test_slow () ? 100 : 5;

  for (guint i = 0; i < n + thinking; i++)
    {
      g_autoptr(GVariant) options = NULL;
      GVariantDict dict;

      g_variant_dict_init (&dict, NULL);
      for (guint j = 0; ids[j] != NULL; j++)
        if (i % 5 == 4 || i % 5 == j)
          g_variant_dict_insert (&dict, ids[j], "s", "on");
      options = g_variant_ref_sink (g_variant_dict_end (&dict));
      play_game (20000 + i, i >= n, i % 2 ? CATUR_LEVEL_MASTER : CATUR_LEVEL_BEGINNER, options);
    }
}

/* The Olympiad rule's threefold repetition draws; without the rule the game goes on. */
static void
test_variant_repetition (void)
{
  static const char * const walk[] = { "a1-a2", "d1-d2", "a2-a1", "d2-d1" };

  for (int olympiad = 0; olympiad < 2; olympiad++)
    {
      g_autoptr(CaturGame) game = catur_game_new (banqi (), parse ("4/4/4/4/4/4/4/K2k r - 0 20"));
      g_autoptr(GVariant) options = NULL;
      GVariantDict dict;

      g_variant_dict_init (&dict, NULL);
      g_variant_dict_insert (&dict, "olympiad", "s", olympiad ? "on" : "off");
      options = g_variant_ref_sink (g_variant_dict_end (&dict));
      catur_game_set_options (game, options);
      for (int i = 0; i < 8; i++)
        play (game, walk[i % 4]);
      g_assert_true (catur_game_is_over (game) == olympiad);
      if (olympiad)
        {
          g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_DRAW);
          g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_REPETITION);
        }
    }
}

/* Whether @moves holds a move from @from to @to with @flags (a flip's piece aside). */
static gboolean
has_move (GArray         *moves,
          guint           from,
          guint           to,
          CaturMoveFlags  flags)
{
  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);

      if (move->from == from && move->to == to && (move->flags & ~CATUR_MOVE_REVEALS_SECOND)
                                                  == flags)
        return TRUE;
    }
  return FALSE;
}

/* B7: a Cannon jumps exactly one piece. With a second piece behind the screen (Cannon,
 * screen, piece, target) it takes the piece, never the target behind it: along a file over
 * face-up pieces, along a rank over a face-down screen, and over a screen of its own and a
 * face-down piece. */
static void
test_cannon_two_screens (void)
{
  static const struct { const char *bfen, *near, *far, *sentence; } cases[] = {
    { "4/4/4/4/r3/h3/p3/C3 r - 0 20", "a1xa3", "a1xa4",
      "The Red Cannon captures only by jumping over exactly one piece, but there are 2 "
      "between a1 and a4." },
    { "4/4/4/4/4/4/4/CXhr r p 0 20", "a1xc1", "a1xd1",
      "The Red Cannon captures only by jumping over exactly one piece, but there are 2 "
      "between a1 and d1." },
    { "4/4/4/4/r3/X3/P3/C3 r p 0 20", NULL, "a1xa4",
      "The Red Cannon captures only by jumping over exactly one piece, but there are 2 "
      "between a1 and a4." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CaturPosition) position = parse (cases[i].bfen);
      g_autoptr(GArray) moves = catur_variant_legal_moves (banqi (), position);
      g_autoptr(GError) error = NULL;
      g_autofree char *why = NULL;
      const char *reason = NULL;
      CaturMove far;

      g_assert_true (catur_variant_parse_move (banqi (), position, cases[i].far, &far, &error));
      g_assert_no_error (error);
      g_assert_false (has_move (moves, far.from, far.to, 0));
      why = catur_variant_explain (banqi (), position, &far, &reason);
      if (cases[i].near != NULL)
        {
          CaturMove near;

          g_assert_true (catur_variant_parse_move (banqi (), position, cases[i].near, &near,
                                                   &error));
          g_assert_true (has_move (moves, near.from, near.to, 0));
        }
      g_assert_cmpstr (reason, ==, "cannon-screen");
      g_assert_cmpstr (why, ==, cases[i].sentence);
    }
}

/* Each illegal (from, to) pair of @position has a sentence and a reason; each legal one none:
 * steps and captures between every two squares, the flip of every square, the stop. */
static guint
check_explanations (const CaturPosition *position)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (banqi (), position);
  CaturMove stop = { CATUR_SQUARE_NONE, CATUR_SQUARE_NONE, 0, CATUR_MOVE_DECLARE };
  guint pairs = 0;

  for (guint from = 0; from < 32; from++)
    for (guint to = 0; to < 32; to++)
      for (int flip = 0; flip < 2; flip++)
        {
          CaturMove move = { from, to, 0, flip ? CATUR_MOVE_FLIP : 0 };
          g_autofree char *why = NULL;
          g_autofree char *text = NULL;
          const char *reason = NULL;
          gboolean legal = has_move (moves, from, to, move.flags);

          if (flip && from != to)
            continue;
          why = catur_variant_explain (banqi (), position, &move, &reason);
          if (legal == (why == NULL) && (legal || (reason != NULL && *why != '\0')))
            {
              pairs++;
              continue;
            }
          text = catur_variant_format (banqi (), position);
          g_error ("%s: %u to %u%s is %s, explained: %s", text, from, to, flip ? " (flip)" : "",
                   legal ? "legal" : "illegal", why != NULL ? why : "(nothing)");
        }
  {
    g_autofree char *why = NULL;
    const char *reason = NULL;

    why = catur_variant_explain (banqi (), position, &stop, &reason);
    g_assert_true (has_move (moves, stop.from, stop.to, CATUR_MOVE_DECLARE) == (why == NULL));
  }
  return pairs;
}

/* The move generator and the explanations agree on every pair of squares of positions reached
 * by random playouts from random deals, under random rule variants (B12). */
static void
test_explanations_agree (void)
{
  static const char * const ids[] = { "olympiad", "chariot-slide", "chain-captures",
                                      "hong-kong" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (29);
  guint positions = 0, pairs = 0;

  for (guint game = 0; game < 40; game++)
    {
      g_autoptr(GVariant) options = NULL;
      g_autoptr(CaturPosition) position = NULL;
      GVariantDict dict;

      g_variant_dict_init (&dict, NULL);
      for (guint j = 0; j < G_N_ELEMENTS (ids); j++)
        g_variant_dict_insert (&dict, ids[j], "s", g_rand_boolean (rand) ? "on" : "off");
      options = g_variant_ref_sink (g_variant_dict_end (&dict));
      position = catur_variant_new_position (banqi (), options, g_rand_int (rand));

      for (guint ply = 0; ply < 400; ply++)
        {
          g_autoptr(GArray) moves = catur_variant_legal_moves (banqi (), position);
          CaturMove move;

          /* Every third position, and each one of a chain of captures. */
          if (ply % 3 == 0 || has_move (moves, CATUR_SQUARE_NONE, CATUR_SQUARE_NONE,
                                        CATUR_MOVE_DECLARE))
            {
              pairs += check_explanations (position);
              positions++;
            }
          if (moves->len == 0)
            break;
          move = g_array_index (moves, CaturMove, g_rand_int_range (rand, 0, moves->len));
          catur_variant_play (banqi (), position, &move);
        }
    }
  g_test_message ("%u positions, %u pairs", positions, pairs);
  g_assert_cmpuint (positions, >, 1000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/banqi/game/bt9-same-observation-same-decision", test_bt9);
  g_test_add_func ("/banqi/game/piece-at-hides", test_piece_at_hides);
  g_test_add_func ("/banqi/game/first-flip-colours", test_first_flip_colours);
  g_test_add_func ("/banqi/game/flags", test_flags);
  g_test_add_func ("/banqi/game/explanations", test_explanations);
  g_test_add_func ("/banqi/game/cannon-two-screens", test_cannon_two_screens);
  g_test_add_func ("/banqi/game/explanations-agree", test_explanations_agree);
  g_test_add_func ("/banqi/game/trays-and-counter", test_trays_and_counter);
  g_test_add_func ("/banqi/game/text-tells-nothing", test_text_tells_nothing);
  g_test_add_func ("/banqi/record/round-trip", test_record_round_trip);
  g_test_add_func ("/banqi/record/refused", test_record_refused);
  g_test_add_func ("/banqi/record/mutations", test_record_mutations);
  g_test_add_func ("/banqi/autosave/same-deal", test_autosave_same_deal);
  g_test_add_func ("/banqi/variant/record", test_variant_record);
  g_test_add_func ("/banqi/variant/repetition", test_variant_repetition);
  g_test_add_func ("/banqi/variant/autosave", test_variant_autosave);
  g_test_add_func ("/banqi/soak/variant-games", test_variant_games);
  g_test_add_func ("/banqi/soak/random-games", test_random_games);
  g_test_add_func ("/banqi/soak/computer-games", test_computer_games);

  return g_test_run ();
}
