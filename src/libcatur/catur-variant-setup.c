/* catur-variant-setup.c: the variant contract's position editing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The position editor of the shell knows no game: it asks the variant which pieces it may put
 * down, what else a position holds (side to move, castling, hands, the face-down pool) and why
 * a position set up cannot be played. The reasons are the ones the game's position text reader
 * gives, so that a position refused in the editor is refused as text too.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include "catur.h"
#include "catur-variant-private.h"

#define IFACE(self) CATUR_VARIANT_IFACE (self)

/**
 * catur_variant_can_set_up:
 *
 * Returns: whether the game lets a player set up a position (list_setup_pieces and set_piece)
 */
gboolean
catur_variant_can_set_up (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);

  return IFACE (self)->list_setup_pieces != NULL && IFACE (self)->set_piece != NULL;
}

/**
 * catur_variant_list_setup_pieces:
 * @n_pieces: (out): their number
 *
 * Returns: (transfer none) (nullable): the pieces of the editor's palette; %NULL (and 0) for a
 *   game that cannot be set up
 */
const CaturPiece *
catur_variant_list_setup_pieces (CaturVariant *self,
                                 guint        *n_pieces)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (n_pieces != NULL, NULL);

  *n_pieces = 0;
  if (!catur_variant_can_set_up (self))
    return NULL;
  return IFACE (self)->list_setup_pieces (self, n_pieces);
}

/**
 * catur_variant_set_piece:
 * @square: a board square
 * @piece: (nullable): a piece of catur_variant_list_setup_pieces(), or %NULL to empty the square
 *
 * Puts @piece on @square of @position, which may become a position that cannot be played
 * (catur_variant_check_position()).
 *
 * Returns: %FALSE when the game cannot set up positions or @piece never stands there
 */
gboolean
catur_variant_set_piece (CaturVariant     *self,
                         CaturPosition    *position,
                         CaturSquare       square,
                         const CaturPiece *piece)
{
  CaturGeometry geometry;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL && position->variant == self, FALSE);

  catur_variant_get_geometry (self, &geometry);
  if (!catur_variant_can_set_up (self) || square >= geometry.files * geometry.ranks)
    return FALSE;
  return IFACE (self)->set_piece (self, position, square, piece);
}

/**
 * catur_variant_list_position_fields:
 * @n_fields: (out): their number
 *
 * Returns: (transfer none) (nullable): what a set-up position holds besides its board
 */
const CaturPositionField *
catur_variant_list_position_fields (CaturVariant *self,
                                    guint        *n_fields)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (n_fields != NULL, NULL);

  *n_fields = 0;
  if (IFACE (self)->list_position_fields == NULL || IFACE (self)->get_position_field == NULL
      || IFACE (self)->set_position_field == NULL)
    return NULL;
  return IFACE (self)->list_position_fields (self, n_fields);
}

/**
 * catur_variant_get_position_field:
 * @field: an index of catur_variant_list_position_fields()
 *
 * Returns: the field's value in @position
 */
guint
catur_variant_get_position_field (CaturVariant        *self,
                                  const CaturPosition *position,
                                  guint                field)
{
  guint n_fields;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), 0);
  g_return_val_if_fail (position != NULL && position->variant == self, 0);

  if (catur_variant_list_position_fields (self, &n_fields) == NULL || field >= n_fields)
    return 0;
  return IFACE (self)->get_position_field (self, position, field);
}

/**
 * catur_variant_set_position_field:
 * @field: an index of catur_variant_list_position_fields()
 * @value: its new value: a choice's index, 0 or 1 for a toggle, a count up to the field's max
 *
 * Sets a field of @position; a value out of the field's range is ignored.
 */
void
catur_variant_set_position_field (CaturVariant  *self,
                                  CaturPosition *position,
                                  guint          field,
                                  guint          value)
{
  const CaturPositionField *fields;
  guint n_fields, most;

  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (position != NULL && position->variant == self);

  fields = catur_variant_list_position_fields (self, &n_fields);
  if (fields == NULL || field >= n_fields)
    return;
  switch (fields[field].type)
    {
    case CATUR_POSITION_FIELD_CHOICE:
      most = fields[field].n_choices > 0 ? fields[field].n_choices - 1 : 0;
      break;
    case CATUR_POSITION_FIELD_TOGGLE:
      most = 1;
      break;
    case CATUR_POSITION_FIELD_COUNT:
    default:
      most = fields[field].max;
      break;
    }
  if (value > most)
    return;
  IFACE (self)->set_position_field (self, position, field, value);
}

/**
 * catur_variant_check_position:
 *
 * Returns: (transfer full) (nullable): why @position cannot be played, translated, or %NULL
 *   when it can (see check_position in #CaturVariantInterface)
 */
char *
catur_variant_check_position (CaturVariant        *self,
                              const CaturPosition *position)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL && position->variant == self, NULL);

  if (IFACE (self)->check_position == NULL)
    return NULL;
  return IFACE (self)->check_position (self, position);
}
