/* catur-move-clock.h: the time left for the move, in a game with a per-move time limit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_MOVE_CLOCK (catur_move_clock_get_type ())
G_DECLARE_FINAL_TYPE (CaturMoveClock, catur_move_clock, CATUR, MOVE_CLOCK, GObject)

CaturMoveClock *catur_move_clock_new           (void);
CaturGame      *catur_move_clock_get_game      (CaturMoveClock *self);
void            catur_move_clock_set_game      (CaturMoveClock *self,
                                                CaturGame      *game);
int             catur_move_clock_get_remaining (CaturMoveClock *self);
gboolean        catur_move_clock_get_running   (CaturMoveClock *self);
void            catur_move_clock_expire        (CaturMoveClock *self);

G_END_DECLS
