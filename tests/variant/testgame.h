/* testgame.h: for tests that play the test games (Sandbox, Sandbox Dark)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Call testgame_add_plugin_path() before the plugins are loaded (catur_plugins_load(), or
 * the application's startup): the test module joins the games of CATUR_PLUGIN_PATH. The
 * test's build defines CATUR_TEST_VARIANT_DIR (tests/variant/meson.build: testgame_c_args).
 */
#pragma once

#include <catur.h>

static inline void
testgame_add_plugin_path (void)
{
  const char *path = g_getenv ("CATUR_PLUGIN_PATH");
  g_autofree char *joined = path != NULL && *path != '\0'
    ? g_strjoin (G_SEARCHPATH_SEPARATOR_S, path, CATUR_TEST_VARIANT_DIR, NULL)
    : g_strdup (CATUR_TEST_VARIANT_DIR);

  g_setenv ("CATUR_PLUGIN_PATH", joined, TRUE);
}

/* The loaded test game @id (`sandbox`, `sandbox-dark`); the test fails when it is missing. */
static inline CaturVariant *
testgame_variant (const char *id)
{
  CaturVariant *variant = catur_plugins_find_variant (id);

  g_assert_nonnull (variant);
  return variant;
}

/* The square of game @id named @name (`e2`). */
static inline CaturSquare
testgame_square (const char *id,
                 const char *name)
{
  CaturVariant *variant = testgame_variant (id);
  CaturGeometry geometry;

  catur_variant_get_geometry (variant, &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      char text[8];

      catur_variant_square_name (variant, square, text);
      if (g_str_equal (text, name))
        return square;
    }
  g_assert_not_reached ();
}

#define SANDBOX(name) testgame_square ("sandbox", name)
#define DARK(name) testgame_square ("sandbox-dark", name)
