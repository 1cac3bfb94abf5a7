/* main.c: the catur program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "catur-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CaturApplication) application = NULL;
  /* `meson devenv` points this at the build's catalogues (_build/po). */
  const char *localedir = g_getenv ("CATUR_LOCALEDIR");

  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Catur"));

  application = catur_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
