/* catur-net-invite.h: the invitation to a network game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The link the host shares, `catur://HOST:PORT/join?v=1&fp=FINGERPRINT&s=SECRET&g=GAME`:
 *   HOST          an IPv4 address, an IPv6 address in brackets, or a host name
 *   PORT          the port the host listens on (1–65535)
 *   v             the protocol version (CATUR_NET_INVITE_VERSION)
 *   fp            the SHA-256 fingerprint of the host's certificate, unpadded base64url
 *   s             the invitation's random secret (32 bytes), unpadded base64url
 *   g             the game's id (optional: links made before it have none)
 * The short code (six characters, read aloud) is only a key to find a host on the local
 * network, and the words let two players check, screen to screen, that they see one
 * certificate. docs/network.md, "Connection and security", says why each is so.
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-net-cert.h"

G_BEGIN_DECLS

/* The version of the connection protocol this Catur speaks. */
#define CATUR_NET_INVITE_VERSION 1

#define CATUR_NET_SECRET_SIZE 32

/* The short code's length, not counting the hyphen shown in its middle. */
#define CATUR_NET_CODE_LENGTH 6

/* How many words catur_net_invite_words() gives. */
#define CATUR_NET_WORD_COUNT 6

/* The longest game id a link may name. */
#define CATUR_NET_INVITE_GAME_MAX 64

#define CATUR_NET_INVITE_ERROR (catur_net_invite_error_quark ())
typedef enum
{
  CATUR_NET_INVITE_ERROR_INVALID,   /* not a Catur invitation, or a damaged one */
  CATUR_NET_INVITE_ERROR_VERSION,   /* made by a Catur that speaks another protocol */
  CATUR_NET_INVITE_ERROR_CODE,      /* a short code with a wrong length or letter */
} CaturNetInviteError;

/**
 * CaturNetInvite:
 * @host: the host's address or name, without brackets
 * @port: its port
 * @version: the protocol version
 * @fingerprint: the SHA-256 fingerprint of its certificate
 * @secret: the invitation's secret
 * @game: (nullable): the game's id (lowercase letters, digits, `-` and `_`), or %NULL when the
 *   link does not say (catur_net_invite_set_game())
 *
 * An invitation, as the link carries it.
 */
typedef struct
{
  char *host;
  guint16 port;
  guint version;
  guint8 fingerprint[CATUR_NET_FINGERPRINT_SIZE];
  guint8 secret[CATUR_NET_SECRET_SIZE];
  char *game;
} CaturNetInvite;

GQuark          catur_net_invite_error_quark (void);

CaturNetInvite *catur_net_invite_new         (const char           *host,
                                              guint16               port,
                                              const guint8         *fingerprint);
CaturNetInvite *catur_net_invite_copy        (const CaturNetInvite *self);
void            catur_net_invite_free        (CaturNetInvite       *self);
void            catur_net_invite_set_game    (CaturNetInvite       *self,
                                              const char           *game);
gboolean        catur_net_invite_is_game_id  (const char           *game);
char           *catur_net_invite_format      (const CaturNetInvite *self);
CaturNetInvite *catur_net_invite_parse       (const char           *link,
                                              GError              **error);

char          **catur_net_invite_words       (const guint8         *fingerprint);

char           *catur_net_code_new           (void);
char           *catur_net_code_parse         (const char           *typed,
                                              GError              **error);

void            catur_net_random_bytes       (guint8               *buffer,
                                              gsize                 length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturNetInvite, catur_net_invite_free)

G_END_DECLS
