/* banqi-pgn.h: Banqi game records in PGN
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "banqi-core.h"

G_BEGIN_DECLS

/* No game of Banqi comes near this: 32 flips, 31 captures and the quiet runs between. */
#define BQ_PGN_MAX_PLIES 5000

const CaturPgnDialect *bq_pgn_get_dialect (void);
CaturRecord           *bq_pgn_read        (CaturVariant  *variant,
                                           const char    *data,
                                           gsize          length,
                                           GError       **error);
/* Every game of the file that reads, in its order; NULL with the first game's error when none
 * does. */
GPtrArray             *bq_pgn_read_games  (CaturVariant  *variant,
                                           const char    *data,
                                           gsize          length,
                                           GError       **error);
char                  *bq_pgn_write       (CaturRecord   *record);

G_END_DECLS
