/* test-history.c: the move list follows the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A long game, shown at start-up, played on, looked back at and scrolled: the list keeps its
 * newest row in view while the game is followed, the reviewed row in review, and lets the
 * player scroll it away from both.
 */
#include "catur-ui-test.h"
#include "testgame.h"

static CaturApplication *application;

/* A game of Sandbox (tests/variant) of @plies random legal plies (the same each run), or fewer
 * if it ends first. */
static CaturGame *
long_game (guint plies)
{
  CaturVariant *variant = testgame_variant ("sandbox");
  CaturGame *game = catur_game_new (variant, catur_variant_new_position (variant, NULL, 0));
  g_autoptr(GRand) rand = g_rand_new_with_seed (14);

  while (catur_game_get_n_plies (game) < plies && !catur_game_is_over (game))
    {
      g_autoptr(GArray) moves = catur_variant_legal_moves (variant,
                                                           catur_game_get_position (game));
      guint pick = g_rand_int_range (rand, 0, moves->len);
      CaturPiece piece;

      /* Quiet moves first, so that the game lasts. */
      for (guint tries = 0; tries < 20; tries++)
        {
          if (!catur_variant_piece_at (variant, catur_game_get_position (game),
                                       g_array_index (moves, CaturMove, pick).to, &piece))
            break;
          pick = g_rand_int_range (rand, 0, moves->len);
        }
      g_assert_true (catur_game_play (game, &g_array_index (moves, CaturMove, pick), NULL));
    }
  return game;
}

static GtkScrolledWindow *
scroller (CaturWindow *window)
{
  GtkWidget *list = catur_history_view_get_list (CATUR_HISTORY_VIEW (catur_ui_test_child (
                                                   window, "history_view")));

  return GTK_SCROLLED_WINDOW (gtk_widget_get_parent (list));
}

/* The rows of the list that lie wholly in its viewport, first and last (row indices). */
static gboolean
visible_rows (CaturWindow *window,
              int         *first,
              int         *last)
{
  GtkWidget *list = catur_history_view_get_list (CATUR_HISTORY_VIEW (catur_ui_test_child (
                                                   window, "history_view")));
  GtkWidget *viewport = GTK_WIDGET (scroller (window));
  GListModel *model = catur_history_view_get_model (CATUR_HISTORY_VIEW (catur_ui_test_child (
                                                      window, "history_view")));
  int height = gtk_widget_get_height (viewport);

  *first = G_MAXINT;
  *last = -1;
  if (height <= 0)
    return FALSE;
  /* The list's children are its rows; each row's number label says which one it is. */
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_widget_get_first_child (row);
      graphene_rect_t bounds;
      guint number;

      if (box == NULL || !gtk_widget_get_mapped (row)
          || !gtk_widget_compute_bounds (row, viewport, &bounds))
        continue;
      if (bounds.origin.y < -0.5 || bounds.origin.y + bounds.size.height > height + 0.5)
        continue;
      number = (guint) g_ascii_strtoull (gtk_label_get_text (GTK_LABEL (
                                           gtk_widget_get_first_child (box))), NULL, 10);
      if (number == 0 || number > g_list_model_get_n_items (model))
        continue;
      *first = MIN (*first, (int) number - 1);
      *last = MAX (*last, (int) number - 1);
    }
  return *last >= 0;
}

typedef struct
{
  CaturWindow *window;
  int row;
} RowShown;

static gboolean
row_shown (gpointer data)
{
  RowShown *shown = data;
  int first, last;

  return visible_rows (shown->window, &first, &last)
         && first <= shown->row && shown->row <= last;
}

/* Waits until row @row of the list lies wholly in view. */
static gboolean
wait_for_row (CaturWindow *window,
              int          row)
{
  RowShown shown = { window, row };
  gboolean found = FALSE;
  int first = -1, last = -1;

  /* Rows the list has just made may not be placed yet: each look comes once the list has
   * settled for a while. */
  for (int i = 0; i < 20 && !found; i++)
    {
      catur_ui_test_iterate (150);
      found = row_shown (&shown);
    }

  visible_rows (window, &first, &last);
  g_test_message ("rows %d to %d in view, row %d wanted; list %d of window %d px high", first,
                  last, row, gtk_widget_get_height (GTK_WIDGET (scroller (window))),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  return found;
}

static int
last_row (CaturWindow *window)
{
  GListModel *model = catur_history_view_get_model (CATUR_HISTORY_VIEW (catur_ui_test_child (
                                                      window, "history_view")));

  return (int) g_list_model_get_n_items (model) - 1;
}

/* A turn of the mouse wheel over the list, @dy steps (negative: up), as GTK hands it to the
 * list's scroll controllers. */
static void
wheel (CaturWindow *window,
       double       dy)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (
                                                                        scroller (window)));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      gboolean handled = FALSE;

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (controller))
        g_signal_emit_by_name (controller, "scroll", 0.0, dy, &handled);
    }
  catur_ui_test_iterate (300);
}

static void
test_history_follows_the_game (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(CaturGame) game = long_game (120);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller (window));
  g_autoptr(GArray) moves = NULL;
  double end, scrolled;

  /* A long game shown as a saved game is at start-up: its end in view. */
  catur_window_set_game (window, game);
  g_assert_cmpint (last_row (window), >, 30);
  g_assert_true (wait_for_row (window, last_row (window)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >,
                     gtk_adjustment_get_page_size (adjustment));
  catur_ui_test_screenshot ("history-long-game");

  /* A move played: its row comes into view. */
  moves = catur_variant_legal_moves (catur_game_get_variant (game),
                                     catur_game_get_position (game));
  g_assert_true (catur_game_play (game, &g_array_index (moves, CaturMove, 0), NULL));
  g_assert_true (wait_for_row (window, last_row (window)));

  /* Review: the row looked at comes into view, the first one too. */
  catur_game_set_view_ply (game, 1);
  g_assert_true (wait_for_row (window, 0));
  catur_game_set_view_ply (game, 40);
  g_assert_true (wait_for_row (window, 19));
  catur_game_set_view_ply (game, catur_game_get_n_plies (game));
  g_assert_true (wait_for_row (window, last_row (window)));

  /* The wheel scrolls the list, and the list stays where the player scrolled it, however it
   * is resized and its rows measured meanwhile. */
  end = gtk_adjustment_get_value (adjustment);
  wheel (window, -10.0);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), <, end - 100);
  scrolled = gtk_adjustment_get_value (adjustment);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  catur_ui_test_iterate (300);
  /* The list keeps a row where it was, at its top or bottom: it moves by the resize at most. */
  g_assert_cmpfloat (fabs (gtk_adjustment_get_value (adjustment) - scrolled), <, 60.0 + 10.0);
  g_assert_false (row_shown (&(RowShown) { window, last_row (window) }));

  /* Scrolled back to the end, it follows the game again. */
  wheel (window, 1000.0);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  catur_ui_test_iterate (300);
  g_assert_true (wait_for_row (window, last_row (window)));

  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  catur_ui_test_isolate ();
  testgame_add_plugin_path ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
  g_test_add_func ("/ui/history/follows-the-game", test_history_follows_the_game);

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
