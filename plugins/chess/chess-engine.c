/* chess-engine.c: the computer player's search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Principal-variation search with a transposition table, check extension, null-move pruning
 * (not in check, and only with a piece besides pawns: zugzwang belongs to pawn endings),
 * late-move reductions and pruning, reverse futility and futility pruning, pruning of late
 * quiet moves that the static exchange evaluation (SEE) says lose material near the leaves,
 * and a quiescence search of the captures that SEE does not call losing.
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

#include "chess-engine.h"

#define MAX_PLY CATUR_SEARCH_MAX_PLY
#define MATE CATUR_SCORE_MATE
#define FIFTY_MOVE_PLIES 100
/* The positions a search reads from the game's record: at most those since the last pawn
 * move or capture, and the 50-move rule ends a game long before this many. */
#define RECORD_WINDOW 1024
#define STACK_SIZE (RECORD_WINDOW + MAX_PLY + 4)

typedef struct
{
  ChessPosition pos;
  CATUR_SEARCH_FIELDS;
  int root_index;              /* where the root stands in keys[] */
  guint64 keys[STACK_SIZE];
  guint8 in_check[MAX_PLY + 4];
} Engine;

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

/* The static exchange's hooks (cs_see()): the occupancy changes, the board stays. */
typedef struct
{
  guint64 occupied;
  guint64 attackers;           /* of both sides, on the target, through what is left */
  int to;
} SeeState;

static inline gboolean
game_see_begin (const ChessPosition *pos,
                ChessMove            move,
                SeeState            *state,
                int                 *gain,
                int                 *on_square)
{
  int from = CH_MOVE_FROM (move), to = CH_MOVE_TO (move);

  if (CH_MOVE_TYPE (move) == CH_MOVE_CASTLING)
    return FALSE;
  state->occupied = ch_occupied (pos) ^ CH_BIT (from);
  *gain = captured_value (pos, move);
  *on_square = ch_piece_value[CH_KIND_OF (pos->board[from])];
  if (CH_MOVE_TYPE (move) == CH_MOVE_EN_PASSANT)
    state->occupied ^= CH_BIT (to + (pos->side == CH_WHITE ? -8 : 8));
  else if (CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION)
    {
      *gain += ch_piece_value[CH_MOVE_PROMO (move)] - ch_piece_value[CH_PAWN];
      *on_square = ch_piece_value[CH_MOVE_PROMO (move)];
    }
  state->occupied |= CH_BIT (to);
  state->attackers = ch_attackers_to (pos, to, state->occupied) & state->occupied;
  state->to = to;
  return TRUE;
}

static inline gboolean
game_see_next (const ChessPosition *pos,
               SeeState            *state,
               int                  side,
               int                 *value)
{
  guint64 own = state->attackers & pos->by_side[side], least = 0;
  int kind;

  if (own == 0)
    return FALSE;
  for (kind = CH_PAWN; kind <= CH_KING; kind++)
    if ((least = own & pos->by_kind[kind]) != 0)
      break;
  /* A king takes only what nobody defends. */
  if (kind == CH_KING && (state->attackers & pos->by_side[side ^ 1]) != 0)
    return FALSE;
  *value = ch_piece_value[kind];
  state->occupied ^= least & -least;
  state->attackers = ch_attackers_to (pos, state->to, state->occupied) & state->occupied;
  return TRUE;
}

/* Chess's own rungs: the ladder's Newcomer (1,500 nodes) won only 10 % of its points against
 * Beginner; at 2,500 nodes, and with blinkers a little less often, it keeps its margin and
 * scores about 22 %. Since the threat terms, Advanced won 85.8 % against Intermediate at the
 * ladder's 10,000 nodes; at 12,000, 71.5 %, and Intermediate 83.5 % against Casual. Expert at
 * the ladder's 90,000 nodes, or 70,000, won 86 % against Advanced; at 50,000 about 75 %.
 * Candidate Master at 120,000 nodes scored 75 % against Expert, 79 % since the threat terms
 * (tests/bench/README.md, "The ladder of levels"). */
static const CaturLevelTuning ch_levels[CATUR_N_LEVELS] = {
  [CATUR_LEVEL_NEWCOMER] = { .max_nodes = 2500, .margin = 30, .blunder_permille = 300 },
  [CATUR_LEVEL_INTERMEDIATE] = { .max_nodes = 12000, .margin = 0, .blunder_permille = 0 },
  [CATUR_LEVEL_EXPERT] = { .max_nodes = 50000, .margin = 0, .blunder_permille = 0 },
  [CATUR_LEVEL_CANDIDATE_MASTER] = { .max_nodes = 120000, .margin = 0, .blunder_permille = 0 },
};

/* The hooks of the shared search (catur-search-body.h). */

#define CS_ENGINE Engine
#define CS_POSITION ChessPosition
#define CS_MOVE ChessMove
#define CS_UNDO ChessUndo
#define CS_NULL_UNDO ChessUndo
#define CS_MAX_MOVES CH_MAX_MOVES
#define CS_SEE_STATE SeeState
#define CS_SEE_PUBLIC ch_engine_see
#define CS_LEVEL_TUNING ch_levels

#define CS_LMR_BASE 0.75
#define CS_LMR_DIVISOR 2.25
#define CS_RFP_DEPTH 6
#define CS_RFP_MARGIN 85
#define CS_RFP_IMPROVING 40
#define CS_NULL_DEPTH_DIVISOR 4
#define CS_MCP_DEPTH 4
#define CS_MCP_BASE 3
#define CS_MCP_FACTOR 1
#define CS_MCP_FACTOR_IMPROVING 2
#define CS_FUTILITY_DEPTH 3
#define CS_FUTILITY_MARGIN(depth) (100 + 110 * (depth))
#define CS_LMR_SEARCHED 1
#define CS_LMR_SEARCHED_PV 3
#define CS_LMR_BAD_CAPTURES 1
#define CS_LMR_HISTORY_DIVISOR 6000
#define CS_QS_DELTA 200
#define CS_SEE_QUIET_DEPTH 4
#define CS_SEE_QUIET_MARGIN 30

static inline guint32
game_move_code (Engine    *e,
                ChessMove  move)
{
  return ch_engine_move_code (move);
}

static inline ChessMove
game_code_move (Engine  *e,
                guint32  code)
{
  return ch_engine_code_move (&e->pos, code);
}

static inline int
game_evaluate (Engine *e)
{
  return ch_evaluate (&e->pos);
}

static inline gboolean
game_in_check (Engine *e,
               int     ply)
{
  return e->in_check[ply];
}

static inline gboolean
game_make (Engine    *e,
           ChessMove  move,
           int        ply,
           ChessUndo *undo)
{
  e->move_to[ply + 1] = ch_engine_move_code (move);
  ch_make (&e->pos, move, undo);
  e->keys[e->root_index + ply + 1] = e->pos.key;
  e->in_check[ply + 1] = (guint8) ch_in_check (&e->pos);
  return TRUE;
}

static inline void
game_unmake (Engine    *e,
             ChessMove  move,
             ChessUndo *undo)
{
  ch_unmake (&e->pos, move, undo);
}

static inline void
game_make_null (Engine    *e,
                int        ply,
                ChessUndo *undo)
{
  ch_make_null (&e->pos, undo);
  e->move_to[ply + 1] = 0;
  e->keys[e->root_index + ply + 1] = e->pos.key;
  e->in_check[ply + 1] = 0;
}

static inline void
game_unmake_null (Engine    *e,
                  ChessUndo *undo)
{
  ch_unmake_null (&e->pos, undo);
}

/* Not with only pawns: zugzwang belongs to pawn endings. */
#define game_null_ok game_null_ok
static inline gboolean
game_null_ok (Engine *e,
              int     side)
{
  return ch_eval_has_pieces (&e->pos, side);
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

static inline gboolean
game_rule_score (Engine *e,
                 int     ply,
                 int    *score)
{
  ChessPosition *pos = &e->pos;

  if (pos->halfmove >= FIFTY_MOVE_PLIES)
    {
      ChessMove moves[CH_MAX_MOVES];

      /* A mate on the hundredth ply still counts (RULES C4). */
      *score = e->in_check[ply] && ch_legal_moves (pos, moves) == 0 ? -MATE + ply : 0;
      return TRUE;
    }
  *score = 0;
  return repeated (e, ply) || ch_insufficient_material (pos);
}

/* Mated, or stalemated: a draw. */
#define game_no_move_score game_no_move_score
static inline int
game_no_move_score (Engine   *e,
                    int       ply,
                    gboolean  in_check)
{
  return in_check ? -MATE + ply : 0;
}

static inline gboolean
game_is_legal (Engine    *e,
               ChessMove  move)
{
  return move != CH_MOVE_NONE && ch_is_legal (&e->pos, move);
}

static inline gboolean
game_is_tactical (Engine    *e,
                  ChessMove  move)
{
  return is_tactical (&e->pos, move);
}

static inline int
game_capture_order (Engine    *e,
                    ChessMove  move)
{
  const ChessPosition *pos = &e->pos;
  int promo = CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION ? ch_piece_value[CH_MOVE_PROMO (move)] : 0;

  return (captured_value (pos, move) + promo) * 16 - CH_KIND_OF (pos->board[CH_MOVE_FROM (move)]);
}

static inline gboolean
game_bad_capture (Engine    *e,
                  ChessMove  move)
{
  return ch_engine_see (&e->pos, move) < 0;
}

static inline int
game_capture_gain (Engine    *e,
                   ChessMove  move)
{
  int gain = captured_value (&e->pos, move);

  if (CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION)
    gain += ch_piece_value[CH_MOVE_PROMO (move)] - ch_piece_value[CH_PAWN];
  return gain;
}

/* The biggest piece the opponent has besides its king, or queening. */
static inline int
game_best_victim (Engine *e)
{
  const ChessPosition *pos = &e->pos;
  int victim = 0;

  for (int kind = CH_QUEEN; kind >= CH_PAWN; kind--)
    if (ch_pieces (pos, pos->side ^ 1, kind) != 0)
      {
        victim = ch_piece_value[kind];
        break;
      }
  return MAX (victim, ch_piece_value[CH_QUEEN] / 2);
}

#define game_evasion_order(e, move) \
  catur_search_history ((e)->search, (e)->pos.side, ch_engine_move_code (move))

/* Captures the blinkered side does not see coming: those of the opponent's knights, the
 * piece that strikes from an unexpected angle, except of the queen, which a player watches
 * (Beginner loses pieces to forks, not its queen for nothing). */
static inline gboolean
game_overlooked (Engine    *e,
                 ChessMove  move)
{
  const guint8 *board = e->pos.board;

  return CH_KIND_OF (board[CH_MOVE_FROM (move)]) == CH_KNIGHT && board[CH_MOVE_TO (move)] != 0
         && CH_KIND_OF (board[CH_MOVE_TO (move)]) != CH_QUEEN;
}

static inline int
game_generate_captures (Engine    *e,
                        ChessMove *moves)
{
  return ch_generate_captures (&e->pos, moves);
}

static inline int
game_generate_all (Engine    *e,
                   ChessMove *moves)
{
  return ch_legal_moves (&e->pos, moves);
}

/* A check is never futile. */
#define game_futility_exempt game_futility_exempt
static inline gboolean
game_futility_exempt (Engine    *e,
                      ChessMove  move)
{
  return ch_gives_check (&e->pos, move);
}

/* Captures by what they win, then the rest. */
static inline int
game_root_order (Engine    *e,
                 ChessMove  move)
{
  if (!is_tactical (&e->pos, move))
    return 0;
  return CATUR_SEARCH_ORDER_GOOD_CAPTURE + ch_engine_see (&e->pos, move) * 16
         + game_capture_order (e, move) / 64;
}

static void
game_init (void)
{
  ch_eval_init ();
}

#include "catur-search-body.h"

/* The game's record since the last pawn move or capture: nothing before it can come back.
 * Returns whether there is something to search: not in a position without both kings (a
 * set-up in progress). */
static gboolean
game_setup (Engine                *e,
            const ChessPosition   *pos,
            const CaturRepetition *history)
{
  e->pos = *pos;
  e->root_index = catur_search_load_record (history, e->pos.key, ch_repetition_key (&e->pos),
                                            MIN ((guint) pos->halfmove + 1, RECORD_WINDOW),
                                            e->keys, NULL);
  e->in_check[0] = (guint8) ch_in_check (&e->pos);
  return ch_pieces (pos, CH_WHITE, CH_KING) != 0 && ch_pieces (pos, CH_BLACK, CH_KING) != 0;
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
  return cs_think (pos, limits, info_func, info_data, cancellable, result);
}
