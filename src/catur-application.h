/* catur-application.h: the application: plugins, settings, app actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The Mallard help, installed by help/meson.build as the "catur" document. */
#define CATUR_APPLICATION_HELP_URI "help:catur"

#define CATUR_TYPE_APPLICATION (catur_application_get_type ())
G_DECLARE_FINAL_TYPE (CaturApplication, catur_application, CATUR, APPLICATION, AdwApplication)

CaturApplication *catur_application_new          (void);
GSettings        *catur_application_get_settings (CaturApplication *self);

G_END_DECLS
