/* catur-adjourned.c: network games kept to be resumed later
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A network game has an entry in $XDG_DATA_HOME/catur/network-games/ from its first move
 * until it ends for good: `<date>-<game>.resume`, the game as its autosave keeps it (the
 * [Autosave] group, docs/autosave.md) and a [Network] group with what the friend's program
 * must find again (docs/network.md, "Resuming a game later"), and for a game with face-down
 * pieces this side's deal beside it, `….resume.deal`. Both are readable by the player alone:
 * the deal holds this side's keys. While the game is played the entry follows it after every
 * move, so a program killed or quit keeps it; it is then "adjourned" (State=adjourned) when the
 * player adjourns it, or when Catur starts again and finds it interrupted.
 */
#define G_LOG_DOMAIN "catur-adjourned"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "catur-adjourned.h"

#define FOLDER "network-games"
#define EXTENSION ".resume"
#define GROUP "Network"

void
catur_adjourned_free (CaturAdjourned *self)
{
  if (self == NULL)
    return;
  g_free (self->path);
  g_free (self->variant_id);
  g_free (self->name);
  g_free (self->friend_name);
  g_clear_pointer (&self->saved, g_date_time_unref);
  g_free (self);
}

/**
 * catur_adjourned_folder:
 *
 * Returns: (transfer full): the folder of the network games kept
 */
char *
catur_adjourned_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "catur", FOLDER, NULL);
}

/**
 * catur_adjourned_new_path:
 * @variant_id: the game's id
 *
 * Returns: (transfer full): a new entry's file name, dated now and not taken yet
 */
char *
catur_adjourned_new_path (const char *variant_id)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *folder = catur_adjourned_folder ();

  for (guint n = 1;; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup_printf ("%s-%s%s", stamp, variant_id, EXTENSION)
                                     : g_strdup_printf ("%s-%s-%u%s", stamp, variant_id, n,
                                                        EXTENSION);
      char *path = g_build_filename (folder, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
}

/**
 * catur_adjourned_deal_path:
 * @path: an entry's file
 *
 * Returns: (transfer full): where the deal of its face-down pieces is kept
 */
char *
catur_adjourned_deal_path (const char *path)
{
  return g_strconcat (path, ".deal", NULL);
}

static const char *
seat_id (CaturSide seat)
{
  return seat == CATUR_SIDE_SECOND ? "second" : "first";
}

/**
 * catur_adjourned_save:
 * @path: the entry's file
 * @game: the game
 * @host: whether this side hosts it
 * @adjourned: whether it is adjourned (else being played)
 * @seat: this side's seat
 * @name: this player's name
 * @friend_name: the friend's name
 * @error: a #GError
 *
 * Writes the entry whole and renames it into place, mode 0600.
 *
 * Returns: whether it was written
 */
gboolean
catur_adjourned_save (const char  *path,
                      CaturGame   *game,
                      gboolean     host,
                      gboolean     adjourned,
                      CaturSide    seat,
                      const char  *name,
                      const char  *friend_name,
                      GError     **error)
{
  g_autoptr(CaturAutosave) autosave = catur_autosave_new_from_game (game);
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *when = g_date_time_format_iso8601 (now);
  g_autofree char *game_text = NULL;
  g_autofree char *text = NULL;
  g_autofree char *folder = g_path_get_dirname (path);
  gsize length;

  autosave->mode = g_strdup ("network");
  game_text = catur_autosave_to_data (autosave, &length);
  if (!g_key_file_load_from_data (file, game_text, length, G_KEY_FILE_NONE, error))
    return FALSE;
  g_key_file_set_string (file, GROUP, "Role", host ? "host" : "guest");
  g_key_file_set_string (file, GROUP, "State", adjourned ? "adjourned" : "playing");
  g_key_file_set_string (file, GROUP, "Seat", seat_id (seat));
  g_key_file_set_string (file, GROUP, "Name", name != NULL ? name : "");
  g_key_file_set_string (file, GROUP, "Friend", friend_name != NULL ? friend_name : "");
  g_key_file_set_string (file, GROUP, "Saved", when);
  text = g_key_file_to_data (file, &length, NULL);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), "%s: %s", folder,
                   g_strerror (saved_errno));
      return FALSE;
    }
  return g_file_set_contents_full (path, text, (gssize) length, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0600, error);
}

static GKeyFile *
read_file (const char  *path,
           char       **data,
           gsize       *length,
           GError     **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();

  if (!g_file_get_contents (path, data, length, error))
    return NULL;
  if (*length > CATUR_AUTOSAVE_MAX_SIZE
      || !g_key_file_load_from_data (file, *data, *length, G_KEY_FILE_NONE, error)
      || !g_key_file_has_group (file, GROUP))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_CORRUPT,
                     "%s is not a network game kept by Catur", path);
      g_clear_pointer (data, g_free);
      return NULL;
    }
  return g_steal_pointer (&file);
}

/**
 * catur_adjourned_set_adjourned:
 * @path: an entry's file
 * @error: a #GError
 *
 * Marks the entry as adjourned: a game no longer played, offered to be resumed.
 *
 * Returns: whether it was written
 */
gboolean
catur_adjourned_set_adjourned (const char  *path,
                               GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GKeyFile) file = NULL;
  gsize length;

  file = read_file (path, &data, &length, error);
  if (file == NULL)
    return FALSE;
  g_key_file_set_string (file, GROUP, "State", "adjourned");
  text = g_key_file_to_data (file, &length, NULL);
  return g_file_set_contents_full (path, text, (gssize) length, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0600, error);
}

/**
 * catur_adjourned_load:
 * @path: an entry's file
 * @error: a #GError
 *
 * Returns: (transfer full) (nullable): what the entry says, or %NULL when it does not read
 */
CaturAdjourned *
catur_adjourned_load (const char  *path,
                      GError     **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GKeyFile) file = NULL;
  g_autoptr(CaturAutosave) autosave = NULL;
  g_autoptr(CaturAdjourned) self = NULL;
  g_autofree char *role = NULL;
  g_autofree char *state = NULL;
  g_autofree char *seat = NULL;
  g_autofree char *saved = NULL;
  gsize length;

  file = read_file (path, &data, &length, error);
  if (file == NULL)
    return NULL;
  autosave = catur_autosave_parse (data, length, error);
  if (autosave == NULL)
    return NULL;
  role = g_key_file_get_string (file, GROUP, "Role", NULL);
  state = g_key_file_get_string (file, GROUP, "State", NULL);
  seat = g_key_file_get_string (file, GROUP, "Seat", NULL);
  saved = g_key_file_get_string (file, GROUP, "Saved", NULL);
  if (role == NULL || seat == NULL
      || (!g_str_equal (role, "host") && !g_str_equal (role, "guest"))
      || (!g_str_equal (seat, "first") && !g_str_equal (seat, "second")))
    {
      g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_CORRUPT,
                   "%s does not say which side this player had", path);
      return NULL;
    }
  self = g_new0 (CaturAdjourned, 1);
  self->path = g_strdup (path);
  self->variant_id = g_strdup (autosave->variant_id);
  self->host = g_str_equal (role, "host");
  self->adjourned = g_strcmp0 (state, "adjourned") == 0;
  self->seat = g_str_equal (seat, "second") ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
  self->name = g_key_file_get_string (file, GROUP, "Name", NULL);
  self->friend_name = g_key_file_get_string (file, GROUP, "Friend", NULL);
  if (self->name == NULL)
    self->name = g_strdup ("");
  if (self->friend_name == NULL)
    self->friend_name = g_strdup ("");
  self->n_plies = autosave->moves != NULL ? g_strv_length (autosave->moves) : 0;
  self->saved = saved != NULL ? g_date_time_new_from_iso8601 (saved, NULL) : NULL;
  if (self->saved == NULL)
    self->saved = g_date_time_new_now_local ();
  return g_steal_pointer (&self);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  const CaturAdjourned *first = *(CaturAdjourned * const *) a;
  const CaturAdjourned *second = *(CaturAdjourned * const *) b;

  return -g_date_time_compare (first->saved, second->saved);
}

/**
 * catur_adjourned_list:
 * @variant_id: (nullable): a game's id, or %NULL for every game
 * @adjourned_only: leave out the games being played
 *
 * An entry that does not read is left out (and logged), never removed.
 *
 * Returns: (transfer full) (element-type CaturAdjourned): the entries, the newest first
 */
GPtrArray *
catur_adjourned_list (const char *variant_id,
                      gboolean    adjourned_only)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_adjourned_free);
  g_autofree char *folder = catur_adjourned_folder ();
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return list;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      CaturAdjourned *entry;

      if (!g_str_has_suffix (name, EXTENSION))
        continue;
      path = g_build_filename (folder, name, NULL);
      entry = catur_adjourned_load (path, &error);
      if (entry == NULL)
        {
          g_message ("The network game %s could not be read: %s", path, error->message);
          continue;
        }
      if ((variant_id != NULL && g_strcmp0 (entry->variant_id, variant_id) != 0)
          || (adjourned_only && !entry->adjourned))
        catur_adjourned_free (entry);
      else
        g_ptr_array_add (list, entry);
    }
  g_ptr_array_sort (list, newest_first);
  return list;
}

/**
 * catur_adjourned_restore_game:
 * @self: an entry
 * @error: a #GError
 *
 * Returns: (transfer full) (nullable): the game as it was kept
 */
CaturGame *
catur_adjourned_restore_game (const CaturAdjourned  *self,
                              GError               **error)
{
  g_autofree char *data = NULL;
  g_autoptr(CaturAutosave) autosave = NULL;
  gsize length;

  if (!g_file_get_contents (self->path, &data, &length, error))
    return NULL;
  autosave = catur_autosave_parse (data, length, error);
  if (autosave == NULL)
    return NULL;
  autosave->review_ply = -1;
  if (autosave->hidden != NULL)
    {
      CaturVariant *variant = catur_plugins_find_variant (autosave->variant_id);
      g_autoptr(CaturGame) game = NULL;

      /* Face-down pieces over the network are known to neither program at the start: the game
       * is made as the network makes it, and its flips carry the pieces they turned up. */
      if (variant == NULL)
        {
          g_set_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_INVALID,
                       "No plugin plays %s", autosave->variant_id);
          return NULL;
        }
      game = catur_net_play_new_game (variant, autosave->options);
      for (guint i = 0; autosave->moves != NULL && autosave->moves[i] != NULL; i++)
        if (!catur_game_play_text (game, autosave->moves[i], error))
          return NULL;
      return g_steal_pointer (&game);
    }
  return catur_autosave_restore (autosave, error);
}

/**
 * catur_adjourned_load_deal:
 * @self: an entry
 *
 * Returns: (transfer full) (nullable): the deal kept beside the entry, if any
 */
GBytes *
catur_adjourned_load_deal (const CaturAdjourned *self)
{
  g_autofree char *path = catur_adjourned_deal_path (self->path);
  g_autofree char *data = NULL;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, NULL))
    return NULL;
  return g_bytes_new_take (g_steal_pointer (&data), length);
}

/**
 * catur_adjourned_remove:
 * @path: an entry's file
 *
 * Removes the entry and its deal: the game ended for good.
 */
void
catur_adjourned_remove (const char *path)
{
  g_autofree char *deal = catur_adjourned_deal_path (path);

  g_remove (path);
  g_remove (deal);
}
