/* catur-application.h: the application: plugins, settings, app actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CATUR_TYPE_APPLICATION (catur_application_get_type ())
G_DECLARE_FINAL_TYPE (CaturApplication, catur_application, CATUR, APPLICATION, AdwApplication)

CaturApplication *catur_application_new          (void);
GSettings        *catur_application_get_settings (CaturApplication *self);
char             *catur_application_get_help_uri (const char       *page);

G_END_DECLS
