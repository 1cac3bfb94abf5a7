/* test-records.c: nothing lost: autosave across a kill, a corrupt autosave, open and save
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The games are the test games (tests/variant), so that the shell's part is tested whichever
 * real games the build has: Sandbox, whose files are a PGN-like game record (one game or
 * several a file) and a position file (.fen), and Sandbox Dark, which claims .pgn too: a file
 * opened while it is played is asked of Sandbox as well, as every game that claims a file's
 * extension is asked.
 *
 * The kill test needs a Catur that dies in the middle of a game with no chance to clean
 * up. Without a session bus there is no way to drive the installed program from outside,
 * so this test program plays that part itself: run with CATUR_UI_TEST_CHILD set, it opens
 * the real window in its own process, plays moves by clicking the board, says "ready" and
 * waits. The parent kills it with SIGKILL, then opens a window of its own on the same
 * XDG_DATA_HOME, as Catur's next start would, and looks for the moves.
 */
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/wait.h>

#include "catur-ui-test.h"
#include "testgame.h"

/* White's Pawn c2 to c3, Black's d5 to d4, then White's Bishop out to c2. */
#define C2 SANDBOX ("c2")
#define C3 SANDBOX ("c3")
#define D5 SANDBOX ("d5")
#define D4 SANDBOX ("d4")
#define B1 SANDBOX ("b1")

static CaturApplication *application;

/* The game a window opens (the application's setting, as the game menu sets it): Sandbox,
 * or Sandbox Dark for a file opened while another game is played. */
static void
set_game (const char *id)
{
  g_settings_set_string (catur_application_get_settings (application), "game", id);
}

/* A window that resumes whatever was saved, as a start of Catur does. */
static CaturWindow *
resumed_window (void)
{
  CaturWindow *window = catur_window_new (application);
  CaturBoardView *view = catur_window_get_board_view (window);

  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready, view));
  return window;
}

static char *
moves_text (CaturGame *game)
{
  GListModel *moves = catur_game_get_moves (game);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (moves); i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (moves, i);

      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, catur_game_move_get_coordinate (item));
    }
  return g_string_free (text, FALSE);
}

/* The child: plays three moves with clicks, then waits to be killed. */
static int
child_main (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);

  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  catur_ui_test_click (view, D5);
  catur_ui_test_click (view, D4);
  catur_ui_test_click (view, B1);
  catur_ui_test_click (view, C2);
  if (catur_game_get_n_plies (game) != 3)
    {
      g_printerr ("child: %u plies played\n", catur_game_get_n_plies (game));
      return 1;
    }
  /* The player looks back one move: the restart must show that position again. */
  catur_game_set_view_ply (game, 2);
  g_print ("ready\n");
  fflush (stdout);
  for (;;)
    catur_ui_test_iterate (100);
}

static void
test_kill_and_resume (void)
{
  const char *argv[] = { g_test_get_filename (G_TEST_BUILT, "test-records", NULL), NULL };
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) channel = NULL;
  g_autofree char *line = NULL;
  g_autofree char *moves = NULL;
  CaturWindow *window;
  GPid pid;
  int out, status;

  catur_ui_test_forget_games ();
  envp = g_environ_setenv (envp, "CATUR_UI_TEST_CHILD", "1", TRUE);
  envp = g_environ_setenv (envp, "CATUR_UI_TEST_DATA_HOME", g_get_user_data_dir (), TRUE);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, envp,
                                           G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                                           NULL, &out, NULL, &error));
  g_assert_no_error (error);

  /* The child's test framework prints its own lines first. */
  channel = g_io_channel_unix_new (out);
  g_io_channel_set_close_on_unref (channel, TRUE);
  do
    {
      g_clear_pointer (&line, g_free);
      g_io_channel_read_line (channel, &line, NULL, NULL, &error);
    }
  while (error == NULL && line != NULL && g_str_has_prefix (line, "#"));
  if (g_strcmp0 (line, "ready\n") != 0)
    kill (pid, SIGKILL);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "ready\n");

  /* In the middle of the game, with no warning. */
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
  g_spawn_close_pid (pid);

  window = resumed_window ();
  moves = moves_text (catur_window_get_game (window));
  g_assert_cmpstr (moves, ==, "c2c3 d5d4 b1c2");
  g_assert_cmpint (catur_game_get_side_to_move (catur_window_get_game (window)), ==,
                   CATUR_SIDE_SECOND);
  g_assert_true (catur_game_is_reviewing (catur_window_get_game (window)));
  g_assert_cmpuint (catur_game_get_view_ply (catur_window_get_game (window)), ==, 2);
  /* The move list has the third move too, in the game's notation. */
  g_assert_true (catur_ui_test_wait_for_label (
    catur_history_view_get_list (CATUR_HISTORY_VIEW (catur_ui_test_child (window, "history_view"))),
    "Bb1-c2"));
  catur_ui_test_close (window);
}

static GPtrArray *
kept_files (void)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "catur", NULL);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "autosave-sandbox.ini.") && g_str_has_suffix (name, ".bad"))
      g_ptr_array_add (kept, g_build_filename (folder, name, NULL));
  return kept;
}

/* A damaged autosave is kept aside, a toast says so, and a new game starts and plays. */
static void
test_corrupt_autosave (void)
{
  static const char garbage[] = "[Autosave]\nVersion=1\nVariant=sandbox\nStart=nonsense\n";
  g_autofree char *path = catur_autosave_get_path ("sandbox");
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(CaturAutosave) saved = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *name = NULL;
  g_autofree char *toast = NULL;
  CaturWindow *window;
  CaturBoardView *view;
  CaturGame *game;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, garbage, -1, NULL));
  before = kept_files ();

  window = resumed_window ();
  game = catur_window_get_game (window);
  g_assert_nonnull (game);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);

  after = kept_files ();
  g_assert_cmpuint (after->len, ==, before->len + 1);
  for (guint i = 0; i < after->len && kept == NULL; i++)
    {
      const char *candidate = g_ptr_array_index (after, i);

      if (g_ptr_array_find_with_equal_func (before, candidate, g_str_equal, NULL))
        continue;
      g_assert_true (g_file_get_contents (candidate, &kept, NULL, NULL));
      name = g_path_get_basename (candidate);
    }
  g_assert_cmpstr (kept, ==, garbage);

  toast = g_strdup_printf ("The saved Sandbox game could not be read. It was kept as %s, "
                           "and a new game has started.", name);
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), toast));

  /* The app runs: a move plays and is saved in the file's place. */
  view = catur_window_get_board_view (window);
  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  saved = catur_autosave_load ("sandbox", NULL);
  g_assert_nonnull (saved);
  g_assert_cmpstr (saved->moves[0], ==, "c2c3");
  catur_ui_test_close (window);
}

static gboolean
has_plies (gpointer data)
{
  CaturWindow *window = data;
  CaturGame *game = catur_window_get_game (window);

  return catur_window_get_loaded_record (window) != NULL && catur_game_get_n_plies (game) == 4;
}

static gboolean
has_two_plies (gpointer data)
{
  CaturWindow *window = data;

  return catur_window_get_loaded_record (window) != NULL
         && catur_game_get_n_plies (catur_window_get_game (window)) == 2;
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
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

/* A PGN file opens, its game plays on, and saving it keeps its tags and comments. The file
 * writes the long notation; Catur writes coordinates. */
static void
test_open_and_save (void)
{
  static const char pgn[] =
    "[Game \"Sandbox\"]\n[Event \"Open and save\"]\n[White \"Hu\"]\n\n"
    "1. c2-c3 {The pawn first} d5-d4 2. Bb1-c2 e5-e4 *\n";
  g_autofree char *path = write_temp ("open.pgn", pgn);
  g_autofree char *saved_path = g_build_filename (g_get_user_data_dir (), "files", "saved.pgn",
                                                  NULL);
  g_autofree char *fen_path = g_build_filename (g_get_user_data_dir (), "files", "saved.fen", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);
  g_autoptr(GFile) fen_file = g_file_new_for_path (fen_path);
  g_autoptr(CaturRecord) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *expected_fen = NULL;
  CaturWindow *window = catur_ui_test_window (application);
  CaturGame *game;
  gsize length;

  catur_window_open_file (window, file);
  g_assert_true (catur_ui_test_wait_until (has_plies, window));
  game = catur_window_get_game (window);
  g_assert_cmpstr (catur_record_get_tag (catur_window_get_loaded_record (window), "White"), ==,
                   "Hu");

  /* Play on, then save. */
  catur_ui_test_click (catur_window_get_board_view (window), SANDBOX ("e2"));
  catur_ui_test_click (catur_window_get_board_view (window), SANDBOX ("e3"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 5);
  catur_window_save_to_file (window, saved, NULL);
  g_assert_true (catur_ui_test_wait_until (file_exists, saved_path));
  catur_ui_test_iterate (50);

  g_assert_true (g_file_get_contents (saved_path, &text, &length, NULL));
  g_test_message ("%s", text);
  back = catur_record_read_file_data (saved_path, text, length, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_get_variant (back) == testgame_variant ("sandbox"));
  g_assert_cmpuint (catur_record_get_n_moves (back), ==, 5);
  g_assert_cmpstr (catur_record_get_tag (back, "Event"), ==, "Open and save");
  g_assert_cmpstr (catur_record_get_tag (back, "White"), ==, "Hu");
  g_assert_cmpstr (catur_record_get_comment (back, 1), ==, "The pawn first");

  /* A FEN file (the name says it) keeps the position on the board. */
  catur_window_save_to_file (window, fen_file, NULL);
  g_assert_true (catur_ui_test_wait_until (file_exists, fen_path));
  catur_ui_test_iterate (50);
  g_assert_true (g_file_get_contents (fen_path, &fen, NULL, NULL));
  expected_fen = catur_variant_format (catur_game_get_variant (game),
                                       catur_game_get_position (game));
  g_assert_cmpstr (g_strstrip (fen), ==, expected_fen);

  catur_ui_test_close (window);
}

/* The save dialog GtkFileChooserNative shows without a portal, once it is up. */
static gboolean
save_dialog_shown (gpointer data)
{
  g_autoptr(GList) windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (GTK_IS_FILE_CHOOSER_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      {
        *(GtkWidget **) data = l->data;
        return TRUE;
      }
  return FALSE;
}

static gboolean
chooser_has_file (gpointer data)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (data);

  return file != NULL;
}

/* Saves the game through win.save-as as @name in @folder, in the format of the filter named
 * @filter_name. */
static void
save_through_dialog (CaturWindow *window,
                     const char  *folder,
                     const char  *name,
                     const char  *filter_name)
{
  GtkWidget *dialog = NULL;
  g_autoptr(GListModel) filters = NULL;
  g_autoptr(GFile) folder_file = g_file_new_for_path (folder);
  g_autoptr(GError) error = NULL;
  gboolean found = FALSE;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  g_assert_true (catur_ui_test_wait_until (save_dialog_shown, &dialog));

  filters = gtk_file_chooser_get_filters (GTK_FILE_CHOOSER (dialog));
  for (guint i = 0; i < g_list_model_get_n_items (filters) && !found; i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (g_strcmp0 (gtk_file_filter_get_name (filter), filter_name) == 0)
        {
          gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), filter);
          found = TRUE;
        }
    }
  g_assert_true (found);
  /* The chooser first loads the folder it opens in; changing folders meanwhile would cancel
   * that and say so in a message. */
  catur_ui_test_iterate (100);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder_file, &error);
  g_assert_no_error (error);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_assert_true (catur_ui_test_wait_until (chooser_has_file, dialog));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
}

/* "Save As…": the filter chosen in the dialog is the format written, and a name typed without
 * its extension gets it. */
static void
test_save_as_dialog (void)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "save-as", NULL);
  g_autofree char *fen_path = g_build_filename (folder, "position.fen", NULL);
  g_autofree char *pgn_path = g_build_filename (folder, "game.fen", NULL);
  g_autofree char *fen = NULL;
  g_autofree char *pgn = NULL;
  g_autofree char *expected_fen = NULL;
  CaturWindow *window = catur_ui_test_window (application);
  CaturGame *game = catur_window_get_game (window);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  catur_ui_test_click (catur_window_get_board_view (window), C2);
  catur_ui_test_click (catur_window_get_board_view (window), C3);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  /* Not the first filter (games'): a position is written, the name given its extension. */
  save_through_dialog (window, folder, "position", "Sandbox position (FEN)");
  g_assert_true (catur_ui_test_wait_until (file_exists, fen_path));
  catur_ui_test_iterate (50);
  g_assert_true (g_file_get_contents (fen_path, &fen, NULL, NULL));
  expected_fen = catur_variant_format (catur_game_get_variant (game),
                                       catur_game_get_position (game));
  g_assert_cmpstr (g_strstrip (fen), ==, expected_fen);

  /* The extension says a position file; the filter says a game: the game is written, under the
   * name as typed. */
  save_through_dialog (window, folder, "game.fen", "Sandbox game (PGN)");
  g_assert_true (catur_ui_test_wait_until (file_exists, pgn_path));
  catur_ui_test_iterate (50);
  g_assert_true (g_file_get_contents (pgn_path, &pgn, NULL, NULL));
  g_test_message ("%s", pgn);
  g_assert_nonnull (strstr (pgn, "[Game \"Sandbox\"]"));
  g_assert_nonnull (strstr (pgn, "1. c2c3"));

  catur_ui_test_close (window);
}

/* "Save" writes the game back to the file it came from, in the format it was saved in; a
 * game from no file asks where, as "Save As…" does. */
static void
test_save_to_own_file (void)
{
  static const char pgn[] = "[Game \"Sandbox\"]\n[Event \"Save\"]\n\n1. c2-c3 d5-d4 *\n";
  g_autofree char *path = write_temp ("own.pgn", pgn);
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "save-as-own", NULL);
  g_autofree char *fen_path = g_build_filename (folder, "own.fen", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(CaturRecord) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *expected_fen = NULL;
  CaturWindow *window = catur_ui_test_window (application);
  GtkWidget *dialog = NULL;
  CaturGame *game;
  gsize length;

  /* A game from no file: Save asks. */
  g_assert_null (catur_window_get_game_file (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_true (catur_ui_test_wait_until (save_dialog_shown, &dialog));
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  catur_ui_test_iterate (50);

  catur_window_open_file (window, file);
  g_assert_true (catur_ui_test_wait_until (has_two_plies, window));
  game = catur_window_get_game (window);
  g_assert_true (g_file_equal (catur_window_get_game_file (window), file));

  catur_ui_test_click (catur_window_get_board_view (window), B1);
  catur_ui_test_click (catur_window_get_board_view (window), C2);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), "Saved “own.pgn”"));
  /* No dialog asked where. */
  g_assert_false (save_dialog_shown (&dialog));

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_test_message ("%s", text);
  back = catur_record_read_file_data (path, text, length, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_get_variant (back) == testgame_variant ("sandbox"));
  g_assert_cmpuint (catur_record_get_n_moves (back), ==, 3);
  g_assert_cmpstr (catur_record_get_tag (back, "Event"), ==, "Save");

  /* Saved as a position, the game's file is that one, in that format. */
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  save_through_dialog (window, folder, "own", "Sandbox position (FEN)");
  g_assert_true (catur_ui_test_wait_until (file_exists, fen_path));
  catur_ui_test_iterate (50);
  g_assert_cmpstr (g_file_peek_path (catur_window_get_game_file (window)), ==, fen_path);
  catur_ui_test_click (catur_window_get_board_view (window), SANDBOX ("e5"));
  catur_ui_test_click (catur_window_get_board_view (window), SANDBOX ("e4"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  catur_ui_test_iterate (300);
  g_assert_true (g_file_get_contents (fen_path, &fen, NULL, NULL));
  expected_fen = catur_variant_format (catur_game_get_variant (game),
                                       catur_game_get_position (game));
  g_assert_cmpstr (g_strstrip (fen), ==, expected_fen);

  catur_ui_test_close (window);
}

/* A broken file, or an empty one: a message naming the line, and the game on the board stays.
 * The game played is Sandbox Dark, which claims .pgn too and answers only that the file is
 * another game's: the message is Sandbox's, the game whose file it is. */
static void
test_open_broken (void)
{
  /* Line 4 plays the Pawn that has left c2 again. */
  static const char pgn[] = "[Game \"Sandbox\"]\n\n1. c2-c3 d5-d4\n2. c2-c3 e5-e4 *\n";
  g_autofree char *path = write_temp ("broken.pgn", pgn);
  g_autofree char *empty_path = write_temp ("empty.pgn", "\n");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) empty = g_file_new_for_path (empty_path);
  CaturWindow *window;
  CaturGame *game;
  AdwMessageDialog *dialog;

  set_game ("sandbox-dark");
  window = catur_ui_test_window (application);
  game = catur_window_get_game (window);
  g_assert_true (catur_game_get_variant (game) == testgame_variant ("sandbox-dark"));
  /* A flip. */
  catur_ui_test_click (catur_window_get_board_view (window), DARK ("a1"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  catur_window_open_file (window, file);
  g_assert_true (catur_ui_test_wait_until (dialog_shown, NULL));
  dialog = find_message_dialog ();
  g_test_message ("%s: %s", adw_message_dialog_get_heading (dialog),
                  adw_message_dialog_get_body (dialog));
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), "Line 4:"));
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), "broken.pgn"));

  g_assert_true (catur_window_get_game (window) == game);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_null (catur_window_get_loaded_record (window));
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (20);

  /* An empty file is refused, not opened as a new game. */
  catur_window_open_file (window, empty);
  g_assert_true (catur_ui_test_wait_until (dialog_shown, NULL));
  dialog = find_message_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "The file is empty: it holds no game");
  g_assert_true (catur_window_get_game (window) == game);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_close (window);
  set_game ("sandbox");
}

/* The first list box under @widget. */
static GtkListBox *
find_list_box (GtkWidget *widget)
{
  if (GTK_IS_LIST_BOX (widget))
    return GTK_LIST_BOX (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkListBox *found = find_list_box (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The search entry under @widget. */
static GtkEditable *
find_search_entry (GtkWidget *widget)
{
  if (GTK_IS_SEARCH_ENTRY (widget))
    return GTK_EDITABLE (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkEditable *found = find_search_entry (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A file of several games: a dialog lists them by players, event, date, result and length
 * (the one that does not read left out), with a search; the game picked opens, and a
 * cancelled choice opens none. The file is Sandbox's, opened during a game of Sandbox Dark,
 * which claims .pgn too: the game picked is a game of Sandbox. */
static void
test_open_database (void)
{
  static const char pgn[] =
    "[Game \"Sandbox\"]\n[Event \"Sandbox Cup\"]\n[Date \"2024.05.01\"]\n"
    "[White \"Xu\"]\n[Black \"Lü\"]\n[Result \"1-0\"]\n\n1. c2-c3 d5-d4 1-0\n\n"
    "[Game \"Sandbox\"]\n\n1. c2-c3 d5-d4\n2. c2-c3 d4-d3 *\n\n"
    "[Game \"Sandbox\"]\n[White \"Hu\"]\n\n1. e2-e3 b5-b4\n2. Rf1-e1 *\n";
  g_autofree char *path = write_temp ("database.pgn", pgn);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CaturWindow *window;
  CaturGame *before;
  AdwMessageDialog *dialog;
  GtkListBox *list;
  GtkEditable *search;
  AdwActionRow *row;
  g_autofree char *moves = NULL;

  set_game ("sandbox-dark");
  window = catur_ui_test_window (application);
  before = catur_window_get_game (window);
  g_assert_true (catur_game_get_variant (before) == testgame_variant ("sandbox-dark"));

  catur_window_open_file (window, file);
  g_assert_true (catur_ui_test_wait_until (dialog_shown, NULL));
  dialog = find_message_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Choose a Game");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "“database.pgn” holds 2 games. Which one do you want to open?");
  list = find_list_box (adw_message_dialog_get_extra_child (dialog));
  g_assert_nonnull (list);
  row = ADW_ACTION_ROW (gtk_list_box_get_row_at_index (list, 0));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Xu – Lü");
  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==,
                   "Sandbox Cup, 2024.05.01, 1-0, 2 plies");
  row = ADW_ACTION_ROW (gtk_list_box_get_row_at_index (list, 1));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Hu – ?");
  g_assert_null (gtk_list_box_get_row_at_index (list, 2));
  /* The first is picked until the player picks another. */
  g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 0));

  /* Cancelled: the game on the board stays. */
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (20);
  g_assert_true (catur_window_get_game (window) == before);

  /* The search for "hu" leaves Hu's game, picked; Enter opens it. */
  catur_window_open_file (window, file);
  g_assert_true (catur_ui_test_wait_until (dialog_shown, NULL));
  dialog = find_message_dialog ();
  list = find_list_box (adw_message_dialog_get_extra_child (dialog));
  search = find_search_entry (adw_message_dialog_get_extra_child (dialog));
  g_assert_nonnull (search);
  gtk_editable_set_text (search, "hu 3 PLIES");
  g_signal_emit_by_name (search, "search-changed");
  catur_ui_test_iterate (20);
  g_assert_false (gtk_widget_get_child_visible (GTK_WIDGET (gtk_list_box_get_row_at_index (list,
                                                                                           0))));
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (gtk_list_box_get_row_at_index (list,
                                                                                          1))));
  g_assert_true (gtk_list_box_get_selected_row (list) == gtk_list_box_get_row_at_index (list, 1));
  g_signal_emit_by_name (search, "activate");
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (20);

  g_assert_true (catur_window_get_game (window) != before);
  g_assert_true (catur_game_get_variant (catur_window_get_game (window))
                 == testgame_variant ("sandbox"));
  moves = moves_text (catur_window_get_game (window));
  g_assert_cmpstr (moves, ==, "e2e3 b5b4 f1e1");
  g_assert_cmpstr (catur_record_get_tag (catur_window_get_loaded_record (window), "White"), ==,
                   "Hu");
  catur_ui_test_close (window);
  set_game ("sandbox");
}

/* A file dropped on the window opens like one chosen. */
static void
test_drop_file (void)
{
  /* Castling for White only, a Rook and a Pawn in hand, 3 quiet plies of 9. */
  static const char fen[] = "2k3/pp4/6/2P3/1P4/2K2R w K - Rp 3 9\n";
  g_autofree char *path = write_temp ("dropped.fen", fen);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GListModel) controllers = NULL;
  CaturWindow *window = catur_ui_test_window (application);
  GtkDropTarget *target = NULL;
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  g_autofree char *now = NULL;

  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  g_assert_true (accepted);

  for (int i = 0; i < 200 && catur_window_get_loaded_record (window) == NULL; i++)
    catur_ui_test_iterate (10);
  now = catur_variant_format (catur_game_get_variant (catur_window_get_game (window)),
                              catur_game_get_position (catur_window_get_game (window)));
  g_assert_cmpstr (now, ==, "2k3/pp4/6/2P3/1P4/2K2R w K - Rp 3 9");
  catur_ui_test_close (window);
}

/* Quits @data, an application, once its window shows the record opened. */
static gboolean
quit_when_opened (gpointer data)
{
  GtkWindow *window = gtk_application_get_active_window (data);

  if (window == NULL || !has_plies (window))
    return G_SOURCE_CONTINUE;
  g_application_quit (data);
  return G_SOURCE_REMOVE;
}

typedef struct
{
  GApplication *application;
  gboolean timed_out;
} Limit;

static gboolean
give_up (gpointer data)
{
  Limit *limit = data;

  limit->timed_out = TRUE;
  g_application_quit (limit->application);
  return G_SOURCE_REMOVE;
}

/* A game file handed over by the desktop ("Open With Catur", the Open of D-Bus activation)
 * opens in the window as one chosen in File ▸ Open; so does one named on the command line
 * (`catur game.pgn`, run as an application of its own here), where only the first of two file
 * names is opened. */
static void
test_open_from_desktop (void)
{
  static const char pgn[] =
    "[Game \"Sandbox\"]\n[Event \"From the desktop\"]\n\n1. c2-c3 d5-d4 2. Bb1-c2 e5-e4 *\n";
  g_autofree char *path = write_temp ("desktop.pgn", pgn);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(CaturApplication) command = NULL;
  char *argv[] = { (char *) "catur", path, path, NULL };
  Limit limit = { NULL, FALSE };
  guint limit_source;

  g_assert_true (g_application_get_flags (G_APPLICATION (application))
                 & G_APPLICATION_HANDLES_OPEN);
  g_application_open (G_APPLICATION (application), &file, 1, "");
  g_assert_true (catur_ui_test_wait_until (has_plies, window));
  g_assert_cmpstr (catur_record_get_tag (catur_window_get_loaded_record (window), "Event"), ==,
                   "From the desktop");
  catur_ui_test_close (window);

  command = catur_application_new ();
  g_application_set_flags (G_APPLICATION (command),
                           g_application_get_flags (G_APPLICATION (command))
                           | G_APPLICATION_NON_UNIQUE);
  limit.application = G_APPLICATION (command);
  /* The check removes itself once it has quit. */
  g_timeout_add (10, quit_when_opened, command);
  limit_source = g_timeout_add_seconds (20, give_up, &limit);
  g_assert_cmpint (g_application_run (G_APPLICATION (command), 3, argv), ==, EXIT_SUCCESS);
  g_assert_false (limit.timed_out);
  g_source_remove (limit_source);
}

int
main (int   argc,
      char *argv[])
{
  const char *child_data_home = g_getenv ("CATUR_UI_TEST_DATA_HOME");
  gboolean child = g_getenv ("CATUR_UI_TEST_CHILD") != NULL;
  int status;

  catur_ui_test_isolate ();
  testgame_add_plugin_path ();
  if (child && child_data_home != NULL)
    g_setenv ("XDG_DATA_HOME", child_data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
  /* The child too: its settings are its own (the memory backend). */
  set_game ("sandbox");
  if (child)
    return child_main ();

  g_test_add_func ("/ui/records/kill-and-resume", test_kill_and_resume);
  g_test_add_func ("/ui/records/corrupt-autosave", test_corrupt_autosave);
  g_test_add_func ("/ui/records/open-and-save", test_open_and_save);
  g_test_add_func ("/ui/records/save-as-dialog", test_save_as_dialog);
  g_test_add_func ("/ui/records/save-to-own-file", test_save_to_own_file);
  g_test_add_func ("/ui/records/open-broken", test_open_broken);
  g_test_add_func ("/ui/records/drop-file", test_drop_file);
  g_test_add_func ("/ui/records/open-database", test_open_database);
  g_test_add_func ("/ui/records/open-from-desktop", test_open_from_desktop);

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
