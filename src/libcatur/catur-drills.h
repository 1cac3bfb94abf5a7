/* catur-drills.h: the player's own mistakes, kept as drills and offered again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib-object.h>

#include "catur-judge.h"
#include "catur-variant.h"

G_BEGIN_DECLS

/**
 * CATUR_DRILL_BOXES:
 *
 * How many Leitner boxes a drill climbs through: a new or failed drill is in box 0, each
 * solve moves it one up, to at most the last.
 */
#define CATUR_DRILL_BOXES 6

/**
 * CaturDrill:
 * @id: the drill's key in the store, made from its game, position and move
 * @game_id: the game it comes from: a variant id (`xiangqi`, `chess`)
 * @position: the position before the mistake, in the game's own text
 * @played: the move played there, in the game's coordinate notation
 * @best: (nullable): the engine's best move there, likewise; %NULL when not known yet
 * @sentence: (nullable): what the judge said of the move played
 * @box: its Leitner box, 0 to %CATUR_DRILL_BOXES - 1
 * @due: when it is next offered, in seconds since the epoch
 * @n_solved: how many times it was solved
 * @n_failed: how many times it was failed
 *
 * One mistake kept to be tried again.
 */
typedef struct
{
  char *id;
  char *game_id;
  char *position;
  char *played;
  char *best;
  char *sentence;
  guint box;
  gint64 due;
  guint n_solved;
  guint n_failed;
} CaturDrill;

#define CATUR_TYPE_DRILL (catur_drill_get_type ())

GType       catur_drill_get_type  (void) G_GNUC_CONST;
CaturDrill *catur_drill_copy      (const CaturDrill *self);
void        catur_drill_free      (CaturDrill       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturDrill, catur_drill_free)

#define CATUR_TYPE_DRILLS (catur_drills_get_type ())
G_DECLARE_FINAL_TYPE (CaturDrills, catur_drills, CATUR, DRILLS, GObject)

CaturDrills *catur_drills_new            (const char   *path);
const char  *catur_drills_get_path       (CaturDrills  *self);
const char  *catur_drills_get_warning    (CaturDrills  *self);
CaturDrill  *catur_drills_add            (CaturDrills  *self,
                                          const char   *game_id,
                                          const char   *position,
                                          const char   *played,
                                          const char   *best,
                                          const char   *sentence,
                                          GError      **error);
CaturDrill  *catur_drills_lookup         (CaturDrills  *self,
                                          const char   *id);
GPtrArray   *catur_drills_list           (CaturDrills  *self,
                                          const char   *game_id);
GPtrArray   *catur_drills_list_due       (CaturDrills  *self,
                                          const char   *game_id,
                                          gint64        now);
gboolean     catur_drills_record         (CaturDrills  *self,
                                          const char   *id,
                                          gboolean      solved,
                                          gint64        now,
                                          GError      **error);
gint64       catur_drills_now            (void);

char        *catur_drills_describe_try   (CaturVariant         *variant,
                                          const CaturPosition  *position,
                                          const CaturJudgement *mistake,
                                          const CaturJudgement *attempt,
                                          gboolean             *solved);

G_END_DECLS
