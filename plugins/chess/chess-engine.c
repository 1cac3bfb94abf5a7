/* chess-engine.c: the computer player's search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Principal-variation search with a transposition table, check extension, null-move pruning
 * (not in check, and only with a piece besides pawns: zugzwang belongs to pawn endings),
 * late-move reductions and pruning, reverse futility and futility pruning, and a quiescence
 * search of the captures that the static exchange evaluation (SEE) does not call losing.
 * Iterative deepening, the table, killers, history, countermoves, the clock and the level
 * come from libcatur (catur-search.h); this file is the part that knows the board.
 *
 * Draws are scored 0 inside the search as soon as they can be claimed or are automatic: a
 * position met before (in the search or in the game's record, the limits' history) since the
 * last pawn move or capture, 100 plies without either (unless the move before them mated:
 * RULES C4), and material that can never mate (C5). A second occurrence in the search is
 * treated as a draw already: the side that could avoid it chose not to.
 */
#define G_LOG_DOMAIN "chess"

#include "config.h"

#include <math.h>

#include "chess-engine.h"

#define MAX_PLY CATUR_SEARCH_MAX_PLY
#define INFINITE CATUR_SCORE_INFINITE
#define MATE CATUR_SCORE_MATE
#define MATE_BOUND CATUR_SCORE_MATE_BOUND
#define FIFTY_MOVE_PLIES 100
/* The positions a search reads from the game's record: at most those since the last pawn
 * move or capture, and the 50-move rule ends a game long before this many. */
#define RECORD_WINDOW 1024
#define STACK_SIZE (RECORD_WINDOW + MAX_PLY + 4)

#define SCORE_TT_MOVE 4000000
#define SCORE_GOOD_CAPTURE 2000000

typedef struct
{
  ChessPosition pos;
  CaturSearch *search;
  int root_index;              /* where the root stands in keys[] */
  int blind_side;              /* the side whose less visible captures are overlooked, or -1 */
  guint64 keys[STACK_SIZE];
  guint8 in_check[MAX_PLY + 4];
  guint32 move_to[MAX_PLY + 4];  /* the move that led to each ply, 0 for a null move */
  int static_eval[MAX_PLY + 4];
} Engine;

typedef struct
{
  ChessMove move;
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
          lmr_table[d][m] = (guint8) CLAMP (0.75 + log (d) * log (m) / 2.25, 0, 20);
      ch_eval_init ();
      g_once_init_leave (&done, 1);
    }
}

guint32
ch_engine_move_code (ChessMove move)
{
  CaturMove m = { CH_MOVE_FROM (move), CH_MOVE_TO (move), 0, 0 };

  if (move == CH_MOVE_NONE)
    return 0;
  switch (CH_MOVE_TYPE (move))
    {
    case CH_MOVE_PROMOTION:
      m.piece = CH_MOVE_PROMO (move);
      m.flags = CATUR_MOVE_PROMOTE;
      break;
    case CH_MOVE_CASTLING:
      m.flags = CATUR_MOVE_CASTLE;
      break;
    default:
      break;
    }
  return catur_move_pack (&m);
}

ChessMove
ch_engine_code_move (const ChessPosition *pos,
                     guint32              code)
{
  CaturMove m = catur_move_unpack (code);
  int from = m.from & 63, to = m.to & 63;

  if (code == 0 || m.from >= CH_SQUARES || m.to >= CH_SQUARES)
    return CH_MOVE_NONE;
  if (m.flags & CATUR_MOVE_CASTLE)
    return CH_MOVE (from, to, CH_MOVE_CASTLING, 0);
  if ((m.flags & CATUR_MOVE_PROMOTE) && m.piece >= CH_KNIGHT && m.piece <= CH_QUEEN)
    return CH_MOVE (from, to, CH_MOVE_PROMOTION, m.piece);
  if (CH_KIND_OF (pos->board[from]) == CH_PAWN && CH_FILE (from) != CH_FILE (to)
      && pos->board[to] == 0)
    return CH_MOVE (from, to, CH_MOVE_EN_PASSANT, 0);
  return CH_MOVE (from, to, CH_MOVE_NORMAL, 0);
}

static inline gboolean
is_capture (const ChessPosition *pos,
            ChessMove            move)
{
  return pos->board[CH_MOVE_TO (move)] != 0 || CH_MOVE_TYPE (move) == CH_MOVE_EN_PASSANT;
}

/* A capture, or a promotion to a queen: the moves of the quiescence search. */
static inline gboolean
is_tactical (const ChessPosition *pos,
             ChessMove            move)
{
  return is_capture (pos, move)
         || (CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION && CH_MOVE_PROMO (move) == CH_QUEEN);
}

static inline int
captured_value (const ChessPosition *pos,
                ChessMove            move)
{
  if (CH_MOVE_TYPE (move) == CH_MOVE_EN_PASSANT)
    return ch_piece_value[CH_PAWN];
  return ch_piece_value[CH_KIND_OF (pos->board[CH_MOVE_TO (move)])];
}

int
ch_engine_see (const ChessPosition *pos,
               ChessMove            move)
{
  int from = CH_MOVE_FROM (move), to = CH_MOVE_TO (move);
  int gain[40], d = 0, side, on_square;
  guint64 occupied, attackers;

  if (CH_MOVE_TYPE (move) == CH_MOVE_CASTLING)
    return 0;

  occupied = ch_occupied (pos) ^ CH_BIT (from);
  gain[0] = captured_value (pos, move);
  on_square = ch_piece_value[CH_KIND_OF (pos->board[from])];
  if (CH_MOVE_TYPE (move) == CH_MOVE_EN_PASSANT)
    occupied ^= CH_BIT (to + (pos->side == CH_WHITE ? -8 : 8));
  else if (CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION)
    {
      gain[0] += ch_piece_value[CH_MOVE_PROMO (move)] - ch_piece_value[CH_PAWN];
      on_square = ch_piece_value[CH_MOVE_PROMO (move)];
    }
  occupied |= CH_BIT (to);
  attackers = ch_attackers_to (pos, to, occupied) & occupied;
  side = pos->side ^ 1;

  for (;;)
    {
      guint64 own = attackers & pos->by_side[side], least = 0;
      int kind;

      if (own == 0 || d >= (int) G_N_ELEMENTS (gain) - 1)
        break;
      for (kind = CH_PAWN; kind <= CH_KING; kind++)
        if ((least = own & pos->by_kind[kind]) != 0)
          break;
      /* A king takes only what nobody defends. */
      if (kind == CH_KING && (attackers & pos->by_side[side ^ 1]) != 0)
        break;
      d++;
      gain[d] = on_square - gain[d - 1];
      on_square = ch_piece_value[kind];
      occupied ^= least & -least;
      attackers = ch_attackers_to (pos, to, occupied) & occupied;
      side ^= 1;
    }
  while (d > 0)
    {
      gain[d - 1] = -MAX (-gain[d - 1], gain[d]);
      d--;
    }
  return gain[0];
}

static inline void
engine_make (Engine    *e,
             ChessMove  move,
             int        ply,
             ChessUndo *undo)
{
  e->move_to[ply + 1] = ch_engine_move_code (move);
  ch_make (&e->pos, move, undo);
  e->keys[e->root_index + ply + 1] = e->pos.key;
  e->in_check[ply + 1] = (guint8) ch_in_check (&e->pos);
}

/* A position met before since the last irreversible move: see the top of the file. */
static gboolean
repeated (Engine *e,
          int     ply)
{
  int index = e->root_index + ply;
  guint64 key = e->keys[index];
  int limit = MAX (index - (int) e->pos.halfmove, 0);

  for (int j = index - 4; j >= limit; j -= 2)
    if (e->keys[j] == key)
      return TRUE;
  return FALSE;
}

/* Captures the blinkered side does not see coming: those of the opponent's knights, the
 * piece that strikes from an unexpected angle, except of the queen, which a player watches
 * (Beginner loses pieces to forks, not its queen for nothing). */
static inline gboolean
overlooked (Engine    *e,
            ChessMove  move)
{
  const guint8 *board = e->pos.board;

  return CH_KIND_OF (board[CH_MOVE_FROM (move)]) == CH_KNIGHT && board[CH_MOVE_TO (move)] != 0
         && CH_KIND_OF (board[CH_MOVE_TO (move)]) != CH_QUEEN;
}

static inline int
mvv_lva (const ChessPosition *pos,
         ChessMove            move)
{
  int promo = CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION ? ch_piece_value[CH_MOVE_PROMO (move)] : 0;

  return (captured_value (pos, move) + promo) * 16 - CH_KIND_OF (pos->board[CH_MOVE_FROM (move)]);
}

static inline ChessMove
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

/* Moves in stages, each generated only when the ones before did not cut off: the table's
 * move, captures that win or trade (by SEE), the killers, the countermove, the quiet moves by
 * history, and last the captures that lose material. */
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
  int stage;
  ChessMove tt_move;
  ChessMove killers[2];
  ChessMove countermove;
  gboolean blind;              /* overlook the less visible captures */
  ScoredMove list[CH_MAX_MOVES];
  int n;
  int next;
  ScoredMove bad[CH_MAX_MOVES];
  int n_bad;
  ChessMove tactical[CH_MAX_MOVES];  /* the moves of the captures' stage, not to repeat */
  int n_tactical;
  int legal;                   /* legal moves met so far, searched or pruned */
  int overlooked;
} MovePicker;

static void
picker_init (MovePicker *picker,
             Engine     *e,
             int         ply,
             ChessMove   tt_move,
             gboolean    in_check)
{
  CaturSearch *s = e->search;
  ChessPosition *pos = &e->pos;

  picker->e = e;
  picker->stage = tt_move != CH_MOVE_NONE ? STAGE_TT : STAGE_CAPTURES;
  picker->tt_move = tt_move;
  for (int i = 0; i < 2; i++)
    {
      ChessMove killer = ch_engine_code_move (pos, s->killers[ply][i]);

      picker->killers[i] = killer != tt_move && !is_tactical (pos, killer) ? killer
                                                                          : CH_MOVE_NONE;
    }
  picker->countermove = ch_engine_code_move (pos, catur_search_countermove (s, e->move_to[ply]));
  if (picker->countermove == tt_move || picker->countermove == picker->killers[0]
      || picker->countermove == picker->killers[1] || is_tactical (pos, picker->countermove))
    picker->countermove = CH_MOVE_NONE;
  picker->blind = e->blind_side == pos->side && !in_check;
  picker->n = picker->next = picker->n_bad = picker->n_tactical = 0;
  picker->legal = 0;
  picker->overlooked = 0;
}

static gboolean
was_tactical (const MovePicker *picker,
              ChessMove         move)
{
  for (int i = 0; i < picker->n_tactical; i++)
    if (picker->tactical[i] == move)
      return TRUE;
  return FALSE;
}

static gboolean
picker_next (MovePicker *picker,
             ChessMove  *move,
             int        *stage)
{
  Engine *e = picker->e;
  ChessPosition *pos = &e->pos;
  ChessMove moves[CH_MAX_MOVES];

  for (;;)
    {
      switch (picker->stage)
        {
        case STAGE_TT:
          picker->stage = STAGE_CAPTURES;
          *move = picker->tt_move;
          if (picker->blind && overlooked (e, *move))
            {
              picker->overlooked++;
              continue;
            }
          picker->legal++;
          *stage = STAGE_TT;
          return TRUE;

        case STAGE_CAPTURES:
          /* Generated on the first call of the stage: the list of captures is never empty
           * afterwards. */
          if (picker->n_tactical == 0)
            {
              int n = ch_generate_captures (pos, moves);

              for (int i = 0; i < n; i++)
                {
                  ScoredMove *slot;

                  picker->tactical[picker->n_tactical++] = moves[i];
                  if (moves[i] == picker->tt_move)
                    continue;
                  if (picker->blind && overlooked (e, moves[i]))
                    {
                      picker->overlooked++;
                      continue;
                    }
                  slot = ch_engine_see (pos, moves[i]) < 0 ? &picker->bad[picker->n_bad++]
                                                           : &picker->list[picker->n++];
                  slot->move = moves[i];
                  slot->score = mvv_lva (pos, moves[i]);
                }
              if (n == 0)
                picker->tactical[picker->n_tactical++] = CH_MOVE_NONE;
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
              *move = picker->killers[picker->next++];
              if (*move == CH_MOVE_NONE || !ch_is_legal (pos, *move))
                continue;
              picker->legal++;
              *stage = STAGE_KILLERS;
              return TRUE;
            }
          picker->stage = STAGE_COUNTERMOVE;
          break;

        case STAGE_COUNTERMOVE:
          picker->stage = STAGE_GENERATE_QUIETS;
          *move = picker->countermove;
          if (*move != CH_MOVE_NONE && ch_is_legal (pos, *move))
            {
              picker->legal++;
              *stage = STAGE_COUNTERMOVE;
              return TRUE;
            }
          picker->countermove = CH_MOVE_NONE;
          break;

        case STAGE_GENERATE_QUIETS:
          picker->stage = STAGE_QUIETS;
          picker->n = picker->next = 0;
          {
            int n = ch_legal_moves (pos, moves);
            CaturSearch *s = e->search;

            for (int i = 0; i < n; i++)
              {
                ChessMove m = moves[i];

                if (m == picker->tt_move || m == picker->killers[0] || m == picker->killers[1]
                    || m == picker->countermove || was_tactical (picker, m))
                  continue;
                /* A capture the captures' stage did not list (an under-promotion). */
                if (is_capture (pos, m) && picker->blind && overlooked (e, m))
                  {
                    picker->overlooked++;
                    continue;
                  }
                picker->list[picker->n].move = m;
                picker->list[picker->n].score
                  = catur_search_history (s, pos->side, ch_engine_move_code (m));
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

/* The value of the biggest piece `side` has besides its king. */
static inline int
best_victim (const ChessPosition *pos,
             int                  side)
{
  for (int kind = CH_QUEEN; kind >= CH_PAWN; kind--)
    if (ch_pieces (pos, side, kind) != 0)
      return ch_piece_value[kind];
  return 0;
}

static int
qsearch (Engine *e,
         int     alpha,
         int     beta,
         int     ply)
{
  CaturSearch *s = e->search;
  ChessPosition *pos = &e->pos;
  ChessMove moves[CH_MAX_MOVES];
  ScoredMove list[CH_MAX_MOVES];
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
    return ch_evaluate (pos);

  entry = catur_tt_probe (s->tt, pos->key);
  if (entry != NULL && beta - alpha == 1)
    {
      int tt_score = catur_score_from_tt (entry->score, ply);
      int bound = catur_tt_entry_bound (entry);

      if (bound == CATUR_TT_EXACT || (bound == CATUR_TT_LOWER && tt_score >= beta)
          || (bound == CATUR_TT_UPPER && tt_score <= alpha))
        return tt_score;
    }

  in_check = e->in_check[ply];
  if (in_check)
    {
      n = ch_legal_moves (pos, moves);
      if (n == 0)
        return -MATE + ply;
      best = -INFINITE;
    }
  else
    {
      stand_pat = entry != NULL && entry->eval != CATUR_TT_NO_EVAL ? entry->eval
                                                                   : ch_evaluate (pos);
      if (stand_pat >= beta)
        {
          if (entry == NULL)
            catur_tt_store (s->tt, pos->key, 0, stand_pat, stand_pat, 0, CATUR_TT_LOWER, ply);
          return stand_pat;
        }
      if (stand_pat > alpha)
        alpha = stand_pat;
      best = stand_pat;
      /* Not even taking the best piece there is (or queening) would reach alpha. */
      if (stand_pat + MAX (best_victim (pos, pos->side ^ 1), ch_piece_value[CH_QUEEN] / 2) + 200
          <= alpha)
        return stand_pat;
      n = ch_generate_captures (pos, moves);
      if (e->blind_side == pos->side)
        {
          int kept = 0;

          for (int i = 0; i < n; i++)
            if (!overlooked (e, moves[i]))
              moves[kept++] = moves[i];
          n = kept;
        }
    }

  for (int i = 0; i < n; i++)
    {
      list[i].move = moves[i];
      if (is_tactical (pos, moves[i]))
        list[i].score = SCORE_GOOD_CAPTURE + mvv_lva (pos, moves[i]);
      else
        list[i].score = catur_search_history (s, pos->side, ch_engine_move_code (moves[i]));
    }

  for (int i = 0; i < n; i++)
    {
      ChessMove move = pick_next (list, n, i);
      ChessUndo undo;
      int score;

      if (!in_check)
        {
          int gain = captured_value (pos, move);

          if (CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION)
            gain += ch_piece_value[CH_MOVE_PROMO (move)] - ch_piece_value[CH_PAWN];
          /* Even winning the piece for nothing would not reach alpha. */
          if (stand_pat + gain + 200 <= alpha)
            continue;
          if (ch_engine_see (pos, move) < 0)
            continue;
        }

      engine_make (e, move, ply, &undo);
      score = -qsearch (e, -beta, -alpha, ply + 1);
      ch_unmake (pos, move, &undo);
      if (s->stop)
        return 0;

      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              best_move = ch_engine_move_code (move);
              if (score >= beta)
                break;
            }
        }
    }

  catur_tt_store (s->tt, pos->key, best_move, best,
                  in_check ? CATUR_TT_NO_EVAL : stand_pat, 0,
                  best >= beta ? CATUR_TT_LOWER
                  : best > alpha_start && best_move != 0 ? CATUR_TT_EXACT : CATUR_TT_UPPER,
                  ply);
  return best;
}

static int
search (Engine   *e,
        int       depth,
        int       alpha,
        int       beta,
        int       ply,
        gboolean  null_ok)
{
  CaturSearch *s = e->search;
  ChessPosition *pos = &e->pos;
  const gboolean pv_node = beta - alpha > 1;
  const int us = pos->side;
  const CaturTTEntry *entry;
  guint32 quiets[CH_MAX_MOVES];
  int n_quiets = 0;
  ChessMove tt_move = CH_MOVE_NONE, move;
  guint32 best_move = 0;
  int best = -INFINITE, alpha_start = alpha;
  int static_eval, searched = 0, score, stage;
  gboolean in_check, improving;
  MovePicker picker;

  catur_search_clear_pv (s, ply);
  in_check = e->in_check[ply];

  if (ply > 0)
    {
      if (pos->halfmove >= FIFTY_MOVE_PLIES)
        {
          ChessMove moves[CH_MAX_MOVES];

          /* A mate on the hundredth ply still counts (RULES C4). */
          return in_check && ch_legal_moves (pos, moves) == 0 ? -MATE + ply : 0;
        }
      if (repeated (e, ply) || ch_insufficient_material (pos))
        return 0;
      /* No line from here can beat a mate already found nearer the root. */
      alpha = MAX (alpha, -MATE + ply);
      beta = MIN (beta, MATE - ply - 1);
      if (alpha >= beta)
        return alpha;
    }

  if (in_check)
    depth++;
  if (depth <= 0)
    return qsearch (e, alpha, beta, ply);

  if (catur_search_count_node (s))
    return 0;
  if ((guint) ply > s->seldepth)
    s->seldepth = ply;
  if (ply >= MAX_PLY - 2)
    return ch_evaluate (pos);

  entry = catur_tt_probe (s->tt, pos->key);
  if (entry != NULL)
    {
      int tt_score = catur_score_from_tt (entry->score, ply);
      int bound = catur_tt_entry_bound (entry);

      tt_move = ch_engine_code_move (pos, entry->move);
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
    static_eval = ch_evaluate (pos);
  e->static_eval[ply] = static_eval;
  improving = !in_check && ply >= 2 && static_eval > e->static_eval[ply - 2];

  if (!pv_node && !in_check && ABS (beta) < MATE_BOUND)
    {
      /* Far above beta with little depth left: the opponent will not get back in time. */
      if (depth <= 6 && static_eval - 85 * depth + (improving ? 40 : 0) >= beta)
        return static_eval;

      /* Passing still fails high: any real move would too. */
      if (null_ok && depth >= 3 && static_eval >= beta && ch_eval_has_pieces (pos, us))
        {
          int reduction = 3 + depth / 4 + MIN ((static_eval - beta) / 200, 2);
          ChessUndo undo;

          ch_make_null (pos, &undo);
          e->move_to[ply + 1] = 0;
          e->keys[e->root_index + ply + 1] = pos->key;
          e->in_check[ply + 1] = 0;
          score = -search (e, depth - 1 - reduction, -beta, -beta + 1, ply + 1, FALSE);
          ch_unmake_null (pos, &undo);
          if (s->stop)
            return 0;
          if (score >= beta)
            return score >= MATE_BOUND ? beta : score;
        }
    }

  if (tt_move != CH_MOVE_NONE && !ch_is_legal (pos, tt_move))
    tt_move = CH_MOVE_NONE;
  /* Without a move to try first, a deep search here is not worth its full depth. */
  if (tt_move == CH_MOVE_NONE && depth >= 5)
    depth--;

  picker_init (&picker, e, ply, tt_move, in_check);
  while (picker_next (&picker, &move, &stage))
    {
      guint32 code = ch_engine_move_code (move);
      gboolean tactical = is_tactical (pos, move);
      gboolean quiet_late = stage == STAGE_QUIETS;
      int new_depth = depth - 1, reduction = 0;
      gboolean gives_check;
      ChessUndo undo;

      /* Shallow quiet moves late in the list rarely matter when the position is already
       * bad: skip them, but never before one move has been searched. */
      if (!pv_node && !in_check && searched > 0 && quiet_late && best > -MATE_BOUND)
        {
          if (depth <= 4 && searched >= 3 + depth * depth * (improving ? 2 : 1))
            continue;
          if (depth <= 3 && static_eval + 100 + 110 * depth <= alpha
              && !ch_gives_check (pos, move))
            continue;
        }

      engine_make (e, move, ply, &undo);
      gives_check = e->in_check[ply + 1];

      if (depth >= 3 && searched >= (pv_node ? 3 : 1) && (quiet_late || stage == STAGE_BAD_CAPTURES)
          && !in_check && !gives_check)
        {
          reduction = lmr_table[MIN (depth, 63)][MIN (searched, 63)];
          if (pv_node)
            reduction--;
          if (!improving)
            reduction++;
          if (quiet_late)
            reduction -= catur_search_history (s, us, code) / 6000;
          else
            reduction = MIN (reduction, 1);
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
      ch_unmake (pos, move, &undo);
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
                  break;
                }
            }
        }
      if (!tactical && n_quiets < CH_MAX_MOVES)
        quiets[n_quiets++] = code;
    }

  if (picker.legal == 0)
    {
      /* The blinkered side's overlooked captures do not make its position a mate. */
      if (picker.overlooked > 0)
        return static_eval;
      return in_check ? -MATE + ply : 0;
    }
  if (searched == 0)
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
      ChessMove move = ch_engine_code_move (&e->pos, s->root_moves[i].code);
      guint64 nodes = s->nodes;
      ChessUndo undo;
      int score;

      engine_make (e, move, 0, &undo);
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
      ch_unmake (&e->pos, move, &undo);
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

/* Root moves in a sensible first order: the table's move, captures by what they win, then
 * the rest. */
static void
add_root_moves (Engine *e)
{
  ChessMove moves[CH_MAX_MOVES];
  ScoredMove list[CH_MAX_MOVES];
  const CaturTTEntry *entry = catur_tt_probe (e->search->tt, e->pos.key);
  int n = ch_legal_moves (&e->pos, moves);

  for (int i = 0; i < n; i++)
    {
      list[i].move = moves[i];
      if (entry != NULL && entry->move == ch_engine_move_code (moves[i]))
        list[i].score = SCORE_TT_MOVE;
      else if (is_tactical (&e->pos, moves[i]))
        list[i].score = SCORE_GOOD_CAPTURE + ch_engine_see (&e->pos, moves[i]) * 16
                        + mvv_lva (&e->pos, moves[i]) / 64;
      else
        list[i].score = 0;
    }
  for (int i = 0; i < n; i++)
    catur_search_add_root_move (e->search, ch_engine_move_code (pick_next (list, n, i)));
}

/* The game's record since the last pawn move or capture: nothing before it can come back. A
 * record that does not end with the position (or none) leaves the root alone. */
static void
load_history (Engine                *e,
              const CaturRepetition *history)
{
  ChessPosition *pos = &e->pos;
  guint length = history != NULL ? catur_repetition_get_length (history) : 0;
  guint64 last = length > 0 ? catur_repetition_get_key (history, length - 1) : 0;

  if (length > 0 && (last == pos->key || last == ch_repetition_key (pos)))
    {
      guint window = MIN (MIN (length, (guint) pos->halfmove + 1), RECORD_WINDOW);
      guint skipped = length - window;

      for (guint i = 0; i < window; i++)
        e->keys[i] = catur_repetition_get_key (history, skipped + i);
      e->root_index = window - 1;
    }
  else
    e->root_index = 0;
  e->keys[e->root_index] = pos->key;
  e->in_check[0] = (guint8) ch_in_check (pos);
}

/* Positions from the engine's games and from well-known openings: the start, middle games
 * with castled and uncastled kings, a tactical one with every kind of move (castling both
 * ways, en passant, promotions near), and rook, pawn and queen endings. */
const char * const ch_engine_bench_positions[] = {
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 2 8",
  "r2q1rk1/1p1nbppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R w - - 4 11",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "2r2rk1/pp3ppp/2n1b3/3pP3/3P4/P4N2/1P3PPP/R1R3K1 w - - 1 20",
  "8/5pk1/6p1/3R4/r4P2/6PK/8/8 w - - 5 45",
  "8/8/4kp2/6p1/4K1P1/5P2/8/8 w - - 0 50",
  "6k1/5pp1/7p/8/2q5/5QPP/5P2/6K1 b - - 3 40",
  NULL,
};

gboolean
ch_engine_think (ChessPosition           *pos,
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
  load_history (e, limits->history);

  search = catur_search_new (limits, pos->key, info_func, info_data, cancellable);
  e->search = search;
  e->blind_side = search->blinkers ? (pos->side ^ 1) : -1;

  /* A position without both kings (a set-up in progress) has nothing to search. */
  if (ch_pieces (pos, CH_WHITE, CH_KING) != 0 && ch_pieces (pos, CH_BLACK, CH_KING) != 0)
    add_root_moves (e);
  catur_search_run (search, root_search, e, result);
  return TRUE;
}
