/* catur-variant.c: the contract every game implements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "catur.h"
#include "catur-variant-private.h"

G_DEFINE_INTERFACE (CaturVariant, catur_variant, G_TYPE_OBJECT)

G_DEFINE_QUARK (catur-variant-error-quark, catur_variant_error)

static void
catur_variant_default_init (CaturVariantInterface *iface)
{
}

#define IFACE(self) CATUR_VARIANT_GET_IFACE (self)

/* A piece as the players may know it: nothing of a face-down piece but that it lies there. */
static CaturPiece
visible_piece (const CaturPiece *piece)
{
  CaturPiece visible = *piece;

  if (visible.flags & CATUR_PIECE_FACE_DOWN)
    {
      visible.kind = 0;
      visible.side = CATUR_SIDE_NONE;
    }
  return visible;
}

const char *
catur_variant_get_id (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  return IFACE (self)->get_id (self);
}

const char *
catur_variant_get_name (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  return IFACE (self)->get_name (self);
}

const char *
catur_variant_get_description (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  return IFACE (self)->get_description (self);
}

const char *
catur_variant_get_icon_name (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  return IFACE (self)->get_icon_name (self);
}

/**
 * catur_variant_get_side_name:
 * @position: (nullable): the position whose colours name the seat, or %NULL for the seat's
 *   own name
 * @side: a seat
 *
 * Returns: the translated name of @side: its colour in @position ("Red"), or, without a
 *   position or before the seats have colours (Banqi), the seat's ("First player")
 */
const char *
catur_variant_get_side_name (CaturVariant        *self,
                             const CaturPosition *position,
                             CaturSide            side)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position == NULL || position->variant == self, NULL);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, NULL);

  return IFACE (self)->get_side_name (self, position, side);
}

/**
 * catur_variant_get_side_id:
 * @position: (nullable): the position whose colours name the seat, or %NULL
 * @side: a seat
 *
 * Returns: the stable id of @side in @position (`red`); without a position the id of the seat
 *   whatever its colour, which saved games keep
 */
const char *
catur_variant_get_side_id (CaturVariant        *self,
                           const CaturPosition *position,
                           CaturSide            side)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position == NULL || position->variant == self, NULL);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, NULL);

  return IFACE (self)->get_side_id (self, position, side);
}

void
catur_variant_get_geometry (CaturVariant  *self,
                            CaturGeometry *geometry)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (geometry != NULL);

  memset (geometry, 0, sizeof *geometry);
  IFACE (self)->get_geometry (self, geometry);
}

/**
 * catur_variant_get_flags:
 *
 * Returns: the #CaturVariantFlags of the game's rules: take-backs, draw offers, pieces turned
 */
CaturVariantFlags
catur_variant_get_flags (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), 0);

  if (IFACE (self)->get_flags == NULL)
    return 0;
  return IFACE (self)->get_flags (self);
}

const char *
catur_variant_get_settings_schema_id (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  if (IFACE (self)->get_settings_schema_id == NULL)
    return NULL;
  return IFACE (self)->get_settings_schema_id (self);
}

const char *
catur_variant_get_piece_image (CaturVariant     *self,
                               const CaturPiece *piece)
{
  CaturPiece visible;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  visible = visible_piece (piece);
  return IFACE (self)->get_piece_image (self, &visible);
}

/**
 * catur_variant_get_piece_name:
 * @piece: a piece, promoted or face down
 *
 * Returns: (transfer full): the translated name of @piece ("Chariot", "Promoted Silver")
 */
char *
catur_variant_get_piece_name (CaturVariant     *self,
                              const CaturPiece *piece)
{
  CaturPiece visible;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  visible = visible_piece (piece);
  return IFACE (self)->get_piece_name (self, &visible);
}

/**
 * catur_variant_get_piece_letter:
 * @piece: a piece, promoted or face down
 *
 * Returns: (transfer full): the letters of @piece as the game's text forms write it (`R`,
 *   `+S`); may be empty
 */
char *
catur_variant_get_piece_letter (CaturVariant     *self,
                                const CaturPiece *piece)
{
  CaturPiece visible;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  visible = visible_piece (piece);
  return IFACE (self)->get_piece_letter (self, &visible);
}

/**
 * catur_variant_square_name:
 * @square: a board square or a hand slot
 * @name: (out caller-allocates): 8 bytes for the name
 *
 * Writes the name of @square: its coordinates (`e2`), or for a hand slot the game's name of
 * it, by default the piece's letters and a star (`R*`, the drop's prefix in USI).
 */
void
catur_variant_square_name (CaturVariant *self,
                           CaturSquare   square,
                           char          name[8])
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (name != NULL);

  name[0] = '\0';
  IFACE (self)->square_name (self, square, name);
  if (name[0] == '\0' && catur_square_is_hand (square))
    {
      CaturPiece piece = { catur_square_hand_kind (square), catur_square_hand_side (square), 0 };
      g_autofree char *letter = catur_variant_get_piece_letter (self, &piece);

      g_snprintf (name, 8, "%s*", letter);
    }
}

/**
 * catur_variant_new_position:
 *
 * Returns: (transfer full): the start position of a new game
 */
CaturPosition *
catur_variant_new_position (CaturVariant *self,
                            GVariant     *options,
                            guint64       seed)
{
  CaturPosition *position;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  position = IFACE (self)->new_position (self, options, seed);
  position->variant = self;
  return position;
}

/**
 * catur_variant_parse:
 *
 * Returns: (transfer full) (nullable): the position, or %NULL with @error set
 */
CaturPosition *
catur_variant_parse (CaturVariant  *self,
                     const char    *text,
                     GError       **error)
{
  CaturPosition *position;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  position = IFACE (self)->parse (self, text, error);
  if (position != NULL)
    position->variant = self;
  return position;
}

/**
 * catur_variant_format:
 *
 * Returns: (transfer full): the position text of @position, which never tells what lies
 *   face down
 */
char *
catur_variant_format (CaturVariant        *self,
                      const CaturPosition *position)
{
  g_autoptr(CaturPosition) owned = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  position = catur_variant_public_view (self, position, &owned);
  return IFACE (self)->format (self, position);
}

/**
 * catur_variant_side_to_move:
 *
 * Returns: the seat to move: %CATUR_SIDE_FIRST or %CATUR_SIDE_SECOND, never %CATUR_SIDE_NONE
 */
CaturSide
catur_variant_side_to_move (CaturVariant        *self,
                            const CaturPosition *position)
{
  CaturSide side;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), CATUR_SIDE_FIRST);
  g_return_val_if_fail (position != NULL, CATUR_SIDE_FIRST);

  side = IFACE (self)->side_to_move (self, position);
  /* Every caller counts on a seat: a variant that answers otherwise is broken. */
  g_return_val_if_fail (side == CATUR_SIDE_FIRST || side == CATUR_SIDE_SECOND, CATUR_SIDE_FIRST);
  return side;
}

/**
 * catur_variant_piece_at:
 * @square: a board square or a hand slot (CATUR_SQUARE_HAND())
 * @piece: (out caller-allocates) (optional): the piece there, kind 0 and side
 *   %CATUR_SIDE_NONE when there is none
 *
 * What a player sees on @square: a hand slot holds its piece while the hand has one, and a
 * face-down piece shows only %CATUR_PIECE_FACE_DOWN: its kind and side are cleared here, so
 * that no caller can leak them.
 *
 * Returns: whether a piece stands on @square
 */
gboolean
catur_variant_piece_at (CaturVariant        *self,
                        const CaturPosition *position,
                        CaturSquare          square,
                        CaturPiece          *piece)
{
  CaturPiece ignored;
  gboolean found;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);

  if (piece == NULL)
    piece = &ignored;
  memset (piece, 0, sizeof *piece);
  piece->side = CATUR_SIDE_NONE;

  if (catur_square_is_hand (square))
    {
      CaturSide side = catur_square_hand_side (square);
      guint8 kind = catur_square_hand_kind (square);

      if (catur_variant_hand_count (self, position, side, kind) == 0)
        return FALSE;
      piece->kind = kind;
      piece->side = side;
      return TRUE;
    }
  if (square >= CATUR_SQUARE_MAX_BOARD)
    return FALSE;

  found = IFACE (self)->piece_at (self, position, square, piece);
  *piece = visible_piece (piece);
  return found;
}

guint
catur_variant_hand_count (CaturVariant        *self,
                          const CaturPosition *position,
                          CaturSide            side,
                          guint8               kind)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), 0);
  g_return_val_if_fail (position != NULL, 0);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, 0);

  if (IFACE (self)->hand_count == NULL)
    return 0;
  return IFACE (self)->hand_count (self, position, side, kind);
}

/**
 * catur_variant_list_hand_kinds:
 * @n_kinds: (out): how many kinds there are
 *
 * Returns: (array length=n_kinds) (transfer none) (nullable): the kinds a hand can hold, in
 *   the order they are shown; %NULL for a game without hands
 */
const guint8 *
catur_variant_list_hand_kinds (CaturVariant *self,
                               guint        *n_kinds)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (n_kinds != NULL, NULL);

  *n_kinds = 0;
  if (IFACE (self)->list_hand_kinds == NULL)
    return NULL;
  return IFACE (self)->list_hand_kinds (self, n_kinds);
}

/**
 * catur_variant_legal_moves:
 *
 * Returns: (transfer full): a #GArray of #CaturMove
 */
GArray *
catur_variant_legal_moves (CaturVariant        *self,
                           const CaturPosition *position)
{
  GArray *moves;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  moves = g_array_sized_new (FALSE, FALSE, sizeof (CaturMove), 64);
  IFACE (self)->legal_moves (self, position, moves);
  return moves;
}

/**
 * catur_variant_legal_moves_from:
 * @from: a square, a hand slot (its drops), or %CATUR_SQUARE_NONE (the declarations)
 *
 * Returns: (transfer full): the legal moves starting on @from
 */
GArray *
catur_variant_legal_moves_from (CaturVariant        *self,
                                const CaturPosition *position,
                                CaturSquare          from)
{
  GArray *moves;
  guint kept = 0;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  moves = catur_variant_legal_moves (self, position);
  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove move = g_array_index (moves, CaturMove, i);

      if (move.from == from)
        g_array_index (moves, CaturMove, kept++) = move;
    }
  g_array_set_size (moves, kept);
  return moves;
}

guint64
catur_variant_perft (CaturVariant        *self,
                     const CaturPosition *position,
                     guint                depth)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), 0);
  g_return_val_if_fail (position != NULL, 0);

  return IFACE (self)->perft (self, position, depth);
}

/**
 * catur_variant_explain:
 * @reason_id: (out) (optional): the stable id of the reason
 *
 * Returns: (transfer full) (nullable): %NULL when @move is legal, else why not
 */
char *
catur_variant_explain (CaturVariant        *self,
                       const CaturPosition *position,
                       const CaturMove     *move,
                       const char         **reason_id)
{
  g_autoptr(CaturPosition) owned = NULL;
  const char *ignored;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  if (reason_id == NULL)
    reason_id = &ignored;
  *reason_id = NULL;
  position = catur_variant_public_view (self, position, &owned);
  return IFACE (self)->explain (self, position, move, reason_id);
}

/* A flip as the rules see it: what it reveals is not part of its legality. */
static CaturMove
without_revealed (const CaturMove *move)
{
  CaturMove plain = *move;

  if (plain.flags & CATUR_MOVE_FLIP)
    {
      plain.piece = 0;
      plain.flags &= ~CATUR_MOVE_REVEALS_SECOND;
    }
  return plain;
}

/**
 * catur_variant_is_legal:
 *
 * Whether @move is one of the legal moves of @position. The piece a flip carries (what it
 * revealed, or should reveal) is ignored: catur_variant_play() deals with it.
 *
 * Returns: %TRUE when @move is legal
 */
gboolean
catur_variant_is_legal (CaturVariant        *self,
                        const CaturPosition *position,
                        const CaturMove     *move)
{
  g_autoptr(GArray) moves = NULL;
  CaturMove wanted;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  wanted = without_revealed (move);
  moves = catur_variant_legal_moves (self, position);
  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove legal = without_revealed (&g_array_index (moves, CaturMove, i));

      if (catur_move_equal (&legal, &wanted))
        return TRUE;
    }
  return FALSE;
}

/**
 * catur_variant_play:
 * @move: (inout): a legal move of @position; a flip comes back completed with the piece it
 *   revealed (%CATUR_MOVE_FLIP)
 *
 * Plays @move on @position. Keep the completed move: it is the one a record stores, and it
 * replays the same (a flip that carries its piece reveals that piece).
 */
void
catur_variant_play (CaturVariant  *self,
                    CaturPosition *position,
                    CaturMove     *move)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (move != NULL);

  IFACE (self)->play (self, position, move);
}

/* Whether the game has rules of repetition: whether its positions have keys. */
gboolean
catur_variant_has_position_keys (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);

  return IFACE (self)->position_key != NULL;
}

/**
 * catur_variant_position_key:
 *
 * The key of @position for the rules of repetition, asked of what the players see of it.
 *
 * Returns: the key; 0 for a game without position keys
 */
guint64
catur_variant_position_key (CaturVariant        *self,
                            const CaturPosition *position)
{
  g_autoptr(CaturPosition) owned = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), 0);
  g_return_val_if_fail (position != NULL, 0);

  if (IFACE (self)->position_key == NULL)
    return 0;
  position = catur_variant_public_view (self, position, &owned);
  return IFACE (self)->position_key (self, position);
}

static guint8
repetition_flags (CaturVariant        *self,
                  const CaturPosition *position)
{
  return catur_variant_in_check (self, position, NULL) ? CATUR_REPETITION_GAVE_CHECK : 0;
}

/**
 * catur_variant_new_repetition:
 * @start: the start position of a game
 *
 * The log of a game's positions as its rules of repetition read it, holding @start alone.
 *
 * Returns: (transfer full) (nullable): a new log, or %NULL for a game without position keys
 */
CaturRepetition *
catur_variant_new_repetition (CaturVariant        *self,
                              const CaturPosition *start)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (start != NULL, NULL);

  if (IFACE (self)->position_key == NULL)
    return NULL;
  return catur_repetition_new (catur_variant_position_key (self, start),
                               repetition_flags (self, start));
}

/**
 * catur_variant_push_repetition:
 * @history: (nullable): the game's log, as catur_variant_new_repetition() made it
 * @mover: the seat that played the ply
 * @position: the position the ply reached
 *
 * Adds the position after a ply to @history, with whether the ply gave check. Does nothing
 * with a %NULL @history (a game without position keys).
 */
void
catur_variant_push_repetition (CaturVariant        *self,
                               CaturRepetition     *history,
                               CaturSide            mover,
                               const CaturPosition *position)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (position != NULL);

  if (history == NULL)
    return;
  catur_repetition_push (history, catur_variant_position_key (self, position), mover,
                         repetition_flags (self, position));
}

/* Whether @history ends with @position, as the methods that read it require. */
static gboolean
catur_variant_history_fits (CaturVariant          *self,
                            const CaturPosition   *position,
                            const CaturRepetition *history)
{
  if (history == NULL)
    return TRUE;
  if (IFACE (self)->position_key == NULL)
    return FALSE;
  return catur_repetition_get_key (history, catur_repetition_get_last (history))
         == catur_variant_position_key (self, position);
}

/**
 * catur_variant_status:
 * @position: the position after the last ply
 * @history: (nullable): the game's positions up to @position (catur_variant_new_repetition(),
 *   catur_variant_push_repetition()), or %NULL for a position alone: no rule of repetition
 *   applies
 * @outcome: (out caller-allocates): the outcome
 */
void
catur_variant_status (CaturVariant          *self,
                      const CaturPosition   *position,
                      const CaturRepetition *history,
                      CaturOutcome          *outcome)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (outcome != NULL);

  catur_outcome_init (outcome);
  g_return_if_fail (catur_variant_history_fits (self, position, history));
  IFACE (self)->status (self, position, history, outcome);
}

gboolean
catur_variant_in_check (CaturVariant        *self,
                        const CaturPosition *position,
                        CaturSquare         *king)
{
  CaturSquare ignored;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);

  if (king == NULL)
    king = &ignored;
  *king = CATUR_SQUARE_NONE;
  if (IFACE (self)->in_check == NULL)
    return FALSE;
  return IFACE (self)->in_check (self, position, king);
}

/**
 * catur_variant_format_hidden:
 *
 * Returns: (transfer full) (nullable): what lies face down in @position, as a text only
 *   catur_variant_restore_hidden() needs to understand; %NULL for games without hidden pieces
 */
char *
catur_variant_format_hidden (CaturVariant        *self,
                             const CaturPosition *position)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  if (IFACE (self)->format_hidden == NULL)
    return NULL;
  return IFACE (self)->format_hidden (self, position);
}

/* Puts back into @position what catur_variant_format_hidden() wrote of it. */
gboolean
catur_variant_restore_hidden (CaturVariant   *self,
                              CaturPosition  *position,
                              const char     *text,
                              GError        **error)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (IFACE (self)->restore_hidden == NULL)
    {
      g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION,
                   _("%s has no hidden pieces to restore"), catur_variant_get_name (self));
      return FALSE;
    }
  return IFACE (self)->restore_hidden (self, position, text, error);
}

/**
 * catur_variant_observe:
 *
 * What the players see of @position: for a game with hidden pieces, the same position
 * without what lies face down (the pool stays); for others a plain copy.
 *
 * Returns: (transfer full): a new position of the same variant
 */
CaturPosition *
catur_variant_observe (CaturVariant        *self,
                       const CaturPosition *position)
{
  CaturPosition *observation;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL && position->variant == self, NULL);

  if (IFACE (self)->observe == NULL)
    return catur_position_copy (position);
  observation = IFACE (self)->observe (self, position);
  observation->variant = self;
  return observation;
}

/* The position @position itself for a game that hides nothing, else an observation of it,
 * which the caller frees through @owned. */
const CaturPosition *
catur_variant_public_view (CaturVariant         *self,
                           const CaturPosition  *position,
                           CaturPosition       **owned)
{
  CaturGeometry geometry;

  *owned = NULL;
  if (IFACE (self)->observe == NULL)
    return position;
  catur_variant_get_geometry (self, &geometry);
  if (!geometry.has_hidden)
    return position;
  *owned = catur_variant_observe (self, position);
  return *owned;
}

/**
 * catur_variant_deal_hidden:
 * @position: a position whose face-down squares may have no identity (an observation, a
 *   parsed position text)
 * @seed: the seed of the deal
 *
 * Gives the face-down squares without identity pieces from the pool, at random but the same
 * for the same @seed; a game without hidden pieces has nothing to deal.
 */
void
catur_variant_deal_hidden (CaturVariant  *self,
                           CaturPosition *position,
                           guint64        seed)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (position != NULL && position->variant == self);

  if (IFACE (self)->deal_hidden != NULL)
    IFACE (self)->deal_hidden (self, position, seed);
}

/**
 * catur_variant_list_trays:
 *
 * The pieces the game shows beside the board in @position (captured, still face down), as
 * the players may know them.
 *
 * Returns: (transfer full) (element-type CaturTray): the trays, maybe none
 */
GPtrArray *
catur_variant_list_trays (CaturVariant        *self,
                          const CaturPosition *position)
{
  g_autoptr(CaturPosition) owned = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  if (IFACE (self)->list_trays == NULL)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) catur_tray_free);
  position = catur_variant_public_view (self, position, &owned);
  return IFACE (self)->list_trays (self, position);
}

/**
 * catur_variant_list_counters:
 *
 * Returns: (transfer full) (element-type CaturCounter): the counters of @position, maybe none
 */
GPtrArray *
catur_variant_list_counters (CaturVariant        *self,
                             const CaturPosition *position)
{
  g_autoptr(CaturPosition) owned = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  if (IFACE (self)->list_counters == NULL)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) catur_counter_free);
  position = catur_variant_public_view (self, position, &owned);
  return IFACE (self)->list_counters (self, position);
}

/* The default of input_moves: the legal moves from @from to @to, or the flip of a face-down
 * piece chosen with nothing chosen before. With a piece chosen, a face-down piece is a target
 * it cannot take: a flip then would pass the turn on a misplaced click. */
static void
default_input_moves (CaturVariant        *self,
                     const CaturPosition *position,
                     CaturSquare          from,
                     CaturSquare          to,
                     GArray              *moves)
{
  g_autoptr(GArray) legal = catur_variant_legal_moves (self, position);
  CaturPiece target;
  guint before = moves->len;

  for (guint i = 0; i < legal->len; i++)
    {
      const CaturMove *move = &g_array_index (legal, CaturMove, i);

      if (move->from == from && move->to == to && !(move->flags & CATUR_MOVE_DECLARE))
        g_array_append_val (moves, *move);
    }
  if (moves->len > before || from != CATUR_SQUARE_NONE || to == CATUR_SQUARE_NONE
      || !catur_variant_piece_at (self, position, to, &target)
      || !(target.flags & CATUR_PIECE_FACE_DOWN))
    return;

  for (guint i = 0; i < legal->len; i++)
    {
      const CaturMove *move = &g_array_index (legal, CaturMove, i);

      if ((move->flags & CATUR_MOVE_FLIP) && move->from == to)
        g_array_append_val (moves, *move);
    }
}

/**
 * catur_variant_input_moves:
 * @from: the square or hand slot chosen first, or %CATUR_SQUARE_NONE
 * @to: the square chosen then
 *
 * The legal moves a player may mean by choosing @from, then @to: none (the choice explains
 * itself with catur_variant_explain()), one to play, or several to choose from (a promotion).
 * A face-down piece chosen with nothing chosen before (@from %CATUR_SQUARE_NONE) means its
 * flip; chosen after another piece, it is that piece's target like any other. A game may add
 * its own (Chess: a king chosen onto its own rook castles).
 *
 * Returns: (transfer full): a #GArray of #CaturMove
 */
GArray *
catur_variant_input_moves (CaturVariant        *self,
                           const CaturPosition *position,
                           CaturSquare          from,
                           CaturSquare          to)
{
  GArray *moves;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  if (IFACE (self)->input_moves != NULL)
    IFACE (self)->input_moves (self, position, from, to, moves);
  else
    default_input_moves (self, position, from, to, moves);
  return moves;
}

/**
 * catur_variant_move_effects:
 * @move: a legal move of @position
 * @effects: (out caller-allocates): what @move does besides moving its piece
 *
 * The square of the piece @move captures (not its target for an en-passant capture) and the
 * way of a second piece that moves with it (a castling rook), for markers and animations.
 */
void
catur_variant_move_effects (CaturVariant        *self,
                            const CaturPosition *position,
                            const CaturMove     *move,
                            CaturMoveEffects    *effects)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (move != NULL);
  g_return_if_fail (effects != NULL);

  effects->captured = CATUR_SQUARE_NONE;
  effects->second_from = CATUR_SQUARE_NONE;
  effects->second_to = CATUR_SQUARE_NONE;
  if (IFACE (self)->move_effects != NULL)
    {
      IFACE (self)->move_effects (self, position, move, effects);
      return;
    }

  if (!(move->flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DROP | CATUR_MOVE_DECLARE))
      && move->to != CATUR_SQUARE_NONE && catur_variant_piece_at (self, position, move->to, NULL))
    effects->captured = move->to;
}

/**
 * catur_variant_list_attackers:
 * @square: a board square
 * @side: whose pieces
 *
 * The pieces of @side that attack @square (an enemy piece there could be taken) or defend it
 * (a piece of their own there could be taken back), as far as the game can tell: see
 * #CaturVariantInterface's @list_attackers. Each square once, in the order the game gives.
 *
 * Returns: (transfer full): a #GArray of #CaturSquare
 */
GArray *
catur_variant_list_attackers (CaturVariant        *self,
                              const CaturPosition *position,
                              CaturSquare          square,
                              CaturSide            side)
{
  GArray *squares;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  squares = g_array_new (FALSE, FALSE, sizeof (CaturSquare));
  if (catur_square_is_hand (square) || (side != CATUR_SIDE_FIRST && side != CATUR_SIDE_SECOND))
    return squares;
  if (IFACE (self)->list_attackers != NULL)
    {
      g_autoptr(CaturPosition) owned = NULL;

      IFACE (self)->list_attackers (self, catur_variant_public_view (self, position, &owned),
                                    square, side, squares);
      return squares;
    }

  /* Only the side to move has legal moves to ask: its pieces that may go to @square. */
  if (side == catur_variant_side_to_move (self, position))
    {
      g_autoptr(GArray) moves = catur_variant_legal_moves (self, position);

      for (guint i = 0; i < moves->len; i++)
        {
          const CaturMove *move = &g_array_index (moves, CaturMove, i);
          gboolean seen = FALSE;

          if (move->to != square || move->from == square || catur_square_is_hand (move->from)
              || (move->flags & (CATUR_MOVE_DROP | CATUR_MOVE_FLIP | CATUR_MOVE_DECLARE)))
            continue;
          for (guint j = 0; j < squares->len && !seen; j++)
            seen = g_array_index (squares, CaturSquare, j) == move->from;
          if (!seen)
            g_array_append_val (squares, move->from);
        }
    }
  return squares;
}

/**
 * catur_variant_get_piece_value:
 * @piece: a piece on the board or in a hand
 *
 * Returns: what @piece is worth in centipawns of the game's search (0 for a king); see
 *   #CaturVariantInterface's @get_piece_value
 */
int
catur_variant_get_piece_value (CaturVariant     *self,
                               const CaturPiece *piece)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), 0);
  g_return_val_if_fail (piece != NULL, 0);

  if (piece->kind == 0 || (piece->flags & CATUR_PIECE_FACE_DOWN))
    return 0;
  if (IFACE (self)->get_piece_value != NULL)
    return MAX (IFACE (self)->get_piece_value (self, piece), 0);
  return 100;
}

/**
 * catur_variant_get_judge_thresholds:
 * @thresholds: (out caller-allocates): the game's thresholds
 *
 * The losses at which the coach calls a move an inaccuracy, a mistake and a blunder, each
 * above the one before whatever the game says.
 */
void
catur_variant_get_judge_thresholds (CaturVariant         *self,
                                    CaturJudgeThresholds *thresholds)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (thresholds != NULL);

  thresholds->inaccuracy = 50;
  thresholds->mistake = 120;
  thresholds->blunder = 300;
  if (IFACE (self)->get_judge_thresholds != NULL)
    IFACE (self)->get_judge_thresholds (self, thresholds);
  thresholds->inaccuracy = MAX (thresholds->inaccuracy, 1);
  thresholds->mistake = MAX (thresholds->mistake, thresholds->inaccuracy + 1);
  thresholds->blunder = MAX (thresholds->blunder, thresholds->mistake + 1);
}

/**
 * catur_variant_score_terms:
 * @position: a position of the game
 * @side: whose parts
 * @terms: (out caller-allocates) (array fixed-size=6): the parts, by #CaturScoreTerm
 *
 * What @side's own pieces and king add to the game's evaluation of @position, part by part:
 * see #CaturVariantInterface's @score_terms.
 *
 * Returns: %TRUE when the game gave them; %FALSE (and @terms all 0) when it cannot
 */
gboolean
catur_variant_score_terms (CaturVariant        *self,
                           const CaturPosition *position,
                           CaturSide            side,
                           int                  terms[CATUR_N_SCORE_TERMS])
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (terms != NULL, FALSE);

  memset (terms, 0, CATUR_N_SCORE_TERMS * sizeof terms[0]);
  if (IFACE (self)->score_terms == NULL
      || !IFACE (self)->score_terms (self, position, side, terms))
    {
      memset (terms, 0, CATUR_N_SCORE_TERMS * sizeof terms[0]);
      return FALSE;
    }
  return TRUE;
}

/* The cheapest legal capture on @square in @position, or FALSE when there is none. */
static gboolean
cheapest_capture (CaturVariant        *self,
                  const CaturPosition *position,
                  CaturSquare          square,
                  CaturMove           *capture)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (self, position);
  int cheapest = G_MAXINT;

  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      CaturMoveEffects effects;
      CaturPiece piece;
      int value;

      if (move->to != square || (move->flags & (CATUR_MOVE_DROP | CATUR_MOVE_FLIP))
          || !catur_variant_piece_at (self, position, move->from, &piece))
        continue;
      catur_variant_move_effects (self, position, move, &effects);
      if (effects.captured != square)
        continue;
      value = catur_variant_get_piece_value (self, &piece);
      /* Of two promotions of the same piece, the better one. */
      if (value < cheapest || (value == cheapest && (move->flags & CATUR_MOVE_PROMOTE)))
        {
          cheapest = value;
          *capture = *move;
        }
    }
  return cheapest != G_MAXINT;
}

#define EXCHANGE_MAX 32

/* The exchange played out on the board: slower than a game's own SEE, but it knows every
 * game's captures, as legal moves do. */
static int
default_static_exchange (CaturVariant        *self,
                         const CaturPosition *position,
                         const CaturMove     *move)
{
  g_autoptr(CaturPosition) board = NULL;
  CaturMoveEffects effects;
  CaturPiece piece;
  CaturMove played = *move;
  CaturSide side;
  int gain[EXCHANGE_MAX], d = 0, on_square = 0;

  catur_variant_move_effects (self, position, move, &effects);
  if (effects.captured == CATUR_SQUARE_NONE
      || !catur_variant_piece_at (self, position, effects.captured, &piece))
    return 0;
  gain[0] = catur_variant_get_piece_value (self, &piece);

  board = catur_position_copy (position);
  side = catur_variant_side_to_move (self, board);
  catur_variant_play (self, board, &played);
  if (catur_variant_piece_at (self, board, move->to, &piece))
    on_square = catur_variant_get_piece_value (self, &piece);
  while (d < EXCHANGE_MAX - 1)
    {
      CaturMove capture;

      /* A game where the capturer may go on capturing (Banqi's chain) leaves the other side
       * nothing to take back with now. */
      if (catur_variant_side_to_move (self, board) == side
          || !cheapest_capture (self, board, move->to, &capture))
        break;
      d++;
      gain[d] = on_square - gain[d - 1];
      side = catur_variant_side_to_move (self, board);
      catur_variant_play (self, board, &capture);
      on_square = catur_variant_piece_at (self, board, move->to, &piece)
                  ? catur_variant_get_piece_value (self, &piece) : 0;
    }
  /* Each side stops taking when going on costs it. */
  for (; d > 0; d--)
    gain[d - 1] = -MAX (-gain[d - 1], gain[d]);
  return gain[0];
}

/**
 * catur_variant_static_exchange:
 * @position: a position
 * @move: a legal move of @position
 *
 * The static exchange evaluation of @move: see #CaturVariantInterface's @static_exchange.
 *
 * Returns: what the mover wins on the target square (negative: loses), in centipawns
 */
int
catur_variant_static_exchange (CaturVariant        *self,
                               const CaturPosition *position,
                               const CaturMove     *move)
{
  g_autoptr(CaturPosition) owned = NULL;
  const CaturPosition *seen;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), 0);
  g_return_val_if_fail (position != NULL, 0);
  g_return_val_if_fail (move != NULL, 0);

  if (move->flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DROP | CATUR_MOVE_DECLARE))
    return 0;
  seen = catur_variant_public_view (self, position, &owned);
  if (IFACE (self)->static_exchange != NULL)
    return IFACE (self)->static_exchange (self, seen, move);
  return default_static_exchange (self, seen, move);
}

/**
 * catur_variant_list_hidden:
 * @position: a position
 *
 * What lies face down in @position as both players know it: each piece with how many of it.
 *
 * Returns: (transfer full) (element-type CaturHiddenPiece): the pieces, none for a game
 *   without hidden pieces
 */
GArray *
catur_variant_list_hidden (CaturVariant        *self,
                           const CaturPosition *position)
{
  GArray *items;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  items = g_array_new (FALSE, TRUE, sizeof (CaturHiddenPiece));
  if (IFACE (self)->list_hidden != NULL)
    {
      g_autoptr(CaturPosition) owned = NULL;

      IFACE (self)->list_hidden (self, catur_variant_public_view (self, position, &owned),
                                 items);
    }
  return items;
}

/**
 * catur_variant_pass_turn:
 * @position: a position
 *
 * @position with the other side to move and nothing else changed (see
 * #CaturVariantInterface's @pass_turn), as the players see it: what a side threatens is asked
 * of it when that side is not to move.
 *
 * Returns: (transfer full) (nullable): the position, or %NULL when the game cannot pass: the
 *   side to move is in check (its king would stand en prise), or the rules forbid it
 */
CaturPosition *
catur_variant_pass_turn (CaturVariant        *self,
                         const CaturPosition *position)
{
  g_autoptr(CaturPosition) passed = NULL;
  CaturSquare king;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  if (IFACE (self)->pass_turn == NULL || catur_variant_in_check (self, position, &king))
    return NULL;
  passed = catur_variant_observe (self, position);
  if (!IFACE (self)->pass_turn (self, passed))
    return NULL;
  return g_steal_pointer (&passed);
}

/**
 * catur_variant_get_setup_options:
 * @n_options: (out): the number of options
 *
 * The variant's own options, and the game clock (%CATUR_OPTION_CLOCK) when it has clock
 * presets (get_clock_presets).
 *
 * Returns: (array length=n_options) (nullable): the options of a new game, %NULL when the
 *   variant has none
 */
const CaturSetupOption *
catur_variant_get_setup_options (CaturVariant *self,
                                 guint        *n_options)
{
  const CaturSetupOption *own = NULL;
  guint n_own = 0;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (n_options != NULL, NULL);

  if (IFACE (self)->get_setup_options != NULL)
    own = IFACE (self)->get_setup_options (self, &n_own);
  return catur_variant_add_clock_option (self, own, n_own, n_options);
}

/**
 * catur_variant_get_display_options:
 * @n_options: (out): set to the number of options
 *
 * Returns: (array length=n_options) (nullable): the game's own choices of how it is shown,
 *   each a string key of its settings, or %NULL for none
 */
const CaturSetupOption *
catur_variant_get_display_options (CaturVariant *self,
                                   guint        *n_options)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (n_options != NULL, NULL);

  *n_options = 0;
  if (IFACE (self)->get_display_options == NULL)
    return NULL;
  return IFACE (self)->get_display_options (self, n_options);
}

/**
 * catur_variant_find_setup_option:
 * @id: an option id
 *
 * Returns: (nullable): the setup option @id, %NULL when the variant has none of that id
 */
const CaturSetupOption *
catur_variant_find_setup_option (CaturVariant *self,
                                 const char   *id)
{
  const CaturSetupOption *options;
  guint n;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  options = catur_variant_get_setup_options (self, &n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (options[i].id, id))
      return &options[i];
  return NULL;
}

/**
 * catur_variant_describe_start:
 *
 * Returns: (transfer full) (nullable): a phrase naming a start position that is not the
 *   variant's standard one, %NULL for the standard start
 */
char *
catur_variant_describe_start (CaturVariant        *self,
                              const CaturPosition *position)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  if (IFACE (self)->describe_start == NULL)
    return NULL;
  return IFACE (self)->describe_start (self, position);
}

/**
 * catur_setup_option_get_value:
 * @options: (nullable): options as new_position() receives them (a{sv})
 *
 * Returns: the value @options give @option when it is one of its choices, else the first
 *   choice's (the standard game's); a string of @option's, never %NULL
 */
const char *
catur_setup_option_get_value (const CaturSetupOption *option,
                              GVariant               *options)
{
  const char *value = NULL;
  gint index;

  g_return_val_if_fail (option != NULL, NULL);
  g_return_val_if_fail (option->n_choices > 0, NULL);
  g_return_val_if_fail (options == NULL
                        || g_variant_is_of_type (options, G_VARIANT_TYPE_VARDICT), NULL);

  if (options != NULL)
    g_variant_lookup (options, option->id, "&s", &value);
  index = value != NULL ? catur_setup_option_find_choice (option, value) : -1;
  return option->choices[MAX (index, 0)].value;
}

/**
 * catur_setup_option_find_choice:
 *
 * Returns: the index of the choice whose value is @value, or -1
 */
gint
catur_setup_option_find_choice (const CaturSetupOption *option,
                                const char             *value)
{
  g_return_val_if_fail (option != NULL, -1);

  for (guint i = 0; value != NULL && i < option->n_choices; i++)
    if (g_str_equal (option->choices[i].value, value))
      return (gint) i;
  return -1;
}

/**
 * catur_variant_get_bench_positions:
 * @self: a #CaturVariant
 *
 * Returns: (transfer none) (nullable): position texts for benchmarks, %NULL-terminated, or
 *   %NULL when the variant lists none
 */
const char * const *
catur_variant_get_bench_positions (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  if (IFACE (self)->get_bench_positions == NULL)
    return NULL;
  return IFACE (self)->get_bench_positions (self);
}

/* A search as deep as this is a few seconds in most games; a game whose chance nodes or
 * drops make it far longer says its own. */
#define DEFAULT_BENCH_DEPTH 9

/**
 * catur_variant_get_bench_depth:
 * @self: a #CaturVariant
 *
 * Returns: the depth of catur-engine's `bench` when it is given none
 */
guint
catur_variant_get_bench_depth (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), DEFAULT_BENCH_DEPTH);

  if (IFACE (self)->get_bench_depth == NULL)
    return DEFAULT_BENCH_DEPTH;
  return MAX (IFACE (self)->get_bench_depth (self), 1);
}

/* Returns: (transfer full) (nullable): the measured strength of the computer at @level in
 * this game (see #CaturVariantInterface's describe_level_strength), %NULL when not known. */
char *
catur_variant_describe_level_strength (CaturVariant *self,
                                       CaturLevel    level)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (level < CATUR_N_LEVELS, NULL);

  if (IFACE (self)->describe_level_strength == NULL || !catur_variant_can_think (self))
    return NULL;
  return IFACE (self)->describe_level_strength (self, level);
}

/**
 * catur_variant_describe_no_draw_offers:
 *
 * How the games of a game without draw offers (%CATUR_VARIANT_NO_DRAW_OFFERS) end instead, for
 * the players who look for one: #CaturVariantInterface's @describe_no_draw_offers.
 *
 * Returns: (transfer full): a translated sentence
 */
char *
catur_variant_describe_no_draw_offers (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  if (IFACE (self)->describe_no_draw_offers != NULL)
    return IFACE (self)->describe_no_draw_offers (self);
  /* Translators: %s is the name of a game, such as "Shogi" */
  return g_strdup_printf (_("%s has no draw by agreement"), catur_variant_get_name (self));
}

/* The protocol that catur-engine speaks for this game until told `uci` or `usi`. */
CaturEngineDialect
catur_variant_get_engine_dialect (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), CATUR_ENGINE_DIALECT_UCI);

  if (IFACE (self)->get_engine_dialect == NULL)
    return CATUR_ENGINE_DIALECT_UCI;
  return IFACE (self)->get_engine_dialect (self);
}

/* Whether the game has a computer player. */
gboolean
catur_variant_can_think (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);

  return IFACE (self)->think != NULL;
}

/* Whether declaring @move (CATUR_MOVE_DECLARE) wins the game for the side to move at once. */
static gboolean
declaration_wins (CaturVariant        *self,
                  const CaturPosition *position,
                  const CaturMove     *move)
{
  g_autoptr(CaturPosition) after = NULL;
  CaturMove played = *move;
  CaturOutcome outcome;

  if (!catur_variant_is_legal (self, position, move))
    return FALSE;
  after = catur_position_copy (position);
  catur_variant_play (self, after, &played);
  catur_variant_status (self, after, NULL, &outcome);
  return outcome.result == CATUR_RESULT_WIN
         && outcome.winner == catur_variant_side_to_move (self, position);
}

/**
 * catur_variant_think:
 * @self: a #CaturVariant
 * @position: the position to search; the search gets an observation of it
 *   (catur_variant_observe()), so the caller may go on using it
 * @limits: the level and the limits of the search
 * @info_func: (nullable): called after each finished iteration, in the calling thread
 * @info_data: its data
 * @cancellable: (nullable): stops the search at once
 * @result: (out caller-allocates): the move chosen, its score and principal variation
 * @error: set when the game has no computer player
 *
 * Searches for a move: call it in a worker thread, it takes as long as @limits allow.
 * A cancelled search returns the best move found so far.
 *
 * Returns: %FALSE with @error set when the game cannot search
 */
gboolean
catur_variant_think (CaturVariant             *self,
                     const CaturPosition      *position,
                     const CaturSearchLimits  *limits,
                     CaturSearchInfoFunc       info_func,
                     gpointer                  info_data,
                     GCancellable             *cancellable,
                     CaturSearchResult        *result,
                     GError                  **error)
{
  g_autoptr(CaturPosition) copy = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL && position->variant == self, FALSE);
  g_return_val_if_fail (limits != NULL, FALSE);
  g_return_val_if_fail (limits->level < CATUR_N_LEVELS, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_return_val_if_fail (catur_variant_history_fits (self, position, limits->history), FALSE);

  memset (result, 0, sizeof *result);
  if (IFACE (self)->think == NULL)
    {
      /* Translators: %s is the name of a game, such as "Banqi" */
      g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_NOT_SUPPORTED,
                   _("%s has no computer player"), catur_variant_get_name (self));
      return FALSE;
    }

  /* The search works on a copy of its own (the caller's position may be read meanwhile), and
   * on what the players see: the computer never learns what lies face down. */
  copy = catur_variant_observe (self, position);
  if (!IFACE (self)->think (self, copy, limits, info_func, info_data, cancellable, result,
                            error))
    return FALSE;
  if (result->has_move && (result->move.flags & CATUR_MOVE_DECLARE) && !result->declares_win)
    result->declares_win = declaration_wins (self, position, &result->move);
  return TRUE;
}

/**
 * catur_position_copy:
 *
 * Returns: (transfer full): a deep copy of @position
 */
CaturPosition *
catur_position_copy (const CaturPosition *position)
{
  CaturPosition *copy;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (CATUR_IS_VARIANT (position->variant), NULL);

  copy = IFACE (position->variant)->position_copy (position->variant, position);
  copy->variant = position->variant;
  return copy;
}

void
catur_position_free (CaturPosition *position)
{
  if (position == NULL)
    return;

  g_return_if_fail (CATUR_IS_VARIANT (position->variant));

  IFACE (position->variant)->position_free (position->variant, position);
}

/**
 * catur_board_layout_get_columns:
 * @layout: a board layout
 *
 * Returns: how many files or ranks the board shows across the widget: its files, or its ranks
 *   when it is turned (@rotated)
 */
guint
catur_board_layout_get_columns (const CaturBoardLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);

  return layout->rotated ? layout->ranks : layout->files;
}

/* Returns: how many it shows down the widget */
guint
catur_board_layout_get_rows (const CaturBoardLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);

  return layout->rotated ? layout->files : layout->ranks;
}

/**
 * catur_board_layout_square_cell:
 * @layout: a board layout
 * @square: a board square
 * @column: (out): its column on the screen, 0 at the left
 * @row: (out): its row on the screen, 0 at the top
 *
 * Where @square is shown, as the side at the bottom (or, on a turned board, at the left) sees
 * the board.
 */
void
catur_board_layout_square_cell (const CaturBoardLayout *layout,
                                CaturSquare             square,
                                int                    *column,
                                int                    *row)
{
  int file, rank, upright_column, upright_row;

  g_return_if_fail (layout != NULL && layout->files > 0);
  g_return_if_fail (column != NULL && row != NULL);

  file = square % layout->files;
  rank = square / layout->files;
  upright_column = layout->flipped ? layout->files - 1 - file : file;
  upright_row = layout->flipped ? rank : layout->ranks - 1 - rank;
  /* Turned a quarter clockwise: the bottom edge becomes the left one. */
  *column = layout->rotated ? layout->ranks - 1 - upright_row : upright_column;
  *row = layout->rotated ? upright_column : upright_row;
}

/**
 * catur_board_layout_cell_square:
 * @layout: a board layout
 * @column: a column on the screen, 0 at the left
 * @row: a row on the screen, 0 at the top
 *
 * Returns: the square shown there, %CATUR_SQUARE_NONE outside the board
 */
CaturSquare
catur_board_layout_cell_square (const CaturBoardLayout *layout,
                                int                     column,
                                int                     row)
{
  int upright_column, upright_row, file, rank;

  g_return_val_if_fail (layout != NULL, CATUR_SQUARE_NONE);

  if (column < 0 || row < 0 || column >= (int) catur_board_layout_get_columns (layout)
      || row >= (int) catur_board_layout_get_rows (layout))
    return CATUR_SQUARE_NONE;
  upright_column = layout->rotated ? row : column;
  upright_row = layout->rotated ? layout->ranks - 1 - column : row;
  file = layout->flipped ? layout->files - 1 - upright_column : upright_column;
  rank = layout->flipped ? upright_row : layout->ranks - 1 - upright_row;
  return (CaturSquare) (rank * layout->files + file);
}

void
catur_board_layout_square_center (const CaturBoardLayout *layout,
                                  CaturSquare             square,
                                  double                 *x,
                                  double                 *y)
{
  int column, row;
  double offset;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (square < layout->files * layout->ranks);

  catur_board_layout_square_cell (layout, square, &column, &row);
  offset = layout->on_points ? 0.0 : 0.5;
  *x = layout->x + (column + offset) * layout->cell;
  *y = layout->y + (row + offset) * layout->cell;
}

CaturSquare
catur_board_layout_square_at (const CaturBoardLayout *layout,
                              double                  x,
                              double                  y)
{
  double offset;

  g_return_val_if_fail (layout != NULL, CATUR_SQUARE_NONE);

  if (layout->cell <= 0)
    return CATUR_SQUARE_NONE;

  /* On points, a click belongs to the nearest intersection. */
  offset = layout->on_points ? 0.5 : 0.0;
  return catur_board_layout_cell_square (layout,
                                         (int) floor ((x - layout->x) / layout->cell + offset),
                                         (int) floor ((y - layout->y) / layout->cell + offset));
}
