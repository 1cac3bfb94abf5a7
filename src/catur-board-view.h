/* catur-board-view.h: the board, its pieces and the player's clicks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <catur.h>

#include "catur-move-clock.h"

#include "catur-selection.h"
#include "catur-theme-cache.h"

G_BEGIN_DECLS

#define CATUR_TYPE_BOARD_VIEW (catur_board_view_get_type ())
G_DECLARE_FINAL_TYPE (CaturBoardView, catur_board_view, CATUR, BOARD_VIEW, GtkWidget)

GtkWidget              *catur_board_view_new                  (void);
CaturGame              *catur_board_view_get_game             (CaturBoardView  *self);
void                    catur_board_view_set_game             (CaturBoardView  *self,
                                                               CaturGame       *game);
void                    catur_board_view_set_move_clock       (CaturBoardView  *self,
                                                               CaturMoveClock  *clock);
gboolean                catur_board_view_get_flipped          (CaturBoardView  *self);
void                    catur_board_view_set_flipped          (CaturBoardView  *self,
                                                               gboolean         flipped);
gboolean                catur_board_view_get_show_legal_moves (CaturBoardView  *self);
void                    catur_board_view_set_show_legal_moves (CaturBoardView  *self,
                                                               gboolean         show_legal_moves);
gboolean                catur_board_view_get_piece_letters    (CaturBoardView  *self);
void                    catur_board_view_set_piece_letters    (CaturBoardView  *self,
                                                               gboolean         piece_letters);
gboolean                catur_board_view_get_table_mode       (CaturBoardView  *self);
void                    catur_board_view_set_table_mode       (CaturBoardView  *self,
                                                               gboolean         table_mode);
const char             *catur_board_view_get_piece_theme      (CaturBoardView  *self);
void                    catur_board_view_set_piece_theme      (CaturBoardView  *self,
                                                               const char      *piece_theme);
const char             *catur_board_view_get_board_theme      (CaturBoardView  *self);
void                    catur_board_view_set_board_theme      (CaturBoardView  *self,
                                                               const char      *board_theme);
gboolean                catur_board_view_get_animations       (CaturBoardView  *self);
void                    catur_board_view_set_animations       (CaturBoardView  *self,
                                                               gboolean         animations);
CaturThemeCache        *catur_board_view_get_theme_cache      (CaturBoardView  *self);
GdkTexture             *catur_board_view_get_board_texture    (CaturBoardView  *self);
const char             *catur_board_view_get_explanation      (CaturBoardView  *self);
CaturSquare             catur_board_view_get_selected         (CaturBoardView  *self);
CaturSquare             catur_board_view_get_cursor           (CaturBoardView  *self);
const CaturBoardLayout *catur_board_view_get_layout           (CaturBoardView  *self);
const char             *catur_board_view_get_accessible_label (CaturBoardView  *self);
const char             *catur_board_view_get_announcement    (CaturBoardView  *self);
void                    catur_board_view_announce             (CaturBoardView  *self,
                                                               const char      *text);
void                    catur_board_view_cancel_selection     (CaturBoardView  *self);
void                    catur_board_view_click_at             (CaturBoardView  *self,
                                                               double           x,
                                                               double           y);
gboolean                catur_board_view_key_press            (CaturBoardView  *self,
                                                               guint            keyval,
                                                               GdkModifierType  state);
char                   *catur_board_view_run_command          (CaturBoardView  *self,
                                                               const char      *text);
char                   *catur_board_view_describe_where       (CaturBoardView  *self);
void                    catur_board_view_set_hint             (CaturBoardView  *self,
                                                               const CaturMove *move);
void                    catur_board_view_set_arrow            (CaturBoardView  *self,
                                                               const CaturMove *move);
gboolean                catur_board_view_get_arrow            (CaturBoardView  *self,
                                                               CaturSquare     *from,
                                                               CaturSquare     *to);
gboolean                catur_board_view_get_hint             (CaturBoardView  *self,
                                                               CaturSquare     *from,
                                                               CaturSquare     *to);
CaturSelection         *catur_board_view_get_selection        (CaturBoardView  *self);
gboolean                catur_board_view_square_center        (CaturBoardView  *self,
                                                               CaturSquare      square,
                                                               double          *x,
                                                               double          *y);
CaturSquare             catur_board_view_square_at            (CaturBoardView  *self,
                                                               double           x,
                                                               double           y);
gboolean                catur_board_view_get_hands_beside     (CaturBoardView  *self);
gboolean                catur_board_view_get_bottom_margin    (CaturBoardView  *self,
                                                               graphene_rect_t *rect);
gboolean                catur_board_view_get_piece_placement  (CaturBoardView  *self,
                                                               CaturSquare      square,
                                                               double          *x,
                                                               double          *y,
                                                               gboolean        *turned);
void                    catur_board_view_set_edit_position    (CaturBoardView  *self,
                                                               const CaturPosition *position);
const CaturPosition    *catur_board_view_get_edit_position    (CaturBoardView  *self);
gboolean                catur_board_view_get_animation        (CaturBoardView  *self,
                                                               CaturSquare     *from,
                                                               CaturSquare     *to,
                                                               CaturMoveEffects *effects);
void                    catur_board_view_set_threats          (CaturBoardView  *self,
                                                               gboolean         shown,
                                                               CaturSide        side);
gboolean                catur_board_view_get_threats_shown    (CaturBoardView  *self);
GArray                 *catur_board_view_get_threats          (CaturBoardView  *self);
void                    catur_board_view_set_show_attacked    (CaturBoardView  *self,
                                                               gboolean         show);
gboolean                catur_board_view_get_show_attacked    (CaturBoardView  *self);
GArray                 *catur_board_view_get_attacked         (CaturBoardView  *self);
char                   *catur_board_view_describe_attacked    (CaturBoardView  *self);
void                    catur_board_view_set_pending_move     (CaturBoardView  *self,
                                                               const CaturMove *move);
gboolean                catur_board_view_get_pending_move     (CaturBoardView  *self,
                                                               CaturMove       *move);

G_END_DECLS
