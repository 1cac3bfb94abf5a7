/* xiangqi-xqf.h: XQF, the binary game files of XQStudio collections (read only)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

G_BEGIN_DECLS

/* The main line of an XQF file (any version of XQStudio's, enciphered or not) of @variant
 * (Xiangqi). Errors are CATUR_RECORD_ERROR and say what is wrong: not an XQF file, cut short,
 * a start that is no position, a move that names no point or is not legal. */
CaturRecord *xq_xqf_read  (CaturVariant  *variant,
                           const char    *data,
                           gsize          length,
                           GError       **error);
/* Whether the bytes begin as an XQF file does. */
guint        xq_xqf_score (const char    *data,
                           gsize          length);

G_END_DECLS
