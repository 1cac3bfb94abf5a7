/* chess-explain.c: why a move is illegal, as data (RULES.md C1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The checks run from the plainest reason to the subtlest, so that the first that fails is the
 * one a player would name: whose piece it is, how the piece moves, what stands in its way, and
 * only then the king: pinned pieces, a check left unanswered, castling's own conditions.
 */

#include "chess-core.h"

static ChessIllegal
set (ChessExplanation *out, ChessIllegal reason, int square, int square2, int count)
{
  out->reason = reason;
  out->square = square;
  out->square2 = square2;
  out->count = count;
  return reason;
}

/* The first piece between @from and @to on their line, or -1. */
static int
first_between (const ChessPosition *pos, int from, int to)
{
  guint64 between = ch_between (from, to) & ch_occupied (pos);

  if (!between)
    return -1;
  /* The nearest to @from: the lowest bit when the line runs upwards, else the highest. */
  return to > from ? ch_bit_scan (between) : 63 - __builtin_clzll (between);
}

/* One of @by's pieces attacking @square (the lowest square of them), or -1. */
static int
any_attacker (const ChessPosition *pos, int square, int by, guint64 occupied)
{
  guint64 attackers = ch_attackers_to (pos, square, occupied) & pos->by_side[by] & occupied;

  return attackers ? ch_bit_scan (attackers) : -1;
}

static ChessIllegal
explain_castling (ChessPosition *pos, int from, int to, ChessExplanation *out)
{
  int us = pos->side, them = us ^ 1;
  gboolean king_side = to > from;
  int home = us == CH_WHITE ? 0 : 56;
  int rook_sq = king_side ? home + 7 : home;
  int right = us == CH_WHITE ? (king_side ? CH_CASTLE_WK : CH_CASTLE_WQ)
                             : (king_side ? CH_CASTLE_BK : CH_CASTLE_BQ);
  int target = king_side ? home + 6 : home + 2;
  int step = king_side ? home + 5 : home + 3;
  int blocker;
  guint64 checkers;

  if (!(pos->castling & right))
    {
      /* Without the right the king or that rook has moved (or the rook is gone). */
      gboolean king_moved = !(pos->castling & (us == CH_WHITE ? 3 : 12));

      return set (out, CH_ILLEGAL_CASTLING_MOVED, rook_sq, -1, king_moved ? 1 : 0);
    }
  blocker = first_between (pos, from, rook_sq);
  if (blocker >= 0)
    return set (out, CH_ILLEGAL_CASTLING_BLOCKED, blocker, -1, 0);
  checkers = ch_checkers (pos);
  if (checkers)
    return set (out, CH_ILLEGAL_CASTLING_IN_CHECK, ch_bit_scan (checkers), -1, 0);
  if (ch_square_attacked (pos, step, them))
    return set (out, CH_ILLEGAL_CASTLING_ATTACKED, step,
                any_attacker (pos, step, them, ch_occupied (pos)), 0);
  if (ch_square_attacked (pos, target, them))
    return set (out, CH_ILLEGAL_CASTLING_ATTACKED, target,
                any_attacker (pos, target, them, ch_occupied (pos)), 0);
  return set (out, CH_LEGAL, -1, -1, 0);
}

static ChessIllegal
explain_pawn (ChessPosition *pos, int from, int to, ChessExplanation *out)
{
  int us = pos->side;
  int forward = us == CH_WHITE ? 8 : -8;
  int df = CH_FILE (to) - CH_FILE (from);
  int dr = (CH_RANK (to) - CH_RANK (from)) * (us == CH_WHITE ? 1 : -1);

  if (df == 0 && dr == 1)
    {
      if (pos->board[to] != 0)
        return set (out, CH_ILLEGAL_PAWN_CAPTURE_STRAIGHT, to, -1, 0);
      return CH_LEGAL;
    }
  if (df == 0 && dr == 2)
    {
      if (CH_RANK (from) != (us == CH_WHITE ? 1 : 6))
        return set (out, CH_ILLEGAL_PAWN_DOUBLE_STEP, -1, -1, 0);
      if (pos->board[from + forward] != 0)
        return set (out, CH_ILLEGAL_BLOCKED_PATH, from + forward, -1, 0);
      if (pos->board[to] != 0)
        return set (out, CH_ILLEGAL_PAWN_CAPTURE_STRAIGHT, to, -1, 0);
      return CH_LEGAL;
    }
  if ((df == 1 || df == -1) && dr == 1)
    {
      if (pos->board[to] != 0 || to == pos->ep)
        return CH_LEGAL;
      /* An enemy pawn beside the target that stepped two squares earlier: too late now. */
      {
        int beside = to - forward;

        if (pos->board[beside] == CH_PIECE (us ^ 1, CH_PAWN)
            && CH_RANK (from) == (us == CH_WHITE ? 4 : 3))
          return set (out, CH_ILLEGAL_EN_PASSANT_LATE, beside, -1, 0);
      }
      return set (out, CH_ILLEGAL_PAWN_DIAGONAL_EMPTY, -1, -1, 0);
    }
  return set (out, CH_ILLEGAL_PIECE_MOVEMENT, -1, -1, 0);
}

/* Whether a piece of @kind on @from could move to @to on an empty board. */
static gboolean
moves_so (int kind, int from, int to)
{
  switch (kind)
    {
    case CH_KNIGHT: return (ch_knight_attacks (from) & CH_BIT (to)) != 0;
    case CH_BISHOP: return (ch_bishop_attacks (from, 0) & CH_BIT (to)) != 0;
    case CH_ROOK: return (ch_rook_attacks (from, 0) & CH_BIT (to)) != 0;
    case CH_QUEEN: return ((ch_bishop_attacks (from, 0) | ch_rook_attacks (from, 0)) & CH_BIT (to))
                          != 0;
    case CH_KING: return (ch_king_attacks (from) & CH_BIT (to)) != 0;
    default: return FALSE;
    }
}

ChessIllegal
ch_explain (ChessPosition *pos, int from, int to, ChessKind promo, ChessExplanation *out)
{
  int us = pos->side, them = us ^ 1;
  guint8 piece = from >= 0 && from < 64 ? pos->board[from] : 0;
  int kind = CH_KIND_OF (piece);
  ChessIllegal shape;
  ChessMove move;

  set (out, CH_LEGAL, -1, -1, 0);
  out->in_check_before = FALSE;
  if (piece == 0)
    return set (out, CH_ILLEGAL_EMPTY_SQUARE, -1, -1, 0);
  if (CH_SIDE_OF (piece) != us)
    return set (out, CH_ILLEGAL_NOT_OWN_PIECE, -1, -1, 0);
  if (to < 0 || to >= 64)
    {
      /* Only the selection is asked about: any piece of the mover's may be chosen. */
      return CH_LEGAL;
    }
  if (to == from)
    return set (out, CH_ILLEGAL_PIECE_MOVEMENT, -1, -1, 0);

  /* The king two squares along its home rank, or onto its own rook: castling. */
  if (kind == CH_KING && CH_RANK (from) == CH_RANK (to) && from == (us == CH_WHITE ? 4 : 60)
      && (to - from == 2 || to - from == -2 || pos->board[to] == CH_PIECE (us, CH_ROOK)))
    {
      int target = to > from ? from + 2 : from - 2;

      if (explain_castling (pos, from, target, out) != CH_LEGAL)
        return out->reason;
      if (promo != CH_NONE)
        return set (out, CH_ILLEGAL_PROMOTION_WRONG, -1, -1, 0);
      return CH_LEGAL;
    }

  if (pos->board[to] != 0 && CH_SIDE_OF (pos->board[to]) == us)
    return set (out, CH_ILLEGAL_OWN_PIECE, to, -1, 0);

  if (kind == CH_PAWN)
    {
      shape = explain_pawn (pos, from, to, out);
      if (shape != CH_LEGAL)
        return shape;
    }
  else
    {
      int blocker;

      if (!moves_so (kind, from, to))
        return set (out, CH_ILLEGAL_PIECE_MOVEMENT, -1, -1, 0);
      blocker = kind == CH_KNIGHT || kind == CH_KING ? -1 : first_between (pos, from, to);
      if (blocker >= 0)
        return set (out, CH_ILLEGAL_BLOCKED_PATH, blocker, -1, 0);
    }

  /* The piece moves so; then the promotion, then the king. */
  if (kind == CH_PAWN && CH_RANK (to) == (us == CH_WHITE ? 7 : 0) && promo == CH_NONE)
    return set (out, CH_ILLEGAL_PROMOTION_MISSING, -1, -1, 0);
  if (promo != CH_NONE && (kind != CH_PAWN || CH_RANK (to) != (us == CH_WHITE ? 7 : 0)
                           || promo == CH_PAWN || promo == CH_KING))
    return set (out, CH_ILLEGAL_PROMOTION_WRONG, -1, -1, 0);

  move = ch_find_move (pos, from, to, promo);
  if (move != CH_MOVE_NONE)
    return CH_LEGAL;

  /* The move is well formed and leaves the king attacked. */
  {
    guint64 checkers_before = ch_checkers (pos);
    int taken = kind == CH_PAWN && to == pos->ep ? to ^ 8 : to;
    guint64 occupied = (ch_occupied (pos) & ~CH_BIT (from) & ~CH_BIT (taken)) | CH_BIT (to);
    int king = kind == CH_KING ? to : pos->king[us];
    guint64 attackers = ch_attackers_to (pos, king, occupied) & pos->by_side[them]
                        & ~CH_BIT (taken);

    out->in_check_before = checkers_before != 0;
    if (!attackers)
      return set (out, CH_ILLEGAL_LEAVES_CHECK, -1, -1, 0);
    /* A piece that was not in check and is now: pinned to its king by that attacker. */
    if (kind != CH_KING && !(attackers & checkers_before))
      return set (out, CH_ILLEGAL_PINNED, ch_bit_scan (attackers), -1, 0);
    return set (out, CH_ILLEGAL_LEAVES_CHECK, ch_bit_scan (attackers), -1,
                ch_pop_count (attackers));
  }
}
