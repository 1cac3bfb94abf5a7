/* fuzz-net-deal.c: libFuzzer target for the readers of the Banqi deal's payloads
 * (catur-net-deal.h), which come from the other side of a network game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input goes to the reader its header names, on a deal waiting for it: a first round to a
 * second side that has none, a share and a disclosure to a side that is dealt. A payload that
 * is refused must leave the deal as it was: the right first round is still taken after it, no
 * card is open that was not, the end check is still to come. Every input is also read as a
 * saved deal (catur_net_deal_restore(), a file on the player's disk): refused with its error,
 * or taken and saved again the same. The seeds (corpus/net-deal) are the payloads of the deal
 * of the seeds below.
 */
#include "config.h"

#include "fuzz-common.h"

#define N_CARDS 32

static CaturNetDeal *dealt;
static GBytes *first_round;

static CaturNetDeal *
seeded (CaturNetDealRole  role,
        const char       *seed)
{
  return catur_net_deal_new_seeded (role, N_CARDS, (const guint8 *) seed, strlen (seed));
}

/* The second side of an honest deal, dealt, and the first side's first round. */
static void
set_up (void)
{
  g_autoptr(CaturNetDeal) first = seeded (CATUR_NET_DEAL_FIRST, "fuzz 1");

  dealt = seeded (CATUR_NET_DEAL_SECOND, "fuzz 2");
  for (guint round = 0; !catur_net_deal_is_dealt (dealt); round++)
    {
      CaturNetDeal *sender = round % 2 == 0 ? first : dealt;
      g_autoptr(GBytes) payload = catur_net_deal_produce (sender, NULL);

      if (payload == NULL
          || !catur_net_deal_consume (round % 2 == 0 ? dealt : first, payload, NULL))
        finding ("an honest deal failed at round %u", round);
      if (round == 0)
        first_round = g_bytes_ref (payload);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) payload = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;

  if (dealt == NULL)
    set_up ();

  {
    g_autoptr(CaturNetDeal) restored = catur_net_deal_restore (payload, &error);
    g_autoptr(GBytes) again = restored != NULL ? catur_net_deal_save (restored) : NULL;

    if (restored == NULL && (error == NULL || !g_error_matches (error, CATUR_NET_DEAL_ERROR,
                                                                 CATUR_NET_DEAL_ERROR_BAD_SAVE)))
      finding ("a saved deal was refused without its error");
    if (restored != NULL && !g_bytes_equal (again, payload))
      finding ("a saved deal restored does not save the same");
    g_clear_error (&error);
  }

  switch (catur_net_deal_payload_kind (payload))
    {
    case CATUR_NET_DEAL_PAYLOAD_ROUND:
      {
        g_autoptr(CaturNetDeal) second = seeded (CATUR_NET_DEAL_SECOND, "fuzz 2");

        if (catur_net_deal_consume (second, payload, &error))
          break;
        if (error == NULL || error->domain != CATUR_NET_DEAL_ERROR)
          finding ("a round was refused without its error");
        if (!catur_net_deal_consume (second, first_round, NULL))
          finding ("a refused round (%s) changed the deal", error->message);
      }
      break;

    case CATUR_NET_DEAL_PAYLOAD_SHARE:
      {
        gboolean open[N_CARDS];
        guint position = G_MAXUINT;

        for (guint j = 0; j < N_CARDS; j++)
          open[j] = catur_net_deal_get_card (dealt, j, NULL);
        if (catur_net_deal_consume_share (dealt, payload, &position, &error))
          {
            if (position >= N_CARDS || open[position]
                || !catur_net_deal_get_card (dealt, position, NULL))
              finding ("a share was taken for position %u, which it did not open", position);
            break;
          }
        if (error == NULL || error->domain != CATUR_NET_DEAL_ERROR)
          finding ("a share was refused without its error");
        for (guint j = 0; j < N_CARDS; j++)
          if (open[j] != catur_net_deal_get_card (dealt, j, NULL))
            finding ("a refused share (%s) changed position %u", error->message, j);
      }
      break;

    case CATUR_NET_DEAL_PAYLOAD_DISCLOSURE:
      if (catur_net_deal_is_checked (dealt))
        break;
      if (catur_net_deal_check_disclosure (dealt, payload, &error))
        break;
      if (error == NULL || error->domain != CATUR_NET_DEAL_ERROR)
        finding ("a disclosure was refused without its error");
      if (catur_net_deal_is_checked (dealt))
        finding ("a refused disclosure (%s) passed the end check", error->message);
      break;

    case CATUR_NET_DEAL_PAYLOAD_INVALID:
    default:
      if (catur_net_deal_consume (dealt, payload, &error)
          || catur_net_deal_consume_share (dealt, payload, NULL, NULL)
          || catur_net_deal_check_disclosure (dealt, payload, NULL))
        finding ("a payload of no kind was taken");
      break;
    }
  return 0;
}
