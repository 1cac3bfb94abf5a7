/* catur-search.h: what every game's computer player shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How the work is split, and why.
 *
 * The work done at each node of a game-tree search (generate the moves, make one, evaluate,
 * unmake it) is most of the time a search spends, and it is where the games differ. Reached
 * through a table of function pointers, every make, unmake and evaluation would be an indirect
 * call the compiler cannot inline, and the driver could not know a game's own pruning rules
 * (when a null move is safe, which repetitions lose, what a quiet move is). So the alpha-beta
 * node loop is written once in catur-search-body.h, which each plugin's engine includes after
 * defining its board's hooks as static inline functions: one copy of the loop is compiled per
 * game, against its own position. This header holds everything that is the same in every game
 * and runs at the edges of a node, not inside it:
 *
 *  - #CaturLevel and one table of what each level may do (depth, nodes, time, the margin
 *    within which it picks a move at random, how often it overlooks a capture);
 *  - #CaturSearchLimits, #CaturSearchInfo and #CaturSearchResult, the values of the
 *    variant contract's `think` method;
 *  - #CaturTT, a transposition table (16-byte entries, buckets of four in one cache line,
 *    probe and store inline here), reusable from one search to the next;
 *  - killer moves, countermoves and history counters, kept in #CaturSearch;
 *  - the clock: time and node limits and the #GCancellable, polled every 1024 nodes so that
 *    a cancelled search stops within a millisecond;
 *  - the iterative-deepening driver catur_search_run(): it calls the game's root search once a
 *    depth inside an aspiration window, keeps the best move and its principal variation
 *    (triangular PV table), reports each finished depth, stops on the soft time limit, and
 *    finally applies the level (a seeded random pick among root moves close to the best).
 *
 * Moves pass through this layer as 32-bit codes: catur_move_pack() of a #CaturMove, so the
 * table, the killers and the PV never need to know a game's move type.
 *
 * A #CaturSearch and a #CaturTT are used by one thread at a time; two searches may run in two
 * threads at once on two tables.
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-types.h"
#include "catur-repetition.h"

G_BEGIN_DECLS

/* A game's evaluation weights: constants in the game, variables in the build of the
 * evaluation that tools/catur-tune.c links, which moves them as it fits them to positions. */
#ifdef CATUR_TUNING
# define CATUR_WEIGHT
#else
# define CATUR_WEIGHT const
#endif

/* Scores are in centipawns (a hundredth of the game's pawn) from the side to move's view.
 * A mate in n plies scores CATUR_SCORE_MATE - n for the winner. */
#define CATUR_SCORE_INFINITE 32000
#define CATUR_SCORE_MATE 30000
#define CATUR_SEARCH_MAX_PLY 128
#define CATUR_SCORE_MATE_BOUND (CATUR_SCORE_MATE - CATUR_SEARCH_MAX_PLY)
/* Shogi has positions of 593 legal moves; the list lives in the heap-allocated #CaturSearch. */
#define CATUR_SEARCH_MAX_ROOT_MOVES 1024

/**
 * CaturLevel:
 * @CATUR_LEVEL_NEWCOMER: the lowest rung: a very short search that often overlooks a capture
 *   coming and plays a weaker move among those that seem safe: someone learning the moves can
 *   win
 * @CATUR_LEVEL_BEGINNER: short, picks among good-enough moves at random and sometimes
 *   overlooks a capture: a new player can win
 * @CATUR_LEVEL_CASUAL: a little longer, now and then careless
 * @CATUR_LEVEL_INTERMEDIATE: a short, honest search; the strength of hints
 * @CATUR_LEVEL_ADVANCED: a longer honest search
 * @CATUR_LEVEL_EXPERT: a deep search
 * @CATUR_LEVEL_CANDIDATE_MASTER: a deeper search, a step below Master at its default time
 * @CATUR_LEVEL_MASTER: full strength in the time it is given
 *
 * The ladder of levels, weakest first. The level ids (`newcomer`, `beginner`, …) are those of
 * the `level` setting and of catur-engine's `Level` option; `beginner`, `intermediate` and
 * `master` were the only three once, and keep their meaning.
 */
typedef enum
{
  CATUR_LEVEL_NEWCOMER,
  CATUR_LEVEL_BEGINNER,
  CATUR_LEVEL_CASUAL,
  CATUR_LEVEL_INTERMEDIATE,
  CATUR_LEVEL_ADVANCED,
  CATUR_LEVEL_EXPERT,
  CATUR_LEVEL_CANDIDATE_MASTER,
  CATUR_LEVEL_MASTER,
} CaturLevel;

#define CATUR_N_LEVELS 8
#define CATUR_LEVEL_HINT CATUR_LEVEL_INTERMEDIATE

/**
 * CaturLevelSpec:
 * @level: the level
 * @id: its stable id
 * @name: its untranslated name; catur_level_get_name() translates it
 * @label: its untranslated name with a mnemonic, for menus; catur_level_get_label()
 * @max_depth: the deepest iteration, in plies; 0 for no cap
 * @max_nodes: the most nodes a move may cost; 0 for no cap
 * @max_movetime: the most time a move may take, in ms; 0 for no cap
 * @default_movetime: the time a move takes when the caller gives no limit, in ms
 * @margin: the move is picked at random among the root moves scoring at most this much below
 *   the best (0: always the best)
 * @blunder_permille: how often, per move, the level plays with blinkers: the game's search then
 *   overlooks the opponent's less visible captures (each game says which: in Xiangqi those of
 *   the cannon and the horse)
 *
 * The one place where levels are defined: every game reads its limits and rules from here,
 * and a game whose rungs these settings space too far apart or too close may play them at its
 * own node counts, margins and blinkers (#CaturLevelTuning).
 */
typedef struct
{
  CaturLevel level;
  const char *id;
  const char *name;
  const char *label;
  guint max_depth;
  guint64 max_nodes;
  guint max_movetime;
  guint default_movetime;
  int margin;
  guint blunder_permille;
} CaturLevelSpec;

/**
 * CaturLevelTuning:
 * @max_nodes: the most nodes a move may cost at this rung in this game; 0 to play the rung
 *   as the ladder does (#CaturLevelSpec), whatever the other fields say
 * @margin: as #CaturLevelSpec's @margin
 * @blunder_permille: as #CaturLevelSpec's @blunder_permille
 *
 * How one rung below Master plays in one game. One table of levels cannot space every game's
 * rungs 60 to 85 % apart (a doubling of nodes gains far more in Shogi than in Chess), so a
 * game's engine may keep a table of these, one for each level, and hand it to the search in
 * #CaturSearchLimits's @tuning, with entries only for the rungs it plays its own way. Master's
 * entry is not read: Master has no caps in any game.
 */
typedef struct
{
  guint64 max_nodes;
  int margin;
  guint blunder_permille;
} CaturLevelTuning;

const CaturLevelSpec *catur_level_get_spec (CaturLevel  level);
const char           *catur_level_to_id    (CaturLevel  level);
gboolean              catur_level_from_id  (const char *id,
                                            CaturLevel *level);
const char           *catur_level_get_name (CaturLevel  level);
const char           *catur_level_get_label (CaturLevel  level);
CaturLevelTuning      catur_level_get_tuning (CaturLevel              level,
                                              const CaturLevelTuning *game_tuning);
char                 *catur_level_describe_elo   (CaturLevel  level,
                                                  int         elo);
char                 *catur_level_describe_skill (CaturLevel  level,
                                                  int         skill);
char                 *catur_level_describe_score (int         percent,
                                                  CaturLevel  below);

/* A move as a 32-bit code: from, to, piece and flags, a byte each. */
static inline guint32
catur_move_pack (const CaturMove *move)
{
  return (guint32) move->from | (guint32) move->to << 8 | (guint32) move->piece << 16
         | (guint32) move->flags << 24;
}

static inline CaturMove
catur_move_unpack (guint32 code)
{
  CaturMove move = { code & 0xff, (code >> 8) & 0xff, (code >> 16) & 0xff, code >> 24 };

  return move;
}

typedef struct _CaturTT CaturTT;

/**
 * CaturSearchLimits:
 * @level: the level, whose caps apply on top of the limits below
 * @depth: the deepest iteration in plies, 0 for none
 * @movetime: the hard time limit in ms, 0 for none
 * @soft_movetime: in ms: no new iteration starts after this (clock games); 0 for @movetime
 * @nodes: stop after about this many nodes, 0 for none
 * @infinite: search until cancelled, whatever the level's default time
 * @seed: feeds the level's random choices; the same seed and position give the same move
 * @tt: (nullable): a table to reuse between searches (one search at a time), or %NULL for
 *   a fresh table of @hash_mb
 * @hash_mb: the size of a fresh table in MiB, 0 for the default
 * @history: (nullable): the positions of the game up to the one searched (its last entry is
 *   that position's), for the rules of repetition inside the search; %NULL when the position
 *   stands alone. It belongs to the caller, who hands each search a copy of its own
 *   (catur_repetition_copy()) when the game goes on in another thread meanwhile
 * @searchmoves: (nullable) (array length=n_searchmoves): the root moves the search may
 *   choose among (UCI's `go searchmoves`), or %NULL for all of them; a move is matched by its
 *   squares and, for promotions and drops, its piece. The caller keeps the array alive for
 *   the search
 * @n_searchmoves: their number
 * @multipv: how many best root moves to search with exact scores (UCI's `MultiPV`), each in
 *   a line of its own (#CaturSearchResult's @lines); 0 or 1 for the best alone, at most
 *   %CATUR_SEARCH_MAX_LINES. The level's random pick still chooses @move
 * @tuning: (nullable) (array fixed-size=7): the game's own settings of the rungs below Master,
 *   one for each level, or %NULL for the ladder's (#CaturLevelSpec); a game's engine sets it
 *   when the caller left it %NULL
 * @threads: how many threads may search, 0 or 1 for one, at most %CATUR_SEARCH_MAX_THREADS
 *   (UCI's `Threads`). The others are helpers: each searches the same root on its own, a ply
 *   deeper than the lead where it can, and they share only the table (a "lazy SMP" search).
 *   Only a search bounded by time or depth uses them: a rung that stops at a node count, picks
 *   within a margin or plays with blinkers must play alike on every machine, so it searches
 *   alone
 *
 * With no limit at all (and not @infinite) the level's default time applies.
 *
 * The game's past travels here, not as an argument of think(), because it is one more thing
 * the caller tells the search besides the position, as the rest of this struct is: games
 * without rules of repetition, and callers without a game (`bench`), leave it %NULL.
 */
typedef struct
{
  CaturLevel level;
  guint depth;
  guint movetime;
  guint soft_movetime;
  guint64 nodes;
  gboolean infinite;
  guint64 seed;
  CaturTT *tt;
  guint hash_mb;
  const CaturRepetition *history;
  const CaturMove *searchmoves;
  guint n_searchmoves;
  guint multipv;
  const CaturLevelTuning *tuning;
  guint threads;
} CaturSearchLimits;

#define CATUR_SEARCH_MAX_THREADS 16
#define CATUR_SEARCH_MACHINE_THREADS 4

void catur_search_limits_init (CaturSearchLimits *limits,
                               CaturLevel         level);
void catur_search_limits_set_clock (CaturSearchLimits *limits,
                                    gint64             time_left,
                                    gint64             increment,
                                    guint              moves_to_go);
void catur_search_limits_set_byoyomi (CaturSearchLimits *limits,
                                      gint64             time_left,
                                      gint64             byoyomi);

/**
 * CaturSearchInfo:
 * @depth: the iteration just finished
 * @seldepth: the deepest ply reached
 * @score: its score (see CATUR_SCORE_MATE)
 * @mate: 0, or the mate in moves (positive: the side to move mates; negative: is mated)
 * @nodes: nodes searched so far
 * @time_ms: time spent so far
 * @nps: nodes a second
 * @pv: the principal variation
 * @pv_length: its length
 * @multipv: with #CaturSearchLimits's @multipv above 1, which line this is (1 for the best);
 *   each finished iteration then reports every line in turn. 0 otherwise
 *
 * Scores are from the side to move's view, as everywhere in a search.
 */
typedef struct
{
  guint depth;
  guint seldepth;
  int score;
  int mate;
  guint64 nodes;
  guint64 time_ms;
  guint64 nps;
  const CaturMove *pv;
  guint pv_length;
  guint multipv;
} CaturSearchInfo;

/**
 * CaturSearchInfoFunc:
 *
 * Called in the search's thread after each finished iteration.
 */
typedef void (*CaturSearchInfoFunc) (const CaturSearchInfo *info,
                                     gpointer               user_data);

#define CATUR_SEARCH_MAX_LINES 16
#define CATUR_SEARCH_LINE_LENGTH 32

/**
 * CaturSearchLine:
 * @move: the line's root move
 * @score: its score from the side to move's view (see CATUR_SCORE_MATE)
 * @mate: 0, or the mate in moves (positive: the side to move mates; negative: is mated)
 * @pv: the line, beginning with @move
 * @pv_length: its length, at most %CATUR_SEARCH_LINE_LENGTH
 *
 * One of the best root moves of a search, for the coach and the tools: with
 * #CaturSearchLimits's @multipv the lines are the best moves in order, each exactly scored.
 */
typedef struct
{
  CaturMove move;
  int score;
  int mate;
  CaturMove pv[CATUR_SEARCH_LINE_LENGTH];
  guint pv_length;
} CaturSearchLine;

/**
 * CaturSearchResult:
 * @has_move: %FALSE when the side to move has no legal move
 * @move: the move chosen (legal in the position searched)
 * @score: its score, as in #CaturSearchInfo
 * @mate: as in #CaturSearchInfo
 * @depth: the last finished iteration
 * @nodes: nodes searched
 * @time_ms: time spent
 * @pv: the principal variation beginning with the best move (which the level's random pick
 *   may not have chosen)
 * @pv_length: its length
 * @declares_win: @move is a declaration (%CATUR_MOVE_DECLARE) that wins the game at once, such
 *   as Shogi's impasse: USI says `bestmove win` for it. catur_variant_think() sets it when
 *   the variant's search did not
 * @lines: the best root moves of the last finished iteration, best first: one, or as many as
 *   #CaturSearchLimits's @multipv asked for (fewer when there are fewer legal moves); set by
 *   the searches of catur_search_run(), empty from a game with a search of its own
 * @n_lines: their number
 */
typedef struct
{
  gboolean has_move;
  CaturMove move;
  int score;
  int mate;
  guint depth;
  guint64 nodes;
  guint64 time_ms;
  CaturMove pv[CATUR_SEARCH_MAX_PLY];
  guint pv_length;
  gboolean declares_win;
  CaturSearchLine lines[CATUR_SEARCH_MAX_LINES];
  guint n_lines;
} CaturSearchResult;

/* The transposition table. */

typedef enum
{
  CATUR_TT_NONE = 0,
  CATUR_TT_UPPER = 1,          /* score <= the true value's bound: failed low */
  CATUR_TT_LOWER = 2,          /* failed high */
  CATUR_TT_EXACT = 3,
} CaturTTBound;

typedef struct
{
  guint32 check;               /* the key's high half */
  guint32 move;                /* the best move's code, 0 for none */
  gint16 score;
  gint16 eval;                 /* the static evaluation, or CATUR_TT_NO_EVAL */
  guint8 depth;
  guint8 flags;                /* bound in bits 0-1, generation in bits 2-7 */
  guint8 pad[2];
} CaturTTEntry;

#define CATUR_TT_NO_EVAL G_MININT16
#define CATUR_TT_BUCKET 4

struct _CaturTT
{
  /*< private >*/
  gatomicrefcount ref_count;
  CaturTTEntry *entries;
  guint64 mask;                /* bucket count - 1 */
  guint8 generation;
};

CaturTT *catur_tt_new          (guint    megabytes);
CaturTT *catur_tt_ref          (CaturTT *self);
void     catur_tt_unref        (CaturTT *self);
void     catur_tt_clear        (CaturTT *self);
void     catur_tt_resize       (CaturTT *self,
                                guint    megabytes);
void     catur_tt_new_search   (CaturTT *self);
void     catur_tt_touch        (CaturTT *self);
guint    catur_tt_hashfull     (CaturTT *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturTT, catur_tt_unref)

/* Mate scores are stored relative to the node, not the root, so that a transposition met at
 * another ply reads the right distance. */
static inline int
catur_score_to_tt (int score,
                   int ply)
{
  if (score >= CATUR_SCORE_MATE_BOUND)
    return score + ply;
  if (score <= -CATUR_SCORE_MATE_BOUND)
    return score - ply;
  return score;
}

static inline int
catur_score_from_tt (int score,
                     int ply)
{
  if (score >= CATUR_SCORE_MATE_BOUND)
    return score - ply;
  if (score <= -CATUR_SCORE_MATE_BOUND)
    return score + ply;
  return score;
}

/* The entry for @key, or %NULL. */
static inline const CaturTTEntry *
catur_tt_probe (CaturTT *self,
                guint64  key)
{
  CaturTTEntry *bucket = self->entries + (key & self->mask) * CATUR_TT_BUCKET;
  guint32 check = (guint32) (key >> 32);

  for (int i = 0; i < CATUR_TT_BUCKET; i++)
    if (bucket[i].check == check && bucket[i].flags != 0)
      return &bucket[i];
  return NULL;
}

/* The entry for @key copied to @copy, or %NULL: what a search with helpers reads, since
 * another thread may be rewriting the entry meanwhile; the copy is checked again so that its
 * fields belong together (all but always). */
static inline const CaturTTEntry *
catur_tt_probe_copy (CaturTT      *self,
                     guint64       key,
                     CaturTTEntry *copy)
{
  const CaturTTEntry *entry = catur_tt_probe (self, key);

  if (entry == NULL)
    return NULL;
  *copy = *(const volatile CaturTTEntry *) entry;
  return copy->check == (guint32) (key >> 32) && copy->flags != 0 ? copy : NULL;
}

/* Keeps the entry of the same key if it is deeper and of this search, else replaces the
 * shallowest entry, preferring those of earlier searches. */
static inline void
catur_tt_store (CaturTT *self,
                guint64  key,
                guint32  move,
                int      score,
                int      eval,
                int      depth,
                int      bound,
                int      ply)
{
  CaturTTEntry *bucket = self->entries + (key & self->mask) * CATUR_TT_BUCKET;
  guint32 check = (guint32) (key >> 32);
  CaturTTEntry *victim = &bucket[0];
  int victim_worth = G_MAXINT;

  depth = CLAMP (depth, 0, 255);
  for (int i = 0; i < CATUR_TT_BUCKET; i++)
    {
      CaturTTEntry *entry = &bucket[i];
      int worth;

      if (entry->check == check || entry->flags == 0)
        {
          victim = entry;
          if (entry->check == check && entry->flags != 0)
            {
              /* A shallower answer for the same position keeps the better one's move. */
              if (move == 0)
                move = entry->move;
              if (bound != CATUR_TT_EXACT && depth + 2 < entry->depth
                  && (entry->flags >> 2) == self->generation)
                return;
            }
          break;
        }
      worth = entry->depth - 8 * ((guint8) (self->generation - (entry->flags >> 2)) & 63);
      if (worth < victim_worth)
        {
          victim_worth = worth;
          victim = entry;
        }
    }

  victim->check = check;
  victim->move = move;
  victim->score = (gint16) catur_score_to_tt (score, ply);
  victim->eval = (gint16) eval;
  victim->depth = (guint8) depth;
  victim->flags = (guint8) (bound | (self->generation << 2));
}

static inline int
catur_tt_entry_bound (const CaturTTEntry *entry)
{
  return entry->flags & 3;
}

/* The state of one search: the plugin's alpha-beta reads and updates it directly. */

typedef struct _CaturSearch CaturSearch;

/* A MultiPV line as the search keeps it. */
typedef struct
{
  int score;
  guint32 pv[CATUR_SEARCH_LINE_LENGTH];
  guint pv_length;
} CaturSearchLineCodes;

/**
 * CaturRootMove:
 * @code: the move
 * @score: the score of its last search; only exact within the level's margin of the best
 * @previous_score: its score at the previous depth
 * @nodes: nodes its subtree took at the last depth, to order the next
 *
 * The plugin fills the root move list before catur_search_run(), in its preferred order.
 */
typedef struct
{
  guint32 code;
  int score;
  int previous_score;
  guint64 nodes;
} CaturRootMove;

/**
 * CaturSearchRootFunc:
 * @search: the search
 * @depth: the iteration's depth
 * @alpha: the window's lower bound
 * @beta: the window's upper bound
 * @user_data: the plugin's data
 *
 * Searches every root move at @depth from index @search->root_first on (the earlier ones
 * are the lines MultiPV already found), in the order of @search's root list. For each move it
 * sets the move's score; when a move beats the best so far (the first one searched always
 * does) it calls catur_search_root_improved(). Root moves after the first one searched are
 * searched with the lower bound @alpha - search->margin so that the level's random pick sees
 * exact scores.
 * It returns at once when catur_search_stopped() holds.
 *
 * Returns: the best score, or a bound of it outside (@alpha, @beta)
 */
typedef int (*CaturSearchRootFunc) (CaturSearch *search,
                                    int          depth,
                                    int          alpha,
                                    int          beta,
                                    gpointer     user_data);

struct _CaturSearch
{
  /* Set up by catur_search_init() from the limits and the level; read by the plugin. */
  const CaturLevelSpec *level;
  CaturTT *tt;
  int margin;                  /* the level's random-pick margin */
  gboolean blinkers;           /* this move, overlook the less visible captures */
  guint max_depth;

  /* Counted and set by the plugin. */
  guint64 nodes;
  guint seldepth;
  volatile gboolean stop;      /* set by catur_search_poll(); the plugin unwinds at once */

  /* Move ordering, kept by the plugin through the helpers below. */
  guint32 killers[CATUR_SEARCH_MAX_PLY][2];
  gint32 history[2][1 << 16];
  guint32 countermoves[1 << 16];   /* the quiet reply that refuted a move last time */

  /* The principal variation: pv[ply] holds the line from ply on. */
  guint32 pv[CATUR_SEARCH_MAX_PLY + 1][CATUR_SEARCH_MAX_PLY + 1];
  guint8 pv_length[CATUR_SEARCH_MAX_PLY + 1];

  /* The root moves. */
  CaturRootMove root_moves[CATUR_SEARCH_MAX_ROOT_MOVES];
  guint n_root_moves;
  guint root_first;            /* where the root search begins: the MultiPV line's index */

  /*< private >*/
  GCancellable *cancellable;
  CaturSearchInfoFunc info_func;
  gpointer info_data;
  GRand *rand;
  gint64 start_time;
  gint64 hard_deadline;        /* monotonic µs, 0 for none */
  gint64 soft_deadline;
  guint64 max_nodes;
  gboolean infinite;
  guint64 next_poll;
  /* The result of the last finished iteration, and of the current one so far. */
  guint32 best_pv[CATUR_SEARCH_MAX_PLY];
  guint best_pv_length;
  int best_score;
  guint completed_depth;
  gboolean iteration_has_best;
  guint32 *searchmoves;        /* the allowed root moves' keys, or NULL */
  guint n_searchmoves;
  guint multipv;
  /* The lines of the last iteration whose every line finished, and of the current one. */
  CaturSearchLineCodes lines[2][CATUR_SEARCH_MAX_LINES];
  guint n_lines;
  /* A lead search's helpers, and a helper's lead and number (from 1). */
  CaturSearch *helpers[CATUR_SEARCH_MAX_THREADS - 1];
  guint n_helpers;
  CaturSearch *lead;
  guint helper_index;
  gint lead_depth;             /* the lead's last finished depth, read by its helpers */
};

CaturSearch *catur_search_new            (const CaturSearchLimits *limits,
                                          guint64                  position_key,
                                          CaturSearchInfoFunc      info_func,
                                          gpointer                 info_data,
                                          GCancellable            *cancellable);
void         catur_search_free           (CaturSearch             *self);
void         catur_search_add_root_move  (CaturSearch             *self,
                                          guint32                  code);
guint        catur_search_threads_for_machine (void);
guint        catur_search_helpers_wanted (CaturSearch             *self,
                                          const CaturSearchLimits *limits);
CaturSearch *catur_search_new_helper     (CaturSearch             *lead,
                                          guint                    index,
                                          GCancellable            *stop);
guint64      catur_search_total_nodes    (CaturSearch             *self);
void         catur_search_run            (CaturSearch             *self,
                                          CaturSearchRootFunc      root_func,
                                          gpointer                 user_data,
                                          CaturSearchResult       *result);
void         catur_search_root_improved  (CaturSearch             *self,
                                          guint                    index,
                                          int                      score);
void         catur_search_poll           (CaturSearch             *self);
guint        catur_search_random         (CaturSearch             *self,
                                          guint                    n);
gint64       catur_search_elapsed_ms     (CaturSearch             *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturSearch, catur_search_free)

#define CATUR_SEARCH_POLL_INTERVAL 1024

/* Counts a node; polls the clock and the cancellable now and then. */
static inline gboolean
catur_search_count_node (CaturSearch *self)
{
  if (G_UNLIKELY (++self->nodes >= self->next_poll))
    catur_search_poll (self);
  return self->stop;
}

static inline gboolean
catur_search_stopped (CaturSearch *self)
{
  return self->stop;
}

/* A root search's bookkeeping once root move @index is searched: its @score and the nodes
 * its subtree took (@nodes_before: the count when it began); when it beats *@best, the new
 * best, and inside the window the new *@alpha (catur_search_root_improved()). Returns %TRUE
 * when it fails high: the root search ends there. */
static inline gboolean
catur_search_root_scored (CaturSearch *self,
                          guint        index,
                          int          score,
                          guint64      nodes_before,
                          int         *best,
                          int         *alpha,
                          int          beta)
{
  self->root_moves[index].nodes = self->nodes - nodes_before;
  self->root_moves[index].score = score;
  if (score <= *best)
    return FALSE;
  *best = score;
  if (score > *alpha)
    {
      catur_search_root_improved (self, index, score);
      *alpha = score;
    }
  return score >= beta;
}

/* The PV from @ply is @code followed by the PV from @ply + 1. */
static inline void
catur_search_update_pv (CaturSearch *self,
                        int          ply,
                        guint32      code)
{
  guint8 child = ply + 1 < CATUR_SEARCH_MAX_PLY ? self->pv_length[ply + 1] : 0;

  self->pv[ply][0] = code;
  for (guint i = 0; i < child; i++)
    self->pv[ply][i + 1] = self->pv[ply + 1][i];
  self->pv_length[ply] = child + 1;
}

static inline void
catur_search_clear_pv (CaturSearch *self,
                       int          ply)
{
  self->pv_length[ply] = 0;
}

/* The history table's slot of a move. */
static inline guint
catur_search_history_index (guint32 code)
{
  return (code ^ (code >> 16)) & 0xffff;
}

/* A quiet move caused a cut-off: remember it as a killer of @ply and reward it. */
static inline void
catur_search_good_quiet (CaturSearch *self,
                         int          side,
                         int          ply,
                         guint32      code,
                         int          depth)
{
  gint32 *slot = &self->history[side & 1][catur_search_history_index (code)];
  int bonus = MIN (depth * depth, 400);

  if (self->killers[ply][0] != code)
    {
      self->killers[ply][1] = self->killers[ply][0];
      self->killers[ply][0] = code;
    }
  /* Saturating update: scores stay within ±16384. */
  *slot += bonus - *slot * bonus / 16384;
}

/* A quiet move searched before the one that cut off: it was not good. */
static inline void
catur_search_bad_quiet (CaturSearch *self,
                        int          side,
                        guint32      code,
                        int          depth)
{
  gint32 *slot = &self->history[side & 1][catur_search_history_index (code)];
  int malus = MIN (depth * depth, 400);

  *slot -= malus + *slot * malus / 16384;
}

static inline int
catur_search_history (CaturSearch *self,
                      int          side,
                      guint32      code)
{
  return self->history[side & 1][catur_search_history_index (code)];
}

/* The quiet move @code refuted @previous (the move that led to the node). */
static inline void
catur_search_set_countermove (CaturSearch *self,
                              guint32      previous,
                              guint32      code)
{
  if (previous != 0)
    self->countermoves[catur_search_history_index (previous)] = code;
}

/* A quiet move @code caused a cut-off after the quiet moves @quiets had failed: it becomes a
 * killer and the countermove of @previous (the move that led to the node), and the history
 * rewards it and punishes them. */
static inline void
catur_search_quiet_cutoff (CaturSearch   *self,
                           int            side,
                           int            ply,
                           guint32        code,
                           guint32        previous,
                           const guint32 *quiets,
                           int            n_quiets,
                           int            depth)
{
  catur_search_good_quiet (self, side, ply, code, depth);
  catur_search_set_countermove (self, previous, code);
  for (int q = 0; q < n_quiets; q++)
    catur_search_bad_quiet (self, side, quiets[q], depth);
}

static inline guint32
catur_search_countermove (CaturSearch *self,
                          guint32      previous)
{
  return previous != 0 ? self->countermoves[catur_search_history_index (previous)] : 0;
}

/* For the node loop every game shares: catur-search-body.h. */

/* The members every engine's state holds, for the body to read and write. */
#define CATUR_SEARCH_FIELDS \
  CaturSearch *search; \
  int blind_side;              /* whose less visible captures are overlooked, or -1 */ \
  guint32 move_to[CATUR_SEARCH_MAX_PLY + 4];  /* the move that led to each ply, 0: null */ \
  int static_eval[CATUR_SEARCH_MAX_PLY + 4]

/* The order of the moves at the root: the table's, then the tactical ones (by their own
 * order, within these bounds), then the rest. */
#define CATUR_SEARCH_ORDER_TT 4000000
#define CATUR_SEARCH_ORDER_GOOD_CAPTURE 2000000

/* The stages of the move picker, which moves a node tries in this order. */
enum
{
  CATUR_STAGE_TT,
  CATUR_STAGE_CAPTURES,
  CATUR_STAGE_KILLERS,
  CATUR_STAGE_COUNTERMOVE,
  CATUR_STAGE_GENERATE_QUIETS,
  CATUR_STAGE_QUIETS,
  CATUR_STAGE_BAD_CAPTURES,
  CATUR_STAGE_DONE,
};

/* The history of a repetition cycle as Xiangqi (RULES §1.4) and Shogi (S10) judge it: the
 * position at @index of @keys met again at an earlier index of the same side to move (no
 * earlier than @limit). If exactly one side gave check with every move of the cycle (as
 * @gave_check records, by index), that side loses; otherwise it is a draw. Sets @score from
 * the view of the side to move at @ply, @win being the score of a win at ply 0. */
static inline gboolean
catur_search_perpetual_verdict (const guint64 *keys,
                                const guint8  *gave_check,
                                int            index,
                                int            limit,
                                int            ply,
                                int            win,
                                int           *score)
{
  guint64 key = keys[index];

  for (int j = index - 4; j >= limit; j -= 2)
    {
      gboolean mover_checked = TRUE, other_checked = TRUE;

      if (keys[j] != key)
        continue;

      /* The ply that led to index t was played by the side that just moved when
       * index - t is even. */
      for (int t = index; t > j; t--)
        {
          if ((index - t) % 2 == 0)
            mover_checked &= gave_check[t];
          else
            other_checked &= gave_check[t];
        }
      /* The side that checked throughout loses: here, the one that just moved. */
      if (mover_checked && !other_checked)
        *score = win - ply;
      else if (other_checked && !mover_checked)
        *score = -(win - ply);
      else
        *score = 0;
      return TRUE;
    }
  return FALSE;
}

guint catur_search_load_record (const CaturRepetition *history,
                                guint64                key,
                                guint64                other_key,
                                guint                  max_window,
                                guint64               *keys,
                                guint8                *gave_check);

G_END_DECLS
