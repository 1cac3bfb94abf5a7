/* catur-engine-panel.c: what another program's engine thinks, in the sidebar
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A collapsible panel, shown while the game shown has an engine of another program: the depth
 * it reached, and its best lines (several when it gives them, MultiPV), each with its score and
 * its moves in the notation the record is written in. The lines are those of the latest
 * search, for its move or for a hint, written as they come, from the position searched.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-engine-panel.h"

/* Lines shown at most, and moves in each. */
#define N_LINES 3
#define LINE_MOVES 10

struct _CaturEnginePanel
{
  GtkWidget parent_instance;

  GtkWidget *expander;
  GtkWidget *status;
  GtkWidget *lines[N_LINES];

  CaturGame *game;
  GSignalGroup *game_signals;
  guint depth;
  guint n_plies;
};

G_DEFINE_FINAL_TYPE (CaturEnginePanel, catur_engine_panel, GTK_TYPE_WIDGET)

static void
clear_lines (CaturEnginePanel *self)
{
  for (guint i = 0; i < N_LINES; i++)
    {
      gtk_label_set_text (GTK_LABEL (self->lines[i]), "");
      gtk_widget_set_visible (self->lines[i], FALSE);
    }
  self->depth = 0;
}

static char *
format_score (const CaturEngineInfo *info)
{
  if (info->mate != 0)
    /* Translators: an engine's score: mate in this many moves, for (+) or against (-) the
     * side to move */
    return g_strdup_printf (_("mate %+d"), info->mate);
  if (!info->has_score)
    return g_strdup ("");
  return g_strdup_printf ("%+.2f", info->score / 100.0);
}

static void
engine_info_cb (CaturEnginePanel *self,
                gpointer          data)
{
  const CaturEngineInfo *info = data;
  guint index = info->multipv > 0 ? info->multipv - 1 : 0;
  g_autofree char *line = NULL;
  g_autofree char *score = NULL;
  g_autofree char *text = NULL;
  g_autofree char *status = NULL;

  if (info->depth > 0 && (index == 0 || info->depth > self->depth))
    {
      self->depth = info->depth;
      /* Translators: how deep the engine of another program has searched so far */
      status = g_strdup_printf (_("Depth %u"), info->depth);
      gtk_label_set_text (GTK_LABEL (self->status), status);
      gtk_widget_remove_css_class (self->status, "error");
    }
  if (info->pv == NULL || index >= N_LINES)
    return;
  line = catur_game_format_line (self->game, (const char * const *) info->pv, LINE_MOVES);
  if (*line == '\0')
    return;
  score = format_score (info);
  text = *score != '\0' ? g_strdup_printf ("%s  %s", score, line) : g_strdup (line);
  gtk_label_set_text (GTK_LABEL (self->lines[index]), text);
  gtk_widget_set_visible (self->lines[index], TRUE);
}

/* A new search begins, or the game went back past the position searched: the lines of the
 * last search stay until then, so that the player may read what the engine saw in its move. */
static void
thinking_changed_cb (CaturEnginePanel *self)
{
  if (catur_game_get_thinking (self->game))
    clear_lines (self);
}

static void
n_plies_changed_cb (CaturEnginePanel *self)
{
  guint n = catur_game_get_n_plies (self->game);

  if (n < self->n_plies)
    clear_lines (self);
  self->n_plies = n;
}

static void
catur_engine_panel_dispose (GObject *object)
{
  CaturEnginePanel *self = CATUR_ENGINE_PANEL (object);

  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  g_clear_pointer (&self->expander, gtk_widget_unparent);

  G_OBJECT_CLASS (catur_engine_panel_parent_class)->dispose (object);
}

static void
catur_engine_panel_class_init (CaturEnginePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_engine_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "engine-panel");
}

static void
catur_engine_panel_init (CaturEnginePanel *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  self->expander = gtk_expander_new_with_mnemonic (_("_Engine’s Thinking"));
  gtk_expander_set_expanded (GTK_EXPANDER (self->expander), TRUE);
  gtk_widget_set_parent (self->expander, GTK_WIDGET (self));
  gtk_expander_set_child (GTK_EXPANDER (self->expander), box);
  gtk_widget_set_margin_top (box, 6);

  self->status = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0);
  gtk_label_set_wrap (GTK_LABEL (self->status), TRUE);
  gtk_widget_add_css_class (self->status, "dim-label");
  gtk_box_append (GTK_BOX (box), self->status);
  for (guint i = 0; i < N_LINES; i++)
    {
      self->lines[i] = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (self->lines[i]), 0);
      gtk_label_set_wrap (GTK_LABEL (self->lines[i]), TRUE);
      gtk_label_set_selectable (GTK_LABEL (self->lines[i]), TRUE);
      gtk_widget_add_css_class (self->lines[i], "numeric");
      gtk_box_append (GTK_BOX (box), self->lines[i]);
    }
  clear_lines (self);

  self->game_signals = g_signal_group_new (CATUR_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "engine-info",
                                  G_CALLBACK (engine_info_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::n-plies",
                                  G_CALLBACK (n_plies_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::thinking",
                                  G_CALLBACK (thinking_changed_cb), self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
catur_engine_panel_new (void)
{
  return g_object_new (CATUR_TYPE_ENGINE_PANEL, NULL);
}

/**
 * catur_engine_panel_set_game:
 * @self: a #CaturEnginePanel
 * @game: (nullable): the game shown
 *
 * Shows what the engine of @game thinks, while it has one.
 */
void
catur_engine_panel_set_game (CaturEnginePanel *self,
                             CaturGame        *game)
{
  g_return_if_fail (CATUR_IS_ENGINE_PANEL (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));

  if (g_set_object (&self->game, game))
    {
      g_signal_group_set_target (self->game_signals, game);
      clear_lines (self);
      self->n_plies = game != NULL ? catur_game_get_n_plies (game) : 0;
    }
  catur_engine_panel_update (self);
}

/**
 * catur_engine_panel_update:
 * @self: a #CaturEnginePanel
 *
 * Follows the engine chosen for the game shown: the panel is shown with its name, or hidden.
 */
void
catur_engine_panel_update (CaturEnginePanel *self)
{
  const CaturEngineEntry *entry;

  g_return_if_fail (CATUR_IS_ENGINE_PANEL (self));

  entry = self->game != NULL ? catur_game_get_engine (self->game) : NULL;
  gtk_widget_set_visible (GTK_WIDGET (self), entry != NULL);
  if (entry == NULL)
    return;
  if (!catur_game_get_engine_failed (self->game))
    {
      gtk_label_set_text (GTK_LABEL (self->status), entry->name);
      gtk_widget_remove_css_class (self->status, "error");
    }
}

/**
 * catur_engine_panel_set_failure:
 * @self: a #CaturEnginePanel
 * @message: what went wrong with the engine
 *
 * Says, in place of the lines, that the engine failed.
 */
void
catur_engine_panel_set_failure (CaturEnginePanel *self,
                                const char       *message)
{
  g_return_if_fail (CATUR_IS_ENGINE_PANEL (self));

  clear_lines (self);
  gtk_label_set_text (GTK_LABEL (self->status), message);
  gtk_widget_add_css_class (self->status, "error");
}

/* Returns: (nullable): the text of line @index (0 the best), %NULL when it is not shown; for
 * the tests */
const char *
catur_engine_panel_get_line (CaturEnginePanel *self,
                             guint             index)
{
  g_return_val_if_fail (CATUR_IS_ENGINE_PANEL (self), NULL);

  if (index >= N_LINES || !gtk_widget_get_visible (self->lines[index]))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->lines[index]));
}
