/* xiangqi-core.c: board, keys, move generation, make/unmake and perft (RULES.md §1.1–1.2)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board is the plain 90-cell array of XqPosition; speed comes from tables built once per
 * process (every piece's targets from every point, with the eye or leg to test) and from a
 * legality filter that proves most moves legal without playing them.
 */

#include "xiangqi-core.h"

#define NO_SQUARE XQ_SQUARES
#define PIECE(side, kind) ((guint8) ((kind) | ((side) << 3)))
#define SQ(rank, file) ((rank) * XQ_FILES + (file))
#define RANK_OF(sq) ((sq) / XQ_FILES)
#define FILE_OF(sq) ((sq) % XQ_FILES)

/* How a point relates to a general's point, for the legality filter. */
enum
{
  REL_LINE = 1,   /* same file or rank: chariots, cannons and the other general act along it */
  REL_DIAG = 2,   /* diagonal neighbour: the leg of every horse that could check */
};

/* Rays run north (+rank), south, east (+file), west; north and south come first so that the
 * flying general is looked for on rays 0 and 1 only. */
static const int ray_drank[4] = { 1, -1, 0, 0 };
static const int ray_dfile[4] = { 0, 0, 1, -1 };

static guint8 ray_len[XQ_SQUARES][4];
static guint8 ray_sq[XQ_SQUARES][4][9];
static guint8 king_n[XQ_SQUARES], king_to[XQ_SQUARES][4];
static guint8 advisor_n[XQ_SQUARES], advisor_to[XQ_SQUARES][4];
static guint8 elephant_n[XQ_SQUARES], elephant_to[XQ_SQUARES][4], elephant_eye[XQ_SQUARES][4];
static guint8 horse_n[XQ_SQUARES], horse_to[XQ_SQUARES][8], horse_leg[XQ_SQUARES][8];
/* The horses that could reach a point, and the leg each of them needs free. */
static guint8 horse_from_n[XQ_SQUARES], horse_from[XQ_SQUARES][8], horse_from_leg[XQ_SQUARES][8];
static guint8 pawn_n[2][XQ_SQUARES], pawn_to[2][XQ_SQUARES][3];
/* The points from which a pawn of a side reaches a point. */
static guint8 pawn_from_n[2][XQ_SQUARES], pawn_from[2][XQ_SQUARES][3];
static guint8 relation[XQ_SQUARES][XQ_SQUARES];
static guint64 zobrist[16][XQ_SQUARES];   /* zobrist[0][*] stays 0: "no piece" hashes to nothing */
static guint64 zobrist_black;

static gboolean
on_board (int rank, int file)
{
  return rank >= 0 && rank < XQ_RANKS && file >= 0 && file < XQ_FILES;
}

/* 0 for Red's palace, 1 for Black's, -1 outside both. */
static int
palace_of (int rank, int file)
{
  if (file < 3 || file > 5)
    return -1;
  if (rank <= 2)
    return 0;
  if (rank >= 7)
    return 1;
  return -1;
}

/* A fixed generator, so that keys (and anything stored with them) agree between runs. */
static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static void
build_step_tables (int sq)
{
  static const int diag_r[4] = { 1, 1, -1, -1 };
  static const int diag_f[4] = { 1, -1, 1, -1 };
  static const int knight_r[8] = { 2, 2, -2, -2, 1, 1, -1, -1 };
  static const int knight_f[8] = { 1, -1, 1, -1, 2, -2, 2, -2 };
  int r = RANK_OF (sq), f = FILE_OF (sq);
  int palace = palace_of (r, f);
  int half = r <= 4 ? 0 : 1;
  int d;

  for (d = 0; d < 4; d++)
    {
      int tr = r + ray_drank[d], tf = f + ray_dfile[d];

      if (palace >= 0 && on_board (tr, tf) && palace_of (tr, tf) == palace)
        king_to[sq][king_n[sq]++] = SQ (tr, tf);
    }

  for (d = 0; d < 4; d++)
    {
      int tr = r + diag_r[d], tf = f + diag_f[d];
      int er = r + 2 * diag_r[d], ef = f + 2 * diag_f[d];

      if (palace >= 0 && on_board (tr, tf) && palace_of (tr, tf) == palace)
        advisor_to[sq][advisor_n[sq]++] = SQ (tr, tf);
      if (on_board (er, ef) && (er <= 4 ? 0 : 1) == half)
        {
          elephant_to[sq][elephant_n[sq]] = SQ (er, ef);
          elephant_eye[sq][elephant_n[sq]] = SQ (tr, tf);
          elephant_n[sq]++;
        }
    }

  for (d = 0; d < 8; d++)
    {
      int tr = r + knight_r[d], tf = f + knight_f[d];
      /* The leg is the orthogonal neighbour on the long side of the L. */
      int lr = r + knight_r[d] / 2, lf = f + knight_f[d] / 2;

      if (!on_board (tr, tf))
        continue;
      horse_to[sq][horse_n[sq]] = SQ (tr, tf);
      horse_leg[sq][horse_n[sq]] = SQ (lr, lf);
      horse_n[sq]++;
      horse_from[SQ (tr, tf)][horse_from_n[SQ (tr, tf)]] = sq;
      horse_from_leg[SQ (tr, tf)][horse_from_n[SQ (tr, tf)]] = SQ (lr, lf);
      horse_from_n[SQ (tr, tf)]++;
    }

  for (d = 0; d < 2; d++)
    {
      int forward = d == XQ_RED ? 1 : -1;
      gboolean crossed = d == XQ_RED ? r >= 5 : r <= 4;
      int targets[3], n = 0, i;

      if (on_board (r + forward, f))
        targets[n++] = SQ (r + forward, f);
      if (crossed && f > 0)
        targets[n++] = SQ (r, f - 1);
      if (crossed && f < XQ_FILES - 1)
        targets[n++] = SQ (r, f + 1);
      for (i = 0; i < n; i++)
        {
          pawn_to[d][sq][pawn_n[d][sq]++] = targets[i];
          pawn_from[d][targets[i]][pawn_from_n[d][targets[i]]++] = sq;
        }
    }
}

static void
build_tables (void)
{
  guint64 seed = G_GUINT64_CONSTANT (0x58690A1C0DE5EED5);
  int sq, other, d, p;

  for (sq = 0; sq < XQ_SQUARES; sq++)
    {
      int r = RANK_OF (sq), f = FILE_OF (sq);

      for (d = 0; d < 4; d++)
        {
          int tr = r + ray_drank[d], tf = f + ray_dfile[d];

          while (on_board (tr, tf))
            {
              ray_sq[sq][d][ray_len[sq][d]++] = SQ (tr, tf);
              tr += ray_drank[d];
              tf += ray_dfile[d];
            }
        }
      build_step_tables (sq);

      for (other = 0; other < XQ_SQUARES; other++)
        {
          int dr = ABS (RANK_OF (other) - r), df = ABS (FILE_OF (other) - f);

          if (other != sq && (dr == 0 || df == 0))
            relation[sq][other] = REL_LINE;
          else if (dr == 1 && df == 1)
            relation[sq][other] = REL_DIAG;
        }
    }

  for (p = 1; p < 16; p++)
    for (sq = 0; sq < XQ_SQUARES; sq++)
      zobrist[p][sq] = splitmix64 (&seed);
  zobrist_black = splitmix64 (&seed);
}

static void
ensure_tables (void)
{
  static gsize built = 0;

  if (g_once_init_enter (&built))
    {
      build_tables ();
      g_once_init_leave (&built, 1);
    }
}

/* Whether a piece of side `by` attacks `sq`, the general facing it included. The caller's
 * general stands on `sq` (or is about to), so the attacking general is looked for on the
 * file only: generals never share a rank. */
static inline gboolean
attacked (const guint8 *cell, int sq, int by)
{
  const guint8 pawn = PIECE (by, XQ_PAWN), horse = PIECE (by, XQ_HORSE);
  const guint8 chariot = PIECE (by, XQ_CHARIOT), cannon = PIECE (by, XQ_CANNON);
  const guint8 king = PIECE (by, XQ_KING);
  int i, d;

  for (i = 0; i < pawn_from_n[by][sq]; i++)
    if (cell[pawn_from[by][sq][i]] == pawn)
      return TRUE;

  for (i = 0; i < horse_from_n[sq]; i++)
    if (cell[horse_from[sq][i]] == horse && cell[horse_from_leg[sq][i]] == 0)
      return TRUE;

  for (d = 0; d < 4; d++)
    {
      const guint8 *ray = ray_sq[sq][d];
      int len = ray_len[sq][d];
      guint8 p;

      for (i = 0; i < len && cell[ray[i]] == 0; i++)
        ;
      if (i == len)
        continue;
      p = cell[ray[i]];
      if (p == chariot || (p == king && d < 2))
        return TRUE;
      for (i++; i < len && cell[ray[i]] == 0; i++)
        ;
      if (i < len && cell[ray[i]] == cannon)
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_king (const XqPosition *pos, int side)
{
  int k = pos->king[side];

  return k < XQ_SQUARES && pos->cell[k] == PIECE (side, XQ_KING);
}

static inline void
add_move (XqMove *moves, int *n, int from, int to)
{
  moves[*n].from = (guint8) from;
  moves[*n].to = (guint8) to;
  (*n)++;
}

/* Pseudo-legal moves of `us` (all, or captures only): right geometry, nothing of our own taken.
 * No piece has more than 17 moves, so stopping before a piece that might not fit keeps odd
 * set-ups inside `cap`. Both generators below are this function, inlined with a constant
 * @captures_only so that each keeps the speed of a loop written for it alone. */
static inline int
generate_moves (const guint8 *cell, int us, XqMove *moves, int cap, gboolean captures_only)
{
  const guint8 own = (guint8) (us << 3);
  int n = 0, sq, i, d;

#define ENEMY(t) (cell[t] != 0 && (cell[t] & 8) != own)
#define TARGET_OK(t) (captures_only ? ENEMY (t) : (cell[t] == 0 || (cell[t] & 8) != own))

  for (sq = 0; sq < XQ_SQUARES; sq++)
    {
      guint8 p = cell[sq];

      if (p == 0 || (p & 8) != own)
        continue;
      if (n > cap - 17)
        break;

      switch (p & 7)
        {
        case XQ_KING:
          for (i = 0; i < king_n[sq]; i++)
            if (TARGET_OK (king_to[sq][i]))
              add_move (moves, &n, sq, king_to[sq][i]);
          break;

        case XQ_ADVISOR:
          for (i = 0; i < advisor_n[sq]; i++)
            if (TARGET_OK (advisor_to[sq][i]))
              add_move (moves, &n, sq, advisor_to[sq][i]);
          break;

        case XQ_ELEPHANT:
          for (i = 0; i < elephant_n[sq]; i++)
            if (cell[elephant_eye[sq][i]] == 0 && TARGET_OK (elephant_to[sq][i]))
              add_move (moves, &n, sq, elephant_to[sq][i]);
          break;

        case XQ_HORSE:
          for (i = 0; i < horse_n[sq]; i++)
            if (cell[horse_leg[sq][i]] == 0 && TARGET_OK (horse_to[sq][i]))
              add_move (moves, &n, sq, horse_to[sq][i]);
          break;

        case XQ_CHARIOT:
          for (d = 0; d < 4; d++)
            {
              const guint8 *ray = ray_sq[sq][d];
              int len = ray_len[sq][d];

              for (i = 0; i < len && cell[ray[i]] == 0; i++)
                if (!captures_only)
                  add_move (moves, &n, sq, ray[i]);
              if (i < len && (cell[ray[i]] & 8) != own)
                add_move (moves, &n, sq, ray[i]);
            }
          break;

        case XQ_CANNON:
          for (d = 0; d < 4; d++)
            {
              const guint8 *ray = ray_sq[sq][d];
              int len = ray_len[sq][d];

              for (i = 0; i < len && cell[ray[i]] == 0; i++)
                if (!captures_only)
                  add_move (moves, &n, sq, ray[i]);
              /* ray[i] is the screen; the next piece beyond it may be taken */
              for (i++; i < len && cell[ray[i]] == 0; i++)
                ;
              if (i < len && (cell[ray[i]] & 8) != own)
                add_move (moves, &n, sq, ray[i]);
            }
          break;

        case XQ_PAWN:
          for (i = 0; i < pawn_n[us][sq]; i++)
            if (TARGET_OK (pawn_to[us][sq][i]))
              add_move (moves, &n, sq, pawn_to[us][sq][i]);
          break;

        default:
          break;
        }
    }
#undef TARGET_OK
#undef ENEMY
  return n;
}

static int
generate_pseudo (const guint8 *cell, int us, XqMove *moves, int cap)
{
  return generate_moves (cell, us, moves, cap, FALSE);
}

/* Plays the move on the cells alone and asks whether the mover's general is then attacked. */
static inline gboolean
exposes_king (guint8 *cell, int king, int from, int to, int them)
{
  guint8 p = cell[from], c = cell[to];
  gboolean bad;

  cell[to] = p;
  cell[from] = 0;
  bad = attacked (cell, from == king ? to : king, them);
  cell[from] = p;
  cell[to] = c;
  return bad;
}

/* Legal moves of the side to move; the position must have that side's general.
 *
 * Out of check, a move other than the general's can only expose the general if it empties a
 * point on the general's file or rank (opening a chariot, cannon or general line, or leaving a
 * cannon one screen short of two), fills one (a new cannon screen), or empties a horse leg,
 * which is always a diagonal neighbour of the general. Every other move is legal as it stands,
 * and that is most of them. */
static int
filter_legal (XqPosition *pos, XqMove *moves, int n)
{
  guint8 *cell = pos->cell;
  int us = pos->side, them = us ^ 1;
  int king = pos->king[us];
  int kept = 0, i;

  if (attacked (cell, king, them))
    {
      for (i = 0; i < n; i++)
        if (!exposes_king (cell, king, moves[i].from, moves[i].to, them))
          moves[kept++] = moves[i];
      return kept;
    }

  for (i = 0; i < n; i++)
    {
      int from = moves[i].from, to = moves[i].to;

      if ((from == king || relation[king][from] != 0 || (relation[king][to] & REL_LINE))
          && exposes_king (cell, king, from, to, them))
        continue;
      moves[kept++] = moves[i];
    }
  return kept;
}

static int
generate_legal (XqPosition *pos, XqMove *moves, int cap)
{
  return filter_legal (pos, moves, generate_pseudo (pos->cell, pos->side, moves, cap));
}

static inline void
make_move (XqPosition *pos, int from, int to, XqUndo *undo)
{
  guint8 p = pos->cell[from], c = pos->cell[to];

  undo->captured = c;
  undo->halfmove = pos->halfmove;
  undo->fullmove = pos->fullmove;
  undo->key = pos->key;

  pos->key ^= zobrist[p][from] ^ zobrist[p][to] ^ zobrist[c][to] ^ zobrist_black;
  pos->cell[to] = p;
  pos->cell[from] = 0;
  if ((p & 7) == XQ_KING)
    pos->king[p >> 3] = (guint8) to;
  if (c != 0)
    pos->halfmove = 0;
  else if (pos->halfmove < G_MAXUINT16)
    pos->halfmove++;
  if (pos->side == XQ_BLACK && pos->fullmove < G_MAXUINT16)
    pos->fullmove++;
  pos->side ^= 1;
}

static inline void
unmake_move (XqPosition *pos, int from, int to, const XqUndo *undo)
{
  guint8 p = pos->cell[to];

  pos->side ^= 1;
  pos->cell[from] = p;
  pos->cell[to] = undo->captured;
  if ((p & 7) == XQ_KING)
    pos->king[p >> 3] = (guint8) from;
  pos->halfmove = undo->halfmove;
  pos->fullmove = undo->fullmove;
  pos->key = undo->key;
}

static guint64
perft_recurse (XqPosition *pos, int depth)
{
  XqMove moves[XQ_MAX_MOVES];
  int n = generate_legal (pos, moves, XQ_MAX_MOVES);
  guint64 total = 0;
  XqUndo undo;
  int i;

  if (depth <= 1)
    return (guint64) n;
  for (i = 0; i < n; i++)
    {
      make_move (pos, moves[i].from, moves[i].to, &undo);
      total += perft_recurse (pos, depth - 1);
      unmake_move (pos, moves[i].from, moves[i].to, &undo);
    }
  return total;
}

static void
find_kings (XqPosition *pos)
{
  int sq;

  pos->king[XQ_RED] = pos->king[XQ_BLACK] = NO_SQUARE;
  for (sq = 0; sq < XQ_SQUARES; sq++)
    if ((pos->cell[sq] & 7) == XQ_KING)
      pos->king[pos->cell[sq] >> 3] = (guint8) sq;
}

/* A set-up change makes the position a new start. */
static void
restart (XqPosition *pos)
{
  pos->key = xq_position_compute_key (pos);
  pos->plies = 0;
}

void
xq_position_clear (XqPosition *pos)
{
  static const XqPosition empty;

  g_return_if_fail (pos != NULL);

  ensure_tables ();
  *pos = empty;
  pos->king[XQ_RED] = pos->king[XQ_BLACK] = NO_SQUARE;
  pos->side = XQ_RED;
  pos->fullmove = 1;
  restart (pos);
}

void
xq_position_init_start (XqPosition *pos)
{
  static const XqKind back[XQ_FILES] = {
    XQ_CHARIOT, XQ_HORSE, XQ_ELEPHANT, XQ_ADVISOR, XQ_KING,
    XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE, XQ_CHARIOT,
  };
  int f;

  g_return_if_fail (pos != NULL);

  xq_position_clear (pos);
  for (f = 0; f < XQ_FILES; f++)
    {
      pos->cell[SQ (0, f)] = PIECE (XQ_RED, back[f]);
      pos->cell[SQ (9, f)] = PIECE (XQ_BLACK, back[f]);
      if (f % 2 == 0)
        {
          pos->cell[SQ (3, f)] = PIECE (XQ_RED, XQ_PAWN);
          pos->cell[SQ (6, f)] = PIECE (XQ_BLACK, XQ_PAWN);
        }
    }
  pos->cell[SQ (2, 1)] = pos->cell[SQ (2, 7)] = PIECE (XQ_RED, XQ_CANNON);
  pos->cell[SQ (7, 1)] = pos->cell[SQ (7, 7)] = PIECE (XQ_BLACK, XQ_CANNON);
  find_kings (pos);
  restart (pos);
}

void
xq_position_init_voor (XqPosition *pos, XqSide giver, XqVoor voor)
{
  /* Seen from Red; Black's points are their 180° images, so that its left is file i. */
  enum { LEFT_HORSE = 1 << 0, RIGHT_HORSE = 1 << 1, LEFT_CHARIOT = 1 << 2, LEFT_CANNON = 1 << 3 };
  static const guint8 removed[XQ_N_VOORS] = {
    [XQ_VOOR_HORSE] = LEFT_HORSE,
    [XQ_VOOR_TWO_HORSES] = LEFT_HORSE | RIGHT_HORSE,
    [XQ_VOOR_CHARIOT] = LEFT_CHARIOT,
    [XQ_VOOR_CANNON] = LEFT_CANNON,
    [XQ_VOOR_CHARIOT_HORSE] = LEFT_CHARIOT | LEFT_HORSE,
    [XQ_VOOR_CHARIOT_TWO_HORSES] = LEFT_CHARIOT | LEFT_HORSE | RIGHT_HORSE,
  };
  static const struct
  {
    guint8 piece;
    int rank;
    int file;
  } points[] = {
    { LEFT_HORSE, 0, 1 },
    { RIGHT_HORSE, 0, 7 },
    { LEFT_CHARIOT, 0, 0 },
    { LEFT_CANNON, 2, 1 },
  };

  g_return_if_fail (pos != NULL);
  g_return_if_fail (giver == XQ_RED || giver == XQ_BLACK);
  g_return_if_fail (voor < XQ_N_VOORS);

  xq_position_init_start (pos);
  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      if (!(removed[voor] & points[i].piece))
        continue;
      if (giver == XQ_RED)
        pos->cell[SQ (points[i].rank, points[i].file)] = 0;
      else
        pos->cell[SQ (XQ_RANKS - 1 - points[i].rank, XQ_FILES - 1 - points[i].file)] = 0;
    }
  restart (pos);
}

int
xq_piece_at (const XqPosition *pos, int square, int *side)
{
  guint8 p;

  if (side != NULL)
    *side = -1;
  g_return_val_if_fail (pos != NULL, XQ_NONE);
  if (square < 0 || square >= XQ_SQUARES)
    return XQ_NONE;
  p = pos->cell[square];
  if (p == 0)
    return XQ_NONE;
  if (side != NULL)
    *side = p >> 3;
  return p & 7;
}

void
xq_put_piece (XqPosition *pos, int square, XqKind kind, XqSide side)
{
  g_return_if_fail (pos != NULL);
  g_return_if_fail (square >= 0 && square < XQ_SQUARES);
  g_return_if_fail (kind <= XQ_PAWN);
  g_return_if_fail (side == XQ_RED || side == XQ_BLACK);

  ensure_tables ();
  pos->cell[square] = kind == XQ_NONE ? 0 : PIECE (side, kind);
  find_kings (pos);
  restart (pos);
}

guint64
xq_position_compute_key (const XqPosition *pos)
{
  guint64 key = 0;
  int sq;

  g_return_val_if_fail (pos != NULL, 0);

  ensure_tables ();
  for (sq = 0; sq < XQ_SQUARES; sq++)
    key ^= zobrist[pos->cell[sq] & 15][sq];
  if (pos->side == XQ_BLACK)
    key ^= zobrist_black;
  return key;
}

gboolean
xq_generals_face (const XqPosition *pos)
{
  int red, black, sq;

  g_return_val_if_fail (pos != NULL, FALSE);

  if (!has_king (pos, XQ_RED) || !has_king (pos, XQ_BLACK))
    return FALSE;
  red = pos->king[XQ_RED];
  black = pos->king[XQ_BLACK];
  if (FILE_OF (red) != FILE_OF (black))
    return FALSE;
  for (sq = MIN (red, black) + XQ_FILES; sq < MAX (red, black); sq += XQ_FILES)
    if (pos->cell[sq] != 0)
      return FALSE;
  return TRUE;
}

int
xq_legal_moves (XqPosition *pos, XqMove *moves)
{
  g_return_val_if_fail (pos != NULL, 0);
  g_return_val_if_fail (moves != NULL, 0);

  ensure_tables ();
  if (pos->side > XQ_BLACK || !has_king (pos, pos->side))
    return 0;
  return generate_legal (pos, moves, XQ_MAX_MOVES);
}

gboolean
xq_is_legal (XqPosition *pos, XqMove move)
{
  XqExplanation why;

  g_return_val_if_fail (pos != NULL, FALSE);

  if (move.from >= XQ_SQUARES || move.to >= XQ_SQUARES)
    return FALSE;
  /* A set-up without the mover's general has no legal moves (xq_legal_moves() agrees). */
  ensure_tables ();
  if (pos->side > XQ_BLACK || !has_king (pos, pos->side))
    return FALSE;
  return xq_explain (pos, move.from, move.to, &why) == XQ_LEGAL;
}

void
xq_make (XqPosition *pos, XqMove move, XqUndo *undo)
{
  g_return_if_fail (pos != NULL && undo != NULL);
  g_return_if_fail (move.from < XQ_SQUARES && move.to < XQ_SQUARES);

  ensure_tables ();
  make_move (pos, move.from, move.to, undo);
}

void
xq_unmake (XqPosition *pos, XqMove move, const XqUndo *undo)
{
  g_return_if_fail (pos != NULL && undo != NULL);
  g_return_if_fail (move.from < XQ_SQUARES && move.to < XQ_SQUARES);

  unmake_move (pos, move.from, move.to, undo);
}

void
xq_play (XqPosition *pos, XqMove move)
{
  XqUndo undo;

  g_return_if_fail (pos != NULL);
  g_return_if_fail (move.from < XQ_SQUARES && move.to < XQ_SQUARES);
  g_return_if_fail (pos->cell[move.from] != 0);

  ensure_tables ();
  make_move (pos, move.from, move.to, &undo);
  if (pos->plies < G_MAXUINT16)
    pos->plies++;
}

guint64
xq_perft (XqPosition *pos, int depth)
{
  g_return_val_if_fail (pos != NULL, 0);

  ensure_tables ();
  if (depth <= 0)
    return 1;
  if (pos->side > XQ_BLACK || !has_king (pos, pos->side))
    return 0;
  return perft_recurse (pos, depth);
}

gboolean
xq_in_check (const XqPosition *pos, int side)
{
  g_return_val_if_fail (pos != NULL, FALSE);

  if (side != XQ_RED && side != XQ_BLACK)
    return FALSE;
  ensure_tables ();
  if (!has_king (pos, side))
    return FALSE;
  return attacked (pos->cell, pos->king[side], side ^ 1);
}

int
xq_checkers (const XqPosition *pos, int side, int *squares)
{
  const guint8 *cell;
  int by, sq, n = 0, i, d;

#define FOUND(s) G_STMT_START { if (squares != NULL) squares[n] = (s); n++; } G_STMT_END

  g_return_val_if_fail (pos != NULL, 0);

  if (side != XQ_RED && side != XQ_BLACK)
    return 0;
  ensure_tables ();
  if (!has_king (pos, side))
    return 0;
  cell = pos->cell;
  by = side ^ 1;
  sq = pos->king[side];

  for (i = 0; i < pawn_from_n[by][sq]; i++)
    if (cell[pawn_from[by][sq][i]] == PIECE (by, XQ_PAWN))
      FOUND (pawn_from[by][sq][i]);
  for (i = 0; i < horse_from_n[sq]; i++)
    if (cell[horse_from[sq][i]] == PIECE (by, XQ_HORSE) && cell[horse_from_leg[sq][i]] == 0)
      FOUND (horse_from[sq][i]);
  for (d = 0; d < 4; d++)
    {
      const guint8 *ray = ray_sq[sq][d];
      int len = ray_len[sq][d];

      for (i = 0; i < len && cell[ray[i]] == 0; i++)
        ;
      if (i == len)
        continue;
      if (cell[ray[i]] == PIECE (by, XQ_CHARIOT)
          || (cell[ray[i]] == PIECE (by, XQ_KING) && d < 2))
        FOUND (ray[i]);
      for (i++; i < len && cell[ray[i]] == 0; i++)
        ;
      if (i < len && cell[ray[i]] == PIECE (by, XQ_CANNON))
        FOUND (ray[i]);
    }
#undef FOUND
  return n;
}

/* The engine's helpers */

/* Pseudo-legal captures of `us`. */
static int
generate_pseudo_captures (const guint8 *cell, int us, XqMove *moves, int cap)
{
  return generate_moves (cell, us, moves, cap, TRUE);
}

int
xq_generate_captures (XqPosition *pos, XqMove *moves)
{
  g_return_val_if_fail (pos != NULL && moves != NULL, 0);

  if (pos->side > XQ_BLACK || !has_king (pos, pos->side))
    return 0;
  return filter_legal (pos, moves,
                       generate_pseudo_captures (pos->cell, pos->side, moves, XQ_MAX_MOVES));
}

/* Whether the piece on `from` may go to `to` by its own movement, ignoring checks. */
static gboolean
pseudo_legal (const guint8 *cell, int us, int from, int to)
{
  guint8 p = cell[from], t = cell[to];
  int i, d;

  if (p == 0 || (p >> 3) != us || from == to)
    return FALSE;
  if (t != 0 && (t >> 3) == us)
    return FALSE;

  switch (p & 7)
    {
    case XQ_KING:
      for (i = 0; i < king_n[from]; i++)
        if (king_to[from][i] == to)
          return TRUE;
      return FALSE;

    case XQ_ADVISOR:
      for (i = 0; i < advisor_n[from]; i++)
        if (advisor_to[from][i] == to)
          return TRUE;
      return FALSE;

    case XQ_ELEPHANT:
      for (i = 0; i < elephant_n[from]; i++)
        if (elephant_to[from][i] == to)
          return cell[elephant_eye[from][i]] == 0;
      return FALSE;

    case XQ_HORSE:
      for (i = 0; i < horse_n[from]; i++)
        if (horse_to[from][i] == to)
          return cell[horse_leg[from][i]] == 0;
      return FALSE;

    case XQ_PAWN:
      for (i = 0; i < pawn_n[us][from]; i++)
        if (pawn_to[us][from][i] == to)
          return TRUE;
      return FALSE;

    case XQ_CHARIOT:
    case XQ_CANNON:
      if (!(relation[from][to] & REL_LINE))
        return FALSE;
      for (d = 0; d < 4; d++)
        {
          const guint8 *ray = ray_sq[from][d];
          int len = ray_len[from][d], screens = 0;

          for (i = 0; i < len && ray[i] != to; i++)
            if (cell[ray[i]] != 0)
              screens++;
          if (i == len)
            continue;
          if ((p & 7) == XQ_CHARIOT)
            return screens == 0;
          return t == 0 ? screens == 0 : screens == 1;
        }
      return FALSE;

    default:
      return FALSE;
    }
}

gboolean
xq_is_legal_fast (XqPosition *pos, XqMove move)
{
  XqMove one[1];

  if (move.from >= XQ_SQUARES || move.to >= XQ_SQUARES)
    return FALSE;
  if (!pseudo_legal (pos->cell, pos->side, move.from, move.to))
    return FALSE;
  one[0] = move;
  return filter_legal (pos, one, 1) == 1;
}

void
xq_make_null (XqPosition *pos, XqUndo *undo)
{
  undo->captured = 0;
  undo->halfmove = pos->halfmove;
  undo->fullmove = pos->fullmove;
  undo->key = pos->key;
  pos->key ^= zobrist_black;
  pos->side ^= 1;
}

void
xq_unmake_null (XqPosition *pos, const XqUndo *undo)
{
  pos->side ^= 1;
  pos->key = undo->key;
}

gboolean
xq_square_attacked (const XqPosition *pos, int sq, int by)
{
  const guint8 *cell = pos->cell;
  const guint8 advisor = PIECE (by, XQ_ADVISOR), elephant = PIECE (by, XQ_ELEPHANT);
  const guint8 king = PIECE (by, XQ_KING);
  int i, d;

  if (sq < 0 || sq >= XQ_SQUARES || (by != XQ_RED && by != XQ_BLACK))
    return FALSE;

  /* attacked() knows pawns, horses, chariots and cannons; the general it looks for along the
   * whole file, which is right only for the other general's point. */
  for (i = 0; i < pawn_from_n[by][sq]; i++)
    if (cell[pawn_from[by][sq][i]] == PIECE (by, XQ_PAWN))
      return TRUE;
  for (i = 0; i < horse_from_n[sq]; i++)
    if (cell[horse_from[sq][i]] == PIECE (by, XQ_HORSE) && cell[horse_from_leg[sq][i]] == 0)
      return TRUE;
  for (d = 0; d < 4; d++)
    {
      const guint8 *ray = ray_sq[sq][d];
      int len = ray_len[sq][d];

      for (i = 0; i < len && cell[ray[i]] == 0; i++)
        ;
      if (i == len)
        continue;
      if (cell[ray[i]] == PIECE (by, XQ_CHARIOT))
        return TRUE;
      for (i++; i < len && cell[ray[i]] == 0; i++)
        ;
      if (i < len && cell[ray[i]] == PIECE (by, XQ_CANNON))
        return TRUE;
    }
  /* Palace and elephant pieces move the same way both directions. */
  for (i = 0; i < king_n[sq]; i++)
    if (cell[king_to[sq][i]] == king)
      return TRUE;
  for (i = 0; i < advisor_n[sq]; i++)
    if (cell[advisor_to[sq][i]] == advisor)
      return TRUE;
  for (i = 0; i < elephant_n[sq]; i++)
    if (cell[elephant_to[sq][i]] == elephant && cell[elephant_eye[sq][i]] == 0)
      return TRUE;
  return FALSE;
}

/* The points of @by's pieces that attack @sq on the board @cell (xq_square_attacked()'s
 * rules, the general by its palace steps only), in @from; their count. */
int
xq_attackers (const guint8 *cell, int sq, int by, guint8 *from)
{
  const guint8 advisor = PIECE (by, XQ_ADVISOR), elephant = PIECE (by, XQ_ELEPHANT);
  const guint8 king = PIECE (by, XQ_KING);
  int i, d, n = 0;

  if (sq < 0 || sq >= XQ_SQUARES || (by != XQ_RED && by != XQ_BLACK))
    return 0;
  for (i = 0; i < pawn_from_n[by][sq]; i++)
    if (cell[pawn_from[by][sq][i]] == PIECE (by, XQ_PAWN))
      from[n++] = pawn_from[by][sq][i];
  for (i = 0; i < horse_from_n[sq]; i++)
    if (cell[horse_from[sq][i]] == PIECE (by, XQ_HORSE) && cell[horse_from_leg[sq][i]] == 0)
      from[n++] = horse_from[sq][i];
  for (d = 0; d < 4; d++)
    {
      const guint8 *ray = ray_sq[sq][d];
      int len = ray_len[sq][d];

      for (i = 0; i < len && cell[ray[i]] == 0; i++)
        ;
      if (i == len)
        continue;
      if (cell[ray[i]] == PIECE (by, XQ_CHARIOT))
        from[n++] = ray[i];
      /* A cannon takes over exactly one screen. */
      for (i++; i < len && cell[ray[i]] == 0; i++)
        ;
      if (i < len && cell[ray[i]] == PIECE (by, XQ_CANNON))
        from[n++] = ray[i];
    }
  for (i = 0; i < king_n[sq]; i++)
    if (cell[king_to[sq][i]] == king)
      from[n++] = king_to[sq][i];
  for (i = 0; i < advisor_n[sq]; i++)
    if (cell[advisor_to[sq][i]] == advisor)
      from[n++] = advisor_to[sq][i];
  for (i = 0; i < elephant_n[sq]; i++)
    if (cell[elephant_to[sq][i]] == elephant && cell[elephant_eye[sq][i]] == 0)
      from[n++] = elephant_to[sq][i];
  return n;
}
