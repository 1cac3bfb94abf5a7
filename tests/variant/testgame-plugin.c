/* testgame-plugin.c: the GIO module of the test games, libtestgame.so
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One module may bring several games: each is a type of its own implementing CaturVariant,
 * registered on the extension point under its id. These come after the real games in the
 * game menu. The module is built for the tests only: they find it through CATUR_PLUGIN_PATH
 * (tests/variant/testgame.h), and it is never installed.
 */
#define G_LOG_DOMAIN "testgame"

#include "config.h"

#include <gio/gio.h>

#include "testgame-dark.h"
#include "testgame-sandbox.h"

G_MODULE_EXPORT void g_io_testgame_load   (GIOModule *module);
G_MODULE_EXPORT void g_io_testgame_unload (GIOModule *module);

G_MODULE_EXPORT void
g_io_testgame_load (GIOModule *module)
{
  testgame_sandbox_register (G_TYPE_MODULE (module));
  testgame_dark_register (G_TYPE_MODULE (module));
  /* Types cannot be unregistered, so the module must never be unloaded. */
  g_type_module_use (G_TYPE_MODULE (module));
  g_io_extension_point_implement (CATUR_VARIANT_EXTENSION_POINT, TESTGAME_TYPE_SANDBOX,
                                  "sandbox", 20);
  g_io_extension_point_implement (CATUR_VARIANT_EXTENSION_POINT, TESTGAME_TYPE_DARK,
                                  "sandbox-dark", 10);
}

G_MODULE_EXPORT void
g_io_testgame_unload (GIOModule *module)
{
}
