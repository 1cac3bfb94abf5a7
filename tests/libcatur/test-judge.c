/* test-judge.c: the coach's verdict on a move through the C API (catur-judge.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In each of the four games, on positions built by hand: a piece left hanging, a fork or
 * another loss of material, a walk into mate, a missed mate (Banqi, which has no mate: the
 * material missed, and the risk of a flip over its face-down pieces) and a quiet good move.
 * The searches go to a fixed depth, so that the verdicts do not depend on the machine's load.
 * Besides the words, the values a window would draw: the lines (legal, the move first), the
 * mate distances, the risk's numbers; and a Banqi verdict that cannot tell two layouts apart.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <catur.h>

#define DEPTH 6

typedef struct
{
  const char *game;
  const char *position;
  const char *move;
  CaturJudgeClass least;       /* the mildest class allowed */
  CaturJudgeReason reason;
  const char *words;           /* what the sentence names, or NULL */
  int mate;
} Case;

static const Case hanging[] = {
  { "chess", "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5", CATUR_JUDGE_INACCURACY,
    CATUR_JUDGE_REASON_HANGS_PIECE, "This leaves your Knight on d5 hanging: the Pawn on e6", 0 },
  { "xiangqi", "3aka3/9/9/4p4/r8/9/2H1P4/9/9/3AKA3 w - - 0 1", "c3d5", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_HANGS_PIECE, "your Horse on d5 hanging: the Chariot on a5 takes it", 0 },
  { "shogi", "4k4/1b7/9/9/9/9/8R/9/4K4 b - 1", "1g3g", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_HANGS_PIECE, "the Bishop on 8b takes it, into Gote’s hand", 0 },
  { "banqi", "XXXX/4/4/H1r1/4/4/K3/3k r PPpp 0 20", "a5b5", CATUR_JUDGE_INACCURACY,
    CATUR_JUDGE_REASON_HANGS_PIECE, "your Red Horse on b5 hanging: the Black Chariot on c5", 0 },
};

static const Case forks[] = {
  { "chess", "4k3/7p/8/8/1n6/8/7P/R3K3 w - - 0 1", "h2h3", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_LOSES_MATERIAL, "After Nc2+", 0 },
  { "xiangqi", "3aka3/9/9/4p4/6h2/9/4P4/7R1/4R4/3AKA3 w - - 0 1", "h2h4", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_LOSES_MATERIAL, "After H7+6", 0 },
  { "shogi", "4k4/9/9/9/9/9/8P/9/4K1R2 b n 1", "1g1f", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_LOSES_MATERIAL, "After N*4g", 0 },
  { "banqi", "XXXX/4/4/1k2/R1H1/4/4/3P r PPpp 0 20", "d1d2", CATUR_JUDGE_INACCURACY,
    CATUR_JUDGE_REASON_LOSES_MATERIAL, "After b5-b4", 0 },
};

static const Case into_mate[] = {
  { "chess", "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d7", CATUR_JUDGE_BLUNDER,
    CATUR_JUDGE_REASON_ALLOWS_MATE, "This lets Black mate in 2: Ra1+ Rd1 Rxd1#", -2 },
  { "xiangqi", "4k4/9/9/9/rR7/9/9/9/9/3K5 w - - 0 1", "b5b8", CATUR_JUDGE_BLUNDER,
    CATUR_JUDGE_REASON_ALLOWS_MATE, "This lets Black mate in 1: R1=4", -1 },
  { "shogi", "4k4/9/9/9/9/9/4p4/5G3/4K4 b g 1", "4h3h", CATUR_JUDGE_BLUNDER,
    CATUR_JUDGE_REASON_ALLOWS_MATE, "This lets Gote mate in 1: G*5h", -1 },
};

static const Case missed[] = {
  { "chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "g1f1", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_MISSES_MATE, "Mate in 1 was there: Ra8#", 1 },
  { "xiangqi", "3k5/9/9/9/R8/9/9/9/8r/4K4 w - - 0 1", "a5a6", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_MISSES_MATE, "Mate in 1 was there: R9=6", 1 },
  { "shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "5i4h", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_MISSES_MATE, "Mate in 1 was there: G*5b", 1 },
  /* Banqi has no mate: the capture it had for free. */
  { "banqi", "XXXX/4/4/c3/H3/4/4/3P r PPpp 0 20", "d1d2", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_MISSES_MATERIAL, "The Black Cannon on a5 was free: a4xa5", 0 },
  { "chess", "4k3/8/8/r7/8/8/3Q4/4K3 w - - 0 1", "e1e2", CATUR_JUDGE_MISTAKE,
    CATUR_JUDGE_REASON_MISSES_MATERIAL, "The Rook on a5 was free: Qxa5", 0 },
};

static const Case quiet[] = {
  { "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4",
    CATUR_JUDGE_BEST, CATUR_JUDGE_REASON_NONE, NULL, 0 },
  { "xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h2e2",
    CATUR_JUDGE_BEST, CATUR_JUDGE_REASON_NONE, NULL, 0 },
  { "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7f",
    CATUR_JUDGE_BEST, CATUR_JUDGE_REASON_NONE, NULL, 0 },
  { "banqi", "XXXX/1K2/4/4/3r/4/4/3P r PPpp 0 20", "a8", CATUR_JUDGE_BEST,
    CATUR_JUDGE_REASON_NONE, NULL, 0 },
};

static CaturVariant *
game (const char *id)
{
  CaturVariant *variant = catur_plugins_find_variant (id);

  g_assert_nonnull (variant);
  return variant;
}

static CaturPosition *
parse (CaturVariant *variant,
       const char   *text)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (variant, text, &error);

  g_assert_no_error (error);
  return position;
}

static CaturMove
parse_move (CaturVariant        *variant,
            const CaturPosition *position,
            const char          *text)
{
  g_autoptr(GError) error = NULL;
  CaturMove move;

  g_assert_true (catur_variant_parse_move (variant, position, text, &move, &error));
  g_assert_no_error (error);
  return move;
}

static CaturJudgement *
judge (CaturVariant        *variant,
       const CaturPosition *position,
       const CaturMove     *move)
{
  g_autoptr(GError) error = NULL;
  CaturSearchLimits limits;
  CaturJudgement *verdict;

  catur_search_limits_init (&limits, CATUR_LEVEL_BEGINNER);
  limits.depth = DEPTH;
  verdict = catur_judge_move (variant, position, move, &limits, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (verdict);
  return verdict;
}

/* Every move of @line, played from @position, is legal (up to a flip whose piece is not
 * known). */
static void
assert_line_legal (CaturVariant        *variant,
                   const CaturPosition *position,
                   const CaturMove     *line,
                   guint                length)
{
  g_autoptr(CaturPosition) board = catur_variant_observe (variant, position);

  g_assert_cmpuint (length, >, 0);
  for (guint i = 0; i < length; i++)
    {
      CaturMove move = line[i];

      g_assert_true (catur_variant_is_legal (variant, board, &move));
      if (move.flags & CATUR_MOVE_FLIP)
        break;
      catur_variant_play (variant, board, &move);
    }
}

static void
check_case (const Case *c)
{
  CaturVariant *variant = game (c->game);
  g_autoptr(CaturPosition) position = parse (variant, c->position);
  CaturMove move = parse_move (variant, position, c->move);
  g_autoptr(CaturJudgement) verdict = judge (variant, position, &move);
  CaturJudgeThresholds thresholds;

  if (g_test_verbose ())
    g_test_message ("%s %s %s: %s %s %d: %s", c->game, c->position, c->move,
                    catur_judge_class_to_id (verdict->judge_class),
                    catur_judge_reason_to_id (verdict->reason), verdict->loss, verdict->sentence);
  g_assert_cmpint (verdict->judge_class, >=, c->least);
  if (c->least == CATUR_JUDGE_BEST)
    g_assert_cmpint (verdict->judge_class, <=, CATUR_JUDGE_GOOD);
  g_assert_cmpstr (catur_judge_reason_to_id (verdict->reason), ==,
                   catur_judge_reason_to_id (c->reason));
  if (c->words != NULL)
    g_assert_nonnull (strstr (verdict->sentence, c->words));
  g_assert_cmpint (verdict->mate, ==, c->mate);
  g_assert_cmpint (verdict->depth, >=, 1);

  /* The loss agrees with the class, by the game's thresholds, unless a mate decided it. */
  catur_variant_get_judge_thresholds (variant, &thresholds);
  g_assert_cmpint (verdict->loss, >=, 0);
  if (verdict->mate == 0 && verdict->judge_class == CATUR_JUDGE_BLUNDER)
    g_assert_cmpint (verdict->loss, >=, thresholds.blunder);
  if (verdict->mate == 0 && verdict->judge_class == CATUR_JUDGE_GOOD)
    g_assert_cmpint (verdict->loss, <, thresholds.inaccuracy);

  /* The lines a window would draw: the move's own first, both legal. */
  g_assert_true (catur_move_equal (&verdict->line[0], &move));
  g_assert_true (catur_move_equal (&verdict->best_line[0], &verdict->best));
  assert_line_legal (variant, position, verdict->line, verdict->line_length);
  assert_line_legal (variant, position, verdict->best_line, verdict->best_line_length);
  if (verdict->judge_class == CATUR_JUDGE_BEST && c->least == CATUR_JUDGE_BEST)
    g_assert_cmpint (verdict->loss, ==, 0);
}

static void
check_cases (const Case *cases,
             guint       n)
{
  for (guint i = 0; i < n; i++)
    check_case (&cases[i]);
}

static void
test_hanging_piece (void)
{
  check_cases (hanging, G_N_ELEMENTS (hanging));
}

static void
test_fork (void)
{
  check_cases (forks, G_N_ELEMENTS (forks));
}

static void
test_walk_into_mate (void)
{
  check_cases (into_mate, G_N_ELEMENTS (into_mate));
}

static void
test_missed_win (void)
{
  check_cases (missed, G_N_ELEMENTS (missed));
}

static void
test_quiet_move (void)
{
  check_cases (quiet, G_N_ELEMENTS (quiet));
}

/* A search's line can stop in the middle of an exchange (a table hit cuts it): the judge
 * plays the exchange on by material, and names what it takes. The two searches are given by
 * hand, as the coach's analysis with another engine gives them: the move's line is the move
 * alone. After Nd5 Black has two captures: the Queen takes the Rook on b4 and is taken by the
 * Pawn on a3, the Pawn on e6 takes the Knight for free. The settled line is the second. */
static void
test_line_cut_short (void)
{
  CaturVariant *variant = game ("chess");
  g_autoptr(CaturPosition) position = parse (variant, "4kq2/8/4p3/8/1R6/P1N5/8/6K1 w - - 0 1");
  CaturMove move = parse_move (variant, position, "c3d5");
  CaturMove king_step = parse_move (variant, position, "g1g2");
  g_autofree CaturSearchResult *best = g_new0 (CaturSearchResult, 1);
  g_autofree CaturSearchResult *played = g_new0 (CaturSearchResult, 1);
  g_autoptr(CaturJudgement) verdict = NULL;
  g_autoptr(CaturPosition) after = NULL;
  CaturMove taken_back;

  best->has_move = TRUE;
  best->move = king_step;
  best->score = 0;
  best->depth = DEPTH;
  best->pv[0] = king_step;
  best->pv_length = 1;
  played->has_move = TRUE;
  played->move = move;
  played->score = -310;
  played->depth = DEPTH;
  played->pv[0] = move;
  played->pv_length = 1;

  verdict = catur_judge_verdict (variant, position, &move, best, played);
  if (g_test_verbose ())
    g_test_message ("%s %s: %s", catur_judge_class_to_id (verdict->judge_class),
                    catur_judge_reason_to_id (verdict->reason), verdict->sentence);
  g_assert_cmpint (verdict->judge_class, ==, CATUR_JUDGE_BLUNDER);
  g_assert_cmpstr (catur_judge_reason_to_id (verdict->reason), ==, "hangs-piece");
  g_assert_cmpstr (verdict->sentence, ==,
                   "This leaves your Knight on d5 hanging: the Pawn on e6 takes it.");
  g_assert_cmpuint (verdict->line_length, ==, 2);
  after = parse (variant, "4kq2/8/4p3/3N4/1R6/P7/8/6K1 b - - 1 1");
  taken_back = parse_move (variant, after, "e6d5");
  g_assert_true (catur_move_equal (&verdict->line[1], &taken_back));
  assert_line_legal (variant, position, verdict->line, verdict->line_length);
}

/* A fork the material along the line does not show yet: after Kh1 e5 nothing is taken, but
 * the Pawn attacks both Rooks, and one of them is lost. The searches are given by hand. */
static void
test_double_attack (void)
{
  CaturVariant *variant = game ("chess");
  g_autoptr(CaturPosition) position = parse (variant, "4k3/8/4p3/8/3R1R2/8/8/6K1 w - - 0 1");
  g_autoptr(CaturPosition) after = NULL;
  CaturMove move = parse_move (variant, position, "g1h1");
  CaturMove rook_away = parse_move (variant, position, "d4a4");
  g_autofree CaturSearchResult *best = g_new0 (CaturSearchResult, 1);
  g_autofree CaturSearchResult *played = g_new0 (CaturSearchResult, 1);
  g_autoptr(CaturJudgement) verdict = NULL;

  after = parse (variant, "4k3/8/4p3/8/3R1R2/8/8/7K b - - 1 1");
  best->has_move = TRUE;
  best->move = rook_away;
  best->depth = DEPTH;
  best->pv[0] = rook_away;
  best->pv_length = 1;
  played->has_move = TRUE;
  played->move = move;
  played->score = -400;
  played->depth = DEPTH;
  played->pv[0] = move;
  played->pv[1] = parse_move (variant, after, "e6e5");
  played->pv_length = 2;

  verdict = catur_judge_verdict (variant, position, &move, best, played);
  if (g_test_verbose ())
    g_test_message ("%s %s: %s", catur_judge_class_to_id (verdict->judge_class),
                    catur_judge_reason_to_id (verdict->reason), verdict->sentence);
  g_assert_cmpint (verdict->judge_class, ==, CATUR_JUDGE_BLUNDER);
  g_assert_cmpstr (catur_judge_reason_to_id (verdict->reason), ==, "double-attack");
  g_assert_cmpstr (verdict->sentence, ==,
                   "After e5, the Pawn on e5 attacks your Rook on d4 and your Rook on f4.");

  /* A move the line does not punish so is not called a double attack. */
  played->score = -60;
  g_clear_pointer (&verdict, catur_judgement_free);
  verdict = catur_judge_verdict (variant, position, &move, best, played);
  g_assert_cmpint (verdict->judge_class, ==, CATUR_JUDGE_INACCURACY);
  g_assert_cmpstr (catur_judge_reason_to_id (verdict->reason), ==, "none");
  /* The better move alone, as its line holds nothing after it. */
  g_assert_cmpstr (verdict->sentence, ==, "Better was Ra4.");
}

/* A flip next to the General, two of the four face-down pieces Black Soldiers: the risk in
 * numbers; and the same verdict whatever lies face down. */
static void
test_banqi_risk (void)
{
  CaturVariant *variant = game ("banqi");
  g_autoptr(CaturPosition) first = parse (variant, "XXXX/1K2/4/4/3r/4/4/3P r PPpp 0 20");
  g_autoptr(CaturPosition) second = catur_position_copy (first);
  CaturMove move = parse_move (variant, first, "b8");
  g_autoptr(CaturJudgement) verdict = NULL;
  g_autoptr(CaturJudgement) other = NULL;
  g_autoptr(CaturJudgement) copy = NULL;
  g_autofree char *loss = NULL;

  catur_variant_deal_hidden (variant, first, 1);
  catur_variant_deal_hidden (variant, second, 2);
  verdict = judge (variant, first, &move);
  other = judge (variant, second, &move);

  g_assert_cmpint (verdict->reason, ==, CATUR_JUDGE_REASON_RISK);
  g_assert_cmpint (verdict->judge_class, >=, CATUR_JUDGE_MISTAKE);
  g_assert_cmpuint (verdict->risk_count, ==, 2);
  g_assert_cmpuint (verdict->risk_total, ==, 4);
  g_assert_cmpstr (verdict->sentence, ==,
                   "2 of the 4 face-down pieces could be a Black Soldier that takes your Red "
                   "General on b7.");
  /* The layouts differ, the players' view does not: neither does the verdict. */
  g_assert_cmpstr (other->sentence, ==, verdict->sentence);
  g_assert_cmpint (other->loss, ==, verdict->loss);
  g_assert_true (catur_move_equal (&other->best, &verdict->best));

  copy = catur_judgement_copy (verdict);
  g_assert_cmpstr (copy->sentence, ==, verdict->sentence);
  g_assert_true (copy->sentence != verdict->sentence);
  loss = catur_judgement_format_loss (copy);
  g_assert_cmpint (atoi (loss), ==, verdict->loss);
}

static void
test_mate_tokens (void)
{
  CaturJudgement verdict = { 0 };
  g_autofree char *allowed = NULL;
  g_autofree char *missed_mate = NULL;
  g_autofree char *plain = NULL;

  verdict.mate = -2;
  allowed = catur_judgement_format_loss (&verdict);
  verdict.mate = 3;
  missed_mate = catur_judgement_format_loss (&verdict);
  verdict.mate = 0;
  verdict.loss = 145;
  plain = catur_judgement_format_loss (&verdict);
  g_assert_cmpstr (allowed, ==, "#-2");
  g_assert_cmpstr (missed_mate, ==, "#3");
  g_assert_cmpstr (plain, ==, "145");
  g_assert_cmpstr (catur_judge_class_to_id (CATUR_JUDGE_INACCURACY), ==, "inaccuracy");
  g_assert_cmpstr (catur_judge_reason_to_id (CATUR_JUDGE_REASON_MISSES_MATERIAL), ==,
                   "misses-material");
  g_assert_cmpstr (catur_judge_reason_to_id (CATUR_JUDGE_REASON_DOUBLE_ATTACK), ==,
                   "double-attack");
  g_assert_cmpstr (catur_judge_reason_to_id (CATUR_JUDGE_REASON_POSITIONAL), ==, "positional");
  g_assert_true (G_TYPE_IS_BOXED (CATUR_TYPE_JUDGEMENT));
}

/* A search's result given by hand: @moves (in coordinates, one after the other from
 * @position) its line, @score its score. */
static CaturSearchResult *
result_by_hand (CaturVariant        *variant,
                const CaturPosition *position,
                const char          *moves,
                int                  score)
{
  CaturSearchResult *result = g_new0 (CaturSearchResult, 1);
  g_autoptr(CaturPosition) board = catur_position_copy (position);
  g_auto(GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      CaturMove move = parse_move (variant, board, words[i]);

      result->pv[result->pv_length++] = move;
      catur_variant_play (variant, board, &move);
    }
  result->has_move = TRUE;
  result->move = result->pv[0];
  result->score = score;
  result->depth = DEPTH;
  return result;
}

/* Promotions count as material along a line: a pawn let through to promote, and one the
 * move does not promote; a capture that promotes is named by both. The searches are given by
 * hand. */
static void
test_promotion (void)
{
  static const struct
  {
    const char *position;
    const char *best;
    int best_score;
    const char *played;
    int played_score;
    const char *reason;
    const char *sentence;
  } cases[] = {
    /* Na3 lets the pawn on d2 through; Nxd2 took it. */
    { "7k/8/8/8/8/8/3p4/KN6 w - - 0 1", "b1d2 h8g7", 100, "b1a3 d2d1q a1a2", -850,
      "loses-material", "After d1=Q+, Black’s Pawn promotes on d1." },
    /* Ka2 lets the pawn on e7 wait while the Knight comes back to guard e8. */
    { "8/4P2k/8/8/8/8/8/Kn6 w - - 0 1", "e7e8q h7g7", 900, "a1a2 b1c3 a2b3 c3d5", 50,
      "misses-material", "e8=Q promotes your Pawn on e8." },
    /* Ka2 lets the pawn on d3 take the Rook as it promotes, where Rd1 held it. */
    { "7k/8/8/8/8/3p4/8/K3R3 w - - 0 1", "e1d1 h8g7", 400, "a1a2 d3d2 a2b3 d2e1q", -850,
      "loses-material", "After d2 Kb3 dxe1=Q, Black’s Pawn takes your Rook on e1 and promotes." },
    /* exd8=Q would take a Rook. */
    { "3r4/4P2k/8/8/8/8/8/Kn6 w - - 0 1", "e7d8q b1c3", 1400, "a1a2 d8e8 a2b1", 0,
      "misses-material", "exd8=Q takes the Rook on d8 and promotes your Pawn." },
  };
  CaturVariant *variant = game ("chess");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CaturPosition) position = parse (variant, cases[i].position);
      g_autofree CaturSearchResult *best = result_by_hand (variant, position, cases[i].best,
                                                           cases[i].best_score);
      g_autofree CaturSearchResult *played = result_by_hand (variant, position, cases[i].played,
                                                             cases[i].played_score);
      g_autoptr(CaturJudgement) verdict = NULL;

      verdict = catur_judge_verdict (variant, position, &played->move, best, played);
      g_assert_cmpint (verdict->judge_class, ==, CATUR_JUDGE_BLUNDER);
      g_assert_cmpstr (catur_judge_reason_to_id (verdict->reason), ==, cases[i].reason);
      g_assert_cmpstr (verdict->sentence, ==, cases[i].sentence);
    }
}

/* A move that loses no material but walks the King out of its shelter, or puts a piece on a
 * worse square: the part of the evaluation it loses is named, in Chess, Xiangqi and Shogi;
 * and a game that cannot name the parts (Banqi) gives no such reason. */
static void
test_positional (void)
{
  static const struct
  {
    const char *game;
    const char *position;
    const char *best;
    const char *played;
    CaturScoreTerm term;
    const char *sentence;
  } cases[] = {
    { "chess", "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQ - 6 5",
      "e1g1 d7d6 a2a3 a7a6", "e1e2 d7d6 e2d3 a7a6", CATUR_SCORE_TERM_KING_SAFETY,
      "After d6 Kd3 a6, your King on d3 is open to attack." },
    { "xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      "h2e2 h9g7", "e0e1 h9g7", CATUR_SCORE_TERM_KING_SAFETY,
      "After H8+7, your General on e1 is open to attack." },
    { "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP1PPPP/1B2K2R1/LNSG1GSNL b - 3",
      "5h4h 3c3d 4h3h 8c8d", "5h5g 3c3d 5g5f 8c8d", CATUR_SCORE_TERM_KING_SAFETY,
      "After P-3d K-5f P-8d, your King on 5f is open to attack." },
    /* The squares: the piece the move played, on a worse square, is named where its own
     * square makes a good share of the loss (Nh4, where Nc3 developed); where it does not
     * (the Cannon's step back to b1, where the central Cannon was better), the pieces are. */
    { "chess", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
      "b1c3 f8c5", "f3h4 f8c5", CATUR_SCORE_TERM_PLACEMENT,
      "After Bc5, your Knight on h4 stands worse than it did on f3." },
    { "xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      "h2e2 h9g7", "b2b1 h9g7", CATUR_SCORE_TERM_PLACEMENT,
      "After H8+7, your pieces stand on much worse squares." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CaturVariant *variant = game (cases[i].game);
      g_autoptr(CaturPosition) position = parse (variant, cases[i].position);
      g_autofree CaturSearchResult *best = result_by_hand (variant, position, cases[i].best, 40);
      g_autofree CaturSearchResult *played = result_by_hand (variant, position,
                                                             cases[i].played, -200);
      g_autoptr(CaturJudgement) verdict = NULL;
      int terms[CATUR_N_SCORE_TERMS];

      g_assert_true (catur_variant_score_terms (variant, position, CATUR_SIDE_FIRST, terms));
      verdict = catur_judge_verdict (variant, position, &played->move, best, played);
      if (g_test_verbose ())
        g_test_message ("%s %s %d: %s", cases[i].game, catur_judge_reason_to_id (verdict->reason),
                        verdict->term, verdict->sentence);
      g_assert_cmpint (verdict->judge_class, >=, CATUR_JUDGE_MISTAKE);
      g_assert_cmpstr (catur_judge_reason_to_id (verdict->reason), ==, "positional");
      g_assert_cmpint (verdict->term, ==, cases[i].term);
      g_assert_cmpint (verdict->term_side, ==, CATUR_SIDE_FIRST);
      g_assert_cmpstr (verdict->sentence, ==, cases[i].sentence);
    }

  /* The part can be the opponent's: after Ba6 Nb4 Black attacks the Bishop on a6 twice and
   * eyes c2, where after Nh4 Nb4 it attacks less; White's own parts hardly change. */
  {
    CaturVariant *chess = game ("chess");
    g_autoptr(CaturPosition) position =
      parse (chess, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    g_autofree CaturSearchResult *best = result_by_hand (chess, position, "f3h4 c6b4", 30);
    g_autofree CaturSearchResult *played = result_by_hand (chess, position, "f1a6 c6b4", -100);
    g_autoptr(CaturJudgement) verdict = NULL;

    verdict = catur_judge_verdict (chess, position, &played->move, best, played);
    g_assert_cmpstr (catur_judge_reason_to_id (verdict->reason), ==, "positional");
    g_assert_cmpint (verdict->term, ==, CATUR_SCORE_TERM_THREATS);
    g_assert_cmpint (verdict->term_side, ==, CATUR_SIDE_SECOND);
    g_assert_cmpstr (verdict->sentence, ==, "After Nb4, more of your pieces are under attack.");
  }

  {
    CaturVariant *banqi = game ("banqi");
    g_autoptr(CaturPosition) position = catur_variant_new_position (banqi, NULL, 1);
    int terms[CATUR_N_SCORE_TERMS];

    g_assert_false (catur_variant_score_terms (banqi, position, CATUR_SIDE_FIRST, terms));
    for (guint i = 0; i < CATUR_N_SCORE_TERMS; i++)
      g_assert_cmpint (terms[i], ==, 0);
  }
}

static void
test_illegal_move (void)
{
  CaturVariant *variant = game ("xiangqi");
  g_autoptr(CaturPosition) position = parse (variant, "3k5/9/9/9/R8/9/9/9/8r/4K4 w - - 0 1");
  CaturMove move = parse_move (variant, position, "e0e1");
  g_autoptr(GError) error = NULL;
  CaturSearchLimits limits;
  CaturJudgement *verdict;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = 2;
  verdict = catur_judge_move (variant, position, &move, &limits, NULL, &error);
  g_assert_null (verdict);
  g_assert_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_ILLEGAL_MOVE);
}

/* The contract's defaults and the games' own: SEE by each game's search, and the pool. */
static void
test_contract (void)
{
  CaturVariant *chess = game ("chess");
  CaturVariant *banqi = game ("banqi");
  g_autoptr(CaturPosition) position = parse (chess, "4k3/8/4p3/3n4/8/2N5/8/3RK3 w - - 0 1");
  g_autoptr(CaturPosition) pool = parse (banqi, "XXXX/1K2/4/4/3r/4/4/3P r PPpp 0 20");
  CaturMove take = parse_move (chess, position, "c3d5");
  CaturMove take_with_rook = parse_move (chess, position, "d1d5");
  g_autoptr(GArray) hidden = catur_variant_list_hidden (banqi, pool);
  g_autoptr(GArray) none = catur_variant_list_hidden (chess, position);
  CaturPiece knight = { 0 }, banqi_cannon = { 0 };
  CaturJudgeThresholds thresholds;
  guint total = 0;

  /* Nxd5 exd5 Rxd5: a knight for a knight and a pawn; Rxd5 first gives the rook for them. */
  g_assert_cmpint (catur_variant_static_exchange (chess, position, &take), ==, 100);
  g_assert_cmpint (catur_variant_static_exchange (chess, position, &take_with_rook), <, 0);
  g_assert_true (catur_variant_piece_at (chess, position, take.from, &knight));
  g_assert_cmpint (catur_variant_get_piece_value (chess, &knight), ==, 320);

  /* Banqi's own SEE is the contract's default, played out with legal captures. */
  {
    g_autoptr(CaturPosition) exchange = parse (banqi, "4/4/4/4/4/1r2/1Hh1/1p2 r - 0 30");
    CaturMove horse_takes = parse_move (banqi, exchange, "b2c2");

    g_assert_cmpint (catur_variant_static_exchange (banqi, exchange, &horse_takes), ==,
                     catur_variant_get_piece_value (banqi, &(CaturPiece) { 12, 1, 0 }));
  }
  banqi_cannon.kind = 6;
  g_assert_cmpint (catur_variant_get_piece_value (banqi, &banqi_cannon), ==, 240);

  for (guint i = 0; i < hidden->len; i++)
    total += g_array_index (hidden, CaturHiddenPiece, i).count;
  g_assert_cmpuint (hidden->len, ==, 2);
  g_assert_cmpuint (total, ==, 4);
  g_assert_cmpuint (none->len, ==, 0);

  catur_variant_get_judge_thresholds (chess, &thresholds);
  g_assert_cmpint (thresholds.inaccuracy, <, thresholds.mistake);
  g_assert_cmpint (thresholds.mistake, <, thresholds.blunder);
}

static void
judged (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  CaturJudgement **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = catur_judge_move_finish (CATUR_VARIANT (source), result, &error);
  g_assert_no_error (error);
}

static void
cancelled (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturJudgement) verdict = catur_judge_move_finish (CATUR_VARIANT (source), result,
                                                               &error);

  g_assert_null (verdict);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  *done = TRUE;
}

/* In a worker thread, on copies: the caller's position may change meanwhile; a cancelled
 * judgement says so. */
static void
test_async (void)
{
  CaturVariant *variant = game ("chess");
  CaturPosition *position = parse (variant, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  CaturMove move = parse_move (variant, position, "g1f1");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(CaturJudgement) verdict = NULL;
  CaturSearchLimits limits;
  gboolean done = FALSE;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = DEPTH;
  catur_judge_move_async (variant, position, &move, &limits, NULL, judged, &verdict);
  catur_position_free (position);
  while (verdict == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (verdict->reason, ==, CATUR_JUDGE_REASON_MISSES_MATE);
  g_assert_cmpint (verdict->mate, ==, 1);

  position = parse (variant, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  limits.depth = 0;
  limits.infinite = TRUE;
  catur_judge_move_async (variant, position, &move, &limits, cancellable, cancelled, &done);
  catur_position_free (position);
  g_cancellable_cancel (cancellable);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* The English of the source, whatever the machine's language. */
  g_setenv ("LANGUAGE", "C", TRUE);
  catur_plugins_load ();

  g_test_add_func ("/judge/contract", test_contract);
  g_test_add_func ("/judge/mate-tokens", test_mate_tokens);
  g_test_add_func ("/judge/illegal-move", test_illegal_move);
  g_test_add_func ("/judge/hanging-piece", test_hanging_piece);
  g_test_add_func ("/judge/fork", test_fork);
  g_test_add_func ("/judge/walk-into-mate", test_walk_into_mate);
  g_test_add_func ("/judge/missed-win", test_missed_win);
  g_test_add_func ("/judge/quiet-move", test_quiet_move);
  g_test_add_func ("/judge/banqi-risk", test_banqi_risk);
  g_test_add_func ("/judge/line-cut-short", test_line_cut_short);
  g_test_add_func ("/judge/double-attack", test_double_attack);
  g_test_add_func ("/judge/promotion", test_promotion);
  g_test_add_func ("/judge/positional", test_positional);
  g_test_add_func ("/judge/async", test_async);
  return g_test_run ();
}
