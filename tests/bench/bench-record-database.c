/* bench-record-database.c: how long a PGN database of many chess games takes to list (every
 * game read, as the window's list of games and catur-engine's `read PATH N` need them) and to
 * open one game of it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is made here: the moves of one well-known short game under different tags, so that
 * no downloaded file is needed. Run it with the plugins on CATUR_PLUGIN_PATH:
 *   meson devenv -C _build ./tests/bench/bench-record-database [GAMES]
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <catur.h>

/* Morphy's "Opera game" (Paris, 1858): 33 plies. */
static const char moves[] =
  "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6\n"
  "9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6\n"
  "15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

int
main (int   argc,
      char *argv[])
{
  guint n_games = argc > 1 ? (guint) atoi (argv[1]) : 1000;
  g_autoptr(GString) file = g_string_new (NULL);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GError) error = NULL;
  CaturVariant *chess;
  gint64 start, listed, opened;

  catur_plugins_load ();
  chess = catur_plugins_find_variant ("chess");
  if (chess == NULL)
    {
      g_printerr ("The chess plugin is not on CATUR_PLUGIN_PATH\n");
      return 1;
    }
  for (guint i = 0; i < n_games; i++)
    g_string_append_printf (file, "[Event \"Paris %u\"]\n[Site \"Paris\"]\n[Date \"1858.??.??\"]\n"
                            "[Round \"%u\"]\n[White \"Morphy %u\"]\n[Black \"Duke %u\"]\n"
                            "[Result \"1-0\"]\n\n%s\n", i, i + 1, i, i, moves);

  /* Xiangqi is the game being played: the file's game is found from what it holds. */
  start = g_get_monotonic_time ();
  records = catur_record_read_file_games ("games.pgn", file->str, file->len,
                                          catur_plugins_find_variant ("xiangqi"), &error);
  listed = g_get_monotonic_time ();
  if (records == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  game = catur_record_to_game (g_ptr_array_index (records, records->len / 2), &error);
  opened = g_get_monotonic_time ();
  if (game == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_print ("%u games, %zu bytes: listed (every game read) in %.1f ms; game %u opened in %.2f ms\n",
           records->len, file->len, (listed - start) / 1000.0, records->len / 2 + 1,
           (opened - listed) / 1000.0);
  return 0;
}
