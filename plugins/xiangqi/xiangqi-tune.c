/* xiangqi-tune.c: Xiangqi's part of catur-tune-xiangqi, which fits xiangqi-eval.c's weights
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built only into the tuning program, beside a copy of xiangqi-eval.c compiled with
 * CATUR_TUNING (docs/tuning.md).
 */
#include "config.h"

#include "catur-tune.h"
#include "xiangqi-engine.h"

static gboolean
tune_parse (const char *text,
            gpointer    position)
{
  return xq_position_from_fen (position, text, NULL);
}

static gboolean
tune_quiet (gpointer position)
{
  XqPosition *pos = position;
  XqMove moves[128];
  int n;

  if (xq_in_check (pos, pos->side))
    return FALSE;
  n = xq_generate_captures (pos, moves);
  for (int i = 0; i < n; i++)
    if (xq_engine_see (pos, moves[i]) > 0)
      return FALSE;
  return TRUE;
}

/* The material and placement kept move by move in the game are counted afresh here, from the
 * tables as they stand. */
static int
tune_evaluate (gconstpointer position)
{
  const XqPosition *pos = position;
  XqEvalState state;
  int score;

  xq_eval_state_compute (pos, &state);
  score = xq_evaluate (pos, &state);
  return pos->side == XQ_RED ? score : -score;
}

const CaturTuneGame catur_tune_game = {
  .id = "xiangqi",
  .weights = xq_tune_weights,
  .position_size = sizeof (XqPosition),
  .parse = tune_parse,
  .quiet = tune_quiet,
  .evaluate = tune_evaluate,
  .changed = xq_eval_tune_changed,
};
