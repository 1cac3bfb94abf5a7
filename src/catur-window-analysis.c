/* catur-window-analysis.c: the coach's analysis of the game shown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Analyse Game" (win.analyse, in the game menu and on the result card) has the coach judge
 * every ply of the game shown, the human's alone against the computer (CaturAnalysis), at the
 * budget of the setting analysis-budget. The sidebar shows, between the trays and the move
 * list (docs/layout.md), the progress with a Cancel button (win.cancel-analysis) while it
 * runs, then the evaluation graph and the coach's panel for the ply shown; the move list marks
 * the plies judged, and the board draws the better move of the ply shown as an arrow.
 *
 * An analysis is kept with its game (as the game's data) for as long as the game lives: going
 * to another game and back shows it again, and a run cancelled, or stopped by another game
 * shown, goes on from where it stopped when asked again. Moves taken back take their verdicts
 * with them.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-coach-panel.h"
#include "catur-eval-graph.h"
#include "catur-window-private.h"

#define ANALYSIS_KEY "catur-analysis"

struct _CaturWindowAnalysis
{
  GtkWidget *part;            /* the sidebar's part: progress, graph, coach */
  GtkWidget *progress_row;
  GtkProgressBar *progress;
  CaturEvalGraph *graph;
  CaturCoachPanel *coach;
  GtkWidget *try_again;       /* the coach's "Try Again" on a mistake of a person's */
  GtkWidget *card_button;     /* on the result card */

  CaturGame *game;            /* the game shown (a reference) */
  CaturAnalysis *analysis;    /* its analysis, or NULL */
  GCancellable *cancellable;  /* the run under way, or NULL */
  GSignalGroup *game_signals;
  GSignalGroup *analysis_signals;
};

static CaturAnalysis *
analysis_of (CaturGame *game)
{
  return game != NULL ? g_object_get_data (G_OBJECT (game), ANALYSIS_KEY) : NULL;
}

static gboolean
can_analyse (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;
  CaturAnalysis *analysis = part->analysis;

  if (part->game == NULL || part->cancellable != NULL
      || catur_game_get_n_plies (part->game) == 0
      || !catur_variant_can_think (catur_game_get_variant (part->game)))
    return FALSE;
  /* Analysed whole already: nothing new to judge. */
  return analysis == NULL || !catur_analysis_get_complete (analysis)
         || catur_analysis_get_n_plies (analysis) < catur_game_get_n_plies (part->game);
}

static void
update_actions (CaturWindow *self)
{
  catur_window_set_action_enabled (self, "analyse", can_analyse (self));
  catur_window_set_action_enabled (self, "cancel-analysis", self->analysis->cancellable != NULL);
}

static void
update_progress (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;
  g_autofree char *text = NULL;
  guint judged, wanted;

  if (part->analysis == NULL)
    return;
  judged = catur_analysis_get_n_judged (part->analysis);
  wanted = catur_analysis_get_n_wanted (part->analysis);
  gtk_progress_bar_set_fraction (part->progress, wanted > 0 ? (double) judged / wanted : 1.0);
  /* Translators: the analysis's progress bar: moves judged of the moves to judge */
  text = g_strdup_printf (_("Analysing: %u of %u"), judged, wanted);
  gtk_progress_bar_set_text (part->progress, text);
}

/* The coach's panel and the arrow follow the ply shown. */
static void
update_ply (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;
  guint ply = part->game != NULL ? catur_game_get_view_ply (part->game) : 0;
  const CaturJudgement *verdict = NULL;

  catur_coach_panel_show_ply (part->coach, part->game, part->analysis, ply);
  if (part->analysis != NULL && ply <= catur_game_get_n_plies (part->game))
    verdict = catur_analysis_get_judgement (part->analysis, ply);
  catur_board_view_set_arrow (self->board_view,
                              verdict != NULL && verdict->judge_class >= CATUR_JUDGE_INACCURACY
                              ? &verdict->best : NULL);
  /* A drill is a person's mistake tried again: not the computer's. */
  gtk_widget_set_visible (part->try_again,
                          verdict != NULL && verdict->judge_class >= CATUR_JUDGE_MISTAKE
                          && ply > 0 && catur_game_get_computer_side (part->game)
                                        != catur_analysis_get_mover (part->analysis, ply));
}

/* The drill begins from the position before the move faulted, the move played next. */
static void
try_again_clicked_cb (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;
  guint ply = catur_coach_panel_get_ply (part->coach);

  if (part->game == NULL || ply == 0)
    return;
  catur_game_set_view_ply (part->game, ply - 1);
  g_action_group_activate_action (G_ACTION_GROUP (self), "try-again", NULL);
}

/* Another ply shown: after what the board says of it, what the coach says of a ply it faults
 * (a screen reader user does not see the panel). */
static void
view_ply_changed_cb (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;
  const CaturJudgement *verdict = NULL;
  const char *text;

  update_ply (self);
  if (part->analysis != NULL)
    verdict = catur_analysis_get_judgement (part->analysis, catur_game_get_view_ply (part->game));
  text = catur_coach_panel_get_text (part->coach);
  if (verdict != NULL && verdict->judge_class >= CATUR_JUDGE_INACCURACY && text != NULL)
    catur_window_announce (self, text);
}

static void
update_part (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;

  gtk_widget_set_visible (part->part, part->analysis != NULL);
  gtk_widget_set_visible (part->progress_row, part->cancellable != NULL);
  update_progress (self);
  update_ply (self);
  update_actions (self);
}

/* The analysis shown is @analysis: the graph, the move list and the panel show it. */
static void
show_analysis (CaturWindow   *self,
               CaturAnalysis *analysis)
{
  CaturWindowAnalysis *part = self->analysis;

  g_set_object (&part->analysis, analysis);
  g_signal_group_set_target (part->analysis_signals, analysis);
  catur_eval_graph_set_game (part->graph, analysis != NULL ? part->game : NULL, analysis);
  catur_history_view_set_analysis (self->history_view, analysis);
  update_part (self);
}

static void
ply_judged_cb (CaturWindow *self,
               guint        ply)
{
  update_progress (self);
  if (self->analysis->game != NULL && catur_game_get_view_ply (self->analysis->game) == ply)
    update_ply (self);
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CaturWindow) self = user_data;
  CaturAnalysis *analysis = CATUR_ANALYSIS (source);
  CaturWindowAnalysis *part = self->analysis;
  g_autoptr(GError) error = NULL;
  gboolean complete = catur_analysis_run_finish (analysis, result, &error);

  /* The window went meanwhile. */
  if (part == NULL)
    return;
  if (analysis == part->analysis)
    g_clear_object (&part->cancellable);
  if (complete && analysis == part->analysis)
    {
      CaturSide side = catur_window_human_side (self);
      g_autoptr(GPtrArray) mistakes = catur_analysis_list_mistakes (analysis, side);
      g_autofree char *text = NULL;

      if (mistakes->len == 0)
        text = g_strdup (_("Analysis done: no mistakes"));
      else
        /* Translators: the mistakes are kept for "Practise Your Mistakes" */
        text = g_strdup_printf (ngettext ("Analysis done: %u mistake or blunder, kept to "
                                          "practise",
                                          "Analysis done: %u mistakes or blunders, kept to "
                                          "practise",
                                          mistakes->len), mistakes->len);
      catur_window_drills_keep (self, catur_analysis_get_variant (analysis), mistakes);
      catur_window_announce (self, text);
    }
  else if (!complete && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    catur_window_show_toast (self, error->message, FALSE);
  update_part (self);
}

static void
stop_run (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;

  if (part->cancellable == NULL)
    return;
  g_cancellable_cancel (part->cancellable);
  g_clear_object (&part->cancellable);
}

/* The engine chosen for the analysis failed: said, in a toast that stays; the built-in judge
 * goes on with the rest. */
static void
analysis_engine_failed_cb (CaturWindow  *self,
                           const GError *error)
{
  g_autofree char *text = NULL;
  g_autofree char *title = NULL;
  AdwToast *toast;

  /* Translators: an engine's failure, then what the coach does about it */
  text = g_strdup_printf (_("%s. The coach goes on with Catur’s own engine."), error->message);
  title = g_markup_escape_text (text, -1);
  toast = adw_toast_new (title);
  adw_toast_set_timeout (toast, 0);
  catur_window_add_toast (self, toast);
}

static void
analyse_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  CaturWindow *self = user_data;
  CaturWindowAnalysis *part = self->analysis;
  CaturAnalysis *analysis = analysis_of (part->game);
  g_autoptr(CaturAnalysis) made = NULL;
  g_autoptr(CaturEngineEntry) analyser = NULL;
  g_autofree char *budget_id = NULL;
  CaturAnalysisBudget budget;

  if (!can_analyse (self))
    return;
  analyser = catur_window_engines_analyser (self);
  budget_id = g_settings_get_string (self->settings, "analysis-budget");
  budget = catur_analysis_budget_from_id (budget_id);
  /* A game grown since, or another budget chosen: a new analysis of the game as it is. */
  if (analysis == NULL || catur_analysis_get_budget (analysis) != budget
      || catur_analysis_get_n_plies (analysis) < catur_game_get_n_plies (part->game))
    {
      made = catur_analysis_new (part->game, budget);
      g_signal_connect_object (made, "engine-failed", G_CALLBACK (analysis_engine_failed_cb),
                               self, G_CONNECT_SWAPPED);
      g_object_set_data_full (G_OBJECT (part->game), ANALYSIS_KEY, g_object_ref (made),
                              g_object_unref);
      analysis = made;
    }

  /* The result card makes way for the analysis, as its Review button does. */
  if (gtk_revealer_get_reveal_child (self->result_revealer))
    {
      self->result_dismissed = TRUE;
      gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
      gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
    }
  part->cancellable = g_cancellable_new ();
  show_analysis (self, analysis);
  if (!catur_analysis_get_running (analysis))
    catur_analysis_set_engine (analysis, analyser);
  catur_analysis_run_async (analysis, part->cancellable, run_done_cb, g_object_ref (self));
  update_part (self);
  catur_window_announce (self, _("Analysing the game"));
}

static void
cancel_analysis_activated (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  CaturWindow *self = user_data;

  if (self->analysis->cancellable == NULL)
    return;
  stop_run (self);
  update_part (self);
  catur_window_announce (self, _("Analysis stopped"));
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* Moves taken back take their verdicts with them. */
static void
n_plies_changed_cb (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;

  if (part->analysis != NULL)
    catur_analysis_truncate (part->analysis, catur_game_get_n_plies (part->game));
  update_part (self);
}

static const GActionEntry analysis_entries[] = {
  { "analyse", analyse_activated, NULL, NULL, NULL, { 0 } },
  { "cancel-analysis", cancel_analysis_activated, NULL, NULL, NULL, { 0 } },
};

static GtkWidget *
build_part (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = gtk_label_new (_("Analysis"));
  GtkWidget *cancel;

  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_add_css_class (box, "analysis");
  gtk_label_set_xalign (GTK_LABEL (heading), 0.0);
  gtk_widget_set_margin_start (heading, 6);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (box), heading);

  part->progress_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  part->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (part->progress, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (part->progress), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (part->progress), GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (part->progress), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Analysis progress"), -1);
  gtk_box_append (GTK_BOX (part->progress_row), GTK_WIDGET (part->progress));
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "win.cancel-analysis");
  gtk_widget_set_tooltip_text (cancel, _("Stop the analysis; what it found is kept"));
  gtk_box_append (GTK_BOX (part->progress_row), cancel);
  gtk_box_append (GTK_BOX (box), part->progress_row);

  part->graph = CATUR_EVAL_GRAPH (catur_eval_graph_new ());
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (part->graph));
  part->coach = CATUR_COACH_PANEL (catur_coach_panel_new ());
  gtk_widget_set_margin_start (GTK_WIDGET (part->coach), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (part->coach), 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (part->coach));
  part->try_again = gtk_button_new_with_mnemonic (_("Try _Again"));
  gtk_widget_set_tooltip_text (part->try_again,
                               _("Set up the position before this move and find a better one"));
  gtk_widget_set_visible (part->try_again, FALSE);
  g_signal_connect_swapped (part->try_again, "clicked", G_CALLBACK (try_again_clicked_cb), self);
  catur_coach_panel_add_action (part->coach, part->try_again);
  gtk_widget_set_visible (box, FALSE);
  return box;
}

/**
 * catur_window_analysis_init:
 * @self: the window, its template built
 *
 * Adds the sidebar's analysis part under the trays, the result card's Analyse button, and the
 * actions win.analyse and win.cancel-analysis.
 */
void
catur_window_analysis_init (CaturWindow *self)
{
  CaturWindowAnalysis *part = g_new0 (CaturWindowAnalysis, 1);
  GtkWidget *card_buttons = gtk_widget_get_parent (self->result_review_button);

  self->analysis = part;
  g_action_map_add_action_entries (G_ACTION_MAP (self), analysis_entries,
                                   G_N_ELEMENTS (analysis_entries), self);

  part->part = build_part (self);
  gtk_box_insert_child_after (GTK_BOX (self->sidebar), part->part,
                              GTK_WIDGET (self->tray_panel));

  part->card_button = gtk_button_new_with_mnemonic (_("_Analyse"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (part->card_button), "win.analyse");
  gtk_widget_set_tooltip_text (part->card_button,
                               _("Have the coach go over the game and find the mistakes"));
  gtk_widget_add_css_class (part->card_button, "pill");
  gtk_box_insert_child_after (GTK_BOX (card_buttons), part->card_button,
                              self->result_review_button);
  /* Made after the window named its buttons: "Analyse", not "_Analyse Analyse". */
  catur_a11y_name_button_by_content (GTK_BUTTON (part->card_button));
  catur_a11y_name_buttons_by_content (part->part);

  part->game_signals = g_signal_group_new (CATUR_TYPE_GAME);
  g_signal_group_connect_swapped (part->game_signals, "notify::view-ply",
                                  G_CALLBACK (view_ply_changed_cb), self);
  g_signal_group_connect_swapped (part->game_signals, "notify::n-plies",
                                  G_CALLBACK (n_plies_changed_cb), self);
  part->analysis_signals = g_signal_group_new (CATUR_TYPE_ANALYSIS);
  g_signal_group_connect_swapped (part->analysis_signals, "ply-judged",
                                  G_CALLBACK (ply_judged_cb), self);
  update_actions (self);
}

void
catur_window_analysis_dispose (CaturWindow *self)
{
  CaturWindowAnalysis *part = self->analysis;

  if (part == NULL)
    return;
  stop_run (self);
  g_signal_group_set_target (part->game_signals, NULL);
  g_signal_group_set_target (part->analysis_signals, NULL);
  g_clear_object (&part->game_signals);
  g_clear_object (&part->analysis_signals);
  g_clear_object (&part->analysis);
  g_clear_object (&part->game);
  g_free (part);
  self->analysis = NULL;
}

/**
 * catur_window_analysis_game_shown:
 * @self: the window
 * @game: (nullable): the game it shows now
 *
 * A run for the game left stops (what it judged is kept with that game); the game shown's
 * own analysis, if it has one, is shown.
 */
void
catur_window_analysis_game_shown (CaturWindow *self,
                                  CaturGame   *game)
{
  CaturWindowAnalysis *part = self->analysis;

  if (part == NULL)
    return;
  if (part->game != game)
    stop_run (self);
  g_set_object (&part->game, game);
  g_signal_group_set_target (part->game_signals, game);
  show_analysis (self, analysis_of (game));
}

/**
 * catur_window_get_analysis:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none) (nullable): the analysis of the game shown, or %NULL
 */
CaturAnalysis *
catur_window_get_analysis (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->analysis != NULL ? self->analysis->analysis : NULL;
}

/**
 * catur_window_get_coach_panel:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none): the coach's panel in the sidebar (see catur-coach-panel.h)
 */
GtkWidget *
catur_window_get_coach_panel (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->analysis->coach);
}

/**
 * catur_window_get_eval_graph:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none): the evaluation graph in the sidebar
 */
GtkWidget *
catur_window_get_eval_graph (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->analysis->graph);
}
