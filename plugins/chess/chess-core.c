/* chess-core.c: bitboards, keys, legal move generation, make/unmake and perft (RULES.md C1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sliding attacks come from magic bitboard tables: a square's relevant blockers, multiplied by
 * the square's magic number (found once by make-magics.c), index its attack set. The generator
 * is fully legal: pins and checks are computed before the moves, so that no move is played to
 * see whether it leaves the king attacked, and perft counts the last ply without playing it.
 */

#include "chess-core.h"

#include <string.h>

#include "chess-magics.h"

static guint64 knight_att[64], king_att[64], pawn_att[2][64];
static guint64 rook_mask[64], bishop_mask[64];
static guint64 *rook_table[64], *bishop_table[64];
static guint8 rook_shift[64], bishop_shift[64];
static guint64 rook_storage[102400], bishop_storage[5248];
static guint64 between_bb[64][64];
static guint64 line_bb[64][64];     /* the whole line through two squares, with them; else 0 */
static guint8 castle_keep[64];      /* rights kept when a move leaves or reaches a square */
static guint64 zobrist_piece[16][64];
static guint64 zobrist_castle[16];
static guint64 zobrist_ep[8];
static guint64 zobrist_side;

static const int rook_dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_dirs[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

static gboolean
on_board (int file, int rank)
{
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* Rays from @sq in the four directions, stopping at the first occupied square (included); with
 * @mask_only the edge squares are left out, as a magic's mask wants. */
static guint64
slide (int sq, guint64 occupied, const int (*dirs)[2], gboolean mask_only)
{
  guint64 out = 0;

  for (int d = 0; d < 4; d++)
    {
      int file = CH_FILE (sq) + dirs[d][1], rank = CH_RANK (sq) + dirs[d][0];

      while (on_board (file, rank))
        {
          if (mask_only && !on_board (file + dirs[d][1], rank + dirs[d][0]))
            break;
          out |= CH_BIT (CH_SQ (file, rank));
          if (occupied & CH_BIT (CH_SQ (file, rank)))
            break;
          file += dirs[d][1];
          rank += dirs[d][0];
        }
    }
  return out;
}

static guint64 *
fill_magic (int sq, const int (*dirs)[2], guint64 magic, guint64 *mask, guint8 *shift,
            guint64 *storage)
{
  guint64 sub = 0;

  *mask = slide (sq, 0, dirs, TRUE);
  *shift = (guint8) (64 - ch_pop_count (*mask));
  do
    {
      storage[(sub * magic) >> *shift] = slide (sq, sub, dirs, FALSE);
      sub = (sub - *mask) & *mask;
    }
  while (sub != 0);
  return storage + (G_GUINT64_CONSTANT (1) << (64 - *shift));
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

/* The tables are built before main() (or when the plugin is loaded): every function of the
 * core may then be called at once, from any thread. */
__attribute__ ((constructor)) static void
init_tables (void)
{
  static const int knight_d[8][2] = {
    { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 },
  };
  guint64 *rook_next = rook_storage, *bishop_next = bishop_storage;
  guint64 state = G_GUINT64_CONSTANT (0x43484553534b4559);   /* "CHESSKEY" */

  for (int sq = 0; sq < 64; sq++)
    {
      int file = CH_FILE (sq), rank = CH_RANK (sq);

      for (int d = 0; d < 8; d++)
        if (on_board (file + knight_d[d][0], rank + knight_d[d][1]))
          knight_att[sq] |= CH_BIT (CH_SQ (file + knight_d[d][0], rank + knight_d[d][1]));
      for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++)
          if ((df != 0 || dr != 0) && on_board (file + df, rank + dr))
            king_att[sq] |= CH_BIT (CH_SQ (file + df, rank + dr));
      for (int df = -1; df <= 1; df += 2)
        {
          if (on_board (file + df, rank + 1))
            pawn_att[CH_WHITE][sq] |= CH_BIT (CH_SQ (file + df, rank + 1));
          if (on_board (file + df, rank - 1))
            pawn_att[CH_BLACK][sq] |= CH_BIT (CH_SQ (file + df, rank - 1));
        }

      rook_table[sq] = rook_next;
      rook_next = fill_magic (sq, rook_dirs, rook_magic[sq], &rook_mask[sq], &rook_shift[sq],
                              rook_next);
      bishop_table[sq] = bishop_next;
      bishop_next = fill_magic (sq, bishop_dirs, bishop_magic[sq], &bishop_mask[sq],
                                &bishop_shift[sq], bishop_next);
    }
  g_assert (rook_next == rook_storage + G_N_ELEMENTS (rook_storage));
  g_assert (bishop_next == bishop_storage + G_N_ELEMENTS (bishop_storage));

  for (int a = 0; a < 64; a++)
    for (int b = 0; b < 64; b++)
      {
        if (a == b)
          continue;
        if (ch_rook_attacks (a, 0) & CH_BIT (b))
          {
            between_bb[a][b] = ch_rook_attacks (a, CH_BIT (b)) & ch_rook_attacks (b, CH_BIT (a));
            line_bb[a][b] = (ch_rook_attacks (a, 0) & ch_rook_attacks (b, 0)) | CH_BIT (a)
                            | CH_BIT (b);
          }
        else if (ch_bishop_attacks (a, 0) & CH_BIT (b))
          {
            between_bb[a][b] = ch_bishop_attacks (a, CH_BIT (b))
                               & ch_bishop_attacks (b, CH_BIT (a));
            line_bb[a][b] = (ch_bishop_attacks (a, 0) & ch_bishop_attacks (b, 0)) | CH_BIT (a)
                            | CH_BIT (b);
          }
      }

  memset (castle_keep, 0xf, sizeof castle_keep);
  castle_keep[CH_SQ (4, 0)] &= ~(CH_CASTLE_WK | CH_CASTLE_WQ);
  castle_keep[CH_SQ (7, 0)] &= ~CH_CASTLE_WK;
  castle_keep[CH_SQ (0, 0)] &= ~CH_CASTLE_WQ;
  castle_keep[CH_SQ (4, 7)] &= ~(CH_CASTLE_BK | CH_CASTLE_BQ);
  castle_keep[CH_SQ (7, 7)] &= ~CH_CASTLE_BK;
  castle_keep[CH_SQ (0, 7)] &= ~CH_CASTLE_BQ;

  for (int piece = 0; piece < 16; piece++)
    for (int sq = 0; sq < 64; sq++)
      zobrist_piece[piece][sq] = CH_KIND_OF (piece) == CH_NONE ? 0 : splitmix64 (&state);
  for (int rights = 1; rights < 16; rights++)
    zobrist_castle[rights] = splitmix64 (&state);
  for (int file = 0; file < 8; file++)
    zobrist_ep[file] = splitmix64 (&state);
  zobrist_side = splitmix64 (&state);
}

guint64
ch_knight_attacks (int square)
{
  return knight_att[square];
}

guint64
ch_king_attacks (int square)
{
  return king_att[square];
}

guint64
ch_pawn_attacks (int side, int square)
{
  return pawn_att[side][square];
}

guint64
ch_bishop_attacks (int square, guint64 occupied)
{
  return bishop_table[square][((occupied & bishop_mask[square]) * bishop_magic[square])
                              >> bishop_shift[square]];
}

guint64
ch_rook_attacks (int square, guint64 occupied)
{
  return rook_table[square][((occupied & rook_mask[square]) * rook_magic[square])
                            >> rook_shift[square]];
}

guint64
ch_between (int a, int b)
{
  return between_bb[a][b];
}

guint64
ch_attackers_to (const ChessPosition *pos, int square, guint64 occupied)
{
  guint64 diagonal = pos->by_kind[CH_BISHOP] | pos->by_kind[CH_QUEEN];
  guint64 straight = pos->by_kind[CH_ROOK] | pos->by_kind[CH_QUEEN];

  return ((pawn_att[CH_BLACK][square] & ch_pieces (pos, CH_WHITE, CH_PAWN))
          | (pawn_att[CH_WHITE][square] & ch_pieces (pos, CH_BLACK, CH_PAWN))
          | (knight_att[square] & pos->by_kind[CH_KNIGHT])
          | (king_att[square] & pos->by_kind[CH_KING])
          | (ch_bishop_attacks (square, occupied) & diagonal)
          | (ch_rook_attacks (square, occupied) & straight))
         & occupied;
}

gboolean
ch_square_attacked (const ChessPosition *pos, int square, int by)
{
  return (ch_attackers_to (pos, square, ch_occupied (pos)) & pos->by_side[by]) != 0;
}

guint64
ch_checkers (const ChessPosition *pos)
{
  return ch_attackers_to (pos, pos->king[pos->side], ch_occupied (pos))
         & pos->by_side[pos->side ^ 1];
}

gboolean
ch_in_check (const ChessPosition *pos)
{
  return ch_checkers (pos) != 0;
}

/* ------------------------------------------------------------------------------------ */
/* Set-up and keys                                                                      */

static inline void
place (ChessPosition *pos, int sq, guint8 piece)
{
  pos->board[sq] = piece;
  pos->by_side[CH_SIDE_OF (piece)] |= CH_BIT (sq);
  pos->by_kind[CH_KIND_OF (piece)] |= CH_BIT (sq);
}

static inline void
lift (ChessPosition *pos, int sq)
{
  guint8 piece = pos->board[sq];

  pos->board[sq] = 0;
  pos->by_side[CH_SIDE_OF (piece)] &= ~CH_BIT (sq);
  pos->by_kind[CH_KIND_OF (piece)] &= ~CH_BIT (sq);
}

void
ch_position_clear (ChessPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->ep = CH_NO_SQUARE;
  pos->fullmove = 1;
  pos->king[0] = pos->king[1] = CH_NO_SQUARE;
  pos->key = ch_position_compute_key (pos);
}

void
ch_put_piece (ChessPosition *pos, int square, ChessKind kind, ChessSide side)
{
  g_return_if_fail (square >= 0 && square < CH_SQUARES);

  if (pos->board[square] != 0)
    lift (pos, square);
  if (kind != CH_NONE)
    place (pos, square, CH_PIECE (side, kind));
}

void
ch_position_finish_setup (ChessPosition *pos)
{
  for (int side = 0; side < 2; side++)
    {
      guint64 kings = ch_pieces (pos, side, CH_KING);

      pos->king[side] = kings ? ch_bit_scan (kings) : CH_NO_SQUARE;
    }
  pos->key = ch_position_compute_key (pos);
}

void
ch_position_init_start (ChessPosition *pos)
{
  static const ChessKind back[8] = {
    CH_ROOK, CH_KNIGHT, CH_BISHOP, CH_QUEEN, CH_KING, CH_BISHOP, CH_KNIGHT, CH_ROOK,
  };

  ch_position_clear (pos);
  for (int file = 0; file < 8; file++)
    {
      ch_put_piece (pos, CH_SQ (file, 0), back[file], CH_WHITE);
      ch_put_piece (pos, CH_SQ (file, 1), CH_PAWN, CH_WHITE);
      ch_put_piece (pos, CH_SQ (file, 6), CH_PAWN, CH_BLACK);
      ch_put_piece (pos, CH_SQ (file, 7), back[file], CH_BLACK);
    }
  pos->castling = CH_CASTLE_WK | CH_CASTLE_WQ | CH_CASTLE_BK | CH_CASTLE_BQ;
  ch_position_finish_setup (pos);
}

/* Whether the ep file goes into the key: a pawn of the side to move stands where it could take
 * on the ep square (a legal capture or not). */
static inline gboolean
ep_hashed (const ChessPosition *pos)
{
  return pos->ep != CH_NO_SQUARE
         && (pawn_att[pos->side ^ 1][pos->ep] & ch_pieces (pos, pos->side, CH_PAWN)) != 0;
}

guint64
ch_position_compute_key (const ChessPosition *pos)
{
  guint64 key = 0;

  for (int sq = 0; sq < 64; sq++)
    key ^= zobrist_piece[pos->board[sq]][sq];
  key ^= zobrist_castle[pos->castling & 15];
  if (ep_hashed (pos))
    key ^= zobrist_ep[CH_FILE (pos->ep)];
  if (pos->side == CH_BLACK)
    key ^= zobrist_side;
  return key;
}

int
ch_piece_at (const ChessPosition *pos, int square, int *side)
{
  guint8 piece;

  if (square < 0 || square >= CH_SQUARES)
    return CH_NONE;
  piece = pos->board[square];
  if (piece != 0 && side != NULL)
    *side = CH_SIDE_OF (piece);
  return CH_KIND_OF (piece);
}

/* ------------------------------------------------------------------------------------ */
/* Move generation                                                                      */

typedef struct
{
  guint64 checkers;
  guint64 pinned;
  int king;
} Threats;

static inline void
compute_threats (const ChessPosition *pos, Threats *t)
{
  int us = pos->side, them = us ^ 1;
  guint64 occupied = ch_occupied (pos);
  guint64 snipers;

  t->king = pos->king[us];
  t->checkers = ch_attackers_to (pos, t->king, occupied) & pos->by_side[them];
  t->pinned = 0;
  snipers = ((ch_rook_attacks (t->king, 0) & (pos->by_kind[CH_ROOK] | pos->by_kind[CH_QUEEN]))
             | (ch_bishop_attacks (t->king, 0)
                & (pos->by_kind[CH_BISHOP] | pos->by_kind[CH_QUEEN])))
            & pos->by_side[them];
  while (snipers)
    {
      int sq = ch_bit_scan (snipers);
      guint64 blockers = between_bb[t->king][sq] & occupied;

      snipers &= snipers - 1;
      if (blockers && !(blockers & (blockers - 1)) && (blockers & pos->by_side[us]))
        t->pinned |= blockers;
    }
}

static inline int
add_targets (ChessMove *moves, int n, int from, guint64 targets)
{
  while (targets)
    {
      moves[n++] = CH_MOVE (from, ch_bit_scan (targets), CH_MOVE_NORMAL, 0);
      targets &= targets - 1;
    }
  return n;
}

static inline int
add_promotions (ChessMove *moves, int n, int from, int to, gboolean queen_only)
{
  moves[n++] = CH_MOVE (from, to, CH_MOVE_PROMOTION, CH_QUEEN);
  if (!queen_only)
    {
      moves[n++] = CH_MOVE (from, to, CH_MOVE_PROMOTION, CH_ROOK);
      moves[n++] = CH_MOVE (from, to, CH_MOVE_PROMOTION, CH_BISHOP);
      moves[n++] = CH_MOVE (from, to, CH_MOVE_PROMOTION, CH_KNIGHT);
    }
  return n;
}

/* Whether taking en passant from @from leaves the mover's king safe: the two pawns leave the
 * rank at once (CT2's pin along the rank), and a check is answered only if the pawn that gave
 * it is the one taken or the step blocks it. */
static gboolean
en_passant_safe (const ChessPosition *pos, int from, int king)
{
  int us = pos->side, them = us ^ 1;
  int taken = pos->ep ^ 8;
  guint64 occupied = (ch_occupied (pos) ^ CH_BIT (from) ^ CH_BIT (taken)) | CH_BIT (pos->ep);

  return (ch_attackers_to (pos, king, occupied) & pos->by_side[them] & ~CH_BIT (taken)) == 0;
}

/* Every legal move, or with @captures_only the captures and the queen promotions. */
static int
generate (ChessPosition *pos, ChessMove *moves, gboolean captures_only)
{
  int us = pos->side, them = us ^ 1;
  guint64 own = pos->by_side[us], enemy = pos->by_side[them];
  guint64 occupied = own | enemy;
  guint64 target, reach, pieces, king_targets;
  int n = 0;
  Threats t;

  compute_threats (pos, &t);

  /* The king, tested with itself lifted so that it does not hide behind its own square. */
  king_targets = king_att[t.king] & (captures_only ? enemy : ~own);
  while (king_targets)
    {
      int to = ch_bit_scan (king_targets);

      king_targets &= king_targets - 1;
      if (!(ch_attackers_to (pos, to, occupied ^ CH_BIT (t.king)) & enemy))
        moves[n++] = CH_MOVE (t.king, to, CH_MOVE_NORMAL, 0);
    }
  if (t.checkers & (t.checkers - 1))
    return n;

  target = t.checkers ? between_bb[t.king][ch_bit_scan (t.checkers)] | t.checkers : ~own;
  reach = captures_only ? enemy : ~G_GUINT64_CONSTANT (0);

  /* Knights: a pinned one never moves. */
  pieces = ch_pieces (pos, us, CH_KNIGHT) & ~t.pinned;
  while (pieces)
    {
      int from = ch_bit_scan (pieces);

      pieces &= pieces - 1;
      n = add_targets (moves, n, from, knight_att[from] & target & reach);
    }

  pieces = ch_pieces (pos, us, CH_BISHOP) | ch_pieces (pos, us, CH_QUEEN);
  while (pieces)
    {
      int from = ch_bit_scan (pieces);
      guint64 to = ch_bishop_attacks (from, occupied) & target & reach;

      pieces &= pieces - 1;
      if (t.pinned & CH_BIT (from))
        to &= line_bb[t.king][from];
      n = add_targets (moves, n, from, to);
    }

  pieces = ch_pieces (pos, us, CH_ROOK) | ch_pieces (pos, us, CH_QUEEN);
  while (pieces)
    {
      int from = ch_bit_scan (pieces);
      guint64 to = ch_rook_attacks (from, occupied) & target & reach;

      pieces &= pieces - 1;
      if (t.pinned & CH_BIT (from))
        to &= line_bb[t.king][from];
      n = add_targets (moves, n, from, to);
    }

  pieces = ch_pieces (pos, us, CH_PAWN);
  while (pieces)
    {
      int from = ch_bit_scan (pieces);
      int forward = us == CH_WHITE ? 8 : -8;
      int last_rank = us == CH_WHITE ? 7 : 0;
      guint64 allowed = (t.pinned & CH_BIT (from)) ? line_bb[t.king][from]
                                                   : ~G_GUINT64_CONSTANT (0);
      guint64 takes = pawn_att[us][from] & enemy & target & allowed;
      int step = from + forward;

      pieces &= pieces - 1;
      while (takes)
        {
          int to = ch_bit_scan (takes);

          takes &= takes - 1;
          if (CH_RANK (to) == last_rank)
            n = add_promotions (moves, n, from, to, FALSE);
          else
            moves[n++] = CH_MOVE (from, to, CH_MOVE_NORMAL, 0);
        }
      if (!(occupied & CH_BIT (step)))
        {
          if (CH_RANK (step) == last_rank)
            {
              if (CH_BIT (step) & target & allowed)
                n = add_promotions (moves, n, from, step, captures_only);
            }
          else if (!captures_only)
            {
              int second = step + forward;

              if (CH_BIT (step) & target & allowed)
                moves[n++] = CH_MOVE (from, step, CH_MOVE_NORMAL, 0);
              if (CH_RANK (from) == (us == CH_WHITE ? 1 : 6) && !(occupied & CH_BIT (second))
                  && (CH_BIT (second) & target & allowed))
                moves[n++] = CH_MOVE (from, second, CH_MOVE_NORMAL, 0);
            }
        }
      if (pos->ep != CH_NO_SQUARE && (pawn_att[us][from] & CH_BIT (pos->ep))
          && en_passant_safe (pos, from, t.king))
        moves[n++] = CH_MOVE (from, pos->ep, CH_MOVE_EN_PASSANT, 0);
    }

  if (!t.checkers && !captures_only && (pos->castling & (us == CH_WHITE ? 3 : 12)))
    {
      int home = us == CH_WHITE ? 0 : 56;
      int king_side = us == CH_WHITE ? CH_CASTLE_WK : CH_CASTLE_BK;
      int queen_side = us == CH_WHITE ? CH_CASTLE_WQ : CH_CASTLE_BQ;

      if ((pos->castling & king_side) && !(occupied & (CH_BIT (home + 5) | CH_BIT (home + 6)))
          && !ch_square_attacked (pos, home + 5, them) && !ch_square_attacked (pos, home + 6, them))
        moves[n++] = CH_MOVE (home + 4, home + 6, CH_MOVE_CASTLING, 0);
      if ((pos->castling & queen_side)
          && !(occupied & (CH_BIT (home + 1) | CH_BIT (home + 2) | CH_BIT (home + 3)))
          && !ch_square_attacked (pos, home + 3, them) && !ch_square_attacked (pos, home + 2, them))
        moves[n++] = CH_MOVE (home + 4, home + 2, CH_MOVE_CASTLING, 0);
    }
  return n;
}

int
ch_legal_moves (ChessPosition *pos, ChessMove *moves)
{
  return generate (pos, moves, FALSE);
}

int
ch_generate_captures (ChessPosition *pos, ChessMove *moves)
{
  return generate (pos, moves, TRUE);
}

gboolean
ch_is_legal (ChessPosition *pos, ChessMove move)
{
  ChessMove moves[CH_MAX_MOVES];
  int n = ch_legal_moves (pos, moves);

  for (int i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

gboolean
ch_has_legal_en_passant (ChessPosition *pos)
{
  ChessMove moves[CH_MAX_MOVES];
  int n;

  if (!ep_hashed (pos))
    return FALSE;
  n = ch_legal_moves (pos, moves);
  for (int i = 0; i < n; i++)
    if (CH_MOVE_TYPE (moves[i]) == CH_MOVE_EN_PASSANT)
      return TRUE;
  return FALSE;
}

guint64
ch_repetition_key (ChessPosition *pos)
{
  if (ep_hashed (pos) && !ch_has_legal_en_passant (pos))
    return pos->key ^ zobrist_ep[CH_FILE (pos->ep)];
  return pos->key;
}

ChessMove
ch_find_move (ChessPosition *pos, int from, int to, ChessKind promo)
{
  ChessMove moves[CH_MAX_MOVES];
  int n = ch_legal_moves (pos, moves);
  guint8 piece = from >= 0 && from < 64 ? pos->board[from] : 0;
  guint8 target = to >= 0 && to < 64 ? pos->board[to] : 0;

  /* A king chosen onto its own rook means castling on that side. */
  if (CH_KIND_OF (piece) == CH_KING && target == CH_PIECE (CH_SIDE_OF (piece), CH_ROOK)
      && CH_RANK (from) == CH_RANK (to))
    to = to > from ? from + 2 : from - 2;

  for (int i = 0; i < n; i++)
    {
      ChessMove m = moves[i];

      if (CH_MOVE_FROM (m) != from || CH_MOVE_TO (m) != to)
        continue;
      if (CH_MOVE_TYPE (m) == CH_MOVE_PROMOTION ? CH_MOVE_PROMO (m) != promo : promo != CH_NONE)
        continue;
      return m;
    }
  return CH_MOVE_NONE;
}

/* ------------------------------------------------------------------------------------ */
/* Make and unmake                                                                      */

void
ch_make (ChessPosition *pos, ChessMove move, ChessUndo *undo)
{
  int from = CH_MOVE_FROM (move), to = CH_MOVE_TO (move);
  ChessMoveType type = CH_MOVE_TYPE (move);
  int us = pos->side, them = us ^ 1;
  guint8 piece = pos->board[from];
  guint64 key = pos->key;
  int taken_sq = type == CH_MOVE_EN_PASSANT ? to ^ 8 : to;
  guint8 taken = pos->board[taken_sq];

  undo->captured = taken;
  undo->castling = pos->castling;
  undo->ep = pos->ep;
  undo->halfmove = pos->halfmove;
  undo->fullmove = pos->fullmove;
  undo->key = key;

  if (ep_hashed (pos))
    key ^= zobrist_ep[CH_FILE (pos->ep)];
  pos->ep = CH_NO_SQUARE;

  if (taken)
    {
      lift (pos, taken_sq);
      key ^= zobrist_piece[taken][taken_sq];
    }
  lift (pos, from);
  key ^= zobrist_piece[piece][from];
  if (type == CH_MOVE_PROMOTION)
    piece = CH_PIECE (us, CH_MOVE_PROMO (move));
  place (pos, to, piece);
  key ^= zobrist_piece[piece][to];

  if (type == CH_MOVE_CASTLING)
    {
      int rook_from = to > from ? from + 3 : from - 4;
      int rook_to = to > from ? from + 1 : from - 1;
      guint8 rook = CH_PIECE (us, CH_ROOK);

      lift (pos, rook_from);
      place (pos, rook_to, rook);
      key ^= zobrist_piece[rook][rook_from] ^ zobrist_piece[rook][rook_to];
    }

  if (CH_KIND_OF (piece) == CH_KING)
    pos->king[us] = to;

  if (taken || CH_KIND_OF (pos->board[to]) == CH_PAWN || type == CH_MOVE_PROMOTION)
    pos->halfmove = 0;
  else if (pos->halfmove < G_MAXUINT16)
    pos->halfmove++;

  if (CH_KIND_OF (piece) == CH_PAWN && (to ^ from) == 16)
    {
      pos->ep = (from + to) / 2;
      if (pawn_att[us][pos->ep] & ch_pieces (pos, them, CH_PAWN))
        key ^= zobrist_ep[CH_FILE (pos->ep)];
    }

  if (pos->castling && (castle_keep[from] & castle_keep[to]) != 0xf)
    {
      key ^= zobrist_castle[pos->castling];
      pos->castling &= castle_keep[from] & castle_keep[to];
      key ^= zobrist_castle[pos->castling];
    }

  if (us == CH_BLACK && pos->fullmove < G_MAXUINT16)
    pos->fullmove++;
  pos->side = them;
  pos->key = key ^ zobrist_side;
}

void
ch_unmake (ChessPosition *pos, ChessMove move, const ChessUndo *undo)
{
  int from = CH_MOVE_FROM (move), to = CH_MOVE_TO (move);
  ChessMoveType type = CH_MOVE_TYPE (move);
  int us = pos->side ^ 1;
  guint8 piece = pos->board[to];

  lift (pos, to);
  if (type == CH_MOVE_PROMOTION)
    piece = CH_PIECE (us, CH_PAWN);
  place (pos, from, piece);
  if (type == CH_MOVE_CASTLING)
    {
      int rook_from = to > from ? from + 3 : from - 4;
      int rook_to = to > from ? from + 1 : from - 1;

      lift (pos, rook_to);
      place (pos, rook_from, CH_PIECE (us, CH_ROOK));
    }
  if (undo->captured)
    place (pos, type == CH_MOVE_EN_PASSANT ? to ^ 8 : to, undo->captured);
  if (CH_KIND_OF (piece) == CH_KING)
    pos->king[us] = from;

  pos->side = us;
  pos->castling = undo->castling;
  pos->ep = undo->ep;
  pos->halfmove = undo->halfmove;
  pos->fullmove = undo->fullmove;
  pos->key = undo->key;
}

void
ch_make_null (ChessPosition *pos, ChessUndo *undo)
{
  undo->captured = 0;
  undo->castling = pos->castling;
  undo->ep = pos->ep;
  undo->halfmove = pos->halfmove;
  undo->fullmove = pos->fullmove;
  undo->key = pos->key;
  if (ep_hashed (pos))
    pos->key ^= zobrist_ep[CH_FILE (pos->ep)];
  pos->ep = CH_NO_SQUARE;
  pos->side ^= 1;
  pos->key ^= zobrist_side;
}

void
ch_unmake_null (ChessPosition *pos, const ChessUndo *undo)
{
  pos->side ^= 1;
  pos->ep = undo->ep;
  pos->key = undo->key;
}

gboolean
ch_gives_check (ChessPosition *pos, ChessMove move)
{
  ChessUndo undo;
  gboolean check;

  ch_make (pos, move, &undo);
  check = ch_in_check (pos);
  ch_unmake (pos, move, &undo);
  return check;
}

static guint64
perft (ChessPosition *pos, int depth)
{
  ChessMove moves[CH_MAX_MOVES];
  int n = generate (pos, moves, FALSE);
  guint64 total = 0;

  if (depth == 1)
    return n;
  for (int i = 0; i < n; i++)
    {
      ChessUndo undo;

      ch_make (pos, moves[i], &undo);
      total += perft (pos, depth - 1);
      ch_unmake (pos, moves[i], &undo);
    }
  return total;
}

guint64
ch_perft (ChessPosition *pos, int depth)
{
  if (depth <= 0)
    return 1;
  return perft (pos, depth);
}

void
ch_square_name (int square, char *buf)
{
  if (square < 0 || square >= CH_SQUARES)
    {
      g_strlcpy (buf, "-", 3);
      return;
    }
  buf[0] = (char) ('a' + CH_FILE (square));
  buf[1] = (char) ('1' + CH_RANK (square));
  buf[2] = '\0';
}
