/* chess-tune.c: chess's part of catur-tune-chess, which fits chess-eval.c's weights
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built only into the tuning program, beside a copy of chess-eval.c compiled with CATUR_TUNING
 * (docs/tuning.md).
 */
#include "config.h"

#include "catur-tune.h"
#include "chess-engine.h"

static gboolean
tune_parse (const char *text,
            gpointer    position)
{
  return ch_position_from_fen (position, text, NULL);
}

static gboolean
tune_quiet (gpointer position)
{
  ChessPosition *pos = position;
  ChessMove moves[256];
  int n;

  if (ch_in_check (pos))
    return FALSE;
  n = ch_generate_captures (pos, moves);
  for (int i = 0; i < n; i++)
    if (ch_engine_see (pos, moves[i]) > 0)
      return FALSE;
  return TRUE;
}

static int
tune_evaluate (gconstpointer position)
{
  const ChessPosition *pos = position;
  int score = ch_evaluate (pos);

  return pos->side == CH_WHITE ? score : -score;
}

const CaturTuneGame catur_tune_game = {
  .id = "chess",
  .weights = ch_tune_weights,
  .position_size = sizeof (ChessPosition),
  .parse = tune_parse,
  .quiet = tune_quiet,
  .evaluate = tune_evaluate,
  .changed = ch_eval_tune_changed,
};
