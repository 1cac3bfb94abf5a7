/* banqi-board.c: drawing the Banqi board, 4 × 8 squares (RULES.md B1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "banqi"

#include "config.h"

#include <pango/pangocairo.h>

#include "banqi-variant.h"

typedef struct
{
  double r, g, b;
} Rgb;

/* How one board theme looks in one style (light or dark). */
typedef struct
{
  Rgb frame;
  Rgb square_light;
  Rgb square_dark;       /* every other square, a shade apart */
  Rgb line;
  Rgb text;
} BoardColours;

static const BoardColours wood_light = {
  { 0.62, 0.42, 0.24 }, { 0.94, 0.83, 0.62 }, { 0.89, 0.76, 0.54 }, { 0.35, 0.22, 0.11 },
  { 0.98, 0.93, 0.84 },
};

static const BoardColours wood_dark = {
  { 0.24, 0.17, 0.11 }, { 0.45, 0.35, 0.25 }, { 0.40, 0.31, 0.22 }, { 0.16, 0.11, 0.07 },
  { 0.90, 0.84, 0.74 },
};

static const BoardColours slate_light = {
  { 0.36, 0.39, 0.43 }, { 0.86, 0.88, 0.90 }, { 0.79, 0.82, 0.85 }, { 0.30, 0.33, 0.37 },
  { 0.96, 0.97, 0.98 },
};

static const BoardColours slate_dark = {
  { 0.12, 0.13, 0.15 }, { 0.28, 0.30, 0.33 }, { 0.24, 0.26, 0.29 }, { 0.08, 0.09, 0.10 },
  { 0.85, 0.87, 0.90 },
};

static void
set_rgb (cairo_t   *cr,
         const Rgb *colour)
{
  cairo_set_source_rgb (cr, colour->r, colour->g, colour->b);
}

/* A frame of half a cell round the squares, where the coordinates stand. */
static void
draw_frame (cairo_t                *cr,
            const CaturBoardLayout *layout,
            const BoardColours     *colours)
{
  double margin = layout->cell * 0.5;
  double radius = layout->cell * 0.15;
  double left = layout->x - margin, top = layout->y - margin;
  double width = layout->files * layout->cell + 2 * margin;
  double height = layout->ranks * layout->cell + 2 * margin;

  cairo_new_sub_path (cr);
  cairo_arc (cr, left + width - radius, top + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, left + width - radius, top + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, left + radius, top + height - radius, radius, G_PI / 2, G_PI);
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
  for (int row = 0; row < layout->ranks; row++)
    for (int column = 0; column < layout->files; column++)
      {
        set_rgb (cr, (row + column) % 2 == 0 ? &colours->square_light : &colours->square_dark);
        cairo_rectangle (cr, layout->x + column * layout->cell, layout->y + row * layout->cell,
                         layout->cell, layout->cell);
        cairo_fill (cr);
      }

  set_rgb (cr, &colours->line);
  cairo_set_line_width (cr, MAX (layout->cell * 0.02, 1.0));
  for (int column = 0; column <= layout->files; column++)
    {
      cairo_move_to (cr, layout->x + column * layout->cell, layout->y);
      cairo_line_to (cr, layout->x + column * layout->cell,
                     layout->y + layout->ranks * layout->cell);
    }
  for (int row = 0; row <= layout->ranks; row++)
    {
      cairo_move_to (cr, layout->x, layout->y + row * layout->cell);
      cairo_line_to (cr, layout->x + layout->files * layout->cell, layout->y + row * layout->cell);
    }
  cairo_stroke (cr);
}

/* A coordinate centred on (@x, @y); on a board the shell turns a quarter clockwise, turned a
 * quarter back, so that it reads upright. */
static void
draw_coordinate (cairo_t     *cr,
                 PangoLayout *pango,
                 const char  *text,
                 double       x,
                 double       y,
                 gboolean     rotated)
{
  int width, height;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (rotated)
    cairo_rotate (cr, -G_PI / 2);
  pango_cairo_update_layout (cr, pango);
  pango_layout_set_text (pango, text, -1);
  pango_layout_get_pixel_size (pango, &width, &height);
  cairo_move_to (cr, -width / 2.0, -height / 2.0);
  pango_cairo_show_layout (cr, pango);
  cairo_restore (cr);
}

/* Files under the board, ranks to its left, as the player at the bottom reads them. */
static void
draw_coordinates (cairo_t                *cr,
                  const CaturBoardLayout *layout,
                  const BoardColours     *colours)
{
  double edge = layout->cell * 0.25;
  PangoLayout *pango = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Cantarell, sans-serif");

  pango_font_description_set_absolute_size (font, layout->cell * 0.2 * PANGO_SCALE);
  pango_layout_set_font_description (pango, font);
  pango_font_description_free (font);

  set_rgb (cr, &colours->text);
  for (int column = 0; column < layout->files; column++)
    {
      int file = layout->flipped ? layout->files - 1 - column : column;
      char name[2] = { (char) ('a' + file), '\0' };

      draw_coordinate (cr, pango, name, layout->x + (column + 0.5) * layout->cell,
                       layout->y + layout->ranks * layout->cell + edge, layout->rotated);
    }
  for (int row = 0; row < layout->ranks; row++)
    {
      int rank = layout->flipped ? row : layout->ranks - 1 - row;
      char name[3];

      g_snprintf (name, sizeof name, "%d", rank + 1);
      draw_coordinate (cr, pango, name, layout->x - edge, layout->y + (row + 0.5) * layout->cell,
                       layout->rotated);
    }
  g_object_unref (pango);
}

/**
 * banqi_board_draw:
 * @theme: (nullable): `wood` or `slate`; anything else is wood, the default
 * @dark: colours for the dark style
 */
void
banqi_board_draw (cairo_t                *cr,
                  const CaturBoardLayout *layout,
                  const char             *theme,
                  gboolean                dark)
{
  const BoardColours *colours;

  if (g_strcmp0 (theme, BANQI_BOARD_THEME_SLATE) == 0)
    colours = dark ? &slate_dark : &slate_light;
  else
    colours = dark ? &wood_dark : &wood_light;

  cairo_save (cr);
  draw_frame (cr, layout, colours);
  draw_squares (cr, layout, colours);
  draw_coordinates (cr, layout, colours);
  cairo_restore (cr);
}
