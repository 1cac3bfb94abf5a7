/* xiangqi-perft-bench.c: how fast xq_perft() counts, for the record (not a test)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: xiangqi-perft-bench [DEPTH [FEN]]; depth 5 from the start position by default.
 */

#include "xiangqi-core.h"

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  XqPosition *pos = g_new0 (XqPosition, 1);
  int depth = argc > 1 ? (int) g_ascii_strtoll (argv[1], NULL, 10) : 5;
  gint64 start, end;
  double seconds;
  guint64 nodes;

  if (argc > 2 && !xq_position_from_fen (pos, argv[2], &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  if (argc <= 2)
    xq_position_init_start (pos);
  if (depth < 1 || depth > 8)
    {
      g_printerr ("depth must be 1 to 8\n");
      return 1;
    }

  start = g_get_monotonic_time ();
  nodes = xq_perft (pos, depth);
  end = g_get_monotonic_time ();
  seconds = (double) (end - start) / G_USEC_PER_SEC;

  g_print ("depth %d\nnodes %" G_GUINT64_FORMAT "\nseconds %.3f\nnodes/second %.0f\n",
           depth, nodes, seconds, seconds > 0 ? (double) nodes / seconds : 0.0);
  g_free (pos);
  return 0;
}
