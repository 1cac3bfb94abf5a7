/* catur-tray-panel.h: the pieces and numbers a game shows beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_TRAY_PANEL (catur_tray_panel_get_type ())
G_DECLARE_FINAL_TYPE (CaturTrayPanel, catur_tray_panel, CATUR, TRAY_PANEL, GtkWidget)

GtkWidget  *catur_tray_panel_new             (void);
CaturGame  *catur_tray_panel_get_game        (CaturTrayPanel *self);
void        catur_tray_panel_set_game        (CaturTrayPanel *self,
                                              CaturGame      *game);
const char *catur_tray_panel_get_piece_theme (CaturTrayPanel *self);
void        catur_tray_panel_set_piece_theme (CaturTrayPanel *self,
                                              const char     *piece_theme);

G_END_DECLS
