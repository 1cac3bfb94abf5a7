/* catur-engine-panel.h: what another program's engine thinks, in the sidebar
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_ENGINE_PANEL (catur_engine_panel_get_type ())
G_DECLARE_FINAL_TYPE (CaturEnginePanel, catur_engine_panel, CATUR, ENGINE_PANEL, GtkWidget)

GtkWidget *catur_engine_panel_new       (void);
void       catur_engine_panel_set_game  (CaturEnginePanel *self,
                                         CaturGame        *game);
void       catur_engine_panel_update    (CaturEnginePanel *self);
const char *catur_engine_panel_get_line (CaturEnginePanel *self,
                                         guint             index);
void       catur_engine_panel_set_failure (CaturEnginePanel *self,
                                           const char       *message);

G_END_DECLS
