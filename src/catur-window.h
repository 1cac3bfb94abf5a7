/* catur-window.h: the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <catur.h>

#include "catur-application.h"
#include "catur-board-view.h"
#include "catur-new-game-dialog.h"
#include "catur-preferences-window.h"

G_BEGIN_DECLS

#define CATUR_TYPE_WINDOW (catur_window_get_type ())
G_DECLARE_FINAL_TYPE (CaturWindow, catur_window, CATUR, WINDOW, AdwApplicationWindow)

CaturWindow    *catur_window_new            (CaturApplication *application);
CaturGame      *catur_window_get_game       (CaturWindow      *self);
void            catur_window_set_game       (CaturWindow      *self,
                                             CaturGame        *game);
gboolean        catur_window_select_game    (CaturWindow      *self,
                                             const char       *id);
void            catur_window_new_game       (CaturWindow      *self);
void            catur_window_show_new_game_dialog (CaturWindow *self);
CaturNewGameDialog *catur_window_get_new_game_dialog (CaturWindow *self);
CaturBoardView *catur_window_get_board_view (CaturWindow      *self);
void            catur_window_announce       (CaturWindow      *self,
                                             const char       *text);
GMenuModel     *catur_window_get_game_menu  (CaturWindow      *self);
void            catur_window_open_file      (CaturWindow      *self,
                                             GFile            *file);
void            catur_window_save_to_file   (CaturWindow      *self,
                                             GFile            *file,
                                             const char       *format_id);
CaturRecord    *catur_window_get_loaded_record (CaturWindow   *self);
GFile          *catur_window_get_game_file  (CaturWindow      *self);
void            catur_window_open_text      (CaturWindow      *self,
                                             const char       *text);
void            catur_window_show_preferences (CaturWindow    *self,
                                               const char     *page);
CaturPreferencesWindow *catur_window_get_preferences_window (CaturWindow *self);
GtkWidget      *catur_window_get_lesson_panel (CaturWindow    *self);
GtkWidget      *catur_window_get_drill_panel (CaturWindow     *self);
GtkWidget      *catur_window_get_start_bar  (CaturWindow      *self);
const char     *catur_window_get_result_tip (CaturWindow      *self);
CaturAnalysis  *catur_window_get_analysis   (CaturWindow      *self);
GtkWidget      *catur_window_get_coach_panel (CaturWindow     *self);
GtkWidget      *catur_window_get_eval_graph (CaturWindow      *self);
void            catur_window_play_network   (CaturWindow          *self,
                                             CaturNetPlay         *play,
                                             CaturNetConnection   *connection,
                                             CaturNetHost         *host,
                                             CaturNetPublisher    *publisher,
                                             const CaturNetInvite *rejoin);

G_END_DECLS
