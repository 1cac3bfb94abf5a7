/* bench-net-deal.c: what the Banqi deal with no trusted dealer costs (catur-net-deal.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both sides in one process, with the kernel's random numbers as in a game: the time of a
 * whole deal (the three rounds), of opening one card (both shares made and taken), of the end
 * check (both disclosures made and checked), wall clock and CPU, and the bytes each part
 * sends. Usage: bench-net-deal [DEALS]
 */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include <catur.h>

#define N_CARDS 32

static double
now_ms (clockid_t clock)
{
  struct timespec time;

  clock_gettime (clock, &time);
  return time.tv_sec * 1e3 + time.tv_nsec / 1e6;
}

typedef struct
{
  double wall;
  double cpu;
} Span;

static Span
span_start (void)
{
  return (Span) { now_ms (CLOCK_MONOTONIC), now_ms (CLOCK_PROCESS_CPUTIME_ID) };
}

static void
span_add (Span       *total,
          const Span *start)
{
  total->wall += now_ms (CLOCK_MONOTONIC) - start->wall;
  total->cpu += now_ms (CLOCK_PROCESS_CPUTIME_ID) - start->cpu;
}

int
main (int   argc,
      char *argv[])
{
  guint n_deals = argc > 1 ? (guint) atoi (argv[1]) : 5;
  Span deal = { 0 }, open = { 0 }, check = { 0 };
  gsize deal_bytes = 0, share_bytes = 0, disclosure_bytes = 0;

  if (n_deals == 0)
    n_deals = 1;
  for (guint i = 0; i < n_deals; i++)
    {
      g_autoptr(CaturNetDeal) first = catur_net_deal_new (CATUR_NET_DEAL_FIRST, N_CARDS);
      g_autoptr(CaturNetDeal) second = catur_net_deal_new (CATUR_NET_DEAL_SECOND, N_CARDS);
      g_autoptr(GBytes) disclosure_first = NULL;
      g_autoptr(GBytes) disclosure_second = NULL;
      Span start = span_start ();

      deal_bytes = 0;
      for (guint round = 0; !catur_net_deal_is_dealt (first); round++)
        {
          CaturNetDeal *sender = round % 2 == 0 ? first : second;
          g_autoptr(GBytes) payload = catur_net_deal_produce (sender, NULL);

          g_assert_true (catur_net_deal_consume (round % 2 == 0 ? second : first, payload,
                                                 NULL));
          deal_bytes += g_bytes_get_size (payload);
        }
      span_add (&deal, &start);

      for (guint position = 0; position < N_CARDS; position++)
        {
          g_autoptr(GBytes) share_first = NULL;
          g_autoptr(GBytes) share_second = NULL;

          start = span_start ();
          share_first = catur_net_deal_produce_share (first, position, NULL);
          share_second = catur_net_deal_produce_share (second, position, NULL);
          g_assert_true (catur_net_deal_consume_share (first, share_second, NULL, NULL));
          g_assert_true (catur_net_deal_consume_share (second, share_first, NULL, NULL));
          span_add (&open, &start);
          share_bytes = g_bytes_get_size (share_first);
        }

      start = span_start ();
      disclosure_first = catur_net_deal_produce_disclosure (first, NULL);
      disclosure_second = catur_net_deal_produce_disclosure (second, NULL);
      g_assert_true (catur_net_deal_check_disclosure (first, disclosure_second, NULL));
      g_assert_true (catur_net_deal_check_disclosure (second, disclosure_first, NULL));
      span_add (&check, &start);
      disclosure_bytes = g_bytes_get_size (disclosure_first);
    }

  g_print ("deck of %d cards, %u deals, both sides in one process\n", N_CARDS, n_deals);
  g_print ("deal (3 rounds):        %8.1f ms wall, %8.1f ms CPU, %" G_GSIZE_FORMAT
           " bytes sent\n", deal.wall / n_deals, deal.cpu / n_deals, deal_bytes);
  g_print ("one card opened:        %8.1f ms wall, %8.1f ms CPU, %" G_GSIZE_FORMAT
           " bytes (a share each way)\n", open.wall / (n_deals * N_CARDS),
           open.cpu / (n_deals * N_CARDS), 2 * share_bytes);
  g_print ("end check (both sides): %8.1f ms wall, %8.1f ms CPU, %" G_GSIZE_FORMAT
           " bytes (a disclosure each way)\n", check.wall / n_deals, check.cpu / n_deals,
           2 * disclosure_bytes);
  g_print ("a game flipping every card sends %" G_GSIZE_FORMAT " bytes for the deal\n",
           deal_bytes + N_CARDS * 2 * share_bytes + 2 * disclosure_bytes);
  return 0;
}
