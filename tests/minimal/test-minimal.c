/* test-minimal.c: a game that implements only what every game must (tests/minimal, Pawn Duel)
 * loads, plays a whole game through CaturGame, and gets the defaults of every optional method
 * from libcatur's wrappers, without a warning
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <catur.h>

/* Squares: rank * 5 + file, a1 = 0. */
#define B1 1
#define C1 2
#define B2 6
#define C2 7
#define B3 11
#define C3 12
#define D3 13
#define C4 17

static CaturVariant *
variant (void)
{
  CaturVariant *found = catur_plugins_find_variant ("minimal");

  g_assert_nonnull (found);
  return found;
}

static CaturPosition *
position (const char *text)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *parsed = catur_variant_parse (variant (), text, &error);

  g_assert_no_error (error);
  return parsed;
}

static CaturMove
move (CaturSquare from,
      CaturSquare to)
{
  return (CaturMove) { from, to, 0, 0 };
}

/* It is found in its folder, named, and its start position reads back as its text. */
static void
test_loads (void)
{
  g_autoptr(CaturPosition) start = catur_variant_new_position (variant (), NULL, 0);
  g_autofree char *text = catur_variant_format (variant (), start);
  CaturGeometry geometry = { 0 };

  g_assert_cmpstr (catur_variant_get_name (variant ()), ==, "Pawn Duel");
  g_assert_cmpuint (catur_plugins_get_failures ()->len, ==, 0);
  catur_variant_get_geometry (variant (), &geometry);
  g_assert_cmpuint (geometry.files, ==, 5);
  g_assert_cmpuint (geometry.ranks, ==, 5);
  g_assert_false (geometry.has_hands || geometry.has_hidden || geometry.on_points);
  g_assert_cmpstr (text, ==, "ppppp/5/5/5/PPPPP w");
}

/* Until the pawns meet, each side has five steps: 5, 25, 125. Deeper, the pawns block and
 * take each other: 628 and 3,180, the counts of a throwaway script of the same rules. */
static void
test_perft (void)
{
  g_autoptr(CaturPosition) start = catur_variant_new_position (variant (), NULL, 0);
  g_autoptr(CaturPosition) facing = position ("5/5/2p2/2P2/5 w");
  g_autoptr(CaturPosition) diagonal = position ("5/5/1p3/2P2/5 w");

  g_assert_cmpuint (catur_variant_perft (variant (), start, 1), ==, 5);
  g_assert_cmpuint (catur_variant_perft (variant (), start, 2), ==, 25);
  g_assert_cmpuint (catur_variant_perft (variant (), start, 3), ==, 125);
  g_assert_cmpuint (catur_variant_perft (variant (), start, 4), ==, 628);
  g_assert_cmpuint (catur_variant_perft (variant (), start, 5), ==, 3180);
  /* Blocked straight ahead, and nothing to take: no move. */
  g_assert_cmpuint (catur_variant_perft (variant (), facing, 1), ==, 0);
  /* c2 steps to c3 or takes on b3. */
  g_assert_cmpuint (catur_variant_perft (variant (), diagonal, 1), ==, 2);
}

static void
assert_illegal (const CaturPosition *pos,
                CaturMove            tried,
                const char          *expected_id,
                const char          *expected_sentence)
{
  const char *reason_id = NULL;
  g_autofree char *sentence = catur_variant_explain (variant (), pos, &tried, &reason_id);

  g_assert_cmpstr (sentence, ==, expected_sentence);
  g_assert_cmpstr (reason_id, ==, expected_id);
  g_assert_false (catur_variant_is_legal (variant (), pos, &tried));
}

/* Every illegal move is said why, with DESIGN.md's reason ids; legal ones are not. */
static void
test_explain (void)
{
  g_autoptr(CaturPosition) pos = position ("5/5/1pp2/2P2/5 w");
  CaturMove step = move (C2, B3);
  CaturMove select = move (C2, CATUR_SQUARE_NONE);

  g_assert_null (catur_variant_explain (variant (), pos, &step, NULL));
  g_assert_null (catur_variant_explain (variant (), pos, &select, NULL));
  assert_illegal (pos, move (C3, C2), "not-own-piece", "The Pawn on c3 is not yours.");
  assert_illegal (pos, move (B1, B2), "empty-square", "There is no piece on b1.");
  assert_illegal (pos, move (C2, C3), "piece-movement",
                  "A Pawn takes only diagonally, not straight ahead.");
  assert_illegal (pos, move (C2, D3), "piece-movement", "A Pawn moves diagonally only to take.");
  assert_illegal (pos, move (C2, C4), "piece-movement", "A Pawn moves one square forward.");
  assert_illegal (pos, move (C2, C1), "piece-movement", "A Pawn moves one square forward.");
}

/* What the wrappers give a game that leaves every optional method NULL. */
static void
test_defaults (void)
{
  g_autoptr(CaturPosition) pos = position ("5/5/1p3/2P2/5 w");
  g_autoptr(CaturPosition) seen = catur_variant_observe (variant (), pos);
  g_autofree char *text = catur_variant_format (variant (), pos);
  g_autofree char *seen_text = catur_variant_format (variant (), seen);
  g_autoptr(GArray) input = catur_variant_input_moves (variant (), pos, C2, B3);
  g_autoptr(GArray) attackers = catur_variant_list_attackers (variant (), pos, B3,
                                                              CATUR_SIDE_FIRST);
  g_autoptr(GError) error = NULL;
  g_autofree char *described = NULL;
  const CaturNotationInfo *notations;
  CaturMoveEffects effects = { 0 };
  CaturMove capture = move (C2, B3);
  CaturMove forward = move (C2, C3);
  CaturMove played = { 0 };
  CaturOutcome outcome;
  CaturSearchResult result = { 0 };
  CaturSearchLimits limits = { 0 };
  guint n = 99;

  g_assert_cmpuint (catur_variant_get_flags (variant ()), ==, 0);
  g_assert_null (catur_variant_get_settings_schema_id (variant ()));
  g_assert_null (catur_variant_list_hand_kinds (variant (), &n));
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (catur_variant_hand_count (variant (), pos, CATUR_SIDE_FIRST, 1), ==, 0);
  /* One notation, the coordinate one, under the wrapper's id. */
  notations = catur_variant_list_notations (variant (), &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpstr (notations[0].id, ==, "coordinate");
  g_assert_true (notations[0].flags & CATUR_NOTATION_COORDINATE);
  g_assert_null (catur_variant_list_record_formats (variant (), &n));
  g_assert_cmpuint (n, ==, 0);
  g_assert_null (catur_variant_get_setup_options (variant (), &n));
  g_assert_cmpuint (n, ==, 0);
  g_assert_null (catur_variant_list_notices (variant (), &n));
  g_assert_cmpuint (n, ==, 0);
  g_assert_false (catur_variant_has_position_keys (variant ()));
  g_assert_false (catur_variant_in_check (variant (), pos, NULL));
  g_assert_null (catur_variant_describe_start (variant (), pos));
  g_assert_cmpuint (catur_variant_get_move_time (variant (), pos), ==, 0);
  g_assert_cmpuint (catur_variant_list_board_themes (variant ())->len, ==, 0);
  g_assert_cmpuint (catur_variant_list_piece_themes (variant ())->len, >=, 1);
  g_assert_cmpuint (catur_variant_get_engine_dialect (variant ()), ==, CATUR_ENGINE_DIALECT_UCI);

  /* What the players see is the position itself. */
  g_assert_cmpstr (seen_text, ==, text);
  /* A click pair means its one legal move; a capture takes on the target. */
  g_assert_cmpuint (input->len, ==, 1);
  g_assert_true (catur_move_equal (&g_array_index (input, CaturMove, 0), &capture));
  catur_variant_move_effects (variant (), pos, &capture, &effects);
  g_assert_cmpuint (effects.captured, ==, B3);
  g_assert_cmpuint (effects.second_from, ==, CATUR_SQUARE_NONE);
  /* The sentence for a screen reader comes from the names the game gives. */
  described = catur_variant_describe_move (variant (), pos, &capture);
  g_assert_cmpstr (described, ==, "White Pawn from c2 takes the Pawn on b3");
  g_clear_pointer (&described, g_free);
  described = catur_variant_describe_move (variant (), pos, &forward);
  g_assert_cmpstr (described, ==, "White Pawn from c2 to c3");
  /* The side to move's pawn on c2 is the one that could take on b3. */
  g_assert_cmpuint (attackers->len, ==, 1);
  g_assert_cmpuint (g_array_index (attackers, CaturSquare, 0), ==, C2);
  /* Out of time, the player to move loses. */
  catur_outcome_init (&outcome);
  g_assert_false (catur_variant_time_out (variant (), pos, NULL, 1, &played, &outcome));
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome.winner, ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (outcome.reason, ==, CATUR_REASON_TIME_OUT);
  /* No computer player: the game says so rather than failing later. */
  g_assert_false (catur_variant_can_think (variant ()));
  g_assert_false (catur_variant_think (variant (), pos, &limits, NULL, NULL, NULL, &result,
                                       &error));
  g_assert_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_NOT_SUPPORTED);
}

/* A whole game through CaturGame, to the end its rules give, with a take-back on the way:
 * Black takes White's last pawn on the 20th ply. */
static void
test_game (void)
{
  static const char * const moves[] = {
    "b1b2", "e5e4", "a1a2", "c5c4", "a2a3", "d5d4", "d1d2", "d4d3", "e1e2", "a5a4",
    "e2d3", "c4d3", "c1c2", "d3c2", "b2b3", "a4b3", "a3a4", "b5a4", "d2d3", "e4d3",
  };
  g_autoptr(CaturGame) game = catur_game_new (variant (),
                                              catur_variant_new_position (variant (), NULL, 0));
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  const CaturOutcome *outcome;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_false (catur_game_is_over (game));
      if (!catur_game_play_text (game, moves[i], &error))
        g_error ("%s: %s", moves[i], error->message);
      if (i == 10)
        {
          g_assert_true (catur_game_undo (game, 1));
          g_assert_cmpuint (catur_game_get_n_plies (game), ==, i);
          g_assert_true (catur_game_play_text (game, moves[i], &error));
        }
    }

  g_assert_cmpuint (catur_game_get_n_plies (game), ==, G_N_ELEMENTS (moves));
  g_assert_true (catur_game_is_over (game));
  outcome = catur_game_get_outcome (game);
  g_assert_cmpint (outcome->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome->winner, ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (outcome->reason, ==, CATUR_REASON_CAPTURE_ALL);
  description = catur_game_describe_outcome (game);
  g_assert_cmpstr (description, ==, "White has no Pawn left");
  g_assert_false (catur_game_play_text (game, "a4a5", NULL));
}

/* A side with pawns but no move loses. */
static void
test_no_moves (void)
{
  g_autoptr(CaturPosition) blocked = position ("p4/P4/5/5/5 b");
  CaturOutcome outcome;

  catur_outcome_init (&outcome);
  catur_variant_status (variant (), blocked, NULL, &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome.winner, ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (outcome.reason, ==, CATUR_REASON_NO_MOVES);
}

/* A bad position text is refused with the field named, and nothing is made of it. */
static void
test_bad_text (void)
{
  static const char * const bad[] = {
    "ppppp/5/5/5/PPPPP", "ppppp/5/5/5/PPPPX w", "ppppp/5/5/PPPPP w", "ppppp/5/5/5/PPPPP x",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturPosition) pos = catur_variant_parse (variant (), bad[i], &error);

      g_assert_null (pos);
      g_assert_nonnull (error);
      g_test_message ("%s: %s", bad[i], error->message);
      g_assert_true (strstr (error->message, "board") != NULL
                     || strstr (error->message, "side to move") != NULL);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("CATUR_PLUGIN_PATH", CATUR_MINIMAL_DIR, TRUE);
  catur_plugins_load ();

  g_test_add_func ("/minimal/loads", test_loads);
  g_test_add_func ("/minimal/perft", test_perft);
  g_test_add_func ("/minimal/explain", test_explain);
  g_test_add_func ("/minimal/defaults", test_defaults);
  g_test_add_func ("/minimal/game", test_game);
  g_test_add_func ("/minimal/no-moves", test_no_moves);
  g_test_add_func ("/minimal/bad-text", test_bad_text);

  return g_test_run ();
}
