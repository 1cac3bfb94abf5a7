/* catur-window-game.c: which game the window shows, and who plays it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each game keeps its own CaturGame here: switching to another game and back finds the
 * first where it was left; a game put aside is paused, so that its computer never thinks,
 * let alone plays, while another game is shown. "New Game" replaces the game shown, which a
 * toast can bring back. The board follows the settings of the game shown (its legal-move
 * markers and themes, in the variant's own settings schema), bound afresh whenever the
 * variant changes.
 *
 * Who plays is the settings' choice (two players, or a person against the computer at a
 * level); the window tells each game so (catur_window_apply_players()), and CaturGame plays
 * the computer's moves. A change of players takes over a game with nothing to lose at once,
 * any other game when the next one starts.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-setup.h"
#include "catur-window-private.h"

/**
 * catur_window_human_side:
 * @self: a #CaturWindow showing a game
 *
 * Returns: the side of the person playing against the computer, or %CATUR_SIDE_NONE in a
 *   game of two players
 */
CaturSide
catur_window_human_side (CaturWindow *self)
{
  CaturSide computer = catur_game_get_computer_side (self->game);

  return computer == CATUR_SIDE_NONE ? CATUR_SIDE_NONE : catur_side_other (computer);
}

/**
 * catur_window_acting_side:
 * @self: a #CaturWindow showing a game
 *
 * Who acts when a player presses a button for their own side (resign, offer a draw, take
 * back): two people share one board, and the player whose turn it is has the controls.
 * Against the computer, the person always, whoever is to move.
 *
 * Returns: the side acting
 */
CaturSide
catur_window_acting_side (CaturWindow *self)
{
  CaturSide human = catur_window_human_side (self);

  return human != CATUR_SIDE_NONE ? human : catur_game_get_side_to_move (self->game);
}

/* The players the settings ask for: the computer's side (NONE for two players); its level
 * and its time a move at the master level are read as the game gets them. */
static CaturSide
settings_computer_side (CaturWindow *self)
{
  CaturSide human;

  /* A game without a computer player is played by two, whatever the setting says. */
  if (g_settings_get_enum (self->settings, "mode") == 0
      || (self->variant != NULL && !catur_variant_can_think (self->variant)))
    return CATUR_SIDE_NONE;
  human = g_settings_get_enum (self->settings, "human-side") == 0 ? CATUR_SIDE_FIRST
                                                                    : CATUR_SIDE_SECOND;
  return catur_side_other (human);
}

void
catur_window_update_players_button (CaturWindow *self)
{
  gboolean computer = settings_computer_side (self) != CATUR_SIDE_NONE;
  gboolean can_think = self->variant == NULL || catur_variant_can_think (self->variant);

  gtk_menu_button_set_icon_name (self->players_button,
                                 computer ? "computer-symbolic" : "system-users-symbolic");
  /* Against a friend on another computer both players are people: there is no one to choose. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->players_button),
                            can_think && !catur_window_network_owns (self, self->game));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->players_button),
                               computer ? _("Playing Against the Computer")
                               : can_think ? _("Two Players")
                               : _("Two Players: this game has no computer opponent"));
}

/**
 * catur_window_apply_players:
 * @self: a #CaturWindow
 *
 * The game shown gets the players the settings ask for. Against the computer the person sits
 * at the bottom of the board, and take-backs are free (CaturGame's undo policy says so); when
 * it is the computer's turn, it starts thinking.
 */
void
catur_window_apply_players (CaturWindow *self)
{
  CaturSide computer;

  g_return_if_fail (CATUR_IS_WINDOW (self));

  computer = settings_computer_side (self);
  if (self->game == NULL)
    return;
  /* A friend on another computer plays the other side, at the top of the board. */
  if (catur_window_network_owns (self, self->game))
    computer = CATUR_SIDE_NONE;

  if (computer != CATUR_SIDE_NONE)
    catur_game_set_bottom_side (self->game, catur_side_other (computer));
  catur_game_set_computer (self->game, computer,
                           (CaturLevel) g_settings_get_enum (self->settings, "level"),
                           (guint) g_settings_get_int (self->settings, "master-movetime"));
  catur_game_set_hint_level (self->game,
                             (CaturLevel) g_settings_get_enum (self->settings, "hint-level"));
  catur_window_engines_apply (self);
  catur_window_actions_update (self);
}

/**
 * catur_window_hold_players:
 * @self: a #CaturWindow
 * @hold: whether to hold
 *
 * While @hold, a change of the players' settings (a resumed game's own put back) is not a
 * change of players for the game shown.
 */
void
catur_window_hold_players (CaturWindow *self,
                           gboolean     hold)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));

  self->holding_players = hold;
  catur_window_update_players_button (self);
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

static void start_game (CaturWindow *self,
                        CaturGame   *game,
                        gboolean     offer_previous);

/* A new game of @variant set up with @options, which it keeps (its rules: a saved game and a
 * record restore them). */
static CaturGame *
new_game_with_options (CaturVariant *variant,
                       GVariant     *options)
{
  CaturGame *game = catur_game_new (variant,
                                    catur_variant_new_position (variant, options, g_random_int ()));

  catur_game_set_options (game, options);
  return game;
}

/* A game whose rules forbid take-backs (Banqi: they would show what lay face down) cannot be
 * started over by undoing the computer's opening move: a new game, with a new deal, starts
 * for the new players instead, and a toast says so. A change of the level alone leaves the
 * game as it is. */
static void
restart_for_players (CaturWindow *self)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturSide computer = settings_computer_side (self);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (computer == catur_game_get_computer_side (self->game))
    {
      catur_window_apply_players (self);
      /* The level alone changes no property of the game: the autosave hears it here. */
      catur_window_autosave (self);
      return;
    }

  options = g_variant_ref_sink (catur_setup_load (self->variant));
  game = new_game_with_options (self->variant, options);
  catur_game_set_bottom_side (game, catur_game_get_bottom_side (self->game));
  start_game (self, game, FALSE);

  /* libadwaita 1.2 reads a toast's title as markup. */
  name = g_markup_escape_text (catur_variant_get_name (self->variant), -1);
  /* Translators: a toast, when a change of players cannot take the computer's first move
   * back; %s is the name of a game, such as "Banqi" */
  text = g_strdup_printf (_("%s has no take-backs: a new game has started for the new players"),
                          name);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
players_toast_dismissed_cb (CaturWindow *self,
                            AdwToast    *toast)
{
  if (self->players_toast == toast)
    self->players_toast = NULL;
}

/* @key is the setting that changed: "mode", "level" or "human-side". */
static void
players_changed_cb (CaturWindow *self,
                    const char  *key)
{
  g_autofree char *mode = NULL;
  const char *text;

  catur_window_update_players_button (self);
  if (self->game == NULL || self->holding_players
      || catur_window_network_owns (self, self->game))
    return;

  if (game_is_fresh (self) && catur_game_get_n_plies (self->game) > 0
      && !catur_game_can_take_back (self->game, NULL))
    {
      restart_for_players (self);
      return;
    }
  if (game_is_fresh (self))
    {
      /* Nothing of the player's to lose: the new players start this game over. */
      if (catur_game_get_n_plies (self->game) > 0)
        catur_game_undo (self->game, catur_game_get_n_plies (self->game));
      catur_window_apply_players (self);
      /* The level alone changes no property of the game: the autosave hears it here. */
      catur_window_autosave (self);
      return;
    }

  /* The toast says what changes, when: the game on the board keeps its players. */
  mode = g_settings_get_string (self->settings, "mode");
  if (g_str_equal (key, "level"))
    {
      /* Two people playing: the level waits for a game against the computer, unsaid. */
      if (!g_str_equal (mode, "computer"))
        return;
      /* Translators: a toast, after the computer's level was changed during a game */
      text = _("The new level starts with the next game");
    }
  else if (g_str_equal (key, "human-side"))
    {
      if (!g_str_equal (mode, "computer"))
        return;
      /* Translators: a toast, after the player chose the other side during a game */
      text = _("You change sides with the next game");
    }
  else
    /* Translators: a toast, after the player chose two players or the computer during a game */
    text = _("The new opponent starts with the next game");

  /* One change after another: the latest toast takes the place of the one before. */
  if (self->players_toast != NULL)
    adw_toast_dismiss (self->players_toast);
  self->players_toast = adw_toast_new (text);
  g_signal_connect_object (self->players_toast, "dismissed",
                           G_CALLBACK (players_toast_dismissed_cb), self, G_CONNECT_SWAPPED);
  adw_toast_overlay_add_toast (self->toast_overlay, self->players_toast);
}

static char *
side_label (CaturWindow *self,
            CaturSide    side)
{
  const char *seat = catur_variant_get_side_name (self->variant, NULL, side);
  const char *now = self->game != NULL ? catur_game_get_side_name (self->game, side) : seat;

  if (g_str_equal (seat, now))
    /* Translators: a menu item; %s is the name of a side, such as "Red" */
    return g_strdup_printf (_("Play as %s"), seat);
  /* Translators: a menu item; the seat, then the colour it has in the game shown, such as
   * "Play as First player (Red)" */
  return g_strdup_printf (_("Play as %s (%s)"), seat, now);
}

/**
 * catur_window_update_side_section:
 * @self: a #CaturWindow
 *
 * "Play as Red", "Play as Black": the seats as the game names them before any move. A game
 * whose seats get their colours in play (Banqi's first flip) says the colour each seat has in
 * the game shown beside it, "Play as First player (Red)", so that the menu tells who plays
 * what. Rebuilt only when a label changes.
 */
void
catur_window_update_side_section (CaturWindow *self)
{
  static const char * const targets[] = { "first", "second" };
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  const char *labels[2];
  gboolean same;

  if (self->variant == NULL)
    {
      g_menu_remove_all (self->side_section);
      return;
    }
  labels[0] = first = side_label (self, CATUR_SIDE_FIRST);
  labels[1] = second = side_label (self, CATUR_SIDE_SECOND);

  same = g_menu_model_get_n_items (G_MENU_MODEL (self->side_section)) == 2;
  for (int i = 0; i < 2 && same; i++)
    {
      g_autofree char *label = NULL;

      same = g_menu_model_get_item_attribute (G_MENU_MODEL (self->side_section), i,
                                              G_MENU_ATTRIBUTE_LABEL, "s", &label)
             && g_str_equal (label, labels[i]);
    }
  if (same)
    return;

  g_menu_remove_all (self->side_section);
  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (labels[side], NULL);

      g_menu_item_set_action_and_target (item, "app.human-side", "s", targets[side]);
      g_menu_append_item (self->side_section, item);
    }
}

/* Take-backs need the opponent's permission in a game of two people, unless the players
 * turned that off. (Against the computer the game's policy is free whatever this says.) */
static void
update_undo_policy (CaturWindow *self)
{
  if (self->game == NULL)
    return;
  catur_game_set_undo_policy (self->game,
                              g_settings_get_boolean (self->settings, "undo-needs-permission")
                              ? CATUR_UNDO_POLICY_ASK : CATUR_UNDO_POLICY_FREE);
}

static gboolean
variant_settings_have (CaturWindow *self,
                       const char  *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (self->variant_settings == NULL)
    return FALSE;
  g_object_get (self->variant_settings, "settings-schema", &schema, NULL);
  return g_settings_schema_has_key (schema, key);
}

/* The win.notation action shows the notation of the game shown. */
static void
update_notation_state (CaturWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "notation");

  if (self->game != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action),
                               g_variant_new_string (catur_game_get_notation (self->game)));
}

/* The notation is each game's own setting: the game shown follows its key (the preferences
 * write it too); a game without settings keeps the choice for the session. */
static void
notation_setting_changed_cb (CaturWindow *self)
{
  g_autofree char *notation = NULL;

  if (self->game == NULL || !variant_settings_have (self, "notation"))
    return;
  notation = g_settings_get_string (self->variant_settings, "notation");
  catur_game_set_notation (self->game, notation);
  update_notation_state (self);
}

/**
 * catur_window_choose_notation:
 * @self: a #CaturWindow
 * @notation: a notation id of the game shown
 *
 * The history of the game shown is written in @notation from now on, and the game's
 * settings keep the choice.
 */
void
catur_window_choose_notation (CaturWindow *self,
                              const char  *notation)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));

  if (self->game == NULL)
    return;
  catur_game_set_notation (self->game, notation);
  if (variant_settings_have (self, "notation"))
    g_settings_set_string (self->variant_settings, "notation",
                           catur_game_get_notation (self->game));
  update_notation_state (self);
}

/* The notation submenu lists the notations of the game shown ("WXF", "ICCS"). */
static void
update_notation_menu (CaturWindow *self)
{
  const CaturNotationInfo *notations;
  guint n;

  g_menu_remove_all (self->notation_section);
  notations = catur_variant_list_notations (self->variant, &n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (notations[i].name, NULL);

      g_menu_item_set_action_and_target (item, "win.notation", "s", notations[i].id);
      g_menu_append_item (self->notation_section, item);
    }
}

/* The board fell back to the default theme: say so, and set the setting back to the default
 * too, so that the preferences show what the board shows and the next start is quiet. */
static void
theme_failed_cb (CaturWindow    *self,
                 const char     *property,
                 const char     *theme,
                 const char     *fallback,
                 CaturBoardView *view)
{
  g_autofree char *text = NULL;
  AdwToast *toast;

  if (g_str_equal (property, "board-theme"))
    /* Translators: a toast; the first name is a board theme that failed, the second the one
     * shown instead */
    text = g_strdup_printf (_("The board theme “%s” could not be used; showing “%s”"),
                            theme, fallback);
  else
    /* Translators: a toast; the first name is a piece theme that failed, the second the one
     * shown instead */
    text = g_strdup_printf (_("The piece theme “%s” could not be loaded; showing “%s”"),
                            theme, fallback);

  if (self->variant_settings != NULL)
    {
      g_autoptr(GSettingsSchema) schema = NULL;

      g_object_get (self->variant_settings, "settings-schema", &schema, NULL);
      if (g_settings_schema_has_key (schema, property))
        g_settings_reset (self->variant_settings, property);
    }

  toast = adw_toast_new (text);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  catur_window_add_toast (self, toast);
}

/* The board follows the settings of the variant shown, when it has them: its legal-move
 * markers and its themes. Called after the board has the variant's game, so that a theme is
 * always looked up in the variant it belongs to. */
static void
bind_variant_settings (CaturWindow  *self,
                       CaturVariant *variant)
{
  static const char * const keys[] = { "show-legal-moves", "piece-theme", "board-theme" };
  g_autoptr(GSettingsSchema) schema = NULL;

  if (variant == self->settings_variant)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_unbind (self->board_view, keys[i]);
  g_clear_object (&self->variant_settings);
  self->settings_variant = variant;
  g_action_map_remove_action (G_ACTION_MAP (self), "show-legal-moves");

  self->variant_settings = catur_setup_settings_new (variant);
  if (self->variant_settings == NULL)
    {
      catur_board_view_set_show_legal_moves (self->board_view, TRUE);
      return;
    }
  g_signal_connect_object (self->variant_settings, "changed::notation",
                           G_CALLBACK (notation_setting_changed_cb), self, G_CONNECT_SWAPPED);

  g_object_get (self->variant_settings, "settings-schema", &schema, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_settings_schema_has_key (schema, keys[i]))
      g_settings_bind (self->variant_settings, keys[i], self->board_view, keys[i],
                       G_SETTINGS_BIND_GET);

  /* The menu's toggle writes the game's own key. */
  if (g_settings_schema_has_key (schema, "show-legal-moves"))
    {
      g_autoptr(GAction) toggle = g_settings_create_action (self->variant_settings,
                                                            "show-legal-moves");

      g_action_map_add_action (G_ACTION_MAP (self), toggle);
    }
  else
    catur_board_view_set_show_legal_moves (self->board_view, TRUE);
}

/* The game setting changed elsewhere (the preferences): show that game. */
static void
game_setting_changed_cb (CaturWindow *self)
{
  g_autofree char *id = g_settings_get_string (self->settings, "game");

  if (self->constructed && !self->saving_game)
    catur_window_select_game (self, id);
}

/* The next hint searches at the rung chosen; the game in play hears it at once. */
static void
hint_level_changed_cb (CaturWindow *self)
{
  if (self->game != NULL)
    catur_game_set_hint_level (self->game,
                               (CaturLevel) g_settings_get_enum (self->settings, "hint-level"));
}

/**
 * catur_window_game_init:
 * @self: a #CaturWindow with its settings
 *
 * Follows the settings that choose the game and who plays it, and the board's themes.
 */
void
catur_window_game_init (CaturWindow *self)
{
  /* Who plays (the app.mode, app.level and app.human-side settings actions): a fresh game
   * takes a change at once, others when the next game starts. */
  static const char * const player_keys[] = { "mode", "level", "human-side" };

  g_signal_connect_object (self->settings, "changed::undo-needs-permission",
                           G_CALLBACK (update_undo_policy), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::hint-level",
                           G_CALLBACK (hint_level_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::game", G_CALLBACK (game_setting_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "theme-failed", G_CALLBACK (theme_failed_cb), self,
                           G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (player_keys); i++)
    {
      g_autofree char *signal = g_strconcat ("changed::", player_keys[i], NULL);

      g_signal_connect_object (self->settings, signal, G_CALLBACK (players_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }
  catur_window_update_players_button (self);
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
  g_autofree char *tooltip = NULL;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  /* The window hears nothing more of the game it put aside… */
  g_signal_group_set_target (self->game_signals, NULL);
  g_binding_group_set_source (self->game_bindings, NULL);
  /* … which must not think, let alone play into the game shown; one taken up again may. A
   * kept game, one of another variant, is put aside the same way. */
  if (self->game != NULL)
    catur_game_set_paused (self->game, TRUE);
  g_set_object (&self->game, game);
  catur_game_set_paused (game, FALSE);
  self->hint_pending = FALSE;

  /* The switcher, the title and the setting follow the game's variant. */
  variant = catur_game_get_variant (game);
  id = catur_variant_get_id (variant);
  g_set_object (&self->variant, variant);
  catur_window_update_side_section (self);
  gtk_label_set_text (self->game_label, catur_variant_get_name (variant));
  gtk_image_set_from_icon_name (self->game_icon, catur_variant_get_icon_name (variant) != NULL
                                                 ? catur_variant_get_icon_name (variant)
                                                 : "applications-games-symbolic");
  /* In a narrow window the switcher shows the game's icon: its tooltip names the game. */
  tooltip = g_markup_printf_escaped ("<b>%s</b>\n%s", catur_variant_get_name (variant),
                                     catur_variant_get_description (variant));
  gtk_widget_set_tooltip_markup (GTK_WIDGET (self->game_button), tooltip);
  game_action = g_action_map_lookup_action (G_ACTION_MAP (self), "game");
  g_simple_action_set_state (G_SIMPLE_ACTION (game_action), g_variant_new_string (id));

  update_undo_policy (self);
  catur_window_update_take_back_menu (self);
  /* A game without a computer player has no players to choose. */
  catur_window_update_players_button (self);
  g_signal_group_set_target (self->game_signals, game);
  g_binding_group_set_source (self->game_bindings, game);
  catur_window_engines_game_shown (self);

  /* Each game is kept, to be found again when the player comes back to it; a lesson's board
   * is not a game to come back to. */
  if (!catur_window_is_lesson_game (self, game))
    g_hash_table_replace (self->games, g_strdup (id), g_object_ref (game));

  catur_board_view_set_game (self->board_view, game);
  /* The panels take the board's piece theme (bound in catur_window_init()): they show the new
   * game before the new game's theme comes, else it would be looked up in the game left. */
  catur_turn_panel_set_game (self->turn_panel, game);
  catur_tray_panel_set_game (self->tray_panel, game);
  /* A sidebar folded over the board was opened for the game left: the new one is seen whole. */
  if (adw_flap_get_folded (self->flap))
    adw_flap_set_reveal_flap (self->flap, FALSE);
  bind_variant_settings (self, variant);
  notation_setting_changed_cb (self);
  update_notation_state (self);
  update_notation_menu (self);
  if (self->preferences_window != NULL)
    catur_preferences_window_set_variant (self->preferences_window, variant);
  catur_window_update_clock_faces (self);
  catur_history_view_set_game (self->history_view, game);

  catur_window_sync_game (self);
  catur_window_lessons_game_shown (self, game);
  catur_window_analysis_game_shown (self, game);
  catur_window_drills_game_shown (self, game);
  catur_window_network_game_shown (self, game);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  /* From now on this is the game of its variant that a restart resumes. */
  catur_window_autosave (self);

  /* The first game comes from the setting, or stands in for a game whose plugin is missing
   * today: only the player's later choices are saved. Written last, and not heard back: a
   * settings backend that cannot save (no session bus) takes the old value back at once,
   * and that must not switch the window away from the game the player chose. */
  saved_id = g_settings_get_string (self->settings, "game");
  if (self->constructed && g_strcmp0 (saved_id, id) != 0)
    {
      self->saving_game = TRUE;
      g_settings_set_string (self->settings, "game", id);
      self->saving_game = FALSE;
    }
}

/**
 * catur_window_select_game:
 * @self: a #CaturWindow
 * @id: a variant id
 *
 * Shows the game of the variant @id: the one left there when the player switched to another
 * game, else the one its autosave kept, else a new one set up as the new-game dialog last
 * chose. Nothing changes when it is the variant shown already.
 *
 * Returns: %FALSE when no loaded plugin has the variant @id
 */
gboolean
catur_window_select_game (CaturWindow *self,
                          const char  *id)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturVariant *variant;
  CaturGame *kept;

  g_return_val_if_fail (CATUR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  variant = catur_plugins_find_variant (id);
  if (variant == NULL)
    return FALSE;

  if (self->game != NULL && variant == self->variant)
    return TRUE;

  kept = g_hash_table_lookup (self->games, id);
  if (kept != NULL)
    {
      catur_window_set_game (self, kept);
      return TRUE;
    }

  g_set_object (&self->variant, variant);
  if (catur_window_resume_game (self, variant))
    return TRUE;

  /* A first game of this variant: nothing is replaced, so no "New game started" toast. */
  options = g_variant_ref_sink (catur_setup_load (variant));
  game = new_game_with_options (variant, options);
  catur_window_set_game (self, game);
  catur_window_apply_players (self);
  return TRUE;
}

/* The toast offering the game "New Game" replaced goes, and with it that game. */
static void
dismiss_new_game_toast (CaturWindow *self)
{
  AdwToast *toast = g_steal_pointer (&self->new_game_toast);

  if (toast != NULL)
    adw_toast_dismiss (toast);
}

static void
new_game_toast_dismissed_cb (CaturWindow *self,
                             AdwToast    *toast)
{
  if (self->new_game_toast != toast)
    return;

  self->new_game_toast = NULL;
  g_clear_object (&self->previous_game);
  catur_window_actions_update (self);
}

/**
 * catur_window_restore_previous_game:
 * @self: a #CaturWindow
 *
 * Shows again the game that "New Game" replaced, while its toast is up (win.restore-game).
 */
void
catur_window_restore_previous_game (CaturWindow *self)
{
  g_autoptr(CaturGame) game = g_steal_pointer (&self->previous_game);

  dismiss_new_game_toast (self);
  if (game != NULL)
    catur_window_set_game (self, game);
}

/* A new game that turns the board round from the last one says so, to be seen and heard:
 * else the player's next click lands on the other side's pieces without a word. */
static void
say_sides_changed (CaturWindow *self,
                   CaturGame   *game)
{
  CaturSide bottom = catur_game_get_bottom_side (game);
  const char *name = catur_game_get_side_name (game, bottom);
  g_autofree char *text = NULL;

  if (catur_game_get_computer_side (game) != CATUR_SIDE_NONE)
    /* Translators: a toast, when a new game against the computer turns the board round; %s
     * is the player's side, such as "Black" */
    text = g_strdup_printf (_("Colors swapped: you now play %s, at the bottom"), name);
  else
    /* Translators: a toast, when a new game between two people turns the board round; %s is
     * the side now at the bottom, such as "Black" */
    text = g_strdup_printf (_("The players change sides: %s is at the bottom"), name);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
  catur_window_announce (self, text);
}

/* Shows the new @game. A game in progress that it replaces can be brought back from the
 * toast that says so, when @offer_previous. */
static void
start_game (CaturWindow *self,
            CaturGame   *game,
            gboolean     offer_previous)
{
  g_autoptr(CaturGame) old = NULL;
  gboolean turned;

  old = self->game != NULL ? g_object_ref (self->game) : NULL;
  catur_window_set_game (self, game);
  catur_window_apply_players (self);
  turned = old != NULL && catur_game_get_variant (old) == catur_game_get_variant (game)
           && catur_game_get_bottom_side (old) != catur_game_get_bottom_side (game);

  dismiss_new_game_toast (self);
  g_clear_object (&self->previous_game);

  if (offer_previous && old != NULL && catur_game_get_n_plies (old) > 0
      && !catur_game_is_over (old))
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
  /* A network game is shown from the local seat, and says which side the player plays: the
   * board turned round to it is no change of sides between the players. */
  if (turned && !catur_window_network_owns (self, game))
    say_sides_changed (self, game);
  catur_window_actions_update (self);
}

/* Shows @game, a new one, as New Game does: the game it replaces may be brought back. */
void
catur_window_start_game (CaturWindow *self,
                         CaturGame   *game)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (CATUR_IS_GAME (game));

  start_game (self, game, TRUE);
}

static void
new_game_after_leaving (CaturWindow *self,
                        gpointer     data)
{
  catur_window_new_game (self);
}

/**
 * catur_window_new_game:
 * @self: a #CaturWindow
 *
 * Starts a new game of the current variant at once, set up as the new-game dialog last
 * chose. The players keep their seats; after a finished game, when the "swap-colours"
 * setting says so, they change sides and the board turns for the player at its bottom.
 */
void
catur_window_new_game (CaturWindow *self)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturPosition *start;

  g_return_if_fail (CATUR_IS_WINDOW (self));

  if (self->variant == NULL)
    return;
  /* A game with a friend elsewhere is left first, once the player says so. */
  if (catur_window_network_guard (self, new_game_after_leaving, NULL, NULL))
    return;

  options = g_variant_ref_sink (catur_setup_load (self->variant));
  start = catur_variant_new_position (self->variant, options, g_random_int ());
  /* Another game starts afresh, the first side at the bottom. */
  if (self->game != NULL && catur_game_get_variant (self->game) == self->variant)
    game = catur_game_new_rematch (self->game, start,
                                   g_settings_get_boolean (self->settings, "swap-colours"));
  else
    game = catur_game_new (self->variant, start);
  catur_game_set_options (game, options);
  start_game (self, game, TRUE);
}

static void new_game_dialog_start_cb (CaturWindow        *self,
                                      CaturNewGameDialog *dialog);

static void
start_after_leaving (CaturWindow *self,
                     gpointer     data)
{
  new_game_dialog_start_cb (self, data);
}

static void
new_game_dialog_start_cb (CaturWindow        *self,
                          CaturNewGameDialog *dialog)
{
  g_autoptr(GVariant) options = g_variant_ref_sink (catur_new_game_dialog_get_options (dialog));
  g_autoptr(CaturGame) game = NULL;
  CaturSide bottom = catur_new_game_dialog_get_bottom_side (dialog);

  if (catur_new_game_dialog_get_variant (dialog) != self->variant)
    return;
  /* A game with a friend elsewhere is left first, once the player says so. */
  if (catur_window_network_guard (self, start_after_leaving, g_object_ref (dialog),
                                  g_object_unref))
    return;
  /* The players chosen are the settings' from now on (the players menu shows them), but they
   * change nothing of the game replaced. Against the computer the player at the bottom is
   * the person: the side chosen is theirs, in this game and the next ones. */
  self->holding_players = TRUE;
  if (catur_new_game_dialog_get_against_computer (dialog))
    {
      g_settings_set_string (self->settings, "mode", "computer");
      g_settings_set_string (self->settings, "level",
                             catur_level_to_id (catur_new_game_dialog_get_level (dialog)));
      g_settings_set_string (self->settings, "human-side",
                             bottom == CATUR_SIDE_SECOND ? "second" : "first");
      catur_window_engines_choose (self, catur_new_game_dialog_get_engine_id (dialog));
    }
  else
    g_settings_set_string (self->settings, "mode", "two-players");
  self->holding_players = FALSE;
  game = new_game_with_options (self->variant, options);
  catur_game_set_bottom_side (game, bottom);
  start_game (self, game, TRUE);
}

static void release_clock_cb (gpointer  data,
                              GObject  *dialog);

/* The friend is here: the game is the window's. The listing and the code were for finding the
 * game; the friend comes back by the invitation, so neither is offered any longer. */
static void
network_game_ready_cb (CaturWindow        *self,
                       CaturNetPlay       *play,
                       CaturNetConnection *connection,
                       CaturNetHost       *host,
                       CaturNetPublisher  *publisher,
                       gpointer            rejoin,
                       CaturNewGameDialog *dialog)
{
  if (host != NULL)
    catur_net_host_set_code (host, NULL);
  if (publisher != NULL)
    catur_net_publisher_stop (publisher);
  catur_window_play_network (self, play, connection, host, NULL, rejoin);
}

/**
 * catur_window_show_new_game_dialog:
 * @self: a #CaturWindow
 *
 * Opens the dialog that sets up a new game of the current variant; its "Start" starts it.
 */
void
catur_window_show_new_game_dialog (CaturWindow *self)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));

  if (self->variant == NULL)
    return;

  if (self->new_game_dialog == NULL)
    {
      self->new_game_dialog = catur_new_game_dialog_new (GTK_WINDOW (self), self->settings,
                                                         self->variant, self->game);
      g_object_add_weak_pointer (G_OBJECT (self->new_game_dialog),
                                 (gpointer *) &self->new_game_dialog);
      /* The network game played now is not one to resume. */
      catur_new_game_dialog_set_playing (self->new_game_dialog,
                                         catur_window_network_get_resume_path (self));
      g_signal_connect_object (self->new_game_dialog, "start",
                               G_CALLBACK (new_game_dialog_start_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->new_game_dialog, "network-game-ready",
                               G_CALLBACK (network_game_ready_cb), self, G_CONNECT_SWAPPED);
      /* The game's clock waits while the players choose the next game. */
      if (self->game != NULL)
        {
          catur_game_hold_clock (self->game);
          g_object_weak_ref (G_OBJECT (self->new_game_dialog), release_clock_cb,
                             g_object_ref (self->game));
        }
    }
  gtk_window_present (GTK_WINDOW (self->new_game_dialog));
}

static void
release_clock_cb (gpointer  data,
                  GObject  *dialog)
{
  g_autoptr(CaturGame) game = data;

  catur_game_release_clock (game);
}

/**
 * catur_window_get_new_game_dialog:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none) (nullable): the new-game dialog while it is open
 */
CaturNewGameDialog *
catur_window_get_new_game_dialog (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->new_game_dialog;
}

/**
 * catur_window_update_clock_faces:
 *
 * Puts each player's clock by their edge of the board: the bottom player's below it, the
 * other's above, so that a board turned over (Play Again with colours swapped) turns the
 * clocks with it.
 */
void
catur_window_update_clock_faces (CaturWindow *self)
{
  CaturGame *game = self->game;
  CaturSide bottom = game != NULL ? catur_game_get_bottom_side (game) : CATUR_SIDE_FIRST;

  catur_clock_face_set_game (self->bottom_clock, game, bottom);
  catur_clock_face_set_game (self->top_clock, game, catur_side_other (bottom));
}
