/* test-no-plugins.c: without any game plugin the window explains, not crashes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>

#include "catur-ui-test.h"

static CaturApplication *application;
static char *folder;

static void
test_no_plugins_status_page (void)
{
  CaturWindow *window;
  GtkStack *stack;
  AdwStatusPage *status_page;
  const char *description;

  if (catur_plugins_get_variants ()->len > 0)
    {
      g_test_skip ("Game plugins are installed in " PLUGINDIR);
      return;
    }

  window = catur_ui_test_window (application);
  stack = GTK_STACK (catur_ui_test_child (window, "main_stack"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  g_assert_null (catur_window_get_game (window));

  status_page = ADW_STATUS_PAGE (catur_ui_test_child (window, "status_page"));
  description = adw_status_page_get_description (status_page);
  g_test_message ("status page: %s", description);
  g_assert_nonnull (strstr (description, folder));
  g_assert_nonnull (strstr (description, PLUGINDIR));

  /* The actions that need a game do nothing harmful. */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.new-game", NULL));
  g_assert_null (catur_window_get_game (window));

  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  catur_ui_test_isolate ();

  folder = g_dir_make_tmp ("catur-empty-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("CATUR_PLUGIN_PATH", folder, TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  application = catur_ui_test_application ();

  g_test_add_func ("/ui/no-plugins/status-page", test_no_plugins_status_page);
  status = g_test_run ();

  g_clear_object (&application);
  g_rmdir (folder);
  g_free (folder);
  return status;
}
