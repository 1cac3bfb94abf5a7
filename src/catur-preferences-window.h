/* catur-preferences-window.h: the preferences, general and per game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_PREFERENCES_WINDOW (catur_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (CaturPreferencesWindow, catur_preferences_window, CATUR,
                      PREFERENCES_WINDOW, AdwPreferencesWindow)

CaturPreferencesWindow *catur_preferences_window_new         (GtkWindow              *parent,
                                                              GSettings              *settings,
                                                              CaturVariant           *variant);
CaturVariant           *catur_preferences_window_get_variant (CaturPreferencesWindow *self);
void                    catur_preferences_window_set_variant (CaturPreferencesWindow *self,
                                                              CaturVariant           *variant);
void                    catur_preferences_window_show_page   (CaturPreferencesWindow *self,
                                                              const char             *page);
GSettings              *catur_preferences_window_get_variant_settings
                                                             (CaturPreferencesWindow *self,
                                                              CaturVariant           *variant);

G_END_DECLS
