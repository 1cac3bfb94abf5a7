/* test-net-discovery.c: what the network games list says without an Avahi daemon, and what a
 * publisher advertises as its name. The daemons themselves: tests/net/discovery.sh.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "catur.h"

/* Runs the main context until @error_of says something, for at most two seconds. */
static gboolean
wait_for_error (const GError *(*error_of) (gpointer),
                gpointer       object)
{
  gint64 end = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

  while (error_of (object) == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return error_of (object) != NULL;
}

/* Without Avahi built in, both say so instead. */
#if HAVE_AVAHI
#define EXPECTED_CODE CATUR_NET_DISCOVERY_ERROR_NO_DAEMON
#define EXPECTED_REASON "because the Avahi service (avahi-daemon) is not running. "
#else
#define EXPECTED_CODE CATUR_NET_DISCOVERY_ERROR_NOT_BUILT
#define EXPECTED_REASON "because this copy of Catur was built without Avahi. "
#endif

static void
check_no_daemon (void)
{
  g_autoptr(CaturNetBrowser) browser = catur_net_browser_new ();
  g_autoptr(CaturNetPublisher) publisher =
    catur_net_publisher_new ("Budi", "xiangqi", "K7M2", 45678, 1);
  const GError *error;

  g_assert_true (wait_for_error ((gpointer) catur_net_browser_get_error, browser));
  error = catur_net_browser_get_error (browser);
  g_assert_error (error, CATUR_NET_DISCOVERY_ERROR, EXPECTED_CODE);
  g_assert_cmpstr (error->message, ==, "Games on the local network cannot be listed "
                   EXPECTED_REASON "A game can still be joined with its invitation link.");
  g_assert_cmpuint (g_list_model_get_n_items (catur_net_browser_get_games (browser)), ==, 0);
  g_assert_null (catur_net_browser_find_code (browser, "K7M2"));

  g_assert_true (wait_for_error ((gpointer) catur_net_publisher_get_error, publisher));
  error = catur_net_publisher_get_error (publisher);
  g_assert_error (error, CATUR_NET_DISCOVERY_ERROR, EXPECTED_CODE);
  g_assert_cmpstr (error->message, ==, "This game cannot be listed on the local network "
                   EXPECTED_REASON "Your friend can still join with the invitation link.");
  g_assert_false (catur_net_publisher_get_published (publisher));
}

/* A system bus that is not there at all. */
static void
test_no_bus (void)
{
  g_autofree char *address = g_strdup_printf ("unix:path=%s/catur-no-such-bus-%d",
                                              g_get_tmp_dir (), (int) getpid ());

  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", address, TRUE);
  check_no_daemon ();
}

/* A system bus of its own, on which no Avahi runs. */
static void
test_no_avahi_on_bus (void)
{
  g_autoptr(GTestDBus) bus = g_test_dbus_new (G_TEST_DBUS_NONE);

  g_test_dbus_up (bus);
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", g_test_dbus_get_bus_address (bus), TRUE);
  check_no_daemon ();
  g_test_dbus_down (bus);
}

/* The instance name is the player's name, shown clean and cut to a DNS label. */
static void
test_service_name (void)
{
  static const struct
  {
    const char *player;
    const char *service;
  } cases[] = {
    { "Budi Santoso", "Budi Santoso" },
    { "  Siti\tNurhaliza \n", "Siti Nurhaliza" },
    { "", "Catur" },
    { "   ", "Catur" },
    /* 21 three-byte characters are 63 bytes; the 22nd does not fit. */
    { "象棋象棋象棋象棋象棋象棋象棋象棋象棋象棋象棋", "象棋象棋象棋象棋象棋象棋象棋象棋象棋象棋象" },
  };
  g_autofree char *address = g_strdup_printf ("unix:path=%s/catur-no-such-bus-%d",
                                              g_get_tmp_dir (), (int) getpid ());
  guint i;

  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", address, TRUE);
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CaturNetPublisher) publisher =
        catur_net_publisher_new (cases[i].player, "shogi", NULL, 1234, 1);

      g_assert_cmpstr (catur_net_publisher_get_service_name (publisher), ==, cases[i].service);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net-discovery/no-bus", test_no_bus);
  g_test_add_func ("/net-discovery/no-avahi-on-bus", test_no_avahi_on_bus);
  g_test_add_func ("/net-discovery/service-name", test_service_name);
  return g_test_run ();
}
