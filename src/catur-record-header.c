/* catur-record-header.c: what a game's record says about it, above the move list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The players' names on one line, which unfolds to the event, the site, the date and the
 * result as the record's tags give them, beside the button that comments on the move shown.
 * A game of no record (or a record that names nothing) shows the button alone.
 */
#define G_LOG_DOMAIN "catur-record-header"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-record-header.h"

struct _CaturRecordHeader
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget *box;
  GtkExpander *expander;
  GtkLabel *players_label;
  GtkGrid *details_grid;
  GtkWidget *comment_button;
};

G_DEFINE_FINAL_TYPE (CaturRecordHeader, catur_record_header, GTK_TYPE_WIDGET)

static void
catur_record_header_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CATUR_TYPE_RECORD_HEADER);

  G_OBJECT_CLASS (catur_record_header_parent_class)->dispose (object);
}

static void
catur_record_header_class_init (CaturRecordHeaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_record_header_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "ui/catur-record-header.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturRecordHeader, box);
  gtk_widget_class_bind_template_child (widget_class, CaturRecordHeader, expander);
  gtk_widget_class_bind_template_child (widget_class, CaturRecordHeader, players_label);
  gtk_widget_class_bind_template_child (widget_class, CaturRecordHeader, details_grid);
  gtk_widget_class_bind_template_child (widget_class, CaturRecordHeader, comment_button);

  gtk_widget_class_set_css_name (widget_class, "recordheader");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
catur_record_header_init (CaturRecordHeader *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Translators: what a screen reader calls the part of the sidebar naming the players */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Game record"), -1);
  catur_record_header_set_record (self, NULL);
}

GtkWidget *
catur_record_header_new (void)
{
  return g_object_new (CATUR_TYPE_RECORD_HEADER, NULL);
}

/* A tag's value worth showing: PGN writes `?` for what it does not know, and `*` for no
 * result. */
static const char *
shown_tag (CaturRecord *record,
           const char  *name)
{
  const char *value = catur_record_get_tag (record, name);

  if (value == NULL || *value == '\0' || g_str_equal (value, "?") || g_str_equal (value, "*")
      || g_str_equal (value, "????.??.??"))
    return NULL;
  return value;
}

static void
add_detail (CaturRecordHeader *self,
            int                row,
            const char        *name,
            const char        *value)
{
  GtkWidget *name_label = gtk_label_new (name);
  GtkWidget *value_label = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (name_label), 0.0);
  gtk_label_set_yalign (GTK_LABEL (name_label), 0.0);
  gtk_widget_add_css_class (name_label, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (value_label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (value_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (value_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (value_label), TRUE);
  gtk_widget_set_hexpand (value_label, TRUE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (value_label),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, name_label, NULL, -1);
  gtk_grid_attach (self->details_grid, name_label, 0, row, 1, 1);
  gtk_grid_attach (self->details_grid, value_label, 1, row, 1, 1);
}

/**
 * catur_record_header_set_record:
 * @record: (nullable): the record the game shown was opened from, or %NULL
 *
 * Shows what @record names: its players, event, site, date and result.
 */
void
catur_record_header_set_record (CaturRecordHeader *self,
                                CaturRecord       *record)
{
  const struct { const char *tag; const char *name; } details[] = {
    /* Translators: the details of a game record in the sidebar */
    { "Event", C_("record", "Event") },
    { "Site", C_("record", "Site") },
    { "Date", C_("record", "Date") },
    { "Result", C_("record", "Result") },
  };
  const char *players[2] = { NULL, NULL };
  GtkWidget *child;
  int rows = 0;

  g_return_if_fail (CATUR_IS_RECORD_HEADER (self));
  g_return_if_fail (record == NULL || CATUR_IS_RECORD (record));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->details_grid))) != NULL)
    gtk_grid_remove (self->details_grid, child);

  if (record != NULL)
    {
      for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
        players[side] = catur_record_get_player (record, side);
      for (guint i = 0; i < G_N_ELEMENTS (details); i++)
        {
          const char *value = shown_tag (record, details[i].tag);

          if (value != NULL)
            add_detail (self, rows++, details[i].name, value);
        }
    }

  if (players[0] != NULL || players[1] != NULL)
    {
      g_autofree char *line = NULL;

      /* Translators: the two players of the game shown, first seat first: "Hu – Yang" */
      line = g_strdup_printf (_("%s – %s"), players[0] != NULL ? players[0] : "?",
                              players[1] != NULL ? players[1] : "?");
      gtk_label_set_text (self->players_label, line);
    }
  else
    /* Translators: the folded header of a game record that names no players */
    gtk_label_set_text (self->players_label, _("Game Details"));

  /* GTK 4.8's expander does not take its label widget's text for its name: a screen reader
   * would say its class. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->expander), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_label_get_text (self->players_label), -1);

  /* A record that names nothing has nothing to unfold. */
  gtk_widget_set_visible (GTK_WIDGET (self->expander),
                          rows > 0 || players[0] != NULL || players[1] != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->expander), rows > 0);
  gtk_widget_set_hexpand (self->comment_button,
                          !gtk_widget_get_visible (GTK_WIDGET (self->expander)));
}

/**
 * catur_record_header_get_players:
 *
 * Returns: (nullable): the line naming the players, when it shows
 */
const char *
catur_record_header_get_players (CaturRecordHeader *self)
{
  g_return_val_if_fail (CATUR_IS_RECORD_HEADER (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->expander)))
    return NULL;
  return gtk_label_get_text (self->players_label);
}

/**
 * catur_record_header_dup_details:
 *
 * Returns: (transfer full): the details shown when unfolded, a line each ("Event: Asian Cup")
 */
char *
catur_record_header_dup_details (CaturRecordHeader *self)
{
  GString *text = g_string_new (NULL);
  GtkWidget *child;

  g_return_val_if_fail (CATUR_IS_RECORD_HEADER (self), NULL);

  for (int row = 0;; row++)
    {
      GtkWidget *name = gtk_grid_get_child_at (self->details_grid, 0, row);

      if (name == NULL)
        break;
      child = gtk_grid_get_child_at (self->details_grid, 1, row);
      g_string_append_printf (text, "%s: %s\n", gtk_label_get_text (GTK_LABEL (name)),
                              gtk_label_get_text (GTK_LABEL (child)));
    }
  return g_string_free (text, FALSE);
}
