/* test-net-deal.c: the deal with no trusted dealer (catur-net-deal.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two sides in one process pass each other the deal's payloads as the network would: a whole
 * Banqi game with every flip opened by both, the piece under a square left to the other side's
 * shuffle, the end check against a side that deals a card twice, swaps cards, gives a wrong
 * key or sends a tampered payload, and payloads that are no payloads at all. The cheats are
 * made as a cheater would make them: with its own keys, which a twin of the same seed shows.
 * A deal saved mid-game and restored goes on as before; a saved deal changed or cut short is
 * refused.
 */
#include "config.h"

#include <gmp.h>
#include <string.h>

#include <catur.h>

#define NUMBER_BYTES 256
#define HEADER_BYTES 6
#define BANQI_CARDS 32
#define N_ROUNDS 3

static CaturVariant *
banqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("banqi");

  g_assert_nonnull (variant);
  return variant;
}

static void
prime (mpz_t p)
{
  g_autoptr(GBytes) bytes = catur_net_deal_get_prime ();

  g_assert_cmpuint (g_bytes_get_size (bytes), ==, NUMBER_BYTES);
  mpz_import (p, NUMBER_BYTES, 1, 1, 1, 0, g_bytes_get_data (bytes, NULL));
}

static CaturNetDeal *
seeded (CaturNetDealRole  role,
        const char       *seed)
{
  return catur_net_deal_new_seeded (role, BANQI_CARDS, (const guint8 *) seed, strlen (seed));
}

static GBytes *
produce (CaturNetDeal *deal)
{
  g_autoptr(GError) error = NULL;
  GBytes *payload = catur_net_deal_produce (deal, &error);

  g_assert_no_error (error);
  g_assert_nonnull (payload);
  return payload;
}

static void
consume (CaturNetDeal *deal,
         GBytes       *payload)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (catur_net_deal_consume (deal, payload, &error));
  g_assert_no_error (error);
}

/* An honest deal; @rounds (may be NULL) keeps its payloads. */
static void
deal_honestly (CaturNetDeal *first,
               CaturNetDeal *second,
               GBytes       *rounds[N_ROUNDS])
{
  for (guint round = 0; round < N_ROUNDS; round++)
    {
      CaturNetDeal *sender = round % 2 == 0 ? first : second;
      CaturNetDeal *receiver = round % 2 == 0 ? second : first;
      g_autoptr(GBytes) payload = NULL;

      g_assert_true (catur_net_deal_wants_to_send (sender));
      g_assert_false (catur_net_deal_wants_to_send (receiver));
      payload = produce (sender);
      g_assert_cmpint (catur_net_deal_payload_kind (payload), ==, CATUR_NET_DEAL_PAYLOAD_ROUND);
      consume (receiver, payload);
      if (rounds != NULL)
        rounds[round] = g_bytes_ref (payload);
    }
  g_assert_true (catur_net_deal_is_dealt (first));
  g_assert_true (catur_net_deal_is_dealt (second));
}

/* Both sides give their share of @position and take the other's: the card both see. */
static guint
open_position (CaturNetDeal *first,
               CaturNetDeal *second,
               guint         position)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) share_first = catur_net_deal_produce_share (first, position, &error);
  g_autoptr(GBytes) share_second = NULL;
  guint opened = G_MAXUINT, card_first = G_MAXUINT, card_second = G_MAXUINT;

  g_assert_no_error (error);
  g_assert_cmpint (catur_net_deal_payload_kind (share_first), ==, CATUR_NET_DEAL_PAYLOAD_SHARE);
  g_assert_false (catur_net_deal_get_card (first, position, NULL));
  g_assert_false (catur_net_deal_get_card (second, position, NULL));
  share_second = catur_net_deal_produce_share (second, position, &error);
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_consume_share (first, share_second, &opened, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (opened, ==, position);
  g_assert_true (catur_net_deal_consume_share (second, share_first, &opened, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (opened, ==, position);
  g_assert_true (catur_net_deal_get_card (first, position, &card_first));
  g_assert_true (catur_net_deal_get_card (second, position, &card_second));
  g_assert_cmpuint (card_first, ==, card_second);
  g_assert_cmpuint (card_first, <, BANQI_CARDS);
  return card_first;
}

static GBytes *
disclose (CaturNetDeal *deal)
{
  g_autoptr(GError) error = NULL;
  GBytes *disclosure = catur_net_deal_produce_disclosure (deal, &error);

  g_assert_no_error (error);
  g_assert_cmpint (catur_net_deal_payload_kind (disclosure), ==,
                   CATUR_NET_DEAL_PAYLOAD_DISCLOSURE);
  return disclosure;
}

static void
number_at (mpz_t   x,
           GBytes *payload,
           gsize   offset)
{
  const guint8 *data = g_bytes_get_data (payload, NULL);

  g_assert_cmpuint (offset + NUMBER_BYTES, <=, g_bytes_get_size (payload));
  mpz_import (x, NUMBER_BYTES, 1, 1, 1, 0, data + offset);
}

static void
put_number (guint8      *data,
            gsize        offset,
            const mpz_t  x)
{
  size_t size = (mpz_sizeinbase (x, 2) + 7) / 8;

  memset (data + offset, 0, NUMBER_BYTES);
  mpz_export (data + offset + NUMBER_BYTES - size, NULL, 1, 1, 1, 0, x);
}

static gsize
round_offset (guint position)
{
  return HEADER_BYTES + (gsize) position * NUMBER_BYTES;
}

static gsize
disclosure_key_offset (guint position)
{
  return HEADER_BYTES + NUMBER_BYTES + 2 * BANQI_CARDS + (gsize) position * NUMBER_BYTES;
}

static guint8 *
copy_payload (GBytes *payload,
              gsize  *length)
{
  return g_memdup2 (g_bytes_get_data (payload, length), g_bytes_get_size (payload));
}

static void
assert_refused (CaturNetDeal *deal,
                GBytes       *payload,
                int           code)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (catur_net_deal_consume (deal, payload, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, code);
  g_test_message ("refused: %s", error->message);
}

static void
assert_dishonest (CaturNetDeal *deal,
                  GBytes       *disclosure)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (catur_net_deal_check_disclosure (deal, disclosure, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_DISHONEST);
  g_test_message ("end check: %s", error->message);
  g_assert_false (catur_net_deal_is_checked (deal));
}

static void
test_prime (void)
{
  mpz_t p, q;

  mpz_inits (p, q, NULL);
  prime (p);
  g_assert_cmpuint (mpz_sizeinbase (p, 2), ==, 2048);
  g_assert_cmpint (mpz_probab_prime_p (p, 30), >, 0);
  mpz_sub_ui (q, p, 1);
  mpz_fdiv_q_2exp (q, q, 1);
  g_assert_cmpint (mpz_probab_prime_p (q, 30), >, 0);
  /* p ≡ 3 (mod 4): −1, the prime less one, is no residue, so a side cannot send it. */
  g_assert_cmpuint (mpz_fdiv_ui (p, 4), ==, 3);
  mpz_clears (p, q, NULL);
}

/* Every card's number and every number of every round is a quadratic residue: the Legendre
 * symbol, which exponentiation keeps, tells nothing about which card is which. */
static void
test_residues (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "residues 1");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "residues 2");
  GBytes *rounds[N_ROUNDS];
  mpz_t p, x, y;

  mpz_inits (p, x, y, NULL);
  prime (p);
  for (guint card = 0; card < CATUR_NET_DEAL_MAX_CARDS; card++)
    {
      g_autoptr(GBytes) number = catur_net_deal_get_card_number (card);

      number_at (x, number, 0);
      g_assert_cmpint (mpz_cmp_ui (x, 1), >, 0);
      g_assert_cmpint (mpz_cmp (x, p), <, 0);
      g_assert_cmpint (mpz_legendre (x, p), ==, 1);
      for (guint other = 0; other < card; other++)
        {
          g_autoptr(GBytes) other_number = catur_net_deal_get_card_number (other);

          g_assert_false (g_bytes_equal (number, other_number));
        }
    }

  deal_honestly (first, second, rounds);
  for (guint round = 0; round < N_ROUNDS; round++)
    {
      g_assert_cmpuint (g_bytes_get_size (rounds[round]), ==, round_offset (BANQI_CARDS));
      for (guint j = 0; j < BANQI_CARDS; j++)
        {
          number_at (x, rounds[round], round_offset (j));
          g_assert_cmpint (mpz_legendre (x, p), ==, 1);
          /* …and none is a card's own number, unencrypted. */
          for (guint card = 0; card < BANQI_CARDS; card++)
            {
              g_autoptr(GBytes) number = catur_net_deal_get_card_number (card);

              number_at (y, number, 0);
              g_assert_cmpint (mpz_cmp (x, y), !=, 0);
            }
        }
      g_bytes_unref (rounds[round]);
    }
  mpz_clears (p, x, y, NULL);
}

/* The deck of Banqi's start: 32 cards, the pool in list_hidden()'s order, the face-down
 * squares in the order of their numbers. */
static void
test_deck (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturPosition) start = catur_variant_new_position (banqi (), NULL, 3);
  g_autoptr(CaturNetDeck) deck = catur_net_deck_new (banqi (), start, &error);
  g_autoptr(GArray) hidden = catur_variant_list_hidden (banqi (), start);
  CaturVariant *xiangqi = catur_plugins_find_variant ("xiangqi");
  guint card = 0;
  CaturMove move;

  g_assert_no_error (error);
  g_assert_cmpuint (catur_net_deck_get_n_cards (deck), ==, BANQI_CARDS);
  for (guint position = 0; position < BANQI_CARDS; position++)
    {
      g_assert_cmpuint (catur_net_deck_get_square (deck, position), ==, position);
      g_assert_cmpint (catur_net_deck_get_position (deck, (CaturSquare) position), ==,
                       (int) position);
    }
  g_assert_cmpuint (catur_net_deck_get_square (deck, BANQI_CARDS), ==, CATUR_SQUARE_NONE);
  g_assert_cmpint (catur_net_deck_get_position (deck, CATUR_SQUARE_NONE), ==, -1);

  for (guint i = 0; i < hidden->len; i++)
    {
      const CaturHiddenPiece *item = &g_array_index (hidden, CaturHiddenPiece, i);

      for (guint c = 0; c < item->count; c++, card++)
        {
          guint8 piece, flags;

          catur_net_deck_get_card_piece (deck, card, &piece, &flags);
          g_assert_cmpuint (piece, ==, item->piece);
          g_assert_cmpuint (flags, ==, item->flags);
        }
    }
  g_assert_cmpuint (card, ==, BANQI_CARDS);

  g_assert_true (catur_net_deck_flip_move (deck, 5, 31, &move));
  g_assert_cmpuint (move.from, ==, 5);
  g_assert_cmpuint (move.to, ==, 5);
  g_assert_true (move.flags & CATUR_MOVE_FLIP);
  g_assert_true (catur_variant_is_legal (banqi (), start, &move));
  g_assert_false (catur_net_deck_flip_move (deck, BANQI_CARDS, 0, &move));

  if (xiangqi != NULL)
    {
      g_autoptr(CaturPosition) board = catur_variant_new_position (xiangqi, NULL, 1);
      g_autoptr(CaturNetDeck) none = catur_net_deck_new (xiangqi, board, &error);

      g_assert_null (none);
      g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_NOT_SUPPORTED);
    }
}

static void
assert_same_position (CaturVariant        *variant,
                      const CaturPosition *a,
                      const CaturPosition *b)
{
  g_autofree char *text_a = catur_variant_format (variant, a);
  g_autofree char *text_b = catur_variant_format (variant, b);
  CaturGeometry geometry;

  g_assert_cmpstr (text_a, ==, text_b);
  g_assert_cmpuint (catur_variant_side_to_move (variant, a), ==,
                    catur_variant_side_to_move (variant, b));
  g_assert_cmpuint (catur_variant_position_key (variant, a), ==,
                    catur_variant_position_key (variant, b));
  catur_variant_get_geometry (variant, &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      CaturPiece piece_a, piece_b;
      gboolean has_a = catur_variant_piece_at (variant, a, (CaturSquare) square, &piece_a);
      gboolean has_b = catur_variant_piece_at (variant, b, (CaturSquare) square, &piece_b);

      g_assert_cmpint (has_a, ==, has_b);
      if (has_a)
        g_assert_true (piece_a.kind == piece_b.kind && piece_a.side == piece_b.side
                       && piece_a.flags == piece_b.flags);
    }
}

/* A whole game of Banqi between two sides that each keep what they see, every flip opened by
 * both, a random legal mover choosing the moves; at the end each checks the other. */
static void
test_banqi_game (void)
{
  CaturVariant *variant = banqi ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturPosition) start = catur_variant_new_position (variant, NULL, 11);
  g_autoptr(CaturPosition) seen_first = catur_variant_observe (variant, start);
  g_autoptr(CaturPosition) seen_second = catur_variant_observe (variant, start);
  g_autoptr(CaturNetDeck) deck = catur_net_deck_new (variant, seen_first, &error);
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "game 1");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "game 2");
  g_autoptr(GBytes) disclosure_first = NULL;
  g_autoptr(GBytes) disclosure_second = NULL;
  g_autoptr(GRand) mover = g_rand_new_with_seed (2026);
  g_autoptr(GArray) pool = catur_variant_list_hidden (variant, start);
  int opened[BANQI_CARDS];
  guint n_pieces[256] = { 0 };
  guint plies = 0, flips = 0;
  CaturOutcome outcome;

  g_assert_no_error (error);
  g_assert_cmpuint (catur_net_deck_get_n_cards (deck), ==, BANQI_CARDS);
  for (guint j = 0; j < BANQI_CARDS; j++)
    opened[j] = -1;

  deal_honestly (first, second, NULL);
  catur_variant_status (variant, seen_first, NULL, &outcome);
  while (outcome.result == CATUR_RESULT_ONGOING && plies < 2000)
    {
      g_autoptr(GArray) moves = catur_variant_legal_moves (variant, seen_first);
      CaturMove move;

      g_assert_cmpuint (moves->len, >, 0);
      move = g_array_index (moves, CaturMove, g_rand_int_range (mover, 0, (int) moves->len));
      if (move.flags & CATUR_MOVE_FLIP)
        {
          int position = catur_net_deck_get_position (deck, move.from);
          guint card;

          g_assert_cmpint (position, >=, 0);
          g_assert_cmpint (opened[position], ==, -1);
          card = open_position (first, second, (guint) position);
          opened[position] = (int) card;
          g_assert_true (catur_net_deck_flip_move (deck, (guint) position, card, &move));
          flips++;
        }
      g_assert_true (catur_variant_is_legal (variant, seen_first, &move));
      g_assert_true (catur_variant_is_legal (variant, seen_second, &move));
      {
        CaturMove played_first = move, played_second = move;

        catur_variant_play (variant, seen_first, &played_first);
        catur_variant_play (variant, seen_second, &played_second);
        g_assert_true (catur_move_equal (&played_first, &played_second));
        if (move.flags & CATUR_MOVE_FLIP)
          g_assert_cmpuint (played_first.piece, ==, move.piece);
      }
      assert_same_position (variant, seen_first, seen_second);
      plies++;
      catur_variant_status (variant, seen_first, NULL, &outcome);
    }
  g_test_message ("%u plies, %u flips, result %d", plies, flips, outcome.result);
  g_assert_cmpint (outcome.result, !=, CATUR_RESULT_ONGOING);
  g_assert_cmpuint (flips, >, 0);

  disclosure_first = disclose (first);
  disclosure_second = disclose (second);
  g_assert_true (catur_net_deal_check_disclosure (first, disclosure_second, &error));
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_check_disclosure (second, disclosure_first, &error));
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_is_checked (first) && catur_net_deal_is_checked (second));

  /* Now every card is open to both, the flips were those cards, and the deck held the pool. */
  for (guint j = 0; j < BANQI_CARDS; j++)
    {
      guint card_first, card_second;
      guint8 piece, flags;

      g_assert_true (catur_net_deal_get_card (first, j, &card_first));
      g_assert_true (catur_net_deal_get_card (second, j, &card_second));
      g_assert_cmpuint (card_first, ==, card_second);
      if (opened[j] >= 0)
        g_assert_cmpint (opened[j], ==, (int) card_first);
      catur_net_deck_get_card_piece (deck, card_first, &piece, &flags);
      n_pieces[piece]++;
    }
  for (guint i = 0; i < pool->len; i++)
    {
      const CaturHiddenPiece *item = &g_array_index (pool, CaturHiddenPiece, i);

      g_assert_cmpuint (n_pieces[item->piece], ==, item->count);
    }
}

/* The card at position 0 after an honest deal of these seeds. */
static guint
first_card (const char *seed_first,
            const char *seed_second)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, seed_first);
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, seed_second);

  deal_honestly (first, second, NULL);
  return open_position (first, second, 0);
}

/* Whatever one side chose (its seed, fixed), the piece under the first face-down square is
 * the other side's shuffle's to decide: over several deals it takes many values. */
static void
test_fairness (gconstpointer data)
{
  gboolean first_fixed = GPOINTER_TO_INT (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturPosition) start = catur_variant_new_position (banqi (), NULL, 1);
  g_autoptr(CaturNetDeck) deck = catur_net_deck_new (banqi (), start, &error);
  g_autoptr(GHashTable) pieces = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) cards = g_hash_table_new (NULL, NULL);
  const guint n_deals = 8;

  g_assert_no_error (error);
  for (guint i = 0; i < n_deals; i++)
    {
      g_autofree char *varied = g_strdup_printf ("varied %u", i);
      guint card = first_fixed ? first_card ("fixed", varied) : first_card (varied, "fixed");
      guint8 piece, flags;

      catur_net_deck_get_card_piece (deck, card, &piece, &flags);
      g_hash_table_add (cards, GUINT_TO_POINTER (card + 1));
      g_hash_table_add (pieces, GUINT_TO_POINTER (piece + 1));
    }
  g_test_message ("%u deals: %u cards, %u pieces", n_deals, g_hash_table_size (cards),
                  g_hash_table_size (pieces));
  g_assert_cmpuint (g_hash_table_size (cards), >=, n_deals - 2);
  g_assert_cmpuint (g_hash_table_size (pieces), >=, 4);
}

/* The first side plants a card in its first round as the square of another (both residues,
 * all numbers different, so the round is taken) and looks for the pair in the second side's
 * shuffle, to follow the card: under a deck-wide key of the second side it would find it
 * (x² ↦ (x^e)²), but every card there has a key of its own, and no pair is left. */
static void
test_planted (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "plant 1");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "plant 2");
  g_autoptr(GBytes) round0 = produce (first);
  g_autoptr(GBytes) planted = NULL;
  g_autoptr(GBytes) round1 = NULL;
  mpz_t p, x, squares[BANQI_CARDS], numbers[BANQI_CARDS];
  guint8 *data;
  gsize length;
  guint pairs = 0;

  mpz_inits (p, x, NULL);
  prime (p);
  data = copy_payload (round0, &length);
  number_at (x, round0, round_offset (5));
  mpz_powm_ui (x, x, 2, p);
  put_number (data, round_offset (6), x);
  planted = g_bytes_new_take (data, length);
  consume (second, planted);
  round1 = produce (second);

  for (guint j = 0; j < BANQI_CARDS; j++)
    {
      mpz_inits (squares[j], numbers[j], NULL);
      number_at (numbers[j], round1, round_offset (j));
      mpz_powm_ui (squares[j], numbers[j], 2, p);
    }
  for (guint i = 0; i < BANQI_CARDS; i++)
    for (guint j = 0; j < BANQI_CARDS; j++)
      if (mpz_cmp (squares[i], numbers[j]) == 0)
        pairs++;
  g_assert_cmpuint (pairs, ==, 0);
  for (guint j = 0; j < BANQI_CARDS; j++)
    mpz_clears (squares[j], numbers[j], NULL);
  mpz_clears (p, x, NULL);
}

/* What a cheater knows: the inverse of its deck key and its key for every card. A side's draws
 * do not depend on what it receives, so a twin of the same seed, in an honest deal with a twin
 * of the other side, draws the same keys and discloses them; that deal's layout is the one the
 * honest deal of these seeds has. */
typedef struct
{
  mpz_t inverse;
  mpz_t keys[BANQI_CARDS];
  guint layout[BANQI_CARDS];
} Cheater;

static void
cheater_init (Cheater          *cheater,
              CaturNetDealRole  role,
              const char       *seed,
              const char       *other_seed)
{
  CaturNetDealRole other_role = role == CATUR_NET_DEAL_FIRST ? CATUR_NET_DEAL_SECOND
                                                             : CATUR_NET_DEAL_FIRST;
  g_autoptr(CaturNetDeal) twin = seeded (role, seed);
  g_autoptr(CaturNetDeal) twin_other = seeded (other_role, other_seed);
  g_autoptr(GBytes) disclosure = NULL;
  mpz_t p, order, e;

  if (role == CATUR_NET_DEAL_FIRST)
    deal_honestly (twin, twin_other, NULL);
  else
    deal_honestly (twin_other, twin, NULL);
  disclosure = disclose (twin);
  g_assert_true (catur_net_deal_check_disclosure (twin_other, disclosure, NULL));

  mpz_inits (p, order, e, cheater->inverse, NULL);
  prime (p);
  mpz_sub_ui (order, p, 1);
  number_at (e, disclosure, HEADER_BYTES);
  g_assert_true (mpz_invert (cheater->inverse, e, order));
  for (guint j = 0; j < BANQI_CARDS; j++)
    {
      mpz_init (cheater->keys[j]);
      number_at (cheater->keys[j], disclosure, disclosure_key_offset (j));
      g_assert_true (catur_net_deal_get_card (twin_other, j, &cheater->layout[j]));
    }
  mpz_clears (p, order, e, NULL);
}

static void
cheater_clear (Cheater *cheater)
{
  mpz_clear (cheater->inverse);
  for (guint j = 0; j < BANQI_CARDS; j++)
    mpz_clear (cheater->keys[j]);
}

/* Sets position @to of @data, a copy of the cheater's own round @honest, to the card of
 * position @from under the cheater's key for @to: the round it would have sent had that card
 * been dealt at @to. */
static void
cheater_move (Cheater *cheater,
              guint8  *data,
              GBytes  *honest,
              guint    from,
              guint    to)
{
  mpz_t p, order, exponent, x;

  mpz_inits (p, order, exponent, x, NULL);
  prime (p);
  mpz_sub_ui (order, p, 1);
  g_assert_true (mpz_invert (exponent, cheater->keys[from], order));
  mpz_mul (exponent, exponent, cheater->keys[to]);
  mpz_mod (exponent, exponent, order);
  number_at (x, honest, round_offset (from));
  mpz_powm (x, x, exponent, p);
  put_number (data, round_offset (to), x);
  mpz_clears (p, order, exponent, x, NULL);
}

/* A deal of @seed_first and @seed_second in which @cheater's side (its seeds) sends its last
 * round changed by @cheat; both sides are dealt at the end. */
static void
deal_with_cheat (CaturNetDeal *first,
                 CaturNetDeal *second,
                 Cheater      *cheater,
                 gboolean      first_cheats,
                 void        (*cheat) (Cheater *, guint8 *, GBytes *))
{
  guint cheat_round = first_cheats ? 2 : 1;

  for (guint round = 0; round < N_ROUNDS; round++)
    {
      CaturNetDeal *sender = round % 2 == 0 ? first : second;
      CaturNetDeal *receiver = round % 2 == 0 ? second : first;
      g_autoptr(GBytes) payload = produce (sender);

      if (round == cheat_round)
        {
          gsize length;
          guint8 *data = copy_payload (payload, &length);
          g_autoptr(GBytes) forged = NULL;

          cheat (cheater, data, payload);
          forged = g_bytes_new_take (data, length);
          /* Nothing in the round shows it: the numbers are residues, all different. */
          consume (receiver, forged);
        }
      else
        consume (receiver, payload);
    }
}

#define CHEAT_J 3
#define CHEAT_K 17

static void
deal_twice (Cheater *cheater,
            guint8  *data,
            GBytes  *honest)
{
  cheater_move (cheater, data, honest, CHEAT_J, CHEAT_K);
}

static void
swap_two (Cheater *cheater,
          guint8  *data,
          GBytes  *honest)
{
  cheater_move (cheater, data, honest, CHEAT_J, CHEAT_K);
  cheater_move (cheater, data, honest, CHEAT_K, CHEAT_J);
}

/* Opening @position with the cheater's share is refused. */
static void
assert_share_refused (CaturNetDeal *cheat,
                      CaturNetDeal *honest,
                      guint         position)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) share = catur_net_deal_produce_share (cheat, position, &error);

  g_assert_no_error (error);
  g_assert_false (catur_net_deal_consume_share (honest, share, NULL, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_INCONSISTENT);
  g_test_message ("opening: %s", error->message);
  g_assert_false (catur_net_deal_get_card (honest, position, NULL));
}

/* A card dealt twice, with the cheater's own keys. By the second side, in its shuffle: both
 * open as real cards, the same one, which the second opening refuses, and the end check finds
 * the round the disclosed shuffle does not make. By the first side, in its re-keying: the
 * second side's keys are bound to its positions, so the copy opens as no card. */
static void
test_dealt_twice (void)
{
  for (guint first_cheats = 0; first_cheats < 2; first_cheats++)
    {
      const char *seed_first = first_cheats ? "twice 3" : "twice 1";
      const char *seed_second = first_cheats ? "twice 4" : "twice 2";
      g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, seed_first);
      g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, seed_second);
      CaturNetDeal *cheat = first_cheats ? first : second;
      CaturNetDeal *honest = first_cheats ? second : first;
      g_autoptr(GBytes) disclosure = NULL;
      Cheater cheater;

      if (first_cheats)
        cheater_init (&cheater, CATUR_NET_DEAL_FIRST, seed_first, seed_second);
      else
        cheater_init (&cheater, CATUR_NET_DEAL_SECOND, seed_second, seed_first);
      deal_with_cheat (first, second, &cheater, first_cheats, deal_twice);
      g_assert_cmpuint (open_position (first, second, CHEAT_J), ==, cheater.layout[CHEAT_J]);
      assert_share_refused (cheat, honest, CHEAT_K);
      disclosure = disclose (cheat);
      assert_dishonest (honest, disclosure);
      cheater_clear (&cheater);
    }
}

/* Two cards swapped, with the cheater's own keys. By the second side, after its shuffle: both
 * open as real cards, each the other's, and only the end check can find it. By the first
 * side, in its re-keying: they open as no card. */
static void
test_swapped (void)
{
  for (guint first_cheats = 0; first_cheats < 2; first_cheats++)
    {
      const char *seed_first = first_cheats ? "swap 3" : "swap 1";
      const char *seed_second = first_cheats ? "swap 4" : "swap 2";
      g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, seed_first);
      g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, seed_second);
      CaturNetDeal *cheat = first_cheats ? first : second;
      CaturNetDeal *honest = first_cheats ? second : first;
      g_autoptr(GBytes) disclosure = NULL;
      Cheater cheater;

      if (first_cheats)
        cheater_init (&cheater, CATUR_NET_DEAL_FIRST, seed_first, seed_second);
      else
        cheater_init (&cheater, CATUR_NET_DEAL_SECOND, seed_second, seed_first);
      g_assert_cmpuint (cheater.layout[CHEAT_J], !=, cheater.layout[CHEAT_K]);
      deal_with_cheat (first, second, &cheater, first_cheats, swap_two);
      if (first_cheats)
        {
          assert_share_refused (cheat, honest, CHEAT_J);
          assert_share_refused (cheat, honest, CHEAT_K);
        }
      else
        {
          g_assert_cmpuint (open_position (first, second, CHEAT_J), ==,
                            cheater.layout[CHEAT_K]);
          g_assert_cmpuint (open_position (first, second, CHEAT_K), ==,
                            cheater.layout[CHEAT_J]);
        }
      disclosure = disclose (cheat);
      assert_dishonest (honest, disclosure);
      cheater_clear (&cheater);
    }
}

static GBytes *
with_number (GBytes      *payload,
             gsize        offset,
             const mpz_t  x)
{
  gsize length;
  guint8 *data = copy_payload (payload, &length);

  put_number (data, offset, x);
  return g_bytes_new_take (data, length);
}

/* A wrong key: in a share (it opens no card, refused at once), in the disclosure (a card's
 * key, opened or not, or the deck key), a key that is no key, a shuffle that deals a card
 * twice. The honest disclosure passes after all of them. */
static void
test_wrong_key (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "key 1");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "key 2");
  g_autoptr(GBytes) share = NULL;
  g_autoptr(GBytes) wrong_share = NULL;
  g_autoptr(GBytes) disclosure = NULL;
  g_autoptr(GError) error = NULL;
  mpz_t x;

  mpz_init (x);
  deal_honestly (first, second, NULL);
  share = catur_net_deal_produce_share (first, 4, &error);
  g_assert_no_error (error);
  number_at (x, share, HEADER_BYTES);
  mpz_add_ui (x, x, 2);
  wrong_share = with_number (share, HEADER_BYTES, x);
  g_assert_false (catur_net_deal_consume_share (second, wrong_share, NULL, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_INCONSISTENT);
  g_clear_error (&error);
  g_assert_false (catur_net_deal_get_card (second, 4, NULL));
  g_assert_true (catur_net_deal_consume_share (second, share, NULL, &error));
  g_assert_no_error (error);

  disclosure = disclose (first);
  {
    /* The key of position 4 is not the one its share gave: nor the one of the round. */
    g_autoptr(GBytes) wrong = NULL;

    number_at (x, disclosure, disclosure_key_offset (4));
    mpz_add_ui (x, x, 2);
    wrong = with_number (disclosure, disclosure_key_offset (4), x);
    assert_dishonest (second, wrong);
  }
  {
    /* A position never opened: the re-keying round gives it away. */
    g_autoptr(GBytes) wrong = NULL;

    number_at (x, disclosure, disclosure_key_offset (9));
    mpz_add_ui (x, x, 2);
    wrong = with_number (disclosure, disclosure_key_offset (9), x);
    assert_dishonest (second, wrong);
  }
  {
    g_autoptr(GBytes) wrong = NULL;

    number_at (x, disclosure, HEADER_BYTES);
    mpz_add_ui (x, x, 2);
    wrong = with_number (disclosure, HEADER_BYTES, x);
    assert_dishonest (second, wrong);
  }
  {
    g_autoptr(GBytes) wrong = NULL;

    mpz_set_ui (x, 2);
    wrong = with_number (disclosure, disclosure_key_offset (20), x);
    assert_dishonest (second, wrong);
  }
  {
    gsize length;
    guint8 *data = copy_payload (disclosure, &length);
    g_autoptr(GBytes) wrong = NULL;

    memcpy (data + HEADER_BYTES + NUMBER_BYTES + 2, data + HEADER_BYTES + NUMBER_BYTES, 2);
    wrong = g_bytes_new_take (data, length);
    assert_dishonest (second, wrong);
  }
  g_assert_true (catur_net_deal_check_disclosure (second, disclosure, &error));
  g_assert_no_error (error);

  /* The second side has no deck key to disclose: 1 stands there. */
  {
    g_autoptr(GBytes) honest = disclose (second);
    g_autoptr(GBytes) wrong = NULL;

    number_at (x, honest, HEADER_BYTES);
    g_assert_cmpuint (mpz_cmp_ui (x, 1), ==, 0);
    mpz_set_ui (x, 3);
    wrong = with_number (honest, HEADER_BYTES, x);
    assert_dishonest (first, wrong);
    g_assert_true (catur_net_deal_check_disclosure (first, honest, &error));
    g_assert_no_error (error);
  }
  mpz_clear (x);
}

/* A bit changed in the first round on its way: the second side takes it when it is still a
 * residue, and the end check finds it; a bit changed in the disclosure fails the check. */
static void
test_tampered (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "tamper 1");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "tamper 2");
  g_autoptr(GBytes) round0 = produce (first);
  g_autoptr(GBytes) disclosure = NULL;
  gsize length;
  guint taken_at = 0;

  for (guint bit = 0; taken_at == 0; bit++)
    {
      guint8 *data = copy_payload (round0, &length);
      gsize at = round_offset (7) + 100 + bit / 8;
      g_autoptr(GBytes) tampered = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (bit, <, 64);
      data[at] ^= (guint8) (1 << (bit % 8));
      tampered = g_bytes_new_take (data, length);
      if (catur_net_deal_consume (second, tampered, &error))
        taken_at = bit + 1;
      else
        g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_INCONSISTENT);
    }
  g_test_message ("the bit flipped %u was taken", taken_at - 1);
  for (guint round = 1; round < N_ROUNDS; round++)
    {
      CaturNetDeal *sender = round % 2 == 0 ? first : second;
      g_autoptr(GBytes) payload = produce (sender);

      consume (round % 2 == 0 ? second : first, payload);
    }
  disclosure = disclose (first);
  assert_dishonest (second, disclosure);

  {
    g_autoptr(CaturNetDeal) honest_first = seeded (CATUR_NET_DEAL_FIRST, "tamper 3");
    g_autoptr(CaturNetDeal) honest_second = seeded (CATUR_NET_DEAL_SECOND, "tamper 4");
    g_autoptr(GBytes) honest = NULL;
    g_autoptr(GBytes) tampered = NULL;
    guint8 *data;

    deal_honestly (honest_first, honest_second, NULL);
    honest = disclose (honest_second);
    data = copy_payload (honest, &length);
    data[disclosure_key_offset (30) + 128] ^= 0x10;
    tampered = g_bytes_new_take (data, length);
    assert_dishonest (honest_first, tampered);
    g_assert_true (catur_net_deal_check_disclosure (honest_first, honest, NULL));
  }
}

/* Payloads that are no payloads, or come out of order: each refused with its error, and the
 * deal goes on with the right one. */
static void
test_malformed (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "malformed 1");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "malformed 2");
  g_autoptr(GBytes) round0 = produce (first);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (36);
  gsize length = g_bytes_get_size (round0);
  mpz_t p, x;

  mpz_inits (p, x, NULL);
  prime (p);

  /* Out of turn: the second side has no first round to send, the first no second. */
  g_assert_null (catur_net_deal_produce (second, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
  g_clear_error (&error);
  g_assert_null (catur_net_deal_produce (first, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
  g_clear_error (&error);
  g_assert_null (catur_net_deal_produce_share (second, 0, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
  g_clear_error (&error);
  g_assert_null (catur_net_deal_produce_disclosure (second, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
  g_clear_error (&error);

  {
    g_autoptr(GBytes) empty = g_bytes_new (NULL, 0);
    g_autoptr(GBytes) header = g_bytes_new (g_bytes_get_data (round0, NULL), 5);
    g_autoptr(GBytes) short_body = g_bytes_new (g_bytes_get_data (round0, NULL), length - 1);

    g_assert_cmpint (catur_net_deal_payload_kind (NULL), ==, CATUR_NET_DEAL_PAYLOAD_INVALID);
    g_assert_cmpint (catur_net_deal_payload_kind (empty), ==, CATUR_NET_DEAL_PAYLOAD_INVALID);
    g_assert_cmpint (catur_net_deal_payload_kind (header), ==, CATUR_NET_DEAL_PAYLOAD_INVALID);
    assert_refused (second, NULL, CATUR_NET_DEAL_ERROR_MALFORMED);
    assert_refused (second, empty, CATUR_NET_DEAL_ERROR_MALFORMED);
    assert_refused (second, header, CATUR_NET_DEAL_ERROR_MALFORMED);
    assert_refused (second, short_body, CATUR_NET_DEAL_ERROR_MALFORMED);
  }
  {
    /* One byte more, a wrong version, kind or deck size. */
    static const struct { gsize at; guint8 value; int code; } changes[] = {
      { 0, 2, CATUR_NET_DEAL_ERROR_MALFORMED },
      { 1, 2, CATUR_NET_DEAL_ERROR_MALFORMED },
      { 1, 7, CATUR_NET_DEAL_ERROR_MALFORMED },
      { 3, 31, CATUR_NET_DEAL_ERROR_MALFORMED },
      { 5, 1, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER },
      { 5, 2, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER },
      { 5, 9, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER },
    };
    guint8 *longer = g_malloc0 (length + 1);
    g_autoptr(GBytes) too_long = NULL;

    memcpy (longer, g_bytes_get_data (round0, NULL), length);
    too_long = g_bytes_new_take (longer, length + 1);
    assert_refused (second, too_long, CATUR_NET_DEAL_ERROR_MALFORMED);
    for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
      {
        guint8 *data = copy_payload (round0, &length);
        g_autoptr(GBytes) changed = NULL;

        data[changes[i].at] = changes[i].value;
        changed = g_bytes_new_take (data, length);
        assert_refused (second, changed, changes[i].code);
        if (changes[i].at < 2 && changes[i].value != 2)
          g_assert_cmpint (catur_net_deal_payload_kind (changed), ==,
                           CATUR_NET_DEAL_PAYLOAD_INVALID);
      }
  }
  {
    /* Numbers out of the group, or no residue, or twice the same. */
    g_autoptr(GBytes) at_p = with_number (round0, round_offset (2), p);
    g_autoptr(GBytes) zero = NULL;
    g_autoptr(GBytes) one = NULL;
    g_autoptr(GBytes) minus_one = NULL;
    g_autoptr(GBytes) twice = NULL;
    guint8 *data = copy_payload (round0, &length);

    assert_refused (second, at_p, CATUR_NET_DEAL_ERROR_MALFORMED);
    mpz_set_ui (x, 0);
    zero = with_number (round0, round_offset (2), x);
    assert_refused (second, zero, CATUR_NET_DEAL_ERROR_INCONSISTENT);
    mpz_set_ui (x, 1);
    one = with_number (round0, round_offset (2), x);
    assert_refused (second, one, CATUR_NET_DEAL_ERROR_INCONSISTENT);
    mpz_sub_ui (x, p, 1);
    minus_one = with_number (round0, round_offset (2), x);
    assert_refused (second, minus_one, CATUR_NET_DEAL_ERROR_INCONSISTENT);
    memcpy (data + round_offset (30), data + round_offset (1), NUMBER_BYTES);
    twice = g_bytes_new_take (data, length);
    assert_refused (second, twice, CATUR_NET_DEAL_ERROR_INCONSISTENT);
  }
  /* Random bytes, of the right length and of others. */
  for (guint i = 0; i < 40; i++)
    {
      gsize size = i % 2 == 0 ? length : (gsize) g_rand_int_range (rand, 0, 9000);
      guint8 *data = g_malloc (MAX (size, 1));
      g_autoptr(GBytes) noise = NULL;
      g_autoptr(GError) noise_error = NULL;

      for (gsize b = 0; b < size; b++)
        data[b] = (guint8) g_rand_int (rand);
      if (i % 4 == 0 && size >= HEADER_BYTES)
        memcpy (data, g_bytes_get_data (round0, NULL), HEADER_BYTES);
      noise = g_bytes_new_take (data, size);
      g_assert_false (catur_net_deal_consume (second, noise, &noise_error));
      g_assert_nonnull (noise_error);
      g_assert_true (noise_error->domain == CATUR_NET_DEAL_ERROR);
    }

  /* After all that, the deal goes on. */
  consume (second, round0);
  assert_refused (second, round0, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
  {
    g_autoptr(GBytes) round1 = produce (second);
    g_autoptr(GBytes) round2 = NULL;
    g_autoptr(GBytes) share = NULL;
    g_autoptr(GBytes) disclosure = NULL;

    assert_refused (second, round1, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
    consume (first, round1);
    round2 = produce (first);

    /* Shares and disclosures before the deal is done, in place of rounds, or twice. */
    share = catur_net_deal_produce_share (first, 2, &error);
    g_assert_no_error (error);
    g_assert_false (catur_net_deal_consume_share (second, share, NULL, &error));
    g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
    g_clear_error (&error);
    disclosure = disclose (first);
    g_assert_false (catur_net_deal_check_disclosure (second, disclosure, &error));
    g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
    g_clear_error (&error);
    assert_refused (second, share, CATUR_NET_DEAL_ERROR_MALFORMED);
    g_assert_false (catur_net_deal_consume_share (second, round2, NULL, &error));
    g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED);
    g_clear_error (&error);

    consume (second, round2);
    g_assert_null (catur_net_deal_produce_share (second, BANQI_CARDS, &error));
    g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED);
    g_clear_error (&error);
    {
      guint8 *data = copy_payload (share, &length);
      g_autoptr(GBytes) far = NULL;

      data[4] = 0;
      data[5] = BANQI_CARDS;
      far = g_bytes_new_take (data, length);
      g_assert_false (catur_net_deal_consume_share (second, far, NULL, &error));
      g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_MALFORMED);
      g_clear_error (&error);
    }
    g_assert_true (catur_net_deal_consume_share (second, share, NULL, &error));
    g_assert_no_error (error);
    g_assert_false (catur_net_deal_consume_share (second, share, NULL, &error));
    g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
    g_clear_error (&error);

    g_assert_true (catur_net_deal_check_disclosure (second, disclosure, &error));
    g_assert_no_error (error);
    g_assert_false (catur_net_deal_check_disclosure (second, disclosure, &error));
    g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
    g_clear_error (&error);
    /* A side that has disclosed gives no more shares. */
    g_assert_null (catur_net_deal_produce_share (first, 3, &error));
    g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
    g_clear_error (&error);
  }
  mpz_clears (p, x, NULL);
}

/* After the end check every card is open to both: a share kept from before it (a replay, or a
 * late flip) opens nothing and is refused, as the fuzz target found it was not. */
static void
test_share_after_check (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "late 1");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "late 2");
  g_autoptr(GBytes) late = NULL;
  g_autoptr(GBytes) disclosure_first = NULL;
  g_autoptr(GBytes) disclosure_second = NULL;
  g_autoptr(GError) error = NULL;
  guint position = G_MAXUINT;

  deal_honestly (first, second, NULL);
  open_position (first, second, 0);
  late = catur_net_deal_produce_share (second, 5, &error);
  g_assert_no_error (error);
  disclosure_first = disclose (first);
  disclosure_second = disclose (second);
  g_assert_true (catur_net_deal_check_disclosure (first, disclosure_second, &error));
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_check_disclosure (second, disclosure_first, &error));
  g_assert_no_error (error);
  g_assert_false (catur_net_deal_consume_share (first, late, &position, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
  g_assert_true (catur_net_deal_is_checked (first));
}

static GBytes *
save_restore (CaturNetDeal  *deal,
              CaturNetDeal **restored)
{
  g_autoptr(GError) error = NULL;
  GBytes *saved = catur_net_deal_save (deal);
  g_autoptr(GBytes) again = NULL;

  *restored = catur_net_deal_restore (saved, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*restored);
  g_assert_cmpint (catur_net_deal_get_role (*restored), ==, catur_net_deal_get_role (deal));
  g_assert_cmpuint (catur_net_deal_get_n_cards (*restored), ==, BANQI_CARDS);
  /* Nothing is lost or added on the way: saved again, the same bytes. */
  again = catur_net_deal_save (*restored);
  g_assert_true (g_bytes_equal (saved, again));
  return saved;
}

/* A program killed mid-deal and mid-game goes on from its saved deal as if it had not been:
 * the same rounds, the same cards, and both end checks pass. */
static void
test_save_resume (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "save first");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "save second");
  g_autoptr(CaturNetDeal) twin = seeded (CATUR_NET_DEAL_SECOND, "save second");
  g_autoptr(CaturNetDeal) first_back = NULL;
  g_autoptr(CaturNetDeal) second_back = NULL;
  g_autoptr(CaturNetDeal) twin_back = NULL;
  g_autoptr(GBytes) round0 = NULL, round1 = NULL, round1_back = NULL, round2 = NULL;
  g_autoptr(GBytes) saved_first = NULL, saved_second = NULL, saved_twin = NULL;
  g_autoptr(GBytes) asked = NULL, answer = NULL;
  g_autoptr(GBytes) disclosure_first = NULL, disclosure_second = NULL;
  g_autoptr(GError) error = NULL;
  guint cards[BANQI_CARDS];
  guint opened, card;

  /* Killed between rounds: the next round is the one the deal would have sent. */
  round0 = produce (first);
  consume (second, round0);
  consume (twin, round0);
  saved_twin = save_restore (twin, &twin_back);
  round1 = produce (second);
  round1_back = produce (twin_back);
  g_assert_true (g_bytes_equal (round1, round1_back));
  consume (first, round1);
  round2 = produce (first);
  consume (second, round2);

  for (guint j = 0; j < 10; j++)
    cards[j] = open_position (first, second, j);
  /* A flip asked by the first side: the second has opened it, its answer is on the way. */
  asked = catur_net_deal_produce_share (first, 10, &error);
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_consume_share (second, asked, &opened, &error));
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_get_card (second, 10, &cards[10]));

  saved_first = save_restore (first, &first_back);
  saved_second = save_restore (second, &second_back);
  g_clear_object (&first);
  g_clear_object (&second);

  for (guint j = 0; j <= 10; j++)
    {
      g_assert_true (catur_net_deal_get_card (second_back, j, &card));
      g_assert_cmpuint (card, ==, cards[j]);
      g_assert_cmpuint (catur_net_deal_get_card (first_back, j, &card), ==, j < 10);
    }
  /* The share a restored side gives again is the one it gave; it is not taken twice. */
  answer = catur_net_deal_produce_share (second_back, 10, &error);
  g_assert_no_error (error);
  g_assert_false (catur_net_deal_consume_share (second_back, asked, NULL, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_OUT_OF_ORDER);
  g_clear_error (&error);
  g_assert_true (catur_net_deal_consume_share (first_back, answer, &opened, &error));
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_get_card (first_back, 10, &card));
  g_assert_cmpuint (card, ==, cards[10]);

  for (guint j = 11; j < BANQI_CARDS; j++)
    cards[j] = open_position (first_back, second_back, j);
  for (guint j = 0; j < BANQI_CARDS; j++)
    for (guint i = 0; i < j; i++)
      g_assert_cmpuint (cards[i], !=, cards[j]);

  disclosure_first = disclose (first_back);
  disclosure_second = disclose (second_back);
  g_assert_true (catur_net_deal_check_disclosure (second_back, disclosure_first, &error));
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_check_disclosure (first_back, disclosure_second, &error));
  g_assert_no_error (error);
  g_assert_true (catur_net_deal_is_checked (first_back));
  g_assert_true (catur_net_deal_is_checked (second_back));

  /* Saved after the end check, too. */
  g_clear_pointer (&saved_first, g_bytes_unref);
  g_clear_object (&first);
  saved_first = save_restore (first_back, &first);
  g_assert_true (catur_net_deal_is_checked (first));
  for (guint j = 0; j < BANQI_CARDS; j++)
    {
      g_assert_true (catur_net_deal_get_card (first, j, &card));
      g_assert_cmpuint (card, ==, cards[j]);
    }
}

static void
assert_bad_save (GBytes     *saved,
                 const char *why)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturNetDeal) deal = catur_net_deal_restore (saved, &error);

  g_assert_null (deal);
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE);
  g_test_message ("%s: %s", why, error->message);
}

/* @data changed where a writer of the format would change it, its digest made again. */
static GBytes *
resealed (guint8 *data,
          gsize   size)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize length = 32;

  g_checksum_update (checksum, data, size - 32);
  g_checksum_get_digest (checksum, data + size - 32, &length);
  return g_bytes_new (data, size);
}

/* A saved deal cut short, changed, of another version, or not a deal is refused with an
 * error, never taken; so is a well-sealed one whose state no deal can be in. */
static void
test_save_refused (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "refused first");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "refused second");
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  g_autoptr(GBytes) text = g_bytes_new_static ("catur-deal", 10);
  gsize size;
  g_autofree guint8 *data = NULL;
  /* magic 10, version, role, deck size 2, rounds, flags; seed 32 + 8; deck key */
  const gsize version_at = 10, role_at = 11, shuffle_at = 16 + 40 + NUMBER_BYTES;

  deal_honestly (first, second, NULL);
  open_position (first, second, 3);
  saved = catur_net_deal_save (first);
  size = g_bytes_get_size (saved);
  data = g_memdup2 (g_bytes_get_data (saved, NULL), size);

  assert_bad_save (empty, "empty");
  assert_bad_save (text, "the magic alone");
  for (gsize cut = 1; cut < size; cut += size / 7)
    {
      g_autoptr(GBytes) truncated = g_bytes_new_from_bytes (saved, 0, size - cut);

      assert_bad_save (truncated, "cut short");
    }
  {
    g_autoptr(GBytes) longer = NULL;
    g_autofree guint8 *more = g_malloc0 (size + 1);

    memcpy (more, data, size);
    longer = g_bytes_new (more, size + 1);
    assert_bad_save (longer, "a byte added");
  }
  for (gsize at = 0; at < size; at += size / 11 + 1)
    {
      g_autoptr(GBytes) tampered = NULL;

      data[at] ^= 0x10;
      tampered = g_bytes_new (data, size);
      data[at] ^= 0x10;
      assert_bad_save (tampered, "a byte changed");
    }
  {
    g_autoptr(GBytes) other_version = NULL;

    data[version_at] = 2;
    other_version = resealed (data, size);
    data[version_at] = 1;
    assert_bad_save (other_version, "version 2");
  }
  {
    g_autoptr(GBytes) other_role = NULL;

    data[role_at] = 2;
    other_role = resealed (data, size);
    data[role_at] = 0;
    assert_bad_save (other_role, "no role");
  }
  {
    g_autoptr(GBytes) not_shuffled = NULL;
    guint8 keep[2] = { data[shuffle_at + 2], data[shuffle_at + 3] };

    /* Position 1 takes the card position 0 takes: a card dealt twice. */
    data[shuffle_at + 2] = data[shuffle_at];
    data[shuffle_at + 3] = data[shuffle_at + 1];
    not_shuffled = resealed (data, size);
    data[shuffle_at + 2] = keep[0];
    data[shuffle_at + 3] = keep[1];
    assert_bad_save (not_shuffled, "a shuffle with a card twice");
  }
  {
    g_autoptr(GBytes) resealed_same = resealed (data, size);
    g_autoptr(CaturNetDeal) back = NULL;
    g_autoptr(GError) error = NULL;

    /* The changes undone, the deal reads again: each refusal was for its change. */
    back = catur_net_deal_restore (resealed_same, &error);
    g_assert_no_error (error);
    g_assert_true (catur_net_deal_get_card (back, 3, NULL));
  }
}

static GBytes *
envelope (guint16  version,
          GBytes  *deal)
{
  g_autoptr(GVariant) variant = NULL;

  variant = g_variant_ref_sink (g_variant_new ("(qy@ay)", version, (guint8) CATUR_SQUARE_NONE,
                                               g_variant_new_from_bytes (
                                                 G_VARIANT_TYPE_BYTESTRING, deal, TRUE)));
  return g_variant_get_data_as_bytes (variant);
}

/* A network game takes back its own side's deal of its own deck, and no other. */
static void
test_play_restore (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "play first");
  g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "play second");
  g_autoptr(CaturNetDeal) small = catur_net_deal_new_seeded (CATUR_NET_DEAL_FIRST, 4,
                                                             (const guint8 *) "s", 1);
  g_autoptr(CaturGame) game = catur_net_play_new_game (banqi (), NULL);
  g_autoptr(CaturNetPlay) host = catur_net_play_new_host (game, CATUR_SIDE_FIRST, "Host");
  g_autoptr(GBytes) saved_first = NULL, saved_second = NULL, saved_small = NULL;
  g_autoptr(GBytes) good = NULL, other_side = NULL, other_deck = NULL, other_version = NULL;
  g_autoptr(GBytes) again = NULL;
  g_autoptr(GBytes) garbage = g_bytes_new_static ("\1\2\3", 3);
  g_autoptr(GError) error = NULL;

  g_assert_null (catur_net_play_save_deal (host));
  deal_honestly (first, second, NULL);
  saved_first = catur_net_deal_save (first);
  saved_second = catur_net_deal_save (second);
  saved_small = catur_net_deal_save (small);
  other_side = envelope (1, saved_second);
  other_deck = envelope (1, saved_small);
  other_version = envelope (2, saved_first);
  good = envelope (1, saved_first);

  g_assert_false (catur_net_play_restore_deal (host, other_side, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE);
  g_clear_error (&error);
  g_assert_false (catur_net_play_restore_deal (host, other_deck, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE);
  g_clear_error (&error);
  g_assert_false (catur_net_play_restore_deal (host, other_version, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE);
  g_clear_error (&error);
  g_assert_false (catur_net_play_restore_deal (host, garbage, &error));
  g_assert_error (error, CATUR_NET_DEAL_ERROR, CATUR_NET_DEAL_ERROR_BAD_SAVE);
  g_clear_error (&error);
  g_assert_null (catur_net_play_save_deal (host));

  g_assert_true (catur_net_play_restore_deal (host, good, &error));
  g_assert_no_error (error);
  again = catur_net_play_save_deal (host);
  g_assert_true (g_bytes_equal (again, good));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/net-deal/prime", test_prime);
  g_test_add_func ("/net-deal/residues", test_residues);
  g_test_add_func ("/net-deal/deck", test_deck);
  g_test_add_func ("/net-deal/banqi-game", test_banqi_game);
  g_test_add_data_func ("/net-deal/fairness/first-fixed", GINT_TO_POINTER (TRUE),
                        test_fairness);
  g_test_add_data_func ("/net-deal/fairness/second-fixed", GINT_TO_POINTER (FALSE),
                        test_fairness);
  g_test_add_func ("/net-deal/fairness/planted", test_planted);
  g_test_add_func ("/net-deal/cheat/dealt-twice", test_dealt_twice);
  g_test_add_func ("/net-deal/cheat/swapped", test_swapped);
  g_test_add_func ("/net-deal/cheat/wrong-key", test_wrong_key);
  g_test_add_func ("/net-deal/cheat/tampered", test_tampered);
  g_test_add_func ("/net-deal/malformed", test_malformed);
  g_test_add_func ("/net-deal/share-after-check", test_share_after_check);
  g_test_add_func ("/net-deal/save/resume", test_save_resume);
  g_test_add_func ("/net-deal/save/refused", test_save_refused);
  g_test_add_func ("/net-deal/save/play", test_play_restore);
  return g_test_run ();
}
