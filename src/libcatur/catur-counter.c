/* catur-counter.c: a number the game shows beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include "catur.h"

G_DEFINE_BOXED_TYPE (CaturCounter, catur_counter, catur_counter_copy, catur_counter_free)

/**
 * catur_counter_new:
 * @id: the counter's stable id
 * @label: its translated label
 * @value: the count now
 * @limit: the count at which the rules act, or 0
 *
 * Returns: (transfer full): a counter
 */
CaturCounter *
catur_counter_new (const char *id,
                   const char *label,
                   guint       value,
                   guint       limit)
{
  CaturCounter *self;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (label != NULL, NULL);

  self = g_new0 (CaturCounter, 1);
  self->id = g_strdup (id);
  self->label = g_strdup (label);
  self->value = value;
  self->limit = limit;
  return self;
}

CaturCounter *
catur_counter_copy (const CaturCounter *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return catur_counter_new (self->id, self->label, self->value, self->limit);
}

void
catur_counter_free (CaturCounter *self)
{
  if (self == NULL)
    return;

  g_free (self->id);
  g_free (self->label);
  g_free (self);
}

/**
 * catur_counter_list_find:
 * @counters: (element-type CaturCounter): counters as catur_variant_list_counters() gives them
 * @id: a counter id
 *
 * Returns: (transfer none) (nullable): the counter @id of @counters
 */
CaturCounter *
catur_counter_list_find (GPtrArray  *counters,
                         const char *id)
{
  g_return_val_if_fail (counters != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < counters->len; i++)
    {
      CaturCounter *counter = g_ptr_array_index (counters, i);

      if (g_str_equal (counter->id, id))
        return counter;
    }
  return NULL;
}
