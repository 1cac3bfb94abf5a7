/* catur-plugins.c: finding and loading the game plugins
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each plugin is a GIO module (lib<id>.so exporting g_io_<id>_load) that
 * implements the "catur-variant" extension point. Modules stay loaded for good:
 * GType cannot forget the types they register.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <gmodule.h>
#include <string.h>

#include "catur.h"

static GPtrArray *variants;   /* CaturVariant, in menu order */
static GPtrArray *failures;   /* CaturPluginFailure */
static GMutex plugins_lock;

static void
plugin_failure_free (gpointer data)
{
  CaturPluginFailure *failure = data;

  g_free (failure->name);
  g_free (failure->path);
  g_free (failure->message);
  g_free (failure);
}

static void
add_failure (const char *path,
             const char *message)
{
  CaturPluginFailure *failure = g_new0 (CaturPluginFailure, 1);

  failure->name = g_path_get_basename (path);
  failure->path = g_strdup (path);
  failure->message = g_strdup (message);
  g_ptr_array_add (failures, failure);
  g_message ("Could not load the game plugin %s: %s", path, message);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* "libxiangqi.so" → "xiangqi"; NULL for a file that is no plugin. */
static char *
plugin_name_from_file (const char *basename)
{
  const char *suffix = "." G_MODULE_SUFFIX;

  if (!g_str_has_prefix (basename, "lib") || !g_str_has_suffix (basename, suffix))
    return NULL;
  return g_strndup (basename + 3, strlen (basename) - 3 - strlen (suffix));
}

/* GIOModule reports a broken library only on stderr, so it is opened here
 * first to learn why, and only a library that opens and exports its entry
 * points is handed to GIO. */
static gboolean
check_module (const char  *path,
              const char  *name,
              char       **message)
{
  g_autofree char *load_symbol = g_strdup_printf ("g_io_%s_load", name);
  gpointer symbol = NULL;
  GModule *module;
  gboolean found;

  module = g_module_open (path, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  if (module == NULL)
    {
      *message = g_strdup (g_module_error ());
      return FALSE;
    }
  found = g_module_symbol (module, load_symbol, &symbol) && symbol != NULL;
  g_module_close (module);
  if (!found)
    {
      *message = g_strdup_printf (_("It has no entry point %s"), load_symbol);
      return FALSE;
    }
  return TRUE;
}

static void
load_directory (const char *directory,
                GHashTable *seen)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;

  dir = g_dir_open (directory, 0, NULL);
  if (dir == NULL)
    return;

  while ((entry = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (entry));
  /* A stable order makes failures and duplicates predictable. */
  g_ptr_array_sort (names, compare_strings);

  for (guint i = 0; i < names->len; i++)
    {
      const char *basename = g_ptr_array_index (names, i);
      g_autofree char *name = plugin_name_from_file (basename);
      g_autofree char *path = NULL;
      g_autofree char *message = NULL;
      GIOModule *module;

      if (name == NULL || g_hash_table_contains (seen, name))
        continue;

      path = g_build_filename (directory, basename, NULL);
      if (!check_module (path, name, &message))
        {
          add_failure (path, message);
          continue;
        }

      module = g_io_module_new (path);
      if (!g_type_module_use (G_TYPE_MODULE (module)))
        {
          add_failure (path, _("It could not be initialised"));
          g_object_unref (module);
          continue;
        }
      /* The use count stays above zero, so the module is never unloaded. */
      g_hash_table_add (seen, g_steal_pointer (&name));
    }
}

/**
 * catur_plugins_get_search_path:
 *
 * The folders searched for plugins, first one first: those of
 * `CATUR_PLUGIN_PATH`, then the installed plugin folder.
 *
 * Returns: (transfer full): a %NULL-terminated array
 */
char **
catur_plugins_get_search_path (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const char *env = g_getenv ("CATUR_PLUGIN_PATH");

  if (env != NULL && *env != '\0')
    {
      g_auto(GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (guint i = 0; parts[i] != NULL; i++)
        if (*parts[i] != '\0')
          g_strv_builder_add (builder, parts[i]);
    }
  g_strv_builder_add (builder, PLUGINDIR);
  return g_strv_builder_end (builder);
}

static int
compare_extensions (gconstpointer a,
                    gconstpointer b)
{
  GIOExtension *ea = (GIOExtension *) a;
  GIOExtension *eb = (GIOExtension *) b;

  return g_io_extension_get_priority (eb) - g_io_extension_get_priority (ea);
}

static void
instantiate_variants (void)
{
  GIOExtensionPoint *point = g_io_extension_point_lookup (CATUR_VARIANT_EXTENSION_POINT);
  g_autoptr(GList) sorted = NULL;

  /* The list GIO gives is already sorted by priority; sorting again documents it. */
  sorted = g_list_copy (g_io_extension_point_get_extensions (point));
  sorted = g_list_sort (sorted, compare_extensions);

  for (GList *l = sorted; l != NULL; l = l->next)
    {
      GIOExtension *extension = l->data;
      GType type = g_io_extension_get_type (extension);

      if (!g_type_is_a (type, CATUR_TYPE_VARIANT))
        continue;
      g_ptr_array_add (variants, g_object_new (type, NULL));
    }
}

/**
 * catur_plugins_load:
 *
 * Loads every plugin of the search path once; later calls do nothing. A
 * plugin that fails is recorded in catur_plugins_get_failures() and the others
 * still load. Safe to call from any thread.
 */
void
catur_plugins_load (void)
{
  g_autoptr(GHashTable) seen = NULL;
  g_auto(GStrv) path = NULL;
  GIOExtensionPoint *point;

  g_mutex_lock (&plugins_lock);
  if (variants != NULL)
    {
      g_mutex_unlock (&plugins_lock);
      return;
    }

  variants = g_ptr_array_new_with_free_func (g_object_unref);
  failures = g_ptr_array_new_with_free_func (plugin_failure_free);

  point = g_io_extension_point_register (CATUR_VARIANT_EXTENSION_POINT);
  g_io_extension_point_set_required_type (point, CATUR_TYPE_VARIANT);

  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  path = catur_plugins_get_search_path ();
  for (guint i = 0; path[i] != NULL; i++)
    load_directory (path[i], seen);

  instantiate_variants ();
  g_mutex_unlock (&plugins_lock);
}

/**
 * catur_plugins_get_variants:
 *
 * Returns: (transfer none) (element-type CaturVariant): the loaded games, in menu order
 */
GPtrArray *
catur_plugins_get_variants (void)
{
  catur_plugins_load ();
  return variants;
}

/**
 * catur_plugins_find_variant:
 *
 * Returns: (transfer none) (nullable): the loaded game with this id
 */
CaturVariant *
catur_plugins_find_variant (const char *id)
{
  GPtrArray *all;

  g_return_val_if_fail (id != NULL, NULL);

  all = catur_plugins_get_variants ();
  for (guint i = 0; i < all->len; i++)
    if (g_str_equal (catur_variant_get_id (g_ptr_array_index (all, i)), id))
      return g_ptr_array_index (all, i);
  return NULL;
}

/**
 * catur_plugins_get_failures:
 *
 * Returns: (transfer none) (element-type CaturPluginFailure): the plugins that failed to load
 */
GPtrArray *
catur_plugins_get_failures (void)
{
  catur_plugins_load ();
  return failures;
}
