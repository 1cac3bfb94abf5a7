/* test-position-editor.c: positions set up in the editor of each game and played from: Shogi
 * with pieces in hand, Banqi with face-up pieces and a hidden pool, Chess with castling rights,
 * Xiangqi against the computer; a position that cannot be played is refused with its reason;
 * Cancel leaves the game alone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include <string.h>

#include "catur-position-editor.h"
#include "catur-ui-test.h"

static CaturApplication *application;

/* The editor as a player sees it, in the light style and the dark one. */
static void
screenshots (const char *name)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autofree char *light = g_strdup_printf ("%s-light", name);
  g_autofree char *dark = g_strdup_printf ("%s-dark", name);

  if (g_getenv ("CATUR_TEST_SCREENSHOTS") == NULL)
    return;
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  catur_ui_test_screenshot (light);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  catur_ui_test_screenshot (dark);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

static CaturVariant *
variant (const char *id)
{
  CaturVariant *found = catur_plugins_find_variant (id);

  g_assert_nonnull (found);
  return found;
}

/* A board square by its name in the game. */
static CaturSquare
square (const char *game,
        const char *name)
{
  CaturGeometry geometry;

  catur_variant_get_geometry (variant (game), &geometry);
  for (guint i = 0; i < (guint) geometry.files * geometry.ranks; i++)
    {
      char text[8];

      catur_variant_square_name (variant (game), i, text);
      if (g_str_equal (text, name))
        return i;
    }
  g_error ("no square %s", name);
  return CATUR_SQUARE_NONE;
}

static CaturPositionEditor *
find_editor (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (CATUR_IS_POSITION_EDITOR (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

static gboolean
editor_shown (gpointer data)
{
  CaturPositionEditor *editor = find_editor ();

  return editor != NULL
         && catur_ui_test_board_ready (catur_position_editor_get_board_view (editor));
}

static gboolean
editor_gone (gpointer data)
{
  return find_editor () == NULL;
}

/* The window showing a new game of @game, and its editor opened by the menu's accelerator. */
static CaturPositionEditor *
open_editor (CaturWindow *window,
             const char  *game_id)
{
  g_autoptr(CaturGame) game = catur_game_new (variant (game_id),
                                              catur_variant_new_position (variant (game_id),
                                                                          NULL, 7));
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                "win.set-up-position");
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (window), "set-up-position");

  catur_window_set_game (window, game);
  g_assert_nonnull (accels[0]);
  g_assert_cmpstr (accels[0], ==, "<Control>e");
  g_assert_true (g_action_get_enabled (action));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.set-up-position", NULL));
  g_assert_true (catur_ui_test_wait_until (editor_shown, NULL));
  return find_editor ();
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
press (CaturPositionEditor *editor,
       const char          *label)
{
  GtkWidget *button = find_button (GTK_WIDGET (editor), label);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  /* As Space on a focused button: GTK emits ::clicked when its pressed look has been seen. */
  gtk_widget_activate (button);
  catur_ui_test_iterate (400);
}

/* Keys typed on the editor's board, as its key controller gets them. */
static void
type (CaturPositionEditor *editor,
      const char          *keys)
{
  for (const char *c = keys; *c != '\0'; c++)
    {
      guint keyval = gdk_unicode_to_keyval ((guchar) *c);

      g_assert_true (catur_position_editor_key_press (editor, keyval,
                                                      g_ascii_isupper (*c) ? GDK_SHIFT_MASK : 0));
      catur_ui_test_iterate (5);
    }
}

/* The chosen piece (by the letter the palette gives it) put down with a click on @name. */
static void
click_piece (CaturPositionEditor *editor,
             const char          *game,
             const char          *letter,
             const char          *name)
{
  g_assert_true (catur_position_editor_choose_piece (editor, letter));
  catur_ui_test_click (catur_position_editor_get_board_view (editor), square (game, name));
}

/* A palette piece dropped on @name, as the board's drop target gets it at the end of a drag. */
static void
drop_piece (CaturPositionEditor *editor,
            const char          *game,
            guint8               kind,
            CaturSide            side,
            const char          *name)
{
  CaturBoardView *view = catur_position_editor_get_board_view (editor);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  const CaturPiece *pieces;
  guint n, index = G_MAXUINT;
  GtkDropTarget *target = NULL;
  GValue value = G_VALUE_INIT;
  gboolean dropped = FALSE;
  double x, y;

  pieces = catur_variant_list_setup_pieces (variant (game), &n);
  for (guint i = 0; i < n && index == G_MAXUINT; i++)
    if (pieces[i].kind == kind && pieces[i].side == side && pieces[i].flags == 0)
      index = i;
  g_assert_cmpuint (index, <, n);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);
  g_assert_true (catur_board_view_square_center (view, square (game, name), &x, &y));
  g_value_init (&value, G_TYPE_UINT);
  g_value_set_uint (&value, index);
  g_signal_emit_by_name (target, "drop", &value, x, y, &dropped);
  g_value_unset (&value);
  g_assert_true (dropped);
  catur_ui_test_iterate (10);
}

static char *
position_text (CaturPositionEditor *editor)
{
  return catur_variant_format (catur_position_editor_get_variant (editor),
                               catur_position_editor_get_position (editor));
}

static const char *
problem_text (CaturPositionEditor *editor)
{
  return gtk_label_get_text (catur_position_editor_get_problem_label (editor));
}

static void
start_two_players (CaturPositionEditor *editor)
{
  press (editor, "_Play");
  g_assert_true (catur_ui_test_wait_until (editor_gone, NULL));
}

static void
test_shogi_hands (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturPositionEditor *editor = open_editor (window, "shogi");
  CaturBoardView *view = catur_position_editor_get_board_view (editor);
  GtkWidget *pawns = catur_position_editor_get_field_widget (editor, "hand-sente-8");
  GtkWidget *silvers = catur_position_editor_get_field_widget (editor, "hand-gote-5");
  CaturGame *game;
  g_autofree char *sfen = NULL;
  g_autofree char *started = NULL;

  press (editor, "C_lear Board");
  click_piece (editor, "shogi", "K", "5i");
  click_piece (editor, "shogi", "k", "5a");
  /* By keyboard: the cursor sent to 5g by its name, a pawn typed there. */
  type (editor, "5gP");
  g_assert_nonnull (strstr (catur_board_view_get_announcement (view), "on 5g"));
  /* A silver for Gote's hand by a click on its hand slot, two pawns for Sente's by the count. */
  g_assert_true (catur_position_editor_choose_piece (editor, "s"));
  catur_ui_test_click (view, CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, 5));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (pawns), 2);
  catur_ui_test_iterate (20);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (silvers)), ==, 1);
  sfen = position_text (editor);
  g_assert_cmpstr (sfen, ==, "4k4/9/9/9/9/9/4P4/9/4K4 b 2Ps 1");
  screenshots ("position-editor-shogi");
  g_assert_cmpstr (problem_text (editor), ==, "The position can be played.");

  start_two_players (editor);
  game = catur_window_get_game (window);
  started = catur_variant_format (variant ("shogi"), catur_game_get_position (game));
  g_assert_cmpstr (started, ==, "4k4/9/9/9/9/9/4P4/9/4K4 b 2Ps 1");
  /* A pawn from the hand, dropped by clicks. */
  catur_ui_test_click (catur_window_get_board_view (window),
                       CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, 8));
  catur_ui_test_click (catur_window_get_board_view (window), square ("shogi", "4e"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpuint (catur_variant_hand_count (variant ("shogi"), catur_game_get_position (game),
                                              CATUR_SIDE_FIRST, 8), ==, 1);
  catur_ui_test_close (window);
}

typedef struct
{
  CaturGame *game;
  guint plies;
} PliesWanted;

static gboolean
plies_reached (gpointer data)
{
  PliesWanted *wanted = data;

  return catur_game_get_n_plies (wanted->game) >= wanted->plies;
}

static void
test_banqi_pool (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturPositionEditor *editor = open_editor (window, "banqi");
  CaturBoardView *board;
  CaturGame *game;
  PliesWanted two;
  g_autofree char *bfen = NULL;
  guint face_down = 0;

  press (editor, "C_lear Board");
  adw_combo_row_set_selected (ADW_COMBO_ROW (catur_position_editor_get_field_widget (editor,
                                                                                     "turn")),
                              0);
  click_piece (editor, "banqi", "K", "a1");
  click_piece (editor, "banqi", "p", "b2");
  click_piece (editor, "banqi", "X", "c3");
  click_piece (editor, "banqi", "X", "d4");
  /* The pool fits the face-down squares by itself, from the kinds the set has most of left. */
  g_assert_cmpstr (problem_text (editor), ==, "The position can be played.");
  /* The pool follows the face-down squares; the player makes it two Black Chariots. */
  gtk_spin_button_set_value (
    GTK_SPIN_BUTTON (catur_position_editor_get_field_widget (editor, "pool-P")), 0);
  gtk_spin_button_set_value (
    GTK_SPIN_BUTTON (catur_position_editor_get_field_widget (editor, "pool-p")), 0);
  g_assert_nonnull (strstr (problem_text (editor), "it holds 0 pieces for 2 face-down squares"));
  gtk_spin_button_set_value (
    GTK_SPIN_BUTTON (catur_position_editor_get_field_widget (editor, "pool-r")), 2);
  catur_ui_test_iterate (20);
  bfen = position_text (editor);
  g_assert_cmpstr (bfen, ==, "4/4/4/4/3X/2X1/1p2/K3 r rr 0 0");
  screenshots ("position-editor-banqi");

  start_two_players (editor);
  game = catur_window_get_game (window);
  board = catur_window_get_board_view (window);
  for (guint sq = 0; sq < 32; sq++)
    {
      CaturPiece piece;

      if (catur_variant_piece_at (variant ("banqi"), catur_game_get_position (game), sq, &piece)
          && (piece.flags & CATUR_PIECE_FACE_DOWN))
        face_down++;
    }
  g_assert_cmpuint (face_down, ==, 2);
  /* Red steps its General; Black turns up a face-down piece: one of the pool's chariots. */
  catur_ui_test_click (board, square ("banqi", "a1"));
  catur_ui_test_click (board, square ("banqi", "a2"));
  catur_ui_test_click (board, square ("banqi", "c3"));
  two = (PliesWanted) { game, 2 };
  g_assert_true (catur_ui_test_wait_until (plies_reached, &two));
  {
    CaturPiece piece;
    g_autofree char *name = NULL;

    g_assert_true (catur_variant_piece_at (variant ("banqi"), catur_game_get_position (game),
                                           square ("banqi", "c3"), &piece));
    name = catur_variant_get_piece_name (variant ("banqi"), &piece);
    g_assert_cmpstr (name, ==, "Black Chariot");
  }
  catur_ui_test_close (window);
}

static void
test_chess_castling (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturPositionEditor *editor = open_editor (window, "chess");
  GtkWidget *black_long = catur_position_editor_get_field_widget (editor, "castle-black-queen");
  CaturBoardView *board;
  CaturGame *game;
  CaturPiece piece;
  g_autofree char *fen = NULL;

  /* A board without kings is shown and said like any other. */
  press (editor, "C_lear Board");
  g_assert_cmpstr (problem_text (editor), ==,
                   "This position cannot be played: White has no king.");
  type (editor, "K");
  g_assert_true (catur_position_editor_set_text (editor,
                                                 "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (black_long)));
  gtk_switch_set_active (GTK_SWITCH (black_long), FALSE);
  catur_ui_test_iterate (20);
  fen = position_text (editor);
  g_assert_cmpstr (fen, ==, "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");

  start_two_players (editor);
  game = catur_window_get_game (window);
  board = catur_window_get_board_view (window);
  catur_ui_test_click (board, square ("chess", "e1"));
  catur_ui_test_click (board, square ("chess", "g1"));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_true (catur_variant_piece_at (variant ("chess"), catur_game_get_position (game),
                                         square ("chess", "f1"), &piece));
  g_assert_cmpuint (piece.kind, ==, 4);
  catur_ui_test_close (window);
}

static gboolean
computer_replied (gpointer data)
{
  CaturGame *game = data;

  return catur_game_get_n_plies (game) >= 2 && !catur_game_get_thinking (game);
}

/* Xiangqi, Black to move, against the computer: the person plays Black, at the bottom, and the
 * computer answers the person's move. */
static void
test_xiangqi_computer (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturPositionEditor *editor = open_editor (window, "xiangqi");
  g_autoptr(GSettings) settings = g_settings_new ("io.github.caturapp.Catur");
  GtkWidget *turn = catur_position_editor_get_field_widget (editor, "turn");
  CaturBoardView *board;
  CaturGame *game;

  g_settings_set_string (settings, "level", "beginner");
  press (editor, "C_lear Board");
  click_piece (editor, "xiangqi", "K", "e0");
  click_piece (editor, "xiangqi", "k", "d9");
  click_piece (editor, "xiangqi", "R", "a0");
  click_piece (editor, "xiangqi", "r", "i9");
  adw_combo_row_set_selected (ADW_COMBO_ROW (turn), 1);
  catur_ui_test_iterate (20);
  {
    g_autofree char *fen = position_text (editor);

    g_assert_true (g_str_has_prefix (fen, "3k4r/9/9/9/9/9/9/9/9/R3K4 b "));
  }
  press (editor, "Play Against _Computer");
  g_assert_true (catur_ui_test_wait_until (editor_gone, NULL));
  game = catur_window_get_game (window);
  board = catur_window_get_board_view (window);
  g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_game_get_bottom_side (game), ==, CATUR_SIDE_SECOND);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  catur_ui_test_click (board, square ("xiangqi", "i9"));
  catur_ui_test_click (board, square ("xiangqi", "i8"));
  g_assert_true (catur_ui_test_wait_until (computer_replied, game));
  g_settings_set_string (settings, "mode", "two-players");
  catur_ui_test_close (window);
}

static void
test_refused (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturPositionEditor *editor = open_editor (window, "shogi");
  CaturGame *before = catur_window_get_game (window);
  GtkWidget *play = find_button (GTK_WIDGET (editor), "_Play");

  /* Nifu: a second Sente pawn on file 5, dragged from the palette, said with the change. */
  drop_piece (editor, "shogi", 8, CATUR_SIDE_FIRST, "5e");
  g_assert_cmpstr (problem_text (editor), ==,
                   "This position cannot be played: Sente has two pawns on file 5.");
  g_assert_nonnull (strstr (catur_board_view_get_announcement (
                              catur_position_editor_get_board_view (editor)),
                            "Cannot be played: Sente has two pawns on file 5"));
  g_assert_false (gtk_widget_is_sensitive (play));
  catur_ui_test_screenshot ("position-editor-refused");
  /* Cancel: the game is the one it was. */
  gtk_widget_activate_action (GTK_WIDGET (editor), "window.close", NULL);
  g_assert_true (catur_ui_test_wait_until (editor_gone, NULL));
  g_assert_true (catur_window_get_game (window) == before);
  g_assert_cmpuint (catur_game_get_n_plies (before), ==, 0);

  /* Chess: two white kings, from the text. */
  editor = open_editor (window, "chess");
  g_assert_true (catur_position_editor_set_text (editor,
                                                 "4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
  click_piece (editor, "chess", "K", "a1");
  g_assert_cmpstr (problem_text (editor), ==,
                   "This position cannot be played: White has 2 kings; it needs exactly 1.");
  g_assert_false (gtk_widget_is_sensitive (find_button (GTK_WIDGET (editor), "_Play")));
  /* A text that cannot be read is refused with its reason, and leaves the position alone. */
  g_assert_false (catur_position_editor_set_text (editor, "4k3/8/8/8/8/8/8/4K3 x - - 0 1"));
  g_assert_cmpstr (problem_text (editor), ==,
                   "The text was not read: Field 2 (side to move): must be “w” or “b”.");
  gtk_widget_activate_action (GTK_WIDGET (editor), "window.close", NULL);
  g_assert_true (catur_ui_test_wait_until (editor_gone, NULL));
  catur_ui_test_close (window);
}

int
main (int argc, char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
  g_test_add_func ("/ui/position-editor/shogi-hands", test_shogi_hands);
  g_test_add_func ("/ui/position-editor/banqi-pool", test_banqi_pool);
  g_test_add_func ("/ui/position-editor/chess-castling", test_chess_castling);
  g_test_add_func ("/ui/position-editor/xiangqi-computer", test_xiangqi_computer);
  g_test_add_func ("/ui/position-editor/refused", test_refused);

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
