/* catur-net-play.c: a game played over a network connection, across drops
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layers of network play do not know each other: the transport carries frames of opaque
 * bytes, the session turns a game's actions into messages and checks the peer's, the deal
 * deals face-down pieces. A CaturNetPlay joins them for one game: each connection it is given
 * gets a session of its own over the same game, the session's messages go out as the
 * connection's frames and the connection's frames come in to the session. When a connection
 * is lost the game is kept as it is, at its ply, and so is the deal of a game with face-down
 * pieces; the next connection (the same invitation) resumes with a new session: the hellos
 * compare the records and the side ahead sends what the other lacks. The deal, which lives in
 * this program alone, is also given out whole whenever it changes (::deal-changed), for the
 * caller to keep beside the game's autosave: a program killed mid-game resumes from both.
 * docs/network.md, "Putting the layers together".
 */
#define G_LOG_DOMAIN "catur-net"

#include "config.h"

#include "catur.h"

struct _CaturNetPlay
{
  GObject parent_instance;

  gboolean host;
  CaturVariant *variant;
  /* %NULL for a guest until its first welcome. */
  CaturGame *game;
  CaturSide seat;
  char *name;

  CaturNetConnection *connection;
  gulong frame_id, lost_id;
  CaturNetSession *session;
  gulong send_id, game_id;
  /* Kept from one session to the next: the face-down pieces dealt in the first. */
  CaturNetDeal *deal;
  CaturSquare flip_asked;
  guint n_sessions;
  guint64 bytes_sent;
  /* The deal as ::deal-changed last gave it. */
  GBytes *saved_deal;
};

/* The saved form of the deal with the flip owed (catur_net_play_save_deal()). */
#define SAVED_DEAL_TYPE "(qyay)"
#define SAVED_DEAL_VERSION 1

G_DEFINE_FINAL_TYPE (CaturNetPlay, catur_net_play, G_TYPE_OBJECT)

enum {
  SESSION_STARTED,
  CONNECTION_LOST,
  DEAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Gives the deal out when it changed: before a message leaves (a round, a share) and once one
 * is taken, so that what the peer may know of this side is never ahead of what is saved. */
static void
check_deal (CaturNetPlay *self)
{
  g_autoptr(GBytes) saved = catur_net_play_save_deal (self);

  if (saved == NULL || (self->saved_deal != NULL && g_bytes_equal (saved, self->saved_deal)))
    return;
  g_clear_pointer (&self->saved_deal, g_bytes_unref);
  self->saved_deal = g_bytes_ref (saved);
  g_signal_emit (self, signals[DEAL_CHANGED], 0, saved);
}

static void
drop_session (CaturNetPlay *self)
{
  if (self->session == NULL)
    return;
  /* The seat may have changed (a rematch), and the guest's game came with the welcome. */
  if (catur_net_session_get_game (self->session) != NULL)
    {
      g_set_object (&self->game, catur_net_session_get_game (self->session));
      self->seat = catur_net_session_get_seat (self->session);
    }
  g_set_object (&self->deal, catur_net_session_get_deal (self->session));
  self->flip_asked = catur_net_session_get_flip_asked (self->session);
  g_clear_signal_handler (&self->send_id, self->session);
  g_clear_signal_handler (&self->game_id, self->session);
  g_clear_object (&self->session);
}

static void
drop_connection (CaturNetPlay *self,
                 gboolean      close)
{
  if (self->connection == NULL)
    return;
  g_clear_signal_handler (&self->frame_id, self->connection);
  g_clear_signal_handler (&self->lost_id, self->connection);
  if (close)
    catur_net_connection_close (self->connection);
  g_clear_object (&self->connection);
}

static void
catur_net_play_dispose (GObject *object)
{
  CaturNetPlay *self = CATUR_NET_PLAY (object);

  drop_session (self);
  drop_connection (self, TRUE);
  g_clear_object (&self->game);
  g_clear_object (&self->deal);
  g_clear_pointer (&self->saved_deal, g_bytes_unref);

  G_OBJECT_CLASS (catur_net_play_parent_class)->dispose (object);
}

static void
catur_net_play_finalize (GObject *object)
{
  CaturNetPlay *self = CATUR_NET_PLAY (object);

  g_free (self->name);

  G_OBJECT_CLASS (catur_net_play_parent_class)->finalize (object);
}

static void
catur_net_play_class_init (CaturNetPlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = catur_net_play_dispose;
  object_class->finalize = catur_net_play_finalize;

  /**
   * CaturNetPlay::session-started:
   * @session: the session over the new connection, its hello sent (guest) or awaited (host)
   *
   * Where the caller connects to the session's signals, once a connection.
   */
  signals[SESSION_STARTED] = g_signal_new ("session-started", type, G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1,
                                           CATUR_TYPE_NET_SESSION);
  /**
   * CaturNetPlay::connection-lost:
   * @error: why, as the transport said it
   *
   * The connection ended: the game is kept as it stands, and a new connection resumes it.
   */
  signals[CONNECTION_LOST] = g_signal_new ("connection-lost", type, G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /**
   * CaturNetPlay::deal-changed:
   * @saved: the deal as catur_net_play_save_deal() gives it
   *
   * A game with face-down pieces: the deal changed (a round, a share, the flip owed, the end
   * check). Keep @saved beside the game's autosave, readable by the player alone (it holds
   * this side's keys), before the main loop runs again: the message that changed it may be on
   * its way.
   */
  signals[DEAL_CHANGED] = g_signal_new ("deal-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 1, G_TYPE_BYTES);
}

static void
catur_net_play_init (CaturNetPlay *self)
{
  self->seat = CATUR_SIDE_NONE;
  self->flip_asked = CATUR_SQUARE_NONE;
}

/**
 * catur_net_play_new_game:
 * @options: (nullable): the rule options (a{sv})
 *
 * A new game to play over the network. In a game with face-down pieces the start has none
 * of them known, to this program either: the deal between the two programs opens each one
 * when it is turned up.
 *
 * Returns: (transfer full): the game
 */
CaturGame *
catur_net_play_new_game (CaturVariant *variant,
                         GVariant     *options)
{
  g_autoptr(CaturPosition) start = NULL;
  CaturGeometry geometry;
  CaturGame *game;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);

  start = catur_variant_new_position (variant, options, 0);
  catur_variant_get_geometry (variant, &geometry);
  if (geometry.has_hidden)
    {
      CaturPosition *observation = catur_variant_observe (variant, start);

      catur_position_free (start);
      start = observation;
    }
  game = catur_game_new (variant, g_steal_pointer (&start));
  if (options != NULL)
    catur_game_set_options (game, options);
  return game;
}

/**
 * catur_net_play_new_host:
 * @game: the game to play (catur_net_play_new_game()), or one resumed
 * @seat: the host's seat
 * @name: the host player's name
 *
 * Returns: (transfer full): the host's side of the game, waiting for a connection
 */
CaturNetPlay *
catur_net_play_new_host (CaturGame  *game,
                         CaturSide   seat,
                         const char *name)
{
  CaturNetPlay *self;

  g_return_val_if_fail (CATUR_IS_GAME (game), NULL);
  g_return_val_if_fail (seat <= CATUR_SIDE_SECOND, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  self = g_object_new (CATUR_TYPE_NET_PLAY, NULL);
  self->host = TRUE;
  self->variant = catur_game_get_variant (game);
  self->game = g_object_ref (game);
  self->seat = seat;
  self->name = g_strdup (name);
  return self;
}

/**
 * catur_net_play_new_guest:
 * @variant: the game the invitation names
 * @game: (nullable): a game to resume, or %NULL to take the host's
 * @seat: the seat asked for, or %CATUR_SIDE_NONE
 * @name: the guest player's name
 *
 * Returns: (transfer full): the joiner's side of the game, waiting for a connection
 */
CaturNetPlay *
catur_net_play_new_guest (CaturVariant *variant,
                          CaturGame    *game,
                          CaturSide     seat,
                          const char   *name)
{
  CaturNetPlay *self;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (game == NULL || CATUR_IS_GAME (game), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  self = g_object_new (CATUR_TYPE_NET_PLAY, NULL);
  self->variant = variant;
  self->game = game != NULL ? g_object_ref (game) : NULL;
  self->seat = seat;
  self->name = g_strdup (name);
  return self;
}

static void
session_send_cb (CaturNetSession *session,
                 GBytes          *bytes,
                 CaturNetPlay    *self)
{
  g_autoptr(GError) error = NULL;

  self->bytes_sent += g_bytes_get_size (bytes);
  check_deal (self);
  /* A message sent into a connection that is going is lost with it: the resume makes up
   * the moves, and a question is asked again. */
  if (self->connection == NULL || catur_net_connection_is_closed (self->connection))
    return;
  if (!catur_net_connection_send (self->connection, bytes, &error))
    g_message ("A message was not sent: %s", error->message);
}

static void
session_game_cb (CaturNetPlay *self)
{
  CaturGame *game = catur_net_session_get_game (self->session);

  if (game != NULL)
    g_set_object (&self->game, game);
}

static void
frame_received_cb (CaturNetConnection *connection,
                   GBytes             *frame,
                   CaturNetPlay       *self)
{
  g_autoptr(CaturNetSession) session = NULL;
  gsize size;
  const guint8 *data = g_bytes_get_data (frame, &size);

  if (self->session == NULL)
    return;
  /* A message may end the session's connection (a handler detaching): keep it meanwhile. */
  session = g_object_ref (self->session);
  /* A refused message is logged and signalled by the session, the game unchanged. */
  catur_net_session_receive (session, data != NULL ? data : (const guint8 *) "", size, NULL);
  check_deal (self);
}

static void
connection_lost_cb (CaturNetConnection *connection,
                    GError             *error,
                    CaturNetPlay       *self)
{
  g_autoptr(CaturNetPlay) hold = g_object_ref (self);
  g_autoptr(CaturNetConnection) gone = g_object_ref (connection);

  g_message ("The connection was lost: %s", error != NULL ? error->message : "?");
  drop_session (self);
  drop_connection (self, FALSE);
  g_signal_emit (self, signals[CONNECTION_LOST], 0, error);
}

/**
 * catur_net_play_attach:
 * @connection: a new connection to the friend: the host's from #CaturNetHost::peer-joined,
 *   the joiner's from catur_net_join_finish()
 *
 * Plays the game over @connection with a new session (a connection before it is let go); the
 * joiner's hello is sent at once. A game that cannot be played over the network is refused.
 *
 * Returns: %TRUE when the session started
 */
gboolean
catur_net_play_attach (CaturNetPlay        *self,
                       CaturNetConnection  *connection,
                       GError             **error)
{
  g_autoptr(CaturNetSession) session = NULL;

  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), FALSE);
  g_return_val_if_fail (CATUR_IS_NET_CONNECTION (connection), FALSE);

  catur_net_play_detach (self);
  if (self->host)
    session = catur_net_session_new_host (self->game, self->seat, self->name, error);
  else
    session = catur_net_session_new_guest (self->variant, self->game, self->seat, self->name,
                                           error);
  if (session == NULL)
    return FALSE;
  if (self->deal != NULL)
    catur_net_session_set_deal (session, self->deal);
  catur_net_session_set_flip_asked (session, self->flip_asked);

  self->session = g_steal_pointer (&session);
  self->send_id = g_signal_connect (self->session, "send", G_CALLBACK (session_send_cb), self);
  self->game_id = g_signal_connect_swapped (self->session, "notify::game",
                                            G_CALLBACK (session_game_cb), self);
  self->connection = g_object_ref (connection);
  self->frame_id = g_signal_connect (connection, "frame-received",
                                     G_CALLBACK (frame_received_cb), self);
  self->lost_id = g_signal_connect (connection, "connection-lost",
                                    G_CALLBACK (connection_lost_cb), self);
  self->n_sessions++;
  g_signal_emit (self, signals[SESSION_STARTED], 0, self->session);
  if (!self->host && !catur_net_session_start (self->session, error))
    {
      catur_net_play_detach (self);
      return FALSE;
    }
  return TRUE;
}

/**
 * catur_net_play_detach:
 *
 * Closes this side's connection, as a drop would (no LEAVE is sent: the game goes on with the
 * next connection). Nothing when there is none.
 */
void
catur_net_play_detach (CaturNetPlay *self)
{
  g_return_if_fail (CATUR_IS_NET_PLAY (self));

  drop_session (self);
  drop_connection (self, TRUE);
}

gboolean
catur_net_play_is_connected (CaturNetPlay *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), FALSE);

  return self->connection != NULL && !catur_net_connection_is_closed (self->connection);
}

/* How many connections the game was played over, this one included. */
guint
catur_net_play_get_n_sessions (CaturNetPlay *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), 0);

  return self->n_sessions;
}

/**
 * catur_net_play_get_session:
 *
 * Returns: (transfer none) (nullable): the session of the present connection
 */
CaturNetSession *
catur_net_play_get_session (CaturNetPlay *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), NULL);

  return self->session;
}

/**
 * catur_net_play_get_game:
 *
 * Returns: (transfer none) (nullable): the game, kept across connections; %NULL for a guest
 *   that has not been welcomed yet
 */
CaturGame *
catur_net_play_get_game (CaturNetPlay *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), NULL);

  if (self->session != NULL && catur_net_session_get_game (self->session) != NULL)
    return catur_net_session_get_game (self->session);
  return self->game;
}

CaturSide
catur_net_play_get_seat (CaturNetPlay *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), CATUR_SIDE_NONE);

  if (self->session != NULL && catur_net_session_get_state (self->session)
                               == CATUR_NET_STATE_PLAYING)
    return catur_net_session_get_seat (self->session);
  return self->seat;
}

/* Returns: this side's player's name, as its hellos give it */
const char *
catur_net_play_get_name (CaturNetPlay *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), NULL);

  return self->name;
}

gboolean
catur_net_play_is_host (CaturNetPlay *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), FALSE);

  return self->host;
}

/* The bytes of the messages sent, over every connection (the frames' TLS not counted). */
guint64
catur_net_play_get_bytes_sent (CaturNetPlay *self)
{
  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), 0);

  return self->bytes_sent;
}

/**
 * catur_net_play_save_deal:
 *
 * The deal of a game with face-down pieces as it stands, with the flip this side asked and is
 * owed, for catur_net_play_restore_deal(): catur_net_deal_save()'s bytes in a versioned
 * envelope. It holds this side's keys: keep it where only the player can read it.
 *
 * Returns: (transfer full) (nullable): the saved deal, or %NULL when there is no deal
 */
GBytes *
catur_net_play_save_deal (CaturNetPlay *self)
{
  CaturNetDeal *deal;
  CaturSquare owed;
  g_autoptr(GBytes) saved = NULL;
  GVariant *envelope;

  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), NULL);

  deal = self->session != NULL ? catur_net_session_get_deal (self->session) : self->deal;
  owed = self->session != NULL ? catur_net_session_get_flip_asked (self->session)
                               : self->flip_asked;
  if (deal == NULL)
    return NULL;
  saved = catur_net_deal_save (deal);
  envelope = g_variant_new ("(qy@ay)", (guint16) SAVED_DEAL_VERSION, (guint8) owed,
                            g_variant_new_from_bytes (G_VARIANT_TYPE_BYTESTRING, saved, TRUE));
  return g_variant_get_data_as_bytes (g_variant_ref_sink (envelope));
}

/**
 * catur_net_play_restore_deal:
 * @saved: what catur_net_play_save_deal() or ::deal-changed gave, before the program stopped
 * @error: set, %CATUR_NET_DEAL_ERROR_BAD_SAVE, when @saved does not read, is of another
 *   version, or is not this side's deal of this game
 *
 * Before the first catur_net_play_attach() of a resumed game: the deal it was played with,
 * so that its face-down pieces are the ones dealt before the program stopped.
 *
 * Returns: %TRUE when the deal is restored; on %FALSE nothing changed
 */
gboolean
catur_net_play_restore_deal (CaturNetPlay  *self,
                             GBytes        *saved,
                             GError       **error)
{
  g_autoptr(GVariant) envelope = NULL;
  g_autoptr(GVariant) inner = NULL;
  g_autoptr(GBytes) deal_bytes = NULL;
  g_autoptr(CaturNetDeal) deal = NULL;
  g_autoptr(CaturNetDeck) deck = NULL;
  guint16 version;
  guint8 owed;

  g_return_val_if_fail (CATUR_IS_NET_PLAY (self), FALSE);
  g_return_val_if_fail (saved != NULL, FALSE);
  g_return_val_if_fail (self->session == NULL, FALSE);

  envelope = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (SAVED_DEAL_TYPE),
                                                           saved, FALSE));
  if (!g_variant_is_normal_form (envelope))
    {
      g_set_error_literal (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE,
                           "The saved deal of the game does not read");
      return FALSE;
    }
  g_variant_get (envelope, "(qy@ay)", &version, &owed, NULL);
  if (version != SAVED_DEAL_VERSION)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE,
                   "The saved deal of the game is of version %u, not %u", version,
                   SAVED_DEAL_VERSION);
      return FALSE;
    }
  inner = g_variant_get_child_value (envelope, 2);
  deal_bytes = g_variant_get_data_as_bytes (inner);
  deal = catur_net_deal_restore (deal_bytes, error);
  if (deal == NULL)
    return FALSE;
  if (catur_net_deal_get_role (deal) != (self->host ? CATUR_NET_DEAL_FIRST
                                                    : CATUR_NET_DEAL_SECOND))
    {
      g_set_error_literal (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE,
                           "The saved deal is the other side's");
      return FALSE;
    }
  if (self->game == NULL)
    {
      g_set_error_literal (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE,
                           "A saved deal needs the game it was dealt for");
      return FALSE;
    }
  deck = catur_net_deck_new (self->variant, catur_game_get_start_position (self->game), error);
  if (deck == NULL)
    return FALSE;
  if (catur_net_deck_get_n_cards (deck) != catur_net_deal_get_n_cards (deal)
      || (owed != CATUR_SQUARE_NONE && catur_net_deck_get_position (deck, owed) < 0))
    {
      g_set_error_literal (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE,
                           "The saved deal is of another deck than this game's");
      return FALSE;
    }
  g_set_object (&self->deal, deal);
  self->flip_asked = owed;
  g_clear_pointer (&self->saved_deal, g_bytes_unref);
  self->saved_deal = g_bytes_ref (saved);
  return TRUE;
}
