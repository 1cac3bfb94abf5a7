/* test-flow.c: the flow of a game in the window: take-backs with and without permission,
 * resignation, draw offers, notices, review, the new-game dialog and playing again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Who asks (documented at catur_window_acting_side() in catur-window-game.c and
 * undo_requester() in catur-window-actions.c): the player to
 * move presses the buttons. win.undo takes back that player's last move and the reply (2
 * plies), or, while that player has not moved yet, the last move (1 ply, asked by the one who
 * made it); win.take-back names the asking side outright. The opponent answers in a dialog
 * unless the "undo-needs-permission" setting is off.
 *
 * The games are Sandbox's (tests/variant), so that the shell's flow is tested whichever real
 * games the build has. Only the perpetual-check warning, a rule of Xiangqi's that no test game
 * has, is played on Xiangqi, and only when the build has it.
 */
#include "catur-ui-test.h"
#include "catur-history-model.h"
#include "testgame.h"

/* Sandbox's start (6 × 6, ranks 6 → 1). */
#define START_TEXT "rbk2r/pppppp/6/6/PPPPPP/RBK2R w Kk - - 0 0"
/* The start without castling: the Rooks' steps f1–e1 and back repeat it exactly. */
#define NO_CASTLING_TEXT "rbk2r/pppppp/6/6/PPPPPP/RBK2R w - - - 0 0"
/* The start as if 38 plies had passed without a capture or a pawn move: two more raise the
 * notice, once each side has moved in the game and may offer the draw it speaks of. */
#define QUIET_TEXT "rbk2r/pppppp/6/6/PPPPPP/RBK2R w - - - 38 38"
/* White's Rook on a5 holds the fifth rank: b1–b6 mates the black King on e6. */
#define MATE_TEXT "4k1/R5/6/6/6/1R1K2 w - - - 0 0"
/* Xiangqi (XT11): Red's chariot checks the general on every ply of its own. */
#define PERPETUAL_FEN "3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1"

static CaturApplication *application;
static GSettings *settings;

static CaturVariant *
sandbox (void)
{
  return testgame_variant ("sandbox");
}

static CaturTurnPanel *
turn_panel (CaturWindow *window)
{
  return CATUR_TURN_PANEL (catur_ui_test_child (window, "turn_panel"));
}

static CaturHistoryView *
history (CaturWindow *window)
{
  return CATUR_HISTORY_VIEW (catur_ui_test_child (window, "history_view"));
}

static gboolean
activate (CaturWindow *window,
          const char  *action,
          GVariant    *parameter)
{
  gboolean done = gtk_widget_activate_action_variant (GTK_WIDGET (window), action, parameter);

  catur_ui_test_iterate (10);
  return done;
}

static gboolean
enabled (CaturWindow *window,
         const char  *action)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), action);
}

/* The square the game shown names @name ("c2", two characters), of its own variant. */
static CaturSquare
square_of (CaturWindow *window,
           const char  *name)
{
  g_autofree char *two = g_strndup (name, 2);

  return testgame_square (catur_variant_get_id (catur_game_get_variant (
                            catur_window_get_game (window))), two);
}

/* Plays space-separated coordinate moves ("c2c3") by clicking their two squares. */
static void
click_moves (CaturWindow *window,
             const char  *line)
{
  CaturBoardView *view = catur_window_get_board_view (window);
  g_auto(GStrv) moves = g_strsplit (line, " ", -1);

  for (guint i = 0; moves[i] != NULL; i++)
    {
      const char *m = moves[i];
      CaturGame *game = catur_window_get_game (window);
      guint before = catur_game_get_n_plies (game);

      catur_ui_test_click (view, square_of (window, m));
      catur_ui_test_click (view, square_of (window, m + 2));
      if (catur_game_get_n_plies (game) != before + 1)
        g_error ("%s was not played: %s", m, catur_board_view_get_explanation (view));
    }
}

/* A window showing a new game of @variant from @text. */
static CaturWindow *
window_with (CaturVariant *variant,
             const char   *text)
{
  CaturWindow *window = catur_ui_test_window (application);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturPosition *start = catur_variant_parse (variant, text, &error);

  g_assert_no_error (error);
  game = catur_game_new (variant, start);
  catur_window_set_game (window, game);
  catur_ui_test_iterate (20);
  return window;
}

static const char *
side_name (CaturSide side)
{
  return catur_variant_get_side_name (sandbox (), NULL, side);
}

static void
test_take_back_with_permission (void)
{
  CaturWindow *window = window_with (sandbox (), START_TEXT);
  CaturGame *game = catur_window_get_game (window);

  g_assert_cmpint (catur_game_get_undo_policy (game), ==, CATUR_UNDO_POLICY_ASK);
  g_assert_false (enabled (window, "undo"));
  click_moves (window, "c2c3 c5c4 b2b3");

  /* Black, to move, asks for its move and White's reply; White says no: nothing changes. */
  g_assert_true (activate (window, "win.undo", NULL));
  catur_ui_test_answer (side_name (CATUR_SIDE_FIRST),
                        "Black asks to take back a move and White’s reply. Allow?", "decline");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 3);

  /* Asked again, White allows it: two plies go, Black is to move again. */
  g_assert_true (activate (window, "win.undo", NULL));
  catur_ui_test_answer (NULL, NULL, "allow");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);
  g_assert_cmpstr (catur_turn_panel_get_title (turn_panel (window)), ==,
                   side_name (CATUR_SIDE_SECOND));

  /* The menu names the side: White, who has just moved, takes back one ply; Black allows. */
  g_assert_true (activate (window, "win.take-back", g_variant_new_string ("first")));
  catur_ui_test_answer (side_name (CATUR_SIDE_SECOND), "White asks to take back a move. Allow?",
                        "allow");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_false (enabled (window, "undo"));
  g_assert_false (enabled (window, "take-back"));

  catur_ui_test_close (window);
}

/* With "undo-needs-permission" off nobody is asked, and the rule stays the same. */
static void
test_take_back_without_permission (void)
{
  CaturWindow *window = window_with (sandbox (), START_TEXT);
  CaturGame *game = catur_window_get_game (window);

  g_settings_set_boolean (settings, "undo-needs-permission", FALSE);
  g_assert_cmpint (catur_game_get_undo_policy (game), ==, CATUR_UNDO_POLICY_FREE);
  click_moves (window, "c2c3 c5c4 b2b3");

  g_assert_true (activate (window, "win.undo", NULL));
  g_assert_null (catur_ui_test_find_message_dialog ());
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_true (activate (window, "win.undo", NULL));
  g_assert_null (catur_ui_test_find_message_dialog ());
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);

  /* Turned on again while the game goes on, the question comes back. */
  g_settings_set_boolean (settings, "undo-needs-permission", TRUE);
  g_assert_cmpint (catur_game_get_undo_policy (game), ==, CATUR_UNDO_POLICY_ASK);
  click_moves (window, "c2c3");
  g_assert_true (activate (window, "win.undo", NULL));
  catur_ui_test_answer (NULL, "White asks to take back a move. Allow?", "decline");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  catur_ui_test_close (window);
}

/* Xiangqi's rule (RULES X18): the warning stays in the turn panel until the next ply, shown
 * and spoken as a warning; the loss follows. No test game has a warning or a rule-based loss,
 * so this one plays Xiangqi, and runs only when the build has it. */
static void
test_perpetual_check_warning_and_card (void)
{
  CaturWindow *window = window_with (catur_plugins_find_variant ("xiangqi"), PERPETUAL_FEN);
  CaturTurnPanel *panel = turn_panel (window);
  CaturBoardView *board = catur_window_get_board_view (window);
  GtkRevealer *card = GTK_REVEALER (catur_ui_test_child (window, "result_revealer"));

  click_moves (window, "h8h9 d9d8 h9h8");
  g_assert_null (catur_turn_panel_get_notice (panel));
  click_moves (window, "d8d9");
  g_assert_cmpstr (catur_turn_panel_get_notice (panel), ==,
                   "Red: repeat once more and you lose by perpetual check");
  g_assert_true (catur_turn_panel_get_notice_is_warning (panel));
  /* What the board says for a screen reader: the move, then the warning. */
  g_assert_cmpstr (catur_board_view_get_announcement (board), ==,
                   "Black General from d8 to d9. "
                   "Red: repeat once more and you lose by perpetual check");
  catur_ui_test_iterate (50);
  g_assert_cmpstr (catur_turn_panel_get_notice (panel), ==,
                   "Red: repeat once more and you lose by perpetual check");
  click_moves (window, "h8h9");
  g_assert_null (catur_turn_panel_get_notice (panel));

  click_moves (window, "d9d8 h9h8 d8d9");
  g_assert_true (catur_game_is_over (catur_window_get_game (window)));
  g_assert_true (gtk_revealer_get_reveal_child (card));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Black wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "Perpetual check by Red");
  g_assert_null (catur_turn_panel_get_notice (panel));
  g_assert_cmpstr (catur_board_view_get_announcement (board), ==,
                   "Black General from d8 to d9. Black wins. Perpetual check by Red.");

  catur_ui_test_close (window);
}

/* Whether a toast of the window offers a draw with a button, as a notice may ask. */
static gboolean
toast_offers_draw (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                    "win.offer-draw") == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (toast_offers_draw (child))
      return TRUE;
  return FALSE;
}

#define REPEATED "The same position for the third time: you may agree to a draw"
#define QUIET "40 plies without a capture or a pawn move: you may agree to a draw"

/* Sandbox's notices (RULES 0.4): information, not warnings, and the game goes on. The turn
 * panel shows one until the next ply, the board says it after the move, and a toast offers
 * the draw it speaks of. */
static void
test_repetition_info (void)
{
  CaturWindow *window = window_with (sandbox (), NO_CASTLING_TEXT);
  CaturTurnPanel *panel = turn_panel (window);
  CaturBoardView *board = catur_window_get_board_view (window);
  GtkWidget *toasts = GTK_WIDGET (catur_ui_test_child (window, "toast_overlay"));

  /* The start comes again after four plies and eight: the third time is the eighth ply's. */
  click_moves (window, "f1e1 f6e6 e1f1 e6f6 f1e1 f6e6 e1f1");
  g_assert_null (catur_turn_panel_get_notice (panel));
  g_assert_cmpstr (catur_board_view_get_announcement (board), ==,
                   "White Rook from e1 to f1.");
  g_assert_false (toast_offers_draw (toasts));
  click_moves (window, "e6f6");
  g_assert_cmpstr (catur_turn_panel_get_notice (panel), ==, REPEATED);
  g_assert_false (catur_turn_panel_get_notice_is_warning (panel));
  g_assert_cmpstr (catur_board_view_get_announcement (board), ==,
                   "Black Rook from e6 to f6. " REPEATED);
  g_assert_false (catur_game_is_over (catur_window_get_game (window)));
  g_assert_true (enabled (window, "offer-draw"));
  g_assert_true (toast_offers_draw (toasts));
  catur_ui_test_iterate (50);
  g_assert_cmpstr (catur_turn_panel_get_notice (panel), ==, REPEATED);

  /* The next ply puts it away (and the same repetition does not raise it again). */
  click_moves (window, "f1e1");
  g_assert_null (catur_turn_panel_get_notice (panel));
  g_assert_cmpstr (catur_board_view_get_announcement (board), ==,
                   "White Rook from f1 to e1.");
  catur_ui_test_close (window);

  /* The other notice, after 40 quiet plies, the same way. */
  window = window_with (sandbox (), QUIET_TEXT);
  panel = turn_panel (window);
  click_moves (window, "f1e1 f6e6");
  g_assert_cmpstr (catur_turn_panel_get_notice (panel), ==, QUIET);
  g_assert_false (catur_turn_panel_get_notice_is_warning (panel));
  g_assert_cmpstr (catur_board_view_get_announcement (catur_window_get_board_view (window)),
                   ==, "Black Rook from f6 to e6. " QUIET);
  g_assert_true (enabled (window, "offer-draw"));
  click_moves (window, "e1f1");
  g_assert_null (catur_turn_panel_get_notice (panel));
  catur_ui_test_close (window);
}

static void
test_resign (void)
{
  CaturWindow *window = window_with (sandbox (), START_TEXT);
  CaturGame *game = catur_window_get_game (window);

  click_moves (window, "c2c3");
  g_assert_true (enabled (window, "hint"));

  /* Black, to move, resigns; cancelled first, then confirmed. */
  g_assert_true (activate (window, "win.resign", NULL));
  catur_ui_test_answer ("Black", "White wins the game.", "cancel");
  g_assert_false (catur_game_is_over (game));
  g_assert_true (activate (window, "win.resign", NULL));
  catur_ui_test_answer ("Black", NULL, "resign");
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpstr (catur_reason_to_id (catur_game_get_outcome (game)->reason), ==, "resign");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "White wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==, "Black resigned");
  g_assert_false (enabled (window, "resign"));
  g_assert_false (enabled (window, "offer-draw"));
  /* No hint for a game that is over, and asking anyway shows none. */
  g_assert_false (enabled (window, "hint"));
  activate (window, "win.hint", NULL);
  catur_ui_test_iterate (50);
  g_assert_false (catur_board_view_get_hint (catur_window_get_board_view (window), NULL, NULL));
  /* A resignation is not taken back. */
  g_assert_false (enabled (window, "undo"));

  catur_ui_test_close (window);
}

static void
test_draw_offer (void)
{
  CaturWindow *window = window_with (sandbox (), START_TEXT);
  CaturGame *game = catur_window_get_game (window);

  /* No draw before each side has moved (RULES T4): the action is off, and asking for it
   * anyway (a stale shortcut) records no offer and asks nobody. */
  g_assert_false (enabled (window, "offer-draw"));
  click_moves (window, "c2c3");
  g_assert_false (enabled (window, "offer-draw"));
  activate (window, "win.offer-draw", NULL);
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_NONE);
  g_assert_null (catur_ui_test_find_message_dialog ());
  click_moves (window, "c5c4");

  g_assert_true (activate (window, "win.offer-draw", NULL));
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_FIRST);
  g_assert_false (enabled (window, "offer-draw"));
  catur_ui_test_answer ("Draw", "White offers a draw. Black, do you accept?", "decline");
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_NONE);
  g_assert_false (catur_game_is_over (game));

  g_assert_true (activate (window, "win.offer-draw", NULL));
  catur_ui_test_answer ("Draw", NULL, "accept");
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Draw");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "Agreed by the players");
  g_assert_false (enabled (window, "hint"));

  catur_ui_test_close (window);
}

/* A question answered after the game moved on, or after another game was shown, is void: the
 * answer is about the game as it was asked. */
static void
test_late_answers (void)
{
  CaturWindow *window = window_with (sandbox (), START_TEXT);
  CaturGame *game = catur_window_get_game (window);
  CaturGame *next;

  click_moves (window, "c2c3 c5c4 b2b3");

  /* Black asks to take back two plies, then moves instead: White's "yes" comes too late. */
  g_assert_true (activate (window, "win.undo", NULL));
  click_moves (window, "a5a4");
  catur_ui_test_answer (NULL, "Black asks to take back a move and White’s reply. Allow?",
                        "allow");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 4);

  /* A draw offered, and a move lets it lapse before Black answers. */
  g_assert_true (activate (window, "win.offer-draw", NULL));
  click_moves (window, "f2f3");
  catur_ui_test_answer ("Draw", NULL, "accept");
  g_assert_false (catur_game_is_over (game));

  /* Black (to move) means to resign, but a new game starts before it confirms: neither game
   * ends. */
  g_assert_true (activate (window, "win.resign", NULL));
  catur_window_new_game (window);
  next = catur_window_get_game (window);
  g_assert_true (next != game);
  catur_ui_test_answer ("Black", NULL, "resign");
  g_assert_false (catur_game_is_over (next));
  g_assert_false (catur_game_is_over (game));

  /* A question still open when the window closes goes with it. */
  g_assert_true (activate (window, "win.resign", NULL));
  g_assert_nonnull (catur_ui_test_find_message_dialog ());
  catur_ui_test_close (window);
  g_assert_null (catur_ui_test_find_message_dialog ());
}

/* The position the board shows, as text. */
static char *
shown_position (CaturWindow *window)
{
  CaturGame *game = catur_window_get_game (window);
  const CaturPosition *position = catur_game_get_position_at (game,
                                                              catur_game_get_view_ply (game));

  return catur_variant_format (sandbox (), position);
}

/* Steps through a finished game, read-only, and back to its end. */
static void
test_review_finished_game (void)
{
  CaturWindow *window = window_with (sandbox (), MATE_TEXT);
  CaturGame *game = catur_window_get_game (window);
  CaturBoardView *view = catur_window_get_board_view (window);
  GtkRevealer *card = GTK_REVEALER (catur_ui_test_child (window, "result_revealer"));
  GtkRevealer *bar = GTK_REVEALER (catur_ui_test_child (window, "review_revealer"));
  g_autofree char *start = NULL;
  CaturPiece piece;

  /* The Kings step aside and back, then b1–b6 mates. */
  click_moves (window, "d1c1 e6f6 c1d1 f6e6");
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==,
                   "Black King from f6 to e6.");
  click_moves (window, "b1b6");
  g_assert_true (catur_game_is_over (game));
  g_assert_true (gtk_revealer_get_reveal_child (card));
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "White wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==, "Checkmate");
  /* What the board says for a screen reader: the move that mates, then the result. */
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==,
                   "White Rook from b1 to b6, checkmate. White wins.");
  g_assert_false (gtk_revealer_get_reveal_child (bar));
  g_assert_false (enabled (window, "review-next"));
  g_assert_true (enabled (window, "review-previous"));

  /* The card's Review button puts it away; the first position comes with review-first. */
  g_signal_emit_by_name (catur_ui_test_child (window, "result_review_button"), "clicked");
  catur_ui_test_iterate (10);
  g_assert_false (gtk_revealer_get_reveal_child (card));
  g_assert_true (activate (window, "win.review-first", NULL));
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 0);
  g_assert_true (catur_game_is_reviewing (game));
  g_assert_true (gtk_revealer_get_reveal_child (bar));
  g_assert_cmpstr (catur_ui_test_label_text (window, "review_label"), ==,
                   "Looking back at the start");
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==, "Start position.");
  start = shown_position (window);
  g_assert_cmpstr (start, ==, MATE_TEXT);
  g_assert_false (enabled (window, "review-previous"));

  /* Forward, one ply at a time; the board says the move that led to the position shown, the
   * history marks the ply. */
  g_assert_true (activate (window, "win.review-next", NULL));
  g_assert_true (activate (window, "win.review-next", NULL));
  g_assert_cmpstr (catur_board_view_get_announcement (view), ==,
                   "Move 2 of 5: Black King from e6 to f6.");
  g_assert_true (activate (window, "win.review-next", NULL));
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 3);
  g_assert_cmpstr (catur_ui_test_label_text (window, "review_label"), ==,
                   "Looking back at 2. Kc1-d1");
  /* After d1c1 e6f6 c1d1: the black King on f6, the white one back on d1. */
  g_assert_true (catur_variant_piece_at (sandbox (), catur_game_get_position_at (game, 3),
                                         SANDBOX ("f6"), &piece));
  g_assert_cmpint (piece.side, ==, CATUR_SIDE_SECOND);
  g_assert_true (catur_variant_piece_at (sandbox (), catur_game_get_position_at (game, 3),
                                         SANDBOX ("d1"), &piece));
  g_assert_cmpint (piece.side, ==, CATUR_SIDE_FIRST);
  {
    CaturHistoryRow *row = g_list_model_get_item (catur_history_view_get_model (history (window)),
                                                  1);

    g_assert_cmpint (catur_history_row_get_current (row), ==, CATUR_SIDE_FIRST);
    g_assert_cmpuint (catur_history_row_get_ply (row, CATUR_SIDE_FIRST), ==, 3);
    g_object_unref (row);
  }

  /* The board is read-only in review: a click on the King to move selects nothing. */
  catur_ui_test_click (view, SANDBOX ("f6"));
  g_assert_cmpint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 5);

  /* The start line of the history shows the start too. */
  g_signal_emit_by_name (catur_history_view_get_start_button (history (window)), "clicked");
  catur_ui_test_iterate (10);
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 0);

  /* Back to the end: review is over, the card stays put away. */
  g_assert_true (activate (window, "win.review-last", NULL));
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 5);
  g_assert_false (catur_game_is_reviewing (game));
  g_assert_false (gtk_revealer_get_reveal_child (bar));
  g_assert_false (gtk_revealer_get_reveal_child (card));

  catur_ui_test_close (window);
}

/* Review during a game: the keys of the window, and a move on the board resumes nothing
 * until the players are back at the last position. */
static void
test_review_during_game (void)
{
  CaturWindow *window = window_with (sandbox (), START_TEXT);
  CaturGame *game = catur_window_get_game (window);
  CaturBoardView *view = catur_window_get_board_view (window);

  click_moves (window, "c2c3 c5c4 b2b3");
  g_assert_true (activate (window, "win.review-previous", NULL));
  g_assert_true (activate (window, "win.review-previous", NULL));
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 1);
  g_assert_cmpstr (catur_ui_test_label_text (window, "review_label"), ==,
                   "Looking back at 1. c2-c3");

  /* Black's Pawn on a5 may move in the real game, but not from the board in review. */
  catur_ui_test_click (view, SANDBOX ("a5"));
  g_assert_cmpint (catur_board_view_get_selected (view), ==, CATUR_SQUARE_NONE);

  /* The keys: Alt+arrows step, Home and End jump; the board leaves Alt+arrows alone. */
  {
    g_auto(GStrv) previous = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                    "win.review-previous");
    g_auto(GStrv) last = gtk_application_get_accels_for_action (GTK_APPLICATION (application),
                                                                "win.review-last");

    g_assert_true (g_strv_contains ((const char * const *) previous, "<Alt>Left"));
    g_assert_true (g_strv_contains ((const char * const *) last, "End"));
    g_assert_false (catur_board_view_key_press (view, GDK_KEY_Left, GDK_ALT_MASK));
  }

  g_assert_true (activate (window, "win.review-last", NULL));
  click_moves (window, "a5a4");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 4);
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 4);

  catur_ui_test_close (window);
}

/* After a finished game the players change sides; the board turns for the one at the bottom. */
static void
test_play_again_swaps_colours (void)
{
  CaturWindow *window = window_with (sandbox (), MATE_TEXT);
  CaturBoardView *view = catur_window_get_board_view (window);
  CaturGame *game;

  g_assert_true (g_settings_get_boolean (settings, "swap-colours"));
  g_assert_false (catur_board_view_get_flipped (view));
  click_moves (window, "b1b6");
  g_assert_true (catur_game_is_over (catur_window_get_game (window)));

  /* Play Again: the player at the bottom, who had White, has Black. */
  g_assert_true (activate (window, "win.play-again", NULL));
  game = catur_window_get_game (window);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_game_get_bottom_side (game), ==, CATUR_SIDE_SECOND);
  g_assert_true (catur_board_view_get_flipped (view));
  catur_ui_test_iterate (50);
  g_assert_true (catur_board_view_get_layout (view)->flipped);

  /* White moves first all the same, clicked on the turned board. */
  click_moves (window, "c2c3");

  /* A game left unfinished swaps nothing. */
  g_assert_true (activate (window, "win.play-again", NULL));
  game = catur_window_get_game (window);
  g_assert_cmpint (catur_game_get_bottom_side (game), ==, CATUR_SIDE_SECOND);

  /* Black resigns (from the bottom); the next game turns the board back. */
  click_moves (window, "c2c3");
  g_assert_true (activate (window, "win.resign", NULL));
  catur_ui_test_answer ("Black", NULL, "resign");
  g_assert_true (activate (window, "win.play-again", NULL));
  game = catur_window_get_game (window);
  g_assert_cmpint (catur_game_get_bottom_side (game), ==, CATUR_SIDE_FIRST);
  g_assert_false (catur_board_view_get_flipped (view));

  /* Turning the board over by hand says who sits at the bottom. */
  g_assert_true (activate (window, "win.flip-board", NULL));
  g_assert_cmpint (catur_game_get_bottom_side (game), ==, CATUR_SIDE_SECOND);
  g_assert_true (activate (window, "win.flip-board", NULL));

  /* Without the setting, the sides stay. */
  g_settings_set_boolean (settings, "swap-colours", FALSE);
  click_moves (window, "c2c3");
  g_assert_true (activate (window, "win.resign", NULL));
  catur_ui_test_answer (NULL, NULL, "resign");
  g_assert_true (activate (window, "win.play-again", NULL));
  g_assert_cmpint (catur_game_get_bottom_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_FIRST);
  g_settings_reset (settings, "swap-colours");

  catur_ui_test_close (window);
}

static CaturNewGameDialog *
open_new_game_dialog (CaturWindow *window)
{
  CaturNewGameDialog *dialog;

  g_assert_true (activate (window, "app.new-game", NULL));
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  return dialog;
}

/* The dialog builds its rows from the variant's options: Sandbox's move limit and the time a
 * move may take; Start begins a game under the rules chosen, with the side chosen at the
 * bottom. */
static void
test_new_game_dialog (void)
{
  CaturWindow *window = window_with (sandbox (), START_TEXT);
  CaturGame *first = catur_window_get_game (window);
  CaturNewGameDialog *dialog;
  AdwComboRow *limit, *time;
  CaturGame *game;
  GtkWidget *start;
  guint n;

  g_object_ref (first);

  /* Cancel starts nothing. */
  dialog = open_new_game_dialog (window);
  gtk_window_close (GTK_WINDOW (dialog));
  catur_ui_test_iterate (10);
  g_assert_null (catur_window_get_new_game_dialog (window));
  g_assert_true (catur_window_get_game (window) == first);

  dialog = open_new_game_dialog (window);
  limit = catur_new_game_dialog_get_option_row (dialog, "move-limit");
  time = catur_new_game_dialog_get_option_row (dialog, "move-time");
  g_assert_nonnull (limit);
  g_assert_nonnull (time);
  /* Only the game's own options: none of another game's. */
  g_assert_null (catur_new_game_dialog_get_option_row (dialog, "voor-side"));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (limit)), ==,
                   "Move Limit");
  g_assert_cmpuint (adw_combo_row_get_selected (limit), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (time), ==, 0);
  adw_combo_row_set_selected (limit, 1);
  adw_combo_row_set_selected (time, 1);
  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (10);

  /* The game keeps the options (a saved game and a record restore them) and plays by them:
   * the clock counts the 30 seconds a move may take. */
  game = catur_window_get_game (window);
  g_assert_true (game != first);
  g_assert_cmpstr (catur_setup_option_get_value (catur_setup_option_move_time (),
                                                 catur_game_get_options (game)), ==, "30");
  g_assert_cmpstr (catur_setup_option_get_value (&catur_variant_get_setup_options (sandbox (),
                                                                                  &n)[0],
                                                 catur_game_get_options (game)), ==, "20");
  g_assert_cmpuint (catur_game_get_move_time (game), ==, 30);
  g_assert_cmpstr (catur_ui_test_running_clock_text (window), ==, "0:30");
  /* Sandbox does not name a start of its standard board: the history says "Start". */
  start = catur_history_view_get_start_button (history (window));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (start)))),
                   ==, "Start");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (start), ==, START_TEXT);

  /* The choice is kept, though Sandbox has no settings to keep it in: Play Again starts the
   * same set-up, and the next dialog shows it. */
  g_assert_true (activate (window, "win.play-again", NULL));
  game = catur_window_get_game (window);
  g_assert_cmpuint (catur_game_get_move_time (game), ==, 30);
  g_assert_cmpstr (catur_setup_option_get_value (&catur_variant_get_setup_options (sandbox (),
                                                                                  &n)[0],
                                                 catur_game_get_options (game)), ==, "20");
  dialog = open_new_game_dialog (window);
  g_assert_cmpuint (adw_combo_row_get_selected (catur_new_game_dialog_get_option_row (
                                                  dialog, "move-limit")), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (catur_new_game_dialog_get_option_row (
                                                  dialog, "move-time")), ==, 1);

  /* The standard set-up again, for the tests after this one; the bottom player chooses
   * Black. */
  adw_combo_row_set_selected (catur_new_game_dialog_get_option_row (dialog, "move-limit"), 0);
  adw_combo_row_set_selected (catur_new_game_dialog_get_option_row (dialog, "move-time"), 0);
  adw_combo_row_set_selected (catur_new_game_dialog_get_bottom_row (dialog), 1);
  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (10);
  g_assert_cmpint (catur_game_get_bottom_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_SECOND);
  g_assert_true (catur_board_view_get_flipped (catur_window_get_board_view (window)));
  g_assert_cmpuint (catur_game_get_move_time (catur_window_get_game (window)), ==, 0);

  g_object_unref (first);
  catur_ui_test_close (window);
}

/* After a finished game the dialog proposes the swapped side, and says so. */
/* Xiangqi's voor (RULES 1.6), the set-up a game's settings keep: a row that matters only once
 * another is set, the start line that names the set-up, and the choice kept for Play Again
 * and the next dialog. Sandbox's options are plain and kept nowhere, so this plays Xiangqi, and
 * runs only when the build has it. */
#define XIANGQI_START_FEN \
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define RED_TWO_HORSES_FEN \
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1"
#define BLACK_ONE_HORSE_FEN \
  "rnbakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define RED_CHARIOT_HORSE_FEN \
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/2BAKABNR w - - 0 1"

static void
test_new_game_dialog_voor (void)
{
  CaturVariant *xiangqi = catur_plugins_find_variant ("xiangqi");
  CaturWindow *window = window_with (xiangqi, XIANGQI_START_FEN);
  CaturGame *first = catur_window_get_game (window);
  CaturNewGameDialog *dialog;
  AdwComboRow *side, *horses;
  g_autoptr(GSettings) variant_settings = g_settings_new ("io.github.caturapp.Catur.xiangqi");
  g_autofree char *fen = NULL;
  g_autofree char *kept = NULL;
  const char *start_label;

  g_object_ref (first);

  dialog = open_new_game_dialog (window);
  side = catur_new_game_dialog_get_option_row (dialog, "voor-side");
  horses = catur_new_game_dialog_get_option_row (dialog, "voor-horses");
  g_assert_nonnull (side);
  g_assert_nonnull (horses);
  g_assert_null (catur_new_game_dialog_get_option_row (dialog, "komaochi"));
  g_assert_cmpuint (adw_combo_row_get_selected (side), ==, 0);
  /* How many horses matters only once somebody gives voor. */
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (horses)));
  adw_combo_row_set_selected (side, 1);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (horses)));
  adw_combo_row_set_selected (horses, 1);
  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (10);

  g_assert_true (catur_window_get_game (window) != first);
  fen = catur_variant_format (xiangqi,
                              catur_game_get_start_position (catur_window_get_game (window)));
  g_assert_cmpstr (fen, ==, RED_TWO_HORSES_FEN);
  start_label = gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (
    catur_history_view_get_start_button (history (window))))));
  g_assert_cmpstr (start_label, ==, "Start: Red gives two horses");
  g_assert_cmpstr (g_settings_get_string (variant_settings, "voor-side"), ==, "red");

  /* The choice is kept: Play Again starts the same set-up, and so does the next dialog. */
  g_assert_true (activate (window, "win.play-again", NULL));
  g_clear_pointer (&fen, g_free);
  fen = catur_variant_format (xiangqi,
                              catur_game_get_start_position (catur_window_get_game (window)));
  g_assert_cmpstr (fen, ==, RED_TWO_HORSES_FEN);

  dialog = open_new_game_dialog (window);
  side = catur_new_game_dialog_get_option_row (dialog, "voor-side");
  horses = catur_new_game_dialog_get_option_row (dialog, "voor-horses");
  g_assert_cmpuint (adw_combo_row_get_selected (side), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (horses), ==, 1);

  /* Black gives one horse, its left one (h9); the bottom player chooses Black. */
  adw_combo_row_set_selected (side, 2);
  adw_combo_row_set_selected (horses, 0);
  adw_combo_row_set_selected (catur_new_game_dialog_get_bottom_row (dialog), 1);
  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (10);
  g_clear_pointer (&fen, g_free);
  fen = catur_variant_format (xiangqi,
                              catur_game_get_start_position (catur_window_get_game (window)));
  g_assert_cmpstr (fen, ==, BLACK_ONE_HORSE_FEN);
  g_assert_cmpint (catur_game_get_bottom_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_SECOND);
  g_assert_true (catur_board_view_get_flipped (catur_window_get_board_view (window)));

  /* A voor of other pieces than horses: Red gives its left Chariot and left Horse. */
  dialog = open_new_game_dialog (window);
  side = catur_new_game_dialog_get_option_row (dialog, "voor-side");
  horses = catur_new_game_dialog_get_option_row (dialog, "voor-horses");
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (horses)), ==, 6);
  adw_combo_row_set_selected (side, 1);
  adw_combo_row_set_selected (horses, 4);
  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (10);
  g_clear_pointer (&fen, g_free);
  fen = catur_variant_format (xiangqi,
                              catur_game_get_start_position (catur_window_get_game (window)));
  g_assert_cmpstr (fen, ==, RED_CHARIOT_HORSE_FEN);
  start_label = gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (
    catur_history_view_get_start_button (history (window))))));
  g_assert_cmpstr (start_label, ==, "Start: Red gives a chariot and a horse");
  kept = g_settings_get_string (variant_settings, "voor-horses");
  g_assert_cmpstr (kept, ==, "chariot-horse");

  g_settings_reset (variant_settings, "voor-side");
  g_settings_reset (variant_settings, "voor-horses");
  g_object_unref (first);
  catur_ui_test_close (window);
}

static void
test_new_game_dialog_proposes_swap (void)
{
  CaturWindow *window = window_with (sandbox (), MATE_TEXT);
  CaturNewGameDialog *dialog;
  AdwComboRow *bottom;

  dialog = open_new_game_dialog (window);
  bottom = catur_new_game_dialog_get_bottom_row (dialog);
  g_assert_cmpuint (adw_combo_row_get_selected (bottom), ==, CATUR_SIDE_FIRST);
  gtk_window_close (GTK_WINDOW (dialog));
  catur_ui_test_iterate (10);

  click_moves (window, "b1b6");
  dialog = open_new_game_dialog (window);
  bottom = catur_new_game_dialog_get_bottom_row (dialog);
  g_assert_cmpuint (adw_combo_row_get_selected (bottom), ==, CATUR_SIDE_SECOND);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (bottom)), !=, "");
  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (10);
  g_assert_cmpint (catur_game_get_bottom_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_SECOND);

  catur_ui_test_close (window);
}
/* The dialog chooses the opponent, the computer's level and the person's side; the rows that
 * do not apply to the opponent chosen are hidden, and Start makes the choice the players'. */
static void
test_new_game_dialog_players (void)
{
  CaturWindow *window = window_with (sandbox (), START_TEXT);
  CaturNewGameDialog *dialog;
  AdwComboRow *opponent, *level, *bottom;
  GtkWidget *swap, *permission;
  CaturGame *game;

  dialog = open_new_game_dialog (window);
  opponent = catur_new_game_dialog_get_opponent_row (dialog);
  level = catur_new_game_dialog_get_level_row (dialog);
  bottom = catur_new_game_dialog_get_bottom_row (dialog);
  swap = gtk_widget_get_ancestor (GTK_WIDGET (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), CATUR_TYPE_NEW_GAME_DIALOG, "swap_switch")), ADW_TYPE_ACTION_ROW);
  permission = gtk_widget_get_ancestor (GTK_WIDGET (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), CATUR_TYPE_NEW_GAME_DIALOG, "permission_switch")), ADW_TYPE_ACTION_ROW);

  /* Two people: the side at the bottom, the colour swap and the take-back permission. */
  g_assert_cmpuint (adw_combo_row_get_selected (opponent), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (level)));
  g_assert_true (gtk_widget_get_visible (swap));
  g_assert_true (gtk_widget_get_visible (permission));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (bottom)), ==,
                   "Player at the Bottom Plays");

  /* The computer: its level and the person's side. */
  adw_combo_row_set_selected (opponent, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (level)));
  g_assert_false (gtk_widget_get_visible (swap));
  g_assert_false (gtk_widget_get_visible (permission));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (bottom)), ==,
                   "Your Side");
  catur_ui_test_screenshot ("new-game-computer");
  adw_combo_row_set_selected (level, CATUR_LEVEL_BEGINNER);
  adw_combo_row_set_selected (bottom, CATUR_SIDE_SECOND);
  /* Nothing changes before Start. */
  g_assert_cmpstr (g_settings_get_string (settings, "mode"), ==, "two-players");
  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (10);

  game = catur_window_get_game (window);
  g_assert_cmpstr (g_settings_get_string (settings, "mode"), ==, "computer");
  g_assert_cmpstr (g_settings_get_string (settings, "level"), ==, "beginner");
  g_assert_cmpstr (g_settings_get_string (settings, "human-side"), ==, "second");
  g_assert_cmpint (catur_game_get_computer_side (game), ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_game_get_computer_level (game), ==, CATUR_LEVEL_BEGINNER);
  g_assert_cmpint (catur_game_get_bottom_side (game), ==, CATUR_SIDE_SECOND);

  /* The next dialog starts from these players; back to two people. */
  dialog = open_new_game_dialog (window);
  opponent = catur_new_game_dialog_get_opponent_row (dialog);
  g_assert_cmpuint (adw_combo_row_get_selected (opponent), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (catur_new_game_dialog_get_level_row (dialog)),
                    ==, CATUR_LEVEL_BEGINNER);
  adw_combo_row_set_selected (opponent, 0);
  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (10);
  g_assert_cmpstr (g_settings_get_string (settings, "mode"), ==, "two-players");
  g_assert_cmpint (catur_game_get_computer_side (catur_window_get_game (window)), ==,
                   CATUR_SIDE_NONE);

  catur_ui_test_close (window);
  g_settings_reset (settings, "mode");
  g_settings_reset (settings, "level");
  g_settings_reset (settings, "human-side");
}

/* Piece letters and table mode follow their settings. */
static void
test_board_settings (void)
{
  CaturWindow *window = window_with (sandbox (), START_TEXT);
  CaturBoardView *view = catur_window_get_board_view (window);

  g_assert_false (catur_board_view_get_piece_letters (view));
  g_assert_false (catur_board_view_get_table_mode (view));
  g_assert_true (activate (window, "app.piece-letters", NULL));
  g_assert_true (activate (window, "app.table-mode", NULL));
  g_assert_true (g_settings_get_boolean (settings, "piece-letters"));
  g_assert_true (catur_board_view_get_piece_letters (view));
  g_assert_true (catur_board_view_get_table_mode (view));
  /* Drawn at least once that way. */
  gtk_widget_queue_draw (GTK_WIDGET (view));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));

  g_settings_reset (settings, "piece-letters");
  g_settings_reset (settings, "table-mode");
  g_assert_false (catur_board_view_get_piece_letters (view));
  catur_ui_test_close (window);
}

static void add_tests (void);

/* Xiangqi's game clock (RULES.md §T): the New Game dialog offers Xiangqi's clocks; a game at
 * 2 s + 1 s shows both clocks by the board, adds the second after Red's move, and when Black's
 * time runs out by itself Black loses. */
static void
test_xiangqi_game_clock (void)
{
  static const char * const presets[] = {
    "No Clock", "10 min + 5 s a move", "15 min + 10 s a move", "30 min, sudden death",
    "5 min + 3 s a move", "20 min + 10 s a move", NULL,
  };
  CaturVariant *xiangqi = catur_plugins_find_variant ("xiangqi");
  CaturWindow *window = window_with (xiangqi, XIANGQI_START_FEN);
  CaturClockFace *top = catur_ui_test_clock_face (window, "top_clock");
  CaturClockFace *bottom = catur_ui_test_clock_face (window, "bottom_clock");
  CaturGame *game;
  CaturClock *clock;

  catur_ui_test_check_clock_choices (window, presets);

  game = catur_ui_test_timed_game (window, xiangqi, NULL, "2+1");
  clock = catur_game_get_clock (game);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (top)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bottom)));
  g_assert_cmpint (catur_clock_face_get_side (bottom), ==, CATUR_SIDE_FIRST);
  g_assert_cmpstr (catur_clock_face_get_text (top), ==, "0:02.0");
  g_assert_cmpstr (catur_clock_face_get_text (bottom), !=, NULL);

  click_moves (window, "h2e2");
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_FIRST), >, 2000);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_SECOND);

  g_assert_true (catur_ui_test_wait_over (game, 5));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_FIRST);
  catur_ui_test_iterate (20);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Red wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "Black ran out of time");
  catur_ui_test_close (window);
}

/* RULES T2: in Xiangqi a player out of time loses even when the opponent has only its General
 * (Chess would call it a draw). */
static void
test_xiangqi_time_out_lone_general (void)
{
  CaturVariant *xiangqi = catur_plugins_find_variant ("xiangqi");
  CaturWindow *window = window_with (xiangqi, XIANGQI_START_FEN);
  CaturGame *game = catur_ui_test_timed_game (window, xiangqi,
                                              "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "1");

  g_assert_true (catur_ui_test_wait_over (game, 4));
  g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  catur_ui_test_iterate (20);
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_title"), ==, "Black wins");
  g_assert_cmpstr (catur_ui_test_label_text (window, "result_reason"), ==,
                   "Red ran out of time");
  catur_ui_test_close (window);
}

/* The computer plays Xiangqi on a short Fischer clock and never flags. */
static void
test_xiangqi_computer_on_clock (void)
{
  static const char * const moves[] = { "h2e2", "h0g2", NULL };
  CaturVariant *xiangqi = catur_plugins_find_variant ("xiangqi");
  CaturWindow *window = window_with (xiangqi, XIANGQI_START_FEN);

  catur_ui_test_computer_on_clock (window, xiangqi, "2+1", moves, 4);
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
  settings = g_settings_new (APP_ID);
  /* A new window opens Sandbox, as the games of window_with() are. */
  g_settings_set_string (settings, "game", "sandbox");
  add_tests ();

  status = g_test_run ();
  g_settings_reset (settings, "game");
  g_clear_object (&settings);
  g_clear_object (&application);
  return status;
}

static void
add_tests (void)
{
  g_test_add_func ("/ui/flow/take-back-with-permission", test_take_back_with_permission);
  g_test_add_func ("/ui/flow/take-back-without-permission", test_take_back_without_permission);
  /* A rule of Xiangqi's, which a build may leave out. */
  if (catur_plugins_find_variant ("xiangqi") != NULL)
    g_test_add_func ("/ui/flow/perpetual-check-warning", test_perpetual_check_warning_and_card);
  g_test_add_func ("/ui/flow/repetition-info", test_repetition_info);
  g_test_add_func ("/ui/flow/resign", test_resign);
  g_test_add_func ("/ui/flow/draw-offer", test_draw_offer);
  g_test_add_func ("/ui/flow/late-answers", test_late_answers);
  g_test_add_func ("/ui/flow/review-finished-game", test_review_finished_game);
  g_test_add_func ("/ui/flow/review-during-game", test_review_during_game);
  g_test_add_func ("/ui/flow/play-again-swaps-colours", test_play_again_swaps_colours);
  g_test_add_func ("/ui/flow/new-game-dialog", test_new_game_dialog);
  if (catur_plugins_find_variant ("xiangqi") != NULL)
    g_test_add_func ("/ui/flow/new-game-dialog-voor", test_new_game_dialog_voor);
  g_test_add_func ("/ui/flow/new-game-dialog-proposes-swap", test_new_game_dialog_proposes_swap);
  g_test_add_func ("/ui/flow/new-game-dialog-players", test_new_game_dialog_players);
  g_test_add_func ("/ui/flow/board-settings", test_board_settings);
  if (catur_plugins_find_variant ("xiangqi") != NULL)
    {
      g_test_add_func ("/ui/flow/xiangqi-game-clock", test_xiangqi_game_clock);
      g_test_add_func ("/ui/flow/xiangqi-time-out-lone-general",
                       test_xiangqi_time_out_lone_general);
      g_test_add_func ("/ui/flow/xiangqi-computer-on-clock", test_xiangqi_computer_on_clock);
    }
}
