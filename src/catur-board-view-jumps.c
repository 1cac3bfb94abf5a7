/* catur-board-view-jumps.c: the cursor sent far by key, and what the selected piece may do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * - A square's name typed on the board (`e2`, Shogi's `7g`) sends the cursor there as soon as
 *   the name is whole. The names are the variant's (catur_variant_square_name()), so a game's
 *   own style holds: letters then digits, digits then letters, a rank of two digits (the
 *   cursor waits for the second while a longer name may follow, a moment at most). A letter
 *   that begins a name and also asks a question (`a`, `c`) asks it when no rank follows.
 * - Shift and a piece's letter (`E`, `H`, `P`) sends it to the next piece with that letter, in
 *   reading order as the board is shown, either side's: the file `e` and the Elephant `E` do
 *   not collide.
 * - Control and an arrow sends it to the board's edge that way.
 * - `v` says where the selected piece (else the piece under the cursor) may go.
 * The focus follows the cursor's cell, so the screen reader reads the cell after a jump.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "catur-board-view-private.h"

/* How long a name begun waits for its next character. */
#define TYPING_TIMEOUT_MS 1000

static guint
n_board_squares (CaturBoardView *self)
{
  return self->geometry.files * self->geometry.ranks;
}

static void
move_cursor (CaturBoardView *self,
             CaturSquare     square)
{
  self->cursor = square;
  _catur_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The square called @typed, and whether a longer name begins with it. */
static CaturSquare
match_name (CaturBoardView *self,
            const char     *typed,
            gboolean       *longer)
{
  CaturSquare exact = CATUR_SQUARE_NONE;
  gsize length = strlen (typed);

  *longer = FALSE;
  for (guint sq = 0; sq < n_board_squares (self); sq++)
    {
      char name[8] = "";

      catur_variant_square_name (self->variant, sq, name);
      if (g_ascii_strncasecmp (name, typed, length) != 0)
        continue;
      if (strlen (name) == length)
        exact = sq;
      else
        *longer = TRUE;
    }
  return exact;
}

void
_catur_board_view_forget_typed (CaturBoardView *self)
{
  g_clear_handle_id (&self->typed_timeout, g_source_remove);
  if (self->typed != NULL)
    g_string_truncate (self->typed, 0);
}

/* What was typed and is no name yet means what it would alone: the square it names, or the
 * question of its one letter. */
static void
settle_typed (CaturBoardView *self)
{
  g_autofree char *typed = g_strdup (self->typed != NULL ? self->typed->str : "");
  gboolean longer;
  CaturSquare square;

  _catur_board_view_forget_typed (self);
  if (*typed == '\0' || self->game == NULL)
    return;
  square = match_name (self, typed, &longer);
  if (square != CATUR_SQUARE_NONE)
    move_cursor (self, square);
  else if (strlen (typed) == 1)
    _catur_board_view_answer (self, gdk_unicode_to_keyval ((guchar) typed[0]));
}

static gboolean
typed_timeout_cb (gpointer data)
{
  CaturBoardView *self = data;

  self->typed_timeout = 0;
  settle_typed (self);
  return G_SOURCE_REMOVE;
}


/* A letter or digit typed on the board: part of a square's name, or %FALSE when it begins
 * none (what was typed before is settled first). */
gboolean
_catur_board_view_type_name (CaturBoardView *self,
                             guint           keyval)
{
  gunichar c = gdk_keyval_to_unicode (keyval);
  g_autofree char *candidate = NULL;
  gboolean longer;
  CaturSquare square;

  /* A modifier pressed alone (Shift before a letter) leaves a name begun as it is. */
  if (keyval >= GDK_KEY_Shift_L && keyval <= GDK_KEY_Hyper_R)
    return FALSE;
  if (c == 0 || c > 127 || !(g_ascii_islower (c) || g_ascii_isdigit (c)))
    {
      settle_typed (self);
      return FALSE;
    }
  if (self->typed == NULL)
    self->typed = g_string_new (NULL);

  candidate = g_strdup_printf ("%s%c", self->typed->str, (char) c);
  square = match_name (self, candidate, &longer);
  if (square == CATUR_SQUARE_NONE && !longer)
    {
      if (self->typed->len == 0)
        return FALSE;
      settle_typed (self);
      return _catur_board_view_type_name (self, keyval);
    }

  g_clear_handle_id (&self->typed_timeout, g_source_remove);
  if (square != CATUR_SQUARE_NONE && !longer)
    {
      g_string_truncate (self->typed, 0);
      move_cursor (self, square);
      return TRUE;
    }
  g_string_assign (self->typed, candidate);
  self->typed_timeout = g_timeout_add (TYPING_TIMEOUT_MS, typed_timeout_cb, self);
  return TRUE;
}

/* Shift and a letter: the next piece, after the cursor in reading order as shown, whose letters
 * end in that letter (either case, either side; Shogi's `+P` is a `P`). */
gboolean
_catur_board_view_jump_to_piece (CaturBoardView *self,
                                 guint           keyval)
{
  gunichar c = gdk_keyval_to_unicode (keyval);
  int columns, rows, start = -1, n;
  CaturBoardLayout layout = self->layout;

  if (c == 0 || c > 127 || !g_ascii_isupper (c))
    return FALSE;
  _catur_board_view_forget_typed (self);

  layout.files = self->geometry.files;
  layout.ranks = self->geometry.ranks;
  layout.flipped = self->flipped;
  columns = catur_board_layout_get_columns (&layout);
  rows = catur_board_layout_get_rows (&layout);
  n = columns * rows;
  if (_catur_board_view_is_square (self, self->cursor) && !catur_square_is_hand (self->cursor))
    {
      int column, row;

      catur_board_layout_square_cell (&layout, self->cursor, &column, &row);
      start = row * columns + column;
    }
  for (int step = 1; step <= n; step++)
    {
      int cell = (start + step + n) % n;
      CaturSquare square = _catur_board_view_screen_to_square (self, cell % columns,
                                                                cell / columns);
      g_autofree char *letters = NULL;
      CaturPiece piece;
      gsize length;

      if (square == CATUR_SQUARE_NONE || !_catur_board_view_get_piece (self, square, &piece)
          || (piece.flags & CATUR_PIECE_FACE_DOWN))
        continue;
      letters = catur_variant_get_piece_letter (self->variant, &piece);
      length = letters != NULL ? strlen (letters) : 0;
      if (length > 0 && g_ascii_toupper (letters[length - 1]) == (char) c)
        {
          move_cursor (self, square);
          return TRUE;
        }
    }
  {
    char letter[2] = { (char) c, '\0' };
    g_autofree char *answer = NULL;

    /* Translators: Shift and a letter found no piece, e.g. "No piece with the letter E on the
     * board." */
    answer = g_strdup_printf (_("No piece with the letter %s on the board."), letter);
    _catur_board_view_announce (self, answer);
  }
  return TRUE;
}

/* Control and an arrow: the cursor to the board's edge that way. */
gboolean
_catur_board_view_jump_to_edge (CaturBoardView *self,
                                int             dx,
                                int             dy)
{
  CaturBoardLayout layout = self->layout;
  int column, row;

  _catur_board_view_forget_typed (self);
  if (!_catur_board_view_is_square (self, self->cursor) || catur_square_is_hand (self->cursor))
    return FALSE;
  layout.files = self->geometry.files;
  layout.ranks = self->geometry.ranks;
  layout.flipped = self->flipped;
  catur_board_layout_square_cell (&layout, self->cursor, &column, &row);
  while (_catur_board_view_screen_to_square (self, column + dx, row + dy) != CATUR_SQUARE_NONE)
    {
      column += dx;
      row += dy;
    }
  move_cursor (self, _catur_board_view_screen_to_square (self, column, row));
  return TRUE;
}

/* "Red Horse on b0: a2, c2." */
char *
_catur_board_view_describe_legal_moves (CaturBoardView *self)
{
  CaturSquare from = catur_selection_get_selected (self->selection);
  const CaturPosition *position = _catur_board_view_get_position (self);
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GString) targets = g_string_new (NULL);
  g_autofree char *where = NULL;
  g_autofree char *who = NULL;
  gboolean flips = FALSE;
  gboolean to[256] = { FALSE };
  CaturPiece piece;

  if (from == CATUR_SQUARE_NONE)
    from = self->cursor;
  if (!_catur_board_view_is_square (self, from))
    return g_strdup (_("No piece is selected."));
  if (catur_square_is_hand (from))
    {
      piece.kind = catur_square_hand_kind (from);
      piece.side = catur_square_hand_side (from);
      piece.flags = 0;
      if (catur_variant_hand_count (self->variant, position, piece.side, piece.kind) == 0)
        return _catur_board_view_describe_square (self, from);
      who = catur_variant_describe_piece (self->variant, position, &piece);
      /* Translators: a piece in hand whose moves are listed, e.g. "Black Silver in hand" */
      where = g_strdup_printf (_("%s in hand"), who);
    }
  else
    {
      char name[8] = "";

      if (!_catur_board_view_get_piece (self, from, &piece))
        return _catur_board_view_describe_square (self, from);
      catur_variant_square_name (self->variant, from, name);
      if (piece.flags & CATUR_PIECE_FACE_DOWN)
        who = g_strdup (_("Face-down piece"));
      else
        who = catur_variant_describe_piece (self->variant, position, &piece);
      /* Translators: a piece and where it stands, e.g. "Red Cannon on h2" */
      where = g_strdup_printf (_("%s on %s"), who, name);
    }

  if (!catur_game_is_reviewing (self->game))
    moves = catur_variant_legal_moves_from (self->variant, position, from);
  /* Each square once (a promotion or not is the same square), in the board's order. */
  for (guint i = 0; moves != NULL && i < moves->len; i++)
    {
      CaturMove *move = &g_array_index (moves, CaturMove, i);

      if (move->flags & CATUR_MOVE_FLIP)
        flips = TRUE;
      else if (_catur_board_view_is_square (self, move->to) && !catur_square_is_hand (move->to))
        to[move->to] = TRUE;
    }
  for (guint sq = 0; sq < n_board_squares (self); sq++)
    {
      char name[8] = "";

      if (!to[sq])
        continue;
      catur_variant_square_name (self->variant, sq, name);
      if (targets->len > 0)
        g_string_append (targets, ", ");
      g_string_append (targets, name);
    }
  if (targets->len > 0)
    /* Translators: where a piece may go, e.g. "Red Horse on b0: a2, c2." */
    return g_strdup_printf (_("%s: %s."), where, targets->str);
  if (flips)
    /* Translators: a face-down piece that may be turned over, e.g. "Face-down piece on b3:
     * may be turned over." */
    return g_strdup_printf (_("%s: may be turned over."), where);
  /* Translators: a piece that cannot move now, e.g. "Red Advisor on d0: no legal move." */
  return g_strdup_printf (_("%s: no legal move."), where);
}
