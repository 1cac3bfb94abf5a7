/* test-draw-judge.c: how the computer answers a draw offer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On Sandbox (tests/variant), whose computer searches on libcatur's driver: the computer
 * accepts a dead draw, or a position its search finds level after each of its last two moves
 * with little material left (at most a third of the start's 24 pieces), and declines the rest,
 * saying why (catur_variant_judge_draw_offer()). The game's asynchronous judgement picks the
 * positions after the computer's last two moves (catur_game_judge_draw_offer_async()).
 */
#include "config.h"

#include <catur.h>

#include "testgame.h"

/* Kings and Rooks, one each, far apart: nothing hangs, and nobody can force anything. */
#define ROOKS_LEVEL "k5/4r1/6/6/1R4/5K w - - - 0 30"
#define ROOKS_LEVEL_BLACK "k5/4r1/6/6/1R4/5K b - - - 0 31"
/* White's Rook against the lone black King: White stands far better. */
#define ROOK_UP "k5/6/6/6/1R4/5K b - - - 0 31"
/* Two lone Kings: no side can win (Sandbox's time-out rule knows it). */
#define KINGS "k5/6/6/6/6/5K b - - - 0 31"
/* Pawns locked file by file, Kings that cannot reach them: level, but ten pieces are left. */
#define LOCKED "5k/p5/p1p1p1/P1P1P1/P5/5K w - - - 0 30"

static CaturVariant *
sandbox (void)
{
  return testgame_variant ("sandbox");
}

static CaturPosition *
position (const char *text)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *pos = catur_variant_parse (sandbox (), text, &error);

  g_assert_no_error (error);
  return pos;
}

/* The computer playing @judge answers an offer made in @texts (the newest last). */
static gboolean
judge (CaturSide    judge,
       char       **reason,
       const char  *first,
       ...)
{
  g_autoptr(GPtrArray) positions =
    g_ptr_array_new_with_free_func ((GDestroyNotify) catur_position_free);
  g_autoptr(GError) error = NULL;
  gboolean accept = FALSE;
  va_list args;

  va_start (args, first);
  for (const char *text = first; text != NULL; text = va_arg (args, const char *))
    g_ptr_array_add (positions, position (text));
  va_end (args);

  g_assert_true (catur_variant_judge_draw_offer (sandbox (), positions, judge, NULL, &accept,
                                                 reason, &error));
  g_assert_no_error (error);
  return accept;
}

static void
test_level_and_little_left (void)
{
  g_autofree char *reason = NULL;

  g_assert_true (judge (CATUR_SIDE_SECOND, &reason, ROOKS_LEVEL, ROOKS_LEVEL, NULL));
  g_assert_cmpstr (reason, ==,
                   "The computer accepts the draw: the position is level and little material "
                   "is left");
}

static void
test_better_declines (void)
{
  g_autofree char *reason = NULL;
  g_autofree char *worse = NULL;
  g_autofree char *once = NULL;

  g_assert_false (judge (CATUR_SIDE_FIRST, &reason, ROOK_UP, ROOK_UP, NULL));
  g_assert_cmpstr (reason, ==, "The computer declines: it thinks it stands better");
  /* The side that stands worse does not take it either: the position is not level. */
  g_assert_false (judge (CATUR_SIDE_SECOND, &worse, ROOK_UP, NULL));
  g_assert_cmpstr (worse, ==, "The computer declines: it does not think the position is level");
  /* Level now, but not after its move before: the search must have found it level twice. */
  g_assert_false (judge (CATUR_SIDE_FIRST, &once, ROOK_UP, ROOKS_LEVEL_BLACK, NULL));
  g_assert_cmpstr (once, ==, "The computer declines: it does not think the position is level");
}

static void
test_too_much_left (void)
{
  g_autofree char *reason = NULL;

  g_assert_false (judge (CATUR_SIDE_SECOND, &reason, LOCKED, LOCKED, NULL));
  g_assert_cmpstr (reason, ==,
                   "The computer declines: too much material is left to agree a draw");
}

static void
test_dead_draw (void)
{
  g_autofree char *reason = NULL;

  /* Whatever it scored before: neither side can win now. */
  g_assert_true (judge (CATUR_SIDE_FIRST, &reason, ROOK_UP, KINGS, NULL));
  g_assert_cmpstr (reason, ==,
                   "The computer accepts the draw: neither side can win with the material left");
}

typedef struct
{
  GMainLoop *loop;
  gboolean accept;
  char *reason;
} Answer;

static void
judged_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Answer *answer = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (catur_game_judge_draw_offer_finish (CATUR_GAME (source), result,
                                                     &answer->accept, &answer->reason, &error));
  g_assert_no_error (error);
  g_main_loop_quit (answer->loop);
}

/* A game against the computer: it judges the positions its own last two moves made, in a
 * worker thread, and a position that changes before it answers cancels the answer. */
static void
test_game (void)
{
  g_autoptr(CaturGame) game = catur_game_new (sandbox (), position (ROOKS_LEVEL));
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Answer answer = { loop, FALSE, NULL };

  /* The computer plays Black; the moves are played for both, so that nobody waits. */
  g_assert_true (catur_game_play_text (game, "b2b3", NULL));
  g_assert_true (catur_game_play_text (game, "e5e4", NULL));
  g_assert_true (catur_game_play_text (game, "b3b2", NULL));
  g_assert_true (catur_game_play_text (game, "e4e5", NULL));
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  g_assert_false (catur_game_get_thinking (game));
  g_assert_true (catur_game_offer_draw (game, CATUR_SIDE_FIRST));

  catur_game_judge_draw_offer_async (game, NULL, judged_cb, &answer);
  g_assert_cmpuint (catur_game_get_n_searches (game), ==, 1);
  g_main_loop_run (loop);
  g_assert_cmpuint (catur_game_get_n_searches (game), ==, 0);
  g_assert_true (answer.accept);
  g_assert_cmpstr (answer.reason, ==,
                   "The computer accepts the draw: the position is level and little material "
                   "is left");
  g_free (answer.reason);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  testgame_add_plugin_path ();
  catur_plugins_load ();

  g_test_add_func ("/draw-judge/level-and-little-left", test_level_and_little_left);
  g_test_add_func ("/draw-judge/better-declines", test_better_declines);
  g_test_add_func ("/draw-judge/too-much-left", test_too_much_left);
  g_test_add_func ("/draw-judge/dead-draw", test_dead_draw);
  g_test_add_func ("/draw-judge/game", test_game);
  return g_test_run ();
}
