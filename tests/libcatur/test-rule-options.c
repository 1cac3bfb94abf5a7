/* test-rule-options.c: a game's rule options, endings and time-outs survive a restart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On Sandbox (tests/variant), whose positions keep two rule options their text does not tell:
 * a move limit of 20 plies instead of 200, and a time a move may take. An autosave and a
 * record give them back (apply_options), with an ending the moves do not give (a time-out, a
 * resignation) and the moves a time-out played. The time-out itself is driven by calling
 * catur_game_time_out(), as the shell's clock does when it runs out: no test waits for time.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

#include "testgame.h"

/* White's Rook on a1 may take Black's on a3; Black has its King besides. */
#define ROOK_TAKES "2k3/6/6/r5/6/R1K3 w - - - 0 0"

static CaturVariant *
sandbox (void)
{
  return testgame_variant ("sandbox");
}

static GVariant *
options (const char *move_limit,
         const char *move_time)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-limit", "s", move_limit);
  g_variant_dict_insert (&dict, "move-time", "s", move_time);
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

/* A new game as the shell starts one: the start made with @opts, which the game keeps. */
static CaturGame *
new_game (GVariant *opts)
{
  CaturGame *game = catur_game_new (sandbox (),
                                    catur_variant_new_position (sandbox (), opts, 1));

  catur_game_set_options (game, opts);
  return game;
}

static CaturGame *
game_from (const char *text,
           GVariant   *opts)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *start = catur_variant_parse (sandbox (), text, &error);
  CaturGame *game;

  g_assert_no_error (error);
  game = catur_game_new (sandbox (), start);
  catur_game_set_options (game, opts);
  return game;
}

/* Plays @plies plies from the start of a standard board: the Rooks shuffle, nobody wins. */
static void
play_plies (CaturGame *game,
            guint      plies)
{
  static const char * const shuffle[] = { "f1e1", "f6e6", "e1f1", "e6f6" };

  for (guint i = 0; i < plies; i++)
    {
      g_autoptr(GError) error = NULL;
      guint ply = catur_game_get_n_plies (game);

      catur_game_play_text (game, shuffle[ply % G_N_ELEMENTS (shuffle)], &error);
      g_assert_no_error (error);
    }
}

/* Plays the first legal move that is no declaration. */
static void
play_first (CaturGame *game)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (sandbox (), catur_game_get_position (game));

  for (guint m = 0; m < moves->len; m++)
    if ((g_array_index (moves, CaturMove, m).flags & CATUR_MOVE_DECLARE) == 0)
      {
        g_assert_true (catur_game_play (game, &g_array_index (moves, CaturMove, m), NULL));
        return;
      }
  g_assert_not_reached ();
}

static CaturGame *
through_autosave (CaturGame *game)
{
  g_autoptr(CaturAutosave) saved = catur_autosave_new_from_game (game);
  g_autoptr(CaturAutosave) read = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  CaturGame *back;

  data = catur_autosave_to_data (saved, &length);
  read = catur_autosave_parse (data, length, &error);
  g_assert_no_error (error);
  back = catur_autosave_restore (read, &error);
  g_assert_no_error (error);
  return back;
}

static CaturGame *
through_record (CaturGame *game)
{
  g_autoptr(CaturRecord) record = catur_record_new_from_game (game);
  g_autoptr(CaturRecord) read = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  CaturGame *back;

  text = catur_variant_write_record (sandbox (), "pgn", record, &error);
  g_assert_no_error (error);
  read = catur_record_read_file_data ("game.pgn", text, strlen (text), sandbox (), &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_get_variant (read) == sandbox ());
  back = catur_record_to_game (read, &error);
  g_assert_no_error (error);
  return back;
}

static void
assert_same_outcome (CaturGame *a,
                     CaturGame *b)
{
  const CaturOutcome *oa = catur_game_get_outcome (a);
  const CaturOutcome *ob = catur_game_get_outcome (b);
  g_autofree char *describe_a = catur_game_describe_outcome (a);
  g_autofree char *describe_b = catur_game_describe_outcome (b);

  g_assert_cmpint (oa->result, ==, ob->result);
  g_assert_cmpint (oa->winner, ==, ob->winner);
  g_assert_cmpint (oa->reason, ==, ob->reason);
  g_assert_cmpstr (describe_a, ==, describe_b);
  g_assert_cmpint (catur_game_is_outcome_given (a), ==, catur_game_is_outcome_given (b));
}

/* The start position's text does not tell the move limit: without the options given back, a
 * resumed game would play on past 20 plies. */
static void
test_move_limit_kept (void)
{
  g_autoptr(GVariant) opts = options ("20", "off");
  g_autoptr(CaturGame) game = new_game (opts);
  CaturGame *(*ways[]) (CaturGame *) = { through_autosave, through_record };

  play_plies (game, 19);
  g_assert_false (catur_game_is_over (game));
  for (guint w = 0; w < G_N_ELEMENTS (ways); w++)
    {
      g_autoptr(CaturGame) back = ways[w] (game);
      g_autofree char *printed = g_variant_print (catur_game_get_options (back), FALSE);
      g_autofree char *describe = NULL;

      g_assert_true (g_variant_equal (catur_game_get_options (back), opts));
      g_assert_cmpuint (catur_game_get_n_plies (back), ==, 19);
      g_assert_false (catur_game_is_over (back));
      play_plies (back, 1);
      g_assert_true (catur_game_is_over (back));
      g_assert_cmpint (catur_game_get_outcome (back)->reason, ==, CATUR_REASON_MOVE_LIMIT);
      describe = catur_game_describe_outcome (back);
      g_assert_cmpstr (describe, ==, "The game reached 20 plies");
    }

  /* The standard game has no such limit. */
  {
    g_autoptr(CaturGame) standard = new_game (NULL);

    play_plies (standard, 20);
    g_assert_false (catur_game_is_over (standard));
  }
}

/* The time a move may take is a rule option too, which the position keeps. */
static void
test_move_time_kept (void)
{
  g_autoptr(GVariant) thirty = options ("200", "30");
  g_autoptr(GVariant) sixty = options ("200", "60");
  g_autoptr(CaturGame) game = new_game (thirty);
  g_autoptr(CaturGame) other = new_game (sixty);
  g_autoptr(CaturGame) free_game = new_game (NULL);
  g_autoptr(CaturGame) saved = NULL;
  g_autoptr(CaturGame) recorded = NULL;

  g_assert_cmpuint (catur_game_get_move_time (game), ==, 30);
  g_assert_cmpuint (catur_game_get_move_time (other), ==, 60);
  g_assert_cmpuint (catur_game_get_move_time (free_game), ==, 0);
  play_plies (game, 3);
  g_assert_cmpuint (catur_game_get_move_time (game), ==, 30);
  saved = through_autosave (game);
  recorded = through_record (game);
  g_assert_cmpuint (catur_game_get_move_time (saved), ==, 30);
  g_assert_cmpuint (catur_game_get_move_time (recorded), ==, 30);
  g_assert_cmpuint (catur_setup_option_get_move_time (thirty), ==, 30);
  g_assert_cmpuint (catur_setup_option_get_move_time (NULL), ==, 0);
}

/* The first time-out plays the capture of the most valuable piece for the player; the second
 * in a row ends the game, a draw here since Black has only its King left. */
static void
test_time_out_moves_then_ends (void)
{
  g_autoptr(GVariant) opts = options ("200", "30");
  g_autoptr(CaturGame) game = game_from (ROOK_TAKES, opts);
  g_autoptr(CaturGame) saved = NULL;
  g_autoptr(CaturGame) recorded = NULL;
  g_autoptr(CaturGameMove) first = NULL;

  g_assert_true (catur_game_time_out (game));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  first = g_list_model_get_item (catur_game_get_moves (game), 0);
  g_assert_cmpstr (catur_game_move_get_coordinate (first), ==, "a1a3");
  g_assert_true (catur_game_move_get_timed_out (first));
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_FIRST), ==, 1);
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_SECOND), ==, 0);

  /* Black moves in time; a resumed game still knows White's time-out. */
  g_assert_true (catur_game_play_text (game, "c6d6", NULL));
  saved = through_autosave (game);
  g_assert_cmpuint (catur_game_get_time_outs (saved, CATUR_SIDE_FIRST), ==, 1);

  g_assert_true (catur_game_time_out (saved));
  g_assert_true (catur_game_is_over (saved));
  g_assert_cmpint (catur_game_get_outcome (saved)->result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpint (catur_game_get_outcome (saved)->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpuint (catur_game_get_n_plies (saved), ==, 2);
  /* Over is over: the clock can do nothing more, nor can a take-back undo the clock. */
  g_assert_false (catur_game_time_out (saved));
  g_assert_cmpuint (catur_game_get_undo_turn_plies (saved), ==, 0);

  /* The ending, with its reason, survives both ways of keeping a game. */
  {
    g_autoptr(CaturGame) again = through_autosave (saved);

    assert_same_outcome (saved, again);
  }
  recorded = through_record (saved);
  assert_same_outcome (saved, recorded);
}

/* A move in time between two time-outs: they are not in a row, so the second plays a move
 * again; a seat's two in a row lose when the opponent has material to win with, whatever the
 * opponent's clock did in between. */
static void
test_time_outs_in_a_row (void)
{
  g_autoptr(GVariant) opts = options ("200", "30");
  g_autoptr(CaturGame) game = new_game (opts);
  g_autoptr(CaturGame) recorded = NULL;
  g_autofree char *describe = NULL;

  g_assert_true (catur_game_time_out (game));
  play_first (game);
  play_first (game);
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_FIRST), ==, 0);
  /* Black's first, White's in between (a move played for White, not a move in time), then
   * Black's second in a row. */
  g_assert_true (catur_game_time_out (game));
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_SECOND), ==, 1);
  g_assert_true (catur_game_time_out (game));
  g_assert_false (catur_game_is_over (game));
  g_assert_cmpuint (catur_game_get_time_outs (game, CATUR_SIDE_FIRST), ==, 1);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 5);
  g_assert_true (catur_game_time_out (game));
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
  describe = catur_game_describe_outcome (game);
  g_assert_cmpstr (describe, ==, "Black ran out of time");
  recorded = through_record (game);
  assert_same_outcome (game, recorded);
}

/* A game without time_out(): the player to move loses at once. */
static void
test_time_out_default (void)
{
  g_autoptr(CaturGame) game = catur_game_new (testgame_variant ("sandbox-dark"), NULL);
  CaturSide mover = catur_game_get_side_to_move (game);

  g_assert_true (catur_game_time_out (game));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, catur_side_other (mover));
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
}

/* A resignation comes back from a record with its reason, not only as `1-0`. */
static void
test_resignation_in_record (void)
{
  g_autoptr(CaturGame) game = new_game (NULL);
  g_autoptr(CaturGame) recorded = NULL;

  play_plies (game, 2);
  catur_game_resign (game, CATUR_SIDE_FIRST);
  recorded = through_record (game);
  assert_same_outcome (game, recorded);
  g_assert_cmpint (catur_game_get_outcome (recorded)->reason, ==, CATUR_REASON_RESIGN);
}

static void
test_ending_texts (void)
{
  static const char * const bad[] = {
    "", "resign:", "resign:nobody", "bogus", "none", "time-out:white:more",
  };
  g_autoptr(GError) error = NULL;
  CaturOutcome outcome;
  g_autofree char *text = NULL;

  g_assert_true (catur_outcome_parse_ending (sandbox (), "time-out:black", &outcome, &error));
  g_assert_no_error (error);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome.winner, ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (outcome.reason, ==, CATUR_REASON_TIME_OUT);
  text = catur_outcome_format_ending (sandbox (), &outcome);
  g_assert_cmpstr (text, ==, "time-out:black");

  g_assert_true (catur_outcome_parse_ending (sandbox (), "agreement", &outcome, NULL));
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_DRAW);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (catur_outcome_parse_ending (sandbox (), bad[i], &outcome, &error));
      g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
      g_clear_error (&error);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  testgame_add_plugin_path ();
  catur_plugins_load ();

  g_test_add_func ("/rule-options/move-limit-kept", test_move_limit_kept);
  g_test_add_func ("/rule-options/move-time-kept", test_move_time_kept);
  g_test_add_func ("/rule-options/time-out-moves-then-ends", test_time_out_moves_then_ends);
  g_test_add_func ("/rule-options/time-outs-in-a-row", test_time_outs_in_a_row);
  g_test_add_func ("/rule-options/time-out-default", test_time_out_default);
  g_test_add_func ("/rule-options/resignation-in-record", test_resignation_in_record);
  g_test_add_func ("/rule-options/ending-texts", test_ending_texts);
  return g_test_run ();
}
