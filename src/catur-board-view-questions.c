/* catur-board-view-questions.c: what a player who cannot see the board asks, by key
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Letters on the board ask about the position shown, and the answer is spoken as the board's
 * announcements are (catur-board-view-a11y.c):
 *   L  the last move
 *   T  whose turn it is, and the move number
 *   P  where the pieces of the kind under the cursor stand (on an empty square, the kinds of
 *      the side to move in turn)
 *   A  which pieces attack or defend the square under the cursor (the variant says)
 *   M  the material of both sides
 *   C  the time left for the move
 *   V  where the selected piece (else the one under the cursor) may go
 * Every word comes from the variant: its pieces, sides and squares.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-board-view-private.h"

static const CaturPosition *
shown (CaturBoardView *self)
{
  return _catur_board_view_get_position (self);
}

static const char *
side_name (CaturBoardView *self,
           CaturSide       side)
{
  return catur_variant_get_side_name (self->variant, shown (self), side);
}

/* "Red Cannon" */
static char *
side_and_piece (CaturBoardView   *self,
                const CaturPiece *piece)
{
  return catur_variant_describe_piece (self->variant, shown (self), piece);
}

static gboolean
same_piece (const CaturPiece *a,
            const CaturPiece *b)
{
  return a->kind == b->kind && a->side == b->side && a->flags == b->flags;
}

char *
_catur_board_view_last_move (CaturBoardView *self)
{
  guint view = catur_game_get_view_ply (self->game);
  g_autofree char *sentence = NULL;

  if (view == 0)
    return g_strdup (_("No move has been played yet."));
  sentence = _catur_board_view_describe_ply (self, view - 1);
  /* Translators: the answer to "what was the last move", e.g.
   * "Last move: Black Horse from b9 to c7." */
  return g_strdup_printf (_("Last move: %s."), sentence);
}

char *
_catur_board_view_turn (CaturBoardView *self)
{
  guint view = catur_game_get_view_ply (self->game);
  CaturSide side = catur_variant_side_to_move (self->variant, shown (self));

  if (view == catur_game_get_n_plies (self->game) && catur_game_is_over (self->game))
    {
      g_autofree char *result = _catur_board_view_describe_result (self, FALSE);

      /* Translators: the answer to "whose turn is it" once the game has ended,
       * e.g. "The game is over. Red wins. Double-cannon mate." */
      return g_strdup_printf (_("The game is over. %s"), result);
    }
  /* Translators: whose turn it is and the number of the move to play, e.g. "Red to move,
   * move 12." */
  return g_strdup_printf (_("%s to move, move %u."), side_name (self, side),
                          catur_variant_get_flags (self->variant) & CATUR_VARIANT_COUNTS_PLIES
                          ? view + 1 : catur_game_get_move_number (self->game, view + 1));
}

/* The kind the pieces question is about: the piece or hand slot under the cursor, else the next
 * kind of the side to move after the one asked last. */
static gboolean
asked_piece (CaturBoardView *self,
             CaturPiece     *piece)
{
  guint n_squares = self->geometry.files * self->geometry.ranks;
  CaturSide mover = catur_variant_side_to_move (self->variant, shown (self));
  guint best = 0, first = 0;

  if (catur_square_is_hand (self->cursor))
    {
      piece->kind = catur_square_hand_kind (self->cursor);
      piece->side = catur_square_hand_side (self->cursor);
      piece->flags = 0;
      return TRUE;
    }
  if (_catur_board_view_get_piece (self, self->cursor, piece)
      && !(piece->flags & CATUR_PIECE_FACE_DOWN))
    return TRUE;

  /* Kinds are numbered from 1 by the variant; a promoted piece counts apart, one above. */
  for (guint sq = 0; sq < n_squares; sq++)
    {
      CaturPiece found;
      guint key;

      if (!_catur_board_view_get_piece (self, sq, &found) || found.side != mover
          || (found.flags & CATUR_PIECE_FACE_DOWN))
        continue;
      key = found.kind * 2 + ((found.flags & CATUR_PIECE_PROMOTED) ? 1 : 0);
      if (first == 0 || key < first)
        first = key;
      if (key > self->asked_kind && (best == 0 || key < best))
        best = key;
    }
  if (best == 0)
    best = first;
  if (best == 0)
    return FALSE;
  self->asked_kind = best;
  piece->kind = best / 2;
  piece->side = mover;
  piece->flags = (best & 1) ? CATUR_PIECE_PROMOTED : 0;
  return TRUE;
}

static char *
pieces_of_kind (CaturBoardView *self)
{
  CaturPiece piece;

  if (!asked_piece (self, &piece))
    return g_strdup (_("No pieces on the board."));
  return _catur_board_view_pieces_of (self, &piece);
}

/* Where the pieces like @piece (its side, kind and promotion) stand, and how many are in hand. */
char *
_catur_board_view_pieces_of (CaturBoardView   *self,
                             const CaturPiece *asked)
{
  guint n_squares = self->geometry.files * self->geometry.ranks;
  g_autoptr(GString) squares = g_string_new (NULL);
  g_autofree char *who = NULL;
  CaturPiece piece = *asked;
  guint in_hand = 0;

  who = side_and_piece (self, &piece);
  for (guint sq = 0; sq < n_squares; sq++)
    {
      CaturPiece found;
      char name[8] = "";

      if (!_catur_board_view_get_piece (self, sq, &found) || !same_piece (&found, &piece))
        continue;
      catur_variant_square_name (self->variant, sq, name);
      if (squares->len > 0)
        g_string_append (squares, ", ");
      g_string_append (squares, name);
    }
  if (!(piece.flags & CATUR_PIECE_PROMOTED))
    in_hand = catur_variant_hand_count (self->variant, shown (self), piece.side, piece.kind);

  if (in_hand > 0 && squares->len > 0)
    /* Translators: where the pieces of a kind stand, and how many are in hand,
     * e.g. "Black Pawn: 5c, 7c; 2 in hand." */
    return g_strdup_printf (_("%s: %s; %u in hand."), who, squares->str, in_hand);
  if (in_hand > 0)
    /* Translators: pieces of a kind only in hand, e.g. "Black Pawn: 2 in hand." */
    return g_strdup_printf (_("%s: %u in hand."), who, in_hand);
  if (squares->len == 0)
    /* Translators: no piece of a kind is left, e.g. "Red Horse: none left." */
    return g_strdup_printf (_("%s: none left."), who);
  /* Translators: where the pieces of a kind stand, e.g. "Red Horse: b0, h0." */
  return g_strdup_printf (_("%s: %s."), who, squares->str);
}

/* "Red Cannon on h2, Red Horse on h0", or %NULL for none. */
static char *
list_pieces (CaturBoardView *self,
             GArray         *squares)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < squares->len; i++)
    {
      CaturSquare square = g_array_index (squares, CaturSquare, i);
      g_autofree char *who = NULL;
      g_autofree char *item = NULL;
      char name[8] = "";
      CaturPiece piece;

      if (!_catur_board_view_get_piece (self, square, &piece))
        continue;
      who = side_and_piece (self, &piece);
      catur_variant_square_name (self->variant, square, name);
      /* Translators: a piece and where it stands, e.g. "Red Cannon on h2" */
      item = g_strdup_printf (_("%s on %s"), who, name);
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, item);
    }
  return text->len > 0 ? g_strdup (text->str) : NULL;
}

static char *
attackers (CaturBoardView *self)
{
  CaturSide occupant = CATUR_SIDE_NONE;
  g_autofree char *square = NULL;
  g_autofree char *by_first = NULL;
  g_autofree char *by_second = NULL;
  g_autofree char *both = NULL;
  CaturPiece piece;

  if (catur_square_is_hand (self->cursor))
    return g_strdup (_("Pieces in hand are neither attacked nor defended."));

  square = _catur_board_view_describe_square (self, self->cursor);
  if (_catur_board_view_get_piece (self, self->cursor, &piece)
      && !(piece.flags & CATUR_PIECE_FACE_DOWN))
    occupant = piece.side;
  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    {
      g_autoptr(GArray) squares = catur_variant_list_attackers (self->variant, shown (self),
                                                                self->cursor, side);

      *(side == CATUR_SIDE_FIRST ? &by_first : &by_second) = list_pieces (self, squares);
    }

  if (occupant != CATUR_SIDE_NONE)
    {
      const char *attack = occupant == CATUR_SIDE_FIRST ? by_second : by_first;
      const char *defence = occupant == CATUR_SIDE_FIRST ? by_first : by_second;
      g_autofree char *attacked = attack != NULL
        /* Translators: the pieces that could take a piece, e.g. "attacked by Black Horse on
         * c7" */
        ? g_strdup_printf (_("attacked by %s"), attack) : g_strdup (_("not attacked"));
      g_autofree char *defended = defence != NULL
        /* Translators: the pieces that could take back, e.g. "defended by Red Chariot on e0" */
        ? g_strdup_printf (_("defended by %s"), defence) : g_strdup (_("not defended"));

      /* Translators: a square with a piece, who attacks it and who defends it, e.g.
       * "e3, Red Soldier: attacked by Black Horse on c4; not defended." */
      return g_strdup_printf (_("%s: %s; %s."), square, attacked, defended);
    }
  if (by_first == NULL && by_second == NULL)
    /* Translators: a square no piece can reach, e.g. "e5, empty: no piece reaches it." */
    return g_strdup_printf (_("%s: no piece reaches it."), square);
  /* Translators: a square and the pieces of both sides that reach it, e.g.
   * "e5, empty: reached by Red Cannon on e2; Black Horse on d7." */
  both = by_first != NULL && by_second != NULL ? g_strjoin ("; ", by_first, by_second, NULL)
                                               : g_strdup (by_first != NULL ? by_first : by_second);
  return g_strdup_printf (_("%s: reached by %s."), square, both);
}

/* One side's pieces, on the board and in hand, by kind: "Red: General × 1, Chariot × 2". */
static char *
material_of (CaturBoardView *self,
             CaturSide       side)
{
  guint n_squares = self->geometry.files * self->geometry.ranks;
  g_autoptr(GString) text = g_string_new (NULL);
  guint counts[2 * (CATUR_HAND_MAX_KIND + 1) + 2] = { 0 };
  guint max_kind = 0;

  for (guint sq = 0; sq < n_squares; sq++)
    {
      CaturPiece piece;

      if (!_catur_board_view_get_piece (self, sq, &piece) || piece.side != side
          || (piece.flags & CATUR_PIECE_FACE_DOWN) || piece.kind > CATUR_HAND_MAX_KIND)
        continue;
      counts[piece.kind * 2 + ((piece.flags & CATUR_PIECE_PROMOTED) ? 1 : 0)]++;
      max_kind = MAX (max_kind, piece.kind);
    }
  for (guint i = 0; i < self->n_hand_kinds; i++)
    {
      guint kind = self->hand_kinds[i];

      counts[kind * 2] += catur_variant_hand_count (self->variant, shown (self), side, kind);
      max_kind = MAX (max_kind, kind);
    }

  for (guint key = 2; key <= max_kind * 2 + 1; key++)
    {
      CaturPiece piece = { key / 2, side, (key & 1) ? CATUR_PIECE_PROMOTED : 0 };
      g_autofree char *name = NULL;

      if (counts[key] == 0)
        continue;
      name = catur_variant_get_piece_name (self->variant, &piece);
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: how many pieces of a kind, e.g. "Chariot × 2" */
      g_string_append_printf (text, _("%s × %u"), name, counts[key]);
    }
  if (text->len == 0)
    /* Translators: a side without pieces, e.g. "Black: no pieces" */
    return g_strdup_printf (_("%s: no pieces"), side_name (self, side));
  /* Translators: a side's pieces, e.g. "Red: General × 1, Chariot × 2" */
  return g_strdup_printf (_("%s: %s"), side_name (self, side), text->str);
}

static char *
material (CaturBoardView *self)
{
  guint n_squares = self->geometry.files * self->geometry.ranks;
  g_autofree char *first = material_of (self, CATUR_SIDE_FIRST);
  g_autofree char *second = material_of (self, CATUR_SIDE_SECOND);
  guint face_down = 0;

  for (guint sq = 0; sq < n_squares; sq++)
    {
      CaturPiece piece;

      if (_catur_board_view_get_piece (self, sq, &piece) && (piece.flags & CATUR_PIECE_FACE_DOWN))
        face_down++;
    }
  if (face_down > 0)
    /* Translators: both sides' pieces and the face-down ones, e.g.
     * "Red: Chariot × 1. Black: Cannon × 2. Face-down pieces: 28." */
    return g_strdup_printf (_("%s. %s. Face-down pieces: %u."), first, second, face_down);
  /* Translators: both sides' pieces, e.g.
   * "Red: General × 1, Chariot × 2. Black: General × 1." */
  return g_strdup_printf (_("%s. %s."), first, second);
}

/* Both players' clocks, the player to move first: on a game clock, what each has left for
 * the rest of the game. */
static char *
both_clocks (CaturBoardView *self,
             CaturClock     *clock)
{
  CaturSide first = catur_game_get_side_to_move (self->game);
  CaturSide second = first == CATUR_SIDE_SECOND ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
  g_autofree char *mine = catur_clock_describe (clock, first);
  g_autofree char *theirs = catur_clock_describe (clock, second);

  /* Translators: both clocks, the player to move first, e.g.
   * "White: 4 minutes 30 seconds left. Black: 5 minutes left." */
  return g_strdup_printf (_("%s: %s. %s: %s."), catur_game_get_side_name (self->game, first),
                          mine, catur_game_get_side_name (self->game, second), theirs);
}

/* The time left: for the move in a game with a time a move, else on both game clocks. */
char *
_catur_board_view_time_left (CaturBoardView *self)
{
  int remaining = self->clock != NULL ? catur_move_clock_get_remaining (self->clock) : -1;
  CaturClock *clock = self->game != NULL ? catur_game_get_clock (self->game) : NULL;
  CaturSide side;

  if (clock != NULL && catur_clock_is_timed (clock)
      && catur_clock_get_control (clock)->kind != CATUR_CLOCK_PER_MOVE)
    return both_clocks (self, clock);
  if (self->game == NULL || remaining < 0)
    return g_strdup (_("This game has no time limit."));
  side = catur_game_get_side_to_move (self->game);
  /* Translators: the time left for the move, e.g. "Red has 0:27 left for this move." */
  return g_strdup_printf (_("%s has %d:%02d left for this move."),
                          catur_game_get_side_name (self->game, side), remaining / 60,
                          remaining % 60);
}

/* Answers the question asked by @keyval, if it is one. */
gboolean
_catur_board_view_answer (CaturBoardView *self,
                          guint           keyval)
{
  g_autofree char *answer = NULL;

  switch (keyval)
    {
    case GDK_KEY_l:
      answer = _catur_board_view_last_move (self);
      break;
    case GDK_KEY_t:
      answer = _catur_board_view_turn (self);
      break;
    case GDK_KEY_p:
      answer = pieces_of_kind (self);
      break;
    case GDK_KEY_a:
      answer = attackers (self);
      break;
    case GDK_KEY_m:
      answer = material (self);
      break;
    case GDK_KEY_c:
      answer = _catur_board_view_time_left (self);
      break;
    case GDK_KEY_v:
      answer = _catur_board_view_describe_legal_moves (self);
      break;
    default:
      return FALSE;
    }
  _catur_board_view_announce (self, answer);
  return TRUE;
}
