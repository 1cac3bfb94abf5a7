/* banqi-core.c: Banqi's moves, their legality, play and the end of the game (B4–B11)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "banqi-core.h"

/* B1: per colour a General, two each of Advisor, Elephant, Chariot, Horse and Cannon, and
 * five Soldiers. */
static const guint8 bq_full_set[BQ_N_KINDS] = BQ_FULL_SET;

static const int steps[4][2] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };

void
bq_position_init_start (BqPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  memset (pos->cell, BQ_FACE_DOWN, sizeof pos->cell);
  memcpy (pos->pool, bq_full_set, sizeof pos->pool);
  pos->first_colour = -1;
}

/* Gives every face-down square without identity a piece of the pool (less the pieces that
 * known face-down squares hold): a Fisher–Yates shuffle drawn from @seed, the same seed
 * dealing the same. The generator is the deal's own, apart from the computer's. */
void
bq_position_deal (BqPosition *pos,
                  guint64     seed)
{
  guint32 seeds[2] = { (guint32) seed, (guint32) (seed >> 32) };
  g_autoptr(GRand) rand = g_rand_new_with_seed_array (seeds, G_N_ELEMENTS (seeds));
  guint8 left[BQ_N_KINDS];
  guint8 pieces[BQ_SQUARES];
  guint n = 0, next = 0;

  memcpy (left, pos->pool, sizeof left);
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    {
      guint8 kind = BQ_CELL_KIND (pos->cell[sq]);

      if (BQ_IS_FACE_DOWN (pos->cell[sq]) && kind != BQ_NO_KIND && left[kind] > 0)
        left[kind]--;
    }
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    for (guint i = 0; i < left[kind] && n < BQ_SQUARES; i++)
      pieces[n++] = kind;

  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      guint8 swap = pieces[i - 1];

      pieces[i - 1] = pieces[j];
      pieces[j] = swap;
    }
  for (int sq = 0; sq < BQ_SQUARES && next < n; sq++)
    if (pos->cell[sq] == BQ_FACE_DOWN)
      pos->cell[sq] = BQ_FACE_DOWN | pieces[next++];
}

/* Forgets what lies under the face-down squares: what the players see. */
void
bq_position_observe (BqPosition *pos)
{
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (BQ_IS_FACE_DOWN (pos->cell[sq]))
      pos->cell[sq] = BQ_FACE_DOWN;
}

int
bq_colour_of_seat (const BqPosition *pos,
                   int               seat)
{
  if (pos->first_colour < 0)
    return -1;
  return seat == 0 ? pos->first_colour : 1 - pos->first_colour;
}

int
bq_seat_of_colour (const BqPosition *pos,
                   int               colour)
{
  if (pos->first_colour < 0)
    return -1;
  return colour == pos->first_colour ? 0 : 1;
}

int
bq_colour_to_move (const BqPosition *pos)
{
  return bq_colour_of_seat (pos, pos->side);
}

/* A colour's pieces not yet captured: face up on the board or face down in the pool. */
guint
bq_pieces_left (const BqPosition *pos,
                int               colour)
{
  guint count = 0;

  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    if (BQ_KIND_COLOUR (kind) == colour)
      count += pos->pool[kind];
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (BQ_IS_FACE_UP (pos->cell[sq]) && BQ_KIND_COLOUR (pos->cell[sq]) == colour)
      count++;
  return count;
}

/* B2: captured = full set − board − pool. */
void
bq_captured (const BqPosition *pos,
             guint8            captured[BQ_N_KINDS])
{
  memcpy (captured, bq_full_set, BQ_N_KINDS);
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    captured[kind] -= MIN (captured[kind], pos->pool[kind]);
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (BQ_IS_FACE_UP (pos->cell[sq]) && captured[pos->cell[sq]] > 0)
      captured[pos->cell[sq]]--;
}

/* The quiet plies that draw (B11, or the Olympiad rule of B12). */
guint
bq_quiet_limit (const BqPosition *pos)
{
  return (pos->rules & BQ_RULE_OLYMPIAD) ? BQ_OLYMPIAD_QUIET_LIMIT : BQ_QUIET_LIMIT;
}

/* A rank's place in the order of B6, 0 for the strongest. The Hong-Kong order of B12 lifts
 * the Chariot to second place, under the General: the Advisor and the Elephant step down one
 * each, the Horse, the Cannon and the Soldier keep theirs. */
guint
bq_rank_order (guint  rules,
               BqRank rank)
{
  if (!(rules & BQ_RULE_HONG_KONG) || rank == BQ_GENERAL || rank > BQ_CHARIOT)
    return rank;
  return rank == BQ_CHARIOT ? 1 : rank + 1;
}

/* B6's table: a piece takes its own rank and lower, but the General not the Soldier, and the
 * Soldier takes the General; the Cannon takes nothing by a step (B7). */
gboolean
bq_may_capture (guint  rules,
                BqRank attacker,
                BqRank target)
{
  if (attacker == BQ_CANNON)
    return FALSE;
  if (attacker == BQ_GENERAL && target == BQ_SOLDIER)
    return FALSE;
  if (attacker == BQ_SOLDIER && target == BQ_GENERAL)
    return TRUE;
  return bq_rank_order (rules, attacker) <= bq_rank_order (rules, target);
}

gboolean
bq_game_over (const BqPosition *pos)
{
  if (pos->quiet >= bq_quiet_limit (pos))
    return TRUE;
  return pos->first_colour >= 0
         && (bq_pieces_left (pos, BQ_RED) == 0 || bq_pieces_left (pos, BQ_BLACK) == 0);
}

static inline void
add (BqMove *moves,
     int    *n,
     int     from,
     int     to,
     gboolean flip)
{
  moves[*n] = (BqMove) { from, to, flip, 0 };
  (*n)++;
}

/* The square a cannon on @from may capture in direction @dir (B7), or -1: past exactly one
 * occupied square, the next occupied one, if it holds a face-up enemy. */
static int
cannon_target (const BqPosition *pos,
               int               from,
               int               dir,
               int               colour)
{
  int file = from % BQ_FILES, rank = from / BQ_FILES;
  gboolean screened = FALSE;

  for (;;)
    {
      guint8 cell;

      file += steps[dir][0];
      rank += steps[dir][1];
      if (file < 0 || file >= BQ_FILES || rank < 0 || rank >= BQ_RANKS)
        return -1;
      cell = pos->cell[BQ_SQUARE (file, rank)];
      if (cell == 0)
        continue;
      if (!screened)
        {
          screened = TRUE;
          continue;
        }
      if (BQ_IS_FACE_UP (cell) && BQ_KIND_COLOUR (cell) != colour)
        return BQ_SQUARE (file, rank);
      return -1;
    }
}

/* The steps and captures of the face-up piece on @from: one square, or along an empty line
 * for the Chariot under B12's slide; the Cannon's jumps (B7). Only captures when
 * @captures_only. */
static void
piece_moves (const BqPosition *pos,
             int               from,
             int               colour,
             gboolean          captures_only,
             BqMove           *moves,
             int              *n)
{
  BqRank rank = BQ_KIND_RANK (pos->cell[from]);
  gboolean slides = rank == BQ_CHARIOT && (pos->rules & BQ_RULE_CHARIOT_SLIDE);

  for (int dir = 0; dir < 4; dir++)
    {
      int file = from % BQ_FILES, r = from / BQ_FILES;

      for (;;)
        {
          guint8 target;

          file += steps[dir][0];
          r += steps[dir][1];
          if (file < 0 || file >= BQ_FILES || r < 0 || r >= BQ_RANKS)
            break;
          target = pos->cell[BQ_SQUARE (file, r)];
          if (target == 0)
            {
              if (!captures_only)
                add (moves, n, from, BQ_SQUARE (file, r), FALSE);
              if (slides)
                continue;
              break;
            }
          if (BQ_IS_FACE_UP (target) && BQ_KIND_COLOUR (target) != colour
              && bq_may_capture (pos->rules, rank, BQ_KIND_RANK (target)))
            add (moves, n, from, BQ_SQUARE (file, r), FALSE);
          break;
        }
    }
  if (rank == BQ_CANNON)
    for (int dir = 0; dir < 4; dir++)
      {
        int to = cannon_target (pos, from, dir, colour);

        if (to >= 0)
          add (moves, n, from, to, FALSE);
      }
}

/* Every action of B4 for the side to move, ignoring the end of the game: flips square by
 * square, then the steps and captures of its pieces. Within a chain of captures (B12) only
 * the capturing piece's further captures, and the stop that ends the turn. */
int
bq_generate (const BqPosition *pos,
             BqMove           *moves)
{
  int colour = bq_colour_to_move (pos);
  int n = 0;

  if (pos->chain != 0)
    {
      piece_moves (pos, pos->chain - 1, colour, TRUE, moves, &n);
      moves[n++] = (BqMove) { BQ_STOP, BQ_STOP, FALSE, 0 };
      return n;
    }
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (BQ_IS_FACE_DOWN (pos->cell[sq]))
      add (moves, &n, sq, sq, TRUE);
  if (colour < 0)
    return n;

  for (int from = 0; from < BQ_SQUARES; from++)
    if (BQ_IS_FACE_UP (pos->cell[from]) && BQ_KIND_COLOUR (pos->cell[from]) == colour)
      piece_moves (pos, from, colour, FALSE, moves, &n);
  return n;
}

int
bq_legal_moves (const BqPosition *pos,
                BqMove           *moves)
{
  if (bq_game_over (pos))
    return 0;
  return bq_generate (pos, moves);
}

gboolean
bq_is_legal (const BqPosition *pos,
             const BqMove     *move)
{
  BqMove moves[BQ_MAX_MOVES];
  int n = bq_legal_moves (pos, moves);

  for (int i = 0; i < n; i++)
    if (moves[i].from == move->from && moves[i].to == move->to
        && !moves[i].flip == !move->flip)
      return TRUE;
  return FALSE;
}

/* How many occupied squares lie strictly between @from and @to on a line. */
static guint
pieces_between (const BqPosition *pos,
                int               from,
                int               to)
{
  int df = (to % BQ_FILES > from % BQ_FILES) - (to % BQ_FILES < from % BQ_FILES);
  int dr = (to / BQ_FILES > from / BQ_FILES) - (to / BQ_FILES < from / BQ_FILES);
  int file = from % BQ_FILES + df, rank = from / BQ_FILES + dr;
  guint count = 0;

  while (BQ_SQUARE (file, rank) != to)
    {
      count += pos->cell[BQ_SQUARE (file, rank)] != 0;
      file += df;
      rank += dr;
    }
  return count;
}

/* Why the action from @from to @to (@to G_MAXUINT: why @from cannot be chosen) is illegal,
 * reason by reason in the order a player would look: the square, the piece, its way, the
 * target. */
BqIllegal
bq_explain (const BqPosition *pos,
            guint             from,
            guint             to,
            gboolean          flip,
            BqExplanation    *why)
{
  int colour = bq_colour_to_move (pos);
  guint8 cell, target;
  int df, dr;

  memset (why, 0, sizeof *why);
  if (bq_game_over (pos))
    return why->reason = BQ_ILLEGAL_GAME_OVER;
  if (from >= BQ_SQUARES || (to >= BQ_SQUARES && to != G_MAXUINT) || (flip && to != from))
    return why->reason = BQ_ILLEGAL_OFF_BOARD;

  cell = pos->cell[from];
  why->mover = BQ_IS_FACE_UP (cell) ? cell : 0;
  if (pos->chain != 0 && from != pos->chain - 1u)
    {
      /* The piece that goes on capturing, for the explanation to name. */
      why->target = pos->cell[pos->chain - 1];
      return why->reason = BQ_ILLEGAL_CHAIN_OTHER;
    }
  if (cell == 0)
    return why->reason = BQ_ILLEGAL_EMPTY_SQUARE;
  if (flip)
    return why->reason = BQ_IS_FACE_DOWN (cell) ? BQ_LEGAL : BQ_ILLEGAL_FACE_UP;
  if (BQ_IS_FACE_DOWN (cell))
    /* Choosing a face-down piece is fine: it is there to be turned over. */
    return why->reason = to == G_MAXUINT ? BQ_LEGAL : BQ_ILLEGAL_FACE_DOWN_MOVES;
  if (BQ_KIND_COLOUR (cell) != colour)
    return why->reason = BQ_ILLEGAL_NOT_OWN_PIECE;
  if (to == G_MAXUINT)
    return why->reason = BQ_LEGAL;

  target = pos->cell[to];
  why->target = BQ_IS_FACE_UP (target) ? target : 0;
  /* Whatever the way there, a face-down target is the reason (B8): the player who chose it
   * with a piece up most likely meant to turn it over. */
  if (BQ_IS_FACE_DOWN (target))
    return why->reason = BQ_ILLEGAL_CAPTURE_FACE_DOWN;
  df = ABS ((int) (to % BQ_FILES) - (int) (from % BQ_FILES));
  dr = ABS ((int) (to / BQ_FILES) - (int) (from / BQ_FILES));
  if (df != 0 && dr != 0)
    return why->reason = BQ_ILLEGAL_DIAGONAL;
  if (df + dr == 0)
    return why->reason = BQ_ILLEGAL_TOO_FAR;
  if (BQ_IS_FACE_UP (target) && BQ_KIND_COLOUR (target) == colour)
    return why->reason = BQ_ILLEGAL_OWN_PIECE;

  if (BQ_KIND_RANK (cell) == BQ_CANNON && target != 0)
    {
      if (df + dr == 1)
        return why->reason = BQ_ILLEGAL_CANNON_NEIGHBOUR;
      why->screens = pieces_between (pos, from, to);
      return why->reason = why->screens == 1 ? BQ_LEGAL : BQ_ILLEGAL_CANNON_SCREEN;
    }
  if (df + dr > 1 && BQ_KIND_RANK (cell) == BQ_CHARIOT)
    {
      if (!(pos->rules & BQ_RULE_CHARIOT_SLIDE))
        return why->reason = BQ_ILLEGAL_SLIDE_OFF;
      why->screens = pieces_between (pos, from, to);
      if (why->screens > 0)
        return why->reason = BQ_ILLEGAL_SLIDE_BLOCKED;
    }
  else if (df + dr > 1)
    return why->reason = BQ_ILLEGAL_TOO_FAR;
  if (target == 0)
    return why->reason = pos->chain != 0 ? BQ_ILLEGAL_CHAIN_NOT_CAPTURE : BQ_LEGAL;
  if (BQ_KIND_RANK (cell) == BQ_GENERAL && BQ_KIND_RANK (target) == BQ_SOLDIER)
    return why->reason = BQ_ILLEGAL_GENERAL_SOLDIER;
  if (!bq_may_capture (pos->rules, BQ_KIND_RANK (cell), BQ_KIND_RANK (target)))
    return why->reason = BQ_ILLEGAL_RANK;
  return why->reason = BQ_LEGAL;
}

/* Turns the piece on @sq up and returns its kind. @wanted (a kind, or 0) is what a replayed
 * record says lies there: when the layout has it elsewhere the two face-down pieces are
 * exchanged; an observation, which knows no identities, takes it from the pool. A wanted piece
 * that no longer lies face down is ignored. */
static guint8
reveal (BqPosition *pos,
        int         sq,
        guint8      wanted)
{
  guint8 kind = BQ_CELL_KIND (pos->cell[sq]);

  if (wanted != BQ_NO_KIND && wanted < BQ_N_KINDS && wanted != kind && pos->pool[wanted] > 0)
    {
      for (int other = 0; other < BQ_SQUARES && kind != BQ_NO_KIND; other++)
        if (other != sq && pos->cell[other] == (BQ_FACE_DOWN | wanted))
          {
            pos->cell[other] = BQ_FACE_DOWN | kind;
            break;
          }
      kind = wanted;
    }
  if (kind == BQ_NO_KIND || pos->pool[kind] == 0)
    return BQ_NO_KIND;
  pos->cell[sq] = kind;
  pos->pool[kind]--;
  return kind;
}

/* Whether the piece on @sq has a capture: a chain goes on only then. */
static gboolean
can_capture_from (const BqPosition *pos,
                  int               sq)
{
  BqMove moves[BQ_MAX_MOVES];
  int n = 0;

  piece_moves (pos, sq, BQ_KIND_COLOUR (pos->cell[sq]), TRUE, moves, &n);
  return n > 0;
}

/* Plays a legal action (B4–B5, B11) and returns the kind a flip revealed (0 for other
 * actions, and for a flip on an observation that does not say what it reveals). Under B12's
 * chain captures a capture after which the same piece can capture again leaves the turn with
 * its player, each capture an action of its own; the player goes on or plays the stop. The
 * ply counter counts turns, so that the seat to move still follows it (B2). */
guint8
bq_play (BqPosition   *pos,
         const BqMove *move)
{
  guint8 kind = BQ_NO_KIND;

  if (move->from == BQ_STOP)
    pos->chain = 0;
  else if (move->flip)
    {
      kind = reveal (pos, move->from, move->piece);
      if (kind == BQ_NO_KIND)
        return BQ_NO_KIND;
      if (pos->first_colour < 0)
        pos->first_colour = pos->side == 0 ? BQ_KIND_COLOUR (kind) : 1 - BQ_KIND_COLOUR (kind);
      pos->quiet = 0;
    }
  else
    {
      gboolean capture = pos->cell[move->to] != 0;

      pos->cell[move->to] = pos->cell[move->from];
      pos->cell[move->from] = 0;
      pos->quiet = capture ? 0 : MIN (pos->quiet + 1, 255);
      pos->chain = 0;
      if (capture && (pos->rules & BQ_RULE_CHAIN)
          && bq_pieces_left (pos, 1 - bq_colour_to_move (pos)) > 0
          && can_capture_from (pos, move->to))
        {
          pos->chain = move->to + 1;
          return kind;
        }
    }
  pos->side ^= 1;
  if (pos->ply < G_MAXUINT16)
    pos->ply++;
  return kind;
}

/* B9–B11 after the last ply: a colour with every piece captured loses, then a side to move
 * without an action, then the quiet counter's draw (RULES 0.3's order). */
void
bq_status (const BqPosition *pos,
           BqStatus         *status)
{
  BqMove moves[BQ_MAX_MOVES];

  status->result = BQ_ONGOING;
  status->winner = 0;
  if (pos->first_colour >= 0)
    for (int colour = BQ_RED; colour <= BQ_BLACK; colour++)
      if (bq_pieces_left (pos, colour) == 0)
        {
          status->result = BQ_WIN_CAPTURE_ALL;
          status->winner = 1 - bq_seat_of_colour (pos, colour);
          return;
        }
  if (bq_generate (pos, moves) == 0)
    {
      status->result = BQ_WIN_NO_MOVES;
      status->winner = pos->side ^ 1;
      return;
    }
  if (pos->quiet >= bq_quiet_limit (pos))
    status->result = BQ_DRAW_QUIET;
}

/* Leaves at @depth plies of the action tree; a flip is one action whatever it reveals, and is
 * played to the piece the referee's layout holds (an observation has none to play). */
guint64
bq_perft (const BqPosition *pos,
          guint             depth)
{
  BqMove moves[BQ_MAX_MOVES];
  int n = bq_legal_moves (pos, moves);
  guint64 total = 0;

  if (depth <= 1)
    return depth == 0 ? 1 : (guint64) n;
  for (int i = 0; i < n; i++)
    {
      BqPosition child = *pos;

      if (moves[i].flip && BQ_CELL_KIND (child.cell[moves[i].from]) == BQ_NO_KIND)
        continue;
      bq_play (&child, &moves[i]);
      total += bq_perft (&child, depth - 1);
    }
  return total;
}
