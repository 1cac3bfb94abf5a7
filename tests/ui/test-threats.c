/* test-threats.c: the coach while playing, by real clicks and keys: pieces in danger marked
 * and updated after a move, the squares attacked (Ctrl+T), and "Check my move" stopping a
 * move that leaves a piece hanging (choose another; play it anyway) and letting a good move
 * through
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With CATUR_TEST_SCREENSHOTS=<folder>, the marks and the question are saved as pictures.
 */
#include "catur-ui-test.h"

/* Red's Horse on d5 stands in the Black Chariot's way on a5, undefended. */
#define HANGING "3aka3/9/9/4p4/r2H5/9/4P4/9/9/3AKA3 w - - 0 1"
/* Red's Horse on c3 is safe; c3-d5 puts it in the Chariot's way. */
#define BLUNDER "3aka3/9/9/4p4/r8/9/2H1P4/9/9/3AKA3 w - - 0 1"

static CaturApplication *application;
static GSettings *settings;

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

static CaturSquare
square (const char *name)
{
  for (CaturSquare s = 0; s < 90; s++)
    {
      char text[8] = "";

      catur_variant_square_name (xiangqi (), s, text);
      if (g_str_equal (text, name))
        return s;
    }
  g_assert_not_reached ();
}

/* A window playing @text; against the computer at its lowest level when @computer. */
static CaturWindow *
window_with (const char *text,
             gboolean    computer)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturPosition *start = catur_variant_parse (xiangqi (), text, &error);

  g_assert_no_error (error);
  game = catur_game_new (xiangqi (), start);
  catur_window_set_game (window, game);
  /* After the window's players, which the settings give: two. */
  if (computer)
    catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_NEWCOMER, 0);
  catur_ui_test_iterate (20);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (catur_window_get_board_view (window)));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready,
                                           catur_window_get_board_view (window)));
  return window;
}

static gboolean
marked (CaturBoardView *view,
        const char     *name)
{
  GArray *threats = catur_board_view_get_threats (view);

  for (guint i = 0; i < threats->len; i++)
    if (g_array_index (threats, CaturThreat, i).square == square (name))
      return TRUE;
  return FALSE;
}

static void
test_marks (void)
{
  CaturWindow *window;
  CaturBoardView *view;
  CaturGame *game;

  if (!catur_ui_test_can_send_events ())
    return;
  g_settings_set_string (settings, "threat-marks", "always");
  window = window_with (HANGING, FALSE);
  view = catur_window_get_board_view (window);
  game = catur_window_get_game (window);

  /* Two players: the side to move's pieces. */
  g_assert_true (catur_board_view_get_threats_shown (view));
  g_assert_cmpuint (catur_board_view_get_threats (view)->len, ==, 1);
  g_assert_true (marked (view, "d5"));
  catur_ui_test_screenshot ("threats-marked");

  /* The cell under the cursor says the danger. */
  catur_ui_test_x_click (window, view, square ("d5"));
  catur_ui_test_iterate (30);
  g_test_message ("%s", catur_board_view_get_accessible_label (view));
  g_assert_nonnull (strstr (catur_board_view_get_accessible_label (view),
                            "d5, Red Horse, in danger: the Black Chariot on a5 can take it"));

  /* The Horse leaves: nothing of Black's is in danger after it. */
  catur_ui_test_x_click (window, view, square ("c3"));
  catur_ui_test_iterate (30);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_false (marked (view, "d5"));
  g_assert_cmpuint (catur_board_view_get_threats (view)->len, ==, 0);

  /* Black's Chariot to a3 attacks the Horse on c3, and it is Red's turn again. */
  catur_ui_test_x_click (window, view, square ("a5"));
  catur_ui_test_x_click (window, view, square ("a3"));
  catur_ui_test_iterate (30);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_true (marked (view, "c3"));

  /* Never: nothing marked. */
  g_settings_set_string (settings, "threat-marks", "never");
  catur_ui_test_iterate (10);
  g_assert_cmpuint (catur_board_view_get_threats (view)->len, ==, 0);
  g_settings_reset (settings, "threat-marks");
  catur_ui_test_close (window);
}

/* Automatic: against the computer at its lowest levels, not in a game of two. */
static void
test_marks_auto (void)
{
  CaturWindow *window = window_with (HANGING, FALSE);
  CaturBoardView *view = catur_window_get_board_view (window);

  g_settings_reset (settings, "threat-marks");
  g_assert_false (catur_board_view_get_threats_shown (view));
  catur_game_set_computer (catur_window_get_game (window), CATUR_SIDE_SECOND,
                           CATUR_LEVEL_NEWCOMER, 0);
  catur_ui_test_iterate (20);
  g_assert_true (catur_board_view_get_threats_shown (view));
  g_assert_true (marked (view, "d5"));
  catur_ui_test_close (window);
}

static void
test_attacked_key (void)
{
  CaturWindow *window;
  CaturBoardView *view;
  GArray *attacked;
  gboolean found = FALSE;

  if (!catur_ui_test_can_send_events ())
    return;
  window = window_with (HANGING, FALSE);
  view = catur_window_get_board_view (window);
  g_assert_false (catur_board_view_get_show_attacked (view));

  gtk_widget_grab_focus (GTK_WIDGET (view));
  catur_ui_test_x_key (window, "ctrl+t");
  catur_ui_test_iterate (30);
  g_assert_true (catur_board_view_get_show_attacked (view));
  attacked = catur_board_view_get_attacked (view);
  for (guint i = 0; i < attacked->len; i++)
    found |= g_array_index (attacked, CaturSquare, i) == square ("d5");
  g_assert_true (found);
  g_test_message ("%s", catur_board_view_get_announcement (view));
  g_assert_true (g_str_has_prefix (catur_board_view_get_announcement (view),
                                   "Black attacks "));
  g_assert_nonnull (strstr (catur_board_view_get_announcement (view),
                            "In danger: Horse on d5."));
  catur_ui_test_screenshot ("threats-attacked");

  catur_ui_test_x_key (window, "ctrl+t");
  catur_ui_test_iterate (30);
  g_assert_false (catur_board_view_get_show_attacked (view));
  g_assert_cmpuint (catur_board_view_get_attacked (view)->len, ==, 0);
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==, "Attacked squares hidden.");
  catur_ui_test_close (window);
}

static gboolean
pending (gpointer data)
{
  return catur_board_view_get_pending_move (data, NULL);
}

static gboolean
not_pending (gpointer data)
{
  return !catur_board_view_get_pending_move (data, NULL);
}

static gboolean
two_plies (gpointer data)
{
  return catur_game_get_n_plies (data) >= 2;
}

static void
test_check_my_move (void)
{
  CaturWindow *window;
  CaturBoardView *view;
  CaturGame *game;
  CaturPiece piece;

  if (!catur_ui_test_can_send_events ())
    return;
  g_settings_set_boolean (settings, "check-my-move", TRUE);
  g_settings_set_string (settings, "threat-marks", "never");
  window = window_with (BLUNDER, TRUE);
  view = catur_window_get_board_view (window);
  game = catur_window_get_game (window);

  /* c3-d5 is held, judged and stopped: the Horse would hang. */
  catur_ui_test_x_click (window, view, square ("c3"));
  catur_ui_test_x_click (window, view, square ("d5"));
  catur_ui_test_iterate (10);
  g_assert_true (pending (view) || catur_ui_test_find_message_dialog () != NULL);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_message_dialog_shown, NULL));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (catur_ui_test_find_message_dialog ()),
                            "This leaves your Horse on d5 hanging: the Chariot on a5 takes it."));
  catur_ui_test_screenshot ("threats-check-my-move");
  catur_ui_test_answer ("Hanging", NULL, "choose");
  g_assert_true (catur_ui_test_wait_until (not_pending, view));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_true (catur_variant_piece_at (xiangqi (), catur_game_get_position (game),
                                         square ("c3"), &piece));
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==, "Choose another move.");

  /* The same move again, played anyway: the computer answers it. */
  catur_ui_test_x_click (window, view, square ("c3"));
  catur_ui_test_x_click (window, view, square ("d5"));
  catur_ui_test_answer ("Hanging", NULL, "play");
  g_assert_true (catur_ui_test_wait_until (two_plies, game));
  g_assert_false (catur_board_view_get_pending_move (view, NULL));

  g_settings_reset (settings, "check-my-move");
  g_settings_reset (settings, "threat-marks");
  catur_ui_test_close (window);
}

static void
test_good_move_passes (void)
{
  CaturWindow *window;
  CaturBoardView *view;
  CaturGame *game;

  if (!catur_ui_test_can_send_events ())
    return;
  g_settings_set_boolean (settings, "check-my-move", TRUE);
  window = window_with (BLUNDER, TRUE);
  view = catur_window_get_board_view (window);
  game = catur_window_get_game (window);

  /* A quiet pawn step: held a moment, then played without a question. */
  catur_ui_test_x_click (window, view, square ("e3"));
  catur_ui_test_x_click (window, view, square ("e4"));
  g_assert_true (catur_ui_test_wait_until (two_plies, game));
  g_assert_null (catur_ui_test_find_message_dialog ());
  g_assert_false (catur_board_view_get_pending_move (view, NULL));

  g_settings_reset (settings, "check-my-move");
  catur_ui_test_close (window);
}

/* In each game built, a piece in danger marked and the squares attacked shown, light and
 * dark; with CATUR_TEST_SCREENSHOTS set, each is saved as threats-<game>-<style>.png. */
static void
test_each_game (void)
{
  static const struct
  {
    const char *game;
    const char *position;
  } games[] = {
    { "xiangqi", "3k5/9/4c4/9/4p4/9/4H4/9/9/5K3 w - - 0 1" },
    { "chess", "4k3/8/4p3/3N4/8/8/8/4K3 w - - 0 1" },
    { "shogi", "4k4/9/9/9/4p4/4S4/4P4/9/4K4 b - 1" },
    { "banqi", "XcXX/4/1X2/1R2/4/4/K3/3k r PPpp 0 20" },
  };
  AdwStyleManager *style = adw_style_manager_get_default ();

  g_settings_set_string (settings, "threat-marks", "always");
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      CaturVariant *variant = catur_plugins_find_variant (games[i].game);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturGame) game = NULL;
      CaturWindow *window;
      CaturBoardView *view;
      CaturPosition *start;

      if (variant == NULL)
        continue;
      start = catur_variant_parse (variant, games[i].position, &error);
      g_assert_no_error (error);
      catur_variant_deal_hidden (variant, start, 5);
      window = catur_ui_test_window (application);
      view = catur_window_get_board_view (window);
      game = catur_game_new (variant, start);
      catur_window_set_game (window, game);
      catur_ui_test_iterate (20);
      catur_board_view_set_show_attacked (view, TRUE);
      g_assert_cmpuint (catur_board_view_get_threats (view)->len, ==, 1);
      g_assert_cmpuint (catur_board_view_get_attacked (view)->len, >, 0);
      for (int dark = 0; dark < 2; dark++)
        {
          g_autofree char *name = g_strdup_printf ("threats-%s-%s", games[i].game,
                                                   dark ? "dark" : "light");

          adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                          : ADW_COLOR_SCHEME_FORCE_LIGHT);
          gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
          catur_ui_test_screenshot (name);
        }
      adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
      catur_ui_test_close (window);
    }
  g_settings_reset (settings, "threat-marks");
}

int
main (int   argc,
      char *argv[])
{
  catur_ui_test_isolate ();
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  application = catur_ui_test_application ();
  settings = g_settings_new ("io.github.caturapp.Catur");
  g_settings_set_string (settings, "mode", "two-players");

  g_test_add_func ("/ui/threats/marks", test_marks);
  g_test_add_func ("/ui/threats/marks-auto", test_marks_auto);
  g_test_add_func ("/ui/threats/attacked-key", test_attacked_key);
  g_test_add_func ("/ui/threats/check-my-move", test_check_my_move);
  g_test_add_func ("/ui/threats/good-move-passes", test_good_move_passes);
  g_test_add_func ("/ui/threats/each-game", test_each_game);

  return g_test_run ();
}
