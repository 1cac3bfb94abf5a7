/* chess-variant.h: chess behind the CaturVariant contract
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "chess-core.h"

G_BEGIN_DECLS

/* A chess position behind the contract: the rules core's, after libcatur's header, and the
 * rule options its text does not tell. */
typedef struct
{
  CaturPosition parent;
  ChessPosition core;
  guint move_time;               /* seconds a move may take, 0 for none: a rule option */
} ChessVariantPosition;

#define CH(position) (&((ChessVariantPosition *) (position))->core)
#define CH_MUTABLE(position) (&((ChessVariantPosition *) (gpointer) (position))->core)

#define CHESS_TYPE_VARIANT (chess_variant_get_type ())
G_DECLARE_FINAL_TYPE (ChessVariant, chess_variant, CHESS, VARIANT, GObject)

void chess_variant_register (GTypeModule *module);
/* chess-setup.c: the position editor's methods */
void chess_variant_setup_iface_init (CaturVariantInterface *iface);

/* The board themes chess-board.c draws; classic is the default. */
#define CHESS_BOARD_THEME_CLASSIC "classic"
#define CHESS_BOARD_THEME_GREEN "green"
#define CHESS_BOARD_THEME_CONTRAST "contrast"

void chess_board_draw (cairo_t                *cr,
                       const CaturBoardLayout *layout,
                       const char             *theme,
                       gboolean                dark);

G_END_DECLS
