/* test-record-view.c: what a record carries, shown; comments edited and kept; a record looked
 * through before the computer plays on; copy and paste with real key presses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On the test game Sandbox (tests/variant), whose records are PGN-like; the KIF pasted is
 * Shogi's, when the build has it.
 */
#include "catur-ui-test.h"
#include "testgame.h"

#include "catur-record-header.h"

static CaturApplication *application;

static const char named_pgn[] =
  "[Game \"Sandbox\"]\n[Event \"Jakarta Open\"]\n[Site \"Jakarta\"]\n[Date \"2024.05.01\"]\n"
  "[White \"Hu Ronghua\"]\n[Black \"Yang Guanlin\"]\n\n"
  "{Before any move} 1. c2-c3 {The pawn first} d5-d4 2. Bb1-c2 e5-e4 *\n";

static GSettings *
settings (void)
{
  return catur_application_get_settings (application);
}

static void
reset_players (void)
{
  g_settings_reset (settings (), "mode");
  g_settings_reset (settings (), "human-side");
}

/* A new window of a new Sandbox game: a test before may have switched to another game. */
static CaturWindow *
new_window (void)
{
  g_settings_set_string (settings (), "game", "sandbox");
  return catur_ui_test_window (application);
}

static char *
write_temp (const char *name,
            const char *text)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "files", NULL);
  char *path = g_build_filename (folder, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static gboolean
record_open (gpointer data)
{
  return catur_window_get_loaded_record (data) != NULL;
}

static gboolean
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

/* Opens @text, written to a file called @name, in a new window. */
static CaturWindow *
open_record (const char *name,
             const char *text)
{
  g_autofree char *path = write_temp (name, text);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CaturWindow *window = new_window ();

  catur_window_open_file (window, file);
  g_assert_true (catur_ui_test_wait_until (record_open, window));
  catur_ui_test_iterate (50);
  return window;
}

static CaturRecordHeader *
header (CaturWindow *window)
{
  return CATUR_RECORD_HEADER (catur_ui_test_child (window, "record_header"));
}

/* The players, the event, site and date, and the comments are shown; the title names the file. */
static void
test_header_and_comments (void)
{
  CaturWindow *window = open_record ("named.pgn", named_pgn);
  GtkWidget *history = GTK_WIDGET (catur_ui_test_child (window, "history_view"));
  g_autofree char *details = catur_record_header_dup_details (header (window));

  g_assert_cmpstr (catur_record_header_get_players (header (window)), ==,
                   "Hu Ronghua – Yang Guanlin");
  g_assert_nonnull (strstr (details, "Event: Jakarta Open\n"));
  g_assert_nonnull (strstr (details, "Site: Jakarta\n"));
  g_assert_nonnull (strstr (details, "Date: 2024.05.01\n"));
  g_assert_true (catur_ui_test_wait_for_label (history, "The pawn first"));
  g_assert_true (catur_ui_test_wait_for_label (history, "Before any move"));
  catur_ui_test_screenshot ("record-view-header");

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "named.pgn — Catur");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (catur_ui_test_child (window, "file_label"))));
  g_assert_cmpstr (catur_ui_test_label_text (window, "file_label"), ==, "named.pgn");

  /* A new game has no record: nothing to name, the title is the application's. */
  catur_window_new_game (window);
  catur_ui_test_iterate (50);
  g_assert_null (catur_record_header_get_players (header (window)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Catur");
  catur_ui_test_close (window);
}

static GtkTextView *
find_text_view (GtkWidget *widget)
{
  if (GTK_IS_TEXT_VIEW (widget))
    return GTK_TEXT_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkTextView *found = find_text_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Writes @text as the comment on the position shown, through the comment dialog. */
static void
edit_comment (CaturWindow *window,
              const char  *text)
{
  AdwMessageDialog *dialog;
  GtkTextView *view;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-comment", NULL);
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_message_dialog_shown, NULL));
  dialog = catur_ui_test_find_message_dialog ();
  view = find_text_view (GTK_WIDGET (dialog));
  g_assert_nonnull (view);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), text, -1);
  adw_message_dialog_response (dialog, "save");
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (20);
}

/* A comment changed, one added and one removed are shown, and saving writes them so. */
static void
test_edit_comment_and_save (void)
{
  CaturWindow *window = open_record ("edit.pgn", named_pgn);
  CaturGame *game = catur_window_get_game (window);
  GtkWidget *history = GTK_WIDGET (catur_ui_test_child (window, "history_view"));
  g_autofree char *saved_path = g_build_filename (g_get_user_data_dir (), "files",
                                                  "edited.pgn", NULL);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);
  g_autoptr(CaturRecord) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;

  catur_game_set_view_ply (game, 1);
  edit_comment (window, "A pawn, then the plan");
  g_assert_cmpstr (catur_game_get_comment (game, 1), ==, "A pawn, then the plan");
  g_assert_true (catur_ui_test_wait_for_label (history, "A pawn, then the plan"));
  catur_game_set_view_ply (game, 4);
  edit_comment (window, "Black's last");
  catur_game_set_view_ply (game, 0);
  edit_comment (window, "");
  g_assert_null (catur_game_get_comment (game, 0));

  catur_window_save_to_file (window, saved, NULL);
  g_assert_true (catur_ui_test_wait_until (file_exists, saved_path));
  catur_ui_test_iterate (50);
  g_assert_true (g_file_get_contents (saved_path, &text, &length, NULL));
  g_test_message ("%s", text);
  back = catur_record_read_file_data (saved_path, text, length, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (catur_record_get_comment (back, 0));
  g_assert_cmpstr (catur_record_get_comment (back, 1), ==, "A pawn, then the plan");
  g_assert_cmpstr (catur_record_get_comment (back, 4), ==, "Black's last");
  g_assert_cmpstr (catur_record_get_tag (back, "Black"), ==, "Yang Guanlin");
  /* The title follows the file saved to. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "edited.pgn — Catur");
  catur_ui_test_close (window);
}

/* Against the computer, a record opened is looked through: the computer, to move, does not
 * play until the player chooses to play on, then it does; from an earlier position, the moves
 * after it go. */
static void
test_computer_waits (void)
{
  CaturWindow *window;
  CaturGame *game;
  GtkWidget *bar;

  g_settings_set_string (settings (), "mode", "computer");
  /* The person plays Black: after the record's four plies, White, the computer, is to move. */
  g_settings_set_string (settings (), "human-side", "second");
  window = open_record ("against.pgn", named_pgn);
  game = catur_window_get_game (window);

  catur_ui_test_iterate (1500);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 4);
  g_assert_false (catur_game_get_thinking (game));
  g_assert_cmpuint (catur_game_get_n_searches (game), ==, 0);
  bar = catur_ui_test_find_named (GTK_WIDGET (window), "play_from_here_button");
  g_assert_nonnull (bar);
  g_assert_true (gtk_widget_get_mapped (bar));
  catur_ui_test_screenshot ("record-view-computer-waits");

  /* From the position after the second ply: White, the computer, plays there. */
  catur_game_set_view_ply (game, 2);
  catur_ui_test_iterate (20);
  gtk_widget_activate (bar);
  g_assert_true (catur_ui_test_wait_until ((CaturUiTestCheck) catur_game_get_thinking, game)
                 || catur_game_get_n_plies (game) == 3);
  for (int i = 0; i < 500 && catur_game_get_n_plies (game) < 3; i++)
    catur_ui_test_iterate (10);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 3);
  g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_FIRST);
  catur_ui_test_iterate (300);
  g_assert_false (gtk_widget_get_mapped (bar) && gtk_widget_get_can_target (bar));

  catur_ui_test_close (window);
  reset_players ();
}

/* A record that ends in a win by an illegal move, which the rules never play: the board shows
 * the last legal position, and the result card the record's reason. */
static void
test_recorded_ending (void)
{
  static const char kif[] =
    "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n"
    "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ５五歩(57)\n   4 反則勝ち\n";
  CaturWindow *window;
  CaturGame *game;

  if (catur_plugins_find_variant ("shogi") == NULL)
    {
      catur_ui_test_missing ("the Shogi plugin");
      return;
    }
  window = open_record ("foul.kif", kif);
  game = catur_window_get_game (window);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_true (catur_game_is_over (game));
  g_assert_true (catur_ui_test_revealed (window, "result_revealer"));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Gote wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "Sente lost by an illegal move");
  catur_ui_test_close (window);
}

/* Puts @text on the clipboard, as another program would, and presses Ctrl+V. */
static void
paste (CaturWindow *window,
       const char  *text)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), text);
  catur_ui_test_iterate (20);
  gtk_widget_grab_focus (GTK_WIDGET (catur_window_get_board_view (window)));
  catur_ui_test_x_key (window, "ctrl+v");
  catur_ui_test_iterate (100);
}

static gboolean
position_is (gpointer data)
{
  const char **wanted = data;
  CaturWindow *window = (CaturWindow *) wanted[0];
  CaturGame *game = catur_window_get_game (window);
  g_autofree char *now = catur_variant_format (catur_game_get_variant (game),
                                               catur_game_get_position (game));

  return g_str_equal (now, wanted[1]);
}

static void
test_paste_fen (void)
{
  static const char fen[] = "2k3/pp4/6/2P3/1P4/2K2R w K - Rp 3 9";
  CaturWindow *window;
  const char *wanted[2];

  if (!catur_ui_test_can_send_events ())
    return;
  window = new_window ();
  wanted[0] = (const char *) window;
  wanted[1] = fen;
  paste (window, "  2k3/pp4/6/2P3/1P4/2K2R w K - Rp 3 9\n");
  g_assert_true (catur_ui_test_wait_until (position_is, wanted));
  catur_ui_test_close (window);
}

/* A KIF pasted while Sandbox is played: the game is found from the text, and switched to. */
static void
test_paste_kif (void)
{
  static const char kif[] =
    "手合割：平手　　\n先手：Habu\n後手：Hayashiba\n手数----指手---------消費時間--\n"
    "   1 ７六歩(77)\n*A classic start\n   2 ３四歩(33)\n";
  CaturWindow *window;
  CaturGame *game;

  if (catur_plugins_find_variant ("shogi") == NULL)
    {
      catur_ui_test_missing ("the Shogi plugin");
      return;
    }
  if (!catur_ui_test_can_send_events ())
    return;
  window = new_window ();
  paste (window, kif);
  g_assert_true (catur_ui_test_wait_until (record_open, window));
  game = catur_window_get_game (window);
  g_assert_cmpstr (catur_variant_get_id (catur_game_get_variant (game)), ==, "shogi");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_cmpstr (catur_game_get_comment (game, 1), ==, "A classic start");
  g_assert_cmpstr (catur_record_header_get_players (header (window)), ==, "Habu – Hayashiba");
  /* No file: the title names the players. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Habu – Hayashiba — Catur");
  catur_ui_test_close (window);
}

/* What no game understands is refused with a message, and the game on the board stays. */
static void
test_paste_bad (void)
{
  CaturWindow *window;
  CaturGame *game;
  AdwMessageDialog *dialog;

  if (!catur_ui_test_can_send_events ())
    return;
  window = new_window ();
  game = catur_window_get_game (window);
  catur_ui_test_click (catur_window_get_board_view (window), SANDBOX ("c2"));
  catur_ui_test_click (catur_window_get_board_view (window), SANDBOX ("c3"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  paste (window, "Dear friend, this is no game");
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_message_dialog_shown, NULL));
  dialog = catur_ui_test_find_message_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Paste");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "The text is no game record and no position that Catur knows");
  adw_message_dialog_response (dialog, "close");
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (20);

  g_assert_true (catur_window_get_game (window) == game);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  catur_ui_test_close (window);
}

typedef struct
{
  GdkClipboard *clipboard;
  char *text;
  gboolean done;
} ClipboardRead;

static void
clipboard_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  ClipboardRead *read = data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  read->done = TRUE;
}

static char *
clipboard_text (CaturWindow *window)
{
  ClipboardRead read = { gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL, FALSE };

  gdk_clipboard_read_text_async (read.clipboard, NULL, clipboard_read_cb, &read);
  for (int i = 0; i < 200 && !read.done; i++)
    catur_ui_test_iterate (10);
  g_assert_true (read.done);
  return read.text;
}

/* Ctrl+C copies the position, Shift+Ctrl+C the game; in a text field, Ctrl+C is the field's. */
static void
test_copy (void)
{
  CaturWindow *window;
  CaturGame *game;
  GtkEditable *entry;
  g_autofree char *position = NULL;
  g_autofree char *copied = NULL;
  g_autofree char *record_text = NULL;
  g_autofree char *field = NULL;

  if (!catur_ui_test_can_send_events ())
    return;
  window = open_record ("copy.pgn", named_pgn);
  game = catur_window_get_game (window);
  gtk_widget_grab_focus (GTK_WIDGET (catur_window_get_board_view (window)));
  catur_ui_test_x_key (window, "ctrl+c");
  catur_ui_test_iterate (50);
  copied = clipboard_text (window);
  position = catur_variant_format (catur_game_get_variant (game), catur_game_get_position (game));
  g_assert_cmpstr (copied, ==, position);

  catur_ui_test_x_key (window, "ctrl+shift+c");
  catur_ui_test_iterate (50);
  record_text = clipboard_text (window);
  g_test_message ("%s", record_text);
  g_assert_nonnull (strstr (record_text, "[White \"Hu Ronghua\"]"));
  g_assert_nonnull (strstr (record_text, "{The pawn first}"));

  /* The command entry, with some text selected, keeps Ctrl+C for it. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.command", NULL);
  catur_ui_test_iterate (50);
  entry = GTK_EDITABLE (catur_ui_test_child (window, "command_entry"));
  gtk_editable_set_text (entry, "help me");
  gtk_editable_select_region (entry, 0, 4);
  catur_ui_test_x_key (window, "ctrl+c");
  catur_ui_test_iterate (50);
  field = clipboard_text (window);
  g_assert_cmpstr (field, ==, "help");
  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  catur_ui_test_isolate ();
  testgame_add_plugin_path ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
  g_settings_set_string (settings (), "game", "sandbox");

  g_test_add_func ("/ui/record-view/header-and-comments", test_header_and_comments);
  g_test_add_func ("/ui/record-view/edit-comment-and-save", test_edit_comment_and_save);
  g_test_add_func ("/ui/record-view/computer-waits", test_computer_waits);
  g_test_add_func ("/ui/record-view/recorded-ending", test_recorded_ending);
  g_test_add_func ("/ui/record-view/paste-fen", test_paste_fen);
  g_test_add_func ("/ui/record-view/paste-kif", test_paste_kif);
  g_test_add_func ("/ui/record-view/paste-bad", test_paste_bad);
  g_test_add_func ("/ui/record-view/copy", test_copy);

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
