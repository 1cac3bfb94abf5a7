/* chess-board.c: drawing the chess board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Eight by eight squares with a frame around them holding the coordinates, a–h under and over
 * the files and 1–8 beside the ranks, turned with the board when Black sits at the bottom.
 */
#define G_LOG_DOMAIN "chess"

#include "config.h"

#include <pango/pangocairo.h>

#include "chess-variant.h"

typedef struct
{
  double r, g, b;
} Rgb;

/* How one board theme looks in one style (light or dark). */
typedef struct
{
  Rgb light_square;
  Rgb dark_square;
  Rgb frame;
  Rgb text;
  double frame_width;       /* the frame's width, in cells */
  double coordinate_size;   /* the coordinates' height, in cells */
  const char *coordinate_font;
} BoardColours;

/* Classic: light and dark wood. */
static const BoardColours classic_light = {
  { 0.94, 0.85, 0.71 }, { 0.71, 0.53, 0.39 }, { 0.45, 0.31, 0.20 }, { 0.96, 0.91, 0.82 },
  0.45, 0.24, "Cantarell, sans-serif",
};

static const BoardColours classic_dark = {
  { 0.62, 0.53, 0.42 }, { 0.42, 0.31, 0.22 }, { 0.22, 0.16, 0.11 }, { 0.85, 0.78, 0.68 },
  0.45, 0.24, "Cantarell, sans-serif",
};

/* Green: cream and green, as the vinyl boards of tournaments. */
static const BoardColours green_light = {
  { 0.93, 0.93, 0.82 }, { 0.46, 0.59, 0.34 }, { 0.27, 0.36, 0.21 }, { 0.93, 0.93, 0.84 },
  0.45, 0.24, "Cantarell, sans-serif",
};

static const BoardColours green_dark = {
  { 0.60, 0.62, 0.52 }, { 0.29, 0.38, 0.22 }, { 0.13, 0.17, 0.10 }, { 0.83, 0.85, 0.76 },
  0.45, 0.24, "Cantarell, sans-serif",
};

/* High contrast: the strongest difference between the squares that still lets white and black
 * pieces show on both, and larger, bold coordinates, for low vision and bright rooms. */
static const BoardColours contrast_light = {
  { 1.0, 1.0, 1.0 }, { 0.55, 0.55, 0.55 }, { 0.0, 0.0, 0.0 }, { 1.0, 1.0, 1.0 },
  0.5, 0.32, "Cantarell, sans-serif Bold",
};

static const BoardColours contrast_dark = {
  { 0.62, 0.62, 0.62 }, { 0.18, 0.18, 0.18 }, { 0.0, 0.0, 0.0 }, { 1.0, 1.0, 1.0 },
  0.5, 0.32, "Cantarell, sans-serif Bold",
};

static void
set_rgb (cairo_t   *cr,
         const Rgb *colour)
{
  cairo_set_source_rgb (cr, colour->r, colour->g, colour->b);
}

static void
draw_frame (cairo_t                *cr,
            const CaturBoardLayout *layout,
            const BoardColours     *colours)
{
  double margin = layout->cell * colours->frame_width;
  double radius = layout->cell * 0.12;
  double left = layout->x - margin, top = layout->y - margin;
  double size = 8 * layout->cell + 2 * margin;

  cairo_new_sub_path (cr);
  cairo_arc (cr, left + size - radius, top + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, left + size - radius, top + size - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, left + radius, top + size - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, left + radius, top + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  set_rgb (cr, &colours->frame);
  cairo_fill (cr);
}

static void
draw_squares (cairo_t                *cr,
              const CaturBoardLayout *layout,
              const BoardColours     *colours)
{
  set_rgb (cr, &colours->light_square);
  cairo_rectangle (cr, layout->x, layout->y, 8 * layout->cell, 8 * layout->cell);
  cairo_fill (cr);

  /* a1 is dark whichever way the board is turned: (file + rank) even. */
  set_rgb (cr, &colours->dark_square);
  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++)
      if ((row + column) % 2 == 1)
        cairo_rectangle (cr, layout->x + column * layout->cell, layout->y + row * layout->cell,
                         layout->cell, layout->cell);
  cairo_fill (cr);
}

static void
draw_coordinate (cairo_t     *cr,
                 PangoLayout *pango,
                 const char  *text,
                 double       x,
                 double       y)
{
  int width, height;

  pango_layout_set_text (pango, text, -1);
  pango_layout_get_pixel_size (pango, &width, &height);
  cairo_move_to (cr, x - width / 2.0, y - height / 2.0);
  pango_cairo_show_layout (cr, pango);
}

/* One layout for all 32: each of its own would find the font again. */
static void
draw_coordinates (cairo_t                *cr,
                  const CaturBoardLayout *layout,
                  const BoardColours     *colours)
{
  double edge = layout->cell * colours->frame_width / 2;
  PangoLayout *pango = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (colours->coordinate_font);

  pango_font_description_set_absolute_size (font,
                                            layout->cell * colours->coordinate_size * PANGO_SCALE);
  pango_layout_set_font_description (pango, font);
  pango_font_description_free (font);

  set_rgb (cr, &colours->text);
  for (int i = 0; i < 8; i++)
    {
      int file = layout->flipped ? 7 - i : i;
      int rank = layout->flipped ? i : 7 - i;
      char file_name[2] = { (char) ('a' + file), '\0' };
      char rank_name[2] = { (char) ('1' + rank), '\0' };
      double middle = (i + 0.5) * layout->cell;

      draw_coordinate (cr, pango, file_name, layout->x + middle, layout->y - edge);
      draw_coordinate (cr, pango, file_name, layout->x + middle,
                       layout->y + 8 * layout->cell + edge);
      draw_coordinate (cr, pango, rank_name, layout->x - edge, layout->y + middle);
      draw_coordinate (cr, pango, rank_name, layout->x + 8 * layout->cell + edge,
                       layout->y + middle);
    }
  g_object_unref (pango);
}

/**
 * chess_board_draw:
 * @theme: (nullable): `classic`, `green` or `contrast`; anything else is classic, the default
 * @dark: colours for the dark style
 */
void
chess_board_draw (cairo_t                *cr,
                  const CaturBoardLayout *layout,
                  const char             *theme,
                  gboolean                dark)
{
  const BoardColours *colours;

  if (g_strcmp0 (theme, CHESS_BOARD_THEME_CONTRAST) == 0)
    colours = dark ? &contrast_dark : &contrast_light;
  else if (g_strcmp0 (theme, CHESS_BOARD_THEME_GREEN) == 0)
    colours = dark ? &green_dark : &green_light;
  else
    colours = dark ? &classic_dark : &classic_light;

  draw_frame (cr, layout, colours);
  draw_squares (cr, layout, colours);
  draw_coordinates (cr, layout, colours);
}
