/* chess-pgn.h: chess game records in PGN (RULES.md C8)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The records are libcatur's PGN (catur-pgn.h) in chess's dialect: the Seven Tag Roster,
 * SetUp and FEN for other starts, moves read in SAN or UCI coordinates and written in SAN.
 */
#pragma once

#include <catur.h>

#include "chess-core.h"

G_BEGIN_DECLS

/* A record of more plies than this is refused as no real game. */
#define CH_PGN_MAX_PLIES 4000

/* A function, not a global: the core is linked into the plugin and into its tests. */
const CaturPgnDialect *ch_pgn_get_dialect (void);

/* The first game of a PGN file of @variant (chess) given as raw bytes (UTF-8 or Latin-1).
 * Errors are CATUR_RECORD_ERROR, naming the line. */
CaturRecord *ch_pgn_read  (CaturVariant  *variant,
                           const char    *data,
                           gsize          length,
                           GError       **error);
/* Every game of a PGN database that reads, in file order; NULL with the first game's error
 * when none does. */
GPtrArray   *ch_pgn_read_games (CaturVariant *variant,
                                const char   *data,
                                gsize         length,
                                GError      **error);
/* Writes a record of legal chess moves as UTF-8 PGN in SAN. */
char        *ch_pgn_write (CaturRecord   *record);

/* The contract's move for a core move, and back: castling carries CATUR_MOVE_CASTLE and the
 * king's target, a promotion CATUR_MOVE_PROMOTE and the kind. */
CaturMove    ch_to_catur_move   (ChessMove move);
/* The legal move of @pos that @move names, or CH_MOVE_NONE. */
ChessMove    ch_from_catur_move (ChessPosition *pos, const CaturMove *move);

G_END_DECLS
