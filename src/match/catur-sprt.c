/* catur-sprt.c: the score of a match and its sequential probability ratio test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "catur-sprt.h"

#define SPRT_ALPHA 0.05
#define SPRT_BETA 0.05

/* The Elo difference that gives @score (0 to 1), clamped short of infinity. */
double
catur_sprt_elo_of (double score)
{
  score = CLAMP (score, 1e-6, 1 - 1e-6);
  return -400.0 * log10 (1.0 / score - 1.0);
}

double
catur_sprt_score_of (double elo)
{
  return 1.0 / (1.0 + pow (10.0, -elo / 400.0));
}

/* The mean score of a game and its variance, from the first player's view. */
void
catur_sprt_moments (guint   wins,
                    guint   draws,
                    guint   losses,
                    double *mean,
                    double *variance)
{
  double n = (double) wins + draws + losses;

  if (n == 0)
    {
      *mean = 0.5;
      *variance = 0;
      return;
    }
  *mean = (wins + 0.5 * draws) / n;
  *variance = (wins * pow (1 - *mean, 2) + draws * pow (0.5 - *mean, 2)
               + losses * pow (*mean, 2)) / n;
}

/**
 * catur_sprt_llr:
 *
 * The log-likelihood ratio of @elo1 against @elo0 after a match's games, by the normal
 * approximation of a game's score. The variance is the games' own, but never less than a
 * game would have at the middle of the two hypotheses with the draws seen: a few games all
 * won or all lost have almost no variance of their own, and with that alone a test decided
 * 0-1-5 (or 6-0-0) as surely as hundreds of games.
 */
double
catur_sprt_llr (guint  wins,
                guint  draws,
                guint  losses,
                double elo0,
                double elo1)
{
  double n = (double) wins + draws + losses;
  double s0 = catur_sprt_score_of (elo0), s1 = catur_sprt_score_of (elo1);
  double middle = (s0 + s1) / 2, mean, variance, floor;

  if (n == 0)
    return 0;
  catur_sprt_moments (wins, draws, losses, &mean, &variance);
  floor = middle * (1 - middle) - draws / n / 4;
  variance = MAX (variance, floor);
  if (variance <= 0)
    return 0;
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

double
catur_sprt_lower (void)
{
  return log (SPRT_BETA / (1 - SPRT_ALPHA));
}

double
catur_sprt_upper (void)
{
  return log ((1 - SPRT_BETA) / SPRT_ALPHA);
}

CaturSprtVerdict
catur_sprt_verdict (double llr)
{
  if (llr >= catur_sprt_upper ())
    return CATUR_SPRT_H1;
  if (llr <= catur_sprt_lower ())
    return CATUR_SPRT_H0;
  return CATUR_SPRT_CONTINUE;
}
