/* fuzz-fen.c: libFuzzer target for the Xiangqi FEN reader (xq_position_from_fen, over
 * libcatur's catur-fen) and for position files (catur_pgn_read_position_file), over the real
 * Xiangqi plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides "no crash, no undefined behaviour", it checks what the readers promise: a text
 * they accept is a position they can write, and that written text reads back as the same.
 */
#include "config.h"

#include "fuzz-common.h"
#include "xiangqi-core.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  CaturVariant *xiangqi = fuzz_xiangqi ();
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(CaturRecord) record = NULL;
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
  record = catur_pgn_read_position_file (xiangqi, (const char *) data, size,
                                         CATUR_PGN_ENCODING_GB18030, NULL);
  if (record != NULL)
    {
      g_autofree char *written = catur_variant_format (xiangqi, catur_record_get_start (record));
      g_autoptr(CaturPosition) back = catur_variant_parse (xiangqi, written, NULL);
      g_autofree char *rewritten = NULL;

      if (back == NULL)
        finding ("a .fen file gave a position it cannot read again: %s", written);
      rewritten = catur_variant_format (xiangqi, back);
      if (strcmp (written, rewritten) != 0)
        finding ("a .fen file's position changed on a second reading: %s / %s", written,
                 rewritten);
    }
  return 0;
}
