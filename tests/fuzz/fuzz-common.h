/* fuzz-common.h: what the libFuzzer targets share: how they report a finding, and the
 * Xiangqi plugin they read through (fuzz-common.c, linked into each)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <catur.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A broken promise: abort, which libFuzzer catches and saves the input for (g_error()'s
 * breakpoint trap it does not). */
#define finding(...) \
  G_STMT_START { g_printerr (__VA_ARGS__); g_printerr ("\n"); abort (); } G_STMT_END

/* The Xiangqi variant of this build's plugin (unless the caller points CATUR_PLUGIN_PATH
 * elsewhere), which LLVMFuzzerInitialize() loads. */
CaturVariant *fuzz_xiangqi (void);
/* The chess variant likewise, for the chess targets. */
CaturVariant *fuzz_chess (void);
