/* catur-board-view-arrow.c: the coach's arrow over the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One arrow at most, from a move's origin to its target, drawn over the pieces with cairo in
 * the box it covers alone (a node of a few hundred pixels, not the board). A move with no
 * path of its own (a Banqi flip, a declaration) is a ring on its square; a drop starts at
 * its hand slot. The window sets it for the ply shown (the coach's best move) and clears it;
 * another game clears it.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <math.h>

#include "catur-board-view-private.h"

/* Green as a go-ahead, translucent so the pieces under it show; light and dark alike read it
 * on the boards' wood and cloth. */
static const GdkRGBA arrow_colour = { 0.13, 0.55, 0.23, 0.78 };

void
_catur_board_view_append_arrow (CaturBoardView *self,
                                GtkSnapshot    *snapshot)
{
  double x0, y0, x1, y1, cell = self->layout.cell;
  double length, width, head, left, top, right, bottom;
  graphene_rect_t bounds;
  cairo_t *cr;

  if (self->arrow_to == CATUR_SQUARE_NONE
      || !_catur_board_view_square_center (self, self->arrow_to, &x1, &y1))
    return;

  if (self->arrow_from == CATUR_SQUARE_NONE || self->arrow_from == self->arrow_to
      || !_catur_board_view_square_center (self, self->arrow_from, &x0, &y0))
    {
      graphene_rect_init (&bounds, x1 - cell * 0.6, y1 - cell * 0.6, cell * 1.2, cell * 1.2);
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      gdk_cairo_set_source_rgba (cr, &arrow_colour);
      cairo_set_line_width (cr, MAX (3.0, cell * 0.1));
      cairo_arc (cr, x1, y1, cell * 0.45, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_destroy (cr);
      return;
    }

  length = hypot (x1 - x0, y1 - y0);
  width = MAX (3.0, cell * 0.16);
  head = MIN (cell * 0.45, length * 0.6);
  left = MIN (x0, x1) - cell;
  top = MIN (y0, y1) - cell;
  right = MAX (x0, x1) + cell;
  bottom = MAX (y0, y1) + cell;
  graphene_rect_init (&bounds, left, top, right - left, bottom - top);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  gdk_cairo_set_source_rgba (cr, &arrow_colour);
  /* Drawn along the x axis, then turned onto the move. */
  cairo_translate (cr, x0, y0);
  cairo_rotate (cr, atan2 (y1 - y0, x1 - x0));
  /* The tail starts off the centre of its square, clear of the piece's face. */
  cairo_move_to (cr, cell * 0.2, -width / 2);
  cairo_line_to (cr, length - head, -width / 2);
  cairo_line_to (cr, length - head, -head * 0.55);
  cairo_line_to (cr, length, 0);
  cairo_line_to (cr, length - head, head * 0.55);
  cairo_line_to (cr, length - head, width / 2);
  cairo_line_to (cr, cell * 0.2, width / 2);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_destroy (cr);
}

/**
 * catur_board_view_set_arrow:
 * @self: a #CaturBoardView
 * @move: (nullable): the move to draw, or %NULL for none
 *
 * Draws @move as an arrow over the board, in whatever position is shown, until it is set
 * again or another game is shown: the coach's better move for the ply shown.
 */
void
catur_board_view_set_arrow (CaturBoardView  *self,
                            const CaturMove *move)
{
  CaturSquare from, to;

  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  from = move != NULL ? move->from : CATUR_SQUARE_NONE;
  to = move != NULL ? move->to : CATUR_SQUARE_NONE;
  if (from == self->arrow_from && to == self->arrow_to)
    return;
  self->arrow_from = from;
  self->arrow_to = to;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * catur_board_view_get_arrow:
 * @self: a #CaturBoardView
 * @from: (out) (optional): the arrow's origin (%CATUR_SQUARE_NONE for a ring)
 * @to: (out) (optional): its target
 *
 * Returns: whether an arrow is drawn
 */
gboolean
catur_board_view_get_arrow (CaturBoardView *self,
                            CaturSquare    *from,
                            CaturSquare    *to)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  if (from != NULL)
    *from = self->arrow_from;
  if (to != NULL)
    *to = self->arrow_to;
  return self->arrow_to != CATUR_SQUARE_NONE;
}
