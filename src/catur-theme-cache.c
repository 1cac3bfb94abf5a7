/* catur-theme-cache.c: piece images of a variant's theme, rendered once per size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A theme is a folder given by the variant (in its GResource) or added by the
 * player (on disk), holding one SVG per piece (CaturThemeInfo). Each SVG is
 * parsed once with librsvg and rendered at the device pixel size into a cairo
 * image surface, and a GdkTexture of it when asked; both are kept until the
 * pixel size (the cell times the scale) or the theme changes, so drawing a
 * frame never touches librsvg. (The board view places the surface itself under
 * GSK's cairo renderer, the texture under the others: see append_image() there.)
 *
 * A theme is checked when it is chosen: every image the start position needs
 * is read and parsed then, so a broken theme (a missing file, a file that is
 * no SVG) is refused at once and the cache keeps to the variant's default
 * theme; the caller tells the player. An image that fails later (a piece that
 * only turns up in play) is drawn as a plain piece and reported once through
 * catur_theme_cache_take_error().
 */
#define G_LOG_DOMAIN "catur-theme-cache"

#include "config.h"

#include <glib/gi18n.h>
#include <librsvg/rsvg.h>

#include "catur-theme-cache.h"

typedef struct
{
  RsvgHandle *handle;     /* NULL when the file could not be loaded */
  cairo_surface_t *surface; /* at the cache's pixel size, or NULL until asked */
  GdkTexture *texture;    /* the surface's pixels, or NULL until asked */
  gboolean failed;        /* loading or rendering failed: the caller draws a fallback */
} CacheEntry;

struct _CaturThemeCache
{
  GObject parent_instance;

  CaturVariant *variant;
  CaturThemeInfo *info;   /* the theme in use; NULL when the variant has none at all */
  int pixel_size;
  GError *error;          /* the first image of the theme that failed after it was chosen */

  /* image file name → CacheEntry */
  GHashTable *entries;
};

G_DEFINE_FINAL_TYPE (CaturThemeCache, catur_theme_cache, G_TYPE_OBJECT)

static void
cache_entry_free (gpointer data)
{
  CacheEntry *entry = data;

  g_clear_object (&entry->handle);
  g_clear_pointer (&entry->surface, cairo_surface_destroy);
  g_clear_object (&entry->texture);
  g_free (entry);
}

/* Parsed images, shared by every cache, so that the board's, the turn panel's and the
 * previews read and parse each file once while any of them holds it: image URI → RsvgHandle,
 * not owned; a handle leaves the table when its last holder lets it go. (A theme chosen
 * again while its images are held is the same theme: see catur_theme_cache_set_theme().) */
static GHashTable *parsed_images;

static void
parsed_image_finalized (gpointer  uri,
                        GObject  *handle)
{
  g_hash_table_remove (parsed_images, uri);
}

/* Reads and parses one image of @info, or shares the one parsed already. */
static RsvgHandle *
load_image (const CaturThemeInfo  *info,
            const char            *image,
            GError               **error)
{
  g_autofree char *uri = catur_theme_info_get_image_uri (info, image);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  RsvgHandle *handle;
  gsize size;
  const guint8 *data;

  if (uri != NULL && parsed_images != NULL
      && (handle = g_hash_table_lookup (parsed_images, uri)) != NULL)
    return g_object_ref (handle);

  bytes = catur_theme_info_load_image (info, image, error);
  if (bytes == NULL)
    return NULL;

  data = g_bytes_get_data (bytes, &size);
  handle = rsvg_handle_new_from_data (data, size, &local_error);
  if (handle == NULL)
    {
      g_set_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_INVALID,
                   _("The image %s of the theme “%s” is not a drawing Catur can read: %s"),
                   image, info->id, local_error->message);
      return NULL;
    }

  if (uri != NULL)
    {
      char *key = g_steal_pointer (&uri);

      if (parsed_images == NULL)
        parsed_images = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_insert (parsed_images, key, handle);
      g_object_weak_ref (G_OBJECT (handle), parsed_image_finalized, key);
    }
  return handle;
}

/* Draws @handle into an image of @pixel_size × @pixel_size device pixels. */
static cairo_surface_t *
render_handle (RsvgHandle  *handle,
               int          pixel_size,
               GError     **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport = { 0, 0, pixel_size, pixel_size };
  gboolean done;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixel_size, pixel_size);
  cr = cairo_create (surface);
  done = rsvg_handle_render_document (handle, cr, &viewport, error);
  cairo_destroy (cr);
  if (!done)
    g_clear_pointer (&surface, cairo_surface_destroy);
  else
    cairo_surface_flush (surface);
  return surface;
}

static CacheEntry *
load_entry (CaturThemeCache *self,
            const char      *image)
{
  g_autoptr(GError) error = NULL;
  CacheEntry *entry;

  entry = g_new0 (CacheEntry, 1);
  g_hash_table_insert (self->entries, g_strdup (image), entry);

  if (self->info == NULL)
    {
      entry->failed = TRUE;
      return entry;
    }

  entry->handle = load_image (self->info, image, &error);
  if (entry->handle == NULL)
    {
      g_message ("%s", error->message);
      entry->failed = TRUE;
      if (self->error == NULL)
        self->error = g_steal_pointer (&error);
    }
  return entry;
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

      g_clear_pointer (&entry->surface, cairo_surface_destroy);
      g_clear_object (&entry->texture);
    }
}

/* The images the start position of @variant needs, each once. */
static GPtrArray *
start_images (CaturVariant *variant)
{
  g_autoptr(CaturPosition) start = catur_variant_new_position (variant, NULL, 0);
  GPtrArray *images = g_ptr_array_new ();
  CaturGeometry geometry;

  catur_variant_get_geometry (variant, &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      CaturPiece piece;
      const char *image;

      if (!catur_variant_piece_at (variant, start, square, &piece))
        continue;
      image = catur_variant_get_piece_image (variant, &piece);
      if (image != NULL && !g_ptr_array_find_with_equal_func (images, image, g_str_equal, NULL))
        g_ptr_array_add (images, (gpointer) image);
    }
  return images;
}

/* Reads every image the start position needs into fresh entries. */
static gboolean
preload (CaturThemeCache      *self,
         CaturVariant         *variant,
         const CaturThemeInfo *info,
         GHashTable           *entries,
         GError              **error)
{
  g_autoptr(GPtrArray) images = start_images (variant);

  for (guint i = 0; i < images->len; i++)
    {
      const char *image = g_ptr_array_index (images, i);
      CacheEntry *entry = g_new0 (CacheEntry, 1);

      g_hash_table_insert (entries, g_strdup (image), entry);
      entry->handle = load_image (info, image, error);
      if (entry->handle == NULL)
        return FALSE;
    }
  return TRUE;
}

/* Makes @info (may be NULL: plain pieces) the theme in use, with @entries already read. */
static void
use_theme (CaturThemeCache *self,
           CaturVariant    *variant,
           CaturThemeInfo  *info,
           GHashTable      *entries)
{
  g_set_object (&self->variant, variant);
  g_clear_pointer (&self->info, catur_theme_info_free);
  self->info = info;
  g_clear_error (&self->error);
  g_clear_pointer (&self->entries, g_hash_table_unref);
  self->entries = entries;
}

static GHashTable *
new_entries (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cache_entry_free);
}

static void
catur_theme_cache_finalize (GObject *object)
{
  CaturThemeCache *self = CATUR_THEME_CACHE (object);

  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->info, catur_theme_info_free);
  g_clear_error (&self->error);
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
  self->entries = new_entries ();
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
 * @theme: (nullable): a piece theme id of @variant (its own or the player's), or %NULL for its
 *   default theme
 * @error: return location for a #CATUR_THEME_ERROR
 *
 * Reads the images of @theme that the start position needs. When @theme cannot be found or one
 * of them cannot be read, the cache keeps to @variant's default theme instead and @error says
 * what failed. The same theme again keeps the images already drawn; another one drops them.
 *
 * Returns: %FALSE when @theme could not be used
 */
gboolean
catur_theme_cache_set_theme (CaturThemeCache  *self,
                             CaturVariant     *variant,
                             const char       *theme,
                             GError          **error)
{
  g_autoptr(CaturThemeInfo) info = NULL;
  g_autoptr(GHashTable) entries = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *default_theme = NULL;

  g_return_val_if_fail (CATUR_IS_THEME_CACHE (self), FALSE);
  g_return_val_if_fail (variant == NULL || CATUR_IS_VARIANT (variant), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (variant == NULL)
    {
      use_theme (self, NULL, NULL, new_entries ());
      return TRUE;
    }

  default_theme = catur_variant_get_default_piece_theme (variant);
  if (theme == NULL)
    theme = default_theme;
  if (theme == NULL)
    {
      /* A game without images: plain pieces, drawn by the caller. */
      use_theme (self, variant, NULL, new_entries ());
      return TRUE;
    }
  if (variant == self->variant && self->info != NULL && g_strcmp0 (self->info->id, theme) == 0)
    return TRUE;

  info = catur_variant_find_piece_theme (variant, theme);
  if (info == NULL)
    g_set_error (&local_error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_NOT_FOUND,
                 _("There is no piece theme “%s” for %s"), theme,
                 catur_variant_get_name (variant));
  else
    {
      entries = new_entries ();
      if (!preload (self, variant, info, entries, &local_error))
        g_clear_pointer (&entries, g_hash_table_unref);
    }

  if (local_error == NULL)
    {
      use_theme (self, variant, g_steal_pointer (&info), g_steal_pointer (&entries));
      return TRUE;
    }

  g_message ("Cannot use the piece theme “%s”: %s", theme, local_error->message);
  if (g_strcmp0 (theme, default_theme) != 0)
    catur_theme_cache_set_theme (self, variant, default_theme, NULL);
  else
    /* Not even the default theme: plain pieces, drawn by the caller. */
    use_theme (self, variant, NULL, new_entries ());

  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/**
 * catur_theme_cache_get_theme:
 * @self: a #CaturThemeCache
 *
 * Returns: (transfer none) (nullable): the theme in use, %NULL when even the variant's default
 *   theme could not be read (plain pieces are drawn)
 */
const CaturThemeInfo *
catur_theme_cache_get_theme (CaturThemeCache *self)
{
  g_return_val_if_fail (CATUR_IS_THEME_CACHE (self), NULL);

  return self->info;
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
 * catur_theme_cache_take_error:
 * @self: a #CaturThemeCache
 *
 * Returns: (transfer full) (nullable): why an image of the theme in use failed since the last
 *   call, %NULL when none did
 */
GError *
catur_theme_cache_take_error (CaturThemeCache *self)
{
  g_return_val_if_fail (CATUR_IS_THEME_CACHE (self), NULL);

  return g_steal_pointer (&self->error);
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

/* The entry of @piece's image, rendered at the current size; NULL when it has none. */
static CacheEntry *
rendered_entry (CaturThemeCache  *self,
                const CaturPiece *piece)
{
  CacheEntry *entry;
  const char *image;

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

  if (entry->surface == NULL)
    {
      g_autoptr(GError) error = NULL;

      entry->surface = render_handle (entry->handle, self->pixel_size, &error);
      if (entry->surface == NULL)
        {
          g_message ("Cannot draw the piece image %s: %s", image, error->message);
          entry->failed = TRUE;
          if (self->error == NULL)
            self->error = g_error_new (CATUR_THEME_ERROR, CATUR_THEME_ERROR_INVALID,
                                       _("The image %s of the theme “%s” cannot be drawn: %s"),
                                       image, self->info->id, error->message);
          return NULL;
        }
    }

  return entry;
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

  g_return_val_if_fail (CATUR_IS_THEME_CACHE (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  entry = rendered_entry (self, piece);
  if (entry == NULL)
    return NULL;
  if (entry->texture == NULL)
    entry->texture = catur_texture_new_for_surface (entry->surface);
  return entry->texture;
}

/**
 * catur_theme_cache_get_piece_surface:
 * @self: a #CaturThemeCache
 * @piece: the piece to draw
 *
 * The same image as catur_theme_cache_get_piece(), as the cairo image surface it was
 * rendered into.
 *
 * Returns: (transfer none) (nullable): the piece's image, or %NULL
 */
cairo_surface_t *
catur_theme_cache_get_piece_surface (CaturThemeCache  *self,
                                     const CaturPiece *piece)
{
  CacheEntry *entry;

  g_return_val_if_fail (CATUR_IS_THEME_CACHE (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  entry = rendered_entry (self, piece);
  return entry != NULL ? entry->surface : NULL;
}

/**
 * catur_theme_render_image:
 * @info: a piece theme
 * @image: one of its image files
 * @pixel_size: the side of the texture, in device pixels
 * @error: return location for a #CATUR_THEME_ERROR
 *
 * Renders one image of a theme without keeping it: a preview.
 *
 * Returns: (transfer full) (nullable): the image, or %NULL with @error set
 */
GdkTexture *
catur_theme_render_image (const CaturThemeInfo  *info,
                          const char            *image,
                          int                    pixel_size,
                          GError               **error)
{
  g_autoptr(GError) local_error = NULL;
  cairo_surface_t *surface;
  RsvgHandle *handle;
  GdkTexture *texture;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (image != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  handle = load_image (info, image, error);
  if (handle == NULL)
    return NULL;
  surface = render_handle (handle, MAX (pixel_size, 1), &local_error);
  g_object_unref (handle);
  if (surface == NULL)
    {
      g_set_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_INVALID,
                   _("The image %s of the theme “%s” cannot be drawn: %s"),
                   image, info->id, local_error->message);
      return NULL;
    }
  texture = catur_texture_new_for_surface (surface);
  cairo_surface_destroy (surface);
  return texture;
}

/**
 * catur_texture_new_for_surface:
 * @surface: a cairo image surface of format %CAIRO_FORMAT_ARGB32, finished: nothing draws
 *   on it afterwards (a texture does not change)
 *
 * Returns: (transfer full): a texture of @surface's pixels, which it shares
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
  /* The texture shares the surface's pixels, which live as long as either: a board is
   * megabytes, and a copy of it would stay beside the surface the cache keeps. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));

  /* GDK_MEMORY_DEFAULT is cairo's premultiplied native-endian ARGB32 */
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}
