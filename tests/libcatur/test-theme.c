/* test-theme.c: the themes a variant lists, its own and the player's, over the Xiangqi plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include <catur.h>

static char *data_home;

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

/* Writes @contents to @path under the player's theme folder of Xiangqi, making its folders. */
static void
write_user_file (const char *path,
                 const char *contents)
{
  g_autofree char *folder = catur_variant_get_user_theme_folder (xiangqi ());
  g_autofree char *file = g_build_filename (folder, path, NULL);
  g_autofree char *parent = g_path_get_dirname (file);

  g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
  g_assert_true (g_file_set_contents (file, contents, -1, NULL));
}

static void
test_own_piece_themes (void)
{
  g_autoptr(GPtrArray) themes = catur_variant_list_piece_themes (xiangqi ());
  g_autofree char *default_id = NULL;
  CaturThemeInfo *classic, *international;

  g_assert_cmpuint (themes->len, >=, 2);
  classic = g_ptr_array_index (themes, 0);
  /* The default theme comes first. */
  default_id = catur_variant_get_default_piece_theme (xiangqi ());
  g_assert_cmpstr (classic->id, ==, default_id);
  g_assert_cmpstr (classic->id, ==, "classic");
  g_assert_cmpstr (classic->name, ==, "Classic");
  g_assert_nonnull (classic->description);
  g_assert_cmpstr (classic->preview, ==, "red-general.svg");
  g_assert_true (g_str_has_prefix (classic->uri, "resource:///"));
  g_assert_true (g_str_has_suffix (classic->uri, "/classic/"));
  g_assert_false (classic->user);

  international = catur_theme_list_find (themes, "international");
  g_assert_nonnull (international);
  g_assert_cmpstr (international->name, ==, "International");

  /* Every image a piece names is in both. */
  for (guint t = 0; t < 2; t++)
    {
      CaturThemeInfo *info = t == 0 ? classic : international;

      for (guint8 kind = 1; kind <= 7; kind++)
        for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
          {
            CaturPiece piece = { kind, side, 0 };
            g_autoptr(GError) error = NULL;
            g_autoptr(GBytes) bytes = NULL;

            bytes = catur_theme_info_load_image (info,
                                                 catur_variant_get_piece_image (xiangqi (), &piece),
                                                 &error);
            g_assert_no_error (error);
            g_assert_cmpuint (g_bytes_get_size (bytes), >, 100);
          }
    }
}

static void
test_board_themes (void)
{
  g_autoptr(GPtrArray) themes = catur_variant_list_board_themes (xiangqi ());
  g_autofree char *default_theme = catur_variant_get_default_board_theme (xiangqi ());
  CaturThemeInfo *wood, *contrast;

  g_assert_cmpuint (themes->len, ==, 2);
  wood = g_ptr_array_index (themes, 0);
  contrast = g_ptr_array_index (themes, 1);
  g_assert_cmpstr (wood->id, ==, "wood");
  g_assert_cmpstr (contrast->id, ==, "contrast");
  g_assert_cmpstr (default_theme, ==, "wood");
  g_assert_null (wood->uri);
  g_assert_nonnull (contrast->name);
  g_assert_nonnull (contrast->description);
}

/* The colour of the board's background near its top-left corner, drawn in @theme. */
static guint32
board_pixel (const char *theme,
             gboolean    dark)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 220, 240);
  cairo_t *cr = cairo_create (surface);
  CaturBoardLayout layout = { 20, 20, 20, FALSE, 9, 10, TRUE };
  guint32 pixel;

  catur_variant_draw_board_themed (xiangqi (), cr, &layout, theme, dark);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* Between the first two files and ranks: the background, no line. */
  pixel = *(guint32 *) (cairo_image_surface_get_data (surface)
                        + 30 * cairo_image_surface_get_stride (surface) + 30 * 4);
  cairo_surface_destroy (surface);
  return pixel;
}

static void
test_board_drawing (void)
{
  guint32 wood = board_pixel ("wood", FALSE);
  guint32 wood_dark = board_pixel ("wood", TRUE);
  guint32 contrast = board_pixel ("contrast", FALSE);
  guint32 contrast_dark = board_pixel ("contrast", TRUE);

  /* Every theme and style looks different, and high contrast is white, then near black. */
  g_assert_cmphex (wood, !=, wood_dark);
  g_assert_cmphex (wood, !=, contrast);
  g_assert_cmphex (contrast, ==, 0xffffffff);
  g_assert_cmphex (contrast_dark & 0xff000000, ==, 0xff000000);
  g_assert_cmphex (contrast_dark & 0x00ffffff, <, 0x00202020);
  /* An unknown theme, or none, is the default one. */
  g_assert_cmphex (board_pixel (NULL, FALSE), ==, wood);
  g_assert_cmphex (board_pixel ("no-such-theme", FALSE), ==, wood);
}

/* The notations Xiangqi declares: WXF as players write it first (the default), Chinese, ICCS
 * the coordinate form. */
static void
test_notation_names (void)
{
  static const char * const ids[] = { "wxf", "wxf-strict", "chinese", "iccs" };
  static const char * const names[] = { "WXF", "WXF (strict)", "Chinese", "ICCS" };
  const CaturNotationInfo *notations;
  guint n;

  notations = catur_variant_list_notations (xiangqi (), &n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpstr (notations[i].id, ==, ids[i]);
      g_assert_cmpstr (notations[i].name, ==, names[i]);
      g_assert_nonnull (notations[i].description);
      g_assert_cmpint (notations[i].flags, ==, i == 3 ? CATUR_NOTATION_COORDINATE : 0);
    }
  g_assert_cmpstr (catur_variant_get_default_notation (xiangqi ()), ==, "wxf");
  g_assert_cmpstr (catur_variant_get_coordinate_notation (xiangqi ()), ==, "iccs");
  g_assert_true (catur_variant_find_notation (xiangqi (), "wxf-strict") == &notations[1]);
  g_assert_null (catur_variant_find_notation (xiangqi (), "san"));
}

static void
test_user_themes (void)
{
  g_autoptr(GPtrArray) themes = NULL;
  g_autoptr(CaturThemeInfo) mine = NULL;
  g_autoptr(CaturThemeInfo) missing = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  CaturThemeInfo *listed;

  write_user_file ("mine/theme.ini",
                   "[Theme]\nName=Mine\nName[xx]=Le mien\nDescription=My own pieces\n"
                   "Preview=red-general.svg\n");
  write_user_file ("mine/red-general.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  /* Not themes: a folder without theme.ini, one without a name, one with a preview
   * outside its folder, and one taking the id of the game's own theme. */
  write_user_file ("empty/red-general.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  write_user_file ("nameless/theme.ini", "[Theme]\nDescription=No name\n");
  write_user_file ("escaping/theme.ini", "[Theme]\nName=Escaping\nPreview=../mine/x.svg\n");
  write_user_file ("classic/theme.ini", "[Theme]\nName=Not the classic\n");
  write_user_file ("stray-file", "not a folder");

  themes = catur_variant_list_piece_themes (xiangqi ());
  g_assert_cmpstr (((CaturThemeInfo *) g_ptr_array_index (themes, 0))->id, ==, "classic");
  g_assert_cmpstr (((CaturThemeInfo *) g_ptr_array_index (themes, 0))->name, ==, "Classic");
  listed = catur_theme_list_find (themes, "mine");
  g_assert_nonnull (listed);
  g_assert_true (listed->user);
  g_assert_cmpstr (listed->name, ==, "Mine");
  g_assert_cmpstr (listed->description, ==, "My own pieces");
  g_assert_true (g_str_has_prefix (listed->uri, "file:///"));
  g_assert_null (catur_theme_list_find (themes, "empty"));
  g_assert_null (catur_theme_list_find (themes, "nameless"));
  g_assert_null (catur_theme_list_find (themes, "escaping"));
  g_assert_null (catur_theme_list_find (themes, "stray-file"));
  g_assert_cmpuint (themes->len, ==, 3);

  mine = catur_variant_find_piece_theme (xiangqi (), "mine");
  g_assert_nonnull (mine);
  bytes = catur_theme_info_load_image (mine, "red-general.svg", &error);
  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  g_clear_pointer (&bytes, g_bytes_unref);

  /* A missing image is an error naming it, never a crash. */
  bytes = catur_theme_info_load_image (mine, "black-general.svg", &error);
  g_assert_null (bytes);
  g_assert_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "black-general.svg"));
  g_clear_error (&error);
  bytes = catur_theme_info_load_image (mine, "../classic/theme.ini", &error);
  g_assert_null (bytes);
  g_assert_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_NOT_FOUND);
  g_clear_error (&error);

  missing = catur_variant_find_piece_theme (xiangqi (), "no-such-theme");
  g_assert_null (missing);
  g_clear_pointer (&missing, catur_theme_info_free);
  missing = catur_variant_find_piece_theme (xiangqi (), NULL);
  g_assert_cmpstr (missing->id, ==, "classic");
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* The preferences' order: the game's default first, then the others by name. */
static void
test_sort (void)
{
  g_autoptr(GPtrArray) themes = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                catur_theme_info_free);
  const char *order[] = { "simple", "bold", "classic" };

  g_ptr_array_add (themes, catur_theme_info_new ("bold", "Bold", NULL, NULL, NULL));
  g_ptr_array_add (themes, catur_theme_info_new ("simple", "Simple", NULL, NULL, NULL));
  g_ptr_array_add (themes, catur_theme_info_new ("classic", "Classic", NULL, NULL, NULL));
  catur_theme_list_sort (themes, "simple");
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpstr (((CaturThemeInfo *) g_ptr_array_index (themes, i))->id, ==, order[i]);
  /* Without a default, by name alone. */
  catur_theme_list_sort (themes, NULL);
  g_assert_cmpstr (((CaturThemeInfo *) g_ptr_array_index (themes, 0))->id, ==, "bold");
  g_assert_cmpstr (((CaturThemeInfo *) g_ptr_array_index (themes, 2))->id, ==, "simple");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Before anything asks GLib for the data folder: it is read once. */
  data_home = g_dir_make_tmp ("catur-themes-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/libcatur/theme/own-piece-themes", test_own_piece_themes);
  g_test_add_func ("/libcatur/theme/board-themes", test_board_themes);
  g_test_add_func ("/libcatur/theme/board-drawing", test_board_drawing);
  g_test_add_func ("/libcatur/theme/notation-names", test_notation_names);
  g_test_add_func ("/libcatur/theme/user-themes", test_user_themes);
  g_test_add_func ("/libcatur/theme/sort", test_sort);

  status = g_test_run ();
  remove_tree (data_home);
  g_free (data_home);
  return status;
}
