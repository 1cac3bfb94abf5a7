/* test-indonesian.c: the window in Indonesian
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs with LANGUAGE=id and the catalogue this build made from po/id.po
 * (<build>/po/id/LC_MESSAGES/catur.mo, bound below as CATUR_TEST_LOCALEDIR), and checks
 * that what a player reads is Indonesian: the side in the turn panel, the game's name in the
 * header bar (Banqi's "Catur Gelap" too), the menus built from the .ui files, the explanation
 * under the board (one message whose words the translation reorders), a question and the
 * result card.
 *
 * Squares are rank * 9 + file, rank 0 on Red's side: b0 = 1, d1 = 12.
 */
#include "catur-ui-test.h"
#include "catur-lesson-panel.h"
#include "catur-start-bar.h"
#include "catur-preferences-window.h"

#include <glib/gi18n.h>
#include <locale.h>

#define B0 1
#define D1 12
#define B9 82
#define H2 25
#define E2 22

static CaturApplication *application;

static void
test_skip (gconstpointer reason)
{
  catur_ui_test_missing (reason);
}

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

/* The label of the item of @menu (or of one of its sections) whose action is @action. */
static char *
menu_label (GMenuModel *menu,
            const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *item_action = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (section != NULL)
        {
          char *label = menu_label (section, action);

          if (label != NULL)
            return label;
          continue;
        }
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action)
          && g_str_equal (item_action, action))
        {
          char *label = NULL;

          g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
          return label;
        }
    }
  return NULL;
}

static void
test_window_in_indonesian (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturTurnPanel *panel = CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
  GMenuModel *menu = catur_ui_test_open_menu (window, "menu_button");
  g_autofree char *open = menu_label (menu, "win.open");
  g_autofree char *preferences = menu_label (menu, "app.preferences");
  g_autofree char *flip = menu_label (menu, "win.flip-board");

  /* The plugin's words: the side to move and the game's name. */
  g_assert_cmpstr (catur_variant_get_side_name (xiangqi (), NULL, CATUR_SIDE_FIRST), ==, "Merah");
  g_assert_cmpstr (catur_turn_panel_get_title (panel), ==, "Merah");
  g_assert_cmpstr (catur_turn_panel_get_state (panel), ==, "Giliran jalan");
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (panel), "Merah"));
  g_assert_cmpstr (catur_variant_get_name (xiangqi ()), ==, "Catur Cina");
  g_assert_cmpstr (catur_ui_test_label_text (window, "game_label"), ==, "Catur Cina");

  /* The shell's words, from the .ui files GtkBuilder translates. */
  g_assert_cmpstr (open, ==, "B_uka…");
  g_assert_cmpstr (preferences, ==, "_Preferensi");
  g_assert_cmpstr (flip, ==, "Balik _Papan");
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (catur_ui_test_child (window,
                                                                               "history_view")),
                                               "Belum ada langkah"));

  catur_ui_test_close (window);
}

static void
test_explanations_in_indonesian (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturBoardView *view = catur_window_get_board_view (window);
  GtkRevealer *shown = GTK_REVEALER (catur_ui_test_child (window, "explanation_revealer"));

  /* Red's horse on b0 may not go to d1: the elephant on c0 stands on its leg. */
  catur_ui_test_click (view, B0);
  g_assert_cmpint (catur_board_view_get_selected (view), ==, B0);
  catur_ui_test_click (view, D1);
  g_test_message ("b0-d1: %s", catur_ui_test_label_text (window, "explanation_label"));
  g_assert_true (gtk_revealer_get_reveal_child (shown));
  g_assert_cmpstr (catur_ui_test_label_text (window, "explanation_label"), ==,
                   "Kaki kuda di c0 terhalang oleh Gajah di sana.");
  g_assert_cmpuint (catur_game_get_n_plies (catur_window_get_game (window)), ==, 0);

  /* Black's horse while Red is to move: the side and the piece swap places in Indonesian
   * ("Kuda Hitam"), so this message takes its arguments by position. */
  catur_board_view_cancel_selection (view);
  catur_ui_test_click (view, B9);
  g_test_message ("b9: %s", catur_ui_test_label_text (window, "explanation_label"));
  g_assert_cmpstr (catur_ui_test_label_text (window, "explanation_label"), ==,
                   "Kuda Hitam di b9 bukan milikmu: sekarang giliran Merah.");

  catur_ui_test_close (window);
}

static void
test_result_in_indonesian (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);

  catur_ui_test_click (view, H2);
  catur_ui_test_click (view, E2);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  /* Black, to move, resigns. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL));
  catur_ui_test_answer ("Menyerah sebagai Hitam?", "Merah memenangkan laga.", "resign");
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Merah menang");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==, "Hitam menyerah");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_moves"), ==, "1 putaran");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (catur_ui_test_child (window,
                                                                          "result_review_button"))),
                   ==, "_Tinjau Ulang");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (catur_ui_test_child (window,
                                                                          "play_again_button"))),
                   ==, "_Main Lagi");

  catur_ui_test_close (window);
}

/* The strip under the board in Indonesian, at the default size: the review bar whole and
 * centred, the explanation too. */
static void
test_strip_in_indonesian (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);

  g_assert_true (catur_game_play_text (game, "h2e2", NULL));
  g_assert_true (catur_game_play_text (game, "h9g7", NULL));
  catur_game_set_view_ply (game, 1);
  g_assert_cmpstr (catur_ui_test_label_text (window, "review_label"), ==,
                   "Posisi setelah 1. C2=5");
  catur_ui_test_check_strip (window, "review_revealer");
  catur_ui_test_screenshot ("id-strip-review");

  catur_game_set_view_ply (game, 2);
  catur_ui_test_click (view, B0);
  catur_ui_test_click (view, 10);
  g_assert_nonnull (catur_board_view_get_explanation (view));
  catur_ui_test_check_strip (window, "explanation_revealer");

  catur_ui_test_close (window);
}

/* The new-game dialog at its default size in Indonesian: every choice shown whole, against
 * the computer too ("Bidak yang Dilepas: Satu Kuda", not "S…"). */
static void
test_new_game_dialog_in_indonesian (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturNewGameDialog *dialog;
  AdwComboRow *level;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.new-game", NULL));
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (dialog));
  catur_ui_test_iterate (100);
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (dialog)));

  adw_combo_row_set_selected (catur_new_game_dialog_get_opponent_row (dialog), 1);
  catur_ui_test_iterate (100);
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (dialog)));
  /* Under the level, its measured strength in this game, the longest (Master's) whole. */
  level = catur_new_game_dialog_get_level_row (dialog);
  adw_combo_row_set_selected (level, CATUR_LEVEL_MASTER);
  catur_ui_test_iterate (100);
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (level)),
                                   "Kira-kira sekuat Fairy-Stockfish pada Skill Level "));
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (dialog)));
  catur_ui_test_screenshot ("id-new-game-computer");
  /* The rung below Master by its name and its score against the rung below it. */
  adw_combo_row_set_selected (level, CATUR_LEVEL_CANDIDATE_MASTER);
  catur_ui_test_iterate (100);
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (level)),
                                   "Meraih sekitar "));
  g_assert_true (g_str_has_suffix (adw_action_row_get_subtitle (ADW_ACTION_ROW (level)),
                                   " poin melawan Ahli"));
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (dialog)));
  catur_ui_test_screenshot ("id-new-game-candidate-master");

  /* As narrow as the main window may be: the titles and descriptions wrap instead. */
  adw_combo_row_set_selected (catur_new_game_dialog_get_opponent_row (dialog), 0);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 360, 560);
  catur_ui_test_iterate (300);
  g_test_message ("dialog %d px wide", gtk_widget_get_width (GTK_WIDGET (dialog)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, 400);
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (dialog)));
  catur_ui_test_screenshot ("id-new-game-narrow");

  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_close (window);
}

/* Chess is not called by the program's own name: Indonesian players call it catur
 * internasional, which the window, the game menu and the preferences show whole. */
static void
test_chess_name_in_indonesian (void)
{
  CaturVariant *chess = catur_plugins_find_variant ("chess");
  CaturWindow *window;
  CaturPreferencesWindow *preferences;
  g_autoptr(CaturGame) game = NULL;

  if (chess == NULL)
    {
      g_test_skip ("The Chess plugin is not on CATUR_PLUGIN_PATH");
      return;
    }
  g_assert_cmpstr (catur_variant_get_name (chess), ==, "Catur Internasional");
  /* The program's name, which Indonesian keeps as it is. */
  g_assert_cmpstr (catur_variant_get_name (chess), !=, "Catur");

  window = catur_ui_test_window (application);
  game = catur_game_new (chess, NULL);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (100);
  g_assert_cmpstr (catur_ui_test_label_text (window, "game_label"), ==, "Catur Internasional");
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (window)));
  catur_ui_test_screenshot ("id-chess-window");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", "s",
                                             "chess"));
  preferences = catur_window_get_preferences_window (window);
  g_assert_nonnull (preferences);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (preferences));
  catur_ui_test_iterate (100);
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (preferences)));
  catur_ui_test_screenshot ("id-chess-preferences");
  gtk_window_destroy (GTK_WINDOW (preferences));

  catur_ui_test_close (window);
}

/* Banqi's stop, the move that ends a chain of captures, is a word: the move list shows it in
 * Indonesian, a player may type it so, and the coordinates and the game file keep `stop`. */
static void
test_banqi_stop_in_indonesian (void)
{
  CaturVariant *banqi = catur_plugins_find_variant ("banqi");
  g_autoptr(GError) error = NULL;
  CaturPosition *start;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(CaturGameMove) stop = NULL;
  g_autoptr(GVariant) options = NULL;
  g_autofree char *text = NULL;
  GVariantDict dict;

  if (banqi == NULL)
    {
      g_test_skip ("The Banqi plugin is not on CATUR_PLUGIN_PATH");
      return;
    }
  start = catur_variant_parse (banqi, "P2p/4/4/4/4/4/e3/Rhh1 r - 0 20", &error);
  g_assert_no_error (error);
  game = catur_game_new (banqi, start);
  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "chain-captures", "s", "on");
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  catur_game_set_options (game, options);

  g_assert_true (catur_game_play_text (game, "a1xb1", &error));
  g_assert_true (catur_game_play_text (game, "berhenti", &error));
  g_assert_no_error (error);
  g_assert_true (catur_game_get_side_to_move (game) == CATUR_SIDE_SECOND);
  stop = g_list_model_get_item (catur_game_get_moves (game), 1);
  g_assert_cmpstr (catur_game_move_get_notation (stop), ==, "berhenti");
  g_assert_cmpstr (catur_game_move_get_coordinate (stop), ==, "stop");

  record = catur_record_new_from_game (game);
  text = catur_variant_write_record (banqi, "pgn", record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "1. a1xb1 stop *"));
}

/* Banqi is "Catur Gelap" where Indonesian players say so: in the header bar, the undo
 * button's tooltip that names the game, the record format and the explanation that names it. */
static void
test_banqi_name_in_indonesian (void)
{
  CaturVariant *banqi = catur_plugins_find_variant ("banqi");
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturPosition) start = NULL;
  CaturWindow *window;
  const CaturRecordFormat *formats;
  guint n_formats;
  g_autofree char *why = NULL;
  const char *reason = NULL;
  CaturMove nowhere = { 0, 31, 0, CATUR_MOVE_DROP };

  if (banqi == NULL)
    {
      g_test_skip ("The Banqi plugin is not on CATUR_PLUGIN_PATH");
      return;
    }
  g_assert_cmpstr (catur_variant_get_name (banqi), ==, "Catur Gelap");
  formats = catur_variant_list_record_formats (banqi, &n_formats);
  g_assert_cmpuint (n_formats, ==, 1);
  g_assert_cmpstr (formats[0].name, ==, "Laga Catur Gelap (PGN)");
  start = catur_variant_new_position (banqi, NULL, 3);
  why = catur_variant_explain (banqi, start, &nowhere, &reason);
  g_assert_cmpstr (why, ==, "Tidak ada bidak Catur Gelap yang jalan seperti itu.");

  window = catur_ui_test_window (application);
  game = catur_game_new (banqi, catur_variant_new_position (banqi, NULL, 3));
  catur_window_set_game (window, game);
  catur_ui_test_iterate (20);
  g_assert_cmpstr (catur_ui_test_label_text (window, "game_label"), ==, "Catur Gelap");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (catur_ui_test_child (window,
                                                                                 "undo_button"))),
                   ==, "Catur Gelap tidak mengenal tarik langkah");
  catur_ui_test_close (window);
}

/* A lesson in Indonesian: its texts, wrapped over lines in the file, are found in the
 * catalogue as xgettext took them out; the panel, the start bar and the tip too. */
static void
test_lesson_in_indonesian (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturStartBar *bar = CATUR_START_BAR (catur_window_get_start_bar (window));
  CaturLessonPanel *panel = CATUR_LESSON_PANEL (catur_window_get_lesson_panel (window));

  g_assert_true (g_str_has_prefix (catur_start_bar_get_tip (bar), "Tips: "));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (bar), "win.learn", "s", "xiangqi"));
  catur_ui_test_iterate (50);
  g_assert_cmpstr (catur_lesson_panel_get_counter (panel), ==, "Tahap 1 dari 11");
  g_assert_cmpstr (catur_lesson_panel_get_task (panel), ==,
                   "Kereta berjalan berapa titik pun sepanjang garis lurus. Jalankan Kereta "
                   "dari a0 ke a9, menyeberangi sungai.");
  catur_ui_test_screenshot ("lesson-xiangqi-id");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "win.lesson-quit", NULL));
  catur_ui_test_close (window);
}

/* The build's catalogue, and a locale in which gettext reads LANGUAGE: glibc ignores it in
 * the "C" locale, which is all a bare machine may have, so C.UTF-8 stands in for id_ID. */
static const char *
use_indonesian (void)
{
  g_autofree char *mo = g_build_filename (CATUR_TEST_LOCALEDIR, "id", "LC_MESSAGES",
                                          GETTEXT_PACKAGE ".mo", NULL);

  if (!g_file_test (mo, G_FILE_TEST_IS_REGULAR))
    return "The build has no Indonesian catalogue (po/id/LC_MESSAGES/catur.mo)";
  if (setlocale (LC_ALL, "id_ID.UTF-8") == NULL && setlocale (LC_ALL, "C.UTF-8") == NULL)
    return "Neither the id_ID.UTF-8 nor the C.UTF-8 locale is installed";
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  const char *skip;
  int status;

  catur_ui_test_isolate ();
  g_setenv ("LANGUAGE", "id", TRUE);
  /* As main.c does, with the build's catalogues instead of the installed ones. */
  bindtextdomain (GETTEXT_PACKAGE, CATUR_TEST_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  gtk_test_init (&argc, &argv, NULL);
  /* gtk_test_init() sets a locale of its own: set ours after it. */
  skip = use_indonesian ();
  adw_init ();

  application = catur_ui_test_application ();
  if (skip == NULL && catur_plugins_find_variant ("xiangqi") == NULL)
    skip = "The Xiangqi plugin is not on CATUR_PLUGIN_PATH";

  if (skip != NULL)
    g_test_add_data_func ("/ui/indonesian/skipped", skip, test_skip);
  else
    {
      g_test_add_func ("/ui/indonesian/window", test_window_in_indonesian);
      g_test_add_func ("/ui/indonesian/explanations", test_explanations_in_indonesian);
      g_test_add_func ("/ui/indonesian/result", test_result_in_indonesian);
      g_test_add_func ("/ui/indonesian/strip", test_strip_in_indonesian);
      g_test_add_func ("/ui/indonesian/new-game-dialog", test_new_game_dialog_in_indonesian);
      g_test_add_func ("/ui/indonesian/banqi-stop", test_banqi_stop_in_indonesian);
      g_test_add_func ("/ui/indonesian/chess-name", test_chess_name_in_indonesian);
      g_test_add_func ("/ui/indonesian/banqi-name", test_banqi_name_in_indonesian);
      g_test_add_func ("/ui/indonesian/lesson", test_lesson_in_indonesian);
    }

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
