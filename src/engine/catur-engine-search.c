/* catur-engine-search.c: catur-engine's `go`, `ponderhit` and `bench`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A search runs in a thread of its own while the main thread reads commands, so that `stop`,
 * `isready`, `ponderhit` and `quit` are answered at once.
 */
#define G_LOG_DOMAIN "catur-engine"

#include "config.h"

#include <string.h>

#include "catur-engine.h"

struct _CaturEngineSearch
{
  CaturVariant *variant;
  CaturPosition *position;
  CaturRepetition *history;      /* the game's positions up to @position: @limits reads it */
  CaturEngineDialect dialect;
  CaturSearchLimits limits;
  GCancellable *cancellable;
  gboolean infinite;             /* no bestmove before `stop`, whatever the search did */
  gboolean pondering;            /* `go ponder`: on `ponderhit`, search again within… */
  CaturSearchLimits ponderhit_limits;   /* …these limits, which the clock gave */
  GArray *searchmoves;           /* CaturMove: `go searchmoves`, which @limits points into */
  gint silent;                   /* atomic: the search was abandoned, its move is not wanted */
  GThread *thread;
};

/* The moves of @pv in coordinates, each read in the position it is played from. */
static char *
format_line (CaturVariant        *variant,
             const CaturPosition *start,
             const CaturMove     *pv,
             guint                length)
{
  g_autoptr(CaturPosition) position = catur_position_copy (start);
  GString *line = g_string_new (NULL);

  for (guint i = 0; i < length; i++)
    {
      g_autofree char *text = NULL;
      CaturMove move = pv[i];

      if (!catur_variant_is_legal (variant, position, &move))
        break;
      text = catur_engine_format_coordinate (variant, position, &move);
      g_string_append_printf (line, "%s%s", i > 0 ? " " : "", text);
      catur_variant_play (variant, position, &move);
    }
  return g_string_free (line, FALSE);
}

/* UCI counts a mate in moves, USI in plies. */
static void
format_score (GString            *line,
              CaturEngineDialect  dialect,
              int                 score,
              int                 mate)
{
  if (mate == 0)
    g_string_append_printf (line, " score cp %d", score);
  else if (dialect == CATUR_ENGINE_DIALECT_USI)
    g_string_append_printf (line, " score mate %d",
                            score > 0 ? CATUR_SCORE_MATE - score : -(CATUR_SCORE_MATE + score));
  else
    g_string_append_printf (line, " score mate %d", mate);
}

static void
search_info_cb (const CaturSearchInfo *info,
                gpointer               user_data)
{
  CaturEngineSearch *search = user_data;
  g_autoptr(GString) line = g_string_new ("info");
  g_autofree char *pv = format_line (search->variant, search->position, info->pv,
                                     info->pv_length);

  g_string_append_printf (line, " depth %u seldepth %u", info->depth, info->seldepth);
  if (info->multipv > 0)
    g_string_append_printf (line, " multipv %u", info->multipv);
  format_score (line, search->dialect, info->score, info->mate);
  g_string_append_printf (line, " nodes %" G_GUINT64_FORMAT " nps %" G_GUINT64_FORMAT
                          " time %" G_GUINT64_FORMAT,
                          info->nodes, info->nps, info->time_ms);
  if (info->pv_length > 0)
    g_string_append_printf (line, " pv %s", pv);
  catur_engine_reply ("%s", line->str);
}

static gpointer
search_thread (gpointer data)
{
  CaturEngineSearch *search = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  CaturSearchResult result;

  if (!catur_variant_think (search->variant, search->position, &search->limits,
                            search_info_cb, search, search->cancellable, &result, &error))
    {
      catur_engine_reply ("info string error %s", error->message);
      result.has_move = FALSE;
    }

  /* `go infinite` and `go ponder` answer only after `stop` (or `quit`). */
  while (search->infinite && !g_cancellable_is_cancelled (search->cancellable))
    g_usleep (G_TIME_SPAN_MILLISECOND);

  if (g_atomic_int_get (&search->silent))
    return NULL;
  if (result.has_move && result.declares_win && search->dialect == CATUR_ENGINE_DIALECT_USI)
    catur_engine_reply ("bestmove win");
  else if (result.has_move)
    {
      text = catur_engine_format_coordinate (search->variant, search->position, &result.move);
      catur_engine_reply ("bestmove %s", text);
    }
  else if (search->dialect == CATUR_ENGINE_DIALECT_USI)
    catur_engine_reply ("bestmove resign");
  else
    catur_engine_reply ("bestmove (none)");
  return NULL;
}

static void
search_free (CaturEngineSearch *search)
{
  catur_position_free (search->position);
  g_clear_pointer (&search->history, catur_repetition_free);
  g_clear_object (&search->cancellable);
  g_clear_pointer (&search->searchmoves, g_array_unref);
  if (search->limits.tt != NULL)
    catur_tt_unref (search->limits.tt);
  g_free (search);
}

static CaturEngineSearch *
search_new (CaturEngine *engine)
{
  CaturEngineSearch *search = g_new0 (CaturEngineSearch, 1);

  search->variant = engine->variant;
  search->position = catur_position_copy (engine->position);
  /* The next `position` replaces the engine's log while the search still reads its own. */
  if (engine->history != NULL)
    search->history = catur_repetition_copy (engine->history);
  search->dialect = engine->dialect;
  search->cancellable = g_cancellable_new ();
  catur_search_limits_init (&search->limits, engine->level);
  search->limits.history = search->history;
  search->limits.seed = engine->seed;
  search->limits.tt = catur_tt_ref (engine->tt);
  search->limits.multipv = engine->multipv;
  search->limits.threads = engine->threads;
  return search;
}

static void
search_start (CaturEngine       *engine,
              CaturEngineSearch *search)
{
  engine->search = search;
  search->thread = g_thread_new ("search", search_thread, search);
}

/* Waits for the search in progress to end, stopping it first when @stop is set. A search
 * without end (`go infinite`, `go ponder`) is stopped when @stop_infinite is set, else left
 * running. */
void
catur_engine_finish_search (CaturEngine *engine,
                            gboolean     stop,
                            gboolean     stop_infinite)
{
  CaturEngineSearch *search = engine->search;

  if (search == NULL)
    return;
  if (search->infinite && !stop && !stop_infinite)
    return;
  if (stop || search->infinite)
    g_cancellable_cancel (search->cancellable);
  g_thread_join (search->thread);
  search_free (search);
  engine->search = NULL;
}

/* Stops the search in progress without a bestmove: its game is over (USI's `gameover`). */
void
catur_engine_abandon_search (CaturEngine *engine)
{
  if (engine->search == NULL)
    return;
  g_atomic_int_set (&engine->search->silent, TRUE);
  catur_engine_finish_search (engine, TRUE, TRUE);
}

/* The move pondered on was played: the search goes on within the clock's limits. It starts
 * again from the same position, where the table holds what pondering found, so the first
 * depths cost next to nothing. */
void
catur_engine_ponderhit (CaturEngine *engine)
{
  CaturEngineSearch *search = engine->search;
  CaturEngineSearch *timed;
  CaturTT *tt;

  if (search == NULL || !search->pondering)
    return;

  timed = search_new (engine);
  tt = timed->limits.tt;
  timed->limits = search->ponderhit_limits;
  timed->limits.tt = tt;
  timed->limits.history = timed->history;
  timed->infinite = timed->limits.infinite;
  catur_engine_abandon_search (engine);
  search_start (engine, timed);
}

static void
go_perft (CaturEngine *engine,
          guint        depth)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (engine->variant, engine->position);
  guint64 total = 0;

  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove move = g_array_index (moves, CaturMove, i);
      g_autofree char *text = catur_engine_format_coordinate (engine->variant, engine->position,
                                                              &move);
      guint64 count = 1;

      if (depth > 1)
        {
          g_autoptr(CaturPosition) child = catur_position_copy (engine->position);

          catur_variant_play (engine->variant, child, &move);
          count = catur_variant_perft (engine->variant, child, depth - 1);
        }
      total += count;
      catur_engine_reply ("%s: %" G_GUINT64_FORMAT, text, count);
    }
  catur_engine_reply ("%s", "");
  catur_engine_reply ("Nodes searched: %" G_GUINT64_FORMAT, total);
}

static gboolean
parse_number (char      **words,
              guint      *i,
              guint64     max,
              guint64    *value)
{
  if (words[*i + 1] == NULL
      || !g_ascii_string_to_unsigned (words[*i + 1], 10, 0, max, value, NULL))
    return FALSE;
  (*i)++;
  return TRUE;
}

static gboolean
parse_signed (char      **words,
              guint      *i,
              gint64     *value)
{
  if (words[*i + 1] == NULL
      || !g_ascii_string_to_signed (words[*i + 1], 10, -G_MAXINT32, G_MAXINT32, value, NULL))
    return FALSE;
  (*i)++;
  return TRUE;
}

/* The words of `go` that end a list of `searchmoves`. */
static const char * const go_words[] = {
  "depth", "movetime", "nodes", "wtime", "btime", "winc", "binc", "byoyomi", "movestogo",
  "infinite", "ponder", "searchmoves", "mate", NULL,
};

/* go searchmoves m1 m2 …: the moves after @i, up to the next word of `go`. */
static void
parse_searchmoves (CaturEngine       *engine,
                   CaturEngineSearch *search,
                   char             **words,
                   guint             *i)
{
  if (search->searchmoves == NULL)
    search->searchmoves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  while (words[*i + 1] != NULL && !g_strv_contains (go_words, words[*i + 1]))
    {
      g_autoptr(GError) error = NULL;
      CaturMove move;
      const char *text = words[++*i];

      if (*text == '\0')
        continue;
      if (catur_engine_parse_legal_move (engine->variant, engine->position, text, &move, &error))
        g_array_append_val (search->searchmoves, move);
      else
        catur_engine_reply ("info string error searchmoves %s: %s", text, error->message);
    }
}

/* go perft N | go [ponder] [depth N] [movetime MS] [nodes N] [infinite]
 *   [wtime MS btime MS [winc MS binc MS] [movestogo N] [byoyomi MS]] [searchmoves M…]
 * The clocks are the seats': UCI's `wtime` is the first seat's (White's, Red's), and so is
 * USI's `btime` (Black, sente, moves first in Shogi). */
void
catur_engine_go (CaturEngine *engine,
                 const char  *args)
{
  g_auto(GStrv) words = g_strsplit_set (args, " \t", -1);
  char first_seat = engine->dialect == CATUR_ENGINE_DIALECT_USI ? 'b' : 'w';
  gint64 clock[2] = { -1, -1 }, increment[2] = { 0, 0 };
  guint64 moves_to_go = 0, byoyomi = 0;
  gboolean any_limit = FALSE, ponder = FALSE;
  CaturEngineSearch *search;
  CaturSide side;

  if (words[0] != NULL && g_str_equal (words[0], "perft"))
    {
      guint64 depth;

      if (words[1] == NULL || !g_ascii_string_to_unsigned (words[1], 10, 1, 64, &depth, NULL))
        {
          catur_engine_reply ("info string error go perft needs a depth from 1 to 64");
          return;
        }
      go_perft (engine, depth);
      return;
    }
  /* USI's `go mate` asks for a mate search, which no game has. */
  if (engine->dialect == CATUR_ENGINE_DIALECT_USI
      && g_strv_contains ((const char * const *) words, "mate"))
    {
      catur_engine_reply ("checkmate notimplemented");
      return;
    }

  catur_engine_finish_search (engine, FALSE, TRUE);
  search = search_new (engine);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      guint64 number = 0;
      gint64 value = 0;
      gboolean ok = TRUE;

      if (*word == '\0')
        continue;
      if (g_str_equal (word, "depth"))
        {
          ok = parse_number (words, &i, CATUR_SEARCH_MAX_PLY, &number);
          search->limits.depth = (guint) MAX (number, 1);
        }
      else if (g_str_equal (word, "movetime"))
        {
          ok = parse_number (words, &i, G_MAXINT32, &number);
          search->limits.movetime = (guint) MAX (number, 1);
        }
      else if (g_str_equal (word, "nodes"))
        {
          ok = parse_number (words, &i, G_MAXUINT64, &number);
          search->limits.nodes = MAX (number, 1);
        }
      else if (g_str_equal (word, "wtime") || g_str_equal (word, "btime"))
        {
          ok = parse_signed (words, &i, &value);
          clock[word[0] == first_seat ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND] = value;
        }
      else if (g_str_equal (word, "winc") || g_str_equal (word, "binc"))
        {
          ok = parse_signed (words, &i, &value);
          increment[word[0] == first_seat ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND] = value;
          if (!ok)
            catur_engine_reply ("info string error %s needs a number", word);
          continue;
        }
      else if (g_str_equal (word, "byoyomi"))
        ok = parse_number (words, &i, G_MAXINT32, &byoyomi);
      else if (g_str_equal (word, "movestogo"))
        {
          ok = parse_number (words, &i, 10000, &moves_to_go);
          if (!ok)
            catur_engine_reply ("info string error %s needs a number", word);
          continue;
        }
      else if (g_str_equal (word, "infinite"))
        search->limits.infinite = TRUE;
      else if (g_str_equal (word, "searchmoves"))
        {
          parse_searchmoves (engine, search, words, &i);
          continue;
        }
      else if (g_str_equal (word, "ponder"))
        {
          ponder = TRUE;
          continue;
        }
      else
        {
          catur_engine_reply ("info string error go does not know %s", word);
          continue;
        }
      if (!ok)
        catur_engine_reply ("info string error %s needs a number", word);
      any_limit = TRUE;
    }

  side = catur_variant_side_to_move (engine->variant, engine->position);
  if (side <= CATUR_SIDE_SECOND && byoyomi > 0)
    catur_search_limits_set_byoyomi (&search->limits, MAX (clock[side], 0), (gint64) byoyomi);
  else if (side <= CATUR_SIDE_SECOND && clock[side] >= 0)
    catur_search_limits_set_clock (&search->limits, clock[side], increment[side],
                                   (guint) moves_to_go);
  /* A bare `go` searches until `stop`, as UCI has it. */
  if (!any_limit)
    search->limits.infinite = TRUE;

  /* Pondering is searching without end on the opponent's time; the limits wait for
   * `ponderhit`. */
  if (ponder)
    {
      CaturTT *tt = search->limits.tt;

      search->pondering = TRUE;
      search->ponderhit_limits = search->limits;
      search->ponderhit_limits.tt = NULL;
      catur_search_limits_init (&search->limits, engine->level);
      search->limits.seed = engine->seed;
      search->limits.tt = tt;
      search->limits.history = search->history;
      search->limits.infinite = TRUE;
    }
  search->infinite = search->limits.infinite;
  if (search->searchmoves != NULL && search->searchmoves->len > 0)
    {
      search->limits.searchmoves = (const CaturMove *) search->searchmoves->data;
      search->limits.n_searchmoves = search->searchmoves->len;
    }

  catur_engine_reply ("info string level %s", catur_level_to_id (engine->level));
  search_start (engine, search);
}

static void
bench_info_cb (const CaturSearchInfo *info,
               gpointer               user_data)
{
}

/* A fixed suite at a fixed depth, for speed: the same nodes every run on every machine. */
void
catur_engine_bench (CaturEngine *engine,
                    const char  *args)
{
  const char * const *texts = catur_variant_get_bench_positions (engine->variant);
  g_autoptr(CaturTT) tt = catur_tt_new (CATUR_ENGINE_DEFAULT_HASH_MB);
  guint64 depth = catur_variant_get_bench_depth (engine->variant), total = 0;
  gint64 start, elapsed;
  guint n = 0;

  if (*args != '\0' && !g_ascii_string_to_unsigned (args, 10, 1, 40, &depth, NULL))
    {
      catur_engine_reply ("info string error bench takes a depth from 1 to 40");
      return;
    }
  catur_engine_finish_search (engine, FALSE, TRUE);

  start = g_get_monotonic_time ();
  for (guint i = 0; texts == NULL ? i < 1 : texts[i] != NULL; i++)
    {
      g_autoptr(CaturPosition) position = NULL;
      g_autoptr(GError) error = NULL;
      CaturSearchLimits limits;
      CaturSearchResult result;

      position = texts == NULL ? catur_variant_new_position (engine->variant, NULL, 0)
                               : catur_variant_parse (engine->variant, texts[i], &error);
      if (position == NULL)
        {
          catur_engine_reply ("info string error bench position %u: %s", i + 1, error->message);
          continue;
        }
      catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
      limits.depth = (guint) depth;
      limits.tt = tt;
      if (!catur_variant_think (engine->variant, position, &limits, bench_info_cb, NULL, NULL,
                                &result, &error))
        {
          catur_engine_reply ("info string error %s", error->message);
          return;
        }
      catur_engine_reply ("info string bench position %u nodes %" G_GUINT64_FORMAT, i + 1,
                          result.nodes);
      total += result.nodes;
      n++;
    }
  elapsed = (g_get_monotonic_time () - start) / G_TIME_SPAN_MILLISECOND;
  catur_engine_reply ("%s", "");
  catur_engine_reply ("Positions: %u", n);
  catur_engine_reply ("Depth: %" G_GUINT64_FORMAT, depth);
  catur_engine_reply ("Total time (ms): %" G_GINT64_FORMAT, elapsed);
  catur_engine_reply ("Nodes searched: %" G_GUINT64_FORMAT, total);
  catur_engine_reply ("Nodes/second: %" G_GUINT64_FORMAT,
                      total * 1000 / (guint64) MAX (elapsed, 1));
}
