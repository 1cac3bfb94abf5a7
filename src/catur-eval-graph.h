/* catur-eval-graph.h: the coach's evaluation of a game, drawn ply by ply
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "catur.h"

G_BEGIN_DECLS

#define CATUR_TYPE_EVAL_GRAPH (catur_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (CaturEvalGraph, catur_eval_graph, CATUR, EVAL_GRAPH, GtkWidget)

GtkWidget     *catur_eval_graph_new           (void);
void           catur_eval_graph_set_game      (CaturEvalGraph *self,
                                               CaturGame      *game,
                                               CaturAnalysis  *analysis);
CaturAnalysis *catur_eval_graph_get_analysis  (CaturEvalGraph *self);
char          *catur_eval_graph_describe_ply  (CaturEvalGraph *self,
                                               guint           ply);
gboolean       catur_eval_graph_get_point     (CaturEvalGraph *self,
                                               guint           ply,
                                               double         *x,
                                               double         *y);

char          *catur_eval_format_score        (int             score);
const char    *catur_eval_class_word          (CaturJudgeClass judge_class);
const char    *catur_eval_class_mark          (CaturJudgeClass judge_class);

G_END_DECLS
