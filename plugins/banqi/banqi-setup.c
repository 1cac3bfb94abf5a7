/* banqi-setup.c: Banqi positions set up by hand (the position editor's side of the contract)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A set-up position says which pieces lie face up where, which squares hold a face-down piece,
 * and the pool: how many of each kind lie face down, never which lies where (B2, B13). The
 * game deals the face-down squares from the pool when it starts. So that a player who only
 * puts pieces down gets a pool that fits, every change of the board keeps the pool within
 * what the set has left and as large as the face-down squares, taking from the kinds most
 * left; the player may then change the counts. bq_position_problem(), which the BFEN reader
 * asks too, says what is still wrong.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "banqi-variant.h"

static const guint8 full_set[BQ_N_KINDS] = BQ_FULL_SET;

#define FACE_UP(rank, colour) { BQ_KIND (rank, colour), CATUR_SIDE_NONE, 0 }
#define FACE_UP_OF(colour) \
  FACE_UP (BQ_GENERAL, colour), FACE_UP (BQ_ADVISOR, colour), FACE_UP (BQ_ELEPHANT, colour), \
  FACE_UP (BQ_CHARIOT, colour), FACE_UP (BQ_HORSE, colour), FACE_UP (BQ_CANNON, colour), \
  FACE_UP (BQ_SOLDIER, colour)

static const CaturPiece setup_pieces[] = {
  FACE_UP_OF (BQ_RED),
  FACE_UP_OF (BQ_BLACK),
  { 0, CATUR_SIDE_NONE, CATUR_PIECE_FACE_DOWN },
};

static const CaturPiece *
banqi_setup_list_pieces (CaturVariant *variant,
                         guint        *n_pieces)
{
  *n_pieces = G_N_ELEMENTS (setup_pieces);
  return setup_pieces;
}

/* What the set has left of @kind beside the face-up pieces, the pool aside. */
static int
left_of (const BqPosition *pos,
         int               kind)
{
  int left = full_set[kind];

  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (BQ_IS_FACE_UP (pos->cell[sq]) && BQ_CELL_KIND (pos->cell[sq]) == kind)
      left--;
  return left;
}

static void
fit_pool (BqPosition *pos)
{
  int face_down = 0, pooled = 0;

  for (int sq = 0; sq < BQ_SQUARES; sq++)
    face_down += BQ_IS_FACE_DOWN (pos->cell[sq]);
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    {
      int left = MAX (left_of (pos, kind), 0);

      if (pos->pool[kind] > left)
        pos->pool[kind] = left;
      pooled += pos->pool[kind];
    }
  while (pooled != face_down)
    {
      int best = BQ_NO_KIND, best_count = 0;

      for (int kind = 1; kind < BQ_N_KINDS; kind++)
        {
          int count = pooled > face_down ? pos->pool[kind] : left_of (pos, kind) - pos->pool[kind];

          if (count > best_count)
            {
              best = kind;
              best_count = count;
            }
        }
      if (best == BQ_NO_KIND)
        break;
      if (pooled > face_down)
        {
          pos->pool[best]--;
          pooled--;
        }
      else
        {
          pos->pool[best]++;
          pooled++;
        }
    }
}

static gboolean
banqi_setup_set_piece (CaturVariant     *variant,
                       CaturPosition    *position,
                       CaturSquare       square,
                       const CaturPiece *piece)
{
  BqPosition *pos = BQ (position);

  if (piece == NULL)
    pos->cell[square] = 0;
  else if (piece->flags == CATUR_PIECE_FACE_DOWN)
    pos->cell[square] = BQ_FACE_DOWN;
  else if (piece->flags == 0 && piece->kind > BQ_NO_KIND && piece->kind < BQ_N_KINDS)
    pos->cell[square] = piece->kind;
  else
    return FALSE;
  /* A chain of captures belongs to the game that was, not to the position set up. */
  pos->chain = 0;
  fit_pool (pos);
  return TRUE;
}

enum
{
  TURN_RED,
  TURN_BLACK,
  TURN_FIRST_FLIP,
};

#define N_FIELDS (1 + BQ_N_KINDS - 1)

static const CaturPositionField *
banqi_setup_list_fields (CaturVariant *variant,
                         guint        *n_fields)
{
  static CaturSetupChoice turn_choices[3];
  static CaturPositionField fields[N_FIELDS];
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      turn_choices[TURN_RED] = (CaturSetupChoice) { "red", _("Red to move") };
      turn_choices[TURN_BLACK] = (CaturSetupChoice) { "black", _("Black to move") };
      turn_choices[TURN_FIRST_FLIP] = (CaturSetupChoice) {
        "first", _("First flip (no colours yet)")
      };
      fields[0] = (CaturPositionField) {
        "turn", _("Turn"), _("Side to move"), CATUR_POSITION_FIELD_CHOICE, turn_choices, 3, 0,
        { 0, 0, 0 },
      };
      for (int kind = 1; kind < BQ_N_KINDS; kind++)
        {
          g_autofree char *id = g_strdup_printf ("pool-%c", BQ_LETTERS[kind]);

          fields[kind] = (CaturPositionField) {
            g_intern_string (id), _("Face-Down Pieces"), bq_kind_name (kind),
            CATUR_POSITION_FIELD_COUNT, NULL, 0, full_set[kind],
            { kind, CATUR_SIDE_NONE, 0 },
          };
        }
      g_once_init_leave (&made, 1);
    }
  *n_fields = N_FIELDS;
  return fields;
}

static guint
banqi_setup_get_field (CaturVariant        *variant,
                       const CaturPosition *position,
                       guint                field)
{
  const BqPosition *pos = BQ_CONST (position);

  if (field > 0)
    return pos->pool[field];
  if (pos->first_colour < 0)
    return TURN_FIRST_FLIP;
  return bq_colour_to_move (pos) == BQ_RED ? TURN_RED : TURN_BLACK;
}

static void
banqi_setup_set_field (CaturVariant  *variant,
                       CaturPosition *position,
                       guint          field,
                       guint          value)
{
  BqPosition *pos = BQ (position);

  if (field > 0)
    {
      pos->pool[field] = value;
      return;
    }
  if (value == TURN_FIRST_FLIP)
    {
      pos->first_colour = -1;
      pos->ply = 0;
      pos->quiet = 0;
      pos->side = 0;
    }
  else
    {
      int moving = value == TURN_RED ? BQ_RED : BQ_BLACK;

      pos->side = pos->ply % 2;
      pos->first_colour = pos->side == 0 ? moving : 1 - moving;
    }
}

static char *
banqi_setup_check_position (CaturVariant        *variant,
                            const CaturPosition *position)
{
  int field;

  return bq_position_problem (BQ_CONST (position), &field);
}

void
banqi_variant_setup_iface_init (CaturVariantInterface *iface)
{
  iface->list_setup_pieces = banqi_setup_list_pieces;
  iface->set_piece = banqi_setup_set_piece;
  iface->list_position_fields = banqi_setup_list_fields;
  iface->get_position_field = banqi_setup_get_field;
  iface->set_position_field = banqi_setup_set_field;
  iface->check_position = banqi_setup_check_position;
}
