/* catur-board-view-draw.c: where the board stands and what a frame of it draws
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything costly is cached: the board as an image per size, scale,
 * orientation, style and board theme; the pieces as images per size and piece
 * theme (CaturThemeCache); the piece letters as one layout per letter and
 * size. A frame only places those images and a few markers
 * (tests/bench/bench-board-redraw measures it).
 *
 * A game with hands gets a tray for each seat beside the board: the bottom player's below it
 * and the top player's above it, or at its right and its left when that gives the board more
 * room (a window wider than the board with its trays above and below). The top tray is the
 * bottom one turned around the board's centre, so that both players read their hands alike.
 * Every kind a hand may hold has its slot, always at the same place: the empty ones show their
 * piece faint, so that nothing moves when a kind comes or goes and the keyboard's way through
 * a hand stays the same. A game without hands is laid out and drawn exactly as before hands.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <math.h>

#include "catur-board-view-private.h"

/* Around the board: room for its shadow, in device-independent pixels. */
#define OUTER_PAD 4.0
/* Around the outermost points or squares, in cells: the frame and the coordinates. */
#define POINTS_MARGIN 1.0
#define SQUARES_MARGIN 0.75
#define MIN_CELL 22
#define NATURAL_CELL 64
#define ANIMATION_DURATION (150 * G_TIME_SPAN_MILLISECOND)
/* The shadow under the board is a downscaled copy of its alpha, scaled back up. */
#define SHADOW_FACTOR 8
/* The hands, in cells: between the board's margin and a tray, a tray's thickness, from one
 * slot's centre to the next, and a tray's ends beyond its outer slots. */
#define HAND_GAP 0.2
#define HAND_DEPTH 1.2
#define HAND_PITCH 1.1
#define HAND_END 0.05
#define EMPTY_SLOT_OPACITY 0.25

static const GdkRGBA last_move_colour = { 0.21, 0.52, 0.89, 0.55 };
static const GdkRGBA last_move_fill_colour = { 0.21, 0.52, 0.89, 0.30 };
static const GdkRGBA selection_colour = { 0.11, 0.54, 0.36, 0.90 };
static const GdkRGBA selection_dark_colour = { 0.34, 0.89, 0.54, 0.90 };
static const GdkRGBA selection_fill_colour = { 0.18, 0.76, 0.49, 0.30 };
static const GdkRGBA target_colour = { 0.09, 0.42, 0.26, 0.62 };
static const GdkRGBA target_dark_colour = { 0.56, 0.94, 0.64, 0.70 };
static const GdkRGBA cursor_colour = { 0.21, 0.52, 0.89, 1.0 };
static const GdkRGBA drag_target_colour = { 0.21, 0.52, 0.89, 0.28 };
static const GdkRGBA hint_colour = { 0.90, 0.54, 0.05, 0.95 };
static const GdkRGBA hint_fill_colour = { 0.96, 0.76, 0.19, 0.35 };
static const GdkRGBA tray_colour = { 0.0, 0.0, 0.0, 0.07 };
static const GdkRGBA tray_dark_colour = { 1.0, 1.0, 1.0, 0.07 };
static const GdkRGBA badge_colour = { 0.13, 0.13, 0.15, 0.82 };
static const GdkRGBA badge_ink_colour = { 1.0, 1.0, 1.0, 1.0 };
static const GdkRGBA count_dark_ink_colour = { 0.13, 0.13, 0.15, 1.0 };

/* The side at the bottom of the board as last laid out. */
static CaturSide
layout_bottom_side (CaturBoardView *self)
{
  return self->layout.flipped ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
}

/* The place of @kind in the hands, or -1 when a hand never holds it. */
static int
hand_index (CaturBoardView *self,
            guint8          kind)
{
  for (guint i = 0; i < self->n_hand_kinds; i++)
    if (self->hand_kinds[i] == kind)
      return (int) i;
  return -1;
}

static gboolean
hand_slot_center (CaturBoardView *self,
                  CaturSquare     square,
                  double         *x,
                  double         *y)
{
  CaturSide side = catur_square_hand_side (square);
  int index = hand_index (self, catur_square_hand_kind (square));
  const graphene_rect_t *tray;
  gboolean bottom;
  double offset;

  if (!catur_square_is_hand (square) || side > CATUR_SIDE_SECOND || index < 0
      || self->layout.cell <= 0)
    return FALSE;

  /* The top tray is the bottom one turned around the board's centre. */
  tray = &self->hand_rects[side];
  bottom = side == layout_bottom_side (self);
  offset = (HAND_END + (index + 0.5) * HAND_PITCH) * self->layout.cell;
  if (self->hands_beside)
    {
      *x = tray->origin.x + tray->size.width / 2;
      *y = bottom ? tray->origin.y + offset : tray->origin.y + tray->size.height - offset;
    }
  else
    {
      *x = bottom ? tray->origin.x + offset : tray->origin.x + tray->size.width - offset;
      *y = tray->origin.y + tray->size.height / 2;
    }
  return TRUE;
}

/* The centre of a board square or a hand slot; %FALSE for any other square. */
gboolean
_catur_board_view_square_center (CaturBoardView *self,
                                 CaturSquare     square,
                                 double         *x,
                                 double         *y)
{
  if (self->layout.cell <= 0)
    return FALSE;
  if (square < self->layout.files * self->layout.ranks)
    {
      catur_board_layout_square_center (&self->layout, square, x, y);
      return TRUE;
    }
  return self->n_hand_kinds > 0 && hand_slot_center (self, square, x, y);
}

/* The board square or hand slot at (@x, @y), or %CATUR_SQUARE_NONE. */
CaturSquare
_catur_board_view_square_at (CaturBoardView *self,
                             double          x,
                             double          y)
{
  CaturSquare square = catur_board_layout_square_at (&self->layout, x, y);
  double half_x, half_y;

  if (square != CATUR_SQUARE_NONE || self->n_hand_kinds == 0)
    return square;

  /* A slot answers across its tray's thickness and half way to its neighbours. */
  half_x = (self->hands_beside ? HAND_DEPTH : HAND_PITCH) * self->layout.cell / 2;
  half_y = (self->hands_beside ? HAND_PITCH : HAND_DEPTH) * self->layout.cell / 2;
  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    for (guint i = 0; i < self->n_hand_kinds; i++)
      {
        CaturSquare slot = CATUR_SQUARE_HAND (side, self->hand_kinds[i]);
        double cx, cy;

        if (hand_slot_center (self, slot, &cx, &cy) && fabs (x - cx) < half_x
            && fabs (y - cy) < half_y)
          return slot;
      }
  return CATUR_SQUARE_NONE;
}

void
_catur_board_view_square_rect (CaturBoardView  *self,
                               CaturSquare      square,
                               double           size,
                               graphene_rect_t *rect)
{
  double x, y, side = self->layout.cell * size;

  if (!_catur_board_view_square_center (self, square, &x, &y))
    {
      graphene_rect_init (rect, 0, 0, 0, 0);
      return;
    }
  graphene_rect_init (rect, x - side / 2, y - side / 2, side, side);
}

/* A filled disc, and a ring, about a point: marks of the board and of its layers. */
void
_catur_draw_disc (GtkSnapshot   *snapshot,
                  double         x,
                  double         y,
                  double         radius,
                  const GdkRGBA *colour)
{
  GskRoundedRect disc;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (x - radius, y - radius, 2 * radius, 2 * radius);

  gsk_rounded_rect_init_from_rect (&disc, &bounds, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &disc);
  gtk_snapshot_append_color (snapshot, colour, &bounds);
  gtk_snapshot_pop (snapshot);
}

void
_catur_draw_ring (GtkSnapshot   *snapshot,
                  double         x,
                  double         y,
                  double         radius,
                  double         width,
                  const GdkRGBA *colour)
{
  GskRoundedRect ring;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (x - radius, y - radius, 2 * radius, 2 * radius);
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };

  gsk_rounded_rect_init_from_rect (&ring, &bounds, radius);
  gtk_snapshot_append_border (snapshot, &ring, widths, colours);
}

void
_catur_board_view_stop_animation (CaturBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  self->animation_from = CATUR_SQUARE_NONE;
  self->animation_to = CATUR_SQUARE_NONE;
  self->animation_effects.captured = CATUR_SQUARE_NONE;
  self->animation_effects.second_from = CATUR_SQUARE_NONE;
  self->animation_effects.second_to = CATUR_SQUARE_NONE;
}

static double
ease_out_cubic (double t)
{
  double u = 1.0 - t;

  return 1.0 - u * u * u;
}

static gboolean
animation_tick_cb (GtkWidget     *widget,
                   GdkFrameClock *frame_clock,
                   gpointer       user_data)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (frame_clock);

  if (self->animation_start == 0)
    self->animation_start = now;

  self->animation_progress = (double) (now - self->animation_start) / ANIMATION_DURATION;
  gtk_widget_queue_draw (widget);

  if (self->animation_progress >= 1.0)
    {
      self->tick_id = 0;
      _catur_board_view_stop_animation (self);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* Slides the piece of the move that led to the position shown (from its hand slot for a
 * drop), and the second piece that moves with it; the piece it took fades out where it stood,
 * which is not the target for an en-passant capture. */
void
_catur_board_view_start_animation (CaturBoardView *self)
{
  const CaturPosition *before;
  gboolean enabled = FALSE;
  CaturMove move;

  _catur_board_view_stop_animation (self);

  if (!_catur_board_view_get_shown_move (self, &move)
      || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;

  /* The player's choice, and the desktop's (reduced motion). */
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled,
                NULL);
  if (!enabled || !self->animations)
    return;

  if (move.from == CATUR_SQUARE_NONE || move.to == CATUR_SQUARE_NONE || move.from == move.to
      || !_catur_board_view_is_square (self, move.from))
    return;

  self->animation_from = move.from;
  self->animation_to = move.to;
  before = catur_game_get_position_at (self->game, catur_game_get_view_ply (self->game) - 1);
  catur_variant_move_effects (self->variant, before, &move, &self->animation_effects);
  if (!_catur_board_view_is_square (self, self->animation_effects.second_from)
      || !_catur_board_view_is_square (self, self->animation_effects.second_to))
    self->animation_effects.second_from = self->animation_effects.second_to = CATUR_SQUARE_NONE;
  if (!_catur_board_view_is_square (self, self->animation_effects.captured)
      || !catur_variant_piece_at (self->variant, before, self->animation_effects.captured,
                                  &self->animation_captured))
    self->animation_effects.captured = CATUR_SQUARE_NONE;
  self->animation_start = 0;
  self->animation_progress = 0.0;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick_cb, NULL, NULL);
}

static void
board_spans (CaturBoardView *self,
             double         *span_x,
             double         *span_y)
{
  double margin = self->geometry.on_points ? POINTS_MARGIN : SQUARES_MARGIN;
  int files = self->geometry.files, ranks = self->geometry.ranks;

  *span_x = (self->geometry.on_points ? files - 1 : files) + 2 * margin;
  *span_y = (self->geometry.on_points ? ranks - 1 : ranks) + 2 * margin;
}

/* The length of a tray along its slots, in cells. */
static double
hand_length (CaturBoardView *self)
{
  return self->n_hand_kinds * HAND_PITCH + 2 * HAND_END;
}

/* The spans of the board with its trays, above and below it or (@beside) left and right. */
static void
arrangement_spans (CaturBoardView *self,
                   gboolean        beside,
                   double         *span_x,
                   double         *span_y)
{
  double board_x, board_y, across = 2 * (HAND_GAP + HAND_DEPTH);

  board_spans (self, &board_x, &board_y);
  *span_x = beside ? board_x + across : MAX (board_x, hand_length (self));
  *span_y = beside ? MAX (board_y, hand_length (self)) : board_y + across;
}

static double
arrangement_cell (CaturBoardView *self,
                  gboolean        beside,
                  int             width,
                  int             height)
{
  double span_x, span_y;

  arrangement_spans (self, beside, &span_x, &span_y);
  return floor (MIN ((width - 2 * OUTER_PAD) / span_x, (height - 2 * OUTER_PAD) / span_y));
}

/* The board and its trays: the arrangement that gives the board the larger cell, the trays
 * above and below it when both give the same. */
static void
compute_layout_with_hands (CaturBoardView *self,
                           int             width,
                           int             height)
{
  double margin = self->geometry.on_points ? POINTS_MARGIN : SQUARES_MARGIN;
  double board_span_x, board_span_y, span_x, span_y, cell, left, top, board_left, board_top;
  double board_width, board_height, length, depth, across;
  gboolean beside = arrangement_cell (self, TRUE, width, height)
                    > arrangement_cell (self, FALSE, width, height);
  CaturSide bottom = self->flipped ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
  graphene_rect_t *near = &self->hand_rects[bottom];
  graphene_rect_t *far = &self->hand_rects[catur_side_other (bottom)];

  board_spans (self, &board_span_x, &board_span_y);
  arrangement_spans (self, beside, &span_x, &span_y);
  cell = MAX (arrangement_cell (self, beside, width, height), 1.0);
  left = floor ((width - cell * span_x) / 2);
  top = floor ((height - cell * span_y) / 2);
  board_width = cell * board_span_x;
  board_height = cell * board_span_y;
  length = cell * hand_length (self);
  depth = cell * HAND_DEPTH;
  across = cell * (HAND_GAP + HAND_DEPTH);

  /* Whole pixels for the board, whose image is drawn once and placed as it is. Beside it, the
   * trays line up with the far ends of its squares (or points), Shogi's stands with the
   * corners of its board, unless they are longer. */
  if (beside)
    {
      double inset = (margin - (self->geometry.on_points ? 0.5 : 0.0)) * cell;
      double near_top, far_top;

      board_left = floor (left + across);
      board_top = floor (top + (cell * span_y - board_height) / 2);
      if (length <= board_height - 2 * inset)
        {
          near_top = board_top + board_height - inset - length;
          far_top = board_top + inset;
        }
      else
        near_top = far_top = board_top + (board_height - length) / 2;
      graphene_rect_init (near, board_left + board_width + cell * HAND_GAP, near_top, depth,
                          length);
      graphene_rect_init (far, board_left - across, far_top, depth, length);
    }
  else
    {
      board_left = floor (left + (cell * span_x - board_width) / 2);
      board_top = floor (top + across);
      graphene_rect_init (near, board_left + (board_width - length) / 2,
                          board_top + board_height + cell * HAND_GAP, length, depth);
      graphene_rect_init (far, board_left + (board_width - length) / 2, board_top - across,
                          length, depth);
    }

  self->hands_beside = beside;
  self->layout.x = board_left + margin * cell;
  self->layout.y = board_top + margin * cell;
  self->layout.cell = cell;
  self->layout.flipped = self->flipped;
  self->layout.files = self->geometry.files;
  self->layout.ranks = self->geometry.ranks;
  self->layout.on_points = self->geometry.on_points;
  graphene_rect_init (&self->board_rect, board_left, board_top, board_width, board_height);
}

/* Where the board stands for a widget of @width × @height. */
void
_catur_board_view_compute_layout (CaturBoardView *self,
                                  int             width,
                                  int             height)
{
  double margin, span_x, span_y, cell, board_width, board_height, left, top;

  memset (&self->layout, 0, sizeof self->layout);
  graphene_rect_init (&self->board_rect, 0, 0, 0, 0);
  graphene_rect_init (&self->hand_rects[CATUR_SIDE_FIRST], 0, 0, 0, 0);
  graphene_rect_init (&self->hand_rects[CATUR_SIDE_SECOND], 0, 0, 0, 0);
  self->hands_beside = FALSE;
  if (self->game == NULL)
    return;
  if (self->n_hand_kinds > 0)
    {
      compute_layout_with_hands (self, width, height);
      return;
    }

  margin = self->geometry.on_points ? POINTS_MARGIN : SQUARES_MARGIN;
  board_spans (self, &span_x, &span_y);
  /* A game that asks for it shows its board (taller than wide, or square) turned in a widget
   * wider than tall: Banqi's 4 × 8 board 8 wide in a wide window. */
  if ((catur_variant_get_flags (self->variant) & CATUR_VARIANT_ROTATE_TO_FIT)
      && span_y >= span_x && width > height)
    {
      double span = span_x;

      span_x = span_y;
      span_y = span;
      self->layout.rotated = TRUE;
    }

  cell = floor (MIN ((width - 2 * OUTER_PAD) / span_x, (height - 2 * OUTER_PAD) / span_y));
  cell = MAX (cell, 1.0);
  board_width = cell * span_x;
  board_height = cell * span_y;
  left = floor ((width - board_width) / 2);
  top = floor ((height - board_height) / 2);

  self->layout.x = left + margin * cell;
  self->layout.y = top + margin * cell;
  self->layout.cell = cell;
  self->layout.flipped = self->flipped;
  self->layout.files = self->geometry.files;
  self->layout.ranks = self->geometry.ranks;
  self->layout.on_points = self->geometry.on_points;
  graphene_rect_init (&self->board_rect, left, top, board_width, board_height);
}

static gboolean
style_is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* The variant's board, with a soft shadow, drawn once per size, scale,
 * orientation and style. */
static void
ensure_board_texture (CaturBoardView *self,
                      int             scale)
{
  graphene_rect_t rect;
  gboolean dark = style_is_dark ();
  cairo_surface_t *board, *shadow, *surface;
  cairo_pattern_t *pattern;
  cairo_t *cr;
  int width, height, small_width, small_height;

  graphene_rect_inset_r (&self->board_rect, -OUTER_PAD, -OUTER_PAD, &rect);

  if (self->board_surface != NULL
      && graphene_rect_equal (&rect, &self->texture_rect)
      && self->texture_scale == scale
      && self->texture_dark == dark
      && self->texture_flipped == self->flipped
      && self->texture_rotated == self->layout.rotated
      && self->texture_variant == self->variant
      && g_strcmp0 (self->texture_board_theme, self->board_theme) == 0)
    return;

  g_clear_pointer (&self->board_surface, cairo_surface_destroy);
  g_clear_object (&self->board_texture);
  self->texture_rect = rect;
  self->texture_scale = scale;
  self->texture_dark = dark;
  self->texture_flipped = self->flipped;
  self->texture_rotated = self->layout.rotated;
  self->texture_variant = self->variant;
  g_free (self->texture_board_theme);
  self->texture_board_theme = g_strdup (self->board_theme);

  width = (int) ceil (rect.size.width * scale);
  height = (int) ceil (rect.size.height * scale);
  if (width <= 0 || height <= 0)
    return;

  board = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (board);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -rect.origin.x, -rect.origin.y);
  if (self->layout.rotated)
    {
      /* The variant draws the board upright; turned a quarter clockwise about the board's
       * corner, its bottom edge comes to the left, as the layout has it. */
      CaturBoardLayout upright = self->layout;
      double left = self->board_rect.origin.x, top = self->board_rect.origin.y;
      double margin = self->layout.x - left;

      upright.x = margin;
      upright.y = margin;
      cairo_translate (cr, left + self->board_rect.size.width, top);
      cairo_rotate (cr, G_PI / 2);
      catur_variant_draw_board_themed (self->variant, cr, &upright, self->board_theme, dark);
    }
  else
    catur_variant_draw_board_themed (self->variant, cr, &self->layout, self->board_theme, dark);
  cairo_destroy (cr);

  /* The board's shadow: its alpha, eight times smaller, in the shadow's colour; scaled back
   * up with a bilinear filter it is a cheap blur. Painted as a colour image rather than used
   * as a mask, the scaling takes pixman's fast path: half the time, the same pixels. */
  small_width = width / SHADOW_FACTOR + 1;
  small_height = height / SHADOW_FACTOR + 1;
  shadow = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, small_width, small_height);
  cr = cairo_create (shadow);
  cairo_scale (cr, 1.0 / SHADOW_FACTOR, 1.0 / SHADOW_FACTOR);
  pattern = cairo_pattern_create_for_surface (board);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_GOOD);
  cairo_set_source_rgba (cr, 0, 0, 0, dark ? 0.55 : 0.35);
  cairo_mask (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_destroy (cr);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  cairo_save (cr);
  cairo_translate (cr, 0, 3.0 * scale);
  cairo_scale (cr, SHADOW_FACTOR, SHADOW_FACTOR);
  pattern = cairo_pattern_create_for_surface (shadow);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_BILINEAR);
  cairo_set_source (cr, pattern);
  cairo_paint (cr);
  cairo_pattern_destroy (pattern);
  cairo_restore (cr);
  cairo_set_source_surface (cr, board, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);

  cairo_surface_flush (surface);
  self->board_surface = surface;

  cairo_surface_destroy (shadow);
  cairo_surface_destroy (board);
}

/* Places a cached image at @rect. GTK 4.8's cairo renderer turns a texture back into a cairo
 * surface pixel by pixel, through floats, in every frame that draws it: for the board that
 * costs ten times the rest of the frame. Under that renderer the image goes in as a cairo node
 * painting the cached surface itself, which pixman composites as it is; the other renderers
 * keep textures on the GPU, and get the texture (@texture, or one made from @surface and kept
 * in *@cached). */
static void
append_image (CaturBoardView        *self,
              GtkSnapshot           *snapshot,
              cairo_surface_t       *surface,
              GdkTexture            *texture,
              GdkTexture           **cached,
              const graphene_rect_t *rect)
{
  cairo_t *cr;

  if (!self->cairo_renderer)
    {
      if (texture == NULL && cached != NULL)
        {
          if (*cached == NULL)
            *cached = catur_texture_new_for_surface (surface);
          texture = *cached;
        }
      gtk_snapshot_append_texture (snapshot, texture, rect);
      return;
    }

  cr = gtk_snapshot_append_cairo (snapshot, rect);
  cairo_translate (cr, rect->origin.x, rect->origin.y);
  cairo_scale (cr, rect->size.width / cairo_image_surface_get_width (surface),
               rect->size.height / cairo_image_surface_get_height (surface));
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
}

/* Whether this frame goes to GSK's cairo renderer (see append_image()). */
static gboolean
renders_with_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

  return renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer);
}

/* A piece whose image is missing: a plain disc with its letter. */
static void
append_fallback_piece (CaturBoardView        *self,
                       GtkSnapshot           *snapshot,
                       const CaturPiece      *piece,
                       const graphene_rect_t *rect)
{
  static const GdkRGBA light = { 0.96, 0.94, 0.90, 1.0 };
  static const GdkRGBA dark = { 0.24, 0.22, 0.27, 1.0 };
  static const GdkRGBA edge = { 0.0, 0.0, 0.0, 0.5 };
  gboolean second = piece->side == CATUR_SIDE_SECOND;
  double cx = rect->origin.x + rect->size.width / 2;
  double cy = rect->origin.y + rect->size.height / 2;
  double radius = rect->size.width * 0.44;
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  g_autofree char *letter = NULL;
  int text_width, text_height;

  letter = (piece->flags & CATUR_PIECE_FACE_DOWN) ? g_strdup ("?")
                                                  : catur_variant_get_piece_letter (self->variant,
                                                                                    piece);

  _catur_draw_disc (snapshot, cx, cy, radius, second ? &dark : &light);
  _catur_draw_ring (snapshot, cx, cy, radius, MAX (1.0, radius * 0.08), &edge);

  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), letter);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, radius * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &text_width, &text_height);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx - text_width / 2.0,
                                                          cy - text_height / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, second ? &light : &dark);
  gtk_snapshot_restore (snapshot);
}

/* The letter of a piece, laid out once per letter and board size. */
static PangoLayout *
letter_layout (CaturBoardView *self,
               const char     *letter)
{
  PangoLayout *layout;

  if (self->letters_cell != self->layout.cell)
    {
      g_hash_table_remove_all (self->letter_layouts);
      self->letters_cell = self->layout.cell;
    }

  layout = g_hash_table_lookup (self->letter_layouts, letter);
  if (layout == NULL)
    {
      PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), letter);
      pango_font_description_set_absolute_size (font, self->layout.cell * 0.2 * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      g_hash_table_insert (self->letter_layouts, g_strdup (letter), layout);
    }
  return layout;
}

/* @text in @ink on a small disc of @fill centred on (@cx, @cy). */
static void
append_badge (CaturBoardView *self,
              GtkSnapshot    *snapshot,
              const char     *text,
              double          cx,
              double          cy,
              double          radius,
              const GdkRGBA  *fill,
              const GdkRGBA  *ink)
{
  PangoLayout *layout = letter_layout (self, text);
  int width, height;

  pango_layout_get_pixel_size (layout, &width, &height);
  _catur_draw_disc (snapshot, cx, cy, radius, fill);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx - width / 2.0, cy - height / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, ink);
  gtk_snapshot_restore (snapshot);
}

/* The piece's letter in the game's notation, on a small badge at the piece's lower right, its
 * edge a fifth of a cell from the square's corner: clear of the star points some boards mark
 * where four squares meet. */
static void
append_letter (CaturBoardView        *self,
               GtkSnapshot           *snapshot,
               const CaturPiece      *piece,
               const graphene_rect_t *rect)
{
  g_autofree char *letter = NULL;

  if (piece->flags & CATUR_PIECE_FACE_DOWN)
    return;
  letter = catur_variant_get_piece_letter (self->variant, piece);
  if (letter[0] == '\0' || g_str_equal (letter, "?"))
    return;

  append_badge (self, snapshot, letter, rect->origin.x + rect->size.width * 0.80,
                rect->origin.y + rect->size.height * 0.80, rect->size.width * 0.15,
                &badge_colour, &badge_ink_colour);
}

/* The side at the top of the board: the one whose pieces table mode turns around. */
static CaturSide
top_side (CaturBoardView *self)
{
  return self->flipped ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
}

/* Whether @piece is drawn turned towards the bottom player: the top side's pieces in table
 * mode, and always in a game whose pieces face their enemy. */
static gboolean
piece_turned (CaturBoardView   *self,
              const CaturPiece *piece)
{
  return (self->table_mode || (self->variant_flags & CATUR_VARIANT_TOP_PIECES_TURNED))
         && piece->side == top_side (self);
}

/* A hand's count on a badge at the piece's upper right: dark on the light style's tray, light
 * on the dark one's, where a dark badge would sink. */
static void
append_count (CaturBoardView        *self,
              GtkSnapshot           *snapshot,
              guint                  count,
              const graphene_rect_t *rect)
{
  gboolean dark = style_is_dark ();
  char text[16];

  g_snprintf (text, sizeof text, "%u", count);
  append_badge (self, snapshot, text, rect->origin.x + rect->size.width * 0.84,
                rect->origin.y + rect->size.height * 0.16, rect->size.width * 0.17,
                dark ? &badge_ink_colour : &badge_colour,
                dark ? &count_dark_ink_colour : &badge_ink_colour);
}

/* Draws @piece in @where; @count > 0 adds a hand's count. */
static void
append_piece (CaturBoardView        *self,
              GtkSnapshot           *snapshot,
              const CaturPiece      *piece,
              const graphene_rect_t *where,
              guint                  count)
{
  cairo_surface_t *surface = catur_theme_cache_get_piece_surface (self->theme, piece);
  gboolean turned = piece_turned (self, piece);
  /* In table mode the top player reads its own pieces' letters and counts the right way up.
   * Otherwise only the piece turns, pointing at its enemy, and the player before the screen
   * reads every letter and count upright. */
  gboolean labels_turned = turned && self->table_mode;
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  graphene_rect_t snapped, *rect = &snapped;

  /* On whole device pixels: an image of the piece's size then lands pixel for pixel, sharp,
   * whatever the parity of the cell. */
  graphene_rect_init (&snapped, round (where->origin.x * scale) / scale,
                      round (where->origin.y * scale) / scale, where->size.width,
                      where->size.height);

  if (turned)
    {
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (rect->origin.x + rect->size.width / 2,
                                                    rect->origin.y + rect->size.height / 2));
      gtk_snapshot_rotate (snapshot, 180);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (-(rect->origin.x + rect->size.width / 2),
                                                    -(rect->origin.y + rect->size.height / 2)));
    }

  if (surface != NULL)
    append_image (self, snapshot, surface,
                  self->cairo_renderer ? NULL : catur_theme_cache_get_piece (self->theme, piece),
                  NULL, rect);
  else
    append_fallback_piece (self, snapshot, piece, rect);
  if (turned && !labels_turned)
    gtk_snapshot_restore (snapshot);

  if (self->piece_letters)
    append_letter (self, snapshot, piece, rect);
  if (count > 0)
    append_count (self, snapshot, count, rect);

  if (labels_turned)
    gtk_snapshot_restore (snapshot);
}

/* Where the piece that stands on @square is drawn in this frame: on its square, or on its way
 * there while its move slides; and whether it is turned. %FALSE when no piece stands there. */
gboolean
_catur_board_view_piece_placement (CaturBoardView  *self,
                                   CaturSquare      square,
                                   graphene_rect_t *rect,
                                   gboolean        *turned)
{
  CaturPiece piece;
  CaturSquare from = CATUR_SQUARE_NONE;
  double x0, y0, x1, y1, t, side = self->layout.cell;

  if (self->game == NULL || self->layout.cell <= 0
      || !_catur_board_view_get_piece (self, square, &piece)
      || !_catur_board_view_square_center (self, square, &x1, &y1))
    return FALSE;

  if (self->tick_id != 0 && square == self->animation_to)
    from = self->animation_from;
  else if (self->tick_id != 0 && square == self->animation_effects.second_to)
    from = self->animation_effects.second_from;

  if (from == CATUR_SQUARE_NONE || !_catur_board_view_square_center (self, from, &x0, &y0))
    {
      x0 = x1;
      y0 = y1;
    }
  t = from != CATUR_SQUARE_NONE ? ease_out_cubic (CLAMP (self->animation_progress, 0.0, 1.0))
                                : 1.0;
  graphene_rect_init (rect, x0 + (x1 - x0) * t - side / 2, y0 + (y1 - y0) * t - side / 2,
                      side, side);
  if (turned != NULL)
    *turned = piece_turned (self, &piece);
  return TRUE;
}

static void
append_check (CaturBoardView *self,
              GtkSnapshot    *snapshot)
{
  const GskColorStop stops[] = {
    { 0.0, { 0.88, 0.11, 0.14, 0.95 } },
    { 0.55, { 0.88, 0.11, 0.14, 0.65 } },
    { 1.0, { 0.88, 0.11, 0.14, 0.0 } },
  };
  graphene_rect_t rect;
  double x, y, radius = self->layout.cell * 0.68;

  if (!_catur_board_view_square_center (self, self->check_square, &x, &y))
    return;
  graphene_rect_init (&rect, x - radius, y - radius, 2 * radius, 2 * radius);
  gtk_snapshot_append_radial_gradient (snapshot, &rect, &GRAPHENE_POINT_INIT (x, y),
                                       radius, radius, 0.0, 1.0, stops, G_N_ELEMENTS (stops));
}

static void
append_markers_under (CaturBoardView *self,
                      GtkSnapshot    *snapshot)
{
  CaturSquare selected = catur_selection_get_selected (self->selection);
  CaturMove shown;
  double x, y;

  /* The move that led to the position shown: the last one, or the one reviewed. */
  if (_catur_board_view_get_shown_move (self, &shown))
    {
      const CaturMove *move = &shown;

      /* Where the piece came from (a hand slot for a drop): a faint ring; where it went: a
       * halo under it. A declaration has neither. */
      if (move->from != move->to && _catur_board_view_square_center (self, move->from, &x, &y))
        _catur_draw_ring (snapshot, x, y, self->layout.cell * 0.2,
                          MAX (1.5, self->layout.cell * 0.04), &last_move_colour);
      if (_catur_board_view_square_center (self, move->to, &x, &y))
        {
          _catur_draw_disc (snapshot, x, y, self->layout.cell * 0.54, &last_move_fill_colour);
          _catur_draw_ring (snapshot, x, y, self->layout.cell * 0.54,
                            MAX (2.0, self->layout.cell * 0.05), &last_move_colour);
        }
    }

  if (self->check_square != CATUR_SQUARE_NONE)
    append_check (self, snapshot);

  /* The hint: both ends of the suggested move, in the live position only. */
  if (self->hint_from != CATUR_SQUARE_NONE && self->game != NULL
      && !catur_game_is_reviewing (self->game))
    {
      CaturSquare ends[2] = { self->hint_from, self->hint_to };

      for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
        {
          if ((i == 1 && ends[1] == ends[0])
              || !_catur_board_view_square_center (self, ends[i], &x, &y))
            continue;
          _catur_draw_disc (snapshot, x, y, self->layout.cell * 0.5, &hint_fill_colour);
          _catur_draw_ring (snapshot, x, y, self->layout.cell * 0.5,
                            MAX (2.0, self->layout.cell * 0.07), &hint_colour);
        }
    }

  if (_catur_board_view_square_center (self, selected, &x, &y))
    {
      _catur_draw_disc (snapshot, x, y, self->layout.cell * 0.52, &selection_fill_colour);
      _catur_draw_ring (snapshot, x, y, self->layout.cell * 0.52,
                        MAX (2.0, self->layout.cell * 0.06),
                        style_is_dark () ? &selection_dark_colour : &selection_colour);
    }
}

static void
append_markers_over (CaturBoardView *self,
                     GtkSnapshot    *snapshot)
{
  double x, y, cell = self->layout.cell;
  const GdkRGBA *colour = style_is_dark () ? &target_dark_colour : &target_colour;
  const CaturSelectionTarget *targets;
  guint n_targets;

  /* Where the selected piece may go: a dot on an empty square, a ring where it takes a piece
   * (an en-passant target too, empty as it is). */
  /* The coach's better move, over the pieces it passes. */
  _catur_board_view_append_arrow (self, snapshot);

  targets = catur_selection_get_targets (self->selection, &n_targets);
  for (guint i = 0; self->show_legal_moves && i < n_targets; i++)
    {
      if (!_catur_board_view_square_center (self, targets[i].square, &x, &y))
        continue;
      if (targets[i].kind == CATUR_SELECTION_TARGET_CAPTURE)
        _catur_draw_ring (snapshot, x, y, cell * 0.5, MAX (2.0, cell * 0.075), colour);
      else
        _catur_draw_disc (snapshot, x, y, cell * 0.15, colour);
    }

  if (self->dragging)
    {
      CaturSquare hover = _catur_board_view_square_at (self, self->drag_x, self->drag_y);

      if (hover != catur_selection_get_selected (self->selection) && hover != self->edit_drag_from
          && _catur_board_view_square_center (self, hover, &x, &y))
        _catur_draw_disc (snapshot, x, y, cell * 0.55, &drag_target_colour);
    }

  if (self->cursor != CATUR_SQUARE_NONE && _catur_board_view_focus_within (self))
    {
      graphene_rect_t rect;
      GskRoundedRect box;
      const float widths[4] = { 3, 3, 3, 3 };
      const GdkRGBA colours[4] = { cursor_colour, cursor_colour, cursor_colour, cursor_colour };

      _catur_board_view_square_rect (self, self->cursor, 1.04, &rect);
      gsk_rounded_rect_init_from_rect (&box, &rect, cell * 0.16);
      gtk_snapshot_append_border (snapshot, &box, widths, colours);
    }
}

/* The trays of the hands, under their pieces and markers. */
static void
append_trays (CaturBoardView *self,
              GtkSnapshot    *snapshot)
{
  const GdkRGBA *colour = style_is_dark () ? &tray_dark_colour : &tray_colour;

  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    {
      GskRoundedRect tray;

      gsk_rounded_rect_init_from_rect (&tray, &self->hand_rects[side], self->layout.cell * 0.18);
      gtk_snapshot_push_rounded_clip (snapshot, &tray);
      gtk_snapshot_append_color (snapshot, colour, &self->hand_rects[side]);
      gtk_snapshot_pop (snapshot);
    }
}

/* The pieces in hand, each kind with its count; an empty kind faint, without one. */
static void
append_hands (CaturBoardView *self,
              GtkSnapshot    *snapshot)
{
  const CaturPosition *position = _catur_board_view_get_position (self);
  CaturSquare selected = catur_selection_get_selected (self->selection);

  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    for (guint i = 0; i < self->n_hand_kinds; i++)
      {
        CaturSquare slot = CATUR_SQUARE_HAND (side, self->hand_kinds[i]);
        CaturPiece piece = { self->hand_kinds[i], side, 0 };
        guint count = catur_variant_hand_count (self->variant, position, side, piece.kind);
        double opacity = count == 0 ? EMPTY_SLOT_OPACITY
                         : self->dragging && slot == selected ? 0.35 : 1.0;
        graphene_rect_t rect;

        _catur_board_view_square_rect (self, slot, 1.0, &rect);
        if (opacity < 1.0)
          gtk_snapshot_push_opacity (snapshot, opacity);
        append_piece (self, snapshot, &piece, &rect, count);
        if (opacity < 1.0)
          gtk_snapshot_pop (snapshot);
      }
}

/* Whether the piece on @square slides in this frame (it is drawn over the others). */
static gboolean
is_sliding (CaturBoardView *self,
            CaturSquare     square)
{
  return self->tick_id != 0 && square != CATUR_SQUARE_NONE
         && (square == self->animation_to || square == self->animation_effects.second_to);
}

void
_catur_board_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);
  /* The piece dragged: the selected one, or the one a position's editor moves. */
  CaturSquare selected = self->edit_position != NULL
                         ? self->edit_drag_from
                         : catur_selection_get_selected (self->selection);
  guint n_squares = self->geometry.files * self->geometry.ranks;
  int scale = gtk_widget_get_scale_factor (widget);
  gboolean animating = self->tick_id != 0 && self->animation_to != CATUR_SQUARE_NONE;
  double t = animating ? ease_out_cubic (CLAMP (self->animation_progress, 0.0, 1.0)) : 1.0;
  graphene_rect_t rect;

  if (self->game == NULL || self->layout.cell < 2)
    return;

  self->cairo_renderer = renders_with_cairo (widget);
  ensure_board_texture (self, scale);
  if (self->board_surface != NULL)
    append_image (self, snapshot, self->board_surface, NULL, &self->board_texture,
                  &self->texture_rect);
  if (self->n_hand_kinds > 0)
    append_trays (self, snapshot);

  append_markers_under (self, snapshot);
  _catur_board_view_append_threats_under (self, snapshot);

  catur_theme_cache_set_pixel_size (self->theme, (int) round (self->layout.cell * scale));
  if (self->n_hand_kinds > 0)
    append_hands (self, snapshot);
  for (guint square = 0; square < n_squares; square++)
    {
      CaturPiece piece;

      if (!_catur_board_view_get_piece (self, square, &piece))
        continue;
      if (animating && is_sliding (self, square))
        continue;

      _catur_board_view_square_rect (self, square, 1.0, &rect);
      if (self->dragging && square == selected)
        {
          gtk_snapshot_push_opacity (snapshot, 0.35);
          append_piece (self, snapshot, &piece, &rect, 0);
          gtk_snapshot_pop (snapshot);
        }
      else
        append_piece (self, snapshot, &piece, &rect, 0);
    }

  /* The piece taken fades out where it stood; the pieces that move slide over the rest. */
  if (animating)
    {
      CaturSquare sliding[2] = { self->animation_effects.second_to, self->animation_to };
      CaturPiece piece;

      if (self->animation_effects.captured != CATUR_SQUARE_NONE)
        {
          _catur_board_view_square_rect (self, self->animation_effects.captured, 1.0, &rect);
          gtk_snapshot_push_opacity (snapshot, 1.0 - t);
          append_piece (self, snapshot, &self->animation_captured, &rect, 0);
          gtk_snapshot_pop (snapshot);
        }
      for (guint i = 0; i < G_N_ELEMENTS (sliding); i++)
        if (sliding[i] != CATUR_SQUARE_NONE
            && _catur_board_view_get_piece (self, sliding[i], &piece)
            && _catur_board_view_piece_placement (self, sliding[i], &rect, NULL))
          append_piece (self, snapshot, &piece, &rect, 0);
    }

  _catur_board_view_append_threats_over (self, snapshot);
  append_markers_over (self, snapshot);

  /* An image of the theme that failed only now (a piece not in the start position). */
  {
    g_autoptr(GError) error = catur_theme_cache_take_error (self->theme);
    const CaturThemeInfo *info = catur_theme_cache_get_theme (self->theme);
    g_autofree char *default_theme = NULL;

    if (error != NULL && info != NULL)
      {
        default_theme = catur_variant_get_default_piece_theme (self->variant);
        if (g_strcmp0 (info->id, default_theme) != 0)
          _catur_board_view_report_theme_failure (self, "piece-theme", info->name, TRUE);
      }
  }

  if (self->dragging && selected != CATUR_SQUARE_NONE)
    {
      CaturPiece piece;
      double side = self->layout.cell * 1.08;

      if (_catur_board_view_get_piece (self, selected, &piece))
        {
          graphene_rect_init (&rect, self->drag_x - side / 2, self->drag_y - side / 2, side, side);
          append_piece (self, snapshot, &piece, &rect, 0);
        }
    }
}

/* With hands: at least what the narrower arrangement needs; given a width, the height of the
 * arrangement that gives the board the larger cell at that width, as the layout will choose
 * it when the height is there. */
static void
measure_with_hands (CaturBoardView *self,
                    GtkOrientation  orientation,
                    int             for_size,
                    int            *minimum,
                    int            *natural)
{
  gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;
  double spans[2][2], cell[2];
  gboolean beside;

  for (int i = 0; i < 2; i++)
    arrangement_spans (self, i == 1, &spans[i][0], &spans[i][1]);

  *minimum = (int) ceil (MIN (spans[0][!horizontal], spans[1][!horizontal]) * MIN_CELL
                         + 2 * OUTER_PAD);
  if (horizontal || for_size <= 0)
    {
      *natural = (int) ceil (spans[0][!horizontal] * NATURAL_CELL + 2 * OUTER_PAD);
      *natural = MAX (*natural, *minimum);
      return;
    }

  for (int i = 0; i < 2; i++)
    cell[i] = MAX ((for_size - 2 * OUTER_PAD) / spans[i][0], MIN_CELL);
  beside = cell[1] > cell[0];
  *natural = (int) ceil (cell[beside] * spans[beside][1] + 2 * OUTER_PAD);
  *natural = MAX (*natural, *minimum);
}

/* The board keeps its proportions: given a width, it wants the height that
 * goes with it, so that a container may centre it with what lies around it. */
void
_catur_board_view_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);
  double span_x, span_y, span, other;

  if (self->game == NULL)
    {
      *minimum = 0;
      *natural = 0;
      return;
    }

  if (self->n_hand_kinds > 0)
    {
      measure_with_hands (self, orientation, for_size, minimum, natural);
      return;
    }

  board_spans (self, &span_x, &span_y);
  span = orientation == GTK_ORIENTATION_HORIZONTAL ? span_x : span_y;
  other = orientation == GTK_ORIENTATION_HORIZONTAL ? span_y : span_x;

  *minimum = (int) ceil (span * MIN_CELL + 2 * OUTER_PAD);
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size > 0)
    *natural = (int) ceil (MAX ((for_size - 2 * OUTER_PAD) / other, MIN_CELL) * span
                           + 2 * OUTER_PAD);
  else
    *natural = (int) ceil (span * NATURAL_CELL + 2 * OUTER_PAD);
  *natural = MAX (*natural, *minimum);
}
