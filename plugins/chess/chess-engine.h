/* chess-engine.h: the computer player of chess: search (chess-engine.c) and evaluation
 * (chess-eval.c), over the rules core and libcatur's shared search parts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "chess-core.h"

G_BEGIN_DECLS

#define CH_N_KINDS 7

/* Piece values in centipawns, for ordering captures, the static exchange and pruning; the
 * evaluation's own values change with the phase of the game. Indexed by ChessKind. */
extern const int ch_piece_value[CH_N_KINDS];

void     ch_eval_init       (void);
/* The score of the side to move, in centipawns. */
int      ch_evaluate        (const ChessPosition *pos);
/* What `side`'s own pieces and king add to the evaluation, in parts, for the coach
 * (catur_variant_score_terms()). */
void     ch_evaluate_parts  (const ChessPosition *pos,
                             int                  side,
                             int                  terms[CATUR_N_SCORE_TERMS]);
/* The side has a piece besides pawns and king: passing is then seldom best (zugzwang is for
 * pawn endings), so a null move may be tried. */
gboolean ch_eval_has_pieces (const ChessPosition *pos,
                             int                  side);

/* The engine's moves as libcatur's 32-bit codes (catur_move_pack() of the CaturMove the chess
 * variant uses: from, to, the promotion's kind with CATUR_MOVE_PROMOTE, CATUR_MOVE_CASTLE for
 * the king's two-square step), and back: decoding needs the position (en passant). */
guint32   ch_engine_move_code  (ChessMove            move);
ChessMove ch_engine_code_move  (const ChessPosition *pos,
                                guint32              code);

/* The static exchange evaluation of @move: what the mover wins (or loses, negative) on its
 * target square when both sides take back with their cheapest pieces while it pays. */
int      ch_engine_see      (const ChessPosition *pos,
                             ChessMove            move);

/* Positions (FEN) that catur-engine's `bench` searches: openings, middle games, endings. */
extern const char * const ch_engine_bench_positions[];

gboolean ch_engine_think    (ChessPosition           *pos,
                             const CaturSearchLimits *limits,
                             CaturSearchInfoFunc      info_func,
                             gpointer                 info_data,
                             GCancellable            *cancellable,
                             CaturSearchResult       *result);

#ifdef CATUR_TUNING
/* The weights catur-tune-chess may move (docs/tuning.md), and what rebuilds the tables made
 * from them once they have moved. */
#include "catur-tune.h"
extern const CaturTuneWeights ch_tune_weights[];
void     ch_eval_tune_changed (void);
#endif

G_END_DECLS
