/* xiangqi-engine.c: the computer player's search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Principal-variation search with a transposition table, check extension, null-move pruning
 * (not in check, and only with enough pieces besides pawns: zugzwang is common in Xiangqi
 * endings), late-move reductions and pruning, futility pruning and a quiescence search of
 * captures. Iterative deepening, the table, killers, history, the clock and the level come
 * from libcatur (catur-search.h); this file is the part that knows the board.
 *
 * Repetitions are judged as RULES §1.4 judges them, at the first repetition inside the search
 * or against the game's record (the limits' history): if exactly one side gave check with
 * every move of the cycle, that side loses (perpetual check); otherwise the repetition is a
 * draw. So the engine never checks perpetually when it cannot afford to lose, and drives an
 * opponent who must check into doing so. The 400-ply limit (X15) is a draw too.
 */
#define G_LOG_DOMAIN "xiangqi"

#include "config.h"

#include <math.h>

#include "xiangqi-engine.h"

#define MAX_PLY CATUR_SEARCH_MAX_PLY
#define INFINITE CATUR_SCORE_INFINITE
#define MATE CATUR_SCORE_MATE
#define MATE_BOUND CATUR_SCORE_MATE_BOUND
/* Winning by the opponent's perpetual check is as final as a mate at the same distance, so a
 * lost side resists as long as it can, by either road. */
#define WIN_BY_RULE MATE
#define MOVE_LIMIT_PLIES 400
/* The most entries of the game's record a search reads: those since the last capture, which
 * a game ends (X15) long before reaching. */
#define RECORD_WINDOW 1024
#define STACK_SIZE (RECORD_WINDOW + MAX_PLY + 4)

#define SCORE_TT_MOVE 4000000
#define SCORE_GOOD_CAPTURE 2000000
#define SCORE_KILLER_1 1000000
#define SCORE_KILLER_2 900000
#define SCORE_BAD_CAPTURE (-2000000)

typedef struct
{
  XqPosition pos;
  XqEvalState eval;
  CaturSearch *search;
  int root_index;              /* where the root stands in keys[] */
  int root_plies;              /* the record's plies at the root, for the 400-ply draw */
  int blind_side;              /* the side whose less visible captures are overlooked, or -1 */
  guint64 keys[STACK_SIZE];
  guint8 gave_check[STACK_SIZE];
  guint32 move_to[MAX_PLY + 4];  /* the move that led to each ply, 0 for a null move */
  int static_eval[MAX_PLY + 4];
} Engine;

typedef struct
{
  XqUndo undo;
  XqEvalState eval;
} Saved;

typedef struct
{
  XqMove move;
  int score;
} ScoredMove;

static guint8 lmr_table[64][64];

static void
init_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
          lmr_table[d][m] = (guint8) CLAMP (0.6 + log (d) * log (m) / 2.2, 0, 20);
      xq_eval_init ();
      g_once_init_leave (&done, 1);
    }
}

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

static inline void
engine_make (Engine *e,
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
}

static inline void
engine_unmake (Engine      *e,
               XqMove       move,
               const Saved *saved)
{
  xq_unmake (&e->pos, move, &saved->undo);
  e->eval = saved->eval;
}

/* RULES §1.4 applied at the first repetition: see the top of the file. */
static gboolean
repetition (Engine *e,
            int     ply,
            int    *score)
{
  int index = e->root_index + ply;
  guint64 key = e->keys[index];
  /* A capture can never be undone: nothing before the last one comes back. */
  int limit = MAX (index - (int) e->pos.halfmove, 0);

  for (int j = index - 4; j >= limit; j -= 2)
    {
      gboolean mover_checked = TRUE, other_checked = TRUE;

      if (e->keys[j] != key)
        continue;

      /* The ply that led to index t was played by the side that just moved when
       * index - t is even. */
      for (int t = index; t > j; t--)
        {
          if ((index - t) % 2 == 0)
            mover_checked &= e->gave_check[t];
          else
            other_checked &= e->gave_check[t];
        }
      if (mover_checked && !other_checked)
        *score = WIN_BY_RULE - ply;
      else if (other_checked && !mover_checked)
        *score = -(WIN_BY_RULE - ply);
      else
        *score = 0;
      return TRUE;
    }
  return FALSE;
}

/* Captures the blinkered side does not see: those of its cannons and horses. */
static inline gboolean
overlooked (Engine *e,
            XqMove  move)
{
  guint8 piece = e->pos.cell[move.from];

  return e->pos.cell[move.to] != 0
         && ((piece & 7) == XQ_CANNON || (piece & 7) == XQ_HORSE);
}

static int
filter_blind (Engine *e,
              XqMove *moves,
              int     n)
{
  int kept = 0;

  for (int i = 0; i < n; i++)
    if (!overlooked (e, moves[i]))
      moves[kept++] = moves[i];
  return kept;
}

static inline int
capture_score (const guint8 *cell,
               XqMove        move)
{
  return xq_piece_value[cell[move.to] & 7] * 16 - (cell[move.from] & 7);
}

/* A capture that gives more than it takes into a defended point. */
static inline gboolean
losing_capture (Engine *e,
                XqMove  move)
{
  const guint8 *cell = e->pos.cell;
  int victim = xq_piece_value[cell[move.to] & 7];
  int attacker = xq_piece_value[cell[move.from] & 7];

  return victim < attacker && xq_square_attacked (&e->pos, move.to, e->pos.side ^ 1);
}

static inline XqMove
pick_next (ScoredMove *list,
           int         n,
           int         from)
{
  int best = from;
  ScoredMove swap;

  for (int i = from + 1; i < n; i++)
    if (list[i].score > list[best].score)
      best = i;
  swap = list[from];
  list[from] = list[best];
  list[best] = swap;
  return list[from].move;
}

static int
evaluate (Engine *e)
{
  return xq_evaluate (&e->pos, &e->eval);
}

/* Moves in stages, each generated only when the ones before did not cut off: the table's
 * move, captures that win or trade, the killers, the countermove, the quiet moves by history,
 * and last the captures that give more than they take. */
enum
{
  STAGE_TT,
  STAGE_CAPTURES,
  STAGE_KILLERS,
  STAGE_COUNTERMOVE,
  STAGE_GENERATE_QUIETS,
  STAGE_QUIETS,
  STAGE_BAD_CAPTURES,
  STAGE_DONE,
};

typedef struct
{
  Engine *e;
  int ply;
  int stage;
  guint32 tt_move;
  guint32 killers[2];
  guint32 countermove;
  gboolean blind;              /* overlook the less visible captures */
  ScoredMove list[XQ_MAX_MOVES];
  int n;
  int next;
  ScoredMove bad[XQ_MAX_MOVES];
  int n_bad;
  int legal;                   /* legal moves met so far, searched or pruned */
  int overlooked;
} MovePicker;

static void
picker_init (MovePicker *picker,
             Engine     *e,
             int         ply,
             guint32     tt_move,
             gboolean    in_check)
{
  picker->e = e;
  picker->ply = ply;
  picker->stage = tt_move != 0 ? STAGE_TT : STAGE_CAPTURES;
  picker->tt_move = tt_move;
  picker->killers[0] = e->search->killers[ply][0];
  picker->killers[1] = e->search->killers[ply][1];
  picker->countermove = catur_search_countermove (e->search, e->move_to[ply]);
  if (picker->countermove == tt_move || picker->countermove == picker->killers[0]
      || picker->countermove == picker->killers[1])
    picker->countermove = 0;
  picker->blind = e->blind_side == e->pos.side && !in_check;
  picker->n = picker->next = picker->n_bad = 0;
  picker->legal = 0;
  picker->overlooked = 0;
}

static gboolean
picker_next (MovePicker *picker,
             XqMove     *move,
             int        *stage)
{
  Engine *e = picker->e;
  XqPosition *pos = &e->pos;
  XqMove moves[XQ_MAX_MOVES];

  for (;;)
    {
      switch (picker->stage)
        {
        case STAGE_TT:
          picker->stage = STAGE_CAPTURES;
          *move = code_move (picker->tt_move);
          if (picker->blind && overlooked (e, *move))
            {
              picker->overlooked++;
              continue;
            }
          picker->legal++;
          *stage = STAGE_TT;
          return TRUE;

        case STAGE_CAPTURES:
          if (picker->n == 0 && picker->next == 0)
            {
              int n = xq_generate_captures (pos, moves);

              for (int i = 0; i < n; i++)
                {
                  ScoredMove *slot;

                  if (move_code (moves[i]) == picker->tt_move)
                    continue;
                  if (picker->blind && overlooked (e, moves[i]))
                    {
                      picker->overlooked++;
                      continue;
                    }
                  slot = losing_capture (e, moves[i]) ? &picker->bad[picker->n_bad++]
                                                      : &picker->list[picker->n++];
                  slot->move = moves[i];
                  slot->score = capture_score (pos->cell, moves[i]);
                }
            }
          if (picker->next < picker->n)
            {
              *move = pick_next (picker->list, picker->n, picker->next++);
              picker->legal++;
              *stage = STAGE_CAPTURES;
              return TRUE;
            }
          picker->stage = STAGE_KILLERS;
          picker->next = 0;
          break;

        case STAGE_KILLERS:
          while (picker->next < 2)
            {
              guint32 code = picker->killers[picker->next++];

              *move = code_move (code);
              if (code == 0 || code == picker->tt_move || pos->cell[move->to] != 0
                  || !xq_is_legal_fast (pos, *move))
                continue;
              picker->legal++;
              *stage = STAGE_KILLERS;
              return TRUE;
            }
          picker->stage = STAGE_COUNTERMOVE;
          break;

        case STAGE_COUNTERMOVE:
          picker->stage = STAGE_GENERATE_QUIETS;
          *move = code_move (picker->countermove);
          if (picker->countermove != 0 && pos->cell[move->to] == 0
              && xq_is_legal_fast (pos, *move))
            {
              picker->legal++;
              *stage = STAGE_COUNTERMOVE;
              return TRUE;
            }
          picker->countermove = 0;
          break;

        case STAGE_GENERATE_QUIETS:
          picker->stage = STAGE_QUIETS;
          picker->n = picker->next = 0;
          {
            int n = xq_legal_moves (pos, moves);
            CaturSearch *s = e->search;

            for (int i = 0; i < n; i++)
              {
                guint32 code = move_code (moves[i]);

                if (pos->cell[moves[i].to] != 0 || code == picker->tt_move
                    || code == picker->killers[0] || code == picker->killers[1]
                    || code == picker->countermove)
                  continue;
                picker->list[picker->n].move = moves[i];
                picker->list[picker->n].score = catur_search_history (s, pos->side, code);
                picker->n++;
              }
          }
          break;

        case STAGE_QUIETS:
          if (picker->next < picker->n)
            {
              *move = pick_next (picker->list, picker->n, picker->next++);
              picker->legal++;
              *stage = STAGE_QUIETS;
              return TRUE;
            }
          picker->stage = STAGE_BAD_CAPTURES;
          picker->next = 0;
          break;

        case STAGE_BAD_CAPTURES:
          if (picker->next < picker->n_bad)
            {
              *move = pick_next (picker->bad, picker->n_bad, picker->next++);
              picker->legal++;
              *stage = STAGE_BAD_CAPTURES;
              return TRUE;
            }
          picker->stage = STAGE_DONE;
          break;

        default:
          return FALSE;
        }
    }
}

/* The value of the biggest piece `side` has besides its general. */
static inline int
best_victim (const XqEvalState *state,
             int                side)
{
  static const int kinds[] = { XQ_CHARIOT, XQ_CANNON, XQ_HORSE, XQ_ADVISOR, XQ_ELEPHANT };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (state->count[side][kinds[i]] > 0)
      return xq_piece_value[kinds[i]];
  /* A pawn near the palace is worth about two. */
  return 2 * xq_piece_value[XQ_PAWN];
}

static int
qsearch (Engine *e,
         int     alpha,
         int     beta,
         int     ply)
{
  CaturSearch *s = e->search;
  XqMove moves[XQ_MAX_MOVES];
  ScoredMove list[XQ_MAX_MOVES];
  int n, best, stand_pat = -INFINITE, alpha_start = alpha;
  guint32 best_move = 0;
  const CaturTTEntry *entry;
  gboolean in_check;

  catur_search_clear_pv (s, ply);
  if (catur_search_count_node (s))
    return 0;
  if ((guint) ply > s->seldepth)
    s->seldepth = ply;
  if (ply >= MAX_PLY - 2)
    return evaluate (e);

  entry = catur_tt_probe (s->tt, e->pos.key);
  if (entry != NULL && beta - alpha == 1)
    {
      int tt_score = catur_score_from_tt (entry->score, ply);
      int bound = catur_tt_entry_bound (entry);

      if (bound == CATUR_TT_EXACT || (bound == CATUR_TT_LOWER && tt_score >= beta)
          || (bound == CATUR_TT_UPPER && tt_score <= alpha))
        return tt_score;
    }

  in_check = e->gave_check[e->root_index + ply];
  if (in_check)
    {
      n = xq_legal_moves (&e->pos, moves);
      if (n == 0)
        return -MATE + ply;
      best = -INFINITE;
    }
  else
    {
      stand_pat = entry != NULL && entry->eval != CATUR_TT_NO_EVAL ? entry->eval : evaluate (e);
      if (stand_pat >= beta)
        {
          if (entry == NULL)
            catur_tt_store (s->tt, e->pos.key, 0, stand_pat, stand_pat, 0, CATUR_TT_LOWER, ply);
          return stand_pat;
        }
      if (stand_pat > alpha)
        alpha = stand_pat;
      best = stand_pat;
      /* Not even taking the best piece there is would reach alpha. */
      if (stand_pat + best_victim (&e->eval, e->pos.side ^ 1) + 150 <= alpha)
        return stand_pat;
      n = xq_generate_captures (&e->pos, moves);
      if (e->blind_side == e->pos.side)
        n = filter_blind (e, moves, n);
    }

  for (int i = 0; i < n; i++)
    {
      list[i].move = moves[i];
      list[i].score = e->pos.cell[moves[i].to] != 0 ? SCORE_GOOD_CAPTURE
                                                      + capture_score (e->pos.cell, moves[i])
                                                    : 0;
    }

  for (int i = 0; i < n; i++)
    {
      XqMove move = pick_next (list, n, i);
      Saved saved;
      int score;

      if (!in_check)
        {
          int victim = xq_piece_value[e->pos.cell[move.to] & 7];

          /* Even winning the piece for nothing would not reach alpha. */
          if (stand_pat + victim + 150 <= alpha)
            continue;
          if (losing_capture (e, move))
            continue;
        }

      engine_make (e, move, ply, &saved);
      score = -qsearch (e, -beta, -alpha, ply + 1);
      engine_unmake (e, move, &saved);
      if (s->stop)
        return 0;

      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              best_move = move_code (move);
              if (score >= beta)
                break;
            }
        }
    }

  catur_tt_store (s->tt, e->pos.key, best_move, best,
                  in_check ? CATUR_TT_NO_EVAL : stand_pat, 0,
                  best >= beta ? CATUR_TT_LOWER
                  : best > alpha_start && best_move != 0 ? CATUR_TT_EXACT : CATUR_TT_UPPER,
                  ply);
  return best;
}

static int search (Engine *e, int depth, int alpha, int beta, int ply, gboolean null_ok);

static int
search (Engine   *e,
        int       depth,
        int       alpha,
        int       beta,
        int       ply,
        gboolean  null_ok)
{
  CaturSearch *s = e->search;
  XqPosition *pos = &e->pos;
  const gboolean pv_node = beta - alpha > 1;
  const int us = pos->side;
  const CaturTTEntry *entry;
  guint32 quiets[XQ_MAX_MOVES];
  int n_quiets = 0;
  guint32 tt_move = 0, best_move = 0;
  int best = -INFINITE, alpha_start = alpha;
  int static_eval, searched = 0, score, stage;
  gboolean in_check, improving;
  gboolean have_tt_move = FALSE;
  MovePicker picker;
  XqMove move;

  catur_search_clear_pv (s, ply);

  if (ply > 0)
    {
      int rule_score;

      if (e->root_plies + ply >= MOVE_LIMIT_PLIES)
        return 0;
      if (repetition (e, ply, &rule_score))
        return rule_score;
      /* No line from here can beat a mate already found nearer the root. */
      alpha = MAX (alpha, -MATE + ply);
      beta = MIN (beta, MATE - ply - 1);
      if (alpha >= beta)
        return alpha;
    }

  in_check = e->gave_check[e->root_index + ply];
  if (in_check)
    depth++;
  if (depth <= 0)
    return qsearch (e, alpha, beta, ply);

  if (catur_search_count_node (s))
    return 0;
  if ((guint) ply > s->seldepth)
    s->seldepth = ply;
  if (ply >= MAX_PLY - 2)
    return evaluate (e);

  entry = catur_tt_probe (s->tt, pos->key);
  if (entry != NULL)
    {
      int tt_score = catur_score_from_tt (entry->score, ply);
      int bound = catur_tt_entry_bound (entry);

      tt_move = entry->move;
      if (!pv_node && entry->depth >= depth
          && (bound == CATUR_TT_EXACT
              || (bound == CATUR_TT_LOWER && tt_score >= beta)
              || (bound == CATUR_TT_UPPER && tt_score <= alpha)))
        return tt_score;
    }

  if (in_check)
    static_eval = -INFINITE;
  else if (entry != NULL && entry->eval != CATUR_TT_NO_EVAL)
    static_eval = entry->eval;
  else
    static_eval = evaluate (e);
  e->static_eval[ply] = static_eval;
  improving = !in_check && ply >= 2 && static_eval > e->static_eval[ply - 2];

  if (!pv_node && !in_check && ABS (beta) < MATE_BOUND)
    {
      /* Far above beta with little depth left: the opponent will not get back in time. */
      if (depth <= 5 && static_eval - 90 * depth + (improving ? 30 : 0) >= beta)
        return static_eval;

      /* Passing still fails high: any real move would too. */
      if (null_ok && depth >= 3 && static_eval >= beta && xq_eval_can_null (&e->eval, us))
        {
          int reduction = 3 + depth / 5 + MIN ((static_eval - beta) / 200, 2);
          int index = e->root_index + ply + 1;
          XqUndo undo;

          xq_make_null (pos, &undo);
          e->move_to[ply + 1] = 0;
          e->keys[index] = pos->key;
          e->gave_check[index] = 0;
          score = -search (e, depth - 1 - reduction, -beta, -beta + 1, ply + 1, FALSE);
          xq_unmake_null (pos, &undo);
          if (s->stop)
            return 0;
          if (score >= beta)
            return score >= MATE_BOUND ? beta : score;
        }
    }

  if (tt_move != 0)
    have_tt_move = xq_is_legal_fast (pos, code_move (tt_move));
  /* Without a move to try first, a deep search here is not worth its full depth. */
  if (!have_tt_move && depth >= 5)
    depth--;

  picker_init (&picker, e, ply, have_tt_move ? tt_move : 0, in_check);
  while (picker_next (&picker, &move, &stage))
    {
      guint32 code = move_code (move);
      gboolean capture = pos->cell[move.to] != 0;
      gboolean quiet_late = stage == STAGE_QUIETS;
      int new_depth = depth - 1, reduction = 0;
      gboolean gives_check;
      Saved saved;

      /* Shallow quiet moves late in the list rarely matter when the position is already
       * bad: skip them, but never before one move has been searched. */
      if (!pv_node && !in_check && searched > 0 && quiet_late && best > -MATE_BOUND)
        {
          if (depth <= 3 && searched >= 3 + depth * depth * (improving ? 2 : 1))
            continue;
          if (depth <= 2 && static_eval + 110 * depth + 40 <= alpha)
            continue;
        }

      engine_make (e, move, ply, &saved);
      gives_check = e->gave_check[e->root_index + ply + 1];

      if (depth >= 3 && searched >= (pv_node ? 4 : 2) && quiet_late && !in_check
          && !gives_check)
        {
          reduction = lmr_table[MIN (depth, 63)][MIN (searched, 63)];
          if (pv_node)
            reduction--;
          if (!improving)
            reduction++;
          reduction -= catur_search_history (s, us, code) / 6000;
          reduction = CLAMP (reduction, 0, new_depth - 1);
        }

      if (searched == 0)
        score = -search (e, new_depth, -beta, -alpha, ply + 1, TRUE);
      else
        {
          score = -search (e, new_depth - reduction, -alpha - 1, -alpha, ply + 1, TRUE);
          if (score > alpha && reduction > 0)
            score = -search (e, new_depth, -alpha - 1, -alpha, ply + 1, TRUE);
          if (pv_node && score > alpha && score < beta)
            score = -search (e, new_depth, -beta, -alpha, ply + 1, TRUE);
        }
      engine_unmake (e, move, &saved);
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
                  if (!capture)
                    catur_search_quiet_cutoff (s, us, ply, code, e->move_to[ply], quiets,
                                               n_quiets, depth);
                  break;
                }
            }
        }
      if (!capture && n_quiets < XQ_MAX_MOVES)
        quiets[n_quiets++] = code;
    }

  if (picker.legal == 0)
    /* No legal move loses, in check or not (X13); the blinkered side's overlooked
     * captures do not count as none. */
    return picker.overlooked > 0 ? static_eval : -MATE + ply;
  if (searched == 0)
    /* Every move was pruned: cannot happen before one was searched. */
    return alpha;

  catur_tt_store (s->tt, pos->key, best_move, best,
                  in_check ? CATUR_TT_NO_EVAL : static_eval, depth,
                  best >= beta ? CATUR_TT_LOWER
                  : best > alpha_start && best_move != 0 ? CATUR_TT_EXACT : CATUR_TT_UPPER,
                  ply);
  return best;
}

/* The root: see CaturSearchRootFunc. */
static int
root_search (CaturSearch *s,
             int          depth,
             int          alpha,
             int          beta,
             gpointer     user_data)
{
  Engine *e = user_data;
  int best = -INFINITE;

  for (guint i = 0; i < s->n_root_moves; i++)
    {
      XqMove move = code_move (s->root_moves[i].code);
      guint64 nodes = s->nodes;
      Saved saved;
      int score;

      engine_make (e, move, 0, &saved);
      if (i == 0)
        score = -search (e, depth - 1, -beta, -alpha, 1, TRUE);
      else
        {
          /* Within the level's margin the scores must be exact for its random pick. */
          int lower = MAX (alpha - s->margin, -INFINITE + 1);

          score = -search (e, depth - 1, -lower - 1, -lower, 1, TRUE);
          if (score > lower && score < beta)
            score = -search (e, depth - 1, -beta, -lower, 1, TRUE);
        }
      engine_unmake (e, move, &saved);
      if (s->stop)
        break;

      s->root_moves[i].nodes = s->nodes - nodes;
      s->root_moves[i].score = score;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              catur_search_root_improved (s, i, score);
              alpha = score;
            }
          if (score >= beta)
            break;
        }
    }
  return best;
}

/* Root moves in a sensible first order: the table's move, captures of the biggest pieces,
 * then the rest. */
static void
add_root_moves (Engine *e)
{
  XqMove moves[XQ_MAX_MOVES];
  ScoredMove list[XQ_MAX_MOVES];
  const CaturTTEntry *entry = catur_tt_probe (e->search->tt, e->pos.key);
  int n = xq_legal_moves (&e->pos, moves);

  for (int i = 0; i < n; i++)
    {
      list[i].move = moves[i];
      if (entry != NULL && entry->move == move_code (moves[i]))
        list[i].score = SCORE_TT_MOVE;
      else if (e->pos.cell[moves[i].to] != 0)
        list[i].score = SCORE_GOOD_CAPTURE + capture_score (e->pos.cell, moves[i]);
      else
        list[i].score = 0;
    }
  for (int i = 0; i < n; i++)
    catur_search_add_root_move (e->search, move_code (pick_next (list, n, i)));
}

/* The game's record since the last capture, for the repetition rules: nothing before it can
 * come back, and repetition() looks no further. A record that does not end with the position
 * (or none) leaves the root alone. */
static void
load_history (Engine                *e,
              const CaturRepetition *history)
{
  const XqPosition *pos = &e->pos;
  guint length = history != NULL ? catur_repetition_get_length (history) : 0;

  if (length > 0 && catur_repetition_get_key (history, length - 1) == pos->key)
    {
      guint window = MIN (MIN (length, (guint) pos->halfmove + 1), RECORD_WINDOW);
      guint skipped = length - window;

      for (guint i = 0; i < window; i++)
        {
          e->keys[i] = catur_repetition_get_key (history, skipped + i);
          e->gave_check[i] = (catur_repetition_get_flags (history, skipped + i)
                              & CATUR_REPETITION_GAVE_CHECK) != 0;
        }
      e->root_index = window - 1;
    }
  else
    {
      e->root_index = 0;
      e->keys[0] = pos->key;
    }
  /* The search reads at the root whether the side to move is in check. */
  e->gave_check[e->root_index] = (guint8) xq_in_check (pos, pos->side);
  e->root_plies = pos->plies;
}

gboolean
xq_engine_think (XqPosition              *pos,
                 const CaturSearchLimits *limits,
                 CaturSearchInfoFunc      info_func,
                 gpointer                 info_data,
                 GCancellable            *cancellable,
                 CaturSearchResult       *result)
{
  g_autofree Engine *e = NULL;
  g_autoptr(CaturSearch) search = NULL;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (limits != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  init_tables ();
  e = g_new0 (Engine, 1);
  e->pos = *pos;
  xq_eval_state_compute (&e->pos, &e->eval);
  load_history (e, limits->history);

  search = catur_search_new (limits, pos->key, info_func, info_data, cancellable);
  e->search = search;
  e->blind_side = search->blinkers ? (pos->side ^ 1) : -1;

  if (pos->side <= XQ_BLACK && pos->king[pos->side] < XQ_SQUARES)
    add_root_moves (e);
  catur_search_run (search, root_search, e, result);
  return TRUE;
}
