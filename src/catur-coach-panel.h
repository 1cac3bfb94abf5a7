/* catur-coach-panel.h: what the coach says of the ply shown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "catur.h"

G_BEGIN_DECLS

#define CATUR_TYPE_COACH_PANEL (catur_coach_panel_get_type ())
G_DECLARE_FINAL_TYPE (CaturCoachPanel, catur_coach_panel, CATUR, COACH_PANEL, GtkWidget)

GtkWidget  *catur_coach_panel_new        (void);
void        catur_coach_panel_show_ply   (CaturCoachPanel *self,
                                          CaturGame       *game,
                                          CaturAnalysis   *analysis,
                                          guint            ply);
guint       catur_coach_panel_get_ply    (CaturCoachPanel *self);
const char *catur_coach_panel_get_text   (CaturCoachPanel *self);
void        catur_coach_panel_add_action (CaturCoachPanel *self,
                                          GtkWidget       *widget);

G_END_DECLS
