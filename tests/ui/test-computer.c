/* test-computer.c: playing against the computer in the window: the players menu, every
 * level, hints, the thinking indicator, undo while the computer thinks; with the rest of the
 * shell: review while it thinks, a game put aside and brought back, the autosave
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game is Sandbox (tests/variant), whose computer searches on libcatur's driver as the real
 * games' do: the shell's part is tested whichever real games the build has.
 */
#include "catur-ui-test.h"
#include "testgame.h"

#include <errno.h>

/* The player's first move, White's Pawn c2–c3; a black Pawn; White's Rook in the corner. */
#define C2 SANDBOX ("c2")
#define C3 SANDBOX ("c3")
#define B5 SANDBOX ("b5")
#define F1 SANDBOX ("f1")

static CaturApplication *application;

static GSettings *
settings (void)
{
  return catur_application_get_settings (application);
}

/* Two players, as a new user finds the game. */
static void
reset_settings (void)
{
  g_settings_set_string (settings (), "game", "sandbox");
  g_settings_reset (settings (), "mode");
  g_settings_reset (settings (), "level");
  g_settings_reset (settings (), "human-side");
  g_settings_reset (settings (), "master-movetime");
}

static CaturWindow *
computer_window (CaturLevel level,
                 int        movetime)
{
  CaturWindow *window;

  reset_settings ();
  g_settings_set_int (settings (), "master-movetime", movetime);
  window = catur_ui_test_window (application);
  /* Through the application's actions, as the menu items do: the level once the computer
   * plays (before, the menu has it greyed out). */
  g_action_group_activate_action (G_ACTION_GROUP (application), "mode",
                                  g_variant_new_string ("computer"));
  g_action_group_activate_action (G_ACTION_GROUP (application), "level",
                                  g_variant_new_string (catur_level_to_id (level)));
  return window;
}

static gboolean
thinking (gpointer data)
{
  return catur_game_get_thinking (catur_window_get_game (data));
}

static gboolean
not_thinking (gpointer data)
{
  return !thinking (data);
}

static gboolean
searches_ended (gpointer data)
{
  return catur_game_get_n_searches (catur_window_get_game (data)) == 0;
}

static gboolean
game_searches_ended (gpointer data)
{
  return catur_game_get_n_searches (data) == 0;
}

static gboolean
hint_shown (gpointer data)
{
  return catur_board_view_get_hint (catur_window_get_board_view (data), NULL, NULL);
}

/* Waits (longer than the helper's five seconds: the master thinks for a while). */
static gboolean
wait_long (CaturUiTestCheck check,
           gpointer         data)
{
  for (int i = 0; i < 6; i++)
    if (catur_ui_test_wait_until (check, data))
      return TRUE;
  return FALSE;
}

/* Sandbox positions for a draw offer, White to move: Pawns locked file by file and Kings that
 * cannot reach them (level, but ten pieces left), and two lone Kings (a dead draw). */
#define LOCKED_TEXT "5k/p5/p1p1p1/P1P1P1/P5/5K w - - - 0 30"
#define KINGS_TEXT "k5/6/6/6/6/5K w - - - 0 30"
#define DECLINES "The computer declines: too much material is left to agree a draw"
#define ACCEPTS "The computer accepts the draw: neither side can win with the material left"

static gboolean
offer_draw_enabled (CaturWindow *window)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), "offer-draw");
}

/* A window against the computer (Black, master) showing a game from @text, in which the
 * person has played the King f1–e1 and the computer has answered. */
static CaturWindow *
draw_offer_window (const char *text)
{
  CaturWindow *window = computer_window (CATUR_LEVEL_MASTER, 500);
  g_autoptr(GError) error = NULL;
  CaturPosition *start = catur_variant_parse (testgame_variant ("sandbox"), text, &error);
  g_autoptr(CaturGame) game = NULL;

  g_assert_no_error (error);
  game = catur_game_new (testgame_variant ("sandbox"), start);
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_MASTER, 500);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (10);

  /* Nobody has moved: no draw yet (RULES T4). */
  g_assert_false (offer_draw_enabled (window));
  catur_ui_test_click (catur_window_get_board_view (window), F1);
  catur_ui_test_click (catur_window_get_board_view (window), SANDBOX ("e1"));
  g_assert_cmpuint (catur_game_get_n_plies (game), >=, 1);
  /* Not while the computer thinks about its move: it answers from the position it has. */
  if (catur_game_get_thinking (game))
    g_assert_false (offer_draw_enabled (window));
  g_assert_true (wait_long (not_thinking, window));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  catur_ui_test_iterate (10);
  return window;
}

/* Against the computer a draw may be offered, and the computer answers by its own judgement
 * (a search of the positions after its last moves, the material left), saying why. */
static void
test_draw_offer (void)
{
  CaturWindow *window = draw_offer_window (LOCKED_TEXT);
  CaturGame *game = catur_window_get_game (window);

  g_assert_true (offer_draw_enabled (window));
  g_assert_false (catur_ui_test_has_label (GTK_WIDGET (window), DECLINES));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL));
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_FIRST);
  g_assert_false (offer_draw_enabled (window));
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), DECLINES));
  g_assert_true (wait_long (searches_ended, window));
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_NONE);
  g_assert_false (catur_game_is_over (game));
  /* The game goes on, and the person may offer again. A new game started before the answer
   * puts this one aside: the computer still answers it, so that no offer is left standing
   * when it is brought back. */
  g_assert_true (offer_draw_enabled (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL));
  catur_window_new_game (window);
  g_assert_true (catur_window_get_game (window) != game);
  g_assert_true (wait_long (game_searches_ended, game));
  catur_ui_test_iterate (10);
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_NONE);
  g_assert_false (catur_game_is_over (game));
  catur_ui_test_close (window);

  window = draw_offer_window (KINGS_TEXT);
  game = catur_window_get_game (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL));
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), ACCEPTS));
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpstr (catur_reason_to_id (catur_game_get_outcome (game)->reason), ==, "agreement");
  g_assert_false (offer_draw_enabled (window));
  catur_ui_test_close (window);
  reset_settings ();
}

static void
test_players_menu (void)
{
  CaturWindow *window;
  GtkMenuButton *button;
  GMenuModel *menu;
  gboolean found_white = FALSE, found_black = FALSE;
  g_autoptr(GVariant) state = NULL;

  reset_settings ();
  window = catur_ui_test_window (application);
  button = GTK_MENU_BUTTON (catur_ui_test_child (window, "players_button"));
  /* The popover's radio buttons are made from this menu as it opens (test-at-board). */
  menu = G_MENU_MODEL (catur_ui_test_child (window, "players_menu"));

  /* Mode, level, side: each section's items carry their action. */
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      for (int j = 0; j < g_menu_model_get_n_items (section); j++)
        {
          g_autofree char *label = NULL;
          g_autofree char *action = NULL;

          g_assert_true (g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_ACTION,
                                                          "s", &action));
          g_assert_true (g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_LABEL,
                                                          "s", &label));
          g_assert_true (g_str_has_prefix (action, "app."));
          g_assert_true (g_action_group_has_action (G_ACTION_GROUP (application), action + 4));
          if (g_str_equal (label, "Play as White"))
            found_white = TRUE;
          if (g_str_equal (label, "Play as Black"))
            found_black = TRUE;
        }
    }
  g_assert_true (found_white && found_black);

  /* The actions are the settings. */
  state = g_action_group_get_action_state (G_ACTION_GROUP (application), "mode");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "two-players");
  /* Between two people the level and side are greyed out, as in the preferences. */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (application), "level"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (application),
                                                     "human-side"));
  g_settings_set_string (settings (), "level", "master");
  state = g_action_group_get_action_state (G_ACTION_GROUP (application), "level");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "master");

  /* Two players: no computer, and a fresh game takes a new mode at once. */
  g_assert_cmpint (catur_game_get_computer_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_NONE);
  g_action_group_activate_action (G_ACTION_GROUP (application), "mode",
                                  g_variant_new_string ("computer"));
  g_assert_cmpint (catur_game_get_computer_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_game_get_computer_level (catur_window_get_game (window)), ==,
                   CATUR_LEVEL_MASTER);
  g_assert_cmpstr (gtk_menu_button_get_icon_name (button), ==, "computer-symbolic");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (application), "level"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (application), "human-side"));
  g_action_group_activate_action (G_ACTION_GROUP (application), "level",
                                  g_variant_new_string ("beginner"));
  g_assert_cmpint (g_settings_get_enum (settings (), "level"), ==, CATUR_LEVEL_BEGINNER);

  catur_ui_test_close (window);
  reset_settings ();
}

static CaturTurnPanel *
turn_panel (CaturWindow *window)
{
  return CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
}

/* The turn panel says the hint @move in words: the piece, its squares, the move as the game
 * writes it ("Hint: Rook f1–e1 (Rf1-e1)", "Hint: Pawn dropped on 5e (P*5e)"). */
static void
check_hint_in_words (CaturWindow     *window,
                     const CaturMove *move)
{
  CaturGame *game = catur_window_get_game (window);
  CaturVariant *variant = catur_game_get_variant (game);
  const CaturPosition *position = catur_game_get_position (game);
  g_autofree char *notation = catur_variant_format_move (variant, position, move,
                                                         catur_game_get_notation (game));
  g_autofree char *name = NULL;
  g_autofree char *expected = NULL;
  char from[8], to[8];
  CaturPiece piece;

  catur_variant_square_name (variant, move->to, to);
  if (move->flags & CATUR_MOVE_DROP)
    {
      piece = (CaturPiece) { move->piece, catur_game_get_side_to_move (game), 0 };
      name = catur_variant_get_piece_name (variant, &piece);
      expected = g_strdup_printf ("Hint: %s dropped on %s (%s)", name, to, notation);
    }
  else
    {
      g_assert_true (catur_variant_piece_at (variant, position, move->from, &piece));
      name = catur_variant_get_piece_name (variant, &piece);
      catur_variant_square_name (variant, move->from, from);
      expected = g_strdup_printf ("Hint: %s %s–%s (%s)", name, from, to, notation);
    }
  g_test_message ("%s", catur_turn_panel_get_hint (turn_panel (window)));
  g_assert_cmpstr (catur_turn_panel_get_hint (turn_panel (window)), ==, expected);
  g_assert_true (catur_ui_test_has_label (GTK_WIDGET (turn_panel (window)), expected));
  catur_ui_test_screenshot ("hint-in-words");
}

/* A few moves at each level, one of them the hint's. */
static void
test_plays_each_level (void)
{
  for (CaturLevel level = CATUR_LEVEL_BEGINNER; level <= CATUR_LEVEL_MASTER; level++)
    {
      CaturWindow *window = computer_window (level, 500);
      CaturBoardView *view = catur_window_get_board_view (window);
      CaturGame *game = catur_window_get_game (window);

      g_assert_cmpint (catur_game_get_computer_level (game), ==, level);
      g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_SECOND);

      /* The player's move by clicks; the computer answers (the beginner at once). */
      catur_ui_test_click (view, C2);
      catur_ui_test_click (view, C3);
      g_assert_cmpuint (catur_game_get_n_plies (game), >=, 1);
      g_assert_true (wait_long (not_thinking, window));
      g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);

      /* The hint marks a legal move of the player's; playing it brings the reply. */
      for (int turn = 0; turn < 2 && !catur_game_is_over (game); turn++)
        {
          CaturSquare from, to;
          g_autoptr(GArray) candidates = NULL;
          CaturMove move;

          g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
          g_action_group_activate_action (G_ACTION_GROUP (window), "hint", NULL);
          g_assert_true (wait_long (hint_shown, window));
          g_assert_true (catur_board_view_get_hint (view, &from, &to));
          /* The move the two squares stand for (the King onto e1 castles). */
          candidates = catur_variant_input_moves (catur_game_get_variant (game),
                                                  catur_game_get_position (game), from, to);
          g_assert_cmpuint (candidates->len, >=, 1);
          move = g_array_index (candidates, CaturMove, 0);
          g_assert_true (catur_variant_is_legal (catur_game_get_variant (game),
                                                 catur_game_get_position (game), &move));
          check_hint_in_words (window, &move);
          catur_ui_test_click (view, from);
          catur_ui_test_click (view, to);
          g_assert_cmpuint (catur_game_get_n_plies (game), >=, 3 + 2 * turn);
          g_assert_true (wait_long (not_thinking, window));
          g_assert_cmpuint (catur_game_get_n_plies (game), ==, 4 + 2 * turn);
          /* The hint went with the position it was for, its words too. */
          g_assert_false (catur_board_view_get_hint (view, NULL, NULL));
          g_assert_null (catur_turn_panel_get_hint (turn_panel (window)));
        }
      g_test_message ("%s: %u plies", catur_level_to_id (level), catur_game_get_n_plies (game));
      catur_ui_test_close (window);
    }
  reset_settings ();
}

typedef struct
{
  CaturGame *game;
  guint ticks;
} Ticks;

static gboolean
count_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       data)
{
  Ticks *ticks = data;

  if (catur_game_get_thinking (ticks->game))
    ticks->ticks++;
  return G_SOURCE_CONTINUE;
}

/* The board keeps drawing frames while the master thinks, the spinner spins, the turn panel
 * says so, and the board ignores the player's clicks. */
static void
test_keeps_drawing_while_thinking (void)
{
  CaturWindow *window = computer_window (CATUR_LEVEL_MASTER, 1000);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  CaturTurnPanel *panel = CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
  GtkWidget *spinner = GTK_WIDGET (catur_ui_test_child (window, "thinking_spinner"));
  Ticks ticks = { game, 0 };
  guint id;

  g_assert_false (gtk_widget_get_visible (spinner));
  id = gtk_widget_add_tick_callback (GTK_WIDGET (view), count_tick, &ticks, NULL);
  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_assert_true (catur_game_get_thinking (game));
  g_assert_true (gtk_widget_get_visible (spinner));
  g_assert_true (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));
  g_assert_cmpstr (catur_turn_panel_get_state (panel), ==, "Computer is thinking…");
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));

  /* A black Pawn: not the player's to move while the computer thinks. */
  catur_ui_test_click (view, B5);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);

  g_assert_true (wait_long (not_thinking, window));
  gtk_widget_remove_tick_callback (GTK_WIDGET (view), id);
  g_test_message ("%u frames while the master thought", ticks.ticks);
  /* A second of thinking: had it blocked the main thread, not one frame. */
  g_assert_cmpuint (ticks.ticks, >=, 5);
  g_assert_false (gtk_widget_get_visible (spinner));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_cmpstr (catur_turn_panel_get_state (panel), !=, "Computer is thinking…");

  catur_ui_test_close (window);
  reset_settings ();
}

/* Undo while the computer thinks: the search is cancelled at once and its move never
 * comes; undo after its reply takes back both moves. */
static void
test_undo_while_thinking (void)
{
  /* The longest time a move may take: the test ends long before unless cancelled. */
  CaturWindow *window = computer_window (CATUR_LEVEL_MASTER, 30000);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);

  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_assert_true (catur_game_get_thinking (game));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_false (catur_game_get_thinking (game));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_true (catur_ui_test_wait_until (searches_ended, window));
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  catur_ui_test_close (window);

  /* With a reply on the board, undo takes back two plies, without asking. */
  window = computer_window (CATUR_LEVEL_BEGINNER, 500);
  view = catur_window_get_board_view (window);
  game = catur_window_get_game (window);
  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_assert_true (wait_long (not_thinking, window));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_false (catur_game_get_thinking (game));

  catur_ui_test_close (window);
  reset_settings ();
}

/* Closing the window (as quitting does) stops the computer at once, even while someone else
 * still holds the game. */
static void
test_close_while_thinking (void)
{
  CaturWindow *window = computer_window (CATUR_LEVEL_MASTER, 30000);
  CaturBoardView *view = catur_window_get_board_view (window);
  g_autoptr(CaturGame) game = g_object_ref (catur_window_get_game (window));

  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_assert_true (catur_game_get_thinking (game));
  catur_ui_test_close (window);
  g_assert_false (catur_game_get_thinking (game));
  g_assert_true (catur_ui_test_wait_until (game_searches_ended, game));
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  reset_settings ();
}

/* Playing the second side: the computer opens at once, and the board turns round. */
static void
test_play_second (void)
{
  CaturWindow *window = computer_window (CATUR_LEVEL_BEGINNER, 500);
  CaturGame *game = catur_window_get_game (window);

  g_assert_false (catur_board_view_get_flipped (catur_window_get_board_view (window)));
  g_action_group_activate_action (G_ACTION_GROUP (application), "human-side",
                                  g_variant_new_string ("second"));
  g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_FIRST);
  g_assert_true (catur_board_view_get_flipped (catur_window_get_board_view (window)));
  g_assert_true (wait_long (not_thinking, window));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);

  /* Still fresh: a change of level starts it over with the new level. */
  g_action_group_activate_action (G_ACTION_GROUP (application), "level",
                                  g_variant_new_string ("intermediate"));
  g_assert_cmpint (catur_game_get_computer_level (game), ==, CATUR_LEVEL_INTERMEDIATE);
  g_assert_true (wait_long (not_thinking, window));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  catur_ui_test_close (window);
  reset_settings ();
}

/* A change of players during a game waits for the next one, and its toast says what
 * changes: the level, the side or the opponent; with two people at the board, the computer's
 * level and side change nothing now, and nothing is said. */
static void
test_change_during_a_game (void)
{
  CaturWindow *window = computer_window (CATUR_LEVEL_BEGINNER, 500);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  GtkWidget *widget = GTK_WIDGET (window);

  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_assert_true (wait_long (not_thinking, window));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);

  g_action_group_activate_action (G_ACTION_GROUP (application), "level",
                                  g_variant_new_string ("master"));
  g_assert_true (catur_ui_test_wait_for_label (widget, "The new level starts with the next game"));
  g_assert_false (catur_ui_test_has_label (widget, "The new players take over in the next game"));
  g_assert_cmpint (catur_game_get_computer_level (game), ==, CATUR_LEVEL_BEGINNER);

  g_action_group_activate_action (G_ACTION_GROUP (application), "human-side",
                                  g_variant_new_string ("second"));
  g_assert_true (catur_ui_test_wait_for_label (widget, "You change sides with the next game"));
  g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_SECOND);

  g_action_group_activate_action (G_ACTION_GROUP (application), "mode",
                                  g_variant_new_string ("two-players"));
  g_assert_true (catur_ui_test_wait_for_label (widget,
                                               "The new opponent starts with the next game"));
  g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_SECOND);
  catur_ui_test_close (window);

  /* Two people: the computer's level is for later, and no toast speaks of it. */
  reset_settings ();
  window = catur_ui_test_window (application);
  widget = GTK_WIDGET (window);
  view = catur_window_get_board_view (window);
  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_settings_set_string (settings (), "level", "master");
  catur_ui_test_iterate (300);
  g_assert_false (catur_ui_test_has_label (widget, "The new level starts with the next game"));
  g_assert_cmpint (catur_game_get_computer_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_NONE);

  catur_ui_test_close (window);
  reset_settings ();
}

/* Looking back while the computer thinks: its move comes, the view stays where the player
 * looks, and the board takes no click until the player comes back to the last position. */
static void
test_review_while_thinking (void)
{
  CaturWindow *window = computer_window (CATUR_LEVEL_MASTER, 500);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);

  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_assert_true (catur_game_get_thinking (game));
  g_action_group_activate_action (G_ACTION_GROUP (window), "review-first", NULL);
  g_assert_true (catur_game_is_reviewing (game));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));

  g_assert_true (wait_long (not_thinking, window));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 0);
  /* The player's turn, but an earlier position: no hint, no selection. */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
  catur_ui_test_click (view, F1);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);

  g_action_group_activate_action (G_ACTION_GROUP (window), "review-last", NULL);
  g_assert_false (catur_game_is_reviewing (game));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
  catur_ui_test_click (view, F1);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, F1);

  catur_ui_test_close (window);
  reset_settings ();
}

/* A new game puts the one it replaces aside: the computer's search of that game stops at once
 * and nothing is played into the new one; brought back, it thinks again. */
static void
test_game_put_aside (void)
{
  CaturWindow *window = computer_window (CATUR_LEVEL_MASTER, 30000);
  CaturBoardView *view = catur_window_get_board_view (window);
  g_autoptr(CaturGame) old = g_object_ref (catur_window_get_game (window));
  CaturGame *game;

  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_assert_true (catur_game_get_thinking (old));

  catur_window_new_game (window);
  game = catur_window_get_game (window);
  g_assert_true (game != old);
  g_assert_false (catur_game_get_thinking (old));
  g_assert_true (catur_game_get_paused (old));
  g_assert_true (catur_ui_test_wait_until (game_searches_ended, old));
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (old), ==, 1);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_SECOND);

  /* The toast's Undo brings the old game back, and the computer thinks about it again. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "restore-game"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "restore-game", NULL);
  g_assert_true (catur_window_get_game (window) == old);
  g_assert_false (catur_game_get_paused (old));
  g_assert_true (catur_game_get_thinking (old));

  /* Undo, not thirty seconds. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_false (catur_game_get_thinking (old));
  g_assert_cmpuint (catur_game_get_n_plies (old), ==, 0);
  g_assert_true (catur_ui_test_wait_until (searches_ended, window));

  /* The dismissed toast's fade (300 ms) ends before the window goes: libadwaita 1.2 frees a
   * toast still fading twice when its overlay is disposed (adw_animation_skip). */
  catur_ui_test_iterate (400);
  catur_ui_test_close (window);
  reset_settings ();
}

/* The autosave keeps the game's own players, not a later change of the settings; a resumed
 * game against the computer puts them back and the computer thinks at once on its move. */
static void
test_resume_against_computer (void)
{
  CaturWindow *window = computer_window (CATUR_LEVEL_MASTER, 30000);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  g_autoptr(CaturAutosave) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *mode = NULL;
  g_autofree char *level = NULL;
  gpointer weak;

  catur_ui_test_click (view, C2);
  catur_ui_test_click (view, C3);
  g_assert_true (catur_game_get_thinking (game));
  /* Not a fresh game: the new level is for the next one. */
  g_settings_set_string (settings (), "level", "beginner");
  g_assert_cmpint (catur_game_get_computer_level (game), ==, CATUR_LEVEL_MASTER);
  g_assert_true (catur_game_get_thinking (game));

  saved = catur_autosave_load ("sandbox", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (saved->mode, ==, "computer");
  g_assert_cmpstr (saved->level, ==, "master");
  g_assert_cmpstr (saved->side, ==, "first");
  g_assert_cmpuint (g_strv_length (saved->moves), ==, 1);

  /* Closed while the computer thinks; meanwhile the settings say two players. The closed
   * window is gone: it would otherwise hand the new settings to its game, and save it. */
  weak = window;
  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  catur_ui_test_close (window);
  g_assert_null (weak);
  g_settings_set_string (settings (), "mode", "two-players");

  window = catur_window_new (application);
  gtk_window_present (GTK_WINDOW (window));
  game = catur_window_get_game (window);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  mode = g_settings_get_string (settings (), "mode");
  level = g_settings_get_string (settings (), "level");
  g_assert_cmpstr (mode, ==, "computer");
  g_assert_cmpstr (level, ==, "master");
  g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_game_get_computer_level (game), ==, CATUR_LEVEL_MASTER);
  g_assert_cmpint (catur_game_get_undo_policy (game), ==, CATUR_UNDO_POLICY_FREE);
  g_assert_true (catur_game_get_thinking (game));

  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_true (catur_ui_test_wait_until (searches_ended, window));
  catur_ui_test_close (window);
  reset_settings ();
}

/* The autosave of the Sandbox game, as written last. */
static CaturAutosave *
load_autosave (void)
{
  g_autoptr(GError) error = NULL;
  CaturAutosave *saved = catur_autosave_load ("sandbox", &error);

  g_assert_no_error (error);
  g_assert_nonnull (saved);
  return saved;
}

/* A change of players in a fresh game (two players or the computer, its level, the person's
 * side) takes over the game at once, and the autosave written after it carries it: a restart
 * then resumes with the players chosen. */
static void
test_players_autosaved (void)
{
  g_autofree char *path = catur_autosave_get_path ("sandbox");
  CaturWindow *window;
  CaturAutosave *saved;

  reset_settings ();
  window = catur_ui_test_window (application);
  /* Only what the changes below write counts. */
  g_assert_true (g_unlink (path) == 0 || errno == ENOENT);

  g_action_group_activate_action (G_ACTION_GROUP (application), "mode",
                                  g_variant_new_string ("computer"));
  saved = load_autosave ();
  g_assert_cmpstr (saved->mode, ==, "computer");
  g_assert_cmpstr (saved->level, ==, "intermediate");
  g_assert_cmpstr (saved->side, ==, "first");
  catur_autosave_free (saved);

  g_action_group_activate_action (G_ACTION_GROUP (application), "level",
                                  g_variant_new_string ("beginner"));
  g_assert_cmpint (catur_game_get_computer_level (catur_window_get_game (window)), ==,
                   CATUR_LEVEL_BEGINNER);
  saved = load_autosave ();
  g_assert_cmpstr (saved->level, ==, "beginner");
  catur_autosave_free (saved);

  /* The computer takes the first side and opens the game. */
  g_action_group_activate_action (G_ACTION_GROUP (application), "human-side",
                                  g_variant_new_string ("second"));
  g_assert_true (wait_long (not_thinking, window));
  saved = load_autosave ();
  g_assert_cmpstr (saved->side, ==, "second");
  g_assert_cmpuint (g_strv_length (saved->moves), ==, 1);
  catur_autosave_free (saved);

  /* Two people: the computer's opening move goes, and nobody's side is kept. */
  g_action_group_activate_action (G_ACTION_GROUP (application), "mode",
                                  g_variant_new_string ("two-players"));
  saved = load_autosave ();
  g_assert_cmpstr (saved->mode, ==, "two-players");
  g_assert_null (saved->side);
  g_assert_cmpuint (g_strv_length (saved->moves), ==, 0);
  catur_autosave_free (saved);

  catur_ui_test_close (window);
  reset_settings ();
}

static void add_tests (void);

int
main (int   argc,
      char *argv[])
{
  int status;

  catur_ui_test_isolate ();
  testgame_add_plugin_path ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
  add_tests ();

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}

static void
add_tests (void)
{
  g_test_add_func ("/ui/computer/players-menu", test_players_menu);
  g_test_add_func ("/ui/computer/plays-each-level", test_plays_each_level);
  g_test_add_func ("/ui/computer/keeps-drawing", test_keeps_drawing_while_thinking);
  g_test_add_func ("/ui/computer/undo-while-thinking", test_undo_while_thinking);
  g_test_add_func ("/ui/computer/close-while-thinking", test_close_while_thinking);
  g_test_add_func ("/ui/computer/play-second", test_play_second);
  g_test_add_func ("/ui/computer/change-during-a-game", test_change_during_a_game);
  g_test_add_func ("/ui/computer/review-while-thinking", test_review_while_thinking);
  g_test_add_func ("/ui/computer/game-put-aside", test_game_put_aside);
  g_test_add_func ("/ui/computer/resume", test_resume_against_computer);
  g_test_add_func ("/ui/computer/draw-offer", test_draw_offer);
  g_test_add_func ("/ui/computer/players-autosaved", test_players_autosaved);
}
