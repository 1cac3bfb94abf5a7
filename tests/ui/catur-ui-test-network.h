/* catur-ui-test-network.h: what the network games' UI tests share: the chat's lines as the
 * window shows them, and a join that must be refused
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "catur-ui-test.h"
#include "catur-new-game-dialog.h"

/* The chat's lines of @window, read whether or not the sidebar is shown. */
static inline gboolean
catur_ui_test_chat_has (GtkWidget  *window,
                        const char *text)
{
  GtkWidget *list = catur_ui_test_find_named (window, "network-chat-list");

  g_assert_nonnull (list);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));

      if (GTK_IS_LABEL (label) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Waits until @window's chat has the line @text. */
static inline gboolean
catur_ui_test_wait_for_chat (CaturWindow *window,
                             const char  *text)
{
  return catur_ui_test_wait_for_text (catur_ui_test_chat_has, GTK_WIDGET (window), text);
}

static inline void
catur_ui_test_stranger_joined_cb (GObject      *source,
                                  GAsyncResult *result,
                                  gpointer      data)
{
  GError **error = data;
  g_autoptr(CaturNetConnection) connection = catur_net_join_finish (result, error);

  if (connection != NULL)
    *error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "a wrong secret was let in");
}

static inline gboolean
catur_ui_test_stranger_ended (gpointer data)
{
  return *(GError **) data != NULL;
}

/* Joins @invite's host with its secret changed, as a stranger guessing would, on 127.0.0.1;
 * returns the refusal (the test fails if the stranger got in). */
static inline GError *
catur_ui_test_join_as_stranger (const CaturNetInvite *invite)
{
  g_autoptr(CaturNetInvite) wrong = catur_net_invite_copy (invite);
  GError *refused = NULL;

  g_free (wrong->host);
  wrong->host = g_strdup ("127.0.0.1");
  wrong->secret[0] ^= 1;
  catur_net_join_async (wrong, NULL, catur_ui_test_stranger_joined_cb, &refused);
  g_assert_true (catur_ui_test_wait_until (catur_ui_test_stranger_ended, &refused));
  return refused;
}

/* A part of the New Game dialog's template, by its id. */
static inline gpointer
catur_ui_test_dialog_child (CaturNewGameDialog *dialog,
                            const char         *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                   CATUR_TYPE_NEW_GAME_DIALOG, name);

  g_assert_nonnull (object);
  return object;
}

/* The New Game dialog's page shown: "setup", "invite", "connecting"… */
static inline const char *
catur_ui_test_dialog_page (CaturNewGameDialog *dialog)
{
  return gtk_stack_get_visible_child_name (catur_ui_test_dialog_child (dialog, "stack"));
}

/* What a part of the New Game dialog shows: a label's text, an entry's, a status page's title. */
static inline const char *
catur_ui_test_dialog_text (CaturNewGameDialog *dialog,
                           const char         *name)
{
  gpointer part = catur_ui_test_dialog_child (dialog, name);

  if (GTK_IS_LABEL (part))
    return gtk_label_get_text (part);
  if (GTK_IS_EDITABLE (part))
    return gtk_editable_get_text (part);
  g_assert_true (ADW_IS_STATUS_PAGE (part));
  return adw_status_page_get_title (part);
}
