/* catur-solver.c: a full search that proves puzzles (mates in n, material won)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solver proves, it does not guess: a mate in n is a move after which every defence
 * leaves a mate in n - 1, tried over every legal move on both sides (no pruning by score, no
 * depth reduction), so that a puzzle it passes has the solution it claims and no other. It
 * works over the variant contract alone, so one solver serves every game and a new one gets
 * its puzzles checked without code; its one help is a table of what it has proved, keyed by
 * the game's position keys, because the same positions come back through other move orders.
 *
 * A material puzzle (Banqi's, every piece face up) is the same search with the material the
 * game's piece values count in place of mate: a minimax over every move, a fixed number of
 * plies deep, with alpha-beta cut-offs, which change how fast it answers and never what.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "catur-variant.h"
#include "catur-solver.h"

/* 2^20 entries of 16 bytes: 16 MiB, room for the solution trees of three-movers. */
#define TABLE_BITS 20
#define WIN_SCORE 100000

typedef struct
{
  guint64 key;
  guint8 mate_in;     /* the fewest moves a mate is proved in, 0 for none proved */
  guint8 no_mate_in;  /* the most moves a mate is proved impossible in, 0 for none */
} Entry;

struct _CaturSolver
{
  CaturVariant *variant;
  CaturSolverFlags flags;
  gboolean keyed;
  Entry *table;
  guint64 nodes;
};

/**
 * catur_solver_new:
 * @variant: the game
 * @flags: the rules added to the game's
 *
 * Returns: (transfer full): a solver for puzzles of @variant; one thread at a time uses it
 */
CaturSolver *
catur_solver_new (CaturVariant     *variant,
                  CaturSolverFlags  flags)
{
  CaturSolver *solver = g_new0 (CaturSolver, 1);

  solver->variant = g_object_ref (variant);
  solver->flags = flags;
  solver->keyed = catur_variant_has_position_keys (variant);
  if (solver->keyed)
    solver->table = g_new0 (Entry, (gsize) 1 << TABLE_BITS);
  return solver;
}

void
catur_solver_free (CaturSolver *solver)
{
  if (solver == NULL)
    return;
  g_object_unref (solver->variant);
  g_free (solver->table);
  g_free (solver);
}

/* The positions searched so far, for the speed reported by the generator. */
guint64
catur_solver_get_nodes (CaturSolver *solver)
{
  return solver->nodes;
}

static Entry *
lookup (CaturSolver         *solver,
        const CaturPosition *position)
{
  guint64 key;
  Entry *entry;

  if (!solver->keyed)
    return NULL;
  key = catur_variant_position_key (solver->variant, position);
  /* The side to move is part of the key already; the flags say which game of checks it is. */
  key ^= (guint64) solver->flags * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  entry = &solver->table[key & (((guint64) 1 << TABLE_BITS) - 1)];
  if (entry->key != key)
    *entry = (Entry) { key, 0, 0 };
  return entry;
}

static CaturPosition *
after_move (CaturSolver         *solver,
            const CaturPosition *position,
            const CaturMove     *move)
{
  CaturPosition *after = catur_position_copy (position);
  CaturMove played = *move;

  catur_variant_play (solver->variant, after, &played);
  solver->nodes++;
  return after;
}

/* Whether the game is over in @position (whose side to move has @n_moves) with @winner won. */
static gboolean
won_by (CaturSolver         *solver,
        const CaturPosition *position,
        CaturSide            winner)
{
  CaturOutcome outcome;

  catur_variant_status (solver->variant, position, NULL, &outcome);
  return outcome.result == CATUR_RESULT_WIN && outcome.winner == winner;
}

static gboolean mates (CaturSolver         *solver,
                       const CaturPosition *position,
                       guint                moves);

/* Whether the side to move in @after (the defender) loses to a mate in at most @moves more
 * moves of the attacker, whatever it plays. */
static gboolean
defender_lost (CaturSolver         *solver,
               const CaturPosition *after,
               guint                moves)
{
  CaturSide defender = catur_variant_side_to_move (solver->variant, after);
  g_autoptr(GArray) defences = catur_variant_legal_moves (solver->variant, after);

  if (defences->len == 0)
    return won_by (solver, after, catur_side_other (defender));
  if (moves == 0)
    return FALSE;
  for (guint i = 0; i < defences->len; i++)
    {
      g_autoptr(CaturPosition) next = after_move (solver, after,
                                                  &g_array_index (defences, CaturMove, i));

      if (!mates (solver, next, moves))
        return FALSE;
    }
  return TRUE;
}

/* Whether @move is one the attacker may play: in tsume, a check. */
static gboolean
allowed (CaturSolver         *solver,
         const CaturPosition *after)
{
  return !(solver->flags & CATUR_SOLVER_CHECKS_ONLY)
         || catur_variant_in_check (solver->variant, after, NULL);
}

static gboolean
mates (CaturSolver         *solver,
       const CaturPosition *position,
       guint                moves)
{
  g_autoptr(GArray) list = NULL;
  g_autoptr(GPtrArray) quiet = NULL;
  Entry *entry;
  gboolean found = FALSE;

  if (moves == 0)
    return FALSE;
  entry = lookup (solver, position);
  if (entry != NULL && entry->mate_in != 0 && entry->mate_in <= moves)
    return TRUE;
  if (entry != NULL && entry->no_mate_in >= moves)
    return FALSE;

  /* Checks first: most mates are made of them, and a refuted check is refuted quickly. */
  list = catur_variant_legal_moves (solver->variant, position);
  quiet = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_position_free);
  for (guint i = 0; i < list->len && !found; i++)
    {
      CaturPosition *after = after_move (solver, position, &g_array_index (list, CaturMove, i));

      if (!catur_variant_in_check (solver->variant, after, NULL))
        {
          if (allowed (solver, after))
            g_ptr_array_add (quiet, after);
          else
            catur_position_free (after);
          continue;
        }
      found = defender_lost (solver, after, moves - 1);
      catur_position_free (after);
    }
  for (guint i = 0; i < quiet->len && !found; i++)
    found = defender_lost (solver, g_ptr_array_index (quiet, i), moves - 1);

  /* The entry may have been taken over by another position meanwhile. */
  entry = lookup (solver, position);
  if (entry != NULL)
    {
      if (found && (entry->mate_in == 0 || entry->mate_in > moves))
        entry->mate_in = moves;
      if (!found && entry->no_mate_in < moves)
        entry->no_mate_in = moves;
    }
  return found;
}

/**
 * catur_solver_mates:
 * @position: the attacker to move
 * @moves: how many moves of the attacker's
 *
 * Returns: whether the side to move mates in at most @moves moves against every defence
 */
gboolean
catur_solver_mates (CaturSolver         *solver,
                    const CaturPosition *position,
                    guint                moves)
{
  return mates (solver, position, moves);
}

/* Whether @move, legal in @position, mates in at most @moves moves (itself the first). */
gboolean
catur_solver_move_mates (CaturSolver         *solver,
                         const CaturPosition *position,
                         const CaturMove     *move,
                         guint                moves)
{
  g_autoptr(CaturPosition) after = after_move (solver, position, move);

  return moves > 0 && allowed (solver, after) && defender_lost (solver, after, moves - 1);
}

/**
 * catur_solver_count_mates:
 * @first: (out) (optional): the first move found that mates
 *
 * Returns: how many moves of the side to move mate in at most @moves moves
 */
guint
catur_solver_count_mates (CaturSolver         *solver,
                          const CaturPosition *position,
                          guint                moves,
                          CaturMove           *first)
{
  g_autoptr(GArray) list = catur_variant_legal_moves (solver->variant, position);
  guint n = 0;

  for (guint i = 0; i < list->len; i++)
    {
      const CaturMove *move = &g_array_index (list, CaturMove, i);

      if (!catur_solver_move_mates (solver, position, move, moves))
        continue;
      if (n == 0 && first != NULL)
        *first = *move;
      n++;
    }
  return n;
}

static char *
describe_position (CaturSolver         *solver,
                   const CaturPosition *position)
{
  return catur_variant_format (solver->variant, position);
}

/* Every attacker node of the solution tree below @position (attacker to move, @moves left)
 * has exactly one mating move; the main line (the longest defence at each step, the first of
 * equals) is appended to @line when given. */
static gboolean
check_node (CaturSolver         *solver,
            const CaturPosition *position,
            guint                moves,
            GArray              *line,
            char               **why)
{
  g_autoptr(GArray) defences = NULL;
  g_autoptr(CaturPosition) after = NULL;
  g_autoptr(CaturPosition) longest = NULL;
  CaturMove solution = { 0 }, longest_defence = { 0 };
  guint n, longest_moves = 0;

  n = catur_solver_count_mates (solver, position, moves, &solution);
  if (n != 1)
    {
      g_autofree char *text = describe_position (solver, position);

      *why = g_strdup_printf ("%u moves mate in %u in %s", n, moves, text);
      return FALSE;
    }
  if (line != NULL)
    g_array_append_val (line, solution);
  after = after_move (solver, position, &solution);
  defences = catur_variant_legal_moves (solver->variant, after);
  for (guint i = 0; i < defences->len; i++)
    {
      const CaturMove *defence = &g_array_index (defences, CaturMove, i);
      g_autoptr(CaturPosition) next = after_move (solver, after, defence);
      guint needed = 1;

      if (!check_node (solver, next, moves - 1, NULL, why))
        return FALSE;
      while (!mates (solver, next, needed))
        needed++;
      if (needed > longest_moves)
        {
          longest_moves = needed;
          longest_defence = *defence;
          g_clear_pointer (&longest, catur_position_free);
          longest = g_steal_pointer (&next);
        }
    }
  if (line != NULL && longest != NULL)
    {
      g_array_append_val (line, longest_defence);
      return check_node (solver, longest, longest_moves, line, why);
    }
  return TRUE;
}

/**
 * catur_solver_check_mate:
 * @position: the puzzle, the attacker to move
 * @moves: the length of the mate
 * @line: (nullable) (element-type CaturMove): filled with the main line, the mate last
 * @why: (out) (optional): what is wrong, in English, when it is not a puzzle
 *
 * Proves a mate in exactly @moves with one solution: no mate in fewer moves, and at every
 * move of the attacker, whatever was defended, exactly one move mates in the moves left.
 *
 * Returns: whether it is such a puzzle
 */
gboolean
catur_solver_check_mate (CaturSolver         *solver,
                         const CaturPosition *position,
                         guint                moves,
                         GArray              *line,
                         char               **why)
{
  g_autofree char *reason = NULL;
  gboolean ok;

  g_return_val_if_fail (moves >= 1, FALSE);

  if (moves > 1 && mates (solver, position, moves - 1))
    {
      reason = g_strdup_printf ("a mate in fewer than %u moves", moves);
      ok = FALSE;
    }
  else
    ok = check_node (solver, position, moves, line, &reason);
  if (why != NULL)
    *why = g_steal_pointer (&reason);
  return ok;
}

/**
 * catur_solver_refute_mate:
 * @after: the position after a move of the attacker that does not mate, the defender to move
 * @moves: how many moves the attacker had, that move included
 * @reply: (out): the defence after which no mate in the moves left is found
 *
 * Returns: whether there is such a defence (%FALSE when the defender has no move)
 */
gboolean
catur_solver_refute_mate (CaturSolver         *solver,
                          const CaturPosition *after,
                          guint                moves,
                          CaturMove           *reply)
{
  g_autoptr(GArray) defences = catur_variant_legal_moves (solver->variant, after);
  int best = -1;

  g_return_val_if_fail (moves >= 1, FALSE);

  /* Of the defences that hold, the one that takes something: the refutation a player sees. */
  for (guint i = 0; i < defences->len; i++)
    {
      const CaturMove *defence = &g_array_index (defences, CaturMove, i);
      g_autoptr(CaturPosition) next = after_move (solver, after, defence);
      CaturMoveEffects effects;

      if (mates (solver, next, moves - 1))
        continue;
      catur_variant_move_effects (solver->variant, after, defence, &effects);
      if (best < 0 || effects.captured != CATUR_SQUARE_NONE)
        best = (int) i;
      if (effects.captured != CATUR_SQUARE_NONE)
        break;
    }
  if (best < 0)
    return FALSE;
  *reply = g_array_index (defences, CaturMove, best);
  return TRUE;
}

/* The material of the side to move less the other's, by the game's piece values. */
static int
material (CaturSolver         *solver,
          const CaturPosition *position)
{
  CaturSide side = catur_variant_side_to_move (solver->variant, position);
  CaturGeometry geometry;
  int sum = 0;

  catur_variant_get_geometry (solver->variant, &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      CaturPiece piece;
      int value;

      if (!catur_variant_piece_at (solver->variant, position, square, &piece)
          || (piece.flags & CATUR_PIECE_FACE_DOWN))
        continue;
      value = catur_variant_get_piece_value (solver->variant, &piece);
      sum += piece.side == side ? value : -value;
    }
  return sum;
}

/* The minimax of material over every move for @plies plies, from the side to move's view,
 * within (@alpha, @beta). A move after which the same side moves again (a chain of captures)
 * is not a ply of the other's. */
static int
search_material (CaturSolver         *solver,
                 const CaturPosition *position,
                 guint                plies,
                 int                  alpha,
                 int                  beta)
{
  CaturSide side = catur_variant_side_to_move (solver->variant, position);
  g_autoptr(GArray) list = catur_variant_legal_moves (solver->variant, position);
  int best = -WIN_SCORE - 1;

  if (list->len == 0)
    {
      CaturOutcome outcome;

      catur_variant_status (solver->variant, position, NULL, &outcome);
      if (outcome.result == CATUR_RESULT_WIN)
        return outcome.winner == side ? WIN_SCORE : -WIN_SCORE;
      return 0;
    }
  if (plies == 0)
    return material (solver, position);
  for (guint i = 0; i < list->len; i++)
    {
      g_autoptr(CaturPosition) next = after_move (solver, position,
                                                  &g_array_index (list, CaturMove, i));
      int value;

      if (catur_variant_side_to_move (solver->variant, next) == side)
        value = search_material (solver, next, plies - 1, alpha, beta);
      else
        value = -search_material (solver, next, plies - 1, -beta, -alpha);
      if (value > best)
        best = value;
      if (best > alpha)
        alpha = best;
      if (alpha >= beta)
        break;
    }
  return best;
}

/**
 * catur_solver_material:
 * @plies: how deep, in plies
 *
 * Returns: the material the side to move is ahead by after @plies plies of best play on both
 *   sides, by the game's piece values (a game won counts 100000)
 */
int
catur_solver_material (CaturSolver         *solver,
                       const CaturPosition *position,
                       guint                plies)
{
  return search_material (solver, position, plies, -WIN_SCORE - 1, WIN_SCORE + 1);
}

/* What @move gains in @position: the material after it against the material now. */
static int
move_gain (CaturSolver         *solver,
           const CaturPosition *position,
           const CaturMove     *move,
           guint                plies,
           int                  alpha,
           int                  beta)
{
  CaturSide side = catur_variant_side_to_move (solver->variant, position);
  g_autoptr(CaturPosition) next = after_move (solver, position, move);
  int now = material (solver, position);

  if (catur_variant_side_to_move (solver->variant, next) == side)
    return search_material (solver, next, plies - 1, alpha + now, beta + now) - now;
  return -search_material (solver, next, plies - 1, -beta - now, -alpha - now) - now;
}

/**
 * catur_solver_check_material:
 * @plies: how deep the search proves it
 * @solution: (out) (optional): the one move that wins material
 * @why: (out) (optional): what is wrong, in English, when it is not a puzzle
 *
 * Proves that exactly one move of the side to move wins material (or the game) against
 * every answer, @plies plies deep, and that every other move wins none.
 *
 * Returns: whether it is such a puzzle
 */
gboolean
catur_solver_check_material (CaturSolver         *solver,
                             const CaturPosition *position,
                             guint                plies,
                             CaturMove           *solution,
                             char               **why)
{
  g_autoptr(GArray) list = catur_variant_legal_moves (solver->variant, position);
  guint n = 0;

  g_return_val_if_fail (plies >= 1, FALSE);

  for (guint i = 0; i < list->len; i++)
    {
      const CaturMove *move = &g_array_index (list, CaturMove, i);

      /* A window of (0, 1) says whether the move gains anything, no more. */
      if (move_gain (solver, position, move, plies, 0, 1) <= 0)
        continue;
      if (n++ == 0 && solution != NULL)
        *solution = *move;
    }
  if (n != 1)
    {
      if (why != NULL)
        *why = g_strdup_printf ("%u moves win material", n);
      return FALSE;
    }
  return TRUE;
}

/**
 * catur_solver_refute_material:
 * @after: the position after a move that wins nothing, the opponent to move
 * @plies: the depth of the puzzle
 * @reply: (out): the answer that keeps the mover from winning material
 *
 * Returns: whether the opponent has a move
 */
gboolean
catur_solver_refute_material (CaturSolver         *solver,
                              const CaturPosition *after,
                              guint                plies,
                              CaturMove           *reply)
{
  g_autoptr(GArray) list = catur_variant_legal_moves (solver->variant, after);
  int best = -WIN_SCORE - 1;

  if (list->len == 0 || plies < 2)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const CaturMove *move = &g_array_index (list, CaturMove, i);
      int value = move_gain (solver, after, move, plies - 1, -WIN_SCORE - 1, WIN_SCORE + 1);

      if (value > best)
        {
          best = value;
          *reply = *move;
        }
    }
  return TRUE;
}
