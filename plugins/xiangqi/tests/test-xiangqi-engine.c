/* test-xiangqi-engine.c: the computer player: mates, repetitions, levels, legality, cancelling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The mate positions come from the engine's own games and were confirmed by Fairy-Stockfish
 * ("score mate N" at depth 14). No test measures time: limits are depths and nodes, and a
 * cancelled search is shown to stop by being one that would otherwise never end.
 */

#include "xiangqi-engine.h"
#include "xiangqi-repetition.h"

/* A position from a FEN and ICCS moves; @history (may be NULL) gets the game's record of
 * positions, as CaturGame keeps it. */
static XqPosition *
load_game (const char       *fen,
           const char       *moves,
           CaturRepetition **history)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRepetition) record = NULL;
  XqPosition *pos = g_new0 (XqPosition, 1);

  if (!xq_position_from_fen (pos, fen, &error))
    g_error ("%s: %s", fen, error->message);
  record = xq_repetition_new (pos);
  if (moves != NULL)
    {
      g_auto(GStrv) words = g_strsplit (moves, " ", -1);

      for (guint i = 0; words[i] != NULL; i++)
        {
          XqMove move;

          g_assert_true (xq_move_from_iccs (words[i], &move));
          g_assert_true (xq_is_legal (pos, move));
          xq_play (pos, move);
          xq_repetition_push (record, pos);
        }
    }
  if (history != NULL)
    *history = g_steal_pointer (&record);
  return pos;
}

static XqPosition *
load (const char *fen,
      const char *moves)
{
  return load_game (fen, moves, NULL);
}

/* A search of @pos, which @history (may be NULL) says how the game reached. */
static CaturSearchResult *
think_in_game (XqPosition            *pos,
               const CaturRepetition *history,
               CaturLevel             level,
               guint                  depth,
               guint64                nodes,
               guint64                seed)
{
  CaturSearchResult *result = g_new0 (CaturSearchResult, 1);
  CaturSearchLimits limits;

  catur_search_limits_init (&limits, level);
  limits.depth = depth;
  limits.nodes = nodes;
  limits.seed = seed;
  limits.hash_mb = 4;
  limits.history = history;
  g_assert_true (xq_engine_think (pos, &limits, NULL, NULL, NULL, result));
  return result;
}

static CaturSearchResult *
think (XqPosition  *pos,
       CaturLevel   level,
       guint        depth,
       guint64      nodes,
       guint64      seed)
{
  return think_in_game (pos, NULL, level, depth, nodes, seed);
}

static XqMove
result_move (const CaturSearchResult *result)
{
  XqMove move = { result->move.from, result->move.to };

  g_assert_true (result->has_move);
  g_assert_cmpuint (result->move.piece, ==, 0);
  g_assert_cmpuint (result->move.flags, ==, 0);
  return move;
}

/* Whether @move forces mate in at most @n moves of the mover, by brute force over every
 * defence: the side to move with no legal move loses (X13). Repetitions play no part in
 * lines this short. */
static gboolean
forces_mate (XqPosition *pos,
             XqMove      move,
             int         n)
{
  XqMove replies[XQ_MAX_MOVES];
  gboolean forced = TRUE;
  XqUndo undo;
  int n_replies;

  xq_make (pos, move, &undo);
  n_replies = xq_legal_moves (pos, replies);
  if (n_replies > 0 && n == 1)
    forced = FALSE;
  for (int r = 0; forced && n > 1 && r < n_replies; r++)
    {
      XqMove answers[XQ_MAX_MOVES];
      XqUndo reply_undo;
      gboolean answered = FALSE;
      int n_answers;

      xq_make (pos, replies[r], &reply_undo);
      n_answers = xq_legal_moves (pos, answers);
      for (int a = 0; !answered && a < n_answers; a++)
        answered = forces_mate (pos, answers[a], n - 1);
      xq_unmake (pos, replies[r], &reply_undo);
      forced = answered;
    }
  xq_unmake (pos, move, &undo);
  return forced;
}

/* The search's move mates in @n whatever the defence: any such move is right, not one fixed
 * move, since a position may allow several. */
static void
assert_forces_mate (XqPosition              *pos,
                    const CaturSearchResult *result,
                    int                      n)
{
  g_assert_cmpint (result->mate, ==, n);
  g_assert_true (forces_mate (pos, result_move (result), n));
  /* And not in fewer: the score says the shortest. */
  if (n > 1)
    g_assert_false (forces_mate (pos, result_move (result), n - 1));
}

static void
assert_move (const CaturSearchResult *result,
             const char              *iccs)
{
  char text[8];

  xq_move_to_iccs (result_move (result), text);
  g_assert_cmpstr (text, ==, iccs);
}

static void
test_mate_in_one (void)
{
  g_autofree XqPosition *pos = load ("3akab2/9/4b4/9/9/9/9/5p3/4r4/2B2KB2 b - - 5 61", NULL);
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_MASTER, 4, 0, 0);
  XqStatus status;

  g_assert_cmpint (result->mate, ==, 1);
  g_assert_cmpuint (result->pv_length, >=, 1);
  xq_play (pos, result_move (result));
  xq_status (pos, &status);
  g_assert_cmpint (status.result, ==, XQ_WIN_NO_MOVES);
  g_assert_cmpint (status.winner, ==, XQ_BLACK);
}

static void
test_mate_in_two (void)
{
  g_autofree XqPosition *pos = load ("3akab2/9/4b4/9/9/9/9/4B1p2/4r4/2B2K3 b - - 3 60", NULL);
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_MASTER, 6, 0, 0);

  assert_forces_mate (pos, result, 2);
  g_assert_cmpuint (result->pv_length, ==, 3);
  /* The check itself tells: a quiet advisor move mates in nothing. */
  g_assert_false (forces_mate (pos, (XqMove) { 9 * XQ_FILES + 3, 8 * XQ_FILES + 4 }, 2));
}

static void
test_mate_in_three (void)
{
  g_autofree XqPosition *pos = load ("3a1k3/4a4/b8/p3p4/8p/P1r6/9/3A3c1/4A4/4K1p2 b - - 1 44",
                                     NULL);
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_MASTER, 8, 0, 0);

  assert_forces_mate (pos, result, 3);
}

/* The mated side reports its mate as negative. */
static void
test_mated_score (void)
{
  g_autofree XqPosition *pos = load ("3akab2/9/4b4/9/9/9/9/4B1p2/4r4/2B2K3 b - - 3 60", "g2f2");
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_MASTER, 5, 0, 0);

  g_assert_true (result->has_move);
  g_assert_cmpint (result->mate, ==, -1);
}

/* RULES X19: Red, a chariot down, has checked throughout a cycle that already came round once.
 * Checking again on h8 would let Black complete the third occurrence and Red would lose; the
 * engine plays on instead. */
static void
test_avoids_perpetual_check_loss (void)
{
  g_autoptr(CaturRepetition) history = NULL;
  g_autofree XqPosition *pos = load_game ("3k5/7R1/9/9/1n7/r8/9/9/9/4K4 w - - 0 1",
                                          "h8h9 d9d8 h9h8 d8d9 h8h9 d9d8", &history);
  g_autofree CaturSearchResult *result = think_in_game (pos, history, CATUR_LEVEL_MASTER, 7, 0,
                                                        0);
  char text[8];

  xq_move_to_iccs (result_move (result), text);
  g_test_message ("Red plays %s, score %d", text, result->score);
  g_assert_cmpstr (text, !=, "h9h8");
  g_assert_cmpint (result->score, >, -10000);
}

/* Black, a chariot down and in check, steps back to d9: the position comes a third time with
 * Red checking throughout, and Red loses. The engine takes that win. */
static void
test_wins_by_perpetual_check (void)
{
  g_autoptr(CaturRepetition) history = NULL;
  g_autofree XqPosition *pos = load_game ("3k5/7R1/9/9/9/9/9/9/9/R3K4 w - - 0 1",
                                          "h8h9 d9d8 h9h8 d8d9 h8h9 d9d8 h9h8", &history);
  g_autofree CaturSearchResult *result = think_in_game (pos, history, CATUR_LEVEL_MASTER, 6, 0,
                                                        0);
  XqStatus status;

  assert_move (result, "d8d9");
  g_assert_cmpint (result->score, >, 10000);
  xq_play (pos, result_move (result));
  xq_repetition_push (history, pos);
  xq_repetition_status (pos, history, &status);
  g_assert_cmpint (status.result, ==, XQ_WIN_PERPETUAL_CHECK);
  g_assert_cmpint (status.winner, ==, XQ_BLACK);
}

/* A chariot left hanging on e4 is taken at the hint's level. */
static void
test_intermediate_takes_hanging_piece (void)
{
  g_autofree XqPosition *pos = load ("2bakab2/9/9/p3p3p/9/4r4/P1N1P3P/4B4/4A4/2BAK4 w - - 0 1",
                                     NULL);
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_INTERMEDIATE, 0, 0, 1);

  /* The pawn or the horse may take it. */
  g_assert_cmpuint (result_move (result).to, ==, 4 * XQ_FILES + 4);
  g_assert_cmpint (result->score, >, 500);
}

/* Random positions from random games; the side to move always has its general. */
static XqPosition *
random_position (GRand *rand)
{
  XqPosition *pos = g_new0 (XqPosition, 1);
  int plies = g_rand_int_range (rand, 8, 90);

  xq_position_init_start (pos);
  for (int i = 0; i < plies; i++)
    {
      XqMove moves[XQ_MAX_MOVES];
      int n = xq_legal_moves (pos, moves);

      if (n == 0)
        break;
      xq_play (pos, moves[g_rand_int_range (rand, 0, n)]);
    }
  return pos;
}

static void
test_levels_play_legal_moves (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240601);

  for (int round = 0; round < 24; round++)
    {
      g_autofree XqPosition *pos = random_position (rand);
      XqMove moves[XQ_MAX_MOVES];
      int n = xq_legal_moves (pos, moves);

      for (CaturLevel level = CATUR_LEVEL_BEGINNER; level <= CATUR_LEVEL_MASTER; level++)
        {
          g_autofree CaturSearchResult *result = think (pos, level, 0, 4000, round);

          g_assert_cmpint (result->has_move, ==, n > 0);
          if (n > 0)
            g_assert_true (xq_is_legal (pos, result_move (result)));
        }
    }
}

/* The same seed and position give the same move; the beginner's pick varies with the seed. */
static void
test_beginner_seeded_choice (void)
{
  g_autofree XqPosition *pos = load ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
                                     " w - - 0 1", NULL);
  GHashTable *seen = g_hash_table_new (NULL, NULL);
  guint32 first = 0;

  for (guint64 seed = 0; seed < 12; seed++)
    {
      g_autofree CaturSearchResult *a = think (pos, CATUR_LEVEL_BEGINNER, 0, 0, seed);
      g_autofree CaturSearchResult *b = think (pos, CATUR_LEVEL_BEGINNER, 0, 0, seed);

      g_assert_true (catur_move_equal (&a->move, &b->move));
      g_assert_true (xq_is_legal (pos, result_move (a)));
      if (seed == 0)
        first = catur_move_pack (&a->move);
      g_hash_table_add (seen, GUINT_TO_POINTER (catur_move_pack (&a->move)));
    }
  g_assert_cmpuint (g_hash_table_size (seen), >, 1);
  g_assert_true (g_hash_table_contains (seen, GUINT_TO_POINTER (first)));
  g_hash_table_unref (seen);
}

typedef struct
{
  XqPosition *pos;
  GCancellable *cancellable;
  CaturSearchResult result;
  guint infos;
  gboolean done;
} Background;

static void
background_info_cb (const CaturSearchInfo *info,
                    gpointer               user_data)
{
  Background *job = user_data;

  g_atomic_int_inc (&job->infos);
}

static gpointer
background_think (gpointer data)
{
  Background *job = data;
  CaturSearchLimits limits;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.infinite = TRUE;
  limits.hash_mb = 4;
  xq_engine_think (job->pos, &limits, background_info_cb, job, job->cancellable, &job->result);
  g_atomic_int_set (&job->done, TRUE);
  return NULL;
}

/* An infinite search ends only when cancelled, and still answers with a legal move. */
static void
test_cancel_stops_search (void)
{
  g_autofree XqPosition *pos = load ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
                                     " w - - 0 1", NULL);
  Background job = { pos, g_cancellable_new (), { 0 }, 0, FALSE };
  GThread *thread = g_thread_new ("think", background_think, &job);

  /* Let it finish a first iteration or two. */
  while (g_atomic_int_get (&job.infos) < 2)
    g_usleep (1000);
  g_assert_false (g_atomic_int_get (&job.done));
  g_cancellable_cancel (job.cancellable);
  g_thread_join (thread);

  g_assert_true (job.done);
  g_assert_true (xq_is_legal (pos, result_move (&job.result)));
  g_assert_cmpuint (job.result.depth, >=, 2);
  g_object_unref (job.cancellable);
}

/* Cancelled before it starts: still a legal move. */
static void
test_cancelled_before_start (void)
{
  g_autofree XqPosition *pos = load ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
                                     " w - - 0 1", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CaturSearchResult result;
  CaturSearchLimits limits;

  g_cancellable_cancel (cancellable);
  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.infinite = TRUE;
  limits.hash_mb = 1;
  g_assert_true (xq_engine_think (pos, &limits, NULL, NULL, cancellable, &result));
  g_assert_true (xq_is_legal (pos, result_move (&result)));
}

static int
see (const char *fen,
     const char *iccs)
{
  g_autofree XqPosition *pos = load (fen, NULL);
  XqMove move;

  g_assert_true (xq_move_from_iccs (iccs, &move));
  return xq_engine_see (pos, move);
}

/* The static exchange of the chariot that takes the horse on b5: the black cannon on b9 takes
 * back only over its screen on b7, and the red cannon on b0 only over the horse on b1, once
 * the chariot has left the file between. */
static void
test_see_cannon_screens (void)
{
  const int horse = xq_piece_value[XQ_HORSE], chariot = xq_piece_value[XQ_CHARIOT];
  const int cannon = xq_piece_value[XQ_CANNON];

  /* No screen for the black cannon: the horse is free. */
  g_assert_cmpint (see ("1c1k5/9/9/9/1n7/9/1R7/9/1N7/1C2K4 w - - 0 1", "b3b5"), ==, horse);
  /* Screened, and the red cannon has none: the chariot is lost for the horse. */
  g_assert_cmpint (see ("1c1k5/9/1n7/9/1n7/9/1R7/9/9/1C2K4 w - - 0 1", "b3b5"), ==,
                   horse - chariot);
  /* Both screened: the red cannon takes the black one back. */
  g_assert_cmpint (see ("1c1k5/9/1n7/9/1n7/9/1R7/9/1N7/1C2K4 w - - 0 1", "b3b5"), ==,
                   horse - chariot + cannon);
}

/* No legal move: no move, and a mated score. */
static void
test_no_moves (void)
{
  g_autofree XqPosition *pos = load ("3k5/9/3P5/9/9/9/9/9/9/4K4 b - - 0 1", NULL);
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_MASTER, 3, 0, 0);

  g_assert_false (result->has_move);
  g_assert_cmpint (result->score, <=, -CATUR_SCORE_MATE_BOUND);
}

/* The evaluation sees a position and its mirror (colours and sides swapped) alike. */
static void
test_eval_symmetric (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (int round = 0; round < 40; round++)
    {
      g_autofree XqPosition *pos = random_position (rand);
      g_autofree XqPosition *mirror = g_new0 (XqPosition, 1);
      XqEvalState state, mirror_state;

      xq_position_clear (mirror);
      for (int sq = 0; sq < XQ_SQUARES; sq++)
        {
          int side, kind = xq_piece_at (pos, sq, &side);
          int rank = sq / XQ_FILES, file = sq % XQ_FILES;

          if (kind != XQ_NONE)
            xq_put_piece (mirror, (9 - rank) * XQ_FILES + (8 - file), kind, side ^ 1);
        }
      mirror->side = pos->side ^ 1;
      mirror->key = xq_position_compute_key (mirror);

      xq_eval_state_compute (pos, &state);
      xq_eval_state_compute (mirror, &mirror_state);
      g_assert_cmpint (xq_evaluate (pos, &state), ==, xq_evaluate (mirror, &mirror_state));
    }
}

/* The state kept move by move equals the state computed afresh. */
static void
test_eval_incremental (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autofree XqPosition *pos = g_new0 (XqPosition, 1);
  XqEvalState state, fresh;

  xq_position_init_start (pos);
  xq_eval_state_compute (pos, &state);
  for (int i = 0; i < 200; i++)
    {
      XqMove moves[XQ_MAX_MOVES];
      int n = xq_legal_moves (pos, moves);
      XqMove move;
      XqUndo undo;

      if (n == 0)
        break;
      move = moves[g_rand_int_range (rand, 0, n)];
      xq_eval_state_move (&state, pos, move);
      xq_make (pos, move, &undo);
      xq_eval_state_compute (pos, &fresh);
      g_assert_cmpmem (&state, sizeof state, &fresh, sizeof fresh);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xiangqi/engine/mate-in-one", test_mate_in_one);
  g_test_add_func ("/xiangqi/engine/mate-in-two", test_mate_in_two);
  g_test_add_func ("/xiangqi/engine/mate-in-three", test_mate_in_three);
  g_test_add_func ("/xiangqi/engine/mated-score", test_mated_score);
  g_test_add_func ("/xiangqi/engine/avoids-perpetual-check-loss",
                   test_avoids_perpetual_check_loss);
  g_test_add_func ("/xiangqi/engine/wins-by-perpetual-check", test_wins_by_perpetual_check);
  g_test_add_func ("/xiangqi/engine/intermediate-takes-hanging-piece",
                   test_intermediate_takes_hanging_piece);
  g_test_add_func ("/xiangqi/engine/levels-play-legal-moves", test_levels_play_legal_moves);
  g_test_add_func ("/xiangqi/engine/beginner-seeded-choice", test_beginner_seeded_choice);
  g_test_add_func ("/xiangqi/engine/cancel-stops-search", test_cancel_stops_search);
  g_test_add_func ("/xiangqi/engine/cancelled-before-start", test_cancelled_before_start);
  g_test_add_func ("/xiangqi/engine/no-moves", test_no_moves);
  g_test_add_func ("/xiangqi/engine/see-cannon-screens", test_see_cannon_screens);
  g_test_add_func ("/xiangqi/eval/symmetric", test_eval_symmetric);
  g_test_add_func ("/xiangqi/eval/incremental", test_eval_incremental);

  return g_test_run ();
}
