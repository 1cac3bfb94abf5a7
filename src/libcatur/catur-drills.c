/* catur-drills.c: the player's own mistakes, kept as drills and offered again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A drill is a position where the player went wrong, the move played and what the judge said
 * of it. The store is a key file, $XDG_DATA_HOME/catur/drills.ini, one group a drill, read
 * afresh before each change and written at once, so that two windows (or a window and the
 * analysis) never undo each other's work. Spaced repetition by Leitner boxes: a drill solved
 * climbs a box and comes back later the higher it is; a drill failed falls to the first box
 * and comes back within minutes. A file that does not read is set aside whole, next to the
 * store, and named in a warning: nothing the player made is lost, and the app goes on with
 * an empty store.
 */
#define G_LOG_DOMAIN "catur-drills"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "catur.h"

/* How long a drill waits in each box before it is offered again, in seconds. */
static const gint64 box_wait[CATUR_DRILL_BOXES] = {
  0,
  24 * 3600,
  3 * 24 * 3600,
  7 * 24 * 3600,
  21 * 24 * 3600,
  60 * 24 * 3600,
};

/* A failed drill comes back in the same sitting, but not at once: other drills first. */
#define FAILED_WAIT (10 * 60)

G_DEFINE_BOXED_TYPE (CaturDrill, catur_drill, catur_drill_copy, catur_drill_free)

CaturDrill *
catur_drill_copy (const CaturDrill *self)
{
  CaturDrill *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_memdup2 (self, sizeof *self);
  copy->id = g_strdup (self->id);
  copy->game_id = g_strdup (self->game_id);
  copy->position = g_strdup (self->position);
  copy->played = g_strdup (self->played);
  copy->best = g_strdup (self->best);
  copy->sentence = g_strdup (self->sentence);
  return copy;
}

void
catur_drill_free (CaturDrill *self)
{
  if (self == NULL)
    return;
  g_free (self->id);
  g_free (self->game_id);
  g_free (self->position);
  g_free (self->played);
  g_free (self->best);
  g_free (self->sentence);
  g_free (self);
}

struct _CaturDrills
{
  GObject parent_instance;

  char *path;
  char *warning;   /* the last file that did not read, and where it was set aside */
};

G_DEFINE_FINAL_TYPE (CaturDrills, catur_drills, G_TYPE_OBJECT)

static void
catur_drills_finalize (GObject *object)
{
  CaturDrills *self = CATUR_DRILLS (object);

  g_free (self->path);
  g_free (self->warning);

  G_OBJECT_CLASS (catur_drills_parent_class)->finalize (object);
}

static void
catur_drills_class_init (CaturDrillsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = catur_drills_finalize;
}

static void
catur_drills_init (CaturDrills *self)
{
}

/**
 * catur_drills_new:
 * @path: (nullable): the store's file, or %NULL for `$XDG_DATA_HOME/catur/drills.ini`
 *
 * Returns: (transfer full): the store; nothing is read until it is asked
 */
CaturDrills *
catur_drills_new (const char *path)
{
  CaturDrills *self = g_object_new (CATUR_TYPE_DRILLS, NULL);

  self->path = path != NULL ? g_strdup (path)
               : g_build_filename (g_get_user_data_dir (), "catur", "drills.ini", NULL);
  return self;
}

const char *
catur_drills_get_path (CaturDrills *self)
{
  g_return_val_if_fail (CATUR_IS_DRILLS (self), NULL);

  return self->path;
}

/**
 * catur_drills_get_warning:
 *
 * Returns: (nullable): what went wrong the last time the file did not read (it was set
 *   aside, under a name the text gives), or %NULL
 */
const char *
catur_drills_get_warning (CaturDrills *self)
{
  g_return_val_if_fail (CATUR_IS_DRILLS (self), NULL);

  return self->warning;
}

/* The current time in the store's unit, seconds since the epoch. */
gint64
catur_drills_now (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

/* Reads the file; one that is there but does not read is renamed aside, so that the next
 * save does not overwrite what the player had. */
static GKeyFile *
load (CaturDrills *self)
{
  GKeyFile *file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *aside = NULL;

  if (g_key_file_load_from_file (file, self->path, G_KEY_FILE_KEEP_COMMENTS, &error))
    return file;
  if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    return file;

  aside = g_strdup_printf ("%s.unread-%" G_GINT64_FORMAT, self->path, catur_drills_now ());
  g_free (self->warning);
  if (g_rename (self->path, aside) == 0)
    self->warning = g_strdup_printf ("The drills file %s does not read (%s); it was kept as %s "
                                     "and a new one begun", self->path, error->message, aside);
  else
    self->warning = g_strdup_printf ("The drills file %s does not read (%s), nor could it be "
                                     "set aside: %s", self->path, error->message,
                                     g_strerror (errno));
  g_warning ("%s", self->warning);
  g_key_file_free (file);
  return g_key_file_new ();
}

static gboolean
save (CaturDrills *self,
      GKeyFile    *file,
      GError     **error)
{
  g_autofree char *folder = g_path_get_dirname (self->path);

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", folder,
                   g_strerror (saved));
      return FALSE;
    }
  return g_key_file_save_to_file (file, self->path, error);
}

/* The same mistake has the same key: its game, its position and the move. */
static char *
drill_key (const char *game_id,
           const char *position,
           const char *played)
{
  g_autofree char *text = g_strdup_printf ("%s\n%s\n%s", game_id, position, played);
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA1, text, -1);

  return g_strdup_printf ("drill-%.16s", sum);
}

/* The drill of group @id, or NULL when the group lacks what a drill needs (a group damaged
 * by hand is skipped, and left as it is). */
static CaturDrill *
read_drill (GKeyFile   *file,
            const char *id)
{
  g_autoptr(CaturDrill) drill = g_new0 (CaturDrill, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *sentence = NULL;

  drill->id = g_strdup (id);
  drill->game_id = g_key_file_get_string (file, id, "game", NULL);
  drill->position = g_key_file_get_string (file, id, "position", NULL);
  drill->played = g_key_file_get_string (file, id, "played", NULL);
  if (drill->game_id == NULL || drill->position == NULL || drill->played == NULL)
    return NULL;
  drill->best = g_key_file_get_string (file, id, "best", NULL);
  if (drill->best != NULL && *drill->best == '\0')
    g_clear_pointer (&drill->best, g_free);
  sentence = g_key_file_get_locale_string (file, id, "sentence", NULL, NULL);
  if (sentence != NULL && *sentence != '\0')
    drill->sentence = catur_judge_end_sentence (sentence);
  drill->box = MIN ((guint) MAX (g_key_file_get_integer (file, id, "box", NULL), 0),
                    CATUR_DRILL_BOXES - 1);
  drill->due = g_key_file_get_int64 (file, id, "due", &error);
  if (error != NULL)
    return NULL;
  drill->n_solved = (guint) MAX (g_key_file_get_integer (file, id, "solved", NULL), 0);
  drill->n_failed = (guint) MAX (g_key_file_get_integer (file, id, "failed", NULL), 0);
  return g_steal_pointer (&drill);
}

/**
 * catur_drills_add:
 * @game_id: the game the mistake was made in: its variant's id
 * @position: the position before the mistake, in the game's text (catur_variant_format())
 * @played: the move played, in the game's coordinate notation
 * @best: (nullable): the engine's best move there, likewise
 * @sentence: (nullable): the judge's sentence on the move played
 *
 * Keeps a mistake as a drill, due at once. The same mistake (game, position and move) is
 * kept once: adding it again keeps its boxes and dates, and fills in the best move and the
 * sentence when they are new.
 *
 * Returns: (transfer full) (nullable): the drill as kept, or %NULL with @error set when the
 *   file could not be written
 */
CaturDrill *
catur_drills_add (CaturDrills  *self,
                  const char   *game_id,
                  const char   *position,
                  const char   *played,
                  const char   *best,
                  const char   *sentence,
                  GError      **error)
{
  g_autoptr(GKeyFile) file = NULL;
  g_autoptr(CaturDrill) kept = NULL;
  g_autofree char *id = NULL;

  g_return_val_if_fail (CATUR_IS_DRILLS (self), NULL);
  g_return_val_if_fail (game_id != NULL && position != NULL && played != NULL, NULL);

  file = load (self);
  id = drill_key (game_id, position, played);
  if (g_key_file_has_group (file, id))
    kept = read_drill (file, id);
  if (kept == NULL)
    {
      g_key_file_remove_group (file, id, NULL);
      g_key_file_set_string (file, id, "game", game_id);
      g_key_file_set_string (file, id, "position", position);
      g_key_file_set_string (file, id, "played", played);
      g_key_file_set_integer (file, id, "box", 0);
      g_key_file_set_int64 (file, id, "due", catur_drills_now ());
      g_key_file_set_integer (file, id, "solved", 0);
      g_key_file_set_integer (file, id, "failed", 0);
    }
  if (best != NULL && *best != '\0')
    g_key_file_set_string (file, id, "best", best);
  if (sentence != NULL && *sentence != '\0')
    g_key_file_set_string (file, id, "sentence", sentence);
  if (!save (self, file, error))
    return NULL;
  return read_drill (file, id);
}

/**
 * catur_drills_lookup:
 * @id: a drill's id
 *
 * Returns: (transfer full) (nullable): the drill as kept now, or %NULL
 */
CaturDrill *
catur_drills_lookup (CaturDrills *self,
                     const char  *id)
{
  g_autoptr(GKeyFile) file = NULL;

  g_return_val_if_fail (CATUR_IS_DRILLS (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  file = load (self);
  if (!g_key_file_has_group (file, id))
    return NULL;
  return read_drill (file, id);
}

static int
compare_due (gconstpointer a,
             gconstpointer b)
{
  const CaturDrill *x = *(const CaturDrill * const *) a;
  const CaturDrill *y = *(const CaturDrill * const *) b;

  /* The longest overdue first; among as due, the lower box (the less known) first. */
  if (x->due != y->due)
    return x->due < y->due ? -1 : 1;
  if (x->box != y->box)
    return x->box < y->box ? -1 : 1;
  return strcmp (x->id, y->id);
}

static GPtrArray *
list_drills (CaturDrills *self,
             const char  *game_id,
             gboolean     due_only,
             gint64       now)
{
  g_autoptr(GKeyFile) file = load (self);
  g_auto(GStrv) groups = g_key_file_get_groups (file, NULL);
  GPtrArray *drills = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_drill_free);

  for (guint i = 0; groups[i] != NULL; i++)
    {
      CaturDrill *drill = read_drill (file, groups[i]);

      if (drill == NULL)
        continue;
      if ((game_id != NULL && g_strcmp0 (drill->game_id, game_id) != 0)
          || (due_only && drill->due > now))
        {
          catur_drill_free (drill);
          continue;
        }
      g_ptr_array_add (drills, drill);
    }
  g_ptr_array_sort (drills, compare_due);
  return drills;
}

/**
 * catur_drills_list:
 * @game_id: (nullable): a game's variant id, or %NULL for all
 *
 * Returns: (transfer full) (element-type CaturDrill): every drill of the game, the soonest
 *   due first
 */
GPtrArray *
catur_drills_list (CaturDrills *self,
                   const char  *game_id)
{
  g_return_val_if_fail (CATUR_IS_DRILLS (self), NULL);

  return list_drills (self, game_id, FALSE, 0);
}

/**
 * catur_drills_list_due:
 * @game_id: (nullable): a game's variant id, or %NULL for all
 * @now: the time, in seconds since the epoch (catur_drills_now())
 *
 * Returns: (transfer full) (element-type CaturDrill): the drills due by @now, the longest
 *   overdue first
 */
GPtrArray *
catur_drills_list_due (CaturDrills *self,
                       const char  *game_id,
                       gint64       now)
{
  g_return_val_if_fail (CATUR_IS_DRILLS (self), NULL);

  return list_drills (self, game_id, TRUE, now);
}

/**
 * catur_drills_record:
 * @id: the drill's id
 * @solved: whether the player solved it (at the first try, without a hint)
 * @now: the time, in seconds since the epoch
 *
 * A solved drill climbs a box and is due after that box's wait (a day, three, a week, three
 * weeks, two months); a failed one falls to the first box and is due again in ten minutes.
 *
 * Returns: %FALSE with @error set when the drill is not kept or the file could not be written
 */
gboolean
catur_drills_record (CaturDrills  *self,
                     const char   *id,
                     gboolean      solved,
                     gint64        now,
                     GError      **error)
{
  g_autoptr(GKeyFile) file = NULL;
  g_autoptr(CaturDrill) drill = NULL;
  guint box;

  g_return_val_if_fail (CATUR_IS_DRILLS (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  file = load (self);
  drill = g_key_file_has_group (file, id) ? read_drill (file, id) : NULL;
  if (drill == NULL)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND,
                   "No drill %s in %s", id, self->path);
      return FALSE;
    }
  if (solved)
    {
      box = MIN (drill->box + 1, CATUR_DRILL_BOXES - 1);
      g_key_file_set_integer (file, id, "solved", (int) drill->n_solved + 1);
      g_key_file_set_int64 (file, id, "due", now + box_wait[box]);
    }
  else
    {
      box = 0;
      g_key_file_set_integer (file, id, "failed", (int) drill->n_failed + 1);
      g_key_file_set_int64 (file, id, "due", now + FAILED_WAIT);
    }
  g_key_file_set_integer (file, id, "box", (int) box);
  return save (self, file, error);
}

/* The piece of the mover's the engine's line after the mistake wins (the most valuable not
 * paid back); kind 0 when it wins none. */
static CaturPiece
piece_lost (CaturVariant         *variant,
            const CaturPosition  *position,
            const CaturJudgement *mistake)
{
  g_autoptr(CaturPosition) board = catur_position_copy (position);
  CaturSide mover = catur_variant_side_to_move (variant, position);
  CaturPiece lost = { 0 };
  int lost_value = 0, net = 0;

  for (guint i = 0; i < mistake->line_length && i < CATUR_SEARCH_LINE_LENGTH; i++)
    {
      CaturMove move = mistake->line[i];
      CaturSide side = catur_variant_side_to_move (variant, board);
      CaturMoveEffects effects;
      CaturPiece taken = { 0 };

      if ((move.flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DECLARE))
          || !catur_variant_is_legal (variant, board, &move))
        break;
      catur_variant_move_effects (variant, board, &move, &effects);
      if (effects.captured != CATUR_SQUARE_NONE
          && catur_variant_piece_at (variant, board, effects.captured, &taken))
        {
          int value = catur_variant_get_piece_value (variant, &taken);

          net += side == mover ? value : -value;
          if (side != mover && value > lost_value)
            {
              lost = taken;
              lost_value = value;
            }
        }
      catur_variant_play (variant, board, &move);
    }
  /* A piece paid back in full is no loss to speak of. */
  if (net >= 0)
    lost.kind = 0;
  return lost;
}

/**
 * catur_drills_describe_try:
 * @position: the drill's position
 * @mistake: (nullable): the judge's verdict on the move played in the game
 * @attempt: its verdict on the move tried now
 * @solved: (out): whether the try solves the drill: it is within the "good" band and not
 *   the mistake again
 *
 * Puts the judge's verdict on a try in words. A try that solves is praised for what it
 * does better than the mistake ("Better: that keeps the Chariot."); one that does not gets
 * the judge's own sentence.
 *
 * Returns: (transfer full): the sentence, translated
 */
char *
catur_drills_describe_try (CaturVariant         *variant,
                           const CaturPosition  *position,
                           const CaturJudgement *mistake,
                           const CaturJudgement *attempt,
                           gboolean             *solved)
{
  CaturPiece lost;
  g_autofree char *name = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (position != NULL && attempt != NULL && solved != NULL, NULL);

  *solved = FALSE;
  if (mistake != NULL && mistake->move.from == attempt->move.from
      && mistake->move.to == attempt->move.to && mistake->move.flags == attempt->move.flags)
    return g_strdup (_("That is the move played in the game. Look for another."));
  if (attempt->judge_class > CATUR_JUDGE_GOOD)
    return g_strdup (attempt->sentence != NULL ? attempt->sentence
                     : _("The engine finds a better move."));

  *solved = TRUE;
  switch (mistake != NULL ? mistake->reason : CATUR_JUDGE_REASON_NONE)
    {
    case CATUR_JUDGE_REASON_ALLOWS_MATE:
      return g_strdup (_("Better: that gives no mate away."));
    case CATUR_JUDGE_REASON_MISSES_MATE:
      return g_strdup (_("Right: that goes for the mate."));
    case CATUR_JUDGE_REASON_HANGS_PIECE:
    case CATUR_JUDGE_REASON_LOSES_MATERIAL:
      lost = piece_lost (variant, position, mistake);
      if (lost.kind == 0)
        return g_strdup (_("Better: that loses no material."));
      name = catur_variant_get_piece_name (variant, &lost);
      /* Translators: a drill solved: what the better move saves, e.g.
       * "Better: that keeps the Chariot." */
      return g_strdup_printf (_("Better: that keeps the %s."), name);
    case CATUR_JUDGE_REASON_MISSES_MATERIAL:
      return g_strdup (_("Right: that wins the material the game's move let go."));
    case CATUR_JUDGE_REASON_RISK:
      return g_strdup (_("Better: that takes no needless risk."));
    case CATUR_JUDGE_REASON_DOUBLE_ATTACK:
      return g_strdup (_("Better: that leaves no two pieces to attack at once."));
    case CATUR_JUDGE_REASON_POSITIONAL:
      return g_strdup (_("Better: your position holds together after that."));
    case CATUR_JUDGE_REASON_NONE:
    default:
      return g_strdup (attempt->judge_class == CATUR_JUDGE_BEST
                       ? _("Better: that is the engine’s own choice.")
                       : _("Better: the engine rates that move as good."));
    }
}
