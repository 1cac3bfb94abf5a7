/* catur-game-hint.c: hints for the side to move, at the intermediate level
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "catur.h"
#include "catur-game-private.h"

/* The position is about to change: hints being worked out for it are cancelled. */
void
catur_game_drop_hints (CaturGame *self)
{
  if (self->hint_cancellable == NULL)
    return;

  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
}

static void
hint_done_cb (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GTask *outer = user_data;
  CaturGame *self = g_task_get_source_object (outer);
  GError *error = NULL;
  CaturSearchResult *answer;

  catur_game_searches_changed (self, -1);
  answer = g_task_propagate_pointer (G_TASK (result), &error);
  if (answer == NULL)
    g_task_return_error (outer, error);
  else
    g_task_return_pointer (outer, answer, g_free);
  g_object_unref (outer);
}

/**
 * catur_game_hint_async:
 * @self: a #CaturGame
 * @cancellable: (nullable): a #GCancellable
 * @callback: called on the calling thread's main context with the hint
 * @user_data: its data
 *
 * Looks for a good move for the side to move, at the intermediate level, in a worker thread.
 * A move or undo before it is found cancels it.
 */
void
catur_game_hint_async (CaturGame           *self,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) inner = NULL;
  GTask *outer;

  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, catur_game_hint_async);
  if (catur_game_is_over (self))
    {
      g_task_return_new_error (outer, CATUR_GAME_ERROR, CATUR_GAME_ERROR_GAME_OVER,
                               _("The game is over"));
      g_object_unref (outer);
      return;
    }

  if (self->hint_cancellable == NULL)
    self->hint_cancellable = g_cancellable_new ();
  /* The engine of another program chosen gives the hints while it is free. */
  if (catur_game_engine_hint (self, outer))
    {
      g_object_unref (outer);
      return;
    }
  /* The search stops when the position changes; the caller's cancellable only decides what
   * it is told (a hint's search is short). */
  inner = g_task_new (NULL, NULL, hint_done_cb, outer);
  g_task_set_task_data (inner,
                        catur_game_search_new (self, self->hint_level, 0, self->hint_cancellable),
                        catur_game_search_free);
  g_task_run_in_thread (inner, catur_game_search_thread);
  catur_game_searches_changed (self, 1);
}

/**
 * catur_game_set_hint_level:
 * @self: a #CaturGame
 * @level: the rung of the ladder hints are searched at (%CATUR_LEVEL_HINT unless set)
 *
 * A hint asked for from now on searches as @level plays; one under way is not changed.
 */
void
catur_game_set_hint_level (CaturGame  *self,
                           CaturLevel  level)
{
  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (level < CATUR_N_LEVELS);

  self->hint_level = level;
}

CaturLevel
catur_game_get_hint_level (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), CATUR_LEVEL_HINT);

  return self->hint_level;
}

/**
 * catur_game_hint_finish:
 * @self: a #CaturGame
 * @result: the result given to the callback
 * @move: (out caller-allocates): the move suggested
 * @error: a #GError, %G_IO_ERROR_CANCELLED when the position changed or @cancellable was
 *   cancelled
 *
 * Returns: %TRUE with @move set, else %FALSE with @error set
 */
gboolean
catur_game_hint_finish (CaturGame     *self,
                        GAsyncResult  *result,
                        CaturMove     *move,
                        GError       **error)
{
  g_autofree CaturSearchResult *answer = NULL;

  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  answer = g_task_propagate_pointer (G_TASK (result), error);
  if (answer == NULL)
    return FALSE;
  *move = answer->move;
  return TRUE;
}

