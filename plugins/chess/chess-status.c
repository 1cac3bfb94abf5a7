/* chess-status.c: how a game ends, as far as the position alone tells (RULES.md C2, C4, C5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Threefold repetition (C3) needs the positions before this one, which the game keeps: the
 * plugin adds it from libcatur's record of positions, over ch_repetition_key().
 */

#include "chess-core.h"

gboolean
ch_insufficient_material (const ChessPosition *pos)
{
  static const guint64 light_squares = G_GUINT64_CONSTANT (0x55aa55aa55aa55aa);
  guint64 minors = pos->by_kind[CH_KNIGHT] | pos->by_kind[CH_BISHOP];
  int white = ch_pop_count (minors & pos->by_side[CH_WHITE]);
  int black = ch_pop_count (minors & pos->by_side[CH_BLACK]);
  guint64 bishops = pos->by_kind[CH_BISHOP];

  if (pos->by_kind[CH_PAWN] | pos->by_kind[CH_ROOK] | pos->by_kind[CH_QUEEN])
    return FALSE;
  /* K v K, K+N v K, K+B v K */
  if (white + black <= 1)
    return TRUE;
  /* K+B v K+B with both bishops on squares of one colour */
  if (white == 1 && black == 1 && ch_pop_count (bishops) == 2)
    return (bishops & light_squares) == 0 || (bishops & ~light_squares) == 0;
  return FALSE;
}

ChessResult
ch_status (ChessPosition *pos)
{
  ChessMove moves[CH_MAX_MOVES];

  /* First hit wins (RULES 0.3): a mate on the hundredth ply is a mate. */
  if (ch_legal_moves (pos, moves) == 0)
    return ch_in_check (pos) ? CH_CHECKMATE : CH_STALEMATE;
  if (pos->halfmove >= 100)
    return CH_FIFTY_MOVE;
  if (ch_insufficient_material (pos))
    return CH_INSUFFICIENT_MATERIAL;
  return CH_ONGOING;
}
