/* chess-eval.c: how good a chess position is for the side to move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A tapered evaluation: every term has a middle-game and an end-game value, mixed by the
 * pieces left (knight and bishop 1, rook 2, queen 4; 24 at the start). The terms:
 *  - material, the bishop pair, and piece-square tables;
 *  - mobility: the squares each knight, bishop, rook and queen reaches that hold no piece of
 *    its own and no enemy pawn guards;
 *  - rooks on open and half-open files, and on the seventh rank;
 *  - pawn structure: doubled, isolated and backward pawns;
 *  - passed pawns, more as they advance, more in the ending, less when blocked, more when
 *    no enemy piece attacks or bars their way, and in the ending by how near each king stands
 *    to the pawn's path;
 *  - king safety: the pawn shield in front of a castled king, open files beside it, the
 *    attackers on the squares around it, which grow dangerous together, and the checks the
 *    enemy can give from squares the king's side does not guard;
 *  - threats: pieces attacked by a pawn, by a lesser piece, or left with too few defenders;
 *  - endings the stronger side cannot win (a lone minor piece, no pawns) tend to a draw.
 * The tables are written as White sees the board, rank 8 first; Black reads them mirrored.
 * The values are this engine's own, tuned by hand in its games, but for the threats, the
 * safe checks and the passed pawn's way, fitted by catur-tune-chess to Stockfish's scores of
 * its positions (tests/bench/README.md, "Chess: threats and safe checks, kept" and "Chess: a
 * passed pawn's way, kept"). Some of those are small or below zero where terms overlap: a
 * hanging piece is also counted by the kind that attacks it, a free passed pawn by its rank.
 */

#include <string.h>

#include "chess-engine.h"

#define RANK_OF(sq) ((sq) >> 3)
#define FILE_OF(sq) ((sq) & 7)
#define BIT(sq) (G_GUINT64_CONSTANT (1) << (sq))
#define FILE_A G_GUINT64_CONSTANT (0x0101010101010101)
#define RANK_1 G_GUINT64_CONSTANT (0xff)
#define PHASE_MAX 24
#define TEMPO 12

const int ch_piece_value[CH_N_KINDS] = { 0, 100, 320, 330, 500, 950, 20000 };

static CATUR_WEIGHT int material_mg[CH_N_KINDS] = { 0, 82, 337, 365, 477, 1025, 0 };
static CATUR_WEIGHT int material_eg[CH_N_KINDS] = { 0, 94, 281, 297, 512, 936, 0 };
static const int phase_weight[CH_N_KINDS] = { 0, 0, 1, 1, 2, 4, 0 };

/* Pawns: the centre pawns forward in the middle game, and every step counts in the ending
 * (passed pawns get more below). The d- and e-pawns at home block the bishops. */
static CATUR_WEIGHT int pawn_mg[64] = {
    0,   0,   0,   0,   0,   0,   0,   0,
   40,  45,  45,  50,  50,  45,  45,  40,
   10,  14,  22,  28,  28,  22,  14,  10,
    2,   6,  10,  22,  22,  10,   6,   2,
   -2,   0,   6,  18,  18,   4,   0,  -4,
   -2,   2,   2,   4,   4,  -4,   4,  -2,
   -4,   4,   2, -14, -14,   8,  10,  -6,
    0,   0,   0,   0,   0,   0,   0,   0,
};

static CATUR_WEIGHT int pawn_eg[64] = {
    0,   0,   0,   0,   0,   0,   0,   0,
   80,  78,  72,  66,  66,  72,  78,  80,
   44,  42,  36,  30,  30,  36,  42,  44,
   20,  18,  12,   8,   8,  12,  18,  20,
    8,   6,   2,   0,   0,   2,   6,   8,
    2,   2,  -2,   0,   0,  -2,   2,   2,
    2,   2,   4,   6,   6,   4,   2,   2,
    0,   0,   0,   0,   0,   0,   0,   0,
};

/* A knight on the rim is dim; on a central outpost it is worth almost a rook's pawn more. */
static CATUR_WEIGHT int knight_mg[64] = {
  -60, -36, -26, -22, -22, -26, -36, -60,
  -30, -14,   4,   8,   8,   4, -14, -30,
  -20,   8,  18,  26,  26,  18,   8, -20,
  -14,   6,  18,  24,  24,  18,   6, -14,
  -16,   2,  14,  18,  18,  14,   2, -16,
  -22,   0,  10,  10,  10,  10,   0, -22,
  -30, -16,  -2,   4,   4,  -2, -16, -30,
  -56, -26, -24, -20, -20, -24, -26, -56,
};

static CATUR_WEIGHT int knight_eg[64] = {
  -44, -30, -20, -18, -18, -20, -30, -44,
  -28, -14,  -4,   2,   2,  -4, -14, -28,
  -18,  -2,   8,  12,  12,   8,  -2, -18,
  -16,   2,  12,  18,  18,  12,   2, -16,
  -16,   2,  12,  16,  16,  12,   2, -16,
  -20,  -4,   4,  10,  10,   4,  -4, -20,
  -30, -16,  -6,   0,   0,  -6, -16, -30,
  -44, -32, -22, -18, -18, -22, -32, -44,
};

/* Bishops want long diagonals: b2/g2 and the squares in front of the king's position. */
static CATUR_WEIGHT int bishop_mg[64] = {
  -18,  -8, -10, -10, -10, -10,  -8, -18,
  -10,   0,   2,   0,   0,   2,   0, -10,
   -8,   6,   8,  10,  10,   8,   6,  -8,
   -6,   6,   8,  14,  14,   8,   6,  -6,
   -6,   4,  10,  14,  14,  10,   4,  -6,
   -4,  10,   8,   8,   8,   8,  10,  -4,
   -6,  12,   4,   4,   4,   4,  12,  -6,
  -20,  -8, -14,  -8,  -8, -14,  -8, -20,
};

static CATUR_WEIGHT int bishop_eg[64] = {
  -14,  -8,  -8,  -6,  -6,  -8,  -8, -14,
   -8,  -2,   0,   2,   2,   0,  -2,  -8,
   -6,   0,   4,   6,   6,   4,   0,  -6,
   -4,   2,   6,  10,  10,   6,   2,  -4,
   -4,   2,   6,  10,  10,   6,   2,  -4,
   -6,   0,   4,   6,   6,   4,   0,  -6,
   -8,  -2,   0,   2,   2,   0,  -2,  -8,
  -14,  -8,  -8,  -6,  -6,  -8,  -8, -14,
};

/* Rooks: the seventh rank and the centre files; the open files come from the file terms. */
static CATUR_WEIGHT int rook_mg[64] = {
   10,  12,  14,  16,  16,  14,  12,  10,
   20,  24,  26,  28,  28,  26,  24,  20,
    0,   4,   6,   8,   8,   6,   4,   0,
   -6,  -2,   0,   2,   2,   0,  -2,  -6,
   -8,  -4,  -2,   0,   0,  -2,  -4,  -8,
  -10,  -4,  -2,   0,   0,  -2,  -4, -10,
  -14,  -6,  -2,   0,   0,  -2,  -6, -14,
   -6,  -4,   2,   8,   8,   6,  -4,  -6,
};

static CATUR_WEIGHT int rook_eg[64] = {
    8,   8,  10,  10,  10,  10,   8,   8,
   12,  14,  14,  14,  14,  14,  14,  12,
    4,   4,   4,   4,   4,   4,   4,   4,
    2,   2,   2,   2,   2,   2,   2,   2,
    0,   0,   0,   0,   0,   0,   0,   0,
   -2,  -2,  -2,  -2,  -2,  -2,  -2,  -2,
   -4,  -4,  -2,  -2,  -2,  -2,  -4,  -4,
   -6,  -4,  -2,  -2,  -2,  -2,  -4,  -6,
};

/* The queen: a little central, and not out early; its mobility does the rest. */
static CATUR_WEIGHT int queen_mg[64] = {
  -16, -10,  -6,  -2,  -2,  -6, -10, -16,
  -10, -14,  -4,   0,   0,  -4, -14, -10,
   -8,  -2,   2,   4,   4,   2,  -2,  -8,
   -6,  -2,   2,   4,   4,   2,  -2,  -6,
   -6,  -2,   2,   4,   4,   2,  -2,  -6,
   -8,   2,   2,   2,   2,   2,   2,  -8,
  -10,  -2,   4,   4,   4,   4,  -2, -10,
  -16, -10,  -6,   2,  -2,  -6, -10, -16,
};

static CATUR_WEIGHT int queen_eg[64] = {
  -18, -10,  -6,  -4,  -4,  -6, -10, -18,
  -10,  -2,   4,   6,   6,   4,  -2, -10,
   -6,   4,  10,  12,  12,  10,   4,  -6,
   -4,   6,  12,  16,  16,  12,   6,  -4,
   -4,   6,  12,  16,  16,  12,   6,  -4,
   -6,   4,  10,  12,  12,  10,   4,  -6,
  -10,  -2,   4,   6,   6,   4,  -2, -10,
  -18, -10,  -6,  -4,  -4,  -6, -10, -18,
};

/* The king hides behind its pawns in the middle game, castled, and walks to the centre in the
 * ending. */
static CATUR_WEIGHT int king_mg[64] = {
  -60, -60, -60, -70, -70, -60, -60, -60,
  -50, -50, -55, -65, -65, -55, -50, -50,
  -40, -45, -50, -60, -60, -50, -45, -40,
  -35, -40, -45, -55, -55, -45, -40, -35,
  -30, -35, -40, -50, -50, -40, -35, -30,
  -16, -22, -28, -34, -34, -28, -22, -16,
   12,  10,  -8, -24, -24, -12,  10,  14,
   18,  30,  10, -10,   0, -10,  32,  20,
};

static CATUR_WEIGHT int king_eg[64] = {
  -50, -32, -22, -16, -16, -22, -32, -50,
  -28, -10,   0,   6,   6,   0, -10, -28,
  -20,   4,  16,  22,  22,  16,   4, -20,
  -18,   6,  20,  28,  28,  20,   6, -18,
  -20,   2,  16,  24,  24,  16,   2, -20,
  -22,  -4,   8,  14,  14,   8,  -4, -22,
  -30, -16,  -4,   0,   0,  -4, -16, -30,
  -52, -36, -26, -22, -22, -26, -36, -52,
};

static CATUR_WEIGHT int * const tables_mg[CH_N_KINDS] = {
  NULL, pawn_mg, knight_mg, bishop_mg, rook_mg, queen_mg, king_mg,
};
static CATUR_WEIGHT int * const tables_eg[CH_N_KINDS] = {
  NULL, pawn_eg, knight_eg, bishop_eg, rook_eg, queen_eg, king_eg,
};

/* Material plus placement, indexed [side][kind][square]. */
static gint16 pst_mg[2][CH_N_KINDS][64];
static gint16 pst_eg[2][CH_N_KINDS][64];

/* By the rank the pawn stands on, counted from its own side (1 = home, 6 = about to
 * promote). */
static CATUR_WEIGHT int passed_mg[8] = { 0, 0, 4, 8, 18, 36, 62, 0 };
static CATUR_WEIGHT int passed_eg[8] = { 0, 0, 12, 22, 42, 74, 118, 0 };

/* Mobility bonus by squares reached, for knight, bishop, rook, queen. */
static const int mobility_center[CH_N_KINDS] = { 0, 0, 4, 6, 7, 13, 0 };
static CATUR_WEIGHT int mobility_mg[CH_N_KINDS] = { 0, 0, 4, 5, 2, 1, 0 };
static CATUR_WEIGHT int mobility_eg[CH_N_KINDS] = { 0, 0, 4, 5, 4, 2, 0 };

/* What attackers of each kind weigh against the king's zone. */
static CATUR_WEIGHT int king_attack_weight[CH_N_KINDS] = { 0, 0, 2, 2, 3, 5, 0 };

/* The terms below are { middle game, end game } unless they say otherwise. */
static CATUR_WEIGHT int bishop_pair[2] = { 30, 50 };
/* Penalties: a pawn with its own in front, one with no pawn of its own on the files beside,
 * and a backward one. */
static CATUR_WEIGHT int doubled_pawn[2] = { 10, 22 };
static CATUR_WEIGHT int isolated_pawn[2] = { 12, 16 };
static CATUR_WEIGHT int backward_pawn[2] = { 10, 8 };
/* A passed pawn's ending: a step of the enemy king from the square in front of it, and one of
 * its own king (a penalty), each times the pawn's rank / 2. */
static CATUR_WEIGHT int passed_king_distance[2] = { 5, 2 };
/* A passed pawn from its fourth rank on, times its rank less two: its way to the last rank
 * neither attacked nor barred by the enemy; else the square in front so; that square held by
 * its own side. */
static CATUR_WEIGHT int passed_free[2] = { -8, 20 };
static CATUR_WEIGHT int passed_safe_stop[2] = { -8, 8 };
static CATUR_WEIGHT int passed_held_stop[2] = { 8, 12 };
static CATUR_WEIGHT int rook_open_file[2] = { 24, 10 };
static CATUR_WEIGHT int rook_half_open_file[2] = { 10, 4 };
static CATUR_WEIGHT int rook_seventh[2] = { 10, 20 };
/* Middle game only: a knight's outpost, a bishop's. */
static CATUR_WEIGHT int outpost[2] = { 22, 10 };
/* Middle game penalties of the king's cover: on the wing, a file beside it without its own
 * pawn, its pawn two steps ahead, farther, no enemy pawn on the file (open to a storm), the
 * file open; in the centre, an open centre file; the king off its two first ranks. */
static CATUR_WEIGHT int shelter_weight[7] = { 24, 8, 16, 8, 12, 18, 20 };
/* Middle game only: a check a knight, bishop, rook or queen can give on a square the king's
 * side does not guard, whatever else the attack holds. */
static CATUR_WEIGHT int safe_check[CH_N_KINDS] = { 0, 0, 41, 14, 55, 34, 0 };
/* Threats, by the kind attacked: a piece attacked by a pawn; a weak piece (or any piece but a
 * pawn) attacked by a knight or bishop, a weak one by a rook (a queen always); a weak piece
 * the king attacks; a weak piece with no defender, or one attacked twice and defended once. A
 * piece is weak when it is attacked and not held by a pawn or by more defenders than
 * attackers. */
static CATUR_WEIGHT int threat_by_pawn[2] = { 53, 13 };
static CATUR_WEIGHT int threat_by_minor_mg[CH_N_KINDS] = { 0, 2, 22, 30, 39, 23, 0 };
static CATUR_WEIGHT int threat_by_minor_eg[CH_N_KINDS] = { 0, 21, 26, 2, 6, 95, 0 };
static CATUR_WEIGHT int threat_by_rook_mg[CH_N_KINDS] = { 0, 18, 22, 39, 42, 74, 0 };
static CATUR_WEIGHT int threat_by_rook_eg[CH_N_KINDS] = { 0, 18, 48, 19, -20, 1, 0 };
static CATUR_WEIGHT int threat_by_king[2] = { -15, 36 };
static CATUR_WEIGHT int hanging[2] = { -7, 13 };
static CATUR_WEIGHT int tempo[1] = { TEMPO };

static guint64 file_mask[8];
static guint64 adjacent_files[8];
/* The squares in front of a pawn on its file and the files beside (the passed pawn's test). */
static guint64 passed_span[2][64];
/* The squares in front of a pawn on its own file. */
static guint64 front_span[2][64];
/* The squares beside and behind a pawn on the files next to it: where its supporters stand. */
static guint64 support_span[2][64];
static guint64 king_zone[2][64];
static guint8 distance[64][64];

/* Counting squares is much of the work. Where the processor has an instruction for it, a
 * copy of ch_evaluate() built to use it is chosen when the plugin loads; the helpers are
 * inlined into each copy, so that each counts the way it was built to. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
# define EVAL_CLONES __attribute__ ((target_clones ("popcnt", "default")))
# define EVAL_INLINE inline __attribute__ ((always_inline))
#else
# define EVAL_CLONES
# define EVAL_INLINE inline
#endif

static EVAL_INLINE int
lsb (guint64 b)
{
  return __builtin_ctzll (b);
}

static EVAL_INLINE int
msb (guint64 b)
{
  return 63 - __builtin_clzll (b);
}

static EVAL_INLINE int
popcount (guint64 b)
{
  return __builtin_popcountll (b);
}

static void
build_piece_square (void)
{
  for (int side = 0; side < 2; side++)
    for (int kind = CH_PAWN; kind <= CH_KING; kind++)
      for (int sq = 0; sq < 64; sq++)
        {
          /* White reads rank 8 at the top of the table, Black the board upside down. */
          int index = side == CH_WHITE ? (7 - RANK_OF (sq)) * 8 + FILE_OF (sq) : sq;

          pst_mg[side][kind][sq] = (gint16) (material_mg[kind] + tables_mg[kind][index]);
          pst_eg[side][kind][sq] = (gint16) (material_eg[kind] + tables_eg[kind][index]);
        }
}

static void
build_tables (void)
{
  build_piece_square ();
  for (int f = 0; f < 8; f++)
    {
      file_mask[f] = FILE_A << f;
      adjacent_files[f] = (f > 0 ? FILE_A << (f - 1) : 0) | (f < 7 ? FILE_A << (f + 1) : 0);
    }

  for (int sq = 0; sq < 64; sq++)
    {
      int r = RANK_OF (sq), f = FILE_OF (sq);

      for (int t = r + 1; t < 8; t++)
        {
          front_span[CH_WHITE][sq] |= BIT (t * 8 + f);
          passed_span[CH_WHITE][sq] |= (file_mask[f] | adjacent_files[f]) & (RANK_1 << (8 * t));
        }
      for (int t = r - 1; t >= 0; t--)
        {
          front_span[CH_BLACK][sq] |= BIT (t * 8 + f);
          passed_span[CH_BLACK][sq] |= (file_mask[f] | adjacent_files[f]) & (RANK_1 << (8 * t));
        }
      for (int t = 0; t <= r; t++)
        support_span[CH_WHITE][sq] |= adjacent_files[f] & (RANK_1 << (8 * t));
      for (int t = r; t < 8; t++)
        support_span[CH_BLACK][sq] |= adjacent_files[f] & (RANK_1 << (8 * t));
      /* The king's squares and the row in front of them, towards the enemy. */
      king_zone[CH_WHITE][sq] = ch_king_attacks (sq) | BIT (sq);
      king_zone[CH_BLACK][sq] = king_zone[CH_WHITE][sq];
      if (r < 6)
        king_zone[CH_WHITE][sq] |= ch_king_attacks (sq + 8) & (RANK_1 << (8 * (r + 2)));
      if (r > 1)
        king_zone[CH_BLACK][sq] |= ch_king_attacks (sq - 8) & (RANK_1 << (8 * (r - 2)));
      for (int t = 0; t < 64; t++)
        distance[sq][t] = (guint8) MAX (ABS (r - RANK_OF (t)), ABS (f - FILE_OF (t)));
    }
}

void
ch_eval_init (void)
{
  static gsize built = 0;

  if (g_once_init_enter (&built))
    {
      build_tables ();
      g_once_init_leave (&built, 1);
    }
}

static EVAL_INLINE guint64
pawn_attacks_all (guint64 pawns,
                  int     side)
{
  guint64 west = pawns & ~FILE_A, east = pawns & ~(FILE_A << 7);

  return side == CH_WHITE ? (west << 7) | (east << 9) : (west >> 9) | (east >> 7);
}

/* Rank as `side` counts it: 0 its back rank. */
static EVAL_INLINE int
relative_rank (int side,
               int sq)
{
  return side == CH_WHITE ? RANK_OF (sq) : 7 - RANK_OF (sq);
}

typedef struct
{
  int mg;
  int eg;
} Score;

/* The squares one side attacks: by each kind, by any piece, and by two pieces or more. */
typedef struct
{
  guint64 by_kind[CH_N_KINDS];
  guint64 all;
  guint64 twice;
} Attacks;

static EVAL_INLINE void
attacks_add (Attacks *a,
             int      kind,
             guint64  squares)
{
  a->by_kind[kind] |= squares;
  a->twice |= a->all & squares;
  a->all |= squares;
}

static EVAL_INLINE void
pawn_terms (const ChessPosition *pos,
            int            side,
            Score         *s)
{
  guint64 own = ch_pieces (pos, side, CH_PAWN), their = ch_pieces (pos, side ^ 1, CH_PAWN);
  guint64 their_attacks = pawn_attacks_all (their, side ^ 1);
  int own_king = pos->king[side], their_king = pos->king[side ^ 1];
  int forward = side == CH_WHITE ? 8 : -8;

  for (guint64 p = own; p != 0; p &= p - 1)
    {
      int sq = lsb (p), f = FILE_OF (sq), rank = relative_rank (side, sq);
      gboolean isolated = (own & adjacent_files[f]) == 0;

      if (front_span[side][sq] & own)
        {
          s->mg -= doubled_pawn[0];
          s->eg -= doubled_pawn[1];
        }
      if (isolated)
        {
          s->mg -= isolated_pawn[0];
          s->eg -= isolated_pawn[1];
        }
      else
        {
          /* Backward: no pawn beside or behind can ever support it, and the square in front
           * is guarded by an enemy pawn. */
          if ((own & support_span[side][sq]) == 0 && (their_attacks & BIT (sq + forward)))
            {
              s->mg -= backward_pawn[0];
              s->eg -= backward_pawn[1];
            }
        }

      if ((passed_span[side][sq] & their) == 0)
        {
          int stop = sq + forward;
          int mg = passed_mg[rank], eg = passed_eg[rank];

          if (ch_occupied (pos) & BIT (stop))
            {
              mg /= 2;
              eg = eg * 2 / 3;
            }
          /* In the ending the kings race for the square in front of the pawn. */
          eg += (distance[their_king][stop] * passed_king_distance[0]
                 - distance[own_king][stop] * passed_king_distance[1]) * rank / 2;
          s->mg += mg;
          s->eg += eg;
        }
    }
}

static EVAL_INLINE void
king_terms (const ChessPosition *pos,
            int            side,
            int            attack_units,
            int            attackers,
            Score         *s)
{
  int king = pos->king[side], kf = FILE_OF (king);
  guint64 own_pawns = ch_pieces (pos, side, CH_PAWN);
  guint64 their_pawns = ch_pieces (pos, side ^ 1, CH_PAWN);
  int shelter = 0;

  /* The pawn shield counts only where the king has castled or will: on the wings. */
  if (relative_rank (side, king) <= 1 && kf != 3 && kf != 4)
    {
      for (int f = MAX (kf - 1, 0); f <= MIN (kf + 1, 7); f++)
        {
          guint64 pawns = own_pawns & file_mask[f] & passed_span[side][king];

          if (pawns == 0)
            shelter -= shelter_weight[0];
          else
            {
              int nearest = side == CH_WHITE ? lsb (pawns) : msb (pawns);
              int steps = relative_rank (side, nearest) - relative_rank (side, king);

              shelter -= steps <= 1 ? 0 : steps == 2 ? shelter_weight[1] : shelter_weight[2];
            }
          if ((their_pawns & file_mask[f]) == 0)
            shelter -= shelter_weight[3];
          if (((own_pawns | their_pawns) & file_mask[f]) == 0)
            shelter -= shelter_weight[4];
        }
    }
  else if (relative_rank (side, king) <= 1)
    {
      /* Uncastled in the centre: the open centre files hurt. */
      for (int f = 3; f <= 4; f++)
        if ((own_pawns & file_mask[f]) == 0)
          shelter -= shelter_weight[5];
    }
  else
    shelter -= shelter_weight[6];
  s->mg += shelter;

  /* One attacker is a nuisance; several at once a danger that grows fast. */
  if (attackers >= 2)
    s->mg -= MIN (attack_units * attack_units * MIN (attackers, 4) / 16, 500);
}

static EVAL_INLINE void
piece_terms (const ChessPosition *pos,
             int            side,
             Score         *s,
             int           *attack_units,
             int           *attackers,
             Attacks       *map)
{
  guint64 own = pos->by_side[side], occupied = ch_occupied (pos);
  guint64 their_pawn_attacks = pawn_attacks_all (ch_pieces (pos, side ^ 1, CH_PAWN), side ^ 1);
  guint64 safe = ~own & ~their_pawn_attacks;
  guint64 zone = king_zone[side ^ 1][pos->king[side ^ 1]];
  guint64 own_pawns = ch_pieces (pos, side, CH_PAWN);
  guint64 their_pawns = ch_pieces (pos, side ^ 1, CH_PAWN);
  guint64 seventh = RANK_1 << (side == CH_WHITE ? 48 : 8);
  guint64 their_back = RANK_1 << (side == CH_WHITE ? 56 : 0);

  *attack_units = 0;
  *attackers = 0;
  memset (map, 0, sizeof *map);
  attacks_add (map, CH_PAWN, pawn_attacks_all (own_pawns, side));
  attacks_add (map, CH_KING, ch_king_attacks (pos->king[side]));
  for (int kind = CH_KNIGHT; kind <= CH_QUEEN; kind++)
    for (guint64 p = ch_pieces (pos, side, kind); p != 0; p &= p - 1)
      {
        int sq = lsb (p), n;
        guint64 attacks;

        switch (kind)
          {
          case CH_KNIGHT:
            attacks = ch_knight_attacks (sq);
            break;
          case CH_BISHOP:
            /* Through its own queen, as a battery. */
            attacks = ch_bishop_attacks (sq, occupied & ~ch_pieces (pos, side, CH_QUEEN));
            break;
          case CH_ROOK:
            attacks = ch_rook_attacks (sq, occupied & ~ch_pieces (pos, side, CH_QUEEN)
                                           & ~ch_pieces (pos, side, CH_ROOK));
            break;
          default:
            attacks = ch_bishop_attacks (sq, occupied) | ch_rook_attacks (sq, occupied);
            break;
          }
        attacks_add (map, kind, attacks);
        n = popcount (attacks & safe) - mobility_center[kind];
        s->mg += n * mobility_mg[kind];
        s->eg += n * mobility_eg[kind];
        if (attacks & zone)
          {
            (*attackers)++;
            *attack_units += king_attack_weight[kind] * MIN (popcount (attacks & zone), 3);
          }

        if (kind == CH_ROOK)
          {
            guint64 file = file_mask[FILE_OF (sq)];

            if ((file & own_pawns) == 0)
              {
                const int *bonus = (file & their_pawns) == 0 ? rook_open_file
                                                             : rook_half_open_file;

                s->mg += bonus[0];
                s->eg += bonus[1];
              }
            if ((BIT (sq) & seventh) && (ch_pieces (pos, side ^ 1, CH_KING) & their_back))
              {
                s->mg += rook_seventh[0];
                s->eg += rook_seventh[1];
              }
          }
        else if (kind == CH_KNIGHT || kind == CH_BISHOP)
          {
            /* An outpost: guarded by a pawn, in the enemy half, never chased by a pawn. */
            int rank = relative_rank (side, sq);

            if (rank >= 3 && rank <= 5 && (ch_pawn_attacks (side ^ 1, sq) & own_pawns)
                && (passed_span[side][sq] & adjacent_files[FILE_OF (sq)] & their_pawns) == 0)
              s->mg += outpost[kind == CH_KNIGHT ? 0 : 1];
          }
      }
}

/* What `side` threatens: the enemy's pieces it attacks for less than they are worth or that
 * too few defend, and the checks it can give safely. */
static EVAL_INLINE void
threat_terms (const ChessPosition *pos,
              int            side,
              const Attacks *us,
              const Attacks *them,
              Score         *s)
{
  int enemy = side ^ 1, king = pos->king[enemy];
  guint64 occupied = ch_occupied (pos);
  guint64 pieces = pos->by_side[enemy] & ~pos->by_kind[CH_KING];
  guint64 non_pawns = pieces & ~pos->by_kind[CH_PAWN];
  guint64 held = them->by_kind[CH_PAWN] | (them->twice & ~us->twice);
  guint64 weak = pieces & ~held & us->all;
  guint64 minors = us->by_kind[CH_KNIGHT] | us->by_kind[CH_BISHOP];
  guint64 b, safe, diagonal, straight;

  b = non_pawns & us->by_kind[CH_PAWN];
  s->mg += popcount (b) * threat_by_pawn[0];
  s->eg += popcount (b) * threat_by_pawn[1];

  for (int kind = CH_PAWN; kind <= CH_QUEEN; kind++)
    {
      guint64 victims = pieces & pos->by_kind[kind];
      int by_minor = popcount (victims & (weak | non_pawns) & minors);
      int by_rook = popcount (victims & (kind == CH_QUEEN ? ~G_GUINT64_CONSTANT (0) : weak)
                              & us->by_kind[CH_ROOK]);

      s->mg += by_minor * threat_by_minor_mg[kind] + by_rook * threat_by_rook_mg[kind];
      s->eg += by_minor * threat_by_minor_eg[kind] + by_rook * threat_by_rook_eg[kind];
    }

  b = weak & us->by_kind[CH_KING];
  if (b != 0)
    {
      s->mg += threat_by_king[0];
      s->eg += threat_by_king[1];
    }
  b = weak & (~them->all | (non_pawns & us->twice));
  s->mg += popcount (b) * hanging[0];
  s->eg += popcount (b) * hanging[1];

  /* How far a passed pawn's way is open. */
  for (guint64 p = ch_pieces (pos, side, CH_PAWN); p != 0; p &= p - 1)
    {
      int sq = lsb (p), rank = relative_rank (side, sq), stop;
      guint64 barred;

      if (rank < 3 || (passed_span[side][sq] & ch_pieces (pos, enemy, CH_PAWN)) != 0)
        continue;
      stop = side == CH_WHITE ? sq + 8 : sq - 8;
      barred = front_span[side][sq] & (them->all | pos->by_side[enemy]);
      if (barred == 0)
        {
          s->mg += passed_free[0] * (rank - 2);
          s->eg += passed_free[1] * (rank - 2);
        }
      else if ((barred & BIT (stop)) == 0)
        {
          s->mg += passed_safe_stop[0] * (rank - 2);
          s->eg += passed_safe_stop[1] * (rank - 2);
        }
      if (us->all & BIT (stop))
        {
          s->mg += passed_held_stop[0] * (rank - 2);
          s->eg += passed_held_stop[1] * (rank - 2);
        }
    }

  /* Checks from squares neither the king nor its guards hold. */
  safe = ~pos->by_side[side] & ~them->all;
  diagonal = ch_bishop_attacks (king, occupied) & safe;
  straight = ch_rook_attacks (king, occupied) & safe;
  if (ch_knight_attacks (king) & safe & us->by_kind[CH_KNIGHT])
    s->mg += safe_check[CH_KNIGHT];
  if (diagonal & us->by_kind[CH_BISHOP])
    s->mg += safe_check[CH_BISHOP];
  if (straight & us->by_kind[CH_ROOK])
    s->mg += safe_check[CH_ROOK];
  if ((diagonal | straight) & us->by_kind[CH_QUEEN])
    s->mg += safe_check[CH_QUEEN];
}

/* Whether the side can ever mate: pawns, a rook or queen, or two pieces. */
static EVAL_INLINE gboolean
can_win (const ChessPosition *pos,
         int            side)
{
  guint64 own = pos->by_side[side];

  if (own & (pos->by_kind[CH_PAWN] | pos->by_kind[CH_ROOK] | pos->by_kind[CH_QUEEN]))
    return TRUE;
  return popcount (own & (pos->by_kind[CH_KNIGHT] | pos->by_kind[CH_BISHOP])) >= 2;
}

/* Every term of the evaluation, each side's own: with @split, each kind in a part of its own
 * for the coach (a pawn's square is how far it has come, the king's how safe it stands);
 * without, all in part 0, which the search's evaluation inlines with nothing else to pay.
 * Returns the game's phase, not yet capped. */
static EVAL_INLINE int
gather_terms (const ChessPosition *pos,
              Score                parts[2][CATUR_N_SCORE_TERMS],
              gboolean             split)
{
  Attacks maps[2];
  int units[2], attackers[2];
  int phase = 0;

#define PART(term) (split ? CATUR_SCORE_TERM_ ## term : 0)
  for (int s = 0; s < 2; s++)
    {
      for (int kind = CH_PAWN; kind <= CH_KING; kind++)
        for (guint64 p = ch_pieces (pos, s, kind); p != 0; p &= p - 1)
          {
            int sq = lsb (p);

            if (split)
              {
                CaturScoreTerm part = kind == CH_PAWN ? CATUR_SCORE_TERM_PAWNS
                                      : kind == CH_KING ? CATUR_SCORE_TERM_KING_SAFETY
                                      : CATUR_SCORE_TERM_PLACEMENT;

                parts[s][CATUR_SCORE_TERM_MATERIAL].mg += material_mg[kind];
                parts[s][CATUR_SCORE_TERM_MATERIAL].eg += material_eg[kind];
                parts[s][part].mg += pst_mg[s][kind][sq] - material_mg[kind];
                parts[s][part].eg += pst_eg[s][kind][sq] - material_eg[kind];
              }
            else
              {
                parts[s][0].mg += pst_mg[s][kind][sq];
                parts[s][0].eg += pst_eg[s][kind][sq];
              }
            phase += phase_weight[kind];
          }
      if (popcount (ch_pieces (pos, s, CH_BISHOP)) >= 2)
        {
          parts[s][PART (MATERIAL)].mg += bishop_pair[0];
          parts[s][PART (MATERIAL)].eg += bishop_pair[1];
        }
      pawn_terms (pos, s, &parts[s][PART (PAWNS)]);
      piece_terms (pos, s, &parts[s][PART (MOBILITY)], &units[s], &attackers[s], &maps[s]);
    }
  for (int s = 0; s < 2; s++)
    threat_terms (pos, s, &maps[s], &maps[s ^ 1], &parts[s][PART (THREATS)]);
  /* The attack on a king weighs with the queen still on the board. */
  for (int s = 0; s < 2; s++)
    {
      int units_against = units[s ^ 1];

      if (ch_pieces (pos, s ^ 1, CH_QUEEN) == 0)
        units_against /= 2;
      king_terms (pos, s, units_against, attackers[s ^ 1], &parts[s][PART (KING_SAFETY)]);
    }
#undef PART
  return phase;
}

/* The middle game's and the end game's values mixed by the phase. */
static EVAL_INLINE int
taper (int mg,
       int eg,
       int phase)
{
  return (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
}

EVAL_CLONES int
ch_evaluate (const ChessPosition *pos)
{
  Score s[2][CATUR_N_SCORE_TERMS] = { { { 0, 0 } }, { { 0, 0 } } };
  int phase, mg, eg, score;

  phase = gather_terms (pos, s, FALSE);
  phase = MIN (phase, PHASE_MAX);
  mg = s[CH_WHITE][0].mg - s[CH_BLACK][0].mg;
  eg = s[CH_WHITE][0].eg - s[CH_BLACK][0].eg;
  score = taper (mg, eg, phase);

  /* The side ahead with nothing that mates cannot win: only a little of its lead counts. */
  if (score > 0 && !can_win (pos, CH_WHITE))
    score /= 8;
  else if (score < 0 && !can_win (pos, CH_BLACK))
    score /= 8;
  /* Opposite bishops alone, pawns besides, draw often. */
  else if (phase == 2 && popcount (ch_pieces (pos, 0, CH_BISHOP)) == 1
           && popcount (ch_pieces (pos, 1, CH_BISHOP)) == 1
           && ((ch_pieces (pos, 0, CH_BISHOP) & G_GUINT64_CONSTANT (0x55aa55aa55aa55aa)) != 0)
              != ((ch_pieces (pos, 1, CH_BISHOP) & G_GUINT64_CONSTANT (0x55aa55aa55aa55aa)) != 0))
    score /= 2;

  return (pos->side == CH_WHITE ? score : -score) + tempo[0];
}

/* The evaluation's terms, `side`'s alone, each kind in a part of its own, for the coach: its
 * pieces' worth and squares, its king's safety, the threats it makes. */
void
ch_evaluate_parts (const ChessPosition *pos,
                   int                  side,
                   int                  terms[CATUR_N_SCORE_TERMS])
{
  Score parts[2][CATUR_N_SCORE_TERMS];
  int phase;

  ch_eval_init ();
  memset (parts, 0, sizeof parts);
  phase = gather_terms (pos, parts, TRUE);
  phase = MIN (phase, PHASE_MAX);
  for (int term = 0; term < CATUR_N_SCORE_TERMS; term++)
    terms[term] = taper (parts[side][term].mg, parts[side][term].eg, phase);
}

/* Whether `side` has pieces besides pawns and king: then passing is seldom the best move,
 * and a null move may be tried. */
gboolean
ch_eval_has_pieces (const ChessPosition *pos,
                    int            side)
{
  return (pos->by_side[side] & ~pos->by_kind[CH_PAWN] & ~pos->by_kind[CH_KING]) != 0;
}

#ifdef CATUR_TUNING
/* What tools/catur-tune.c may move (chess-tune.c), in the order of the tables above. */
#define WEIGHTS CATUR_TUNE_WEIGHTS

const CaturTuneWeights ch_tune_weights[] = {
  WEIGHTS (material_mg, 0, FALSE), WEIGHTS (material_eg, 0, FALSE),
  WEIGHTS (pawn_mg, 8, TRUE), WEIGHTS (pawn_eg, 8, TRUE),
  WEIGHTS (knight_mg, 8, TRUE), WEIGHTS (knight_eg, 8, TRUE),
  WEIGHTS (bishop_mg, 8, TRUE), WEIGHTS (bishop_eg, 8, TRUE),
  WEIGHTS (rook_mg, 8, TRUE), WEIGHTS (rook_eg, 8, TRUE),
  WEIGHTS (queen_mg, 8, TRUE), WEIGHTS (queen_eg, 8, TRUE),
  WEIGHTS (king_mg, 8, TRUE), WEIGHTS (king_eg, 8, TRUE),
  WEIGHTS (passed_mg, 0, FALSE), WEIGHTS (passed_eg, 0, FALSE),
  WEIGHTS (mobility_mg, 0, FALSE), WEIGHTS (mobility_eg, 0, FALSE),
  WEIGHTS (king_attack_weight, 0, FALSE), WEIGHTS (bishop_pair, 0, FALSE),
  WEIGHTS (doubled_pawn, 0, FALSE), WEIGHTS (isolated_pawn, 0, FALSE),
  WEIGHTS (backward_pawn, 0, FALSE), WEIGHTS (passed_king_distance, 0, FALSE),
  WEIGHTS (rook_open_file, 0, FALSE), WEIGHTS (rook_half_open_file, 0, FALSE),
  WEIGHTS (rook_seventh, 0, FALSE), WEIGHTS (outpost, 0, FALSE),
  WEIGHTS (shelter_weight, 0, FALSE), WEIGHTS (tempo, 0, FALSE),
  WEIGHTS (safe_check, 0, FALSE), WEIGHTS (threat_by_pawn, 0, FALSE),
  WEIGHTS (threat_by_minor_mg, 0, FALSE), WEIGHTS (threat_by_minor_eg, 0, FALSE),
  WEIGHTS (threat_by_rook_mg, 0, FALSE), WEIGHTS (threat_by_rook_eg, 0, FALSE),
  WEIGHTS (threat_by_king, 0, FALSE), WEIGHTS (hanging, 0, FALSE),
  WEIGHTS (passed_free, 0, FALSE), WEIGHTS (passed_safe_stop, 0, FALSE),
  WEIGHTS (passed_held_stop, 0, FALSE),
  { NULL },
};

void
ch_eval_tune_changed (void)
{
  ch_eval_init ();
  build_piece_square ();
}
#endif
