/* test-preferences.c: every preference row against its key, themes, and the game switcher
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Before anything loads:
 * - XDG_DATA_HOME points to a scratch folder holding the player's own Xiangqi piece themes: a
 *   good one ("mine", copies of the classic images), one with an image that is no SVG
 *   ("broken") and one missing its images ("missing");
 * - the test games of tests/variant join the plugins: Sandbox (a game without a settings
 *   schema) and Sandbox Dark, so that the switcher has several games to keep.
 *
 * Rows are found by their widget names: a key's name, or "<key>:<theme id>" for a theme.
 */
#include <glib/gstdio.h>

#include "catur-ui-test.h"
#include "catur-history-model.h"
#include "catur-preferences-window.h"
#include "testgame.h"

#define A0 0
#define H2 25
#define E2 22
/* Sandbox's squares (6 × 6). */
#define SANDBOX_C2 8
#define SANDBOX_C4 20
#define SANDBOX_D5 27
#define SANDBOX_D4 21

static CaturApplication *application;
static char *data_home;

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

/* Helpers */

static GSettings *
app_settings (void)
{
  return catur_application_get_settings (application);
}

static GSettings *
xiangqi_settings (void)
{
  static GSettings *settings;

  if (settings == NULL)
    settings = g_settings_new ("io.github.caturapp.Catur.xiangqi");
  return settings;
}

static void
reset_all (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
}

/* Every test starts from the defaults. */
static void
reset_settings (void)
{
  reset_all (app_settings ());
  reset_all (xiangqi_settings ());
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_LIGHT);
  catur_ui_test_iterate (10);
}

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

/* The row @name of the preferences. */
static GtkWidget *
row (CaturPreferencesWindow *preferences,
     const char             *name)
{
  GtkWidget *found = catur_ui_test_find_named (GTK_WIDGET (preferences), name);

  if (found == NULL)
    g_error ("No preference row named %s", name);
  g_assert_true (ADW_IS_PREFERENCES_ROW (found));
  return found;
}

static GtkSwitch *
row_switch (CaturPreferencesWindow *preferences,
            const char             *name)
{
  GtkWidget *toggle = find_type (row (preferences, name), GTK_TYPE_SWITCH);

  g_assert_nonnull (toggle);
  return GTK_SWITCH (toggle);
}

static GtkCheckButton *
row_check (CaturPreferencesWindow *preferences,
           const char             *name)
{
  GtkWidget *check = find_type (row (preferences, name), GTK_TYPE_CHECK_BUTTON);

  g_assert_nonnull (check);
  return GTK_CHECK_BUTTON (check);
}

/* Whether a label under @widget shows @text in its words. */
static gboolean
label_mentions (GtkWidget  *widget,
                const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (label_mentions (child, text))
      return TRUE;
  return FALSE;
}

/* Whether the markup of a label under @widget holds @markup. */
static gboolean
label_markup_has (GtkWidget  *widget,
                  const char *markup)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), markup) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (label_markup_has (child, markup))
      return TRUE;
  return FALSE;
}

static CaturPreferencesWindow *
open_preferences (CaturWindow *window,
                  const char  *page)
{
  CaturPreferencesWindow *preferences;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", "s",
                                             page != NULL ? page : ""));
  preferences = catur_window_get_preferences_window (window);
  g_assert_nonnull (preferences);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (preferences));
  return preferences;
}

static void
close_preferences (CaturWindow *window)
{
  CaturPreferencesWindow *preferences = catur_window_get_preferences_window (window);

  if (preferences != NULL)
    gtk_window_destroy (GTK_WINDOW (preferences));
  catur_ui_test_iterate (20);
  g_assert_null (catur_window_get_preferences_window (window));
}

typedef struct
{
  GSettings *settings;
  const char *key;
  gboolean value;
} BooleanKey;

static gboolean
boolean_key_is (gpointer data)
{
  BooleanKey *key = data;

  return g_settings_get_boolean (key->settings, key->key) == key->value;
}

/* Activates a switch row, as a click on it does, and waits for the switch to write @key:
 * a switch slides to its new state before it changes it. */
static void
activate_switch_row (CaturPreferencesWindow *preferences,
                     GSettings              *settings,
                     const char             *key)
{
  BooleanKey wanted = { settings, key, !g_settings_get_boolean (settings, key) };

  adw_action_row_activate (ADW_ACTION_ROW (row (preferences, key)));
  g_assert_true (catur_ui_test_wait_until (boolean_key_is, &wanted));
}

/* A switch row: activating the row writes the key, and the key moves the switch. */
static void
check_switch_row (CaturPreferencesWindow *preferences,
                  GSettings              *settings,
                  const char             *key)
{
  GtkSwitch *toggle = row_switch (preferences, key);
  gboolean value = g_settings_get_boolean (settings, key);

  g_test_message ("switch row %s", key);
  g_assert_cmpint (gtk_switch_get_active (toggle), ==, value);
  activate_switch_row (preferences, settings, key);
  g_assert_cmpint (gtk_switch_get_active (toggle), ==, !value);
  activate_switch_row (preferences, settings, key);
  g_assert_cmpint (gtk_switch_get_active (toggle), ==, value);

  g_settings_set_boolean (settings, key, !value);
  g_assert_cmpint (gtk_switch_get_active (toggle), ==, !value);
  g_settings_set_boolean (settings, key, value);
  g_assert_cmpint (gtk_switch_get_active (toggle), ==, value);
}

/* A combo row over a string or enum key: each choice selected writes its value, each value
 * written selects its choice. */
static void
check_combo_row (CaturPreferencesWindow *preferences,
                 GSettings              *settings,
                 const char             *key,
                 const char * const     *values)
{
  AdwComboRow *combo = ADW_COMBO_ROW (row (preferences, key));
  g_autofree char *initial = g_settings_get_string (settings, key);
  guint n = g_strv_length ((char **) values);

  g_test_message ("combo row %s", key);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (combo)), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *value = NULL;

      adw_combo_row_set_selected (combo, i);
      value = g_settings_get_string (settings, key);
      g_assert_cmpstr (value, ==, values[i]);
    }
  for (guint i = n; i-- > 0;)
    {
      g_settings_set_string (settings, key, values[i]);
      g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, i);
    }
  g_settings_set_string (settings, key, initial);
}

/* A group of theme rows: activating a row writes its id, writing an id checks its row. */
static void
check_theme_rows (CaturPreferencesWindow *preferences,
                  GSettings              *settings,
                  const char             *key,
                  const char * const     *ids)
{
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s:%s", key, ids[i]);
      g_autofree char *value = NULL;

      g_test_message ("theme row %s", name);
      adw_action_row_activate (ADW_ACTION_ROW (row (preferences, name)));
      value = g_settings_get_string (settings, key);
      g_assert_cmpstr (value, ==, ids[i]);
      for (guint j = 0; ids[j] != NULL; j++)
        {
          g_autofree char *other = g_strdup_printf ("%s:%s", key, ids[j]);

          g_assert_cmpint (gtk_check_button_get_active (row_check (preferences, other)), ==,
                           i == j);
        }
    }
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s:%s", key, ids[i]);

      g_settings_set_string (settings, key, ids[i]);
      g_assert_true (gtk_check_button_get_active (row_check (preferences, name)));
    }
}

static gboolean
label_under (GtkWidget  *widget,
             const char *text)
{
  return catur_ui_test_has_label (widget, text);
}

/* Tests */

static void
test_preferences_opened_from_menu_and_keys (void)
{
  CaturWindow *window;
  g_auto(GStrv) accels = NULL;
  GMenuModel *menu;
  gboolean listed = FALSE;

  reset_settings ();
  window = catur_ui_test_window (application);

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                  "app.preferences('')");
  g_assert_true (g_strv_contains ((const char * const *) accels, "<Control>comma"));

  /* The main menu has the item. */
  menu = catur_ui_test_open_menu (window, "menu_button");
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      for (int i = 0; section != NULL && i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *action = NULL;

          if (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &action)
              && g_str_equal (action, "app.preferences"))
            listed = TRUE;
        }
    }
  g_assert_true (listed);

  /* The General page first; a game's page by its id; a game without settings has none. */
  open_preferences (window, NULL);
  g_assert_cmpstr (adw_preferences_window_get_visible_page_name (
                     ADW_PREFERENCES_WINDOW (catur_window_get_preferences_window (window))),
                   ==, "general");
  open_preferences (window, "xiangqi");
  g_assert_cmpstr (adw_preferences_window_get_visible_page_name (
                     ADW_PREFERENCES_WINDOW (catur_window_get_preferences_window (window))),
                   ==, "xiangqi");
  open_preferences (window, "sandbox");
  g_assert_cmpstr (adw_preferences_window_get_visible_page_name (
                     ADW_PREFERENCES_WINDOW (catur_window_get_preferences_window (window))),
                   ==, "general");
  g_assert_null (catur_preferences_window_get_variant_settings (
                   catur_window_get_preferences_window (window),
                   catur_plugins_find_variant ("sandbox")));
  close_preferences (window);

  catur_ui_test_close (window);
}

static void
test_preferences_general_rows (void)
{
  static const char * const modes[] = { "two-players", "computer", NULL };
  static const char * const levels[] = { "newcomer", "beginner", "casual", "intermediate",
                                         "advanced", "expert", "candidate-master", "master",
                                         NULL };
  static const char * const notations[] = { "wxf", "wxf-strict", "chinese", "iccs", NULL };
  static const char * const switches[] = {
    "animations", "piece-letters", "table-mode", "undo-needs-permission", "swap-colours",
  };
  CaturWindow *window;
  CaturPreferencesWindow *preferences;
  GSettings *settings = app_settings ();
  CaturBoardView *view;
  AdwComboRow *notation;
  const CaturNotationInfo *notation_list;
  guint n_notations;
  GtkSpinButton *spin;
  GPtrArray *variants = catur_plugins_get_variants ();
  g_autoptr(GPtrArray) games = g_ptr_array_new ();

  /* Every game this build has, in the menu's order: Xiangqi first, the test games last. */
  for (guint i = 0; i < variants->len; i++)
    g_ptr_array_add (games, (gpointer) catur_variant_get_id (g_ptr_array_index (variants, i)));
  g_assert_cmpuint (games->len, >=, 3);
  g_assert_cmpstr (g_ptr_array_index (games, 0), ==, "xiangqi");
  g_assert_cmpstr (g_ptr_array_index (games, games->len - 2), ==, "sandbox");
  g_assert_cmpstr (g_ptr_array_index (games, games->len - 1), ==, "sandbox-dark");
  g_ptr_array_add (games, NULL);

  reset_settings ();
  window = catur_ui_test_window (application);
  view = catur_window_get_board_view (window);
  preferences = open_preferences (window, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    check_switch_row (preferences, settings, switches[i]);

  check_combo_row (preferences, settings, "game", (const char * const *) games->pdata);
  check_combo_row (preferences, settings, "mode", modes);
  check_combo_row (preferences, settings, "level", levels);
  check_combo_row (preferences, settings, "hint-level", levels);
  /* The game in play hears the hints' level at once. */
  g_settings_set_string (settings, "hint-level", "expert");
  g_assert_cmpint (catur_game_get_hint_level (catur_window_get_game (window)), ==,
                   CATUR_LEVEL_EXPERT);
  g_settings_reset (settings, "hint-level");
  g_assert_cmpint (catur_game_get_hint_level (catur_window_get_game (window)), ==,
                   CATUR_LEVEL_HINT);
  /* The notation is the game shown's own setting, listed by the names the game gives. */
  check_combo_row (preferences, xiangqi_settings (), "notation", notations);
  notation = ADW_COMBO_ROW (row (preferences, "notation"));
  notation_list = catur_variant_list_notations (xiangqi (), &n_notations);
  g_assert_cmpuint (n_notations, ==, 4);
  for (guint i = 0; i < n_notations; i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (adw_combo_row_get_model (notation),
                                                               i);

      g_assert_cmpstr (gtk_string_object_get_string (item), ==, notation_list[i].name);
    }
  g_assert_cmpstr (notation_list[2].name, ==, "Chinese");
  g_assert_cmpstr (notation_list[3].name, ==, "ICCS");

  /* The master's time, shown in seconds and kept in milliseconds. */
  spin = GTK_SPIN_BUTTON (find_type (row (preferences, "master-movetime"),
                                     GTK_TYPE_SPIN_BUTTON));
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (spin),
                                  g_settings_get_int (settings, "master-movetime") / 1000.0,
                                  1e-9);
  gtk_spin_button_set_value (spin, 5.5);
  g_assert_cmpint (g_settings_get_int (settings, "master-movetime"), ==, 5500);
  g_settings_set_int (settings, "master-movetime", 12000);
  g_assert_cmpfloat_with_epsilon (gtk_spin_button_get_value (spin), 12.0, 1e-9);

  /* The level matters against the computer, the time at the master level. */
  g_settings_set_string (settings, "mode", "two-players");
  g_assert_false (gtk_widget_get_sensitive (row (preferences, "level")));
  g_assert_false (gtk_widget_get_sensitive (row (preferences, "master-movetime")));
  g_settings_set_string (settings, "mode", "computer");
  g_settings_set_string (settings, "level", "master");
  g_assert_true (gtk_widget_get_sensitive (row (preferences, "level")));
  g_assert_true (gtk_widget_get_sensitive (row (preferences, "master-movetime")));
  g_settings_set_string (settings, "level", "beginner");
  g_assert_false (gtk_widget_get_sensitive (row (preferences, "master-movetime")));

  /* The rows apply at once: the board and the game follow. */
  activate_switch_row (preferences, settings, "piece-letters");
  g_assert_true (catur_board_view_get_piece_letters (view));
  activate_switch_row (preferences, settings, "table-mode");
  g_assert_true (catur_board_view_get_table_mode (view));
  activate_switch_row (preferences, settings, "animations");
  g_assert_false (catur_board_view_get_animations (view));
  activate_switch_row (preferences, settings, "undo-needs-permission");
  g_assert_cmpint (catur_game_get_undo_policy (catur_window_get_game (window)), ==,
                   CATUR_UNDO_POLICY_FREE);
  adw_combo_row_set_selected (notation, 3);
  g_assert_cmpstr (catur_game_get_notation (catur_window_get_game (window)), ==, "iccs");

  /* Chinese notation in the move list: Black's files in full-width digits. */
  adw_combo_row_set_selected (notation, 2);
  g_assert_cmpstr (catur_game_get_notation (catur_window_get_game (window)), ==, "chinese");
  g_assert_true (catur_game_play_text (catur_window_get_game (window), "h2e2", NULL));
  g_assert_true (catur_game_play_text (catur_window_get_game (window), "h9g7", NULL));
  catur_ui_test_iterate (10);
  {
    GListModel *rows = catur_history_view_get_model (CATUR_HISTORY_VIEW (
                                                       catur_ui_test_child (window,
                                                                            "history_view")));
    g_autoptr(CaturHistoryRow) first_row = g_list_model_get_item (rows, 0);

    g_assert_cmpstr (catur_history_row_get_first (first_row), ==, "炮二平五");
    g_assert_cmpstr (catur_history_row_get_second (first_row), ==, "马８进７");
  }

  close_preferences (window);
  reset_settings ();
  catur_ui_test_close (window);
}

static void
test_preferences_game_page (void)
{
  static const char * const boards[] = { "contrast", "wood", NULL };
  static const char * const pieces[] = { "international", "mine", "classic", NULL };
  static const char * const sides[] = { "none", "red", "black", NULL };
  static const char * const horses[] = { "1", "2", "chariot", "cannon", "chariot-horse",
                                          "chariot-two-horses", NULL };
  CaturWindow *window;
  CaturPreferencesWindow *preferences;
  GSettings *settings = xiangqi_settings ();
  CaturBoardView *view;
  CaturGame *game;
  g_autofree char *start_fen = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *next_start = NULL;
  g_autofree char *help = NULL;
  g_autofree char *link = NULL;
  GtkWidget *pieces_group;
  const char *subtitle;

  reset_settings ();
  window = catur_ui_test_window (application);
  view = catur_window_get_board_view (window);
  game = catur_window_get_game (window);
  start_fen = catur_variant_format (xiangqi (), catur_game_get_position (game));
  preferences = open_preferences (window, "xiangqi");
  g_assert_true (catur_preferences_window_get_variant_settings (preferences, xiangqi ()) != NULL);

  /* Legal-move markers are the game's own, on by default, and the board follows them. */
  g_assert_true (g_settings_get_boolean (settings, "show-legal-moves"));
  check_switch_row (preferences, settings, "show-legal-moves");
  activate_switch_row (preferences, settings, "show-legal-moves");
  g_assert_false (catur_board_view_get_show_legal_moves (view));
  g_assert_false (g_variant_get_boolean (g_action_group_get_action_state (
                                           G_ACTION_GROUP (window), "show-legal-moves")));
  g_settings_set_boolean (settings, "show-legal-moves", TRUE);
  g_assert_true (catur_board_view_get_show_legal_moves (view));

  /* The themes, the player's own among the pieces; the board takes each. */
  check_theme_rows (preferences, settings, "board-theme", boards);
  g_assert_cmpstr (catur_board_view_get_board_theme (view), ==, "wood");
  adw_action_row_activate (ADW_ACTION_ROW (row (preferences, "board-theme:contrast")));
  g_assert_cmpstr (catur_board_view_get_board_theme (view), ==, "contrast");
  check_theme_rows (preferences, settings, "piece-theme", pieces);
  g_assert_cmpstr (catur_board_view_get_piece_theme (view), ==, "classic");
  adw_action_row_activate (ADW_ACTION_ROW (row (preferences, "piece-theme:mine")));
  g_assert_cmpstr (catur_board_view_get_piece_theme (view), ==, "mine");
  g_assert_cmpstr (catur_theme_cache_get_theme (catur_board_view_get_theme_cache (view))->id, ==,
                   "mine");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row (preferences,
                                                                     "piece-theme:mine"))),
                   ==, "Copies of the classic pieces (your own theme)");
  /* The broken themes are listed too: the player may choose them (see broken-theme). */
  row (preferences, "piece-theme:broken");
  row (preferences, "piece-theme:missing");
  /* How to make pieces of one's own is the help's business: the group links to its page, and
   * no folder or file name stands in the preferences. */
  pieces_group = gtk_widget_get_ancestor (row (preferences, "piece-theme:classic"),
                                          ADW_TYPE_PREFERENCES_GROUP);
  help = catur_application_get_help_uri ("themes");
  link = g_markup_printf_escaped ("<a href=\"%s\">", help);
  g_assert_true (label_markup_has (pieces_group, link));
  g_assert_false (label_mentions (GTK_WIDGET (preferences), "theme.ini"));
  g_assert_false (label_mentions (GTK_WIDGET (preferences), "/catur/themes"));
  g_assert_false (label_mentions (GTK_WIDGET (preferences), data_home));

  /* The set-up options, which say they apply to the next game. */
  check_combo_row (preferences, settings, "voor-side", sides);
  check_combo_row (preferences, settings, "voor-horses", horses);
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row (preferences, "voor-side")));
  g_assert_nonnull (strstr (subtitle, "Applies to the next game"));
  g_settings_set_string (settings, "voor-side", "none");
  g_assert_false (gtk_widget_get_sensitive (row (preferences, "voor-horses")));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (preferences, "voor-side")), 2);
  g_assert_true (gtk_widget_get_sensitive (row (preferences, "voor-horses")));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (preferences, "voor-horses")), 1);

  /* The game on the board keeps its start; the next one gives two black horses. */
  fen = catur_variant_format (xiangqi (), catur_game_get_position (catur_window_get_game (window)));
  g_assert_cmpstr (fen, ==, start_fen);
  catur_window_new_game (window);
  next_start = catur_variant_describe_start (xiangqi (), catur_game_get_start_position (
                                                           catur_window_get_game (window)));
  g_assert_cmpstr (next_start, ==, "Black gives two horses");

  close_preferences (window);
  reset_settings ();
  catur_ui_test_close (window);
}

typedef struct
{
  CaturBoardView *view;
  GdkTexture *old;
} TextureChange;

static gboolean
board_texture_changed (gpointer data)
{
  TextureChange *change = data;
  GdkTexture *texture = catur_board_view_get_board_texture (change->view);

  return texture != NULL && texture != change->old;
}

static GdkTexture *
red_chariot (CaturBoardView *view)
{
  CaturPiece piece = { 5, CATUR_SIDE_FIRST, 0 };

  return catur_theme_cache_get_piece (catur_board_view_get_theme_cache (view), &piece);
}

static void
test_theme_switch_redraws (void)
{
  CaturWindow *window;
  CaturBoardView *view;
  CaturThemeCache *cache;
  g_autoptr(GdkTexture) board = NULL;
  g_autoptr(GdkTexture) chariot = NULL;
  TextureChange change;
  int pixel_size;

  reset_settings ();
  window = catur_ui_test_window (application);
  view = catur_window_get_board_view (window);
  cache = catur_board_view_get_theme_cache (view);

  /* References keep the old textures alive, so that a new one cannot take their address. */
  board = g_object_ref (catur_board_view_get_board_texture (view));
  chariot = g_object_ref (red_chariot (view));
  pixel_size = catur_theme_cache_get_pixel_size (cache);
  g_assert_cmpstr (catur_theme_cache_get_theme (cache)->id, ==, "classic");

  /* Frames without a change draw the same images: nothing is rendered again. */
  for (int i = 0; i < 3; i++)
    {
      gtk_widget_queue_draw (GTK_WIDGET (view));
      gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
      g_assert_true (catur_board_view_get_board_texture (view) == board);
      g_assert_true (red_chariot (view) == chariot);
      g_assert_cmpint (catur_theme_cache_get_pixel_size (cache), ==, pixel_size);
    }

  /* Another piece theme: new piece images at the same size, the same board. */
  g_settings_set_string (xiangqi_settings (), "piece-theme", "international");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_cmpstr (catur_board_view_get_piece_theme (view), ==, "international");
  g_assert_cmpstr (catur_theme_cache_get_theme (cache)->id, ==, "international");
  g_assert_true (red_chariot (view) != chariot);
  g_assert_cmpint (catur_theme_cache_get_pixel_size (cache), ==, pixel_size);
  g_assert_true (catur_board_view_get_board_texture (view) == board);

  /* Another board theme: the board is drawn again. */
  change.view = view;
  change.old = board;
  g_settings_set_string (xiangqi_settings (), "board-theme", "contrast");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_true (catur_ui_test_wait_until (board_texture_changed, &change));
  g_assert_cmpstr (catur_board_view_get_board_theme (view), ==, "contrast");
  g_set_object (&board, catur_board_view_get_board_texture (view));

  /* The dark style: the board's dark colours. */
  change.old = board;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_true (catur_ui_test_wait_until (board_texture_changed, &change));
  g_set_object (&board, catur_board_view_get_board_texture (view));

  /* Another size: everything at the new size. */
  change.old = board;
  g_set_object (&chariot, red_chariot (view));
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 560);
  g_assert_true (catur_ui_test_wait_until (board_texture_changed, &change));
  g_assert_cmpint (catur_theme_cache_get_pixel_size (cache), !=, pixel_size);
  g_assert_true (red_chariot (view) != chariot);

  reset_settings ();
  catur_ui_test_close (window);
}

typedef struct
{
  GtkWidget *widget;
  const char *text;
} Toast;

static gboolean
toast_shown (gpointer data)
{
  Toast *toast = data;

  return label_under (toast->widget, toast->text);
}

static gboolean
piece_theme_is_default (gpointer data)
{
  const char *theme = catur_board_view_get_piece_theme (data);

  return theme == NULL || g_str_equal (theme, "classic");
}

static gboolean
setting_is_classic (gpointer data)
{
  g_autofree char *value = g_settings_get_string (xiangqi_settings (), "piece-theme");

  return g_str_equal (value, "classic");
}

static void
test_broken_theme_falls_back (void)
{
  CaturWindow *window;
  CaturPreferencesWindow *preferences;
  CaturBoardView *view;
  CaturThemeCache *cache;
  Toast toast;

  reset_settings ();
  window = catur_ui_test_window (application);
  view = catur_window_get_board_view (window);
  cache = catur_board_view_get_theme_cache (view);

  /* Chosen in the preferences: a theme with an image that is no SVG. The toast comes where
   * the player looks, the board shows the default, the setting goes back to it. */
  preferences = open_preferences (window, "xiangqi");
  adw_action_row_activate (ADW_ACTION_ROW (row (preferences, "piece-theme:broken")));
  toast.widget = GTK_WIDGET (preferences);
  toast.text = "The piece theme “Broken Pieces” could not be loaded; showing “Classic”";
  g_assert_true (catur_ui_test_wait_until (toast_shown, &toast));
  g_assert_true (catur_ui_test_wait_until (setting_is_classic, NULL));
  g_assert_true (catur_ui_test_wait_until (piece_theme_is_default, view));
  g_assert_cmpstr (catur_theme_cache_get_theme (cache)->id, ==, "classic");
  g_assert_true (gtk_check_button_get_active (row_check (preferences, "piece-theme:classic")));
  g_assert_nonnull (red_chariot (view));
  close_preferences (window);

  /* Set elsewhere: a theme whose images are missing, and one that does not exist. */
  g_settings_set_string (xiangqi_settings (), "piece-theme", "missing");
  toast.widget = GTK_WIDGET (window);
  toast.text = "The piece theme “Missing Pieces” could not be loaded; showing “Classic”";
  g_assert_true (catur_ui_test_wait_until (toast_shown, &toast));
  g_assert_true (catur_ui_test_wait_until (setting_is_classic, NULL));
  g_assert_cmpstr (catur_theme_cache_get_theme (cache)->id, ==, "classic");

  g_settings_set_string (xiangqi_settings (), "piece-theme", "no-such-theme");
  toast.text = "The piece theme “no-such-theme” could not be loaded; showing “Classic”";
  g_assert_true (catur_ui_test_wait_until (toast_shown, &toast));
  g_assert_true (catur_ui_test_wait_until (setting_is_classic, NULL));

  /* The board still plays. */
  catur_ui_test_click (view, H2);
  catur_ui_test_click (view, E2);
  g_assert_cmpuint (catur_game_get_n_plies (catur_window_get_game (window)), ==, 1);

  reset_settings ();
  catur_ui_test_close (window);
}

/* Where the game @id stands in the game menu, which lists every game this build has. */
static guint
game_index (const char *id)
{
  GPtrArray *variants = catur_plugins_get_variants ();

  for (guint i = 0; i < variants->len; i++)
    if (g_str_equal (catur_variant_get_id (g_ptr_array_index (variants, i)), id))
      return i;
  g_assert_not_reached ();
}

static void
test_switcher_keeps_each_game (void)
{
  CaturWindow *window;
  CaturPreferencesWindow *preferences;
  CaturBoardView *view;
  CaturGame *first, *sandbox;
  g_autofree char *game = NULL;

  reset_settings ();
  window = catur_ui_test_window (application);
  view = catur_window_get_board_view (window);
  first = catur_window_get_game (window);
  g_assert_true (catur_game_get_variant (first) == xiangqi ());
  g_settings_set_string (xiangqi_settings (), "piece-theme", "international");
  catur_ui_test_click (view, H2);
  catur_ui_test_click (view, E2);
  g_assert_cmpuint (catur_game_get_n_plies (first), ==, 1);

  /* Switched from the preferences: a game of the other variant, with its own (default) theme
   * and no settings of its own. */
  preferences = open_preferences (window, NULL);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row (preferences, "game")), game_index ("sandbox"));
  sandbox = catur_window_get_game (window);
  g_assert_cmpstr (catur_variant_get_id (catur_game_get_variant (sandbox)), ==, "sandbox");
  g_assert_cmpuint (catur_game_get_n_plies (sandbox), ==, 0);
  g_assert_null (catur_board_view_get_piece_theme (view));
  g_assert_true (catur_board_view_get_show_legal_moves (view));
  g_assert_false (g_action_group_has_action (G_ACTION_GROUP (window), "show-legal-moves"));
  g_assert_cmpstr (catur_variant_get_name (catur_preferences_window_get_variant (preferences)),
                   ==, "Sandbox");
  close_preferences (window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  catur_ui_test_click (view, SANDBOX_C2);
  catur_ui_test_click (view, SANDBOX_C4);
  catur_ui_test_click (view, SANDBOX_D5);
  catur_ui_test_click (view, SANDBOX_D4);
  g_assert_cmpuint (catur_game_get_n_plies (sandbox), ==, 2);

  /* Back from the header's switcher: the first game where it was, with its theme. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.game", "s", "xiangqi"));
  g_assert_true (catur_window_get_game (window) == first);
  g_assert_cmpuint (catur_game_get_n_plies (first), ==, 1);
  g_assert_cmpstr (catur_board_view_get_piece_theme (view), ==, "international");
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "show-legal-moves"));
  game = g_settings_get_string (app_settings (), "game");
  g_assert_cmpstr (game, ==, "xiangqi");

  /* And the second game again, where it was. */
  g_settings_set_string (app_settings (), "game", "sandbox");
  g_assert_true (catur_window_get_game (window) == sandbox);
  g_assert_cmpuint (catur_game_get_n_plies (sandbox), ==, 2);

  reset_settings ();
  g_assert_true (catur_window_get_game (window) == first);
  catur_ui_test_close (window);
}

static void
test_window_state_keys (void)
{
  CaturWindow *window;
  GSettings *settings = app_settings ();
  AdwFlap *flap;

  reset_settings ();
  g_settings_set_int (settings, "window-width", 900);
  g_settings_set_int (settings, "window-height", 700);
  g_settings_set_boolean (settings, "sidebar-visible", FALSE);
  window = catur_ui_test_window (application);
  flap = ADW_FLAP (catur_ui_test_child (window, "flap"));

  /* Read at start; the sidebar's state is written as the player changes it. */
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-sidebar", NULL));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  g_assert_true (g_settings_get_boolean (settings, "sidebar-visible"));

  /* The size is written when the window closes. */
  gtk_window_set_default_size (GTK_WINDOW (window), 820, 640);
  catur_ui_test_iterate (50);
  gtk_window_close (GTK_WINDOW (window));
  catur_ui_test_iterate (50);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 820);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 640);

  reset_settings ();
}

/* The player's themes, written before GLib reads XDG_DATA_HOME. */

static void
write_file (const char *folder,
            const char *name,
            const void *contents,
            gsize       length)
{
  g_autofree char *path = g_build_filename (data_home, "catur", "themes", "xiangqi", folder, name,
                                            NULL);
  g_autofree char *parent = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
  g_assert_true (g_file_set_contents (path, contents, length, NULL));
}

static void
write_user_themes (void)
{
  static const char * const sides[] = { "red", "black" };
  static const char * const kinds[] = {
    "general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn",
  };

  write_file ("mine", "theme.ini",
              "[Theme]\nName=Mine\nDescription=Copies of the classic pieces\n"
              "Preview=red-general.svg\n", -1);
  write_file ("broken", "theme.ini", "[Theme]\nName=Broken Pieces\nPreview=red-general.svg\n", -1);
  write_file ("missing", "theme.ini", "[Theme]\nName=Missing Pieces\n", -1);

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        g_autofree char *image = g_strdup_printf ("%s-%s.svg", sides[s], kinds[k]);
        g_autofree char *resource = g_strdup_printf ("/io/github/caturapp/Catur/xiangqi/themes/"
                                                     "classic/%s", image);
        g_autoptr(GBytes) bytes = g_resources_lookup_data (resource, 0, NULL);
        gsize length;
        const void *data;

        g_assert_nonnull (bytes);
        data = g_bytes_get_data (bytes, &length);
        write_file ("mine", image, data, length);
        /* One image of the broken theme is text. */
        if (s == 0 && k == 4)
          write_file ("broken", image, "this is not a drawing", -1);
        else
          write_file ("broken", image, data, length);
      }
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
test_skip_without_plugin (void)
{
  catur_ui_test_missing ("The Xiangqi plugin is not on CATUR_PLUGIN_PATH");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* After the isolation, which points XDG_DATA_HOME at a folder of its own. */
  catur_ui_test_isolate ();
  data_home = g_dir_make_tmp ("catur-preferences-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  /* The test games join the plugins the application loads. */
  testgame_add_plugin_path ();

  application = catur_ui_test_application ();
  if (catur_plugins_find_variant ("xiangqi") == NULL)
    g_test_add_func ("/ui/preferences/skipped", test_skip_without_plugin);
  else
    {
      write_user_themes ();
      g_test_add_func ("/ui/preferences/opened-from-menu-and-keys",
                       test_preferences_opened_from_menu_and_keys);
      g_test_add_func ("/ui/preferences/general-rows", test_preferences_general_rows);
      g_test_add_func ("/ui/preferences/game-page", test_preferences_game_page);
      g_test_add_func ("/ui/preferences/theme-switch-redraws", test_theme_switch_redraws);
      g_test_add_func ("/ui/preferences/broken-theme-falls-back", test_broken_theme_falls_back);
      g_test_add_func ("/ui/preferences/switcher-keeps-each-game", test_switcher_keeps_each_game);
      g_test_add_func ("/ui/preferences/window-state-keys", test_window_state_keys);
    }

  status = g_test_run ();
  g_clear_object (&application);
  remove_tree (data_home);
  g_free (data_home);
  return status;
}
