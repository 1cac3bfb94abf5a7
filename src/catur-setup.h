/* catur-setup.h: a variant's new-game options, kept in its settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <catur.h>

G_BEGIN_DECLS

GSettings *catur_setup_settings_new (CaturVariant *variant);
GVariant  *catur_setup_load         (CaturVariant *variant);
void       catur_setup_store        (CaturVariant *variant,
                                     GVariant     *options);

G_END_DECLS
