/* catur-puzzle.c: a game's puzzles, read from its data, and played as lessons
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A puzzle file holds positions and solutions, no words: the title and the tasks are made
 * from the goal and the depth ("Red to play and mate in 2"), so that they are translated
 * once for every puzzle. A puzzle is played through the lessons' player: a mate in n is a
 * lesson of n steps, each starting where the main line has got to, judged (goal `judged`)
 * by the solver (catur-solver.h), which answers a wrong try with the defence that refutes
 * it. docs/puzzles.md describes the format and how the shipped sets were made.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "catur.h"
#include "catur-variant-private.h"

struct _CaturPuzzle
{
  GObject parent_instance;

  CaturVariant *variant;
  char *id;
  guint difficulty;
  CaturPuzzleGoal goal;
  guint depth;
  char *position;
  GArray *line;               /* of CaturMove: the main line, the solution's moves first */
};

G_DEFINE_FINAL_TYPE (CaturPuzzle, catur_puzzle, G_TYPE_OBJECT)

static void
catur_puzzle_finalize (GObject *object)
{
  CaturPuzzle *self = CATUR_PUZZLE (object);

  g_clear_object (&self->variant);
  g_free (self->id);
  g_free (self->position);
  g_clear_pointer (&self->line, g_array_unref);

  G_OBJECT_CLASS (catur_puzzle_parent_class)->finalize (object);
}

static void
catur_puzzle_class_init (CaturPuzzleClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = catur_puzzle_finalize;
}

static void
catur_puzzle_init (CaturPuzzle *self)
{
  self->line = g_array_new (FALSE, FALSE, sizeof (CaturMove));
}

/* Reading */

typedef struct
{
  CaturVariant *variant;
  GPtrArray *puzzles;
} Reader;

static gboolean
fail (GMarkupParseContext  *context,
      GError              **error,
      const char           *message)
{
  int line;

  g_markup_parse_context_get_position (context, &line, NULL);
  g_set_error (error, CATUR_LESSON_ERROR, CATUR_LESSON_ERROR_INVALID, "Line %d: %s", line,
               message);
  return FALSE;
}

static gboolean
read_line (CaturPuzzle  *puzzle,
           const char   *text,
           GError      **error)
{
  g_autoptr(CaturPosition) walk = catur_variant_parse (puzzle->variant, puzzle->position,
                                                       error);
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  if (walk == NULL)
    return FALSE;
  for (guint i = 0; words[i] != NULL; i++)
    {
      CaturMove move;

      if (*words[i] == '\0')
        continue;
      if (!catur_variant_parse_move (puzzle->variant, walk, words[i], &move, NULL)
          || !catur_variant_is_legal (puzzle->variant, walk, &move))
        {
          g_set_error (error, CATUR_LESSON_ERROR, CATUR_LESSON_ERROR_MOVE,
                       "the move %s is not legal", words[i]);
          return FALSE;
        }
      catur_variant_play (puzzle->variant, walk, &move);
      g_array_append_val (puzzle->line, move);
    }
  return TRUE;
}

static void
start_element_cb (GMarkupParseContext  *context,
                  const char           *name,
                  const char          **names,
                  const char          **values,
                  gpointer              data,
                  GError              **error)
{
  Reader *reader = data;
  g_autoptr(CaturPuzzle) puzzle = NULL;
  g_autoptr(GError) local = NULL;
  const char *id, *difficulty, *goal, *depth, *position, *line;
  guint64 number;

  if (strcmp (name, "puzzles") == 0)
    return;
  if (strcmp (name, "puzzle") != 0)
    {
      fail (context, error, "unknown element");
      return;
    }
  if (!g_markup_collect_attributes (name, names, values, error,
                                    G_MARKUP_COLLECT_STRING, "id", &id,
                                    G_MARKUP_COLLECT_STRING, "difficulty", &difficulty,
                                    G_MARKUP_COLLECT_STRING, "goal", &goal,
                                    G_MARKUP_COLLECT_STRING, "depth", &depth,
                                    G_MARKUP_COLLECT_STRING, "position", &position,
                                    G_MARKUP_COLLECT_STRING, "line", &line,
                                    G_MARKUP_COLLECT_INVALID))
    return;
  puzzle = g_object_new (CATUR_TYPE_PUZZLE, NULL);
  puzzle->variant = g_object_ref (reader->variant);
  puzzle->id = g_strdup (id);
  if (!g_ascii_string_to_unsigned (difficulty, 10, 1, CATUR_PUZZLE_N_DIFFICULTIES, &number,
                                   NULL))
    {
      fail (context, error, "the difficulty is not 1, 2 or 3");
      return;
    }
  puzzle->difficulty = (guint) number;
  if (strcmp (goal, "mate") == 0)
    puzzle->goal = CATUR_PUZZLE_MATE;
  else if (strcmp (goal, "material") == 0)
    puzzle->goal = CATUR_PUZZLE_MATERIAL;
  else
    {
      fail (context, error, "the goal is neither mate nor material");
      return;
    }
  if (!g_ascii_string_to_unsigned (depth, 10, 1, 8, &number, NULL))
    {
      fail (context, error, "the depth is not a number from 1 to 8");
      return;
    }
  puzzle->depth = (guint) number;
  puzzle->position = g_strdup (position);
  if (!read_line (puzzle, line, &local))
    {
      fail (context, error, local->message);
      return;
    }
  if (puzzle->line->len == 0
      || (puzzle->goal == CATUR_PUZZLE_MATE && puzzle->line->len != 2 * puzzle->depth - 1))
    {
      fail (context, error, "the line does not fit the depth");
      return;
    }
  g_ptr_array_add (reader->puzzles, g_steal_pointer (&puzzle));
}

static const GMarkupParser parser = { start_element_cb, NULL, NULL, NULL, NULL };

/**
 * catur_puzzle_list_from_data:
 * @data: a puzzle file (docs/puzzles.md)
 *
 * Returns: (transfer full) (element-type CaturPuzzle): its puzzles, or %NULL with @error
 *   (#CATUR_LESSON_ERROR, its message beginning with the line) set
 */
GPtrArray *
catur_puzzle_list_from_data (CaturVariant  *variant,
                             const char    *data,
                             gssize         length,
                             GError       **error)
{
  g_autoptr(GPtrArray) puzzles = g_ptr_array_new_with_free_func (g_object_unref);
  Reader reader = { variant, puzzles };
  g_autoptr(GMarkupParseContext) context = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);

  context = g_markup_parse_context_new (&parser, G_MARKUP_PREFIX_ERROR_POSITION, &reader, NULL);
  if (!g_markup_parse_context_parse (context, data, length, error)
      || !g_markup_parse_context_end_parse (context, error))
    return NULL;
  return g_steal_pointer (&puzzles);
}

/**
 * catur_puzzle_list:
 * @variant: a game
 *
 * The game's puzzles: those of every `.xml` file in `/io/github/caturapp/Catur/<id>/puzzles/`
 * among its resources, files in the order of their names.
 *
 * Returns: (transfer full) (element-type CaturPuzzle): the puzzles, empty when the game has
 *   none; %NULL with @error set when a file does not read
 */
GPtrArray *
catur_puzzle_list (CaturVariant  *variant,
                   GError       **error)
{
  g_autoptr(GPtrArray) puzzles = g_ptr_array_new_with_free_func (g_object_unref);
  g_auto(GStrv) paths = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);

  paths = catur_variant_list_resources (variant, CATUR_PUZZLE_RESOURCE_FOLDER);
  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GPtrArray) some = NULL;
      g_autoptr(GError) local = NULL;

      bytes = g_resources_lookup_data (paths[i], G_RESOURCE_LOOKUP_FLAGS_NONE, error);
      if (bytes == NULL)
        return NULL;
      some = catur_puzzle_list_from_data (variant, g_bytes_get_data (bytes, NULL),
                                          g_bytes_get_size (bytes), &local);
      if (some == NULL)
        {
          g_set_error (error, local->domain, local->code, "%s: %s", paths[i], local->message);
          return NULL;
        }
      for (guint p = 0; p < some->len; p++)
        g_ptr_array_add (puzzles, g_object_ref (g_ptr_array_index (some, p)));
    }
  return g_steal_pointer (&puzzles);
}

CaturVariant *
catur_puzzle_get_variant (CaturPuzzle *self)
{
  g_return_val_if_fail (CATUR_IS_PUZZLE (self), NULL);
  return self->variant;
}

const char *
catur_puzzle_get_id (CaturPuzzle *self)
{
  g_return_val_if_fail (CATUR_IS_PUZZLE (self), NULL);
  return self->id;
}

guint
catur_puzzle_get_difficulty (CaturPuzzle *self)
{
  g_return_val_if_fail (CATUR_IS_PUZZLE (self), 0);
  return self->difficulty;
}

CaturPuzzleGoal
catur_puzzle_get_goal (CaturPuzzle *self)
{
  g_return_val_if_fail (CATUR_IS_PUZZLE (self), CATUR_PUZZLE_MATE);
  return self->goal;
}

/* The moves of the mate, or the plies the material puzzle is proved to. */
guint
catur_puzzle_get_depth (CaturPuzzle *self)
{
  g_return_val_if_fail (CATUR_IS_PUZZLE (self), 0);
  return self->depth;
}

const char *
catur_puzzle_get_position_text (CaturPuzzle *self)
{
  g_return_val_if_fail (CATUR_IS_PUZZLE (self), NULL);
  return self->position;
}

/**
 * catur_puzzle_get_line:
 *
 * Returns: (transfer none) (element-type CaturMove): the main line: the solution, the
 *   defence that holds out longest, and so on to the mate
 */
GArray *
catur_puzzle_get_line (CaturPuzzle *self)
{
  g_return_val_if_fail (CATUR_IS_PUZZLE (self), NULL);
  return self->line;
}

static gboolean
is_shogi_like (CaturVariant *variant)
{
  CaturGeometry geometry;

  catur_variant_get_geometry (variant, &geometry);
  return geometry.has_hands;
}

static CaturSolver *
new_solver (CaturPuzzle *self)
{
  /* A game with hands has tsume's rule: every move of the attacker is a check. */
  return catur_solver_new (self->variant,
                           is_shogi_like (self->variant) ? CATUR_SOLVER_CHECKS_ONLY : 0);
}

/**
 * catur_puzzle_get_title:
 *
 * Returns: (transfer full): the task, translated: "Red to play and mate in 2"
 */
char *
catur_puzzle_get_title (CaturPuzzle *self)
{
  g_autoptr(CaturPosition) position = NULL;
  const char *side;

  g_return_val_if_fail (CATUR_IS_PUZZLE (self), NULL);

  position = catur_variant_parse (self->variant, self->position, NULL);
  side = catur_variant_get_side_name (self->variant, position,
                                      catur_variant_side_to_move (self->variant, position));
  if (self->goal == CATUR_PUZZLE_MATERIAL)
    /* Translators: a puzzle's task; %s is the side ("Red") */
    return g_strdup_printf (_("%s to play and win material"), side);
  /* Translators: a puzzle's task; %s is the side ("Red"), %u the number of its moves */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s to play and mate in %u move",
                                       "%s to play and mate in %u moves", self->depth),
                          side, self->depth);
}

/**
 * catur_puzzle_describe_difficulty:
 * @puzzles: (element-type CaturPuzzle): the game's puzzles
 * @difficulty: 1, 2 or 3
 *
 * Returns: (transfer full): the name of the difficulty, translated, for the game menu
 */
char *
catur_puzzle_describe_difficulty (CaturVariant *variant,
                                  GPtrArray    *puzzles,
                                  guint         difficulty)
{
  for (guint i = 0; i < puzzles->len; i++)
    {
      CaturPuzzle *puzzle = g_ptr_array_index (puzzles, i);

      if (puzzle->difficulty != difficulty || puzzle->goal != CATUR_PUZZLE_MATE)
        continue;
      /* Translators: a kind of puzzle in the game menu */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Mate in %u", "Mate in %u",
                                           puzzle->depth), puzzle->depth);
    }
  switch (difficulty)
    {
    case 1:
      /* Translators: puzzles of the first difficulty */
      return g_strdup (C_("puzzles", "Easy"));
    case 2:
      return g_strdup (C_("puzzles", "Medium"));
    default:
      return g_strdup (C_("puzzles", "Hard"));
    }
}

/**
 * catur_puzzle_verify:
 * @why: (out) (optional): what is wrong, in English
 *
 * Proves the puzzle again by full search: exactly one solution at every move of the solver's
 * side, and the line the file gives is one the search finds.
 *
 * Returns: whether the puzzle holds
 */
gboolean
catur_puzzle_verify (CaturPuzzle  *self,
                     char        **why)
{
  g_autoptr(CaturSolver) solver = NULL;
  g_autoptr(CaturPosition) position = NULL;
  g_autoptr(GArray) line = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  g_autofree char *reason = NULL;
  CaturMove solution;

  g_return_val_if_fail (CATUR_IS_PUZZLE (self), FALSE);

  solver = new_solver (self);
  position = catur_variant_parse (self->variant, self->position, NULL);
  if (self->goal == CATUR_PUZZLE_MATERIAL)
    {
      if (catur_solver_check_material (solver, position, self->depth, &solution, &reason))
        g_array_append_val (line, solution);
    }
  else
    catur_solver_check_mate (solver, position, self->depth, line, &reason);
  if (reason == NULL && (line->len != self->line->len
                         || memcmp (line->data, self->line->data,
                                    line->len * sizeof (CaturMove)) != 0))
    reason = g_strdup ("the line is not the one the search finds");
  if (why != NULL)
    *why = g_steal_pointer (&reason);
  else
    g_clear_pointer (&reason, g_free);
  return why == NULL || *why == NULL;
}

/* Playing */

typedef struct
{
  CaturPuzzle *puzzle;
  CaturSolver *solver;        /* made at the first wrong try */
} Judge;

static void
judge_free (gpointer data)
{
  Judge *judge = data;

  g_object_unref (judge->puzzle);
  catur_solver_free (judge->solver);
  g_free (judge);
}

static char *
move_text (CaturVariant        *variant,
           const CaturPosition *position,
           const CaturMove     *move)
{
  return catur_variant_format_move (variant, position, move,
                                    catur_variant_get_default_notation (variant));
}

/* Right when it is the solution's move (the one move that mates, the solver proved);
 * else the solver finds the defence that refutes it, played as the other side's answer. */
static gboolean
judge_cb (CaturExercise       *exercise,
          const CaturPosition *before,
          const CaturMove     *move,
          const CaturPosition *after,
          char               **answer,
          gpointer             user_data)
{
  Judge *judge = user_data;
  CaturPuzzle *puzzle = judge->puzzle;
  CaturVariant *variant = puzzle->variant;
  const CaturLessonStep *step = catur_exercise_get_step (exercise);
  guint left = puzzle->depth - catur_exercise_get_step_index (exercise);
  g_autofree char *reply_text = NULL;
  CaturMove reply;

  if (move->from == step->goal_move.from && move->to == step->goal_move.to
      && move->flags == step->goal_move.flags && move->piece == step->goal_move.piece)
    return TRUE;
  if (judge->solver == NULL)
    judge->solver = new_solver (puzzle);

  if (puzzle->goal == CATUR_PUZZLE_MATE && is_shogi_like (variant)
      && !catur_variant_in_check (variant, after, NULL))
    {
      *answer = g_strdup (_("In a tsume every move must give check."));
      return FALSE;
    }
  if (puzzle->goal == CATUR_PUZZLE_MATERIAL)
    {
      if (!catur_solver_refute_material (judge->solver, after, puzzle->depth, &reply))
        {
          *answer = g_strdup (_("That move wins no material."));
          return FALSE;
        }
      catur_exercise_set_refutation (exercise, &reply);
      reply_text = move_text (variant, after, &reply);
      /* Translators: a wrong try at a puzzle; %s is the answer, "Ge2" */
      *answer = g_strdup_printf (_("After %s, that move wins no material."), reply_text);
      return FALSE;
    }
  if (!catur_solver_refute_mate (judge->solver, after, left, &reply))
    {
      *answer = g_strdup (_("That move does not mate."));
      return FALSE;
    }
  catur_exercise_set_refutation (exercise, &reply);
  reply_text = move_text (variant, after, &reply);
  if (left == 1)
    /* Translators: a wrong try at a mate in 1; %s is the defence, "Kf8" */
    *answer = g_strdup_printf (_("Not mate: %s gets out."), reply_text);
  else
    /* Translators: a wrong try at a puzzle; %s is the defence, %u the moves left */
    *answer = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "After %s there is no mate in %u more move.",
                                            "After %s there is no mate in %u more moves.",
                                            left - 1), reply_text, left - 1);
  return FALSE;
}

/**
 * catur_puzzle_new_exercise:
 *
 * The puzzle as a lesson for the lessons' player: one step a move of the solver's, each
 * judged by the solver, the other side's answers those of the main line.
 *
 * Returns: (transfer full): the exercise, at its first step
 */
CaturExercise *
catur_puzzle_new_exercise (CaturPuzzle *self)
{
  g_autoptr(CaturLesson) lesson = NULL;
  g_autoptr(CaturPosition) walk = NULL;
  g_autofree char *title = NULL;
  CaturExercise *exercise;
  Judge *judge;
  guint n_steps;

  g_return_val_if_fail (CATUR_IS_PUZZLE (self), NULL);

  title = catur_puzzle_get_title (self);
  lesson = catur_lesson_new (self->variant, self->id, title);
  walk = catur_variant_parse (self->variant, self->position, NULL);
  n_steps = (self->line->len + 1) / 2;
  for (guint i = 0; i < n_steps; i++)
    {
      CaturLessonStep *step = catur_lesson_append_step (lesson);
      CaturMove solution = g_array_index (self->line, CaturMove, 2 * i);
      guint left = n_steps - i;

      step->position = catur_variant_format (self->variant, walk);
      step->goal = CATUR_GOAL_JUDGED;
      step->goal_move = solution;
      if (i == 0)
        step->task = g_strdup (title);
      else
        /* Translators: the task after the first move of a mate puzzle, and an answer */
        step->task = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Now mate in %u move.",
                                                   "Now mate in %u moves.", left), left);
      step->miss = g_strdup (_("That move misses the solution."));
      if (i + 1 == n_steps)
        step->done = g_strdup (self->goal == CATUR_PUZZLE_MATE
                               ? _("Mate. Puzzle solved!")
                               : _("Material won. Puzzle solved!"));
      else
        step->done = g_strdup (_("Right. The other side answers."));
      /* "Show me" lights up the solution's squares. */
      if (!(solution.flags & CATUR_MOVE_DROP))
        g_array_append_val (step->show, solution.from);
      g_array_append_val (step->show, solution.to);
      catur_variant_play (self->variant, walk, &solution);
      if (2 * i + 1 < self->line->len)
        {
          step->has_reply = TRUE;
          step->reply = g_array_index (self->line, CaturMove, 2 * i + 1);
          catur_variant_play (self->variant, walk, &step->reply);
        }
    }
  exercise = catur_exercise_new (lesson);
  judge = g_new0 (Judge, 1);
  judge->puzzle = g_object_ref (self);
  catur_exercise_set_judge (exercise, judge_cb, judge, judge_free);
  return exercise;
}

/* Progress is kept with the lessons' (lessons.ini), a group a puzzle solved. */

gboolean
catur_puzzle_get_solved (CaturPuzzle *self)
{
  guint step;
  gboolean finished;

  g_return_val_if_fail (CATUR_IS_PUZZLE (self), FALSE);

  return catur_lesson_load_progress (self->id, &step, &finished) && finished;
}

gboolean
catur_puzzle_set_solved (CaturPuzzle  *self,
                         GError      **error)
{
  g_return_val_if_fail (CATUR_IS_PUZZLE (self), FALSE);

  return catur_lesson_save_progress (self->id, 0, TRUE, error);
}
