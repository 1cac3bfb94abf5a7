/* shogi-repetition.c: sennichite (RULES.md S10) over the game's record of positions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include "shogi-repetition.h"

/* The fourth occurrence of board + hands + side to move ends the game. */
#define SENNICHITE_COUNT 4

static inline CaturSide
seat_of (int side)
{
  return side == SG_SENTE ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
}

static guint8
flags_of (const SgPosition *pos)
{
  return sg_in_check (pos, pos->side) ? CATUR_REPETITION_GAVE_CHECK : 0;
}

CaturRepetition *
sg_repetition_new (const SgPosition *start)
{
  g_return_val_if_fail (start != NULL, NULL);

  return catur_repetition_new (start->key, flags_of (start));
}

void
sg_repetition_push (CaturRepetition  *history,
                    const SgPosition *pos)
{
  g_return_if_fail (history != NULL);
  g_return_if_fail (pos != NULL);

  /* The side that moved is the one not to move now. */
  catur_repetition_push (history, pos->key, seat_of (pos->side ^ 1), flags_of (pos));
}

/* What the rules say at entry @index of the record, as if the game had stopped there; 0 is
 * nothing (CaturRepetitionJudge). */
typedef enum
{
  VERDICT_NONE = 0,
  VERDICT_WARN_SENTE,    /* third occurrence, only Sente checked throughout */
  VERDICT_WARN_GOTE,
  VERDICT_INFO,          /* third occurrence, both or neither checked throughout */
} Verdict;

static guint
judge (const CaturRepetition *history,
       guint                  index,
       gpointer               user_data)
{
  CaturSide checker;

  if (catur_repetition_count (history, index) != SENNICHITE_COUNT - 1)
    return VERDICT_NONE;
  checker = catur_repetition_sole_checker (history, index);
  if (checker == CATUR_SIDE_FIRST)
    return VERDICT_WARN_SENTE;
  if (checker == CATUR_SIDE_SECOND)
    return VERDICT_WARN_GOTE;
  return VERDICT_INFO;
}

void
sg_repetition_status (SgPosition            *pos,
                      const CaturRepetition *history,
                      SgGameStatus          *out)
{
  SgStatus status;

  g_return_if_fail (pos != NULL);
  g_return_if_fail (out != NULL);

  out->end = SG_END_NONE;
  out->winner = -1;
  out->mate = FALSE;
  out->warn_perpetual = FALSE;
  out->warned_side = -1;
  out->repetition_info = FALSE;

  sg_status (pos, &status);
  if (status.result == SG_WIN_NO_MOVES)
    {
      out->end = SG_END_NO_MOVES;
      out->winner = status.winner;
      out->mate = status.mate;
      return;
    }

  if (history != NULL)
    {
      guint last = catur_repetition_get_last (history);

      g_return_if_fail (catur_repetition_get_key (history, last) == pos->key);
      if (catur_repetition_count (history, last) >= SENNICHITE_COUNT)
        {
          CaturSide checker = catur_repetition_sole_checker (history, last);

          if (checker == CATUR_SIDE_NONE)
            out->end = SG_END_REPETITION;
          else
            {
              out->end = SG_END_PERPETUAL_CHECK;
              out->winner = checker == CATUR_SIDE_FIRST ? SG_GOTE : SG_SENTE;
            }
          return;
        }
    }

  if (status.result == SG_DRAW_MOVE_LIMIT)
    {
      out->end = SG_END_MOVE_LIMIT;
      return;
    }

  if (history != NULL)
    {
      guint last = catur_repetition_get_last (history);
      Verdict verdict = judge (history, last, NULL);

      if (verdict == VERDICT_NONE
          || !catur_repetition_first_in_episode (history, last, verdict, judge, NULL))
        return;
      if (verdict == VERDICT_INFO)
        out->repetition_info = TRUE;
      else
        {
          out->warn_perpetual = TRUE;
          out->warned_side = verdict == VERDICT_WARN_SENTE ? SG_SENTE : SG_GOTE;
        }
    }
}
