/* catur-theme-cache.h: piece images of a variant's theme, rendered once per size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_THEME_CACHE (catur_theme_cache_get_type ())
G_DECLARE_FINAL_TYPE (CaturThemeCache, catur_theme_cache, CATUR, THEME_CACHE, GObject)

CaturThemeCache *catur_theme_cache_new            (void);
gboolean         catur_theme_cache_set_theme      (CaturThemeCache  *self,
                                                   CaturVariant     *variant,
                                                   const char       *theme,
                                                   GError          **error);
const CaturThemeInfo *catur_theme_cache_get_theme (CaturThemeCache  *self);
CaturVariant    *catur_theme_cache_get_variant    (CaturThemeCache  *self);
GError          *catur_theme_cache_take_error     (CaturThemeCache  *self);
void             catur_theme_cache_set_pixel_size (CaturThemeCache  *self,
                                                   int               pixel_size);
int              catur_theme_cache_get_pixel_size (CaturThemeCache  *self);
GdkTexture      *catur_theme_cache_get_piece      (CaturThemeCache  *self,
                                                   const CaturPiece *piece);
cairo_surface_t *catur_theme_cache_get_piece_surface (CaturThemeCache *self,
                                                   const CaturPiece *piece);

GdkTexture      *catur_theme_render_image         (const CaturThemeInfo *info,
                                                   const char       *image,
                                                   int               pixel_size,
                                                   GError          **error);
GdkTexture      *catur_texture_new_for_surface    (cairo_surface_t  *surface);

G_END_DECLS
