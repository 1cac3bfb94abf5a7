/* xiangqi-status.c: the outcome of the last ply (RULES.md 0.3–0.4, X13, X15–X22)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything is worked out again from the position and its key record on each call, so the
 * answer never depends on who asked before. That includes "shown once per episode" (RULES
 * 0.4): an episode starts at the last ply that produced a position seen for the first time;
 * a warning or info is reported on the current ply only if no earlier ply of the same episode
 * already met the condition for that same notice (the first ply that met it showed it).
 */

#include "xiangqi-core.h"

#define NO_CAPTURE_INFO_PLIES 120
#define MOVE_LIMIT_PLIES 400

typedef enum
{
  NOTICE_NONE = 0,
  NOTICE_WARN_RED,       /* k = 2, only Red checked throughout */
  NOTICE_WARN_BLACK,
  NOTICE_LOSS_RED,       /* k >= 3, only Red checked throughout: Red loses */
  NOTICE_LOSS_BLACK,
  NOTICE_INFO,           /* k = 3, both or neither checked throughout */
} Notice;

/* The repetition rules applied to the position after ply `j` of the record; *occurrences is
 * set to k, the times its key was recorded up to then. */
static Notice
repetition_at (const XqPosition *pos, int j, int *occurrences)
{
  int last = pos->history_len - 1;
  gboolean checked[2] = { TRUE, TRUE };
  int first = -1, k = 0, i, checker;

  for (i = 0; i <= j; i++)
    if (pos->history[i] == pos->history[j])
      {
        if (first < 0)
          first = i;
        k++;
      }
  *occurrences = k;
  if (k < 2)
    return NOTICE_NONE;

  /* Ply i was played by the side to move after ply i - 1; the side to move now is known. */
  for (i = first + 1; i <= j; i++)
    {
      int player = pos->side ^ ((last - i + 1) & 1);

      if (!pos->gave_check[i])
        checked[player] = FALSE;
    }

  if (checked[XQ_RED] != checked[XQ_BLACK])
    {
      checker = checked[XQ_RED] ? XQ_RED : XQ_BLACK;
      if (k >= 3)
        return checker == XQ_RED ? NOTICE_LOSS_RED : NOTICE_LOSS_BLACK;
      return checker == XQ_RED ? NOTICE_WARN_RED : NOTICE_WARN_BLACK;
    }
  return k == 3 ? NOTICE_INFO : NOTICE_NONE;
}

/* Whether the notice of the last ply was already met earlier in its episode. */
static gboolean
shown_in_episode (const XqPosition *pos, Notice notice)
{
  int j;

  for (j = pos->history_len - 2; j > 0; j--)
    {
      int k;
      Notice earlier = repetition_at (pos, j, &k);

      if (k == 1)
        break;
      if (earlier == notice)
        return TRUE;
    }
  return FALSE;
}

/* The record is only good for the rules while it ends with the current position and has every
 * ply of the game (xq_play() stops recording when history[] is full). */
static gboolean
record_is_current (const XqPosition *pos)
{
  return pos->history_len >= 1 && pos->history_len <= XQ_MAX_HISTORY
         && pos->history_len == pos->plies + 1
         && pos->history[pos->history_len - 1] == pos->key;
}

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
  Notice notice = NOTICE_NONE;
  int k = 0;

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

  /* RULES 0.3: no legal move first (X13), then perpetual check, then the move limit, then the
   * notices, which a finished game does not need. */
  if (xq_legal_moves (pos, moves) == 0)
    {
      out->result = XQ_WIN_NO_MOVES;
      out->winner = pos->side ^ 1;
      name_mate (pos, out);
      return;
    }

  if (record_is_current (pos))
    notice = repetition_at (pos, pos->history_len - 1, &k);
  if (notice == NOTICE_LOSS_RED || notice == NOTICE_LOSS_BLACK)
    {
      out->result = XQ_WIN_PERPETUAL_CHECK;
      out->winner = notice == NOTICE_LOSS_RED ? XQ_BLACK : XQ_RED;
      return;
    }

  if (pos->plies >= MOVE_LIMIT_PLIES)
    {
      out->result = XQ_DRAW_MOVE_LIMIT;
      return;
    }

  if (notice != NOTICE_NONE && !shown_in_episode (pos, notice))
    {
      if (notice == NOTICE_INFO)
        out->repetition_info = TRUE;
      else
        {
          out->warn_perpetual = TRUE;
          out->warned_side = notice == NOTICE_WARN_RED ? XQ_RED : XQ_BLACK;
        }
    }
  out->no_capture_info = pos->halfmove == NO_CAPTURE_INFO_PLIES;
}
