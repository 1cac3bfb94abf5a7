/* test-net-player.c: one side of a network game in a process of its own, for tests/net
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-net-player --host --game ID --link FILE [--seed N] [--drop-at PLY]
 * test-net-player --join --game ID --link FILE|LINK [--seed N] [--drop-at PLY]
 *                 [--autosave FILE] [--kill-at PLY [--kill-owed]] [--resume FILE]
 * either side also [--chat TEXT] [--name NAME] [--take-back-at PLY] [--allow-take-backs]
 *                 [--allow-rematch]
 *
 * The host makes (or loads) its certificate under $XDG_DATA_HOME, listens on 127.0.0.1 with
 * port 0 and writes the invitation link to FILE; the joiner reads the link from FILE (or takes
 * it as it is) and joins. Both play the game through CaturNetPlay, the real protocol and TLS,
 * each its own side with seeded random legal moves. With --drop-at, the side closes its
 * connection when its game reaches that ply, once; the joiner then joins again with the same
 * invitation, and the game resumes. With --autosave the joiner keeps its seat and record in FILE
 * after every ply; --kill-at kills it (SIGKILL) once its game reaches that ply; --resume starts
 * it again from such a file, as a program restoring its autosave would; in Banqi the deal is
 * kept beside it, in FILE.deal (mode 0600: it holds the joiner's keys), whenever it changes,
 * and restored with it; --kill-owed kills it instead at its first flip from that ply on, once
 * the deal that owes it is saved and before its share leaves (it prints the flip's ply and
 * text). At the end each side
 * prints what it saw, one fact a line: result, plies, record (the moves' coordinate texts),
 * sessions, the ply each resume started from, the end check of the deal (Banqi), the bytes
 * sent, the median round trips of a ping and of a move, the time of the deal. Exit 0 when the
 * game was played to its end. --chat sends TEXT as a chat message once the first session is
 * ready (the window's UI test hears it); --name is the player's name (Host, Friend);
 * --take-back-at asks, once, to take back its last move when its game has PLY plies on its
 * turn, and waits for the answer; --allow-take-backs allows the other side's; --allow-rematch
 * accepts a rematch asked once the game is over (and prints "rematch"; the new game is not
 * played).
 */
#include "config.h"

#include <linux/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <catur.h>

#define PINGS 21

static gboolean opt_host, opt_join;
static char *opt_game, *opt_link;
static int opt_seed = 1, opt_drop_at = -1, opt_kill_at = -1;
static gboolean opt_kill_owed;
static char *opt_autosave, *opt_resume, *opt_chat, *opt_name;
static int opt_take_back_at = -1;
static gboolean opt_allow_take_backs, take_back_asked, opt_allow_rematch;

static GMainLoop *loop;
static CaturVariant *variant;
static gboolean hidden;
static CaturNetPlay *play;
static CaturNetHost *host;
static CaturNetInvite *invite;
static GRand *rand_moves;
static guint think_id;
static int status = 1;
static gboolean finished, dropped, peer_gone;

/* A flip or move asked but not yet played: its ply and session. */
static guint asked_ply = G_MAXUINT, asked_session;
static gint64 asked_at;
static GArray *move_trips, *ping_trips, *flip_trips;
static gboolean flip_asked;
static guint pings_left;
static gint64 session_started_at, deal_us = -1;
static int checked = -1;
static GString *resumes;
static guint64 tcp_sent, tcp_received, tcp_sent_now, tcp_received_now;

static void schedule_think (void);
static void join (void);

static void
quit (void)
{
  g_main_loop_quit (loop);
}

static int
compare_times (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static gint64
median (GArray *times)
{
  if (times->len == 0)
    return -1;
  g_array_sort (times, compare_times);
  return g_array_index (times, gint64, times->len / 2);
}

/* What TCP counted on the present connection, TLS and the proof included. */
static void
count_tcp (void)
{
  CaturNetSession *session = catur_net_play_get_session (play);
  struct tcp_info info = { 0 };
  socklen_t size = sizeof info;
  g_autoptr(GIOStream) base = NULL;
  CaturNetConnection *connection = NULL;

  if (session == NULL)
    return;
  connection = host != NULL ? catur_net_host_get_peer (host) : NULL;
  if (connection == NULL)
    connection = g_object_get_data (G_OBJECT (play), "connection");
  if (connection == NULL || catur_net_connection_is_closed (connection))
    return;
  g_object_get (catur_net_connection_get_stream (connection), "base-io-stream", &base, NULL);
  if (G_IS_SOCKET_CONNECTION (base)
      && getsockopt (g_socket_get_fd (g_socket_connection_get_socket (G_SOCKET_CONNECTION (base))),
                     IPPROTO_TCP, TCP_INFO, &info, &size) == 0)
    {
      tcp_sent_now = info.tcpi_bytes_acked;
      tcp_received_now = info.tcpi_bytes_received;
    }
}

/* The counts of a connection that ended go to the totals. */
static void
close_tcp_count (void)
{
  tcp_sent += tcp_sent_now;
  tcp_received += tcp_received_now;
  tcp_sent_now = tcp_received_now = 0;
}

/* A seeded random legal move; a mate in one when there is one (not in a game with face-down
 * pieces, whose flips cannot be tried on what the players see), captures half the time. */
static CaturMove
pick_move (const CaturPosition *position)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (variant, position);
  g_autoptr(GArray) captures = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  CaturSide side = catur_variant_side_to_move (variant, position);

  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove *move = &g_array_index (moves, CaturMove, i);
      CaturMoveEffects effects;

      if (!hidden)
        {
          g_autoptr(CaturPosition) after = catur_position_copy (position);
          CaturMove tried = *move;

          catur_variant_play (variant, after, &tried);
          if (catur_variant_in_check (variant, after, NULL))
            {
              CaturOutcome outcome;

              catur_variant_status (variant, after, NULL, &outcome);
              if (outcome.result == CATUR_RESULT_WIN && outcome.winner == side)
                return *move;
            }
        }
      catur_variant_move_effects (variant, position, move, &effects);
      if (effects.captured != CATUR_SQUARE_NONE)
        g_array_append_val (captures, *move);
    }
  if (captures->len > 0 && g_rand_boolean (rand_moves))
    return g_array_index (captures, CaturMove, g_rand_int_range (rand_moves, 0, captures->len));
  return g_array_index (moves, CaturMove, g_rand_int_range (rand_moves, 0, moves->len));
}

static void
print_result (CaturGame *game)
{
  const CaturOutcome *outcome = catur_game_get_outcome (game);
  GListModel *moves = catur_game_get_moves (game);
  g_autoptr(GString) record = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (moves); i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (moves, i);

      g_string_append_printf (record, "%s%s", i > 0 ? " " : "",
                              catur_game_move_get_coordinate (item));
    }
  count_tcp ();
  g_print ("result %d %d %d\n", outcome->result, outcome->winner, outcome->reason);
  g_print ("plies %u\n", catur_game_get_n_plies (game));
  g_print ("record %s\n", record->str);
  g_print ("sessions %u\n", catur_net_play_get_n_sessions (play));
  g_print ("resumed-at%s\n", resumes->str);
  if (hidden)
    g_print ("deal-check %s\n", checked == 1 ? "passed" : "failed");
  g_print ("bytes messages %" G_GUINT64_FORMAT " tcp %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
           "\n", catur_net_play_get_bytes_sent (play), tcp_sent + tcp_sent_now,
           tcp_received + tcp_received_now);
  g_print ("rtt-us ping %" G_GINT64_FORMAT " move %" G_GINT64_FORMAT "\n", median (ping_trips),
           median (move_trips));
  if (hidden)
    g_print ("deal-ms %.1f flip-us %" G_GINT64_FORMAT "\n", deal_us / 1000.0,
             median (flip_trips));
}

/* The game is over (and its deal checked): say so, leave, and go once the peer has. */
static void
finish (CaturNetSession *session)
{
  finished = TRUE;
  status = hidden && checked != 1 ? 1 : 0;
  print_result (catur_net_session_get_game (session));
  /* The host says goodbye, the joiner waits for it: a LEAVE each way would cross. */
  if (opt_host)
    catur_net_session_leave (session, NULL);
  if (peer_gone)
    quit ();
  else
    g_timeout_add_once (3000, (GSourceOnceFunc) quit, NULL);
}

/* Closes the connection when the game reaches the ply asked, once. */
static gboolean
maybe_drop (guint n)
{
  if (dropped || opt_drop_at < 0 || n < (guint) opt_drop_at)
    return FALSE;
  dropped = TRUE;
  g_print ("dropped-at %u\n", n);
  close_tcp_count ();
  catur_net_play_detach (play);
  g_object_set_data (G_OBJECT (play), "connection", NULL);
  /* Closed here, the connection is not lost to us: the joiner joins again at once. */
  if (opt_join)
    g_timeout_add_once (100, (GSourceOnceFunc) join, NULL);
  return TRUE;
}

/* The seat and the record, as a program's autosave keeps the game. */
static void
autosave (CaturNetSession *session,
          CaturGame       *game)
{
  GListModel *moves = catur_game_get_moves (game);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  g_string_append_printf (text, "%d\n", catur_net_session_get_seat (session));
  for (guint i = 0; i < g_list_model_get_n_items (moves); i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (moves, i);

      g_string_append_printf (text, "%s\n", catur_game_move_get_coordinate (item));
    }
  if (!g_file_set_contents (opt_autosave, text->str, text->len, &error))
    g_printerr ("test-net-player: autosave: %s\n", error->message);
}

/* The deal beside the autosave, written as it changes: its keys are the player's alone. */
static void
deal_changed_cb (CaturNetPlay *self,
                 GBytes       *saved)
{
  g_autofree char *path = g_strconcat (opt_autosave, ".deal", NULL);
  g_autoptr(GError) error = NULL;
  gsize size;
  const char *data = g_bytes_get_data (saved, &size);

  CaturNetSession *session = catur_net_play_get_session (play);
  CaturGame *game = session != NULL ? catur_net_session_get_game (session) : NULL;
  CaturMove flip = { 0 };

  if (!g_file_set_contents_full (path, data, size, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                 &error))
    g_printerr ("test-net-player: the deal was not saved: %s\n", error->message);
  if (!opt_kill_owed || opt_kill_at < 0 || game == NULL
      || catur_game_get_n_plies (game) < (guint) opt_kill_at)
    return;
  flip.from = flip.to = catur_net_session_get_flip_asked (session);
  flip.flags = CATUR_MOVE_FLIP;
  if (flip.from != CATUR_SQUARE_NONE)
    {
      g_autofree char *text = catur_variant_format_move (variant,
                                                         catur_game_get_position (game), &flip,
                                                         catur_variant_get_coordinate_notation (
                                                           variant));

      g_print ("killed-owing %u %s\n", catur_game_get_n_plies (game), text);
      fflush (stdout);
      raise (SIGKILL);
    }
}

static gboolean
think (gpointer data)
{
  CaturNetSession *session = catur_net_play_get_session (play);
  CaturGame *game;
  CaturSide seat;
  CaturMove move;
  g_autoptr(GError) error = NULL;
  guint n;

  think_id = 0;
  if (finished || session == NULL || catur_net_session_get_game (session) == NULL)
    return G_SOURCE_REMOVE;
  game = catur_net_session_get_game (session);
  n = catur_game_get_n_plies (game);
  count_tcp ();
  /* Our flip was played: both shares went and came back. */
  if (flip_asked && n > asked_ply)
    {
      gint64 trip = g_get_monotonic_time () - asked_at;

      flip_asked = FALSE;
      if (asked_session == catur_net_play_get_n_sessions (play))
        g_array_append_val (flip_trips, trip);
    }
  if (opt_autosave != NULL && catur_net_session_get_state (session) == CATUR_NET_STATE_PLAYING)
    autosave (session, game);
  if (opt_kill_at >= 0 && !opt_kill_owed && n >= (guint) opt_kill_at)
    raise (SIGKILL);
  if (catur_game_is_over (game))
    {
      if (!hidden || checked >= 0)
        finish (session);
      return G_SOURCE_REMOVE;
    }
  if (catur_net_session_get_state (session) != CATUR_NET_STATE_PLAYING)
    return G_SOURCE_REMOVE;
  if (maybe_drop (n))
    return G_SOURCE_REMOVE;
  if (hidden && !catur_net_deal_is_dealt (catur_net_session_get_deal (session)))
    return G_SOURCE_REMOVE;
  seat = catur_net_session_get_seat (session);
  if (catur_game_get_side_to_move (game) != seat || pings_left > 0
      || catur_net_session_get_take_back_asker (session) != CATUR_SIDE_NONE)
    return G_SOURCE_REMOVE;
  if (opt_take_back_at >= 0 && !take_back_asked && n >= (guint) opt_take_back_at)
    {
      take_back_asked = TRUE;
      if (!catur_net_session_ask_take_back (session, &error))
        g_printerr ("test-net-player: the take-back was not asked: %s\n", error->message);
      else
        {
          g_print ("take-back-asked %u\n", n);
          return G_SOURCE_REMOVE;
        }
    }
  /* A flip waits for the peer's share, in this session or owed from the one before. */
  if ((asked_ply == n && asked_session == catur_net_play_get_n_sessions (play))
      || catur_net_session_get_flip_asked (session) != CATUR_SQUARE_NONE)
    return G_SOURCE_REMOVE;
  move = pick_move (catur_game_get_position (game));
  asked_ply = n;
  asked_session = catur_net_play_get_n_sessions (play);
  asked_at = g_get_monotonic_time ();
  flip_asked = hidden && (move.flags & CATUR_MOVE_FLIP) != 0;
  if (!catur_net_session_play_move (session, &move, &error))
    {
      g_printerr ("test-net-player: a move was refused: %s\n", error->message);
      quit ();
      return G_SOURCE_REMOVE;
    }
  maybe_drop (catur_game_get_n_plies (game));
  return G_SOURCE_REMOVE;
}

static void
schedule_think (void)
{
  if (think_id == 0)
    think_id = g_idle_add (think, NULL);
}

static void
peer_moved_cb (CaturNetSession *session,
               guint            ply)
{
  /* The reply to our move, in the same session, when the peer answers at once. */
  if (asked_ply != G_MAXUINT && ply == asked_ply + 2
      && asked_session == catur_net_play_get_n_sessions (play) && !hidden)
    {
      gint64 trip = g_get_monotonic_time () - asked_at;

      g_array_append_val (move_trips, trip);
    }
  schedule_think ();
}

static void
take_back_asked_cb (CaturNetSession *session)
{
  g_autoptr(GError) error = NULL;

  if (opt_allow_take_backs && !catur_net_session_answer_take_back (session, TRUE, &error))
    g_printerr ("test-net-player: the take-back was not allowed: %s\n", error->message);
  /* Its last move may be gone: the next is a new one. */
  asked_ply = G_MAXUINT;
  schedule_think ();
}

static void
take_back_answered_cb (CaturNetSession *session,
                       gboolean         accepted)
{
  g_print ("take-back-answered %d %u\n", accepted,
           catur_game_get_n_plies (catur_net_session_get_game (session)));
  asked_ply = G_MAXUINT;
  schedule_think ();
}

static void
rematch_asked_cb (CaturNetSession *session)
{
  g_autoptr(GError) error = NULL;

  if (!opt_allow_rematch)
    return;
  if (!catur_net_session_answer_rematch (session, TRUE, &error))
    g_printerr ("test-net-player: the rematch was not accepted: %s\n", error->message);
  else
    g_print ("rematch\n");
}

static void
send_ping (CaturNetSession *session)
{
  if (!catur_net_session_ping (session, NULL))
    pings_left = 0;
}

static void
pong_cb (CaturNetSession *session,
         gint64           round_trip)
{
  g_array_append_val (ping_trips, round_trip);
  if (pings_left > 0 && --pings_left > 0)
    send_ping (session);
  schedule_think ();
}

static void
ready_cb (CaturNetSession *session)
{
  CaturGame *game = catur_net_session_get_game (session);

  g_signal_connect_swapped (game, "changed", G_CALLBACK (schedule_think), NULL);
  /* A timed game's clocks run, as in a window: a move the peer says its clock played is
   * checked against them. */
  catur_game_set_clock_live (game, TRUE);
  if (catur_net_play_get_n_sessions (play) > 1)
    g_string_append_printf (resumes, " %u", catur_game_get_n_plies (game));
  if (opt_chat != NULL && catur_net_play_get_n_sessions (play) == 1)
    catur_net_session_chat (session, opt_chat, NULL);
  /* The host measures the round trip of a message before the first move. */
  if (opt_host && catur_net_play_get_n_sessions (play) == 1)
    {
      pings_left = PINGS;
      send_ping (session);
    }
  schedule_think ();
}

static void
dealt_cb (CaturNetSession *session)
{
  if (deal_us < 0)
    deal_us = g_get_monotonic_time () - session_started_at;
  schedule_think ();
}

static void
deal_checked_cb (CaturNetSession *session,
                 const GError    *error)
{
  checked = error == NULL;
  if (error != NULL)
    g_printerr ("test-net-player: the end check failed: %s\n", error->message);
  schedule_think ();
}

static void
closed_cb (CaturNetSession *session,
           guint            reason,
           const char      *detail)
{
  peer_gone = TRUE;
  if (finished)
    quit ();
  else if (reason == 0)
    schedule_think ();
  else
    {
      g_printerr ("test-net-player: refused: %s\n", detail);
      quit ();
    }
}

static void
refused_cb (CaturNetSession *session,
            const GError    *error)
{
  g_printerr ("test-net-player: refused a message: %s\n", error->message);
}

static void
session_started_cb (CaturNetPlay    *self,
                    CaturNetSession *session)
{
  session_started_at = g_get_monotonic_time ();
  g_signal_connect (session, "ready", G_CALLBACK (ready_cb), NULL);
  g_signal_connect (session, "peer-moved", G_CALLBACK (peer_moved_cb), NULL);
  g_signal_connect (session, "pong", G_CALLBACK (pong_cb), NULL);
  g_signal_connect (session, "dealt", G_CALLBACK (dealt_cb), NULL);
  g_signal_connect (session, "deal-checked", G_CALLBACK (deal_checked_cb), NULL);
  g_signal_connect (session, "closed", G_CALLBACK (closed_cb), NULL);
  g_signal_connect (session, "refused", G_CALLBACK (refused_cb), NULL);
  g_signal_connect (session, "take-back-asked", G_CALLBACK (take_back_asked_cb), NULL);
  g_signal_connect (session, "take-back-answered", G_CALLBACK (take_back_answered_cb), NULL);
  g_signal_connect (session, "rematch-asked", G_CALLBACK (rematch_asked_cb), NULL);
}

static void
connection_lost_cb (CaturNetPlay *self,
                    const GError *error)
{
  close_tcp_count ();
  g_object_set_data (G_OBJECT (play), "connection", NULL);
  peer_gone = TRUE;
  if (finished)
    {
      quit ();
      return;
    }
  g_print ("lost %s\n", error != NULL ? error->message : "?");
  if (opt_join)
    g_timeout_add_once (100, (GSourceOnceFunc) join, NULL);
}

static void
peer_joined_cb (CaturNetHost       *self,
                CaturNetConnection *connection,
                gboolean            reconnection)
{
  g_autoptr(GError) error = NULL;

  g_print ("joined reconnection %d\n", reconnection);
  peer_gone = FALSE;
  if (!catur_net_play_attach (play, connection, &error))
    {
      g_printerr ("test-net-player: %s\n", error->message);
      quit ();
    }
}

static void
joined_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(CaturNetConnection) connection = NULL;
  g_autoptr(GError) error = NULL;

  /* Once: a host that has not yet seen the old connection go asks it, and lets the friend
   * back in when it does not answer (docs/network.md, "The host"). */
  connection = catur_net_join_finish (result, &error);
  if (connection == NULL)
    {
      g_printerr ("test-net-player: join: %s\n", error->message);
      quit ();
      return;
    }
  peer_gone = FALSE;
  g_object_set_data_full (G_OBJECT (play), "connection", g_object_ref (connection),
                          g_object_unref);
  if (!catur_net_play_attach (play, connection, &error))
    {
      g_printerr ("test-net-player: %s\n", error->message);
      quit ();
    }
}

static void
join (void)
{
  if (!finished)
    catur_net_join_async (invite, NULL, joined_cb, NULL);
}

static gboolean
start_host (GError **error)
{
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autofree char *dir = catur_net_cert_default_dir ();
  g_autofree char *link = NULL;
  g_autoptr(CaturGame) game = NULL;
  guint8 fingerprint[CATUR_NET_FINGERPRINT_SIZE];
  guint8 secret[CATUR_NET_SECRET_SIZE];

  certificate = catur_net_cert_ensure (dir, NULL, error);
  if (certificate == NULL || !catur_net_cert_get_fingerprint (certificate, fingerprint))
    return FALSE;
  catur_net_random_bytes (secret, sizeof secret);
  host = catur_net_host_new (certificate, secret);
  if (!catur_net_host_listen (host, 0, error))
    return FALSE;
  invite = catur_net_invite_new ("127.0.0.1", catur_net_host_get_port (host), fingerprint);
  memcpy (invite->secret, secret, sizeof secret);
  link = catur_net_invite_format (invite);

  game = catur_net_play_new_game (variant, NULL);
  play = catur_net_play_new_host (game, CATUR_SIDE_FIRST, opt_name != NULL ? opt_name : "Host");
  g_signal_connect (host, "peer-joined", G_CALLBACK (peer_joined_cb), NULL);
  /* Written whole, then renamed: the joiner never reads half a link. */
  return g_file_set_contents (opt_link, link, -1, error);
}

static gboolean
start_join (GError **error)
{
  g_autofree char *link = NULL;

  if (g_str_has_prefix (opt_link, "catur://"))
    link = g_strdup (opt_link);
  else if (!g_file_get_contents (opt_link, &link, NULL, error))
    return FALSE;
  g_strstrip (link);
  invite = catur_net_invite_parse (link, error);
  if (invite == NULL)
    return FALSE;
  if (opt_resume != NULL)
    {
      g_autofree char *saved = NULL;
      g_auto(GStrv) lines = NULL;
      g_autoptr(CaturGame) game = NULL;

      if (!g_file_get_contents (opt_resume, &saved, NULL, error))
        return FALSE;
      lines = g_strsplit (saved, "\n", -1);
      game = catur_net_play_new_game (variant, NULL);
      for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++)
        if (!catur_game_play_text (game, lines[i], error))
          return FALSE;
      g_print ("restored-at %u\n", catur_game_get_n_plies (game));
      play = catur_net_play_new_guest (variant, game, atoi (lines[0]),
                                       opt_name != NULL ? opt_name : "Friend");
      if (hidden)
        {
          g_autofree char *deal_path = g_strconcat (opt_resume, ".deal", NULL);
          g_autofree char *deal = NULL;
          g_autoptr(GBytes) bytes = NULL;
          gsize size;

          if (!g_file_get_contents (deal_path, &deal, &size, error))
            return FALSE;
          bytes = g_bytes_new_take (g_steal_pointer (&deal), size);
          if (!catur_net_play_restore_deal (play, bytes, error))
            return FALSE;
          g_print ("restored-deal\n");
        }
    }
  else
    play = catur_net_play_new_guest (variant, NULL, CATUR_SIDE_NONE,
                                     opt_name != NULL ? opt_name : "Friend");
  join ();
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  GOptionEntry entries[] = {
    { "host", 0, 0, G_OPTION_ARG_NONE, &opt_host, "Host the game", NULL },
    { "join", 0, 0, G_OPTION_ARG_NONE, &opt_join, "Join the game", NULL },
    { "game", 0, 0, G_OPTION_ARG_STRING, &opt_game, "The game's id", "ID" },
    { "link", 0, 0, G_OPTION_ARG_FILENAME, &opt_link, "The link, or a file with it", "LINK" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &opt_seed, "The moves' seed", "N" },
    { "drop-at", 0, 0, G_OPTION_ARG_INT, &opt_drop_at, "Close the connection at a ply", "PLY" },
    { "autosave", 0, 0, G_OPTION_ARG_FILENAME, &opt_autosave, "Keep the game in a file", "FILE" },
    { "kill-at", 0, 0, G_OPTION_ARG_INT, &opt_kill_at, "Be killed at a ply", "PLY" },
    { "kill-owed", 0, 0, G_OPTION_ARG_NONE, &opt_kill_owed,
      "Be killed at a flip asked, from that ply on", NULL },
    { "resume", 0, 0, G_OPTION_ARG_FILENAME, &opt_resume, "Resume a kept game", "FILE" },
    { "chat", 0, 0, G_OPTION_ARG_STRING, &opt_chat, "Say this once the game starts", "TEXT" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &opt_name, "The player's name", "NAME" },
    { "take-back-at", 0, 0, G_OPTION_ARG_INT, &opt_take_back_at,
      "Ask once to take back a move at a ply", "PLY" },
    { "allow-take-backs", 0, 0, G_OPTION_ARG_NONE, &opt_allow_take_backs,
      "Allow the other side's take-backs", NULL },
    { "allow-rematch", 0, 0, G_OPTION_ARG_NONE, &opt_allow_rematch,
      "Accept a rematch once the game is over", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- a side of a network game");
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || opt_host == opt_join
      || opt_game == NULL || opt_link == NULL)
    {
      g_printerr ("test-net-player: %s\n",
                  error != NULL ? error->message : "--host or --join, --game and --link");
      return 2;
    }
  catur_plugins_load ();
  variant = catur_plugins_find_variant (opt_game);
  if (variant == NULL)
    {
      g_printerr ("test-net-player: no game %s\n", opt_game);
      return 2;
    }
  {
    CaturGeometry geometry;

    catur_variant_get_geometry (variant, &geometry);
    hidden = geometry.has_hidden;
  }
  rand_moves = g_rand_new_with_seed (opt_seed * 2 + opt_host);
  move_trips = g_array_new (FALSE, FALSE, sizeof (gint64));
  ping_trips = g_array_new (FALSE, FALSE, sizeof (gint64));
  flip_trips = g_array_new (FALSE, FALSE, sizeof (gint64));
  resumes = g_string_new (NULL);
  loop = g_main_loop_new (NULL, FALSE);

  if (!(opt_host ? start_host (&error) : start_join (&error)))
    {
      g_printerr ("test-net-player: %s\n", error->message);
      return 1;
    }
  g_signal_connect (play, "session-started", G_CALLBACK (session_started_cb), NULL);
  g_signal_connect (play, "connection-lost", G_CALLBACK (connection_lost_cb), NULL);
  if (opt_autosave != NULL)
    g_signal_connect (play, "deal-changed", G_CALLBACK (deal_changed_cb), NULL);
  g_main_loop_run (loop);

  if (!finished)
    g_printerr ("test-net-player: the game did not end\n");
  if (host != NULL)
    catur_net_host_stop (host);
  g_clear_object (&play);
  g_clear_object (&host);
  g_clear_pointer (&invite, catur_net_invite_free);
  g_rand_free (rand_moves);
  g_array_unref (move_trips);
  g_array_unref (ping_trips);
  g_array_unref (flip_trips);
  g_string_free (resumes, TRUE);
  g_main_loop_unref (loop);
  return finished ? status : 1;
}
