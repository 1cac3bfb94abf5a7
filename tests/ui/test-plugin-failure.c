/* test-plugin-failure.c: a broken plugin is named, the others still play
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Before anything loads, CATUR_PLUGIN_PATH is set to two folders: that of Pawn Duel
 * (tests/minimal, one game in a module of its own) and one holding a `libbroken.so` that is
 * only text. The real games stay out, so that the test runs whichever games the build has, and
 * with Pawn Duel alone left it checks too what a single game leaves out of the preferences.
 * (The test games of tests/variant are two in one module: with them, one game is never left.)
 */
#include <glib/gstdio.h>

#include "catur-ui-test.h"

/* Pawn Duel's squares: rank * 5 + file, a1 = 0. */
#define A1 0
#define A2 5

static CaturApplication *application;

static void
test_failure_bar_names_plugin (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  GtkRevealer *bar = GTK_REVEALER (catur_ui_test_child (window, "failure_revealer"));
  GtkLabel *label = GTK_LABEL (catur_ui_test_child (window, "failure_label"));
  const CaturPluginFailure *failure;
  const char *text;

  g_assert_cmpuint (catur_plugins_get_failures ()->len, ==, 1);
  g_assert_true (gtk_revealer_get_reveal_child (bar));
  text = gtk_label_get_text (label);
  g_test_message ("failure bar: %s", text);
  g_assert_nonnull (strstr (text, "libbroken.so"));
  failure = g_ptr_array_index (catur_plugins_get_failures (), 0);
  g_assert_cmpstr (failure->name, ==, "libbroken.so");
  g_assert_nonnull (strstr (text, failure->message));

  /* The bar stays until the player closes it. */
  catur_ui_test_iterate (300);
  g_assert_true (gtk_revealer_get_reveal_child (bar));
  g_signal_emit_by_name (catur_ui_test_child (window, "failure_close_button"), "clicked");
  g_assert_false (gtk_revealer_get_reveal_child (bar));

  catur_ui_test_close (window);
}

static void
test_failure_other_games_play (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  GtkWidget *history;

  g_assert_nonnull (game);
  g_assert_cmpstr (catur_variant_get_id (catur_game_get_variant (game)), ==, "minimal");

  catur_ui_test_click (view, A1);
  catur_ui_test_click (view, A2);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  history = catur_history_view_get_list (CATUR_HISTORY_VIEW (catur_ui_test_child (window,
                                                                                  "history_view")));
  g_assert_true (catur_ui_test_wait_for_label (history, "a1a2"));

  catur_ui_test_close (window);
}

/* The broken plugin aside, one game is left: the preferences offer no choice of game, and
 * their first group is the players'. */
static void
test_one_game_preferences (void)
{
  CaturWindow *window;
  GtkWidget *preferences;
  GtkWidget *game_row;
  GtkWidget *group;

  /* Only an installed Catur's games, which the search path always ends with, could join. */
  if (catur_plugins_get_variants ()->len != 1)
    {
      g_test_skip ("More than one game loaded: an installed Catur's plugin folder has games");
      return;
    }
  window = catur_ui_test_window (application);
  catur_window_show_preferences (window, NULL);
  preferences = GTK_WIDGET (catur_window_get_preferences_window (window));
  g_assert_nonnull (preferences);
  gtk_test_widget_wait_for_draw (preferences);

  game_row = catur_ui_test_find_named (preferences, "game");
  g_assert_nonnull (game_row);
  g_assert_false (gtk_widget_get_visible (game_row));
  group = gtk_widget_get_ancestor (game_row, ADW_TYPE_PREFERENCES_GROUP);
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), ==,
                   "Players");
  g_assert_true (gtk_widget_get_visible (catur_ui_test_find_named (preferences, "mode")));
  /* The row is named as in the New Game dialog, not after its group. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                     catur_ui_test_find_named (preferences, "mode"))), ==, "_Opponent");

  gtk_window_destroy (GTK_WINDOW (preferences));
  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *broken = NULL;
  g_autofree char *path = NULL;
  int status;

  catur_ui_test_isolate ();

  folder = g_dir_make_tmp ("catur-broken-XXXXXX", &error);
  g_assert_no_error (error);
  broken = g_build_filename (folder, "libbroken.so", NULL);
  g_file_set_contents (broken, "This is not a shared library.\n", -1, &error);
  g_assert_no_error (error);

  /* The broken plugin after the working one, as a folder of plugins added later would be. */
  path = g_strconcat (CATUR_MINIMAL_DIR, G_SEARCHPATH_SEPARATOR_S, folder, NULL);
  g_setenv ("CATUR_PLUGIN_PATH", path, TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
  g_test_add_func ("/ui/plugin-failure/bar-names-plugin", test_failure_bar_names_plugin);
  g_test_add_func ("/ui/plugin-failure/other-games-play", test_failure_other_games_play);
  g_test_add_func ("/ui/plugin-failure/one-game-preferences", test_one_game_preferences);
  status = g_test_run ();

  g_clear_object (&application);
  g_unlink (broken);
  g_rmdir (folder);
  return status;
}
