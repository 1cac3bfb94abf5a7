/* catur-theme-cache.c: piece images of a variant's theme, rendered once per size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A theme is a GResource folder given by the variant, holding one SVG per
 * piece. Each SVG is parsed once with librsvg and rendered into a GdkTexture
 * at the device pixel size; the textures are kept until the size or the theme
 * changes, so drawing a frame never touches librsvg.
 */
#define G_LOG_DOMAIN "catur-theme-cache"

#include "config.h"

#include <librsvg/rsvg.h>

#include "catur-theme-cache.h"

typedef struct
{
  RsvgHandle *handle;     /* NULL when the file could not be loaded */
  GdkTexture *texture;    /* at the cache's pixel size, or NULL until asked */
  gboolean failed;        /* loading or rendering failed: the caller draws a fallback */
} CacheEntry;

struct _CaturThemeCache
{
  GObject parent_instance;

  CaturVariant *variant;
  char *folder;
  int pixel_size;

  /* image file name → CacheEntry */
  GHashTable *entries;
};

G_DEFINE_FINAL_TYPE (CaturThemeCache, catur_theme_cache, G_TYPE_OBJECT)

static void
cache_entry_free (gpointer data)
{
  CacheEntry *entry = data;

  g_clear_object (&entry->handle);
  g_clear_object (&entry->texture);
  g_free (entry);
}

static CacheEntry *
load_entry (CaturThemeCache *self,
            const char      *image)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *path = NULL;
  CacheEntry *entry;
  gsize size;
  const guint8 *data;

  entry = g_new0 (CacheEntry, 1);
  g_hash_table_insert (self->entries, g_strdup (image), entry);

  if (self->folder == NULL)
    {
      g_message ("The game “%s” names no piece theme; drawing plain pieces",
                 catur_variant_get_id (self->variant));
      entry->failed = TRUE;
      return entry;
    }

  if (g_str_has_suffix (self->folder, "/"))
    path = g_strconcat (self->folder, image, NULL);
  else
    path = g_strconcat (self->folder, "/", image, NULL);

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    {
      g_message ("Cannot load the piece image %s: %s", path, error->message);
      entry->failed = TRUE;
      return entry;
    }

  data = g_bytes_get_data (bytes, &size);
  entry->handle = rsvg_handle_new_from_data (data, size, &error);
  if (entry->handle == NULL)
    {
      g_message ("Cannot read the piece image %s: %s", path, error->message);
      entry->failed = TRUE;
    }

  return entry;
}

static GdkTexture *
render_entry (CaturThemeCache *self,
              CacheEntry      *entry)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport = { 0, 0, self->pixel_size, self->pixel_size };
  GdkTexture *texture = NULL;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, self->pixel_size, self->pixel_size);
  cr = cairo_create (surface);
  if (rsvg_handle_render_document (entry->handle, cr, &viewport, &error))
    texture = catur_texture_new_for_surface (surface);
  else
    g_message ("Cannot draw a piece image: %s", error->message);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  return texture;
}

static void
clear_textures (CaturThemeCache *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      CacheEntry *entry = value;

      g_clear_object (&entry->texture);
    }
}

static void
catur_theme_cache_finalize (GObject *object)
{
  CaturThemeCache *self = CATUR_THEME_CACHE (object);

  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->folder, g_free);
  g_clear_object (&self->variant);

  G_OBJECT_CLASS (catur_theme_cache_parent_class)->finalize (object);
}

static void
catur_theme_cache_class_init (CaturThemeCacheClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = catur_theme_cache_finalize;
}

static void
catur_theme_cache_init (CaturThemeCache *self)
{
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cache_entry_free);
}

/**
 * catur_theme_cache_new:
 *
 * Returns: (transfer full): an empty cache; give it a theme with
 *   catur_theme_cache_set_theme() and a size with catur_theme_cache_set_pixel_size()
 */
CaturThemeCache *
catur_theme_cache_new (void)
{
  return g_object_new (CATUR_TYPE_THEME_CACHE, NULL);
}

/**
 * catur_theme_cache_set_theme:
 * @self: a #CaturThemeCache
 * @variant: (nullable): the variant whose pieces are drawn
 * @theme: (nullable): a theme id of @variant, or %NULL for its default theme
 *
 * Drops every image when the theme changes; the same theme again keeps them.
 */
void
catur_theme_cache_set_theme (CaturThemeCache *self,
                             CaturVariant    *variant,
                             const char      *theme)
{
  g_autofree char *folder = NULL;

  g_return_if_fail (CATUR_IS_THEME_CACHE (self));
  g_return_if_fail (variant == NULL || CATUR_IS_VARIANT (variant));

  if (variant != NULL)
    {
      if (theme == NULL)
        theme = catur_variant_get_default_theme (variant);
      folder = catur_variant_get_theme_resource (variant, theme);
    }

  if (variant == self->variant && g_strcmp0 (folder, self->folder) == 0)
    return;

  g_set_object (&self->variant, variant);
  g_free (self->folder);
  self->folder = g_steal_pointer (&folder);
  g_hash_table_remove_all (self->entries);
}

/**
 * catur_theme_cache_get_variant:
 * @self: a #CaturThemeCache
 *
 * Returns: (transfer none) (nullable): the variant of the current theme
 */
CaturVariant *
catur_theme_cache_get_variant (CaturThemeCache *self)
{
  g_return_val_if_fail (CATUR_IS_THEME_CACHE (self), NULL);

  return self->variant;
}

/**
 * catur_theme_cache_set_pixel_size:
 * @self: a #CaturThemeCache
 * @pixel_size: the side of a piece image in device pixels
 *
 * Images already rendered at another size are dropped and rendered again
 * when next asked for.
 */
void
catur_theme_cache_set_pixel_size (CaturThemeCache *self,
                                  int              pixel_size)
{
  g_return_if_fail (CATUR_IS_THEME_CACHE (self));

  pixel_size = MAX (pixel_size, 1);
  if (pixel_size == self->pixel_size)
    return;

  self->pixel_size = pixel_size;
  clear_textures (self);
}

int
catur_theme_cache_get_pixel_size (CaturThemeCache *self)
{
  g_return_val_if_fail (CATUR_IS_THEME_CACHE (self), 0);

  return self->pixel_size;
}

/**
 * catur_theme_cache_get_piece:
 * @self: a #CaturThemeCache
 * @piece: the piece to draw
 *
 * Returns: (transfer none) (nullable): the piece's image at the current pixel
 *   size, or %NULL when the theme has no usable image for it (the caller
 *   draws a fallback)
 */
GdkTexture *
catur_theme_cache_get_piece (CaturThemeCache  *self,
                             const CaturPiece *piece)
{
  CacheEntry *entry;
  const char *image;

  g_return_val_if_fail (CATUR_IS_THEME_CACHE (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  if (self->variant == NULL || self->pixel_size <= 0)
    return NULL;

  image = catur_variant_get_piece_image (self->variant, piece);
  if (image == NULL)
    return NULL;

  entry = g_hash_table_lookup (self->entries, image);
  if (entry == NULL)
    entry = load_entry (self, image);

  if (entry->failed)
    return NULL;

  if (entry->texture == NULL)
    {
      entry->texture = render_entry (self, entry);
      if (entry->texture == NULL)
        entry->failed = TRUE;
    }

  return entry->texture;
}

/**
 * catur_texture_new_for_surface:
 * @surface: a cairo image surface of format %CAIRO_FORMAT_ARGB32
 *
 * Returns: (transfer full): a texture holding a copy of @surface's pixels
 */
GdkTexture *
catur_texture_new_for_surface (cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int width, height, stride;

  g_return_val_if_fail (cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32, NULL);

  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * height);

  /* GDK_MEMORY_DEFAULT is cairo's premultiplied native-endian ARGB32 */
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}
