/* catur-clock.h: the players' clocks, and the time controls they keep
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
#error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-types.h"

G_BEGIN_DECLS

/**
 * CaturClockKind:
 * @CATUR_CLOCK_NONE: no clock
 * @CATUR_CLOCK_PER_MOVE: each move within @extra seconds, the time not kept (Banqi's 30 s)
 * @CATUR_CLOCK_SUDDEN_DEATH: @main seconds for the whole game
 * @CATUR_CLOCK_FISCHER: @main seconds, and @extra more after each of the player's moves
 * @CATUR_CLOCK_BRONSTEIN: @main seconds; after each move the time it took is given back, up to
 *   @extra seconds (a delay)
 * @CATUR_CLOCK_BYOYOMI: @main seconds, then @periods periods of @extra seconds: a move made
 *   within a period keeps it whole, a period that runs out is used up (Shogi)
 *
 * The kinds of RULES.md §T1.
 */
typedef enum
{
  CATUR_CLOCK_NONE,
  CATUR_CLOCK_PER_MOVE,
  CATUR_CLOCK_SUDDEN_DEATH,
  CATUR_CLOCK_FISCHER,
  CATUR_CLOCK_BRONSTEIN,
  CATUR_CLOCK_BYOYOMI,
} CaturClockKind;

/**
 * CaturTimeControl:
 * @kind: the kind of clock
 * @main: the main time in seconds (0 for per-move clocks and byoyomi alone)
 * @extra: the increment, delay, byoyomi period or time a move, in seconds
 * @periods: the byoyomi periods (1 or more for byoyomi, else 0)
 *
 * A time control as a value. Its text (catur_time_control_parse()) is PGN's `TimeControl`
 * where PGN has a word for it: `-` none, `1/30` a move in 30 s, `600` sudden death, `600+5`
 * Fischer; and Catur's own beyond: `600d5` Bronstein, `600b30` byoyomi, `600b30x3` three
 * periods.
 */
typedef struct
{
  CaturClockKind kind;
  guint main;
  guint extra;
  guint periods;
} CaturTimeControl;

/* The key of a game's options (a{sv}) holding its time control's text. */
#define CATUR_OPTION_CLOCK "clock"

gboolean catur_time_control_parse      (const char             *text,
                                        CaturTimeControl       *control,
                                        GError                **error);
char    *catur_time_control_to_string  (const CaturTimeControl *control);
char    *catur_time_control_describe   (const CaturTimeControl *control);
gboolean catur_time_control_equal      (const CaturTimeControl *a,
                                        const CaturTimeControl *b);
gboolean catur_time_control_from_options (GVariant             *options,
                                          CaturTimeControl     *control);
char    *catur_format_clock_time       (gint64                  ms);

#define CATUR_TYPE_CLOCK (catur_clock_get_type ())
G_DECLARE_FINAL_TYPE (CaturClock, catur_clock, CATUR, CLOCK, GObject)

CaturClock     *catur_clock_new            (const CaturTimeControl *control);
const CaturTimeControl *catur_clock_get_control (CaturClock        *self);
gboolean        catur_clock_is_timed       (CaturClock             *self);
CaturSide       catur_clock_get_running    (CaturClock             *self);
void            catur_clock_start          (CaturClock             *self,
                                            CaturSide               side);
void            catur_clock_stop           (CaturClock             *self);
void            catur_clock_press          (CaturClock             *self,
                                            CaturSide               side);
gint64          catur_clock_get_remaining  (CaturClock             *self,
                                            CaturSide               side);
gint64          catur_clock_get_main       (CaturClock             *self,
                                            CaturSide               side);
guint           catur_clock_get_periods    (CaturClock             *self,
                                            CaturSide               side);
gboolean        catur_clock_in_byoyomi     (CaturClock             *self,
                                            CaturSide               side);
gboolean        catur_clock_is_low         (CaturClock             *self,
                                            CaturSide               side);
gint64          catur_clock_get_flag_time  (CaturClock             *self,
                                            CaturSide               side);
void            catur_clock_set_state      (CaturClock             *self,
                                            CaturSide               side,
                                            gint64                  main_ms,
                                            guint                   periods);
char           *catur_clock_format         (CaturClock             *self,
                                            CaturSide               side);
char           *catur_clock_describe       (CaturClock             *self,
                                            CaturSide               side);

G_END_DECLS
