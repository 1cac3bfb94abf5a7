/* catur-lesson.h: lessons read from a game's data, and the player that checks each try
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib-object.h>

#include "catur-variant.h"

G_BEGIN_DECLS

/**
 * CATUR_LESSON_ERROR:
 *
 * The error domain of lesson files: what is wrong, and on which line.
 */
#define CATUR_LESSON_ERROR (catur_lesson_error_quark ())
typedef enum
{
  CATUR_LESSON_ERROR_MARKUP,
  CATUR_LESSON_ERROR_INVALID,
  CATUR_LESSON_ERROR_POSITION,
  CATUR_LESSON_ERROR_MOVE,
} CaturLessonError;

GQuark catur_lesson_error_quark (void);

/**
 * CaturGoalKind:
 * @CATUR_GOAL_MOVE: this very move (`move`)
 * @CATUR_GOAL_CAPTURE: any capture, or one of the piece on `square`
 * @CATUR_GOAL_CHECK: a move that gives check
 * @CATUR_GOAL_MATE: a move that wins the game at once (mate, or the last piece taken)
 * @CATUR_GOAL_ESCAPE: a move out of check, in the way `way` says: `king` (the king steps
 *   away), `capture` (the checking piece taken), `block` (a piece put between), or any
 * @CATUR_GOAL_REACH: a piece, or the piece from `from`, arrives on `square`
 * @CATUR_GOAL_PROMOTE: a move that promotes, on `square` if given
 * @CATUR_GOAL_FLIP: a face-down piece turned over, on `square` if given
 * @CATUR_GOAL_DROP: a piece from the hand put on the board, on `square` if given
 * @CATUR_GOAL_JUDGED: no condition of its own: the exercise's judge decides (puzzles)
 *
 * What a step asks for: a condition the rules core checks on the move and the position after.
 */
typedef enum
{
  CATUR_GOAL_MOVE,
  CATUR_GOAL_CAPTURE,
  CATUR_GOAL_CHECK,
  CATUR_GOAL_MATE,
  CATUR_GOAL_ESCAPE,
  CATUR_GOAL_REACH,
  CATUR_GOAL_PROMOTE,
  CATUR_GOAL_FLIP,
  CATUR_GOAL_DROP,
  CATUR_GOAL_JUDGED,
} CaturGoalKind;

typedef enum
{
  CATUR_ESCAPE_ANY,
  CATUR_ESCAPE_KING,
  CATUR_ESCAPE_CAPTURE,
  CATUR_ESCAPE_BLOCK,
} CaturEscapeWay;

/**
 * CaturLessonStep:
 * @position: the position text in the game's own form (FEN, SFEN, BFEN)
 * @hidden: (nullable): what lies face down, in catur_variant_restore_hidden()'s form
 * @task: the task's words, translated
 * @miss: the sentence said when a legal move misses the task, translated
 * @done: (nullable): what is said when the task is done, translated
 * @goal: what the task asks for
 * @escape: for %CATUR_GOAL_ESCAPE, the way out of check asked for
 * @goal_move: for %CATUR_GOAL_MOVE, the move
 * @goal_square: the square of the goal, %CATUR_SQUARE_NONE for any
 * @goal_from: for %CATUR_GOAL_REACH, the square the piece comes from, or %CATUR_SQUARE_NONE
 * @show: (element-type CaturSquare): the squares shown on request ("Show me")
 * @has_reply: whether the other side answers a solution
 * @reply: the answer, played after the solution
 * @line: the line of the step in its file
 *
 * One task of a lesson, as read and checked against the game's rules.
 */
typedef struct
{
  char *position;
  char *hidden;
  char *task;
  char *miss;
  char *done;
  CaturGoalKind goal;
  CaturEscapeWay escape;
  CaturMove goal_move;
  CaturSquare goal_square;
  CaturSquare goal_from;
  GArray *show;
  gboolean has_reply;
  CaturMove reply;
  guint line;
} CaturLessonStep;

#define CATUR_TYPE_LESSON (catur_lesson_get_type ())
G_DECLARE_FINAL_TYPE (CaturLesson, catur_lesson, CATUR, LESSON, GObject)

/**
 * CATUR_LESSON_RESOURCE_FOLDER:
 *
 * Where in a game's resources its lessons are: `/io/github/caturapp/Catur/<id>/lessons/`,
 * one `.xml` file a lesson, in the order of their names.
 */
#define CATUR_LESSON_RESOURCE_FOLDER "lessons"

CaturLesson   *catur_lesson_new_from_data      (CaturVariant        *variant,
                                                const char          *data,
                                                gssize               length,
                                                GError             **error);
CaturLesson   *catur_lesson_new_from_resource  (CaturVariant        *variant,
                                                const char          *path,
                                                GError             **error);
CaturLesson   *catur_lesson_new_judged         (CaturVariant        *variant,
                                                const char          *id,
                                                const char          *title,
                                                const char          *position,
                                                const char          *task,
                                                const char          *miss,
                                                GError             **error);
GPtrArray     *catur_lesson_list               (CaturVariant        *variant,
                                                GError             **error);
CaturLesson   *catur_lesson_new                (CaturVariant        *variant,
                                                const char          *id,
                                                const char          *title);
CaturLessonStep *catur_lesson_append_step      (CaturLesson         *self);
CaturVariant  *catur_lesson_get_variant        (CaturLesson         *self);
const char    *catur_lesson_get_id             (CaturLesson         *self);
const char    *catur_lesson_get_title          (CaturLesson         *self);
guint          catur_lesson_get_n_steps        (CaturLesson         *self);
const CaturLessonStep *catur_lesson_get_step   (CaturLesson         *self,
                                                guint                index);
CaturPosition *catur_lesson_step_new_position  (CaturLesson         *self,
                                                guint                index);

GStrv          catur_lesson_list_tips          (CaturVariant        *variant);

gboolean       catur_lesson_load_progress      (const char          *lesson_id,
                                                guint               *step,
                                                gboolean            *finished);
gboolean       catur_lesson_save_progress      (const char          *lesson_id,
                                                guint                step,
                                                gboolean             finished,
                                                GError             **error);

/**
 * CaturTryResult:
 * @CATUR_TRY_SOLVED: the move does what the step asks
 * @CATUR_TRY_ILLEGAL: the rules forbid the move; the answer says why
 * @CATUR_TRY_MISSED: a legal move that misses the task; the answer says what it wants
 *
 * What became of a try.
 */
typedef enum
{
  CATUR_TRY_SOLVED,
  CATUR_TRY_ILLEGAL,
  CATUR_TRY_MISSED,
} CaturTryResult;

#define CATUR_TYPE_EXERCISE (catur_exercise_get_type ())
G_DECLARE_FINAL_TYPE (CaturExercise, catur_exercise, CATUR, EXERCISE, GObject)

/**
 * CaturExerciseJudgeFunc:
 * @exercise: the exercise
 * @before: the position tried in
 * @move: the legal move tried
 * @after: the position after @move
 * @answer: (out) (transfer full) (nullable): the sentence for the move: why it misses, or
 *   for a solution what it does well (else the step's done sentence is said)
 * @user_data: the judge's data
 *
 * Decides a step whose goal is %CATUR_GOAL_JUDGED (an engine for a puzzle).
 *
 * Returns: whether @move solves the step
 */
typedef gboolean (*CaturExerciseJudgeFunc) (CaturExercise       *exercise,
                                            const CaturPosition *before,
                                            const CaturMove     *move,
                                            const CaturPosition *after,
                                            char               **answer,
                                            gpointer             user_data);

CaturExercise *catur_exercise_new              (CaturLesson         *lesson);
void           catur_exercise_set_judge        (CaturExercise       *self,
                                                CaturExerciseJudgeFunc judge,
                                                gpointer             user_data,
                                                GDestroyNotify       destroy);
CaturLesson   *catur_exercise_get_lesson       (CaturExercise       *self);
guint          catur_exercise_get_step_index   (CaturExercise       *self);
void           catur_exercise_set_step_index   (CaturExercise       *self,
                                                guint                index);
const CaturLessonStep *catur_exercise_get_step (CaturExercise       *self);
const CaturPosition *catur_exercise_get_position (CaturExercise     *self);
gboolean       catur_exercise_get_solved       (CaturExercise       *self);
gboolean       catur_exercise_get_finished     (CaturExercise       *self);
CaturTryResult catur_exercise_try              (CaturExercise       *self,
                                                const CaturMove     *move,
                                                char               **answer);
void           catur_exercise_try_async        (CaturExercise       *self,
                                                const CaturMove     *move,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
CaturTryResult catur_exercise_try_finish       (CaturExercise       *self,
                                                GAsyncResult        *result,
                                                char               **answer,
                                                GError             **error);
void           catur_exercise_set_refutation   (CaturExercise       *self,
                                                const CaturMove     *reply);
gboolean       catur_exercise_get_refutation   (CaturExercise       *self,
                                                CaturMove           *reply);
gboolean       catur_exercise_next             (CaturExercise       *self);

G_END_DECLS
