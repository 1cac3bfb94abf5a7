/* banqi-variant.h: Banqi behind the CaturVariant contract
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "banqi-core.h"

G_BEGIN_DECLS

/* A Banqi position behind the contract: the rules core's, after libcatur's header. The
 * referee's position knows what lies face down; an observation does not. */
typedef struct
{
  CaturPosition parent;
  BqPosition core;
  guint16 move_time;           /* seconds a turn may take, 0 for no limit (apply_options) */
} BanqiPosition;

#define BQ(position) (&((BanqiPosition *) (position))->core)
#define BQ_CONST(position) ((const BqPosition *) &((const BanqiPosition *) (position))->core)

/* The ids of the setup options of B12's rule variants, in the order of BqRules' bits, each
 * "off" or "on": a macro for a table of each file's own, as BQ_FULL_SET. */
#define BANQI_RULE_OPTION_IDS { "olympiad", "chariot-slide", "chain-captures", "hong-kong", NULL }

#define BANQI_TYPE_VARIANT (banqi_variant_get_type ())
G_DECLARE_FINAL_TYPE (BanqiVariant, banqi_variant, BANQI, VARIANT, GObject)

void banqi_variant_register (GTypeModule *module);
/* banqi-setup.c: the position editor's methods */
void banqi_variant_setup_iface_init (CaturVariantInterface *iface);

/* The board themes banqi-board.c draws; wood is the default. */
#define BANQI_BOARD_THEME_WOOD "wood"
#define BANQI_BOARD_THEME_SLATE "slate"

void banqi_board_draw (cairo_t                *cr,
                       const CaturBoardLayout *layout,
                       const char             *theme,
                       gboolean                dark);

G_END_DECLS
