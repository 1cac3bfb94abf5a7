/* xiangqi-variant.h: Xiangqi behind the CaturVariant contract
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "xiangqi-core.h"

G_BEGIN_DECLS

/* A Xiangqi position behind the contract: the rules core's, after libcatur's header. */
typedef struct
{
  CaturPosition parent;
  XqPosition core;
} XiangqiPosition;

#define XQ(position) (&((XiangqiPosition *) (position))->core)
#define XQ_MUTABLE(position) (&((XiangqiPosition *) (gpointer) (position))->core)

#define XIANGQI_TYPE_VARIANT (xiangqi_variant_get_type ())
G_DECLARE_FINAL_TYPE (XiangqiVariant, xiangqi_variant, XIANGQI, VARIANT, GObject)

void xiangqi_variant_register (GTypeModule *module);
/* xiangqi-setup.c: the position editor's methods */
void xiangqi_variant_setup_iface_init (CaturVariantInterface *iface);

/* The board themes xiangqi-board.c draws; wood is the default. */
#define XIANGQI_BOARD_THEME_WOOD "wood"
#define XIANGQI_BOARD_THEME_CONTRAST "contrast"

void xiangqi_board_draw (cairo_t                *cr,
                         const CaturBoardLayout *layout,
                         const char             *theme,
                         gboolean                dark);

G_END_DECLS
