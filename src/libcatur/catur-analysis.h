/* catur-analysis.h: the coach goes over a whole game, ply by ply
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An analysis is made from a game as it stands (a finished game, one in progress, a record
 * opened from a file): it copies the positions and moves, so that the game may go on
 * meanwhile, and judges each ply with the coach's judge (catur-judge.h) in a worker thread,
 * one ply after another, within a budget of nodes that gives the same verdicts at any load.
 * Against the computer only the human's plies are judged.
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-game.h"
#include "catur-judge.h"

G_BEGIN_DECLS

/**
 * CaturAnalysisBudget:
 * @CATUR_ANALYSIS_QUICK: a few tens of thousands of nodes a search: a game in seconds
 * @CATUR_ANALYSIS_THOROUGH: ten times as many: deeper lines, a game in minutes
 *
 * How hard the judge looks at each ply. Ids (the GSettings key `analysis-budget`):
 * `quick`, `thorough`.
 */
typedef enum
{
  CATUR_ANALYSIS_QUICK,
  CATUR_ANALYSIS_THOROUGH,
} CaturAnalysisBudget;

/**
 * CaturAnalysisMistake:
 * @ply: the ply (1 for the first) of the game
 * @side: the side that played it
 * @position: the position before it, as the game stood (a referee's position in a game with
 *   hidden pieces: observe it before showing or searching it)
 * @move: the move played
 * @best: the move the engine preferred
 * @judge_class: %CATUR_JUDGE_MISTAKE or %CATUR_JUDGE_BLUNDER
 * @reason: why
 * @sentence: the coach's words on it
 *
 * A mistake or a blunder found by an analysis (catur_analysis_list_mistakes()): what a drill
 * needs to set the position up again. Freed with catur_analysis_mistake_free().
 */
typedef struct
{
  guint ply;
  CaturSide side;
  CaturPosition *position;
  CaturMove move;
  CaturMove best;
  CaturJudgeClass judge_class;
  CaturJudgeReason reason;
  char *sentence;
} CaturAnalysisMistake;

void catur_analysis_mistake_free (CaturAnalysisMistake *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturAnalysisMistake, catur_analysis_mistake_free)

#define CATUR_TYPE_ANALYSIS (catur_analysis_get_type ())
G_DECLARE_FINAL_TYPE (CaturAnalysis, catur_analysis, CATUR, ANALYSIS, GObject)

const char           *catur_analysis_budget_to_id     (CaturAnalysisBudget  budget);
CaturAnalysisBudget   catur_analysis_budget_from_id   (const char          *id);
void                  catur_analysis_budget_limits    (CaturAnalysisBudget  budget,
                                                       CaturSearchLimits   *limits);

CaturAnalysis        *catur_analysis_new              (CaturGame           *game,
                                                       CaturAnalysisBudget  budget);
CaturVariant         *catur_analysis_get_variant      (CaturAnalysis       *self);
CaturAnalysisBudget   catur_analysis_get_budget       (CaturAnalysis       *self);
guint                 catur_analysis_get_n_plies      (CaturAnalysis       *self);
CaturSide             catur_analysis_get_mover        (CaturAnalysis       *self,
                                                       guint                ply);
gboolean              catur_analysis_wants_ply        (CaturAnalysis       *self,
                                                       guint                ply);
guint                 catur_analysis_get_n_wanted     (CaturAnalysis       *self);
guint                 catur_analysis_get_n_judged     (CaturAnalysis       *self);
gboolean              catur_analysis_get_running      (CaturAnalysis       *self);
gboolean              catur_analysis_get_complete     (CaturAnalysis       *self);
const CaturJudgement *catur_analysis_get_judgement    (CaturAnalysis       *self,
                                                       guint                ply);
gboolean              catur_analysis_get_score        (CaturAnalysis       *self,
                                                       guint                ply,
                                                       CaturSide            view,
                                                       int                 *score);
GPtrArray            *catur_analysis_list_mistakes    (CaturAnalysis       *self,
                                                       CaturSide            side);
void                  catur_analysis_truncate         (CaturAnalysis       *self,
                                                       guint                n_plies);

void                  catur_analysis_set_engine       (CaturAnalysis       *self,
                                                       const CaturEngineEntry *entry);
const CaturEngineEntry *catur_analysis_get_engine     (CaturAnalysis       *self);
void                  catur_analysis_run_async        (CaturAnalysis       *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean              catur_analysis_run_finish       (CaturAnalysis       *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

G_END_DECLS
