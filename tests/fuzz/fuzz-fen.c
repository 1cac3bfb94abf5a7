/* fuzz-fen.c: libFuzzer target for the Xiangqi FEN reader (xq_position_from_fen)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides "no crash, no undefined behaviour", it checks what the reader promises: a text
 * it accepts is a position it can write, and that written text reads back as the same.
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
  g_autofree char *text = g_strndup ((const char *) data, size);
  XqPosition pos, again;

  if (xq_position_from_fen (&pos, text, NULL))
    {
      g_autofree char *written = xq_position_to_fen (&pos);
      g_autofree char *rewritten = NULL;

      if (!xq_position_from_fen (&again, written, NULL))
        finding ("wrote a FEN it cannot read: %s", written);
      rewritten = xq_position_to_fen (&again);
      if (strcmp (written, rewritten) != 0)
        finding ("FEN changed on a second reading: %s / %s", written, rewritten);
    }

  /* The .fen file reader: any bytes, any encoding. */
  xq_fen_file_read ((const char *) data, size, &pos, NULL);
  return 0;
}
