/* shogi-engine.c: the computer player's search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Principal-variation search with a transposition table, check extension, null-move pruning,
 * late-move reductions and pruning, futility pruning and a quiescence search of captures and
 * promotions. Iterative deepening, the table, killers, history, countermoves, the clock and
 * the level come from libcatur (catur-search.h); this file is the part that knows the board.
 *
 * Moves come from the core's pseudo-legal generator, drops included, and are tested for
 * legality once made: the own king attacked, or a pawn drop that mates (uchifuzume, S7c).
 * Inside the tree (never at the root) the search leaves out the moves of a pawn, bishop or
 * rook that could promote and do not: promotion only adds to what those pieces can do, and
 * they would double the branches of every attack for nothing.
 *
 * Sennichite (S10) is judged at the first repetition inside the search or against the game's
 * record (the limits' history): if exactly one side gave check with every move of the cycle,
 * that side loses (perpetual check); otherwise the repetition is a draw. The optional move
 * limit (S11) is a draw too. When the game allows the impasse declaration (S12), the engine
 * declares as soon as the declaration wins, and inside the tree a position where the side to
 * move could declare and win counts as won, so that the search steers for it.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <math.h>
#include <string.h>

#include "shogi-engine.h"

#define MAX_PLY CATUR_SEARCH_MAX_PLY
#define INFINITE CATUR_SCORE_INFINITE
#define MATE CATUR_SCORE_MATE
#define MATE_BOUND CATUR_SCORE_MATE_BOUND
/* Winning by the opponent's perpetual check is as final as a mate at the same distance. */
#define WIN_BY_RULE MATE
/* The most entries of the game's record a search reads for repetitions. */
#define RECORD_WINDOW 512
#define STACK_SIZE (RECORD_WINDOW + MAX_PLY + 4)

/* Evaluations kept by key: the king's safety makes each one dear, and the quiescence search
 * meets the same positions again and again. */
#define EVAL_CACHE_SIZE (1 << 15)

#define SCORE_TT_MOVE 4000000
#define SCORE_GOOD_CAPTURE 2000000
#define SCORE_KILLER_1 1000000
#define SCORE_KILLER_2 900000
#define SCORE_COUNTERMOVE 800000
#define SCORE_BAD_CAPTURE (-2000000)
/* Quiet moves score their history, within ±16384. */
#define SCORE_QUIET_MAX 16384
/* What a quiet move gains or loses in the order by the threats it escapes or walks into. */
#define THREAT_ORDER 6000
/* A move's piece (with its side, promoted when it promotes) and target square, as an index of
 * the continuation history; 0 is no move, since no piece has kind 0. */
#define PIECE_TO (2 * SG_N_KINDS * SG_SQUARES)

typedef struct
{
  SgPosition pos;
  CaturSearch *search;
  int root_index;              /* where the root stands in keys[] */
  int blind_side;              /* the side whose less visible captures are overlooked, or -1 */
  guint64 keys[STACK_SIZE];
  guint8 gave_check[STACK_SIZE];
  guint32 move_to[MAX_PLY + 4];  /* the move that led to each ply, 0 for a null move */
  guint16 piece_to[MAX_PLY + 4]; /* its piece_to_index(), 0 for a null move */
  /* Continuation history: how well a quiet move did after the move one or two plies before
   * it, by the piece each moved (or dropped) and where to. */
  gint16 follow[PIECE_TO][PIECE_TO];
  /* Capture history: how well a capture or promotion did, by the piece, where to and the
   * kind it took (0 for none). */
  gint16 captures[PIECE_TO][SG_N_KINDS];
  int static_eval[MAX_PLY + 4];
  struct
  {
    guint64 key;
    int score;
  } eval_cache[EVAL_CACHE_SIZE];
} Engine;

typedef struct
{
  SgMove move;
  int score;
  gboolean risky;              /* a quiet move to where the piece may be lost */
} ScoredMove;

static guint8 lmr_table[64][64];
/* The key's part for the side to move, for the null move. */
static guint64 side_key;

static void
init_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      SgPosition empty;
      guint64 sente_key;

      for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
          lmr_table[d][m] = (guint8) CLAMP (0.8 + log (d) * log (m) / 1.7, 0, 20);
      sg_init ();
      sg_eval_init ();
      sg_position_clear (&empty);
      empty.side = SG_SENTE;
      sente_key = sg_position_compute_key (&empty);
      empty.side = SG_GOTE;
      side_key = sente_key ^ sg_position_compute_key (&empty);
      g_once_init_leave (&done, 1);
    }
}

guint32
sg_engine_move_code (const SgPosition *pos,
                     SgMove            move)
{
  CaturMove m = { move.from, move.to, 0, 0 };

  if (move.from == SG_DROP_FROM)
    {
      /* Sente's seat is CATUR_SIDE_FIRST, Gote's CATUR_SIDE_SECOND. */
      m.from = CATUR_SQUARE_HAND (pos->side == SG_SENTE ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND,
                                  move.drop);
      m.piece = move.drop;
      m.flags = CATUR_MOVE_DROP;
    }
  else if (move.promote)
    {
      m.piece = (guint8) SG_PROMOTED (SG_CELL_KIND (pos->cell[move.from]));
      m.flags = CATUR_MOVE_PROMOTE;
    }
  return catur_move_pack (&m);
}

SgMove
sg_engine_code_move (guint32 code)
{
  CaturMove m = catur_move_unpack (code);
  SgMove move = { m.from, m.to, 0, (m.flags & CATUR_MOVE_PROMOTE) != 0 };

  if (m.flags & CATUR_MOVE_DROP)
    {
      move.from = SG_DROP_FROM;
      move.drop = catur_square_hand_kind (m.from);
      move.promote = 0;
    }
  return move;
}

static inline guint16
piece_to_index (const SgPosition *pos,
                SgMove            move)
{
  int kind;

  if (move.from == SG_DROP_FROM)
    kind = move.drop;
  else
    {
      kind = SG_CELL_KIND (pos->cell[move.from]);
      if (move.promote)
        kind = SG_PROMOTED (kind);
    }
  return (guint16) ((pos->side * SG_N_KINDS + kind) * SG_SQUARES + move.to);
}

/* The continuation history of a quiet move @index at @ply: after the opponent's last move
 * and after the side's own move before it. */
static inline int
follow_score (const Engine *e,
              int           ply,
              guint16       index)
{
  int score = e->follow[e->piece_to[ply]][index];

  if (ply >= 1)
    score += e->follow[e->piece_to[ply - 1]][index];
  return score;
}

/* Saturating update of both continuation entries of @index at @ply (within ±16384). */
static inline void
follow_update (Engine  *e,
               int      ply,
               guint16  index,
               int      bonus)
{
  for (int back = 0; back <= MIN (ply, 1); back++)
    {
      guint16 previous = e->piece_to[ply - back];
      gint16 *slot;

      if (previous == 0)
        continue;
      slot = &e->follow[previous][index];
      *slot = (gint16) (*slot + bonus - *slot * ABS (bonus) / 16384);
    }
}

static inline gboolean
is_capture (const SgPosition *pos,
            SgMove            move)
{
  return move.from != SG_DROP_FROM && pos->cell[move.to] != 0;
}

/* The capture history's entry of a capture or promotion @move. */
static inline gint16 *
capture_slot (Engine *e,
              SgMove  move)
{
  const SgPosition *pos = &e->pos;

  return &e->captures[piece_to_index (pos, move)][is_capture (pos, move)
                                                  ? SG_CELL_KIND (pos->cell[move.to]) : 0];
}

/* Saturating update of a capture history entry (within ±16384). */
static inline void
capture_update (gint16 *slot,
                int     bonus)
{
  *slot = (gint16) (*slot + bonus - *slot * ABS (bonus) / 16384);
}

/* A pawn, bishop or rook that could promote and does not (see the top of the file). */
static inline gboolean
needless_non_promotion (const SgPosition *pos,
                        SgMove            move)
{
  int kind, side = pos->side;

  if (move.from == SG_DROP_FROM || move.promote)
    return FALSE;
  kind = SG_CELL_KIND (pos->cell[move.from]);
  return (kind == SG_PAWN || kind == SG_BISHOP || kind == SG_ROOK)
         && (sg_in_zone (side, move.from) || sg_in_zone (side, move.to));
}

/* The moves the tree searches: every pseudo-legal one, or with @tactical only captures and
 * promotions (the hand hidden from the generator, which then lists no drop). */
static int
generate (Engine   *e,
          SgMove   *moves,
          gboolean  tactical)
{
  SgPosition *pos = &e->pos;
  guint8 hand[SG_N_KINDS];
  int n_pseudo, n = 0;

  if (tactical)
    {
      memcpy (hand, pos->hand[pos->side], sizeof hand);
      memset (pos->hand[pos->side], 0, sizeof hand);
      n_pseudo = sg_pseudo_moves (pos, moves);
      memcpy (pos->hand[pos->side], hand, sizeof hand);
    }
  else
    n_pseudo = sg_pseudo_moves (pos, moves);

  /* Filtered in place: the kept moves never overtake the ones read. */
  for (int i = 0; i < n_pseudo; i++)
    {
      SgMove m = moves[i];

      if (needless_non_promotion (pos, m))
        continue;
      if (tactical && !m.promote && !is_capture (pos, m))
        continue;
      moves[n++] = m;
    }
  return n;
}

/* Whether a move from the table (or any code) is pseudo-legal here, as generate() would list
 * it: the table's move is tried before any generation. */
static gboolean
pseudo_legal (const SgPosition *pos,
              SgMove            move)
{
  int side = pos->side, kind, df, dr;
  guint8 cell, target;

  if (move.to >= SG_SQUARES)
    return FALSE;
  if (move.from == SG_DROP_FROM)
    {
      kind = move.drop;
      return kind >= SG_ROOK && kind <= SG_PAWN && !move.promote
             && pos->hand[side][kind] > 0 && pos->cell[move.to] == 0
             && sg_can_move_from (kind, side, move.to)
             && (kind != SG_PAWN || pos->pawn_files[side][move.to % SG_FILES] == 0);
    }
  if (move.from >= SG_SQUARES)
    return FALSE;
  cell = pos->cell[move.from];
  target = pos->cell[move.to];
  if (cell == 0 || SG_CELL_SIDE (cell) != side || (target != 0 && SG_CELL_SIDE (target) == side))
    return FALSE;
  kind = SG_CELL_KIND (cell);
  if (!sg_piece_reaches (kind, side, move.from, move.to))
    return FALSE;
  if (move.promote)
    {
      if (!SG_CAN_PROMOTE (kind) || !(sg_in_zone (side, move.from) || sg_in_zone (side, move.to)))
        return FALSE;
    }
  else if (!sg_can_move_from (kind, side, move.to) || needless_non_promotion (pos, move))
    return FALSE;

  /* Sliders need the squares between empty. */
  df = move.to % SG_FILES - move.from % SG_FILES;
  dr = move.to / SG_FILES - move.from / SG_FILES;
  if (kind != SG_KNIGHT && (ABS (df) > 1 || ABS (dr) > 1))
    {
      int step = (dr > 0) - (dr < 0);

      step = step * SG_FILES + (df > 0) - (df < 0);
      for (int sq = move.from + step; sq != move.to; sq += step)
        if (pos->cell[sq] != 0)
          return FALSE;
    }
  return TRUE;
}

/* Whether a move could leave the own king attacked: not when the king was safe and the move
 * is a drop, or a move from a square on no line through the king (nothing it uncovers can
 * reach the king). */
static inline gboolean
may_expose_king (Engine *e,
                 SgMove  move,
                 int     side,
                 int     ply)
{
  int king = e->pos.king[side], dr, df;

  if (e->gave_check[e->root_index + ply] || king >= SG_SQUARES)
    return TRUE;
  if (move.from == SG_DROP_FROM)
    return FALSE;
  if (move.from == king || e->pos.cell[move.to] == SG_CELL (SG_KING, side))
    return TRUE;
  dr = move.from / SG_FILES - king / SG_FILES;
  df = move.from % SG_FILES - king % SG_FILES;
  return dr == 0 || df == 0 || ABS (dr) == ABS (df);
}

/* Plays a pseudo-legal move; FALSE (and the move taken back) when it is illegal. */
static gboolean
engine_make (Engine *e,
             SgMove  move,
             int     ply,
             SgUndo *undo)
{
  SgPosition *pos = &e->pos;
  int stack = e->root_index + ply + 1;
  int mover = pos->side;
  guint32 code = sg_engine_move_code (pos, move);
  guint16 index = piece_to_index (pos, move);
  gboolean check;

  sg_make (pos, move, undo);
  if (may_expose_king (e, move, mover, ply) && sg_in_check (pos, mover))
    {
      sg_unmake (pos, move, undo);
      return FALSE;
    }
  check = sg_in_check (pos, pos->side);
  /* Uchifuzume: a pawn drop may check, never mate. */
  if (check && move.from == SG_DROP_FROM && move.drop == SG_PAWN && !sg_has_legal_move (pos))
    {
      sg_unmake (pos, move, undo);
      return FALSE;
    }
  e->move_to[ply + 1] = code;
  e->piece_to[ply + 1] = index;
  e->keys[stack] = pos->key;
  e->gave_check[stack] = (guint8) check;
  return TRUE;
}

static inline void
engine_unmake (Engine       *e,
               SgMove        move,
               const SgUndo *undo)
{
  sg_unmake (&e->pos, move, undo);
}

/* Sennichite applied at the first repetition: see the top of the file. */
static gboolean
repetition (Engine *e,
            int     ply,
            int    *score)
{
  int index = e->root_index + ply;
  guint64 key = e->keys[index];

  for (int j = index - 4; j >= 0; j -= 2)
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
      /* The side that checked throughout loses: here, the one that just moved. */
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

/* Captures the blinkered side does not see: the knight's jump and the long diagonals. */
static inline gboolean
overlooked (const SgPosition *pos,
            SgMove            move)
{
  int kind;

  if (!is_capture (pos, move))
    return FALSE;
  kind = SG_CELL_KIND (pos->cell[move.from]);
  return kind == SG_KNIGHT || kind == SG_BISHOP || kind == SG_HORSE || kind == SG_LANCE;
}

static inline int
capture_score (const SgPosition *pos,
               SgMove            move)
{
  int gain = 0;

  if (is_capture (pos, move))
    gain = sg_capture_gain (SG_CELL_KIND (pos->cell[move.to]));
  if (move.promote)
    {
      int kind = SG_CELL_KIND (pos->cell[move.from]);

      gain += sg_board_value[SG_PROMOTED (kind)] - sg_board_value[kind];
    }
  return gain * 16 - (move.from == SG_DROP_FROM ? 0 : SG_CELL_KIND (pos->cell[move.from]));
}

/* A capture that gives more than it takes onto a defended square. */
static inline gboolean
losing_capture (const SgPosition *pos,
                SgMove            move)
{
  int attacker = sg_board_value[SG_CELL_KIND (pos->cell[move.from])];
  int victim = is_capture (pos, move) ? sg_board_value[SG_CELL_KIND (pos->cell[move.to])] : 0;

  if (move.promote)
    attacker = sg_board_value[SG_PROMOTED (SG_CELL_KIND (pos->cell[move.from]))];
  return victim < attacker && sg_square_attacked (pos, move.to, pos->side ^ 1);
}

static inline SgMove
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
  guint64 key = e->pos.key;
  guint slot = (guint) (key >> 20) & (EVAL_CACHE_SIZE - 1);

  /* A key of 0 marks an empty slot; the position whose key is 0 is evaluated every time. */
  if (e->eval_cache[slot].key != key || key == 0)
    {
      e->eval_cache[slot].key = key;
      e->eval_cache[slot].score = sg_evaluate (&e->pos);
    }
  return e->eval_cache[slot].score;
}

/* The value of the biggest piece @side has on the board. */
static int
best_victim (const SgPosition *pos,
             int               side)
{
  int best = 0;

  for (int sq = 0; sq < SG_SQUARES; sq++)
    {
      guint8 cell = pos->cell[sq];

      if (cell != 0 && SG_CELL_SIDE (cell) == side)
        best = MAX (best, sg_capture_gain (SG_CELL_KIND (cell)));
    }
  return best;
}

/* Moves in order: the table's move alone first (before any generation, since it often cuts
 * off), then captures and promotions that win or trade (by what they gain, give or take up
 * to a pawn and a half by how they did so far: the capture history), the killers, the
 * countermove, the quiet moves and drops by history, and last the captures that give more
 * than they take.
 * The moves not yet tried are a heap, best first: a node may try two moves of its hundred or
 * all of them, and picking each by a scan of the rest costs a hundred a move. The quiet moves
 * wait at the end of the list, scored by their history alone, until the heap holds nothing
 * better than them: most nodes are cut off before, and their threat order needs an attack
 * map. */
typedef struct
{
  ScoredMove list[SG_MAX_PSEUDO_MOVES];
  int n;
  int n_quiets;                /* waiting, in list[SG_MAX_PSEUDO_MOVES - n_quiets…] */
  gboolean generated;
  gboolean tt_served;
  guint32 tt_move;
  int overlooked;              /* moves the blinkers hid */
} MovePicker;

static void
heap_sift_down (ScoredMove *heap,
                int         n,
                int         i)
{
  ScoredMove item = heap[i];

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
heap_make (ScoredMove *heap,
           int         n)
{
  for (int i = n / 2 - 1; i >= 0; i--)
    heap_sift_down (heap, n, i);
}

/* Drops the quiet moves not yet tried, leaving only the losing captures, which come after
 * them: for a search that will skip every further quiet move, which need not then be picked
 * one by one out of a hundred. */
static void
picker_skip_quiets (MovePicker *picker)
{
  int kept = 0;

  picker->n_quiets = 0;
  for (int i = 0; i < picker->n; i++)
    if (picker->list[i].score <= SCORE_BAD_CAPTURE / 2)
      picker->list[kept++] = picker->list[i];
  picker->n = kept;
  heap_make (picker->list, kept);
}

static void
picker_init (MovePicker *picker,
             guint32     tt_move)
{
  picker->n = picker->n_quiets = 0;
  picker->generated = FALSE;
  picker->tt_served = tt_move == 0;
  picker->tt_move = tt_move;
  picker->overlooked = 0;
}

/* Quiet moves by what they do about the enemy's threats: a piece that may be lost where it
 * stands and goes where it is safe first, a piece moved or dropped where it may be lost last. */
static inline int
threat_order (const SgPosition  *pos,
              const SgAttackMap *map,
              SgMove             move)
{
  int side = pos->side, kind;
  guint16 defenders;

  if (move.from == SG_DROP_FROM)
    return sg_eval_at_risk (map, move.to, move.drop, side, 0xffff) ? -THREAT_ORDER : 0;
  kind = SG_CELL_KIND (pos->cell[move.from]);
  /* The piece itself counts as defending where it goes: pieces of its kind do not count. */
  defenders = (guint16) ~(1u << kind);
  if (sg_eval_at_risk (map, move.to, kind, side, defenders))
    return -THREAT_ORDER;
  return kind != SG_KING && sg_eval_at_risk (map, move.from, kind, side, 0xffff) ? THREAT_ORDER : 0;
}

static gboolean
picker_next (MovePicker *picker,
             Engine     *e,
             int         ply,
             gboolean    in_check,
             SgMove     *move,
             int        *score,
             gboolean   *risky)
{
  SgPosition *pos = &e->pos;
  CaturSearch *s = e->search;

  *risky = FALSE;
  if (!picker->tt_served)
    {
      picker->tt_served = TRUE;
      *move = sg_engine_code_move (picker->tt_move);
      if (e->blind_side == pos->side && !in_check && overlooked (pos, *move))
        picker->overlooked++;
      else
        {
          *score = SCORE_TT_MOVE;
          return TRUE;
        }
    }

  if (!picker->generated)
    {
      SgMove moves[SG_MAX_PSEUDO_MOVES];
      gboolean blind = e->blind_side == pos->side && !in_check;
      guint32 killer1 = s->killers[ply][0], killer2 = s->killers[ply][1];
      guint32 counter = catur_search_countermove (s, e->move_to[ply]);
      int n = generate (e, moves, FALSE);

      picker->generated = TRUE;
      for (int i = 0; i < n; i++)
        {
          guint32 code = sg_engine_move_code (pos, moves[i]);
          ScoredMove *slot;

          if (code == picker->tt_move)
            continue;
          if (blind && overlooked (pos, moves[i]))
            {
              picker->overlooked++;
              continue;
            }
          if (!is_capture (pos, moves[i]) && !moves[i].promote && code != killer1
              && code != killer2 && code != counter)
            {
              slot = &picker->list[SG_MAX_PSEUDO_MOVES - ++picker->n_quiets];
              slot->move = moves[i];
              /* The history as it is now, before the moves above are searched. */
              slot->score = catur_search_history (s, pos->side, code)
                            + follow_score (e, ply, piece_to_index (pos, moves[i]));
              continue;
            }
          slot = &picker->list[picker->n++];
          slot->move = moves[i];
          slot->risky = FALSE;
          if (is_capture (pos, moves[i]) || moves[i].promote)
            slot->score = (losing_capture (pos, moves[i]) ? SCORE_BAD_CAPTURE : SCORE_GOOD_CAPTURE)
                          + capture_score (pos, moves[i]) + *capture_slot (e, moves[i]) / 8;
          else if (code == killer1)
            slot->score = SCORE_KILLER_1;
          else if (code == killer2)
            slot->score = SCORE_KILLER_2;
          else
            slot->score = SCORE_COUNTERMOVE;
        }
      heap_make (picker->list, picker->n);
    }

  /* Nothing better than a quiet move is left: add the quiet moves' threat order, and let them
   * join. */
  if (picker->n_quiets > 0 && (picker->n == 0 || picker->list[0].score < SCORE_COUNTERMOVE))
    {
      int first = SG_MAX_PSEUDO_MOVES - picker->n_quiets;
      SgAttackMap map;

      if (!in_check)
        sg_attack_map (pos, &map);
      /* Moved down to the heap's end: the list holds every move once, so each is read
       * before anything is written over it. */
      for (int i = first; i < SG_MAX_PSEUDO_MOVES; i++)
        {
          ScoredMove *slot = &picker->list[picker->n++];

          *slot = picker->list[i];
          slot->risky = FALSE;
          if (!in_check)
            {
              int threat = threat_order (pos, &map, slot->move);

              slot->score += threat;
              slot->risky = threat < 0;
            }
        }
      picker->n_quiets = 0;
      heap_make (picker->list, picker->n);
    }

  if (picker->n == 0)
    return FALSE;
  *move = picker->list[0].move;
  *score = picker->list[0].score;
  *risky = picker->list[0].risky;
  picker->list[0] = picker->list[--picker->n];
  heap_sift_down (picker->list, picker->n, 0);
  return TRUE;
}

/* Whether @square is within two squares of @side's king. */
static inline gboolean
near_king (const SgPosition *pos,
           int               side,
           int               square)
{
  int king = pos->king[side];

  return king < SG_SQUARES && sg_king_distance[king][square] <= 2;
}

/* Whether @move, a quiet move or drop, attacks the enemy king from where it lands (checks
 * uncovered by the move are left out: this is a filter before the move is made). */
static gboolean
direct_check (const SgPosition *pos,
              SgMove            move)
{
  int side = pos->side, king = pos->king[side ^ 1], kind, df, dr;

  if (king >= SG_SQUARES)
    return FALSE;
  if (move.from == SG_DROP_FROM)
    kind = move.drop;
  else
    {
      kind = SG_CELL_KIND (pos->cell[move.from]);
      if (move.promote)
        kind = SG_PROMOTED (kind);
    }
  if (!sg_piece_reaches (kind, side, move.to, king))
    return FALSE;
  df = king % SG_FILES - move.to % SG_FILES;
  dr = king / SG_FILES - move.to / SG_FILES;
  if (kind != SG_KNIGHT && (ABS (df) > 1 || ABS (dr) > 1))
    {
      int step = ((dr > 0) - (dr < 0)) * SG_FILES + (df > 0) - (df < 0);

      for (int sq = move.to + step; sq != king; sq += step)
        if (pos->cell[sq] != 0 && sq != move.from)
          return FALSE;
    }
  return TRUE;
}

/* The first quiescence ply's moves: every board move (the captures and promotions, and the
 * quiet ones that qsearch() tries when they check), and the drops that check the enemy king
 * from a square beside it or a knight's jump away. The other drops are left to the main
 * search: they are most of the moves and almost never check closely. */
static int
generate_checks (Engine *e,
                 SgMove *moves)
{
  SgPosition *pos = &e->pos;
  guint8 hand[SG_N_KINDS];
  int side = pos->side, king = pos->king[side ^ 1], n_pseudo, n = 0;

  memcpy (hand, pos->hand[side], sizeof hand);
  memset (pos->hand[side], 0, sizeof hand);
  n_pseudo = sg_pseudo_moves (pos, moves);
  memcpy (pos->hand[side], hand, sizeof hand);
  for (int i = 0; i < n_pseudo; i++)
    if (!needless_non_promotion (pos, moves[i]))
      moves[n++] = moves[i];

  if (king >= SG_SQUARES)
    return n;
  for (int r = MAX (king / SG_FILES - 2, 0); r <= MIN (king / SG_FILES + 2, SG_RANKS - 1); r++)
    for (int f = MAX (king % SG_FILES - 2, 0); f <= MIN (king % SG_FILES + 2, SG_FILES - 1); f++)
      {
        int to = r * SG_FILES + f;

        if (pos->cell[to] != 0)
          continue;
        for (int kind = SG_ROOK; kind <= SG_PAWN; kind++)
          {
            SgMove drop = { SG_DROP_FROM, (guint8) to, (guint8) kind, FALSE };

            if (hand[kind] == 0 || !sg_can_move_from (kind, side, to)
                || (kind == SG_PAWN && pos->pawn_files[side][f] != 0)
                || !direct_check (pos, drop))
              continue;
            moves[n++] = drop;
          }
      }
  return n;
}

/* Captures and promotions; with @checks (the first ply below the main search) also the quiet
 * moves and drops that check the enemy king from close by and cannot simply be taken: most
 * mates in Shogi begin with such a drop, and the horizon would hide them. */
static int
qsearch (Engine   *e,
         int       alpha,
         int       beta,
         int       ply,
         gboolean  checks)
{
  CaturSearch *s = e->search;
  SgPosition *pos = &e->pos;
  SgMove moves[SG_MAX_PSEUDO_MOVES];
  ScoredMove list[SG_MAX_PSEUDO_MOVES];
  int n, best, stand_pat = -INFINITE, alpha_start = alpha, legal = 0;
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

  entry = catur_tt_probe (s->tt, pos->key);
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
      n = generate (e, moves, FALSE);
      best = -INFINITE;
    }
  else
    {
      stand_pat = entry != NULL && entry->eval != CATUR_TT_NO_EVAL ? entry->eval : evaluate (e);
      if (stand_pat >= beta)
        {
          if (entry == NULL)
            catur_tt_store (s->tt, pos->key, 0, stand_pat, stand_pat, 0, CATUR_TT_LOWER, ply);
          return stand_pat;
        }
      if (stand_pat > alpha)
        alpha = stand_pat;
      best = stand_pat;
      /* Not even taking the best piece there is would reach alpha. */
      if (!checks && stand_pat + best_victim (pos, pos->side ^ 1) + 200 <= alpha)
        return stand_pat;
      n = checks ? generate_checks (e, moves) : generate (e, moves, TRUE);
    }

  {
    int kept = 0;

    for (int i = 0; i < n; i++)
      {
        SgMove m = moves[i];
        gboolean tactical = is_capture (pos, m) || m.promote;

        if (!in_check && !tactical
            && (!near_king (pos, pos->side ^ 1, m.to) || !direct_check (pos, m)
                || (sg_square_attacked (pos, m.to, pos->side ^ 1)
                    && !sg_square_attacked (pos, m.to, pos->side))))
          continue;
        list[kept].move = m;
        list[kept].score = tactical ? SCORE_GOOD_CAPTURE + capture_score (pos, m) : 0;
        kept++;
      }
    n = kept;
  }

  for (int i = 0; i < n; i++)
    {
      SgMove move = pick_next (list, n, i);
      SgUndo undo;
      int score;

      gboolean quiet_check = !in_check && list[i].score == 0;

      if (!in_check && !quiet_check)
        {
          if (e->blind_side == pos->side && overlooked (pos, move))
            continue;
          /* Even winning the piece for nothing would not reach alpha. */
          if (stand_pat + list[i].score / 16 - SCORE_GOOD_CAPTURE / 16 + 200 <= alpha)
            continue;
          if (losing_capture (pos, move))
            continue;
        }

      if (!engine_make (e, move, ply, &undo))
        continue;
      if (quiet_check && !e->gave_check[e->root_index + ply + 1])
        {
          engine_unmake (e, move, &undo);
          continue;
        }
      legal++;
      score = -qsearch (e, -beta, -alpha, ply + 1, FALSE);
      engine_unmake (e, move, &undo);
      if (s->stop)
        return 0;

      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              best_move = sg_engine_move_code (pos, move);
              if (score >= beta)
                break;
            }
        }
    }

  /* No legal move loses, in check or not (S9). */
  if (in_check && legal == 0)
    return -MATE + ply;

  catur_tt_store (s->tt, pos->key, best_move, best,
                  in_check ? CATUR_TT_NO_EVAL : stand_pat, 0,
                  best >= beta ? CATUR_TT_LOWER
                  : best > alpha_start && best_move != 0 ? CATUR_TT_EXACT : CATUR_TT_UPPER,
                  ply);
  return best;
}

/* Whether the side to move may declare an impasse (S12) and win by it. */
static inline gboolean
declaration_wins (const SgPosition *pos)
{
  return pos->rules.impasse != SG_IMPASSE_OFF && sg_can_declare (pos)
         && sg_judge_declaration (pos, pos->rules.impasse) == SG_DECLARE_WIN;
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
  SgPosition *pos = &e->pos;
  const gboolean pv_node = beta - alpha > 1;
  const int us = pos->side;
  const CaturTTEntry *entry;
  guint32 quiets[SG_MAX_PSEUDO_MOVES];
  guint16 quiet_indexes[SG_MAX_PSEUDO_MOVES];
  gint16 *tried_captures[64];
  int n_quiets = 0, n_captures = 0;
  guint32 tt_move = 0, best_move = 0;
  int best = -INFINITE, alpha_start = alpha;
  int static_eval, searched = 0, legal = 0, score, order;
  gboolean in_check, improving, risky;
  MovePicker picker;
  SgMove move;

  catur_search_clear_pv (s, ply);

  if (ply > 0)
    {
      int rule_score;

      if (pos->rules.move_limit > 0 && pos->ply - pos->start_ply >= pos->rules.move_limit)
        return 0;
      if (repetition (e, ply, &rule_score))
        return rule_score;
      if (declaration_wins (pos))
        return WIN_BY_RULE - ply;
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
    return qsearch (e, alpha, beta, ply, TRUE);

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
      if (depth <= 5 && static_eval - 120 * depth + (improving ? 40 : 0) >= beta)
        return static_eval;

      /* Passing still fails high: any real move would too. Shogi has hardly any zugzwang:
       * a piece in hand can always be dropped. */
      if (null_ok && depth >= 3 && static_eval >= beta)
        {
          int reduction = 3 + depth / 5 + MIN ((static_eval - beta) / 200, 2);
          int index = e->root_index + ply + 1;
          guint8 last_to = pos->last_to;

          pos->side ^= 1;
          pos->key ^= side_key;
          pos->last_to = SG_SQUARES;
          e->move_to[ply + 1] = 0;
          e->piece_to[ply + 1] = 0;
          e->keys[index] = pos->key;
          e->gave_check[index] = 0;
          score = -search (e, depth - 1 - reduction, -beta, -beta + 1, ply + 1, FALSE);
          pos->side ^= 1;
          pos->key ^= side_key;
          pos->last_to = last_to;
          if (s->stop)
            return 0;
          if (score >= beta)
            return score >= MATE_BOUND ? beta : score;
        }
    }

  if (tt_move != 0 && !pseudo_legal (pos, sg_engine_code_move (tt_move)))
    tt_move = 0;
  /* Without a move to try first, a deep search here is not worth its full depth. */
  if (tt_move == 0 && depth >= 5)
    depth--;

  picker_init (&picker, tt_move);
  while (picker_next (&picker, e, ply, in_check, &move, &order, &risky))
    {
      gboolean capture = is_capture (pos, move);
      gboolean tactical = capture || move.promote;
      gboolean quiet_late = order < SCORE_COUNTERMOVE && order > SCORE_BAD_CAPTURE / 2;
      guint32 code = sg_engine_move_code (pos, move);
      int new_depth = depth - 1, reduction = 0;
      /* What this search has learnt of the move, for pruning and reducing late quiet moves. */
      int history = quiet_late ? catur_search_history (s, us, code)
                                 + follow_score (e, ply, piece_to_index (pos, move))
                               : 0;
      guint16 index;
      gboolean gives_check;
      gint16 *capture_entry = tactical ? capture_slot (e, move) : NULL;
      SgUndo undo;

      /* Shallow quiet moves late in the list rarely matter when the position is already
       * bad: skip them, but never before one move has been searched. Shogi's hundred-odd
       * moves a position, most of them drops, make this pay up to five plies from the
       * leaves. */
      if (!pv_node && !in_check && searched > 0 && quiet_late && best > -MATE_BOUND)
        {
          /* Both rules hold for every later quiet move once they hold for one (searched,
           * alpha and best only grow). */
          if ((depth <= 5 && searched >= 4 + depth * depth * (improving ? 3 : 2))
              || (depth <= 2 && static_eval + 140 * depth + 60 <= alpha))
            {
              picker_skip_quiets (&picker);
              continue;
            }
          /* Near the leaves, a piece put where it may be lost for nothing is not worth a
           * look unless it checks. */
          if (depth <= 3 && risky && !direct_check (pos, move))
            continue;
          /* Nor is a quiet move that this search has seen fail again and again. */
          if (depth <= 3 && history < -50 * depth)
            continue;
        }

      if (!engine_make (e, move, ply, &undo))
        continue;
      legal++;
      gives_check = e->gave_check[e->root_index + ply + 1];
      index = e->piece_to[ply + 1];

      if (depth >= 3 && searched >= (pv_node ? 4 : 2) && quiet_late && !in_check
          && !gives_check)
        {
          reduction = lmr_table[MIN (depth, 63)][MIN (searched, 63)];
          if (pv_node)
            reduction--;
          if (!improving)
            reduction++;
          reduction -= history / 10000;
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
      engine_unmake (e, move, &undo);
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
                  int bonus = MIN (depth * depth, 400);

                  if (tactical)
                    capture_update (capture_entry, bonus * 8);
                  /* The captures tried before the move that cut off did not. */
                  for (int c = 0; c < n_captures; c++)
                    capture_update (tried_captures[c], -bonus * 8);
                  if (!tactical)
                    {
                      catur_search_quiet_cutoff (s, us, ply, code, e->move_to[ply], quiets,
                                                 n_quiets, depth);
                      follow_update (e, ply, index, bonus);
                      for (int q = 0; q < n_quiets; q++)
                        follow_update (e, ply, quiet_indexes[q], -bonus);
                    }
                  break;
                }
            }
        }
      if (!tactical && n_quiets < SG_MAX_PSEUDO_MOVES)
        {
          quiet_indexes[n_quiets] = index;
          quiets[n_quiets++] = code;
        }
      else if (tactical && n_captures < (int) G_N_ELEMENTS (tried_captures))
        tried_captures[n_captures++] = capture_entry;
    }

  if (legal == 0)
    /* No legal move loses, in check or not (S9); the blinkered side's overlooked captures
     * do not count as none, and moves pruned unseen only after one was searched. */
    return picker.overlooked > 0 ? static_eval : -MATE + ply;
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
      SgMove move = sg_engine_code_move (s->root_moves[i].code);
      guint64 nodes = s->nodes;
      SgUndo undo;
      int score;

      /* Root moves are legal: engine_make() only records the move. */
      if (!engine_make (e, move, 0, &undo))
        continue;
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
      engine_unmake (e, move, &undo);
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

/* Root moves, every legal one, in a sensible first order: the table's move, captures and
 * promotions by what they gain, then the rest, the needless non-promotions last. */
static void
add_root_moves (Engine *e)
{
  SgMove moves[SG_MAX_MOVES];
  ScoredMove list[SG_MAX_MOVES];
  SgPosition *pos = &e->pos;
  const CaturTTEntry *entry = catur_tt_probe (e->search->tt, pos->key);
  int n = sg_legal_moves (pos, moves);

  for (int i = 0; i < n; i++)
    {
      list[i].move = moves[i];
      if (entry != NULL && entry->move == sg_engine_move_code (pos, moves[i]))
        list[i].score = SCORE_TT_MOVE;
      else if (is_capture (pos, moves[i]) || moves[i].promote)
        list[i].score = SCORE_GOOD_CAPTURE + capture_score (pos, moves[i]);
      else if (needless_non_promotion (pos, moves[i]))
        list[i].score = -1;
      else
        list[i].score = 0;
    }
  for (int i = 0; i < n; i++)
    catur_search_add_root_move (e->search, sg_engine_move_code (pos, pick_next (list, n, i)));
}

/* The game's record, for sennichite. A record that does not end with the position (or none)
 * leaves the root alone. */
static void
load_history (Engine                *e,
              const CaturRepetition *history)
{
  const SgPosition *pos = &e->pos;
  guint length = history != NULL ? catur_repetition_get_length (history) : 0;

  if (length > 0 && catur_repetition_get_key (history, length - 1) == pos->key)
    {
      guint window = MIN (length, RECORD_WINDOW);
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
  e->gave_check[e->root_index] = (guint8) sg_in_check (pos, pos->side);
}

gboolean
sg_engine_think (SgPosition              *pos,
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
  if (declaration_wins (pos))
    {
      /* Nothing on the board can do better than winning now. */
      const CaturMove declaration = {
        CATUR_SQUARE_NONE, CATUR_SQUARE_NONE, 0, CATUR_MOVE_DECLARE,
      };

      memset (result, 0, sizeof *result);
      result->has_move = TRUE;
      result->move = declaration;
      result->score = WIN_BY_RULE - 1;
      result->mate = 1;
      result->depth = 1;
      result->pv[0] = declaration;
      result->pv_length = 1;
      result->declares_win = TRUE;
      return TRUE;
    }
  e = g_new0 (Engine, 1);
  e->pos = *pos;
  load_history (e, limits->history);

  search = catur_search_new (limits, pos->key, info_func, info_data, cancellable);
  e->search = search;
  e->blind_side = search->blinkers ? (pos->side ^ 1) : -1;

  if (pos->side <= SG_GOTE)
    add_root_moves (e);
  catur_search_run (search, root_search, e, result);
  return TRUE;
}
