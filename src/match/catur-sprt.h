/* catur-sprt.h: the score of a match and its sequential probability ratio test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  CATUR_SPRT_CONTINUE,
  CATUR_SPRT_H0,
  CATUR_SPRT_H1,
} CaturSprtVerdict;

double           catur_sprt_elo_of   (double score);
double           catur_sprt_score_of (double elo);
void             catur_sprt_moments  (guint   wins,
                                      guint   draws,
                                      guint   losses,
                                      double *mean,
                                      double *variance);
double           catur_sprt_llr      (guint   wins,
                                      guint   draws,
                                      guint   losses,
                                      double  elo0,
                                      double  elo1);
CaturSprtVerdict catur_sprt_verdict  (double  llr);
double           catur_sprt_lower    (void);
double           catur_sprt_upper    (void);

G_END_DECLS
