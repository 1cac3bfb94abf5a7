/* catur-puzzle.h: a game's puzzles, read from its data, and played as lessons
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib-object.h>

#include "catur-variant.h"
#include "catur-lesson.h"

G_BEGIN_DECLS

/**
 * CATUR_PUZZLE_RESOURCE_FOLDER:
 *
 * Where in a game's resources its puzzles are: `/io/github/caturapp/Catur/<id>/puzzles/`,
 * `.xml` files read in the order of their names.
 */
#define CATUR_PUZZLE_RESOURCE_FOLDER "puzzles"

/** CATUR_PUZZLE_N_DIFFICULTIES: puzzles come in difficulties 1 to this. */
#define CATUR_PUZZLE_N_DIFFICULTIES 3

/**
 * CaturPuzzleGoal:
 * @CATUR_PUZZLE_MATE: mate in the puzzle's depth of moves, every defence met
 * @CATUR_PUZZLE_MATERIAL: one move that wins material or the game (Banqi, every piece up)
 */
typedef enum
{
  CATUR_PUZZLE_MATE,
  CATUR_PUZZLE_MATERIAL,
} CaturPuzzleGoal;

#define CATUR_TYPE_PUZZLE (catur_puzzle_get_type ())
G_DECLARE_FINAL_TYPE (CaturPuzzle, catur_puzzle, CATUR, PUZZLE, GObject)

GPtrArray     *catur_puzzle_list_from_data     (CaturVariant        *variant,
                                                const char          *data,
                                                gssize               length,
                                                GError             **error);
GPtrArray     *catur_puzzle_list               (CaturVariant        *variant,
                                                GError             **error);
CaturVariant  *catur_puzzle_get_variant        (CaturPuzzle         *self);
const char    *catur_puzzle_get_id             (CaturPuzzle         *self);
guint          catur_puzzle_get_difficulty     (CaturPuzzle         *self);
CaturPuzzleGoal catur_puzzle_get_goal          (CaturPuzzle         *self);
guint          catur_puzzle_get_depth          (CaturPuzzle         *self);
const char    *catur_puzzle_get_position_text  (CaturPuzzle         *self);
GArray        *catur_puzzle_get_line           (CaturPuzzle         *self);
char          *catur_puzzle_get_title          (CaturPuzzle         *self);
char          *catur_puzzle_describe_difficulty (CaturVariant       *variant,
                                                GPtrArray           *puzzles,
                                                guint                difficulty);
gboolean       catur_puzzle_verify             (CaturPuzzle         *self,
                                                char               **why);
CaturExercise *catur_puzzle_new_exercise       (CaturPuzzle         *self);
gboolean       catur_puzzle_get_solved         (CaturPuzzle         *self);
gboolean       catur_puzzle_set_solved         (CaturPuzzle         *self,
                                                GError             **error);

G_END_DECLS
