/* catur-clock-face.h: one player's clock, shown by the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_CLOCK_FACE (catur_clock_face_get_type ())
G_DECLARE_FINAL_TYPE (CaturClockFace, catur_clock_face, CATUR, CLOCK_FACE, GtkWidget)

CaturClockFace *catur_clock_face_new       (void);
void            catur_clock_face_set_game  (CaturClockFace *self,
                                            CaturGame      *game,
                                            CaturSide       side);
CaturSide       catur_clock_face_get_side  (CaturClockFace *self);
void            catur_clock_face_set_plate (CaturClockFace *self,
                                            gboolean        plate);
const char     *catur_clock_face_get_text  (CaturClockFace *self);

G_END_DECLS
