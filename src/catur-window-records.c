/* catur-window-records.c: the window's games on disk: autosave and resume, open, save, drop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Which formats exist and how a file is read is the variants' business
 * (catur_variant_list_record_formats()); this file only asks them.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "catur-a11y.h"
#include "catur-window-private.h"

/* The record a game was opened from, kept on the game so that saving it again keeps the
 * file's tags and comments, whichever window or undo toast it travels through. */
#define LOADED_RECORD_KEY "catur-loaded-record"
/* The file a game was opened from or last saved to, and in which format: where "Save" writes
 * it again. Kept on the game for the same reason. */
#define GAME_FILE_KEY "catur-game-file"

typedef struct
{
  GFile *file;
  char *format_id;            /* NULL: the format the file's name says */
} GameFile;

static void
game_file_free (gpointer data)
{
  GameFile *game_file = data;

  g_object_unref (game_file->file);
  g_free (game_file->format_id);
  g_free (game_file);
}

static void
set_game_file (CaturGame  *game,
               GFile      *file,
               const char *format_id)
{
  GameFile *game_file = g_new0 (GameFile, 1);

  game_file->file = g_object_ref (file);
  game_file->format_id = g_strdup (format_id);
  g_object_set_data_full (G_OBJECT (game), GAME_FILE_KEY, game_file, game_file_free);
}

/* Puts a saved mode, level or side back, if this Catur still knows it. */
static void
restore_nick (GSettings  *settings,
              const char *key,
              const char *nick)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) value = NULL;

  if (nick == NULL)
    return;
  g_object_get (settings, "settings-schema", &schema, NULL);
  if (!g_settings_schema_has_key (schema, key))
    return;
  schema_key = g_settings_schema_get_key (schema, key);
  value = g_variant_ref_sink (g_variant_new_string (nick));
  if (g_settings_schema_key_range_check (schema_key, value))
    g_settings_set_value (settings, key, value);
}

/**
 * catur_window_autosave:
 * @self: a #CaturWindow
 *
 * Writes the game being played to its variant's autosave file. It is a few hundred bytes
 * written atomically, cheap enough to do after every move on the main thread.
 */
void
catur_window_autosave (CaturWindow *self)
{
  CaturGame *game = self->game;
  g_autoptr(CaturAutosave) autosave = NULL;
  g_autoptr(GError) error = NULL;
  CaturSide computer;

  if (game == NULL || catur_window_is_lesson_game (self, game))
    return;

  autosave = catur_autosave_new_from_game (game);
  /* Who plays this game, in the nicks of the settings that choose the players: the game's
   * own, which a change of the settings during the game leaves alone until the next one. */
  computer = catur_game_get_computer_side (game);
  autosave->mode = g_strdup (computer != CATUR_SIDE_NONE ? "computer" : "two-players");
  /* A game against a friend on another computer cannot go on alone: marked, so that a restart
   * offers to resume it over the network rather than bring it back as a local game. */
  if (catur_window_network_owns (self, game))
    {
      g_free (autosave->mode);
      autosave->mode = g_strdup ("network");
    }
  autosave->level = g_strdup (catur_level_to_id (catur_game_get_computer_level (game)));
  if (computer != CATUR_SIDE_NONE)
    autosave->side = g_strdup (computer == CATUR_SIDE_SECOND ? "first" : "second");
  if (catur_game_is_reviewing (game))
    autosave->review_ply = catur_game_get_view_ply (game);
  if (!catur_autosave_save (autosave, &error))
    {
      /* Said once a window: a full disk would otherwise say it after every move. */
      if (!self->autosave_failed)
        {
          g_autofree char *why = g_markup_escape_text (error->message, -1);
          g_autofree char *text = g_strdup_printf (_("The game could not be saved: %s"), why);

          self->autosave_failed = TRUE;
          catur_window_show_toast (self, text, TRUE);
        }
      g_message ("Could not save the game: %s", error->message);
    }
}

/* The autosave could not be read: keep the file aside and say so. */
static void
set_aside (CaturWindow  *self,
           CaturVariant *variant,
           const GError *why)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *aside = catur_autosave_move_aside (catur_variant_get_id (variant), &error);
  g_autofree char *text = NULL;

  g_message ("The saved %s game could not be read: %s", catur_variant_get_id (variant),
             why->message);
  if (aside != NULL)
    {
      g_autofree char *base = g_path_get_basename (aside);
      /* libadwaita 1.2 reads a toast's title as markup. */
      g_autofree char *name = g_markup_escape_text (base, -1);

      /* Translators: "The saved Xiangqi game could not be read. It was kept as
       * autosave-xiangqi.ini.20240501-101500.bad, and a new game has started." */
      text = g_strdup_printf (_("The saved %s game could not be read. It was kept as %s, "
                                "and a new game has started."),
                              catur_variant_get_name (variant), name);
    }
  else
    text = g_strdup_printf (_("The saved %s game could not be read, and a new game has "
                              "started."), catur_variant_get_name (variant));
  catur_window_show_toast (self, text, TRUE);
}

/**
 * catur_window_resume_game:
 * @self: a #CaturWindow
 * @variant: a variant
 *
 * Shows the game of @variant where it was left, from its autosave. An autosave that
 * cannot be read is kept aside under another name and a toast says so.
 *
 * Returns: %TRUE when a saved game was resumed; %FALSE when a new game should start
 */
gboolean
catur_window_resume_game (CaturWindow  *self,
                          CaturVariant *variant)
{
  g_autoptr(CaturAutosave) autosave = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GError) error = NULL;

  autosave = catur_autosave_load (catur_variant_get_id (variant), &error);
  if (autosave != NULL)
    game = catur_autosave_restore (autosave, &error);
  if (error != NULL)
    {
      set_aside (self, variant, error);
      return FALSE;
    }
  if (game == NULL)
    return FALSE;
  /* A network game that Catur left without adjourning it (quit or killed): it is kept to be
   * resumed with the friend, and a new game takes the board. */
  if (g_strcmp0 (autosave->mode, "network") == 0)
    {
      catur_window_network_interrupted (self, variant);
      return FALSE;
    }

  /* The saved game's players: the settings show them again (without changing the players of
   * the game shown until now), and the game goes on with them. */
  catur_window_hold_players (self, TRUE);
  restore_nick (self->settings, "mode", autosave->mode);
  restore_nick (self->settings, "level", autosave->level);
  restore_nick (self->settings, "human-side", autosave->side);
  catur_window_hold_players (self, FALSE);
  catur_window_set_game (self, game);
  /* The player was looking back at an earlier position when the game was left. */
  if (autosave->review_ply >= 0)
    catur_game_set_view_ply (game, autosave->review_ply);
  /* Against the computer, it thinks at once when it is its move. */
  catur_window_apply_players (self);
  return TRUE;
}

static void
show_error (CaturWindow  *self,
            const char   *heading,
            const GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  catur_a11y_name_buttons_by_content (dialog);
  catur_a11y_present_dialog (GTK_WINDOW (dialog), heading, error->message);
}

static char *
display_name (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);

  return g_filename_display_name (base != NULL ? base : "");
}

/* Shows the game of @record, read from a file: the game on the board stays when it cannot be
 * played (a message under @heading says why). @file (nullable) is where Save writes the game
 * back: the file it came from when the file held it alone. */
static void
open_record (CaturWindow *self,
             CaturRecord *record,
             const char  *heading,
             GFile       *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = catur_record_to_game (record, &error);

  if (game == NULL)
    {
      show_error (self, heading, error);
      return;
    }
  g_object_set_data_full (G_OBJECT (game), LOADED_RECORD_KEY, g_object_ref (record),
                          g_object_unref);
  if (file != NULL)
    set_game_file (game, file, NULL);
  /* A record is looked through first: against the computer, it plays on from the position the
   * player chooses; two players play on at once. */
  catur_window_set_game (self, game);
  catur_window_review_record (self, game);
}

/* What the choice of a game of a file needs when the answer comes. */
typedef struct
{
  GWeakRef window;
  GPtrArray *records;
  GtkListBox *list;
  char *heading;
} GameChoice;

static void
game_choice_free (gpointer  data,
                  GClosure *closure)
{
  GameChoice *choice = data;

  g_weak_ref_clear (&choice->window);
  g_ptr_array_unref (choice->records);
  g_free (choice->heading);
  g_free (choice);
}

static void
game_chosen_cb (AdwMessageDialog *dialog,
                const char       *response,
                GameChoice       *choice)
{
  g_autoptr(CaturWindow) self = g_weak_ref_get (&choice->window);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (choice->list);

  if (self == NULL || !g_str_equal (response, "open") || row == NULL)
    return;
  /* One game of several: Save asks where, not over the file of all of them. */
  open_record (self, g_ptr_array_index (choice->records, gtk_list_box_row_get_index (row)),
               choice->heading, NULL);
}

static void
game_row_activated_cb (AdwMessageDialog *dialog)
{
  adw_message_dialog_response (dialog, "open");
}

/* A row of the list of games shows when every word of the search is in its lines. */
static gboolean
game_row_matches (GtkListBoxRow *row,
                  gpointer       user_data)
{
  GtkEditable *search = user_data;
  const char *text = gtk_editable_get_text (search);
  const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
  g_autofree char *lines = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *wanted = NULL;
  g_auto(GStrv) words = NULL;

  if (text[0] == '\0')
    return TRUE;
  lines = g_strconcat (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "\n",
                       subtitle != NULL ? subtitle : "", NULL);
  folded = g_utf8_casefold (lines, -1);
  wanted = g_utf8_casefold (text, -1);
  words = g_strsplit_set (wanted, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && strstr (folded, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* The search changed: the list shows the games it matches, the first of them picked when the
 * one picked is hidden. */
static void
game_search_changed_cb (GtkSearchEntry *search,
                        GtkListBox     *list)
{
  GtkListBoxRow *selected;

  gtk_list_box_invalidate_filter (list);
  selected = gtk_list_box_get_selected_row (list);
  if (selected != NULL && game_row_matches (selected, search))
    return;
  gtk_list_box_unselect_all (list);
  for (int i = 0;; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);

      if (row == NULL)
        break;
      if (game_row_matches (row, search))
        {
          gtk_list_box_select_row (list, row);
          break;
        }
    }
}

/* Enter in the search opens the game picked. */
static void
game_search_activate_cb (GtkSearchEntry   *search,
                         AdwMessageDialog *dialog)
{
  adw_message_dialog_response (dialog, "open");
}

/* A file of several games (a PGN database): the player picks the one to open from a list of
 * their players, event, date and result. */
static void
choose_game (CaturWindow *self,
             const char  *name,
             GPtrArray   *records,
             const char  *heading)
{
  g_autofree char *body = NULL;
  GtkWidget *dialog, *scrolled, *list, *search, *box;
  GameChoice *choice;

  /* Translators: the body of the dialog choosing a game of a file; %s is the file's name */
  body = g_strdup_printf (ngettext ("“%s” holds %u game. Which one do you want to open?",
                                    "“%s” holds %u games. Which one do you want to open?",
                                    records->len),
                          name, records->len);
  /* Translators: the heading of the dialog choosing one of the games (played games, not
   * kinds of game) that a file holds */
  dialog = adw_message_dialog_new (GTK_WINDOW (self), C_("record", "Choose a Game"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "open", _("_Open"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "open",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "open");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  list = gtk_list_box_new ();
  gtk_widget_set_name (list, "games_list");
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_SINGLE);
  for (guint i = 0; i < records->len; i++)
    {
      CaturRecord *record = g_ptr_array_index (records, i);
      g_autofree char *title = catur_record_describe (record, i);
      g_autofree char *details = catur_record_describe_details (record);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      if (*details != '\0')
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), details);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  gtk_list_box_select_row (GTK_LIST_BOX (list),
                           gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0));
  g_signal_connect_object (list, "row-activated", G_CALLBACK (game_row_activated_cb), dialog,
                           G_CONNECT_SWAPPED);

  /* A database of many games is searched by players, event, date or result. */
  search = gtk_search_entry_new ();
  gtk_widget_set_name (search, "games_search");
  /* Translators: the placeholder of the search in the list of a file's games */
  g_object_set (search, "placeholder-text", _("Players, event, date, result"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Search the games"), -1);
  gtk_list_box_set_filter_func (GTK_LIST_BOX (list), game_row_matches, search, NULL);
  g_signal_connect_object (search, "search-changed", G_CALLBACK (game_search_changed_cb), list,
                           0);
  g_signal_connect_object (search, "activate", G_CALLBACK (game_search_activate_cb), dialog, 0);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 360);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_box_append (GTK_BOX (box), search);
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);

  choice = g_new0 (GameChoice, 1);
  g_weak_ref_init (&choice->window, self);
  choice->records = g_ptr_array_ref (records);
  choice->list = GTK_LIST_BOX (list);
  choice->heading = g_strdup (heading);
  g_signal_connect_data (dialog, "response", G_CALLBACK (game_chosen_cb), choice,
                         game_choice_free, 0);
  catur_a11y_present_dialog (GTK_WINDOW (dialog), C_("record", "Choose a Game"), body);
}

/**
 * catur_window_open_records:
 * @self: a #CaturWindow
 * @records: (element-type CaturRecord): the games read, at least one
 * @name: what held them, for the list of several
 * @heading: the heading of a message when the game chosen cannot be played
 *
 * Shows the game of @records, or lets the player choose one when there are several.
 */
void
catur_window_open_records (CaturWindow *self,
                           GPtrArray   *records,
                           const char  *name,
                           const char  *heading)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (records != NULL && records->len > 0);

  if (records->len == 1)
    open_record (self, g_ptr_array_index (records, 0), heading, NULL);
  else
    choose_game (self, name, records, heading);
}

static void
file_loaded_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(CaturWindow) self = user_data;
  GFile *file = G_FILE (source);
  g_autofree char *contents = NULL;
  g_autofree char *name = display_name (file);
  g_autofree char *heading = NULL;
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = NULL;
  CaturGame *current = self->game;
  gsize length = 0;

  /* Translators: the heading of the message when a file cannot be opened */
  heading = g_strdup_printf (_("Could Not Open “%s”"), name);
  if (!g_file_load_contents_finish (file, result, &contents, &length, NULL, &error))
    {
      show_error (self, heading, error);
      return;
    }

  records = catur_record_read_file_games (basename, contents, length,
                                          current != NULL ? catur_game_get_variant (current)
                                                          : NULL,
                                          &error);
  if (records == NULL)
    /* The game on the board stays as it was. */
    show_error (self, heading, error);
  else if (records->len == 1)
    open_record (self, g_ptr_array_index (records, 0), heading, file);
  else
    choose_game (self, name, records, heading);
}

/**
 * catur_window_open_file:
 * @self: a #CaturWindow
 * @file: a game record of any loaded game
 *
 * Reads @file without blocking and shows its game; when it cannot be read, a dialog says
 * why (naming the line) and the game on the board stays.
 */
void
catur_window_open_file (CaturWindow *self,
                        GFile       *file)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_file_load_contents_async (file, NULL, file_loaded_cb, g_object_ref (self));
}

typedef struct
{
  CaturWindow *window;
  CaturGame *game;
  char *format_id;
  char *name;
  char *text;      /* the file's bytes, in the format's encoding */
  gsize length;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_object_unref (data->window);
  g_clear_object (&data->game);
  g_free (data->format_id);
  g_free (data->name);
  g_free (data->text);
  g_free (data);
}

static void
file_saved_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  SaveData *data = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    {
      /* Translators: the heading of the message when a file cannot be written */
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), data->name);

      show_error (data->window, heading, error);
    }
  else
    {
      g_autofree char *name = g_markup_escape_text (data->name, -1);
      g_autofree char *text = g_strdup_printf (_("Saved “%s”"), name);

      set_game_file (data->game, G_FILE (source), data->format_id);
      if (data->window->game == data->game)
        catur_window_annotations_update (data->window);
      catur_window_show_toast (data->window, text, FALSE);
    }
  save_data_free (data);
}

/**
 * catur_window_save_to_file:
 * @self: a #CaturWindow
 * @file: where to write
 * @format_id: (nullable): a writable format of the game's variant, or %NULL to choose
 *   by the file's extension
 *
 * Writes the game to @file without blocking; a toast or a dialog says how it went.
 */
void
catur_window_save_to_file (CaturWindow *self,
                           GFile       *file,
                           const char  *format_id)
{
  CaturGame *game;
  CaturVariant *variant;
  CaturRecord *loaded;
  const CaturRecordFormat *format = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = NULL;
  SaveData *data;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  game = self->game;
  if (game == NULL)
    return;
  variant = catur_game_get_variant (game);
  basename = g_file_get_basename (file);

  if (format_id != NULL)
    format = catur_variant_find_record_format (variant, format_id);
  if (format == NULL)
    format = catur_variant_guess_record_format (variant, basename, CATUR_RECORD_FORMAT_WRITE);
  if (format == NULL)
    format = catur_variant_guess_record_format (variant, NULL, CATUR_RECORD_FORMAT_WRITE);

  data = g_new0 (SaveData, 1);
  data->window = g_object_ref (self);
  data->game = g_object_ref (game);
  data->name = display_name (file);
  if (format == NULL)
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), data->name);

      g_set_error (&error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
                   _("%s has no file format to save games in"), catur_variant_get_name (variant));
      show_error (self, heading, error);
      save_data_free (data);
      return;
    }

  data->format_id = g_strdup (format->id);
  record = catur_record_new_from_game (game);
  loaded = g_object_get_data (G_OBJECT (game), LOADED_RECORD_KEY);
  if (loaded != NULL)
    /* The comments are the game's own, the ones a player removed too. */
    catur_record_copy_tags (record, loaded);
  data->text = catur_variant_write_record_file (variant, format->id, record, &data->length,
                                                &error);
  if (data->text == NULL)
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), data->name);

      show_error (self, heading, error);
      save_data_free (data);
      return;
    }
  g_file_replace_contents_async (file, data->text, data->length, NULL, FALSE,
                                 G_FILE_CREATE_REPLACE_DESTINATION, NULL, file_saved_cb, data);
}

static GtkFileFilter *
filter_for (const CaturRecordFormat *format)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, format->name);
  for (guint i = 0; format->extensions[i] != NULL; i++)
    {
      g_autofree char *pattern = g_strdup_printf ("*.%s", format->extensions[i]);

      gtk_file_filter_add_pattern (filter, pattern);
    }
  return filter;
}

/* What the save dialog's answer needs: the window may close first, and each filter offered
 * stands for a format to write. */
typedef struct
{
  GWeakRef window;
  GHashTable *formats;        /* GtkFileFilter → the id of its format */
} SaveChooser;

static void
save_chooser_free (gpointer  data,
                   GClosure *closure)
{
  SaveChooser *chooser = data;

  g_weak_ref_clear (&chooser->window);
  g_hash_table_unref (chooser->formats);
  g_free (chooser);
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  CaturWindow     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        catur_window_open_file (self, file);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
open_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  GPtrArray *variants = catur_plugins_get_variants ();
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);

  /* Every game's readable formats, and first one filter for them all. */
  gtk_file_filter_set_name (all, _("All game files"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  for (guint i = 0; i < variants->len; i++)
    {
      const CaturRecordFormat *formats;
      guint n;

      formats = catur_variant_list_record_formats (g_ptr_array_index (variants, i), &n);
      for (guint j = 0; j < n; j++)
        {
          if (!(formats[j].flags & CATUR_RECORD_FORMAT_READ))
            continue;
          for (guint k = 0; formats[j].extensions[k] != NULL; k++)
            {
              g_autofree char *pattern = g_strdup_printf ("*.%s", formats[j].extensions[k]);

              gtk_file_filter_add_pattern (all, pattern);
            }
        }
    }
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), all);

  g_signal_connect_object (dialog, "response", G_CALLBACK (open_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  SaveChooser     *chooser)
{
  g_autoptr(CaturWindow) self = g_weak_ref_get (&chooser->window);

  if (response == GTK_RESPONSE_ACCEPT && self != NULL)
    {
      g_autoptr(GFile) chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
      const char *format_id = filter != NULL ? g_hash_table_lookup (chooser->formats, filter)
                                             : NULL;
      CaturGame *game = self->game;
      g_autoptr(GFile) file = NULL;

      if (chosen != NULL && game != NULL)
        {
          CaturVariant *variant = catur_game_get_variant (game);
          g_autofree char *basename = g_file_get_basename (chosen);
          const CaturRecordFormat *format = format_id != NULL
            ? catur_variant_find_record_format (variant, format_id) : NULL;

          /* A name typed without the format's extension gets it. */
          if (format != NULL
              && catur_variant_guess_record_format (variant, basename,
                                                    CATUR_RECORD_FORMAT_WRITE) == NULL)
            {
              g_autofree char *named = g_strdup_printf ("%s.%s", basename, format->extensions[0]);
              g_autoptr(GFile) parent = g_file_get_parent (chosen);

              if (parent != NULL)
                file = g_file_get_child_for_display_name (parent, named, NULL);
            }
          if (file == NULL)
            file = g_object_ref (chosen);
          catur_window_save_to_file (self, file, format_id);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
save_as_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturGame *game = self->game;
  CaturVariant *variant;
  const CaturRecordFormat *formats;
  const CaturRecordFormat *first = NULL;
  GtkFileChooserNative *dialog;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *name = NULL;
  SaveChooser *chooser;
  guint n;

  if (game == NULL)
    return;
  variant = catur_game_get_variant (game);
  chooser = g_new0 (SaveChooser, 1);
  g_weak_ref_init (&chooser->window, self);
  chooser->formats = g_hash_table_new_full (NULL, NULL, g_object_unref, g_free);

  dialog = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);

  formats = catur_variant_list_record_formats (variant, &n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkFileFilter) filter = NULL;

      if (!(formats[i].flags & CATUR_RECORD_FORMAT_WRITE))
        continue;
      filter = filter_for (&formats[i]);
      g_hash_table_insert (chooser->formats, g_object_ref (filter), g_strdup (formats[i].id));
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
      if (first == NULL)
        {
          first = &formats[i];
          gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), filter);
        }
    }
  if (first != NULL)
    {
      /* Translators: a file name for a saved game: "Xiangqi 2024-05-01.pgn" */
      name = g_strdup_printf (_("%s %s.%s"), catur_variant_get_name (variant), date,
                              first->extensions[0]);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
    }

  g_signal_connect_data (dialog, "response", G_CALLBACK (save_response_cb), chooser,
                         save_chooser_free, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* "Save": the game goes back to the file it came from, in its format; a game without one (or
 * from a file of a format the game cannot write) asks where, as "Save As…" does. */
static void
save_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  GameFile *game_file;
  CaturVariant *variant;
  const CaturRecordFormat *format = NULL;

  if (self->game == NULL)
    return;
  variant = catur_game_get_variant (self->game);
  game_file = g_object_get_data (G_OBJECT (self->game), GAME_FILE_KEY);
  if (game_file != NULL && game_file->format_id != NULL)
    format = catur_variant_find_record_format (variant, game_file->format_id);
  else if (game_file != NULL)
    {
      g_autofree char *basename = g_file_get_basename (game_file->file);

      format = catur_variant_guess_record_format (variant, basename, CATUR_RECORD_FORMAT_WRITE);
    }

  if (format == NULL || !(format->flags & CATUR_RECORD_FORMAT_WRITE))
    save_as_action (action, parameter, user_data);
  else
    catur_window_save_to_file (self, game_file->file, format->id);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         CaturWindow   *self)
{
  GFile *file;

  /* Text dropped (a game or a position from another program) is read as a paste is. */
  if (G_VALUE_HOLDS_STRING (value))
    {
      if (g_value_get_string (value) == NULL)
        return FALSE;
      catur_window_open_text (self, g_value_get_string (value));
      return TRUE;
    }
  file = g_value_get_object (value);
  if (!G_IS_FILE (file))
    return FALSE;
  catur_window_open_file (self, file);
  return TRUE;
}

static const GActionEntry record_entries[] = {
  { "open", open_action, NULL, NULL, NULL },
  { "save", save_action, NULL, NULL, NULL },
  { "save-as", save_as_action, NULL, NULL, NULL },
};

/**
 * catur_window_records_init:
 * @self: a #CaturWindow
 *
 * Adds the actions `win.open`, `win.save` and `win.save-as`, and takes files dropped on the
 * window, and text (catur_window_open_text()).
 */
void
catur_window_records_init (CaturWindow *self)
{
  GtkDropTarget *target;
  /* A file first: a file manager offers its files' names as text too. */
  GType types[] = { G_TYPE_FILE, G_TYPE_STRING };

  g_action_map_add_action_entries (G_ACTION_MAP (self), record_entries,
                                   G_N_ELEMENTS (record_entries), self);

  target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));
  g_signal_connect_object (target, "drop", G_CALLBACK (drop_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

/**
 * catur_window_get_game_file:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none) (nullable): the file the game shown was opened from or last saved
 *   to: where win.save writes it
 */
GFile *
catur_window_get_game_file (CaturWindow *self)
{
  GameFile *game_file;

  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  game_file = self->game != NULL ? g_object_get_data (G_OBJECT (self->game), GAME_FILE_KEY)
                                 : NULL;
  return game_file != NULL ? game_file->file : NULL;
}

/* Whether the game was opened from a file (for tests and the save dialog). */
CaturRecord *
catur_window_get_loaded_record (CaturWindow *self)
{
  CaturGame *game;

  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  game = self->game;
  return game != NULL ? g_object_get_data (G_OBJECT (game), LOADED_RECORD_KEY) : NULL;
}
