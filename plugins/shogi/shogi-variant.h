/* shogi-variant.h: Shogi behind the CaturVariant contract
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "shogi-core.h"

G_BEGIN_DECLS

/* A Shogi position behind the contract: the rules core's, after libcatur's header, and
 * whether the side to move has declared an impasse (S12), which ends the game. */
typedef struct
{
  CaturPosition parent;
  SgPosition core;
  gboolean declared;
} ShogiPosition;

#define SG(position) (&((ShogiPosition *) (position))->core)
#define SG_MUTABLE(position) (&((ShogiPosition *) (gpointer) (position))->core)

#define SHOGI_TYPE_VARIANT (shogi_variant_get_type ())
G_DECLARE_FINAL_TYPE (ShogiVariant, shogi_variant, SHOGI, VARIANT, GObject)

void shogi_variant_register (GTypeModule *module);
/* shogi-setup.c: the position editor's methods */
void shogi_variant_setup_iface_init (CaturVariantInterface *iface);

/* The board themes shogi-board.c draws; kaya wood is the default. */
#define SHOGI_BOARD_THEME_KAYA "kaya"
#define SHOGI_BOARD_THEME_CONTRAST "contrast"

/* The settings key naming the ranks on the board: `kanji` (the default) or `letters`. */
#define SHOGI_RANK_LABELS_KEY "rank-labels"

void shogi_board_draw (cairo_t                *cr,
                       const CaturBoardLayout *layout,
                       const char             *theme,
                       gboolean                dark,
                       gboolean                kanji_ranks);

G_END_DECLS
