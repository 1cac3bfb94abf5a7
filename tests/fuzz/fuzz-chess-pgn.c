/* fuzz-chess-pgn.c: libFuzzer target for the PGN reader in chess's dialect (chess-pgn.c over
 * libcatur's catur-pgn), over the real chess plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is split into its games and each game is read. A game the reader accepts must
 * survive being written and read back: same start, same moves, same tags.
 */
#include "config.h"

#include "fuzz-common.h"
#include "chess-pgn.h"

/* Games of one input that are read and written again: enough to reach every path. */
#define MAX_GAMES 4

static void
check_roundtrip (CaturRecord *record)
{
  CaturVariant *chess = catur_record_get_variant (record);
  g_auto(GStrv) names = catur_record_dup_tag_names (record);
  g_autofree char *start = catur_variant_format (chess, catur_record_get_start (record));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = ch_pgn_write (record);
  g_autoptr(CaturRecord) back = ch_pgn_read (chess, text, strlen (text), &error);
  g_autofree char *back_start = NULL;

  if (back == NULL)
    finding ("wrote a game it cannot read (%s):\n%s", error->message, text);
  back_start = catur_variant_format (chess, catur_record_get_start (back));
  if (strcmp (start, back_start) != 0)
    finding ("the start changed on a second reading:\n%s", text);
  if (catur_record_get_n_moves (back) != catur_record_get_n_moves (record))
    finding ("the moves changed on a second reading:\n%s", text);
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    if (!catur_move_equal (catur_record_get_move (record, i), catur_record_get_move (back, i)))
      finding ("move %u changed on a second reading:\n%s", i + 1, text);
  for (guint i = 0; names[i] != NULL; i++)
    if (g_strcmp0 (catur_record_get_tag (back, names[i]),
                   catur_record_get_tag (record, names[i])) != 0)
      finding ("the tag %s changed on a second reading:\n%s", names[i], text);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(CaturPgnReader) reader = NULL;
  guint n_games;

  reader = catur_pgn_reader_new (fuzz_chess (), ch_pgn_get_dialect (), (const char *) data,
                                 size, NULL, NULL);
  if (reader == NULL)
    return 0;
  n_games = catur_pgn_reader_get_n_games (reader);
  for (guint i = 0; i < n_games && i < MAX_GAMES; i++)
    {
      g_autoptr(CaturRecord) record = catur_pgn_reader_read_game (reader, i, NULL);

      if (catur_pgn_reader_get_game_line (reader, i) == 0)
        finding ("game %u starts on line 0", i);
      if (record != NULL)
        check_roundtrip (record);
    }
  return 0;
}
