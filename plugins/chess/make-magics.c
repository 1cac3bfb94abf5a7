/* make-magics.c: finds the magic multipliers of chess-core.c's slider tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run by hand (`cc -O2 make-magics.c -o make-magics && ./make-magics`) when the tables'
 * layout changes; it prints the two arrays that chess-core.c keeps. The search is the usual
 * one: sparse random numbers tried until every blocker set of a square's mask maps to an
 * index whose attack set agrees. A fixed seed makes the output the same on every run.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t state = 0x2545F4914F6CDD1DULL;

static uint64_t
next (void)
{
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);

  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static uint64_t
slide (int sq, uint64_t occ, const int (*dirs)[2], int edge_only)
{
  uint64_t out = 0;

  for (int d = 0; d < 4; d++)
    {
      int r = sq / 8 + dirs[d][0], f = sq % 8 + dirs[d][1];

      while (r >= 0 && r < 8 && f >= 0 && f < 8)
        {
          int nr = r + dirs[d][0], nf = f + dirs[d][1];

          if (edge_only && !(nr >= 0 && nr < 8 && nf >= 0 && nf < 8))
            break;
          out |= 1ULL << (r * 8 + f);
          if (occ & (1ULL << (r * 8 + f)))
            break;
          r = nr;
          f = nf;
        }
    }
  return out;
}

static uint64_t
find (int sq, const int (*dirs)[2])
{
  static uint64_t occ[4096], att[4096], used[4096];
  uint64_t mask = slide (sq, 0, dirs, 1);
  int bits = __builtin_popcountll (mask), n = 0;
  uint64_t sub = 0;

  do
    {
      occ[n] = sub;
      att[n] = slide (sq, sub, dirs, 0);
      n++;
      sub = (sub - mask) & mask;
    }
  while (sub != 0);

  for (;;)
    {
      uint64_t magic = next () & next () & next ();
      int ok = 1;

      if (__builtin_popcountll ((mask * magic) & 0xFF00000000000000ULL) < 6)
        continue;
      memset (used, 0, sizeof used);
      for (int i = 0; i < n && ok; i++)
        {
          unsigned idx = (unsigned) ((occ[i] * magic) >> (64 - bits));

          if (used[idx] == 0)
            used[idx] = att[i];
          else if (used[idx] != att[i])
            ok = 0;
        }
      if (ok)
        return magic;
    }
}

int
main (void)
{
  static const int rook[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
  static const int bishop[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

  printf ("static const guint64 rook_magic[64] = {\n");
  for (int sq = 0; sq < 64; sq++)
    printf ("%s0x%016llxull,%s", sq % 3 == 0 ? "  " : " ", (unsigned long long) find (sq, rook),
            sq % 3 == 2 || sq == 63 ? "\n" : "");
  printf ("};\n\nstatic const guint64 bishop_magic[64] = {\n");
  for (int sq = 0; sq < 64; sq++)
    printf ("%s0x%016llxull,%s", sq % 3 == 0 ? "  " : " ",
            (unsigned long long) find (sq, bishop), sq % 3 == 2 || sq == 63 ? "\n" : "");
  printf ("};\n");
  return 0;
}
