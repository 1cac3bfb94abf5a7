/* test-network-dialog.c: the New Game dialog's game with a friend on another computer: the host's
 * invitation, the join page without an Avahi daemon, a join by link between two dialogs of
 * this process over 127.0.0.1, the messages for a bad link and a bad code, and a catur:// link
 * given to the application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tests run with a system bus that does not exist, so that no Avahi daemon answers on any
 * machine: the list of games says why it is empty, and the link still joins. With
 * CATUR_TEST_SCREENSHOTS=<folder> the host's and the joiner's pages are captured.
 */
#include <string.h>

#include "catur-ui-test-network.h"
#include "catur-preferences-window.h"
#include "testgame.h"

#define NO_BUS "unix:path=/nonexistent/catur-test-system-bus"

static CaturApplication *application;
static GSettings *settings;

/* What ::network-game-ready gave. */
typedef struct
{
  gboolean ready;
  CaturNetPlay *play;
  CaturNetConnection *connection;
  CaturNetHost *host;
  CaturNetPublisher *publisher;
  CaturNetInvite *rejoin;
} Ready;

static void
ready_cb (CaturNewGameDialog *dialog,
          CaturNetPlay       *play,
          CaturNetConnection *connection,
          CaturNetHost       *host,
          CaturNetPublisher  *publisher,
          CaturNetInvite     *rejoin,
          Ready              *ready)
{
  ready->ready = TRUE;
  ready->play = g_object_ref (play);
  ready->connection = g_object_ref (connection);
  ready->host = host != NULL ? g_object_ref (host) : NULL;
  ready->publisher = publisher != NULL ? g_object_ref (publisher) : NULL;
  ready->rejoin = rejoin != NULL ? catur_net_invite_copy (rejoin) : NULL;
}

static void
ready_clear (Ready *ready)
{
  if (ready->connection != NULL)
    catur_net_connection_close (ready->connection);
  if (ready->host != NULL)
    catur_net_host_stop (ready->host);
  if (ready->publisher != NULL)
    catur_net_publisher_stop (ready->publisher);
  g_clear_object (&ready->play);
  g_clear_object (&ready->connection);
  g_clear_object (&ready->host);
  g_clear_object (&ready->publisher);
  g_clear_pointer (&ready->rejoin, catur_net_invite_free);
}

static gboolean
is_ready (gpointer data)
{
  return ((Ready *) data)->ready;
}

/* Whether @ready's game heard the other side's hello. */
static gboolean
names_known (gpointer data)
{
  Ready *ready = data;
  CaturNetSession *session = catur_net_play_get_session (ready->play);

  return session != NULL && catur_net_session_get_peer_name (session) != NULL
         && *catur_net_session_get_peer_name (session) != '\0';
}

static const char *
label (CaturNewGameDialog *dialog,
       const char         *name)
{
  return catur_ui_test_dialog_text (dialog, name);
}

/* A new dialog over @window, its opponent the friend on another computer, hosting or joining. */
static CaturNewGameDialog *
network_dialog (CaturWindow *window,
                gboolean     join)
{
  CaturNewGameDialog *dialog = catur_new_game_dialog_new (GTK_WINDOW (window), settings,
                                                          testgame_variant ("sandbox"), NULL);
  AdwComboRow *opponent = catur_new_game_dialog_get_opponent_row (dialog);
  g_auto(GStrv) choices = catur_ui_test_row_choices (opponent);

  g_assert_cmpstrv (choices, ((const char *[]) { "Two Players", "Against the Computer",
                                                 "A Friend on Another Computer", NULL }));
  adw_combo_row_set_selected (opponent, 2);
  adw_combo_row_set_selected (catur_ui_test_dialog_child (dialog, "role_row"), join ? 1 : 0);
  gtk_window_present (GTK_WINDOW (dialog));
  catur_ui_test_iterate (50);
  return dialog;
}

/* Presses the dialog's button @name. */
static void
press (CaturNewGameDialog *dialog,
       const char         *name)
{
  GtkWidget *button = catur_ui_test_dialog_child (dialog, name);

  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  catur_ui_test_iterate (20);
}

static void
type_into (CaturNewGameDialog *dialog,
           const char         *name,
           const char         *text)
{
  gtk_editable_set_text (GTK_EDITABLE (catur_ui_test_dialog_child (dialog, name)), text);
}

/* The join page with no Avahi daemon: the list says why it is empty, and the link and the code
 * are offered; the game's set-up is the friend's, so its rows are hidden. */
static void
test_join_page_without_avahi (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturNewGameDialog *dialog = network_dialog (window, TRUE);
  AdwPreferencesRow *status = catur_ui_test_dialog_child (dialog, "games_status_row");

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (status)));
  g_assert_cmpstr (adw_preferences_row_get_title (status), ==,
                   "Games on the local network cannot be listed because the Avahi service "
                   "(avahi-daemon) is not running. A game can still be joined with its "
                   "invitation link.");
  g_assert_false (gtk_widget_get_visible (catur_ui_test_dialog_child (dialog, "options_group")));
  g_assert_false (gtk_widget_get_visible (catur_ui_test_dialog_child (dialog, "bottom_row")));
  g_assert_false (gtk_widget_get_visible (catur_ui_test_dialog_child (dialog, "start_button")));
  g_assert_true (gtk_widget_get_mapped (catur_ui_test_dialog_child (dialog, "link_row")));
  g_assert_true (gtk_widget_get_mapped (catur_ui_test_dialog_child (dialog, "code_row")));
  g_assert_true (gtk_widget_get_mapped (catur_ui_test_dialog_child (dialog, "name_row")));
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (dialog)));
  catur_ui_test_screenshot ("network-join");

  /* Back to hosting: the set-up is there again, and Start invites. */
  adw_combo_row_set_selected (catur_ui_test_dialog_child (dialog, "role_row"), 0);
  g_assert_true (gtk_widget_get_visible (catur_ui_test_dialog_child (dialog, "options_group")));
  g_assert_false (gtk_widget_get_visible (catur_ui_test_dialog_child (dialog, "link_group")));
  g_assert_cmpstr (gtk_button_get_label (catur_ui_test_dialog_child (dialog, "start_button")), ==,
                   "_Invite");
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_close (window);
}

typedef struct
{
  char *text;
  gboolean done;
} Clipboard;

static void
clipboard_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  Clipboard *clipboard = data;

  clipboard->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  clipboard->done = TRUE;
}

static gboolean
clipboard_read (gpointer data)
{
  return ((Clipboard *) data)->done;
}

/* Hosts a game in @dialog; returns its invitation, checked against the certificate: the
 * link, the code and the words shown, and Copy Link. */
static CaturNetInvite *
host_and_check (CaturNewGameDialog *dialog)
{
  g_autofree char *dir = catur_net_cert_default_dir ();
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autofree char *code = NULL;
  g_autofree char *words = NULL;
  g_auto(GStrv) word_list = NULL;
  guint8 fingerprint[CATUR_NET_FINGERPRINT_SIZE];
  Clipboard clipboard = { NULL, FALSE };

  catur_new_game_dialog_start (dialog);
  catur_ui_test_iterate (50);
  g_assert_cmpstr (label (dialog, "host_error_label"), ==, "");
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "invite");

  certificate = catur_net_cert_load (dir, &error);
  g_assert_no_error (error);
  g_assert_true (catur_net_cert_get_fingerprint (certificate, fingerprint));
  invite = catur_net_invite_parse (label (dialog, "link_label"), &error);
  g_assert_no_error (error);
  g_assert_cmpmem (invite->fingerprint, sizeof invite->fingerprint, fingerprint,
                   sizeof fingerprint);
  g_assert_cmpuint (invite->port, >, 0);
  code = catur_net_code_parse (label (dialog, "code_label"), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (label (dialog, "code_label")), ==, CATUR_NET_CODE_LENGTH + 1);
  g_assert_true (label (dialog, "code_label")[CATUR_NET_CODE_LENGTH / 2] == '-');
  word_list = catur_net_invite_words (fingerprint);
  words = g_strjoinv ("  ", word_list);
  g_assert_cmpstr (label (dialog, "words_label"), ==, words);
  /* No Avahi daemon: the link still works, and the page says so. */
  g_assert_cmpstr (label (dialog, "lan_label"), ==,
                   "This game cannot be listed on the local network because the Avahi service "
                   "(avahi-daemon) is not running. Your friend can still join with the "
                   "invitation link.");
  g_assert_true (gtk_widget_has_focus (catur_ui_test_dialog_child (dialog, "copy_button")));

  press (dialog, "copy_button");
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (dialog)), NULL,
                                 clipboard_read_cb, &clipboard);
  g_assert_true (catur_ui_test_wait_until (clipboard_read, &clipboard));
  g_assert_cmpstr (clipboard.text, ==, label (dialog, "link_label"));
  g_free (clipboard.text);
  return g_steal_pointer (&invite);
}

/* A port nobody listens on now. */
static guint16
free_port (void)
{
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  guint16 port = g_socket_listener_add_any_inet_port (listener, NULL, &error);

  g_assert_no_error (error);
  g_socket_listener_close (listener);
  return port;
}

static GtkWidget *
find_spin_button (GtkWidget *widget)
{
  if (widget == NULL || GTK_IS_SPIN_BUTTON (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_spin_button (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Sets the port for hosted games in the preferences, as the player would. */
static void
set_port_in_preferences (CaturWindow *window,
                         guint16      port)
{
  g_autoptr(GList) windows = NULL;
  GtkWidget *preferences = NULL;
  GtkWidget *spin;

  catur_window_show_preferences (window, NULL);
  catur_ui_test_iterate (50);
  windows = gtk_window_list_toplevels ();
  for (GList *l = windows; l != NULL; l = l->next)
    if (CATUR_IS_PREFERENCES_WINDOW (l->data))
      preferences = l->data;
  g_assert_nonnull (preferences);
  spin = find_spin_button (catur_ui_test_find_named (preferences, "network-port"));
  g_assert_nonnull (spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), port);
  gtk_window_destroy (GTK_WINDOW (preferences));
  catur_ui_test_iterate (20);
}

/* The host's page, on the port the preferences set, and its Cancel: back to the set-up, the
 * host no longer listening. */
static gboolean
notice_shown (gpointer dialog)
{
  GtkLabel *notice = catur_ui_test_dialog_child (dialog, "notice_label");

  return gtk_widget_get_visible (GTK_WIDGET (notice))
         && g_str_has_prefix (gtk_label_get_text (notice),
                              "Someone tried to join without this game’s invitation")
         && g_str_has_suffix (gtk_label_get_text (notice), " — they were not let in.");
}

static void
test_host_page (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturNewGameDialog *dialog;
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  g_autoptr(GVariant) kept = NULL;
  g_autofree char *name = NULL;
  guint16 port = free_port ();

  set_port_in_preferences (window, port);
  kept = g_settings_get_value (settings, "network-port");
  g_assert_cmpuint (g_variant_get_uint16 (kept), ==, port);
  dialog = network_dialog (window, FALSE);
  type_into (dialog, "name_row", "Budi");
  invite = host_and_check (dialog);
  g_assert_cmpuint (invite->port, ==, port);
  name = g_settings_get_string (settings, "network-name");
  g_assert_cmpstr (name, ==, "Budi");
  g_assert_false (catur_ui_test_cut_short (GTK_WIDGET (dialog)));
  catur_ui_test_screenshot ("network-host");

  /* A link with a wrong secret is refused; the host player is told, and hosts on. */
  {
    g_autoptr(GError) refused = catur_ui_test_join_as_stranger (invite);

    g_assert_error (refused, CATUR_NET_TRANSPORT_ERROR, CATUR_NET_TRANSPORT_ERROR_WRONG_SECRET);
    g_assert_true (catur_ui_test_wait_until (notice_shown, dialog));
    g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "invite");
  }

  press (dialog, "invite_cancel_button");
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "setup");
  address = g_strdup_printf ("127.0.0.1:%u", invite->port);
  connection = g_socket_client_connect_to_host (client, address, 0, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_settings_reset (settings, "network-name");
  g_settings_reset (settings, "network-port");
  catur_ui_test_close (window);
}

/* A second dialog joins the first one's game by its link over 127.0.0.1: both hand their game
 * over, the host's with its host and no invitation, the guest's with the invitation to join
 * again. */
static void
test_join_by_link (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturNewGameDialog *hosting = network_dialog (window, FALSE);
  CaturNewGameDialog *joining = NULL;
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autofree char *link = NULL;
  Ready host = { 0 }, guest = { 0 };
  g_autoptr(GString) typed_name = NULL;
  g_autofree char *long_name = NULL;
  g_autoptr(GError) error = NULL;

  g_object_add_weak_pointer (G_OBJECT (hosting), (gpointer *) &hosting);
  type_into (hosting, "name_row", "Budi");
  g_signal_connect (hosting, "network-game-ready", G_CALLBACK (ready_cb), &host);
  adw_combo_row_set_selected (catur_new_game_dialog_get_bottom_row (hosting), 1);
  invite = host_and_check (hosting);

  joining = network_dialog (window, TRUE);
  /* 40 two-byte letters: more than the 64 bytes a name may have. */
  typed_name = g_string_new (NULL);
  for (guint i = 0; i < 40; i++)
    g_string_append (typed_name, "é");
  type_into (joining, "name_row", typed_name->str);
  g_object_add_weak_pointer (G_OBJECT (joining), (gpointer *) &joining);
  g_signal_connect (joining, "network-game-ready", G_CALLBACK (ready_cb), &guest);
  g_free (invite->host);
  invite->host = g_strdup ("127.0.0.1");
  link = catur_net_invite_format (invite);
  type_into (joining, "link_row", link);
  /* Clicked without running the main loop: on loopback the join may be done in a moment. */
  g_signal_emit_by_name (catur_ui_test_dialog_child (joining, "link_join_button"), "clicked");
  g_assert_cmpstr (label (joining, "link_error_label"), ==, "");
  g_assert_cmpstr (catur_ui_test_dialog_page (joining), ==, "connecting");
  g_assert_cmpstr (catur_ui_test_dialog_text (joining, "connecting_page"), ==,
                   "Connecting to 127.0.0.1…");

  g_assert_true (catur_ui_test_wait_until (is_ready, &guest));
  g_assert_true (catur_ui_test_wait_until (is_ready, &host));
  catur_ui_test_iterate (20);
  /* Both closed once they handed the game over. */
  g_assert_null (hosting);
  g_assert_null (joining);

  g_assert_nonnull (host.host);
  g_assert_null (host.rejoin);
  g_assert_false (catur_net_connection_is_closed (host.connection));
  g_assert_cmpint (catur_net_play_get_seat (host.play), ==, CATUR_SIDE_SECOND);
  g_assert_true (catur_game_get_variant (catur_net_play_get_game (host.play))
                 == testgame_variant ("sandbox"));
  g_assert_null (guest.host);
  g_assert_null (guest.publisher);
  g_assert_nonnull (guest.rejoin);
  g_assert_cmpuint (guest.rejoin->port, ==, invite->port);
  g_assert_cmpmem (guest.rejoin->secret, sizeof guest.rejoin->secret, invite->secret,
                   sizeof invite->secret);
  g_assert_false (catur_net_connection_is_closed (guest.connection));

  /* The games meet: each side's hello carries its name, the joiner's cut to what the protocol
   * carries, and the joiner takes the seat the host left. */
  g_assert_true (catur_net_play_attach (host.play, host.connection, &error));
  g_assert_no_error (error);
  g_assert_true (catur_net_play_attach (guest.play, guest.connection, &error));
  g_assert_no_error (error);
  g_assert_true (catur_ui_test_wait_until (names_known, &host));
  g_assert_true (catur_ui_test_wait_until (names_known, &guest));
  long_name = g_strnfill (32 * 2, 'x');
  for (guint i = 0; i < 32; i++)
    memcpy (long_name + 2 * i, "é", 2);
  g_assert_cmpstr (catur_net_session_get_peer_name (catur_net_play_get_session (host.play)), ==,
                   long_name);
  g_assert_cmpstr (catur_net_session_get_peer_name (catur_net_play_get_session (guest.play)),
                   ==, "Budi");
  g_assert_cmpint (catur_net_session_get_seat (catur_net_play_get_session (guest.play)), ==,
                   CATUR_SIDE_FIRST);

  ready_clear (&host);
  ready_clear (&guest);
  catur_ui_test_iterate (50);
  g_settings_reset (settings, "network-name");
  catur_ui_test_close (window);
}

/* Cancel while the join connects to a host that never answers: back to the join page, and
 * no game handed over. */
static void
test_cancel_join (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturNewGameDialog *dialog = network_dialog (window, TRUE);
  g_autoptr(GSocketListener) silent = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *link = NULL;
  guint16 port;
  Ready ready = { 0 };

  /* The kernel takes the connection; nobody ever speaks TLS on it. */
  port = g_socket_listener_add_any_inet_port (silent, NULL, &error);
  g_assert_no_error (error);
  link = g_strdup_printf ("catur://127.0.0.1:%u/join?v=1"
                          "&fp=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
                          "&s=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", port);
  g_signal_connect (dialog, "network-game-ready", G_CALLBACK (ready_cb), &ready);
  type_into (dialog, "link_row", link);
  press (dialog, "link_join_button");
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "connecting");
  g_assert_true (gtk_widget_has_focus (
    catur_ui_test_dialog_child (dialog, "connecting_cancel_button")));
  catur_ui_test_screenshot ("network-connecting");

  press (dialog, "connecting_cancel_button");
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "setup");
  g_assert_true (gtk_widget_get_visible (catur_ui_test_dialog_child (dialog, "link_group")));
  catur_ui_test_iterate (100);
  g_assert_false (ready.ready);
  g_assert_cmpstr (label (dialog, "link_error_label"), ==, "");
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_close (window);
}

#ifdef GDK_WINDOWING_X11
/* Real keys (xdotool) to @dialog: @action is "key" or "type". */
static void
send_keys (CaturNewGameDialog *dialog,
           const char         *action,
           const char         *keys)
{
  g_autofree char *xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (
                                            gtk_native_get_surface (GTK_NATIVE (dialog))));

  catur_ui_test_xdotool ((const char *[]) { "windowfocus", "--sync", xid, NULL });
  catur_ui_test_xdotool ((const char *[]) { action, keys, NULL });
  catur_ui_test_iterate (100);
}

static gboolean
focus_in (CaturNewGameDialog *dialog,
          const char         *name)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  GtkWidget *widget = catur_ui_test_dialog_child (dialog, name);

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The join page by keyboard alone: the rows' mnemonics, Enter in the link row joins, Enter on
 * the focused Cancel goes back, Enter in the code row looks the code up. */
static void
test_keyboard (void)
{
  CaturWindow *window;
  CaturNewGameDialog *dialog;
  g_autoptr(GSocketListener) silent = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *link = NULL;
  guint16 port;

  if (!catur_ui_test_can_send_events ())
    return;
  window = catur_ui_test_window (application);
  dialog = network_dialog (window, TRUE);
  port = g_socket_listener_add_any_inet_port (silent, NULL, &error);
  g_assert_no_error (error);
  link = g_strdup_printf ("catur://127.0.0.1:%u/join?v=1"
                          "&fp=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
                          "&s=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", port);

  send_keys (dialog, "key", "alt+n");
  g_assert_true (focus_in (dialog, "name_row"));
  send_keys (dialog, "key", "alt+l");
  g_assert_true (focus_in (dialog, "link_row"));
  gtk_editable_set_text (GTK_EDITABLE (catur_ui_test_dialog_child (dialog, "link_row")), link);
  send_keys (dialog, "key", "Return");
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "connecting");
  g_assert_true (focus_in (dialog, "connecting_cancel_button"));
  send_keys (dialog, "key", "Return");
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "setup");
  g_assert_true (focus_in (dialog, "link_row"));

  send_keys (dialog, "key", "alt+d");
  g_assert_true (focus_in (dialog, "code_row"));
  send_keys (dialog, "type", "k7q");
  send_keys (dialog, "key", "Return");
  g_assert_cmpstr (label (dialog, "code_error_label"), !=, "");
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_close (window);
}
#endif

/* A link that does not read and a code that does not, each with its message; a link to a
 * computer where nobody listens; a code that reads but cannot be looked up without Avahi. */
static gboolean
on_setup_page (gpointer dialog)
{
  return g_str_equal (catur_ui_test_dialog_page (dialog), "setup");
}

static void
test_bad_link_and_code (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  CaturNewGameDialog *dialog = network_dialog (window, TRUE);
  g_autofree char *link = NULL;

  press (dialog, "link_join_button");
  g_assert_cmpstr (label (dialog, "link_error_label"), ==,
                   "Paste the invitation link your friend sent you.");
  type_into (dialog, "link_row", "catur://192.168.1.20:40123/join?v=1");
  press (dialog, "link_join_button");
  g_assert_cmpstr (label (dialog, "link_error_label"), ==,
                   "This is not a Catur invitation: a detail is missing (version, fingerprint "
                   "or secret)");
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "setup");

  /* Nobody listens there: the join fails, says why, and the page is back. */
  link = g_strdup_printf ("catur://127.0.0.1:%u/join?v=1"
                          "&fp=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
                          "&s=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", free_port ());
  type_into (dialog, "link_row", link);
  press (dialog, "link_join_button");
  g_assert_true (catur_ui_test_wait_until (on_setup_page, dialog));
  g_test_message ("%s", label (dialog, "link_error_label"));
  g_assert_true (g_str_has_prefix (label (dialog, "link_error_label"),
                                   "Could not join the game: "));
  g_assert_true (gtk_widget_get_visible (catur_ui_test_dialog_child (dialog, "link_error_label")));

  type_into (dialog, "code_row", "K7Q-M4");
  press (dialog, "code_join_button");
  g_assert_cmpstr (label (dialog, "code_error_label"), !=, "");
  g_test_message ("%s", label (dialog, "code_error_label"));
  type_into (dialog, "code_row", "k7q m4r");
  press (dialog, "code_join_button");
  g_assert_cmpstr (label (dialog, "code_error_label"), ==,
                   "The code cannot be looked up, because games on this network cannot be "
                   "listed. Ask your friend for the invitation link.");
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "setup");
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_close (window);
}

/* A catur:// link opened by the desktop opens the join page with the link, and joins nothing
 * before the player says so. */
static void
test_open_link (void)
{
  CaturWindow *window = catur_ui_test_window (application);
  const char *link = "catur://192.168.1.20:40123/join?v=1"
                     "&fp=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
                     "&s=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (link);
  CaturNewGameDialog *dialog;

  g_application_open (G_APPLICATION (application), &file, 1, "");
  catur_ui_test_iterate (50);
  dialog = catur_window_get_new_game_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpuint (adw_combo_row_get_selected (catur_new_game_dialog_get_opponent_row (dialog)),
                    ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (catur_ui_test_dialog_child (dialog, "role_row")),
                    ==, 1);
  g_assert_cmpstr (catur_ui_test_dialog_text (dialog, "link_row"), ==,
                   link);
  g_assert_cmpstr (catur_ui_test_dialog_page (dialog), ==, "setup");
  g_assert_true (gtk_widget_has_focus (catur_ui_test_dialog_child (dialog, "link_join_button")));
  gtk_window_destroy (GTK_WINDOW (dialog));
  catur_ui_test_close (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  catur_ui_test_isolate ();
  /* No system bus, so no Avahi daemon, on every machine the tests run on. */
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", NO_BUS, TRUE);
  testgame_add_plugin_path ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  application = catur_ui_test_application ();
  settings = g_settings_new (APP_ID);
  g_settings_set_string (settings, "game", "sandbox");

  g_test_add_func ("/ui/network-dialog/join-page-without-avahi", test_join_page_without_avahi);
  g_test_add_func ("/ui/network-dialog/host-page", test_host_page);
  g_test_add_func ("/ui/network-dialog/join-by-link", test_join_by_link);
  g_test_add_func ("/ui/network-dialog/cancel-join", test_cancel_join);
  g_test_add_func ("/ui/network-dialog/bad-link-and-code", test_bad_link_and_code);
  g_test_add_func ("/ui/network-dialog/open-link", test_open_link);
#ifdef GDK_WINDOWING_X11
  g_test_add_func ("/ui/network-dialog/keyboard", test_keyboard);
#endif

  status = g_test_run ();
  g_settings_reset (settings, "game");
  g_clear_object (&settings);
  g_clear_object (&application);
  return status;
}
