/* test-minimal.c: the window on a game that implements only what every game must (Pawn Duel,
 * tests/minimal): it plays by clicks to its end, and the shell offers nothing the game lacks
 * (no computer, no hint, no files, no notation choice), without a warning
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With CATUR_TEST_SCREENSHOTS=<folder>, /ui/minimal/screenshots saves a picture of the window.
 */
#include "catur-ui-test.h"

/* Squares: rank * 5 + file, a1 = 0. */
#define SQUARE(name) ((CaturSquare) (((name)[1] - '1') * 5 + ((name)[0] - 'a')))

static CaturApplication *application;

static CaturVariant *
minimal (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("minimal");

  g_assert_nonnull (variant);
  return variant;
}

static CaturWindow *
window_with (const char *text)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturPosition *start = text != NULL ? catur_variant_parse (minimal (), text, &error)
                                      : catur_variant_new_position (minimal (), NULL, 0);

  g_assert_no_error (error);
  game = catur_game_new (minimal (), start);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (20);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (catur_window_get_board_view (window)));
  return window;
}

static const char *
turn_title (CaturWindow *window)
{
  return catur_turn_panel_get_title (CATUR_TURN_PANEL (catur_ui_test_child (window,
                                                                            "turn_panel")));
}

static gboolean
enabled (CaturWindow *window,
         const char  *action)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), action);
}

static gboolean
result_shown (gpointer data)
{
  return catur_ui_test_revealed (data, "result_revealer");
}

static void
click_move (CaturWindow *window,
            const char  *from,
            const char  *to)
{
  CaturBoardView *view = catur_window_get_board_view (window);

  catur_ui_test_click (view, SQUARE (from));
  catur_ui_test_click (view, SQUARE (to));
}

/* Two players click a game to its end: the turn panel follows, a refused move is explained,
 * the move list writes the game's one notation, and the result card says how it ended. */
static void
test_play_by_click (void)
{
  CaturWindow *window = window_with ("5/1p3/5/2P2/5 w");
  CaturGame *game = catur_window_get_game (window);
  GListModel *moves = catur_game_get_moves (game);
  g_autoptr(CaturGameMove) first = NULL;

  g_assert_cmpstr (turn_title (window), ==, "White");
  click_move (window, "c2", "c3");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpstr (turn_title (window), ==, "Black");
  first = g_list_model_get_item (moves, 0);
  g_assert_cmpstr (catur_game_move_get_notation (first), ==, "c2c3");
  click_move (window, "b4", "b3");
  /* Diagonally onto an empty square: refused, and said why. */
  click_move (window, "c3", "b4");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_true (catur_ui_test_revealed (window, "explanation_revealer"));
  g_assert_cmpstr (catur_ui_test_label_text (window, "explanation_label"), ==,
                   "A Pawn moves diagonally only to take.");
  /* The pawn stays selected: one more click plays it. */
  catur_ui_test_click (catur_window_get_board_view (window), SQUARE ("c4"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 3);
  click_move (window, "b3", "b2");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 4);
  click_move (window, "c4", "c5");
  click_move (window, "b2", "b1");
  /* White's pawn stands on the far rank and cannot move: White loses. */
  g_assert_true (catur_game_is_over (game));
  g_assert_true (catur_ui_test_wait_until (result_shown, window));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Black wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "White has no move left");

  catur_ui_test_close (window);
}

/* What the game lacks, the window does not offer: with the players' setting on "against the
 * computer", a game without a computer player is played by two, and says so; no hint. */
static void
test_no_computer (void)
{
  GSettings *settings = catur_application_get_settings (application);
  CaturNewGameDialog *dialog;
  CaturWindow *window;
  g_auto(GStrv) choices = NULL;
  GtkWidget *players;

  g_settings_set_string (settings, "mode", "computer");
  window = window_with (NULL);
  players = GTK_WIDGET (catur_ui_test_child (window, "players_button"));
  g_assert_cmpint (catur_game_get_computer_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_NONE);
  g_assert_false (enabled (window, "hint"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (players), ==,
                   "Two Players: this game has no computer opponent");
  g_assert_false (gtk_widget_get_sensitive (players));
  /* The new-game dialog offers no computer opponent: two people here or over the network. */
  catur_window_show_new_game_dialog (window);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  choices = catur_ui_test_row_choices (catur_new_game_dialog_get_opponent_row (dialog));
  g_assert_cmpstrv (choices, ((const char *[]) { "Two Players", "A Friend on Another Computer",
                                                 NULL }));
  g_assert_false (catur_new_game_dialog_get_against_computer (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (10);
  click_move (window, "a1", "a2");
  click_move (window, "a5", "a4");
  g_assert_cmpuint (catur_game_get_n_plies (catur_window_get_game (window)), ==, 2);
  catur_ui_test_close (window);
  g_settings_reset (settings, "mode");
}

static void
test_screenshots (void)
{
  CaturWindow *window = window_with ("5/1pp2/1P3/2P2/P4 w");

  catur_ui_test_screenshot ("minimal");
  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  catur_ui_test_isolate ();
  g_setenv ("CATUR_PLUGIN_PATH", CATUR_MINIMAL_DIR, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  application = catur_ui_test_application ();

  g_test_add_func ("/ui/minimal/play-by-click", test_play_by_click);
  g_test_add_func ("/ui/minimal/no-computer", test_no_computer);
  g_test_add_func ("/ui/minimal/screenshots", test_screenshots);

  return g_test_run ();
}
