/* fuzz-xqf.c: libFuzzer target for Xiangqi's XQF reader (xiangqi-xqf.c), over the real plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides "no crash, no undefined behaviour" on any bytes, it checks what the reader promises:
 * a game it reads has legal moves, which Catur's PGN keeps: written and read back, the same
 * moves and comments.
 */
#include "config.h"

#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  CaturVariant *xiangqi = fuzz_xiangqi ();
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(CaturRecord) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *pgn = NULL;

  record = catur_variant_read_record (xiangqi, "xqf", (const char *) data, size, &error);
  if (record == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        finding ("an XQF file was refused without a message");
      return 0;
    }
  pgn = catur_variant_write_record (xiangqi, "pgn-iccs", record, NULL);
  if (pgn == NULL)
    finding ("an XQF game read cannot be written as PGN");
  again = catur_variant_read_record (xiangqi, "pgn-iccs", pgn, strlen (pgn), NULL);
  if (again == NULL || catur_record_get_n_moves (again) != catur_record_get_n_moves (record))
    finding ("an XQF game written as PGN does not read back:\n%s", pgn);
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    if (!catur_move_equal (catur_record_get_move (record, i), catur_record_get_move (again, i)))
      finding ("move %u of an XQF game changed through PGN:\n%s", i + 1, pgn);
  return 0;
}
