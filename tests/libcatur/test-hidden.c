/* test-hidden.c: face-down pieces stay hidden, and the layout is kept
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On Sandbox Dark (tests/variant): the computer and the hint are handed observations, so two
 * layouts that look the same give the same move; nothing a caller reads tells a face-down
 * piece; a flip is completed with what it revealed and stored so; the autosave and the
 * records keep the layout.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

#include "testgame.h"

#define A1 0
#define B1 1
#define C1 2
#define A2 4
#define D2 7

/* Red General, Red Chariot, Red Soldier and Black's, as Sandbox Dark numbers them. */
#define RED_CHARIOT 2
#define RED_SOLDIER 3
#define BLACK_GENERAL 4

#define START "XXXX/XXXX/XXXX/XXXX f KRRPPPPPkrrppppp 0 0"

/* Two layouts alike for the players: the Generals lie on c1 and a3, or on a3 and d2. */
#define LAYOUT_A "PRkPPPPKrRpppppr"
#define LAYOUT_B "PRrPPPPKkRpppppr"

static CaturVariant *
dark (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("sandbox-dark");

  g_assert_nonnull (variant);
  return variant;
}

static CaturPosition *
dealt (const char *layout)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (dark (), START, &error);

  g_assert_no_error (error);
  g_assert_true (catur_variant_restore_hidden (dark (), position, layout, &error));
  g_assert_no_error (error);
  return position;
}

static gboolean
wait_for_plies (CaturGame *game,
                guint      plies)
{
  gint64 end = g_get_monotonic_time () + 20 * G_TIME_SPAN_SECOND;

  while (catur_game_get_n_plies (game) < plies || catur_game_get_n_searches (game) > 0)
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static CaturMove
computer_move (const char *layout)
{
  g_autoptr(CaturGame) game = catur_game_new (dark (), dealt (layout));
  g_autoptr(CaturGameMove) item = NULL;

  catur_game_set_computer (game, CATUR_SIDE_FIRST, CATUR_LEVEL_MASTER, 0);
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
  g_autoptr(CaturGame) game = catur_game_new (dark (), dealt (layout));
  Hint hint = { FALSE };

  catur_game_hint_async (game, NULL, hint_cb, &hint);
  while (!hint.done || catur_game_get_n_searches (game) > 0)
    g_main_context_iteration (NULL, TRUE);
  return hint.move;
}

/* The search as it would be if it were handed the referee's position: the test's proof that
 * it would notice. */
static CaturMove
peeking_move (const char *layout)
{
  g_autoptr(CaturPosition) referee = dealt (layout);
  CaturVariantInterface *iface = CATUR_VARIANT_GET_IFACE (dark ());
  CaturSearchLimits limits;
  CaturSearchResult result;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  g_assert_true (iface->think (dark (), referee, &limits, NULL, NULL, NULL, &result, NULL));
  g_assert_true (result.has_move);
  return result.move;
}

/* RULES B13 and BT9, on the test game: the same observation gives the same decision. */
static void
test_same_observation_same_move (void)
{
  CaturMove a = computer_move (LAYOUT_A);
  CaturMove b = computer_move (LAYOUT_B);
  CaturMove hint_a = hint_move (LAYOUT_A);
  CaturMove hint_b = hint_move (LAYOUT_B);
  CaturMove peek_a = peeking_move (LAYOUT_A);
  CaturMove peek_b = peeking_move (LAYOUT_B);

  /* The computer flipped the same piece, and the game completed both flips alike (a1 holds
   * the same Red Soldier in both layouts). */
  g_assert_true (catur_move_equal (&a, &b));
  g_assert_cmpuint (a.from, ==, A1);
  g_assert_cmpuint (a.piece, ==, RED_SOLDIER);
  g_assert_true (catur_move_equal (&hint_a, &hint_b));
  g_assert_cmpuint (hint_a.from, ==, A1);

  /* Handed the layouts, the same search would have turned over a General, a different one in
   * each: had the game handed it the referee's position, the moves would differ. */
  g_assert_cmpuint (peek_a.from, ==, C1);
  g_assert_cmpuint (peek_b.from, ==, D2);
}

/* piece_at says only that a face-down piece lies there, though the game tells more. */
static void
test_piece_at_hides (void)
{
  g_autoptr(CaturPosition) referee = dealt (LAYOUT_A);
  CaturVariantInterface *iface = CATUR_VARIANT_GET_IFACE (dark ());
  CaturPiece raw = { 0, CATUR_SIDE_NONE, 0 };
  CaturPiece seen;

  /* Sandbox Dark's own method tells the General on c1… */
  g_assert_true (iface->piece_at (dark (), referee, C1, &raw));
  g_assert_cmpuint (raw.kind, ==, BLACK_GENERAL);
  /* …which libcatur never passes on. */
  g_assert_true (catur_variant_piece_at (dark (), referee, C1, &seen));
  g_assert_cmpuint (seen.kind, ==, 0);
  g_assert_cmpint (seen.side, ==, CATUR_SIDE_NONE);
  g_assert_cmpuint (seen.flags, ==, CATUR_PIECE_FACE_DOWN);
}

/* A flip played through the game is completed with what it revealed, and stored so. */
static void
test_flip_completed (void)
{
  g_autoptr(CaturGame) game = catur_game_new (dark (), dealt (LAYOUT_A));
  g_autoptr(CaturGameMove) first = NULL;
  g_autoptr(CaturGameMove) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *bare = NULL;
  g_autofree char *hidden = NULL;
  CaturMove flip = { A1, A1, 0, CATUR_MOVE_FLIP };
  CaturPiece piece;

  bare = catur_variant_format_move (dark (), catur_game_get_position (game), &flip, NULL);
  g_assert_cmpstr (bare, ==, "a1");
  g_assert_true (catur_game_play (game, &flip, &error));
  g_assert_no_error (error);
  first = g_list_model_get_item (catur_game_get_moves (game), 0);
  g_assert_cmpuint (catur_game_move_get_move (first)->piece, ==, RED_SOLDIER);
  g_assert_cmpuint (catur_game_move_get_move (first)->flags, ==, CATUR_MOVE_FLIP);
  g_assert_cmpstr (catur_game_move_get_notation (first), ==, "a1(P)");
  g_assert_cmpstr (catur_game_move_get_coordinate (first), ==, "a1=P");
  g_assert_true (catur_variant_piece_at (dark (), catur_game_get_position (game), A1, &piece));
  g_assert_cmpuint (piece.kind, ==, RED_SOLDIER);
  g_assert_cmpint (piece.side, ==, CATUR_SIDE_FIRST);

  /* A flip that asks for a piece is legal whatever it asks, and reveals what it asks when a
   * face-down piece can give it: b1's Red Chariot changes place with the Black General. */
  flip = (CaturMove) { B1, B1, BLACK_GENERAL, CATUR_MOVE_FLIP | CATUR_MOVE_REVEALS_SECOND };
  g_assert_true (catur_variant_is_legal (dark (), catur_game_get_position (game), &flip));
  flip.piece = RED_CHARIOT;
  flip.flags = CATUR_MOVE_FLIP;
  g_assert_true (catur_variant_is_legal (dark (), catur_game_get_position (game), &flip));
  g_assert_true (catur_game_play_text (game, "b1=k", &error));
  g_assert_no_error (error);
  second = g_list_model_get_item (catur_game_get_moves (game), 1);
  g_assert_cmpuint (catur_game_move_get_move (second)->piece, ==, BLACK_GENERAL);
  g_assert_cmpuint (catur_game_move_get_move (second)->flags, ==,
                    CATUR_MOVE_FLIP | CATUR_MOVE_REVEALS_SECOND);
  hidden = catur_variant_format_hidden (dark (), catur_game_get_position (game));
  g_assert_cmpstr (hidden, ==, "RPPPPKrRpppppr");
}

/* Nothing that writes text tells what lies face down. */
static void
test_text_tells_nothing (void)
{
  g_autoptr(CaturPosition) a = dealt (LAYOUT_A);
  g_autoptr(CaturPosition) b = dealt (LAYOUT_B);
  g_autoptr(CaturPosition) observation = catur_variant_observe (dark (), a);
  g_autofree char *text_a = catur_variant_format (dark (), a);
  g_autofree char *text_b = catur_variant_format (dark (), b);
  g_autofree char *why_a = NULL;
  g_autofree char *why_b = NULL;
  g_autofree char *hidden = catur_variant_format_hidden (dark (), observation);
  CaturMove onto = { A1, B1, 0, 0 };

  g_assert_cmpstr (text_a, ==, START);
  g_assert_cmpstr (text_a, ==, text_b);
  /* The observation knows none of it. */
  g_assert_cmpstr (hidden, ==, "????????????????");

  why_a = catur_variant_explain (dark (), a, &onto, NULL);
  why_b = catur_variant_explain (dark (), b, &onto, NULL);
  g_assert_cmpstr (why_a, ==, why_b);
}

/* deal_hidden gives an observation a layout of its pool: the same for the same seed. */
static void
test_deal (void)
{
  g_autoptr(CaturPosition) parsed = NULL;
  g_autoptr(CaturPosition) again = NULL;
  g_autoptr(CaturPosition) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *layout = NULL;
  g_autofree char *same = NULL;
  g_autofree char *different = NULL;
  g_autofree char *dealt_start = NULL;
  g_autofree char *dealt_again = NULL;
  g_autoptr(CaturPosition) start = catur_variant_new_position (dark (), NULL, 42);
  g_autoptr(CaturPosition) start_again = catur_variant_new_position (dark (), NULL, 42);
  const char *text = "XXXX/XXXX/XXXR/XKXr b RPPPPPkrppppp 0 5";

  parsed = catur_variant_parse (dark (), text, &error);
  g_assert_no_error (error);
  again = catur_position_copy (parsed);
  other = catur_position_copy (parsed);
  catur_variant_deal_hidden (dark (), parsed, 7);
  catur_variant_deal_hidden (dark (), again, 7);
  catur_variant_deal_hidden (dark (), other, 8);
  layout = catur_variant_format_hidden (dark (), parsed);
  same = catur_variant_format_hidden (dark (), again);
  different = catur_variant_format_hidden (dark (), other);
  g_assert_cmpuint (strlen (layout), ==, 13);
  g_assert_null (strchr (layout, '?'));
  g_assert_cmpstr (layout, ==, same);
  g_assert_cmpstr (layout, !=, different);

  dealt_start = catur_variant_format_hidden (dark (), start);
  dealt_again = catur_variant_format_hidden (dark (), start_again);
  g_assert_cmpstr (dealt_start, ==, dealt_again);
}

/* The layout goes into the autosave and comes back, with the flips played since. */
static void
test_autosave_keeps_layout (void)
{
  g_autoptr(CaturGame) game = catur_game_new (dark (), dealt (LAYOUT_A));
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturAutosave) saved = NULL;
  g_autoptr(CaturAutosave) parsed = NULL;
  g_autoptr(CaturGame) restored = NULL;
  g_autofree char *data = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize length;

  g_assert_true (catur_game_play_text (game, "c2", &error));
  g_assert_true (catur_game_play_text (game, "b1", &error));
  g_assert_no_error (error);

  saved = catur_autosave_new_from_game (game);
  g_assert_cmpstr (saved->hidden, ==, LAYOUT_A);
  data = catur_autosave_to_data (saved, &length);
  g_assert_nonnull (strstr (data, "Hidden=" LAYOUT_A "\n"));
  g_assert_nonnull (strstr (data, "Moves=c2=P;b1=R;\n"));

  parsed = catur_autosave_parse (data, length, &error);
  g_assert_no_error (error);
  restored = catur_autosave_restore (parsed, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_game_get_n_plies (restored), ==, 2);
  before = catur_variant_format_hidden (dark (), catur_game_get_position (game));
  after = catur_variant_format_hidden (dark (), catur_game_get_position (restored));
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (catur_game_get_side_name (restored, CATUR_SIDE_FIRST), ==, "Red");
}

/* A layout the variant refuses makes the autosave unreadable, not a wrong game. */
static void
test_autosave_refused (void)
{
  static const char text[] =
    "[Autosave]\nVersion=1\nVariant=sandbox-dark\nStart=" START "\nHidden=not a layout!\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturAutosave) parsed = catur_autosave_parse (text, strlen (text), &error);
  g_autoptr(CaturGame) game = NULL;

  g_assert_no_error (error);
  game = catur_autosave_restore (parsed, &error);
  g_assert_null (game);
  g_assert_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_INVALID);
}

/* A record keeps the layout in a tag of its own, and replays the same flips. */
static void
test_record_keeps_layout (void)
{
  g_autoptr(CaturGame) game = catur_game_new (dark (), dealt (LAYOUT_B));
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(CaturRecord) read = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *layout = NULL;

  g_assert_true (catur_game_play_text (game, "a3", &error));
  g_assert_true (catur_game_play_text (game, "d4", &error));
  g_assert_no_error (error);
  record = catur_record_new_from_game (game);
  text = catur_variant_write_record (dark (), "pgn", record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "[Layout \"" LAYOUT_B "\"]"));
  g_assert_nonnull (strstr (text, "1. a3=k d4=r *"));

  read = catur_variant_read_record (dark (), "pgn", text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_equal (record, read));
  layout = catur_variant_format_hidden (dark (), catur_record_get_start (read));
  g_assert_cmpstr (layout, ==, LAYOUT_B);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  testgame_add_plugin_path ();
  catur_plugins_load ();

  g_test_add_func ("/hidden/same-observation-same-move", test_same_observation_same_move);
  g_test_add_func ("/hidden/piece-at-hides", test_piece_at_hides);
  g_test_add_func ("/hidden/flip-completed", test_flip_completed);
  g_test_add_func ("/hidden/text-tells-nothing", test_text_tells_nothing);
  g_test_add_func ("/hidden/deal", test_deal);
  g_test_add_func ("/autosave/hidden/kept", test_autosave_keeps_layout);
  g_test_add_func ("/autosave/hidden/refused", test_autosave_refused);
  g_test_add_func ("/record/hidden/kept", test_record_keeps_layout);

  return g_test_run ();
}
