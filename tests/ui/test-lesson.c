/* test-lesson.c: a lesson on the window's board, by real clicks and by real keys; the start
 * bar and the tips
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Xiangqi lesson is played to its end by clicks (xdotool under Xvfb): a miss, a move the
 * rules forbid, each step solved, left half-way and taken up again, finished and marked. The
 * Chess lesson's first steps are played by keys alone: the cursor, Return, the panel's
 * mnemonics. What a screen reader hears is what the board was last given to say.
 */
#include "catur-ui-test.h"
#include "catur-lesson-panel.h"
#include "catur-start-bar.h"

static CaturApplication *application;

#ifdef GDK_WINDOWING_X11
typedef struct
{
  CaturWindow *window;
  const char *text;
  guint plies;
} Expected;

static gboolean
heard (gpointer data)
{
  Expected *expected = data;

  return g_strcmp0 (catur_board_view_get_announcement (
                      catur_window_get_board_view (expected->window)), expected->text) == 0;
}

static gboolean
answered (gpointer data)
{
  Expected *expected = data;
  CaturLessonPanel *panel = CATUR_LESSON_PANEL (catur_window_get_lesson_panel (
                                                  expected->window));

  return g_strcmp0 (catur_lesson_panel_get_answer (panel), expected->text) == 0;
}

static gboolean
plies_are (gpointer data)
{
  Expected *expected = data;

  return catur_game_get_n_plies (catur_window_get_game (expected->window)) == expected->plies;
}

static CaturLesson *
first_lesson (const char *id)
{
  CaturVariant *variant = catur_plugins_find_variant (id);
  g_autoptr(GPtrArray) lessons = NULL;
  g_autoptr(GError) error = NULL;

  if (variant == NULL)
    return NULL;
  lessons = catur_lesson_list (variant, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lessons->len, >, 0);
  return g_object_ref (g_ptr_array_index (lessons, 0));
}

/* A move that solves the exercise's step, and one that misses it. */
static void
find_moves (CaturExercise *exercise,
            CaturMove     *solution,
            CaturMove     *miss)
{
  CaturVariant *variant = catur_lesson_get_variant (catur_exercise_get_lesson (exercise));
  g_autoptr(GArray) moves = catur_variant_legal_moves (variant,
                                                       catur_exercise_get_position (exercise));
  gboolean have_solution = FALSE, have_miss = FALSE;

  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      CaturTryResult result = catur_exercise_try (exercise, move, NULL);

      if (result == CATUR_TRY_SOLVED && !have_solution)
        {
          *solution = *move;
          have_solution = TRUE;
        }
      else if (result == CATUR_TRY_MISSED && !have_miss)
        {
          *miss = *move;
          have_miss = TRUE;
        }
      catur_exercise_set_step_index (exercise, catur_exercise_get_step_index (exercise));
    }
  g_assert_true (have_solution && have_miss);
}

static void
x_play (CaturWindow     *window,
        const CaturMove *move)
{
  CaturBoardView *view = catur_window_get_board_view (window);

  catur_ui_test_x_click (window, view, move->from);
  catur_ui_test_iterate (30);
  catur_ui_test_x_click (window, view, move->to);
  catur_ui_test_iterate (30);
}

static void
test_lesson_by_click (void)
{
  g_autoptr(CaturLesson) lesson = first_lesson ("xiangqi");
  g_autoptr(CaturExercise) shadow = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturLessonPanel *panel;
  CaturStartBar *bar;
  CaturWindow *window;
  CaturBoardView *view;
  Expected expected;
  guint n_steps, step;
  gboolean finished;

  if (lesson == NULL)
    {
      catur_ui_test_missing ("This build has no Xiangqi");
      return;
    }
  if (!catur_ui_test_can_send_events ())
    return;
  window = catur_ui_test_window (application);
  expected.window = window;
  view = catur_window_get_board_view (window);
  game = g_object_ref (catur_window_get_game (window));
  panel = CATUR_LESSON_PANEL (catur_window_get_lesson_panel (window));
  bar = CATUR_START_BAR (catur_window_get_start_bar (window));
  n_steps = catur_lesson_get_n_steps (lesson);

  /* The game's start page offers its lesson, and a tip; the game menu offers it too. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_false (catur_start_bar_get_finished (bar));
  g_assert_true (g_str_has_prefix (catur_start_bar_get_tip (bar), "Tip: "));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  {
    GMenuModel *menu = catur_window_get_game_menu (window);
    gboolean offered = FALSE;

    for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
      {
        g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i,
                                                                     G_MENU_LINK_SECTION);

        for (int j = 0; section != NULL && j < g_menu_model_get_n_items (section); j++)
          {
            g_autofree char *action = NULL;

            if (g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_ACTION, "s",
                                                 &action))
              offered |= g_str_equal (action, "win.learn");
          }
      }
    g_assert_true (offered);
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (bar), "win.learn", "s", ""));
  catur_ui_test_iterate (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_cmpstr (catur_lesson_panel_get_counter (panel), ==, "Step 1 of 11");
  shadow = catur_exercise_new (lesson);
  g_assert_cmpstr (catur_lesson_panel_get_task (panel), ==,
                   catur_exercise_get_step (shadow)->task);
  /* A screen reader hears the task on coming to the board. */
  {
    g_autofree char *spoken = g_strdup_printf ("Step 1 of 11. %s",
                                               catur_exercise_get_step (shadow)->task);

    expected.text = spoken;
    g_assert_true (catur_ui_test_wait_until (heard, &expected));
  }
  g_assert_true (catur_window_get_game (window) != game);

  for (guint i = 0; i < n_steps; i++)
    {
      const CaturLessonStep *step_data = catur_exercise_get_step (shadow);
      CaturMove solution, miss, illegal = { 0 };

      find_moves (shadow, &solution, &miss);
      if (i == 0)
        {
          /* A legal move that misses: the step's sentence, said, then taken back. */
          x_play (window, &miss);
          expected.text = step_data->miss;
          g_assert_true (catur_ui_test_wait_until (answered, &expected));
          g_assert_true (catur_ui_test_wait_until (heard, &expected));
          expected.plies = 0;
          g_assert_true (catur_ui_test_wait_until (plies_are, &expected));
          g_assert_false (g_action_get_enabled (
                            g_action_map_lookup_action (G_ACTION_MAP (window), "lesson-next")));

          /* A move the rules forbid: the game's own sentence. */
          {
            g_autofree char *why = NULL;

            /* The piece of the solution, sent to an empty point where it never goes (a
             * click on a piece of its own would pick that piece instead). */
            illegal.from = solution.from;
            for (illegal.to = 0;
                 catur_variant_is_legal (catur_lesson_get_variant (lesson),
                                         catur_exercise_get_position (shadow), &illegal)
                 || catur_variant_piece_at (catur_lesson_get_variant (lesson),
                                            catur_exercise_get_position (shadow), illegal.to,
                                            NULL);
                 illegal.to++)
              ;
            why = catur_variant_explain (catur_lesson_get_variant (lesson),
                                         catur_exercise_get_position (shadow), &illegal, NULL);
            g_assert_nonnull (why);
            x_play (window, &illegal);
            expected.text = why;
            g_assert_true (catur_ui_test_wait_until (answered, &expected));
            g_assert_cmpuint (catur_game_get_n_plies (catur_window_get_game (window)), ==, 0);
            catur_board_view_cancel_selection (view);
          }

          /* "Show me" lights up the task's squares and names them. */
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "win.lesson-show",
                                                     NULL));
          catur_ui_test_iterate (20);
          {
            CaturSquare from, to;

            g_assert_true (catur_board_view_get_hint (view, &from, &to));
            g_assert_cmpuint (from, ==, g_array_index (step_data->show, CaturSquare, 0));
            expected.text = "Look at a0, a9.";
            g_assert_true (catur_ui_test_wait_until (heard, &expected));
          }
        }

      x_play (window, &solution);
      expected.text = i + 1 < n_steps ? "Well done! Go on to the next step."
                                      : "Well done! That was the last step.";
      g_assert_true (catur_ui_test_wait_until (answered, &expected));
      g_assert_true (catur_ui_test_wait_until (heard, &expected));
      if (i == 0)
        catur_ui_test_screenshot ("lesson-xiangqi");

      if (i == 2)
        {
          /* Left half-way: the game left before comes back; the lesson is taken up later at
           * the step reached. */
          g_assert_true (catur_lesson_load_progress ("xiangqi-basics", &step, &finished));
          g_assert_cmpuint (step, ==, 3);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "win.lesson-quit",
                                                     NULL));
          catur_ui_test_iterate (20);
          g_assert_true (catur_window_get_game (window) == game);
          g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
          g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (bar), "win.learn", "s", ""));
          catur_ui_test_iterate (50);
          g_assert_cmpstr (catur_lesson_panel_get_counter (panel), ==, "Step 4 of 11");
          g_assert_true (catur_exercise_next (shadow));
          continue;
        }
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "win.lesson-next", NULL));
      catur_ui_test_iterate (30);
      if (i + 1 < n_steps)
        {
          g_autofree char *counter = g_strdup_printf ("Step %u of 11", i + 2);

          g_assert_true (catur_exercise_next (shadow));
          g_assert_cmpstr (catur_lesson_panel_get_counter (panel), ==, counter);
        }
    }

  /* Finished: the game left comes back, and its start page marks the lesson. */
  g_assert_true (catur_window_get_game (window) == game);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (catur_lesson_load_progress ("xiangqi-basics", &step, &finished));
  g_assert_true (finished);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_true (catur_start_bar_get_finished (bar));
  expected.text = "You finished “Learn to Play Xiangqi”.";
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  catur_ui_test_close (window);
}

/* Moves the board's cursor to @square with real arrow keys, then presses Return. */
static void
x_key_to (CaturWindow *window,
          CaturSquare  square)
{
  CaturBoardView *view = catur_window_get_board_view (window);
  const CaturBoardLayout *layout = catur_board_view_get_layout (view);
  int column, row;

  catur_board_layout_square_cell (layout, square, &column, &row);
  for (guint tries = 0; tries < 40 && catur_board_view_get_cursor (view) != square; tries++)
    {
      int at_column, at_row;

      catur_board_layout_square_cell (layout, catur_board_view_get_cursor (view), &at_column,
                                      &at_row);
      catur_ui_test_x_key (window, at_column < column ? "Right" : at_column > column ? "Left"
                                   : at_row < row ? "Down" : "Up");
      catur_ui_test_iterate (10);
    }
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, square);
  catur_ui_test_x_key (window, "Return");
  catur_ui_test_iterate (20);
}

static gboolean
board_focused (gpointer data)
{
  GtkWidget *board = GTK_WIDGET (catur_window_get_board_view (data));
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (data));

  return focus != NULL && (focus == board || gtk_widget_is_ancestor (focus, board));
}

static gboolean
board_left (gpointer data)
{
  return !board_focused (data);
}

static gboolean
lesson_over (gpointer data)
{
  return !gtk_widget_get_visible (catur_window_get_lesson_panel (data));
}

static void
test_lesson_by_keyboard (void)
{
  g_autoptr(CaturLesson) lesson = first_lesson ("chess");
  g_autoptr(CaturExercise) shadow = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturLessonPanel *panel;
  CaturWindow *window;
  CaturBoardView *view;
  Expected expected;

  if (lesson == NULL)
    {
      catur_ui_test_missing ("This build has no Chess");
      return;
    }
  if (!catur_ui_test_can_send_events ())
    return;
  window = catur_ui_test_window (application);
  expected.window = window;
  view = catur_window_get_board_view (window);
  game = catur_game_new (catur_plugins_find_variant ("chess"), NULL);
  catur_window_set_game (window, game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  panel = CATUR_LESSON_PANEL (catur_window_get_lesson_panel (window));
  shadow = catur_exercise_new (lesson);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "win.learn", "s", "chess"));
  catur_ui_test_iterate (50);
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready, view));
  g_assert_true (catur_ui_test_wait_until (board_focused, window));

  for (guint i = 0; i < 3; i++)
    {
      CaturMove solution, miss;

      find_moves (shadow, &solution, &miss);
      if (i == 0)
        {
          /* Alt+S is "Show Me": the squares are lit and named. */
          catur_ui_test_x_key (window, "alt+s");
          catur_ui_test_iterate (30);
          expected.text = "Look at e2, e4.";
          g_assert_true (catur_ui_test_wait_until (heard, &expected));
          g_assert_true (catur_ui_test_wait_until (board_focused, window));

          x_key_to (window, miss.from);
          x_key_to (window, miss.to);
          expected.text = catur_exercise_get_step (shadow)->miss;
          g_assert_true (catur_ui_test_wait_until (heard, &expected));
          expected.plies = 0;
          g_assert_true (catur_ui_test_wait_until (plies_are, &expected));
        }
      x_key_to (window, solution.from);
      x_key_to (window, solution.to);
      expected.text = "Well done! Go on to the next step.";
      g_assert_true (catur_ui_test_wait_until (heard, &expected));
      if (i == 0)
        catur_ui_test_screenshot ("lesson-chess");
      /* Alt+N goes on; the focus comes back to the board with the next task. */
      catur_ui_test_x_key (window, "alt+n");
      catur_ui_test_iterate (50);
      g_assert_true (catur_exercise_next (shadow));
      {
        g_autofree char *counter = g_strdup_printf ("Step %u of %u", i + 2,
                                                    catur_lesson_get_n_steps (lesson));
        g_autofree char *spoken = g_strdup_printf ("%s. %s", counter,
                                                   catur_exercise_get_step (shadow)->task);

        expected.text = spoken;
        g_assert_true (catur_ui_test_wait_until (heard, &expected));
        g_assert_cmpstr (catur_lesson_panel_get_counter (panel), ==, counter);
      }
      g_assert_true (catur_ui_test_wait_until (board_focused, window));
    }

  /* Away from the board and back (Ctrl+B): the task is read again. */
  {
    g_autofree char *spoken = g_strdup_printf ("%s. %s", catur_lesson_panel_get_counter (panel),
                                               catur_exercise_get_step (shadow)->task);

    catur_ui_test_x_key (window, "shift+Tab");
    g_assert_true (catur_ui_test_wait_until (board_left, window));
    expected.text = "";
    catur_board_view_announce (view, "");
    catur_ui_test_x_key (window, "ctrl+b");
    g_assert_true (catur_ui_test_wait_until (board_focused, window));
    expected.text = spoken;
    g_assert_true (catur_ui_test_wait_until (heard, &expected));
  }

  /* Alt+Q quits: the game left comes back. */
  catur_ui_test_x_key (window, "alt+q");
  g_assert_true (catur_ui_test_wait_until (lesson_over, window));
  g_assert_true (catur_window_get_game (window) == game);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  catur_ui_test_close (window);
}
#endif

/* Tips: on the start page, after a loss to the computer, and off with the setting. */
static void
test_tips (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.caturapp.Catur");
  g_autoptr(CaturGame) game = NULL;
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  CaturStartBar *bar;
  CaturWindow *window;
  g_autofree char *first = NULL;

  if (variant == NULL)
    {
      catur_ui_test_missing ("This build has no Xiangqi");
      return;
    }
  g_settings_set_string (settings, "game", "xiangqi");
  window = catur_ui_test_window (application);
  bar = CATUR_START_BAR (catur_window_get_start_bar (window));
  g_assert_nonnull (catur_start_bar_get_tip (bar));
  first = g_strdup (catur_start_bar_get_tip (bar));

  /* Each new game turns to the next tip. */
  catur_window_new_game (window);
  catur_ui_test_iterate (30);
  g_assert_cmpstr (catur_start_bar_get_tip (bar), !=, first);

  /* A loss to the computer: the result card has a tip too. */
  game = catur_game_new (variant, NULL);
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  catur_window_set_game (window, game);
  catur_game_resign (game, CATUR_SIDE_FIRST);
  catur_ui_test_iterate (30);
  g_assert_true (catur_ui_test_revealed (window, "result_revealer"));
  g_assert_true (g_str_has_prefix (catur_window_get_result_tip (window), "Tip: "));

  g_settings_set_boolean (settings, "show-tips", FALSE);
  catur_ui_test_iterate (20);
  g_assert_null (catur_window_get_result_tip (window));
  catur_window_new_game (window);
  catur_ui_test_iterate (30);
  g_assert_null (catur_start_bar_get_tip (bar));
  g_settings_reset (settings, "show-tips");
  catur_ui_test_close (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  catur_ui_test_isolate ();
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
#ifdef GDK_WINDOWING_X11
  g_test_add_func ("/ui/lesson/by-click", test_lesson_by_click);
  g_test_add_func ("/ui/lesson/by-keyboard", test_lesson_by_keyboard);
#endif
  g_test_add_func ("/ui/lesson/tips", test_tips);
  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
