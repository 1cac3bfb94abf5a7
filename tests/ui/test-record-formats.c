/* test-record-formats.c: KI2 and XQF files opened in the window, whichever game is shown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A KI2 record opened while Xiangqi is played switches the window to Shogi with its moves; an
 * XQF file cut short is refused with what is wrong, and the game on the board stays.
 */
#include <glib/gstdio.h>

#include "catur-ui-test.h"

static CaturApplication *application;

static char *
write_temp (const char *name,
            const char *data,
            gssize      length)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "files", NULL);
  char *path = g_build_filename (folder, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, data, length, NULL));
  return path;
}

static gboolean
shogi_record_open (gpointer data)
{
  CaturWindow *window = data;
  CaturGame *game = catur_window_get_game (window);

  return catur_window_get_loaded_record (window) != NULL
         && g_str_equal (catur_variant_get_id (catur_game_get_variant (game)), "shogi")
         && catur_game_get_n_plies (game) == 9;
}

static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_message_dialog () != NULL;
}

static void
test_open_ki2_and_broken_xqf (void)
{
  static const char ki2[] =
    "先手：先手さん\n手合割：平手\n"
    "▲７六歩    △３四歩    ▲２二角成    △同　銀    ▲４五角    △８四歩\n"
    "▲３四角    △３三桂    ▲４三角不成\nまで9手で先手の勝ち\n";
  char xqf[100] = "XQ\x12";
  g_autofree char *ki2_path = write_temp ("game.ki2u", ki2, -1);
  g_autofree char *xqf_path = write_temp ("cut.xqf", xqf, sizeof xqf);
  g_autoptr(GFile) ki2_file = g_file_new_for_path (ki2_path);
  g_autoptr(GFile) xqf_file = g_file_new_for_path (xqf_path);
  CaturWindow *window;
  CaturGame *game;
  AdwMessageDialog *dialog;

  g_settings_set_string (catur_application_get_settings (application), "game", "xiangqi");
  window = catur_ui_test_window (application);
  catur_window_open_file (window, ki2_file);
  g_assert_true (catur_ui_test_wait_until (shogi_record_open, window));
  game = catur_window_get_game (window);
  g_assert_cmpstr (catur_record_get_tag (catur_window_get_loaded_record (window), "Sente"), ==,
                   "先手さん");

  catur_window_open_file (window, xqf_file);
  g_assert_true (catur_ui_test_wait_until (dialog_shown, NULL));
  dialog = find_message_dialog ();
  g_test_message ("%s: %s", adw_message_dialog_get_heading (dialog),
                  adw_message_dialog_get_body (dialog));
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "The XQF file ends inside its header (100 bytes of 1024)");
  g_assert_true (catur_window_get_game (window) == game);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 9);
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  catur_ui_test_isolate ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  application = catur_ui_test_application ();
  g_test_add_func ("/ui/record-formats/open-ki2-and-broken-xqf", test_open_ki2_and_broken_xqf);
  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
