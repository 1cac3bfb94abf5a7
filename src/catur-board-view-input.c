/* catur-board-view-input.c: the pointer, drags and keys, turned into squares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A click, the end of a drag and Enter on the keyboard cursor all come down to one square,
 * which the view's CaturSelection turns into what the press means; the view then shows it:
 * the piece picked up, the moves offered for one click, the explanation, or the move played
 * on the game. A press on the selected piece waits for the release, since it may begin a
 * drag. The arrows move a cursor over the board as it is seen (flipped or not).
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include "catur-board-view-private.h"

static guint
n_squares (CaturBoardView *self)
{
  return self->geometry.files * self->geometry.ranks;
}

/* The square in screen columns and rows, column 0 left and row 0 on top. */
static void
square_to_screen (CaturBoardView *self,
                  CaturSquare     square,
                  int            *column,
                  int            *row)
{
  int files = self->geometry.files, ranks = self->geometry.ranks;
  int file = square % files, rank = square / files;

  *column = self->flipped ? files - 1 - file : file;
  *row = self->flipped ? rank : ranks - 1 - rank;
}

CaturSquare
_catur_board_view_screen_to_square (CaturBoardView *self,
                                    int             column,
                                    int             row)
{
  int files = self->geometry.files, ranks = self->geometry.ranks;
  int file = self->flipped ? files - 1 - column : column;
  int rank = self->flipped ? row : ranks - 1 - row;

  return (CaturSquare) (rank * files + file);
}

void
_catur_board_view_hide_choices (CaturBoardView *self)
{
  if (self->choice_popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->choice_popover));
}

/* What the pointer was doing with the piece picked up. */
static void
forget_press (CaturBoardView *self)
{
  self->release_deselects = FALSE;
  self->drag_possible = FALSE;
  self->dragging = FALSE;
}

void
_catur_board_view_clear_selection (CaturBoardView *self)
{
  catur_selection_cancel (self->selection);
  forget_press (self);
  _catur_board_view_hide_choices (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
play_move (CaturBoardView  *self,
           const CaturMove *move)
{
  g_autoptr(GError) error = NULL;
  CaturMove copy = *move;

  _catur_board_view_clear_selection (self);
  self->cursor = copy.to;
  if (!catur_game_play (self->game, &copy, &error))
    _catur_board_view_set_explanation (self, error->message);
}

static void
choice_clicked_cb (CaturBoardView *self,
                   GtkButton      *button)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "catur-choice"));
  CaturMove move;

  if (catur_selection_choose (self->selection, index) != CATUR_SELECTION_PLAY)
    return;

  catur_selection_get_move (self->selection, &move);
  gtk_popover_popdown (GTK_POPOVER (self->choice_popover));
  play_move (self, &move);
}

/* Several legal moves answer one click (a promotion's pieces): the player
 * picks one by its notation. */
static void
ask_choice (CaturBoardView *self)
{
  const CaturMove *moves;
  guint n_moves;
  GtkWidget *box;
  graphene_rect_t rect;
  GdkRectangle pointing;

  moves = catur_selection_get_choices (self->selection, &n_moves);
  if (self->choice_popover == NULL)
    {
      self->choice_popover = gtk_popover_new ();
      gtk_widget_set_parent (self->choice_popover, GTK_WIDGET (self));
      gtk_widget_add_css_class (self->choice_popover, "menu");
    }

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  for (guint i = 0; i < n_moves; i++)
    {
      g_autofree char *text = NULL;
      GtkWidget *button;

      text = catur_variant_format_move (self->variant, _catur_board_view_get_position (self),
                                        &moves[i], catur_game_get_notation (self->game));
      button = gtk_button_new_with_label (text);
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data (G_OBJECT (button), "catur-choice", GUINT_TO_POINTER (i));
      g_signal_connect_object (button, "clicked", G_CALLBACK (choice_clicked_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_popover_set_child (GTK_POPOVER (self->choice_popover), box);

  _catur_board_view_square_rect (self, moves[0].to, 1.0, &rect);
  pointing.x = (int) rect.origin.x;
  pointing.y = (int) rect.origin.y;
  pointing.width = (int) rect.size.width;
  pointing.height = (int) rect.size.height;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->choice_popover), &pointing);
  gtk_popover_popup (GTK_POPOVER (self->choice_popover));
}

/* A click, or Enter on the cursor: the selection says what it means, the view shows it. */
static void
activate_square (CaturBoardView *self,
                 CaturSquare     square)
{
  CaturMove move;

  if (self->game == NULL || square == CATUR_SQUARE_NONE || square >= n_squares (self))
    return;

  self->cursor = square;

  switch (catur_selection_activate (self->selection, square))
    {
    case CATUR_SELECTION_IGNORED:
      /* An earlier position is only looked at (the review bar says how to go back), and
       * the board is the computer's while it thinks. */
      break;
    case CATUR_SELECTION_SELECTED:
      forget_press (self);
      _catur_board_view_hide_choices (self);
      self->cursor = catur_selection_get_selected (self->selection);
      _catur_board_view_set_explanation (self, NULL);
      _catur_board_view_update_accessible (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    case CATUR_SELECTION_DESELECTED:
      _catur_board_view_clear_selection (self);
      _catur_board_view_update_accessible (self);
      break;
    case CATUR_SELECTION_PLAY:
      _catur_board_view_set_explanation (self, NULL);
      catur_selection_get_move (self->selection, &move);
      play_move (self, &move);
      break;
    case CATUR_SELECTION_CHOOSE:
      _catur_board_view_set_explanation (self, NULL);
      ask_choice (self);
      break;
    case CATUR_SELECTION_EXPLAIN:
      _catur_board_view_set_explanation (self, catur_selection_get_explanation (self->selection));
      _catur_board_view_update_accessible (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
board_press (CaturBoardView *self,
             double          x,
             double          y)
{
  CaturSquare square;

  self->press_square = CATUR_SQUARE_NONE;
  forget_press (self);

  if (self->game == NULL || catur_game_get_thinking (self->game))
    return;

  if (self->cursor_visible)
    {
      self->cursor_visible = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  square = catur_board_layout_square_at (&self->layout, x, y);
  self->press_square = square;
  if (square == CATUR_SQUARE_NONE)
    {
      if (catur_selection_get_selected (self->selection) != CATUR_SQUARE_NONE)
        {
          _catur_board_view_clear_selection (self);
          _catur_board_view_update_accessible (self);
        }
      return;
    }

  /* A press on the selected piece may begin a drag; a plain click puts it back. */
  if (catur_selection_would_deselect (self->selection, square))
    {
      self->release_deselects = TRUE;
      self->drag_possible = TRUE;
      return;
    }

  activate_square (self, square);
  if (catur_selection_get_selected (self->selection) == square)
    self->drag_possible = TRUE;
}

static void
board_release (CaturBoardView *self,
               double          x,
               double          y)
{
  if (self->dragging)
    {
      CaturSquare square = catur_board_layout_square_at (&self->layout, x, y);

      self->dragging = FALSE;
      if (square != CATUR_SQUARE_NONE && square != catur_selection_get_selected (self->selection))
        {
          self->skip_animation = TRUE;
          activate_square (self, square);
          self->skip_animation = FALSE;
        }
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else if (self->release_deselects)
    {
      _catur_board_view_clear_selection (self);
      _catur_board_view_update_accessible (self);
    }

  self->release_deselects = FALSE;
  self->drag_possible = FALSE;
}

static void
drag_begin_cb (CaturBoardView *self,
               double          x,
               double          y,
               GtkGestureDrag *gesture)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  board_press (self, x, y);
}

static void
drag_update_cb (CaturBoardView *self,
                double          offset_x,
                double          offset_y,
                GtkGestureDrag *gesture)
{
  double start_x, start_y;

  if (!self->drag_possible || catur_selection_get_selected (self->selection) == CATUR_SQUARE_NONE)
    return;

  gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y);
  self->drag_x = start_x + offset_x;
  self->drag_y = start_y + offset_y;
  if (!self->dragging
      && gtk_drag_check_threshold (GTK_WIDGET (self), (int) start_x, (int) start_y,
                                   (int) self->drag_x, (int) self->drag_y))
    {
      self->dragging = TRUE;
      self->release_deselects = FALSE;
    }

  if (self->dragging)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (CaturBoardView *self,
             double          offset_x,
             double          offset_y,
             GtkGestureDrag *gesture)
{
  double start_x, start_y;

  gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y);
  board_release (self, start_x + offset_x, start_y + offset_y);
}

static void
drag_cancel_cb (CaturBoardView   *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  self->dragging = FALSE;
  self->drag_possible = FALSE;
  self->release_deselects = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed_cb (CaturBoardView        *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  return catur_board_view_key_press (self, keyval, state);
}

static void
focus_changed_cb (CaturBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_catur_board_view_init_input (CaturBoardView *self)
{
  GtkGesture *drag;
  GtkEventController *key, *focus;

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect_swapped (drag, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  key = gtk_event_controller_key_new ();
  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed_cb), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}

/**
 * catur_board_view_click_at:
 * @self: a #CaturBoardView
 * @x: widget coordinate
 * @y: widget coordinate
 *
 * A primary-button press and release at (@x, @y), through the same code the
 * pointer gesture runs.
 */
void
catur_board_view_click_at (CaturBoardView *self,
                           double          x,
                           double          y)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  board_press (self, x, y);
  board_release (self, x, y);
}

/**
 * catur_board_view_key_press:
 * @self: a #CaturBoardView
 * @keyval: the key
 * @state: the modifiers held
 *
 * What the view does with a key; its key controller calls this. The arrows
 * move the cursor (the first key press only shows it), Enter and Space act on
 * the cursor's square as a click does, Escape drops the selection.
 *
 * Returns: whether the key was used
 */
gboolean
catur_board_view_key_press (CaturBoardView  *self,
                            guint            keyval,
                            GdkModifierType  state)
{
  int dx = 0, dy = 0, column, row;

  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  if (self->game == NULL)
    return FALSE;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return FALSE;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      dx = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      dx = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      dy = 1;
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      if (self->cursor_visible)
        activate_square (self, self->cursor);
      self->cursor_visible = TRUE;
      _catur_board_view_update_accessible (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Escape:
      if (catur_selection_get_selected (self->selection) == CATUR_SQUARE_NONE
          && self->explanation == NULL)
        return FALSE;
      catur_board_view_cancel_selection (self);
      return TRUE;
    default:
      return FALSE;
    }

  if (self->cursor_visible && self->cursor != CATUR_SQUARE_NONE)
    {
      square_to_screen (self, self->cursor, &column, &row);
      column = CLAMP (column + dx, 0, self->geometry.files - 1);
      row = CLAMP (row + dy, 0, self->geometry.ranks - 1);
      self->cursor = _catur_board_view_screen_to_square (self, column, row);
    }
  self->cursor_visible = TRUE;
  _catur_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}
