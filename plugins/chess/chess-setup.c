/* chess-setup.c: chess positions set up by hand (the position editor's side of the contract)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The editor puts pieces down one at a time, so the position passes through states no game
 * reaches (no king, a pawn on a back rank): the core's set-up functions keep its bitboards,
 * kings and key right through them, and ch_position_problem(), which the FEN reader asks too,
 * says what is still wrong.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "chess-variant.h"

enum
{
  FIELD_TURN,
  FIELD_CASTLE_WK,
  FIELD_CASTLE_WQ,
  FIELD_CASTLE_BK,
  FIELD_CASTLE_BQ,
  FIELD_EN_PASSANT,
};

static const guint8 castle_bits[] = { CH_CASTLE_WK, CH_CASTLE_WQ, CH_CASTLE_BK, CH_CASTLE_BQ };

static const CaturPiece setup_pieces[] = {
  { CH_KING, CATUR_SIDE_FIRST, 0 }, { CH_QUEEN, CATUR_SIDE_FIRST, 0 },
  { CH_ROOK, CATUR_SIDE_FIRST, 0 }, { CH_BISHOP, CATUR_SIDE_FIRST, 0 },
  { CH_KNIGHT, CATUR_SIDE_FIRST, 0 }, { CH_PAWN, CATUR_SIDE_FIRST, 0 },
  { CH_KING, CATUR_SIDE_SECOND, 0 }, { CH_QUEEN, CATUR_SIDE_SECOND, 0 },
  { CH_ROOK, CATUR_SIDE_SECOND, 0 }, { CH_BISHOP, CATUR_SIDE_SECOND, 0 },
  { CH_KNIGHT, CATUR_SIDE_SECOND, 0 }, { CH_PAWN, CATUR_SIDE_SECOND, 0 },
};

static const CaturPiece *
chess_setup_list_pieces (CaturVariant *variant,
                         guint        *n_pieces)
{
  *n_pieces = G_N_ELEMENTS (setup_pieces);
  return setup_pieces;
}

static gboolean
chess_setup_set_piece (CaturVariant     *variant,
                       CaturPosition    *position,
                       CaturSquare       square,
                       const CaturPiece *piece)
{
  ChessPosition *pos = CH_MUTABLE (position);

  if (piece != NULL && (piece->kind < CH_PAWN || piece->kind > CH_KING || piece->flags != 0
                        || piece->side > CATUR_SIDE_SECOND))
    return FALSE;
  if (piece == NULL)
    ch_put_piece (pos, square, CH_NONE, CH_WHITE);
  else
    ch_put_piece (pos, square, piece->kind,
                  piece->side == CATUR_SIDE_FIRST ? CH_WHITE : CH_BLACK);
  ch_position_finish_setup (pos);
  return TRUE;
}

/* The en-passant field's choices: none, then the squares behind a Black pawn's double step
 * (White to move takes on the sixth rank) and a White pawn's (the third). */
static CaturSetupChoice en_passant_choices[17];

static const CaturPositionField *
chess_setup_list_fields (CaturVariant *variant,
                         guint        *n_fields)
{
  static CaturSetupChoice turn_choices[2];
  static CaturPositionField fields[6];
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      static const char *squares[16] = { NULL };

      turn_choices[0] = (CaturSetupChoice) { "white", _("White to move") };
      turn_choices[1] = (CaturSetupChoice) { "black", _("Black to move") };
      en_passant_choices[0] = (CaturSetupChoice) { "-", C_("en passant", "None") };
      for (int i = 0; i < 16; i++)
        {
          char name[4];

          ch_square_name (i < 8 ? CH_SQ (i, 5) : CH_SQ (i - 8, 2), name);
          squares[i] = g_intern_string (name);
          en_passant_choices[i + 1] = (CaturSetupChoice) { squares[i], squares[i] };
        }
      fields[FIELD_TURN] = (CaturPositionField) {
        "turn", _("Turn"), _("Side to move"), CATUR_POSITION_FIELD_CHOICE, turn_choices, 2, 0,
        { 0, 0, 0 },
      };
      fields[FIELD_CASTLE_WK] = (CaturPositionField) {
        "castle-white-king", _("Castling"), _("White may castle kingside (O-O)"),
        CATUR_POSITION_FIELD_TOGGLE, NULL, 0, 1, { 0, 0, 0 },
      };
      fields[FIELD_CASTLE_WQ] = (CaturPositionField) {
        "castle-white-queen", _("Castling"), _("White may castle queenside (O-O-O)"),
        CATUR_POSITION_FIELD_TOGGLE, NULL, 0, 1, { 0, 0, 0 },
      };
      fields[FIELD_CASTLE_BK] = (CaturPositionField) {
        "castle-black-king", _("Castling"), _("Black may castle kingside (O-O)"),
        CATUR_POSITION_FIELD_TOGGLE, NULL, 0, 1, { 0, 0, 0 },
      };
      fields[FIELD_CASTLE_BQ] = (CaturPositionField) {
        "castle-black-queen", _("Castling"), _("Black may castle queenside (O-O-O)"),
        CATUR_POSITION_FIELD_TOGGLE, NULL, 0, 1, { 0, 0, 0 },
      };
      fields[FIELD_EN_PASSANT] = (CaturPositionField) {
        "en-passant", _("En Passant"), _("En-passant square"), CATUR_POSITION_FIELD_CHOICE,
        en_passant_choices, G_N_ELEMENTS (en_passant_choices), 0, { 0, 0, 0 },
      };
      g_once_init_leave (&made, 1);
    }
  *n_fields = G_N_ELEMENTS (fields);
  return fields;
}

static guint
chess_setup_get_field (CaturVariant        *variant,
                       const CaturPosition *position,
                       guint                field)
{
  const ChessPosition *pos = CH (position);

  switch (field)
    {
    case FIELD_TURN:
      return pos->side == CH_WHITE ? 0 : 1;
    case FIELD_CASTLE_WK:
    case FIELD_CASTLE_WQ:
    case FIELD_CASTLE_BK:
    case FIELD_CASTLE_BQ:
      return (pos->castling & castle_bits[field - FIELD_CASTLE_WK]) != 0;
    case FIELD_EN_PASSANT:
      if (pos->ep == CH_NO_SQUARE)
        return 0;
      return CH_RANK (pos->ep) == 5 ? 1 + CH_FILE (pos->ep) : 9 + CH_FILE (pos->ep);
    default:
      return 0;
    }
}

static void
chess_setup_set_field (CaturVariant  *variant,
                       CaturPosition *position,
                       guint          field,
                       guint          value)
{
  ChessPosition *pos = CH_MUTABLE (position);

  switch (field)
    {
    case FIELD_TURN:
      pos->side = value == 0 ? CH_WHITE : CH_BLACK;
      break;
    case FIELD_CASTLE_WK:
    case FIELD_CASTLE_WQ:
    case FIELD_CASTLE_BK:
    case FIELD_CASTLE_BQ:
      if (value)
        pos->castling |= castle_bits[field - FIELD_CASTLE_WK];
      else
        pos->castling &= ~castle_bits[field - FIELD_CASTLE_WK];
      break;
    case FIELD_EN_PASSANT:
      if (value == 0)
        pos->ep = CH_NO_SQUARE;
      else
        pos->ep = value <= 8 ? CH_SQ (value - 1, 5) : CH_SQ (value - 9, 2);
      break;
    default:
      return;
    }
  ch_position_finish_setup (pos);
}

static char *
chess_setup_check_position (CaturVariant        *variant,
                            const CaturPosition *position)
{
  return ch_position_check (CH (position));
}

void
chess_variant_setup_iface_init (CaturVariantInterface *iface)
{
  iface->list_setup_pieces = chess_setup_list_pieces;
  iface->set_piece = chess_setup_set_piece;
  iface->list_position_fields = chess_setup_list_fields;
  iface->get_position_field = chess_setup_get_field;
  iface->set_position_field = chess_setup_set_field;
  iface->check_position = chess_setup_check_position;
}
