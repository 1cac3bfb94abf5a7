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
 * A square (or point) of the board: `rank * files + file`. File 0 is the
 * leftmost file and rank 0 the nearest rank as seen by the side that moves
 * first (Red, White, Sente). A board has at most 255 squares.
 */
typedef guint8 CaturSquare;

/** CATUR_SQUARE_NONE: no square (the origin of a drop, "nothing selected"). */
#define CATUR_SQUARE_NONE ((CaturSquare) 0xff)

/**
 * CaturSide:
 * @CATUR_SIDE_FIRST: the side that moves first in an even game (Red, White, Sente)
 * @CATUR_SIDE_SECOND: the other side (Black, Black, Gote)
 * @CATUR_SIDE_NONE: no side (an empty square, a draw, Banqi colours not yet assigned)
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
 * @CATUR_PIECE_FACE_DOWN: the piece lies face down (Banqi); its kind and side are unknown
 * @CATUR_PIECE_PROMOTED: the piece is promoted (Shogi)
 */
typedef enum
{
  CATUR_PIECE_FACE_DOWN = 1 << 0,
  CATUR_PIECE_PROMOTED = 1 << 1,
} CaturPieceFlags;

/**
 * CaturPiece:
 * @kind: the variant's piece kind, 1 or more; 0 means no piece
 * @side: a #CaturSide
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
 * @CATUR_MOVE_DROP: a piece of kind @piece is dropped from the hand on @to; @from is
 *   %CATUR_SQUARE_NONE (Shogi)
 * @CATUR_MOVE_PROMOTE: the piece promotes; for Chess @piece is the kind it becomes
 * @CATUR_MOVE_FLIP: a face-down piece on @from (== @to) is turned up; @piece may carry the
 *   kind revealed, or 0 when still unknown (Banqi)
 * @CATUR_MOVE_CASTLE: a castling move, written as the king's move (Chess)
 * @CATUR_MOVE_REVEALS_SECOND: with %CATUR_MOVE_FLIP and a @piece, the revealed piece is the
 *   second side's
 */
typedef enum
{
  CATUR_MOVE_DROP = 1 << 0,
  CATUR_MOVE_PROMOTE = 1 << 1,
  CATUR_MOVE_FLIP = 1 << 2,
  CATUR_MOVE_CASTLE = 1 << 3,
  CATUR_MOVE_REVEALS_SECOND = 1 << 4,
} CaturMoveFlags;

/**
 * CaturMove:
 * @from: the origin square, or %CATUR_SQUARE_NONE for a drop
 * @to: the target square
 * @piece: the dropped kind, the promotion kind, or the kind a flip revealed; else 0
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
 * catur-engine's `status` and in saved games.
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
} CaturReason;

/**
 * CaturNotice:
 * @CATUR_NOTICE_PERPETUAL_CHECK_WARNING: the side in @warned_side repeats a position while
 *   checking throughout: once more and it loses
 * @CATUR_NOTICE_REPETITION: the position has been repeated; a draw may be offered
 * @CATUR_NOTICE_NO_CAPTURE: a long run of moves without a capture
 *
 * Notices never end a game (RULES 0.4).
 */
typedef enum
{
  CATUR_NOTICE_PERPETUAL_CHECK_WARNING = 1 << 0,
  CATUR_NOTICE_REPETITION = 1 << 1,
  CATUR_NOTICE_NO_CAPTURE = 1 << 2,
} CaturNotice;

/**
 * CaturOutcome:
 * @result: ongoing, win or draw
 * @winner: the winning side for %CATUR_RESULT_WIN, else %CATUR_SIDE_NONE
 * @reason: why the game ended
 * @detail: a variant-defined id refining @reason (a Xiangqi mate's name:
 *   `double-check`, `double-cannon`, `horse-cannon`, or the mating piece's letter), or ""
 * @notices: #CaturNotice flags raised by the last ply
 * @warned_side: the side a %CATUR_NOTICE_PERPETUAL_CHECK_WARNING is addressed to
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

/**
 * CaturNotation:
 * @CATUR_NOTATION_HUMAN: the game's human notation as the product shows it (WXF `C2=5`, SAN…)
 * @CATUR_NOTATION_HUMAN_STRICT: the same notation as its standard document writes it (`C2.5`)
 * @CATUR_NOTATION_COORDINATE: the coordinate form engines use (ICCS `h2e2`, UCI, USI)
 */
typedef enum
{
  CATUR_NOTATION_HUMAN,
  CATUR_NOTATION_HUMAN_STRICT,
  CATUR_NOTATION_COORDINATE,
} CaturNotation;

const char *catur_reason_to_id      (CaturReason  reason);
CaturReason catur_reason_from_id    (const char  *id);
const char *catur_notice_to_id      (CaturNotice  notice);
void        catur_outcome_init      (CaturOutcome *outcome);

G_END_DECLS
