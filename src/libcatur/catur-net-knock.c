/* catur-net-knock.c: joining a game found by its short code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The joiner has no fingerprint to pin, so it takes the certificate the host shows and lets
 * the players judge it by its words; it has no secret, so instead of the proof it knocks (the
 * format is in catur-net-transport-private.h) and waits for the host player's answer, which
 * brings the secret when it is yes. Every wait has a limit, and whatever goes wrong ends in
 * ::failed, once.
 */
#define G_LOG_DOMAIN "catur-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur-net-transport-private.h"

/* How long the connection and TLS may take before the knock is sent. */
#define CONNECT_TIMEOUT_MS CATUR_NET_PROOF_TIMEOUT_MS

/* How long the joiner waits for the host player's answer: the host's own limit, and a silence
 * limit more for a host whose computer went away without a word. */
#define ANSWER_TIMEOUT_MS (CATUR_NET_KNOCK_TIMEOUT_MS + CATUR_NET_SILENCE_LIMIT_MS)

struct _CaturNetKnock
{
  GObject parent_instance;

  char *host;
  guint16 port;
  char *typed_code;
  char *name;

  GCancellable *cancellable;    /* ours: the caller's, the time limit, the end */
  GCancellable *caller_cancellable;
  gulong caller_cancelled_id;
  guint timeout_id;
  gboolean timed_out;
  gboolean started;
  gboolean finished;

  GTlsConnection *tls;
  guint8 fingerprint[CATUR_NET_FINGERPRINT_SIZE];
  gboolean have_fingerprint;
  guint8 knock[CATUR_NET_KNOCK_HEADER_SIZE + CATUR_NET_KNOCK_NAME_MAX];
  gsize knock_length;
  guint8 answer[2 + CATUR_NET_SECRET_SIZE];
  CaturNetInvite *invite;
};

G_DEFINE_FINAL_TYPE (CaturNetKnock, catur_net_knock, G_TYPE_OBJECT)

enum
{
  CONNECTED,
  ADMITTED,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/**
 * catur_net_knock_clean_name: (skip)
 * @bytes: a player's name as given or received, not necessarily UTF-8 nor ended by 0
 * @length: its length in bytes, or -1 when it ends with 0
 *
 * The name made safe to show and to send: valid UTF-8, control characters as spaces, no
 * spaces around, cut at a character's end to at most %CATUR_NET_KNOCK_NAME_MAX bytes.
 *
 * Returns: (transfer full): the name, perhaps empty
 */
char *
catur_net_knock_clean_name (const char *bytes,
                            gssize      length)
{
  g_autofree char *valid = g_utf8_make_valid (bytes, length);
  GString *clean = g_string_new (NULL);

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_string_append_unichar (clean, g_unichar_iscntrl (c) ? ' ' : c);
    }
  g_strstrip (clean->str);
  g_string_set_size (clean, strlen (clean->str));
  if (clean->len > CATUR_NET_KNOCK_NAME_MAX)
    {
      const char *end = g_utf8_find_prev_char (clean->str,
                                               clean->str + CATUR_NET_KNOCK_NAME_MAX + 1);

      g_string_truncate (clean, end - clean->str);
      g_strchomp (clean->str);
      g_string_set_size (clean, strlen (clean->str));
    }
  return g_string_free (clean, FALSE);
}

static void
knock_finish (CaturNetKnock *self)
{
  self->finished = TRUE;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
}

/* Ends the attempt with @error (taken), unless it ended already. */
static void
knock_fail (CaturNetKnock *self,
            GError        *error)
{
  g_autoptr(GError) owned = error;

  if (self->finished)
    return;
  knock_finish (self);
  if (self->timed_out && g_error_matches (owned, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_error (&owned);
      owned = g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_TIMEOUT,
                           self->have_fingerprint
                           ? _("The host player did not answer in time")
                           : _("The host did not answer: it may have stopped hosting"));
    }
  g_message ("Asking %s port %u to join failed: %s", self->host, self->port, owned->message);
  g_cancellable_cancel (self->cancellable);
  if (self->tls != NULL)
    g_io_stream_close_async (G_IO_STREAM (self->tls), G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  g_signal_emit (self, signals[FAILED], 0, owned);
}

static gboolean
knock_timed_out (gpointer user_data)
{
  CaturNetKnock *self = user_data;

  self->timeout_id = 0;
  self->timed_out = TRUE;
  /* The step under way fails with G_IO_ERROR_CANCELLED and reports the time-out. */
  g_cancellable_cancel (self->cancellable);
  return G_SOURCE_REMOVE;
}

static void
set_timeout (CaturNetKnock *self,
             guint          milliseconds)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  self->timeout_id = g_timeout_add (milliseconds, knock_timed_out, self);
}

static void
secret_read (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CaturNetKnock) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturNetConnection) connection = NULL;
  gsize read = 0;

  if (!g_input_stream_read_all_finish (G_INPUT_STREAM (source), result, &read, &error))
    {
      knock_fail (self, g_steal_pointer (&error));
      return;
    }
  if (read < sizeof self->answer - 2)
    {
      knock_fail (self, g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_CLOSED,
                                     _("The host closed the connection while letting you in")));
      return;
    }
  if (self->finished)
    return;

  /* The invitation, as a link would have given it: the friend joins again with it after a
   * drop, by the proof, and the certificate seen is pinned from now on. */
  self->invite = g_new0 (CaturNetInvite, 1);
  self->invite->host = g_strdup (self->host);
  self->invite->port = self->port;
  self->invite->version = CATUR_NET_INVITE_VERSION;
  memcpy (self->invite->fingerprint, self->fingerprint, CATUR_NET_FINGERPRINT_SIZE);
  memcpy (self->invite->secret, self->answer + 2, CATUR_NET_SECRET_SIZE);
  memset (self->answer, 0, sizeof self->answer);

  knock_finish (self);
  connection = catur_net_connection_new_joined (G_IO_STREAM (self->tls));
  g_message ("Let in by %s port %u", self->host, self->port);
  g_signal_emit (self, signals[ADMITTED], 0, connection);
}

static void
answer_read (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CaturNetKnock) self = user_data;
  g_autoptr(GError) error = NULL;
  gsize read = 0;

  if (!g_input_stream_read_all_finish (G_INPUT_STREAM (source), result, &read, &error))
    {
      knock_fail (self, g_steal_pointer (&error));
      return;
    }
  if (read < 2)
    {
      knock_fail (self, g_error_new (CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_CLOSED,
                                     _("The host closed the connection without answering")));
      return;
    }
  if (self->answer[0] == 'A' && self->answer[1] == CATUR_NET_ANSWER_ACCEPTED)
    {
      /* The secret follows at once: the host's time limit for it is the connection's. */
      set_timeout (self, CATUR_NET_SILENCE_LIMIT_MS);
      g_input_stream_read_all_async (G_INPUT_STREAM (source), self->answer + 2,
                                     sizeof self->answer - 2, G_PRIORITY_DEFAULT,
                                     self->cancellable, secret_read, g_object_ref (self));
      return;
    }
  knock_fail (self, catur_net_answer_error (self->answer[0] == 'R' ? self->answer[1] : 255));
}

static void
knock_written (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(CaturNetKnock) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      knock_fail (self, g_steal_pointer (&error));
      return;
    }
  if (self->finished)
    return;
  set_timeout (self, ANSWER_TIMEOUT_MS);
  g_input_stream_read_all_async (g_io_stream_get_input_stream (G_IO_STREAM (self->tls)),
                                 self->answer, 2, G_PRIORITY_DEFAULT, self->cancellable,
                                 answer_read, g_object_ref (self));
  g_signal_emit (self, signals[CONNECTED], 0);
}

static void
handshake_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(CaturNetKnock) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *code = NULL;
  GTlsCertificate *certificate;
  gsize name_length = strlen (self->name);

  if (!g_tls_connection_handshake_finish (self->tls, result, &error))
    {
      knock_fail (self, g_steal_pointer (&error));
      return;
    }
  certificate = g_tls_connection_get_peer_certificate (self->tls);
  if (certificate == NULL || !catur_net_cert_get_fingerprint (certificate, self->fingerprint))
    {
      knock_fail (self, g_error_new (CATUR_NET_TRANSPORT_ERROR,
                                     CATUR_NET_TRANSPORT_ERROR_CERTIFICATE,
                                     _("The host showed no certificate Catur can read")));
      return;
    }
  self->have_fingerprint = TRUE;

  code = catur_net_code_parse (self->typed_code, NULL);
  memcpy (self->knock, CATUR_NET_KNOCK_MAGIC, 4);
  self->knock[4] = CATUR_NET_INVITE_VERSION;
  /* "ABC-DEF": the letters around the hyphen. */
  memcpy (self->knock + 5, code, CATUR_NET_CODE_LENGTH / 2);
  memcpy (self->knock + 5 + CATUR_NET_CODE_LENGTH / 2, code + CATUR_NET_CODE_LENGTH / 2 + 1,
          CATUR_NET_CODE_LENGTH - CATUR_NET_CODE_LENGTH / 2);
  self->knock[CATUR_NET_KNOCK_HEADER_SIZE - 1] = name_length;
  memcpy (self->knock + CATUR_NET_KNOCK_HEADER_SIZE, self->name, name_length);
  self->knock_length = CATUR_NET_KNOCK_HEADER_SIZE + name_length;
  g_output_stream_write_all_async (g_io_stream_get_output_stream (G_IO_STREAM (self->tls)),
                                   self->knock, self->knock_length, G_PRIORITY_DEFAULT,
                                   self->cancellable, knock_written, g_object_ref (self));
}

static gboolean
accept_any_certificate (GTlsConnection      *tls,
                        GTlsCertificate     *certificate,
                        GTlsCertificateFlags errors,
                        gpointer             user_data)
{
  /* No fingerprint to pin: the players compare its words before the host lets anyone in. */
  return TRUE;
}

static void
tcp_connected (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(CaturNetKnock) self = user_data;
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  GIOStream *tls;

  connection = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  if (connection == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_prefix_error (&error, _("Could not reach %s port %u: "), self->host, self->port);
      knock_fail (self, g_steal_pointer (&error));
      return;
    }
  if (self->finished)
    return;
  tls = g_tls_client_connection_new (G_IO_STREAM (connection), NULL, &error);
  if (tls == NULL)
    {
      knock_fail (self, g_error_new (CATUR_NET_TRANSPORT_ERROR,
                                     CATUR_NET_TRANSPORT_ERROR_PROTOCOL,
                                     _("TLS is not available: %s"), error->message));
      return;
    }
  self->tls = G_TLS_CONNECTION (tls);
  g_tls_connection_set_database (self->tls, NULL);
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (accept_any_certificate), NULL);
  g_tls_connection_handshake_async (self->tls, G_PRIORITY_DEFAULT, self->cancellable,
                                    handshake_done, g_object_ref (self));
}

static gboolean
fail_later (gpointer user_data)
{
  CaturNetKnock *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *code = catur_net_code_parse (self->typed_code, &error);

  knock_fail (self, g_steal_pointer (&error));
  return G_SOURCE_REMOVE;
}

static void
caller_cancelled (GCancellable  *cancellable,
                  CaturNetKnock *self)
{
  g_cancellable_cancel (self->cancellable);
}

/**
 * catur_net_knock_start:
 * @self: a knock not started yet
 * @cancellable: (nullable): gives up; ::failed then says %G_IO_ERROR_CANCELLED
 *
 * Connects to the host and asks to join. ::connected follows once TLS is up, then ::admitted
 * or ::failed; or ::failed at once. Each wait has its limit: 10 seconds to reach the host, and
 * the host player's two minutes (%CATUR_NET_KNOCK_TIMEOUT_MS) to answer.
 */
void
catur_net_knock_start (CaturNetKnock *self,
                       GCancellable  *cancellable)
{
  g_autoptr(GSocketClient) client = NULL;
  g_autoptr(GSocketConnectable) address = NULL;
  g_autofree char *code = NULL;

  g_return_if_fail (CATUR_IS_NET_KNOCK (self));
  g_return_if_fail (!self->started);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  self->started = TRUE;
  if (cancellable != NULL)
    {
      self->caller_cancellable = g_object_ref (cancellable);
      self->caller_cancelled_id = g_cancellable_connect (cancellable,
                                                         G_CALLBACK (caller_cancelled),
                                                         self, NULL);
    }
  code = catur_net_code_parse (self->typed_code, NULL);
  if (code == NULL)
    {
      /* Said from the main loop, as every other end is: the caller is not in the middle of
       * starting when it hears it. */
      g_idle_add_full (G_PRIORITY_DEFAULT, fail_later, g_object_ref (self), g_object_unref);
      return;
    }

  set_timeout (self, CONNECT_TIMEOUT_MS);
  client = g_socket_client_new ();
  /* As catur_net_join_async(): the host is on a network this computer reaches directly. */
  g_socket_client_set_enable_proxy (client, FALSE);
  address = g_network_address_new (self->host, self->port);
  g_socket_client_connect_async (client, address, self->cancellable, tcp_connected,
                                 g_object_ref (self));
}

/**
 * catur_net_knock_get_fingerprint:
 * @self: a knock
 *
 * Returns: (nullable) (array fixed-size=32): the fingerprint of the certificate the host
 *   showed, for catur_net_invite_words(); %NULL before ::connected
 */
const guint8 *
catur_net_knock_get_fingerprint (CaturNetKnock *self)
{
  g_return_val_if_fail (CATUR_IS_NET_KNOCK (self), NULL);

  return self->have_fingerprint ? self->fingerprint : NULL;
}

/**
 * catur_net_knock_dup_invite:
 * @self: a knock
 *
 * Returns: (transfer full) (nullable): after ::admitted, the invitation the host handed over
 *   (its address, the fingerprint seen, the secret), to join again with catur_net_join_async()
 *   after a drop; %NULL before
 */
CaturNetInvite *
catur_net_knock_dup_invite (CaturNetKnock *self)
{
  g_return_val_if_fail (CATUR_IS_NET_KNOCK (self), NULL);

  return self->invite != NULL ? catur_net_invite_copy (self->invite) : NULL;
}

static void
catur_net_knock_dispose (GObject *object)
{
  CaturNetKnock *self = CATUR_NET_KNOCK (object);

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  if (self->caller_cancellable != NULL)
    g_cancellable_disconnect (self->caller_cancellable, self->caller_cancelled_id);
  self->caller_cancelled_id = 0;
  g_clear_object (&self->caller_cancellable);
  if (self->tls != NULL && !self->finished)
    g_io_stream_close_async (G_IO_STREAM (self->tls), G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  g_clear_object (&self->tls);
  G_OBJECT_CLASS (catur_net_knock_parent_class)->dispose (object);
}

static void
catur_net_knock_finalize (GObject *object)
{
  CaturNetKnock *self = CATUR_NET_KNOCK (object);

  g_clear_object (&self->cancellable);
  g_free (self->host);
  g_free (self->typed_code);
  g_free (self->name);
  g_clear_pointer (&self->invite, catur_net_invite_free);
  memset (self->answer, 0, sizeof self->answer);
  G_OBJECT_CLASS (catur_net_knock_parent_class)->finalize (object);
}

static void
catur_net_knock_class_init (CaturNetKnockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_net_knock_dispose;
  object_class->finalize = catur_net_knock_finalize;

  /**
   * CaturNetKnock::connected:
   * @self: the knock
   *
   * TLS is up and the knock sent: catur_net_knock_get_fingerprint() gives the certificate's
   * fingerprint, whose words (catur_net_invite_words()) the player compares with the host
   * player's while the host player decides.
   */
  signals[CONNECTED] =
    g_signal_new ("connected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CaturNetKnock::admitted:
   * @self: the knock
   * @connection: the connection to the host, for catur_net_play_attach(); take a reference
   *
   * The host player let the player in; catur_net_knock_dup_invite() now gives the invitation.
   */
  signals[ADMITTED] =
    g_signal_new ("admitted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, CATUR_TYPE_NET_CONNECTION);

  /**
   * CaturNetKnock::failed:
   * @self: the knock
   * @error: why, a sentence for the player: %CATUR_NET_TRANSPORT_ERROR_TURNED_AWAY,
   *   %CATUR_NET_TRANSPORT_ERROR_WRONG_CODE, %CATUR_NET_TRANSPORT_ERROR_BUSY,
   *   %CATUR_NET_TRANSPORT_ERROR_TIMEOUT, %CATUR_NET_TRANSPORT_ERROR_VERSION,
   *   %CATUR_NET_INVITE_ERROR_CODE for a code that is not one, %G_IO_ERROR_CANCELLED, or the
   *   network's error
   *
   * The attempt is over, without a game.
   */
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
catur_net_knock_init (CaturNetKnock *self)
{
  self->cancellable = g_cancellable_new ();
}

/**
 * catur_net_knock_new:
 * @host: the host's address, as discovery gives it (catur_net_found_game_get_address())
 * @port: its port
 * @code: the short code as the player typed it (catur_net_code_parse() reads it)
 * @name: (nullable): the player's name, shown to the host player; made safe and cut to
 *   %CATUR_NET_KNOCK_NAME_MAX bytes
 *
 * Returns: (transfer full): a knock, not started (catur_net_knock_start())
 */
CaturNetKnock *
catur_net_knock_new (const char *host,
                     guint16     port,
                     const char *code,
                     const char *name)
{
  CaturNetKnock *self;

  g_return_val_if_fail (host != NULL && *host != '\0', NULL);
  g_return_val_if_fail (port != 0, NULL);
  g_return_val_if_fail (code != NULL, NULL);

  self = g_object_new (CATUR_TYPE_NET_KNOCK, NULL);
  self->host = g_strdup (host);
  self->port = port;
  self->typed_code = g_strdup (code);
  self->name = catur_net_knock_clean_name (name != NULL ? name : "", -1);
  return self;
}
