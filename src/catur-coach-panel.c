/* catur-coach-panel.c: what the coach says of the ply shown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one place the window shows a ply's judgement: a heading with the move and the coach's
 * word for it ("23. C2=5: a blunder"), and for an inaccuracy or worse the coach's sentence
 * and the better move. Under them a row of buttons that act on the ply shown, empty until a
 * feature adds one (catur_coach_panel_add_action()): a drill from here, say. The panel hides
 * itself for a ply with no verdict.
 */
#define G_LOG_DOMAIN "catur-coach-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-coach-panel.h"
#include "catur-eval-graph.h"

struct _CaturCoachPanel
{
  GtkWidget parent_instance;

  GtkLabel *heading;
  GtkLabel *sentence;
  GtkLabel *better;
  GtkWidget *actions;
  guint ply;
  char *text;                 /* all the panel says, as one text */
};

G_DEFINE_FINAL_TYPE (CaturCoachPanel, catur_coach_panel, GTK_TYPE_WIDGET)

static void
catur_coach_panel_dispose (GObject *object)
{
  CaturCoachPanel *self = CATUR_COACH_PANEL (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (catur_coach_panel_parent_class)->dispose (object);
}

static void
catur_coach_panel_class_init (CaturCoachPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_coach_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "coachpanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static GtkLabel *
add_label (CaturCoachPanel *self)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  gtk_widget_set_parent (label, GTK_WIDGET (self));
  return GTK_LABEL (label);
}

static void
catur_coach_panel_init (CaturCoachPanel *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 4);
  gtk_widget_add_css_class (GTK_WIDGET (self), "coach-panel");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Coach"), -1);

  self->heading = add_label (self);
  gtk_widget_add_css_class (GTK_WIDGET (self->heading), "heading");
  self->sentence = add_label (self);
  self->better = add_label (self);
  gtk_widget_add_css_class (GTK_WIDGET (self->better), "dim-label");
  self->actions = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_visible (self->actions, FALSE);
  gtk_widget_set_parent (self->actions, GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
catur_coach_panel_new (void)
{
  return g_object_new (CATUR_TYPE_COACH_PANEL, NULL);
}

/**
 * catur_coach_panel_show_ply:
 * @self: a #CaturCoachPanel
 * @game: (nullable): the game shown
 * @analysis: (nullable): its analysis
 * @ply: the ply shown (0 for the start)
 *
 * Says what the coach found of @ply, or hides the panel when it has no verdict.
 */
void
catur_coach_panel_show_ply (CaturCoachPanel *self,
                            CaturGame       *game,
                            CaturAnalysis   *analysis,
                            guint            ply)
{
  const CaturJudgement *verdict = NULL;
  g_autoptr(CaturGameMove) item = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *better = NULL;
  gboolean explained;

  g_return_if_fail (CATUR_IS_COACH_PANEL (self));

  self->ply = ply;
  g_clear_pointer (&self->text, g_free);
  if (game != NULL && analysis != NULL && ply <= catur_game_get_n_plies (game))
    verdict = catur_analysis_get_judgement (analysis, ply);
  gtk_widget_set_visible (GTK_WIDGET (self), verdict != NULL);
  if (verdict == NULL)
    return;

  item = g_list_model_get_item (catur_game_get_moves (game), ply - 1);
  /* Translators: the coach panel's heading: the move's number, the move, and the coach's
   * word for it, e.g. "23. C2=5: a blunder" */
  heading = g_strdup_printf (_("%u. %s: %s"), catur_game_get_move_number (game, ply),
                             catur_game_move_get_notation (item),
                             catur_eval_class_word (verdict->judge_class));
  gtk_label_set_text (self->heading, heading);

  explained = verdict->judge_class >= CATUR_JUDGE_INACCURACY;
  gtk_label_set_text (self->sentence, explained && verdict->sentence != NULL
                                      ? verdict->sentence : "");
  gtk_widget_set_visible (GTK_WIDGET (self->sentence),
                          explained && verdict->sentence != NULL && *verdict->sentence != '\0');
  /* A move worse for no reason of material or mate: the judge's sentence names the better
   * move already. */
  if (explained && verdict->reason != CATUR_JUDGE_REASON_NONE)
    {
      CaturVariant *variant = catur_game_get_variant (game);
      g_autofree char *move = catur_variant_format_move (variant,
                                                         catur_game_get_position_at (game,
                                                                                     ply - 1),
                                                         &verdict->best,
                                                         catur_game_get_notation (game));

      /* Translators: the coach panel: the move the engine preferred, e.g. "Better: H2+3" */
      better = g_strdup_printf (_("Better: %s"), move != NULL ? move : "");
    }
  gtk_label_set_text (self->better, better != NULL ? better : "");
  gtk_widget_set_visible (GTK_WIDGET (self->better), better != NULL);

  self->text = g_strjoin (" ", heading, explained && verdict->sentence != NULL
                                        ? verdict->sentence : "",
                          better != NULL ? better : "", NULL);
  g_strstrip (self->text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->text, -1);
}

/**
 * catur_coach_panel_get_ply:
 * @self: a #CaturCoachPanel
 *
 * Returns: the ply the panel speaks of
 */
guint
catur_coach_panel_get_ply (CaturCoachPanel *self)
{
  g_return_val_if_fail (CATUR_IS_COACH_PANEL (self), 0);

  return self->ply;
}

/**
 * catur_coach_panel_get_text:
 * @self: a #CaturCoachPanel
 *
 * Returns: (nullable): all the panel says, as one text, or %NULL while it is hidden
 */
const char *
catur_coach_panel_get_text (CaturCoachPanel *self)
{
  g_return_val_if_fail (CATUR_IS_COACH_PANEL (self), NULL);

  return self->text;
}

/**
 * catur_coach_panel_add_action:
 * @self: a #CaturCoachPanel
 * @widget: a button acting on the ply shown (it reads catur_coach_panel_get_ply())
 *
 * Adds @widget to the row of buttons under the coach's words.
 */
void
catur_coach_panel_add_action (CaturCoachPanel *self,
                              GtkWidget       *widget)
{
  g_return_if_fail (CATUR_IS_COACH_PANEL (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_box_append (GTK_BOX (self->actions), widget);
  gtk_widget_set_visible (self->actions, TRUE);
}
