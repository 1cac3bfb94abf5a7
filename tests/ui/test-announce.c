/* test-announce.c: catur_a11y_announce, the sentence said through the widget with the focus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A window of plain buttons, no game: the sentence becomes the description of the focused
 * button after the window's next frame, the button has its own description back when the focus
 * leaves (its tooltip, or the one set with catur_a11y_set_description, or none), two sentences
 * before a frame are said together, and with the focus on no widget the window's refocus
 * function is asked. What Orca makes of it is tests/a11y/test-orca-announce.py.
 */
#include "catur-ui-test.h"

#include "catur-a11y.h"

typedef struct
{
  GtkWindow *window;
  GtkWidget *tipped;   /* a tooltip, which GTK makes the description */
  GtkWidget *own;      /* a description of its own */
  GtkWidget *plain;    /* none */
} Buttons;

static void
buttons_init (Buttons *buttons)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  buttons->window = GTK_WINDOW (gtk_window_new ());
  buttons->tipped = gtk_button_new_with_label ("Tipped");
  gtk_widget_set_tooltip_text (buttons->tipped, "The tooltip");
  buttons->own = gtk_button_new_with_label ("Own");
  catur_a11y_set_description (buttons->own, "Its own description");
  buttons->plain = gtk_button_new_with_label ("Plain");
  gtk_box_append (GTK_BOX (box), buttons->tipped);
  gtk_box_append (GTK_BOX (box), buttons->own);
  gtk_box_append (GTK_BOX (box), buttons->plain);
  gtk_window_set_child (buttons->window, box);
  gtk_window_present (buttons->window);
  catur_ui_test_iterate (100);
}

static void
buttons_clear (Buttons *buttons)
{
  gtk_window_destroy (buttons->window);
  catur_ui_test_iterate (20);
}

typedef struct
{
  GtkWidget *widget;
  const char *text;
} Described;

static gboolean
described (gpointer data)
{
  Described *d = data;
  g_autofree char *error = gtk_test_accessible_check_property (
    GTK_ACCESSIBLE (d->widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, d->text);

  return error == NULL;
}

/* Waits for @widget's description to be @text; fails the test with what it is, if not. */
static void
assert_description (GtkWidget  *widget,
                    const char *text)
{
  Described d = { widget, text };

  if (!catur_ui_test_wait_until (described, &d))
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (widget),
                                         GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
}

static void
test_announce_through_the_focus (void)
{
  Buttons buttons;

  buttons_init (&buttons);
  gtk_widget_grab_focus (buttons.tipped);
  catur_a11y_announce (buttons.window, "Black Pawn from b5 to b4.");
  /* Not before the window's next frame: the focus may be moving still. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (buttons.tipped),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "The tooltip");
  assert_description (buttons.tipped, "Black Pawn from b5 to b4.");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (buttons.own),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Its own description");

  /* The focus leaves: the tooltip is the description again; the next sentence is the
   * description of the button with the focus now. */
  gtk_widget_grab_focus (buttons.own);
  assert_description (buttons.tipped, "The tooltip");
  catur_a11y_announce (buttons.window, "Red wins. Checkmate.");
  assert_description (buttons.own, "Red wins. Checkmate.");
  gtk_widget_grab_focus (buttons.plain);
  assert_description (buttons.own, "Its own description");

  /* Two sentences before a frame are said together. */
  catur_a11y_announce (buttons.window, "Taken back: White Pawn from c2 to c4.");
  catur_a11y_announce (buttons.window, "White to move.");
  assert_description (buttons.plain, "Taken back: White Pawn from c2 to c4. White to move.");
  gtk_widget_grab_focus (buttons.tipped);
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (buttons.plain),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  buttons_clear (&buttons);
}

static gboolean
refocus_own_cb (GtkWindow *window,
                gpointer   user_data)
{
  Buttons *buttons = user_data;

  return gtk_widget_grab_focus (buttons->own);
}

static void
test_announce_without_focus (void)
{
  Buttons buttons;

  buttons_init (&buttons);
  /* With no refocus function: the window says it, and the widget that had the focus last,
   * to which Orca still listens (followed from the call on). */
  catur_a11y_set_refocus (buttons.window, NULL, NULL);
  gtk_widget_grab_focus (buttons.plain);
  gtk_window_set_focus (buttons.window, NULL);
  catur_a11y_announce (buttons.window, "Black resigned.");
  assert_description (GTK_WIDGET (buttons.window), "Black resigned.");
  assert_description (buttons.plain, "Black resigned.");
  gtk_widget_grab_focus (buttons.tipped);
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (buttons.plain),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  /* With one, the focus goes where it says, and the widget there says the sentence itself
   * (the board's cursor cell has it): nothing is set. */
  catur_a11y_set_refocus (buttons.window, refocus_own_cb, &buttons);
  gtk_window_set_focus (buttons.window, NULL);
  catur_a11y_announce (buttons.window, "Taken back: Black Pawn from b5 to b4.");
  g_assert_true (catur_ui_test_wait_until ((CaturUiTestCheck) gtk_widget_has_focus,
                                           buttons.own));
  catur_ui_test_iterate (100);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (buttons.own),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Its own description");
  buttons_clear (&buttons);
}

int
main (int   argc,
      char *argv[])
{
  catur_ui_test_isolate ();
  /* GTK's test context, which keeps the properties for the test to read. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/announce/through-the-focus", test_announce_through_the_focus);
  g_test_add_func ("/ui/announce/without-focus", test_announce_without_focus);
  return g_test_run ();
}
