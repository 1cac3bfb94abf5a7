/* catur-threats.c: which of a player's pieces can be taken for free
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur-threats"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "catur.h"

/* The position in which @side's opponent is to move, as the players see it: @position itself
 * when it is so, else with the turn passed; %NULL when the turn cannot pass (in check). */
static CaturPosition *
opponent_to_move (CaturVariant        *variant,
                  const CaturPosition *position,
                  CaturSide            side)
{
  if (catur_variant_side_to_move (variant, position) != side)
    return catur_variant_observe (variant, position);
  return catur_variant_pass_turn (variant, position);
}

/* The piece of @side that @move takes in @board, where it stands, and what takes it. */
static gboolean
takes_piece_of (CaturVariant        *variant,
                const CaturPosition *board,
                const CaturMove     *move,
                CaturSide            side,
                CaturSquare         *square,
                CaturPiece          *victim,
                CaturPiece          *attacker)
{
  CaturMoveEffects effects;

  if (move->flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DROP | CATUR_MOVE_DECLARE))
    return FALSE;
  catur_variant_move_effects (variant, board, move, &effects);
  if (effects.captured == CATUR_SQUARE_NONE
      || !catur_variant_piece_at (variant, board, effects.captured, victim)
      || victim->side != side || (victim->flags & CATUR_PIECE_FACE_DOWN)
      || !catur_variant_piece_at (variant, board, move->from, attacker))
    return FALSE;
  *square = effects.captured;
  return TRUE;
}

/* Whether a legal move of @board takes what stands on @square. */
static gboolean
square_taken (CaturVariant        *variant,
              const CaturPosition *board,
              GArray              *moves,
              CaturSquare          square,
              CaturSide            side)
{
  for (guint i = 0; i < moves->len; i++)
    {
      CaturSquare taken;
      CaturPiece victim, attacker;

      if (takes_piece_of (variant, board, &g_array_index (moves, CaturMove, i), side, &taken,
                          &victim, &attacker)
          && taken == square)
        return TRUE;
    }
  return FALSE;
}

static int
find_threat (GArray      *threats,
             CaturSquare  square)
{
  for (guint i = 0; i < threats->len; i++)
    if (g_array_index (threats, CaturThreat, i).square == square)
      return (int) i;
  return -1;
}

/**
 * catur_threats_find:
 * @variant: the game
 * @position: a position; only what the players see of it is read
 * @side: whose pieces are asked about
 *
 * The pieces of @side that the other side can take for free: undefended, or defended but lost
 * in the exchange, by the game's static exchange evaluation (catur_variant_static_exchange()).
 * A king is never listed (the check says what threatens it), nor is anything while @side is in
 * check, when the turn cannot pass: the check comes first.
 *
 * Returns: (transfer full) (element-type CaturThreat): the threats, in the order of the board's
 *   squares
 */
GArray *
catur_threats_find (CaturVariant        *variant,
                    const CaturPosition *position,
                    CaturSide            side)
{
  g_autoptr(CaturPosition) board = NULL;
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GArray) takes = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  GArray *threats = g_array_new (FALSE, TRUE, sizeof (CaturThreat));

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), threats);
  g_return_val_if_fail (position != NULL && position->variant == variant, threats);

  board = opponent_to_move (variant, position, side);
  if (board == NULL)
    return threats;
  moves = catur_variant_legal_moves (variant, board);
  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      CaturThreat threat = { 0 };
      int value, found;

      if (!takes_piece_of (variant, board, move, side, &threat.square, &threat.piece,
                           &threat.attacker_piece))
        continue;
      value = catur_variant_get_piece_value (variant, &threat.piece);
      if (value <= 0)
        continue;
      threat.attacker = move->from;
      threat.gain = catur_variant_static_exchange (variant, board, move);
      if (threat.gain <= 0)
        continue;
      found = find_threat (threats, threat.square);
      if (found < 0)
        {
          g_array_append_val (threats, threat);
          g_array_append_val (takes, *move);
        }
      else
        {
          CaturThreat *known = &g_array_index (threats, CaturThreat, found);

          if (threat.gain > known->gain
              || (threat.gain == known->gain
                  && catur_variant_get_piece_value (variant, &threat.attacker_piece)
                     < catur_variant_get_piece_value (variant, &known->attacker_piece)))
            {
              *known = threat;
              g_array_index (takes, CaturMove, found) = *move;
            }
        }
    }
  /* Defended: its side takes back after the best capture. A game's SEE may count more than
   * the piece (Shogi's hands), so the exchange's gain does not tell. */
  for (guint i = 0; i < threats->len; i++)
    {
      CaturThreat *threat = &g_array_index (threats, CaturThreat, i);
      g_autoptr(CaturPosition) after = catur_position_copy (board);
      g_autoptr(GArray) replies = NULL;

      catur_variant_play (variant, after, &g_array_index (takes, CaturMove, i));
      if (catur_variant_side_to_move (variant, after) != side)
        continue;
      replies = catur_variant_legal_moves (variant, after);
      threat->defended = square_taken (variant, after, replies, threat->square,
                                       threat->attacker_piece.side);
    }
  return threats;
}

static int
compare_values (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  CaturVariant *variant = user_data;

  return catur_variant_get_piece_value (variant, a) - catur_variant_get_piece_value (variant, b);
}

/**
 * catur_threats_attacked_squares:
 * @variant: the game
 * @position: a position; only what the players see of it is read
 * @side: the player asking
 *
 * The squares the other side attacks, for @side: those of @side's pieces that the other side
 * can take, and the empty squares where a piece of @side would be taken: each piece that may
 * stand there is put there in turn, the cheapest first, so that a pawn's push or a Cannon's
 * move without a screen counts for nothing, as it takes nothing, and a square where only some
 * pieces would be taken (Banqi's ranks) counts. In check, or in a game that
 * cannot be set up by hand, the empty squares are left out.
 *
 * Returns: (transfer full) (element-type CaturSquare): the squares, in the board's order
 */
GArray *
catur_threats_attacked_squares (CaturVariant        *variant,
                                const CaturPosition *position,
                                CaturSide            side)
{
  g_autoptr(CaturPosition) board = NULL;
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GArray) probes = g_array_new (FALSE, FALSE, sizeof (CaturPiece));
  GArray *squares = g_array_new (FALSE, FALSE, sizeof (CaturSquare));
  CaturGeometry geometry;
  const CaturPiece *pieces;
  guint n_pieces = 0;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), squares);
  g_return_val_if_fail (position != NULL && position->variant == variant, squares);

  board = opponent_to_move (variant, position, side);
  if (board == NULL)
    return squares;
  moves = catur_variant_legal_moves (variant, board);
  catur_variant_get_geometry (variant, &geometry);

  /* The pieces that may stand on an empty square to ask, the cheapest first; a king is worth
   * nothing and is never taken, so it asks nothing. Each is tried until one would be taken. */
  pieces = catur_variant_can_set_up (variant)
           ? catur_variant_list_setup_pieces (variant, &n_pieces) : NULL;
  for (guint i = 0; i < n_pieces; i++)
    if (!(pieces[i].flags & CATUR_PIECE_FACE_DOWN)
        && catur_variant_get_piece_value (variant, &pieces[i]) > 0)
      g_array_append_val (probes, pieces[i]);
  g_array_sort_with_data (probes, compare_values, variant);

  for (CaturSquare square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      CaturPiece piece;
      gboolean attacked = FALSE;

      if (catur_variant_piece_at (variant, board, square, &piece))
        attacked = piece.side == side && !(piece.flags & CATUR_PIECE_FACE_DOWN)
                   && square_taken (variant, board, moves, square, side);
      else
        for (guint i = 0; i < probes->len; i++)
          {
            g_autoptr(CaturPosition) probe = catur_position_copy (board);
            g_autoptr(GArray) replies = NULL;
            CaturPiece placed;

            /* Sides are seats, and a game may name its set-up pieces by colour: the piece is
             * one of @side's when the board says so once it stands there. */
            if (!catur_variant_set_piece (variant, probe, square,
                                          &g_array_index (probes, CaturPiece, i))
                || !catur_variant_piece_at (variant, probe, square, &placed)
                || placed.side != side)
              continue;
            replies = catur_variant_legal_moves (variant, probe);
            attacked = square_taken (variant, probe, replies, square, side);
            if (attacked)
              break;
          }
      if (attacked)
        g_array_append_val (squares, square);
    }
  return squares;
}

/**
 * catur_threat_describe:
 * @variant: the game
 * @position: (nullable): the position that names the sides
 * @threat: a threat of catur_threats_find()
 *
 * What a screen reader says after the piece in danger: "in danger: the Black Cannon on e7 can
 * take it".
 *
 * Returns: (transfer full): the translated words
 */
char *
catur_threat_describe (CaturVariant        *variant,
                       const CaturPosition *position,
                       const CaturThreat   *threat)
{
  g_autofree char *attacker = NULL;
  char square[8] = "";

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (threat != NULL, NULL);

  attacker = catur_variant_describe_piece (variant, position, &threat->attacker_piece);
  catur_variant_square_name (variant, threat->attacker, square);
  if (threat->defended)
    /* Translators: said of a defended piece that loses the exchange, after its name, e.g.
     * "e5, Red Horse, in danger: the Black Cannon on e7 takes it and wins the exchange" */
    return g_strdup_printf (_("in danger: the %s on %s takes it and wins the exchange"),
                            attacker, square);
  /* Translators: said of an undefended piece, after its name, e.g. "e5, Red Horse, in
   * danger: the Black Cannon on e7 can take it" */
  return g_strdup_printf (_("in danger: the %s on %s can take it"), attacker, square);
}
