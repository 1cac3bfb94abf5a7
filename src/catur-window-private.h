/* catur-window-private.h: what the window's source files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "catur-window.h"

G_BEGIN_DECLS

/* catur-window.c */
void     catur_window_show_toast   (CaturWindow  *self,
                                    const char   *text,
                                    gboolean      persistent);
void     catur_window_apply_players (CaturWindow *self);
void     catur_window_hold_players (CaturWindow  *self,
                                    gboolean      hold);

/* catur-window-records.c */
void     catur_window_records_init (CaturWindow  *self);
void     catur_window_autosave     (CaturWindow  *self);
gboolean catur_window_resume_game  (CaturWindow  *self,
                                    CaturVariant *variant);

G_END_DECLS
