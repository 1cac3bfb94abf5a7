/* test-banqi.c: Banqi in the window: flips by clicking, the colours in the turn panel, a
 * capture seen in the captured tray and the counter, no take-backs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With CATUR_UI_TEST_SHOTS=<folder>, /ui/banqi/screenshots also saves pictures of the board
 * into that folder (it asserts nothing):
 *
 *   CATUR_UI_TEST_SHOTS=/tmp/shots meson test -C _build test-banqi
 */
#include "catur-ui-test.h"

/* Banqi (4 × 8, ranks 8 → 1): Red's General on b2 beside Black's Horse on c2, Black's Soldier
 * on a3, a Red Soldier face down on a1; Red to move after 7 quiet turns. */
#define CAPTURE "4/4/4/4/4/p3/1Kh1/X3 r P 7 30"
#define A1 0
#define B2 5
#define C2 6
#define D8 31

static CaturApplication *application;

static CaturVariant *
banqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("banqi");

  g_assert_nonnull (variant);
  return variant;
}

static CaturWindow *
window_with (const char *text,
             guint64     seed)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturPosition *start;

  if (text != NULL)
    {
      start = catur_variant_parse (banqi (), text, &error);
      g_assert_no_error (error);
      catur_variant_deal_hidden (banqi (), start, seed);
    }
  else
    start = catur_variant_new_position (banqi (), NULL, seed);
  game = catur_game_new (banqi (), start);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (20);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (catur_window_get_board_view (window)));
  return window;
}

static const char *
turn_title (CaturWindow *window)
{
  return catur_turn_panel_get_title (CATUR_TURN_PANEL (catur_ui_test_child (window,
                                                                            "turn_panel")));
}

/* The tray panel as text, one line a tray or counter: "Title: [item] [item]", "Label: 3 / 50". */
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

/* The labels of the Players menu's "Your Side" section, joined by " | ". */
static char *
side_items (CaturWindow *window)
{
  GMenuModel *section = G_MENU_MODEL (catur_ui_test_child (window, "side_section"));
  g_autoptr(GString) text = g_string_new (NULL);

  for (int i = 0; i < g_menu_model_get_n_items (section); i++)
    {
      g_autofree char *label = NULL;

      g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s",
                                                      &label));
      g_string_append_printf (text, "%s%s", i > 0 ? " | " : "", label);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GtkLabel *
seat_label (CaturWindow *window)
{
  GtkWidget *panel = GTK_WIDGET (catur_ui_test_child (window, "turn_panel"));

  return GTK_LABEL (gtk_widget_get_template_child (panel, CATUR_TYPE_TURN_PANEL, "seat"));
}

/* A click on a face-down piece turns it over; the seats then take the colours it showed, in
 * the turn panel, the Players menu and the trays of what they take. */
static void
test_flip_by_click (void)
{
  CaturWindow *window = window_with (NULL, 17);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  g_autoptr(CaturGameMove) flip = NULL;
  g_autofree char *before = panel_text (window);
  g_autofree char *after = NULL;
  const char *first;
  CaturPiece piece;

  g_autofree char *items_before = side_items (window);
  g_autofree char *items_after = NULL;
  g_autofree char *items_want = NULL;

  g_assert_cmpstr (turn_title (window), ==, "First player");
  g_assert_nonnull (strstr (before, "Not yet revealed: [Red General] [Red Advisor × 2]"));
  /* No colours yet: the trays of what each takes name nobody. */
  g_assert_null (strstr (before, "Taken by"));
  g_assert_true (g_str_has_prefix (before, "Captured: None\nNot yet revealed: "));
  g_assert_nonnull (strstr (before, "\nCaptured: None\nMoves without"));
  g_assert_cmpstr (items_before, ==, "Play as First player | Play as Second player");

  catur_ui_test_click (view, D8);
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  flip = g_list_model_get_item (catur_game_get_moves (game), 0);
  first = (catur_game_move_get_move (flip)->flags & CATUR_MOVE_REVEALS_SECOND) ? "Black" : "Red";
  /* The second player, of the other colour, is to move. */
  g_assert_cmpstr (turn_title (window), ==, g_str_equal (first, "Red") ? "Black" : "Red");
  g_assert_true (catur_variant_piece_at (banqi (), catur_game_get_position (game), D8, &piece));
  g_assert_false (piece.flags & CATUR_PIECE_FACE_DOWN);
  after = panel_text (window);
  g_assert_cmpstr (after, !=, before);
  g_assert_nonnull (strstr (after, "Taken by Red: None"));
  g_assert_nonnull (strstr (after, "Taken by Black: None"));
  g_assert_null (strstr (after, "Captured"));
  items_after = side_items (window);
  items_want = g_strdup_printf ("Play as First player (%s) | Play as Second player (%s)", first,
                                g_str_equal (first, "Red") ? "Black" : "Red");
  g_assert_cmpstr (items_after, ==, items_want);
  /* Two people: the title names the colour; no "You play". */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (seat_label (window))));
  catur_ui_test_close (window);
}

/* Against the computer the turn panel tells the person the colour the first flip gave them. */
static void
test_colour_against_computer (void)
{
  CaturWindow *window = window_with (NULL, 17);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  g_autoptr(CaturGameMove) flip = NULL;
  g_autofree char *want = NULL;
  g_autofree char *spoken = NULL;

  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  catur_ui_test_iterate (10);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (seat_label (window))));

  catur_ui_test_click (view, D8);
  catur_ui_test_iterate (20);
  flip = g_list_model_get_item (catur_game_get_moves (game), 0);
  want = g_strdup_printf ("You play %s", (catur_game_move_get_move (flip)->flags
                                          & CATUR_MOVE_REVEALS_SECOND) ? "Black" : "Red");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (seat_label (window))));
  g_assert_cmpstr (gtk_label_get_text (seat_label (window)), ==, want);
  /* Read aloud with the panel. */
  spoken = g_strdup_printf ("%s, %s, %s", turn_title (window),
                            gtk_label_get_text (GTK_LABEL (gtk_widget_get_template_child (
                              GTK_WIDGET (catur_ui_test_child (window, "turn_panel")),
                              CATUR_TYPE_TURN_PANEL, "state"))),
                            want);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (catur_ui_test_child (window,
                                                                            "turn_panel")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, spoken);
  catur_ui_test_close (window);
}

/* Red's Chariot on b1 beside a face-down piece on a1 (a Red Soldier), Red's General on b2
 * beside Black's Horse on c2, Black's Soldier on a3; Red to move. */
#define CHARIOT_BESIDE_FACE_DOWN "4/4/4/4/4/p3/1Kh1/XR2 r P 7 30"
#define B1 1

/* With a piece up, a click on a face-down piece is a capture it cannot make: explained, the
 * turn kept. With nothing up, the same click turns the piece over. */
static void
test_face_down_not_a_target (void)
{
  CaturWindow *window = window_with (CHARIOT_BESIDE_FACE_DOWN, 5);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  CaturPiece piece;

  catur_ui_test_click (view, B1);
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, B1);
  catur_ui_test_click (view, A1);
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpstr (catur_board_view_get_explanation (view), ==,
                   "The piece on a1 is face down, and a face-down piece cannot be captured.");
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, B1);
  g_assert_true (catur_variant_piece_at (banqi (), catur_game_get_position (game), A1, &piece));
  g_assert_true (piece.flags & CATUR_PIECE_FACE_DOWN);
  g_assert_cmpstr (turn_title (window), ==, "Red");

  /* The Chariot put back, the same click flips. */
  catur_ui_test_click (view, B1);
  g_assert_cmpuint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);
  catur_ui_test_click (view, A1);
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_true (catur_variant_piece_at (banqi (), catur_game_get_position (game), A1, &piece));
  g_assert_false (piece.flags & CATUR_PIECE_FACE_DOWN);
  catur_ui_test_close (window);
}

/* The tray items of the tray panel under @widget, in order. */
static void
collect_items (GtkWidget *widget,
               GPtrArray *items)
{
  if (gtk_widget_has_css_class (widget, "tray-item"))
    {
      g_ptr_array_add (items, widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_items (child, items);
}

/* The piece's image and its count's badge (or %NULL) of a tray item. */
static GtkWidget *
item_badge (GtkWidget  *item,
            GtkWidget **image)
{
  GtkWidget *badge = NULL;

  *image = NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (item); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_IMAGE (child))
      *image = child;
    else if (gtk_widget_has_css_class (child, "tray-count"))
      badge = child;
  g_assert_nonnull (*image);
  return badge;
}

/* The trays at scale 1 and 2 alike: a count stands at its piece's corner, clear of the face
 * where the character is drawn (its inner circle, four fifths of the piece across); a kind
 * with none left keeps its place, dimmed, and says so. */
static void
test_tray_items (void)
{
  CaturWindow *window = window_with (CAPTURE, 3);
  CaturGame *game = catur_window_get_game (window);
  GtkWidget *panel = GTK_WIDGET (catur_ui_test_child (window, "tray_panel"));
  g_autoptr(GPtrArray) before = g_ptr_array_new ();
  g_autoptr(GPtrArray) after = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  guint badges = 0;

  collect_items (panel, before);
  /* The panel draws its widgets afresh each ply: what they said is kept, not them. */
  for (guint i = 0; i < before->len; i++)
    g_ptr_array_add (labels, g_strdup (gtk_widget_get_tooltip_text (g_ptr_array_index (before,
                                                                                       i))));
  for (guint i = 0; i < before->len; i++)
    {
      GtkWidget *item = g_ptr_array_index (before, i);
      GtkWidget *image;
      GtkWidget *badge = item_badge (item, &image);
      graphene_rect_t face, count;
      float cx, cy, nx, ny;

      if (badge == NULL)
        continue;
      badges++;
      g_assert_true (gtk_widget_compute_bounds (image, item, &face));
      g_assert_true (gtk_widget_compute_bounds (badge, item, &count));
      cx = face.origin.x + face.size.width / 2;
      cy = face.origin.y + face.size.height / 2;
      /* The badge's nearest point to the face's centre. */
      nx = CLAMP (cx, count.origin.x, count.origin.x + count.size.width);
      ny = CLAMP (cy, count.origin.y, count.origin.y + count.size.height);
      g_assert_cmpfloat (hypotf (nx - cx, ny - cy), >=, 0.4f * face.size.width);
    }
  g_assert_cmpuint (badges, >, 5);

  /* Red's last face-down Soldier turned over: its place stays, none left. */
  g_assert_true (catur_game_play_text (game, "a1", NULL));
  catur_ui_test_iterate (50);
  collect_items (panel, after);
  g_assert_cmpuint (after->len, ==, labels->len);
  for (guint i = 0; i < after->len; i++)
    {
      GtkWidget *item = g_ptr_array_index (after, i);

      if (g_str_equal (gtk_widget_get_tooltip_text (item), "Red Soldier, none left"))
        {
          GtkWidget *image;

          g_assert_true (gtk_widget_has_css_class (item, "none-left"));
          g_assert_null (item_badge (item, &image));
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (image),
                                               GTK_ACCESSIBLE_PROPERTY_LABEL,
                                               "Red Soldier, none left");
          g_assert_cmpstr (g_ptr_array_index (labels, i), ==, "Red Soldier");
          catur_ui_test_close (window);
          return;
        }
    }
  g_assert_not_reached ();
}

/* A capture by clicking: the captured tray and the counter follow; take-backs stay off. */
static void
test_capture_tray_counter (void)
{
  CaturWindow *window = window_with (CAPTURE, 3);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game = catur_window_get_game (window);
  GtkWidget *undo_button = GTK_WIDGET (catur_ui_test_child (window, "undo_button"));
  g_autofree char *before = panel_text (window);
  g_autofree char *after = NULL;

  g_assert_cmpstr (turn_title (window), ==, "Red");
  g_assert_nonnull (strstr (before, "Taken by Red: [Black General] [Black Advisor × 2]"));
  g_assert_nonnull (strstr (before, "[Black Horse] [Black Cannon × 2] [Black Soldier × 4]"));
  g_assert_nonnull (strstr (before, "Moves without a flip or a capture: 7 / 50"));
  g_assert_nonnull (strstr (before, "Not yet revealed: [Red General, none left] "
                                    "[Red Advisor, none left]"));
  g_assert_nonnull (strstr (before, "[Red Cannon, none left] [Red Soldier] "
                                    "[Black General, none left]"));

  catur_ui_test_click (view, B2);
  catur_ui_test_click (view, C2);
  catur_ui_test_iterate (50);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  after = panel_text (window);
  g_assert_nonnull (strstr (after, "[Black Horse × 2]"));
  g_assert_nonnull (strstr (after, "Moves without a flip or a capture: 0 / 50"));
  g_assert_cmpstr (turn_title (window), ==, "Black");

  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==, "Banqi has no take-backs");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  catur_ui_test_iterate (10);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_false (g_action_group_has_action (G_ACTION_GROUP (window), "offer-draw"));
  catur_ui_test_close (window);
}

static void
save_shot (GtkWidget  *widget,
           const char *name)
{
  const char *folder = g_getenv ("CATUR_UI_TEST_SHOTS");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  g_autofree char *path = g_build_filename (folder, file, NULL);
  int width, height;

  catur_ui_test_iterate (300);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);
}

static void
test_screenshots (void)
{
  CaturWindow *window;
  GSettings *settings;

  if (g_getenv ("CATUR_UI_TEST_SHOTS") == NULL)
    {
      g_test_skip ("Set CATUR_UI_TEST_SHOTS to a folder for the pictures");
      return;
    }
  window = window_with (NULL, 17);
  save_shot (GTK_WIDGET (window), "banqi-start");
  catur_game_play_text (catur_window_get_game (window), "a1", NULL);
  catur_game_play_text (catur_window_get_game (window), "b4", NULL);
  catur_game_play_text (catur_window_get_game (window), "c6", NULL);
  save_shot (GTK_WIDGET (window), "banqi-flips");
  /* The screen as it is, at the display's scale (GDK_SCALE=2), with CATUR_TEST_SCREENSHOTS. */
  catur_ui_test_screenshot ("banqi-flips-screen");
  catur_ui_test_close (window);

  settings = g_settings_new ("io.github.caturapp.Catur.banqi");
  g_settings_set_string (settings, "board-theme", "slate");
  g_settings_set_string (settings, "piece-theme", "international");
  window = window_with (CAPTURE, 3);
  save_shot (GTK_WIDGET (window), "banqi-slate-international");
  catur_ui_test_close (window);
  g_settings_reset (settings, "board-theme");
  g_settings_reset (settings, "piece-theme");
  g_object_unref (settings);
}

int
main (int   argc,
      char *argv[])
{
  catur_ui_test_isolate ();
  /* GTK's own test context keeps what widgets tell assistive technologies, for the checks. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  application = catur_ui_test_application ();

  g_test_add_func ("/ui/banqi/flip-by-click", test_flip_by_click);
  g_test_add_func ("/ui/banqi/colour-against-computer", test_colour_against_computer);
  g_test_add_func ("/ui/banqi/capture-tray-counter", test_capture_tray_counter);
  g_test_add_func ("/ui/banqi/tray-items", test_tray_items);
  g_test_add_func ("/ui/banqi/face-down-not-a-target", test_face_down_not_a_target);
  g_test_add_func ("/ui/banqi/screenshots", test_screenshots);

  return g_test_run ();
}
