/* catur-judge.h: the coach's verdict on one move, and why
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The judge searches the position before a move twice with the game's own search: once
 * freely (the best move, its score and line) and once with the root limited to the move
 * played (its score and the line the engine expects after it). The difference, from the
 * mover's view, is the move's loss, which the game's thresholds class; the two lines are
 * then read move by move to say why in the game's own words: the mate it walks into, the
 * mate it missed, the piece it leaves hanging (named with its taker, by the game's static
 * exchange evaluation), the material the line loses or the best line would have won, and
 * for a game with hidden pieces the chance that a flip turns up a piece that takes one of
 * the mover's. It works on what the players see (an observation): nothing face down is read.
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-variant.h"

G_BEGIN_DECLS

/**
 * CaturJudgeClass:
 * @CATUR_JUDGE_BEST: the engine's choice, or as good
 * @CATUR_JUDGE_GOOD: a loss below the game's inaccuracy threshold
 * @CATUR_JUDGE_INACCURACY: a loss from the inaccuracy threshold up
 * @CATUR_JUDGE_MISTAKE: from the mistake threshold up, or a mate missed while still winning
 * @CATUR_JUDGE_BLUNDER: from the blunder threshold up, or a mate walked into
 *
 * Ids (catur_judge_class_to_id()): `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
 */
typedef enum
{
  CATUR_JUDGE_BEST,
  CATUR_JUDGE_GOOD,
  CATUR_JUDGE_INACCURACY,
  CATUR_JUDGE_MISTAKE,
  CATUR_JUDGE_BLUNDER,
} CaturJudgeClass;

/**
 * CaturJudgeReason:
 * @CATUR_JUDGE_REASON_NONE: nothing the lines show in material or mate: the engine simply
 *   prefers another move (and every best or good move)
 * @CATUR_JUDGE_REASON_ALLOWS_MATE: the opponent now mates by force
 * @CATUR_JUDGE_REASON_MISSES_MATE: a forced mate was there and the move lets it go
 * @CATUR_JUDGE_REASON_HANGS_PIECE: the opponent's answer takes a piece for free (by static
 *   exchange evaluation)
 * @CATUR_JUDGE_REASON_LOSES_MATERIAL: the engine's line after the move wins material from the
 *   mover (a fork, a pin, an exchange gone wrong)
 * @CATUR_JUDGE_REASON_MISSES_MATERIAL: the best move would have won material
 * @CATUR_JUDGE_REASON_RISK: a flip that may turn up a piece that takes one of the mover's
 * @CATUR_JUDGE_REASON_DOUBLE_ATTACK: the engine's line after the move ends with two of the
 *   mover's pieces attacked, each lost on the exchange: a fork or a double attack, which
 *   the material counted along the line does not show yet
 * @CATUR_JUDGE_REASON_POSITIONAL: no material: one part of the game's evaluation
 *   (catur_variant_score_terms(): the king's safety, the pieces' room, their squares, the
 *   pawns, threats), the mover's or the opponent's, is worse for the mover at the end of the
 *   move's line than at the end of the best line, by at least the game's inaccuracy line;
 *   @CaturJudgement's @term and @term_side name it
 *
 * Why a move is worse than the best, in the order of precedence: the first that holds is
 * given. Ids (catur_judge_reason_to_id()): `none`, `allows-mate`, `misses-mate`,
 * `hangs-piece`, `loses-material`, `misses-material`, `risk`, `double-attack`, `positional`.
 */
typedef enum
{
  CATUR_JUDGE_REASON_NONE,
  CATUR_JUDGE_REASON_ALLOWS_MATE,
  CATUR_JUDGE_REASON_MISSES_MATE,
  CATUR_JUDGE_REASON_HANGS_PIECE,
  CATUR_JUDGE_REASON_LOSES_MATERIAL,
  CATUR_JUDGE_REASON_MISSES_MATERIAL,
  CATUR_JUDGE_REASON_RISK,
  CATUR_JUDGE_REASON_DOUBLE_ATTACK,
  CATUR_JUDGE_REASON_POSITIONAL,
} CaturJudgeReason;

/**
 * CaturJudgement:
 * @move: the move judged, as given
 * @judge_class: its #CaturJudgeClass
 * @reason: its #CaturJudgeReason; always %CATUR_JUDGE_REASON_NONE for a best or good move
 * @loss: how much worse than the best it scores, in centipawns from the mover's view, 0 or
 *   more; a mate counts as a few blunders, not its raw score
 * @mate: 0; N > 0 when a mate in N moves was there and the move misses it; -N when the move
 *   lets the opponent mate in N
 * @best_score: the best move's score from the mover's view (see %CATUR_SCORE_MATE)
 * @score: the move's score, likewise
 * @best: the engine's best move
 * @best_line: the engine's line from @best on
 * @best_line_length: its length
 * @line: the line the engine expects after @move, @move first
 * @line_length: its length
 * @depth: the depth of the search that judged the move
 * @risk_count: for %CATUR_JUDGE_REASON_RISK, how many of the face-down pieces could take
 * @risk_total: how many lie face down
 * @term: for %CATUR_JUDGE_REASON_POSITIONAL, the part of the evaluation that turned most
 *   against the mover
 * @term_side: whose part it is: the mover's, which fell, or the opponent's, which rose
 * @sentence: the translated explanation, one or two sentences grounded in the lines
 *
 * What catur_judge_move() finds: a boxed value, copied with catur_judgement_copy().
 */
typedef struct
{
  CaturMove move;
  CaturJudgeClass judge_class;
  CaturJudgeReason reason;
  int loss;
  int mate;
  int best_score;
  int score;
  CaturMove best;
  CaturMove best_line[CATUR_SEARCH_LINE_LENGTH];
  guint best_line_length;
  CaturMove line[CATUR_SEARCH_LINE_LENGTH];
  guint line_length;
  guint depth;
  guint risk_count;
  guint risk_total;
  CaturScoreTerm term;
  CaturSide term_side;
  char *sentence;
} CaturJudgement;

#define CATUR_TYPE_JUDGEMENT (catur_judgement_get_type ())

GType           catur_judgement_get_type    (void) G_GNUC_CONST;
CaturJudgement *catur_judgement_copy        (const CaturJudgement    *self);
void            catur_judgement_free        (CaturJudgement          *self);
char           *catur_judgement_format_loss (const CaturJudgement    *self);

char           *catur_judge_end_sentence    (const char              *words);
const char     *catur_judge_class_to_id     (CaturJudgeClass          judge_class);
const char     *catur_judge_reason_to_id    (CaturJudgeReason         reason);

CaturJudgement *catur_judge_move            (CaturVariant            *variant,
                                             const CaturPosition     *position,
                                             const CaturMove         *move,
                                             const CaturSearchLimits *limits,
                                             GCancellable            *cancellable,
                                             GError                 **error);

CaturJudgement *catur_judge_verdict         (CaturVariant            *variant,
                                             const CaturPosition     *position,
                                             const CaturMove         *move,
                                             const CaturSearchResult *best,
                                             const CaturSearchResult *played);
void            catur_judge_move_async      (CaturVariant            *variant,
                                             const CaturPosition     *position,
                                             const CaturMove         *move,
                                             const CaturSearchLimits *limits,
                                             GCancellable            *cancellable,
                                             GAsyncReadyCallback      callback,
                                             gpointer                 user_data);
CaturJudgement *catur_judge_move_finish     (CaturVariant            *variant,
                                             GAsyncResult            *result,
                                             GError                 **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturJudgement, catur_judgement_free)

G_END_DECLS
