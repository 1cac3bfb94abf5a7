/* catur-match.c: matches between engines, built-in levels or other programs, in any game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   catur-match --game xiangqi --games 20 --movetime 100 level:beginner level:intermediate
 *   catur-match --game chess --clock 60+1 level:master uci:/usr/games/stockfish \
 *               --option2 UCI_LimitStrength=true --option2 UCI_Elo=1800
 *
 * Each player is an engine process driven by CaturEngineClient: a built-in level is
 * catur-engine with its `Level` set, anything else another program in its protocol. CaturGame
 * referees: the rules, repetitions, the clock and its flag are the game's own, as in the
 * window. Pairs of games start from the same random opening with the colours swapped; several
 * games may run at once, each with its own two processes. Every game is printed as it ends,
 * and may be written as a record; the last line is the score with an Elo difference and its
 * 95 % interval, and a sequential probability ratio test may stop the match early.
 */
#define G_LOG_DOMAIN "catur-match"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "catur.h"
#include "catur-sprt.h"

typedef struct
{
  char *spec;
  char **argv;
  CaturEngineProtocol protocol;
  char *level;
  char **options;
  char *name;
  /* The name is the one the engine gave (at its first start; later starts keep it). */
  gboolean named;
} Player;

typedef struct _Match Match;

/* One game at a time in a slot, between its own two processes. */
typedef struct
{
  Match *match;
  CaturEngineClient *clients[2];
  guint starting;
  CaturGame *game;
  guint index;
  guint first_player;
  GCancellable *cancellable;
} Slot;

struct _Match
{
  CaturVariant *variant;
  Player players[2];
  guint games;
  guint movetime;
  CaturTimeControl clock;
  gboolean timed;
  guint random_plies;
  guint max_plies;
  guint concurrency;
  guint64 seed;
  char *records;
  double sprt_elo[2];
  gboolean sprt;

  guint next_index;
  guint finished;
  guint running_slots;
  /* From the first player's view: wins, draws, losses. */
  guint wins, draws, losses;
  gboolean stopped;
  GMainLoop *loop;
  int status;
};

static void next_game (Slot *slot);

/* Two builds of one engine give the same name: each game's line and record then says which
 * player is which by its place on the command line. */
static void
tell_apart (Match *match)
{
  for (guint i = 0; i < 2; i++)
    if (match->players[i].level == NULL && !match->players[i].named)
      return;
  if (!g_str_equal (match->players[0].name, match->players[1].name))
    return;
  for (guint i = 0; i < 2; i++)
    {
      char *told = g_strdup_printf ("%s (%u)", match->players[i].name, i + 1);

      g_free (match->players[i].name);
      match->players[i].name = told;
    }
}

/* Players */

static gboolean
player_parse (Player      *player,
              const char  *spec,
              const char  *catur_engine,
              GError     **error)
{
  const char *colon = strchr (spec, ':');
  g_autofree char *kind = colon != NULL ? g_strndup (spec, colon - spec) : g_strdup ("level");
  const char *rest = colon != NULL ? colon + 1 : spec;
  CaturLevel level;

  player->spec = g_strdup (spec);
  if (g_str_equal (kind, "level"))
    {
      if (!catur_level_from_id (rest, &level))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "“%s” is not a level (beginner, intermediate, master)", rest);
          return FALSE;
        }
      player->argv = g_new0 (char *, 2);
      player->argv[0] = g_strdup (catur_engine);
      player->protocol = CATUR_ENGINE_PROTOCOL_UCI;
      player->level = g_strdup (rest);
      player->name = g_strdup_printf ("Catur %s", rest);
      return TRUE;
    }
  if (!catur_engine_protocol_from_id (kind, &player->protocol))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "“%s”: a player is level:LEVEL, or uci:, usi:, ucci: or cecp: and a command",
                   spec);
      return FALSE;
    }
  if (!g_shell_parse_argv (rest, NULL, &player->argv, error))
    return FALSE;
  player->name = g_path_get_basename (player->argv[0]);
  return TRUE;
}

static void
player_clear (Player *player)
{
  g_free (player->spec);
  g_strfreev (player->argv);
  g_free (player->level);
  g_strfreev (player->options);
  g_free (player->name);
}

/* A new process of player @which: a built-in level is catur-engine told the game, speaking the
 * protocol the game's programs speak (USI for Shogi); another program, its own command. */
static CaturEngineClient *
player_client (Match *match,
               guint  which)
{
  Player *player = &match->players[which];
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  CaturEngineProtocol protocol = player->protocol;

  g_strv_builder_addv (builder, (const char **) player->argv);
  if (player->level != NULL)
    {
      g_autofree char *variant_arg = g_strdup_printf ("--variant=%s",
                                                      catur_variant_get_id (match->variant));

      g_strv_builder_add (builder, variant_arg);
      protocol = catur_variant_get_engine_dialect (match->variant) == CATUR_ENGINE_DIALECT_USI
                 ? CATUR_ENGINE_PROTOCOL_USI : CATUR_ENGINE_PROTOCOL_UCI;
    }
  argv = g_strv_builder_end (builder);
  return catur_engine_client_new ((const char * const *) argv, protocol);
}

/* Results */

/* The mean score of a game and its variance, from the first player's view. */
static void
moments (Match  *match,
         double *mean,
         double *variance)
{
  catur_sprt_moments (match->wins, match->draws, match->losses, mean, variance);
}

static double
sprt_llr (Match *match)
{
  return catur_sprt_llr (match->wins, match->draws, match->losses, match->sprt_elo[0],
                         match->sprt_elo[1]);
}

static void
print_summary (Match *match)
{
  guint n = match->wins + match->draws + match->losses;
  double mean, variance, margin = 0, elo;

  if (n == 0)
    return;
  moments (match, &mean, &variance);
  elo = catur_sprt_elo_of (mean);
  if (fabs (elo) < 0.5)
    elo = 0;
  if (n > 1)
    {
      double error = 1.96 * sqrt (variance / n);

      margin = (catur_sprt_elo_of (mean + error) - catur_sprt_elo_of (mean - error)) / 2;
    }
  printf ("%s vs %s: %u-%u-%u  score %.1f %%  Elo %+.0f ± %.0f\n", match->players[0].name,
          match->players[1].name, match->wins, match->draws, match->losses, 100 * mean, elo,
          margin);
  if (match->sprt)
    {
      double llr = sprt_llr (match);
      CaturSprtVerdict verdict = catur_sprt_verdict (llr);

      printf ("SPRT elo0 %.0f elo1 %.0f: LLR %.2f [%.2f, %.2f]%s\n", match->sprt_elo[0],
              match->sprt_elo[1], llr, catur_sprt_lower (), catur_sprt_upper (),
              verdict == CATUR_SPRT_H1 ? ": H1 accepted"
              : verdict == CATUR_SPRT_H0 ? ": H0 accepted" : "");
    }
  fflush (stdout);
}

static void
write_record (Match     *match,
              CaturGame *game,
              guint      index)
{
  g_autoptr(CaturRecord) record = catur_record_new_from_game (game);
  g_autoptr(GError) error = NULL;
  g_autofree char *bytes = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  const CaturRecordFormat *formats, *format = NULL;
  guint n_formats;
  gsize length;

  formats = catur_variant_list_record_formats (match->variant, &n_formats);
  for (guint i = 0; i < n_formats && format == NULL; i++)
    if ((formats[i].flags & CATUR_RECORD_FORMAT_WRITE)
        && !(formats[i].flags & CATUR_RECORD_FORMAT_POSITION_ONLY))
      format = &formats[i];
  if (format == NULL)
    return;
  for (guint side = 0; side < 2; side++)
    {
      guint player = side == CATUR_SIDE_FIRST ? (index % 2) : 1 - (index % 2);
      static const char * const tags[] = { "White", "Black" };

      catur_record_set_tag (record, tags[side], match->players[player].name);
    }
  bytes = catur_variant_write_record_file (match->variant, format->id, record, &length, &error);
  name = g_strdup_printf ("game-%03u.%s", index + 1, format->extensions[0]);
  path = g_build_filename (match->records, name, NULL);
  if (bytes == NULL || !g_file_set_contents (path, bytes, length, &error))
    g_printerr ("%s: %s\n", path, error->message);
}

/* A game is over: counted, printed, written; then the slot's next. */
static void
game_over (Slot       *slot,
           const char *why)
{
  Match *match = slot->match;
  CaturGame *game = slot->game;
  const CaturOutcome *outcome = catur_game_get_outcome (game);
  g_autofree char *described = NULL;
  int first_player_result;

  if (!catur_game_is_over (game))
    {
      /* The ply limit: a draw by adjudication. */
      catur_game_agree_draw (game);
      why = "adjudicated at the ply limit";
    }
  if (outcome->result == CATUR_RESULT_DRAW || outcome->winner == CATUR_SIDE_NONE)
    first_player_result = 0;
  else
    first_player_result = (outcome->winner == CATUR_SIDE_FIRST) == (slot->first_player == 0)
                          ? 1 : -1;
  if (first_player_result > 0)
    match->wins++;
  else if (first_player_result < 0)
    match->losses++;
  else
    match->draws++;
  described = catur_game_describe_outcome (game);
  printf ("game %u: %s (first) vs %s: %s %s, %u plies%s%s\n", slot->index + 1,
          match->players[slot->first_player].name, match->players[1 - slot->first_player].name,
          outcome->winner == CATUR_SIDE_FIRST ? "1-0"
          : outcome->winner == CATUR_SIDE_SECOND ? "0-1" : "1/2-1/2",
          described != NULL ? described : "", catur_game_get_n_plies (game),
          why != NULL ? "; " : "", why != NULL ? why : "");
  fflush (stdout);
  if (match->records != NULL)
    write_record (match, game, slot->index);
  match->finished++;
  if (match->sprt && match->finished >= 2)
    {
      if (catur_sprt_verdict (sprt_llr (match)) != CATUR_SPRT_CONTINUE)
        match->stopped = TRUE;
    }
  g_clear_object (&slot->game);
  next_game (slot);
}

static void think (Slot *slot);

static void
answered_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Slot *slot = data;
  CaturEngineClient *client = CATUR_ENGINE_CLIENT (source);
  g_autoptr(GError) error = NULL;
  CaturMove move;
  CaturSide side;

  if (!catur_engine_client_go_finish (client, result, &move, &error))
    {
      if (catur_game_is_over (slot->game))
        {
          game_over (slot, NULL);
          return;
        }
      /* An engine that fails loses the game; a new process plays its next one. */
      side = catur_game_get_side_to_move (slot->game);
      catur_game_resign (slot->game, side);
      if (!catur_engine_client_get_running (client))
        {
          guint which = client == slot->clients[0] ? 0 : 1;

          g_clear_object (&slot->clients[which]);
        }
      game_over (slot, error->message);
      return;
    }
  if (catur_game_is_over (slot->game))
    {
      game_over (slot, NULL);
      return;
    }
  if (!catur_game_play (slot->game, &move, &error))
    {
      catur_game_resign (slot->game, catur_game_get_side_to_move (slot->game));
      game_over (slot, error->message);
      return;
    }
  if (catur_game_is_over (slot->game) || catur_game_get_n_plies (slot->game)
                                         >= slot->match->max_plies)
    {
      game_over (slot, NULL);
      return;
    }
  think (slot);
}

/* The player to move is asked for its move, with the game's moves from its start. */
static void
think (Slot *slot)
{
  Match *match = slot->match;
  CaturGame *game = slot->game;
  CaturSide side = catur_game_get_side_to_move (game);
  guint player = (side == CATUR_SIDE_FIRST) == (slot->first_player == 0) ? 0 : 1;
  GListModel *moves = catur_game_get_moves (game);
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  CaturEngineGo go = { .movetime = match->movetime };

  for (guint i = 0; i < g_list_model_get_n_items (moves); i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (moves, i);

      g_array_append_val (played, *catur_game_move_get_move (item));
    }
  if (match->timed)
    {
      CaturClock *clock = catur_game_get_clock (game);

      go.movetime = 0;
      go.timed = TRUE;
      for (guint s = 0; s < 2; s++)
        {
          go.time[s] = catur_clock_get_remaining (clock, s);
          if (match->clock.kind == CATUR_CLOCK_FISCHER)
            go.increment[s] = (gint64) match->clock.extra * 1000;
        }
      if (match->clock.kind == CATUR_CLOCK_BYOYOMI)
        {
          go.byoyomi = (gint64) match->clock.extra * 1000;
          for (guint s = 0; s < 2; s++)
            go.time[s] = catur_clock_get_main (clock, s);
        }
      if (match->clock.kind == CATUR_CLOCK_PER_MOVE)
        {
          go.timed = FALSE;
          go.movetime = match->clock.extra * 1000;
        }
    }
  catur_engine_client_go_async (slot->clients[player], catur_game_get_start_position (game),
                                (const CaturMove *) played->data, played->len, &go, NULL, NULL,
                                slot->cancellable, answered_cb, slot);
}

/* The opening of the pair of games @pair: the same random plies for both. */
static CaturGame *
new_game (Match *match,
          guint  index)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) (match->seed * 7919 + index / 2));
  g_autoptr(CaturGame) game = NULL;
  GVariantDict dict;
  g_autoptr(GVariant) options = NULL;

  g_variant_dict_init (&dict, NULL);
  if (match->timed)
    {
      g_autofree char *text = catur_time_control_to_string (&match->clock);

      g_variant_dict_insert (&dict, CATUR_OPTION_CLOCK, "s", text);
    }
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  game = catur_game_new (match->variant,
                         catur_variant_new_position (match->variant, options,
                                                     (guint32) (match->seed + index / 2)));
  catur_game_set_options (game, options);
  for (guint i = 0; i < match->random_plies && !catur_game_is_over (game); i++)
    {
      g_autoptr(GArray) legal = catur_variant_legal_moves (match->variant,
                                                           catur_game_get_position (game));
      CaturMove move;

      if (legal->len == 0)
        break;
      move = g_array_index (legal, CaturMove, g_rand_int_range (rand, 0, (gint32) legal->len));
      catur_game_play (game, &move, NULL);
    }
  if (catur_game_is_over (game))
    return NULL;
  if (match->timed)
    catur_game_set_clock_live (game, TRUE);
  return g_steal_pointer (&game);
}

static void
slot_done (Slot *slot)
{
  Match *match = slot->match;

  for (guint i = 0; i < 2; i++)
    if (slot->clients[i] != NULL)
      catur_engine_client_quit (slot->clients[i]);
  if (--match->running_slots == 0)
    g_main_loop_quit (match->loop);
}

static void started_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      data);

static void
start_client (Slot  *slot,
              guint  which)
{
  Match *match = slot->match;

  slot->clients[which] = player_client (match, which);
  slot->starting++;
  catur_engine_client_start_async (slot->clients[which], match->variant, NULL, started_cb, slot);
}

static void
started_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  Slot *slot = data;
  Match *match = slot->match;
  CaturEngineClient *client = CATUR_ENGINE_CLIENT (source);
  guint which = client == slot->clients[0] ? 0 : 1;
  Player *player = &match->players[which];
  g_autoptr(GError) error = NULL;

  slot->starting--;
  if (!catur_engine_client_start_finish (client, result, &error))
    {
      g_printerr ("%s: %s\n", player->spec, error->message);
      match->status = 1;
      match->stopped = TRUE;
    }
  else
    {
      if (player->level != NULL)
        catur_engine_client_set_option (client, "Level", player->level, NULL);
      for (guint i = 0; player->options != NULL && player->options[i] != NULL; i++)
        {
          g_auto(GStrv) pair = g_strsplit (player->options[i], "=", 2);

          if (!catur_engine_client_set_option (client, pair[0], pair[1], &error))
            {
              g_printerr ("%s: %s\n", player->spec, error->message);
              match->status = 1;
              match->stopped = TRUE;
              g_clear_error (&error);
            }
        }
      if (player->level == NULL && !player->named)
        {
          const char *name = catur_engine_client_get_name (client);

          player->named = TRUE;
          if (name != NULL && !g_str_equal (name, player->name))
            {
              g_free (player->name);
              player->name = g_strdup (name);
            }
          tell_apart (match);
        }
    }
  if (slot->starting == 0)
    next_game (slot);
}

static void
next_game (Slot *slot)
{
  Match *match = slot->match;

  for (guint i = 0; i < 2; i++)
    if (slot->clients[i] == NULL && !match->stopped)
      start_client (slot, i);
  if (slot->starting > 0)
    return;
  while (!match->stopped && match->next_index < match->games)
    {
      slot->index = match->next_index++;
      slot->first_player = slot->index % 2;
      slot->game = new_game (match, slot->index);
      if (slot->game == NULL)
        continue;
      for (guint i = 0; i < 2; i++)
        catur_engine_client_new_game (slot->clients[i]);
      think (slot);
      return;
    }
  slot_done (slot);
}

static char *
find_catur_engine (const char *given)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self != NULL ? g_path_get_dirname (self) : NULL;
  const char *tries[] = { "catur-engine", "../engine/catur-engine" };

  if (given != NULL)
    return g_strdup (given);
  for (guint i = 0; dir != NULL && i < G_N_ELEMENTS (tries); i++)
    {
      g_autofree char *path = g_build_filename (dir, tries[i], NULL);

      if (g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return g_steal_pointer (&path);
    }
  return g_find_program_in_path ("catur-engine");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *game_id = NULL;
  g_autofree char *clock_text = NULL;
  g_autofree char *sprt_text = NULL;
  g_autofree char *plugin_path = NULL;
  g_autofree char *engine_path = NULL;
  g_autofree char *catur_engine = NULL;
  g_auto(GStrv) options1 = NULL;
  g_auto(GStrv) options2 = NULL;
  g_auto(GStrv) players = NULL;
  gint games = 20, movetime = 100, random_plies = 4, max_plies = 400, concurrency = 1;
  gint64 seed = 1;
  g_autofree char *records = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GString) rungs = NULL;
  g_autofree char *description = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree Slot *slots = NULL;
  Match match = { 0 };
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game_id, "The game (xiangqi, chess, shogi, …)", "ID" },
    { "games", 'n', 0, G_OPTION_ARG_INT, &games, "How many games (default 20)", "N" },
    { "movetime", 0, 0, G_OPTION_ARG_INT, &movetime, "Milliseconds a move (default 100)",
      "MS" },
    { "clock", 0, 0, G_OPTION_ARG_STRING, &clock_text,
      "A clock instead: 60+1, 300, 600b30 (as the game's TimeControl)", "TC" },
    { "random-plies", 0, 0, G_OPTION_ARG_INT, &random_plies,
      "Random plies before each pair of games (default 4)", "K" },
    { "max-plies", 0, 0, G_OPTION_ARG_INT, &max_plies,
      "A draw after this many plies (default 400)", "N" },
    { "concurrency", 'j', 0, G_OPTION_ARG_INT, &concurrency,
      "Games at once, each with its own processes (default 1)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "The seed of the openings and deals", "N" },
    { "records", 0, 0, G_OPTION_ARG_FILENAME, &records, "Write each game here", "DIR" },
    { "option1", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options1, "An option of the first player",
      "NAME=VALUE" },
    { "option2", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options2, "An option of the second player",
      "NAME=VALUE" },
    { "sprt", 0, 0, G_OPTION_ARG_STRING, &sprt_text,
      "Stop once an SPRT (α = β = 0.05) decides between two Elo differences", "ELO0,ELO1" },
    { "plugin-path", 0, 0, G_OPTION_ARG_FILENAME, &plugin_path, "Look for games here first",
      "DIR" },
    { "catur-engine", 0, 0, G_OPTION_ARG_FILENAME, &engine_path,
      "The catur-engine that plays the built-in levels", "PATH" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &players, NULL, "PLAYER1 PLAYER2" },
    { NULL },
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("PLAYER1 PLAYER2 — play a match");
  /* The rungs as libcatur names them, so that a new one is listed without an edit here. */
  rungs = g_string_new (NULL);
  for (CaturLevel level = 0; level < CATUR_N_LEVELS; level++)
    g_string_append_printf (rungs, "%s%s", level > 0 ? ", " : "", catur_level_to_id (level));
  description = g_strdup_printf ("A player is level:LEVEL, a level of catur-engine:\n  %s,\n"
                                 "or uci:, usi:, ucci: or cecp: followed by an engine's command "
                                 "line.\n", rungs->str);
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (players == NULL || g_strv_length (players) != 2 || game_id == NULL || games < 1
      || movetime < 1 || random_plies < 0 || max_plies < 1 || concurrency < 1)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

      g_printerr ("%s", help);
      return 2;
    }
  if (plugin_path != NULL)
    {
      const char *old = g_getenv ("CATUR_PLUGIN_PATH");
      g_autofree char *joined = old != NULL
        ? g_strjoin (G_SEARCHPATH_SEPARATOR_S, plugin_path, old, NULL) : g_strdup (plugin_path);

      g_setenv ("CATUR_PLUGIN_PATH", joined, TRUE);
    }
  catur_plugins_load ();
  match.variant = catur_plugins_find_variant (game_id);
  if (match.variant == NULL)
    {
      g_printerr ("No game “%s” is loaded (give its folder with --plugin-path)\n", game_id);
      return 2;
    }
  catur_engine = find_catur_engine (engine_path);
  for (guint i = 0; i < 2; i++)
    if (!player_parse (&match.players[i], players[i],
                       catur_engine != NULL ? catur_engine : "catur-engine", &error))
      {
        g_printerr ("%s\n", error->message);
        return 2;
      }
  /* Two levels alike now; two engines once they have given their names. */
  tell_apart (&match);
  match.players[0].options = g_steal_pointer (&options1);
  match.players[1].options = g_steal_pointer (&options2);
  if (clock_text != NULL)
    {
      if (!catur_time_control_parse (clock_text, &match.clock, &error))
        {
          g_printerr ("%s\n", error->message);
          return 2;
        }
      match.timed = match.clock.kind != CATUR_CLOCK_NONE;
    }
  if (sprt_text != NULL)
    {
      g_auto(GStrv) bounds = g_strsplit (sprt_text, ",", 2);

      if (g_strv_length (bounds) != 2)
        {
          g_printerr ("--sprt wants two Elo differences: ELO0,ELO1\n");
          return 2;
        }
      match.sprt = TRUE;
      match.sprt_elo[0] = g_ascii_strtod (bounds[0], NULL);
      match.sprt_elo[1] = g_ascii_strtod (bounds[1], NULL);
    }
  match.games = (guint) games;
  match.movetime = (guint) movetime;
  match.random_plies = (guint) random_plies;
  match.max_plies = (guint) max_plies;
  match.concurrency = (guint) MIN (concurrency, games);
  match.seed = (guint64) seed;
  match.records = g_steal_pointer (&records);
  if (match.records != NULL && g_mkdir_with_parents (match.records, 0755) != 0)
    {
      g_printerr ("%s: %s\n", match.records, g_strerror (errno));
      return 2;
    }

  match.loop = g_main_loop_new (NULL, FALSE);
  slots = g_new0 (Slot, match.concurrency);
  match.running_slots = match.concurrency;
  for (guint i = 0; i < match.concurrency; i++)
    {
      slots[i].match = &match;
      slots[i].cancellable = g_cancellable_new ();
      next_game (&slots[i]);
    }
  if (match.running_slots > 0)
    g_main_loop_run (match.loop);
  print_summary (&match);

  for (guint i = 0; i < match.concurrency; i++)
    {
      for (guint j = 0; j < 2; j++)
        g_clear_object (&slots[i].clients[j]);
      g_clear_object (&slots[i].cancellable);
    }
  /* The engines told to quit have a moment to do so before they are killed. */
  {
    GMainContext *context_main = g_main_context_default ();
    gint64 end = g_get_monotonic_time () + 200 * 1000;

    while (g_get_monotonic_time () < end)
      g_main_context_iteration (context_main, FALSE);
  }
  for (guint i = 0; i < 2; i++)
    player_clear (&match.players[i]);
  g_free (match.records);
  g_main_loop_unref (match.loop);
  return match.status;
}
