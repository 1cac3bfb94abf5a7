/* catur-net-transport-private.h: what the host (catur-net-transport.c) and the joiner by the
 * code (catur-net-knock.c) share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The knock, sent after TLS instead of the proof by a joiner who has only the short code:
 *   "CTRK"  version (1 byte)  the code's six characters, without the hyphen
 *   the name's length (1 byte, at most CATUR_NET_KNOCK_NAME_MAX)  the name, UTF-8
 * The host answers when its player decides: 'A' 0 and the invitation's secret (admitted), or
 * 'R' and a reason, as it answers a proof.
 */
#pragma once

#include "catur.h"

G_BEGIN_DECLS

#define CATUR_NET_KNOCK_MAGIC "CTRK"

/* The knock's bytes before the name. */
#define CATUR_NET_KNOCK_HEADER_SIZE (4 + 1 + CATUR_NET_CODE_LENGTH + 1)

/* The host's answers to a proof or a knock: 'A' and ANSWER_ACCEPTED, or 'R' and another. */
enum
{
  CATUR_NET_ANSWER_ACCEPTED = 0,
  CATUR_NET_ANSWER_WRONG_SECRET = 1,
  CATUR_NET_ANSWER_BUSY = 2,
  CATUR_NET_ANSWER_VERSION = 3,
  CATUR_NET_ANSWER_TURNED_AWAY = 4,     /* the host player said no to a knock */
  CATUR_NET_ANSWER_WRONG_CODE = 5,      /* a knock with a code that is not the game's */
  CATUR_NET_ANSWER_KNOCK_TIMEOUT = 6,   /* the host player did not answer a knock in time */
  CATUR_NET_ANSWER_PAUSED = 7,          /* a knock just after the host player turned one away */
};

CaturNetConnection *catur_net_connection_new_joined (GIOStream    *stream);
GError             *catur_net_answer_error          (guint8        reason);
char               *catur_net_knock_clean_name      (const char   *bytes,
                                                     gssize        length);

G_END_DECLS
