/* catur-application.c: the application: plugins, settings, app actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur-application"

#include "config.h"

#include <glib/gi18n.h>
#include <catur.h>

#include "catur-application.h"
#include "catur-new-game-dialog.h"
#include "catur-window.h"

struct _CaturApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (CaturApplication, catur_application, ADW_TYPE_APPLICATION)

static CaturWindow *
get_window (CaturApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (CATUR_IS_WINDOW (window))
    return CATUR_WINDOW (window);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (CATUR_IS_WINDOW (l->data))
      return CATUR_WINDOW (l->data);

  return NULL;
}

static CaturWindow *
ensure_window (CaturApplication *self)
{
  CaturWindow *window = get_window (self);

  if (window == NULL)
    window = catur_window_new (self);
  return window;
}

static void
new_game_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  CaturApplication *self = CATUR_APPLICATION (user_data);
  CaturWindow *window = get_window (self);

  if (window == NULL)
    {
      window = catur_window_new (self);
      gtk_window_present (GTK_WINDOW (window));
      return;
    }
  catur_window_show_new_game_dialog (window);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CaturWindow *window = ensure_window (CATUR_APPLICATION (user_data));
  const char *page = g_variant_get_string (parameter, NULL);

  gtk_window_present (GTK_WINDOW (window));
  catur_window_show_preferences (window, *page != '\0' ? page : NULL);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  CaturApplication *self = CATUR_APPLICATION (user_data);
  const char *developers[] = { _("The Catur developers"), NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "modal", TRUE,
                        "application-name", _("Catur"),
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "developer-name", _("The Catur developers"),
                        "developers", developers,
                        "copyright", _("© The Catur developers"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "comments", _("Play board games of many lands"),
                        /* Translators: put your names here, one a line */
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

/* The help opens in the desktop's help browser (Yelp), in the user's language. */
static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CaturApplication *self = CATUR_APPLICATION (user_data);
  g_autofree char *uri = catur_application_get_help_uri (NULL);

  gtk_show_uri (gtk_application_get_active_window (GTK_APPLICATION (self)), uri, GDK_CURRENT_TIME);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CaturApplication *self = CATUR_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Closing lets each window save its size. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
  /* A game window may ask first (a game with a friend on another computer is left only once
   * the player says so): Catur quits when that window closes, not before. */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (CATUR_IS_WINDOW (l->data) && gtk_widget_get_visible (GTK_WIDGET (l->data)))
      return;
  g_application_quit (G_APPLICATION (self));
}

static const GActionEntry app_entries[] = {
  { "new-game", new_game_action, NULL, NULL, NULL },
  /* The page to open: "" for General, or a game's id. */
  { "preferences", preferences_action, "s", NULL, NULL },
  { "about", about_action, NULL, NULL, NULL },
  { "help", help_action, NULL, NULL, NULL },
  { "quit", quit_action, NULL, NULL, NULL },
};

static void
player_action_change_state (GSimpleAction *action,
                            GVariant      *value,
                            gpointer       user_data)
{
  CaturApplication *self = user_data;
  const char *key = g_action_get_name (G_ACTION (action));
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;

  /* A value the setting cannot take (a stale menu's, a script's) changes nothing. */
  g_object_get (self->settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  if (g_settings_schema_key_range_check (schema_key, value))
    g_settings_set_value (self->settings, key, value);
}

static void
player_setting_changed_cb (GSettings     *settings,
                           const char    *key,
                           GSimpleAction *action)
{
  g_autoptr(GVariant) value = g_settings_get_value (settings, key);

  g_simple_action_set_state (action, value);
}

/* A stateful action named and valued as the setting @key, like g_settings_create_action()'s,
 * but one whose enabled state the application may set (update_computer_actions()). */
static void
add_player_action (CaturApplication *self,
                   const char       *key)
{
  g_autoptr(GVariant) value = g_settings_get_value (self->settings, key);
  g_autoptr(GSimpleAction) action = NULL;
  g_autofree char *signal = g_strconcat ("changed::", key, NULL);

  action = g_simple_action_new_stateful (key, g_variant_get_type (value), value);
  g_signal_connect_object (action, "change-state", G_CALLBACK (player_action_change_state), self,
                           0);
  g_signal_connect_object (self->settings, signal, G_CALLBACK (player_setting_changed_cb), action,
                           0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
}

/* The computer's level and side mean nothing between two people: their menu items are greyed
 * out then, as the preferences' rows are. */
static void
update_computer_actions (CaturApplication *self)
{
  static const char * const computer_keys[] = { "level", "human-side" };
  gboolean computer = g_settings_get_enum (self->settings, "mode") == 1;

  for (guint i = 0; i < G_N_ELEMENTS (computer_keys); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), computer_keys[i]);

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), computer);
    }
}

static void
catur_application_startup (GApplication *application)
{
  CaturApplication *self = CATUR_APPLICATION (application);
  /* Legal-move markers are each game's own: the window's win.show-legal-moves. */
  static const char * const toggles[] = { "piece-letters", "table-mode" };
  static const struct
  {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-game", { "<Control>n", NULL } },
    { "app.preferences('')", { "<Control>comma", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "app.help", { "F1", NULL } },
    /* GtkApplication sets it only for a help overlay of its own loading. */
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.fullscreen", { "F11", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    /* A focused text field keeps them for its text (catur-window-clipboard.c). */
    { "win.copy-position", { "<Control>c", NULL } },
    { "win.copy-game", { "<Control><Shift>c", NULL } },
    { "win.paste", { "<Control>v", NULL } },
    { "win.set-up-position", { "<Control>e", NULL } },
    /* The record: the comment of the move shown, and playing on from it. */
    { "win.edit-comment", { "<Control>m", NULL } },
    { "win.play-from-here", { "<Control>Return", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.analyse", { "<Control><Shift>a", NULL } },
    { "win.try-again", { "<Control>r", NULL } },
    { "win.toggle-sidebar", { "F9", NULL } },
    { "win.flip-board", { "<Control>f", NULL } },
    { "win.show-attacked", { "<Control>t", NULL } },
    { "win.command", { "<Control>l", NULL } },
    { "win.focus-board", { "<Control>b", NULL } },
    /* Review: the board keeps the plain arrows for its cursor. */
    { "win.review-previous", { "<Alt>Left", NULL } },
    { "win.review-next", { "<Alt>Right", NULL } },
    { "win.review-first", { "Home", "<Alt>Home", NULL } },
    { "win.review-last", { "End", "<Alt>End", NULL } },
  };
  static const char * const player_keys[] = { "mode", "level", "human-side" };

  G_APPLICATION_CLASS (catur_application_parent_class)->startup (application);

  catur_plugins_load ();

  self->settings = g_settings_new (APP_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_entries, G_N_ELEMENTS (app_entries),
                                   self);
  for (guint i = 0; i < G_N_ELEMENTS (toggles); i++)
    {
      g_autoptr(GAction) toggle = g_settings_create_action (self->settings, toggles[i]);

      g_action_map_add_action (G_ACTION_MAP (self), toggle);
    }
  /* Who plays, for the window's players menu. */
  for (guint i = 0; i < G_N_ELEMENTS (player_keys); i++)
    add_player_action (self, player_keys[i]);
  update_computer_actions (self);
  g_signal_connect_object (self->settings, "changed::mode", G_CALLBACK (update_computer_actions),
                           self, G_CONNECT_SWAPPED);

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), accels[i].action,
                                           accels[i].accels);
}

static void
catur_application_activate (GApplication *application)
{
  CaturApplication *self = CATUR_APPLICATION (application);

  gtk_window_present (GTK_WINDOW (ensure_window (self)));
}

/* --moves: the game shown goes on with @moves, in any notation the game reads, separated by
 * spaces; a position to look at, reproduce a bug from, or take a screenshot of. */
static int
play_moves (CaturWindow             *window,
            GApplicationCommandLine *command_line,
            const char              *moves)
{
  g_auto(GStrv) tokens = g_strsplit_set (moves, " \t\n,", -1);
  CaturGame *game = catur_window_get_game (window);

  if (game == NULL)
    return EXIT_FAILURE;

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (*tokens[i] == '\0')
        continue;
      if (!catur_game_play_text (game, tokens[i], &error))
        {
          g_application_command_line_printerr (command_line, _("Cannot play “%s”: %s\n"),
                                               tokens[i], error->message);
          return EXIT_FAILURE;
        }
    }
  return EXIT_SUCCESS;
}

/* A game file given to open (from the command line, or by the desktop: "Open With Catur"):
 * the window shows it as File ▸ Open would. A window shows one game, so of several files the
 * first is opened. An invitation to a network game (a catur:// link clicked in a chat or a
 * mail) opens the New Game dialog's join page with the link, for the player to confirm. */
static void
open_game_file (CaturApplication *self,
                GFile            *file)
{
  CaturWindow *window = ensure_window (self);

  gtk_window_present (GTK_WINDOW (window));
  if (g_file_has_uri_scheme (file, "catur"))
    {
      g_autofree char *link = g_file_get_uri (file);
      CaturNewGameDialog *dialog;

      catur_window_show_new_game_dialog (window);
      dialog = catur_window_get_new_game_dialog (window);
      if (dialog != NULL)
        catur_new_game_dialog_show_join_link (dialog, link);
      return;
    }
  catur_window_open_file (window, file);
}

static void
catur_application_open (GApplication  *application,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  if (n_files > 0)
    open_game_file (CATUR_APPLICATION (application), files[0]);
  else
    catur_application_activate (application);
}

static int
catur_application_command_line (GApplication            *application,
                                GApplicationCommandLine *command_line)
{
  CaturApplication *self = CATUR_APPLICATION (application);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree const char **files = NULL;
  const char *game = NULL;
  const char *moves = NULL;
  CaturWindow *window;

  if (g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &files) && files[0] != NULL)
    {
      g_autoptr(GFile) file = g_application_command_line_create_file_for_arg (command_line,
                                                                              files[0]);

      if (files[1] != NULL)
        /* Translators: %s is the name of the file opened, the first of those given */
        g_application_command_line_printerr (
          command_line, _("Catur opens one game file at a time; opening “%s”\n"), files[0]);
      open_game_file (self, file);
      return EXIT_SUCCESS;
    }

  if (g_variant_dict_lookup (options, "game", "&s", &game)
      && catur_plugins_find_variant (game) == NULL)
    {
      GPtrArray *variants = catur_plugins_get_variants ();
      g_autoptr(GString) known = g_string_new (NULL);

      for (guint i = 0; i < variants->len; i++)
        {
          if (i > 0)
            g_string_append (known, ", ");
          g_string_append (known, catur_variant_get_id (g_ptr_array_index (variants, i)));
        }
      g_application_command_line_printerr (command_line,
                                           _("Unknown game “%s”. The games are: %s\n"),
                                           game, variants->len > 0 ? known->str : _("none"));
      return EXIT_FAILURE;
    }

  window = ensure_window (self);
  if (game != NULL)
    catur_window_select_game (window, game);
  gtk_window_present (GTK_WINDOW (window));

  if (g_variant_dict_lookup (options, "moves", "&s", &moves))
    return play_moves (window, command_line, moves);
  return EXIT_SUCCESS;
}

static void
catur_application_dispose (GObject *object)
{
  CaturApplication *self = CATUR_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (catur_application_parent_class)->dispose (object);
}

static void
catur_application_class_init (CaturApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = catur_application_dispose;

  application_class->startup = catur_application_startup;
  application_class->activate = catur_application_activate;
  application_class->command_line = catur_application_command_line;
  application_class->open = catur_application_open;
}

static void
catur_application_init (CaturApplication *self)
{
  static const GOptionEntry entries[] = {
    { "game", 'g', G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, NULL,
      N_("The game to play (its id, such as the one in the “game” setting)"), N_("ID") },
    /* Hidden: for screenshots and bug reports (data/screenshots/take-screenshots.sh). */
    { "moves", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL,
      N_("Moves to play in the game shown, separated by spaces"), N_("MOVES") },
    { G_OPTION_REMAINING, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL,
      N_("[FILE…]") },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Play board games of many lands."));
}

/**
 * catur_application_new:
 *
 * Returns: (transfer full): the application
 */
CaturApplication *
catur_application_new (void)
{
  return g_object_new (CATUR_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE
                                | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/caturapp/Catur",
                       NULL);
}

/**
 * catur_application_get_help_uri:
 * @page: (nullable): a page of the help, such as "themes"; %NULL for its front page
 *
 * Installed, the help is the "catur" document of the help folders (help:catur). Before it is,
 * `meson devenv` (and ./run) lists in CATUR_HELP_PATH the folders holding a folder of pages for
 * each language, and the help is the first of those in the user's languages, which Yelp opens
 * by its path (ghelp:/…/help/C): help:catur would say "Document Not Found".
 *
 * Returns: (transfer full): the URI to hand the desktop's help browser
 */
char *
catur_application_get_help_uri (const char *page)
{
  const char *path = g_getenv ("CATUR_HELP_PATH");
  const char * const *languages = g_get_language_names ();
  g_auto(GStrv) folders = NULL;

  if (path == NULL || *path == '\0')
    return g_strconcat ("help:catur", page != NULL ? "/" : NULL, page, NULL);

  folders = g_strsplit (path, G_SEARCHPATH_SEPARATOR_S, -1);
  for (guint i = 0; languages[i] != NULL; i++)
    for (guint j = 0; folders[j] != NULL; j++)
      {
        g_autofree char *folder = NULL;
        g_autofree char *pages = NULL;
        g_autofree char *index = NULL;

        if (*folders[j] == '\0')
          continue;
        folder = g_canonicalize_filename (folders[j], NULL);
        pages = g_build_filename (folder, languages[i], NULL);
        index = g_build_filename (pages, "index.page", NULL);
        if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
          return g_strconcat ("ghelp:", pages, page != NULL ? "/" : NULL, page, NULL);
      }

  g_message ("No help pages in CATUR_HELP_PATH (%s): asking for the installed help", path);
  return g_strconcat ("help:catur", page != NULL ? "/" : NULL, page, NULL);
}

/**
 * catur_application_get_settings:
 * @self: a #CaturApplication
 *
 * Returns: (transfer none): the application's settings; valid after startup
 */
GSettings *
catur_application_get_settings (CaturApplication *self)
{
  g_return_val_if_fail (CATUR_IS_APPLICATION (self), NULL);

  return self->settings;
}
