/* catur-threats.h: which of a player's pieces can be taken for free, and where they would be
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The beginner's checklist before a move, asked of the board: is a piece of mine attacked and
 * not defended, or defended but worth more than what takes it? Each capture the other side has
 * of a player's pieces is weighed by the game's static exchange evaluation (its Cannons'
 * screens, its drops), and a piece is in danger when one of them wins material. When the
 * player is to move, the other side's captures are asked of the position with the turn passed
 * (catur_variant_pass_turn()). Only what the players see is read: Banqi's face-down pieces
 * are screens and nothing else.
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include "catur-variant.h"

G_BEGIN_DECLS

/**
 * CaturThreat:
 * @square: where the piece in danger stands
 * @piece: the piece in danger
 * @attacker: the square of the piece that takes it best (by @gain, then the cheapest)
 * @attacker_piece: that piece
 * @gain: what the taker wins by static exchange evaluation, above 0
 * @defended: a piece of its own side takes back: it is lost in the exchange, not for nothing
 *
 * A piece that the other side can take for free.
 */
typedef struct
{
  CaturSquare square;
  CaturPiece piece;
  CaturSquare attacker;
  CaturPiece attacker_piece;
  int gain;
  gboolean defended;
} CaturThreat;

GArray *catur_threats_find              (CaturVariant        *variant,
                                         const CaturPosition *position,
                                         CaturSide            side);
GArray *catur_threats_attacked_squares  (CaturVariant        *variant,
                                         const CaturPosition *position,
                                         CaturSide            side);
char   *catur_threat_describe           (CaturVariant        *variant,
                                         const CaturPosition *position,
                                         const CaturThreat   *threat);

G_END_DECLS
