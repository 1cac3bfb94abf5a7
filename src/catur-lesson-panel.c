/* catur-lesson-panel.c: the words of a lesson by its board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A card above the board while a lesson is played: the lesson's title, which step of how
 * many, the task, and the answer to the last try (done, not legal, or what the task wants),
 * with the buttons of the lesson's actions: show the task's squares, go on, quit
 * (catur-window-lessons.c). The answer is a live region of its own in the card; screen readers
 * hear it through the board (catur_window_announce()).
 */
#define G_LOG_DOMAIN "catur-lesson-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-lesson-panel.h"

struct _CaturLessonPanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget *box;
  GtkLabel *title;
  GtkLabel *counter;
  GtkLabel *task;
  GtkLabel *answer;
  GtkImage *answer_icon;
  GtkWidget *answer_box;
  GtkButton *next_button;
  GtkButton *show_button;
  GtkButton *quit_button;

  /* The next button's words, when the panel serves drills rather than a lesson, and after the
   * last step (a puzzle's "Next Puzzle") */
  char *next_label;
  char *last_label;
};

G_DEFINE_FINAL_TYPE (CaturLessonPanel, catur_lesson_panel, GTK_TYPE_WIDGET)

static void
catur_lesson_panel_dispose (GObject *object)
{
  CaturLessonPanel *self = CATUR_LESSON_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), CATUR_TYPE_LESSON_PANEL);
  g_clear_pointer (&self->next_label, g_free);
  g_clear_pointer (&self->last_label, g_free);

  G_OBJECT_CLASS (catur_lesson_panel_parent_class)->dispose (object);
}

static void
catur_lesson_panel_class_init (CaturLessonPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_lesson_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/caturapp/Catur/ui/"
                                               "catur-lesson-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, box);
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, title);
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, counter);
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, task);
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, answer);
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, answer_icon);
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, answer_box);
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, next_button);
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, show_button);
  gtk_widget_class_bind_template_child (widget_class, CaturLessonPanel, quit_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "lessonpanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
catur_lesson_panel_init (CaturLessonPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* A label set again, even the same, loses its mnemonic in GTK 4.8: only a new one is set. */
static void
set_next_label (CaturLessonPanel *self,
                const char       *label)
{
  if (g_strcmp0 (gtk_button_get_label (self->next_button), label) != 0)
    gtk_button_set_label (self->next_button, label);
}

GtkWidget *
catur_lesson_panel_new (void)
{
  return g_object_new (CATUR_TYPE_LESSON_PANEL, NULL);
}

/**
 * catur_lesson_panel_set_step:
 * @title: the lesson's title
 * @index: the step shown, from 0
 * @n_steps: how many steps the lesson has
 * @task: the step's task
 *
 * Shows a step afresh, with no answer yet.
 */
void
catur_lesson_panel_set_step (CaturLessonPanel *self,
                             const char       *title,
                             guint             index,
                             guint             n_steps,
                             const char       *task)
{
  g_autofree char *counter = NULL;

  g_return_if_fail (CATUR_IS_LESSON_PANEL (self));

  /* Translators: which step of a lesson is shown, e.g. "Step 3 of 11" */
  counter = g_strdup_printf (_("Step %u of %u"), index + 1, n_steps);
  gtk_label_set_text (self->title, title);
  gtk_label_set_text (self->counter, counter);
  gtk_label_set_text (self->task, task);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  catur_lesson_panel_clear_answer (self);
}

/* The answer goes: a new try is coming. */
void
catur_lesson_panel_clear_answer (CaturLessonPanel *self)
{
  g_return_if_fail (CATUR_IS_LESSON_PANEL (self));

  gtk_label_set_text (self->answer, "");
  gtk_widget_set_visible (self->answer_box, FALSE);
  set_next_label (self, self->next_label != NULL ? self->next_label : _("_Next Step"));
}

/**
 * catur_lesson_panel_set_answer:
 * @result: what became of the try
 * @answer: (nullable): what the player is told
 * @last: whether the step is the lesson's last
 *
 * Shows the answer to a try; the window lets the player go on from a solved step.
 */
void
catur_lesson_panel_set_answer (CaturLessonPanel *self,
                               CaturTryResult    result,
                               const char       *answer,
                               gboolean          last)
{
  static const char * const classes[] = { "success", "warning", "error" };

  g_return_if_fail (CATUR_IS_LESSON_PANEL (self));

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (self->answer_box, classes[i]);
  switch (result)
    {
    case CATUR_TRY_SOLVED:
      gtk_widget_add_css_class (self->answer_box, "success");
      gtk_image_set_from_icon_name (self->answer_icon, "object-select-symbolic");
      break;
    case CATUR_TRY_MISSED:
      gtk_widget_add_css_class (self->answer_box, "warning");
      gtk_image_set_from_icon_name (self->answer_icon, "dialog-information-symbolic");
      break;
    case CATUR_TRY_ILLEGAL:
    default:
      gtk_widget_add_css_class (self->answer_box, "error");
      gtk_image_set_from_icon_name (self->answer_icon, "dialog-warning-symbolic");
      break;
    }
  gtk_label_set_text (self->answer, answer != NULL ? answer : "");
  gtk_widget_set_visible (self->answer_box, answer != NULL && *answer != '\0');
  if (!last)
    set_next_label (self, self->next_label != NULL ? self->next_label : _("_Next Step"));
  else
    set_next_label (self, self->last_label != NULL ? self->last_label : _("_Finish Lesson"));
}

/**
 * catur_lesson_panel_use_actions:
 * @prefix: the actions' prefix, e.g. "win.drill": its buttons go to `<prefix>-show`,
 *   `<prefix>-quit` and `<prefix>-next`
 * @quit_label: the quit button's words, with a mnemonic
 * @next_label: the next button's words, likewise
 * @last_label: its words after the last exercise
 *
 * Makes the panel serve another exercise player than the lesson's (drills).
 */
void
catur_lesson_panel_use_actions (CaturLessonPanel *self,
                                const char       *prefix,
                                const char       *quit_label,
                                const char       *next_label,
                                const char       *last_label)
{
  g_autofree char *show = g_strconcat (prefix, "-show", NULL);
  g_autofree char *quit = g_strconcat (prefix, "-quit", NULL);
  g_autofree char *next = g_strconcat (prefix, "-next", NULL);

  g_return_if_fail (CATUR_IS_LESSON_PANEL (self));

  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->show_button), show);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->quit_button), quit);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->next_button), next);
  gtk_button_set_label (self->quit_button, quit_label);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->show_button),
                               _("Mark the piece to move, then its square"));
  g_free (self->next_label);
  g_free (self->last_label);
  self->next_label = g_strdup (next_label);
  self->last_label = g_strdup (last_label);
  set_next_label (self, next_label);
}

/* The quit button's words: what is left, a lesson or a puzzle. */
void
catur_lesson_panel_set_quit_label (CaturLessonPanel *self,
                                   const char       *label)
{
  g_return_if_fail (CATUR_IS_LESSON_PANEL (self));

  gtk_button_set_label (self->quit_button, label);
}

/* The counter's words, when they are not a lesson's "Step 1 of 3". */
void
catur_lesson_panel_set_counter (CaturLessonPanel *self,
                                const char       *counter)
{
  g_return_if_fail (CATUR_IS_LESSON_PANEL (self));

  gtk_label_set_text (self->counter, counter);
}

const char *
catur_lesson_panel_get_task (CaturLessonPanel *self)
{
  g_return_val_if_fail (CATUR_IS_LESSON_PANEL (self), NULL);

  return gtk_label_get_text (self->task);
}

const char *
catur_lesson_panel_get_answer (CaturLessonPanel *self)
{
  g_return_val_if_fail (CATUR_IS_LESSON_PANEL (self), NULL);

  return gtk_label_get_text (self->answer);
}

const char *
catur_lesson_panel_get_counter (CaturLessonPanel *self)
{
  g_return_val_if_fail (CATUR_IS_LESSON_PANEL (self), NULL);

  return gtk_label_get_text (self->counter);
}

/**
 * catur_lesson_panel_set_last_label:
 * @label: (nullable): what the next button says after the last step ("_Next Puzzle"), with a
 *   mnemonic; %NULL for "Finish Lesson"
 */
void
catur_lesson_panel_set_last_label (CaturLessonPanel *self,
                                   const char       *label)
{
  g_return_if_fail (CATUR_IS_LESSON_PANEL (self));

  g_free (self->last_label);
  self->last_label = g_strdup (label);
}

/* The title shown changes (a puzzle's count of those solved). */
void
catur_lesson_panel_set_title (CaturLessonPanel *self,
                              const char       *title)
{
  g_return_if_fail (CATUR_IS_LESSON_PANEL (self));

  gtk_label_set_text (self->title, title);
}

const char *
catur_lesson_panel_get_title (CaturLessonPanel *self)
{
  g_return_val_if_fail (CATUR_IS_LESSON_PANEL (self), NULL);

  return gtk_label_get_text (self->title);
}
