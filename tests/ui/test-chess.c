/* test-chess.c: chess played in the window by clicks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Scholar's mate clicked square by square up to the result card, a promotion to a knight chosen
 * from the popover of piece images, castling by a click of the king onto its rook, the per-move
 * time limit from the settings to the result card; the game clock by the board, its flag, a
 * PGN that keeps it, and the computer playing on it.
 */
#include <math.h>

#include "catur-ui-test.h"

/* A chess square by its name: rank * 8 + file, as the plugin numbers them. */
#define SQ(name) ((CaturSquare) (((name)[1] - '1') * 8 + ((name)[0] - 'a')))

#define KNIGHT 2
#define KING 6
#define ROOK 4

static CaturApplication *application;

static CaturVariant *
chess (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("chess");

  g_assert_nonnull (variant);
  return variant;
}

/* A window playing a new game of chess from @fen (NULL: the start). */
static CaturWindow *
window_with (const char  *fen,
             CaturGame  **game)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(GError) error = NULL;
  CaturPosition *position = fen != NULL ? catur_variant_parse (chess (), fen, &error)
                                        : catur_variant_new_position (chess (), NULL, 0);

  g_assert_no_error (error);
  *game = catur_game_new (chess (), position);
  catur_window_set_game (window, *game);
  g_object_unref (*game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (catur_window_get_board_view (window)));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready,
                                           catur_window_get_board_view (window)));
  return window;
}

static void
click (CaturBoardView *view,
       const char     *square)
{
  double x, y;

  g_assert_true (catur_board_view_square_center (view, SQ (square), &x, &y));
  catur_board_view_click_at (view, x, y);
}

static void
test_scholars_mate (void)
{
  static const char * const clicks[] = {
    "e2", "e4", "e7", "e5", "f1", "c4", "b8", "c6", "d1", "h5", "g8", "f6", "h5", "f7",
  };
  CaturGame *game;
  CaturWindow *window = window_with (NULL, &game);
  CaturBoardView *view = catur_window_get_board_view (window);

  for (guint i = 0; i < G_N_ELEMENTS (clicks); i += 2)
    {
      click (view, clicks[i]);
      click (view, clicks[i + 1]);
      g_assert_cmpuint (catur_game_get_n_plies (game), ==, i / 2 + 1);
    }
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_CHECKMATE);
  catur_ui_test_iterate (50);
  g_assert_true (catur_ui_test_revealed (window, "result_revealer"));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "White wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==, "Checkmate");
  catur_ui_test_close (window);
}

/* Seed 001's first option: the legal squares are shown at first, chess's own setting and the
 * main menu's toggle turn them off together. */
static void
test_show_legal_moves (void)
{
  CaturGame *game;
  CaturWindow *window = window_with (NULL, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  g_autoptr(GSettings) chess_settings = g_settings_new ("io.github.caturapp.Catur.chess");
  g_autoptr(GVariant) state = NULL;

  g_assert_true (g_settings_get_boolean (chess_settings, "show-legal-moves"));
  g_assert_true (catur_board_view_get_show_legal_moves (view));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window),
                                                     "win.show-legal-moves", NULL));
  catur_ui_test_iterate (10);
  g_assert_false (g_settings_get_boolean (chess_settings, "show-legal-moves"));
  g_assert_false (catur_board_view_get_show_legal_moves (view));
  g_settings_reset (chess_settings, "show-legal-moves");
  g_assert_true (catur_board_view_get_show_legal_moves (view));
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-legal-moves");
  g_assert_true (g_variant_get_boolean (state));
  catur_ui_test_close (window);
}

static CaturTurnPanel *
turn_panel (CaturWindow *window)
{
  return CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
}

/* The player's time limit of 30 seconds, chosen in chess's settings, reaches the next game: the
 * turn panel counts down for the player to move; when Black's time runs out (the clock's expiry,
 * called rather than waited for), Black loses and the card says so. Play Again keeps the limit
 * and swaps the colours after the finished game: the player at the bottom has Black. */
static void
test_time_limit (void)
{
  CaturGame *game;
  CaturWindow *window = window_with (NULL, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturMoveClock *clock = catur_turn_panel_get_clock (turn_panel (window));
  g_autoptr(GSettings) chess_settings = g_settings_new ("io.github.caturapp.Catur.chess");

  g_assert_null (catur_ui_test_running_clock_text (window));
  g_settings_set_string (chess_settings, "move-time", "30");
  catur_window_new_game (window);
  catur_ui_test_iterate (20);
  game = catur_window_get_game (window);
  g_assert_cmpstr (catur_ui_test_running_clock_text (window), ==, "0:30");
  g_assert_true (catur_move_clock_get_running (clock));

  click (view, "e2");
  click (view, "e4");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  catur_move_clock_expire (clock);
  catur_ui_test_iterate (50);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_true (catur_ui_test_revealed (window, "result_revealer"));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "White wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "Black ran out of time");
  g_assert_false (catur_move_clock_get_running (clock));

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.play-again",
                                                     NULL));
  catur_ui_test_iterate (20);
  game = catur_window_get_game (window);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpint (catur_game_get_bottom_side (game), ==, CATUR_SIDE_SECOND);
  g_assert_true (catur_board_view_get_flipped (view));
  g_assert_cmpstr (catur_ui_test_running_clock_text (window), ==, "0:30");
  g_settings_reset (chess_settings, "move-time");
  catur_ui_test_close (window);
}

/* White's time runs out, a Queen up, against a lone King: a lone King could never mate, so the
 * game is drawn, and the card says why. */
static void
test_time_out_draw (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturMoveClock *clock = catur_turn_panel_get_clock (turn_panel (window));
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GVariant) options = NULL;
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-time", "s", "60");
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  game = catur_game_new (chess (), catur_variant_parse (chess (),
                                                        "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1",
                                                        NULL));
  catur_game_set_options (game, options);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (20);
  g_assert_cmpstr (catur_ui_test_running_clock_text (window), ==, "1:00");

  catur_move_clock_expire (clock);
  catur_ui_test_iterate (50);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Draw");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "White ran out of time, but Black has too little left to checkmate");
  catur_ui_test_close (window);
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

static gboolean
played_one (gpointer data)
{
  return catur_game_get_n_plies (data) == 1;
}

static void
test_promotion_to_knight (void)
{
  static const char * const names[] = { "Queen", "Rook", "Bishop", "Knight" };
  CaturGame *game;
  CaturWindow *window = window_with ("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  GtkWidget *popover, *button;
  CaturPiece piece;
  guint i = 0;

  click (view, "a7");
  click (view, "b8");
  g_assert_true (catur_ui_test_wait_until (popover_shown, view));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);

  /* A button per piece, showing its image, named for assistive technologies. */
  popover = find_popover (view);
  /* Under the heading "Promote to". */
  button = gtk_widget_get_first_child (
    gtk_widget_get_last_child (gtk_popover_get_child (GTK_POPOVER (popover))));
  for (GtkWidget *b = button; b != NULL; b = gtk_widget_get_next_sibling (b), i++)
    {
      g_assert_cmpuint (i, <, G_N_ELEMENTS (names));
      g_assert_true (GTK_IS_PICTURE (gtk_button_get_child (GTK_BUTTON (b))));
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (b), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           names[i]);
      if (i == 3)
        button = b;
    }
  g_assert_cmpuint (i, ==, 4);
  g_assert_true (gtk_widget_activate (button));
  g_assert_true (catur_ui_test_wait_until (played_one, game));
  g_assert_true (catur_variant_piece_at (chess (), catur_game_get_position (game), SQ ("b8"),
                                         &piece));
  g_assert_cmpuint (piece.kind, ==, KNIGHT);
  g_assert_cmpuint (piece.side, ==, CATUR_SIDE_FIRST);
  catur_ui_test_close (window);
}

static void
test_castle_onto_rook (void)
{
  CaturGame *game;
  CaturWindow *window = window_with ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturPiece piece;

  click (view, "e1");
  click (view, "h1");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_true (catur_variant_piece_at (chess (), catur_game_get_position (game), SQ ("g1"),
                                         &piece));
  g_assert_cmpuint (piece.kind, ==, KING);
  g_assert_true (catur_variant_piece_at (chess (), catur_game_get_position (game), SQ ("f1"),
                                         &piece));
  g_assert_cmpuint (piece.kind, ==, ROOK);
  g_assert_false (catur_variant_piece_at (chess (), catur_game_get_position (game), SQ ("h1"),
                                          &piece));
  catur_ui_test_close (window);
}

static gboolean
computer_replied (gpointer data)
{
  return catur_game_get_n_plies (data) == 2 && !catur_game_get_thinking (data);
}

/* The computer answers a move at Beginner, and the hint is offered on the player's turn. */
static void
test_computer_player (void)
{
  CaturGame *game;
  CaturWindow *window = window_with (NULL, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  GAction *hint;

  g_assert_true (catur_variant_can_think (chess ()));
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  click (view, "e2");
  click (view, "e4");
  g_assert_true (catur_ui_test_wait_until (computer_replied, game));
  hint = g_action_map_lookup_action (G_ACTION_MAP (window), "hint");
  g_assert_nonnull (hint);
  g_assert_true (g_action_get_enabled (hint));
  catur_ui_test_close (window);
}

/* The first ply's label in the move list's first row. */
static GtkWidget *
first_row_label (CaturWindow *window,
                 const char  *which)
{
  CaturHistoryView *history = CATUR_HISTORY_VIEW (catur_ui_test_child (window, "history_view"));
  GtkWidget *list = catur_history_view_get_list (history);

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_widget_get_first_child (row);
      GtkWidget *cell = box != NULL ? g_object_get_data (G_OBJECT (box), which) : NULL;

      if (cell != NULL && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (cell), "catur-ply")) <= 2)
        return gtk_button_get_child (GTK_BUTTON (cell));
    }
  g_assert_not_reached ();
}

/* The label as the window draws it, in its colours on the list's background. */
static GdkTexture *
render_widget (GtkWidget *widget)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (widget));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (root);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  graphene_point_t at;

  g_assert_true (gtk_widget_compute_point (widget, root, &GRAPHENE_POINT_INIT (0, 0), &at));
  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (root),
                          gtk_widget_get_height (root));
  node = gtk_snapshot_free_to_node (snapshot);
  return gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                      node, &GRAPHENE_RECT_INIT (at.x, at.y,
                                                                 gtk_widget_get_width (widget),
                                                                 gtk_widget_get_height (widget)));
}

static double
luminance (const guchar *pixel)
{
  double channel[3];

  /* GDK_MEMORY_DEFAULT is B G R A, premultiplied; the pixels here are opaque. */
  for (int i = 0; i < 3; i++)
    {
      double c = pixel[2 - i] / 255.0;

      channel[i] = c <= 0.03928 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
    }
  return 0.2126 * channel[0] + 0.7152 * channel[1] + 0.0722 * channel[2];
}

/* The figure at the start of @label's text: its height in pixels of strong ink (rows with a
 * pixel of at least 4.5 : 1 against the background, as WCAG asks of text) and how many such
 * pixels it has; and the same height of a capital H in the label's font. */
static void
measure_figure (GtkWidget *label,
                int       *figure_height,
                int       *figure_strong,
                int       *capital_height,
                int       *capital_strong)
{
  g_autoptr(GdkTexture) texture = render_widget (label);
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guchar *pixels = g_malloc ((gsize) width * height * 4);
  PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (label));
  g_autoptr(PangoLayout) capital = pango_layout_copy (layout);
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  PangoRectangle run;
  int offset_x, offset_y, left, right, top = height, bottom = -1;
  double background;

  gdk_texture_download (texture, pixels, (gsize) width * 4);
  background = luminance (pixels);   /* the corner: no ink there */
  gtk_label_get_layout_offsets (GTK_LABEL (label), &offset_x, &offset_y);
  pango_layout_iter_get_run_extents (iter, NULL, &run);
  pango_layout_iter_free (iter);
  left = offset_x + PANGO_PIXELS_FLOOR (run.x);
  right = offset_x + PANGO_PIXELS_CEIL (run.x + run.width);
  *figure_strong = 0;
  for (int y = 0; y < height; y++)
    for (int x = MAX (left, 0); x < MIN (right, width); x++)
      {
        double l = luminance (pixels + (gsize) y * width * 4 + x * 4);
        double ratio = (MAX (l, background) + 0.05) / (MIN (l, background) + 0.05);

        if (ratio >= 4.5)
          {
            top = MIN (top, y);
            bottom = MAX (bottom, y);
            (*figure_strong)++;
          }
      }
  *figure_height = bottom - top + 1;

  /* The capital, drawn by cairo in the label's font and colour on the same background and
   * measured alike. */
  {
    GdkRGBA ink;
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = cairo_create (surface);
    const guchar *data;
    int stride;

    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color (gtk_widget_get_style_context (label), &ink);
    G_GNUC_END_IGNORE_DEPRECATIONS
    cairo_set_source_rgb (cr, pixels[2] / 255.0, pixels[1] / 255.0, pixels[0] / 255.0);
    cairo_paint (cr);
    pango_layout_set_attributes (capital, NULL);
    pango_layout_set_text (capital, "H", -1);
    gdk_cairo_set_source_rgba (cr, &ink);
    cairo_move_to (cr, offset_x, offset_y);
    pango_cairo_show_layout (cr, capital);
    cairo_destroy (cr);
    cairo_surface_flush (surface);
    data = cairo_image_surface_get_data (surface);
    stride = cairo_image_surface_get_stride (surface);
    top = height;
    bottom = -1;
    *capital_strong = 0;
    for (int y = 0; y < height; y++)
      for (int x = 0; x < width; x++)
        {
          double l = luminance (data + (gsize) y * stride + x * 4);
          double ratio = (MAX (l, background) + 0.05) / (MIN (l, background) + 0.05);

          if (ratio >= 4.5)
            {
              top = MIN (top, y);
              bottom = MAX (bottom, y);
              (*capital_strong)++;
            }
        }
    cairo_surface_destroy (surface);
    *capital_height = bottom - top + 1;
  }
}

/* Figurine notation in the move list (♘f3): the figures as tall as the capitals of the text
 * beside them, and White's outlined figure as clearly drawn as a letter in the light style and
 * the dark: strong ink, at 4.5 : 1 against the background, down at least two strokes of its
 * height. The screen reader's text stays the move in letters. */
static void
test_figurines (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr(GSettings) settings = g_settings_new ("io.github.caturapp.Catur.chess");
  g_autoptr(CaturGame) game = catur_game_new (chess (), catur_variant_new_position (chess (),
                                                                                     NULL, 0));
  CaturWindow *window;

  g_settings_set_string (settings, "notation", "figurine");
  g_assert_true (catur_game_play_text (game, "Nf3", NULL));
  g_assert_true (catur_game_play_text (game, "Nc6", NULL));
  g_assert_true (catur_game_play_text (game, "e3", NULL));
  window = catur_ui_test_window (application);
  catur_window_set_game (window, game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  for (int dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      catur_ui_test_iterate (300);
      for (int side = 0; side < 2; side++)
        {
          GtkWidget *label = first_row_label (window, side == 0 ? "first" : "second");
          const char *text = gtk_label_get_text (GTK_LABEL (label));
          int figure_height, figure_strong, capital_height, capital_strong;

          g_assert_cmpint (g_unichar_type (g_utf8_get_char (text)), ==, G_UNICODE_OTHER_SYMBOL);
          g_assert_true (g_str_has_suffix (text, side == 0 ? "f3" : "c6"));
          g_assert_true (gtk_widget_get_mapped (label));
          measure_figure (label, &figure_height, &figure_strong, &capital_height,
                          &capital_strong);
          g_test_message ("%s %s: figure %d px high, %d strong pixels; capital %d px, %d",
                          dark ? "dark" : "light", side == 0 ? "White" : "Black", figure_height,
                          figure_strong, capital_height, capital_strong);
          /* Its body, in strong ink, as tall as a capital; as much strong ink as an H has. */
          g_assert_cmpint (figure_height, >=, capital_height);
          g_assert_cmpint (figure_strong, >=, capital_strong);
        }
    }

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  g_settings_reset (settings, "notation");
  catur_ui_test_close (window);
}

/* The game clock in Chess (RULES.md §T): the New Game dialog offers Chess's clocks; a game
 * at 2 s + 1 s shows both clocks by the board, adds the second after White's move, and when
 * Black's two seconds run out by themselves (nobody calls the expiry) Black loses on time. */
static void
test_game_clock (void)
{
  static const char * const presets[] = {
    "No Clock", "1 min, sudden death", "3 min + 2 s a move", "5 min, sudden death",
    "5 min + 3 s a move", "10 min, sudden death", "15 min + 10 s a move",
    "30 min, sudden death", "5 min, 5 s delay", NULL,
  };
  CaturGame *game;
  CaturWindow *window = window_with (NULL, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturClockFace *top = catur_ui_test_clock_face (window, "top_clock");
  CaturClockFace *bottom = catur_ui_test_clock_face (window, "bottom_clock");
  CaturClock *clock;

  catur_ui_test_check_clock_choices (window, presets);

  game = catur_ui_test_timed_game (window, chess (), NULL, "2+1");
  clock = catur_game_get_clock (game);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (top)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bottom)));
  g_assert_cmpint (catur_clock_face_get_side (bottom), ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_clock_face_get_side (top), ==, CATUR_SIDE_SECOND);
  g_assert_cmpstr (catur_clock_face_get_text (top), ==, "0:02.0");
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_FIRST);

  click (view, "e2");
  click (view, "e4");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_FIRST), >, 2000);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_SECOND);

  g_assert_true (catur_ui_test_wait_over (game, 5));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_FIRST);
  catur_ui_test_iterate (20);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "White wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "Black ran out of time");
  g_assert_cmpstr (catur_clock_face_get_text (top), ==, "0:00.0");
  catur_ui_test_close (window);
}

/* RULES T2: White's one second runs out, a Queen up, against a lone King, which could never
 * mate: the real clock's flag draws the game. */
static void
test_game_clock_lone_king (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturGame *game = catur_ui_test_timed_game (window, chess (),
                                              "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "1");

  g_assert_true (catur_ui_test_wait_over (game, 4));
  g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  catur_ui_test_iterate (20);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Draw");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "White ran out of time, but Black has too little left to checkmate");
  catur_ui_test_close (window);
}

/* A game at 5 min + 3 s saved as PGN says `[TimeControl "300+3"]`, and opened again it is
 * played on the same clock. */
static void
test_game_clock_in_pgn (void)
{
  CaturGame *game;
  CaturWindow *window = window_with (NULL, &game);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturWindow *reopened;
  CaturGame *again;
  g_autofree char *kept = NULL;

  game = catur_ui_test_timed_game (window, chess (), NULL, "300+3");
  click (view, "e2");
  click (view, "e4");
  click (view, "e7");
  click (view, "e5");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  reopened = catur_ui_test_save_and_reopen (application, window, "clock.pgn",
                                            "[TimeControl \"300+3\"]");
  again = catur_window_get_game (reopened);
  kept = catur_ui_test_clock_text (again);
  g_assert_cmpstr (kept, ==, "300+3");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (catur_ui_test_clock_face (reopened,
                                                                               "top_clock"))));
  catur_ui_test_close (reopened);
  catur_ui_test_close (window);
}

static gboolean
game_is_chess (gpointer data)
{
  CaturGame *game = catur_window_get_game (data);

  return game != NULL && catur_game_get_variant (game) == chess ();
}

/* A chess database (no Game tag, a name of no known extension) opened while Xiangqi is shown:
 * its games are listed, the one found by a search opens, and the window plays chess. */
static void
test_database_while_xiangqi (void)
{
  static const char text[] =
    "[Event \"Club\"]\n[White \"Ana\"]\n[Black \"Budi\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"Club\"]\n[White \"Citra\"]\n[Black \"Dewi\"]\n[Result \"*\"]\n\n"
    "1. d4 d5 2. c4 *\n";
  CaturVariant *xiangqi = catur_plugins_find_variant ("xiangqi");
  g_autofree char *folder = g_dir_make_tmp ("catur-database-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "club games.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  CaturWindow *window;
  AdwMessageDialog *dialog;
  GtkWidget *search, *list;
  g_autofree char *moves = NULL;
  CaturGame *game;

  if (xiangqi == NULL)
    {
      g_test_skip ("Xiangqi is not built");
      return;
    }
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  window = catur_ui_test_window (application);
  catur_window_set_game (window, game = catur_game_new (xiangqi, NULL));
  g_object_unref (game);

  catur_window_open_file (window, file);
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_message_dialog_shown, NULL));
  dialog = catur_ui_test_find_message_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_body (dialog),
                   ==, "“club games.txt” holds 2 games. Which one do you want to open?");
  search = catur_ui_test_find_named (adw_message_dialog_get_extra_child (dialog),
                                     "games_search");
  list = catur_ui_test_find_named (adw_message_dialog_get_extra_child (dialog), "games_list");
  g_assert_nonnull (search);
  g_assert_nonnull (list);
  gtk_editable_set_text (GTK_EDITABLE (search), "dewi");
  g_signal_emit_by_name (search, "search-changed");
  catur_ui_test_iterate (20);
  g_assert_true (gtk_list_box_get_selected_row (GTK_LIST_BOX (list))
                 == gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1));
  adw_message_dialog_response (dialog, "open");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (catur_ui_test_wait_until (game_is_chess, window));

  game = catur_window_get_game (window);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 3);
  g_assert_cmpstr (catur_record_get_tag (catur_window_get_loaded_record (window), "Black"), ==,
                   "Dewi");
  catur_ui_test_close (window);
  g_unlink (path);
  g_rmdir (folder);
}

/* The computer plays on a short Fischer clock: it answers four moves, taking its time from the
 * clock, and never flags. */
static void
test_computer_on_clock (void)
{
  CaturGame *game;
  CaturWindow *window = window_with (NULL, &game);
  static const char * const moves[] = { "g1f3", "b1c3", NULL };

  catur_ui_test_computer_on_clock (window, chess (), "2+1", moves, 4);
  catur_ui_test_close (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  catur_ui_test_isolate ();
  /* GTK's own test context keeps what widgets tell assistive technologies, for the checks. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
  g_test_add_func ("/ui/chess/show-legal-moves", test_show_legal_moves);
  g_test_add_func ("/ui/chess/time-limit", test_time_limit);
  g_test_add_func ("/ui/chess/time-out-draw", test_time_out_draw);
  g_test_add_func ("/ui/chess/scholars-mate", test_scholars_mate);
  g_test_add_func ("/ui/chess/promotion-to-knight", test_promotion_to_knight);
  g_test_add_func ("/ui/chess/castle-onto-rook", test_castle_onto_rook);
  g_test_add_func ("/ui/chess/computer-player", test_computer_player);
  g_test_add_func ("/ui/chess/figurines", test_figurines);
  g_test_add_func ("/ui/chess/game-clock", test_game_clock);
  g_test_add_func ("/ui/chess/game-clock-lone-king", test_game_clock_lone_king);
  g_test_add_func ("/ui/chess/game-clock-in-pgn", test_game_clock_in_pgn);
  g_test_add_func ("/ui/chess/computer-on-clock", test_computer_on_clock);
  g_test_add_func ("/ui/chess/database-while-xiangqi", test_database_while_xiangqi);
  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
