/* test-shogi-computer.c: the computer player: tsume, uchifuzume, sennichite, levels, legality,
 * cancelling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tsume were found by a brute-force search over random king-in-the-corner positions: each
 * has a mate in exactly that many plies and none shorter. The tests prove the engine's answer
 * by brute force too, against every defence the rules core lists. No test measures time:
 * limits are depths and nodes, and a cancelled search is shown to stop by being one that
 * would otherwise never end.
 */

#include "shogi-engine.h"
#include "shogi-repetition.h"

/* A position from an SFEN and USI moves; @history (may be NULL) gets the game's record of
 * positions, as CaturGame keeps it. */
static SgPosition *
load_game (const char       *sfen,
           const char       *moves,
           CaturRepetition **history)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRepetition) record = NULL;
  SgPosition *pos = g_new0 (SgPosition, 1);

  if (!sg_position_from_sfen (pos, sfen, &error))
    g_error ("%s: %s", sfen, error->message);
  record = sg_repetition_new (pos);
  if (moves != NULL)
    {
      g_auto(GStrv) words = g_strsplit (moves, " ", -1);

      for (guint i = 0; words[i] != NULL; i++)
        {
          SgMove move;

          g_assert_true (sg_move_from_usi (words[i], &move));
          g_assert_true (sg_is_legal (pos, move));
          sg_play (pos, move);
          sg_repetition_push (record, pos);
        }
    }
  if (history != NULL)
    *history = g_steal_pointer (&record);
  return pos;
}

static SgPosition *
load (const char *sfen)
{
  return load_game (sfen, NULL, NULL);
}

static CaturSearchResult *
think_in_game (SgPosition            *pos,
               const CaturRepetition *history,
               CaturLevel             level,
               guint                  depth,
               guint64                nodes,
               guint64                seed)
{
  CaturSearchResult *result = g_new0 (CaturSearchResult, 1);
  CaturSearchLimits limits;
  SgPosition copy = *pos;

  catur_search_limits_init (&limits, level);
  limits.depth = depth;
  limits.nodes = nodes;
  limits.seed = seed;
  limits.hash_mb = 4;
  limits.history = history;
  g_assert_true (sg_engine_think (&copy, &limits, NULL, NULL, NULL, result));
  return result;
}

static CaturSearchResult *
think (SgPosition *pos,
       CaturLevel  level,
       guint       depth,
       guint64     nodes,
       guint64     seed)
{
  return think_in_game (pos, NULL, level, depth, nodes, seed);
}

static SgMove
result_move (const CaturSearchResult *result)
{
  g_assert_true (result->has_move);
  return sg_engine_code_move (catur_move_pack (&result->move));
}

/* Whether the side to move, having just been given its move, loses within @plies by force:
 * every legal move it has (none: it has lost, S9) leads to a position where the attacker
 * mates within the plies left. */
static gboolean attacker_mates (SgPosition *pos, int plies);

static gboolean
defender_lost (SgPosition *pos,
               int         plies)
{
  SgMove moves[SG_MAX_MOVES];
  int n = sg_legal_moves (pos, moves);

  if (n == 0)
    return TRUE;
  if (plies < 2)
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      SgUndo undo;
      gboolean lost;

      sg_make (pos, moves[i], &undo);
      lost = attacker_mates (pos, plies - 1);
      sg_unmake (pos, moves[i], &undo);
      if (!lost)
        return FALSE;
    }
  return TRUE;
}

static gboolean
attacker_mates (SgPosition *pos,
                int         plies)
{
  SgMove moves[SG_MAX_MOVES];
  int n = sg_legal_moves (pos, moves);

  for (int i = 0; i < n; i++)
    {
      SgUndo undo;
      gboolean mates;

      sg_make (pos, moves[i], &undo);
      mates = defender_lost (pos, plies - 1);
      sg_unmake (pos, moves[i], &undo);
      if (mates)
        return TRUE;
    }
  return FALSE;
}

/* The engine's move at a fixed depth mates in @plies against every defence, and it says so. */
static void
assert_tsume (const char *sfen,
              int         plies,
              guint       depth)
{
  g_autofree SgPosition *pos = load (sfen);
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_MASTER, depth, 0, 0);
  SgMove move = result_move (result);
  char text[8];
  SgUndo undo;

  sg_move_to_usi (move, text);
  g_test_message ("%s: %s, score %d", sfen, text, result->score);
  g_assert_true (sg_is_legal (pos, move));
  g_assert_cmpint (result->score, ==, CATUR_SCORE_MATE - plies);
  g_assert_cmpint (result->mate, ==, (plies + 1) / 2);

  sg_make (pos, move, &undo);
  g_assert_true (defender_lost (pos, plies - 1));
  sg_unmake (pos, move, &undo);
  /* And it is the shortest: no mate comes sooner. */
  if (plies > 1)
    g_assert_false (attacker_mates (pos, plies - 2));
}

/* Mates in one ply, most of them by a drop. */
static void
test_tsume_1 (void)
{
  static const char * const tsume[] = {
    "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
    "3+R2n2/1k1g5/1p7/9/1N7/9/9/9/K8 b SP 1",
    "4p1k2/9/5Ssn1/9/9/9/9/9/K8 b GS 1",
    "9/k2gl4/9/1L7/9/9/9/9/K8 b RGL 1",
    "2+R3n2/k5p2/9/2S6/9/9/9/9/K8 b BL 1",
    "1k2s4/9/1G7/9/+P8/9/9/9/K8 b S 1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (tsume); i++)
    assert_tsume (tsume[i], 1, 3);
}

/* Mates in three plies, with drops, board moves and a promotion among the first moves. */
static void
test_tsume_3 (void)
{
  static const char * const tsume[] = {
    "1k7/pl7/9/9/9/9/9/9/K8 b BGS 1",
    "p5lk1/2+R6/4g4/9/9/9/9/9/K8 b NLP 1",
    "7k1/9/4g4/8+R/9/9/9/9/K8 b R2G 1",
    "1l6k/9/6s2/6+B2/S8/9/9/9/K8 b RB 1",
    "9/2n5k/9/6N2/9/9/9/9/K8 b RBG 1",
    "9/1k1n1lg2/5p3/1+P7/N8/9/9/9/K8 b RL 1",
    "7k1/1sn4n1/2L4+R1/9/9/9/9/9/K8 b GLP 1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (tsume); i++)
    assert_tsume (tsume[i], 3, 5);
}

/* The side to move has lost: no move, and a mated score. */
static void
test_no_moves (void)
{
  g_autofree SgPosition *pos = load ("8k/7G1/7P1/9/9/9/9/9/K8 w - 1");
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_MASTER, 3, 0, 0);

  g_assert_false (result->has_move);
  g_assert_cmpint (result->score, <=, -CATUR_SCORE_MATE_BOUND);
}

/* P*1b would mate (the gold on 3b covers 2a and 2b, the knight on 2d guards the pawn): a pawn
 * drop that mates is illegal (S7c), and no level plays it or counts on it. A mate it does count
 * on is a real one, proved by brute force over the legal moves, in which that drop does not
 * occur (P*2b and G-2a mates: Fairy-Stockfish finds it too). */
static void
test_no_uchifuzume (void)
{
  g_autofree SgPosition *pos = load ("8k/6G2/p8/7N1/9/9/9/9/K8 b P 1");
  SgMove drop = { SG_DROP_FROM, sg_square_from_name ("1b"), SG_PAWN, FALSE };
  SgUndo undo;

  /* The drop would mate indeed, were it legal. */
  sg_make (pos, drop, &undo);
  g_assert_true (sg_in_check (pos, SG_GOTE));
  g_assert_false (sg_has_legal_move (pos));
  sg_unmake (pos, drop, &undo);

  for (int level = 0; level < CATUR_N_LEVELS; level++)
    for (guint64 seed = 0; seed < 4; seed++)
      {
        g_autofree CaturSearchResult *result = think (pos, level, 4, 0, seed);
        SgMove move = result_move (result);

        g_assert_false (sg_move_equal (move, drop));
        g_assert_true (sg_is_legal (pos, move));
        /* A level that plays with blinkers on may believe in a mate the defender escapes by a
         * capture it did not see; the honest levels' mates are real. */
        if (result->score >= CATUR_SCORE_MATE_BOUND
            && catur_level_get_spec (level)->blunder_permille == 0)
          {
            SgUndo played;
            int plies = CATUR_SCORE_MATE - result->score;

            sg_make (pos, move, &played);
            g_assert_true (defender_lost (pos, plies - 1));
            sg_unmake (pos, move, &played);
          }
      }
}

/* The defender may be mated by a pawn drop only when the drop does not mate at once: here the
 * engine, on defence, counts on the attacker never having P*1b. Gote to move has nothing
 * better than waiting; if the search took the drop for legal it would see itself mated in 2.
 * It is lost all the same, to P*2b and G-2a (in 4, as Fairy-Stockfish says): a mate the search
 * sees must be one, proved by brute force. */
static void
test_defender_counts_on_uchifuzume (void)
{
  g_autofree SgPosition *pos = load ("8k/6G2/p8/7N1/9/9/9/9/K8 w P 1");
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_MASTER, 4, 0, 0);

  g_assert_true (sg_is_legal (pos, result_move (result)));
  if (result->score <= -CATUR_SCORE_MATE_BOUND)
    g_assert_true (defender_lost (pos, CATUR_SCORE_MATE + result->score));
}

/* Sente, a rook and a bishop down, has shuffled its king with Gote's twice round: stepping to
 * 5h again repeats the cycle, which the search judges a draw (S10, no side checking), far
 * better than the game it would lose. Without the record the same position is lost. */
static void
test_sennichite_draw (void)
{
  const char *start = "r3k3b/9/9/9/9/9/9/9/4K4 b - 1";
  const char *cycle = "5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a";
  g_autoptr(CaturRepetition) history = NULL;
  g_autofree SgPosition *pos = load_game (start, cycle, &history);
  g_autofree CaturSearchResult *result = think_in_game (pos, history, CATUR_LEVEL_MASTER, 5, 0,
                                                        0);
  g_autofree CaturSearchResult *alone = think (pos, CATUR_LEVEL_MASTER, 5, 0, 0);
  char text[8];

  sg_move_to_usi (result_move (result), text);
  g_test_message ("with the record: %s, score %d; alone: score %d", text, result->score,
                  alone->score);
  g_assert_cmpstr (text, ==, "5i5h");
  g_assert_cmpint (result->score, ==, 0);
  g_assert_cmpint (alone->score, <, -1000);
}

/* Sente, far behind, has checked with every move of a cycle that came round three times: one
 * more check from 2b would make the fourth occurrence, and the one who checks throughout loses
 * (S10). The engine plays something else. */
static void
test_avoids_perpetual_check_loss (void)
{
  const char *start = "3k5/7R1/9/9/9/9/P5r2/1G7/K8 b b2g 1";
  g_autoptr(CaturRepetition) history = NULL;
  g_autofree SgPosition *pos = NULL;
  g_autofree CaturSearchResult *result = NULL;
  char text[8];

  pos = load_game (start,
                   "2b2a 6a6b 2a2b 6b6a 2b2a 6a6b 2a2b 6b6a 2b2a 6a6b 2a2b 6b6a 2b2a 6a6b",
                   &history);
  result = think_in_game (pos, history, CATUR_LEVEL_MASTER, 5, 0, 0);
  sg_move_to_usi (result_move (result), text);
  g_test_message ("Sente plays %s, score %d", text, result->score);
  g_assert_cmpstr (text, !=, "2a2b");
  g_assert_cmpint (result->score, >, -CATUR_SCORE_MATE_BOUND);
}

/* Plays a game between two levels from a random opening, checking every move of the engine
 * against the core's legal moves: never illegal, never uchifuzume. */
static void
play_checked_game (CaturLevel first,
                   CaturLevel second,
                   guint64    seed,
                   int        plies,
                   GRand     *rand)
{
  g_autofree SgPosition *pos = g_new0 (SgPosition, 1);
  g_autoptr(CaturRepetition) history = NULL;

  sg_position_init_start (pos);
  history = sg_repetition_new (pos);
  for (int ply = 0; ply < plies; ply++)
    {
      SgMove moves[SG_MAX_MOVES];
      int n = sg_legal_moves (pos, moves);
      SgGameStatus status;
      SgMove move;
      gboolean found = FALSE;

      sg_repetition_status (pos, history, &status);
      if (status.end != SG_END_NONE)
        break;
      g_assert_cmpint (n, >, 0);
      if (ply < 6)
        move = moves[g_rand_int_range (rand, 0, n)];
      else
        {
          g_autofree CaturSearchResult *result =
            think_in_game (pos, history, ply % 2 ? second : first, 0, 3000, seed + ply);

          move = result_move (result);
        }
      for (int i = 0; i < n && !found; i++)
        found = sg_move_equal (moves[i], move);
      g_assert_true (found);
      sg_play (pos, move);
      sg_repetition_push (history, pos);
    }
}

static void
test_levels_play_legal_moves (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (12);

  for (int level = 0; level < CATUR_N_LEVELS; level++)
    for (guint64 game = 0; game < 2; game++)
      play_checked_game (level, (level + 1) % CATUR_N_LEVELS, 100 * level + game, 80, rand);
}

/* Positions from many games, with pieces in hand: each level's move is legal in each. */
static void
test_levels_legal_in_positions (void)
{
  static const char * const positions[] = {
    "l1r5l/2gkgb3/npnss4/p1ppppppp/1P7/P1PPPPP1P/2NSS2R1/1B1K5/L2GG3L b NP 51",
    "7r1/2gk1b3/Ppnssg1P1/2ppppp1l/1P5p1/2PPPPPlP/1nNSS3R/+l2K5/2BGG3L b N2p 71",
    "4r4/+P1gk3+P1/1pnssg1+L1/2ppppp2/1P7/2PPPPPp+r/2NSS4/+l2K1B3/2G1G2+l1 b 2NPbl2p 91",
    "2k5+P/5gS+P1/2n1sN1+L1/2ppppp2/1P7/2PPPP3/2NSSl+r2/+R2K5/2G4+l+p b L2P2b2gn3p 131",
    "4r3+P/+PLgk3+P1/1pnssg1+L1/N1ppppp2/1P7/2PPPPP1+r/2NSS2+p1/+l2K1G3/2G4+l1 b N2b2p 101",
    "4r3+P/2k4+P1/1pn1sg1+L1/N1ppppp2/1P7/2PPPP+r2/2NSS2+p1/+l2K1G3/2G4+l+p b GSN2bl3p 111",
  };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    for (int level = 0; level < CATUR_N_LEVELS; level++)
      {
        g_autofree SgPosition *pos = load (positions[i]);
        g_autofree CaturSearchResult *result = think (pos, level, 0, 20000, i);

        g_assert_true (sg_is_legal (pos, result_move (result)));
      }
}

typedef struct
{
  SgPosition *pos;
  GCancellable *cancellable;
  CaturSearchResult result;
  gint infos;
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
  SgPosition copy = *job->pos;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.infinite = TRUE;
  limits.hash_mb = 4;
  sg_engine_think (&copy, &limits, background_info_cb, job, job->cancellable, &job->result);
  g_atomic_int_set (&job->done, TRUE);
  return NULL;
}

/* An infinite search ends only when cancelled, and still answers with a legal move. */
static void
test_cancel_stops_search (void)
{
  g_autofree SgPosition *pos = load ("l1r5l/2gkgb3/npnss4/p1ppppppp/1P7/P1PPPPP1P/2NSS2R1/"
                                     "1B1K5/L2GG3L b NP 51");
  Background job = { pos, g_cancellable_new (), { 0 }, 0, FALSE };
  GThread *thread = g_thread_new ("think", background_think, &job);

  /* Let it finish a first iteration or two. */
  while (g_atomic_int_get (&job.infos) < 2)
    g_usleep (1000);
  g_assert_false (g_atomic_int_get (&job.done));
  g_cancellable_cancel (job.cancellable);
  g_thread_join (thread);

  g_assert_true (job.done);
  g_assert_true (sg_is_legal (pos, result_move (&job.result)));
  g_assert_cmpuint (job.result.depth, >=, 2);
  g_object_unref (job.cancellable);
}

/* Cancelled before it starts: still a legal move. */
static void
test_cancelled_before_start (void)
{
  g_autofree SgPosition *pos = load ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
                                     " b - 1");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CaturSearchResult result;
  CaturSearchLimits limits;

  g_cancellable_cancel (cancellable);
  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.infinite = TRUE;
  limits.hash_mb = 1;
  g_assert_true (sg_engine_think (pos, &limits, NULL, NULL, cancellable, &result));
  g_assert_true (sg_is_legal (pos, result_move (&result)));
}

/* A rook left hanging is taken at the hint's level. */
static void
test_intermediate_takes_hanging_rook (void)
{
  g_autofree SgPosition *pos = load ("4k4/9/9/9/9/4r4/4P4/9/4K4 b - 1");
  g_autofree CaturSearchResult *result = think (pos, CATUR_LEVEL_INTERMEDIATE, 0, 0, 1);
  char text[8];

  sg_move_to_usi (result_move (result), text);
  g_assert_cmpstr (text, ==, "5g5f");
}

/* Sente's king in Gote's camp with ten pieces there and 29 points: the engine declares the
 * impasse (S12) when the 27-point rule makes that a win, not when the 24-point rule makes it
 * only a draw, nor when the game has no declaration. */
static void
test_declares_winning_impasse (void)
{
  static const struct
  {
    SgImpasseRule rule;
    gboolean declares;
  } cases[] = {
    { SG_IMPASSE_27, TRUE },
    { SG_IMPASSE_24, FALSE },
    { SG_IMPASSE_OFF, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree SgPosition *pos = load ("+R+BGGSS+N+N+L/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b 3P 1");
      g_autofree CaturSearchResult *result = NULL;

      pos->rules.impasse = cases[i].rule;
      result = think (pos, CATUR_LEVEL_MASTER, 3, 0, 1);
      g_assert_true (result->has_move);
      g_assert_cmpint ((result->move.flags & CATUR_MOVE_DECLARE) != 0, ==, cases[i].declares);
      g_assert_cmpint (result->declares_win, ==, cases[i].declares);
      if (!cases[i].declares)
        g_assert_true (sg_is_legal (pos, result_move (result)));
    }
}

/* The evaluation sees a position and its mirror (sides swapped, the board turned round) alike. */
static void
test_eval_symmetric (void)
{
  static const char * const positions[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "7r1/2gk1b3/Ppnssg1P1/2ppppp1l/1P5p1/2PPPPPlP/1nNSS3R/+l2K5/2BGG3L b N2p 71",
    "4r4/+P1gk3+P1/1pnssg1+L1/2ppppp2/1P7/2PPPPPp+r/2NSS4/+l2K1B3/2G1G2+l1 b 2NPbl2p 91",
  };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autofree SgPosition *pos = load (positions[i]);
      SgPosition mirror;

      sg_position_clear (&mirror);
      for (int sq = 0; sq < SG_SQUARES; sq++)
        {
          int side, kind = sg_piece_at (pos, sq, &side);

          if (kind != SG_NONE)
            sg_put_piece (&mirror, SG_SQUARES - 1 - sq, kind, side ^ 1);
        }
      for (int kind = SG_ROOK; kind <= SG_PAWN; kind++)
        for (int side = 0; side < 2; side++)
          sg_set_hand (&mirror, side ^ 1, kind, pos->hand[side][kind]);
      mirror.side = pos->side ^ 1;
      mirror.key = sg_position_compute_key (&mirror);
      g_assert_cmpint (sg_evaluate (pos), ==, sg_evaluate (&mirror));
    }
}

/* The values fitted to Fairy-Stockfish's scores (shogi-eval.c) keep the pieces in the order
 * of what they can do, on the board and in hand: rook, bishop, gold, silver, then knight and
 * lance, then pawn; a promoted rook or bishop above the piece it was. A tuning run that broke
 * the order would have fitted noise. */
static void
test_eval_piece_order (void)
{
  const int *values[] = { sg_board_value, sg_hand_value };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      const int *v = values[i];

      g_assert_cmpint (v[SG_ROOK], >, v[SG_BISHOP]);
      g_assert_cmpint (v[SG_BISHOP], >, v[SG_GOLD]);
      g_assert_cmpint (v[SG_GOLD], >, v[SG_SILVER]);
      g_assert_cmpint (v[SG_SILVER], >, MAX (v[SG_KNIGHT], v[SG_LANCE]));
      g_assert_cmpint (MIN (v[SG_KNIGHT], v[SG_LANCE]), >, 2 * v[SG_PAWN]);
      g_assert_cmpint (v[SG_PAWN], >, 0);
    }
  g_assert_cmpint (sg_board_value[SG_DRAGON], >, sg_board_value[SG_ROOK]);
  g_assert_cmpint (sg_board_value[SG_HORSE], >, sg_board_value[SG_BISHOP]);
}

/* A piece the enemy attacks and nothing defends counts as partly lost: Sente's rook before a
 * Gote pawn, against the same rook with the pawn a file aside. The rook's open file is worth
 * some 30 in the second position; the loss outweighs it several times. */
static void
test_eval_hanging_piece (void)
{
  g_autofree SgPosition *attacked = load ("8k/9/9/4p4/4R4/9/9/9/K8 b - 1");
  g_autofree SgPosition *safe = load ("8k/9/9/5p3/4R4/9/9/9/K8 b - 1");
  g_autofree SgPosition *defended = load ("7k1/4r4/9/9/4B4/4G4/9/9/K8 b - 1");
  g_autofree SgPosition *gold_away = load ("7k1/4r4/9/9/4B4/9/9/9/KG7 b - 1");

  g_assert_cmpint (sg_evaluate (safe) - sg_evaluate (attacked), >, 120);
  /* Attacked by a rook, a bishop with a gold behind it is safe: it no longer counts as lost. */
  g_assert_cmpint (sg_evaluate (defended) - sg_evaluate (gold_away), >, 120);
}

/* A defended piece attacked by a cheaper one loses the difference in the exchange: Sente's
 * rook, with a gold behind it, before a Gote pawn, against the pawn a file aside. */
static void
test_eval_threatened_piece (void)
{
  g_autofree SgPosition *attacked = load ("8k/9/9/4p4/4R4/4G4/9/9/K8 b - 1");
  g_autofree SgPosition *safe = load ("8k/9/9/5p3/4R4/4G4/9/9/K8 b - 1");

  g_assert_cmpint (sg_evaluate (safe) - sg_evaluate (attacked), >, 120);
}

/* The side to move counts the checks it can drop on the enemy king where nothing takes the
 * piece: a knight in hand checks the bare king on 5a from 4c and from 6c, unless a Gote rook
 * on the third rank holds both squares. Taking each position with either side to move cancels
 * every term but those of the side to move. */
static void
test_eval_drop_checks (void)
{
  static const char * const positions[] = {
    "4k4/9/9/9/9/9/9/9/4K4 b N 1", "4k4/9/9/9/9/9/9/9/4K4 w N 1",
    "4k4/9/r8/9/9/9/9/9/4K4 b N 1", "4k4/9/r8/9/9/9/9/9/4K4 w N 1",
  };
  int sums[2] = { 0, 0 };

  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autofree SgPosition *pos = load (positions[i]);

      sums[i / 2] += sg_evaluate (pos);
    }
  g_assert_cmpint (sums[0] - sums[1], >, 150);
}

static int
see (const char *sfen,
     const char *usi)
{
  g_autofree SgPosition *pos = load (sfen);
  SgMove move;

  g_assert_true (sg_move_from_usi (usi, &move));
  return sg_engine_see (pos, move);
}

/* The static exchange of drops and captures: a gold dropped before an enemy pawn is lost, for
 * a pawn when a pawn of its own guards it; a silver nobody guards is won. */
static void
test_see_drops (void)
{
  g_assert_cmpint (see ("k8/9/9/4p4/9/9/9/9/8K b G 1", "G*5e"), ==,
                   -sg_capture_gain (SG_GOLD));
  g_assert_cmpint (see ("k8/9/9/4p4/9/4P4/9/9/8K b G 1", "G*5e"), ==,
                   sg_capture_gain (SG_PAWN) - sg_capture_gain (SG_GOLD));
  g_assert_cmpint (see ("k8/9/9/9/9/9/9/9/8K b G 1", "G*5e"), ==, 0);
  g_assert_cmpint (see ("k8/9/4s4/9/9/9/9/4R4/8K b - 1", "5h5c"), ==,
                   sg_capture_gain (SG_SILVER));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  sg_init ();
  sg_eval_init ();

  g_test_add_func ("/shogi/engine/tsume-1", test_tsume_1);
  g_test_add_func ("/shogi/engine/tsume-3", test_tsume_3);
  g_test_add_func ("/shogi/engine/no-moves", test_no_moves);
  g_test_add_func ("/shogi/engine/see-drops", test_see_drops);
  g_test_add_func ("/shogi/engine/no-uchifuzume", test_no_uchifuzume);
  g_test_add_func ("/shogi/engine/defender-counts-on-uchifuzume",
                   test_defender_counts_on_uchifuzume);
  g_test_add_func ("/shogi/engine/sennichite-draw", test_sennichite_draw);
  g_test_add_func ("/shogi/engine/avoids-perpetual-check-loss",
                   test_avoids_perpetual_check_loss);
  g_test_add_func ("/shogi/engine/levels-play-legal-moves", test_levels_play_legal_moves);
  g_test_add_func ("/shogi/engine/levels-legal-in-positions", test_levels_legal_in_positions);
  g_test_add_func ("/shogi/engine/cancel-stops-search", test_cancel_stops_search);
  g_test_add_func ("/shogi/engine/cancelled-before-start", test_cancelled_before_start);
  g_test_add_func ("/shogi/engine/intermediate-takes-hanging-rook",
                   test_intermediate_takes_hanging_rook);
  g_test_add_func ("/shogi/engine/declares-winning-impasse", test_declares_winning_impasse);
  g_test_add_func ("/shogi/eval/symmetric", test_eval_symmetric);
  g_test_add_func ("/shogi/eval/piece-order", test_eval_piece_order);
  g_test_add_func ("/shogi/eval/hanging-piece", test_eval_hanging_piece);
  g_test_add_func ("/shogi/eval/threatened-piece", test_eval_threatened_piece);
  g_test_add_func ("/shogi/eval/drop-checks", test_eval_drop_checks);
  return g_test_run ();
}
