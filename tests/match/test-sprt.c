/* test-sprt.c: catur-match's score and its sequential probability ratio test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "catur-sprt.h"

/* Five lost games and a draw once decided that a program was no better (LLR −6.8, the bound
 * −2.94), and six games won never decided anything: the variance of so few games is almost
 * nothing, and was taken as it came. */
static void
test_few_games_decide_nothing (void)
{
  g_assert_cmpint (catur_sprt_verdict (catur_sprt_llr (0, 1, 5, 0, 60)), ==,
                   CATUR_SPRT_CONTINUE);
  g_assert_cmpint (catur_sprt_verdict (catur_sprt_llr (5, 1, 0, 0, 60)), ==,
                   CATUR_SPRT_CONTINUE);
  g_assert_cmpint (catur_sprt_verdict (catur_sprt_llr (6, 0, 0, 0, 60)), ==,
                   CATUR_SPRT_CONTINUE);
  g_assert_cmpfloat (catur_sprt_llr (6, 0, 0, 0, 60), >, 0);
  g_assert_cmpint (catur_sprt_verdict (catur_sprt_llr (19, 0, 5, 0, 60)), ==,
                   CATUR_SPRT_CONTINUE);
}

static void
test_clear_results_decide (void)
{
  /* 79 % over 38 games: above a line of 50 % against 58.6 %. */
  g_assert_cmpint (catur_sprt_verdict (catur_sprt_llr (30, 0, 8, 0, 60)), ==, CATUR_SPRT_H1);
  g_assert_cmpint (catur_sprt_verdict (catur_sprt_llr (8, 0, 30, 0, 60)), ==, CATUR_SPRT_H0);
  /* Even, over 240 games: the 50 % of elo0, not elo1's 58.6 %. */
  g_assert_cmpint (catur_sprt_verdict (catur_sprt_llr (120, 0, 120, 0, 60)), ==,
                   CATUR_SPRT_H0);
  /* A line below half, 30 % (−147 Elo): 45 % over 100 games is above it. */
  g_assert_cmpint (catur_sprt_verdict (catur_sprt_llr (40, 10, 50, -147, -87)), ==,
                   CATUR_SPRT_H1);
  g_assert_cmpint (catur_sprt_verdict (catur_sprt_llr (79, 83, 58, 0, 60)), ==,
                   CATUR_SPRT_CONTINUE);
}

/* Where the games vary more than the floor, the test is the plain normal approximation. */
static void
test_games_own_variance (void)
{
  double mean, variance, s0 = catur_sprt_score_of (0), s1 = catur_sprt_score_of (60);

  catur_sprt_moments (60, 80, 60, &mean, &variance);
  g_assert_cmpfloat_with_epsilon (mean, 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (variance, 0.15, 1e-12);
  g_assert_cmpfloat_with_epsilon (catur_sprt_llr (60, 80, 60, 0, 60),
                                  200 * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance),
                                  1e-9);
  g_assert_cmpfloat (catur_sprt_lower (), ==, -catur_sprt_upper ());
  g_assert_cmpfloat_with_epsilon (catur_sprt_upper (), log (19), 1e-12);
}

static void
test_elo_and_score (void)
{
  g_assert_cmpfloat_with_epsilon (catur_sprt_score_of (0), 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (catur_sprt_elo_of (0.75), 190.85, 0.01);
  g_assert_cmpfloat_with_epsilon (catur_sprt_elo_of (catur_sprt_score_of (-147)), -147, 1e-6);
  g_assert_true (isfinite (catur_sprt_elo_of (1.0)));
  g_assert_cmpfloat (catur_sprt_llr (0, 0, 0, 0, 60), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sprt/few-games-decide-nothing", test_few_games_decide_nothing);
  g_test_add_func ("/sprt/clear-results-decide", test_clear_results_decide);
  g_test_add_func ("/sprt/games-own-variance", test_games_own_variance);
  g_test_add_func ("/sprt/elo-and-score", test_elo_and_score);
  return g_test_run ();
}
