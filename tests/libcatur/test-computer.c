/* test-computer.c: the shared search parts and CaturGame's computer player and hints
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No assertion depends on how fast the machine is: searches are bounded by depth or nodes, a
 * cancelled search is shown to stop by being one that would otherwise run for half a minute,
 * and waits give up after a generous while only so that a broken build fails instead of
 * hanging.
 */
#include "config.h"

#include <string.h>

#include <catur.h>
/* For the computer's table, which the game keeps to itself (test_table_kept). */
#include "catur-game-private.h"

#define WAIT_LIMIT_S 20

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

typedef gboolean (*Check) (CaturGame *game,
                           gpointer   data);

/* Runs the main context until @check holds. */
static gboolean
wait_for (CaturGame *game,
          Check      check,
          gpointer   data)
{
  gint64 end = g_get_monotonic_time () + WAIT_LIMIT_S * G_TIME_SPAN_SECOND;

  while (!check (game, data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static gboolean
has_plies (CaturGame *game,
           gpointer   data)
{
  return catur_game_get_n_plies (game) >= GPOINTER_TO_UINT (data);
}

static gboolean
searches_ended (CaturGame *game,
                gpointer   data)
{
  return catur_game_get_n_searches (game) == 0;
}

/* The levels */

static void
test_level_table (void)
{
  const CaturLevelSpec *newcomer = catur_level_get_spec (CATUR_LEVEL_NEWCOMER);
  const CaturLevelSpec *beginner = catur_level_get_spec (CATUR_LEVEL_BEGINNER);
  const CaturLevelSpec *intermediate = catur_level_get_spec (CATUR_LEVEL_INTERMEDIATE);
  const CaturLevelSpec *master = catur_level_get_spec (CATUR_LEVEL_MASTER);
  CaturLevel level;

  for (CaturLevel l = CATUR_LEVEL_BEGINNER; l <= CATUR_LEVEL_MASTER; l++)
    {
      g_assert_true (catur_level_from_id (catur_level_to_id (l), &level));
      g_assert_cmpint (level, ==, l);
      g_assert_cmpint (catur_level_get_spec (l)->level, ==, l);
      g_assert_nonnull (catur_level_get_name (l));
    }
  g_assert_cmpstr (catur_level_to_id (CATUR_LEVEL_BEGINNER), ==, "beginner");
  g_assert_cmpstr (catur_level_to_id (CATUR_LEVEL_INTERMEDIATE), ==, "intermediate");
  g_assert_cmpstr (catur_level_to_id (CATUR_LEVEL_MASTER), ==, "master");
  g_assert_false (catur_level_from_id ("grandmaster", NULL));

  /* Master has no caps; each rung below stops at fewer nodes, at no depth (a node count plays
   * alike on any machine), and errs no less than the one above. */
  g_assert_cmpuint (master->max_depth, ==, 0);
  g_assert_cmpuint (master->max_nodes, ==, 0);
  g_assert_cmpint (master->margin, ==, 0);
  for (CaturLevel l = 0; l + 1 < CATUR_LEVEL_MASTER; l++)
    {
      const CaturLevelSpec *low = catur_level_get_spec (l), *high = catur_level_get_spec (l + 1);

      g_assert_cmpuint (low->max_depth, ==, 0);
      g_assert_cmpuint (low->max_nodes, <, high->max_nodes);
      g_assert_cmpint (low->margin, >=, high->margin);
      g_assert_cmpuint (low->blunder_permille, >=, high->blunder_permille);
    }
  /* Only the lowest rung picks among near-best moves: the exact scores that pick needs cost a
   * search about half its nodes, a step of the ladder (tests/bench/README.md). */
  g_assert_cmpint (newcomer->margin, >, 0);
  g_assert_cmpint (beginner->margin, ==, 0);
  g_assert_cmpuint (beginner->blunder_permille, >, intermediate->blunder_permille);
  g_assert_cmpuint (intermediate->blunder_permille, ==, 0);
  g_assert_cmpint (CATUR_LEVEL_HINT, ==, CATUR_LEVEL_INTERMEDIATE);
}

static void
test_clock (void)
{
  CaturSearchLimits limits;
  gint64 time_left;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  catur_search_limits_set_clock (&limits, 60000, 1000, 0);
  g_assert_cmpuint (limits.soft_movetime, >, 1000);
  g_assert_cmpuint (limits.movetime, >=, limits.soft_movetime);
  g_assert_cmpuint (limits.movetime, <, 60000 / 2);

  /* Short of time: never more than a third of what is left. */
  catur_search_limits_set_clock (&limits, 300, 0, 0);
  g_assert_cmpuint (limits.movetime, <=, 100);
  g_assert_cmpuint (limits.movetime, >=, 1);

  /* The increment comes only once the move is made: a move never takes all the time left,
   * however large the increment (a short Fischer clock, late in the game). */
  catur_search_limits_set_clock (&limits, 1000, 1000, 0);
  g_assert_cmpuint (limits.movetime, <, 1000);
  g_assert_cmpuint (limits.soft_movetime, <=, limits.movetime);
  catur_search_limits_set_clock (&limits, 400, 2000, 0);
  g_assert_cmpuint (limits.movetime, <, 400);
  g_assert_cmpuint (limits.movetime, >=, 1);

  /* Byoyomi: nearly all of it, for it is lost when not used, but never all of it. */
  catur_search_limits_set_byoyomi (&limits, 0, 1000);
  g_assert_cmpuint (limits.movetime, <, 1000);
  g_assert_cmpuint (limits.movetime, >=, 800);
  g_assert_cmpuint (limits.soft_movetime, ==, limits.movetime);
  catur_search_limits_set_byoyomi (&limits, 60000, 1000);
  g_assert_cmpuint (limits.soft_movetime, >, 1000);
  g_assert_cmpuint (limits.movetime, >=, limits.soft_movetime);
  g_assert_cmpuint (limits.movetime, <, 60000 / 3 + 1000);
  catur_search_limits_set_byoyomi (&limits, 0, 0);
  g_assert_cmpuint (limits.movetime, ==, 1);

  /* Ten seconds for the whole game, no increment: a game of 400 plies, every move taking
   * twice its share and 4 ms more on the way (a move's cost beyond its search, as catur-engine
   * measured here), still ends on the board, not on the clock. */
  time_left = 10000;
  for (guint move = 0; move < 200; move++)
    {
      catur_search_limits_set_clock (&limits, time_left, 0, 0);
      time_left -= MIN (limits.soft_movetime * 2, limits.movetime) + 4;
      g_assert_cmpint (time_left, >, 0);
    }
}

/* The transposition table */

static void
test_tt (void)
{
  g_autoptr(CaturTT) tt = catur_tt_new (1);
  const CaturTTEntry *entry;
  guint64 key = G_GUINT64_CONSTANT (0x123456789abcdef0);

  g_assert_null (catur_tt_probe (tt, key));
  catur_tt_store (tt, key, 0x1234, 50, 20, 6, CATUR_TT_EXACT, 3);
  entry = catur_tt_probe (tt, key);
  g_assert_nonnull (entry);
  g_assert_cmpuint (entry->move, ==, 0x1234);
  g_assert_cmpint (entry->score, ==, 50);
  g_assert_cmpint (entry->eval, ==, 20);
  g_assert_cmpuint (entry->depth, ==, 6);
  g_assert_cmpint (catur_tt_entry_bound (entry), ==, CATUR_TT_EXACT);

  /* A mate found 3 plies below the root, 5 plies from the node: stored from the node,
   * read back at another ply as the same distance from there. */
  catur_tt_store (tt, key ^ 1, 0, CATUR_SCORE_MATE - 8, 0, 4, CATUR_TT_LOWER, 3);
  entry = catur_tt_probe (tt, key ^ 1);
  g_assert_cmpint (catur_score_from_tt (entry->score, 3), ==, CATUR_SCORE_MATE - 8);
  g_assert_cmpint (catur_score_from_tt (entry->score, 7), ==, CATUR_SCORE_MATE - 12);

  /* A shallower store keeps the better-informed move when it has none. */
  catur_tt_store (tt, key, 0, 10, 20, 7, CATUR_TT_UPPER, 0);
  entry = catur_tt_probe (tt, key);
  g_assert_cmpuint (entry->move, ==, 0x1234);

  catur_tt_clear (tt);
  g_assert_null (catur_tt_probe (tt, key));
  g_assert_cmpuint (catur_tt_hashfull (tt), ==, 0);
}

/* The driver, over a made-up game: root move i scores scores[i] at every depth. */

typedef struct
{
  const int *scores;
  guint calls;
  guint deepest;
  guint64 nodes_per_move;
} FakeGame;

static int
fake_root (CaturSearch *search,
           int          depth,
           int          alpha,
           int          beta,
           gpointer     user_data)
{
  FakeGame *game = user_data;
  int best = -CATUR_SCORE_INFINITE;

  game->calls++;
  game->deepest = MAX (game->deepest, (guint) depth);
  for (guint i = 0; i < search->n_root_moves; i++)
    {
      int score = game->scores[search->root_moves[i].code - 1];

      for (guint64 n = 0; n < game->nodes_per_move; n++)
        if (catur_search_count_node (search))
          return best;
      search->root_moves[i].score = score;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              catur_search_clear_pv (search, 1);
              catur_search_root_improved (search, i, score);
              alpha = score;
            }
        }
    }
  return best;
}

static void
fake_search (CaturSearchLimits *limits,
             FakeGame          *game,
             guint              n_moves,
             CaturSearchResult *result,
             GCancellable      *cancellable)
{
  g_autoptr(CaturSearch) search = catur_search_new (limits, 42, NULL, NULL, cancellable);

  for (guint i = 1; i <= n_moves; i++)
    catur_search_add_root_move (search, i);
  catur_search_run (search, fake_root, game, result);
}

static void
test_driver_best_move (void)
{
  static const int scores[] = { 10, 50, -20, 49, 30 };
  FakeGame game = { scores, 0, 0, 1 };
  CaturSearchLimits limits;
  CaturSearchResult result;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = 6;
  limits.hash_mb = 1;
  fake_search (&limits, &game, G_N_ELEMENTS (scores), &result, NULL);

  g_assert_true (result.has_move);
  g_assert_cmpuint (result.move.from, ==, 2);
  g_assert_cmpint (result.score, ==, 50);
  g_assert_cmpuint (result.depth, ==, 6);
  g_assert_cmpuint (game.deepest, ==, 6);
  g_assert_cmpuint (result.pv_length, ==, 1);
  g_assert_cmpuint (catur_move_pack (&result.pv[0]), ==, 2);
}

/* Newcomer picks among the moves within its margin, and only those. */
static void
test_driver_margin (void)
{
  static const int scores[] = { 10, 50, -200, 45, 30, -500 };
  const CaturLevelSpec *newcomer = catur_level_get_spec (CATUR_LEVEL_NEWCOMER);
  gboolean picked[G_N_ELEMENTS (scores)] = { FALSE };

  for (guint64 seed = 0; seed < 64; seed++)
    {
      FakeGame game = { scores, 0, 0, 1 };
      CaturSearchLimits limits;
      CaturSearchResult result;

      catur_search_limits_init (&limits, CATUR_LEVEL_NEWCOMER);
      limits.seed = seed;
      limits.hash_mb = 1;
      fake_search (&limits, &game, G_N_ELEMENTS (scores), &result, NULL);
      g_assert_true (result.has_move);
      g_assert_cmpint (scores[result.move.from - 1], >=, 50 - newcomer->margin);
      picked[result.move.from - 1] = TRUE;
    }
  /* 50, 45 and 30 are within the margin and each was picked; the others never. */
  g_assert_true (picked[1] && picked[3] && picked[4]);
  g_assert_false (picked[2] || picked[5]);
}

/* A node limit stops the search part-way, with a move all the same. */
static void
test_driver_node_limit (void)
{
  static const int scores[] = { 1, 2, 3 };
  FakeGame game = { scores, 0, 0, 5000 };
  CaturSearchLimits limits;
  CaturSearchResult result;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.nodes = 50000;
  limits.hash_mb = 1;
  fake_search (&limits, &game, G_N_ELEMENTS (scores), &result, NULL);
  g_assert_true (result.has_move);
  g_assert_cmpuint (result.move.from, ==, 3);
  g_assert_cmpuint (result.nodes, <, 50000 + CATUR_SEARCH_POLL_INTERVAL);
  g_assert_cmpuint (game.deepest, <, CATUR_SEARCH_MAX_PLY - 8);
}

/* The made-up game searched at @level of a game whose own rungs are @tuning. */
static void
tuned_fake_search (CaturLevel              level,
                   const CaturLevelTuning *tuning,
                   guint64                 seed,
                   const int              *scores,
                   guint                   n_moves,
                   CaturSearchResult      *result)
{
  FakeGame game = { scores, 0, 0, 100 };
  CaturSearchLimits limits;

  catur_search_limits_init (&limits, level);
  limits.seed = seed;
  limits.hash_mb = 1;
  limits.tuning = tuning;
  fake_search (&limits, &game, n_moves, result, NULL);
}

/* A game's own table of rungs replaces the ladder's node count and margin where it has an
 * entry, never at Master. */
static void
test_driver_game_tuning (void)
{
  static const int scores[] = { 10, 50, -200, 45, 30, -500 };
  static const CaturLevelTuning tuning[CATUR_N_LEVELS] = {
    [CATUR_LEVEL_NEWCOMER] = { 700, 0, 0 },
    [CATUR_LEVEL_BEGINNER] = { 1200, 600, 0 },
    [CATUR_LEVEL_MASTER] = { 10, 600, 1000 },
  };
  CaturLevelTuning master = catur_level_get_tuning (CATUR_LEVEL_MASTER, tuning);
  gboolean picked_worse = FALSE;

  g_assert_cmpuint (catur_level_get_tuning (CATUR_LEVEL_BEGINNER, NULL).max_nodes, ==,
                    catur_level_get_spec (CATUR_LEVEL_BEGINNER)->max_nodes);
  g_assert_cmpuint (catur_level_get_tuning (CATUR_LEVEL_BEGINNER, tuning).max_nodes, ==, 1200);
  g_assert_cmpuint (master.max_nodes, ==, 0);
  g_assert_cmpint (master.margin, ==, 0);
  g_assert_cmpuint (master.blunder_permille, ==, 0);
  /* A rung the table leaves out plays as the ladder does. */
  g_assert_cmpuint (catur_level_get_tuning (CATUR_LEVEL_CASUAL, tuning).max_nodes, ==,
                    catur_level_get_spec (CATUR_LEVEL_CASUAL)->max_nodes);
  g_assert_cmpuint (catur_level_get_tuning (CATUR_LEVEL_CASUAL, tuning).blunder_permille, ==,
                    catur_level_get_spec (CATUR_LEVEL_CASUAL)->blunder_permille);

  for (guint64 seed = 0; seed < 32; seed++)
    {
      CaturSearchResult result;

      /* This game's Newcomer has no margin: always the best, within its own node count. */
      tuned_fake_search (CATUR_LEVEL_NEWCOMER, tuning, seed, scores, G_N_ELEMENTS (scores),
                         &result);
      g_assert_cmpuint (result.move.from, ==, 2);
      g_assert_cmpuint (result.nodes, <=, 700);
      g_assert_cmpuint (result.nodes, >, 0);

      /* Its Beginner picks anywhere within 600 centipawns. */
      tuned_fake_search (CATUR_LEVEL_BEGINNER, tuning, seed, scores, G_N_ELEMENTS (scores),
                         &result);
      g_assert_cmpuint (result.nodes, <=, 1200);
      picked_worse |= scores[result.move.from - 1] < 0;
    }
  g_assert_true (picked_worse);
}

/* Cancelled before it starts, an endless search still answers with a move. */
static void
test_driver_cancelled (void)
{
  static const int scores[] = { 1, 2 };
  FakeGame game = { scores, 0, 0, 10 };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CaturSearchLimits limits;
  CaturSearchResult result;

  g_cancellable_cancel (cancellable);
  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.infinite = TRUE;
  limits.hash_mb = 1;
  fake_search (&limits, &game, G_N_ELEMENTS (scores), &result, cancellable);
  g_assert_true (result.has_move);
  g_assert_cmpuint (result.depth, ==, 0);
}

static void
test_driver_no_moves (void)
{
  FakeGame game = { NULL, 0, 0, 0 };
  CaturSearchLimits limits;
  CaturSearchResult result;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = 3;
  limits.hash_mb = 1;
  fake_search (&limits, &game, 0, &result, NULL);
  g_assert_false (result.has_move);
  g_assert_cmpuint (game.calls, ==, 0);
}

/* Shogi's richest positions have 593 legal moves: the driver keeps them all, and the level's
 * random pick sees the last of them. */
static void
test_driver_many_root_moves (void)
{
  const guint n_moves = 593;
  g_autofree int *scores = g_new (int, n_moves);
  CaturSearchLimits limits;
  CaturSearchResult result;

  for (guint i = 0; i < n_moves; i++)
    scores[i] = -300 + (int) (i % 7);
  scores[n_moves - 1] = 100;
  scores[n_moves - 2] = 95;

  for (CaturLevel level = CATUR_LEVEL_BEGINNER; level <= CATUR_LEVEL_MASTER; level++)
    {
      FakeGame game = { scores, 0, 0, 1 };
      guint32 code;

      catur_search_limits_init (&limits, level);
      limits.depth = 2;
      limits.hash_mb = 1;
      fake_search (&limits, &game, n_moves, &result, NULL);
      g_assert_true (result.has_move);
      code = catur_move_pack (&result.move);
      if (level == CATUR_LEVEL_MASTER)
        g_assert_cmpuint (code, ==, n_moves);
      else
        g_assert_cmpuint (code, >=, n_moves - 1);
    }
}

/* The contract: a variant without a computer player says so. */

#define TEST_TYPE_MUTE_VARIANT (test_mute_variant_get_type ())
G_DECLARE_FINAL_TYPE (TestMuteVariant, test_mute_variant, TEST, MUTE_VARIANT, GObject)

struct _TestMuteVariant
{
  GObject parent_instance;
};

static const char *
mute_get_name (CaturVariant *variant)
{
  return "Mute";
}

static void
test_mute_variant_iface_init (CaturVariantInterface *iface)
{
  iface->get_name = mute_get_name;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestMuteVariant, test_mute_variant, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CATUR_TYPE_VARIANT,
                                                      test_mute_variant_iface_init))

static void
test_mute_variant_class_init (TestMuteVariantClass *klass)
{
}

static void
test_mute_variant_init (TestMuteVariant *self)
{
}

static void
test_think_not_supported (void)
{
  g_autoptr(GObject) mute = g_object_new (TEST_TYPE_MUTE_VARIANT, NULL);
  CaturPosition position = { CATUR_VARIANT (mute) };
  g_autoptr(GError) error = NULL;
  CaturSearchLimits limits;
  CaturSearchResult result;

  g_assert_false (catur_variant_can_think (CATUR_VARIANT (mute)));
  g_assert_true (catur_variant_can_think (xiangqi ()));
  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  g_assert_false (catur_variant_think (CATUR_VARIANT (mute), &position, &limits, NULL, NULL,
                                       NULL, &result, &error));
  g_assert_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_NOT_SUPPORTED);
  g_assert_false (result.has_move);
}

/* The engine dialect: UCI unless a game says otherwise, and Xiangqi's GUIs speak UCI. */
static void
test_engine_dialect (void)
{
  g_autoptr(GObject) mute = g_object_new (TEST_TYPE_MUTE_VARIANT, NULL);

  g_assert_cmpint (catur_variant_get_engine_dialect (CATUR_VARIANT (mute)), ==,
                   CATUR_ENGINE_DIALECT_UCI);
  g_assert_cmpint (catur_variant_get_engine_dialect (xiangqi ()), ==, CATUR_ENGINE_DIALECT_UCI);
}

static void
count_info (const CaturSearchInfo *info,
            gpointer               user_data)
{
  guint *count = user_data;

  g_assert_cmpuint (info->pv_length, >=, 1);
  g_assert_cmpuint (info->depth, ==, *count + 1);
  (*count)++;
}

/* Through the contract: the variant's own copy, info after each depth, a legal move. */
static void
test_think_through_variant (void)
{
  g_autoptr(CaturPosition) start = catur_variant_new_position (xiangqi (), NULL, 0);
  g_autofree char *before = catur_variant_format (xiangqi (), start);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  CaturSearchLimits limits;
  CaturSearchResult result;
  guint infos = 0;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = 5;
  limits.hash_mb = 2;
  g_assert_true (catur_variant_think (xiangqi (), start, &limits, count_info, &infos, NULL,
                                      &result, &error));
  g_assert_no_error (error);
  g_assert_true (result.has_move);
  g_assert_true (catur_variant_is_legal (xiangqi (), start, &result.move));
  g_assert_cmpuint (infos, ==, 5);
  g_assert_cmpuint (result.depth, ==, 5);
  after = catur_variant_format (xiangqi (), start);
  g_assert_cmpstr (before, ==, after);
}

/* CaturGame's computer player */

static void
test_computer_replies_at_each_level (void)
{
  for (CaturLevel level = CATUR_LEVEL_BEGINNER; level <= CATUR_LEVEL_MASTER; level++)
    {
      g_autoptr(CaturGame) game = catur_game_new (xiangqi (), NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturGameMove) reply = NULL;

      catur_game_set_computer (game, CATUR_SIDE_SECOND, level, 300);
      g_assert_false (catur_game_get_thinking (game));
      g_assert_true (catur_game_play_text (game, "h2e2", &error));
      g_assert_no_error (error);
      g_assert_true (catur_game_get_thinking (game));
      g_assert_cmpuint (catur_game_get_n_searches (game), ==, 1);

      g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (2)));
      g_assert_false (catur_game_get_thinking (game));
      g_assert_cmpuint (catur_game_get_n_searches (game), ==, 0);
      g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_FIRST);
      reply = g_list_model_get_item (catur_game_get_moves (game), 1);
      g_assert_cmpint (catur_game_move_get_side (reply), ==, CATUR_SIDE_SECOND);
      g_test_message ("%s replies %s", catur_level_to_id (level),
                      catur_game_move_get_coordinate (reply));
    }
}

static void
test_computer_plays_first (void)
{
  g_autoptr(CaturGame) game = catur_game_new (xiangqi (), NULL);

  catur_game_set_computer (game, CATUR_SIDE_FIRST, CATUR_LEVEL_BEGINNER, 0);
  g_assert_true (catur_game_get_thinking (game));
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (1)));
  g_assert_false (catur_game_get_thinking (game));
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);
  /* The player cannot take back the computer's opening move: it would only play again. */
  g_assert_cmpuint (catur_game_get_undo_turn_plies (game), ==, 0);
  g_assert_false (catur_game_undo_turn (game));
}

/* The computer reads the game's record, not the position alone (RULES X19): Red, a chariot
 * down, has checked throughout a cycle that already came round once, and h9h8 would let Black
 * bring the position a third time; from the position alone the search plays h9h8. */
static void
test_computer_knows_the_game (void)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *start = catur_variant_parse (xiangqi (),
                                              "3k5/7R1/9/9/1n7/r8/9/9/9/4K4 w - - 0 1", &error);
  g_autoptr(CaturGame) game = catur_game_new (xiangqi (), start);
  g_auto(GStrv) moves = g_strsplit ("h8h9 d9d8 h9h8 d8d9 h8h9 d9d8", " ", -1);
  g_autoptr(CaturGameMove) reply = NULL;

  g_assert_no_error (error);
  for (guint i = 0; moves[i] != NULL; i++)
    g_assert_true (catur_game_play_text (game, moves[i], NULL));
  catur_game_set_computer (game, CATUR_SIDE_FIRST, CATUR_LEVEL_MASTER, 300);
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (7)));
  reply = g_list_model_get_item (catur_game_get_moves (game), 6);
  g_test_message ("Red plays %s", catur_game_move_get_coordinate (reply));
  g_assert_cmpstr (catur_game_move_get_coordinate (reply), !=, "h9h8");
  catur_game_set_computer (game, CATUR_SIDE_NONE, CATUR_LEVEL_MASTER, 0);
  g_assert_true (wait_for (game, searches_ended, NULL));
}

typedef struct
{
  guint ticks;
  gboolean thinking_seen;
} Ticks;

static gboolean
tick_cb (gpointer data)
{
  CaturGame *game = data;
  Ticks *ticks = g_object_get_data (G_OBJECT (game), "ticks");

  if (catur_game_get_thinking (game))
    ticks->ticks++;
  return G_SOURCE_CONTINUE;
}

/* The main loop keeps running while the master thinks in its thread. */
static void
test_main_loop_runs_while_thinking (void)
{
  g_autoptr(CaturGame) game = catur_game_new (xiangqi (), NULL);
  g_autoptr(GError) error = NULL;
  Ticks ticks = { 0, FALSE };
  guint source;

  g_object_set_data (G_OBJECT (game), "ticks", &ticks);
  source = g_timeout_add (2, tick_cb, game);
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_MASTER, 500);
  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  g_assert_true (catur_game_get_thinking (game));
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (2)));
  g_source_remove (source);

  /* Half a second of thinking: had the search run on this thread, not one tick. */
  g_test_message ("%u main-loop ticks while the master thought", ticks.ticks);
  g_assert_cmpuint (ticks.ticks, >=, 10);
}

/* Undo while the computer thinks cancels its search at once; its move is never played. */
static void
test_undo_cancels_thinking (void)
{
  g_autoptr(CaturGame) game = catur_game_new (xiangqi (), NULL);
  g_autoptr(GError) error = NULL;

  /* Thirty seconds a move: the search ends before the wait gives up only if cancelled. */
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_MASTER, 30000);
  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  g_assert_true (catur_game_get_thinking (game));
  g_assert_cmpuint (catur_game_get_undo_turn_plies (game), ==, 1);
  g_main_context_iteration (NULL, FALSE);
  g_usleep (50 * 1000);

  g_assert_true (catur_game_undo_turn (game));
  g_assert_false (catur_game_get_thinking (game));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);

  /* The abandoned task completes (cancelled) long before its thirty seconds. */
  g_assert_true (wait_for (game, searches_ended, NULL));
  for (int i = 0; i < 20; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_false (catur_game_get_thinking (game));
}

/* The person's move after a reply chosen at random: the first legal one, whatever it is. */
static void
play_any_move (CaturGame *game)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (xiangqi (), catur_game_get_position (game));
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (moves->len, >, 0);
  g_assert_true (catur_game_play (game, &g_array_index (moves, CaturMove, 0), &error));
  g_assert_no_error (error);
}

/* Against the computer, undo takes back the player's move and the reply. */
static void
test_undo_turn_two_plies (void)
{
  g_autoptr(CaturGame) game = catur_game_new (xiangqi (), NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (catur_game_get_undo_turn_plies (game), ==, 0);
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (2)));
  /* The beginner's reply is chosen at random (its cannon may block h0g2's leg). */
  play_any_move (game);
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (4)));

  g_assert_cmpuint (catur_game_get_undo_turn_plies (game), ==, 2);
  g_assert_true (catur_game_undo_turn (game));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_false (catur_game_get_thinking (game));
  g_assert_true (catur_game_undo_turn (game));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_false (catur_game_undo_turn (game));

  /* Two players: one ply at a time. */
  catur_game_set_computer (game, CATUR_SIDE_NONE, CATUR_LEVEL_BEGINNER, 0);
  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  g_assert_true (catur_game_play_text (game, "h9g7", &error));
  g_assert_cmpuint (catur_game_get_undo_turn_plies (game), ==, 1);
  g_assert_false (catur_game_get_thinking (game));
}

/* The computer keeps its table from one move to the next, as catur-engine does: the search
 * of its second move starts from what the first found. A search it abandons takes its table
 * with it, since the thread may still write to it; the next search has a table of its own. */
static void
test_table_kept (void)
{
  g_autoptr(CaturGame) game = catur_game_new (xiangqi (), NULL);
  g_autoptr(GError) error = NULL;
  CaturTT *table;

  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_MASTER, 200);
  g_assert_null (game->computer_table);
  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  g_assert_no_error (error);
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (2)));
  table = game->computer_table;
  g_assert_nonnull (table);
  /* The search filled the game's table, not one of its own. */
  g_assert_cmpuint (catur_tt_hashfull (table), >, 0);

  play_any_move (game);
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (4)));
  g_assert_true (game->computer_table == table);
  g_assert_cmpuint (catur_tt_hashfull (table), >, 0);

  /* Abandoned by undo: the table goes with the search. */
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_MASTER, 30000);
  play_any_move (game);
  g_assert_true (catur_game_get_thinking (game));
  g_assert_true (catur_game_undo (game, 1));
  g_assert_false (catur_game_get_thinking (game));
  g_assert_null (game->computer_table);
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  play_any_move (game);
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (6)));
  g_assert_nonnull (game->computer_table);
  g_assert_true (wait_for (game, searches_ended, NULL));
}

/* Switching the computer off, or dropping the game, abandons the search. */
static void
test_switch_off_and_drop (void)
{
  CaturGame *game = catur_game_new (xiangqi (), NULL);
  g_autoptr(GError) error = NULL;

  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_MASTER, 30000);
  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  g_assert_true (catur_game_get_thinking (game));
  catur_game_set_computer (game, CATUR_SIDE_NONE, CATUR_LEVEL_MASTER, 30000);
  g_assert_false (catur_game_get_thinking (game));
  g_assert_true (wait_for (game, searches_ended, NULL));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);

  /* Thinking again, then dropped: the search does not keep the game alive. */
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_MASTER, 30000);
  g_assert_true (catur_game_get_thinking (game));
  g_object_add_weak_pointer (G_OBJECT (game), (gpointer *) &game);
  g_object_unref (game);
  g_assert_null (game);
  for (int i = 0; i < 50; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

typedef struct
{
  gboolean done;
  gboolean ok;
  CaturMove move;
  GError *error;
} Hint;

static void
hint_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Hint *hint = user_data;

  hint->ok = catur_game_hint_finish (CATUR_GAME (source), result, &hint->move, &hint->error);
  hint->done = TRUE;
}

static gboolean
hint_done (CaturGame *game,
           gpointer   data)
{
  return ((Hint *) data)->done;
}

static void
test_hint (void)
{
  g_autoptr(CaturGame) game = catur_game_new (xiangqi (), NULL);
  g_autoptr(GError) error = NULL;
  Hint hint = { FALSE };
  Hint stale = { FALSE };

  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  catur_game_hint_async (game, NULL, hint_cb, &hint);
  g_assert_true (wait_for (game, hint_done, &hint));
  g_assert_no_error (hint.error);
  g_assert_true (hint.ok);
  g_assert_true (catur_variant_is_legal (xiangqi (), catur_game_get_position (game), &hint.move));
  g_assert_true (wait_for (game, searches_ended, NULL));

  /* A move made meanwhile makes the hint worthless: it is cancelled. */
  catur_game_hint_async (game, NULL, hint_cb, &stale);
  g_assert_true (catur_game_play (game, &hint.move, &error));
  g_assert_true (wait_for (game, hint_done, &stale));
  g_assert_false (stale.ok);
  g_assert_error (stale.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&stale.error);
  g_assert_true (wait_for (game, searches_ended, NULL));
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    data)
{
  (*(guint *) data)++;
}

/* With the game flow of two players: against the computer take-backs are free, the person's
 * take-back is undo_turn's, a resignation stays, and a rematch does not swap sides. */
static void
test_game_flow (void)
{
  g_autoptr(CaturGame) game = catur_game_new (xiangqi (), NULL);
  g_autoptr(CaturGame) rematch = NULL;
  g_autoptr(GError) error = NULL;
  guint policy_notified = 0;

  g_signal_connect (game, "notify::undo-policy", G_CALLBACK (count_notify), &policy_notified);
  g_assert_cmpint (catur_game_get_undo_policy (game), ==, CATUR_UNDO_POLICY_ASK);
  catur_game_set_computer (game, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  g_assert_cmpint (catur_game_get_undo_policy (game), ==, CATUR_UNDO_POLICY_FREE);
  g_assert_cmpuint (policy_notified, ==, 1);
  /* The two players' choice is kept for when they play again. */
  catur_game_set_undo_policy (game, CATUR_UNDO_POLICY_ASK);
  g_assert_cmpint (catur_game_get_undo_policy (game), ==, CATUR_UNDO_POLICY_FREE);

  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (2)));
  g_assert_cmpuint (catur_game_get_undo_turn_plies (game), ==, 2);
  g_assert_cmpuint (catur_game_get_take_back_plies (game, CATUR_SIDE_FIRST), ==,
                    catur_game_get_undo_turn_plies (game));

  /* Looking back does not stop the computer, nor move the view when it plays. */
  play_any_move (game);
  catur_game_set_view_ply (game, 1);
  g_assert_true (wait_for (game, has_plies, GUINT_TO_POINTER (4)));
  g_assert_true (catur_game_is_reviewing (game));
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 1);

  catur_game_resign (game, CATUR_SIDE_FIRST);
  g_assert_cmpuint (catur_game_get_undo_turn_plies (game), ==, 0);
  g_assert_false (catur_game_undo_turn (game));
  g_assert_false (catur_game_get_thinking (game));

  catur_game_set_bottom_side (game, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_game_get_rematch_bottom_side (game, TRUE), ==, CATUR_SIDE_FIRST);
  rematch = catur_game_new_rematch (game, NULL, TRUE);
  g_assert_cmpint (catur_game_get_bottom_side (rematch), ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_game_get_computer_side (rematch), ==, CATUR_SIDE_NONE);
  g_assert_cmpint (catur_game_get_undo_policy (rematch), ==, CATUR_UNDO_POLICY_ASK);

  catur_game_set_computer (game, CATUR_SIDE_NONE, CATUR_LEVEL_BEGINNER, 0);
  g_assert_cmpint (catur_game_get_undo_policy (game), ==, CATUR_UNDO_POLICY_ASK);
  g_assert_cmpuint (policy_notified, ==, 2);
  g_assert_cmpint (catur_game_get_rematch_bottom_side (game, TRUE), ==, CATUR_SIDE_SECOND);
  g_assert_true (wait_for (game, searches_ended, NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/libcatur/search/level-table", test_level_table);
  g_test_add_func ("/libcatur/search/clock", test_clock);
  g_test_add_func ("/libcatur/search/tt", test_tt);
  g_test_add_func ("/libcatur/search/driver-best-move", test_driver_best_move);
  g_test_add_func ("/libcatur/search/driver-margin", test_driver_margin);
  g_test_add_func ("/libcatur/search/driver-node-limit", test_driver_node_limit);
  g_test_add_func ("/libcatur/search/driver-game-tuning", test_driver_game_tuning);
  g_test_add_func ("/libcatur/search/driver-cancelled", test_driver_cancelled);
  g_test_add_func ("/libcatur/search/driver-no-moves", test_driver_no_moves);
  g_test_add_func ("/libcatur/search/driver-many-root-moves", test_driver_many_root_moves);
  g_test_add_func ("/libcatur/variant/think-not-supported", test_think_not_supported);
  g_test_add_func ("/libcatur/variant/engine-dialect", test_engine_dialect);
  g_test_add_func ("/libcatur/variant/think", test_think_through_variant);
  g_test_add_func ("/libcatur/computer/replies-at-each-level",
                   test_computer_replies_at_each_level);
  g_test_add_func ("/libcatur/computer/plays-first", test_computer_plays_first);
  g_test_add_func ("/libcatur/computer/knows-the-game", test_computer_knows_the_game);
  g_test_add_func ("/libcatur/computer/main-loop-runs", test_main_loop_runs_while_thinking);
  g_test_add_func ("/libcatur/computer/undo-cancels", test_undo_cancels_thinking);
  g_test_add_func ("/libcatur/computer/undo-turn", test_undo_turn_two_plies);
  g_test_add_func ("/libcatur/computer/table-kept", test_table_kept);
  g_test_add_func ("/libcatur/computer/switch-off-and-drop", test_switch_off_and_drop);
  g_test_add_func ("/libcatur/computer/hint", test_hint);
  g_test_add_func ("/libcatur/computer/game-flow", test_game_flow);

  return g_test_run ();
}
