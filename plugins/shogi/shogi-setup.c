/* shogi-setup.c: Shogi positions set up by hand (the position editor's side of the contract)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The editor puts pieces down one at a time and sets each hand's counts; the core's set-up
 * functions keep the kings, the pawn files and the key right, and sg_position_problem(),
 * which the SFEN reader asks too, says what is still wrong: a piece that could never move,
 * nifu, more pieces than a set has, the side not to move in check. A position without kings
 * is allowed, as tsume problems have them.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "shogi-variant.h"

/* The most of each kind one side may hold in hand: the whole set's. */
static const guint8 hand_most[SG_PAWN + 1] = { 0, 0, 2, 2, 4, 4, 4, 4, 18 };

#define PIECES_OF(side) \
  { SG_KING, side, 0 }, { SG_ROOK, side, 0 }, { SG_BISHOP, side, 0 }, { SG_GOLD, side, 0 }, \
  { SG_SILVER, side, 0 }, { SG_KNIGHT, side, 0 }, { SG_LANCE, side, 0 }, \
  { SG_PAWN, side, 0 }, { SG_DRAGON, side, CATUR_PIECE_PROMOTED }, \
  { SG_HORSE, side, CATUR_PIECE_PROMOTED }, { SG_PSILVER, side, CATUR_PIECE_PROMOTED }, \
  { SG_PKNIGHT, side, CATUR_PIECE_PROMOTED }, { SG_PLANCE, side, CATUR_PIECE_PROMOTED }, \
  { SG_TOKIN, side, CATUR_PIECE_PROMOTED }

static const CaturPiece setup_pieces[] = {
  PIECES_OF (CATUR_SIDE_FIRST),
  PIECES_OF (CATUR_SIDE_SECOND),
};

static const CaturPiece *
shogi_setup_list_pieces (CaturVariant *variant,
                         guint        *n_pieces)
{
  *n_pieces = G_N_ELEMENTS (setup_pieces);
  return setup_pieces;
}

static gboolean
shogi_setup_set_piece (CaturVariant     *variant,
                       CaturPosition    *position,
                       CaturSquare       square,
                       const CaturPiece *piece)
{
  int side;

  if (piece == NULL)
    {
      sg_put_piece (SG_MUTABLE (position), square, SG_NONE, SG_SENTE);
      return TRUE;
    }
  if (piece->kind <= SG_NONE || piece->kind >= SG_N_KINDS || piece->kind == SG_PROMOTED (SG_GOLD)
      || piece->side > CATUR_SIDE_SECOND)
    return FALSE;
  side = piece->side == CATUR_SIDE_SECOND ? SG_GOTE : SG_SENTE;
  sg_put_piece (SG_MUTABLE (position), square, piece->kind, side);
  return TRUE;
}

/* The side to move, then Sente's hand and Gote's, each in the order the hands show. */
#define N_FIELDS (1 + 2 * SG_HAND_KINDS)

static const CaturPositionField *
shogi_setup_list_fields (CaturVariant *variant,
                         guint        *n_fields)
{
  static CaturSetupChoice turn_choices[2];
  static CaturPositionField fields[N_FIELDS];
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      turn_choices[0] = (CaturSetupChoice) { "sente", _("Sente to move") };
      turn_choices[1] = (CaturSetupChoice) { "gote", _("Gote to move") };
      fields[0] = (CaturPositionField) {
        "turn", _("Turn"), _("Side to move"), CATUR_POSITION_FIELD_CHOICE, turn_choices, 2, 0,
        { 0, 0, 0 },
      };
      for (int side = 0; side < 2; side++)
        for (int i = 0; i < SG_HAND_KINDS; i++)
          {
            int kind = sg_hand_order[i];
            CaturPiece piece = { kind, side == SG_SENTE ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND,
                                 0 };
            g_autofree char *id = g_strdup_printf ("hand-%s-%d", side == SG_SENTE ? "sente"
                                                                                : "gote", kind);
            g_autofree char *name = catur_variant_get_piece_name (variant, &piece);

            fields[1 + side * SG_HAND_KINDS + i] = (CaturPositionField) {
              g_intern_string (id),
              side == SG_SENTE ? _("Sente’s Hand") : _("Gote’s Hand"),
              g_intern_string (name), CATUR_POSITION_FIELD_COUNT, NULL, 0, hand_most[kind],
              piece,
            };
          }
      g_once_init_leave (&made, 1);
    }
  *n_fields = N_FIELDS;
  return fields;
}

static guint
shogi_setup_get_field (CaturVariant        *variant,
                       const CaturPosition *position,
                       guint                field)
{
  const SgPosition *pos = SG (position);

  if (field == 0)
    return pos->side == SG_SENTE ? 0 : 1;
  field--;
  return pos->hand[field / SG_HAND_KINDS][sg_hand_order[field % SG_HAND_KINDS]];
}

static void
shogi_setup_set_field (CaturVariant  *variant,
                       CaturPosition *position,
                       guint          field,
                       guint          value)
{
  SgPosition *pos = SG_MUTABLE (position);

  if (field == 0)
    {
      pos->side = value == 0 ? SG_SENTE : SG_GOTE;
      pos->key = sg_position_compute_key (pos);
      return;
    }
  field--;
  sg_set_hand (pos, field / SG_HAND_KINDS, sg_hand_order[field % SG_HAND_KINDS], value);
}

static char *
shogi_setup_check_position (CaturVariant        *variant,
                            const CaturPosition *position)
{
  int field;

  return sg_position_problem (SG (position), &field);
}

void
shogi_variant_setup_iface_init (CaturVariantInterface *iface)
{
  iface->list_setup_pieces = shogi_setup_list_pieces;
  iface->set_piece = shogi_setup_set_piece;
  iface->list_position_fields = shogi_setup_list_fields;
  iface->get_position_field = shogi_setup_get_field;
  iface->set_position_field = shogi_setup_set_field;
  iface->check_position = shogi_setup_check_position;
}
