/* test-at-board.c: the small things seen at the board (issue 29): the strip under the board
 * and the coordinates, a click in review, the sides swapped by a new game, the players'
 * popover, the piece themes looked up on a game switch, the new-game dialog's groups
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "catur-ui-test.h"
#include "testgame.h"

static CaturApplication *application;

/* A new window on a new game of @id, or NULL when this build has no such game. */
static CaturWindow *
window_on (const char *id)
{
  if (catur_plugins_find_variant (id) == NULL)
    {
      g_autofree char *what = g_strdup_printf ("this build has no %s", id);

      catur_ui_test_missing (what);
      return NULL;
    }
  g_settings_set_string (catur_application_get_settings (application), "game", id);
  return catur_ui_test_window (application);
}

/* The strip, once its bar has faded in, never lies over the board's last rank; where the
 * board's area has room for it under the coordinates written below the board, it lies clear
 * of them too. Returns whether there was that room. */
static gboolean
check_strip_clear_of_coordinates (CaturWindow *window,
                                  const char  *what)
{
  CaturBoardView *view = catur_window_get_board_view (window);
  GtkWidget *strip = GTK_WIDGET (catur_ui_test_child (window, "board_strip"));
  GtkWidget *area = GTK_WIDGET (catur_ui_test_child (window, "board_overlay"));
  graphene_rect_t band, bounds, in_area;
  gboolean room;

  catur_ui_test_iterate (600);
  g_assert_true (catur_board_view_get_bottom_margin (view, &band));
  g_assert_cmpfloat (band.size.height, >, 0);
  g_assert_true (gtk_widget_compute_bounds (strip, GTK_WIDGET (view), &bounds));
  g_test_message ("%s: window %d × %d, strip %.0f to %.0f, coordinates %.0f to %.0f", what,
                  gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)), bounds.origin.y,
                  bounds.origin.y + bounds.size.height, band.origin.y,
                  band.origin.y + band.size.height);
  g_assert_true (gtk_widget_compute_bounds (strip, area, &in_area));
  room = gtk_widget_get_height (area) - (in_area.origin.y - bounds.origin.y)
         - (band.origin.y + band.size.height) >= bounds.size.height;
  /* Where there is no room, the taller review bar may reach a little into the last rank's
   * cell (never to the middle of its pieces); the explanation stays over the names. */
  g_assert_cmpfloat (bounds.origin.y, >=,
                     floor (band.origin.y) - 0.4 * catur_board_view_get_layout (view)->cell);
  if (room)
    g_assert_false (graphene_rect_intersection (&bounds, &band, NULL));
  return room;
}

/* In @id's game, with @move the first move, at the window's default size (@width 0) or at
 * @width × @height: the explanation of the Knight's (or Horse's) illegal move from the second
 * file to the empty square @to, and the review bar. */
static void
check_strip_at_size (const char  *id,
                     CaturSquare  to,
                     const char  *move,
                     int         width,
                     int         height,
                     gboolean   *room)
{
  CaturWindow *window = window_on (id);
  CaturBoardView *view;
  CaturGame *game;
  g_autofree char *name = NULL;
  gboolean rooms[2];

  if (window == NULL)
    return;
  view = catur_window_get_board_view (window);
  game = catur_window_get_game (window);
  if (width > 0)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), width, height);
      catur_ui_test_iterate (400);
    }
  name = g_strdup_printf ("strip-%s-%d", id, width);

  catur_ui_test_click (view, 1);
  catur_ui_test_click (view, to);
  g_assert_nonnull (catur_board_view_get_explanation (view));
  rooms[0] = check_strip_clear_of_coordinates (window, "explanation");
  catur_ui_test_screenshot (name);

  g_assert_true (catur_game_play_text (game, move, NULL));
  catur_game_set_view_ply (game, 0);
  g_assert_true (catur_ui_test_revealed (window, "review_revealer"));
  rooms[1] = check_strip_clear_of_coordinates (window, "review bar");
  if (room != NULL)
    *room = rooms[0] && rooms[1];

  catur_ui_test_close (window);
}

/* The banner and the review bar lie over the board's lower edge, never over its last rank;
 * clear of the coordinates under it where the area has room under them (a window taller than
 * wide), over them where the board takes the whole height (the default size, 800 × 700). */
static void
test_strip_clear_of_coordinates (void)
{
  gboolean room = TRUE;

  /* b1-b3 and b0-b1 */
  check_strip_at_size ("chess", 17, "e2e4", 0, 0, NULL);
  check_strip_at_size ("chess", 17, "e2e4", 800, 700, NULL);
  check_strip_at_size ("xiangqi", 10, "h2e2", 0, 0, NULL);
  check_strip_at_size ("xiangqi", 10, "h2e2", 800, 700, NULL);
  /* A window taller than wide leaves room under the board: the names stay in view. */
  check_strip_at_size ("chess", 17, "e2e4", 640, 1000, &room);
  if (catur_plugins_find_variant ("chess") != NULL)
    g_assert_true (room);
}

#define REVIEWING "You are looking at an earlier position: return to the game to play"

/* A click, and Enter on a square, on a position looked back at say why nothing happens, in
 * the strip under the review bar and to screen readers, and play nothing. */
static void
test_click_in_review (void)
{
  CaturWindow *window = window_on ("sandbox");
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);

  g_assert_true (catur_game_play_text (game, "f1e1", NULL));
  catur_game_set_view_ply (game, 0);
  g_assert_true (catur_ui_test_revealed (window, "review_revealer"));

  catur_ui_test_click (view, SANDBOX ("e1"));
  g_assert_cmpstr (catur_board_view_get_explanation (view), ==, REVIEWING);
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==, REVIEWING);
  g_assert_true (catur_ui_test_revealed (window, "explanation_revealer"));
  g_assert_cmpstr (catur_ui_test_label_text (window, "explanation_label"), ==, REVIEWING);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_true (catur_ui_test_revealed (window, "review_revealer"));
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), "Back to Game"));
  catur_ui_test_screenshot ("click-in-review");

  /* Another step back forgets it; Enter on a square says it again. */
  g_assert_true (catur_game_play_text (game, "e5e4", NULL));
  catur_game_set_view_ply (game, 1);
  g_assert_null (catur_board_view_get_explanation (view));
  catur_game_set_view_ply (game, 0);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  g_assert_true (catur_board_view_key_press (view, GDK_KEY_Return, 0));
  catur_ui_test_iterate (10);
  g_assert_cmpstr (catur_board_view_get_explanation (view), ==, REVIEWING);
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==, REVIEWING);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);

  /* Back in the game, the board plays again and the explanation is gone. */
  catur_game_set_view_ply (game, catur_game_get_n_plies (game));
  g_assert_null (catur_board_view_get_explanation (view));
  catur_ui_test_click (view, SANDBOX ("e1"));
  g_assert_cmpint (catur_board_view_get_selected (view), ==, SANDBOX ("e1"));

  catur_ui_test_close (window);
}

#define SIDES_CHANGE "The players change sides: Black is at the bottom"
#define COLORS_SWAPPED "Colors swapped: you now play White, at the bottom"

/* A new game that turns the board round from the last one says so in a toast and to screen
 * readers: Play Again after a finished game between two people (the colour swap), and a new
 * game against the computer with the other side chosen. A new game that keeps the board as
 * it was says nothing. */
static void
test_sides_changed_said (void)
{
  GSettings *settings = catur_application_get_settings (application);
  CaturWindow *window;
  CaturBoardView *view;
  CaturNewGameDialog *dialog;

  g_settings_set_string (settings, "mode", "two-players");
  g_assert_true (g_settings_get_boolean (settings, "swap-colours"));
  window = window_on ("sandbox");
  view = catur_window_get_board_view (window);

  /* Left unfinished, the next game keeps the sides. */
  g_assert_true (catur_game_play_text (catur_window_get_game (window), "f1e1", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-again", NULL));
  catur_ui_test_iterate (50);
  g_assert_false (catur_board_view_get_flipped (view));
  g_assert_false (catur_ui_test_has_label (GTK_WIDGET (window), SIDES_CHANGE));
  g_assert_cmpstr (catur_board_view_get_announcement (view), !=, SIDES_CHANGE);

  catur_game_resign (catur_window_get_game (window), CATUR_SIDE_SECOND);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-again", NULL));
  g_assert_true (catur_board_view_get_flipped (view));
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), SIDES_CHANGE));
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==, SIDES_CHANGE);
  catur_ui_test_screenshot ("sides-changed");
  catur_ui_test_close (window);

  /* Against the computer, the person's side chosen in the new-game dialog: from Black (the
   * computer playing White has moved) to White, where the board waits for the person. */
  g_settings_set_string (settings, "mode", "computer");
  g_settings_set_string (settings, "level", "beginner");
  g_settings_set_string (settings, "human-side", "second");
  window = window_on ("sandbox");
  view = catur_window_get_board_view (window);
  g_assert_true (catur_board_view_get_flipped (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.new-game", NULL));
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_cmpuint (adw_combo_row_get_selected (catur_new_game_dialog_get_opponent_row (dialog)),
                    ==, 1);
  adw_combo_row_set_selected (catur_new_game_dialog_get_bottom_row (dialog), CATUR_SIDE_FIRST);
  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (10);
  g_assert_false (catur_board_view_get_flipped (view));
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), COLORS_SWAPPED));
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==, COLORS_SWAPPED);
  catur_ui_test_close (window);

  g_settings_reset (settings, "mode");
  g_settings_reset (settings, "level");
  g_settings_reset (settings, "human-side");
}

/* The radio buttons under @widget, in order. */
static void
collect_checks (GtkWidget *widget,
                GPtrArray *checks)
{
  if (GTK_IS_CHECK_BUTTON (widget))
    g_ptr_array_add (checks, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_checks (child, checks);
}

static GtkCheckButton *
find_check (GPtrArray  *checks,
            const char *label)
{
  for (guint i = 0; i < checks->len; i++)
    if (g_strcmp0 (gtk_check_button_get_label (g_ptr_array_index (checks, i)), label) == 0)
      return g_ptr_array_index (checks, i);
  g_assert_not_reached ();
}

/* The radio button with the keyboard focus, in @popover. */
static GtkWidget *
focused_check (GtkPopover *popover)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (popover)));

  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (popover)));
  return GTK_IS_CHECK_BUTTON (focus) ? focus : gtk_widget_get_ancestor (focus,
                                                                       GTK_TYPE_CHECK_BUTTON);
}

/* The Players popover stays open while the opponent, the level and the side are chosen, with
 * the keyboard as with the pointer; its radio buttons bear the menu's labels, and the keyboard
 * reaches every one. */
static void
test_players_popover_stays_open (void)
{
  GSettings *settings = catur_application_get_settings (application);
  CaturWindow *window;
  GtkMenuButton *button;
  GMenuModel *menu;
  GtkPopover *popover;
  GtkWidget *first = NULL;
  g_autoptr(GPtrArray) checks = g_ptr_array_new ();
  g_autoptr(GHashTable) reached = g_hash_table_new (NULL, NULL);
  guint n_items = 0;

  g_settings_set_string (settings, "mode", "two-players");
  window = window_on ("sandbox");
  button = GTK_MENU_BUTTON (catur_ui_test_child (window, "players_button"));
  menu = G_MENU_MODEL (catur_ui_test_child (window, "players_menu"));

  gtk_menu_button_popup (button);
  catur_ui_test_iterate (50);
  popover = gtk_menu_button_get_popover (button);
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  collect_checks (GTK_WIDGET (popover), checks);

  /* One radio button for each item of the menu, labelled as the item. */
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      for (int j = 0; j < g_menu_model_get_n_items (section); j++)
        {
          g_autofree char *label = NULL;

          g_assert_true (g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_LABEL, "s",
                                                          &label));
          find_check (checks, label);
          n_items++;
        }
    }
  g_assert_cmpuint (n_items, ==, checks->len);
  g_assert_cmpuint (n_items, ==, 2 + CATUR_N_LEVELS + 2);

  /* The opponent, the level, the side, one after the other: the popover stays. */
  gtk_widget_activate (GTK_WIDGET (find_check (checks, "Against the _Computer")));
  catur_ui_test_iterate (50);
  g_assert_cmpstr (g_settings_get_string (settings, "mode"), ==, "computer");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  gtk_widget_activate (GTK_WIDGET (find_check (checks, "_Master")));
  catur_ui_test_iterate (50);
  g_assert_cmpstr (g_settings_get_string (settings, "level"), ==, "master");
  g_assert_true (gtk_check_button_get_active (find_check (checks, "_Master")));
  g_assert_false (gtk_check_button_get_active (find_check (checks, "_Beginner")));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  gtk_widget_activate (GTK_WIDGET (find_check (checks, "Play as Black")));
  catur_ui_test_iterate (50);
  g_assert_cmpstr (g_settings_get_string (settings, "human-side"), ==, "second");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  catur_ui_test_screenshot ("players-popover");

  /* Tab goes from group to group, the arrows within one: every choice is reached. */
  for (guint group = 0; group < 3; group++)
    {
      static const GtkDirectionType moves[] = { GTK_DIR_UP, GTK_DIR_DOWN, GTK_DIR_DOWN };

      g_assert_true (gtk_widget_child_focus (GTK_WIDGET (popover), GTK_DIR_TAB_FORWARD));
      if (first == NULL)
        first = focused_check (popover);
      for (guint m = 0; m < G_N_ELEMENTS (moves); m++)
        for (guint i = 0; i < checks->len; i++)
          {
            g_hash_table_add (reached, focused_check (popover));
            gtk_widget_child_focus (GTK_WIDGET (popover), moves[m]);
          }
    }
  g_assert_nonnull (first);
  for (guint i = 0; i < checks->len; i++)
    g_assert_true (g_hash_table_contains (reached, g_ptr_array_index (checks, i)));

  gtk_menu_button_popdown (button);
  catur_ui_test_close (window);
  g_settings_reset (settings, "mode");
  g_settings_reset (settings, "level");
  g_settings_reset (settings, "human-side");
}

/* The messages about piece themes logged while the test watches. */
static GPtrArray *theme_messages;

static void
record_theme_message (const char     *domain,
                      GLogLevelFlags  level,
                      const char     *message,
                      gpointer        data)
{
  if (theme_messages != NULL && strstr (message, "piece theme") != NULL)
    g_ptr_array_add (theme_messages, g_strdup (message));
  g_log_default_handler (domain, level, message, data);
}

/* On every game switch each piece theme is looked up in its own game only: nothing logs that
 * a theme of one game could not be used in another. */
static void
test_switch_looks_up_own_themes (void)
{
  static const char * const games[] = { "chess", "xiangqi", "shogi", "banqi", "sandbox",
                                        "xiangqi", "chess" };
  CaturWindow *window = window_on ("sandbox");
  GLogFunc previous;

  theme_messages = g_ptr_array_new_with_free_func (g_free);
  previous = g_log_set_default_handler (record_theme_message, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      if (catur_plugins_find_variant (games[i]) == NULL)
        continue;
      g_assert_true (catur_window_select_game (window, games[i]));
      catur_ui_test_iterate (50);
    }
  g_log_set_default_handler (previous, NULL);
  for (guint i = 0; i < theme_messages->len; i++)
    g_test_message ("logged: %s", (char *) g_ptr_array_index (theme_messages, i));
  g_assert_cmpuint (theme_messages->len, ==, 0);
  g_clear_pointer (&theme_messages, g_ptr_array_unref);

  catur_ui_test_close (window);
}

/* What a settings backend that cannot save does (dconf without a session bus): it takes the
 * old value back as soon as a new one is written. */
static void
take_game_back (GSettings  *settings,
                const char *key,
                gpointer    data)
{
  const char *old = data;
  g_autofree char *now = g_settings_get_string (settings, key);
  static gboolean taking_back;

  if (taking_back || g_strcmp0 (now, old) == 0)
    return;
  taking_back = TRUE;
  g_settings_set_string (settings, key, old);
  taking_back = FALSE;
}

/* A game chosen in the switcher is shown whole, its name in the header, its board and its
 * lesson's offer, even when the setting that remembers it cannot be saved: the window took
 * the backend's answer for a choice made elsewhere and half switched back. */
static void
test_switch_when_setting_not_saved (void)
{
  CaturWindow *window = window_on ("sandbox");
  CaturVariant *chess = catur_plugins_find_variant ("chess");
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *question = NULL;
  gulong handler;

  if (window == NULL)
    return;
  if (chess == NULL)
    {
      catur_ui_test_missing ("this build has no chess");
      catur_ui_test_close (window);
      return;
    }
  settings = g_settings_new (APP_ID);
  handler = g_signal_connect (settings, "changed::game", G_CALLBACK (take_game_back),
                              (gpointer) "sandbox");
  g_action_group_activate_action (G_ACTION_GROUP (window), "game",
                                  g_variant_new_string ("chess"));
  catur_ui_test_iterate (100);
  g_signal_handler_disconnect (settings, handler);

  g_assert_true (catur_game_get_variant (catur_window_get_game (window)) == chess);
  g_assert_true (catur_board_view_get_game (catur_window_get_board_view (window))
                 == catur_window_get_game (window));
  g_assert_cmpstr (catur_ui_test_label_text (window, "game_label"), ==,
                   catur_variant_get_name (chess));
  question = g_strdup_printf ("New to %s?", catur_variant_get_name (chess));
  g_assert_true (catur_ui_test_has_label (GTK_WIDGET (window), question));
  g_settings_reset (settings, "game");
  catur_ui_test_close (window);
}

/* A list under @widget that is drawn with no row shown in it: an empty frame, a band of
 * nothing. Its name goes to the log. */
static gboolean
has_empty_list (GtkWidget *widget)
{
  if (GTK_IS_LIST_BOX (widget) && gtk_widget_get_mapped (widget))
    {
      gboolean shown = FALSE;

      for (GtkWidget *row = gtk_widget_get_first_child (widget); row != NULL;
           row = gtk_widget_get_next_sibling (row))
        shown = shown || gtk_widget_get_visible (row);
      if (!shown)
        {
          GtkWidget *group = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_GROUP);

          g_test_message ("an empty list in the group “%s”",
                          group != NULL ? adw_preferences_group_get_title (
                            ADW_PREFERENCES_GROUP (group)) : "");
          return TRUE;
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_empty_list (child))
      return TRUE;
  return FALSE;
}

/* The new-game dialog of every game, against the computer and for two people, shows no empty
 * list where the rows that do not apply were (the time a move, which is for two people). */
static void
test_new_game_dialog_no_empty_band (void)
{
  GPtrArray *variants = catur_plugins_get_variants ();
  CaturWindow *window = window_on ("sandbox");

  for (guint i = 0; i < variants->len; i++)
    {
      CaturVariant *variant = g_ptr_array_index (variants, i);
      CaturNewGameDialog *dialog;
      AdwComboRow *opponent;

      g_assert_true (catur_window_select_game (window, catur_variant_get_id (variant)));
      catur_window_show_new_game_dialog (window);
      dialog = catur_window_get_new_game_dialog (window);
      g_assert_nonnull (dialog);
      opponent = catur_new_game_dialog_get_opponent_row (dialog);
      for (guint choice = 0; choice < 2; choice++)
        {
          g_autofree char *name = g_strdup_printf ("new-game-%s-%u",
                                                   catur_variant_get_id (variant), choice);

          if (choice == 1 && !gtk_widget_get_visible (GTK_WIDGET (opponent)))
            break;
          adw_combo_row_set_selected (opponent, choice);
          catur_ui_test_iterate (50);
          g_test_message ("%s, %s", catur_variant_get_id (variant),
                          choice == 1 ? "against the computer" : "two players");
          catur_ui_test_screenshot (name);
          g_assert_false (has_empty_list (GTK_WIDGET (dialog)));
        }
      gtk_window_destroy (GTK_WINDOW (dialog));
      catur_ui_test_iterate (20);
    }

  catur_ui_test_close (window);
}

static void add_tests (void);

static gboolean
announced_prefix (gpointer data)
{
  gpointer *wanted = data;
  CaturBoardView *view = CATUR_BOARD_VIEW (wanted[0]);
  const char *said = catur_board_view_get_announcement (view);

  return said != NULL && g_str_has_prefix (said, (const char *) wanted[1]);
}

/* The clock's last ten seconds are said, by the clock face of the side short of time, once a
 * move: a blind player does not see the clock turn red. */
static void
test_low_time_said (void)
{
  CaturWindow *window = window_on ("sandbox");
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_ui_test_timed_game (window, catur_plugins_find_variant ("sandbox"),
                                               NULL, "11");
  g_autofree char *prefix = g_strdup_printf ("%s’s clock: ",
                                             catur_game_get_side_name (game, CATUR_SIDE_FIRST));
  gpointer wanted[] = { view, prefix };
  const char *said;

  catur_ui_test_iterate (300);
  g_assert_false (announced_prefix (wanted));
  g_assert_true (catur_ui_test_wait_until (announced_prefix, wanted));
  said = catur_board_view_get_announcement (view);
  g_test_message ("said: %s", said);
  g_assert_true (g_str_has_suffix (said, "seconds left") || g_str_has_suffix (said, "left."));
  g_assert_true (catur_clock_is_low (catur_game_get_clock (game), CATUR_SIDE_FIRST));
  catur_ui_test_close (window);
}

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
  g_test_add_func ("/ui/at-board/strip-clear-of-coordinates", test_strip_clear_of_coordinates);
  g_test_add_func ("/ui/at-board/click-in-review", test_click_in_review);
  g_test_add_func ("/ui/at-board/low-time-said", test_low_time_said);
  g_test_add_func ("/ui/at-board/sides-changed-said", test_sides_changed_said);
  g_test_add_func ("/ui/at-board/players-popover-stays-open", test_players_popover_stays_open);
  g_test_add_func ("/ui/at-board/switch-looks-up-own-themes", test_switch_looks_up_own_themes);
  g_test_add_func ("/ui/at-board/switch-when-setting-not-saved",
                   test_switch_when_setting_not_saved);
  g_test_add_func ("/ui/at-board/new-game-dialog-no-empty-band",
                   test_new_game_dialog_no_empty_band);
}
