/* fuzz-chess-fen.c: libFuzzer target for the chess FEN reader (ch_position_from_fen, over
 * libcatur's catur-fen), over the real chess plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides "no crash, no undefined behaviour", it checks what the reader promises: a text it
 * accepts is a position it can write, that text reads back as the same, the key is the key from
 * scratch, and the position's legal moves can be played and taken back.
 */
#include "config.h"

#include "fuzz-common.h"
#include "chess-core.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(CaturRecord) record = NULL;
  ChessPosition pos, again;

  if (ch_position_from_fen (&pos, text, NULL))
    {
      g_autofree char *written = ch_position_to_fen (&pos);
      g_autofree char *rewritten = NULL;
      g_autofree char *played = NULL;

      if (!ch_position_from_fen (&again, written, NULL))
        finding ("wrote a FEN it cannot read: %s", written);
      rewritten = ch_position_to_fen (&again);
      if (strcmp (written, rewritten) != 0)
        finding ("FEN changed on a second reading: %s / %s", written, rewritten);
      if (pos.key != ch_position_compute_key (&pos))
        finding ("the key of %s is not its key from scratch", written);
      ch_perft (&pos, 2);
      played = ch_position_to_fen (&pos);
      if (strcmp (written, played) != 0)
        finding ("perft did not leave %s as it was: %s", written, played);
    }

  /* The .fen file reader: any bytes, any encoding. */
  record = catur_pgn_read_position_file (fuzz_chess (), (const char *) data, size,
                                         CATUR_PGN_ENCODING_LATIN1, NULL);
  if (record != NULL)
    {
      CaturVariant *chess = fuzz_chess ();
      g_autofree char *written = catur_variant_format (chess, catur_record_get_start (record));
      g_autoptr(CaturPosition) back = catur_variant_parse (chess, written, NULL);
      g_autofree char *rewritten = NULL;

      if (back == NULL)
        finding ("a .fen file gave a position it cannot read again: %s", written);
      rewritten = catur_variant_format (chess, back);
      if (strcmp (written, rewritten) != 0)
        finding ("a .fen file's position changed on a second reading: %s / %s", written,
                 rewritten);
    }
  return 0;
}
