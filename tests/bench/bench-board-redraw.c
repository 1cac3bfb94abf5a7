/* bench-board-redraw.c: how long a full redraw of the board takes once its textures are cached
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage (a display is needed, a virtual one will do):
 *
 *   xvfb-run -a meson devenv -C _build tests/bench/bench-board-redraw [OPTIONS]
 *
 * A board view of WIDTH × HEIGHT (1920 × 1080) shows the start position of the game (the first
 * loaded, or --game), every piece on the board. Each frame builds the view's render nodes with
 * its snapshot() (as GTK does when the board is queued for a redraw) and renders them into a
 * texture with GSK's cairo renderer (the renderer of the tests and of machines without GL). The
 * window is given that renderer too (GSK_RENDERER=cairo), so that the view makes the nodes it
 * makes for it (see append_image() in catur-board-view-draw.c).
 * The first frame after a change renders the board and the pieces with librsvg into
 * textures; the frames after it only place those textures and draw the markers. Prints the
 * time per frame of both kinds. A benchmark, not a test: it asserts nothing about the times.
 */
#include "config.h"

#include <adwaita.h>
#include <catur.h>
#include <stdlib.h>

#include "catur-board-view.h"

static int width = 1920;
static int height = 1080;
static int frames = 300;
static char *game_id;
static char *moves;

static gboolean
board_ready (GtkWidget *view)
{
  return gtk_widget_get_mapped (view)
         && catur_board_view_get_layout (CATUR_BOARD_VIEW (view))->cell > 10
         && gtk_widget_get_width (view) == width && gtk_widget_get_height (view) == height;
}

/* One frame: the view's nodes, rendered into a texture. Returns the texture for checking. */
static GdkTexture *
draw_frame (GtkWidget   *view,
            GskRenderer *renderer,
            gint64      *snapshot_us,
            gint64      *render_us)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  gint64 start = g_get_monotonic_time ();
  gint64 middle;
  GdkTexture *texture;

  GTK_WIDGET_GET_CLASS (view)->snapshot (view, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  middle = g_get_monotonic_time ();
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  *snapshot_us += middle - start;
  *render_us += g_get_monotonic_time () - middle;
  return texture;
}

int
main (int   argc,
      char *argv[])
{
  const GOptionEntry entries[] = {
    { "width", 0, 0, G_OPTION_ARG_INT, &width, "Board view width (1920)", "PX" },
    { "height", 0, 0, G_OPTION_ARG_INT, &height, "Board view height (1080)", "PX" },
    { "frames", 'n', 0, G_OPTION_ARG_INT, &frames, "Frames to time (300)", "N" },
    { "game", 'g', 0, G_OPTION_ARG_STRING, &game_id, "The game (the first loaded)", "ID" },
    { "moves", 'm', 0, G_OPTION_ARG_STRING, &moves, "Moves to play first", "MOVES" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- time board redraws");
  g_autoptr(GError) error = NULL;
  g_autoptr(GskRenderer) renderer = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GdkTexture) first = NULL;
  CaturVariant *variant;
  GtkWidget *window, *view;
  gint64 snapshot_us = 0, render_us = 0, cold_snapshot_us = 0, cold_render_us = 0;
  gint64 end;

  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return EXIT_FAILURE;
    }

  gtk_init ();
  adw_init ();

  variant = game_id != NULL ? catur_plugins_find_variant (game_id)
            : catur_plugins_get_variants ()->len > 0
            ? g_ptr_array_index (catur_plugins_get_variants (), 0) : NULL;
  if (variant == NULL)
    {
      g_printerr ("No game plugin found (set CATUR_PLUGIN_PATH, or run through meson devenv)\n");
      return EXIT_FAILURE;
    }
  game = catur_game_new (variant, catur_variant_new_position (variant, NULL, 0));
  if (moves != NULL)
    {
      g_auto(GStrv) tokens = g_strsplit (moves, " ", -1);

      for (guint i = 0; tokens[i] != NULL; i++)
        if (*tokens[i] != '\0' && !catur_game_play_text (game, tokens[i], &error))
          {
            g_printerr ("%s: %s\n", tokens[i], error->message);
            return EXIT_FAILURE;
          }
    }

  window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  view = catur_board_view_new ();
  catur_board_view_set_game (CATUR_BOARD_VIEW (view), game);
  catur_board_view_set_animations (CATUR_BOARD_VIEW (view), FALSE);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));

  end = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;
  while (!board_ready (view) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  if (!board_ready (view))
    {
      g_printerr ("The board view did not get %d × %d (it has %d × %d)\n", width, height,
                  gtk_widget_get_width (view), gtk_widget_get_height (view));
      return EXIT_FAILURE;
    }

  renderer = gsk_cairo_renderer_new ();
  if (!gsk_renderer_realize (renderer, NULL, &error))
    {
      g_printerr ("Cannot realize the cairo renderer: %s\n", error->message);
      return EXIT_FAILURE;
    }

  /* A cold frame: another board theme and another piece size make everything be drawn anew
   * (the theme cache keeps textures per size, the board view per size and theme). */
  {
    g_autoptr(GPtrArray) themes = catur_variant_list_board_themes (variant);

    if (themes->len > 1)
      catur_board_view_set_board_theme (CATUR_BOARD_VIEW (view),
                                        ((CaturThemeInfo *) g_ptr_array_index (themes, 1))->id);
  }
  catur_theme_cache_set_pixel_size (catur_board_view_get_theme_cache (CATUR_BOARD_VIEW (view)), 1);
  first = draw_frame (view, renderer, &cold_snapshot_us, &cold_render_us);

  for (int i = 0; i < frames; i++)
    {
      g_autoptr(GdkTexture) texture = draw_frame (view, renderer, &snapshot_us, &render_us);

      g_assert (gdk_texture_get_width (texture) == width);
    }

  g_print ("board view %d × %d at scale %d, %s, %u plies played, window renderer %s\n", width,
           height, gtk_widget_get_scale_factor (view), catur_variant_get_name (variant),
           catur_game_get_n_plies (game),
           G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))));
  g_print ("first frame (board and pieces rendered with librsvg): %.2f ms "
           "(snapshot %.2f ms, cairo render %.2f ms)\n",
           (cold_snapshot_us + cold_render_us) / 1000.0, cold_snapshot_us / 1000.0,
           cold_render_us / 1000.0);
  g_print ("cached frames: %.3f ms per frame over %d frames "
           "(snapshot %.3f ms, cairo render %.3f ms)\n",
           (snapshot_us + render_us) / 1000.0 / frames, frames,
           snapshot_us / 1000.0 / frames, render_us / 1000.0 / frames);

  gsk_renderer_unrealize (renderer);
  gtk_window_destroy (GTK_WINDOW (window));
  return EXIT_SUCCESS;
}
