/* catur-board-view-a11y.c: what the board tells assistive technologies
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board is one grid for them: its label names the square or hand slot under the keyboard
 * cursor (or the piece picked up, or the board), its description whose turn it is or which
 * earlier position is shown. Every change of the cursor, the selection or the position updates
 * both.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-board-view-private.h"

/* A hand slot: whose hand, the kind and how many. */
static char *
describe_hand_slot (CaturBoardView *self,
                    CaturSquare     slot)
{
  CaturSide side = catur_square_hand_side (slot);
  CaturPiece piece = { catur_square_hand_kind (slot), side, 0 };
  const char *side_name = catur_variant_get_side_name (self->variant,
                                                       _catur_board_view_get_position (self),
                                                       side);
  guint count = catur_variant_hand_count (self->variant, _catur_board_view_get_position (self),
                                          side, piece.kind);
  g_autofree char *piece_name = catur_variant_get_piece_name (self->variant, &piece);

  if (count == 0)
    /* Translators: an empty place in a player's hand: the side and the piece kind,
     * e.g. "White’s hand: no Rook" */
    return g_strdup_printf (_("%s’s hand: no %s"), side_name, piece_name);
  /* Translators: pieces in a player's hand: the side, the piece kind and how many,
   * e.g. "White’s hand: Rook × 2" */
  return g_strdup_printf (_("%s’s hand: %s × %u"), side_name, piece_name, count);
}

static char *
describe_square (CaturBoardView *self,
                 CaturSquare     square)
{
  char name[8] = "";
  g_autofree char *piece_name = NULL;
  CaturPiece piece;

  if (catur_square_is_hand (square))
    return describe_hand_slot (self, square);

  catur_variant_square_name (self->variant, square, name);
  if (!_catur_board_view_get_piece (self, square, &piece))
    /* Translators: a square of the board with nothing on it, e.g. "e5: empty" */
    return g_strdup_printf (_("%s: empty"), name);
  if (piece.flags & CATUR_PIECE_FACE_DOWN)
    /* Translators: a square with a piece lying face down, e.g. "a1: face-down piece" */
    return g_strdup_printf (_("%s: face-down piece"), name);

  /* Translators: a square and its piece: square name, side name and piece name,
   * e.g. "e2: Red Cannon" */
  piece_name = catur_variant_get_piece_name (self->variant, &piece);
  return g_strdup_printf (_("%s: %s %s"), name,
                          catur_variant_get_side_name (self->variant,
                                                       _catur_board_view_get_position (self),
                                                       piece.side),
                          piece_name);
}

void
_catur_board_view_update_accessible (CaturBoardView *self)
{
  CaturSquare selected = catur_selection_get_selected (self->selection);
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;

  if (self->game == NULL)
    label = g_strdup (_("Board"));
  else if (self->cursor_visible && self->cursor != CATUR_SQUARE_NONE)
    {
      g_autofree char *square = describe_square (self, self->cursor);

      if (self->cursor == selected)
        /* Translators: the keyboard cursor is on the selected piece,
         * e.g. "e2: Red Cannon, selected" */
        label = g_strdup_printf (_("%s, selected"), square);
      else
        label = g_steal_pointer (&square);
    }
  else if (selected != CATUR_SQUARE_NONE)
    {
      g_autofree char *square = describe_square (self, selected);

      /* Translators: the piece the player picked up, e.g. "Selected e2: Red Cannon" */
      label = g_strdup_printf (_("Selected %s"), square);
    }
  else
    /* Translators: the board of a game, e.g. "Xiangqi board" */
    label = g_strdup_printf (_("%s board"), catur_variant_get_name (self->variant));

  if (self->game != NULL && catur_game_is_reviewing (self->game))
    /* Translators: the board shows an earlier position, e.g. "Move 5 of 12, read-only" */
    description = g_strdup_printf (_("Move %u of %u, read-only"),
                                   catur_game_get_view_ply (self->game),
                                   catur_game_get_n_plies (self->game));
  else if (self->game != NULL && !catur_game_is_over (self->game))
    {
      CaturSide side = catur_game_get_side_to_move (self->game);

      /* Translators: whose turn it is, e.g. "Red to move" */
      description = g_strdup_printf (_("%s to move"),
                                     catur_game_get_side_name (self->game, side));
    }

  g_free (self->accessible_label);
  self->accessible_label = g_steal_pointer (&label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, self->accessible_label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);
}
