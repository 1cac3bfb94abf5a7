/* chess-status.c: how a game ends, as far as the position alone tells (RULES.md C2, C4, C5)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Threefold repetition (C3) needs the positions before this one, which the game keeps: the
 * plugin adds it from libcatur's record of positions, over ch_repetition_key().
 */

#include "chess-core.h"

/* b1, d1 … a2, c2 …: the light squares (a1 is dark). */
static const guint64 light_squares = G_GUINT64_CONSTANT (0x55aa55aa55aa55aa);

gboolean
ch_insufficient_material (const ChessPosition *pos)
{
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

gboolean
ch_has_mating_material (const ChessPosition *pos,
                        int                  side)
{
  guint64 own = pos->by_side[side];
  guint64 other = pos->by_side[side ^ 1];
  guint64 knights = own & pos->by_kind[CH_KNIGHT];
  guint64 bishops = own & pos->by_kind[CH_BISHOP];
  guint64 shade;

  if (own & (pos->by_kind[CH_PAWN] | pos->by_kind[CH_ROOK] | pos->by_kind[CH_QUEEN]))
    return TRUE;
  if (knights == 0 && bishops == 0)
    return FALSE;
  /* One Knight mates with the help of a piece hemming the King in: any piece will do. */
  if (bishops == 0 && ch_pop_count (knights) == 1)
    return ch_pop_count (other) > 1;
  if (knights != 0)
    return TRUE;
  /* Bishops of one shade check only on that shade, and the King in check then has neighbours
   * of the other shade that the other King cannot all cover: a piece of its own side must
   * stand on one, so one that can stand on that shade. */
  shade = (bishops & light_squares) == bishops ? light_squares
          : (bishops & ~light_squares) == bishops ? ~light_squares : 0;
  if (shade == 0)
    return TRUE;
  return (other & ~pos->by_kind[CH_KING] & ~(pos->by_kind[CH_BISHOP] & shade)) != 0;
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
