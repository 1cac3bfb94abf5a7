/* test-net-peer.c: a friend in another process, for test-net-transport
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-net-peer LINK ROUNDS: joins the game of LINK, sends ROUNDS small frames one after the
 * other, each when the host's echo of the one before came back, then a last frame with what it
 * measured ("stats JOIN_US MEDIAN_US" and the bytes sent and received by the
 * end of the join, then by the end of the rounds), and exits 0 once the host
 * closes the connection. Any failure exits 1 with the reason on stderr, a frame that is not the
 * echo it waits for included (so a keepalive taken for a frame fails it).
 *
 * test-net-peer LINK ROUNDS INTERVAL_MS LIMIT_MS: the same with this heartbeat
 * (catur_net_connection_set_heartbeat()), for the tests that stop it or keep it idle.
 */
#include "config.h"

#include <linux/tcp.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <catur.h>

static GMainLoop *loop;
static CaturNetConnection *connection;
static guint rounds, done_rounds;
static guint interval_ms, limit_ms;
static gint64 sent_at, join_us;
static guint64 join_sent, join_received;
static GArray *round_trips;
static int status = 1;

static void
fail (const char *what,
      GError     *error)
{
  g_printerr ("test-net-peer: %s: %s\n", what, error != NULL ? error->message : "?");
  g_main_loop_quit (loop);
}

static int
compare_times (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* What TCP counted on this connection so far, TLS and the proof included. */
static void
count_bytes (guint64 *sent,
             guint64 *received)
{
  GIOStream *tls = catur_net_connection_get_stream (connection);
  g_autoptr(GIOStream) base = NULL;
  struct tcp_info info = { 0 };
  socklen_t size = sizeof info;

  *sent = *received = 0;
  g_object_get (tls, "base-io-stream", &base, NULL);
  if (G_IS_SOCKET_CONNECTION (base)
      && getsockopt (g_socket_get_fd (g_socket_connection_get_socket (G_SOCKET_CONNECTION (base))),
                     IPPROTO_TCP, TCP_INFO, &info, &size) == 0)
    {
      *sent = info.tcpi_bytes_acked;
      *received = info.tcpi_bytes_received;
    }
}

static void
send_text (const char *text)
{
  g_autoptr(GBytes) frame = g_bytes_new (text, strlen (text));
  g_autoptr(GError) error = NULL;

  if (!catur_net_connection_send (connection, frame, &error))
    fail ("send", error);
}

static void
send_round (void)
{
  g_autofree char *text = g_strdup_printf ("ping %u", done_rounds);

  sent_at = g_get_monotonic_time ();
  send_text (text);
}

static void
frame_received (CaturNetConnection *self,
                GBytes             *frame,
                gpointer            user_data)
{
  g_autofree char *expected = g_strdup_printf ("echo ping %u", done_rounds);
  gint64 elapsed = g_get_monotonic_time () - sent_at;
  gsize size;
  const char *data = g_bytes_get_data (frame, &size);

  if (done_rounds >= rounds)
    {
      fail ("a frame after the last echo", NULL);
      return;
    }
  if (size != strlen (expected) || memcmp (data, expected, size) != 0)
    {
      fail ("a wrong echo", NULL);
      return;
    }
  g_array_append_val (round_trips, elapsed);
  if (++done_rounds < rounds)
    {
      send_round ();
      return;
    }

  {
    g_autofree char *stats = NULL;
    guint64 sent, received;

    g_array_sort (round_trips, compare_times);
    count_bytes (&sent, &received);
    stats = g_strdup_printf ("stats %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %"
                             G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %"
                             G_GUINT64_FORMAT, join_us,
                             g_array_index (round_trips, gint64, round_trips->len / 2),
                             join_sent, join_received, sent, received);
    send_text (stats);
  }
}

static void
connection_lost (CaturNetConnection *self,
                 GError             *error,
                 gpointer            user_data)
{
  if (done_rounds == rounds
      && g_error_matches (error, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_CLOSED))
    status = 0;
  else
    fail ("connection lost", error);
  g_main_loop_quit (loop);
}

static void
joined (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  gint64 started = GPOINTER_TO_SIZE (user_data);
  g_autoptr(GError) error = NULL;

  connection = catur_net_join_finish (result, &error);
  if (connection == NULL)
    {
      fail ("join", error);
      return;
    }
  join_us = g_get_monotonic_time () - started;
  if (interval_ms > 0)
    catur_net_connection_set_heartbeat (connection, interval_ms, limit_ms);
  count_bytes (&join_sent, &join_received);
  g_signal_connect (connection, "frame-received", G_CALLBACK (frame_received), NULL);
  g_signal_connect (connection, "connection-lost", G_CALLBACK (connection_lost), NULL);
  send_round ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autoptr(GError) error = NULL;

  if (argc != 3 && argc != 5)
    {
      g_printerr ("usage: test-net-peer LINK ROUNDS [INTERVAL_MS LIMIT_MS]\n");
      return 2;
    }
  if (argc == 5)
    {
      interval_ms = atoi (argv[3]);
      limit_ms = atoi (argv[4]);
      if (interval_ms == 0 || limit_ms <= interval_ms)
        {
          g_printerr ("test-net-peer: the limit must be longer than the interval\n");
          return 2;
        }
    }
  invite = catur_net_invite_parse (argv[1], &error);
  if (invite == NULL)
    {
      g_printerr ("test-net-peer: %s\n", error->message);
      return 1;
    }
  rounds = MAX (1, atoi (argv[2]));
  round_trips = g_array_new (FALSE, FALSE, sizeof (gint64));
  loop = g_main_loop_new (NULL, FALSE);
  catur_net_join_async (invite, NULL, joined, GSIZE_TO_POINTER (g_get_monotonic_time ()));
  g_main_loop_run (loop);

  if (connection != NULL)
    catur_net_connection_close (connection);
  g_clear_object (&connection);
  g_array_unref (round_trips);
  g_main_loop_unref (loop);
  return status;
}
