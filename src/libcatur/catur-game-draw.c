/* catur-game-draw.c: the computer's answer to a draw offer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computer agrees a draw by its own judgement, never to please: only when the game is a
 * dead draw by its rules, or when a short search of a fixed depth has found the position level
 * after each of its last two moves and little material is left to play for. Whatever it
 * answers, it says why, so that the player learns what it saw.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "catur.h"
#include "catur-game-private.h"

/* Deep enough to see a piece hang or a mate in two, short enough to answer at once. */
#define JUDGE_DEPTH 5
#define JUDGE_HASH_MB 4
/* A third of a pawn, in the search's centipawns: within it the position counts as level. */
#define LEVEL_MARGIN 33
/* At most a third of the pieces the game starts with: little material is left. */
#define LOW_MATERIAL_DIVISOR 3
/* A player out of time so often that every game's rule ends the game for it (Banqi's and
 * Sandbox's second time-out in a row loses), so that time_out() tells who could still win. */
#define FINAL_TIME_OUTS 2

/* The pieces on the board and in both hands. */
static guint
count_pieces (CaturVariant        *variant,
              const CaturPosition *position)
{
  CaturGeometry geometry;
  const guint8 *kinds;
  guint n_kinds = 0, count = 0;

  catur_variant_get_geometry (variant, &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      CaturPiece piece;

      if (catur_variant_piece_at (variant, position, (CaturSquare) square, &piece))
        count++;
    }
  kinds = catur_variant_list_hand_kinds (variant, &n_kinds);
  for (guint i = 0; i < n_kinds; i++)
    for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
      count += catur_variant_hand_count (variant, position, side, kinds[i]);
  return count;
}

/* Whether the side to move, out of time for good, would only draw: its opponent has nothing
 * left to win with (the game's own time-out rule knows what may still mate). */
static gboolean
opponent_cannot_win (CaturVariant        *variant,
                     const CaturPosition *position)
{
  CaturOutcome outcome;
  CaturMove move = { 0 };

  catur_outcome_init (&outcome);
  if (catur_variant_time_out (variant, position, NULL, FINAL_TIME_OUTS, &move, &outcome))
    return FALSE;
  return outcome.result == CATUR_RESULT_DRAW;
}

/* A dead draw by the game's rules: the rules call it one already (insufficient material), or
 * neither side can win, whatever the side to move plays. */
static gboolean
is_dead_draw (CaturVariant        *variant,
              const CaturPosition *position)
{
  CaturOutcome outcome;
  g_autoptr(GArray) moves = NULL;

  catur_outcome_init (&outcome);
  catur_variant_status (variant, position, NULL, &outcome);
  if (outcome.result == CATUR_RESULT_DRAW && outcome.reason == CATUR_REASON_INSUFFICIENT_MATERIAL)
    return TRUE;
  if (outcome.result != CATUR_RESULT_ONGOING)
    return FALSE;

  moves = catur_variant_legal_moves (variant, position);
  if (moves->len == 0 || !opponent_cannot_win (variant, position))
    return FALSE;
  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove move = g_array_index (moves, CaturMove, i);
      g_autoptr(GArray) replies = NULL;
      CaturPosition *after = catur_position_copy (position);
      gboolean dead;

      catur_variant_play (variant, after, &move);
      replies = catur_variant_legal_moves (variant, after);
      dead = replies->len > 0 && opponent_cannot_win (variant, after);
      catur_position_free (after);
      if (!dead)
        return FALSE;
    }
  return TRUE;
}

/* The score of @position for @judge after a search of JUDGE_DEPTH plies. */
static gboolean
judge_score (CaturVariant        *variant,
             const CaturPosition *position,
             CaturSide            judge,
             GCancellable        *cancellable,
             int                 *score,
             GError             **error)
{
  g_autofree CaturSearchResult *result = g_new0 (CaturSearchResult, 1);
  CaturSearchLimits limits;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = JUDGE_DEPTH;
  limits.hash_mb = JUDGE_HASH_MB;
  if (!catur_variant_think (variant, position, &limits, NULL, NULL, cancellable, result, error)
      || g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (!result->has_move)
    {
      g_set_error (error, CATUR_GAME_ERROR, CATUR_GAME_ERROR_GAME_OVER,
                   _("There is no legal move"));
      return FALSE;
    }
  *score = catur_variant_side_to_move (variant, position) == judge ? result->score
                                                                    : -result->score;
  return TRUE;
}

/**
 * catur_variant_judge_draw_offer:
 * @self: a #CaturVariant
 * @positions: (element-type CaturPosition): the positions the computer judges, the one on the
 *   board last: the positions after its last two moves, and the present one when the
 *   opponent has moved since
 * @judge: the side the computer plays, which is offered the draw
 * @cancellable: (nullable): stops the searches
 * @accept: (out): whether the computer accepts the draw
 * @reason: (out) (transfer full): a translated sentence saying why, for the player
 * @error: a #GError
 *
 * The computer's answer to a draw offer, from its own judgement: it accepts a dead draw by
 * the game's rules (no side can win with the material left), or a position that a search of
 * a fixed depth scores within a third of a pawn in each of @positions while no more than a
 * third of the start's pieces are left; it declines everything else. The searches take a
 * moment: call it in a worker thread (catur_game_judge_draw_offer_async()).
 *
 * Returns: %FALSE with @error set when a search failed or was cancelled
 */
gboolean
catur_variant_judge_draw_offer (CaturVariant  *self,
                                GPtrArray     *positions,
                                CaturSide      judge,
                                GCancellable  *cancellable,
                                gboolean      *accept,
                                char         **reason,
                                GError       **error)
{
  const CaturPosition *now;
  g_autoptr(CaturPosition) start = NULL;
  gboolean level = TRUE;
  int score = 0;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (positions != NULL && positions->len > 0, FALSE);
  g_return_val_if_fail (judge <= CATUR_SIDE_SECOND, FALSE);
  g_return_val_if_fail (accept != NULL && reason != NULL && *reason == NULL, FALSE);

  now = g_ptr_array_index (positions, positions->len - 1);
  if (is_dead_draw (self, now))
    {
      *accept = TRUE;
      *reason = g_strdup (_("The computer accepts the draw: neither side can win with the "
                            "material left"));
      return TRUE;
    }

  for (guint i = 0; i < positions->len; i++)
    {
      if (!judge_score (self, g_ptr_array_index (positions, i), judge, cancellable, &score,
                        error))
        return FALSE;
      level = level && ABS (score) <= LEVEL_MARGIN;
    }

  *accept = FALSE;
  if (score > LEVEL_MARGIN)
    *reason = g_strdup (_("The computer declines: it thinks it stands better"));
  else if (!level)
    *reason = g_strdup (_("The computer declines: it does not think the position is level"));
  else
    {
      start = catur_variant_new_position (self, NULL, 0);
      if (count_pieces (self, now) * LOW_MATERIAL_DIVISOR > count_pieces (self, start))
        *reason = g_strdup (_("The computer declines: too much material is left to agree a "
                              "draw"));
      else
        {
          *accept = TRUE;
          *reason = g_strdup (_("The computer accepts the draw: the position is level and "
                                "little material is left"));
        }
    }
  return TRUE;
}

typedef struct
{
  CaturVariant *variant;
  GPtrArray *positions;
  CaturSide judge;
  GCancellable *stop;
} Judgement;

typedef struct
{
  gboolean accept;
  char *reason;
} Answer;

static void
judgement_free (gpointer data)
{
  Judgement *judgement = data;

  g_clear_object (&judgement->variant);
  g_clear_pointer (&judgement->positions, g_ptr_array_unref);
  g_clear_object (&judgement->stop);
  g_free (judgement);
}

static void
answer_free (gpointer data)
{
  Answer *answer = data;

  g_free (answer->reason);
  g_free (answer);
}

static void
judge_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Judgement *judgement = task_data;
  Answer *answer = g_new0 (Answer, 1);
  GError *error = NULL;

  if (!catur_variant_judge_draw_offer (judgement->variant, judgement->positions,
                                       judgement->judge, judgement->stop, &answer->accept,
                                       &answer->reason, &error))
    {
      answer_free (answer);
      g_task_return_error (task, error);
    }
  else
    g_task_return_pointer (task, answer, answer_free);
}

static void
judged_cb (GObject      *source_object,
           GAsyncResult *result,
           gpointer      user_data)
{
  GTask *outer = user_data;
  CaturGame *self = g_task_get_source_object (outer);
  GError *error = NULL;
  Answer *answer;

  catur_game_searches_changed (self, -1);
  answer = g_task_propagate_pointer (G_TASK (result), &error);
  if (answer == NULL)
    g_task_return_error (outer, error);
  else
    g_task_return_pointer (outer, answer, answer_free);
  g_object_unref (outer);
}

/**
 * catur_game_judge_draw_offer_async:
 * @self: a #CaturGame against the computer, with a draw offer standing from the person
 * @cancellable: (nullable): a #GCancellable
 * @callback: called on the calling thread's main context with the answer
 * @user_data: its data
 *
 * The computer weighs the standing draw offer in a worker thread
 * (catur_variant_judge_draw_offer()) on the positions after its last two moves, and on the
 * present one when the person has moved since. A move or undo before it answers cancels it;
 * the caller gives the answer with catur_game_answer_draw_offer().
 */
void
catur_game_judge_draw_offer_async (CaturGame           *self,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) inner = NULL;
  GTask *outer;
  Judgement *judgement;
  guint n = catur_game_get_n_plies (self);
  guint own[2], n_own = 0;

  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, catur_game_judge_draw_offer_async);
  if (self->computer_side == CATUR_SIDE_NONE || self->draw_offer == CATUR_SIDE_NONE
      || catur_game_is_over (self))
    {
      g_task_return_new_error (outer, CATUR_GAME_ERROR, CATUR_GAME_ERROR_GAME_OVER,
                               _("There is no draw offer for the computer to answer"));
      g_object_unref (outer);
      return;
    }

  judgement = g_new0 (Judgement, 1);
  judgement->variant = g_object_ref (self->variant);
  judgement->judge = self->computer_side;
  judgement->positions = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_position_free);
  /* The plies of the computer's last two moves, the newest first. */
  for (guint ply = n; ply > 0 && n_own < G_N_ELEMENTS (own); ply--)
    if (catur_variant_side_to_move (self->variant,
                                    catur_game_get_position_at (self, ply - 1))
        == self->computer_side)
      own[n_own++] = ply;
  for (guint i = n_own; i > 0; i--)
    g_ptr_array_add (judgement->positions,
                     catur_position_copy (catur_game_get_position_at (self, own[i - 1])));
  /* The present position, last, unless it is the one the computer's last move made. */
  if (n_own == 0 || own[0] != n)
    g_ptr_array_add (judgement->positions, catur_position_copy (catur_game_get_position (self)));

  /* Like a hint's search, it is worthless once the position changes. */
  if (self->hint_cancellable == NULL)
    self->hint_cancellable = g_cancellable_new ();
  judgement->stop = g_object_ref (self->hint_cancellable);
  inner = g_task_new (NULL, NULL, judged_cb, outer);
  g_task_set_task_data (inner, judgement, judgement_free);
  g_task_run_in_thread (inner, judge_thread);
  catur_game_searches_changed (self, 1);
}

/**
 * catur_game_judge_draw_offer_finish:
 * @self: a #CaturGame
 * @result: the result given to the callback
 * @accept: (out): whether the computer accepts the draw
 * @reason: (out) (transfer full): a translated sentence saying why
 * @error: a #GError, %G_IO_ERROR_CANCELLED when the position changed or @cancellable was
 *   cancelled
 *
 * Returns: %TRUE with @accept and @reason set, else %FALSE with @error set
 */
gboolean
catur_game_judge_draw_offer_finish (CaturGame     *self,
                                    GAsyncResult  *result,
                                    gboolean      *accept,
                                    char         **reason,
                                    GError       **error)
{
  Answer *answer;

  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (accept != NULL && reason != NULL, FALSE);

  answer = g_task_propagate_pointer (G_TASK (result), error);
  if (answer == NULL)
    return FALSE;
  *accept = answer->accept;
  *reason = g_steal_pointer (&answer->reason);
  answer_free (answer);
  return TRUE;
}
