/* catur-combo-row.c: combo rows whose choices are never cut short
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * AdwComboRow ellipsizes the choice it shows before its title; a game's set-up choices
 * ("Rook and lance handicap", "Japanese numerals (一…九)") say what they are only whole. The
 * new-game dialog and the preferences both show them whole, the title wrapping beside them.
 *
 * AdwComboRow 1.2 tells assistive technologies its title only: Orca said "Opponent combo box"
 * and never the choice. The choice shown becomes the row's description, which Orca reads after
 * the name, and again when it changes with the row focused.
 */
#define G_LOG_DOMAIN "catur-combo-row"

#include "config.h"

#include "catur-a11y.h"
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

static void
selected_changed_cb (AdwComboRow *row)
{
  gpointer item = adw_combo_row_get_selected_item (row);
  GtkExpression *expression = adw_combo_row_get_expression (row);
  g_auto(GValue) value = G_VALUE_INIT;
  const char *text = NULL;

  if (GTK_IS_STRING_OBJECT (item))
    text = gtk_string_object_get_string (item);
  else if (item != NULL && expression != NULL
           && gtk_expression_evaluate (expression, item, &value)
           && G_VALUE_HOLDS_STRING (&value))
    text = g_value_get_string (&value);
  catur_a11y_set_description (GTK_WIDGET (row), text);
}

static void
name_lists (GtkWidget  *widget,
            const char *name)
{
  if (GTK_IS_LIST_VIEW (widget))
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                    -1);
  /* The row's arrow and the mark of the choice made say nothing the row does not. */
  if (GTK_IS_IMAGE (widget))
    gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_lists (child, name);
}

/**
 * catur_combo_row_say_choice:
 * @row: a combo row
 *
 * Makes the choice @row shows its accessible description, now and whenever it changes.
 */
void
catur_combo_row_say_choice (AdwComboRow *row)
{
  g_autofree char *list_name = NULL;
  const char *title;

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  if (g_object_get_data (G_OBJECT (row), "catur-says-choice") != NULL)
    return;
  g_object_set_data (G_OBJECT (row), "catur-says-choice", GINT_TO_POINTER (TRUE));
  g_signal_connect (row, "notify::selected-item", G_CALLBACK (selected_changed_cb), NULL);
  selected_changed_cb (row);
  /* The list of choices in the row's pop-up is named as the row, not "GtkListView". */
  title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  if (title != NULL && adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (row)))
    {
      g_auto(GStrv) parts = g_strsplit (title, "_", -1);

      list_name = g_strjoinv ("", parts);
    }
  name_lists (GTK_WIDGET (row), list_name != NULL ? list_name : title);
}

/**
 * catur_combo_row_show_choices_whole:
 * @row: a combo row of #GtkStringObject choices
 *
 * Shows @row's choices with labels that are never ellipsized, in the row and in its list, and
 * says the one chosen to screen readers (catur_combo_row_say_choice()).
 */
void
catur_combo_row_show_choices_whole (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_choice_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_choice_cb), NULL);
  adw_combo_row_set_factory (row, factory);
  catur_combo_row_say_choice (row);
}
