/* test-drills.c: "Try Again from Here" and "Practise Your Mistakes" on the window's board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * By real keys and clicks (xdotool under Xvfb): a game reviewed before a mistake, Ctrl+R sets
 * the drill up; in Chess a sound move solves it at once (kept as solved); in Xiangqi two
 * misses are told why, Show Me (Alt+S) then marks the piece and the move, and the drill
 * solved after them is kept as failed. Practise Your Mistakes says when none is due, and
 * offers the one due, giving the game back afterwards. What a screen reader hears is what
 * the board was last given to say.
 */
#include "catur-ui-test.h"
#include "catur-lesson-panel.h"

static CaturApplication *application;

#ifdef GDK_WINDOWING_X11
typedef struct
{
  CaturWindow *window;
  const char *text;
  guint plies;
} Expected;

static gboolean
heard_part (gpointer data)
{
  Expected *expected = data;
  const char *said = catur_board_view_get_announcement (
    catur_window_get_board_view (expected->window));

  return said != NULL && strstr (said, expected->text) != NULL;
}

static gboolean
answer_has (gpointer data)
{
  Expected *expected = data;
  CaturLessonPanel *panel = CATUR_LESSON_PANEL (catur_window_get_drill_panel (
                                                  expected->window));

  return strstr (catur_lesson_panel_get_answer (panel), expected->text) != NULL;
}

static gboolean
plies_are (gpointer data)
{
  Expected *expected = data;

  return catur_game_get_n_plies (catur_window_get_game (expected->window)) == expected->plies;
}

/* A game of two players with @moves played from @position, reviewed from its start. */
static CaturGame *
reviewed_game (CaturWindow *window,
               const char  *game_id,
               const char  *position,
               const char  *move)
{
  CaturVariant *variant = catur_plugins_find_variant (game_id);
  g_autoptr(GError) error = NULL;
  CaturGame *game = catur_game_new (variant, catur_variant_parse (variant, position, &error));

  g_assert_no_error (error);
  g_assert_true (catur_game_play_text (game, move, &error));
  g_assert_no_error (error);
  catur_window_set_game (window, game);
  catur_game_set_view_ply (game, 0);
  catur_ui_test_iterate (50);
  return game;
}

static CaturSquare
square (const char *game_id,
        const char *name)
{
  CaturVariant *variant = catur_plugins_find_variant (game_id);
  CaturGeometry geometry;

  catur_variant_get_geometry (variant, &geometry);
  for (guint i = 0; i < (guint) geometry.files * geometry.ranks; i++)
    {
      char text[8];

      catur_variant_square_name (variant, i, text);
      if (strcmp (text, name) == 0)
        return i;
    }
  g_assert_not_reached ();
}

static void
x_move (CaturWindow *window,
        const char  *game_id,
        const char  *from,
        const char  *to)
{
  CaturBoardView *view = catur_window_get_board_view (window);

  catur_ui_test_x_click (window, view, square (game_id, from));
  catur_ui_test_iterate (50);
  catur_ui_test_x_click (window, view, square (game_id, to));
  catur_ui_test_iterate (50);
}

/* A mnemonic right after another key or a click is sometimes lost under Xvfb: a moment
 * between them, as a person leaves. */
static void
x_mnemonic (CaturWindow *window,
            const char  *key)
{
  catur_ui_test_iterate (600);
  catur_ui_test_x_key (window, key);
  catur_ui_test_iterate (300);
}

static CaturDrill *
only_drill (const char *game_id)
{
  g_autoptr(CaturDrills) store = catur_drills_new (NULL);
  g_autoptr(GPtrArray) list = catur_drills_list (store, game_id);

  g_assert_cmpuint (list->len, ==, 1);
  return catur_drill_copy (g_ptr_array_index (list, 0));
}

static void
test_solved (void)
{
  CaturWindow *window;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturDrill) drill = NULL;
  GtkWidget *panel;
  Expected expected;

  if (catur_plugins_find_variant ("chess") == NULL)
    {
      catur_ui_test_missing ("Chess is not built");
      return;
    }
  window = catur_ui_test_window (application);
  game = g_object_ref (reviewed_game (window, "chess", "4k3/8/8/r7/8/2N5/8/4K3 w - - 0 1",
                                      "c3d5"));
  panel = catur_window_get_drill_panel (window);
  g_assert_false (gtk_widget_get_visible (panel));

  catur_ui_test_x_key (window, "ctrl+r");
  expected = (Expected) { window, "Find a better move.", 0 };
  g_assert_true (catur_ui_test_wait_until (heard_part, &expected));
  g_assert_true (gtk_widget_get_visible (panel));
  g_assert_true (catur_window_get_game (window) != game);
  catur_ui_test_screenshot ("drill-chess");

  x_move (window, "chess", "c3", "e2");
  expected = (Expected) { window, "Better: that keeps the Knight.", 1 };
  g_assert_true (catur_ui_test_wait_until (answer_has, &expected));
  g_assert_true (catur_ui_test_wait_until (heard_part, &expected));
  drill = only_drill ("chess");
  g_assert_cmpuint (drill->n_solved, ==, 1);
  g_assert_cmpuint (drill->box, ==, 1);
  g_assert_nonnull (drill->best);
  catur_ui_test_screenshot ("drill-chess-solved");

  /* Continue (Alt+N): the game reviewed comes back. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "drill-next"));
  x_mnemonic (window, "alt+n");
  g_assert_true (catur_window_get_game (window) == game);
  g_assert_false (gtk_widget_get_visible (panel));
  catur_ui_test_close (window);
}

static void
test_failed_with_hint (void)
{
  CaturWindow *window;
  CaturBoardView *view;
  g_autoptr(CaturDrill) drill = NULL;
  CaturSquare from, to;
  Expected expected;

  if (catur_plugins_find_variant ("xiangqi") == NULL)
    {
      catur_ui_test_missing ("Xiangqi is not built");
      return;
    }
  window = catur_ui_test_window (application);
  view = catur_window_get_board_view (window);
  reviewed_game (window, "xiangqi", "3aka3/9/9/4p4/r8/9/2H1P4/9/9/3AKA3 w - - 0 1", "c3d5");

  /* Show Me gives nothing before two misses. */
  catur_ui_test_x_key (window, "ctrl+r");
  expected = (Expected) { window, "Find a better move.", 0 };
  g_assert_true (catur_ui_test_wait_until (heard_part, &expected));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "drill-show"));

  /* First miss: the Horse left hanging on b5, taken back. */
  x_move (window, "xiangqi", "c3", "b5");
  expected = (Expected) { window, "Horse on b5 hanging", 0 };
  g_assert_true (catur_ui_test_wait_until (answer_has, &expected));
  g_assert_true (catur_ui_test_wait_until (heard_part, &expected));
  g_assert_true (catur_ui_test_wait_until (plies_are, &expected));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "drill-show"));

  /* Second miss: the game's own move; now a hint is offered. */
  x_move (window, "xiangqi", "c3", "d5");
  expected = (Expected) { window, "Press Show Me for a hint.", 0 };
  g_assert_true (catur_ui_test_wait_until (answer_has, &expected));
  g_assert_true (catur_ui_test_wait_until (plies_are, &expected));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "drill-show"));
  catur_ui_test_screenshot ("drill-xiangqi-missed");

  x_mnemonic (window, "alt+s");
  expected = (Expected) { window, "Hint: move your ", 0 };
  g_assert_true (catur_ui_test_wait_until (heard_part, &expected));
  g_assert_true (catur_board_view_get_hint (view, &from, &to));
  g_assert_cmpuint (from, ==, to);
  x_mnemonic (window, "alt+s");
  expected = (Expected) { window, "Hint: ", 0 };
  catur_ui_test_iterate (100);
  g_assert_true (catur_board_view_get_hint (view, &from, &to));
  g_assert_cmpuint (from, !=, to);

  /* The engine's move solves it, but the drill is kept as failed: it comes back soon. */
  {
    CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
    char from_name[8], to_name[8];

    catur_variant_square_name (variant, from, from_name);
    catur_variant_square_name (variant, to, to_name);
    x_move (window, "xiangqi", from_name, to_name);
  }
  expected = (Expected) { window, "Better", 1 };
  g_assert_true (catur_ui_test_wait_until (answer_has, &expected));
  drill = only_drill ("xiangqi");
  g_assert_cmpuint (drill->n_failed, ==, 1);
  g_assert_cmpuint (drill->box, ==, 0);
  catur_ui_test_screenshot ("drill-xiangqi-solved");

  x_mnemonic (window, "alt+q");
  g_assert_false (gtk_widget_get_visible (catur_window_get_drill_panel (window)));
  catur_ui_test_close (window);
}

static void
test_practise (void)
{
  CaturWindow *window;
  CaturGame *game;
  g_autoptr(CaturDrills) store = catur_drills_new (NULL);
  g_autoptr(CaturDrill) added = NULL;
  g_autoptr(GError) error = NULL;
  Expected expected;

  if (catur_plugins_find_variant ("xiangqi") == NULL)
    {
      catur_ui_test_missing ("Xiangqi is not built");
      return;
    }
  window = catur_ui_test_window (application);
  catur_window_select_game (window, "xiangqi");
  catur_ui_test_iterate (50);
  game = catur_window_get_game (window);
  {
    g_autoptr(GMenuModel) learn = g_menu_model_get_item_link (
      catur_window_get_game_menu (window), 2, G_MENU_LINK_SECTION);
    gboolean listed = FALSE;

    for (int i = 0; i < g_menu_model_get_n_items (learn); i++)
      {
        g_autofree char *action = NULL;

        if (g_menu_model_get_item_attribute (learn, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
          listed = listed || g_str_equal (action, "win.practise");
      }
    g_assert_true (listed);
  }

  /* The Xiangqi drill of the test before was failed minutes ago: none is due yet. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "practise", NULL);
  expected = (Expected) { window, "No Xiangqi drills are due.", 0 };
  g_assert_true (catur_ui_test_wait_until (heard_part, &expected));
  g_assert_true (catur_window_get_game (window) == game);

  /* One due: offered, solved by keys and clicks, and the game comes back. */
  added = catur_drills_add (store, "xiangqi", "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", "e1d2",
                            NULL, "A quiet move.", &error);
  g_assert_no_error (error);
  g_action_group_activate_action (G_ACTION_GROUP (window), "practise", NULL);
  expected = (Expected) { window, "Drill 1 of 1. In the game you played", 0 };
  g_assert_true (catur_ui_test_wait_until (heard_part, &expected));
  x_move (window, "xiangqi", "e1", "f2");
  expected = (Expected) { window, "Better", 1 };
  g_assert_true (catur_ui_test_wait_until (answer_has, &expected));
  x_mnemonic (window, "alt+n");
  expected = (Expected) { window, "You practised 1 drill.", 0 };
  g_assert_true (catur_ui_test_wait_until (heard_part, &expected));
  g_assert_true (catur_window_get_game (window) == game);
  catur_ui_test_close (window);
}
#endif

int
main (int    argc,
      char **argv)
{
  int status;

  catur_ui_test_isolate ();
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
#ifdef GDK_WINDOWING_X11
  g_test_add_func ("/ui/drills/solved", test_solved);
  g_test_add_func ("/ui/drills/failed-with-hint", test_failed_with_hint);
  g_test_add_func ("/ui/drills/practise", test_practise);
#endif
  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
