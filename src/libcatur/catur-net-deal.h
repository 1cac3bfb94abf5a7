/* catur-net-deal.h: face-down pieces dealt between two programs with no trusted dealer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib-object.h>

#include "catur-types.h"
#include "catur-variant.h"

G_BEGIN_DECLS

/**
 * CATUR_NET_DEAL_ERROR:
 *
 * The error domain of the deal: a payload the other side sent that is refused. A refused
 * payload changes nothing: the deal goes on as if it had not come. The messages, naming rounds
 * and positions, are for the log; a caller tells the player in its own words, by the code.
 */
#define CATUR_NET_DEAL_ERROR (catur_net_deal_error_quark ())
GQuark catur_net_deal_error_quark (void);

/**
 * CaturNetDealError:
 * @CATUR_NET_DEAL_ERROR_MALFORMED: not a deal payload of this deck: its length, version,
 *   kind or deck size is wrong, or a number in it is out of range
 * @CATUR_NET_DEAL_ERROR_OUT_OF_ORDER: a well-formed payload that does not come now: a round
 *   not due, a second share for a card, a share before the deal is done
 * @CATUR_NET_DEAL_ERROR_INCONSISTENT: a payload that no honest side sends: a number that is
 *   not a quadratic residue, a card twice in one round, a share that turns up no card or a card
 *   already turned up elsewhere
 * @CATUR_NET_DEAL_ERROR_DISHONEST: the end check failed: the other side's disclosure does not
 *   explain what it sent, or it kept a card out of the deck or put one in twice
 * @CATUR_NET_DEAL_ERROR_NOT_SUPPORTED: the position has no face-down pieces to deal, or its
 *   pool does not match them
 * @CATUR_NET_DEAL_ERROR_BAD_SAVE: a saved deal (catur_net_deal_restore()) that is cut short,
 *   changed, of another version or not a deal at all
 */
typedef enum
{
  CATUR_NET_DEAL_ERROR_MALFORMED,
  CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
  CATUR_NET_DEAL_ERROR_INCONSISTENT,
  CATUR_NET_DEAL_ERROR_DISHONEST,
  CATUR_NET_DEAL_ERROR_NOT_SUPPORTED,
  CATUR_NET_DEAL_ERROR_BAD_SAVE,
} CaturNetDealError;

/**
 * CaturNetDealRole:
 * @CATUR_NET_DEAL_FIRST: the side that sends the deal's first round (the host)
 * @CATUR_NET_DEAL_SECOND: the other side
 *
 * Which half of the deal a side plays; the two sides of a deal have different roles.
 */
typedef enum
{
  CATUR_NET_DEAL_FIRST,
  CATUR_NET_DEAL_SECOND,
} CaturNetDealRole;

/**
 * CaturNetDealPayloadKind:
 * @CATUR_NET_DEAL_PAYLOAD_INVALID: not a deal payload of this version
 * @CATUR_NET_DEAL_PAYLOAD_ROUND: a round of the deal (catur_net_deal_consume())
 * @CATUR_NET_DEAL_PAYLOAD_SHARE: a share of opening a card (catur_net_deal_consume_share())
 * @CATUR_NET_DEAL_PAYLOAD_DISCLOSURE: a side's disclosure (catur_net_deal_check_disclosure())
 *
 * What a payload says it is (catur_net_deal_payload_kind()), so that one message of the wire
 * can carry them all; the function it goes to checks the rest.
 */
typedef enum
{
  CATUR_NET_DEAL_PAYLOAD_INVALID,
  CATUR_NET_DEAL_PAYLOAD_ROUND,
  CATUR_NET_DEAL_PAYLOAD_SHARE,
  CATUR_NET_DEAL_PAYLOAD_DISCLOSURE,
} CaturNetDealPayloadKind;

/**
 * CATUR_NET_DEAL_MAX_CARDS:
 *
 * The most cards a deal may have (a deck bigger than any board: 192 squares).
 */
#define CATUR_NET_DEAL_MAX_CARDS 192

#define CATUR_TYPE_NET_DEAL (catur_net_deal_get_type ())
G_DECLARE_FINAL_TYPE (CaturNetDeal, catur_net_deal, CATUR, NET_DEAL, GObject)

CaturNetDeal    *catur_net_deal_new                (CaturNetDealRole   role,
                                                    guint              n_cards);
CaturNetDeal    *catur_net_deal_new_seeded         (CaturNetDealRole   role,
                                                    guint              n_cards,
                                                    const guint8      *seed,
                                                    gsize              seed_length);
CaturNetDealRole catur_net_deal_get_role           (CaturNetDeal      *self);
guint            catur_net_deal_get_n_cards        (CaturNetDeal      *self);
gboolean         catur_net_deal_wants_to_send      (CaturNetDeal      *self);
gboolean         catur_net_deal_is_dealt           (CaturNetDeal      *self);
GBytes          *catur_net_deal_produce            (CaturNetDeal      *self,
                                                    GError           **error);
gboolean         catur_net_deal_consume            (CaturNetDeal      *self,
                                                    GBytes            *payload,
                                                    GError           **error);
GBytes          *catur_net_deal_produce_share      (CaturNetDeal      *self,
                                                    guint              position,
                                                    GError           **error);
gboolean         catur_net_deal_consume_share      (CaturNetDeal      *self,
                                                    GBytes            *payload,
                                                    guint             *position,
                                                    GError           **error);
gboolean         catur_net_deal_get_card           (CaturNetDeal      *self,
                                                    guint              position,
                                                    guint             *card);
GBytes          *catur_net_deal_produce_disclosure (CaturNetDeal      *self,
                                                    GError           **error);
gboolean         catur_net_deal_check_disclosure   (CaturNetDeal      *self,
                                                    GBytes            *payload,
                                                    GError           **error);
gboolean         catur_net_deal_is_checked         (CaturNetDeal      *self);
CaturNetDealPayloadKind catur_net_deal_payload_kind (GBytes        *payload);
gboolean         catur_net_deal_share_position (GBytes        *payload,
                                                guint         *position);
GBytes          *catur_net_deal_get_prime          (void);
GBytes          *catur_net_deal_get_card_number    (guint              card);
GBytes          *catur_net_deal_save               (CaturNetDeal      *self);
CaturNetDeal    *catur_net_deal_restore            (GBytes            *saved,
                                                    GError           **error);

/**
 * CaturNetDeck:
 *
 * What the cards of a deal stand for in a game with hidden pieces: the face-down pieces of its
 * start position, and the squares they lie on. Immutable once made.
 */
typedef struct _CaturNetDeck CaturNetDeck;

CaturNetDeck *catur_net_deck_new             (CaturVariant        *variant,
                                              const CaturPosition *start,
                                              GError             **error);
void          catur_net_deck_free            (CaturNetDeck        *deck);
guint         catur_net_deck_get_n_cards     (const CaturNetDeck  *deck);
int           catur_net_deck_get_position    (const CaturNetDeck  *deck,
                                              CaturSquare          square);
CaturSquare   catur_net_deck_get_square      (const CaturNetDeck  *deck,
                                              guint                position);
void          catur_net_deck_get_card_piece  (const CaturNetDeck  *deck,
                                              guint                card,
                                              guint8              *piece,
                                              guint8              *flags);
gboolean      catur_net_deck_flip_move       (const CaturNetDeck  *deck,
                                              guint                position,
                                              guint                card,
                                              CaturMove           *move);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturNetDeck, catur_net_deck_free)

G_END_DECLS
