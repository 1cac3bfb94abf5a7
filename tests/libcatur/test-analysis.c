/* test-analysis.c: the coach goes over a whole game (catur-analysis.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Xiangqi games made on the spot: every ply judged once, in order, with the progress told as
 * it goes; a run cancelled keeps what it judged and a second run finishes the rest; against
 * the computer only the human's plies are judged; a record read from text is analysed like a
 * game; a piece left hanging is listed among the mistakes with what a drill needs. The quick
 * budget counts nodes: the verdicts do not depend on the machine's load.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

typedef struct
{
  gboolean done;
  gboolean complete;
  GError *error;
  GArray *plies;          /* the plies of ::ply-judged, in order */
  guint n_notified;       /* notify::n-judged */
  GCancellable *cancel_after_first;
} Run;

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

static CaturGame *
new_game (const char *start,
          const char *moves)
{
  CaturVariant *variant = xiangqi ();
  g_autoptr(GError) error = NULL;
  CaturPosition *position = start == NULL ? catur_variant_new_position (variant, NULL, 0)
                                          : catur_variant_parse (variant, start, &error);
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  CaturGame *game;

  g_assert_no_error (error);
  game = catur_game_new (variant, position);
  for (guint i = 0; list[i] != NULL; i++)
    {
      catur_game_play_text (game, list[i], &error);
      g_assert_no_error (error);
    }
  return game;
}

static void
ply_judged_cb (CaturAnalysis *analysis,
               guint          ply,
               Run           *run)
{
  g_array_append_val (run->plies, ply);
  if (run->cancel_after_first != NULL)
    g_cancellable_cancel (run->cancel_after_first);
}

static void
n_judged_cb (CaturAnalysis *analysis,
             GParamSpec    *pspec,
             Run           *run)
{
  run->n_notified++;
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Run *run = user_data;

  g_assert_false (catur_analysis_get_running (CATUR_ANALYSIS (source)));
  run->complete = catur_analysis_run_finish (CATUR_ANALYSIS (source), result, &run->error);
  run->done = TRUE;
}

static void
run_analysis (CaturAnalysis *analysis,
              Run           *run,
              GCancellable  *cancellable)
{
  gulong judged, notified;

  run->plies = g_array_new (FALSE, FALSE, sizeof (guint));
  judged = g_signal_connect (analysis, "ply-judged", G_CALLBACK (ply_judged_cb), run);
  notified = g_signal_connect (analysis, "notify::n-judged", G_CALLBACK (n_judged_cb), run);
  catur_analysis_run_async (analysis, cancellable, run_done_cb, run);
  g_assert_true (catur_analysis_get_running (analysis));
  while (!run->done)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (analysis, judged);
  g_signal_handler_disconnect (analysis, notified);
}

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->plies, g_array_unref);
  g_clear_error (&run->error);
}

/* Every ply once, in order, the progress told with each; every position then has a score. */
static void
test_progress (void)
{
  g_autoptr(CaturGame) game = new_game (NULL, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
  g_autoptr(CaturAnalysis) analysis = catur_analysis_new (game, CATUR_ANALYSIS_QUICK);
  Run run = { 0 };

  g_assert_cmpuint (catur_analysis_get_n_plies (analysis), ==, 6);
  g_assert_cmpuint (catur_analysis_get_n_wanted (analysis), ==, 6);
  g_assert_cmpuint (catur_analysis_get_n_judged (analysis), ==, 0);
  g_assert_false (catur_analysis_get_complete (analysis));

  run_analysis (analysis, &run, NULL);
  g_assert_no_error (run.error);
  g_assert_true (run.complete);
  g_assert_true (catur_analysis_get_complete (analysis));
  g_assert_cmpuint (catur_analysis_get_n_judged (analysis), ==, 6);
  g_assert_cmpuint (run.n_notified, ==, 6);
  g_assert_cmpuint (run.plies->len, ==, 6);
  for (guint i = 0; i < run.plies->len; i++)
    g_assert_cmpuint (g_array_index (run.plies, guint, i), ==, i + 1);

  for (guint ply = 0; ply <= 6; ply++)
    {
      int red, black;

      g_assert_true (catur_analysis_get_score (analysis, ply, CATUR_SIDE_FIRST, &red));
      g_assert_true (catur_analysis_get_score (analysis, ply, CATUR_SIDE_SECOND, &black));
      g_assert_cmpint (red, ==, -black);
      if (ply > 0)
        {
          const CaturJudgement *verdict = catur_analysis_get_judgement (analysis, ply);

          g_assert_nonnull (verdict);
          g_assert_nonnull (verdict->sentence);
          g_assert_cmpuint (verdict->depth, >, 0);
        }
    }
  /* Taking moves back forgets the verdicts past the game's end. */
  catur_analysis_truncate (analysis, 4);
  g_assert_cmpuint (catur_analysis_get_n_plies (analysis), ==, 4);
  g_assert_cmpuint (catur_analysis_get_n_judged (analysis), ==, 4);
  g_assert_null (catur_analysis_get_judgement (analysis, 5));
  g_assert_true (catur_analysis_get_complete (analysis));
  run_clear (&run);
}

/* Cancelled after the first ply: the run ends as cancelled, what it judged is kept, and the
 * next run judges only the rest. */
static void
test_cancel (void)
{
  g_autoptr(CaturGame) game = new_game (NULL, "h2e2 h9g7 h0g2 i9h9");
  g_autoptr(CaturAnalysis) analysis = catur_analysis_new (game, CATUR_ANALYSIS_QUICK);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Run run = { 0 };
  Run again = { 0 };

  run.cancel_after_first = cancellable;
  run_analysis (analysis, &run, cancellable);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (run.complete);
  g_assert_cmpuint (catur_analysis_get_n_judged (analysis), ==, 1);
  g_assert_false (catur_analysis_get_complete (analysis));
  g_assert_nonnull (catur_analysis_get_judgement (analysis, 1));
  g_assert_null (catur_analysis_get_judgement (analysis, 2));

  run_analysis (analysis, &again, NULL);
  g_assert_no_error (again.error);
  g_assert_true (again.complete);
  g_assert_cmpuint (again.plies->len, ==, 3);
  g_assert_cmpuint (g_array_index (again.plies, guint, 0), ==, 2);
  g_assert_cmpuint (catur_analysis_get_n_judged (analysis), ==, 4);
  run_clear (&run);
  run_clear (&again);
}

/* In progress against the computer (Black): only Red's plies are judged; a position after the
 * computer's ply has the score the next judgement began from. */
static void
test_against_computer (void)
{
  g_autoptr(CaturGame) game = new_game (NULL, "h2e2 h9g7 h0g2 i9h9 i0h0");
  g_autoptr(CaturAnalysis) analysis = NULL;
  Run run = { 0 };
  int score;

  /* The computer must not answer the last ply meanwhile. */
  catur_game_set_paused (game, TRUE);
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  analysis = catur_analysis_new (game, CATUR_ANALYSIS_QUICK);
  g_assert_cmpuint (catur_analysis_get_n_wanted (analysis), ==, 3);
  for (guint ply = 1; ply <= 5; ply++)
    g_assert_true (catur_analysis_wants_ply (analysis, ply) == (ply % 2 == 1));

  run_analysis (analysis, &run, NULL);
  g_assert_no_error (run.error);
  g_assert_cmpuint (run.plies->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (g_array_index (run.plies, guint, i), ==, 2 * i + 1);
  g_assert_null (catur_analysis_get_judgement (analysis, 2));
  g_assert_null (catur_analysis_get_judgement (analysis, 4));
  g_assert_true (catur_analysis_get_score (analysis, 2, CATUR_SIDE_FIRST, &score));
  g_assert_cmpint (score, ==, catur_analysis_get_judgement (analysis, 3)->best_score);
  run_clear (&run);
}

/* A record opened from a text is a game like another. */
static void
test_record (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records =
    catur_record_read_text ("position startpos moves h2e2 h9g7 h0g2 i9h9", xiangqi (), &error);
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturAnalysis) analysis = NULL;
  Run run = { 0 };

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 1);
  game = catur_record_to_game (g_ptr_array_index (records, 0), &error);
  g_assert_no_error (error);
  analysis = catur_analysis_new (game, CATUR_ANALYSIS_QUICK);
  g_assert_cmpuint (catur_analysis_get_n_wanted (analysis), ==, 4);
  run_analysis (analysis, &run, NULL);
  g_assert_no_error (run.error);
  g_assert_true (catur_analysis_get_complete (analysis));
  run_clear (&run);
}

/* A Horse left hanging is Red's mistake, listed with the position before it and the move the
 * engine preferred; Black's taking it is none. */
static void
test_mistakes (void)
{
  g_autoptr(CaturGame) game = new_game ("3aka3/9/9/4p4/r8/9/2H1P4/9/9/3AKA3 w - - 0 1",
                                        "c3d5 a5d5");
  g_autoptr(CaturAnalysis) analysis = catur_analysis_new (game, CATUR_ANALYSIS_QUICK);
  g_autoptr(GPtrArray) red = NULL;
  g_autoptr(GPtrArray) black = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autofree char *text = NULL;
  CaturAnalysisMistake *mistake;
  Run run = { 0 };

  run_analysis (analysis, &run, NULL);
  g_assert_no_error (run.error);
  red = catur_analysis_list_mistakes (analysis, CATUR_SIDE_FIRST);
  black = catur_analysis_list_mistakes (analysis, CATUR_SIDE_SECOND);
  all = catur_analysis_list_mistakes (analysis, CATUR_SIDE_NONE);
  g_assert_cmpuint (red->len, ==, 1);
  g_assert_cmpuint (black->len, ==, 0);
  g_assert_cmpuint (all->len, ==, 1);
  mistake = g_ptr_array_index (red, 0);
  g_assert_cmpuint (mistake->ply, ==, 1);
  g_assert_cmpint (mistake->side, ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (mistake->judge_class, >=, CATUR_JUDGE_MISTAKE);
  g_assert_cmpint (mistake->reason, ==, CATUR_JUDGE_REASON_HANGS_PIECE);
  g_assert_nonnull (strstr (mistake->sentence, "Horse on d5"));
  text = catur_variant_format (xiangqi (), mistake->position);
  g_assert_cmpstr (text, ==, "3aka3/9/9/4p4/r8/9/2N1P4/9/9/3AKA3 w - - 0 1");
  g_assert_false (mistake->best.from == mistake->move.from && mistake->best.to == mistake->move.to);
  run_clear (&run);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("LANGUAGE", "C", TRUE);
  catur_plugins_load ();

  g_test_add_func ("/analysis/progress", test_progress);
  g_test_add_func ("/analysis/cancel", test_cancel);
  g_test_add_func ("/analysis/against-computer", test_against_computer);
  g_test_add_func ("/analysis/record", test_record);
  g_test_add_func ("/analysis/mistakes", test_mistakes);
  return g_test_run ();
}
