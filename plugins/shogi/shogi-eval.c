/* shogi-eval.c: the computer player's evaluation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Material, with pieces in hand worth a little more than on the board (a piece in hand can go
 * almost anywhere, and no piece ever leaves the game: Shogi has no end game where material
 * thins out, so there is one set of values, not two phases); piece-square tables; and the
 * safety of each king: its castle (golds and silvers close by, the king on the second rank
 * towards an edge) against the enemy pieces near it, made worse by what the enemy holds in
 * hand, which can be dropped next to the king at once, the more so the more squares around the
 * king lie open to drops. Golds, silvers and knights far from both kings count for less.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include "shogi-engine.h"

/* Indexed by SgKind: none, K, R, B, G, S, N, L, P, +R, +B, (11), +S, +N, +L, +P. */
const int sg_board_value[SG_N_KINDS] = {
  0, 0, 990, 855, 540, 495, 405, 315, 90, 1300, 1000, 0, 540, 540, 540, 540,
};

const int sg_hand_value[SG_N_KINDS] = {
  0, 0, 1080, 930, 590, 545, 445, 345, 100, 0, 0, 0, 0, 0, 0, 0,
};

/* The king's danger from each enemy piece near it, and from each piece in the enemy's
 * hand (pawns in hand weigh little, and only the first three count). */
static const int attack_weight[SG_N_KINDS] = {
  0, 0, 26, 16, 18, 16, 12, 8, 4, 36, 28, 0, 18, 18, 18, 16,
};

static const int hand_attack_weight[SG_N_KINDS] = {
  0, 0, 22, 14, 12, 12, 9, 6, 3, 0, 0, 0, 0, 0, 0, 0,
};

/* Castle pieces: golds and silvers (and the promoted minors that move as golds) beside the
 * king, or one square further away. */
static const int defence_near[SG_N_KINDS] = {
  0, 0, 0, 0, 28, 22, 4, 0, 0, 0, 10, 0, 16, 16, 16, 16,
};

static const int defence_far[SG_N_KINDS] = {
  0, 0, 0, 0, 14, 12, 0, 0, 0, 0, 6, 0, 8, 8, 8, 8,
};

/* Where the king stands from its own side: rank 0 is its home rank. Castles put it on the
 * second file from an edge (Mino, Yagura) or in the corner (Anaguma); the centre is open
 * to attack from both wings. */
static const int king_file[SG_FILES] = { 16, 22, 12, 0, -16, 0, 12, 22, 16 };
static const int king_rank[SG_RANKS] = { 0, -6, -30, -65, -90, -110, -120, -120, -120 };

/* Material + placement of each cell value on each square, for Sente's point of view: a
 * Gote piece's entry is negative. */
static gint16 pst[32][SG_SQUARES];

static int
placement (int kind, int rank, int file)
{
  int centre = ABS (file - 4);          /* 0 in the centre, 4 on an edge */

  switch (kind)
    {
    case SG_PAWN:
      /* A pawn that has gone forward gains space and threatens to promote. */
      return rank <= 5 ? (rank - 3) * 5 : 15 + (rank - 5) * 10;
    case SG_LANCE:
      /* Strongest from far behind, where its file stays open before it. */
      return -rank * 4;
    case SG_KNIGHT:
      /* It only goes forward, and cannot come back: an early jump gets it lost. */
      return (rank == 2 ? 10 : rank == 3 ? 12 : rank >= 5 ? -12 : 0) - (centre == 4 ? 12 : 0);
    case SG_SILVER:
      return MIN (rank, 3) * 6 - centre * 3;
    case SG_GOLD:
      /* A defender: it belongs in its own camp. */
      return rank <= 2 ? 8 - centre * 2 : -12 * (rank - 2);
    case SG_BISHOP:
    case SG_ROOK:
      return 0;
    case SG_DRAGON:
    case SG_HORSE:
      return -centre * 3;
    case SG_PSILVER:
    case SG_PKNIGHT:
    case SG_PLANCE:
    case SG_TOKIN:
      /* Promoted minors do their work in the enemy camp. */
      return rank * 4 - centre * 2;
    default:
      return 0;
    }
}

void
sg_eval_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (int kind = SG_ROOK; kind < SG_N_KINDS; kind++)
        {
          if (sg_board_value[kind] == 0)
            continue;
          for (int sq = 0; sq < SG_SQUARES; sq++)
            {
              int file = sq % SG_FILES, rank = sq / SG_FILES;

              pst[SG_CELL (kind, SG_SENTE)][sq] = (gint16) (sg_board_value[kind]
                                                            + placement (kind, rank, file));
              pst[SG_CELL (kind, SG_GOTE)][sq] = (gint16) -(sg_board_value[kind]
                                                            + placement (kind, 8 - rank, file));
            }
        }
      g_once_init_leave (&done, 1);
    }
}

/* The safety of @side's king, positive when it is safe. @pos is the evaluation's own copy:
 * the king is lifted off its square for a moment, so that what defends the squares around it
 * counts without the king itself, and enemy sliders see through it. */
static int
king_safety (SgPosition *pos,
             int         side)
{
  int king = pos->king[side];
  int enemy = side ^ 1;
  int kr, kf, rank, attack = 0, defence = 0, hand = 0, zone = 0, danger, score;
  gboolean enemy_hand = FALSE;

  if (king >= SG_SQUARES)
    return 0;
  kr = king / SG_FILES;
  kf = king % SG_FILES;
  rank = side == SG_SENTE ? kr : 8 - kr;
  score = king_file[kf] + king_rank[rank];

  for (int kind = SG_ROOK; kind <= SG_PAWN; kind++)
    {
      int count = pos->hand[enemy][kind];

      enemy_hand |= count > 0;
      if (kind == SG_PAWN)
        count = MIN (count, 3);
      hand += count * hand_attack_weight[kind];
    }

  pos->cell[king] = 0;
  for (int r = MAX (kr - 2, 0); r <= MIN (kr + 2, SG_RANKS - 1); r++)
    for (int f = MAX (kf - 2, 0); f <= MIN (kf + 2, SG_FILES - 1); f++)
      {
        int sq = r * SG_FILES + f;
        guint8 cell = pos->cell[sq];
        int kind = SG_CELL_KIND (cell);
        gboolean near = ABS (r - kr) <= 1 && ABS (f - kf) <= 1;

        if (near && sq != king)
          {
            /* The squares the king would flee to, or an attacker drop on: taken by the enemy,
             * held by nothing of ours, open to a drop. */
            gboolean attacked = sg_square_attacked (pos, sq, enemy);
            gboolean held = (attacked || enemy_hand) && sg_square_attacked (pos, sq, side);

            if (attacked)
              zone += held ? 3 : 7;
            if (!held && enemy_hand && (cell == 0 || SG_CELL_SIDE (cell) == enemy))
              zone += attacked ? 5 : 2;
          }
        if (cell == 0)
          continue;
        if (SG_CELL_SIDE (cell) == side)
          defence += near ? defence_near[kind] : defence_far[kind];
        else
          attack += attack_weight[kind] * (near ? 2 : 1);
      }
  pos->cell[king] = SG_CELL (SG_KING, side);

  score += MIN (defence, 110);
  /* Pieces in hand are a threat in themselves, and a far worse one once attackers stand
   * near the king for the drops to join. */
  if (attack > 0 || zone > 0)
    /* Every square around the king open to a drop makes each piece in hand worth more. */
    hand += hand * zone / 16;
  else
    hand /= 2;
  danger = attack + zone * 3 + hand - defence / 3;
  if (danger > 0)
    score -= MIN (danger * danger / 32, 1500);
  return score;
}

/* How far a slider on @sq reaches along (@dr, @df): empty squares and an enemy piece at the
 * end. */
static inline int
reach (const SgPosition *pos,
       int               sq,
       int               side,
       int               dr,
       int               df)
{
  int r = sq / SG_FILES + dr, f = sq % SG_FILES + df, n = 0;

  while (r >= 0 && r < SG_RANKS && f >= 0 && f < SG_FILES)
    {
      guint8 cell = pos->cell[r * SG_FILES + f];

      if (cell != 0)
        return n + (SG_CELL_SIDE (cell) != side);
      n++;
      r += dr;
      f += df;
    }
  return n;
}

/* Mobility of the long-range pieces: an open diagonal for the bishop, an open file for the
 * rook, are most of what they are worth. */
static int
slider_mobility (const SgPosition *pos,
                 int               sq,
                 int               kind,
                 int               side)
{
  switch (kind)
    {
    case SG_ROOK:
    case SG_DRAGON:
      return 3 * (reach (pos, sq, side, 1, 0) + reach (pos, sq, side, -1, 0)
                  + reach (pos, sq, side, 0, 1) + reach (pos, sq, side, 0, -1)) - 30;
    case SG_BISHOP:
    case SG_HORSE:
      return 4 * (reach (pos, sq, side, 1, 1) + reach (pos, sq, side, 1, -1)
                  + reach (pos, sq, side, -1, 1) + reach (pos, sq, side, -1, -1)) - 30;
    case SG_LANCE:
      return 2 * reach (pos, sq, side, side == SG_SENTE ? 1 : -1, 0) - 6;
    default:
      return 0;
    }
}

/* Golds, silvers, knights and the promoted minors work within a few squares of a king, their
 * own or the enemy's: one far from both is out of the game, and worth less. */
static inline int
out_of_play (const SgPosition *pos,
             int               sq,
             int               kind)
{
  int d = 9;

  if (kind != SG_GOLD && kind != SG_SILVER && kind != SG_KNIGHT && kind < SG_PSILVER)
    return 0;
  for (int side = 0; side < 2; side++)
    {
      int king = pos->king[side];

      if (king < SG_SQUARES)
        d = MIN (d, MAX (ABS (king / SG_FILES - sq / SG_FILES),
                         ABS (king % SG_FILES - sq % SG_FILES)));
    }
  return d > 3 ? (d - 3) * 10 : 0;
}

int
sg_evaluate (const SgPosition *pos)
{
  SgPosition work = *pos;
  int score = 0;

  for (int sq = 0; sq < SG_SQUARES; sq++)
    {
      guint8 cell = pos->cell[sq];

      if (cell != 0)
        {
          int kind = SG_CELL_KIND (cell), side = SG_CELL_SIDE (cell);
          int mobility = slider_mobility (pos, sq, kind, side) - out_of_play (pos, sq, kind);

          score += pst[cell][sq] + (side == SG_SENTE ? mobility : -mobility);
        }
    }
  for (int kind = SG_ROOK; kind <= SG_PAWN; kind++)
    score += (pos->hand[SG_SENTE][kind] - pos->hand[SG_GOTE][kind]) * sg_hand_value[kind];
  score += king_safety (&work, SG_SENTE) - king_safety (&work, SG_GOTE);

  /* The side to move is a tempo ahead. */
  return (pos->side == SG_SENTE ? score : -score) + 20;
}
