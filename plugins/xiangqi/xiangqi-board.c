/* xiangqi-board.c: drawing the Xiangqi board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "xiangqi"

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "xiangqi-river-glyphs.h"
#include "xiangqi-variant.h"

typedef struct
{
  double r, g, b;
} Rgb;

/* How one board theme looks in one style (light or dark). */
typedef struct
{
  Rgb background_light;   /* the top-left end of the background's gradient */
  Rgb background_dark;    /* the bottom-right end; the same colour for a plain board */
  Rgb line;
  Rgb text;
  double line_width;      /* the lines' width, in cells */
  double frame_width;     /* the outer frame's */
  double river_alpha;     /* the river's words are ink, or faded into the board */
  double coordinate_size; /* the coordinates' height, in cells */
  const char *coordinate_font;
} BoardColours;

/* Wood: warm, with dark ink on the light style and pale ink on dark wood. */
static const BoardColours wood_light = {
  { 0.93, 0.80, 0.58 }, { 0.85, 0.68, 0.45 }, { 0.27, 0.16, 0.08 }, { 0.33, 0.20, 0.10 },
  0.022, 0.045, 0.8, 0.22, "Cantarell, sans-serif",
};

static const BoardColours wood_dark = {
  { 0.42, 0.33, 0.24 }, { 0.33, 0.25, 0.18 }, { 0.90, 0.84, 0.74 }, { 0.92, 0.86, 0.76 },
  0.022, 0.045, 0.8, 0.22, "Cantarell, sans-serif",
};

/* High contrast: a plain board, the strongest ink on it, heavier lines and larger, bold
 * coordinates, for low vision and bright rooms. Near-black rather than black, and white
 * rather than paper, so that the pieces' own dark and light edges still show. */
static const BoardColours contrast_light = {
  { 1.0, 1.0, 1.0 }, { 1.0, 1.0, 1.0 }, { 0.06, 0.06, 0.07 }, { 0.0, 0.0, 0.0 },
  0.034, 0.07, 1.0, 0.3, "Cantarell, sans-serif Bold",
};

static const BoardColours contrast_dark = {
  { 0.07, 0.07, 0.08 }, { 0.07, 0.07, 0.08 }, { 0.96, 0.96, 0.96 }, { 1.0, 1.0, 1.0 },
  0.034, 0.07, 1.0, 0.3, "Cantarell, sans-serif Bold",
};

/* Points in view coordinates: column 0 left, row 0 top. */
static double
px (const CaturBoardLayout *layout,
    double                  column)
{
  return layout->x + column * layout->cell;
}

static double
py (const CaturBoardLayout *layout,
    double                  row)
{
  return layout->y + row * layout->cell;
}

static void
set_rgb (cairo_t   *cr,
         const Rgb *colour)
{
  cairo_set_source_rgb (cr, colour->r, colour->g, colour->b);
}

static void
draw_background (cairo_t                *cr,
                 const CaturBoardLayout *layout,
                 const BoardColours     *colours)
{
  double margin = layout->cell * 0.98;
  double left = px (layout, 0) - margin;
  double top = py (layout, 0) - margin;
  double width = 8 * layout->cell + 2 * margin;
  double height = 9 * layout->cell + 2 * margin;
  double radius = layout->cell * 0.18;
  cairo_pattern_t *grain;

  cairo_new_sub_path (cr);
  cairo_arc (cr, left + width - radius, top + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, left + width - radius, top + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, left + radius, top + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, left + radius, top + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);

  grain = cairo_pattern_create_linear (left, top, left + width, top + height);
  cairo_pattern_add_color_stop_rgb (grain, 0, colours->background_light.r,
                                    colours->background_light.g, colours->background_light.b);
  cairo_pattern_add_color_stop_rgb (grain, 1, colours->background_dark.r,
                                    colours->background_dark.g, colours->background_dark.b);
  cairo_set_source (cr, grain);
  cairo_fill (cr);
  cairo_pattern_destroy (grain);
}

static void
line (cairo_t                *cr,
      const CaturBoardLayout *layout,
      double                  c1,
      double                  r1,
      double                  c2,
      double                  r2)
{
  cairo_move_to (cr, px (layout, c1), py (layout, r1));
  cairo_line_to (cr, px (layout, c2), py (layout, r2));
}

/* The little corner marks at the cannons' and pawns' starting points. */
static void
draw_point_mark (cairo_t                *cr,
                 const CaturBoardLayout *layout,
                 int                     column,
                 int                     row)
{
  double gap = layout->cell * 0.08;
  double arm = layout->cell * 0.18;
  double x = px (layout, column);
  double y = py (layout, row);

  for (int dx = -1; dx <= 1; dx += 2)
    {
      if ((dx < 0 && column == 0) || (dx > 0 && column == 8))
        continue;
      for (int dy = -1; dy <= 1; dy += 2)
        {
          cairo_move_to (cr, x + dx * gap, y + dy * (gap + arm));
          cairo_line_to (cr, x + dx * gap, y + dy * gap);
          cairo_line_to (cr, x + dx * (gap + arm), y + dy * gap);
        }
    }
}

static void
draw_lines (cairo_t                *cr,
            const CaturBoardLayout *layout,
            const BoardColours     *colours)
{
  static const int marks[][2] = {
    { 1, 2 }, { 7, 2 }, { 1, 7 }, { 7, 7 },
    { 0, 3 }, { 2, 3 }, { 4, 3 }, { 6, 3 }, { 8, 3 },
    { 0, 6 }, { 2, 6 }, { 4, 6 }, { 6, 6 }, { 8, 6 },
  };
  double frame = layout->cell * 0.12;

  set_rgb (cr, &colours->line);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);

  /* The outer frame, a little outside the edge lines. */
  cairo_set_line_width (cr, MAX (1.5, layout->cell * colours->frame_width));
  cairo_rectangle (cr, px (layout, 0) - frame, py (layout, 0) - frame,
                   8 * layout->cell + 2 * frame, 9 * layout->cell + 2 * frame);
  cairo_stroke (cr);

  cairo_set_line_width (cr, MAX (1.0, layout->cell * colours->line_width));
  for (int row = 0; row < 10; row++)
    line (cr, layout, 0, row, 8, row);
  /* Files cross the river only at the edges. */
  for (int column = 0; column < 9; column++)
    {
      if (column == 0 || column == 8)
        line (cr, layout, column, 0, column, 9);
      else
        {
          line (cr, layout, column, 0, column, 4);
          line (cr, layout, column, 5, column, 9);
        }
    }
  /* The palaces' diagonals. */
  line (cr, layout, 3, 0, 5, 2);
  line (cr, layout, 5, 0, 3, 2);
  line (cr, layout, 3, 7, 5, 9);
  line (cr, layout, 5, 7, 3, 9);
  cairo_stroke (cr);

  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    draw_point_mark (cr, layout, marks[i][0], marks[i][1]);
  cairo_stroke (cr);
}

/* One character of the river, its em box centred on (x, y), turned by @angle. */
static void
draw_river_glyph (cairo_t      *cr,
                  const gint16 *glyph,
                  double        size,
                  double        x,
                  double        y,
                  double        angle)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle);
  cairo_scale (cr, size / XIANGQI_RIVER_UNITS, size / XIANGQI_RIVER_UNITS);
  cairo_translate (cr, -XIANGQI_RIVER_UNITS / 2.0, -XIANGQI_RIVER_UNITS / 2.0);
  cairo_new_path (cr);
  for (const gint16 *p = glyph; *p != 0; p += 1 + 2 * p[0])
    {
      cairo_move_to (cr, p[1], p[2]);
      for (int i = 1; i < p[0]; i++)
        cairo_line_to (cr, p[1 + 2 * i], p[2 + 2 * i]);
      cairo_close_path (cr);
    }
  cairo_restore (cr);
  /* All the strokes in one fill: where they cross, the ink is not laid twice. */
  cairo_fill (cr);
}

/* The river's words: "Chu River" on the lower side, "Han Border" on the upper,
 * each read from its own side of the table, as on a real board. They are outlines
 * (xiangqi-river-glyphs.h), not text: no CJK font is needed, nor loaded. */
static void
draw_river (cairo_t                *cr,
            const CaturBoardLayout *layout,
            const BoardColours     *colours)
{
  double y = py (layout, 4.5);
  double size = layout->cell * 0.55;
  static const struct { const gint16 *glyph; double column; gboolean black_side; } words[] = {
    { xiangqi_river_chu, 1.5, FALSE }, { xiangqi_river_he, 2.5, FALSE },
    { xiangqi_river_han, 6.5, TRUE }, { xiangqi_river_jie, 5.5, TRUE },
  };

  cairo_set_source_rgba (cr, colours->text.r, colours->text.g, colours->text.b,
                         colours->river_alpha);
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      /* Turned with the board, so each pair still faces its own side. */
      double column = layout->flipped ? 8 - words[i].column : words[i].column;
      gboolean upside_down = words[i].black_side != layout->flipped;

      draw_river_glyph (cr, words[i].glyph, size, px (layout, column), y,
                        upside_down ? G_PI : 0);
    }
}

/* One coordinate, centred on (x, y), with @pango's font. */
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

/* One layout for all 38: each of its own would find the font again. */
static void
draw_coordinates (cairo_t                *cr,
                  const CaturBoardLayout *layout,
                  const BoardColours     *colours)
{
  double edge = layout->cell * 0.76;
  PangoLayout *pango = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (colours->coordinate_font);

  pango_font_description_set_absolute_size (font,
                                            layout->cell * colours->coordinate_size * PANGO_SCALE);
  pango_layout_set_font_description (pango, font);
  pango_font_description_free (font);

  set_rgb (cr, &colours->text);
  for (int column = 0; column < 9; column++)
    {
      int file = layout->flipped ? 8 - column : column;
      char name[2] = { (char) ('a' + file), '\0' };

      draw_coordinate (cr, pango, name, px (layout, column), py (layout, 9) + edge);
      draw_coordinate (cr, pango, name, px (layout, column), py (layout, 0) - edge);
    }
  for (int row = 0; row < 10; row++)
    {
      int rank = layout->flipped ? row : 9 - row;
      char name[2] = { (char) ('0' + rank), '\0' };

      draw_coordinate (cr, pango, name, px (layout, 0) - edge, py (layout, row));
      draw_coordinate (cr, pango, name, px (layout, 8) + edge, py (layout, row));
    }
  g_object_unref (pango);
}

/**
 * xiangqi_board_draw:
 * @theme: (nullable): `wood` or `contrast`; anything else is wood, the default
 * @dark: colours for the dark style
 */
void
xiangqi_board_draw (cairo_t                *cr,
                    const CaturBoardLayout *layout,
                    const char             *theme,
                    gboolean                dark)
{
  const BoardColours *colours;

  if (g_strcmp0 (theme, XIANGQI_BOARD_THEME_CONTRAST) == 0)
    colours = dark ? &contrast_dark : &contrast_light;
  else
    colours = dark ? &wood_dark : &wood_light;

  draw_background (cr, layout, colours);
  draw_lines (cr, layout, colours);
  draw_river (cr, layout, colours);
  draw_coordinates (cr, layout, colours);
}
