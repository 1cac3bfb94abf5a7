/* test-children.h: whether a test's child processes (engines) are all gone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <unistd.h>

#include <glib.h>

/* Waits up to three seconds, running the main context, for this process to have no children
 * left, and asserts it has none. Returns %FALSE, having checked nothing, on a system that does
 * not list a process's children (Linux's /proc/PID/task/TID/children). */
static inline gboolean
test_assert_no_children (void)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/children", getpid (), getpid ());
  g_autofree char *children = NULL;
  gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return FALSE;
  do
    {
      g_clear_pointer (&children, g_free);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (20000);
      g_assert_true (g_file_get_contents (path, &children, NULL, NULL));
      g_strstrip (children);
    }
  while (*children != '\0' && g_get_monotonic_time () < end);
  g_assert_cmpstr (children, ==, "");
  return TRUE;
}
