/* shogi-board.c: drawing the Shogi board (RULES.md S1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nine by nine squares with the four star points that mark the camps, file numbers 9…1 from
 * left to right above and below (Sente's view) and down both sides the ranks, in kanji
 * numerals 一…九 as Japanese boards and records write them, or in the letters a…i of USI and
 * the Western notation. The kanji come through Pango from a CJK font (fonts-noto-cjk); a
 * system without one gets the letters rather than empty boxes.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "shogi-variant.h"

typedef struct
{
  double r, g, b;
} Rgb;

/* How one board theme looks in one style (light or dark). */
typedef struct
{
  Rgb background_light;   /* the top-left end of the background's gradient */
  Rgb background_dark;    /* the bottom-right end; the same colour for a plain board */
  Rgb grain;              /* the wood's faint stripes, or the background for none */
  Rgb line;
  Rgb text;
  double line_width;      /* the lines' width, in cells */
  double frame_width;     /* the outer frame's */
  double star_radius;     /* the star points', in cells */
  double coordinate_size; /* the coordinates' height, in cells */
  const char *coordinate_font;
} BoardColours;

/* Kaya: the golden wood of good boards, with black lacquer lines. */
static const BoardColours kaya_light = {
  { 0.96, 0.82, 0.52 }, { 0.88, 0.70, 0.40 }, { 0.84, 0.66, 0.38 }, { 0.12, 0.08, 0.04 },
  { 0.30, 0.20, 0.10 }, 0.018, 0.04, 0.07, 0.26, "Cantarell, sans-serif",
};

static const BoardColours kaya_dark = {
  { 0.45, 0.35, 0.22 }, { 0.35, 0.26, 0.16 }, { 0.32, 0.24, 0.15 }, { 0.93, 0.87, 0.74 },
  { 0.93, 0.87, 0.76 }, 0.018, 0.04, 0.07, 0.26, "Cantarell, sans-serif",
};

/* High contrast: a plain board, heavier lines and larger, bold coordinates. */
static const BoardColours contrast_light = {
  { 1.0, 1.0, 1.0 }, { 1.0, 1.0, 1.0 }, { 1.0, 1.0, 1.0 }, { 0.06, 0.06, 0.07 },
  { 0.0, 0.0, 0.0 }, 0.03, 0.06, 0.09, 0.32, "Cantarell, sans-serif Bold",
};

static const BoardColours contrast_dark = {
  { 0.07, 0.07, 0.08 }, { 0.07, 0.07, 0.08 }, { 0.07, 0.07, 0.08 }, { 0.96, 0.96, 0.96 },
  { 1.0, 1.0, 1.0 }, 0.03, 0.06, 0.09, 0.32, "Cantarell, sans-serif Bold",
};

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
  double size = layout->cell * SG_FILES;
  cairo_pattern_t *gradient = cairo_pattern_create_linear (layout->x, layout->y,
                                                           layout->x + size, layout->y + size);

  cairo_pattern_add_color_stop_rgb (gradient, 0, colours->background_light.r,
                                    colours->background_light.g, colours->background_light.b);
  cairo_pattern_add_color_stop_rgb (gradient, 1, colours->background_dark.r,
                                    colours->background_dark.g, colours->background_dark.b);
  cairo_rectangle (cr, layout->x, layout->y, size, size);
  cairo_set_source (cr, gradient);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);

  /* A few vertical stripes of grain, the same on every board (no randomness in drawing). */
  set_rgb (cr, &colours->grain);
  cairo_set_line_width (cr, layout->cell * 0.012);
  for (int i = 1; i < 36; i++)
    {
      double x = layout->x + size * (i + 0.35 * sin (i * 1.7)) / 36.0;

      cairo_move_to (cr, x, layout->y);
      cairo_curve_to (cr, x + layout->cell * 0.08, layout->y + size / 3,
                      x - layout->cell * 0.08, layout->y + 2 * size / 3, x, layout->y + size);
    }
  cairo_stroke (cr);
}

static void
draw_lines (cairo_t                *cr,
            const CaturBoardLayout *layout,
            const BoardColours     *colours)
{
  double size = layout->cell * SG_FILES;

  set_rgb (cr, &colours->line);
  cairo_set_line_width (cr, layout->cell * colours->line_width);
  for (int i = 1; i < SG_FILES; i++)
    {
      cairo_move_to (cr, layout->x + i * layout->cell, layout->y);
      cairo_line_to (cr, layout->x + i * layout->cell, layout->y + size);
      cairo_move_to (cr, layout->x, layout->y + i * layout->cell);
      cairo_line_to (cr, layout->x + size, layout->y + i * layout->cell);
    }
  cairo_stroke (cr);

  cairo_set_line_width (cr, layout->cell * colours->frame_width);
  cairo_rectangle (cr, layout->x, layout->y, size, size);
  cairo_stroke (cr);

  /* The star points at the corners of the middle three-by-three: the camps' edges. */
  for (int i = 3; i <= 6; i += 3)
    for (int j = 3; j <= 6; j += 3)
      {
        cairo_arc (cr, layout->x + i * layout->cell, layout->y + j * layout->cell,
                   layout->cell * colours->star_radius, 0, 2 * G_PI);
        cairo_fill (cr);
      }
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

static const char * const kanji_numerals[SG_RANKS] = {
  "一", "二", "三", "四", "五", "六", "七", "八", "九",
};

/* Whether the fonts have every kanji numeral: Pango draws a box for a missing glyph. */
static gboolean
kanji_drawable (PangoLayout *pango)
{
  g_autofree char *all = g_strjoinv ("", (char **) kanji_numerals);

  pango_layout_set_text (pango, all, -1);
  return pango_layout_get_unknown_glyphs_count (pango) == 0;
}

/* One layout for all 36: each of its own would find the font again. */
static void
draw_coordinates (cairo_t                *cr,
                  const CaturBoardLayout *layout,
                  const BoardColours     *colours,
                  gboolean                kanji)
{
  double edge = layout->cell * 0.3;
  double size = layout->cell * SG_FILES;
  PangoLayout *pango = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (colours->coordinate_font);

  pango_font_description_set_absolute_size (font,
                                            layout->cell * colours->coordinate_size * PANGO_SCALE);
  pango_layout_set_font_description (pango, font);
  pango_font_description_free (font);
  kanji = kanji && kanji_drawable (pango);

  set_rgb (cr, &colours->text);
  for (int column = 0; column < SG_FILES; column++)
    {
      /* Sente's view: file 9 on the left; turned round for Gote's. */
      int number = layout->flipped ? column + 1 : SG_FILES - column;
      char name[2] = { (char) ('0' + number), '\0' };
      double x = layout->x + (column + 0.5) * layout->cell;

      draw_coordinate (cr, pango, name, x, layout->y - edge);
      draw_coordinate (cr, pango, name, x, layout->y + size + edge);
    }
  for (int row = 0; row < SG_RANKS; row++)
    {
      int rank = layout->flipped ? SG_RANKS - 1 - row : row;
      char letter[2] = { (char) ('a' + rank), '\0' };
      const char *name = kanji ? kanji_numerals[rank] : letter;
      double y = layout->y + (row + 0.5) * layout->cell;

      draw_coordinate (cr, pango, name, layout->x + size + edge, y);
      draw_coordinate (cr, pango, name, layout->x - edge, y);
    }
  g_object_unref (pango);
}

/**
 * shogi_board_draw:
 * @theme: (nullable): `kaya` or `contrast`; anything else is kaya, the default
 * @dark: colours for the dark style
 * @kanji_ranks: ranks in kanji numerals (when the fonts have them), else in letters
 */
void
shogi_board_draw (cairo_t                *cr,
                  const CaturBoardLayout *layout,
                  const char             *theme,
                  gboolean                dark,
                  gboolean                kanji_ranks)
{
  const BoardColours *colours;

  if (g_strcmp0 (theme, SHOGI_BOARD_THEME_CONTRAST) == 0)
    colours = dark ? &contrast_dark : &contrast_light;
  else
    colours = dark ? &kaya_dark : &kaya_light;

  cairo_save (cr);
  draw_background (cr, layout, colours);
  draw_lines (cr, layout, colours);
  draw_coordinates (cr, layout, colours, kanji_ranks);
  cairo_restore (cr);
}
