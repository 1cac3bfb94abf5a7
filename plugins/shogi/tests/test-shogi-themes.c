/* test-shogi-themes.c: the Shogi piece themes' koma drawn by librsvg, measured
 *
 * Real koma grow from the Pawn to the King, and a player tells them apart by size at a glance:
 * each theme's pieces are rendered into a square as the board renders them, and the drawn body
 * of each (its opaque pixels, without the soft shadow) is measured. The sizes step down King,
 * Rook and Bishop, Gold and Silver, Knight and Lance, Pawn, by more than a real set's few per
 * cent; a promoted piece keeps its base piece's size; no piece or shadow leaves its square.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>

#include <cairo.h>
#include <glib.h>
#include <librsvg/rsvg.h>

#define SIDE 200            /* the square the pieces are rendered into, in pixels */
#define BODY_ALPHA 0.6      /* a pixel at least this opaque is the piece, not its shadow */
#define STEP 0.03           /* the least difference between two grades, of the square */
#define PAWN_OF_KING 0.82   /* the most the Pawn's height may be of the King's */

static const char * const themes[] = { "traditional", "international" };

typedef struct
{
  int left, top, right, bottom;    /* the body's pixels, inclusive */
  int ink_left, ink_top, ink_right, ink_bottom;   /* every pixel drawn at all, shadow too */
} Box;

static Box
measure (const char *theme,
         const char *kind)
{
  g_autofree char *name = g_strconcat (kind, ".svg", NULL);
  g_autofree char *path = g_build_filename (SHOGI_THEMES_DIR, theme, name, NULL);
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_file (path, &error);
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport = { 0, 0, SIDE, SIDE };
  Box box = { SIDE, SIDE, -1, -1, SIDE, SIDE, -1, -1 };
  const guchar *data;
  int stride;

  g_assert_no_error (error);
  g_assert_nonnull (handle);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, SIDE, SIDE);
  cr = cairo_create (surface);
  g_assert_true (rsvg_handle_render_document (handle, cr, &viewport, &error));
  g_assert_no_error (error);
  cairo_destroy (cr);
  g_object_unref (handle);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < SIDE; y++)
    for (int x = 0; x < SIDE; x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);
        double alpha = (pixel >> 24) / 255.0;

        if (alpha > 0)
          {
            box.ink_left = MIN (box.ink_left, x);
            box.ink_right = MAX (box.ink_right, x);
            box.ink_top = MIN (box.ink_top, y);
            box.ink_bottom = MAX (box.ink_bottom, y);
          }
        if (alpha >= BODY_ALPHA)
          {
            box.left = MIN (box.left, x);
            box.right = MAX (box.right, x);
            box.top = MIN (box.top, y);
            box.bottom = MAX (box.bottom, y);
          }
      }
  cairo_surface_destroy (surface);
  g_assert_cmpint (box.right, >=, 0);
  return box;
}

static double
height (const Box *box)
{
  return (box->bottom - box->top + 1) / (double) SIDE;
}

static double
width (const Box *box)
{
  return (box->right - box->left + 1) / (double) SIDE;
}

/* King, Rook and Bishop, Gold and Silver, Knight and Lance, Pawn: each grade clearly smaller
 * than the one before, the two pieces of a grade alike, the Pawn well below the King. */
static void
test_graded (gconstpointer data)
{
  const char *theme = data;
  static const char * const grades[][2] = {
    { "king", "jewel" }, { "rook", "bishop" }, { "gold", "silver" }, { "knight", "lance" },
    { "pawn", "pawn" },
  };
  Box king = measure (theme, "king"), pawn = measure (theme, "pawn");
  double last_height = 2, last_width = 2;

  for (guint i = 0; i < G_N_ELEMENTS (grades); i++)
    {
      Box a = measure (theme, grades[i][0]), b = measure (theme, grades[i][1]);
      double tallest = MAX (height (&a), height (&b));

      g_test_message ("%s: %s %.3f × %.3f, %s %.3f × %.3f", theme, grades[i][0], width (&a),
                      height (&a), grades[i][1], width (&b), height (&b));
      g_assert_cmpfloat (tallest, <=, last_height - STEP);
      g_assert_cmpfloat (MAX (width (&a), width (&b)), <, last_width);
      last_height = MIN (height (&a), height (&b));
      last_width = MIN (width (&a), width (&b));
    }
  g_assert_cmpfloat (height (&pawn), <=, PAWN_OF_KING * height (&king));
  g_assert_cmpfloat (width (&pawn), <=, PAWN_OF_KING * width (&king));
}

/* A promoted piece is its base piece turned over: the same size. */
static void
test_promoted_same_size (gconstpointer data)
{
  const char *theme = data;
  static const char * const pairs[][2] = {
    { "rook", "dragon" }, { "bishop", "horse" }, { "silver", "promoted-silver" },
    { "knight", "promoted-knight" }, { "lance", "promoted-lance" }, { "pawn", "tokin" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      Box base = measure (theme, pairs[i][0]), promoted = measure (theme, pairs[i][1]);

      g_assert_cmpfloat (fabs (height (&base) - height (&promoted)), <=, 1.0 / SIDE);
      g_assert_cmpfloat (fabs (width (&base) - width (&promoted)), <=, 1.0 / SIDE);
    }
}

/* The largest piece and its shadow stay inside the square, with a pixel or so to spare. */
static void
test_inside_square (gconstpointer data)
{
  const char *theme = data;
  static const char * const kinds[] = { "king", "jewel", "rook", "dragon", "pawn" };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      Box box = measure (theme, kinds[i]);

      g_assert_cmpint (box.ink_left, >=, 1);
      g_assert_cmpint (box.ink_top, >=, 1);
      g_assert_cmpint (box.ink_right, <=, SIDE - 2);
      g_assert_cmpint (box.ink_bottom, <=, SIDE - 2);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    {
      g_autofree char *graded = g_strdup_printf ("/shogi/themes/%s/graded", themes[i]);
      g_autofree char *promoted = g_strdup_printf ("/shogi/themes/%s/promoted-same-size",
                                                   themes[i]);
      g_autofree char *inside = g_strdup_printf ("/shogi/themes/%s/inside-square", themes[i]);

      g_test_add_data_func (graded, themes[i], test_graded);
      g_test_add_data_func (promoted, themes[i], test_promoted_same_size);
      g_test_add_data_func (inside, themes[i], test_inside_square);
    }
  return g_test_run ();
}
