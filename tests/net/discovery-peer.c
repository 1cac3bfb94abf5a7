/* discovery-peer.c: one end of the discovery test, a publisher or a browser that reports on
 * its standard output, one line an event, for tests/net/discovery.sh to wait for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   discovery-peer publish PLAYER GAME CODE PORT    offers a game until SIGTERM
 *   discovery-peer browse                           lists the games until SIGTERM
 *
 * Lines: "error CODE MESSAGE" and "ok" when the error changes; "published NAME" and
 * "unpublished"; "found NAME|HOST|ADDRESS|PORT|GAME|PLAYER|CODE|VERSION", "changed …" with the
 * same fields, and "removed NAME".
 */
#include "config.h"

#include <glib-unix.h>
#include <stdio.h>
#include <stdlib.h>

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
  else
    {
      fprintf (stderr, "usage: %s publish PLAYER GAME CODE PORT | browse\n", argv[0]);
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
  g_main_loop_unref (loop);
  return 0;
}
