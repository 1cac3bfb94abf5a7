/* catur-engines-page.h: the preferences' page of other programs' engines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <catur.h>

G_BEGIN_DECLS

#define CATUR_TYPE_ENGINES_GROUP (catur_engines_group_get_type ())
G_DECLARE_FINAL_TYPE (CaturEnginesGroup, catur_engines_group, CATUR, ENGINES_GROUP,
                      AdwPreferencesGroup)

GtkWidget *catur_engines_group_new         (GSettings        *settings,
                                            CaturVariant     *variant);
void       catur_engines_group_add_program (CaturEnginesGroup *self,
                                           const char       *path);
gboolean   catur_engines_group_get_busy    (CaturEnginesGroup *self);

G_END_DECLS
