/* test-selection.c: what a press on a square means, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CaturSelection over the test games of tests/variant, so that the shell's input is tested
 * whichever real games the build has: picking pieces up and putting them back, the targets of
 * a piece, moves, explanations, and the states in which the board takes no input (Sandbox's
 * chess on six files); several moves for one click (a promotion), castling by a press on the
 * Rook, the en-passant target's ring, pieces in hand and their drops (Sandbox too), and
 * face-down pieces flipped by a press with nothing up, and explained as a piece's target
 * (Sandbox Dark).
 */
#include "config.h"

#include <catur.h>

#include "catur-selection.h"
#include "testgame.h"

/* Sandbox's kinds, as its hands list them. */
#define SANDBOX_ROOK 2
#define SANDBOX_BISHOP 3
#define SANDBOX_PAWN 4

static CaturGame *
new_test_game (const char *id,
               const char *text)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (testgame_variant (id), text, &error);

  g_assert_no_error (error);
  /* A Sandbox Dark text does not say what lies face down: the game deals it. */
  catur_variant_deal_hidden (testgame_variant (id), position, 7);
  return catur_game_new (testgame_variant (id), position);
}

/* Sandbox at its start:
 *     6  r b k . . r
 *     5  p p p p p p
 *     2  P P P P P P
 *     1  R B K . . R   */
static CaturGame *
new_sandbox_game (void)
{
  CaturVariant *variant = testgame_variant ("sandbox");

  return catur_game_new (variant, catur_variant_new_position (variant, NULL, 0));
}

static CaturSelection *
new_selection (CaturGame *game)
{
  CaturSelection *selection = catur_selection_new ();

  catur_selection_set_game (selection, game);
  g_assert_true (catur_selection_get_game (selection) == game);
  return selection;
}

static const CaturSelectionTarget *
find_target (CaturSelection *selection,
             CaturSquare     square)
{
  const CaturSelectionTarget *targets;
  guint n_targets;

  targets = catur_selection_get_targets (selection, &n_targets);
  for (guint i = 0; i < n_targets; i++)
    if (targets[i].square == square)
      return &targets[i];
  return NULL;
}

/* A board that plays one side (a network game) takes nothing on the other side's turn, and
 * says why; on its own turn it plays as any board. */
static void
test_one_side (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  g_autoptr(GError) error = NULL;

  catur_selection_set_player (selection, CATUR_SIDE_SECOND, "Wait for Budi");
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c2")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_explanation (selection), ==, "Wait for Budi");
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "not-your-turn");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);

  g_assert_true (catur_game_play_text (game, "c2c3", &error));
  g_assert_no_error (error);
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c5")), ==,
                   CATUR_SELECTION_SELECTED);

  /* Both sides again. */
  catur_selection_set_player (selection, CATUR_SIDE_NONE, NULL);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
}

static void
test_select_deselect (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  guint n_targets;

  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_targets (selection, &n_targets));
  g_assert_cmpuint (n_targets, ==, 0);
  g_assert_true (catur_selection_accepts_input (selection));

  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c2")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("c2"));
  g_assert_null (catur_selection_get_explanation (selection));

  /* A plain press on the piece puts it back; a pointer waits for the release to do so. */
  g_assert_true (catur_selection_would_deselect (selection, SANDBOX ("c2")));
  g_assert_false (catur_selection_would_deselect (selection, SANDBOX ("c3")));
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c2")), ==,
                   CATUR_SELECTION_DESELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_targets (selection, &n_targets));
  g_assert_false (catur_selection_would_deselect (selection, SANDBOX ("c2")));

  /* Cancelling says whether there was anything to drop. */
  catur_selection_activate (selection, SANDBOX ("c2"));
  g_assert_true (catur_selection_cancel (selection));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_false (catur_selection_cancel (selection));

  /* Squares off the board are no input. */
  g_assert_cmpint (catur_selection_activate (selection, 6 * 6), ==, CATUR_SELECTION_IGNORED);
  g_assert_cmpint (catur_selection_activate (selection, CATUR_SQUARE_NONE), ==,
                   CATUR_SELECTION_IGNORED);
}

static void
test_targets (void)
{
  /* White's Rook on c1 with an open file up to a black Pawn on c4, and the King on a1:
   *     6  k . . . . .
   *     4  . . p . . .
   *     1  K . R . . .   */
  g_autoptr(CaturGame) game = new_test_game ("sandbox", "k5/6/2p3/6/6/K1R3 w - - - 0 0");
  g_autoptr(CaturSelection) selection = new_selection (game);
  g_autoptr(GArray) moves = NULL;
  const CaturSelectionTarget *targets;
  guint n_targets;

  /* Along its rank to either edge but the King's square, and up its file onto the Pawn. */
  catur_selection_activate (selection, SANDBOX ("c1"));
  targets = catur_selection_get_targets (selection, &n_targets);
  g_assert_nonnull (targets);
  moves = catur_variant_legal_moves_from (catur_game_get_variant (game),
                                          catur_game_get_position (game), SANDBOX ("c1"));
  g_assert_cmpuint (n_targets, ==, moves->len);
  g_assert_cmpuint (n_targets, ==, 7);
  for (guint i = 0; i < moves->len; i++)
    g_assert_cmpuint (targets[i].square, ==, g_array_index (moves, CaturMove, i).to);

  g_assert_cmpint (find_target (selection, SANDBOX ("c4"))->kind, ==,
                   CATUR_SELECTION_TARGET_CAPTURE);
  g_assert_cmpint (find_target (selection, SANDBOX ("f1"))->kind, ==,
                   CATUR_SELECTION_TARGET_EMPTY);
  g_assert_cmpint (find_target (selection, SANDBOX ("b1"))->kind, ==,
                   CATUR_SELECTION_TARGET_EMPTY);
  g_assert_null (find_target (selection, SANDBOX ("c5")));
  g_assert_null (find_target (selection, SANDBOX ("a1")));
  for (guint i = 0; i < n_targets; i++)
    if (targets[i].square != SANDBOX ("c4"))
      g_assert_cmpint (targets[i].kind, ==, CATUR_SELECTION_TARGET_EMPTY);

  /* The King on a1 has three squares, none a capture. */
  catur_selection_activate (selection, SANDBOX ("a1"));
  targets = catur_selection_get_targets (selection, &n_targets);
  g_assert_cmpuint (n_targets, ==, 3);
  g_assert_nonnull (find_target (selection, SANDBOX ("a2")));
  g_assert_nonnull (find_target (selection, SANDBOX ("b2")));
  g_assert_nonnull (find_target (selection, SANDBOX ("b1")));
}

static void
test_explain_target (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  /* The Rook on f1 up its file: its own Pawn on f2 is in the way. The Rook stays selected. */
  catur_selection_activate (selection, SANDBOX ("f1"));
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("f4")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "blocked-path");
  g_assert_nonnull (catur_selection_get_explanation (selection));
  g_assert_cmpstr (catur_selection_get_explanation (selection), !=, "");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("f1"));

  /* A square a Rook never reaches. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("d3")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "piece-movement");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("f1"));

  /* A black piece it cannot take: the move's explanation, not the piece's. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("e5")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "piece-movement");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("f1"));

  /* The next press forgets the explanation. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("f1")), ==,
                   CATUR_SELECTION_DESELECTED);
  g_assert_null (catur_selection_get_explanation (selection));
  g_assert_null (catur_selection_get_reason_id (selection));
}

static void
test_explain_selection (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c3")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "empty-square");
  g_assert_nonnull (catur_selection_get_explanation (selection));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);

  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c6")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "not-own-piece");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
}

static void
test_reselect (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  guint n_targets;

  catur_selection_activate (selection, SANDBOX ("c2"));
  /* Another own piece, not a target: it is picked up instead. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("f1")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("f1"));
  catur_selection_get_targets (selection, &n_targets);
  g_assert_cmpuint (n_targets, ==, 2);
  g_assert_nonnull (find_target (selection, SANDBOX ("d1")));
  g_assert_null (find_target (selection, SANDBOX ("c4")));

  /* A piece of the other side is never picked up instead. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("f5")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("f1"));
}

static void
test_stuck_piece (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  guint n_targets;

  /* The Bishop on b1 has only a2 and c2, where its own Pawns stand: it is picked up all the
   * same, with no target, and a press elsewhere says why that move fails. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("b1")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("b1"));
  g_assert_null (catur_selection_get_targets (selection, &n_targets));
  g_assert_cmpuint (n_targets, ==, 0);
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("b3")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "piece-movement");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("b1"));
  /* Its targets hold own pieces, which a press picks up instead. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c2")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("c2"));
}

static void
test_move (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  g_autoptr(GError) error = NULL;
  CaturMove move = { 0 };
  guint n_targets;

  catur_selection_activate (selection, SANDBOX ("c2"));
  g_assert_false (catur_selection_get_move (selection, &move));
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c4")), ==,
                   CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_cmpuint (move.from, ==, SANDBOX ("c2"));
  g_assert_cmpuint (move.to, ==, SANDBOX ("c4"));
  g_assert_cmpuint (move.flags, ==, 0);
  /* The move is the caller's to play; the piece is put down meanwhile. */
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_targets (selection, &n_targets));

  g_assert_true (catur_game_play (game, &move, &error));
  g_assert_no_error (error);
  catur_selection_cancel (selection);
  g_assert_false (catur_selection_get_move (selection, &move));

  /* Black's turn now: its pieces are picked up, White's explained. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c4")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "not-own-piece");
  /* The black Pawn on d5 takes the one on c4. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("d5")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_cmpint (find_target (selection, SANDBOX ("c4"))->kind, ==,
                   CATUR_SELECTION_TARGET_CAPTURE);
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c4")), ==,
                   CATUR_SELECTION_PLAY);
  catur_selection_get_move (selection, &move);
  g_assert_cmpuint (move.from, ==, SANDBOX ("d5"));
  g_assert_cmpuint (move.to, ==, SANDBOX ("c4"));
}

static void
test_review (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  g_assert_true (catur_game_play_text (game, "c2c4", NULL));
  g_assert_true (catur_game_play_text (game, "d5d4", NULL));

  /* Back to the start: looked at, not played; a press says so and picks nothing up. */
  catur_game_set_view_ply (game, 0);
  g_assert_true (catur_game_is_reviewing (game));
  g_assert_false (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c2")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_explanation (selection), ==,
                   "You are looking at an earlier position: return to the game to play");
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c3")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);

  /* Back to the game: White's turn again. */
  catur_game_set_view_ply (game, 2);
  g_assert_true (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c4")), ==,
                   CATUR_SELECTION_SELECTED);
}

static void
test_thinking (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  /* The board is the computer's while it thinks: its move comes through the main loop, which
   * this test does not run. */
  catur_game_set_computer (game, CATUR_SIDE_FIRST, CATUR_LEVEL_MASTER, 30000);
  g_assert_true (catur_game_get_thinking (game));
  g_assert_false (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c2")), ==,
                   CATUR_SELECTION_IGNORED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);

  catur_game_set_computer (game, CATUR_SIDE_NONE, CATUR_LEVEL_MASTER, 30000);
  g_assert_false (catur_game_get_thinking (game));
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c2")), ==,
                   CATUR_SELECTION_SELECTED);
}

static void
test_game_over (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  catur_selection_activate (selection, SANDBOX ("c2"));
  catur_game_resign (game, CATUR_SIDE_FIRST);
  catur_selection_cancel (selection);
  g_assert_true (catur_game_is_over (game));

  /* A finished game takes the press, to say that it is over. */
  g_assert_true (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c2")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "game-over");
  g_assert_nonnull (catur_selection_get_explanation (selection));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_false (catur_selection_would_deselect (selection, SANDBOX ("c2")));
}

static void
test_game_changed (void)
{
  g_autoptr(CaturGame) game = new_sandbox_game ();
  g_autoptr(CaturGame) other = new_sandbox_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  CaturMove move;
  guint n_targets;

  catur_selection_activate (selection, SANDBOX ("c2"));
  catur_selection_set_game (selection, other);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_targets (selection, &n_targets));
  g_assert_false (catur_selection_get_move (selection, &move));

  catur_selection_set_game (selection, NULL);
  g_assert_null (catur_selection_get_game (selection));
  g_assert_false (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, 0), ==, CATUR_SELECTION_IGNORED);
}

static void
test_choice (void)
{
  /* White's pawn on e5 promotes on e6, to a Rook or a Bishop. */
  g_autoptr(CaturGame) game = new_test_game ("sandbox",
                                             "rbk3/ppp1P1/6/6/PPP3/RBK2R w K - - 0 0");
  g_autoptr(CaturSelection) selection = new_selection (game);
  const CaturSelectionTarget *targets;
  const CaturMove *choices;
  guint n_targets, n_choices;
  CaturMove move;
  CaturSquare e5 = SANDBOX ("e5"), e6 = SANDBOX ("e6");

  g_assert_cmpint (catur_selection_activate (selection, e5), ==, CATUR_SELECTION_SELECTED);
  /* Two moves, one target to mark. */
  targets = catur_selection_get_targets (selection, &n_targets);
  g_assert_cmpuint (n_targets, ==, 1);
  g_assert_cmpuint (targets[0].square, ==, e6);
  g_assert_cmpint (targets[0].kind, ==, CATUR_SELECTION_TARGET_EMPTY);
  g_assert_null (catur_selection_get_choices (selection, &n_choices));

  /* The click offers both, in the variant's order, and the piece stays up. */
  g_assert_cmpint (catur_selection_activate (selection, e6), ==, CATUR_SELECTION_CHOOSE);
  choices = catur_selection_get_choices (selection, &n_choices);
  g_assert_cmpuint (n_choices, ==, 2);
  g_assert_true (catur_move_equal (&choices[0], &(CaturMove) { e5, e6, SANDBOX_ROOK,
                                                                CATUR_MOVE_PROMOTE }));
  g_assert_true (catur_move_equal (&choices[1], &(CaturMove) { e5, e6, SANDBOX_BISHOP,
                                                                CATUR_MOVE_PROMOTE }));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, e5);
  g_assert_false (catur_selection_get_move (selection, &move));

  g_assert_cmpint (catur_selection_choose (selection, 1), ==, CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_true (catur_move_equal (&move, &(CaturMove) { e5, e6, SANDBOX_BISHOP,
                                                          CATUR_MOVE_PROMOTE }));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_choices (selection, &n_choices));

  /* No choice pending, or one out of range: nothing to play. */
  g_assert_cmpint (catur_selection_choose (selection, 0), ==, CATUR_SELECTION_IGNORED);
  catur_selection_activate (selection, e5);
  catur_selection_activate (selection, e6);
  g_assert_cmpint (catur_selection_choose (selection, 2), ==, CATUR_SELECTION_IGNORED);
  g_assert_false (catur_selection_get_move (selection, &move));
  g_assert_null (catur_selection_get_choices (selection, &n_choices));

  /* A choice left open is forgotten at the next press. */
  catur_selection_activate (selection, e6);
  g_assert_cmpint (catur_selection_activate (selection, e6), ==, CATUR_SELECTION_CHOOSE);
  catur_selection_activate (selection, e5);
  g_assert_null (catur_selection_get_choices (selection, &n_choices));
  g_assert_cmpint (catur_selection_choose (selection, 0), ==, CATUR_SELECTION_IGNORED);
}

/* Sandbox Dark: Red's General on a1 (the first seat is Red), b1 empty, the rest face down. */
#define DARK_GENERAL_UP "XXXX/XXXX/XXXX/K1XX r RRPPPPPkrrpppp 0 2"

static void
test_flip (void)
{
  g_autoptr(CaturGame) game = new_test_game ("sandbox-dark", DARK_GENERAL_UP);
  g_autoptr(CaturSelection) selection = new_selection (game);
  CaturMove move;
  CaturMove flip_c1 = { DARK ("c1"), DARK ("c1"), 0, CATUR_MOVE_FLIP };
  CaturMove flip_d4 = { DARK ("d4"), DARK ("d4"), 0, CATUR_MOVE_FLIP };

  /* The face-down piece is turned up at once: nothing to select first. */
  g_assert_cmpint (catur_selection_activate (selection, DARK ("d4")), ==, CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_true (catur_move_equal (&move, &flip_d4));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);

  /* With another piece up, a face-down piece beside it is a target it cannot take, explained
   * with the General kept up, not a flip that would pass the turn. */
  g_assert_cmpint (catur_selection_activate (selection, DARK ("a1")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_nonnull (find_target (selection, DARK ("b1")));
  g_assert_false (catur_selection_would_deselect (selection, DARK ("a2")));
  g_assert_cmpint (catur_selection_activate (selection, DARK ("a2")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "face-down");
  g_assert_false (catur_selection_get_move (selection, &move));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, DARK ("a1"));

  /* Put down, the press on a face-down piece flips it again. */
  g_assert_cmpint (catur_selection_activate (selection, DARK ("a1")), ==,
                   CATUR_SELECTION_DESELECTED);
  g_assert_cmpint (catur_selection_activate (selection, DARK ("c1")), ==, CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_true (catur_move_equal (&move, &flip_c1));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);

  /* The empty square is explained. */
  g_assert_cmpint (catur_selection_activate (selection, DARK ("b1")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "empty-square");
}

/* Sandbox with a Rook and a Pawn in White's hand and a pawn in Black's. */
#define SANDBOX_HANDS "rbk2r/pppppp/6/6/PPPPPP/RBK2R w Kk - RPp 0 0"

static void
test_drop (void)
{
  g_autoptr(CaturGame) game = new_test_game ("sandbox", SANDBOX_HANDS);
  g_autoptr(CaturSelection) selection = new_selection (game);
  CaturSquare rook = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, SANDBOX_ROOK);
  CaturSquare pawn = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, SANDBOX_PAWN);
  g_autoptr(GArray) drops = NULL;
  const CaturSelectionTarget *targets;
  guint n_targets;
  CaturMove move;

  /* The slot is picked up like a square; its targets are its drops, every one a dot. */
  g_assert_cmpint (catur_selection_activate (selection, rook), ==, CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, rook);
  drops = catur_variant_legal_moves_from (testgame_variant ("sandbox"),
                                          catur_game_get_position (game), rook);
  targets = catur_selection_get_targets (selection, &n_targets);
  g_assert_cmpuint (n_targets, ==, drops->len);
  g_assert_cmpuint (n_targets, ==, 16);
  for (guint i = 0; i < n_targets; i++)
    {
      g_assert_cmpuint (targets[i].square, ==, g_array_index (drops, CaturMove, i).to);
      g_assert_cmpint (targets[i].kind, ==, CATUR_SELECTION_TARGET_EMPTY);
    }
  g_assert_true (catur_selection_would_deselect (selection, rook));

  /* A drop on a piece is explained, and the Rook stays up. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("a5")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "occupied");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, rook);

  /* Another slot of one's own is picked up instead; a Pawn may not go to the last rank. */
  g_assert_cmpint (catur_selection_activate (selection, pawn), ==, CATUR_SELECTION_SELECTED);
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("d6")), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "pawn-drop-rank");
  g_assert_nonnull (catur_selection_get_explanation (selection));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, pawn);

  /* A board piece picked up gives way to a slot, and a slot to a board piece. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("a2")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_cmpint (catur_selection_activate (selection, rook), ==, CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, rook);

  /* The drop: its move starts on the slot. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c4")), ==,
                   CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_true (catur_move_equal (&move, &(CaturMove) { rook, SANDBOX ("c4"), SANDBOX_ROOK,
                                                          CATUR_MOVE_DROP }));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
}

static void
test_drop_explained (void)
{
  g_autoptr(CaturGame) game = new_test_game ("sandbox", SANDBOX_HANDS);
  g_autoptr(CaturSelection) selection = new_selection (game);
  CaturSquare bishop = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, SANDBOX_BISHOP);
  CaturSquare black_pawn = CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, SANDBOX_PAWN);

  /* An empty slot, and the opponent's hand, say why they cannot be picked up. */
  g_assert_cmpint (catur_selection_activate (selection, bishop), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "empty-hand");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_cmpint (catur_selection_activate (selection, black_pawn), ==,
                   CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "not-own-piece");

  /* Nothing goes into a hand: a press on a slot with a piece up is about that slot, and the
   * piece stays up. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("f1")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_cmpint (catur_selection_activate (selection, bishop), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "empty-hand");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("f1"));

  /* Slots of a game without hands (Sandbox Dark) are no squares of its. */
  {
    CaturVariant *dark = testgame_variant ("sandbox-dark");
    g_autoptr(CaturGame) dark_game = catur_game_new (dark,
                                                     catur_variant_new_position (dark, NULL, 7));
    g_autoptr(CaturSelection) dark_selection = new_selection (dark_game);

    g_assert_cmpint (catur_selection_activate (dark_selection,
                                               CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, 1)),
                     ==, CATUR_SELECTION_IGNORED);
  }
}

static void
test_castle_onto_rook (void)
{
  g_autoptr(CaturGame) game = new_test_game ("sandbox",
                                             "rbk2r/pppppp/6/6/PPPPPP/RBK2R w Kk - - 0 0");
  g_autoptr(CaturSelection) selection = new_selection (game);
  const CaturMove castle = { SANDBOX ("c1"), SANDBOX ("e1"), 0, CATUR_MOVE_CASTLE };
  CaturMove move;

  /* The King's targets mark where it lands when it castles, not the Rook. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("c1")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_cmpint (find_target (selection, SANDBOX ("e1"))->kind, ==,
                   CATUR_SELECTION_TARGET_EMPTY);
  g_assert_null (find_target (selection, SANDBOX ("f1")));
  g_assert_false (catur_selection_would_deselect (selection, SANDBOX ("f1")));

  /* The King pressed onto its own Rook castles, rather than picking the Rook up. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("f1")), ==,
                   CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_true (catur_move_equal (&move, &castle));

  /* So does a press on where it lands. */
  catur_selection_activate (selection, SANDBOX ("c1"));
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("e1")), ==,
                   CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_true (catur_move_equal (&move, &castle));

  /* With nothing up, the Rook is only picked up. */
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("f1")), ==,
                   CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, SANDBOX ("f1"));
}

static void
test_en_passant_target (void)
{
  /* Black's pawn has just gone d5-d3 past d4; White's pawn on e3 may take it there. */
  g_autoptr(CaturGame) game = new_test_game ("sandbox",
                                             "rbk2r/ppp1pp/6/3pP1/PPPP1P/RBK2R w Kk d4 - 0 0");
  g_autoptr(CaturSelection) selection = new_selection (game);
  CaturMove move;

  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("e3")), ==,
                   CATUR_SELECTION_SELECTED);
  /* The target is empty, and yet a capture: a ring. */
  g_assert_false (catur_variant_piece_at (testgame_variant ("sandbox"),
                                          catur_game_get_position (game),
                                          SANDBOX ("d4"), NULL));
  g_assert_cmpint (find_target (selection, SANDBOX ("d4"))->kind, ==,
                   CATUR_SELECTION_TARGET_CAPTURE);
  g_assert_cmpint (find_target (selection, SANDBOX ("e4"))->kind, ==,
                   CATUR_SELECTION_TARGET_EMPTY);
  g_assert_cmpint (catur_selection_activate (selection, SANDBOX ("d4")), ==,
                   CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_cmpuint (move.from, ==, SANDBOX ("e3"));
  g_assert_cmpuint (move.to, ==, SANDBOX ("d4"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  testgame_add_plugin_path ();
  catur_plugins_load ();

  g_test_add_func ("/shell/selection/select-deselect", test_select_deselect);
  g_test_add_func ("/shell/selection/one-side", test_one_side);
  g_test_add_func ("/shell/selection/targets", test_targets);
  g_test_add_func ("/shell/selection/explain-target", test_explain_target);
  g_test_add_func ("/shell/selection/explain-selection", test_explain_selection);
  g_test_add_func ("/shell/selection/reselect", test_reselect);
  g_test_add_func ("/shell/selection/stuck-piece", test_stuck_piece);
  g_test_add_func ("/shell/selection/move", test_move);
  g_test_add_func ("/shell/selection/review", test_review);
  g_test_add_func ("/shell/selection/thinking", test_thinking);
  g_test_add_func ("/shell/selection/game-over", test_game_over);
  g_test_add_func ("/shell/selection/game-changed", test_game_changed);
  g_test_add_func ("/shell/selection/choice", test_choice);
  g_test_add_func ("/shell/selection/flip", test_flip);
  g_test_add_func ("/shell/selection/drop", test_drop);
  g_test_add_func ("/shell/selection/drop-explained", test_drop_explained);
  g_test_add_func ("/shell/selection/castle-onto-rook", test_castle_onto_rook);
  g_test_add_func ("/shell/selection/en-passant-target", test_en_passant_target);

  return g_test_run ();
}
