/* catur-history-model.h: the moves of a game, two plies a row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_HISTORY_ROW (catur_history_row_get_type ())
G_DECLARE_FINAL_TYPE (CaturHistoryRow, catur_history_row, CATUR, HISTORY_ROW, GObject)

#define CATUR_TYPE_HISTORY_MODEL (catur_history_model_get_type ())
G_DECLARE_FINAL_TYPE (CaturHistoryModel, catur_history_model, CATUR, HISTORY_MODEL, GObject)

guint              catur_history_row_get_number  (CaturHistoryRow   *self);
const char        *catur_history_row_get_first   (CaturHistoryRow   *self);
const char        *catur_history_row_get_second  (CaturHistoryRow   *self);
guint              catur_history_row_get_ply     (CaturHistoryRow   *self,
                                                  CaturSide          cell);
CaturSide          catur_history_row_get_current (CaturHistoryRow   *self);
gboolean           catur_history_row_get_timed_out (CaturHistoryRow *self,
                                                    CaturSide        cell);

CaturHistoryModel *catur_history_model_new       (void);
CaturGame         *catur_history_model_get_game  (CaturHistoryModel *self);
void               catur_history_model_set_game  (CaturHistoryModel *self,
                                                  CaturGame         *game);

G_END_DECLS
