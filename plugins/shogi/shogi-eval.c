/* shogi-eval.c: the computer player's evaluation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Material, on the board and in hand (no piece ever leaves the game: Shogi has no end game
 * where material thins out, so there is one set of values, not two phases); piece-square
 * tables; the reach of the rooks, bishops and lances; the threats: pieces the enemy attacks and
 * nothing defends, defended pieces a cheaper enemy piece attacks, and the checks the side to
 * move can drop on the enemy king where nothing takes the piece; and the safety of each king:
 * its castle (golds and silvers close by, the king on the second file from an edge) against
 * the enemy pieces near it, made worse by what the enemy holds in hand, which can be dropped
 * next to the king at once, the more so the more squares around the king lie open to drops.
 * Golds, silvers and knights far from both kings count for less. One attack map of both sides
 * (sg_attack_map()) answers what attacks what.
 *
 * The terms are ours. The piece-square tables (placement) were fitted on 2026-12-02 to
 * Fairy-Stockfish 11.1's depth-9 scores of 22,312 quiet positions, by throwaway tools that did
 * not survive. Every other number was fitted again on 2026-12-06 by catur-tune-shogi
 * (docs/tuning.md), the tables held, to Fairy-Stockfish's depth-9 scores of 39,234 quiet
 * positions from 700 games of this engine against itself at 4,000 nodes a move: the error on
 * the tenth held out fell from 0.0536 to 0.0482, and the build beat the one before at Expert
 * (tests/bench/README.md, "Tuning the evaluations"). Fitting the tables too (754 numbers) fitted
 * closer, 0.0444, and played worse. Some numbers are set by few positions (the king on the
 * sixth rank from its side, a promoted knight beside its own king) and look odd; more
 * positions, not hand edits, are what would settle them.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <string.h>

#include "shogi-engine.h"

/* Indexed by SgKind: none, K, R, B, G, S, N, L, P, +R, +B, (11), +S, +N, +L, +P. */
CATUR_WEIGHT int sg_board_value[SG_N_KINDS] = {
  0, 0, 830, 646, 354, 330, 189, 229, 84, 1170, 971, 0, 301, 360, 350, 348,
};

/* The fit put a silver in hand 6 above a gold (392 and 386), less than its noise; the silver
 * is set just below, in the order of what the pieces can do (test-shogi-computer.c). */
CATUR_WEIGHT int sg_hand_value[SG_N_KINDS] = {
  0, 0, 706, 524, 386, 384, 236, 262, 48, 0, 0, 0, 0, 0, 0, 0,
};

/* Pawns in hand, by how many (7 or more alike): what they add to the pawn's value in hand. A
 * pawn can only be dropped on a file without one of its own (nifu): from the fifth on, each
 * is worth less. */
static CATUR_WEIGHT int hand_pawns[8] = { -52, 5, 21, 23, 2, -26, 38, -3 };

/* A piece the enemy attacks and nothing of its side defends is partly lost already: the
 * search's quiescence sees the captures of the side to move, not what the other side threatens,
 * nor how little a hanging piece of the side to move will be able to do. What of its value
 * counts as lost, in 256ths, for the side to move and for the other side, on these values:
 * the fit's own piece values, before each piece-square table's mean moved into
 * sg_board_value (which is why they are not sg_board_value's). */
static CATUR_WEIGHT int hanging_value[SG_N_KINDS] = {
  0, 0, 939, 600, 505, 467, 376, 418, 170, 1063, 827, 0, 311, 266, 357, 280,
};
static CATUR_WEIGHT int hanging_share[2] = { 56, 114 };   /* the side to move, the other */

/* A defended piece attacked by a cheaper enemy piece loses the difference of the two in the
 * exchange: what of that difference counts as lost, in 256ths, as for hanging pieces. */
static CATUR_WEIGHT int threat_share[2] = { 140, 192 };

/* The checks the side to move can give by dropping a piece on a square the enemy does not hold
 * (the king alone counts as holding a square next to it that the side to move does not
 * defend): each, by the piece's kind, up to three of a kind. Checks from the hand are how most
 * attacks on a Shogi king begin. (The fit gave the other side's checks next to no weight.) */
static CATUR_WEIGHT int drop_check_value[SG_N_KINDS] = {
  0, 0, 126, 50, 200, 184, 173, 176, 187, 0, 0, 0, 0, 0, 0, 0,
};

/* For the stepping pieces a side may drop (gold, silver, knight, pawn), the squares from which
 * one attacks a king on each square: filled by sg_eval_init(). */
static guint8 check_from[2][SG_N_KINDS][SG_SQUARES][8];
static guint8 check_from_n[2][SG_N_KINDS][SG_SQUARES];

guint8 sg_king_distance[SG_SQUARES][SG_SQUARES];

/* The squares within two king steps of each square (rank by rank), the square itself
 * included: filled by sg_eval_init(). */
static guint8 king_area[SG_SQUARES][25];
static guint8 king_area_n[SG_SQUARES];

/* The king's danger from each enemy piece near it, and from each piece in the enemy's
 * hand (pawns in hand weigh little, and only the first three count). */
static CATUR_WEIGHT int attack_weight[SG_N_KINDS] = {
  0, 0, 15, 20, 22, 8, -2, 16, 7, 23, 14, 0, 22, -21, 7, 53,
};

static CATUR_WEIGHT int hand_attack_weight[SG_N_KINDS] = {
  0, 0, 12, 0, 12, 4, 2, 1, 2, 0, 0, 0, 0, 0, 0, 0,
};

/* Castle pieces: golds and silvers (and the promoted minors that move as golds) beside the
 * king, or one square further away; fitted, so what they add beside the piece-square tables,
 * which already count most of a castle, and beside their part in the king's danger below. */
static CATUR_WEIGHT int defence_near[SG_N_KINDS] = {
  0, 0, 15, 20, -32, -2, 4, -13, 16, -79, -37, 0, 8, 128, -8, -44,
};

static CATUR_WEIGHT int defence_far[SG_N_KINDS] = {
  0, 0, 3, 5, -1, 4, 2, 8, 4, 24, -3, 0, 118, 116, 116, 7,
};

/* Where the king stands from its own side: rank 0 is its home rank. Castles put it on the
 * second file from an edge (Mino, Yagura) or in the corner (Anaguma); the centre is open
 * to attack from both wings. */
static CATUR_WEIGHT int king_file[SG_FILES] = { -100, 80, 6, -38, -71, -38, 6, 80, -100 };
static CATUR_WEIGHT int king_rank[SG_RANKS] = { 14, 13, -66, -19, 26, -210, -66, 23, -114 };

/* The squares next to the king: what each adds to the danger when the enemy attacks it, held
 * by one of ours or not, and when it lies open to a drop, attacked or not. */
static CATUR_WEIGHT int king_zone[4] = { 4, 7, -3, 4 };
/* The danger: the weight of the squares next to the king against that of the pieces near it,
 * the most the castle's pieces can add, the most the danger can take. */
static CATUR_WEIGHT int king_danger[3] = { 3, 162, 1090 };

/* What each square a rook (dragon), bishop (horse) or lance reaches is worth, and what the
 * piece is worth with none: an open diagonal for the bishop, an open file for the rook, are
 * most of what they are worth. */
static CATUR_WEIGHT int rook_reach[2] = { 8, -251 };
static CATUR_WEIGHT int bishop_reach[2] = { 11, -214 };
static CATUR_WEIGHT int lance_reach[2] = { 22, -57 };

/* A gold, silver or knight more than three king steps from both kings: what it loses a step. */
static CATUR_WEIGHT int out_of_play_weight[1] = { 12 };

/* The side to move is a tempo ahead. */
static CATUR_WEIGHT int tempo[1] = { 117 };

/* Material + placement of each cell value on each square, for Sente's point of view: a
 * Gote piece's entry is negative. */
static gint16 pst[32][SG_SQUARES];

/* What a piece gains or loses by where it stands: by its rank counted from its own side (0 is
 * its home rank) and by its file's distance from the centre file (0 the centre, 4 an edge). */
static CATUR_WEIGHT int rook_placement[SG_RANKS * 5] = {
  -78,  -85,  -99, -103, -128,
  -46,  -53,  -67,  -71,  -96,
  -26,  -33,  -47,  -51,  -76,
  -25,  -32,  -46,  -50,  -75,
  -17,  -24,  -38,  -42,  -67,
  -19,  -26,  -40,  -44,  -69,
   88,   81,   67,   63,   38,
  141,  134,  120,  116,   91,
  192,  185,  171,  167,  142,
};

static CATUR_WEIGHT int bishop_placement[SG_RANKS * 5] = {
  -10,  -21,  -37,  -34,  -77,
   35,   24,    8,   11,  -32,
   34,   23,    7,   10,  -33,
   30,   19,    3,    6,  -37,
    7,   -4,  -20,  -17,  -60,
   13,    2,  -14,  -11,  -54,
   65,   54,   38,   41,   -2,
   85,   74,   58,   61,   18,
   -2,  -13,  -29,  -26,  -69,
};

static CATUR_WEIGHT int gold_placement[SG_RANKS * 5] = {
   53,   45,   37,    8,  -92,
   87,   79,   71,   42,  -58,
   83,   75,   67,   38,  -62,
   66,   60,   54,   27,  -71,
   70,   64,   58,   31,  -67,
   86,   80,   74,   47,  -51,
   82,   76,   70,   43,  -55,
  -29,  -35,  -41,  -68, -166,
  -94, -100, -106, -133, -231,
};

static CATUR_WEIGHT int silver_placement[SG_RANKS * 5] = {
   -8,   -7,   -2,   -6, -107,
   37,   38,   43,   39,  -62,
   37,   38,   43,   39,  -62,
   40,   41,   46,   42,  -59,
   18,   19,   24,   20,  -81,
   14,   15,   20,   16,  -85,
   79,   80,   85,   81,  -20,
    9,   10,   15,   11,  -90,
  -43,  -42,  -37,  -41, -142,
};

static CATUR_WEIGHT int knight_placement[SG_RANKS * 5] = {
   29,   23,   23,   -9,  -61,
   16,   10,   10,  -22,  -74,
   -5,  -11,  -11,  -43,  -95,
   18,   12,   12,  -20,  -72,
   26,   20,   20,  -12,  -64,
   55,   49,   49,   17,  -35,
   14,    8,    8,  -24,  -76,
   63,   57,   57,   25,  -27,
   63,   57,   57,   25,  -27,
};

static CATUR_WEIGHT int lance_placement[SG_RANKS * 5] = {
   23,   27,    2,   10,  -48,
    9,   13,  -12,   -4,  -62,
   30,   34,    9,   17,  -41,
   22,   26,    1,    9,  -49,
   41,   45,   20,   28,  -30,
   58,   62,   37,   45,  -13,
   41,   45,   20,   28,  -30,
  -35,  -31,  -56,  -48, -106,
   17,   21,   -4,    4,  -54,
};

static CATUR_WEIGHT int pawn_placement[SG_RANKS * 5] = {
   26,   32,    2,   -8,  -27,
   14,   20,  -10,  -20,  -39,
   -8,   -2,  -32,  -42,  -61,
   15,   21,   -9,  -19,  -38,
   22,   28,   -2,  -12,  -31,
   57,   63,   33,   23,    4,
   13,   19,  -11,  -21,  -40,
   14,   20,  -10,  -20,  -39,
   59,   65,   35,   25,    6,
};

static CATUR_WEIGHT int dragon_placement[SG_RANKS * 5] = {
   43,   59,    3,   17,   -8,
   37,   53,   -3,   11,  -14,
   83,   99,   43,   57,   32,
  -15,    1,  -55,  -41,  -66,
  -19,   -3,  -59,  -45,  -70,
  -27,  -11,  -67,  -53,  -78,
   -8,    8,  -48,  -34,  -59,
   81,   97,   41,   55,   30,
   30,   46,  -10,    4,  -21,
};

static CATUR_WEIGHT int horse_placement[SG_RANKS * 5] = {
   43,   39,   28,    4,  -46,
   64,   60,   49,   25,  -25,
   11,    7,   -4,  -28,  -78,
   71,   67,   56,   32,  -18,
   41,   37,   26,    2,  -48,
   62,   58,   47,   23,  -27,
   24,   20,    9,  -15,  -65,
  -23,  -27,  -38,  -62, -112,
    3,   -1,  -12,  -36,  -86,
};

static CATUR_WEIGHT int psilver_placement[SG_RANKS * 5] = {
   38,   -2,   28,   15,  -52,
   42,    2,   32,   19,  -48,
   46,    6,   36,   23,  -44,
   50,   10,   40,   27,  -40,
   44,    4,   34,   21,  -46,
   50,   10,   40,   27,  -40,
   64,   24,   54,   41,  -26,
   32,   -8,   22,    9,  -58,
  -44,  -84,  -54,  -67, -134,
};

static CATUR_WEIGHT int pknight_placement[SG_RANKS * 5] = {
   14,   27,    4,  -20,   -3,
   18,   31,    8,  -16,    1,
   22,   35,   12,  -12,    5,
   26,   39,   16,   -8,    9,
   30,   43,   20,   -4,   13,
   46,   59,   36,   12,   29,
   -5,    8,  -15,  -39,  -22,
   27,   40,   17,   -7,   10,
  -85,  -72,  -95, -119, -102,
};

static CATUR_WEIGHT int plance_placement[SG_RANKS * 5] = {
   51,  -32,  -17,  -10,   31,
   55,  -28,  -13,   -6,   35,
   59,  -24,   -9,   -2,   39,
   66,  -17,   -2,    5,   46,
   64,  -19,   -4,    3,   44,
   81,   -2,   13,   20,   61,
   46,  -37,  -22,  -15,   26,
  -33, -116, -101,  -94,  -53,
   72,  -11,    4,   11,   52,
};

static CATUR_WEIGHT int tokin_placement[SG_RANKS * 5] = {
   40,   21,   -7,   -1,  -30,
   44,   25,   -3,    3,  -26,
   39,   20,   -8,   -2,  -31,
   56,   37,    9,   15,  -14,
   59,   40,   12,   18,  -11,
   65,   46,   18,   24,   -5,
   57,   38,   10,   16,  -13,
   79,   60,   32,   38,    9,
  -81, -100, -128, -122, -151,
};

static CATUR_WEIGHT int *const placement[SG_N_KINDS] = {
  [SG_ROOK] = rook_placement,
  [SG_BISHOP] = bishop_placement,
  [SG_GOLD] = gold_placement,
  [SG_SILVER] = silver_placement,
  [SG_KNIGHT] = knight_placement,
  [SG_LANCE] = lance_placement,
  [SG_PAWN] = pawn_placement,
  [SG_DRAGON] = dragon_placement,
  [SG_HORSE] = horse_placement,
  [SG_PSILVER] = psilver_placement,
  [SG_PKNIGHT] = pknight_placement,
  [SG_PLANCE] = plance_placement,
  [SG_TOKIN] = tokin_placement,
};

/* pst[] from sg_board_value[] and the placement tables. */
static void
build_pst (void)
{
  for (int kind = SG_ROOK; kind < SG_N_KINDS; kind++)
    {
      if (placement[kind] == NULL)
        continue;
      for (int sq = 0; sq < SG_SQUARES; sq++)
        {
          int centre = ABS (sq % SG_FILES - 4), rank = sq / SG_FILES;

          pst[SG_CELL (kind, SG_SENTE)][sq] = (gint16) (sg_board_value[kind]
                                                        + placement[kind][rank * 5 + centre]);
          pst[SG_CELL (kind, SG_GOTE)][sq] = (gint16) -(sg_board_value[kind]
                                                        + placement[kind][(8 - rank) * 5
                                                                          + centre]);
        }
    }
}

void
sg_eval_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      static const int steppers[] = { SG_GOLD, SG_SILVER, SG_KNIGHT, SG_PAWN };

      sg_init ();   /* sg_piece_reaches() needs the core's tables */
      for (int side = 0; side < 2; side++)
        for (guint i = 0; i < G_N_ELEMENTS (steppers); i++)
          for (int king = 0; king < SG_SQUARES; king++)
            for (int from = 0; from < SG_SQUARES; from++)
              if (sg_piece_reaches (steppers[i], side, from, king))
                check_from[side][steppers[i]][king][check_from_n[side][steppers[i]][king]++]
                  = (guint8) from;
      for (int a = 0; a < SG_SQUARES; a++)
        for (int b = 0; b < SG_SQUARES; b++)
          {
            sg_king_distance[a][b] = (guint8) MAX (ABS (a / SG_FILES - b / SG_FILES),
                                                   ABS (a % SG_FILES - b % SG_FILES));
            if (sg_king_distance[a][b] <= 2)
              king_area[a][king_area_n[a]++] = (guint8) b;
          }
      build_pst ();
      g_once_init_leave (&done, 1);
    }
}

/* The safety of @side's king, positive when it is safe. What defends the squares around it
 * counts without the king itself, and sliders see through it (@map's beyond_king), as if the
 * king were lifted off its square. */
static int
king_safety (const SgPosition  *pos,
             const SgAttackMap *map,
             int                side)
{
  const guint16 others = (guint16) ~(1u << SG_KING);
  const guint8 lifted = (guint8) (1u << side);
  int king = pos->king[side];
  int enemy = side ^ 1;
  int rank, attack = 0, defence = 0, hand = 0, zone = 0, danger, score;
  gboolean enemy_hand = FALSE;

  if (king >= SG_SQUARES)
    return 0;
  rank = side == SG_SENTE ? king / SG_FILES : 8 - king / SG_FILES;
  score = king_file[king % SG_FILES] + king_rank[rank];

  for (int kind = SG_ROOK; kind <= SG_PAWN; kind++)
    {
      int count = pos->hand[enemy][kind];

      enemy_hand |= count > 0;
      if (kind == SG_PAWN)
        count = MIN (count, 3);
      hand += count * hand_attack_weight[kind];
    }

  for (int i = 0; i < king_area_n[king]; i++)
    {
      int sq = king_area[king][i];
      guint8 cell = pos->cell[sq];
      int kind = SG_CELL_KIND (cell);
      gboolean near = sg_king_distance[king][sq] <= 1;

      if (near && sq != king)
        {
          /* The squares the king would flee to, or an attacker drop on: taken by the enemy,
           * held by nothing of ours, open to a drop. */
          gboolean attacked = map->kinds[enemy][sq] != 0
                              || (map->beyond_king[enemy][sq] & lifted) != 0;
          gboolean held = (attacked || enemy_hand)
                          && ((map->kinds[side][sq] & others) != 0
                              || (map->beyond_king[side][sq] & lifted) != 0);

          if (attacked)
            zone += held ? king_zone[0] : king_zone[1];
          if (!held && enemy_hand && (cell == 0 || SG_CELL_SIDE (cell) == enemy))
            zone += attacked ? king_zone[2] : king_zone[3];
        }
      if (cell == 0 || sq == king)
        continue;
      if (SG_CELL_SIDE (cell) == side)
        defence += near ? defence_near[kind] : defence_far[kind];
      else
        attack += attack_weight[kind] * (near ? 2 : 1);
    }

  score += MIN (defence, king_danger[1]);
  /* Pieces in hand are a threat in themselves, and a far worse one once attackers stand
   * near the king for the drops to join. */
  if (attack > 0 || zone > 0)
    /* Every square around the king open to a drop makes each piece in hand worth more. */
    hand += hand * zone / 16;
  else
    hand /= 2;
  danger = attack + zone * king_danger[0] + hand - defence / 3;
  if (danger > 0)
    score -= MIN (danger * danger / 32, king_danger[2]);
  return score;
}

/* Mobility of the long-range pieces (rook_reach and the others). */
static int
slider_mobility (const SgAttackMap *map,
                 int                sq,
                 int                kind)
{
  switch (kind)
    {
    case SG_ROOK:
    case SG_DRAGON:
      return rook_reach[0] * map->reach[sq] + rook_reach[1];
    case SG_BISHOP:
    case SG_HORSE:
      return bishop_reach[0] * map->reach[sq] + bishop_reach[1];
    case SG_LANCE:
      return lance_reach[0] * map->reach[sq] + lance_reach[1];
    default:
      return 0;
    }
}

/* The enemy pieces that may take a defended piece, cheapest first (the king cannot). */
static const guint8 takers[] = {
  SG_PAWN, SG_KNIGHT, SG_LANCE, SG_SILVER, SG_PKNIGHT, SG_PSILVER, SG_PLANCE, SG_TOKIN,
  SG_GOLD, SG_BISHOP, SG_ROOK, SG_HORSE, SG_DRAGON,
};

/* The cheapest of the kinds in @attackers that can take a defended piece, or SG_NONE. */
static inline int
cheapest_taker (guint16 attackers)
{
  for (guint i = 0; i < G_N_ELEMENTS (takers); i++)
    if (attackers & (1u << takers[i]))
      return takers[i];
  return SG_NONE;
}

/* What @side's piece of @kind on @sq stands to lose to the enemy's attacks, on hanging_value's
 * scale: all of it when nothing defends it, the difference when a cheaper enemy piece attacks
 * it; @hanging tells which. */
static inline int
attacked_loss (const SgAttackMap *map,
               int                sq,
               int                kind,
               int                side,
               gboolean          *hanging)
{
  guint16 attackers = map->kinds[side ^ 1][sq];
  int taker;

  *hanging = FALSE;
  if (attackers == 0)
    return 0;
  if (map->kinds[side][sq] == 0)
    {
      *hanging = TRUE;
      return hanging_value[kind];
    }
  taker = cheapest_taker (attackers);
  return taker == SG_NONE ? 0 : MAX (hanging_value[kind] - hanging_value[taker], 0);
}

gboolean
sg_eval_at_risk (const SgAttackMap *map,
                 int                square,
                 int                kind,
                 int                side,
                 guint16            defenders)
{
  guint16 attackers = map->kinds[side ^ 1][square];
  int taker;

  if (attackers == 0)
    return FALSE;
  if ((map->kinds[side][square] & defenders) == 0)
    return TRUE;
  taker = cheapest_taker (attackers);
  return taker != SG_NONE && hanging_value[taker] < hanging_value[kind];
}

/* Whether @side may drop a piece on the empty square @sq without losing it at once. */
static inline gboolean
safe_drop (const SgAttackMap *map,
           int                sq,
           int                side)
{
  guint16 enemy = map->kinds[side ^ 1][sq];

  return (enemy & ~(1u << SG_KING)) == 0 && (enemy == 0 || map->kinds[side][sq] != 0);
}

/* Along (@dr, @df) from the king on @king, the empty squares a slider dropped there would
 * check from, and of them those safe for @side. */
static inline int
safe_line_drops (const SgPosition  *pos,
                 const SgAttackMap *map,
                 int                king,
                 int                side,
                 int                dr,
                 int                df)
{
  int r = king / SG_FILES + dr, f = king % SG_FILES + df, n = 0;

  while (r >= 0 && r < SG_RANKS && f >= 0 && f < SG_FILES)
    {
      int sq = r * SG_FILES + f;

      if (pos->cell[sq] != 0)
        break;
      n += safe_drop (map, sq, side);
      r += dr;
      f += df;
    }
  return n;
}

/* What the checks the side to move can drop on the enemy king are worth (drop_check_value). */
static int
drop_checks (const SgPosition  *pos,
             const SgAttackMap *map)
{
  int side = pos->side, king = pos->king[side ^ 1], back = side == SG_SENTE ? -1 : 1, score = 0;

  if (king >= SG_SQUARES)
    return 0;
  for (int kind = SG_ROOK; kind <= SG_PAWN; kind++)
    {
      int n = 0;

      if (pos->hand[side][kind] == 0)
        continue;
      switch (kind)
        {
        case SG_ROOK:
          n = safe_line_drops (pos, map, king, side, 1, 0)
              + safe_line_drops (pos, map, king, side, -1, 0)
              + safe_line_drops (pos, map, king, side, 0, 1)
              + safe_line_drops (pos, map, king, side, 0, -1);
          break;
        case SG_BISHOP:
          n = safe_line_drops (pos, map, king, side, 1, 1)
              + safe_line_drops (pos, map, king, side, 1, -1)
              + safe_line_drops (pos, map, king, side, -1, 1)
              + safe_line_drops (pos, map, king, side, -1, -1);
          break;
        case SG_LANCE:
          /* A lance checks from behind the king as its side sees the board. */
          n = safe_line_drops (pos, map, king, side, back, 0);
          break;
        default:
          for (int i = 0; i < check_from_n[side][kind][king]; i++)
            {
              int sq = check_from[side][kind][king][i];

              if (pos->cell[sq] == 0 && safe_drop (map, sq, side)
                  && (kind != SG_PAWN || pos->pawn_files[side][sq % SG_FILES] == 0))
                n++;
            }
          break;
        }
      score += MIN (n, 3) * drop_check_value[kind];
    }
  return score;
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
        d = MIN (d, sg_king_distance[king][sq]);
    }
  return d > 3 ? (d - 3) * out_of_play_weight[0] : 0;
}

/* Adds @value to @side's part @term of @parts (two rows of #CaturScoreTerm) for the coach;
 * without @split, to the one score, from Sente's view. Inlined with a constant @split, the
 * search's evaluation keeps one sum. */
static inline void
add_part (int            *parts,
          gboolean        split,
          int             side,
          CaturScoreTerm  term,
          int             value)
{
  if (split)
    parts[side * CATUR_N_SCORE_TERMS + term] += value;
  else
    parts[0] += side == SG_SENTE ? value : -value;
}

/* Every term but the side to move's drop checks and tempo, each side's for itself: its
 * pieces' worth and squares, its hand, its King's safety, and the pieces of the other side
 * it attacks. */
static inline void
evaluate_parts (const SgPosition  *pos,
                const SgAttackMap *map,
                gboolean           split,
                int               *parts)
{
  int hanging[2] = { 0, 0 }, threatened[2] = { 0, 0 };

  for (int sq = 0; sq < SG_SQUARES; sq++)
    {
      guint8 cell = pos->cell[sq];

      if (cell != 0)
        {
          int kind = SG_CELL_KIND (cell), side = SG_CELL_SIDE (cell);
          int mobility = slider_mobility (map, sq, kind) - out_of_play (pos, sq, kind);
          int own = side == SG_SENTE ? pst[cell][sq] : -pst[cell][sq];

          add_part (parts, split, side, CATUR_SCORE_TERM_MOBILITY, mobility);
          /* The table holds the piece's worth and its square's; the King's square is how
           * safe it stands. */
          add_part (parts, split, side, CATUR_SCORE_TERM_MATERIAL, sg_board_value[kind]);
          add_part (parts, split, side, kind == SG_KING ? CATUR_SCORE_TERM_KING_SAFETY
                                                       : CATUR_SCORE_TERM_PLACEMENT,
                    own - sg_board_value[kind]);
          if (kind != SG_KING)
            {
              gboolean undefended;
              int loss = attacked_loss (map, sq, kind, side, &undefended);

              if (undefended)
                hanging[side] += loss;
              else
                threatened[side] += loss;
            }
        }
    }
  for (int side = 0; side < 2; side++)
    {
      int waiting = side != pos->side;
      int lost = hanging[side] * hanging_share[waiting] / 256
                 + threatened[side] * threat_share[waiting] / 256;

      for (int kind = SG_ROOK; kind <= SG_PAWN; kind++)
        add_part (parts, split, side, CATUR_SCORE_TERM_MATERIAL,
                  pos->hand[side][kind] * sg_hand_value[kind]);
      add_part (parts, split, side, CATUR_SCORE_TERM_MATERIAL,
                hand_pawns[MIN (pos->hand[side][SG_PAWN], 7)]);
      add_part (parts, split, side, CATUR_SCORE_TERM_KING_SAFETY,
                king_safety (pos, map, side));
      /* What a side stands to lose is the other's threat. */
      add_part (parts, split, side ^ 1, CATUR_SCORE_TERM_THREATS, lost);
    }
}

int
sg_evaluate (const SgPosition *pos)
{
  SgAttackMap map;
  int score = 0;

  sg_attack_map (pos, &map);
  evaluate_parts (pos, &map, FALSE, &score);
  return (pos->side == SG_SENTE ? score : -score) + drop_checks (pos, &map) + tempo[0];
}

void
sg_evaluate_parts (const SgPosition *pos,
                   int               side,
                   int               terms[CATUR_N_SCORE_TERMS])
{
  SgAttackMap map;
  int parts[2 * CATUR_N_SCORE_TERMS] = { 0 };

  sg_eval_init ();
  sg_attack_map (pos, &map);
  evaluate_parts (pos, &map, TRUE, parts);
  memcpy (terms, &parts[side * CATUR_N_SCORE_TERMS], CATUR_N_SCORE_TERMS * sizeof terms[0]);
  /* The checks the side to move can drop are threats of its own. */
  if (pos->side == side)
    terms[CATUR_SCORE_TERM_THREATS] += drop_checks (pos, &map);
}

#ifdef CATUR_TUNING
/* What tools/catur-tune.c may move (shogi-tune.c), in the order of the tables above. */
#define WEIGHTS CATUR_TUNE_WEIGHTS

const CaturTuneWeights sg_tune_weights[] = {
  WEIGHTS (sg_board_value, 0, FALSE), WEIGHTS (sg_hand_value, 0, FALSE),
  WEIGHTS (hand_pawns, 0, FALSE),
  WEIGHTS (hanging_value, 0, FALSE), WEIGHTS (hanging_share, 0, FALSE),
  WEIGHTS (threat_share, 0, FALSE),
  WEIGHTS (drop_check_value, 0, FALSE),
  WEIGHTS (attack_weight, 0, FALSE), WEIGHTS (hand_attack_weight, 0, FALSE),
  WEIGHTS (defence_near, 0, FALSE), WEIGHTS (defence_far, 0, FALSE),
  WEIGHTS (king_file, SG_FILES, TRUE), WEIGHTS (king_rank, 0, FALSE),
  WEIGHTS (king_zone, 0, FALSE), WEIGHTS (king_danger, 0, FALSE),
  WEIGHTS (rook_reach, 0, FALSE), WEIGHTS (bishop_reach, 0, FALSE),
  WEIGHTS (lance_reach, 0, FALSE), WEIGHTS (out_of_play_weight, 0, FALSE),
  WEIGHTS (tempo, 0, FALSE),
  WEIGHTS (rook_placement, 5, FALSE), WEIGHTS (bishop_placement, 5, FALSE),
  WEIGHTS (gold_placement, 5, FALSE), WEIGHTS (silver_placement, 5, FALSE),
  WEIGHTS (knight_placement, 5, FALSE), WEIGHTS (lance_placement, 5, FALSE),
  WEIGHTS (pawn_placement, 5, FALSE), WEIGHTS (dragon_placement, 5, FALSE),
  WEIGHTS (horse_placement, 5, FALSE), WEIGHTS (psilver_placement, 5, FALSE),
  WEIGHTS (pknight_placement, 5, FALSE), WEIGHTS (plance_placement, 5, FALSE),
  WEIGHTS (tokin_placement, 5, FALSE),
  { NULL },
};

void
sg_eval_tune_changed (void)
{
  sg_eval_init ();
  build_pst ();
}
#endif
