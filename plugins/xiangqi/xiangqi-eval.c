/* xiangqi-eval.c: how good a Xiangqi position is for the side to move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A tapered evaluation: every term has a middle-game and an end-game value, mixed by how many
 * chariots, horses and cannons are left. The terms:
 *  - material and piece-square tables, kept up to date move by move (XqEvalState);
 *  - the cannon loses strength as pieces come off (fewer screens) while the horse, freer to
 *    move, gains it;
 *  - mobility of chariots, horses (legs!) and cannons;
 *  - pawns: the tables reward crossing the river and nearing the palace; two crossed pawns
 *    side by side protect each other;
 *  - king safety: the attackers near or over the river against the advisors and elephants
 *    left, and the "empty-head" central cannon that pins the whole central file;
 *  - endings a side cannot win (nothing left that can attack) are scaled towards a draw.
 * The tables are written as Red sees the board, rank 9 (Black's back rank) first.
 *
 * The terms are this engine's own; their numbers were fitted on 2026-12-06 by
 * catur-tune-xiangqi (docs/tuning.md) to Fairy-Stockfish's depth-6 scores of 41,520 quiet
 * positions (60,000 drawn from 650 games of this engine against itself at 4,000 nodes a move,
 * less those in check or with a winning capture), each table's files mirrored. The fit's
 * error on the tenth held out fell from 0.0151 to 0.0108; the build with these numbers beat
 * the hand-set ones 117-20-63 at Advanced and 132-20-48 at Expert (tests/bench/README.md,
 * "Tuning the evaluations").
 * Some squares of the tables are set by few positions and look odd; more positions, not
 * hand edits, are what would smooth them.
 */

#include <string.h>

#include "xiangqi-engine.h"

#define SQ(rank, file) ((rank) * XQ_FILES + (file))
#define RANK_OF(sq) ((sq) / XQ_FILES)
#define FILE_OF(sq) ((sq) % XQ_FILES)
#define PIECE(side, kind) ((guint8) ((kind) | ((side) << 3)))
#define PHASE_MAX 32

const int xq_piece_value[8] = { 0, 10000, 200, 200, 420, 920, 440, 120 };

gint16 xq_pst_mg[16][XQ_SQUARES];
gint16 xq_pst_eg[16][XQ_SQUARES];

static CATUR_WEIGHT int material_mg[8] = { 0, 0, 259, 196, 355, 869, 546, 107 };
static CATUR_WEIGHT int material_eg[8] = { 0, 0, 190, 160, 446, 974, 444, 103 };

static CATUR_WEIGHT int chariot_table[XQ_SQUARES] = {
    -5,   13,  -11,   16,   66,   16,  -11,   13,   -5,
    20,   30,   26,   34,  106,   34,   26,   30,   20,
   -23,   14,   54,   55,   43,   55,   54,   14,  -23,
     2,   37,   41,   43,   30,   43,   41,   37,    2,
     6,   19,   26,   52,   40,   52,   26,   19,    6,
   -29,   17,   47,   41,   59,   41,   47,   17,  -29,
    25,   16,   16,   63,   72,   63,   16,   16,   25,
   -22,    4,   11,   39,   13,   39,   11,    4,  -22,
   -46,  -13,  -33,    3,  -14,    3,  -33,  -13,  -46,
   -34,    1,    8,   41,  109,   41,    8,    1,  -34,
};

/* The horse's best points are those from which it attacks the general's palace: c8/g8 and
 * d7/f7 for Red. In its own camp it blocks its pieces and is easily trapped on the edge. */
static CATUR_WEIGHT int horse_table[XQ_SQUARES] = {
   109,  -42,   55,   64, -115,   64,   55,  -42,  109,
     4,  -15,   67,   13,   60,   13,   67,  -15,    4,
     0,  -13,    3,   84,   85,   84,    3,  -13,    0,
   -22,   54,   -8,   60,   10,   60,   -8,   54,  -22,
   -12,   28,    9,   42,   22,   42,    9,   28,  -12,
    -3,   29,   40,   56,   55,   56,   40,   29,   -3,
   -65,   -6,   30,   24,   50,   24,   30,   -6,  -65,
   -19,    6,   28,   21,   22,   21,   28,    6,  -19,
   -33,   -6,  -57,   -9,  -17,   -9,  -57,   -6,  -33,
   -94,  -48,  -54,  -32, -117,  -32,  -54,  -48,  -94,
};

/* The central cannon (e2) is the classic opening; deep in the enemy camp a cannon lacks
 * screens except on the back rank's corners. */
static CATUR_WEIGHT int cannon_table[XQ_SQUARES] = {
   -18,   56,  -11,  -36,   51,  -36,  -11,   56,  -18,
   -25,   10,    1,   21, -115,   21,    1,   10,  -25,
   -15,   -2,    6,   16,   37,   16,    6,   -2,  -15,
    -4,   20,   14,   10,   71,   10,   14,   20,   -4,
    -2,  -34,  -45,  -14,  102,  -14,  -45,  -34,   -2,
    14,   54,   -9,   32,   55,   32,   -9,   54,   14,
    -4,    8,   30,   22,   73,   22,   30,    8,   -4,
    13,   14,   29,   32,   49,   32,   29,   14,   13,
     2,  -13,   44,   33,   45,   33,   44,  -13,    2,
    43,  -28,  -69,   57,   24,   57,  -69,  -28,   43,
};

/* Across the river a pawn may also move sideways, and near the palace it threatens the
 * general; on the last rank it can only move sideways and is worth little. */
static CATUR_WEIGHT int pawn_table[XQ_SQUARES] = {
   -60,   -7,   15,   19,   -3,   19,   15,   -7,  -60,
    -9,   38,   51,  135,  144,  135,   51,   38,   -9,
    43,   45,   64,   79,  162,   79,   64,   45,   43,
    47,   43,   34,   64,   82,   64,   34,   43,   47,
    39,   36,   43,   66,   85,   66,   43,   36,   39,
    -7,    0,   15,    0,   -1,    0,   15,    0,   -7,
   -30,    0,  -26,    0,   25,    0,  -26,    0,  -30,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
};

/* The general is safest at home; stepping up exposes it. */
static CATUR_WEIGHT int king_table[XQ_SQUARES] = {
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,  -69,  -95,  -69,    0,    0,    0,
     0,    0,    0,  -24,  -13,  -24,    0,    0,    0,
     0,    0,    0,    6,   32,    6,    0,    0,    0,
};

static CATUR_WEIGHT int advisor_table[XQ_SQUARES] = {
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,   -2,    0,   -2,    0,    0,    0,
     0,    0,    0,    0,   24,    0,    0,    0,    0,
     0,    0,    0,    6,    0,    6,    0,    0,    0,
};

static CATUR_WEIGHT int elephant_table[XQ_SQUARES] = {
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,  -10,    0,    0,    0,  -10,    0,    0,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
   -24,    0,    0,    0,   16,    0,    0,    0,  -24,
     0,    0,    0,    0,    0,    0,    0,    0,    0,
     0,    0,   -8,    0,    0,    0,   -8,    0,    0,
};

/* Mobility: { middle game, end game } a square, counted from the squares a piece of the kind
 * usually has (6 for a chariot, 3 for a horse, 5 for a cannon); a horse with no move at all
 * loses the last number besides. */
static CATUR_WEIGHT int chariot_mobility[2] = { 6, 1 };
static CATUR_WEIGHT int horse_mobility[3] = { 11, 10, 34 };
static CATUR_WEIGHT int cannon_mobility[2] = { 4, 3 };
/* Middle game: a cannon facing the enemy general with nothing between (the fit found its
 * danger in the attack units, and this near nothing). */
static CATUR_WEIGHT int empty_head_cannon[1] = { -11 };
/* Attack units against the enemy general: a chariot over the river, behind it; a horse over
 * the river, deep in the enemy camp; a cannon on the general's file behind one screen or
 * none, behind more, elsewhere over the river; a pawn near the palace. */
static CATUR_WEIGHT int attack_units[8] = { 3, 1, 3, 4, 2, 4, 1, 5 };
/* The danger of n units is n * n * first / 16, grown by the second for each advisor and the
 * third for each elephant the general has lost, in eighths. */
static CATUR_WEIGHT int king_danger_weight[3] = { 12, 16, 8 };
/* Two crossed pawns side by side, { middle game, end game }. */
static CATUR_WEIGHT int pawn_pair[2] = { -56, 38 };
/* For each piece fewer than 22 on the board: what a cannon loses, and a horse gains. */
static CATUR_WEIGHT int fewer_pieces[2] = { -1, 1 };
/* The side to move's due. */
static CATUR_WEIGHT int tempo[1] = { 58 };

/* Rays and horse steps, for mobility. */
static guint8 ray_len[XQ_SQUARES][4];
static guint8 ray_sq[XQ_SQUARES][4][9];
static guint8 horse_n[XQ_SQUARES], horse_to[XQ_SQUARES][8], horse_leg[XQ_SQUARES][8];

static int
table_index (int side, int sq)
{
  int rank = RANK_OF (sq), file = FILE_OF (sq);

  /* Red reads rank 9 at the top of the table; Black sees the board turned around. */
  return side == XQ_RED ? SQ (9 - rank, file) : SQ (rank, 8 - file);
}

static void
build_piece_square (void)
{
  static const int *tables[8] = {
    NULL, king_table, advisor_table, elephant_table, horse_table, chariot_table,
    cannon_table, pawn_table,
  };

  for (int side = 0; side < 2; side++)
    for (int kind = XQ_KING; kind <= XQ_PAWN; kind++)
      for (int sq = 0; sq < XQ_SQUARES; sq++)
        {
          int place = tables[kind][table_index (side, sq)];
          /* End-game pawns are worth more for every step they have made. */
          int place_eg = kind == XQ_PAWN ? place * 5 / 4 : place;

          xq_pst_mg[PIECE (side, kind)][sq] = (gint16) (material_mg[kind] + place);
          xq_pst_eg[PIECE (side, kind)][sq] = (gint16) (material_eg[kind] + place_eg);
        }
}

static void
build_tables (void)
{
  static const int drank[4] = { 1, -1, 0, 0 }, dfile[4] = { 0, 0, 1, -1 };
  static const int knight_r[8] = { 2, 2, -2, -2, 1, 1, -1, -1 };
  static const int knight_f[8] = { 1, -1, 1, -1, 2, -2, 2, -2 };

  build_piece_square ();

  for (int sq = 0; sq < XQ_SQUARES; sq++)
    {
      int r = RANK_OF (sq), f = FILE_OF (sq);

      for (int d = 0; d < 4; d++)
        {
          int tr = r + drank[d], tf = f + dfile[d];

          while (tr >= 0 && tr < XQ_RANKS && tf >= 0 && tf < XQ_FILES)
            {
              ray_sq[sq][d][ray_len[sq][d]++] = (guint8) SQ (tr, tf);
              tr += drank[d];
              tf += dfile[d];
            }
        }
      for (int d = 0; d < 8; d++)
        {
          int tr = r + knight_r[d], tf = f + knight_f[d];

          if (tr < 0 || tr >= XQ_RANKS || tf < 0 || tf >= XQ_FILES)
            continue;
          horse_to[sq][horse_n[sq]] = (guint8) SQ (tr, tf);
          horse_leg[sq][horse_n[sq]] = (guint8) SQ (r + knight_r[d] / 2, f + knight_f[d] / 2);
          horse_n[sq]++;
        }
    }
}

void
xq_eval_init (void)
{
  static gsize built = 0;

  if (g_once_init_enter (&built))
    {
      build_tables ();
      g_once_init_leave (&built, 1);
    }
}

void
xq_eval_state_compute (const XqPosition *pos,
                       XqEvalState      *state)
{
  xq_eval_init ();
  memset (state, 0, sizeof *state);
  for (int sq = 0; sq < XQ_SQUARES; sq++)
    {
      guint8 p = pos->cell[sq];

      if (p == 0)
        continue;
      state->mg[p >> 3] += xq_pst_mg[p][sq];
      state->eg[p >> 3] += xq_pst_eg[p][sq];
      state->count[p >> 3][p & 7]++;
    }
}

/* Rank counted from `side`'s own back rank. */
static inline int
relative_rank (int side, int sq)
{
  return side == XQ_RED ? RANK_OF (sq) : 9 - RANK_OF (sq);
}

/* The parts of the evaluation the coach can name (catur_variant_score_terms()): each term
 * is added to its side's part, and the evaluation is Red's sum less Black's. */
enum
{
  PART_MOBILITY,
  PART_KING,
  PART_PAWNS,
  PART_MATERIAL,
  N_PARTS
};

typedef struct
{
  int mg[2][N_PARTS];
  int eg[2][N_PARTS];
  int attack[2];               /* attack units against each side's general */
} Terms;

static void
chariot_terms (const guint8 *cell, int sq, int side, Terms *t)
{
  int mobility = 0;

  for (int d = 0; d < 4; d++)
    {
      const guint8 *ray = ray_sq[sq][d];
      int len = ray_len[sq][d], i;

      for (i = 0; i < len && cell[ray[i]] == 0; i++)
        mobility++;
      if (i < len && (cell[ray[i]] >> 3) != side)
        mobility++;
    }
  t->mg[side][PART_MOBILITY] += (mobility - 6) * chariot_mobility[0];
  t->eg[side][PART_MOBILITY] += (mobility - 6) * chariot_mobility[1];
  t->attack[side ^ 1] += attack_units[relative_rank (side, sq) >= 5 ? 0 : 1];
}

static void
horse_terms (const guint8 *cell, int sq, int side, Terms *t)
{
  int mobility = 0;

  for (int i = 0; i < horse_n[sq]; i++)
    {
      guint8 target = cell[horse_to[sq][i]];

      if (cell[horse_leg[sq][i]] == 0 && (target == 0 || (target >> 3) != side))
        mobility++;
    }
  /* A horse with no move at all is half lost. */
  {
    int stuck = mobility == 0 ? horse_mobility[2] : 0;

    t->mg[side][PART_MOBILITY] += (mobility - 3) * horse_mobility[0] - stuck;
    t->eg[side][PART_MOBILITY] += (mobility - 3) * horse_mobility[1] - stuck;
  }
  if (relative_rank (side, sq) >= 5)
    t->attack[side ^ 1] += attack_units[relative_rank (side, sq) >= 7 ? 3 : 2];
}

static void
cannon_terms (const guint8 *cell, int sq, int side, int enemy_king, Terms *t)
{
  int mobility = 0;

  for (int d = 0; d < 4; d++)
    {
      const guint8 *ray = ray_sq[sq][d];
      int len = ray_len[sq][d], i;

      for (i = 0; i < len && cell[ray[i]] == 0; i++)
        mobility++;
      for (i++; i < len && cell[ray[i]] == 0; i++)
        ;
      if (i < len && (cell[ray[i]] >> 3) != side)
        mobility++;
    }
  t->mg[side][PART_MOBILITY] += (mobility - 5) * cannon_mobility[0];
  t->eg[side][PART_MOBILITY] += (mobility - 5) * cannon_mobility[1];

  if (enemy_king < XQ_SQUARES && FILE_OF (sq) == FILE_OF (enemy_king))
    {
      int step = enemy_king > sq ? XQ_FILES : -XQ_FILES, between = 0;

      for (int s = sq + step; s != enemy_king; s += step)
        if (cell[s] != 0)
          between++;
      /* With nothing between, every piece that steps in becomes a screen: the general's
       * file is frozen (the "empty-head cannon"). */
      if (between == 0)
        t->mg[side ^ 1][PART_KING] -= empty_head_cannon[0];
      t->attack[side ^ 1] += attack_units[between <= 1 ? 4 : 5];
    }
  else if (relative_rank (side, sq) >= 5)
    t->attack[side ^ 1] += attack_units[6];
}

/* Attack units grow the danger faster than linearly; the advisors and elephants left at home
 * soften it. */
static int
king_danger (int attack, int advisors, int elephants)
{
  int units = MIN (attack, 16);
  int danger = units * units * king_danger_weight[0] / 16;

  return danger * (8 + (2 - advisors) * king_danger_weight[1]
                   + (2 - elephants) * king_danger_weight[2]) / 8;
}

/* Every term but the tables of XqEvalState, each in its side's part; the phase. */
static inline int
evaluate_terms (const XqPosition  *pos,
                const XqEvalState *state,
                Terms             *t)
{
  const guint8 *cell = pos->cell;
  const guint8 (*count)[8] = state->count;
  int phase, total = 0;

  phase = 4 * (count[0][XQ_CHARIOT] + count[1][XQ_CHARIOT])
          + 2 * (count[0][XQ_HORSE] + count[1][XQ_HORSE] + count[0][XQ_CANNON]
                 + count[1][XQ_CANNON]);
  phase = MIN (phase, PHASE_MAX);

  for (int sq = 0; sq < XQ_SQUARES; sq++)
    {
      guint8 p = cell[sq];
      int side;

      if (p == 0)
        continue;
      total++;
      side = p >> 3;
      switch (p & 7)
        {
        case XQ_CHARIOT:
          chariot_terms (cell, sq, side, t);
          break;
        case XQ_HORSE:
          horse_terms (cell, sq, side, t);
          break;
        case XQ_CANNON:
          cannon_terms (cell, sq, side, pos->king[side ^ 1], t);
          break;
        case XQ_PAWN:
          if (relative_rank (side, sq) >= 5)
            {
              if (relative_rank (side, sq) >= 6 && relative_rank (side, sq) <= 8
                  && FILE_OF (sq) >= 2 && FILE_OF (sq) <= 6)
                t->attack[side ^ 1] += attack_units[7];
              /* Two crossed pawns side by side guard each other. */
              if (FILE_OF (sq) < 8 && cell[sq + 1] == p)
                {
                  t->mg[side][PART_PAWNS] += pawn_pair[0];
                  t->eg[side][PART_PAWNS] += pawn_pair[1];
                }
            }
          break;
        default:
          break;
        }
    }

  /* Fewer pieces, fewer screens for the cannons and fewer legs to block the horses. */
  {
    int screens = total - 22;

    for (int side = 0; side < 2; side++)
      {
        int shift = count[side][XQ_CANNON] * screens * fewer_pieces[0]
                    - count[side][XQ_HORSE] * screens * fewer_pieces[1];

        t->mg[side][PART_MATERIAL] += shift;
        t->eg[side][PART_MATERIAL] += shift;
      }
  }

  for (int side = 0; side < 2; side++)
    t->mg[side][PART_KING] -= king_danger (t->attack[side], count[side][XQ_ADVISOR],
                                           count[side][XQ_ELEPHANT]);
  return phase;
}

static inline int
taper (int mg,
       int eg,
       int phase)
{
  return (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
}

int
xq_evaluate (const XqPosition  *pos,
             const XqEvalState *state)
{
  const guint8 (*count)[8] = state->count;
  Terms t = { { { 0 } }, { { 0 } }, { 0, 0 } };
  int phase, score, strong, mg, eg;

  phase = evaluate_terms (pos, state, &t);
  mg = state->mg[XQ_RED] - state->mg[XQ_BLACK];
  eg = state->eg[XQ_RED] - state->eg[XQ_BLACK];
  for (int part = 0; part < N_PARTS; part++)
    {
      mg += t.mg[XQ_RED][part] - t.mg[XQ_BLACK][part];
      eg += t.eg[XQ_RED][part] - t.eg[XQ_BLACK][part];
    }
  score = taper (mg, eg, phase);

  /* A side with nothing that can attack cannot win, however much it has; one horse or one
   * cannon alone rarely wins either. */
  strong = score > 0 ? XQ_RED : XQ_BLACK;
  {
    int attackers = 2 * count[strong][XQ_CHARIOT] + count[strong][XQ_HORSE]
                    + count[strong][XQ_CANNON];
    int pawns = count[strong][XQ_PAWN];
    int defenders = count[strong ^ 1][XQ_ADVISOR] + count[strong ^ 1][XQ_ELEPHANT];

    if (attackers == 0 && pawns == 0)
      score /= 16;
    else if (attackers == 0 && pawns == 1 && defenders >= 2)
      score /= 4;
    else if (attackers == 1 && pawns == 0 && defenders >= 1)
      score /= 4;
  }

  return (pos->side == XQ_RED ? score : -score) + tempo[0];
}

void
xq_evaluate_parts (const XqPosition *pos,
                   int               side,
                   int               terms[CATUR_N_SCORE_TERMS])
{
  XqEvalState state;
  Terms t = { { { 0 } }, { { 0 } }, { 0, 0 } };
  int phase, worth_mg = 0, worth_eg = 0, pawns_mg = 0, pawns_eg = 0, king_mg = 0, king_eg = 0;

  xq_eval_state_compute (pos, &state);
  phase = evaluate_terms (pos, &state, &t);
  /* The tables hold each piece's worth and its square's: the worth alone is material, a
   * soldier's square how far it has come, and the General's how safe it stands. */
  for (int sq = 0; sq < XQ_SQUARES; sq++)
    {
      guint8 p = pos->cell[sq];
      int kind = p & 7;

      if (p == 0 || (p >> 3) != side)
        continue;
      worth_mg += material_mg[kind];
      worth_eg += material_eg[kind];
      if (kind == XQ_PAWN)
        {
          pawns_mg += xq_pst_mg[p][sq] - material_mg[kind];
          pawns_eg += xq_pst_eg[p][sq] - material_eg[kind];
        }
      else if (kind == XQ_KING)
        {
          king_mg += xq_pst_mg[p][sq] - material_mg[kind];
          king_eg += xq_pst_eg[p][sq] - material_eg[kind];
        }
    }
  terms[CATUR_SCORE_TERM_MATERIAL] = taper (worth_mg + t.mg[side][PART_MATERIAL],
                                            worth_eg + t.eg[side][PART_MATERIAL], phase);
  terms[CATUR_SCORE_TERM_PLACEMENT] = taper (state.mg[side] - worth_mg - pawns_mg - king_mg,
                                             state.eg[side] - worth_eg - pawns_eg - king_eg,
                                             phase);
  terms[CATUR_SCORE_TERM_MOBILITY] = taper (t.mg[side][PART_MOBILITY],
                                            t.eg[side][PART_MOBILITY], phase);
  terms[CATUR_SCORE_TERM_KING_SAFETY] = taper (king_mg + t.mg[side][PART_KING],
                                               king_eg + t.eg[side][PART_KING], phase);
  terms[CATUR_SCORE_TERM_PAWNS] = taper (pawns_mg + t.mg[side][PART_PAWNS],
                                         pawns_eg + t.eg[side][PART_PAWNS], phase);
}

#ifdef CATUR_TUNING
/* What tools/catur-tune.c may move (xiangqi-tune.c), in the order of the tables above. */
#define WEIGHTS CATUR_TUNE_WEIGHTS

const CaturTuneWeights xq_tune_weights[] = {
  WEIGHTS (material_mg, 0, FALSE), WEIGHTS (material_eg, 0, FALSE),
  WEIGHTS (chariot_table, XQ_FILES, TRUE), WEIGHTS (horse_table, XQ_FILES, TRUE),
  WEIGHTS (cannon_table, XQ_FILES, TRUE), WEIGHTS (pawn_table, XQ_FILES, TRUE),
  WEIGHTS (king_table, XQ_FILES, TRUE), WEIGHTS (advisor_table, XQ_FILES, TRUE),
  WEIGHTS (elephant_table, XQ_FILES, TRUE),
  WEIGHTS (chariot_mobility, 0, FALSE), WEIGHTS (horse_mobility, 0, FALSE),
  WEIGHTS (cannon_mobility, 0, FALSE), WEIGHTS (empty_head_cannon, 0, FALSE),
  WEIGHTS (attack_units, 0, FALSE), WEIGHTS (king_danger_weight, 0, FALSE),
  WEIGHTS (pawn_pair, 0, FALSE), WEIGHTS (fewer_pieces, 0, FALSE), WEIGHTS (tempo, 0, FALSE),
  { NULL },
};

void
xq_eval_tune_changed (void)
{
  xq_eval_init ();
  build_piece_square ();
}
#endif
