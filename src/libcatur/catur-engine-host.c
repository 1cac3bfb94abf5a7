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

/**
 * catur_engine_host_path_is_private:
 * @path: a program's path, as a file chooser gave it
 *
 * Inside a sandbox, a file the player picks outside the folders Catur may read comes through
 * the document portal, at a path that only the sandbox knows and the host cannot start.
 *
 * Returns: %TRUE when the host cannot start a program at @path
 */
gboolean
catur_engine_host_path_is_private (const char *path)
{
  g_autofree char *portal = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  if (!catur_engine_host_is_sandboxed ())
    return FALSE;
  portal = g_build_filename (g_get_user_runtime_dir (), "doc", "", NULL);
  return g_str_has_prefix (path, portal) || g_str_has_prefix (path, "/app/");
}
