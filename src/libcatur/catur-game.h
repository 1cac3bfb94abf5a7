/* catur-game.h: one game being played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-variant.h"
#include "catur-engine-list.h"

G_BEGIN_DECLS

#define CATUR_TYPE_GAME_MOVE (catur_game_move_get_type ())
G_DECLARE_FINAL_TYPE (CaturGameMove, catur_game_move, CATUR, GAME_MOVE, GObject)

#define CATUR_TYPE_GAME (catur_game_get_type ())
G_DECLARE_FINAL_TYPE (CaturGame, catur_game, CATUR, GAME, GObject)

/**
 * CATUR_GAME_ERROR:
 *
 * Errors of catur_game_play() and friends.
 */
#define CATUR_GAME_ERROR (catur_game_error_quark ())
typedef enum
{
  CATUR_GAME_ERROR_ILLEGAL_MOVE,
  CATUR_GAME_ERROR_GAME_OVER,
} CaturGameError;

GQuark               catur_game_error_quark         (void);

/**
 * CaturUndoPolicy:
 * @CATUR_UNDO_POLICY_ASK: two people share the board: the opponent allows each take-back
 * @CATUR_UNDO_POLICY_FREE: take-backs happen at once, as many as wanted (against the
 *   computer, or when the players turned the question off)
 * @CATUR_UNDO_POLICY_NONE: no take-backs at all: the game's rules forbid them
 *   (%CATUR_VARIANT_NO_TAKE_BACKS, in force whoever plays), or the players chose so
 *
 * Whether a take-back needs the opponent's permission, or is allowed at all. The game keeps
 * the policy and refuses take-backs under %CATUR_UNDO_POLICY_NONE; who asks and how the answer
 * is given is the shell's. How much a take-back removes does not depend on it: see
 * catur_game_get_take_back_plies().
 */
typedef enum
{
  CATUR_UNDO_POLICY_ASK,
  CATUR_UNDO_POLICY_FREE,
  CATUR_UNDO_POLICY_NONE,
} CaturUndoPolicy;

/* One ply of the record: an item of catur_game_get_moves(). */
guint                catur_game_move_get_ply        (CaturGameMove *self);
CaturSide            catur_game_move_get_side       (CaturGameMove *self);
guint                catur_game_move_get_turn       (CaturGameMove *self);
const CaturMove     *catur_game_move_get_move       (CaturGameMove *self);
const char          *catur_game_move_get_notation   (CaturGameMove *self);
const char          *catur_game_move_get_coordinate (CaturGameMove *self);
gboolean             catur_game_move_get_timed_out  (CaturGameMove *self);
const char          *catur_game_move_get_comment    (CaturGameMove *self);

CaturGame           *catur_game_new                 (CaturVariant  *variant,
                                                     CaturPosition *start);
CaturVariant        *catur_game_get_variant         (CaturGame     *self);
const CaturPosition *catur_game_get_start_position  (CaturGame     *self);
const CaturPosition *catur_game_get_position        (CaturGame     *self);
const CaturPosition *catur_game_get_position_at     (CaturGame     *self,
                                                     guint          ply);
const CaturPosition *catur_game_get_viewed_position (CaturGame     *self);
guint                catur_game_get_n_plies         (CaturGame     *self);
guint                catur_game_get_move_number     (CaturGame     *self,
                                                     guint          ply);
GListModel          *catur_game_get_moves           (CaturGame     *self);
CaturSide            catur_game_get_side_to_move    (CaturGame     *self);
const CaturOutcome  *catur_game_get_outcome         (CaturGame     *self);
gboolean             catur_game_is_over             (CaturGame     *self);
const char          *catur_game_get_side_name       (CaturGame     *self,
                                                     CaturSide      side);
const char          *catur_game_get_side_name_at    (CaturGame     *self,
                                                     guint          ply,
                                                     CaturSide      side);
GPtrArray           *catur_game_list_trays          (CaturGame     *self,
                                                     guint          ply);
GPtrArray           *catur_game_list_counters       (CaturGame     *self,
                                                     guint          ply);
const char          *catur_game_get_notation        (CaturGame     *self);
void                 catur_game_set_notation        (CaturGame     *self,
                                                     const char    *notation_id);
gboolean             catur_game_play                (CaturGame     *self,
                                                     const CaturMove *move,
                                                     GError       **error);
gboolean             catur_game_play_text           (CaturGame     *self,
                                                     const char    *text,
                                                     GError       **error);
gboolean             catur_game_undo                (CaturGame     *self,
                                                     guint          plies);
void                 catur_game_resign              (CaturGame     *self,
                                                     CaturSide      side);
void                 catur_game_agree_draw          (CaturGame     *self);
void                 catur_game_end                 (CaturGame     *self,
                                                     const CaturOutcome *outcome);
gboolean             catur_game_is_outcome_given    (CaturGame     *self);
GVariant            *catur_game_get_options         (CaturGame     *self);
void                 catur_game_set_options         (CaturGame     *self,
                                                     GVariant      *options);
guint                catur_game_get_move_time       (CaturGame     *self);
CaturClock          *catur_game_get_clock           (CaturGame     *self);
void                 catur_game_set_clock_live      (CaturGame     *self,
                                                     gboolean       live);
gboolean             catur_game_get_clock_live      (CaturGame     *self);
void                 catur_game_hold_clock          (CaturGame     *self);
void                 catur_game_release_clock       (CaturGame     *self);
gboolean             catur_game_time_out            (CaturGame     *self);
guint                catur_game_get_time_outs       (CaturGame     *self,
                                                     CaturSide      side);
void                 catur_game_set_clock_referee   (CaturGame     *self,
                                                     gboolean       referee);
gboolean             catur_game_get_time_out_move   (CaturGame     *self,
                                                     guint          time_outs,
                                                     CaturMove     *move);
char                *catur_game_describe_outcome    (CaturGame     *self);

CaturUndoPolicy      catur_game_get_undo_policy     (CaturGame     *self);
void                 catur_game_set_undo_policy     (CaturGame     *self,
                                                     CaturUndoPolicy policy);
guint                catur_game_get_take_back_plies (CaturGame     *self,
                                                     CaturSide      requester);
gboolean             catur_game_take_back           (CaturGame     *self,
                                                     CaturSide      requester);
gboolean             catur_game_can_take_back       (CaturGame     *self,
                                                     char         **reason);

gboolean             catur_game_can_offer_draw      (CaturGame     *self,
                                                     char         **reason);
gboolean             catur_game_draw_offer_is_open  (CaturGame     *self);
gboolean             catur_game_offer_draw          (CaturGame     *self,
                                                     CaturSide      side);
CaturSide            catur_game_get_draw_offer      (CaturGame     *self);
void                 catur_game_answer_draw_offer   (CaturGame     *self,
                                                     gboolean       accept);
void                 catur_game_judge_draw_offer_async  (CaturGame           *self,
                                                         GCancellable        *cancellable,
                                                         GAsyncReadyCallback  callback,
                                                         gpointer             user_data);
gboolean             catur_game_judge_draw_offer_finish (CaturGame     *self,
                                                         GAsyncResult  *result,
                                                         gboolean      *accept,
                                                         char         **reason,
                                                         GError       **error);

guint                catur_game_get_view_ply        (CaturGame     *self);
void                 catur_game_set_view_ply        (CaturGame     *self,
                                                     guint          ply);
gboolean             catur_game_is_reviewing        (CaturGame     *self);

const char          *catur_game_get_comment         (CaturGame     *self,
                                                     guint          ply);
void                 catur_game_set_comment         (CaturGame     *self,
                                                     guint          ply,
                                                     const char    *comment);

CaturSide            catur_game_get_bottom_side     (CaturGame     *self);
void                 catur_game_set_bottom_side     (CaturGame     *self,
                                                     CaturSide      side);
CaturSide            catur_game_get_rematch_bottom_side (CaturGame *self,
                                                     gboolean       swap_colours);
CaturGame           *catur_game_new_rematch         (CaturGame     *self,
                                                     CaturPosition *start,
                                                     gboolean       swap_colours);
/* Playing against the computer */
void                 catur_game_set_computer        (CaturGame     *self,
                                                     CaturSide      side,
                                                     CaturLevel     level,
                                                     guint          movetime);
CaturSide            catur_game_get_computer_side   (CaturGame     *self);
CaturLevel           catur_game_get_computer_level  (CaturGame     *self);
gboolean             catur_game_get_thinking        (CaturGame     *self);
void                 catur_game_set_engine          (CaturGame     *self,
                                                     const CaturEngineEntry *entry);
const CaturEngineEntry *catur_game_get_engine       (CaturGame     *self);
gboolean             catur_game_get_engine_failed   (CaturGame     *self);
CaturEngineClient   *catur_game_get_engine_client   (CaturGame     *self);
char                *catur_game_format_line         (CaturGame     *self,
                                                     const char * const *line,
                                                     guint          max);
void                 catur_game_set_paused          (CaturGame     *self,
                                                     gboolean       paused);
gboolean             catur_game_get_paused          (CaturGame     *self);
guint                catur_game_get_n_searches      (CaturGame     *self);
guint                catur_game_get_undo_turn_plies (CaturGame     *self);
gboolean             catur_game_undo_turn           (CaturGame     *self);
void                 catur_game_set_hint_level      (CaturGame     *self,
                                                     CaturLevel     level);
CaturLevel           catur_game_get_hint_level      (CaturGame     *self);
void                 catur_game_hint_async          (CaturGame     *self,
                                                     GCancellable  *cancellable,
                                                     GAsyncReadyCallback callback,
                                                     gpointer       user_data);
gboolean             catur_game_hint_finish         (CaturGame     *self,
                                                     GAsyncResult  *result,
                                                     CaturMove     *move,
                                                     GError       **error);

G_END_DECLS
