/* catur-move-clock.c: the time left to the player to move, for the turn panel and the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game keeps the clocks (CaturGame's CaturClock); this follows them for the shell: the
 * whole seconds the player to move has, refreshed a few times a second while the clock runs.
 * It also tells the game it is played live (catur_game_set_clock_live()) while it follows it,
 * so that a game's clock runs only while it is shown.
 */
#define G_LOG_DOMAIN "catur-move-clock"

#include "config.h"

#include "catur-move-clock.h"

/* Often enough that the seconds shown change on time. */
#define TICK_MS 200

struct _CaturMoveClock
{
  GObject parent_instance;

  CaturGame *game;
  CaturClock *clock;
  guint tick_id;
  /* The whole seconds shown, -1 when the game has no clock. */
  int remaining;
};

G_DEFINE_FINAL_TYPE (CaturMoveClock, catur_move_clock, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_REMAINING,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_remaining (CaturMoveClock *self)
{
  int remaining = -1;

  if (self->clock != NULL && catur_clock_is_timed (self->clock)
      && !catur_game_is_over (self->game))
    {
      gint64 left = catur_clock_get_remaining (self->clock,
                                               catur_game_get_side_to_move (self->game));

      /* 29.2 s left shows 30: the count reaches 0 when the time is up, not a second before. */
      remaining = (int) ((MAX (left, 0) + 999) / 1000);
    }
  if (remaining == self->remaining)
    return;
  self->remaining = remaining;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMAINING]);
}

static gboolean
tick_cb (gpointer data)
{
  update_remaining (data);
  return G_SOURCE_CONTINUE;
}

/* Follows the game's clock: counts while it runs. */
static void
sync_clock (CaturMoveClock *self)
{
  gboolean running = self->clock != NULL
                     && catur_clock_get_running (self->clock) != CATUR_SIDE_NONE;

  if (running && self->tick_id == 0)
    {
      self->tick_id = g_timeout_add (TICK_MS, tick_cb, self);
      g_source_set_name_by_id (self->tick_id, "[catur] move clock");
    }
  else if (!running)
    g_clear_handle_id (&self->tick_id, g_source_remove);
  update_remaining (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* The game made a new clock (a new time control): follow that one. */
static void
game_clock_changed_cb (CaturMoveClock *self)
{
  CaturClock *clock = self->game != NULL ? catur_game_get_clock (self->game) : NULL;

  if (clock != self->clock)
    {
      if (self->clock != NULL)
        g_signal_handlers_disconnect_by_data (self->clock, self);
      g_set_object (&self->clock, clock);
      if (clock != NULL)
        g_signal_connect_object (clock, "changed", G_CALLBACK (sync_clock), self,
                                 G_CONNECT_SWAPPED);
    }
  sync_clock (self);
}

static void
catur_move_clock_dispose (GObject *object)
{
  CaturMoveClock *self = CATUR_MOVE_CLOCK (object);

  catur_move_clock_set_game (self, NULL);
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  g_clear_handle_id (&self->tick_id, g_source_remove);

  G_OBJECT_CLASS (catur_move_clock_parent_class)->dispose (object);
}

static void
catur_move_clock_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CaturMoveClock *self = CATUR_MOVE_CLOCK (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_REMAINING:
      g_value_set_int (value, self->remaining);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, catur_move_clock_get_running (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_move_clock_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CaturMoveClock *self = CATUR_MOVE_CLOCK (object);

  switch (prop_id)
    {
    case PROP_GAME:
      catur_move_clock_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_move_clock_class_init (CaturMoveClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_move_clock_dispose;
  object_class->get_property = catur_move_clock_get_property;
  object_class->set_property = catur_move_clock_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CATUR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CaturMoveClock:remaining:
   *
   * The whole seconds left for the move (rounded up), -1 when the game has no time limit.
   */
  properties[PROP_REMAINING] =
    g_param_spec_int ("remaining", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CaturMoveClock:running:
   *
   * Whether the time is counting down now: not in review, and never against the computer.
   */
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
catur_move_clock_init (CaturMoveClock *self)
{
  self->remaining = -1;
}

CaturMoveClock *
catur_move_clock_new (void)
{
  return g_object_new (CATUR_TYPE_MOVE_CLOCK, NULL);
}

CaturGame *
catur_move_clock_get_game (CaturMoveClock *self)
{
  g_return_val_if_fail (CATUR_IS_MOVE_CLOCK (self), NULL);

  return self->game;
}

/**
 * catur_move_clock_set_game:
 * @game: (nullable): the game to count the time of
 *
 * Counts the time of @game's moves from now: a game taken up again starts its move afresh.
 */
void
catur_move_clock_set_game (CaturMoveClock *self,
                           CaturGame      *game)
{
  static const char * const signals[] = { "changed", "notify::clock" };

  g_return_if_fail (CATUR_IS_MOVE_CLOCK (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      /* Nobody plays the game left: its clock stops. */
      catur_game_set_clock_live (self->game, FALSE);
    }
  g_set_object (&self->game, game);
  for (guint i = 0; game != NULL && i < G_N_ELEMENTS (signals); i++)
    g_signal_connect_object (game, signals[i], G_CALLBACK (game_clock_changed_cb), self,
                             G_CONNECT_SWAPPED);
  if (game != NULL)
    catur_game_set_clock_live (game, TRUE);
  game_clock_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/* Returns: the whole seconds left for the move, -1 when the game has no time limit */
int
catur_move_clock_get_remaining (CaturMoveClock *self)
{
  g_return_val_if_fail (CATUR_IS_MOVE_CLOCK (self), -1);

  return self->remaining;
}

gboolean
catur_move_clock_get_running (CaturMoveClock *self)
{
  g_return_val_if_fail (CATUR_IS_MOVE_CLOCK (self), FALSE);

  return self->clock != NULL && catur_clock_get_running (self->clock) != CATUR_SIDE_NONE;
}

/**
 * catur_move_clock_expire:
 * @self: a #CaturMoveClock
 *
 * The time of the player to move is up now, as if the clock had reached 0 (tests call it
 * rather than wait): the game hears of it (catur_game_time_out()) and plays a move for the
 * player or ends.
 */
void
catur_move_clock_expire (CaturMoveClock *self)
{
  g_autoptr(CaturGame) game = NULL;

  g_return_if_fail (CATUR_IS_MOVE_CLOCK (self));

  if (self->game == NULL || self->clock == NULL || !catur_clock_is_timed (self->clock))
    return;
  /* The game's answer may replace it here (a new game from the result card): hold it. */
  game = g_object_ref (self->game);
  catur_clock_stop (self->clock);
  catur_game_time_out (game);
}
