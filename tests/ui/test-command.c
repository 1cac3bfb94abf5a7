/* test-command.c: moves and questions typed in the command entry, and the board's jumps, with
 * real key presses (xdotool under Xvfb) in each of the four games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the player hears is what the board was last given to say
 * (catur_board_view_get_announcement()): every answer goes through catur_window_announce().
 */
#include "catur-ui-test.h"

static CaturApplication *application;

#ifdef GDK_WINDOWING_X11
/* A window playing a new game of @id between two players, or %NULL (the test skipped) when the
 * build has no such game or real events cannot be sent. */
static CaturWindow *
game_window (const char *id)
{
  CaturVariant *variant = catur_plugins_find_variant (id);
  g_autoptr(CaturGame) game = NULL;
  CaturWindow *window;

  if (variant == NULL)
    {
      g_autofree char *missing = g_strdup_printf ("This build has no %s", id);

      catur_ui_test_missing (missing);
      return NULL;
    }
  if (!catur_ui_test_can_send_events ())
    return NULL;
  window = catur_ui_test_window (application);
  game = catur_game_new (variant, NULL);
  catur_window_set_game (window, game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (catur_window_get_board_view (window)));
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_board_ready,
                                           catur_window_get_board_view (window)));
  return window;
}

/* A window playing @text, a position of @id's. */
static CaturWindow *
position_window (const char *id,
                 const char *text)
{
  CaturWindow *window = game_window (id);
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GError) error = NULL;
  CaturPosition *position;

  if (window == NULL)
    return NULL;
  position = catur_variant_parse (catur_plugins_find_variant (id), text, &error);
  g_assert_no_error (error);
  game = catur_game_new (catur_plugins_find_variant (id), position);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (50);
  return window;
}

typedef struct
{
  CaturWindow *window;
  const char *text;
  guint plies;
} Expected;

static gboolean
heard (gpointer data)
{
  Expected *expected = data;

  return g_strcmp0 (catur_board_view_get_announcement (
                      catur_window_get_board_view (expected->window)), expected->text) == 0;
}

static gboolean
plies_are (gpointer data)
{
  Expected *expected = data;

  return catur_game_get_n_plies (catur_window_get_game (expected->window)) == expected->plies;
}

static gboolean
focus_in_entry (gpointer data)
{
  GtkWidget *entry = GTK_WIDGET (catur_ui_test_child (data, "command_entry"));
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (data));

  return focus != NULL && (focus == entry || gtk_widget_is_ancestor (focus, entry));
}

static gboolean
focus_on_board (gpointer data)
{
  GtkWidget *board = GTK_WIDGET (catur_window_get_board_view (data));
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (data));

  return focus != NULL && (focus == board || gtk_widget_is_ancestor (focus, board));
}

static gboolean
entry_has (gpointer data)
{
  Expected *expected = data;

  return g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (
                      catur_ui_test_child (expected->window, "command_entry"))),
                    expected->text) == 0;
}

/* Types @line in the command entry (opened by its shortcut when it is not open) and Return. */
static void
type_line (CaturWindow *window,
           const char  *line)
{
  Expected typed = { 0 };

  if (!focus_in_entry (window))
    {
      catur_ui_test_x_key (window, "ctrl+l");
      g_assert_true (catur_ui_test_wait_until (focus_in_entry, window));
      catur_ui_test_iterate (300);
    }
  catur_ui_test_x_type (window, line);
  typed.window = window;
  typed.text = line;
  if (!catur_ui_test_wait_until (entry_has, &typed))
    g_error ("typed '%s', the entry has '%s'", line,
             gtk_editable_get_text (GTK_EDITABLE (catur_ui_test_child (window, "command_entry"))));
  catur_ui_test_x_key (window, "Return");
}

/* Types @line and waits until @answer is said; the focus stays in the entry. */
static void
ask (CaturWindow *window,
     const char  *line,
     const char  *answer)
{
  Expected expected = { window, answer, 0 };

  type_line (window, line);
  if (!catur_ui_test_wait_until (heard, &expected))
    g_error ("'%s' was answered '%s', not '%s'", line,
             catur_board_view_get_announcement (catur_window_get_board_view (window)), answer);
  g_assert_true (focus_in_entry (window));
}

/* Types the move @line and waits until the game has @plies plies. */
static void
play (CaturWindow *window,
      const char  *line,
      guint        plies)
{
  Expected expected = { window, NULL, plies };

  type_line (window, line);
  if (!catur_ui_test_wait_until (plies_are, &expected))
    g_error ("'%s' was not played: '%s'", line,
             catur_board_view_get_announcement (catur_window_get_board_view (window)));
  g_assert_true (focus_in_entry (window));
}

static void
wait_cursor (CaturWindow *window,
             const char  *name)
{
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturVariant *variant = catur_game_get_variant (catur_window_get_game (window));
  gint64 end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
  char at[8] = "";

  do
    {
      catur_ui_test_iterate (5);
      catur_variant_square_name (variant, catur_board_view_get_cursor (view), at);
    }
  while (g_strcmp0 (at, name) != 0 && g_get_monotonic_time () < end);
  g_assert_cmpstr (at, ==, name);
}

/* The sentence the game gives for @text, a move refused in the game's position. */
static char *
explained (CaturWindow *window,
           const char  *text)
{
  CaturGame *game = catur_window_get_game (window);
  CaturVariant *variant = catur_game_get_variant (game);
  g_autoptr(GError) error = NULL;
  CaturMove move;
  char *why;

  g_assert_true (catur_variant_parse_move (variant, catur_game_get_position (game), text, &move,
                                           &error));
  why = catur_variant_explain (variant, catur_game_get_position (game), &move, NULL);
  g_assert_nonnull (why);
  return why;
}
#endif

/* Xiangqi: WXF and ICCS moves, a refused one said as the board says it, each command. */
static void
test_command_xiangqi (void)
{
#ifdef GDK_WINDOWING_X11
  CaturWindow *window = game_window ("xiangqi");
  CaturBoardView *view;
  g_autofree char *why = NULL;
  Expected expected;

  if (window == NULL)
    return;
  view = catur_window_get_board_view (window);

  play (window, "C2=5", 1);
  play (window, "h9g7", 2);
  /* The Horse on h0 cannot go to h1: the entry says why, then the board says the same. */
  why = explained (window, "h0h1");
  ask (window, "h0h1", why);
  g_assert_cmpuint (catur_game_get_n_plies (catur_window_get_game (window)), ==, 2);

  /* Home and End are the line's, not the review's, while the entry has the focus. */
  catur_ui_test_x_type (window, "xl");
  catur_ui_test_x_key (window, "Home");
  catur_ui_test_x_key (window, "Delete");
  catur_ui_test_iterate (100);
  g_assert_false (catur_game_is_reviewing (catur_window_get_game (window)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (catur_ui_test_child (window,
                                                                             "command_entry"))),
                   ==, "l");
  catur_ui_test_x_key (window, "Return");
  expected = (Expected) { window, "Last move: Black Horse from h9 to g7.", 0 };
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  ask (window, "t", "Red to move, move 2.");
  ask (window, "l", "Last move: Black Horse from h9 to g7.");
  ask (window, "t", "Red to move, move 2.");
  ask (window, "p H", "Red Horse: b0, h0. Black Horse: g7, b9.");
  ask (window, "p c", "Red Cannon: b2, e2. Black Cannon: b7, h7.");
  ask (window, "s e", "File e: e0 Red General, e2 Red Cannon, e3 Red Pawn, "
                      "e6 Black Pawn, e9 Black General; 5 empty.");
  ask (window, "s 7", "Rank 7: b7 Black Cannon, g7 Black Horse, h7 Black Cannon; 6 empty.");
  ask (window, "o", "Two players at this computer.");
  ask (window, "h", "This game has no pieces in hand.");
  ask (window, "d", "This game has no face-down pieces.");
  /* Against the computer, which plays Black and waits for Red's move. */
  catur_game_set_computer (catur_window_get_game (window), CATUR_SIDE_SECOND,
                           CATUR_LEVEL_BEGINNER, 0);
  ask (window, "o", "You play Red against the computer, level Beginner, which plays Black.");
  catur_game_set_computer (catur_window_get_game (window), CATUR_SIDE_NONE,
                           CATUR_LEVEL_BEGINNER, 0);
  ask (window, "Zz9", "Not a move here: Zz9. Type help for the commands.");
  ask (window, "help", "Type a move, or a command: l the last move, t the turn and clocks, "
                       "p and a piece letter where those pieces stand, s and a file or rank to "
                       "read it, o the players.");

  /* Escape: the entry goes, the board has the focus. The same move by keys is refused with the
   * same sentence. */
  catur_ui_test_x_key (window, "Escape");
  g_assert_true (catur_ui_test_wait_until (focus_on_board, window));
  g_assert_false (gtk_revealer_get_reveal_child (
                    GTK_REVEALER (catur_ui_test_child (window, "command_revealer"))));
  catur_ui_test_x_type (window, "h0");
  wait_cursor (window, "h0");
  catur_ui_test_x_key (window, "Return");
  catur_ui_test_x_type (window, "h1");
  wait_cursor (window, "h1");
  catur_ui_test_x_key (window, "Return");
  expected = (Expected) { window, why, 0 };
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  g_assert_cmpuint (catur_game_get_n_plies (catur_board_view_get_game (view)), ==, 2);

  catur_ui_test_close (window);
#endif
}

/* Chess: SAN, a promotion chosen by its letter, a coordinate move that leaves it out. */
static void
test_command_chess (void)
{
#ifdef GDK_WINDOWING_X11
  CaturWindow *window = game_window ("chess");
  CaturGame *game;
  g_autofree char *why = NULL;
  CaturPiece piece;

  if (window == NULL)
    return;

  play (window, "e4", 1);
  play (window, "e5", 2);
  play (window, "Nf3", 3);
  why = explained (window, "e8e6");
  ask (window, "e8e6", why);
  ask (window, "p n", "Black Knight: b8, g8.");
  ask (window, "p N", "White Knight: b1, f3.");
  ask (window, "s 4", "Rank 4: e4 White Pawn; 7 empty.");
  catur_ui_test_close (window);

  window = position_window ("chess", "7k/P7/8/8/8/8/8/K7 w - - 0 1");
  ask (window, "a7a8", "Which one: a8=Q+, a8=R+, a8=B, a8=N?");
  play (window, "a8=R", 1);
  game = catur_window_get_game (window);
  g_assert_true (catur_variant_piece_at (catur_game_get_variant (game),
                                         catur_game_get_position (game), 56, &piece));
  g_assert_cmpstr (catur_variant_get_piece_letter (catur_game_get_variant (game), &piece), ==,
                   "R");
  catur_ui_test_close (window);
#endif
}

/* Shogi: USI moves, a promotion the rules refuse, a drop, the hands. RULES S16's game. */
static void
test_command_shogi (void)
{
#ifdef GDK_WINDOWING_X11
  CaturWindow *window = game_window ("shogi");
  CaturGame *game;
  g_autofree char *why = NULL;
  g_autofree char *sfen = NULL;

  if (window == NULL)
    return;
  game = catur_window_get_game (window);

  why = explained (window, "7g7f+");
  ask (window, "7g7f+", why);
  play (window, "7g7f", 1);
  play (window, "3c3d", 2);
  play (window, "8h2b+", 3);
  play (window, "3a2b", 4);
  ask (window, "h", "Sente in hand: Bishop × 1. Gote in hand: Bishop × 1.");
  play (window, "B*4e", 5);
  ask (window, "h", "Sente: nothing in hand. Gote in hand: Bishop × 1.");
  ask (window, "s 4", "File 4: 4i Sente Gold, 4g Sente Pawn, 4e Sente Bishop, 4c Gote Pawn, "
                      "4a Gote Gold; 4 empty.");
  ask (window, "p +B", "Sente Horse: none left. Gote Horse: none left.");
  sfen = catur_variant_format (catur_game_get_variant (game), catur_game_get_position (game));
  g_assert_cmpstr (sfen, ==,
                   "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6");
  catur_ui_test_close (window);
#endif
}

/* Banqi: a flip typed as its square, the face-down pieces. */
static void
test_command_banqi (void)
{
#ifdef GDK_WINDOWING_X11
  CaturWindow *window = game_window ("banqi");
  CaturGame *game;
  CaturPiece piece;

  if (window == NULL)
    return;
  game = catur_window_get_game (window);

  ask (window, "d", "Face-down pieces: 32. Not yet revealed: Red General × 1, Red Advisor × 2, "
                    "Red Elephant × 2, Red Chariot × 2, Red Horse × 2, Red Cannon × 2, "
                    "Red Soldier × 5, Black General × 1, Black Advisor × 2, Black Elephant × 2, "
                    "Black Chariot × 2, Black Horse × 2, Black Cannon × 2, Black Soldier × 5. "
                    "Captured: none. Captured: none.");
  play (window, "c2", 1);
  g_assert_true (catur_variant_piece_at (catur_game_get_variant (game),
                                         catur_game_get_position (game), 1 * 4 + 2, &piece));
  g_assert_false (piece.flags & CATUR_PIECE_FACE_DOWN);
  type_line (window, "d");
  catur_ui_test_iterate (200);
  g_assert_true (g_str_has_prefix (catur_board_view_get_announcement (
                                     catur_window_get_board_view (window)),
                                   "Face-down pieces: 31. "));
  catur_ui_test_close (window);
#endif
}

/* The board's keys in Xiangqi: a point's name typed, Shift and a letter, Control and an arrow,
 * the moves of a piece, and the key that brings the focus back from anywhere. */
static void
test_board_jumps (void)
{
#ifdef GDK_WINDOWING_X11
  CaturWindow *window = game_window ("xiangqi");
  CaturBoardView *view;
  Expected expected;

  if (window == NULL)
    return;
  view = catur_window_get_board_view (window);

  /* From the command entry, back to the board with where one is. */
  catur_ui_test_x_key (window, "ctrl+l");
  g_assert_true (catur_ui_test_wait_until (focus_in_entry, window));
  catur_ui_test_x_key (window, "ctrl+b");
  g_assert_true (catur_ui_test_wait_until (focus_on_board, window));
  expected = (Expected) { window, "Xiangqi. Red to move, move 1. e0, Red General.", 0 };
  g_assert_true (catur_ui_test_wait_until (heard, &expected));

  catur_ui_test_x_type (window, "h2");
  wait_cursor (window, "h2");
  g_assert_cmpstr (catur_board_view_get_accessible_label (view), ==, "h2, Red Cannon");
  catur_ui_test_x_key (window, "shift+h");
  wait_cursor (window, "b0");
  catur_ui_test_x_key (window, "shift+h");
  wait_cursor (window, "h0");
  catur_ui_test_x_key (window, "v");
  expected = (Expected) { window, "Red Horse on h0: g2, i2.", 0 };
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  /* Reading order goes on from the top after the last row: either side's Elephants. */
  catur_ui_test_x_key (window, "shift+e");
  wait_cursor (window, "c9");
  catur_ui_test_x_key (window, "shift+e");
  wait_cursor (window, "g9");
  catur_ui_test_x_key (window, "shift+e");
  wait_cursor (window, "c0");
  catur_ui_test_x_key (window, "Return");
  catur_ui_test_x_key (window, "v");
  expected = (Expected) { window, "Red Elephant on c0: a2, e2.", 0 };
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  catur_ui_test_x_key (window, "Escape");

  catur_ui_test_x_key (window, "ctrl+Up");
  wait_cursor (window, "c9");
  catur_ui_test_x_key (window, "ctrl+Right");
  wait_cursor (window, "i9");
  /* `a` begins a point's name and asks what attacks the point: alone, it asks. */
  catur_ui_test_x_key (window, "a");
  expected = (Expected) { window, "i9, Black Chariot: not attacked; not defended.", 0 };
  g_assert_true (catur_ui_test_wait_until (heard, &expected));
  wait_cursor (window, "i9");
  catur_ui_test_x_type (window, "a0");
  wait_cursor (window, "a0");
  catur_ui_test_close (window);
#endif
}

int
main (int   argc,
      char *argv[])
{
  int status;

  catur_ui_test_isolate ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  application = catur_ui_test_application ();

  g_test_add_func ("/ui/command/xiangqi", test_command_xiangqi);
  g_test_add_func ("/ui/command/chess", test_command_chess);
  g_test_add_func ("/ui/command/shogi", test_command_shogi);
  g_test_add_func ("/ui/command/banqi", test_command_banqi);
  g_test_add_func ("/ui/command/board-jumps", test_board_jumps);

  status = g_test_run ();
  g_clear_object (&application);
  return status;
}
