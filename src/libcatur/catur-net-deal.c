/* catur-net-deal.c: face-down pieces dealt between two programs with no trusted dealer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Mental poker with SRA (Pohlig–Hellman) exponentiation modulo a safe prime, with a key of
 * each side's own per card once both sides have shuffled: one card is then opened by both
 * sides publishing that card's keys, and every other card stays closed. The first side
 * encrypts and shuffles the deck under a deck-wide key, then swaps that key for its keys per
 * card; the second side keys every card on its own from the start. docs/network.md ("The
 * Banqi deal") gives the protocol step by step, why it is fair, and why the second side has
 * no deck-wide key (the first could otherwise follow a card it planted as a power of another).
 *
 * The rounds, in positions j of the deck (0 to n − 1) and exponents modulo p − 1:
 *   round 0, first side:  R0[j] = m[π1(j)] ^ e1
 *   round 1, second side: R1[j] = R0[π2(j)] ^ k2[j]
 *   round 2, first side:  R2[j] = R1[j] ^ (e1⁻¹ k1[j])  =  m[π1(π2(j))] ^ (k1[j] k2[j])
 * Card j is opened with k1[j] and k2[j]; the disclosures at the end give e1, π and every k.
 */
#define G_LOG_DOMAIN "catur-net-deal"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gmp.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "catur-net-deal.h"

/* Every number travels as this many bytes, big-endian: the size of the prime. */
#define NUMBER_BYTES 256

/* version, kind, deck size (2 bytes), index (2 bytes) */
#define HEADER_BYTES 6

#define PAYLOAD_VERSION 1

enum
{
  KIND_ROUND = 1,
  KIND_SHARE = 2,
  KIND_DISCLOSURE = 3,
};

#define N_ROUNDS 3

/* The 2048-bit safe prime of RFC 7919 (Negotiated Finite Field Diffie-Hellman Ephemeral
 * Parameters for TLS), appendix A.1, "ffdhe2048": published, fixed, and checked to be a safe
 * prime by tests/libcatur/test-net-deal.c. Nothing about it is secret; a fixed one spares the
 * sides from agreeing on one, and the other side's prime from being trusted. */
static const char prime_hex[] =
  "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695"
  "A9E13641146433FBCC939DCE249B3EF97D2FE363630C75D8F681B202AEC4617A"
  "D3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935"
  "984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797A"
  "BC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE394DF4"
  "AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F61"
  "9172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005"
  "C58EF1837D1683B2C6F34A26C1B2EFFA886B423861285C97FFFFFFFFFFFFFFFF";

/* The domain of the hash that makes the cards' numbers: a new encoding gets a new text. */
static const char card_domain[] = "catur-net-deal card v1";

typedef struct
{
  mpz_t p;
  mpz_t order; /* p − 1, the modulus of the exponents */
} Group;

struct _CaturNetDeal
{
  GObject parent_instance;

  CaturNetDealRole role;
  guint n_cards;

  /* The CSPRNG: the kernel's, or for tests a hash of a seed in counter mode. */
  gboolean seeded;
  guint8 seed_digest[32];
  guint64 seed_counter;

  mpz_t *cards;           /* the public number of card i */
  mpz_t deck_key;         /* e, once this side has shuffled */
  mpz_t deck_key_inverse; /* e⁻¹ mod p − 1 */
  guint *permutation;     /* π: position j of this side's shuffle takes the card from π(j) */
  mpz_t *card_keys;       /* k[j], once this side has re-keyed */
  mpz_t *rounds[N_ROUNDS];
  guint n_rounds;

  /* The flips: the positions the other side's shares opened, and the cards there. */
  gboolean *other_shared;
  int *card_at;     /* position → card, or −1 while it is closed */
  int *position_of; /* card → position, or −1 */

  gboolean disclosed;
  gboolean checked;
};

G_DEFINE_FINAL_TYPE (CaturNetDeal, catur_net_deal, G_TYPE_OBJECT)

G_DEFINE_QUARK (catur-net-deal-error-quark, catur_net_deal_error)

static const Group *
group_get (void)
{
  static Group group;
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      mpz_init_set_str (group.p, prime_hex, 16);
      mpz_init (group.order);
      mpz_sub_ui (group.order, group.p, 1);
      g_once_init_leave (&initialised, 1);
    }
  return &group;
}

static mpz_t *
numbers_new (guint n)
{
  mpz_t *numbers = g_new (mpz_t, n);

  for (guint i = 0; i < n; i++)
    mpz_init (numbers[i]);
  return numbers;
}

static void
numbers_free (mpz_t *numbers,
              guint  n)
{
  if (numbers == NULL)
    return;
  for (guint i = 0; i < n; i++)
    mpz_clear (numbers[i]);
  g_free (numbers);
}

static void
number_write (guint8      *out,
              const mpz_t  x)
{
  size_t size = (mpz_sizeinbase (x, 2) + 7) / 8;
  size_t count = 0;

  g_assert (size <= NUMBER_BYTES);
  memset (out, 0, NUMBER_BYTES);
  mpz_export (out + NUMBER_BYTES - size, &count, 1, 1, 1, 0, x);
}

static void
number_read (mpz_t         x,
             const guint8 *in)
{
  mpz_import (x, NUMBER_BYTES, 1, 1, 1, 0, in);
}

static guint
read_u16 (const guint8 *in)
{
  return ((guint) in[0] << 8) | in[1];
}

static void
write_u16 (guint8 *out,
           guint   value)
{
  out[0] = (guint8) (value >> 8);
  out[1] = (guint8) value;
}

/* The card's public number: a hash of its index, squared so that it is a quadratic residue
 * (exponentiation keeps residuosity, which would otherwise show one bit of each card through
 * every encryption). A hash rather than small numbers, so that no card is a known product or
 * power of others: (2²)² = 4², and such a relation survives encryption and marks cards. */
static void
card_number (mpz_t  x,
             guint  card)
{
  guint8 material[NUMBER_BYTES + 32];

  for (guint block = 0; block * 32 < sizeof material; block++)
    {
      g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
      guint8 tail[8] = {
        card >> 24, card >> 16, card >> 8, card, block >> 24, block >> 16, block >> 8, block,
      };
      gsize length = 32;

      g_checksum_update (checksum, (const guchar *) card_domain, sizeof card_domain);
      g_checksum_update (checksum, tail, sizeof tail);
      g_checksum_get_digest (checksum, material + block * 32, &length);
    }
  mpz_import (x, sizeof material, 1, 1, 1, 0, material);
  mpz_mod (x, x, group_get ()->p);
  mpz_mul (x, x, x);
  mpz_mod (x, x, group_get ()->p);
}

/* Randomness */

static gboolean
random_bytes (CaturNetDeal  *self,
              guint8        *buffer,
              gsize          length,
              GError       **error)
{
  gsize done = 0;

  if (self->seeded)
    {
      while (done < length)
        {
          g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
          guint8 block[32];
          gsize block_length = sizeof block;
          guint8 counter[8];

          for (guint i = 0; i < 8; i++)
            counter[i] = (guint8) (self->seed_counter >> (56 - 8 * i));
          self->seed_counter++;
          g_checksum_update (checksum, self->seed_digest, sizeof self->seed_digest);
          g_checksum_update (checksum, counter, sizeof counter);
          g_checksum_get_digest (checksum, block, &block_length);
          memcpy (buffer + done, block, MIN (sizeof block, length - done));
          done += MIN (sizeof block, length - done);
        }
      return TRUE;
    }

  while (done < length)
    {
      ssize_t got = getrandom (buffer + done, length - done, 0);

      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        break;
      done += (gsize) got;
    }
  if (done < length)
    {
      /* A kernel older than getrandom(): its device gives the same bytes. */
      int fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);

      while (fd >= 0 && done < length)
        {
          ssize_t got = read (fd, buffer + done, length - done);

          if (got < 0 && errno == EINTR)
            continue;
          if (got <= 0)
            break;
          done += (gsize) got;
        }
      if (fd >= 0)
        close (fd);
    }
  if (done < length)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_NOT_SUPPORTED,
                   "The system gives no random numbers: %s", g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/* A uniform number below @bound, by rejection. */
static gboolean
random_below (CaturNetDeal  *self,
              guint          bound,
              guint         *value,
              GError       **error)
{
  guint32 limit = G_MAXUINT32 - G_MAXUINT32 % bound;
  guint32 drawn;

  do
    {
      guint8 bytes[4];

      if (!random_bytes (self, bytes, sizeof bytes, error))
        return FALSE;
      drawn = ((guint32) bytes[0] << 24) | ((guint32) bytes[1] << 16)
              | ((guint32) bytes[2] << 8) | bytes[3];
    }
  while (drawn >= limit);
  *value = drawn % bound;
  return TRUE;
}

/* An exponent: odd, prime to p − 1, with its inverse. */
static gboolean
random_key (CaturNetDeal  *self,
            mpz_t          key,
            mpz_t          inverse,
            GError       **error)
{
  const Group *group = group_get ();

  for (;;)
    {
      guint8 bytes[NUMBER_BYTES];

      if (!random_bytes (self, bytes, sizeof bytes, error))
        return FALSE;
      number_read (key, bytes);
      mpz_setbit (key, 0);
      if (mpz_cmp_ui (key, 3) >= 0 && mpz_cmp (key, group->order) < 0
          && mpz_invert (inverse, key, group->order) != 0)
        return TRUE;
    }
}

static gboolean
random_permutation (CaturNetDeal  *self,
                    GError       **error)
{
  for (guint i = 0; i < self->n_cards; i++)
    self->permutation[i] = i;
  for (guint i = self->n_cards - 1; i > 0; i--)
    {
      guint j, swap;

      if (!random_below (self, i + 1, &j, error))
        return FALSE;
      swap = self->permutation[i];
      self->permutation[i] = self->permutation[j];
      self->permutation[j] = swap;
    }
  return TRUE;
}

/* Payloads */

static GBytes *
payload_new (CaturNetDeal *self,
             guint         kind,
             guint         slot,
             gsize         body_length,
             guint8      **body)
{
  guint8 *data = g_malloc0 (HEADER_BYTES + body_length);

  data[0] = PAYLOAD_VERSION;
  data[1] = (guint8) kind;
  write_u16 (data + 2, self->n_cards);
  write_u16 (data + 4, slot);
  *body = data + HEADER_BYTES;
  return g_bytes_new_take (data, HEADER_BYTES + body_length);
}

/* The body of @payload when it is of @kind for this deck and @body_length long. */
static const guint8 *
payload_open (CaturNetDeal  *self,
              GBytes        *payload,
              guint          kind,
              gsize          body_length,
              guint         *slot,
              GError       **error)
{
  static const char *const kind_names[] = { NULL, "deal round", "share", "disclosure" };
  gsize length = 0;
  const guint8 *data = payload != NULL ? g_bytes_get_data (payload, &length) : NULL;

  if (length < HEADER_BYTES)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED,
                   "A deal payload of %" G_GSIZE_FORMAT " bytes is too short", length);
      return NULL;
    }
  if (data[0] != PAYLOAD_VERSION)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED,
                   "Deal payload version %u is not %u", data[0], PAYLOAD_VERSION);
      return NULL;
    }
  if (data[1] != kind)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED,
                   "A deal payload of kind %u came where a %s was expected", data[1],
                   kind_names[kind]);
      return NULL;
    }
  if (read_u16 (data + 2) != self->n_cards)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED,
                   "A %s for a deck of %u cards came to a deck of %u", kind_names[kind],
                   read_u16 (data + 2), self->n_cards);
      return NULL;
    }
  if (length != HEADER_BYTES + body_length)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED,
                   "A %s of %" G_GSIZE_FORMAT " bytes should have %" G_GSIZE_FORMAT,
                   kind_names[kind], length, HEADER_BYTES + body_length);
      return NULL;
    }
  *slot = read_u16 (data + 4);
  return data + HEADER_BYTES;
}

/* Reads a number of the group: 1 < x < p. */
static gboolean
read_element (mpz_t          x,
              const guint8  *in,
              const char    *what,
              guint          position,
              GError       **error)
{
  const Group *group = group_get ();

  number_read (x, in);
  if (mpz_cmp (x, group->p) >= 0)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED,
                   "The %s's number at position %u is not below the prime", what, position);
      return FALSE;
    }
  if (mpz_cmp_ui (x, 1) <= 0 || mpz_legendre (x, group->p) != 1)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_INCONSISTENT,
                   "The %s's number at position %u is not a quadratic residue", what,
                   position);
      return FALSE;
    }
  return TRUE;
}

/* Reads an exponent: below p − 1 and prime to it, so that it has an inverse. */
static gboolean
read_key (mpz_t          key,
          mpz_t          inverse,
          const guint8  *in,
          GQuark         domain,
          int            code,
          const char    *what,
          GError       **error)
{
  const Group *group = group_get ();

  number_read (key, in);
  if (mpz_cmp (key, group->order) >= 0 || mpz_invert (inverse, key, group->order) == 0)
    {
      g_set_error (error, domain, code, "The %s is no key: it has no inverse", what);
      return FALSE;
    }
  return TRUE;
}

/* The object */

static void
catur_net_deal_finalize (GObject *object)
{
  CaturNetDeal *self = CATUR_NET_DEAL (object);

  numbers_free (self->cards, self->n_cards);
  mpz_clear (self->deck_key);
  mpz_clear (self->deck_key_inverse);
  g_free (self->permutation);
  numbers_free (self->card_keys, self->n_cards);
  for (guint r = 0; r < N_ROUNDS; r++)
    numbers_free (self->rounds[r], self->n_cards);
  g_free (self->other_shared);
  g_free (self->card_at);
  g_free (self->position_of);
  explicit_bzero (self->seed_digest, sizeof self->seed_digest);

  G_OBJECT_CLASS (catur_net_deal_parent_class)->finalize (object);
}

static void
catur_net_deal_class_init (CaturNetDealClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = catur_net_deal_finalize;
}

static void
catur_net_deal_init (CaturNetDeal *self)
{
  /* The second side keys each card from its first round on: its deck key stays 1. */
  mpz_init_set_ui (self->deck_key, 1);
  mpz_init_set_ui (self->deck_key_inverse, 1);
}

static CaturNetDeal *
deal_new (CaturNetDealRole role,
          guint            n_cards)
{
  CaturNetDeal *self = g_object_new (CATUR_TYPE_NET_DEAL, NULL);

  self->role = role;
  self->n_cards = n_cards;
  self->cards = numbers_new (n_cards);
  for (guint i = 0; i < n_cards; i++)
    card_number (self->cards[i], i);
  self->permutation = g_new0 (guint, n_cards);
  self->card_keys = numbers_new (n_cards);
  self->other_shared = g_new0 (gboolean, n_cards);
  self->card_at = g_new (int, n_cards);
  self->position_of = g_new (int, n_cards);
  for (guint i = 0; i < n_cards; i++)
    self->card_at[i] = self->position_of[i] = -1;
  return self;
}

/**
 * catur_net_deal_new:
 * @role: which half of the deal this side plays
 * @n_cards: how many cards to deal, 2 to %CATUR_NET_DEAL_MAX_CARDS (a #CaturNetDeck's)
 *
 * A deal drawing its keys and shuffle from the kernel's random numbers (getrandom()).
 *
 * Returns: (transfer full): a new deal, before its first round
 */
CaturNetDeal *
catur_net_deal_new (CaturNetDealRole role,
                    guint            n_cards)
{
  g_return_val_if_fail (role == CATUR_NET_DEAL_FIRST || role == CATUR_NET_DEAL_SECOND, NULL);
  g_return_val_if_fail (n_cards >= 2 && n_cards <= CATUR_NET_DEAL_MAX_CARDS, NULL);

  return deal_new (role, n_cards);
}

/**
 * catur_net_deal_new_seeded:
 * @seed: (array length=seed_length): bytes that decide every random choice of this side
 *
 * A deal whose keys and shuffle come from @seed (SHA-256 in counter mode), the same seed
 * making the same choices: for tests and benchmarks, never for a game, where a side that knows
 * the seed knows the shuffle.
 *
 * Returns: (transfer full): a new deal, before its first round
 */
CaturNetDeal *
catur_net_deal_new_seeded (CaturNetDealRole  role,
                           guint             n_cards,
                           const guint8     *seed,
                           gsize             seed_length)
{
  CaturNetDeal *self;
  g_autoptr(GChecksum) checksum = NULL;
  gsize length = sizeof self->seed_digest;

  g_return_val_if_fail (role == CATUR_NET_DEAL_FIRST || role == CATUR_NET_DEAL_SECOND, NULL);
  g_return_val_if_fail (n_cards >= 2 && n_cards <= CATUR_NET_DEAL_MAX_CARDS, NULL);
  g_return_val_if_fail (seed != NULL || seed_length == 0, NULL);

  self = deal_new (role, n_cards);
  self->seeded = TRUE;
  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (checksum, seed, seed_length);
  g_checksum_get_digest (checksum, self->seed_digest, &length);
  return self;
}

CaturNetDealRole
catur_net_deal_get_role (CaturNetDeal *self)
{
  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), CATUR_NET_DEAL_FIRST);

  return self->role;
}

guint
catur_net_deal_get_n_cards (CaturNetDeal *self)
{
  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), 0);

  return self->n_cards;
}

/* The side that sends round @round: the first side the even ones. */
static CaturNetDealRole
round_owner (guint round)
{
  return round % 2 == 0 ? CATUR_NET_DEAL_FIRST : CATUR_NET_DEAL_SECOND;
}

/**
 * catur_net_deal_wants_to_send:
 *
 * Whether the deal's next round is this side's to send (catur_net_deal_produce()).
 *
 * Returns: %TRUE when this side sends next
 */
gboolean
catur_net_deal_wants_to_send (CaturNetDeal *self)
{
  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), FALSE);

  return self->n_rounds < N_ROUNDS && round_owner (self->n_rounds) == self->role;
}

/**
 * catur_net_deal_is_dealt:
 *
 * Whether the three rounds are done, so that cards may be opened.
 *
 * Returns: %TRUE once both sides hold the final deck
 */
gboolean
catur_net_deal_is_dealt (CaturNetDeal *self)
{
  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), FALSE);

  return self->n_rounds == N_ROUNDS;
}

/**
 * catur_net_deal_produce:
 * @error: set when it is not this side's turn, or the system has no random numbers
 *
 * This side's next round of the deal, for the other side's catur_net_deal_consume(): the
 * first side's deck encrypted and shuffled, the second side's shuffle of it keyed card by
 * card, the first side's keys swapped for keys per card.
 *
 * Returns: (transfer full): the payload, or %NULL with @error set
 */
GBytes *
catur_net_deal_produce (CaturNetDeal  *self,
                        GError       **error)
{
  const Group *group = group_get ();
  guint round;
  mpz_t *out;
  mpz_t exponent;
  GBytes *payload;
  guint8 *body;

  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!catur_net_deal_wants_to_send (self))
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
                   self->n_rounds == N_ROUNDS ? "The deal is done"
                                              : "The deal waits for the other side's round");
      return NULL;
    }

  round = self->n_rounds;
  if (round == 0)
    {
      if (!random_key (self, self->deck_key, self->deck_key_inverse, error)
          || !random_permutation (self, error))
        return NULL;
    }
  else
    {
      if (round == 1 && !random_permutation (self, error))
        return NULL;
      for (guint j = 0; j < self->n_cards; j++)
        {
          mpz_t unused;
          gboolean ok;

          mpz_init (unused);
          ok = random_key (self, self->card_keys[j], unused, error);
          mpz_clear (unused);
          if (!ok)
            return NULL;
        }
    }

  out = numbers_new (self->n_cards);
  mpz_init (exponent);
  for (guint j = 0; j < self->n_cards; j++)
    {
      if (round == 0)
        mpz_powm (out[j], self->cards[self->permutation[j]], self->deck_key, group->p);
      else if (round == 1)
        mpz_powm (out[j], self->rounds[0][self->permutation[j]], self->card_keys[j], group->p);
      else
        {
          mpz_mul (exponent, self->deck_key_inverse, self->card_keys[j]);
          mpz_mod (exponent, exponent, group->order);
          mpz_powm (out[j], self->rounds[round - 1][j], exponent, group->p);
        }
    }
  mpz_clear (exponent);

  payload = payload_new (self, KIND_ROUND, round, (gsize) self->n_cards * NUMBER_BYTES, &body);
  for (guint j = 0; j < self->n_cards; j++)
    number_write (body + (gsize) j * NUMBER_BYTES, out[j]);
  self->rounds[round] = out;
  self->n_rounds++;
  return payload;
}

/**
 * catur_net_deal_consume:
 * @payload: the other side's round, as its catur_net_deal_produce() made it
 * @error: set when @payload is refused (#CaturNetDealError)
 *
 * Takes the other side's round. Every number must be a quadratic residue below the prime, and
 * no two the same; a payload that is refused leaves the deal as it was.
 *
 * Returns: %TRUE when the round is taken
 */
gboolean
catur_net_deal_consume (CaturNetDeal  *self,
                        GBytes        *payload,
                        GError       **error)
{
  const guint8 *body;
  guint round;
  mpz_t *in;

  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  body = payload_open (self, payload, KIND_ROUND, (gsize) self->n_cards * NUMBER_BYTES, &round,
                       error);
  if (body == NULL)
    return FALSE;
  if (round >= N_ROUNDS || round_owner (round) == self->role)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
                   "Deal round %u is not the other side's to send", round);
      return FALSE;
    }
  if (round != self->n_rounds)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
                   "Deal round %u came when round %u was due", round, self->n_rounds);
      return FALSE;
    }

  in = numbers_new (self->n_cards);
  for (guint j = 0; j < self->n_cards; j++)
    {
      if (!read_element (in[j], body + (gsize) j * NUMBER_BYTES, "deal round", j, error))
        {
          numbers_free (in, self->n_cards);
          return FALSE;
        }
      for (guint i = 0; i < j; i++)
        if (mpz_cmp (in[i], in[j]) == 0)
          {
            g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_INCONSISTENT,
                         "Deal round %u has the same card at positions %u and %u", round, i,
                         j);
            numbers_free (in, self->n_cards);
            return FALSE;
          }
    }
  self->rounds[round] = in;
  self->n_rounds++;
  return TRUE;
}

/**
 * catur_net_deal_produce_share:
 * @position: the position of the deck being opened (catur_net_deck_get_position())
 * @error: set before the deal is done, after this side's disclosure, or for a position out of
 *   the deck
 *
 * This side's share of opening card @position: its key for that card. Give it only for a flip
 * that is being played: with the other side's key, the card is open to both. Asked again, it
 * gives the same share (to send again after a reconnection).
 *
 * Returns: (transfer full): the payload, or %NULL with @error set
 */
GBytes *
catur_net_deal_produce_share (CaturNetDeal  *self,
                              guint          position,
                              GError       **error)
{
  GBytes *payload;
  guint8 *body;

  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->n_rounds < N_ROUNDS || self->disclosed)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
                   self->disclosed ? "This side has disclosed its keys: the deal is over"
                                   : "A card is opened only once the deal is done");
      return NULL;
    }
  if (position >= self->n_cards)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED,
                   "Position %u is not in a deck of %u cards", position, self->n_cards);
      return NULL;
    }

  payload = payload_new (self, KIND_SHARE, position, NUMBER_BYTES, &body);
  number_write (body, self->card_keys[position]);
  return payload;
}

/* The card under @position with the two keys of its share, or −1. */
static int
open_card (CaturNetDeal *self,
           guint         position,
           const mpz_t   inverse_a,
           const mpz_t   inverse_b)
{
  const Group *group = group_get ();
  mpz_t exponent, value;
  int card = -1;

  mpz_inits (exponent, value, NULL);
  mpz_mul (exponent, inverse_a, inverse_b);
  mpz_mod (exponent, exponent, group->order);
  mpz_powm (value, self->rounds[N_ROUNDS - 1][position], exponent, group->p);
  for (guint i = 0; i < self->n_cards && card < 0; i++)
    if (mpz_cmp (value, self->cards[i]) == 0)
      card = (int) i;
  mpz_clears (exponent, value, NULL);
  return card;
}

/**
 * catur_net_deal_consume_share:
 * @payload: the other side's share, as its catur_net_deal_produce_share() made it
 * @position: (out) (optional): the position it opens, for the caller to check against the
 *   flip being played
 * @error: set when @payload is refused (#CaturNetDealError)
 *
 * Takes the other side's share of opening a card, and opens it with this side's key: then
 * catur_net_deal_get_card() tells the card. A share that opens no card of the deck, or a card
 * already open elsewhere, is refused (%CATUR_NET_DEAL_ERROR_INCONSISTENT), as is a second share
 * for one position.
 *
 * Returns: %TRUE when the share is taken
 */
gboolean
catur_net_deal_consume_share (CaturNetDeal  *self,
                              GBytes        *payload,
                              guint         *position,
                              GError       **error)
{
  const Group *group = group_get ();
  const guint8 *body;
  guint slot;
  mpz_t key, inverse, own_inverse;
  int card;

  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  body = payload_open (self, payload, KIND_SHARE, NUMBER_BYTES, &slot, error);
  if (body == NULL)
    return FALSE;
  if (slot >= self->n_cards)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED,
                   "A share for position %u of a deck of %u cards", slot, self->n_cards);
      return FALSE;
    }
  if (self->n_rounds < N_ROUNDS)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
                   "A share came before the deal was done");
      return FALSE;
    }
  if (self->other_shared[slot])
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
                   "Position %u was already opened", slot);
      return FALSE;
    }
  /* The end check opened every card: a share after it opens nothing new. */
  if (self->checked)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
                   "A share for position %u came after the end check", slot);
      return FALSE;
    }

  mpz_inits (key, inverse, own_inverse, NULL);
  if (!read_key (key, inverse, body, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_INCONSISTENT,
                 "share's key", error))
    {
      mpz_clears (key, inverse, own_inverse, NULL);
      return FALSE;
    }
  mpz_invert (own_inverse, self->card_keys[slot], group->order);
  card = open_card (self, slot, own_inverse, inverse);
  if (card < 0 || (self->position_of[card] >= 0 && self->position_of[card] != (int) slot))
    {
      if (card < 0)
        g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_INCONSISTENT,
                     "The share of position %u opens no card of the deck", slot);
      else
        g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_INCONSISTENT,
                     "The share of position %u opens card %d, already dealt at position %d",
                     slot, card, self->position_of[card]);
      mpz_clears (key, inverse, own_inverse, NULL);
      return FALSE;
    }

  self->other_shared[slot] = TRUE;
  self->card_at[slot] = card;
  self->position_of[card] = (int) slot;
  mpz_clears (key, inverse, own_inverse, NULL);
  if (position != NULL)
    *position = slot;
  return TRUE;
}

/**
 * catur_net_deal_get_card:
 * @position: a position of the deck
 * @card: (out) (optional): the card there, an index of the deck
 *
 * The card at @position, once both shares have opened it, or once the other side's disclosure
 * is checked (then every card is open).
 *
 * Returns: %TRUE when the card at @position is open
 */
gboolean
catur_net_deal_get_card (CaturNetDeal *self,
                         guint         position,
                         guint        *card)
{
  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), FALSE);

  if (position >= self->n_cards || self->card_at[position] < 0)
    return FALSE;
  if (card != NULL)
    *card = (guint) self->card_at[position];
  return TRUE;
}

/**
 * catur_net_deal_produce_disclosure:
 * @error: set before the deal is done
 *
 * Everything this side chose: its deck key (1 for the second side, which keys each card on its
 * own), its shuffle and its key for every card, with which the other side checks that it dealt
 * honestly (catur_net_deal_check_disclosure()). It opens every card to the other side: send it
 * when the game is over, never before. This side gives no share after it.
 *
 * Returns: (transfer full): the payload, or %NULL with @error set
 */
GBytes *
catur_net_deal_produce_disclosure (CaturNetDeal  *self,
                                   GError       **error)
{
  GBytes *payload;
  guint8 *body;
  gsize n = self->n_cards;

  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self->n_rounds < N_ROUNDS)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
                   "There is nothing to disclose before the deal is done");
      return NULL;
    }

  payload = payload_new (self, KIND_DISCLOSURE, 0, NUMBER_BYTES + 2 * n + n * NUMBER_BYTES,
                         &body);
  number_write (body, self->deck_key);
  for (guint j = 0; j < n; j++)
    write_u16 (body + NUMBER_BYTES + 2 * j, self->permutation[j]);
  for (guint j = 0; j < n; j++)
    number_write (body + NUMBER_BYTES + 2 * n + j * NUMBER_BYTES, self->card_keys[j]);
  self->disclosed = TRUE;
  return payload;
}

static gboolean
dishonest (GError     **error,
           const char  *format,
           ...) G_GNUC_PRINTF (2, 3);

static gboolean
dishonest (GError     **error,
           const char  *format,
           ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  g_return_val_if_fail (*error == NULL, FALSE);
  va_start (args, format);
  *error = g_error_new_valist (CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_DISHONEST, format,
                               args);
  va_end (args);
  return FALSE;
}

/* Recomputes the other side's rounds from its disclosed choices: the first side's shuffle
 * under its deck key and its re-keying, or the second side's shuffle under its card keys. */
static gboolean
check_rounds (CaturNetDeal  *self,
              const mpz_t    deck_key,
              const mpz_t    deck_key_inverse,
              const guint   *permutation,
              mpz_t         *keys,
              GError       **error)
{
  const Group *group = group_get ();
  gboolean of_first = self->role == CATUR_NET_DEAL_SECOND;
  guint shuffle = of_first ? 0 : 1;
  mpz_t *source = of_first ? self->cards : self->rounds[0];
  mpz_t value, exponent;
  gboolean ok = TRUE;

  mpz_inits (value, exponent, NULL);
  for (guint j = 0; j < self->n_cards && ok; j++)
    {
      mpz_powm (value, source[permutation[j]], of_first ? deck_key : keys[j], group->p);
      if (mpz_cmp (value, self->rounds[shuffle][j]) != 0)
        ok = dishonest (error, "Deal round %u at position %u is not the card the disclosed "
                        "shuffle puts there under the disclosed key", shuffle, j);
    }
  for (guint j = 0; j < self->n_cards && ok && of_first; j++)
    {
      mpz_mul (exponent, deck_key_inverse, keys[j]);
      mpz_mod (exponent, exponent, group->order);
      mpz_powm (value, self->rounds[1][j], exponent, group->p);
      if (mpz_cmp (value, self->rounds[2][j]) != 0)
        ok = dishonest (error, "Deal round 2 at position %u is not the card of round 1 "
                        "re-keyed with the disclosed keys", j);
    }
  mpz_clears (value, exponent, NULL);
  return ok;
}

/**
 * catur_net_deal_check_disclosure:
 * @payload: the other side's disclosure (catur_net_deal_produce_disclosure())
 * @error: set when @payload is refused: %CATUR_NET_DEAL_ERROR_DISHONEST when the check fails
 *
 * The end check: recomputes each of the other side's rounds from the keys and shuffle it
 * discloses, so that its shuffle must have dealt every card exactly once, and its rounds must
 * be what it says; every card opened during the game must be the one the deal put there. Once
 * it passes every card is open (catur_net_deal_get_card()).
 *
 * Returns: %TRUE when the other side dealt honestly
 */
gboolean
catur_net_deal_check_disclosure (CaturNetDeal  *self,
                                 GBytes        *payload,
                                 GError       **error)
{
  const guint8 *body;
  guint slot;
  gsize n = self->n_cards;
  g_autofree guint *permutation = NULL;
  g_autofree gboolean *seen = NULL;
  g_autofree int *layout = NULL;
  mpz_t deck_key, deck_key_inverse, unused;
  mpz_t *keys;
  gboolean ok = TRUE;

  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  body = payload_open (self, payload, KIND_DISCLOSURE, NUMBER_BYTES + 2 * n + n * NUMBER_BYTES,
                       &slot, error);
  if (body == NULL)
    return FALSE;
  if (self->n_rounds < N_ROUNDS || self->checked)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER,
                   self->checked ? "The other side's disclosure was already checked"
                                 : "A disclosure came before the deal was done");
      return FALSE;
    }

  permutation = g_new (guint, n);
  seen = g_new0 (gboolean, n);
  for (guint j = 0; j < n && ok; j++)
    {
      permutation[j] = read_u16 (body + NUMBER_BYTES + 2 * j);
      if (permutation[j] >= n)
        ok = dishonest (error, "The disclosed shuffle takes card %u of a deck of %u",
                        permutation[j], self->n_cards);
      else if (seen[permutation[j]])
        ok = dishonest (error, "The disclosed shuffle deals card %u twice", permutation[j]);
      else
        seen[permutation[j]] = TRUE;
    }
  if (!ok)
    return FALSE;

  mpz_inits (deck_key, deck_key_inverse, unused, NULL);
  keys = numbers_new (self->n_cards);
  ok = read_key (deck_key, deck_key_inverse, body, CATUR_NET_DEAL_ERROR,
                 CATUR_NET_DEAL_ERROR_DISHONEST, "disclosed deck key", error);
  if (ok && self->role == CATUR_NET_DEAL_FIRST && mpz_cmp_ui (deck_key, 1) != 0)
    ok = dishonest (error, "The second side discloses a deck key, which it has not");
  for (guint j = 0; j < n && ok; j++)
    ok = read_key (keys[j], unused, body + NUMBER_BYTES + 2 * n + j * NUMBER_BYTES,
                   CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_DISHONEST, "disclosed card key",
                   error);
  if (ok)
    ok = check_rounds (self, deck_key, deck_key_inverse, permutation, keys, error);

  /* Position j holds the first side's π1(π2(j)); a card opened in the game must be it. */
  layout = g_new (int, n);
  for (guint j = 0; j < n && ok; j++)
    {
      const guint *first = self->role == CATUR_NET_DEAL_FIRST ? self->permutation : permutation;
      const guint *second = self->role == CATUR_NET_DEAL_FIRST ? permutation : self->permutation;

      layout[j] = (int) first[second[j]];
      if (self->card_at[j] >= 0 && self->card_at[j] != layout[j])
        ok = dishonest (error, "Position %u was opened as card %d, but the deal put card %d "
                        "there", j, self->card_at[j], layout[j]);
    }
  if (ok)
    {
      for (guint j = 0; j < n; j++)
        {
          self->card_at[j] = layout[j];
          self->position_of[layout[j]] = (int) j;
        }
      self->checked = TRUE;
    }

  numbers_free (keys, self->n_cards);
  mpz_clears (deck_key, deck_key_inverse, unused, NULL);
  return ok;
}

/**
 * catur_net_deal_is_checked:
 *
 * Whether the other side's disclosure passed the end check.
 *
 * Returns: %TRUE once catur_net_deal_check_disclosure() passed
 */
gboolean
catur_net_deal_is_checked (CaturNetDeal *self)
{
  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), FALSE);

  return self->checked;
}

/**
 * catur_net_deal_payload_kind:
 * @payload: (nullable): bytes from the other side
 *
 * What @payload says it is, from its header alone.
 *
 * Returns: its kind, or %CATUR_NET_DEAL_PAYLOAD_INVALID
 */
CaturNetDealPayloadKind
catur_net_deal_payload_kind (GBytes *payload)
{
  gsize length = 0;
  const guint8 *data = payload != NULL ? g_bytes_get_data (payload, &length) : NULL;

  if (length < HEADER_BYTES || data[0] != PAYLOAD_VERSION)
    return CATUR_NET_DEAL_PAYLOAD_INVALID;
  switch (data[1])
    {
    case KIND_ROUND:
      return CATUR_NET_DEAL_PAYLOAD_ROUND;
    case KIND_SHARE:
      return CATUR_NET_DEAL_PAYLOAD_SHARE;
    case KIND_DISCLOSURE:
      return CATUR_NET_DEAL_PAYLOAD_DISCLOSURE;
    default:
      return CATUR_NET_DEAL_PAYLOAD_INVALID;
    }
}

/**
 * catur_net_deal_share_position:
 * @payload: a payload of kind %CATUR_NET_DEAL_PAYLOAD_SHARE
 * @position: (out): the position whose card it opens
 *
 * Reads which position a share is for, from its header alone, without checking or taking it:
 * a share sent again after a drop can be told from a new one before the deal sees it.
 *
 * Returns: %FALSE when @payload is not a share
 */
gboolean
catur_net_deal_share_position (GBytes *payload,
                               guint  *position)
{
  gsize length = 0;
  const guint8 *data;

  if (catur_net_deal_payload_kind (payload) != CATUR_NET_DEAL_PAYLOAD_SHARE)
    return FALSE;
  data = g_bytes_get_data (payload, &length);
  *position = read_u16 (data + 4);
  return TRUE;
}

/**
 * catur_net_deal_get_prime:
 *
 * The prime of the deal's group, big-endian: a published constant (RFC 7919's ffdhe2048).
 *
 * Returns: (transfer full): its bytes
 */
GBytes *
catur_net_deal_get_prime (void)
{
  guint8 *bytes = g_malloc (NUMBER_BYTES);

  number_write (bytes, group_get ()->p);
  return g_bytes_new_take (bytes, NUMBER_BYTES);
}

/**
 * catur_net_deal_get_card_number:
 * @card: a card, below %CATUR_NET_DEAL_MAX_CARDS
 *
 * The public number that stands for @card before any encryption, big-endian, as both sides
 * compute it: a quadratic residue modulo the prime.
 *
 * Returns: (transfer full): its bytes
 */
GBytes *
catur_net_deal_get_card_number (guint card)
{
  guint8 *bytes = g_malloc (NUMBER_BYTES);
  mpz_t x;

  g_return_val_if_fail (card < CATUR_NET_DEAL_MAX_CARDS, NULL);

  mpz_init (x);
  card_number (x, card);
  number_write (bytes, x);
  mpz_clear (x);
  return g_bytes_new_take (bytes, NUMBER_BYTES);
}

/* Saving */

/* A saved deal begins with this and its version; SHA-256 of all before it ends it. */
static const char save_magic[] = "catur-deal";
#define SAVE_VERSION 1
#define SAVE_MAGIC_BYTES (sizeof save_magic - 1)
/* magic, version, role, deck size (2 bytes), rounds, flags */
#define SAVE_HEADER_BYTES (SAVE_MAGIC_BYTES + 6)
#define SAVE_DIGEST_BYTES 32

enum
{
  SAVE_SEEDED = 1 << 0,
  SAVE_DISCLOSED = 1 << 1,
  SAVE_CHECKED = 1 << 2,
};

static gsize
save_length (guint n_cards,
             guint n_rounds)
{
  gsize n = n_cards;

  return SAVE_HEADER_BYTES + 32 + 8 + NUMBER_BYTES + 2 * n + n * NUMBER_BYTES
         + n_rounds * n * NUMBER_BYTES + n + 2 * n + SAVE_DIGEST_BYTES;
}

static void
save_digest (const guint8 *data,
             gsize         length,
             guint8        digest[SAVE_DIGEST_BYTES])
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize digest_length = SAVE_DIGEST_BYTES;

  g_checksum_update (checksum, data, length);
  g_checksum_get_digest (checksum, digest, &digest_length);
}

/* Whether this side has drawn its shuffle, and its keys per card, by the rounds done. */
static gboolean
has_shuffled (CaturNetDealRole role,
              guint            n_rounds)
{
  return n_rounds >= (role == CATUR_NET_DEAL_FIRST ? 1 : 2);
}

static gboolean
has_card_keys (CaturNetDealRole role,
               guint            n_rounds)
{
  return n_rounds >= (role == CATUR_NET_DEAL_FIRST ? 3 : 2);
}

/**
 * catur_net_deal_save:
 *
 * The deal's whole state, to keep beside a game's autosave so that a program killed mid-game
 * resumes it (catur_net_deal_restore()): the rounds, the cards opened, and this side's secrets,
 * its keys, its shuffle and, for a seeded deal, its seed. Whoever reads it knows this side's
 * half of every face-down piece: keep it where only the player can read it. The bytes are
 * versioned and end with a SHA-256 digest of the rest, against a file cut short or damaged.
 *
 * Returns: (transfer full): the saved deal
 */
GBytes *
catur_net_deal_save (CaturNetDeal *self)
{
  gsize n, length;
  guint8 *data, *out;

  g_return_val_if_fail (CATUR_IS_NET_DEAL (self), NULL);

  n = self->n_cards;
  length = save_length (self->n_cards, self->n_rounds);
  out = data = g_malloc0 (length);
  memcpy (out, save_magic, SAVE_MAGIC_BYTES);
  out += SAVE_MAGIC_BYTES;
  *out++ = SAVE_VERSION;
  *out++ = (guint8) self->role;
  write_u16 (out, self->n_cards);
  out += 2;
  *out++ = (guint8) self->n_rounds;
  *out++ = (self->seeded ? SAVE_SEEDED : 0) | (self->disclosed ? SAVE_DISCLOSED : 0)
           | (self->checked ? SAVE_CHECKED : 0);
  memcpy (out, self->seed_digest, 32);
  out += 32;
  for (guint i = 0; i < 8; i++)
    *out++ = (guint8) (self->seed_counter >> (56 - 8 * i));
  number_write (out, self->deck_key);
  out += NUMBER_BYTES;
  for (guint j = 0; j < n; j++, out += 2)
    write_u16 (out, self->permutation[j]);
  for (guint j = 0; j < n; j++, out += NUMBER_BYTES)
    number_write (out, self->card_keys[j]);
  for (guint r = 0; r < self->n_rounds; r++)
    for (guint j = 0; j < n; j++, out += NUMBER_BYTES)
      number_write (out, self->rounds[r][j]);
  for (guint j = 0; j < n; j++)
    *out++ = self->other_shared[j] ? 1 : 0;
  for (guint j = 0; j < n; j++, out += 2)
    write_u16 (out, self->card_at[j] >= 0 ? (guint) self->card_at[j] : 0xffff);
  save_digest (data, (gsize) (out - data), out);
  g_assert ((gsize) (out - data) + SAVE_DIGEST_BYTES == length);
  return g_bytes_new_take (data, length);
}

static gboolean
bad_save (GError     **error,
          const char  *format,
          ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad_save (GError     **error,
          const char  *format,
          ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  *error = g_error_new_valist (CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE, format,
                               args);
  va_end (args);
  return FALSE;
}

/* An exponent of the saved deal: a key (prime to p − 1), or 0 before it was drawn. */
static gboolean
restore_key (mpz_t          key,
             const guint8  *in,
             gboolean       drawn,
             const char    *what,
             guint          position,
             GError       **error)
{
  const Group *group = group_get ();
  mpz_t inverse;
  gboolean ok;

  number_read (key, in);
  if (!drawn)
    {
      if (mpz_sgn (key) != 0)
        return bad_save (error, "The saved deal has a %s at position %u before drawing it",
                         what, position);
      return TRUE;
    }
  mpz_init (inverse);
  ok = mpz_cmp_ui (key, 3) >= 0 && mpz_cmp (key, group->order) < 0
       && mpz_invert (inverse, key, group->order) != 0;
  mpz_clear (inverse);
  if (!ok)
    return bad_save (error, "The saved deal's %s at position %u is no key", what, position);
  return TRUE;
}

static gboolean
restore_body (CaturNetDeal  *self,
              const guint8  *in,
              guint          flags,
              GError       **error)
{
  const Group *group = group_get ();
  gsize n = self->n_cards;
  gboolean shuffled = has_shuffled (self->role, self->n_rounds);
  gboolean keyed = has_card_keys (self->role, self->n_rounds);
  g_autofree gboolean *seen = g_new0 (gboolean, n);
  g_autoptr(GError) element_error = NULL;

  self->seeded = (flags & SAVE_SEEDED) != 0;
  self->disclosed = (flags & SAVE_DISCLOSED) != 0;
  self->checked = (flags & SAVE_CHECKED) != 0;
  if (!self->seeded)
    for (guint i = 0; i < 32 + 8; i++)
      if (in[i] != 0)
        return bad_save (error, "The saved deal has a seed but says it has none");
  memcpy (self->seed_digest, in, 32);
  in += 32;
  self->seed_counter = 0;
  for (guint i = 0; i < 8; i++)
    self->seed_counter = self->seed_counter << 8 | *in++;

  /* The second side never has a deck key; the first draws its own with its shuffle. */
  if (self->role == CATUR_NET_DEAL_FIRST && shuffled)
    {
      if (!restore_key (self->deck_key, in, TRUE, "deck key", 0, error))
        return FALSE;
      mpz_invert (self->deck_key_inverse, self->deck_key, group->order);
    }
  else
    {
      mpz_t one;

      mpz_init (one);
      number_read (one, in);
      if (mpz_cmp_ui (one, 1) != 0)
        {
          mpz_clear (one);
          return bad_save (error, "The saved deal has a deck key it cannot have");
        }
      mpz_clear (one);
    }
  in += NUMBER_BYTES;

  for (guint j = 0; j < n; j++, in += 2)
    {
      guint from = read_u16 (in);

      if (!shuffled && from != 0)
        return bad_save (error, "The saved deal has a shuffle before shuffling");
      if (shuffled && (from >= n || seen[from]))
        return bad_save (error, "The saved shuffle is no shuffle of the deck at position %u",
                         j);
      if (shuffled)
        seen[from] = TRUE;
      self->permutation[j] = from;
    }
  for (guint j = 0; j < n; j++, in += NUMBER_BYTES)
    if (!restore_key (self->card_keys[j], in, keyed, "card key", j, error))
      return FALSE;

  for (guint r = 0; r < self->n_rounds; r++)
    {
      self->rounds[r] = numbers_new (self->n_cards);
      for (guint j = 0; j < n; j++, in += NUMBER_BYTES)
        {
          if (!read_element (self->rounds[r][j], in, "saved round", j, &element_error))
            return bad_save (error, "Round %u of the saved deal: %s", r,
                             element_error->message);
          for (guint i = 0; i < j; i++)
            if (mpz_cmp (self->rounds[r][i], self->rounds[r][j]) == 0)
              return bad_save (error, "Round %u of the saved deal has one card twice", r);
        }
    }

  for (guint j = 0; j < n; j++, in++)
    {
      if (*in > 1 || (*in == 1 && self->n_rounds < N_ROUNDS))
        return bad_save (error, "The saved deal has a share it cannot have at position %u", j);
      self->other_shared[j] = *in == 1;
    }
  for (guint j = 0; j < n; j++, in += 2)
    {
      guint card = read_u16 (in);
      gboolean open = card != 0xffff;

      if (open && (card >= n || self->position_of[card] >= 0))
        return bad_save (error, "The saved deal opens card %u twice or out of the deck", card);
      /* A card is open once the other side's share came, or every card after the end check. */
      if (open != (self->other_shared[j] || self->checked))
        return bad_save (error, "The saved deal's position %u is open with no share", j);
      if (open)
        {
          self->card_at[j] = (int) card;
          self->position_of[card] = (int) j;
        }
    }
  return TRUE;
}

/**
 * catur_net_deal_restore:
 * @saved: what catur_net_deal_save() gave
 * @error: set, %CATUR_NET_DEAL_ERROR_BAD_SAVE, when @saved is cut short, changed, of another
 *   version, or not a state a deal can be in
 *
 * The deal as it was saved: it goes on as the saved one would have, opening the cards left and
 * running the end check.
 *
 * Returns: (transfer full): the deal, or %NULL with @error set
 */
CaturNetDeal *
catur_net_deal_restore (GBytes  *saved,
                        GError **error)
{
  g_autoptr(CaturNetDeal) self = NULL;
  gsize length = 0;
  const guint8 *data;
  guint8 digest[SAVE_DIGEST_BYTES];
  guint role, n_cards, n_rounds, flags;

  g_return_val_if_fail (saved != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = g_bytes_get_data (saved, &length);
  if (length < SAVE_HEADER_BYTES || memcmp (data, save_magic, SAVE_MAGIC_BYTES) != 0)
    {
      bad_save (error, "This is no saved deal");
      return NULL;
    }
  data += SAVE_MAGIC_BYTES;
  if (data[0] != SAVE_VERSION)
    {
      bad_save (error, "A saved deal of version %u is not of version %u", data[0],
                SAVE_VERSION);
      return NULL;
    }
  role = data[1];
  n_cards = read_u16 (data + 2);
  n_rounds = data[4];
  flags = data[5];
  if (role > CATUR_NET_DEAL_SECOND || n_cards < 2 || n_cards > CATUR_NET_DEAL_MAX_CARDS
      || n_rounds > N_ROUNDS || (flags & ~(SAVE_SEEDED | SAVE_DISCLOSED | SAVE_CHECKED)) != 0
      || ((flags & (SAVE_DISCLOSED | SAVE_CHECKED)) != 0 && n_rounds < N_ROUNDS))
    {
      bad_save (error, "The saved deal's header (role %u, %u cards, %u rounds, flags %u) "
                "reads as no deal", role, n_cards, n_rounds, flags);
      return NULL;
    }
  if (length != save_length (n_cards, n_rounds))
    {
      bad_save (error, "A saved deal of %" G_GSIZE_FORMAT " bytes should have %" G_GSIZE_FORMAT,
                length, save_length (n_cards, n_rounds));
      return NULL;
    }
  data -= SAVE_MAGIC_BYTES;
  save_digest (data, length - SAVE_DIGEST_BYTES, digest);
  if (memcmp (digest, data + length - SAVE_DIGEST_BYTES, SAVE_DIGEST_BYTES) != 0)
    {
      bad_save (error, "The saved deal was changed or damaged: its digest does not match");
      return NULL;
    }

  self = deal_new (role, n_cards);
  self->n_rounds = n_rounds;
  if (!restore_body (self, data + SAVE_HEADER_BYTES, flags, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* The deck */

struct _CaturNetDeck
{
  guint n_cards;
  CaturSquare squares[CATUR_NET_DEAL_MAX_CARDS];
  gint16 positions[CATUR_SQUARE_MAX_BOARD];
  guint8 pieces[CATUR_NET_DEAL_MAX_CARDS];
  guint8 flags[CATUR_NET_DEAL_MAX_CARDS];
};

/**
 * catur_net_deck_new:
 * @variant: a game with hidden pieces
 * @start: the position the game starts from (a referee's position or an observation: only what
 *   the players see of it is read)
 * @error: set when @start has no face-down pieces or its pool does not match them
 *
 * The deck of a deal for @start. Its cards are the pieces catur_variant_list_hidden() lists, in
 * that order, each as many times as its count: card 0 is the first of the first kind. Its
 * positions are the face-down squares of @start in the order of their numbers (the first
 * seat's nearest rank, file by file from the left, then the next rank): the card at position j
 * lies under the j-th face-down square. Face-down pieces stay on their squares until flipped
 * (Banqi's rule B8).
 *
 * Returns: (transfer full): the deck, or %NULL with @error set
 */
CaturNetDeck *
catur_net_deck_new (CaturVariant         *variant,
                    const CaturPosition  *start,
                    GError              **error)
{
  g_autoptr(CaturNetDeck) deck = NULL;
  g_autoptr(CaturPosition) observation = NULL;
  g_autoptr(GArray) hidden = NULL;
  CaturGeometry geometry;
  guint n_squares;
  guint n_pieces = 0;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (start != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  catur_variant_get_geometry (variant, &geometry);
  if (!geometry.has_hidden)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_NOT_SUPPORTED,
                   "%s has no face-down pieces to deal", catur_variant_get_id (variant));
      return NULL;
    }

  deck = g_new0 (CaturNetDeck, 1);
  memset (deck->positions, 0xff, sizeof deck->positions);
  observation = catur_variant_observe (variant, start);
  n_squares = MIN ((guint) geometry.files * geometry.ranks, CATUR_SQUARE_MAX_BOARD);
  for (guint square = 0; square < n_squares; square++)
    {
      CaturPiece piece;

      if (!catur_variant_piece_at (variant, observation, (CaturSquare) square, &piece)
          || !(piece.flags & CATUR_PIECE_FACE_DOWN))
        continue;
      if (deck->n_cards == CATUR_NET_DEAL_MAX_CARDS)
        break;
      deck->positions[square] = (gint16) deck->n_cards;
      deck->squares[deck->n_cards++] = (CaturSquare) square;
    }

  hidden = catur_variant_list_hidden (variant, observation);
  for (guint i = 0; i < hidden->len; i++)
    {
      const CaturHiddenPiece *item = &g_array_index (hidden, CaturHiddenPiece, i);

      for (guint c = 0; c < item->count; c++, n_pieces++)
        if (n_pieces < deck->n_cards)
          {
            deck->pieces[n_pieces] = item->piece;
            deck->flags[n_pieces] = item->flags;
          }
    }

  if (deck->n_cards < 2 || n_pieces != deck->n_cards)
    {
      g_set_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_NOT_SUPPORTED,
                   "The position has %u face-down squares and %u pieces face down to deal",
                   deck->n_cards, n_pieces);
      return NULL;
    }
  return g_steal_pointer (&deck);
}

void
catur_net_deck_free (CaturNetDeck *deck)
{
  g_free (deck);
}

/**
 * catur_net_deck_get_n_cards:
 *
 * Returns: how many cards the deal of this deck has (catur_net_deal_new()'s @n_cards)
 */
guint
catur_net_deck_get_n_cards (const CaturNetDeck *deck)
{
  g_return_val_if_fail (deck != NULL, 0);

  return deck->n_cards;
}

/**
 * catur_net_deck_get_position:
 * @square: a square of the board
 *
 * Returns: the position of the deck whose card lies under @square, or −1 when @square held no
 *   face-down piece at the start
 */
int
catur_net_deck_get_position (const CaturNetDeck *deck,
                             CaturSquare         square)
{
  g_return_val_if_fail (deck != NULL, -1);

  return square < CATUR_SQUARE_MAX_BOARD ? deck->positions[square] : -1;
}

/**
 * catur_net_deck_get_square:
 * @position: a position of the deck
 *
 * Returns: the square whose face-down piece is the card at @position, or %CATUR_SQUARE_NONE
 */
CaturSquare
catur_net_deck_get_square (const CaturNetDeck *deck,
                           guint               position)
{
  g_return_val_if_fail (deck != NULL, CATUR_SQUARE_NONE);

  return position < deck->n_cards ? deck->squares[position] : CATUR_SQUARE_NONE;
}

/**
 * catur_net_deck_get_card_piece:
 * @card: a card of the deck
 * @piece: (out): the piece it stands for, as a flip carries it in its #CaturMove's @piece
 * @flags: (out): the flags such a flip carries besides %CATUR_MOVE_FLIP
 */
void
catur_net_deck_get_card_piece (const CaturNetDeck *deck,
                               guint               card,
                               guint8             *piece,
                               guint8             *flags)
{
  g_return_if_fail (deck != NULL && card < deck->n_cards);

  *piece = deck->pieces[card];
  *flags = deck->flags[card];
}

/**
 * catur_net_deck_flip_move:
 * @position: a position of the deck
 * @card: the card the deal opened there
 * @move: (out): the flip of @position's square carrying @card's piece, to play on the players'
 *   observation (a flip that carries a piece reveals that one)
 *
 * Returns: %FALSE when @position or @card is out of the deck
 */
gboolean
catur_net_deck_flip_move (const CaturNetDeck *deck,
                          guint               position,
                          guint               card,
                          CaturMove          *move)
{
  g_return_val_if_fail (deck != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (position >= deck->n_cards || card >= deck->n_cards)
    return FALSE;
  move->from = move->to = deck->squares[position];
  move->piece = deck->pieces[card];
  move->flags = CATUR_MOVE_FLIP | deck->flags[card];
  return TRUE;
}
