/* test-shogi.c: a short game of Shogi played by clicks in the window: a capture, a promotion
 * chosen in the popover by its piece, and a drop from the hand (RULES.md S15's game)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "catur-history-model.h"
#include "catur-preferences-window.h"
#include "catur-ui-test.h"

/* Shogi's piece kinds for the hand slots (the plugin's numbering: R B G S N L P from 2). */
#define BISHOP 3
#define HORSE 10

/* RULES S16: the position after 7g7f 3c3d 8h2b+ 3a2b B*4e. */
#define FINAL_SFEN "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"

static CaturApplication *application;

/* Captures the screen as @name.png in $CATUR_TEST_SCREENSHOTS, when it is set. */
static void
screenshot (const char *name)
{
  const char *folder = g_getenv ("CATUR_TEST_SCREENSHOTS");
  g_autofree char *file = NULL;
  g_autofree char *command = NULL;
  g_autoptr(GError) error = NULL;

  if (folder == NULL)
    return;
  catur_ui_test_iterate (300);
  file = g_strdup_printf ("%s/%s.png", folder, name);
  command = g_strdup_printf ("import -window root %s", file);
  if (!g_spawn_command_line_sync (command, NULL, NULL, NULL, &error))
    g_test_message ("screenshot %s: %s", file, error->message);
}

/* A USI square (`7g`) as CaturSquare numbers it: file 9 left and rank i first, for Sente. */
static CaturSquare
square (const char *name)
{
  int file = name[0] - '0', rank = name[1] - 'a' + 1;

  return (CaturSquare) ((9 - rank) * 9 + (9 - file));
}

static CaturVariant *
shogi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("shogi");

  g_assert_nonnull (variant);
  return variant;
}

static GtkWidget *
find_popover (CaturBoardView *view)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      return child;
  return NULL;
}

static gboolean
popover_shown (gpointer data)
{
  GtkWidget *popover = find_popover (data);

  return popover != NULL && gtk_widget_get_mapped (popover);
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

  return catur_game_get_n_plies (wanted->game) == wanted->plies;
}

static void
click_move (CaturBoardView *view,
            CaturGame      *game,
            CaturSquare     from,
            CaturSquare     to,
            guint           plies_after)
{
  PliesWanted wanted = { game, plies_after };

  catur_ui_test_click (view, from);
  catur_ui_test_click (view, to);
  g_assert_true (catur_ui_test_wait_until (plies_reached, &wanted));
}

static void
test_short_game (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturBoardView *view = catur_window_get_board_view (window);
  g_autoptr(CaturGame) game = catur_game_new (shogi (),
                                              catur_variant_new_position (shogi (), NULL, 0));
  PliesWanted three = { NULL, 3 };
  GtkWidget *popover, *box, *promote, *plain;
  g_autofree char *sfen = NULL;
  CaturPiece piece;

  catur_window_set_game (window, game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready, view));

  click_move (view, game, square ("7g"), square ("7f"), 1);
  click_move (view, game, square ("3c"), square ("3d"), 2);

  /* The Bishop takes on 2b, in the zone: promote or not, chosen by the piece it becomes. */
  catur_ui_test_click (view, square ("8h"));
  catur_ui_test_click (view, square ("2b"));
  g_assert_true (catur_ui_test_wait_until (popover_shown, view));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  screenshot ("shogi-promotion-popover");
  popover = find_popover (view);
  /* Under the heading that asks "Promote?". */
  box = gtk_popover_get_child (GTK_POPOVER (popover));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (box))), ==,
                   "Promote?");
  box = gtk_widget_get_last_child (box);
  promote = gtk_widget_get_first_child (box);
  plain = gtk_widget_get_next_sibling (promote);
  g_assert_nonnull (plain);
  g_assert_null (gtk_widget_get_next_sibling (plain));
  g_assert_true (GTK_IS_PICTURE (gtk_button_get_child (GTK_BUTTON (promote))));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (promote), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Horse");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plain), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Bishop");
  g_assert_true (gtk_widget_activate (promote));
  three.game = game;
  g_assert_true (catur_ui_test_wait_until (plies_reached, &three));
  g_assert_true (catur_variant_piece_at (shogi (), catur_game_get_position (game), square ("2b"),
                                         &piece));
  g_assert_cmpuint (piece.kind, ==, HORSE);
  g_assert_true (piece.flags & CATUR_PIECE_PROMOTED);
  g_assert_cmpuint (catur_variant_hand_count (shogi (), catur_game_get_position (game),
                                              CATUR_SIDE_FIRST, BISHOP), ==, 1);

  /* Gote's Silver takes the Horse back, which goes to Gote's hand as a Bishop. */
  click_move (view, game, square ("3a"), square ("2b"), 4);
  g_assert_cmpuint (catur_variant_hand_count (shogi (), catur_game_get_position (game),
                                              CATUR_SIDE_SECOND, BISHOP), ==, 1);

  /* Sente drops its Bishop from the hand on 4e. */
  click_move (view, game, CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, BISHOP), square ("4e"), 5);
  sfen = catur_variant_format (shogi (), catur_game_get_position (game));
  g_assert_cmpstr (sfen, ==, FINAL_SFEN);
  /* Shogi counts plies (手): five played, the sixth to play, not the third full move. */
  g_assert_true (catur_board_view_key_press (view, GDK_KEY_t, 0));
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==, "Gote to move, move 6.");
  screenshot ("shogi-after-drop");

  catur_ui_test_close (window);
}

/* The move list in Japanese notation: each ply after its mover's mark, ▲ for Sente and △ for
 * Gote, and Gote's plies, of ideographs and full-width digits of several widths, in a straight
 * column. */
static void
test_japanese_move_list (void)
{
  static const char * const moves[] = {
    "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8b3b", "4e3d", "3b3d", "2g2f", "B*5e",
    "2f2e", "5e9i+", "2e2d", "2c2d",
  };
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(CaturGame) game = catur_game_new (shogi (),
                                              catur_variant_new_position (shogi (), NULL, 0));
  CaturHistoryView *history = CATUR_HISTORY_VIEW (catur_ui_test_child (window, "history_view"));
  GtkWidget *list = catur_history_view_get_list (history);
  GListModel *rows = catur_history_view_get_model (history);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.caturapp.Catur.shogi");
  double first_x = -1, second_x = -1;
  guint n_rows = 0;
  char *spoken = NULL, *number = NULL;

  g_settings_set_string (settings, "notation", "japanese");
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autoptr(GError) error = NULL;

      catur_game_play_text (game, moves[i], &error);
      g_assert_no_error (error);
    }
  catur_window_set_game (window, game);
  catur_ui_test_iterate (300);
  screenshot ("shogi-japanese-move-list");

  /* Where the ink of each ply begins, for every row shown: one place per column. A full-width
   * digit stands off the left of its square, an ideograph does not: without the marks Gote's
   * ３四歩 began 2 to 3 pixels right of its 同銀. */
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_widget_get_first_child (row);
      GtkWidget *cells[2];
      double *xs[2] = { &first_x, &second_x };

      if (box == NULL || !gtk_widget_get_mapped (row))
        continue;
      cells[0] = g_object_get_data (G_OBJECT (box), "first");
      cells[1] = g_object_get_data (G_OBJECT (box), "second");
      for (int c = 0; c < 2; c++)
        {
          GtkWidget *label = gtk_button_get_child (GTK_BUTTON (cells[c]));
          guint ply = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (cells[c]), "catur-ply"));
          g_autoptr(CaturGameMove) played = g_list_model_get_item (catur_game_get_moves (game),
                                                                   ply - 1);
          g_autofree char *sentence = NULL;
          PangoRectangle ink;
          graphene_point_t at;
          int offset_x;

          g_assert_true (gtk_widget_compute_point (label, list, &GRAPHENE_POINT_INIT (0, 0),
                                                   &at));
          gtk_label_get_layout_offsets (GTK_LABEL (label), &offset_x, NULL);
          pango_layout_get_pixel_extents (gtk_label_get_layout (GTK_LABEL (label)), &ink, NULL);
          g_test_message ("row %u ply %d “%s” at %.1f", n_rows, c,
                          gtk_label_get_text (GTK_LABEL (label)), at.x + offset_x + ink.x);
          if (*xs[c] < 0)
            *xs[c] = at.x + offset_x + ink.x;
          g_assert_cmpfloat (fabs (*xs[c] - (at.x + offset_x + ink.x)), <, 1.0);

          /* A screen reader gets the move in words too, as the board says it: a voice reads
           * ▲７六歩 poorly. */
          sentence = catur_variant_describe_move (shogi (),
                                                  catur_game_get_position_at (game, ply - 1),
                                                  catur_game_move_get_move (played));
          g_assert_true (g_str_is_ascii (sentence));
          gtk_test_accessible_assert_property (cells[c], GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                               sentence);
          /* Each ply is read with its own number (手), as the review bar numbers it. */
          spoken = g_strdup_printf ("%u. %s, %s", ply, c == 0 ? "Sente" : "Gote",
                                    gtk_label_get_text (GTK_LABEL (label)));
          gtk_test_accessible_assert_property (cells[c], GTK_ACCESSIBLE_PROPERTY_LABEL, spoken);
          g_clear_pointer (&spoken, g_free);
        }
      /* The row is numbered by its first ply: 1, 3, 5… */
      number = g_strdup_printf ("%u.", 2 * n_rows + 1);
      g_assert_cmpstr (gtk_label_get_text (g_object_get_data (G_OBJECT (box), "number")), ==,
                       number);
      g_clear_pointer (&number, g_free);
      n_rows++;
    }
  g_assert_cmpuint (n_rows, ==, G_N_ELEMENTS (moves) / 2);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CaturHistoryRow) row = g_list_model_get_item (rows, i);

      g_assert_true (g_str_has_prefix (catur_history_row_get_first (row), "▲"));
      g_assert_true (g_str_has_prefix (catur_history_row_get_second (row), "△"));
    }
  {
    g_autoptr(CaturHistoryRow) row = g_list_model_get_item (rows, 1);

    g_assert_cmpstr (catur_history_row_get_first (row), ==, "▲２二角成");
    g_assert_cmpstr (catur_history_row_get_second (row), ==, "△同銀");
  }

  g_settings_reset (settings, "notation");
  catur_ui_test_close (window);
}

static gboolean
plies_at_least (gpointer data)
{
  PliesWanted *wanted = data;

  return catur_game_get_n_plies (wanted->game) >= wanted->plies;
}

/* Against the computer, which plays Sente and so moves first: its move comes, and the board
 * takes the player's answer, which the computer answers in turn. */
static void
test_computer_plays (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.caturapp.Catur");
  CaturWindow *window = catur_ui_test_window (application);
  CaturBoardView *view = catur_window_get_board_view (window);
  g_autoptr(CaturGame) game = catur_game_new (shogi (),
                                              catur_variant_new_position (shogi (), NULL, 0));
  CaturGame *shown;
  PliesWanted wanted;

  catur_window_set_game (window, game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready, view));
  g_settings_set_string (settings, "level", "beginner");
  g_settings_set_string (settings, "human-side", "second");
  g_settings_set_string (settings, "mode", "computer");

  shown = catur_window_get_game (window);
  wanted = (PliesWanted) { shown, 1 };
  g_assert_true (catur_ui_test_wait_until (plies_at_least, &wanted)
                 || catur_ui_test_wait_until (plies_at_least, &wanted));
  g_assert_cmpuint (catur_game_get_n_plies (shown), ==, 1);
  catur_ui_test_click (view, square ("3c"));
  catur_ui_test_click (view, square ("3d"));
  wanted.plies = 3;
  g_assert_true (catur_ui_test_wait_until (plies_at_least, &wanted)
                 || catur_ui_test_wait_until (plies_at_least, &wanted));

  g_settings_reset (settings, "mode");
  g_settings_reset (settings, "human-side");
  g_settings_reset (settings, "level");
  catur_ui_test_close (window);
}
/* The rank labels are Shogi's own display choice: a row on its page of the preferences, bound
 * to its key, which applies at once (it says nothing of the next game). */
static void
test_rank_labels_row (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.caturapp.Catur.shogi");
  CaturWindow *window = catur_ui_test_window (application);
  CaturPreferencesWindow *preferences;
  GtkWidget *found;
  AdwComboRow *combo;
  g_autofree char *value = NULL;

  g_settings_reset (settings, "rank-labels");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", "s",
                                             "shogi"));
  preferences = catur_window_get_preferences_window (window);
  g_assert_nonnull (preferences);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (preferences));
  /* Every choice of Shogi's page reads whole at the window's default size, the longest
   * handicap's too: the rows' titles and subtitles wrap instead. */
  g_settings_set_string (settings, "handicap", "rook-lance");
  catur_ui_test_iterate (100);
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (preferences)));
  gtk_window_set_default_size (GTK_WINDOW (preferences), 640, 1000);
  screenshot ("shogi-preferences");
  g_settings_reset (settings, "handicap");

  found = catur_ui_test_find_named (GTK_WIDGET (preferences), "rank-labels");
  g_assert_true (ADW_IS_COMBO_ROW (found));
  combo = ADW_COMBO_ROW (found);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (combo)), ==,
                   "Rank Labels");
  g_assert_null (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (combo)), "next game"));
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (combo)), ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, 0);
  adw_combo_row_set_selected (combo, 1);
  value = g_settings_get_string (settings, "rank-labels");
  g_assert_cmpstr (value, ==, "letters");
  g_settings_set_string (settings, "rank-labels", "kanji");
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, 0);

  gtk_window_destroy (GTK_WINDOW (preferences));
  g_settings_reset (settings, "rank-labels");
  catur_ui_test_close (window);
}

static gboolean
opened_with_plies (gpointer data)
{
  PliesWanted *wanted = data;
  CaturGame *game = catur_window_get_game (CATUR_WINDOW (wanted->game));

  return game != NULL && catur_game_get_n_plies (game) == wanted->plies;
}

/* Opens @name, holding @bytes, and saves it back with "Save": the file's bytes afterwards. */
static char *
open_and_save (const char *name,
               const char *bytes,
               gsize       length,
               gsize      *saved_length)
{
  g_autofree char *folder = g_dir_make_tmp ("catur-shogi-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autofree char *saved = g_strdup_printf ("Saved “%s”", name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CaturWindow *window = catur_ui_test_window (application);
  PliesWanted wanted = { (CaturGame *) window, 2 };
  char *text = NULL;

  g_assert_true (g_file_set_contents (path, bytes, (gssize) length, NULL));
  catur_window_open_file (window, file);
  g_assert_true (catur_ui_test_wait_until (opened_with_plies, &wanted));
  g_assert_true (g_file_equal (catur_window_get_game_file (window), file));
  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_true (catur_ui_test_wait_for_label (GTK_WIDGET (window), saved));
  g_assert_true (g_file_get_contents (path, &text, saved_length, NULL));
  g_assert_cmpuint (*saved_length, >, 0);
  catur_ui_test_close (window);
  g_unlink (path);
  g_rmdir (folder);
  return text;
}

/* S15: a `.kif` opened from Shift_JIS is saved back in Shift_JIS, a `.kifu` in UTF-8. */
static void
test_kif_saved_in_its_encoding (void)
{
  static const char kif[] = "手合割：平手\n手数----指手---------消費時間--\n"
                            "   1 ７六歩(77)\n   2 ３四歩(33)\n";
  g_autoptr(GError) error = NULL;
  gsize length = 0, saved_length = 0;
  g_autofree char *sjis = g_convert (kif, -1, "CP932", "UTF-8", NULL, &length, &error);
  g_autofree char *saved = NULL;
  g_autofree char *decoded = NULL;

  g_assert_no_error (error);
  saved = open_and_save ("game.kif", sjis, length, &saved_length);
  g_assert_false (g_utf8_validate (saved, (gssize) saved_length, NULL));
  decoded = g_convert (saved, (gssize) saved_length, "UTF-8", "CP932", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (decoded, "３四歩(33)"));

  g_clear_pointer (&saved, g_free);
  saved = open_and_save ("game.kifu", kif, strlen (kif), &saved_length);
  g_assert_true (g_utf8_validate (saved, (gssize) saved_length, NULL));
  g_assert_nonnull (strstr (saved, "３四歩(33)"));
}

/* The letters drawn on the board view: each text node's bounds, and whether it reads upright. */
typedef struct
{
  graphene_rect_t bounds;
  gboolean upright;
} DrawnText;

static void
collect_texts (GskRenderNode *node,
               GskTransform  *transform,
               GArray        *texts)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        collect_texts (gsk_container_node_get_child (node, i), transform, texts);
      break;
    case GSK_TRANSFORM_NODE:
      {
        GskTransform *inner = gsk_transform_transform (gsk_transform_ref (transform),
                                                       gsk_transform_node_get_transform (node));

        collect_texts (gsk_transform_node_get_child (node), inner, texts);
        gsk_transform_unref (inner);
      }
      break;
    case GSK_CLIP_NODE:
      collect_texts (gsk_clip_node_get_child (node), transform, texts);
      break;
    case GSK_ROUNDED_CLIP_NODE:
      collect_texts (gsk_rounded_clip_node_get_child (node), transform, texts);
      break;
    case GSK_OPACITY_NODE:
      collect_texts (gsk_opacity_node_get_child (node), transform, texts);
      break;
    case GSK_DEBUG_NODE:
      collect_texts (gsk_debug_node_get_child (node), transform, texts);
      break;
    case GSK_TEXT_NODE:
      {
        DrawnText text;
        float xx = 1, yx = 0, xy = 0, yy = 1, dx = 0, dy = 0;
        graphene_rect_t bounds;

        gsk_render_node_get_bounds (node, &bounds);
        gsk_transform_transform_bounds (transform, &bounds, &text.bounds);
        gsk_transform_to_2d (transform, &xx, &yx, &xy, &yy, &dx, &dy);
        text.upright = xx > 0 && yy > 0;
        g_array_append_val (texts, text);
      }
      break;
    default:
      break;
    }
}

static GArray *
drawn_texts (CaturBoardView *view)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (view));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  GArray *texts = g_array_new (FALSE, FALSE, sizeof (DrawnText));

  catur_ui_test_iterate (50);
  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (GTK_WIDGET (view)),
                          gtk_widget_get_height (GTK_WIDGET (view)));
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  collect_texts (node, NULL, texts);
  return texts;
}

/* The point where the corners of @a and @b meet (two squares diagonal to each other). */
static void
corner_between (CaturBoardView *view,
                const char     *a,
                const char     *b,
                double         *x,
                double         *y)
{
  double ax, ay, bx, by;

  g_assert_true (catur_board_view_square_center (view, square (a), &ax, &ay));
  g_assert_true (catur_board_view_square_center (view, square (b), &bx, &by));
  *x = (ax + bx) / 2;
  *y = (ay + by) / 2;
}

/* The piece letters (the piece-letters setting) on Gote's koma read upright for the player
 * while the koma point at Sente, and no letter's badge touches a star point: Gote's Pawns on
 * 7c and 4c and Sente's on 7f stand with a corner on one. In table mode Gote's letters turn
 * with the koma, for the player across the table. */
static void
test_letters_upright (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturBoardView *view = catur_window_get_board_view (window);
  g_autoptr(CaturGame) game = catur_game_new (shogi (),
                                              catur_variant_new_position (shogi (), NULL, 0));
  g_autoptr(GArray) texts = NULL;
  const char * const stars[][2] = {
    { "7c", "6d" }, { "4c", "3d" }, { "7f", "6g" }, { "4f", "3g" },
  };
  double cell, x0, y0, x1, y1;
  guint on_board = 0;

  catur_window_set_game (window, game);
  catur_board_view_set_piece_letters (view, TRUE);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready, view));
  g_assert_true (catur_game_play_text (game, "7g7f", NULL));
  catur_ui_test_iterate (300);

  g_assert_true (catur_board_view_square_center (view, square ("9a"), &x0, &y0));
  g_assert_true (catur_board_view_square_center (view, square ("1i"), &x1, &y1));
  cell = (x1 - x0) / 8;
  texts = drawn_texts (view);
  for (guint i = 0; i < texts->len; i++)
    {
      DrawnText *text = &g_array_index (texts, DrawnText, i);
      double cx = text->bounds.origin.x + text->bounds.size.width / 2;
      double cy = text->bounds.origin.y + text->bounds.size.height / 2;

      g_assert_true (text->upright);
      if (cx < x0 - cell / 2 || cx > x1 + cell / 2 || cy < y0 - cell / 2 || cy > y1 + cell / 2)
        continue;
      on_board++;
      /* The badge's radius (0.15 of a cell) and the star's (0.09 at most) with room between. */
      for (guint j = 0; j < G_N_ELEMENTS (stars); j++)
        {
          double sx, sy;

          corner_between (view, stars[j][0], stars[j][1], &sx, &sy);
          g_assert_cmpfloat (hypot (cx - sx, cy - sy), >=, 0.26 * cell);
        }
    }
  g_assert_cmpuint (on_board, ==, 40);

  /* In table mode the player at the top reads its own letters: Gote's twenty turn round. */
  catur_board_view_set_table_mode (view, TRUE);
  g_clear_pointer (&texts, g_array_unref);
  texts = drawn_texts (view);
  on_board = 0;
  for (guint i = 0; i < texts->len; i++)
    {
      DrawnText *text = &g_array_index (texts, DrawnText, i);
      double cx = text->bounds.origin.x + text->bounds.size.width / 2;
      double cy = text->bounds.origin.y + text->bounds.size.height / 2;

      if (cx > x0 - cell / 2 && cx < x1 + cell / 2 && cy > y0 - cell / 2 && cy < y1 + cell / 2)
        on_board += !text->upright;
    }
  g_assert_cmpuint (on_board, ==, 20);
  catur_board_view_set_table_mode (view, FALSE);

  catur_board_view_set_piece_letters (view, FALSE);
  catur_ui_test_close (window);
}

/* A window showing a new game of Shogi with no clock. */
static CaturWindow *
shogi_window (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(CaturGame) game = catur_game_new (shogi (), NULL);

  catur_window_set_game (window, game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (catur_window_get_board_view (window)));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready,
                                           catur_window_get_board_view (window)));
  return window;
}

/* Shogi's game clock (RULES.md §T): the New Game dialog offers Shogi's clocks. With no main
 * time and two byoyomi periods of one second: a move within the period keeps it whole; Gote,
 * who does not move, uses up one period, then the other, and loses on time. */
static void
test_game_clock (void)
{
  static const char * const presets[] = {
    "No Clock", "10 min, then 30 s byoyomi", "30 s byoyomi", "30 min, then 1 min byoyomi",
    "10 s byoyomi", "15 min + 10 s a move", NULL,
  };
  CaturWindow *window = shogi_window ();
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturClockFace *top = catur_ui_test_clock_face (window, "top_clock");
  CaturClockFace *bottom = catur_ui_test_clock_face (window, "bottom_clock");
  CaturGame *game;
  CaturClock *clock;

  catur_ui_test_check_clock_choices (window, presets);

  game = catur_ui_test_timed_game (window, shogi (), NULL, "0b1x2");
  clock = catur_game_get_clock (game);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (top)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bottom)));
  g_assert_cmpint (catur_clock_face_get_side (bottom), ==, CATUR_SIDE_FIRST);
  g_assert_cmpuint (catur_clock_get_periods (clock, CATUR_SIDE_FIRST), ==, 2);

  click_move (view, game, square ("7g"), square ("7f"), 1);
  g_assert_cmpuint (catur_clock_get_periods (clock, CATUR_SIDE_FIRST), ==, 2);
  g_assert_cmpint (catur_clock_get_remaining (clock, CATUR_SIDE_FIRST), ==, 1000);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_SECOND);

  /* Gote's first period runs out: the second counts, the game goes on. */
  catur_ui_test_iterate (1300);
  g_assert_false (catur_game_is_over (game));
  g_assert_cmpuint (catur_clock_get_periods (clock, CATUR_SIDE_SECOND), ==, 1);
  g_assert_true (catur_clock_in_byoyomi (clock, CATUR_SIDE_SECOND));

  g_assert_true (catur_ui_test_wait_over (game, 3));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_FIRST);
  catur_ui_test_iterate (20);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Sente wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "Gote ran out of time");
  catur_ui_test_close (window);
}

/* A game at 10 min and 30 s byoyomi, saved as KIF, says so in KIF's words and opens again on
 * the same clock; saved from there as CSA, the same. */
static void
test_clock_in_records (void)
{
  CaturWindow *window = shogi_window ();
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_ui_test_timed_game (window, shogi (), NULL, "600b30");
  CaturWindow *from_kif, *from_csa;
  g_autofree char *kif_clock = NULL;
  g_autofree char *csa_clock = NULL;

  click_move (view, game, square ("7g"), square ("7f"), 1);
  click_move (view, game, square ("3c"), square ("3d"), 2);
  from_kif = catur_ui_test_save_and_reopen (application, window, "clock.kifu",
                                            "持ち時間：各10分（秒読み30秒）\n");
  kif_clock = catur_ui_test_clock_text (catur_window_get_game (from_kif));
  g_assert_cmpstr (kif_clock, ==, "600b30");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (catur_ui_test_clock_face (from_kif,
                                                                               "top_clock"))));
  from_csa = catur_ui_test_save_and_reopen (application, from_kif, "clock.csa",
                                            "$TIME_LIMIT:00:10+30\n");
  csa_clock = catur_ui_test_clock_text (catur_window_get_game (from_csa));
  g_assert_cmpstr (csa_clock, ==, "600b30");
  catur_ui_test_close (from_csa);
  catur_ui_test_close (from_kif);
  catur_ui_test_close (window);
}

/* The computer plays Shogi on a short Fischer clock and never flags. */
static void
test_computer_on_clock (void)
{
  static const char * const moves[] = { "7g7f", "2g2f", NULL };
  CaturWindow *window = shogi_window ();

  catur_ui_test_computer_on_clock (window, shogi (), "2+1", moves, 4);
  catur_ui_test_close (window);
}

int
main (int argc, char *argv[])
{
  int status;

  /* GTK's own test context keeps what widgets tell assistive technologies, for the checks. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
  g_test_add_func ("/ui/shogi/short-game", test_short_game);
  g_test_add_func ("/ui/shogi/computer-plays", test_computer_plays);
  g_test_add_func ("/ui/shogi/rank-labels-row", test_rank_labels_row);
  g_test_add_func ("/ui/shogi/japanese-move-list", test_japanese_move_list);
  g_test_add_func ("/ui/shogi/kif-saved-in-its-encoding", test_kif_saved_in_its_encoding);
  g_test_add_func ("/ui/shogi/letters-upright", test_letters_upright);
  g_test_add_func ("/ui/shogi/game-clock", test_game_clock);
  g_test_add_func ("/ui/shogi/clock-in-records", test_clock_in_records);
  g_test_add_func ("/ui/shogi/computer-on-clock", test_computer_on_clock);

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
