/* banqi-engine.h: the computer player of Banqi (RULES.md B13–B15)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "banqi-core.h"

G_BEGIN_DECLS

/* Master never thinks longer than this a move, unless told a time of its own. */
#define BQ_ENGINE_MASTER_MOVETIME 1000

gboolean bq_engine_think      (const BqPosition        *observation,
                               const CaturSearchLimits *limits,
                               CaturSearchInfoFunc      info_func,
                               gpointer                 info_data,
                               GCancellable            *cancellable,
                               CaturSearchResult       *result);
int      bq_engine_evaluate   (const BqPosition        *observation);
gboolean bq_engine_can_win    (const BqPosition        *observation,
                               int                      colour);
guint64  bq_engine_key        (const BqPosition        *observation);
int      bq_engine_rank_value (BqRank                   rank);

G_END_DECLS
