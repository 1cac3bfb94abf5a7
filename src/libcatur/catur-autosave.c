/* catur-autosave.c: the game in progress, kept on disk after every move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file is read back at the next start, possibly after a crash or a power cut in
 * the middle of a write, or after someone edited it: so it is written atomically
 * (g_file_set_contents() writes a temporary file and renames it over the old one), and
 * read as untrusted input, every field checked and every move played through the rules.
 * The format is in catur-autosave.h and docs/autosave.md.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <inttypes.h>  /* PRId64 in a message: xgettext cannot read G_GINT64_FORMAT */
#include <string.h>

#include "catur.h"
#include "catur-game-private.h"

#define GROUP "Autosave"

/* More plies than any game's rules allow; a longer list is not a saved game. */
#define MAX_MOVES 10000

G_DEFINE_QUARK (catur-autosave-error-quark, catur_autosave_error)

void
catur_autosave_free (CaturAutosave *self)
{
  if (self == NULL)
    return;

  g_free (self->variant_id);
  g_free (self->mode);
  g_free (self->level);
  g_free (self->side);
  g_clear_pointer (&self->options, g_variant_unref);
  g_free (self->start);
  g_strfreev (self->moves);
  g_free (self->ending);
  g_free (self->hidden);
  g_clear_pointer (&self->time_outs, g_array_unref);
  g_clear_pointer (&self->comments, g_ptr_array_unref);
  g_free (self);
}

/**
 * catur_autosave_new_from_game:
 * @game: the game being played
 *
 * What the autosave keeps of @game: its variant, rule options, start, moves (and which were
 * played on a time-out), and an ending the moves do not give (a resignation, an agreement, a
 * time-out). The caller fills in @mode, @level, @side and @review_ply, which the game does
 * not know.
 *
 * Returns: (transfer full): the autosave
 */
CaturAutosave *
catur_autosave_new_from_game (CaturGame *game)
{
  CaturVariant *variant;
  const CaturOutcome *outcome;
  CaturAutosave *self;
  GListModel *moves;
  CaturClock *clock;
  guint n;

  g_return_val_if_fail (CATUR_IS_GAME (game), NULL);

  variant = catur_game_get_variant (game);
  self = g_new0 (CaturAutosave, 1);
  self->variant_id = g_strdup (catur_variant_get_id (variant));
  self->options = g_variant_ref (catur_game_get_options (game));
  self->start = catur_variant_format (variant, catur_game_get_start_position (game));
  self->hidden = catur_variant_format_hidden (variant, catur_game_get_start_position (game));
  self->review_ply = -1;

  moves = catur_game_get_moves (game);
  n = g_list_model_get_n_items (moves);
  self->moves = g_new0 (char *, n + 1);
  self->time_outs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (moves, i);
      guint ply = i + 1;

      self->moves[i] = g_strdup (catur_game_move_get_coordinate (item));
      if (catur_game_move_get_timed_out (item))
        g_array_append_val (self->time_outs, ply);
    }
  if (self->time_outs->len == 0)
    g_clear_pointer (&self->time_outs, g_array_unref);
  for (guint ply = 0; ply <= n; ply++)
    {
      const char *comment = catur_game_get_comment (game, ply);

      if (comment == NULL)
        continue;
      if (self->comments == NULL)
        {
          self->comments = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_set_size (self->comments, (int) n + 1);
        }
      self->comments->pdata[ply] = g_strdup (comment);
    }

  clock = catur_game_get_clock (game);
  self->has_clock = catur_clock_is_timed (clock);
  for (guint side = 0; self->has_clock && side < 2; side++)
    {
      self->clock_ms[side] = catur_clock_get_main (clock, side);
      self->clock_periods[side] = catur_clock_get_periods (clock, side);
    }

  outcome = catur_game_get_outcome (game);
  if (catur_game_is_outcome_given (game))
    self->ending = catur_outcome_format_ending (variant, outcome);
  return self;
}

/**
 * catur_autosave_to_data:
 * @length: (out) (optional): the length of the text
 *
 * Returns: (transfer full): the autosave file's text
 */
char *
catur_autosave_to_data (const CaturAutosave *self,
                        gsize               *length)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *saved = g_date_time_format_iso8601 (now);
  g_autofree char *options = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (self->variant_id != NULL && self->start != NULL, NULL);

  g_key_file_set_comment (file, NULL, NULL,
                          " Catur's game in progress, written after every move.\n"
                          " The format is described in Catur's docs/autosave.md.", NULL);
  g_key_file_set_integer (file, GROUP, "Version", CATUR_AUTOSAVE_VERSION);
  g_key_file_set_string (file, GROUP, "Variant", self->variant_id);
  if (self->mode != NULL)
    g_key_file_set_string (file, GROUP, "Mode", self->mode);
  if (self->level != NULL)
    g_key_file_set_string (file, GROUP, "Level", self->level);
  if (self->side != NULL)
    g_key_file_set_string (file, GROUP, "Side", self->side);
  options = self->options != NULL ? g_variant_print (self->options, FALSE) : g_strdup ("{}");
  g_key_file_set_string (file, GROUP, "Options", options);
  g_key_file_set_string (file, GROUP, "Start", self->start);
  g_key_file_set_string_list (file, GROUP, "Moves", (const char * const *) self->moves,
                              self->moves != NULL ? g_strv_length (self->moves) : 0);
  if (self->review_ply >= 0)
    g_key_file_set_integer (file, GROUP, "Review", self->review_ply);
  if (self->ending != NULL)
    g_key_file_set_string (file, GROUP, "Ending", self->ending);
  if (self->hidden != NULL)
    g_key_file_set_string (file, GROUP, "Hidden", self->hidden);
  if (self->time_outs != NULL && self->time_outs->len > 0)
    g_key_file_set_integer_list (file, GROUP, "TimeOuts", (int *) self->time_outs->data,
                                 self->time_outs->len);
  if (self->has_clock)
    {
      /* Seconds with their thousandths: a player's time, the periods after it. */
      g_autofree char *clock = g_strdup_printf ("%" G_GINT64_FORMAT ".%03d/%u %" G_GINT64_FORMAT
                                                ".%03d/%u",
                                                self->clock_ms[0] / 1000,
                                                (int) (self->clock_ms[0] % 1000),
                                                self->clock_periods[0], self->clock_ms[1] / 1000,
                                                (int) (self->clock_ms[1] % 1000),
                                                self->clock_periods[1]);

      g_key_file_set_string (file, GROUP, "Clock", clock);
    }
  /* One key for each comment, named after its ply; GKeyFile escapes its line ends. */
  for (guint ply = 0; self->comments != NULL && ply < self->comments->len; ply++)
    if (self->comments->pdata[ply] != NULL)
      {
        g_autofree char *key = g_strdup_printf ("Comment-%u", ply);

        g_key_file_set_string (file, GROUP, key, self->comments->pdata[ply]);
      }
  g_key_file_set_string (file, GROUP, "Saved", saved);
  return g_key_file_to_data (file, length, NULL);
}

/* The Clock key: "598.250/1 600.000/1", each side's seconds left (with their thousandths)
 * and byoyomi periods. */
static gboolean
parse_clock (const char    *text,
             CaturAutosave *self)
{
  g_auto(GStrv) sides = g_strsplit (text, " ", -1);

  if (g_strv_length (sides) != 2)
    return FALSE;
  for (guint side = 0; side < 2; side++)
    {
      guint64 seconds, thousandths, periods;
      g_auto(GStrv) parts = g_strsplit_set (sides[side], "./", -1);

      if (g_strv_length (parts) != 3 || strlen (parts[1]) != 3
          || !g_ascii_string_to_unsigned (parts[0], 10, 0, 360000, &seconds, NULL)
          || !g_ascii_string_to_unsigned (parts[1], 10, 0, 999, &thousandths, NULL)
          || !g_ascii_string_to_unsigned (parts[2], 10, 0, 100, &periods, NULL))
        return FALSE;
      self->clock_ms[side] = (gint64) (seconds * 1000 + thousandths);
      self->clock_periods[side] = (guint) periods;
    }
  self->has_clock = TRUE;
  return TRUE;
}

static gboolean G_GNUC_PRINTF (3, 4)
corrupt (GError     **error,
         GError      *cause,
         const char  *format,
         ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (cause != NULL)
    g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_CORRUPT, "%s: %s",
                 message, cause->message);
  else
    g_set_error_literal (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_CORRUPT, message);
  return FALSE;
}

/* An optional string key: absent is fine, present must read. */
static gboolean
get_optional (GKeyFile    *file,
              const char  *key,
              char       **out,
              GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!g_key_file_has_key (file, GROUP, key, NULL))
    return TRUE;
  *out = g_key_file_get_string (file, GROUP, key, &local_error);
  if (*out == NULL)
    return corrupt (error, local_error, _("The key “%s” cannot be read"), key);
  return TRUE;
}

static gboolean
get_required (GKeyFile    *file,
              const char  *key,
              char       **out,
              GError     **error)
{
  if (!g_key_file_has_key (file, GROUP, key, NULL))
    return corrupt (error, NULL, _("The key “%s” is missing"), key);
  return get_optional (file, key, out, error);
}

/* Ids are written by programs: plain lower-case words, which are also safe in file names. */
static gboolean
is_id (const char *text)
{
  if (text == NULL || *text == '\0' || strlen (text) > 64)
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '-' && *c != '_')
      return FALSE;
  return TRUE;
}

/**
 * catur_autosave_parse:
 * @data: the file's bytes, which may be anything
 * @length: how many
 *
 * Reads an autosave file. It checks the form of every field, not whether its game can
 * be played back: catur_autosave_restore() does that.
 *
 * Returns: (transfer full) (nullable): the autosave, or %NULL with @error set
 */
CaturAutosave *
catur_autosave_parse (const char  *data,
                      gsize        length,
                      GError     **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(CaturAutosave) self = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *options = NULL;
  g_autofree char *review = NULL;
  gint64 version;
  gsize n_moves = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > CATUR_AUTOSAVE_MAX_SIZE)
    {
      corrupt (error, NULL, _("The file is too large to be a saved game"));
      return NULL;
    }
  if (length == 0 || memchr (data, '\0', length) != NULL)
    {
      corrupt (error, NULL, _("The file is empty or holds binary data"));
      return NULL;
    }
  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, &local_error))
    {
      corrupt (error, local_error, _("The file is not a saved game"));
      return NULL;
    }
  if (!g_key_file_has_group (file, GROUP))
    {
      corrupt (error, NULL, _("The file has no [%s] group"), GROUP);
      return NULL;
    }

  version = g_key_file_get_int64 (file, GROUP, "Version", &local_error);
  if (local_error != NULL || version < 1)
    {
      corrupt (error, local_error, _("The file has no valid version"));
      return NULL;
    }
  if (version > CATUR_AUTOSAVE_VERSION)
    {
      g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_VERSION,
                   /* Translators: the number is the version of the file format. */
                   _("The game was saved by a newer Catur (format %" PRId64 ")"),
                   (int64_t) version);
      return NULL;
    }

  self = g_new0 (CaturAutosave, 1);
  self->review_ply = -1;
  if (!get_required (file, "Variant", &self->variant_id, error)
      || !get_required (file, "Start", &self->start, error)
      || !get_optional (file, "Mode", &self->mode, error)
      || !get_optional (file, "Level", &self->level, error)
      || !get_optional (file, "Side", &self->side, error)
      || !get_optional (file, "Ending", &self->ending, error)
      || !get_optional (file, "Hidden", &self->hidden, error)
      || !get_optional (file, "Options", &options, error)
      || !get_optional (file, "Review", &review, error))
    return NULL;

  if (!is_id (self->variant_id))
    {
      corrupt (error, NULL, _("The game’s id is not valid"));
      return NULL;
    }
  if ((self->mode != NULL && !is_id (self->mode)) || (self->level != NULL && !is_id (self->level)))
    {
      corrupt (error, NULL, _("The mode or level is not valid"));
      return NULL;
    }
  if (self->side != NULL && !is_id (self->side))
    {
      corrupt (error, NULL, _("The player’s side is not valid"));
      return NULL;
    }

  if (options != NULL)
    {
      self->options = g_variant_parse (G_VARIANT_TYPE_VARDICT, options, NULL, NULL, &local_error);
      if (self->options == NULL)
        {
          corrupt (error, local_error, _("The new-game options cannot be read"));
          return NULL;
        }
    }
  else
    self->options = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));

  if (g_key_file_has_key (file, GROUP, "Moves", NULL))
    {
      self->moves = g_key_file_get_string_list (file, GROUP, "Moves", &n_moves, &local_error);
      if (self->moves == NULL && local_error != NULL)
        {
          corrupt (error, local_error, _("The moves cannot be read"));
          return NULL;
        }
    }
  if (self->moves == NULL)
    self->moves = g_new0 (char *, 1);
  if (n_moves > MAX_MOVES)
    {
      corrupt (error, NULL, _("The game has more moves than any game can"));
      return NULL;
    }

  if (g_key_file_has_key (file, GROUP, "Clock", NULL))
    {
      g_autofree char *clock = g_key_file_get_string (file, GROUP, "Clock", NULL);

      if (clock == NULL || !parse_clock (clock, self))
        {
          corrupt (error, NULL, _("The clocks cannot be read"));
          return NULL;
        }
    }

  if (g_key_file_has_key (file, GROUP, "TimeOuts", NULL))
    {
      g_autofree int *plies = NULL;
      gsize n_plies = 0;

      plies = g_key_file_get_integer_list (file, GROUP, "TimeOuts", &n_plies, &local_error);
      if (plies == NULL && local_error != NULL)
        {
          corrupt (error, local_error, _("The moves played on a time-out cannot be read"));
          return NULL;
        }
      self->time_outs = g_array_new (FALSE, FALSE, sizeof (guint));
      for (gsize i = 0; i < n_plies; i++)
        {
          guint ply = (guint) plies[i];

          if (plies[i] < 1 || ply > n_moves)
            {
              corrupt (error, NULL, _("The moves played on a time-out cannot be read"));
              return NULL;
            }
          g_array_append_val (self->time_outs, ply);
        }
    }

  if (review != NULL)
    {
      guint64 ply;

      if (!g_ascii_string_to_unsigned (review, 10, 0, n_moves, &ply, &local_error))
        {
          corrupt (error, local_error, _("The reviewed move is not valid"));
          return NULL;
        }
      self->review_ply = (int) ply;
    }

  /* Comments, which an older Catur did not write. */
  {
    g_auto(GStrv) keys = g_key_file_get_keys (file, GROUP, NULL, NULL);

    for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
      {
        guint64 ply;
        char *comment;

        if (!g_str_has_prefix (keys[i], "Comment-"))
          continue;
        if (!g_ascii_string_to_unsigned (keys[i] + strlen ("Comment-"), 10, 0, n_moves, &ply,
                                         NULL))
          {
            corrupt (error, NULL, _("A comment belongs to no move of the game"));
            return NULL;
          }
        comment = g_key_file_get_string (file, GROUP, keys[i], &local_error);
        if (comment == NULL)
          {
            corrupt (error, local_error, _("A comment cannot be read"));
            return NULL;
          }
        if (self->comments == NULL)
          {
            self->comments = g_ptr_array_new_with_free_func (g_free);
            g_ptr_array_set_size (self->comments, (int) n_moves + 1);
          }
        g_free (self->comments->pdata[ply]);
        self->comments->pdata[ply] = comment;
      }
  }

  return g_steal_pointer (&self);
}

/**
 * catur_autosave_restore:
 *
 * Plays the saved game back through the rules of its variant, which must be loaded.
 *
 * Returns: (transfer full) (nullable): the game where it was left, or %NULL with @error
 *   set (%CATUR_AUTOSAVE_ERROR_INVALID)
 */
CaturGame *
catur_autosave_restore (const CaturAutosave  *self,
                        GError              **error)
{
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GError) local_error = NULL;
  CaturPosition *start;
  CaturVariant *variant;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  variant = catur_plugins_find_variant (self->variant_id);
  if (variant == NULL)
    {
      g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_INVALID,
                   _("The game “%s” is not installed"), self->variant_id);
      return NULL;
    }

  start = catur_variant_parse (variant, self->start, &local_error);
  if (start == NULL)
    {
      g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_INVALID,
                   _("The start position cannot be read: %s"), local_error->message);
      return NULL;
    }
  if (self->hidden != NULL
      && !catur_variant_restore_hidden (variant, start, self->hidden, &local_error))
    {
      catur_position_free (start);
      g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_INVALID,
                   _("The hidden pieces cannot be read: %s"), local_error->message);
      return NULL;
    }

  game = catur_game_new (variant, start);
  catur_game_set_options (game, self->options);
  for (guint i = 0; self->moves != NULL && self->moves[i] != NULL; i++)
    {
      g_autoptr(CaturGameMove) item = NULL;

      if (!catur_game_play_text (game, self->moves[i], &local_error))
        {
          g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_INVALID,
                       _("Move %u of the saved game cannot be played: %s"), i + 1,
                       local_error->message);
          return NULL;
        }
      item = g_list_model_get_item (catur_game_get_moves (game), i);
      for (guint t = 0; self->time_outs != NULL && t < self->time_outs->len; t++)
        if (g_array_index (self->time_outs, guint, t) == i + 1)
          catur_game_move_set_timed_out (item, TRUE);
    }

  for (guint ply = 0; self->comments != NULL && ply < self->comments->len; ply++)
    if (self->comments->pdata[ply] != NULL && ply <= catur_game_get_n_plies (game))
      catur_game_set_comment (game, ply, self->comments->pdata[ply]);

  /* The players go on with the time they had, not with the whole control again. */
  for (guint side = 0; self->has_clock && side < 2; side++)
    catur_clock_set_state (catur_game_get_clock (game), side, self->clock_ms[side],
                           self->clock_periods[side]);

  /* An ending the moves gave already needs nothing more. */
  if (self->ending != NULL && !catur_game_is_over (game))
    {
      CaturOutcome outcome;

      if (!catur_outcome_parse_ending (variant, self->ending, &outcome, NULL))
        {
          g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_INVALID,
                       _("The ending “%s” is not one Catur knows"), self->ending);
          return NULL;
        }
      catur_game_end (game, &outcome);
    }
  return g_steal_pointer (&game);
}

/**
 * catur_autosave_get_path:
 * @variant_id: a variant id
 *
 * Returns: (transfer full): `$XDG_DATA_HOME/catur/autosave-<id>.ini`
 */
char *
catur_autosave_get_path (const char *variant_id)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (is_id (variant_id), NULL);

  name = g_strdup_printf ("autosave-%s.ini", variant_id);
  return g_build_filename (g_get_user_data_dir (), "catur", name, NULL);
}

/* Writes the file atomically: a crash leaves the old file or the new one, never half. */
gboolean
catur_autosave_save (const CaturAutosave  *self,
                     GError              **error)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (is_id (self->variant_id), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = catur_autosave_get_path (self->variant_id);
  folder = g_path_get_dirname (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not create the folder %s: %s"), folder, g_strerror (saved_errno));
      return FALSE;
    }
  data = catur_autosave_to_data (self, &length);
  return g_file_set_contents_full (path, data, length,
                                   G_FILE_SET_CONTENTS_CONSISTENT
                                   | G_FILE_SET_CONTENTS_ONLY_EXISTING,
                                   0600, error);
}

/**
 * catur_autosave_load:
 * @variant_id: a variant id
 *
 * Reads the autosave of the game @variant_id.
 *
 * Returns: (transfer full) (nullable): the autosave; %NULL without an error when there is
 *   none, %NULL with @error set when it cannot be read
 */
CaturAutosave *
catur_autosave_load (const char  *variant_id,
                     GError     **error)
{
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(CaturAutosave) self = NULL;
  gsize length;

  g_return_val_if_fail (is_id (variant_id), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = catur_autosave_get_path (variant_id);
  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return NULL;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  self = catur_autosave_parse (data, length, error);
  if (self == NULL)
    return NULL;
  if (!g_str_equal (self->variant_id, variant_id))
    {
      g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_INVALID,
                   _("The file holds a game of “%s”, not of “%s”"), self->variant_id, variant_id);
      return NULL;
    }
  return g_steal_pointer (&self);
}

/**
 * catur_autosave_move_aside:
 * @variant_id: a variant id
 *
 * Renames an autosave that could not be read to `autosave-<id>.ini.<timestamp>.bad`, so
 * that a new game can be saved in its place while the old file is kept (never deleted)
 * for the player or a bug report.
 *
 * Returns: (transfer full) (nullable): the file's new path, or %NULL with @error set
 */
char *
catur_autosave_move_aside (const char  *variant_id,
                           GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  g_return_val_if_fail (is_id (variant_id), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = catur_autosave_get_path (variant_id);
  for (guint attempt = 1; attempt < 1000; attempt++)
    {
      g_autofree char *aside = attempt == 1
        ? g_strdup_printf ("%s.%s.bad", path, stamp)
        : g_strdup_printf ("%s.%s-%u.bad", path, stamp, attempt);

      /* Never over a file kept before: two bad files in one second get numbers. */
      if (g_file_test (aside, G_FILE_TEST_EXISTS))
        continue;
      if (g_rename (path, aside) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("Could not rename %s: %s"), path, g_strerror (saved_errno));
          return NULL;
        }
      return g_steal_pointer (&aside);
    }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
               _("Could not find a free name to keep %s"), path);
  return NULL;
}
