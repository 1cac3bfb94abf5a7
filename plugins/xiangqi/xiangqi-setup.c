/* xiangqi-setup.c: Xiangqi positions set up by hand (the position editor's side of the
 * contract)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The editor puts pieces down one at a time; the core's set-up function keeps the generals'
 * points and the key right through positions no game reaches, and xq_position_problem(),
 * which the FEN reader asks too, says what is still wrong with one.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "xiangqi-variant.h"

static const CaturPiece setup_pieces[] = {
  { XQ_KING, CATUR_SIDE_FIRST, 0 }, { XQ_ADVISOR, CATUR_SIDE_FIRST, 0 },
  { XQ_ELEPHANT, CATUR_SIDE_FIRST, 0 }, { XQ_HORSE, CATUR_SIDE_FIRST, 0 },
  { XQ_CHARIOT, CATUR_SIDE_FIRST, 0 }, { XQ_CANNON, CATUR_SIDE_FIRST, 0 },
  { XQ_PAWN, CATUR_SIDE_FIRST, 0 },
  { XQ_KING, CATUR_SIDE_SECOND, 0 }, { XQ_ADVISOR, CATUR_SIDE_SECOND, 0 },
  { XQ_ELEPHANT, CATUR_SIDE_SECOND, 0 }, { XQ_HORSE, CATUR_SIDE_SECOND, 0 },
  { XQ_CHARIOT, CATUR_SIDE_SECOND, 0 }, { XQ_CANNON, CATUR_SIDE_SECOND, 0 },
  { XQ_PAWN, CATUR_SIDE_SECOND, 0 },
};

static const CaturPiece *
xiangqi_setup_list_pieces (CaturVariant *variant,
                           guint        *n_pieces)
{
  *n_pieces = G_N_ELEMENTS (setup_pieces);
  return setup_pieces;
}

static gboolean
xiangqi_setup_set_piece (CaturVariant     *variant,
                         CaturPosition    *position,
                         CaturSquare       square,
                         const CaturPiece *piece)
{
  if (piece != NULL && (piece->kind < XQ_KING || piece->kind > XQ_PAWN || piece->flags != 0
                        || piece->side > CATUR_SIDE_SECOND))
    return FALSE;
  xq_put_piece (XQ_MUTABLE (position), square, piece != NULL ? piece->kind : XQ_NONE,
                piece != NULL && piece->side == CATUR_SIDE_SECOND ? XQ_BLACK : XQ_RED);
  return TRUE;
}

static const CaturPositionField *
xiangqi_setup_list_fields (CaturVariant *variant,
                           guint        *n_fields)
{
  static CaturSetupChoice turn_choices[2];
  static CaturPositionField fields[1];
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      turn_choices[0] = (CaturSetupChoice) { "red", _("Red to move") };
      turn_choices[1] = (CaturSetupChoice) { "black", _("Black to move") };
      fields[0] = (CaturPositionField) {
        "turn", _("Turn"), _("Side to move"), CATUR_POSITION_FIELD_CHOICE, turn_choices, 2, 0,
        { 0, 0, 0 },
      };
      g_once_init_leave (&made, 1);
    }
  *n_fields = G_N_ELEMENTS (fields);
  return fields;
}

static guint
xiangqi_setup_get_field (CaturVariant        *variant,
                         const CaturPosition *position,
                         guint                field)
{
  return XQ (position)->side == XQ_RED ? 0 : 1;
}

static void
xiangqi_setup_set_field (CaturVariant  *variant,
                         CaturPosition *position,
                         guint          field,
                         guint          value)
{
  XqPosition *pos = XQ_MUTABLE (position);

  pos->side = value == 0 ? XQ_RED : XQ_BLACK;
  pos->key = xq_position_compute_key (pos);
}

static char *
xiangqi_setup_check_position (CaturVariant        *variant,
                              const CaturPosition *position)
{
  return xq_position_problem (XQ (position));
}

void
xiangqi_variant_setup_iface_init (CaturVariantInterface *iface)
{
  iface->list_setup_pieces = xiangqi_setup_list_pieces;
  iface->set_piece = xiangqi_setup_set_piece;
  iface->list_position_fields = xiangqi_setup_list_fields;
  iface->get_position_field = xiangqi_setup_get_field;
  iface->set_position_field = xiangqi_setup_set_field;
  iface->check_position = xiangqi_setup_check_position;
}
