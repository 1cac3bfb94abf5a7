/* catur-turn-panel.h: whose turn it is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <catur.h>

#include "catur-move-clock.h"

G_BEGIN_DECLS

#define CATUR_TYPE_TURN_PANEL (catur_turn_panel_get_type ())
G_DECLARE_FINAL_TYPE (CaturTurnPanel, catur_turn_panel, CATUR, TURN_PANEL, GtkWidget)

GtkWidget  *catur_turn_panel_new       (void);
CaturGame  *catur_turn_panel_get_game  (CaturTurnPanel *self);
void        catur_turn_panel_set_piece_theme (CaturTurnPanel *self,
                                              const char     *piece_theme);
void        catur_turn_panel_set_game  (CaturTurnPanel *self,
                                        CaturGame      *game);
const char *catur_turn_panel_get_title (CaturTurnPanel *self);
const char *catur_turn_panel_get_state (CaturTurnPanel *self);
const char *catur_turn_panel_get_notice (CaturTurnPanel *self);
gboolean    catur_turn_panel_get_notice_is_warning (CaturTurnPanel *self);
CaturMoveClock *catur_turn_panel_get_clock (CaturTurnPanel *self);
void        catur_turn_panel_set_hint  (CaturTurnPanel *self,
                                        const char     *text);
const char *catur_turn_panel_get_hint  (CaturTurnPanel *self);

G_END_DECLS
