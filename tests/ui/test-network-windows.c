/* test-network-windows.c: two real windows play each other over the network, as two players
 * on two computers would, each through its own New Game dialog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both windows are in this one process, on one X server (Xvfb). Past the combo rows (set as the
 * dialog tests set them) every step is the player's: real clicks and keys (xdotool) on the
 * dialogs' buttons, the boards and the chat, real keys for the take-back and its answer. The
 * first window hosts Xiangqi ("A Friend on Another Computer", Host, Invite, on any free port),
 * its Copy Link puts the link on the clipboard; the second window's dialog gets it pasted into
 * "Invitation Link" and joins. Then:
 *
 *   - both windows show the same game, both names in their titles, each player told their side;
 *   - a press on the board on the friend's turn is refused and explained;
 *   - the moves are played by clicks on each window's board in turn;
 *   - a chat line typed in one window shows in the other's chat panel;
 *   - a take-back asked in one window (Ctrl+Z) is allowed in the other's question (Enter);
 *   - both games' records are the same, naming both players.
 *
 * There is no system bus, so no Avahi daemon: the link joins without it. With
 * CATUR_TEST_SCREENSHOTS=<folder> both windows are captured mid-game.
 */
#include "catur-ui-test-network.h"

#define NO_BUS "unix:path=/nonexistent/catur-test-system-bus"

#ifdef GDK_WINDOWING_X11
static CaturApplication *application;
static GSettings *settings;

/* A side of the game: the window, and the game its dialog handed over. */
typedef struct
{
  CaturWindow *window;
  CaturNetPlay *play;
} Player;

static void
ready_cb (CaturNewGameDialog *dialog,
          CaturNetPlay       *play,
          CaturNetConnection *connection,
          CaturNetHost       *host,
          CaturNetPublisher  *publisher,
          CaturNetInvite     *rejoin,
          Player             *player)
{
  g_set_object (&player->play, play);
}

/* The window's New Game dialog, its opponent the friend on another computer, and @name typed
 * as the player's. */
static CaturNewGameDialog *
network_dialog (CaturWindow *window,
                const char  *name,
                gboolean     join)
{
  CaturNewGameDialog *dialog;
  AdwComboRow *opponent;
  g_auto(GStrv) choices = NULL;

  catur_window_show_new_game_dialog (window);
  catur_ui_test_iterate (50);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  opponent = catur_new_game_dialog_get_opponent_row (dialog);
  choices = catur_ui_test_row_choices (opponent);
  g_assert_cmpstr (choices[2], ==, "A Friend on Another Computer");
  adw_combo_row_set_selected (opponent, 2);
  adw_combo_row_set_selected (catur_ui_test_dialog_child (dialog, "role_row"), join ? 1 : 0);
  gtk_widget_grab_focus (catur_ui_test_dialog_child (dialog, "name_row"));
  gtk_editable_set_text (GTK_EDITABLE (catur_ui_test_dialog_child (dialog, "name_row")), "");
  catur_ui_test_x_keys (GTK_WIDGET (dialog), "type", name);
  g_assert_cmpstr (catur_ui_test_dialog_text (dialog, "name_row"), ==, name);
  return dialog;
}

static gboolean
on_invite_page (gpointer dialog)
{
  return g_str_equal (catur_ui_test_dialog_page (dialog), "invite");
}

typedef struct
{
  GtkEditable *editable;
  const char *text;
} Typed;

static gboolean
text_is (gpointer data)
{
  Typed *typed = data;

  return g_strcmp0 (gtk_editable_get_text (typed->editable), typed->text) == 0;
}

/* The game is on the window's board and the two programs agreed on it. */
static gboolean
player_ready (Player *player)
{
  CaturNetSession *session;

  if (player->play == NULL)
    return FALSE;
  session = catur_net_play_get_session (player->play);
  return session != NULL && catur_net_session_get_state (session) == CATUR_NET_STATE_PLAYING
         && catur_net_play_get_game (player->play) != NULL
         && catur_window_get_game (player->window) == catur_net_play_get_game (player->play);
}

static gboolean
both_ready (gpointer data)
{
  Player *players = data;

  return player_ready (&players[0]) && player_ready (&players[1]);
}

static CaturGame *
game_of (Player *player)
{
  return catur_net_play_get_game (player->play);
}

typedef struct
{
  Player *players;
  guint plies;
} Plies;

/* Both games have @plies plies. */
static gboolean
both_at (gpointer data)
{
  Plies *wanted = data;

  return catur_game_get_n_plies (game_of (&wanted->players[0])) == wanted->plies
         && catur_game_get_n_plies (game_of (&wanted->players[1])) == wanted->plies;
}

/* A legal move, chosen as a player might (a quiet one, to keep the game going), by the seed. */
static CaturMove
choose_move (CaturGame *game,
             GRand     *rand)
{
  CaturVariant *variant = catur_game_get_variant (game);
  const CaturPosition *position = catur_game_get_position (game);
  g_autoptr(GArray) moves = catur_variant_legal_moves (variant, position);
  g_autoptr(GArray) quiet = g_array_new (FALSE, FALSE, sizeof (CaturMove));

  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove *move = &g_array_index (moves, CaturMove, i);
      CaturMoveEffects effects;

      catur_variant_move_effects (variant, position, move, &effects);
      if (effects.captured == CATUR_SQUARE_NONE)
        g_array_append_val (quiet, *move);
    }
  g_assert_cmpuint (quiet->len, >, 0);
  return g_array_index (quiet, CaturMove, g_rand_int_range (rand, 0, quiet->len));
}

/* The player whose seat is to move in both games. */
static Player *
to_move (Player *players)
{
  CaturSide side = catur_game_get_side_to_move (game_of (&players[0]));

  g_assert_cmpint (catur_game_get_side_to_move (game_of (&players[1])), ==, side);
  return catur_net_play_get_seat (players[0].play) == side ? &players[0] : &players[1];
}

/* Real clicks on a board square. */
static void
x_click_square (Player     *player,
                CaturSquare square)
{
  catur_ui_test_x_raise (GTK_WIDGET (player->window));
  catur_ui_test_x_click (player->window, catur_window_get_board_view (player->window), square);
  catur_ui_test_iterate (30);
}

/* The player to move plays a move by two clicks on their board; both games then have it. */
static void
click_move (Player *players,
            GRand  *rand)
{
  Player *mover = to_move (players);
  CaturGame *game = game_of (mover);
  Plies wanted = { players, catur_game_get_n_plies (game) + 1 };
  CaturMove move = choose_move (game, rand);

  x_click_square (mover, move.from);
  x_click_square (mover, move.to);
  g_assert_true (catur_ui_test_wait_until (both_at, &wanted));
}

/* Whether a line of the window's chat reads @text. */
/* The game's record as the window keeps it: its moves, and the players its tags name. */
static CaturRecord *
record_of (Player *player)
{
  CaturGame *game = game_of (player);
  CaturRecord *loaded = g_object_get_data (G_OBJECT (game), "catur-loaded-record");
  CaturRecord *record = catur_record_new_from_game (game);

  g_assert_nonnull (loaded);
  catur_record_copy_tags (record, loaded);
  return record;
}

/* Whether a label under @widget tells of a refused newcomer (the window's toast). */
static gboolean
tells_refusal (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget)
      && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)),
                           "Someone tried to join without this game’s invitation")
      && g_str_has_suffix (gtk_label_get_text (GTK_LABEL (widget)),
                           " — they were not let in. Your game goes on."))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (tells_refusal (c))
      return TRUE;
  return FALSE;
}

static gboolean
refusal_told (gpointer window)
{
  return tells_refusal (window);
}

static void
test_two_windows (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(CaturRecord) host_record = NULL;
  g_autoptr(CaturRecord) guest_record = NULL;
  g_autofree char *link = NULL;
  CaturNewGameDialog *hosting, *joining;
  Player players[2] = { { NULL, NULL }, { NULL, NULL } };
  Player *waiting;
  CaturBoardView *view;
  GtkWidget *entry;
  AdwMessageDialog *question;
  Typed pasted;
  Plies wanted;
  guint plies;

  if (variant == NULL)
    {
      catur_ui_test_missing ("Xiangqi is not built");
      return;
    }
  if (!catur_ui_test_can_send_events ())
    return;
  g_settings_set_string (settings, "game", "xiangqi");
  g_settings_set_value (settings, "network-port", g_variant_new_uint16 (0));
  players[0].window = catur_ui_test_window (application);
  players[1].window = catur_ui_test_window (application);

  /* The first player invites. */
  hosting = network_dialog (players[0].window, "Budi", FALSE);
  g_signal_connect (hosting, "network-game-ready", G_CALLBACK (ready_cb), &players[0]);
  adw_combo_row_set_selected (catur_new_game_dialog_get_bottom_row (hosting), 0);
  g_assert_cmpstr (gtk_button_get_label (catur_ui_test_dialog_child (hosting, "start_button")),
                   ==, "_Invite");
  catur_ui_test_x_click_widget (catur_ui_test_dialog_child (hosting, "start_button"));
  g_assert_true (catur_ui_test_wait_until (on_invite_page, hosting));
  link = g_strdup (catur_ui_test_dialog_text (hosting, "link_label"));
  g_test_message ("link: %s", link);
  g_assert_true (g_str_has_prefix (link, "catur://"));
  catur_ui_test_x_click_widget (catur_ui_test_dialog_child (hosting, "copy_button"));

  /* The second pastes it and joins. */
  joining = network_dialog (players[1].window, "Sari", TRUE);
  g_signal_connect (joining, "network-game-ready", G_CALLBACK (ready_cb), &players[1]);
  gtk_widget_grab_focus (catur_ui_test_dialog_child (joining, "link_row"));
  catur_ui_test_x_keys (GTK_WIDGET (joining), "key", "ctrl+v");
  pasted = (Typed) { catur_ui_test_dialog_child (joining, "link_row"), link };
  g_assert_true (catur_ui_test_wait_until (text_is, &pasted));
  catur_ui_test_x_click_widget (catur_ui_test_dialog_child (joining, "link_join_button"));
  g_assert_true (catur_ui_test_wait_until (both_ready, players));
  g_assert_null (catur_window_get_new_game_dialog (players[0].window));
  g_assert_null (catur_window_get_new_game_dialog (players[1].window));

  /* The same game in both windows, both names in both titles, each board from its own seat. */
  g_assert_true (catur_game_get_variant (game_of (&players[0])) == variant);
  g_assert_true (catur_game_get_variant (game_of (&players[1])) == variant);
  g_assert_cmpint (catur_net_play_get_seat (players[0].play), ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_net_play_get_seat (players[1].play), ==, CATUR_SIDE_SECOND);
  for (guint i = 0; i < 2; i++)
    {
      const char *title = gtk_window_get_title (GTK_WINDOW (players[i].window));

      g_test_message ("title %u: %s", i, title);
      g_assert_nonnull (strstr (title, "Budi"));
      g_assert_nonnull (strstr (title, "Sari"));
      g_assert_cmpint (catur_game_get_bottom_side (game_of (&players[i])), ==,
                       catur_net_play_get_seat (players[i].play));
    }

  /* Each is told which side they play, and nothing else: the joiner's board turned round to
   * its seat is no change of sides between the players. */
  catur_ui_test_iterate (100);
  g_assert_true (catur_ui_test_has_label (GTK_WIDGET (players[0].window),
                                          "Playing Sari over the network: you play Red"));
  g_assert_true (catur_ui_test_has_label (GTK_WIDGET (players[1].window),
                                          "Playing Budi over the network: you play Black"));
  g_assert_false (catur_ui_test_has_label (GTK_WIDGET (players[1].window),
                                           "The players change sides: Black is at the bottom"));

  /* A press on the friend's turn picks nothing up, and says why. */
  waiting = &players[1];
  g_assert_true (to_move (players) != waiting);
  view = catur_window_get_board_view (waiting->window);
  x_click_square (waiting, 0);
  g_assert_cmpstr (catur_board_view_get_explanation (view), ==,
                   "It is Budi's turn: wait for their move");
  g_assert_cmpuint (catur_game_get_n_plies (game_of (&players[0])), ==, 0);

  /* Moves by clicks, each window in turn. */
  for (guint i = 0; i < 6; i++)
    click_move (players, rand);
  catur_ui_test_x_raise (GTK_WIDGET (players[0].window));
  catur_ui_test_screenshot ("network-windows-host");

  /* A chat line typed in the host's window shows in both. */
  entry = catur_ui_test_find_named (GTK_WIDGET (players[0].window), "network-chat-entry");
  g_assert_nonnull (entry);
  g_assert_true (gtk_widget_get_mapped (entry));
  catur_ui_test_x_click_widget (entry);
  catur_ui_test_x_keys (entry, "type", "Selamat siang, Sari!");
  catur_ui_test_x_keys (entry, "key", "Return");
  g_assert_true (catur_ui_test_wait_for_chat (players[1].window, "Budi: Selamat siang, Sari!"));
  g_assert_true (catur_ui_test_chat_has (GTK_WIDGET (players[0].window),
                                         "You: Selamat siang, Sari!"));
  /* The line's card is as tall as the line: no empty card under it. */
  {
    GtkWidget *list = catur_ui_test_find_named (GTK_WIDGET (players[1].window),
                                                "network-chat-list");

    catur_ui_test_iterate (50);
    g_test_message ("chat list %d high, its line %d", gtk_widget_get_height (list),
                    gtk_widget_get_height (gtk_widget_get_first_child (list)));
    g_assert_cmpint (gtk_widget_get_height (list), <=,
                     gtk_widget_get_height (gtk_widget_get_first_child (list)) + 4);
  }
  catur_ui_test_x_raise (GTK_WIDGET (players[1].window));
  catur_ui_test_screenshot ("network-windows-guest");

  /* The host asks to take back its last move on its turn (Ctrl+Z); the guest allows it by
   * Enter on the question, whose default is Allow: both games lose the same two plies. */
  g_assert_true (to_move (players) == &players[0]);
  plies = catur_game_get_n_plies (game_of (&players[0]));
  catur_ui_test_x_keys (GTK_WIDGET (players[0].window), "key", "ctrl+z");
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_message_dialog_shown, NULL));
  question = catur_ui_test_find_message_dialog ();
  g_test_message ("question: %s", adw_message_dialog_get_heading (question));
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==,
                   "Budi Asks to Take Back a Move");
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (question))
                 == GTK_WINDOW (players[1].window));
  catur_ui_test_x_keys (GTK_WIDGET (question), "key", "Return");
  wanted = (Plies) { players, plies - 2 };
  g_assert_true (catur_ui_test_wait_until (both_at, &wanted));
  g_assert_null (catur_ui_test_find_message_dialog ());

  /* A stranger with a wrong secret is refused; the host player is told, and the game goes on
   * after it. */
  {
    g_autoptr(CaturNetInvite) invite = catur_net_invite_parse (link, NULL);
    g_autoptr(GError) refused = NULL;

    g_assert_nonnull (invite);
    refused = catur_ui_test_join_as_stranger (invite);
    g_assert_error (refused, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_WRONG_SECRET);
    g_assert_true (catur_ui_test_wait_until (refusal_told, players[0].window));
  }
  for (guint i = 0; i < 3; i++)
    click_move (players, rand);

  /* One game, in both records: the same moves, the same players. */
  host_record = record_of (&players[0]);
  guest_record = record_of (&players[1]);
  g_assert_cmpuint (catur_record_get_n_moves (host_record), ==, plies + 1);
  g_assert_cmpstr (catur_record_get_player (host_record, CATUR_SIDE_FIRST), ==, "Budi");
  g_assert_cmpstr (catur_record_get_player (host_record, CATUR_SIDE_SECOND), ==, "Sari");
  g_assert_true (catur_record_equal (host_record, guest_record));

  catur_ui_test_close (players[1].window);
  catur_ui_test_close (players[0].window);
  g_clear_object (&players[0].play);
  g_clear_object (&players[1].play);
  g_settings_reset (settings, "game");
  g_settings_reset (settings, "network-name");
  g_settings_reset (settings, "network-port");
}
#endif

int
main (int   argc,
      char *argv[])
{
  int status;

  catur_ui_test_isolate ();
  /* No system bus, so no Avahi daemon: the link joins without one. */
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", NO_BUS, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#ifdef GDK_WINDOWING_X11
  application = catur_ui_test_application ();
  settings = g_settings_new (APP_ID);
  g_test_add_func ("/ui/network-windows/link", test_two_windows);
#endif

  status = g_test_run ();
#ifdef GDK_WINDOWING_X11
  g_clear_object (&settings);
  g_clear_object (&application);
#endif
  return status;
}
