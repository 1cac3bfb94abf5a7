/* catur-figure.c: draws a position with a game's own board and pieces, for the help
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * catur-figure VARIANT FEN OUTPUT.png [--size PX] [--select SQUARE]
 *
 * The board comes from the variant's draw_board_themed (its default board theme, light) and
 * the pieces from its default piece theme, the same drawings the application shows (the top
 * player's turned when the game turns them); --select marks a piece and the points it may
 * reach (dots on empty points, rings on captures, en passant's among them), as the board does
 * when a piece is picked up.
 */
#include "config.h"

#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>

#include <catur.h>

static gboolean
draw_piece (cairo_t              *cr,
            CaturVariant         *variant,
            const CaturThemeInfo *theme,
            const CaturPiece     *piece,
            double                x,
            double                y,
            double                size,
            GError              **error)
{
  g_autoptr(GBytes) bytes = catur_theme_info_load_image (theme,
                                                         catur_variant_get_piece_image (variant,
                                                                                        piece),
                                                         error);
  RsvgRectangle viewport = { x - size / 2, y - size / 2, size, size };
  RsvgHandle *handle;
  gboolean drawn;

  if (bytes == NULL)
    return FALSE;
  handle = rsvg_handle_new_from_data (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                      error);
  if (handle == NULL)
    return FALSE;
  drawn = rsvg_handle_render_document (handle, cr, &viewport, error);
  g_object_unref (handle);
  return drawn;
}

static CaturSquare
square_from_name (CaturVariant *variant,
                  const char   *name)
{
  CaturGeometry geometry;

  catur_variant_get_geometry (variant, &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      char text[8];

      catur_variant_square_name (variant, square, text);
      if (g_ascii_strcasecmp (text, name) == 0)
        return square;
    }
  return CATUR_SQUARE_NONE;
}

static void
draw_selection (cairo_t                *cr,
                CaturVariant           *variant,
                const CaturPosition    *position,
                const CaturBoardLayout *layout,
                CaturSquare             from)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves_from (variant, position, from);
  double x, y;

  catur_board_layout_square_center (layout, from, &x, &y);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
  cairo_set_line_width (cr, layout->cell * 0.07);
  cairo_arc (cr, x, y, layout->cell * 0.47, 0, 2 * G_PI);
  cairo_stroke (cr);

  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      CaturMoveEffects effects;

      /* A ring for a capture, en passant too (its target is empty), as the board draws it. */
      catur_variant_move_effects (variant, position, move, &effects);
      catur_board_layout_square_center (layout, move->to, &x, &y);
      if (effects.captured != CATUR_SQUARE_NONE)
        {
          cairo_set_source_rgba (cr, 0.85, 0.15, 0.12, 0.9);
          cairo_arc (cr, x, y, layout->cell * 0.47, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      else
        {
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.85);
          cairo_arc (cr, x, y, layout->cell * 0.13, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("VARIANT FEN OUTPUT.png");
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturPosition) position = NULL;
  g_autoptr(CaturThemeInfo) theme = NULL;
  g_autofree char *select = NULL;
  int size = 360;
  GOptionEntry entries[] = {
    { "size", 0, 0, G_OPTION_ARG_INT, &size, "Width of the picture in pixels", "PX" },
    { "select", 0, 0, G_OPTION_ARG_STRING, &select, "Pick up the piece on SQUARE", "SQUARE" },
    { NULL }
  };
  CaturVariant *variant;
  CaturGeometry geometry;
  CaturBoardLayout layout;
  cairo_surface_t *surface;
  cairo_t *cr;
  int height;
  gboolean turned;
  gboolean drawn;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 4)
    {
      g_printerr ("%s\n",
                  error != NULL ? error->message : "usage: catur-figure VARIANT FEN OUTPUT.png");
      return 2;
    }

  variant = catur_plugins_find_variant (argv[1]);
  if (variant == NULL)
    {
      g_printerr ("No game plugin with the id %s\n", argv[1]);
      return 1;
    }
  position = catur_variant_parse (variant, argv[2], &error);
  if (position == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  theme = catur_variant_find_piece_theme (variant, NULL);
  if (theme == NULL)
    {
      g_printerr ("The game %s has no piece theme\n", argv[1]);
      return 1;
    }

  /* One cell of margin around the outermost points or squares, as the board view leaves. */
  catur_variant_get_geometry (variant, &geometry);
  layout.files = geometry.files;
  layout.ranks = geometry.ranks;
  layout.on_points = geometry.on_points;
  layout.flipped = FALSE;
  turned = (catur_variant_get_flags (variant) & CATUR_VARIANT_TOP_PIECES_TURNED) != 0;
  layout.cell = size / ((geometry.on_points ? geometry.files - 1 : geometry.files) + 2.0);
  layout.x = layout.cell;
  layout.y = layout.cell;
  height = (int) ceil (layout.cell
                       * ((geometry.on_points ? geometry.ranks - 1 : geometry.ranks) + 2));

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, height);
  cr = cairo_create (surface);
  catur_variant_draw_board_themed (variant, cr, &layout, NULL, FALSE);

  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      CaturPiece piece;
      double x, y;

      if (!catur_variant_piece_at (variant, position, square, &piece))
        continue;
      catur_board_layout_square_center (&layout, square, &x, &y);
      /* As the board view shows them: a game whose pieces point at their owner (Shogi)
       * draws the top player's upside down. */
      cairo_save (cr);
      if (turned && piece.side == CATUR_SIDE_SECOND)
        {
          cairo_translate (cr, x, y);
          cairo_rotate (cr, G_PI);
          cairo_translate (cr, -x, -y);
        }
      drawn = draw_piece (cr, variant, theme, &piece, x, y, layout.cell * 0.96, &error);
      cairo_restore (cr);
      if (!drawn)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
    }

  if (select != NULL)
    {
      CaturSquare from = square_from_name (variant, select);

      if (from == CATUR_SQUARE_NONE)
        {
          g_printerr ("No square %s\n", select);
          return 1;
        }
      draw_selection (cr, variant, position, &layout, from);
    }

  cairo_destroy (cr);
  if (cairo_surface_write_to_png (surface, argv[3]) != CAIRO_STATUS_SUCCESS)
    {
      g_printerr ("Could not write %s\n", argv[3]);
      return 1;
    }
  cairo_surface_destroy (surface);
  return 0;
}
