/* catur-tune.h: what a game gives catur-tune to fit its evaluation (docs/tuning.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game's evaluation is compiled a second time with CATUR_TUNING defined, where its weights
 * (declared CATUR_WEIGHT, constants in the game) are variables, and linked into its own
 * catur-tune-<game> program with one CaturTuneGame named catur_tune_game. The driver
 * (catur-tune.c) knows no game: it reads positions through the game's hooks and moves the
 * weights the game lists.
 */
#pragma once

#include <glib.h>

/* A run of @n weights at @values. A board table (@columns > 0) may be @mirrored: the square
 * in column c and the one in column columns - 1 - c of the same row move together, which
 * halves what the data must pin down where the game is the same on both wings. */
typedef struct
{
  const char *name;
  int *values;
  guint n;
  guint columns;
  gboolean mirrored;
} CaturTuneWeights;

/* The entry of a table or list of weights declared in the same file: its name, its values,
 * its size. */
#define CATUR_TUNE_WEIGHTS(name, columns, mirrored) \
  { #name, (int *) name, G_N_ELEMENTS (name), columns, mirrored }

typedef struct
{
  const char *id;
  /* Ends with a run whose name is NULL. */
  const CaturTuneWeights *weights;
  /* The bytes of one position. */
  gsize position_size;
  /* Reads a position text (the game's FEN or SFEN) into @position. */
  gboolean (*parse) (const char *text,
                     gpointer    position);
  /* Whether a position is quiet enough to learn a static evaluation from: the side to move
   * is not in check and has no capture that wins material. */
  gboolean (*quiet) (gpointer position);
  /* The evaluation, in centipawns for the side that moves first in the game (White, Red,
   * Sente). Called from several threads at once on different positions. */
  int (*evaluate) (gconstpointer position);
  /* Called after weights change, to rebuild what the evaluation derives from them. */
  void (*changed) (void);
} CaturTuneGame;

extern const CaturTuneGame catur_tune_game;
