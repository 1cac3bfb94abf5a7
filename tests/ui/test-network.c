/* test-network.c: a game against a friend on another computer, in the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A real window plays against a second real process, tests/libcatur/test-net-player, over TLS
 * on 127.0.0.1, the window's moves made by clicks on its board. What the new-game dialog does
 * (the certificate, listening, the link) the test does itself, and hands the connected game to
 * the window with catur_window_play_network(), as the dialog does.
 *
 *   /ui/network/host-whole-game   the window hosts Xiangqi and plays it to its end; the friend's
 *                                 chat arrives (plain text, markup shown as typed); both names
 *                                 in the title; the record kept with both names
 *   /ui/network/guest-drop-claim  the window joins Banqi (the deal between the two programs);
 *                                 the board refuses the friend's turn; the host drops the
 *                                 connection at ply 6: the bar says the window waits, the
 *                                 clock stops, the window joins again by itself and the game
 *                                 goes on; the deal is kept beside the autosave (0600); the
 *                                 host is killed: after the wait the player claims the game,
 *                                 which is kept as a record, and the deal file goes
 *   /ui/network/host-adjourn      the window hosts Banqi, the friend's program is killed: after
 *                                 the wait the player adjourns; the record and its deal kept,
 *                                 and the game's entry to resume with its deal (0600)
 *   /ui/network/host-resume       the same; then the new-game dialog offers it, Resume hosts it
 *                                 again with a new invitation, the friend's program started
 *                                 again from its own autosave joins, both go on at the same ply
 *                                 with their deals restored, the window's autosave says it is a
 *                                 network game, and the game finished (both end checks pass)
 *                                 removes the entry
 *   /ui/network/restart-interrupted  a window started over the autosave of a network game cut
 *                                 short (Catur killed) shows a new game, not the network game
 *                                 as a local one; the game's entry is adjourned and offered
 *   /ui/network/host-time-out     the window hosts Banqi with 3 seconds a move and its player
 *                                 never moves: the window flips for them, marked as the
 *                                 clock's, which the friend's program takes; the second time
 *                                 the player loses on time, on both sides
 */
#include "catur-ui-test-network.h"

#include "catur-adjourned.h"
#include "catur-new-game-dialog.h"
#include "catur-window.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>

static CaturApplication *application;
static CaturNetConnection *joined;
/* The hosted game, handed to the window as the friend joins. */
static CaturWindow *host_window;
static CaturNetPlay *host_play;

static char *
player_path (void)
{
  return g_build_filename (CATUR_TEST_BUILD_ROOT, "tests", "libcatur", "test-net-player", NULL);
}

/* The friend's first frame may follow at once: the game takes the connection before the main
 * loop runs again, as the dialog hands it over. */
static void
peer_joined_cb (CaturNetHost       *host,
                CaturNetConnection *connection,
                gboolean            reconnection)
{
  if (joined != NULL)
    return;
  joined = g_object_ref (connection);
  catur_window_play_network (host_window, host_play, connection, host, NULL, NULL);
}

/* The friend goes with the test: a test that fails leaves no player behind holding its
 * output open. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static GSubprocess *
spawn_friend (GSubprocessFlags    flags,
              const char * const *argv)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (flags);
  g_autoptr(GError) error = NULL;
  GSubprocess *friend;

  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  friend = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  return friend;
}

static gboolean
is_joined (gpointer data)
{
  return joined != NULL;
}

static gboolean
is_joined_play (gpointer data)
{
  return *(CaturNetPlay **) data != NULL;
}

typedef struct
{
  CaturWindow *window;
  CaturNetPlay *play;
} Match;

/* The network game is on the board and both sides agreed on it. */
static gboolean
is_ready (gpointer data)
{
  Match *match = data;
  CaturNetSession *session = catur_net_play_get_session (match->play);

  return session != NULL && catur_net_session_get_state (session) == CATUR_NET_STATE_PLAYING
         && catur_window_get_game (match->window) == catur_net_play_get_game (match->play);
}

static gboolean
window_to_move (Match *match)
{
  CaturNetSession *session = catur_net_play_get_session (match->play);
  CaturGame *game = catur_net_play_get_game (match->play);
  CaturNetDeal *deal;

  if (session == NULL || catur_net_session_get_state (session) != CATUR_NET_STATE_PLAYING
      || catur_game_is_over (game)
      || catur_game_get_side_to_move (game) != catur_net_play_get_seat (match->play)
      || catur_net_session_get_flip_asked (session) != CATUR_SQUARE_NONE)
    return FALSE;
  deal = catur_net_session_get_deal (session);
  return deal == NULL || catur_net_deal_is_dealt (deal);
}

static gboolean
window_to_move_cb (gpointer data)
{
  Match *match = data;

  return window_to_move (match) || catur_game_is_over (catur_net_play_get_game (match->play));
}

/* A legal move as a player might choose it: a mate in one when there is one, else a capture
 * half the time; never a promotion, which would ask which piece. */
static CaturMove
choose_move (CaturVariant        *variant,
             const CaturPosition *position,
             GRand               *rand)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (variant, position);
  g_autoptr(GArray) captures = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  CaturGeometry geometry;

  catur_variant_get_geometry (variant, &geometry);
  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove *move = &g_array_index (moves, CaturMove, i);
      CaturMoveEffects effects;

      if (!geometry.has_hidden)
        {
          g_autoptr(CaturPosition) after = catur_position_copy (position);
          CaturMove tried = *move;
          CaturOutcome outcome;

          catur_variant_play (variant, after, &tried);
          catur_variant_status (variant, after, NULL, &outcome);
          if (outcome.result == CATUR_RESULT_WIN)
            return *move;
        }
      catur_variant_move_effects (variant, position, move, &effects);
      if (effects.captured != CATUR_SQUARE_NONE)
        g_array_append_val (captures, *move);
    }
  if (captures->len > 0 && g_rand_boolean (rand))
    return g_array_index (captures, CaturMove, g_rand_int_range (rand, 0, captures->len));
  return g_array_index (moves, CaturMove, g_rand_int_range (rand, 0, moves->len));
}

typedef struct
{
  CaturGame *game;
  guint plies;
} Plies;

static gboolean
plies_past (gpointer data)
{
  Plies *plies = data;

  return catur_game_get_n_plies (plies->game) > plies->plies || catur_game_is_over (plies->game);
}

static gboolean
plies_two (gpointer data)
{
  return catur_game_get_n_plies (data) == 2;
}

static gboolean
rematch_shown (gpointer data)
{
  Match *match = data;
  CaturGame *game = catur_window_get_game (match->window);

  return game == catur_net_play_get_game (match->play) && !catur_game_is_over (game)
         && catur_game_get_n_plies (game) == 0;
}

/* Taken back to 5, where the friend moves again at once. */
static gboolean
plies_below_seven (gpointer data)
{
  return catur_game_get_n_plies (data) < 7;
}

/* The window's move, by clicks on its board: a flip is one click on the face-down piece. */
static void
click_move (Match *match)
{
  CaturBoardView *view = catur_window_get_board_view (match->window);
  CaturGame *game = catur_net_play_get_game (match->play);
  static GRand *rand;
  CaturMove move;
  Plies plies = { game, catur_game_get_n_plies (game) };

  if (rand == NULL)
    rand = g_rand_new_with_seed (7);
  move = choose_move (catur_game_get_variant (game), catur_game_get_position (game), rand);
  catur_ui_test_click (view, move.from);
  if ((move.flags & CATUR_MOVE_FLIP) == 0)
    catur_ui_test_click (view, move.to);
  g_assert_true (catur_ui_test_wait_until (plies_past, &plies));
}

/* Plays the window's moves until the game has @until plies (or ends). */
static void
play_until (Match *match,
            guint  until)
{
  CaturGame *game;

  while (TRUE)
    {
      game = catur_net_play_get_game (match->play);
      if (catur_game_is_over (game) || catur_game_get_n_plies (game) >= until)
        return;
      g_assert_true (catur_ui_test_wait_until (window_to_move_cb, match));
      game = catur_net_play_get_game (match->play);
      if (catur_game_is_over (game) || catur_game_get_n_plies (game) >= until)
        return;
      click_move (match);
    }
}

/* A host listening on 127.0.0.1 with a secret of its own, as the dialog makes one, and its
 * invitation. */
static CaturNetHost *
listening_host (CaturNetInvite **invite)
{
  g_autofree char *dir = catur_net_cert_default_dir ();
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(GError) error = NULL;
  CaturNetHost *host;
  guint8 fingerprint[CATUR_NET_FINGERPRINT_SIZE];
  guint8 secret[CATUR_NET_SECRET_SIZE];

  certificate = catur_net_cert_ensure (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (catur_net_cert_get_fingerprint (certificate, fingerprint));
  catur_net_random_bytes (secret, sizeof secret);
  host = catur_net_host_new (certificate, secret);
  g_assert_true (catur_net_host_listen (host, 0, &error));
  g_assert_no_error (error);
  *invite = catur_net_invite_new ("127.0.0.1", catur_net_host_get_port (host), fingerprint);
  memcpy ((*invite)->secret, secret, sizeof secret);
  return host;
}

/* The one record kept in the network games' folder: its text. */
static char *
kept_record (void)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "catur", "network-games",
                                              NULL);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  char *text = NULL;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      if (g_str_has_suffix (name, ".deal"))
        continue;
      g_assert_null (text);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    }
  g_assert_nonnull (text);
  return text;
}

static void
forget_records (void)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "catur", "network-games",
                                              NULL);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_remove (path);
    }
}

static void
test_host_whole_game (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(CaturNetHost) host = NULL;
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturNetPlay) play = NULL;
  g_autoptr(GSubprocess) friend = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link_file = NULL;
  g_autofree char *link = NULL;
  g_autofree char *player = player_path ();
  g_autofree char *out = NULL;
  g_autofree char *plies_line = NULL;
  g_autofree char *record = NULL;
  CaturWindow *window;
  Match match;
  gulong id;

  if (variant == NULL)
    {
      catur_ui_test_missing ("Xiangqi is not built");
      return;
    }
  forget_records ();
  window = catur_ui_test_window (application);
  host = listening_host (&invite);
  link = catur_net_invite_format (invite);
  link_file = g_build_filename (g_get_user_data_dir (), "host-link", NULL);
  g_assert_true (g_file_set_contents (link_file, link, -1, NULL));

  game = catur_net_play_new_game (variant, NULL);
  play = catur_net_play_new_host (game, CATUR_SIDE_FIRST, "Budi");
  host_window = window;
  host_play = play;
  id = g_signal_connect (host, "peer-joined", G_CALLBACK (peer_joined_cb), NULL);
  friend = spawn_friend (G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                         (const char * const[]) { player, "--join", "--game", "xiangqi",
                                                  "--link", link_file, "--seed", "3",
                                                  "--name", "Sari", "--take-back-at", "7",
                                                  "--allow-take-backs", "--allow-rematch",
                                                  "--chat", "<b>Hello</b> & good luck", NULL });
  g_assert_true (catur_ui_test_wait_until (is_joined, NULL));
  g_signal_handler_disconnect (host, id);
  g_clear_object (&joined);
  match = (Match) { window, play };
  g_assert_true (catur_ui_test_wait_until (is_ready, &match));

  /* Both names: the title, as the record's players. */
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "Budi"));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "Sari"));
  /* The friend's chat, as typed: no markup read into it. */
  g_assert_true (catur_ui_test_wait_for_chat (window, "Sari: <b>Hello</b> & good luck"));
  catur_ui_test_screenshot ("network-host");

  /* The friend's reply is said, as the computer's are, through the board. */
  {
    CaturBoardView *view = catur_window_get_board_view (window);
    g_autoptr(CaturGameMove) reply = NULL;
    Plies plies = { game, 1 };
    char to[8];

    play_until (&match, 1);
    g_assert_true (catur_ui_test_wait_until (plies_past, &plies));
    reply = g_list_model_get_item (catur_game_get_moves (game), 1);
    catur_variant_square_name (variant, catur_game_move_get_move (reply)->to, to);
    g_assert_nonnull (strstr (catur_board_view_get_announcement (view), to));
  }
  /* The window asks to take back its move and the friend's reply; the friend allows it. */
  play_until (&match, 4);
  g_assert_true (catur_ui_test_wait_until (window_to_move_cb, &match));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 4);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (catur_ui_test_wait_until (plies_two, game));
  /* The friend asks the same at ply 7, on its turn; the window's player allows it. */
  play_until (&match, 7);
  catur_ui_test_answer ("Sari Asks to Take Back a Move", NULL, "yes");
  g_assert_true (catur_ui_test_wait_until (plies_below_seven, game));

  /* A draw offered on the window's turn stands in both games until a move lets it lapse. */
  play_until (&match, 8);
  g_assert_true (catur_ui_test_wait_until (window_to_move_cb, &match));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL));
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_FIRST);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "offer-draw"));

  play_until (&match, 400);
  g_assert_true (catur_game_is_over (game));
  /* Play Again asks the friend for a rematch: the new game, the seats swapped, both names. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-again", NULL));
  g_assert_true (catur_ui_test_wait_until (rematch_shown, &match));
  g_assert_cmpint (catur_net_play_get_seat (play), ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_game_get_bottom_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_SECOND);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "Sari"));
  /* The friend saw the same game end. */
  catur_ui_test_close (window);
  g_assert_true (g_subprocess_communicate_utf8 (friend, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("%s", out);
  g_assert_true (g_subprocess_get_if_exited (friend));
  g_assert_cmpint (g_subprocess_get_exit_status (friend), ==, 0);
  plies_line = g_strdup_printf ("plies %u\n", catur_game_get_n_plies (game));
  g_assert_nonnull (strstr (out, plies_line));
  g_assert_nonnull (strstr (out, "take-back-asked 7\n"));
  g_assert_nonnull (strstr (out, "take-back-answered 1 5\n"));
  g_assert_nonnull (strstr (out, "rematch\n"));
  record = kept_record ();
  g_assert_nonnull (strstr (record, "Budi"));
  g_assert_nonnull (strstr (record, "Sari"));
}

static void
join_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GError) error = NULL;

  joined = catur_net_join_finish (result, &error);
  g_assert_no_error (error);
}

static gboolean
link_written (gpointer data)
{
  g_autofree char *text = NULL;

  return g_file_get_contents (data, &text, NULL, NULL) && *text != '\0';
}

static gboolean
banner_shown (gpointer data)
{
  GtkWidget *banner = catur_ui_test_find_named (data, "network-banner");

  return gtk_revealer_get_reveal_child (GTK_REVEALER (banner));
}

static gboolean
banner_hidden (gpointer data)
{
  return !banner_shown (data);
}

static gboolean
claim_offered (gpointer data)
{
  return gtk_widget_get_visible (catur_ui_test_find_named (data, "network-claim"));
}

static void
test_guest_drop_claim (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("banqi");
  g_autoptr(GSubprocess) friend = NULL;
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autoptr(CaturNetPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link_file = NULL;
  g_autofree char *link = NULL;
  g_autofree char *player = player_path ();
  g_autofree char *deal = NULL;
  g_autofree char *record = NULL;
  CaturBoardView *view;
  CaturWindow *window;
  CaturGame *game;
  Match match;
  struct stat info;
  gint64 start;

  if (variant == NULL)
    {
      catur_ui_test_missing ("Banqi is not built");
      return;
    }
  forget_records ();
  /* The player may claim the game a second after the friend is gone. */
  g_setenv ("CATUR_NET_WAIT_SECONDS", "1", TRUE);
  window = catur_ui_test_window (application);
  view = catur_window_get_board_view (window);
  link_file = g_build_filename (g_get_user_data_dir (), "guest-link", NULL);
  g_remove (link_file);
  friend = spawn_friend (G_SUBPROCESS_FLAGS_STDOUT_SILENCE,
                         (const char * const[]) { player, "--host", "--game", "banqi",
                                                  "--link", link_file, "--seed", "5",
                                                  "--drop-at", "6", "--name", "Sari",
                                                  "--chat", "Selamat main!", NULL });
  g_assert_true (catur_ui_test_wait_until (link_written, link_file));
  g_assert_true (g_file_get_contents (link_file, &link, NULL, NULL));
  invite = catur_net_invite_parse (g_strstrip (link), &error);
  g_assert_no_error (error);
  catur_net_join_async (invite, NULL, join_cb, NULL);
  g_assert_true (catur_ui_test_wait_until (is_joined, NULL));

  play = catur_net_play_new_guest (variant, NULL, CATUR_SIDE_NONE, "Budi");
  catur_window_play_network (window, play, joined, NULL, NULL, invite);
  g_clear_object (&joined);
  match = (Match) { window, play };
  g_assert_true (catur_ui_test_wait_until (is_ready, &match));
  game = catur_net_play_get_game (play);
  g_assert_cmpint (catur_net_play_get_seat (play), ==, CATUR_SIDE_SECOND);
  /* The board is shown from the joiner's seat. */
  g_assert_cmpint (catur_game_get_bottom_side (game), ==, CATUR_SIDE_SECOND);

  /* The host moves first: a press on its turn is refused and explained. */
  if (catur_game_get_n_plies (game) == 0)
    {
      catur_ui_test_click (view, 0);
      if (catur_game_get_n_plies (game) == 0)
        g_assert_cmpstr (catur_board_view_get_explanation (view), ==,
                         "It is Sari's turn: wait for their move");
    }
  g_assert_true (catur_ui_test_wait_for_chat (window, "Sari: Selamat main!"));

  /* The host closes its connection at ply 6: the window waits, its clock stopped. */
  play_until (&match, 6);
  g_assert_true (catur_ui_test_wait_until (banner_shown, window));
  g_assert_cmpint (catur_clock_get_running (catur_game_get_clock (game)), ==, CATUR_SIDE_NONE);
  /* … and joins again by itself (every 3 seconds). */
  start = g_get_monotonic_time ();
  while (!banner_hidden (window) && g_get_monotonic_time () - start < 8 * G_USEC_PER_SEC)
    catur_ui_test_iterate (20);
  g_assert_true (banner_hidden (window));
  g_assert_cmpuint (catur_net_play_get_n_sessions (play), ==, 2);
  play_until (&match, 10);
  g_assert_false (catur_game_is_over (game));

  /* The deal, beside the autosave, for the player alone. */
  deal = g_build_filename (g_get_user_data_dir (), "catur", "autosave-banqi.deal", NULL);
  g_assert_cmpint (g_stat (deal, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0600);

  /* The host is gone for good: after the wait the player claims the game. */
  g_subprocess_force_exit (friend);
  g_assert_true (catur_ui_test_wait_until (banner_shown, window));
  g_assert_true (catur_ui_test_wait_until (claim_offered, window));
  catur_ui_test_screenshot ("network-claim");
  /* A button pressed with the keyboard is clicked once its pressed look has shown. */
  gtk_widget_activate (catur_ui_test_find_named (GTK_WIDGET (window), "network-claim"));
  g_assert_true (catur_ui_test_wait_until ((CaturUiTestCheck) catur_game_is_over, game));
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_ABANDONED);
  g_assert_false (g_file_test (deal, G_FILE_TEST_EXISTS));
  record = kept_record ();
  g_assert_nonnull (strstr (record, "[Termination \"abandoned\"]"));
  g_assert_nonnull (strstr (record, "Budi"));
  g_assert_nonnull (strstr (record, "Sari"));
  catur_ui_test_close (window);
  g_unsetenv ("CATUR_NET_WAIT_SECONDS");
}

static gboolean
adjourn_offered (gpointer data)
{
  return gtk_widget_get_visible (catur_ui_test_find_named (data, "network-adjourn"));
}

/* The window hosts Banqi; the friend's program is killed at ply 4: the host waits, and after the
 * wait adjourns the game, which is kept as a record with its deal beside it; a new game takes
 * the board. */
static gboolean
game_over (gpointer data)
{
  return catur_game_is_over (data);
}

static gboolean
past_one_ply (gpointer data)
{
  return catur_game_get_n_plies (data) >= 2;
}

static void
test_host_time_out (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("banqi");
  g_autoptr(CaturNetHost) host = NULL;
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturGameMove) first = NULL;
  g_autoptr(CaturNetPlay) play = NULL;
  g_autoptr(GSubprocess) friend = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  g_autoptr(GVariant) options = NULL;
  g_autofree char *link_file = NULL;
  g_autofree char *link = NULL;
  g_autofree char *player = player_path ();
  g_autofree char *out = NULL;
  g_autofree char *result = NULL;
  CaturWindow *window;
  Match match;
  gulong id;

  if (variant == NULL)
    {
      catur_ui_test_missing ("Banqi is not built");
      return;
    }
  forget_records ();
  window = catur_ui_test_window (application);
  host = listening_host (&invite);
  link = catur_net_invite_format (invite);
  link_file = g_build_filename (g_get_user_data_dir (), "time-out-link", NULL);
  g_assert_true (g_file_set_contents (link_file, link, -1, NULL));

  g_variant_builder_add (builder, "{sv}", CATUR_OPTION_CLOCK, g_variant_new_string ("1/3"));
  options = g_variant_ref_sink (g_variant_builder_end (builder));
  game = catur_net_play_new_game (variant, options);
  play = catur_net_play_new_host (game, CATUR_SIDE_FIRST, "Budi");
  host_window = window;
  host_play = play;
  id = g_signal_connect (host, "peer-joined", G_CALLBACK (peer_joined_cb), NULL);
  friend = spawn_friend (G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                         (const char * const[]) { player, "--join", "--game", "banqi",
                                                  "--link", link_file, "--seed", "5",
                                                  "--name", "Sari", NULL });
  g_assert_true (catur_ui_test_wait_until (is_joined, NULL));
  g_signal_handler_disconnect (host, id);
  g_clear_object (&joined);
  match = (Match) { window, play };
  g_assert_true (catur_ui_test_wait_until (is_ready, &match));

  /* The player lets the time run out: the clock flips for them, and the friend replies. */
  g_assert_true (catur_ui_test_wait_until (past_one_ply, game));
  first = g_list_model_get_item (catur_game_get_moves (game), 0);
  g_assert_true (catur_game_move_get_timed_out (first));
  g_assert_true (catur_game_move_get_move (first)->flags & CATUR_MOVE_FLIP);
  /* Again: the second time-out in a row loses. */
  g_assert_true (catur_ui_test_wait_until (game_over, game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_SECOND);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  /* The deals disclosed both ways, for the friend's end check, before the window goes. */
  catur_ui_test_iterate (1000);
  catur_ui_test_close (window);
  g_assert_true (g_subprocess_communicate_utf8 (friend, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("%s", out);
  result = g_strdup_printf ("result %d %d %d\n", CATUR_RESULT_WIN, CATUR_SIDE_SECOND,
                            CATUR_REASON_TIME_OUT);
  g_assert_nonnull (strstr (out, result));
  g_assert_nonnull (strstr (out, "plies 2\n"));
}

static void
dialog_ready_cb (CaturNewGameDialog *dialog,
                 CaturNetPlay       *play,
                 CaturNetConnection *connection,
                 CaturNetHost       *host,
                 CaturNetPublisher  *publisher,
                 gpointer            rejoin,
                 CaturNetPlay      **ready)
{
  g_set_object (ready, play);
}

static void
friend_ended_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) data = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static guint
count_entries (void)
{
  g_autoptr(GPtrArray) entries = catur_adjourned_list (NULL, FALSE);

  return entries->len;
}

/* The adjourned @kept game is resumed from the new-game dialog: the window hosts it again with a
 * new invitation, the friend's program joins from its autosave @friend_save, and the game goes
 * on from the same ply to its end (the window resigns), which removes its entry. */
static void
resume_adjourned (CaturWindow *window,
                  CaturGame   *kept,
                  const char  *friend_save,
                  const char  *id)
{
  CaturNewGameDialog *dialog;
  g_autoptr(CaturNetPlay) play = NULL;
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autoptr(GSubprocess) friend = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *player = player_path ();
  g_autofree char *link = NULL;
  g_autofree char *link_file = g_build_filename (g_get_user_data_dir (), "resume-link", NULL);
  g_autofree char *out = NULL;
  g_autofree char *autosave = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *plies_line = NULL;
  GtkWidget *button;
  CaturGame *game;
  Match match;
  gboolean ended = FALSE;
  guint kept_plies = catur_game_get_n_plies (kept);

  g_assert_cmpuint (count_entries (), ==, 1);
  catur_window_show_new_game_dialog (window);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  catur_new_game_dialog_show_resume (dialog);
  catur_ui_test_iterate (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), CATUR_TYPE_NEW_GAME_DIALOG, "resume_group"))));
  button = catur_ui_test_find_named (GTK_WIDGET (dialog), "resume-button");
  g_assert_nonnull (button);
  g_signal_connect (dialog, "network-game-ready", G_CALLBACK (dialog_ready_cb), &play);
  g_signal_emit_by_name (button, "clicked");
  catur_ui_test_iterate (50);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), CATUR_TYPE_NEW_GAME_DIALOG, "host_error_label"))), ==, "");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), CATUR_TYPE_NEW_GAME_DIALOG, "stack"))), ==, "invite");
  /* The new invitation, to this computer's loopback address. */
  invite = catur_net_invite_parse (gtk_label_get_text (GTK_LABEL (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), CATUR_TYPE_NEW_GAME_DIALOG, "link_label"))), &error);
  g_assert_no_error (error);
  g_free (invite->host);
  invite->host = g_strdup ("127.0.0.1");
  link = catur_net_invite_format (invite);
  g_assert_true (g_file_set_contents (link_file, link, -1, NULL));
  friend = spawn_friend (G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                         (const char * const[]) { player, "--join", "--game", id,
                                                  "--link", link_file, "--seed", "3",
                                                  "--name", "Sari", "--resume", friend_save,
                                                  NULL });
  g_assert_true (catur_ui_test_wait_until (is_joined_play, &play));
  match = (Match) { window, play };
  g_assert_true (catur_ui_test_wait_until (is_ready, &match));
  game = catur_net_play_get_game (play);
  /* The same game, from where it was kept (the friend, killed at its ply 4, may be one ahead). */
  g_assert_cmpuint (catur_game_get_n_plies (game), >=, kept_plies);
  g_assert_cmpuint (catur_game_get_n_plies (game), <=, kept_plies + 1);
  g_assert_cmpuint (count_entries (), ==, 1);

  play_until (&match, catur_game_get_n_plies (game) + 3);
  /* A restart would not bring this game back as a local one. */
  autosave = catur_autosave_get_path (id);
  g_assert_true (g_file_get_contents (autosave, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "Mode=network\n"));
  g_assert_true (catur_ui_test_wait_until (window_to_move_cb, &match));
  g_assert_true (catur_net_session_resign (catur_net_play_get_session (play), &error));
  g_assert_no_error (error);
  g_assert_true (catur_game_is_over (game));
  /* The window's main loop runs until the friend's program ends: a Banqi game ends with both
   * disclosures. */
  g_subprocess_wait_async (friend, NULL, friend_ended_cb, &ended);
  g_assert_true (catur_ui_test_wait_until (is_true, &ended));
  g_assert_true (g_subprocess_communicate_utf8 (friend, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_test_message ("%s", out);
  g_assert_cmpint (g_subprocess_get_exit_status (friend), ==, 0);
  plies_line = g_strdup_printf ("plies %u\n", catur_game_get_n_plies (game));
  g_assert_nonnull (strstr (out, plies_line));
  if (g_str_equal (id, "banqi"))
    g_assert_nonnull (strstr (out, "deal-check passed\n"));
  /* Finished: nothing left to resume. */
  g_assert_cmpuint (count_entries (), ==, 0);
}

/* The window hosts @id, the friend's program is killed at its ply 4, and the player adjourns
 * the game; with @resume the game is then resumed from the new-game dialog. */
static void
host_adjourn (const char *id,
              gboolean    resume)
{
  CaturVariant *variant = catur_plugins_find_variant (id);
  gboolean hidden = g_str_equal (id, "banqi");
  g_autoptr(CaturNetHost) host = NULL;
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturNetPlay) play = NULL;
  g_autoptr(GSubprocess) friend = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *link_file = NULL;
  g_autofree char *link = NULL;
  g_autofree char *player = player_path ();
  g_autofree char *autosave_deal = NULL;
  g_autofree char *friend_save = g_build_filename (g_get_user_data_dir (), "friend-save", NULL);
  g_autoptr(GDir) kept = NULL;
  const char *name;
  guint records = 0, deals = 0, entries = 0;
  CaturWindow *window;
  Match match;
  gulong handler;

  if (variant == NULL)
    {
      catur_ui_test_missing ("The game is not built");
      return;
    }
  forget_records ();
  g_setenv ("CATUR_NET_WAIT_SECONDS", "1", TRUE);
  window = catur_ui_test_window (application);
  host = listening_host (&invite);
  link = catur_net_invite_format (invite);
  link_file = g_build_filename (g_get_user_data_dir (), "adjourn-link", NULL);
  g_assert_true (g_file_set_contents (link_file, link, -1, NULL));

  game = catur_net_play_new_game (variant, NULL);
  play = catur_net_play_new_host (game, CATUR_SIDE_FIRST, "Budi");
  host_window = window;
  host_play = play;
  handler = g_signal_connect (host, "peer-joined", G_CALLBACK (peer_joined_cb), NULL);
  friend = spawn_friend (G_SUBPROCESS_FLAGS_STDOUT_SILENCE,
                         (const char * const[]) { player, "--join", "--game", id,
                                                  "--link", link_file, "--seed", "2",
                                                  "--name", "Sari", "--kill-at", "4",
                                                  "--autosave", friend_save, NULL });
  g_assert_true (catur_ui_test_wait_until (is_joined, NULL));
  g_signal_handler_disconnect (host, handler);
  g_clear_object (&joined);
  match = (Match) { window, play };
  g_assert_true (catur_ui_test_wait_until (is_ready, &match));

  play_until (&match, 3);
  g_assert_true (catur_ui_test_wait_until (banner_shown, window));
  g_assert_true (catur_ui_test_wait_until (adjourn_offered, window));
  gtk_widget_activate (catur_ui_test_find_named (GTK_WIDGET (window), "network-adjourn"));
  g_assert_true (catur_ui_test_wait_until (banner_hidden, window));
  catur_ui_test_iterate (300);
  /* A new game on the board; the adjourned one kept, its deal beside it (0600), the autosave's
   * deal gone. */
  g_assert_true (catur_window_get_game (window) != game);
  g_assert_false (catur_game_is_over (game));
  autosave_deal = g_strdup_printf ("%s/catur/autosave-%s.deal", g_get_user_data_dir (), id);
  g_assert_false (g_file_test (autosave_deal, G_FILE_TEST_EXISTS));
  folder = g_build_filename (g_get_user_data_dir (), "catur", "network-games", NULL);
  kept = g_dir_open (folder, 0, NULL);
  g_assert_nonnull (kept);
  while ((name = g_dir_read_name (kept)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      struct stat info;

      g_assert_cmpint (g_stat (path, &info), ==, 0);
      g_assert_cmpint (info.st_mode & 0777, ==, 0600);
      if (g_str_has_suffix (name, ".resume") || g_str_has_suffix (name, ".resume.deal"))
        entries++;
      else if (g_str_has_suffix (name, ".deal"))
        deals++;
      else
        records++;
      g_assert_nonnull (strstr (name, id));
      g_assert_true (g_str_has_suffix (name, ".resume") || g_str_has_suffix (name, ".resume.deal")
                     || strstr (name, "-adjourned.") != NULL);
    }
  g_assert_cmpuint (records, ==, 1);
  g_assert_cmpuint (deals, ==, hidden ? 1 : 0);
  /* The game to resume, and its deal. */
  g_assert_cmpuint (entries, ==, hidden ? 2 : 1);

  if (resume)
    resume_adjourned (window, game, friend_save, id);
  catur_ui_test_close (window);
  g_unsetenv ("CATUR_NET_WAIT_SECONDS");
}

static void
test_host_adjourn (void)
{
  host_adjourn ("banqi", FALSE);
}

static void
test_host_resume (void)
{
  host_adjourn ("banqi", TRUE);
}

/* Catur killed during a network game of Xiangqi (hosted, two moves played): its autosave says
 * so, and the game's entry is still "playing". */
static void
test_restart_interrupted (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(CaturGame) game = catur_game_new (variant, NULL);
  g_autoptr(CaturAutosave) autosave = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *path = catur_adjourned_new_path ("xiangqi");
  g_autofree char *saved_path = catur_autosave_get_path ("xiangqi");
  g_autofree char *saved = NULL;
  GSettings *settings = catur_application_get_settings (application);
  CaturNewGameDialog *dialog;
  CaturAdjourned *entry;
  CaturWindow *window;

  forget_records ();
  catur_ui_test_forget_games ();
  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  g_assert_true (catur_game_play_text (game, "h9g7", &error));
  g_assert_true (catur_adjourned_save (path, game, TRUE, FALSE, CATUR_SIDE_FIRST, "Budi", "Sari",
                                       &error));
  g_assert_no_error (error);
  autosave = catur_autosave_new_from_game (game);
  autosave->mode = g_strdup ("network");
  g_assert_true (catur_autosave_save (autosave, &error));
  g_settings_set_string (settings, "game", "xiangqi");

  window = catur_window_new (application);
  gtk_window_present (GTK_WINDOW (window));
  catur_ui_test_iterate (50);
  /* A new game, not the network game played on as a local one. */
  g_assert_nonnull (catur_window_get_game (window));
  g_assert_cmpuint (catur_game_get_n_plies (catur_window_get_game (window)), ==, 0);
  g_assert_true (g_file_get_contents (saved_path, &saved, NULL, NULL));
  g_assert_null (strstr (saved, "Mode=network"));
  /* The game is kept, adjourned, and offered. */
  entries = catur_adjourned_list ("xiangqi", TRUE);
  g_assert_cmpuint (entries->len, ==, 1);
  entry = g_ptr_array_index (entries, 0);
  g_assert_true (entry->host);
  g_assert_cmpuint (entry->n_plies, ==, 2);
  g_assert_cmpstr (entry->friend_name, ==, "Sari");
  g_clear_object (&game);
  game = catur_adjourned_restore_game (entry, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  catur_window_show_new_game_dialog (window);
  dialog = catur_window_get_new_game_dialog (window);
  catur_new_game_dialog_show_resume (dialog);
  catur_ui_test_iterate (50);
  g_assert_nonnull (catur_ui_test_find_named (GTK_WIDGET (dialog), "resume-button"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_close (window);
  forget_records ();
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
  g_test_add_func ("/ui/network/host-whole-game", test_host_whole_game);
  g_test_add_func ("/ui/network/guest-drop-claim", test_guest_drop_claim);
  g_test_add_func ("/ui/network/host-adjourn", test_host_adjourn);
  g_test_add_func ("/ui/network/host-time-out", test_host_time_out);
  g_test_add_func ("/ui/network/host-resume", test_host_resume);
  g_test_add_func ("/ui/network/restart-interrupted", test_restart_interrupted);

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
