/* catur-start-bar.h: what a new game offers a beginner: its lesson and a tip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CATUR_TYPE_START_BAR (catur_start_bar_get_type ())
G_DECLARE_FINAL_TYPE (CaturStartBar, catur_start_bar, CATUR, START_BAR, GtkWidget)

GtkWidget  *catur_start_bar_new          (void);
void        catur_start_bar_set_lesson   (CaturStartBar *self,
                                          const char    *game_name,
                                          gboolean       has_lesson,
                                          gboolean       finished);
void        catur_start_bar_set_tip      (CaturStartBar *self,
                                          const char    *tip);
const char *catur_start_bar_get_tip      (CaturStartBar *self);
gboolean    catur_start_bar_get_finished (CaturStartBar *self);

void       catur_start_bar_set_puzzles (CaturStartBar *self,
                                        gboolean       has_puzzles);

G_END_DECLS
