/* bench-analysis.c: how long the coach takes to analyse a game of sixty moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In each game loaded, plays a game of 120 plies (sixty moves each) between two Beginners
 * (seeded, so the same game every run; a game they end sooner is played again from another
 * seed), then analyses every ply with
 * catur_analysis_run_async() at the quick budget and prints its wall time and the process's
 * CPU time (the worker threads included): the load of other programs stretches the first,
 * hardly the second. Usage (from the build folder's environment):
 *   meson devenv -C _build ./tests/bench/bench-analysis [PLIES] [thorough]
 */
#include "config.h"

#include <stdlib.h>
#include <sys/resource.h>

#include <catur.h>

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static CaturGame *
play_game (CaturVariant *variant,
           guint         plies,
           guint64       seed)
{
  CaturGame *game = catur_game_new (variant, catur_variant_new_position (variant, NULL, seed));

  for (guint ply = 0; ply < plies && !catur_game_is_over (game); ply++)
    {
      g_autoptr(CaturPosition) seen = catur_variant_observe (variant,
                                                             catur_game_get_position (game));
      g_autoptr(GError) error = NULL;
      CaturSearchResult result = { 0 };
      CaturSearchLimits limits;

      catur_search_limits_init (&limits, CATUR_LEVEL_BEGINNER);
      limits.seed = seed * 1000 + ply;
      if (!catur_variant_think (variant, seen, &limits, NULL, NULL, NULL, &result, &error)
          || !result.has_move)
        break;
      if (!catur_game_play (game, &result.move, &error))
        g_error ("%s: %s", catur_variant_get_id (variant), error->message);
    }
  return game;
}

static void
done_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  if (!catur_analysis_run_finish (CATUR_ANALYSIS (source), result, &error))
    g_error ("%s", error->message);
  *done = TRUE;
}

int
main (int   argc,
      char *argv[])
{
  GPtrArray *variants;
  guint plies = argc > 1 ? (guint) atoi (argv[1]) : 120;
  CaturAnalysisBudget budget = catur_analysis_budget_from_id (argc > 2 ? argv[2] : "quick");

  catur_plugins_load ();
  variants = catur_plugins_get_variants ();
  g_print ("game      plies  judged  mistakes  wall s  cpu s  (%s)\n",
           catur_analysis_budget_to_id (budget));
  for (guint i = 0; i < variants->len; i++)
    {
      CaturVariant *variant = g_ptr_array_index (variants, i);
      g_autoptr(CaturGame) game = NULL;
      g_autoptr(CaturAnalysis) analysis = NULL;
      g_autoptr(GPtrArray) mistakes = NULL;
      gint64 start;
      double cpu;
      gboolean done = FALSE;

      /* A game the Beginners end early (a mate) is played again from another seed. */
      for (guint64 seed = 7; seed < 27; seed++)
        {
          g_clear_object (&game);
          game = play_game (variant, plies, seed);
          if (catur_game_get_n_plies (game) >= plies)
            break;
        }
      analysis = catur_analysis_new (game, budget);
      start = g_get_monotonic_time ();
      cpu = cpu_seconds ();
      catur_analysis_run_async (analysis, NULL, done_cb, &done);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      mistakes = catur_analysis_list_mistakes (analysis, CATUR_SIDE_NONE);
      g_print ("%-8s  %5u  %6u  %8u  %6.1f  %5.1f\n", catur_variant_get_id (variant),
               catur_game_get_n_plies (game), catur_analysis_get_n_judged (analysis),
               mistakes->len, (g_get_monotonic_time () - start) / 1e6, cpu_seconds () - cpu);
    }
  return 0;
}
