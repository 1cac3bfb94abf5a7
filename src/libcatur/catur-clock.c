/* catur-clock.c: the players' clocks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One clock model for every game and every user of it (the window, catur-engine, network
 * play): CaturGame owns a CaturClock and presses it after each move, as players press a chess
 * clock. The clock keeps, for each side, the main time left when it last stopped and the
 * byoyomi periods left; the running side's time is worked out from the monotonic clock when
 * asked, so a late wake-up loses nothing. A single timeout, set for the moment the running
 * side would run out, emits "expired": nobody has to poll for a flag to fall.
 */
#define G_LOG_DOMAIN "catur-clock"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "catur.h"

/* The time a side has when its clock shows it in red: the moment to hurry. */
#define LOW_TIME_MS 10000
/* The longest main time and the longest extra a text may ask for: ten hours, one hour. */
#define MAX_MAIN 36000
#define MAX_EXTRA 3600

struct _CaturClock
{
  GObject parent_instance;

  CaturTimeControl control;
  /* Each side's main time left (ms) and byoyomi periods left after its last move, and the
   * time its move in progress has taken while its clock ran before (review stops it). */
  gint64 main_ms[2];
  guint periods[2];
  gint64 used_ms[2];
  /* The side whose clock runs (CATUR_SIDE_NONE: stopped) and since when (monotonic µs). */
  CaturSide running;
  gint64 started_us;
  guint flag_id;
  guint low_id;
};

G_DEFINE_FINAL_TYPE (CaturClock, catur_clock, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  SIGNAL_EXPIRED,
  SIGNAL_LOW,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What a side's clock reads after @elapsed ms of its move. */
typedef struct
{
  gint64 main_ms;   /* main time left (0 once spent) */
  gint64 shown_ms;  /* what the clock shows: main time, the period, or the move's time */
  guint periods;    /* byoyomi periods left, the one running included */
  gboolean byoyomi; /* counting a period */
  gboolean flagged; /* out of time */
} Reading;

static Reading
read_side (CaturClock *self,
           CaturSide   side,
           gint64      elapsed)
{
  const CaturTimeControl *c = &self->control;
  gint64 period = (gint64) c->extra * 1000;
  Reading r = { self->main_ms[side], 0, self->periods[side], FALSE, FALSE };

  switch (c->kind)
    {
    case CATUR_CLOCK_PER_MOVE:
      r.shown_ms = period - elapsed;
      break;
    case CATUR_CLOCK_BYOYOMI:
      r.main_ms = self->main_ms[side] - elapsed;
      if (r.main_ms > 0)
        {
          r.shown_ms = r.main_ms;
          break;
        }
      else
        {
          gint64 over = -r.main_ms;
          guint used = (guint) MIN (over / MAX (period, 1), G_MAXUINT);

          r.main_ms = 0;
          r.byoyomi = TRUE;
          if (used >= self->periods[side])
            {
              r.periods = 0;
              r.shown_ms = 0;
            }
          else
            {
              r.periods = self->periods[side] - used;
              r.shown_ms = period - over % period;
            }
        }
      break;
    case CATUR_CLOCK_SUDDEN_DEATH:
    case CATUR_CLOCK_FISCHER:
    case CATUR_CLOCK_BRONSTEIN:
      r.main_ms = self->main_ms[side] - elapsed;
      r.shown_ms = r.main_ms;
      break;
    case CATUR_CLOCK_NONE:
    default:
      return r;
    }
  r.flagged = r.shown_ms <= 0;
  r.shown_ms = MAX (r.shown_ms, 0);
  r.main_ms = MAX (r.main_ms, 0);
  return r;
}

/* The time @side's move in progress has taken so far. */
static gint64
elapsed_ms (CaturClock *self,
            CaturSide   side)
{
  if (side == CATUR_SIDE_NONE)
    return 0;
  if (self->running != side)
    return self->used_ms[side];
  return self->used_ms[side] + (g_get_monotonic_time () - self->started_us) / 1000;
}

static Reading
read_now (CaturClock *self,
          CaturSide   side)
{
  return read_side (self, side, elapsed_ms (self, side));
}

static void schedule_flag (CaturClock *self);

static gboolean
flag_cb (gpointer data)
{
  CaturClock *self = data;
  CaturSide side = self->running;

  self->flag_id = 0;
  if (side == CATUR_SIDE_NONE)
    return G_SOURCE_REMOVE;
  if (!read_now (self, side).flagged)
    {
      /* Woken a little early: wait for the rest. */
      schedule_flag (self);
      return G_SOURCE_REMOVE;
    }
  catur_clock_stop (self);
  g_signal_emit (self, signals[SIGNAL_EXPIRED], 0, side);
  return G_SOURCE_REMOVE;
}

static gboolean
low_cb (gpointer data)
{
  CaturClock *self = data;

  self->low_id = 0;
  if (self->running != CATUR_SIDE_NONE && catur_clock_is_low (self, self->running))
    g_signal_emit (self, signals[SIGNAL_LOW], 0, self->running);
  return G_SOURCE_REMOVE;
}

static void
schedule_flag (CaturClock *self)
{
  gint64 left;

  g_clear_handle_id (&self->flag_id, g_source_remove);
  g_clear_handle_id (&self->low_id, g_source_remove);
  if (self->running == CATUR_SIDE_NONE)
    return;
  left = catur_clock_get_flag_time (self, self->running);
  self->flag_id = g_timeout_add ((guint) CLAMP (left + 1, 1, G_MAXINT), flag_cb, self);
  g_source_set_name_by_id (self->flag_id, "[catur] clock flag");
  /* Warned once a move, when the time crosses into the last seconds: a move started with
   * less left than that has been warned already, or never had the time to be. */
  if (left > LOW_TIME_MS && !catur_clock_is_low (self, self->running))
    {
      self->low_id = g_timeout_add ((guint) MIN (left - LOW_TIME_MS + 1, G_MAXINT), low_cb,
                                    self);
      g_source_set_name_by_id (self->low_id, "[catur] clock low");
    }
}

static void
reset (CaturClock *self)
{
  for (guint side = 0; side < 2; side++)
    {
      self->main_ms[side] = (gint64) self->control.main * 1000;
      self->periods[side] = self->control.kind == CATUR_CLOCK_BYOYOMI ? self->control.periods : 0;
      self->used_ms[side] = 0;
    }
}

static void
catur_clock_dispose (GObject *object)
{
  CaturClock *self = CATUR_CLOCK (object);

  g_clear_handle_id (&self->flag_id, g_source_remove);
  g_clear_handle_id (&self->low_id, g_source_remove);

  G_OBJECT_CLASS (catur_clock_parent_class)->dispose (object);
}

static void
catur_clock_class_init (CaturClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_clock_dispose;

  /**
   * CaturClock::changed:
   *
   * The clock started, stopped, was pressed or set: what it shows jumped, or begins or stops
   * counting. Between these it counts down without a signal; a display reads it on its own
   * ticks.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  /**
   * CaturClock::expired:
   * @side: the side out of time
   *
   * The running side's time ran out; the clock has stopped.
   */
  signals[SIGNAL_EXPIRED] =
    g_signal_new ("expired", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /**
   * CaturClock::low:
   * @side: the side short of time
   *
   * The running side's clock has just become low (catur_clock_is_low()): the moment to warn
   * the player, once a move. A move begun already low is not warned again.
   */
  signals[SIGNAL_LOW] =
    g_signal_new ("low", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
catur_clock_init (CaturClock *self)
{
  self->running = CATUR_SIDE_NONE;
}

/**
 * catur_clock_new:
 * @control: (nullable): the time control, %NULL for none
 *
 * Returns: (transfer full): a stopped clock with each side's full time
 */
CaturClock *
catur_clock_new (const CaturTimeControl *control)
{
  CaturClock *self = g_object_new (CATUR_TYPE_CLOCK, NULL);

  if (control != NULL)
    self->control = *control;
  reset (self);
  return self;
}

const CaturTimeControl *
catur_clock_get_control (CaturClock *self)
{
  g_return_val_if_fail (CATUR_IS_CLOCK (self), NULL);

  return &self->control;
}

/* Returns: whether the clock keeps time at all (its kind is not %CATUR_CLOCK_NONE) */
gboolean
catur_clock_is_timed (CaturClock *self)
{
  g_return_val_if_fail (CATUR_IS_CLOCK (self), FALSE);

  return self->control.kind != CATUR_CLOCK_NONE;
}

/* Returns: the side whose clock runs, %CATUR_SIDE_NONE when stopped */
CaturSide
catur_clock_get_running (CaturClock *self)
{
  g_return_val_if_fail (CATUR_IS_CLOCK (self), CATUR_SIDE_NONE);

  return self->running;
}

/**
 * catur_clock_start:
 * @side: the side to move
 *
 * Runs @side's clock from now (nothing for a clock without time, or when it runs already).
 * A per-move clock starts the move's full time.
 */
void
catur_clock_start (CaturClock *self,
                   CaturSide   side)
{
  g_return_if_fail (CATUR_IS_CLOCK (self));
  g_return_if_fail (side <= CATUR_SIDE_SECOND);

  if (self->control.kind == CATUR_CLOCK_NONE || self->running == side)
    return;
  if (self->running != CATUR_SIDE_NONE)
    catur_clock_stop (self);
  self->running = side;
  self->started_us = g_get_monotonic_time ();
  schedule_flag (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/**
 * catur_clock_stop:
 *
 * Stops the running clock where it stands, with no increment: the move is not over (review,
 * a question to the players, the end of the game), and goes on from there at the next start.
 */
void
catur_clock_stop (CaturClock *self)
{
  CaturSide side;

  g_return_if_fail (CATUR_IS_CLOCK (self));

  side = self->running;
  if (side == CATUR_SIDE_NONE)
    return;
  self->used_ms[side] = elapsed_ms (self, side);
  self->running = CATUR_SIDE_NONE;
  g_clear_handle_id (&self->flag_id, g_source_remove);
  g_clear_handle_id (&self->low_id, g_source_remove);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/**
 * catur_clock_press:
 * @side: the side that has just moved
 *
 * @side's move is made: its time is charged and its clock stops, with the control's reward
 * for a move in time: the Fischer increment, the Bronstein delay given back, a byoyomi period
 * kept whole.
 */
void
catur_clock_press (CaturClock *self,
                   CaturSide   side)
{
  gint64 elapsed;

  g_return_if_fail (CATUR_IS_CLOCK (self));
  g_return_if_fail (side <= CATUR_SIDE_SECOND);

  elapsed = elapsed_ms (self, side);
  catur_clock_stop (self);
  if (self->control.kind != CATUR_CLOCK_PER_MOVE)
    {
      Reading r = read_side (self, side, elapsed);

      self->main_ms[side] = r.main_ms;
      self->periods[side] = r.periods;
    }
  self->used_ms[side] = 0;
  switch (self->control.kind)
    {
    case CATUR_CLOCK_FISCHER:
      self->main_ms[side] += (gint64) self->control.extra * 1000;
      break;
    case CATUR_CLOCK_BRONSTEIN:
      self->main_ms[side] += MIN (elapsed, (gint64) self->control.extra * 1000);
      break;
    case CATUR_CLOCK_NONE:
    case CATUR_CLOCK_PER_MOVE:
    case CATUR_CLOCK_SUDDEN_DEATH:
    case CATUR_CLOCK_BYOYOMI:
    default:
      break;
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/**
 * catur_clock_get_remaining:
 * @side: a side
 *
 * Returns: what @side's clock shows now, in ms: its main time; in byoyomi the period's time
 *   left; on a per-move clock the move's time left. 0 when out of time; -1 without a clock
 */
gint64
catur_clock_get_remaining (CaturClock *self,
                           CaturSide   side)
{
  g_return_val_if_fail (CATUR_IS_CLOCK (self), -1);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, -1);

  if (self->control.kind == CATUR_CLOCK_NONE)
    return -1;
  return read_now (self, side).shown_ms;
}

/* Returns: @side's main time left now, in ms (0 on a per-move clock, and once spent) */
gint64
catur_clock_get_main (CaturClock *self,
                      CaturSide   side)
{
  g_return_val_if_fail (CATUR_IS_CLOCK (self), 0);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, 0);

  if (self->control.kind == CATUR_CLOCK_PER_MOVE)
    return 0;
  return read_now (self, side).main_ms;
}

/* Returns: @side's byoyomi periods left now, the running one included */
guint
catur_clock_get_periods (CaturClock *self,
                         CaturSide   side)
{
  g_return_val_if_fail (CATUR_IS_CLOCK (self), 0);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, 0);

  return read_now (self, side).periods;
}

/* Returns: whether @side has spent its main time and counts byoyomi periods */
gboolean
catur_clock_in_byoyomi (CaturClock *self,
                        CaturSide   side)
{
  g_return_val_if_fail (CATUR_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, FALSE);

  return read_now (self, side).byoyomi;
}

/**
 * catur_clock_get_flag_time:
 * @side: a side
 *
 * Returns: the ms until @side runs out of time if its clock runs on without a move: all its
 *   main time and byoyomi periods; -1 without a clock
 */
gint64
catur_clock_get_flag_time (CaturClock *self,
                           CaturSide   side)
{
  const CaturTimeControl *c;
  gint64 left;

  g_return_val_if_fail (CATUR_IS_CLOCK (self), -1);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, -1);

  c = &self->control;
  switch (c->kind)
    {
    case CATUR_CLOCK_NONE:
      return -1;
    case CATUR_CLOCK_PER_MOVE:
      left = (gint64) c->extra * 1000;
      break;
    case CATUR_CLOCK_BYOYOMI:
      left = self->main_ms[side] + (gint64) self->periods[side] * c->extra * 1000;
      break;
    case CATUR_CLOCK_SUDDEN_DEATH:
    case CATUR_CLOCK_FISCHER:
    case CATUR_CLOCK_BRONSTEIN:
    default:
      left = self->main_ms[side];
      break;
    }
  return MAX (left - elapsed_ms (self, side), 0);
}

/* Returns: whether @side is short of time: its clock shows under ten seconds (its last byoyomi
 *   period, on a byoyomi clock) */
gboolean
catur_clock_is_low (CaturClock *self,
                    CaturSide   side)
{
  Reading r;

  g_return_val_if_fail (CATUR_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, FALSE);

  if (self->control.kind == CATUR_CLOCK_NONE)
    return FALSE;
  r = read_now (self, side);
  if (self->control.kind == CATUR_CLOCK_BYOYOMI)
    return r.byoyomi && r.periods <= 1 && r.shown_ms < LOW_TIME_MS;
  return r.shown_ms < LOW_TIME_MS;
}

/**
 * catur_clock_set_state:
 * @side: a side
 * @main_ms: its main time left, in ms
 * @periods: its byoyomi periods left
 *
 * Sets what @side's stopped clock holds: a game taken up again (the autosave) goes on with the
 * time its players had. Values beyond the control's are cut to it.
 */
void
catur_clock_set_state (CaturClock *self,
                       CaturSide   side,
                       gint64      main_ms,
                       guint       periods)
{
  g_return_if_fail (CATUR_IS_CLOCK (self));
  g_return_if_fail (side <= CATUR_SIDE_SECOND);

  if (self->running == side)
    catur_clock_stop (self);
  if (self->control.kind == CATUR_CLOCK_PER_MOVE || self->control.kind == CATUR_CLOCK_NONE)
    return;
  /* A Fischer clock may hold more than it started with; nothing may hold less than nothing. */
  self->main_ms[side] = MAX (main_ms, 0);
  if (self->control.kind != CATUR_CLOCK_FISCHER)
    self->main_ms[side] = MIN (self->main_ms[side], (gint64) self->control.main * 1000);
  if (self->control.kind == CATUR_CLOCK_BYOYOMI)
    self->periods[side] = MIN (periods, self->control.periods);
  self->used_ms[side] = 0;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/**
 * catur_format_clock_time:
 * @ms: a time in ms
 *
 * Returns: (transfer full): @ms as a clock shows it: `4:05`, `1:02:03`, and tenths under ten
 *   seconds (`0:09.4`); rounded up, so that it reads 0 only when the time is out
 */
char *
catur_format_clock_time (gint64 ms)
{
  gint64 tenths, seconds;

  ms = MAX (ms, 0);
  if (ms < 10000)
    {
      tenths = (ms + 99) / 100;
      if (tenths < 100)
        return g_strdup_printf ("0:%02d.%d", (int) (tenths / 10), (int) (tenths % 10));
    }
  seconds = (ms + 999) / 1000;
  if (seconds >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (seconds / 3600), (int) (seconds / 60 % 60),
                            (int) (seconds % 60));
  return g_strdup_printf ("%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
}

/**
 * catur_clock_format:
 * @side: a side
 *
 * Returns: (transfer full) (nullable): what @side's clock shows (catur_format_clock_time()),
 *   %NULL without a clock
 */
char *
catur_clock_format (CaturClock *self,
                    CaturSide   side)
{
  g_return_val_if_fail (CATUR_IS_CLOCK (self), NULL);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, NULL);

  if (self->control.kind == CATUR_CLOCK_NONE)
    return NULL;
  return catur_format_clock_time (read_now (self, side).shown_ms);
}

/* "3 minutes 5 seconds", in whole seconds rounded up. */
static char *
say_time (gint64 ms)
{
  gint64 seconds = (MAX (ms, 0) + 999) / 1000;
  guint minutes = (guint) (seconds / 60), rest = (guint) (seconds % 60);
  g_autofree char *m = NULL, *s = NULL;

  m = g_strdup_printf (ngettext ("%u minute", "%u minutes", minutes), minutes);
  s = g_strdup_printf (ngettext ("%u second", "%u seconds", rest), rest);
  if (minutes == 0)
    return g_steal_pointer (&s);
  if (rest == 0)
    return g_steal_pointer (&m);
  /* Translators: a time said aloud, "3 minutes 5 seconds" */
  return g_strdup_printf (_("%s %s"), m, s);
}

/**
 * catur_clock_describe:
 * @side: a side
 *
 * Returns: (transfer full) (nullable): what @side's clock shows, in words for a screen reader
 *   ("3 minutes 5 seconds left", "byoyomi: 20 seconds, 2 periods left"); %NULL without a clock
 */
char *
catur_clock_describe (CaturClock *self,
                      CaturSide   side)
{
  g_autofree char *time = NULL;
  Reading r;

  g_return_val_if_fail (CATUR_IS_CLOCK (self), NULL);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, NULL);

  if (self->control.kind == CATUR_CLOCK_NONE)
    return NULL;
  r = read_now (self, side);
  time = say_time (r.shown_ms);
  if (r.flagged)
    return g_strdup (_("out of time"));
  if (r.byoyomi)
    /* Translators: "byoyomi: 20 seconds, 2 periods left" */
    return g_strdup_printf (ngettext ("byoyomi: %s, %u period left",
                                      "byoyomi: %s, %u periods left", r.periods),
                            time, r.periods);
  /* Translators: "3 minutes 5 seconds left" */
  return g_strdup_printf (_("%s left"), time);
}

/* Time controls as values */

static gboolean
read_number (const char **text,
             guint        max,
             guint       *value)
{
  char *end = NULL;
  guint64 number;

  if (!g_ascii_isdigit (**text))
    return FALSE;
  number = g_ascii_strtoull (*text, &end, 10);
  if (number > max)
    return FALSE;
  *value = (guint) number;
  *text = end;
  return TRUE;
}

static gboolean
parse (const char       *text,
       CaturTimeControl *c)
{
  const char *p = text;

  memset (c, 0, sizeof *c);
  if (*p == '\0' || g_str_equal (p, "-"))
    return TRUE;
  if (g_str_has_prefix (p, "1/"))
    {
      p += 2;
      c->kind = CATUR_CLOCK_PER_MOVE;
      return read_number (&p, MAX_EXTRA, &c->extra) && c->extra > 0 && *p == '\0';
    }
  if (!read_number (&p, MAX_MAIN, &c->main))
    return FALSE;
  switch (*p)
    {
    case '\0':
      c->kind = CATUR_CLOCK_SUDDEN_DEATH;
      return c->main > 0;
    case '+':
      p++;
      c->kind = CATUR_CLOCK_FISCHER;
      if (!read_number (&p, MAX_EXTRA, &c->extra) || *p != '\0' || c->main == 0)
        return FALSE;
      if (c->extra == 0)
        c->kind = CATUR_CLOCK_SUDDEN_DEATH;
      return TRUE;
    case 'd':
      p++;
      c->kind = CATUR_CLOCK_BRONSTEIN;
      if (!read_number (&p, MAX_EXTRA, &c->extra) || *p != '\0' || c->main == 0)
        return FALSE;
      if (c->extra == 0)
        c->kind = CATUR_CLOCK_SUDDEN_DEATH;
      return TRUE;
    case 'b':
      p++;
      c->kind = CATUR_CLOCK_BYOYOMI;
      c->periods = 1;
      if (!read_number (&p, MAX_EXTRA, &c->extra) || c->extra == 0)
        return FALSE;
      if (*p == 'x')
        {
          p++;
          if (!read_number (&p, 100, &c->periods) || c->periods == 0)
            return FALSE;
        }
      return *p == '\0';
    default:
      return FALSE;
    }
}

/**
 * catur_time_control_parse:
 * @text: a time control's text (see #CaturTimeControl)
 * @control: (out caller-allocates): the time control
 *
 * Returns: %TRUE when @text is one, else %FALSE with @error set (%G_IO_ERROR_INVALID_DATA)
 */
gboolean
catur_time_control_parse (const char        *text,
                          CaturTimeControl  *control,
                          GError           **error)
{
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (control != NULL, FALSE);

  if (parse (text, control))
    return TRUE;
  memset (control, 0, sizeof *control);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               /* Translators: "“40/5400” is not a time control Catur keeps" */
               _("“%s” is not a time control Catur keeps"), text);
  return FALSE;
}

/* Returns: (transfer full): @control's text (see #CaturTimeControl) */
char *
catur_time_control_to_string (const CaturTimeControl *control)
{
  g_return_val_if_fail (control != NULL, NULL);

  switch (control->kind)
    {
    case CATUR_CLOCK_PER_MOVE:
      return g_strdup_printf ("1/%u", control->extra);
    case CATUR_CLOCK_SUDDEN_DEATH:
      return g_strdup_printf ("%u", control->main);
    case CATUR_CLOCK_FISCHER:
      return g_strdup_printf ("%u+%u", control->main, control->extra);
    case CATUR_CLOCK_BRONSTEIN:
      return g_strdup_printf ("%ud%u", control->main, control->extra);
    case CATUR_CLOCK_BYOYOMI:
      if (control->periods > 1)
        return g_strdup_printf ("%ub%ux%u", control->main, control->extra, control->periods);
      return g_strdup_printf ("%ub%u", control->main, control->extra);
    case CATUR_CLOCK_NONE:
    default:
      return g_strdup ("-");
    }
}

/* "10 min" or "45 s" */
static char *
short_time (guint seconds)
{
  if (seconds >= 60 && seconds % 60 == 0)
    /* Translators: minutes, short: "10 min" */
    return g_strdup_printf (_("%u min"), seconds / 60);
  /* Translators: seconds, short: "30 s" */
  return g_strdup_printf (_("%u s"), seconds);
}

/**
 * catur_time_control_describe:
 *
 * Returns: (transfer full): @control for people, short: "No Clock", "10 min + 5 s",
 *   "30 s a move", "10 min, then 30 s byoyomi"
 */
char *
catur_time_control_describe (const CaturTimeControl *control)
{
  g_autofree char *main = NULL, *extra = NULL;

  g_return_val_if_fail (control != NULL, NULL);

  main = short_time (control->main);
  extra = short_time (control->extra);
  switch (control->kind)
    {
    case CATUR_CLOCK_PER_MOVE:
      /* Translators: a clock that gives each move a time: "30 s a move" */
      return g_strdup_printf (_("%s a move"), extra);
    case CATUR_CLOCK_SUDDEN_DEATH:
      /* Translators: a clock of one time for the whole game: "5 min, sudden death" */
      return g_strdup_printf (_("%s, sudden death"), main);
    case CATUR_CLOCK_FISCHER:
      /* Translators: a clock with a Fischer increment: "10 min + 5 s a move" */
      return g_strdup_printf (_("%s + %s a move"), main, extra);
    case CATUR_CLOCK_BRONSTEIN:
      /* Translators: a clock with a Bronstein delay: "10 min, 5 s delay" */
      return g_strdup_printf (_("%s, %s delay"), main, extra);
    case CATUR_CLOCK_BYOYOMI:
      if (control->main == 0 && control->periods > 1)
        /* Translators: byoyomi alone, with periods: "3 × 30 s byoyomi" */
        return g_strdup_printf (_("%u × %s byoyomi"), control->periods, extra);
      if (control->main == 0)
        /* Translators: byoyomi alone: "30 s byoyomi" */
        return g_strdup_printf (_("%s byoyomi"), extra);
      if (control->periods > 1)
        /* Translators: "10 min, then 3 × 30 s byoyomi" */
        return g_strdup_printf (_("%s, then %u × %s byoyomi"), main, control->periods, extra);
      /* Translators: "10 min, then 30 s byoyomi" */
      return g_strdup_printf (_("%s, then %s byoyomi"), main, extra);
    case CATUR_CLOCK_NONE:
    default:
      return g_strdup (_("No Clock"));
    }
}

gboolean
catur_time_control_equal (const CaturTimeControl *a,
                          const CaturTimeControl *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->kind == b->kind && a->main == b->main && a->extra == b->extra
         && a->periods == b->periods;
}

/**
 * catur_time_control_from_options:
 * @options: (nullable): a game's options (a{sv})
 * @control: (out caller-allocates): its time control
 *
 * The time control a game's options ask for: their game clock (`clock`, %CATUR_OPTION_CLOCK),
 * else the time a move of the `move-time` option (catur_setup_option_move_time()).
 *
 * Returns: %TRUE when the options ask for a clock, %FALSE when they do not (@control is then
 *   none)
 */
gboolean
catur_time_control_from_options (GVariant         *options,
                                 CaturTimeControl *control)
{
  const char *text = NULL;
  guint seconds;

  g_return_val_if_fail (control != NULL, FALSE);

  memset (control, 0, sizeof *control);
  if (options == NULL)
    return FALSE;
  /* "No Clock" leaves a time a move in force: they are two options of the new-game dialog. */
  if (g_variant_lookup (options, CATUR_OPTION_CLOCK, "&s", &text)
      && catur_time_control_parse (text, control, NULL) && control->kind != CATUR_CLOCK_NONE)
    return TRUE;
  memset (control, 0, sizeof *control);
  seconds = catur_setup_option_get_move_time (options);
  if (seconds == 0)
    return FALSE;
  control->kind = CATUR_CLOCK_PER_MOVE;
  control->extra = seconds;
  return TRUE;
}
