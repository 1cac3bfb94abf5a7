/* catur-types.h: value types shared by every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * CaturSquare:
 *
 * A square (or point) of the board, or a slot of a hand. A board square is `rank * files +
 * file`: file 0 is the leftmost file and rank 0 the nearest rank as seen by the seat that acts
 * first. A board has at most 192 squares (0x00–0xbf); the numbers above are the hand slots
 * (CATUR_SQUARE_HAND()) and %CATUR_SQUARE_NONE.
 */
typedef guint8 CaturSquare;

/** CATUR_SQUARE_NONE: no square ("nothing selected", the squares of a declaration). */
#define CATUR_SQUARE_NONE ((CaturSquare) 0xff)

/** CATUR_SQUARE_MAX_BOARD: the most squares a board may have; hand slots come after them. */
#define CATUR_SQUARE_MAX_BOARD 0xc0

/** CATUR_HAND_MAX_KIND: the highest piece kind a hand can hold (kinds 1 to 30). */
#define CATUR_HAND_MAX_KIND 30

/**
 * CATUR_SQUARE_HAND:
 * @side: the #CaturSide whose hand it is
 * @kind: the piece kind, 1 to %CATUR_HAND_MAX_KIND
 *
 * The hand slot of @side's pieces of @kind: a square of its own beyond the board, so that
 * selecting a piece in hand, its targets, a drop and its explanation work as for a piece on
 * the board. catur_variant_piece_at() answers for it (the piece while the hand holds one),
 * and a drop starts there.
 */
#define CATUR_SQUARE_HAND(side, kind) \
  ((CaturSquare) (CATUR_SQUARE_MAX_BOARD + (guint) (side) * 0x20 + (guint) (kind)))

/* Whether @square is a hand slot (CATUR_SQUARE_HAND()). */
static inline gboolean
catur_square_is_hand (CaturSquare square)
{
  guint kind = square & 0x1f;

  return square >= CATUR_SQUARE_MAX_BOARD && square != CATUR_SQUARE_NONE
         && kind >= 1 && kind <= CATUR_HAND_MAX_KIND;
}

/* The side whose hand slot @square is. */
static inline guint
catur_square_hand_side (CaturSquare square)
{
  return (guint) (square - CATUR_SQUARE_MAX_BOARD) >> 5;
}

/* The piece kind of the hand slot @square. */
static inline guint8
catur_square_hand_kind (CaturSquare square)
{
  return square & 0x1f;
}

/**
 * CaturSide:
 * @CATUR_SIDE_FIRST: the seat that acts first in the standard game (Red, White, Sente; in
 *   Banqi the player who flips the first piece, whatever colour it shows)
 * @CATUR_SIDE_SECOND: the other seat
 * @CATUR_SIDE_NONE: no seat (an empty square, a draw, a game of two players without the
 *   computer, a Banqi piece before the colours are given)
 *
 * A side is a seat at the board: who acts first, who second. Colours and side names are
 * presentation, which the variant gives for a position (catur_variant_get_side_name()):
 * Banqi's seats get their colours with the first flip. The side to move is always a seat,
 * never %CATUR_SIDE_NONE.
 */
typedef enum
{
  CATUR_SIDE_FIRST = 0,
  CATUR_SIDE_SECOND = 1,
  CATUR_SIDE_NONE = 2,
} CaturSide;

static inline CaturSide
catur_side_other (CaturSide side)
{
  return side == CATUR_SIDE_NONE ? CATUR_SIDE_NONE : (CaturSide) (1 - side);
}

/**
 * CaturPieceFlags:
 * @CATUR_PIECE_FACE_DOWN: the piece lies face down (Banqi): as libcatur hands it out, its
 *   @kind is 0 and its @side %CATUR_SIDE_NONE, whatever lies there
 * @CATUR_PIECE_PROMOTED: the piece is promoted (Shogi); @kind is the kind it was before
 *   or the one it became, as the variant numbers them
 */
typedef enum
{
  CATUR_PIECE_FACE_DOWN = 1 << 0,
  CATUR_PIECE_PROMOTED = 1 << 1,
} CaturPieceFlags;

/**
 * CaturPiece:
 * @kind: the variant's piece kind, 1 or more; 0 means no piece (or a face-down one)
 * @side: the #CaturSide (seat) the piece belongs to, or %CATUR_SIDE_NONE when no seat has it
 *   yet (a Banqi piece in the pool before the first flip). A game whose colours are not tied
 *   to seats tells the colour in @kind (Banqi numbers a red and a black general apart), so
 *   that its image and name need no position
 * @flags: #CaturPieceFlags
 *
 * A piece as a player sees it. Kinds are numbered by each variant; the
 * variant names them and gives their theme image names.
 */
typedef struct
{
  guint8 kind;
  guint8 side;
  guint8 flags;
} CaturPiece;

/**
 * CaturMoveFlags:
 * @CATUR_MOVE_DROP: a piece of kind @piece is dropped from the hand on @to; @from is the hand
 *   slot it comes from, CATUR_SQUARE_HAND (side to move, @piece) (Shogi)
 * @CATUR_MOVE_PROMOTE: the piece promotes; @piece is the kind it becomes, as the variant
 *   numbers them (Chess: the queen; Shogi: the promoted silver)
 * @CATUR_MOVE_FLIP: a face-down piece on @from (== @to) is turned up. In the legal moves and
 *   in a move the players choose, @piece is 0: nobody knows what lies there. Played
 *   (catur_variant_play()), the move is completed with the piece revealed in @piece and
 *   %CATUR_MOVE_REVEALS_SECOND; a flip that carries a piece already reveals that one, so
 *   that a record replays (Banqi)
 * @CATUR_MOVE_CASTLE: a castling move, written as the king's move (Chess); the rook that
 *   moves with it is the variant's to tell (catur_variant_move_effects())
 * @CATUR_MOVE_REVEALS_SECOND: with %CATUR_MOVE_FLIP and a @piece, the revealed piece is of the
 *   second colour (Banqi: Black, lowercase in the position text); colours, not seats,
 *   because the first flip gives its colour to whoever turned it
 * @CATUR_MOVE_DECLARE: an action that is not a board move, such as Shogi's declaration of an
 *   impasse: @from and @to are %CATUR_SQUARE_NONE and @piece is the variant's to number
 *   (0 for a game with one kind of declaration). The legal moves list it when the rules allow
 *   it; the shell offers it in a menu (catur_variant_get_declaration_label())
 */
typedef enum
{
  CATUR_MOVE_DROP = 1 << 0,
  CATUR_MOVE_PROMOTE = 1 << 1,
  CATUR_MOVE_FLIP = 1 << 2,
  CATUR_MOVE_CASTLE = 1 << 3,
  CATUR_MOVE_REVEALS_SECOND = 1 << 4,
  CATUR_MOVE_DECLARE = 1 << 5,
} CaturMoveFlags;

/**
 * CaturMove:
 * @from: the origin square, a hand slot for a drop (CATUR_SQUARE_HAND()), the square itself
 *   for a flip, %CATUR_SQUARE_NONE for a declaration
 * @to: the target square; %CATUR_SQUARE_NONE for a declaration
 * @piece: the dropped kind, the promotion kind, the kind a flip revealed, the kind of a
 *   declaration; else 0
 * @flags: #CaturMoveFlags
 *
 * A move is a small value: copy it, compare it with catur_move_equal().
 */
typedef struct
{
  CaturSquare from;
  CaturSquare to;
  guint8 piece;
  guint8 flags;
} CaturMove;

static inline gboolean
catur_move_equal (const CaturMove *a,
                  const CaturMove *b)
{
  return a->from == b->from && a->to == b->to && a->piece == b->piece && a->flags == b->flags;
}

/**
 * CaturResult:
 * @CATUR_RESULT_ONGOING: the game goes on
 * @CATUR_RESULT_WIN: @winner has won
 * @CATUR_RESULT_DRAW: the game is drawn
 */
typedef enum
{
  CATUR_RESULT_ONGOING,
  CATUR_RESULT_WIN,
  CATUR_RESULT_DRAW,
} CaturResult;

/**
 * CaturReason:
 *
 * Why a game ended. Each has a stable id (catur_reason_to_id()) used by
 * catur-engine's `status` and in saved games. %CATUR_REASON_TIME_OUT: a player ran out of
 * the time a move may take (catur_variant_time_out()). %CATUR_REASON_ILLEGAL_MOVE: a record
 * says that a player lost by an illegal move (Shogi's 反則), which the game never plays: the
 * game ends in the position before it (catur_game_end()). %CATUR_REASON_ABANDONED: the loser
 * left the game and did not come back (a network game claimed by the player who waited); no
 * rule of the game's ends it so, and libcatur describes it for every game
 * (catur_variant_describe_outcome()).
 */
typedef enum
{
  CATUR_REASON_NONE,
  CATUR_REASON_CHECKMATE,
  CATUR_REASON_STALEMATE,
  CATUR_REASON_NO_MOVES,
  CATUR_REASON_PERPETUAL_CHECK,
  CATUR_REASON_REPETITION,
  CATUR_REASON_FIFTY_MOVE,
  CATUR_REASON_INSUFFICIENT_MATERIAL,
  CATUR_REASON_MOVE_LIMIT,
  CATUR_REASON_CAPTURE_ALL,
  CATUR_REASON_NO_CAPTURE_LIMIT,
  CATUR_REASON_IMPASSE,
  CATUR_REASON_RESIGN,
  CATUR_REASON_AGREEMENT,
  CATUR_REASON_TIME_OUT,
  CATUR_REASON_ILLEGAL_MOVE,
  CATUR_REASON_ABANDONED,
} CaturReason;

/**
 * CaturOutcome:
 * @result: ongoing, win or draw
 * @winner: the winning side for %CATUR_RESULT_WIN, else %CATUR_SIDE_NONE
 * @reason: why the game ended
 * @detail: a variant-defined id refining @reason (a Xiangqi mate's name:
 *   `double-check`, `double-cannon`, `horse-cannon`, or the mating piece's letter), or ""
 * @notices: the notices raised by the last ply: bits the variant declares
 *   (catur_variant_list_notices())
 * @warned_side: the side a notice flagged %CATUR_NOTICE_ADDRESSED is addressed to (Xiangqi's
 *   warning against perpetual check), else %CATUR_SIDE_NONE
 */
typedef struct
{
  CaturResult result;
  CaturSide winner;
  CaturReason reason;
  char detail[24];
  guint notices;
  CaturSide warned_side;
} CaturOutcome;

const char *catur_reason_to_id      (CaturReason  reason);
CaturReason catur_reason_from_id    (const char  *id);
void        catur_outcome_init      (CaturOutcome *outcome);

G_END_DECLS
