/* catur-theme.h: what a theme is called and where its files are
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CATUR_THEME_ERROR:
 *
 * The error domain of themes that cannot be found or read.
 */
#define CATUR_THEME_ERROR (catur_theme_error_quark ())
typedef enum
{
  CATUR_THEME_ERROR_NOT_FOUND,
  CATUR_THEME_ERROR_INVALID,
} CaturThemeError;

/**
 * CaturThemeInfo:
 * @id: the stable id: the value of the settings key that chooses it, and the name of its folder
 * @name: the name shown to players, translated where the theme's maker provided for it
 * @description: (nullable): one translated line saying what it looks like
 * @preview: (nullable): for piece themes, the image file (one of the theme's) that stands for the
 *   whole theme in the preferences
 * @uri: (nullable): for piece themes, the folder holding the images, as a `resource://` or
 *   `file://` URI ending in a slash; %NULL for board themes, which the variant draws itself
 * @user: the theme was installed by the player in their data folder, not shipped with the game
 *
 * One theme of a variant. Piece themes are folders with a `theme.ini` and an image per piece;
 * board themes are drawn by the variant's code and have only an id, a name and a description.
 */
typedef struct
{
  char *id;
  char *name;
  char *description;
  char *preview;
  char *uri;
  gboolean user;
} CaturThemeInfo;

#define CATUR_TYPE_THEME_INFO (catur_theme_info_get_type ())

GQuark          catur_theme_error_quark   (void);
GType           catur_theme_info_get_type (void) G_GNUC_CONST;

CaturThemeInfo *catur_theme_info_new      (const char            *id,
                                           const char            *name,
                                           const char            *description,
                                           const char            *preview,
                                           const char            *uri);
CaturThemeInfo *catur_theme_info_load     (const char            *id,
                                           const char            *uri,
                                           const char            *domain,
                                           GError               **error);
CaturThemeInfo *catur_theme_info_copy     (const CaturThemeInfo  *info);
void            catur_theme_info_free     (CaturThemeInfo        *info);
char           *catur_theme_info_get_image_uri (const CaturThemeInfo *info,
                                           const char            *image);
GBytes         *catur_theme_info_load_image (const CaturThemeInfo *info,
                                           const char            *image,
                                           GError               **error);

GPtrArray      *catur_theme_list_folder   (const char            *uri,
                                           const char            *domain,
                                           gboolean               user);
CaturThemeInfo *catur_theme_list_find     (GPtrArray             *themes,
                                           const char            *id);
void            catur_theme_list_sort     (GPtrArray             *themes,
                                           const char            *default_id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturThemeInfo, catur_theme_info_free)

G_END_DECLS
