/* catur-history-view.c: the list of moves played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkListView over a CaturHistoryModel: one row a full move, its number and
 * the two sides' plies in the notation the game is set to, under a first line
 * naming the start position. A ply played for a player out of time reads
 * "(time)" after it. The ply shown on the board is marked; a click on
 * a ply (or on the start) shows its position: review. The list keeps its end
 * in view while the game is followed, unless the player has scrolled back, and
 * the reviewed ply in view otherwise.
 *
 * A ply's cell is nine characters wide, or as wide as the widest ply of the game in the
 * notation shown (Shogi's `５二銀右上成`), up to twenty: every cell of the list takes that
 * width, so the columns stay straight and no move is cut short.
 */
#define G_LOG_DOMAIN "catur-history-view"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-eval-graph.h"
#include "catur-history-model.h"
#include "catur-history-view.h"

#define CELL_CHARS 9
#define MAX_CELL_CHARS 20

struct _CaturHistoryView
{
  GtkWidget parent_instance;

  /* Owned */
  CaturHistoryModel *model;
  CaturAnalysis *analysis;    /* the coach's verdicts, marked on the plies, or NULL */
  GPtrArray *cells;           /* the ply labels of the rows that exist (weak references) */
  int cell_width;             /* the widest ply of the game as written now, in pixels */

  /* Template widgets */
  GtkBox *box;
  GtkButton *start_button;
  GtkLabel *start_label;
  GtkLabel *start_comment;    /* the record's comment before the first move */
  GtkStack *stack;
  GtkScrolledWindow *scroller;
  GtkListView *list_view;

  guint follow_source;        /* brings the newest or reviewed row back into view */

  guint follow_end : 1;
  guint player_scrolls : 1;   /* the player moved the list since the game last moved it */
};

G_DEFINE_FINAL_TYPE (CaturHistoryView, catur_history_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The row of @ply (1 for the first ply) in the list. */
static guint
ply_row (CaturHistoryView *self,
         guint             ply)
{
  CaturGame *game = catur_history_model_get_game (self->model);
  guint offset = catur_variant_side_to_move (catur_game_get_variant (game),
                                             catur_game_get_start_position (game))
                 == CATUR_SIDE_SECOND ? 1 : 0;

  return (ply - 1 + offset) / 2;
}

/* Brings @row into view. The list view keeps it there (its anchor) while rows are measured
 * and the list resized, which setting the adjustment would not. */
static void
scroll_to_row (CaturHistoryView *self,
               guint             row)
{
  if (row >= g_list_model_get_n_items (G_LIST_MODEL (self->model)))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", row);
}

static void
scroll_to_end (CaturHistoryView *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->model));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);

  if (n == 0)
    return;
  scroll_to_row (self, n - 1);
  /* The last row whole, the list's bottom padding too. */
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment)
                                        - gtk_adjustment_get_page_size (adjustment));
}

/* What the player looks at in the list: the newest row while the game is followed, the row
 * reviewed in review. */
static void
scroll_to_current (CaturHistoryView *self)
{
  CaturGame *game = catur_history_model_get_game (self->model);

  if (game == NULL)
    return;
  /* What moves the list now is the game's doing. */
  self->player_scrolls = FALSE;
  if (!catur_game_is_reviewing (game))
    scroll_to_end (self);
  else if (catur_game_get_view_ply (game) > 0)
    scroll_to_row (self, ply_row (self, catur_game_get_view_ply (game)));
}

static gboolean
follow_idle_cb (gpointer data)
{
  CaturHistoryView *self = data;

  self->follow_source = 0;
  scroll_to_current (self);
  return G_SOURCE_REMOVE;
}

/* Brings what the player looks at into view, soon: not while the list view sets up its
 * adjustment (it would not hear it) nor while the model tells of new rows (the list view
 * learns of them after the view, and cannot scroll to a row it does not know yet). */
static void
queue_follow (CaturHistoryView *self)
{
  if (self->follow_source == 0)
    self->follow_source = g_idle_add (follow_idle_cb, self);
}

/* The list was measured anew, or resized: what the player looks at comes back into view. */
static void
adjustment_changed_cb (CaturHistoryView *self)
{
  CaturGame *game = catur_history_model_get_game (self->model);

  if (self->follow_end || (game != NULL && catur_game_is_reviewing (game)))
    queue_follow (self);
}

/* Only the player's scrolling (wheel, touchpad, scroll bar, keys) decides whether the list
 * follows the game: the list view moves its adjustment too, as it measures rows and keeps its
 * anchor through a resize, and that is no choice of the player's. */
static void
adjustment_value_changed_cb (CaturHistoryView *self,
                             GtkAdjustment    *adjustment)
{
  if (!self->player_scrolls)
    return;

  self->follow_end = gtk_adjustment_get_value (adjustment)
                     + gtk_adjustment_get_page_size (adjustment)
                     >= gtk_adjustment_get_upper (adjustment) - 1.0;
}

/* The player's input on the list: what moves it now (kinetic scrolling included) is theirs. */
static void
player_input_cb (CaturHistoryView *self)
{
  self->player_scrolls = TRUE;
}

static gboolean
player_scroll_cb (CaturHistoryView *self)
{
  self->player_scrolls = TRUE;
  return GDK_EVENT_PROPAGATE;
}

static gboolean
player_key_cb (CaturHistoryView *self)
{
  self->player_scrolls = TRUE;
  return GDK_EVENT_PROPAGATE;
}

/* Hears the player's wheel, touchpad, scroll bar and keys on the list, before the list does. */
static void
watch_player_input (CaturHistoryView *self)
{
  GtkEventController *scroll = gtk_event_controller_scroll_new (
    GTK_EVENT_CONTROLLER_SCROLL_VERTICAL | GTK_EVENT_CONTROLLER_SCROLL_KINETIC);
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (scroll, "scroll", G_CALLBACK (player_scroll_cb), self);
  g_signal_connect_swapped (scroll, "scroll-begin", G_CALLBACK (player_input_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->scroller), scroll);

  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (player_key_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->scroller), key);

  /* The scroll bar: a click or a drag on it. */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (player_input_cb), self);
  gtk_widget_add_controller (gtk_scrolled_window_get_vscrollbar (self->scroller),
                             GTK_EVENT_CONTROLLER (click));
}

/* What a cell shows: the plies, marked when they were played for a player out of time, so
 * that they do not pass for the player's own choice. */
static char *
cell_display (const char *text,
              gboolean    timed_out)
{
  if (text == NULL || !timed_out)
    return g_strdup (text);
  /* Translators: a move in the move list played for a player whose time ran out,
   * e.g. "a1(P) (time)"; keep it short */
  return g_strdup_printf (_("%s (time)"), text);
}

/* The width @text takes in a cell, bold as the ply shown is. */
static int
measure_ply (CaturHistoryView *self,
             const char       *text)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoAttrList *attributes;
  int width = 0;

  if (text == NULL)
    return 0;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self->list_view), text);
  attributes = pango_attr_list_new ();
  pango_attr_list_insert (attributes, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attributes);
  pango_attr_list_unref (attributes);
  pango_layout_get_pixel_size (layout, &width, NULL);
  /* Tabular digits (the cells' "numeric" style) may be a little wider. */
  return width + 2;
}

/* The most a cell grows to: MAX_CELL_CHARS characters of the list's font. */
static int
max_cell_width (CaturHistoryView *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self->list_view));
  PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);
  int width = MAX_CELL_CHARS * pango_font_metrics_get_approximate_char_width (metrics);

  pango_font_metrics_unref (metrics);
  return width / PANGO_SCALE;
}

static void
apply_cell_width (CaturHistoryView *self)
{
  for (guint i = 0; i < self->cells->len; i++)
    gtk_widget_set_size_request (g_ptr_array_index (self->cells, i),
                                 self->cell_width > 0 ? self->cell_width : -1, -1);
}

/* The cells take the width of the widest ply: the rows from @position on are new, and a list
 * rebuilt from its start (another game, another notation) is measured afresh. */
static void
measure_rows (CaturHistoryView *self,
              guint             position,
              guint             added)
{
  int width = position == 0 ? 0 : self->cell_width;

  for (guint row = position; row < position + added; row++)
    {
      g_autoptr(CaturHistoryRow) item = g_list_model_get_item (G_LIST_MODEL (self->model), row);

      g_autofree char *first = cell_display (catur_history_row_get_first (item),
                                             catur_history_row_get_timed_out (item,
                                                                              CATUR_SIDE_FIRST));
      g_autofree char *second = cell_display (catur_history_row_get_second (item),
                                              catur_history_row_get_timed_out (item,
                                                                               CATUR_SIDE_SECOND));

      width = MAX (width, measure_ply (self, first));
      width = MAX (width, measure_ply (self, second));
    }
  width = MIN (width, max_cell_width (self));
  if (width != self->cell_width)
    {
      self->cell_width = width;
      apply_cell_width (self);
    }
}

static void
model_changed_cb (CaturHistoryView *self,
                  guint             position,
                  guint             removed,
                  guint             added,
                  GListModel       *model)
{
  gboolean empty = g_list_model_get_n_items (model) == 0;

  measure_rows (self, position, added);

  gtk_stack_set_visible_child_name (self->stack, empty ? "empty" : "list");
  if (added > 0)
    {
      CaturGame *game = catur_history_model_get_game (self->model);

      /* A move made while the player looks back leaves the reviewed row in view. */
      self->follow_end = game == NULL || !catur_game_is_reviewing (game);
      queue_follow (self);
    }
}

static void
cell_clicked_cb (CaturHistoryView *self,
                 GtkButton        *cell)
{
  CaturGame *game = catur_history_model_get_game (self->model);
  guint ply = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (cell), "catur-ply"));

  if (game != NULL && ply > 0)
    catur_game_set_view_ply (game, ply);
}

static void
start_clicked_cb (CaturHistoryView *self)
{
  CaturGame *game = catur_history_model_get_game (self->model);

  if (game != NULL)
    catur_game_set_view_ply (game, 0);
}

/* The first line: the start, named when it is not the standard one (a handicap, a set-up). */
static void
update_start (CaturHistoryView *self)
{
  CaturGame *game = catur_history_model_get_game (self->model);
  g_autofree char *name = NULL;
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->start_button), game != NULL);
  if (game == NULL)
    return;

  name = catur_variant_describe_start (catur_game_get_variant (game),
                                       catur_game_get_start_position (game));
  if (name != NULL)
    /* Translators: the first line of the move list for a game that began differently,
     * e.g. "Start: Red gives two horses" */
    label = g_strdup_printf (_("Start: %s"), name);
  else
    label = g_strdup (_("Start"));
  gtk_label_set_text (self->start_label, label);

  /* The position text says exactly where the game began. */
  text = catur_variant_format (catur_game_get_variant (game),
                               catur_game_get_start_position (game));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->start_button), text);
  /* The tooltip shows the position text; read aloud, it would be a string of letters. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->start_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  catur_a11y_set_description (GTK_WIDGET (self->start_button),
                              _("Shows the position before the first move"));
}

static void
update_start_comment (CaturHistoryView *self)
{
  CaturGame *game = catur_history_model_get_game (self->model);
  const char *comment = game != NULL ? catur_game_get_comment (game, 0) : NULL;

  gtk_label_set_text (self->start_comment, comment != NULL ? comment : "");
  gtk_widget_set_visible (GTK_WIDGET (self->start_comment), comment != NULL);
}

static void
comment_changed_cb (CaturHistoryView *self,
                    guint             ply)
{
  if (ply == 0)
    update_start_comment (self);
}

/* The start is marked while the board shows it. */
static void
update_start_mark (CaturHistoryView *self)
{
  CaturGame *game = catur_history_model_get_game (self->model);

  if (game != NULL && catur_game_get_view_ply (game) == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "current");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "current");
}

static void
view_ply_changed_cb (CaturHistoryView *self,
                     GParamSpec       *pspec,
                     CaturGame        *game)
{
  update_start_mark (self);
  self->follow_end = !catur_game_is_reviewing (game);
  queue_follow (self);
}

/* A row's ply label is gone: it no longer takes the cells' width. */
static void
cell_finalized_cb (gpointer  data,
                   GObject  *label)
{
  CaturHistoryView *self = data;

  g_ptr_array_remove_fast (self->cells, label);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              CaturHistoryView         *self)
{
  GtkWidget *box, *number, *plies, *first, *second, *comment;

  /* The number and the plies side by side, the record's comments on them under the plies
   * (docs/layout.md). */
  box = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (box), 6);
  gtk_widget_add_css_class (box, "history-row");
  comment = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (comment), 0.0);
  gtk_label_set_wrap (GTK_LABEL (comment), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (comment), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_margin_start (comment, 6);
  gtk_widget_set_margin_end (comment, 6);
  gtk_widget_set_margin_bottom (comment, 4);
  gtk_widget_add_css_class (comment, "move-comment");
  gtk_widget_add_css_class (comment, "dim-label");
  gtk_widget_set_visible (comment, FALSE);

  number = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (number), 1.0);
  gtk_label_set_width_chars (GTK_LABEL (number), 4);
  gtk_widget_add_css_class (number, "dim-label");
  gtk_widget_add_css_class (number, "numeric");
  gtk_widget_add_css_class (number, "move-number");
  gtk_grid_attach (GTK_GRID (box), number, 0, 0, 1, 1);

  /* The two plies share the rest alike, so that the columns stay straight. */
  plies = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (plies), TRUE);
  gtk_widget_set_hexpand (plies, TRUE);
  gtk_grid_attach (GTK_GRID (box), plies, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (box), comment, 1, 1, 1, 1);

  /* Each ply is a button: a click shows its position. */
  for (int i = 0; i < 2; i++)
    {
      GtkWidget *label = gtk_label_new (NULL);
      GtkWidget *cell = gtk_button_new ();

      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_width_chars (GTK_LABEL (label), CELL_CHARS);
      gtk_label_set_max_width_chars (GTK_LABEL (label), CELL_CHARS);
      /* Only a ply longer than MAX_CELL_CHARS is cut short. */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      if (self->cell_width > 0)
        gtk_widget_set_size_request (label, self->cell_width, -1);
      g_ptr_array_add (self->cells, label);
      g_object_weak_ref (G_OBJECT (label), cell_finalized_cb, self);
      gtk_button_set_child (GTK_BUTTON (cell), label);
      gtk_widget_set_hexpand (cell, TRUE);
      gtk_widget_add_css_class (cell, "flat");
      gtk_widget_add_css_class (cell, "move");
      gtk_widget_add_css_class (cell, "numeric");
      g_signal_connect_object (cell, "clicked", G_CALLBACK (cell_clicked_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (plies), cell);
    }

  first = gtk_widget_get_first_child (plies);
  second = gtk_widget_get_next_sibling (first);
  g_object_set_data (G_OBJECT (box), "number", number);
  g_object_set_data (G_OBJECT (box), "first", first);
  g_object_set_data (G_OBJECT (box), "second", second);
  g_object_set_data (G_OBJECT (box), "comment", comment);

  gtk_list_item_set_activatable (list_item, FALSE);
  gtk_list_item_set_selectable (list_item, FALSE);
  gtk_list_item_set_child (list_item, box);
}

/* The comments on the plies of a row, each after the move it follows when both have one. */
static void
set_comment (GtkWidget  *label,
             CaturGame  *game,
             guint       first_ply,
             const char *first,
             guint       second_ply,
             const char *second)
{
  const char *comments[2] = { NULL, NULL };
  g_autoptr(GString) text = g_string_new (NULL);

  if (game != NULL && first_ply > 0)
    comments[0] = catur_game_get_comment (game, first_ply);
  if (game != NULL && second_ply > 0)
    comments[1] = catur_game_get_comment (game, second_ply);
  for (guint i = 0; i < 2; i++)
    {
      if (comments[i] == NULL)
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      if (comments[0] != NULL && comments[1] != NULL)
        /* Translators: a comment under a row of the move list that holds two commented plies:
         * the ply, then its comment ("Nf3: a quiet move") */
        g_string_append_printf (text, _("%s: %s"), i == 0 ? first : second, comments[i]);
      else
        g_string_append (text, comments[i]);
    }
  gtk_label_set_text (GTK_LABEL (label), text->str);
  gtk_widget_set_visible (label, text->len > 0);
}

/* The sentence of ply @ply (counted from 1) as the board speaks it, or %NULL. */
static char *
describe_ply (CaturGame *game,
              guint      ply)
{
  g_autoptr(CaturGameMove) item = NULL;

  if (game == NULL || ply == 0 || ply > catur_game_get_n_plies (game))
    return NULL;
  item = g_list_model_get_item (catur_game_get_moves (game), ply - 1);
  return catur_variant_describe_move (catur_game_get_variant (game),
                                      catur_game_get_position_at (game, ply - 1),
                                      catur_game_move_get_move (item));
}

/* @spoken: what assistive technologies read, the move with its number and side; @sentence:
 * the move in words, for a notation a voice cannot read well (炮二平五, ▲７六歩). */
/* The coach's mark after a ply it judged an inaccuracy or worse ("C2=5??"), and its word for
 * it read with the ply ("1. Red, C2=5, a blunder"). */
static void
mark_cell (CaturHistoryView *self,
           GtkWidget        *cell)
{
  guint ply = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (cell), "catur-ply"));
  const char *shown = g_object_get_data (G_OBJECT (cell), "catur-shown");
  const char *spoken = g_object_get_data (G_OBJECT (cell), "catur-spoken");
  const CaturJudgement *verdict = NULL;
  static const char * const classes[] = { "inaccuracy", "mistake", "blunder" };
  g_autofree char *text = NULL;
  g_autofree char *said = NULL;

  if (self->analysis != NULL && ply > 0)
    verdict = catur_analysis_get_judgement (self->analysis, ply);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (cell, classes[i]);
  if (verdict != NULL && verdict->judge_class >= CATUR_JUDGE_INACCURACY)
    {
      text = g_strconcat (shown != NULL ? shown : "",
                          catur_eval_class_mark (verdict->judge_class), NULL);
      gtk_widget_add_css_class (cell, classes[verdict->judge_class - CATUR_JUDGE_INACCURACY]);
    }
  gtk_label_set_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (cell))),
                      text != NULL ? text : shown);
  if (verdict != NULL && spoken != NULL)
    /* Translators: a ply of the move list read aloud with the coach's word for it,
     * e.g. "1. Red, C2=5, a blunder" */
    said = g_strdup_printf (_("%s, %s"), spoken, catur_eval_class_word (verdict->judge_class));
  gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  said != NULL ? said : spoken != NULL ? spoken : "", -1);
}

static void
set_cell (GtkWidget  *cell,
          const char *text,
          const char *spoken,
          const char *sentence,
          guint       ply,
          gboolean    current,
          gboolean    timed_out)
{
  g_autofree char *shown = cell_display (text, timed_out);
  const char *why = timed_out ? _("Played for the player when their time ran out") : NULL;
  g_autofree char *description = NULL;

  gtk_label_set_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (cell))), shown);
  gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  spoken != NULL ? spoken : "", -1);
  g_object_set_data_full (G_OBJECT (cell), "catur-shown", g_strdup (shown), g_free);
  g_object_set_data_full (G_OBJECT (cell), "catur-spoken", g_strdup (spoken), g_free);
  gtk_widget_set_tooltip_text (cell, why);
  if (timed_out)
    gtk_widget_add_css_class (cell, "timed-out");
  else
    gtk_widget_remove_css_class (cell, "timed-out");
  /* After the tooltip, which GTK also makes the description: the move in words (a voice reads
   * Chinese or Japanese notation poorly), and why it was played for the player. */
  description = why != NULL && sentence != NULL ? g_strdup_printf ("%s. %s", sentence, why)
                                                 : g_strdup (why != NULL ? why : sentence);
  catur_a11y_set_description (cell, description);
  gtk_accessible_update_state (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_STATE_HIDDEN,
                               spoken == NULL, -1);
  g_object_set_data (G_OBJECT (cell), "catur-ply", GUINT_TO_POINTER (ply));
  /* An empty cell (a game begun by the second side, a reply not played yet) shows nothing. */
  gtk_widget_set_sensitive (cell, ply > 0);
  gtk_widget_set_can_target (cell, ply > 0);
  if (current)
    gtk_widget_add_css_class (cell, "current");
  else
    gtk_widget_remove_css_class (cell, "current");
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             CaturHistoryView         *self)
{
  CaturHistoryRow *row = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  const char *first = catur_history_row_get_first (row);
  const char *second = catur_history_row_get_second (row);
  CaturSide current = catur_history_row_get_current (row);
  CaturGame *game = catur_history_model_get_game (self->model);
  g_autofree char *number = NULL;
  g_autofree char *second_number = NULL;
  g_autofree char *first_spoken = NULL;
  g_autofree char *second_spoken = NULL;
  g_autofree char *first_sentence = NULL;
  g_autofree char *second_sentence = NULL;
  gboolean counts_plies;
  guint first_ply, second_ply;

  /* A game that numbers each ply (Shogi's 手) numbers the row by its first ply, and each ply
   * is read with its own number, as the review bar and "whose turn" number them. */
  counts_plies = game != NULL
                 && (catur_variant_get_flags (catur_game_get_variant (game))
                     & CATUR_VARIANT_COUNTS_PLIES);
  first_ply = catur_history_row_get_ply (row, CATUR_SIDE_FIRST);
  second_ply = catur_history_row_get_ply (row, CATUR_SIDE_SECOND);
  /* Translators: the number of a full move in the move list, e.g. "12." */
  number = g_strdup_printf (_("%u."), counts_plies ? (first_ply != 0 ? first_ply : second_ply)
                                                   : catur_history_row_get_number (row));
  second_number = counts_plies ? g_strdup_printf (_("%u."), second_ply) : g_strdup (number);
  gtk_label_set_text (g_object_get_data (G_OBJECT (box), "number"), number);
  /* The move number is read with each ply, as the row is not a control of its own. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (g_object_get_data (G_OBJECT (box), "number")),
                               GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  if (game != NULL && first != NULL)
    /* Translators: a ply of the move list read aloud: move number, side and move,
     * e.g. "1. Red, C2=5" */
    first_spoken = g_strdup_printf (_("%s %s, %s"), number,
                                    catur_game_get_side_name (game, CATUR_SIDE_FIRST), first);
  if (game != NULL && second != NULL)
    second_spoken = g_strdup_printf (_("%s %s, %s"), second_number,
                                     catur_game_get_side_name (game, CATUR_SIDE_SECOND), second);
  if (first != NULL)
    first_sentence = describe_ply (game, first_ply);
  if (second != NULL)
    second_sentence = describe_ply (game, second_ply);
  /* A game set up with the second side to move has no first ply in its first row. */
  set_cell (g_object_get_data (G_OBJECT (box), "first"), first != NULL ? first : "…",
            first_spoken, first_sentence, first_ply,
            current == CATUR_SIDE_FIRST, catur_history_row_get_timed_out (row, CATUR_SIDE_FIRST));
  set_cell (g_object_get_data (G_OBJECT (box), "second"), second != NULL ? second : "",
            second_spoken, second_sentence, second_ply,
            current == CATUR_SIDE_SECOND,
            catur_history_row_get_timed_out (row, CATUR_SIDE_SECOND));
  mark_cell (self, g_object_get_data (G_OBJECT (box), "first"));
  mark_cell (self, g_object_get_data (G_OBJECT (box), "second"));
  set_comment (g_object_get_data (G_OBJECT (box), "comment"), game,
               catur_history_row_get_ply (row, CATUR_SIDE_FIRST), first,
               catur_history_row_get_ply (row, CATUR_SIDE_SECOND), second);
}

static void
catur_history_view_dispose (GObject *object)
{
  CaturHistoryView *self = CATUR_HISTORY_VIEW (object);
  CaturGame *game = self->model != NULL ? catur_history_model_get_game (self->model) : NULL;

  if (game != NULL)
    {
      g_signal_handlers_disconnect_by_func (game, view_ply_changed_cb, self);
      g_signal_handlers_disconnect_by_func (game, comment_changed_cb, self);
    }
  g_clear_handle_id (&self->follow_source, g_source_remove);
  catur_history_view_set_analysis (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_HISTORY_VIEW);
  g_clear_object (&self->model);
  /* Labels that outlive the view (held elsewhere) tell it nothing more. */
  for (guint i = 0; i < self->cells->len; i++)
    g_object_weak_unref (g_ptr_array_index (self->cells, i), cell_finalized_cb, self);
  g_ptr_array_set_size (self->cells, 0);

  G_OBJECT_CLASS (catur_history_view_parent_class)->dispose (object);
}

static void
catur_history_view_finalize (GObject *object)
{
  CaturHistoryView *self = CATUR_HISTORY_VIEW (object);

  g_ptr_array_unref (self->cells);

  G_OBJECT_CLASS (catur_history_view_parent_class)->finalize (object);
}

static void
catur_history_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CaturHistoryView *self = CATUR_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, catur_history_view_get_game (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_history_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CaturHistoryView *self = CATUR_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      catur_history_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_history_view_class_init (CaturHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_history_view_dispose;
  object_class->finalize = catur_history_view_finalize;
  object_class->get_property = catur_history_view_get_property;
  object_class->set_property = catur_history_view_set_property;

  /**
   * CaturHistoryView:game:
   *
   * The game whose moves are listed.
   */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CATUR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "ui/catur-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturHistoryView, box);
  gtk_widget_class_bind_template_child (widget_class, CaturHistoryView, start_button);
  gtk_widget_class_bind_template_child (widget_class, CaturHistoryView, start_label);
  gtk_widget_class_bind_template_child (widget_class, CaturHistoryView, stack);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_child (widget_class, CaturHistoryView, scroller);
  gtk_widget_class_bind_template_child (widget_class, CaturHistoryView, list_view);

  gtk_widget_class_set_css_name (widget_class, "historyview");
}

static void
catur_history_view_init (CaturHistoryView *self)
{
  g_autoptr(GtkListItemFactory) factory = NULL;
  g_autoptr(GtkSelectionModel) selection = NULL;
  GtkNoSelection *no_selection;
  GtkAdjustment *adjustment;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Move history"), -1);

  self->follow_end = TRUE;
  self->cells = g_ptr_array_new ();
  self->model = catur_history_model_new ();
  g_signal_connect_object (self->model, "items-changed", G_CALLBACK (model_changed_cb), self,
                           G_CONNECT_SWAPPED);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);

  no_selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->model)));
  selection = GTK_SELECTION_MODEL (no_selection);
  gtk_list_view_set_model (self->list_view, selection);

  watch_player_input (self);
  adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  g_signal_connect_object (adjustment, "notify::upper", G_CALLBACK (adjustment_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (adjustment, "notify::page-size", G_CALLBACK (adjustment_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (adjustment_value_changed_cb),
                           self, G_CONNECT_SWAPPED);

  self->start_comment = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->start_comment, 0.0);
  gtk_label_set_wrap (self->start_comment, TRUE);
  gtk_label_set_wrap_mode (self->start_comment, PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_margin_start (GTK_WIDGET (self->start_comment), 24);
  gtk_widget_set_margin_end (GTK_WIDGET (self->start_comment), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->start_comment), 4);
  gtk_widget_add_css_class (GTK_WIDGET (self->start_comment), "move-comment");
  gtk_widget_add_css_class (GTK_WIDGET (self->start_comment), "dim-label");
  gtk_box_insert_child_after (self->box, GTK_WIDGET (self->start_comment),
                              GTK_WIDGET (self->start_button));

  gtk_stack_set_visible_child_name (self->stack, "empty");
  update_start (self);
  update_start_comment (self);
}

GtkWidget *
catur_history_view_new (void)
{
  return g_object_new (CATUR_TYPE_HISTORY_VIEW, NULL);
}

/**
 * catur_history_view_get_game:
 * @self: a #CaturHistoryView
 *
 * Returns: (transfer none) (nullable): the game listed
 */
CaturGame *
catur_history_view_get_game (CaturHistoryView *self)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_VIEW (self), NULL);

  return catur_history_model_get_game (self->model);
}

/**
 * catur_history_view_set_game:
 * @self: a #CaturHistoryView
 * @game: (nullable): the game to list
 */
void
catur_history_view_set_game (CaturHistoryView *self,
                             CaturGame        *game)
{
  g_return_if_fail (CATUR_IS_HISTORY_VIEW (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));

  if (catur_history_model_get_game (self->model) == game)
    return;

  if (catur_history_model_get_game (self->model) != NULL)
    {
      g_signal_handlers_disconnect_by_func (catur_history_model_get_game (self->model),
                                            view_ply_changed_cb, self);
      g_signal_handlers_disconnect_by_func (catur_history_model_get_game (self->model),
                                            comment_changed_cb, self);
    }
  self->follow_end = TRUE;
  catur_history_model_set_game (self->model, game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "notify::view-ply", G_CALLBACK (view_ply_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "comment-changed", G_CALLBACK (comment_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }
  update_start (self);
  update_start_comment (self);
  update_start_mark (self);
  gtk_stack_set_visible_child_name (self->stack,
                                    g_list_model_get_n_items (G_LIST_MODEL (self->model)) == 0
                                    ? "empty" : "list");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/**
 * catur_history_view_get_model:
 * @self: a #CaturHistoryView
 *
 * Returns: (transfer none): the rows listed, #CaturHistoryRow items
 */
GListModel *
catur_history_view_get_model (CaturHistoryView *self)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_VIEW (self), NULL);

  return G_LIST_MODEL (self->model);
}

/**
 * catur_history_view_get_start_button:
 * @self: a #CaturHistoryView
 *
 * Returns: (transfer none): the first line, naming the start and showing it when clicked
 */
GtkWidget *
catur_history_view_get_start_button (CaturHistoryView *self)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_VIEW (self), NULL);

  return GTK_WIDGET (self->start_button);
}

/**
 * catur_history_view_get_list:
 * @self: a #CaturHistoryView
 *
 * Returns: (transfer none): the #GtkListView showing the rows
 */
GtkWidget *
catur_history_view_get_list (CaturHistoryView *self)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_VIEW (self), NULL);

  return GTK_WIDGET (self->list_view);
}

static void
ply_judged_cb (CaturHistoryView *self)
{
  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkWidget *cell = gtk_widget_get_parent (g_ptr_array_index (self->cells, i));

      if (GTK_IS_BUTTON (cell))
        mark_cell (self, cell);
    }
}

/**
 * catur_history_view_set_analysis:
 * @self: a #CaturHistoryView
 * @analysis: (nullable): the coach's analysis of the game listed
 *
 * Marks each ply the coach judged an inaccuracy, a mistake or a blunder ("?!", "?", "??",
 * coloured by the classes of the same names), and reads its word for every ply it judged.
 */
void
catur_history_view_set_analysis (CaturHistoryView *self,
                                 CaturAnalysis    *analysis)
{
  g_return_if_fail (CATUR_IS_HISTORY_VIEW (self));

  if (self->analysis == analysis)
    return;
  if (self->analysis != NULL)
    g_signal_handlers_disconnect_by_func (self->analysis, ply_judged_cb, self);
  g_set_object (&self->analysis, analysis);
  if (analysis != NULL)
    {
      g_signal_connect_object (analysis, "ply-judged", G_CALLBACK (ply_judged_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (analysis, "notify::n-wanted", G_CALLBACK (ply_judged_cb), self,
                               G_CONNECT_SWAPPED);
    }
  ply_judged_cb (self);
}
