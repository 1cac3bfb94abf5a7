/* catur-game-clock.c: CaturGame's clocks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game keeps the players' clocks (CaturClock), so that every place a game is played (the
 * window, catur-engine, a network game) times it alike. Its time control is one of the game's
 * options (`clock`, catur_time_control_from_options()). The clock runs for the side to move
 * while the game is played live and nothing stops it (RULES.md §T3: review, a question to the
 * players, a game put aside, the end); a move presses it; when it runs out the game's rules
 * say what follows (catur_game_time_out()).
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include "catur-game-private.h"

/* The time control the game's clock keeps: the options', less a per-move limit when the
 * computer plays (a rule between two people: RULES.md §T3). */
static void
effective_control (CaturGame        *self,
                   CaturTimeControl *control)
{
  catur_time_control_from_options (self->options, control);
  if (control->kind == CATUR_CLOCK_PER_MOVE && self->computer_side != CATUR_SIDE_NONE)
    memset (control, 0, sizeof *control);
}

static void
clock_expired_cb (CaturGame *self,
                  guint      side)
{
  if (catur_game_is_over (self) || catur_game_get_side_to_move (self) != side
      || self->clock_not_referee)
    return;
  catur_game_time_out (self);
}

/* Makes the clock anew when the time control in force changed (the options, or who plays);
 * otherwise keeps it and its times. */
void
catur_game_init_clock (CaturGame *self)
{
  CaturTimeControl control;

  effective_control (self, &control);
  if (self->clock != NULL
      && catur_time_control_equal (&control, catur_clock_get_control (self->clock)))
    return;
  if (self->clock != NULL)
    {
      catur_clock_stop (self->clock);
      g_signal_handlers_disconnect_by_data (self->clock, self);
      g_clear_object (&self->clock);
    }
  self->clock = catur_clock_new (&control);
  g_signal_connect_object (self->clock, "expired", G_CALLBACK (clock_expired_cb), self,
                           G_CONNECT_SWAPPED);
  catur_game_notify (self, CATUR_GAME_PROP_CLOCK);
  catur_game_sync_clock (self);
}

/* Runs the clock of the side to move, or stops it, as the game now stands. */
void
catur_game_sync_clock (CaturGame *self)
{
  if (self->clock == NULL)
    return;
  if (self->clock_live && self->clock_holds == 0 && !self->paused && !catur_game_is_over (self)
      && !catur_game_is_reviewing (self))
    catur_clock_start (self->clock, catur_game_get_side_to_move (self));
  else
    catur_clock_stop (self->clock);
}

/* @side moved: its clock is pressed in a game played live (also when the move was played for
 * a player out of time, whose clock has stopped); a record replayed costs no time. */
void
catur_game_press_clock (CaturGame *self,
                        CaturSide  side)
{
  if (self->clock != NULL
      && (self->clock_live || catur_clock_get_running (self->clock) == side))
    catur_clock_press (self->clock, side);
}

/* The computer's time for its move, from its clock: the share the clock allows, never longer
 * than it takes without a clock (@movetime, or its level's default), so that a long game does
 * not make it slow; a short one makes it quick. */
void
catur_game_clock_limits (CaturGame         *self,
                         CaturSearchLimits *limits,
                         guint              movetime)
{
  const CaturTimeControl *control = catur_clock_get_control (self->clock);
  CaturSide side = self->computer_side;
  guint usual = movetime > 0 ? movetime
                             : catur_level_get_spec (limits->level)->default_movetime;

  switch (control->kind)
    {
    case CATUR_CLOCK_NONE:
    case CATUR_CLOCK_PER_MOVE:
      limits->movetime = movetime;
      return;
    case CATUR_CLOCK_BYOYOMI:
      catur_search_limits_set_byoyomi (limits, catur_clock_get_main (self->clock, side),
                                       (gint64) control->extra * 1000);
      break;
    case CATUR_CLOCK_FISCHER:
      catur_search_limits_set_clock (limits, catur_clock_get_main (self->clock, side),
                                     (gint64) control->extra * 1000, 0);
      break;
    case CATUR_CLOCK_BRONSTEIN:
      /* The delay comes back only when the move is made within it: count it as a small
       * increment. */
      catur_search_limits_set_clock (limits, catur_clock_get_main (self->clock, side),
                                     (gint64) control->extra * 500, 0);
      break;
    case CATUR_CLOCK_SUDDEN_DEATH:
    default:
      catur_search_limits_set_clock (limits, catur_clock_get_main (self->clock, side), 0, 0);
      break;
    }
  if (usual > 0 && limits->soft_movetime > usual)
    {
      limits->soft_movetime = usual;
      limits->movetime = MIN (limits->movetime, usual * 2);
    }
}

/**
 * catur_game_get_clock:
 *
 * The players' clocks. A game with no time control has one too, of kind %CATUR_CLOCK_NONE,
 * which never runs. The game makes a new one when its time control changes (new options, a
 * per-move limit dropped when the computer takes a side): see CaturGame:clock.
 *
 * Returns: (transfer none): the clock
 */
CaturClock *
catur_game_get_clock (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return self->clock;
}

/**
 * catur_game_set_clock_live:
 * @live: whether somebody plays the game now
 *
 * The clock counts only while the game is played live: the window sets it while the game is
 * shown and no question to the players stands (a take-back asked of the opponent), a match
 * while it plays. A game replayed from a record, or made by a test, is not live, so its moves
 * cost no time. Even live, the clock stops in review, for a game put aside, and at the end.
 */
void
catur_game_set_clock_live (CaturGame *self,
                           gboolean   live)
{
  g_return_if_fail (CATUR_IS_GAME (self));

  self->clock_live = !!live;
  catur_game_sync_clock (self);
}

gboolean
catur_game_get_clock_live (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  return self->clock_live;
}

/**
 * catur_game_hold_clock:
 *
 * A question stands that the players must answer before play goes on (RULES.md §T3: a
 * take-back asked of the opponent, a resignation to confirm, the new-game dialog): the clock
 * stops until catur_game_release_clock() is called as many times.
 */
void
catur_game_hold_clock (CaturGame *self)
{
  g_return_if_fail (CATUR_IS_GAME (self));

  self->clock_holds++;
  catur_game_sync_clock (self);
}

void
catur_game_release_clock (CaturGame *self)
{
  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (self->clock_holds > 0);

  self->clock_holds--;
  catur_game_sync_clock (self);
}

/**
 * catur_game_set_clock_referee:
 * @referee: whether the game acts when its clock runs out
 *
 * A game is its own referee by default: when the clock of the side to move runs out it calls
 * catur_game_time_out(). A game played over the network is not, where another program decides:
 * the joiner's clock only shows the host's readings (the host's time-out comes as a message),
 * and a move played for a player out of time is played by that player's own program, through
 * the network, like any of its moves. The clock still runs and emits #CaturClock::expired.
 */
void
catur_game_set_clock_referee (CaturGame *self,
                              gboolean   referee)
{
  g_return_if_fail (CATUR_IS_GAME (self));

  self->clock_not_referee = !referee;
}

/**
 * catur_game_get_time_out_move:
 * @time_outs: how many times in a row the player to move has run out of time, this one
 *   included
 * @move: (out): the move to play for the player, when there is one
 *
 * What catur_game_time_out() would do now, without doing it: for a program that plays the
 * move itself (a network game, catur_game_set_clock_referee()).
 *
 * Returns: %TRUE when a move is to be played for the player (@move); %FALSE when the time-out
 *   ends the game, or the game is over
 */
gboolean
catur_game_get_time_out_move (CaturGame *self,
                              guint      time_outs,
                              CaturMove *move)
{
  CaturOutcome outcome;

  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (catur_game_is_over (self)
      || catur_clock_get_control (self->clock)->kind != CATUR_CLOCK_PER_MOVE)
    return FALSE;
  return catur_variant_time_out (self->variant, catur_game_get_position (self), self->history,
                                 time_outs, move, &outcome)
         && outcome.result == CATUR_RESULT_ONGOING;
}
