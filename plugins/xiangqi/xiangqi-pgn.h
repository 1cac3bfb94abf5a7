/* xiangqi-pgn.h: Xiangqi game records (PGN as xqbase and other databases write it) and
 * Chinese move notation (RULES.md X28–X29)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The records are libcatur's PGN (catur-pgn.h) in Xiangqi's dialect; the Chinese notation is
 * plain C over the rules core.
 */
#pragma once

#include <catur.h>

#include "xiangqi-core.h"

G_BEGIN_DECLS

/* A record of more plies than this is refused: the rules end every game at 400 (X15). */
#define XQ_PGN_MAX_PLIES 1000

/* Bytes of the longest Chinese move xq_move_to_chinese() writes, with its NUL. */
#define XQ_CHINESE_MOVE_SIZE 16

typedef enum
{
  XQ_PGN_WXF,          /* strict WXF, `C2.5` (RULES X25–X27) */
  XQ_PGN_ICCS,         /* `H2-E2` */
  XQ_PGN_CHINESE,      /* 炮二平五 (X28) */
} XqPgnNotation;

/* Xiangqi's PGN (X29): the `Game "Chinese Chess"` tag first, then Event, Site, Date, Round,
 * Red, Black and Result; a `Format` tag naming the notation, which the reader does not need:
 * it reads moves in WXF (product or strict form), ICCS (`H2-E2` or `h2e2`) or Chinese, each as
 * it comes. Files may be UTF-8 or GBK (GB18030). Its moves are written with the notation
 * given to catur_pgn_write() as user data (GINT_TO_POINTER of an XqPgnNotation).
 * A function, not a global: the rules core is linked into the plugin and into the programs
 * that test it, and a global of the same name in both is one definition too many. */
const CaturPgnDialect *xq_pgn_get_dialect (void);

/* The first game of a PGN file of @variant (Xiangqi) given as raw bytes. Errors are
 * CATUR_RECORD_ERROR, naming the line. */
CaturRecord *xq_pgn_read        (CaturVariant  *variant,
                                 const char    *data,
                                 gsize          length,
                                 GError       **error);
/* Every game of a PGN file that reads, in file order; the first game's error when none does. */
GPtrArray   *xq_pgn_read_games  (CaturVariant  *variant,
                                 const char    *data,
                                 gsize          length,
                                 GError       **error);
/* Writes a record of legal Xiangqi moves as UTF-8 PGN, with the tags of RULES X29. */
char        *xq_pgn_write       (CaturRecord   *record,
                                 XqPgnNotation  notation);

/* Chinese notation (X28): Red writes 一…九, Black １…９. */
void       xq_move_to_chinese   (const XqPosition *pos, XqMove move, char *buf);
/* Reads simplified or traditional characters and any digits for either side; a file number
 * where a front/rear mark belongs is forgiven when one legal move fits. */
gboolean   xq_move_from_chinese (XqPosition *pos, const char *text, XqMove *move);

G_END_DECLS
