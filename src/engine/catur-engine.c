/* catur-engine.c: every game of Catur behind a UCI-style text protocol
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This is the scripting surface of Catur: benchmarks, differential tests and
 * other programs talk to it on stdin/stdout (DESIGN.md, "The engine program").
 */
#define G_LOG_DOMAIN "catur-engine"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <catur.h>

#define DEFAULT_HASH_MB 16
#define MAX_HASH_MB 4096
#define DEFAULT_BENCH_DEPTH 9

/* A search running in its own thread while the main thread reads commands, so that `stop`,
 * `isready` and `quit` are answered at once. */
typedef struct
{
  CaturVariant *variant;
  CaturPosition *position;
  CaturSearchLimits limits;
  GCancellable *cancellable;
  gboolean infinite;           /* UCI: no bestmove before `stop`, whatever the search did */
  GThread *thread;
} Search;

typedef struct
{
  CaturVariant *variant;
  CaturPosition *position;
  CaturLevel level;
  guint64 seed;
  guint hash_mb;
  CaturTT *tt;
  Search *search;
} Engine;

/* The search thread writes too: one line at a time. */
static GMutex output_lock;

static void G_GNUC_PRINTF (1, 2)
reply (const char *format,
       ...)
{
  va_list args;

  g_mutex_lock (&output_lock);
  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  fflush (stdout);
  g_mutex_unlock (&output_lock);
}

static void
engine_set_position (Engine        *engine,
                     CaturPosition *position)
{
  g_clear_pointer (&engine->position, catur_position_free);
  engine->position = position;
}

static gboolean
engine_set_variant (Engine     *engine,
                    const char *id)
{
  CaturVariant *variant = catur_plugins_find_variant (id);

  if (variant == NULL)
    return FALSE;
  engine->variant = variant;
  engine_set_position (engine, catur_variant_new_position (variant, NULL, engine->seed));
  return TRUE;
}

static void
command_uci (Engine *engine)
{
  GPtrArray *variants = catur_plugins_get_variants ();
  GPtrArray *failures = catur_plugins_get_failures ();
  g_autoptr(GString) combo = g_string_new (NULL);

  reply ("id name Catur %s", PACKAGE_VERSION);
  reply ("id author The Catur developers");
  for (guint i = 0; i < failures->len; i++)
    {
      CaturPluginFailure *failure = g_ptr_array_index (failures, i);

      reply ("info string error plugin %s: %s", failure->name, failure->message);
    }
  if (engine->variant != NULL)
    {
      g_string_append_printf (combo, "option name UCI_Variant type combo default %s",
                              catur_variant_get_id (engine->variant));
      for (guint i = 0; i < variants->len; i++)
        g_string_append_printf (combo, " var %s",
                                catur_variant_get_id (g_ptr_array_index (variants, i)));
      reply ("%s", combo->str);
    }
  reply ("option name Level type combo default master var beginner var intermediate var master");
  reply ("option name Seed type spin default 0 min 0 max 2147483647");
  reply ("option name Hash type spin default %d min 1 max %d", DEFAULT_HASH_MB, MAX_HASH_MB);
  reply ("uciok");
}

static void
command_setoption (Engine     *engine,
                   const char *args)
{
  const char *name = strstr (args, "name ");
  const char *value = strstr (args, " value ");
  g_autofree char *option = NULL;
  g_autofree char *setting = NULL;

  if (name == NULL)
    {
      reply ("info string error setoption needs a name");
      return;
    }
  name += strlen ("name ");
  option = value != NULL ? g_strndup (name, value - name) : g_strdup (name);
  g_strstrip (option);
  setting = g_strstrip (g_strdup (value != NULL ? value + strlen (" value ") : ""));

  if (g_ascii_strcasecmp (option, "UCI_Variant") == 0)
    {
      if (!engine_set_variant (engine, setting))
        reply ("info string error unknown variant %s", setting);
    }
  else if (g_ascii_strcasecmp (option, "Level") == 0)
    {
      if (!catur_level_from_id (setting, &engine->level))
        reply ("info string error unknown level %s", setting);
    }
  else if (g_ascii_strcasecmp (option, "Seed") == 0)
    {
      guint64 seed;

      if (g_ascii_string_to_unsigned (setting, 10, 0, G_MAXINT32, &seed, NULL))
        engine->seed = seed;
      else
        reply ("info string error Seed must be a number from 0 to 2147483647");
    }
  else if (g_ascii_strcasecmp (option, "Hash") == 0)
    {
      guint64 megabytes;

      if (g_ascii_string_to_unsigned (setting, 10, 1, MAX_HASH_MB, &megabytes, NULL))
        {
          engine->hash_mb = (guint) megabytes;
          catur_tt_resize (engine->tt, engine->hash_mb);
        }
      else
        reply ("info string error Hash must be a number of MiB from 1 to %d", MAX_HASH_MB);
    }
  else
    reply ("info string error unknown option %s", option);
}

/* Reads a move that may be played in @position; an illegal one's error says why not. */
static gboolean
parse_legal_move (CaturVariant         *variant,
                  const CaturPosition  *position,
                  const char           *text,
                  CaturMove            *move,
                  GError              **error)
{
  g_autofree char *why = NULL;

  if (!catur_variant_parse_move (variant, position, text, move, error))
    return FALSE;
  if (catur_variant_is_legal (variant, position, move))
    return TRUE;
  why = catur_variant_explain (variant, position, move, NULL);
  g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_ILLEGAL_MOVE,
                       why != NULL ? why : _("That move is not legal"));
  return FALSE;
}

/* position startpos|fen <text> [moves m1 m2 …]; on any error the previous position stays. */
static void
command_position (Engine     *engine,
                  const char *args)
{
  g_autoptr(CaturPosition) position = NULL;
  g_autoptr(GError) error = NULL;
  const char *moves = strstr (args, " moves ");
  g_autofree char *head = NULL;

  if (engine->variant == NULL)
    {
      reply ("info string error no game is loaded");
      return;
    }

  head = g_strstrip (moves != NULL ? g_strndup (args, moves - args) : g_strdup (args));
  if (g_str_has_suffix (head, " moves"))
    {
      head[strlen (head) - strlen ("moves")] = '\0';
      g_strstrip (head);
    }

  if (g_str_equal (head, "startpos"))
    position = catur_variant_new_position (engine->variant, NULL, engine->seed);
  else if (g_str_has_prefix (head, "fen ") || g_str_has_prefix (head, "sfen "))
    {
      position = catur_variant_parse (engine->variant, strchr (head, ' ') + 1, &error);
      if (position == NULL)
        {
          reply ("info string error %s", error->message);
          return;
        }
    }
  else
    {
      reply ("info string error position needs startpos or fen");
      return;
    }

  if (moves != NULL)
    {
      g_auto(GStrv) list = g_strsplit_set (moves + strlen (" moves "), " \t", -1);

      for (guint i = 0; list[i] != NULL; i++)
        {
          CaturMove move;

          if (*list[i] == '\0')
            continue;
          if (!parse_legal_move (engine->variant, position, list[i], &move, &error))
            {
              reply ("info string error move %u (%s): %s", i + 1, list[i], error->message);
              return;
            }
          catur_variant_play (engine->variant, position, &move);
        }
    }

  engine_set_position (engine, g_steal_pointer (&position));
}

static void
command_perft (Engine *engine,
               guint   depth)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (engine->variant, engine->position);
  guint64 total = 0;

  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      g_autofree char *text = catur_variant_format_move (engine->variant, engine->position,
                                                         move, CATUR_NOTATION_COORDINATE);
      guint64 count = 1;

      if (depth > 1)
        {
          g_autoptr(CaturPosition) child = catur_position_copy (engine->position);

          catur_variant_play (engine->variant, child, move);
          count = catur_variant_perft (engine->variant, child, depth - 1);
        }
      total += count;
      reply ("%s: %" G_GUINT64_FORMAT, text, count);
    }
  reply ("%s", "");
  reply ("Nodes searched: %" G_GUINT64_FORMAT, total);
}

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

      if (!catur_variant_is_legal (variant, position, &pv[i]))
        break;
      text = catur_variant_format_move (variant, position, &pv[i], CATUR_NOTATION_COORDINATE);
      g_string_append_printf (line, "%s%s", i > 0 ? " " : "", text);
      catur_variant_play (variant, position, &pv[i]);
    }
  return g_string_free (line, FALSE);
}

static void
format_score (GString *line,
              int      score,
              int      mate)
{
  if (mate != 0)
    g_string_append_printf (line, " score mate %d", mate);
  else
    g_string_append_printf (line, " score cp %d", score);
}

static void
search_info_cb (const CaturSearchInfo *info,
                gpointer               user_data)
{
  Search *search = user_data;
  g_autoptr(GString) line = g_string_new ("info");
  g_autofree char *pv = format_line (search->variant, search->position, info->pv,
                                     info->pv_length);

  g_string_append_printf (line, " depth %u seldepth %u", info->depth, info->seldepth);
  format_score (line, info->score, info->mate);
  g_string_append_printf (line, " nodes %" G_GUINT64_FORMAT " nps %" G_GUINT64_FORMAT
                          " time %" G_GUINT64_FORMAT,
                          info->nodes, info->nps, info->time_ms);
  if (info->pv_length > 0)
    g_string_append_printf (line, " pv %s", pv);
  reply ("%s", line->str);
}

static gpointer
search_thread (gpointer data)
{
  Search *search = data;
  g_autoptr(GError) error = NULL;
  CaturSearchResult result;

  if (!catur_variant_think (search->variant, search->position, &search->limits,
                            search_info_cb, search, search->cancellable, &result, &error))
    {
      reply ("info string error %s", error->message);
      result.has_move = FALSE;
    }

  /* `go infinite` answers only after `stop` (or `quit`). */
  while (search->infinite && !g_cancellable_is_cancelled (search->cancellable))
    g_usleep (G_TIME_SPAN_MILLISECOND);

  if (result.has_move)
    {
      g_autofree char *text = catur_variant_format_move (search->variant, search->position,
                                                         &result.move,
                                                         CATUR_NOTATION_COORDINATE);

      reply ("bestmove %s", text);
    }
  else
    reply ("bestmove (none)");
  return NULL;
}

static void
search_free (Search *search)
{
  catur_position_free (search->position);
  g_clear_object (&search->cancellable);
  if (search->limits.tt != NULL)
    catur_tt_unref (search->limits.tt);
  g_free (search);
}

/* Waits for the search in progress to end, stopping it first when @stop is set. A search
 * without end (`go infinite`) is stopped when @stop_infinite is set, else left running. */
static void
engine_finish_search (Engine   *engine,
                      gboolean  stop,
                      gboolean  stop_infinite)
{
  Search *search = engine->search;

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

static void
command_go (Engine     *engine,
            const char *args)
{
  g_auto(GStrv) words = g_strsplit_set (args, " \t", -1);
  gint64 clock[2] = { -1, -1 }, increment[2] = { 0, 0 };
  guint64 moves_to_go = 0;
  gboolean any_limit = FALSE;
  Search *search;
  CaturSide side;

  if (words[0] != NULL && g_str_equal (words[0], "perft"))
    {
      guint64 depth;

      if (words[1] == NULL || !g_ascii_string_to_unsigned (words[1], 10, 1, 64, &depth, NULL))
        {
          reply ("info string error go perft needs a depth from 1 to 64");
          return;
        }
      command_perft (engine, depth);
      return;
    }

  engine_finish_search (engine, FALSE, TRUE);

  search = g_new0 (Search, 1);
  search->variant = engine->variant;
  search->position = catur_position_copy (engine->position);
  search->cancellable = g_cancellable_new ();
  catur_search_limits_init (&search->limits, engine->level);
  search->limits.seed = engine->seed;
  search->limits.tt = catur_tt_ref (engine->tt);

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
          clock[word[0] == 'w' ? 0 : 1] = value;
          any_limit = TRUE;
          continue;
        }
      else if (g_str_equal (word, "winc") || g_str_equal (word, "binc"))
        {
          ok = parse_signed (words, &i, &value);
          increment[word[0] == 'w' ? 0 : 1] = value;
          continue;
        }
      else if (g_str_equal (word, "movestogo"))
        {
          ok = parse_number (words, &i, 10000, &moves_to_go);
          continue;
        }
      else if (g_str_equal (word, "infinite"))
        {
          search->infinite = TRUE;
          search->limits.infinite = TRUE;
        }
      else if (g_str_equal (word, "ponder"))
        continue;
      else
        {
          reply ("info string error go does not know %s", word);
          continue;
        }
      if (!ok)
        reply ("info string error %s needs a number", word);
      any_limit = TRUE;
    }

  side = catur_variant_side_to_move (engine->variant, engine->position);
  if (side <= CATUR_SIDE_SECOND && clock[side] >= 0)
    catur_search_limits_set_clock (&search->limits, clock[side], increment[side],
                                   (guint) moves_to_go);
  /* A bare `go` searches until `stop`, as UCI has it. */
  if (!any_limit)
    {
      search->infinite = TRUE;
      search->limits.infinite = TRUE;
    }

  reply ("info string level %s", catur_level_to_id (engine->level));
  engine->search = search;
  search->thread = g_thread_new ("search", search_thread, search);
}

static void
bench_info_cb (const CaturSearchInfo *info,
               gpointer               user_data)
{
}

/* A fixed suite at a fixed depth, for speed: the same nodes every run on every machine. */
static void
command_bench (Engine     *engine,
               const char *args)
{
  const char * const *texts = catur_variant_get_bench_positions (engine->variant);
  g_autoptr(CaturTT) tt = catur_tt_new (DEFAULT_HASH_MB);
  guint64 depth = DEFAULT_BENCH_DEPTH, total = 0;
  gint64 start, elapsed;
  guint n = 0;

  if (*args != '\0' && !g_ascii_string_to_unsigned (args, 10, 1, 40, &depth, NULL))
    {
      reply ("info string error bench takes a depth from 1 to 40");
      return;
    }
  engine_finish_search (engine, FALSE, TRUE);

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
          reply ("info string error bench position %u: %s", i + 1, error->message);
          continue;
        }
      catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
      limits.depth = (guint) depth;
      limits.tt = tt;
      if (!catur_variant_think (engine->variant, position, &limits, bench_info_cb, NULL, NULL,
                                &result, &error))
        {
          reply ("info string error %s", error->message);
          return;
        }
      reply ("info string bench position %u nodes %" G_GUINT64_FORMAT, i + 1, result.nodes);
      total += result.nodes;
      n++;
    }
  elapsed = (g_get_monotonic_time () - start) / G_TIME_SPAN_MILLISECOND;
  reply ("%s", "");
  reply ("Positions: %u", n);
  reply ("Depth: %" G_GUINT64_FORMAT, depth);
  reply ("Total time (ms): %" G_GINT64_FORMAT, elapsed);
  reply ("Nodes searched: %" G_GUINT64_FORMAT, total);
  reply ("Nodes/second: %" G_GUINT64_FORMAT, total * 1000 / (guint64) MAX (elapsed, 1));
}

static void
command_moves (Engine *engine)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (engine->variant, engine->position);
  g_autoptr(GString) line = g_string_new ("moves");

  for (guint i = 0; i < moves->len; i++)
    {
      g_autofree char *text = catur_variant_format_move (engine->variant, engine->position,
                                                         &g_array_index (moves, CaturMove, i),
                                                         CATUR_NOTATION_COORDINATE);

      g_string_append_printf (line, " %s", text);
    }
  reply ("%s", line->str);
}

static void
command_explain (Engine     *engine,
                 const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sentence = NULL;
  const char *reason_id = NULL;
  CaturMove move;

  /* A well-formed move is read whether or not it is legal, so that its reason is given. */
  if (!catur_variant_parse_move (engine->variant, engine->position, text, &move, &error))
    {
      reply ("illegal piece-movement %s", error->message);
      return;
    }
  if (move.to == CATUR_SQUARE_NONE)
    {
      reply ("illegal piece-movement %s", _("A move needs a target."));
      return;
    }

  sentence = catur_variant_explain (engine->variant, engine->position, &move, &reason_id);
  if (sentence == NULL)
    reply ("legal");
  else
    reply ("illegal %s %s", reason_id != NULL ? reason_id : "piece-movement", sentence);
}

static void
command_notation (Engine     *engine,
                  const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *human = NULL;
  CaturMove move;

  if (!parse_legal_move (engine->variant, engine->position, text, &move, &error))
    {
      reply ("info string error %s", error->message);
      return;
    }
  human = catur_variant_format_move (engine->variant, engine->position, &move,
                                     CATUR_NOTATION_HUMAN);
  reply ("notation %s", human);
}

static void
command_status (Engine *engine)
{
  CaturOutcome outcome;
  g_autoptr(GString) line = g_string_new ("status");
  static const CaturNotice notices[] = {
    CATUR_NOTICE_PERPETUAL_CHECK_WARNING, CATUR_NOTICE_REPETITION, CATUR_NOTICE_NO_CAPTURE,
  };

  catur_variant_status (engine->variant, engine->position, &outcome);
  switch (outcome.result)
    {
    case CATUR_RESULT_WIN:
      g_string_append_printf (line, " win %s %s",
                              catur_variant_get_side_id (engine->variant, outcome.winner),
                              catur_reason_to_id (outcome.reason));
      if (outcome.detail[0] != '\0')
        g_string_append_printf (line, " %s", outcome.detail);
      break;

    case CATUR_RESULT_DRAW:
      g_string_append_printf (line, " draw %s", catur_reason_to_id (outcome.reason));
      break;

    case CATUR_RESULT_ONGOING:
    default:
      g_string_append (line, " ongoing");
      for (guint i = 0; i < G_N_ELEMENTS (notices); i++)
        {
          if (!(outcome.notices & notices[i]))
            continue;
          g_string_append_printf (line, " notice %s", catur_notice_to_id (notices[i]));
          if (notices[i] == CATUR_NOTICE_PERPETUAL_CHECK_WARNING)
            g_string_append_printf (line, " %s",
                                    catur_variant_get_side_id (engine->variant,
                                                               outcome.warned_side));
        }
      break;
    }
  reply ("%s", line->str);
}

static gboolean
needs_game (Engine *engine)
{
  if (engine->variant != NULL)
    return TRUE;
  reply ("info string error no game is loaded");
  return FALSE;
}

/* The commands that change what a search works with. */
static const char * const changing_commands[] = {
  "setoption", "ucinewgame", "position", "go", "bench", NULL,
};

/* Returns FALSE on quit. */
static gboolean
engine_command (Engine *engine,
                char   *line)
{
  char *args;

  g_strstrip (line);
  if (*line == '\0')
    return TRUE;

  args = strchr (line, ' ');
  if (args != NULL)
    {
      *args++ = '\0';
      g_strstrip (args);
    }
  else
    args = line + strlen (line);

  /* While a search runs, `isready`, `stop` and `quit` are answered at once. Other commands
   * wait for it to end, so that replies come in the order of the commands; a search without
   * end is stopped by a command that changes what it searches, and runs on beside one that
   * only reads. */
  if (g_str_equal (line, "quit") || g_str_equal (line, "stop"))
    engine_finish_search (engine, TRUE, TRUE);
  else if (g_strv_contains (changing_commands, line))
    engine_finish_search (engine, FALSE, TRUE);
  else if (!g_str_equal (line, "isready") && !g_str_equal (line, "ponderhit"))
    engine_finish_search (engine, FALSE, FALSE);

  if (g_str_equal (line, "quit"))
    return FALSE;
  else if (g_str_equal (line, "isready"))
    reply ("readyok");
  else if (g_str_equal (line, "stop") || g_str_equal (line, "ponderhit"))
    ;
  else if (g_str_equal (line, "uci"))
    command_uci (engine);
  else if (g_str_equal (line, "setoption"))
    command_setoption (engine, args);
  else if (g_str_equal (line, "ucinewgame"))
    {
      catur_tt_clear (engine->tt);
      if (engine->variant != NULL)
        engine_set_position (engine, catur_variant_new_position (engine->variant, NULL,
                                                                 engine->seed));
    }
  else if (g_str_equal (line, "position"))
    command_position (engine, args);
  else if (!needs_game (engine))
    ;
  else if (g_str_equal (line, "go"))
    command_go (engine, args);
  else if (g_str_equal (line, "bench"))
    command_bench (engine, args);
  else if (g_str_equal (line, "moves"))
    command_moves (engine);
  else if (g_str_equal (line, "explain"))
    command_explain (engine, args);
  else if (g_str_equal (line, "notation"))
    command_notation (engine, args);
  else if (g_str_equal (line, "fen"))
    {
      g_autofree char *text = catur_variant_format (engine->variant, engine->position);

      reply ("fen %s", text);
    }
  else if (g_str_equal (line, "status"))
    command_status (engine);
  else
    reply ("info string error unknown command %s", line);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *plugin_path = NULL;
  g_autofree char *variant = NULL;
  GOptionEntry entries[] = {
    { "plugin-path", 0, 0, G_OPTION_ARG_FILENAME, &plugin_path,
      N_("Look for game plugins in DIR first"), N_("DIR") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant,
      N_("Start with this game"), N_("ID") },
    { NULL }
  };
  Engine engine = { 0 };
  char *line = NULL;
  size_t capacity = 0;
  const char *localedir;

  setlocale (LC_ALL, "");
  /* `meson devenv` points this at the build's catalogues (_build/po), as for the program. */
  localedir = g_getenv ("CATUR_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _("Plays the games of Catur over a UCI-style protocol on standard input and output."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }

  if (plugin_path != NULL)
    {
      const char *old = g_getenv ("CATUR_PLUGIN_PATH");
      g_autofree char *joined = old != NULL
        ? g_strjoin (G_SEARCHPATH_SEPARATOR_S, plugin_path, old, NULL)
        : g_strdup (plugin_path);

      g_setenv ("CATUR_PLUGIN_PATH", joined, TRUE);
    }

  catur_plugins_load ();
  engine.level = CATUR_LEVEL_MASTER;
  engine.hash_mb = DEFAULT_HASH_MB;
  engine.tt = catur_tt_new (engine.hash_mb);
  if (variant != NULL)
    {
      if (!engine_set_variant (&engine, variant))
        {
          g_printerr (_("No game plugin with the id “%s” was found\n"), variant);
          return 2;
        }
    }
  else if (catur_plugins_get_variants ()->len > 0)
    engine_set_variant (&engine,
                        catur_variant_get_id (g_ptr_array_index (catur_plugins_get_variants (), 0)));

  while (getline (&line, &capacity, stdin) >= 0)
    if (!engine_command (&engine, line))
      break;

  /* At the end of the input, a search with limits finishes; one without is stopped. */
  engine_finish_search (&engine, FALSE, TRUE);
  free (line);
  engine_set_position (&engine, NULL);
  catur_tt_unref (engine.tt);
  return 0;
}
