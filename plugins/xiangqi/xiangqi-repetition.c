/* xiangqi-repetition.c: Xiangqi's rules of repetition (RULES.md X17–X20) over the game's record
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "xiangqi"

#include "config.h"

#include "xiangqi-repetition.h"

/* What the rules say at one entry of the record; 0 is nothing (CaturRepetitionJudge). */
typedef enum
{
  VERDICT_NONE = 0,
  VERDICT_WARN_RED,      /* k = 2, only Red checked throughout (X18) */
  VERDICT_WARN_BLACK,
  VERDICT_LOSS_RED,      /* k >= 3, only Red checked throughout: Red loses (X19) */
  VERDICT_LOSS_BLACK,
  VERDICT_INFO,          /* k = 3, both or neither checked throughout (X20) */
} Verdict;

static inline CaturSide
seat_of (int side)
{
  return side == XQ_RED ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
}

static guint8
flags_of (const XqPosition *pos)
{
  return xq_in_check (pos, pos->side) ? CATUR_REPETITION_GAVE_CHECK : 0;
}

CaturRepetition *
xq_repetition_new (const XqPosition *start)
{
  g_return_val_if_fail (start != NULL, NULL);

  return catur_repetition_new (start->key, flags_of (start));
}

void
xq_repetition_push (CaturRepetition  *history,
                    const XqPosition *pos)
{
  g_return_if_fail (history != NULL);
  g_return_if_fail (pos != NULL);

  /* The side that moved is the one not to move now. */
  catur_repetition_push (history, pos->key, seat_of (pos->side ^ 1), flags_of (pos));
}

/* X17–X20 at entry @index, as if the game had stopped there. */
static guint
judge (const CaturRepetition *history,
       guint                  index,
       gpointer               user_data)
{
  guint k = catur_repetition_count (history, index);
  CaturSide checker;

  if (k < 2)
    return VERDICT_NONE;
  checker = catur_repetition_sole_checker (history, index);
  if (checker == CATUR_SIDE_FIRST)
    return k >= 3 ? VERDICT_LOSS_RED : VERDICT_WARN_RED;
  if (checker == CATUR_SIDE_SECOND)
    return k >= 3 ? VERDICT_LOSS_BLACK : VERDICT_WARN_BLACK;
  return k == 3 ? VERDICT_INFO : VERDICT_NONE;
}

void
xq_repetition_status (XqPosition            *pos,
                      const CaturRepetition *history,
                      XqStatus              *out)
{
  guint last;
  Verdict verdict;

  g_return_if_fail (pos != NULL);
  g_return_if_fail (out != NULL);

  xq_status (pos, out);
  /* RULES 0.3: no legal move comes before everything (X13). */
  if (history == NULL || out->result == XQ_WIN_NO_MOVES)
    return;

  last = catur_repetition_get_last (history);
  g_return_if_fail (catur_repetition_get_key (history, last) == pos->key);
  verdict = judge (history, last, NULL);

  /* Perpetual check comes before the automatic draw (X15) and the notices. */
  if (verdict == VERDICT_LOSS_RED || verdict == VERDICT_LOSS_BLACK)
    {
      out->result = XQ_WIN_PERPETUAL_CHECK;
      out->winner = verdict == VERDICT_LOSS_RED ? XQ_BLACK : XQ_RED;
      out->no_capture_info = FALSE;
      return;
    }
  if (out->result != XQ_ONGOING || verdict == VERDICT_NONE)
    return;

  if (!catur_repetition_first_in_episode (history, last, verdict, judge, NULL))
    return;
  if (verdict == VERDICT_INFO)
    out->repetition_info = TRUE;
  else
    {
      out->warn_perpetual = TRUE;
      out->warned_side = verdict == VERDICT_WARN_RED ? XQ_RED : XQ_BLACK;
    }
}
