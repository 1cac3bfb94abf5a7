/* testgame-dark.h: Sandbox Dark, a small game of face-down pieces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

G_BEGIN_DECLS

#define TESTGAME_TYPE_DARK (testgame_dark_get_type ())
G_DECLARE_FINAL_TYPE (TestgameDark, testgame_dark, TESTGAME, DARK, GObject)

void testgame_dark_register (GTypeModule *module);

G_END_DECLS
