/* catur-engine.c: every game of Catur behind UCI or USI
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This is the scripting surface of Catur: benchmarks, differential tests and
 * other programs talk to it on stdin/stdout (DESIGN.md, "The engine program"). It speaks UCI
 * or USI, as the first words of the other program ask (`uci`, `usi`), else as the game
 * declares (catur_variant_get_engine_dialect()).
 */
#define G_LOG_DOMAIN "catur-engine"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "catur-engine.h"

#define MAX_HASH_MB 4096
/* The budget of each of `judge`'s two searches unless told otherwise: the coach's quick
 * setting. */
#define DEFAULT_JUDGE_MOVETIME 300
#define MAX_JUDGE_MOVETIME 600000
#define MAX_JUDGE_NODES G_GUINT64_CONSTANT (1000000000)

/* The search thread writes too: one line at a time. */
static GMutex output_lock;

void
catur_engine_reply (const char *format,
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

/* The game from now on: @start (transfer full) and @moves (transfer full) played from it,
 * which give @position (transfer full), and @history (transfer full, may be %NULL) the
 * keys of the positions on the way, which `status` and the searches read. */
static void
engine_set_game (CaturEngine     *engine,
                 CaturPosition   *start,
                 GArray          *moves,
                 CaturPosition   *position,
                 CaturRepetition *history)
{
  g_clear_pointer (&engine->start, catur_position_free);
  g_clear_pointer (&engine->moves, g_array_unref);
  g_clear_pointer (&engine->position, catur_position_free);
  g_clear_pointer (&engine->history, catur_repetition_free);
  engine->start = start;
  engine->moves = moves;
  engine->position = position;
  engine->history = history;
}

/* The game's setup options set with `setoption` (a{sv}, as new_position() receives them). */
static GVariant *
engine_options (CaturEngine *engine)
{
  GVariantBuilder builder;
  GHashTableIter iter;
  gpointer id, choice;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_hash_table_iter_init (&iter, engine->options);
  while (g_hash_table_iter_next (&iter, &id, &choice))
    g_variant_builder_add (&builder, "{sv}", (const char *) id,
                           g_variant_new_string (choice));
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

static CaturPosition *
engine_start_position (CaturEngine *engine)
{
  g_autoptr(GVariant) options = engine_options (engine);

  return catur_variant_new_position (engine->variant, options, engine->seed);
}

static void
engine_new_game (CaturEngine *engine)
{
  CaturPosition *start = engine_start_position (engine);

  engine_set_game (engine, start, g_array_new (FALSE, FALSE, sizeof (CaturMove)),
                   catur_position_copy (start),
                   catur_variant_new_repetition (engine->variant, start));
}

static void
engine_use_variant (CaturEngine  *engine,
                    CaturVariant *variant)
{
  /* Options belong to a game: another game starts without them. */
  if (engine->variant != variant)
    g_hash_table_remove_all (engine->options);
  engine->variant = variant;
  if (!engine->dialect_chosen)
    engine->dialect = catur_variant_get_engine_dialect (variant);
}

static gboolean
engine_set_variant (CaturEngine *engine,
                    const char  *id)
{
  CaturVariant *variant = catur_plugins_find_variant (id);

  if (variant == NULL)
    return FALSE;
  engine_use_variant (engine, variant);
  engine_new_game (engine);
  return TRUE;
}

/* `uci` and `usi`: the options, in the words of the dialect chosen for the rest of the
 * session. Both list the same options but for the table size, which USI GUIs set as
 * USI_Hash. */
static void
command_handshake (CaturEngine        *engine,
                   CaturEngineDialect  dialect)
{
  gboolean usi = dialect == CATUR_ENGINE_DIALECT_USI;
  GPtrArray *variants = catur_plugins_get_variants ();
  GPtrArray *failures = catur_plugins_get_failures ();
  g_autoptr(GString) combo = g_string_new (NULL);

  engine->dialect = dialect;
  engine->dialect_chosen = TRUE;

  catur_engine_reply ("id name Catur %s", PACKAGE_VERSION);
  catur_engine_reply ("id author The Catur developers");
  for (guint i = 0; i < failures->len; i++)
    {
      CaturPluginFailure *failure = g_ptr_array_index (failures, i);

      catur_engine_reply ("info string error plugin %s: %s", failure->name, failure->message);
    }
  if (engine->variant != NULL)
    {
      g_string_append_printf (combo, "option name UCI_Variant type combo default %s",
                              catur_variant_get_id (engine->variant));
      for (guint i = 0; i < variants->len; i++)
        g_string_append_printf (combo, " var %s",
                                catur_variant_get_id (g_ptr_array_index (variants, i)));
      catur_engine_reply ("%s", combo->str);
    }
  {
    g_autoptr(GString) levels = g_string_new ("option name Level type combo default master");

    for (CaturLevel level = 0; level < CATUR_N_LEVELS; level++)
      g_string_append_printf (levels, " var %s", catur_level_to_id (level));
    catur_engine_reply ("%s", levels->str);
  }
  if (engine->variant != NULL)
    {
      guint n_options;
      const CaturSetupOption *options = catur_variant_get_setup_options (engine->variant,
                                                                          &n_options);

      /* The game's own setup options, by their ids, which carry no spaces. */
      for (guint i = 0; i < n_options; i++)
        {
          g_autoptr(GString) option = g_string_new (NULL);

          g_string_append_printf (option, "option name %s type combo default %s", options[i].id,
                                  options[i].choices[0].value);
          for (guint c = 0; c < options[i].n_choices; c++)
            g_string_append_printf (option, " var %s", options[i].choices[c].value);
          catur_engine_reply ("%s", option->str);
        }
    }
  catur_engine_reply ("option name Seed type spin default 0 min 0 max 2147483647");
  catur_engine_reply ("option name JudgeMovetime type spin default %d min 1 max %d",
                      DEFAULT_JUDGE_MOVETIME, MAX_JUDGE_MOVETIME);
  catur_engine_reply ("option name JudgeDepth type spin default 0 min 1 max %d",
                      CATUR_SEARCH_MAX_PLY - 1);
  catur_engine_reply ("option name JudgeNodes type spin default 0 min 1 max %" G_GUINT64_FORMAT,
                      MAX_JUDGE_NODES);
  catur_engine_reply ("option name MultiPV type spin default 1 min 1 max %d",
                      CATUR_SEARCH_MAX_LINES);
  catur_engine_reply ("option name Threads type spin default 1 min 1 max %d",
                      CATUR_SEARCH_MAX_THREADS);
  catur_engine_reply ("option name %s type spin default %d min 1 max %d", usi ? "USI_Hash" : "Hash",
         CATUR_ENGINE_DEFAULT_HASH_MB, MAX_HASH_MB);
  catur_engine_reply (usi ? "usiok" : "uciok");
}

/* A count option from 1 to @max; a setting out of range is refused with a message, and the
 * count kept. */
static void
set_count (const char *setting,
           const char *option,
           guint       max,
           guint      *count)
{
  guint64 value;

  if (g_ascii_string_to_unsigned (setting, 10, 1, max, &value, NULL))
    *count = (guint) value;
  else
    catur_engine_reply ("info string error %s must be a number from 1 to %u", option, max);
}

/* `setoption name <id> value <choice>` for one of the game's setup options (a move limit, a
 * handicap): kept for the next `position`. FALSE when the game has no option @id. */
static gboolean
set_game_option (CaturEngine *engine,
                 const char  *id,
                 const char  *choice)
{
  guint n_options;
  const CaturSetupOption *options = NULL;

  if (engine->variant != NULL)
    options = catur_variant_get_setup_options (engine->variant, &n_options);
  for (guint i = 0; options != NULL && i < n_options; i++)
    {
      gint found;

      if (g_ascii_strcasecmp (options[i].id, id) != 0)
        continue;
      found = catur_setup_option_find_choice (&options[i], choice);
      if (found < 0)
        {
          g_autoptr(GString) choices = g_string_new (NULL);

          for (guint c = 0; c < options[i].n_choices; c++)
            g_string_append_printf (choices, " %s", options[i].choices[c].value);
          catur_engine_reply ("info string error %s is one of:%s", options[i].id, choices->str);
        }
      else
        g_hash_table_insert (engine->options, g_strdup (options[i].id),
                             g_strdup (options[i].choices[found].value));
      return TRUE;
    }
  return FALSE;
}

/* `setoption name JudgeMovetime|JudgeDepth|JudgeNodes value N`: the budget of each of
 * `judge`'s two searches. One replaces the others, so that a test's depth is never cut short
 * by the default time on a loaded machine. */
static void
set_judge_budget (CaturEngine *engine,
                  const char  *option,
                  const char  *setting)
{
  guint64 max = g_ascii_strcasecmp (option, "JudgeMovetime") == 0 ? MAX_JUDGE_MOVETIME
                : g_ascii_strcasecmp (option, "JudgeDepth") == 0 ? CATUR_SEARCH_MAX_PLY - 1
                : MAX_JUDGE_NODES;
  guint64 value;

  if (!g_ascii_string_to_unsigned (setting, 10, 1, max, &value, NULL))
    {
      catur_engine_reply ("info string error %s must be a number from 1 to %" G_GUINT64_FORMAT,
                          option, max);
      return;
    }
  engine->judge_movetime = 0;
  engine->judge_depth = 0;
  engine->judge_nodes = 0;
  if (g_ascii_strcasecmp (option, "JudgeMovetime") == 0)
    engine->judge_movetime = (guint) value;
  else if (g_ascii_strcasecmp (option, "JudgeDepth") == 0)
    engine->judge_depth = (guint) value;
  else
    engine->judge_nodes = value;
}

static void
command_setoption (CaturEngine *engine,
                   const char  *args)
{
  const char *name = strstr (args, "name ");
  const char *value = strstr (args, " value ");
  g_autofree char *option = NULL;
  g_autofree char *setting = NULL;

  if (name == NULL)
    {
      catur_engine_reply ("info string error setoption needs a name");
      return;
    }
  name += strlen ("name ");
  option = value != NULL ? g_strndup (name, value - name) : g_strdup (name);
  g_strstrip (option);
  setting = g_strstrip (g_strdup (value != NULL ? value + strlen (" value ") : ""));

  if (g_ascii_strcasecmp (option, "UCI_Variant") == 0)
    {
      if (!engine_set_variant (engine, setting))
        catur_engine_reply ("info string error unknown variant %s", setting);
    }
  else if (g_ascii_strcasecmp (option, "Level") == 0)
    {
      if (!catur_level_from_id (setting, &engine->level))
        catur_engine_reply ("info string error unknown level %s", setting);
    }
  else if (g_ascii_strcasecmp (option, "MultiPV") == 0)
    set_count (setting, "MultiPV", CATUR_SEARCH_MAX_LINES, &engine->multipv);
  else if (g_ascii_strcasecmp (option, "Threads") == 0)
    set_count (setting, "Threads", CATUR_SEARCH_MAX_THREADS, &engine->threads);
  else if (g_ascii_strcasecmp (option, "JudgeMovetime") == 0
           || g_ascii_strcasecmp (option, "JudgeDepth") == 0
           || g_ascii_strcasecmp (option, "JudgeNodes") == 0)
    set_judge_budget (engine, option, setting);
  else if (g_ascii_strcasecmp (option, "Seed") == 0)
    {
      guint64 seed;

      if (g_ascii_string_to_unsigned (setting, 10, 0, G_MAXINT32, &seed, NULL))
        engine->seed = seed;
      else
        catur_engine_reply ("info string error Seed must be a number from 0 to 2147483647");
    }
  else if (g_ascii_strcasecmp (option, "Hash") == 0 || g_ascii_strcasecmp (option, "USI_Hash") == 0)
    {
      guint64 megabytes;

      if (g_ascii_string_to_unsigned (setting, 10, 1, MAX_HASH_MB, &megabytes, NULL))
        {
          engine->hash_mb = (guint) megabytes;
          catur_tt_resize (engine->tt, engine->hash_mb);
          catur_tt_touch (engine->tt);
        }
      else
        catur_engine_reply ("info string error Hash must be a number of MiB from 1 to %d",
                            MAX_HASH_MB);
    }
  /* GUIs tell whether they will ask for pondering (USI GUIs always do); `go ponder` works
   * either way. */
  else if (g_ascii_strcasecmp (option, "Ponder") == 0
           || g_ascii_strcasecmp (option, "USI_Ponder") == 0)
    ;
  else if (!set_game_option (engine, option, setting))
    catur_engine_reply ("info string error unknown option %s", option);
}

/* Moves as engines write them: the game's coordinate notation. */
char *
catur_engine_format_coordinate (CaturVariant        *variant,
                                const CaturPosition *position,
                                const CaturMove     *move)
{
  return catur_variant_format_move (variant, position, move,
                                    catur_variant_get_coordinate_notation (variant));
}

/* Reads a move that may be played in @position; an illegal one's error says why not. */
gboolean
catur_engine_parse_legal_move (CaturVariant         *variant,
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

/* position startpos|fen|sfen <text> [moves m1 m2 …]; on any error the previous position stays.
 * `fen` and `sfen` both introduce the position text of the game, whatever it is called. */
static void
command_position (CaturEngine *engine,
                  const char  *args)
{
  g_autoptr(CaturPosition) start = NULL;
  g_autoptr(CaturPosition) position = NULL;
  g_autoptr(CaturRepetition) history = NULL;
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  g_autoptr(GError) error = NULL;
  const char *moves = strstr (args, " moves ");
  g_autofree char *head = NULL;

  if (engine->variant == NULL)
    {
      catur_engine_reply ("info string error no game is loaded");
      return;
    }

  head = g_strstrip (moves != NULL ? g_strndup (args, moves - args) : g_strdup (args));
  if (g_str_has_suffix (head, " moves"))
    {
      head[strlen (head) - strlen ("moves")] = '\0';
      g_strstrip (head);
    }

  if (g_str_equal (head, "startpos"))
    start = engine_start_position (engine);
  else if (g_str_has_prefix (head, "fen ") || g_str_has_prefix (head, "sfen "))
    {
      g_autoptr(GVariant) options = engine_options (engine);

      start = catur_variant_parse (engine->variant, strchr (head, ' ') + 1, &error);
      if (start == NULL)
        {
          catur_engine_reply ("info string error %s", error->message);
          return;
        }
      /* The rules the text does not tell (a move limit) come from the options set. */
      catur_variant_apply_options (engine->variant, start, options);
      /* A position text never says what lies face down: the engine deals it once, with its
       * own seed, so that bare flips (`a1`) can be played. */
      catur_variant_deal_hidden (engine->variant, start, engine->seed);
    }
  else
    {
      catur_engine_reply ("info string error position needs startpos or fen");
      return;
    }

  position = catur_position_copy (start);
  history = catur_variant_new_repetition (engine->variant, start);
  if (moves != NULL)
    {
      g_auto(GStrv) list = g_strsplit_set (moves + strlen (" moves "), " \t", -1);

      for (guint i = 0; list[i] != NULL; i++)
        {
          CaturMove move;
          CaturSide mover;

          if (*list[i] == '\0')
            continue;
          if (!catur_engine_parse_legal_move (engine->variant, position, list[i], &move,
                                              &error))
            {
              catur_engine_reply ("info string error move %u (%s): %s", i + 1, list[i],
                                  error->message);
              return;
            }
          mover = catur_variant_side_to_move (engine->variant, position);
          /* A flip comes back with what it revealed: `write` keeps it so. */
          catur_variant_play (engine->variant, position, &move);
          catur_variant_push_repetition (engine->variant, history, mover, position);
          g_array_append_val (played, move);
        }
    }

  engine_set_game (engine, g_steal_pointer (&start), g_steal_pointer (&played),
                   g_steal_pointer (&position), g_steal_pointer (&history));
}

static void
command_moves (CaturEngine *engine)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (engine->variant, engine->position);
  g_autoptr(GString) line = g_string_new ("moves");

  for (guint i = 0; i < moves->len; i++)
    {
      g_autofree char *text = catur_engine_format_coordinate (engine->variant, engine->position,
                                                              &g_array_index (moves, CaturMove, i));

      g_string_append_printf (line, " %s", text);
    }
  catur_engine_reply ("%s", line->str);
}

static void
command_explain (CaturEngine *engine,
                 const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sentence = NULL;
  const char *reason_id = NULL;
  CaturMove move;

  /* A well-formed move is read whether or not it is legal, so that its reason is given. */
  if (!catur_variant_parse_move (engine->variant, engine->position, text, &move, &error))
    {
      catur_engine_reply ("illegal piece-movement %s", error->message);
      return;
    }
  if (move.to == CATUR_SQUARE_NONE)
    {
      catur_engine_reply ("illegal piece-movement %s", _("A move needs a target."));
      return;
    }

  sentence = catur_variant_explain (engine->variant, engine->position, &move, &reason_id);
  if (sentence == NULL)
    catur_engine_reply ("legal");
  else
    catur_engine_reply ("illegal %s %s", reason_id != NULL ? reason_id : "piece-movement",
                        sentence);
}

/* `judge <move>`: the coach's verdict on a move of the current position, one line:
 * `judge <class> <loss> <best move> <reason id> <sentence>`. */
static void
command_judge (CaturEngine *engine,
               const char  *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturJudgement) verdict = NULL;
  g_autofree char *loss = NULL;
  g_autofree char *best = NULL;
  CaturSearchLimits limits;
  CaturMove move;

  if (!catur_engine_parse_legal_move (engine->variant, engine->position, text, &move, &error))
    {
      catur_engine_reply ("info string error %s", error->message);
      return;
    }
  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.movetime = engine->judge_movetime;
  limits.depth = engine->judge_depth;
  limits.nodes = engine->judge_nodes;
  limits.seed = engine->seed;
  limits.history = engine->history;
  verdict = catur_judge_move (engine->variant, engine->position, &move, &limits, NULL, &error);
  if (verdict == NULL)
    {
      catur_engine_reply ("info string error %s", error->message);
      return;
    }
  loss = catur_judgement_format_loss (verdict);
  best = catur_engine_format_coordinate (engine->variant, engine->position, &verdict->best);
  catur_engine_reply ("judge %s %s %s %s %s", catur_judge_class_to_id (verdict->judge_class), loss,
                      best, catur_judge_reason_to_id (verdict->reason), verdict->sentence);
}

static void
command_notation (CaturEngine *engine,
                  const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *human = NULL;
  CaturMove move;

  if (!catur_engine_parse_legal_move (engine->variant, engine->position, text, &move, &error))
    {
      catur_engine_reply ("info string error %s", error->message);
      return;
    }
  human = catur_variant_format_move (engine->variant, engine->position, &move, NULL);
  catur_engine_reply ("notation %s", human);
}

static void
command_status (CaturEngine *engine)
{
  CaturOutcome outcome;
  g_autoptr(GString) line = g_string_new ("status");
  const CaturNoticeInfo *notices;
  guint n_notices;

  catur_variant_status (engine->variant, engine->position, engine->history, &outcome);
  switch (outcome.result)
    {
    case CATUR_RESULT_WIN:
      g_string_append_printf (line, " win %s %s",
                              catur_variant_get_side_id (engine->variant, engine->position,
                                                         outcome.winner),
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
      notices = catur_variant_list_notices (engine->variant, &n_notices);
      for (guint i = 0; i < n_notices; i++)
        {
          if (!(outcome.notices & notices[i].notice))
            continue;
          g_string_append_printf (line, " notice %s", notices[i].id);
          if ((notices[i].flags & CATUR_NOTICE_ADDRESSED)
              && outcome.warned_side <= CATUR_SIDE_SECOND)
            g_string_append_printf (line, " %s",
                                    catur_variant_get_side_id (engine->variant, engine->position,
                                                               outcome.warned_side));
        }
      break;
    }
  catur_engine_reply ("%s", line->str);
}

/* read <path> [N], or read [game N] <path>: the record file becomes the game, of whichever
 * game reads it (the one it looks most like asked first); of a file of several games (a PGN
 * database), game N of those that read, the first by default, and the reply tells how many
 * there are. An ending the record states that its moves do not reach (a foul, an impasse
 * declared with the rule off, a time-out) is told. Nothing changes when it cannot be read
 * or a move in it is not legal. */
static void
command_read (CaturEngine *engine,
              const char  *args)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GPtrArray) records = NULL;
  CaturRecord *record = NULL;
  g_autoptr(CaturPosition) position = NULL;
  g_autoptr(CaturRepetition) history = NULL;
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  g_autoptr(GError) error = NULL;
  const char *path = args;
  g_autofree char *named = NULL;
  g_autofree char *ending = NULL;
  guint64 wanted = 1;
  CaturVariant *variant;
  CaturOutcome outcome = { 0 };

  if (g_str_has_prefix (args, "game "))
    {
      char *end = NULL;

      wanted = g_ascii_strtoull (args + 5, &end, 10);
      if (end == args + 5 || (*end != ' ' && *end != '\0') || wanted == 0)
        {
          catur_engine_reply ("info string error read game needs a number from 1, then a file");
          return;
        }
      path = end;
      while (*path == ' ')
        path++;
    }
  if (*path == '\0')
    {
      catur_engine_reply ("info string error read needs a file");
      return;
    }
  /* `read PATH N`: a number after the path, unless the whole is the name of a file. */
  if (path == args && !g_file_test (args, G_FILE_TEST_EXISTS))
    {
      const char *space = strrchr (args, ' ');
      char *end = NULL;

      if (space != NULL && g_ascii_isdigit (space[1]))
        {
          wanted = g_ascii_strtoull (space + 1, &end, 10);
          if (*end != '\0' || wanted == 0)
            {
              catur_engine_reply ("info string error read needs a game number from 1 after "
                                  "the file");
              return;
            }
          path = named = g_strstrip (g_strndup (args, (gsize) (space - args)));
        }
    }
  /* Mapped, not read: a huge file is refused by its size before any of it is read. */
  file = g_mapped_file_new (path, FALSE, &error);
  if (file != NULL)
    records = catur_record_read_file_games (path, g_mapped_file_get_contents (file),
                                            g_mapped_file_get_length (file), engine->variant,
                                            &error);
  if (records == NULL)
    {
      catur_engine_reply ("info string error %s", error->message);
      return;
    }
  if (wanted > records->len)
    {
      catur_engine_reply ("info string error the file holds %u games that read", records->len);
      return;
    }
  record = g_ptr_array_index (records, wanted - 1);

  variant = catur_record_get_variant (record);
  position = catur_position_copy (catur_record_get_start (record));
  history = catur_variant_new_repetition (variant, position);
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      CaturMove move = *catur_record_get_move (record, i);
      CaturSide mover = catur_variant_side_to_move (variant, position);

      if (!catur_variant_is_legal (variant, position, &move))
        {
          g_autofree char *why = catur_variant_explain (variant, position, &move, NULL);

          catur_engine_reply ("info string error move %u: %s", i + 1,
                 why != NULL ? why : _("That move is not legal"));
          return;
        }
      catur_variant_play (variant, position, &move);
      catur_variant_push_repetition (variant, history, mover, position);
      g_array_append_val (played, move);
    }

  if (variant != engine->variant)
    {
      engine_use_variant (engine, variant);
      catur_engine_reply ("info string variant %s", catur_variant_get_id (variant));
    }
  engine_set_game (engine, catur_position_copy (catur_record_get_start (record)),
                   g_steal_pointer (&played), g_steal_pointer (&position),
                   g_steal_pointer (&history));
  if (records->len > 1)
    catur_engine_reply ("info string game %u of %u", (guint) wanted, records->len);
  catur_variant_status (engine->variant, engine->position, engine->history, &outcome);
  if (outcome.result == CATUR_RESULT_ONGOING)
    ending = catur_outcome_format_ending (variant, catur_record_get_outcome (record));
  if (ending != NULL)
    catur_engine_reply ("info string ending %s", ending);
}

/* The format that @kind names: the first that writes files with that extension, else the
 * format with that id (`pgn-iccs`). */
static const CaturRecordFormat *
find_writable_format (CaturVariant *variant,
                      const char   *kind)
{
  g_autofree char *name = g_strconcat ("record.", kind, NULL);
  const CaturRecordFormat *format;

  format = catur_variant_guess_record_format (variant, name, CATUR_RECORD_FORMAT_WRITE);
  if (format == NULL)
    format = catur_variant_find_record_format (variant, kind);
  if (format == NULL || !(format->flags & CATUR_RECORD_FORMAT_WRITE))
    return NULL;
  return format;
}

/* PGN's result notation, which the formats of the chess family share. */
static const char *
result_tag (CaturEngine *engine)
{
  CaturOutcome outcome = { 0 };

  catur_variant_status (engine->variant, engine->position, engine->history, &outcome);
  switch (outcome.result)
    {
    case CATUR_RESULT_WIN:
      return outcome.winner == CATUR_SIDE_FIRST ? "1-0" : "0-1";
    case CATUR_RESULT_DRAW:
      return "1/2-1/2";
    case CATUR_RESULT_ONGOING:
    default:
      return "*";
    }
}

/* write <format> <path>: the game since the last `position` or `read`, in the format named by
 * its file extension (`pgn`, `fen`…). */
static void
command_write (CaturEngine *engine,
               const char  *args)
{
  const char *space = strchr (args, ' ');
  g_autofree char *kind = NULL;
  g_autofree char *text = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  const CaturRecordFormat *format;
  const char *path;
  gsize length;

  if (space == NULL)
    {
      catur_engine_reply ("info string error write needs a format and a file");
      return;
    }
  kind = g_strndup (args, space - args);
  path = space;
  while (*path == ' ' || *path == '\t')
    path++;

  format = find_writable_format (engine->variant, kind);
  if (format == NULL)
    {
      catur_engine_reply ("info string error %s cannot write files of the kind %s",
             catur_variant_get_id (engine->variant), kind);
      return;
    }

  record = catur_record_new (engine->variant, catur_position_copy (engine->start));
  for (guint i = 0; i < engine->moves->len; i++)
    catur_record_append_move (record, &g_array_index (engine->moves, CaturMove, i));
  catur_record_set_tag (record, "Result", result_tag (engine));

  text = catur_variant_write_record_file (engine->variant, format->id, record, &length, &error);
  if (text == NULL || !g_file_set_contents (path, text, (gssize) length, &error))
    catur_engine_reply ("info string error %s", error->message);
}

static gboolean
needs_game (CaturEngine *engine)
{
  if (engine->variant != NULL)
    return TRUE;
  catur_engine_reply ("info string error no game is loaded");
  return FALSE;
}

/* The commands that change what a search works with. */
static const char * const changing_commands[] = {
  "setoption", "ucinewgame", "usinewgame", "position", "read", "go", "bench", NULL,
};

/* Returns FALSE on quit. */
static gboolean
engine_command (CaturEngine *engine,
                char        *line)
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

  /* While a search runs, `isready`, `stop`, `ponderhit`, `gameover` and `quit` are answered at
   * once. Other commands wait for it to end, so that replies come in the order of the
   * commands; a search without end is stopped by a command that changes what it searches,
   * and runs on beside one that only reads. */
  if (g_str_equal (line, "quit") || g_str_equal (line, "stop"))
    catur_engine_finish_search (engine, TRUE, TRUE);
  else if (g_str_equal (line, "gameover"))
    catur_engine_abandon_search (engine);
  else if (g_str_equal (line, "ponderhit"))
    catur_engine_ponderhit (engine);
  else if (g_strv_contains (changing_commands, line))
    catur_engine_finish_search (engine, FALSE, TRUE);
  else if (!g_str_equal (line, "isready"))
    catur_engine_finish_search (engine, FALSE, FALSE);

  if (g_str_equal (line, "quit"))
    return FALSE;
  else if (g_str_equal (line, "isready"))
    catur_engine_reply ("readyok");
  else if (g_str_equal (line, "stop") || g_str_equal (line, "ponderhit"))
    ;
  else if (g_str_equal (line, "uci"))
    command_handshake (engine, CATUR_ENGINE_DIALECT_UCI);
  else if (g_str_equal (line, "usi"))
    command_handshake (engine, CATUR_ENGINE_DIALECT_USI);
  else if (g_str_equal (line, "setoption"))
    command_setoption (engine, args);
  /* USI's `gameover win|lose|draw` ends the game: the next one starts afresh. */
  else if (g_str_equal (line, "ucinewgame") || g_str_equal (line, "usinewgame")
           || g_str_equal (line, "gameover"))
    {
      catur_tt_clear (engine->tt);
      if (engine->variant != NULL)
        engine_new_game (engine);
    }
  else if (g_str_equal (line, "position"))
    command_position (engine, args);
  else if (!needs_game (engine))
    ;
  else if (g_str_equal (line, "go"))
    catur_engine_go (engine, args);
  else if (g_str_equal (line, "bench"))
    catur_engine_bench (engine, args);
  else if (g_str_equal (line, "moves"))
    command_moves (engine);
  else if (g_str_equal (line, "explain"))
    command_explain (engine, args);
  else if (g_str_equal (line, "notation"))
    command_notation (engine, args);
  else if (g_str_equal (line, "judge"))
    command_judge (engine, args);
  else if (g_str_equal (line, "fen"))
    {
      g_autofree char *text = catur_variant_format (engine->variant, engine->position);

      catur_engine_reply ("fen %s", text);
    }
  else if (g_str_equal (line, "status"))
    command_status (engine);
  else if (g_str_equal (line, "read"))
    command_read (engine, args);
  else if (g_str_equal (line, "write"))
    command_write (engine, args);
  else
    catur_engine_reply ("info string error unknown command %s", line);
  return TRUE;
}

/* For --variant: the ids a user may give. */
static char *
known_variant_ids (void)
{
  GPtrArray *variants = catur_plugins_get_variants ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) ids = NULL;

  for (guint i = 0; i < variants->len; i++)
    g_strv_builder_add (builder, catur_variant_get_id (g_ptr_array_index (variants, i)));
  ids = g_strv_builder_end (builder);
  return g_strjoinv (", ", ids);
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
  CaturEngine engine = { 0 };
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
  g_option_context_set_summary (context, _("Plays the games of Catur over UCI or USI on "
                                            "standard input and output."));
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
  engine.options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  engine.hash_mb = CATUR_ENGINE_DEFAULT_HASH_MB;
  engine.multipv = 1;
  engine.threads = 1;
  engine.judge_movetime = DEFAULT_JUDGE_MOVETIME;
  engine.tt = catur_tt_new (engine.hash_mb);
  catur_tt_touch (engine.tt);
  if (variant != NULL)
    {
      if (!engine_set_variant (&engine, variant))
        {
          g_autofree char *known = known_variant_ids ();

          g_printerr (_("No game plugin with the id “%s” was found\n"), variant);
          if (*known == '\0')
            g_printerr ("%s",
                        _("No game plugin is loaded: give their folder with --plugin-path\n"));
          else
            g_printerr (_("The games known are: %s\n"), known);
          catur_tt_unref (engine.tt);
          g_hash_table_unref (engine.options);
          return 2;
        }
    }
  else if (catur_plugins_get_variants ()->len > 0)
    {
      engine_use_variant (&engine, g_ptr_array_index (catur_plugins_get_variants (), 0));
      engine_new_game (&engine);
    }

  while (getline (&line, &capacity, stdin) >= 0)
    if (!engine_command (&engine, line))
      break;

  /* At the end of the input, a search with limits finishes; one without is stopped. */
  catur_engine_finish_search (&engine, FALSE, TRUE);
  free (line);
  engine_set_game (&engine, NULL, NULL, NULL, NULL);
  catur_tt_unref (engine.tt);
  g_hash_table_unref (engine.options);
  return 0;
}
