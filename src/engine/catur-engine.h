/* catur-engine.h: what the parts of catur-engine share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

G_BEGIN_DECLS

#define CATUR_ENGINE_DEFAULT_HASH_MB 16

typedef struct _CaturEngineSearch CaturEngineSearch;

/* The state the commands work on; only the main thread touches it. */
typedef struct
{
  CaturVariant *variant;
  CaturPosition *start;            /* where the moves of the last `position` or `read` begin */
  GArray *moves;                   /* CaturMove: the moves played from @start since */
  CaturPosition *position;         /* @start after @moves: the position searched */
  CaturRepetition *history;        /* the keys of @start and every position since, or NULL */
  CaturEngineDialect dialect;
  gboolean dialect_chosen;         /* `uci` or `usi` was said; else the game's own dialect */
  CaturLevel level;
  GHashTable *options;             /* the game's setup options set: id → choice, for the next
                                    * `position` (a move limit, a handicap) */
  guint64 seed;
  guint hash_mb;
  guint multipv;                   /* the best moves a search reports, each in a line */
  guint threads;                   /* the threads a search may use (UCI's Threads) */
  guint judge_movetime;            /* the budget of each of `judge`'s searches: one of the */
  guint judge_depth;               /* three, the others 0 */
  guint64 judge_nodes;
  CaturTT *tt;
  CaturEngineSearch *search;       /* the search in its thread, or NULL */
} CaturEngine;

void catur_engine_reply          (const char  *format,
                                  ...) G_GNUC_PRINTF (1, 2);
char *catur_engine_format_coordinate (CaturVariant        *variant,
                                      const CaturPosition *position,
                                      const CaturMove     *move);

gboolean catur_engine_parse_legal_move (CaturVariant         *variant,
                                        const CaturPosition  *position,
                                        const char           *text,
                                        CaturMove            *move,
                                        GError              **error);

void catur_engine_go             (CaturEngine *engine,
                                  const char  *args);
void catur_engine_finish_search  (CaturEngine *engine,
                                  gboolean     stop,
                                  gboolean     stop_infinite);
void catur_engine_abandon_search (CaturEngine *engine);
void catur_engine_ponderhit      (CaturEngine *engine);
void catur_engine_bench          (CaturEngine *engine,
                                  const char  *args);

G_END_DECLS
