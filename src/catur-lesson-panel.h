/* catur-lesson-panel.h: the words of a lesson by its board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_LESSON_PANEL (catur_lesson_panel_get_type ())
G_DECLARE_FINAL_TYPE (CaturLessonPanel, catur_lesson_panel, CATUR, LESSON_PANEL, GtkWidget)

GtkWidget  *catur_lesson_panel_new        (void);
void        catur_lesson_panel_set_step   (CaturLessonPanel *self,
                                           const char       *title,
                                           guint             index,
                                           guint             n_steps,
                                           const char       *task);
void        catur_lesson_panel_set_answer (CaturLessonPanel *self,
                                           CaturTryResult    result,
                                           const char       *answer,
                                           gboolean          last);
void        catur_lesson_panel_clear_answer (CaturLessonPanel *self);
void        catur_lesson_panel_use_actions (CaturLessonPanel *self,
                                            const char       *prefix,
                                            const char       *quit_label,
                                            const char       *next_label,
                                            const char       *last_label);
void        catur_lesson_panel_set_quit_label (CaturLessonPanel *self,
                                               const char       *label);
void        catur_lesson_panel_set_counter (CaturLessonPanel *self,
                                            const char       *counter);
const char *catur_lesson_panel_get_task   (CaturLessonPanel *self);
const char *catur_lesson_panel_get_answer (CaturLessonPanel *self);
const char *catur_lesson_panel_get_counter (CaturLessonPanel *self);

void         catur_lesson_panel_set_last_label (CaturLessonPanel *self,
                                               const char       *label);

void         catur_lesson_panel_set_title (CaturLessonPanel *self,
                                          const char       *title);

const char  *catur_lesson_panel_get_title (CaturLessonPanel *self);

G_END_DECLS
