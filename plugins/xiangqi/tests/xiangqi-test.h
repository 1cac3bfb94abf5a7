/* xiangqi-test.h: helpers the rules tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "xiangqi-core.h"

/* A position read from a FEN the test knows to be valid; freed with g_free(). */
static inline XqPosition *
load (const char *fen)
{
  g_autoptr (GError) error = NULL;
  XqPosition *pos = g_new0 (XqPosition, 1);

  if (!xq_position_from_fen (pos, fen, &error))
    g_error ("%s: %s", fen, error->message);
  return pos;
}

/* A move written in ICCS, which must read. */
static inline XqMove
mv (const char *iccs)
{
  XqMove move = { 0, 0 };

  g_assert_true (xq_move_from_iccs (iccs, &move));
  return move;
}
