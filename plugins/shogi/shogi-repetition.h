/* shogi-repetition.h: sennichite (RULES.md S10) over the game's record of positions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules core knows one position; the positions before it are the game's (libcatur's
 * CaturRepetition, kept by CaturGame and catur-engine). This layer joins the two.
 */
#pragma once

#include <catur.h>

#include "shogi-core.h"

G_BEGIN_DECLS

/* How a game of Shogi ends, with the rules that need the past. */
typedef enum
{
  SG_END_NONE = 0,
  SG_END_NO_MOVES,              /* winner: the side not to move (S9) */
  SG_END_PERPETUAL_CHECK,       /* winner: the side that did not check throughout (S10) */
  SG_END_REPETITION,            /* draw (S10) */
  SG_END_MOVE_LIMIT,            /* draw (S11) */
  SG_END_IMPASSE,               /* a declaration judged: win, draw or loss (S12) */
} SgEnd;

typedef struct
{
  SgEnd end;
  int winner;                   /* SgSide, or -1 for a draw or an ongoing game */
  gboolean mate;                /* SG_END_NO_MOVES with the loser in check */
  /* The third occurrence, the ply before sennichite can come (RULES 0.4: once an episode):
   * a warning to the side that checked throughout, or an information for both. */
  gboolean warn_perpetual;
  int warned_side;              /* SgSide, or -1 */
  gboolean repetition_info;
} SgGameStatus;

/* The record's entries for a game played with the core alone (the tests): the start, and each
 * position after sg_play(), as the plugin's position_key and in_check give them. */
CaturRepetition *sg_repetition_new    (const SgPosition      *start);
void             sg_repetition_push   (CaturRepetition       *history,
                                       const SgPosition      *pos);

/* The end of the game at @pos, whose record @history (NULL: none) ends with it, in the order
 * of RULES 0.3: no legal move, perpetual check, repetition, the move limit, then the notices
 * of a third occurrence. Worked out from the record on every call (no hidden state). A
 * declaration is judged by the caller, which knows that one was made. */
void             sg_repetition_status (SgPosition            *pos,
                                       const CaturRepetition *history,
                                       SgGameStatus          *out);

G_END_DECLS
