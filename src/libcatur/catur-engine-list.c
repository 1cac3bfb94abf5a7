/* catur-engine-list.c: the engines of other programs a player has set up, and those known
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The player's list is kept as a GVariant (an `aa{sv}`, one dictionary an engine), so that the
 * shell keeps it in its settings like any other choice. The programs Debian and others ship
 * are in one small table: found on the search path, they are offered as they are, with the
 * protocol and games the table gives. Any other program is tried: each protocol's greeting in
 * turn, and then a short search in each game, whose answer must be a legal move (Stockfish
 * greets in UCI whatever the game, but answers a Xiangqi position with nonsense).
 */
#define G_LOG_DOMAIN "catur-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

/* How long a program being tried may take to greet: an engine answers at once. */
#define DETECT_TIMEOUT_MS 4000
/* The short search that shows which games it plays. */
#define DETECT_MOVETIME_MS 150

/* The programs known by name: what they speak and play. Debian 12's gnushogi speaks only
 * CECP version 1, which has no `variant`: it is not offered. */
static const struct
{
  const char *program;
  const char *name;
  const char *argument;
  CaturEngineProtocol protocol;
  const char *games[4];
} known_programs[] = {
  { "stockfish", "Stockfish", NULL, CATUR_ENGINE_PROTOCOL_UCI, { "chess", NULL } },
  { "fairy-stockfish", "Fairy-Stockfish", NULL, CATUR_ENGINE_PROTOCOL_UCI,
    { "xiangqi", "chess", "shogi", NULL } },
  { "pikafish", "Pikafish", NULL, CATUR_ENGINE_PROTOCOL_UCI, { "xiangqi", NULL } },
  { "gnuchess", "GNU Chess", "--xboard", CATUR_ENGINE_PROTOCOL_CECP, { "chess", NULL } },
  { "hoichess", "HoiChess", NULL, CATUR_ENGINE_PROTOCOL_CECP, { "chess", NULL } },
  { "hoixiangqi", "HoiXiangqi", NULL, CATUR_ENGINE_PROTOCOL_CECP, { "xiangqi", NULL } },
  { "gpsusi", "GPSShogi", NULL, CATUR_ENGINE_PROTOCOL_USI, { "shogi", NULL } },
  { "YaneuraOu", "YaneuraOu", NULL, CATUR_ENGINE_PROTOCOL_USI, { "shogi", NULL } },
};

G_DEFINE_BOXED_TYPE (CaturEngineEntry, catur_engine_entry, catur_engine_entry_copy,
                     catur_engine_entry_free)

/**
 * catur_engine_entry_new:
 * @id: the entry's id
 * @name: the engine's name
 * @argv: its command line
 * @protocol: its protocol
 * @games: the games it plays
 *
 * Returns: (transfer full): an entry whose options all keep their defaults
 */
CaturEngineEntry *
catur_engine_entry_new (const char         *id,
                        const char         *name,
                        const char * const *argv,
                        CaturEngineProtocol protocol,
                        const char * const *games)
{
  CaturEngineEntry *entry;

  g_return_val_if_fail (id != NULL && name != NULL, NULL);
  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  entry = g_new0 (CaturEngineEntry, 1);
  entry->id = g_strdup (id);
  entry->name = g_strdup (name);
  entry->argv = g_strdupv ((char **) argv);
  entry->protocol = protocol;
  entry->games = games != NULL ? g_strdupv ((char **) games) : g_new0 (char *, 1);
  entry->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return entry;
}

CaturEngineEntry *
catur_engine_entry_copy (const CaturEngineEntry *entry)
{
  CaturEngineEntry *copy;
  GHashTableIter iter;
  gpointer name, value;

  g_return_val_if_fail (entry != NULL, NULL);

  copy = catur_engine_entry_new (entry->id, entry->name, (const char * const *) entry->argv,
                                 entry->protocol, (const char * const *) entry->games);
  g_hash_table_iter_init (&iter, entry->options);
  while (g_hash_table_iter_next (&iter, &name, &value))
    g_hash_table_insert (copy->options, g_strdup (name), g_strdup (value));
  return copy;
}

void
catur_engine_entry_free (CaturEngineEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->id);
  g_free (entry->name);
  g_strfreev (entry->argv);
  g_strfreev (entry->games);
  g_hash_table_unref (entry->options);
  g_free (entry);
}

static int
compare_names (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* Returns: (transfer floating): the entry as an `a{sv}`: id, name, argv, protocol, games,
 *   options (`a{ss}`) */
GVariant *
catur_engine_entry_to_variant (const CaturEngineEntry *entry)
{
  GVariantBuilder dict, options;
  g_autofree gpointer *names = NULL;
  guint n_names;

  g_return_val_if_fail (entry != NULL, NULL);

  g_variant_builder_init (&options, G_VARIANT_TYPE ("a{ss}"));
  /* Sorted: the same entry is always the same value, and the settings see no change. */
  names = g_hash_table_get_keys_as_array (entry->options, &n_names);
  g_qsort_with_data (names, (gint) n_names, sizeof (gpointer), compare_names, NULL);
  for (guint i = 0; i < n_names; i++)
    g_variant_builder_add (&options, "{ss}", names[i],
                           g_hash_table_lookup (entry->options, names[i]));

  g_variant_builder_init (&dict, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&dict, "{sv}", "id", g_variant_new_string (entry->id));
  g_variant_builder_add (&dict, "{sv}", "name", g_variant_new_string (entry->name));
  g_variant_builder_add (&dict, "{sv}", "argv", g_variant_new_strv (
    (const char * const *) entry->argv, -1));
  g_variant_builder_add (&dict, "{sv}", "protocol", g_variant_new_string (
    catur_engine_protocol_to_id (entry->protocol)));
  g_variant_builder_add (&dict, "{sv}", "games", g_variant_new_strv (
    (const char * const *) entry->games, -1));
  g_variant_builder_add (&dict, "{sv}", "options", g_variant_builder_end (&options));
  return g_variant_builder_end (&dict);
}

/* Returns: (transfer full) (nullable): the entry @dict describes, %NULL when it lacks what an
 *   entry needs (a setting edited by hand) */
CaturEngineEntry *
catur_engine_entry_from_variant (GVariant *dict)
{
  g_autoptr(GVariantDict) fields = NULL;
  const char *id = NULL, *name = NULL, *protocol_id = NULL;
  g_autofree const char **argv = NULL;
  g_autofree const char **games = NULL;
  g_autoptr(GVariant) options = NULL;
  CaturEngineProtocol protocol;
  CaturEngineEntry *entry;

  g_return_val_if_fail (dict != NULL, NULL);

  if (!g_variant_is_of_type (dict, G_VARIANT_TYPE_VARDICT))
    return NULL;
  fields = g_variant_dict_new (dict);
  if (!g_variant_dict_lookup (fields, "id", "&s", &id)
      || !g_variant_dict_lookup (fields, "name", "&s", &name)
      || !g_variant_dict_lookup (fields, "argv", "^a&s", &argv)
      || !g_variant_dict_lookup (fields, "protocol", "&s", &protocol_id)
      || !catur_engine_protocol_from_id (protocol_id, &protocol)
      || argv[0] == NULL)
    return NULL;
  g_variant_dict_lookup (fields, "games", "^a&s", &games);
  entry = catur_engine_entry_new (id, name, argv, protocol, games);
  options = g_variant_dict_lookup_value (fields, "options", G_VARIANT_TYPE ("a{ss}"));
  if (options != NULL)
    {
      GVariantIter iter;
      const char *option, *value;

      g_variant_iter_init (&iter, options);
      while (g_variant_iter_next (&iter, "{&s&s}", &option, &value))
        g_hash_table_insert (entry->options, g_strdup (option), g_strdup (value));
    }
  return entry;
}

/* Returns: whether the engine plays @game */
gboolean
catur_engine_entry_plays (const CaturEngineEntry *entry,
                          const char             *game)
{
  g_return_val_if_fail (entry != NULL && game != NULL, FALSE);

  return g_strv_contains ((const char * const *) entry->games, game);
}

/* Returns: (transfer full): a client of the engine, not started yet */
CaturEngineClient *
catur_engine_entry_new_client (const CaturEngineEntry *entry)
{
  g_return_val_if_fail (entry != NULL, NULL);

  return catur_engine_client_new ((const char * const *) entry->argv, entry->protocol);
}

/**
 * catur_engine_entry_apply_options:
 * @entry: an entry
 * @client: a started client of its engine
 *
 * Gives the engine the values the player chose. A value the engine no longer takes (a newer
 * version dropped the option, or narrowed its range) is left out: the engine keeps its own.
 * An Elo asked for turns the engine's strength limit on, which UCI engines need to heed it.
 */
void
catur_engine_entry_apply_options (const CaturEngineEntry *entry,
                                  CaturEngineClient      *client)
{
  GHashTableIter iter;
  gpointer name, value;

  g_return_if_fail (entry != NULL);
  g_return_if_fail (CATUR_IS_ENGINE_CLIENT (client));

  g_hash_table_iter_init (&iter, entry->options);
  while (g_hash_table_iter_next (&iter, &name, &value))
    {
      g_autoptr(GError) error = NULL;

      if (g_str_equal (name, "UCI_Elo")
          && !g_hash_table_contains (entry->options, "UCI_LimitStrength"))
        catur_engine_client_set_option (client, "UCI_LimitStrength", "true", NULL);
      if (!catur_engine_client_set_option (client, name, value, &error))
        g_debug ("%s: %s", entry->name, error->message);
    }
}

/**
 * catur_engine_list_from_variant:
 * @list: an `aa{sv}`
 *
 * Returns: (transfer container) (element-type CaturEngineEntry): the entries of @list that
 *   are whole
 */
GPtrArray *
catur_engine_list_from_variant (GVariant *list)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_engine_entry_free);
  GVariantIter iter;
  GVariant *dict;

  g_return_val_if_fail (list != NULL, entries);

  g_variant_iter_init (&iter, list);
  while ((dict = g_variant_iter_next_value (&iter)) != NULL)
    {
      CaturEngineEntry *entry = catur_engine_entry_from_variant (dict);

      if (entry != NULL && catur_engine_list_find (entries, entry->id) == NULL)
        g_ptr_array_add (entries, entry);
      else
        catur_engine_entry_free (entry);
      g_variant_unref (dict);
    }
  return entries;
}

/* Returns: (transfer floating): @entries as an `aa{sv}` */
GVariant *
catur_engine_list_to_variant (GPtrArray *entries)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    g_variant_builder_add_value (&builder,
                                 catur_engine_entry_to_variant (g_ptr_array_index (entries, i)));
  return g_variant_builder_end (&builder);
}

/* Returns: (transfer none) (nullable): the entry of @entries with @id */
CaturEngineEntry *
catur_engine_list_find (GPtrArray  *entries,
                        const char *id)
{
  g_return_val_if_fail (entries != NULL, NULL);

  for (guint i = 0; id != NULL && i < entries->len; i++)
    {
      CaturEngineEntry *entry = g_ptr_array_index (entries, i);

      if (g_str_equal (entry->id, id))
        return entry;
    }
  return NULL;
}

/* Returns: (transfer full): an id no entry of @entries has, made from @program's file name */
char *
catur_engine_list_new_id (GPtrArray  *entries,
                          const char *program)
{
  g_autofree char *base = g_path_get_basename (program);

  if (catur_engine_list_find (entries, base) == NULL)
    return g_steal_pointer (&base);
  for (guint n = 2;; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s-%u", base, n);

      if (catur_engine_list_find (entries, id) == NULL)
        return g_steal_pointer (&id);
    }
}

/* Returns: whether another program's engine can play @game in some protocol: the dialect
 *   table has a row for it */
gboolean
catur_engine_game_has_engines (const char *game)
{
  g_return_val_if_fail (game != NULL, FALSE);

  for (guint p = CATUR_ENGINE_PROTOCOL_UCI; p <= CATUR_ENGINE_PROTOCOL_CECP; p++)
    {
      const CaturEngineForms *forms = catur_engine_forms_find (game, p, TRUE);

      if (forms != NULL && !forms->own_engine_only)
        return TRUE;
    }
  return FALSE;
}

static GPtrArray *
discover (const char    *search_path,
          GCancellable  *cancellable,
          GError       **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (
    (GDestroyNotify) catur_engine_entry_free);
  const char *programs[G_N_ELEMENTS (known_programs) + 1] = { NULL };
  g_auto(GStrv) paths = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (known_programs); i++)
    programs[i] = known_programs[i].program;
  paths = catur_engine_host_find_programs (search_path, programs, cancellable, error);
  if (paths == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (known_programs) && paths[i] != NULL; i++)
    {
      const char *argv[3] = { paths[i], known_programs[i].argument, NULL };

      if (*paths[i] == '\0')
        continue;
      g_ptr_array_add (found, catur_engine_entry_new (known_programs[i].program,
                                                      known_programs[i].name, argv,
                                                      known_programs[i].protocol,
                                                      known_programs[i].games));
    }
  return g_steal_pointer (&found);
}

/**
 * catur_engine_list_discover:
 * @search_path: (nullable): the folders to look in, separated as PATH is; %NULL for PATH and
 *   /usr/games (where Debian puts its engines, and which a desktop's PATH may lack)
 *
 * Looks for the known programs on the host (catur_engine_host_find_programs()). Inside a
 * sandbox this waits for another process: the window calls
 * catur_engine_list_discover_async().
 *
 * Returns: (transfer container) (element-type CaturEngineEntry): the known programs found,
 *   each once, with the protocol and games the table gives them (none when they could not be
 *   looked for)
 */
GPtrArray *
catur_engine_list_discover (const char *search_path)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *found = discover (search_path, NULL, &error);

  if (found == NULL)
    {
      g_warning ("%s", error->message);
      found = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_engine_entry_free);
    }
  return found;
}

static void
discover_thread (GTask        *task,
                 gpointer      source,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GError *error = NULL;
  GPtrArray *found = discover (task_data, cancellable, &error);

  if (found == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, found, (GDestroyNotify) g_ptr_array_unref);
}

/**
 * catur_engine_list_discover_async:
 * @search_path: (nullable): as for catur_engine_list_discover()
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the programs found
 * @user_data: data for @callback
 *
 * Looks for the known programs in a worker thread.
 */
void
catur_engine_list_discover_async (const char          *search_path,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, catur_engine_list_discover_async);
  g_task_set_task_data (task, g_strdup (search_path), g_free);
  g_task_run_in_thread (task, discover_thread);
}

/**
 * catur_engine_list_discover_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Returns: (transfer container) (element-type CaturEngineEntry): the known programs found, or
 *   %NULL when they could not be looked for
 */
GPtrArray *
catur_engine_list_discover_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * catur_engine_find_strength_option:
 * @options: (element-type CaturEngineOption): the options an engine declared
 *
 * Returns: (nullable): the name of the option that sets how strongly the engine plays: its
 *   Elo (`UCI_Elo`, `USI_Elo`) or its skill (`Skill Level`, `SkillLevel`); %NULL when it has
 *   none
 */
const char *
catur_engine_find_strength_option (GPtrArray *options)
{
  static const char * const names[] = { "UCI_Elo", "USI_Elo", "Skill Level", "SkillLevel" };

  for (guint n = 0; options != NULL && n < G_N_ELEMENTS (names); n++)
    for (guint i = 0; i < options->len; i++)
      {
        CaturEngineOption *option = g_ptr_array_index (options, i);

        if (option->type == CATUR_ENGINE_OPTION_SPIN && g_str_equal (option->name, names[n]))
          return option->name;
      }
  return NULL;
}

/* Trying a program: each protocol's greeting in turn, then a search in each game. */

typedef struct
{
  GStrv argv;
  GPtrArray *variants;        /* the games to try, of those loaded */
  CaturEngineProtocol protocol;
  guint game;                 /* the index in variants of the game being tried */
  gboolean greeted;           /* the protocol is known */
  GStrvBuilder *games;
  char *name;
  CaturEngineClient *client;
  CaturPosition *start;
  GError *first_error;
} Detection;

static void
detection_free (gpointer data)
{
  Detection *detection = data;

  if (detection->client != NULL)
    catur_engine_client_quit (detection->client);
  g_clear_object (&detection->client);
  g_clear_pointer (&detection->start, catur_position_free);
  g_strfreev (detection->argv);
  g_ptr_array_unref (detection->variants);
  g_strv_builder_unref (detection->games);
  g_free (detection->name);
  g_clear_error (&detection->first_error);
  g_free (detection);
}

static void detect_next (GTask *task);

static void
detect_done (GTask *task)
{
  Detection *detection = g_task_get_task_data (task);
  g_auto(GStrv) games = g_strv_builder_end (detection->games);
  g_autofree char *id = NULL;

  if (!detection->greeted)
    {
      g_task_return_new_error (task, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_HANDSHAKE,
                               _("%s does not speak UCI, USI, UCCI or CECP"),
                               detection->argv[0]);
      return;
    }
  if (games[0] == NULL)
    {
      if (detection->first_error != NULL)
        g_task_return_error (task, g_steal_pointer (&detection->first_error));
      else
        g_task_return_new_error (task, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_GAME,
                                 _("%s plays none of the games Catur has"),
                                 detection->name);
      return;
    }
  id = g_path_get_basename (detection->argv[0]);
  g_task_return_pointer (task,
                         catur_engine_entry_new (id, detection->name,
                                                 (const char * const *) detection->argv,
                                                 detection->protocol,
                                                 (const char * const *) games),
                         (GDestroyNotify) catur_engine_entry_free);
}

/* The next game with the protocol found, or the next protocol. */
static void
detect_advance (GTask *task)
{
  Detection *detection = g_task_get_task_data (task);

  if (detection->client != NULL)
    catur_engine_client_quit (detection->client);
  g_clear_object (&detection->client);
  g_clear_pointer (&detection->start, catur_position_free);
  detection->game++;
  if (detection->game >= detection->variants->len)
    {
      if (detection->greeted || detection->protocol == CATUR_ENGINE_PROTOCOL_CECP)
        {
          detect_done (task);
          return;
        }
      detection->protocol++;
      detection->game = 0;
    }
  detect_next (task);
}

static void
keep_error (Detection *detection,
            GError    *error)
{
  if (detection->first_error == NULL)
    detection->first_error = g_error_copy (error);
}

static void
detect_search_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Detection *detection = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (catur_engine_client_go_finish (CATUR_ENGINE_CLIENT (source), result, NULL, &error))
    g_strv_builder_add (detection->games,
                        catur_variant_get_id (g_ptr_array_index (detection->variants,
                                                                 detection->game)));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  else
    keep_error (detection, error);
  detect_advance (task);
}

static void
detect_start_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Detection *detection = g_task_get_task_data (task);
  CaturEngineClient *client = CATUR_ENGINE_CLIENT (source);
  CaturVariant *variant = g_ptr_array_index (detection->variants, detection->game);
  g_autoptr(GError) error = NULL;
  CaturEngineGo go = { .movetime = DETECT_MOVETIME_MS };

  if (!catur_engine_client_start_finish (client, result, &error))
    {
      if (g_error_matches (error, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_START)
          || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      /* A refusal of the game is an answer in the protocol: the protocol is the right one. */
      if (g_error_matches (error, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_GAME))
        {
          detection->greeted = TRUE;
          keep_error (detection, error);
        }
      else if (!detection->greeted)
        /* No answer to this greeting: its other games would wait as long for nothing. */
        detection->game = detection->variants->len - 1;
      detect_advance (task);
      return;
    }
  if (!detection->greeted)
    {
      detection->greeted = TRUE;
      g_clear_error (&detection->first_error);
    }
  if (detection->name == NULL)
    detection->name = g_strdup (catur_engine_client_get_name (client) != NULL
                                ? catur_engine_client_get_name (client) : detection->argv[0]);
  detection->start = catur_variant_new_position (variant, NULL, 0);
  catur_engine_client_new_game (client);
  catur_engine_client_go_async (client, detection->start, NULL, 0, &go, NULL, NULL,
                                g_task_get_cancellable (task), detect_search_cb,
                                g_object_ref (task));
}

static void
detect_next (GTask *task)
{
  Detection *detection = g_task_get_task_data (task);
  CaturVariant *variant = g_ptr_array_index (detection->variants, detection->game);

  const CaturEngineForms *forms = catur_engine_forms_find (catur_variant_get_id (variant),
                                                           detection->protocol, TRUE);

  if (forms == NULL || forms->own_engine_only)
    {
      detect_advance (task);
      return;
    }
  detection->client = catur_engine_client_new ((const char * const *) detection->argv,
                                               detection->protocol);
  catur_engine_client_set_timeout (detection->client, DETECT_TIMEOUT_MS);
  catur_engine_client_start_async (detection->client, variant, g_task_get_cancellable (task),
                                   detect_start_cb, g_object_ref (task));
}

/**
 * catur_engine_detect_async:
 * @argv: a program's command line
 * @variants: (element-type CaturVariant): the games it may play
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the entry of the program
 * @user_data: its data
 *
 * Finds which protocol a program speaks (UCI, USI, UCCI, CECP, tried in this order) and which
 * of @variants it plays: those in whose start position it answers a legal move.
 */
void
catur_engine_detect_async (const char * const  *argv,
                           GPtrArray           *variants,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Detection *detection;

  g_return_if_fail (argv != NULL && argv[0] != NULL);
  g_return_if_fail (variants != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, catur_engine_detect_async);
  detection = g_new0 (Detection, 1);
  detection->argv = g_strdupv ((char **) argv);
  detection->variants = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < variants->len; i++)
    {
      CaturVariant *variant = g_ptr_array_index (variants, i);

      if (catur_engine_game_has_engines (catur_variant_get_id (variant)))
        g_ptr_array_add (detection->variants, g_object_ref (variant));
    }
  detection->games = g_strv_builder_new ();
  detection->protocol = CATUR_ENGINE_PROTOCOL_UCI;
  g_task_set_task_data (task, detection, detection_free);
  if (detection->variants->len == 0)
    {
      g_task_return_new_error (task, CATUR_ENGINE_ERROR, CATUR_ENGINE_ERROR_GAME,
                               _("None of the games loaded is played by other programs"));
      return;
    }
  detect_next (task);
}

/* Returns: (transfer full) (nullable): the program's entry, its id made from its file name;
 *   %NULL with @error set when it speaks no protocol Catur knows or plays none of the games */
CaturEngineEntry *
catur_engine_detect_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
