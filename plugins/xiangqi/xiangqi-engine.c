/* xiangqi-engine.c: the computer player's search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Principal-variation search with a transposition table, check extension, null-move pruning
 * (not in check, and only with enough pieces besides pawns: zugzwang is common in Xiangqi
 * endings), late-move reductions and pruning, futility pruning, pruning of late quiet moves
 * that the static exchange evaluation says lose material near the leaves, and a quiescence
 * search of captures. Iterative deepening, the table, killers, history, the clock and the
 * level come from libcatur (catur-search.h); this file is the part that knows the board.
 *
 * Repetitions are judged as RULES §1.4 judges them, at the first repetition inside the search
 * or against the game's record (the limits' history): if exactly one side gave check with
 * every move of the cycle, that side loses (perpetual check); otherwise the repetition is a
 * draw. So the engine never checks perpetually when it cannot afford to lose, and drives an
 * opponent who must check into doing so. The 400-ply limit (X15) is a draw too.
 */
#define G_LOG_DOMAIN "xiangqi"

#include "config.h"

#include <string.h>

#include "xiangqi-engine.h"

#define MAX_PLY CATUR_SEARCH_MAX_PLY
#define MATE CATUR_SCORE_MATE
/* Winning by the opponent's perpetual check is as final as a mate at the same distance, so a
 * lost side resists as long as it can, by either road. */
#define WIN_BY_RULE MATE
#define MOVE_LIMIT_PLIES 400
/* The most entries of the game's record a search reads: those since the last capture, which
 * a game ends (X15) long before reaching. */
#define RECORD_WINDOW 1024
#define STACK_SIZE (RECORD_WINDOW + MAX_PLY + 4)

typedef struct
{
  XqPosition pos;
  XqEvalState eval;
  CATUR_SEARCH_FIELDS;
  int root_index;              /* where the root stands in keys[] */
  int root_plies;              /* the record's plies at the root, for the 400-ply draw */
  guint64 keys[STACK_SIZE];
  guint8 gave_check[STACK_SIZE];
} Engine;

typedef struct
{
  XqUndo undo;
  XqEvalState eval;
} Saved;

static inline guint32
move_code (XqMove move)
{
  return (guint32) move.from | (guint32) move.to << 8;
}

static inline XqMove
code_move (guint32 code)
{
  XqMove move = { code & 0xff, (code >> 8) & 0xff };

  return move;
}

static inline int
capture_score (const guint8 *cell,
               XqMove        move)
{
  return xq_piece_value[cell[move.to] & 7] * 16 - (cell[move.from] & 7);
}

/* Xiangqi's own rungs: with the ladder's 3,000 and 6,000 nodes Casual won 86.5 % of its games
 * against Beginner and Intermediate only 75 % against Casual; these space the three steps
 * alike. With the fitted evaluation Expert at the ladder's 90,000 nodes won 85.2 % against
 * Advanced, at the top of the ladder's 60-85 %; at 60,000 about 78 %. Candidate Master scored
 * 86 to 88 % against Expert at 200,000 and 250,000 nodes, 78.8 % at 160,000
 * (tests/bench/README.md, "The ladder of levels"). */
static const CaturLevelTuning xq_levels[CATUR_N_LEVELS] = {
  [CATUR_LEVEL_BEGINNER] = { .max_nodes = 3300, .margin = 0, .blunder_permille = 200 },
  [CATUR_LEVEL_CASUAL] = { .max_nodes = 5500, .margin = 0, .blunder_permille = 60 },
  [CATUR_LEVEL_EXPERT] = { .max_nodes = 60000, .margin = 0, .blunder_permille = 0 },
  [CATUR_LEVEL_CANDIDATE_MASTER] = { .max_nodes = 160000, .margin = 0, .blunder_permille = 0 },
};

/* The hooks of the shared search (catur-search-body.h). */

#define CS_ENGINE Engine
#define CS_POSITION XqPosition
#define CS_MOVE XqMove
#define CS_UNDO Saved
#define CS_NULL_UNDO XqUndo
#define CS_MAX_MOVES XQ_MAX_MOVES
#define CS_SEE_STATE SeeState
#define CS_SEE_PUBLIC xq_engine_see
#define CS_LEVEL_TUNING xq_levels

#define CS_LMR_BASE 0.6
#define CS_LMR_DIVISOR 2.2
#define CS_RFP_DEPTH 5
#define CS_RFP_MARGIN 90
#define CS_RFP_IMPROVING 30
#define CS_NULL_DEPTH_DIVISOR 5
#define CS_MCP_DEPTH 3
#define CS_MCP_BASE 3
#define CS_MCP_FACTOR 1
#define CS_MCP_FACTOR_IMPROVING 2
#define CS_FUTILITY_DEPTH 2
#define CS_FUTILITY_MARGIN(depth) (110 * (depth) + 40)
#define CS_LMR_SEARCHED 2
#define CS_LMR_SEARCHED_PV 4
#define CS_LMR_HISTORY_DIVISOR 6000
#define CS_QS_DELTA 150
#define CS_DROP_QUIETS 1
#define CS_SEE_QUIET_DEPTH 4
#define CS_SEE_QUIET_MARGIN 30

static inline guint32
game_move_code (Engine *e,
                XqMove  move)
{
  return move_code (move);
}

static inline XqMove
game_code_move (Engine  *e,
                guint32  code)
{
  return code_move (code);
}

static inline int
game_evaluate (Engine *e)
{
  return xq_evaluate (&e->pos, &e->eval);
}

static inline gboolean
game_in_check (Engine *e,
               int     ply)
{
  return e->gave_check[e->root_index + ply];
}

static inline gboolean
game_make (Engine *e,
           XqMove  move,
           int     ply,
           Saved  *saved)
{
  int index = e->root_index + ply + 1;

  e->move_to[ply + 1] = move_code (move);
  saved->eval = e->eval;
  xq_eval_state_move (&e->eval, &e->pos, move);
  xq_make (&e->pos, move, &saved->undo);
  e->keys[index] = e->pos.key;
  e->gave_check[index] = (guint8) xq_in_check (&e->pos, e->pos.side);
  return TRUE;
}

static inline void
game_unmake (Engine *e,
             XqMove  move,
             Saved  *saved)
{
  xq_unmake (&e->pos, move, &saved->undo);
  e->eval = saved->eval;
}

static inline void
game_make_null (Engine *e,
                int     ply,
                XqUndo *undo)
{
  int index = e->root_index + ply + 1;

  xq_make_null (&e->pos, undo);
  e->move_to[ply + 1] = 0;
  e->keys[index] = e->pos.key;
  e->gave_check[index] = 0;
}

static inline void
game_unmake_null (Engine *e,
                  XqUndo *undo)
{
  xq_unmake_null (&e->pos, undo);
}

/* Only with enough pieces besides pawns: zugzwang is common in Xiangqi endings. */
#define game_null_ok game_null_ok
static inline gboolean
game_null_ok (Engine *e,
              int     side)
{
  return xq_eval_can_null (&e->eval, side);
}

/* The 400-ply draw, and RULES §1.4 applied at the first repetition: see the top of the file.
 * A capture can never be undone: nothing before the last one comes back. */
static inline gboolean
game_rule_score (Engine *e,
                 int     ply,
                 int    *score)
{
  int index = e->root_index + ply;

  if (e->root_plies + ply >= MOVE_LIMIT_PLIES)
    {
      *score = 0;
      return TRUE;
    }
  return catur_search_perpetual_verdict (e->keys, e->gave_check, index,
                                         MAX (index - (int) e->pos.halfmove, 0), ply,
                                         WIN_BY_RULE, score);
}

static inline gboolean
game_is_legal (Engine *e,
               XqMove  move)
{
  return xq_is_legal_fast (&e->pos, move);
}

static inline gboolean
game_is_tactical (Engine *e,
                  XqMove  move)
{
  return e->pos.cell[move.to] != 0;
}

static inline int
game_capture_order (Engine *e,
                    XqMove  move)
{
  return capture_score (e->pos.cell, move);
}

/* A capture that gives more than it takes into a defended point. */
static inline gboolean
game_bad_capture (Engine *e,
                  XqMove  move)
{
  const guint8 *cell = e->pos.cell;
  int victim = xq_piece_value[cell[move.to] & 7];
  int attacker = xq_piece_value[cell[move.from] & 7];

  return victim < attacker && xq_square_attacked (&e->pos, move.to, e->pos.side ^ 1);
}

static inline int
game_capture_gain (Engine *e,
                   XqMove  move)
{
  return xq_piece_value[e->pos.cell[move.to] & 7];
}

/* The value of the biggest piece the opponent has besides its general. */
static inline int
game_best_victim (Engine *e)
{
  static const int kinds[] = { XQ_CHARIOT, XQ_CANNON, XQ_HORSE, XQ_ADVISOR, XQ_ELEPHANT };
  int side = e->pos.side ^ 1;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (e->eval.count[side][kinds[i]] > 0)
      return xq_piece_value[kinds[i]];
  /* A pawn near the palace is worth about two. */
  return 2 * xq_piece_value[XQ_PAWN];
}

/* Captures the blinkered side does not see: those of its cannons and horses. */
static inline gboolean
game_overlooked (Engine *e,
                 XqMove  move)
{
  guint8 piece = e->pos.cell[move.from];

  return e->pos.cell[move.to] != 0
         && ((piece & 7) == XQ_CANNON || (piece & 7) == XQ_HORSE);
}

static inline int
game_generate_captures (Engine *e,
                        XqMove *moves)
{
  return xq_generate_captures (&e->pos, moves);
}

static inline int
game_generate_all (Engine *e,
                   XqMove *moves)
{
  return xq_legal_moves (&e->pos, moves);
}

/* Captures of the biggest pieces first, then the rest. */
static inline int
game_root_order (Engine *e,
                 XqMove  move)
{
  if (e->pos.cell[move.to] == 0)
    return 0;
  return CATUR_SEARCH_ORDER_GOOD_CAPTURE + capture_score (e->pos.cell, move);
}

/* The static exchange's hooks (cs_see()): a copy of the board, where the cannons' screens
 * change as the pieces between them go. */
typedef struct
{
  guint8 cell[XQ_SQUARES];
  int to;
} SeeState;

static inline gboolean
game_see_begin (const XqPosition *pos,
                XqMove            move,
                SeeState         *state,
                int              *gain,
                int              *on_square)
{
  memcpy (state->cell, pos->cell, sizeof state->cell);
  *gain = xq_piece_value[pos->cell[move.to] & 7];
  *on_square = xq_piece_value[pos->cell[move.from] & 7];
  state->cell[move.to] = pos->cell[move.from];
  state->cell[move.from] = 0;
  state->to = move.to;
  return TRUE;
}

/* The general is worth the most: it takes last, and only what nobody defends. */
static inline int
see_worth (guint8 piece)
{
  return (piece & 7) == XQ_KING ? G_MAXINT : xq_piece_value[piece & 7];
}

static inline gboolean
game_see_next (const XqPosition *pos,
               SeeState         *state,
               int               side,
               int              *value)
{
  guint8 from[32], other[32];
  int n = xq_attackers (state->cell, state->to, side, from), least = -1;

  for (int i = 0; i < n; i++)
    if (least < 0 || see_worth (state->cell[from[i]]) < see_worth (state->cell[least]))
      least = from[i];
  if (least < 0)
    return FALSE;
  if ((state->cell[least] & 7) == XQ_KING && xq_attackers (state->cell, state->to, side ^ 1,
                                                            other) > 0)
    return FALSE;
  *value = xq_piece_value[state->cell[least] & 7];
  state->cell[state->to] = state->cell[least];
  state->cell[least] = 0;
  return TRUE;
}

static void
game_init (void)
{
  xq_eval_init ();
}

#include "catur-search-body.h"

/* The game's record since the last capture, for the repetition rules: nothing before it can
 * come back, and game_rule_score() looks no further. */
static gboolean
game_setup (Engine                *e,
            const XqPosition      *pos,
            const CaturRepetition *history)
{
  e->pos = *pos;
  xq_eval_state_compute (&e->pos, &e->eval);
  e->root_index = catur_search_load_record (history, pos->key, pos->key,
                                            MIN ((guint) pos->halfmove + 1, RECORD_WINDOW),
                                            e->keys, e->gave_check);
  /* The search reads at the root whether the side to move is in check. */
  e->gave_check[e->root_index] = (guint8) xq_in_check (&e->pos, pos->side);
  e->root_plies = pos->plies;
  return pos->side <= XQ_BLACK && pos->king[pos->side] < XQ_SQUARES;
}

gboolean
xq_engine_think (XqPosition              *pos,
                 const CaturSearchLimits *limits,
                 CaturSearchInfoFunc      info_func,
                 gpointer                 info_data,
                 GCancellable            *cancellable,
                 CaturSearchResult       *result)
{
  return cs_think (pos, limits, info_func, info_data, cancellable, result);
}
