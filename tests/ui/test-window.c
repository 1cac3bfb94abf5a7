/* test-window.c: the main window, played with clicks and keys
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game is Sandbox (tests/variant), a 6 × 6 chess with White below: the shell's window is
 * tested whichever real games the build has.
 */
#include "catur-ui-test.h"
#include "catur-clock-face.h"
#include "testgame.h"

/* White's opening move, the Rook from the corner: Rf1-e1. It stands right of the board's
 * middle on White's side, so that a flipped board shows it up and to the left. */
#define F1 SANDBOX ("f1")
#define E1 SANDBOX ("e1")
/* Black's Rook in its corner, behind its Pawn on f5; a Black Pawn free to move. */
#define F6 SANDBOX ("f6")
#define F4 SANDBOX ("f4")
#define E4 SANDBOX ("e4")
#define E5 SANDBOX ("e5")
/* A square empty from the start. */
#define D4 SANDBOX ("d4")

/* A lone Black King on d6; White's King on c1 and a Rook on a1, which checks from a6. */
#define LONE_KING "3k2/6/6/6/6/R1K3 w - - - 0 0"

static CaturApplication *application;

static CaturVariant *
sandbox (void)
{
  return testgame_variant ("sandbox");
}

/* A new window, on a new game of Sandbox: the game setting chooses the window's game. */
static CaturWindow *
sandbox_window (void)
{
  g_settings_set_string (catur_application_get_settings (application), "game", "sandbox");
  return catur_ui_test_window (application);
}

/* The window playing a new game of Sandbox from @text. */
static CaturGame *
set_position (CaturWindow *window,
              const char  *text)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (sandbox (), text, &error);
  CaturGame *game;

  g_assert_no_error (error);
  game = catur_game_new (sandbox (), position);
  catur_window_set_game (window, game);
  return game;
}

static GtkWidget *
history_list (CaturWindow *window)
{
  return catur_history_view_get_list (CATUR_HISTORY_VIEW (catur_ui_test_child (window,
                                                                               "history_view")));
}

static void
test_window_lists_games (void)
{
  CaturWindow *window = sandbox_window ();
  GMenuModel *menu = catur_window_get_game_menu (window);
  GMenuModel *section;
  GPtrArray *variants = catur_plugins_get_variants ();
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);

  /* The games, Set Up Position… for the game shown, then "Learn to Play" it
   * (catur-window-setup.c, catur-window-lessons.c). */
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 3);
  {
    g_autoptr(GMenuModel) setup = g_menu_model_get_item_link (menu, 1, G_MENU_LINK_SECTION);
    g_autoptr(GMenuModel) learn = g_menu_model_get_item_link (menu, 2, G_MENU_LINK_SECTION);
    g_autofree char *setup_action = NULL;
    g_autofree char *action = NULL;

    g_assert_true (g_menu_model_get_item_attribute (setup, 0, G_MENU_ATTRIBUTE_ACTION, "s",
                                                    &setup_action));
    g_assert_cmpstr (setup_action, ==, "win.set-up-position");
    g_assert_true (g_menu_model_get_item_attribute (learn, 0, G_MENU_ATTRIBUTE_ACTION, "s",
                                                    &action));
    g_assert_cmpstr (action, ==, "win.learn");
  }
  section = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);
  g_assert_nonnull (section);
  /* Every loaded game, the real ones and the test games alike, once each by its name. */
  g_assert_cmpint (g_menu_model_get_n_items (section), ==, variants->len);

  for (int i = 0; i < g_menu_model_get_n_items (section); i++)
    {
      g_autofree char *label = NULL;
      g_autofree char *action = NULL;
      g_autoptr(GVariant) target = NULL;
      CaturVariant *variant;

      g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s",
                                                      &label));
      g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s",
                                                      &action));
      target = g_menu_model_get_item_attribute_value (section, i, G_MENU_ATTRIBUTE_TARGET,
                                                      G_VARIANT_TYPE_STRING);
      g_assert_cmpstr (action, ==, "win.game");
      g_assert_nonnull (target);
      variant = catur_plugins_find_variant (g_variant_get_string (target, NULL));
      g_assert_nonnull (variant);
      g_assert_cmpstr (label, ==, catur_variant_get_name (variant));
      g_assert_true (g_hash_table_add (listed, (gpointer) catur_variant_get_id (variant)));
    }
  for (guint i = 0; i < variants->len; i++)
    g_assert_true (g_hash_table_contains (listed,
                                          catur_variant_get_id (g_ptr_array_index (variants, i))));
  g_assert_true (g_hash_table_contains (listed, "sandbox"));
  g_object_unref (section);

  /* The switcher shows the game being played, and its action knows it. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (catur_ui_test_child (window, "game_label"))), ==,
                   catur_variant_get_name (sandbox ()));
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "game");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "sandbox");
  g_assert_true (catur_game_get_variant (catur_window_get_game (window)) == sandbox ());

  /* No plugin failed: no failure bar. */
  g_assert_false (catur_ui_test_revealed (window, "failure_revealer"));

  catur_ui_test_close (window);
}

/* Counts the items of @menu, its sections' and submenus' (not their items), and checks
 * none has @action. */
static int
count_menu_items (GMenuModel   *menu,
                  GActionGroup *actions,
                  const char   *action)
{
  int count = 0;

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autofree char *item_action = NULL;
      g_autofree char *hidden_when = NULL;

      if (section != NULL)
        {
          count += count_menu_items (section, actions, action);
          continue;
        }
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action))
        {
          g_assert_cmpstr (item_action, !=, action);
          /* An item that hides while its action is missing is not shown (Offer a Draw and No
           * Draw Offers: only one of them is there). */
          if (g_str_has_prefix (item_action, "win.")
              && g_menu_model_get_item_attribute (menu, i, "hidden-when", "s", &hidden_when)
              && g_str_equal (hidden_when, "action-missing")
              && !g_action_group_has_action (actions, item_action + strlen ("win.")))
            continue;
        }
      count++;
    }
  return count;
}

static gboolean
has_menu_action (GMenuModel *menu,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autofree char *item_action = NULL;

      if (section != NULL && has_menu_action (section, action))
        return TRUE;
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action)
          && g_str_equal (item_action, action))
        return TRUE;
    }
  return FALSE;
}

/* The main menu as the GNOME HIG has it: no Quit, the board's toggles in the preferences,
 * about ten entries (twelve with Play by Keyboard, for a player without a pointer); Save and
 * Save As… both. */
static void
test_window_primary_menu (void)
{
  CaturWindow *window = sandbox_window ();
  GMenuModel *menu = catur_ui_test_open_menu (window, "menu_button");
  static const char * const gone[] = {
    "app.quit", "win.show-legal-moves", "app.piece-letters", "app.table-mode",
  };

  for (guint i = 0; i < G_N_ELEMENTS (gone); i++)
    g_assert_false (has_menu_action (menu, gone[i]));
  g_assert_true (has_menu_action (menu, "win.save"));
  g_assert_true (has_menu_action (menu, "win.save-as"));
  g_assert_true (has_menu_action (menu, "app.preferences"));
  g_assert_true (has_menu_action (menu, "app.about"));
  g_assert_cmpint (count_menu_items (menu, G_ACTION_GROUP (window), "app.quit"), <=, 12);
  if (g_getenv ("CATUR_TEST_SCREENSHOTS") != NULL)
    {
      GtkMenuButton *button = GTK_MENU_BUTTON (catur_ui_test_child (window, "menu_button"));

      gtk_menu_button_popup (button);
      catur_ui_test_screenshot ("primary-menu");
      gtk_menu_button_popdown (button);
      catur_ui_test_iterate (50);
    }

  catur_ui_test_close (window);
}

/* The game switcher names the game at the default width; in the narrowest window it shows the
 * game's icon, and its tooltip names the game. */
static void
test_window_narrow_switcher (void)
{
  CaturWindow *window = sandbox_window ();
  GtkWidget *label = GTK_WIDGET (catur_ui_test_child (window, "game_label"));
  AdwSqueezer *squeezer = ADW_SQUEEZER (gtk_widget_get_ancestor (label, ADW_TYPE_SQUEEZER));
  GtkWidget *icon = GTK_WIDGET (catur_ui_test_child (window, "game_icon"));
  GtkWidget *button = GTK_WIDGET (catur_ui_test_child (window, "game_button"));

  catur_ui_test_iterate (100);
  g_assert_true (adw_squeezer_get_visible_child (squeezer) == label);
  g_assert_false (catur_ui_test_cut_short (button));

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 600);
  catur_ui_test_iterate (400);
  g_test_message ("window %d px wide", gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_true (adw_squeezer_get_visible_child (squeezer) == icon);
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (icon)), ==,
                   catur_variant_get_icon_name (sandbox ()));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button),
                            catur_variant_get_name (sandbox ())));
  g_assert_false (catur_ui_test_cut_short (button));
  catur_ui_test_screenshot ("narrow-switcher");

  catur_ui_test_close (window);
}

/* The layout rule (docs/layout.md): in a window about as wide as high (800 × 700) the sidebar
 * folds away rather than take a third of the board, the plates by the board say whose turn it
 * is, and the board's ranks fill most of the height; in a wide window the sidebar stands
 * beside a board as tall. */
static void
test_window_layout_rule (void)
{
  CaturWindow *window = sandbox_window ();
  AdwFlap *flap = ADW_FLAP (catur_ui_test_child (window, "flap"));
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturClockFace *top = CATUR_CLOCK_FACE (catur_ui_test_child (window, "top_clock"));
  CaturClockFace *bottom = CATUR_CLOCK_FACE (catur_ui_test_child (window, "bottom_clock"));
  const CaturBoardLayout *layout;
  double folded_cell;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 700);
  catur_ui_test_iterate (400);
  g_test_message ("window %d × %d px", gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_true (adw_flap_get_folded (flap));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (top)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bottom)));
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_first_child (GTK_WIDGET (bottom)),
                                           "running"));
  layout = catur_board_view_get_layout (view);
  folded_cell = layout->cell;
  g_test_message ("cell %.0f px, board %.0f px high", layout->cell,
                  layout->cell * layout->ranks);
  /* The ranks and a cell of frame fill at least 70 % of the window's height (with the sidebar
   * beside it, the board was a quarter smaller at this size). */
  g_assert_cmpfloat (layout->cell * (layout->ranks + 1), >=,
                     gtk_widget_get_height (GTK_WIDGET (window)) * 0.7);
  catur_ui_test_screenshot ("layout-800x700");

  /* The sidebar brought over the board goes away when another game is shown. */
  adw_flap_set_reveal_flap (flap, TRUE);
  catur_ui_test_iterate (50);
  {
    g_autoptr(CaturGame) other = catur_game_new (sandbox (), NULL);

    catur_window_set_game (window, other);
    catur_ui_test_iterate (50);
    g_assert_false (adw_flap_get_reveal_flap (flap));
  }

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 800);
  catur_ui_test_iterate (400);
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (top)));
  layout = catur_board_view_get_layout (view);
  g_assert_cmpfloat (layout->cell, >=, folded_cell);

  catur_ui_test_close (window);
}

/* White's first move by two clicks: Rf1-e1. */
static void
play_rook (CaturWindow *window)
{
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);

  catur_ui_test_click (view, F1);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, F1);
  g_assert_null (catur_board_view_get_explanation (view));
  catur_ui_test_click (view, E1);

  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);
}

static void
test_window_click_to_play (void)
{
  CaturWindow *window = sandbox_window ();
  CaturTurnPanel *panel = CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));

  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==,
                   catur_variant_get_side_name (sandbox (), NULL, CATUR_SIDE_FIRST));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  play_rook (window);

  /* The history lists the move in the game's notation (Sandbox's long one, not coordinates). */
  g_assert_true (catur_ui_test_wait_for_label (history_list (window), "Rf1-e1"));
  g_assert_true (catur_ui_test_wait_for_label (history_list (window), "1."));
  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==,
                   catur_variant_get_side_name (sandbox (), NULL, CATUR_SIDE_SECOND));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  catur_ui_test_close (window);
}

static void
test_window_explains_illegal_clicks (void)
{
  CaturWindow *window = sandbox_window ();
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  GtkLabel *label = GTK_LABEL (catur_ui_test_child (window, "explanation_label"));
  GtkRevealer *shown = GTK_REVEALER (catur_ui_test_child (window, "explanation_revealer"));
  g_autofree char *empty = NULL;
  const char *text;

  play_rook (window);
  g_assert_false (gtk_revealer_get_reveal_child (shown));

  /* Black's Rook on f6 cannot go aslant to e4. */
  catur_ui_test_click (view, F6);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, F6);
  catur_ui_test_click (view, E4);
  text = gtk_label_get_text (label);
  g_test_message ("f6-e4: %s", text);
  g_assert_nonnull (text);
  g_assert_cmpstr (text, !=, "");
  g_assert_cmpstr (text, ==, catur_board_view_get_explanation (view));
  g_assert_true (gtk_revealer_get_reveal_child (shown));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);

  /* Nor to f4: its Pawn on f5 is in the way, and the sentence names the square. */
  catur_ui_test_click (view, F4);
  text = gtk_label_get_text (label);
  g_test_message ("f6-f4: %s", text);
  g_assert_nonnull (strstr (text, "f5"));
  g_assert_true (gtk_revealer_get_reveal_child (shown));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, F6);

  /* Picking up another piece is a legal action: the explanation goes. */
  catur_ui_test_click (view, E5);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, E5);
  g_assert_null (catur_board_view_get_explanation (view));
  g_assert_false (gtk_revealer_get_reveal_child (shown));

  /* A click on an empty point with nothing selected explains too, naming it. */
  catur_board_view_cancel_selection (view);
  catur_ui_test_click (view, D4);
  text = gtk_label_get_text (label);
  g_test_message ("d4: %s", text);
  g_assert_true (gtk_revealer_get_reveal_child (shown));
  g_assert_nonnull (strstr (text, "d4"));
  g_assert_cmpstr (text, ==, catur_board_view_get_explanation (view));
  g_assert_cmpint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);

  /* So does a click on the opponent's piece, the Rook White has just moved. */
  empty = g_strdup (text);
  catur_ui_test_click (view, E1);
  text = gtk_label_get_text (label);
  g_test_message ("e1: %s", text);
  g_assert_true (gtk_revealer_get_reveal_child (shown));
  g_assert_cmpstr (text, !=, empty);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  /* Escape takes the explanation away. */
  g_assert_true (catur_board_view_key_press (view, GDK_KEY_Escape, 0));
  g_assert_false (gtk_revealer_get_reveal_child (shown));

  catur_ui_test_close (window);
}

static void
test_window_undo (void)
{
  CaturWindow *window = sandbox_window ();
  CaturGame *game = catur_window_get_game (window);
  CaturHistoryView *history = CATUR_HISTORY_VIEW (catur_ui_test_child (window, "history_view"));
  CaturTurnPanel *panel = CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));

  play_rook (window);
  g_assert_cmpuint (g_list_model_get_n_items (catur_history_view_get_model (history)), ==, 1);

  /* Black, to move, has no move of its own: White asks for its move, and Black allows it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  catur_ui_test_answer ("Black", "White asks to take back a move. Allow?", "allow");

  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (catur_history_view_get_model (history)), ==, 0);
  g_assert_false (catur_ui_test_has_label (history_list (window), "Rf1-e1"));
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_FIRST);
  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==,
                   catur_variant_get_side_name (sandbox (), NULL, CATUR_SIDE_FIRST));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  catur_ui_test_close (window);
}

static void
press (CaturBoardView *view,
       guint           keyval,
       guint           times)
{
  for (guint i = 0; i < times; i++)
    g_assert_true (catur_board_view_key_press (view, keyval, 0));
  catur_ui_test_iterate (5);
}

/* Moves the keyboard cursor to @square with the arrows, as seen on screen. */
static void
walk_to (CaturBoardView *view,
         CaturSquare     square)
{
  CaturSquare cursor = catur_board_view_get_cursor (view);
  gboolean flipped = catur_board_view_get_flipped (view);
  int files = catur_board_view_get_layout (view)->files;
  int dx = square % files - cursor % files;
  int dy = square / files - cursor / files;

  if (flipped)
    {
      dx = -dx;
      dy = -dy;
    }
  press (view, dx > 0 ? GDK_KEY_Right : GDK_KEY_Left, ABS (dx));
  press (view, dy > 0 ? GDK_KEY_Up : GDK_KEY_Down, ABS (dy));
  g_assert_cmpint (catur_board_view_get_cursor (view), ==, square);
}

static void
test_window_keyboard (void)
{
  CaturWindow *window = sandbox_window ();
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  g_autofree char *white_rook = NULL;
  g_autofree char *rook = NULL;
  CaturPiece piece;
  CaturSquare start;

  gtk_widget_grab_focus (GTK_WIDGET (view));

  /* The cursor starts at the middle of White's back rank (d1 of six files, empty), shown as
   * soon as the board has the focus: the first key moves it. */
  start = catur_board_view_get_cursor (view);
  g_assert_cmpint (start, ==, SANDBOX ("d1"));
  g_assert_true (g_str_has_prefix (catur_board_view_get_accessible_label (view), "d1, "));
  press (view, GDK_KEY_Left, 1);
  g_assert_cmpint (catur_board_view_get_cursor (view), ==, start - 1);
  press (view, GDK_KEY_Right, 1);
  g_assert_cmpint (catur_board_view_get_cursor (view), ==, start);

  /* The cursor stays on the board where nothing lies past its edge: at this size Sandbox's
   * hands lie below and above the board (the arrows go into them), nothing at its left. */
  g_assert_false (catur_board_view_get_hands_beside (view));
  press (view, GDK_KEY_Left, catur_board_view_get_layout (view)->files);
  g_assert_cmpint (catur_board_view_get_cursor (view), ==, SANDBOX ("a1"));

  walk_to (view, F1);
  g_assert_true (catur_variant_piece_at (sandbox (), catur_game_get_position (game), F1, &piece));
  rook = catur_variant_get_piece_name (sandbox (), &piece);
  white_rook = g_strdup_printf ("f1, %s %s",
                                catur_variant_get_side_name (sandbox (), NULL, CATUR_SIDE_FIRST),
                                rook);
  g_assert_cmpstr (catur_board_view_get_accessible_label (view), ==, white_rook);
  press (view, GDK_KEY_Return, 1);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, F1);

  /* Escape puts it back; Space picks it up again. */
  press (view, GDK_KEY_Escape, 1);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);
  press (view, GDK_KEY_space, 1);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, F1);

  walk_to (view, E1);
  press (view, GDK_KEY_Return, 1);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_true (catur_ui_test_wait_for_label (history_list (window), "Rf1-e1"));
  g_assert_true (g_str_has_prefix (catur_board_view_get_accessible_label (view), "e1, "));

  /* Keys with Control are the window's, not the board's. */
  g_assert_false (catur_board_view_key_press (view, GDK_KEY_z, GDK_CONTROL_MASK));

  catur_ui_test_close (window);
}

#ifdef GDK_WINDOWING_X11
typedef struct
{
  CaturBoardView *view;
  CaturSquare square;
} Expected;

static gboolean
selected_is (gpointer data)
{
  Expected *expected = data;

  return catur_board_view_get_selected (expected->view) == expected->square;
}

static gboolean
cursor_is (gpointer data)
{
  Expected *expected = data;

  return catur_board_view_get_cursor (expected->view) == expected->square;
}

static gboolean
plies_are_two (gpointer data)
{
  return catur_game_get_n_plies (data) == 2;
}

static gboolean
plies_are_one (gpointer data)
{
  return catur_game_get_n_plies (data) == 1;
}
#endif

/* The in-process tests call the board's click and key functions; this one goes through the
 * board's real controllers, with events the X server sends (xdotool under Xvfb), so that a
 * board whose gesture or key controller is no longer connected fails here too, on a machine
 * without an accessibility bus. White plays c2-c3 with two clicks, Black b5-b4 with keys. */
static void
test_window_real_events (void)
{
#ifdef GDK_WINDOWING_X11
  CaturWindow *window;
  CaturBoardView *view;
  CaturGame *game;
  Expected expected;
  GtkWidget *focus;
  int step;

  if (!catur_ui_test_can_send_events ())
    return;

  window = sandbox_window ();
  view = catur_window_get_board_view (window);
  game = catur_window_get_game (window);
  expected.view = view;
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));

  catur_ui_test_x_click (window, view, SANDBOX ("c2"));
  expected.square = SANDBOX ("c2");
  g_assert_true (catur_ui_test_wait_until (selected_is, &expected));
  catur_ui_test_x_click (window, view, SANDBOX ("c3"));
  g_assert_true (catur_ui_test_wait_until (plies_are_one, game));
  /* The press gave the board the focus, so that the keys go to it. */
  focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_true (focus == GTK_WIDGET (view) || gtk_widget_is_ancestor (focus, GTK_WIDGET (view)));

  /* The keyboard cursor from c3 to b5, as the board shows it, then the Pawn one square on. */
  step = catur_board_view_get_flipped (view) ? -1 : 1;
  g_assert_cmpint (catur_board_view_get_cursor (view), ==, SANDBOX ("c3"));
  catur_ui_test_x_key (window, step > 0 ? "Left" : "Right");
  expected.square = SANDBOX ("b3");
  g_assert_true (catur_ui_test_wait_until (cursor_is, &expected));
  catur_ui_test_x_key (window, step > 0 ? "Up" : "Down");
  catur_ui_test_x_key (window, step > 0 ? "Up" : "Down");
  expected.square = SANDBOX ("b5");
  g_assert_true (catur_ui_test_wait_until (cursor_is, &expected));
  catur_ui_test_x_key (window, "Return");
  g_assert_true (catur_ui_test_wait_until (selected_is, &expected));
  catur_ui_test_x_key (window, step > 0 ? "Down" : "Up");
  catur_ui_test_x_key (window, "Return");
  g_assert_true (catur_ui_test_wait_until (plies_are_two, game));

  catur_ui_test_close (window);
#else
  g_test_skip ("Real events are sent through an X server");
#endif
}

static void
test_window_flip (void)
{
  CaturWindow *window = sandbox_window ();
  CaturBoardView *view = catur_window_get_board_view (window);
  double x_white, y_white, x_flipped, y_flipped;

  catur_board_layout_square_center (catur_board_view_get_layout (view), F1, &x_white, &y_white);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL));
  g_assert_true (catur_board_view_get_flipped (view));
  catur_ui_test_iterate (50);
  g_assert_true (catur_board_view_get_layout (view)->flipped);

  /* White's side is now on top, its right-hand corner on the left. */
  catur_board_layout_square_center (catur_board_view_get_layout (view), F1, &x_flipped, &y_flipped);
  g_assert_cmpfloat (y_flipped, <, y_white);
  g_assert_cmpfloat (x_flipped, <, x_white);

  play_rook (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL));
  g_assert_false (catur_board_view_get_flipped (view));
  catur_ui_test_close (window);
}

static void
test_window_result_card (void)
{
  CaturWindow *window = sandbox_window ();
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturTurnPanel *panel = CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
  GtkRevealer *card = GTK_REVEALER (catur_ui_test_child (window, "result_revealer"));
  g_autoptr(CaturGame) game = NULL;
  g_autofree char *wins = NULL;
  g_autofree char *reason = NULL;

  /* A lone Black King on d6, White Rooks on a5 and b1: b1-b6 mates. */
  game = set_position (window, "3k2/R5/6/6/6/1RK3 w - - - 0 0");
  catur_ui_test_iterate (20);
  g_assert_false (gtk_revealer_get_reveal_child (card));

  catur_ui_test_click (view, SANDBOX ("b1"));
  catur_ui_test_click (view, SANDBOX ("b6"));
  g_assert_true (catur_game_is_over (game));

  g_assert_true (gtk_revealer_get_reveal_child (card));
  wins = g_strdup_printf ("%s wins",
                          catur_variant_get_side_name (sandbox (), NULL, CATUR_SIDE_FIRST));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, wins);
  g_test_message ("result: %s", catur_ui_test_label_text (window, "result_reason"));
  reason = catur_game_describe_outcome (game);
  g_assert_nonnull (reason);
  g_assert_cmpstr (reason, !=, "");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==, reason);
  /* The subtitle says how the game ended, not again who won. */
  g_assert_null (strstr (reason, wins));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_moves"), ==, "1 move");
  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==, "Game over");
  g_assert_cmpstr (catur_turn_panel_get_state (panel), ==, wins);

  /* Clicks on a finished game play nothing and say why. */
  catur_ui_test_click (view, SANDBOX ("d6"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_nonnull (catur_board_view_get_explanation (view));

  /* Undo reopens the game and hides the card. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  catur_ui_test_answer (NULL, NULL, "allow");
  g_assert_false (gtk_revealer_get_reveal_child (card));
  catur_ui_test_click (view, SANDBOX ("b1"));
  catur_ui_test_click (view, SANDBOX ("b6"));
  g_assert_true (gtk_revealer_get_reveal_child (card));

  /* "Play Again" starts a new game of the same variant. */
  g_assert_cmpstr (gtk_actionable_get_action_name (
                     GTK_ACTIONABLE (catur_ui_test_child (window, "play_again_button"))),
                   ==, "win.play-again");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-again", NULL));
  catur_ui_test_iterate (10);
  g_assert_true (catur_window_get_game (window) != game);
  g_assert_true (catur_game_get_variant (catur_window_get_game (window)) == sandbox ());
  g_assert_cmpuint (catur_game_get_n_plies (catur_window_get_game (window)), ==, 0);
  g_assert_false (gtk_revealer_get_reveal_child (card));

  catur_ui_test_close (window);
}

static void
test_window_check (void)
{
  CaturWindow *window = sandbox_window ();
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturTurnPanel *panel = CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
  g_autoptr(CaturGame) game = NULL;

  /* a1-a6 checks the King on d6, which may step down. */
  game = set_position (window, LONE_KING);

  catur_ui_test_click (view, SANDBOX ("a1"));
  catur_ui_test_click (view, SANDBOX ("a6"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_false (catur_game_is_over (game));
  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==,
                   catur_variant_get_side_name (sandbox (), NULL, CATUR_SIDE_SECOND));
  g_assert_cmpstr (catur_turn_panel_get_state (panel), ==, "Check!");

  catur_ui_test_close (window);
}

/* The strip under the board at the default size: nothing kept for it while nothing is shown,
 * and what is shown is whole and centred under the board. */
static void
test_window_strip (void)
{
  CaturWindow *window = sandbox_window ();
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);

  catur_ui_test_check_strip (window, NULL);
  play_rook (window);
  catur_ui_test_check_strip (window, NULL);

  g_assert_true (catur_game_play_text (game, "e5e4", NULL));
  catur_game_set_view_ply (game, 1);
  g_assert_cmpstr (catur_ui_test_label_text (window, "review_label"), ==,
                   "Looking back at 1. Rf1-e1");
  catur_ui_test_check_strip (window, "review_revealer");
  catur_ui_test_screenshot ("strip-review");

  catur_game_set_view_ply (game, catur_game_get_n_plies (game));
  catur_ui_test_check_strip (window, NULL);

  /* White's Bishop on b1 cannot step straight to b3. */
  catur_ui_test_click (view, SANDBOX ("b1"));
  catur_ui_test_click (view, SANDBOX ("b3"));
  g_assert_nonnull (catur_board_view_get_explanation (view));
  catur_ui_test_check_strip (window, "explanation_revealer");
  catur_ui_test_screenshot ("strip-explanation");

  catur_ui_test_close (window);
}

/* In review the turn card speaks of the position on the board: who was to move there, in
 * check or not, not of the live game. */
static void
test_window_turn_card_in_review (void)
{
  CaturWindow *window = sandbox_window ();
  CaturTurnPanel *panel = CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
  const char *white = catur_variant_get_side_name (sandbox (), NULL, CATUR_SIDE_FIRST);
  const char *black = catur_variant_get_side_name (sandbox (), NULL, CATUR_SIDE_SECOND);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;

  /* a1-a6 checks; the King steps down out of it. */
  game = set_position (window, LONE_KING);
  g_assert_true (catur_game_play_text (game, "a1a6", &error));
  g_assert_true (catur_game_play_text (game, "d6d5", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==, white);
  g_assert_cmpstr (catur_turn_panel_get_state (panel), ==, "To move");

  catur_game_set_view_ply (game, 1);
  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==, black);
  g_assert_cmpstr (catur_turn_panel_get_state (panel), ==, "Check!");
  catur_ui_test_screenshot ("turn-card-in-review");

  catur_game_set_view_ply (game, 0);
  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==, white);
  g_assert_cmpstr (catur_turn_panel_get_state (panel), ==, "To move");

  /* Back to the game: the live position again. */
  catur_game_set_view_ply (game, 2);
  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==, white);
  g_assert_cmpstr (catur_turn_panel_get_state (panel), ==, "To move");

  catur_ui_test_close (window);
}

static void
test_window_new_game_can_be_undone (void)
{
  CaturWindow *window = sandbox_window ();
  CaturGame *first = catur_window_get_game (window);

  g_object_ref (first);
  play_rook (window);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "restore-game"));

  /* app.new-game asks how to set the game up; Start starts it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.new-game", NULL));
  g_assert_nonnull (catur_window_get_new_game_dialog (window));
  g_assert_true (catur_window_get_game (window) == first);
  catur_new_game_dialog_start (catur_window_get_new_game_dialog (window));
  catur_ui_test_iterate (10);
  g_assert_null (catur_window_get_new_game_dialog (window));
  g_assert_true (catur_window_get_game (window) != first);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "restore-game"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore-game", NULL));
  g_assert_true (catur_window_get_game (window) == first);
  g_assert_cmpuint (catur_game_get_n_plies (first), ==, 1);
  g_assert_true (catur_ui_test_wait_for_label (history_list (window), "Rf1-e1"));

  g_object_unref (first);
  catur_ui_test_close (window);
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
  g_test_add_func ("/ui/window/lists-games", test_window_lists_games);
  g_test_add_func ("/ui/window/click-to-play", test_window_click_to_play);
  g_test_add_func ("/ui/window/explains-illegal-clicks", test_window_explains_illegal_clicks);
  g_test_add_func ("/ui/window/undo", test_window_undo);
  g_test_add_func ("/ui/window/keyboard", test_window_keyboard);
  g_test_add_func ("/ui/window/real-events", test_window_real_events);
  g_test_add_func ("/ui/window/flip", test_window_flip);
  g_test_add_func ("/ui/window/check", test_window_check);
  g_test_add_func ("/ui/window/result-card", test_window_result_card);
  g_test_add_func ("/ui/window/new-game-can-be-undone", test_window_new_game_can_be_undone);
  g_test_add_func ("/ui/window/turn-card-in-review", test_window_turn_card_in_review);
  g_test_add_func ("/ui/window/strip", test_window_strip);
  g_test_add_func ("/ui/window/primary-menu", test_window_primary_menu);
  g_test_add_func ("/ui/window/narrow-switcher", test_window_narrow_switcher);
  g_test_add_func ("/ui/window/layout-rule", test_window_layout_rule);
}
