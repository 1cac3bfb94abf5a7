/* test-board.c: the board of games beyond Xiangqi, played with clicks and keys in the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On the test games (tests/variant): Sandbox's hands beside the board and their drops by
 * click and by keyboard, the choice of a promotion by its pieces' images, castling by a click
 * on the Rook with both pieces sliding, the en-passant ring and the pawn it takes; Sandbox
 * Dark's face-down pieces explained while another piece is up, its top player's pieces drawn
 * turned, and its board turned a quarter in a wide window (CATUR_VARIANT_ROTATE_TO_FIT).
 *
 * With CATUR_TEST_SCREENSHOTS set to a folder, each state worth looking at is captured there
 * with ImageMagick's `import -window root` (run it under xvfb-run, with GDK_SCALE=2 or
 * CATUR_DEBUG_COLOR_SCHEME=dark as wanted); CATUR_TEST_WINDOW_SIZE=WIDTHxHEIGHT sets the
 * window's size.
 */
#include "catur-ui-test.h"
#include "testgame.h"

/* Sandbox's piece kinds, as its hands list them (Rook, Bishop, Pawn). */
#define ROOK 2
#define BISHOP 3
#define PAWN 4

/* White holds a Rook and a Pawn in hand, Black a pawn. */
#define SANDBOX_HANDS "rbk2r/pppppp/6/6/PPPPPP/RBK2R w Kk - RPp 0 0"
/* White's pawn on e5 promotes on e6. */
#define SANDBOX_PROMOTION "rbk3/ppp1P1/6/6/PPP3/RBK2R w K - - 0 0"
/* Black's pawn has just gone d5-d3; White's pawn on e3 may take it on d4. */
#define SANDBOX_EN_PASSANT "rbk2r/ppp1pp/6/3pP1/PPPP1P/RBK2R w Kk d4 - 0 0"
/* Sandbox Dark: Red's General on a1 (the first seat is Red), Black's on d4, b1 empty. */
#define DARK_GENERALS_UP "XXXk/XXXX/XXXX/K1XX r RRPPPPPrrpppp 0 2"

static CaturApplication *application;

/* A window playing a new game of @id from @text. */
static CaturWindow *
window_with (const char  *id,
             const char  *text,
             CaturGame  **game)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturVariant *variant = testgame_variant (id);
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (variant, text, &error);

  g_assert_no_error (error);
  /* A Sandbox Dark text does not say what lies face down: the game deals it. */
  catur_variant_deal_hidden (variant, position, 7);
  *game = catur_game_new (variant, position);
  catur_window_set_game (window, *game);
  g_object_unref (*game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (catur_window_get_board_view (window)));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready,
                                           catur_window_get_board_view (window)));
  return window;
}

/* A click at the centre of a square or hand slot, through the pointer's code. */
static void
click (CaturBoardView *view,
       CaturSquare     square)
{
  double x, y;

  g_assert_true (catur_board_view_square_center (view, square, &x, &y));
  catur_board_view_click_at (view, x, y);
}

static const CaturSelectionTarget *
find_target (CaturBoardView *view,
             CaturSquare     square)
{
  const CaturSelectionTarget *targets;
  guint n_targets;

  targets = catur_selection_get_targets (catur_board_view_get_selection (view), &n_targets);
  for (guint i = 0; i < n_targets; i++)
    if (targets[i].square == square)
      return &targets[i];
  return NULL;
}

static gboolean
not_sliding (gpointer data)
{
  return !catur_board_view_get_animation (data, NULL, NULL, NULL);
}

static void
assert_at_square (CaturBoardView *view,
                  CaturSquare     square)
{
  double x, y, cx, cy;

  g_assert_true (catur_board_view_get_piece_placement (view, square, &x, &y, NULL));
  g_assert_true (catur_board_view_square_center (view, square, &cx, &cy));
  g_assert_cmpfloat_with_epsilon (x, cx, 0.001);
  g_assert_cmpfloat_with_epsilon (y, cy, 0.001);
}

/* Where the piece that stands on @square is drawn now equals @from's centre. */
static void
assert_drawn_at (CaturBoardView *view,
                 CaturSquare     square,
                 CaturSquare     from)
{
  double x, y, fx, fy;

  g_assert_true (catur_board_view_get_piece_placement (view, square, &x, &y, NULL));
  g_assert_true (catur_board_view_square_center (view, from, &fx, &fy));
  g_assert_cmpfloat_with_epsilon (x, fx, 0.001);
  g_assert_cmpfloat_with_epsilon (y, fy, 0.001);
}

static void
press (CaturBoardView *view,
       guint           keyval,
       guint           times)
{
  for (guint i = 0; i < times; i++)
    g_assert_true (catur_board_view_key_press (view, keyval, 0));
  catur_ui_test_iterate (5);
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

/* Every slot of both hands is where a click names it, on the side of its player. */
static void
check_hands (CaturBoardView *view)
{
  const CaturBoardLayout *layout = catur_board_view_get_layout (view);
  gboolean beside = catur_board_view_get_hands_beside (view);
  CaturSide bottom = catur_board_view_get_flipped (view) ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
  double left = layout->x, top = layout->y;
  double right = layout->x + layout->files * layout->cell;
  double below = layout->y + layout->ranks * layout->cell;
  const guint8 kinds[] = { ROOK, BISHOP, PAWN };

  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
      {
        CaturSquare slot = CATUR_SQUARE_HAND (side, kinds[i]);
        double x, y, previous_x = 0, previous_y = 0;

        g_assert_true (catur_board_view_square_center (view, slot, &x, &y));
        g_assert_cmpuint (catur_board_view_square_at (view, x, y), ==, slot);
        /* Off the slot's centre by a third of a cell, still the slot. */
        g_assert_cmpuint (catur_board_view_square_at (view, x + layout->cell / 3,
                                                      y - layout->cell / 3), ==, slot);
        if (side == bottom)
          g_assert_cmpfloat (beside ? x : y, >, beside ? right : below);
        else
          g_assert_cmpfloat (beside ? x : y, <, beside ? left : top);
        /* The top hand is the bottom one turned around: its order runs the other way. */
        if (i > 0)
          {
            catur_board_view_square_center (view, CATUR_SQUARE_HAND (side, kinds[i - 1]),
                                            &previous_x, &previous_y);
            if (beside)
              g_assert_cmpfloat ((y - previous_y) * (side == bottom ? 1 : -1), >, 0);
            else
              g_assert_cmpfloat ((x - previous_x) * (side == bottom ? 1 : -1), >, 0);
          }
      }
}

static void
test_hands_layout (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox", SANDBOX_HANDS, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  double x, y;
  gboolean turned;

  /* Narrow: the hands above and below the board, White's under it. */
  resize (window, 560, 900);
  g_assert_false (catur_board_view_get_hands_beside (view));
  check_hands (view);
  catur_ui_test_screenshot ("hands-narrow");

  /* Wide: at its sides, where the board keeps more room. */
  resize (window, 1280, 620);
  g_assert_true (catur_board_view_get_hands_beside (view));
  check_hands (view);
  catur_ui_test_screenshot ("hands-wide");

  /* The hands follow the board's flip: Black's at the bottom now. */
  catur_board_view_set_flipped (view, TRUE);
  catur_ui_test_iterate (50);
  check_hands (view);
  catur_ui_test_screenshot ("hands-wide-flipped");

  /* Table mode turns the top hand's pieces (White's, now) towards their player. */
  g_assert_true (catur_board_view_get_piece_placement (view, CATUR_SQUARE_HAND (CATUR_SIDE_FIRST,
                                                                                  ROOK),
                                                       &x, &y, &turned));
  g_assert_false (turned);
  catur_board_view_set_table_mode (view, TRUE);
  g_assert_true (catur_board_view_get_piece_placement (view, CATUR_SQUARE_HAND (CATUR_SIDE_FIRST,
                                                                                  ROOK),
                                                       &x, &y, &turned));
  g_assert_true (turned);
  g_assert_true (catur_board_view_get_piece_placement (view, CATUR_SQUARE_HAND (CATUR_SIDE_SECOND,
                                                                                  PAWN),
                                                       &x, &y, &turned));
  g_assert_false (turned);
  /* An empty slot shows its piece faint: no piece stands there. */
  g_assert_false (catur_board_view_get_piece_placement (view,
                                                        CATUR_SQUARE_HAND (CATUR_SIDE_FIRST,
                                                                           BISHOP),
                                                        NULL, NULL, NULL));
  catur_ui_test_screenshot ("hands-table-mode");

  catur_board_view_set_table_mode (view, FALSE);
  catur_board_view_set_flipped (view, FALSE);
  catur_ui_test_close (window);
}

static void
test_drop_by_click (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox", SANDBOX_HANDS, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturVariant *variant = catur_game_get_variant (game);
  CaturSquare rook = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, ROOK);
  const CaturSelectionTarget *targets;
  CaturSquare from, to;
  CaturPiece piece;
  guint n_targets;

  /* The Rook in hand is picked up; its drops are marked, every one a dot. */
  click (view, rook);
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, rook);
  targets = catur_selection_get_targets (catur_board_view_get_selection (view), &n_targets);
  g_assert_cmpuint (n_targets, ==, 16);
  g_assert_cmpint (find_target (view, SANDBOX ("c4"))->kind, ==, CATUR_SELECTION_TARGET_EMPTY);
  g_assert_null (find_target (view, SANDBOX ("a5")));
  g_assert_nonnull (targets);
  catur_ui_test_screenshot ("drop-selected");

  /* An illegal drop is explained under the board, and the Rook stays up. */
  click (view, SANDBOX ("a5"));
  g_test_message ("drop on a5: %s", catur_board_view_get_explanation (view));
  g_assert_nonnull (catur_board_view_get_explanation (view));
  g_assert_true (catur_ui_test_revealed (window, "explanation_revealer"));
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, rook);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);

  /* The drop: the Rook slides from its slot to c4. */
  click (view, SANDBOX ("c4"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_true (catur_board_view_get_animation (view, &from, &to, NULL));
  g_assert_cmpuint (from, ==, rook);
  g_assert_cmpuint (to, ==, SANDBOX ("c4"));
  assert_drawn_at (view, SANDBOX ("c4"), rook);
  g_assert_true (catur_ui_test_wait_until (not_sliding, view));
  assert_at_square (view, SANDBOX ("c4"));
  g_assert_true (catur_variant_piece_at (variant, catur_game_get_position (game), SANDBOX ("c4"),
                                         &piece));
  g_assert_cmpuint (piece.kind, ==, ROOK);
  g_assert_cmpuint (piece.side, ==, CATUR_SIDE_FIRST);
  g_assert_cmpuint (catur_variant_hand_count (variant, catur_game_get_position (game),
                                              CATUR_SIDE_FIRST, ROOK), ==, 0);
  g_assert_null (catur_board_view_get_explanation (view));
  catur_ui_test_screenshot ("drop-played");

  /* Black's turn: White's hand is not Black's to use, and an empty slot says so. */
  click (view, CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, PAWN));
  g_test_message ("White's pawn in hand: %s", catur_board_view_get_explanation (view));
  g_assert_nonnull (catur_board_view_get_explanation (view));
  click (view, CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, BISHOP));
  g_test_message ("Black's empty bishop slot: %s", catur_board_view_get_explanation (view));
  g_assert_nonnull (catur_board_view_get_explanation (view));
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);

  catur_ui_test_close (window);
}

static void
test_drop_by_keyboard (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox", SANDBOX_HANDS, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturVariant *variant = catur_game_get_variant (game);
  CaturSquare rook = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, ROOK);
  CaturSquare pawn = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, PAWN);
  CaturSquare bishop = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, BISHOP);
  CaturPiece piece;

  /* The hands below and above the board: the arrow past the bottom rank goes into White's. */
  resize (window, 560, 900);
  g_assert_false (catur_board_view_get_hands_beside (view));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, SANDBOX ("d1"));
  press (view, GDK_KEY_Down, 1);
  /* The slot nearest to d1: the Bishop's, in the middle of the hand. */
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, bishop);
  g_assert_cmpstr (catur_board_view_get_accessible_label (view), ==, "White’s hand: no Bishop");
  /* Further down there is nothing; along the hand, the slots in turn, and no further. */
  press (view, GDK_KEY_Down, 1);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, bishop);
  press (view, GDK_KEY_Right, 1);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, pawn);
  press (view, GDK_KEY_Right, 1);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, pawn);
  press (view, GDK_KEY_Left, 2);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, rook);
  g_assert_cmpstr (catur_board_view_get_accessible_label (view), ==, "White’s hand: Rook × 1");

  press (view, GDK_KEY_Return, 1);
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, rook);
  g_assert_cmpstr (catur_board_view_get_accessible_label (view), ==,
                   "White’s hand: Rook × 1, selected");
  catur_ui_test_screenshot ("drop-keyboard-selected");

  /* Back up onto the board, to the square nearest above the slot, and on to b4. */
  press (view, GDK_KEY_Up, 1);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, SANDBOX ("b1"));
  press (view, GDK_KEY_Up, 3);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, SANDBOX ("b4"));
  press (view, GDK_KEY_Return, 1);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_true (catur_variant_piece_at (variant, catur_game_get_position (game), SANDBOX ("b4"),
                                         &piece));
  g_assert_cmpuint (piece.kind, ==, ROOK);

  /* The top rank leads into Black's hand, whose order runs the other way: its Pawn, nearest
   * to b6, then its Bishop and its Rook to the right. */
  press (view, GDK_KEY_Up, 2);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, SANDBOX ("b6"));
  press (view, GDK_KEY_Up, 1);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==,
                    CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, PAWN));
  g_assert_cmpstr (catur_board_view_get_accessible_label (view), ==, "Black’s hand: Pawn × 1");
  press (view, GDK_KEY_Right, 1);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==,
                    CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, BISHOP));
  press (view, GDK_KEY_Right, 2);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==,
                    CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, ROOK));
  press (view, GDK_KEY_Up, 1);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==,
                    CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, ROOK));
  press (view, GDK_KEY_Left, 1);
  catur_ui_test_screenshot ("drop-keyboard-black-hand");

  /* Beside the board, the hands are reached sideways: White's at the right. */
  resize (window, 1280, 620);
  g_assert_true (catur_board_view_get_hands_beside (view));
  press (view, GDK_KEY_Down, 1);
  g_assert_true (catur_square_is_hand (catur_board_view_get_cursor (view)));
  press (view, GDK_KEY_Right, 1);
  g_assert_false (catur_square_is_hand (catur_board_view_get_cursor (view)));
  press (view, GDK_KEY_Right, 6);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, CATUR_SQUARE_HAND (CATUR_SIDE_FIRST,
                                                                               ROOK));
  press (view, GDK_KEY_Down, 2);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, pawn);

  catur_ui_test_close (window);
}

static void
test_flip_while_selected (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox-dark", DARK_GENERALS_UP, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturPiece piece;

  click (view, DARK ("a1"));
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, DARK ("a1"));
  catur_ui_test_screenshot ("flip-selected");

  /* A face-down piece clicked with the General up is a target it cannot take: explained,
   * the General kept up, the turn kept. */
  click (view, DARK ("a2"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, DARK ("a1"));
  g_assert_cmpstr (catur_board_view_get_explanation (view), ==,
                   "A face-down piece cannot be captured.");
  g_assert_true (catur_variant_piece_at (catur_game_get_variant (game),
                                         catur_game_get_position (game), DARK ("a2"), &piece));
  g_assert_true (piece.flags & CATUR_PIECE_FACE_DOWN);

  /* The General put back, the click turns it over. */
  click (view, DARK ("a1"));
  click (view, DARK ("c1"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_board_view_get_explanation (view));
  g_assert_true (catur_variant_piece_at (catur_game_get_variant (game),
                                         catur_game_get_position (game), DARK ("c1"), &piece));
  g_assert_false (piece.flags & CATUR_PIECE_FACE_DOWN);
  catur_ui_test_screenshot ("flip-played");

  catur_ui_test_close (window);
}

/* The board's cell for assistive technologies named @label, or %NULL; the number of cells in
 * @n_cells. */
static GtkWidget *
find_cell (CaturBoardView *view,
           const char     *label,
           guint          *n_cells)
{
  GtkWidget *found = NULL;

  *n_cells = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      g_autofree char *mismatch = NULL;

      if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (child))
          != GTK_ACCESSIBLE_ROLE_GRID_CELL)
        continue;
      (*n_cells)++;
      mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (child),
                                                     GTK_ACCESSIBLE_PROPERTY_LABEL, label);
      if (mismatch == NULL)
        found = child;
    }
  return found;
}

/* A cell per square and hand slot, named as the player sees it (never what lies face down),
 * selected with the piece picked up, and the focus on the cursor's. */
static void
test_cells (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox", SANDBOX_HANDS, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  guint n_kinds, n_cells;
  GtkWidget *cell, *focus;

  catur_variant_list_hand_kinds (catur_game_get_variant (game), &n_kinds);
  g_assert_nonnull (find_cell (view, "c1, White King", &n_cells));
  g_assert_cmpuint (n_cells, ==, 36 + 2 * n_kinds);
  g_assert_nonnull (find_cell (view, "c3, empty", &n_cells));
  g_assert_nonnull (find_cell (view, "White’s hand: Rook × 1", &n_cells));
  g_assert_nonnull (find_cell (view, "Black’s hand: no Rook", &n_cells));

  gtk_widget_grab_focus (GTK_WIDGET (view));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (gtk_widget_get_parent (focus) == GTK_WIDGET (view));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       catur_board_view_get_accessible_label (view));
  click (view, SANDBOX ("a1"));
  cell = find_cell (view, "a1, White Rook, selected", &n_cells);
  g_assert_nonnull (cell);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == cell);
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_STATE_SELECTED, TRUE);
  catur_ui_test_close (window);

  window = window_with ("sandbox-dark", DARK_GENERALS_UP, &game);
  view = catur_window_get_board_view (window);
  g_assert_nonnull (find_cell (view, "c1, face-down piece", &n_cells));
  g_assert_cmpuint (n_cells, ==, 16);
  g_assert_nonnull (find_cell (view, "b1, empty", &n_cells));
  catur_ui_test_close (window);
}

static GtkWidget *
find_popover (CaturBoardView *view)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      return child;
  return NULL;
}

static gboolean
popover_shown (gpointer data)
{
  GtkWidget *popover = find_popover (data);

  return popover != NULL && gtk_widget_get_mapped (popover);
}

static gboolean
played_one (gpointer data)
{
  return catur_game_get_n_plies (data) == 1;
}

static void
test_promotion_from_images (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox", SANDBOX_PROMOTION, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  GtkWidget *popover, *box, *first, *second;
  CaturPiece piece;

  click (view, SANDBOX ("e5"));
  click (view, SANDBOX ("e6"));
  g_assert_true (catur_ui_test_wait_until (popover_shown, view));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  catur_ui_test_screenshot ("promotion-popover");

  /* A button per piece, showing its image, named for assistive technologies. */
  /* Under the heading, which names the question: both pieces promote. */
  popover = find_popover (view);
  box = gtk_popover_get_child (GTK_POPOVER (popover));
  g_assert_true (GTK_IS_LABEL (gtk_widget_get_first_child (box)));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (box))), ==,
                   "Promote to");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Promote to");
  box = gtk_widget_get_last_child (box);
  first = gtk_widget_get_first_child (box);
  second = gtk_widget_get_next_sibling (first);
  g_assert_nonnull (second);
  g_assert_null (gtk_widget_get_next_sibling (second));
  g_assert_true (GTK_IS_PICTURE (gtk_button_get_child (GTK_BUTTON (first))));
  g_assert_true (GTK_IS_PICTURE (gtk_button_get_child (GTK_BUTTON (second))));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (first), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Promoted Rook");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (second), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Promoted Bishop");

  /* The first has the focus; the keys that go round the choice, with real key presses, are
   * tests/a11y/test-orca-words.py's (GTK has no way to send a key event from here). */
  g_assert_true (gtk_widget_has_focus (first));
  g_assert_true (gtk_widget_activate (second));
  /* A button activated from the keyboard shows itself pressed for a moment first. */
  g_assert_true (catur_ui_test_wait_until (played_one, game));
  g_assert_false (gtk_widget_get_mapped (popover));
  g_assert_true (catur_variant_piece_at (catur_game_get_variant (game),
                                         catur_game_get_position (game), SANDBOX ("e6"), &piece));
  g_assert_cmpuint (piece.kind, ==, BISHOP);
  g_assert_true (piece.flags & CATUR_PIECE_PROMOTED);
  catur_ui_test_screenshot ("promotion-played");

  catur_ui_test_close (window);
}

static void
test_castle_onto_rook (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox", "rbk2r/pppppp/6/6/PPPPPP/RBK2R w Kk - - 0 0",
                                     &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturMoveEffects effects;
  CaturSquare from, to;

  click (view, SANDBOX ("c1"));
  catur_ui_test_screenshot ("castle-selected");
  click (view, SANDBOX ("f1"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  /* Both pieces slide, each from where it stood: the King c1-e1, the Rook f1-d1. */
  g_assert_true (catur_board_view_get_animation (view, &from, &to, &effects));
  g_assert_cmpuint (from, ==, SANDBOX ("c1"));
  g_assert_cmpuint (to, ==, SANDBOX ("e1"));
  g_assert_cmpuint (effects.second_from, ==, SANDBOX ("f1"));
  g_assert_cmpuint (effects.second_to, ==, SANDBOX ("d1"));
  g_assert_cmpuint (effects.captured, ==, CATUR_SQUARE_NONE);
  assert_drawn_at (view, SANDBOX ("e1"), SANDBOX ("c1"));
  assert_drawn_at (view, SANDBOX ("d1"), SANDBOX ("f1"));
  catur_ui_test_iterate (60);
  catur_ui_test_screenshot ("castle-sliding");

  g_assert_true (catur_ui_test_wait_until (not_sliding, view));
  assert_at_square (view, SANDBOX ("e1"));
  assert_at_square (view, SANDBOX ("d1"));
  g_assert_false (catur_board_view_get_piece_placement (view, SANDBOX ("f1"), NULL, NULL, NULL));
  g_assert_false (catur_board_view_get_piece_placement (view, SANDBOX ("c1"), NULL, NULL, NULL));
  catur_ui_test_screenshot ("castle-played");

  catur_ui_test_close (window);
}

static void
test_en_passant (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox", SANDBOX_EN_PASSANT, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturVariant *variant = catur_game_get_variant (game);
  CaturMoveEffects effects;

  /* The empty target is marked as the capture it is. */
  click (view, SANDBOX ("e3"));
  g_assert_cmpint (find_target (view, SANDBOX ("d4"))->kind, ==, CATUR_SELECTION_TARGET_CAPTURE);
  g_assert_cmpint (find_target (view, SANDBOX ("e4"))->kind, ==, CATUR_SELECTION_TARGET_EMPTY);
  catur_ui_test_screenshot ("en-passant-ring");

  /* The pawn taken fades out where it stood, d3, not on the target. */
  click (view, SANDBOX ("d4"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_true (catur_board_view_get_animation (view, NULL, NULL, &effects));
  g_assert_cmpuint (effects.captured, ==, SANDBOX ("d3"));
  g_assert_cmpuint (effects.second_from, ==, CATUR_SQUARE_NONE);
  catur_ui_test_iterate (60);
  catur_ui_test_screenshot ("en-passant-sliding");

  g_assert_true (catur_ui_test_wait_until (not_sliding, view));
  g_assert_false (catur_variant_piece_at (variant, catur_game_get_position (game), SANDBOX ("d3"),
                                          NULL));
  g_assert_false (catur_board_view_get_piece_placement (view, SANDBOX ("d3"), NULL, NULL, NULL));
  assert_at_square (view, SANDBOX ("d4"));
  g_assert_cmpuint (catur_variant_hand_count (variant, catur_game_get_position (game),
                                              CATUR_SIDE_FIRST, PAWN), ==, 1);
  catur_ui_test_screenshot ("en-passant-played");

  catur_ui_test_close (window);
}

static gboolean
turned (CaturBoardView *view,
        CaturSquare     square)
{
  gboolean is_turned = FALSE;

  g_assert_true (catur_board_view_get_piece_placement (view, square, NULL, NULL, &is_turned));
  return is_turned;
}

static void
test_turned_pieces (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox-dark", DARK_GENERALS_UP, &game);
  CaturBoardView *view = catur_window_get_board_view (window);

  /* The game's pieces face their enemy: the top player's are turned, table mode or not. */
  g_assert_false (catur_board_view_get_table_mode (view));
  g_assert_true (turned (view, DARK ("d4")));
  g_assert_false (turned (view, DARK ("a1")));
  /* A face-down piece is nobody's yet. */
  g_assert_false (turned (view, DARK ("a4")));
  catur_ui_test_screenshot ("turned-dark");

  /* Flipped, the other player sits at the top. */
  catur_board_view_set_flipped (view, TRUE);
  catur_ui_test_iterate (20);
  g_assert_false (turned (view, DARK ("d4")));
  g_assert_true (turned (view, DARK ("a1")));
  catur_board_view_set_flipped (view, FALSE);

  /* A game without the flag turns them only in table mode. */
  {
    CaturVariant *sandbox = testgame_variant ("sandbox");
    CaturGame *other = catur_game_new (sandbox, catur_variant_new_position (sandbox, NULL, 0));

    catur_window_set_game (window, other);
    g_object_unref (other);
    catur_ui_test_iterate (20);
    g_assert_false (turned (view, SANDBOX ("c6")));
    catur_board_view_set_table_mode (view, TRUE);
    g_assert_true (turned (view, SANDBOX ("c6")));
    g_assert_false (turned (view, SANDBOX ("c1")));
    catur_board_view_set_table_mode (view, FALSE);
  }

  catur_ui_test_close (window);
}

/* The centre of the cell at @column and @row of the board as it stands on the screen, worked
 * out from the layout's corner, not by the code under test. */
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

/* In a wide window Sandbox Dark's board lies turned, Red's edge at the left: a1 at the top left,
 * b1 under it, a2 right of it; clicks, keys and the markers' places follow. In a tall window it
 * stands upright again, a1 at the bottom left. */
static void
test_rotated_board (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("sandbox-dark", DARK_GENERALS_UP, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  g_autoptr(CaturGameMove) played = NULL;
  double x, y, cx, cy;

  resize (window, 1200, 640);
  g_assert_true (catur_board_view_get_layout (view)->rotated);

  cell_center (view, 0, 0, &x, &y);
  g_assert_true (catur_board_view_square_center (view, DARK ("a1"), &cx, &cy));
  g_assert_cmpfloat_with_epsilon (x, cx, 0.001);
  g_assert_cmpfloat_with_epsilon (y, cy, 0.001);
  catur_board_view_click_at (view, x, y);
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, DARK ("a1"));

  /* The arrows go the way the board lies: right is up the files, down is along the rank (the
   * click left the cursor on the square clicked). */
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, DARK ("a1"));
  press (view, GDK_KEY_Right, 1);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, DARK ("a2"));
  press (view, GDK_KEY_Left, 1);
  press (view, GDK_KEY_Down, 1);
  g_assert_cmpuint (catur_board_view_get_cursor (view), ==, DARK ("b1"));

  /* The General steps to b1, the square under it on the screen. */
  cell_center (view, 0, 1, &x, &y);
  catur_board_view_click_at (view, x, y);
  g_assert_true (catur_ui_test_wait_until (not_sliding, view));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  played = g_list_model_get_item (catur_game_get_moves (game), 0);
  g_assert_cmpuint (catur_game_move_get_move (played)->to, ==, DARK ("b1"));
  assert_at_square (view, DARK ("b1"));
  catur_ui_test_screenshot ("rotated-dark");

  resize (window, 640, 1000);
  g_assert_false (catur_board_view_get_layout (view)->rotated);
  cell_center (view, 1, 3, &x, &y);
  g_assert_true (catur_board_view_square_center (view, DARK ("b1"), &cx, &cy));
  g_assert_cmpfloat_with_epsilon (x, cx, 0.001);
  g_assert_cmpfloat_with_epsilon (y, cy, 0.001);

  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  const char *size = g_getenv ("CATUR_TEST_WINDOW_SIZE");
  int status;

  catur_ui_test_isolate ();
  /* GTK's own test context keeps what widgets tell assistive technologies, for the checks. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  testgame_add_plugin_path ();

  application = catur_ui_test_application ();
  if (size != NULL)
    {
      g_autoptr(GSettings) settings = g_settings_new ("io.github.caturapp.Catur");
      int width = 0, height = 0;

      if (sscanf (size, "%dx%d", &width, &height) == 2)
        {
          g_settings_set_int (settings, "window-width", width);
          g_settings_set_int (settings, "window-height", height);
        }
    }

  g_test_add_func ("/ui/board/cells", test_cells);
  g_test_add_func ("/ui/board/hands-layout", test_hands_layout);
  g_test_add_func ("/ui/board/drop-by-click", test_drop_by_click);
  g_test_add_func ("/ui/board/drop-by-keyboard", test_drop_by_keyboard);
  g_test_add_func ("/ui/board/flip-while-selected", test_flip_while_selected);
  g_test_add_func ("/ui/board/promotion-from-images", test_promotion_from_images);
  g_test_add_func ("/ui/board/castle-onto-rook", test_castle_onto_rook);
  g_test_add_func ("/ui/board/en-passant", test_en_passant);
  g_test_add_func ("/ui/board/turned-pieces", test_turned_pieces);
  g_test_add_func ("/ui/board/rotated-board", test_rotated_board);

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
