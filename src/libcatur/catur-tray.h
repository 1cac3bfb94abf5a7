/* catur-tray.h: a row of pieces beside the board (captured, still face down)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib-object.h>

#include "catur-types.h"

G_BEGIN_DECLS

/**
 * CaturTrayItem:
 * @piece: the piece, as catur_variant_get_piece_image() draws it
 * @count: how many of it the tray holds: 1 or more, or 0 for a kind the tray keeps in its
 *   place when none is left (catur_tray_keep())
 */
typedef struct
{
  CaturPiece piece;
  guint count;
} CaturTrayItem;

/**
 * CaturTray:
 * @id: a stable id, unique among the variant's trays (`captured-first`, `unrevealed`)
 * @title: the translated title shown over it ("Face down", "Taken by Red")
 * @side: the seat it belongs to, drawn on that player's side of the sidebar, or
 *   %CATUR_SIDE_NONE for a tray of both (Banqi's pieces still face down)
 * @items: (element-type CaturTrayItem): the pieces in the order they are drawn
 *
 * Pieces the game shows beside the board that are not in a hand: captured pieces (Banqi,
 * Chess's captured material) and pieces still face down per kind and colour (Banqi). The
 * variant lists them for a position (catur_variant_list_trays()); one sidebar widget draws
 * every game's trays. A tray may be empty: it keeps its place.
 */
typedef struct
{
  char *id;
  char *title;
  CaturSide side;
  GArray *items;
} CaturTray;

#define CATUR_TYPE_TRAY (catur_tray_get_type ())

GType      catur_tray_get_type (void) G_GNUC_CONST;
CaturTray *catur_tray_new      (const char       *id,
                                const char       *title,
                                CaturSide         side);
void       catur_tray_add      (CaturTray        *self,
                                const CaturPiece *piece,
                                guint             count);
void       catur_tray_keep     (CaturTray        *self,
                                const CaturPiece *piece,
                                guint             count);
guint      catur_tray_count    (const CaturTray  *self,
                                const CaturPiece *piece);
CaturTray *catur_tray_copy     (const CaturTray  *self);
void       catur_tray_free     (CaturTray        *self);
CaturTray *catur_tray_list_find (GPtrArray       *trays,
                                 const char      *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturTray, catur_tray_free)

G_END_DECLS
