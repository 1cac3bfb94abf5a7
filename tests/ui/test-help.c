/* test-help.c: F1 asks the desktop to open the help; the window and the About window find the icon
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
                                  "MimeType=x-scheme-handler/help;\n"
                                  "NoDisplay=true\n",
                                  received_file);
  g_assert_true (g_file_set_contents (desktop, desktop_text, -1, NULL));
  g_assert_true (g_file_set_contents (mimeapps,
                                      "[Default Applications]\n"
                                      "x-scheme-handler/help=catur-test-help.desktop\n",
                                      -1, NULL));
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);
}

static gboolean
uri_received (gpointer data)
{
  return g_file_test (received_file, G_FILE_TEST_EXISTS);
}

static void
test_f1_opens_help (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                 "app.help");
  g_autofree char *uri = NULL;

  g_assert_true (g_strv_contains ((const char * const *) accels, "F1"));

  g_action_group_activate_action (G_ACTION_GROUP (application), "help", NULL);
  g_assert_true (catur_ui_test_wait_until (uri_received, NULL));
  /* The stand-in may still be writing: give it a moment to finish. */
  catur_ui_test_iterate (100);
  g_assert_true (g_file_get_contents (received_file, &uri, NULL, NULL));
  g_assert_cmpstr (uri, ==, "help:catur");
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
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));

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
  g_test_add_func ("/ui/help/fullscreen", test_fullscreen_action);
  g_test_add_func ("/ui/help/icon", test_icon_found_uninstalled);
  g_test_add_func ("/ui/help/about-icon", test_about_icon);

  return g_test_run ();
}
