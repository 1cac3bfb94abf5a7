/* chess-test.h: helpers the chess tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <catur.h>

#include "chess-core.h"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* A position read from a FEN the test knows to be valid; freed with g_free(). */
static inline ChessPosition *
load (const char *fen)
{
  g_autoptr (GError) error = NULL;
  ChessPosition *pos = g_new0 (ChessPosition, 1);

  if (!ch_position_from_fen (pos, fen, &error))
    g_error ("%s: %s", fen, error->message);
  return pos;
}

static inline int
sq (const char *name)
{
  return CH_SQ (name[0] - 'a', name[1] - '1');
}

/* The legal move written in UCI, which must be one. */
static inline ChessMove
mv (ChessPosition *pos, const char *uci)
{
  int from, to;
  ChessKind promo;
  ChessMove move;

  g_assert_true (ch_parse_uci (uci, &from, &to, &promo));
  move = ch_find_move (pos, from, to, promo);
  if (move == CH_MOVE_NONE)
    g_error ("%s is not legal", uci);
  return move;
}

/* Plays the UCI moves, separated by spaces. */
static inline void
play_uci (ChessPosition *pos, const char *moves)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      ChessUndo undo;

      if (*words[i] != '\0')
        ch_make (pos, mv (pos, words[i]), &undo);
    }
}

/* The SAN of the UCI move. */
static inline char *
san (ChessPosition *pos, const char *uci)
{
  char buf[16];

  ch_move_to_san (pos, mv (pos, uci), FALSE, buf);
  return g_strdup (buf);
}
