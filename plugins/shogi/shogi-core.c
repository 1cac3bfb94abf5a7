/* shogi-core.c: move generation, make/unmake and legality of Shogi (RULES.md S1, S4–S9, S12)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A mailbox of 81 cells with precomputed rays and steps. Moves are generated pseudo-legally
 * and filtered: with the own king not in check, only king moves, moves of pinned pieces and
 * pawn drops that give check need a closer look, so that perft counts its last ply without
 * making the moves.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <string.h>

#include "shogi-core.h"

G_STATIC_ASSERT (SG_ROOK == 2 && SG_PAWN == 8);

/* Directions as Sente sees them: 0 forward (towards rank a), then clockwise. */
static const int dir_dr[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const int dir_df[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

#define GOLD_STEPS 0xd7
#define ORTHOGONAL 0x55
#define DIAGONAL 0xaa

/* What each kind does, as Sente's: single steps and slides, one bit per direction. */
static const guint8 sente_steps[SG_N_KINDS] = {
  [SG_KING] = 0xff, [SG_GOLD] = GOLD_STEPS, [SG_SILVER] = 0xab, [SG_PAWN] = 0x01,
  [SG_DRAGON] = DIAGONAL, [SG_HORSE] = ORTHOGONAL,
  [SG_PSILVER] = GOLD_STEPS, [SG_PKNIGHT] = GOLD_STEPS, [SG_PLANCE] = GOLD_STEPS,
  [SG_TOKIN] = GOLD_STEPS,
};
static const guint8 sente_slides[SG_N_KINDS] = {
  [SG_ROOK] = ORTHOGONAL, [SG_BISHOP] = DIAGONAL, [SG_LANCE] = 0x01,
  [SG_DRAGON] = ORTHOGONAL, [SG_HORSE] = DIAGONAL,
};

static guint8 step_mask[2][SG_N_KINDS];
static guint8 slide_mask[2][SG_N_KINDS];
static guint8 ray[SG_SQUARES][8][8];
static guint8 ray_len[SG_SQUARES][8];
static guint8 knight_to[2][SG_SQUARES][2];
static guint8 knight_n[2][SG_SQUARES];
/* For sg_attack_map(), which runs at every evaluation: each piece's one-step targets (its
 * knight jumps included) from each square, and its sliding directions. */
static guint8 step_to[2][SG_N_KINDS][SG_SQUARES][8];
static guint8 step_n[2][SG_N_KINDS][SG_SQUARES];
static guint8 slide_dir[2][SG_N_KINDS][4];
static guint8 slide_n[2][SG_N_KINDS];

static guint64 zobrist_cell[SG_SQUARES][32];
static guint64 zobrist_hand[2][SG_N_KINDS][20];
static guint64 zobrist_side;

static guint64
splitmix (guint64 *state)
{
  guint64 z = (*state += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static void
init_tables (void)
{
  guint64 seed = 0x5347u;   /* fixed: keys are the same in every run */

  for (int kind = 0; kind < SG_N_KINDS; kind++)
    {
      guint8 s = sente_steps[kind], l = sente_slides[kind];

      step_mask[SG_SENTE][kind] = s;
      slide_mask[SG_SENTE][kind] = l;
      /* Gote's pieces are Sente's turned round: direction d becomes d + 4. */
      step_mask[SG_GOTE][kind] = (guint8) ((s << 4) | (s >> 4));
      slide_mask[SG_GOTE][kind] = (guint8) ((l << 4) | (l >> 4));
    }

  for (int sq = 0; sq < SG_SQUARES; sq++)
    {
      int r = sq / SG_FILES, f = sq % SG_FILES;

      for (int d = 0; d < 8; d++)
        {
          int n = 0;

          for (int rr = r + dir_dr[d], ff = f + dir_df[d];
               rr >= 0 && rr < SG_RANKS && ff >= 0 && ff < SG_FILES;
               rr += dir_dr[d], ff += dir_df[d])
            ray[sq][d][n++] = (guint8) (rr * SG_FILES + ff);
          ray_len[sq][d] = (guint8) n;
        }
      for (int side = 0; side < 2; side++)
        {
          int rr = r + (side == SG_SENTE ? 2 : -2);

          knight_n[side][sq] = 0;
          if (rr < 0 || rr >= SG_RANKS)
            continue;
          for (int df = -1; df <= 1; df += 2)
            if (f + df >= 0 && f + df < SG_FILES)
              knight_to[side][sq][knight_n[side][sq]++] = (guint8) (rr * SG_FILES + f + df);
        }
      for (int c = 0; c < 32; c++)
        zobrist_cell[sq][c] = splitmix (&seed);
    }
  for (int side = 0; side < 2; side++)
    for (int kind = 0; kind < SG_N_KINDS; kind++)
      {
        guint8 steps = step_mask[side][kind] & (guint8) ~slide_mask[side][kind];

        slide_n[side][kind] = 0;
        for (int d = 0; d < 8; d++)
          if (slide_mask[side][kind] & (1 << d))
            slide_dir[side][kind][slide_n[side][kind]++] = (guint8) d;
        for (int sq = 0; sq < SG_SQUARES; sq++)
          {
            guint8 n = 0;

            for (int d = 0; d < 8; d++)
              if ((steps & (1 << d)) && ray_len[sq][d] > 0)
                step_to[side][kind][sq][n++] = ray[sq][d][0];
            if (kind == SG_KNIGHT)
              for (int i = 0; i < knight_n[side][sq]; i++)
                step_to[side][kind][sq][n++] = knight_to[side][sq][i];
            step_n[side][kind][sq] = n;
          }
      }
  for (int side = 0; side < 2; side++)
    for (int kind = 0; kind < SG_N_KINDS; kind++)
      for (int count = 0; count < 20; count++)
        zobrist_hand[side][kind][count] = count == 0 ? 0 : splitmix (&seed);
  zobrist_side = splitmix (&seed);
}

void
sg_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      init_tables ();
      g_once_init_leave (&done, 1);
    }
}

/* The hand's counts never reach 20 in a position that passed sg_position_counts_ok(). */
static inline guint8
hand_index (guint8 count)
{
  return count < 20 ? count : 19;
}

guint64
sg_position_compute_key (const SgPosition *pos)
{
  guint64 key = pos->side == SG_GOTE ? zobrist_side : 0;

  for (int sq = 0; sq < SG_SQUARES; sq++)
    if (pos->cell[sq] != 0)
      key ^= zobrist_cell[sq][pos->cell[sq]];
  for (int side = 0; side < 2; side++)
    for (int kind = 0; kind < SG_N_KINDS; kind++)
      key ^= zobrist_hand[side][kind][hand_index (pos->hand[side][kind])];
  return key;
}

void
sg_position_clear (SgPosition *pos)
{
  sg_init ();
  memset (pos, 0, sizeof *pos);
  pos->king[SG_SENTE] = pos->king[SG_GOTE] = SG_SQUARES;
  pos->side = SG_SENTE;
  pos->ply = 1;
  pos->start_ply = 1;
  pos->last_to = SG_SQUARES;
  pos->key = sg_position_compute_key (pos);
}

int
sg_piece_at (const SgPosition *pos, int square, int *side)
{
  guint8 cell;

  if (square < 0 || square >= SG_SQUARES)
    return SG_NONE;
  cell = pos->cell[square];
  if (cell == 0)
    return SG_NONE;
  if (side != NULL)
    *side = SG_CELL_SIDE (cell);
  return SG_CELL_KIND (cell);
}

void
sg_put_piece (SgPosition *pos, int square, int kind, int side)
{
  guint8 old = pos->cell[square];
  int file = square % SG_FILES;

  g_return_if_fail (square >= 0 && square < SG_SQUARES);
  if (old != 0)
    {
      if (SG_CELL_KIND (old) == SG_PAWN)
        pos->pawn_files[SG_CELL_SIDE (old)][file]--;
      if (SG_CELL_KIND (old) == SG_KING && pos->king[SG_CELL_SIDE (old)] == square)
        pos->king[SG_CELL_SIDE (old)] = SG_SQUARES;
    }
  pos->cell[square] = kind == SG_NONE ? 0 : SG_CELL (kind, side);
  if (kind == SG_PAWN)
    pos->pawn_files[side][file]++;
  if (kind == SG_KING)
    pos->king[side] = (guint8) square;
  pos->key = sg_position_compute_key (pos);
}

void
sg_set_hand (SgPosition *pos, int side, int kind, int count)
{
  pos->hand[side][kind] = (guint8) CLAMP (count, 0, 255);
  pos->key = sg_position_compute_key (pos);
}

static const char start_rows[SG_RANKS][SG_FILES + 1] = {
  /* from rank a (Gote's back rank), files 9 → 1 */
  "lnsgkgsnl", ".r.....b.", "ppppppppp", ".........", ".........", ".........",
  "PPPPPPPPP", ".B.....R.", "LNSGKGSNL",
};

void
sg_position_init_start (SgPosition *pos)
{
  sg_position_clear (pos);
  for (int row = 0; row < SG_RANKS; row++)
    for (int col = 0; col < SG_FILES; col++)
      {
        char c = start_rows[row][col];

        if (c != '.')
          sg_put_piece (pos, (SG_RANKS - 1 - row) * SG_FILES + col, sg_kind_of_letter (c),
                        g_ascii_isupper (c) ? SG_SENTE : SG_GOTE);
      }
}

/* Gote's pieces each handicap removes, as USI squares (S4.5). */
static const char * const handicap_removed[SG_N_HANDICAPS] = {
  [SG_HANDICAP_NONE] = "",
  [SG_HANDICAP_LANCE] = "1a",
  [SG_HANDICAP_BISHOP] = "2b",
  [SG_HANDICAP_ROOK] = "8b",
  [SG_HANDICAP_ROOK_LANCE] = "8b 1a",
  [SG_HANDICAP_2] = "8b 2b",
  [SG_HANDICAP_4] = "8b 2b 1a 9a",
  [SG_HANDICAP_6] = "8b 2b 1a 9a 2a 8a",
  [SG_HANDICAP_8] = "8b 2b 1a 9a 2a 8a 3a 7a",
  [SG_HANDICAP_10] = "8b 2b 1a 9a 2a 8a 3a 7a 4a 6a",
};

void
sg_position_init_handicap (SgPosition *pos, SgHandicap handicap)
{
  const char *squares;

  sg_position_init_start (pos);
  if (handicap <= SG_HANDICAP_NONE || handicap >= SG_N_HANDICAPS)
    return;
  squares = handicap_removed[handicap];
  for (const char *p = squares; *p != '\0'; p += (p[2] == ' ' ? 3 : 2))
    sg_put_piece (pos, sg_square_from_name (p), SG_NONE, SG_GOTE);
  /* The giver is Gote and moves first (S4.5). */
  pos->side = SG_GOTE;
  pos->key = sg_position_compute_key (pos);
}

int
sg_position_find_handicap (const SgPosition *pos)
{
  SgPosition candidate;

  for (int h = SG_HANDICAP_NONE; h < SG_N_HANDICAPS; h++)
    {
      sg_position_init_handicap (&candidate, h);
      if (candidate.side == pos->side && memcmp (candidate.cell, pos->cell, sizeof pos->cell) == 0
          && memcmp (candidate.hand, pos->hand, sizeof pos->hand) == 0)
        return h;
    }
  return -1;
}

/* Attacks */

gboolean
sg_square_attacked (const SgPosition *pos, int square, int by)
{
  return sg_attacker (pos, square, by) >= 0;
}

int
sg_attacker (const SgPosition *pos, int square, int by)
{
  const guint8 knight = SG_CELL (SG_KNIGHT, by);

  for (int d = 0; d < 8; d++)
    {
      int od = (d + 4) & 7;
      int n = ray_len[square][d];

      for (int i = 0; i < n; i++)
        {
          int t = ray[square][d][i];
          guint8 cell = pos->cell[t];
          int kind;

          if (cell == 0)
            continue;
          if (SG_CELL_SIDE (cell) != by)
            break;
          kind = SG_CELL_KIND (cell);
          if ((i == 0 && (step_mask[by][kind] & (1 << od)))
              || (slide_mask[by][kind] & (1 << od)))
            return t;
          break;
        }
    }
  /* A knight of @by attacks from where @by's opponent's knight would jump to. */
  for (int i = 0; i < knight_n[by ^ 1][square]; i++)
    if (pos->cell[knight_to[by ^ 1][square][i]] == knight)
      return knight_to[by ^ 1][square][i];
  return -1;
}

void
sg_attack_map (const SgPosition *pos, SgAttackMap *map)
{
  memset (map, 0, sizeof *map);
  for (int from = 0; from < SG_SQUARES; from++)
    {
      guint8 cell = pos->cell[from];
      int side, kind, n_steps, n_slides;
      const guint8 *targets;
      guint16 bit, *attacks;

      if (cell == 0)
        continue;
      side = SG_CELL_SIDE (cell);
      kind = SG_CELL_KIND (cell);
      bit = (guint16) (1u << kind);
      attacks = map->kinds[side];
      /* Read once: the compiler cannot tell that the map's stores leave the tables alone. */
      targets = step_to[side][kind][from];
      n_steps = step_n[side][kind][from];
      n_slides = slide_n[side][kind];
      for (int i = 0; i < n_steps; i++)
        attacks[targets[i]] |= bit;
      for (int j = 0; j < n_slides; j++)
        {
          int d = slide_dir[side][kind][j], n = ray_len[from][d];

          for (int i = 0; i < n; i++)
            {
              int to = ray[from][d][i];
              guint8 target = pos->cell[to];

              attacks[to] |= bit;
              if (target == 0)
                {
                  map->reach[from]++;
                  continue;
                }
              if (SG_CELL_SIDE (target) != side)
                map->reach[from]++;
              if (SG_CELL_KIND (target) == SG_KING && i + 1 < n)
                map->beyond_king[side][ray[from][d][i + 1]]
                  |= (guint8) (1u << SG_CELL_SIDE (target));
              break;
            }
        }
    }
}

gboolean
sg_in_check (const SgPosition *pos, int side)
{
  return pos->king[side] < SG_SQUARES && sg_square_attacked (pos, pos->king[side], side ^ 1);
}

gboolean
sg_piece_reaches (int kind, int side, int from, int to)
{
  if (kind <= SG_NONE || kind >= SG_N_KINDS || from == to)
    return FALSE;
  for (int d = 0; d < 8; d++)
    {
      if (ray_len[from][d] > 0 && ray[from][d][0] == to && (step_mask[side][kind] & (1 << d)))
        return TRUE;
      if (slide_mask[side][kind] & (1 << d))
        for (int i = 0; i < ray_len[from][d]; i++)
          if (ray[from][d][i] == to)
            return TRUE;
    }
  if (kind == SG_KNIGHT)
    for (int i = 0; i < knight_n[side][from]; i++)
      if (knight_to[side][from][i] == to)
        return TRUE;
  return FALSE;
}

/* Generation */

static inline int
add_board_moves (SgMove *moves, int n, int kind, int side, int from, int to)
{
  if (SG_CAN_PROMOTE (kind) && (sg_in_zone (side, from) || sg_in_zone (side, to)))
    {
      moves[n++] = (SgMove) { (guint8) from, (guint8) to, 0, TRUE };
      if (sg_can_move_from (kind, side, to))
        moves[n++] = (SgMove) { (guint8) from, (guint8) to, 0, FALSE };
      return n;
    }
  moves[n++] = (SgMove) { (guint8) from, (guint8) to, 0, FALSE };
  return n;
}

static int
piece_moves (const SgPosition *pos, int from, SgMove *moves, int n)
{
  guint8 cell = pos->cell[from];
  int side = SG_CELL_SIDE (cell), kind = SG_CELL_KIND (cell);
  guint8 steps = step_mask[side][kind], slides = slide_mask[side][kind];

  for (int d = 0; d < 8; d++)
    {
      if (ray_len[from][d] == 0)
        continue;
      if (slides & (1 << d))
        {
          for (int i = 0; i < ray_len[from][d]; i++)
            {
              int to = ray[from][d][i];
              guint8 target = pos->cell[to];

              if (target != 0 && SG_CELL_SIDE (target) == side)
                break;
              n = add_board_moves (moves, n, kind, side, from, to);
              if (target != 0)
                break;
            }
        }
      else if (steps & (1 << d))
        {
          int to = ray[from][d][0];
          guint8 target = pos->cell[to];

          if (target == 0 || SG_CELL_SIDE (target) != side)
            n = add_board_moves (moves, n, kind, side, from, to);
        }
    }
  if (kind == SG_KNIGHT)
    for (int i = 0; i < knight_n[side][from]; i++)
      {
        int to = knight_to[side][from][i];
        guint8 target = pos->cell[to];

        if (target == 0 || SG_CELL_SIDE (target) != side)
          n = add_board_moves (moves, n, kind, side, from, to);
      }
  return n;
}

/* Drops that are not nifu nor dead pieces; uchifuzume is left to the legality check. */
static int
drop_moves (const SgPosition *pos, SgMove *moves, int n)
{
  int side = pos->side;

  for (int i = 0; i < SG_HAND_KINDS; i++)
    {
      int kind = sg_hand_order[i];

      if (pos->hand[side][kind] == 0)
        continue;
      for (int to = 0; to < SG_SQUARES; to++)
        {
          if (pos->cell[to] != 0 || !sg_can_move_from (kind, side, to))
            continue;
          if (kind == SG_PAWN && pos->pawn_files[side][to % SG_FILES] != 0)
            continue;
          moves[n++] = (SgMove) { SG_DROP_FROM, (guint8) to, (guint8) kind, FALSE };
        }
    }
  return n;
}

int
sg_pseudo_moves (const SgPosition *pos, SgMove *moves)
{
  int n = 0;

  for (int sq = 0; sq < SG_SQUARES; sq++)
    {
      guint8 cell = pos->cell[sq];

      if (cell != 0 && SG_CELL_SIDE (cell) == pos->side)
        n = piece_moves (pos, sq, moves, n);
    }
  return drop_moves (pos, moves, n);
}

/* Make / unmake */

void
sg_make (SgPosition *pos, SgMove move, SgUndo *undo)
{
  int side = pos->side;
  int to = move.to;
  guint64 key = pos->key;

  undo->key = key;
  undo->ply = pos->ply;
  undo->last_to = pos->last_to;
  pos->last_to = (guint8) to;

  if (move.from == SG_DROP_FROM)
    {
      int kind = move.drop;
      guint8 count = pos->hand[side][kind];

      undo->captured = 0;
      undo->moved = 0;
      key ^= zobrist_hand[side][kind][hand_index (count)]
             ^ zobrist_hand[side][kind][hand_index (count - 1)];
      pos->hand[side][kind] = count - 1;
      pos->cell[to] = SG_CELL (kind, side);
      key ^= zobrist_cell[to][pos->cell[to]];
      if (kind == SG_PAWN)
        pos->pawn_files[side][to % SG_FILES]++;
    }
  else
    {
      int from = move.from;
      guint8 moved = pos->cell[from];
      guint8 captured = pos->cell[to];
      int kind = SG_CELL_KIND (moved);

      undo->moved = moved;
      undo->captured = captured;
      if (captured != 0)
        {
          int taken = SG_CELL_KIND (captured);
          int back = SG_UNPROMOTED (taken);
          guint8 count = pos->hand[side][back];

          key ^= zobrist_cell[to][captured];
          if (taken == SG_PAWN)
            pos->pawn_files[side ^ 1][to % SG_FILES]--;
          else if (taken == SG_KING)
            pos->king[side ^ 1] = SG_SQUARES;
          if (back != SG_KING)
            {
              key ^= zobrist_hand[side][back][hand_index (count)]
                     ^ zobrist_hand[side][back][hand_index (count + 1)];
              pos->hand[side][back] = count + 1;
            }
        }
      key ^= zobrist_cell[from][moved];
      pos->cell[from] = 0;
      if (move.promote)
        {
          if (kind == SG_PAWN)
            pos->pawn_files[side][from % SG_FILES]--;
          moved = SG_CELL (SG_PROMOTED (kind), side);
        }
      else if (kind == SG_PAWN && from % SG_FILES != to % SG_FILES)
        {
          /* Pawns never change file in play; set-up positions are kept counted anyway. */
          pos->pawn_files[side][from % SG_FILES]--;
          pos->pawn_files[side][to % SG_FILES]++;
        }
      pos->cell[to] = moved;
      key ^= zobrist_cell[to][moved];
      if (kind == SG_KING)
        pos->king[side] = (guint8) to;
    }

  pos->side = side ^ 1;
  pos->key = key ^ zobrist_side;
  if (pos->ply < G_MAXUINT16)
    pos->ply++;
}

void
sg_unmake (SgPosition *pos, SgMove move, const SgUndo *undo)
{
  int side = pos->side ^ 1;
  int to = move.to;

  pos->side = side;
  pos->ply = undo->ply;
  pos->key = undo->key;
  pos->last_to = undo->last_to;

  if (move.from == SG_DROP_FROM)
    {
      int kind = move.drop;

      pos->hand[side][kind]++;
      pos->cell[to] = 0;
      if (kind == SG_PAWN)
        pos->pawn_files[side][to % SG_FILES]--;
      return;
    }

  {
    int from = move.from;
    guint8 moved = undo->moved;
    guint8 captured = undo->captured;
    int kind = SG_CELL_KIND (moved);

    if (move.promote && kind == SG_PAWN)
      pos->pawn_files[side][from % SG_FILES]++;
    else if (kind == SG_PAWN && from % SG_FILES != to % SG_FILES)
      {
        pos->pawn_files[side][from % SG_FILES]++;
        pos->pawn_files[side][to % SG_FILES]--;
      }
    pos->cell[from] = moved;
    pos->cell[to] = captured;
    if (kind == SG_KING)
      pos->king[side] = (guint8) from;
    if (captured != 0)
      {
        int taken = SG_CELL_KIND (captured);
        int back = SG_UNPROMOTED (taken);

        if (taken == SG_PAWN)
          pos->pawn_files[side ^ 1][to % SG_FILES]++;
        else if (taken == SG_KING)
          pos->king[side ^ 1] = (guint8) to;
        if (back != SG_KING)
          pos->hand[side][back]--;
      }
  }
}

void
sg_play (SgPosition *pos, SgMove move)
{
  SgUndo undo;

  sg_make (pos, move, &undo);
}

/* Legality */

/* Whether the pawn drop @move by the side to move gives check. */
static inline gboolean
pawn_drop_checks (const SgPosition *pos, SgMove move)
{
  int enemy_king = pos->king[pos->side ^ 1];
  int ahead = pos->side == SG_SENTE ? move.to + SG_FILES : move.to - SG_FILES;

  return move.drop == SG_PAWN && enemy_king < SG_SQUARES && ahead == enemy_king;
}

/* A checking pawn drop that leaves the opponent no legal move (S7c). */
static gboolean
is_uchifuzume (SgPosition *pos, SgMove move)
{
  SgUndo undo;
  gboolean mate;

  if (!pawn_drop_checks (pos, move))
    return FALSE;
  sg_make (pos, move, &undo);
  mate = !sg_has_legal_move (pos);
  sg_unmake (pos, move, &undo);
  return mate;
}

static gboolean
leaves_king_attacked (SgPosition *pos, SgMove move)
{
  int side = pos->side;
  SgUndo undo;
  gboolean attacked;

  if (pos->king[side] >= SG_SQUARES)
    return FALSE;
  sg_make (pos, move, &undo);
  attacked = pos->king[side] < SG_SQUARES
             && sg_square_attacked (pos, pos->king[side], side ^ 1);
  sg_unmake (pos, move, &undo);
  return attacked;
}

gboolean
sg_is_legal_after (SgPosition *pos, SgMove move)
{
  if (leaves_king_attacked (pos, move))
    return FALSE;
  return move.from != SG_DROP_FROM || move.drop != SG_PAWN || !is_uchifuzume (pos, move);
}

/* The own pieces pinned to the king: pinned[sq] is set for each. */
static void
find_pinned (const SgPosition *pos, int side, guint8 pinned[SG_SQUARES])
{
  int king = pos->king[side];

  memset (pinned, 0, SG_SQUARES);
  if (king >= SG_SQUARES)
    return;
  for (int d = 0; d < 8; d++)
    {
      int od = (d + 4) & 7;
      int first = -1;

      for (int i = 0; i < ray_len[king][d]; i++)
        {
          int t = ray[king][d][i];
          guint8 cell = pos->cell[t];

          if (cell == 0)
            continue;
          if (first < 0)
            {
              if (SG_CELL_SIDE (cell) != side)
                break;
              first = t;
              continue;
            }
          if (SG_CELL_SIDE (cell) != side
              && (slide_mask[side ^ 1][SG_CELL_KIND (cell)] & (1 << od)))
            pinned[first] = 1;
          break;
        }
    }
}

int
sg_legal_moves (SgPosition *pos, SgMove *moves)
{
  SgMove pseudo[SG_MAX_PSEUDO_MOVES];
  guint8 pinned[SG_SQUARES];
  int side = pos->side;
  int king = pos->king[side];
  int n_pseudo = sg_pseudo_moves (pos, pseudo);
  int n = 0;
  gboolean check = sg_in_check (pos, side);

  if (check || king >= SG_SQUARES)
    {
      for (int i = 0; i < n_pseudo; i++)
        if (sg_is_legal_after (pos, pseudo[i]))
          moves[n++] = pseudo[i];
      return n;
    }

  find_pinned (pos, side, pinned);
  for (int i = 0; i < n_pseudo; i++)
    {
      SgMove m = pseudo[i];

      if (m.from == SG_DROP_FROM)
        {
          if (m.drop == SG_PAWN && is_uchifuzume (pos, m))
            continue;
        }
      else if (m.from == king)
        {
          gboolean attacked;

          /* The king off its square, so that a slider sees through where it stood. */
          pos->cell[king] = 0;
          attacked = sg_square_attacked (pos, m.to, side ^ 1);
          pos->cell[king] = SG_CELL (SG_KING, side);
          if (attacked)
            continue;
        }
      else if (pinned[m.from] && leaves_king_attacked (pos, m))
        continue;
      moves[n++] = m;
    }
  return n;
}

gboolean
sg_has_legal_move (SgPosition *pos)
{
  SgMove moves[SG_MAX_MOVES];

  return sg_legal_moves (pos, moves) > 0;
}

gboolean
sg_is_legal (SgPosition *pos, SgMove move)
{
  SgExplanation why;

  return sg_explain (pos, move, &why) == SG_LEGAL;
}

guint64
sg_perft (SgPosition *pos, int depth)
{
  SgMove moves[SG_MAX_MOVES];
  guint64 total = 0;
  int n;

  if (depth <= 0)
    return 1;
  n = sg_legal_moves (pos, moves);
  if (depth == 1)
    return (guint64) n;
  for (int i = 0; i < n; i++)
    {
      SgUndo undo;

      sg_make (pos, moves[i], &undo);
      total += sg_perft (pos, depth - 1);
      sg_unmake (pos, moves[i], &undo);
    }
  return total;
}

/* Explanations */

static SgIllegal
set_reason (SgExplanation *out, SgIllegal reason, int square)
{
  out->reason = reason;
  out->square = square;
  return reason;
}

/* The first piece between @from and @to along a line, or -1 (none, or not on a line). */
static int
first_between (const SgPosition *pos, int from, int to)
{
  for (int d = 0; d < 8; d++)
    for (int i = 0; i < ray_len[from][d]; i++)
      {
        if (ray[from][d][i] == to)
          {
            for (int j = 0; j < i; j++)
              if (pos->cell[ray[from][d][j]] != 0)
                return ray[from][d][j];
            return -1;
          }
      }
  return -1;
}

static SgIllegal
explain_king_safety (SgPosition *pos, SgMove move, SgExplanation *out)
{
  int side = pos->side;
  SgUndo undo;
  int attacker = -1;

  out->in_check_before = sg_in_check (pos, side);
  sg_make (pos, move, &undo);
  if (pos->king[side] < SG_SQUARES)
    attacker = sg_attacker (pos, pos->king[side], side ^ 1);
  sg_unmake (pos, move, &undo);
  if (attacker >= 0)
    return set_reason (out, SG_ILLEGAL_LEAVES_CHECK, attacker);
  return SG_LEGAL;
}

SgIllegal
sg_explain (SgPosition *pos, SgMove move, SgExplanation *out)
{
  int side = pos->side;

  out->reason = SG_LEGAL;
  out->square = -1;
  out->in_check_before = FALSE;

  if (move.to >= SG_SQUARES)
    return set_reason (out, SG_ILLEGAL_PIECE_MOVEMENT, -1);

  if (move.from == SG_DROP_FROM)
    {
      int kind = move.drop;

      if (kind < SG_ROOK || kind > SG_PAWN)
        return set_reason (out, SG_ILLEGAL_PIECE_MOVEMENT, -1);
      if (pos->hand[side][kind] == 0)
        return set_reason (out, SG_ILLEGAL_EMPTY_HAND, -1);
      if (pos->cell[move.to] != 0)
        return set_reason (out, SG_ILLEGAL_OCCUPIED, move.to);
      if (move.promote)
        return set_reason (out, SG_ILLEGAL_CANNOT_PROMOTE, -1);
      if (!sg_can_move_from (kind, side, move.to))
        return set_reason (out, SG_ILLEGAL_DEAD_DROP, move.to);
      if (kind == SG_PAWN && pos->pawn_files[side][move.to % SG_FILES] != 0)
        {
          for (int sq = move.to % SG_FILES; sq < SG_SQUARES; sq += SG_FILES)
            if (pos->cell[sq] == SG_CELL (SG_PAWN, side))
              return set_reason (out, SG_ILLEGAL_NIFU, sq);
        }
      if (explain_king_safety (pos, move, out) != SG_LEGAL)
        return out->reason;
      if (kind == SG_PAWN && is_uchifuzume (pos, move))
        return set_reason (out, SG_ILLEGAL_UCHIFUZUME, move.to);
      return SG_LEGAL;
    }

  if (move.from >= SG_SQUARES || move.drop != 0)
    return set_reason (out, SG_ILLEGAL_PIECE_MOVEMENT, -1);

  {
    guint8 cell = pos->cell[move.from];
    guint8 target = pos->cell[move.to];
    int kind;
    int blocker;

    if (cell == 0)
      return set_reason (out, SG_ILLEGAL_EMPTY_SQUARE, move.from);
    if (SG_CELL_SIDE (cell) != side)
      return set_reason (out, SG_ILLEGAL_NOT_OWN_PIECE, move.from);
    kind = SG_CELL_KIND (cell);
    if (target != 0 && SG_CELL_SIDE (target) == side)
      return set_reason (out, SG_ILLEGAL_OWN_PIECE, move.to);
    if (!sg_piece_reaches (kind, side, move.from, move.to))
      return set_reason (out, SG_ILLEGAL_PIECE_MOVEMENT, -1);
    if (kind != SG_KNIGHT && (blocker = first_between (pos, move.from, move.to)) >= 0)
      return set_reason (out, SG_ILLEGAL_BLOCKED_PATH, blocker);
    if (move.promote && (!SG_CAN_PROMOTE (kind)
                         || (!sg_in_zone (side, move.from) && !sg_in_zone (side, move.to))))
      return set_reason (out, SG_ILLEGAL_CANNOT_PROMOTE, -1);
    if (!move.promote && !sg_can_move_from (kind, side, move.to))
      return set_reason (out, SG_ILLEGAL_MUST_PROMOTE, move.to);
    return explain_king_safety (pos, move, out);
  }
}

/* The end that the position alone tells */

void
sg_status (SgPosition *pos, SgStatus *out)
{
  out->result = SG_ONGOING;
  out->winner = -1;
  out->mate = FALSE;

  if (!sg_has_legal_move (pos))
    {
      out->result = SG_WIN_NO_MOVES;
      out->winner = pos->side ^ 1;
      out->mate = sg_in_check (pos, pos->side);
      return;
    }
  if (pos->rules.move_limit != 0 && pos->ply >= pos->start_ply
      && pos->ply - pos->start_ply >= pos->rules.move_limit)
    out->result = SG_DRAW_MOVE_LIMIT;
}

/* Impasse (S12) */

int
sg_impasse_points (const SgPosition *pos, int side, int *pieces, gboolean *king_in)
{
  int points = 0, count = 0;
  gboolean king = FALSE;

  for (int sq = 0; sq < SG_SQUARES; sq++)
    {
      guint8 cell = pos->cell[sq];
      int kind;

      if (cell == 0 || SG_CELL_SIDE (cell) != side || !sg_in_zone (side, sq))
        continue;
      kind = SG_UNPROMOTED (SG_CELL_KIND (cell));
      if (kind == SG_KING)
        {
          king = TRUE;
          continue;
        }
      count++;
      points += (kind == SG_ROOK || kind == SG_BISHOP) ? 5 : 1;
    }
  for (int kind = SG_ROOK; kind <= SG_PAWN; kind++)
    points += pos->hand[side][kind] * ((kind == SG_ROOK || kind == SG_BISHOP) ? 5 : 1);
  if (pieces != NULL)
    *pieces = count;
  if (king_in != NULL)
    *king_in = king;
  return points;
}

gboolean
sg_can_declare (const SgPosition *pos)
{
  int pieces;
  gboolean king_in;

  if (pos->rules.impasse == SG_IMPASSE_OFF)
    return FALSE;
  sg_impasse_points (pos, pos->side, &pieces, &king_in);
  return king_in && pieces >= 10 && !sg_in_check (pos, pos->side);
}

SgDeclareResult
sg_judge_declaration (const SgPosition *pos, SgImpasseRule rule)
{
  int side = pos->side, pieces;
  gboolean king_in;
  int points = sg_impasse_points (pos, side, &pieces, &king_in);
  gboolean conditions = king_in && pieces >= 10 && !sg_in_check (pos, side);

  if (!conditions)
    return SG_DECLARE_LOSS;
  if (rule == SG_IMPASSE_24)
    return points >= 31 ? SG_DECLARE_WIN : points >= 24 ? SG_DECLARE_DRAW : SG_DECLARE_LOSS;
  return points >= (side == SG_SENTE ? 28 : 27) ? SG_DECLARE_WIN : SG_DECLARE_LOSS;
}

/* USI text */

static const char kind_letters[] = "?KRBGSNLP";

char
sg_kind_letter (int kind)
{
  kind = SG_UNPROMOTED (kind);
  return kind >= SG_KING && kind <= SG_PAWN ? kind_letters[kind] : 0;
}

int
sg_kind_of_letter (char letter)
{
  const char *p;

  if (letter == '\0' || letter == '?')
    return SG_NONE;
  p = strchr (kind_letters, g_ascii_toupper (letter));
  return p != NULL ? (int) (p - kind_letters) : SG_NONE;
}

void
sg_square_name (int square, char *buf)
{
  if (square < 0 || square >= SG_SQUARES)
    {
      buf[0] = '-';
      buf[1] = '\0';
      return;
    }
  buf[0] = (char) ('0' + sg_file_number (square));
  buf[1] = (char) ('a' + sg_rank_number (square) - 1);
  buf[2] = '\0';
}

int
sg_square_from_name (const char *text)
{
  if (text[0] < '1' || text[0] > '9' || text[1] < 'a' || text[1] > 'i')
    return -1;
  return sg_square_at (text[0] - '0', text[1] - 'a' + 1);
}

void
sg_move_to_usi (SgMove move, char *buf)
{
  if (move.from == SG_DROP_FROM)
    {
      buf[0] = sg_kind_letter (move.drop);
      buf[1] = '*';
      sg_square_name (move.to, buf + 2);
      return;
    }
  sg_square_name (move.from, buf);
  sg_square_name (move.to, buf + 2);
  if (move.promote)
    strcat (buf, "+");
}

gboolean
sg_move_from_usi (const char *text, SgMove *move)
{
  int to;

  if (strlen (text) < 4)
    return FALSE;
  if (text[1] == '*')
    {
      int kind = sg_kind_of_letter (text[0]);

      /* USI writes drops in uppercase for both sides. */
      if (!g_ascii_isupper (text[0]) || kind < SG_ROOK || kind > SG_PAWN || text[4] != '\0')
        return FALSE;
      to = sg_square_from_name (text + 2);
      if (to < 0)
        return FALSE;
      *move = (SgMove) { SG_DROP_FROM, (guint8) to, (guint8) kind, FALSE };
      return TRUE;
    }
  {
    int from = sg_square_from_name (text);

    to = sg_square_from_name (text + 2);
    if (from < 0 || to < 0 || (text[4] != '\0' && (text[4] != '+' || text[5] != '\0')))
      return FALSE;
    *move = (SgMove) { (guint8) from, (guint8) to, 0, text[4] == '+' };
    return TRUE;
  }
}
