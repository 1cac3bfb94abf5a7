/* catur-net-transport.c: the TLS connection between two Catur programs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything here reads bytes from a stranger on the network: every length is checked before
 * it is used, every wait has a timeout or a GCancellable, and whatever goes wrong with one
 * newcomer closes that connection only, so the game with the accepted friend goes on.
 *
 * After the TLS handshake the joiner sends its proof (CATUR_NET_PROOF_SIZE bytes):
 *   "CTRJ"  version (1 byte)  binding type (1 byte: 0 tls-exporter, 1 tls-unique)
 *   HMAC-SHA256 (key: the invitation's secret; message: "catur-join" 0x00 version type
 *                the channel binding data of this TLS session)
 * and the host answers with two bytes: 'A' 0 (accepted) or 'R' and a reason (ANSWER_*).
 * A joiner with only the short code knocks instead (catur-net-transport-private.h): the host
 * holds its connection, unanswered, until the host player admits it or turns it away.
 * Then each frame is a 4-byte big-endian length and that many bytes. Lengths above
 * CATUR_NET_FRAME_MAX that are CONTROL_* stand alone, with no bytes after them: the heartbeat.
 */
#define G_LOG_DOMAIN "catur-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur-net-transport-private.h"

#define PROOF_MAGIC "CTRJ"
#define PROOF_LABEL "catur-join"

enum
{
  BINDING_EXPORTER = 0,
  BINDING_UNIQUE = 1,
};

enum
{
  ANSWER_ACCEPTED = CATUR_NET_ANSWER_ACCEPTED,
  ANSWER_WRONG_SECRET = CATUR_NET_ANSWER_WRONG_SECRET,
  ANSWER_BUSY = CATUR_NET_ANSWER_BUSY,
  ANSWER_VERSION = CATUR_NET_ANSWER_VERSION,
};

/* The heartbeat's words, sent where a frame's length goes. Each is far above
 * CATUR_NET_FRAME_MAX, so no frame can be read as one, and a reader that knew no heartbeat would
 * close the connection rather than take one for a frame. */
#define CONTROL_KEEPALIVE 0xFFFFFFFFu   /* nothing to say: the sender is alive */
#define CONTROL_PROBE 0xFFFFFFFEu       /* are you there? to be answered at once */
#define CONTROL_ANSWER 0xFFFFFFFDu      /* here: the answer to a probe */

/* Newcomers still proving themselves at once; more are closed at once, so that someone who
 * opens connections without end cannot exhaust the host. */
#define MAX_PENDING 16

G_DEFINE_QUARK (catur-net-transport-error-quark, catur_net_transport_error)

/* ---------------------------------------------------------------------------------------- */
/* The proof */

static gboolean
get_binding (GTlsConnection *tls,
             guint8          type,
             GByteArray     *data,
             GError        **error)
{
  g_autoptr(GError) local_error = NULL;
  GTlsChannelBindingType binding = type == BINDING_EXPORTER ? G_TLS_CHANNEL_BINDING_TLS_EXPORTER
                                                            : G_TLS_CHANNEL_BINDING_TLS_UNIQUE;

  if (type != BINDING_EXPORTER && type != BINDING_UNIQUE)
    {
      g_set_error (error, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                   _("The other program asked for an unknown kind of channel binding"));
      return FALSE;
    }
  if (!g_tls_connection_get_channel_binding_data (tls, binding, data, &local_error)
      || data->len < 12)
    {
      g_set_error (error, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_CHANNEL_BINDING,
                   _("This TLS connection cannot be bound to the invitation: %s"),
                   local_error != NULL ? local_error->message : _("the binding is too short"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
compute_mac (GTlsConnection *tls,
             const guint8   *secret,
             guint8          version,
             guint8          type,
             guint8         *mac,
             GError        **error)
{
  g_autoptr(GByteArray) binding = g_byte_array_new ();
  g_autoptr(GHmac) hmac = NULL;
  guint8 header[] = { version, type };
  gsize length = 32;

  if (!get_binding (tls, type, binding, error))
    return FALSE;

  hmac = g_hmac_new (G_CHECKSUM_SHA256, secret, CATUR_NET_SECRET_SIZE);
  g_hmac_update (hmac, (const guchar *) PROOF_LABEL, sizeof PROOF_LABEL);
  g_hmac_update (hmac, header, sizeof header);
  g_hmac_update (hmac, binding->data, binding->len);
  g_hmac_get_digest (hmac, mac, &length);
  return TRUE;
}

/**
 * catur_net_compute_proof:
 * @tls: a TLS connection whose handshake is done
 * @secret: (array fixed-size=32): the invitation's secret
 * @proof: (out caller-allocates) (array fixed-size=38): the proof
 * @error: return location for an error
 *
 * The proof the joiner sends on @tls: an HMAC of the TLS session's tls-exporter channel
 * binding (tls-unique where the exporter is not available), so it is worth nothing on any
 * other connection.
 *
 * Returns: %FALSE if @tls gives no channel binding
 */
gboolean
catur_net_compute_proof (GTlsConnection *tls,
                         const guint8   *secret,
                         guint8         *proof,
                         GError        **error)
{
  g_autoptr(GError) exporter_error = NULL;

  g_return_val_if_fail (G_IS_TLS_CONNECTION (tls), FALSE);
  g_return_val_if_fail (secret != NULL && proof != NULL, FALSE);

  memcpy (proof, PROOF_MAGIC, 4);
  proof[4] = CATUR_NET_INVITE_VERSION;
  proof[5] = BINDING_EXPORTER;
  if (compute_mac (tls, secret, proof[4], proof[5], proof + 6, &exporter_error))
    return TRUE;
  proof[5] = BINDING_UNIQUE;
  return compute_mac (tls, secret, proof[4], proof[5], proof + 6, error);
}

static guint8
check_proof (GTlsConnection *tls,
             const guint8   *secret,
             const guint8   *proof,
             GError        **error)
{
  guint8 expected[32];
  guint8 difference = 0;

  if (memcmp (proof, PROOF_MAGIC, 4) != 0)
    {
      g_set_error (error, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                   _("A program that is not Catur connected"));
      return ANSWER_VERSION;
    }
  if (proof[4] != CATUR_NET_INVITE_VERSION)
    {
      g_set_error (error, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_VERSION,
                   _("Someone tried to join with another version of Catur (protocol %u)"),
                   proof[4]);
      return ANSWER_VERSION;
    }
  if (!compute_mac (tls, secret, proof[4], proof[5], expected, error))
    return ANSWER_VERSION;
  /* In constant time: how long a comparison took says nothing about the secret. */
  for (guint i = 0; i < sizeof expected; i++)
    difference |= expected[i] ^ proof[6 + i];
  if (difference != 0)
    {
      g_set_error (error, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_WRONG_SECRET,
                   _("Someone tried to join without this game’s invitation (a wrong secret, "
                     "or a proof made for another connection)"));
      return ANSWER_WRONG_SECRET;
    }
  return ANSWER_ACCEPTED;
}

/* ---------------------------------------------------------------------------------------- */
/* CaturNetConnection */

/* A probe's answer: %TRUE when the other side answered in time. */
typedef void (*ProbeFunc) (CaturNetConnection *self,
                           gboolean            answered,
                           gpointer            user_data);

struct _CaturNetConnection
{
  GObject parent_instance;

  GIOStream *stream;
  GCancellable *cancellable;
  guint8 header[4];
  guint8 *payload;
  gsize payload_length, payload_done;
  GQueue outgoing;              /* GBytes, header included */
  gboolean writing;
  gboolean closed;
  gboolean knocking;            /* a knock the host player has not answered: nothing may come */
  gboolean closing;             /* the last bytes are going out, then it closes */

  guint interval_ms, limit_ms;
  gint64 last_sent, last_received;      /* monotonic µs */
  guint heartbeat_id;

  ProbeFunc probe_func;         /* a probe waiting for its answer */
  gpointer probe_data;
  guint probe_id;
};

G_DEFINE_FINAL_TYPE (CaturNetConnection, catur_net_connection, G_TYPE_OBJECT)

enum
{
  FRAME_RECEIVED,
  CONNECTION_LOST,
  CONNECTION_N_SIGNALS
};

static guint connection_signals[CONNECTION_N_SIGNALS];

static void read_header (CaturNetConnection *self);
static void write_next (CaturNetConnection *self);

/* Ends the probe under way, if any, before its callback can see anything else happen. */
static void
probe_finish (CaturNetConnection *self,
              gboolean            answered)
{
  ProbeFunc func = self->probe_func;
  gpointer data = self->probe_data;

  if (func == NULL)
    return;
  self->probe_func = NULL;
  self->probe_data = NULL;
  g_clear_handle_id (&self->probe_id, g_source_remove);
  func (self, answered, data);
}

static void
shut_down (CaturNetConnection *self)
{
  self->closed = TRUE;
  g_clear_handle_id (&self->heartbeat_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_queue_clear_full (&self->outgoing, (GDestroyNotify) g_bytes_unref);
  if (self->stream != NULL && !g_io_stream_is_closed (self->stream))
    g_io_stream_close_async (self->stream, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  probe_finish (self, FALSE);
}

/* Closes the connection and says why, once. */
static void
lose (CaturNetConnection *self,
      GError             *error)
{
  if (self->closed)
    return;
  if (self->closing)
    {
      /* Its end was decided and said already: only the last bytes are lost. */
      shut_down (self);
      return;
    }
  g_message ("Connection lost: %s", error->message);
  shut_down (self);
  g_signal_emit (self, connection_signals[CONNECTION_LOST], 0, error);
}

static void
lose_on_read_error (CaturNetConnection *self,
                    GError             *error,
                    gsize               read,
                    gsize               wanted)
{
  g_autoptr(GError) closed = NULL;

  if (self->closed)
    return;
  if (error != NULL)
    {
      lose (self, error);
      return;
    }
  if (read < wanted)
    {
      if (self->knocking)
        closed = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_CLOSED,
                              _("The player who asked to join has gone"));
      else
        closed = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_CLOSED,
                              _("Your friend’s Catur closed the connection"));
      lose (self, closed);
    }
}

/* Queues @data (a frame's header and bytes, or a control word) behind what is queued. */
static void
queue_bytes (CaturNetConnection *self,
             GBytes             *data)
{
  g_queue_push_tail (&self->outgoing, data);
  self->last_sent = g_get_monotonic_time ();
  write_next (self);
}

static void
queue_control (CaturNetConnection *self,
               guint32             word)
{
  guint8 data[4] = { word >> 24, word >> 16, word >> 8, word };

  queue_bytes (self, g_bytes_new (data, sizeof data));
}

static void schedule_heartbeat (CaturNetConnection *self);

static gboolean
heartbeat_due (gpointer user_data)
{
  CaturNetConnection *self = user_data;
  gint64 now = g_get_monotonic_time ();

  self->heartbeat_id = 0;
  if (now - self->last_received >= (gint64) self->limit_ms * 1000)
    {
      g_autoptr(CaturNetConnection) alive = g_object_ref (self);
      g_autoptr(GError) error = NULL;
      guint seconds = (self->limit_ms + 999) / 1000;

      error = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_NO_ANSWER,
                           g_dngettext (GETTEXT_PACKAGE,
                                        "Your friend’s computer has not answered for %u second",
                                        "Your friend’s computer has not answered for %u seconds",
                                        seconds), seconds);
      lose (self, error);
      return G_SOURCE_REMOVE;
    }
  if (now - self->last_sent >= (gint64) self->interval_ms * 1000)
    {
      /* Frames still going out say the same as a keepalive would, and a keepalive behind
       * them would arrive no sooner. */
      if (g_queue_is_empty (&self->outgoing))
        queue_control (self, CONTROL_KEEPALIVE);
      else
        self->last_sent = now;
    }
  schedule_heartbeat (self);
  return G_SOURCE_REMOVE;
}

/* One timer for both ends of the heartbeat: the next keepalive to send or the silence limit,
 * whichever comes first. It may wake early (after a frame moved either time on); it then only
 * waits again. */
static void
schedule_heartbeat (CaturNetConnection *self)
{
  gint64 due, now = g_get_monotonic_time ();

  g_clear_handle_id (&self->heartbeat_id, g_source_remove);
  if (self->closed || self->closing || self->knocking)
    return;
  due = MIN (self->last_sent + (gint64) self->interval_ms * 1000,
             self->last_received + (gint64) self->limit_ms * 1000);
  self->heartbeat_id = g_timeout_add (due > now ? (guint) ((due - now + 999) / 1000) : 0,
                                      heartbeat_due, self);
}

static void
deliver_frame (CaturNetConnection *self,
               GBytes             *frame)
{
  if (self->closed)
    return;
  g_signal_emit (self, connection_signals[FRAME_RECEIVED], 0, frame);
  if (!self->closed)
    read_header (self);
}

static void read_payload (CaturNetConnection *self);

/* The payload comes in pieces, each of which counts as a sign of life: a big frame on a slow
 * network is not silence. */
static void
payload_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(CaturNetConnection) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) frame = NULL;
  gssize read;

  read = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);
  if (read <= 0)
    {
      g_clear_pointer (&self->payload, g_free);
      lose_on_read_error (self, error, 0, 1);
      return;
    }
  if (self->closed)
    return;
  self->last_received = g_get_monotonic_time ();
  self->payload_done += read;
  if (self->payload_done < self->payload_length)
    {
      read_payload (self);
      return;
    }
  frame = g_bytes_new_take (g_steal_pointer (&self->payload), self->payload_length);
  deliver_frame (self, frame);
}

static void
read_payload (CaturNetConnection *self)
{
  g_input_stream_read_async (g_io_stream_get_input_stream (self->stream),
                             self->payload + self->payload_done,
                             self->payload_length - self->payload_done, G_PRIORITY_DEFAULT,
                             self->cancellable, payload_read, g_object_ref (self));
}

static void
header_read (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CaturNetConnection) self = user_data;
  g_autoptr(GError) error = NULL;
  gsize read = 0;
  guint32 length;

  if (!g_input_stream_read_all_finish (G_INPUT_STREAM (source), result, &read, &error)
      || read < sizeof self->header)
    {
      lose_on_read_error (self, error, read, sizeof self->header);
      return;
    }
  if (self->closed)
    return;
  self->last_received = g_get_monotonic_time ();
  if (self->knocking)
    {
      /* A knocker waits for its answer in silence: anything it sends is not Catur's. */
      error = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                           _("The player who asked to join sent something before being let "
                             "in"));
      lose (self, error);
      return;
    }

  length = (guint32) self->header[0] << 24 | self->header[1] << 16 | self->header[2] << 8
           | self->header[3];
  switch (length)
    {
    case CONTROL_KEEPALIVE:
      read_header (self);
      return;
    case CONTROL_PROBE:
      queue_control (self, CONTROL_ANSWER);
      read_header (self);
      return;
    case CONTROL_ANSWER:
      /* One probe at a time, and an answer only to a probe: this one answers ours. One that
       * nobody asked for is as harmless as a keepalive. */
      probe_finish (self, TRUE);
      if (!self->closed)
        read_header (self);
      return;
    default:
      break;
    }
  if (length > CATUR_NET_FRAME_MAX)
    {
      error = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_FRAME_TOO_LARGE,
                           _("Your friend’s Catur sent a message of %u bytes, more than the "
                             "%u allowed; the connection is closed"),
                           length, CATUR_NET_FRAME_MAX);
      lose (self, error);
      return;
    }
  if (length == 0)
    {
      g_autoptr(GBytes) empty = g_bytes_new (NULL, 0);

      deliver_frame (self, empty);
      return;
    }

  self->payload = g_malloc (length);
  self->payload_length = length;
  self->payload_done = 0;
  read_payload (self);
}

static void
read_header (CaturNetConnection *self)
{
  g_input_stream_read_all_async (g_io_stream_get_input_stream (self->stream), self->header,
                                 sizeof self->header, G_PRIORITY_DEFAULT, self->cancellable,
                                 header_read, g_object_ref (self));
}

static void
frame_written (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(CaturNetConnection) self = user_data;
  g_autoptr(GError) error = NULL;

  self->writing = FALSE;
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      if (!self->closed)
        lose (self, error);
      return;
    }
  g_bytes_unref (g_queue_pop_head (&self->outgoing));
  if (self->closing && g_queue_is_empty (&self->outgoing))
    {
      if (!self->closed)
        shut_down (self);
      return;
    }
  write_next (self);
}

static void
write_next (CaturNetConnection *self)
{
  GBytes *next;

  if (self->writing || self->closed || g_queue_is_empty (&self->outgoing))
    return;
  next = g_queue_peek_head (&self->outgoing);
  self->writing = TRUE;
  g_output_stream_write_all_async (g_io_stream_get_output_stream (self->stream),
                                   g_bytes_get_data (next, NULL), g_bytes_get_size (next),
                                   G_PRIORITY_DEFAULT, self->cancellable, frame_written,
                                   g_object_ref (self));
}

static gboolean
probe_expired (gpointer user_data)
{
  g_autoptr(CaturNetConnection) self = g_object_ref (user_data);

  self->probe_id = 0;
  probe_finish (self, FALSE);
  return G_SOURCE_REMOVE;
}

/* Asks the other side to answer at once; @func hears whether it did within @timeout_ms (or
 * %FALSE when the connection ends first), exactly once. */
static void
connection_probe (CaturNetConnection *self,
                  guint               timeout_ms,
                  ProbeFunc           func,
                  gpointer            user_data)
{
  g_assert (self->probe_func == NULL);

  if (self->closed)
    {
      func (self, FALSE, user_data);
      return;
    }
  self->probe_func = func;
  self->probe_data = user_data;
  self->probe_id = g_timeout_add (timeout_ms, probe_expired, self);
  queue_control (self, CONTROL_PROBE);
}

static void
catur_net_connection_dispose (GObject *object)
{
  CaturNetConnection *self = CATUR_NET_CONNECTION (object);

  if (!self->closed)
    shut_down (self);
  g_clear_object (&self->stream);
  G_OBJECT_CLASS (catur_net_connection_parent_class)->dispose (object);
}

static void
catur_net_connection_finalize (GObject *object)
{
  CaturNetConnection *self = CATUR_NET_CONNECTION (object);

  g_clear_object (&self->cancellable);
  g_free (self->payload);
  G_OBJECT_CLASS (catur_net_connection_parent_class)->finalize (object);
}

static void
catur_net_connection_class_init (CaturNetConnectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_net_connection_dispose;
  object_class->finalize = catur_net_connection_finalize;

  /**
   * CaturNetConnection::frame-received:
   * @self: the connection
   * @frame: the frame's bytes
   *
   * A frame the other side sent; the heartbeat's keepalives are not frames and never come
   * here.
   */
  connection_signals[FRAME_RECEIVED] =
    g_signal_new ("frame-received", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BYTES);

  /**
   * CaturNetConnection::connection-lost:
   * @self: the connection
   * @error: why: %CATUR_NET_TRANSPORT_ERROR_CLOSED when the other side closed it,
   *   %CATUR_NET_TRANSPORT_ERROR_NO_ANSWER when nothing came for the silence limit (or, on the
   *   host, when the old connection did not answer as the friend joined again),
   *   %CATUR_NET_TRANSPORT_ERROR_FRAME_TOO_LARGE, or the network's error
   *
   * Emitted once when the connection ends other than by catur_net_connection_close().
   */
  connection_signals[CONNECTION_LOST] =
    g_signal_new ("connection-lost", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
catur_net_connection_init (CaturNetConnection *self)
{
  self->cancellable = g_cancellable_new ();
  g_queue_init (&self->outgoing);
  self->interval_ms = CATUR_NET_KEEPALIVE_INTERVAL_MS;
  self->limit_ms = CATUR_NET_SILENCE_LIMIT_MS;
}

/* Takes over @stream, whose proof is done, and starts reading frames from it. */
static CaturNetConnection *
connection_new (GIOStream *stream,
                guint      interval_ms,
                guint      limit_ms)
{
  CaturNetConnection *self = g_object_new (CATUR_TYPE_NET_CONNECTION, NULL);

  self->stream = g_object_ref (stream);
  self->interval_ms = interval_ms;
  self->limit_ms = limit_ms;
  self->last_sent = self->last_received = g_get_monotonic_time ();
  read_header (self);
  schedule_heartbeat (self);
  return self;
}

/* For catur-net-knock.c: the joiner's connection once the host admitted it. */
CaturNetConnection *
catur_net_connection_new_joined (GIOStream *stream)
{
  return connection_new (stream, CATUR_NET_KEEPALIVE_INTERVAL_MS, CATUR_NET_SILENCE_LIMIT_MS);
}

/* The host's connection to a knocker, held while its player decides: no heartbeat (the knocker
 * sends nothing until it is answered), but a read that hears the knocker leave. */
static CaturNetConnection *
connection_new_knocking (GIOStream *stream)
{
  CaturNetConnection *self = g_object_new (CATUR_TYPE_NET_CONNECTION, NULL);

  self->stream = g_object_ref (stream);
  self->knocking = TRUE;
  self->last_sent = self->last_received = g_get_monotonic_time ();
  read_header (self);
  return self;
}

/* Sends @data, the last bytes of this connection (a knock's refusal), then closes it without
 * ::connection-lost. */
static void
connection_say_last (CaturNetConnection *self,
                     GBytes             *data)
{
  if (self->closed || self->closing)
    {
      g_bytes_unref (data);
      return;
    }
  self->knocking = FALSE;
  self->closing = TRUE;
  g_clear_handle_id (&self->heartbeat_id, g_source_remove);
  g_queue_push_tail (&self->outgoing, data);
  write_next (self);
}

/* An answer to a knock, as the host sends it: 'R' and @reason. */
static GBytes *
refusal_bytes (guint8 reason)
{
  guint8 data[2] = { 'R', reason };

  return g_bytes_new (data, sizeof data);
}

/**
 * catur_net_connection_send:
 * @self: a connection
 * @frame: the bytes to send, at most %CATUR_NET_FRAME_MAX
 * @error: return location for an error
 *
 * Queues @frame; frames arrive in the order they are sent.
 *
 * Returns: %FALSE if @frame is too big or the connection is closed
 */
gboolean
catur_net_connection_send (CaturNetConnection *self,
                           GBytes             *frame,
                           GError            **error)
{
  gsize length;
  guint8 *data;

  g_return_val_if_fail (CATUR_IS_NET_CONNECTION (self), FALSE);
  g_return_val_if_fail (frame != NULL, FALSE);

  length = g_bytes_get_size (frame);
  if (length > CATUR_NET_FRAME_MAX)
    {
      g_set_error (error, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_FRAME_TOO_LARGE,
                   _("A message of %lu bytes is more than the %u allowed"),
                   (unsigned long) length, CATUR_NET_FRAME_MAX);
      return FALSE;
    }
  if (self->closed || self->closing || self->knocking)
    {
      g_set_error (error, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_CLOSED,
                   _("The connection to your friend is closed"));
      return FALSE;
    }

  data = g_malloc (length + 4);
  data[0] = length >> 24;
  data[1] = length >> 16;
  data[2] = length >> 8;
  data[3] = length;
  /* An empty frame's bytes may have no data at all: memcpy() must not see its NULL. */
  if (length > 0)
    memcpy (data + 4, g_bytes_get_data (frame, NULL), length);
  queue_bytes (self, g_bytes_new_take (data, length + 4));
  return TRUE;
}

/**
 * catur_net_connection_close:
 * @self: a connection
 *
 * Closes the connection without emitting #CaturNetConnection::connection-lost; frames still
 * queued are dropped.
 */
void
catur_net_connection_close (CaturNetConnection *self)
{
  g_return_if_fail (CATUR_IS_NET_CONNECTION (self));

  if (!self->closed)
    shut_down (self);
}

gboolean
catur_net_connection_is_closed (CaturNetConnection *self)
{
  g_return_val_if_fail (CATUR_IS_NET_CONNECTION (self), TRUE);

  return self->closed || self->closing;
}

/**
 * catur_net_connection_get_stream:
 * @self: a connection
 *
 * Returns: (transfer none): the TLS stream under the frames (for its addresses or TLS
 *   details; reading or writing it directly breaks the framing)
 */
GIOStream *
catur_net_connection_get_stream (CaturNetConnection *self)
{
  g_return_val_if_fail (CATUR_IS_NET_CONNECTION (self), NULL);

  return self->stream;
}

/**
 * catur_net_connection_set_heartbeat:
 * @self: a connection
 * @interval_ms: after how long without sending anything a keepalive is sent
 * @limit_ms: after how long without receiving anything (no frame, no keepalive) the connection
 *   is lost with %CATUR_NET_TRANSPORT_ERROR_NO_ANSWER; more than @interval_ms, and more than the
 *   other side's interval
 *
 * A new connection starts with %CATUR_NET_KEEPALIVE_INTERVAL_MS and
 * %CATUR_NET_SILENCE_LIMIT_MS.
 */
void
catur_net_connection_set_heartbeat (CaturNetConnection *self,
                                    guint               interval_ms,
                                    guint               limit_ms)
{
  g_return_if_fail (CATUR_IS_NET_CONNECTION (self));
  g_return_if_fail (interval_ms > 0 && limit_ms > interval_ms);

  self->interval_ms = interval_ms;
  self->limit_ms = limit_ms;
  schedule_heartbeat (self);
}

/* ---------------------------------------------------------------------------------------- */
/* CaturNetHost */

typedef struct
{
  CaturNetHost *host;           /* unowned: the host cancels its pending joiners on stop */
  GSocketConnection *socket;
  GTlsConnection *tls;
  GCancellable *cancellable;
  char *address;
  guint timeout_id;
  gboolean timed_out;
  guint8 proof[CATUR_NET_PROOF_SIZE];  /* or a knock's first bytes */
  guint8 name[CATUR_NET_KNOCK_NAME_MAX];
  guint8 answer[2];
} Pending;

struct _CaturNetHost
{
  GObject parent_instance;

  GTlsCertificate *certificate;
  guint8 secret[CATUR_NET_SECRET_SIZE];
  GSocketService *service;
  guint16 port;
  guint proof_timeout_ms;
  guint interval_ms, limit_ms, probe_ms;
  GPtrArray *pending;           /* Pending, owned */
  CaturNetConnection *peer;
  Pending *accepting;           /* the peer-to-be: a joiner whose acceptance is being written,
                                 * or who waits for the old connection's answer to a probe */
  gboolean had_peer;

  char *code;                   /* the short code knocks must give, or NULL: none taken */
  CaturNetConnection *knock;    /* the knock the host player is asked about */
  guint knock_timeout_id;
  guint knock_timeout_ms, knock_pause_ms;
  gint64 knocks_paused_until;   /* monotonic µs: the last turn-away's pause */
};

G_DEFINE_FINAL_TYPE (CaturNetHost, catur_net_host, G_TYPE_OBJECT)

enum
{
  PEER_JOINED,
  REFUSED,
  KNOCKED,
  HOST_N_SIGNALS
};

static guint host_signals[HOST_N_SIGNALS];

static void
pending_free (Pending *pending)
{
  g_clear_handle_id (&pending->timeout_id, g_source_remove);
  g_cancellable_cancel (pending->cancellable);
  g_clear_object (&pending->cancellable);
  g_clear_object (&pending->tls);
  g_clear_object (&pending->socket);
  g_free (pending->address);
  g_free (pending);
}

static void
pending_close (Pending *pending)
{
  GIOStream *stream = pending->tls != NULL ? G_IO_STREAM (pending->tls)
                                           : G_IO_STREAM (pending->socket);

  /* Closing the TCP connection under an unfinished TLS one is enough, and waits for nobody. */
  if (pending->tls != NULL && !g_io_stream_is_closed (stream))
    g_io_stream_close_async (stream, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  if (!g_io_stream_is_closed (G_IO_STREAM (pending->socket)))
    g_io_stream_close (G_IO_STREAM (pending->socket), NULL, NULL);
}

/* Ends @pending's attempt: logs and signals why it was refused when @error is set. */
static void
pending_finish (Pending *pending,
                GError  *error)
{
  CaturNetHost *host = pending->host;

  if (error != NULL)
    {
      g_message ("Refused a connection from %s: %s", pending->address, error->message);
      pending_close (pending);
    }
  g_clear_handle_id (&pending->timeout_id, g_source_remove);
  g_ptr_array_remove_fast (host->pending, pending);
  if (error != NULL)
    g_signal_emit (host, host_signals[REFUSED], 0, error);
}

/* The error to report for a failed step, the time-out taking precedence over the
 * cancellation it caused. */
static GError *
pending_error (Pending    *pending,
               GError     *error,
               const char *what)
{
  if (pending->timed_out)
    {
      guint seconds = (pending->host->proof_timeout_ms + 999) / 1000;

      return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_TIMEOUT,
                          g_dngettext (GETTEXT_PACKAGE,
                                       "A connection did not prove it was invited within %u "
                                       "second",
                                       "A connection did not prove it was invited within %u "
                                       "seconds", seconds), seconds);
    }
  if (error != NULL && error->domain == CATUR_NET_TRANSPORT_ERROR)
    return g_error_copy (error);
  return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                      _("A program that does not speak Catur’s protocol connected (%s: %s)"),
                      what, error != NULL ? error->message : _("the connection was closed"));
}

/* The end of a read of a newcomer's first bytes. FALSE when there is nothing more to do with
 * @pending, now ended: the host stopped, or the read failed or brought fewer than @wanted
 * bytes (the newcomer refused, @what saying at which step). */
static gboolean
pending_read_finish (Pending      *pending,
                     GObject      *source,
                     GAsyncResult *result,
                     gsize         wanted,
                     const char   *what,
                     gsize        *read)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) refusal = NULL;

  *read = 0;
  if (pending->host == NULL)
    {
      pending_free (pending);
      return FALSE;
    }
  if (!g_input_stream_read_all_finish (G_INPUT_STREAM (source), result, read, &error)
      || *read < wanted)
    {
      refusal = pending_error (pending, error, what);
      pending_finish (pending, refusal);
      pending_free (pending);
      return FALSE;
    }
  return TRUE;
}

/* Forgets the knock held, whose end is decided, and returns it. */
static CaturNetConnection *
knock_take (CaturNetHost *self)
{
  CaturNetConnection *knock = g_steal_pointer (&self->knock);

  g_clear_handle_id (&self->knock_timeout_id, g_source_remove);
  if (knock != NULL)
    g_signal_handlers_disconnect_by_data (knock, self);
  return knock;
}

/* Ends the knock held without its player's admission: the knocker hears @reason, and the
 * window that asked the host player hears @error by ::connection-lost. */
static void
knock_end (CaturNetHost *self,
           guint8        reason,
           GError       *error)
{
  g_autoptr(CaturNetConnection) knock = knock_take (self);

  if (knock == NULL)
    return;
  g_message ("A knock ended unanswered: %s", error->message);
  connection_say_last (knock, refusal_bytes (reason));
  g_signal_emit (knock, connection_signals[CONNECTION_LOST], 0, error);
}

static gboolean
knock_expired (gpointer user_data)
{
  CaturNetHost *self = user_data;
  g_autoptr(GError) error = NULL;
  guint seconds = (self->knock_timeout_ms + 999) / 1000;

  self->knock_timeout_id = 0;
  error = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_TIMEOUT,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "Nobody answered the player who asked to join within %u "
                                    "second",
                                    "Nobody answered the player who asked to join within %u "
                                    "seconds", seconds), seconds);
  knock_end (self, CATUR_NET_ANSWER_KNOCK_TIMEOUT, error);
  return G_SOURCE_REMOVE;
}

/* The knocker left, or broke the silence it owes, before the host player answered. Knocks then
 * pause as after a turn-away: knocking and leaving again and again would otherwise ask the host
 * player as often as one likes. */
static void
knock_lost (CaturNetConnection *knock,
            GError             *error,
            CaturNetHost       *self)
{
  g_autoptr(CaturNetConnection) held = knock_take (self);

  self->knocks_paused_until = g_get_monotonic_time () + (gint64) self->knock_pause_ms * 1000;

  g_message ("The player who asked to join is gone: %s", error->message);
}

static void
answer_written (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Pending *pending = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) refusal = NULL;
  CaturNetHost *host;
  gboolean reconnection;

  host = pending->host;
  if (host != NULL && host->accepting == pending)
    host->accepting = NULL;
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error)
      && host != NULL)
    {
      refusal = pending_error (pending, error, _("while answering"));
      pending_finish (pending, refusal);
      pending_free (pending);
      return;
    }
  if (host == NULL)
    {
      /* A refusal, said when it was decided, or the host stopped meanwhile. */
      pending_close (pending);
      pending_free (pending);
      return;
    }

  /* Answered before the proof ran out of time: the joiner is accepted. */
  g_clear_handle_id (&pending->timeout_id, g_source_remove);
  g_ptr_array_remove_fast (host->pending, pending);
  if (host->knock != NULL)
    {
      /* The invitation's holder came first: the seat is taken. */
      g_autoptr(GError) busy = g_error_new (CATUR_NET_TRANSPORT_ERROR,
                                            CATUR_NET_TRANSPORT_ERROR_BUSY,
                                            _("The invited friend joined with the link, so "
                                              "the player who asked to join cannot"));

      knock_end (host, CATUR_NET_ANSWER_BUSY, busy);
    }
  reconnection = host->had_peer;
  host->had_peer = TRUE;
  g_clear_object (&host->peer);
  host->peer = connection_new (G_IO_STREAM (pending->tls), host->interval_ms, host->limit_ms);
  g_message ("%s from %s", reconnection ? "The friend came back" : "A friend joined",
             pending->address);
  pending_free (pending);
  g_signal_emit (host, host_signals[PEER_JOINED], 0, host->peer, reconnection);
}

static void
send_answer (Pending *pending,
             guint8   answer)
{
  pending->answer[0] = answer == ANSWER_ACCEPTED ? 'A' : 'R';
  pending->answer[1] = answer;
  g_output_stream_write_all_async (g_io_stream_get_output_stream (G_IO_STREAM (pending->tls)),
                                   pending->answer, sizeof pending->answer, G_PRIORITY_DEFAULT,
                                   pending->cancellable, answer_written, pending);
}

/* Refuses @pending for @refusal: said and logged now; the answer is written on the way out, a
 * courtesy to the other program that nothing waits for. */
static void
refuse (CaturNetHost *host,
        Pending      *pending,
        GError       *refusal,
        guint8        answer)
{
  g_message ("Refused a connection from %s: %s", pending->address, refusal->message);
  g_clear_handle_id (&pending->timeout_id, g_source_remove);
  g_ptr_array_remove_fast (host->pending, pending);
  pending->host = NULL;
  g_signal_emit (host, host_signals[REFUSED], 0, refusal);
  if (answer == ANSWER_VERSION && !g_error_matches (refusal, CATUR_NET_TRANSPORT_ERROR,
                                                    CATUR_NET_TRANSPORT_ERROR_VERSION))
    {
      pending_close (pending);
      pending_free (pending);
      return;
    }
  send_answer (pending, answer);
}

/* The old connection's answer, when the invited friend joined again while the host held it:
 * one that answers is a friend still playing, and the newcomer is a second player; one that
 * does not is gone, and the newcomer takes its place. */
static void
probe_answered (CaturNetConnection *old,
                gboolean            answered,
                gpointer            user_data)
{
  Pending *pending = user_data;
  CaturNetHost *host = pending->host;
  g_autoptr(GError) error = NULL;

  if (host == NULL)
    {
      /* The host stopped meanwhile, and closed the newcomer. */
      pending_free (pending);
      return;
    }
  host->accepting = NULL;
  if (answered)
    {
      error = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_BUSY,
                           _("A second player tried to join a game that already has two"));
      refuse (host, pending, error, ANSWER_BUSY);
      return;
    }

  if (!catur_net_connection_is_closed (old))
    {
      guint seconds = (host->probe_ms + 999) / 1000;

      error = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_NO_ANSWER,
                           g_dngettext (GETTEXT_PACKAGE,
                                        "Your friend’s computer did not answer within %u second "
                                        "when the invitation was used again: the new "
                                        "connection takes its place",
                                        "Your friend’s computer did not answer within %u seconds "
                                        "when the invitation was used again: the new "
                                        "connection takes its place", seconds), seconds);
      lose (old, error);
      /* Whoever heard of the loss may have stopped the host. */
      if (pending->host == NULL)
        {
          pending_free (pending);
          return;
        }
    }
  host->accepting = pending;
  send_answer (pending, ANSWER_ACCEPTED);
}

static void
proof_read (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Pending *pending = user_data;
  g_autoptr(GError) refusal = NULL;
  CaturNetHost *host = pending->host;
  gsize read = 0;
  guint8 answer;

  if (!pending_read_finish (pending, source, result, sizeof pending->proof - 4,
                            _("while reading its proof"), &read))
    return;

  answer = check_proof (pending->tls, host->secret, pending->proof, &refusal);
  if (answer == ANSWER_ACCEPTED && host->accepting != NULL)
    {
      refusal = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_BUSY,
                             _("A second player tried to join a game that already has two"));
      answer = ANSWER_BUSY;
    }
  if (refusal != NULL)
    {
      refuse (host, pending, refusal, answer);
      return;
    }
  host->accepting = pending;
  if (host->peer != NULL && !catur_net_connection_is_closed (host->peer))
    {
      /* The invitation's holder is back while the host still holds a connection: the friend
       * whose computer slept or whose cable came out, or a second player with the same link.
       * The old connection decides by answering or not. Its probe has its own time limit. */
      g_message ("The invitation joined again from %s: asking the connection held whether "
                 "it is still there", pending->address);
      g_clear_handle_id (&pending->timeout_id, g_source_remove);
      connection_probe (host->peer, host->probe_ms, probe_answered, pending);
      return;
    }
  send_answer (pending, answer);
}

/* The knock is whole: the host player is asked, unless the host refuses it itself. */
static void
knock_decide (CaturNetHost *host,
              Pending      *pending,
              gsize         name_length)
{
  g_autoptr(GError) refusal = NULL;
  g_autofree char *name = NULL;
  g_autofree char *code = NULL;
  char typed[CATUR_NET_CODE_LENGTH + 1] = { 0 };
  guint8 answer = CATUR_NET_ANSWER_VERSION;

  memcpy (typed, pending->proof + 5, CATUR_NET_CODE_LENGTH);
  /* The code travels in the one form the joiner writes: its letters, upper case, no hyphen. */
  for (guint i = 0; i < CATUR_NET_CODE_LENGTH; i++)
    if (!g_ascii_isupper (typed[i]) && !g_ascii_isdigit (typed[i]))
      typed[0] = '\0';
  code = typed[0] != '\0' ? catur_net_code_parse (typed, NULL) : NULL;
  if (code == NULL)
    refusal = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                           _("A program that is not Catur asked to join"));
  else if (host->code == NULL || strcmp (code, host->code) != 0)
    {
      refusal = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_WRONG_CODE,
                             _("Someone asked to join with a code that is not this game’s"));
      answer = CATUR_NET_ANSWER_WRONG_CODE;
    }
  else if (g_get_monotonic_time () < host->knocks_paused_until)
    {
      refusal = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_BUSY,
                             _("Someone asked to join again just after a player was turned "
                               "away"));
      answer = CATUR_NET_ANSWER_PAUSED;
    }
  else if (host->knock != NULL || host->accepting != NULL
           || (host->peer != NULL && !catur_net_connection_is_closed (host->peer)))
    {
      refusal = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_BUSY,
                             _("A second player asked to join a game that already has one "
                               "waiting or playing"));
      answer = CATUR_NET_ANSWER_BUSY;
    }
  if (refusal != NULL)
    {
      refuse (host, pending, refusal, answer);
      return;
    }

  /* Held, unanswered, until the host player decides; the proof's time limit is over. */
  name = catur_net_knock_clean_name ((const char *) pending->name, name_length);
  g_clear_handle_id (&pending->timeout_id, g_source_remove);
  g_ptr_array_remove_fast (host->pending, pending);
  host->knock = connection_new_knocking (G_IO_STREAM (pending->tls));
  g_signal_connect (host->knock, "connection-lost", G_CALLBACK (knock_lost), host);
  host->knock_timeout_id = g_timeout_add (host->knock_timeout_ms, knock_expired, host);
  g_message ("“%s” asked to join from %s", name, pending->address);
  pending_free (pending);
  g_signal_emit (host, host_signals[KNOCKED], 0, host->knock, name);
}

static void
knock_name_read (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Pending *pending = user_data;
  CaturNetHost *host = pending->host;
  guint8 name_length = pending->proof[CATUR_NET_KNOCK_HEADER_SIZE - 1];
  gsize read = 0;

  if (!pending_read_finish (pending, source, result, name_length,
                            _("while reading its request to join"), &read))
    return;
  knock_decide (host, pending, read);
}

static void
knock_read (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Pending *pending = user_data;
  g_autoptr(GError) refusal = NULL;
  CaturNetHost *host = pending->host;
  gsize read = 0;
  guint8 name_length;

  if (!pending_read_finish (pending, source, result, CATUR_NET_KNOCK_HEADER_SIZE - 4,
                            _("while reading its request to join"), &read))
    return;
  if (pending->proof[4] != CATUR_NET_INVITE_VERSION)
    {
      refusal = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_VERSION,
                             _("Someone tried to join with another version of Catur "
                               "(protocol %u)"), pending->proof[4]);
      refuse (host, pending, refusal, ANSWER_VERSION);
      return;
    }
  name_length = pending->proof[CATUR_NET_KNOCK_HEADER_SIZE - 1];
  if (name_length > CATUR_NET_KNOCK_NAME_MAX)
    {
      refusal = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                             _("A program that is not Catur asked to join"));
      refuse (host, pending, refusal, ANSWER_VERSION);
      return;
    }
  if (name_length == 0)
    {
      knock_decide (host, pending, 0);
      return;
    }
  g_input_stream_read_all_async (g_io_stream_get_input_stream (G_IO_STREAM (pending->tls)),
                                 pending->name, name_length, G_PRIORITY_DEFAULT,
                                 pending->cancellable, knock_name_read, pending);
}

/* The first four bytes after TLS say what comes: a proof, or a knock. */
static void
magic_read (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Pending *pending = user_data;
  g_autoptr(GError) refusal = NULL;
  CaturNetHost *host = pending->host;
  GInputStream *input = G_INPUT_STREAM (source);
  gsize read = 0;

  if (!pending_read_finish (pending, source, result, 4,
                            _("while reading its proof"), &read))
    return;
  if (memcmp (pending->proof, PROOF_MAGIC, 4) == 0)
    g_input_stream_read_all_async (input, pending->proof + 4, sizeof pending->proof - 4,
                                   G_PRIORITY_DEFAULT, pending->cancellable, proof_read,
                                   pending);
  else if (memcmp (pending->proof, CATUR_NET_KNOCK_MAGIC, 4) == 0)
    g_input_stream_read_all_async (input, pending->proof + 4, CATUR_NET_KNOCK_HEADER_SIZE - 4,
                                   G_PRIORITY_DEFAULT, pending->cancellable, knock_read,
                                   pending);
  else
    {
      refusal = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                             _("A program that is not Catur connected"));
      refuse (host, pending, refusal, ANSWER_VERSION);
    }
}

static void
handshake_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Pending *pending = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) refusal = NULL;

  if (pending->host == NULL)
    {
      pending_free (pending);
      return;
    }
  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error))
    {
      refusal = pending_error (pending, error, _("TLS handshake"));
      pending_finish (pending, refusal);
      pending_free (pending);
      return;
    }
  g_input_stream_read_all_async (g_io_stream_get_input_stream (G_IO_STREAM (pending->tls)),
                                 pending->proof, 4, G_PRIORITY_DEFAULT,
                                 pending->cancellable, magic_read, pending);
}

static gboolean
pending_timed_out (gpointer user_data)
{
  Pending *pending = user_data;

  pending->timeout_id = 0;
  pending->timed_out = TRUE;
  /* The step under way fails with G_IO_ERROR_CANCELLED and reports the time-out. */
  g_cancellable_cancel (pending->cancellable);
  return G_SOURCE_REMOVE;
}

static char *
describe_address (GSocketConnection *connection)
{
  g_autoptr(GSocketAddress) address = g_socket_connection_get_remote_address (connection, NULL);
  g_autofree char *ip = NULL;

  if (!G_IS_INET_SOCKET_ADDRESS (address))
    return g_strdup ("?");
  ip = g_inet_address_to_string (g_inet_socket_address_get_address (
                                   G_INET_SOCKET_ADDRESS (address)));
  return g_strdup_printf ("%s port %u", ip,
                          g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address)));
}

static gboolean
incoming (GSocketService     *service,
          GSocketConnection  *connection,
          GObject            *source_object,
          gpointer            user_data)
{
  CaturNetHost *self = user_data;
  g_autoptr(GError) error = NULL;
  Pending *pending;

  pending = g_new0 (Pending, 1);
  pending->host = self;
  pending->socket = g_object_ref (connection);
  pending->cancellable = g_cancellable_new ();
  pending->address = describe_address (connection);

  if (self->pending->len >= MAX_PENDING)
    {
      g_message ("Refused a connection from %s: too many at once", pending->address);
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      pending_free (pending);
      return TRUE;
    }

  pending->tls = G_TLS_CONNECTION (g_tls_server_connection_new (G_IO_STREAM (connection),
                                                                self->certificate, &error));
  if (pending->tls == NULL)
    {
      g_autoptr(GError) refusal = g_error_new (CATUR_NET_TRANSPORT_ERROR,
                                               CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                                               _("TLS is not available: %s"), error->message);

      g_ptr_array_add (self->pending, pending);
      pending_finish (pending, refusal);
      pending_free (pending);
      return TRUE;
    }
  g_ptr_array_add (self->pending, pending);
  pending->timeout_id = g_timeout_add (self->proof_timeout_ms, pending_timed_out, pending);
  g_tls_connection_handshake_async (pending->tls, G_PRIORITY_DEFAULT, pending->cancellable,
                                    handshake_done, pending);
  return TRUE;
}

/* Stops waiting for every newcomer; their callbacks free them when they come back. */
static void
drop_pending (CaturNetHost *self)
{
  self->accepting = NULL;
  while (self->pending->len > 0)
    {
      Pending *pending = g_ptr_array_steal_index_fast (self->pending, 0);

      pending->host = NULL;
      g_clear_handle_id (&pending->timeout_id, g_source_remove);
      g_cancellable_cancel (pending->cancellable);
      pending_close (pending);
    }
}

static void
catur_net_host_dispose (GObject *object)
{
  CaturNetHost *self = CATUR_NET_HOST (object);

  catur_net_host_stop (self);
  g_clear_object (&self->certificate);
  G_OBJECT_CLASS (catur_net_host_parent_class)->dispose (object);
}

static void
catur_net_host_finalize (GObject *object)
{
  CaturNetHost *self = CATUR_NET_HOST (object);

  memset (self->secret, 0, sizeof self->secret);
  g_ptr_array_unref (self->pending);
  g_free (self->code);
  G_OBJECT_CLASS (catur_net_host_parent_class)->finalize (object);
}

static void
catur_net_host_class_init (CaturNetHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_net_host_dispose;
  object_class->finalize = catur_net_host_finalize;

  /**
   * CaturNetHost::peer-joined:
   * @self: the host
   * @connection: the connection to the friend
   * @reconnection: %TRUE when the friend comes back after a connection was lost
   *
   * The invited friend proved the secret; frames can flow.
   */
  host_signals[PEER_JOINED] =
    g_signal_new ("peer-joined", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, CATUR_TYPE_NET_CONNECTION, G_TYPE_BOOLEAN);

  /**
   * CaturNetHost::refused:
   * @self: the host
   * @error: why (%CATUR_NET_TRANSPORT_ERROR_WRONG_SECRET, %CATUR_NET_TRANSPORT_ERROR_BUSY,
   *   %CATUR_NET_TRANSPORT_ERROR_PROTOCOL, %CATUR_NET_TRANSPORT_ERROR_TIMEOUT…), a sentence for
   *   the host player
   *
   * A connection was refused; the game with the accepted friend, if any, goes on.
   */
  host_signals[REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

  /**
   * CaturNetHost::knocked:
   * @self: the host
   * @pending: the connection to the player who asked to join, held unanswered
   * @name: the name that player gave, made safe to show (valid UTF-8, no control characters,
   *   at most %CATUR_NET_KNOCK_NAME_MAX bytes); it may be empty
   *
   * A player who has only the short code asked to join (catur_net_host_set_code()). Show the
   * words of this computer's certificate (catur_net_invite_words()) for both players to
   * compare, then call catur_net_host_admit() or catur_net_host_turn_away() with @pending.
   * #CaturNetConnection::connection-lost on @pending says the question is gone without an
   * answer: the player left, someone joined with the link, or nobody answered in time
   * (%CATUR_NET_TRANSPORT_ERROR_TIMEOUT).
   */
  host_signals[KNOCKED] =
    g_signal_new ("knocked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, CATUR_TYPE_NET_CONNECTION, G_TYPE_STRING);
}

static void
catur_net_host_init (CaturNetHost *self)
{
  self->pending = g_ptr_array_new ();
  self->proof_timeout_ms = CATUR_NET_PROOF_TIMEOUT_MS;
  self->interval_ms = CATUR_NET_KEEPALIVE_INTERVAL_MS;
  self->limit_ms = CATUR_NET_SILENCE_LIMIT_MS;
  self->probe_ms = CATUR_NET_PROBE_TIMEOUT_MS;
  self->knock_timeout_ms = CATUR_NET_KNOCK_TIMEOUT_MS;
  self->knock_pause_ms = CATUR_NET_KNOCK_PAUSE_MS;
}

/**
 * catur_net_host_new:
 * @certificate: the host's certificate, with its key (catur_net_cert_ensure())
 * @secret: (array fixed-size=32): the invitation's secret
 *
 * Returns: (transfer full): a host, not listening yet
 */
CaturNetHost *
catur_net_host_new (GTlsCertificate *certificate,
                    const guint8    *secret)
{
  CaturNetHost *self;

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);
  g_return_val_if_fail (secret != NULL, NULL);

  self = g_object_new (CATUR_TYPE_NET_HOST, NULL);
  self->certificate = g_object_ref (certificate);
  memcpy (self->secret, secret, CATUR_NET_SECRET_SIZE);
  return self;
}

/**
 * catur_net_host_listen:
 * @self: a host
 * @port: the port, or 0 for any free one (catur_net_host_get_port() tells which)
 * @error: return location for an error
 *
 * Listens on every address of this computer, IPv6 and IPv4.
 *
 * Returns: %FALSE if the port cannot be had
 */
gboolean
catur_net_host_listen (CaturNetHost *self,
                       guint16       port,
                       GError      **error)
{
  g_autoptr(GSocketService) service = NULL;

  g_return_val_if_fail (CATUR_IS_NET_HOST (self), FALSE);
  g_return_val_if_fail (self->service == NULL, FALSE);

  service = g_socket_service_new ();
  if (port == 0)
    {
      port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (service), NULL, error);
      if (port == 0)
        return FALSE;
    }
  else if (!g_socket_listener_add_inet_port (G_SOCKET_LISTENER (service), port, NULL, error))
    return FALSE;

  g_signal_connect_object (service, "incoming", G_CALLBACK (incoming), self, 0);
  g_socket_service_start (service);
  self->service = g_steal_pointer (&service);
  self->port = port;
  return TRUE;
}

guint16
catur_net_host_get_port (CaturNetHost *self)
{
  g_return_val_if_fail (CATUR_IS_NET_HOST (self), 0);

  return self->port;
}

/**
 * catur_net_host_set_proof_timeout:
 * @self: a host
 * @milliseconds: how long a new connection has to finish TLS and prove the secret
 *
 * Applies to connections that arrive afterwards.
 */
void
catur_net_host_set_proof_timeout (CaturNetHost *self,
                                  guint         milliseconds)
{
  g_return_if_fail (CATUR_IS_NET_HOST (self));
  g_return_if_fail (milliseconds > 0);

  self->proof_timeout_ms = milliseconds;
}

/**
 * catur_net_host_set_heartbeat:
 * @self: a host
 * @interval_ms: the friend's connection's keepalive interval
 *   (catur_net_connection_set_heartbeat())
 * @limit_ms: its silence limit, more than @interval_ms
 * @probe_ms: how long the friend's connection has to answer when the invited friend joins
 *   again while the host still holds it
 *
 * Applies to connections that arrive afterwards.
 */
void
catur_net_host_set_heartbeat (CaturNetHost *self,
                              guint         interval_ms,
                              guint         limit_ms,
                              guint         probe_ms)
{
  g_return_if_fail (CATUR_IS_NET_HOST (self));
  g_return_if_fail (interval_ms > 0 && limit_ms > interval_ms && probe_ms > 0);

  self->interval_ms = interval_ms;
  self->limit_ms = limit_ms;
  self->probe_ms = probe_ms;
}

/**
 * catur_net_host_get_peer:
 * @self: a host
 *
 * Returns: (transfer none) (nullable): the connection to the friend, open or lost, or %NULL
 *   before anyone joined
 */
CaturNetConnection *
catur_net_host_get_peer (CaturNetHost *self)
{
  g_return_val_if_fail (CATUR_IS_NET_HOST (self), NULL);

  return self->peer;
}

/**
 * catur_net_host_stop:
 * @self: a host
 *
 * Stops listening and closes every connection, the friend's too.
 */
void
catur_net_host_stop (CaturNetHost *self)
{
  g_return_if_fail (CATUR_IS_NET_HOST (self));

  if (self->service != NULL)
    {
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
      g_clear_object (&self->service);
    }
  drop_pending (self);
  {
    g_autoptr(CaturNetConnection) knock = knock_take (self);

    if (knock != NULL)
      catur_net_connection_close (knock);
  }
  if (self->peer != NULL)
    catur_net_connection_close (self->peer);
  g_clear_object (&self->peer);
}

/**
 * catur_net_host_set_code:
 * @self: a host
 * @code: (nullable): the game's short code (catur_net_code_new()), in any form
 *   catur_net_code_parse() reads, or %NULL to refuse every knock
 *
 * Lets a player who has only this code ask to join (#CaturNetHost::knocked). A knock with
 * another code is refused. A knock already held stays until it is answered.
 */
void
catur_net_host_set_code (CaturNetHost *self,
                         const char   *code)
{
  g_autofree char *parsed = NULL;

  g_return_if_fail (CATUR_IS_NET_HOST (self));

  if (code != NULL)
    {
      parsed = catur_net_code_parse (code, NULL);
      g_return_if_fail (parsed != NULL);
    }
  g_free (self->code);
  self->code = g_steal_pointer (&parsed);
}

/**
 * catur_net_host_set_knock_timeout:
 * @self: a host
 * @timeout_ms: how long the host player has to answer a knock (%CATUR_NET_KNOCK_TIMEOUT_MS)
 * @pause_ms: how long knocks are refused after the host player turned one away
 *   (%CATUR_NET_KNOCK_PAUSE_MS), or 0
 *
 * For the tests. Applies to knocks that arrive afterwards.
 */
void
catur_net_host_set_knock_timeout (CaturNetHost *self,
                                  guint         timeout_ms,
                                  guint         pause_ms)
{
  g_return_if_fail (CATUR_IS_NET_HOST (self));
  g_return_if_fail (timeout_ms > 0);

  self->knock_timeout_ms = timeout_ms;
  self->knock_pause_ms = pause_ms;
}

/**
 * catur_net_host_admit:
 * @self: a host
 * @pending: the connection #CaturNetHost::knocked gave
 *
 * The host player saw the same words as the friend and lets the friend in: the friend gets
 * the invitation's secret, so that it joins again after a drop as one with the link does, and
 * #CaturNetHost::peer-joined follows at once for @pending. Does nothing when @pending's
 * question is gone (#CaturNetConnection::connection-lost).
 */
void
catur_net_host_admit (CaturNetHost       *self,
                      CaturNetConnection *pending)
{
  g_autoptr(CaturNetConnection) knock = NULL;
  guint8 admission[2 + CATUR_NET_SECRET_SIZE] = { 'A', ANSWER_ACCEPTED };
  gboolean reconnection;

  g_return_if_fail (CATUR_IS_NET_HOST (self));
  g_return_if_fail (CATUR_IS_NET_CONNECTION (pending));

  if (pending != self->knock)
    return;
  if (self->accepting != NULL)
    {
      /* The invitation's holder proved the secret while the host player looked at the words,
       * and its acceptance is on its way: the seat is taken. */
      g_autoptr(GError) busy = g_error_new (CATUR_NET_TRANSPORT_ERROR,
                                            CATUR_NET_TRANSPORT_ERROR_BUSY,
                                            _("The invited friend joined with the link, so "
                                              "the player who asked to join cannot"));

      knock_end (self, CATUR_NET_ANSWER_BUSY, busy);
      return;
    }
  knock = knock_take (self);
  memcpy (admission + 2, self->secret, CATUR_NET_SECRET_SIZE);
  knock->knocking = FALSE;
  knock->interval_ms = self->interval_ms;
  knock->limit_ms = self->limit_ms;
  knock->last_received = g_get_monotonic_time ();
  queue_bytes (knock, g_bytes_new (admission, sizeof admission));
  memset (admission, 0, sizeof admission);
  schedule_heartbeat (knock);

  reconnection = self->had_peer;
  self->had_peer = TRUE;
  g_set_object (&self->peer, knock);
  g_message ("The player who asked to join was let in");
  g_signal_emit (self, host_signals[PEER_JOINED], 0, self->peer, reconnection);
}

/**
 * catur_net_host_turn_away:
 * @self: a host
 * @pending: the connection #CaturNetHost::knocked gave
 *
 * The host player does not let this player in (the words differ, or it is not the friend): the
 * player is told so and the connection closes. Knocks are then refused for a few seconds
 * (%CATUR_NET_KNOCK_PAUSE_MS), so that one who knocks again at once does not ask the host player
 * again and again. Does nothing when @pending's question is gone.
 */
void
catur_net_host_turn_away (CaturNetHost       *self,
                          CaturNetConnection *pending)
{
  g_autoptr(CaturNetConnection) knock = NULL;

  g_return_if_fail (CATUR_IS_NET_HOST (self));
  g_return_if_fail (CATUR_IS_NET_CONNECTION (pending));

  if (pending != self->knock)
    return;
  knock = knock_take (self);
  self->knocks_paused_until = g_get_monotonic_time () + (gint64) self->knock_pause_ms * 1000;
  g_message ("The player who asked to join was turned away");
  connection_say_last (knock, refusal_bytes (CATUR_NET_ANSWER_TURNED_AWAY));
}

/* ---------------------------------------------------------------------------------------- */
/* Joining */

typedef struct
{
  CaturNetInvite *invite;
  GTlsConnection *tls;
  gboolean wrong_certificate;
  guint8 proof[CATUR_NET_PROOF_SIZE];
  guint8 answer[2];
} Join;

static void
join_free (Join *join)
{
  catur_net_invite_free (join->invite);
  g_clear_object (&join->tls);
  g_free (join);
}

static gboolean
certificate_matches (GTlsCertificate *certificate,
                     const guint8    *fingerprint)
{
  guint8 seen[CATUR_NET_FINGERPRINT_SIZE];

  return certificate != NULL && catur_net_cert_get_fingerprint (certificate, seen)
         && memcmp (seen, fingerprint, sizeof seen) == 0;
}

static gboolean
accept_certificate (GTlsConnection      *tls,
                    GTlsCertificate     *certificate,
                    GTlsCertificateFlags errors,
                    gpointer             user_data)
{
  Join *join = user_data;

  /* The pin decides alone: the certificate is self-signed, so the usual checks (a known
   * authority, a name) always fail and say nothing. */
  if (certificate_matches (certificate, join->invite->fingerprint))
    return TRUE;
  join->wrong_certificate = TRUE;
  return FALSE;
}

static void
join_fail (GTask  *task,
           GError *error)
{
  Join *join = g_task_get_task_data (task);

  if (join->tls != NULL)
    g_io_stream_close_async (G_IO_STREAM (join->tls), G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  g_task_return_error (task, error);
}

static GError *
wrong_certificate_error (void)
{
  return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_CERTIFICATE,
                      _("The computer at this address is not the one that made the invitation "
                        "(its certificate does not match): the link may be wrong or old, or "
                        "someone is in the way"));
}

/* For the joiner: what the host's refusal @reason (CATUR_NET_ANSWER_*) means. */
GError *
catur_net_answer_error (guint8 reason)
{
  switch (reason)
    {
    case CATUR_NET_ANSWER_WRONG_SECRET:
      return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_WRONG_SECRET,
                          _("The host refused the invitation: it is not for the game being "
                            "hosted now"));
    case CATUR_NET_ANSWER_BUSY:
      return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_BUSY,
                          _("The host is already playing with someone"));
    case CATUR_NET_ANSWER_VERSION:
      return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_VERSION,
                          _("The host plays another version of Catur’s network game"));
    case CATUR_NET_ANSWER_TURNED_AWAY:
      return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_TURNED_AWAY,
                          _("The host player did not let you in"));
    case CATUR_NET_ANSWER_WRONG_CODE:
      return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_WRONG_CODE,
                          _("The game at this address does not have this code: check the code "
                            "with your friend"));
    case CATUR_NET_ANSWER_KNOCK_TIMEOUT:
      return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_TIMEOUT,
                          _("The host player did not answer in time"));
    case CATUR_NET_ANSWER_PAUSED:
      return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_BUSY,
                          _("The host player has just turned someone away: try again in a few "
                            "seconds"));
    default:
      return g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                          _("The host answered something Catur does not understand"));
    }
}

static void
answer_read (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Join *join = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  gsize read = 0;

  if (!g_input_stream_read_all_finish (G_INPUT_STREAM (source), result, &read, &error))
    {
      join_fail (task, g_steal_pointer (&error));
      return;
    }
  if (read < sizeof join->answer)
    {
      join_fail (task, g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_CLOSED,
                                    _("The host closed the connection without answering")));
      return;
    }
  if (join->answer[0] == 'A' && join->answer[1] == ANSWER_ACCEPTED)
    {
      g_task_return_pointer (task, connection_new (G_IO_STREAM (join->tls),
                                                   CATUR_NET_KEEPALIVE_INTERVAL_MS,
                                                   CATUR_NET_SILENCE_LIMIT_MS),
                             g_object_unref);
      return;
    }
  join_fail (task, catur_net_answer_error (join->answer[0] == 'R' ? join->answer[1] : 255));
}

static void
proof_written (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Join *join = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  GError *error = NULL;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      join_fail (task, error);
      return;
    }
  g_input_stream_read_all_async (g_io_stream_get_input_stream (G_IO_STREAM (join->tls)),
                                 join->answer, sizeof join->answer, G_PRIORITY_DEFAULT,
                                 cancellable, answer_read, g_steal_pointer (&task));
}

static void
join_handshake_done (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Join *join = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  GError *error = NULL;

  if (!g_tls_connection_handshake_finish (join->tls, result, &error))
    {
      if (join->wrong_certificate)
        {
          g_clear_error (&error);
          error = wrong_certificate_error ();
        }
      join_fail (task, error);
      return;
    }
  /* accept-certificate is not asked when a certificate passes the usual checks (one signed by
   * a known authority for this address): the pin is checked here whatever happened. */
  if (!certificate_matches (g_tls_connection_get_peer_certificate (join->tls),
                            join->invite->fingerprint))
    {
      join_fail (task, wrong_certificate_error ());
      return;
    }
  if (!catur_net_compute_proof (join->tls, join->invite->secret, join->proof, &error))
    {
      join_fail (task, error);
      return;
    }
  g_output_stream_write_all_async (g_io_stream_get_output_stream (G_IO_STREAM (join->tls)),
                                   join->proof, sizeof join->proof, G_PRIORITY_DEFAULT,
                                   cancellable, proof_written, g_steal_pointer (&task));
}

static void
connected (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Join *join = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  GIOStream *tls;

  connection = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  if (connection == NULL)
    {
      g_prefix_error (&error, _("Could not reach %s port %u: "), join->invite->host,
                      join->invite->port);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  tls = g_tls_client_connection_new (G_IO_STREAM (connection), NULL, &error);
  if (tls == NULL)
    {
      g_task_return_new_error (task, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                               _("TLS is not available: %s"), error->message);
      return;
    }
  join->tls = G_TLS_CONNECTION (tls);
  /* No authority vouches for a self-signed certificate: the pin alone decides, and the
   * system's store of authorities would only be read for nothing. */
  g_tls_connection_set_database (join->tls, NULL);
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (accept_certificate), join);
  g_tls_connection_handshake_async (join->tls, G_PRIORITY_DEFAULT, cancellable,
                                    join_handshake_done, g_steal_pointer (&task));
}

/**
 * catur_net_join_async:
 * @invite: the invitation
 * @cancellable: (nullable): cancels the attempt
 * @callback: called when joined or refused
 * @user_data: for @callback
 *
 * Connects to the host of @invite, checks that its certificate is the invitation's and proves
 * the secret. Nothing limits how long the host takes: cancel @cancellable to give up.
 */
void
catur_net_join_async (const CaturNetInvite *invite,
                      GCancellable         *cancellable,
                      GAsyncReadyCallback   callback,
                      gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GSocketClient) client = NULL;
  g_autoptr(GSocketConnectable) address = NULL;
  Join *join;

  g_return_if_fail (invite != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, catur_net_join_async);
  join = g_new0 (Join, 1);
  join->invite = catur_net_invite_copy (invite);
  g_task_set_task_data (task, join, (GDestroyNotify) join_free);

  client = g_socket_client_new ();
  /* The friend is on a network this computer reaches directly; asking the desktop's proxy
   * settings costs time and could only send the game through a stranger. */
  g_socket_client_set_enable_proxy (client, FALSE);
  address = g_network_address_new (invite->host, invite->port);
  g_socket_client_connect_async (client, address, cancellable, connected,
                                 g_steal_pointer (&task));
}

/**
 * catur_net_join_finish:
 * @result: the result given to the callback
 * @error: return location for an error: %CATUR_NET_TRANSPORT_ERROR_CERTIFICATE when the host's
 *   certificate is not the invitation's, %CATUR_NET_TRANSPORT_ERROR_WRONG_SECRET or
 *   %CATUR_NET_TRANSPORT_ERROR_BUSY when the host refused, or a network error
 *
 * Returns: (transfer full) (nullable): the connection to the host
 */
CaturNetConnection *
catur_net_join_finish (GAsyncResult *result,
                       GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
