/* test-drills.c: the drills store (catur-drills.h) and drills judged through CaturExercise
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The store: a mistake added twice is one drill; the due ones come longest overdue first; a
 * failed drill comes back sooner than a solved one, and a solved one climbs its boxes; a
 * file that does not read is set aside whole with a warning, and the store goes on. Then a
 * drill on a position built by hand in Chess, Xiangqi and Banqi, played through the lessons'
 * CaturExercise with the judge deciding at a fixed depth: the mistake again and a move as
 * bad do not solve it and are told why; a sound move solves it and is praised for what it
 * keeps.
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include <catur.h>

#define DEPTH 5
#define DAY (24 * 3600)

static char *
temp_store (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("catur-drills-XXXXXX", &error);

  g_assert_no_error (error);
  return g_build_filename (folder, "drills.ini", NULL);
}

static void
test_add_dedupe (void)
{
  g_autofree char *path = temp_store ();
  g_autoptr(CaturDrills) drills = catur_drills_new (path);
  g_autoptr(CaturDrill) first = NULL;
  g_autoptr(CaturDrill) again = NULL;
  g_autoptr(CaturDrill) other = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *position = "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1";

  first = catur_drills_add (drills, "chess", position, "c3d5", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (first);
  g_assert_null (first->best);
  g_assert_cmpuint (first->box, ==, 0);
  g_assert_cmpint (first->due, <=, catur_drills_now ());

  /* The same mistake again: one drill, with what is new filled in. The sentence, as the
   * judge gave it before it ended its sentences, comes back as one. */
  again = catur_drills_add (drills, "chess", position, "c3d5", "c3e4", "It hangs", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again->id, ==, first->id);
  g_assert_cmpstr (again->best, ==, "c3e4");
  g_assert_cmpstr (again->sentence, ==, "It hangs.");
  g_clear_pointer (&again, catur_drill_free);
  again = catur_drills_add (drills, "chess", position, "c3d5", NULL, "Is it lost?", &error);
  g_assert_cmpstr (again->sentence, ==, "Is it lost?");
  g_assert_null (catur_judge_end_sentence (NULL));

  /* Another move in the same position, or the same in another game, is another drill. */
  other = catur_drills_add (drills, "chess", position, "c3b5", "c3e4", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (other->id, !=, first->id);
  g_clear_pointer (&other, catur_drill_free);
  other = catur_drills_add (drills, "xiangqi", position, "c3d5", NULL, NULL, &error);
  g_assert_cmpstr (other->id, !=, first->id);

  list = catur_drills_list (drills, "chess");
  g_assert_cmpuint (list->len, ==, 2);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = catur_drills_list (drills, NULL);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_null (catur_drills_get_warning (drills));
}

static void
test_due_order (void)
{
  g_autofree char *path = temp_store ();
  g_autoptr(CaturDrills) drills = catur_drills_new (path);
  g_autoptr(CaturDrill) a = NULL;
  g_autoptr(CaturDrill) b = NULL;
  g_autoptr(CaturDrill) c = NULL;
  g_autoptr(CaturDrill) kept = NULL;
  g_autoptr(GPtrArray) due = NULL;
  g_autoptr(GError) error = NULL;
  gint64 now = catur_drills_now ();

  a = catur_drills_add (drills, "xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0d0", NULL,
                        NULL, &error);
  b = catur_drills_add (drills, "xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0", NULL,
                        NULL, &error);
  c = catur_drills_add (drills, "xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0e1", NULL,
                        NULL, &error);
  g_assert_no_error (error);

  /* All three are due at once when added. */
  due = catur_drills_list_due (drills, "xiangqi", now + 1);
  g_assert_cmpuint (due->len, ==, 3);
  g_assert_cmpuint (catur_drills_list_due (drills, "chess", now + 1)->len, ==, 0);
  g_clear_pointer (&due, g_ptr_array_unref);

  /* a failed, b solved, c solved twice. */
  g_assert_true (catur_drills_record (drills, a->id, FALSE, now, &error));
  g_assert_true (catur_drills_record (drills, b->id, TRUE, now, &error));
  g_assert_true (catur_drills_record (drills, c->id, TRUE, now, &error));
  g_assert_true (catur_drills_record (drills, c->id, TRUE, now + DAY, &error));
  g_assert_no_error (error);

  /* Nothing is due right after; the failed drill first comes back, within the hour. */
  due = catur_drills_list_due (drills, "xiangqi", now + 1);
  g_assert_cmpuint (due->len, ==, 0);
  g_clear_pointer (&due, g_ptr_array_unref);
  due = catur_drills_list_due (drills, "xiangqi", now + 3600);
  g_assert_cmpuint (due->len, ==, 1);
  g_assert_cmpstr (((CaturDrill *) due->pdata[0])->id, ==, a->id);
  g_clear_pointer (&due, g_ptr_array_unref);

  /* Two days on: the failed one, then the one solved once; the one solved twice waits. */
  due = catur_drills_list_due (drills, "xiangqi", now + 2 * DAY);
  g_assert_cmpuint (due->len, ==, 2);
  g_assert_cmpstr (((CaturDrill *) due->pdata[0])->id, ==, a->id);
  g_assert_cmpstr (((CaturDrill *) due->pdata[1])->id, ==, b->id);
  g_clear_pointer (&due, g_ptr_array_unref);
  due = catur_drills_list_due (drills, "xiangqi", now + 5 * DAY);
  g_assert_cmpuint (due->len, ==, 3);

  kept = catur_drills_lookup (drills, c->id);
  g_assert_cmpuint (kept->box, ==, 2);
  g_assert_cmpuint (kept->n_solved, ==, 2);
  g_clear_pointer (&kept, catur_drill_free);
  kept = catur_drills_lookup (drills, a->id);
  g_assert_cmpuint (kept->box, ==, 0);
  g_assert_cmpuint (kept->n_failed, ==, 1);

  /* A drill failed after climbing falls back to the first box. */
  g_assert_true (catur_drills_record (drills, c->id, FALSE, now + 5 * DAY, &error));
  g_clear_pointer (&kept, catur_drill_free);
  kept = catur_drills_lookup (drills, c->id);
  g_assert_cmpuint (kept->box, ==, 0);

  g_assert_false (catur_drills_record (drills, "drill-none", TRUE, now, &error));
  g_assert_nonnull (error);
}

static void
test_corrupted (void)
{
  g_autofree char *path = temp_store ();
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(CaturDrills) drills = catur_drills_new (path);
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(CaturDrill) drill = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *garbage = "[drill-1\ngame=chess\n\xff\xfe not a key file";
  const char *name;
  gboolean kept = FALSE;

  g_assert_true (g_file_set_contents (path, garbage, -1, &error));
  g_test_expect_message ("catur-drills", G_LOG_LEVEL_WARNING, "*does not read*kept as*");
  list = catur_drills_list (drills, NULL);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (list->len, ==, 0);
  g_assert_nonnull (catur_drills_get_warning (drills));

  /* The store goes on with a new file... */
  drill = catur_drills_add (drills, "chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2", NULL, NULL,
                            &error);
  g_assert_no_error (error);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = catur_drills_list (drills, NULL);
  g_assert_cmpuint (list->len, ==, 1);

  /* ... and the old one is still there, byte for byte. */
  dir = g_dir_open (folder, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "drills.ini.unread-"))
      {
        g_autofree char *aside = g_build_filename (folder, name, NULL);
        g_autofree char *contents = NULL;

        g_assert_true (g_file_get_contents (aside, &contents, NULL, &error));
        g_assert_cmpstr (contents, ==, garbage);
        kept = TRUE;
      }
  g_assert_true (kept);

  /* A group damaged by hand is skipped, not lost. */
  {
    g_autofree char *text = NULL;
    g_autofree char *more = NULL;

    g_assert_true (g_file_get_contents (path, &text, NULL, &error));
    more = g_strconcat (text, "\n[drill-damaged]\ngame=chess\n", NULL);
    g_assert_true (g_file_set_contents (path, more, -1, &error));
    g_clear_pointer (&list, g_ptr_array_unref);
    list = catur_drills_list (drills, NULL);
    g_assert_cmpuint (list->len, ==, 1);
    g_clear_pointer (&drill, catur_drill_free);
    drill = catur_drills_add (drills, "chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1d1", NULL,
                              NULL, &error);
    g_clear_pointer (&text, g_free);
    g_assert_true (g_file_get_contents (path, &text, NULL, &error));
    g_assert_nonnull (strstr (text, "[drill-damaged]"));
  }
}

/* Drills judged through the exercise player */

typedef struct
{
  CaturVariant *variant;
  CaturJudgement *mistake;
} DrillJudge;

static CaturJudgement *
judge (CaturVariant        *variant,
       const CaturPosition *position,
       const CaturMove     *move)
{
  CaturSearchLimits limits;
  g_autoptr(GError) error = NULL;
  CaturJudgement *verdict;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = DEPTH;
  verdict = catur_judge_move (variant, position, move, &limits, NULL, &error);
  g_assert_no_error (error);
  return verdict;
}

static gboolean
drill_judge (CaturExercise       *exercise,
             const CaturPosition *before,
             const CaturMove     *move,
             const CaturPosition *after,
             char               **answer,
             gpointer             user_data)
{
  DrillJudge *data = user_data;
  g_autoptr(CaturJudgement) verdict = judge (data->variant, before, move);
  gboolean solved;

  *answer = catur_drills_describe_try (data->variant, before, data->mistake, verdict, &solved);
  return solved;
}

typedef struct
{
  const char *game;
  const char *position;
  const char *mistake;
  const char *bad;          /* another move as bad, or NULL */
  const char *bad_words;
  const char *good;
  const char *good_words;
} DrillCase;

static const DrillCase cases[] = {
  { "chess", "4k3/8/8/r7/8/2N5/8/4K3 w - - 0 1", "c3d5", "c3b5",
    "Knight on b5 hanging", "c3e2", "Better: that keeps the Knight." },
  { "xiangqi", "3aka3/9/9/4p4/r8/9/2H1P4/9/9/3AKA3 w - - 0 1", "c3d5", "c3b5",
    "Horse on b5 hanging", "d0e1", "Better: that keeps the Horse." },
  { "banqi", "XXXX/4/4/H1r1/4/4/K3/3k r PPpp 0 20", "a5b5", NULL, NULL, "a5a6",
    "Better: that keeps the" },
};

static CaturMove
parse_move (CaturVariant        *variant,
            const CaturPosition *position,
            const char          *text)
{
  g_autoptr(GError) error = NULL;
  CaturMove move;

  g_assert_true (catur_variant_parse_move (variant, position, text, &move, &error));
  g_assert_no_error (error);
  return move;
}

static void
test_exercise (gconstpointer user_data)
{
  const DrillCase *c = user_data;
  CaturVariant *variant = catur_plugins_find_variant (c->game);
  g_autoptr(CaturLesson) lesson = NULL;
  g_autoptr(CaturExercise) exercise = NULL;
  g_autoptr(GError) error = NULL;
  DrillJudge data = { 0 };
  const CaturPosition *position;
  CaturMove move;

  if (variant == NULL)
    {
      g_test_skip ("the game is not built");
      return;
    }
  lesson = catur_lesson_new_judged (variant, "drill-test", "Practise", c->position,
                                    "Find a better move.", "Not that one.", &error);
  g_assert_no_error (error);
  exercise = catur_exercise_new (lesson);
  position = catur_exercise_get_position (exercise);
  data.variant = variant;
  move = parse_move (variant, position, c->mistake);
  data.mistake = judge (variant, position, &move);
  g_assert_cmpint (data.mistake->judge_class, >=, CATUR_JUDGE_INACCURACY);
  catur_exercise_set_judge (exercise, drill_judge, &data, NULL);

  {
    g_autofree char *answer = NULL;

    g_assert_cmpint (catur_exercise_try (exercise, &move, &answer), ==, CATUR_TRY_MISSED);
    g_assert_cmpstr (answer, ==, "That is the move played in the game. Look for another.");
  }
  if (c->bad != NULL)
    {
      g_autofree char *answer = NULL;

      move = parse_move (variant, position, c->bad);
      g_assert_cmpint (catur_exercise_try (exercise, &move, &answer), ==, CATUR_TRY_MISSED);
      g_test_message ("%s: %s", c->bad, answer);
      g_assert_nonnull (strstr (answer, c->bad_words));
    }
  {
    g_autofree char *answer = NULL;

    CaturTryResult result;

    move = parse_move (variant, position, c->good);
    result = catur_exercise_try (exercise, &move, &answer);
    g_test_message ("%s: %s", c->good, answer);
    g_assert_cmpint (result, ==, CATUR_TRY_SOLVED);
    g_assert_true (g_str_has_prefix (answer, c->good_words));
    g_assert_true (catur_exercise_get_solved (exercise));
  }
  catur_judgement_free (data.mistake);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/drills/add-dedupe", test_add_dedupe);
  g_test_add_func ("/drills/due-order", test_due_order);
  g_test_add_func ("/drills/corrupted", test_corrupted);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/drills/exercise/%s", cases[i].game);

      g_test_add_data_func (name, &cases[i], test_exercise);
    }
  return g_test_run ();
}
