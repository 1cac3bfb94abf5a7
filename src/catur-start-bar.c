/* catur-start-bar.c: what a new game offers a beginner: its lesson and a tip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game's start page is its board before the first move: above it, this bar offers the
 * game's lesson ("Learn to Play", marked once finished) and one of the game's tips
 * (catur-window-lessons.c decides when it shows and which tip).
 */
#define G_LOG_DOMAIN "catur-start-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-start-bar.h"

struct _CaturStartBar
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget *box;
  GtkWidget *lesson_box;
  GtkLabel *question;
  GtkWidget *finished_box;
  GtkWidget *puzzles_button;
  GtkLabel *tip;
};

G_DEFINE_FINAL_TYPE (CaturStartBar, catur_start_bar, GTK_TYPE_WIDGET)

static void
catur_start_bar_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CATUR_TYPE_START_BAR);

  G_OBJECT_CLASS (catur_start_bar_parent_class)->dispose (object);
}

static void
catur_start_bar_class_init (CaturStartBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_start_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/caturapp/Catur/ui/"
                                               "catur-start-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturStartBar, box);
  gtk_widget_class_bind_template_child (widget_class, CaturStartBar, lesson_box);
  gtk_widget_class_bind_template_child (widget_class, CaturStartBar, question);
  gtk_widget_class_bind_template_child (widget_class, CaturStartBar, finished_box);
  gtk_widget_class_bind_template_child (widget_class, CaturStartBar, puzzles_button);
  gtk_widget_class_bind_template_child (widget_class, CaturStartBar, tip);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "startbar");
}

static void
catur_start_bar_init (CaturStartBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
catur_start_bar_new (void)
{
  return g_object_new (CATUR_TYPE_START_BAR, NULL);
}

/**
 * catur_start_bar_set_lesson:
 * @game_name: the game's name
 * @has_lesson: whether the game has a lesson to offer
 * @finished: whether the player has finished it once
 */
void
catur_start_bar_set_lesson (CaturStartBar *self,
                            const char    *game_name,
                            gboolean       has_lesson,
                            gboolean       finished)
{
  g_autofree char *question = NULL;

  g_return_if_fail (CATUR_IS_START_BAR (self));

  /* Translators: offered above a new game's board, next to "Learn to Play", e.g.
   * "New to Xiangqi?" */
  question = g_strdup_printf (_("New to %s?"), game_name);
  gtk_label_set_text (self->question, question);
  gtk_widget_set_visible (self->lesson_box, has_lesson);
  gtk_widget_set_visible (self->finished_box, has_lesson && finished);
}

/* @tip: (nullable): the tip to show, %NULL for none */
void
catur_start_bar_set_tip (CaturStartBar *self,
                         const char    *tip)
{
  g_return_if_fail (CATUR_IS_START_BAR (self));

  gtk_label_set_text (self->tip, tip != NULL ? tip : "");
  gtk_widget_set_visible (GTK_WIDGET (self->tip), tip != NULL);
}

const char *
catur_start_bar_get_tip (CaturStartBar *self)
{
  g_return_val_if_fail (CATUR_IS_START_BAR (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->tip)) ? gtk_label_get_text (self->tip) : NULL;
}

/* Whether the bar marks the game's lesson finished. */
gboolean
catur_start_bar_get_finished (CaturStartBar *self)
{
  g_return_val_if_fail (CATUR_IS_START_BAR (self), FALSE);

  return gtk_widget_get_visible (self->finished_box);
}

/* Whether the game shown has puzzles to offer beside its lesson. */
void
catur_start_bar_set_puzzles (CaturStartBar *self,
                             gboolean       has_puzzles)
{
  g_return_if_fail (CATUR_IS_START_BAR (self));

  gtk_widget_set_visible (self->puzzles_button, has_puzzles);
}
