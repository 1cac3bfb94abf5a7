/* catur-variant.c: the contract every game implements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "catur.h"

G_DEFINE_INTERFACE (CaturVariant, catur_variant, G_TYPE_OBJECT)

G_DEFINE_QUARK (catur-variant-error-quark, catur_variant_error)

static void
catur_variant_default_init (CaturVariantInterface *iface)
{
}

#define IFACE(self) CATUR_VARIANT_GET_IFACE (self)

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

const char *
catur_variant_get_side_name (CaturVariant *self,
                             CaturSide     side)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, NULL);

  return IFACE (self)->get_side_name (self, side);
}

const char *
catur_variant_get_side_id (CaturVariant *self,
                           CaturSide     side)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, NULL);

  return IFACE (self)->get_side_id (self, side);
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

const char *
catur_variant_get_settings_schema_id (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  if (IFACE (self)->get_settings_schema_id == NULL)
    return NULL;
  return IFACE (self)->get_settings_schema_id (self);
}

const char *
catur_variant_get_default_theme (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  return IFACE (self)->get_default_theme (self);
}

char *
catur_variant_get_theme_resource (CaturVariant *self,
                                  const char   *theme)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (theme != NULL, NULL);

  return IFACE (self)->get_theme_resource (self, theme);
}

const char *
catur_variant_get_piece_image (CaturVariant     *self,
                               const CaturPiece *piece)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  return IFACE (self)->get_piece_image (self, piece);
}

const char *
catur_variant_get_piece_name (CaturVariant *self,
                              guint8        kind)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  return IFACE (self)->get_piece_name (self, kind);
}

char
catur_variant_get_piece_letter (CaturVariant *self,
                                guint8        kind,
                                CaturSide     side)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), '?');

  return IFACE (self)->get_piece_letter (self, kind, side);
}

void
catur_variant_square_name (CaturVariant *self,
                           CaturSquare   square,
                           char          name[8])
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (name != NULL);

  name[0] = '\0';
  IFACE (self)->square_name (self, square, name);
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

char *
catur_variant_format (CaturVariant        *self,
                      const CaturPosition *position)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);

  return IFACE (self)->format (self, position);
}

CaturSide
catur_variant_side_to_move (CaturVariant        *self,
                            const CaturPosition *position)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), CATUR_SIDE_NONE);
  g_return_val_if_fail (position != NULL, CATUR_SIDE_NONE);

  return IFACE (self)->side_to_move (self, position);
}

gboolean
catur_variant_piece_at (CaturVariant        *self,
                        const CaturPosition *position,
                        CaturSquare          square,
                        CaturPiece          *piece)
{
  CaturPiece ignored;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);

  if (piece == NULL)
    piece = &ignored;
  memset (piece, 0, sizeof *piece);
  piece->side = CATUR_SIDE_NONE;
  return IFACE (self)->piece_at (self, position, square, piece);
}

guint
catur_variant_hand_count (CaturVariant        *self,
                          const CaturPosition *position,
                          CaturSide            side,
                          guint8               kind)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), 0);
  g_return_val_if_fail (position != NULL, 0);

  if (IFACE (self)->hand_count == NULL)
    return 0;
  return IFACE (self)->hand_count (self, position, side, kind);
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
 * @from: a square, or %CATUR_SQUARE_NONE for drops
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
  const char *ignored;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  if (reason_id == NULL)
    reason_id = &ignored;
  *reason_id = NULL;
  return IFACE (self)->explain (self, position, move, reason_id);
}

gboolean
catur_variant_is_legal (CaturVariant        *self,
                        const CaturPosition *position,
                        const CaturMove     *move)
{
  g_autoptr(GArray) moves = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  moves = catur_variant_legal_moves (self, position);
  for (guint i = 0; i < moves->len; i++)
    if (catur_move_equal (&g_array_index (moves, CaturMove, i), move))
      return TRUE;
  return FALSE;
}

void
catur_variant_play (CaturVariant    *self,
                    CaturPosition   *position,
                    const CaturMove *move)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (move != NULL);

  IFACE (self)->play (self, position, move);
}

void
catur_variant_status (CaturVariant        *self,
                      const CaturPosition *position,
                      CaturOutcome        *outcome)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (outcome != NULL);

  catur_outcome_init (outcome);
  IFACE (self)->status (self, position, outcome);
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

char *
catur_variant_format_move (CaturVariant        *self,
                           const CaturPosition *position,
                           const CaturMove     *move,
                           CaturNotation        notation)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  return IFACE (self)->format_move (self, position, move, notation);
}

gboolean
catur_variant_parse_move (CaturVariant         *self,
                          const CaturPosition  *position,
                          const char           *text,
                          CaturMove            *move,
                          GError              **error)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return IFACE (self)->parse_move (self, position, text, move, error);
}

char *
catur_variant_describe_outcome (CaturVariant       *self,
                                const CaturOutcome *outcome)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (outcome != NULL, NULL);

  return IFACE (self)->describe_outcome (self, outcome);
}

void
catur_variant_draw_board (CaturVariant           *self,
                          cairo_t                *cr,
                          const CaturBoardLayout *layout,
                          gboolean                dark)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (layout != NULL);

  cairo_save (cr);
  IFACE (self)->draw_board (self, cr, layout, dark);
  cairo_restore (cr);
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

/* Whether the game has a computer player. */
gboolean
catur_variant_can_think (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);

  return IFACE (self)->think != NULL;
}

/**
 * catur_variant_think:
 * @self: a #CaturVariant
 * @position: the position to search; it is copied, so the caller may go on using it
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

  memset (result, 0, sizeof *result);
  if (IFACE (self)->think == NULL)
    {
      /* Translators: %s is the name of a game, such as "Banqi" */
      g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_NOT_SUPPORTED,
                   _("%s has no computer player yet"), catur_variant_get_name (self));
      return FALSE;
    }

  /* The search works on a copy of its own: the caller's position may be read meanwhile. */
  copy = catur_position_copy (position);
  return IFACE (self)->think (self, copy, limits, info_func, info_data, cancellable, result,
                              error);
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

/* The board's file and rank at a point of the widget, seen from the side at the bottom. */
static void
layout_view_coordinates (const CaturBoardLayout *layout,
                         CaturSquare             square,
                         int                    *column,
                         int                    *row)
{
  int file = square % layout->files;
  int rank = square / layout->files;

  if (layout->flipped)
    {
      *column = layout->files - 1 - file;
      *row = rank;
    }
  else
    {
      *column = file;
      *row = layout->ranks - 1 - rank;
    }
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

  layout_view_coordinates (layout, square, &column, &row);
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
  int column, row, file, rank;

  g_return_val_if_fail (layout != NULL, CATUR_SQUARE_NONE);

  if (layout->cell <= 0)
    return CATUR_SQUARE_NONE;

  /* On points, a click belongs to the nearest intersection. */
  offset = layout->on_points ? 0.5 : 0.0;
  column = (int) floor ((x - layout->x) / layout->cell + offset);
  row = (int) floor ((y - layout->y) / layout->cell + offset);
  if (column < 0 || row < 0 || column >= layout->files || row >= layout->ranks)
    return CATUR_SQUARE_NONE;

  if (layout->flipped)
    {
      file = layout->files - 1 - column;
      rank = row;
    }
  else
    {
      file = column;
      rank = layout->ranks - 1 - row;
    }
  return (CaturSquare) (rank * layout->files + file);
}
