/* test-clock.c: the players' clocks (CaturClock) and CaturGame's use of them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The clock is read from the monotonic clock, so these tests let real time pass: a few
 * hundred milliseconds at a time, with margins wide enough for a loaded machine. A flag falls
 * by the clock's own timeout in a running main loop: no test calls the expiry itself.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

#include "testgame.h"

/* How far a reading may lag behind the time slept on a busy machine. */
#define SLACK_MS 400

static CaturVariant *
sandbox (void)
{
  return testgame_variant ("sandbox");
}

static CaturTimeControl
control_of (const char *text)
{
  g_autoptr(GError) error = NULL;
  CaturTimeControl control;

  g_assert_true (catur_time_control_parse (text, &control, &error));
  g_assert_no_error (error);
  return control;
}

/* Lets @ms pass with the main loop running, so that timeouts fire. */
static void
run_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
}

static void
test_texts (void)
{
  static const struct
  {
    const char *text;
    CaturClockKind kind;
    guint main, extra, periods;
  } good[] = {
    { "-", CATUR_CLOCK_NONE, 0, 0, 0 },
    { "1/30", CATUR_CLOCK_PER_MOVE, 0, 30, 0 },
    { "300", CATUR_CLOCK_SUDDEN_DEATH, 300, 0, 0 },
    { "600+5", CATUR_CLOCK_FISCHER, 600, 5, 0 },
    { "600d5", CATUR_CLOCK_BRONSTEIN, 600, 5, 0 },
    { "600b30", CATUR_CLOCK_BYOYOMI, 600, 30, 1 },
    { "0b30", CATUR_CLOCK_BYOYOMI, 0, 30, 1 },
    { "300b10x3", CATUR_CLOCK_BYOYOMI, 300, 10, 3 },
  };
  static const char * const bad[] = {
    "40/5400", "*60", "0", "600+", "600+x", "600b0", "600b30x0", "abc", "1/0", "99999999",
    "600 +5", "-5",
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      CaturTimeControl c = control_of (good[i].text);
      g_autofree char *back = catur_time_control_to_string (&c);
      g_autofree char *described = catur_time_control_describe (&c);

      g_assert_cmpint (c.kind, ==, good[i].kind);
      g_assert_cmpuint (c.main, ==, good[i].main);
      g_assert_cmpuint (c.extra, ==, good[i].extra);
      g_assert_cmpuint (c.periods, ==, good[i].periods);
      g_assert_cmpstr (back, ==, good[i].text);
      g_assert_true (described != NULL && described[0] != '\0');
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      CaturTimeControl c;

      g_assert_false (catur_time_control_parse (bad[i], &c, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
  /* An increment of nothing is sudden death, written so. */
  {
    CaturTimeControl c = control_of ("300+0");
    g_autofree char *back = catur_time_control_to_string (&c);

    g_assert_cmpint (c.kind, ==, CATUR_CLOCK_SUDDEN_DEATH);
    g_assert_cmpstr (back, ==, "300");
  }
}

static void
test_format (void)
{
  static const struct { gint64 ms; const char *shown; } cases[] = {
    { 0, "0:00.0" }, { 1, "0:00.1" }, { 9401, "0:09.5" }, { 10000, "0:10" },
    { 29200, "0:30" }, { 65000, "1:05" }, { 3723000, "1:02:03" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = catur_format_clock_time (cases[i].ms);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

static void
test_fischer (void)
{
  CaturTimeControl c = control_of ("2+1");
  g_autoptr(CaturClock) clock = catur_clock_new (&c);
  gint64 main;

  g_assert_cmpint (catur_clock_get_remaining (clock, CATUR_SIDE_FIRST), ==, 2000);
  catur_clock_start (clock, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_FIRST);
  g_usleep (300 * 1000);
  catur_clock_press (clock, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_NONE);
  /* 2 s less the move's 0.3 s, plus the increment. */
  main = catur_clock_get_main (clock, CATUR_SIDE_FIRST);
  g_assert_cmpint (main, <=, 2700);
  g_assert_cmpint (main, >=, 2700 - SLACK_MS);
  /* The other side's time has not moved. */
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_SECOND), ==, 2000);
}

static void
test_sudden_death_and_stop (void)
{
  CaturTimeControl c = control_of ("2");
  g_autoptr(CaturClock) clock = catur_clock_new (&c);
  gint64 main;

  catur_clock_start (clock, CATUR_SIDE_SECOND);
  g_usleep (200 * 1000);
  catur_clock_stop (clock);
  main = catur_clock_get_main (clock, CATUR_SIDE_SECOND);
  g_usleep (200 * 1000);
  /* Stopped, the time stands still; started again, it goes on from there. */
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_SECOND), ==, main);
  g_assert_cmpint (main, <=, 1800);
  catur_clock_start (clock, CATUR_SIDE_SECOND);
  g_usleep (200 * 1000);
  catur_clock_press (clock, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_SECOND), <=, 1600);
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_SECOND), >=, 1600 - 2 * SLACK_MS);
}

static void
test_bronstein (void)
{
  CaturTimeControl c = control_of ("5d1");
  g_autoptr(CaturClock) clock = catur_clock_new (&c);
  gint64 main;

  /* A move within the delay costs nothing. */
  catur_clock_start (clock, CATUR_SIDE_FIRST);
  g_usleep (300 * 1000);
  g_assert_cmpint (catur_clock_get_remaining (clock, CATUR_SIDE_FIRST), <, 5000);
  catur_clock_press (clock, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_FIRST), ==, 5000);
  /* A longer one costs what it took beyond the delay. */
  catur_clock_start (clock, CATUR_SIDE_FIRST);
  g_usleep (1300 * 1000);
  catur_clock_press (clock, CATUR_SIDE_FIRST);
  main = catur_clock_get_main (clock, CATUR_SIDE_FIRST);
  g_assert_cmpint (main, <=, 4700);
  g_assert_cmpint (main, >=, 4700 - SLACK_MS);
}

static void
test_byoyomi (void)
{
  CaturTimeControl c = control_of ("0b1x2");
  g_autoptr(CaturClock) clock = catur_clock_new (&c);

  g_assert_cmpuint (catur_clock_get_periods (clock, CATUR_SIDE_FIRST), ==, 2);
  catur_clock_start (clock, CATUR_SIDE_FIRST);
  g_usleep (1300 * 1000);
  /* The first period ran out: the second counts. */
  g_assert_true (catur_clock_in_byoyomi (clock, CATUR_SIDE_FIRST));
  g_assert_cmpuint (catur_clock_get_periods (clock, CATUR_SIDE_FIRST), ==, 1);
  g_assert_cmpint (catur_clock_get_remaining (clock, CATUR_SIDE_FIRST), <=, 700);
  g_assert_true (catur_clock_is_low (clock, CATUR_SIDE_FIRST));
  catur_clock_press (clock, CATUR_SIDE_FIRST);
  /* A move within a period keeps it whole. */
  g_assert_cmpuint (catur_clock_get_periods (clock, CATUR_SIDE_FIRST), ==, 1);
  g_assert_cmpint (catur_clock_get_remaining (clock, CATUR_SIDE_FIRST), ==, 1000);
  g_assert_cmpint (catur_clock_get_flag_time (clock, CATUR_SIDE_FIRST), ==, 1000);

  /* Main time first, then the periods. */
  {
    CaturTimeControl m = control_of ("1b1");
    g_autoptr(CaturClock) other = catur_clock_new (&m);

    catur_clock_start (other, CATUR_SIDE_SECOND);
    g_usleep (300 * 1000);
    g_assert_false (catur_clock_in_byoyomi (other, CATUR_SIDE_SECOND));
    g_usleep (1000 * 1000);
    g_assert_true (catur_clock_in_byoyomi (other, CATUR_SIDE_SECOND));
    catur_clock_press (other, CATUR_SIDE_SECOND);
    g_assert_cmpint (catur_clock_get_main (other, CATUR_SIDE_SECOND), ==, 0);
    g_assert_cmpint (catur_clock_get_remaining (other, CATUR_SIDE_SECOND), ==, 1000);
  }
}

static void
expired_cb (CaturClock *clock,
            guint       side,
            gpointer    data)
{
  *(int *) data = (int) side;
}

/* The flag falls by itself: the clock's own timeout, in the main loop. */
static void
test_flag_falls (void)
{
  CaturTimeControl c = control_of ("0b1x2");
  g_autoptr(CaturClock) clock = catur_clock_new (&c);
  int flagged = -1;

  g_signal_connect (clock, "expired", G_CALLBACK (expired_cb), &flagged);
  catur_clock_start (clock, CATUR_SIDE_SECOND);
  run_for (1500);
  /* One period is spent, the second is not yet. */
  g_assert_cmpint (flagged, ==, -1);
  run_for (1000);
  g_assert_cmpint (flagged, ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_NONE);
  g_assert_cmpint (catur_clock_get_remaining (clock, CATUR_SIDE_SECOND), ==, 0);
}

static void
low_cb (CaturClock *clock,
        guint       side,
        gpointer    data)
{
  int *lows = data;

  g_assert_true (catur_clock_is_low (clock, side));
  lows[side]++;
}

/* The warning comes by itself, once a move, as the time crosses into its last ten seconds; a
 * move begun with less than that is not warned again. */
static void
test_low_warning (void)
{
  CaturTimeControl c = control_of ("11+1");
  g_autoptr(CaturClock) clock = catur_clock_new (&c);
  int lows[2] = { 0, 0 };

  g_signal_connect (clock, "low", G_CALLBACK (low_cb), lows);
  catur_clock_start (clock, CATUR_SIDE_FIRST);
  run_for (600);
  g_assert_cmpint (lows[CATUR_SIDE_FIRST], ==, 0);
  run_for (800);
  g_assert_cmpint (lows[CATUR_SIDE_FIRST], ==, 1);
  run_for (300);
  g_assert_cmpint (lows[CATUR_SIDE_FIRST], ==, 1);
  /* The increment lifts it back over the line for a moment: the next move warns again at
   * once, a stopped clock says nothing. */
  catur_clock_press (clock, CATUR_SIDE_FIRST);
  g_assert_cmpint (lows[CATUR_SIDE_SECOND], ==, 0);
  catur_clock_start (clock, CATUR_SIDE_FIRST);
  run_for (600);
  g_assert_cmpint (lows[CATUR_SIDE_FIRST], ==, 2);
  catur_clock_stop (clock);
  catur_clock_start (clock, CATUR_SIDE_FIRST);
  run_for (300);
  g_assert_cmpint (lows[CATUR_SIDE_FIRST], ==, 2);
  g_assert_cmpint (lows[CATUR_SIDE_SECOND], ==, 0);
}

static CaturGame *
clocked_game (const char *clock)
{
  GVariantDict dict;
  g_autoptr(GVariant) options = NULL;
  CaturGame *game;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, CATUR_OPTION_CLOCK, "s", clock);
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  game = catur_game_new (sandbox (), catur_variant_new_position (sandbox (), options, 1));
  catur_game_set_options (game, options);
  return game;
}

static void
play_first_legal (CaturGame *game)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (sandbox (), catur_game_get_position (game));
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (moves->len, >, 0);
  g_assert_true (catur_game_play (game, &g_array_index (moves, CaturMove, 0), &error));
  g_assert_no_error (error);
}

/* A game's clock runs only live, for the side to move, stops in review, and a move presses it;
 * the flag that falls ends the game by its rules. */
static void
test_game_clock (void)
{
  g_autoptr(CaturGame) game = clocked_game ("1+1");
  CaturClock *clock = catur_game_get_clock (game);
  const CaturOutcome *outcome;

  g_assert_true (catur_clock_is_timed (clock));
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_NONE);
  /* A record replayed into the game costs no time and earns no increments. */
  play_first_legal (game);
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_FIRST), ==, 1000);

  catur_game_set_clock_live (game, TRUE);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_SECOND);
  run_for (200);
  play_first_legal (game);
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_SECOND), >, 1000);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_FIRST);

  catur_game_set_view_ply (game, 0);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_NONE);
  catur_game_set_view_ply (game, G_MAXUINT);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_FIRST);

  /* Nobody moves: First's second runs out, and First loses on time. */
  run_for (1600);
  g_assert_true (catur_game_is_over (game));
  outcome = catur_game_get_outcome (game);
  g_assert_cmpint (outcome->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome->winner, ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (outcome->reason, ==, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_clock_get_running (clock), ==, CATUR_SIDE_NONE);
}

/* A game over the network does not act on its own clock (another program decides): the flag
 * falls and is heard, and the game goes on. */
static void
test_not_referee (void)
{
  g_autoptr(CaturGame) game = clocked_game ("1+1");
  CaturClock *clock = catur_game_get_clock (game);
  int expired = -1;
  CaturMove move;

  g_signal_connect (clock, "expired", G_CALLBACK (expired_cb), &expired);
  catur_game_set_clock_referee (game, FALSE);
  catur_game_set_clock_live (game, TRUE);
  run_for (1400);
  g_assert_cmpint (expired, ==, CATUR_SIDE_FIRST);
  g_assert_false (catur_game_is_over (game));
  /* A game clock plays no move for the player: only a time a move does. */
  g_assert_false (catur_game_get_time_out_move (game, 1, &move));
}

/* A time a move is a rule between two people: against the computer there is none, and the
 * record does not claim one. */
static void
test_per_move_not_against_computer (void)
{
  g_autoptr(CaturGame) game = clocked_game ("1/30");
  g_autoptr(CaturRecord) record = NULL;
  CaturTimeControl asked;

  g_assert_cmpuint (catur_game_get_move_time (game), ==, 30);
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  g_assert_cmpuint (catur_game_get_move_time (game), ==, 0);
  g_assert_false (catur_clock_is_timed (catur_game_get_clock (game)));
  record = catur_record_new_from_game (game);
  g_assert_false (catur_time_control_from_options (catur_record_get_options (record), &asked));
  g_assert_null (catur_record_get_tag (record, "TimeControl"));
  catur_game_set_computer (game, CATUR_SIDE_NONE, CATUR_LEVEL_BEGINNER, 0);
}

/* The autosave keeps the time each player has; a record keeps the control. */
static void
test_clock_kept (void)
{
  g_autoptr(CaturGame) game = clocked_game ("600b30x3");
  g_autoptr(CaturAutosave) saved = NULL;
  g_autoptr(CaturAutosave) read = NULL;
  g_autoptr(CaturGame) back = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(CaturGame) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  CaturClock *clock = catur_game_get_clock (game);
  gsize length;

  catur_clock_set_state (clock, CATUR_SIDE_FIRST, 123456, 3);
  catur_clock_set_state (clock, CATUR_SIDE_SECOND, 0, 2);
  play_first_legal (game);
  saved = catur_autosave_new_from_game (game);
  data = catur_autosave_to_data (saved, &length);
  g_assert_nonnull (strstr (data, "Clock=123.456/3 0.000/2"));
  read = catur_autosave_parse (data, length, &error);
  g_assert_no_error (error);
  back = catur_autosave_restore (read, &error);
  g_assert_no_error (error);
  clock = catur_game_get_clock (back);
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_FIRST), ==, 123456);
  g_assert_cmpuint (catur_clock_get_periods (clock, CATUR_SIDE_SECOND), ==, 2);
  g_assert_true (catur_clock_in_byoyomi (clock, CATUR_SIDE_SECOND));

  record = catur_record_new_from_game (game);
  g_assert_cmpstr (catur_record_get_tag (record, "TimeControl"), ==, "600b30x3");
  catur_record_set_options (record, NULL);
  reopened = catur_record_to_game (record, &error);
  g_assert_no_error (error);
  g_assert_true (catur_time_control_equal (
    catur_clock_get_control (catur_game_get_clock (reopened)),
    catur_clock_get_control (catur_game_get_clock (game))));

  /* A damaged Clock line loses the game's clocks, not the game: it says so. */
  {
    g_autofree char *broken = g_strdup (data);
    g_autoptr(CaturAutosave) none = NULL;
    g_autoptr(GError) bad = NULL;

    memcpy (strstr (broken, "Clock=") + 6, "12x", 3);
    none = catur_autosave_parse (broken, strlen (broken), &bad);
    g_assert_null (none);
    g_assert_error (bad, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_CORRUPT);
    g_assert_nonnull (strstr (bad->message, "clocks"));
  }
}

/* The computer manages its time from its clock: with three seconds for the game it answers
 * move after move without running out. */
static void
test_computer_on_clock (void)
{
  g_autoptr(CaturGame) game = clocked_game ("3");
  CaturClock *clock = catur_game_get_clock (game);

  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_MASTER, 0);
  catur_game_set_clock_live (game, TRUE);
  for (guint i = 0; i < 5 && !catur_game_is_over (game); i++)
    {
      guint plies = catur_game_get_n_plies (game);
      gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

      play_first_legal (game);
      while (catur_game_get_n_plies (game) == plies + 1 && !catur_game_is_over (game)
             && g_get_monotonic_time () < deadline)
        {
          g_main_context_iteration (NULL, FALSE);
          g_usleep (2000);
        }
    }
  g_assert_cmpint (catur_game_get_outcome (game)->reason, !=, CATUR_REASON_TIME_OUT);
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_SECOND), >, 0);
  g_assert_cmpint (catur_clock_get_main (clock, CATUR_SIDE_SECOND), <, 3000);
  catur_game_set_computer (game, CATUR_SIDE_NONE, CATUR_LEVEL_MASTER, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  testgame_add_plugin_path ();
  catur_plugins_load ();

  g_test_add_func ("/clock/texts", test_texts);
  g_test_add_func ("/clock/format", test_format);
  g_test_add_func ("/clock/fischer", test_fischer);
  g_test_add_func ("/clock/sudden-death-and-stop", test_sudden_death_and_stop);
  g_test_add_func ("/clock/bronstein", test_bronstein);
  g_test_add_func ("/clock/byoyomi", test_byoyomi);
  g_test_add_func ("/clock/flag-falls", test_flag_falls);
  g_test_add_func ("/clock/low-warning", test_low_warning);
  g_test_add_func ("/clock/game", test_game_clock);
  g_test_add_func ("/clock/not-referee", test_not_referee);
  g_test_add_func ("/clock/per-move-not-against-computer", test_per_move_not_against_computer);
  g_test_add_func ("/clock/kept", test_clock_kept);
  g_test_add_func ("/clock/computer-on-clock", test_computer_on_clock);
  return g_test_run ();
}
