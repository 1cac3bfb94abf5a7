/* test-xiangqi-status.c: end of game, mate names, repetition and counters (RULES.md X13–X22)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game here is a core position and the record of its positions that libcatur keeps
 * (CaturRepetition), filled as CaturGame fills it; xq_repetition_status() reads both.
 */

#include "xiangqi-repetition.h"
#include "xiangqi-test.h"

typedef struct
{
  XqPosition pos;
  CaturRepetition *history;
} Game;

static Game *
game_new (const char *fen)
{
  Game *game = g_new0 (Game, 1);
  g_autofree XqPosition *start = NULL;

  if (fen == NULL)
    xq_position_init_start (&game->pos);
  else
    {
      start = load (fen);
      game->pos = *start;
    }
  game->history = xq_repetition_new (&game->pos);
  return game;
}

static void
game_free (Game *game)
{
  catur_repetition_free (game->history);
  g_free (game);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Game, game_free)

/* Plays space-separated ICCS moves, each of which must be legal. */
static void
play (Game *game, const char *line)
{
  g_auto (GStrv) words = g_strsplit (line, " ", -1);
  int i;

  for (i = 0; words[i] != NULL; i++)
    {
      XqMove move;

      g_assert_true (xq_move_from_iccs (words[i], &move));
      if (!xq_is_legal (&game->pos, move))
        g_error ("%s is not legal in %s", words[i], xq_position_to_fen (&game->pos));
      xq_play (&game->pos, move);
      xq_repetition_push (game->history, &game->pos);
    }
}

static void
game_status (Game *game, XqStatus *status)
{
  xq_repetition_status (&game->pos, game->history, status);
}

static void
assert_ongoing_quiet (Game *game)
{
  XqStatus status;

  game_status (game, &status);
  g_assert_cmpint (status.result, ==, XQ_ONGOING);
  g_assert_cmpint (status.winner, ==, -1);
  g_assert_false (status.warn_perpetual);
  g_assert_false (status.repetition_info);
}

static void
test_start (void)
{
  g_autoptr(Game) game = game_new (NULL);
  XqStatus status;

  game_status (game, &status);
  g_assert_cmpint (status.result, ==, XQ_ONGOING);
  g_assert_false (status.no_capture_info);
  g_assert_cmpint (status.warned_side, ==, -1);
}

static void
expect_mate (const char *fen, int winner, XqMateKind mate, XqKind piece)
{
  g_autoptr(Game) game = game_new (fen);
  XqStatus status;

  game_status (game, &status);
  g_test_message ("%s: result %d winner %d mate %d piece %d", fen, status.result,
                  status.winner, status.mate, status.mate_piece);
  g_assert_cmpint (status.result, ==, XQ_WIN_NO_MOVES);
  g_assert_cmpint (status.winner, ==, winner);
  g_assert_cmpint (status.mate, ==, mate);
  if (mate == XQ_MATE_BY_PIECE)
    g_assert_cmpint (status.mate_piece, ==, piece);
}

/* XT6–XT9 and a mate by each remaining piece */
static void
test_mates (void)
{
  expect_mate ("3k5/9/3P5/9/9/9/9/9/9/4K4 b - - 0 1", XQ_RED, XQ_MATE_NONE, XQ_NONE);
  expect_mate ("3aka3/9/4C4/9/4C4/9/9/9/9/3K5 b - - 0 1", XQ_RED, XQ_MATE_DOUBLE_CANNON,
               XQ_NONE);
  expect_mate ("4k4/9/4N4/9/9/9/4C4/9/9/3K5 b - - 0 1", XQ_RED, XQ_MATE_HORSE_CANNON,
               XQ_NONE);
  expect_mate ("3aka3/6N2/9/9/4R4/9/9/9/9/3K5 b - - 0 1", XQ_RED, XQ_MATE_DOUBLE_CHECK,
               XQ_NONE);
  /* The chariot checks on the file; the pawn and the red general's file guard the sides. */
  expect_mate ("2P1k4/9/9/9/4R4/9/9/9/9/5K3 b - - 0 1", XQ_RED, XQ_MATE_BY_PIECE, XQ_CHARIOT);
  /* Black wins too: a pawn that takes every point from the red general, not checking it */
  expect_mate ("4k4/9/9/9/9/9/9/9/4p4/3K5 w - - 0 1", XQ_BLACK, XQ_MATE_NONE, XQ_NONE);
  /* The pawn checks, a chariot guards it, another chariot and the black general the sides */
  expect_mate ("3k5/9/9/9/5r3/4r4/9/9/4p4/4K4 w - - 0 1", XQ_BLACK, XQ_MATE_BY_PIECE,
               XQ_PAWN);
  /* A horse checks a general boxed in by its own advisors and horse */
  expect_mate ("4k4/9/9/9/9/9/9/9/4N1n2/3AKA3 w - - 0 1", XQ_BLACK, XQ_MATE_BY_PIECE,
               XQ_HORSE);
}

/* XT11 and XT12: Red checks on every ply of its own */
static void
test_perpetual_check (void)
{
  g_autoptr(Game) game = game_new ("3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1");
  XqStatus status;
  int ply;

  play (game, "h8h9 d9d8 h9h8");
  assert_ongoing_quiet (game);
  play (game, "d8d9");
  game_status (game, &status);
  g_assert_cmpint (status.result, ==, XQ_ONGOING);
  g_assert_true (status.warn_perpetual);
  g_assert_cmpint (status.warned_side, ==, XQ_RED);
  g_test_message ("ply 4: warning to Red");

  /* Plies 5–7 repeat again (k = 2 each) within the same episode: no second warning. */
  for (ply = 5; ply <= 7; ply++)
    {
      play (game, ply == 5 ? "h8h9" : ply == 6 ? "d9d8" : "h9h8");
      assert_ongoing_quiet (game);
    }
  play (game, "d8d9");
  game_status (game, &status);
  g_test_message ("ply 8: result %d, winner %d", status.result, status.winner);
  g_assert_cmpint (status.result, ==, XQ_WIN_PERPETUAL_CHECK);
  g_assert_cmpint (status.winner, ==, XQ_BLACK);
  g_assert_false (status.warn_perpetual);
}

static void
test_perpetual_check_black (void)
{
  g_autoptr(Game) game = game_new ("4k4/9/9/9/9/9/9/9/1r7/5K3 b - - 0 1");
  XqStatus status;

  play (game, "b1b0 f0f1 b0b1 f1f0");
  game_status (game, &status);
  g_assert_true (status.warn_perpetual);
  g_assert_cmpint (status.warned_side, ==, XQ_BLACK);
  play (game, "b1b0 f0f1 b0b1 f1f0");
  game_status (game, &status);
  g_assert_cmpint (status.result, ==, XQ_WIN_PERPETUAL_CHECK);
  g_assert_cmpint (status.winner, ==, XQ_RED);
}

/* XT13 and the re-arming of RULES 0.4 */
static void
test_repetition_info (void)
{
  g_autoptr(Game) game = game_new (NULL);
  XqStatus status;
  int ply;

  play (game, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0");
  assert_ongoing_quiet (game);
  play (game, "g7h9");
  game_status (game, &status);
  g_assert_cmpint (status.result, ==, XQ_ONGOING);
  g_assert_true (status.repetition_info);
  g_assert_false (status.warn_perpetual);
  g_test_message ("ply 8: repetition info");

  /* Plies 9–11 reach k = 3 too, but the episode already showed its info. */
  for (ply = 9; ply <= 12; ply++)
    {
      play (game, (const char *[]) { "h0g2", "h9g7", "g2h0", "g7h9" }[(ply - 9) % 4]);
      game_status (game, &status);
      g_assert_cmpint (status.result, ==, XQ_ONGOING);
      g_assert_false (status.repetition_info);
    }

  /* A new position re-arms it: the next third occurrence shows it again. */
  play (game, "c3c4");
  assert_ongoing_quiet (game);
  play (game, "h9g7 h0g2 g7h9 g2h0 h9g7 h0g2 g7h9");
  assert_ongoing_quiet (game);
  play (game, "g2h0");
  game_status (game, &status);
  g_assert_true (status.repetition_info);
}

/* X20 with both sides checking throughout: an info at k = 3, never a loss */
static void
test_mutual_perpetual_check (void)
{
  g_autoptr(Game) game = game_new ("4r4/3k5/8C/3c5/3R5/9/9/9/9/3CK2N1 w - - 0 1");
  XqStatus status;

  play (game, "d5e5 d6e6 e5d5 e6d6");
  assert_ongoing_quiet (game);
  play (game, "d5e5 d6e6 e5d5");
  assert_ongoing_quiet (game);
  play (game, "e6d6");
  game_status (game, &status);
  g_assert_cmpint (status.result, ==, XQ_ONGOING);
  g_assert_true (status.repetition_info);
  g_assert_false (status.warn_perpetual);
  play (game, "d5e5 d6e6 e5d5 e6d6");
  game_status (game, &status);
  g_assert_cmpint (status.result, ==, XQ_ONGOING);
}

/* X15 and X16 */
static void
test_counters (void)
{
  g_autoptr(Game) game = game_new (NULL);
  const char *cycle[] = { "h0g2", "h9g7", "g2h0", "g7h9" };
  XqStatus status;
  int ply, infos = 0;

  for (ply = 1; ply <= 400; ply++)
    {
      play (game, cycle[(ply - 1) % 4]);
      game_status (game, &status);
      if (status.no_capture_info)
        {
          g_assert_cmpint (ply, ==, 120);
          infos++;
        }
      if (ply < 400)
        g_assert_cmpint (status.result, ==, XQ_ONGOING);
    }
  g_assert_cmpint (infos, ==, 1);
  g_assert_cmpint (status.result, ==, XQ_DRAW_MOVE_LIMIT);
  g_assert_cmpint (status.winner, ==, -1);
  g_assert_cmpuint (game->pos.halfmove, ==, 400);
  g_assert_cmpuint (game->pos.fullmove, ==, 201);
  g_test_message ("ply 400: draw by the move limit");
}

/* Far past the 400-ply limit (and past the 1024 positions a position once held itself) the
 * record keeps every ply and everything else keeps working. */
static void
test_long_record (void)
{
  g_autoptr(Game) game = game_new (NULL);
  const char *cycle[] = { "b0c2", "b9c7", "c2b0", "c7b9" };
  XqStatus status;
  int ply;

  for (ply = 1; ply <= 1024 + 100; ply++)
    play (game, cycle[(ply - 1) % 4]);
  g_assert_cmpuint (catur_repetition_get_length (game->history), ==, 1024 + 100 + 1);
  g_assert_cmpuint (game->pos.plies, ==, 1024 + 100);
  game_status (game, &status);
  g_assert_cmpint (status.result, ==, XQ_DRAW_MOVE_LIMIT);
  g_assert_false (status.repetition_info);
}

/* The record holds, for each ply, the key the core keeps, the side that moved and whether it
 * gave check; the start is entry 0 with whether the side to move is in check there. */
static void
test_record (void)
{
  g_autoptr(Game) game = game_new ("3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1");
  g_autoptr(Game) checked = game_new ("3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1");
  CaturRepetition *history = game->history;

  g_assert_cmpuint (catur_repetition_get_length (history), ==, 1);
  g_assert_cmpuint (catur_repetition_get_key (history, 0), ==, game->pos.key);
  g_assert_cmpint (catur_repetition_get_mover (history, 0), ==, CATUR_SIDE_NONE);
  g_assert_cmpuint (catur_repetition_get_flags (history, 0), ==, 0);
  g_assert_cmpuint (catur_repetition_get_flags (checked->history, 0), ==,
                    CATUR_REPETITION_GAVE_CHECK);

  play (game, "h8h9 d9d8");
  g_assert_cmpuint (catur_repetition_get_length (history), ==, 3);
  g_assert_cmpuint (catur_repetition_get_key (history, 2), ==, game->pos.key);
  g_assert_cmpuint (catur_repetition_get_key (history, 2), ==,
                    xq_position_compute_key (&game->pos));
  g_assert_cmpint (catur_repetition_get_mover (history, 1), ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_repetition_get_mover (history, 2), ==, CATUR_SIDE_SECOND);
  g_assert_cmpuint (catur_repetition_get_flags (history, 1), ==, CATUR_REPETITION_GAVE_CHECK);
  g_assert_cmpuint (catur_repetition_get_flags (history, 2), ==, 0);
}

/* The status is worked out from the position and the record alone: taken back (as an undo
 * truncates the record) and played again, a warning comes again; without a record (a position
 * alone) there is no repetition rule, and the position's own rules still hold. */
static void
test_record_only (void)
{
  g_autoptr(Game) game = game_new ("3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1");
  XqPosition before;
  XqStatus status;

  play (game, "h8h9 d9d8 h9h8");
  before = game->pos;
  play (game, "d8d9");
  game_status (game, &status);
  g_assert_true (status.warn_perpetual);

  game->pos = before;
  catur_repetition_truncate (game->history, 4);
  assert_ongoing_quiet (game);
  play (game, "d8d9");
  game_status (game, &status);
  g_assert_true (status.warn_perpetual);
  g_assert_cmpint (status.warned_side, ==, XQ_RED);

  play (game, "h8h9 d9d8 h9h8 d8d9");
  xq_repetition_status (&game->pos, NULL, &status);
  g_assert_cmpint (status.result, ==, XQ_ONGOING);
  g_assert_false (status.warn_perpetual);
  game_status (game, &status);
  g_assert_cmpint (status.result, ==, XQ_WIN_PERPETUAL_CHECK);
}

/* X20 says k = 3, not k >= 3: after the info and a new position (which re-arms the notices,
 * RULES 0.4) the start comes back a fourth time, and nothing is said. */
static void
test_repetition_info_only_third (void)
{
  g_autoptr(Game) game = game_new (NULL);
  XqStatus status;

  play (game, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9");
  game_status (game, &status);
  g_assert_true (status.repetition_info);
  /* Three positions never seen before, then the move back to the start: k = 4. */
  play (game, "b0c2 b9c7 c2b0");
  assert_ongoing_quiet (game);
  play (game, "c7b9");
  g_assert_cmpuint (catur_repetition_count (game->history,
                                            catur_repetition_get_last (game->history)),
                    ==, 4);
  assert_ongoing_quiet (game);
}

/* X22 names the mover's pieces only: a cannon whose screen is the loser's own horse mates
 * by the Cannon, not "horse-cannon". The black horse on e8 cannot move (its legs d8, f8 and
 * e7 are taken), and the red pawns cover d9 and f9. */
static void
test_mate_screen_of_loser (void)
{
  expect_mate ("4k4/3PnP3/4C4/9/9/9/9/9/9/3K5 b - - 0 1", XQ_RED, XQ_MATE_BY_PIECE,
               XQ_CANNON);
  /* The same mate with a red horse as the screen is the horse-cannon mate. */
  expect_mate ("4k4/3PNP3/4C4/9/9/9/9/9/9/3K5 b - - 0 1", XQ_RED, XQ_MATE_HORSE_CANNON,
               XQ_NONE);
}

/* RULES 0.3: a loss by perpetual check (step 2) comes before the 400-ply draw (step 3), and
 * the draw before an information (step 4). */
static void
test_ending_order (void)
{
  g_autoptr(Game) checks = game_new ("3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1");
  g_autoptr(Game) quiet = game_new (NULL);
  XqStatus status;

  /* Eight plies from the end of the limit, Red checks every ply of its own (XT11/XT12). */
  checks->pos.plies = 392;
  play (checks, "h8h9 d9d8 h9h8 d8d9 h8h9 d9d8 h9h8 d8d9");
  g_assert_cmpuint (checks->pos.plies, ==, 400);
  game_status (checks, &status);
  g_assert_cmpint (status.result, ==, XQ_WIN_PERPETUAL_CHECK);
  g_assert_cmpint (status.winner, ==, XQ_BLACK);

  /* The third occurrence of the start falls on the 400th ply: a draw, and no info with it. */
  quiet->pos.plies = 392;
  play (quiet, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9");
  game_status (quiet, &status);
  g_assert_cmpint (status.result, ==, XQ_DRAW_MOVE_LIMIT);
  g_assert_false (status.repetition_info);
  g_assert_false (status.warn_perpetual);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xiangqi/status/start", test_start);
  g_test_add_func ("/xiangqi/status/mates", test_mates);
  g_test_add_func ("/xiangqi/status/perpetual-check", test_perpetual_check);
  g_test_add_func ("/xiangqi/status/perpetual-check-black", test_perpetual_check_black);
  g_test_add_func ("/xiangqi/status/repetition-info", test_repetition_info);
  g_test_add_func ("/xiangqi/status/mutual-perpetual-check", test_mutual_perpetual_check);
  g_test_add_func ("/xiangqi/status/counters", test_counters);
  g_test_add_func ("/xiangqi/status/long-record", test_long_record);
  g_test_add_func ("/xiangqi/status/record", test_record);
  g_test_add_func ("/xiangqi/status/record-only", test_record_only);
  g_test_add_func ("/xiangqi/status/repetition-info-only-third", test_repetition_info_only_third);
  g_test_add_func ("/xiangqi/status/mate-screen-of-loser", test_mate_screen_of_loser);
  g_test_add_func ("/xiangqi/status/ending-order", test_ending_order);

  return g_test_run ();
}
