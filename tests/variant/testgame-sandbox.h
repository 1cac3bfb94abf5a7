/* testgame-sandbox.h: Sandbox, a small chess with hands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

G_BEGIN_DECLS

#define TESTGAME_TYPE_SANDBOX (testgame_sandbox_get_type ())
G_DECLARE_FINAL_TYPE (TestgameSandbox, testgame_sandbox, TESTGAME, SANDBOX, GObject)

void testgame_sandbox_register (GTypeModule *module);

G_END_DECLS
