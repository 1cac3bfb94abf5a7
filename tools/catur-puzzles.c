/* catur-puzzles.c: makes each game's puzzles from its own self-play, and checks them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   catur-puzzles generate GAME [--games N] [--seed S] [--minutes M] > found.xml
 *   catur-puzzles check GAME...
 *
 * `generate` plays games of the built-in engine against itself (a short search at a level
 * that errs now and then, so that games end in mates and lost material) and tries the
 * positions they pass through: a mate in 1, 2 or 3 that the solver (catur-solver.h) proves
 * unique, or in Banqi, every piece turned face up, one move that wins material. It prints
 * the puzzles it keeps as <puzzle> elements for the files of plugins/GAME/puzzles, with the main
 * line, and on standard error how many positions it tried and the solver's speed.
 * `check` reads the puzzles a game ships (catur-puzzle.h) and proves each again: exactly one
 * solution, the line it ships. docs/puzzles.md tells how the sets were made.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <catur.h>

typedef struct
{
  CaturVariant *variant;
  gboolean tsume;
  gboolean material;
  CaturSolver *solver;
  GHashTable *seen;          /* position texts tried */
  guint found[4];            /* by difficulty */
  gboolean game_found[4];    /* in the game tried now: one of each a game, for variety */
  guint wanted;
  guint only;                /* the one difficulty looked for, or 0 for all */
  guint tried;
  GString *out[4];           /* the <puzzle> elements kept, by difficulty */
  const char *game;
  guint64 seed;
  guint game_index;          /* of the game whose positions are tried */
} Generator;

/* Shogi's tsume: the defender holds every piece that is neither on the board nor in the
 * attacker's hand. The board is counted in the position's text, where a promoted piece is
 * written with its own letter after a `+`: the contract's kinds tell promoted pieces apart. */
static void
fill_defender_hand (CaturVariant  *variant,
                    CaturPosition *position)
{
  CaturSide attacker = catur_variant_side_to_move (variant, position);
  CaturSide defender = catur_side_other (attacker);
  g_autofree char *text = catur_variant_format (variant, position);
  const char *board_end = strchr (text, ' ');
  const CaturPositionField *fields;
  guint n_fields;

  fields = catur_variant_list_position_fields (variant, &n_fields);
  for (guint f = 0; f < n_fields; f++)
    {
      const CaturPositionField *field = &fields[f];
      g_autofree char *letter = NULL;
      guint used = 0;

      if (field->type != CATUR_POSITION_FIELD_COUNT || field->piece.side != defender)
        continue;
      letter = catur_variant_get_piece_letter (variant, &field->piece);
      for (const char *c = text; c < board_end; c++)
        used += g_ascii_toupper (*c) == g_ascii_toupper (letter[0]);
      used += catur_variant_hand_count (variant, position, attacker, field->piece.kind);
      catur_variant_set_position_field (variant, position, f,
                                        used >= field->max ? 0 : field->max - used);
    }
}

/* Banqi's puzzles have every piece face up: the BFEN's face-down marks replaced by what lies
 * there, as format_hidden() tells it from a1 on. */
static CaturPosition *
turn_all_up (CaturVariant        *variant,
             const CaturPosition *position)
{
  g_autofree char *text = catur_variant_format (variant, position);
  g_autofree char *hidden = catur_variant_format_hidden (variant, position);
  g_auto(GStrv) fields = g_strsplit (text, " ", -1);
  g_auto(GStrv) ranks = NULL;
  g_autoptr(GString) board = g_string_new (NULL);
  guint next = 0;
  int n_ranks;

  if (hidden == NULL || g_strv_length (fields) < 5)
    return NULL;
  ranks = g_strsplit (fields[0], "/", -1);
  n_ranks = (int) g_strv_length (ranks);
  /* The marks are met from a1 on: the last rank of the text first. */
  for (int r = n_ranks - 1; r >= 0; r--)
    for (char *c = ranks[r]; *c != '\0'; c++)
      if (*c == 'X' && hidden[next] != '\0')
        *c = hidden[next++];
  for (int r = 0; r < n_ranks; r++)
    g_string_append_printf (board, "%s%s", r > 0 ? "/" : "", ranks[r]);
  g_free (fields[0]);
  fields[0] = g_string_free (g_steal_pointer (&board), FALSE);
  g_free (fields[2]);
  fields[2] = g_strdup ("-");
  {
    g_autofree char *joined = g_strjoinv (" ", fields);

    return catur_variant_parse (variant, joined, NULL);
  }
}

static char *
line_text (CaturVariant        *variant,
           const CaturPosition *position,
           GArray              *line)
{
  const char *notation = catur_variant_get_coordinate_notation (variant);
  g_autoptr(CaturPosition) walk = catur_position_copy (position);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < line->len; i++)
    {
      CaturMove move = g_array_index (line, CaturMove, i);
      g_autofree char *word = catur_variant_format_move (variant, walk, &move, notation);

      g_string_append_printf (text, "%s%s", i > 0 ? " " : "", word);
      catur_variant_play (variant, walk, &move);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
is_capture (CaturVariant        *variant,
            const CaturPosition *position,
            const CaturMove     *move)
{
  CaturMoveEffects effects;

  catur_variant_move_effects (variant, position, move, &effects);
  return effects.captured != CATUR_SQUARE_NONE;
}

static void
keep (Generator           *gen,
      const CaturPosition *position,
      guint                difficulty,
      const char          *goal,
      guint                depth,
      GArray              *line)
{
  g_autofree char *text = catur_variant_format (gen->variant, position);
  g_autofree char *moves = line_text (gen->variant, position, line);

  gen->found[difficulty]++;
  gen->game_found[difficulty] = TRUE;
  /* The id says where the puzzle came from: stable, and unique with one a game. */
  g_string_append_printf (gen->out[difficulty],
                          "  <puzzle id=\"%s-%u-%" G_GUINT64_FORMAT "-%u\" difficulty=\"%u\""
                          " goal=\"%s\" depth=\"%u\"\n"
                          "  position=\"%s\"\n  line=\"%s\"/>\n",
                          gen->game, difficulty, gen->seed, gen->game_index, difficulty, goal,
                          depth, text, moves);
  g_printerr ("found %s %u: %s (%s)\n", goal, difficulty, text, moves);
}

static void
try_mate (Generator           *gen,
          const CaturPosition *game_position)
{
  g_autoptr(CaturPosition) position = catur_position_copy (game_position);
  g_autofree char *text = NULL;

  if (gen->tsume)
    fill_defender_hand (gen->variant, position);
  text = catur_variant_format (gen->variant, position);
  if (!g_hash_table_add (gen->seen, g_strdup (text)))
    return;
  gen->tried++;
  for (guint n = 1; n <= 3; n++)
    {
      g_autoptr(GArray) line = NULL;

      if (gen->found[n] >= gen->wanted || gen->game_found[n]
          || (gen->only != 0 && n != gen->only))
        continue;
      if (!catur_solver_mates (gen->solver, position, n))
        continue;
      line = g_array_new (FALSE, FALSE, sizeof (CaturMove));
      if (catur_solver_check_mate (gen->solver, position, n, line, NULL))
        keep (gen, position, n, "mate", n, line);
      return;
    }
}

static void
try_material (Generator           *gen,
              const CaturPosition *game_position)
{
  g_autoptr(CaturPosition) position = turn_all_up (gen->variant, game_position);
  g_autoptr(GArray) line = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  g_autofree char *text = NULL;
  CaturMove solution, shallow;
  guint difficulty;

  if (position == NULL)
    return;
  text = catur_variant_format (gen->variant, position);
  if (!g_hash_table_add (gen->seen, g_strdup (text)))
    return;
  gen->tried++;
  if (!catur_solver_check_material (gen->solver, position, 4, &solution, NULL))
    return;
  /* Easy: a capture that already shows its gain at two plies; medium: a capture whose gain
   * needs the exchange read further; hard: a quiet move that wins material after. */
  if (!is_capture (gen->variant, position, &solution))
    difficulty = 3;
  else if (catur_solver_check_material (gen->solver, position, 2, &shallow, NULL)
           && catur_move_equal (&shallow, &solution))
    difficulty = 1;
  else
    difficulty = 2;
  if (gen->found[difficulty] >= gen->wanted || gen->game_found[difficulty]
      || (gen->only != 0 && difficulty != gen->only))
    return;
  g_array_append_val (line, solution);
  keep (gen, position, difficulty, "material", 4, line);
}

static gboolean
enough (Generator *gen)
{
  if (gen->only != 0)
    return gen->found[gen->only] >= gen->wanted;
  return gen->found[1] >= gen->wanted && gen->found[2] >= gen->wanted
         && gen->found[3] >= gen->wanted;
}

static int
generate (const char *game,
          guint       n_games,
          guint64     seed,
          double      minutes,
          guint       wanted,
          guint       only)
{
  CaturVariant *variant = catur_plugins_find_variant (game);
  g_autoptr(GTimer) timer = g_timer_new ();
  Generator gen = { 0 };
  CaturSolverFlags flags;
  guint played = 0;

  if (variant == NULL)
    {
      g_printerr ("No game %s\n", game);
      return 1;
    }
  gen.variant = variant;
  gen.tsume = strcmp (game, "shogi") == 0;
  gen.material = catur_variant_get_flags (variant) & CATUR_VARIANT_NO_TAKE_BACKS
                 && strcmp (game, "banqi") == 0;
  flags = gen.tsume ? CATUR_SOLVER_CHECKS_ONLY : 0;
  gen.solver = catur_solver_new (variant, flags);
  gen.seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gen.wanted = wanted;
  gen.only = only;
  gen.game = game;
  gen.seed = seed;
  for (guint d = 1; d <= 3; d++)
    gen.out[d] = g_string_new (NULL);

  for (guint g = 0; g < n_games && !enough (&gen)
       && g_timer_elapsed (timer, NULL) < minutes * 60; g++)
    {
      g_autoptr(CaturPosition) position = catur_variant_new_position (variant, NULL,
                                                                      seed + g);
      g_autoptr(GPtrArray) passed = g_ptr_array_new_with_free_func (
        (GDestroyNotify) catur_position_free);
      g_autoptr(CaturRepetition) history = catur_variant_new_repetition (variant, position);

      played = g + 1;
      for (guint ply = 0; ply < 300; ply++)
        {
          CaturSearchLimits limits;
          CaturSearchResult result;
          CaturOutcome outcome;
          CaturSide mover = catur_variant_side_to_move (variant, position);

          catur_variant_status (variant, position, history, &outcome);
          if (outcome.result != CATUR_RESULT_ONGOING)
            break;
          catur_search_limits_init (&limits, CATUR_LEVEL_CASUAL);
          limits.nodes = 4000;
          limits.seed = seed * 1000003 + g * 1009 + ply;
          limits.history = history;
          if (!catur_variant_think (variant, position, &limits, NULL, NULL, NULL, &result, NULL)
              || !result.has_move)
            break;
          catur_variant_play (variant, position, &result.move);
          catur_variant_push_repetition (variant, history, mover, position);
          g_ptr_array_add (passed, catur_position_copy (position));
        }
      /* Mates come at the end of games, the last moves first; lost material anywhere. */
      memset (gen.game_found, 0, sizeof gen.game_found);
      gen.game_index = g;
      for (guint i = passed->len; i-- > 0;)
        {
          const CaturPosition *at = g_ptr_array_index (passed, i);

          if (gen.material)
            try_material (&gen, at);
          else if (i + 30 >= passed->len)
            try_mate (&gen, at);
        }
      g_printerr ("game %u: %u plies; %u tried, found %u/%u/%u; %.0f s, %" G_GUINT64_FORMAT
                  " solver nodes\n", g, passed->len, gen.tried, gen.found[1], gen.found[2],
                  gen.found[3], g_timer_elapsed (timer, NULL),
                  catur_solver_get_nodes (gen.solver));
    }
  g_print ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<!-- SPDX-License-Identifier: GPL-3.0-or-later\n"
           "     Made by: catur-puzzles generate %s --seed %" G_GUINT64_FORMAT
           " --games %u --wanted %u --only %u\n     (docs/puzzles.md) -->\n<puzzles>\n"
           "%s%s%s</puzzles>\n", game, seed, played, wanted, only, gen.out[1]->str,
           gen.out[2]->str, gen.out[3]->str);
  g_printerr ("%s: %u positions tried in %.1f s; the solver made %" G_GUINT64_FORMAT
              " moves (%.0f a second)\n", game, gen.tried, g_timer_elapsed (timer, NULL),
              catur_solver_get_nodes (gen.solver),
              catur_solver_get_nodes (gen.solver) / MAX (g_timer_elapsed (timer, NULL), 0.001));
  catur_solver_free (gen.solver);
  g_hash_table_unref (gen.seen);
  for (guint d = 1; d <= 3; d++)
    g_string_free (gen.out[d], TRUE);
  return 0;
}

static int
check (char **games,
       guint  least)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  guint failed = 0, total = 0;

  for (guint g = 0; games[g] != NULL; g++)
    {
      CaturVariant *variant = catur_plugins_find_variant (games[g]);
      g_autoptr(GPtrArray) puzzles = NULL;
      g_autoptr(GError) error = NULL;

      if (variant == NULL)
        {
          g_printerr ("No game %s\n", games[g]);
          return 1;
        }
      puzzles = catur_puzzle_list (variant, &error);
      if (puzzles == NULL)
        {
          g_printerr ("%s: %s\n", games[g], error->message);
          return 1;
        }
      for (guint d = 1; d <= CATUR_PUZZLE_N_DIFFICULTIES; d++)
        {
          guint n = 0;

          for (guint i = 0; i < puzzles->len; i++)
            n += catur_puzzle_get_difficulty (g_ptr_array_index (puzzles, i)) == d;
          if (n < least)
            {
              g_printerr ("%s: %u puzzles of difficulty %u, fewer than %u\n", games[g], n, d,
                          least);
              failed++;
            }
        }
      for (guint i = 0; i < puzzles->len; i++)
        {
          g_autofree char *why = NULL;

          total++;
          if (!catur_puzzle_verify (g_ptr_array_index (puzzles, i), &why))
            {
              failed++;
              g_printerr ("%s: %s\n", catur_puzzle_get_id (g_ptr_array_index (puzzles, i)),
                          why);
            }
        }
      g_print ("%s: %u puzzles checked, %.1f s so far\n", games[g], puzzles->len,
               g_timer_elapsed (timer, NULL));
    }
  g_print ("%u puzzles, %u failures\n", total, failed);
  return failed == 0 ? 0 : 1;
}

int
main (int   argc,
      char *argv[])
{
  guint n_games = 200, wanted = 20, least = 0, only = 0;
  gint64 seed = 1;
  double minutes = 10;
  GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &n_games, "How many games to play at most", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "The first game's seed", "S" },
    { "minutes", 0, 0, G_OPTION_ARG_DOUBLE, &minutes, "Stop after this long", "M" },
    { "wanted", 0, 0, G_OPTION_ARG_INT, &wanted, "Puzzles wanted per difficulty", "N" },
    { "only", 0, 0, G_OPTION_ARG_INT, &only, "generate: look for this difficulty alone",
      "D" },
    { "least", 0, 0, G_OPTION_ARG_INT, &least, "check: puzzles each difficulty must have",
      "N" },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("generate GAME | check GAME…");
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 3)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "generate GAME | check GAME…");
      return 2;
    }
  catur_plugins_load ();
  if (strcmp (argv[1], "generate") == 0)
    return generate (argv[2], n_games, (guint64) seed, minutes, wanted, MIN (only, 3));
  if (strcmp (argv[1], "check") == 0)
    return check (argv + 2, least);
  g_printerr ("generate GAME | check GAME…\n");
  return 2;
}
