/* catur-game-computer.c: the computer player of a CaturGame, thinking in a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "catur.h"
#include "catur-game-private.h"

#define MASTER_HASH_MB 32
#define HASH_MB 4

/* Abandons the computer's search, if any: its thread stops within milliseconds and its
 * answer is never played. */
void
catur_game_stop_thinking (CaturGame *self)
{
  if (self->think_cancellable == NULL)
    return;

  g_cancellable_cancel (self->think_cancellable);
  g_clear_object (&self->think_cancellable);
  /* The abandoned thread may still be writing to its table for a few milliseconds: the
   * next search takes a fresh one rather than wait. */
  g_clear_pointer (&self->computer_table, catur_tt_unref);
  catur_game_notify (self, CATUR_GAME_PROP_THINKING);
}

/* Counts the worker threads of computer moves and hints (CaturGame:n-searches). */
void
catur_game_searches_changed (CaturGame *self,
                  int        delta)
{
  self->n_searches += delta;
  catur_game_notify (self, CATUR_GAME_PROP_N_SEARCHES);
}

void
catur_game_search_free (gpointer data)
{
  CaturGameSearch *search = data;

  g_weak_ref_clear (&search->game);
  g_clear_object (&search->variant);
  g_clear_pointer (&search->position, catur_position_free);
  g_clear_pointer (&search->history, catur_repetition_free);
  g_clear_pointer (&search->limits.tt, catur_tt_unref);
  g_clear_object (&search->stop);
  g_free (search);
}

CaturGameSearch *
catur_game_search_new (CaturGame    *self,
                 CaturLevel    level,
                 guint         movetime,
                 GCancellable *stop)
{
  CaturGameSearch *search = g_new0 (CaturGameSearch, 1);

  g_weak_ref_init (&search->game, self);
  search->variant = g_object_ref (self->variant);
  search->position = catur_position_copy (catur_game_get_position (self));
  /* The game goes on in this thread meanwhile: the search reads a copy of its own. */
  if (self->history != NULL)
    search->history = catur_repetition_copy (self->history);
  search->stop = g_object_ref (stop);
  search->n_plies = catur_game_get_n_plies (self);
  catur_search_limits_init (&search->limits, level);
  search->limits.history = search->history;
  search->limits.movetime = movetime;
  search->limits.seed = g_random_int ();
  search->limits.hash_mb = level == CATUR_LEVEL_MASTER ? MASTER_HASH_MB : HASH_MB;
  /* Master plays at the full strength of the machine; the rungs below it stop at a node
   * count and search alone whatever this says. */
  search->limits.threads = catur_search_threads_for_machine ();
  return search;
}

void
catur_game_search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  CaturGameSearch *search = task_data;
  g_autofree CaturSearchResult *result = g_new0 (CaturSearchResult, 1);
  GError *error = NULL;

  if (!catur_variant_think (search->variant, search->position, &search->limits, NULL, NULL,
                            search->stop, result, &error))
    g_task_return_error (task, error);
  else if (g_cancellable_set_error_if_cancelled (search->stop, &error))
    g_task_return_error (task, error);
  else if (!result->has_move)
    g_task_return_new_error (task, CATUR_GAME_ERROR, CATUR_GAME_ERROR_GAME_OVER,
                             _("There is no legal move"));
  else
    g_task_return_pointer (task, g_steal_pointer (&result), g_free);
}

static void
computer_move_cb (GObject      *source_object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GTask *task = G_TASK (result);
  CaturGameSearch *search = g_task_get_task_data (task);
  g_autoptr(CaturGame) self = g_weak_ref_get (&search->game);
  g_autofree CaturSearchResult *answer = NULL;
  g_autoptr(GError) error = NULL;

  /* The game was dropped while the computer thought. */
  if (self == NULL)
    return;

  catur_game_searches_changed (self, -1);
  answer = g_task_propagate_pointer (task, &error);
  /* Abandoned (undo, new game, a change of players): never played. */
  if (search->stop != self->think_cancellable)
    return;

  g_clear_object (&self->think_cancellable);
  catur_game_notify (self, CATUR_GAME_PROP_THINKING);

  if (answer == NULL)
    {
      g_warning ("The computer found no move: %s", error->message);
      return;
    }
  g_return_if_fail (search->n_plies == catur_game_get_n_plies (self));
  if (!catur_game_play (self, &answer->move, &error))
    g_critical ("The computer's move was refused: %s", error->message);
}

/* When it is the computer's turn, starts its search in a worker thread on a copy of the
 * position; the move is played on this thread's main context when the search ends. */
void
catur_game_maybe_start_thinking (CaturGame *self)
{
  g_autoptr(GTask) task = NULL;
  CaturGameSearch *search;

  if (self->computer_side == CATUR_SIDE_NONE || self->think_cancellable != NULL
      || self->paused || catur_game_is_over (self)
      || catur_game_get_side_to_move (self) != self->computer_side
      || !catur_variant_can_think (self->variant))
    return;

  if (self->engine_entry != NULL)
    {
      catur_game_engine_think (self);
      return;
    }

  self->think_cancellable = g_cancellable_new ();
  search = catur_game_search_new (self, self->computer_level,
                            self->computer_level == CATUR_LEVEL_MASTER
                            ? self->computer_movetime : 0,
                            self->think_cancellable);
  if (self->computer_table == NULL || self->computer_table_mb != search->limits.hash_mb)
    {
      g_clear_pointer (&self->computer_table, catur_tt_unref);
      self->computer_table = catur_tt_new (search->limits.hash_mb);
      self->computer_table_mb = search->limits.hash_mb;
    }
  search->limits.tt = catur_tt_ref (self->computer_table);
  catur_game_clock_limits (self, &search->limits, search->limits.movetime);
  /* No source object: the task must not keep a dropped game alive. */
  task = g_task_new (NULL, NULL, computer_move_cb, NULL);
  g_task_set_source_tag (task, catur_game_maybe_start_thinking);
  g_task_set_task_data (task, search, catur_game_search_free);
  g_task_run_in_thread (task, catur_game_search_thread);

  catur_game_searches_changed (self, 1);
  catur_game_notify (self, CATUR_GAME_PROP_THINKING);
}

/**
 * catur_game_set_computer:
 * @self: a #CaturGame
 * @side: the side the computer plays, or %CATUR_SIDE_NONE for a game of two players
 * @level: its level
 * @movetime: its time a move at the master level, in ms (0 for the level's default); the
 *   other levels take the time their limits allow
 *
 * Sets who plays. When it is the computer's turn, it starts thinking at once, in a worker
 * thread; its move is played on the main context. A search in progress is abandoned.
 */
void
catur_game_set_computer (CaturGame  *self,
                         CaturSide   side,
                         CaturLevel  level,
                         guint       movetime)
{
  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (side <= CATUR_SIDE_NONE);
  g_return_if_fail (level < CATUR_N_LEVELS);

  catur_game_stop_thinking (self);
  self->computer_level = level;
  self->computer_movetime = movetime;
  if (self->computer_side != side)
    {
      CaturUndoPolicy policy = catur_game_get_undo_policy (self);

      self->computer_side = side;
      catur_game_init_clock (self);
      g_object_freeze_notify (G_OBJECT (self));
      catur_game_notify (self, CATUR_GAME_PROP_COMPUTER_SIDE);
      if (catur_game_get_undo_policy (self) != policy)
        catur_game_notify (self, CATUR_GAME_PROP_UNDO_POLICY);
      g_object_thaw_notify (G_OBJECT (self));
    }
  catur_game_maybe_start_thinking (self);
}

CaturSide
catur_game_get_computer_side (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), CATUR_SIDE_NONE);

  return self->computer_side;
}

CaturLevel
catur_game_get_computer_level (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), CATUR_LEVEL_INTERMEDIATE);

  return self->computer_level;
}

/* Whether the computer is searching for its move. */
gboolean
catur_game_get_thinking (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  return self->think_cancellable != NULL;
}

/* See CaturGame:n-searches. */
guint
catur_game_get_n_searches (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), 0);

  return self->n_searches;
}

/**
 * catur_game_set_paused:
 * @self: a #CaturGame
 * @paused: whether the game is put aside
 *
 * A game put aside (one a new game replaced, that the player may bring back) abandons the
 * computer's search and does not start another; taken up again, the computer thinks if it is
 * its turn.
 */
void
catur_game_set_paused (CaturGame *self,
                       gboolean   paused)
{
  g_return_if_fail (CATUR_IS_GAME (self));

  paused = !!paused;
  if (self->paused == paused)
    return;
  self->paused = paused;
  catur_game_engine_paused (self, paused);
  if (paused)
    {
      catur_game_stop_thinking (self);
      /* A game put aside may wait long: its table is not worth the memory. */
      g_clear_pointer (&self->computer_table, catur_tt_unref);
    }
  else
    catur_game_maybe_start_thinking (self);
  catur_game_sync_clock (self);
}

gboolean
catur_game_get_paused (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  return self->paused;
}
