/* catur-move-clock.c: the time left for the move, in a game with a per-move time limit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game declares how long a move may take (catur_game_get_move_time()); this clock counts
 * it down for the person to move, on the main loop: a GLib timeout wakes it a few times a
 * second and reads the monotonic clock, so nothing ever waits and a late wake-up loses no
 * time. Each ply starts the count again; it stands still while the players review earlier
 * positions. A game against the computer has no limit (catur_game_get_move_time()). When it
 * runs out, the game is told (catur_game_time_out()), and the variant decides what follows.
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
  guint tick_id;
  /* The seconds a move may take in the position counted for, 0 for no limit. */
  guint limit;
  /* The ply the count is for: another one starts the count again. */
  guint plies;
  /* The time left when the count last stopped or started, and when it started (0: stopped). */
  gint64 left_us;
  gint64 started_us;
  /* The whole seconds shown, -1 when the game has no limit. */
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

static gint64
time_left (CaturMoveClock *self)
{
  if (self->started_us == 0)
    return self->left_us;
  return self->left_us - (g_get_monotonic_time () - self->started_us);
}

static void
update_remaining (CaturMoveClock *self)
{
  int remaining = -1;

  if (self->limit > 0)
    {
      gint64 left = MAX (time_left (self), 0);

      /* 29.2 s left shows 30: the count reaches 0 when the time is up, not a second before. */
      remaining = (int) ((left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC);
    }
  if (remaining == self->remaining)
    return;
  self->remaining = remaining;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMAINING]);
}

static void
stop (CaturMoveClock *self)
{
  if (self->started_us == 0)
    return;
  self->left_us = time_left (self);
  self->started_us = 0;
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static gboolean
tick_cb (gpointer data)
{
  CaturMoveClock *self = data;

  update_remaining (self);
  if (time_left (self) > 0)
    return G_SOURCE_CONTINUE;

  self->tick_id = 0;
  catur_move_clock_expire (self);
  return G_SOURCE_REMOVE;
}

static void
start (CaturMoveClock *self)
{
  if (self->started_us != 0)
    return;
  self->started_us = g_get_monotonic_time ();
  self->tick_id = g_timeout_add (TICK_MS, tick_cb, self);
  g_source_set_name_by_id (self->tick_id, "[catur] move clock");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* Whether the person to move is using their time: not in review. */
static gboolean
should_run (CaturMoveClock *self)
{
  return !catur_game_is_reviewing (self->game);
}

/* Follows the game: a new ply (or a new limit) starts the count again. */
static void
sync_clock (CaturMoveClock *self)
{
  guint limit = self->game != NULL ? catur_game_get_move_time (self->game) : 0;
  guint plies = self->game != NULL ? catur_game_get_n_plies (self->game) : 0;

  if (limit == 0)
    {
      stop (self);
      self->limit = 0;
      update_remaining (self);
      return;
    }

  if (limit != self->limit || plies != self->plies)
    {
      gboolean running = self->started_us != 0;

      self->limit = limit;
      self->plies = plies;
      self->left_us = (gint64) limit * G_USEC_PER_SEC;
      self->started_us = running ? g_get_monotonic_time () : 0;
    }
  if (should_run (self))
    start (self);
  else
    stop (self);
  update_remaining (self);
}

static void
catur_move_clock_dispose (GObject *object)
{
  CaturMoveClock *self = CATUR_MOVE_CLOCK (object);

  catur_move_clock_set_game (self, NULL);

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
      g_value_set_boolean (value, self->started_us != 0);
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
  static const char * const signals[] = {
    "changed", "notify::view-ply", "notify::computer-side",
  };

  g_return_if_fail (CATUR_IS_MOVE_CLOCK (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  stop (self);
  self->limit = 0;
  g_set_object (&self->game, game);
  for (guint i = 0; game != NULL && i < G_N_ELEMENTS (signals); i++)
    g_signal_connect_object (game, signals[i], G_CALLBACK (sync_clock), self, G_CONNECT_SWAPPED);
  sync_clock (self);
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

  return self->started_us != 0;
}

/**
 * catur_move_clock_expire:
 * @self: a #CaturMoveClock
 *
 * The time for the move is up: what the clock does when its count reaches 0 (tests call it
 * rather than wait). The game hears of it (catur_game_time_out()) and plays a move for the
 * player or ends; the count starts again for the next move.
 */
void
catur_move_clock_expire (CaturMoveClock *self)
{
  g_autoptr(CaturGame) game = NULL;

  g_return_if_fail (CATUR_IS_MOVE_CLOCK (self));

  if (self->game == NULL || self->limit == 0)
    return;
  stop (self);
  self->left_us = 0;
  update_remaining (self);
  /* The game's answer may replace it here (a new game from the result card): hold it. */
  game = g_object_ref (self->game);
  catur_game_time_out (game);
  if (self->game == game)
    sync_clock (self);
}
