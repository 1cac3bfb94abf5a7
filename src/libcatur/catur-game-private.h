/* catur-game-private.h: what the files of CaturGame share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CaturGame's code is split by concern: the record and its rules (catur-game.c), the items of
 * its record (catur-game-move.c), the computer player (catur-game-computer.c), hints
 * (catur-game-hint.c) and the computer's answer to a draw offer (catur-game-draw.c). The struct
 * lives here so that each file works on the same fields.
 */
#pragma once

#include "catur.h"

G_BEGIN_DECLS

struct _CaturGame
{
  GObject parent_instance;

  CaturVariant *variant;
  /* positions[i] is the position after i plies; positions[0] is the start. */
  GPtrArray *positions;
  /* The keys of those positions for the rules of repetition, one entry a position; NULL when
   * the game has no position keys. Kept here, not in the positions: see CaturRepetition. */
  CaturRepetition *history;
  GListStore *moves;
  CaturOutcome outcome;
  /* The outcome was given, not found by the rules in the last position: a resignation, an
   * agreement, a time-out, a record's stated end (catur_game_end()). */
  gboolean outcome_given;
  /* The rule options (a{sv}) the game is played under; never NULL. */
  GVariant *options;
  /* The id of the notation the record is written in: one of the variant's. */
  const char *notation;

  /* The ply whose position the players look at: the last one, or an earlier one in review. */
  guint view_ply;
  CaturUndoPolicy undo_policy;
  /* The side whose draw offer awaits an answer, or CATUR_SIDE_NONE. */
  CaturSide draw_offer;
  /* The side of the player the board is drawn for (the one sitting at its bottom). */
  CaturSide bottom_side;
  /* The computer player: its side (NONE in a game of two players), level and time. */
  CaturSide computer_side;
  CaturLevel computer_level;
  /* The rung hints are searched at. */
  CaturLevel hint_level;
  guint computer_movetime;
  /* The search for the computer's move in progress, cancelled to abandon it; NULL when the
   * computer is not thinking. A search whose cancellable is no longer this one is stale. */
  GCancellable *think_cancellable;
  /* The computer's transposition table, kept from one of its moves to the next as
   * catur-engine keeps its own: what one search learnt, the next starts from. Only the
   * search of think_cancellable may use it; abandoning that search drops the table. NULL
   * until the computer first thinks. */
  CaturTT *computer_table;
  guint computer_table_mb;
  /* Cancelled (and replaced) whenever the position changes: hints for it are worthless. */
  GCancellable *hint_cancellable;
  guint n_searches;
  /* Put aside (a game the player may come back to): the computer does not think. */
  gboolean paused;

  /* Another program's engine playing the computer's side (catur-game-engine.c): the entry
   * chosen, NULL for the built-in search; its client, started at once (engine_starting while
   * it greets); ready once it has; busy while one search of it, current or abandoned, is
   * under way; failed until the players choose again. */
  CaturEngineEntry *engine_entry;
  CaturEngineClient *engine;
  GCancellable *engine_starting;
  gboolean engine_ready;
  gboolean engine_busy;
  gboolean engine_failed;

  /* The players' clocks, never NULL (a clock of no time when the game has none), made from
   * the time control of the options, less a per-move limit against the computer. */
  CaturClock *clock;
  /* The clock counts only while somebody plays the game live (catur_game_set_clock_live()):
   * not while a record is replayed into it, nor while a dialog asks the players. */
  gboolean clock_live;
  /* Questions to the players standing (catur_game_hold_clock()): the clock waits for them. */
  guint clock_holds;
  /* The clock running out is another program's to act on (a network game: the host's clock,
   * or the player's own program for a move played for them): catur_game_set_clock_referee(). */
  gboolean clock_not_referee;
};

enum {
  CATUR_GAME_PROP_0,
  CATUR_GAME_PROP_VARIANT,
  CATUR_GAME_PROP_N_PLIES,
  CATUR_GAME_PROP_NOTATION,
  CATUR_GAME_PROP_VIEW_PLY,
  CATUR_GAME_PROP_UNDO_POLICY,
  CATUR_GAME_PROP_DRAW_OFFER,
  CATUR_GAME_PROP_BOTTOM_SIDE,
  CATUR_GAME_PROP_COMPUTER_SIDE,
  CATUR_GAME_PROP_THINKING,
  CATUR_GAME_PROP_N_SEARCHES,
  CATUR_GAME_PROP_CLOCK,
  CATUR_GAME_N_PROPS
};

extern GParamSpec *catur_game_properties[CATUR_GAME_N_PROPS];

static inline void
catur_game_notify (CaturGame *self,
                   guint      prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), catur_game_properties[prop_id]);
}

/* catur-game-move.c */
CaturGameMove *catur_game_move_new           (guint            ply,
                                              CaturSide        side,
                                              guint            turn,
                                              const CaturMove *move,
                                              char            *notation,
                                              char            *coordinate);
void           catur_game_move_take_notation (CaturGameMove   *self,
                                              char            *notation);
void           catur_game_move_set_timed_out (CaturGameMove   *self,
                                              gboolean         timed_out);
gboolean       catur_game_play_timed_out     (CaturGame       *self,
                                              const CaturMove *move,
                                              GError         **error);
void           catur_game_move_take_comment  (CaturGameMove   *self,
                                              char            *comment);

/* catur-game-computer.c */
void           catur_game_stop_thinking      (CaturGame       *self);
void           catur_game_maybe_start_thinking (CaturGame     *self);
void           catur_game_searches_changed   (CaturGame       *self,
                                              int              delta);

/* What a worker thread needs: copies, so that the game may change meanwhile. */
typedef struct
{
  GWeakRef game;
  CaturVariant *variant;
  CaturPosition *position;
  CaturRepetition *history;
  CaturSearchLimits limits;
  GCancellable *stop;
  guint n_plies;
} CaturGameSearch;

CaturGameSearch *catur_game_search_new       (CaturGame       *self,
                                              CaturLevel       level,
                                              guint            movetime,
                                              GCancellable    *stop);
void           catur_game_search_free        (gpointer         data);
void           catur_game_search_thread      (GTask           *task,
                                              gpointer         source_object,
                                              gpointer         task_data,
                                              GCancellable    *cancellable);

/* catur-game-clock.c */
void           catur_game_init_clock         (CaturGame       *self);
void           catur_game_sync_clock         (CaturGame       *self);
void           catur_game_press_clock        (CaturGame       *self,
                                              CaturSide        side);
void           catur_game_clock_limits       (CaturGame       *self,
                                              CaturSearchLimits *limits,
                                              guint            movetime);

/* catur-game-engine.c */
void           catur_game_engine_class_init  (GObjectClass    *klass);
void           catur_game_drop_engine        (CaturGame       *self);
void           catur_game_engine_paused      (CaturGame       *self,
                                              gboolean         paused);
void           catur_game_engine_think       (CaturGame       *self);
gboolean       catur_game_engine_hint        (CaturGame       *self,
                                              GTask           *hint);

/* catur-game-hint.c */
void           catur_game_drop_hints         (CaturGame       *self);

G_END_DECLS
