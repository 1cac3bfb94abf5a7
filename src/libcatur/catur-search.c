/* catur-search.c: levels, the transposition table, the clock and the iterative-deepening driver
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur-search"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

/* The ladder. The rungs below Master stop at a node count, never at a depth (a depth cap
 * makes a cliff: three plies lose every game to four), so a level plays alike on a fast and on
 * a busy machine; each scores 60 to 85 % against the one below where measured
 * (tests/bench/README.md, "The ladder"). The three lowest rungs lose like people: on some moves
 * (blunder_permille) they do not see the opponent's less visible captures coming, and none of
 * them throws a piece away on purpose. Only Newcomer also picks at random among the moves close
 * to its best (the margin, in centipawns): the exact scores that pick needs cost a search about
 * half its nodes, more than a whole step of the ladder. */
static const CaturLevelSpec levels[CATUR_N_LEVELS] = {
  {
    .level = CATUR_LEVEL_NEWCOMER,
    .id = "newcomer",
    .name = N_("Newcomer"),
    .label = N_("_Newcomer"),
    .max_depth = 0,
    .max_nodes = 1500,
    .max_movetime = 1000,
    .default_movetime = 1000,
    .margin = 30,
    .blunder_permille = 350,
  },
  {
    .level = CATUR_LEVEL_BEGINNER,
    .id = "beginner",
    .name = N_("Beginner"),
    .label = N_("_Beginner"),
    .max_depth = 0,
    .max_nodes = 3000,
    .max_movetime = 1000,
    .default_movetime = 1000,
    .margin = 0,
    .blunder_permille = 200,
  },
  {
    .level = CATUR_LEVEL_CASUAL,
    .id = "casual",
    .name = N_("Casual"),
    .label = N_("C_asual"),
    .max_depth = 0,
    .max_nodes = 6000,
    .max_movetime = 1500,
    .default_movetime = 1500,
    .margin = 0,
    .blunder_permille = 60,
  },
  {
    .level = CATUR_LEVEL_INTERMEDIATE,
    .id = "intermediate",
    .name = N_("Intermediate"),
    .label = N_("_Intermediate"),
    .max_depth = 0,
    .max_nodes = 10000,
    .max_movetime = 2000,
    .default_movetime = 2000,
    .margin = 0,
    .blunder_permille = 0,
  },
  {
    .level = CATUR_LEVEL_ADVANCED,
    .id = "advanced",
    .name = N_("Advanced"),
    .label = N_("A_dvanced"),
    .max_depth = 0,
    .max_nodes = 25000,
    .max_movetime = 2000,
    .default_movetime = 2000,
    .margin = 0,
    .blunder_permille = 0,
  },
  {
    .level = CATUR_LEVEL_EXPERT,
    .id = "expert",
    .name = N_("Expert"),
    .label = N_("_Expert"),
    .max_depth = 0,
    .max_nodes = 90000,
    .max_movetime = 3000,
    .default_movetime = 3000,
    .margin = 0,
    .blunder_permille = 0,
  },
  {
    /* Master at its default time searches some fifteen (Xiangqi) to sixty (Shogi) times
     * Expert's nodes, far more than one step of the ladder: this rung stands between them. */
    .level = CATUR_LEVEL_CANDIDATE_MASTER,
    .id = "candidate-master",
    .name = N_("Candidate Master"),
    .label = N_("_Candidate Master"),
    .max_depth = 0,
    .max_nodes = 250000,
    .max_movetime = 4000,
    .default_movetime = 4000,
    .margin = 0,
    .blunder_permille = 0,
  },
  {
    .level = CATUR_LEVEL_MASTER,
    .id = "master",
    .name = N_("Master"),
    .label = N_("_Master"),
    .max_depth = 0,
    .max_nodes = 0,
    .max_movetime = 0,
    .default_movetime = 2000,
    .margin = 0,
    .blunder_permille = 0,
  },
};

/* Leaves room for the reply to reach the other program before the time is up. */
#define MOVE_OVERHEAD_MS 10
/* A move in byoyomi that comes late loses the game: more room for a busy machine. */
#define BYOYOMI_MARGIN_MS 100
/* What a move on a clock costs beyond its search, kept back for each move to come. */
#define CLOCK_RESERVE_MS 25
#define DEFAULT_HASH_MB 16
#define ASPIRATION_DELTA 25
#define ASPIRATION_MIN_DEPTH 5

const CaturLevelSpec *
catur_level_get_spec (CaturLevel level)
{
  g_return_val_if_fail (level < CATUR_N_LEVELS, &levels[CATUR_LEVEL_MASTER]);

  return &levels[level];
}

const char *
catur_level_to_id (CaturLevel level)
{
  return catur_level_get_spec (level)->id;
}

gboolean
catur_level_from_id (const char *id,
                     CaturLevel *level)
{
  g_return_val_if_fail (id != NULL, FALSE);

  for (guint i = 0; i < CATUR_N_LEVELS; i++)
    if (g_str_equal (levels[i].id, id))
      {
        if (level != NULL)
          *level = levels[i].level;
        return TRUE;
      }
  return FALSE;
}

/* The level's name in the user's language ("Beginner"). */
const char *
catur_level_get_name (CaturLevel level)
{
  return g_dgettext (GETTEXT_PACKAGE, catur_level_get_spec (level)->name);
}

/* The level's name with a mnemonic, for menus ("_Beginner"), in the user's language. */
const char *
catur_level_get_label (CaturLevel level)
{
  return g_dgettext (GETTEXT_PACKAGE, catur_level_get_spec (level)->label);
}

/**
 * catur_level_get_tuning:
 * @level: the level
 * @game_tuning: (nullable) (array fixed-size=7): a game's own settings of the rungs, or %NULL
 *
 * Returns: how @level plays in that game: its entry of @game_tuning, or the ladder's settings
 *   for Master, without a table, and where the table's entry has no node count
 */
CaturLevelTuning
catur_level_get_tuning (CaturLevel              level,
                        const CaturLevelTuning *game_tuning)
{
  const CaturLevelSpec *spec = catur_level_get_spec (level);

  if (game_tuning != NULL && spec->level != CATUR_LEVEL_MASTER
      && game_tuning[spec->level].max_nodes > 0)
    return game_tuning[spec->level];
  return (CaturLevelTuning) { spec->max_nodes, spec->margin, spec->blunder_permille };
}

/**
 * catur_level_describe_elo:
 * @level: the level
 * @elo: its rating measured against Stockfish's `UCI_Elo` (tests/bench/README.md, "The
 *   ladder"), at the node count of a level below Master and at 0.2 s a move for Master; or
 *   stated through the ladder below Stockfish's weakest setting (1350)
 *
 * For a game's describe_level_strength().
 *
 * Returns: (transfer full): the strength in words, in the user's language
 */
char *
catur_level_describe_elo (CaturLevel level,
                          int        elo)
{
  /* Master thinks for the time the player gives it, more than the matches gave it. */
  if (level == CATUR_LEVEL_MASTER)
    /* Translators: the strength of the strongest level of the computer, shown under it */
    return g_strdup_printf (_("About %d Elo at a fifth of a second a move, measured against "
                              "Stockfish; stronger with more time"), elo);
  /* Translators: the strength of a level of the computer, shown under it */
  return g_strdup_printf (_("About %d Elo, measured against Stockfish"), elo);
}

/**
 * catur_level_describe_skill:
 * @level: the level
 * @skill: the Skill Level of Fairy-Stockfish (−20 to 20) the level scores about half against
 *   at 0.2 s a move (tests/bench/README.md, "The ladder")
 *
 * For a game's describe_level_strength().
 *
 * Returns: (transfer full): the strength in words, in the user's language
 */
char *
catur_level_describe_skill (CaturLevel level,
                            int        skill)
{
  if (level == CATUR_LEVEL_MASTER)
    /* Translators: the strength of the strongest level of the computer, shown under it */
    return g_strdup_printf (_("About as strong as Fairy-Stockfish at Skill Level %d at a fifth "
                              "of a second a move; stronger with more time"), skill);
  /* Translators: the strength of a level of the computer, shown under it */
  return g_strdup_printf (_("About as strong as Fairy-Stockfish at Skill Level %d"), skill);
}

/**
 * catur_level_describe_score:
 * @percent: the share of the points the level scored against the level below
 * @below: that level
 *
 * For a game no other program plays (describe_level_strength()).
 *
 * Returns: (transfer full): the strength in words, in the user's language
 */
char *
catur_level_describe_score (int        percent,
                            CaturLevel below)
{
  /* Translators: the strength of a level of the computer, shown under it; %d is a share of
   * the points in percent, %s the name of the level below ("Casual") */
  return g_strdup_printf (_("Scores about %d %% against %s"),
                          percent, catur_level_get_name (below));
}

/* Limits of no depth, time or nodes at @level: the level's default time applies. */
void
catur_search_limits_init (CaturSearchLimits *limits,
                          CaturLevel         level)
{
  g_return_if_fail (limits != NULL);

  memset (limits, 0, sizeof *limits);
  limits->level = level;
}

/**
 * catur_search_limits_set_clock:
 * @limits: the limits to set
 * @time_left: the time left on the mover's clock, in ms
 * @increment: the time added after each move, in ms
 * @moves_to_go: the moves until the next time control, 0 when none
 *
 * Turns a clock into a time for this move: a share of what is left less a reserve for the
 * moves to come, plus most of the increment, with room to think longer (up to four times the
 * share) when a new iteration is well under way; never the whole time left, since the
 * increment comes only after the move.
 */
void
catur_search_limits_set_clock (CaturSearchLimits *limits,
                               gint64             time_left,
                               gint64             increment,
                               guint              moves_to_go)
{
  gint64 spare, share, hard;
  guint moves = moves_to_go > 0 ? MIN (moves_to_go, 40) : 30;

  g_return_if_fail (limits != NULL);

  time_left = MAX (time_left, 1);
  increment = MAX (increment, 0);
  /* A move costs more than its search (the answer's way there, the search's set-up): that is
   * kept back for each move to come, or a long game without an increment is lost on time. */
  spare = MAX (time_left - CLOCK_RESERVE_MS * (gint64) (moves + 2), 1);
  share = spare / moves + increment * 3 / 4;
  hard = MIN (share * 4, spare / 3 + increment);
  /* The increment comes only once the move is made: the move must be made within the time
   * left, with a tenth of it (at most BYOYOMI_MARGIN_MS) kept back for the answer to arrive. */
  hard = MIN (hard, time_left - MIN (time_left / 10, BYOYOMI_MARGIN_MS));
  share = MIN (share, hard);
  limits->soft_movetime = (guint) CLAMP (share, 1, G_MAXUINT);
  limits->movetime = (guint) CLAMP (hard, 1, G_MAXUINT);
}

/**
 * catur_search_limits_set_byoyomi:
 * @limits: the limits to set
 * @time_left: the main time left on the mover's clock, in ms (0 once it has run out)
 * @byoyomi: the time each move gets once the main time is spent, in ms
 *
 * Turns a clock with byoyomi (Shogi's overtime) into a time for this move. Byoyomi not used
 * is lost, so the move takes nearly all of it, plus a share of the main time as
 * catur_search_limits_set_clock() gives it; never more than a third of the main time beyond
 * the byoyomi, and a tenth of the byoyomi (at most 100 ms) is kept back so that
 * the answer arrives before the byoyomi ends.
 */
void
catur_search_limits_set_byoyomi (CaturSearchLimits *limits,
                                 gint64             time_left,
                                 gint64             byoyomi)
{
  gint64 usable, share, hard;

  g_return_if_fail (limits != NULL);

  time_left = MAX (time_left, 0);
  byoyomi = MAX (byoyomi, 0);
  usable = byoyomi - MIN (byoyomi / 10, BYOYOMI_MARGIN_MS);
  share = time_left / 30 + usable;
  hard = MIN (share * 4, time_left / 3 + usable);
  share = MIN (share, hard);
  limits->soft_movetime = (guint) CLAMP (share, 1, G_MAXUINT);
  limits->movetime = (guint) CLAMP (hard, 1, G_MAXUINT);
}

/* The transposition table */

static void
tt_allocate (CaturTT *self,
             guint    megabytes)
{
  guint64 bytes = (guint64) MAX (megabytes, 1) << 20;
  guint64 buckets = 1;

  while (buckets * 2 * CATUR_TT_BUCKET * sizeof (CaturTTEntry) <= bytes)
    buckets *= 2;

  g_free (self->entries);
  self->entries = NULL;
  /* On a machine short of memory, settle for less. */
  while (self->entries == NULL && buckets > 1)
    {
      self->entries = g_try_malloc0_n (buckets * CATUR_TT_BUCKET, sizeof (CaturTTEntry));
      if (self->entries == NULL)
        buckets /= 2;
    }
  if (self->entries == NULL)
    self->entries = g_new0 (CaturTTEntry, buckets * CATUR_TT_BUCKET);
  self->mask = buckets - 1;
  self->generation = 0;
}

/**
 * catur_tt_new:
 * @megabytes: the size, in MiB (rounded down to a power of two)
 *
 * Returns: (transfer full): an empty table
 */
CaturTT *
catur_tt_new (guint megabytes)
{
  CaturTT *self = g_new0 (CaturTT, 1);

  g_atomic_ref_count_init (&self->ref_count);
  tt_allocate (self, megabytes);
  return self;
}

/**
 * catur_tt_touch:
 * @self: a table
 *
 * The system gives zeroed pages at their first touch, some tens of microseconds each: a
 * program that searches on a clock touches its table here, once, before the clock runs,
 * rather than through its first searches. Not on a thread that draws a window: it takes
 * a moment for a large table.
 */
void
catur_tt_touch (CaturTT *self)
{
  g_return_if_fail (self != NULL);

  for (guint64 offset = 0; offset < (self->mask + 1) * CATUR_TT_BUCKET * sizeof (CaturTTEntry);
       offset += 4096)
    ((volatile guint8 *) self->entries)[offset] = 0;
}

CaturTT *
catur_tt_ref (CaturTT *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
catur_tt_unref (CaturTT *self)
{
  g_return_if_fail (self != NULL);

  if (g_atomic_ref_count_dec (&self->ref_count))
    {
      g_free (self->entries);
      g_free (self);
    }
}

/* Forgets everything: a new game. */
void
catur_tt_clear (CaturTT *self)
{
  g_return_if_fail (self != NULL);

  memset (self->entries, 0, (self->mask + 1) * CATUR_TT_BUCKET * sizeof (CaturTTEntry));
  self->generation = 0;
}

void
catur_tt_resize (CaturTT *self,
                 guint    megabytes)
{
  g_return_if_fail (self != NULL);

  tt_allocate (self, megabytes);
}

/* Marks the entries stored so far as older, so that a new search replaces them first. */
void
catur_tt_new_search (CaturTT *self)
{
  g_return_if_fail (self != NULL);

  self->generation = (self->generation + 1) & 63;
}

/* How full the table is with this search's entries, in permille (UCI's hashfull). */
guint
catur_tt_hashfull (CaturTT *self)
{
  guint used = 0;
  guint64 n = MIN ((self->mask + 1) * CATUR_TT_BUCKET, 1000);

  for (guint64 i = 0; i < n; i++)
    if (self->entries[i].flags != 0 && (self->entries[i].flags >> 2) == self->generation)
      used++;
  return (guint) (used * 1000 / n);
}

/* The search */

static guint64
min_nonzero (guint64 a,
             guint64 b)
{
  if (a == 0)
    return b;
  if (b == 0)
    return a;
  return MIN (a, b);
}

/**
 * catur_search_new:
 * @limits: the limits, to which the level's caps are added
 * @position_key: a hash of the position, mixed into the level's random choices so that one
 *   seed gives different (but repeatable) choices in different positions
 * @info_func: (nullable): called after each finished iteration, in the search's thread
 * @info_data: its data
 * @cancellable: (nullable): stops the search at once when cancelled
 *
 * Returns: (transfer full): a search, to which the plugin adds its root moves
 */
/* What makes a move the one `searchmoves` names: its squares, and the piece of a promotion
 * or a drop (a game's code may carry more, such as Chess's castling flag). */
static guint32
searchmove_key (guint32 code)
{
  CaturMove move = catur_move_unpack (code);
  guint8 flags = move.flags & (CATUR_MOVE_PROMOTE | CATUR_MOVE_DROP);

  return (guint32) move.from | (guint32) move.to << 8
         | (guint32) (flags != 0 ? move.piece : 0) << 16 | (guint32) flags << 24;
}

CaturSearch *
catur_search_new (const CaturSearchLimits *limits,
                  guint64                  position_key,
                  CaturSearchInfoFunc      info_func,
                  gpointer                 info_data,
                  GCancellable            *cancellable)
{
  CaturSearch *self;
  const CaturLevelSpec *level;
  CaturLevelTuning tuning;
  guint64 movetime, soft;
  guint32 seed[4];

  g_return_val_if_fail (limits != NULL, NULL);

  self = g_new0 (CaturSearch, 1);
  level = catur_level_get_spec (limits->level);
  self->level = level;
  self->start_time = g_get_monotonic_time ();
  self->info_func = info_func;
  self->info_data = info_data;
  self->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  self->tt = limits->tt != NULL ? catur_tt_ref (limits->tt)
                                : catur_tt_new (limits->hash_mb > 0 ? limits->hash_mb
                                                                    : DEFAULT_HASH_MB);
  catur_tt_new_search (self->tt);

  seed[0] = (guint32) limits->seed;
  seed[1] = (guint32) (limits->seed >> 32);
  seed[2] = (guint32) position_key;
  seed[3] = (guint32) (position_key >> 32);
  self->rand = g_rand_new_with_seed_array (seed, G_N_ELEMENTS (seed));

  tuning = catur_level_get_tuning (limits->level, limits->tuning);
  self->margin = tuning.margin;
  self->blinkers = tuning.blunder_permille > 0
                   && (guint) g_rand_int_range (self->rand, 0, 1000) < tuning.blunder_permille;

  self->max_depth = (guint) min_nonzero (limits->depth, level->max_depth);
  if (self->max_depth == 0 || self->max_depth >= CATUR_SEARCH_MAX_PLY - 8)
    self->max_depth = CATUR_SEARCH_MAX_PLY - 8;
  self->max_nodes = min_nonzero (limits->nodes, tuning.max_nodes);
  self->infinite = limits->infinite;

  movetime = min_nonzero (limits->movetime, level->max_movetime);
  if (!limits->infinite && limits->depth == 0 && limits->movetime == 0 && limits->nodes == 0)
    movetime = level->default_movetime;
  else if (limits->infinite)
    movetime = 0;
  soft = limits->soft_movetime > 0 && movetime > 0 ? MIN (limits->soft_movetime, movetime)
                                                   : movetime;
  if (movetime > 0)
    {
      gint64 usable = MAX ((gint64) movetime - MIN (MOVE_OVERHEAD_MS, (gint64) movetime / 4), 1);

      self->hard_deadline = self->start_time + usable * G_TIME_SPAN_MILLISECOND;
      self->soft_deadline = self->start_time
                            + (gint64) MIN (soft, (guint64) usable) * G_TIME_SPAN_MILLISECOND;
    }
  self->next_poll = CATUR_SEARCH_POLL_INTERVAL;
  if (self->max_nodes > 0)
    self->next_poll = MIN (self->next_poll, self->max_nodes);

  if (limits->searchmoves != NULL && limits->n_searchmoves > 0)
    {
      self->searchmoves = g_new (guint32, limits->n_searchmoves);
      for (guint i = 0; i < limits->n_searchmoves; i++)
        self->searchmoves[i] = searchmove_key (catur_move_pack (&limits->searchmoves[i]));
      self->n_searchmoves = limits->n_searchmoves;
    }
  self->multipv = CLAMP (limits->multipv, 1, CATUR_SEARCH_MAX_LINES);
  return self;
}

void
catur_search_free (CaturSearch *self)
{
  if (self == NULL)
    return;

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->tt, catur_tt_unref);
  g_clear_pointer (&self->rand, g_rand_free);
  g_free (self->searchmoves);
  g_free (self);
}

/**
 * catur_search_helpers_wanted:
 * @self: a search made by catur_search_new() from @limits
 * @limits: its limits
 *
 * Returns: how many helper threads @self should have: none for a search that must play alike
 *   on every machine (a node count, a margin, blinkers), else @limits's threads less one
 */
guint
catur_search_helpers_wanted (CaturSearch             *self,
                             const CaturSearchLimits *limits)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (limits != NULL, 0);

  if (limits->threads <= 1 || self->max_nodes > 0 || self->margin > 0 || self->blinkers
      || self->n_root_moves <= 1)
    return 0;
  return MIN (limits->threads, CATUR_SEARCH_MAX_THREADS) - 1;
}

/**
 * catur_search_threads_for_machine:
 *
 * Returns: the threads a search bounded by time may use on this machine: one for each
 *   processor, at most %CATUR_SEARCH_MACHINE_THREADS, since a search shared by more threads
 *   gains less for each and the desktop needs some of the machine too
 */
guint
catur_search_threads_for_machine (void)
{
  return (guint) CLAMP (g_get_num_processors (), 1, CATUR_SEARCH_MACHINE_THREADS);
}

/**
 * catur_search_new_helper:
 * @lead: the search it helps, its root moves added
 * @index: its number, from 1
 * @stop: cancelled when the lead has chosen
 *
 * A helper searches @lead's root moves in a thread of its own, into @lead's table, until @stop
 * is cancelled; what it finds reaches the lead only through the table. Its depths run ahead of
 * the lead's, so that the two do not walk the same tree in step. It must be freed before
 * @lead.
 *
 * Returns: (transfer full): the helper
 */
CaturSearch *
catur_search_new_helper (CaturSearch  *lead,
                         guint         index,
                         GCancellable *stop)
{
  CaturSearch *self;

  g_return_val_if_fail (lead != NULL, NULL);
  g_return_val_if_fail (lead->n_helpers < G_N_ELEMENTS (lead->helpers), NULL);
  g_return_val_if_fail (G_IS_CANCELLABLE (stop), NULL);

  self = g_new0 (CaturSearch, 1);
  self->level = lead->level;
  self->start_time = lead->start_time;
  self->cancellable = g_object_ref (stop);
  /* The lead began this search in the table: a second generation would age its entries. */
  self->tt = catur_tt_ref (lead->tt);
  self->rand = g_rand_new_with_seed (g_rand_int (lead->rand) + index);
  self->max_depth = lead->max_depth;
  self->infinite = TRUE;
  self->next_poll = CATUR_SEARCH_POLL_INTERVAL;
  self->multipv = 1;
  memcpy (self->root_moves, lead->root_moves, lead->n_root_moves * sizeof lead->root_moves[0]);
  self->n_root_moves = lead->n_root_moves;
  self->lead = lead;
  self->helper_index = index;
  lead->helpers[lead->n_helpers++] = self;
  return self;
}

/* The nodes of a search and of its helpers so far. */
guint64
catur_search_total_nodes (CaturSearch *self)
{
  guint64 nodes;

  g_return_val_if_fail (self != NULL, 0);

  nodes = self->nodes;
  for (guint i = 0; i < self->n_helpers; i++)
    nodes += ((volatile CaturSearch *) self->helpers[i])->nodes;
  return nodes;
}

void
catur_search_add_root_move (CaturSearch *self,
                            guint32      code)
{
  CaturRootMove *root;

  g_return_if_fail (self != NULL);
  g_return_if_fail (self->n_root_moves < CATUR_SEARCH_MAX_ROOT_MOVES);

  if (self->searchmoves != NULL)
    {
      guint32 key = searchmove_key (code);
      guint i;

      for (i = 0; i < self->n_searchmoves && self->searchmoves[i] != key; i++)
        ;
      if (i == self->n_searchmoves)
        return;
    }
  root = &self->root_moves[self->n_root_moves++];
  root->code = code;
  root->score = -CATUR_SCORE_INFINITE;
  root->previous_score = -CATUR_SCORE_INFINITE;
  root->nodes = 0;
}

/* Time spent so far, in ms. */
gint64
catur_search_elapsed_ms (CaturSearch *self)
{
  return (g_get_monotonic_time () - self->start_time) / G_TIME_SPAN_MILLISECOND;
}

/* Called every CATUR_SEARCH_POLL_INTERVAL nodes by catur_search_count_node(). */
void
catur_search_poll (CaturSearch *self)
{
  self->next_poll = self->nodes + CATUR_SEARCH_POLL_INTERVAL;
  if (self->max_nodes > 0)
    {
      if (self->nodes >= self->max_nodes)
        self->stop = TRUE;
      self->next_poll = MIN (self->next_poll, self->max_nodes);
    }
  if (g_cancellable_is_cancelled (self->cancellable))
    self->stop = TRUE;
  if (self->hard_deadline > 0 && g_get_monotonic_time () >= self->hard_deadline)
    self->stop = TRUE;
}

/* A number in [0, n) from the level's seeded generator. */
guint
catur_search_random (CaturSearch *self,
                     guint        n)
{
  g_return_val_if_fail (n > 0, 0);

  return (guint) g_rand_int_range (self->rand, 0, (gint32) MIN (n, (guint) G_MAXINT32));
}

/**
 * catur_search_root_improved:
 * @self: the search
 * @index: the root move's index in the list
 * @score: its score, inside the window
 *
 * Called by the root search when root move @index becomes the best of this iteration, right
 * after its subtree's PV was collected at ply 1: the move goes to the front of the list and
 * its PV becomes the iteration's.
 */
void
catur_search_root_improved (CaturSearch *self,
                            guint        index,
                            int          score)
{
  CaturRootMove moved;

  g_return_if_fail (index < self->n_root_moves && index >= self->root_first);

  moved = self->root_moves[index];
  moved.score = score;
  memmove (&self->root_moves[self->root_first + 1], &self->root_moves[self->root_first],
           (index - self->root_first) * sizeof (CaturRootMove));
  self->root_moves[self->root_first] = moved;

  catur_search_update_pv (self, 0, moved.code);
  self->iteration_has_best = TRUE;
}

static void
keep_iteration_best (CaturSearch *self,
                     int          score)
{
  self->best_score = score;
  self->best_pv_length = MIN (self->pv_length[0], CATUR_SEARCH_MAX_PLY);
  memcpy (self->best_pv, self->pv[0], self->best_pv_length * sizeof (guint32));
  if (self->best_pv_length == 0 || self->best_pv[0] != self->root_moves[0].code)
    {
      self->best_pv[0] = self->root_moves[0].code;
      self->best_pv_length = 1;
    }
}

static int
mate_in_moves (int score)
{
  if (score >= CATUR_SCORE_MATE_BOUND)
    return (CATUR_SCORE_MATE - score + 1) / 2;
  if (score <= -CATUR_SCORE_MATE_BOUND)
    return -(CATUR_SCORE_MATE + score) / 2;
  return 0;
}

static void
report_line (CaturSearch   *self,
             guint          multipv,
             int            score,
             const guint32 *codes,
             guint          length)
{
  CaturMove pv[CATUR_SEARCH_MAX_PLY];
  CaturSearchInfo info;
  gint64 ms = catur_search_elapsed_ms (self);

  for (guint i = 0; i < length; i++)
    pv[i] = catur_move_unpack (codes[i]);
  info.depth = self->completed_depth;
  info.seldepth = MAX (self->seldepth, self->completed_depth);
  info.score = score;
  info.mate = mate_in_moves (score);
  info.nodes = catur_search_total_nodes (self);
  info.time_ms = (guint64) ms;
  info.nps = info.nodes * 1000 / (guint64) MAX (ms, 1);
  info.pv = pv;
  info.pv_length = length;
  info.multipv = multipv;
  self->info_func (&info, self->info_data);
}

static void
report (CaturSearch *self)
{
  if (self->info_func == NULL)
    return;
  if (self->multipv <= 1)
    {
      report_line (self, 0, self->best_score, self->best_pv, self->best_pv_length);
      return;
    }
  for (guint i = 0; i < self->n_lines; i++)
    report_line (self, i + 1, self->lines[0][i].score, self->lines[0][i].pv,
                 self->lines[0][i].pv_length);
}

/* Keeps line @index of this iteration: the PV at ply 0 and its score. */
static void
keep_line (CaturSearch *self,
           guint        index,
           int          score,
           const guint32 *pv,
           guint          length)
{
  self->lines[1][index].score = score;
  self->lines[1][index].pv_length = MIN (length, CATUR_SEARCH_LINE_LENGTH);
  memcpy (self->lines[1][index].pv, pv, self->lines[1][index].pv_length * sizeof (guint32));
}

static int
compare_root_moves (gconstpointer a,
                    gconstpointer b)
{
  const CaturRootMove *x = a, *y = b;

  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  if (x->nodes != y->nodes)
    return x->nodes > y->nodes ? -1 : 1;
  return 0;
}

/* The level's pick: at random among the root moves of the last finished iteration that score
 * within the margin of the best (their scores are exact, see CaturSearchRootFunc), the better
 * ones more often: a move's chance grows with how far it is from the edge of the margin. */
static guint32
pick_within_margin (CaturSearch *self,
                    gboolean     partial)
{
  /* Once a search, and too big for a worker thread's stack with a thousand root moves. */
  g_autofree guint32 *band = g_new (guint32, self->n_root_moves);
  g_autofree guint *weight = g_new (guint, self->n_root_moves);
  int best = -CATUR_SCORE_INFINITE;
  guint n = 0, total = 0, ticket;

  for (guint i = 0; i < self->n_root_moves; i++)
    best = MAX (best, partial ? self->root_moves[i].previous_score : self->root_moves[i].score);
  for (guint i = 0; i < self->n_root_moves; i++)
    {
      const CaturRootMove *root = &self->root_moves[i];
      int score = partial ? root->previous_score : root->score;

      if (score > -CATUR_SCORE_INFINITE && score >= best - self->margin)
        {
          band[n] = root->code;
          weight[n] = (guint) (self->margin - (best - score) + 1);
          total += weight[n];
          n++;
        }
    }
  if (n == 0)
    return self->best_pv[0];
  ticket = catur_search_random (self, total);
  for (guint i = 0; i < n; i++)
    {
      if (ticket < weight[i])
        return band[i];
      ticket -= weight[i];
    }
  return band[n - 1];
}

/* The lines of an iteration by score, best first, the root moves with them: a line searched
 * later, with what the table learnt meanwhile, may score better than one before it. The best
 * line's move and PV become the iteration's. Returns its score. */
static int
sort_lines (CaturSearch *self,
            guint        n_lines)
{
  for (guint i = 1; i < n_lines; i++)
    for (guint j = i; j > 0 && self->lines[1][j].score > self->lines[1][j - 1].score; j--)
      {
        CaturRootMove move = self->root_moves[j];
        CaturSearchLineCodes line = self->lines[1][j];

        self->root_moves[j] = self->root_moves[j - 1];
        self->root_moves[j - 1] = move;
        self->lines[1][j] = self->lines[1][j - 1];
        self->lines[1][j - 1] = line;
      }
  if (self->lines[1][0].pv[0] != self->best_pv[0])
    {
      self->best_score = self->lines[1][0].score;
      self->best_pv_length = self->lines[1][0].pv_length;
      memcpy (self->best_pv, self->lines[1][0].pv, self->best_pv_length * sizeof (guint32));
    }
  return self->lines[1][0].score;
}

/* One search of the root at @depth, from the window (@alpha, @beta), widened until the score
 * falls inside it. */
static int
search_window (CaturSearch         *self,
               CaturSearchRootFunc  root_func,
               gpointer             user_data,
               guint                depth,
               int                  alpha,
               int                  beta)
{
  int delta = ASPIRATION_DELTA, score;

  self->iteration_has_best = FALSE;
  catur_search_clear_pv (self, 0);
  for (;;)
    {
      score = root_func (self, (int) depth, alpha, beta, user_data);
      if (self->stop)
        break;
      if (score <= alpha && alpha > -CATUR_SCORE_INFINITE)
        {
          beta = (alpha + beta) / 2;
          alpha = MAX (score - delta, -CATUR_SCORE_INFINITE);
        }
      else if (score >= beta && beta < CATUR_SCORE_INFINITE)
        beta = MIN (score + delta, CATUR_SCORE_INFINITE);
      else
        break;
      delta += delta / 2 + 10;
      if (delta > 600)
        {
          alpha = -CATUR_SCORE_INFINITE;
          beta = CATUR_SCORE_INFINITE;
        }
      self->iteration_has_best = FALSE;
    }
  return score;
}

/**
 * catur_search_run:
 * @self: the search, with its root moves added
 * @root_func: the game's search of the root moves at one depth
 * @user_data: its data
 * @result: filled with the move chosen
 *
 * Deepens one ply at a time until a limit or the cancellable stops it, and fills @result with
 * the best move of the last finished iteration, or a better one the unfinished iteration had
 * already proved; then the level may pick another move within its margin. A result always has
 * a move when there is a legal one, even if the search was cancelled before its first
 * iteration ended.
 */
void
catur_search_run (CaturSearch         *self,
                  CaturSearchRootFunc  root_func,
                  gpointer             user_data,
                  CaturSearchResult   *result)
{
  gboolean partial = FALSE;
  guint32 chosen;

  g_return_if_fail (self != NULL);
  g_return_if_fail (root_func != NULL);
  g_return_if_fail (result != NULL);

  memset (result, 0, sizeof *result);
  if (self->n_root_moves == 0)
    {
      result->has_move = FALSE;
      result->score = -CATUR_SCORE_MATE;
      return;
    }

  self->best_pv[0] = self->root_moves[0].code;
  self->best_pv_length = 1;
  self->best_score = -CATUR_SCORE_INFINITE;

  for (guint depth = 1; depth <= self->max_depth; depth++)
    {
      int alpha = -CATUR_SCORE_INFINITE, beta = CATUR_SCORE_INFINITE;
      int delta = ASPIRATION_DELTA;
      int score, best = 0;
      guint n_lines = MIN (self->multipv, self->n_root_moves), line;

      /* Between iterations too: a shallow search may finish many before its first poll. */
      catur_search_poll (self);
      if (self->stop)
        {
          partial = TRUE;
          break;
        }
      /* A helper never searches again a depth its lead has finished; odd helpers go a ply
       * beyond the lead's own next one. */
      if (self->lead != NULL)
        {
          guint ahead = (guint) g_atomic_int_get (&self->lead->lead_depth) + 1
                        + (self->helper_index & 1);

          depth = MAX (depth, ahead);
          if (depth > self->max_depth)
            break;
        }

      if (depth >= ASPIRATION_MIN_DEPTH && self->margin == 0
          && ABS (self->best_score) < CATUR_SCORE_MATE_BOUND)
        {
          alpha = MAX (self->best_score - delta, -CATUR_SCORE_INFINITE);
          beta = MIN (self->best_score + delta, CATUR_SCORE_INFINITE);
        }

      for (guint i = 0; i < self->n_root_moves; i++)
        {
          self->root_moves[i].previous_score = self->root_moves[i].score;
          self->root_moves[i].score = -CATUR_SCORE_INFINITE;
        }
      /* MultiPV: each line is the best of the root moves the lines before it left, searched
       * with a full window. */
      for (line = 0; line < n_lines; line++)
        {
          self->root_first = line;
          if (line == 0)
            score = search_window (self, root_func, user_data, depth, alpha, beta);
          else
            score = search_window (self, root_func, user_data, depth, -CATUR_SCORE_INFINITE,
                                   CATUR_SCORE_INFINITE);
          if (self->stop)
            break;

          if (line == 0)
            {
              self->completed_depth = depth;
              g_atomic_int_set (&self->lead_depth, (gint) depth);
              keep_iteration_best (self, score);
              best = score;
              keep_line (self, 0, score, self->best_pv, self->best_pv_length);
            }
          else if (self->pv_length[0] > 0 && self->pv[0][0] == self->root_moves[line].code)
            keep_line (self, line, score, self->pv[0], self->pv_length[0]);
          else
            keep_line (self, line, score, &self->root_moves[line].code, 1);
          /* The line's best is in its place; the others follow by score, then by effort. */
          if (self->n_root_moves > line + 1)
            qsort (&self->root_moves[line + 1], self->n_root_moves - line - 1,
                   sizeof (CaturRootMove), compare_root_moves);
        }
      self->root_first = 0;

      if (self->stop && line == 0)
        {
          /* A move that beat the first one in this unfinished iteration is better informed
           * than the last iteration's choice; so is any move when no iteration finished. */
          if (self->iteration_has_best
              && (self->completed_depth == 0 || self->root_moves[0].code != self->best_pv[0]))
            keep_iteration_best (self, self->root_moves[0].score);
          partial = TRUE;
          break;
        }
      if (self->stop)
        {
          /* The best line finished, the others did not: they keep the last depth's. */
          partial = TRUE;
          break;
        }
      if (n_lines > 1)
        best = sort_lines (self, n_lines);
      memcpy (self->lines[0], self->lines[1], n_lines * sizeof self->lines[1][0]);
      self->n_lines = n_lines;
      score = best;
      report (self);

      if (self->infinite)
        continue;
      if (self->soft_deadline > 0 && g_get_monotonic_time () >= self->soft_deadline)
        break;
      /* A proven mate needs no deeper look. */
      if (ABS (score) >= CATUR_SCORE_MATE_BOUND
          && depth >= (guint) (CATUR_SCORE_MATE - ABS (score)) + 4)
        break;
      /* With one legal move there is nothing to choose, when the search is playing on a
       * clock. A root limited to one move (the judge's played move) or a search to a depth
       * or a node count is asked for its score: that wants the whole budget. */
      if (self->n_root_moves == 1 && self->searchmoves == NULL && self->hard_deadline > 0
          && depth >= 4)
        break;
    }

  chosen = self->best_pv[0];
  if (self->margin > 0 && self->completed_depth > 0)
    chosen = pick_within_margin (self, partial);

  if (self->best_score == -CATUR_SCORE_INFINITE)
    self->best_score = 0;
  result->has_move = TRUE;
  result->move = catur_move_unpack (chosen);
  result->score = self->best_score;
  result->mate = mate_in_moves (self->best_score);
  result->depth = self->completed_depth;
  result->nodes = catur_search_total_nodes (self);
  result->time_ms = (guint64) catur_search_elapsed_ms (self);
  if (chosen == self->best_pv[0])
    {
      result->pv_length = self->best_pv_length;
      for (guint i = 0; i < self->best_pv_length; i++)
        result->pv[i] = catur_move_unpack (self->best_pv[i]);
    }
  else
    {
      result->pv_length = 1;
      result->pv[0] = result->move;
    }

  /* One line, the search's best, unless MultiPV asked for more and an iteration gave them. */
  if (self->multipv <= 1 || self->n_lines == 0)
    {
      self->lines[0][0].score = self->best_score;
      self->lines[0][0].pv_length = MIN (self->best_pv_length, CATUR_SEARCH_LINE_LENGTH);
      memcpy (self->lines[0][0].pv, self->best_pv,
              self->lines[0][0].pv_length * sizeof (guint32));
      self->n_lines = 1;
    }
  result->n_lines = self->n_lines;
  for (guint i = 0; i < self->n_lines; i++)
    {
      CaturSearchLine *out = &result->lines[i];

      out->score = self->lines[0][i].score;
      out->mate = mate_in_moves (out->score);
      out->pv_length = self->lines[0][i].pv_length;
      for (guint j = 0; j < out->pv_length; j++)
        out->pv[j] = catur_move_unpack (self->lines[0][i].pv[j]);
      out->move = out->pv[0];
    }
}

/**
 * catur_search_load_record:
 * @history: (nullable): the game's record up to the position searched (the limits' history)
 * @key: the position's key
 * @other_key: another key the record may give it (chess: without an en passant that no pawn
 *   can take); @key when there is none
 * @max_window: the most positions to read, the last included (those since the last
 *   irreversible move are all that can come back)
 * @keys: where the record's keys go, the root's last; at least @max_window long
 * @gave_check: (nullable): where its check flags go (CATUR_REPETITION_GAVE_CHECK), by index
 *
 * Loads the game's past into a search's stack of keys for the rules of repetition. A record
 * that does not end with the position (or none) leaves the root alone.
 *
 * Returns: the index of the root in @keys (whose key is then @key)
 */
guint
catur_search_load_record (const CaturRepetition *history,
                          guint64                key,
                          guint64                other_key,
                          guint                  max_window,
                          guint64               *keys,
                          guint8                *gave_check)
{
  guint length = history != NULL ? catur_repetition_get_length (history) : 0;
  guint64 last = length > 0 ? catur_repetition_get_key (history, length - 1) : 0;
  guint window, skipped;

  if (length == 0 || (last != key && last != other_key) || max_window == 0)
    {
      keys[0] = key;
      return 0;
    }
  window = MIN (length, max_window);
  skipped = length - window;
  for (guint i = 0; i < window; i++)
    {
      keys[i] = catur_repetition_get_key (history, skipped + i);
      if (gave_check != NULL)
        gave_check[i] = (catur_repetition_get_flags (history, skipped + i)
                         & CATUR_REPETITION_GAVE_CHECK) != 0;
    }
  keys[window - 1] = key;
  return window - 1;
}
