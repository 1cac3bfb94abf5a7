/* catur-window-network.c: a game against a friend on another computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The new-game dialog makes the connection (hosting or joining) and hands it over with
 * catur_window_play_network(); from then on this file plays the game through the network
 * layers of libcatur (CaturNetPlay, docs/network.md): the player's moves from the board go
 * through the session, which plays them in the game once they may be (a flip of a face-down
 * piece when both programs hold its card); the friend's come in through the session and show
 * like any move, heard through the board's own announcements. The board takes input for the
 * local seat only. The window's own actions (take back, offer a draw, resign, play again)
 * become questions to the friend, answered on the friend's screen; a chat panel in the sidebar
 * carries short messages. A connection that drops keeps the game: the clocks stop, a bar says
 * that the window waits, the joiner joins again every few seconds with its invitation and the
 * host lets the friend back in; after a while the waiting player may adjourn the game or claim
 * it.
 * Leaving (closing the window, another game) is asked first and told to the friend.
 * docs/network.md, "In the window", says what is kept where.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "catur-a11y.h"
#include "catur-adjourned.h"
#include "catur-window-private.h"

/* How long the waiting player waits before the game may be adjourned or claimed;
 * CATUR_NET_WAIT_SECONDS overrides it (the tests wait a second). */
#define WAIT_LIMIT_S (3 * 60)
/* How often a joiner whose connection dropped tries to join again. */
#define REJOIN_INTERVAL_MS 3000
/* The folder of finished and adjourned network games, in the user's data folder. */
#define RECORDS_FOLDER "network-games"
/* Kept on a game: the record whose tags name its players (catur-window-records.c). */
#define LOADED_RECORD_KEY "catur-loaded-record"
#define SAVED_KEY "catur-network-saved"
/* Kept on a game: the file of its entry among the games to resume (catur-adjourned.c); set by
 * the new-game dialog on a game it resumes, so that the game goes on in the same entry. */
#define RESUME_KEY CATUR_ADJOURNED_GAME_KEY
/* The longest chat line the wire carries, in bytes. */
#define CHAT_MAX 512

struct _CaturWindowNetwork
{
  CaturNetPlay *play;
  CaturNetHost *host;
  CaturNetPublisher *publisher;
  CaturNetInvite *rejoin;
  CaturNetConnection *attached; /* the last connection given to the game */
  CaturNetSession *session;   /* the present connection's, held to let its signals go */
  CaturGame *game;            /* the game played, a new one after a rematch */
  CaturClock *clock;          /* the game's clock, heard for a move played on a time-out */
  /* Handlers on objects other parts of the window hear too (with the window as data): let go
   * by their ids. */
  gulong game_ids[3];
  gulong clock_id;
  gulong host_id;
  gulong host_refused_id;
  gulong play_ids[3];
  char *peer_name;
  char *resume_path;          /* the game's entry among the games to resume, once it has one */

  gboolean over;              /* the friend left, or we did: nothing more goes over the wire */
  gboolean waiting;           /* the connection dropped: the friend is waited for */
  gboolean holding_clock;
  gint64 lost_at;
  guint tick_id;
  guint rejoin_id;
  GCancellable *joining;

  /* The bar over the board while the friend is away, and the chat panel */
  GtkRevealer *banner;
  GtkLabel *banner_label;
  GtkWidget *adjourn_button;
  GtkWidget *claim_button;
  GtkWidget *chat_panel;
  GtkListBox *chat_list;
  GtkScrolledWindow *chat_scroller;
  GtkEntry *chat_entry;
  AdwMessageDialog *question; /* the friend's question shown, or the player's confirmation */
};

static void leave_game (CaturWindow *self,
                        gboolean     say_leave);

static CaturWindowNetwork *
net (CaturWindow *self)
{
  return self->network;
}

static guint
wait_limit_s (void)
{
  const char *env = g_getenv ("CATUR_NET_WAIT_SECONDS");

  if (env != NULL && *env != '\0')
    return (guint) g_ascii_strtoull (env, NULL, 10);
  return WAIT_LIMIT_S;
}

/* A toast whose text came from outside (a name, a chat line, an error): libadwaita 1.2 reads
 * a toast's title as markup. */
static void
toast_text_with_priority (CaturWindow      *self,
                          const char       *text,
                          AdwToastPriority  priority)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_priority (toast, priority);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
toast_text (CaturWindow *self,
            const char  *text)
{
  toast_text_with_priority (self, text, ADW_TOAST_PRIORITY_NORMAL);
}

static void
say (CaturWindow *self,
     const char  *text)
{
  toast_text (self, text);
  catur_window_announce (self, text);
}

static const char *
peer_name (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);

  return network->peer_name != NULL ? network->peer_name : _("Your friend");
}

static CaturSide
local_seat (CaturWindow *self)
{
  return catur_net_play_get_seat (net (self)->play);
}

/**
 * catur_window_network_owns:
 * @self: a #CaturWindow
 * @game: (nullable): a game
 *
 * Returns: whether @game is the game played over the network now
 */
gboolean
catur_window_network_owns (CaturWindow *self,
                           CaturGame   *game)
{
  CaturWindowNetwork *network = self->network;

  return network != NULL && network->play != NULL && !network->over && game != NULL
         && game == network->game;
}

static gboolean
shown (CaturWindow *self)
{
  return catur_window_network_owns (self, self->game);
}

/* The deal of a game with face-down pieces, beside the game's autosave: autosave-ID.deal. */
static char *
deal_path (CaturGame *game)
{
  g_autofree char *autosave = catur_autosave_get_path (
    catur_variant_get_id (catur_game_get_variant (game)));
  char *dot = strrchr (autosave, '.');

  if (dot != NULL)
    *dot = '\0';
  return g_strconcat (autosave, ".deal", NULL);
}

static void
deal_changed_cb (CaturWindow  *self,
                 GBytes       *saved)
{
  CaturGame *game = catur_net_play_get_game (net (self)->play);
  g_autofree char *path = NULL;
  g_autofree char *folder = NULL;
  g_autoptr(GError) error = NULL;
  gsize size;
  const char *data = g_bytes_get_data (saved, &size);

  if (game == NULL)
    return;
  path = deal_path (game);
  folder = g_path_get_dirname (path);
  g_mkdir_with_parents (folder, 0700);
  /* Written whole and renamed, readable by the player alone: it holds this side's keys, and it
   * is written before the main loop runs again (CaturNetPlay::deal-changed). */
  if (!g_file_set_contents_full (path, data, (gssize) size, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                 &error))
    g_message ("The deal of the network game was not saved: %s", error->message);
  /* And beside the game's entry, which outlives the autosave's (a game to resume later). */
  if (net (self)->resume_path != NULL)
    {
      g_autofree char *kept = catur_adjourned_deal_path (net (self)->resume_path);

      g_clear_error (&error);
      if (!g_file_set_contents_full (kept, data, (gssize) size, G_FILE_SET_CONTENTS_CONSISTENT,
                                     0600, &error))
        g_message ("The deal of the network game was not kept: %s", error->message);
    }
}

/* The game's entry among the games to resume (docs/network.md, "Resuming a game later"):
 * written after every move while it is played, so that a program quit or killed keeps it, and
 * marked adjourned when it is. A game with no move yet is not worth an entry. */
static void
keep_entry (CaturWindow *self,
            gboolean     adjourned)
{
  CaturWindowNetwork *network = net (self);
  CaturGame *game = network->game;
  g_autoptr(GError) error = NULL;
  gboolean new_entry = FALSE;

  /* Until the friend is here (a game resumed) the entry stays as it was kept. */
  if (network->play == NULL || game == NULL || catur_game_get_n_plies (game) == 0
      || network->peer_name == NULL)
    return;
  if (network->resume_path == NULL)
    {
      network->resume_path = catur_adjourned_new_path (
        catur_variant_get_id (catur_game_get_variant (game)));
      g_object_set_data_full (G_OBJECT (game), RESUME_KEY, g_strdup (network->resume_path),
                              g_free);
      new_entry = TRUE;
    }
  if (!catur_adjourned_save (network->resume_path, game, catur_net_play_is_host (network->play),
                             adjourned, local_seat (self),
                             catur_net_play_get_name (network->play), peer_name (self), &error))
    g_message ("The network game could not be kept to resume: %s", error->message);
  /* A new entry's deal: from now on deal_changed_cb() keeps it. */
  if (new_entry)
    {
      g_autoptr(GBytes) deal = catur_net_play_save_deal (network->play);

      if (deal != NULL)
        deal_changed_cb (self, deal);
    }
}

/* The game ended for good (finished, left, claimed): nothing is left to resume. */
static void
drop_entry (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);

  if (network->resume_path == NULL)
    return;
  catur_adjourned_remove (network->resume_path);
  g_clear_pointer (&network->resume_path, g_free);
}

/* The players' names in the record: the tags named after the seats (catur_record_get_player()),
 * so that the title, the record's header and a saved file name them. */
static void
name_players (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  CaturVariant *variant = catur_game_get_variant (network->game);
  g_autoptr(CaturRecord) record = catur_record_new_from_game (network->game);
  CaturSide seat = local_seat (self);

  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    {
      g_autofree char *tag = g_strdup (catur_variant_get_side_id (variant, NULL, side));

      tag[0] = g_ascii_toupper (tag[0]);
      catur_record_set_tag (record, tag, side == seat ? catur_net_play_get_name (network->play)
                                                      : peer_name (self));
    }
  g_object_set_data_full (G_OBJECT (network->game), LOADED_RECORD_KEY, g_steal_pointer (&record),
                          g_object_unref);
  if (self->game == network->game)
    catur_window_annotations_update (self);
}

/* A finished game, or one left or adjourned, is kept as a record naming both players in
 * $XDG_DATA_HOME/catur/network-games/, once. */
static void
save_record (CaturWindow *self,
             const char  *suffix)
{
  CaturWindowNetwork *network = net (self);
  CaturGame *game = network->game;
  CaturVariant *variant;
  CaturRecord *named;
  const CaturRecordFormat *format;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  /* A game resumed whose friend never came back has nothing new to keep: its entry stays. */
  if (game == NULL || catur_game_get_n_plies (game) == 0 || network->peer_name == NULL
      || g_object_get_data (G_OBJECT (game), SAVED_KEY) != NULL)
    return;
  variant = catur_game_get_variant (game);
  format = catur_variant_guess_record_format (variant, NULL, CATUR_RECORD_FORMAT_WRITE);
  if (format == NULL)
    return;
  record = catur_record_new_from_game (game);
  named = g_object_get_data (G_OBJECT (game), LOADED_RECORD_KEY);
  if (named != NULL)
    catur_record_copy_tags (record, named);
  text = catur_variant_write_record_file (variant, format->id, record, &length, &error);
  if (text == NULL)
    {
      g_message ("The network game could not be written: %s", error->message);
      return;
    }
  folder = g_build_filename (g_get_user_data_dir (), "catur", RECORDS_FOLDER, NULL);
  stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  name = g_strdup_printf ("%s-%s%s.%s", stamp, catur_variant_get_id (variant), suffix,
                          format->extensions != NULL && format->extensions[0] != NULL
                          ? format->extensions[0] : "txt");
  path = g_build_filename (folder, name, NULL);
  if (g_mkdir_with_parents (folder, 0700) != 0
      || !g_file_set_contents_full (path, text, (gssize) length, G_FILE_SET_CONTENTS_CONSISTENT,
                                    0600, &error))
    {
      g_message ("The network game could not be kept in %s: %s", path,
                 error != NULL ? error->message : g_strerror (errno));
      return;
    }
  g_object_set_data_full (G_OBJECT (game), SAVED_KEY, g_steal_pointer (&path), g_free);
}

/* The bar over the board while the friend is away. */
static void
update_banner (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  gboolean late;
  g_autofree char *text = NULL;
  guint waited;

  /* A bar put away is not in the screen reader's tree either, with its empty label. */
  gtk_widget_set_visible (GTK_WIDGET (network->banner), network->waiting && !network->over);
  gtk_revealer_set_reveal_child (network->banner, network->waiting && !network->over);
  if (!network->waiting || network->over)
    return;
  waited = (guint) ((g_get_monotonic_time () - network->lost_at) / G_USEC_PER_SEC);
  late = waited >= wait_limit_s ();
  if (late)
    /* Translators: the bar over the board when a friend playing over the network has been
     * away for a few minutes; %s is the friend's name */
    text = g_strdup_printf (_("%s has not come back. You may adjourn the game or claim it."),
                            peer_name (self));
  else
    /* Translators: the bar over the board when the connection to the friend dropped; %s is
     * the friend's name */
    text = g_strdup_printf (_("Waiting for %s…"), peer_name (self));
  gtk_label_set_text (network->banner_label, text);
  gtk_widget_set_visible (network->adjourn_button, late);
  gtk_widget_set_visible (network->claim_button,
                          late && network->game != NULL && !catur_game_is_over (network->game));
}

static gboolean
tick_cb (gpointer data)
{
  CaturWindow *self = data;
  CaturWindowNetwork *network = net (self);
  gboolean was_late = gtk_widget_get_visible (network->adjourn_button);

  update_banner (self);
  if (!was_late && gtk_widget_get_visible (network->adjourn_button))
    catur_window_announce (self, gtk_label_get_text (network->banner_label));
  return G_SOURCE_CONTINUE;
}

static void
hold_clock (CaturWindow *self,
            gboolean     hold)
{
  CaturWindowNetwork *network = net (self);

  if (network->game == NULL || network->holding_clock == hold)
    return;
  network->holding_clock = hold;
  if (hold)
    catur_game_hold_clock (network->game);
  else
    catur_game_release_clock (network->game);
}

static void
stop_waiting (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);

  network->waiting = FALSE;
  g_clear_handle_id (&network->tick_id, g_source_remove);
  g_clear_handle_id (&network->rejoin_id, g_source_remove);
  if (network->joining != NULL)
    {
      g_cancellable_cancel (network->joining);
      g_clear_object (&network->joining);
    }
  update_banner (self);
}

static void close_question (CaturWindow *self);

/* The game is over for good on this side: the connection, the listening and the listing go,
 * the game stays on the board as it stands, and its record is kept. */
static void
end_network (CaturWindow *self,
             const char  *suffix)
{
  CaturWindowNetwork *network = net (self);
  g_autoptr(CaturNetPlay) play = NULL;
  g_autofree char *path = NULL;

  if (network->play == NULL)
    return;
  close_question (self);
  stop_waiting (self);
  hold_clock (self, FALSE);
  if (network->game != NULL)
    save_record (self, suffix);
  /* A game left before the friend came back (a resume that did not happen) is still theirs
   * to resume. */
  if (network->game != NULL && !catur_game_is_over (network->game)
      && (g_str_equal (suffix, "-adjourned") || network->peer_name == NULL))
    keep_entry (self, TRUE);
  else
    drop_entry (self);
  g_clear_pointer (&network->resume_path, g_free);
  network->over = TRUE;
  if (network->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (network->session, self);
      g_clear_object (&network->session);
    }
  if (network->clock != NULL)
    {
      g_clear_signal_handler (&network->clock_id, network->clock);
      g_clear_object (&network->clock);
    }
  play = g_steal_pointer (&network->play);
  for (guint i = 0; i < G_N_ELEMENTS (network->play_ids); i++)
    g_clear_signal_handler (&network->play_ids[i], play);
  catur_net_play_detach (play);
  if (network->host != NULL)
    {
      g_clear_signal_handler (&network->host_id, network->host);
      g_clear_signal_handler (&network->host_refused_id, network->host);
      catur_net_host_stop (network->host);
      g_clear_object (&network->host);
    }
  if (network->publisher != NULL)
    {
      catur_net_publisher_stop (network->publisher);
      g_clear_object (&network->publisher);
    }
  g_clear_pointer (&network->rejoin, catur_net_invite_free);
  g_clear_object (&network->attached);
  /* The deal is of no more use once the game is closed (an adjourned game's is kept beside
   * its record, keep_adjourned_deal()). */
  if (network->game != NULL)
    {
      path = deal_path (network->game);
      g_remove (path);
    }
  if (network->game != NULL)
    catur_game_set_clock_referee (network->game, TRUE);
  catur_selection_set_player (catur_board_view_get_selection (self->board_view),
                              CATUR_SIDE_NONE, NULL);
  catur_window_actions_update (self);
}

/* Keeps the deal of an adjourned game beside its record, before the autosave's goes. */
static void
keep_adjourned_deal (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  g_autoptr(GBytes) saved = catur_net_play_save_deal (network->play);
  const char *record = g_object_get_data (G_OBJECT (network->game), SAVED_KEY);
  g_autofree char *path = NULL;
  gsize size;
  const char *data;

  if (saved == NULL || record == NULL)
    return;
  data = g_bytes_get_data (saved, &size);
  path = g_strconcat (record, ".deal", NULL);
  if (!g_file_set_contents_full (path, data, (gssize) size, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                 NULL))
    g_message ("The deal of the adjourned game was not kept");
}

static void
adjourn_clicked_cb (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  g_autofree char *text = NULL;

  if (network->play == NULL)
    return;
  save_record (self, "-adjourned");
  keep_adjourned_deal (self);
  /* Translators: a toast; %s is the friend's name */
  text = g_strdup_printf (_("The game with %s is adjourned and kept with your network games"),
                          peer_name (self));
  end_network (self, "-adjourned");
  say (self, text);
  /* The game cannot go on here without the friend: a new game takes the board. */
  catur_window_new_game (self);
}

static void
claim_clicked_cb (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  CaturOutcome outcome;
  g_autofree char *text = NULL;
  CaturGame *game = network->game;

  if (network->play == NULL || game == NULL || catur_game_is_over (game))
    return;
  /* Made because the friend cannot be reached: nothing goes over the wire. */
  catur_outcome_init (&outcome);
  outcome.result = CATUR_RESULT_WIN;
  outcome.winner = local_seat (self);
  outcome.reason = CATUR_REASON_ABANDONED;
  hold_clock (self, FALSE);
  catur_game_end (game, &outcome);
  /* Translators: a toast; %s is the friend's name */
  text = g_strdup_printf (_("You claimed the game: %s did not come back"), peer_name (self));
  end_network (self, "");
  say (self, text);
}

/* --- Rejoining ------------------------------------------------------------------------ */

static void schedule_rejoin (CaturWindow *self);

static void
joined_again_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(CaturWindow) self = user_data;
  g_autoptr(CaturNetConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  CaturWindowNetwork *network;

  connection = catur_net_join_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->network == NULL)
    return;
  network = net (self);
  g_clear_object (&network->joining);
  if (network->play == NULL || !network->waiting)
    return;
  if (connection == NULL)
    {
      g_debug ("Joining again failed: %s", error->message);
      schedule_rejoin (self);
      return;
    }
  g_set_object (&network->attached, connection);
  if (!catur_net_play_attach (network->play, connection, &error))
    {
      g_message ("The game could not go on over the new connection: %s", error->message);
      schedule_rejoin (self);
    }
}

static gboolean
rejoin_cb (gpointer data)
{
  CaturWindow *self = data;
  CaturWindowNetwork *network = net (self);

  network->rejoin_id = 0;
  if (network->play == NULL || network->rejoin == NULL || network->joining != NULL)
    return G_SOURCE_REMOVE;
  network->joining = g_cancellable_new ();
  catur_net_join_async (network->rejoin, network->joining, joined_again_cb, g_object_ref (self));
  return G_SOURCE_REMOVE;
}

static void
schedule_rejoin (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);

  if (network->rejoin != NULL && network->rejoin_id == 0 && network->waiting)
    network->rejoin_id = g_timeout_add (REJOIN_INTERVAL_MS, rejoin_cb, self);
}

static void
connection_lost_cb (CaturWindow  *self,
                    const GError *error)
{
  CaturWindowNetwork *network = net (self);
  g_autofree char *text = NULL;

  if (network->over)
    return;
  g_message ("The connection to the friend was lost: %s", error != NULL ? error->message : "");
  close_question (self);
  if (network->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (network->session, self);
      g_clear_object (&network->session);
    }
  /* A finished game needs the friend no more: it stays as it ended. */
  if (network->game != NULL && catur_game_is_over (network->game))
    {
      /* Translators: a toast; %s is the friend's name */
      text = g_strdup_printf (_("%s is no longer connected"), peer_name (self));
      end_network (self, "");
      say (self, text);
      return;
    }
  if (!network->waiting)
    {
      network->waiting = TRUE;
      network->lost_at = g_get_monotonic_time ();
      network->tick_id = g_timeout_add_seconds (1, tick_cb, self);
    }
  hold_clock (self, TRUE);
  update_banner (self);
  catur_window_announce (self, gtk_label_get_text (network->banner_label));
  catur_window_actions_update (self);
  schedule_rejoin (self);
}

/* Someone else knocked: a wrong invitation, a second joiner, a stranger's bytes. The host
 * player is told, and the game with the friend goes on. */
static void
host_refused_cb (CaturWindow  *self,
                 const GError *error)
{
  g_autofree char *text = NULL;

  g_message ("A newcomer was refused: %s", error->message);
  /* Translators: a notice while playing a friend over the network; %s says who tried to join,
   * and how */
  text = g_strdup_printf (_("%s — they were not let in. Your game goes on."), error->message);
  /* Not queued behind the game's own news: it may be someone trying to get in. */
  toast_text_with_priority (self, text, ADW_TOAST_PRIORITY_HIGH);
  catur_window_announce (self, text);
}

static void
peer_joined_cb (CaturWindow        *self,
                CaturNetConnection *connection,
                gboolean            reconnection)
{
  CaturWindowNetwork *network = net (self);
  g_autoptr(GError) error = NULL;

  /* The first connection comes with the game (catur_window_play_network()). */
  if (network->play == NULL || network->over || connection == network->attached)
    return;
  g_set_object (&network->attached, connection);
  if (!catur_net_play_attach (network->play, connection, &error))
    g_message ("The friend's connection could not be taken: %s", error->message);
}

/* --- Questions ------------------------------------------------------------------------ */

static void
close_question (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  AdwMessageDialog *dialog = g_steal_pointer (&network->question);

  if (dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
}

typedef void (*Answer) (CaturWindow *self,
                        gboolean     yes);

static void
question_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      CaturWindow      *self)
{
  Answer answer = g_object_get_data (G_OBJECT (dialog), "answer");

  if (self->network == NULL || net (self)->question != dialog)
    return;
  net (self)->question = NULL;
  answer (self, g_strcmp0 (response, "yes") == 0);
}

/* A question to the player, whose answer goes to @answer (a close is no). */
static void
ask (CaturWindow *self,
     const char  *heading,
     const char  *body,
     const char  *no,
     const char  *yes,
     gboolean     destructive,
     Answer       answer)
{
  CaturWindowNetwork *network = net (self);
  AdwMessageDialog *dialog;

  close_question (self);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_responses (dialog, "no", no, "yes", yes, NULL);
  adw_message_dialog_set_response_appearance (dialog, "yes", destructive
                                                             ? ADW_RESPONSE_DESTRUCTIVE
                                                             : ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, destructive ? "no" : "yes");
  adw_message_dialog_set_close_response (dialog, "no");
  g_object_set_data (G_OBJECT (dialog), "answer", answer);
  g_signal_connect_object (dialog, "response", G_CALLBACK (question_response_cb), self, 0);
  network->question = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
  catur_a11y_present_dialog (GTK_WINDOW (dialog), heading, body);
}

static void
report_error (CaturWindow  *self,
              const GError *error)
{
  if (error != NULL)
    say (self, error->message);
}

static void
take_back_answer (CaturWindow *self,
                  gboolean     yes)
{
  g_autoptr(GError) error = NULL;

  if (net (self)->session != NULL
      && !catur_net_session_answer_take_back (net (self)->session, yes, &error))
    report_error (self, error);
}

static void
take_back_asked_cb (CaturWindow *self)
{
  g_autofree char *heading = NULL;

  /* Translators: a dialog's heading; %s is the friend's name */
  heading = g_strdup_printf (_("%s Asks to Take Back a Move"), peer_name (self));
  ask (self, heading, _("Your friend's last move is taken back on both boards if you allow it."),
       _("_Refuse"), _("_Allow"), FALSE, take_back_answer);
}

static void
take_back_answered_cb (CaturWindow *self,
                       gboolean     accepted)
{
  g_autofree char *text = NULL;

  text = accepted
         /* Translators: a toast; %s is the friend's name */
         ? g_strdup_printf (_("%s allowed the take-back"), peer_name (self))
         /* Translators: a toast; %s is the friend's name */
         : g_strdup_printf (_("%s refused the take-back"), peer_name (self));
  say (self, text);
  catur_window_actions_update (self);
}

static void
draw_answer (CaturWindow *self,
             gboolean     yes)
{
  g_autoptr(GError) error = NULL;

  if (net (self)->session != NULL
      && !catur_net_session_answer_draw (net (self)->session, yes, &error))
    report_error (self, error);
}

/* The friend's draw offer shows in the game (CaturGame:draw-offer): the player answers it. */
static void
draw_offer_changed_cb (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  g_autofree char *heading = NULL;

  if (network->over || network->game == NULL
      || catur_game_get_draw_offer (network->game) != catur_side_other (local_seat (self)))
    return;
  /* Translators: a dialog's heading; %s is the friend's name */
  heading = g_strdup_printf (_("%s Offers a Draw"), peer_name (self));
  ask (self, heading, _("The game ends in a draw if you accept."), _("_Decline"), _("_Accept"),
       FALSE, draw_answer);
}

static void
draw_answered_cb (CaturWindow *self,
                  gboolean     accepted)
{
  g_autofree char *text = NULL;

  text = accepted
         /* Translators: a toast; %s is the friend's name */
         ? g_strdup_printf (_("%s accepted the draw"), peer_name (self))
         /* Translators: a toast; %s is the friend's name */
         : g_strdup_printf (_("%s declined the draw"), peer_name (self));
  say (self, text);
}

static void
rematch_answer (CaturWindow *self,
                gboolean     yes)
{
  g_autoptr(GError) error = NULL;

  if (net (self)->session != NULL
      && !catur_net_session_answer_rematch (net (self)->session, yes, &error))
    report_error (self, error);
}

static void
rematch_asked_cb (CaturWindow *self)
{
  g_autofree char *heading = NULL;

  /* Translators: a dialog's heading; %s is the friend's name */
  heading = g_strdup_printf (_("%s Asks for a Rematch"), peer_name (self));
  ask (self, heading, _("A new game starts with the same rules, the sides swapped."),
       _("_Decline"), _("_Play Again"), FALSE, rematch_answer);
}

static void
rematch_answered_cb (CaturWindow *self,
                     gboolean     accepted)
{
  g_autofree char *text = NULL;

  if (accepted)
    return;
  /* Translators: a toast; %s is the friend's name */
  text = g_strdup_printf (_("%s declined the rematch"), peer_name (self));
  say (self, text);
}

static void
refused_cb (CaturWindow  *self,
            const GError *error)
{
  g_autofree char *text = NULL;

  /* Translators: a toast when a message from the friend's computer broke the rules; %s is the
   * friend's name, then why, e.g. "A message from Budi was refused: The move h2e2 is not
   * legal" */
  text = g_strdup_printf (_("A message from %s was refused: %s"), peer_name (self),
                          error->message);
  say (self, text);
}

static void
closed_cb (CaturWindow *self,
           guint        reason,
           const char  *detail)
{
  g_autofree char *text = NULL;

  gboolean resuming = net (self)->game != NULL && !catur_game_is_over (net (self)->game)
                      && catur_game_get_n_plies (net (self)->game) > 0;

  if (reason == 0)
    /* Translators: a toast and the bar's text when the friend left the network game; %s is
     * the friend's name */
    text = g_strdup_printf (_("%s left the game"), peer_name (self));
  else if (resuming && (reason == CATUR_NET_REFUSAL_RECORD || reason == CATUR_NET_REFUSAL_GAME
                       || reason == CATUR_NET_REFUSAL_SEAT))
    /* Translators: a toast when a game resumed over the network is not the one the friend
     * resumed; %s says how they differ */
    text = g_strdup_printf (_("Your friend is not resuming this game: %s. It is still kept "
                              "with your adjourned games."), detail != NULL ? detail : "");
  else
    /* Translators: a toast when the friend's computer turned the game away; %s is why */
    text = g_strdup_printf (_("The other computer ended the game: %s"),
                            detail != NULL ? detail : "");
  /* Turned away with a game under way: nothing of it is lost, it stays to be resumed. */
  end_network (self, reason != 0 && resuming ? "-adjourned" : "");
  toast_text (self, text);
  catur_window_announce (self, text);
}

static void
deal_checked_cb (CaturWindow  *self,
                 const GError *error)
{
  g_autofree char *text = NULL;

  if (error == NULL)
    return;
  /* Translators: a toast when the friend's half of the deal of the face-down pieces did not
   * pass the end check; %s says why */
  text = g_strdup_printf (_("The face-down pieces were not dealt honestly: %s"), error->message);
  say (self, text);
}

/* --- Chat ---------------------------------------------------------------------------- */

static void
add_chat_line (CaturWindow *self,
               const char  *who,
               const char  *text)
{
  CaturWindowNetwork *network = net (self);
  GtkWidget *label;
  g_autofree char *line = NULL;
  GtkAdjustment *adjustment;

  /* Translators: a line of the chat: the writer's name, then what they wrote */
  line = g_strdup_printf (_("%s: %s"), who, text);
  /* Plain text: a name or a message is never read as markup. */
  label = gtk_label_new (line);
  gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 3);
  gtk_widget_set_margin_bottom (label, 3);
  gtk_list_box_append (network->chat_list, label);
  gtk_widget_set_visible (GTK_WIDGET (network->chat_scroller), TRUE);
  adjustment = gtk_scrolled_window_get_vadjustment (network->chat_scroller);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
}

static gboolean
chat_panel_seen (CaturWindow *self)
{
  return gtk_widget_get_mapped (net (self)->chat_panel)
         && (!adw_flap_get_folded (self->flap) || adw_flap_get_reveal_flap (self->flap));
}

static void
chat_cb (CaturWindow *self,
         const char  *text)
{
  g_autofree char *line = NULL;

  add_chat_line (self, peer_name (self), text);
  /* Translators: a chat message heard or shown as a toast: the friend's name, then the
   * message */
  line = g_strdup_printf (_("%s says: %s"), peer_name (self), text);
  catur_window_announce (self, line);
  if (!chat_panel_seen (self))
    toast_text (self, line);
}

static void
chat_activate_cb (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (
    GTK_EDITABLE (network->chat_entry))));
  g_autoptr(GError) error = NULL;

  if (*text == '\0')
    return;
  if (network->session == NULL || network->over)
    {
      say (self, _("The message was not sent: your friend is not connected"));
      return;
    }
  if (!catur_net_session_chat (network->session, text, &error))
    {
      report_error (self, error);
      return;
    }
  add_chat_line (self, _("You"), text);
  gtk_editable_set_text (GTK_EDITABLE (network->chat_entry), "");
}

/* Control characters are not sent (the wire refuses them): the entry leaves them out. */
static void
chat_insert_text_cb (GtkEditable *editable,
                     const char  *text,
                     int          length,
                     int         *position,
                     CaturWindow *self)
{
  for (const char *p = text; length < 0 ? *p != '\0' : p < text + length;
       p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      {
        g_signal_stop_emission_by_name (editable, "insert-text");
        return;
      }
}

/* --- The game ------------------------------------------------------------------------- */

static void setup_game (CaturWindow *self,
                        CaturGame   *game);

/* The local player ran out of time on a time a move: their own program plays the move the
 * rules play for them, sent as the clock's, or the time-out loses (docs/network.md,
 * "Time-outs"); the friend's program checks either against its own rules and clock. */
static void
clock_expired_cb (CaturWindow *self,
                  guint        side)
{
  CaturWindowNetwork *network = net (self);
  CaturGame *game = network->game;
  g_autoptr(GError) error = NULL;
  gboolean loses;
  CaturMove move;

  if (network->over || network->session == NULL || game == NULL || catur_game_is_over (game)
      || side != local_seat (self) || catur_game_get_side_to_move (game) != side
      || catur_clock_get_control (catur_game_get_clock (game))->kind != CATUR_CLOCK_PER_MOVE
      || catur_net_session_get_flip_asked (network->session) != CATUR_SQUARE_NONE)
    return;
  loses = !catur_game_get_time_out_move (game, catur_game_get_time_outs (game, side) + 1,
                                         &move);
  if (!catur_net_session_time_out (network->session, &error))
    report_error (self, error);
  else if (loses)
    say (self, _("Your time ran out twice in a row: you lose the game"));
  else
    say (self, _("Your time ran out: a move was played for you"));
}

static void
follow_clock (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  CaturClock *clock = network->game != NULL ? catur_game_get_clock (network->game) : NULL;

  if (clock == network->clock)
    return;
  if (network->clock != NULL)
    g_clear_signal_handler (&network->clock_id, network->clock);
  g_set_object (&network->clock, clock);
  if (clock != NULL)
    network->clock_id = g_signal_connect_object (clock, "expired", G_CALLBACK (clock_expired_cb),
                                                 self, G_CONNECT_SWAPPED);
}

/* Who decides a time-out: the host's game for a game clock; nobody's game on its own for a time
 * a move (each program plays the move for its own player); never the joiner's game, whose
 * clock shows the host's readings. */
static void
set_referee (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  gboolean per_move;

  if (network->game == NULL)
    return;
  per_move = catur_clock_get_control (catur_game_get_clock (network->game))->kind
             == CATUR_CLOCK_PER_MOVE;
  catur_game_set_clock_referee (network->game,
                                catur_net_play_is_host (network->play) && !per_move);
  follow_clock (self);
}

static void
game_changed_cb (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);

  if (network->over || network->game == NULL)
    return;
  if (catur_game_is_over (network->game))
    {
      save_record (self, "");
      drop_entry (self);
    }
  else
    keep_entry (self, FALSE);
}

static void
setup_game (CaturWindow *self,
            CaturGame   *game)
{
  CaturWindowNetwork *network = net (self);
  CaturGame *old = network->game;

  if (game == NULL)
    return;
  if (old != game)
    {
      if (old != NULL)
        {
          for (guint i = 0; i < G_N_ELEMENTS (network->game_ids); i++)
            g_clear_signal_handler (&network->game_ids[i], old);
          if (network->holding_clock)
            {
              network->holding_clock = FALSE;
              catur_game_release_clock (old);
            }
        }
      network->game = g_object_ref (game);
      g_clear_object (&old);
      /* A rematch is a game of its own; a game resumed goes on in its entry. */
      g_free (network->resume_path);
      network->resume_path = g_strdup (g_object_get_data (G_OBJECT (game), RESUME_KEY));
      network->game_ids[0] = g_signal_connect_object (game, "notify::draw-offer",
                                                      G_CALLBACK (draw_offer_changed_cb), self,
                                                      G_CONNECT_SWAPPED);
      network->game_ids[1] = g_signal_connect_object (game, "changed",
                                                      G_CALLBACK (game_changed_cb), self,
                                                      G_CONNECT_SWAPPED);
      network->game_ids[2] = g_signal_connect_object (game, "notify::clock",
                                                      G_CALLBACK (set_referee), self,
                                                      G_CONNECT_SWAPPED);
    }
  catur_game_set_bottom_side (game, local_seat (self));
  catur_game_set_undo_policy (game, CATUR_UNDO_POLICY_ASK);
  set_referee (self);
  name_players (self);
  if (!catur_game_is_over (game))
    keep_entry (self, FALSE);
  if (self->game != game)
    catur_window_start_game (self, game);
  else
    catur_window_network_game_shown (self, game);
}

static void
ready_cb (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  CaturNetSession *session = network->session;
  gboolean back = network->waiting;
  g_autofree char *text = NULL;

  g_free (network->peer_name);
  network->peer_name = g_strdup (catur_net_session_get_peer_name (session));
  setup_game (self, catur_net_session_get_game (session));
  stop_waiting (self);
  hold_clock (self, FALSE);
  if (back)
    /* Translators: a toast; %s is the friend's name */
    text = g_strdup_printf (_("%s is back: the game goes on"), peer_name (self));
  else
    /* Translators: a toast as a network game starts: the friend's name, then the local
     * player's side, e.g. "Playing Budi over the network: you play Red" */
    text = g_strdup_printf (_("Playing %s over the network: you play %s"), peer_name (self),
                            catur_game_get_side_name (network->game, local_seat (self)));
  say (self, text);
  catur_window_actions_update (self);
}

static void
session_game_cb (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  CaturGame *game = network->session != NULL ? catur_net_session_get_game (network->session)
                                             : NULL;
  g_autofree char *text = NULL;

  /* A rematch: the new game, the seats swapped. */
  if (game == NULL || game == network->game || network->game == NULL
      || catur_net_session_get_state (network->session) != CATUR_NET_STATE_PLAYING)
    return;
  setup_game (self, game);
  /* Translators: a toast when the rematch starts; %s is the local player's new side */
  text = g_strdup_printf (_("The rematch starts: you play %s"),
                          catur_game_get_side_name (game, local_seat (self)));
  say (self, text);
}

static void
session_started_cb (CaturWindow     *self,
                    CaturNetSession *session)
{
  CaturWindowNetwork *network = net (self);

  if (network->session != NULL)
    g_signal_handlers_disconnect_by_data (network->session, self);
  g_set_object (&network->session, session);
  g_signal_connect_object (session, "ready", G_CALLBACK (ready_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::game", G_CALLBACK (session_game_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "take-back-asked", G_CALLBACK (take_back_asked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "take-back-answered", G_CALLBACK (take_back_answered_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "draw-answered", G_CALLBACK (draw_answered_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "rematch-asked", G_CALLBACK (rematch_asked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "rematch-answered", G_CALLBACK (rematch_answered_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "chat", G_CALLBACK (chat_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "refused", G_CALLBACK (refused_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "closed", G_CALLBACK (closed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "deal-checked", G_CALLBACK (deal_checked_cb), self,
                           G_CONNECT_SWAPPED);
}

/**
 * catur_window_play_network:
 * @self: a #CaturWindow
 * @play: the game over the network, host's or joiner's
 * @connection: its first connection, not attached yet
 * @host: (nullable): the host's listener, which lets the friend back in after a drop
 * @publisher: (nullable): the host's listing on the local network, stopped with the game
 * @rejoin: (nullable): the joiner's invitation, to join again after a drop
 *
 * Plays @play in the window: the board plays the local seat, the friend's moves come over
 * @connection. A network game played until now is left first (its friend is told).
 */
void
catur_window_play_network (CaturWindow          *self,
                           CaturNetPlay         *play,
                           CaturNetConnection   *connection,
                           CaturNetHost         *host,
                           CaturNetPublisher    *publisher,
                           const CaturNetInvite *rejoin)
{
  CaturWindowNetwork *network;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (CATUR_IS_NET_PLAY (play));
  g_return_if_fail (CATUR_IS_NET_CONNECTION (connection));

  network = net (self);
  if (network->play != NULL)
    leave_game (self, TRUE);
  g_clear_object (&network->game);
  g_clear_pointer (&network->peer_name, g_free);
  network->over = FALSE;
  network->play = g_object_ref (play);
  network->host = host != NULL ? g_object_ref (host) : NULL;
  network->publisher = publisher != NULL ? g_object_ref (publisher) : NULL;
  network->rejoin = rejoin != NULL ? catur_net_invite_copy (rejoin) : NULL;
  for (GtkWidget *row; (row = gtk_widget_get_first_child (GTK_WIDGET (network->chat_list)));)
    gtk_list_box_remove (network->chat_list, row);
  gtk_widget_set_visible (GTK_WIDGET (network->chat_scroller), FALSE);

  network->play_ids[0] = g_signal_connect_object (play, "session-started",
                                                  G_CALLBACK (session_started_cb), self,
                                                  G_CONNECT_SWAPPED);
  network->play_ids[1] = g_signal_connect_object (play, "connection-lost",
                                                  G_CALLBACK (connection_lost_cb), self,
                                                  G_CONNECT_SWAPPED);
  network->play_ids[2] = g_signal_connect_object (play, "deal-changed",
                                                  G_CALLBACK (deal_changed_cb), self,
                                                  G_CONNECT_SWAPPED);
  if (host != NULL)
    network->host_refused_id = g_signal_connect_object (host, "refused",
                                                        G_CALLBACK (host_refused_cb), self,
                                                        G_CONNECT_SWAPPED);
  if (host != NULL)
    network->host_id = g_signal_connect_object (host, "peer-joined",
                                                 G_CALLBACK (peer_joined_cb), self,
                                                 G_CONNECT_SWAPPED);
  /* The host's game is known now; the joiner's comes with the host's welcome. */
  if (catur_net_play_get_game (play) != NULL)
    setup_game (self, catur_net_play_get_game (play));
  g_set_object (&network->attached, connection);
  if (!catur_net_play_attach (play, connection, &error))
    {
      say (self, error->message);
      end_network (self, "");
    }
}

/* --- The window's actions in a network game ------------------------------------------ */

static void
resign_answer (CaturWindow *self,
               gboolean     yes)
{
  g_autoptr(GError) error = NULL;

  if (yes && net (self)->session != NULL
      && !catur_net_session_resign (net (self)->session, &error))
    report_error (self, error);
}

static gboolean
play_move (CaturWindow     *self,
           const CaturMove *move)
{
  CaturWindowNetwork *network = net (self);
  g_autoptr(GError) error = NULL;

  if (network->session == NULL
      || catur_net_session_get_state (network->session) != CATUR_NET_STATE_PLAYING)
    {
      say (self, _("Your friend is not connected: wait for them to come back"));
      return TRUE;
    }
  if (!catur_net_session_play_move (network->session, move, &error))
    {
      report_error (self, error);
      return TRUE;
    }
  return TRUE;
}

static gboolean
move_chosen_cb (CaturWindow     *self,
                const CaturMove *move)
{
  if (!shown (self))
    return FALSE;
  return play_move (self, move);
}

/**
 * catur_window_network_action:
 * @self: a #CaturWindow
 * @name: a win.* action's name
 * @parameter: (nullable): its parameter
 *
 * In a network game the window's actions about the players go to the friend: undo and
 * take-back ask for a take-back, offer-draw offers one, resign resigns (once confirmed),
 * play-again asks for a rematch, declare plays through the network.
 *
 * Returns: %TRUE when the action was the network game's
 */
gboolean
catur_window_network_action (CaturWindow *self,
                             const char  *name,
                             GVariant    *parameter)
{
  CaturWindowNetwork *network = net (self);
  CaturNetSession *session = network->session;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!shown (self))
    return FALSE;
  if (session == NULL || catur_net_session_get_state (session) != CATUR_NET_STATE_PLAYING)
    {
      say (self, _("Your friend is not connected: wait for them to come back"));
      return TRUE;
    }
  if (g_str_equal (name, "undo") || g_str_equal (name, "take-back"))
    {
      if (!catur_net_session_ask_take_back (session, &error))
        report_error (self, error);
      else
        {
          /* Translators: a toast; %s is the friend's name */
          text = g_strdup_printf (_("Asked %s to allow a take-back"), peer_name (self));
          say (self, text);
        }
      catur_window_actions_update (self);
    }
  else if (g_str_equal (name, "offer-draw"))
    {
      if (!catur_net_session_offer_draw (session, &error))
        report_error (self, error);
      else
        {
          /* Translators: a toast; %s is the friend's name */
          text = g_strdup_printf (_("Draw offered to %s"), peer_name (self));
          say (self, text);
        }
    }
  else if (g_str_equal (name, "resign"))
    ask (self, _("Resign the Game?"), _("Your friend wins the game."), _("_Cancel"),
         _("_Resign"), TRUE, resign_answer);
  else if (g_str_equal (name, "play-again"))
    {
      if (!catur_net_session_ask_rematch (session, &error))
        report_error (self, error);
      else
        {
          /* Translators: a toast; %s is the friend's name */
          text = g_strdup_printf (_("Asked %s for a rematch"), peer_name (self));
          say (self, text);
        }
    }
  else
    return FALSE;
  return TRUE;
}

/* A move of the window's own (a declaration), through the network in a network game. */
gboolean
catur_window_network_play (CaturWindow     *self,
                           const CaturMove *move)
{
  if (!shown (self))
    return FALSE;
  return play_move (self, move);
}

/**
 * catur_window_network_update_actions:
 * @self: a #CaturWindow
 *
 * What makes no sense against a friend on another computer is disabled: a take-back or a
 * question while a question waits, the computer's level and players, a hint on the friend's
 * turn; the rematch only once the game is over.
 */
void
catur_window_network_update_actions (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  CaturNetSession *session = network != NULL ? network->session : NULL;
  gboolean playing_net = network != NULL && shown (self);
  gboolean connected = playing_net && session != NULL
                       && catur_net_session_get_state (session) == CATUR_NET_STATE_PLAYING;
  CaturGame *game = self->game;
  CaturSide seat;
  gboolean own_turn, over, take_back;

  catur_window_update_players_button (self);
  if (network != NULL)
    gtk_widget_set_visible (network->chat_panel, playing_net);
  if (!playing_net)
    return;
  seat = local_seat (self);
  over = catur_game_is_over (game);
  own_turn = !over && catur_game_get_side_to_move (game) == seat;
  take_back = connected && !over && catur_game_can_take_back (game, NULL)
              && catur_game_get_take_back_plies (game, seat) > 0
              && catur_net_session_get_take_back_asker (session) == CATUR_SIDE_NONE;
  catur_window_set_action_enabled (self, "undo", take_back);
  catur_window_set_action_enabled (self, "take-back", take_back);
  catur_window_set_action_enabled (self, "resign", connected && !over);
  catur_window_set_action_enabled (self, "offer-draw",
                                   connected && !over && catur_game_draw_offer_is_open (game)
                                   && catur_game_get_draw_offer (game) == CATUR_SIDE_NONE);
  catur_window_set_action_enabled (self, "play-again",
                                   connected && over
                                   && catur_net_session_get_rematch_asker (session)
                                      == CATUR_SIDE_NONE);
  catur_window_set_action_enabled (self, "hint",
                                   own_turn && g_action_get_enabled (
                                     g_action_map_lookup_action (G_ACTION_MAP (self), "hint")));
  catur_window_set_action_enabled (self, "restore-game", FALSE);
}

/**
 * catur_window_network_game_shown:
 * @self: a #CaturWindow
 * @game: the game now shown
 *
 * The board plays the local seat only while the network game is shown.
 */
void
catur_window_network_game_shown (CaturWindow *self,
                                 CaturGame   *game)
{
  CaturWindowNetwork *network = net (self);
  CaturSelection *selection = catur_board_view_get_selection (self->board_view);

  if (network == NULL)
    return;
  /* A way round the question (another game shown while the friend plays on): the game is
   * left, and the friend told, rather than played on unseen. */
  if (network->play != NULL && !network->over && network->game != NULL && game != network->game)
    {
      g_autofree char *text = NULL;

      /* Translators: a toast; %s is the friend's name */
      text = g_strdup_printf (_("You left the game with %s"), peer_name (self));
      leave_game (self, TRUE);
      say (self, text);
    }
  if (catur_window_network_owns (self, game))
    {
      g_autofree char *waits = NULL;

      /* Translators: said when the player presses the board on the friend's turn; %s is the
       * friend's name */
      waits = g_strdup_printf (_("It is %s's turn: wait for their move"), peer_name (self));
      catur_selection_set_player (selection, local_seat (self), waits);
    }
  else
    catur_selection_set_player (selection, CATUR_SIDE_NONE, NULL);
  catur_window_network_update_actions (self);
}

/**
 * catur_window_network_describe:
 * @self: a #CaturWindow
 *
 * Returns: (transfer full) (nullable): who plays whom, as a sentence, in a network game shown
 */
char *
catur_window_network_describe (CaturWindow *self)
{
  if (self->network == NULL || !shown (self))
    return NULL;
  /* Translators: said when the window comes up: the local player's side and the friend's
   * name, e.g. "You play Red against Budi, over the network." */
  return g_strdup_printf (_("You play %s against %s, over the network."),
                          catur_game_get_side_name (self->game, local_seat (self)),
                          peer_name (self));
}

/* --- Resuming later ------------------------------------------------------------------- */

static void
resume_toast_cb (CaturWindow *self)
{
  CaturNewGameDialog *dialog;

  catur_window_show_new_game_dialog (self);
  dialog = catur_window_get_new_game_dialog (self);
  if (dialog != NULL)
    catur_new_game_dialog_show_resume (dialog);
}

/**
 * catur_window_network_interrupted:
 * @self: a #CaturWindow
 * @variant: the game whose autosave is a network game's
 *
 * Catur starts again after it was quit or killed during a network game of @variant: the game
 * cannot go on alone, so it is not brought back as a local game. Its entry (written after
 * every move, catur-adjourned.c) is adjourned, with the deal of the autosave beside it when
 * the entry has none, and a toast offers to resume it from the new-game dialog.
 */
void
catur_window_network_interrupted (CaturWindow  *self,
                                  CaturVariant *variant)
{
  g_autoptr(GPtrArray) entries = catur_adjourned_list (catur_variant_get_id (variant), FALSE);
  g_autofree char *autosave = catur_autosave_get_path (catur_variant_get_id (variant));
  g_autofree char *autosave_deal = NULL;
  g_autofree char *text = NULL;
  g_autofree char *escaped = NULL;
  const char *friend_name = NULL;
  AdwToast *toast;
  char *dot = strrchr (autosave, '.');

  if (dot != NULL)
    *dot = '\0';
  autosave_deal = g_strconcat (autosave, ".deal", NULL);
  for (guint i = 0; i < entries->len; i++)
    {
      CaturAdjourned *entry = g_ptr_array_index (entries, i);
      g_autofree char *deal = catur_adjourned_deal_path (entry->path);
      g_autofree char *data = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;

      if (entry->adjourned)
        continue;
      if (!g_file_test (deal, G_FILE_TEST_EXISTS)
          && g_file_get_contents (autosave_deal, &data, &length, NULL))
        g_file_set_contents_full (deal, data, (gssize) length, G_FILE_SET_CONTENTS_CONSISTENT,
                                  0600, NULL);
      if (!catur_adjourned_set_adjourned (entry->path, &error))
        g_message ("The interrupted network game was not adjourned: %s", error->message);
      if (friend_name == NULL)
        friend_name = entry->friend_name;
    }
  g_remove (autosave_deal);
  /* The autosave is the network game's no longer: the new game takes its place. */
  g_remove (autosave);
  if (friend_name == NULL)
    return;
  /* Translators: a toast when Catur starts again after it was closed during a game over the
   * network; %s is the friend's name */
  text = g_strdup_printf (_("Your game with %s was interrupted. It is kept: you can resume it "
                            "when your friend is ready."),
                          *friend_name != '\0' ? friend_name : _("Your friend"));
  escaped = g_markup_escape_text (text, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_button_label (toast, _("_Resume…"));
  adw_toast_set_timeout (toast, 0);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (resume_toast_cb), self,
                           G_CONNECT_SWAPPED);
  catur_window_add_toast (self, toast);
  catur_window_announce (self, text);
}

/**
 * catur_window_network_get_resume_path:
 * @self: a #CaturWindow
 *
 * Returns: (nullable): the entry of the network game played now, which the new-game dialog
 *   does not offer to resume
 */
const char *
catur_window_network_get_resume_path (CaturWindow *self)
{
  if (self->network == NULL || self->network->play == NULL || self->network->over)
    return NULL;
  return self->network->resume_path;
}

/* --- Leaving ------------------------------------------------------------------------- */

static void
leave_game (CaturWindow *self,
            gboolean     say_leave)
{
  CaturWindowNetwork *network = net (self);

  if (network->play == NULL)
    return;
  if (say_leave && network->session != NULL
      && catur_net_session_get_state (network->session) == CATUR_NET_STATE_PLAYING)
    catur_net_session_leave (network->session, NULL);
  end_network (self, "");
}

typedef struct
{
  CaturWindowNetworkThen then;
  gpointer data;
  GDestroyNotify destroy;
} Pending;

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  if (pending->destroy != NULL)
    pending->destroy (pending->data);
  g_free (pending);
}

static void
leave_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   CaturWindow      *self)
{
  Pending *pending = g_object_get_data (G_OBJECT (dialog), "pending");

  if (self->network == NULL || net (self)->question != dialog)
    return;
  net (self)->question = NULL;
  if (g_strcmp0 (response, "leave") != 0)
    return;
  leave_game (self, TRUE);
  pending->then (self, pending->data);
}

/**
 * catur_window_network_guard:
 * @self: a #CaturWindow
 * @then: what to do once the player agreed to leave the network game
 * @data: its data
 * @destroy: (nullable): frees @data
 *
 * Another game, or closing the window, leaves a network game in progress: the player is asked
 * first ("Leave the game with Budi?"); on yes the friend is told, the connection closed, the
 * game kept, and @then is called.
 *
 * Returns: %TRUE when the question was asked (@then comes later, or never); %FALSE when there
 *   is no network game in progress, and @then was not called (@data is freed): the caller
 *   goes on
 */
gboolean
catur_window_network_guard (CaturWindow            *self,
                            CaturWindowNetworkThen  then,
                            gpointer                data,
                            GDestroyNotify          destroy)
{
  CaturWindowNetwork *network = net (self);
  AdwMessageDialog *dialog;
  Pending *pending;
  g_autofree char *heading = NULL;
  const char *body;

  if (network == NULL || network->play == NULL || network->over
      || (network->game != NULL && catur_game_is_over (network->game)))
    {
      /* Nothing to lose in a game over: the friend is told, and the window goes on at once. */
      if (network != NULL && network->play != NULL && !network->over)
        leave_game (self, TRUE);
      if (destroy != NULL)
        destroy (data);
      return FALSE;
    }
  close_question (self);
  /* Translators: a dialog's heading; %s is the friend's name */
  heading = g_strdup_printf (_("Leave the Game with %s?"), peer_name (self));
  body = _("Your friend will be told that you left. The game is kept with your network games.");
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_responses (dialog, "stay", _("_Stay"), "leave", _("_Leave"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "leave", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "stay");
  adw_message_dialog_set_close_response (dialog, "stay");
  pending = g_new0 (Pending, 1);
  pending->then = then;
  pending->data = data;
  pending->destroy = destroy;
  g_object_set_data_full (G_OBJECT (dialog), "pending", pending, pending_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (leave_response_cb), self, 0);
  network->question = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
  catur_a11y_present_dialog (GTK_WINDOW (dialog), heading, body);
  return TRUE;
}

/* --- The widgets ---------------------------------------------------------------------- */

static void
build_banner (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  GtkWidget *box;

  network->banner = GTK_REVEALER (gtk_revealer_new ());
  gtk_widget_set_name (GTK_WIDGET (network->banner), "network-banner");
  gtk_revealer_set_transition_type (network->banner, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_widget_set_visible (GTK_WIDGET (network->banner), FALSE);
  gtk_widget_set_valign (GTK_WIDGET (network->banner), GTK_ALIGN_START);
  gtk_widget_set_halign (GTK_WIDGET (network->banner), GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (GTK_WIDGET (network->banner), 6);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_add_css_class (box, "app-notification");
  network->banner_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (network->banner_label, TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (network->banner_label));
  network->adjourn_button = gtk_button_new_with_mnemonic (_("_Adjourn"));
  gtk_widget_set_name (network->adjourn_button, "network-adjourn");
  gtk_widget_set_tooltip_text (network->adjourn_button,
                               _("Keep the game to finish it another time"));
  g_signal_connect_object (network->adjourn_button, "clicked", G_CALLBACK (adjourn_clicked_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), network->adjourn_button);
  network->claim_button = gtk_button_new_with_mnemonic (_("_Claim the Game"));
  gtk_widget_set_name (network->claim_button, "network-claim");
  gtk_widget_set_tooltip_text (network->claim_button,
                               _("End the game as a win: your friend did not come back"));
  gtk_widget_add_css_class (network->claim_button, "destructive-action");
  g_signal_connect_object (network->claim_button, "clicked", G_CALLBACK (claim_clicked_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), network->claim_button);
  gtk_widget_set_visible (network->adjourn_button, FALSE);
  gtk_widget_set_visible (network->claim_button, FALSE);
  gtk_revealer_set_child (network->banner, box);
  gtk_overlay_add_overlay (self->board_overlay, GTK_WIDGET (network->banner));
}

static void
build_chat (CaturWindow *self)
{
  CaturWindowNetwork *network = net (self);
  GtkWidget *heading;

  network->chat_panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_name (network->chat_panel, "network-chat");
  gtk_widget_set_margin_top (network->chat_panel, 10);
  gtk_widget_set_margin_start (network->chat_panel, 12);
  gtk_widget_set_margin_end (network->chat_panel, 12);
  heading = gtk_label_new (_("Chat"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_set_margin_start (heading, 6);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (network->chat_panel), heading);

  network->chat_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_set_name (GTK_WIDGET (network->chat_list), "network-chat-list");
  gtk_list_box_set_selection_mode (network->chat_list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (network->chat_list), "boxed-list");
  /* The scroller is at least as tall as its scrollbar: a list that filled it would draw its
   * boxed background under one short line as an empty card. */
  gtk_widget_set_valign (GTK_WIDGET (network->chat_list), GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (network->chat_list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Chat messages"), -1);
  network->chat_scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (network->chat_scroller, GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (network->chat_scroller, TRUE);
  gtk_scrolled_window_set_max_content_height (network->chat_scroller, 120);
  gtk_scrolled_window_set_child (network->chat_scroller, GTK_WIDGET (network->chat_list));
  gtk_widget_set_visible (GTK_WIDGET (network->chat_scroller), FALSE);
  gtk_box_append (GTK_BOX (network->chat_panel), GTK_WIDGET (network->chat_scroller));

  network->chat_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_name (GTK_WIDGET (network->chat_entry), "network-chat-entry");
  gtk_entry_set_placeholder_text (network->chat_entry, _("Message your friend"));
  gtk_entry_set_max_length (network->chat_entry, CHAT_MAX / 4);
  gtk_accessible_update_property (GTK_ACCESSIBLE (network->chat_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Message your friend"), -1);
  g_signal_connect_object (network->chat_entry, "activate", G_CALLBACK (chat_activate_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_editable_get_delegate (GTK_EDITABLE (network->chat_entry)),
                           "insert-text", G_CALLBACK (chat_insert_text_cb), self, 0);
  gtk_box_append (GTK_BOX (network->chat_panel), GTK_WIDGET (network->chat_entry));
  gtk_widget_set_visible (network->chat_panel, FALSE);
  /* Under the players' trays, above the record: the conversation belongs with the players. */
  gtk_box_insert_child_after (GTK_BOX (self->sidebar), network->chat_panel,
                              GTK_WIDGET (self->tray_panel));
}

void
catur_window_network_init (CaturWindow *self)
{
  self->network = g_new0 (CaturWindowNetwork, 1);
  build_banner (self);
  build_chat (self);
  g_signal_connect_object (self->board_view, "move-chosen", G_CALLBACK (move_chosen_cb), self,
                           G_CONNECT_SWAPPED);
}

void
catur_window_network_dispose (CaturWindow *self)
{
  CaturWindowNetwork *network = self->network;

  if (network == NULL)
    return;
  /* The window goes with the game under way (the program quits): the game is adjourned, not
   * left, so that both players can resume it; the friend sees a drop and may adjourn too. */
  if (network->play != NULL && !network->over && network->game != NULL
      && !catur_game_is_over (network->game) && catur_game_get_n_plies (network->game) > 0)
    {
      save_record (self, "-adjourned");
      keep_adjourned_deal (self);
      end_network (self, "-adjourned");
    }
  leave_game (self, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (network->game_ids); i++)
    if (network->game != NULL)
      g_clear_signal_handler (&network->game_ids[i], network->game);
  g_clear_object (&network->game);
  g_free (network->peer_name);
  g_free (network->resume_path);
  g_clear_pointer (&self->network, g_free);
}
