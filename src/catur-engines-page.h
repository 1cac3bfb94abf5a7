/* catur-engines-page.h: the preferences' page of other programs' engines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_ENGINES_PAGE (catur_engines_page_get_type ())
G_DECLARE_FINAL_TYPE (CaturEnginesPage, catur_engines_page, CATUR, ENGINES_PAGE,
                      AdwPreferencesPage)

GtkWidget *catur_engines_page_new         (GSettings        *settings);
void       catur_engines_page_add_program (CaturEnginesPage *self,
                                           const char       *path);
gboolean   catur_engines_page_get_busy    (CaturEnginesPage *self);

G_END_DECLS
