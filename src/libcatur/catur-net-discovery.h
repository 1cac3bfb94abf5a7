/* catur-net-discovery.h: games offered on the local network, published and found by DNS-SD
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
#error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * CATUR_NET_DISCOVERY_SERVICE_TYPE:
 *
 * The DNS-SD service type of a game offered by Catur.
 */
#define CATUR_NET_DISCOVERY_SERVICE_TYPE "_catur._tcp"

#define CATUR_NET_DISCOVERY_ERROR (catur_net_discovery_error_quark ())

/**
 * CaturNetDiscoveryError:
 * @CATUR_NET_DISCOVERY_ERROR_NO_DAEMON: the Avahi daemon (or the system bus it talks on) is
 *   not running; publishing and browsing start by themselves when it does
 * @CATUR_NET_DISCOVERY_ERROR_NOT_BUILT: this copy of Catur was built without Avahi
 * @CATUR_NET_DISCOVERY_ERROR_FAILED: the daemon refused
 *
 * Why games cannot be published or listed. The messages are meant for the player.
 */
typedef enum
{
  CATUR_NET_DISCOVERY_ERROR_NO_DAEMON,
  CATUR_NET_DISCOVERY_ERROR_NOT_BUILT,
  CATUR_NET_DISCOVERY_ERROR_FAILED,
} CaturNetDiscoveryError;

GQuark catur_net_discovery_error_quark (void);

#define CATUR_TYPE_NET_FOUND_GAME (catur_net_found_game_get_type ())
G_DECLARE_FINAL_TYPE (CaturNetFoundGame, catur_net_found_game, CATUR, NET_FOUND_GAME, GObject)

const char     *catur_net_found_game_get_service_name     (CaturNetFoundGame *self);
const char     *catur_net_found_game_get_host_name        (CaturNetFoundGame *self);
const char     *catur_net_found_game_get_address          (CaturNetFoundGame *self);
guint16         catur_net_found_game_get_port             (CaturNetFoundGame *self);
GSocketAddress *catur_net_found_game_dup_socket_address   (CaturNetFoundGame *self);
const char     *catur_net_found_game_get_game             (CaturNetFoundGame *self);
const char     *catur_net_found_game_get_player_name      (CaturNetFoundGame *self);
const char     *catur_net_found_game_get_code             (CaturNetFoundGame *self);
guint           catur_net_found_game_get_protocol_version (CaturNetFoundGame *self);
gboolean        catur_net_found_game_is_local             (CaturNetFoundGame *self);

#define CATUR_TYPE_NET_BROWSER (catur_net_browser_get_type ())
G_DECLARE_FINAL_TYPE (CaturNetBrowser, catur_net_browser, CATUR, NET_BROWSER, GObject)

CaturNetBrowser   *catur_net_browser_new       (void);
GListModel        *catur_net_browser_get_games (CaturNetBrowser *self);
const GError      *catur_net_browser_get_error (CaturNetBrowser *self);
CaturNetFoundGame *catur_net_browser_find_code (CaturNetBrowser *self,
                                                const char      *code);

#define CATUR_TYPE_NET_PUBLISHER (catur_net_publisher_get_type ())
G_DECLARE_FINAL_TYPE (CaturNetPublisher, catur_net_publisher, CATUR, NET_PUBLISHER, GObject)

CaturNetPublisher *catur_net_publisher_new              (const char        *player_name,
                                                         const char        *game,
                                                         const char        *code,
                                                         guint16            port,
                                                         guint              protocol_version);
const char        *catur_net_publisher_get_service_name (CaturNetPublisher *self);
gboolean           catur_net_publisher_get_published    (CaturNetPublisher *self);
const GError      *catur_net_publisher_get_error        (CaturNetPublisher *self);
void               catur_net_publisher_stop             (CaturNetPublisher *self);

G_END_DECLS
