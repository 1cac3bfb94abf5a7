/* chess-plugin.c: the GIO module entry points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "chess"

#include "config.h"

#include <gio/gio.h>

#include "chess-variant.h"

/* Chess comes after Xiangqi in the game menu. */
#define CHESS_MENU_PRIORITY 90

G_MODULE_EXPORT void g_io_chess_load   (GIOModule *module);
G_MODULE_EXPORT void g_io_chess_unload (GIOModule *module);

G_MODULE_EXPORT void
g_io_chess_load (GIOModule *module)
{
  chess_variant_register (G_TYPE_MODULE (module));
  /* Types cannot be unregistered, so the module must never be unloaded. */
  g_type_module_use (G_TYPE_MODULE (module));
  g_io_extension_point_implement (CATUR_VARIANT_EXTENSION_POINT,
                                  CHESS_TYPE_VARIANT, "chess",
                                  CHESS_MENU_PRIORITY);
}

G_MODULE_EXPORT void
g_io_chess_unload (GIOModule *module)
{
}
