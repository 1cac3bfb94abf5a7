/* discovery-peer.c: one end of the discovery test, a publisher or a browser that reports on
 * its standard output, one line an event, for tests/net/discovery.sh to wait for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   discovery-peer publish PLAYER GAME CODE PORT    offers a game until SIGTERM
 *   discovery-peer browse                           lists the games until SIGTERM
 *   discovery-peer raw NAME PORT [TXT…]             offers a _catur._tcp service with any TXT
 *                                                   strings, as a stranger's program could
 *
 * Lines: "error CODE MESSAGE" and "ok" when the error changes; "published NAME" and
 * "unpublished"; "found NAME|HOST|ADDRESS|PORT|GAME|PLAYER|CODE|VERSION", "changed …" with the
 * same fields, and "removed NAME".
 */
#include "config.h"

#include <glib-unix.h>
#include <stdio.h>
#include <stdlib.h>

#include <avahi-client/client.h>
#include <avahi-client/publish.h>
#include <avahi-common/error.h>
#include <avahi-glib/glib-watch.h>

#include "catur.h"

/* The wire protocol's version, as the test advertises it. */
#define TEST_PROTOCOL_VERSION 1

static GMainLoop *loop;
/* The games the browser listed, to name those that go. */
static GPtrArray *listed;

static void
print_error (const GError *error)
{
  if (error == NULL)
    printf ("ok\n");
  else
    printf ("error %d %s\n", error->code, error->message);
}

static void
print_game (const char        *event,
            CaturNetFoundGame *game)
{
  printf ("%s %s|%s|%s|%u|%s|%s|%s|%u\n", event,
          catur_net_found_game_get_service_name (game),
          catur_net_found_game_get_host_name (game),
          catur_net_found_game_get_address (game),
          catur_net_found_game_get_port (game),
          catur_net_found_game_get_game (game),
          catur_net_found_game_get_player_name (game),
          catur_net_found_game_get_code (game),
          catur_net_found_game_get_protocol_version (game));
}

static void
game_notify_cb (CaturNetFoundGame *game,
                GParamSpec        *pspec,
                gpointer           data)
{
  print_game ("changed", game);
}

static void
games_changed_cb (GListModel *games,
                  guint       position,
                  guint       removed,
                  guint       added,
                  gpointer    data)
{
  guint i;

  for (i = 0; i < removed; i++)
    {
      CaturNetFoundGame *game = g_ptr_array_index (listed, position + i);

      printf ("removed %s\n", catur_net_found_game_get_service_name (game));
      g_signal_handlers_disconnect_by_func (game, game_notify_cb, NULL);
    }
  g_ptr_array_remove_range (listed, position, removed);
  for (i = 0; i < added; i++)
    {
      g_autoptr(CaturNetFoundGame) game = g_list_model_get_item (games, position + i);

      print_game ("found", game);
      g_signal_connect (game, "notify", G_CALLBACK (game_notify_cb), NULL);
      g_ptr_array_insert (listed, position + i, g_object_ref (game));
    }
}

static void
browser_error_cb (CaturNetBrowser *browser,
                  GParamSpec      *pspec,
                  gpointer         data)
{
  print_error (catur_net_browser_get_error (browser));
}

static void
publisher_error_cb (CaturNetPublisher *publisher,
                    GParamSpec        *pspec,
                    gpointer           data)
{
  print_error (catur_net_publisher_get_error (publisher));
}

static void
publisher_published_cb (CaturNetPublisher *publisher,
                        GParamSpec        *pspec,
                        gpointer           data)
{
  if (catur_net_publisher_get_published (publisher))
    printf ("published %s\n", catur_net_publisher_get_service_name (publisher));
  else
    printf ("unpublished\n");
}

/* The raw service, through the daemon itself rather than CaturNetPublisher. */
typedef struct
{
  const char *name;
  guint16 port;
  char **txt;
  AvahiEntryGroup *group;
} RawService;

static void
raw_group_cb (AvahiEntryGroup      *group,
              AvahiEntryGroupState  state,
              void                 *data)
{
  if (state == AVAHI_ENTRY_GROUP_ESTABLISHED)
    printf ("published raw\n");
  else if (state == AVAHI_ENTRY_GROUP_COLLISION || state == AVAHI_ENTRY_GROUP_FAILURE)
    printf ("error raw %d\n", (int) state);
}

static void
raw_client_cb (AvahiClient      *client,
               AvahiClientState  state,
               void             *data)
{
  RawService *raw = data;
  AvahiStringList *txt = NULL;
  int result;
  guint i;

  if (state != AVAHI_CLIENT_S_RUNNING || raw->group != NULL)
    return;
  for (i = 0; raw->txt[i] != NULL; i++)
    txt = avahi_string_list_add (txt, raw->txt[i]);
  raw->group = avahi_entry_group_new (client, raw_group_cb, raw);
  result = avahi_entry_group_add_service_strlst (raw->group, AVAHI_IF_UNSPEC,
                                                 AVAHI_PROTO_UNSPEC, 0, raw->name,
                                                 CATUR_NET_DISCOVERY_SERVICE_TYPE, NULL, NULL,
                                                 raw->port, txt);
  if (result >= 0)
    result = avahi_entry_group_commit (raw->group);
  if (result < 0)
    printf ("error raw %s\n", avahi_strerror (result));
  avahi_string_list_free (txt);
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CaturNetBrowser) browser = NULL;
  g_autoptr(CaturNetPublisher) publisher = NULL;
  AvahiGLibPoll *poll = NULL;
  AvahiClient *client = NULL;
  RawService raw = { NULL, };

  setvbuf (stdout, NULL, _IOLBF, 0);
  loop = g_main_loop_new (NULL, FALSE);
  g_unix_signal_add (SIGTERM, quit_cb, NULL);
  g_unix_signal_add (SIGINT, quit_cb, NULL);

  if (argc == 6 && g_str_equal (argv[1], "publish"))
    {
      publisher = catur_net_publisher_new (argv[2], argv[3], argv[4], atoi (argv[5]),
                                           TEST_PROTOCOL_VERSION);
      g_signal_connect (publisher, "notify::error", G_CALLBACK (publisher_error_cb), NULL);
      g_signal_connect (publisher, "notify::published", G_CALLBACK (publisher_published_cb),
                        NULL);
      print_error (catur_net_publisher_get_error (publisher));
    }
  else if (argc == 2 && g_str_equal (argv[1], "browse"))
    {
      listed = g_ptr_array_new_with_free_func (g_object_unref);
      browser = catur_net_browser_new ();
      g_signal_connect (catur_net_browser_get_games (browser), "items-changed",
                        G_CALLBACK (games_changed_cb), NULL);
      g_signal_connect (browser, "notify::error", G_CALLBACK (browser_error_cb), NULL);
      print_error (catur_net_browser_get_error (browser));
    }
  else if (argc >= 4 && g_str_equal (argv[1], "raw"))
    {
      int avahi_error = 0;

      raw.name = argv[2];
      raw.port = atoi (argv[3]);
      raw.txt = argv + 4;
      poll = avahi_glib_poll_new (NULL, G_PRIORITY_DEFAULT);
      client = avahi_client_new (avahi_glib_poll_get (poll), 0, raw_client_cb, &raw,
                                 &avahi_error);
      if (client == NULL)
        {
          printf ("error raw %s\n", avahi_strerror (avahi_error));
          return 1;
        }
    }
  else
    {
      fprintf (stderr, "usage: %s publish PLAYER GAME CODE PORT | browse"
               " | raw NAME PORT [TXT…]\n", argv[0]);
      return 2;
    }

  g_main_loop_run (loop);
  if (publisher != NULL)
    {
      catur_net_publisher_stop (publisher);
      printf ("stopped\n");
    }
  if (browser != NULL)
    {
      g_signal_handlers_disconnect_by_func (catur_net_browser_get_games (browser),
                                            games_changed_cb, NULL);
      g_clear_pointer (&listed, g_ptr_array_unref);
    }
  if (client != NULL)
    avahi_client_free (client);
  if (poll != NULL)
    avahi_glib_poll_free (poll);
  g_main_loop_unref (loop);
  return 0;
}
