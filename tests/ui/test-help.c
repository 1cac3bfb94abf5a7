/* test-help.c: F1 asks the desktop to open the help; Ctrl+? shows the shortcuts; the window and
 * the About window find the icon
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The desktop's handler for help: URIs is replaced by a stand-in registered in the test's
 * own XDG folders, which writes down the URI it was handed.
 */
#include "catur-ui-test.h"

static CaturApplication *application;
static char *received_file;
/* GTK's warnings that an icon could not be loaded, from whichever thread loaded it. */
static int icon_failures;

static void
install_help_handler (void)
{
  g_autofree char *data_home = g_dir_make_tmp ("catur-help-data-XXXXXX", NULL);
  g_autofree char *config_home = g_dir_make_tmp ("catur-help-config-XXXXXX", NULL);
  g_autofree char *applications = g_build_filename (data_home, "applications", NULL);
  g_autofree char *desktop = g_build_filename (applications, "catur-test-help.desktop", NULL);
  g_autofree char *mimeapps = g_build_filename (config_home, "mimeapps.list", NULL);
  g_autofree char *desktop_text = NULL;

  received_file = g_build_filename (data_home, "received-uri", NULL);
  g_assert_cmpint (g_mkdir_with_parents (applications, 0700), ==, 0);
  desktop_text = g_strdup_printf ("[Desktop Entry]\n"
                                  "Type=Application\n"
                                  "Name=Help stand-in\n"
                                  "Exec=sh -c 'printf %%s \"$1\" > %s' sh %%u\n"
                                  "MimeType=x-scheme-handler/help;x-scheme-handler/ghelp;\n"
                                  "NoDisplay=true\n",
                                  received_file);
  g_assert_true (g_file_set_contents (desktop, desktop_text, -1, NULL));
  g_assert_true (g_file_set_contents (mimeapps,
                                      "[Default Applications]\n"
                                      "x-scheme-handler/help=catur-test-help.desktop\n"
                                      "x-scheme-handler/ghelp=catur-test-help.desktop\n",
                                      -1, NULL));
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);
}

static gboolean
uri_received (gpointer data)
{
  return g_file_test (received_file, G_FILE_TEST_EXISTS);
}

/* Asks for the help as F1 and the main menu's Help do, and returns the URI the desktop's help
 * handler was given. */
static char *
open_help (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                 "app.help");
  GtkMenuButton *button = GTK_MENU_BUTTON (catur_ui_test_child (window, "menu_button"));
  GMenuModel *menu;
  gboolean in_menu = FALSE;
  char *uri = NULL;

  g_assert_true (g_strv_contains ((const char * const *) accels, "F1"));
  /* The main menu is built when it first opens, not with the window. */
  g_assert_null (gtk_menu_button_get_popover (button));
  menu = catur_ui_test_open_menu (window, "menu_button");
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      for (int j = 0; section != NULL && j < g_menu_model_get_n_items (section); j++)
        {
          g_autofree char *action = NULL;

          if (g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_ACTION, "s", &action))
            in_menu |= g_strcmp0 (action, "app.help") == 0;
        }
    }
  g_assert_true (in_menu);

  g_remove (received_file);
  g_action_group_activate_action (G_ACTION_GROUP (application), "help", NULL);
  g_assert_true (catur_ui_test_wait_until (uri_received, NULL));
  /* The stand-in may still be writing: give it a moment to finish. */
  catur_ui_test_iterate (100);
  g_assert_true (g_file_get_contents (received_file, &uri, NULL, NULL));
  catur_ui_test_close (window);
  return uri;
}

/* Installed, the help is the "catur" document of the system's help folders. */
static void
test_f1_opens_help (void)
{
  g_autofree char *uri = NULL;

  g_unsetenv ("CATUR_HELP_PATH");
  uri = open_help ();
  g_assert_cmpstr (uri, ==, "help:catur");
}

/* From the build tree (./run, `meson devenv`), the help is the folder of pages in the user's
 * language, which Yelp opens by its path: help:catur would not be found. */
static void
test_f1_opens_help_uninstalled (void)
{
  g_autofree char *uri = NULL;
  g_autofree char *pages = NULL;
  g_autofree char *index = NULL;
  g_autofree char *figure = NULL;

  g_setenv ("CATUR_HELP_PATH", CATUR_TEST_HELP_PATH, TRUE);

  g_setenv ("LANGUAGE", "en", TRUE);
  uri = open_help ();
  g_assert_cmpstr (uri, ==, "ghelp:" CATUR_TEST_SOURCE_ROOT "/help/C");
  g_clear_pointer (&uri, g_free);

  /* Indonesian: the pages built from help/id/id.po, with the figures of C/. */
  g_setenv ("LANGUAGE", "id", TRUE);
  uri = open_help ();
  g_assert_true (g_str_has_prefix (uri, "ghelp:/"));
  pages = g_strdup (uri + strlen ("ghelp:"));
  g_assert_cmpstr (pages, ==, CATUR_TEST_BUILD_ROOT "/help/id");
  index = g_build_filename (pages, "index.page", NULL);
  figure = g_build_filename (pages, "figures", "xiangqi-start.png", NULL);
  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (figure, G_FILE_TEST_IS_REGULAR));
  g_unsetenv ("LANGUAGE");

  /* A page of its own, as the preferences link to one. */
  g_clear_pointer (&uri, g_free);
  uri = catur_application_get_help_uri ("themes");
  g_assert_true (g_str_has_prefix (uri, "ghelp:/"));
  g_assert_true (g_str_has_suffix (uri, "/help/C/themes"));
  g_unsetenv ("CATUR_HELP_PATH");
  g_clear_pointer (&uri, g_free);
  uri = catur_application_get_help_uri ("themes");
  g_assert_cmpstr (uri, ==, "help:catur/themes");
}

/* The actions of the GtkShortcutsShortcut widgets under @widget, into @names. */
static void
collect_shortcut_actions (GtkWidget *widget,
                          GPtrArray *names)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      char *name = NULL;

      g_object_get (widget, "action-name", &name, NULL);
      if (name != NULL)
        g_ptr_array_add (names, name);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shortcut_actions (child, names);
}

/* The shortcuts window is built when first asked for, not with every window at start-up; Ctrl+?
 * shows it, and asked again, the same one comes back. It lists the keys of positions and
 * records, each with its key (GTK 4.8 warns of a negative width when the window grows a third
 * column, which the warning-fatal test would fail on). */
static void
test_shortcuts_window (void)
{
  static const char * const record_actions[] = {
    "win.copy-position", "win.copy-game", "win.paste", "win.set-up-position",
    "win.edit-comment", "win.play-from-here",
  };
  g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_free);
  CaturWindow *window = catur_ui_test_window (application);
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                 "win.show-help-overlay");
  GtkShortcutsWindow *overlay;

  g_assert_true (g_strv_contains ((const char * const *) accels, "<Control>question"));
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (overlay));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (overlay)) == GTK_WINDOW (window));
  collect_shortcut_actions (GTK_WIDGET (overlay), listed);
  for (guint i = 0; i < G_N_ELEMENTS (record_actions); i++)
    {
      g_auto(GStrv) keys = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                 record_actions[i]);

      g_test_message ("%s", record_actions[i]);
      g_assert_true (g_ptr_array_find_with_equal_func (listed, record_actions[i], g_str_equal,
                                                       NULL));
      g_assert_nonnull (keys[0]);
    }

  gtk_window_close (GTK_WINDOW (overlay));
  catur_ui_test_iterate (20);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  g_assert_true (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))
                 == overlay);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  catur_ui_test_close (window);
}

static void
test_fullscreen_action (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                 "win.fullscreen");

  g_assert_true (g_strv_contains ((const char * const *) accels, "F11"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "fullscreen"));
  catur_ui_test_close (window);
}

static void
test_icon_found_uninstalled (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  GtkIconTheme *theme =
    gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));

  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID "-symbolic"));
  catur_ui_test_close (window);
}

/* gtk_test_init() makes warnings fatal; an icon that fails to load is counted instead, so that
 * the test says which. */
static gboolean
count_icon_failures (const char     *log_domain,
                     GLogLevelFlags  log_level,
                     const char     *message,
                     gpointer        user_data)
{
  if (strstr (message, "Failed to load icon") == NULL)
    return TRUE;
  g_printerr ("%s\n", message);
  g_atomic_int_inc (&icon_failures);
  return FALSE;
}

static AdwAboutWindow *
find_about_window (void)
{
  g_autoptr(GList) windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (ADW_IS_ABOUT_WINDOW (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* The About window shows the application icon, not the broken-image one: image loaders must
 * tell its SVG from its first bytes. */
static void
test_about_icon (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  GtkIconTheme *theme =
    gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));
  g_autoptr(GtkIconPaintable) icon = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  AdwAboutWindow *about;

  g_atomic_int_set (&icon_failures, 0);
  g_action_group_activate_action (G_ACTION_GROUP (application), "about", NULL);
  about = find_about_window ();
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_application_icon (about), ==, APP_ID);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (about));

  /* The icon at the size the About window shows it, drawn as the window draws it. */
  icon = gtk_icon_theme_lookup_icon (theme, APP_ID, NULL, 128,
                                     gtk_widget_get_scale_factor (GTK_WIDGET (about)),
                                     GTK_TEXT_DIR_NONE, 0);
  g_assert_cmpstr (gtk_icon_paintable_get_icon_name (icon), ==, APP_ID);
  gdk_paintable_snapshot (GDK_PAINTABLE (icon), GDK_SNAPSHOT (snapshot), 128, 128);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  g_assert_cmpint (g_atomic_int_get (&icon_failures), ==, 0);

  gtk_window_destroy (GTK_WINDOW (about));
  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  catur_ui_test_isolate ();
  install_help_handler ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_log_set_fatal_handler (count_icon_failures, NULL);

  application = catur_ui_test_application ();

  g_test_add_func ("/ui/help/f1-opens-help", test_f1_opens_help);
  g_test_add_func ("/ui/help/f1-opens-help-uninstalled", test_f1_opens_help_uninstalled);
  g_test_add_func ("/ui/help/fullscreen", test_fullscreen_action);
  g_test_add_func ("/ui/help/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/ui/help/icon", test_icon_found_uninstalled);
  g_test_add_func ("/ui/help/about-icon", test_about_icon);

  return g_test_run ();
}
