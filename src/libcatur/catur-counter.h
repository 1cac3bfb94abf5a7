/* catur-counter.h: a number the game shows beside the board (a quiet-move counter)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CaturCounter:
 * @id: a stable id, unique among the variant's counters (`quiet`)
 * @label: the translated label shown beside it ("Moves without a capture")
 * @value: the count now
 * @limit: the count at which something happens (Banqi's draw at 50), shown as `value / limit`;
 *   0 when there is none
 *
 * A number of the game's rules that players follow as the game goes (Banqi's quiet-move
 * counter). The variant lists them for a position (catur_variant_list_counters()).
 */
typedef struct
{
  char *id;
  char *label;
  guint value;
  guint limit;
} CaturCounter;

#define CATUR_TYPE_COUNTER (catur_counter_get_type ())

GType         catur_counter_get_type  (void) G_GNUC_CONST;
CaturCounter *catur_counter_new       (const char         *id,
                                       const char         *label,
                                       guint               value,
                                       guint               limit);
CaturCounter *catur_counter_copy      (const CaturCounter *self);
void          catur_counter_free      (CaturCounter       *self);
CaturCounter *catur_counter_list_find (GPtrArray          *counters,
                                       const char         *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturCounter, catur_counter_free)

G_END_DECLS
