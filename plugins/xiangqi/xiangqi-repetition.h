/* xiangqi-repetition.h: Xiangqi's rules of repetition (RULES.md X17–X20) over the game's record
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules core knows one position; the positions before it are the game's (libcatur's
 * CaturRepetition, kept by CaturGame and catur-engine). This layer joins the two: it reads the
 * record with libcatur's helpers and adds perpetual check and its notices to xq_status().
 */
#pragma once

#include <catur.h>

#include "xiangqi-core.h"

G_BEGIN_DECLS

/* The record's entries for a game played with the core alone (the tests): the start, and each
 * position after xq_play(), as the plugin's position_key and in_check give them. */
CaturRepetition *xq_repetition_new    (const XqPosition      *start);
void             xq_repetition_push   (CaturRepetition       *history,
                                       const XqPosition      *pos);

/* xq_status() with the rules of repetition of @history, which ends with @pos (NULL: none),
 * in the order of RULES 0.3. Worked out from the record on every call (no hidden state): a
 * warning or info is reported only on the first ply of its episode (RULES 0.4). */
void             xq_repetition_status (XqPosition            *pos,
                                       const CaturRepetition *history,
                                       XqStatus              *out);

G_END_DECLS
