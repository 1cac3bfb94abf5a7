/* shogi-record.h: Shogi's game files: SFEN, KIF, KI2 and CSA (RULES.md S2, S15, S16)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "shogi-core.h"

G_BEGIN_DECLS

const CaturRecordFormat *sg_record_list_formats (guint         *n_formats);
CaturRecord *sg_record_read                     (CaturVariant  *variant,
                                                 const char    *format_id,
                                                 const char    *data,
                                                 gsize          length,
                                                 GError       **error);
/* How much a file looks like a Shogi record in that format: KIF's headers, CSA's version line,
 * their moves' shape (score_record()). */
guint        sg_record_score                    (CaturVariant  *variant,
                                                 const char    *format_id,
                                                 const char    *data,
                                                 gsize          length);
char        *sg_record_write                    (const char    *format_id,
                                                 CaturRecord   *record,
                                                 GError       **error);

G_END_DECLS
