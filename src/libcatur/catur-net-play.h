/* catur-net-play.h: a game played over a network connection, across drops
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-game.h"
#include "catur-net-session.h"
#include "catur-net-transport.h"

G_BEGIN_DECLS

#define CATUR_TYPE_NET_PLAY (catur_net_play_get_type ())
G_DECLARE_FINAL_TYPE (CaturNetPlay, catur_net_play, CATUR, NET_PLAY, GObject)

CaturGame       *catur_net_play_new_game       (CaturVariant        *variant,
                                                GVariant            *options);
CaturNetPlay    *catur_net_play_new_host       (CaturGame           *game,
                                                CaturSide            seat,
                                                const char          *name);
CaturNetPlay    *catur_net_play_new_guest      (CaturVariant        *variant,
                                                CaturGame           *game,
                                                CaturSide            seat,
                                                const char          *name);
gboolean         catur_net_play_attach         (CaturNetPlay        *self,
                                                CaturNetConnection  *connection,
                                                GError             **error);
void             catur_net_play_detach         (CaturNetPlay        *self);
gboolean         catur_net_play_is_connected   (CaturNetPlay        *self);
guint            catur_net_play_get_n_sessions (CaturNetPlay        *self);
CaturNetSession *catur_net_play_get_session    (CaturNetPlay        *self);
CaturGame       *catur_net_play_get_game       (CaturNetPlay        *self);
CaturSide        catur_net_play_get_seat       (CaturNetPlay        *self);
const char      *catur_net_play_get_name       (CaturNetPlay        *self);
gboolean         catur_net_play_is_host        (CaturNetPlay        *self);
guint64          catur_net_play_get_bytes_sent (CaturNetPlay        *self);
GBytes          *catur_net_play_save_deal      (CaturNetPlay        *self);
gboolean         catur_net_play_restore_deal   (CaturNetPlay        *self,
                                                GBytes              *saved,
                                                GError             **error);

G_END_DECLS
