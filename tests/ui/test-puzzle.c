/* test-puzzle.c: puzzles on the window's board, by real clicks and by real keys
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A Chess mate in 1 is solved by clicks (xdotool under Xvfb) after a wrong try, which the
 * solver's defence answers on the board before both moves are taken back; a mate in 2 is
 * solved by keys alone. Each game's first puzzle is opened and its task heard. What a screen
 * reader hears is what the board was last given to say.
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

/* The first puzzle of @difficulty that the window offers (none is solved yet). */
static CaturPuzzle *
first_puzzle (const char *id,
              guint       difficulty)
{
  CaturVariant *variant = catur_plugins_find_variant (id);
  g_autoptr(GPtrArray) puzzles = NULL;
  g_autoptr(GError) error = NULL;

  if (variant == NULL)
    return NULL;
  puzzles = catur_puzzle_list (variant, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < puzzles->len; i++)
    if (catur_puzzle_get_difficulty (g_ptr_array_index (puzzles, i)) == difficulty)
      return g_object_ref (g_ptr_array_index (puzzles, i));
  g_assert_not_reached ();
}

static guint
count_like (CaturPuzzle *puzzle)
{
  g_autoptr(GPtrArray) puzzles = catur_puzzle_list (catur_puzzle_get_variant (puzzle), NULL);
  guint n = 0;

  for (guint i = 0; i < puzzles->len; i++)
    n += catur_puzzle_get_difficulty (g_ptr_array_index (puzzles, i))
         == catur_puzzle_get_difficulty (puzzle);
  return n;
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

/* The window on a new game of @id, its board drawn. */
static CaturWindow *
window_on (const char *id)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(CaturGame) game = catur_game_new (catur_plugins_find_variant (id), NULL);

  catur_window_set_game (window, game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (catur_window_get_board_view (window)));
  return window;
}

/* Whether the game menu offers the puzzles of @difficulty. */
static gboolean
menu_offers (CaturWindow *window,
             const char  *difficulty)
{
  GMenuModel *menu = catur_window_get_game_menu (window);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      for (int j = 0; section != NULL && j < g_menu_model_get_n_items (section); j++)
        {
          g_autoptr(GMenuModel) sub = g_menu_model_get_item_link (section, j,
                                                                  G_MENU_LINK_SUBMENU);

          for (int k = 0; sub != NULL && k < g_menu_model_get_n_items (sub); k++)
            {
              g_autofree char *action = NULL;
              g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (
                sub, k, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);

              if (g_menu_model_get_item_attribute (sub, k, G_MENU_ATTRIBUTE_ACTION, "s",
                                                   &action)
                  && g_str_equal (action, "win.puzzle") && target != NULL
                  && g_str_equal (g_variant_get_string (target, NULL), difficulty))
                return TRUE;
            }
        }
    }
  return FALSE;
}

static void
test_puzzle_by_click (void)
{
  g_autoptr(CaturPuzzle) puzzle = first_puzzle ("chess", 1);
  g_autoptr(CaturExercise) shadow = NULL;
  g_autofree char *title = NULL;
  g_autofree char *spoken = NULL;
  g_autofree char *wrong_answer = NULL;
  g_autofree char *solved = NULL;
  CaturLessonPanel *panel;
  CaturWindow *window;
  Expected expected;
  CaturMove solution, wrong = { 0 }, refutation;
  g_autoptr(GArray) moves = NULL;
  gboolean have_wrong = FALSE;

  if (puzzle == NULL)
    {
      catur_ui_test_missing ("This build has no Chess");
      return;
    }
  if (!catur_ui_test_can_send_events ())
    return;
  window = window_on ("chess");
  expected.window = window;
  panel = CATUR_LESSON_PANEL (catur_window_get_lesson_panel (window));
  g_assert_true (menu_offers (window, "1") && menu_offers (window, "3"));

  /* The start bar's "Puzzles" begins with the easiest difficulty. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "win.puzzle", "s", ""));
  catur_ui_test_iterate (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  title = catur_puzzle_get_title (puzzle);
  g_assert_cmpstr (catur_lesson_panel_get_task (panel), ==, title);
  spoken = g_strdup_printf ("Move 1 of 1. %s", title);
  expected.text = spoken;
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  /* The card speaks of a puzzle, not of a lesson. */
  g_assert_cmpstr (catur_lesson_panel_get_counter (panel), ==, "Move 1 of 1");
  g_assert_true (catur_ui_test_has_label (GTK_WIDGET (panel), "Quit Puzzle"));
  g_assert_false (catur_ui_test_has_label (GTK_WIDGET (panel), "Quit Lesson"));

  /* A wrong try: the solver's sentence, its defence played, then both taken back. */
  shadow = catur_puzzle_new_exercise (puzzle);
  solution = g_array_index (catur_puzzle_get_line (puzzle), CaturMove, 0);
  moves = catur_variant_legal_moves (catur_puzzle_get_variant (puzzle),
                                     catur_exercise_get_position (shadow));
  for (guint i = 0; i < moves->len && !have_wrong; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);

      g_clear_pointer (&wrong_answer, g_free);
      if (catur_exercise_try (shadow, move, &wrong_answer) == CATUR_TRY_MISSED
          && catur_exercise_get_refutation (shadow, &refutation)
          && !(move->flags & CATUR_MOVE_PROMOTE))
        {
          wrong = *move;
          have_wrong = TRUE;
        }
    }
  g_assert_true (have_wrong);
  g_assert_true (g_str_has_prefix (wrong_answer, "Not mate: "));
  x_play (window, &wrong);
  expected.text = wrong_answer;
  g_assert_true (catur_ui_test_wait_until (answered, &expected));
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  expected.plies = 2;
  g_assert_true (catur_ui_test_wait_until (plies_are, &expected));
  expected.plies = 0;
  g_assert_true (catur_ui_test_wait_until (plies_are, &expected));
  g_assert_false (catur_puzzle_get_solved (puzzle));

  /* The solution: solved, counted and kept. */
  x_play (window, &solution);
  solved = g_strdup_printf ("Mate. Puzzle solved! 1 of %u solved.", count_like (puzzle));
  expected.text = solved;
  g_assert_true (catur_ui_test_wait_until (answered, &expected));
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  g_assert_true (catur_puzzle_get_solved (puzzle));
  catur_ui_test_screenshot ("puzzle-chess-solved");

  /* "Next Puzzle" brings the next one not solved. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "win.lesson-next", NULL));
  catur_ui_test_iterate (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  {
    g_autofree char *counted = g_strdup_printf ("Mate in 1: puzzle 2 of %u, 1 solved",
                                                count_like (puzzle));

    /* The panel's title says which puzzle it is and how many are solved. */
    g_assert_cmpstr (catur_lesson_panel_get_title (panel), ==, counted);
  }
  catur_ui_test_close (window);
}

static void
test_puzzle_by_keyboard (void)
{
  g_autoptr(CaturPuzzle) puzzle = first_puzzle ("chess", 2);
  GArray *line;
  CaturWindow *window;
  Expected expected;

  if (puzzle == NULL)
    {
      catur_ui_test_missing ("This build has no Chess");
      return;
    }
  if (!catur_ui_test_can_send_events ())
    return;
  window = window_on ("chess");
  expected.window = window;
  line = catur_puzzle_get_line (puzzle);
  g_assert_cmpuint (line->len, ==, 3);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.puzzle", "s", "2"));
  catur_ui_test_iterate (50);
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready,
                                           catur_window_get_board_view (window)));
  g_assert_true (catur_ui_test_wait_until (board_focused, window));

  /* The key move; the other side answers with the line's defence. */
  x_key_to (window, g_array_index (line, CaturMove, 0).from);
  x_key_to (window, g_array_index (line, CaturMove, 0).to);
  expected.text = "Right. The other side answers.";
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  expected.plies = 2;
  g_assert_true (catur_ui_test_wait_until (plies_are, &expected));

  /* Alt+N: the second move's task, heard. */
  catur_ui_test_x_key (window, "alt+n");
  catur_ui_test_iterate (50);
  expected.text = "Move 2 of 2. Now mate in 1 move.";
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  g_assert_true (catur_ui_test_wait_until (board_focused, window));
  x_key_to (window, g_array_index (line, CaturMove, 2).from);
  x_key_to (window, g_array_index (line, CaturMove, 2).to);
  {
    g_autofree char *solved = g_strdup_printf ("Mate. Puzzle solved! 1 of %u solved.",
                                               count_like (puzzle));

    expected.text = solved;
    g_assert_true (catur_ui_test_wait_until (heard, &expected));
  }
  g_assert_true (catur_puzzle_get_solved (puzzle));
  catur_ui_test_close (window);
}

/* Each game's first puzzle of each difficulty: on the board, its task read out. */
static void
test_each_game (void)
{
  static const char * const games[] = { "xiangqi", "banqi", "chess", "shogi" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(CaturPuzzle) puzzle = NULL;
      g_autofree char *title = NULL;
      g_autofree char *spoken = NULL;
      g_autofree char *shot = NULL;
      CaturWindow *window;
      Expected expected;

      if (catur_plugins_find_variant (games[g]) == NULL)
        continue;
      puzzle = first_puzzle (games[g], 2);
      window = window_on (games[g]);
      expected.window = window;
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.puzzle", "s",
                                                 "2"));
      catur_ui_test_iterate (50);
      title = catur_puzzle_get_title (puzzle);
      spoken = g_strdup_printf ("Move 1 of %u. %s",
                                (catur_puzzle_get_line (puzzle)->len + 1) / 2, title);
      expected.text = spoken;
      g_assert_true (catur_ui_test_wait_until (heard, &expected));
      /* The solver's side is at the bottom, whichever it is. */
      g_assert_cmpint (catur_game_get_bottom_side (catur_window_get_game (window)), ==,
                       catur_game_get_side_to_move (catur_window_get_game (window)));
      shot = g_strdup_printf ("puzzle-%s", games[g]);
      catur_ui_test_screenshot (shot);
      catur_ui_test_close (window);
    }
}
#endif

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
  g_test_add_func ("/ui/puzzle/by-click", test_puzzle_by_click);
  g_test_add_func ("/ui/puzzle/by-keyboard", test_puzzle_by_keyboard);
  g_test_add_func ("/ui/puzzle/each-game", test_each_game);
#endif
  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
