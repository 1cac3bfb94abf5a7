/* catur-solver.h: a full search that proves puzzles (mates in n, material won)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib.h>

#include "catur-variant.h"

G_BEGIN_DECLS

/**
 * CaturSolverFlags:
 * @CATUR_SOLVER_CHECKS_ONLY: every attacker move must give check (Shogi's tsume)
 *
 * The rules a solver adds to the game's own.
 */
typedef enum
{
  CATUR_SOLVER_CHECKS_ONLY = 1 << 0,
} CaturSolverFlags;

typedef struct _CaturSolver CaturSolver;

CaturSolver *catur_solver_new            (CaturVariant        *variant,
                                          CaturSolverFlags     flags);
void         catur_solver_free           (CaturSolver         *solver);
guint64      catur_solver_get_nodes      (CaturSolver         *solver);

gboolean     catur_solver_mates          (CaturSolver         *solver,
                                          const CaturPosition *position,
                                          guint                moves);
gboolean     catur_solver_move_mates     (CaturSolver         *solver,
                                          const CaturPosition *position,
                                          const CaturMove     *move,
                                          guint                moves);
guint        catur_solver_count_mates    (CaturSolver         *solver,
                                          const CaturPosition *position,
                                          guint                moves,
                                          CaturMove           *first);
gboolean     catur_solver_check_mate     (CaturSolver         *solver,
                                          const CaturPosition *position,
                                          guint                moves,
                                          GArray              *line,
                                          char               **why);
gboolean     catur_solver_refute_mate    (CaturSolver         *solver,
                                          const CaturPosition *after,
                                          guint                moves,
                                          CaturMove           *reply);

int          catur_solver_material       (CaturSolver         *solver,
                                          const CaturPosition *position,
                                          guint                plies);
gboolean     catur_solver_check_material (CaturSolver         *solver,
                                          const CaturPosition *position,
                                          guint                plies,
                                          CaturMove           *solution,
                                          char               **why);
gboolean     catur_solver_refute_material (CaturSolver        *solver,
                                          const CaturPosition *after,
                                          guint                plies,
                                          CaturMove           *reply);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturSolver, catur_solver_free)

G_END_DECLS
