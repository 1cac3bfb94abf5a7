/* catur-a11y.c: small helpers for what assistive technologies are told
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 names an accessible object that has nothing to say by its class ("GtkLabel"), and a
 * screen reader reads that name aloud. A label that is empty for now (the result card before
 * the end, the bar of a plugin failure that did not happen) is better not presented at all.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include "catur-a11y.h"

static void
label_changed_cb (GtkLabel   *label,
                  GParamSpec *pspec,
                  gpointer    user_data)
{
  const char *text = gtk_label_get_text (label);

  gtk_accessible_update_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_HIDDEN,
                               text == NULL || *text == '\0', -1);
}

/**
 * catur_a11y_hide_while_empty:
 * @label: a label
 *
 * Keeps @label out of the accessible tree while its text is empty.
 */
void
catur_a11y_hide_while_empty (GtkLabel *label)
{
  g_return_if_fail (GTK_IS_LABEL (label));

  g_signal_connect (label, "notify::label", G_CALLBACK (label_changed_cb), NULL);
  label_changed_cb (label, NULL, NULL);
}

static void
button_label_changed_cb (GtkButton  *button,
                         GParamSpec *pspec,
                         gpointer    user_data)
{
  gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/**
 * catur_a11y_name_buttons_by_content:
 * @root: a widget
 *
 * GTK 4.8 gives a button with a mnemonic label its label text, underline and all, as its
 * accessible name, and then the text of the label it shows after it ("_Review Review"). For
 * every such button below @root, the name is left to the label it shows ("Review").
 */
void
catur_a11y_name_buttons_by_content (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) && gtk_button_get_use_underline (GTK_BUTTON (child))
          && gtk_button_get_label (GTK_BUTTON (child)) != NULL)
        {
          g_signal_connect (child, "notify::label", G_CALLBACK (button_label_changed_cb), NULL);
          button_label_changed_cb (GTK_BUTTON (child), NULL, NULL);
        }
      catur_a11y_name_buttons_by_content (child);
    }
}
