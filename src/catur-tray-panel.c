/* catur-tray-panel.c: the pieces and numbers a game shows beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A card in the sidebar drawing what the game lists for a position (catur_variant_list_trays()
 * and list_counters()): each tray as its title over its pieces, each with its count (Banqi's
 * pieces still face down, what each player took, Chess's captured material), and each counter
 * as its label and value, with a bar filling up to its limit when it has one (Banqi's moves
 * without a capture). It knows no game: it draws whatever the lists hold, for the position
 * the board shows, so that review shows the trays as they were. A game that lists nothing
 * (Xiangqi) has no card.
 *
 * The trays of the player at the top of the board come first and those of the player at the
 * bottom last, as on the board; the trays of both sides stand between them.
 */
#define G_LOG_DOMAIN "catur-tray-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-theme-cache.h"
#include "catur-tray-panel.h"

#define ITEM_SIZE 28
/* The room beside and under a piece where its count stands: a round piece leaves the corner
 * of its square empty, so the badge there covers none of its drawing (a character's foot). */
#define BADGE_ROOM_X 10
#define BADGE_ROOM_Y 7

struct _CaturTrayPanel
{
  GtkWidget parent_instance;

  /* Owned */
  CaturGame *game;
  CaturThemeCache *theme;
  char *piece_theme;          /* NULL for the variant's default */

  /* Template widgets */
  GtkBox *box;
};

G_DEFINE_FINAL_TYPE (CaturTrayPanel, catur_tray_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PIECE_THEME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* One piece of a tray: its image, with its count at its lower right corner when there are
 * several, or dimmed when there is none left (a kind that keeps its place). The tooltip and
 * the accessible label say both ("Red Soldier × 2", "Red Soldier, none left"). */
static GtkWidget *
new_item (CaturTrayPanel      *self,
          CaturVariant        *variant,
          const CaturTrayItem *item)
{
  g_autofree char *name = catur_variant_get_piece_name (variant, &item->piece);
  g_autofree char *label = NULL;
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *image = gtk_image_new ();
  GdkTexture *texture = catur_theme_cache_get_piece (self->theme, &item->piece);

  if (item->count > 1)
    /* Translators: a piece beside the board and how many of it there are, "Red Soldier × 2" */
    label = g_strdup_printf (_("%s × %u"), name, item->count);
  else if (item->count == 0)
    /* Translators: a kind of piece beside the board of which there is none left,
     * "Red Soldier, none left" */
    label = g_strdup_printf (_("%s, none left"), name);
  else
    label = g_strdup (name);

  gtk_image_set_pixel_size (GTK_IMAGE (image), ITEM_SIZE);
  gtk_widget_set_halign (image, GTK_ALIGN_START);
  gtk_widget_set_valign (image, GTK_ALIGN_START);
  gtk_widget_set_margin_end (image, BADGE_ROOM_X);
  gtk_widget_set_margin_bottom (image, BADGE_ROOM_Y);
  if (texture != NULL)
    gtk_image_set_from_paintable (GTK_IMAGE (image), GDK_PAINTABLE (texture));
  else
    gtk_image_set_from_icon_name (GTK_IMAGE (image), "media-record-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), image);

  if (item->count > 1)
    {
      g_autofree char *count = g_strdup_printf ("%u", item->count);
      GtkWidget *badge = gtk_label_new (count);

      gtk_widget_set_halign (badge, GTK_ALIGN_END);
      gtk_widget_set_valign (badge, GTK_ALIGN_END);
      gtk_widget_add_css_class (badge, "tray-count");
      gtk_widget_add_css_class (badge, "numeric");
      /* The image's label says the count already. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (badge), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_overlay_add_overlay (GTK_OVERLAY (overlay), badge);
    }

  /* The item keeps its own size in a wider place, so that the count stays at the piece. */
  gtk_widget_set_halign (overlay, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (overlay, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (overlay, label);
  gtk_widget_add_css_class (overlay, "tray-item");
  if (item->count == 0)
    gtk_widget_add_css_class (overlay, "none-left");
  return overlay;
}

static void
add_tray (CaturTrayPanel  *self,
          CaturVariant    *variant,
          const CaturTray *tray)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *title = gtk_label_new (tray->title);

  gtk_widget_add_css_class (group, "tray");
  gtk_label_set_xalign (GTK_LABEL (title), 0.0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "caption-heading");
  gtk_widget_add_css_class (title, "tray-title");
  gtk_box_append (GTK_BOX (group), title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (group), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  tray->title, -1);

  /* An empty tray keeps its place, so that the others do not jump about. */
  if (tray->items->len == 0)
    {
      /* Translators: under the title of a tray of pieces beside the board that holds none */
      GtkWidget *none = gtk_label_new (_("None"));

      gtk_label_set_xalign (GTK_LABEL (none), 0.0);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_widget_add_css_class (none, "tray-empty");
      gtk_box_append (GTK_BOX (group), none);
    }
  else
    {
      GtkWidget *flow = gtk_flow_box_new ();

      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 2);
      gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 2);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 16);
      /* The window's least height is measured at its least width: with one piece a line
       * there, Banqi's 14 kinds asked for a window taller than a laptop's screen. Five, with
       * the room for their counts, fit the sidebar's width; six would widen it. */
      gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 5);
      /* The pieces are to look at: the keyboard stays with the board. */
      gtk_widget_set_can_focus (flow, FALSE);
      for (guint i = 0; i < tray->items->len; i++)
        gtk_flow_box_append (GTK_FLOW_BOX (flow),
                             new_item (self, variant,
                                       &g_array_index (tray->items, CaturTrayItem, i)));
      gtk_box_append (GTK_BOX (group), flow);
    }

  gtk_box_append (self->box, group);
}

/* A counter: its label and value, "3 / 10" and a bar when it has a limit. */
static void
add_counter (CaturTrayPanel     *self,
             const CaturCounter *counter)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (counter->label);
  g_autofree char *value = NULL;
  GtkWidget *value_label;

  if (counter->limit > 0)
    /* Translators: a counter's value and the value at which something happens, "3 / 10" */
    value = g_strdup_printf (_("%u / %u"), counter->value, counter->limit);
  else
    value = g_strdup_printf ("%u", counter->value);
  value_label = gtk_label_new (value);

  gtk_widget_add_css_class (group, "tray-counter");
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_widget_set_valign (value_label, GTK_ALIGN_START);
  gtk_widget_add_css_class (value_label, "numeric");
  gtk_widget_add_css_class (value_label, "counter-value");
  gtk_box_append (GTK_BOX (line), label);
  gtk_box_append (GTK_BOX (line), value_label);
  gtk_box_append (GTK_BOX (group), line);

  if (counter->limit > 0)
    {
      GtkWidget *bar = gtk_level_bar_new_for_interval (0.0, counter->limit);

      /* A plain bar: the default offsets would colour it as a battery's charge. */
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
      gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), MIN (counter->value, counter->limit));
      gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      counter->label, -1);
      gtk_box_append (GTK_BOX (group), bar);
    }

  gtk_box_append (self->box, group);
}

/* Draws the lists of the position shown afresh: a few widgets, once a ply. */
static void
update (CaturTrayPanel *self)
{
  g_autoptr(GPtrArray) trays = NULL;
  g_autoptr(GPtrArray) counters = NULL;
  CaturVariant *variant;
  CaturSide order[3];
  GtkWidget *child;
  guint ply;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->box))) != NULL)
    gtk_box_remove (self->box, child);

  if (self->game == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }

  variant = catur_game_get_variant (self->game);
  ply = catur_game_get_view_ply (self->game);
  trays = catur_game_list_trays (self->game, ply);
  counters = catur_game_list_counters (self->game, ply);
  gtk_widget_set_visible (GTK_WIDGET (self), trays->len + counters->len > 0);
  if (trays->len + counters->len == 0)
    return;

  /* A theme that cannot be read falls back quietly here: the board tells the player. */
  catur_theme_cache_set_theme (self->theme, variant, self->piece_theme, NULL);
  catur_theme_cache_set_pixel_size (self->theme,
                                    ITEM_SIZE * gtk_widget_get_scale_factor (GTK_WIDGET (self)));

  order[2] = catur_game_get_bottom_side (self->game);
  order[1] = CATUR_SIDE_NONE;
  order[0] = catur_side_other (order[2]);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    for (guint j = 0; j < trays->len; j++)
      {
        const CaturTray *tray = g_ptr_array_index (trays, j);

        /* A tray of a seat that is no seat (a bad side) goes with those of both. */
        if (tray->side == order[i] || (i == 1 && tray->side > CATUR_SIDE_NONE))
          add_tray (self, variant, tray);
      }
  for (guint i = 0; i < counters->len; i++)
    add_counter (self, g_ptr_array_index (counters, i));
}

static void
catur_tray_panel_dispose (GObject *object)
{
  CaturTrayPanel *self = CATUR_TRAY_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_TRAY_PANEL);
  g_clear_object (&self->game);
  g_clear_object (&self->theme);

  G_OBJECT_CLASS (catur_tray_panel_parent_class)->dispose (object);
}

static void
catur_tray_panel_finalize (GObject *object)
{
  CaturTrayPanel *self = CATUR_TRAY_PANEL (object);

  g_free (self->piece_theme);

  G_OBJECT_CLASS (catur_tray_panel_parent_class)->finalize (object);
}

static void
catur_tray_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CaturTrayPanel *self = CATUR_TRAY_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PIECE_THEME:
      g_value_set_string (value, self->piece_theme);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_tray_panel_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CaturTrayPanel *self = CATUR_TRAY_PANEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      catur_tray_panel_set_game (self, g_value_get_object (value));
      break;
    case PROP_PIECE_THEME:
      catur_tray_panel_set_piece_theme (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_tray_panel_class_init (CaturTrayPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_tray_panel_dispose;
  object_class->finalize = catur_tray_panel_finalize;
  object_class->get_property = catur_tray_panel_get_property;
  object_class->set_property = catur_tray_panel_set_property;

  /**
   * CaturTrayPanel:game:
   *
   * The game whose trays and counters are shown, in the position its board shows.
   */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CATUR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturTrayPanel:piece-theme:
   *
   * The piece theme of the images, the board's; %NULL for the variant's default.
   */
  properties[PROP_PIECE_THEME] =
    g_param_spec_string ("piece-theme", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "ui/catur-tray-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturTrayPanel, box);

  gtk_widget_class_set_css_name (widget_class, "traypanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
catur_tray_panel_init (CaturTrayPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->theme = catur_theme_cache_new ();
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Pieces and counts beside the board"), -1);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (update), NULL);
}

GtkWidget *
catur_tray_panel_new (void)
{
  return g_object_new (CATUR_TYPE_TRAY_PANEL, NULL);
}

/**
 * catur_tray_panel_get_game:
 * @self: a #CaturTrayPanel
 *
 * Returns: (transfer none) (nullable): the game shown
 */
CaturGame *
catur_tray_panel_get_game (CaturTrayPanel *self)
{
  g_return_val_if_fail (CATUR_IS_TRAY_PANEL (self), NULL);

  return self->game;
}

/**
 * catur_tray_panel_set_game:
 * @self: a #CaturTrayPanel
 * @game: (nullable): the game to follow: every ply, the position reviewed, the board turned
 */
void
catur_tray_panel_set_game (CaturTrayPanel *self,
                           CaturGame      *game)
{
  g_return_if_fail (CATUR_IS_TRAY_PANEL (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_func (self->game, update, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::view-ply", G_CALLBACK (update), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::bottom-side", G_CALLBACK (update), self,
                               G_CONNECT_SWAPPED);
    }

  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

const char *
catur_tray_panel_get_piece_theme (CaturTrayPanel *self)
{
  g_return_val_if_fail (CATUR_IS_TRAY_PANEL (self), NULL);

  return self->piece_theme;
}

/**
 * catur_tray_panel_set_piece_theme:
 * @self: a #CaturTrayPanel
 * @piece_theme: (nullable): a piece theme id of the game's variant, %NULL for its default
 */
void
catur_tray_panel_set_piece_theme (CaturTrayPanel *self,
                                  const char     *piece_theme)
{
  g_return_if_fail (CATUR_IS_TRAY_PANEL (self));

  if (g_strcmp0 (self->piece_theme, piece_theme) == 0)
    return;

  g_free (self->piece_theme);
  self->piece_theme = g_strdup (piece_theme);

  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_THEME]);
}
