/* catur-game-engine.c: another program's engine as the computer player of a CaturGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine is started as soon as it is chosen, so that it is ready when its turn comes and
 * can give hints before. Its searches run in its own process, driven by CaturEngineClient in
 * this thread's main context: no worker thread. A search abandoned (undo, new game) is told to
 * stop, and the next starts only once the engine has answered the old one, since an engine
 * does one thing at a time. An engine that fails is given up and said so
 * (CaturGame::engine-failed); the game waits for the players to choose another computer
 * player rather than pick one for them.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "catur.h"
#include "catur-game-private.h"

/* A hint's search, and the usual time a move when the game has no clock. */
#define HINT_MOVETIME_MS 1000
#define DEFAULT_MOVETIME_MS 1000

enum {
  ENGINE_INFO,
  ENGINE_FAILED,
  N_ENGINE_SIGNALS
};

static guint engine_signals[N_ENGINE_SIGNALS];

/* One search of the engine: for the computer's move, or for a hint (@hint set). */
typedef struct
{
  CaturGame *game;
  GCancellable *stop;
  GTask *hint;
  guint n_plies;
} EngineSearch;

static void
engine_search_free (EngineSearch *search)
{
  g_clear_object (&search->game);
  g_clear_object (&search->stop);
  g_clear_object (&search->hint);
  g_free (search);
}

void
catur_game_engine_class_init (GObjectClass *klass)
{
  /**
   * CaturGame::engine-info:
   * @game: the game
   * @info: (type gpointer): the #CaturEngineInfo, valid during the emission only
   *
   * Another program's engine said how its search of the game's position goes: for its move,
   * or for a hint.
   */
  engine_signals[ENGINE_INFO] =
    g_signal_new ("engine-info", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * CaturGame::engine-failed:
   * @game: the game
   * @error: what went wrong, a #CATUR_ENGINE_ERROR
   *
   * The engine of another program did not start, stopped, hung or answered a move that is not
   * legal; it is given up, and the computer does not play until catur_game_set_engine() is
   * called again.
   */
  engine_signals[ENGINE_FAILED] =
    g_signal_new ("engine-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

/* Quits the engine, if any; a search of it in progress ends as abandoned. */
void
catur_game_drop_engine (CaturGame *self)
{
  if (self->engine_starting != NULL)
    g_cancellable_cancel (self->engine_starting);
  g_clear_object (&self->engine_starting);
  if (self->engine != NULL)
    catur_engine_client_quit (self->engine);
  g_clear_object (&self->engine);
  self->engine_ready = FALSE;
  self->engine_busy = FALSE;
}

static void
engine_fail (CaturGame    *self,
             const GError *error)
{
  g_debug ("The engine failed: %s", error->message);
  catur_game_drop_engine (self);
  self->engine_failed = TRUE;
  g_signal_emit (self, engine_signals[ENGINE_FAILED], 0, error);
}

static void
engine_info_cb (const CaturEngineInfo *info,
                gpointer               user_data)
{
  EngineSearch *search = user_data;

  /* An abandoned search still talks until it answers: its lines are of another position. */
  if (g_cancellable_is_cancelled (search->stop))
    return;
  g_signal_emit (search->game, engine_signals[ENGINE_INFO], 0, info);
}

static guint engine_movetime (CaturGame *self);
static CaturMove *game_moves (CaturGame *self,
                              guint     *n,
                              guint      extra);

/* The engine's Ponder option is on and it said which reply it expects: it thinks on the
 * person's time, in the position after that reply (catur_engine_client_ponder()). */
static void
engine_ponder (CaturGame *self)
{
  const char *expected = catur_engine_client_get_ponder_move (self->engine);
  g_autofree CaturMove *moves = NULL;
  CaturEngineGo go = { 0 };
  CaturMove reply;
  guint n;

  if (expected == NULL || self->paused || catur_game_is_over (self)
      || catur_game_get_side_to_move (self) == self->computer_side
      || !catur_variant_parse_move (self->variant, catur_game_get_position (self), expected,
                                    &reply, NULL)
      || !catur_variant_is_legal (self->variant, catur_game_get_position (self), &reply))
    return;
  moves = game_moves (self, &n, 1);
  moves[n] = reply;
  /* The search to come, for the engine's next move: its time, from its clock as it stands
   * after its move. */
  go.movetime = engine_movetime (self);
  catur_engine_client_ponder (self->engine, catur_game_get_start_position (self), moves, n + 1,
                              &go);
}

static void
engine_answer_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  EngineSearch *search = user_data;
  CaturGame *self = search->game;
  CaturEngineClient *engine = CATUR_ENGINE_CLIENT (source);
  g_autoptr(GError) error = NULL;
  CaturMove move;
  gboolean found = catur_engine_client_go_finish (engine, result, &move, &error);
  gboolean current = engine == self->engine;

  catur_game_searches_changed (self, -1);
  if (current)
    self->engine_busy = FALSE;

  if (search->hint != NULL)
    {
      if (found && g_cancellable_is_cancelled (search->stop))
        g_task_return_new_error (search->hint, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                 _("The position changed"));
      else if (found)
        {
          CaturSearchResult *answer = g_new0 (CaturSearchResult, 1);

          answer->move = move;
          answer->has_move = TRUE;
          g_task_return_pointer (search->hint, answer, g_free);
        }
      else
        g_task_return_error (search->hint, g_error_copy (error));
    }
  else if (search->stop == self->think_cancellable)
    {
      g_clear_object (&self->think_cancellable);
      catur_game_notify (self, CATUR_GAME_PROP_THINKING);
      if (found && search->n_plies == catur_game_get_n_plies (self)
          && !catur_game_play (self, &move, &error))
        {
          g_prefix_error (&error, "%s: ", catur_engine_client_get_name (engine));
          error->domain = CATUR_ENGINE_ERROR;
          error->code = CATUR_ENGINE_ERROR_BAD_MOVE;
          found = FALSE;
        }
      else if (found && current && search->n_plies + 1 == catur_game_get_n_plies (self))
        engine_ponder (self);
    }

  if (current && !found && error != NULL
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    engine_fail (self, error);
  else if (current)
    /* The engine is free again: the search a change of position asked for may start. */
    catur_game_maybe_start_thinking (self);
  engine_search_free (search);
}

/* The engine's time for this move: the game's own limit on its clock, else the time a move of
 * the players' choice. */
static guint
engine_movetime (CaturGame *self)
{
  CaturSearchLimits limits;
  guint usual = self->computer_movetime > 0 ? self->computer_movetime : DEFAULT_MOVETIME_MS;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.movetime = usual;
  catur_game_clock_limits (self, &limits, usual);
  if (limits.soft_movetime > 0)
    return limits.soft_movetime;
  return limits.movetime > 0 ? limits.movetime : usual;
}

/* The moves played, with room for @extra more. */
static CaturMove *
game_moves (CaturGame *self,
            guint     *n,
            guint      extra)
{
  GListModel *moves = catur_game_get_moves (self);
  CaturMove *played;

  *n = g_list_model_get_n_items (moves);
  played = g_new0 (CaturMove, MAX (*n + extra, 1));
  for (guint i = 0; i < *n; i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (moves, i);

      played[i] = *catur_game_move_get_move (item);
    }
  return played;
}

static void
engine_go (CaturGame    *self,
           guint         movetime,
           GCancellable *stop,
           GTask        *hint)
{
  guint n;
  g_autofree CaturMove *played = game_moves (self, &n, 0);
  EngineSearch *search = g_new0 (EngineSearch, 1);
  CaturEngineGo go = { .movetime = movetime };
  search->game = g_object_ref (self);
  search->stop = g_object_ref (stop);
  search->hint = hint != NULL ? g_object_ref (hint) : NULL;
  search->n_plies = n;
  self->engine_busy = TRUE;
  catur_game_searches_changed (self, 1);
  catur_engine_client_go_async (self->engine, catur_game_get_start_position (self), played, n,
                                &go, engine_info_cb, search, stop, engine_answer_cb, search);
}

/* Starts the engine's search for its move, once it is ready and free (called by
 * catur_game_maybe_start_thinking() when it is the computer's turn). */
void
catur_game_engine_think (CaturGame *self)
{
  if (!self->engine_ready || self->engine_busy || self->engine_failed)
    return;
  self->think_cancellable = g_cancellable_new ();
  engine_go (self, engine_movetime (self), self->think_cancellable, NULL);
  catur_game_notify (self, CATUR_GAME_PROP_THINKING);
}

/* A hint from the engine, when it is ready and free; %FALSE leaves the hint to the built-in
 * search. */
gboolean
catur_game_engine_hint (CaturGame *self,
                        GTask     *hint)
{
  if (!self->engine_ready || self->engine_busy || self->engine_failed)
    return FALSE;
  engine_go (self, HINT_MOVETIME_MS, self->hint_cancellable, hint);
  return TRUE;
}

static void engine_started_cb (GObject      *source,
                               GAsyncResult *result,
                               gpointer      user_data);

static void
start_engine (CaturGame *self)
{
  self->engine = catur_engine_entry_new_client (self->engine_entry);
  self->engine_starting = g_cancellable_new ();
  catur_engine_client_start_async (self->engine, self->variant, self->engine_starting,
                                   engine_started_cb, g_object_ref (self));
}

static void
engine_started_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(CaturGame) self = user_data;
  CaturEngineClient *engine = CATUR_ENGINE_CLIENT (source);
  g_autoptr(GError) error = NULL;

  if (!catur_engine_client_start_finish (engine, result, &error))
    {
      if (engine == self->engine && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        engine_fail (self, error);
      return;
    }
  if (engine != self->engine)
    return;
  g_clear_object (&self->engine_starting);
  catur_engine_entry_apply_options (self->engine_entry, engine);
  catur_engine_client_new_game (engine);
  self->engine_ready = TRUE;
  catur_game_maybe_start_thinking (self);
}

/* A game put aside quits its engine, which would otherwise idle on for a game that may never
 * be taken up again; taken up, the engine starts anew. */
void
catur_game_engine_paused (CaturGame *self,
                          gboolean   paused)
{
  if (paused)
    catur_game_drop_engine (self);
  else if (self->engine_entry != NULL && self->engine == NULL && !self->engine_failed)
    start_engine (self);
}

/**
 * catur_game_set_engine:
 * @self: a #CaturGame
 * @entry: (nullable): the engine of another program that plays the computer's side, and gives
 *   the hints; %NULL for Catur's own
 *
 * Starts the engine at once, with the options of @entry. A search in progress is abandoned.
 * Calling it again with the same engine after it failed starts it anew.
 */
void
catur_game_set_engine (CaturGame              *self,
                       const CaturEngineEntry *entry)
{
  g_return_if_fail (CATUR_IS_GAME (self));

  catur_game_stop_thinking (self);
  catur_game_drop_engine (self);
  g_clear_pointer (&self->engine_entry, catur_engine_entry_free);
  self->engine_failed = FALSE;
  if (entry != NULL)
    {
      self->engine_entry = catur_engine_entry_copy (entry);
      if (!self->paused)
        start_engine (self);
    }
  catur_game_maybe_start_thinking (self);
}

/* Returns: (transfer none) (nullable): the engine chosen with catur_game_set_engine() */
const CaturEngineEntry *
catur_game_get_engine (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return self->engine_entry;
}

/* Returns: (transfer none) (nullable): the client of the engine chosen, once it is ready */
CaturEngineClient *
catur_game_get_engine_client (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return self->engine_ready ? self->engine : NULL;
}

/* Returns: whether the engine chosen failed, and the computer waits for another choice */
gboolean
catur_game_get_engine_failed (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  return self->engine_failed;
}

/**
 * catur_game_format_line:
 * @self: a #CaturGame
 * @line: an engine's line of moves in the game's coordinates, from the position reached
 * @max: the most moves to give
 *
 * Returns: (transfer full): the line in the game's notation, the moves separated by spaces;
 *   it ends before a move that is not legal (a line of an older position)
 */
char *
catur_game_format_line (CaturGame          *self,
                        const char * const *line,
                        guint               max)
{
  g_autoptr(CaturPosition) position = NULL;
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  position = catur_position_copy (catur_game_get_position (self));
  for (guint i = 0; line != NULL && line[i] != NULL && i < max; i++)
    {
      g_autofree char *written = NULL;
      CaturMove move;

      if (!catur_variant_parse_move (self->variant, position, line[i], &move, NULL)
          || !catur_variant_is_legal (self->variant, position, &move))
        break;
      written = catur_variant_format_move (self->variant, position, &move, self->notation);
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, written);
      catur_variant_play (self->variant, position, &move);
    }
  return g_string_free (text, FALSE);
}
