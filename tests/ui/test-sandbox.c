/* test-sandbox.c: the window on the test games (tests/variant): what a game declares and the
 * shell follows without knowing it. Sandbox Dark has no take-backs and no draw offers, trays
 * and a counter, and seats that get their colours with the first flip; Sandbox has a
 * declaration, a notation as wide on the screen as Shogi's and a time limit a move may take.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With CATUR_UI_TEST_SHOTS=<folder>, /ui/sandbox/screenshots also saves a picture of each
 * state into that folder (it asserts nothing, so that it runs in any language and style):
 *
 *   CATUR_UI_TEST_SHOTS=/tmp/shots [GDK_SCALE=2] [CATUR_DEBUG_COLOR_SCHEME=dark] \
 *     [CATUR_UI_TEST_LANGUAGE=id] meson test -C _build test-sandbox
 */
#include <glib/gi18n.h>
#include <locale.h>

#include "catur-ui-test.h"
#include "catur-clock-face.h"
#include "catur-tray-panel.h"
#include "testgame.h"

/* Sandbox Dark (4 × 4, ranks 4 → 1): Red's Chariot on a4, Black's on d1, face down on b4 and
 * c1 (a Red and a Black Soldier), Red to move, 3 quiet plies so far. */
#define DARK_TRAYS "RX2/4/4/2Xr r Pp 3 2"
/* Sandbox (6 × 6, ranks 6 → 1): the Kings alone, White's a step from the far rank. */
#define SANDBOX_KINGS "k5/4K1/6/6/6/6 w - - - 0 0"
/* Sandbox: White's pawn on b5 may take Black's Rook on a6 and promote. */
#define SANDBOX_PROMOTION "r2k2/1P4/6/6/6/2K3 w - - - 0 0"

static CaturApplication *application;

static GSettings *
settings (void)
{
  return catur_application_get_settings (application);
}

static void
reset_settings (void)
{
  g_settings_reset (settings (), "mode");
  g_settings_reset (settings (), "level");
  g_settings_reset (settings (), "human-side");
}

static CaturVariant *
dark (void)
{
  return catur_plugins_find_variant ("sandbox-dark");
}

static CaturVariant *
sandbox (void)
{
  return catur_plugins_find_variant ("sandbox");
}

static gboolean
activate (CaturWindow *window,
          const char  *action,
          GVariant    *parameter)
{
  gboolean done = gtk_widget_activate_action_variant (GTK_WIDGET (window), action, parameter);

  catur_ui_test_iterate (10);
  return done;
}

static gboolean
enabled (CaturWindow *window,
         const char  *action)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), action);
}

static void
play (CaturWindow *window,
      const char  *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  CaturGame *game = catur_window_get_game (window);

  for (guint i = 0; list[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!catur_game_play_text (game, list[i], &error))
        g_error ("%s was not played: %s", list[i], error->message);
    }
  catur_ui_test_iterate (20);
}

/* A window showing a new game of @variant from @text (its start when NULL), dealt with @seed. */
static CaturWindow *
window_with (CaturVariant *variant,
             const char   *text,
             guint64       seed)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturPosition *start;

  if (text != NULL)
    {
      start = catur_variant_parse (variant, text, &error);
      g_assert_no_error (error);
      catur_variant_deal_hidden (variant, start, seed);
    }
  else
    start = catur_variant_new_position (variant, NULL, seed);
  game = catur_game_new (variant, start);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (20);
  return window;
}

static void
close_window (CaturWindow *window)
{
  catur_ui_test_close (window);
  reset_settings ();
}

/* Whether the turn panel shows the side to move by a piece's image (not a plain dot). */
static gboolean
turn_marker_is_piece (CaturWindow *window)
{
  GtkWidget *panel = GTK_WIDGET (catur_ui_test_child (window, "turn_panel"));
  GObject *marker = gtk_widget_get_template_child (panel, CATUR_TYPE_TURN_PANEL, "marker");

  return gtk_image_get_storage_type (GTK_IMAGE (marker)) == GTK_IMAGE_PAINTABLE;
}

static const char *
turn_title (CaturWindow *window)
{
  return catur_turn_panel_get_title (CATUR_TURN_PANEL (catur_ui_test_child (window,
                                                                            "turn_panel")));
}

/* The main menu's item for @action, or -1; its section in @section. */
static int
find_menu_item (GMenuModel  *menu,
                const char  *action,
                GMenuModel **section)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) link = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autofree char *name = NULL;

      if (link != NULL)
        {
          int found = find_menu_item (link, action, section);

          if (found >= 0)
            return found;
          continue;
        }
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action))
        {
          *section = menu;
          return i;
        }
    }
  return -1;
}

static GMenuModel *
main_menu (CaturWindow *window)
{
  return catur_ui_test_open_menu (window, "menu_button");
}

/* Whether the new-game dialog of the game shown offers the take-back permission. */
static gboolean
asks_take_back_permission (CaturWindow *window)
{
  CaturNewGameDialog *dialog;
  gboolean visible;

  catur_window_show_new_game_dialog (window);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  visible = gtk_widget_get_visible (GTK_WIDGET (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), CATUR_TYPE_NEW_GAME_DIALOG, "permission_row")));
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (10);
  return visible;
}

/* A game whose rules forbid take-backs: the undo action is off for good, its button says why,
 * the button has no menu of take-backs, and the new-game dialog does not ask whether they need
 * permission. A game with take-backs keeps all four. */
static void
test_no_take_backs (void)
{
  CaturWindow *window = window_with (dark (), NULL, 1);
  GtkWidget *undo_button = GTK_WIDGET (catur_ui_test_child (window, "undo_button"));
  CaturGame *game = catur_window_get_game (window);

  play (window, "a1 b2");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "take-back"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==,
                   "Sandbox Dark has no take-backs");
  g_assert_null (adw_split_button_get_menu_model (ADW_SPLIT_BUTTON (undo_button)));
  activate (window, "win.undo", NULL);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_false (asks_take_back_permission (window));
  close_window (window);

  window = window_with (sandbox (), NULL, 1);
  undo_button = GTK_WIDGET (catur_ui_test_child (window, "undo_button"));
  play (window, "b2b3");
  g_assert_true (enabled (window, "undo"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==, "Undo Move");
  g_assert_nonnull (adw_split_button_get_menu_model (ADW_SPLIT_BUTTON (undo_button)));
  g_assert_cmpint (g_menu_model_get_n_items (adw_split_button_get_menu_model
                                               (ADW_SPLIT_BUTTON (undo_button))), ==, 2);
  g_assert_true (asks_take_back_permission (window));
  close_window (window);
}

#define DARK_NO_DRAWS "Sandbox Dark games end when a player has no piece or no action left, " \
                      "or after ten quiet plies; there are no draw offers"

/* A game without draws by agreement has no win.offer-draw, and the menu item hides with it;
 * No Draw Offers takes its place and tells, in the game's words, how its games end. */
static void
test_no_draw_offers (void)
{
  CaturWindow *window = window_with (dark (), NULL, 1);
  GMenuModel *section = NULL;
  g_autofree char *hidden_when = NULL;
  g_autofree char *label = NULL;
  int item;

  g_assert_false (g_action_group_has_action (G_ACTION_GROUP (window), "offer-draw"));
  g_assert_false (activate (window, "win.offer-draw", NULL));
  item = find_menu_item (main_menu (window), "win.offer-draw", &section);
  g_assert_cmpint (item, >=, 0);
  g_assert_true (g_menu_model_get_item_attribute (section, item, "hidden-when", "s",
                                                  &hidden_when));
  g_assert_cmpstr (hidden_when, ==, "action-missing");

  item = find_menu_item (main_menu (window), "win.no-draw-offers", &section);
  g_assert_cmpint (item, >=, 0);
  g_assert_true (g_menu_model_get_item_attribute (section, item, "label", "s", &label));
  g_assert_cmpstr (label, ==, "No _Draw Offers");
  g_assert_true (enabled (window, "no-draw-offers"));
  g_assert_false (catur_ui_test_has_label (GTK_WIDGET (window), DARK_NO_DRAWS));
  g_assert_true (activate (window, "win.no-draw-offers", NULL));
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), DARK_NO_DRAWS));

  /* Another game shown in the same window has them again. */
  catur_window_select_game (window, "sandbox");
  catur_ui_test_iterate (20);
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "offer-draw"));
  g_assert_false (g_action_group_has_action (G_ACTION_GROUP (window), "no-draw-offers"));
  /* …once each side has moved. */
  g_assert_false (enabled (window, "offer-draw"));
  g_assert_true (catur_game_play_text (catur_window_get_game (window), "a2a3", NULL));
  g_assert_true (catur_game_play_text (catur_window_get_game (window), "a5a4", NULL));
  catur_ui_test_iterate (20);
  g_assert_true (enabled (window, "offer-draw"));
  catur_window_select_game (window, "sandbox-dark");
  catur_ui_test_iterate (20);
  g_assert_false (g_action_group_has_action (G_ACTION_GROUP (window), "offer-draw"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "no-draw-offers"));
  close_window (window);
}

/* What the tray panel shows, one line a tray or counter: "Title: item, item", "Label: 3 / 10". */
static void
append_panel_text (GtkWidget *widget,
                   GString   *text)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (gtk_widget_has_css_class (widget, "tray-title")
      || gtk_widget_has_css_class (widget, "caption-heading"))
    g_string_append_printf (text, "%s%s:", text->len > 0 ? "\n" : "",
                            gtk_label_get_text (GTK_LABEL (widget)));
  else if (gtk_widget_has_css_class (widget, "tray-item"))
    g_string_append_printf (text, " [%s]", gtk_widget_get_tooltip_text (widget));
  else if (gtk_widget_has_css_class (widget, "tray-empty")
           || gtk_widget_has_css_class (widget, "counter-value"))
    g_string_append_printf (text, " %s", gtk_label_get_text (GTK_LABEL (widget)));
  else if (GTK_IS_LEVEL_BAR (widget))
    g_string_append_printf (text, " (bar %g/%g)", gtk_level_bar_get_value (GTK_LEVEL_BAR (widget)),
                            gtk_level_bar_get_max_value (GTK_LEVEL_BAR (widget)));
  if (gtk_widget_has_css_class (widget, "tray-item"))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    append_panel_text (child, text);
}

static char *
panel_text (CaturWindow *window)
{
  GtkWidget *panel = GTK_WIDGET (catur_ui_test_child (window, "tray_panel"));
  GString *text = g_string_new (NULL);

  if (gtk_widget_get_visible (panel))
    append_panel_text (panel, text);
  return g_string_free (text, FALSE);
}

#define DARK_TRAYS_AT_START \
  "Taken by Black: [Red General] [Red Chariot] [Red Soldier × 4]\n" \
  "Face down: [Red Soldier] [Black Soldier]\n" \
  "Taken by Red: [Black General] [Black Chariot] [Black Soldier × 4]\n" \
  "Moves without a flip or a capture: 3 / 10 (bar 3/10)"

/* The trays and the counter follow every ply, show the position reviewed, and turn with the
 * board; a game that lists none has no panel. */
static void
test_trays_and_counters (void)
{
  CaturWindow *window = window_with (dark (), DARK_TRAYS, 7);
  CaturGame *game = catur_window_get_game (window);
  g_autofree char *text = panel_text (window);
  g_autofree char *after_move = NULL;
  g_autofree char *after_flip = NULL;
  g_autofree char *reviewed = NULL;
  g_autofree char *flipped = NULL;

  g_assert_cmpstr (text, ==, DARK_TRAYS_AT_START);

  play (window, "a4a3");
  after_move = panel_text (window);
  g_assert_nonnull (strstr (after_move, "Moves without a flip or a capture: 4 / 10 (bar 4/10)"));
  play (window, "c1");
  after_flip = panel_text (window);
  g_assert_nonnull (strstr (after_flip, "Moves without a flip or a capture: 0 / 10 (bar 0/10)"));
  /* One of the two Soldiers came up. */
  g_assert_true (strstr (after_flip, "Face down: [Red Soldier]\n") != NULL
                 || strstr (after_flip, "Face down: [Black Soldier]\n") != NULL);

  /* Looking back shows the trays as they were, and the last ply again at the end. */
  catur_game_set_view_ply (game, 0);
  catur_ui_test_iterate (20);
  reviewed = panel_text (window);
  g_assert_cmpstr (reviewed, ==, DARK_TRAYS_AT_START);
  catur_game_set_view_ply (game, 1);
  catur_ui_test_iterate (20);
  g_free (reviewed);
  reviewed = panel_text (window);
  g_assert_cmpstr (reviewed, ==, after_move);
  catur_game_set_view_ply (game, 2);
  catur_ui_test_iterate (20);
  g_free (reviewed);
  reviewed = panel_text (window);
  g_assert_cmpstr (reviewed, ==, after_flip);

  /* Turned over, the board puts Black at the bottom, and Black's tray goes down with it. */
  activate (window, "win.flip-board", NULL);
  flipped = panel_text (window);
  g_assert_true (g_str_has_prefix (flipped, "Taken by Red:"));
  g_assert_nonnull (strstr (flipped, "\nTaken by Black:"));
  close_window (window);

  /* Sandbox lists nothing: no panel. */
  window = window_with (sandbox (), NULL, 1);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (catur_ui_test_child (window,
                                                                          "tray_panel"))));
  close_window (window);
}

/* Before the first flip the seats have no colours: the turn panel and the result card name
 * them as seats; after it, by the colours the flip gave. The turn panel shows a piece for the
 * seat to move even when it has none face up. */
static void
test_side_names (void)
{
  CaturWindow *window = window_with (dark (), NULL, 3);
  CaturGame *game = catur_window_get_game (window);
  g_autoptr(CaturGameMove) flip = NULL;
  const char *first, *second;

  g_assert_cmpstr (turn_title (window), ==, "First player");
  g_assert_true (turn_marker_is_piece (window));
  g_assert_true (activate (window, "win.resign", NULL));
  catur_ui_test_answer ("Resign as First player?", "Second player wins the game.", "resign");
  g_assert_true (catur_ui_test_revealed (window, "result_revealer"));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Second player wins");
  close_window (window);

  window = window_with (dark (), NULL, 3);
  game = catur_window_get_game (window);
  play (window, "a1");
  flip = g_list_model_get_item (catur_game_get_moves (game), 0);
  /* The first player plays the colour the flip showed. */
  first = (catur_game_move_get_move (flip)->flags & CATUR_MOVE_REVEALS_SECOND) ? "Black" : "Red";
  second = g_str_equal (first, "Red") ? "Black" : "Red";
  g_assert_cmpstr (turn_title (window), ==, second);
  g_assert_true (turn_marker_is_piece (window));
  g_assert_true (activate (window, "win.resign", NULL));
  {
    g_autofree char *heading = g_strdup_printf ("Resign as %s?", second);
    g_autofree char *body = g_strdup_printf ("%s wins the game.", first);
    g_autofree char *title = g_strdup_printf ("%s wins", first);

    catur_ui_test_answer (heading, body, "resign");
    g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, title);
  }
  close_window (window);
}

static gboolean
computer_moved (gpointer data)
{
  CaturGame *game = catur_window_get_game (data);

  return catur_game_get_n_plies (game) == 1 && !catur_game_get_thinking (game);
}

/* The computer's first move cannot be taken back in a game without take-backs: a change of
 * players starts a new game (a new deal) instead, and says so. A change of level alone does not. */
static void
test_players_change_without_take_backs (void)
{
  CaturWindow *window = window_with (dark (), NULL, 5);
  /* Kept: the window lets go of it. */
  g_autoptr(CaturGame) old = g_object_ref (catur_window_get_game (window));
  GtkWidget *overlay = GTK_WIDGET (catur_ui_test_child (window, "toast_overlay"));
  CaturGame *game;

  g_settings_set_string (settings (), "level", "beginner");
  g_settings_set_string (settings (), "human-side", "second");
  g_settings_set_string (settings (), "mode", "computer");
  g_assert_true (catur_window_get_game (window) == old);
  g_assert_true (catur_ui_test_wait_until (computer_moved, window));
  g_assert_cmpint (catur_game_get_computer_side (old), ==, CATUR_SIDE_FIRST);

  /* The level: the same game goes on. */
  g_settings_set_string (settings (), "level", "intermediate");
  catur_ui_test_iterate (20);
  g_assert_true (catur_window_get_game (window) == old);
  g_assert_cmpuint (catur_game_get_n_plies (old), ==, 1);

  /* The seats: a new game, the person first. */
  g_settings_set_string (settings (), "human-side", "first");
  catur_ui_test_iterate (20);
  game = catur_window_get_game (window);
  g_assert_true (game != old);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_SECOND);
  g_assert_cmpuint (catur_game_get_n_plies (old), ==, 1);
  g_assert_true (catur_ui_test_wait_for_label (overlay, "Sandbox Dark has no take-backs: a new "
                                                        "game has started for the new players"));
  /* Nothing to bring back: the old game's players are gone. */
  g_assert_false (enabled (window, "restore-game"));
  close_window (window);

  /* With take-backs the computer's move is taken back in the same game, as before. */
  window = window_with (sandbox (), NULL, 5);
  game = catur_window_get_game (window);
  g_settings_set_string (settings (), "level", "beginner");
  g_settings_set_string (settings (), "human-side", "second");
  g_settings_set_string (settings (), "mode", "computer");
  g_assert_true (catur_ui_test_wait_until (computer_moved, window));
  g_settings_set_string (settings (), "human-side", "first");
  catur_ui_test_iterate (20);
  g_assert_true (catur_window_get_game (window) == game);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  close_window (window);
}

/* A declaration legal now is in the main menu by the game's label, and plays it. */
static void
test_declaration (void)
{
  CaturWindow *window = window_with (sandbox (), SANDBOX_KINGS, 1);
  CaturGame *game = catur_window_get_game (window);
  GMenuModel *section = NULL;
  g_autofree char *label = NULL;
  g_autoptr(GVariant) target = NULL;
  int item;

  g_assert_cmpint (find_menu_item (main_menu (window), "win.declare", &section), ==, -1);
  g_assert_false (enabled (window, "declare"));

  /* White's King reaches the far rank; once Black has moved, White may declare. */
  play (window, "e5e6");
  g_assert_cmpint (find_menu_item (main_menu (window), "win.declare", &section), ==, -1);
  play (window, "a6a5");
  item = find_menu_item (main_menu (window), "win.declare", &section);
  g_assert_cmpint (item, >=, 0);
  g_assert_true (g_menu_model_get_item_attribute (section, item, G_MENU_ATTRIBUTE_LABEL, "s",
                                                  &label));
  g_assert_cmpstr (label, ==, "Declare Victory");
  g_assert_true (enabled (window, "declare"));
  target = g_menu_model_get_item_attribute_value (section, item, G_MENU_ATTRIBUTE_TARGET,
                                                  G_VARIANT_TYPE_BYTE);

  /* While the players look back, they do not play. */
  catur_game_set_view_ply (game, 0);
  catur_ui_test_iterate (10);
  g_assert_false (enabled (window, "declare"));
  catur_game_set_view_ply (game, 2);
  catur_ui_test_iterate (10);

  g_assert_true (activate (window, "win.declare", target));
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_IMPASSE);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "White wins");
  g_assert_cmpint (find_menu_item (main_menu (window), "win.declare", &section), ==, -1);
  g_assert_false (enabled (window, "declare"));
  close_window (window);
}

static CaturTurnPanel *
turn_panel (CaturWindow *window)
{
  return CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
}

/* A game with 30 seconds a move: the turn panel counts them down for the player to move,
 * stands still in review, starts again with each ply; when the time runs out (the clock's
 * expiry, called rather than waited for) the game plays a move for the player, and the
 * second time in a row the player loses and the result card says so. */
static void
test_move_time (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturMoveClock *clock = catur_turn_panel_get_clock (turn_panel (window));
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GVariant) options = NULL;
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-time", "s", "30");
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  game = catur_game_new (sandbox (), catur_variant_new_position (sandbox (), options, 1));
  catur_game_set_options (game, options);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (20);

  g_assert_cmpstr (catur_ui_test_running_clock_text (window), ==, "0:30");
  g_assert_true (catur_move_clock_get_running (clock));

  /* Looking back stops the count; the live position starts it again. */
  play (window, "f1e1");
  catur_game_set_view_ply (game, 0);
  catur_ui_test_iterate (10);
  g_assert_false (catur_move_clock_get_running (clock));
  catur_game_set_view_ply (game, 1);
  catur_ui_test_iterate (10);
  g_assert_true (catur_move_clock_get_running (clock));

  /* Black's time runs out: a move is played for Black, and White's count starts afresh. */
  catur_move_clock_expire (clock);
  catur_ui_test_iterate (20);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_SECOND), ==, 1);
  g_assert_false (catur_game_is_over (game));
  g_assert_cmpstr (turn_title (window), ==, "White");
  g_assert_cmpstr (catur_ui_test_running_clock_text (window), ==, "0:30");

  play (window, "e1f1");
  catur_move_clock_expire (clock);
  catur_ui_test_iterate (20);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "White wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "Black ran out of time");
  /* Over: no count any more. */
  g_assert_null (catur_ui_test_running_clock_text (window));
  g_assert_false (catur_move_clock_get_running (clock));

  /* A game without a limit shows none. */
  {
    g_autoptr(CaturGame) untimed = catur_game_new (sandbox (), NULL);

    catur_window_set_game (window, untimed);
    catur_ui_test_iterate (10);
    g_assert_null (catur_ui_test_running_clock_text (window));
  }
  close_window (window);
}

static CaturClockFace *
clock_face (CaturWindow *window,
            const char  *name)
{
  return CATUR_CLOCK_FACE (catur_ui_test_child (window, name));
}

/* A game clock: both players' clocks by the board (the bottom player's below it), the running
 * one marked, the increment after a move; then the real clock runs out, with no test calling
 * the expiry, and the game is lost on time. */
static void
test_game_clock (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturClockFace *top = clock_face (window, "top_clock");
  CaturClockFace *bottom = clock_face (window, "bottom_clock");
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GVariant) options = NULL;
  GVariantDict dict;
  gint64 deadline;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, CATUR_OPTION_CLOCK, "s", "2+1");
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  game = catur_game_new (sandbox (), catur_variant_new_position (sandbox (), options, 1));
  catur_game_set_options (game, options);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (10);

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (top)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bottom)));
  g_assert_cmpint (catur_clock_face_get_side (bottom), ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_clock_face_get_side (top), ==, CATUR_SIDE_SECOND);
  g_assert_cmpstr (catur_clock_face_get_text (top), ==, "0:02.0");
  g_assert_cmpint (catur_clock_get_running (catur_game_get_clock (game)), ==, CATUR_SIDE_FIRST);

  /* White moves: its clock gains the second, Black's runs. */
  play (window, "f1e1");
  catur_ui_test_iterate (5);
  g_assert_cmpint (catur_clock_get_main (catur_game_get_clock (game), CATUR_SIDE_FIRST), >,
                   2000);
  g_assert_cmpint (catur_clock_get_running (catur_game_get_clock (game)), ==, CATUR_SIDE_SECOND);

  /* A board turned over turns the clocks with it. */
  catur_game_set_bottom_side (game, CATUR_SIDE_SECOND);
  catur_ui_test_iterate (5);
  g_assert_cmpint (catur_clock_face_get_side (bottom), ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_clock_face_get_side (top), ==, CATUR_SIDE_FIRST);

  /* The clock waits while the new-game dialog is open, and goes on when it closes. */
  catur_window_show_new_game_dialog (window);
  catur_ui_test_iterate (5);
  g_assert_cmpint (catur_clock_get_running (catur_game_get_clock (game)), ==, CATUR_SIDE_NONE);
  gtk_window_close (GTK_WINDOW (catur_window_get_new_game_dialog (window)));
  catur_ui_test_iterate (10);
  g_assert_cmpint (catur_clock_get_running (catur_game_get_clock (game)), ==, CATUR_SIDE_SECOND);

  /* Black does not move: its two seconds run out by themselves. */
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (!catur_game_is_over (game) && g_get_monotonic_time () < deadline)
    catur_ui_test_iterate (1);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  catur_ui_test_iterate (10);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "White wins");
  g_assert_cmpstr (catur_clock_face_get_text (bottom), ==, "0:00.0");

  /* A game without a clock shows none. */
  {
    g_autoptr(CaturGame) untimed = catur_game_new (sandbox (), NULL);

    catur_window_set_game (window, untimed);
    catur_ui_test_iterate (10);
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (top)));
    g_assert_null (catur_clock_face_get_text (bottom));
  }
  close_window (window);
}

/* A time limit a move is for two people: against the computer the same game has no clock,
 * and the new-game dialog does not offer one (it does between two players). */
static void
test_no_move_time_against_computer (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturMoveClock *clock = catur_turn_panel_get_clock (turn_panel (window));
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GVariant) options = NULL;
  CaturNewGameDialog *dialog;
  CaturGame *playing;
  AdwComboRow *opponent;
  GtkWidget *row;
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-time", "s", "30");
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  game = catur_game_new (sandbox (), catur_variant_new_position (sandbox (), options, 1));
  catur_game_set_options (game, options);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (20);
  g_assert_cmpuint (catur_game_get_move_time (game), ==, 30);

  g_settings_set_string (settings (), "mode", "computer");
  catur_ui_test_iterate (20);
  playing = catur_window_get_game (window);
  g_assert_cmpint (catur_game_get_computer_side (playing), ==, CATUR_SIDE_SECOND);
  g_assert_cmpuint (catur_game_get_move_time (playing), ==, 0);
  g_assert_null (catur_ui_test_running_clock_text (window));
  g_assert_false (catur_move_clock_get_running (clock));

  catur_window_show_new_game_dialog (window);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  opponent = catur_new_game_dialog_get_opponent_row (dialog);
  row = GTK_WIDGET (catur_new_game_dialog_get_option_row (dialog, "move-time"));
  g_assert_true (catur_new_game_dialog_get_against_computer (dialog));
  g_assert_false (gtk_widget_get_visible (row));
  adw_combo_row_set_selected (opponent, 0);
  g_assert_true (gtk_widget_get_visible (row));
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_iterate (10);
  close_window (window);
}

/* The first visible label under @widget that reads @text. */
static GtkLabel *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A ply as wide as Shogi's Japanese notation is written whole in its cell, and every cell of
 * the list takes the width of the widest. */
static void
test_long_notation (void)
{
  CaturWindow *window = window_with (sandbox (), SANDBOX_PROMOTION, 1);
  GtkWidget *history = GTK_WIDGET (catur_ui_test_child (window, "history_view"));
  GtkLabel *wide, *narrow;

  g_assert_true (activate (window, "win.notation", g_variant_new_string ("wide")));
  play (window, "b5a6r d6e5");
  g_assert_true (catur_ui_test_wait_for_label (history, "ｂ５ｘａ６＝Ｒ"));
  wide = find_label (history, "ｂ５ｘａ６＝Ｒ");
  narrow = find_label (history, "Ｋｄ６－ｅ５");
  g_assert_nonnull (narrow);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (wide)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (wide)), ==,
                   gtk_widget_get_width (GTK_WIDGET (narrow)));
  close_window (window);
}

/* Screenshots */

static void
save_shot (GtkWidget  *widget,
           const char *name)
{
  const char *folder = g_getenv ("CATUR_UI_TEST_SHOTS");
  const char *scheme = g_getenv ("CATUR_DEBUG_COLOR_SCHEME");
  const char *language = g_getenv ("CATUR_UI_TEST_LANGUAGE");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  int scale = gtk_widget_get_scale_factor (widget);
  int width, height;

  catur_ui_test_iterate (300);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width * scale,
                                                                    height * scale));
  file = g_strdup_printf ("%s-%s-%s-scale%d.png", name, scheme != NULL ? scheme : "light",
                          language != NULL ? language : "en", scale);
  path = g_build_filename (folder, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);
}

static void
shoot_menu (CaturWindow *window,
            const char  *name)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (catur_ui_test_child (window, "menu_button"));

  gtk_menu_button_popup (button);
  catur_ui_test_iterate (200);
  save_shot (GTK_WIDGET (gtk_menu_button_get_popover (button)), name);
  gtk_menu_button_popdown (button);
}

/* Each state the tests above check, as a picture. */
static void
test_screenshots (void)
{
  CaturWindow *window;
  CaturGame *game;

  if (g_getenv ("CATUR_UI_TEST_SHOTS") == NULL)
    {
      g_test_skip ("Set CATUR_UI_TEST_SHOTS to a folder for the pictures");
      return;
    }

  /* Before the first flip; its menu without a draw offer; the trays after a few plies. */
  window = window_with (dark (), NULL, 3);
  save_shot (GTK_WIDGET (window), "dark-before-colours");
  shoot_menu (window, "dark-menu");
  play (window, "a1 b2 c3 d4");
  save_shot (GTK_WIDGET (window), "dark-trays");
  catur_game_set_view_ply (catur_window_get_game (window), 1);
  save_shot (GTK_WIDGET (window), "dark-trays-review");
  catur_ui_test_close (window);

  /* A quiet counter under way; the result card before the colours are known. */
  window = window_with (dark (), DARK_TRAYS, 7);
  play (window, "a4a3 d1d2");
  save_shot (GTK_WIDGET (window), "dark-counter");
  catur_ui_test_close (window);
  window = window_with (dark (), NULL, 3);
  catur_game_resign (catur_window_get_game (window), CATUR_SIDE_FIRST);
  save_shot (GTK_WIDGET (window), "dark-result-seats");
  catur_ui_test_close (window);

  /* A new game for new players. */
  window = window_with (dark (), NULL, 5);
  g_settings_set_string (settings (), "level", "beginner");
  g_settings_set_string (settings (), "human-side", "second");
  g_settings_set_string (settings (), "mode", "computer");
  catur_ui_test_wait_until (computer_moved, window);
  g_settings_set_string (settings (), "human-side", "first");
  save_shot (GTK_WIDGET (window), "dark-new-players");
  close_window (window);

  /* The declaration in the menu; the wide notation in the move list. */
  window = window_with (sandbox (), SANDBOX_KINGS, 1);
  play (window, "e5e6 a6a5");
  shoot_menu (window, "sandbox-declare-menu");
  close_window (window);
  window = window_with (sandbox (), SANDBOX_PROMOTION, 1);
  activate (window, "win.notation", g_variant_new_string ("wide"));
  play (window, "b5a6r d6e5 a6a1 e5d4");
  game = catur_window_get_game (window);
  catur_game_set_view_ply (game, 1);
  save_shot (GTK_WIDGET (window), "sandbox-wide-notation");
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  const char *language = g_getenv ("CATUR_UI_TEST_LANGUAGE");

  catur_ui_test_isolate ();
  if (language != NULL)
    {
      g_setenv ("LANGUAGE", language, TRUE);
      bindtextdomain (GETTEXT_PACKAGE, CATUR_TEST_LOCALEDIR);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  gtk_test_init (&argc, &argv, NULL);
  /* gtk_test_init() sets a locale of its own; gettext reads LANGUAGE in C.UTF-8. */
  if (language != NULL)
    setlocale (LC_ALL, "C.UTF-8");
  adw_init ();

  /* The test games join the plugins the application loads. */
  testgame_add_plugin_path ();
  application = catur_ui_test_application ();

  if (language == NULL)
    {
      g_test_add_func ("/ui/sandbox/no-take-backs", test_no_take_backs);
      g_test_add_func ("/ui/sandbox/no-draw-offers", test_no_draw_offers);
      g_test_add_func ("/ui/sandbox/trays-and-counters", test_trays_and_counters);
      g_test_add_func ("/ui/sandbox/side-names", test_side_names);
      g_test_add_func ("/ui/sandbox/players-change-without-take-backs",
                       test_players_change_without_take_backs);
      g_test_add_func ("/ui/sandbox/declaration", test_declaration);
      g_test_add_func ("/ui/sandbox/long-notation", test_long_notation);
      g_test_add_func ("/ui/sandbox/move-time", test_move_time);
      g_test_add_func ("/ui/sandbox/game-clock", test_game_clock);
      g_test_add_func ("/ui/sandbox/no-move-time-against-computer",
                       test_no_move_time_against_computer);
    }
  g_test_add_func ("/ui/sandbox/screenshots", test_screenshots);

  return g_test_run ();
}
