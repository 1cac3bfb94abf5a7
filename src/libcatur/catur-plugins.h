/* catur-plugins.h: finding and loading the game plugins
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib.h>

#include "catur-variant.h"

G_BEGIN_DECLS

/**
 * CaturPluginFailure:
 * @name: the plugin file's name (`libxiangqi.so`)
 * @path: its full path
 * @message: why it could not be loaded, in the user's language
 */
typedef struct
{
  char *name;
  char *path;
  char *message;
} CaturPluginFailure;

void          catur_plugins_load         (void);
GPtrArray    *catur_plugins_get_variants (void);
CaturVariant *catur_plugins_find_variant (const char *id);
GPtrArray    *catur_plugins_get_failures (void);
char        **catur_plugins_get_search_path (void);

G_END_DECLS
