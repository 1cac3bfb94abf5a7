/* test-banqi-shell.c: Banqi in the shell's shared parts: the long board lying 8 wide in a wide
 * window and upright in a narrow one, played by clicks and keys; the turn clock of the time
 * limit option, its automatic moves and the loss on the second time-out in a row; a chain of
 * captures as one turn of the move list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With CATUR_TEST_SCREENSHOTS=<folder> the rotated test also captures the screen at both
 * shapes (banqi-landscape.png, banqi-portrait.png).
 */
#include "catur-ui-test.h"
#include "catur-history-model.h"

#define A1 0
#define B1 1
#define A2 4
#define B2 5
#define C1 2
#define A3 8
#define C4 14
#define D8 31

static CaturApplication *application;

static CaturVariant *
banqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("banqi");

  g_assert_nonnull (variant);
  return variant;
}

static CaturWindow *
window_with_game (CaturGame *game)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturBoardView *view = catur_window_get_board_view (window);

  catur_window_set_game (window, game);
  catur_ui_test_iterate (20);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready, view));
  return window;
}

typedef struct
{
  CaturBoardView *view;
  int width;
  int height;
} Size;

static gboolean
window_size_is (gpointer data)
{
  Size *size = data;
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (size->view)));

  /* The window's default size counts its client-side shadow: a few pixels more. */
  return ABS (gtk_widget_get_width (window) - size->width) <= 24
         && ABS (gtk_widget_get_height (window) - size->height) <= 24
         && catur_ui_test_board_ready (size->view);
}

static void
resize (CaturWindow *window,
        int          width,
        int          height)
{
  Size size = { catur_window_get_board_view (window), width, height };

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_assert_true (catur_ui_test_wait_until (window_size_is, &size));
  catur_ui_test_iterate (50);
}

/* The centre of the cell at @column and @row as the board stands on the screen, worked out
 * from the layout's corner rather than by the code under test. */
static void
cell_center (CaturBoardView *view,
             int             column,
             int             row,
             double         *x,
             double         *y)
{
  const CaturBoardLayout *layout = catur_board_view_get_layout (view);

  *x = layout->x + (column + 0.5) * layout->cell;
  *y = layout->y + (row + 0.5) * layout->cell;
}

static void
press (CaturBoardView *view,
       guint           keyval)
{
  g_assert_true (catur_board_view_key_press (view, keyval, 0));
  catur_ui_test_iterate (5);
}

static CaturSquare
last_from (CaturGame *game)
{
  g_autoptr(CaturGameMove) move = g_list_model_get_item (catur_game_get_moves (game),
                                                         catur_game_get_n_plies (game) - 1);

  return catur_game_move_get_move (move)->from;
}

static gboolean
face_up (CaturGame   *game,
         CaturSquare  square)
{
  CaturPiece piece;

  return catur_variant_piece_at (banqi (), catur_game_get_position (game), square, &piece)
         && (piece.flags & CATUR_PIECE_FACE_DOWN) == 0;
}

/* Wide (a laptop's 1200 × 640, which the side panel's trays must not make taller): the board
 * lies with its 8 ranks across, the first player's edge at the left, a1 at the
 * top left and b1 under it. A click there flips a1; the arrows follow the board as it lies
 * (right goes up the file to a2, down along the rank to b2) and Enter flips. Narrow: upright
 * again, a1 at the bottom left, d8 at the top right, where a click flips it. */
static void
test_rotated (void)
{
  g_autoptr(CaturGame) game = catur_game_new (banqi (),
                                              catur_variant_new_position (banqi (), NULL, 17));
  CaturWindow *window = window_with_game (game);
  CaturBoardView *view = catur_window_get_board_view (window);
  double x, y, cx, cy;

  resize (window, 1200, 640);
  g_assert_true (catur_board_view_get_layout (view)->rotated);
  g_assert_cmpfloat (gtk_widget_get_width (GTK_WIDGET (view)), >,
                     gtk_widget_get_height (GTK_WIDGET (view)));

  cell_center (view, 0, 1, &x, &y);
  g_assert_true (catur_board_view_square_center (view, B1, &cx, &cy));
  g_assert_cmpfloat_with_epsilon (x, cx, 0.001);
  g_assert_cmpfloat_with_epsilon (y, cy, 0.001);
  cell_center (view, 7, 3, &x, &y);
  g_assert_true (catur_board_view_square_center (view, D8, &cx, &cy));
  g_assert_cmpfloat_with_epsilon (x, cx, 0.001);
  g_assert_cmpfloat_with_epsilon (y, cy, 0.001);

  cell_center (view, 0, 0, &x, &y);
  catur_board_view_click_at (view, x, y);
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpuint (last_from (game), ==, A1);
  g_assert_true (face_up (game, A1));

  /* a1 is the top left corner: up and left lead off the board and leave the cursor there
   * (whether the first key only shows it or moves it already). */
  press (view, GDK_KEY_Up);
  press (view, GDK_KEY_Left);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, A1);
  press (view, GDK_KEY_Right);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, A2);
  press (view, GDK_KEY_Down);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, B2);
  press (view, GDK_KEY_Return);
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_cmpuint (last_from (game), ==, B2);
  g_assert_true (face_up (game, B2));
  catur_ui_test_screenshot ("banqi-landscape");

  resize (window, 640, 1000);
  g_assert_false (catur_board_view_get_layout (view)->rotated);
  cell_center (view, 1, 6, &x, &y);
  g_assert_true (catur_board_view_square_center (view, B2, &cx, &cy));
  g_assert_cmpfloat_with_epsilon (x, cx, 0.001);
  g_assert_cmpfloat_with_epsilon (y, cy, 0.001);
  cell_center (view, 3, 0, &x, &y);
  catur_board_view_click_at (view, x, y);
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 3);
  g_assert_cmpuint (last_from (game), ==, D8);
  catur_ui_test_screenshot ("banqi-portrait");

  catur_ui_test_close (window);
}

static CaturTurnPanel *
turn_panel (CaturWindow *window)
{
  return CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
}

/* 30 seconds a turn: the turn panel counts down for the player to move; the clock's expiry
 * (called rather than waited for) plays a flip for the first player; moves of their own reset
 * the count; the second player, out of time twice in a row, loses, and the result card says
 * so. */
static void
test_move_time (void)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *title = NULL;
  CaturWindow *window;
  CaturMoveClock *clock;
  CaturBoardView *view;
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-time", "s", "30");
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  game = catur_game_new (banqi (), catur_variant_new_position (banqi (), options, 17));
  catur_game_set_options (game, options);
  window = window_with_game (game);
  view = catur_window_get_board_view (window);
  clock = catur_turn_panel_get_clock (turn_panel (window));

  g_assert_cmpstr (catur_ui_test_running_clock_text (window), ==, "0:30");
  g_assert_true (catur_move_clock_get_running (clock));

  /* Nothing face up, nothing to capture: the flip goes to a1, dealt from the layout. */
  catur_move_clock_expire (clock);
  catur_ui_test_iterate (20);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpuint (last_from (game), ==, A1);
  g_assert_true (face_up (game, A1));
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_FIRST), ==, 1);
  g_assert_cmpstr (catur_ui_test_running_clock_text (window), ==, "0:30");

  catur_ui_test_click (view, D8);
  catur_ui_test_iterate (20);
  catur_ui_test_click (view, C4);
  catur_ui_test_iterate (20);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 3);
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_FIRST), ==, 0);

  /* The second player runs out, the first too (once since its own move): play goes on. */
  catur_move_clock_expire (clock);
  catur_ui_test_iterate (20);
  catur_move_clock_expire (clock);
  catur_ui_test_iterate (20);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 5);
  g_assert_false (catur_game_is_over (game));

  /* The second player's second time-out in a row ends the game. */
  catur_move_clock_expire (clock);
  catur_ui_test_iterate (20);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_FIRST);
  title = g_strdup_printf ("%s wins",
                           catur_variant_get_side_name (banqi (), catur_game_get_position (game),
                                                        CATUR_SIDE_FIRST));
  reason = g_strdup_printf ("%s ran out of time twice in a row",
                            catur_variant_get_side_name (banqi (),
                                                         catur_game_get_position (game),
                                                         CATUR_SIDE_SECOND));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, title);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==, reason);
  g_assert_null (catur_ui_test_running_clock_text (window));

  /* Off by default: a new game shows no count. */
  {
    g_autoptr(CaturGame) untimed = catur_game_new (banqi (), NULL);

    catur_window_set_game (window, untimed);
    catur_ui_test_iterate (10);
    g_assert_null (catur_ui_test_running_clock_text (window));
  }
  catur_ui_test_close (window);
}

/* The move list's cell @cell (0 the first player's, 1 the second's) in row @row, a button. */
static GtkWidget *
history_button (CaturWindow *window,
                guint        row,
                guint        cell)
{
  CaturHistoryView *history = CATUR_HISTORY_VIEW (catur_ui_test_child (window, "history_view"));
  GtkWidget *list = catur_history_view_get_list (history);
  g_autofree char *number = g_strdup_printf ("%u.", row + 1);

  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *box = gtk_widget_get_first_child (item);
      GtkWidget *button;

      if (box == NULL || !g_str_equal (gtk_label_get_text (g_object_get_data (G_OBJECT (box),
                                                                              "number")),
                                       number))
        continue;
      button = g_object_get_data (G_OBJECT (box), cell == 0 ? "first" : "second");
      return button;
    }
  g_assert_not_reached ();
}

/* The text of that cell, as the list shows it. */
static const char *
history_cell (CaturWindow *window,
              guint        row,
              guint        cell)
{
  GtkWidget *button = history_button (window, row, cell);

  return gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))));
}

static CaturHistoryRow *
history_row (CaturWindow *window,
             guint        row)
{
  CaturHistoryView *history = CATUR_HISTORY_VIEW (catur_ui_test_child (window, "history_view"));

  return g_list_model_get_item (catur_history_view_get_model (history), row);
}

/* Under the chain-captures variant (B12) Red's Chariot takes on b1 and could go on taking, but
 * Red ends the turn from the menu: the capture and the stop are one turn, in Red's column of
 * row 1, and Black's answer stands beside them, not in row 2. Red's next capture, on c1,
 * leaves nothing more to take and ends the turn by itself. Reviewing the capture on b1 marks
 * Red's cell of row 1, and the review bar numbers the plies by turns; so do the answer to
 * "whose turn" and the game record. */
static void
test_chain_in_history (void)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(CaturHistoryRow) first_row = NULL;
  g_autoptr(CaturHistoryRow) second_row = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  CaturPosition *start;
  CaturWindow *window;
  CaturBoardView *view;
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "chain-captures", "s", "on");
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  /* Red's Chariot on a1 beside Black's two Horses; a Black Elephant on a2 and Soldier on d8,
   * Red's Soldier on a8. */
  start = catur_variant_parse (banqi (), "P2p/4/4/4/4/4/e3/Rhh1 r - 0 20", &error);
  g_assert_no_error (error);
  game = catur_game_new (banqi (), start);
  catur_game_set_options (game, options);
  window = window_with_game (game);
  view = catur_window_get_board_view (window);

  catur_ui_test_click (view, A1);
  catur_ui_test_click (view, B1);
  catur_ui_test_iterate (20);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_FIRST);
  g_assert_cmpstr (history_cell (window, 0, 0), ==, "a1xb1");
  g_assert_cmpstr (history_cell (window, 0, 1), ==, "");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.declare", "y", 0));
  catur_ui_test_iterate (20);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);
  catur_ui_test_click (view, A2);
  catur_ui_test_click (view, A3);
  catur_ui_test_iterate (20);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 3);
  g_assert_cmpstr (history_cell (window, 0, 0), ==, "a1xb1 stop");
  g_assert_cmpstr (history_cell (window, 0, 1), ==, "a2-a3");
  g_assert_cmpuint (g_list_model_get_n_items (catur_history_view_get_model (
                      CATUR_HISTORY_VIEW (catur_ui_test_child (window, "history_view")))), ==, 1);

  catur_ui_test_click (view, B1);
  catur_ui_test_click (view, C1);
  catur_ui_test_iterate (20);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);
  g_assert_cmpstr (history_cell (window, 1, 0), ==, "b1xc1");

  /* Reviewing ply 1, the capture before the stop: Red's cell of row 1 is marked. */
  catur_game_set_view_ply (game, 1);
  catur_ui_test_iterate (20);
  first_row = history_row (window, 0);
  second_row = history_row (window, 1);
  g_assert_cmpint (catur_history_row_get_current (first_row), ==, CATUR_SIDE_FIRST);
  g_assert_cmpuint (catur_history_row_get_ply (first_row, CATUR_SIDE_FIRST), ==, 2);
  g_assert_cmpuint (catur_history_row_get_ply (first_row, CATUR_SIDE_SECOND), ==, 3);
  g_assert_cmpint (catur_history_row_get_current (second_row), ==, CATUR_SIDE_NONE);
  g_assert_cmpstr (catur_ui_test_label_text (window, "review_label"), ==,
                   "Looking back at 1. a1xb1");
  /* Black's answer belongs to the first full move, however many plies Red's turn took. */
  catur_game_set_view_ply (game, 3);
  catur_ui_test_iterate (20);
  g_assert_cmpstr (catur_ui_test_label_text (window, "review_label"), ==,
                   "Looking back at 1… a2-a3");
  g_assert_cmpuint (catur_game_get_move_number (game, 4), ==, 2);
  catur_game_set_view_ply (game, catur_game_get_n_plies (game));
  catur_ui_test_iterate (20);
  /* Asked by key, whose turn: Black's answer to Red's second turn, in full move 2. */
  press (view, GDK_KEY_t);
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==, "Black to move, move 2.");

  record = catur_record_new_from_game (game);
  text = catur_variant_write_record (banqi (), "pgn", record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "\n1. a1xb1 stop a2-a3 2. b1xc1 *\n"));
  catur_ui_test_close (window);
}

/* A move played for a player out of time (CaturGame's time-out, as the clock's expiry calls
 * it) is marked in the move list, for the eye and for assistive technologies, and said so. */
static void
test_time_out_marked (void)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturHistoryRow) row = NULL;
  g_autofree char *announced = NULL;
  g_autofree char *mark = NULL;
  CaturWindow *window;
  CaturBoardView *view;
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-time", "s", "30");
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  game = catur_game_new (banqi (), catur_variant_new_position (banqi (), options, 17));
  catur_game_set_options (game, options);
  window = window_with_game (game);
  view = catur_window_get_board_view (window);

  /* The first player flips by hand; the second runs out of time. */
  catur_ui_test_click (view, D8);
  catur_ui_test_iterate (20);
  g_assert_true (catur_game_time_out (game));
  catur_ui_test_iterate (20);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);

  row = history_row (window, 0);
  g_assert_false (catur_history_row_get_timed_out (row, CATUR_SIDE_FIRST));
  g_assert_true (catur_history_row_get_timed_out (row, CATUR_SIDE_SECOND));
  g_assert_false (g_str_has_suffix (history_cell (window, 0, 0), "(time)"));
  mark = g_strdup_printf ("%s (time)", catur_history_row_get_second (row));
  g_assert_cmpstr (history_cell (window, 0, 1), ==, mark);
  /* The tooltip says why, and so does the description assistive technologies read. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (history_button (window, 0, 1)), ==,
                   "Played for the player when their time ran out");
  g_assert_null (gtk_widget_get_tooltip_text (history_button (window, 0, 0)));
  /* The description is the move in words, and why it was played for the player; the move
   * the player made is described with no such words. */
  {
    g_autoptr(CaturGameMove) item = g_list_model_get_item (catur_game_get_moves (game), 1);
    g_autofree char *sentence = catur_variant_describe_move (catur_game_get_variant (game),
                                                             catur_game_get_position_at (game, 1),
                                                             catur_game_move_get_move (item));
    g_autofree char *described = g_strdup_printf (
      "%s. Played for the player when their time ran out", sentence);

    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (history_button (window, 0, 1)),
                                         GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, described);
  }

  announced = g_strdup_printf ("Time ran out: the move was played for %s: ",
                               catur_game_get_side_name (game, CATUR_SIDE_SECOND));
  g_assert_true (g_str_has_prefix (catur_board_view_get_announcement (view), announced));
  catur_ui_test_close (window);
}

static gboolean
played_two (gpointer data)
{
  return catur_game_get_n_plies (data) == 2;
}

/* Banqi's clock (RULES.md §T2, T3): the New Game dialog offers only its time a move, between
 * two players, and no game clock; against the computer not even that. */
static void
test_clock_choices (void)
{
  static const char * const limits[] = {
    "No Limit", "30 Seconds a Move", "60 Seconds a Move", NULL,
  };
  g_autoptr(CaturGame) game = catur_game_new (banqi (), NULL);
  CaturWindow *window = window_with_game (game);
  CaturNewGameDialog *dialog;
  AdwComboRow *row;
  g_auto(GStrv) choices = NULL;

  catur_ui_test_check_clock_choices (window, NULL);
  catur_window_show_new_game_dialog (window);
  dialog = catur_window_get_new_game_dialog (window);
  row = catur_new_game_dialog_get_option_row (dialog, catur_setup_option_move_time ()->id);
  g_assert_nonnull (row);
  choices = catur_ui_test_row_choices (row);
  g_assert_cmpstrv (choices, limits);
  adw_combo_row_set_selected (catur_new_game_dialog_get_opponent_row (dialog), 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
  adw_combo_row_set_selected (catur_new_game_dialog_get_opponent_row (dialog), 1);
  g_assert_true (catur_new_game_dialog_get_against_computer (dialog));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (row)));
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (10);
  catur_ui_test_close (window);
}

/* The real clock at one second a move (`1/1`), which nobody expires by hand: the first player
 * runs out and a move is played for them, then the second player, then the first again, whose
 * second time-out in a row loses. */
static void
test_real_move_clock (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturGame *game = catur_ui_test_timed_game (window, banqi (), NULL, "1/1");
  gint64 start = g_get_monotonic_time ();

  g_assert_cmpuint (catur_game_get_move_time (game), ==, 1);
  g_assert_cmpint (catur_clock_get_running (catur_game_get_clock (game)), ==,
                   CATUR_SIDE_FIRST);
  g_assert_true (catur_ui_test_wait_until (played_two, game));
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_FIRST), ==, 1);
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_SECOND), ==, 1);
  g_assert_false (catur_game_is_over (game));
  g_assert_true (catur_ui_test_wait_over (game, 3));
  g_test_message ("over after %" G_GINT64_FORMAT " ms",
                  (g_get_monotonic_time () - start) / 1000);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_SECOND);
  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  catur_ui_test_isolate ();
  /* GTK's own test context keeps what widgets tell assistive technologies, for the checks. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  application = catur_ui_test_application ();

  g_test_add_func ("/ui/banqi/rotated", test_rotated);
  g_test_add_func ("/ui/banqi/move-time", test_move_time);
  g_test_add_func ("/ui/banqi/chain-in-history", test_chain_in_history);
  g_test_add_func ("/ui/banqi/time-out-marked", test_time_out_marked);
  g_test_add_func ("/ui/banqi/clock-choices", test_clock_choices);
  g_test_add_func ("/ui/banqi/real-move-clock", test_real_move_clock);

  return g_test_run ();
}
