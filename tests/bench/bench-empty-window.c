/* bench-empty-window.c: the floor of tests/bench/startup.py
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A libadwaita application whose window holds a header bar and a label, at Catur's default
 * size: what GTK and libadwaita take to show any window on this machine, before an
 * application does anything of its own (startup.py --floor).
 */
#include <adwaita.h>

static void
activate_cb (GApplication *application)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (application));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new ("An empty window");

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_widget_set_vexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) application =
    adw_application_new ("io.github.caturapp.Catur.EmptyWindow", G_APPLICATION_NON_UNIQUE);

  g_signal_connect (application, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (application), argc, argv);
}
