/* catur-engine-host.c: where other programs' engines run, also from inside a Flatpak sandbox
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engines players have (Debian's stockfish, a YaneuraOu they built) are programs of the
 * host system. Inside Flatpak, Catur's own files are the sandbox's, so the engines are looked
 * for and started on the host through `flatpak-spawn --host`, which the manifest allows by
 * talking to org.freedesktop.Flatpak. The engine's pipes are passed through as they are.
 * `--watch-bus` ends the engine when flatpak-spawn's connection to the bus ends: killing
 * flatpak-spawn (as the client kills an engine that hangs) kills the engine, and so does
 * Catur's own end, however it comes.
 */
#define G_LOG_DOMAIN "catur-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

/* Prints, for each program named after the search path, the first executable of that name on
 * the path (an empty line when there is none). An empty search path is the host's PATH and
 * /usr/games, where Debian puts its engines and which a desktop's PATH may lack. */
static const char find_script[] =
  "search=$1; shift\n"
  "[ -n \"$search\" ] || search=\"$PATH:/usr/games\"\n"
  "for p in \"$@\"; do\n"
  "  found=\n"
  "  IFS=:\n"
  "  for d in $search; do\n"
  "    if [ -n \"$d\" ] && [ -x \"$d/$p\" ] && [ ! -d \"$d/$p\" ]; then\n"
  "      found=\"$d/$p\"; break\n"
  "    fi\n"
  "  done\n"
  "  unset IFS\n"
  "  printf '%s\\n' \"$found\"\n"
  "done\n";

/**
 * catur_engine_host_is_sandboxed:
 *
 * Whether Catur runs inside a Flatpak sandbox, where the engines are the host's. The file
 * Flatpak puts at the sandbox's root says so; `CATUR_SANDBOX_INFO` names another file to look
 * for, so that tests can play the sandbox.
 *
 * Returns: %TRUE inside a sandbox
 */
gboolean
catur_engine_host_is_sandboxed (void)
{
  const char *info = g_getenv ("CATUR_SANDBOX_INFO");

  return g_file_test (info != NULL ? info : "/.flatpak-info", G_FILE_TEST_EXISTS);
}

/**
 * catur_engine_host_command:
 * @argv: an engine's command line
 *
 * Returns: (transfer full): the command line that starts the engine on the host: @argv itself,
 *   or inside a sandbox @argv through `flatpak-spawn --host --watch-bus`
 */
GStrv
catur_engine_host_command (const char * const *argv)
{
  g_autoptr(GStrvBuilder) command = g_strv_builder_new ();

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  if (catur_engine_host_is_sandboxed ())
    {
      g_strv_builder_add (command, "flatpak-spawn");
      g_strv_builder_add (command, "--host");
      g_strv_builder_add (command, "--watch-bus");
    }
  g_strv_builder_addv (command, (const char **) argv);
  return g_strv_builder_end (command);
}

static GStrv
find_here (const char         *search_path,
           const char * const *programs)
{
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();
  g_autofree char *path = NULL;
  g_auto(GStrv) dirs = NULL;

  if (search_path != NULL && *search_path != '\0')
    path = g_strdup (search_path);
  else
    path = g_strjoin (G_SEARCHPATH_SEPARATOR_S, g_getenv ("PATH") != NULL ? g_getenv ("PATH")
                      : "/usr/bin", "/usr/games", NULL);
  dirs = g_strsplit (path, G_SEARCHPATH_SEPARATOR_S, -1);
  for (guint i = 0; programs[i] != NULL; i++)
    {
      g_autofree char *found = NULL;

      for (guint d = 0; dirs[d] != NULL && found == NULL; d++)
        {
          g_autofree char *file = NULL;

          if (*dirs[d] == '\0')
            continue;
          file = g_build_filename (dirs[d], programs[i], NULL);
          if (g_file_test (file, G_FILE_TEST_IS_EXECUTABLE)
              && !g_file_test (file, G_FILE_TEST_IS_DIR))
            found = g_steal_pointer (&file);
        }
      g_strv_builder_add (paths, found != NULL ? found : "");
    }
  return g_strv_builder_end (paths);
}

static GStrv
find_on_host (const char          *search_path,
              const char * const  *programs,
              GCancellable        *cancellable,
              GError             **error)
{
  g_autoptr(GStrvBuilder) command = g_strv_builder_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) command_line = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();
  guint n_programs = g_strv_length ((char **) programs);

  g_strv_builder_add_many (command, "flatpak-spawn", "--host", "sh", "-c", find_script, "sh",
                           search_path != NULL ? search_path : "", NULL);
  g_strv_builder_addv (command, (const char **) programs);
  command_line = g_strv_builder_end (command);
  process = g_subprocess_newv ((const char * const *) command_line,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE
                               | G_SUBPROCESS_FLAGS_STDERR_SILENCE, error);
  if (process == NULL
      || !g_subprocess_communicate_utf8 (process, NULL, cancellable, &output, NULL, error))
    return NULL;
  if (!g_subprocess_get_successful (process))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("The engines of this computer could not be looked for outside the "
                     "sandbox (flatpak-spawn failed)"));
      return NULL;
    }
  lines = g_strsplit (output != NULL ? output : "", "\n", -1);
  for (guint i = 0; i < n_programs; i++)
    g_strv_builder_add (paths, i < g_strv_length (lines) ? lines[i] : "");
  return g_strv_builder_end (paths);
}

/**
 * catur_engine_host_find_programs:
 * @search_path: (nullable): the folders to look in, separated as PATH is; %NULL for the
 *   host's PATH and /usr/games
 * @programs: the programs' names
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Looks for programs on the host: here, or from inside a sandbox through `flatpak-spawn`,
 * which takes a moment: call this in a worker thread.
 *
 * Returns: (transfer full): for each program in turn, the path of the first one found, or an
 *   empty string; %NULL on error
 */
GStrv
catur_engine_host_find_programs (const char          *search_path,
                                 const char * const  *programs,
                                 GCancellable        *cancellable,
                                 GError             **error)
{
  g_return_val_if_fail (programs != NULL, NULL);

  if (catur_engine_host_is_sandboxed ())
    return find_on_host (search_path, programs, cancellable, error);
  return find_here (search_path, programs);
}

/* The document portal's id and file name of @path, when it is one of its files. */
static gboolean
portal_document (const char  *path,
                 char       **id)
{
  g_autofree char *portal = g_strconcat (g_get_user_runtime_dir (), G_DIR_SEPARATOR_S "doc"
                                         G_DIR_SEPARATOR_S, NULL);
  const char *rest, *slash;

  if (!g_str_has_prefix (path, portal))
    return FALSE;
  rest = path + strlen (portal);
  slash = strchr (rest, '/');
  if (slash == NULL || slash == rest)
    return FALSE;
  *id = g_strndup (rest, slash - rest);
  return TRUE;
}

/**
 * catur_engine_host_path_is_private:
 * @path: a program's path, as a file chooser gave it
 *
 * Inside a sandbox, a file the player picks comes through the document portal, at a path that
 * only the sandbox knows and the host cannot start; the sandbox's own files are not the host's
 * either.
 *
 * Returns: %TRUE when the host cannot start a program at @path as it is
 */
gboolean
catur_engine_host_path_is_private (const char *path)
{
  g_autofree char *id = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  if (!catur_engine_host_is_sandboxed ())
    return FALSE;
  return portal_document (path, &id) || g_str_has_prefix (path, "/app/");
}

static void
host_paths_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result,
                                                             &error);
  g_autoptr(GVariant) paths = NULL;
  g_autoptr(GVariant) host_path = NULL;
  const char *id = g_task_get_task_data (task);

  if (reply != NULL)
    {
      paths = g_variant_get_child_value (reply, 0);
      host_path = g_variant_lookup_value (paths, id, G_VARIANT_TYPE_BYTESTRING);
    }
  if (host_path == NULL || *g_variant_get_bytestring (host_path) == '\0')
    {
      if (error != NULL)
        g_debug ("The document portal gave no host path: %s", error->message);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("Catur runs as a Flatpak and cannot start a program chosen "
                                 "there: install the engine on this computer, in a folder of "
                                 "its PATH or in /usr/games, and Catur finds it"));
      return;
    }
  g_task_return_pointer (task, g_strdup (g_variant_get_bytestring (host_path)), g_free);
}

/**
 * catur_engine_host_resolve_path_async:
 * @path: a program's path, as a file chooser gave it
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the path the host knows
 * @user_data: data for @callback
 *
 * Finds the host's path of a program picked through the document portal (its
 * `GetHostPaths`, which newer portals have); any other path is the host's already.
 */
void
catur_engine_host_resolve_path_async (const char          *path,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GError) error = NULL;
  char *id = NULL;

  g_return_if_fail (path != NULL);

  g_task_set_source_tag (task, catur_engine_host_resolve_path_async);
  if (!catur_engine_host_is_sandboxed () || !portal_document (path, &id))
    {
      if (catur_engine_host_path_is_private (path))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                 _("This program is Catur's own, inside its sandbox"));
      else
        g_task_return_pointer (task, g_strdup (path), g_free);
      return;
    }
  g_task_set_task_data (task, id, g_free);
  bus = g_bus_get_sync (G_BUS_TYPE_SESSION, cancellable, &error);
  if (bus == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_dbus_connection_call (bus, "org.freedesktop.portal.Documents",
                          "/org/freedesktop/portal/documents",
                          "org.freedesktop.portal.Documents", "GetHostPaths",
                          g_variant_new ("(^as)", (const char * const[]) { id, NULL }),
                          G_VARIANT_TYPE ("(a{say})"), G_DBUS_CALL_FLAGS_NONE, 5000,
                          cancellable, host_paths_cb, g_steal_pointer (&task));
}

/**
 * catur_engine_host_resolve_path_finish:
 * @result: the result given to the callback
 * @error: return location for a #GError
 *
 * Returns: (transfer full): the path the host knows the program by, or %NULL with a reason
 *   the player can read
 */
char *
catur_engine_host_resolve_path_finish (GAsyncResult  *result,
                                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
