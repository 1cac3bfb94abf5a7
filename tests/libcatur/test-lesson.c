/* test-lesson.c: every lesson of every game played to its end, through CaturExercise (the
 * player the window uses), with a wrong try at each step; lesson files that do not read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include <catur.h>

/* The games built, from the command line: each must have its lessons. */
static char **games;

/* A move the rules forbid in @position from a piece of the side to move, the first found. */
static gboolean
find_illegal (CaturVariant        *variant,
              const CaturPosition *position,
              CaturMove           *move)
{
  CaturGeometry geometry;
  guint n;

  catur_variant_get_geometry (variant, &geometry);
  n = (guint) geometry.files * geometry.ranks;
  for (guint from = 0; from < n; from++)
    {
      CaturPiece piece;

      if (!catur_variant_piece_at (variant, position, from, &piece)
          || (piece.flags & CATUR_PIECE_FACE_DOWN)
          || piece.side != catur_variant_side_to_move (variant, position))
        continue;
      for (guint to = 0; to < n; to++)
        {
          *move = (CaturMove) { from, to, 0, 0 };
          if (to != from && !catur_variant_is_legal (variant, position, move))
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
shows (const CaturLessonStep *step,
       CaturSquare            square)
{
  for (guint i = 0; i < step->show->len; i++)
    if (g_array_index (step->show, CaturSquare, i) == square)
      return TRUE;
  return FALSE;
}

static void
play_lesson (CaturLesson *lesson)
{
  CaturVariant *variant = catur_lesson_get_variant (lesson);
  g_autoptr(CaturExercise) exercise = catur_exercise_new (lesson);
  guint n_steps = catur_lesson_get_n_steps (lesson);

  g_test_message ("%s: %u steps", catur_lesson_get_id (lesson), n_steps);
  g_assert_cmpuint (n_steps, >=, 7);
  g_assert_cmpuint (n_steps, <=, 12);
  g_assert_nonnull (catur_lesson_get_title (lesson));

  for (guint i = 0; i < n_steps; i++)
    {
      const CaturLessonStep *step = catur_exercise_get_step (exercise);
      const CaturPosition *position = catur_exercise_get_position (exercise);
      g_autoptr(GArray) moves = catur_variant_legal_moves (variant, position);
      g_autofree char *illegal_answer = NULL;
      CaturMove solution = { 0 }, illegal;
      guint n_solved = 0, n_missed = 0, n_shown = 0;

      g_assert_cmpuint (catur_exercise_get_step_index (exercise), ==, i);
      g_assert_nonnull (step->task);
      g_assert_nonnull (step->miss);
      g_assert_cmpuint (step->show->len, >, 0);

      /* Every legal move: it solves the step, or is answered with the step's sentence. */
      for (guint m = 0; m < moves->len; m++)
        {
          const CaturMove *move = &g_array_index (moves, CaturMove, m);
          g_autofree char *answer = NULL;

          switch (catur_exercise_try (exercise, move, &answer))
            {
            case CATUR_TRY_SOLVED:
              if (n_solved++ == 0)
                solution = *move;
              n_shown += shows (step, move->from) || shows (step, move->to);
              g_assert_true (catur_exercise_get_solved (exercise));
              catur_exercise_set_step_index (exercise, i);
              break;
            case CATUR_TRY_MISSED:
              n_missed++;
              g_assert_cmpstr (answer, ==, step->miss);
              g_assert_false (catur_exercise_get_solved (exercise));
              break;
            case CATUR_TRY_ILLEGAL:
            default:
              g_assert_not_reached ();
            }
        }
      g_test_message ("  step %u (line %u): %u solve, %u miss", i + 1, step->line, n_solved,
                      n_missed);
      g_assert_cmpuint (n_solved, >, 0);
      /* A solution is where "Show me" points: the file means what it says, not merely
       * something the rules allow. */
      g_assert_cmpuint (n_shown, >, 0);
      /* A task that any move does is no task. */
      g_assert_cmpuint (n_missed, >, 0);

      /* A step tried again starts from a position of its own. */
      position = catur_exercise_get_position (exercise);
      /* A wrong try the rules forbid: answered with the game's own sentence for it. */
      g_assert_true (find_illegal (variant, position, &illegal));
      g_assert_cmpint (catur_exercise_try (exercise, &illegal, &illegal_answer), ==,
                       CATUR_TRY_ILLEGAL);
      {
        g_autofree char *why = catur_variant_explain (variant, position, &illegal, NULL);

        g_assert_cmpstr (illegal_answer, ==, why);
      }

      g_assert_cmpint (catur_exercise_try (exercise, &solution, NULL), ==, CATUR_TRY_SOLVED);
      g_assert_cmpint (catur_exercise_get_finished (exercise), ==, i + 1 == n_steps);
      if (i + 1 < n_steps)
        g_assert_true (catur_exercise_next (exercise));
    }
  g_assert_false (catur_exercise_next (exercise));
  g_assert_true (catur_exercise_get_finished (exercise));
}

static void
test_every_lesson (void)
{
  g_assert_nonnull (games[0]);
  for (guint g = 0; games[g] != NULL; g++)
    {
      CaturVariant *variant = catur_plugins_find_variant (games[g]);
      g_autoptr(GPtrArray) lessons = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (variant);
      lessons = catur_lesson_list (variant, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (lessons->len, >, 0);
      for (guint i = 0; i < lessons->len; i++)
        play_lesson (g_ptr_array_index (lessons, i));
    }
}

#define STEP_OK \
  "  <step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\" show=\"a0\">\n" \
  "    <task>Move.</task>\n" \
  "    <goal kind=\"reach\" square=\"a9\"/>\n" \
  "    <miss>No.</miss>\n" \
  "  </step>\n"

static void
check_bad (const char *data,
           int         code,
           const char *where)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturLesson) lesson = catur_lesson_new_from_data (variant, data, -1, &error);

  g_assert_null (lesson);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  if (code >= 0)
    g_assert_error (error, CATUR_LESSON_ERROR, code);
  else
    g_assert_error (error, G_MARKUP_ERROR, -code - 1);
  g_assert_nonnull (strstr (error->message, where));
}

static void
test_bad_files (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(CaturLesson) good = NULL;
  g_autoptr(GError) error = NULL;

  if (variant == NULL)
    {
      g_test_skip ("Xiangqi is not built");
      return;
    }
  good = catur_lesson_new_from_data (variant, "<lesson id=\"t\"><title>T</title>\n" STEP_OK
                                     "</lesson>", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_lesson_get_n_steps (good), ==, 1);

  /* Not XML: GMarkup says where. */
  check_bad ("<lesson id=\"t\"><title>T</title>\n" STEP_OK "</step></lesson>",
             -G_MARKUP_ERROR_PARSE - 1, "7");
  /* A position that does not read, a move that is not legal there, a goal without a name. */
  check_bad ("<lesson id=\"t\"><title>T</title>\n<step position=\"4k4/9/9 w\">",
             CATUR_LESSON_ERROR_POSITION, "Line 2");
  check_bad ("<lesson id=\"t\"><title>T</title>\n" STEP_OK
             "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\">\n"
             "<task>T</task>\n<goal kind=\"move\" move=\"a0b1\"/>", CATUR_LESSON_ERROR_MOVE,
             "Line 9");
  check_bad ("<lesson id=\"t\"><title>T</title>\n" STEP_OK
             "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\">\n"
             "<task>T</task>\n<goal kind=\"win\"/>", CATUR_LESSON_ERROR_INVALID, "Line 9");
  check_bad ("<lesson id=\"t\"><title>T</title>\n"
             "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\">\n"
             "<task>T</task>\n<goal kind=\"escape\"/>", CATUR_LESSON_ERROR_INVALID, "Line 4");
  /* A step that does not say what a miss is told; a square the board does not have. */
  check_bad ("<lesson id=\"t\"><title>T</title>\n"
             "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\">\n"
             "<task>T</task>\n<goal kind=\"mate\"/>\n</step>", CATUR_LESSON_ERROR_INVALID,
             "Line 5");
  check_bad ("<lesson id=\"t\"><title>T</title>\n"
             "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\" show=\"z9\">",
             CATUR_LESSON_ERROR_INVALID, "z9");
  check_bad ("<lesson id=\"t\"><title>T</title><bogus/></lesson>", CATUR_LESSON_ERROR_INVALID,
             "bogus");
  check_bad ("<lesson id=\"t\"></lesson>", CATUR_LESSON_ERROR_INVALID, "title");
  /* A reply is a legal move after the goal's, which it follows. */
  check_bad ("<lesson id=\"t\"><title>T</title>\n"
             "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\">\n"
             "<task>T</task>\n<goal kind=\"move\" move=\"a0a1\"/>\n<reply move=\"e9d9\"/>",
             CATUR_LESSON_ERROR_MOVE, "Line 5");
  check_bad ("<lesson id=\"t\"><title>T</title>\n"
             "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\">\n"
             "<task>T</task>\n<goal kind=\"mate\"/>\n<reply move=\"e9e8\"/>",
             CATUR_LESSON_ERROR_INVALID, "Line 5");
  {
    g_autoptr(CaturLesson) replied = NULL;
    const CaturLessonStep *step;

    replied = catur_lesson_new_from_data (variant, "<lesson id=\"t\"><title>T</title>"
                                          "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\""
                                          " show=\"a0\"><task>T</task>"
                                          "<goal kind=\"move\" move=\"a0a1\"/>"
                                          "<reply move=\"e9e8\"/><miss>M</miss></step>"
                                          "</lesson>", -1, &error);
    g_assert_no_error (error);
    step = catur_lesson_get_step (replied, 0);
    g_assert_true (step->has_reply);
    g_assert_cmpuint (step->reply.to, !=, step->reply.from);
  }
}

static gboolean
judge_cb (CaturExercise       *exercise,
          const CaturPosition *before,
          const CaturMove     *move,
          const CaturPosition *after,
          char               **answer,
          gpointer             user_data)
{
  guint *calls = user_data;

  (*calls)++;
  if (move->to == 9 * 9)
    return TRUE;
  *answer = g_strdup ("The judge says no.");
  return FALSE;
}

/* A step the lesson cannot check itself is decided by the judge given (a puzzle's engine). */
static void
test_judge (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(CaturLesson) lesson = NULL;
  g_autoptr(CaturExercise) exercise = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *answer = NULL;
  CaturMove up = { 0, 9 * 9, 0, 0 }, right = { 0, 1, 0, 0 };
  guint calls = 0;

  if (variant == NULL)
    {
      g_test_skip ("Xiangqi is not built");
      return;
    }
  lesson = catur_lesson_new_from_data (variant, "<lesson id=\"t\"><title>T</title>"
                                       "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\""
                                       " show=\"a0\"><task>T</task><goal kind=\"judged\"/>"
                                       "</step></lesson>", -1, &error);
  g_assert_no_error (error);
  exercise = catur_exercise_new (lesson);
  catur_exercise_set_judge (exercise, judge_cb, &calls, NULL);
  g_assert_cmpint (catur_exercise_try (exercise, &right, &answer), ==, CATUR_TRY_MISSED);
  g_assert_cmpstr (answer, ==, "The judge says no.");
  g_assert_cmpint (catur_exercise_try (exercise, &up, NULL), ==, CATUR_TRY_SOLVED);
  g_assert_cmpuint (calls, ==, 2);
  g_assert_true (catur_exercise_get_finished (exercise));
}

typedef struct
{
  GThread *thread;            /* where the judge ran */
  CaturTryResult result;
  char *answer;
  gboolean done;
} AsyncTry;

static gboolean
refuting_judge_cb (CaturExercise       *exercise,
                   const CaturPosition *before,
                   const CaturMove     *move,
                   const CaturPosition *after,
                   char               **answer,
                   gpointer             user_data)
{
  AsyncTry *seen = user_data;
  CaturMove reply = { 84, 85, 0, 0 };

  seen->thread = g_thread_self ();
  catur_exercise_set_refutation (exercise, &reply);
  *answer = g_strdup ("Refuted.");
  return FALSE;
}

static void
async_tried_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  AsyncTry *seen = user_data;
  g_autoptr(GError) error = NULL;

  seen->result = catur_exercise_try_finish (CATUR_EXERCISE (source), result, &seen->answer,
                                            &error);
  g_assert_no_error (error);
  seen->done = TRUE;
}

/* A judge that searches (a puzzle's solver) runs in a worker: the window's thread waits for
 * nothing, and the verdict and the refutation arrive as from catur_exercise_try(). */
static void
test_judge_in_worker (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(CaturLesson) lesson = NULL;
  g_autoptr(CaturExercise) exercise = NULL;
  g_autoptr(GError) error = NULL;
  CaturMove right = { 0, 1, 0, 0 }, reply;
  AsyncTry seen = { 0 };

  if (variant == NULL)
    {
      g_test_skip ("Xiangqi is not built");
      return;
    }
  lesson = catur_lesson_new_from_data (variant, "<lesson id=\"t\"><title>T</title>"
                                       "<step position=\"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\""
                                       " show=\"a0\"><task>T</task><goal kind=\"judged\"/>"
                                       "</step></lesson>", -1, &error);
  g_assert_no_error (error);
  exercise = catur_exercise_new (lesson);
  catur_exercise_set_judge (exercise, refuting_judge_cb, &seen, NULL);
  catur_exercise_try_async (exercise, &right, NULL, async_tried_cb, &seen);
  /* Nothing is decided before the main loop hears from the worker. */
  g_assert_false (catur_exercise_get_refutation (exercise, &reply));
  while (!seen.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (seen.thread);
  g_assert_true (seen.thread != g_thread_self ());
  g_assert_cmpint (seen.result, ==, CATUR_TRY_MISSED);
  g_assert_cmpstr (seen.answer, ==, "Refuted.");
  g_assert_true (catur_exercise_get_refutation (exercise, &reply));
  g_assert_cmpuint (reply.from, ==, 84);
  g_assert_cmpuint (reply.to, ==, 85);
  g_free (seen.answer);
}

static void
test_progress (void)
{
  guint step;
  gboolean finished;
  g_autoptr(GError) error = NULL;

  g_assert_false (catur_lesson_load_progress ("never-opened", &step, &finished));
  g_assert_cmpuint (step, ==, 0);
  g_assert_true (catur_lesson_save_progress ("a-lesson", 3, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (catur_lesson_save_progress ("b-lesson", 0, TRUE, &error));
  g_assert_true (catur_lesson_load_progress ("a-lesson", &step, &finished));
  g_assert_cmpuint (step, ==, 3);
  g_assert_false (finished);
  g_assert_true (catur_lesson_load_progress ("b-lesson", &step, &finished));
  g_assert_true (finished);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data = g_dir_make_tmp ("catur-lesson-XXXXXX", NULL);
  int status;

  /* Progress goes to a folder of the test's own. */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();
  games = argv + 1;

  g_test_add_func ("/lesson/every-step", test_every_lesson);
  g_test_add_func ("/lesson/bad-files", test_bad_files);
  g_test_add_func ("/lesson/judge", test_judge);
  g_test_add_func ("/lesson/judge-in-worker", test_judge_in_worker);
  g_test_add_func ("/lesson/progress", test_progress);
  status = g_test_run ();

  {
    g_autofree char *file = g_build_filename (data, "catur", "lessons.ini", NULL);
    g_autofree char *folder = g_build_filename (data, "catur", NULL);

    g_unlink (file);
    g_rmdir (folder);
    g_rmdir (data);
  }
  return status;
}
