/* catur-combo-row.c: combo rows whose choices are never cut short
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * AdwComboRow ellipsizes the choice it shows before its title; a game's set-up choices
 * ("Rook and lance handicap", "Japanese numerals (一…九)") say what they are only whole. The
 * new-game dialog and the preferences both show them whole, the title wrapping beside them.
 */
#define G_LOG_DOMAIN "catur-combo-row"

#include "config.h"

#include "catur-combo-row.h"

static void
setup_choice_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_list_item_set_child (item, label);
}

static void
bind_choice_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item)
{
  GtkStringObject *choice = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (choice));
}

/**
 * catur_combo_row_show_choices_whole:
 * @row: a combo row of #GtkStringObject choices
 *
 * Shows @row's choices with labels that are never ellipsized, in the row and in its list.
 */
void
catur_combo_row_show_choices_whole (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_choice_cb), NULL);
  adw_combo_row_set_factory (row, factory);
}
