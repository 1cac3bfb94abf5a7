/* catur-repetition.h: the positions a game went through, for its rules of repetition
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib.h>

#include "catur-types.h"

G_BEGIN_DECLS

/**
 * CaturRepetitionFlags:
 * @CATUR_REPETITION_GAVE_CHECK: the ply left the side to move in check (for the start
 *   position: the side to move is in check)
 *
 * What a ply did besides reaching its position, as the rules of repetition need it.
 */
typedef enum
{
  CATUR_REPETITION_GAVE_CHECK = 1 << 0,
} CaturRepetitionFlags;

/**
 * CaturRepetition:
 *
 * The record of a game's positions for the rules of repetition (RULES 0.2–0.4): entry 0 is the
 * start position (occurrence #1), entry i the position after ply i. Each entry keeps the
 * position's key (catur_variant_position_key()), the seat that played the ply (none for the
 * start) and #CaturRepetitionFlags.
 *
 * The game keeps one beside its moves: a position holds no past of its own, so that copying
 * a position costs what its board costs, whatever the length of the game. CaturGame and
 * catur-engine push an entry for every ply (catur_variant_push_repetition()), truncate it on
 * undo, hand it to catur_variant_status() and a copy of it to each search
 * (#CaturSearchLimits' @history). A log is used by one thread at a time.
 *
 * Besides the entries, the log answers what every game's rules ask of them: how often a key
 * has come (catur_repetition_count()), since when (catur_repetition_first()), whether one
 * side checked on every ply since (catur_repetition_sole_checker()), and whether a notice
 * is the first of its episode (catur_repetition_first_in_episode()). Each keeps, for every
 * entry, the entry where its key came last before, so that a count costs the occurrences,
 * not the game.
 */
typedef struct _CaturRepetition CaturRepetition;

/**
 * CaturRepetitionJudge:
 * @history: the game's positions
 * @index: an entry of @history
 * @user_data: the data given with the function
 *
 * A game's rule of repetition applied at the position of entry @index, reading only the
 * entries up to @index (the game as it stood then).
 *
 * Returns: 0 when the rule says nothing there, else a verdict numbered by the game (a warning
 *   to one side, an information)
 */
typedef guint (*CaturRepetitionJudge) (const CaturRepetition *history,
                                       guint                  index,
                                       gpointer               user_data);

CaturRepetition *catur_repetition_new       (guint64                start_key,
                                             guint8                 start_flags);
CaturRepetition *catur_repetition_copy      (const CaturRepetition *self);
void             catur_repetition_free      (CaturRepetition       *self);

void             catur_repetition_push      (CaturRepetition       *self,
                                             guint64                key,
                                             CaturSide              mover,
                                             guint8                 flags);
void             catur_repetition_truncate  (CaturRepetition       *self,
                                             guint                  length);

guint            catur_repetition_get_length (const CaturRepetition *self);
guint            catur_repetition_get_last  (const CaturRepetition *self);
guint64          catur_repetition_get_key   (const CaturRepetition *self,
                                             guint                  index);
CaturSide        catur_repetition_get_mover (const CaturRepetition *self,
                                             guint                  index);
guint8           catur_repetition_get_flags (const CaturRepetition *self,
                                             guint                  index);

gint             catur_repetition_previous  (const CaturRepetition *self,
                                             guint                  index);
guint            catur_repetition_count     (const CaturRepetition *self,
                                             guint                  index);
guint            catur_repetition_first     (const CaturRepetition *self,
                                             guint                  index);
gboolean         catur_repetition_checked_throughout (const CaturRepetition *self,
                                                      guint                  index,
                                                      CaturSide              side);
CaturSide        catur_repetition_sole_checker (const CaturRepetition *self,
                                                guint                  index);
guint            catur_repetition_episode_start (const CaturRepetition *self,
                                                 guint                  index);
gboolean         catur_repetition_first_in_episode (const CaturRepetition *self,
                                                    guint                  index,
                                                    guint                  verdict,
                                                    CaturRepetitionJudge   judge,
                                                    gpointer               user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturRepetition, catur_repetition_free)

G_END_DECLS
