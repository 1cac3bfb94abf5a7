/* test-repetition.c: CaturRepetition, the record of positions every game's repetition rules read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keys here are small numbers standing for positions; plies alternate between the seats, the
 * first seat playing ply 1, as in a game that starts with the first seat to move.
 */

#include <catur.h>

#define FIRST CATUR_SIDE_FIRST
#define SECOND CATUR_SIDE_SECOND
#define CHECK CATUR_REPETITION_GAVE_CHECK

/* A log of @keys (entry 0 the start), the plies alternating from the first seat; @checks
 * (may be NULL) says which plies gave check, a character per entry: 'x' for check. */
static CaturRepetition *
log_of (const guint64 *keys,
        guint          n,
        const char    *checks)
{
  CaturRepetition *log = catur_repetition_new (keys[0], 0);

  for (guint i = 1; i < n; i++)
    catur_repetition_push (log, keys[i], i % 2 == 1 ? FIRST : SECOND,
                           checks != NULL && checks[i] == 'x' ? CHECK : 0);
  return log;
}

static void
test_entries (void)
{
  g_autoptr(CaturRepetition) log = catur_repetition_new (7, CHECK);

  g_assert_cmpuint (catur_repetition_get_length (log), ==, 1);
  g_assert_cmpuint (catur_repetition_get_last (log), ==, 0);
  g_assert_cmpuint (catur_repetition_get_key (log, 0), ==, 7);
  g_assert_cmpint (catur_repetition_get_mover (log, 0), ==, CATUR_SIDE_NONE);
  g_assert_cmpuint (catur_repetition_get_flags (log, 0), ==, CHECK);
  g_assert_cmpint (catur_repetition_previous (log, 0), ==, -1);

  /* Past the first allocation, and back: nothing is lost. */
  for (guint i = 1; i <= 200; i++)
    catur_repetition_push (log, G_GUINT64_CONSTANT (0xabcdef0000000000) + i % 10,
                           i % 2 == 1 ? FIRST : SECOND, i % 3 == 0 ? CHECK : 0);
  g_assert_cmpuint (catur_repetition_get_length (log), ==, 201);
  g_assert_cmpuint (catur_repetition_get_last (log), ==, 200);
  for (guint i = 1; i <= 200; i++)
    {
      g_assert_cmpuint (catur_repetition_get_key (log, i), ==,
                        G_GUINT64_CONSTANT (0xabcdef0000000000) + i % 10);
      g_assert_cmpint (catur_repetition_get_mover (log, i), ==, i % 2 == 1 ? FIRST : SECOND);
      g_assert_cmpuint (catur_repetition_get_flags (log, i), ==, i % 3 == 0 ? CHECK : 0);
      g_assert_cmpint (catur_repetition_previous (log, i), ==, i > 10 ? (gint) i - 10 : -1);
      g_assert_cmpuint (catur_repetition_count (log, i), ==, (i - 1) / 10 + 1);
      g_assert_cmpuint (catur_repetition_first (log, i), ==, (i - 1) % 10 + 1);
    }
}

/* k counts the occurrences up to an entry, the start included (RULES 0.2: occurrence #1). */
static void
test_count_and_first (void)
{
  static const guint64 keys[] = { 1, 2, 3, 4, 1, 2, 3, 4, 1, 5, 1 };
  g_autoptr(CaturRepetition) log = log_of (keys, G_N_ELEMENTS (keys), NULL);
  static const guint counts[] = { 1, 1, 1, 1, 2, 2, 2, 2, 3, 1, 4 };
  static const guint firsts[] = { 0, 1, 2, 3, 0, 1, 2, 3, 0, 9, 0 };
  static const gint previous[] = { -1, -1, -1, -1, 0, 1, 2, 3, 4, -1, 8 };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_assert_cmpuint (catur_repetition_count (log, i), ==, counts[i]);
      g_assert_cmpuint (catur_repetition_first (log, i), ==, firsts[i]);
      g_assert_cmpint (catur_repetition_previous (log, i), ==, previous[i]);
    }
}

/* Truncating is an undo: the entries kept answer as before, and what is pushed after counts
 * only them. */
static void
test_truncate (void)
{
  static const guint64 keys[] = { 1, 2, 3, 4, 1, 2, 3, 4, 1 };
  g_autoptr(CaturRepetition) log = log_of (keys, G_N_ELEMENTS (keys), NULL);

  catur_repetition_truncate (log, 5);
  g_assert_cmpuint (catur_repetition_get_length (log), ==, 5);
  g_assert_cmpuint (catur_repetition_count (log, 4), ==, 2);
  catur_repetition_push (log, 9, SECOND, 0);
  g_assert_cmpuint (catur_repetition_count (log, 5), ==, 1);
  catur_repetition_push (log, 3, FIRST, 0);
  g_assert_cmpuint (catur_repetition_count (log, 6), ==, 2);
  g_assert_cmpuint (catur_repetition_first (log, 6), ==, 2);

  catur_repetition_truncate (log, 1);
  g_assert_cmpuint (catur_repetition_get_length (log), ==, 1);
  g_assert_cmpuint (catur_repetition_get_key (log, 0), ==, 1);
  catur_repetition_push (log, 1, FIRST, 0);
  g_assert_cmpuint (catur_repetition_count (log, 1), ==, 2);
}

/* A copy is the log as it was: for a search in another thread while the game goes on. */
static void
test_copy (void)
{
  static const guint64 keys[] = { 1, 2, 3, 4, 1 };
  g_autoptr(CaturRepetition) log = log_of (keys, G_N_ELEMENTS (keys), "-x-x-");
  g_autoptr(CaturRepetition) copy = catur_repetition_copy (log);

  catur_repetition_truncate (log, 2);
  catur_repetition_push (log, 8, SECOND, 0);
  g_assert_cmpuint (catur_repetition_get_length (copy), ==, 5);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_cmpuint (catur_repetition_get_key (copy, i), ==, keys[i]);
  g_assert_cmpuint (catur_repetition_get_flags (copy, 3), ==, CHECK);
  g_assert_cmpuint (catur_repetition_count (copy, 4), ==, 2);

  /* A copy grows as the original does. */
  catur_repetition_push (copy, 2, SECOND, 0);
  catur_repetition_push (copy, 3, FIRST, 0);
  g_assert_cmpuint (catur_repetition_count (copy, 6), ==, 2);
  g_assert_cmpuint (catur_repetition_get_key (log, 2), ==, 8);
}

/* RULES X17: a side checked throughout when every ply of its own in the span gave check. */
static void
test_checkers (void)
{
  static const guint64 keys[] = { 1, 2, 3, 4, 1, 2, 3, 4, 1 };
  /* The first seat plays the odd plies. */
  g_autoptr(CaturRepetition) first_checks = log_of (keys, G_N_ELEMENTS (keys), "-x-x-x-x-");
  g_autoptr(CaturRepetition) both_check = log_of (keys, G_N_ELEMENTS (keys), "-xxxxxxxx");
  g_autoptr(CaturRepetition) second_checks = log_of (keys, G_N_ELEMENTS (keys), "--x-x-x-x");
  g_autoptr(CaturRepetition) neither = log_of (keys, G_N_ELEMENTS (keys), NULL);
  /* The first seat stopped checking once, in the first cycle only. */
  g_autoptr(CaturRepetition) once_idle = log_of (keys, G_N_ELEMENTS (keys), "-x---x-x-");

  g_assert_true (catur_repetition_checked_throughout (first_checks, 4, FIRST));
  g_assert_false (catur_repetition_checked_throughout (first_checks, 4, SECOND));
  g_assert_cmpint (catur_repetition_sole_checker (first_checks, 4), ==, FIRST);
  g_assert_cmpint (catur_repetition_sole_checker (first_checks, 8), ==, FIRST);
  g_assert_cmpint (catur_repetition_sole_checker (second_checks, 8), ==, SECOND);
  g_assert_cmpint (catur_repetition_sole_checker (both_check, 8), ==, CATUR_SIDE_NONE);
  g_assert_true (catur_repetition_checked_throughout (both_check, 8, SECOND));
  g_assert_cmpint (catur_repetition_sole_checker (neither, 8), ==, CATUR_SIDE_NONE);
  g_assert_false (catur_repetition_checked_throughout (neither, 8, FIRST));

  /* The span runs from the first occurrence: an idle ply anywhere in it counts. */
  g_assert_cmpint (catur_repetition_sole_checker (once_idle, 8), ==, CATUR_SIDE_NONE);
  /* A position seen once has no span. */
  g_assert_cmpint (catur_repetition_sole_checker (first_checks, 3), ==, CATUR_SIDE_NONE);
}

/* A rule for the episode tests: 1 at the third occurrence and after. */
static guint
threefold (const CaturRepetition *history,
           guint                  index,
           gpointer               user_data)
{
  guint *calls = user_data;

  if (calls != NULL)
    (*calls)++;
  return catur_repetition_count (history, index) >= 3 ? 1 : 0;
}

/* RULES 0.4: once per episode, re-armed by a ply that reaches a position never seen before. */
static void
test_episodes (void)
{
  static const guint64 keys[] = {
    1, 2, 3, 4, 1, 2, 3, 4, 1,   /* entry 8: the start a third time */
    2, 3, 4, 1,                  /* entries 9–12: third and fourth times, same episode */
    5,                           /* entry 13: new, the episode ends */
    4, 1,                        /* entry 15: the start a fifth time */
  };
  g_autoptr(CaturRepetition) log = log_of (keys, G_N_ELEMENTS (keys), NULL);
  static const gboolean shown[] = {
    FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE,
    FALSE, FALSE, FALSE, FALSE,
    FALSE,
    TRUE, FALSE,
  };
  guint calls = 0;

  G_STATIC_ASSERT (G_N_ELEMENTS (keys) == G_N_ELEMENTS (shown));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      guint verdict = threefold (log, i, NULL);
      gboolean first = verdict != 0
                       && catur_repetition_first_in_episode (log, i, verdict, threefold, NULL);

      g_test_message ("entry %u: k %u, verdict %u, shown %d", i,
                      catur_repetition_count (log, i), verdict, first);
      g_assert_cmpint (first, ==, shown[i]);
    }
  g_assert_cmpuint (catur_repetition_episode_start (log, 12), ==, 3);
  g_assert_cmpuint (catur_repetition_episode_start (log, 13), ==, 13);
  g_assert_cmpuint (catur_repetition_episode_start (log, 15), ==, 13);
  g_assert_cmpuint (catur_repetition_episode_start (log, 0), ==, 0);

  /* Only the episode's entries before the one asked about are judged, the latest first. */
  g_assert_true (catur_repetition_first_in_episode (log, 8, 1, threefold, &calls));
  g_assert_cmpuint (calls, ==, 4);
  calls = 0;
  g_assert_false (catur_repetition_first_in_episode (log, 15, 1, threefold, &calls));
  g_assert_cmpuint (calls, ==, 1);
  calls = 0;
  g_assert_true (catur_repetition_first_in_episode (log, 14, 1, threefold, &calls));
  g_assert_cmpuint (calls, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/repetition/entries", test_entries);
  g_test_add_func ("/repetition/count-and-first", test_count_and_first);
  g_test_add_func ("/repetition/truncate", test_truncate);
  g_test_add_func ("/repetition/copy", test_copy);
  g_test_add_func ("/repetition/checkers", test_checkers);
  g_test_add_func ("/repetition/episodes", test_episodes);

  return g_test_run ();
}
