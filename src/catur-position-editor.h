/* catur-position-editor.h: a position set up by hand, on the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <catur.h>

#include "catur-board-view.h"

G_BEGIN_DECLS

#define CATUR_TYPE_POSITION_EDITOR (catur_position_editor_get_type ())
G_DECLARE_FINAL_TYPE (CaturPositionEditor, catur_position_editor, CATUR, POSITION_EDITOR,
                      AdwWindow)

CaturPositionEditor *catur_position_editor_new              (GtkWindow           *parent,
                                                             CaturVariant        *variant,
                                                             const CaturPosition *position,
                                                             CaturBoardView      *board);
CaturVariant        *catur_position_editor_get_variant      (CaturPositionEditor *self);
const CaturPosition *catur_position_editor_get_position     (CaturPositionEditor *self);
CaturPosition       *catur_position_editor_take_start       (CaturPositionEditor *self,
                                                             GError             **error);
CaturBoardView      *catur_position_editor_get_board_view   (CaturPositionEditor *self);
char                *catur_position_editor_get_problem      (CaturPositionEditor *self);
gboolean             catur_position_editor_choose_piece     (CaturPositionEditor *self,
                                                             const char          *letter);
gboolean             catur_position_editor_set_text         (CaturPositionEditor *self,
                                                             const char          *text);
gboolean             catur_position_editor_key_press        (CaturPositionEditor *self,
                                                             guint                keyval,
                                                             GdkModifierType      state);
GtkWidget           *catur_position_editor_get_field_widget (CaturPositionEditor *self,
                                                             const char          *id);
GtkLabel            *catur_position_editor_get_problem_label (CaturPositionEditor *self);

G_END_DECLS
