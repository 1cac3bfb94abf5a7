/* fuzz-pgn.c: libFuzzer target for the Xiangqi PGN reader (xq_pgn_read)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game the reader accepts must survive being written in each notation and read back:
 * same start, same moves, same tags.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi-pgn.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A broken promise: abort, which libFuzzer catches and saves the input for (g_error()'s
 * breakpoint trap it does not). */
#define finding(...) G_STMT_START { g_printerr (__VA_ARGS__); g_printerr ("\n"); abort (); } G_STMT_END

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  XqPgnGame *game = xq_pgn_read ((const char *) data, size, NULL);

  if (game == NULL)
    return 0;

  for (XqPgnNotation notation = XQ_PGN_WXF; notation <= XQ_PGN_CHINESE; notation++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = xq_pgn_write (game, notation);
      XqPgnGame *back = xq_pgn_read (text, strlen (text), &error);

      if (back == NULL)
        finding ("wrote a game it cannot read (%s):\n%s", error->message, text);
      if (back->moves->len != game->moves->len
          || (game->moves->len > 0
              && memcmp (back->moves->data, game->moves->data,
                         game->moves->len * sizeof (XqMove)) != 0))
        finding ("the moves changed on a second reading:\n%s", text);
      for (guint i = 0; i < game->tag_names->len; i++)
        {
          const char *name = g_ptr_array_index (game->tag_names, i);

          if (g_strcmp0 (xq_pgn_game_get_tag (back, name),
                         g_ptr_array_index (game->tag_values, i)) != 0)
            finding ("the tag %s changed on a second reading:\n%s", name, text);
        }
      xq_pgn_game_free (back);
    }
  xq_pgn_game_free (game);
  return 0;
}
