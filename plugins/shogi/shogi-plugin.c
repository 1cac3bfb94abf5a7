/* shogi-plugin.c: the GIO module entry points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <gio/gio.h>

#include "shogi-variant.h"

/* After Xiangqi (100) in the game menu. */
#define SHOGI_MENU_PRIORITY 70

G_MODULE_EXPORT void g_io_shogi_load   (GIOModule *module);
G_MODULE_EXPORT void g_io_shogi_unload (GIOModule *module);

G_MODULE_EXPORT void
g_io_shogi_load (GIOModule *module)
{
  shogi_variant_register (G_TYPE_MODULE (module));
  /* Types cannot be unregistered, so the module must never be unloaded. */
  g_type_module_use (G_TYPE_MODULE (module));
  g_io_extension_point_implement (CATUR_VARIANT_EXTENSION_POINT,
                                  SHOGI_TYPE_VARIANT, "shogi",
                                  SHOGI_MENU_PRIORITY);
}

G_MODULE_EXPORT void
g_io_shogi_unload (GIOModule *module)
{
}
