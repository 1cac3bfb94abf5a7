/* test-engine-ponder.c: engines thinking on the opponent's time (`go ponder`, `ponderhit`)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A fake engine, a shell script, writes down every line it is sent: after its move with an
 * expected reply, the client has it ponder on that reply with the clocks as they stand; the
 * reply played is a `ponderhit`, another is a `stop` whose answer is dropped before the search
 * of the real position, even when the engine answers the stop late. A CECP engine in `hard` is
 * told the move alone. Then a short game of CaturGame against Debian's Stockfish with its Ponder
 * option on, the person playing the expected reply one move and another the next.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "catur.h"

static char *fake_dir;

static CaturVariant *
chess (void)
{
  return catur_plugins_find_variant ("chess");
}

typedef struct
{
  GAsyncResult *result;
} Waiting;

static void
done_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Waiting *waiting = data;

  waiting->result = g_object_ref (result);
}

static void
wait_for (Waiting *waiting)
{
  while (waiting->result == NULL)
    g_main_context_iteration (NULL, TRUE);
}

static char *
write_script (const char *name,
              const char *script)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (fake_dir, name, NULL);

  g_assert_true (g_file_set_contents (path, script, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

/* A UCI engine that ponders: at the start it answers b1c3 expecting e7e5; later, g1f3. A
 * ponder search waits for ponderhit (g1f3) or stop (a2a3, late in mode `late`). */
static const char uci_script[] =
  "#!/bin/sh\n"
  "mode=$1; log=$2\n"
  "while read line; do\n"
  "  echo \"$line\" >> \"$log\"\n"
  "  case \"$line\" in\n"
  "    uci) echo 'id name Ponderer'; echo 'option name Ponder type check default false';"
  " echo uciok;;\n"
  "    isready) echo readyok;;\n"
  "    position*) pos=$line;;\n"
  "    'go ponder'*) ;;\n"
  "    go*) case \"$pos\" in\n"
  "        *moves*) echo 'info depth 2 score cp 10 pv g1f3'; echo 'bestmove g1f3';;\n"
  "        *) echo 'bestmove b1c3 ponder e7e5';;\n"
  "      esac;;\n"
  "    ponderhit) echo 'info depth 5 score cp 30 pv g1f3'; echo 'bestmove g1f3 ponder b8c6';;\n"
  "    stop) [ \"$mode\" = late ] && sleep 0.6; echo 'bestmove a2a3';;\n"
  "    quit) exit 0;;\n"
  "  esac\n"
  "done\n";

static CaturEngineClient *
start_fake (const char *mode,
            const char *log)
{
  g_autofree char *path = write_script ("ponderer", uci_script);
  const char *argv[] = { path, mode, log, NULL };
  g_autoptr(CaturEngineClient) client = catur_engine_client_new (argv,
                                                                 CATUR_ENGINE_PROTOCOL_UCI);
  g_autoptr(GError) error = NULL;
  Waiting waiting = { 0 };

  catur_engine_client_start_async (client, chess (), NULL, done_cb, &waiting);
  wait_for (&waiting);
  g_assert_true (catur_engine_client_start_finish (client, waiting.result, &error));
  g_assert_no_error (error);
  g_object_unref (waiting.result);
  return g_steal_pointer (&client);
}

static gboolean
go (CaturEngineClient   *client,
    const CaturPosition *start,
    const CaturMove     *moves,
    guint                n_moves,
    const CaturEngineGo *limits,
    CaturMove           *move,
    GError             **error)
{
  Waiting waiting = { 0 };
  gboolean ok;

  catur_engine_client_go_async (client, start, moves, n_moves, limits, NULL, NULL, NULL,
                                done_cb, &waiting);
  wait_for (&waiting);
  ok = catur_engine_client_go_finish (client, waiting.result, move, error);
  g_object_unref (waiting.result);
  return ok;
}

static CaturMove
parse (const CaturPosition *position,
       const char          *text)
{
  CaturMove move;

  g_assert_true (catur_variant_parse_move (chess (), position, text, &move, NULL));
  return move;
}

static char *
move_text (const CaturPosition *position,
           const CaturMove     *move)
{
  return catur_variant_format_move (chess (), position, move,
                                    catur_variant_get_coordinate_notation (chess ()));
}

/* The lines the fake was sent, after its handshake. */
static GStrv
sent_lines (const char *log)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv result;

  g_assert_true (g_file_get_contents (log, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "position") || g_str_has_prefix (lines[i], "go")
        || g_str_equal (lines[i], "ponderhit") || g_str_equal (lines[i], "stop")
        || g_str_equal (lines[i], "ucinewgame"))
      g_strv_builder_add (builder, lines[i]);
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}

/* After the engine's first move, b1c3: ponders on e7e5. @reply is the person's move. */
static void
ponder_then (const char *mode,
             const char *reply,
             GStrv      *lines,
             char      **answer)
{
  g_autofree char *log = g_build_filename (fake_dir, "sent.log", NULL);
  g_autoptr(CaturEngineClient) client = NULL;
  g_autoptr(CaturPosition) start = catur_variant_new_position (chess (), NULL, 1);
  g_autoptr(CaturPosition) after = NULL;
  g_autoptr(GError) error = NULL;
  CaturEngineGo movetime = { .movetime = 50 };
  CaturEngineGo clocks = { .timed = TRUE, .time = { 61000, 58000 },
                           .increment = { 1000, 1000 } };
  CaturMove moves[2];

  g_remove (log);
  client = start_fake (mode, log);
  g_assert_true (catur_engine_client_set_option (client, "Ponder", "true", &error));
  g_assert_no_error (error);
  g_assert_true (catur_engine_client_get_ponder (client));
  g_assert_true (go (client, start, NULL, 0, &movetime, &moves[0], &error));
  g_assert_no_error (error);
  g_assert_cmpstr (catur_engine_client_get_ponder_move (client), ==, "e7e5");
  after = catur_position_copy (start);
  catur_variant_play (chess (), after, &moves[0]);
  moves[1] = parse (after, "e7e5");
  /* The clocks after the engine's (White's) move: its own with the increment, Black's as it
   * stands when pondering begins. */
  g_assert_true (catur_engine_client_ponder (client, start, moves, 2, &clocks));
  g_assert_true (catur_engine_client_get_pondering (client));

  moves[1] = parse (after, reply);
  catur_variant_play (chess (), after, &moves[1]);
  {
    CaturMove move;

    g_assert_true (go (client, start, moves, 2, &clocks, &move, &error));
    g_assert_no_error (error);
    *answer = move_text (after, &move);
  }
  catur_engine_client_quit (client);
  *lines = sent_lines (log);
}

static void
test_hit (void)
{
  g_auto(GStrv) lines = NULL;
  g_autofree char *answer = NULL;
  guint n;

  if (chess () == NULL)
    {
      g_test_skip ("this build has no chess");
      return;
    }
  ponder_then ("quick", "e7e5", &lines, &answer);
  n = g_strv_length (lines);
  for (guint i = 0; i < n; i++)
    g_test_message ("sent: %s", lines[i]);
  g_assert_cmpuint (n, ==, 5);
  g_assert_true (g_str_has_suffix (lines[2], " moves b1c3 e7e5"));
  g_assert_cmpstr (lines[3], ==, "go ponder wtime 61000 btime 58000 winc 1000 binc 1000");
  g_assert_cmpstr (lines[4], ==, "ponderhit");
  g_assert_cmpstr (answer, ==, "g1f3");
}

static void
check_miss (const char *mode)
{
  g_auto(GStrv) lines = NULL;
  g_autofree char *answer = NULL;
  gint64 begun = g_get_monotonic_time ();
  guint n;

  if (chess () == NULL)
    {
      g_test_skip ("this build has no chess");
      return;
    }
  ponder_then (mode, "d7d5", &lines, &answer);
  g_test_message ("%s: %" G_GINT64_FORMAT " ms", mode, (g_get_monotonic_time () - begun) / 1000);
  n = g_strv_length (lines);
  for (guint i = 0; i < n; i++)
    g_test_message ("sent: %s", lines[i]);
  g_assert_cmpuint (n, ==, 7);
  g_assert_cmpstr (lines[3], ==, "go ponder wtime 61000 btime 58000 winc 1000 binc 1000");
  g_assert_cmpstr (lines[4], ==, "stop");
  g_assert_true (g_str_has_suffix (lines[5], " moves b1c3 d7d5"));
  g_assert_cmpstr (lines[6], ==, "go wtime 61000 btime 58000 winc 1000 binc 1000");
  /* Not a2a3, the answer to the stop. */
  g_assert_cmpstr (answer, ==, "g1f3");
}

static void
test_miss (void)
{
  check_miss ("quick");
}

/* The stop answered 0.6 s late: the search of the real position is sent only after it. */
static void
test_miss_late (void)
{
  check_miss ("late");
}

/* Without the Ponder option on, no ponder move is offered and nothing ponders. */
static void
test_not_allowed (void)
{
  g_autofree char *log = g_build_filename (fake_dir, "sent.log", NULL);
  g_autoptr(CaturEngineClient) client = NULL;
  g_autoptr(CaturPosition) start = NULL;
  g_autoptr(GError) error = NULL;
  CaturEngineGo movetime = { .movetime = 50 };
  CaturMove move;

  if (chess () == NULL)
    {
      g_test_skip ("this build has no chess");
      return;
    }
  start = catur_variant_new_position (chess (), NULL, 1);
  client = start_fake ("quick", log);
  g_assert_true (go (client, start, NULL, 0, &movetime, &move, &error));
  g_assert_null (catur_engine_client_get_ponder_move (client));
  g_assert_false (catur_engine_client_ponder (client, start, &move, 1, &movetime));
  catur_engine_client_quit (client);
}

/* CECP: `hard`, and the person's move alone after the engine's, no `new`. */
static void
test_cecp_hard (void)
{
  static const char script[] =
    "#!/bin/sh\n"
    "log=$1; forced=0\n"
    "while read line; do\n"
    "  echo \"$line\" >> \"$log\"\n"
    "  case \"$line\" in\n"
    "    protover*) echo 'feature myname=\"Hard\" usermove=1 setboard=1 ping=1 done=1';;\n"
    "    ping*) echo \"pong ${line#ping }\";;\n"
    "    force) forced=1;;\n"
    "    go) forced=0; echo 'move b1c3';;\n"
    "    'usermove '*) [ $forced = 0 ] && echo 'move g1f3';;\n"
    "    quit) exit 0;;\n"
    "  esac\n"
    "done\n";
  g_autofree char *path = NULL;
  g_autofree char *log = g_build_filename (fake_dir, "cecp.log", NULL);
  g_autofree char *text = NULL;
  g_autoptr(CaturEngineClient) client = NULL;
  g_autoptr(CaturPosition) start = NULL;
  g_autoptr(CaturPosition) after = NULL;
  g_autoptr(GError) error = NULL;
  CaturEngineGo movetime = { .movetime = 1000 };
  CaturMove moves[2], move;
  Waiting waiting = { 0 };
  const char *argv[] = { NULL, NULL, NULL };
  g_autofree char *answer = NULL;

  if (chess () == NULL)
    {
      g_test_skip ("this build has no chess");
      return;
    }
  path = write_script ("hard", script);
  argv[0] = path;
  argv[1] = log;
  client = catur_engine_client_new (argv, CATUR_ENGINE_PROTOCOL_CECP);
  catur_engine_client_start_async (client, chess (), NULL, done_cb, &waiting);
  wait_for (&waiting);
  g_assert_true (catur_engine_client_start_finish (client, waiting.result, &error));
  g_clear_object (&waiting.result);
  g_assert_true (catur_engine_client_set_option (client, "Ponder", "true", &error));
  g_assert_no_error (error);
  start = catur_variant_new_position (chess (), NULL, 1);
  g_assert_true (go (client, start, NULL, 0, &movetime, &moves[0], &error));
  after = catur_position_copy (start);
  catur_variant_play (chess (), after, &moves[0]);
  moves[1] = parse (after, "e7e5");
  catur_variant_play (chess (), after, &moves[1]);
  g_assert_true (go (client, start, moves, 2, &movetime, &move, &error));
  g_assert_no_error (error);
  answer = move_text (after, &move);
  g_assert_cmpstr (answer, ==, "g1f3");
  /* Its answer came after it read the move: the log has all but quit. */
  catur_engine_client_quit (client);
  g_assert_true (g_file_get_contents (log, &text, NULL, NULL));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "\nhard\n"));
  /* Read once the engine has read all before quit. */
  g_assert_nonnull (strstr (text, "\ngo\nusermove e7e5\n"));
  g_assert_null (strstr (strstr (text, "\nnew\n") + 1, "\nnew\n"));
}

/* A short game against Debian's Stockfish with its Ponder option on. */

typedef struct
{
  guint go_ponder;
  guint ponderhit;
  guint stop;
} Said;

/* Counted from the client's debug messages of what it sends (set once in main()). */
static Said said;

static GLogWriterOutput
writer (GLogLevelFlags   level,
        const GLogField *fields,
        gsize            n_fields,
        gpointer         data)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
    else if (g_str_equal (fields[i].key, "MESSAGE"))
      message = fields[i].value;
  if (level & G_LOG_LEVEL_DEBUG)
    {
      if (g_strcmp0 (domain, "catur-engine") == 0 && message != NULL)
        {
          if (strstr (message, " < go ponder ") != NULL)
            said.go_ponder++;
          else if (g_str_has_suffix (message, " < ponderhit"))
            said.ponderhit++;
          else if (g_str_has_suffix (message, " < stop"))
            said.stop++;
        }
      return G_LOG_WRITER_HANDLED;
    }
  return g_log_writer_default (level, fields, n_fields, data);
}

static void
test_stockfish_game (void)
{
  const char *argv[] = { "/usr/games/stockfish", NULL };
  const char *games[] = { "chess", NULL };
  g_autoptr(CaturEngineEntry) entry = NULL;
  g_autoptr(CaturGame) game = NULL;
  guint person_moves = 0;
  gint64 end;

  if (chess () == NULL || !g_file_test (argv[0], G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no chess, or no Stockfish");
      return;
    }
  said = (Said) { 0 };
  g_log_set_debug_enabled (TRUE);
  entry = catur_engine_entry_new ("stockfish", "Stockfish", argv, CATUR_ENGINE_PROTOCOL_UCI,
                                  games);
  g_hash_table_insert (entry->options, g_strdup ("Ponder"), g_strdup ("true"));
  game = catur_game_new (chess (), NULL);
  catur_game_set_computer (game, CATUR_SIDE_FIRST, CATUR_LEVEL_MASTER, 150);
  catur_game_set_engine (game, entry);
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (person_moves < 4 && !catur_game_is_over (game))
    {
      CaturEngineClient *client;

      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
      g_assert_false (catur_game_get_engine_failed (game));
      client = catur_game_get_engine_client (game);
      if (catur_game_get_side_to_move (game) != CATUR_SIDE_SECOND || client == NULL
          || !catur_engine_client_get_pondering (client))
        continue;
      {
        const char *expected = catur_engine_client_get_ponder_move (client);
        const CaturPosition *position = catur_game_get_position (game);
        g_autoptr(GError) error = NULL;
        g_autoptr(GArray) legal = NULL;
        CaturMove move;

        g_assert_nonnull (expected);
        /* The expected reply every other move; else another legal one. */
        g_assert_true (catur_variant_parse_move (chess (), position, expected, &move, NULL));
        if (person_moves % 2 == 1)
          {
            legal = catur_variant_legal_moves (chess (), position);
            for (guint i = 0; i < legal->len; i++)
              if (!catur_move_equal (&g_array_index (legal, CaturMove, i), &move))
                {
                  move = g_array_index (legal, CaturMove, i);
                  break;
                }
          }
        g_assert_true (catur_game_play (game, &move, &error));
        g_assert_no_error (error);
        person_moves++;
      }
    }
  /* The engine's fifth move. */
  while (catur_game_get_n_plies (game) < 9 && !catur_game_is_over (game))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
      g_assert_false (catur_game_get_engine_failed (game));
    }
  g_test_message ("go ponder %u, ponderhit %u, stop %u", said.go_ponder, said.ponderhit,
                  said.stop);
  g_assert_cmpuint (said.go_ponder, >=, 4);
  g_assert_cmpuint (said.ponderhit, >=, 2);
  g_assert_cmpuint (said.stop, >=, 2);
  catur_game_set_engine (game, NULL);
  g_log_set_debug_enabled (FALSE);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  g_log_set_writer_func (writer, NULL, NULL);
  catur_plugins_load ();
  fake_dir = g_dir_make_tmp ("catur-ponder-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/engine-ponder/hit", test_hit);
  g_test_add_func ("/engine-ponder/miss", test_miss);
  g_test_add_func ("/engine-ponder/miss-late", test_miss_late);
  g_test_add_func ("/engine-ponder/not-allowed", test_not_allowed);
  g_test_add_func ("/engine-ponder/cecp-hard", test_cecp_hard);
  g_test_add_func ("/engine-ponder/stockfish-game", test_stockfish_game);
  status = g_test_run ();
  return status;
}
