/* catur-window-clipboard.c: copy and paste of positions and games, and text dropped on the
 * window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ctrl+C copies the position shown in the game's own text (FEN, SFEN, BFEN), Shift+Ctrl+C the
 * whole game as a record in the game's first format, Ctrl+V opens what the clipboard holds
 * (text dropped on the window too),
 * whichever game it is of (catur_record_read_text()). The keys are the window's, but a text
 * field that has the focus keeps them for its own text, as everywhere else.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-window-private.h"

/* The focused widget that copies and pastes text itself: a text field, or a label whose text
 * the player selected. */
static GtkWidget *
text_focus (CaturWindow *self)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

  if (focus == NULL)
    return NULL;
  if (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus))
    return focus;
  if (GTK_IS_LABEL (focus) && gtk_label_get_selectable (GTK_LABEL (focus))
      && gtk_label_get_selection_bounds (GTK_LABEL (focus), NULL, NULL))
    return focus;
  return NULL;
}

static void
copy_text (CaturWindow *self,
           const char  *text,
           const char  *toast)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  catur_window_show_toast (self, toast, FALSE);
}

static void
copy_position_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  GtkWidget *focus = text_focus (self);
  g_autofree char *text = NULL;

  if (focus != NULL)
    {
      gtk_widget_activate_action (focus, "clipboard.copy", NULL);
      return;
    }
  if (self->game == NULL)
    return;
  /* The position looked at: in review, the earlier one. */
  text = catur_variant_format (catur_game_get_variant (self->game),
                               catur_game_get_viewed_position (self->game));
  copy_text (self, text, _("Position copied"));
}

static void
copy_game_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  GtkWidget *focus = text_focus (self);
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const CaturRecordFormat *format;
  CaturRecord *loaded;
  CaturVariant *variant;

  if (focus != NULL)
    {
      gtk_widget_activate_action (focus, "clipboard.copy", NULL);
      return;
    }
  if (self->game == NULL)
    return;
  variant = catur_game_get_variant (self->game);
  format = catur_variant_guess_record_format (variant, NULL, CATUR_RECORD_FORMAT_WRITE);
  record = catur_record_new_from_game (self->game);
  loaded = catur_window_get_loaded_record (self);
  if (loaded != NULL)
    catur_record_copy_tags (record, loaded);
  if (format != NULL)
    text = catur_variant_write_record (variant, format->id, record, &error);
  else
    g_set_error (&error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
                 _("%s has no file format to save games in"), catur_variant_get_name (variant));
  if (text == NULL)
    {
      g_autofree char *why = g_markup_escape_text (error->message, -1);
      /* Translators: a toast; %s says why */
      g_autofree char *toast = g_strdup_printf (_("The game could not be copied: %s"), why);

      catur_window_show_toast (self, toast, TRUE);
      return;
    }
  copy_text (self, text, _("Game copied"));
}

/**
 * catur_window_open_text:
 * @self: a #CaturWindow
 * @text: a game record or a position of any loaded game, as a player pasted or dropped it
 *
 * Shows the game @text holds; when no game understands it, a dialog says what was not
 * understood, and the game on the board stays as it was.
 */
void
catur_window_open_text (CaturWindow *self,
                        const char  *text)
{
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) error = NULL;
  /* Translators: the heading of the message when pasted or dropped text holds no game */
  const char *heading = _("Could Not Paste");

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  records = catur_record_read_text (text, self->game != NULL
                                          ? catur_game_get_variant (self->game) : NULL,
                                    &error);
  if (records == NULL)
    {
      GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      catur_a11y_name_buttons_by_content (dialog);
      catur_a11y_present_dialog (GTK_WINDOW (dialog), heading, error->message);
      return;
    }
  /* Translators: what the list of a pasted text's games calls the text */
  catur_window_open_records (self, records, _("The pasted text"), heading);
}

static void
text_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(CaturWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result,
                                                          &error);

  if (text == NULL)
    {
      g_autofree char *why = g_markup_escape_text (error != NULL ? error->message : "", -1);
      /* Translators: a toast; %s says why */
      g_autofree char *toast = g_strdup_printf (_("The clipboard holds no text: %s"), why);

      catur_window_show_toast (self, toast, FALSE);
      return;
    }
  catur_window_open_text (self, text);
}

static void
paste_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  GtkWidget *focus = text_focus (self);

  if (focus != NULL && !GTK_IS_LABEL (focus))
    {
      gtk_widget_activate_action (focus, "clipboard.paste", NULL);
      return;
    }
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL,
                                 text_read_cb, g_object_ref (self));
}

static const GActionEntry clipboard_entries[] = {
  { "copy-position", copy_position_action, NULL, NULL, NULL },
  { "copy-game", copy_game_action, NULL, NULL, NULL },
  { "paste", paste_action, NULL, NULL, NULL },
};

/**
 * catur_window_clipboard_init:
 * @self: a #CaturWindow
 *
 * Adds `win.copy-position`, `win.copy-game` and `win.paste`. Text dropped on the window is
 * read as pasted (catur-window-records.c takes the drop, files and text).
 */
void
catur_window_clipboard_init (CaturWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), clipboard_entries,
                                   G_N_ELEMENTS (clipboard_entries), self);
}
