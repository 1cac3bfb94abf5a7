/* catur-net-transport.h: the TLS connection between two Catur programs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The host listens (CaturNetHost); the friend joins with the invitation
 * (catur_net_join_async()). Each side then holds a CaturNetConnection that carries frames of
 * opaque bytes (at most CATUR_NET_FRAME_MAX each) both ways, and keeps it alive with a
 * heartbeat that the frames never show. What is sent before the frames, and why nobody but the
 * invited friend gets that far, is in docs/network.md, "Connection and security".
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-net-invite.h"

G_BEGIN_DECLS

/* The largest frame, in bytes; a bigger one closes the connection. */
#define CATUR_NET_FRAME_MAX (64 * 1024)

/* The joiner's proof: "CTRJ", the version, the channel binding type, an HMAC-SHA256. */
#define CATUR_NET_PROOF_SIZE 38

/* How long a new connection has, by default, to finish TLS and prove the secret. */
#define CATUR_NET_PROOF_TIMEOUT_MS 10000

/* The heartbeat, by default: a side that has sent nothing for CATUR_NET_KEEPALIVE_INTERVAL_MS
 * sends a keepalive; a connection that has received nothing (no frame, no keepalive) for
 * CATUR_NET_SILENCE_LIMIT_MS is lost. */
#define CATUR_NET_KEEPALIVE_INTERVAL_MS 5000
#define CATUR_NET_SILENCE_LIMIT_MS 15000

/* How long, by default, the host player has to admit or turn away a knock (a joiner with the
 * short code only, catur-net-knock.h), and how long knocks are then refused after a turn-away. */
#define CATUR_NET_KNOCK_TIMEOUT_MS (2 * 60 * 1000)
#define CATUR_NET_KNOCK_PAUSE_MS 5000

/* The longest player's name a knock carries, in bytes; a longer one is cut. */
#define CATUR_NET_KNOCK_NAME_MAX 64

/* How long the friend's old connection has, by default, to answer the host when the invited
 * friend joins again while the host still holds it. */
#define CATUR_NET_PROBE_TIMEOUT_MS 3000

#define CATUR_NET_TRANSPORT_ERROR (catur_net_transport_error_quark ())
typedef enum
{
  CATUR_NET_TRANSPORT_ERROR_CERTIFICATE,      /* the host's certificate is not the invitation's */
  CATUR_NET_TRANSPORT_ERROR_WRONG_SECRET,     /* the joiner's proof does not match the secret */
  CATUR_NET_TRANSPORT_ERROR_BUSY,             /* the host already plays with someone */
  CATUR_NET_TRANSPORT_ERROR_VERSION,          /* the other side speaks another protocol version */
  CATUR_NET_TRANSPORT_ERROR_PROTOCOL,         /* the other side does not speak Catur's protocol */
  CATUR_NET_TRANSPORT_ERROR_TIMEOUT,          /* no proof came in time */
  CATUR_NET_TRANSPORT_ERROR_FRAME_TOO_LARGE,  /* a frame longer than CATUR_NET_FRAME_MAX */
  CATUR_NET_TRANSPORT_ERROR_CLOSED,           /* the other side closed the connection */
  CATUR_NET_TRANSPORT_ERROR_CHANNEL_BINDING,  /* TLS gave no binding to this session */
  CATUR_NET_TRANSPORT_ERROR_NO_ANSWER,        /* nothing came from the other side for too long */
  CATUR_NET_TRANSPORT_ERROR_TURNED_AWAY,      /* the host player did not let the knocker in */
  CATUR_NET_TRANSPORT_ERROR_WRONG_CODE,       /* a knock with a code that is not the game's */
} CaturNetTransportError;

GQuark catur_net_transport_error_quark (void);

#define CATUR_TYPE_NET_CONNECTION (catur_net_connection_get_type ())
G_DECLARE_FINAL_TYPE (CaturNetConnection, catur_net_connection, CATUR, NET_CONNECTION, GObject)

gboolean         catur_net_connection_send            (CaturNetConnection  *self,
                                                       GBytes              *frame,
                                                       GError             **error);
void             catur_net_connection_close           (CaturNetConnection  *self);
gboolean         catur_net_connection_is_closed       (CaturNetConnection  *self);
GIOStream       *catur_net_connection_get_stream      (CaturNetConnection  *self);
void             catur_net_connection_set_heartbeat   (CaturNetConnection  *self,
                                                       guint                interval_ms,
                                                       guint                limit_ms);

#define CATUR_TYPE_NET_HOST (catur_net_host_get_type ())
G_DECLARE_FINAL_TYPE (CaturNetHost, catur_net_host, CATUR, NET_HOST, GObject)

CaturNetHost       *catur_net_host_new                (GTlsCertificate     *certificate,
                                                       const guint8        *secret);
gboolean            catur_net_host_listen             (CaturNetHost        *self,
                                                       guint16              port,
                                                       GError             **error);
guint16             catur_net_host_get_port           (CaturNetHost        *self);
void                catur_net_host_set_proof_timeout  (CaturNetHost        *self,
                                                       guint                milliseconds);
void                catur_net_host_set_heartbeat      (CaturNetHost        *self,
                                                       guint                interval_ms,
                                                       guint                limit_ms,
                                                       guint                probe_ms);
CaturNetConnection *catur_net_host_get_peer           (CaturNetHost        *self);
void                catur_net_host_set_code           (CaturNetHost        *self,
                                                       const char          *code);
void                catur_net_host_set_knock_timeout  (CaturNetHost        *self,
                                                       guint                timeout_ms,
                                                       guint                pause_ms);
void                catur_net_host_admit              (CaturNetHost        *self,
                                                       CaturNetConnection  *pending);
void                catur_net_host_turn_away          (CaturNetHost        *self,
                                                       CaturNetConnection  *pending);
void                catur_net_host_stop               (CaturNetHost        *self);

void                catur_net_join_async              (const CaturNetInvite *invite,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
CaturNetConnection *catur_net_join_finish             (GAsyncResult        *result,
                                                       GError             **error);

gboolean            catur_net_compute_proof           (GTlsConnection      *tls,
                                                       const guint8        *secret,
                                                       guint8              *proof,
                                                       GError             **error);

G_END_DECLS
