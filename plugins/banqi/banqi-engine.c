/* banqi-engine.c: expectimax over what the players see (RULES.md B13–B15)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine is handed an observation: face-down squares without identity and the pool. All
 * face-down squares are exchangeable, so a flip is an exact chance node: the expectation over
 * the kinds of the pool, each as likely as its count (B13). Steps and captures are searched by
 * alpha-beta; chance nodes are pruned with Ballard's Star1, which bounds the outcomes not yet
 * searched by the largest and smallest scores a chance child may take. A flip costs two plies
 * of depth, so that a line holds only a few of them; the horizon resolves captures
 * (quiescence). A colour that can no longer capture every enemy piece cannot win: its score
 * is held at a draw at most.
 */
#define G_LOG_DOMAIN "banqi"

#include "config.h"

#include <string.h>

#include "banqi-engine.h"

#define INFINITE CATUR_SCORE_INFINITE
#define MATE CATUR_SCORE_MATE
/* The scores a chance node's outcomes are held within, for Star1's bounds: above any
 * evaluation, below a won game's. */
#define CHANCE_BOUND 6000
#define EVAL_BOUND 5000
#define FLIP_COST 2
#define MAX_QUIESCENCE 16

/* The evaluation's numbers, named (docs/tuning.md): constants in the game, variables in the
 * build that tests/bench/tune-banqi.py plays with weights of its choosing (CATUR_TUNING). */

/* Worth of each rank in centipawns: the Cannon takes anything and the General anything but a
 * Soldier, the Chariot and Horse little. */
static CATUR_WEIGHT int rank_value[BQ_N_RANKS] = { 650, 320, 160, 90, 60, 240, 45 };
/* A face-down piece counts this share (per cent) of its worth: it may come up where it is lost
 * at once. */
static CATUR_WEIGHT int hidden_share[1] = { 90 };
/* Each empty square beside a face-up piece: room to move. */
static CATUR_WEIGHT int room_weight[1] = { 3 };
/* Each step nearer a piece it can take, for a piece that takes by stepping. */
static CATUR_WEIGHT int chase_weight[1] = { 4 };
/* A General without enemy Soldiers left fears only Cannons. */
static CATUR_WEIGHT int general_safe_bonus[1] = { 200 };
/* A Soldier with no enemy General left to take. */
static CATUR_WEIGHT int soldier_idle_cost[1] = { 15 };
/* A Chariot that slides (rule option B12) reaches farther. */
static CATUR_WEIGHT int chariot_slide_bonus[1] = { 40 };

/* Banqi's own rungs. Its chance nodes spread a search wide and shallow, so that more nodes
 * gain less a step than in the other games: with the ladder's counts Advanced (25,000) and
 * Expert (90,000) scored about half against the rung below. Newcomer's margin, on the other
 * hand, cost it more than in the other games (Beginner won 94 %), and Casual scored only
 * 60.5 % against a Beginner with the ladder's blinkers, 64 % against one that wears them a
 * quarter of its moves. Candidate Master, at three times Expert's nodes, scores only about 57 %
 * against it. tests/bench/README.md, "The ladder of levels". */
static const CaturLevelTuning bq_levels[CATUR_N_LEVELS] = {
  [CATUR_LEVEL_NEWCOMER] = { .max_nodes = 1500, .margin = 10, .blunder_permille = 350 },
  [CATUR_LEVEL_BEGINNER] = { .max_nodes = 3000, .margin = 0, .blunder_permille = 250 },
  [CATUR_LEVEL_INTERMEDIATE] = { .max_nodes = 15000, .margin = 0, .blunder_permille = 0 },
  [CATUR_LEVEL_ADVANCED] = { .max_nodes = 60000, .margin = 0, .blunder_permille = 0 },
  [CATUR_LEVEL_EXPERT] = { .max_nodes = 250000, .margin = 0, .blunder_permille = 0 },
  [CATUR_LEVEL_CANDIDATE_MASTER] = { .max_nodes = 800000, .margin = 0, .blunder_permille = 0 },
};

/* The game's positions the search may meet again: a quiet run is at most this long. */
#define MAX_GAME_KEYS (BQ_MAX_QUIET + 2)

typedef struct
{
  CaturSearch *search;
  int blind_colour;            /* whose cannon captures go unseen (the Beginner's blinkers) */
  int root_colour;
  /* The keys of the game's last positions, the root's last, then the search's path: a
   * position met again scores a draw, so that the side ahead looks for progress. */
  guint64 keys[MAX_GAME_KEYS + CATUR_SEARCH_MAX_PLY];
  int n_game_keys;
} Engine;

static guint64 zobrist_cell[BQ_SQUARES][16];
static guint64 zobrist_pool[BQ_N_KINDS][8];
static guint64 zobrist_first[3];
static guint64 zobrist_side;

static guint64
split_mix (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

#ifdef CATUR_TUNING
/* The tuning build's weights come from CATUR_BANQI_WEIGHTS, runs by name with their values in
 * order, "rank_value=650,320,160,90,60,240,45;room_weight=4": what tests/bench/tune-banqi.py
 * asks each of its two players to play with. A run left out keeps the game's numbers; a name
 * or a count that does not fit stops the program, since a tuner that played the weights it
 * did not mean would learn nothing. */
static const struct
{
  const char *name;
  int *values;
  guint n;
} weight_runs[] = {
#define WEIGHT_RUN(run) { #run, run, G_N_ELEMENTS (run) }
  WEIGHT_RUN (rank_value), WEIGHT_RUN (hidden_share), WEIGHT_RUN (room_weight),
  WEIGHT_RUN (chase_weight), WEIGHT_RUN (general_safe_bonus), WEIGHT_RUN (soldier_idle_cost),
  WEIGHT_RUN (chariot_slide_bonus),
#undef WEIGHT_RUN
};

static void
read_weight_run (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, "=", 2);
  g_auto(GStrv) values = NULL;

  for (guint r = 0; r < G_N_ELEMENTS (weight_runs); r++)
    {
      if (parts[1] == NULL || strcmp (parts[0], weight_runs[r].name) != 0)
        continue;
      values = g_strsplit (parts[1], ",", -1);
      if (g_strv_length (values) != weight_runs[r].n)
        g_error ("CATUR_BANQI_WEIGHTS: %s wants %u values, not %u", weight_runs[r].name,
                 weight_runs[r].n, g_strv_length (values));
      for (guint i = 0; i < weight_runs[r].n; i++)
        {
          gint64 value;
          g_autoptr(GError) error = NULL;

          if (!g_ascii_string_to_signed (values[i], 10, -100000, 100000, &value, &error))
            g_error ("CATUR_BANQI_WEIGHTS: %s: %s", weight_runs[r].name, error->message);
          weight_runs[r].values[i] = (int) value;
        }
      return;
    }
  g_error ("CATUR_BANQI_WEIGHTS: no run of weights is written “%s”", text);
}

static void
load_weights (void)
{
  static gsize loaded = 0;

  if (g_once_init_enter (&loaded))
    {
      const char *text = g_getenv ("CATUR_BANQI_WEIGHTS");
      g_auto(GStrv) runs = g_strsplit (text != NULL ? text : "", ";", -1);

      for (guint i = 0; runs[i] != NULL; i++)
        if (*g_strstrip (runs[i]) != '\0')
          read_weight_run (runs[i]);
      g_once_init_leave (&loaded, 1);
    }
}
#else
# define load_weights()
#endif

static void
init_tables (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      guint64 state = 0x62616e7169;

      for (int sq = 0; sq < BQ_SQUARES; sq++)
        for (int c = 0; c < 16; c++)
          zobrist_cell[sq][c] = split_mix (&state);
      for (int kind = 0; kind < BQ_N_KINDS; kind++)
        for (int n = 0; n < 8; n++)
          zobrist_pool[kind][n] = split_mix (&state);
      for (int i = 0; i < 3; i++)
        zobrist_first[i] = split_mix (&state);
      zobrist_side = split_mix (&state);
      g_once_init_leave (&initialized, 1);
    }
}

/* A hash of what the players see: face-down squares are alike, the pool counts. */
guint64
bq_engine_key (const BqPosition *pos)
{
  guint64 key;

  init_tables ();
  key = zobrist_first[pos->first_colour + 1];
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (pos->cell[sq] != 0)
      key ^= zobrist_cell[sq][BQ_IS_FACE_DOWN (pos->cell[sq]) ? 15 : pos->cell[sq]];
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    key ^= zobrist_pool[kind][MIN (pos->pool[kind], 7)];
  if (pos->side)
    key ^= zobrist_side;
  /* A chain's square changes what may be played; zobrist_cell[sq][0] stands for no piece. */
  if (pos->chain != 0)
    key ^= zobrist_cell[pos->chain - 1][0];
  return key;
}

/* Whether @colour may still capture every enemy piece (B9): each needs an attacker of a rank
 * that takes it, and a Cannon takes anything. */
gboolean
bq_engine_can_win (const BqPosition *pos,
                   int               colour)
{
  gboolean has[BQ_N_RANKS] = { FALSE };
  gboolean alive[BQ_N_RANKS] = { FALSE };

  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    if (pos->pool[kind] > 0)
      (BQ_KIND_COLOUR (kind) == colour ? has : alive)[BQ_KIND_RANK (kind)] = TRUE;
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (BQ_IS_FACE_UP (pos->cell[sq]))
      (BQ_KIND_COLOUR (pos->cell[sq]) == colour ? has : alive)[BQ_KIND_RANK (pos->cell[sq])]
        = TRUE;
  if (has[BQ_CANNON])
    return TRUE;
  for (int target = 0; target < BQ_N_RANKS; target++)
    {
      gboolean taken = !alive[target];

      for (int attacker = 0; attacker < BQ_N_RANKS && !taken; attacker++)
        taken = has[attacker] && bq_may_capture (pos->rules, attacker, target);
      if (!taken)
        return FALSE;
    }
  return TRUE;
}

/* The worth of a rank under the game's rules: the Hong-Kong order (B12) gives the Chariot
 * the Advisor's place, and the Advisor and the Elephant the places below; a sliding Chariot
 * reaches farther. */
/* What a piece of @rank is worth under the standard rules, for the coach's words. */
int
bq_engine_rank_value (BqRank rank)
{
  g_return_val_if_fail (rank < BQ_N_RANKS, 0);
  return rank_value[rank];
}

static int
rank_worth (guint  rules,
            BqRank rank)
{
  int worth = rank_value[rank];

  if (rules & BQ_RULE_HONG_KONG)
    worth = rank == BQ_CHARIOT ? rank_value[BQ_ADVISOR]
            : rank == BQ_ADVISOR ? rank_value[BQ_ELEPHANT]
            : rank == BQ_ELEPHANT ? rank_value[BQ_CHARIOT]
            : worth;
  if (rank == BQ_CHARIOT && (rules & BQ_RULE_CHARIOT_SLIDE))
    worth += chariot_slide_bonus[0];
  return worth;
}

/* The worth of a piece of @rank given what the enemy has left: a General without enemy
 * Soldiers fears only cannons, a Soldier without an enemy General to take is worth little. */
static int
piece_value (guint    rules,
             BqRank   rank,
             guint    enemy_soldiers,
             gboolean enemy_general)
{
  if (rank == BQ_GENERAL && enemy_soldiers == 0)
    return rank_worth (rules, rank) + general_safe_bonus[0];
  if (rank == BQ_SOLDIER && !enemy_general)
    return rank_worth (rules, rank) - soldier_idle_cost[0];
  return rank_worth (rules, rank);
}

/* Pieces that can take an enemy piece are worth more the nearer they stand to one: in an
 * ending, that is what makes the side ahead hunt instead of wandering. The Cannon, which takes
 * from afar, is left out. */
static void
add_chase (const BqPosition *pos,
           int               score[2])
{
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    {
      guint8 cell = pos->cell[sq];
      int nearest = BQ_FILES + BQ_RANKS;

      if (!BQ_IS_FACE_UP (cell) || BQ_KIND_RANK (cell) == BQ_CANNON)
        continue;
      for (int other = 0; other < BQ_SQUARES; other++)
        {
          guint8 target = pos->cell[other];
          int distance;

          if (!BQ_IS_FACE_UP (target) || BQ_KIND_COLOUR (target) == BQ_KIND_COLOUR (cell)
              || !bq_may_capture (pos->rules, BQ_KIND_RANK (cell), BQ_KIND_RANK (target)))
            continue;
          distance = ABS (sq % BQ_FILES - other % BQ_FILES)
                     + ABS (sq / BQ_FILES - other / BQ_FILES);
          nearest = MIN (nearest, distance);
        }
      if (nearest < BQ_FILES + BQ_RANKS)
        score[BQ_KIND_COLOUR (cell)] += (BQ_FILES + BQ_RANKS - nearest) * chase_weight[0];
    }
}

/* The static score for the side to move: material face up and still face down, the pieces
 * that stand under attack, and the cannot-win test. */
int
bq_engine_evaluate (const BqPosition *pos)
{
  int colour = bq_colour_to_move (pos);
  guint soldiers[2] = { 0, 0 };
  gboolean general[2] = { FALSE, FALSE };
  int score[2] = { 0, 0 };
  int total;
  guint limit;
  gboolean mine_can, theirs_can;
  guint counts[BQ_N_KINDS];

  load_weights ();
  if (colour < 0)
    return 0;
  for (int kind = 0; kind < BQ_N_KINDS; kind++)
    counts[kind] = pos->pool[kind];
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (BQ_IS_FACE_UP (pos->cell[sq]))
      counts[pos->cell[sq]]++;
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    {
      guint count = counts[kind];

      if (BQ_KIND_RANK (kind) == BQ_SOLDIER)
        soldiers[BQ_KIND_COLOUR (kind)] += count;
      if (BQ_KIND_RANK (kind) == BQ_GENERAL && count > 0)
        general[BQ_KIND_COLOUR (kind)] = TRUE;
    }
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    {
      int c = BQ_KIND_COLOUR (kind);
      int value = piece_value (pos->rules, BQ_KIND_RANK (kind), soldiers[1 - c], general[1 - c]);

      /* A piece still face down may come up where it is lost at once. */
      score[c] += pos->pool[kind] * value * hidden_share[0] / 100;
    }
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    {
      guint8 cell = pos->cell[sq];
      int c;

      if (!BQ_IS_FACE_UP (cell))
        continue;
      c = BQ_KIND_COLOUR (cell);
      score[c] += piece_value (pos->rules, BQ_KIND_RANK (cell), soldiers[1 - c], general[1 - c]);
      /* Room to move: a piece walled in by face-down pieces is worth less. */
      for (int dir = 0; dir < 4; dir++)
        {
          int file = sq % BQ_FILES + (dir == 1) - (dir == 3);
          int rank = sq / BQ_FILES + (dir == 0) - (dir == 2);

          if (file >= 0 && file < BQ_FILES && rank >= 0 && rank < BQ_RANKS
              && pos->cell[BQ_SQUARE (file, rank)] == 0)
            score[c] += room_weight[0];
        }
    }
  add_chase (pos, score);
  total = score[colour] - score[1 - colour];
  /* The quiet counter's draw comes nearer with every quiet turn: an advantage that does not
   * flip or capture fades, so that the side ahead makes progress and the side behind is
   * content to wait (B11). */
  limit = bq_quiet_limit (pos);
  total = total * (int) (limit - MIN (pos->quiet, limit)) / (int) limit;
  total = CLAMP (total, -EVAL_BOUND, EVAL_BOUND);

  mine_can = bq_engine_can_win (pos, colour);
  theirs_can = bq_engine_can_win (pos, 1 - colour);
  if (!mine_can && !theirs_can)
    return 0;
  if (!mine_can)
    total = MIN (total, 0);
  if (!theirs_can)
    total = MAX (total, 0);
  return total;
}

/* The stop that ends a chain of captures (B12) is the contract's declaration. */
static inline guint32
code_of (const BqMove *move)
{
  CaturMove m = { move->from, move->to, 0,
                  move->flip ? CATUR_MOVE_FLIP : move->from == BQ_STOP ? CATUR_MOVE_DECLARE : 0 };

  return catur_move_pack (&m);
}

static inline BqMove
move_of (guint32 code)
{
  CaturMove m = catur_move_unpack (code);

  if (m.flags & CATUR_MOVE_DECLARE)
    return (BqMove) { BQ_STOP, BQ_STOP, FALSE, 0 };
  return (BqMove) { m.from, m.to, (m.flags & CATUR_MOVE_FLIP) != 0, 0 };
}

static inline gboolean
is_capture (const BqPosition *pos,
            const BqMove     *move)
{
  return !move->flip && move->to < BQ_SQUARES && pos->cell[move->to] != 0;
}

/* The ends of B9–B11 as the side to move meets them, or G_MININT while the game goes on. */
static int
terminal_score (const BqPosition *pos,
                int               ply)
{
  int colour = bq_colour_to_move (pos);

  if (colour >= 0 && bq_pieces_left (pos, colour) == 0)
    return -MATE + ply;
  if (pos->quiet >= bq_quiet_limit (pos))
    return 0;
  return G_MININT;
}

static int
capture_order (const BqPosition *pos,
               const BqMove     *move)
{
  return 10000 + rank_worth (pos->rules, BQ_KIND_RANK (pos->cell[move->to])) * 8
         - rank_worth (pos->rules, BQ_KIND_RANK (pos->cell[move->from])) / 8;
}

static gboolean
unseen (const Engine     *e,
        const BqPosition *pos,
        const BqMove     *move)
{
  return e->blind_colour >= 0 && bq_colour_to_move (pos) == e->blind_colour
         && is_capture (pos, move)
         && BQ_KIND_RANK (pos->cell[move->from]) == BQ_CANNON;
}

/* Sorts @moves by @order, best first (there are few: insertion sort). */
static void
sort_moves (BqMove *moves,
            int    *order,
            int     n)
{
  for (int i = 1; i < n; i++)
    {
      BqMove move = moves[i];
      int key = order[i], j = i - 1;

      for (; j >= 0 && order[j] < key; j--)
        {
          moves[j + 1] = moves[j];
          order[j + 1] = order[j];
        }
      moves[j + 1] = move;
      order[j + 1] = key;
    }
}

static int
quiesce (Engine           *e,
         const BqPosition *pos,
         int               alpha,
         int               beta,
         int               ply,
         int               qdepth)
{
  BqMove moves[BQ_MAX_MOVES];
  int order[BQ_MAX_MOVES];
  int n, m = 0, best, terminal;

  if (catur_search_count_node (e->search))
    return 0;
  if ((guint) ply > e->search->seldepth)
    e->search->seldepth = ply;
  terminal = terminal_score (pos, ply);
  if (terminal != G_MININT)
    return terminal;

  best = bq_engine_evaluate (pos);
  if (best >= beta || qdepth >= MAX_QUIESCENCE || ply >= CATUR_SEARCH_MAX_PLY - 2)
    return best;
  alpha = MAX (alpha, best);

  n = bq_generate (pos, moves);
  for (int i = 0; i < n; i++)
    if (is_capture (pos, &moves[i]) && !unseen (e, pos, &moves[i]))
      {
        order[m] = capture_order (pos, &moves[i]);
        moves[m++] = moves[i];
      }
  sort_moves (moves, order, m);
  for (int i = 0; i < m; i++)
    {
      BqPosition child = *pos;
      int score;

      bq_play (&child, &moves[i]);
      score = child.side == pos->side
              ? quiesce (e, &child, alpha, beta, ply + 1, qdepth + 1)
              : -quiesce (e, &child, -beta, -alpha, ply + 1, qdepth + 1);
      if (e->search->stop)
        return 0;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            alpha = score;
          if (score >= beta)
            break;
        }
    }
  return best;
}

static int search (Engine *e, const BqPosition *pos, int depth, int alpha, int beta, int ply);

/* The score of @child for the side to move in @pos: negated, unless a chain of captures
 * (B12) left the turn with the same player. */
static inline int
child_search (Engine           *e,
              const BqPosition *pos,
              const BqPosition *child,
              int               depth,
              int               alpha,
              int               beta,
              int               ply)
{
  if (child->side == pos->side)
    return search (e, child, depth, alpha, beta, ply);
  return -search (e, child, depth, -beta, -alpha, ply);
}

/* Ceiling and floor of a / b for b > 0, so that Star1's child windows never cut too much. */
static inline int
div_floor (gint64 a,
           gint64 b)
{
  return (int) (a >= 0 ? a / b : -((-a + b - 1) / b));
}

static inline int
div_ceil (gint64 a,
          gint64 b)
{
  return -div_floor (-a, b);
}

/* The flip of @sq as a chance node: the expectation over the pool's kinds of the position
 * after each, for the side to move (Star1). */
static int
chance (Engine           *e,
        const BqPosition *pos,
        int               sq,
        int               depth,
        int               alpha,
        int               beta,
        int               ply)
{
  const int low = -CHANCE_BOUND, high = CHANCE_BOUND;
  gint64 total = 0, sum = 0, left;
  int kinds[BQ_N_KINDS], n_kinds = 0;

  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    if (pos->pool[kind] > 0)
      {
        kinds[n_kinds++] = kind;
        total += pos->pool[kind];
      }
  if (total == 0)
    return 0;
  /* The likeliest first: they narrow the window most. */
  for (int i = 1; i < n_kinds; i++)
    for (int j = i; j > 0 && pos->pool[kinds[j]] > pos->pool[kinds[j - 1]]; j--)
      {
        int swap = kinds[j];

        kinds[j] = kinds[j - 1];
        kinds[j - 1] = swap;
      }

  alpha = CLAMP (alpha, low, high);
  beta = CLAMP (beta, low, high);
  left = total;
  for (int i = 0; i < n_kinds; i++)
    {
      BqPosition child = *pos;
      BqMove flip = { sq, sq, TRUE, kinds[i] };
      gint64 count = pos->pool[kinds[i]];
      int lo = div_floor (alpha * total - sum - (left - count) * high, count);
      int hi = div_ceil (beta * total - sum - (left - count) * low, count);
      int value;

      lo = MAX (lo, low);
      hi = MIN (hi, high);
      bq_play (&child, &flip);
      value = -search (e, &child, depth, -hi, -lo, ply + 1);
      if (e->search->stop)
        return 0;
      value = CLAMP (value, low, high);
      sum += count * value;
      left -= count;
      if (value <= lo && lo > low)
        return div_floor (sum + left * high, total);
      if (value >= hi && hi < high)
        return div_ceil (sum + left * low, total);
    }
  return div_floor (sum, total);
}

static void
order_moves (Engine           *e,
             const BqPosition *pos,
             BqMove           *moves,
             int               n,
             guint32           tt_move,
             int               ply)
{
  int order[BQ_MAX_MOVES];
  CaturSearch *s = e->search;

  for (int i = 0; i < n; i++)
    {
      guint32 code = code_of (&moves[i]);

      if (code == tt_move)
        order[i] = 1 << 24;
      else if (is_capture (pos, &moves[i]))
        order[i] = 1 << 20 | capture_order (pos, &moves[i]);
      else if (code == s->killers[ply][0] || code == s->killers[ply][1])
        order[i] = 1 << 19;
      else
        order[i] = catur_search_history (s, pos->side, code);
    }
  sort_moves (moves, order, n);
}

/* Whether a face-up piece stands next to @sq: a flip there may be taken, or take, at once. */
static gboolean
has_face_up_neighbour (const BqPosition *pos,
                       int               sq)
{
  int file = sq % BQ_FILES, rank = sq / BQ_FILES;

  return (file > 0 && BQ_IS_FACE_UP (pos->cell[sq - 1]))
         || (file < BQ_FILES - 1 && BQ_IS_FACE_UP (pos->cell[sq + 1]))
         || (rank > 0 && BQ_IS_FACE_UP (pos->cell[sq - BQ_FILES]))
         || (rank < BQ_RANKS - 1 && BQ_IS_FACE_UP (pos->cell[sq + BQ_FILES]));
}

/* Below the root, the flips worth a chance node each: those next to a face-up piece, where
 * the piece revealed meets another at once, and one flip far from the others standing for
 * them all (they differ only in where a piece comes up away from the fighting). The root
 * searches every flip. */
static int
select_flips (const BqPosition *pos,
              BqMove           *moves,
              int               n)
{
  gboolean remote_kept = FALSE;
  int kept = 0;

  for (int i = 0; i < n; i++)
    {
      if (moves[i].flip && !has_face_up_neighbour (pos, moves[i].from))
        {
          if (remote_kept)
            continue;
          remote_kept = TRUE;
        }
      moves[kept++] = moves[i];
    }
  return kept;
}

/* Whether the position at @ply (its key stored) stood already, in the game or on the path:
 * only within the run of quiet turns, since flips and captures change every key after them. */
static gboolean
repeated (const Engine     *e,
          const BqPosition *pos,
          int               ply)
{
  int here = e->n_game_keys - 1 + ply;

  for (int back = 4; back <= pos->quiet && here - back >= 0; back += 2)
    if (e->keys[here - back] == e->keys[here])
      return TRUE;
  return FALSE;
}

static int
search (Engine           *e,
        const BqPosition *pos,
        int               depth,
        int               alpha,
        int               beta,
        int               ply)
{
  CaturSearch *s = e->search;
  BqMove moves[BQ_MAX_MOVES];
  const CaturTTEntry *entry;
  guint64 key;
  guint32 tt_move = 0, best_move = 0;
  int n, best = -INFINITE, terminal, original_alpha = alpha;

  if (depth <= 0)
    return quiesce (e, pos, alpha, beta, ply, 0);
  catur_search_clear_pv (s, ply);
  if (catur_search_count_node (s))
    return 0;
  terminal = terminal_score (pos, ply);
  if (terminal != G_MININT)
    return terminal;
  if (ply >= CATUR_SEARCH_MAX_PLY - 2)
    return bq_engine_evaluate (pos);

  key = bq_engine_key (pos);
  e->keys[e->n_game_keys - 1 + ply] = key;
  if (repeated (e, pos, ply))
    return 0;
  entry = catur_tt_probe (s->tt, key);
  if (entry != NULL)
    {
      int score = catur_score_from_tt (entry->score, ply);
      int bound = catur_tt_entry_bound (entry);

      tt_move = entry->move;
      if (entry->depth >= depth
          && (bound == CATUR_TT_EXACT || (bound == CATUR_TT_LOWER && score >= beta)
              || (bound == CATUR_TT_UPPER && score <= alpha)))
        return score;
    }

  n = bq_generate (pos, moves);
  if (n == 0)
    return -MATE + ply;                /* B10: no action loses */
  n = select_flips (pos, moves, n);
  order_moves (e, pos, moves, n, tt_move, ply);

  for (int i = 0; i < n; i++)
    {
      int score;

      if (unseen (e, pos, &moves[i]))
        continue;
      if (moves[i].flip)
        score = chance (e, pos, moves[i].from, depth - FLIP_COST, alpha, beta, ply);
      else
        {
          BqPosition child = *pos;

          bq_play (&child, &moves[i]);
          score = child_search (e, pos, &child, depth - 1, alpha, beta, ply + 1);
        }
      if (s->stop)
        return 0;
      if (score > best)
        {
          best = score;
          best_move = code_of (&moves[i]);
          if (score > alpha)
            {
              alpha = score;
              catur_search_update_pv (s, ply, best_move);
            }
          if (score >= beta)
            {
              if (!is_capture (pos, &moves[i]))
                catur_search_good_quiet (s, pos->side, ply, best_move, depth);
              break;
            }
        }
    }
  if (best == -INFINITE)
    best = bq_engine_evaluate (pos);

  catur_tt_store (s->tt, key, best_move, best, CATUR_TT_NO_EVAL, depth,
                  best >= beta ? CATUR_TT_LOWER
                  : best > original_alpha ? CATUR_TT_EXACT : CATUR_TT_UPPER, ply);
  return best;
}

typedef struct
{
  Engine *engine;
  const BqPosition *pos;
} Root;

static int
root_search (CaturSearch *s,
             int          depth,
             int          alpha,
             int          beta,
             gpointer     user_data)
{
  Root *root = user_data;
  Engine *e = root->engine;
  int best = -INFINITE;

  for (guint i = s->root_first; i < s->n_root_moves; i++)
    {
      BqMove move = move_of (s->root_moves[i].code);
      guint64 nodes = s->nodes;
      int lower = i == s->root_first ? alpha : MAX (alpha - s->margin, -INFINITE + 1);
      int score;

      catur_search_clear_pv (s, 1);
      if (move.flip)
        {
          score = chance (e, root->pos, move.from, depth - FLIP_COST, lower, beta, 0);
        }
      else
        {
          BqPosition child = *root->pos;

          bq_play (&child, &move);
          if (i == s->root_first)
            score = child_search (e, root->pos, &child, depth - 1, alpha, beta, 1);
          else
            {
              /* Within the level's margin the scores must be exact for its random pick. */
              score = child_search (e, root->pos, &child, depth - 1, lower, lower + 1, 1);
              if (score > lower && score < beta)
                score = child_search (e, root->pos, &child, depth - 1, lower, beta, 1);
            }
        }
      if (s->stop)
        break;

      if (catur_search_root_scored (s, i, score, nodes, &best, &alpha, beta))
        break;
    }
  return best;
}

/* The keys of the game's last positions (those of the quiet run that leads to the root),
 * ending with the root's own. */
static void
load_history (Engine                *e,
              const BqPosition      *root,
              const CaturRepetition *history)
{
  guint length = history != NULL ? catur_repetition_get_length (history) : 0;
  guint n = MIN (length, (guint) MIN (root->quiet + 1, MAX_GAME_KEYS - 1));

  for (guint i = 0; i + 1 < n; i++)
    e->keys[i] = catur_repetition_get_key (history, length - n + i);
  e->n_game_keys = n > 0 ? (int) n : 1;
  e->keys[e->n_game_keys - 1] = bq_engine_key (root);
}

/* Searches @observation within @limits; a flip it chooses carries no piece. */
gboolean
bq_engine_think (const BqPosition        *observation,
                 const CaturSearchLimits *limits,
                 CaturSearchInfoFunc      info_func,
                 gpointer                 info_data,
                 GCancellable            *cancellable,
                 CaturSearchResult       *result)
{
  g_autoptr(CaturSearch) search = NULL;
  CaturSearchLimits own = *limits;
  BqPosition pos = *observation;
  BqMove moves[BQ_MAX_MOVES];
  int order[BQ_MAX_MOVES];
  g_autofree Engine *engine = g_new0 (Engine, 1);
  Root root = { engine, &pos };
  int n;

  g_return_val_if_fail (observation != NULL && limits != NULL && result != NULL, FALSE);

  init_tables ();
  load_weights ();
  /* Never read the referee's layout, even if one is handed here by mistake. */
  bq_position_observe (&pos);
  if (own.tuning == NULL)
    own.tuning = bq_levels;
  /* Banqi's Master answers within a second, whatever time it is given (the shell's
   * Master time is every game's); a search to a depth or a node count keeps no clock. */
  if (own.level == CATUR_LEVEL_MASTER && !own.infinite)
    {
      if (own.movetime > 0)
        own.movetime = MIN (own.movetime, BQ_ENGINE_MASTER_MOVETIME);
      else if (own.depth == 0 && own.nodes == 0)
        own.movetime = BQ_ENGINE_MASTER_MOVETIME;
    }
  search = catur_search_new (&own, bq_engine_key (&pos), info_func, info_data, cancellable);
  engine->search = search;
  engine->root_colour = bq_colour_to_move (&pos);
  engine->blind_colour = search->blinkers && engine->root_colour >= 0 ? 1 - engine->root_colour
                                                                       : -1;
  load_history (engine, &pos, limits->history);

  n = bq_legal_moves (&pos, moves);
  for (int i = 0; i < n; i++)
    order[i] = is_capture (&pos, &moves[i]) ? capture_order (&pos, &moves[i])
               : moves[i].flip ? 1 : 0;
  sort_moves (moves, order, n);
  for (int i = 0; i < n && i < CATUR_SEARCH_MAX_ROOT_MOVES; i++)
    catur_search_add_root_move (search, code_of (&moves[i]));
  catur_search_run (search, root_search, &root, result);
  return TRUE;
}
