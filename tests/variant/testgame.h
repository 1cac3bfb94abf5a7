/* testgame.h: for tests that play the test games (Sandbox, Sandbox Dark)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Call testgame_add_plugin_path() before the plugins are loaded (catur_plugins_load(), or
 * the application's startup): the test module joins the games of CATUR_PLUGIN_PATH. The
 * test's build defines CATUR_TEST_VARIANT_DIR (tests/variant/meson.build: testgame_c_args).
 */
#pragma once

#include <glib.h>

static inline void
testgame_add_plugin_path (void)
{
  const char *path = g_getenv ("CATUR_PLUGIN_PATH");
  g_autofree char *joined = path != NULL && *path != '\0'
    ? g_strjoin (G_SEARCHPATH_SEPARATOR_S, path, CATUR_TEST_VARIANT_DIR, NULL)
    : g_strdup (CATUR_TEST_VARIANT_DIR);

  g_setenv ("CATUR_PLUGIN_PATH", joined, TRUE);
}
