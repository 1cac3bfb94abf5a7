/* network-code-peer.c: one player of tests/net/network-code.sh, a real window and its New Game
 * dialog on a computer of its own (a network namespace with its own Avahi daemon and X server)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   network-code-peer --host DIR GAME
 *       hosts GAME as "Budi" through the dialog (Invite, by a real click); once the game is
 *       listed writes its code to DIR/code and its words to DIR/host-words; when the dialog asks
 *       "Sari wants to join…", says "knocked" and waits for DIR/answer: "let-in" or
 *       "turn-away", which it clicks in the dialog's question.
 *   network-code-peer --join DIR GAME
 *       joins as "Sari": waits until the game is in the dialog's "Games on This Network", types
 *       the code of DIR/code into "Invitation Code" and clicks Join; writes the words it sees to
 *       DIR/join-words. Let in, it plays; turned away, it says what the dialog says.
 *
 * Let in, both windows play one move each by clicks on their boards and say the game's moves
 * ("moves …"). Each side then waits for DIR/stop, so that neither leaves the game before the
 * other is done. Every step is said on standard output, one line each, for the script; a
 * failed check aborts. With CATUR_TEST_SCREENSHOTS=<folder> the host's question, the joiner's
 * words and, let in, both boards after the moves are captured, named after DIR.
 */
#include "catur-ui-test-network.h"

#include <stdio.h>

static GSettings *settings;
static const char *dir;
static CaturNetPlay *play;

static void
say (const char *format,
     ...) G_GNUC_PRINTF (1, 2);

static void
say (const char *format,
     ...)
{
  va_list args;

  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  fflush (stdout);
}

/* A screenshot named after the case (DIR's name) and @what. */
static void
shot (const char *what)
{
  g_autofree char *base = g_path_get_basename (dir);
  g_autofree char *name = g_strdup_printf ("network-code-%s-%s", base, what);

  catur_ui_test_screenshot (name);
}

/* Runs the main context until @check holds, for at most @seconds. */
static gboolean
wait_for (CaturUiTestCheck check,
          gpointer         data,
          guint            seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;

  while (!check (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      catur_ui_test_iterate (20);
    }
  return TRUE;
}

static char *
path_in_dir (const char *name)
{
  return g_build_filename (dir, name, NULL);
}

static void
write_file (const char *name,
            const char *text)
{
  g_autofree char *path = path_in_dir (name);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

static gboolean
file_written (gpointer name)
{
  g_autofree char *path = path_in_dir (name);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static char *
read_file (const char *name)
{
  g_autofree char *path = path_in_dir (name);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return g_strstrip (text);
}

static void
ready_cb (CaturNewGameDialog *dialog,
          CaturNetPlay       *ready,
          CaturNetConnection *connection,
          CaturNetHost       *host,
          CaturNetPublisher  *publisher,
          CaturNetInvite     *rejoin)
{
  g_set_object (&play, ready);
}

/* The window's New Game dialog, its opponent the friend on another computer, @name typed. */
static CaturNewGameDialog *
network_dialog (CaturWindow *window,
                const char  *name,
                gboolean     join)
{
  CaturNewGameDialog *dialog;

  catur_window_show_new_game_dialog (window);
  catur_ui_test_iterate (50);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  adw_combo_row_set_selected (catur_new_game_dialog_get_opponent_row (dialog), 2);
  adw_combo_row_set_selected (catur_ui_test_dialog_child (dialog, "role_row"), join ? 1 : 0);
  gtk_widget_grab_focus (catur_ui_test_dialog_child (dialog, "name_row"));
  gtk_editable_set_text (GTK_EDITABLE (catur_ui_test_dialog_child (dialog, "name_row")), "");
  catur_ui_test_x_keys (GTK_WIDGET (dialog), "type", name);
  g_assert_cmpstr (catur_ui_test_dialog_text (dialog, "name_row"), ==, name);
  g_signal_connect (dialog, "network-game-ready", G_CALLBACK (ready_cb), NULL);
  return dialog;
}

typedef struct
{
  GtkWidget *widget;
  const char *text;
} Label;

static gboolean
label_shown (gpointer data)
{
  Label *label = data;

  return catur_ui_test_has_label (label->widget, label->text);
}

/* The button under @widget that reads @label (with its mnemonic), or NULL. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The game is on the window's board and both programs agreed on it. */
static gboolean
ready (gpointer window)
{
  CaturNetSession *session = play != NULL ? catur_net_play_get_session (play) : NULL;

  return session != NULL && catur_net_session_get_state (session) == CATUR_NET_STATE_PLAYING
         && catur_net_play_get_game (play) != NULL
         && catur_window_get_game (window) == catur_net_play_get_game (play);
}

static gboolean
plies_reached (gpointer plies)
{
  return catur_game_get_n_plies (catur_net_play_get_game (play)) >= GPOINTER_TO_UINT (plies);
}

/* One move of the local seat, by two real clicks on the board, then the friend's: two plies
 * in all, whichever side moves first. */
static void
play_one_move_each (CaturWindow *window)
{
  CaturGame *game = catur_net_play_get_game (play);
  CaturVariant *variant = catur_game_get_variant (game);
  CaturBoardView *view = catur_window_get_board_view (window);
  g_autoptr(GString) moves = g_string_new ("moves");

  if (catur_game_get_side_to_move (game) != catur_net_play_get_seat (play))
    g_assert_true (wait_for (plies_reached, GUINT_TO_POINTER (1), 20));
  {
    g_autoptr(GArray) legal = catur_variant_legal_moves (variant, catur_game_get_position (game));
    CaturMove move = g_array_index (legal, CaturMove, legal->len / 2);
    guint plies = catur_game_get_n_plies (game);

    g_assert_cmpint (catur_game_get_side_to_move (game), ==, catur_net_play_get_seat (play));
    catur_ui_test_x_raise (GTK_WIDGET (window));
    catur_ui_test_x_click (window, view, move.from);
    catur_ui_test_iterate (30);
    catur_ui_test_x_click (window, view, move.to);
    g_assert_true (wait_for (plies_reached, GUINT_TO_POINTER (plies + 1), 5));
  }
  g_assert_true (wait_for (plies_reached, GUINT_TO_POINTER (2), 20));
  for (guint i = 0; i < catur_game_get_n_plies (game); i++)
    {
      g_autoptr(CaturGameMove) move = g_list_model_get_item (catur_game_get_moves (game), i);

      g_string_append_printf (moves, " %s", catur_game_move_get_coordinate (move));
    }
  say ("%s", moves->str);
  shot (catur_net_play_get_seat (play) == CATUR_SIDE_FIRST ? "first" : "second");
}

static void
started (CaturWindow *window)
{
  g_assert_true (wait_for (ready, window, 20));
  say ("started %s", gtk_window_get_title (GTK_WINDOW (window)));
}

static gboolean
listed (gpointer dialog)
{
  const char *text = catur_ui_test_dialog_text (dialog, "lan_label");

  return g_str_has_prefix (text, "Listed on this network as");
}

static void
host (CaturWindow *window,
      const char  *answer_file)
{
  CaturNewGameDialog *dialog = network_dialog (window, "Budi", FALSE);
  g_autofree char *answer = NULL;
  GtkWidget *button;
  Label question;

  adw_combo_row_set_selected (catur_new_game_dialog_get_bottom_row (dialog), 0);
  catur_ui_test_x_click_widget (catur_ui_test_dialog_child (dialog, "start_button"));
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "invite");
  g_assert_true (wait_for (listed, dialog, 15));
  write_file ("host-words", catur_ui_test_dialog_text (dialog, "words_label"));
  write_file ("code", catur_ui_test_dialog_text (dialog, "code_label"));
  say ("code %s", catur_ui_test_dialog_text (dialog, "code_label"));

  question = (Label) { GTK_WIDGET (dialog), "Sari wants to join. Do they see the same words as "
                                            "you?" };
  g_assert_true (wait_for (label_shown, &question, 30));
  say ("knocked");
  shot ("question");

  g_assert_true (wait_for (file_written, (gpointer) answer_file, 30));
  answer = read_file (answer_file);
  button = find_button (GTK_WIDGET (dialog), g_str_equal (answer, "let-in") ? "_Let In"
                                                                             : "_Turn Away");
  g_assert_nonnull (button);
  catur_ui_test_x_click_widget (button);
  if (g_str_equal (answer, "let-in"))
    {
      started (window);
      play_one_move_each (window);
    }
  else
    {
      g_assert_false (catur_ui_test_has_label (GTK_WIDGET (dialog), question.text));
      g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "invite");
      g_assert_null (play);
      say ("turned-away");
    }
}

static gboolean
on_words (gpointer dialog)
{
  GtkWidget *words = catur_ui_test_dialog_child (dialog, "connecting_words_label");

  return g_str_equal (catur_ui_test_dialog_page (dialog), "connecting")
         && gtk_widget_get_mapped (words)
         && *gtk_label_get_text (GTK_LABEL (words)) != '\0';
}

static gboolean
refused (gpointer dialog)
{
  return g_str_equal (catur_ui_test_dialog_page (dialog), "setup")
         && *catur_ui_test_dialog_text (dialog, "code_error_label") != '\0';
}

/* Let in (the game handed over, the dialog gone) or turned away. */
static gboolean
answered (gpointer dialog)
{
  return play != NULL || refused (dialog);
}

static void
join (CaturWindow *window)
{
  CaturNewGameDialog *dialog = network_dialog (window, "Sari", TRUE);
  g_autofree char *code = NULL;
  Label budi = { GTK_WIDGET (dialog), "Budi" };

  /* The game shows in the list: its host, by name. */
  g_assert_true (wait_for (label_shown, &budi, 20));
  say ("listed");
  g_assert_true (wait_for (file_written, "code", 5));
  code = read_file ("code");
  gtk_widget_grab_focus (catur_ui_test_dialog_child (dialog, "code_row"));
  catur_ui_test_x_keys (GTK_WIDGET (dialog), "type", code);
  g_assert_cmpstr (catur_ui_test_dialog_text (dialog, "code_row"), ==, code);
  catur_ui_test_x_click_widget (catur_ui_test_dialog_child (dialog, "code_join_button"));
  g_assert_cmpstr (catur_ui_test_dialog_text (dialog, "code_error_label"), ==, "");

  g_assert_true (wait_for (on_words, dialog, 15));
  write_file ("join-words", catur_ui_test_dialog_text (dialog, "connecting_words_label"));
  say ("words %s", catur_ui_test_dialog_text (dialog, "connecting_words_label"));
  say ("waiting %s", catur_ui_test_dialog_text (dialog, "connecting_page"));
  shot ("words");

  /* The host player answers once the script has compared the words. */
  g_assert_true (wait_for (answered, dialog, 40));
  if (play != NULL)
    {
      started (window);
      play_one_move_each (window);
    }
  else
    say ("refused %s", catur_ui_test_dialog_text (dialog, "code_error_label"));
}

int
main (int   argc,
      char *argv[])
{
  CaturApplication *application;
  CaturWindow *window;
  gboolean hosting;

  catur_ui_test_isolate ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  if (argc != 4 || (!g_str_equal (argv[1], "--host") && !g_str_equal (argv[1], "--join")))
    {
      g_printerr ("Usage: %s --host|--join DIR GAME\n", argv[0]);
      return 2;
    }
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_printerr ("Real events are sent through an X server\n");
      return 77;
    }
  hosting = g_str_equal (argv[1], "--host");
  dir = argv[2];

  application = catur_ui_test_application ();
  settings = g_settings_new (APP_ID);
  g_settings_set_string (settings, "game", argv[3]);
  g_settings_set_value (settings, "network-port", g_variant_new_uint16 (0));
  window = catur_ui_test_window (application);
  if (hosting)
    host (window, "answer");
  else
    join (window);

  g_assert_true (wait_for (file_written, "stop", 30));
  catur_ui_test_close (window);
  g_clear_object (&play);
  g_clear_object (&settings);
  g_clear_object (&application);
  return 0;
}
