/* catur-window.c: the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The header bar (new game, undo, hint, the game switcher, the players menu
 * with the computer's level, a spinner while the computer thinks, the sidebar
 * toggle and the main menu), a bar naming the plugins that failed to load, and
 * the body: the board with the explanation of the last illegal click (or the
 * review bar) under it and the result card over it, beside a sidebar with the
 * turn, the game's trays and counters (when it has any), the moves and the review
 * buttons. Without any game plugin the body is a status page saying where plugins
 * were sought.
 *
 * This file keeps the window's life cycle and what it shows of the game shown: it hears the
 * game through one signal group, whose target is whichever game is shown, and answers with
 * the result card, the review bar, the notices of a new ply, the computer's spinner and the
 * actions' state. Which game that is and who plays it is catur-window-game.c's business; the
 * actions are in catur-window-actions.c, the questions to the players in
 * catur-window-dialogs.c, files in catur-window-records.c (catur-window-private.h lists them).
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "catur-a11y.h"
#include "catur-window-private.h"

G_DEFINE_FINAL_TYPE (CaturWindow, catur_window, ADW_TYPE_APPLICATION_WINDOW)

/* Whether the players look at an earlier position of the game. */
static gboolean
reviewing (CaturWindow *self)
{
  return self->game != NULL && catur_game_is_reviewing (self->game);
}

static void
thinking_changed_cb (CaturWindow *self)
{
  gboolean thinking = self->game != NULL && catur_game_get_thinking (self->game);

  gtk_widget_set_visible (GTK_WIDGET (self->thinking_spinner), thinking);
  gtk_spinner_set_spinning (self->thinking_spinner, thinking);
  catur_window_actions_update (self);
}

static void
update_result (CaturWindow *self)
{
  const CaturOutcome *outcome;
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *moves = NULL;
  guint n_moves;

  if (self->game == NULL || !catur_game_is_over (self->game))
    {
      self->result_dismissed = FALSE;
      gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
      gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
      return;
    }
  /* Stepping back through a finished game puts the card away, as its Review button does. */
  if (reviewing (self))
    {
      self->result_dismissed = TRUE;
      gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
      gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
    }

  outcome = catur_game_get_outcome (self->game);
  if (outcome->result == CATUR_RESULT_WIN)
    /* Translators: the title of the result card, e.g. "Red wins" */
    title = g_strdup_printf (_("%s wins"), catur_game_get_side_name (self->game, outcome->winner));
  else
    title = g_strdup (_("Draw"));

  reason = catur_game_describe_outcome (self->game);
  n_moves = g_list_model_get_n_items (catur_history_view_get_model (self->history_view));
  moves = g_strdup_printf (ngettext ("%u move", "%u moves", n_moves), n_moves);

  gtk_label_set_text (self->result_title, title);
  gtk_label_set_text (self->result_reason, reason != NULL ? reason : "");
  gtk_widget_set_visible (GTK_WIDGET (self->result_reason), reason != NULL && *reason != '\0');
  gtk_label_set_text (self->result_moves, moves);

  catur_window_lessons_update_result (self);
  if (!self->result_dismissed)
    {
      gtk_revealer_set_reveal_child (self->result_revealer, TRUE);
      gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), TRUE);
    }
}

/* How long after the window first comes up it says the game: Orca 43 hears of a new
 * application only when the accessibility registry tells it, and drops the application's events
 * until then; on a busy machine that took 2.6 s after the window showed. */
#define GREET_DELAY_MS 3000

/* Where the player stands, as a screen reader is to say it on coming to the board and when
 * the window comes up: the game, who plays which side, whose turn ("Xiangqi. You play Red
 * against the computer. Red to move."). */
static char *
describe_standing (CaturWindow *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  CaturSide human = catur_window_human_side (self);
  g_autofree char *network = catur_window_network_describe (self);

  /* Translators: the game's name as a sentence, e.g. "Xiangqi." */
  g_string_append_printf (text, _("%s."), catur_variant_get_name (self->variant));
  g_string_append_c (text, ' ');

  if (network != NULL)
    g_string_append (text, network);
  else if (human != CATUR_SIDE_NONE)
    /* Translators: the side of the person playing the computer, e.g. "You play Red against
     * the computer." */
    g_string_append_printf (text, _("You play %s against the computer."),
                            catur_game_get_side_name (self->game, human));
  else
    g_string_append (text, _("Two players at one board."));
  g_string_append_c (text, ' ');
  if (catur_game_is_over (self->game))
    g_string_append (text, _("The game is over."));
  else
    /* Translators: whose turn it is, as a sentence, e.g. "Red to move." */
    g_string_append_printf (text, _("%s to move."),
                            catur_game_get_side_name (self->game,
                                                      catur_game_get_side_to_move (self->game)));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The board's page is what a screen reader names on the way into the board (Orca says the
 * page, then the cell): it says where the player stands rather than "Game". */
static void
update_standing (CaturWindow *self)
{
  GtkStackPage *page = gtk_stack_get_page (self->main_stack, GTK_WIDGET (self->flap));
  g_autofree char *standing = NULL;

  if (page == NULL || self->game == NULL || self->variant == NULL)
    return;
  standing = describe_standing (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (page), GTK_ACCESSIBLE_PROPERTY_LABEL, standing,
                                  -1);
}

static gboolean
greet_cb (gpointer data)
{
  CaturWindow *self = data;
  g_autoptr(GtkWidget) focus = NULL;
  g_autofree char *standing = NULL;

  self->greet_source = 0;
  /* Something said meanwhile (the player has begun, a new game turned the board) is newer. */
  if (self->game == NULL || self->variant == NULL
      || g_strcmp0 (catur_board_view_get_announcement (self->board_view), self->greet_before) != 0)
    return G_SOURCE_REMOVE;
  standing = describe_standing (self);
  catur_window_announce (self, standing);
  /* The focus given again: Orca learns of a new application a moment after its window shows,
   * and drops the events of the start, the first focus among them; without a focus it
   * speaks no description. Given after the sentence, the focus is presented with it. Only
   * the board's: a player typing in a field by then would lose the keys typed meanwhile. */
  focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus != NULL && (focus == GTK_WIDGET (self->board_view)
                        || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->board_view))))
    {
      g_object_ref (focus);
      gtk_window_set_focus (GTK_WINDOW (self), NULL);
      gtk_widget_grab_focus (focus);
    }
  return G_SOURCE_REMOVE;
}

/* The first time the window is active with a game, nothing has been said yet: the game and the
 * turn are, once, a moment later (GREET_DELAY_MS). */
static void
active_changed_cb (CaturWindow *self)
{
  if (self->greeted || self->game == NULL || self->variant == NULL
      || !gtk_window_is_active (GTK_WINDOW (self)))
    return;
  self->greeted = TRUE;
  g_free (self->greet_before);
  self->greet_before = g_strdup (catur_board_view_get_announcement (self->board_view));
  self->greet_source = g_timeout_add (GREET_DELAY_MS, greet_cb, self);
}

/* The notices of a new ply (RULES 0.4). A warning stays in the turn panel until the next
 * ply; it comes as a toast too when the sidebar is hidden. An info (the players may agree to
 * a draw) comes as a toast offering just that, and stands in the panel as well. */
static void
show_notices (CaturWindow *self)
{
  const CaturOutcome *outcome = catur_game_get_outcome (self->game);
  CaturVariant *variant = catur_game_get_variant (self->game);
  gboolean sidebar_shown = adw_flap_get_reveal_flap (self->flap);
  const CaturNoticeInfo *notices;
  guint n;

  if (catur_game_is_over (self->game))
    return;

  notices = catur_variant_list_notices (variant, &n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = NULL;
      AdwToast *toast;
      gboolean warning = (notices[i].flags & CATUR_NOTICE_WARNING) != 0;

      if (!(outcome->notices & notices[i].notice) || (warning && sidebar_shown))
        continue;

      text = catur_variant_describe_notice (variant, catur_game_get_position (self->game),
                                            outcome, notices[i].notice);
      toast = adw_toast_new (text);
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      if ((notices[i].flags & CATUR_NOTICE_OFFERS_DRAW)
          && catur_game_get_computer_side (self->game) == CATUR_SIDE_NONE
          && catur_game_draw_offer_is_open (self->game))
        {
          adw_toast_set_button_label (toast, _("Offer _Draw"));
          adw_toast_set_action_name (toast, "win.offer-draw");
        }
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

/* The full-move number and the move of @ply, as the history writes them: "3. H2+3", "3… H8+7". */
static char *
describe_ply (CaturWindow *self,
              guint        ply)
{
  g_autoptr(CaturGameMove) item = g_list_model_get_item (catur_game_get_moves (self->game),
                                                         ply - 1);
  guint number = catur_game_get_move_number (self->game, ply);

  /* A game that counts plies (Shogi's 手) numbers every move on its own. */
  if (catur_variant_get_flags (self->variant) & CATUR_VARIANT_COUNTS_PLIES)
    return g_strdup_printf (_("%u. %s"), ply, catur_game_move_get_notation (item));
  if (catur_game_move_get_side (item) == CATUR_SIDE_FIRST)
    /* Translators: a move of the first side in review, after its number, e.g. "3. H2+3" */
    return g_strdup_printf (_("%u. %s"), number, catur_game_move_get_notation (item));
  /* Translators: a move of the second side in review, after its number, e.g. "3… H8+7" */
  return g_strdup_printf (_("%u… %s"), number, catur_game_move_get_notation (item));
}

/* A revealer of the strip under the board shows its child; a hidden one takes no room,
 * once it has faded out (strip_child_revealed_cb()), so that the one shown is centred. */
static void
reveal_in_strip (GtkRevealer *revealer,
                 gboolean     shown)
{
  if (shown)
    gtk_widget_set_visible (GTK_WIDGET (revealer), TRUE);
  gtk_revealer_set_reveal_child (revealer, shown);
}

static void
strip_child_revealed_cb (GtkRevealer *revealer)
{
  if (!gtk_revealer_get_reveal_child (revealer) && !gtk_revealer_get_child_revealed (revealer))
    gtk_widget_set_visible (GTK_WIDGET (revealer), FALSE);
}

/* The strip lies at the bottom of the board's area, clear of the coordinates written under
 * the board where there is room below them, so that a player reading a message about a square
 * still finds its name. With no room (a board as tall as the window allows), it lies over the
 * coordinates, never over the last rank: the piece a message is about is often there (a
 * Horse's first move), and the names come back when the message goes. */
static gboolean
board_overlay_child_position_cb (GtkOverlay   *overlay,
                                 GtkWidget    *child,
                                 GdkRectangle *allocation,
                                 CaturWindow  *self)
{
  int area_width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int area_height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int width, height, margin = gtk_widget_get_margin_bottom (child);
  graphene_rect_t band;
  graphene_point_t top, bottom;

  if (child != self->board_strip)
    return FALSE;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  width = MIN (width, area_width);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  allocation->x = (area_width - width) / 2;
  allocation->y = area_height - height;
  allocation->width = width;
  allocation->height = height;

  if (!catur_board_view_get_bottom_margin (self->board_view, &band)
      || !gtk_widget_compute_point (GTK_WIDGET (self->board_view), GTK_WIDGET (overlay),
                                    &GRAPHENE_POINT_INIT (0, band.origin.y), &top)
      || !gtk_widget_compute_point (GTK_WIDGET (self->board_view), GTK_WIDGET (overlay),
                                    &GRAPHENE_POINT_INIT (0, band.origin.y
                                                          + band.size.height), &bottom))
    return TRUE;
  /* Room under the coordinates: lift nothing. No room: stay over them, below the last rank. */
  if (allocation->y < ceil (bottom.y) && allocation->y < floor (top.y))
    allocation->y = MIN ((int) floor (top.y), area_height - height + margin);
  return TRUE;
}

/* The bar under the board while an earlier position is shown. */
static void
update_review (CaturWindow *self)
{
  gboolean shown = reviewing (self);

  if (shown)
    {
      guint view = catur_game_get_view_ply (self->game);
      g_autofree char *text = NULL;

      if (view == 0)
        text = g_strdup (_("Looking back at the start"));
      else
        {
          g_autofree char *move = describe_ply (self, view);

          /* Translators: the board shows an earlier position, the one after this move */
          text = g_strdup_printf (_("Looking back at %s"), move);
        }
      gtk_label_set_text (self->review_label, text);
    }
  reveal_in_strip (self->review_revealer, shown);
  gtk_widget_set_can_target (GTK_WIDGET (self->review_revealer), shown);
}

static void
view_ply_changed_cb (CaturWindow *self)
{
  update_review (self);
  update_result (self);
  catur_window_actions_update (self);
  /* The autosave keeps the reviewed position, so a restart shows what the player looked at. */
  catur_window_autosave (self);
}

static void
game_changed_cb (CaturWindow *self,
                 CaturGame   *game)
{
  guint n = catur_game_get_n_plies (game);

  if (n > self->n_plies)
    show_notices (self);
  self->n_plies = n;

  /* The sides' names may change with the position (Banqi's colours come with the first flip). */
  catur_window_update_take_back_menu (self);
  catur_window_update_side_section (self);
  catur_window_actions_update (self);
  update_result (self);
  update_standing (self);
  catur_window_autosave (self);
}

/* Who plays the game shown changed: the take-back menu and the actions follow, and the
 * autosave keeps the new players. */
static void
computer_side_changed_cb (CaturWindow *self)
{
  catur_window_update_take_back_menu (self);
  catur_window_actions_update (self);
  update_standing (self);
  catur_window_autosave (self);
}

static gboolean
bottom_side_to_flipped (GBinding     *binding,
                        const GValue *from,
                        GValue       *to,
                        gpointer      user_data)
{
  g_value_set_boolean (to, g_value_get_int (from) == CATUR_SIDE_SECOND);
  return TRUE;
}

static gboolean
flipped_to_bottom_side (GBinding     *binding,
                        const GValue *from,
                        GValue       *to,
                        gpointer      user_data)
{
  g_value_set_int (to, g_value_get_boolean (from) ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST);
  return TRUE;
}

static void
explanation_changed_cb (CaturWindow *self)
{
  const char *text = catur_board_view_get_explanation (self->board_view);

  /* The text stays while the bar fades out. */
  if (text != NULL)
    gtk_label_set_text (self->explanation_label, text);
  reveal_in_strip (self->explanation_revealer, text != NULL);
}

/* With the sidebar folded away, its turn panel is not in view: the plates by the board say
 * whose turn it is, in a game without a clock too. */
static void
folded_changed_cb (CaturWindow *self)
{
  gboolean folded = adw_flap_get_folded (self->flap);

  catur_clock_face_set_plate (self->top_clock, folded);
  catur_clock_face_set_plate (self->bottom_clock, folded);
}

static void
reveal_flap_changed_cb (CaturWindow *self)
{
  if (!adw_flap_get_folded (self->flap))
    g_settings_set_boolean (self->settings, "sidebar-visible",
                            adw_flap_get_reveal_flap (self->flap));
}

static void
failure_close_clicked_cb (CaturWindow *self)
{
  gtk_revealer_set_reveal_child (self->failure_revealer, FALSE);
}

static void
result_review_clicked_cb (CaturWindow *self)
{
  self->result_dismissed = TRUE;
  gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
  gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* A menu button gets its menu when it first opens: GTK builds a popover's widgets as soon as
 * it is given a menu, and a window would build all of its menus at start-up, for the few a
 * player opens. */
static void
create_menu_cb (GtkMenuButton *button,
                gpointer       menu)
{
  if (gtk_menu_button_get_menu_model (button) == NULL)
    {
      const char *name = gtk_widget_get_tooltip_text (GTK_WIDGET (button));

      gtk_menu_button_set_menu_model (button, G_MENU_MODEL (menu));
      catur_a11y_name_parts (GTK_WIDGET (gtk_menu_button_get_popover (button)),
                             name != NULL ? name : gtk_menu_button_get_label (button));
    }
}

static void
set_menu_when_opened (GtkMenuButton *button,
                      GMenuModel    *menu)
{
  gtk_menu_button_set_create_popup_func (button, create_menu_cb, g_object_ref (menu),
                                         g_object_unref);
}

/* The players' choices (opponent, level, side) as radio buttons in a plain popover, one group
 * per section of players_menu: a GtkPopoverMenu closes at each choice, and setting all three
 * took three openings. The labels, and so the accessible names, are the menu's. Rebuilt as it
 * opens and when the sides are named anew (Banqi's first flip). */
static void
fill_players_popover (CaturWindow *self)
{
  GMenuModel *menu = self->players_menu;
  GtkPopover *popover = gtk_menu_button_get_popover (self->players_button);
  GtkWidget *box, *child;

  if (popover == NULL)
    return;
  box = gtk_popover_get_child (popover);
  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autofree char *heading = NULL;
      GtkWidget *group = NULL;

      if (section == NULL || g_menu_model_get_n_items (section) == 0)
        continue;
      if (gtk_widget_get_first_child (box) != NULL)
        gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &heading))
        {
          GtkWidget *label = gtk_label_new (heading);

          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_widget_add_css_class (label, "heading");
          gtk_box_append (GTK_BOX (box), label);
        }
      for (int j = 0; j < g_menu_model_get_n_items (section); j++)
        {
          g_autofree char *label = NULL;
          g_autofree char *action = NULL;
          g_autoptr(GVariant) target = NULL;
          GtkWidget *check;

          if (!g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_LABEL, "s", &label)
              || !g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_ACTION, "s",
                                                   &action))
            continue;
          target = g_menu_model_get_item_attribute_value (section, j, G_MENU_ATTRIBUTE_TARGET,
                                                          NULL);
          check = gtk_check_button_new_with_mnemonic (label);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (check), action);
          if (target != NULL)
            gtk_actionable_set_action_target_value (GTK_ACTIONABLE (check), target);
          if (group != NULL)
            gtk_check_button_set_group (GTK_CHECK_BUTTON (check), GTK_CHECK_BUTTON (group));
          else
            group = check;
          gtk_box_append (GTK_BOX (box), check);
        }
    }
}

static void
players_popover_show_cb (CaturWindow *self)
{
  fill_players_popover (self);
}

static void
side_section_changed_cb (CaturWindow *self)
{
  GtkPopover *popover = gtk_menu_button_get_popover (self->players_button);

  if (popover != NULL && gtk_widget_get_visible (GTK_WIDGET (popover)))
    fill_players_popover (self);
}

/* Made when first opened, as the menus are (create_menu_cb()). */
static void
create_players_popover_cb (GtkMenuButton *button,
                           gpointer       data)
{
  CaturWindow *self = CATUR_WINDOW (data);
  GtkWidget *popover, *box;

  if (gtk_menu_button_get_popover (button) != NULL)
    return;
  popover = gtk_popover_new ();
  gtk_widget_add_css_class (popover, "players-popover");
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  if (gtk_widget_get_tooltip_text (GTK_WIDGET (button)) != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (popover), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    gtk_widget_get_tooltip_text (GTK_WIDGET (button)), -1);
  g_signal_connect_object (popover, "show", G_CALLBACK (players_popover_show_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_menu_button_set_popover (button, popover);
}

/* The game switcher lists every loaded variant by its translated name, then what may be done
 * with the game shown's position. */
static void
build_game_menu (CaturWindow *self)
{
  GPtrArray *variants = catur_plugins_get_variants ();
  g_autoptr(GMenu) section = g_menu_new ();
  g_autoptr(GMenuModel) setup = catur_window_setup_menu ();
  g_autoptr(GMenu) learn_section = g_menu_new ();
  g_autoptr(GMenuItem) learn = NULL;

  for (guint i = 0; i < variants->len; i++)
    {
      CaturVariant *variant = g_ptr_array_index (variants, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (catur_variant_get_name (variant), NULL);
      const char *icon = catur_variant_get_icon_name (variant);

      g_menu_item_set_action_and_target (item, "win.game", "s", catur_variant_get_id (variant));
      if (icon != NULL)
        {
          g_autoptr(GIcon) gicon = g_themed_icon_new (icon);

          g_menu_item_set_icon (item, gicon);
        }
      g_menu_append_item (section, item);
    }

  self->game_menu = g_menu_new ();
  g_menu_append_section (self->game_menu, NULL, G_MENU_MODEL (section));
  /* Under the games, a position of the game shown set up by hand (catur-window-setup.c). */
  g_menu_append_section (self->game_menu, NULL, setup);
  /* The lesson of the game shown (catur-window-lessons.c) */
  learn = g_menu_item_new (_("_Learn to Play"), NULL);
  g_menu_item_set_action_and_target (learn, "win.learn", "s", "");
  g_menu_append_item (learn_section, learn);
  /* The game shown's puzzles, by difficulty (catur-window-lessons.c) */
  {
    static const struct { const char *label, *target; } kinds[] = {
      { NC_("puzzles", "_Easy"), "1" }, { NC_("puzzles", "_Medium"), "2" },
      { NC_("puzzles", "_Hard"), "3" },
    };
    g_autoptr(GMenu) puzzles = g_menu_new ();

    for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
      {
        g_autoptr(GMenuItem) item = g_menu_item_new (g_dpgettext2 (NULL, "puzzles",
                                                                   kinds[i].label), NULL);

        g_menu_item_set_action_and_target (item, "win.puzzle", "s", kinds[i].target);
        g_menu_append_item (puzzles, item);
      }
    g_menu_append_submenu (learn_section, _("_Puzzles"), G_MENU_MODEL (puzzles));
  }
  /* The coach's analysis of the game shown (catur-window-analysis.c) */
  g_menu_append (learn_section, _("_Analyse Game"), "win.analyse");
  /* Drills of the player's mistakes in the game shown (catur-window-drills.c) */
  g_menu_append (learn_section, _("_Practise Your Mistakes"), "win.practise");
  g_menu_append_section (self->game_menu, NULL, G_MENU_MODEL (learn_section));
  set_menu_when_opened (self->game_button, G_MENU_MODEL (self->game_menu));
}

/* A bar naming each plugin that failed to load and why. */
static void
show_failures (CaturWindow *self)
{
  GPtrArray *failures = catur_plugins_get_failures ();
  g_autoptr(GString) text = NULL;

  if (failures->len == 0)
    return;

  gtk_label_set_text (self->failure_title,
                      ngettext ("A game plugin could not be loaded",
                                "Some game plugins could not be loaded",
                                failures->len));

  text = g_string_new (NULL);
  for (guint i = 0; i < failures->len; i++)
    {
      const CaturPluginFailure *failure = g_ptr_array_index (failures, i);

      if (i > 0)
        g_string_append_c (text, '\n');
      /* Translators: a plugin file that failed to load and why, e.g. "libfoo.so: file too short" */
      g_string_append_printf (text, _("%s: %s"), failure->name, failure->message);
    }
  gtk_label_set_text (self->failure_label, text->str);
  gtk_revealer_set_reveal_child (self->failure_revealer, TRUE);
}

/* Without any game: say so, and where plugins were looked for. */
static void
show_no_games (CaturWindow *self)
{
  g_auto(GStrv) path = catur_plugins_get_search_path ();
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append (text, _("Catur found no game plugins. It looked for them in these folders:"));
  for (guint i = 0; path[i] != NULL; i++)
    {
      g_autofree char *escaped = g_markup_escape_text (path[i], -1);

      g_string_append_printf (text, "\n<tt>%s</tt>", escaped);
    }

  adw_status_page_set_description (self->status_page, text->str);
  gtk_stack_set_visible_child_name (self->main_stack, "empty");

  gtk_widget_set_visible (self->new_game_button, FALSE);
  gtk_widget_set_visible (self->undo_button, FALSE);
  gtk_widget_set_visible (self->hint_button, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->players_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->game_button), FALSE);
  gtk_widget_set_visible (self->sidebar_button, FALSE);
  catur_window_set_action_enabled (self, "game", FALSE);
  catur_window_actions_update (self);
}


/**
 * catur_window_sync_game:
 * @self: a #CaturWindow
 *
 * Shows the game just set afresh: its result, the position looked at, whether the computer
 * thinks, and the actions that make sense now.
 */
void
catur_window_sync_game (CaturWindow *self)
{
  self->n_plies = self->game != NULL ? catur_game_get_n_plies (self->game) : 0;
  self->result_dismissed = FALSE;
  thinking_changed_cb (self);
  update_result (self);
  update_review (self);
  update_standing (self);
  catur_window_annotations_update (self);
}

static void
close_after_leaving (CaturWindow *self,
                     gpointer     data)
{
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
catur_window_close_request (GtkWindow *window)
{
  CaturWindow *self = CATUR_WINDOW (window);
  int width, height;

  /* A game with a friend elsewhere is left only once the player says so. */
  if (catur_window_network_guard (self, close_after_leaving, NULL, NULL))
    return TRUE;

  gtk_window_get_default_size (window, &width, &height);
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }

  return GTK_WINDOW_CLASS (catur_window_parent_class)->close_request (window);
}

static void
catur_window_constructed (GObject *object)
{
  CaturWindow *self = CATUR_WINDOW (object);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *game_id = NULL;

  G_OBJECT_CLASS (catur_window_parent_class)->constructed (object);

  if (CATUR_IS_APPLICATION (application))
    {
      CaturApplication *catur = CATUR_APPLICATION (application);

      self->settings = g_object_ref (catur_application_get_settings (catur));
    }
  else
    self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  /* A narrow window folds the sidebar away; that is not the player's choice,
   * so only a change made while unfolded is saved. */
  adw_flap_set_reveal_flap (self->flap, g_settings_get_boolean (self->settings, "sidebar-visible"));
  g_signal_connect_object (self->flap, "notify::reveal-flap", G_CALLBACK (reveal_flap_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->flap, "notify::folded", G_CALLBACK (folded_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_settings_bind (self->settings, "animations", self->board_view, "animations",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "piece-letters", self->board_view, "piece-letters",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "table-mode", self->board_view, "table-mode",
                   G_SETTINGS_BIND_GET);
  /* The turn panel's piece is the board's, in the theme the board could use; the trays' too. */
  g_object_bind_property (self->board_view, "piece-theme", self->turn_panel, "piece-theme",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->board_view, "piece-theme", self->tray_panel, "piece-theme",
                          G_BINDING_SYNC_CREATE);

  catur_window_game_init (self);
  catur_window_engines_init (self);
  catur_window_actions_init (self);
  catur_window_lessons_init (self);
  catur_window_threats_init (self);
  catur_window_analysis_init (self);
  catur_window_drills_init (self);
  catur_window_network_init (self);
  build_game_menu (self);
  show_failures (self);
  catur_window_records_init (self);
  catur_window_annotations_init (self);
  catur_window_clipboard_init (self);

  if (catur_plugins_get_variants ()->len == 0)
    {
      show_no_games (self);
      return;
    }

  game_id = g_settings_get_string (self->settings, "game");
  if (!catur_window_select_game (self, game_id))
    {
      CaturVariant *first = g_ptr_array_index (catur_plugins_get_variants (), 0);

      catur_window_select_game (self, catur_variant_get_id (first));
    }
  self->constructed = TRUE;
  g_signal_connect (self, "notify::is-active", G_CALLBACK (active_changed_cb), NULL);
}

/* An announcement with the focus on no widget (the move it was on taken back): the board takes
 * it, and the cell under its cursor, which has the announcement as its description (every one
 * goes through the board, catur_window_announce()), says it. */
static gboolean
refocus_board_cb (GtkWindow *window,
                  gpointer   user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  GtkWidget *board = GTK_WIDGET (self->board_view);

  return gtk_widget_is_drawable (board) && gtk_widget_grab_focus (board)
         && gtk_widget_get_focus_child (board) != NULL;
}

static void
catur_window_dispose (GObject *object)
{
  CaturWindow *self = CATUR_WINDOW (object);

  g_signal_group_set_target (self->game_signals, NULL);
  g_binding_group_set_source (self->game_bindings, NULL);
  g_clear_handle_id (&self->fold_idle_id, g_source_remove);
  g_clear_handle_id (&self->greet_source, g_source_remove);
  catur_window_network_dispose (self);
  catur_window_drills_dispose (self);
  catur_window_lessons_dispose (self);
  catur_window_threats_dispose (self);
  catur_window_analysis_dispose (self);
  /* Closing the window stops the computer at once, whoever else holds the game. */
  if (self->game != NULL)
    catur_game_set_paused (self->game, TRUE);
  g_clear_object (&self->game);
  g_clear_object (&self->previous_game);
  self->new_game_toast = NULL;
  self->players_toast = NULL;
  if (self->new_game_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->new_game_dialog));
  if (self->preferences_window != NULL)
    gtk_window_destroy (GTK_WINDOW (self->preferences_window));
  g_clear_pointer (&self->games, g_hash_table_unref);

  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_WINDOW);

  G_OBJECT_CLASS (catur_window_parent_class)->dispose (object);
}

static void
catur_window_finalize (GObject *object)
{
  CaturWindow *self = CATUR_WINDOW (object);

  g_clear_object (&self->game_signals);
  g_clear_object (&self->engine_section);
  g_clear_object (&self->game_bindings);
  g_clear_object (&self->game_menu);
  g_clear_object (&self->take_back_menu);
  g_clear_object (&self->variant);
  g_clear_object (&self->variant_settings);
  g_clear_object (&self->settings);
  g_free (self->greet_before);

  G_OBJECT_CLASS (catur_window_parent_class)->finalize (object);
}

/* The layout rule (docs/layout.md): the sidebar stands beside the board only while that costs
 * the board little. Beside it, the board has the width the sidebar leaves; folded away (the
 * sidebar button brings it over the board), the whole width. The board is square-ish and
 * also bound by the height, so a wide window loses nothing to the sidebar and a window about
 * as wide as high (800 × 700) would lose a third: there it folds. */
#define SIDEBAR_COST 0.9

static gboolean
apply_fold_cb (gpointer data)
{
  CaturWindow *self = data;

  self->fold_idle_id = 0;
  adw_flap_set_fold_policy (self->flap, self->fold_sidebar ? ADW_FLAP_FOLD_POLICY_ALWAYS
                                                           : ADW_FLAP_FOLD_POLICY_AUTO);
  return G_SOURCE_REMOVE;
}

static void
catur_window_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  CaturWindow *self = CATUR_WINDOW (widget);
  int sidebar = 0, header = 0, ignored;
  double beside, folded;
  gboolean fold;

  GTK_WIDGET_CLASS (catur_window_parent_class)->size_allocate (widget, width, height, baseline);

  gtk_widget_measure (self->sidebar, GTK_ORIENTATION_HORIZONTAL, -1, &ignored,
                      &sidebar, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (self->header_bar), GTK_ORIENTATION_VERTICAL, -1, &header,
                      &ignored, NULL, NULL);
  /* The board's room is the smaller of the width it gets and the height below the header
   * (the clocks and margins take about the same from each). */
  beside = MIN (width - sidebar, height - header);
  folded = MIN (width, height - header);
  fold = beside < folded * SIDEBAR_COST;
  if (fold != self->fold_sidebar)
    {
      self->fold_sidebar = fold;
      /* Not during the allocation: a new fold policy asks for another one. */
      if (self->fold_idle_id == 0)
        self->fold_idle_id = g_idle_add (apply_fold_cb, self);
    }
}

static void
catur_window_class_init (CaturWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = catur_window_constructed;
  object_class->dispose = catur_window_dispose;
  object_class->finalize = catur_window_finalize;

  window_class->close_request = catur_window_close_request;
  widget_class->size_allocate = catur_window_size_allocate;

  g_type_ensure (CATUR_TYPE_BOARD_VIEW);
  g_type_ensure (CATUR_TYPE_HISTORY_VIEW);
  g_type_ensure (CATUR_TYPE_TURN_PANEL);
  g_type_ensure (CATUR_TYPE_CLOCK_FACE);
  g_type_ensure (CATUR_TYPE_TRAY_PANEL);
  g_type_ensure (CATUR_TYPE_RECORD_HEADER);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "ui/catur-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, players_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, thinking_spinner);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, side_section);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, level_section);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, game_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, game_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, game_icon);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, players_menu);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, notation_section);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, declare_section);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_title);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_close_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, board_overlay);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, board_strip);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, command_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, command_entry);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, explanation_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, review_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, review_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, record_header);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, file_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_title);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_reason);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_moves);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_review_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, play_again_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, turn_panel);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, top_clock);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, bottom_clock);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, tray_panel);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, status_page);
  gtk_widget_class_bind_template_callback (widget_class, failure_close_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_review_clicked_cb);
}

static void
catur_window_init (CaturWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  catur_a11y_name_buttons_by_content (GTK_WIDGET (self));
  catur_a11y_set_refocus (GTK_WINDOW (self), refocus_board_cb, self);
  /* A player who cannot see the turn panel asks the board for the time left. */
  catur_board_view_set_move_clock (self->board_view,
                                   catur_turn_panel_get_clock (self->turn_panel));
  /* Filled when there is something to say; until then not presented at all. */
  catur_a11y_hide_while_empty (self->failure_title);
  catur_a11y_hide_while_empty (self->failure_label);
  catur_a11y_hide_while_empty (self->review_label);
  catur_a11y_hide_while_empty (self->result_title);
  catur_a11y_hide_while_empty (self->result_reason);
  catur_a11y_hide_while_empty (self->result_moves);
  /* AdwSplitButton 1.2 names neither of its two halves. */
  for (GtkWidget *part = gtk_widget_get_first_child (self->undo_button); part != NULL;
       part = gtk_widget_get_next_sibling (part))
    if (GTK_IS_MENU_BUTTON (part))
      gtk_accessible_update_property (GTK_ACCESSIBLE (part), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Who Takes Back"), -1);
    else if (GTK_IS_BUTTON (part))
      gtk_accessible_update_property (GTK_ACCESSIBLE (part), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Undo Move"), -1);
  set_menu_when_opened (self->menu_button, self->primary_menu);
  gtk_menu_button_set_create_popup_func (self->players_button, create_players_popover_cb, self,
                                         NULL);
  g_signal_connect_object (self->side_section, "items-changed",
                           G_CALLBACK (side_section_changed_cb), self, G_CONNECT_SWAPPED);
  /* The ladder of levels, weakest first, as libcatur defines it. */
  for (CaturLevel level = 0; level < CATUR_N_LEVELS; level++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (catur_level_get_label (level), NULL);

      g_menu_item_set_action_and_target (item, "app.level", "s", catur_level_to_id (level));
      g_menu_append_item (self->level_section, item);
    }

  self->games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->take_back_menu = g_menu_new ();
  adw_split_button_set_menu_model (ADW_SPLIT_BUTTON (self->undo_button),
                                   G_MENU_MODEL (self->take_back_menu));
  catur_a11y_name_parts (self->undo_button, _("Who Takes Back"));
  catur_a11y_name_parts (GTK_WIDGET (self), NULL);
  gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
  gtk_widget_set_can_target (GTK_WIDGET (self->review_revealer), FALSE);
  /* The message lies over the board: clicks go through it to the squares under it. */
  gtk_widget_set_can_target (GTK_WIDGET (self->explanation_revealer), FALSE);
  g_signal_connect (self->review_revealer, "notify::child-revealed",
                    G_CALLBACK (strip_child_revealed_cb), NULL);
  g_signal_connect (self->explanation_revealer, "notify::child-revealed",
                    G_CALLBACK (strip_child_revealed_cb), NULL);
  g_signal_connect_object (self->board_view, "notify::explanation",
                           G_CALLBACK (explanation_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_overlay, "get-child-position",
                           G_CALLBACK (board_overlay_child_position_cb), self, 0);

  /* The game shown is heard, whichever it is: catur_window_set_game() sets the target. */
  self->game_signals = g_signal_group_new (CATUR_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (game_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::view-ply",
                                 G_CALLBACK (view_ply_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::draw-offer",
                                 G_CALLBACK (catur_window_actions_update), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::thinking",
                                 G_CALLBACK (thinking_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::computer-side",
                                 G_CALLBACK (computer_side_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::bottom-side",
                                 G_CALLBACK (catur_window_update_clock_faces), self,
                                 G_CONNECT_SWAPPED);

  /* The board is drawn for the player at its bottom; turning it over says who sits there. */
  self->game_bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->game_bindings, "bottom-side", self->board_view, "flipped",
                             G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                             bottom_side_to_flipped, flipped_to_bottom_side, NULL, NULL);
}

/**
 * catur_window_new:
 * @application: the application
 *
 * Returns: (transfer full): a window showing the game of the `game` setting
 */
CaturWindow *
catur_window_new (CaturApplication *application)
{
  g_return_val_if_fail (CATUR_IS_APPLICATION (application), NULL);

  return g_object_new (CATUR_TYPE_WINDOW, "application", application, NULL);
}

/**
 * catur_window_get_game:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none) (nullable): the game shown, %NULL without any game plugin
 */
CaturGame *
catur_window_get_game (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->game;
}

/* A short message over the board. */
void
catur_window_show_toast (CaturWindow *self,
                         const char  *text,
                         gboolean     persistent)
{
  AdwToast *toast;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  toast = adw_toast_new (text);
  /* A message about the player's data stays until read. */
  if (persistent)
    adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* A toast where the player looks: the preferences while they are open (a theme chosen there
 * failed), else the board. */
void
catur_window_add_toast (CaturWindow *self,
                        AdwToast    *toast)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  if (self->preferences_window != NULL
      && gtk_widget_get_visible (GTK_WIDGET (self->preferences_window)))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self->preferences_window), toast);
  else
    adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/**
 * catur_window_get_board_view:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none): the board
 */
CaturBoardView *
catur_window_get_board_view (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->board_view;
}

/**
 * catur_window_announce:
 * @self: a #CaturWindow
 * @text: a sentence to say
 *
 * Says @text to screen readers wherever the keyboard focus is: on the board, as the board says
 * its moves (the cell under the cursor); on the move list, a header button, the sidebar or a
 * dialog over the window, through the widget with the focus (catur_a11y_announce()). For what
 * happens without the player's asking: the computer's reply, the end of the game, a notice.
 */
void
catur_window_announce (CaturWindow *self,
                       const char  *text)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  catur_board_view_announce (self->board_view, text);
}

/**
 * catur_window_get_game_menu:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none): the game switcher's menu, one item a loaded variant
 */
GMenuModel *
catur_window_get_game_menu (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return G_MENU_MODEL (self->game_menu);
}

/**
 * catur_window_show_preferences:
 * @self: a #CaturWindow
 * @page: (nullable): the page to show: a game's id, or %NULL for the General page
 *
 * Opens the preferences.
 */
void
catur_window_show_preferences (CaturWindow *self,
                               const char  *page)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));

  if (self->preferences_window == NULL)
    {
      self->preferences_window = catur_preferences_window_new (GTK_WINDOW (self), self->settings,
                                                               self->variant);
      g_object_add_weak_pointer (G_OBJECT (self->preferences_window),
                                 (gpointer *) &self->preferences_window);
    }
  catur_preferences_window_show_page (self->preferences_window, page);
  gtk_window_present (GTK_WINDOW (self->preferences_window));
}

/**
 * catur_window_get_preferences_window:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none) (nullable): the preferences while they are open
 */
CaturPreferencesWindow *
catur_window_get_preferences_window (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->preferences_window;
}
