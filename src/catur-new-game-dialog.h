/* catur-new-game-dialog.h: the set-up of a new game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_NEW_GAME_DIALOG (catur_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (CaturNewGameDialog, catur_new_game_dialog, CATUR, NEW_GAME_DIALOG, AdwWindow)

CaturNewGameDialog *catur_new_game_dialog_new             (GtkWindow          *parent,
                                                           GSettings          *settings,
                                                           CaturVariant       *variant,
                                                           CaturGame          *previous);
CaturVariant       *catur_new_game_dialog_get_variant     (CaturNewGameDialog *self);
GVariant           *catur_new_game_dialog_get_options     (CaturNewGameDialog *self);
CaturSide           catur_new_game_dialog_get_bottom_side (CaturNewGameDialog *self);
gboolean            catur_new_game_dialog_get_against_computer (CaturNewGameDialog *self);
CaturLevel          catur_new_game_dialog_get_level       (CaturNewGameDialog *self);
AdwComboRow        *catur_new_game_dialog_get_opponent_row (CaturNewGameDialog *self);
AdwComboRow        *catur_new_game_dialog_get_level_row   (CaturNewGameDialog *self);
AdwComboRow        *catur_new_game_dialog_get_engine_row  (CaturNewGameDialog *self);
const char         *catur_new_game_dialog_get_engine_id   (CaturNewGameDialog *self);
AdwComboRow        *catur_new_game_dialog_get_option_row  (CaturNewGameDialog *self,
                                                           const char         *id);
AdwComboRow        *catur_new_game_dialog_get_bottom_row  (CaturNewGameDialog *self);
void                catur_new_game_dialog_start           (CaturNewGameDialog *self);
void                catur_new_game_dialog_show_join_link  (CaturNewGameDialog *self,
                                                           const char         *link);
void                catur_new_game_dialog_set_playing     (CaturNewGameDialog *self,
                                                           const char         *path);
void                catur_new_game_dialog_show_resume     (CaturNewGameDialog *self);

G_END_DECLS
