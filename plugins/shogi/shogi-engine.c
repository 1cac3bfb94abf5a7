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

#include <string.h>

#include "shogi-engine.h"

#define MAX_PLY CATUR_SEARCH_MAX_PLY
#define MATE CATUR_SCORE_MATE
/* Winning by the opponent's perpetual check is as final as a mate at the same distance. */
#define WIN_BY_RULE MATE
/* The most entries of the game's record a search reads for repetitions. */
#define RECORD_WINDOW 512
#define STACK_SIZE (RECORD_WINDOW + MAX_PLY + 4)

/* Evaluations kept by key: the king's safety makes each one dear, and the quiescence search
 * meets the same positions again and again. */
#define EVAL_CACHE_SIZE (1 << 15)

/* What a quiet move gains or loses in the order by the threats it escapes or walks into. */
#define THREAT_ORDER 6000
/* A move's piece (with its side, promoted when it promotes) and target square, as an index of
 * the continuation history; 0 is no move, since no piece has kind 0. */
#define PIECE_TO (2 * SG_N_KINDS * SG_SQUARES)

typedef struct
{
  SgPosition pos;
  CATUR_SEARCH_FIELDS;
  int root_index;              /* where the root stands in keys[] */
  guint64 keys[STACK_SIZE];
  guint8 gave_check[STACK_SIZE];
  guint16 piece_to[MAX_PLY + 4]; /* its piece_to_index(), 0 for a null move */
  /* Continuation history: how well a quiet move did after the move one or two plies before
   * it, by the piece each moved (or dropped) and where to. */
  gint16 follow[PIECE_TO][PIECE_TO];
  /* Capture history: how well a capture or promotion did, by the piece, where to and the
   * kind it took (0 for none). */
  gint16 captures[PIECE_TO][SG_N_KINDS];
  struct
  {
    guint64 key;
    int score;
  } eval_cache[EVAL_CACHE_SIZE];
} Engine;

/* The key's part for the side to move, for the null move. */
static guint64 side_key;

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

static inline gboolean
is_capture (const SgPosition *pos,
            SgMove            move)
{
  return move.from != SG_DROP_FROM && pos->cell[move.to] != 0;
}

/* The capture history's entry of a capture or promotion @move. */
static inline gint16 *
game_capture_slot (Engine *e,
                   SgMove  move)
{
  const SgPosition *pos = &e->pos;

  return &e->captures[piece_to_index (pos, move)][is_capture (pos, move)
                                                  ? SG_CELL_KIND (pos->cell[move.to]) : 0];
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

/* Whether the side to move may declare an impasse (S12) and win by it. */
static inline gboolean
declaration_wins (const SgPosition *pos)
{
  return pos->rules.impasse != SG_IMPASSE_OFF && sg_can_declare (pos)
         && sg_judge_declaration (pos, pos->rules.impasse) == SG_DECLARE_WIN;
}

/* The static exchange's hooks (cs_see()): a copy of the board. A drop captures nothing and
 * may be taken; the pieces that take back do so unpromoted. */
typedef struct
{
  guint8 cell[SG_SQUARES];
  int to;
} SeeState;

static inline gboolean
game_see_begin (const SgPosition *pos,
                SgMove            move,
                SeeState         *state,
                int              *gain,
                int              *on_square)
{
  int kind;

  memcpy (state->cell, pos->cell, sizeof state->cell);
  state->to = move.to;
  if (move.from == SG_DROP_FROM)
    {
      *gain = 0;
      *on_square = sg_capture_gain (move.drop);
      state->cell[move.to] = SG_CELL (move.drop, pos->side);
      return TRUE;
    }
  kind = SG_CELL_KIND (pos->cell[move.from]);
  *gain = is_capture (pos, move) ? sg_capture_gain (SG_CELL_KIND (pos->cell[move.to])) : 0;
  if (move.promote)
    {
      *gain += sg_board_value[SG_PROMOTED (kind)] - sg_board_value[kind];
      kind = SG_PROMOTED (kind);
    }
  *on_square = sg_capture_gain (kind);
  state->cell[move.to] = SG_CELL (kind, pos->side);
  state->cell[move.from] = 0;
  return TRUE;
}

/* Whether the piece on @from reaches @to on the board @cell. */
static inline gboolean
see_reaches (const guint8 *cell,
             int           from,
             int           to)
{
  int kind = SG_CELL_KIND (cell[from]), df, dr;

  if (!sg_piece_reaches (kind, SG_CELL_SIDE (cell[from]), from, to))
    return FALSE;
  df = to % SG_FILES - from % SG_FILES;
  dr = to / SG_FILES - from / SG_FILES;
  if (kind != SG_KNIGHT && (ABS (df) > 1 || ABS (dr) > 1))
    {
      int step = ((dr > 0) - (dr < 0)) * SG_FILES + (df > 0) - (df < 0);

      for (int sq = from + step; sq != to; sq += step)
        if (cell[sq] != 0)
          return FALSE;
    }
  return TRUE;
}

/* @side's least valuable piece that takes on the target (its king last), or -1. */
static inline int
see_least (const SeeState *state,
           int             side)
{
  int least = -1, least_worth = G_MAXINT;

  for (int sq = 0; sq < SG_SQUARES; sq++)
    {
      guint8 cell = state->cell[sq];
      int worth;

      if (cell == 0 || sq == state->to || SG_CELL_SIDE (cell) != side
          || !see_reaches (state->cell, sq, state->to))
        continue;
      worth = SG_CELL_KIND (cell) == SG_KING ? G_MAXINT - 1 : sg_capture_gain (SG_CELL_KIND (cell));
      if (worth < least_worth)
        {
          least = sq;
          least_worth = worth;
        }
    }
  return least;
}

static inline gboolean
game_see_next (const SgPosition *pos,
               SeeState         *state,
               int               side,
               int              *value)
{
  int least = see_least (state, side);

  if (least < 0)
    return FALSE;
  /* A king takes only what nobody defends. */
  if (SG_CELL_KIND (state->cell[least]) == SG_KING && see_least (state, side ^ 1) >= 0)
    return FALSE;
  *value = sg_capture_gain (SG_CELL_KIND (state->cell[least]));
  state->cell[state->to] = state->cell[least];
  state->cell[least] = 0;
  return TRUE;
}

/* Shogi's own rungs: a doubling of nodes gains more here than in Chess or Xiangqi (with the
 * ladder's node counts each step above Beginner scored 88 % or more, and Expert's 90,000 nodes
 * won 40 games of 40 against Advanced's 25,000), so the steps are shorter, and Newcomer a
 * little stronger to keep Beginner's step. With the fitted evaluation Intermediate won 85.0 %
 * against Casual at 5,000 nodes, 82.5 % at 5,500. Candidate Master won 95 % against Expert at
 * 150,000 nodes, 87 % at 60,000, 83.2 % at 50,000 (tests/bench/README.md, "The ladder of
 * levels"). */
static const CaturLevelTuning sg_levels[CATUR_N_LEVELS] = {
  [CATUR_LEVEL_NEWCOMER] = { .max_nodes = 2000, .margin = 30, .blunder_permille = 300 },
  [CATUR_LEVEL_CASUAL] = { .max_nodes = 5500, .margin = 0, .blunder_permille = 100 },
  [CATUR_LEVEL_INTERMEDIATE] = { .max_nodes = 8000, .margin = 0, .blunder_permille = 0 },
  [CATUR_LEVEL_ADVANCED] = { .max_nodes = 15000, .margin = 0, .blunder_permille = 0 },
  [CATUR_LEVEL_EXPERT] = { .max_nodes = 25000, .margin = 0, .blunder_permille = 0 },
  [CATUR_LEVEL_CANDIDATE_MASTER] = { .max_nodes = 50000, .margin = 0, .blunder_permille = 0 },
};

/* The hooks of the shared search (catur-search-body.h). Moves are pseudo-legal until made;
 * the heap picker, dropping the rest of the quiet moves once one is pruned, the quiet moves'
 * threat order, capture and continuation history, and checks at the first quiescence ply
 * are all on. */

#define CS_ENGINE Engine
#define CS_POSITION SgPosition
#define CS_MOVE SgMove
#define CS_UNDO SgUndo
#define CS_NULL_UNDO guint8
#define CS_MAX_MOVES SG_MAX_PSEUDO_MOVES
#define CS_THREATS SgAttackMap
#define CS_SEE_STATE SeeState
#define CS_SEE_PUBLIC sg_engine_see
#define CS_LEVEL_TUNING sg_levels

#define CS_PSEUDO_LEGAL 1
#define CS_HEAP_PICKER 1
#define CS_DROP_QUIETS 1
#define CS_QS_CHECKS 1
#define CS_FOLLOW_HISTORY 1
#define CS_CAPTURE_HISTORY 1

#define CS_LMR_BASE 0.8
#define CS_LMR_DIVISOR 1.7
#define CS_RFP_DEPTH 5
#define CS_RFP_MARGIN 120
#define CS_RFP_IMPROVING 40
#define CS_NULL_DEPTH_DIVISOR 5
/* Shogi's hundred-odd moves a position, most of them drops, make move-count pruning pay up
 * to five plies from the leaves. */
#define CS_MCP_DEPTH 5
#define CS_MCP_BASE 4
#define CS_MCP_FACTOR 2
#define CS_MCP_FACTOR_IMPROVING 3
#define CS_FUTILITY_DEPTH 2
#define CS_FUTILITY_MARGIN(depth) (140 * (depth) + 60)
#define CS_LMR_SEARCHED 2
#define CS_LMR_SEARCHED_PV 4
#define CS_LMR_HISTORY_DIVISOR 10000
#define CS_QS_DELTA 200

static inline guint32
game_move_code (Engine *e,
                SgMove  move)
{
  return sg_engine_move_code (&e->pos, move);
}

static inline SgMove
game_code_move (Engine  *e,
                guint32  code)
{
  return sg_engine_code_move (code);
}

static inline int
game_evaluate (Engine *e)
{
  return evaluate (e);
}

static inline gboolean
game_in_check (Engine *e,
               int     ply)
{
  return e->gave_check[e->root_index + ply];
}

static inline gboolean
game_make (Engine *e,
           SgMove  move,
           int     ply,
           SgUndo *undo)
{
  return engine_make (e, move, ply, undo);
}

static inline void
game_unmake (Engine *e,
             SgMove  move,
             SgUndo *undo)
{
  engine_unmake (e, move, undo);
}

static inline void
game_make_null (Engine *e,
                int     ply,
                guint8 *last_to)
{
  SgPosition *pos = &e->pos;
  int index = e->root_index + ply + 1;

  *last_to = pos->last_to;
  pos->side ^= 1;
  pos->key ^= side_key;
  pos->last_to = SG_SQUARES;
  e->move_to[ply + 1] = 0;
  e->piece_to[ply + 1] = 0;
  e->keys[index] = pos->key;
  e->gave_check[index] = 0;
}

static inline void
game_unmake_null (Engine *e,
                  guint8 *last_to)
{
  SgPosition *pos = &e->pos;

  pos->side ^= 1;
  pos->key ^= side_key;
  pos->last_to = *last_to;
}

/* The move limit (S11), sennichite (S10) at the first repetition, and the impasse (S12):
 * see the top of the file. */
static inline gboolean
game_rule_score (Engine *e,
                 int     ply,
                 int    *score)
{
  const SgPosition *pos = &e->pos;

  if (pos->rules.move_limit > 0 && pos->ply - pos->start_ply >= pos->rules.move_limit)
    {
      *score = 0;
      return TRUE;
    }
  if (catur_search_perpetual_verdict (e->keys, e->gave_check, e->root_index + ply, 0, ply,
                                      WIN_BY_RULE, score))
    return TRUE;
  if (declaration_wins (pos))
    {
      *score = WIN_BY_RULE - ply;
      return TRUE;
    }
  return FALSE;
}

static inline gboolean
game_is_legal (Engine *e,
               SgMove  move)
{
  return pseudo_legal (&e->pos, move);
}

static inline gboolean
game_is_tactical (Engine *e,
                  SgMove  move)
{
  return is_capture (&e->pos, move) || move.promote;
}

static inline int
game_capture_order (Engine *e,
                    SgMove  move)
{
  return capture_score (&e->pos, move);
}

static inline gboolean
game_bad_capture (Engine *e,
                  SgMove  move)
{
  return losing_capture (&e->pos, move);
}

/* What the capture order says the move gains, as the order has it (in sixteenths). */
static inline int
game_capture_gain (Engine *e,
                   SgMove  move)
{
  return (CATUR_SEARCH_ORDER_GOOD_CAPTURE + capture_score (&e->pos, move)) / 16
         - CATUR_SEARCH_ORDER_GOOD_CAPTURE / 16;
}

static inline int
game_best_victim (Engine *e)
{
  return best_victim (&e->pos, e->pos.side ^ 1);
}

static inline gboolean
game_overlooked (Engine *e,
                 SgMove  move)
{
  return overlooked (&e->pos, move);
}

static inline int
game_generate_captures (Engine *e,
                        SgMove *moves)
{
  return generate (e, moves, TRUE);
}

static inline int
game_generate_all (Engine *e,
                   SgMove *moves)
{
  return generate (e, moves, FALSE);
}

static inline int
game_generate_checks (Engine *e,
                      SgMove *moves)
{
  return generate_checks (e, moves);
}

/* A quiet check at the first quiescence ply: from close by, and not simply taken. */
static inline gboolean
game_qsearch_quiet_ok (Engine *e,
                       SgMove  move)
{
  const SgPosition *pos = &e->pos;

  return near_king (pos, pos->side ^ 1, move.to) && direct_check (pos, move)
         && !(sg_square_attacked (pos, move.to, pos->side ^ 1)
              && !sg_square_attacked (pos, move.to, pos->side));
}

static inline guint16
game_piece_to (Engine *e,
               SgMove  move)
{
  return piece_to_index (&e->pos, move);
}

static inline void
game_threats (Engine      *e,
              SgAttackMap *map)
{
  sg_attack_map (&e->pos, map);
}

static inline int
game_threat_order (Engine      *e,
                   SgAttackMap *map,
                   SgMove       move)
{
  return threat_order (&e->pos, map, move);
}

/* Near the leaves, a piece put where it may be lost for nothing is not worth a look unless it
 * checks; nor is a quiet move that this search has seen fail again and again. */
#define game_prune_late_quiet game_prune_late_quiet
static inline gboolean
game_prune_late_quiet (Engine   *e,
                       SgMove    move,
                       gboolean  risky,
                       int       history,
                       int       depth)
{
  return (risky && !direct_check (&e->pos, move)) || history < -50 * depth;
}

/* Every legal move at the root, the needless non-promotions last. */
#define game_root_moves game_root_moves
static inline int
game_root_moves (Engine *e,
                 SgMove *moves)
{
  return sg_legal_moves (&e->pos, moves);
}

static inline int
game_root_order (Engine *e,
                 SgMove  move)
{
  const SgPosition *pos = &e->pos;

  if (is_capture (pos, move) || move.promote)
    return CATUR_SEARCH_ORDER_GOOD_CAPTURE + capture_score (pos, move);
  return needless_non_promotion (pos, move) ? -1 : 0;
}

static void
game_init (void)
{
  SgPosition empty;
  guint64 sente_key;

  sg_init ();
  sg_eval_init ();
  sg_position_clear (&empty);
  empty.side = SG_SENTE;
  sente_key = sg_position_compute_key (&empty);
  empty.side = SG_GOTE;
  side_key = sente_key ^ sg_position_compute_key (&empty);
}

#include "catur-search-body.h"

/* The game's record, for sennichite. */
static gboolean
game_setup (Engine                *e,
            const SgPosition      *pos,
            const CaturRepetition *history)
{
  e->pos = *pos;
  e->root_index = catur_search_load_record (history, pos->key, pos->key, RECORD_WINDOW, e->keys,
                                            e->gave_check);
  /* The search reads at the root whether the side to move is in check. */
  e->gave_check[e->root_index] = (guint8) sg_in_check (&e->pos, pos->side);
  return pos->side <= SG_GOTE;
}

gboolean
sg_engine_think (SgPosition              *pos,
                 const CaturSearchLimits *limits,
                 CaturSearchInfoFunc      info_func,
                 gpointer                 info_data,
                 GCancellable            *cancellable,
                 CaturSearchResult       *result)
{
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  cs_init ();
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
  return cs_think (pos, limits, info_func, info_data, cancellable, result);
}
