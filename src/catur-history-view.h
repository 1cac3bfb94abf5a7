/* catur-history-view.h: the list of moves played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_HISTORY_VIEW (catur_history_view_get_type ())
G_DECLARE_FINAL_TYPE (CaturHistoryView, catur_history_view, CATUR, HISTORY_VIEW, GtkWidget)

GtkWidget  *catur_history_view_new         (void);
CaturGame  *catur_history_view_get_game    (CaturHistoryView *self);
void        catur_history_view_set_game    (CaturHistoryView *self,
                                            CaturGame        *game);
void        catur_history_view_set_analysis (CaturHistoryView *self,
                                             CaturAnalysis    *analysis);
GListModel *catur_history_view_get_model   (CaturHistoryView *self);
GtkWidget  *catur_history_view_get_list    (CaturHistoryView *self);
GtkWidget  *catur_history_view_get_start_button (CaturHistoryView *self);

G_END_DECLS
