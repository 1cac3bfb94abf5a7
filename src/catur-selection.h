/* catur-selection.h: what the player's clicks on the board mean, without a widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <catur.h>

G_BEGIN_DECLS

/**
 * CaturSelectionAction:
 * @CATUR_SELECTION_IGNORED: the board takes no input now (the computer thinks, there is no
 *   game, or the square is not one of the board's): nothing changed. A press on an earlier
 *   position is explained (%CATUR_SELECTION_EXPLAIN) and changes nothing either
 * @CATUR_SELECTION_SELECTED: a piece was picked up, or another one instead of it: see
 *   catur_selection_get_selected() and catur_selection_get_targets()
 * @CATUR_SELECTION_DESELECTED: the piece was put back
 * @CATUR_SELECTION_PLAY: the click makes one legal move, catur_selection_get_move(), which the
 *   caller plays; the selection is dropped
 * @CATUR_SELECTION_CHOOSE: several legal moves answer the same click (the pieces a pawn may
 *   promote to, say): the caller lets the player pick one of catur_selection_get_choices() and
 *   tells it with catur_selection_choose(). The selection stays meanwhile
 * @CATUR_SELECTION_EXPLAIN: the click cannot be played; catur_selection_get_explanation() says
 *   why, in the game's words. The selection, if any, stays
 *
 * What a press on a square comes to; catur_selection_activate() returns it.
 */
typedef enum
{
  CATUR_SELECTION_IGNORED,
  CATUR_SELECTION_SELECTED,
  CATUR_SELECTION_DESELECTED,
  CATUR_SELECTION_PLAY,
  CATUR_SELECTION_CHOOSE,
  CATUR_SELECTION_EXPLAIN,
} CaturSelectionAction;

/**
 * CaturSelectionTargetKind:
 * @CATUR_SELECTION_TARGET_EMPTY: the selected piece may go to this empty square
 * @CATUR_SELECTION_TARGET_CAPTURE: it may take the piece standing there
 */
typedef enum
{
  CATUR_SELECTION_TARGET_EMPTY,
  CATUR_SELECTION_TARGET_CAPTURE,
} CaturSelectionTargetKind;

/**
 * CaturSelectionTarget:
 * @square: a square the selected piece may move to, once however many moves lead there
 * @kind: a #CaturSelectionTargetKind, for the marker drawn on it
 */
typedef struct
{
  CaturSquare square;
  CaturSelectionTargetKind kind;
} CaturSelectionTarget;

#define CATUR_TYPE_SELECTION (catur_selection_get_type ())
G_DECLARE_FINAL_TYPE (CaturSelection, catur_selection, CATUR, SELECTION, GObject)

CaturSelection             *catur_selection_new             (void);
CaturGame                  *catur_selection_get_game        (CaturSelection *self);
void                        catur_selection_set_game        (CaturSelection *self,
                                                             CaturGame      *game);
gboolean                    catur_selection_accepts_input   (CaturSelection *self);
void                        catur_selection_set_player      (CaturSelection *self,
                                                             CaturSide       side,
                                                             const char     *waits);
CaturSelectionAction        catur_selection_activate        (CaturSelection *self,
                                                             CaturSquare     square);
gboolean                    catur_selection_would_deselect  (CaturSelection *self,
                                                             CaturSquare     square);
CaturSelectionAction        catur_selection_choose          (CaturSelection *self,
                                                             guint           index);
gboolean                    catur_selection_cancel          (CaturSelection *self);
CaturSquare                 catur_selection_get_selected    (CaturSelection *self);
const CaturSelectionTarget *catur_selection_get_targets     (CaturSelection *self,
                                                             guint          *n_targets);
gboolean                    catur_selection_get_move        (CaturSelection *self,
                                                             CaturMove      *move);
const CaturMove            *catur_selection_get_choices     (CaturSelection *self,
                                                             guint          *n_choices);
const char                 *catur_selection_get_explanation (CaturSelection *self);
const char                 *catur_selection_get_reason_id   (CaturSelection *self);

G_END_DECLS
