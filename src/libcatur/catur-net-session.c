/* catur-net-session.c: one side of a game played over the network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session is the state machine between the local game (a CaturGame) and the peer's
 * messages: a local action changes the game and gives the message to send ("send" signal, the
 * bytes of one frame); a message received is checked in full (its bytes, its sequence number,
 * whether it has a place now, its ply, whose turn it is, and the move through this side's own
 * rules core) before anything changes, so that a refused message leaves the game exactly as it
 * was. Both sides make the same changes in the same order, so the two games stay one.
 *
 * Questions between the players (a take-back, a draw, a rematch) are asked of the peer and
 * answered by it; the host keeps the clocks (its readings go to the guest). A session lives as
 * long as one connection: after a drop, new sessions over the kept games resume at the same
 * ply (the hello says each side's ply; the side ahead sends the moves the other lacks). The
 * protocol is in docs/network.md ("Messages").
 */
#define G_LOG_DOMAIN "catur-net"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"
#include "catur-game-private.h"

/* How far the clock of a player whose move the clock played may be from running out, as the
 * receiver reads it: the two programs start a move's time when they see the move before it,
 * a message's travel apart (docs/network.md, "Time-outs"). */
#define CLOCK_GRACE_MS 2000

struct _CaturNetSession
{
  GObject parent_instance;

  CaturVariant *variant;
  CaturGame *game;
  gulong changed_id;
  gboolean host;
  CaturNetState state;
  /* The seat this side plays; for a guest before the welcome, the seat asked for. */
  CaturSide seat;
  char *name;
  char *peer_name;

  guint32 sent_seq;
  guint32 received_seq;
  /* The plies the peer said it had: moves below it are the record catching up. */
  guint peer_ply;

  CaturSide take_back_asker;
  CaturSide rematch_asker;
  /* Clock holds this session put on its game, taken back when the question ends. */
  guint clock_holds;
  gboolean time_out_sent;
  /* The move this side plays now (a flip waiting for the peer's share) is the clock's. */
  gboolean forcing;
  guint32 ping_token;
  gint64 ping_time;

  guint64 bytes_sent;
  guint messages_sent;

  /* A game with face-down pieces: the deal no side can see (catur-net-deal.h) and what its
   * cards stand for. The deal outlives a connection: the glue hands it to the next session. */
  gboolean hidden;
  CaturNetDeal *deal;
  CaturNetDeck *deck;
  /* The deck position of this side's flip waiting for the peer's share, or -1. */
  int flip_asked;
  /* The deck position of the peer's flip this side answered with its share, or -1: the
   * peer's next move must be that flip. */
  int flip_answered;
  gboolean disclosed;
};

G_DEFINE_FINAL_TYPE (CaturNetSession, catur_net_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_STATE,
  N_PROPS
};

enum {
  SEND,
  READY,
  REFUSED,
  CLOSED,
  PEER_MOVED,
  TAKE_BACK_ASKED,
  TAKE_BACK_ANSWERED,
  DRAW_ANSWERED,
  REMATCH_ASKED,
  REMATCH_ANSWERED,
  CHAT,
  DEAL,
  PONG,
  DEALT,
  DEAL_CHECKED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void game_changed_cb (CaturNetSession *self);
static void maybe_disclose (CaturNetSession *self);

static void
release_holds (CaturNetSession *self)
{
  for (; self->clock_holds > 0; self->clock_holds--)
    catur_game_release_clock (self->game);
}

static gboolean
per_move (CaturGame *game)
{
  return catur_clock_get_control (catur_game_get_clock (game))->kind == CATUR_CLOCK_PER_MOVE;
}

static void
set_game (CaturNetSession *self,
          CaturGame       *game)
{
  if (self->game != NULL)
    {
      release_holds (self);
      g_clear_signal_handler (&self->changed_id, self->game);
      g_clear_object (&self->game);
    }
  if (game == NULL)
    return;
  self->game = g_object_ref (game);
  self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb),
                                               self);
  self->time_out_sent = catur_game_is_over (game);
  /* The host's game decides when a game clock runs out, the guest's never (the host's
   * time-out comes as a message); on a time a move each program plays its own player's
   * move (catur_net_session_time_out()). */
  catur_game_set_clock_referee (game, self->host && !per_move (game));
  self->take_back_asker = CATUR_SIDE_NONE;
  self->rematch_asker = CATUR_SIDE_NONE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
set_state (CaturNetSession *self,
           CaturNetState    state)
{
  if (self->state == state)
    return;
  self->state = state;
  if (state == CATUR_NET_STATE_CLOSED && self->game != NULL)
    release_holds (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
catur_net_session_dispose (GObject *object)
{
  CaturNetSession *self = CATUR_NET_SESSION (object);

  set_game (self, NULL);

  G_OBJECT_CLASS (catur_net_session_parent_class)->dispose (object);
}

static void
catur_net_session_finalize (GObject *object)
{
  CaturNetSession *self = CATUR_NET_SESSION (object);

  g_free (self->name);
  g_free (self->peer_name);
  g_clear_object (&self->deal);
  g_clear_pointer (&self->deck, catur_net_deck_free);

  G_OBJECT_CLASS (catur_net_session_parent_class)->finalize (object);
}

static void
catur_net_session_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CaturNetSession *self = CATUR_NET_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_net_session_class_init (CaturNetSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = catur_net_session_dispose;
  object_class->finalize = catur_net_session_finalize;
  object_class->get_property = catur_net_session_get_property;

  /**
   * CaturNetSession:game:
   *
   * The game played: a new one after a rematch.
   */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CATUR_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL, CATUR_NET_STATE_CONNECTING, CATUR_NET_STATE_CLOSED,
                      CATUR_NET_STATE_CONNECTING,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaturNetSession::send:
   * @bytes: one message, for one frame of the transport
   */
  signals[SEND] = g_signal_new ("send", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_BYTES);
  /* The hello was answered: the game is agreed and the record caught up where it can be. */
  signals[READY] = g_signal_new ("ready", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 0);
  /**
   * CaturNetSession::refused:
   * @error: why a message received was refused (the game did not change)
   */
  signals[REFUSED] = g_signal_new ("refused", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_ERROR);
  /**
   * CaturNetSession::closed:
   * @reason: 0 when the peer left, else the #CaturNetRefusal it sent
   * @detail: (nullable): what the refusal said
   */
  signals[CLOSED] = g_signal_new ("closed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
  /* @ply: the peer's move, played in the game, made this ply */
  signals[PEER_MOVED] = g_signal_new ("peer-moved", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                      NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[TAKE_BACK_ASKED] = g_signal_new ("take-back-asked", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 0);
  /* @accepted: the peer's answer to this side's take-back; %FALSE too when it moved instead */
  signals[TAKE_BACK_ANSWERED] = g_signal_new ("take-back-answered", type, G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[DRAW_ANSWERED] = g_signal_new ("draw-answered", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[REMATCH_ASKED] = g_signal_new ("rematch-asked", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 0);
  signals[REMATCH_ANSWERED] = g_signal_new ("rematch-answered", type, G_SIGNAL_RUN_LAST, 0,
                                            NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[CHAT] = g_signal_new ("chat", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_STRING);
  /* @payload: the deal module's bytes, as the peer's deal module sent them */
  signals[DEAL] = g_signal_new ("deal", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_BYTES);
  /* @round_trip: µs from our ping to its pong */
  signals[PONG] = g_signal_new ("pong", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_INT64);
  /* A game with face-down pieces: the deal's last round is through, flips can be played. */
  signals[DEALT] = g_signal_new ("dealt", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 0);
  /**
   * CaturNetSession::deal-checked:
   * @error: (nullable): %NULL when the peer's disclosure passed the end check; else why it
   *   failed (%CATUR_NET_DEAL_ERROR_DISHONEST: the peer did not deal honestly)
   */
  signals[DEAL_CHECKED] = g_signal_new ("deal-checked", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
catur_net_session_init (CaturNetSession *self)
{
  self->state = CATUR_NET_STATE_CONNECTING;
  self->seat = CATUR_SIDE_NONE;
  self->take_back_asker = CATUR_SIDE_NONE;
  self->rematch_asker = CATUR_SIDE_NONE;
  self->flip_asked = -1;
  self->flip_answered = -1;
}

/**
 * catur_net_record_digest:
 * @game: (nullable): a game; %NULL for a side that has none yet (an empty record)
 * @plies: how many of the record's first plies (at most the game's)
 * @digest: (out caller-allocates): SHA-256 of their coordinate texts, each ended by a newline
 *
 * What two sides compare, on a resume, to know that their records are one.
 */
void
catur_net_record_digest (CaturGame *game,
                         guint      plies,
                         guint8     digest[CATUR_NET_DIGEST_SIZE])
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  GListModel *moves = game != NULL ? catur_game_get_moves (game) : NULL;
  gsize size = CATUR_NET_DIGEST_SIZE;

  plies = game != NULL ? MIN (plies, catur_game_get_n_plies (game)) : 0;
  for (guint i = 0; i < plies; i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (moves, i);
      const char *text = catur_game_move_get_coordinate (item);

      g_checksum_update (checksum, (const guchar *) text, strlen (text));
      g_checksum_update (checksum, (const guchar *) "\n", 1);
    }
  g_checksum_get_digest (checksum, digest, &size);
}

static gboolean
has_hidden (CaturVariant *variant)
{
  CaturGeometry geometry;

  catur_variant_get_geometry (variant, &geometry);
  return geometry.has_hidden;
}

/* The deck of @game's start; a game with face-down pieces whose start the deal cannot read
 * cannot be played over the network. */
static gboolean
make_deck (CaturNetSession  *self,
           CaturGame        *game,
           GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  CaturNetDeck *deck;

  deck = catur_net_deck_new (self->variant, catur_game_get_start_position (game), &local_error);
  if (deck == NULL)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_UNSUPPORTED,
                   /* Translators: %s is the name of a game, such as "Banqi" */
                   _("%s cannot be played over the network from this position"),
                   catur_variant_get_name (self->variant));
      g_message ("No deck: %s", local_error->message);
      return FALSE;
    }
  g_clear_pointer (&self->deck, catur_net_deck_free);
  self->deck = deck;
  return TRUE;
}

/* What the players see of a new game's start: a game with face-down pieces starts with every
 * one of them unknown to both programs, the deal alone says what each is. */
static CaturPosition *
new_start (CaturVariant *variant,
           GVariant     *options)
{
  g_autoptr(CaturPosition) start = catur_variant_new_position (variant, options, 0);

  if (!has_hidden (variant))
    return g_steal_pointer (&start);
  return catur_variant_observe (variant, start);
}

static gboolean
check_name (const char  *name,
            GError     **error)
{
  g_autoptr(CaturNetMessage) probe = catur_net_message_new (CATUR_NET_MESSAGE_CHAT);
  g_autoptr(GBytes) bytes = NULL;

  probe->text = g_strdup (name);
  bytes = catur_net_message_encode (probe, error);
  if (bytes != NULL && strlen (name) > CATUR_NET_NAME_MAX)
    {
      g_set_error (error, CATUR_NET_ERROR, CATUR_NET_ERROR_TOO_LONG,
                   _("The player's name is too long"));
      return FALSE;
    }
  return bytes != NULL;
}

/**
 * catur_net_session_new_host:
 * @game: the game to play, new or resumed
 * @seat: the seat the host plays
 * @name: the host player's name
 *
 * Returns: (transfer full) (nullable): the host's session, waiting for the guest's hello; or
 *   %NULL with @error set, for a game that cannot be played over the network
 */
CaturNetSession *
catur_net_session_new_host (CaturGame   *game,
                            CaturSide    seat,
                            const char  *name,
                            GError     **error)
{
  CaturNetSession *self;

  g_return_val_if_fail (CATUR_IS_GAME (game), NULL);
  g_return_val_if_fail (seat <= CATUR_SIDE_SECOND, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!check_name (name, error))
    return NULL;
  self = g_object_new (CATUR_TYPE_NET_SESSION, NULL);
  self->host = TRUE;
  self->variant = catur_game_get_variant (game);
  self->hidden = has_hidden (self->variant);
  if (self->hidden && !make_deck (self, game, error))
    {
      g_object_unref (self);
      return NULL;
    }
  self->seat = seat;
  self->name = g_strdup (name);
  set_game (self, game);
  return self;
}

/**
 * catur_net_session_new_guest:
 * @variant: the game the invitation names
 * @game: (nullable): the game to resume, or %NULL to join a new one
 * @seat: the seat asked for (the one @game was played from), or %CATUR_SIDE_NONE
 * @name: the guest player's name
 *
 * Returns: (transfer full) (nullable): the guest's session; catur_net_session_start() sends
 *   its hello
 */
CaturNetSession *
catur_net_session_new_guest (CaturVariant  *variant,
                             CaturGame     *game,
                             CaturSide      seat,
                             const char    *name,
                             GError       **error)
{
  CaturNetSession *self;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (game == NULL || catur_game_get_variant (game) == variant, NULL);
  g_return_val_if_fail (seat <= CATUR_SIDE_NONE, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!check_name (name, error))
    return NULL;
  self = g_object_new (CATUR_TYPE_NET_SESSION, NULL);
  self->variant = variant;
  self->hidden = has_hidden (variant);
  if (self->hidden && game != NULL && !make_deck (self, game, error))
    {
      g_object_unref (self);
      return NULL;
    }
  self->seat = seat;
  self->name = g_strdup (name);
  if (game != NULL)
    set_game (self, game);
  return self;
}

/* Numbers @message and sends it; a message we built that does not encode is our bug. */
static gboolean
send_message (CaturNetSession *self,
              CaturNetMessage *message,
              GError         **error)
{
  g_autoptr(GBytes) bytes = NULL;

  message->seq = self->sent_seq + 1;
  bytes = catur_net_message_encode (message, error);
  if (bytes == NULL)
    return FALSE;
  self->sent_seq++;
  self->bytes_sent += g_bytes_get_size (bytes);
  self->messages_sent++;
  g_signal_emit (self, signals[SEND], 0, bytes);
  return TRUE;
}

/* For a message of ours that cannot fail to encode. */
static void
send_simple (CaturNetSession     *self,
             CaturNetMessageType  type,
             guint                ply,
             gboolean             accept)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (type);
  g_autoptr(GError) error = NULL;

  message->ply = ply;
  message->accept = accept;
  if (!send_message (self, message, &error))
    g_critical ("A %s message did not encode: %s", catur_net_message_type_name (type),
                error->message);
}

static char *
print_options (CaturGame *game)
{
  return g_variant_print (catur_game_get_options (game), TRUE);
}

static gboolean
send_hello (CaturNetSession     *self,
            CaturNetMessageType  type,
            CaturSide            seat,
            GError             **error)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (type);

  message->app_version = g_strdup (PACKAGE_VERSION);
  message->game_id = g_strdup (catur_variant_get_id (self->variant));
  message->options = self->game != NULL ? print_options (self->game) : g_strdup ("");
  message->name = g_strdup (self->name);
  message->seat = seat;
  if (self->game != NULL)
    message->ply = catur_game_get_n_plies (self->game);
  catur_net_record_digest (self->game, message->ply, message->digest);
  return send_message (self, message, error);
}

static void
send_refuse (CaturNetSession *self,
             CaturNetRefusal  reason,
             const char      *detail)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_REFUSE);
  g_autoptr(GError) error = NULL;

  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *valid = g_utf8_make_valid (detail, -1);

  /* The detail is ours, but may quote the peer: keep it to what a REFUSE may carry. */
  for (const char *p = valid; *p != '\0' && text->len < CATUR_NET_DETAIL_MAX - 8;
       p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_string_append_unichar (text, g_unichar_iscntrl (c) ? ' ' : c);
    }
  message->reason = reason;
  message->text = g_string_free (g_steal_pointer (&text), FALSE);
  if (!send_message (self, message, &error))
    g_message ("The refusal was not sent: %s", error->message);
}

/* The moves of our record after the peer's last ply, which it lacks. */
static void
send_missing_moves (CaturNetSession *self,
                    guint            from_ply)
{
  GListModel *moves = catur_game_get_moves (self->game);
  guint n = catur_game_get_n_plies (self->game);

  for (guint ply = from_ply + 1; ply <= n; ply++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (moves, ply - 1);
      g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_MOVE);
      g_autoptr(GError) error = NULL;

      message->ply = ply;
      message->text = g_strdup (catur_game_move_get_coordinate (item));
      message->forced = catur_game_move_get_timed_out (item);
      if (!send_message (self, message, &error))
        g_critical ("Move %u did not encode: %s", ply, error->message);
    }
}

static void
fill_clock (CaturNetSession *self,
            CaturNetMessage *message)
{
  CaturClock *clock = catur_game_get_clock (self->game);

  message->ply = catur_game_get_n_plies (self->game);
  message->seat = catur_clock_get_running (clock);
  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    {
      message->clock_ms[side] = CLAMP (catur_clock_get_main (clock, side), 0, G_MAXUINT32);
      message->periods[side] = MIN (catur_clock_get_periods (clock, side), G_MAXUINT8);
    }
}

/* The host tells the guest its clock readings, after each move of a timed game. */
static void
maybe_send_clock (CaturNetSession *self)
{
  if (self->host && self->state == CATUR_NET_STATE_PLAYING
      && catur_clock_is_timed (catur_game_get_clock (self->game)))
    catur_net_session_send_clock (self, NULL);
}

/* The host's clock ran out for a side (catur_game_time_out() ended the game): the guest's
 * game must end alike. */
static void
game_changed_cb (CaturNetSession *self)
{
  const CaturOutcome *outcome = catur_game_get_outcome (self->game);
  g_autoptr(CaturNetMessage) message = NULL;
  g_autoptr(GError) error = NULL;

  if (!self->host || self->time_out_sent || self->state != CATUR_NET_STATE_PLAYING
      || !catur_game_is_over (self->game) || outcome->reason != CATUR_REASON_TIME_OUT
      || per_move (self->game))
    return;
  self->time_out_sent = TRUE;
  message = catur_net_message_new (CATUR_NET_MESSAGE_CLOCK);
  fill_clock (self, message);
  message->timed_out = catur_game_get_side_to_move (self->game);
  if (!send_message (self, message, &error))
    g_critical ("The time-out did not encode: %s", error->message);
  maybe_disclose (self);
}

/* A message received was refused: said in the log and to the shell, nothing changed. */
static gboolean
refuse (CaturNetSession *self,
        GError          *refusal,
        GError         **error)
{
  g_message ("Refused a message from %s: %s", self->peer_name ? self->peer_name : "the peer",
             refusal->message);
  g_signal_emit (self, signals[REFUSED], 0, refusal);
  g_propagate_error (error, refusal);
  return FALSE;
}

#define REFUSE(code, ...) \
  refuse (self, g_error_new (CATUR_NET_ERROR, (code), __VA_ARGS__), error)

/* Turns the peer away for good (a hello we cannot play with). */
static gboolean
turn_away (CaturNetSession *self,
           CaturNetRefusal  reason,
           GError          *refusal,
           GError         **error)
{
  send_refuse (self, reason, refusal->message);
  set_state (self, CATUR_NET_STATE_CLOSED);
  return refuse (self, refusal, error);
}

static gboolean
check_peer_game (CaturNetSession       *self,
                 const CaturNetMessage *message,
                 GVariant             **options_out,
                 GError               **error)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(GError) local_error = NULL;

  if (g_strcmp0 (message->game_id, catur_variant_get_id (self->variant)) != 0)
    return turn_away (self, CATUR_NET_REFUSAL_GAME,
                      g_error_new (CATUR_NET_ERROR, CATUR_NET_ERROR_GAME_MISMATCH,
                                   _("The other computer plays another game (%s)"),
                                   message->game_id), error);
  if (*message->options != '\0')
    {
      options = g_variant_parse (G_VARIANT_TYPE_VARDICT, message->options, NULL, NULL,
                                 &local_error);
      if (options == NULL)
        return turn_away (self, CATUR_NET_REFUSAL_PROTOCOL,
                          g_error_new (CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED,
                                       _("The game's options do not read: %s"),
                                       local_error->message), error);
      if (self->game != NULL && !g_variant_equal (options, catur_game_get_options (self->game)))
        return turn_away (self, CATUR_NET_REFUSAL_GAME,
                          g_error_new_literal (CATUR_NET_ERROR, CATUR_NET_ERROR_GAME_MISMATCH,
                                               _("The other computer's game has other rules")),
                          error);
    }
  else if (message->type == CATUR_NET_MESSAGE_WELCOME || message->ply > 0)
    return turn_away (self, CATUR_NET_REFUSAL_PROTOCOL,
                      g_error_new_literal (CATUR_NET_ERROR, CATUR_NET_ERROR_MALFORMED,
                                           _("The hello names no options")), error);
  /* Whoever has the longer record checks that the shorter one begins it. */
  if (self->game != NULL && message->ply <= catur_game_get_n_plies (self->game))
    {
      guint8 digest[CATUR_NET_DIGEST_SIZE];

      catur_net_record_digest (self->game, message->ply, digest);
      if (memcmp (digest, message->digest, sizeof digest) != 0)
        return turn_away (self, CATUR_NET_REFUSAL_RECORD,
                          g_error_new_literal (CATUR_NET_ERROR, CATUR_NET_ERROR_GAME_MISMATCH,
                                               _("The two records of the game differ")),
                          error);
    }
  if (options_out != NULL)
    *options_out = g_steal_pointer (&options);
  return TRUE;
}

/* Sends what the deal has to send now: its next round, when it is this side's turn. */
static void
deal_send_round (CaturNetSession *self)
{
  g_autoptr(GBytes) payload = NULL;
  g_autoptr(GError) error = NULL;

  if (!catur_net_deal_wants_to_send (self->deal))
    return;
  payload = catur_net_deal_produce (self->deal, &error);
  if (payload == NULL || !catur_net_session_send_deal (self, payload, &error))
    g_critical ("The deal's round was not sent: %s", error->message);
}

static gboolean play_flip (CaturNetSession  *self,
                           guint             at,
                           GError          **error);

/* A flip this side asked before a drop is still owed: the peer may have opened its card
 * already, so no other move may take its place. Its share goes again (the peer answers again,
 * without taking it twice), or the flip is played when this side holds the card. */
static void
ask_flip_again (CaturNetSession *self)
{
  g_autoptr(GBytes) share = NULL;
  g_autoptr(GError) error = NULL;
  CaturMove flip = { 0 };
  guint card;

  flip.from = flip.to = catur_net_deck_get_square (self->deck, self->flip_asked);
  flip.flags = CATUR_MOVE_FLIP;
  if (catur_game_is_over (self->game)
      || catur_game_get_side_to_move (self->game) != self->seat
      || !catur_variant_is_legal (self->variant, catur_game_get_position (self->game), &flip))
    {
      self->flip_asked = -1;
      return;
    }
  if (catur_net_deal_get_card (self->deal, self->flip_asked, &card))
    {
      guint at = self->flip_asked;

      self->flip_asked = -1;
      if (!play_flip (self, at, &error))
        g_critical ("The flip owed did not play: %s", error->message);
      return;
    }
  share = catur_net_deal_produce_share (self->deal, self->flip_asked, &error);
  if (share == NULL || !catur_net_session_send_deal (self, share, &error))
    g_critical ("The share of the flip owed was not sent: %s", error->message);
}

/* Both sides agree, from the hello, whether the deal starts again: with no ply played by
 * either, nothing of a deal cut short by a drop is needed, so a fresh one is dealt; once a
 * flip was played, both hold the whole deal (a flip needs it) and go on with it. */
static void
start_deal (CaturNetSession *self,
            guint            peer_ply)
{
  if (catur_game_get_n_plies (self->game) == 0 && peer_ply == 0)
    {
      g_clear_object (&self->deal);
      self->deal = catur_net_deal_new (self->host ? CATUR_NET_DEAL_FIRST : CATUR_NET_DEAL_SECOND,
                                       catur_net_deck_get_n_cards (self->deck));
      self->disclosed = FALSE;
      self->flip_asked = -1;
      deal_send_round (self);
      return;
    }
  if (self->deal == NULL || !catur_net_deal_is_dealt (self->deal))
    {
      g_autoptr(GError) refusal = NULL;

      self->flip_asked = -1;

      refusal = g_error_new_literal (CATUR_NET_ERROR, CATUR_NET_ERROR_UNSUPPORTED,
                                     _("The face-down pieces of this game were dealt in "
                                       "another session and cannot be turned up"));
      g_message ("%s", refusal->message);
      g_signal_emit (self, signals[REFUSED], 0, refusal);
      return;
    }
  if (self->flip_asked >= 0)
    ask_flip_again (self);
  maybe_disclose (self);
}

static void
become_ready (CaturNetSession       *self,
              const CaturNetMessage *message)
{
  g_free (self->peer_name);
  self->peer_name = g_strdup (message->name);
  self->peer_ply = message->ply;
  set_state (self, CATUR_NET_STATE_PLAYING);
  if (catur_game_get_n_plies (self->game) > message->ply)
    send_missing_moves (self, message->ply);
  g_signal_emit (self, signals[READY], 0);
  if (self->hidden)
    start_deal (self, message->ply);
}

static gboolean
receive_hello (CaturNetSession       *self,
               const CaturNetMessage *message,
               GError               **error)
{
  CaturSide guest_seat = catur_side_other (self->seat);
  g_autoptr(GError) local_error = NULL;

  if (!check_peer_game (self, message, NULL, error))
    return FALSE;
  if (message->seat != CATUR_SIDE_NONE && message->seat != guest_seat)
    return turn_away (self, CATUR_NET_REFUSAL_SEAT,
                      g_error_new_literal (CATUR_NET_ERROR, CATUR_NET_ERROR_GAME_MISMATCH,
                                           _("The other computer asks for the host's seat")),
                      error);
  if (!send_hello (self, CATUR_NET_MESSAGE_WELCOME, guest_seat, &local_error))
    {
      g_critical ("The welcome did not encode: %s", local_error->message);
      return FALSE;
    }
  become_ready (self, message);
  maybe_send_clock (self);
  return TRUE;
}

static gboolean
receive_welcome (CaturNetSession       *self,
                 const CaturNetMessage *message,
                 GError               **error)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(GError) local_error = NULL;

  if (message->seat > CATUR_SIDE_SECOND
      || (self->seat != CATUR_SIDE_NONE && message->seat != self->seat))
    return turn_away (self, CATUR_NET_REFUSAL_SEAT,
                      g_error_new_literal (CATUR_NET_ERROR, CATUR_NET_ERROR_GAME_MISMATCH,
                                           _("The host gives another seat than this one")),
                      error);
  if (!check_peer_game (self, message, &options, error))
    return FALSE;
  if (self->game == NULL)
    {
      g_autoptr(CaturGame) game = NULL;

      game = catur_game_new (self->variant, new_start (self->variant, options));
      catur_game_set_options (game, options);
      if (self->hidden && !make_deck (self, game, &local_error))
        return turn_away (self, CATUR_NET_REFUSAL_UNSUPPORTED, g_steal_pointer (&local_error),
                          error);
      set_game (self, game);
    }
  self->seat = message->seat;
  catur_game_set_bottom_side (self->game, self->seat);
  become_ready (self, message);
  return TRUE;
}

/* A question stands: the clock stops until it is answered (RULES.md §T3). */
static void
hold (CaturNetSession *self)
{
  self->clock_holds++;
  catur_game_hold_clock (self->game);
}

static void
release (CaturNetSession *self)
{
  if (self->clock_holds == 0)
    return;
  self->clock_holds--;
  catur_game_release_clock (self->game);
}

/* A move answers a standing take-back question no, as it lets a draw offer lapse. */
static void
lapse_take_back (CaturNetSession *self)
{
  CaturSide asker = self->take_back_asker;

  if (asker == CATUR_SIDE_NONE)
    return;
  self->take_back_asker = CATUR_SIDE_NONE;
  release (self);
  if (asker == self->seat)
    g_signal_emit (self, signals[TAKE_BACK_ANSWERED], 0, FALSE);
}

/* A face-down piece whose card this side holds: a flip asked and answered before a drop, which
 * the peer owes (its card is known to this side, so no other move may take its place); or -1. */
static int
owed_flip (CaturNetSession *self)
{
  const CaturPosition *position = catur_game_get_position (self->game);
  guint n = catur_net_deck_get_n_cards (self->deck);
  guint card;

  if (self->deal == NULL || !catur_net_deal_is_dealt (self->deal))
    return -1;
  for (guint at = 0; at < n; at++)
    {
      CaturMove flip = { 0 };

      if (!catur_net_deal_get_card (self->deal, at, &card))
        continue;
      flip.from = flip.to = catur_net_deck_get_square (self->deck, at);
      flip.flags = CATUR_MOVE_FLIP;
      if (catur_variant_is_legal (self->variant, position, &flip))
        return at;
    }
  return -1;
}

/* A flip of the peer must turn up the piece the deal opened at that square, to both sides;
 * and once this side answered a flip with its share, the peer's move is that flip. */
static gboolean
check_peer_flip (CaturNetSession *self,
                 const CaturMove *move,
                 const char      *text,
                 GError         **error)
{
  const CaturPosition *position = catur_game_get_position (self->game);
  g_autofree char *dealt_text = NULL;
  CaturMove dealt;
  guint card;
  int at;

  if ((move->flags & CATUR_MOVE_FLIP) == 0)
    {
      if (self->flip_answered >= 0 || owed_flip (self) >= 0)
        return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                       _("The other player asked to turn up a piece, then moved another"));
      return TRUE;
    }
  at = catur_net_deck_get_position (self->deck, move->from);
  if (at < 0 || self->deal == NULL || !catur_net_deal_get_card (self->deal, at, &card)
      || !catur_net_deck_flip_move (self->deck, at, card, &dealt))
    return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                   _("The flip %s turns up a piece the deal has not opened"), text);
  dealt_text = catur_variant_format_move (self->variant, position, &dealt,
                                          catur_variant_get_coordinate_notation (self->variant));
  if (g_strcmp0 (dealt_text, text) != 0)
    return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                   _("The flip %s turns up another piece than the deal's %s"), text, dealt_text);
  if (self->flip_answered >= 0 && self->flip_answered != at)
    return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                   _("The other player asked to turn up a piece, then turned up another"));
  return TRUE;
}

/* Whether the clock of @side, as this side reads it, has run out (within the grace). */
static gboolean
ran_out (CaturNetSession *self,
         CaturSide        side)
{
  return catur_clock_get_remaining (catur_game_get_clock (self->game), side) <= CLOCK_GRACE_MS;
}

/* A move the peer says the clock played for it must be the one the rules play on a time-out
 * there, and its time must have run out on this side's clock too. A move of the record
 * catching up after a drop was timed before: only the move is checked. */
static gboolean
check_forced (CaturNetSession *self,
              const CaturMove *move,
              const char      *text,
              gboolean         catching_up,
              GError         **error)
{
  const CaturPosition *position = catur_game_get_position (self->game);
  CaturSide side = catur_game_get_side_to_move (self->game);
  g_autofree char *expected_text = NULL;
  CaturMove expected;

  if (!per_move (self->game))
    return REFUSE (CATUR_NET_ERROR_NOT_ALLOWED,
                   _("A move played by the clock came in a game without a time a move"));
  if (!catur_game_get_time_out_move (self->game, catur_game_get_time_outs (self->game, side) + 1,
                                     &expected))
    return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                   _("The clock plays no move on this time-out: it loses the game"));
  /* A flip carries the piece the deal opened, which the rules' choice cannot know. */
  if ((expected.flags & CATUR_MOVE_FLIP) != 0)
    {
      if ((move->flags & CATUR_MOVE_FLIP) == 0 || move->from != expected.from)
        return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                       _("The move %s is not the one the clock plays"), text);
    }
  else
    {
      expected_text = catur_variant_format_move (
        self->variant, position, &expected,
        catur_variant_get_coordinate_notation (self->variant));
      if (g_strcmp0 (expected_text, text) != 0)
        return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                       _("The move %s is not the one the clock plays (%s)"), text,
                       expected_text);
    }
  if (!catching_up && !ran_out (self, side))
    return REFUSE (CATUR_NET_ERROR_NOT_ALLOWED,
                   _("A move was played by the clock before the time ran out"));
  return TRUE;
}

static gboolean
receive_move (CaturNetSession       *self,
              const CaturNetMessage *message,
              GError               **error)
{
  guint n = catur_game_get_n_plies (self->game);
  const CaturPosition *position = catur_game_get_position (self->game);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *written = NULL;
  CaturMove move;

  if (catur_game_is_over (self->game))
    return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("A move came after the end of the game"));
  if (message->ply != n + 1)
    return REFUSE (CATUR_NET_ERROR_WRONG_PLY, _("A move for ply %u came at ply %u"),
                   message->ply, n + 1);
  /* Below the peer's ply the record catches up, whoever played the move. */
  if (n >= self->peer_ply
      && catur_game_get_side_to_move (self->game) != catur_side_other (self->seat))
    return REFUSE (CATUR_NET_ERROR_OUT_OF_TURN, _("The other player moved out of turn"));
  if (self->take_back_asker == catur_side_other (self->seat))
    return REFUSE (CATUR_NET_ERROR_OUT_OF_TURN,
                   _("The other player moved while asking for a take-back"));
  if (!catur_variant_parse_move (self->variant, position, message->text, &move, &local_error))
    return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE, _("The move %s does not read: %s"),
                   message->text, local_error->message);
  if (!catur_variant_is_legal (self->variant, position, &move))
    {
      g_autofree char *why = catur_variant_explain (self->variant, position, &move, NULL);

      return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE, _("The move %s is not legal: %s"),
                     message->text, why != NULL ? why : "");
    }
  /* One text a move: the coordinate form, as this side would write it. */
  written = catur_variant_format_move (self->variant, position, &move,
                                       catur_variant_get_coordinate_notation (self->variant));
  if (g_strcmp0 (written, message->text) != 0)
    return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                   _("The move %s is not in the game's coordinate notation"), message->text);
  if (self->hidden && !check_peer_flip (self, &move, message->text, error))
    return FALSE;
  if (message->forced && !check_forced (self, &move, message->text, n < self->peer_ply, error))
    return FALSE;
  if (!(message->forced ? catur_game_play_timed_out (self->game, &move, &local_error)
                        : catur_game_play (self->game, &move, &local_error)))
    return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE, "%s", local_error->message);
  self->flip_answered = -1;
  lapse_take_back (self);
  g_signal_emit (self, signals[PEER_MOVED], 0, message->ply);
  maybe_send_clock (self);
  return TRUE;
}

static gboolean
check_ply (CaturNetSession       *self,
           const CaturNetMessage *message,
           GError               **error)
{
  guint n = catur_game_get_n_plies (self->game);

  if (message->ply != n)
    return REFUSE (CATUR_NET_ERROR_WRONG_PLY,
                   _("A %s message about ply %u came at ply %u"),
                   catur_net_message_type_name (message->type), message->ply, n);
  return TRUE;
}

static void
start_rematch (CaturNetSession *self)
{
  GVariant *options = catur_game_get_options (self->game);
  g_autoptr(CaturGame) game = NULL;

  /* Seats swap whoever won: the players change sides, as at a board (rematch rule). */
  self->seat = catur_side_other (self->seat);
  game = catur_game_new_rematch (self->game, new_start (self->variant, options), TRUE);
  catur_game_set_options (game, options);
  catur_game_set_bottom_side (game, self->seat);
  set_game (self, game);
  self->peer_ply = 0;
  if (self->hidden)
    {
      /* The same start, so the same deck; a new deal for the new game. */
      self->flip_asked = self->flip_answered = -1;
      self->forcing = FALSE;
      start_deal (self, 0);
    }
}

static gboolean
not_allowed (GError     **error,
             const char  *message)
{
  g_set_error_literal (error, CATUR_NET_ERROR, CATUR_NET_ERROR_NOT_ALLOWED, message);
  return FALSE;
}

/* Plays the flip of deck position @at, whose card this side holds, and sends it. */
static gboolean play_and_send (CaturNetSession  *self,
                               const CaturMove  *move,
                               GError          **error);

static gboolean
play_flip (CaturNetSession  *self,
           guint             at,
           GError          **error)
{
  CaturMove move;
  guint card;

  if (!catur_net_deal_get_card (self->deal, at, &card)
      || !catur_net_deck_flip_move (self->deck, at, card, &move))
    return not_allowed (error, _("The deal has not opened this piece"));
  return play_and_send (self, &move, error);
}

/* A share of opening a card: the peer's answer to this side's flip, or the peer asking to
 * flip, which this side answers with its own share once it has checked the flip. */
static gboolean
receive_share (CaturNetSession  *self,
               GBytes           *payload,
               GError          **error)
{
  CaturSide peer = catur_side_other (self->seat);
  const CaturPosition *position = catur_game_get_position (self->game);
  g_autoptr(GBytes) share = NULL;
  GError *deal_error = NULL;
  CaturMove flip = { 0 };
  guint at, card;

  /* A share for a card this side already opened, sent again after a drop, is not given to
   * the deal twice. */
  if (!catur_net_deal_share_position (payload, &at))
    return REFUSE (CATUR_NET_ERROR_MALFORMED, _("A share of the deal is cut short"));
  if (at >= catur_net_deck_get_n_cards (self->deck))
    return REFUSE (CATUR_NET_ERROR_MALFORMED, _("A share of the deal names no card"));
  if ((int) at == self->flip_asked)
    {
      if (!catur_net_deal_get_card (self->deal, at, &card)
          && !catur_net_deal_consume_share (self->deal, payload, &at, &deal_error))
        return refuse (self, deal_error, error);
      self->flip_asked = -1;
      return play_flip (self, at, error);
    }
  if (catur_game_is_over (self->game) || catur_game_get_side_to_move (self->game) != peer
      || self->take_back_asker == peer)
    return REFUSE (CATUR_NET_ERROR_OUT_OF_TURN,
                   _("The other player asked to turn up a piece out of turn"));
  if (self->flip_answered >= 0 && self->flip_answered != (int) at)
    return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                   _("The other player asked to turn up a second piece"));
  flip.from = flip.to = catur_net_deck_get_square (self->deck, at);
  flip.flags = CATUR_MOVE_FLIP;
  if (!catur_variant_is_legal (self->variant, position, &flip))
    return REFUSE (CATUR_NET_ERROR_ILLEGAL_MOVE,
                   _("The other player asked to turn up a piece it may not"));
  if (!catur_net_deal_get_card (self->deal, at, &card)
      && !catur_net_deal_consume_share (self->deal, payload, &at, &deal_error))
    return refuse (self, deal_error, error);
  share = catur_net_deal_produce_share (self->deal, at, &deal_error);
  if (share == NULL || !catur_net_session_send_deal (self, share, &deal_error))
    {
      g_critical ("Our share was not sent: %s", deal_error->message);
      g_error_free (deal_error);
      return TRUE;
    }
  self->flip_answered = at;
  return TRUE;
}

static gboolean
receive_deal (CaturNetSession  *self,
              GBytes           *payload,
              GError          **error)
{
  GError *deal_error = NULL;

  if (self->deal == NULL)
    return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("A message of the deal came with no deal"));
  switch (catur_net_deal_payload_kind (payload))
    {
    case CATUR_NET_DEAL_PAYLOAD_ROUND:
      if (!catur_net_deal_consume (self->deal, payload, &deal_error))
        return refuse (self, deal_error, error);
      deal_send_round (self);
      if (catur_net_deal_is_dealt (self->deal))
        g_signal_emit (self, signals[DEALT], 0);
      return TRUE;

    case CATUR_NET_DEAL_PAYLOAD_SHARE:
      return receive_share (self, payload, error);

    case CATUR_NET_DEAL_PAYLOAD_DISCLOSURE:
      if (!catur_game_is_over (self->game))
        return REFUSE (CATUR_NET_ERROR_UNEXPECTED,
                       _("The other player disclosed the deal before the end of the game"));
      /* Sent again after a drop: checked once. */
      if (catur_net_deal_is_checked (self->deal))
        return TRUE;
      if (!catur_net_deal_check_disclosure (self->deal, payload, &deal_error))
        {
          g_message ("The end check of the deal failed: %s", deal_error->message);
          g_signal_emit (self, signals[DEAL_CHECKED], 0, deal_error);
          g_error_free (deal_error);
          return TRUE;
        }
      g_signal_emit (self, signals[DEAL_CHECKED], 0, NULL);
      return TRUE;

    case CATUR_NET_DEAL_PAYLOAD_INVALID:
    default:
      return REFUSE (CATUR_NET_ERROR_MALFORMED, _("A message of the deal does not read"));
    }
}

/* When a game with face-down pieces is over, each side discloses its half of the deal, for
 * the other's end check (docs/network.md, "The Banqi deal"). */
static void
maybe_disclose (CaturNetSession *self)
{
  g_autoptr(GBytes) payload = NULL;
  g_autoptr(GError) error = NULL;

  if (!self->hidden || self->disclosed || self->deal == NULL
      || self->state != CATUR_NET_STATE_PLAYING || !catur_game_is_over (self->game)
      || !catur_net_deal_is_dealt (self->deal))
    return;
  payload = catur_net_deal_produce_disclosure (self->deal, &error);
  if (payload == NULL || !catur_net_session_send_deal (self, payload, &error))
    {
      g_critical ("The disclosure was not sent: %s", error->message);
      return;
    }
  self->disclosed = TRUE;
}

/* The peer ran out of the time a move may take once too often: this side's rules must agree
 * that the time-out loses, on a clock that ran out here too. Both games end alike, by the
 * rules' own outcome (catur_game_time_out()). */
static gboolean
receive_time_out_loss (CaturNetSession       *self,
                       const CaturNetMessage *message,
                       GError               **error)
{
  CaturSide peer = catur_side_other (self->seat);
  CaturMove move;

  if (!check_ply (self, message, error))
    return FALSE;
  if (!per_move (self->game))
    return REFUSE (CATUR_NET_ERROR_NOT_ALLOWED,
                   _("A loss on time came in a game without a time a move"));
  if (catur_game_get_side_to_move (self->game) != peer)
    return REFUSE (CATUR_NET_ERROR_OUT_OF_TURN,
                   _("A loss on time came from the player not to move"));
  if (catur_game_get_time_out_move (self->game,
                                    catur_game_get_time_outs (self->game, peer) + 1, &move))
    return REFUSE (CATUR_NET_ERROR_NOT_ALLOWED,
                   _("This time-out plays a move for the player: it does not lose"));
  if (!ran_out (self, peer))
    return REFUSE (CATUR_NET_ERROR_NOT_ALLOWED,
                   _("A loss on time came before the time ran out"));
  lapse_take_back (self);
  catur_game_time_out (self->game);
  return TRUE;
}

static gboolean
receive_playing (CaturNetSession       *self,
                 const CaturNetMessage *message,
                 GError               **error)
{
  CaturSide peer = catur_side_other (self->seat);
  CaturGame *game = self->game;

  switch (message->type)
    {
    case CATUR_NET_MESSAGE_MOVE:
      return receive_move (self, message, error);

    case CATUR_NET_MESSAGE_TAKEBACK_ASK:
      if (!check_ply (self, message, error))
        return FALSE;
      if (self->take_back_asker != CATUR_SIDE_NONE || catur_game_is_over (game)
          || !catur_game_can_take_back (game, NULL)
          || catur_game_get_take_back_plies (game, peer) == 0)
        return REFUSE (CATUR_NET_ERROR_NOT_ALLOWED, _("No take-back may be asked now"));
      self->take_back_asker = peer;
      hold (self);
      g_signal_emit (self, signals[TAKE_BACK_ASKED], 0);
      return TRUE;

    case CATUR_NET_MESSAGE_TAKEBACK_ANSWER:
      if (self->take_back_asker != self->seat)
        return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("An answer came to no take-back"));
      if (!check_ply (self, message, error))
        return FALSE;
      self->take_back_asker = CATUR_SIDE_NONE;
      release (self);
      if (message->accept)
        catur_game_take_back (game, self->seat);
      g_signal_emit (self, signals[TAKE_BACK_ANSWERED], 0, message->accept);
      return TRUE;

    case CATUR_NET_MESSAGE_DRAW_OFFER:
      if (!check_ply (self, message, error))
        return FALSE;
      if (!catur_game_offer_draw (game, peer))
        return REFUSE (CATUR_NET_ERROR_NOT_ALLOWED, _("No draw may be offered now"));
      return TRUE;

    case CATUR_NET_MESSAGE_DRAW_ANSWER:
      if (catur_game_get_draw_offer (game) != self->seat)
        return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("An answer came to no draw offer"));
      if (!check_ply (self, message, error))
        return FALSE;
      catur_game_answer_draw_offer (game, message->accept);
      g_signal_emit (self, signals[DRAW_ANSWERED], 0, message->accept);
      return TRUE;

    case CATUR_NET_MESSAGE_RESIGN:
      if (catur_game_is_over (game))
        return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("A resignation came after the end"));
      if (message->ending == CATUR_NET_ENDING_TIME_OUT)
        return receive_time_out_loss (self, message, error);
      /* A resignation sent while our move was on its way still ends the game. */
      if (message->ply > catur_game_get_n_plies (game))
        return REFUSE (CATUR_NET_ERROR_WRONG_PLY, _("A resignation came from a later ply"));
      lapse_take_back (self);
      catur_game_resign (game, peer);
      return TRUE;

    case CATUR_NET_MESSAGE_CLOCK:
      if (self->host)
        return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("Only the host keeps the clocks"));
      if (!check_ply (self, message, error))
        return FALSE;
      if (message->timed_out != CATUR_SIDE_NONE && per_move (game))
        return REFUSE (CATUR_NET_ERROR_UNEXPECTED,
                       _("A time-out came from the host on a time a move"));
      if (message->timed_out != CATUR_SIDE_NONE
          && (catur_game_is_over (game)
              || message->timed_out != catur_game_get_side_to_move (game)))
        return REFUSE (CATUR_NET_ERROR_UNEXPECTED,
                       _("A time-out came for a player who was not to move"));
      for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
        catur_clock_set_state (catur_game_get_clock (game), side, message->clock_ms[side],
                               message->periods[side]);
      /* Setting a running clock stops it: run it again as the game stands. */
      catur_game_set_clock_live (game, catur_game_get_clock_live (game));
      if (message->timed_out != CATUR_SIDE_NONE)
        catur_game_time_out (game);
      return TRUE;

    case CATUR_NET_MESSAGE_REMATCH_ASK:
      if (!catur_game_is_over (game) || self->rematch_asker != CATUR_SIDE_NONE)
        return REFUSE (CATUR_NET_ERROR_NOT_ALLOWED, _("No rematch may be asked now"));
      self->rematch_asker = peer;
      g_signal_emit (self, signals[REMATCH_ASKED], 0);
      return TRUE;

    case CATUR_NET_MESSAGE_REMATCH_ANSWER:
      if (self->rematch_asker != self->seat)
        return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("An answer came to no rematch"));
      self->rematch_asker = CATUR_SIDE_NONE;
      if (message->accept)
        start_rematch (self);
      g_signal_emit (self, signals[REMATCH_ANSWERED], 0, message->accept);
      return TRUE;

    case CATUR_NET_MESSAGE_CHAT:
      g_signal_emit (self, signals[CHAT], 0, message->text);
      return TRUE;

    case CATUR_NET_MESSAGE_DEAL:
      if (self->hidden)
        return receive_deal (self, message->payload, error);
      g_signal_emit (self, signals[DEAL], 0, message->payload);
      return TRUE;

    case CATUR_NET_MESSAGE_HELLO:
    case CATUR_NET_MESSAGE_WELCOME:
    default:
      return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("A %s message came during the game"),
                     catur_net_message_type_name (message->type));
    }
}

/**
 * catur_net_session_receive:
 * @data: (array length=length): one frame's bytes, as the peer sent them
 *
 * Reads and checks one message of the peer and does what it says. A message refused leaves
 * the game as it was: it is logged, #CaturNetSession::refused is emitted, and the session
 * goes on (unless the refusal ends it: a hello that does not fit this game).
 *
 * Returns: %TRUE when the message was taken; else %FALSE with @error set
 */
gboolean
catur_net_session_receive (CaturNetSession *self,
                           const guint8    *data,
                           gsize            length,
                           GError         **error)
{
  g_autoptr(CaturNetMessage) message = NULL;
  GError *local_error = NULL;

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state == CATUR_NET_STATE_CLOSED)
    return REFUSE (CATUR_NET_ERROR_CLOSED, _("The network game is over"));
  message = catur_net_message_decode (data, length, &local_error);
  if (message == NULL)
    {
      /* A hello of another version still gets an answer it can read: ours. */
      if (self->host && self->state == CATUR_NET_STATE_CONNECTING
          && g_error_matches (local_error, CATUR_NET_ERROR, CATUR_NET_ERROR_VERSION))
        return turn_away (self, CATUR_NET_REFUSAL_VERSION, local_error, error);
      return refuse (self, local_error, error);
    }
  if (message->seq != self->received_seq + 1)
    return REFUSE (CATUR_NET_ERROR_REPLAYED,
                   _("A %s message came with sequence number %u, not %u"),
                   catur_net_message_type_name (message->type), message->seq,
                   self->received_seq + 1);
  self->received_seq = message->seq;

  switch (message->type)
    {
    case CATUR_NET_MESSAGE_REFUSE:
      g_message ("%s refused us: %s", self->peer_name ? self->peer_name : "The peer",
                 message->text);
      set_state (self, CATUR_NET_STATE_CLOSED);
      g_signal_emit (self, signals[CLOSED], 0, (guint) message->reason, message->text);
      return TRUE;
    case CATUR_NET_MESSAGE_LEAVE:
      set_state (self, CATUR_NET_STATE_CLOSED);
      g_signal_emit (self, signals[CLOSED], 0, 0u, NULL);
      return TRUE;
    case CATUR_NET_MESSAGE_PING:
      {
        g_autoptr(CaturNetMessage) pong = catur_net_message_new (CATUR_NET_MESSAGE_PONG);

        pong->token = message->token;
        return send_message (self, pong, error);
      }
    case CATUR_NET_MESSAGE_PONG:
      if (self->ping_token == 0 || message->token != self->ping_token)
        return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("A pong came for no ping"));
      self->ping_token = 0;
      g_signal_emit (self, signals[PONG], 0, g_get_monotonic_time () - self->ping_time);
      return TRUE;
    default:
      break;
    }

  if (self->state == CATUR_NET_STATE_CONNECTING)
    {
      if (self->host && message->type == CATUR_NET_MESSAGE_HELLO)
        return receive_hello (self, message, error);
      if (!self->host && message->type == CATUR_NET_MESSAGE_WELCOME)
        return receive_welcome (self, message, error);
      return REFUSE (CATUR_NET_ERROR_UNEXPECTED, _("A %s message came before the hello"),
                     catur_net_message_type_name (message->type));
    }
  if (!receive_playing (self, message, error))
    return FALSE;
  maybe_disclose (self);
  return TRUE;
}

/**
 * catur_net_session_start:
 *
 * The guest sends its hello; the host waits for it (nothing to do).
 *
 * Returns: %FALSE with @error set when the session is not at its start
 */
gboolean
catur_net_session_start (CaturNetSession  *self,
                         GError          **error)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (self->state != CATUR_NET_STATE_CONNECTING || self->sent_seq > 0)
    {
      g_set_error_literal (error, CATUR_NET_ERROR, CATUR_NET_ERROR_NOT_ALLOWED,
                           _("The network game has started already"));
      return FALSE;
    }
  if (self->host)
    return TRUE;
  return send_hello (self, CATUR_NET_MESSAGE_HELLO, self->seat, error);
}

gboolean
catur_net_session_is_host (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  return self->host;
}

CaturNetState
catur_net_session_get_state (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), CATUR_NET_STATE_CLOSED);

  return self->state;
}

/**
 * catur_net_session_get_game:
 *
 * Returns: (transfer none) (nullable): the game; %NULL for a guest that joins a new game,
 *   until the host's welcome
 */
CaturGame *
catur_net_session_get_game (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), NULL);

  return self->game;
}

/* Returns: the seat this side plays (a rematch swaps it) */
CaturSide
catur_net_session_get_seat (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), CATUR_SIDE_NONE);

  return self->seat;
}

/* Returns: (nullable): the name the peer gave in its hello */
const char *
catur_net_session_get_peer_name (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), NULL);

  return self->peer_name;
}

/* Returns: the side whose take-back question awaits an answer, or %CATUR_SIDE_NONE */
CaturSide
catur_net_session_get_take_back_asker (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), CATUR_SIDE_NONE);

  return self->take_back_asker;
}

CaturSide
catur_net_session_get_rematch_asker (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), CATUR_SIDE_NONE);

  return self->rematch_asker;
}

/* Returns: the bytes of every message this session sent (frames' own headers aside) */
guint64
catur_net_session_get_bytes_sent (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), 0);

  return self->bytes_sent;
}

guint
catur_net_session_get_messages_sent (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), 0);

  return self->messages_sent;
}

static gboolean
check_playing (CaturNetSession  *self,
               GError          **error)
{
  if (self->state != CATUR_NET_STATE_PLAYING)
    {
      g_set_error_literal (error, CATUR_NET_ERROR,
                           self->state == CATUR_NET_STATE_CLOSED ? CATUR_NET_ERROR_CLOSED
                                                                 : CATUR_NET_ERROR_NOT_ALLOWED,
                           self->state == CATUR_NET_STATE_CLOSED
                           ? _("The network game is over")
                           : _("The other player has not joined yet"));
      return FALSE;
    }
  return TRUE;
}


static gboolean
play_and_send (CaturNetSession  *self,
               const CaturMove  *move,
               GError          **error)
{
  g_autoptr(CaturNetMessage) message = NULL;
  g_autoptr(CaturGameMove) item = NULL;
  guint n;

  gboolean forced = self->forcing;

  self->forcing = FALSE;
  if (!(forced ? catur_game_play_timed_out (self->game, move, error)
               : catur_game_play (self->game, move, error)))
    return FALSE;
  lapse_take_back (self);
  n = catur_game_get_n_plies (self->game);
  item = g_list_model_get_item (catur_game_get_moves (self->game), n - 1);
  message = catur_net_message_new (CATUR_NET_MESSAGE_MOVE);
  message->ply = n;
  message->text = g_strdup (catur_game_move_get_coordinate (item));
  message->forced = forced;
  if (!send_message (self, message, error))
    return FALSE;
  maybe_send_clock (self);
  maybe_disclose (self);
  return TRUE;
}

/* This side flips a face-down piece: its share goes first, and the flip is played, carrying
 * the piece, when the peer's share comes back (receive_share()). */
static gboolean
ask_flip (CaturNetSession  *self,
          const CaturMove  *move,
          GError          **error)
{
  g_autoptr(GBytes) share = NULL;
  CaturMove flip = *move;
  guint card;
  int at = catur_net_deck_get_position (self->deck, move->from);

  flip.piece = 0;
  flip.flags = CATUR_MOVE_FLIP;
  if (at < 0 || !catur_variant_is_legal (self->variant, catur_game_get_position (self->game),
                                         &flip))
    return not_allowed (error, _("This piece cannot be turned up"));
  if (self->deal == NULL || !catur_net_deal_is_dealt (self->deal))
    return not_allowed (error, _("The face-down pieces are still being dealt"));
  /* Both shares were exchanged before a drop: both sides hold the card. */
  if (catur_net_deal_get_card (self->deal, at, &card))
    return play_flip (self, at, error);
  share = catur_net_deal_produce_share (self->deal, at, error);
  if (share == NULL)
    return FALSE;
  /* Owed before the share leaves, so that a deal saved as it goes names the flip. */
  self->flip_asked = at;
  if (!catur_net_session_send_deal (self, share, error))
    {
      self->flip_asked = -1;
      return FALSE;
    }
  return TRUE;
}

/**
 * catur_net_session_play_move:
 *
 * Plays this side's move in the game and sends it. In a game with face-down pieces a flip
 * (whatever piece @move carries) sends this side's share of the card first, and is played,
 * carrying the piece the deal opened, when the peer's share comes back: the game changes then,
 * and until then catur_net_session_get_flip_asked() names the square and no other move is
 * taken.
 *
 * Returns: %FALSE with @error set when it is not this side's turn, a take-back question of
 *   this side stands, a flip waits, the deal is not through, or the move is not legal
 *   (%CATUR_GAME_ERROR); the game is unchanged
 */
gboolean
catur_net_session_play_move (CaturNetSession  *self,
                             const CaturMove  *move,
                             GError          **error)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (catur_game_is_over (self->game))
    return not_allowed (error, _("The game is over"));
  if (catur_game_get_side_to_move (self->game) != self->seat)
    return not_allowed (error, _("It is the other player's turn"));
  if (self->take_back_asker == self->seat)
    return not_allowed (error, _("The other player has not answered the take-back yet"));
  if (self->flip_asked >= 0)
    return not_allowed (error, _("A piece is being turned up"));
  if (self->hidden && (move->flags & CATUR_MOVE_FLIP) != 0)
    return ask_flip (self, move, error);
  return play_and_send (self, move, error);
}

/* Plays a move written in any notation the variant reads (catur_game_play_text()). */
gboolean
catur_net_session_play_text (CaturNetSession  *self,
                             const char       *text,
                             GError          **error)
{
  CaturMove move;

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (!catur_variant_parse_move (self->variant, catur_game_get_position (self->game), text,
                                 &move, error))
    return FALSE;
  return catur_net_session_play_move (self, &move, error);
}

/**
 * catur_net_session_ask_take_back:
 *
 * Asks the peer to let this side take back its last move (and the reply, when the peer has
 * answered it): the permission flow of a game on one board, across two computers. The clock
 * stops until #CaturNetSession::take-back-answered.
 */
gboolean
catur_net_session_ask_take_back (CaturNetSession  *self,
                                 GError          **error)
{
  g_autofree char *reason = NULL;

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (!catur_game_can_take_back (self->game, &reason))
    return not_allowed (error, reason);
  if (self->take_back_asker != CATUR_SIDE_NONE || catur_game_is_over (self->game)
      || catur_game_get_take_back_plies (self->game, self->seat) == 0)
    return not_allowed (error, _("No take-back may be asked now"));
  send_simple (self, CATUR_NET_MESSAGE_TAKEBACK_ASK, catur_game_get_n_plies (self->game), FALSE);
  self->take_back_asker = self->seat;
  hold (self);
  return TRUE;
}

/* Answers the peer's take-back question; yes takes its move back here and there. */
gboolean
catur_net_session_answer_take_back (CaturNetSession  *self,
                                    gboolean          accept,
                                    GError          **error)
{
  CaturSide peer;

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (!check_playing (self, error))
    return FALSE;
  peer = catur_side_other (self->seat);
  if (self->take_back_asker != peer)
    return not_allowed (error, _("The other player asked for no take-back"));
  send_simple (self, CATUR_NET_MESSAGE_TAKEBACK_ANSWER, catur_game_get_n_plies (self->game),
               accept);
  self->take_back_asker = CATUR_SIDE_NONE;
  release (self);
  if (accept)
    catur_game_take_back (self->game, peer);
  return TRUE;
}

gboolean
catur_net_session_offer_draw (CaturNetSession  *self,
                              GError          **error)
{
  g_autofree char *reason = NULL;

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (!catur_game_can_offer_draw (self->game, &reason))
    return not_allowed (error, reason);
  if (!catur_game_offer_draw (self->game, self->seat))
    return not_allowed (error, _("No draw may be offered now"));
  send_simple (self, CATUR_NET_MESSAGE_DRAW_OFFER, catur_game_get_n_plies (self->game), FALSE);
  return TRUE;
}

gboolean
catur_net_session_answer_draw (CaturNetSession  *self,
                               gboolean          accept,
                               GError          **error)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (catur_game_get_draw_offer (self->game) != catur_side_other (self->seat))
    return not_allowed (error, _("The other player offered no draw"));
  send_simple (self, CATUR_NET_MESSAGE_DRAW_ANSWER, catur_game_get_n_plies (self->game), accept);
  catur_game_answer_draw_offer (self->game, accept);
  maybe_disclose (self);
  return TRUE;
}

gboolean
catur_net_session_resign (CaturNetSession  *self,
                          GError          **error)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (catur_game_is_over (self->game))
    return not_allowed (error, _("The game is over"));
  send_simple (self, CATUR_NET_MESSAGE_RESIGN, catur_game_get_n_plies (self->game), FALSE);
  lapse_take_back (self);
  catur_game_resign (self->game, self->seat);
  maybe_disclose (self);
  return TRUE;
}

/**
 * catur_net_session_time_out:
 *
 * This side's player ran out of the time a move may take (the shell's clock says so): the
 * rules' move for the time-out is played and sent marked as the clock's (a flip first goes
 * through the deal, as catur_net_session_play_move() says), or, when the rules say this
 * time-out loses, the game ends so on both sides (RESIGN with %CATUR_NET_ENDING_TIME_OUT).
 * The peer checks both against its own rules and clock (docs/network.md, "Time-outs").
 *
 * Returns: %FALSE with @error set when the game has no time a move, it is not this side's
 *   turn, a question of this side stands or a flip waits
 */
gboolean
catur_net_session_time_out (CaturNetSession  *self,
                            GError          **error)
{
  CaturMove move;
  gboolean ok;

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (catur_game_is_over (self->game))
    return not_allowed (error, _("The game is over"));
  if (!per_move (self->game))
    return not_allowed (error, _("The game has no time a move"));
  if (catur_game_get_side_to_move (self->game) != self->seat)
    return not_allowed (error, _("It is the other player's turn"));
  if (self->take_back_asker == self->seat)
    return not_allowed (error, _("The other player has not answered the take-back yet"));
  if (self->flip_asked >= 0)
    return not_allowed (error, _("A piece is being turned up"));
  if (catur_game_get_time_out_move (self->game,
                                    catur_game_get_time_outs (self->game, self->seat) + 1,
                                    &move))
    {
      self->forcing = TRUE;
      if (self->hidden && (move.flags & CATUR_MOVE_FLIP) != 0)
        ok = ask_flip (self, &move, error);
      else
        ok = play_and_send (self, &move, error);
      /* Kept only while the flip waits for the peer's share. */
      if (!ok || self->flip_asked < 0)
        self->forcing = FALSE;
      return ok;
    }
  {
    g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_RESIGN);

    message->ply = catur_game_get_n_plies (self->game);
    message->ending = CATUR_NET_ENDING_TIME_OUT;
    if (!send_message (self, message, error))
      return FALSE;
  }
  lapse_take_back (self);
  catur_game_time_out (self->game);
  maybe_disclose (self);
  return TRUE;
}

/* Asks for another game once this one is over; the seats swap when the peer agrees. */
gboolean
catur_net_session_ask_rematch (CaturNetSession  *self,
                               GError          **error)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (!catur_game_is_over (self->game) || self->rematch_asker != CATUR_SIDE_NONE)
    return not_allowed (error, _("No rematch may be asked now"));
  send_simple (self, CATUR_NET_MESSAGE_REMATCH_ASK, 0, FALSE);
  self->rematch_asker = self->seat;
  return TRUE;
}

gboolean
catur_net_session_answer_rematch (CaturNetSession  *self,
                                  gboolean          accept,
                                  GError          **error)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (self->rematch_asker != catur_side_other (self->seat))
    return not_allowed (error, _("The other player asked for no rematch"));
  send_simple (self, CATUR_NET_MESSAGE_REMATCH_ANSWER, 0, accept);
  self->rematch_asker = CATUR_SIDE_NONE;
  if (accept)
    start_rematch (self);
  return TRUE;
}

/**
 * catur_net_session_chat:
 * @text: one line, at most %CATUR_NET_CHAT_MAX bytes of UTF-8 without control characters
 */
gboolean
catur_net_session_chat (CaturNetSession  *self,
                        const char       *text,
                        GError          **error)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_CHAT);

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!check_playing (self, error))
    return FALSE;
  message->text = g_strdup (text);
  return send_message (self, message, error);
}

/* Leaves for good: the peer is told, and the session ends. The game stays as it is. */
gboolean
catur_net_session_leave (CaturNetSession  *self,
                         GError          **error)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_LEAVE);

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (self->state == CATUR_NET_STATE_CLOSED)
    return TRUE;
  if (!send_message (self, message, error))
    return FALSE;
  set_state (self, CATUR_NET_STATE_CLOSED);
  return TRUE;
}

/* Sends the deal module's bytes; the peer's session gives them to its deal (::deal). */
gboolean
catur_net_session_send_deal (CaturNetSession  *self,
                             GBytes           *payload,
                             GError          **error)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_DEAL);

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);
  g_return_val_if_fail (payload != NULL, FALSE);

  if (!check_playing (self, error))
    return FALSE;
  message->payload = g_bytes_ref (payload);
  return send_message (self, message, error);
}

/* Sends a ping; its pong gives the round trip (::pong). */
gboolean
catur_net_session_ping (CaturNetSession  *self,
                        GError          **error)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_PING);

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (self->state == CATUR_NET_STATE_CLOSED)
    return check_playing (self, error);
  self->ping_token = g_random_int_range (1, G_MAXINT32);
  message->token = self->ping_token;
  self->ping_time = g_get_monotonic_time ();
  return send_message (self, message, error);
}

/**
 * catur_net_session_send_clock:
 *
 * The host sends its clock readings (it does so by itself after each move of a timed game;
 * the shell may send them more often). The guest's game takes them as they are.
 */
gboolean
catur_net_session_send_clock (CaturNetSession  *self,
                              GError          **error)
{
  g_autoptr(CaturNetMessage) message = catur_net_message_new (CATUR_NET_MESSAGE_CLOCK);

  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), FALSE);

  if (!check_playing (self, error))
    return FALSE;
  if (!self->host)
    return not_allowed (error, _("Only the host keeps the clocks"));
  fill_clock (self, message);
  return send_message (self, message, error);
}

/**
 * catur_net_session_get_deal:
 *
 * Returns: (transfer none) (nullable): the deal of a game with face-down pieces, which the
 *   next session over the same game needs (catur_net_session_set_deal())
 */
CaturNetDeal *
catur_net_session_get_deal (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), NULL);

  return self->deal;
}

/**
 * catur_net_session_set_deal:
 * @deal: (nullable): the deal of the session before a drop, for a resumed game
 *
 * Before catur_net_session_start(): the face-down pieces of a resumed game are those the deal
 * of the first session dealt.
 */
void
catur_net_session_set_deal (CaturNetSession *self,
                            CaturNetDeal    *deal)
{
  g_return_if_fail (CATUR_IS_NET_SESSION (self));
  g_return_if_fail (deal == NULL || CATUR_IS_NET_DEAL (deal));

  g_set_object (&self->deal, deal);
}

/**
 * catur_net_session_get_flip_asked:
 *
 * Returns: the square of this side's flip that waits for the peer's share (its move is owed:
 *   no other may be played), or %CATUR_SQUARE_NONE
 */
CaturSquare
catur_net_session_get_flip_asked (CaturNetSession *self)
{
  g_return_val_if_fail (CATUR_IS_NET_SESSION (self), CATUR_SQUARE_NONE);

  if (self->flip_asked < 0 || self->deck == NULL)
    return CATUR_SQUARE_NONE;
  return catur_net_deck_get_square (self->deck, self->flip_asked);
}

/**
 * catur_net_session_set_flip_asked:
 * @square: the square of catur_net_session_get_flip_asked() of the session before a drop
 *
 * Before catur_net_session_start(), with catur_net_session_set_deal(): the peer may hold the
 * card of a flip asked before the drop, so the resumed session asks it again rather than let
 * another move be played.
 */
void
catur_net_session_set_flip_asked (CaturNetSession *self,
                                  CaturSquare      square)
{
  g_return_if_fail (CATUR_IS_NET_SESSION (self));

  self->flip_asked = square != CATUR_SQUARE_NONE && self->deck != NULL
                     ? catur_net_deck_get_position (self->deck, square) : -1;
}
