/* catur-net-session.h: one side of a game played over the network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-game.h"
#include "catur-net-deal.h"
#include "catur-net-wire.h"

G_BEGIN_DECLS

/**
 * CaturNetState:
 * @CATUR_NET_STATE_CONNECTING: the hello has not been answered yet
 * @CATUR_NET_STATE_PLAYING: both sides agreed on the game and play it
 * @CATUR_NET_STATE_CLOSED: a side left, or refused the other: nothing more is read or sent
 */
typedef enum
{
  CATUR_NET_STATE_CONNECTING,
  CATUR_NET_STATE_PLAYING,
  CATUR_NET_STATE_CLOSED,
} CaturNetState;

#define CATUR_TYPE_NET_SESSION (catur_net_session_get_type ())
G_DECLARE_FINAL_TYPE (CaturNetSession, catur_net_session, CATUR, NET_SESSION, GObject)

CaturNetSession *catur_net_session_new_host        (CaturGame       *game,
                                                    CaturSide        seat,
                                                    const char      *name,
                                                    GError         **error);
CaturNetSession *catur_net_session_new_guest       (CaturVariant    *variant,
                                                    CaturGame       *game,
                                                    CaturSide        seat,
                                                    const char      *name,
                                                    GError         **error);
gboolean         catur_net_session_start           (CaturNetSession *self,
                                                    GError         **error);
gboolean         catur_net_session_receive         (CaturNetSession *self,
                                                    const guint8    *data,
                                                    gsize            length,
                                                    GError         **error);

gboolean         catur_net_session_is_host         (CaturNetSession *self);
CaturNetState    catur_net_session_get_state       (CaturNetSession *self);
CaturGame       *catur_net_session_get_game        (CaturNetSession *self);
CaturSide        catur_net_session_get_seat        (CaturNetSession *self);
const char      *catur_net_session_get_peer_name   (CaturNetSession *self);
CaturSide        catur_net_session_get_take_back_asker (CaturNetSession *self);
CaturSide        catur_net_session_get_rematch_asker   (CaturNetSession *self);
guint64          catur_net_session_get_bytes_sent  (CaturNetSession *self);
guint            catur_net_session_get_messages_sent (CaturNetSession *self);

gboolean         catur_net_session_play_move       (CaturNetSession *self,
                                                    const CaturMove *move,
                                                    GError         **error);
gboolean         catur_net_session_play_text       (CaturNetSession *self,
                                                    const char      *text,
                                                    GError         **error);
gboolean         catur_net_session_ask_take_back   (CaturNetSession *self,
                                                    GError         **error);
gboolean         catur_net_session_answer_take_back (CaturNetSession *self,
                                                     gboolean         accept,
                                                     GError         **error);
gboolean         catur_net_session_offer_draw      (CaturNetSession *self,
                                                    GError         **error);
gboolean         catur_net_session_answer_draw     (CaturNetSession *self,
                                                    gboolean         accept,
                                                    GError         **error);
gboolean         catur_net_session_resign          (CaturNetSession *self,
                                                    GError         **error);
gboolean         catur_net_session_time_out        (CaturNetSession *self,
                                                    GError         **error);
gboolean         catur_net_session_ask_rematch     (CaturNetSession *self,
                                                    GError         **error);
gboolean         catur_net_session_answer_rematch  (CaturNetSession *self,
                                                    gboolean         accept,
                                                    GError         **error);
gboolean         catur_net_session_chat            (CaturNetSession *self,
                                                    const char      *text,
                                                    GError         **error);
gboolean         catur_net_session_leave           (CaturNetSession *self,
                                                    GError         **error);
gboolean         catur_net_session_send_deal       (CaturNetSession *self,
                                                    GBytes          *payload,
                                                    GError         **error);
gboolean         catur_net_session_ping            (CaturNetSession *self,
                                                    GError         **error);
gboolean         catur_net_session_send_clock      (CaturNetSession *self,
                                                    GError         **error);
CaturNetDeal    *catur_net_session_get_deal        (CaturNetSession *self);
void             catur_net_session_set_deal        (CaturNetSession *self,
                                                    CaturNetDeal    *deal);
CaturSquare      catur_net_session_get_flip_asked  (CaturNetSession *self);
void             catur_net_session_set_flip_asked  (CaturNetSession *self,
                                                    CaturSquare      square);

void             catur_net_record_digest           (CaturGame       *game,
                                                    guint            plies,
                                                    guint8           digest[CATUR_NET_DIGEST_SIZE]);

G_END_DECLS
