/* catur-a11y.h: small helpers for what assistive technologies are told
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void catur_a11y_hide_while_empty (GtkLabel  *label);
void catur_a11y_name_buttons_by_content (GtkWidget *root);
void catur_a11y_name_button_by_content  (GtkButton *button);
void catur_a11y_set_description (GtkWidget  *widget,
                                 const char *description);
/**
 * CaturA11yRefocusFunc:
 * @window: the window
 * @user_data: the data given with the function
 *
 * Returns: %TRUE when a widget that says the announcement itself took the focus
 */
typedef gboolean (*CaturA11yRefocusFunc) (GtkWindow *window,
                                          gpointer   user_data);

void catur_a11y_announce (GtkWindow  *window,
                          const char *text);
void catur_a11y_set_refocus (GtkWindow            *window,
                             CaturA11yRefocusFunc  func,
                             gpointer              user_data);
void catur_a11y_name_parts (GtkWidget  *root,
                            const char *menu_name);
void catur_a11y_present_dialog (GtkWindow  *dialog,
                                const char *heading,
                                const char *body);

G_END_DECLS
