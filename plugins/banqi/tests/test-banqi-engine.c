/* test-banqi-engine.c: the computer player at fixed depths and node counts, never times
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <catur.h>

#include "banqi-engine.h"

static BqPosition
load (const char *bfen)
{
  g_autoptr(GError) error = NULL;
  BqPosition pos;

  if (!bq_position_from_bfen (&pos, bfen, &error))
    g_error ("%s: %s", bfen, error->message);
  return pos;
}

static CaturSearchResult
think (const char *bfen,
       CaturLevel  level,
       guint       depth)
{
  BqPosition pos = load (bfen);
  CaturSearchLimits limits;
  CaturSearchResult result;

  catur_search_limits_init (&limits, level);
  limits.depth = depth;
  g_assert_true (bq_engine_think (&pos, &limits, NULL, NULL, NULL, &result));
  return result;
}

/* The last enemy piece taken wins at once (B9), and the search says so with a won score. */
static void
test_takes_the_last_piece (void)
{
  CaturSearchResult result = think ("4/4/4/4/4/4/1Kh1/4 r - 0 30", CATUR_LEVEL_MASTER, 3);
  CaturMove want = { 5, 6, 0, 0 };

  g_assert_true (result.has_move);
  g_assert_true (catur_move_equal (&result.move, &want));
  g_assert_cmpint (result.score, >=, CATUR_SCORE_MATE_BOUND);
}

/* BT4: the Red General may take the Black Advisor on a2 or the Black General on c2, never the
 * Soldier on b3; it takes the General. */
static void
test_takes_the_bigger_piece (void)
{
  CaturSearchResult result = think ("4/4/4/4/4/1p2/aKk1/1X2 r P 0 30", CATUR_LEVEL_MASTER, 4);
  CaturMove want = { 5, 6, 0, 0 };

  g_assert_true (result.has_move);
  g_assert_true (catur_move_equal (&result.move, &want));
}

/* A Cannon takes a piece across a face-down screen. */
static void
test_cannon_capture (void)
{
  CaturSearchResult result = think ("4/4/4/4/4/4/4/C1Xk r p 0 20", CATUR_LEVEL_INTERMEDIATE, 2);
  CaturMove want = { 0, 3, 0, 0 };

  g_assert_true (catur_move_equal (&result.move, &want));
}

/* BT7: no action, no move. */
static void
test_no_move (void)
{
  CaturSearchResult result = think ("4/4/4/4/4/4/r3/Pe2 r - 0 40", CATUR_LEVEL_MASTER, 3);

  g_assert_false (result.has_move);
}

/* The cannot-win test: a lone General cannot take Soldiers; a Cannon can take anything. */
static void
test_can_win (void)
{
  BqPosition general = load ("4/4/4/4/4/p3/1K2/4 r - 0 30");
  BqPosition cannon = load ("4/4/4/4/4/p3/1C2/4 r - 0 30");
  BqPosition start = load ("XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX f "
                           "KAAEERRHHCCPPPPPkaaeerrhhccppppp 0 0");

  g_assert_false (bq_engine_can_win (&general, BQ_RED));
  g_assert_true (bq_engine_can_win (&general, BQ_BLACK));
  g_assert_true (bq_engine_can_win (&cannon, BQ_RED));
  /* The Red General cannot win, so its side scores no better than a draw. */
  g_assert_cmpint (bq_engine_evaluate (&general), <=, 0);
  g_assert_cmpint (bq_engine_evaluate (&start), ==, 0);
}

/* The same observation, the same key; what lies face down is no part of it. */
static void
test_key_of_observation (void)
{
  BqPosition a = load ("4/4/4/4/4/1p2/aKk1/1X1X r Pc 0 30");
  BqPosition b = a;

  bq_position_deal (&a, 1);
  bq_position_deal (&b, 2);
  g_assert_cmpuint (bq_engine_key (&a), !=, 0);
  bq_position_observe (&a);
  bq_position_observe (&b);
  g_assert_cmpuint (bq_engine_key (&a), ==, bq_engine_key (&b));
}

/* Every level gives a legal action, from the start and from a middle game. */
static void
test_levels_legal (void)
{
  static const char * const positions[] = {
    "XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX f KAAEERRHHCCPPPPPkaaeerrhhccppppp 0 0",
    "XXhX/XCXX/pXXX/XXkX/XAXX/XXXX/XPXc/XXXX r KAEERRHHCPPPPaaeerrhcpppp 0 8",
  };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    for (CaturLevel level = CATUR_LEVEL_BEGINNER; level <= CATUR_LEVEL_MASTER; level++)
      {
        BqPosition pos = load (positions[i]);
        CaturSearchLimits limits;
        CaturSearchResult result;
        BqMove move;

        catur_search_limits_init (&limits, level);
        limits.nodes = 20000;
        limits.seed = 3;
        g_assert_true (bq_engine_think (&pos, &limits, NULL, NULL, NULL, &result));
        g_assert_true (result.has_move);
        g_assert_cmpuint (result.move.piece, ==, 0);
        move = (BqMove) { result.move.from, result.move.to,
                          (result.move.flags & CATUR_MOVE_FLIP) != 0, 0 };
        g_assert_true (bq_is_legal (&pos, &move));
      }
}

/* Cancelled before it starts, the search still answers with a legal action. */
static void
test_cancelled (void)
{
  BqPosition pos = load ("XXhX/XCXX/pXXX/XXkX/XAXX/XXXX/XPXc/XXXX r KAEERRHHCPPPPaaeerrhcpppp 0 8");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CaturSearchLimits limits;
  CaturSearchResult result;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.infinite = TRUE;
  g_cancellable_cancel (cancellable);
  g_assert_true (bq_engine_think (&pos, &limits, NULL, NULL, cancellable, &result));
  g_assert_true (result.has_move);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/banqi/engine/takes-the-last-piece", test_takes_the_last_piece);
  g_test_add_func ("/banqi/engine/takes-the-bigger-piece", test_takes_the_bigger_piece);
  g_test_add_func ("/banqi/engine/cannon-capture", test_cannon_capture);
  g_test_add_func ("/banqi/engine/no-move", test_no_move);
  g_test_add_func ("/banqi/engine/can-win", test_can_win);
  g_test_add_func ("/banqi/engine/key-of-observation", test_key_of_observation);
  g_test_add_func ("/banqi/engine/levels-legal", test_levels_legal);
  g_test_add_func ("/banqi/engine/cancelled", test_cancelled);

  return g_test_run ();
}
