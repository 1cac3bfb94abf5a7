/* test-engine-client.c: other programs' engines, as CaturEngineClient drives them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real engines of Debian, each in the protocols and games it speaks (a test is skipped when its
 * engine is not installed): each greets, reads its options, and plays a few moves of a game,
 * both sides, every answer checked legal by the game's own rules. Then small fake engines, shell
 * scripts, for every way an engine can go wrong: the error says so, nothing freezes, and no
 * process is left behind. The forms of moves and positions are checked on their own first.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "catur.h"
#include "test-children.h"

static const char *catur_engine_path;

/* The forms */

static void
test_forms (void)
{
  const CaturEngineForms *fsf_xiangqi, *fsf_shogi, *usi, *pikafish;
  CaturGeometry xiangqi = { 9, 10, TRUE, FALSE, FALSE }, shogi = { 9, 9, FALSE, TRUE, FALSE };
  static const char * const pairs[][2] = {
    { "7g7f", "c3c4" }, { "8h2b+", "b2h8+" }, { "P*5e", "P@e5" }, { "1a1b", "i9i8" },
    { "9i9h", "a1a2" },
  };

  fsf_xiangqi = catur_engine_forms_find ("xiangqi", CATUR_ENGINE_PROTOCOL_UCI, TRUE);
  pikafish = catur_engine_forms_find ("xiangqi", CATUR_ENGINE_PROTOCOL_UCI, FALSE);
  fsf_shogi = catur_engine_forms_find ("shogi", CATUR_ENGINE_PROTOCOL_UCI, TRUE);
  usi = catur_engine_forms_find ("shogi", CATUR_ENGINE_PROTOCOL_USI, TRUE);
  g_assert_nonnull (fsf_xiangqi);
  g_assert_nonnull (pikafish);
  g_assert_true (fsf_xiangqi != pikafish);
  /* Banqi's only engine is catur-engine, in UCI. */
  g_assert_true (catur_engine_forms_find ("banqi", CATUR_ENGINE_PROTOCOL_UCI, FALSE)
                 ->own_engine_only);
  g_assert_null (catur_engine_forms_find ("banqi", CATUR_ENGINE_PROTOCOL_USI, FALSE));
  g_assert_null (catur_engine_forms_find ("banqi", CATUR_ENGINE_PROTOCOL_CECP, FALSE));
  g_assert_cmpstr (usi->position_keyword, ==, "sfen");
  g_assert_false (usi->shogi_letters);

  {
    g_autofree char *up = catur_engine_forms_move_to_engine (fsf_xiangqi, &xiangqi, "b9b0");
    g_autofree char *down = catur_engine_forms_move_from_engine (fsf_xiangqi, &xiangqi,
                                                                 "h3e3");
    g_autofree char *same = catur_engine_forms_move_to_engine (pikafish, &xiangqi, "h2e2");

    g_assert_cmpstr (up, ==, "b10b1");
    g_assert_cmpstr (down, ==, "h2e2");
    g_assert_cmpstr (same, ==, "h2e2");
  }
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autofree char *to = catur_engine_forms_move_to_engine (fsf_shogi, &shogi, pairs[i][0]);
      g_autofree char *back = catur_engine_forms_move_from_engine (fsf_shogi, &shogi,
                                                                   pairs[i][1]);

      g_assert_cmpstr (to, ==, pairs[i][1]);
      g_assert_cmpstr (back, ==, pairs[i][0]);
    }
  {
    g_autofree char *fen = catur_engine_forms_position_to_engine (
      fsf_shogi, "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B2p 4");
    g_autofree char *start = catur_engine_forms_position_to_engine (
      fsf_shogi, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");

    g_assert_cmpstr (fen, ==,
                     "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bpp] b - - 0 2");
    g_assert_cmpstr (start, ==,
                     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1");
  }
}

/* Driving a client in the main loop */

typedef struct
{
  GAsyncResult *result;
  guint infos;
  guint depth;
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
info_cb (const CaturEngineInfo *info,
         gpointer               data)
{
  Waiting *waiting = data;

  waiting->infos++;
  waiting->depth = MAX (waiting->depth, info->depth);
}

static void
wait_for (Waiting *waiting)
{
  while (waiting->result == NULL)
    g_main_context_iteration (NULL, TRUE);
}

static CaturVariant *
game (const char *id)
{
  return catur_plugins_find_variant (id);
}

/* The engine @argv started in @protocol for the game @id; %NULL with the test skipped when the
 * engine or the game is not there. */
static CaturEngineClient *
started (const char * const  *argv,
         CaturEngineProtocol  protocol,
         const char          *id,
         GError             **error)
{
  g_autoptr(CaturEngineClient) client = NULL;
  Waiting waiting = { 0 };
  g_autofree char *path = g_find_program_in_path (argv[0]);

  if (path == NULL && !g_file_test (argv[0], G_FILE_TEST_IS_EXECUTABLE))
    {
      g_autofree char *why = g_strdup_printf ("%s is not installed", argv[0]);

      g_test_skip (why);
      return NULL;
    }
  if (game (id) == NULL)
    {
      g_autofree char *why = g_strdup_printf ("this build has no %s", id);

      g_test_skip (why);
      return NULL;
    }
  client = catur_engine_client_new (argv, protocol);
  catur_engine_client_start_async (client, game (id), NULL, done_cb, &waiting);
  wait_for (&waiting);
  if (!catur_engine_client_start_finish (client, waiting.result, error))
    {
      g_object_unref (waiting.result);
      return NULL;
    }
  g_object_unref (waiting.result);
  return g_steal_pointer (&client);
}

/* One search: the move, or %FALSE with @error. */
static gboolean
search (CaturEngineClient   *client,
        CaturPosition       *start,
        GArray              *moves,
        const CaturEngineGo *go,
        Waiting             *waiting,
        CaturMove           *move,
        GError             **error)
{
  gboolean ok;

  waiting->result = NULL;
  catur_engine_client_go_async (client, start, (const CaturMove *) moves->data, moves->len, go,
                                info_cb, waiting, NULL, done_cb, waiting);
  wait_for (waiting);
  ok = catur_engine_client_go_finish (client, waiting->result, move, error);
  g_clear_object (&waiting->result);
  return ok;
}

/* The engine plays @plies moves of a new game of @id, both sides, at 100 ms a move (a clock
 * for the last ones, to check the clock's words too); each answer is legal (the client checks)
 * and is played. Returns: the deepest depth it reported. */
static guint
play (const char * const  *argv,
      CaturEngineProtocol  protocol,
      const char          *id,
      guint                plies,
      gboolean             expect_fairy)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturEngineClient) client = started (argv, protocol, id, &error);
  g_autoptr(CaturPosition) start = NULL;
  g_autoptr(CaturPosition) now = NULL;
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  Waiting waiting = { 0 };

  if (client == NULL && error == NULL)
    return 0;
  g_assert_no_error (error);
  g_assert_nonnull (catur_engine_client_get_name (client));
  g_test_message ("%s: %s", argv[0], catur_engine_client_get_name (client));
  g_assert_nonnull (catur_engine_client_get_forms (client));
  g_assert_true (catur_engine_client_get_forms (client)
                 == catur_engine_forms_find (id, protocol, expect_fairy));
  start = catur_variant_new_position (game (id), NULL, 1);
  now = catur_position_copy (start);
  catur_engine_client_new_game (client);
  for (guint i = 0; i < plies; i++)
    {
      CaturEngineGo go = { .movetime = 100 };
      CaturMove move;
      g_autofree char *text = NULL;

      if (i >= plies - 2)
        {
          go = (CaturEngineGo) { .timed = TRUE, .time = { 3000, 3000 }, .increment = { 100, 100 } };
          if (g_str_equal (id, "shogi"))
            go.byoyomi = 200;
        }
      g_assert_true (search (client, start, moves, &go, &waiting, &move, &error));
      g_assert_no_error (error);
      g_assert_true (catur_variant_is_legal (game (id), now, &move));
      text = catur_variant_format_move (game (id), now, &move,
                                        catur_variant_get_coordinate_notation (game (id)));
      g_test_message ("ply %u: %s", i + 1, text);
      catur_variant_play (game (id), now, &move);
      g_array_append_val (moves, move);
    }
  catur_engine_client_quit (client);
  g_assert_false (catur_engine_client_get_running (client));
  return MAX (waiting.depth, 1);
}

/* A real engine of Debian, in one of its protocols, on one game. */
typedef struct
{
  const char *test;
  const char *program;
  CaturEngineProtocol protocol;
  const char *game;
  gboolean fairy;
} RealEngine;

static const RealEngine real_engines[] = {
  { "stockfish-chess", "/usr/games/stockfish", CATUR_ENGINE_PROTOCOL_UCI, "chess", FALSE },
  { "fairy-xiangqi-uci", "/usr/games/fairy-stockfish", CATUR_ENGINE_PROTOCOL_UCI, "xiangqi",
    TRUE },
  { "fairy-xiangqi-ucci", "/usr/games/fairy-stockfish", CATUR_ENGINE_PROTOCOL_UCCI, "xiangqi",
    TRUE },
  { "fairy-xiangqi-cecp", "/usr/games/fairy-stockfish", CATUR_ENGINE_PROTOCOL_CECP, "xiangqi",
    TRUE },
  { "fairy-shogi-uci", "/usr/games/fairy-stockfish", CATUR_ENGINE_PROTOCOL_UCI, "shogi", TRUE },
  { "fairy-shogi-usi", "/usr/games/fairy-stockfish", CATUR_ENGINE_PROTOCOL_USI, "shogi", TRUE },
  { "fairy-shogi-cecp", "/usr/games/fairy-stockfish", CATUR_ENGINE_PROTOCOL_CECP, "shogi", TRUE },
  { "hoixiangqi-cecp", "/usr/games/hoixiangqi", CATUR_ENGINE_PROTOCOL_CECP, "xiangqi", FALSE },
  { "gpsusi-shogi", "/usr/games/gpsusi", CATUR_ENGINE_PROTOCOL_USI, "shogi", FALSE },
};

static void
test_real_engine (gconstpointer data)
{
  const RealEngine *engine = data;
  const char *argv[] = { engine->program, NULL };

  play (argv, engine->protocol, engine->game, 4, engine->fairy);
}

/* catur-engine itself, as another program would use it. */
static void
test_catur_engine (void)
{
  const char *xiangqi[] = { catur_engine_path, "--variant=xiangqi", NULL };
  const char *shogi[] = { catur_engine_path, "--variant=shogi", NULL };

  play (xiangqi, CATUR_ENGINE_PROTOCOL_UCI, "xiangqi", 4, FALSE);
  play (shogi, CATUR_ENGINE_PROTOCOL_USI, "shogi", 4, FALSE);
}

/* Stockfish's options are read with their types and ranges, and set within them only. */
static void
test_options (void)
{
  const char *argv[] = { "/usr/games/stockfish", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturEngineClient) client = started (argv, CATUR_ENGINE_PROTOCOL_UCI, "chess",
                                                 &error);
  GPtrArray *options;
  const CaturEngineOption *skill = NULL, *hash = NULL, *clear = NULL;

  if (client == NULL && error == NULL)
    return;
  g_assert_no_error (error);
  options = catur_engine_client_get_options (client);
  for (guint i = 0; i < options->len; i++)
    {
      const CaturEngineOption *option = g_ptr_array_index (options, i);

      if (g_str_equal (option->name, "Skill Level"))
        skill = option;
      else if (g_str_equal (option->name, "Hash"))
        hash = option;
      else if (g_str_equal (option->name, "Clear Hash"))
        clear = option;
    }
  g_assert_nonnull (skill);
  g_assert_cmpint (skill->type, ==, CATUR_ENGINE_OPTION_SPIN);
  g_assert_cmpint (skill->min, ==, 0);
  g_assert_cmpint (skill->max, ==, 20);
  g_assert_cmpstr (skill->default_value, ==, "20");
  g_assert_nonnull (hash);
  g_assert_nonnull (clear);
  g_assert_cmpint (clear->type, ==, CATUR_ENGINE_OPTION_BUTTON);
  g_assert_true (catur_engine_client_set_option (client, "Skill Level", "3", &error));
  g_assert_no_error (error);
  g_assert_true (catur_engine_client_set_option (client, "Clear Hash", NULL, &error));
  g_assert_false (catur_engine_client_set_option (client, "Skill Level", "21", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (catur_engine_client_set_option (client, "Flying Pigs", "1", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* Fake engines */

static char *fake_path;

/* A UCI engine in a few lines of shell: greets, is ready, and does @on_go when told to go. */
static void
write_fake (void)
{
  static const char script[] =
    "#!/bin/sh\n"
    "mode=$1\n"
    "while read line; do\n"
    "  case \"$line\" in\n"
    "    uci) echo 'id name Fake'; echo 'option name Speed type spin default 1 min 0 max 9';"
    " echo uciok;;\n"
    "    isready) [ \"$mode\" = unready ] || echo readyok;;\n"
    "    go*) case $mode in\n"
    "      crash) exit 3;;\n"
    "      illegal) echo 'bestmove e2e5';;\n"
    "      malformed) echo 'bestmove hello';;\n"
    "      none) echo 'bestmove (none)';;\n"
    "      flood) yes \"info string $(printf '%4000s' | tr ' ' x)\";;\n"
    "      slow) sleep 0.3; echo 'info depth 3 score cp 20 pv e2e4'; echo 'bestmove e2e4';;\n"
    "      hang) ;;\n"
    "    esac;;\n"
    "    stop) [ \"$mode\" = hang ] || echo 'bestmove e2e4';;\n"
    "    quit) exit 0;;\n"
    "  esac\n"
    "done\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("catur-fake-engine-XXXXXX", &error);

  g_assert_no_error (error);
  fake_path = g_build_filename (dir, "fake-engine", NULL);
  g_assert_true (g_file_set_contents (fake_path, script, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (fake_path, 0755), ==, 0);
}

/* The fake in @mode asked for a chess move: the error it ends with. */
static GError *
fake_search (const char *mode,
             guint       movetime)
{
  const char *argv[] = { fake_path, mode, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturEngineClient) client = started (argv, CATUR_ENGINE_PROTOCOL_UCI, "chess",
                                                 &error);
  g_autoptr(CaturPosition) start = NULL;
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  CaturEngineGo go = { .movetime = movetime };
  Waiting waiting = { 0 };
  CaturMove move;

  if (client == NULL)
    return g_steal_pointer (&error);
  start = catur_variant_new_position (game ("chess"), NULL, 1);
  if (search (client, start, moves, &go, &waiting, &move, &error))
    return NULL;
  g_assert_false (catur_engine_client_get_running (client)
                  && error->code != CATUR_ENGINE_ERROR_NO_MOVE);
  return g_steal_pointer (&error);
}

static void
assert_fails (const char *mode,
              guint       movetime,
              int         code)
{
  gint64 begun = g_get_monotonic_time ();
  g_autoptr(GError) error = fake_search (mode, movetime);

  g_test_message ("%s: %s (%" G_GINT64_FORMAT " ms)", mode, error != NULL ? error->message : "-",
                  (g_get_monotonic_time () - begun) / 1000);
  g_assert_error (error, CATUR_ENGINE_ERROR, code);
}

static void
test_fake_good (void)
{
  const char *argv[] = { NULL, "slow", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturEngineClient) client = NULL;
  g_autoptr(CaturPosition) start = NULL;
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  CaturEngineGo go = { .movetime = 50 };
  Waiting waiting = { 0 };
  CaturMove move;

  if (game ("chess") == NULL)
    {
      g_test_skip ("this build has no chess");
      return;
    }
  argv[0] = fake_path;
  client = started (argv, CATUR_ENGINE_PROTOCOL_UCI, "chess", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (catur_engine_client_get_name (client), ==, "Fake");
  g_assert_cmpuint (catur_engine_client_get_options (client)->len, ==, 1);
  start = catur_variant_new_position (game ("chess"), NULL, 1);
  g_assert_true (search (client, start, moves, &go, &waiting, &move, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (waiting.infos, ==, 1);
  g_assert_cmpuint (waiting.depth, ==, 3);
}

static void
test_fake_failures (void)
{
  const char *missing[] = { "/nonexistent/engine", NULL };
  const char *silent[] = { "/bin/sleep", "30", NULL };
  g_autoptr(CaturEngineClient) client = NULL;
  g_autoptr(GError) error = NULL;
  Waiting waiting = { 0 };

  if (game ("chess") == NULL)
    {
      g_test_skip ("this build has no chess");
      return;
    }
  client = catur_engine_client_new (missing, CATUR_ENGINE_PROTOCOL_UCI);
  catur_engine_client_start_async (client, game ("chess"), NULL, done_cb, &waiting);
  wait_for (&waiting);
  g_assert_false (catur_engine_client_start_finish (client, waiting.result, &error));
  g_assert_error (error, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_START);
  g_clear_object (&waiting.result);
  g_clear_error (&error);
  g_clear_object (&client);

  /* Silent: no greeting within the limit. */
  client = catur_engine_client_new (silent, CATUR_ENGINE_PROTOCOL_UCI);
  catur_engine_client_set_timeout (client, 300);
  catur_engine_client_start_async (client, game ("chess"), NULL, done_cb, &waiting);
  wait_for (&waiting);
  g_assert_false (catur_engine_client_start_finish (client, waiting.result, &error));
  g_assert_error (error, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_HANDSHAKE);
  g_assert_false (catur_engine_client_get_running (client));
  g_clear_object (&waiting.result);

  assert_fails ("crash", 100, CATUR_ENGINE_ERROR_STOPPED);
  assert_fails ("illegal", 100, CATUR_ENGINE_ERROR_BAD_MOVE);
  assert_fails ("malformed", 100, CATUR_ENGINE_ERROR_BAD_MOVE);
  assert_fails ("none", 100, CATUR_ENGINE_ERROR_NO_MOVE);
  /* A long search, so that only the amount written ends it, however slowly it is read (a
   * sanitized build on a busy machine reads it in seconds). */
  assert_fails ("flood", 60000, CATUR_ENGINE_ERROR_FLOOD);
  assert_fails ("hang", 100, CATUR_ENGINE_ERROR_HUNG);
}

/* A CECP engine of version 2 that takes its time to start, as Fairy-Stockfish does on a busy
 * machine, still gives its features: it does not pass for a version 1 engine, which sends
 * none. */
static void
test_cecp_slow_start (void)
{
  static const char script[] =
    "#!/bin/sh\n"
    "sleep 3\n"
    "while read line; do\n"
    "  case \"$line\" in\n"
    "    protover*) echo 'feature myname=\"Slow Starter\" usermove=1 setboard=1 ping=1 done=1';;\n"
    "    ping*) echo \"pong ${line#ping }\";;\n"
    "    quit) exit 0;;\n"
    "  esac\n"
    "done\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("catur-slow-engine-XXXXXX", &error);
  g_autofree char *path = NULL;
  const char *argv[] = { NULL, NULL };
  g_autoptr(CaturEngineClient) client = NULL;

  if (game ("chess") == NULL)
    {
      g_test_skip ("this build has no chess");
      return;
    }
  g_assert_no_error (error);
  path = g_build_filename (dir, "slow-engine", NULL);
  g_assert_true (g_file_set_contents (path, script, -1, &error));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  argv[0] = path;
  client = catur_engine_client_new (argv, CATUR_ENGINE_PROTOCOL_CECP);
  {
    Waiting waiting = { 0 };

    catur_engine_client_start_async (client, game ("chess"), NULL, done_cb, &waiting);
    wait_for (&waiting);
    g_assert_true (catur_engine_client_start_finish (client, waiting.result, &error));
    g_assert_no_error (error);
    g_clear_object (&waiting.result);
  }
  g_assert_cmpstr (catur_engine_client_get_name (client), ==, "Slow Starter");
  catur_engine_client_quit (client);
  g_remove (path);
  g_rmdir (dir);
}

/* Inside Flatpak: the engines are the host's. A fake flatpak-spawn, first on PATH, notes how
 * it was called and runs the rest of its command line here, as the host would. */

static char *
sandbox_file (const char *dir,
              const char *name,
              const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

static void
discovered_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  Waiting *waiting = data;

  waiting->result = g_object_ref (result);
}

static void
test_sandbox (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("catur-sandbox-XXXXXX", &error);
  g_autofree char *bin = g_build_filename (dir, "bin", NULL);
  g_autofree char *host = g_build_filename (dir, "host", NULL);
  g_autofree char *log = g_build_filename (dir, "spawned", NULL);
  g_autofree char *info = g_build_filename (dir, "flatpak-info", NULL);
  g_autofree char *old_path = g_strdup (g_getenv ("PATH"));
  g_autofree char *path = NULL;
  g_autofree char *spawn_script = NULL;
  g_autofree char *spawn = NULL, *engine = NULL, *written = NULL, *portal = NULL;
  g_autofree char *home_engine = NULL, *expected = NULL;
  const char *engine_argv[] = { catur_engine_path, NULL };
  g_auto(GStrv) command = NULL;
  g_autoptr(GPtrArray) found = NULL;
  g_autoptr(CaturEngineClient) client = NULL;
  g_autoptr(CaturPosition) start = NULL;
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  CaturEngineGo go = { .depth = 2 };
  CaturEngineEntry *stockfish;
  Waiting waiting = { 0 };
  CaturMove move;

  if (game ("chess") == NULL)
    {
      g_test_skip ("this build has no chess");
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (bin, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (host, 0755), ==, 0);
  spawn_script = g_strdup_printf ("#!/bin/sh\n"
                                  "printf '%%s\\n' \"$*\" >> '%s'\n"
                                  "while [ $# -gt 0 ]; do\n"
                                  "  case \"$1\" in --*) shift ;; *) break ;; esac\n"
                                  "done\n"
                                  "exec \"$@\"\n", log);
  spawn = sandbox_file (bin, "flatpak-spawn", spawn_script);
  engine = sandbox_file (host, "stockfish", "#!/bin/sh\nexit 0\n");
  path = g_strjoin (":", bin, old_path, NULL);
  g_setenv ("PATH", path, TRUE);
  g_setenv ("CATUR_SANDBOX_INFO", info, TRUE);

  /* Outside a sandbox an engine's command line is its own. */
  g_assert_false (catur_engine_host_is_sandboxed ());
  command = catur_engine_host_command (engine_argv);
  g_assert_cmpstr (command[0], ==, catur_engine_path);
  g_clear_pointer (&command, g_strfreev);

  g_assert_true (g_file_set_contents (info, "[Application]\nname=io.github.caturapp.Catur\n",
                                      -1, &error));
  g_assert_true (catur_engine_host_is_sandboxed ());
  command = catur_engine_host_command (engine_argv);
  g_assert_cmpstr (command[0], ==, "flatpak-spawn");
  g_assert_cmpstr (command[1], ==, "--host");
  g_assert_cmpstr (command[2], ==, "--watch-bus");
  g_assert_cmpstr (command[3], ==, catur_engine_path);

  /* The known programs are looked for on the host. */
  found = catur_engine_list_discover (host);
  stockfish = catur_engine_list_find (found, "stockfish");
  g_assert_nonnull (stockfish);
  g_assert_cmpstr (stockfish->argv[0], ==, engine);
  g_assert_null (catur_engine_list_find (found, "gpsusi"));
  g_assert_true (g_file_get_contents (log, &written, NULL, &error));
  g_assert_true (g_str_has_prefix (written, "--host sh -c "));
  g_clear_pointer (&written, g_free);
  g_assert_cmpint (g_remove (log), ==, 0);

  /* An engine is started through flatpak-spawn, with the bus watched, and plays. */
  client = started (engine_argv, CATUR_ENGINE_PROTOCOL_UCI, "chess", &error);
  g_assert_no_error (error);
  start = catur_variant_new_position (game ("chess"), NULL, 1);
  g_assert_true (search (client, start, moves, &go, &waiting, &move, &error));
  g_assert_no_error (error);
  catur_engine_client_quit (client);
  g_assert_true (g_file_get_contents (log, &written, NULL, &error));
  expected = g_strdup_printf ("--host --watch-bus %s\n", catur_engine_path);
  g_assert_cmpstr (written, ==, expected);

  /* A file picked through the document portal cannot be started on the host. */
  portal = g_build_filename (g_get_user_runtime_dir (), "doc", "1a2b3c", "yaneuraou", NULL);
  home_engine = g_build_filename (g_get_home_dir (), "engines", "yaneuraou", NULL);
  g_assert_true (catur_engine_host_path_is_private (portal));
  g_assert_false (catur_engine_host_path_is_private (home_engine));

  /* Without flatpak-spawn, looking for engines fails with a reason, in a worker. */
  g_setenv ("PATH", host, TRUE);
  catur_engine_list_discover_async (host, NULL, discovered_cb, &waiting);
  g_clear_object (&waiting.result);
  wait_for (&waiting);
  g_assert_null (catur_engine_list_discover_finish (waiting.result, &error));
  g_assert_nonnull (error);
  g_clear_object (&waiting.result);

  g_setenv ("PATH", old_path, TRUE);
  g_unsetenv ("CATUR_SANDBOX_INFO");
  g_assert_false (catur_engine_host_path_is_private (portal));
  g_remove (info);
  g_remove (log);
  g_remove (engine);
  g_remove (spawn);
  g_rmdir (bin);
  g_rmdir (host);
  g_rmdir (dir);
}

/* A file picked through the document portal: its host path asked of a fake portal on a bus
 * of the test's own. */

static const char documents_xml[] =
  "<node><interface name='org.freedesktop.portal.Documents'>"
  "<method name='GetHostPaths'><arg type='as' direction='in'/>"
  "<arg type='a{say}' direction='out'/></method>"
  "</interface></node>";

static void
documents_call_cb (GDBusConnection       *connection,
                   const char            *sender,
                   const char            *object_path,
                   const char            *interface_name,
                   const char            *method_name,
                   GVariant              *parameters,
                   GDBusMethodInvocation *invocation,
                   gpointer               user_data)
{
  g_autofree const char **ids = NULL;
  GVariantBuilder paths;

  g_variant_get (parameters, "(^a&s)", &ids);
  g_variant_builder_init (&paths, G_VARIANT_TYPE ("a{say}"));
  for (guint i = 0; ids[i] != NULL; i++)
    if (g_str_equal (ids[i], "4f2a"))
      g_variant_builder_add (&paths, "{s@ay}", ids[i],
                             g_variant_new_bytestring ("/home/player/engines/yaneuraou"));
  g_dbus_method_invocation_return_value (invocation, g_variant_new ("(a{say})", &paths));
}

static void
resolved_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Waiting *waiting = data;

  waiting->result = g_object_ref (result);
}

static char *
resolve (const char  *path,
         GError     **error)
{
  Waiting waiting = { 0 };
  char *resolved;

  catur_engine_host_resolve_path_async (path, NULL, resolved_cb, &waiting);
  wait_for (&waiting);
  resolved = catur_engine_host_resolve_path_finish (waiting.result, error);
  g_clear_object (&waiting.result);
  return resolved;
}

static void
test_sandbox_portal (void)
{
  static const GDBusInterfaceVTable vtable = { documents_call_cb, NULL, NULL, { NULL } };
  g_autoptr(GTestDBus) bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_autoptr(GDBusConnection) connection = NULL;
  g_autoptr(GDBusNodeInfo) node = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autofree char *dir = g_dir_make_tmp ("catur-sandbox-XXXXXX", &error);
  g_autofree char *info = g_build_filename (dir, "flatpak-info", NULL);
  g_autofree char *picked = g_build_filename (g_get_user_runtime_dir (), "doc", "4f2a",
                                              "yaneuraou", NULL);
  g_autofree char *unknown = g_build_filename (g_get_user_runtime_dir (), "doc", "9c9c",
                                               "engine", NULL);
  g_autofree char *resolved = NULL;
  guint object_id;

  g_assert_no_error (error);
  g_test_dbus_up (bus);
  connection = g_dbus_connection_new_for_address_sync (
    g_test_dbus_get_bus_address (bus),
    G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
    | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL, &error);
  g_assert_no_error (error);
  node = g_dbus_node_info_new_for_xml (documents_xml, &error);
  g_assert_no_error (error);
  object_id = g_dbus_connection_register_object (connection, "/org/freedesktop/portal/documents",
                                                 node->interfaces[0], &vtable, NULL, NULL,
                                                 &error);
  g_assert_no_error (error);
  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus",
                                       "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                       "RequestName",
                                       g_variant_new ("(su)", "org.freedesktop.portal.Documents",
                                                      0),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                                       &error);
  g_assert_no_error (error);

  /* Outside a sandbox, a path is the host's. */
  resolved = resolve (picked, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (resolved, ==, picked);
  g_clear_pointer (&resolved, g_free);

  g_assert_true (g_file_set_contents (info, "[Application]\n", -1, &error));
  g_setenv ("CATUR_SANDBOX_INFO", info, TRUE);
  resolved = resolve (picked, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (resolved, ==, "/home/player/engines/yaneuraou");
  g_clear_pointer (&resolved, g_free);
  /* A document the portal does not know, and the sandbox's own program: a reason. */
  g_assert_null (resolve (unknown, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "/usr/games"));
  g_clear_error (&error);
  g_assert_null (resolve ("/app/bin/catur-engine", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);

  g_unsetenv ("CATUR_SANDBOX_INFO");
  g_dbus_connection_unregister_object (connection, object_id);
  g_dbus_connection_close_sync (connection, NULL, NULL);
  g_clear_object (&connection);
  g_test_dbus_down (bus);
  g_remove (info);
  g_rmdir (dir);
}

/* No process outlives its client: the children of this test, once every client is gone. */
static void
test_no_child_left (void)
{
  if (!test_assert_no_children ())
    g_test_skip ("this system does not list a process's children");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_engine_path = argc > 1 ? argv[1] : "catur-engine";
  catur_plugins_load ();
  write_fake ();

  g_test_add_func ("/engine-client/forms", test_forms);
  for (guint i = 0; i < G_N_ELEMENTS (real_engines); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine-client/%s", real_engines[i].test);

      g_test_add_data_func (path, &real_engines[i], test_real_engine);
    }
  g_test_add_func ("/engine-client/catur-engine", test_catur_engine);
  g_test_add_func ("/engine-client/options", test_options);
  g_test_add_func ("/engine-client/fake-good", test_fake_good);
  g_test_add_func ("/engine-client/fake-failures", test_fake_failures);
  g_test_add_func ("/engine-client/cecp-slow-start", test_cecp_slow_start);
  g_test_add_func ("/engine-client/sandbox", test_sandbox);
  g_test_add_func ("/engine-client/no-child-left", test_no_child_left);
  /* Last: GTestDBus keeps a process of its own that watches this one. */
  g_test_add_func ("/engine-client/sandbox-portal", test_sandbox_portal);
  return g_test_run ();
}
