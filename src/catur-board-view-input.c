/* catur-board-view-input.c: the pointer, drags and keys, turned into squares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A click, the end of a drag and Enter on the keyboard cursor all come down to one square,
 * which the view's CaturSelection turns into what the press means; the view then shows it:
 * the piece picked up, the moves offered for one click, the explanation, or the move played
 * on the game. A press on the selected piece waits for the release, since it may begin a
 * drag. The arrows move a cursor over the board as it is seen (flipped or not); past the
 * board's edge next to a hand they go into it, along its slots, and back. The cursor is shown
 * whenever the board has the focus, and a click puts it on the square clicked.
 *
 * Several moves for one press (a promotion's pieces) are offered in a popover: a button per
 * move with the piece it leaves on the board, named for assistive technologies, the first one
 * focused (the popover does it) so that the arrows, Enter and Escape work in it; the moves'
 * notation where their pieces do not tell them apart.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "catur-board-view-private.h"

/* The size of a piece's image in the choice of moves, in device-independent pixels. */
#define CHOICE_IMAGE_SIZE 56

/* The board as it is shown: the layout, or before the first one for this board, upright. */
static CaturBoardLayout
screen_layout (CaturBoardView *self)
{
  CaturBoardLayout layout = self->layout;

  /* A layout of another game's board (a game just set) is no guide. */
  if (layout.files != self->geometry.files || layout.ranks != self->geometry.ranks)
    {
      layout.files = self->geometry.files;
      layout.ranks = self->geometry.ranks;
      layout.rotated = FALSE;
    }
  layout.flipped = self->flipped;
  return layout;
}

/* The square in screen columns and rows, column 0 left and row 0 on top. */
static void
square_to_screen (CaturBoardView *self,
                  CaturSquare     square,
                  int            *column,
                  int            *row)
{
  CaturBoardLayout layout = screen_layout (self);

  catur_board_layout_square_cell (&layout, square, column, row);
}

/* The square shown at screen @column and @row; %CATUR_SQUARE_NONE off the board. */
CaturSquare
_catur_board_view_screen_to_square (CaturBoardView *self,
                                    int             column,
                                    int             row)
{
  CaturBoardLayout layout = screen_layout (self);

  return catur_board_layout_cell_square (&layout, column, row);
}

/* The hand that lies past the board one step @toward it across the hands' line (down, or
 * right when the hands stand beside the board, for @toward > 0): the bottom side's below the
 * board (or at its right), the top side's above it (or at its left); %CATUR_SIDE_NONE without
 * hands or a step. */
static CaturSide
hand_toward (CaturBoardView *self,
             int             toward)
{
  CaturSide bottom = _catur_board_view_bottom_side (self);

  if (self->n_hand_kinds == 0 || toward == 0)
    return CATUR_SIDE_NONE;
  return toward > 0 ? bottom : catur_side_other (bottom);
}

/* A slot of @side's hand: with @step 0 the one nearest to (@x, @y) along the hand, as seen
 * from the board; with @step -1 or 1 the next one from @from (at (@x, @y)) that way along it.
 * %CATUR_SQUARE_NONE when there is none. */
static CaturSquare
hand_slot_toward (CaturBoardView *self,
                  CaturSide       side,
                  CaturSquare     from,
                  int             step,
                  double          x,
                  double          y)
{
  CaturSquare best = CATUR_SQUARE_NONE;
  double best_distance = G_MAXDOUBLE;

  for (guint i = 0; i < self->n_hand_kinds; i++)
    {
      CaturSquare slot = CATUR_SQUARE_HAND (side, self->hand_kinds[i]);
      double sx, sy, along;

      if (slot == from || !_catur_board_view_square_center (self, slot, &sx, &sy))
        continue;
      along = self->hands_beside ? sy - y : sx - x;
      if (step != 0 && along * step <= 0)
        continue;
      if (fabs (along) < best_distance)
        {
          best = slot;
          best_distance = fabs (along);
        }
    }
  return best;
}

/* The square on the board's edge line next to @side's hand nearest to (@x, @y). */
static CaturSquare
board_edge_square (CaturBoardView *self,
                   CaturSide       side,
                   double          x,
                   double          y)
{
  gboolean bottom = side == _catur_board_view_bottom_side (self);
  int n = self->hands_beside ? self->geometry.ranks : self->geometry.files;
  CaturSquare best = CATUR_SQUARE_NONE;
  double best_distance = G_MAXDOUBLE;

  for (int i = 0; i < n; i++)
    {
      int column = self->hands_beside ? (bottom ? self->geometry.files - 1 : 0) : i;
      int row = self->hands_beside ? i : (bottom ? self->geometry.ranks - 1 : 0);
      CaturSquare square = _catur_board_view_screen_to_square (self, column, row);
      double sx, sy, distance;

      if (!_catur_board_view_square_center (self, square, &sx, &sy))
        continue;
      distance = self->hands_beside ? fabs (sy - y) : fabs (sx - x);
      if (distance < best_distance)
        {
          best = square;
          best_distance = distance;
        }
    }
  return best;
}

/* Where the keyboard cursor goes from @from one step (@dx, @dy) on screen: over the board,
 * past its edge next to a hand into that hand, along the hand, and back onto the board. It
 * stays where no square lies that way. */
static CaturSquare
cursor_step (CaturBoardView *self,
             CaturSquare     from,
             int             dx,
             int             dy)
{
  CaturSquare to = CATUR_SQUARE_NONE;
  double x, y;

  if (!_catur_board_view_square_center (self, from, &x, &y))
    return from;

  if (!catur_square_is_hand (from))
    {
      int column, row;
      CaturSide hand;

      square_to_screen (self, from, &column, &row);
      to = _catur_board_view_screen_to_square (self, column + dx, row + dy);
      if (to != CATUR_SQUARE_NONE)
        return to;
      hand = hand_toward (self, self->hands_beside ? dx : dy);
      if (hand != CATUR_SIDE_NONE)
        to = hand_slot_toward (self, hand, from, 0, x, y);
    }
  else
    {
      CaturSide side = catur_square_hand_side (from);
      int along = self->hands_beside ? dy : dx;
      int across = self->hands_beside ? dx : dy;

      if (along != 0)
        to = hand_slot_toward (self, side, from, along, x, y);
      else if (across != 0 && hand_toward (self, -across) == side)
        to = board_edge_square (self, side, x, y);
    }
  return to != CATUR_SQUARE_NONE ? to : from;
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
  if (_catur_board_view_is_square (self, copy.to))
    self->cursor = copy.to;
  if (_catur_board_view_offer_move (self, &copy))
    return;
  self->moved_here = TRUE;
  if (!catur_game_play (self->game, &copy, &error))
    {
      self->moved_here = FALSE;
      _catur_board_view_set_explanation (self, error->message);
      _catur_board_view_update_accessible (self);
      _catur_board_view_announce (self, error->message);
    }
}

/* The board.choose action of a button of the choice. */
void
_catur_board_view_choose (CaturBoardView *self,
                          guint           index)
{
  CaturMove move;

  if (catur_selection_choose (self->selection, index) != CATUR_SELECTION_PLAY)
    return;

  catur_selection_get_move (self->selection, &move);
  _catur_board_view_hide_choices (self);
  play_move (self, &move);
}

/* The piece @move leaves on its target: what a player picks a promotion by. A flip is never
 * played ahead: it would tell what lies face down. */
static gboolean
piece_after (CaturBoardView  *self,
             const CaturMove *move,
             CaturPiece      *piece)
{
  g_autoptr(CaturPosition) after = NULL;
  CaturMove played = *move;

  if ((move->flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DECLARE))
      || !_catur_board_view_is_square (self, move->to))
    return FALSE;
  after = catur_position_copy (_catur_board_view_get_position (self));
  catur_variant_play (self->variant, after, &played);
  return catur_variant_piece_at (self->variant, after, move->to, piece);
}

/* A button that shows the piece @move leaves, or %NULL when its image cannot be drawn. */
static GtkWidget *
piece_button (CaturBoardView   *self,
              const CaturPiece *piece,
              const char       *notation)
{
  const CaturThemeInfo *theme = catur_theme_cache_get_theme (self->theme);
  const char *image = catur_variant_get_piece_image (self->variant, piece);
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *name = NULL;
  g_autofree char *tooltip = NULL;
  GtkWidget *button, *picture;

  if (theme == NULL || image == NULL)
    return NULL;
  texture = catur_theme_render_image (theme, image, CHOICE_IMAGE_SIZE * scale, NULL);
  if (texture == NULL)
    return NULL;

  picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_widget_set_size_request (picture, CHOICE_IMAGE_SIZE, CHOICE_IMAGE_SIZE);
  button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (button), picture);

  name = catur_variant_get_piece_name (self->variant, piece);
  /* Translators: a choice of promotion: the piece and the move, e.g. "Queen (e8=Q)" */
  tooltip = g_strdup_printf (_("%s (%s)"), name, notation);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  catur_a11y_set_description (button, notation);
  return button;
}

/* Whether the pieces of @n_moves moves tell them apart, all of them drawable. */
static gboolean
pieces_tell_apart (CaturBoardView  *self,
                   const CaturMove *moves,
                   guint            n_moves,
                   CaturPiece      *pieces)
{
  for (guint i = 0; i < n_moves; i++)
    {
      if (!piece_after (self, &moves[i], &pieces[i])
          || catur_variant_get_piece_image (self->variant, &pieces[i]) == NULL)
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (pieces[j].kind == pieces[i].kind && pieces[j].side == pieces[i].side
            && pieces[j].flags == pieces[i].flags)
          return FALSE;
    }
  return TRUE;
}

static void
choices_closed_cb (CaturBoardView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

/* The choice's own keys: the arrows and Tab go round its buttons and never out of it (a
 * popover's own focus chain leaves it, and the popover closes, with the focus out of the
 * board); Enter presses the button, Escape closes the popover. */
static gboolean
choices_key_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CaturBoardView        *self)
{
  GtkWidget *popover = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (popover));
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  int step, at = -1;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
    case GDK_KEY_ISO_Left_Tab:
      step = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      step = 1;
      break;
    case GDK_KEY_Tab:
    case GDK_KEY_KP_Tab:
      step = (state & GDK_SHIFT_MASK) ? -1 : 1;
      break;
    default:
      return FALSE;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (self->choice_box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_BUTTON (child))
      {
        if (child == focus || (focus != NULL && gtk_widget_is_ancestor (focus, child)))
          at = (int) buttons->len;
        g_ptr_array_add (buttons, child);
      }
  if (buttons->len == 0)
    return FALSE;
  at = at < 0 ? 0 : (at + step + (int) buttons->len) % (int) buttons->len;
  gtk_widget_grab_focus (g_ptr_array_index (buttons, at));
  return TRUE;
}

/* The question the choice answers: which piece a promotion makes, or whether to promote at all
 * (the same move with and without), else which of the moves. */
static const char *
choice_heading (const CaturMove *moves,
                guint            n_moves)
{
  guint promoting = 0;

  for (guint i = 0; i < n_moves; i++)
    if (moves[i].flags & CATUR_MOVE_PROMOTE)
      promoting++;
  if (promoting == n_moves)
    /* Translators: the heading of the choice of the piece a pawn becomes */
    return _("Promote to");
  if (promoting > 0)
    /* Translators: the heading of the choice between promoting a piece and not */
    return _("Promote?");
  /* Translators: the heading of a choice between moves of the same piece to the same square */
  return _("Choose the move");
}

/* Several legal moves answer one press (a promotion's pieces): the player picks one by the
 * piece it leaves on the board, or by its notation where the pieces are the same. */
static void
ask_choice (CaturBoardView *self)
{
  g_autofree CaturPiece *pieces = NULL;
  const CaturMove *moves;
  guint n_moves;
  gboolean with_pieces;
  GtkWidget *outer, *heading, *box;
  graphene_rect_t rect;
  GdkRectangle pointing;

  moves = catur_selection_get_choices (self->selection, &n_moves);
  if (self->choice_popover == NULL)
    {
      GtkEventController *keys = gtk_event_controller_key_new ();

      self->choice_popover = gtk_popover_new ();
      gtk_widget_set_parent (self->choice_popover, GTK_WIDGET (self));
      g_signal_connect_object (self->choice_popover, "closed", G_CALLBACK (choices_closed_cb),
                               self, G_CONNECT_SWAPPED);
      /* Before the popover's own handling, which would take the focus out of it. */
      gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
      g_signal_connect_object (keys, "key-pressed", G_CALLBACK (choices_key_cb), self, 0);
      gtk_widget_add_controller (self->choice_popover, keys);
    }

  pieces = g_new0 (CaturPiece, n_moves);
  with_pieces = pieces_tell_apart (self, moves, n_moves, pieces);
  if (with_pieces)
    gtk_widget_remove_css_class (self->choice_popover, "menu");
  else
    gtk_widget_add_css_class (self->choice_popover, "menu");

  heading = gtk_label_new (choice_heading (moves, n_moves));
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_margin_top (heading, 6);
  gtk_widget_set_margin_bottom (heading, 6);
  /* A group named by the heading: Orca says it as the focus comes into it ("Promote to
   * panel. Queen push button."). GTK 4.8 leaves the popover itself out of the buttons'
   * ancestors, so its name would never be heard. */
  outer = g_object_new (GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_VERTICAL,
                        "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);
  gtk_box_append (GTK_BOX (outer), heading);
  gtk_accessible_update_property (GTK_ACCESSIBLE (outer), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_label_get_text (GTK_LABEL (heading)), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->choice_popover),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_label_get_text (GTK_LABEL (heading)), -1);
  box = gtk_box_new (with_pieces ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
                     with_pieces ? 6 : 0);
  gtk_box_append (GTK_BOX (outer), box);
  self->choice_box = box;
  for (guint i = 0; i < n_moves; i++)
    {
      g_autofree char *text = NULL;
      GtkWidget *button = NULL;

      text = catur_variant_format_move (self->variant, _catur_board_view_get_position (self),
                                        &moves[i], catur_game_get_notation (self->game));
      if (with_pieces)
        button = piece_button (self, &pieces[i], text);
      if (button == NULL)
        button = gtk_button_new_with_label (text);
      gtk_widget_add_css_class (button, "flat");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "board.choose");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", i);
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_popover_set_child (GTK_POPOVER (self->choice_popover), outer);

  _catur_board_view_square_rect (self, moves[0].to, 1.0, &rect);
  pointing.x = (int) rect.origin.x;
  pointing.y = (int) rect.origin.y;
  pointing.width = (int) rect.size.width;
  pointing.height = (int) rect.size.height;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->choice_popover), &pointing);
  gtk_popover_popup (GTK_POPOVER (self->choice_popover));
  /* The first choice has the focus (not the heading): the arrows, Enter and Escape work. */
  gtk_widget_grab_focus (gtk_widget_get_first_child (box));
}

/* A click, or Enter on the cursor: the selection says what it means, the view shows it. */
static void
activate_square (CaturBoardView *self,
                 CaturSquare     square)
{
  CaturMove move;
  CaturSquare held;

  if (!_catur_board_view_is_square (self, square))
    return;

  self->cursor = square;
  /* A move held for checking is the player's one move now. */
  if (self->pending_position != NULL)
    return;
  held = catur_selection_get_selected (self->selection);

  switch (catur_selection_activate (self->selection, square))
    {
    case CATUR_SELECTION_IGNORED:
      /* The board is the computer's while it thinks. */
      break;
    case CATUR_SELECTION_SELECTED:
      forget_press (self);
      _catur_board_view_hide_choices (self);
      self->cursor = catur_selection_get_selected (self->selection);
      _catur_board_view_set_explanation (self, NULL);
      _catur_board_view_update_accessible (self);
      _catur_board_view_announce_held (self, self->cursor, TRUE);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;
    case CATUR_SELECTION_DESELECTED:
      _catur_board_view_clear_selection (self);
      _catur_board_view_update_accessible (self);
      if (held != CATUR_SQUARE_NONE)
        _catur_board_view_announce_held (self, held, FALSE);
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
      _catur_board_view_announce (self, self->explanation);
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

  if (self->game == NULL || catur_game_get_thinking (self->game)
      || self->pending_position != NULL)
    return;

  square = _catur_board_view_square_at (self, x, y);
  self->press_square = square;
  /* Setting up a position: a piece on the board may be dragged elsewhere, or off it. */
  if (self->edit_position != NULL)
    {
      CaturPiece piece;

      self->edit_drag_from = CATUR_SQUARE_NONE;
      if (square != CATUR_SQUARE_NONE && square < self->geometry.files * self->geometry.ranks
          && _catur_board_view_get_piece (self, square, &piece))
        self->drag_possible = TRUE;
      return;
    }
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
  if (self->edit_position != NULL)
    {
      CaturSquare from = self->edit_drag_from;
      CaturSquare square = _catur_board_view_square_at (self, x, y);

      self->dragging = FALSE;
      self->drag_possible = FALSE;
      self->edit_drag_from = CATUR_SQUARE_NONE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      if (from != CATUR_SQUARE_NONE)
        {
          if (square != from)
            _catur_board_view_emit_edit (self, square, from);
        }
      else if (square != CATUR_SQUARE_NONE && square == self->press_square)
        {
          self->cursor = square;
          _catur_board_view_emit_edit (self, square, CATUR_SQUARE_NONE);
        }
      return;
    }

  if (self->dragging)
    {
      CaturSquare square = _catur_board_view_square_at (self, x, y);

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

  if (!self->drag_possible
      || (self->edit_position == NULL
          && catur_selection_get_selected (self->selection) == CATUR_SQUARE_NONE))
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
      if (self->edit_position != NULL)
        self->edit_drag_from = self->press_square;
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

static void
focus_enter_cb (CaturBoardView *self)
{
  _catur_board_view_focus_entered (self);
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
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_enter_cb), self);
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
 * move the cursor, past the board's edge into a hand next to it and along its
 * slots; Enter and Space act on the cursor's square or hand slot as a click
 * does, Escape drops the selection. Letters ask the questions of a player who
 * cannot see the board (catur-board-view-questions.c): the answer is spoken.
 * A square's name typed, Shift and a piece's letter, and Control and an arrow
 * send the cursor there, to the next such piece, to the board's edge
 * (catur-board-view-jumps.c).
 *
 * Returns: whether the key was used
 */
gboolean
catur_board_view_key_press (CaturBoardView  *self,
                            guint            keyval,
                            GdkModifierType  state)
{
  int dx = 0, dy = 0;

  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  if (self->game == NULL)
    return FALSE;
  if (state & (GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return FALSE;
  if (state & GDK_CONTROL_MASK)
    {
      /* Control and an arrow: to the board's edge; other keys with Control are the window's. */
      switch (keyval)
        {
        case GDK_KEY_Left:
        case GDK_KEY_KP_Left:
          return _catur_board_view_jump_to_edge (self, -1, 0);
        case GDK_KEY_Right:
        case GDK_KEY_KP_Right:
          return _catur_board_view_jump_to_edge (self, 1, 0);
        case GDK_KEY_Up:
        case GDK_KEY_KP_Up:
          return _catur_board_view_jump_to_edge (self, 0, -1);
        case GDK_KEY_Down:
        case GDK_KEY_KP_Down:
          return _catur_board_view_jump_to_edge (self, 0, 1);
        default:
          return FALSE;
        }
    }
  /* A square's name typed, a piece's letter with Shift (catur-board-view-jumps.c). */
  if (_catur_board_view_type_name (self, keyval))
    return TRUE;
  if (_catur_board_view_jump_to_piece (self, keyval))
    return TRUE;

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
      if (self->edit_position != NULL)
        {
          if (self->cursor != CATUR_SQUARE_NONE)
            _catur_board_view_emit_edit (self, self->cursor, CATUR_SQUARE_NONE);
          return TRUE;
        }
      activate_square (self, self->cursor);
      _catur_board_view_update_accessible (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Escape:
      {
        CaturSquare held = catur_selection_get_selected (self->selection);

        if (held == CATUR_SQUARE_NONE && self->explanation == NULL)
          return FALSE;
        catur_board_view_cancel_selection (self);
        if (held != CATUR_SQUARE_NONE)
          _catur_board_view_announce_held (self, held, FALSE);
        return TRUE;
      }
    default:
      return _catur_board_view_answer (self, keyval);
    }

  if (self->cursor != CATUR_SQUARE_NONE)
    {
      CaturSquare to = cursor_step (self, self->cursor, dx, dy);

      /* A press that goes nowhere is said to: silence would leave the player wondering
       * whether the key was heard. */
      if (to == self->cursor)
        {
          _catur_board_view_announce (self, _("Edge of the board."));
          return TRUE;
        }
      self->cursor = to;
    }
  _catur_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}
