/* xiangqi-status.c: the outcome of the position alone (RULES.md 0.3, X13, X15, X16, X22)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules of repetition (X17–X20) need the positions before this one, which the game keeps
 * and the plugin judges (xiangqi-repetition.c); this file knows the position only.
 */

#include "xiangqi-core.h"

#define NO_CAPTURE_INFO_PLIES 120
#define MOVE_LIMIT_PLIES 400

static void
name_mate (const XqPosition *pos, XqStatus *out)
{
  int checkers[XQ_MAX_CHECKERS];
  int loser = pos->side, winner = loser ^ 1;
  int n = xq_checkers (pos, loser, checkers);
  int side, kind;

  out->mate = XQ_MATE_NONE;
  out->mate_piece = XQ_NONE;
  if (n == 0)
    return;
  if (n >= 2)
    {
      out->mate = XQ_MATE_DOUBLE_CHECK;
      return;
    }

  kind = xq_piece_at (pos, checkers[0], NULL);
  out->mate = XQ_MATE_BY_PIECE;
  out->mate_piece = kind;
  if (kind == XQ_CANNON)
    {
      int king = pos->king[loser], from = checkers[0], step, sq;

      if (king / XQ_FILES == from / XQ_FILES)
        step = king > from ? 1 : -1;
      else
        step = king > from ? XQ_FILES : -XQ_FILES;
      for (sq = from + step; sq != king; sq += step)
        {
          int screen = xq_piece_at (pos, sq, &side);

          if (screen == XQ_NONE)
            continue;
          if (side == winner && screen == XQ_CANNON)
            out->mate = XQ_MATE_DOUBLE_CANNON;
          else if (side == winner && screen == XQ_HORSE)
            out->mate = XQ_MATE_HORSE_CANNON;
          break;
        }
    }
}

void
xq_status (XqPosition *pos, XqStatus *out)
{
  XqMove moves[XQ_MAX_MOVES];

  g_return_if_fail (pos != NULL);
  g_return_if_fail (out != NULL);

  out->result = XQ_ONGOING;
  out->winner = -1;
  out->mate = XQ_MATE_NONE;
  out->mate_piece = XQ_NONE;
  out->warn_perpetual = FALSE;
  out->warned_side = -1;
  out->repetition_info = FALSE;
  out->no_capture_info = FALSE;

  /* RULES 0.3: no legal move first (X13), then the move limit, then the notices, which a
   * finished game does not need. Perpetual check, which comes between the first two, is
   * xq_repetition_status()'s. */
  if (xq_legal_moves (pos, moves) == 0)
    {
      out->result = XQ_WIN_NO_MOVES;
      out->winner = pos->side ^ 1;
      name_mate (pos, out);
      return;
    }

  if (pos->plies >= MOVE_LIMIT_PLIES)
    {
      out->result = XQ_DRAW_MOVE_LIMIT;
      return;
    }

  out->no_capture_info = pos->halfmove == NO_CAPTURE_INFO_PLIES;
}
