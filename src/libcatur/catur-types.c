/* catur-types.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <string.h>

#include "catur.h"

/* Indexed by CaturReason; these ids are stable (catur-engine, saved games). */
static const char * const reason_ids[] = {
  "none",
  "checkmate",
  "stalemate",
  "no-moves",
  "perpetual-check",
  "repetition",
  "fifty-move",
  "insufficient-material",
  "move-limit",
  "capture-all",
  "no-capture-limit",
  "impasse",
  "resign",
  "agreement",
  "time-out",
  "illegal-move",
  "abandoned",
};

G_STATIC_ASSERT (G_N_ELEMENTS (reason_ids) == CATUR_REASON_ABANDONED + 1);

const char *
catur_reason_to_id (CaturReason reason)
{
  g_return_val_if_fail (reason <= CATUR_REASON_ABANDONED, "none");

  return reason_ids[reason];
}

CaturReason
catur_reason_from_id (const char *id)
{
  g_return_val_if_fail (id != NULL, CATUR_REASON_NONE);

  for (guint i = 0; i < G_N_ELEMENTS (reason_ids); i++)
    if (g_str_equal (reason_ids[i], id))
      return (CaturReason) i;

  return CATUR_REASON_NONE;
}

void
catur_outcome_init (CaturOutcome *outcome)
{
  g_return_if_fail (outcome != NULL);

  memset (outcome, 0, sizeof *outcome);
  outcome->result = CATUR_RESULT_ONGOING;
  outcome->winner = CATUR_SIDE_NONE;
  outcome->reason = CATUR_REASON_NONE;
  outcome->warned_side = CATUR_SIDE_NONE;
}
