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

typedef struct
{
  CaturVariant *variant;
  CaturPosition *position;
  char *level;
  guint64 seed;
  GRand *rand;
} Engine;

static void G_GNUC_PRINTF (1, 2)
reply (const char *format,
       ...)
{
  va_list args;

  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  fflush (stdout);
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
      if (g_strv_contains ((const char *[]) { "beginner", "intermediate", "master", NULL }, setting))
        {
          g_free (engine->level);
          engine->level = g_strdup (setting);
        }
      else
        reply ("info string error unknown level %s", setting);
    }
  else if (g_ascii_strcasecmp (option, "Seed") == 0)
    {
      guint64 seed;

      if (g_ascii_string_to_unsigned (setting, 10, 0, G_MAXINT32, &seed, NULL))
        {
          engine->seed = seed;
          g_rand_set_seed (engine->rand, (guint32) seed);
        }
      else
        reply ("info string error Seed must be a number from 0 to 2147483647");
    }
  else
    reply ("info string error unknown option %s", option);
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
          if (!catur_variant_parse_move (engine->variant, position, list[i], &move, &error))
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

static void
command_go (Engine     *engine,
            const char *args)
{
  g_auto(GStrv) words = g_strsplit_set (args, " \t", -1);
  g_autoptr(GArray) moves = NULL;
  const CaturMove *choice;
  g_autofree char *text = NULL;

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

  moves = catur_variant_legal_moves (engine->variant, engine->position);
  reply ("info string no search exists yet: playing a random legal move");
  if (moves->len == 0)
    {
      reply ("bestmove (none)");
      return;
    }
  choice = &g_array_index (moves, CaturMove, g_rand_int_range (engine->rand, 0, moves->len));
  text = catur_variant_format_move (engine->variant, engine->position, choice,
                                    CATUR_NOTATION_COORDINATE);
  reply ("bestmove %s", text);
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

/* Reads "<square><square>" or "<square>" by the variant's own square names, legal or not. */
static gboolean
parse_squares (Engine     *engine,
               const char *text,
               CaturMove  *move)
{
  CaturGeometry geometry;
  CaturSquare found[2] = { CATUR_SQUARE_NONE, CATUR_SQUARE_NONE };
  const char *rest = text;

  catur_variant_get_geometry (engine->variant, &geometry);
  for (guint part = 0; part < 2 && *rest != '\0'; part++)
    {
      gsize best_length = 0;

      for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
        {
          char name[8];
          gsize length;

          catur_variant_square_name (engine->variant, square, name);
          length = strlen (name);
          if (length > best_length && g_ascii_strncasecmp (rest, name, length) == 0)
            {
              found[part] = square;
              best_length = length;
            }
        }
      if (best_length == 0)
        return FALSE;
      rest += best_length;
      if (*rest == '-')
        rest++;
    }
  if (*rest != '\0' || found[0] == CATUR_SQUARE_NONE)
    return FALSE;

  move->from = found[0];
  move->to = found[1];
  move->piece = 0;
  move->flags = 0;
  return TRUE;
}

static void
command_explain (Engine     *engine,
                 const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *sentence = NULL;
  const char *reason_id = NULL;
  CaturMove move;

  if (!catur_variant_parse_move (engine->variant, engine->position, text, &move, &error)
      && !parse_squares (engine, text, &move))
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

  if (!catur_variant_parse_move (engine->variant, engine->position, text, &move, &error))
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

  if (g_str_equal (line, "quit"))
    return FALSE;
  else if (g_str_equal (line, "uci"))
    command_uci (engine);
  else if (g_str_equal (line, "isready"))
    reply ("readyok");
  else if (g_str_equal (line, "setoption"))
    command_setoption (engine, args);
  else if (g_str_equal (line, "ucinewgame"))
    {
      if (engine->variant != NULL)
        engine_set_position (engine, catur_variant_new_position (engine->variant, NULL,
                                                                 engine->seed));
    }
  else if (g_str_equal (line, "position"))
    command_position (engine, args);
  else if (g_str_equal (line, "stop"))
    ; /* every command finishes before the next is read */
  else if (!needs_game (engine))
    ;
  else if (g_str_equal (line, "go"))
    command_go (engine, args);
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
  engine.rand = g_rand_new_with_seed (0);
  engine.level = g_strdup ("master");
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

  free (line);
  engine_set_position (&engine, NULL);
  g_rand_free (engine.rand);
  g_free (engine.level);
  return 0;
}
