/* banqi-plugin.c: the GIO module entry points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "banqi"

#include "config.h"

#include <gio/gio.h>

#include "banqi-variant.h"

/* Banqi comes after Xiangqi in the game menu. */
#define BANQI_MENU_PRIORITY 90

G_MODULE_EXPORT void g_io_banqi_load   (GIOModule *module);
G_MODULE_EXPORT void g_io_banqi_unload (GIOModule *module);

G_MODULE_EXPORT void
g_io_banqi_load (GIOModule *module)
{
  banqi_variant_register (G_TYPE_MODULE (module));
  /* Types cannot be unregistered, so the module must never be unloaded. */
  g_type_module_use (G_TYPE_MODULE (module));
  g_io_extension_point_implement (CATUR_VARIANT_EXTENSION_POINT,
                                  BANQI_TYPE_VARIANT, "banqi",
                                  BANQI_MENU_PRIORITY);
}

G_MODULE_EXPORT void
g_io_banqi_unload (GIOModule *module)
{
}
