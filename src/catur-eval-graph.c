/* catur-eval-graph.c: the coach's evaluation of a game, drawn ply by ply
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One point a ply, the position after it, as the analysis scored it, left to right; the
 * start is the first point. The graph is drawn from the view of the player at the bottom of
 * the board (the game's bottom side): up is good for that player, whichever side moved, so
 * that a player reads their own game as one curve (docs/coach.md). Scores are clipped at four
 * of the game's blunders, a mate at the clip: a mate does not flatten the rest. Inaccuracies,
 * mistakes and blunders are dots in the theme's warning and error colours; the ply shown is a
 * line in the accent colour. A click on a point shows that ply; focused, the arrows step
 * through the points and each is said in words ("Move 23, Red: from +1.5 to −3.2, a
 * blunder"), which is also the graph's accessible description.
 */
#define G_LOG_DOMAIN "catur-eval-graph"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-eval-graph.h"
#include "catur-window.h"

#define PAD 6.0
#define HEIGHT 80

struct _CaturEvalGraph
{
  GtkWidget parent_instance;

  CaturGame *game;
  CaturAnalysis *analysis;
  GSignalGroup *game_signals;
  GSignalGroup *analysis_signals;
};

G_DEFINE_FINAL_TYPE (CaturEvalGraph, catur_eval_graph, GTK_TYPE_WIDGET)

/* The last point: the analysis's plies, or the game's when it took some back since. */
static guint
last_ply (CaturEvalGraph *self)
{
  if (self->analysis == NULL || self->game == NULL)
    return 0;
  return MIN (catur_analysis_get_n_plies (self->analysis), catur_game_get_n_plies (self->game));
}

static CaturSide
view_side (CaturEvalGraph *self)
{
  return self->game != NULL ? catur_game_get_bottom_side (self->game) : CATUR_SIDE_FIRST;
}

static double
clip (CaturEvalGraph *self)
{
  CaturJudgeThresholds thresholds;

  catur_variant_get_judge_thresholds (catur_analysis_get_variant (self->analysis), &thresholds);
  return MAX (100, 4 * thresholds.blunder);
}

static double
point_x (CaturEvalGraph *self,
         guint           ply)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD;
  guint n = last_ply (self);

  return PAD + (n == 0 ? 0 : width * ply / n);
}

static double
score_y (CaturEvalGraph *self,
         int             score)
{
  double height = gtk_widget_get_height (GTK_WIDGET (self)) - 2 * PAD;
  double limit = clip (self);

  return PAD + height / 2 - CLAMP (score, -limit, limit) / limit * height / 2;
}

static void
get_colour (CaturEvalGraph *self,
            const char     *name,
            GdkRGBA        *colour)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));

  if (name == NULL || !gtk_style_context_lookup_color (context, name, colour))
    gtk_style_context_get_color (context, colour);
}

static void
catur_eval_graph_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  CaturEvalGraph *self = CATUR_EVAL_GRAPH (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  GdkRGBA fg, accent, warning, error;
  guint n = last_ply (self);
  gboolean open = FALSE;
  double mid;
  cairo_t *cr;

  if (n == 0)
    return;

  get_colour (self, NULL, &fg);
  get_colour (self, "accent_color", &accent);
  get_colour (self, "warning_color", &warning);
  get_colour (self, "error_color", &error);
  mid = score_y (self, 0);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  /* The middle: equal chances. */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, PAD, floor (mid) + 0.5);
  cairo_line_to (cr, width - PAD, floor (mid) + 0.5);
  cairo_stroke (cr);

  /* The area between the curve and the middle, then the curve, broken where a ply has no
   * score (not judged yet). */
  for (int pass = 0; pass < 2; pass++)
    {
      double first_x = 0, last_x = 0;

      open = FALSE;
      for (guint ply = 0; ply <= n; ply++)
        {
          int score;
          double x = point_x (self, ply);

          if (!catur_analysis_get_score (self->analysis, ply, view_side (self), &score))
            {
              if (open && pass == 0)
                {
                  cairo_line_to (cr, last_x, mid);
                  cairo_line_to (cr, first_x, mid);
                  cairo_close_path (cr);
                }
              open = FALSE;
              continue;
            }
          if (!open)
            {
              if (pass == 0)
                cairo_move_to (cr, x, mid);
              else
                cairo_move_to (cr, x, score_y (self, score));
              first_x = x;
              open = TRUE;
            }
          cairo_line_to (cr, x, score_y (self, score));
          last_x = x;
        }
      if (pass == 0)
        {
          if (open)
            {
              cairo_line_to (cr, last_x, mid);
              cairo_close_path (cr);
            }
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.15);
          cairo_fill (cr);
        }
      else
        {
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
          cairo_set_line_width (cr, 1.5);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          cairo_stroke (cr);
        }
    }

  /* The ply shown. */
  if (self->game != NULL && catur_game_get_view_ply (self->game) <= n)
    {
      double x = point_x (self, catur_game_get_view_ply (self->game));

      gdk_cairo_set_source_rgba (cr, &accent);
      cairo_set_line_width (cr, gtk_widget_has_focus (widget) ? 3 : 2);
      cairo_move_to (cr, x, PAD / 2);
      cairo_line_to (cr, x, height - PAD / 2);
      cairo_stroke (cr);
    }

  /* The plies the coach marks. */
  for (guint ply = 1; ply <= n; ply++)
    {
      const CaturJudgement *verdict = catur_analysis_get_judgement (self->analysis, ply);
      int score;

      if (verdict == NULL || verdict->judge_class < CATUR_JUDGE_INACCURACY
          || !catur_analysis_get_score (self->analysis, ply, view_side (self), &score))
        continue;
      gdk_cairo_set_source_rgba (cr, verdict->judge_class == CATUR_JUDGE_BLUNDER ? &error
                                     : &warning);
      cairo_arc (cr, point_x (self, ply), score_y (self, score),
                 verdict->judge_class == CATUR_JUDGE_INACCURACY ? 2.5 : 3.5, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
}

static void
catur_eval_graph_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_VERTICAL ? HEIGHT : 100;
}

/* The ply shown is said, and becomes the graph's description. */
static void
describe_view (CaturEvalGraph *self,
               gboolean        announce)
{
  g_autofree char *text = NULL;
  GtkRoot *root;

  if (self->game == NULL || self->analysis == NULL)
    return;
  text = catur_eval_graph_describe_ply (self, catur_game_get_view_ply (self->game));
  catur_a11y_set_description (GTK_WIDGET (self), text);
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (announce && CATUR_IS_WINDOW (root))
    catur_window_announce (CATUR_WINDOW (root), text);
}

static void
show_ply (CaturEvalGraph *self,
          guint           ply)
{
  if (self->game == NULL)
    return;
  catur_game_set_view_ply (self->game, MIN (ply, last_ply (self)));
  describe_view (self, TRUE);
}

static void
pressed_cb (CaturEvalGraph *self,
            int             n_press,
            double          x,
            double          y)
{
  guint n = last_ply (self);
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD;

  if (n == 0 || width <= 0)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  show_ply (self, (guint) CLAMP (round ((x - PAD) / width * n), 0, n));
}

static gboolean
key_pressed_cb (CaturEvalGraph  *self,
                guint            keyval,
                guint            keycode,
                GdkModifierType  state)
{
  guint view, n = last_ply (self);

  if (self->game == NULL || n == 0 || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return GDK_EVENT_PROPAGATE;
  view = MIN (catur_game_get_view_ply (self->game), n);
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      show_ply (self, view > 0 ? view - 1 : 0);
      return GDK_EVENT_STOP;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      show_ply (self, view + 1);
      return GDK_EVENT_STOP;
    case GDK_KEY_Home:
      show_ply (self, 0);
      return GDK_EVENT_STOP;
    case GDK_KEY_End:
      show_ply (self, n);
      return GDK_EVENT_STOP;
    default:
      return GDK_EVENT_PROPAGATE;
    }
}

static void
changed_cb (CaturEvalGraph *self)
{
  describe_view (self, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
catur_eval_graph_dispose (GObject *object)
{
  CaturEvalGraph *self = CATUR_EVAL_GRAPH (object);

  g_signal_group_set_target (self->game_signals, NULL);
  g_signal_group_set_target (self->analysis_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->analysis_signals);
  g_clear_object (&self->game);
  g_clear_object (&self->analysis);

  G_OBJECT_CLASS (catur_eval_graph_parent_class)->dispose (object);
}

static void
catur_eval_graph_class_init (CaturEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_eval_graph_dispose;
  widget_class->snapshot = catur_eval_graph_snapshot;
  widget_class->measure = catur_eval_graph_measure;
  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
catur_eval_graph_init (CaturEvalGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("Click a point to see that move; Left and Right step through "
                                 "them"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Evaluation graph"), -1);

  g_signal_connect_swapped (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  self->game_signals = g_signal_group_new (CATUR_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "notify::view-ply",
                                  G_CALLBACK (changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::n-plies",
                                  G_CALLBACK (changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::bottom-side",
                                  G_CALLBACK (changed_cb), self);
  self->analysis_signals = g_signal_group_new (CATUR_TYPE_ANALYSIS);
  g_signal_group_connect_swapped (self->analysis_signals, "ply-judged",
                                  G_CALLBACK (changed_cb), self);
  g_signal_group_connect_swapped (self->analysis_signals, "notify::n-wanted",
                                  G_CALLBACK (changed_cb), self);
}

GtkWidget *
catur_eval_graph_new (void)
{
  return g_object_new (CATUR_TYPE_EVAL_GRAPH, NULL);
}

/**
 * catur_eval_graph_set_game:
 * @self: a #CaturEvalGraph
 * @game: (nullable): the game shown
 * @analysis: (nullable): its analysis
 *
 * Draws @analysis; a click or a key shows a ply of @game.
 */
void
catur_eval_graph_set_game (CaturEvalGraph *self,
                           CaturGame      *game,
                           CaturAnalysis  *analysis)
{
  g_return_if_fail (CATUR_IS_EVAL_GRAPH (self));

  g_set_object (&self->game, game);
  g_set_object (&self->analysis, analysis);
  g_signal_group_set_target (self->game_signals, game);
  g_signal_group_set_target (self->analysis_signals, analysis);
  changed_cb (self);
}

CaturAnalysis *
catur_eval_graph_get_analysis (CaturEvalGraph *self)
{
  g_return_val_if_fail (CATUR_IS_EVAL_GRAPH (self), NULL);

  return self->analysis;
}

/**
 * catur_eval_format_score:
 * @score: a score in centipawns (see %CATUR_SCORE_MATE)
 *
 * Returns: (transfer full): the score in pawns with its sign ("+1.5", "−3.2"), or the mate
 */
char *
catur_eval_format_score (int score)
{
  if (score >= CATUR_SCORE_MATE_BOUND)
    /* Translators: an evaluation: the side it is from mates in this many moves */
    return g_strdup_printf (_("mate in %d"), (CATUR_SCORE_MATE - score + 1) / 2);
  if (score <= -CATUR_SCORE_MATE_BOUND)
    /* Translators: an evaluation: the side it is from is mated in this many moves */
    return g_strdup_printf (_("mated in %d"), (CATUR_SCORE_MATE + score + 1) / 2);
  if (score == 0)
    return g_strdup ("0.0");
  /* The minus sign, not a hyphen, as a voice reads it "minus". */
  return g_strdup_printf ("%s%.1f", score > 0 ? "+" : "−", ABS (score) / 100.0);
}

/**
 * catur_eval_class_word:
 * @judge_class: a class of the judge
 *
 * Returns: what the coach calls a move of @judge_class, for a sentence: "a blunder"
 */
const char *
catur_eval_class_word (CaturJudgeClass judge_class)
{
  switch (judge_class)
    {
    case CATUR_JUDGE_BEST:
      return _("the best move");
    case CATUR_JUDGE_GOOD:
      return _("a good move");
    case CATUR_JUDGE_INACCURACY:
      return _("an inaccuracy");
    case CATUR_JUDGE_MISTAKE:
      return _("a mistake");
    case CATUR_JUDGE_BLUNDER:
    default:
      return _("a blunder");
    }
}

/**
 * catur_eval_class_mark:
 * @judge_class: a class of the judge
 *
 * Returns: the mark a record writes after such a move: "?!", "?", "??", or "" for a good one
 */
const char *
catur_eval_class_mark (CaturJudgeClass judge_class)
{
  switch (judge_class)
    {
    case CATUR_JUDGE_INACCURACY:
      return "?!";
    case CATUR_JUDGE_MISTAKE:
      return "?";
    case CATUR_JUDGE_BLUNDER:
      return "??";
    case CATUR_JUDGE_BEST:
    case CATUR_JUDGE_GOOD:
    default:
      return "";
    }
}

/**
 * catur_eval_graph_describe_ply:
 * @self: a #CaturEvalGraph
 * @ply: a point of the graph (0 for the start)
 *
 * Returns: (transfer full): the point in words, from the mover's view: "Move 23, Red: from
 *   +1.5 to −3.2, a blunder"
 */
char *
catur_eval_graph_describe_ply (CaturEvalGraph *self,
                               guint           ply)
{
  const CaturJudgement *verdict;
  CaturSide mover;
  g_autofree char *after = NULL;
  int score;

  g_return_val_if_fail (CATUR_IS_EVAL_GRAPH (self), NULL);

  if (self->analysis == NULL || self->game == NULL || ply > last_ply (self))
    return g_strdup (_("No evaluation"));
  if (ply == 0)
    {
      CaturSide first = catur_variant_side_to_move (catur_game_get_variant (self->game),
                                                    catur_game_get_start_position (self->game));

      if (!catur_analysis_get_score (self->analysis, 0, first, &score))
        return g_strdup (_("Start: not evaluated"));
      after = catur_eval_format_score (score);
      /* Translators: the first point of the evaluation graph: the start position's score
       * from the side to move's view, e.g. "Start, Red: +0.2" */
      return g_strdup_printf (_("Start, %s: %s"), catur_game_get_side_name (self->game, first),
                              after);
    }

  mover = catur_analysis_get_mover (self->analysis, ply);
  verdict = catur_analysis_get_judgement (self->analysis, ply);
  if (verdict != NULL)
    {
      g_autofree char *before = catur_eval_format_score (verdict->best_score);

      after = catur_eval_format_score (verdict->score);
      /* Translators: a point of the evaluation graph, from the mover's view: the move's
       * number, its side, the score it could have kept, what it got, and the coach's word,
       * e.g. "Move 23, Red: from +1.5 to −3.2, a blunder" */
      return g_strdup_printf (_("Move %u, %s: from %s to %s, %s"),
                              catur_game_get_move_number (self->game, ply),
                              catur_game_get_side_name (self->game, mover), before, after,
                              catur_eval_class_word (verdict->judge_class));
    }
  if (catur_analysis_get_score (self->analysis, ply, mover, &score))
    {
      after = catur_eval_format_score (score);
      /* Translators: a point of the evaluation graph for a move the coach did not judge (the
       * computer's), its score from the mover's view, e.g. "Move 23, Black: +0.4" */
      return g_strdup_printf (_("Move %u, %s: %s"), catur_game_get_move_number (self->game, ply),
                              catur_game_get_side_name (self->game, mover), after);
    }
  /* Translators: a point of the evaluation graph not analysed yet, e.g. "Move 23, Black" */
  return g_strdup_printf (_("Move %u, %s: not evaluated"),
                          catur_game_get_move_number (self->game, ply),
                          catur_game_get_side_name (self->game, mover));
}

/**
 * catur_eval_graph_get_point:
 * @self: a #CaturEvalGraph
 * @ply: a point of the graph
 * @x: (out): where it is drawn, in the graph's coordinates
 * @y: (out): likewise
 *
 * Returns: whether @ply has a point
 */
gboolean
catur_eval_graph_get_point (CaturEvalGraph *self,
                            guint           ply,
                            double         *x,
                            double         *y)
{
  int score;

  g_return_val_if_fail (CATUR_IS_EVAL_GRAPH (self), FALSE);

  if (self->analysis == NULL || ply > last_ply (self)
      || !catur_analysis_get_score (self->analysis, ply, view_side (self), &score))
    return FALSE;
  *x = point_x (self, ply);
  *y = score_y (self, score);
  return TRUE;
}
