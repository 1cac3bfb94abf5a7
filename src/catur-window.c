/* catur-window.c: the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The header bar (new game, undo, hint, the game switcher, the players menu
 * with the computer's level, a spinner while the computer thinks, the sidebar
 * toggle and the main menu), a bar naming the plugins that failed to load, and
 * the body:
 * the board with the explanation of the last illegal click under it and the
 * result card over it, beside a sidebar with the turn and the moves. Without
 * any game plugin the body is a status page saying where plugins were sought.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-history-view.h"
#include "catur-turn-panel.h"
#include "catur-window.h"

struct _CaturWindow
{
  AdwApplicationWindow parent_instance;

  /* Owned */
  GSettings *settings;
  CaturVariant *variant;
  CaturGame *game;
  CaturGame *previous_game;   /* the game "New Game" replaced, while its toast is up */
  AdwToast *new_game_toast;   /* not a reference; cleared when dismissed */
  GMenu *game_menu;
  gboolean hint_pending;      /* a hint is being worked out for the game shown */

  /* Template widgets */
  AdwHeaderBar *header_bar;
  GtkWidget *new_game_button;
  GtkWidget *undo_button;
  GtkWidget *hint_button;
  GtkMenuButton *players_button;
  GtkSpinner *thinking_spinner;
  GMenu *side_section;
  GtkMenuButton *game_button;
  GtkLabel *game_label;
  GtkWidget *sidebar_button;
  GtkMenuButton *menu_button;
  GtkRevealer *failure_revealer;
  GtkLabel *failure_title;
  GtkLabel *failure_label;
  GtkWidget *failure_close_button;
  AdwToastOverlay *toast_overlay;
  GtkStack *main_stack;
  AdwFlap *flap;
  CaturBoardView *board_view;
  GtkRevealer *explanation_revealer;
  GtkLabel *explanation_label;
  GtkRevealer *result_revealer;
  GtkLabel *result_title;
  GtkLabel *result_reason;
  GtkLabel *result_moves;
  GtkWidget *play_again_button;
  CaturTurnPanel *turn_panel;
  CaturHistoryView *history_view;
  AdwStatusPage *status_page;

  guint n_plies;
  gboolean result_dismissed;
  gboolean constructed;
};

G_DEFINE_FINAL_TYPE (CaturWindow, catur_window, ADW_TYPE_APPLICATION_WINDOW)

static void
set_action_enabled (CaturWindow *self,
                    const char  *name,
                    gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* A hint is for the player to move, while nobody thinks and the game goes on. */
static gboolean
can_hint (CaturWindow *self)
{
  CaturGame *game = self->game;

  return game != NULL && !self->hint_pending && !catur_game_is_over (game)
         && !catur_game_get_thinking (game)
         && catur_variant_can_think (catur_game_get_variant (game))
         && catur_game_get_computer_side (game) != catur_game_get_side_to_move (game);
}

static void
update_actions (CaturWindow *self)
{
  /* Against the computer, undo goes back to the player's last turn. */
  set_action_enabled (self, "undo",
                      self->game != NULL && catur_game_get_undo_turn_plies (self->game) > 0);
  set_action_enabled (self, "restore-game", self->previous_game != NULL);
  set_action_enabled (self, "hint", can_hint (self));
}

static void
thinking_changed_cb (CaturWindow *self)
{
  gboolean thinking = self->game != NULL && catur_game_get_thinking (self->game);

  gtk_widget_set_visible (GTK_WIDGET (self->thinking_spinner), thinking);
  gtk_spinner_set_spinning (self->thinking_spinner, thinking);
  update_actions (self);
}

/* The players the settings ask for: the computer's side (NONE for two players), its level
 * and its time a move at the master level. */
static CaturSide
settings_computer_side (CaturWindow *self)
{
  CaturSide human;

  if (g_settings_get_enum (self->settings, "mode") == 0)
    return CATUR_SIDE_NONE;
  human = g_settings_get_enum (self->settings, "human-side") == 0 ? CATUR_SIDE_FIRST
                                                                    : CATUR_SIDE_SECOND;
  return catur_side_other (human);
}

static void
update_players_button (CaturWindow *self)
{
  gboolean computer = settings_computer_side (self) != CATUR_SIDE_NONE;

  gtk_menu_button_set_icon_name (self->players_button,
                                 computer ? "computer-symbolic" : "system-users-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->players_button),
                               computer ? _("Playing Against the Computer")
                                        : _("Two Players"));
}

static void
apply_players (CaturWindow *self)
{
  CaturSide computer = settings_computer_side (self);

  if (self->game == NULL)
    return;

  /* The player's side at the bottom. */
  if (computer != CATUR_SIDE_NONE)
    catur_board_view_set_flipped (self->board_view, computer == CATUR_SIDE_FIRST);
  catur_game_set_computer (self->game, computer,
                           (CaturLevel) g_settings_get_enum (self->settings, "level"),
                           (guint) g_settings_get_int (self->settings, "master-movetime"));
  update_actions (self);
}

/* No move of the player's yet: at most the computer's opening move. */
static gboolean
game_is_fresh (CaturWindow *self)
{
  guint n = catur_game_get_n_plies (self->game);
  CaturVariant *variant = catur_game_get_variant (self->game);

  if (n == 0)
    return TRUE;
  return n == 1 && !catur_game_is_over (self->game)
         && catur_variant_side_to_move (variant, catur_game_get_position_at (self->game, 0))
            == catur_game_get_computer_side (self->game);
}

static void
players_changed_cb (CaturWindow *self)
{
  update_players_button (self);
  if (self->game == NULL)
    return;

  if (game_is_fresh (self))
    {
      /* Nothing of the player's to lose: the new players start this game over. */
      if (catur_game_get_n_plies (self->game) > 0)
        catur_game_undo (self->game, catur_game_get_n_plies (self->game));
      apply_players (self);
    }
  else
    {
      AdwToast *toast = adw_toast_new (_("The new players take over in the next game"));

      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

/* "Play as Red", "Play as Black": the side names are the game's. */
static void
build_side_section (CaturWindow *self)
{
  CaturVariant *variant = self->variant;
  static const char * const targets[] = { "first", "second" };

  g_menu_remove_all (self->side_section);
  if (variant == NULL)
    return;
  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    {
      /* Translators: a menu item; %s is the name of a side, such as "Red" */
      g_autofree char *label = g_strdup_printf (_("Play as %s"),
                                                catur_variant_get_side_name (variant, side));
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "app.human-side", "s", targets[side]);
      g_menu_append_item (self->side_section, item);
    }
}

static void
update_result (CaturWindow *self)
{
  const CaturOutcome *outcome;
  CaturVariant *variant;
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

  variant = catur_game_get_variant (self->game);
  outcome = catur_game_get_outcome (self->game);
  if (outcome->result == CATUR_RESULT_WIN)
    /* Translators: the title of the result card, e.g. "Red wins" */
    title = g_strdup_printf (_("%s wins"), catur_variant_get_side_name (variant, outcome->winner));
  else
    title = g_strdup (_("Draw"));

  reason = catur_game_describe_outcome (self->game);
  n_moves = g_list_model_get_n_items (catur_history_view_get_model (self->history_view));
  moves = g_strdup_printf (ngettext ("%u move", "%u moves", n_moves), n_moves);

  gtk_label_set_text (self->result_title, title);
  gtk_label_set_text (self->result_reason, reason != NULL ? reason : "");
  gtk_widget_set_visible (GTK_WIDGET (self->result_reason), reason != NULL && *reason != '\0');
  gtk_label_set_text (self->result_moves, moves);

  if (!self->result_dismissed)
    {
      gtk_revealer_set_reveal_child (self->result_revealer, TRUE);
      gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), TRUE);
    }
}

static void
show_notices (CaturWindow *self)
{
  const CaturOutcome *outcome = catur_game_get_outcome (self->game);
  CaturVariant *variant = catur_game_get_variant (self->game);
  g_autofree char *text = NULL;

  if (catur_game_is_over (self->game))
    return;

  if (outcome->notices & CATUR_NOTICE_PERPETUAL_CHECK_WARNING)
    /* Translators: a warning; the side named keeps checking with the same position */
    text = g_strdup_printf (_("%s repeats a checking position: once more and it loses"),
                            catur_variant_get_side_name (variant, outcome->warned_side));
  else if (outcome->notices & CATUR_NOTICE_REPETITION)
    text = g_strdup (_("This position has been seen before"));
  else if (outcome->notices & CATUR_NOTICE_NO_CAPTURE)
    text = g_strdup (_("Many moves have been played without a capture"));

  if (text != NULL)
    {
      AdwToast *toast = adw_toast_new (text);

      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

static void
game_changed_cb (CaturWindow *self,
                 CaturGame   *game)
{
  guint n = catur_game_get_n_plies (game);

  if (n > self->n_plies)
    show_notices (self);
  self->n_plies = n;

  update_actions (self);
  update_result (self);
}

static void
explanation_changed_cb (CaturWindow *self)
{
  const char *text = catur_board_view_get_explanation (self->board_view);

  /* The text stays while the bar fades out. */
  if (text != NULL)
    gtk_label_set_text (self->explanation_label, text);
  gtk_revealer_set_reveal_child (self->explanation_revealer, text != NULL);
}

static CaturNotation
settings_notation (CaturWindow *self)
{
  return (CaturNotation) g_settings_get_enum (self->settings, "notation");
}

static void
notation_changed_cb (CaturWindow *self)
{
  if (self->game != NULL)
    catur_game_set_notation (self->game, settings_notation (self));
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

static void
new_game_toast_dismissed_cb (CaturWindow *self,
                             AdwToast    *toast)
{
  if (self->new_game_toast != toast)
    return;

  self->new_game_toast = NULL;
  g_clear_object (&self->previous_game);
  update_actions (self);
}

static void
undo_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  if (self->game == NULL)
    return;
  /* Against the computer: the player's move and the computer's reply, without asking. */
  if (catur_game_get_computer_side (self->game) != CATUR_SIDE_NONE)
    catur_game_undo_turn (self->game);
  else
    catur_game_undo (self->game, 1);
}

static void
hint_ready_cb (GObject      *source_object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(CaturWindow) self = user_data;
  CaturGame *game = CATUR_GAME (source_object);
  g_autoptr(GError) error = NULL;
  CaturMove move;
  gboolean found = catur_game_hint_finish (game, result, &move, &error);

  /* Another game is shown now, or the window is gone. */
  if (self->game != game)
    return;

  self->hint_pending = FALSE;
  update_actions (self);
  if (found)
    catur_board_view_set_hint (self->board_view, &move);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
}

static void
hint_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  if (!can_hint (self))
    return;
  self->hint_pending = TRUE;
  update_actions (self);
  catur_game_hint_async (self->game, NULL, hint_ready_cb, g_object_ref (self));
}

static void
game_change_state (GSimpleAction *action,
                   GVariant      *state,
                   gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  catur_window_select_game (self, g_variant_get_string (state, NULL));
}

static void
restore_game_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  g_autoptr(CaturGame) game = g_steal_pointer (&self->previous_game);

  if (self->new_game_toast != NULL)
    {
      AdwToast *toast = self->new_game_toast;

      self->new_game_toast = NULL;
      adw_toast_dismiss (toast);
    }
  if (game != NULL)
    catur_window_set_game (self, game);
}

static const GActionEntry win_entries[] = {
  { "undo", undo_action, NULL, NULL, NULL },
  { "hint", hint_action, NULL, NULL, NULL },
  { "game", NULL, "s", "''", game_change_state },
  { "restore-game", restore_game_action, NULL, NULL, NULL },
};

/* The game switcher lists every loaded variant by its translated name. */
static void
build_game_menu (CaturWindow *self)
{
  GPtrArray *variants = catur_plugins_get_variants ();
  g_autoptr(GMenu) section = g_menu_new ();

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
  gtk_menu_button_set_menu_model (self->game_button, G_MENU_MODEL (self->game_menu));
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
  set_action_enabled (self, "game", FALSE);
  set_action_enabled (self, "undo", FALSE);
  set_action_enabled (self, "hint", FALSE);
}

static gboolean
catur_window_close_request (GtkWindow *window)
{
  CaturWindow *self = CATUR_WINDOW (window);
  int width, height;

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
  g_autoptr(GAction) toggle_sidebar = NULL;
  g_autoptr(GAction) flip_board = NULL;
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
  g_settings_bind (self->settings, "show-legal-moves", self->board_view, "show-legal-moves",
                   G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->settings, "changed::notation", G_CALLBACK (notation_changed_cb),
                           self, G_CONNECT_SWAPPED);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries),
                                   self);
  /* Who plays (the app.mode, app.level and app.human-side settings actions): a fresh game
   * takes a change at once, others when the next game starts. */
  {
    static const char * const keys[] = { "mode", "level", "human-side" };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      {
        g_autofree char *signal = g_strconcat ("changed::", keys[i], NULL);

        g_signal_connect_object (self->settings, signal, G_CALLBACK (players_changed_cb), self,
                                 G_CONNECT_SWAPPED);
      }
  }
  update_players_button (self);
  toggle_sidebar = G_ACTION (g_property_action_new ("toggle-sidebar", self->flap, "reveal-flap"));
  g_action_map_add_action (G_ACTION_MAP (self), toggle_sidebar);
  flip_board = G_ACTION (g_property_action_new ("flip-board", self->board_view, "flipped"));
  g_action_map_add_action (G_ACTION_MAP (self), flip_board);

  build_game_menu (self);
  show_failures (self);

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
}

static void
catur_window_dispose (GObject *object)
{
  CaturWindow *self = CATUR_WINDOW (object);

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, thinking_changed_cb, self);
      /* Closing the window stops the computer at once, whoever else holds the game. */
      catur_game_set_paused (self->game, TRUE);
    }
  g_clear_object (&self->game);
  g_clear_object (&self->previous_game);
  self->new_game_toast = NULL;

  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_WINDOW);

  G_OBJECT_CLASS (catur_window_parent_class)->dispose (object);
}

static void
catur_window_finalize (GObject *object)
{
  CaturWindow *self = CATUR_WINDOW (object);

  g_clear_object (&self->game_menu);
  g_clear_object (&self->variant);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (catur_window_parent_class)->finalize (object);
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

  g_type_ensure (CATUR_TYPE_BOARD_VIEW);
  g_type_ensure (CATUR_TYPE_HISTORY_VIEW);
  g_type_ensure (CATUR_TYPE_TURN_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "ui/catur-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, players_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, thinking_spinner);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, side_section);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, game_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, game_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_title);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_close_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, explanation_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_title);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_reason);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_moves);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, play_again_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, turn_panel);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, status_page);
  gtk_widget_class_bind_template_callback (widget_class, failure_close_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_review_clicked_cb);
}

static void
catur_window_init (CaturWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
  g_signal_connect_object (self->board_view, "notify::explanation",
                           G_CALLBACK (explanation_changed_cb), self, G_CONNECT_SWAPPED);
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

/**
 * catur_window_set_game:
 * @self: a #CaturWindow
 * @game: the game to show and play
 *
 * Shows @game, of any loaded variant; the game switcher follows it.
 */
void
catur_window_set_game (CaturWindow *self,
                       CaturGame   *game)
{
  CaturVariant *variant;
  GAction *game_action;
  const char *id;
  g_autofree char *saved_id = NULL;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, thinking_changed_cb, self);
      /* A game put aside must not think; one taken up again may. */
      catur_game_set_paused (self->game, TRUE);
    }
  g_set_object (&self->game, game);
  catur_game_set_paused (game, FALSE);
  self->hint_pending = FALSE;

  /* The switcher, the title and the setting follow the game's variant. */
  variant = catur_game_get_variant (game);
  id = catur_variant_get_id (variant);
  g_set_object (&self->variant, variant);
  build_side_section (self);
  gtk_label_set_text (self->game_label, catur_variant_get_name (variant));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->game_button),
                               catur_variant_get_description (variant));
  game_action = g_action_map_lookup_action (G_ACTION_MAP (self), "game");
  g_simple_action_set_state (G_SIMPLE_ACTION (game_action), g_variant_new_string (id));
  /* The first game comes from the setting, or stands in for a game whose
   * plugin is missing today: only the player's later choices are saved. */
  saved_id = g_settings_get_string (self->settings, "game");
  if (self->constructed && g_strcmp0 (saved_id, id) != 0)
    g_settings_set_string (self->settings, "game", id);

  catur_game_set_notation (game, settings_notation (self));
  g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::thinking", G_CALLBACK (thinking_changed_cb), self,
                           G_CONNECT_SWAPPED);

  catur_board_view_set_game (self->board_view, game);
  catur_turn_panel_set_game (self->turn_panel, game);
  catur_history_view_set_game (self->history_view, game);

  self->n_plies = catur_game_get_n_plies (game);
  self->result_dismissed = FALSE;
  thinking_changed_cb (self);
  update_result (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/**
 * catur_window_select_game:
 * @self: a #CaturWindow
 * @id: a variant id
 *
 * Starts a new game of the variant @id, unless it is the one shown already.
 *
 * Returns: %FALSE when no loaded plugin has the variant @id
 */
gboolean
catur_window_select_game (CaturWindow *self,
                          const char  *id)
{
  CaturVariant *variant;

  g_return_val_if_fail (CATUR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  variant = catur_plugins_find_variant (id);
  if (variant == NULL)
    return FALSE;

  if (self->game != NULL && variant == self->variant)
    return TRUE;

  g_set_object (&self->variant, variant);
  catur_window_new_game (self);
  return TRUE;
}

/**
 * catur_window_new_game:
 * @self: a #CaturWindow
 *
 * Starts a new game of the current variant. A game in progress that it
 * replaces can be brought back from the toast that says so.
 */
void
catur_window_new_game (CaturWindow *self)
{
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturGame) old = NULL;

  g_return_if_fail (CATUR_IS_WINDOW (self));

  if (self->variant == NULL)
    return;

  old = self->game != NULL ? g_object_ref (self->game) : NULL;
  game = catur_game_new (self->variant, NULL);
  catur_window_set_game (self, game);
  apply_players (self);

  if (self->new_game_toast != NULL)
    {
      AdwToast *toast = self->new_game_toast;

      self->new_game_toast = NULL;
      adw_toast_dismiss (toast);
    }
  g_clear_object (&self->previous_game);

  if (old != NULL && catur_game_get_n_plies (old) > 0 && !catur_game_is_over (old))
    {
      AdwToast *toast = adw_toast_new (_("New game started"));

      adw_toast_set_button_label (toast, _("_Undo"));
      adw_toast_set_action_name (toast, "win.restore-game");
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (new_game_toast_dismissed_cb), self,
                               G_CONNECT_SWAPPED);
      self->previous_game = g_steal_pointer (&old);
      self->new_game_toast = toast;
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
  update_actions (self);
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
