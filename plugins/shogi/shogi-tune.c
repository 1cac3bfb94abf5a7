/* shogi-tune.c: Shogi's part of catur-tune-shogi, which fits shogi-eval.c's weights
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built only into the tuning program, beside a copy of shogi-eval.c compiled with CATUR_TUNING
 * (docs/tuning.md).
 */
#include "config.h"

#include "catur-tune.h"
#include "shogi-engine.h"

static gboolean
tune_parse (const char *text,
            gpointer    position)
{
  return sg_position_from_sfen (position, text, NULL);
}

/* A drop takes nothing, so only the board's captures can win material at once. */
static gboolean
tune_quiet (gpointer position)
{
  SgPosition *pos = position;
  g_autofree SgMove *moves = g_new (SgMove, SG_MAX_PSEUDO_MOVES);
  int n;

  if (sg_in_check (pos, pos->side))
    return FALSE;
  n = sg_pseudo_moves (pos, moves);
  for (int i = 0; i < n; i++)
    if (moves[i].from != SG_DROP_FROM && pos->cell[moves[i].to] != 0
        && sg_engine_see (pos, moves[i]) > 0)
      return FALSE;
  return TRUE;
}

static int
tune_evaluate (gconstpointer position)
{
  const SgPosition *pos = position;
  int score = sg_evaluate (pos);

  return pos->side == SG_SENTE ? score : -score;
}

const CaturTuneGame catur_tune_game = {
  .id = "shogi",
  .weights = sg_tune_weights,
  .position_size = sizeof (SgPosition),
  .parse = tune_parse,
  .quiet = tune_quiet,
  .evaluate = tune_evaluate,
  .changed = sg_eval_tune_changed,
};
