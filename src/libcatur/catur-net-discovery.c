/* catur-net-discovery.c: games offered on the local network, published and found by DNS-SD
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A hosted game is a DNS-SD service of type _catur._tcp, published through the Avahi daemon
 * on the system bus. Its instance name is the host player's name, and its TXT record holds the
 * protocol version, the game id, that name again (the instance name may get a " #2" on a
 * collision) and the short invitation code, which a joiner types to find the game. Nothing
 * else about the player is advertised; the machine's host name and address are what mDNS
 * publishes anyway.
 *
 * Avahi reports a service once for each interface and address family it is seen on: each
 * such sighting is resolved on its own, and the list shows one game for each instance name,
 * with the address of its best sighting (IPv4 first: an IPv6 link-local address needs its
 * interface), until the last sighting goes.
 *
 * The daemon may be missing, or go away and come back (a restart, a package upgrade): the
 * client is made with AVAHI_CLIENT_NO_FAIL, so that it waits for the daemon instead of
 * failing, and is made again when the daemon leaves. Meanwhile the object holds a GError whose
 * message says why no game is listed or published, for the dialog to show.
 */
#define G_LOG_DOMAIN "catur-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#if HAVE_AVAHI
#include <net/if.h>
#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-glib/glib-watch.h>
#endif

#include "catur.h"

/* The keys of the TXT record. */
#define TXT_PROTOCOL "proto"
#define TXT_GAME "game"
#define TXT_PLAYER "player"
#define TXT_CODE "code"

/* A TXT string holds 255 bytes with its key; a DNS label, the instance name, 63. */
#define MAX_PLAYER_BYTES 200
#define MAX_SERVICE_NAME_BYTES 63
#define MAX_GAME_BYTES 32
#define MAX_CODE_BYTES 64
/* Renames tried when the name is taken by services of this very daemon. */
#define MAX_RENAMES 50
/* When the system bus itself is missing nothing tells when it comes: look again this often. */
#define RETRY_SECONDS 3

G_DEFINE_QUARK (catur-net-discovery-error-quark, catur_net_discovery_error)

/* The longest start of @text, in whole characters, that fits in @max_bytes. */
static char *
utf8_prefix (const char *text,
             gsize       max_bytes)
{
  const char *end = text;

  while (*end != '\0')
    {
      const char *next = g_utf8_next_char (end);

      if ((gsize) (next - text) > max_bytes)
        break;
      end = next;
    }
  return g_strndup (text, end - text);
}

/* What a player typed or a peer sent, made safe to show: valid UTF-8, no control characters,
 * no spaces around, at most @max_bytes. */
static char *
clean_text (const char *text,
            gssize      length,
            gsize       max_bytes)
{
  g_autofree char *valid = g_utf8_make_valid (text, length);
  g_autoptr(GString) shown = g_string_new (NULL);
  const char *p;

  for (p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_string_append_unichar (shown, g_unichar_iscntrl (c) ? ' ' : c);
    }
  g_strstrip (shown->str);
  return utf8_prefix (shown->str, max_bytes);
}

/* A game id is a plugin's: lower-case ASCII letters, digits, '-' and '_'. */
static gboolean
is_game_id (const char *id)
{
  const char *p;

  if (id == NULL || *id == '\0' || strlen (id) > MAX_GAME_BYTES)
    return FALSE;
  for (p = id; *p != '\0'; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

/* An invitation code is printable ASCII, as it is read aloud and typed. */
static gboolean
is_code (const char *code)
{
  const char *p;

  if (code == NULL || strlen (code) > MAX_CODE_BYTES)
    return FALSE;
  for (p = code; *p != '\0'; p++)
    if (!g_ascii_isgraph (*p) && *p != ' ')
      return FALSE;
  return TRUE;
}

/* Codes compare as a player types them: any case, with or without spaces and dashes. */
static char *
code_key (const char *code)
{
  GString *key = g_string_new (NULL);
  const char *p;

  for (p = code; *p != '\0'; p++)
    if (*p != ' ' && *p != '-')
      g_string_append_c (key, g_ascii_tolower (*p));
  return g_string_free (key, FALSE);
}

#if HAVE_AVAHI
/* Replaces *@slot by @error (taken), and says whether the player would see a change. */
static gboolean
replace_error (GError **slot,
               GError  *error)
{
  gboolean same;

  if (*slot == NULL || error == NULL)
    same = *slot == error;
  else
    same = (*slot)->domain == error->domain && (*slot)->code == error->code
           && g_strcmp0 ((*slot)->message, error->message) == 0;
  g_clear_error (slot);
  *slot = error;
  return !same;
}

#endif

/* The player's sentences, one for the joiner's list and one for the host. */
typedef enum
{
  ROLE_BROWSE,
  ROLE_PUBLISH,
} Role;

static GError *
discovery_error (Role        role,
                 int         code,
                 const char *detail)
{
  switch (code)
    {
    case CATUR_NET_DISCOVERY_ERROR_NO_DAEMON:
      return g_error_new_literal (CATUR_NET_DISCOVERY_ERROR, code, role == ROLE_BROWSE
        ? _("Games on the local network cannot be listed because the Avahi service "
            "(avahi-daemon) is not running. A game can still be joined with its invitation "
            "link.")
        : _("This game cannot be listed on the local network because the Avahi service "
            "(avahi-daemon) is not running. Your friend can still join with the invitation "
            "link."));
    case CATUR_NET_DISCOVERY_ERROR_NOT_BUILT:
      return g_error_new_literal (CATUR_NET_DISCOVERY_ERROR, code, role == ROLE_BROWSE
        ? _("Games on the local network cannot be listed because this copy of Catur was "
            "built without Avahi. A game can still be joined with its invitation link.")
        : _("This game cannot be listed on the local network because this copy of Catur "
            "was built without Avahi. Your friend can still join with the invitation link."));
    default:
      /* TRANSLATORS: the end is Avahi's own reason, in English */
      return g_error_new (CATUR_NET_DISCOVERY_ERROR, code, role == ROLE_BROWSE
                          ? _("Games on the local network cannot be listed: %s")
                          : _("This game cannot be listed on the local network: %s"),
                          detail);
    }
}

/* CaturNetFoundGame */

struct _CaturNetFoundGame
{
  GObject parent_instance;

  char *service_name;
  char *domain;
  char *host_name;
  char *address;
  guint16 port;
  GSocketAddress *socket_address;
  char *game;
  char *player_name;
  char *code;
  guint protocol_version;
  gboolean local;
};

G_DEFINE_FINAL_TYPE (CaturNetFoundGame, catur_net_found_game, G_TYPE_OBJECT)

enum
{
  GAME_PROP_0,
  GAME_PROP_SERVICE_NAME,
  GAME_PROP_HOST_NAME,
  GAME_PROP_ADDRESS,
  GAME_PROP_PORT,
  GAME_PROP_GAME,
  GAME_PROP_PLAYER_NAME,
  GAME_PROP_CODE,
  GAME_PROP_PROTOCOL_VERSION,
  GAME_PROP_LOCAL,
  N_GAME_PROPS
};

static GParamSpec *game_props[N_GAME_PROPS];

static void
catur_net_found_game_finalize (GObject *object)
{
  CaturNetFoundGame *self = CATUR_NET_FOUND_GAME (object);

  g_free (self->service_name);
  g_free (self->domain);
  g_free (self->host_name);
  g_free (self->address);
  g_clear_object (&self->socket_address);
  g_free (self->game);
  g_free (self->player_name);
  g_free (self->code);
  G_OBJECT_CLASS (catur_net_found_game_parent_class)->finalize (object);
}

static void
catur_net_found_game_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  CaturNetFoundGame *self = CATUR_NET_FOUND_GAME (object);

  switch (prop_id)
    {
    case GAME_PROP_SERVICE_NAME:
      g_value_set_string (value, self->service_name);
      break;
    case GAME_PROP_HOST_NAME:
      g_value_set_string (value, self->host_name);
      break;
    case GAME_PROP_ADDRESS:
      g_value_set_string (value, self->address);
      break;
    case GAME_PROP_PORT:
      g_value_set_uint (value, self->port);
      break;
    case GAME_PROP_GAME:
      g_value_set_string (value, self->game);
      break;
    case GAME_PROP_PLAYER_NAME:
      g_value_set_string (value, self->player_name);
      break;
    case GAME_PROP_CODE:
      g_value_set_string (value, self->code);
      break;
    case GAME_PROP_PROTOCOL_VERSION:
      g_value_set_uint (value, self->protocol_version);
      break;
    case GAME_PROP_LOCAL:
      g_value_set_boolean (value, self->local);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_net_found_game_class_init (CaturNetFoundGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = catur_net_found_game_finalize;
  object_class->get_property = catur_net_found_game_get_property;

  /**
   * CaturNetFoundGame:service-name:
   *
   * The DNS-SD instance name: the host player's name, with " #2" and so on after a collision.
   */
  game_props[GAME_PROP_SERVICE_NAME] =
    g_param_spec_string ("service-name", NULL, NULL, NULL, flags);
  /**
   * CaturNetFoundGame:host-name:
   *
   * The host's mDNS name, such as "budi-laptop.local".
   */
  game_props[GAME_PROP_HOST_NAME] = g_param_spec_string ("host-name", NULL, NULL, NULL, flags);
  /**
   * CaturNetFoundGame:address:
   *
   * The host's address as text; an IPv6 link-local one ends with "%" and its interface.
   */
  game_props[GAME_PROP_ADDRESS] = g_param_spec_string ("address", NULL, NULL, NULL, flags);
  game_props[GAME_PROP_PORT] = g_param_spec_uint ("port", NULL, NULL, 0, G_MAXUINT16, 0, flags);
  /**
   * CaturNetFoundGame:game:
   *
   * The id of the game played, as its plugin names it.
   */
  game_props[GAME_PROP_GAME] = g_param_spec_string ("game", NULL, NULL, NULL, flags);
  game_props[GAME_PROP_PLAYER_NAME] =
    g_param_spec_string ("player-name", NULL, NULL, NULL, flags);
  /**
   * CaturNetFoundGame:code:
   *
   * The short invitation code, or "" when the host gave none.
   */
  game_props[GAME_PROP_CODE] = g_param_spec_string ("code", NULL, NULL, NULL, flags);
  /**
   * CaturNetFoundGame:protocol-version:
   *
   * The version of the network protocol the host speaks.
   */
  game_props[GAME_PROP_PROTOCOL_VERSION] =
    g_param_spec_uint ("protocol-version", NULL, NULL, 0, G_MAXUINT16, 0, flags);
  /**
   * CaturNetFoundGame:local:
   *
   * Whether the game is published by this very computer.
   */
  game_props[GAME_PROP_LOCAL] = g_param_spec_boolean ("local", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_GAME_PROPS, game_props);
}

static void
catur_net_found_game_init (CaturNetFoundGame *self)
{
}

const char *
catur_net_found_game_get_service_name (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), NULL);
  return self->service_name;
}

const char *
catur_net_found_game_get_host_name (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), NULL);
  return self->host_name;
}

const char *
catur_net_found_game_get_address (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), NULL);
  return self->address;
}

guint16
catur_net_found_game_get_port (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), 0);
  return self->port;
}

/**
 * catur_net_found_game_dup_socket_address:
 * @self: a game found
 *
 * Returns: (transfer full) (nullable): the address and port to connect to
 */
GSocketAddress *
catur_net_found_game_dup_socket_address (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), NULL);
  return self->socket_address != NULL ? g_object_ref (self->socket_address) : NULL;
}

const char *
catur_net_found_game_get_game (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), NULL);
  return self->game;
}

const char *
catur_net_found_game_get_player_name (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), NULL);
  return self->player_name;
}

const char *
catur_net_found_game_get_code (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), NULL);
  return self->code;
}

guint
catur_net_found_game_get_protocol_version (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), 0);
  return self->protocol_version;
}

gboolean
catur_net_found_game_is_local (CaturNetFoundGame *self)
{
  g_return_val_if_fail (CATUR_IS_NET_FOUND_GAME (self), FALSE);
  return self->local;
}

#if HAVE_AVAHI

static void
set_string (CaturNetFoundGame *self,
            char             **field,
            const char        *value,
            guint              prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), game_props[prop]);
}

static void
set_uint (CaturNetFoundGame *self,
          guint             *field,
          guint              value,
          guint              prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), game_props[prop]);
}

/* Makes @self say what @from says, notifying what changes. */
static void
found_game_update (CaturNetFoundGame *self,
                   CaturNetFoundGame *from)
{
  guint port = self->port;

  g_object_freeze_notify (G_OBJECT (self));
  set_string (self, &self->service_name, from->service_name, GAME_PROP_SERVICE_NAME);
  set_string (self, &self->host_name, from->host_name, GAME_PROP_HOST_NAME);
  set_string (self, &self->address, from->address, GAME_PROP_ADDRESS);
  set_uint (self, &port, from->port, GAME_PROP_PORT);
  self->port = port;
  set_string (self, &self->game, from->game, GAME_PROP_GAME);
  set_string (self, &self->player_name, from->player_name, GAME_PROP_PLAYER_NAME);
  set_string (self, &self->code, from->code, GAME_PROP_CODE);
  set_uint (self, &self->protocol_version, from->protocol_version,
            GAME_PROP_PROTOCOL_VERSION);
  if (self->local != from->local)
    {
      self->local = from->local;
      g_object_notify_by_pspec (G_OBJECT (self), game_props[GAME_PROP_LOCAL]);
    }
  g_set_object (&self->socket_address, from->socket_address);
  g_free (self->domain);
  self->domain = g_strdup (from->domain);
  g_object_thaw_notify (G_OBJECT (self));
}


/* The client of the Avahi daemon, remade whenever the daemon leaves. */

typedef enum
{
  CONNECTION_RUNNING,
  CONNECTION_REGISTERING,
  CONNECTION_NO_DAEMON,
  CONNECTION_FAILED,
} ConnectionState;

typedef struct
{
  GMainContext *context;
  AvahiGLibPoll *poll;
  AvahiClient *client;
  GSource *retry;
  /* Told every change; on anything but RUNNING and REGISTERING the owner lets go of the
   * entry groups and browsers it made with @client. */
  void (*changed) (gpointer         owner,
                   AvahiClient     *client,
                   ConnectionState  state,
                   int              avahi_error);
  gpointer owner;
} Connection;

static void connection_open (Connection *conn);

static gboolean
connection_retry (gpointer data)
{
  Connection *conn = data;

  g_clear_pointer (&conn->retry, g_source_unref);
  connection_open (conn);
  return G_SOURCE_REMOVE;
}

static void
connection_schedule (Connection *conn,
                     guint       seconds)
{
  if (conn->retry != NULL)
    return;
  conn->retry = seconds > 0 ? g_timeout_source_new_seconds (seconds) : g_idle_source_new ();
  g_source_set_callback (conn->retry, connection_retry, conn, NULL);
  g_source_attach (conn->retry, conn->context);
}

static void
connection_client_cb (AvahiClient      *client,
                      AvahiClientState  state,
                      void             *data)
{
  Connection *conn = data;
  int avahi_error;

  /* The first call may come from within avahi_client_new(), before it returns the client. */
  conn->client = client;
  switch (state)
    {
    case AVAHI_CLIENT_S_RUNNING:
      conn->changed (conn->owner, client, CONNECTION_RUNNING, 0);
      break;
    case AVAHI_CLIENT_S_REGISTERING:
    case AVAHI_CLIENT_S_COLLISION:
      conn->changed (conn->owner, client, CONNECTION_REGISTERING, 0);
      break;
    case AVAHI_CLIENT_CONNECTING:
      conn->changed (conn->owner, client, CONNECTION_NO_DAEMON, AVAHI_ERR_NO_DAEMON);
      break;
    case AVAHI_CLIENT_FAILURE:
    default:
      avahi_error = avahi_client_errno (client);
      g_debug ("Avahi client failed: %s", avahi_strerror (avahi_error));
      conn->changed (conn->owner, client,
                     avahi_error == AVAHI_ERR_DISCONNECTED ? CONNECTION_NO_DAEMON
                                                           : CONNECTION_FAILED,
                     avahi_error);
      /* This client is done: a new one waits for the daemon to come back. Not from here,
       * which may be inside avahi_client_new(). */
      connection_schedule (conn, avahi_error == AVAHI_ERR_DISCONNECTED ? 0 : RETRY_SECONDS);
      break;
    }
}

static void
connection_open (Connection *conn)
{
  int avahi_error = 0;

  g_clear_pointer (&conn->client, avahi_client_free);
  conn->client = avahi_client_new (avahi_glib_poll_get (conn->poll), AVAHI_CLIENT_NO_FAIL,
                                   connection_client_cb, conn, &avahi_error);
  if (conn->client == NULL)
    {
      /* No system bus, or one that refuses us. */
      g_debug ("No Avahi client: %s", avahi_strerror (avahi_error));
      conn->changed (conn->owner, NULL,
                     avahi_error == AVAHI_ERR_NO_DAEMON || avahi_error == AVAHI_ERR_DBUS_ERROR
                     || avahi_error == AVAHI_ERR_DISCONNECTED ? CONNECTION_NO_DAEMON
                                                              : CONNECTION_FAILED,
                     avahi_error);
      connection_schedule (conn, RETRY_SECONDS);
    }
}

static void
connection_init (Connection *conn,
                 gpointer    owner,
                 void (*changed) (gpointer, AvahiClient *, ConnectionState, int))
{
  conn->owner = owner;
  conn->changed = changed;
  conn->context = g_main_context_ref_thread_default ();
  conn->poll = avahi_glib_poll_new (conn->context, G_PRIORITY_DEFAULT);
  connection_open (conn);
}

static void
connection_close (Connection *conn)
{
  if (conn->retry != NULL)
    {
      g_source_destroy (conn->retry);
      g_clear_pointer (&conn->retry, g_source_unref);
    }
  g_clear_pointer (&conn->client, avahi_client_free);
  g_clear_pointer (&conn->poll, avahi_glib_poll_free);
  g_clear_pointer (&conn->context, g_main_context_unref);
}

static int
connection_error_code (ConnectionState state)
{
  return state == CONNECTION_NO_DAEMON ? CATUR_NET_DISCOVERY_ERROR_NO_DAEMON
                                       : CATUR_NET_DISCOVERY_ERROR_FAILED;
}

#endif /* HAVE_AVAHI */

/* CaturNetBrowser */

struct _CaturNetBrowser
{
  GObject parent_instance;

  GListStore *games;
  GError *error;
#if HAVE_AVAHI
  Connection conn;
  AvahiServiceBrowser *browser;
  /* One service seen on one interface and address family, by sighting_key(). */
  GHashTable *sightings;
#endif
};

G_DEFINE_FINAL_TYPE (CaturNetBrowser, catur_net_browser, G_TYPE_OBJECT)

enum
{
  BROWSER_PROP_0,
  BROWSER_PROP_ERROR,
  N_BROWSER_PROPS
};

static GParamSpec *browser_props[N_BROWSER_PROPS];

#if HAVE_AVAHI

static void
browser_set_error (CaturNetBrowser *self,
                   GError          *error)
{
  if (replace_error (&self->error, error))
    g_object_notify_by_pspec (G_OBJECT (self), browser_props[BROWSER_PROP_ERROR]);
}


typedef struct
{
  CaturNetBrowser *browser;
  AvahiServiceResolver *resolver;
  AvahiProtocol protocol;
  AvahiIfIndex interface;
  char *name;
  char *domain;
  /* What the last resolution said, when it was a Catur game. */
  CaturNetFoundGame *found;
} Sighting;

static void
sighting_free (Sighting *sighting)
{
  g_clear_pointer (&sighting->resolver, avahi_service_resolver_free);
  g_clear_object (&sighting->found);
  g_free (sighting->name);
  g_free (sighting->domain);
  g_free (sighting);
}

static char *
sighting_key (AvahiIfIndex  interface,
              AvahiProtocol protocol,
              const char   *name,
              const char   *domain)
{
  return g_strdup_printf ("%d/%d/%s\n%s", interface, protocol, name, domain);
}

/* The value of @key in @txt, NULL if absent. */
static char *
txt_value (AvahiStringList *txt,
           const char      *key,
           gsize            max_bytes)
{
  AvahiStringList *item = avahi_string_list_find (txt, key);
  char *value = NULL;
  char *result;
  size_t size = 0;

  if (item == NULL || avahi_string_list_get_pair (item, NULL, &value, &size) < 0)
    return NULL;
  result = value != NULL ? clean_text (value, size, max_bytes) : g_strdup ("");
  avahi_free (value);
  return result;
}

/* A game made of what a resolution found, or NULL if it is no Catur game. */
static CaturNetFoundGame *
found_game_new_resolved (AvahiIfIndex           interface,
                         const char            *name,
                         const char            *domain,
                         const char            *host_name,
                         const AvahiAddress    *address,
                         guint16                port,
                         AvahiStringList       *txt,
                         gboolean               local)
{
  g_autoptr(CaturNetFoundGame) found = g_object_new (CATUR_TYPE_NET_FOUND_GAME, NULL);
  g_autofree char *protocol = txt_value (txt, TXT_PROTOCOL, 8);
  g_autoptr(GInetAddress) inet = NULL;
  guint64 version = 0;
  char text[AVAHI_ADDRESS_STR_MAX];
  char interface_name[IF_NAMESIZE];

  found->game = txt_value (txt, TXT_GAME, MAX_GAME_BYTES + 1);
  if (protocol == NULL
      || !g_ascii_string_to_unsigned (protocol, 10, 1, G_MAXUINT16, &version, NULL)
      || !is_game_id (found->game))
    {
      g_debug ("The service \"%s\" is no Catur game: its TXT record lacks a version or game",
               name);
      return NULL;
    }
  found->protocol_version = version;
  found->service_name = g_strdup (name);
  found->domain = g_strdup (domain);
  found->host_name = clean_text (host_name, -1, 255);
  found->port = port;
  found->local = local;
  found->player_name = txt_value (txt, TXT_PLAYER, MAX_PLAYER_BYTES);
  if (found->player_name == NULL)
    found->player_name = g_strdup ("");
  found->code = txt_value (txt, TXT_CODE, MAX_CODE_BYTES + 1);
  if (found->code == NULL || !is_code (found->code))
    {
      g_free (found->code);
      found->code = g_strdup ("");
    }

  if (address->proto == AVAHI_PROTO_INET)
    inet = g_inet_address_new_from_bytes ((const guint8 *) &address->data.ipv4,
                                          G_SOCKET_FAMILY_IPV4);
  else
    inet = g_inet_address_new_from_bytes ((const guint8 *) &address->data.ipv6,
                                          G_SOCKET_FAMILY_IPV6);
  avahi_address_snprint (text, sizeof text, address);
  if (g_inet_address_get_is_link_local (inet) && address->proto == AVAHI_PROTO_INET6
      && if_indextoname (interface, interface_name) != NULL)
    found->address = g_strdup_printf ("%s%%%s", text, interface_name);
  else
    found->address = g_strdup (text);
  found->socket_address = g_object_new (G_TYPE_INET_SOCKET_ADDRESS,
                                        "address", inet,
                                        "port", (guint) port,
                                        "scope-id", address->proto == AVAHI_PROTO_INET6
                                                    ? (guint) interface : 0u,
                                        NULL);
  return g_steal_pointer (&found);
}

/* Whether @a is the better way to reach the game: IPv4 needs no interface. */
static gboolean
sighting_better (Sighting *a,
                 Sighting *b)
{
  if (a->protocol != b->protocol)
    return a->protocol == AVAHI_PROTO_INET;
  return a->interface < b->interface;
}

/* Shows, adds or removes the game named @name as its sightings say. */
static void
browser_update_game (CaturNetBrowser *self,
                     const char      *name,
                     const char      *domain)
{
  GHashTableIter iter;
  Sighting *sighting;
  Sighting *best = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->games));
  guint i;

  g_hash_table_iter_init (&iter, self->sightings);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &sighting))
    if (sighting->found != NULL && strcmp (sighting->name, name) == 0
        && strcmp (sighting->domain, domain) == 0
        && (best == NULL || sighting_better (sighting, best)))
      best = sighting;

  for (i = 0; i < n; i++)
    {
      g_autoptr(CaturNetFoundGame) game = g_list_model_get_item (G_LIST_MODEL (self->games), i);

      if (strcmp (game->service_name, name) == 0 && strcmp (game->domain, domain) == 0)
        {
          if (best == NULL)
            g_list_store_remove (self->games, i);
          else
            found_game_update (game, best->found);
          return;
        }
    }
  if (best != NULL)
    {
      g_autoptr(CaturNetFoundGame) game = g_object_new (CATUR_TYPE_NET_FOUND_GAME, NULL);

      found_game_update (game, best->found);
      g_list_store_append (self->games, game);
    }
}

static void
browser_resolve_cb (AvahiServiceResolver  *resolver,
                    AvahiIfIndex           interface,
                    AvahiProtocol          protocol,
                    AvahiResolverEvent     event,
                    const char            *name,
                    const char            *type,
                    const char            *domain,
                    const char            *host_name,
                    const AvahiAddress    *address,
                    uint16_t               port,
                    AvahiStringList       *txt,
                    AvahiLookupResultFlags flags,
                    void                  *data)
{
  Sighting *sighting = data;

  g_clear_object (&sighting->found);
  if (event == AVAHI_RESOLVER_FOUND)
    sighting->found = found_game_new_resolved (interface, sighting->name, sighting->domain,
                                               host_name, address, port, txt,
                                               (flags & AVAHI_LOOKUP_RESULT_LOCAL) != 0);
  else
    {
      /* The resolver is done; the game stays out of the list until it is announced again. */
      g_debug ("The service \"%s\" cannot be resolved: %s", name,
               avahi_strerror (avahi_client_errno (avahi_service_resolver_get_client (resolver))));
      g_clear_pointer (&sighting->resolver, avahi_service_resolver_free);
    }
  browser_update_game (sighting->browser, sighting->name, sighting->domain);
}

static void
browser_clear (CaturNetBrowser *self)
{
  g_clear_pointer (&self->browser, avahi_service_browser_free);
  g_hash_table_remove_all (self->sightings);
  g_list_store_remove_all (self->games);
}

static void
browser_browse_cb (AvahiServiceBrowser   *browser,
                   AvahiIfIndex           interface,
                   AvahiProtocol          protocol,
                   AvahiBrowserEvent      event,
                   const char            *name,
                   const char            *type,
                   const char            *domain,
                   AvahiLookupResultFlags flags,
                   void                  *data)
{
  CaturNetBrowser *self = data;
  g_autofree char *key = NULL;
  Sighting *sighting;
  AvahiClient *client = avahi_service_browser_get_client (browser);

  switch (event)
    {
    case AVAHI_BROWSER_NEW:
      key = sighting_key (interface, protocol, name, domain);
      if (g_hash_table_contains (self->sightings, key))
        break;
      sighting = g_new0 (Sighting, 1);
      sighting->browser = self;
      sighting->interface = interface;
      sighting->protocol = protocol;
      sighting->name = g_strdup (name);
      sighting->domain = g_strdup (domain);
      /* Resolved in the sighting's own family, so that the address is one reached there. */
      sighting->resolver = avahi_service_resolver_new (client, interface, protocol, name, type,
                                                       domain, protocol, 0,
                                                       browser_resolve_cb, sighting);
      if (sighting->resolver == NULL)
        g_debug ("The service \"%s\" cannot be resolved: %s", name,
                 avahi_strerror (avahi_client_errno (client)));
      g_hash_table_insert (self->sightings, g_steal_pointer (&key), sighting);
      break;
    case AVAHI_BROWSER_REMOVE:
      key = sighting_key (interface, protocol, name, domain);
      if (g_hash_table_remove (self->sightings, key))
        browser_update_game (self, name, domain);
      break;
    case AVAHI_BROWSER_FAILURE:
      browser_set_error (self, discovery_error (ROLE_BROWSE, CATUR_NET_DISCOVERY_ERROR_FAILED,
                                                avahi_strerror (avahi_client_errno (client))));
      g_hash_table_remove_all (self->sightings);
      g_list_store_remove_all (self->games);
      break;
    case AVAHI_BROWSER_CACHE_EXHAUSTED:
    case AVAHI_BROWSER_ALL_FOR_NOW:
    default:
      break;
    }
}

static void
browser_connection_changed (gpointer         owner,
                            AvahiClient     *client,
                            ConnectionState  state,
                            int              avahi_error)
{
  CaturNetBrowser *self = owner;

  switch (state)
    {
    case CONNECTION_RUNNING:
      if (self->browser != NULL)
        break;
      self->browser = avahi_service_browser_new (client, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC,
                                                 CATUR_NET_DISCOVERY_SERVICE_TYPE, NULL, 0,
                                                 browser_browse_cb, self);
      browser_set_error (self, self->browser != NULL ? NULL
        : discovery_error (ROLE_BROWSE, CATUR_NET_DISCOVERY_ERROR_FAILED,
                           avahi_strerror (avahi_client_errno (client))));
      break;
    case CONNECTION_REGISTERING:
      /* The daemon renames its host: browsing goes on. */
      break;
    case CONNECTION_NO_DAEMON:
    case CONNECTION_FAILED:
    default:
      browser_clear (self);
      browser_set_error (self, discovery_error (ROLE_BROWSE, connection_error_code (state),
                                                avahi_strerror (avahi_error)));
      break;
    }
}

#endif /* HAVE_AVAHI */

static void
catur_net_browser_dispose (GObject *object)
{
#if HAVE_AVAHI
  CaturNetBrowser *self = CATUR_NET_BROWSER (object);

  if (self->sightings != NULL)
    browser_clear (self);
  connection_close (&self->conn);
  g_clear_pointer (&self->sightings, g_hash_table_unref);
#endif
  G_OBJECT_CLASS (catur_net_browser_parent_class)->dispose (object);
}

static void
catur_net_browser_finalize (GObject *object)
{
  CaturNetBrowser *self = CATUR_NET_BROWSER (object);

  g_clear_object (&self->games);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (catur_net_browser_parent_class)->finalize (object);
}

static void
catur_net_browser_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CaturNetBrowser *self = CATUR_NET_BROWSER (object);

  switch (prop_id)
    {
    case BROWSER_PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_net_browser_class_init (CaturNetBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_net_browser_dispose;
  object_class->finalize = catur_net_browser_finalize;
  object_class->get_property = catur_net_browser_get_property;

  /**
   * CaturNetBrowser:error:
   *
   * Why no game can be listed now, for the player; %NULL while games are looked for.
   */
  browser_props[BROWSER_PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_BROWSER_PROPS, browser_props);
}

static void
catur_net_browser_init (CaturNetBrowser *self)
{
  self->games = g_list_store_new (CATUR_TYPE_NET_FOUND_GAME);
}

/**
 * catur_net_browser_new:
 *
 * Starts looking for games on the local network, in the thread-default main context, until
 * the browser is finalized. When the Avahi daemon is missing the browser says so in its
 * #CaturNetBrowser:error and starts when the daemon does.
 *
 * Returns: (transfer full): the browser
 */
CaturNetBrowser *
catur_net_browser_new (void)
{
  CaturNetBrowser *self = g_object_new (CATUR_TYPE_NET_BROWSER, NULL);

#if HAVE_AVAHI
  self->sightings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify) sighting_free);
  connection_init (&self->conn, self, browser_connection_changed);
#else
  self->error = discovery_error (ROLE_BROWSE, CATUR_NET_DISCOVERY_ERROR_NOT_BUILT, NULL);
#endif
  return self;
}

/**
 * catur_net_browser_get_games:
 * @self: a browser
 *
 * Returns: (transfer none): the #CaturNetFoundGame of each game on the network, one for each
 *   service, in the order they were found; a game leaves it when its host stops offering it
 */
GListModel *
catur_net_browser_get_games (CaturNetBrowser *self)
{
  g_return_val_if_fail (CATUR_IS_NET_BROWSER (self), NULL);
  return G_LIST_MODEL (self->games);
}

/**
 * catur_net_browser_get_error:
 * @self: a browser
 *
 * Returns: (nullable): why no game can be listed now, or %NULL
 */
const GError *
catur_net_browser_get_error (CaturNetBrowser *self)
{
  g_return_val_if_fail (CATUR_IS_NET_BROWSER (self), NULL);
  return self->error;
}

/**
 * catur_net_browser_find_code:
 * @self: a browser
 * @code: an invitation code, as the player typed it
 *
 * Codes compare in any case, spaces and dashes left out.
 *
 * Returns: (transfer none) (nullable): the game listed with @code
 */
CaturNetFoundGame *
catur_net_browser_find_code (CaturNetBrowser *self,
                             const char      *code)
{
  g_autofree char *wanted = NULL;
  guint n, i;

  g_return_val_if_fail (CATUR_IS_NET_BROWSER (self), NULL);
  g_return_val_if_fail (code != NULL, NULL);

  wanted = code_key (code);
  if (*wanted == '\0')
    return NULL;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->games));
  for (i = 0; i < n; i++)
    {
      g_autoptr(CaturNetFoundGame) game = g_list_model_get_item (G_LIST_MODEL (self->games), i);
      g_autofree char *key = code_key (game->code);

      if (strcmp (key, wanted) == 0)
        return game;
    }
  return NULL;
}

/* CaturNetPublisher */

struct _CaturNetPublisher
{
  GObject parent_instance;

  char *player_name;
  char *game;
  char *code;
  guint16 port;
  guint protocol_version;

  char *service_name;
  gboolean published;
  GError *error;
#if HAVE_AVAHI
  Connection conn;
  AvahiEntryGroup *group;
#endif
};

G_DEFINE_FINAL_TYPE (CaturNetPublisher, catur_net_publisher, G_TYPE_OBJECT)

enum
{
  PUBLISHER_PROP_0,
  PUBLISHER_PROP_SERVICE_NAME,
  PUBLISHER_PROP_PUBLISHED,
  PUBLISHER_PROP_ERROR,
  N_PUBLISHER_PROPS
};

static GParamSpec *publisher_props[N_PUBLISHER_PROPS];

#if HAVE_AVAHI
static void
publisher_set_error (CaturNetPublisher *self,
                     GError            *error)
{
  if (replace_error (&self->error, error))
    g_object_notify_by_pspec (G_OBJECT (self), publisher_props[PUBLISHER_PROP_ERROR]);
}

#endif

static void
publisher_set_published (CaturNetPublisher *self,
                         gboolean           published)
{
  if (self->published == published)
    return;
  self->published = published;
  g_object_notify_by_pspec (G_OBJECT (self), publisher_props[PUBLISHER_PROP_PUBLISHED]);
}

#if HAVE_AVAHI

static void
publisher_rename (CaturNetPublisher *self)
{
  char *next = avahi_alternative_service_name (self->service_name);

  g_debug ("The name \"%s\" is taken on the network: \"%s\" is tried", self->service_name,
           next);
  g_free (self->service_name);
  self->service_name = g_strdup (next);
  avahi_free (next);
  g_object_notify_by_pspec (G_OBJECT (self), publisher_props[PUBLISHER_PROP_SERVICE_NAME]);
}

static void publisher_group_cb (AvahiEntryGroup      *group,
                                AvahiEntryGroupState  state,
                                void                 *data);

static void
publisher_fail (CaturNetPublisher *self,
                int                avahi_error)
{
  publisher_set_published (self, FALSE);
  publisher_set_error (self, discovery_error (ROLE_PUBLISH, CATUR_NET_DISCOVERY_ERROR_FAILED,
                                              avahi_strerror (avahi_error)));
}

static void
publisher_register (CaturNetPublisher *self,
                    AvahiClient       *client)
{
  g_autofree char *version = g_strdup_printf ("%u", self->protocol_version);
  AvahiStringList *txt = NULL;
  int result = 0;
  int renames;

  if (self->group == NULL)
    {
      self->group = avahi_entry_group_new (client, publisher_group_cb, self);
      if (self->group == NULL)
        {
          publisher_fail (self, avahi_client_errno (client));
          return;
        }
    }
  if (!avahi_entry_group_is_empty (self->group))
    return;

  txt = avahi_string_list_add_pair (txt, TXT_PROTOCOL, version);
  txt = avahi_string_list_add_pair (txt, TXT_GAME, self->game);
  txt = avahi_string_list_add_pair (txt, TXT_PLAYER, self->player_name);
  if (*self->code != '\0')
    txt = avahi_string_list_add_pair (txt, TXT_CODE, self->code);
  for (renames = 0; ; renames++)
    {
      result = avahi_entry_group_add_service_strlst (self->group, AVAHI_IF_UNSPEC,
                                                     AVAHI_PROTO_UNSPEC, 0, self->service_name,
                                                     CATUR_NET_DISCOVERY_SERVICE_TYPE, NULL,
                                                     NULL, self->port, txt);
      /* Taken by another program of this computer: the daemon says so at once. */
      if (result != AVAHI_ERR_COLLISION || renames == MAX_RENAMES)
        break;
      publisher_rename (self);
    }
  avahi_string_list_free (txt);
  if (result >= 0)
    result = avahi_entry_group_commit (self->group);
  if (result < 0)
    publisher_fail (self, result);
}

static void
publisher_group_cb (AvahiEntryGroup      *group,
                    AvahiEntryGroupState  state,
                    void                 *data)
{
  CaturNetPublisher *self = data;

  switch (state)
    {
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
      publisher_set_error (self, NULL);
      publisher_set_published (self, TRUE);
      break;
    case AVAHI_ENTRY_GROUP_COLLISION:
      /* Taken by another computer of the network. */
      publisher_set_published (self, FALSE);
      publisher_rename (self);
      avahi_entry_group_reset (group);
      publisher_register (self, avahi_entry_group_get_client (group));
      break;
    case AVAHI_ENTRY_GROUP_FAILURE:
      publisher_fail (self, avahi_client_errno (avahi_entry_group_get_client (group)));
      break;
    case AVAHI_ENTRY_GROUP_UNCOMMITED:
    case AVAHI_ENTRY_GROUP_REGISTERING:
    default:
      break;
    }
}

static void
publisher_connection_changed (gpointer         owner,
                              AvahiClient     *client,
                              ConnectionState  state,
                              int              avahi_error)
{
  CaturNetPublisher *self = owner;

  switch (state)
    {
    case CONNECTION_RUNNING:
      publisher_register (self, client);
      break;
    case CONNECTION_REGISTERING:
      /* The daemon is renaming its host: the service follows once it is done. */
      if (self->group != NULL)
        avahi_entry_group_reset (self->group);
      publisher_set_published (self, FALSE);
      break;
    case CONNECTION_NO_DAEMON:
    case CONNECTION_FAILED:
    default:
      g_clear_pointer (&self->group, avahi_entry_group_free);
      publisher_set_published (self, FALSE);
      publisher_set_error (self, discovery_error (ROLE_PUBLISH, connection_error_code (state),
                                                  avahi_strerror (avahi_error)));
      break;
    }
}

#endif /* HAVE_AVAHI */

static void
catur_net_publisher_dispose (GObject *object)
{
  catur_net_publisher_stop (CATUR_NET_PUBLISHER (object));
  G_OBJECT_CLASS (catur_net_publisher_parent_class)->dispose (object);
}

static void
catur_net_publisher_finalize (GObject *object)
{
  CaturNetPublisher *self = CATUR_NET_PUBLISHER (object);

  g_free (self->player_name);
  g_free (self->game);
  g_free (self->code);
  g_free (self->service_name);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (catur_net_publisher_parent_class)->finalize (object);
}

static void
catur_net_publisher_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CaturNetPublisher *self = CATUR_NET_PUBLISHER (object);

  switch (prop_id)
    {
    case PUBLISHER_PROP_SERVICE_NAME:
      g_value_set_string (value, self->service_name);
      break;
    case PUBLISHER_PROP_PUBLISHED:
      g_value_set_boolean (value, self->published);
      break;
    case PUBLISHER_PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_net_publisher_class_init (CaturNetPublisherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = catur_net_publisher_dispose;
  object_class->finalize = catur_net_publisher_finalize;
  object_class->get_property = catur_net_publisher_get_property;

  /**
   * CaturNetPublisher:service-name:
   *
   * The instance name the game is offered under: the player's name, and " #2" and so on when
   * another service of the network has it.
   */
  publisher_props[PUBLISHER_PROP_SERVICE_NAME] =
    g_param_spec_string ("service-name", NULL, NULL, NULL, flags);
  /**
   * CaturNetPublisher:published:
   *
   * Whether the network has accepted the name and the game is offered.
   */
  publisher_props[PUBLISHER_PROP_PUBLISHED] =
    g_param_spec_boolean ("published", NULL, NULL, FALSE, flags);
  /**
   * CaturNetPublisher:error:
   *
   * Why the game is not offered on the local network, for the player; %NULL otherwise.
   */
  publisher_props[PUBLISHER_PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR, flags);
  g_object_class_install_properties (object_class, N_PUBLISHER_PROPS, publisher_props);
}

static void
catur_net_publisher_init (CaturNetPublisher *self)
{
}

/**
 * catur_net_publisher_new:
 * @player_name: the host player's name, the only personal thing advertised
 * @game: the game's id
 * @code: (nullable): the short invitation code joiners may type, or %NULL
 * @port: the TCP port the game listens on
 * @protocol_version: the version of the network protocol the game speaks
 *
 * Offers a game on the local network, from the thread-default main context, until the
 * publisher is stopped or finalized. The instance name is the player's name ("Catur" when
 * empty); #CaturNetPublisher:service-name says the name finally taken.
 *
 * Returns: (transfer full): the publisher
 */
CaturNetPublisher *
catur_net_publisher_new (const char *player_name,
                         const char *game,
                         const char *code,
                         guint16     port,
                         guint       protocol_version)
{
  CaturNetPublisher *self;

  g_return_val_if_fail (player_name != NULL, NULL);
  g_return_val_if_fail (is_game_id (game), NULL);
  g_return_val_if_fail (code == NULL || is_code (code), NULL);
  g_return_val_if_fail (port > 0, NULL);
  g_return_val_if_fail (protocol_version > 0 && protocol_version <= G_MAXUINT16, NULL);

  self = g_object_new (CATUR_TYPE_NET_PUBLISHER, NULL);
  self->player_name = clean_text (player_name, -1, MAX_PLAYER_BYTES);
  self->game = g_strdup (game);
  self->code = g_strdup (code != NULL ? code : "");
  self->port = port;
  self->protocol_version = protocol_version;
  self->service_name = utf8_prefix (*self->player_name != '\0' ? self->player_name : "Catur",
                                    MAX_SERVICE_NAME_BYTES);
#if HAVE_AVAHI
  connection_init (&self->conn, self, publisher_connection_changed);
#else
  self->error = discovery_error (ROLE_PUBLISH, CATUR_NET_DISCOVERY_ERROR_NOT_BUILT, NULL);
#endif
  return self;
}

const char *
catur_net_publisher_get_service_name (CaturNetPublisher *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PUBLISHER (self), NULL);
  return self->service_name;
}

gboolean
catur_net_publisher_get_published (CaturNetPublisher *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PUBLISHER (self), FALSE);
  return self->published;
}

/**
 * catur_net_publisher_get_error:
 * @self: a publisher
 *
 * Returns: (nullable): why the game is not offered now, or %NULL
 */
const GError *
catur_net_publisher_get_error (CaturNetPublisher *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PUBLISHER (self), NULL);
  return self->error;
}

/**
 * catur_net_publisher_stop:
 * @self: a publisher
 *
 * Withdraws the game from the network: the daemon says goodbye, so that the joiners' lists
 * drop it at once. The publisher does nothing more.
 */
void
catur_net_publisher_stop (CaturNetPublisher *self)
{
  g_return_if_fail (CATUR_IS_NET_PUBLISHER (self));

#if HAVE_AVAHI
  g_clear_pointer (&self->group, avahi_entry_group_free);
  connection_close (&self->conn);
#endif
  publisher_set_published (self, FALSE);
}
