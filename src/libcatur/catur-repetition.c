/* catur-repetition.c: the positions a game went through, for its rules of repetition
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <string.h>

#include "catur.h"

#define NO_ENTRY (-1)

typedef struct
{
  guint64 key;
  gint32 previous;             /* the entry before this one with the same key, or NO_ENTRY */
  guint8 mover;                /* CaturSide */
  guint8 flags;                /* CaturRepetitionFlags */
} Entry;

struct _CaturRepetition
{
  Entry *entries;
  guint length;
  guint allocated;
};

/**
 * catur_repetition_new:
 * @start_key: the key of the start position
 * @start_flags: #CaturRepetitionFlags of the start position
 *
 * Returns: (transfer full): a log holding the start position alone
 */
CaturRepetition *
catur_repetition_new (guint64 start_key,
                      guint8  start_flags)
{
  CaturRepetition *self = g_new0 (CaturRepetition, 1);

  self->allocated = 64;
  self->entries = g_new (Entry, self->allocated);
  self->entries[0] = (Entry) { start_key, NO_ENTRY, CATUR_SIDE_NONE, start_flags };
  self->length = 1;
  return self;
}

/**
 * catur_repetition_copy:
 *
 * A copy for a search in another thread: the game may go on meanwhile.
 *
 * Returns: (transfer full): a copy of @self
 */
CaturRepetition *
catur_repetition_copy (const CaturRepetition *self)
{
  CaturRepetition *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_new0 (CaturRepetition, 1);
  copy->allocated = self->length;
  copy->length = self->length;
  copy->entries = g_memdup2 (self->entries, self->length * sizeof (Entry));
  return copy;
}

void
catur_repetition_free (CaturRepetition *self)
{
  if (self == NULL)
    return;

  g_free (self->entries);
  g_free (self);
}

/**
 * catur_repetition_push:
 * @key: the key of the position the ply reached
 * @mover: the seat that played the ply, %CATUR_SIDE_FIRST or %CATUR_SIDE_SECOND
 * @flags: #CaturRepetitionFlags of the ply
 *
 * Adds the position after one more ply.
 */
void
catur_repetition_push (CaturRepetition *self,
                       guint64          key,
                       CaturSide        mover,
                       guint8           flags)
{
  gint32 previous = NO_ENTRY;

  g_return_if_fail (self != NULL);
  g_return_if_fail (mover == CATUR_SIDE_FIRST || mover == CATUR_SIDE_SECOND);
  g_return_if_fail (self->length < G_MAXINT32);

  /* Found once here, so that counting an occurrence later follows a chain instead of reading
   * the whole game: a game pushes a few hundred plies, and asks about each of them often. */
  for (gint32 i = (gint32) self->length - 1; i >= 0; i--)
    if (self->entries[i].key == key)
      {
        previous = i;
        break;
      }

  if (self->length == self->allocated)
    {
      self->allocated *= 2;
      self->entries = g_renew (Entry, self->entries, self->allocated);
    }
  self->entries[self->length++] = (Entry) { key, previous, mover, flags };
}

/**
 * catur_repetition_truncate:
 * @length: the number of entries to keep, from 1 (the start alone) to the length
 *
 * Takes back the plies after the first @length - 1 (an undo).
 */
void
catur_repetition_truncate (CaturRepetition *self,
                           guint            length)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (length >= 1 && length <= self->length);

  /* Every entry's link points at an earlier one: the entries kept stay whole. */
  self->length = length;
}

/* The number of entries: the plies played since the start, plus one. */
guint
catur_repetition_get_length (const CaturRepetition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->length;
}

/* The index of the last entry: the position now. */
guint
catur_repetition_get_last (const CaturRepetition *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->length - 1;
}

guint64
catur_repetition_get_key (const CaturRepetition *self,
                          guint                  index)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->length, 0);

  return self->entries[index].key;
}

/* The seat that played the ply of entry @index; %CATUR_SIDE_NONE for the start. */
CaturSide
catur_repetition_get_mover (const CaturRepetition *self,
                            guint                  index)
{
  g_return_val_if_fail (self != NULL, CATUR_SIDE_NONE);
  g_return_val_if_fail (index < self->length, CATUR_SIDE_NONE);

  return self->entries[index].mover;
}

guint8
catur_repetition_get_flags (const CaturRepetition *self,
                            guint                  index)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->length, 0);

  return self->entries[index].flags;
}

/* The last entry before @index with the same key, or -1 when its position was new. */
gint
catur_repetition_previous (const CaturRepetition *self,
                           guint                  index)
{
  g_return_val_if_fail (self != NULL, NO_ENTRY);
  g_return_val_if_fail (index < self->length, NO_ENTRY);

  return self->entries[index].previous;
}

/**
 * catur_repetition_count:
 * @index: an entry
 *
 * Returns: how many times the position of entry @index had come by then, itself included
 *   (RULES' k: 1 for a position seen for the first time)
 */
guint
catur_repetition_count (const CaturRepetition *self,
                        guint                  index)
{
  guint k = 1;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->length, 0);

  for (gint32 i = self->entries[index].previous; i != NO_ENTRY; i = self->entries[i].previous)
    k++;
  return k;
}

/**
 * catur_repetition_first:
 * @index: an entry
 *
 * Returns: the entry where the position of entry @index came first (@index itself when it was
 *   new there)
 */
guint
catur_repetition_first (const CaturRepetition *self,
                        guint                  index)
{
  guint first = index;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->length, 0);

  while (self->entries[first].previous != NO_ENTRY)
    first = self->entries[first].previous;
  return first;
}

/**
 * catur_repetition_checked_throughout:
 * @index: an entry
 * @side: a seat
 *
 * The span of a repetition is the plies after the first occurrence of entry @index's position,
 * up to @index (RULES X17).
 *
 * Returns: whether every ply @side played in the span gave check; %TRUE when it played none
 */
gboolean
catur_repetition_checked_throughout (const CaturRepetition *self,
                                     guint                  index,
                                     CaturSide              side)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (index < self->length, FALSE);

  for (guint i = catur_repetition_first (self, index) + 1; i <= index; i++)
    if (self->entries[i].mover == side && !(self->entries[i].flags & CATUR_REPETITION_GAVE_CHECK))
      return FALSE;
  return TRUE;
}

/**
 * catur_repetition_sole_checker:
 * @index: an entry
 *
 * Perpetual check as Xiangqi (X17–X19) and Shogi (S10) see it.
 *
 * Returns: the one side that checked on every one of its plies in the span of entry @index
 *   (see catur_repetition_checked_throughout()), or %CATUR_SIDE_NONE when both or neither did
 *   (a position seen once has no span: none)
 */
CaturSide
catur_repetition_sole_checker (const CaturRepetition *self,
                               guint                  index)
{
  gboolean first_checked, second_checked;

  g_return_val_if_fail (self != NULL, CATUR_SIDE_NONE);
  g_return_val_if_fail (index < self->length, CATUR_SIDE_NONE);

  if (self->entries[index].previous == NO_ENTRY)
    return CATUR_SIDE_NONE;
  first_checked = catur_repetition_checked_throughout (self, index, CATUR_SIDE_FIRST);
  second_checked = catur_repetition_checked_throughout (self, index, CATUR_SIDE_SECOND);
  if (first_checked == second_checked)
    return CATUR_SIDE_NONE;
  return first_checked ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
}

/**
 * catur_repetition_episode_start:
 * @index: an entry
 *
 * An episode of repetitions begins with a ply that produces a position seen for the first
 * time (RULES 0.4).
 *
 * Returns: the last entry up to @index whose position was new there (0 at worst: the start)
 */
guint
catur_repetition_episode_start (const CaturRepetition *self,
                                guint                  index)
{
  guint start = index;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (index < self->length, 0);

  while (self->entries[start].previous != NO_ENTRY)
    start--;
  return start;
}

/**
 * catur_repetition_first_in_episode:
 * @index: an entry
 * @verdict: what @judge says at @index (not 0)
 * @judge: the game's rule, applied to the earlier entries of the episode
 * @user_data: data for @judge
 *
 * RULES 0.4: a repetition warning or information is shown once per episode. Worked out from
 * the entries alone, so that the answer never depends on who asked before: the verdict at
 * @index is shown if no entry of its episode before it got the same verdict (that one showed
 * it).
 *
 * Returns: whether @verdict is the first of its kind in the episode of @index
 */
gboolean
catur_repetition_first_in_episode (const CaturRepetition *self,
                                   guint                  index,
                                   guint                  verdict,
                                   CaturRepetitionJudge   judge,
                                   gpointer               user_data)
{
  guint start;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (index < self->length, FALSE);
  g_return_val_if_fail (judge != NULL, FALSE);

  start = catur_repetition_episode_start (self, index);
  for (guint i = index; i > start + 1; i--)
    if (judge (self, i - 1, user_data) == verdict)
      return FALSE;
  return TRUE;
}
