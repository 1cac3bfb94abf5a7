/* catur-net-wire.h: the messages of a game played over the network, and their bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/* The protocol version this build speaks: the first byte of every message. */
#define CATUR_NET_PROTOCOL_VERSION 1

/* The largest message, as the transport's frames carry it. */
#define CATUR_NET_MESSAGE_MAX 65536

/* Field limits, in bytes of UTF-8. */
#define CATUR_NET_NAME_MAX 64
#define CATUR_NET_APP_VERSION_MAX 32
#define CATUR_NET_GAME_ID_MAX 32
#define CATUR_NET_OPTIONS_MAX 4096
#define CATUR_NET_MOVE_MAX 32
#define CATUR_NET_CHAT_MAX 512
#define CATUR_NET_DETAIL_MAX 256
#define CATUR_NET_DIGEST_SIZE 32

/**
 * CATUR_NET_ERROR:
 *
 * Errors of reading a message and of a network session's checks.
 */
#define CATUR_NET_ERROR (catur_net_error_quark ())

/**
 * CaturNetError:
 * @CATUR_NET_ERROR_MALFORMED: the bytes are not a message: cut short, a field out of its
 *   range, bytes left over
 * @CATUR_NET_ERROR_TOO_LONG: the message, or one of its fields, is longer than allowed
 * @CATUR_NET_ERROR_UNKNOWN_TYPE: a message type this version does not know
 * @CATUR_NET_ERROR_VERSION: another protocol version
 * @CATUR_NET_ERROR_TEXT: a text field is not valid UTF-8 or holds characters it may not
 * @CATUR_NET_ERROR_REPLAYED: the sender's sequence number is not the next one
 * @CATUR_NET_ERROR_UNEXPECTED: a message that has no place now (a move before the hello, an
 *   answer to no question)
 * @CATUR_NET_ERROR_GAME_MISMATCH: another game, other options, another seat or another record
 * @CATUR_NET_ERROR_OUT_OF_TURN: a move of the side not to move
 * @CATUR_NET_ERROR_WRONG_PLY: a message about another ply than the game's
 * @CATUR_NET_ERROR_ILLEGAL_MOVE: a move the rules refuse, or that does not read
 * @CATUR_NET_ERROR_NOT_ALLOWED: a local action the game does not allow now
 * @CATUR_NET_ERROR_UNSUPPORTED: a game that cannot be played over the network yet
 * @CATUR_NET_ERROR_CLOSED: the session is over: refused, or left
 */
typedef enum
{
  CATUR_NET_ERROR_MALFORMED,
  CATUR_NET_ERROR_TOO_LONG,
  CATUR_NET_ERROR_UNKNOWN_TYPE,
  CATUR_NET_ERROR_VERSION,
  CATUR_NET_ERROR_TEXT,
  CATUR_NET_ERROR_REPLAYED,
  CATUR_NET_ERROR_UNEXPECTED,
  CATUR_NET_ERROR_GAME_MISMATCH,
  CATUR_NET_ERROR_OUT_OF_TURN,
  CATUR_NET_ERROR_WRONG_PLY,
  CATUR_NET_ERROR_ILLEGAL_MOVE,
  CATUR_NET_ERROR_NOT_ALLOWED,
  CATUR_NET_ERROR_UNSUPPORTED,
  CATUR_NET_ERROR_CLOSED,
} CaturNetError;

GQuark catur_net_error_quark (void);

/**
 * CaturNetMessageType:
 *
 * The message types of protocol version 1, as their byte on the wire (docs/network.md).
 */
typedef enum
{
  CATUR_NET_MESSAGE_HELLO = 1,
  CATUR_NET_MESSAGE_WELCOME,
  CATUR_NET_MESSAGE_REFUSE,
  CATUR_NET_MESSAGE_MOVE,
  CATUR_NET_MESSAGE_TAKEBACK_ASK,
  CATUR_NET_MESSAGE_TAKEBACK_ANSWER,
  CATUR_NET_MESSAGE_DRAW_OFFER,
  CATUR_NET_MESSAGE_DRAW_ANSWER,
  CATUR_NET_MESSAGE_RESIGN,
  CATUR_NET_MESSAGE_CLOCK,
  CATUR_NET_MESSAGE_REMATCH_ASK,
  CATUR_NET_MESSAGE_REMATCH_ANSWER,
  CATUR_NET_MESSAGE_CHAT,
  CATUR_NET_MESSAGE_LEAVE,
  CATUR_NET_MESSAGE_DEAL,
  CATUR_NET_MESSAGE_PING,
  CATUR_NET_MESSAGE_PONG,
} CaturNetMessageType;

#define CATUR_NET_N_TYPES (CATUR_NET_MESSAGE_PONG + 1)

/**
 * CaturNetRefusal:
 *
 * Why a REFUSE turns a peer away.
 */
typedef enum
{
  CATUR_NET_REFUSAL_PROTOCOL = 1,
  CATUR_NET_REFUSAL_VERSION,
  CATUR_NET_REFUSAL_GAME,
  CATUR_NET_REFUSAL_SEAT,
  CATUR_NET_REFUSAL_RECORD,
  CATUR_NET_REFUSAL_BUSY,
  CATUR_NET_REFUSAL_UNSUPPORTED,
} CaturNetRefusal;

#define CATUR_NET_REFUSAL_LAST CATUR_NET_REFUSAL_UNSUPPORTED

/**
 * CaturNetEnding:
 * @CATUR_NET_ENDING_RESIGN: the sender resigns
 * @CATUR_NET_ENDING_TIME_OUT: the sender loses by running out of the time a move may take
 *   again (Banqi's second time-out in a row): the rules end the game, not the player
 *
 * Why a RESIGN ends the game on the sender's side.
 */
typedef enum
{
  CATUR_NET_ENDING_RESIGN = 1,
  CATUR_NET_ENDING_TIME_OUT,
} CaturNetEnding;

#define CATUR_NET_ENDING_LAST CATUR_NET_ENDING_TIME_OUT

/**
 * CaturNetMessage:
 * @type: the #CaturNetMessageType
 * @seq: the sender's sequence number, from 1 on each connection
 * @app_version: HELLO, WELCOME: the sender's program version
 * @game_id: HELLO, WELCOME: the variant id
 * @options: HELLO, WELCOME: the rule options (a{sv}) as g_variant_print() writes them, or ""
 * @name: HELLO, WELCOME: the sender's player name
 * @seat: HELLO: the seat asked for; WELCOME: the seat given to the joiner; CLOCK: the side
 *   whose clock runs; a #CaturSide, %CATUR_SIDE_NONE for any or none
 * @ply: HELLO, WELCOME: the plies the sender's game has; MOVE: the ply the move makes (from
 *   1); TAKEBACK_*, DRAW_*, RESIGN, CLOCK: the plies of the game the message is about
 * @digest: HELLO, WELCOME: SHA-256 of the sender's record (its moves' coordinate texts)
 * @reason: REFUSE: a #CaturNetRefusal
 * @text: REFUSE: a detail; MOVE: the move in the variant's coordinate notation; CHAT: the line
 * @forced: MOVE: the move was played for the sender by the clock, the time a move may take
 *   having run out (catur_game_get_time_out_move())
 * @ending: RESIGN: a #CaturNetEnding
 * @accept: *_ANSWER: yes or no
 * @clock_ms: CLOCK: the main time left of the first and second seat, in ms
 * @periods: CLOCK: their byoyomi periods left
 * @timed_out: CLOCK: the side that ran out of time, or %CATUR_SIDE_NONE
 * @token: PING, PONG: the number the pong echoes
 * @payload: DEAL: the deal module's opaque bytes
 *
 * One message. Fields a type does not have are 0 or %NULL.
 */
typedef struct
{
  CaturNetMessageType type;
  guint32 seq;
  char *app_version;
  char *game_id;
  char *options;
  char *name;
  guint8 seat;
  guint32 ply;
  guint8 digest[CATUR_NET_DIGEST_SIZE];
  guint8 reason;
  char *text;
  gboolean forced;
  guint8 ending;
  gboolean accept;
  guint32 clock_ms[2];
  guint8 periods[2];
  guint8 timed_out;
  guint32 token;
  GBytes *payload;
} CaturNetMessage;

CaturNetMessage *catur_net_message_new         (CaturNetMessageType    type);
void             catur_net_message_free        (CaturNetMessage       *message);
const char      *catur_net_message_type_name   (CaturNetMessageType    type);
GBytes          *catur_net_message_encode      (const CaturNetMessage *message,
                                                GError               **error);
CaturNetMessage *catur_net_message_decode      (const guint8          *data,
                                                gsize                  length,
                                                GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturNetMessage, catur_net_message_free)

G_END_DECLS
