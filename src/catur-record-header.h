/* catur-record-header.h: what a game's record says about it, above the move list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_RECORD_HEADER (catur_record_header_get_type ())
G_DECLARE_FINAL_TYPE (CaturRecordHeader, catur_record_header, CATUR, RECORD_HEADER, GtkWidget)

GtkWidget   *catur_record_header_new         (void);
void         catur_record_header_set_record  (CaturRecordHeader *self,
                                              CaturRecord       *record);
const char  *catur_record_header_get_players (CaturRecordHeader *self);
char        *catur_record_header_dup_details (CaturRecordHeader *self);

G_END_DECLS
