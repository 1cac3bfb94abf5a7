/* catur-engines-group.c: other programs' engines, in a game's page of the preferences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A group on the page of each game that other programs play (a game with no row in libcatur's
 * table of dialects, such as one whose hidden pieces no other program knows, has none): the
 * engines set up for the game, each a row that opens on its options, and the known programs
 * found on this computer that play it, each a button away; "Add Engine…" tries any other
 * program for its protocol and games. The options are the engine's own, read from it when it is
 * tested (opening the row tests it), and shown as a form of the types it declared; a value
 * changed is kept in the `engines` setting, beside the command line, and given to the engine
 * each time it starts.
 *
 * The list is one setting (an `aa{sv}`) rather than a relocatable schema an engine: an engine
 * is a few strings and a dictionary of option values, added and removed as a whole, and one
 * key changes atomically, shows in dconf-editor and is reset with the others.
 */
#define G_LOG_DOMAIN "catur-preferences"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-engines-group.h"

struct _CaturEnginesGroup
{
  AdwPreferencesPage parent_instance;

  GSettings *settings;
  CaturVariant *variant;
  GtkWidget *add_button;
  GtkWidget *add_spinner;
  GPtrArray *rows;
  char *signature;
  /* Cancelled when the rows are made anew, and when the page goes. */
  GCancellable *cancellable;
  GCancellable *adding;
  GtkFileChooserNative *chooser;
  /* The known programs found on this computer, looked for once in a worker (inside Flatpak
   * that asks the host); NULL until then. */
  GPtrArray *found;
  GCancellable *discovering;
  /* Every engine tested, quit with the page whoever still holds its row. */
  GPtrArray *clients;
};

G_DEFINE_FINAL_TYPE (CaturEnginesGroup, catur_engines_group, ADW_TYPE_PREFERENCES_GROUP)

/* What a row of an engine keeps: its engine, as tested. */
typedef struct
{
  CaturEnginesGroup *group;   /* borrowed: the group outlives its rows */
  char *entry_id;
  CaturVariant *variant;
  CaturEngineClient *client;
  GtkWidget *status_row;
  GPtrArray *option_rows;
  gboolean tested;
} EngineRow;

static void
engine_row_free (gpointer data)
{
  EngineRow *row = data;

  if (row->client != NULL)
    catur_engine_client_quit (row->client);
  g_clear_object (&row->client);
  g_clear_object (&row->variant);
  g_clear_pointer (&row->option_rows, g_ptr_array_unref);
  g_free (row->entry_id);
  g_free (row);
}

static GPtrArray *
load_entries (CaturEnginesGroup *self)
{
  g_autoptr(GVariant) list = g_settings_get_value (self->settings, "engines");

  return catur_engine_list_from_variant (list);
}

static void
save_entries (CaturEnginesGroup *self,
              GPtrArray        *entries)
{
  g_settings_set_value (self->settings, "engines", catur_engine_list_to_variant (entries));
}

static void
toast (CaturEnginesGroup *self,
       const char       *text)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), adw_toast_new (escaped));
}

/* The games an entry plays, by their names: "Xiangqi, Chess". */
static char *
games_text (const CaturEngineEntry *entry)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; entry->games[i] != NULL; i++)
    {
      CaturVariant *variant = catur_plugins_find_variant (entry->games[i]);

      if (variant == NULL)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, catur_variant_get_name (variant));
    }
  return g_string_free (text, FALSE);
}

static void rebuild (CaturEnginesGroup *self);

/* An option's value changed in the form: kept, or forgotten when it is the engine's default. */
static void
save_option (EngineRow  *row,
             const char *name,
             const char *value,
             const char *default_value)
{
  g_autoptr(GPtrArray) entries = load_entries (row->group);
  CaturEngineEntry *entry = catur_engine_list_find (entries, row->entry_id);

  if (entry == NULL)
    return;
  if (value == NULL || g_strcmp0 (value, default_value) == 0)
    g_hash_table_remove (entry->options, name);
  else
    g_hash_table_insert (entry->options, g_strdup (name), g_strdup (value));
  save_entries (row->group, entries);
}

static CaturEngineOption *
row_option (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "catur-engine-option");
}

static EngineRow *
row_of (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "catur-engine-row");
}

static void
spin_changed_cb (GtkSpinButton *spin)
{
  CaturEngineOption *option = row_option (GTK_WIDGET (spin));
  g_autofree char *value = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));

  save_option (row_of (GTK_WIDGET (spin)), option->name, value, option->default_value);
}

static void
switch_changed_cb (GtkSwitch *toggle)
{
  CaturEngineOption *option = row_option (GTK_WIDGET (toggle));
  const char *value = gtk_switch_get_active (toggle) ? "true" : "false";
  const char *default_value = option->default_value != NULL
                              && (g_str_equal (option->default_value, "true")
                                  || g_str_equal (option->default_value, "1"))
                              ? "true" : "false";

  save_option (row_of (GTK_WIDGET (toggle)), option->name, value, default_value);
}

static void
combo_changed_cb (AdwComboRow *combo)
{
  CaturEngineOption *option = row_option (GTK_WIDGET (combo));
  guint selected = adw_combo_row_get_selected (combo);

  if (option->choices == NULL || selected >= g_strv_length (option->choices))
    return;
  save_option (row_of (GTK_WIDGET (combo)), option->name, option->choices[selected],
               option->default_value);
}

static void
entry_applied_cb (AdwEntryRow *entry)
{
  CaturEngineOption *option = row_option (GTK_WIDGET (entry));

  save_option (row_of (GTK_WIDGET (entry)), option->name,
               gtk_editable_get_text (GTK_EDITABLE (entry)), option->default_value);
}

static void
button_clicked_cb (GtkButton *button)
{
  CaturEngineOption *option = row_option (GTK_WIDGET (button));
  EngineRow *row = row_of (GTK_WIDGET (button));

  if (row->client != NULL && catur_engine_client_get_running (row->client))
    catur_engine_client_set_option (row->client, option->name, NULL, NULL);
}

static CaturEngineOption *
copy_option (const CaturEngineOption *option)
{
  CaturEngineOption *copy = g_new0 (CaturEngineOption, 1);

  copy->name = g_strdup (option->name);
  copy->type = option->type;
  copy->default_value = g_strdup (option->default_value);
  copy->min = option->min;
  copy->max = option->max;
  copy->choices = g_strdupv (option->choices);
  return copy;
}

static void
free_option (gpointer data)
{
  CaturEngineOption *option = data;

  g_free (option->name);
  g_free (option->default_value);
  g_strfreev (option->choices);
  g_free (option);
}

/* Keeps the option and the engine's row with the widget that edits it. */
static void
attach (GtkWidget               *widget,
        EngineRow               *row,
        const CaturEngineOption *option)
{
  g_object_set_data_full (G_OBJECT (widget), "catur-engine-option", copy_option (option),
                          free_option);
  g_object_set_data (G_OBJECT (widget), "catur-engine-row", row);
}

/* One row of the form, of the option's type, showing the value kept or the default. */
static GtkWidget *
option_row (EngineRow               *row,
            const CaturEngineEntry  *entry,
            const CaturEngineOption *option,
            gboolean                 strength)
{
  const char *value = g_hash_table_lookup (entry->options, option->name);
  GtkWidget *widget, *edit;

  if (value == NULL)
    value = option->default_value;
  switch (option->type)
    {
    case CATUR_ENGINE_OPTION_SPIN:
      widget = adw_action_row_new ();
      edit = gtk_spin_button_new_with_range ((double) option->min, (double) option->max, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (edit),
                                 value != NULL ? g_ascii_strtod (value, NULL) : option->min);
      gtk_widget_set_valign (edit, GTK_ALIGN_CENTER);
      attach (edit, row, option);
      g_signal_connect (edit, "value-changed", G_CALLBACK (spin_changed_cb), NULL);
      adw_action_row_add_suffix (ADW_ACTION_ROW (widget), edit);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (widget), edit);
      break;
    case CATUR_ENGINE_OPTION_CHECK:
      widget = adw_action_row_new ();
      edit = gtk_switch_new ();
      gtk_switch_set_active (GTK_SWITCH (edit), value != NULL && (g_str_equal (value, "true")
                                                                 || g_str_equal (value, "1")));
      gtk_widget_set_valign (edit, GTK_ALIGN_CENTER);
      attach (edit, row, option);
      g_signal_connect (edit, "notify::active", G_CALLBACK (switch_changed_cb), NULL);
      adw_action_row_add_suffix (ADW_ACTION_ROW (widget), edit);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (widget), edit);
      break;
    case CATUR_ENGINE_OPTION_COMBO:
      {
        g_autoptr(GtkStringList) choices = gtk_string_list_new (
          (const char * const *) option->choices);

        widget = adw_combo_row_new ();
        adw_combo_row_set_model (ADW_COMBO_ROW (widget), G_LIST_MODEL (choices));
        for (guint i = 0; option->choices != NULL && option->choices[i] != NULL; i++)
          if (g_strcmp0 (option->choices[i], value) == 0)
            adw_combo_row_set_selected (ADW_COMBO_ROW (widget), i);
        edit = widget;
        attach (edit, row, option);
        g_signal_connect (edit, "notify::selected", G_CALLBACK (combo_changed_cb), NULL);
        break;
      }
    case CATUR_ENGINE_OPTION_BUTTON:
      widget = adw_action_row_new ();
      /* Translators: the button of an engine's option that is an action, such as "Clear
       * Hash" */
      edit = gtk_button_new_with_label (C_("engine option", "Do"));
      gtk_widget_set_valign (edit, GTK_ALIGN_CENTER);
      attach (edit, row, option);
      g_signal_connect (edit, "clicked", G_CALLBACK (button_clicked_cb), NULL);
      adw_action_row_add_suffix (ADW_ACTION_ROW (widget), edit);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (widget), edit);
      break;
    case CATUR_ENGINE_OPTION_STRING:
    case CATUR_ENGINE_OPTION_FILENAME:
    default:
      widget = adw_entry_row_new ();
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (widget), TRUE);
      gtk_editable_set_text (GTK_EDITABLE (widget),
                             value != NULL && !g_str_equal (value, "<empty>") ? value : "");
      edit = widget;
      attach (edit, row, option);
      g_signal_connect (edit, "apply", G_CALLBACK (entry_applied_cb), NULL);
      break;
    }
  /* The engine's own name of the option: the one its documentation uses. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), option->name);
  if (strength && ADW_IS_ACTION_ROW (widget))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (widget), _("How strongly it plays"));
  gtk_widget_set_name (widget, option->name);
  if (edit != widget)
    gtk_accessible_update_property (GTK_ACCESSIBLE (edit), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    option->name, -1);
  return widget;
}

static void
set_status (EngineRow  *row,
            const char *title,
            const char *subtitle,
            gboolean    error)
{
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);
  g_autofree char *escaped = g_markup_escape_text (subtitle != NULL ? subtitle : "", -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->status_row), escaped_title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row->status_row), escaped);
  if (error)
    gtk_widget_add_css_class (row->status_row, "error");
  else
    gtk_widget_remove_css_class (row->status_row, "error");
}

static void
test_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GtkWidget) expander = user_data;
  CaturEngineClient *client = CATUR_ENGINE_CLIENT (source);
  EngineRow *row = row_of (expander);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  CaturEngineEntry *entry;
  GPtrArray *options;
  const char *strength;
  g_autofree char *title = NULL;

  if (!catur_engine_client_start_finish (client, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || row == NULL
          || row->client != client)
        return;
      set_status (row, _("The engine did not start"), error->message, TRUE);
      return;
    }
  if (row == NULL || row->client != client)
    return;
  entries = load_entries (row->group);
  entry = catur_engine_list_find (entries, row->entry_id);
  if (entry == NULL)
    return;

  /* Translators: a tested engine's name as it gives it, and its authors */
  title = catur_engine_client_get_author (client) != NULL
          ? g_strdup_printf (_("%s by %s"), catur_engine_client_get_name (client),
                             catur_engine_client_get_author (client))
          : g_strdup (catur_engine_client_get_name (client) != NULL
                      ? catur_engine_client_get_name (client) : entry->name);
  set_status (row, title, _("Ready to play"), FALSE);

  for (guint i = 0; i < row->option_rows->len; i++)
    adw_expander_row_remove (ADW_EXPANDER_ROW (expander),
                             g_ptr_array_index (row->option_rows, i));
  g_ptr_array_set_size (row->option_rows, 0);
  options = catur_engine_client_get_options (client);
  strength = catur_engine_find_strength_option (options);
  /* The strength first: the option most players look for. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < options->len; i++)
      {
        CaturEngineOption *option = g_ptr_array_index (options, i);
        gboolean is_strength = g_strcmp0 (option->name, strength) == 0;
        GtkWidget *widget;

        /* Catur sets the game itself. */
        if (g_str_equal (option->name, "UCI_Variant") || is_strength != (pass == 0))
          continue;
        widget = option_row (row, entry, option, is_strength);
        adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), widget);
        g_ptr_array_add (row->option_rows, widget);
      }
}

static void
test_engine (GtkWidget *expander)
{
  EngineRow *row = row_of (expander);
  g_autoptr(GPtrArray) entries = load_entries (row->group);
  CaturEngineEntry *entry = catur_engine_list_find (entries, row->entry_id);

  if (entry == NULL)
    return;
  if (row->client != NULL)
    catur_engine_client_quit (row->client);
  g_clear_object (&row->client);
  row->tested = TRUE;
  row->client = catur_engine_entry_new_client (entry);
  g_ptr_array_add (row->group->clients, g_object_ref (row->client));
  set_status (row, _("Starting…"), NULL, FALSE);
  catur_engine_client_start_async (row->client, row->variant, row->group->cancellable,
                                   test_done_cb, g_object_ref (expander));
}

static void
test_clicked_cb (GtkWidget *expander)
{
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
  test_engine (expander);
}

static void
expanded_cb (GtkWidget *expander)
{
  EngineRow *row = row_of (expander);

  if (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (expander)) && !row->tested)
    test_engine (expander);
}

static void
remove_clicked_cb (GtkWidget *expander)
{
  EngineRow *row = row_of (expander);
  CaturEnginesGroup *self = row->group;
  g_autoptr(GPtrArray) entries = load_entries (self);
  CaturEngineEntry *entry = catur_engine_list_find (entries, row->entry_id);

  if (entry == NULL)
    return;
  g_ptr_array_remove (entries, entry);
  save_entries (self, entries);
}

static GtkWidget *
engine_row (CaturEnginesGroup       *self,
            const CaturEngineEntry *entry,
            CaturVariant           *variant)
{
  GtkWidget *expander = adw_expander_row_new ();
  g_autofree char *command = g_strjoinv (" ", entry->argv);
  g_autofree char *escaped = g_markup_escape_text (command, -1);
  g_autofree char *name = g_markup_escape_text (entry->name, -1);
  g_autofree char *subtitle = NULL;
  g_autofree char *protocol = g_ascii_strup (catur_engine_protocol_to_id (entry->protocol), -1);
  EngineRow *row = g_new0 (EngineRow, 1);
  GtkWidget *button;

  row->group = self;
  row->entry_id = g_strdup (entry->id);
  row->variant = g_object_ref (variant);
  row->option_rows = g_ptr_array_new ();
  g_object_set_data_full (G_OBJECT (expander), "catur-engine-row", row, engine_row_free);

  /* Translators: an engine's command line and the protocol it speaks, "/usr/games/stockfish
   * · UCI" */
  subtitle = g_strdup_printf (_("%s · %s"), escaped, protocol);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), name);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
  gtk_widget_set_name (expander, entry->id);

  button = gtk_button_new_with_label (_("Test"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Start the engine and read its options"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (test_clicked_cb), expander);
  adw_expander_row_add_action (ADW_EXPANDER_ROW (expander), button);

  button = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Remove the Engine"));
  gtk_widget_set_name (button, "remove");
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove the Engine"), -1);
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (remove_clicked_cb), expander);
  adw_expander_row_add_action (ADW_EXPANDER_ROW (expander), button);

  row->status_row = adw_action_row_new ();
  set_status (row, _("Not tested yet"), _("Open the row or press Test to read its options"),
              FALSE);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row->status_row);
  g_signal_connect (expander, "notify::expanded", G_CALLBACK (expanded_cb), NULL);
  return expander;
}

static void
add_found_clicked_cb (GtkWidget *button)
{
  CaturEnginesGroup *self = g_object_get_data (G_OBJECT (button), "catur-page");
  CaturEngineEntry *found = g_object_get_data (G_OBJECT (button), "catur-entry");
  g_autoptr(GPtrArray) entries = load_entries (self);
  CaturEngineEntry *entry = catur_engine_entry_copy (found);

  g_free (entry->id);
  entry->id = catur_engine_list_new_id (entries, entry->argv[0]);
  g_ptr_array_add (entries, entry);
  save_entries (self, entries);
}

/* The games of an entry that the loaded plugins have. */
static void
keep_loaded_games (CaturEngineEntry *entry)
{
  g_autoptr(GStrvBuilder) games = g_strv_builder_new ();

  for (guint i = 0; entry->games[i] != NULL; i++)
    if (catur_plugins_find_variant (entry->games[i]) != NULL
        && catur_engine_game_has_engines (entry->games[i]))
      g_strv_builder_add (games, entry->games[i]);
  g_strfreev (entry->games);
  entry->games = g_strv_builder_end (games);
}

/* The known programs found here that play the game and that the list does not have yet. */
static void rebuild (CaturEnginesGroup *self);

static void
discovered_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *found = catur_engine_list_discover_finish (result, &error);
  CaturEnginesGroup *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = CATUR_ENGINES_GROUP (user_data);
  g_clear_object (&self->discovering);
  if (found == NULL)
    {
      toast (self, error->message);
      found = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_engine_entry_free);
    }
  self->found = found;
  g_clear_pointer (&self->signature, g_free);
  rebuild (self);
}

static void
add_found_rows (CaturEnginesGroup *self,
                GPtrArray         *entries)
{
  if (self->found == NULL)
    {
      if (self->discovering == NULL)
        {
          self->discovering = g_cancellable_new ();
          catur_engine_list_discover_async (g_getenv ("CATUR_ENGINE_PATH"), self->discovering,
                                            discovered_cb, self);
        }
      return;
    }
  for (guint i = 0; i < self->found->len; i++)
    {
      g_autoptr(CaturEngineEntry) program = catur_engine_entry_copy (
        g_ptr_array_index (self->found, i));
      gboolean listed = FALSE;
      g_autofree char *games = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *name = NULL;
      GtkWidget *row, *button;

      keep_loaded_games (program);
      for (guint j = 0; j < entries->len && !listed; j++)
        listed = g_str_equal (((CaturEngineEntry *) g_ptr_array_index (entries, j))->argv[0],
                              program->argv[0]);
      if (listed || !catur_engine_entry_plays (program, catur_variant_get_id (self->variant)))
        continue;
      games = games_text (program);
      /* Translators: a program found on this computer, and the games it plays: "Found
       * here: /usr/games/stockfish · Chess" */
      subtitle = g_markup_printf_escaped (_("Found here: %s · %s"), program->argv[0], games);
      name = g_markup_escape_text (program->name, -1);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_name (row, program->id);
      button = gtk_button_new_with_label (_("Add"));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "catur-page", self);
      g_object_set_data_full (G_OBJECT (button), "catur-entry", catur_engine_entry_copy (program),
                              (GDestroyNotify) catur_engine_entry_free);
      g_signal_connect (button, "clicked", G_CALLBACK (add_found_clicked_cb), NULL);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->rows, row);
    }
}

/* The list's ids and names, and the programs' paths: the rows change when these do, not when
 * an option does (which would close the row being edited). */
static char *
list_signature (GPtrArray *entries)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      CaturEngineEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *argv = g_strjoinv (" ", entry->argv);
      g_autofree char *games = g_strjoinv (",", entry->games);

      g_string_append_printf (text, "%s\n%s\n%s\n%s\n", entry->id, entry->name, argv, games);
    }
  return g_string_free (text, FALSE);
}

static void
analyser_changed_cb (AdwComboRow       *row,
                     GParamSpec        *pspec,
                     CaturEnginesGroup *self)
{
  GPtrArray *ids = g_object_get_data (G_OBJECT (row), "catur-ids");
  g_autoptr(GVariant) choices = g_settings_get_value (self->settings, "analysis-engines");
  const char *game = catur_variant_get_id (self->variant);
  guint selected = adw_combo_row_get_selected (row);
  const char *chosen = selected < ids->len ? g_ptr_array_index (ids, selected) : "";
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key, *value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_iter_init (&iter, choices);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &value))
    if (!g_str_equal (key, game))
      g_variant_builder_add (&builder, "{ss}", key, value);
  if (*chosen != '\0')
    g_variant_builder_add (&builder, "{ss}", game, chosen);
  g_settings_set_value (self->settings, "analysis-engines", g_variant_builder_end (&builder));
}

/* Which engine the coach's analysis of the game asks: Catur's own, or one of the list's. */
static GtkWidget *
analyser_row (CaturEnginesGroup *self,
              GPtrArray         *entries)
{
  g_autoptr(GVariant) choices = g_settings_get_value (self->settings, "analysis-engines");
  const char *game = catur_variant_get_id (self->variant);
  GtkStringList *names = gtk_string_list_new (NULL);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *row = adw_combo_row_new ();
  const char *chosen = "";
  guint selected = 0;

  g_variant_lookup (choices, game, "&s", &chosen);
  gtk_string_list_append (names, _("Catur’s Own Engine"));
  g_ptr_array_add (ids, g_strdup (""));
  for (guint i = 0; i < entries->len; i++)
    {
      CaturEngineEntry *entry = g_ptr_array_index (entries, i);

      if (!catur_engine_entry_plays (entry, game))
        continue;
      if (g_str_equal (entry->id, chosen))
        selected = ids->len;
      gtk_string_list_append (names, entry->name);
      g_ptr_array_add (ids, g_strdup (entry->id));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Analyse Games With"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("The engine the coach asks about each move"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
  g_object_unref (names);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
  gtk_widget_set_name (row, "analysis-engine");
  g_object_set_data_full (G_OBJECT (row), "catur-ids", ids, (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (analyser_changed_cb), self, 0);
  return row;
}

static void
rebuild (CaturEnginesGroup *self)
{
  g_autoptr(GPtrArray) entries = load_entries (self);
  g_autofree char *signature = list_signature (entries);
  const char *id = catur_variant_get_id (self->variant);
  g_autoptr(GString) description = NULL;
  gboolean any = FALSE;

  if (g_strcmp0 (signature, self->signature) == 0)
    return;
  g_free (self->signature);
  self->signature = g_steal_pointer (&signature);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self),
                                  g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);

  for (guint j = 0; j < entries->len; j++)
    {
      CaturEngineEntry *entry = g_ptr_array_index (entries, j);
      GtkWidget *row;

      if (!catur_engine_entry_plays (entry, id))
        continue;
      row = engine_row (self, entry, self->variant);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->rows, row);
      any = TRUE;
    }
  if (any)
    {
      GtkWidget *row = analyser_row (self, entries);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->rows, row);
    }
  description = g_string_new (NULL);
  if (!any)
    g_string_append (description, _("The engines of other programs can play against you and "
                                    "give hints. Catur finds what each speaks: UCI, USI, "
                                    "UCCI or CECP (XBoard)."));
  if (catur_engine_host_is_sandboxed ())
    {
      if (description->len > 0)
        g_string_append_c (description, ' ');
      g_string_append (description, _("Catur runs as a Flatpak: the engines installed on this "
                                      "computer are found and started outside its sandbox."));
    }
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         description->len > 0 ? description->str : NULL);
  add_found_rows (self, entries);
}

static void
set_adding (CaturEnginesGroup *self,
            gboolean          adding)
{
  gtk_widget_set_sensitive (self->add_button, !adding);
  gtk_widget_set_visible (self->add_spinner, adding);
  gtk_spinner_set_spinning (GTK_SPINNER (self->add_spinner), adding);
}

static void
detected_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturEngineEntry) entry = catur_engine_detect_finish (result, &error);
  CaturEnginesGroup *self;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *games = NULL;
  g_autofree char *text = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = CATUR_ENGINES_GROUP (user_data);
  g_clear_object (&self->adding);
  set_adding (self, FALSE);
  if (entry == NULL)
    {
      toast (self, error->message);
      return;
    }
  entries = load_entries (self);
  g_free (entry->id);
  entry->id = catur_engine_list_new_id (entries, entry->argv[0]);
  games = games_text (entry);
  /* Translators: an engine added, and the games it plays: "Stockfish plays Chess" */
  text = g_strdup_printf (_("%s plays %s"), entry->name, games);
  g_ptr_array_add (entries, g_steal_pointer (&entry));
  save_entries (self, entries);
  toast (self, text);
}

/**
 * catur_engines_group_add_program:
 * @self: a #CaturEnginesGroup
 * @path: a program's path
 *
 * Tries the program (its protocol and games), and adds it to the list when it plays; a toast
 * says what was found, or why it cannot be used.
 */
void
catur_engines_group_add_program (CaturEnginesGroup *self,
                                const char       *path)
{
  const char *argv[] = { path, NULL };

  g_return_if_fail (CATUR_IS_ENGINES_GROUP (self));
  g_return_if_fail (path != NULL);

  if (self->adding != NULL)
    return;
  self->adding = g_cancellable_new ();
  set_adding (self, TRUE);
  catur_engine_detect_async (argv, catur_plugins_get_variants (), self->adding, detected_cb,
                             self);
}

/* Returns: whether a program is being tried */
gboolean
catur_engines_group_get_busy (CaturEnginesGroup *self)
{
  g_return_val_if_fail (CATUR_IS_ENGINES_GROUP (self), FALSE);

  return self->adding != NULL;
}

static void
resolved_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = catur_engine_host_resolve_path_finish (result, &error);
  CaturEnginesGroup *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = CATUR_ENGINES_GROUP (user_data);
  if (path == NULL)
    toast (self, error->message);
  else
    catur_engines_group_add_program (self, path);
}

static void
chooser_response_cb (GtkNativeDialog  *chooser,
                     int               response,
                     CaturEnginesGroup *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      /* Inside Flatpak the file comes through the document portal: the host knows it by
       * another path. */
      if (path != NULL)
        catur_engine_host_resolve_path_async (path, self->cancellable, resolved_cb, self);
    }
  g_clear_object (&self->chooser);
}

static void
add_clicked_cb (CaturEnginesGroup *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Add Engine"), GTK_WINDOW (root),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"),
                                               NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
catur_engines_group_dispose (GObject *object)
{
  CaturEnginesGroup *self = CATUR_ENGINES_GROUP (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->adding != NULL)
    g_cancellable_cancel (self->adding);
  g_clear_object (&self->adding);
  if (self->discovering != NULL)
    g_cancellable_cancel (self->discovering);
  g_clear_object (&self->discovering);
  g_clear_pointer (&self->found, g_ptr_array_unref);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  for (guint i = 0; self->clients != NULL && i < self->clients->len; i++)
    catur_engine_client_quit (g_ptr_array_index (self->clients, i));
  g_clear_pointer (&self->clients, g_ptr_array_unref);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->variant);
  g_clear_pointer (&self->signature, g_free);

  G_OBJECT_CLASS (catur_engines_group_parent_class)->dispose (object);
}

static void
catur_engines_group_class_init (CaturEnginesGroupClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = catur_engines_group_dispose;
}

static void
catur_engines_group_init (CaturEnginesGroup *self)
{
  GtkWidget *box;

  self->rows = g_ptr_array_new ();
  self->clients = g_ptr_array_new_with_free_func (g_object_unref);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("Engines of Other Programs"));
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->add_spinner = gtk_spinner_new ();
  gtk_widget_set_visible (self->add_spinner, FALSE);
  gtk_box_append (GTK_BOX (box), self->add_spinner);
  self->add_button = gtk_button_new_with_label (_("Add Engine…"));
  gtk_widget_set_valign (self->add_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->add_button, _("Any program that speaks UCI, USI, UCCI or "
                                                   "CECP"));
  g_signal_connect_swapped (self->add_button, "clicked", G_CALLBACK (add_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), self->add_button);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (self), box);
}

/**
 * catur_engines_group_new:
 * @settings: the application's settings
 * @variant: the game of the page
 *
 * Returns: (transfer floating): the group of the engines of other programs that play @variant
 */
GtkWidget *
catur_engines_group_new (GSettings    *settings,
                         CaturVariant *variant)
{
  CaturEnginesGroup *self;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);

  self = g_object_new (CATUR_TYPE_ENGINES_GROUP, NULL);
  self->settings = g_object_ref (settings);
  self->variant = g_object_ref (variant);
  name = g_strconcat ("engines-", catur_variant_get_id (variant), NULL);
  gtk_widget_set_name (GTK_WIDGET (self), name);
  rebuild (self);
  g_signal_connect_object (settings, "changed::engines", G_CALLBACK (rebuild), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}
