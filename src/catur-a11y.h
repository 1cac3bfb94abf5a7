/* catur-a11y.h: small helpers for what assistive technologies are told
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void catur_a11y_hide_while_empty (GtkLabel  *label);
void catur_a11y_name_buttons_by_content (GtkWidget *root);

G_END_DECLS
