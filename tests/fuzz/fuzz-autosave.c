/* fuzz-autosave.c: libFuzzer target for the autosave reader (catur_autosave_parse and
 * catur_autosave_restore), over the real Xiangqi plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file that restores to a game must save and restore to the same game again.
 */
#include "config.h"

#include "fuzz-common.h"

static char *
moves_of (CaturGame *game)
{
  g_autoptr(CaturAutosave) autosave = catur_autosave_new_from_game (game);

  return g_strjoinv (" ", autosave->moves);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(CaturAutosave) autosave = catur_autosave_parse ((const char *) data, size, NULL);
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturAutosave) again = NULL;
  g_autoptr(CaturAutosave) reparsed = NULL;
  g_autoptr(CaturGame) regame = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *removes = NULL;
  gsize length;

  if (autosave == NULL)
    return 0;
  game = catur_autosave_restore (autosave, NULL);
  if (game == NULL)
    return 0;

  again = catur_autosave_new_from_game (game);
  text = catur_autosave_to_data (again, &length);
  reparsed = catur_autosave_parse (text, length, &error);
  if (reparsed == NULL)
    finding ("wrote an autosave it cannot read (%s):\n%s", error->message, text);
  regame = catur_autosave_restore (reparsed, &error);
  if (regame == NULL)
    finding ("wrote an autosave it cannot restore (%s):\n%s", error->message, text);
  moves = moves_of (game);
  removes = moves_of (regame);
  if (strcmp (moves, removes) != 0 || catur_game_is_over (game) != catur_game_is_over (regame))
    finding ("the game changed on a second reading:\n%s", text);
  return 0;
}
