/* xiangqi-engine.h: the computer player of Xiangqi: search (xiangqi-engine.c) and evaluation
 * (xiangqi-eval.c), over the rules core and libcatur's shared search parts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "xiangqi-core.h"

G_BEGIN_DECLS

/* Piece values in centipawns, for ordering captures and pruning; the evaluation's own values
 * change with the phase of the game. Indexed by XqKind. */
extern const int xq_piece_value[8];

/* Material and piece-square values kept up to date move by move: the part of the evaluation
 * that depends on each piece alone. Indexed by the core's cell value (kind | side << 3). */
extern gint16 xq_pst_mg[16][XQ_SQUARES];
extern gint16 xq_pst_eg[16][XQ_SQUARES];

typedef struct
{
  int mg[2];                   /* material + placement, middle game, per side */
  int eg[2];                   /* the same for the end game */
  guint8 count[2][8];          /* pieces per side and kind */
} XqEvalState;

void xq_eval_init          (void);
void xq_eval_state_compute (const XqPosition *pos,
                            XqEvalState      *state);
/* The score of the side to move; `state` must match `pos`. */
int  xq_evaluate           (const XqPosition  *pos,
                            const XqEvalState *state);
/* What `side`'s own pieces and General add to the evaluation, in parts, for the coach
 * (catur_variant_score_terms()). */
void xq_evaluate_parts     (const XqPosition  *pos,
                            int                side,
                            int                terms[CATUR_N_SCORE_TERMS]);

/* Updates `state` for a move about to be played on `pos` (before xq_make()). */
static inline void
xq_eval_state_move (XqEvalState      *state,
                    const XqPosition *pos,
                    XqMove            move)
{
  guint8 piece = pos->cell[move.from], captured = pos->cell[move.to];
  int side = piece >> 3;

  state->mg[side] += xq_pst_mg[piece][move.to] - xq_pst_mg[piece][move.from];
  state->eg[side] += xq_pst_eg[piece][move.to] - xq_pst_eg[piece][move.from];
  if (captured != 0)
    {
      state->mg[side ^ 1] -= xq_pst_mg[captured][move.to];
      state->eg[side ^ 1] -= xq_pst_eg[captured][move.to];
      state->count[side ^ 1][captured & 7]--;
    }
}

/* The side has enough besides pawns that passing is no danger (zugzwang is common in Xiangqi
 * endings), so a null move may be tried. */
static inline gboolean
xq_eval_can_null (const XqEvalState *state,
                  int                side)
{
  const guint8 *count = state->count[side];

  return count[XQ_CHARIOT] * 2 + count[XQ_HORSE] + count[XQ_CANNON] >= 3;
}

/* The static exchange evaluation of @move (catur-search-body.h's, with the cannons' screens):
 * what the mover wins (negative: loses) on its target when both sides take back there. */
int      xq_engine_see   (const XqPosition        *pos,
                          XqMove                   move);

gboolean xq_engine_think (XqPosition              *pos,
                          const CaturSearchLimits *limits,
                          CaturSearchInfoFunc      info_func,
                          gpointer                 info_data,
                          GCancellable            *cancellable,
                          CaturSearchResult       *result);

#ifdef CATUR_TUNING
/* The weights catur-tune-xiangqi may move (docs/tuning.md), and what rebuilds the tables made
 * from them once they have moved. */
#include "catur-tune.h"
extern const CaturTuneWeights xq_tune_weights[];
void     xq_eval_tune_changed (void);
#endif

G_END_DECLS
