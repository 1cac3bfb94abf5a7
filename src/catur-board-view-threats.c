/* catur-board-view-threats.c: the pieces in danger, the squares attacked, the move held
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The coach's marks while playing (catur-threats.h): a player's pieces that the other side can
 * take for free get a red ring under them and a badge at their corner; on request, every
 * square where the other side would take a piece is tinted. Both are worked out once per
 * position shown, when first drawn or read, not in every frame. A move held for "Check my
 * move" is shown played, its squares ringed, until the window plays or drops it; meanwhile the
 * board takes no other move.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-board-view-private.h"

static const GdkRGBA danger_colour = { 0.75, 0.11, 0.16, 0.95 };
static const GdkRGBA danger_dark_colour = { 1.0, 0.48, 0.39, 0.95 };
static const GdkRGBA danger_fill_colour = { 0.88, 0.11, 0.14, 0.16 };
static const GdkRGBA attacked_colour = { 0.88, 0.11, 0.14, 0.22 };
static const GdkRGBA attacked_dark_colour = { 1.0, 0.45, 0.40, 0.26 };
static const GdkRGBA badge_ink_colour = { 1.0, 1.0, 1.0, 1.0 };
static const GdkRGBA pending_colour = { 0.90, 0.54, 0.05, 0.95 };

static gboolean
style_is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* The position the marks are for: the game's, not a move held that is not played yet. */
static const CaturPosition *
marked_position (CaturBoardView *self)
{
  return catur_game_get_position_at (self->game, catur_game_get_view_ply (self->game));
}

/* Whose pieces are marked in the position shown, or %CATUR_SIDE_NONE for nobody. */
static CaturSide
marked_side (CaturBoardView *self)
{
  if (!self->threats_shown || self->game == NULL || self->edit_position != NULL
      || catur_game_is_over (self->game))
    return CATUR_SIDE_NONE;
  if (self->threats_side != CATUR_SIDE_NONE)
    return self->threats_side;
  return catur_variant_side_to_move (self->variant, marked_position (self));
}

void
_catur_board_view_invalidate_threats (CaturBoardView *self)
{
  g_clear_pointer (&self->threats, g_array_unref);
  g_clear_pointer (&self->attacked, g_array_unref);
}

static void
ensure_threats (CaturBoardView *self)
{
  CaturSide side;

  if (self->threats != NULL)
    return;
  side = marked_side (self);
  self->threats = side == CATUR_SIDE_NONE || self->pending_position != NULL
                  ? g_array_new (FALSE, TRUE, sizeof (CaturThreat))
                  : catur_threats_find (self->variant, marked_position (self), side);
}

static void
ensure_attacked (CaturBoardView *self)
{
  CaturSide side;

  if (self->attacked != NULL)
    return;
  if (!self->show_attacked || self->game == NULL || self->edit_position != NULL
      || self->pending_position != NULL)
    {
      self->attacked = g_array_new (FALSE, FALSE, sizeof (CaturSquare));
      return;
    }
  side = self->threats_side != CATUR_SIDE_NONE
         ? self->threats_side
         : catur_variant_side_to_move (self->variant, marked_position (self));
  self->attacked = catur_threats_attacked_squares (self->variant, marked_position (self), side);
}

static const CaturThreat *
threat_on (CaturBoardView *self,
           CaturSquare     square)
{
  ensure_threats (self);
  for (guint i = 0; i < self->threats->len; i++)
    if (g_array_index (self->threats, CaturThreat, i).square == square)
      return &g_array_index (self->threats, CaturThreat, i);
  return NULL;
}

/* Under the pieces: the squares attacked, a ring under each piece in danger, the ends of a
 * move held. */
void
_catur_board_view_append_threats_under (CaturBoardView *self,
                                        GtkSnapshot    *snapshot)
{
  gboolean dark = style_is_dark ();
  double cell = self->layout.cell, x, y;

  ensure_threats (self);
  ensure_attacked (self);
  for (guint i = 0; i < self->attacked->len; i++)
    if (_catur_board_view_square_center (self, g_array_index (self->attacked, CaturSquare, i),
                                         &x, &y))
      {
        graphene_rect_t rect;
        GskRoundedRect box;

        _catur_board_view_square_rect (self, g_array_index (self->attacked, CaturSquare, i),
                                       0.86, &rect);
        gsk_rounded_rect_init_from_rect (&box, &rect, cell * 0.12);
        gtk_snapshot_push_rounded_clip (snapshot, &box);
        gtk_snapshot_append_color (snapshot, dark ? &attacked_dark_colour : &attacked_colour,
                                   &rect);
        gtk_snapshot_pop (snapshot);
      }
  for (guint i = 0; i < self->threats->len; i++)
    if (_catur_board_view_square_center (self, g_array_index (self->threats, CaturThreat,
                                                              i).square, &x, &y))
      {
        _catur_draw_disc (snapshot, x, y, cell * 0.53, &danger_fill_colour);
        _catur_draw_ring (snapshot, x, y, cell * 0.53, MAX (2.0, cell * 0.06),
                          dark ? &danger_dark_colour : &danger_colour);
      }
  if (self->pending_position != NULL)
    {
      CaturSquare ends[2] = { self->pending_move.from, self->pending_move.to };

      for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
        if (_catur_board_view_square_center (self, ends[i], &x, &y))
          _catur_draw_ring (snapshot, x, y, cell * (i == 0 ? 0.22 : 0.54),
                            MAX (2.0, cell * 0.06), &pending_colour);
    }
}

/* Over the pieces: a badge with an exclamation mark at the corner of each piece in danger,
 * which tells it apart from a check or a selection without colour alone. */
void
_catur_board_view_append_threats_over (CaturBoardView *self,
                                       GtkSnapshot    *snapshot)
{
  gboolean dark = style_is_dark ();
  double cell = self->layout.cell;

  ensure_threats (self);
  for (guint i = 0; i < self->threats->len; i++)
    {
      CaturSquare square = g_array_index (self->threats, CaturThreat, i).square;
      graphene_rect_t rect, bar, dot;
      double radius = MAX (5.0, cell * 0.14), bx, by;

      if (!_catur_board_view_piece_placement (self, square, &rect, NULL))
        continue;
      bx = rect.origin.x + rect.size.width - radius * 1.1;
      by = rect.origin.y + radius * 1.1;
      _catur_draw_disc (snapshot, bx, by, radius + MAX (1.0, cell * 0.02), &badge_ink_colour);
      _catur_draw_disc (snapshot, bx, by, radius, dark ? &danger_dark_colour : &danger_colour);
      graphene_rect_init (&bar, bx - radius * 0.14, by - radius * 0.62, radius * 0.28,
                          radius * 0.8);
      graphene_rect_init (&dot, bx - radius * 0.14, by + radius * 0.36, radius * 0.28,
                          radius * 0.28);
      gtk_snapshot_append_color (snapshot, &badge_ink_colour, &bar);
      gtk_snapshot_append_color (snapshot, &badge_ink_colour, &dot);
    }
}

/* What the focused cell says after its piece: "in danger: the Black Cannon on e7 can take
 * it", or %NULL. */
char *
_catur_board_view_threat_words (CaturBoardView *self,
                                CaturSquare     square)
{
  const CaturThreat *threat;

  if (self->game == NULL)
    return NULL;
  threat = threat_on (self, square);
  return threat != NULL ? catur_threat_describe (self->variant, marked_position (self), threat)
                        : NULL;
}

static void
threats_changed (CaturBoardView *self)
{
  _catur_board_view_invalidate_threats (self);
  _catur_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * catur_board_view_set_threats:
 * @self: a #CaturBoardView
 * @shown: whether pieces in danger are marked
 * @side: whose pieces, or %CATUR_SIDE_NONE for the side to move in the position shown
 *
 * Marks the pieces of @side that the other side can take for free (catur_threats_find()).
 * The squares the other side attacks, when shown (catur_board_view_set_show_attacked()), are
 * @side's likewise.
 */
void
catur_board_view_set_threats (CaturBoardView *self,
                              gboolean        shown,
                              CaturSide       side)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  if (self->threats_shown == !!shown && self->threats_side == side)
    return;
  self->threats_shown = !!shown;
  self->threats_side = side;
  threats_changed (self);
}

gboolean
catur_board_view_get_threats_shown (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  return self->threats_shown;
}

/**
 * catur_board_view_get_threats:
 * @self: a #CaturBoardView
 *
 * Returns: (transfer none) (element-type CaturThreat): the pieces marked in danger now
 */
GArray *
catur_board_view_get_threats (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  ensure_threats (self);
  return self->threats;
}

/**
 * catur_board_view_set_show_attacked:
 * @self: a #CaturBoardView
 * @show: whether the squares the other side attacks are tinted
 */
void
catur_board_view_set_show_attacked (CaturBoardView *self,
                                    gboolean        show)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  if (self->show_attacked == !!show)
    return;
  self->show_attacked = !!show;
  threats_changed (self);
}

gboolean
catur_board_view_get_show_attacked (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  return self->show_attacked;
}

/**
 * catur_board_view_get_attacked:
 * @self: a #CaturBoardView
 *
 * Returns: (transfer none) (element-type CaturSquare): the squares tinted as attacked, none
 *   while they are not shown
 */
GArray *
catur_board_view_get_attacked (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  ensure_attacked (self);
  return self->attacked;
}

/**
 * catur_board_view_describe_attacked:
 * @self: a #CaturBoardView showing the squares attacked
 *
 * The squares attacked in words, for a screen reader: "Black attacks 7 squares: d4, f4, d7,
 * e7, f7, d8, f8. In danger: your Horse on c3."
 *
 * Returns: (transfer full): the sentence
 */
char *
catur_board_view_describe_attacked (CaturBoardView *self)
{
  const CaturPosition *position;
  g_autoptr(GString) squares = g_string_new (NULL);
  g_autoptr(GString) danger = g_string_new (NULL);
  g_autofree char *sentence = NULL;
  CaturSide side;

  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  if (self->game == NULL)
    return g_strdup ("");
  position = marked_position (self);
  side = self->threats_side != CATUR_SIDE_NONE ? self->threats_side
                                                : catur_variant_side_to_move (self->variant,
                                                                              position);
  ensure_attacked (self);
  for (guint i = 0; i < self->attacked->len; i++)
    {
      char name[8] = "";

      catur_variant_square_name (self->variant, g_array_index (self->attacked, CaturSquare, i),
                                 name);
      g_string_append_printf (squares, "%s%s", squares->len > 0 ? ", " : "", name);
    }
  if (self->attacked->len == 0)
    /* Translators: the answer to the attacked-squares key, e.g. "Black attacks no square
     * where you would lose a piece." */
    sentence = g_strdup_printf (_("%s attacks no square where you would lose a piece."),
                                catur_variant_get_side_name (self->variant, position,
                                                             catur_side_other (side)));
  else
    /* Translators: the answer to the attacked-squares key, the side, how many squares and
     * their names, e.g. "Black attacks 3 squares: d4, f4, e7." */
    sentence = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s attacks %u square: %s.",
                                             "%s attacks %u squares: %s.",
                                             self->attacked->len),
                                catur_variant_get_side_name (self->variant, position,
                                                             catur_side_other (side)),
                                self->attacked->len, squares->str);

  {
    g_autoptr(GArray) threats = catur_threats_find (self->variant, position, side);

    for (guint i = 0; i < threats->len; i++)
      {
        const CaturThreat *threat = &g_array_index (threats, CaturThreat, i);
        g_autofree char *piece = catur_variant_get_piece_name (self->variant, &threat->piece);
        char name[8] = "";

        catur_variant_square_name (self->variant, threat->square, name);
        /* Translators: a piece in danger in a list, e.g. "Horse on c3" */
        g_string_append_printf (danger, i > 0 ? _(", %s on %s") : _("%s on %s"), piece, name);
      }
  }
  if (danger->len == 0)
    return g_steal_pointer (&sentence);
  /* Translators: the squares attacked, then the pieces in danger, e.g. "Black attacks 3
   * squares: d4, f4, e7. In danger: Horse on c3." */
  return g_strdup_printf (_("%s In danger: %s."), sentence, danger->str);
}

/**
 * catur_board_view_set_pending_move:
 * @self: a #CaturBoardView
 * @move: (nullable): a legal move of the game's position, held before it is played; %NULL
 *   to drop it
 *
 * Shows @move as played but not yet given to the game ("Check my move" judges it): its
 * squares ringed, and no other move taken meanwhile. A flip is shown on its square alone,
 * face down still: what it reveals is not known before it is played.
 */
void
catur_board_view_set_pending_move (CaturBoardView  *self,
                                   const CaturMove *move)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  g_clear_pointer (&self->pending_position, catur_position_free);
  if (move != NULL && self->game != NULL)
    {
      CaturMove played = *move;

      self->pending_move = *move;
      self->pending_position = catur_position_copy (catur_game_get_position (self->game));
      if (!(move->flags & CATUR_MOVE_FLIP)
          && catur_variant_is_legal (self->variant, self->pending_position, &played))
        catur_variant_play (self->variant, self->pending_position, &played);
      _catur_board_view_clear_selection (self);
    }
  threats_changed (self);
}

/**
 * catur_board_view_get_pending_move:
 * @self: a #CaturBoardView
 * @move: (out) (optional): the move held
 *
 * Returns: whether a move is held (catur_board_view_set_pending_move())
 */
gboolean
catur_board_view_get_pending_move (CaturBoardView *self,
                                   CaturMove      *move)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  if (self->pending_position != NULL && move != NULL)
    *move = self->pending_move;
  return self->pending_position != NULL;
}

/* The move the player chose, offered to whoever holds moves before they are played
 * (#CaturBoardView::move-chosen); %TRUE when it was taken, and the board must not play it. */
gboolean
_catur_board_view_offer_move (CaturBoardView  *self,
                              const CaturMove *move)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (self, "move-chosen", move, &handled);
  /* A move held is still the player's own when it is played: its sentence does not read the
   * square under the cursor again. */
  if (handled)
    self->moved_here = TRUE;
  return handled;
}
