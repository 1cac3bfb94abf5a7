/* xiangqi-plugin.c: the GIO module entry points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "xiangqi"

#include "config.h"

#include <gio/gio.h>

#include "xiangqi-variant.h"

/* Xiangqi comes first in the game menu. */
#define XIANGQI_MENU_PRIORITY 100

G_MODULE_EXPORT void g_io_xiangqi_load   (GIOModule *module);
G_MODULE_EXPORT void g_io_xiangqi_unload (GIOModule *module);

G_MODULE_EXPORT void
g_io_xiangqi_load (GIOModule *module)
{
  xiangqi_variant_register (G_TYPE_MODULE (module));
  /* Types cannot be unregistered, so the module must never be unloaded. */
  g_type_module_use (G_TYPE_MODULE (module));
  g_io_extension_point_implement (CATUR_VARIANT_EXTENSION_POINT,
                                  XIANGQI_TYPE_VARIANT, "xiangqi",
                                  XIANGQI_MENU_PRIORITY);
}

G_MODULE_EXPORT void
g_io_xiangqi_unload (GIOModule *module)
{
}
