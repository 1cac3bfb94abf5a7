/* fuzz-common.c: the start of every libFuzzer target: the plugin of this build
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "fuzz-common.h"

static CaturVariant *xiangqi;
static CaturVariant *chess;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_setenv ("CATUR_PLUGIN_PATH", FUZZ_PLUGIN_PATH, FALSE);
  catur_plugins_load ();
  xiangqi = catur_plugins_find_variant ("xiangqi");
  if (xiangqi == NULL)
    finding ("the Xiangqi plugin is not on CATUR_PLUGIN_PATH (%s)", g_getenv ("CATUR_PLUGIN_PATH"));
  /* Only the chess targets need it, and a build may leave chess out. */
  chess = catur_plugins_find_variant ("chess");
  return 0;
}

CaturVariant *
fuzz_xiangqi (void)
{
  return xiangqi;
}

CaturVariant *
fuzz_chess (void)
{
  if (chess == NULL)
    finding ("the chess plugin is not on CATUR_PLUGIN_PATH (%s)", g_getenv ("CATUR_PLUGIN_PATH"));
  return chess;
}
