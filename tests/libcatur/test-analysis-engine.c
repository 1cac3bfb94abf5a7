/* test-analysis-engine.c: the coach's analysis through another program's engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Debian's Stockfish (Chess) and Fairy-Stockfish (Xiangqi, in UCI) judge a short game with a
 * blunder in it: the blunder is marked, with the same verdict and words as the built-in judge
 * gives. An engine that does not start is said, and the built-in judge judges every ply; a
 * cancelled run stops the engine and leaves no process.
 */
#include "config.h"

#include <string.h>

#include "catur.h"
#include "test-children.h"

typedef struct
{
  gboolean done;
  gboolean complete;
  guint failures;
  GCancellable *cancel_after_first;
} Run;

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Run *run = user_data;

  run->complete = catur_analysis_run_finish (CATUR_ANALYSIS (source), result, NULL);
  run->done = TRUE;
}

static void
engine_failed_cb (CaturAnalysis *analysis,
                  const GError  *error,
                  Run           *run)
{
  g_test_message ("engine failed: %s", error->message);
  run->failures++;
}

static void
ply_judged_cb (CaturAnalysis *analysis,
               guint          ply,
               Run           *run)
{
  if (run->cancel_after_first != NULL)
    g_cancellable_cancel (run->cancel_after_first);
}

static CaturGame *
new_game (const char *id,
          const char *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  g_autoptr(GError) error = NULL;
  CaturGame *game = catur_game_new (catur_plugins_find_variant (id), NULL);

  for (guint i = 0; list[i] != NULL; i++)
    {
      catur_game_play_text (game, list[i], &error);
      g_assert_no_error (error);
    }
  return game;
}

static CaturEngineEntry *
entry_of (const char *program,
          const char *game)
{
  const char *argv[] = { program, NULL };
  const char *games[] = { game, NULL };

  return catur_engine_entry_new ("analyser", "Analyser", argv, CATUR_ENGINE_PROTOCOL_UCI,
                                 games);
}

static CaturAnalysis *
analyse (CaturGame              *game,
         const CaturEngineEntry *entry,
         Run                    *run)
{
  CaturAnalysis *analysis = catur_analysis_new (game, CATUR_ANALYSIS_QUICK);
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  catur_analysis_set_engine (analysis, entry);
  g_signal_connect (analysis, "engine-failed", G_CALLBACK (engine_failed_cb), run);
  g_signal_connect (analysis, "ply-judged", G_CALLBACK (ply_judged_cb), run);
  catur_analysis_run_async (analysis, run->cancel_after_first, run_done_cb, run);
  while (!run->done)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
  return analysis;
}

static void
check_blunder (const char *program,
               const char *id,
               const char *moves,
               guint       blunder,
               guint       reason)
{
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturAnalysis) analysis = NULL;
  g_autoptr(CaturEngineEntry) entry = NULL;
  const CaturJudgement *verdict;
  Run run = { 0 };
  gint64 begun = g_get_monotonic_time ();

  if (catur_plugins_find_variant (id) == NULL || !g_file_test (program, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("the game or the engine is missing");
      return;
    }
  game = new_game (id, moves);
  entry = entry_of (program, id);
  analysis = analyse (game, entry, &run);
  g_test_message ("%s: %" G_GINT64_FORMAT " ms", program,
                  (g_get_monotonic_time () - begun) / 1000);
  g_assert_true (run.complete);
  g_assert_cmpuint (run.failures, ==, 0);
  g_assert_nonnull (catur_analysis_get_engine (analysis));
  for (guint ply = 1; ply <= catur_analysis_get_n_plies (analysis); ply++)
    {
      verdict = catur_analysis_get_judgement (analysis, ply);
      g_assert_nonnull (verdict);
      g_test_message ("ply %u: %s %s, depth %u, line %u, %d -> %d: %s", ply,
                      catur_judge_class_to_id (verdict->judge_class),
                      catur_judge_reason_to_id (verdict->reason), verdict->depth,
                      verdict->line_length,
                      verdict->best_score, verdict->score,
                      verdict->sentence != NULL ? verdict->sentence : "");
      if (ply != blunder)
        g_assert_cmpint (verdict->judge_class, <, CATUR_JUDGE_MISTAKE);
    }
  verdict = catur_analysis_get_judgement (analysis, blunder);
  g_assert_cmpint (verdict->judge_class, ==, CATUR_JUDGE_BLUNDER);
  g_assert_cmpint (verdict->reason, ==, reason);
  g_assert_nonnull (verdict->sentence);
  g_assert_cmpstr (verdict->sentence, !=, "");
}

/* 3...Nf6?? lets 4.Qxf7 mate. */
static void
test_stockfish_chess (void)
{
  check_blunder ("/usr/games/stockfish", "chess", "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6", 6,
                 CATUR_JUDGE_REASON_ALLOWS_MATE);
}

/* 2.Cxe6?? gives the Cannon for a Soldier: the Horse on g7 takes it. */
static void
test_fairy_xiangqi (void)
{
  check_blunder ("/usr/games/fairy-stockfish", "xiangqi", "h2e2 h9g7 e2e6", 3,
                 CATUR_JUDGE_REASON_HANGS_PIECE);
}

/* An engine that does not start is said once, and the built-in judge judges every ply. */
static void
test_engine_fails (void)
{
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturAnalysis) analysis = NULL;
  g_autoptr(CaturEngineEntry) entry = NULL;
  Run run = { 0 };

  if (catur_plugins_find_variant ("chess") == NULL)
    {
      g_test_skip ("this build has no chess");
      return;
    }
  game = new_game ("chess", "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6");
  entry = entry_of ("/nonexistent/engine", "chess");
  analysis = analyse (game, entry, &run);
  g_assert_true (run.complete);
  g_assert_cmpuint (run.failures, ==, 1);
  g_assert_null (catur_analysis_get_engine (analysis));
  g_assert_cmpint (catur_analysis_get_judgement (analysis, 6)->judge_class, ==,
                   CATUR_JUDGE_BLUNDER);
}

/* Cancelled after the first ply: the run ends, and the engine with it. */
static void
test_cancel (void)
{
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturAnalysis) analysis = NULL;
  g_autoptr(CaturEngineEntry) entry = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Run run = { .cancel_after_first = cancellable };

  if (catur_plugins_find_variant ("chess") == NULL
      || !g_file_test ("/usr/games/stockfish", G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no chess, or no Stockfish");
      return;
    }
  game = new_game ("chess", "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6");
  entry = entry_of ("/usr/games/stockfish", "chess");
  analysis = analyse (game, entry, &run);
  g_assert_false (run.complete);
  g_assert_cmpuint (catur_analysis_get_n_judged (analysis), ==, 1);
  /* Checked where the system lists a process's children. */
  test_assert_no_children ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/analysis-engine/stockfish-chess", test_stockfish_chess);
  g_test_add_func ("/analysis-engine/fairy-xiangqi", test_fairy_xiangqi);
  g_test_add_func ("/analysis-engine/engine-fails", test_engine_fails);
  g_test_add_func ("/analysis-engine/cancel", test_cancel);
  return g_test_run ();
}
