/* test-engines.c: other programs' engines in the window and the preferences
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A fake UCI engine (a shell script that plays a fixed opening of Chess, says two lines of
 * thinking, and crashes when asked to) is found on the search path, added from the
 * preferences, tested, and its option form edited; any program is tried by "Add Engine…"; the
 * fake plays a few moves against the player, gives a hint, and shows its thinking in the
 * sidebar; a crashing engine is said in the window, the game goes on with Catur's own engine,
 * and no process is left behind. Debian's Stockfish, where installed, plays a move and shows
 * its option form.
 */
#include <unistd.h>

#include "catur-ui-test.h"
#include "catur-engine-panel.h"
#include "catur-engines-group.h"
#include "catur-preferences-window.h"

#define SQ(name) ((CaturSquare) (((name)[1] - '1') * 8 + ((name)[0] - 'a')))

static CaturApplication *application;
static char *fake_dir;
static char *fake_path;

/* Answers ply n of a fixed opening, whoever is to move, with two lines of thinking. */
static const char fake_script[] =
  "#!/bin/sh\n"
  "mode=$1\n"
  "n=0\n"
  "while read line; do\n"
  "  case \"$line\" in\n"
  "    uci) echo 'id name Fake Engine'; echo 'id author The Tests';\n"
  "      echo 'option name Skill Level type spin default 20 min 0 max 20';\n"
  "      echo 'option name Ponder type check default false';\n"
  "      echo 'option name Style type combo default Normal var Solid var Normal var Risky';\n"
  "      echo 'option name Book File type string default <empty>';\n"
  "      echo 'option name Clear Hash type button';\n"
  "      echo 'option name MultiPV type spin default 1 min 1 max 5';\n"
  "      echo uciok;;\n"
  "    isready) echo readyok;;\n"
  "    position*) n=0; seen=; for w in $line; do\n"
  "        [ -n \"$seen\" ] && n=$((n+1)); [ \"$w\" = moves ] && seen=1; done;;\n"
  "    go*) [ \"$mode\" = crash ] && exit 3\n"
  "      [ \"$mode\" = illegal ] && { echo 'bestmove e2e5'; continue; }\n"
  "      set -- e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8c5 c2c3 d7d6; shift $n\n"
  "      echo \"info depth 7 multipv 1 score cp 31 pv $1\"\n"
  "      echo \"info depth 7 multipv 2 score cp 12 pv $1\"\n"
  "      echo \"bestmove $1\";;\n"
  "    quit) exit 0;;\n"
  "  esac\n"
  "done\n";

static void
write_fake (void)
{
  g_autoptr(GError) error = NULL;

  fake_dir = g_dir_make_tmp ("catur-engines-XXXXXX", &error);
  g_assert_no_error (error);
  /* Named as a known program, so that the preferences find it on the search path. */
  fake_path = g_build_filename (fake_dir, "stockfish", NULL);
  g_assert_true (g_file_set_contents (fake_path, fake_script, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (fake_path, 0755), ==, 0);
  g_setenv ("CATUR_ENGINE_PATH", fake_dir, TRUE);
}

static CaturVariant *
chess (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("chess");

  g_assert_nonnull (variant);
  return variant;
}

static GSettings *
settings (void)
{
  static GSettings *settings;

  if (settings == NULL)
    settings = g_settings_new ("io.github.caturapp.Catur");
  return settings;
}

/* The player's list of engines, as the settings keep it. */
static GPtrArray *
entries (void)
{
  g_autoptr(GVariant) list = g_settings_get_value (settings (), "engines");

  return catur_engine_list_from_variant (list);
}

static void
reset_settings (void)
{
  g_settings_reset (settings (), "engines");
  g_settings_reset (settings (), "game-engines");
  g_settings_reset (settings (), "analysis-engines");
  g_settings_reset (settings (), "mode");
  g_settings_reset (settings (), "game");
  g_settings_reset (settings (), "human-side");
  g_settings_set_enum (settings (), "level", 0);
}

/* The fake (in @mode, NULL for the usual) is the list's only engine and plays Chess. */
static void
choose_fake (const char *mode)
{
  const char *argv[] = { fake_path, mode, NULL };
  const char *games[] = { "chess", NULL };
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (
    (GDestroyNotify) catur_engine_entry_free);

  g_ptr_array_add (list, catur_engine_entry_new ("fake", "Fake Engine", argv,
                                                 CATUR_ENGINE_PROTOCOL_UCI, games));
  g_settings_set_value (settings (), "engines", catur_engine_list_to_variant (list));
  g_settings_set_value (settings (), "game-engines",
                        g_variant_new_parsed ("{'chess': 'fake'}"));
}

/* The preferences, open on the page of Chess. */
static CaturPreferencesWindow *
open_engines_page (CaturWindow *window)
{
  CaturPreferencesWindow *preferences;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", "s",
                                             "chess"));
  preferences = catur_window_get_preferences_window (window);
  g_assert_nonnull (preferences);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (preferences));
  return preferences;
}

/* The group of the engines of @game's page. */
static CaturEnginesGroup *
engines_group (CaturPreferencesWindow *preferences,
               const char             *game)
{
  g_autofree char *name = g_strconcat ("engines-", game, NULL);
  GtkWidget *group = catur_ui_test_find_named (GTK_WIDGET (preferences), name);

  g_assert_true (CATUR_IS_ENGINES_GROUP (group));
  return CATUR_ENGINES_GROUP (group);
}

static gboolean
has_named (gpointer data)
{
  gpointer *pair = data;

  return catur_ui_test_find_named (pair[0], pair[1]) != NULL;
}

/* Waits until a widget named @name is under @widget, and returns it. */
static GtkWidget *
wait_for_named (GtkWidget  *widget,
                const char *name)
{
  gpointer pair[] = { widget, (gpointer) name };

  g_assert_true (catur_ui_test_wait_until (has_named, pair));
  return catur_ui_test_find_named (widget, name);
}

/* The first widget of @type under @widget. */
static GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A button activated as the keyboard does: GtkButton clicks once its pressed look is shown. */
static void
press (GtkWidget *button)
{
  g_assert_nonnull (button);
  gtk_widget_activate (button);
  catur_ui_test_iterate (400);
}

static gboolean
not_busy (gpointer data)
{
  return !catur_engines_group_get_busy (data);
}

/* Trying a real engine starts it once a protocol and a game: longer than the usual wait. */
static void
wait_tried (CaturEnginesGroup *page)
{
  gint64 end = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  while (catur_engines_group_get_busy (page))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      catur_ui_test_iterate (20);
    }
}

/* A known program found on the search path is added with a click, tested, and its options
 * become a form whose changes are kept; another program is tried and added by "Add Engine…",
 * and a program that speaks no protocol is refused with a message. */
static void
test_preferences (void)
{
  CaturWindow *window;
  CaturPreferencesWindow *preferences;
  GtkWidget *found, *group, *row, *spin, *toggle, *status;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *other = g_build_filename (fake_dir, "my-engine", NULL);
  g_autoptr(GError) error = NULL;
  CaturEngineEntry *entry;
  CaturEnginesGroup *page;

  reset_settings ();
  window = catur_ui_test_window (application);
  preferences = open_engines_page (window);
  page = engines_group (preferences, "chess");
  /* Banqi has no engine of another program: no group for it. */
  g_assert_null (catur_ui_test_find_named (GTK_WIDGET (preferences), "engines-banqi"));
  g_assert_true (CATUR_IS_ENGINES_GROUP (catur_ui_test_find_named (GTK_WIDGET (preferences),
                                                                   "engines-xiangqi")));

  found = wait_for_named (GTK_WIDGET (page), "stockfish");
  g_assert_true (ADW_IS_ACTION_ROW (found));
  press (find_type (found, GTK_TYPE_BUTTON));
  list = entries ();
  g_assert_cmpuint (list->len, ==, 1);
  entry = g_ptr_array_index (list, 0);
  g_assert_cmpstr (entry->argv[0], ==, fake_path);
  g_assert_true (catur_engine_entry_plays (entry, "chess"));
  g_clear_pointer (&list, g_ptr_array_unref);

  /* Its row opens on a test of the engine, and its form. */
  group = GTK_WIDGET (page);
  row = wait_for_named (group, "stockfish");
  g_assert_true (ADW_IS_EXPANDER_ROW (row));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  spin = find_type (wait_for_named (row, "Skill Level"), GTK_TYPE_SPIN_BUTTON);
  status = wait_for_named (row, "MultiPV");
  g_assert_nonnull (status);
  g_assert_true (ADW_IS_COMBO_ROW (catur_ui_test_find_named (row, "Style")));
  g_assert_true (ADW_IS_ENTRY_ROW (catur_ui_test_find_named (row, "Book File")));
  g_assert_nonnull (find_type (catur_ui_test_find_named (row, "Clear Hash"), GTK_TYPE_BUTTON));
  g_assert_true (catur_ui_test_wait_for_label (row, "Fake Engine by The Tests"));
  gtk_widget_grab_focus (spin);
  catur_ui_test_screenshot ("engines-preferences");

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 5);
  toggle = find_type (catur_ui_test_find_named (row, "Ponder"), GTK_TYPE_SWITCH);
  press (toggle);
  list = entries ();
  entry = g_ptr_array_index (list, 0);
  g_assert_cmpstr (g_hash_table_lookup (entry->options, "Skill Level"), ==, "5");
  g_assert_cmpstr (g_hash_table_lookup (entry->options, "Ponder"), ==, "true");
  g_clear_pointer (&list, g_ptr_array_unref);
  /* A change of an option leaves the row open. */
  g_assert_true (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (row)));

  /* Any program: its protocol and games found by trying it. */
  g_assert_true (g_file_set_contents (other, fake_script, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (other, 0755), ==, 0);
  catur_engines_group_add_program (page, other);
  g_assert_true (catur_engines_group_get_busy (page));
  g_assert_true (catur_ui_test_wait_until (not_busy, page));
  list = entries ();
  g_assert_cmpuint (list->len, ==, 2);
  entry = catur_engine_list_find (list, "my-engine");
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->name, ==, "Fake Engine");
  g_assert_cmpint (entry->protocol, ==, CATUR_ENGINE_PROTOCOL_UCI);
  /* It answers e2e4 whatever the game: a legal move in Chess only. */
  g_assert_cmpuint (g_strv_length (entry->games), ==, 1);
  g_assert_cmpstr (entry->games[0], ==, "chess");
  g_clear_pointer (&list, g_ptr_array_unref);

  /* A program that speaks none: refused, and said. */
  catur_engines_group_add_program (page, "/bin/true");
  g_assert_true (catur_ui_test_wait_until (not_busy, page));
  list = entries ();
  g_assert_cmpuint (list->len, ==, 2);
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (preferences),
                                               "/bin/true does not speak UCI, USI, UCCI or "
                                               "CECP"));

  /* Removed with its button. */
  row = wait_for_named (group, "my-engine");
  press (catur_ui_test_find_named (row, "remove"));
  g_clear_pointer (&list, g_ptr_array_unref);
  list = entries ();
  g_assert_cmpuint (list->len, ==, 1);

  gtk_window_destroy (GTK_WINDOW (preferences));
  catur_ui_test_close (window);
  g_remove (other);
}

static gboolean
game_has_plies (gpointer data)
{
  gpointer *pair = data;

  return catur_game_get_n_plies (pair[0]) >= GPOINTER_TO_UINT (pair[1]);
}

static void
wait_for_plies (CaturGame *game,
                guint      n)
{
  gpointer pair[] = { game, GUINT_TO_POINTER (n) };

  g_assert_true (catur_ui_test_wait_until (game_has_plies, pair));
}

static void
click (CaturBoardView *view,
       const char     *square)
{
  catur_ui_test_click (view, SQ (square));
}

/* A window whose first game is a new one of Chess, against the computer, the player White. */
static CaturWindow *
engine_window (CaturGame **game)
{
  CaturWindow *window;

  g_settings_set_string (settings (), "game", "chess");
  g_settings_set_string (settings (), "mode", "computer");
  window = catur_ui_test_window (application);
  *game = catur_window_get_game (window);
  g_assert_true (catur_game_get_variant (*game) == chess ());
  g_assert_cmpint (catur_game_get_computer_side (*game), ==, CATUR_SIDE_SECOND);
  return window;
}

static gboolean
engine_ready (gpointer data)
{
  return catur_game_get_engine_client (data) != NULL;
}

/* The check button under @widget whose label reads @label. */
static GtkWidget *
find_check (GtkWidget  *widget,
            const char *label)
{
  if (GTK_IS_CHECK_BUTTON (widget)
      && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_check (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
hint_shown (gpointer data)
{
  CaturSquare from, to;

  return catur_board_view_get_hint (data, &from, &to);
}

/* The players menu lists the engine; it answers the player's moves, gives a hint, and its
 * thinking shows in the sidebar, two lines of it, in the game's notation. */
static void
test_play (void)
{
  CaturWindow *window;
  CaturBoardView *view;
  CaturGame *game;
  CaturEnginePanel *panel;
  GtkMenuButton *players;
  GtkWidget *choice, *strength;
  CaturSquare from, to;
  g_autoptr(CaturGameMove) reply = NULL;

  reset_settings ();
  choose_fake (NULL);
  g_settings_set_string (settings (), "mode", "computer");
  window = engine_window (&game);
  view = catur_window_get_board_view (window);

  /* Chosen in the players menu, among Catur's own levels and engine. */
  g_settings_reset (settings (), "game-engines");
  catur_ui_test_iterate (20);
  g_assert_null (catur_game_get_engine (game));
  players = GTK_MENU_BUTTON (catur_ui_test_child (window, "players_button"));
  gtk_menu_button_popup (players);
  catur_ui_test_iterate (50);
  choice = find_check (GTK_WIDGET (gtk_menu_button_get_popover (players)), "Fake Engine");
  g_assert_nonnull (choice);
  g_assert_nonnull (find_check (GTK_WIDGET (gtk_menu_button_get_popover (players)),
                                "C_atur’s Own Engine"));
  press (choice);
  gtk_menu_button_popdown (players);
  catur_ui_test_iterate (20);
  g_assert_nonnull (catur_game_get_engine (game));

  panel = CATUR_ENGINE_PANEL (catur_ui_test_find_named (GTK_WIDGET (window), "engine-panel"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));

  /* Once it is ready, the menu has its strength, which starts it anew with the value. */
  g_assert_true (catur_ui_test_wait_until (engine_ready, game));
  gtk_menu_button_popup (players);
  catur_ui_test_iterate (50);
  strength = catur_ui_test_find_named (GTK_WIDGET (gtk_menu_button_get_popover (players)),
                                       "engine-strength");
  g_assert_true (GTK_IS_SPIN_BUTTON (strength));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (strength)), ==, 20);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (strength), 3);
  gtk_menu_button_popdown (players);
  catur_ui_test_iterate (20);
  g_assert_cmpstr (g_hash_table_lookup (catur_game_get_engine (game)->options, "Skill Level"),
                   ==, "3");
  g_assert_true (catur_ui_test_wait_until (engine_ready, game));

  click (view, "e2");
  click (view, "e4");
  wait_for_plies (game, 2);
  reply = g_list_model_get_item (catur_game_get_moves (game), 1);
  g_assert_cmpstr (catur_game_move_get_coordinate (reply), ==, "e7e5");
  g_assert_cmpstr (catur_engine_panel_get_line (panel, 0), ==, "+0.31  e5");
  g_assert_cmpstr (catur_engine_panel_get_line (panel, 1), ==, "+0.12  e5");
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (panel), "Depth 7"));

  click (view, "g1");
  click (view, "f3");
  wait_for_plies (game, 4);
  catur_ui_test_screenshot ("engines-thinking");

  /* A hint from the engine: the opening's next move. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_true (catur_ui_test_wait_until (hint_shown, view));
  catur_board_view_get_hint (view, &from, &to);
  g_assert_cmpint (from, ==, SQ ("f1"));
  g_assert_cmpint (to, ==, SQ ("c4"));
  g_assert_cmpstr (catur_engine_panel_get_line (panel, 0), ==, "+0.31  Bc4");

  click (view, "f1");
  click (view, "c4");
  wait_for_plies (game, 6);

  /* Back to Catur's own engine: the panel goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.engine", "s", ""));
  catur_ui_test_iterate (20);
  g_assert_null (catur_game_get_engine (game));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));

  catur_ui_test_close (window);
}

static void
failed_cb (CaturGame    *game,
           const GError *error,
           char        **message)
{
  g_free (*message);
  *message = g_strdup (error->message);
}

static gboolean
has_message (gpointer data)
{
  return *(char **) data != NULL;
}

/* An engine that crashes on its first search, or answers a move that is not legal: the window
 * says so, the game goes on with Catur's own engine from the toast's button. */
static void
test_failure (gconstpointer data)
{
  const char *mode = data;
  CaturWindow *window;
  CaturBoardView *view;
  CaturGame *game;
  g_autofree char *message = NULL;

  reset_settings ();
  choose_fake (mode);
  g_settings_set_string (settings (), "mode", "computer");
  window = engine_window (&game);
  view = catur_window_get_board_view (window);
  g_signal_connect (game, "engine-failed", G_CALLBACK (failed_cb), &message);

  click (view, "e2");
  click (view, "e4");
  g_assert_true (catur_ui_test_wait_until (has_message, &message));
  g_assert_nonnull (strstr (message, "Fake Engine"));
  g_assert_true (catur_game_get_engine_failed (game));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  /* Said in a toast with a way back to Catur's own engine, and in the thinking panel. */
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), "Use Catur’s Own Engine"));
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), message));
  if (g_str_equal (mode, "crash"))
    catur_ui_test_screenshot ("engines-crash");

  /* The toast's button: Catur's own engine answers. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.engine", "s", ""));
  wait_for_plies (game, 2);
  g_assert_false (catur_game_is_over (game));
  g_signal_handlers_disconnect_by_func (game, failed_cb, &message);
  catur_ui_test_close (window);
}

/* Debian's engines, where installed, added by "Add Engine…": Stockfish plays Chess alone
 * (it greets in UCI whatever the game, but answers nonsense in the others), Fairy-Stockfish
 * the three games; and Fairy-Stockfish then plays Xiangqi against the player, its thinking
 * written in the game's notation. */
static void
test_detect_real (void)
{
  const char *fairy_path = "/usr/games/fairy-stockfish";
  const char *stockfish_path = "/usr/games/stockfish";
  CaturWindow *window;
  CaturPreferencesWindow *preferences;
  CaturEnginesGroup *page;
  g_autoptr(GPtrArray) list = NULL;
  CaturEngineEntry *fairy, *stockfish;
  CaturEnginePanel *panel;
  CaturGame *game;
  gint64 start;

  if (!g_file_test (fairy_path, G_FILE_TEST_IS_EXECUTABLE)
      || !g_file_test (stockfish_path, G_FILE_TEST_IS_EXECUTABLE))
    {
      catur_ui_test_missing ("Stockfish and Fairy-Stockfish are not installed");
      return;
    }
  if (catur_plugins_find_variant ("xiangqi") == NULL
      || catur_plugins_find_variant ("shogi") == NULL)
    {
      catur_ui_test_missing ("This build has not the three games");
      return;
    }
  reset_settings ();
  window = catur_ui_test_window (application);
  preferences = open_engines_page (window);
  page = engines_group (preferences, "chess");
  start = g_get_monotonic_time ();
  catur_engines_group_add_program (page, fairy_path);
  wait_tried (page);
  g_test_message ("Fairy-Stockfish tried in %.1f s", (g_get_monotonic_time () - start) / 1e6);
  catur_engines_group_add_program (page, stockfish_path);
  wait_tried (page);
  g_test_message ("both tried in %.1f s", (g_get_monotonic_time () - start) / 1e6);
  list = entries ();
  fairy = catur_engine_list_find (list, "fairy-stockfish");
  stockfish = catur_engine_list_find (list, "stockfish");
  g_assert_nonnull (fairy);
  g_assert_nonnull (stockfish);
  g_assert_true (catur_engine_entry_plays (fairy, "xiangqi"));
  g_assert_true (catur_engine_entry_plays (fairy, "chess"));
  g_assert_true (catur_engine_entry_plays (fairy, "shogi"));
  g_assert_false (catur_engine_entry_plays (fairy, "banqi"));
  g_assert_cmpuint (g_strv_length (stockfish->games), ==, 1);
  g_assert_true (catur_engine_entry_plays (stockfish, "chess"));
  gtk_window_destroy (GTK_WINDOW (preferences));
  catur_ui_test_close (window);

  /* Fairy-Stockfish as Black in Xiangqi, two lines at once. */
  g_hash_table_insert (fairy->options, g_strdup ("MultiPV"), g_strdup ("2"));
  g_settings_set_value (settings (), "engines", catur_engine_list_to_variant (list));
  g_settings_set_value (settings (), "game-engines",
                        g_variant_new_parsed ("{'xiangqi': 'fairy-stockfish'}"));
  g_settings_set_string (settings (), "game", "xiangqi");
  g_settings_set_string (settings (), "mode", "computer");
  g_settings_set_int (settings (), "master-movetime", 500);
  window = catur_ui_test_window (application);
  game = catur_window_get_game (window);
  panel = CATUR_ENGINE_PANEL (catur_ui_test_find_named (GTK_WIDGET (window), "engine-panel"));
  g_assert_true (catur_game_play_text (game, "h2e2", NULL));
  wait_for_plies (game, 2);
  g_assert_false (catur_game_get_engine_failed (game));
  g_test_message ("Fairy-Stockfish: %s / %s", catur_engine_panel_get_line (panel, 0),
                  catur_engine_panel_get_line (panel, 1));
  g_assert_nonnull (catur_engine_panel_get_line (panel, 0));
  g_assert_nonnull (catur_engine_panel_get_line (panel, 1));
  g_settings_reset (settings (), "master-movetime");
  catur_ui_test_close (window);
}

/* Debian's Stockfish, where installed: it answers in Chess, its thinking shown. */
static void
test_stockfish (void)
{
  g_autoptr(GPtrArray) found = catur_engine_list_discover ("/usr/games:/usr/bin");
  CaturEngineEntry *stockfish = catur_engine_list_find (found, "stockfish");
  CaturWindow *window;
  CaturGame *game;
  CaturEnginePanel *panel;
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (
    (GDestroyNotify) catur_engine_entry_free);

  if (stockfish == NULL)
    {
      catur_ui_test_missing ("Stockfish is not installed");
      return;
    }
  reset_settings ();
  g_ptr_array_add (list, catur_engine_entry_copy (stockfish));
  g_settings_set_value (settings (), "engines", catur_engine_list_to_variant (list));
  g_settings_set_value (settings (), "game-engines",
                        g_variant_new_parsed ("{'chess': 'stockfish'}"));
  g_settings_set_string (settings (), "mode", "computer");
  g_settings_set_int (settings (), "master-movetime", 500);
  window = engine_window (&game);
  panel = CATUR_ENGINE_PANEL (catur_ui_test_find_named (GTK_WIDGET (window), "engine-panel"));

  click (catur_window_get_board_view (window), "d2");
  click (catur_window_get_board_view (window), "d4");
  wait_for_plies (game, 2);
  g_assert_false (catur_game_get_engine_failed (game));
  g_assert_nonnull (catur_engine_panel_get_line (panel, 0));
  g_settings_reset (settings (), "master-movetime");
  catur_ui_test_close (window);
}

/* No engine process outlives its game: the children of this test, once the windows are gone. */
static void
test_no_child_left (void)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/children", getpid (), getpid ());
  g_autofree char *children = NULL;
  gint64 end = g_get_monotonic_time () + 4 * G_TIME_SPAN_SECOND;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("this system does not list a process's children");
      return;
    }
  do
    {
      g_clear_pointer (&children, g_free);
      catur_ui_test_iterate (50);
      g_assert_true (g_file_get_contents (path, &children, NULL, NULL));
      g_strstrip (children);
    }
  while (*children != '\0' && g_get_monotonic_time () < end);
  if (*children != '\0')
    {
      g_auto(GStrv) pids = g_strsplit (children, " ", -1);

      for (guint i = 0; pids[i] != NULL; i++)
        {
          g_autofree char *cmdline_path = g_strdup_printf ("/proc/%s/cmdline", pids[i]);
          g_autofree char *cmdline = NULL;
          gsize length = 0;

          if (g_file_get_contents (cmdline_path, &cmdline, &length, NULL))
            for (gsize c = 0; c + 1 < length; c++)
              if (cmdline[c] == '\0')
                cmdline[c] = ' ';
          if (cmdline != NULL)
            g_test_message ("left: %s %s", pids[i], cmdline);
        }
    }
  g_assert_cmpstr (children, ==, "");
}

/* The New Game dialog offers the game's engines beside Catur's own; the level shows for Catur's
 * own only; the engine chosen there plays the new game. */
static void
test_new_game_dialog (void)
{
  CaturWindow *window;
  CaturGame *game;
  CaturNewGameDialog *dialog;
  AdwComboRow *engine_row, *level_row;
  GListModel *names;
  g_autoptr(CaturGameMove) reply = NULL;
  g_autoptr(CaturGame) old = NULL;

  reset_settings ();
  choose_fake (NULL);
  g_settings_reset (settings (), "game-engines");
  window = engine_window (&game);
  catur_ui_test_iterate (20);
  g_assert_null (catur_game_get_engine (game));

  catur_window_show_new_game_dialog (window);
  catur_ui_test_iterate (100);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  engine_row = catur_new_game_dialog_get_engine_row (dialog);
  level_row = catur_new_game_dialog_get_level_row (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (engine_row)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (level_row)));
  names = adw_combo_row_get_model (engine_row);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 2);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==,
                   "Catur’s Own Engine");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==, "Fake Engine");
  g_assert_cmpuint (adw_combo_row_get_selected (engine_row), ==, 0);
  catur_ui_test_screenshot ("engines-new-game");

  adw_combo_row_set_selected (engine_row, 1);
  catur_ui_test_iterate (20);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (level_row)));
  g_assert_cmpstr (catur_new_game_dialog_get_engine_id (dialog), ==, "fake");
  /* Between two people there is no computer player to choose. */
  adw_combo_row_set_selected (catur_new_game_dialog_get_opponent_row (dialog), 0);
  catur_ui_test_iterate (20);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (engine_row)));
  adw_combo_row_set_selected (catur_new_game_dialog_get_opponent_row (dialog), 1);
  catur_ui_test_iterate (20);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (engine_row)));

  /* Start, the dialog's default button. */
  old = g_object_ref (game);
  press (gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  g_assert_null (catur_window_get_new_game_dialog (window));
  /* The game replaced did not start the engine on its way out. */
  g_assert_null (catur_game_get_engine (old));
  game = catur_window_get_game (window);
  g_assert_nonnull (catur_game_get_engine (game));
  g_assert_cmpstr (catur_game_get_engine (game)->id, ==, "fake");
  g_assert_true (catur_ui_test_wait_until (engine_ready, game));
  click (catur_window_get_board_view (window), "e2");
  click (catur_window_get_board_view (window), "e4");
  wait_for_plies (game, 2);
  reply = g_list_model_get_item (catur_game_get_moves (game), 1);
  g_assert_cmpstr (catur_game_move_get_coordinate (reply), ==, "e7e5");

  /* Next time the dialog proposes it again. */
  catur_window_show_new_game_dialog (window);
  catur_ui_test_iterate (50);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_cmpuint (adw_combo_row_get_selected (catur_new_game_dialog_get_engine_row (dialog)),
                    ==, 1);
  gtk_window_close (GTK_WINDOW (dialog));
  catur_ui_test_iterate (20);
  catur_ui_test_close (window);
}

static gboolean
analysis_over (gpointer data)
{
  CaturAnalysis *analysis = catur_window_get_analysis (data);

  return analysis != NULL && catur_analysis_get_complete (analysis)
         && !catur_analysis_get_running (analysis);
}

/* The engine of the coach's analysis is chosen on the game's page of the preferences; one that
 * fails is said in a toast, and Catur's own engine judges the game. */
static void
test_analysis_engine (void)
{
  CaturWindow *window;
  CaturGame *game;
  CaturPreferencesWindow *preferences;
  GtkWidget *row;
  g_autoptr(GVariant) chosen = NULL;
  g_auto(GStrv) choices = NULL;
  CaturAnalysis *analysis;

  reset_settings ();
  choose_fake ("crash");
  g_settings_reset (settings (), "game-engines");
  window = engine_window (&game);
  catur_ui_test_iterate (20);
  g_assert_null (catur_game_get_engine (game));

  preferences = open_engines_page (window);
  row = wait_for_named (GTK_WIDGET (engines_group (preferences, "chess")), "analysis-engine");
  g_assert_true (ADW_IS_COMBO_ROW (row));
  choices = catur_ui_test_row_choices (ADW_COMBO_ROW (row));
  g_assert_cmpuint (g_strv_length (choices), ==, 2);
  g_assert_cmpstr (choices[0], ==, "Catur’s Own Engine");
  g_assert_cmpstr (choices[1], ==, "Fake Engine");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 0);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), 1);
  chosen = g_settings_get_value (settings (), "analysis-engines");
  g_assert_true (g_variant_equal (chosen, g_variant_new_parsed ("{'chess': 'fake'}")));
  gtk_window_destroy (GTK_WINDOW (preferences));
  catur_ui_test_iterate (20);

  click (catur_window_get_board_view (window), "e2");
  click (catur_window_get_board_view (window), "e4");
  wait_for_plies (game, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse", NULL));
  g_assert_true (catur_ui_test_wait_for_label (
    GTK_WIDGET (window), "Fake Engine stopped. The coach goes on with Catur’s own engine."));
  g_assert_true (catur_ui_test_wait_until (analysis_over, window));
  analysis = catur_window_get_analysis (window);
  g_assert_null (catur_analysis_get_engine (analysis));
  g_assert_nonnull (catur_analysis_get_judgement (analysis, 1));
  catur_ui_test_close (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  catur_ui_test_isolate ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  write_fake ();

  application = catur_ui_test_application ();
  g_test_add_func ("/ui/engines/preferences", test_preferences);
  g_test_add_func ("/ui/engines/play", test_play);
  g_test_add_func ("/ui/engines/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/ui/engines/analysis-engine", test_analysis_engine);
  g_test_add_data_func ("/ui/engines/crash", "crash", test_failure);
  g_test_add_data_func ("/ui/engines/illegal-move", "illegal", test_failure);
  g_test_add_func ("/ui/engines/stockfish", test_stockfish);
  g_test_add_func ("/ui/engines/detect-real", test_detect_real);
  g_test_add_func ("/ui/engines/no-child-left", test_no_child_left);
  status = g_test_run ();
  g_clear_object (&application);
  g_remove (fake_path);
  g_rmdir (fake_dir);
  return status;
}
