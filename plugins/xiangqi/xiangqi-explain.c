/* xiangqi-explain.c: why a move is illegal, in words a player can act on (RULES.md X4–X12)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reasons are tried from the most visible to the least: what stands on the two points,
 * then how the piece moves, then what the move would do to the generals. A player who drags a
 * horse the wrong way wants to hear about the L shape, not about a check three files away.
 */

#include "xiangqi-core.h"

#define RANK_OF(sq) ((sq) / XQ_FILES)
#define FILE_OF(sq) ((sq) % XQ_FILES)

static XqIllegal
give (XqExplanation *out, XqIllegal reason, int square)
{
  out->reason = reason;
  out->square = square;
  return reason;
}

/* Whether a point lies in the palace of `side`. */
static gboolean
in_palace (int side, int sq)
{
  int rank = RANK_OF (sq), file = FILE_OF (sq);

  if (file < 3 || file > 5)
    return FALSE;
  return side == XQ_RED ? rank <= 2 : rank >= 7;
}

/* Pieces strictly between two points of one line; the first of them in *first. */
static int
pieces_between (const XqPosition *pos, int from, int to, int *first)
{
  int step, sq, n = 0;

  if (RANK_OF (from) == RANK_OF (to))
    step = to > from ? 1 : -1;
  else
    step = to > from ? XQ_FILES : -XQ_FILES;
  *first = -1;
  for (sq = from + step; sq != to; sq += step)
    if (xq_piece_at (pos, sq, NULL) != XQ_NONE)
      {
        if (n == 0)
          *first = sq;
        n++;
      }
  return n;
}

/* The geometry of the move, with nothing yet said about the generals. */
static XqIllegal
explain_movement (const XqPosition *pos, int us, XqKind kind, int from, int to,
                  XqExplanation *out)
{
  int dr = RANK_OF (to) - RANK_OF (from), df = FILE_OF (to) - FILE_OF (from);
  int adr = ABS (dr), adf = ABS (df);
  int forward = us == XQ_RED ? dr : -dr;
  int screens, first;
  gboolean target_empty = xq_piece_at (pos, to, NULL) == XQ_NONE;

  switch (kind)
    {
    case XQ_KING:
      if (adr + adf != 1)
        return give (out, XQ_ILLEGAL_PIECE_MOVEMENT, -1);
      if (!in_palace (us, to))
        return give (out, XQ_ILLEGAL_PALACE, -1);
      return XQ_LEGAL;

    case XQ_ADVISOR:
      if (adr != 1 || adf != 1)
        return give (out, XQ_ILLEGAL_PIECE_MOVEMENT, -1);
      if (!in_palace (us, to))
        return give (out, XQ_ILLEGAL_PALACE, -1);
      return XQ_LEGAL;

    case XQ_ELEPHANT:
      if (adr != 2 || adf != 2)
        return give (out, XQ_ILLEGAL_PIECE_MOVEMENT, -1);
      if ((RANK_OF (to) <= 4) != (us == XQ_RED))
        return give (out, XQ_ILLEGAL_ELEPHANT_RIVER, -1);
      if (xq_piece_at (pos, from + (dr / 2) * XQ_FILES + df / 2, NULL) != XQ_NONE)
        return give (out, XQ_ILLEGAL_ELEPHANT_EYE, from + (dr / 2) * XQ_FILES + df / 2);
      return XQ_LEGAL;

    case XQ_HORSE:
      {
        int leg;

        if (!((adr == 2 && adf == 1) || (adr == 1 && adf == 2)))
          return give (out, XQ_ILLEGAL_PIECE_MOVEMENT, -1);
        leg = adr == 2 ? from + (dr / 2) * XQ_FILES : from + df / 2;
        if (xq_piece_at (pos, leg, NULL) != XQ_NONE)
          return give (out, XQ_ILLEGAL_HORSE_LEG, leg);
        return XQ_LEGAL;
      }

    case XQ_CHARIOT:
      if (dr != 0 && df != 0)
        return give (out, XQ_ILLEGAL_PIECE_MOVEMENT, -1);
      if (pieces_between (pos, from, to, &first) > 0)
        return give (out, XQ_ILLEGAL_BLOCKED_PATH, first);
      return XQ_LEGAL;

    case XQ_CANNON:
      if (dr != 0 && df != 0)
        return give (out, XQ_ILLEGAL_PIECE_MOVEMENT, -1);
      screens = pieces_between (pos, from, to, &first);
      if (target_empty && screens > 0)
        return give (out, XQ_ILLEGAL_BLOCKED_PATH, first);
      if (!target_empty && screens != 1)
        {
          out->count = screens;
          return give (out, XQ_ILLEGAL_CANNON_SCREEN, -1);
        }
      return XQ_LEGAL;

    case XQ_PAWN:
      if (adr + adf != 1)
        return give (out, XQ_ILLEGAL_PIECE_MOVEMENT, -1);
      if (forward < 0)
        return give (out, XQ_ILLEGAL_PAWN_DIRECTION, -1);
      if (dr == 0 && (us == XQ_RED ? RANK_OF (from) <= 4 : RANK_OF (from) >= 5))
        return give (out, XQ_ILLEGAL_PAWN_DIRECTION, -1);
      return XQ_LEGAL;

    case XQ_NONE:
    default:
      return give (out, XQ_ILLEGAL_PIECE_MOVEMENT, -1);
    }
}

XqIllegal
xq_explain (XqPosition *pos, int from, int to, XqExplanation *out)
{
  XqExplanation scratch;
  int side, us, kind;

  if (out == NULL)
    out = &scratch;
  out->reason = XQ_LEGAL;
  out->square = -1;
  out->count = 0;
  out->in_check_before = FALSE;
  g_return_val_if_fail (pos != NULL, give (out, XQ_ILLEGAL_EMPTY_SQUARE, -1));

  us = pos->side;
  out->in_check_before = xq_in_check (pos, us);

  kind = xq_piece_at (pos, from, &side);
  if (kind == XQ_NONE)
    return give (out, XQ_ILLEGAL_EMPTY_SQUARE, from >= 0 && from < XQ_SQUARES ? from : -1);
  if (side != us)
    return give (out, XQ_ILLEGAL_NOT_OWN_PIECE, from);
  if (to == -1)
    return XQ_LEGAL;
  if (to < 0 || to >= XQ_SQUARES)
    return give (out, XQ_ILLEGAL_PIECE_MOVEMENT, -1);
  if (xq_piece_at (pos, to, &side) != XQ_NONE && side == us)
    return give (out, XQ_ILLEGAL_OWN_PIECE, to);

  if (explain_movement (pos, us, kind, from, to, out) != XQ_LEGAL)
    return out->reason;

  /* The geometry is right; what is left is what the move does to the generals. */
  {
    XqMove move = { (guint8) from, (guint8) to };
    int checkers[XQ_MAX_CHECKERS];
    XqUndo undo;
    int n;

    xq_make (pos, move, &undo);
    if (xq_generals_face (pos))
      {
        int their_king = pos->king[us ^ 1];

        xq_unmake (pos, move, &undo);
        return give (out, XQ_ILLEGAL_FLYING_GENERAL, their_king);
      }
    n = xq_checkers (pos, us, checkers);
    xq_unmake (pos, move, &undo);
    if (n > 0)
      {
        out->count = n;
        return give (out, XQ_ILLEGAL_LEAVES_CHECK, checkers[0]);
      }
  }
  return XQ_LEGAL;
}
