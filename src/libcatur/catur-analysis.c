/* catur-analysis.c: the coach goes over a whole game, ply by ply
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The plies are judged one at a time, each by catur_judge_move_async() in a worker thread,
 * the next started when the last is in: the analysis itself lives in the thread of its
 * caller, so that its results, signals and properties need no lock. One transposition table
 * serves the whole game, as a player's memory serves a game: what the search learnt of one
 * position, the next starts from.
 *
 * With another program's engine chosen (catur_analysis_set_engine()), each ply is searched by
 * that engine instead, in this thread's main context through CaturEngineClient: freely, then
 * with `searchmoves` limited to the move played, to the depth the first reached; the two
 * results go to the same verdict as the built-in judge's (catur_judge_verdict()). An engine
 * that fails is said (::engine-failed) and the built-in judge takes over the rest.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include "catur.h"
#include "catur-game-private.h"

/* The nodes of each of the judge's two searches: quick analyses a game of sixty moves in a
 * few seconds of one core's time in each game (tests/bench/bench-analysis.c), thorough gives
 * the searches ten times as much. */
#define QUICK_NODES 40000
#define THOROUGH_NODES 400000
#define ANALYSIS_HASH_MB 16
/* Another program's engine searches this many nodes a search, whatever the budget: it is
 * fast and strong enough for a verdict in a few hundred milliseconds. */
#define ENGINE_QUICK_NODES 300000
#define ENGINE_THOROUGH_NODES 3000000
/* An engine's line is read this far: deeper, a strong engine's line goes on to trades and
 * gains the built-in search's shorter lines do not reach, and the coach would explain a lost
 * piece by the pawns won back ten moves later. */
#define ENGINE_LINE_PLIES 8

struct _CaturAnalysis
{
  GObject parent_instance;

  CaturVariant *variant;
  CaturAnalysisBudget budget;
  /* positions[i] is the position after i plies, as the game stood when the analysis was made;
   * moves[i] and movers[i] the ply that led from positions[i] to positions[i + 1]. */
  GPtrArray *positions;
  GArray *moves;
  GArray *movers;
  /* The game's positions for the rules of repetition, or NULL when the game has none. */
  CaturRepetition *history;
  /* Whether each ply is to be judged, and its verdict once it is (NULL until then, or when
   * the judge could not judge it). */
  GArray *wanted;
  GPtrArray *judgements;
  GArray *done;
  guint n_wanted;
  guint n_judged;

  CaturTT *tt;
  /* The run under way, or NULL; the ply being judged. */
  GTask *task;
  guint ply;

  /* Another program's engine, when chosen: its entry, its client once started, and the two
   * searches of the ply being judged (the free one's result, then the move's). */
  CaturEngineEntry *engine_entry;
  CaturEngineClient *engine;
  gboolean engine_ready;
  CaturSearchResult *engine_best;
  CaturSearchResult *engine_line;
};

G_DEFINE_FINAL_TYPE (CaturAnalysis, catur_analysis, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_WANTED,
  PROP_N_JUDGED,
  PROP_RUNNING,
  PROP_COMPLETE,
  N_PROPS
};

enum {
  PLY_JUDGED,
  ENGINE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/**
 * catur_analysis_mistake_free:
 * @self: (nullable): a #CaturAnalysisMistake
 */
void
catur_analysis_mistake_free (CaturAnalysisMistake *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->position, catur_position_free);
  g_free (self->sentence);
  g_free (self);
}

static gboolean
ply_done (CaturAnalysis *self,
          guint          ply)
{
  return g_array_index (self->done, gboolean, ply - 1);
}

static void run_next (CaturAnalysis *self);

/* The run is over: the task is let go before it calls back, so that its callback finds the
 * analysis idle. */
static void
end_run (CaturAnalysis *self,
         gboolean       complete)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  /* No process idles on between runs. */
  if (self->engine != NULL)
    catur_engine_client_quit (self->engine);
  g_clear_object (&self->engine);
  self->engine_ready = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  if (complete)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
      g_task_return_boolean (task, TRUE);
    }
  else
    g_task_return_error_if_cancelled (task);
}

/* Keeps @verdict (taken) as the verdict on @ply. */
static void
record (CaturAnalysis  *self,
        guint           ply,
        CaturJudgement *verdict)
{
  /* A ply the game took back meanwhile is not the game's any more. */
  if (ply > self->moves->len || ply_done (self, ply))
    {
      g_clear_pointer (&verdict, catur_judgement_free);
      return;
    }
  g_ptr_array_index (self->judgements, ply - 1) = verdict;
  g_array_index (self->done, gboolean, ply - 1) = TRUE;
  self->n_judged++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_JUDGED]);
  g_signal_emit (self, signals[PLY_JUDGED], 0, ply);
}

/* Another program's engine */

/* The engine failed: said, given up, and the built-in judge goes on from this ply. */
static void
engine_failed (CaturAnalysis *self,
               const GError  *error)
{
  g_debug ("The analysis's engine failed: %s", error->message);
  if (self->engine != NULL)
    catur_engine_client_quit (self->engine);
  g_clear_object (&self->engine);
  self->engine_ready = FALSE;
  g_clear_pointer (&self->engine_entry, catur_engine_entry_free);
  g_signal_emit (self, signals[ENGINE_FAILED], 0, error);
  run_next (self);
}

/* An engine's score, from the side to move's view, on Catur's scale of mates. */
static int
engine_score (const CaturEngineInfo *info)
{
  if (info->mate > 0)
    return CATUR_SCORE_MATE - (2 * info->mate - 1);
  if (info->mate < 0)
    return -(CATUR_SCORE_MATE - 2 * -info->mate);
  return CLAMP (info->score, -(CATUR_SCORE_MATE_BOUND - 1), CATUR_SCORE_MATE_BOUND - 1);
}

/* The engine's best line so far: its score, depth and moves, read as far as they are legal. */
static void
engine_info_cb (const CaturEngineInfo *info,
                gpointer               user_data)
{
  CaturAnalysis *self = user_data;
  CaturSearchResult *result = self->engine_line;
  g_autoptr(CaturPosition) position = NULL;

  if (result == NULL || (info->multipv > 1) || !info->has_score || info->pv == NULL)
    return;
  position = catur_position_copy (g_ptr_array_index (self->positions, self->ply - 1));
  result->score = engine_score (info);
  result->mate = info->mate;
  result->depth = MAX (info->depth, 1);
  result->pv_length = 0;
  for (guint i = 0; info->pv[i] != NULL && i < ENGINE_LINE_PLIES; i++)
    {
      CaturMove move;

      if (!catur_variant_parse_move (self->variant, position, info->pv[i], &move, NULL)
          || !catur_variant_is_legal (self->variant, position, &move))
        break;
      result->pv[result->pv_length++] = move;
      catur_variant_play (self->variant, position, &move);
    }
}

static void engine_search (CaturAnalysis *self,
                           gboolean       restricted);
static void record (CaturAnalysis  *self,
                    guint           ply,
                    CaturJudgement *verdict);

/* The engine's own move was played: its free search is the move's too. */
static gboolean
replay_best_cb (gpointer data)
{
  CaturAnalysis *self = data;
  g_autofree CaturSearchResult *best = g_steal_pointer (&self->engine_best);
  g_autofree CaturSearchResult *line = g_steal_pointer (&self->engine_line);
  guint ply = self->ply;

  if (self->task == NULL || best == NULL)
    return G_SOURCE_REMOVE;
  if (g_cancellable_is_cancelled (g_task_get_cancellable (self->task)))
    {
      self->ply = 0;
      end_run (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  self->ply = 0;
  record (self, ply, catur_judge_verdict (self->variant,
                                          g_ptr_array_index (self->positions, ply - 1),
                                          &g_array_index (self->moves, CaturMove, ply - 1),
                                          best, line));
  run_next (self);
  return G_SOURCE_REMOVE;
}

static void
engine_searched_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(CaturAnalysis) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree CaturSearchResult *found = g_steal_pointer (&self->engine_line);
  CaturMove move;

  if (!catur_engine_client_go_finish (CATUR_ENGINE_CLIENT (source), result, &move, &error))
    {
      if (self->task == NULL)
        return;
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
          || g_cancellable_is_cancelled (g_task_get_cancellable (self->task)))
        {
          g_clear_pointer (&self->engine_best, g_free);
          self->ply = 0;
          end_run (self, FALSE);
          return;
        }
      g_clear_pointer (&self->engine_best, g_free);
      engine_failed (self, error);
      return;
    }
  if (self->task == NULL)
    return;
  found->has_move = TRUE;
  found->move = move;
  if (found->pv_length == 0 || !catur_move_equal (&found->pv[0], &move))
    {
      found->pv[0] = move;
      found->pv_length = 1;
    }
  if (self->engine_best == NULL)
    {
      self->engine_best = g_steal_pointer (&found);
      engine_search (self, TRUE);
      return;
    }
  {
    guint ply = self->ply;
    const CaturMove *played = &g_array_index (self->moves, CaturMove, ply - 1);
    g_autofree CaturSearchResult *best = g_steal_pointer (&self->engine_best);

    self->ply = 0;
    record (self, ply, catur_judge_verdict (self->variant,
                                            g_ptr_array_index (self->positions, ply - 1),
                                            played, best, found));
  }
  run_next (self);
}

/* The free search of the ply's position, or (@restricted) the one of the move played, to the
 * free one's depth. */
static void
engine_search (CaturAnalysis *self,
               gboolean       restricted)
{
  const CaturMove *played = &g_array_index (self->moves, CaturMove, self->ply - 1);
  const CaturPosition *before = g_ptr_array_index (self->positions, self->ply - 1);
  g_autofree char *text = NULL;
  const char *searchmoves[2] = { NULL, NULL };
  CaturEngineGo go = { 0 };
  CaturMove copy = *played;

  go.nodes = self->budget == CATUR_ANALYSIS_THOROUGH ? ENGINE_THOROUGH_NODES
                                                     : ENGINE_QUICK_NODES;
  if (restricted)
    {
      /* The engine's own move: its search is the move's. */
      if (catur_move_equal (&self->engine_best->move, played))
        {
          self->engine_line = g_memdup2 (self->engine_best, sizeof (CaturSearchResult));
          g_idle_add_full (G_PRIORITY_DEFAULT, replay_best_cb, g_object_ref (self),
                           g_object_unref);
          return;
        }
      text = catur_variant_format_move (self->variant, before, &copy,
                                        catur_variant_get_coordinate_notation (self->variant));
      searchmoves[0] = text;
      go.searchmoves = searchmoves;
      go.depth = self->engine_best->depth;
    }
  self->engine_line = g_new0 (CaturSearchResult, 1);
  catur_engine_client_go_async (self->engine, g_ptr_array_index (self->positions, 0),
                                (const CaturMove *) self->moves->data, self->ply - 1, &go,
                                engine_info_cb, self, g_task_get_cancellable (self->task),
                                engine_searched_cb, g_object_ref (self));
}

static void
engine_started_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(CaturAnalysis) self = user_data;
  CaturEngineClient *engine = CATUR_ENGINE_CLIENT (source);
  g_autoptr(GError) error = NULL;

  if (!catur_engine_client_start_finish (engine, result, &error))
    {
      if (engine != self->engine || self->task == NULL)
        return;
      if (g_cancellable_is_cancelled (g_task_get_cancellable (self->task)))
        end_run (self, FALSE);
      else
        engine_failed (self, error);
      return;
    }
  if (engine != self->engine || self->task == NULL)
    return;
  catur_engine_entry_apply_options (self->engine_entry, engine);
  catur_engine_client_new_game (engine);
  self->engine_ready = TRUE;
  run_next (self);
}

/* Judges @ply with the engine, starting it first when it is not yet. */
static void
engine_judge (CaturAnalysis *self,
              guint          ply)
{
  if (self->engine == NULL)
    {
      self->engine = catur_engine_entry_new_client (self->engine_entry);
      catur_engine_client_start_async (self->engine, self->variant,
                                       g_task_get_cancellable (self->task), engine_started_cb,
                                       g_object_ref (self));
      return;
    }
  if (!self->engine_ready)
    return;
  self->ply = ply;
  engine_search (self, FALSE);
}

static void
judged_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(CaturAnalysis) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturJudgement) verdict = NULL;
  guint ply = self->ply;

  verdict = catur_judge_move_finish (self->variant, result, &error);
  self->ply = 0;
  if (self->task == NULL)
    return;
  if (g_cancellable_is_cancelled (g_task_get_cancellable (self->task)))
    {
      end_run (self, FALSE);
      return;
    }
  if (verdict == NULL)
    g_warning ("Ply %u could not be judged: %s", ply, error->message);
  record (self, ply, g_steal_pointer (&verdict));
  run_next (self);
}

/* Judges the first wanted ply not judged yet, or ends the run. */
static void
run_next (CaturAnalysis *self)
{
  g_autoptr(CaturRepetition) history = NULL;
  CaturSearchLimits limits;
  guint ply;

  for (ply = 1; ply <= self->moves->len; ply++)
    if (catur_analysis_wants_ply (self, ply) && !ply_done (self, ply))
      break;

  if (ply > self->moves->len)
    {
      end_run (self, TRUE);
      return;
    }
  if (g_cancellable_is_cancelled (g_task_get_cancellable (self->task)))
    {
      end_run (self, FALSE);
      return;
    }

  if (self->engine_entry != NULL)
    {
      engine_judge (self, ply);
      return;
    }

  catur_analysis_budget_limits (self->budget, &limits);
  limits.tt = self->tt;
  if (self->history != NULL)
    {
      /* The positions up to the one before the ply: entry 0 is the start. */
      history = catur_repetition_copy (self->history);
      catur_repetition_truncate (history, ply);
      limits.history = history;
    }
  self->ply = ply;
  catur_judge_move_async (self->variant, g_ptr_array_index (self->positions, ply - 1),
                          &g_array_index (self->moves, CaturMove, ply - 1), &limits,
                          g_task_get_cancellable (self->task), judged_cb,
                          g_object_ref (self));
}

static void
catur_analysis_finalize (GObject *object)
{
  CaturAnalysis *self = CATUR_ANALYSIS (object);

  g_clear_object (&self->variant);
  g_ptr_array_unref (self->positions);
  g_array_unref (self->moves);
  g_array_unref (self->movers);
  g_clear_pointer (&self->history, catur_repetition_free);
  g_array_unref (self->wanted);
  g_ptr_array_unref (self->judgements);
  g_array_unref (self->done);
  g_clear_pointer (&self->tt, catur_tt_unref);
  g_clear_pointer (&self->engine_entry, catur_engine_entry_free);
  if (self->engine != NULL)
    catur_engine_client_quit (self->engine);
  g_clear_object (&self->engine);
  g_free (self->engine_best);
  g_free (self->engine_line);

  G_OBJECT_CLASS (catur_analysis_parent_class)->finalize (object);
}

static void
catur_analysis_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CaturAnalysis *self = CATUR_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_N_WANTED:
      g_value_set_uint (value, self->n_wanted);
      break;
    case PROP_N_JUDGED:
      g_value_set_uint (value, self->n_judged);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, catur_analysis_get_running (self));
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, catur_analysis_get_complete (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_analysis_class_init (CaturAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = catur_analysis_finalize;
  object_class->get_property = catur_analysis_get_property;

  /**
   * CaturAnalysis:n-wanted:
   *
   * How many plies the analysis judges.
   */
  properties[PROP_N_WANTED] =
    g_param_spec_uint ("n-wanted", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * CaturAnalysis:n-judged:
   *
   * How many of them are judged: the progress.
   */
  properties[PROP_N_JUDGED] =
    g_param_spec_uint ("n-judged", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CaturAnalysis:running:
   *
   * Whether a run is under way.
   */
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CaturAnalysis:complete:
   *
   * Whether every wanted ply is judged.
   */
  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaturAnalysis::ply-judged:
   * @self: the analysis
   * @ply: the ply just judged (1 for the first)
   *
   * A ply's verdict is in (catur_analysis_get_judgement()), in the thread the run was started
   * from.
   */
  signals[PLY_JUDGED] =
    g_signal_new ("ply-judged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /**
   * CaturAnalysis::engine-failed:
   * @self: the analysis
   * @error: what went wrong, a #CATUR_ENGINE_ERROR
   *
   * The engine of another program chosen with catur_analysis_set_engine() did not start, or
   * failed; the built-in judge judges the rest.
   */
  signals[ENGINE_FAILED] =
    g_signal_new ("engine-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
catur_analysis_init (CaturAnalysis *self)
{
  self->positions = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_position_free);
  self->moves = g_array_new (FALSE, TRUE, sizeof (CaturMove));
  self->movers = g_array_new (FALSE, TRUE, sizeof (CaturSide));
  self->wanted = g_array_new (FALSE, TRUE, sizeof (gboolean));
  self->done = g_array_new (FALSE, TRUE, sizeof (gboolean));
  self->judgements = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_judgement_free);
}

/**
 * catur_analysis_budget_to_id:
 * @budget: a #CaturAnalysisBudget
 *
 * Returns: its id, `quick` or `thorough`
 */
const char *
catur_analysis_budget_to_id (CaturAnalysisBudget budget)
{
  return budget == CATUR_ANALYSIS_THOROUGH ? "thorough" : "quick";
}

/**
 * catur_analysis_budget_from_id:
 * @id: (nullable): `quick` or `thorough`
 *
 * Returns: the budget of @id; quick for anything else
 */
CaturAnalysisBudget
catur_analysis_budget_from_id (const char *id)
{
  return g_strcmp0 (id, "thorough") == 0 ? CATUR_ANALYSIS_THOROUGH : CATUR_ANALYSIS_QUICK;
}

/**
 * catur_analysis_budget_limits:
 * @budget: a #CaturAnalysisBudget
 * @limits: (out caller-allocates): the limits of each of the judge's searches
 *
 * A count of nodes, never a time: the verdicts are the same on a busy machine.
 */
void
catur_analysis_budget_limits (CaturAnalysisBudget  budget,
                              CaturSearchLimits   *limits)
{
  g_return_if_fail (limits != NULL);

  catur_search_limits_init (limits, CATUR_LEVEL_MASTER);
  limits->nodes = budget == CATUR_ANALYSIS_THOROUGH ? THOROUGH_NODES : QUICK_NODES;
  limits->hash_mb = ANALYSIS_HASH_MB;
}

/**
 * catur_analysis_new:
 * @game: the game to analyse, as it stands now
 * @budget: how hard to look at each ply
 *
 * Copies @game's positions and moves: the game may go on, or go away, meanwhile. Against the
 * computer (catur_game_get_computer_side()) only the other side's plies are wanted.
 *
 * Returns: (transfer full): a new analysis, nothing judged yet
 */
CaturAnalysis *
catur_analysis_new (CaturGame           *game,
                    CaturAnalysisBudget  budget)
{
  CaturAnalysis *self;
  CaturSide computer;
  guint n;

  g_return_val_if_fail (CATUR_IS_GAME (game), NULL);

  self = g_object_new (CATUR_TYPE_ANALYSIS, NULL);
  self->variant = g_object_ref (catur_game_get_variant (game));
  self->budget = budget;
  self->tt = catur_tt_new (ANALYSIS_HASH_MB);
  if (game->history != NULL)
    self->history = catur_repetition_copy (game->history);
  computer = catur_game_get_computer_side (game);
  n = catur_game_get_n_plies (game);
  for (guint i = 0; i <= n; i++)
    g_ptr_array_add (self->positions,
                     catur_position_copy (catur_game_get_position_at (game, i)));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (catur_game_get_moves (game), i);
      CaturSide mover = catur_game_move_get_side (item);
      gboolean wanted = computer == CATUR_SIDE_NONE || mover != computer;
      gboolean done = FALSE;

      g_array_append_val (self->moves, *catur_game_move_get_move (item));
      g_array_append_val (self->movers, mover);
      g_array_append_val (self->wanted, wanted);
      g_array_append_val (self->done, done);
      g_ptr_array_add (self->judgements, NULL);
      self->n_wanted += wanted ? 1 : 0;
    }
  return self;
}

/**
 * catur_analysis_get_variant:
 * @self: a #CaturAnalysis
 *
 * Returns: (transfer none): the game's variant
 */
CaturVariant *
catur_analysis_get_variant (CaturAnalysis *self)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), NULL);

  return self->variant;
}

CaturAnalysisBudget
catur_analysis_get_budget (CaturAnalysis *self)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), CATUR_ANALYSIS_QUICK);

  return self->budget;
}

/**
 * catur_analysis_get_n_plies:
 * @self: a #CaturAnalysis
 *
 * Returns: the plies of the game analysed, wanted or not
 */
guint
catur_analysis_get_n_plies (CaturAnalysis *self)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), 0);

  return self->moves->len;
}

/**
 * catur_analysis_get_mover:
 * @self: a #CaturAnalysis
 * @ply: a ply, 1 for the first
 *
 * Returns: the side that played @ply
 */
CaturSide
catur_analysis_get_mover (CaturAnalysis *self,
                          guint          ply)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), CATUR_SIDE_NONE);
  g_return_val_if_fail (ply >= 1 && ply <= self->moves->len, CATUR_SIDE_NONE);

  return g_array_index (self->movers, CaturSide, ply - 1);
}

/**
 * catur_analysis_wants_ply:
 * @self: a #CaturAnalysis
 * @ply: a ply, 1 for the first
 *
 * Returns: whether @ply is to be judged (not the computer's)
 */
gboolean
catur_analysis_wants_ply (CaturAnalysis *self,
                          guint          ply)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), FALSE);

  return ply >= 1 && ply <= self->wanted->len && g_array_index (self->wanted, gboolean, ply - 1);
}

guint
catur_analysis_get_n_wanted (CaturAnalysis *self)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), 0);

  return self->n_wanted;
}

guint
catur_analysis_get_n_judged (CaturAnalysis *self)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), 0);

  return self->n_judged;
}

gboolean
catur_analysis_get_running (CaturAnalysis *self)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), FALSE);

  return self->task != NULL;
}

gboolean
catur_analysis_get_complete (CaturAnalysis *self)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), FALSE);

  return self->n_judged == self->n_wanted;
}

/**
 * catur_analysis_get_judgement:
 * @self: a #CaturAnalysis
 * @ply: a ply, 1 for the first
 *
 * Returns: (transfer none) (nullable): the verdict on @ply, or %NULL while it is not judged
 *   (or not wanted)
 */
const CaturJudgement *
catur_analysis_get_judgement (CaturAnalysis *self,
                              guint          ply)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), NULL);

  if (ply < 1 || ply > self->judgements->len)
    return NULL;
  return g_ptr_array_index (self->judgements, ply - 1);
}

static int
from_view (int       score,
           CaturSide mover,
           CaturSide view)
{
  return mover == view ? score : -score;
}

/**
 * catur_analysis_get_score:
 * @self: a #CaturAnalysis
 * @ply: 0 for the start, else the position after @ply plies
 * @view: the side whose view the score is from
 * @score: (out): the position's score in centipawns (mates as %CATUR_SCORE_MATE counts them)
 *
 * The evaluation of the position after @ply, as the judge found it: the score of the move of
 * @ply when it was judged, else the best score of the next ply's judgement (a computer's
 * ply, before a judged ply of the human's).
 *
 * Returns: whether the position has a score
 */
gboolean
catur_analysis_get_score (CaturAnalysis *self,
                          guint          ply,
                          CaturSide      view,
                          int           *score)
{
  const CaturJudgement *verdict;

  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), FALSE);
  g_return_val_if_fail (score != NULL, FALSE);

  verdict = catur_analysis_get_judgement (self, ply);
  if (verdict != NULL)
    {
      *score = from_view (verdict->score, catur_analysis_get_mover (self, ply), view);
      return TRUE;
    }
  verdict = catur_analysis_get_judgement (self, ply + 1);
  if (verdict != NULL)
    {
      *score = from_view (verdict->best_score, catur_analysis_get_mover (self, ply + 1), view);
      return TRUE;
    }
  return FALSE;
}

/**
 * catur_analysis_list_mistakes:
 * @self: a #CaturAnalysis
 * @side: the side whose mistakes are listed, or %CATUR_SIDE_NONE for both
 *
 * The mistakes and blunders judged so far, in the order they were played: what drills are
 * made from.
 *
 * Returns: (transfer container) (element-type CaturAnalysisMistake): the list
 */
GPtrArray *
catur_analysis_list_mistakes (CaturAnalysis *self,
                              CaturSide      side)
{
  GPtrArray *list;

  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), NULL);

  list = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_analysis_mistake_free);
  for (guint ply = 1; ply <= self->moves->len; ply++)
    {
      const CaturJudgement *verdict = catur_analysis_get_judgement (self, ply);
      CaturSide mover = catur_analysis_get_mover (self, ply);
      CaturAnalysisMistake *mistake;

      if (verdict == NULL || verdict->judge_class < CATUR_JUDGE_MISTAKE
          || (side != CATUR_SIDE_NONE && mover != side))
        continue;
      mistake = g_new0 (CaturAnalysisMistake, 1);
      mistake->ply = ply;
      mistake->side = mover;
      mistake->position = catur_position_copy (g_ptr_array_index (self->positions, ply - 1));
      mistake->move = verdict->move;
      mistake->best = verdict->best;
      mistake->judge_class = verdict->judge_class;
      mistake->reason = verdict->reason;
      mistake->sentence = g_strdup (verdict->sentence);
      g_ptr_array_add (list, mistake);
    }
  return list;
}

/**
 * catur_analysis_truncate:
 * @self: a #CaturAnalysis
 * @n_plies: the plies the game has now
 *
 * The game took moves back: the plies past @n_plies are forgotten, with their verdicts.
 * A run under way goes on with what is left.
 */
void
catur_analysis_truncate (CaturAnalysis *self,
                         guint          n_plies)
{
  gboolean was_complete;

  g_return_if_fail (CATUR_IS_ANALYSIS (self));

  if (n_plies >= self->moves->len)
    return;

  was_complete = catur_analysis_get_complete (self);
  for (guint ply = n_plies + 1; ply <= self->moves->len; ply++)
    {
      if (catur_analysis_wants_ply (self, ply))
        self->n_wanted--;
      if (ply_done (self, ply))
        self->n_judged--;
    }
  g_ptr_array_set_size (self->positions, n_plies + 1);
  g_array_set_size (self->moves, n_plies);
  g_array_set_size (self->movers, n_plies);
  g_array_set_size (self->wanted, n_plies);
  g_array_set_size (self->done, n_plies);
  g_ptr_array_set_size (self->judgements, n_plies);
  if (self->history != NULL)
    catur_repetition_truncate (self->history, n_plies + 1);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_WANTED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_JUDGED]);
  if (was_complete != catur_analysis_get_complete (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
}

/**
 * catur_analysis_set_engine:
 * @self: a #CaturAnalysis, not running
 * @entry: (nullable): another program's engine to judge the plies, %NULL for the built-in
 *   judge
 *
 * The engine is started by the next run and quit at its end.
 */
void
catur_analysis_set_engine (CaturAnalysis          *self,
                           const CaturEngineEntry *entry)
{
  g_return_if_fail (CATUR_IS_ANALYSIS (self));
  g_return_if_fail (self->task == NULL);

  g_clear_pointer (&self->engine_entry, catur_engine_entry_free);
  if (entry != NULL)
    self->engine_entry = catur_engine_entry_copy (entry);
}

/* Returns: (transfer none) (nullable): the engine judging the plies, %NULL for the built-in
 *   judge (also once the engine chosen failed) */
const CaturEngineEntry *
catur_analysis_get_engine (CaturAnalysis *self)
{
  g_return_val_if_fail (CATUR_IS_ANALYSIS (self), NULL);

  return self->engine_entry;
}

/**
 * catur_analysis_run_async:
 * @self: a #CaturAnalysis, not running
 * @cancellable: (nullable): stops the run: the verdicts found so far are kept, and a later
 *   run goes on from there
 * @callback: called when every wanted ply is judged, or the run is cancelled
 * @user_data: its data
 *
 * Judges the wanted plies not judged yet, in order, one at a time in a worker thread;
 * #CaturAnalysis::ply-judged and #CaturAnalysis:n-judged tell of each.
 */
void
catur_analysis_run_async (CaturAnalysis       *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_return_if_fail (CATUR_IS_ANALYSIS (self));
  g_return_if_fail (self->task == NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  self->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, catur_analysis_run_async);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  if (g_cancellable_is_cancelled (cancellable))
    end_run (self, FALSE);
  else
    run_next (self);
}

/**
 * catur_analysis_run_finish:
 * @self: a #CaturAnalysis
 * @result: the result given to the callback
 * @error: %G_IO_ERROR_CANCELLED when the run was cancelled
 *
 * Returns: %TRUE when every wanted ply is judged
 */
gboolean
catur_analysis_run_finish (CaturAnalysis  *self,
                           GAsyncResult   *result,
                           GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
