/* test-help.c: F1 asks the desktop to open the help, and the window finds its icon
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The desktop's handler for help: URIs is replaced by a stand-in registered in the test's
 * own XDG folders, which writes down the URI it was handed.
 */
#include "catur-ui-test.h"

static CaturApplication *application;
static char *received_file;

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

int
main (int   argc,
      char *argv[])
{
  catur_ui_test_isolate ();
  install_help_handler ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();

  g_test_add_func ("/ui/help/f1-opens-help", test_f1_opens_help);
  g_test_add_func ("/ui/help/fullscreen", test_fullscreen_action);
  g_test_add_func ("/ui/help/icon", test_icon_found_uninstalled);

  return g_test_run ();
}
