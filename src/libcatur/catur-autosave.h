/* catur-autosave.h: the game in progress, kept on disk after every move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One file per game (variant) in $XDG_DATA_HOME/catur/, so that switching games keeps
 * each one. The format is a GKeyFile, documented in docs/autosave.md:
 *
 *   [Autosave]
 *   Version=1                      the format's version; a newer one is not read
 *   Variant=xiangqi                the variant id
 *   Mode=two-players               the mode setting's nick when the game was saved
 *   Level=intermediate             the computer level's nick
 *   Side=first                     (optional) the human-side setting's nick: the person's
 *                                  side against the computer
 *   Options={}                     the game's options (catur_game_get_options()), a{sv}
 *                                  in GVariant text form
 *   Start=rnbakabnr/9/… w - - 0 1  the start position in the variant's text form
 *   Moves=h2e2;h9g7;               every move in coordinate notation, ';' after each
 *   Review=1                       (optional) the ply shown while reviewing
 *   TimeOuts=12;31;                (optional) the plies played for a player who ran out
 *                                  of time (catur_game_time_out())
 *   Ending=resign:black            (optional) an ending the moves do not give, as
 *                                  catur_outcome_format_ending() writes it: <reason-id>
 *                                  for a draw, <reason-id>:<loser's seat id> for a win
 *   Hidden=…                       (optional) catur_variant_format_hidden() of the start
 *   Saved=2024-05-01T10:00:00+02   when it was written (for people; not read back)
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-game.h"

G_BEGIN_DECLS

/* The version this Catur writes, and the newest it reads. */
#define CATUR_AUTOSAVE_VERSION 1

/* A saved game is a few kilobytes; anything much bigger is not one. */
#define CATUR_AUTOSAVE_MAX_SIZE (1024 * 1024)

#define CATUR_AUTOSAVE_ERROR (catur_autosave_error_quark ())
typedef enum
{
  CATUR_AUTOSAVE_ERROR_CORRUPT,     /* not a key file, or a key is missing or malformed */
  CATUR_AUTOSAVE_ERROR_VERSION,     /* written by a newer Catur */
  CATUR_AUTOSAVE_ERROR_INVALID,     /* reads, but its game cannot be played back */
} CaturAutosaveError;

/**
 * CaturAutosave:
 * @variant_id: the variant id
 * @mode: (nullable): the mode setting's nick (`two-players`, `computer`)
 * @level: (nullable): the level setting's nick (`beginner`, `intermediate`, `master`)
 * @side: (nullable): the human-side setting's nick (`first`, `second`): the side the person
 *   plays against the computer; %NULL in a game of two players
 * @options: the game's rule options (a{sv}): the options it was set up with; never %NULL
 * @start: the start position in the variant's text form
 * @moves: the moves in coordinate notation
 * @review_ply: the ply shown while the player reviews the game, or -1 for the live position
 * @ending: (nullable): an ending the moves do not give (catur_outcome_format_ending():
 *   `resign:<side-id>`, `agreement`, `time-out:<side-id>`…)
 * @hidden: (nullable): what lies face down at the start (catur_variant_format_hidden())
 * @time_outs: (nullable) (element-type guint): the plies, counted from 1, whose moves were
 *   played for a player who ran out of time
 * @has_clock: whether @clock_ms and @clock_periods hold the clocks of a timed game
 * @clock_ms: each side's main time left, in ms, when the autosave was made
 * @clock_periods: each side's byoyomi periods left
 *
 * A game in progress as the autosave file holds it.
 */
typedef struct
{
  char *variant_id;
  char *mode;
  char *level;
  GVariant *options;
  char *start;
  char **moves;
  int review_ply;
  char *ending;
  char *hidden;
  char *side;
  GArray *time_outs;
  gboolean has_clock;
  gint64 clock_ms[2];
  guint clock_periods[2];
  /* The comments, by the ply they follow (0: the start's), %NULL where none: one more entry
   * than there are moves, or %NULL for a game without comments. */
  GPtrArray *comments;
} CaturAutosave;

GQuark         catur_autosave_error_quark    (void);

CaturAutosave *catur_autosave_new_from_game  (CaturGame           *game);
void           catur_autosave_free           (CaturAutosave       *self);
char          *catur_autosave_to_data        (const CaturAutosave *self,
                                              gsize               *length);
CaturAutosave *catur_autosave_parse          (const char          *data,
                                              gsize                length,
                                              GError             **error);
CaturGame     *catur_autosave_restore        (const CaturAutosave *self,
                                              GError             **error);

char          *catur_autosave_get_path       (const char          *variant_id);
gboolean       catur_autosave_save           (const CaturAutosave *self,
                                              GError             **error);
CaturAutosave *catur_autosave_load           (const char          *variant_id,
                                              GError             **error);
char          *catur_autosave_move_aside     (const char          *variant_id,
                                              GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturAutosave, catur_autosave_free)

G_END_DECLS
