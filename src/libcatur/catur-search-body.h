/* catur-search-body.h: the alpha-beta node loop, written once for every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * catur-search.h holds what a search shares at the edges of a node (levels, table, killers,
 * history, the iterative-deepening driver). This header holds the node itself: the principal
 * variation search, the quiescence search, the staged move picker, null move, reverse
 * futility, move-count and futility pruning, late-move reductions and their re-searches, and
 * the cut-off bookkeeping. A game's engine includes it once, after defining its hooks, and
 * gets static functions compiled against its own board: every make, unmake and evaluation is
 * a direct call the compiler can inline, never one through a function pointer.
 *
 * What the engine defines before `#include "catur-search-body.h"` (docs/writing-a-plugin.md
 * shows a whole engine):
 *
 * Types, as macros: `CS_ENGINE` (the engine's state, a struct holding CATUR_SEARCH_FIELDS),
 * `CS_MOVE` (its move type), `CS_UNDO` (what make() saves for unmake()), `CS_NULL_UNDO`
 * (what a null move saves), `CS_MAX_MOVES` (the longest move list).
 *
 * Hooks, as static inline functions taking the engine first:
 *  - `guint32 game_move_code (e, move)`, `CS_MOVE game_code_move (e, code)`: a move as the
 *    32-bit code of the table and the killers, and back (0 is no move);
 *  - `int game_side (e)`, `guint64 game_key (e)`, `int game_evaluate (e)`;
 *  - `gboolean game_in_check (e, ply)`: whether the side to move at @ply is in check (the
 *    engine records it in make());
 *  - `gboolean game_make (e, move, ply, undo)`: plays @move as the move from @ply to
 *    @ply + 1 and records `e->move_to[ply + 1]`; returns %FALSE (the move taken back) when it
 *    turns out illegal, which only games with CS_PSEUDO_LEGAL may do;
 *    `void game_unmake (e, move, undo)`;
 *  - `void game_make_null (e, ply, undo)`, `void game_unmake_null (e, undo)`;
 *  - `gboolean game_null_ok (e, side)`: whether passing is a safe guess (no zugzwang);
 *  - `gboolean game_rule_score (e, ply, &score)`: the game's verdict on a position inside
 *    the tree before any move is searched (repetition, move limits, dead positions): %TRUE
 *    and the score from the side to move's view, or %FALSE to search on;
 *  - `int game_no_move_score (e, ply, in_check)`: the score of a side without a legal move
 *    (chess: mated or a draw; Xiangqi and Shogi: lost, in check or not);
 *  - `gboolean game_is_legal (e, move)`: whether a move of the table, a killer or a
 *    countermove may be played here (legal, or pseudo-legal with CS_PSEUDO_LEGAL);
 *  - `gboolean game_is_tactical (e, move)`: a capture or whatever else the quiescence search
 *    and the captures' stage take (chess: queen promotions); the rest are quiet moves;
 *  - `int game_capture_order (e, move)`: the order of the tactical moves (most valuable
 *    victim first); `gboolean game_bad_capture (e, move)`: whether it loses material (by
 *    SEE); `int game_capture_gain (e, move)`: at most what it wins, for futility;
 *  - `int game_best_victim (e)`: the most the side to move can win by one capture;
 *  - `int game_evasion_order (e, move)`: the order of quiet evasions in the quiescence search;
 *  - `gboolean game_overlooked (e, move)`: a capture a blinkered level does not see;
 *  - `int game_generate_captures (e, moves)`: the tactical moves;
 *    `int game_generate_all (e, moves)`: every move;
 *  - `gboolean game_futility_exempt (e, move)`: a quiet move futility pruning keeps (chess:
 *    a check);
 *  - `int game_root_moves (e, moves)`: every legal move at the root;
 *    `int game_root_order (e, move)`: their first order (the table's move comes first).
 *
 * Numbers, as macros (each game tuned its own): CS_LMR_BASE and CS_LMR_DIVISOR (the
 * reduction table), CS_RFP_DEPTH, CS_RFP_MARGIN and CS_RFP_IMPROVING (reverse futility),
 * CS_NULL_DEPTH_DIVISOR, CS_MCP_DEPTH, CS_MCP_BASE, CS_MCP_FACTOR, CS_MCP_FACTOR_IMPROVING
 * (move-count pruning), CS_FUTILITY_DEPTH and CS_FUTILITY_MARGIN(depth), CS_LMR_SEARCHED and
 * CS_LMR_SEARCHED_PV (moves searched before a reduction), CS_LMR_BAD_CAPTURES (reduce losing
 * captures by a ply too), CS_LMR_HISTORY_DIVISOR, CS_QS_DELTA (the quiescence search's
 * futility margin). Optional, with CS_SEE_STATE: CS_SEE_QUIET_DEPTH and CS_SEE_QUIET_MARGIN,
 * a late quiet move pruned off the principal variation at that depth or less when the static
 * exchange loses more than the margin × depth² on its square (0, the default: never).
 *
 * Optional: `CS_CAPTURE_HISTORY` 1 with `gint16 *game_capture_slot (e, move)`, the entry of
 * a tactical move in the game's capture history (kept in the engine, by the moving piece, its
 * target and the kind it takes): the body orders captures by it and updates it at each
 * cut-off. `CS_FOLLOW_HISTORY` 1 with `guint16 game_piece_to (e, move)`, a move's piece (with
 * its side, as it stands after the move) and target square as one index above 0: the
 * continuation history, kept in the engine's `gint16 follow[][]` indexed by the piece and
 * target of the move before and of the move, which make() records in `e->piece_to[ply + 1]`
 * (0 for a null move); the body adds it to the history of a quiet move (for the order, the
 * reductions and the pruning) and updates it at each cut-off by a quiet move.
 *
 * Optional: `CS_LEVEL_TUNING`, the name of the game's table of #CaturLevelTuning (indexed by
 * level, with entries only for the rungs it plays its own way), when the ladder's shared node
 * counts do not space its rungs 60 to 85 % apart.
 *
 * The body defines `cs_search()`, `cs_qsearch()`, `cs_root_search()` (a CaturSearchRootFunc)
 * and `cs_add_root_moves()`, and `cs_think()`, which sets up an engine and a CaturSearch, with
 * helper threads when the limits ask for them, and runs it.
 */
#pragma once

#include <math.h>

#include <catur.h>

#ifndef CS_ENGINE
# error "Define the engine's hooks before including catur-search-body.h"
#endif

#ifndef CS_PSEUDO_LEGAL
# define CS_PSEUDO_LEGAL 0
#endif
#ifndef CS_LMR_BAD_CAPTURES
# define CS_LMR_BAD_CAPTURES 0
#endif
#ifndef CS_HEAP_PICKER
# define CS_HEAP_PICKER 0
#endif
#ifndef CS_DROP_QUIETS
# define CS_DROP_QUIETS 0
#endif
#ifndef CS_QS_CHECKS
# define CS_QS_CHECKS 0
#endif
#ifndef CS_FOLLOW_HISTORY
# define CS_FOLLOW_HISTORY 0
#endif
#ifndef CS_SEE_QUIET_DEPTH
# define CS_SEE_QUIET_DEPTH 0
# define CS_SEE_QUIET_MARGIN 0
#endif
#ifndef CS_CAPTURE_HISTORY
# define CS_CAPTURE_HISTORY 0
#endif
/* The hooks with a default: an engine that defines one of them defines a macro of the same
 * name too (`#define game_null_ok game_null_ok`). */
#ifndef game_side
# define game_side(e) ((e)->pos.side)
#endif
#ifndef game_key
# define game_key(e) ((e)->pos.key)
#endif
#ifndef game_null_ok
# define game_null_ok(e, side) TRUE
#endif
#ifndef game_no_move_score
# define game_no_move_score(e, ply, in_check) (-CATUR_SCORE_MATE + (ply))
#endif
#ifndef game_evasion_order
# define game_evasion_order(e, move) 0
#endif
#ifndef game_futility_exempt
# define game_futility_exempt(e, move) FALSE
#endif
#ifndef game_prune_late_quiet
# define game_prune_late_quiet(e, move, risky, history, depth) FALSE
#endif
#if CS_FOLLOW_HISTORY
# define cs_quiet_history(e, ply, move, code) \
  (catur_search_history ((e)->search, game_side (e), (code)) \
   + cs_follow_score ((e), (ply), game_piece_to ((e), (move))))
#else
# define cs_quiet_history(e, ply, move, code) \
  catur_search_history ((e)->search, game_side (e), (code))
#endif
#if CS_CAPTURE_HISTORY
# define cs_capture_history(e, move) (*game_capture_slot ((e), (move)))
#else
# define cs_capture_history(e, move) 0
#endif
#ifndef game_root_moves
# define game_root_moves(e, moves) game_generate_all ((e), (moves))
#endif

/* The most tactical moves a node remembers having tried, for the capture history. */
#define CS_MAX_TRIED_TACTICAL 64

typedef struct
{
  CS_MOVE move;
  int score;
} CsScoredMove;

static guint8 cs_lmr_table[64][64];

/* Fills the reduction table and the game's own (game_init()), once before the first search. */
static void
cs_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
          cs_lmr_table[d][m] = (guint8) CLAMP (CS_LMR_BASE + log (d) * log (m) / CS_LMR_DIVISOR,
                                               0, 20);
      game_init ();
      g_once_init_leave (&done, 1);
    }
}

/* The best of @list from @from on, swapped to @from: the moves tried first are few, and a
 * scan for each costs less than sorting the rest. */
static inline CS_MOVE
cs_pick_next (CsScoredMove *list,
              int           n,
              int           from)
{
  int best = from;
  CsScoredMove swap;

  for (int i = from + 1; i < n; i++)
    if (list[i].score > list[best].score)
      best = i;
  swap = list[from];
  list[from] = list[best];
  list[best] = swap;
  return list[from].move;
}

#if CS_CAPTURE_HISTORY || CS_FOLLOW_HISTORY
/* Saturating update of a capture or continuation history entry: it stays within ±16384. */
static inline void
cs_history_update (gint16 *slot,
                   int     bonus)
{
  *slot = (gint16) (*slot + bonus - *slot * ABS (bonus) / 16384);
}
#endif

#if CS_CAPTURE_HISTORY

/* A cut-off at @depth by @move: the capture history rewards it if it is tactical and
 * punishes the tactical moves @tried before it, which did not cut off. */
static inline void
cs_capture_cutoff (CS_ENGINE     *e,
                   CS_MOVE        move,
                   gboolean       tactical,
                   int            depth,
                   const CS_MOVE *tried,
                   int            n_tried)
{
  int bonus = MIN (depth * depth, 400) * 8;

  if (tactical)
    cs_history_update (game_capture_slot (e, move), bonus);
  for (int c = 0; c < n_tried; c++)
    cs_history_update (game_capture_slot (e, tried[c]), -bonus);
}
#endif

#if CS_FOLLOW_HISTORY
/* The continuation history of a quiet move @index at @ply: after the opponent's last move
 * and after the side's own move before it. */
static inline int
cs_follow_score (const CS_ENGINE *e,
                 int              ply,
                 guint16          index)
{
  int score = e->follow[e->piece_to[ply]][index];

  if (ply >= 1)
    score += e->follow[e->piece_to[ply - 1]][index];
  return score;
}

/* Updates both continuation entries of @index at @ply. */
static inline void
cs_follow_update (CS_ENGINE *e,
                  int        ply,
                  guint16    index,
                  int        bonus)
{
  for (int back = 0; back <= MIN (ply, 1); back++)
    {
      guint16 previous = e->piece_to[ply - back];

      if (previous != 0)
        cs_history_update (&e->follow[previous][index], bonus);
    }
}

/* A quiet @move cut off at @depth: the continuation history rewards it and punishes the
 * quiet moves @tried before it. */
static inline void
cs_follow_cutoff (CS_ENGINE     *e,
                  int            ply,
                  CS_MOVE        move,
                  int            depth,
                  const CS_MOVE *tried,
                  int            n_tried)
{
  int bonus = MIN (depth * depth, 400);

  cs_follow_update (e, ply, game_piece_to (e, move), bonus);
  for (int q = 0; q < n_tried; q++)
    cs_follow_update (e, ply, game_piece_to (e, tried[q]), -bonus);
}
#endif

#ifdef CS_SEE_STATE
/* The most captures an exchange counts. */
#define CS_SEE_MAX 40

/* The static exchange evaluation of @move: what the mover wins (or loses, negative) on its
 * target square when both sides take back there with their least valuable piece, each free
 * to stop when going on would cost it. The game's hooks:
 *  - `gboolean game_see_begin (pos, move, state, &gain, &on_square)`: plays @move on
 *    @state (a CS_SEE_STATE: what the exchange changes, such as the occupancy or a copy of
 *    the cells), sets @gain to what it captures (and a promotion adds) and @on_square to the
 *    value of the piece then on the target; %FALSE for a move that exchanges nothing;
 *  - `gboolean game_see_next (pos, state, side, &value)`: takes @side's least valuable piece
 *    that can capture on the target in @state (a Xiangqi cannon over its screen, a piece
 *    uncovered by the captures before) off @state, and sets @value to its value; %FALSE when
 *    there is none, or only a king that the other side still guards.
 * With CS_SEE_PUBLIC defined, the body defines a public function of that name for it. */
static int
cs_see (const CS_POSITION *pos,
        CS_MOVE            move)
{
  CS_SEE_STATE state;
  int gain[CS_SEE_MAX], d = 0, side = pos->side ^ 1, on_square, value;

  if (!game_see_begin (pos, move, &state, &gain[0], &on_square))
    return 0;
  while (d < CS_SEE_MAX - 1 && game_see_next (pos, &state, side, &value))
    {
      d++;
      gain[d] = on_square - gain[d - 1];
      on_square = value;
      side ^= 1;
    }
  while (d > 0)
    {
      gain[d - 1] = -MAX (-gain[d - 1], gain[d]);
      d--;
    }
  return gain[0];
}

# ifdef CS_SEE_PUBLIC
/* The game's public name for cs_see(), declared in its engine header. */
int
CS_SEE_PUBLIC (const CS_POSITION *pos,
               CS_MOVE            move)
{
  return cs_see (pos, move);
}
# endif
#endif

#if !CS_HEAP_PICKER

/* Moves in stages, each generated only when the ones before did not cut off: the table's
 * move, tactical moves that win or trade, the killers, the countermove, the quiet moves by
 * history, and last the tactical moves that lose material. */
typedef struct
{
  CS_ENGINE *e;
  int stage;
  guint32 tt_move;
  guint32 killers[2];
  guint32 countermove;
  gboolean blind;              /* overlook the less visible captures */
  gboolean generated;          /* the captures' stage has generated its moves */
  int ply;
  CsScoredMove list[CS_MAX_MOVES];
  int n;
  int next;
  CsScoredMove bad[CS_MAX_MOVES];
  int n_bad;
  int overlooked;              /* moves the blinkers hid */
} CsPicker;

static inline void
cs_picker_init (CsPicker  *picker,
                CS_ENGINE *e,
                int        ply,
                guint32    tt_move,
                gboolean   in_check)
{
  CaturSearch *s = e->search;

  picker->e = e;
  picker->ply = ply;
  picker->stage = tt_move != 0 ? CATUR_STAGE_TT : CATUR_STAGE_CAPTURES;
  picker->tt_move = tt_move;
  picker->killers[0] = s->killers[ply][0];
  picker->killers[1] = s->killers[ply][1];
  picker->countermove = catur_search_countermove (s, e->move_to[ply]);
  if (picker->countermove == tt_move || picker->countermove == picker->killers[0]
      || picker->countermove == picker->killers[1])
    picker->countermove = 0;
  picker->blind = e->blind_side == game_side (e) && !in_check;
  picker->generated = FALSE;
  picker->n = picker->next = picker->n_bad = 0;
  picker->overlooked = 0;
}

/* A killer or countermove to try here: a quiet move, not the table's, that can be played. */
static inline gboolean
cs_picker_quiet_ok (CsPicker *picker,
                    guint32   code,
                    CS_MOVE  *move)
{
  if (code == 0 || code == picker->tt_move)
    return FALSE;
  *move = game_code_move (picker->e, code);
  return !game_is_tactical (picker->e, *move) && game_is_legal (picker->e, *move);
}

/* For a search that will skip every further quiet move. */
static inline void
cs_picker_skip_quiets (CsPicker *picker)
{
  if (picker->stage == CATUR_STAGE_QUIETS)
    picker->next = picker->n;
}

static gboolean
cs_picker_next (CsPicker *picker,
                CS_MOVE  *move,
                int      *stage,
                gboolean *risky)
{
  CS_ENGINE *e = picker->e;
  CS_MOVE moves[CS_MAX_MOVES];

  *risky = FALSE;
  for (;;)
    {
      switch (picker->stage)
        {
        case CATUR_STAGE_TT:
          picker->stage = CATUR_STAGE_CAPTURES;
          *move = game_code_move (e, picker->tt_move);
          if (picker->blind && game_overlooked (e, *move))
            {
              picker->overlooked++;
              continue;
            }
          *stage = CATUR_STAGE_TT;
          return TRUE;

        case CATUR_STAGE_CAPTURES:
          if (!picker->generated)
            {
              int n = game_generate_captures (e, moves);

              picker->generated = TRUE;
              for (int i = 0; i < n; i++)
                {
                  CsScoredMove *slot;

                  if (game_move_code (e, moves[i]) == picker->tt_move)
                    continue;
                  if (picker->blind && game_overlooked (e, moves[i]))
                    {
                      picker->overlooked++;
                      continue;
                    }
                  slot = game_bad_capture (e, moves[i]) ? &picker->bad[picker->n_bad++]
                                                        : &picker->list[picker->n++];
                  slot->move = moves[i];
                  slot->score = game_capture_order (e, moves[i])
                                + cs_capture_history (e, moves[i]) / 8;
                }
            }
          if (picker->next < picker->n)
            {
              *move = cs_pick_next (picker->list, picker->n, picker->next++);
              *stage = CATUR_STAGE_CAPTURES;
              return TRUE;
            }
          picker->stage = CATUR_STAGE_KILLERS;
          picker->next = 0;
          break;

        case CATUR_STAGE_KILLERS:
          while (picker->next < 2)
            {
              if (!cs_picker_quiet_ok (picker, picker->killers[picker->next++], move))
                continue;
              *stage = CATUR_STAGE_KILLERS;
              return TRUE;
            }
          picker->stage = CATUR_STAGE_COUNTERMOVE;
          break;

        case CATUR_STAGE_COUNTERMOVE:
          picker->stage = CATUR_STAGE_GENERATE_QUIETS;
          if (cs_picker_quiet_ok (picker, picker->countermove, move))
            {
              *stage = CATUR_STAGE_COUNTERMOVE;
              return TRUE;
            }
          picker->countermove = 0;
          break;

        case CATUR_STAGE_GENERATE_QUIETS:
          picker->stage = CATUR_STAGE_QUIETS;
          picker->n = picker->next = 0;
          {
            int n = game_generate_all (e, moves);

            for (int i = 0; i < n; i++)
              {
                guint32 code;

                if (game_is_tactical (e, moves[i]))
                  continue;
                code = game_move_code (e, moves[i]);
                if (code == picker->tt_move || code == picker->killers[0]
                    || code == picker->killers[1] || code == picker->countermove)
                  continue;
                picker->list[picker->n].move = moves[i];
                picker->list[picker->n].score = cs_quiet_history (e, picker->ply, moves[i],
                                                                  code);
                picker->n++;
              }
          }
          break;

        case CATUR_STAGE_QUIETS:
          if (picker->next < picker->n)
            {
              *move = cs_pick_next (picker->list, picker->n, picker->next++);
              *stage = CATUR_STAGE_QUIETS;
              return TRUE;
            }
          picker->stage = CATUR_STAGE_BAD_CAPTURES;
          picker->next = 0;
          break;

        case CATUR_STAGE_BAD_CAPTURES:
          if (picker->next < picker->n_bad)
            {
              *move = cs_pick_next (picker->bad, picker->n_bad, picker->next++);
              *stage = CATUR_STAGE_BAD_CAPTURES;
              return TRUE;
            }
          picker->stage = CATUR_STAGE_DONE;
          break;

        default:
          return FALSE;
        }
    }
}

#else /* CS_HEAP_PICKER */

/* The order of the heap picker's moves. */
#define CS_ORDER_TT 4000000
#define CS_ORDER_GOOD_CAPTURE 2000000
#define CS_ORDER_KILLER_1 1000000
#define CS_ORDER_KILLER_2 900000
#define CS_ORDER_COUNTERMOVE 800000
#define CS_ORDER_BAD_CAPTURE (-2000000)

typedef struct
{
  CS_MOVE move;
  int score;
  gboolean risky;              /* a quiet move to where the piece may be lost */
} CsHeapMove;

/* Moves in order: the table's move alone first (before any generation, since it often cuts
 * off), then tactical moves that win or trade (by what they gain, give or take by how they
 * did so far: the capture history), the killers, the countermove, the quiet moves by
 * history, and last the tactical moves that lose.
 * The moves not yet tried are a heap, best first: a node may try two moves of a hundred or
 * all of them, and picking each by a scan of the rest costs a hundred a move. The quiet moves
 * wait at the end of the list, scored by their history alone, until the heap holds nothing
 * better than them: most nodes are cut off before, and their threat order
 * (game_threat_order()) may be dear. */
typedef struct
{
  CS_ENGINE *e;
  int ply;
  gboolean in_check;
  CsHeapMove list[CS_MAX_MOVES];
  int n;
  int n_quiets;                /* waiting, in list[CS_MAX_MOVES - n_quiets…] */
  gboolean generated;
  gboolean tt_served;
  guint32 tt_move;
  int overlooked;              /* moves the blinkers hid */
} CsPicker;

static void
cs_heap_sift_down (CsHeapMove *heap,
                   int         n,
                   int         i)
{
  CsHeapMove item = heap[i];

  for (;;)
    {
      int child = 2 * i + 1;

      if (child >= n)
        break;
      if (child + 1 < n && heap[child + 1].score > heap[child].score)
        child++;
      if (heap[child].score <= item.score)
        break;
      heap[i] = heap[child];
      i = child;
    }
  heap[i] = item;
}

static void
cs_heap_make (CsHeapMove *heap,
              int         n)
{
  for (int i = n / 2 - 1; i >= 0; i--)
    cs_heap_sift_down (heap, n, i);
}

/* Drops the quiet moves not yet tried, leaving only the losing captures, which come after
 * them: for a search that will skip every further quiet move, which need not then be picked
 * one by one out of a hundred. */
static void
cs_picker_skip_quiets (CsPicker *picker)
{
  int kept = 0;

  picker->n_quiets = 0;
  for (int i = 0; i < picker->n; i++)
    if (picker->list[i].score <= CS_ORDER_BAD_CAPTURE / 2)
      picker->list[kept++] = picker->list[i];
  picker->n = kept;
  cs_heap_make (picker->list, kept);
}

static inline void
cs_picker_init (CsPicker  *picker,
                CS_ENGINE *e,
                int        ply,
                guint32    tt_move,
                gboolean   in_check)
{
  picker->e = e;
  picker->ply = ply;
  picker->in_check = in_check;
  picker->n = picker->n_quiets = 0;
  picker->generated = FALSE;
  picker->tt_served = tt_move == 0;
  picker->tt_move = tt_move;
  picker->overlooked = 0;
}

static inline int
cs_heap_stage (int score)
{
  if (score >= CS_ORDER_TT)
    return CATUR_STAGE_TT;
  if (score >= CS_ORDER_GOOD_CAPTURE / 2)
    return CATUR_STAGE_CAPTURES;
  if (score >= CS_ORDER_KILLER_2)
    return CATUR_STAGE_KILLERS;
  if (score >= CS_ORDER_COUNTERMOVE)
    return CATUR_STAGE_COUNTERMOVE;
  if (score > CS_ORDER_BAD_CAPTURE / 2)
    return CATUR_STAGE_QUIETS;
  return CATUR_STAGE_BAD_CAPTURES;
}

static gboolean
cs_picker_next (CsPicker *picker,
                CS_MOVE  *move,
                int      *stage,
                gboolean *risky)
{
  CS_ENGINE *e = picker->e;
  CaturSearch *s = e->search;
  int ply = picker->ply, side = game_side (e);
  gboolean in_check = picker->in_check;

  *risky = FALSE;
  if (!picker->tt_served)
    {
      picker->tt_served = TRUE;
      *move = game_code_move (e, picker->tt_move);
      if (e->blind_side == side && !in_check && game_overlooked (e, *move))
        picker->overlooked++;
      else
        {
          *stage = CATUR_STAGE_TT;
          return TRUE;
        }
    }

  if (!picker->generated)
    {
      CS_MOVE moves[CS_MAX_MOVES];
      gboolean blind = e->blind_side == side && !in_check;
      guint32 killer1 = s->killers[ply][0], killer2 = s->killers[ply][1];
      guint32 counter = catur_search_countermove (s, e->move_to[ply]);
      int n = game_generate_all (e, moves);

      picker->generated = TRUE;
      for (int i = 0; i < n; i++)
        {
          guint32 code = game_move_code (e, moves[i]);
          gboolean tactical;
          CsHeapMove *slot;

          if (code == picker->tt_move)
            continue;
          if (blind && game_overlooked (e, moves[i]))
            {
              picker->overlooked++;
              continue;
            }
          tactical = game_is_tactical (e, moves[i]);
          if (!tactical && code != killer1 && code != killer2 && code != counter)
            {
              slot = &picker->list[CS_MAX_MOVES - ++picker->n_quiets];
              slot->move = moves[i];
              /* The history as it is now, before the moves above are searched. */
              slot->score = cs_quiet_history (e, ply, moves[i], code);
              continue;
            }
          slot = &picker->list[picker->n++];
          slot->move = moves[i];
          slot->risky = FALSE;
          if (tactical)
            slot->score = (game_bad_capture (e, moves[i]) ? CS_ORDER_BAD_CAPTURE
                                                          : CS_ORDER_GOOD_CAPTURE)
                          + game_capture_order (e, moves[i])
                          + cs_capture_history (e, moves[i]) / 8;
          else if (code == killer1)
            slot->score = CS_ORDER_KILLER_1;
          else if (code == killer2)
            slot->score = CS_ORDER_KILLER_2;
          else
            slot->score = CS_ORDER_COUNTERMOVE;
        }
      cs_heap_make (picker->list, picker->n);
    }

  /* Nothing better than a quiet move is left: add the quiet moves' threat order, and let them
   * join. */
  if (picker->n_quiets > 0
      && (picker->n == 0 || picker->list[0].score < CS_ORDER_COUNTERMOVE))
    {
      int first = CS_MAX_MOVES - picker->n_quiets;
      CS_THREATS threats;

      if (!in_check)
        game_threats (e, &threats);
      /* Moved down to the heap's end: the list holds every move once, so each is read
       * before anything is written over it. */
      for (int i = first; i < CS_MAX_MOVES; i++)
        {
          CsHeapMove *slot = &picker->list[picker->n++];

          *slot = picker->list[i];
          slot->risky = FALSE;
          if (!in_check)
            {
              int threat = game_threat_order (e, &threats, slot->move);

              slot->score += threat;
              slot->risky = threat < 0;
            }
        }
      picker->n_quiets = 0;
      cs_heap_make (picker->list, picker->n);
    }

  if (picker->n == 0)
    return FALSE;
  *move = picker->list[0].move;
  *stage = cs_heap_stage (picker->list[0].score);
  *risky = picker->list[0].risky;
  picker->list[0] = picker->list[--picker->n];
  cs_heap_sift_down (picker->list, picker->n, 0);
  return TRUE;
}

#endif /* CS_HEAP_PICKER */

static inline int
cs_tt_bound (int best,
             int alpha_start,
             int beta,
             guint32 best_move)
{
  return best >= beta ? CATUR_TT_LOWER
         : best > alpha_start && best_move != 0 ? CATUR_TT_EXACT : CATUR_TT_UPPER;
}

/* Whether the table's entry settles the node: its bound is on the right side of the window. */
static inline gboolean
cs_tt_cuts (const CaturTTEntry *entry,
            int                 tt_score,
            int                 alpha,
            int                 beta)
{
  int bound = catur_tt_entry_bound (entry);

  return bound == CATUR_TT_EXACT || (bound == CATUR_TT_LOWER && tt_score >= beta)
         || (bound == CATUR_TT_UPPER && tt_score <= alpha);
}

/* The tactical moves until the position is quiet; every move when in check. With
 * CS_QS_CHECKS, at the first ply (@checks) also the quiet moves that game_generate_checks()
 * lists and game_qsearch_quiet_ok() keeps, when they check. */
static int
cs_qsearch (CS_ENGINE *e,
            int        alpha,
            int        beta,
            int        ply,
            gboolean   checks)
{
  CaturSearch *s = e->search;
  CS_MOVE moves[CS_MAX_MOVES];
  CsScoredMove list[CS_MAX_MOVES];
  const int side = game_side (e);
  int n, best, stand_pat = -CATUR_SCORE_INFINITE, alpha_start = alpha, legal = 0;
  guint32 best_move = 0;
  guint64 key = game_key (e);
  const CaturTTEntry *entry;
  CaturTTEntry tt_entry;
  gboolean in_check;

  catur_search_clear_pv (s, ply);
  if (catur_search_count_node (s))
    return 0;
  if ((guint) ply > s->seldepth)
    s->seldepth = ply;
  if (ply >= CATUR_SEARCH_MAX_PLY - 2)
    return game_evaluate (e);

  entry = catur_tt_probe_copy (s->tt, key, &tt_entry);
  if (entry != NULL && beta - alpha == 1)
    {
      int tt_score = catur_score_from_tt (entry->score, ply);

      if (cs_tt_cuts (entry, tt_score, alpha, beta))
        return tt_score;
    }

  in_check = game_in_check (e, ply);
  if (in_check)
    {
      n = game_generate_all (e, moves);
      best = -CATUR_SCORE_INFINITE;
    }
  else
    {
      stand_pat = entry != NULL && entry->eval != CATUR_TT_NO_EVAL ? entry->eval
                                                                   : game_evaluate (e);
      if (stand_pat >= beta)
        {
          if (entry == NULL)
            catur_tt_store (s->tt, key, 0, stand_pat, stand_pat, 0, CATUR_TT_LOWER, ply);
          return stand_pat;
        }
      if (stand_pat > alpha)
        alpha = stand_pat;
      best = stand_pat;
      /* Not even taking the best piece there is would reach alpha. */
      if (!(CS_QS_CHECKS && checks) && stand_pat + game_best_victim (e) + CS_QS_DELTA <= alpha)
        return stand_pat;
#if CS_QS_CHECKS
      n = checks ? game_generate_checks (e, moves) : game_generate_captures (e, moves);
#else
      n = game_generate_captures (e, moves);
#endif
    }

  {
    int kept = 0;

    for (int i = 0; i < n; i++)
      {
        CS_MOVE m = moves[i];

        if (game_is_tactical (e, m))
          list[kept].score = CATUR_SEARCH_ORDER_GOOD_CAPTURE + game_capture_order (e, m);
        else
          {
#if CS_QS_CHECKS
            if (!in_check && !game_qsearch_quiet_ok (e, m))
              continue;
#endif
            list[kept].score = game_evasion_order (e, m);
          }
        list[kept++].move = m;
      }
    n = kept;
  }

  for (int i = 0; i < n; i++)
    {
      CS_MOVE move = cs_pick_next (list, n, i);
      gboolean quiet_check = CS_QS_CHECKS && !in_check && !game_is_tactical (e, move);
      CS_UNDO undo;
      int score;

      if (!in_check && !quiet_check)
        {
          if (e->blind_side == side && game_overlooked (e, move))
            continue;
          /* Even winning the piece for nothing would not reach alpha. */
          if (stand_pat + game_capture_gain (e, move) + CS_QS_DELTA <= alpha)
            continue;
          if (game_bad_capture (e, move))
            continue;
        }

      if (!game_make (e, move, ply, &undo))
        continue;
      if (quiet_check && !game_in_check (e, ply + 1))
        {
          game_unmake (e, move, &undo);
          continue;
        }
      legal++;
      score = -cs_qsearch (e, -beta, -alpha, ply + 1, FALSE);
      game_unmake (e, move, &undo);
      if (s->stop)
        return 0;

      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              best_move = game_move_code (e, move);
              if (score >= beta)
                break;
            }
        }
    }

  /* No move out of check: mated, whatever the game. */
  if (in_check && legal == 0)
    return -CATUR_SCORE_MATE + ply;

  catur_tt_store (s->tt, key, best_move, best, in_check ? CATUR_TT_NO_EVAL : stand_pat, 0,
                  cs_tt_bound (best, alpha_start, beta, best_move), ply);
  return best;
}

static int
cs_search (CS_ENGINE *e,
           int        depth,
           int        alpha,
           int        beta,
           int        ply,
           gboolean   null_ok)
{
  CaturSearch *s = e->search;
  const gboolean pv_node = beta - alpha > 1;
  const int us = game_side (e);
  const guint64 key = game_key (e);
  const CaturTTEntry *entry;
  CaturTTEntry tt_entry;
  guint32 quiets[CS_MAX_MOVES];
  int n_quiets = 0;
#if CS_FOLLOW_HISTORY
  CS_MOVE quiet_moves[CS_MAX_MOVES];
#endif
#if CS_CAPTURE_HISTORY
  CS_MOVE tried_tactical[CS_MAX_TRIED_TACTICAL];
  int n_tactical = 0;
#endif
  guint32 tt_move = 0, best_move = 0;
  int best = -CATUR_SCORE_INFINITE, alpha_start = alpha;
  int static_eval, searched = 0, legal = 0, score, stage;
  gboolean in_check, improving, risky;
  CsPicker picker;
  CS_MOVE move;

  catur_search_clear_pv (s, ply);

  if (ply > 0)
    {
      if (game_rule_score (e, ply, &score))
        return score;
      /* No line from here can beat a mate already found nearer the root. */
      alpha = MAX (alpha, -CATUR_SCORE_MATE + ply);
      beta = MIN (beta, CATUR_SCORE_MATE - ply - 1);
      if (alpha >= beta)
        return alpha;
    }

  in_check = game_in_check (e, ply);
  if (in_check)
    depth++;
  if (depth <= 0)
    return cs_qsearch (e, alpha, beta, ply, TRUE);

  if (catur_search_count_node (s))
    return 0;
  if ((guint) ply > s->seldepth)
    s->seldepth = ply;
  if (ply >= CATUR_SEARCH_MAX_PLY - 2)
    return game_evaluate (e);

  entry = catur_tt_probe_copy (s->tt, key, &tt_entry);
  if (entry != NULL)
    {
      int tt_score = catur_score_from_tt (entry->score, ply);

      tt_move = entry->move;
      if (!pv_node && entry->depth >= depth && cs_tt_cuts (entry, tt_score, alpha, beta))
        return tt_score;
    }

  if (in_check)
    static_eval = -CATUR_SCORE_INFINITE;
  else if (entry != NULL && entry->eval != CATUR_TT_NO_EVAL)
    static_eval = entry->eval;
  else
    static_eval = game_evaluate (e);
  e->static_eval[ply] = static_eval;
  improving = !in_check && ply >= 2 && static_eval > e->static_eval[ply - 2];

  if (!pv_node && !in_check && ABS (beta) < CATUR_SCORE_MATE_BOUND)
    {
      /* Far above beta with little depth left: the opponent will not get back in time. */
      if (depth <= CS_RFP_DEPTH
          && static_eval - CS_RFP_MARGIN * depth + (improving ? CS_RFP_IMPROVING : 0) >= beta)
        return static_eval;

      /* Passing still fails high: any real move would too. */
      if (null_ok && depth >= 3 && static_eval >= beta && game_null_ok (e, us))
        {
          int reduction = 3 + depth / CS_NULL_DEPTH_DIVISOR + MIN ((static_eval - beta) / 200, 2);
          CS_NULL_UNDO undo;

          game_make_null (e, ply, &undo);
          score = -cs_search (e, depth - 1 - reduction, -beta, -beta + 1, ply + 1, FALSE);
          game_unmake_null (e, &undo);
          if (s->stop)
            return 0;
          if (score >= beta)
            return score >= CATUR_SCORE_MATE_BOUND ? beta : score;
        }
    }

  if (tt_move != 0)
    {
      CS_MOVE candidate = game_code_move (e, tt_move);

      tt_move = game_is_legal (e, candidate) ? game_move_code (e, candidate) : 0;
    }
  /* Without a move to try first, a deep search here is not worth its full depth. */
  if (tt_move == 0 && depth >= 5)
    depth--;

  cs_picker_init (&picker, e, ply, tt_move, in_check);
  while (cs_picker_next (&picker, &move, &stage, &risky))
    {
      guint32 code = game_move_code (e, move);
      gboolean tactical = game_is_tactical (e, move);
      gboolean quiet_late = stage == CATUR_STAGE_QUIETS;
      int new_depth = depth - 1, reduction = 0;
      /* What this search has learnt of the move, for pruning and reducing late quiet moves. */
      int history = quiet_late ? cs_quiet_history (e, ply, move, code) : 0;
      gboolean gives_check;
      CS_UNDO undo;

#if !CS_PSEUDO_LEGAL
      legal++;
#endif
      /* Shallow quiet moves late in the list rarely matter when the position is already
       * bad: skip them, but never before one move has been searched. */
      if (!pv_node && !in_check && searched > 0 && quiet_late
          && best > -CATUR_SCORE_MATE_BOUND)
        {
          /* Move-count pruning holds for every later quiet move once it holds for one
           * (searched only grows), so the rest are dropped unseen. Futility holds for them
           * too (alpha only grows) in a game whose game_futility_exempt() is always FALSE,
           * which says so with CS_DROP_QUIETS. */
          if (depth <= CS_MCP_DEPTH
              && searched >= CS_MCP_BASE + depth * depth * (improving ? CS_MCP_FACTOR_IMPROVING
                                                                      : CS_MCP_FACTOR))
            {
              cs_picker_skip_quiets (&picker);
              continue;
            }
          if (depth <= CS_FUTILITY_DEPTH && static_eval + CS_FUTILITY_MARGIN (depth) <= alpha
              && !game_futility_exempt (e, move))
            {
              if (CS_DROP_QUIETS)
                cs_picker_skip_quiets (&picker);
              continue;
            }
          if (depth <= 3 && game_prune_late_quiet (e, move, risky, history, depth))
            continue;
#ifdef CS_SEE_STATE
          /* Nor one that loses material where it lands, by more the more depth is left. */
          if (depth <= CS_SEE_QUIET_DEPTH
              && cs_see (&e->pos, move) < -CS_SEE_QUIET_MARGIN * depth * depth)
            continue;
#endif
        }

      if (!game_make (e, move, ply, &undo))
        continue;
#if CS_PSEUDO_LEGAL
      legal++;
#endif
      gives_check = game_in_check (e, ply + 1);

      if (depth >= 3 && searched >= (pv_node ? CS_LMR_SEARCHED_PV : CS_LMR_SEARCHED)
          && (quiet_late || (CS_LMR_BAD_CAPTURES && stage == CATUR_STAGE_BAD_CAPTURES))
          && !in_check && !gives_check)
        {
          reduction = cs_lmr_table[MIN (depth, 63)][MIN (searched, 63)];
          if (pv_node)
            reduction--;
          if (!improving)
            reduction++;
          if (quiet_late)
            reduction -= history / CS_LMR_HISTORY_DIVISOR;
          else
            reduction = MIN (reduction, 1);
          reduction = CLAMP (reduction, 0, new_depth - 1);
        }

      if (searched == 0)
        score = -cs_search (e, new_depth, -beta, -alpha, ply + 1, TRUE);
      else
        {
          score = -cs_search (e, new_depth - reduction, -alpha - 1, -alpha, ply + 1, TRUE);
          if (score > alpha && reduction > 0)
            score = -cs_search (e, new_depth, -alpha - 1, -alpha, ply + 1, TRUE);
          if (pv_node && score > alpha && score < beta)
            score = -cs_search (e, new_depth, -beta, -alpha, ply + 1, TRUE);
        }
      game_unmake (e, move, &undo);
      if (s->stop)
        return 0;
      searched++;

      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              best_move = code;
              alpha = score;
              if (pv_node)
                catur_search_update_pv (s, ply, code);
              if (score >= beta)
                {
                  if (!tactical)
                    catur_search_quiet_cutoff (s, us, ply, code, e->move_to[ply], quiets,
                                               n_quiets, depth);
#if CS_CAPTURE_HISTORY
                  cs_capture_cutoff (e, move, tactical, depth, tried_tactical, n_tactical);
#endif
#if CS_FOLLOW_HISTORY
                  if (!tactical)
                    cs_follow_cutoff (e, ply, move, depth, quiet_moves, n_quiets);
#endif
                  break;
                }
            }
        }
      if (!tactical && n_quiets < CS_MAX_MOVES)
        {
#if CS_FOLLOW_HISTORY
          quiet_moves[n_quiets] = move;
#endif
          quiets[n_quiets++] = code;
        }
#if CS_CAPTURE_HISTORY
      else if (tactical && n_tactical < CS_MAX_TRIED_TACTICAL)
        tried_tactical[n_tactical++] = move;
#endif
    }

  if (legal == 0)
    /* The blinkered side's overlooked captures do not make its position one without moves. */
    return picker.overlooked > 0 ? static_eval : game_no_move_score (e, ply, in_check);
  if (searched == 0)
    /* Every move was pruned: cannot happen before one was searched. */
    return alpha;

  catur_tt_store (s->tt, key, best_move, best, in_check ? CATUR_TT_NO_EVAL : static_eval,
                  depth, cs_tt_bound (best, alpha_start, beta, best_move), ply);
  return best;
}

/* The root: see CaturSearchRootFunc. */
static int
cs_root_search (CaturSearch *s,
                int          depth,
                int          alpha,
                int          beta,
                gpointer     user_data)
{
  CS_ENGINE *e = user_data;
  int best = -CATUR_SCORE_INFINITE;

  for (guint i = s->root_first; i < s->n_root_moves; i++)
    {
      CS_MOVE move = game_code_move (e, s->root_moves[i].code);
      guint64 nodes = s->nodes;
      CS_UNDO undo;
      int score;

      /* Root moves are legal: game_make() only records the move. */
      if (!game_make (e, move, 0, &undo))
        continue;
      if (i == s->root_first)
        score = -cs_search (e, depth - 1, -beta, -alpha, 1, TRUE);
      else
        {
          /* Within the level's margin the scores must be exact for its random pick. */
          int lower = MAX (alpha - s->margin, -CATUR_SCORE_INFINITE + 1);

          score = -cs_search (e, depth - 1, -lower - 1, -lower, 1, TRUE);
          if (score > lower && score < beta)
            score = -cs_search (e, depth - 1, -beta, -lower, 1, TRUE);
        }
      game_unmake (e, move, &undo);
      if (s->stop)
        break;

      if (catur_search_root_scored (s, i, score, nodes, &best, &alpha, beta))
        break;
    }
  return best;
}

/* Root moves in a sensible first order: the table's move, then by the game's own order. */
static void
cs_add_root_moves (CS_ENGINE *e)
{
  CS_MOVE moves[CS_MAX_MOVES];
  CsScoredMove list[CS_MAX_MOVES];
  const CaturTTEntry *entry = catur_tt_probe (e->search->tt, game_key (e));
  int n = game_root_moves (e, moves);

  for (int i = 0; i < n; i++)
    {
      list[i].move = moves[i];
      if (entry != NULL && entry->move == game_move_code (e, moves[i]))
        list[i].score = CATUR_SEARCH_ORDER_TT;
      else
        list[i].score = game_root_order (e, moves[i]);
    }
  for (int i = 0; i < n; i++)
    catur_search_add_root_move (e->search, game_move_code (e, cs_pick_next (list, n, i)));
}

static gboolean game_setup (CS_ENGINE             *e,
                            const CS_POSITION     *pos,
                            const CaturRepetition *history);

/* A helper of a search with threads: an engine of its own on the same position. */
typedef struct
{
  CS_ENGINE *e;
  CaturSearch *search;
  GThread *thread;
} CsHelper;

static gpointer
cs_helper_run (gpointer data)
{
  CsHelper *helper = data;
  CaturSearchResult ignored;

  catur_search_run (helper->search, cs_root_search, helper->e, &ignored);
  return NULL;
}

/* The engine's think(): a fresh engine that game_setup() sets up from @pos and the game's
 * record, searched within @limits, with the helpers the limits allow. */
static gboolean
cs_think (const CS_POSITION       *pos,
          const CaturSearchLimits *limits,
          CaturSearchInfoFunc      info_func,
          gpointer                 info_data,
          GCancellable            *cancellable,
          CaturSearchResult       *result)
{
  g_autofree CS_ENGINE *e = NULL;
  g_autoptr(CaturSearch) search = NULL;
  g_autoptr(GCancellable) stop = NULL;
  CsHelper helpers[CATUR_SEARCH_MAX_THREADS - 1];
  CaturSearchLimits own;
  guint n_helpers = 0;
  gboolean playable;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (limits != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  cs_init ();
  own = *limits;
#ifdef CS_LEVEL_TUNING
  if (own.tuning == NULL)
    own.tuning = CS_LEVEL_TUNING;
#endif
  e = g_new0 (CS_ENGINE, 1);
  /* A set-up without the pieces the game needs has nothing to search. */
  playable = game_setup (e, pos, limits->history);
  search = catur_search_new (&own, game_key (e), info_func, info_data, cancellable);
  e->search = search;
  e->blind_side = search->blinkers ? (game_side (e) ^ 1) : -1;
  if (playable)
    {
      cs_add_root_moves (e);
      n_helpers = catur_search_helpers_wanted (search, &own);
    }
  if (n_helpers > 0)
    stop = g_cancellable_new ();
  for (guint i = 0; i < n_helpers; i++)
    {
      CsHelper *helper = &helpers[i];

      helper->e = g_new0 (CS_ENGINE, 1);
      game_setup (helper->e, pos, limits->history);
      helper->search = catur_search_new_helper (search, i + 1, stop);
      helper->e->search = helper->search;
      helper->e->blind_side = -1;
      helper->thread = g_thread_new ("catur-helper", cs_helper_run, helper);
    }

  catur_search_run (search, cs_root_search, e, result);

  if (stop != NULL)
    g_cancellable_cancel (stop);
  for (guint i = 0; i < n_helpers; i++)
    {
      g_thread_join (helpers[i].thread);
      catur_search_free (helpers[i].search);
      g_free (helpers[i].e);
    }
  search->n_helpers = 0;
  return TRUE;
}
