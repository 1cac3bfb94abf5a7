/* catur-tray.c: a row of pieces beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include "catur.h"

G_DEFINE_BOXED_TYPE (CaturTray, catur_tray, catur_tray_copy, catur_tray_free)

/**
 * catur_tray_new:
 * @id: the tray's stable id
 * @title: its translated title
 * @side: the seat it belongs to, or %CATUR_SIDE_NONE
 *
 * Returns: (transfer full): an empty tray
 */
CaturTray *
catur_tray_new (const char *id,
                const char *title,
                CaturSide   side)
{
  CaturTray *self;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (title != NULL, NULL);
  g_return_val_if_fail (side <= CATUR_SIDE_NONE, NULL);

  self = g_new0 (CaturTray, 1);
  self->id = g_strdup (id);
  self->title = g_strdup (title);
  self->side = side;
  self->items = g_array_new (FALSE, FALSE, sizeof (CaturTrayItem));
  return self;
}

/* Adds @count of @piece after the items there are; a count of 0 adds nothing, so that a
 * variant may add every kind it has and let the empty ones fall out. */
void
catur_tray_add (CaturTray        *self,
                const CaturPiece *piece,
                guint             count)
{
  CaturTrayItem item;

  g_return_if_fail (self != NULL);
  g_return_if_fail (piece != NULL);

  if (count == 0)
    return;
  item.piece = *piece;
  item.count = count;
  g_array_append_val (self->items, item);
}

/* Adds @count of @piece after the items there are, even 0: a kind whose count goes down to
 * nothing (Banqi's pieces still face down) keeps its place, drawn as none left, so that the
 * kinds after it do not move up as the game goes on. */
void
catur_tray_keep (CaturTray        *self,
                 const CaturPiece *piece,
                 guint             count)
{
  CaturTrayItem item;

  g_return_if_fail (self != NULL);
  g_return_if_fail (piece != NULL);

  item.piece = *piece;
  item.count = count;
  g_array_append_val (self->items, item);
}

/* How many of @piece (kind, side and flags alike) the tray holds. */
guint
catur_tray_count (const CaturTray  *self,
                  const CaturPiece *piece)
{
  guint count = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (piece != NULL, 0);

  for (guint i = 0; i < self->items->len; i++)
    {
      const CaturTrayItem *item = &g_array_index (self->items, CaturTrayItem, i);

      if (item->piece.kind == piece->kind && item->piece.side == piece->side
          && item->piece.flags == piece->flags)
        count += item->count;
    }
  return count;
}

CaturTray *
catur_tray_copy (const CaturTray *self)
{
  CaturTray *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = catur_tray_new (self->id, self->title, self->side);
  g_array_append_vals (copy->items, self->items->data, self->items->len);
  return copy;
}

void
catur_tray_free (CaturTray *self)
{
  if (self == NULL)
    return;

  g_free (self->id);
  g_free (self->title);
  g_array_unref (self->items);
  g_free (self);
}

/**
 * catur_tray_list_find:
 * @trays: (element-type CaturTray): trays as catur_variant_list_trays() gives them
 * @id: a tray id
 *
 * Returns: (transfer none) (nullable): the tray @id of @trays
 */
CaturTray *
catur_tray_list_find (GPtrArray  *trays,
                      const char *id)
{
  g_return_val_if_fail (trays != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < trays->len; i++)
    {
      CaturTray *tray = g_ptr_array_index (trays, i);

      if (g_str_equal (tray->id, id))
        return tray;
    }
  return NULL;
}
