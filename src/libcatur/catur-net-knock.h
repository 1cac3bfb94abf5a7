/* catur-net-knock.h: joining a game found by its short code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A friend who has only the code read aloud knows the host's address from discovery, but not
 * its certificate's fingerprint nor the invitation's secret. CaturNetKnock connects, takes
 * whatever certificate the host shows, says the code and the player's name, and waits: both
 * players compare the words of the fingerprint (catur_net_invite_words()), and the host player
 * lets the friend in (catur_net_host_admit()), which hands over the secret. docs/network.md,
 * "Joining by the code", says why this is safe.
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-net-invite.h"
#include "catur-net-transport.h"

G_BEGIN_DECLS

#define CATUR_TYPE_NET_KNOCK (catur_net_knock_get_type ())
G_DECLARE_FINAL_TYPE (CaturNetKnock, catur_net_knock, CATUR, NET_KNOCK, GObject)

CaturNetKnock  *catur_net_knock_new             (const char    *host,
                                                 guint16        port,
                                                 const char    *code,
                                                 const char    *name);
void            catur_net_knock_start           (CaturNetKnock *self,
                                                 GCancellable  *cancellable);
const guint8   *catur_net_knock_get_fingerprint (CaturNetKnock *self);
CaturNetInvite *catur_net_knock_dup_invite      (CaturNetKnock *self);

G_END_DECLS
