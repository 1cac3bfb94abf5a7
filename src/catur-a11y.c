/* catur-a11y.c: small helpers for what assistive technologies are told
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 names an accessible object that has nothing to say by its class ("GtkLabel"), and a
 * screen reader reads that name aloud. A label that is empty for now (the result card before
 * the end, the bar of a plugin failure that did not happen) is better not presented at all.
 *
 * GTK 4.8 has no call that makes a screen reader speak, and no live regions. What Orca 43 does
 * speak, wherever the focus is, is a change of the accessible description of the object it
 * holds as the focus (its "locus of focus"); a label with the status or alert role changing its
 * text, or shown, is never heard, and a window shown to say something takes the keyboard focus
 * from the player (docs/accessibility-announcements.md has what Orca logged for each). So an
 * announcement becomes, for a moment, the description of the widget with the focus: set empty
 * first, so that the same sentence twice is spoken twice, and given back when the focus leaves
 * (then Orca no longer listens to that widget, and says nothing of it).
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n.h>

#include <adwaita.h>

#include "catur-a11y.h"

/* What one window's announcements need: the widgets whose description says the last one, and
 * the last widget that had the focus (GTK 4.8 tells no one when the focus goes to nothing, as
 * when a dialog closes: Orca then still listens to that widget). */
typedef struct
{
  GtkWindow *window;
  GtkWidget *speakers[2];
  GtkWidget *last_focus;
  char *pending;             /* what waits for the window to be drawn */
  CaturA11yRefocusFunc refocus;
  gpointer refocus_data;
  GdkFrameClock *clock;
  gulong after_paint;
  guint settle_source;
  gint64 focus_time;         /* when the focus last moved */
  gulong is_active_handler;  /* waiting for the window to be active again */
  guint inactive_source;
  gboolean refresh_focus;
} Announcer;

/* How long Orca takes to present a new focus: a sentence given to the new focus sooner is
 * read twice, in the focus's presentation (its description) and as the change. */
#define FOCUS_SETTLE_MS 200

/* A focus that came to its widget this recently may have come back from a dialog or a menu that
 * closed: Orca can skip that focus event for the closing window's last events and still hold
 * the closed window's object (the result of a resignation was lost so). */
#define FOCUS_RETURN_MS 600

/* How long an announcement waits for its window to be active again (a dialog over it closing):
 * Orca ignores the focus of a window that is not active. */
#define INACTIVE_WAIT_MS 1500

#define OWN_DESCRIPTION "catur-a11y-description"
#define ANNOUNCER "catur-a11y-announcer"

static void
label_changed_cb (GtkLabel   *label,
                  GParamSpec *pspec,
                  gpointer    user_data)
{
  const char *text = gtk_label_get_text (label);

  gtk_accessible_update_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_HIDDEN,
                               text == NULL || *text == '\0', -1);
}

/**
 * catur_a11y_hide_while_empty:
 * @label: a label
 *
 * Keeps @label out of the accessible tree while its text is empty.
 */
void
catur_a11y_hide_while_empty (GtkLabel *label)
{
  g_return_if_fail (GTK_IS_LABEL (label));

  g_signal_connect (label, "notify::label", G_CALLBACK (label_changed_cb), NULL);
  label_changed_cb (label, NULL, NULL);
}

static void
button_label_changed_cb (GtkButton  *button,
                         GParamSpec *pspec,
                         gpointer    user_data)
{
  gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/**
 * catur_a11y_name_buttons_by_content:
 * @root: a widget
 *
 * GTK 4.8 gives a button with a mnemonic label its label text, underline and all, as its
 * accessible name, and then the text of the label it shows after it ("_Review Review"). For
 * every such button below @root, the name is left to the label it shows ("Review").
 */
void
catur_a11y_name_buttons_by_content (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) && gtk_button_get_use_underline (GTK_BUTTON (child))
          && gtk_button_get_label (GTK_BUTTON (child)) != NULL)
        catur_a11y_name_button_by_content (GTK_BUTTON (child));
      catur_a11y_name_buttons_by_content (child);
    }
}

/**
 * catur_a11y_name_button_by_content:
 * @button: a button with a mnemonic label, made after the window's buttons were named
 *
 * As catur_a11y_name_buttons_by_content() does for one button: its name is the label it shows.
 */
void
catur_a11y_name_button_by_content (GtkButton *button)
{
  g_return_if_fail (GTK_IS_BUTTON (button));

  g_signal_connect (button, "notify::label", G_CALLBACK (button_label_changed_cb), NULL);
  button_label_changed_cb (button, NULL, NULL);
}

/**
 * catur_a11y_set_description:
 * @widget: a widget
 * @description: (nullable): what the widget is, said after its name
 *
 * Sets the accessible description of @widget, and keeps it so that an announcement said
 * through @widget (catur_a11y_announce()) can give it back.
 */
void
catur_a11y_set_description (GtkWidget  *widget,
                            const char *description)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_object_set_data_full (G_OBJECT (widget), OWN_DESCRIPTION, g_strdup (description), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "", -1);
}

/* Gives @widget its own description back: the one set through catur_a11y_set_description(),
 * else its tooltip's text (GTK makes the tooltip the description), else none. */
static void
restore_description (GtkWidget *widget)
{
  const char *own = g_object_get_data (G_OBJECT (widget), OWN_DESCRIPTION);
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (own == NULL)
    own = tooltip;
  if (own != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    own, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* @widget, through which an announcement is said, until the focus moves. */
static void
announcer_add_speaker (Announcer *announcer,
                       GtkWidget *widget)
{
  for (guint i = 0; i < G_N_ELEMENTS (announcer->speakers); i++)
    if (announcer->speakers[i] == widget)
      return;
  for (guint i = 0; i < G_N_ELEMENTS (announcer->speakers); i++)
    if (announcer->speakers[i] == NULL)
      {
        announcer->speakers[i] = widget;
        g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) &announcer->speakers[i]);
        return;
      }
  g_return_if_reached ();
}

/* Every widget that said an announcement but @keep gets its description back. */
static void
announcer_release_speakers (Announcer *announcer,
                            GtkWidget *keep)
{
  for (guint i = 0; i < G_N_ELEMENTS (announcer->speakers); i++)
    {
      GtkWidget *speaker = announcer->speakers[i];

      if (speaker == NULL || speaker == keep)
        continue;
      restore_description (speaker);
      g_object_remove_weak_pointer (G_OBJECT (speaker), (gpointer *) &announcer->speakers[i]);
      announcer->speakers[i] = NULL;
    }
}

static void
announcer_set_last_focus (Announcer *announcer,
                          GtkWidget *focus)
{
  if (announcer->last_focus == focus)
    return;
  if (announcer->last_focus != NULL)
    g_object_remove_weak_pointer (G_OBJECT (announcer->last_focus),
                                  (gpointer *) &announcer->last_focus);
  announcer->last_focus = focus;
  if (focus != NULL)
    g_object_add_weak_pointer (G_OBJECT (focus), (gpointer *) &announcer->last_focus);
}

static void
announcer_free (gpointer data)
{
  Announcer *announcer = data;

  for (guint i = 0; i < G_N_ELEMENTS (announcer->speakers); i++)
    if (announcer->speakers[i] != NULL)
      g_object_remove_weak_pointer (G_OBJECT (announcer->speakers[i]),
                                    (gpointer *) &announcer->speakers[i]);
  announcer_set_last_focus (announcer, NULL);
  if (announcer->clock != NULL)
    g_clear_signal_handler (&announcer->after_paint, announcer->clock);
  g_clear_object (&announcer->clock);
  g_clear_handle_id (&announcer->settle_source, g_source_remove);
  g_clear_handle_id (&announcer->inactive_source, g_source_remove);
  /* Freed with the window's data, after its handlers went with its dispose. */
  if (announcer->is_active_handler != 0
      && g_signal_handler_is_connected (announcer->window, announcer->is_active_handler))
    g_signal_handler_disconnect (announcer->window, announcer->is_active_handler);
  g_free (announcer->pending);
  g_free (announcer);
}

/* The focus moved: the widgets that said the last announcement say it no more (the focus
 * that comes back to one of them is not told it again). */
static void
focus_widget_changed_cb (GtkWindow  *window,
                         GParamSpec *pspec,
                         Announcer  *announcer)
{
  GtkWidget *focus = gtk_window_get_focus (window);

  announcer_release_speakers (announcer, NULL);
  announcer->focus_time = g_get_monotonic_time ();
  if (focus != NULL)
    announcer_set_last_focus (announcer, focus);
}

static Announcer *
announcer_of (GtkWindow *window)
{
  Announcer *announcer = g_object_get_data (G_OBJECT (window), ANNOUNCER);

  if (announcer != NULL)
    return announcer;
  announcer = g_new0 (Announcer, 1);
  announcer->window = window;
  announcer_set_last_focus (announcer, gtk_window_get_focus (window));
  g_object_set_data_full (G_OBJECT (window), ANNOUNCER, announcer, announcer_free);
  g_signal_connect (window, "notify::focus-widget", G_CALLBACK (focus_widget_changed_cb),
                    announcer);
  return announcer;
}

/* The widget whose accessible object the screen reader holds as the focus: a text field's entry
 * rather than the GtkText inside it, which has the keyboard focus but no accessible object of
 * its own in GTK 4.8 (Orca's focus is the entry; the command entry's answers were not heard). */
static GtkWidget *
speaker_of (GtkWidget *focus)
{
  GtkWidget *parent = focus != NULL ? gtk_widget_get_parent (focus) : NULL;

  if (GTK_IS_TEXT (focus) && parent != NULL && GTK_IS_EDITABLE (parent))
    return parent;
  return focus;
}

static void
say_through (GtkWidget  *widget,
             const char *text)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  "", -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
}

/**
 * catur_a11y_set_refocus:
 * @window: a window
 * @func: (nullable): gives the focus to a widget that says the announcement itself when it
 *   takes the focus (it has it as its description); returns %FALSE when none could
 * @user_data: for @func
 *
 * Sets what an announcement in @window does when no widget has the focus, and follows the
 * focus from now on: without @func, the widget that had it last says the announcement too.
 */
void
catur_a11y_set_refocus (GtkWindow            *window,
                        CaturA11yRefocusFunc  func,
                        gpointer              user_data)
{
  Announcer *announcer;

  g_return_if_fail (GTK_IS_WINDOW (window));

  announcer = announcer_of (window);
  announcer->refocus = func;
  announcer->refocus_data = user_data;
}

static void announcer_say (Announcer *announcer);

static void
stop_waiting_for_active (Announcer *announcer)
{
  g_clear_handle_id (&announcer->inactive_source, g_source_remove);
  g_clear_signal_handler (&announcer->is_active_handler, announcer->window);
}

static void
is_active_changed_cb (GtkWindow  *window,
                      GParamSpec *pspec,
                      Announcer  *announcer)
{
  if (!gtk_window_is_active (window))
    return;
  stop_waiting_for_active (announcer);
  /* Active again: Orca, which dropped the focus events of the inactive window, is told of the
   * focus afresh. */
  announcer->refresh_focus = TRUE;
  announcer_say (announcer);
}

static gboolean
inactive_timeout_cb (gpointer data)
{
  Announcer *announcer = data;

  announcer->inactive_source = 0;
  stop_waiting_for_active (announcer);
  announcer_say (announcer);
  return G_SOURCE_REMOVE;
}

/* Says what waits through the widget with the focus now. */
static void
announcer_say (Announcer *announcer)
{
  GtkWindow *window = announcer->window;
  g_autofree char *text = NULL;
  GtkWidget *focus;

  if (announcer->pending == NULL || announcer->is_active_handler != 0)
    return;
  /* Not while the window is inactive (a dialog over it is closing; the window is active again
   * a moment later), for a while. */
  if (!gtk_window_is_active (window) && announcer->inactive_source == 0
      && !announcer->refresh_focus)
    {
      announcer->is_active_handler = g_signal_connect (window, "notify::is-active",
                                                       G_CALLBACK (is_active_changed_cb),
                                                       announcer);
      announcer->inactive_source = g_timeout_add (INACTIVE_WAIT_MS, inactive_timeout_cb,
                                                  announcer);
      return;
    }
  text = g_steal_pointer (&announcer->pending);
  focus = gtk_window_get_focus (window);
  /* The focus on nothing, as when the widget that had it went away (a move of the list taken
   * back): Orca holds on to the object that died and hears nothing more until the focus moves.
   * The window gives it to a widget that says the announcement when it has the focus. */
  if (focus == NULL && announcer->refocus != NULL
      && announcer->refocus (window, announcer->refocus_data))
    return;
  /* The focus has just come, or the window is active again: it is given again, and Orca,
   * told afresh, listens to it. */
  if (focus != NULL
      && (announcer->refresh_focus
          || g_get_monotonic_time () - announcer->focus_time
             < FOCUS_RETURN_MS * G_TIME_SPAN_MILLISECOND))
    {
      g_object_ref (focus);
      gtk_window_set_focus (window, NULL);
      /* A text field given the focus selects all its text, and the next key typed (the
       * command entry's next line) would replace what was typed so far. */
      if (GTK_IS_TEXT (focus))
        gtk_text_grab_focus_without_selecting (GTK_TEXT (focus));
      else
        gtk_widget_grab_focus (focus);
      g_object_unref (focus);
      focus = gtk_window_get_focus (window);
    }
  announcer->refresh_focus = FALSE;
  focus = speaker_of (focus);
  announcer_release_speakers (announcer, focus != NULL ? focus : GTK_WIDGET (window));
  if (focus == NULL)
    {
      if (announcer->last_focus != NULL
          && gtk_widget_get_root (announcer->last_focus) == GTK_ROOT (window))
        {
          announcer_add_speaker (announcer, announcer->last_focus);
          say_through (announcer->last_focus, text);
        }
      focus = GTK_WIDGET (window);
    }
  announcer_add_speaker (announcer, focus);
  say_through (focus, text);
}

static gboolean
focus_settled_cb (gpointer data)
{
  Announcer *announcer = data;

  announcer->settle_source = 0;
  announcer_say (announcer);
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                Announcer     *announcer)
{
  g_clear_signal_handler (&announcer->after_paint, clock);
  g_clear_object (&announcer->clock);
  /* The frame may have given the focus to a new row, or made a new accessible object of the
   * row with the focus (GTK then says that it is focused, and the window's focus widget does
   * not change): Orca presents it first. */
  if (announcer->settle_source == 0)
    announcer->settle_source = g_timeout_add (FOCUS_SETTLE_MS, focus_settled_cb, announcer);
}

/**
 * catur_a11y_announce:
 * @window: the window the announcement is about
 * @text: what to say
 *
 * Says @text to screen readers wherever the keyboard focus is: through the widget with the
 * focus in the active one of @window and the windows of the same application (a dialog open
 * over it), as its description until the focus leaves it. With the focus on no widget (a
 * dialog just closed), the window says it, and so does the widget that had the focus last,
 * which Orca still holds as the focus.
 *
 * It is said once the window has drawn what made it: a list that rebuilds its rows, and gives
 * the focus to a new one, does so first (said before, it would go to a row Orca forgets); and
 * a moment after that frame, so that Orca presents a new focus before the sentence (else it
 * reads the sentence twice); and once the window is active again (a dialog over it closing),
 * the focus given again to its widget when it has only just come there, as Orca drops focus
 * events then. Sentences given before then are said together.
 */
void
catur_a11y_announce (GtkWindow  *window,
                     const char *text)
{
  Announcer *announcer;
  GdkFrameClock *clock;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (text != NULL);

  /* A dialog over the window has the screen reader's attention. */
  if (!gtk_window_is_active (window))
    {
      GtkApplication *application = gtk_window_get_application (window);
      GtkWindow *active = application != NULL
                          ? gtk_application_get_active_window (application) : NULL;

      if (active != NULL && gtk_window_is_active (active))
        window = active;
    }
  if (!gtk_widget_get_mapped (GTK_WIDGET (window)) || *text == '\0')
    return;

  announcer = announcer_of (window);
  if (announcer->pending != NULL)
    {
      char *both = g_strconcat (announcer->pending, " ", text, NULL);

      g_free (announcer->pending);
      announcer->pending = both;
    }
  else
    announcer->pending = g_strdup (text);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  if (clock == NULL)
    {
      announcer_say (announcer);
      return;
    }
  if (announcer->clock == NULL)
    {
      announcer->clock = g_object_ref (clock);
      announcer->after_paint = g_signal_connect (clock, "after-paint",
                                                 G_CALLBACK (after_paint_cb), announcer);
    }
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
}

/* How long after a dialog is active it says what it asks: Orca 43 handles the events of the
 * window that lost the focus and of the dialog's first focus meanwhile, and skips most. */
#define DIALOG_SETTLE_MS 500
#define DIALOG_SPEECH "catur-dialog-speech"

typedef struct
{
  GWeakRef dialog;
  char *text;
} DialogSpeech;

static void
dialog_speech_free (DialogSpeech *speech)
{
  g_weak_ref_clear (&speech->dialog);
  g_free (speech->text);
  g_free (speech);
}

static gboolean
dialog_settled_cb (gpointer data)
{
  DialogSpeech *speech = data;
  g_autoptr(GtkWindow) dialog = g_weak_ref_get (&speech->dialog);
  GtkWidget *focus = dialog != NULL ? gtk_window_get_focus (dialog) : NULL;

  if (dialog == NULL || !gtk_window_is_active (dialog))
    return G_SOURCE_REMOVE;
  /* The focus given again: Orca, which may have skipped the first one, is told of it afresh
   * and listens to its description. */
  if (focus != NULL)
    {
      g_object_ref (focus);
      gtk_window_set_focus (dialog, NULL);
      gtk_widget_grab_focus (focus);
      g_object_unref (focus);
    }
  catur_a11y_announce (dialog, speech->text);
  return G_SOURCE_REMOVE;
}

static void
dialog_active_cb (GtkWindow    *dialog,
                  GParamSpec   *pspec,
                  DialogSpeech *speech)
{
  if (!gtk_window_is_active (dialog))
    return;
  g_signal_handlers_disconnect_by_func (dialog, dialog_active_cb, speech);
  /* The timeout's now. */
  g_object_steal_data (G_OBJECT (dialog), DIALOG_SPEECH);
  g_timeout_add_full (G_PRIORITY_DEFAULT, DIALOG_SETTLE_MS, dialog_settled_cb, speech,
                      (GDestroyNotify) dialog_speech_free);
}

/**
 * catur_a11y_present_dialog:
 * @dialog: a dialog window, not shown yet
 * @heading: its heading
 * @body: (nullable): its text
 *
 * Shows @dialog, and says its heading and text once it is active. Orca 43 reads neither when a
 * dialog opens: GTK 4.8 tells it that the dialog's button has the focus together with the
 * window closing or losing it, and Orca skips a focus event followed by another.
 */
void
catur_a11y_present_dialog (GtkWindow  *dialog,
                           const char *heading,
                           const char *body)
{
  DialogSpeech *speech;

  g_return_if_fail (GTK_IS_WINDOW (dialog));
  g_return_if_fail (heading != NULL);

  speech = g_new0 (DialogSpeech, 1);
  g_weak_ref_init (&speech->dialog, dialog);
  if (body == NULL || *body == '\0')
    speech->text = g_strdup (heading);
  else if (g_str_has_suffix (heading, "?") || g_str_has_suffix (heading, ".")
           || g_str_has_suffix (heading, "!"))
    speech->text = g_strconcat (heading, " ", body, NULL);
  else
    speech->text = g_strconcat (heading, ". ", body, NULL);
  /* The dialog's until it is active: one that never is goes with what it had to say. */
  g_object_set_data_full (G_OBJECT (dialog), DIALOG_SPEECH, speech,
                          (GDestroyNotify) dialog_speech_free);
  g_signal_connect (dialog, "notify::is-active", G_CALLBACK (dialog_active_cb), speech);
  gtk_window_present (dialog);
}

/* The pages of @stack, which GTK built: each called @name, a submenu's by its own name. */
static void
name_stack_pages (GtkStack   *stack,
                  const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (stack)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkStackPage *page = gtk_stack_get_page (stack, child);
      const char *page_name = gtk_stack_page_get_name (page);

      if (page_name == NULL || g_str_equal (page_name, "main"))
        page_name = name;
      if (page_name != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (page), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        page_name, -1);
    }
}

/**
 * catur_a11y_name_parts:
 * @root: a widget
 * @menu_name: (nullable): what a menu below @root is called (its button's name)
 *
 * GTK 4.8 names the parts it builds inside its widgets by their class, and Orca says the class
 * ("GtkScrollbar scroll bar", "GtkPopoverMenu menu", "GtkStackPage panel", and for an icon
 * button "GtkImage New Game"). Below @root, the scroll bars are named by their direction, icon
 * buttons by their own name only, and a popover menu and its pages @menu_name.
 */
void
catur_a11y_name_parts (GtkWidget  *root,
                       const char *menu_name)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_SCROLLBAR (root))
    gtk_accessible_update_property (
      GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL,
      gtk_orientable_get_orientation (GTK_ORIENTABLE (root)) == GTK_ORIENTATION_VERTICAL
      /* Translators: the name of a scroll bar; screen readers add "scroll bar" */
      ? C_("scroll bar", "Vertical")
      /* Translators: the name of a scroll bar; screen readers add "scroll bar" */
      : C_("scroll bar", "Horizontal"),
      -1);
  /* GTK 4.8 says an icon button is labelled by its image, which has no name but its class:
   * Orca said "GtkImage New Game push button". The button's own name is enough. */
  if (GTK_IS_BUTTON (root) && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (root))))
    gtk_accessible_reset_relation (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  /* A preferences window's page switcher, which libadwaita leaves unnamed. */
  if (ADW_IS_VIEW_SWITCHER (root))
    gtk_accessible_update_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Pages"), -1);
  if (menu_name != NULL && GTK_IS_POPOVER_MENU (root))
    gtk_accessible_update_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    menu_name, -1);
  if (menu_name != NULL && GTK_IS_STACK (root))
    name_stack_pages (GTK_STACK (root), menu_name);

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    catur_a11y_name_parts (child, menu_name);
}
