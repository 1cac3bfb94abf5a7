/* test-banqi-time.c: Banqi's turn time limit through the contract and CaturGame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Seed §5: an option, off by default, of 30 seconds a turn; when they run out the turn is
 * played automatically (the capture of the opponent's highest piece, else a flip far from the
 * fighting), chosen from what the players see and dealt like any flip; two time-outs in a row
 * lose, and a move of the player's own starts the count again.
 */
#include "config.h"

#include <catur.h>

/* Red's General on b2 can take Black's Horse on c2 or Black's Chariot on b3; d8 lies face
 * down. */
#define TWO_CAPTURES "3X/4/4/4/4/1r2/1Kh1/4 r P 5 30"

/* Nothing to capture: face down are a1 (beside Red's General on a2), c8 and d8 (no face-up
 * neighbour). The flip goes to c8, the first square away from the fighting. */
#define FLIPS_ONLY "2XX/4/4/4/4/4/K3/X3 r PPc 5 30"

/* The layouts of FLIPS_ONLY, in square order (a1, c8, d8): c8 holds a Soldier or a Cannon. */
#define LAYOUT_SOLDIER "PPc"
#define LAYOUT_CANNON "PcP"

#define A1 0
#define B2 5
#define B3 9
#define C8 30

static CaturVariant *
banqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("banqi");

  g_assert_nonnull (variant);
  return variant;
}

static GVariant *
timed_options (const char *seconds)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-time", "s", seconds);
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

static CaturPosition *
parse (const char *text,
       const char *layout)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (banqi (), text, &error);

  g_assert_no_error (error);
  if (layout != NULL)
    {
      g_assert_true (catur_variant_restore_hidden (banqi (), position, layout, &error));
      g_assert_no_error (error);
    }
  return position;
}

static gboolean
time_out (const CaturPosition *position,
          guint                time_outs,
          CaturMove           *move,
          CaturOutcome        *outcome)
{
  return catur_variant_time_out (banqi (), position, NULL, time_outs, move, outcome);
}

/* The option is the contract's usual one, off unless chosen; a position read from a text gets
 * it back from the game's options. */
static void
test_option (void)
{
  g_autoptr(GVariant) options = timed_options ("30");
  g_autoptr(CaturPosition) plain = catur_variant_new_position (banqi (), NULL, 1);
  g_autoptr(CaturPosition) timed = catur_variant_new_position (banqi (), options, 1);
  g_autoptr(CaturPosition) read = parse (TWO_CAPTURES, NULL);
  const CaturSetupOption *declared;
  guint n;

  declared = catur_variant_get_setup_options (banqi (), &n);
  g_assert_cmpuint (n, ==, 5);
  g_assert_cmpstr (declared[0].id, ==, "move-time");
  /* Every option, the rule variants of B12 included, is off by default. */
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (declared[i].choices[0].value, ==, "off");

  g_assert_cmpuint (catur_variant_get_move_time (banqi (), plain), ==, 0);
  g_assert_cmpuint (catur_variant_get_move_time (banqi (), timed), ==, 30);
  g_assert_cmpuint (catur_variant_get_move_time (banqi (), read), ==, 0);
  catur_variant_apply_options (banqi (), read, options);
  g_assert_cmpuint (catur_variant_get_move_time (banqi (), read), ==, 30);
}

/* With captures to make, the highest piece is taken (the Chariot, not the Horse), before any
 * flip. */
static void
test_captures_highest (void)
{
  g_autoptr(CaturPosition) position = parse (TWO_CAPTURES, "P");
  CaturOutcome outcome;
  CaturMove move;

  g_assert_true (time_out (position, 1, &move, &outcome));
  g_assert_cmpuint (move.flags & CATUR_MOVE_FLIP, ==, 0);
  g_assert_cmpuint (move.from, ==, B2);
  g_assert_cmpuint (move.to, ==, B3);
}

/* With nothing to capture the flip goes far from the fighting, and the choice is the same
 * whatever lies face down: it carries no piece, which the deal gives only when it is played. */
static void
test_flips_away (void)
{
  const char *layouts[] = { LAYOUT_SOLDIER, LAYOUT_CANNON };
  const char *revealed[] = { "Red Soldier", "Black Cannon" };

  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    {
      g_autoptr(GVariant) options = timed_options ("30");
      g_autoptr(CaturGame) game = catur_game_new (banqi (), parse (FLIPS_ONLY, layouts[i]));
      g_autoptr(CaturGameMove) played = NULL;
      CaturPiece piece;
      CaturOutcome outcome;
      CaturMove move;

      g_assert_true (time_out (catur_game_get_position (game), 1, &move, &outcome));
      g_assert_cmpuint (move.flags & CATUR_MOVE_FLIP, ==, CATUR_MOVE_FLIP);
      g_assert_cmpuint (move.from, ==, C8);
      g_assert_cmpuint (move.to, ==, C8);
      g_assert_cmpuint (move.piece, ==, 0);

      catur_game_set_options (game, options);
      g_assert_true (catur_game_time_out (game));
      g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
      played = g_list_model_get_item (catur_game_get_moves (game), 0);
      g_assert_true (catur_game_move_get_timed_out (played));
      g_assert_true (catur_variant_piece_at (banqi (), catur_game_get_position (game), C8,
                                             &piece));
      g_assert_cmpuint (piece.flags & CATUR_PIECE_FACE_DOWN, ==, 0);
      {
        g_autofree char *name = catur_variant_get_piece_name (banqi (), &piece);

        g_assert_cmpstr (name, ==, revealed[i]);
      }
    }
}

/* Every square face up and nothing to take: the first step is played rather than nothing. */
static void
test_steps_when_nothing_else (void)
{
  g_autoptr(CaturPosition) position = parse ("4/4/4/4/4/4/4/K2k r - 5 30", NULL);
  CaturOutcome outcome;
  CaturMove move;

  g_assert_true (time_out (position, 1, &move, &outcome));
  g_assert_cmpuint (move.flags, ==, 0);
  g_assert_cmpuint (move.from, ==, A1);
  g_assert_true (catur_variant_is_legal (banqi (), position, &move));
}

/* The second time-out in a row loses; the seat's own move in between starts the count again. */
static void
test_two_in_a_row (void)
{
  g_autoptr(GVariant) options = timed_options ("30");
  g_autoptr(CaturGame) game = catur_game_new (banqi (),
                                              catur_variant_new_position (banqi (), options, 7));
  g_autoptr(GError) error = NULL;
  g_autofree char *how = NULL;
  CaturOutcome outcome;
  CaturMove move;

  catur_game_set_options (game, options);
  g_assert_cmpuint (catur_game_get_move_time (game), ==, 30);

  /* The first player: out of time, then a flip of its own, so the count starts again; the
   * second player, out of time once, still plays. */
  g_assert_true (catur_game_time_out (game));
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_FIRST), ==, 1);
  g_assert_true (catur_game_play_text (game, "d4", &error));
  g_assert_no_error (error);
  g_assert_true (catur_game_play_text (game, "a4", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_FIRST), ==, 0);
  g_assert_true (catur_game_time_out (game));
  g_assert_false (catur_game_is_over (game));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 4);

  /* Second: it ran out of time just now; the first player flips; out of time again: lost. */
  g_assert_true (catur_game_play_text (game, "b6", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_SECOND), ==, 1);
  g_assert_true (catur_game_time_out (game));
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 5);
  g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  how = catur_game_describe_outcome (game);
  g_assert_true (g_str_has_suffix (how, " ran out of time twice in a row"));

  /* The contract's answer alone: the second time-out is an outcome, not a move. */
  g_assert_false (time_out (catur_game_get_position (game), 2, &move, &outcome));
  g_assert_cmpint (outcome.reason, ==, CATUR_REASON_TIME_OUT);
}

/* Over the network the game does not act on its clock (catur_game_set_clock_referee()): the
 * timed-out player's own program asks what the rules play for it, and plays that through the
 * network; the second time in a row the answer is none. */
static void
test_time_out_move_asked (void)
{
  g_autoptr(GVariant) options = timed_options ("30");
  g_autoptr(CaturGame) game = catur_game_new (banqi (),
                                              catur_variant_new_position (banqi (), options, 7));
  g_autoptr(CaturGame) same = catur_game_new (banqi (),
                                              catur_variant_new_position (banqi (), options, 7));
  g_autoptr(CaturGameMove) played = NULL;
  CaturMove move;

  catur_game_set_options (game, options);
  catur_game_set_options (same, options);
  catur_game_set_clock_referee (game, FALSE);
  g_assert_true (catur_game_get_time_out_move (game, 1, &move));
  /* Asking changes nothing. */
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_true (catur_game_time_out (same));
  played = g_list_model_get_item (catur_game_get_moves (same), 0);
  g_assert_cmpuint (move.from, ==, catur_game_move_get_move (played)->from);
  g_assert_cmpuint (move.flags & CATUR_MOVE_FLIP, ==, CATUR_MOVE_FLIP);
  g_assert_false (catur_game_get_time_out_move (game, 2, &move));
}

/* A game killed after a time-out resumes under the same limit, the time-out still counted:
 * the next one loses. */
static void
test_autosave_keeps_limit (void)
{
  g_autoptr(GVariant) options = timed_options ("30");
  g_autoptr(CaturGame) game = catur_game_new (banqi (),
                                              catur_variant_new_position (banqi (), options, 5));
  g_autoptr(CaturAutosave) saved = NULL;
  g_autoptr(CaturAutosave) parsed = NULL;
  g_autoptr(CaturGame) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  catur_game_set_options (game, options);
  g_assert_true (catur_game_time_out (game));
  g_assert_true (catur_game_play_text (game, "d8", &error));
  g_assert_no_error (error);
  saved = catur_autosave_new_from_game (game);
  data = catur_autosave_to_data (saved, &length);
  parsed = catur_autosave_parse (data, length, &error);
  g_assert_no_error (error);
  restored = catur_autosave_restore (parsed, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (catur_game_get_move_time (restored), ==, 30);
  g_assert_cmpuint (catur_game_get_time_outs (restored, CATUR_SIDE_FIRST), ==, 1);
  g_assert_true (catur_game_time_out (restored));
  g_assert_true (catur_game_is_over (restored));
  g_assert_cmpint (catur_game_get_outcome (restored)->reason, ==, CATUR_REASON_TIME_OUT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/banqi/time/option", test_option);
  g_test_add_func ("/banqi/time/captures-highest", test_captures_highest);
  g_test_add_func ("/banqi/time/flips-away", test_flips_away);
  g_test_add_func ("/banqi/time/steps-when-nothing-else", test_steps_when_nothing_else);
  g_test_add_func ("/banqi/time/two-in-a-row", test_two_in_a_row);
  g_test_add_func ("/banqi/time/time-out-move-asked", test_time_out_move_asked);
  g_test_add_func ("/banqi/time/autosave-keeps-limit", test_autosave_keeps_limit);

  return g_test_run ();
}
