/* shogi-engine.h: the computer player of Shogi: search (shogi-engine.c) and evaluation
 * (shogi-eval.c), over the rules core and libcatur's shared search parts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "shogi-core.h"

G_BEGIN_DECLS

/* Piece values in centipawns on the board, for ordering captures and pruning. Indexed by
 * SgKind; the king's is 0. Constant in the game; catur-tune-shogi moves them (CATUR_WEIGHT,
 * docs/tuning.md), and compiles the search with them as variables too. */
extern CATUR_WEIGHT int sg_board_value[SG_N_KINDS];
/* What a piece of each unpromoted kind is worth in hand: about what it is worth on the board
 * (it can be dropped almost anywhere, but does nothing until it is). */
extern CATUR_WEIGHT int sg_hand_value[SG_N_KINDS];

/* What taking a piece of @kind gains: the piece off the board and one more in the hand. */
static inline int
sg_capture_gain (int kind)
{
  return sg_board_value[kind] + sg_hand_value[SG_UNPROMOTED (kind)];
}

void sg_eval_init (void);
/* How many king steps apart two squares are: filled by sg_eval_init(). */
extern guint8 sg_king_distance[SG_SQUARES][SG_SQUARES];
/* Whether @side's piece of @kind on @square may be lost to the enemy, by @map: attacked by a
 * cheaper enemy piece, or attacked and defended by nothing (of @side's pieces, only those whose
 * kind is in @defenders count). For ordering moves. */
gboolean sg_eval_at_risk (const SgAttackMap *map,
                          int                square,
                          int                kind,
                          int                side,
                          guint16            defenders);
/* The score of the side to move, in centipawns. */
int  sg_evaluate  (const SgPosition *pos);
/* What `side`'s own pieces, hand and King add to the evaluation, in parts, for the coach
 * (catur_variant_score_terms()). */
void sg_evaluate_parts (const SgPosition *pos,
                        int               side,
                        int               terms[CATUR_N_SCORE_TERMS]);

/* The static exchange evaluation of @move (catur-search-body.h's, drops included): what the
 * mover wins (negative: loses) on its target when both sides take back there. */
int      sg_engine_see   (const SgPosition        *pos,
                          SgMove                   move);

gboolean sg_engine_think (SgPosition              *pos,
                          const CaturSearchLimits *limits,
                          CaturSearchInfoFunc      info_func,
                          gpointer                 info_data,
                          GCancellable            *cancellable,
                          CaturSearchResult       *result);

/* The code of @move in @pos as libcatur's search passes moves: catur_move_pack() of the
 * CaturMove the variant gives for it. */
guint32  sg_engine_move_code (const SgPosition *pos,
                              SgMove            move);
SgMove   sg_engine_code_move (guint32 code);

#ifdef CATUR_TUNING
/* The weights catur-tune-shogi may move (docs/tuning.md), and what rebuilds the tables made
 * from them once they have moved. */
#include "catur-tune.h"
extern const CaturTuneWeights sg_tune_weights[];
void     sg_eval_tune_changed (void);
#endif

G_END_DECLS
