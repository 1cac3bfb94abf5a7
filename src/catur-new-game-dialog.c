/* catur-new-game-dialog.c: the set-up of a new game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row for each option the variant declares (CaturSetupOption), so the
 * dialog knows no game: a handicap, a start position, whatever the plugin
 * offers. Under them the players: the opponent (another person or the
 * computer), the computer's level, which side the player at the bottom of the
 * board takes (after a finished game the colour-swap rule proposes the other
 * one; against the computer, the side the person plays), and the two-player
 * settings that shape the game; the rows that do not apply to the opponent
 * chosen are hidden. Against the computer, the engines of other programs the preferences keep
 * for the game are offered beside Catur's own, as in the players menu; the level is Catur's
 * own engine's and shows only for it. "Start" keeps the choices for next time and emits ::start;
 * the window starts the game with them.
 *
 * A choice is shown whole in its row ("Kuda yang Dilepas: Satu"): the row's title and
 * description wrap before it is cut short.
 *
 * The third opponent, a friend on another computer, plays over the network (docs/network.md).
 * The host sets the game up as for a local one; "Invite" makes the certificate, listens, lists
 * the game on the local network and shows the invitation (the link, the short code, the words)
 * until the friend joins. The friend joins with the link, or finds the game in the list or by
 * its code. Either way, once the first connection is made the dialog hands the game over
 * (::network-game-ready) and closes: the window plays it. A network game adjourned, or cut short
 * when Catur was closed, is offered again under "Adjourned Games": its host hosts it again with a
 * new invitation, its guest joins with the one the friend sends, each with the game kept
 * (catur-adjourned.c), and the hellos compare the records.
 */
#define G_LOG_DOMAIN "catur-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "catur-a11y.h"
#include "catur-adjourned.h"
#include "catur-new-game-dialog.h"
#include "catur-combo-row.h"
#include "catur-setup.h"

/* Who the opponent is: the opponent row offers those that apply to the game. */
typedef enum
{
  OPPONENT_PERSON,
  OPPONENT_COMPUTER,
  OPPONENT_NETWORK,
  N_OPPONENTS
} Opponent;

/* The network choice of "Host or Join". */
enum
{
  ROLE_HOST,
  ROLE_JOIN,
};

struct _CaturNewGameDialog
{
  AdwWindow parent_instance;

  /* Owned */
  GSettings *settings;
  CaturVariant *variant;
  CaturGame *previous;
  GPtrArray *option_rows;     /* AdwComboRow, one per setup option, in their order */
  GPtrArray *engine_ids;      /* the engine row's choices: "" for Catur's own, then entries */

  /* Template widgets */
  AdwWindowTitle *window_title;
  GtkWidget *start_button;
  AdwPreferencesGroup *options_group;
  AdwComboRow *opponent_row;
  AdwComboRow *level_row;
  AdwComboRow *engine_row;
  AdwComboRow *bottom_row;
  GtkWidget *swap_row;
  GtkSwitch *swap_switch;
  GtkWidget *permission_row;
  GtkSwitch *permission_switch;

  /* Network play: the host's page, the joiner's rows and pages */
  GtkStack *stack;
  GtkWidget *cancel_button;
  AdwEntryRow *name_row;
  AdwComboRow *role_row;
  GtkLabel *host_error_label;
  AdwPreferencesGroup *games_group;
  AdwPreferencesGroup *resume_group;
  AdwActionRow *games_status_row;
  AdwPreferencesGroup *link_group;
  AdwEntryRow *link_row;
  GtkWidget *link_join_button;
  AdwComboRow *link_game_row;
  GtkLabel *link_error_label;
  AdwPreferencesGroup *code_group;
  AdwEntryRow *code_row;
  GtkLabel *code_error_label;
  GtkLabel *link_label;
  GtkWidget *copy_button;
  GtkLabel *code_label;
  GtkLabel *words_label;
  GtkLabel *lan_label;
  GtkLabel *notice_label;
  GtkBox *invite_box;
  GtkLabel *invite_intro_label;
  GtkLabel *code_intro_label;
  GtkLabel *words_intro_label;
  GtkSpinner *invite_spinner;
  AdwStatusPage *connecting_page;
  GtkSpinner *connecting_spinner;
  GtkLabel *connecting_words_label;
  GtkWidget *connecting_cancel_button;
  GtkWidget *invite_cancel_button;
  GtkWidget *code_join_button;

  guint opponent_kinds[N_OPPONENTS];  /* the opponent row's choices, in its order */
  GPtrArray *game_rows;       /* the rows of the games found on the network */
  GPtrArray *link_game_ids;   /* the link's game row's choices: the plugins' game ids */

  /* Resuming a game kept (catur-adjourned.c) */
  GPtrArray *resume_rows;     /* the rows of "Adjourned Games" */
  GPtrArray *resume_entries;  /* their entries (CaturAdjourned), in the same order */
  char *playing_path;         /* the entry of the network game the window plays: not offered */
  CaturAdjourned *resuming;   /* the entry being resumed */
  CaturNetPlay *resume_play;  /* its game, waiting for the friend's connection */
  char *link_description;     /* the link group's own description, while a resume changes it */

  /* Hosting, until the friend joins */
  CaturNetHost *host;
  CaturNetPublisher *publisher;
  CaturNetInvite *invite;
  GVariant *host_options;
  CaturSide host_seat;
  char *player_name;

  /* Joining */
  CaturNetBrowser *browser;
  GCancellable *join_cancellable;
  CaturNetInvite *join_invite;
  CaturVariant *join_variant;
  CaturNetKnock *knock;
  GtkWidget *knock_banner;
  GtkLabel *knock_label;
  CaturNetConnection *knock_pending;

  gboolean bottom_chosen;     /* the player picked the side; the swap rule no longer does */
  gboolean proposing;
};

G_DEFINE_FINAL_TYPE (CaturNewGameDialog, catur_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  START,
  NETWORK_GAME_READY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* An option that depends on another matters only while that one is off its first choice. */
static void
update_sensitivity (CaturNewGameDialog *self)
{
  const CaturSetupOption *options;
  guint n;

  options = catur_variant_get_setup_options (self->variant, &n);
  for (guint i = 0; i < n; i++)
    {
      gboolean sensitive = TRUE;

      if (options[i].depends_on != NULL)
        for (guint j = 0; j < n; j++)
          if (g_str_equal (options[j].id, options[i].depends_on))
            sensitive = adw_combo_row_get_selected (g_ptr_array_index (self->option_rows, j)) > 0;
      gtk_widget_set_sensitive (g_ptr_array_index (self->option_rows, i), sensitive);
    }
}

static Opponent
opponent (CaturNewGameDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->opponent_row);

  return selected < N_OPPONENTS ? self->opponent_kinds[selected] : OPPONENT_PERSON;
}

/* Whether the game is to be played against the computer, as chosen in the dialog. */
static gboolean
against_computer (CaturNewGameDialog *self)
{
  return opponent (self) == OPPONENT_COMPUTER;
}

static gboolean
joining (CaturNewGameDialog *self)
{
  return opponent (self) == OPPONENT_NETWORK
         && adw_combo_row_get_selected (self->role_row) == ROLE_JOIN;
}

static void ensure_browser (CaturNewGameDialog *self);
static void clear_resume (CaturNewGameDialog *self);


/* AdwPreferencesGroup shows its list while it holds rows, shown or not: a game whose only
 * option is hidden (the time a move, against the computer) would leave an empty frame under
 * its name. */
static void
update_options_list (CaturNewGameDialog *self)
{
  gboolean shown = FALSE;

  if (self->option_rows->len == 0)
    return;
  for (guint i = 0; i < self->option_rows->len; i++)
    shown = shown || gtk_widget_get_visible (g_ptr_array_index (self->option_rows, i));
  gtk_widget_set_visible (gtk_widget_get_parent (g_ptr_array_index (self->option_rows, 0)),
                          shown);
}

/* Only the rows that apply to the opponent chosen: the level and "Your Side" against the
 * computer, the side at the bottom, the colour swap and the take-back permission between two
 * people; over the network the player's name and whether to host or join, and for a join the
 * ways to find the friend's game instead of the game's set-up. */
static void
update_player_rows (CaturNewGameDialog *self)
{
  Opponent kind = opponent (self);
  gboolean computer = kind == OPPONENT_COMPUTER;
  gboolean network = kind == OPPONENT_NETWORK;
  gboolean join = joining (self);
  const char *engine = catur_new_game_dialog_get_engine_id (self);

  gtk_widget_set_visible (GTK_WIDGET (self->level_row), computer && *engine == '\0');
  gtk_widget_set_visible (GTK_WIDGET (self->engine_row),
                          computer && self->engine_ids->len > 1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->bottom_row),
                                 kind != OPPONENT_PERSON ? _("Your Side")
                                                         : _("Player at the Bottom Plays"));
  gtk_widget_set_visible (GTK_WIDGET (self->bottom_row), !join);
  /* Over the network a rematch always swaps the seats, and a take-back is always asked. */
  gtk_widget_set_visible (self->swap_row, kind == OPPONENT_PERSON);
  gtk_widget_set_visible (self->permission_row,
                          kind == OPPONENT_PERSON && !(catur_variant_get_flags (self->variant)
                                                       & CATUR_VARIANT_NO_TAKE_BACKS));
  gtk_widget_set_visible (GTK_WIDGET (self->name_row), network);
  gtk_widget_set_visible (GTK_WIDGET (self->role_row), network);
  /* A time limit a move is for two people: against the computer there is no clock. */
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->option_rows, i);

      if (g_str_equal (gtk_widget_get_name (row), catur_setup_option_move_time ()->id))
        gtk_widget_set_visible (row, !computer);
    }
  update_options_list (self);
  /* The friend's game is set up on the friend's computer. */
  gtk_widget_set_visible (GTK_WIDGET (self->options_group), !join);
  gtk_widget_set_visible (GTK_WIDGET (self->games_group), join);
  gtk_widget_set_visible (GTK_WIDGET (self->resume_group),
                          network && self->resume_rows->len > 0);
  /* A guest's resume waits for the friend's link; choosing anything else gives it up. */
  if (self->resuming != NULL && !join)
    clear_resume (self);
  gtk_widget_set_visible (GTK_WIDGET (self->link_group), join);
  gtk_widget_set_visible (GTK_WIDGET (self->code_group), join);
  gtk_widget_set_visible (self->start_button, !join);
  gtk_button_set_label (GTK_BUTTON (self->start_button), network ? _("_Invite") : _("_Start"));
  gtk_label_set_text (self->host_error_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->host_error_label), FALSE);
  if (join)
    ensure_browser (self);
}

/* The side the player at the bottom takes by the colour-swap rule, said in the row. Against
 * the computer the person sits at the bottom, on the side they play (the human-side setting,
 * which Start sets to the side chosen here). */
static void
propose_bottom_side (CaturNewGameDialog *self)
{
  gboolean swap = gtk_switch_get_active (self->swap_switch);
  CaturSide side = CATUR_SIDE_FIRST;
  gboolean swapped = FALSE;

  if (opponent (self) == OPPONENT_NETWORK)
    side = CATUR_SIDE_FIRST;
  else if (against_computer (self))
    {
      g_autofree char *human = g_settings_get_string (self->settings, "human-side");

      side = g_str_equal (human, "second") ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
    }
  else if (self->previous != NULL)
    {
      side = catur_game_get_rematch_bottom_side (self->previous, swap);
      swapped = side != catur_game_get_bottom_side (self->previous);
    }

  if (!self->bottom_chosen)
    {
      self->proposing = TRUE;
      adw_combo_row_set_selected (self->bottom_row, side);
      self->proposing = FALSE;
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->bottom_row),
                               swapped && !self->bottom_chosen
                               ? _("Swapped: the players change sides after the last game")
                               : "");
}

static void
bottom_selected_cb (CaturNewGameDialog *self)
{
  if (self->proposing)
    return;
  self->bottom_chosen = TRUE;
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->bottom_row), "");
}

/* One combo row a declared option, showing the choice kept from last time. */
static void
build_option_rows (CaturNewGameDialog *self)
{
  g_autoptr(GVariant) kept = g_variant_ref_sink (catur_setup_load (self->variant));
  const CaturSetupOption *options;
  guint n;

  adw_preferences_group_set_title (self->options_group, catur_variant_get_name (self->variant));
  adw_preferences_group_set_description (self->options_group,
                                         catur_variant_get_description (self->variant));

  options = catur_variant_get_setup_options (self->variant, &n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
      AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
      gint selected;

      for (guint c = 0; c < options[i].n_choices; c++)
        gtk_string_list_append (labels, options[i].choices[c].label);
      adw_combo_row_set_model (row, G_LIST_MODEL (labels));
      catur_combo_row_show_choices_whole (row);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), options[i].label);
      if (options[i].description != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), options[i].description);
      selected = catur_setup_option_find_choice (&options[i],
                                                 catur_setup_option_get_value (&options[i], kept));
      adw_combo_row_set_selected (row, MAX (selected, 0));
      gtk_widget_set_name (GTK_WIDGET (row), options[i].id);
      g_signal_connect_object (row, "notify::selected", G_CALLBACK (update_sensitivity), self,
                               G_CONNECT_SWAPPED);

      g_ptr_array_add (self->option_rows, row);
      adw_preferences_group_add (self->options_group, GTK_WIDGET (row));
    }
  update_sensitivity (self);
}

static void
build_bottom_row (CaturNewGameDialog *self)
{
  g_autoptr(GtkStringList) sides = gtk_string_list_new (NULL);

  /* A new game's seats, before any move gives them colours. */
  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    gtk_string_list_append (sides, catur_variant_get_side_name (self->variant, NULL, side));
  adw_combo_row_set_model (self->bottom_row, G_LIST_MODEL (sides));
  catur_combo_row_show_choices_whole (self->bottom_row);
  propose_bottom_side (self);
  g_signal_connect_object (self->bottom_row, "notify::selected", G_CALLBACK (bottom_selected_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->swap_switch, "notify::active", G_CALLBACK (propose_bottom_side),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->opponent_row, "notify::selected",
                           G_CALLBACK (propose_bottom_side), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::human-side",
                           G_CALLBACK (propose_bottom_side), self, G_CONNECT_SWAPPED);
}

/* The level row's subtitle: how strong the level chosen plays this game, where measured. */
static void
update_level_strength (CaturNewGameDialog *self)
{
  CaturLevel level = catur_new_game_dialog_get_level (self);
  g_autofree char *strength = catur_variant_describe_level_strength (self->variant, level);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->level_row),
                               strength != NULL ? strength : "");
}

/* Catur's own engine, then the engines of other programs that play the game; the one chosen
 * for the game (`game-engines`) selected. */
static void
build_engine_row (CaturNewGameDialog *self)
{
  g_autoptr(GVariant) list = g_settings_get_value (self->settings, "engines");
  g_autoptr(GVariant) choices = g_settings_get_value (self->settings, "game-engines");
  g_autoptr(GPtrArray) entries = catur_engine_list_from_variant (list);
  GtkStringList *names = GTK_STRING_LIST (adw_combo_row_get_model (self->engine_row));
  const char *game = catur_variant_get_id (self->variant);
  const char *chosen = "";

  g_variant_lookup (choices, game, "&s", &chosen);
  gtk_string_list_append (names, _("Catur’s Own Engine"));
  g_ptr_array_add (self->engine_ids, g_strdup (""));
  for (guint i = 0; i < entries->len; i++)
    {
      CaturEngineEntry *entry = g_ptr_array_index (entries, i);

      if (!catur_engine_entry_plays (entry, game))
        continue;
      gtk_string_list_append (names, entry->name);
      g_ptr_array_add (self->engine_ids, g_strdup (entry->id));
      if (g_str_equal (entry->id, chosen))
        adw_combo_row_set_selected (self->engine_row, self->engine_ids->len - 1);
    }
  catur_combo_row_show_choices_whole (self->engine_row);
}

/* The opponent and level the players' settings have now; Start sets them to those chosen. */
static void
build_player_rows (CaturNewGameDialog *self)
{
  gboolean can_think = catur_variant_can_think (self->variant);
  GtkStringList *levels = GTK_STRING_LIST (adw_combo_row_get_model (self->level_row));
  GtkStringList *opponents = GTK_STRING_LIST (adw_combo_row_get_model (self->opponent_row));
  guint n_opponents = 0;

  /* A game without a computer player is for two people, here or over the network. */
  self->opponent_kinds[n_opponents++] = OPPONENT_PERSON;
  gtk_string_list_append (opponents, _("Two Players"));
  if (can_think)
    {
      self->opponent_kinds[n_opponents++] = OPPONENT_COMPUTER;
      gtk_string_list_append (opponents, _("Against the Computer"));
    }
  self->opponent_kinds[n_opponents++] = OPPONENT_NETWORK;
  gtk_string_list_append (opponents, _("A Friend on Another Computer"));

  /* The ladder, weakest first: a row's position is its level. */
  for (CaturLevel level = 0; level < CATUR_N_LEVELS; level++)
    gtk_string_list_append (levels, catur_level_get_name (level));

  catur_combo_row_show_choices_whole (self->opponent_row);
  catur_combo_row_show_choices_whole (self->level_row);
  adw_combo_row_set_selected (self->opponent_row,
                              can_think && g_settings_get_enum (self->settings, "mode") == 1
                              ? 1 : 0);
  adw_combo_row_set_selected (self->level_row,
                              MIN ((guint) g_settings_get_enum (self->settings, "level"),
                                   CATUR_N_LEVELS - 1));
  update_level_strength (self);
  g_signal_connect_object (self->level_row, "notify::selected",
                           G_CALLBACK (update_level_strength), self, G_CONNECT_SWAPPED);
  build_engine_row (self);
  update_player_rows (self);
  g_signal_connect_object (self->opponent_row, "notify::selected",
                           G_CALLBACK (update_player_rows), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine_row, "notify::selected",
                           G_CALLBACK (update_player_rows), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->role_row, "notify::selected",
                           G_CALLBACK (update_player_rows), self, G_CONNECT_SWAPPED);
}

/* Network play */

/* The name the player is known by when the setting names nobody: their real name, or their
 * user name when the system has none. */
static char *
default_player_name (void)
{
  const char *real = g_get_real_name ();

  if (real != NULL && *real != '\0' && !g_str_equal (real, "Unknown"))
    return g_strdup (real);
  return g_strdup (g_get_user_name ());
}

/* The longest start of @name in whole characters, and without control characters, that the
 * protocol's HELLO carries (a name of 1 to CATUR_NET_NAME_MAX bytes). */
static char *
wire_name (const char *name)
{
  g_autoptr(GString) clean = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      char bytes[6];
      int n = g_unichar_to_utf8 (g_unichar_iscntrl (c) ? ' ' : c, bytes);

      if (clean->len + n > CATUR_NET_NAME_MAX)
        break;
      g_string_append_len (clean, bytes, n);
    }
  g_strstrip (clean->str);
  return g_strdup (clean->str);
}

/* The name typed, or the default one when the row is left empty. */
static char *
typed_player_name (CaturNewGameDialog *self)
{
  g_autofree char *typed = wire_name (gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
  g_autofree char *fallback = NULL;

  if (*typed != '\0')
    return g_steal_pointer (&typed);
  fallback = default_player_name ();
  return wire_name (*fallback != '\0' ? fallback : "?");
}

/* Keeps the name for next time; the default one is kept as "", so that it follows the
 * system's. */
static void
keep_player_name (CaturNewGameDialog *self,
                  const char         *name)
{
  g_autofree char *fallback = default_player_name ();

  g_settings_set_string (self->settings, "network-name",
                         g_str_equal (name, fallback) ? "" : name);
}

/* How well @address suits an invitation: 0 not at all (loopback, link-local, not IPv4),
 * 2 an address of a local network, 1 any other. */
static int
address_rank (const struct sockaddr *address)
{
  g_autoptr(GInetAddress) inet = NULL;

  if (address == NULL || address->sa_family != AF_INET)
    return 0;
  inet = g_inet_address_new_from_bytes (
    (const guint8 *) &((const struct sockaddr_in *) address)->sin_addr, G_SOCKET_FAMILY_IPV4);
  if (g_inet_address_get_is_loopback (inet) || g_inet_address_get_is_link_local (inet)
      || g_inet_address_get_is_any (inet))
    return 0;
  return g_inet_address_get_is_site_local (inet) ? 2 : 1;
}

/* Whether @name may stand in a link as the computer's name: labels of letters, digits and
 * inner hyphens (RFC 1123), as the invitation's reader takes them. */
static gboolean
is_host_name (const char *name)
{
  g_auto(GStrv) labels = g_strsplit (name, ".", -1);

  if (*name == '\0' || strlen (name) > 253)
    return FALSE;
  for (guint i = 0; labels[i] != NULL; i++)
    {
      gsize length = strlen (labels[i]);

      if (length == 0 || length > 63 || labels[i][0] == '-' || labels[i][length - 1] == '-')
        return FALSE;
      for (gsize j = 0; j < length; j++)
        if (!g_ascii_isalnum (labels[i][j]) && labels[i][j] != '-')
          return FALSE;
    }
  return TRUE;
}

/* The address the friend is to reach this computer by: an IPv4 address of a local network on
 * an interface that is up (what a friend on the same network reaches), else the host name;
 * %NULL when there is neither.
 * IPv6 link-local addresses need their interface named, which the friend's differs from. */
static char *
best_host_address (void)
{
  struct ifaddrs *list = NULL;
  g_autofree char *best = NULL;
  int best_rank = 0;

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *i = list; i != NULL; i = i->ifa_next)
        {
          int rank;

          if (!(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK))
            continue;
          rank = address_rank (i->ifa_addr);
          if (rank > best_rank)
            {
              g_autoptr(GInetAddress) inet = g_inet_address_new_from_bytes (
                (const guint8 *) &((const struct sockaddr_in *) i->ifa_addr)->sin_addr,
                G_SOCKET_FAMILY_IPV4);

              g_free (best);
              best = g_inet_address_to_string (inet);
              best_rank = rank;
            }
        }
      freeifaddrs (list);
    }
  if (best != NULL)
    return g_steal_pointer (&best);
  return is_host_name (g_get_host_name ()) ? g_strdup (g_get_host_name ()) : NULL;
}

/* The words of @fingerprint, as the players compare them. */
static char *
words_text (const guint8 *fingerprint)
{
  g_auto(GStrv) words = catur_net_invite_words (fingerprint);

  return g_strjoinv ("  ", words);
}

static void
show_page (CaturNewGameDialog *self,
           const char         *name)
{
  gboolean setup = g_str_equal (name, "setup");

  gtk_stack_set_visible_child_name (self->stack, name);
  /* The pages that wait have their own Cancel, which goes back to the set-up. */
  gtk_widget_set_visible (self->cancel_button, setup);
  if (!setup)
    gtk_widget_set_visible (self->start_button, FALSE);
  else
    update_player_rows (self);
  gtk_spinner_set_spinning (self->invite_spinner, g_str_equal (name, "invite"));
  gtk_spinner_set_spinning (self->connecting_spinner, g_str_equal (name, "connecting"));
}

/* Shows @message under the rows of @label's group, and has the screen reader say it. */
static void
show_error (CaturNewGameDialog *self,
            GtkLabel           *label,
            const char         *message)
{
  gtk_label_set_text (label, message);
  gtk_widget_set_visible (GTK_WIDGET (label), *message != '\0');
  if (*message != '\0')
    catur_a11y_announce (GTK_WINDOW (self), message);
}

/* Hands the game over to whoever connected ::network-game-ready, and closes. */
static void
emit_ready (CaturNewGameDialog *self,
            CaturNetPlay       *play,
            CaturNetConnection *connection,
            CaturNetHost       *host,
            CaturNetPublisher  *publisher,
            CaturNetInvite     *rejoin)
{
  g_object_ref (self);
  g_signal_emit (self, signals[NETWORK_GAME_READY], 0, play, connection, host, publisher, rejoin);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

/* Stops hosting, unless the game was handed over (@stop false). */
static void
clear_host (CaturNewGameDialog *self,
            gboolean            stop)
{
  if (self->host != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->host, self);
      if (stop)
        catur_net_host_stop (self->host);
      g_clear_object (&self->host);
    }
  if (self->publisher != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->publisher, self);
      if (stop)
        catur_net_publisher_stop (self->publisher);
      g_clear_object (&self->publisher);
    }
  g_clear_pointer (&self->invite, catur_net_invite_free);
  g_clear_pointer (&self->host_options, g_variant_unref);
  if (stop && self->resuming != NULL && self->resuming->host)
    clear_resume (self);
  g_clear_object (&self->knock_pending);
  if (self->knock_banner != NULL)
    gtk_widget_set_visible (self->knock_banner, FALSE);
}

/* Stops joining; a join still under way ends as cancelled. */
static void
clear_join (CaturNewGameDialog *self)
{
  if (self->join_cancellable != NULL)
    {
      g_cancellable_cancel (self->join_cancellable);
      g_clear_object (&self->join_cancellable);
    }
  g_clear_pointer (&self->join_invite, catur_net_invite_free);
  g_clear_object (&self->join_variant);
  if (self->knock != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->knock, self);
      g_clear_object (&self->knock);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->connecting_words_label), FALSE);
}

/* The Cancel of a page that waits: back to the set-up, nothing kept running. */
static void
cancel_network_cb (CaturNewGameDialog *self)
{
  clear_host (self, TRUE);
  clear_join (self);
  show_page (self, "setup");
  gtk_widget_grab_focus (joining (self) ? GTK_WIDGET (self->link_row) : self->start_button);
}

/* The host's line about the local network: listed under which name, or why not. */
static void
update_lan_label (CaturNewGameDialog *self)
{
  const GError *error;
  g_autofree char *text = NULL;

  if (self->publisher == NULL)
    return;
  error = catur_net_publisher_get_error (self->publisher);
  if (catur_net_publisher_get_published (self->publisher))
    /* Translators: %s is the name the game is listed under, the player's name */
    text = g_strdup_printf (_("Listed on this network as “%s”."),
                            catur_net_publisher_get_service_name (self->publisher));
  else if (error != NULL)
    text = g_strdup (error->message);
  else
    text = g_strdup (_("Listing the game on this network…"));
  gtk_label_set_text (self->lan_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->lan_label), TRUE);
}

/* The friend is in: the game is made with the options and seat chosen, and handed over. */
static void
host_peer_joined_cb (CaturNetHost       *host,
                     CaturNetConnection *connection,
                     gboolean            reconnection,
                     gpointer            user_data)
{
  CaturNewGameDialog *self = user_data;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturNetPlay) play = g_steal_pointer (&self->resume_play);
  g_autoptr(CaturNetHost) kept_host = g_object_ref (host);
  g_autoptr(CaturNetPublisher) publisher = self->publisher != NULL
                                           ? g_object_ref (self->publisher) : NULL;

  /* A game resumed was made when it was chosen, with its deal. */
  if (play == NULL)
    {
      game = catur_net_play_new_game (self->variant, self->host_options);
      play = catur_net_play_new_host (game, self->host_seat, self->player_name);
    }
  /* The window keeps them from now on: the dialog lets go without stopping them. */
  clear_host (self, FALSE);
  emit_ready (self, play, connection, kept_host, publisher, NULL);
}

static void
host_refused_cb (CaturNetHost *host,
                 const GError *error,
                 gpointer      user_data)
{
  CaturNewGameDialog *self = user_data;
  g_autofree char *text = NULL;

  /* A wrong link, a stranger's bytes: the host player hears of it, and keeps waiting. */
  g_message ("A newcomer was refused: %s", error->message);
  /* Translators: on the invitation page; %s says who tried to join, and how */
  text = g_strdup_printf (_("%s — they were not let in."), error->message);
  gtk_label_set_text (self->notice_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), TRUE);
  catur_a11y_announce (GTK_WINDOW (self), text);
}

/* The knocker left, waited too long, or the link's friend came first: the question is gone. */
static void
knock_lost_cb (CaturNewGameDialog *self,
               const GError       *error,
               CaturNetConnection *pending)
{
  if (self->knock_pending != pending)
    return;
  g_clear_object (&self->knock_pending);
  gtk_widget_set_visible (self->knock_banner, FALSE);
  catur_a11y_announce (GTK_WINDOW (self), _("Your friend is no longer waiting to join."));
}

/* The question may be below the page's fold (a small screen, a long translation): the page
 * scrolls to it, without moving the focus, so that Enter does not answer it unseen. */
static gboolean
scroll_to_knock_cb (gpointer data)
{
  g_autoptr(CaturNewGameDialog) self = data;
  GtkWidget *scroller;
  GtkWidget *content;
  graphene_point_t top;

  if (self->knock_banner == NULL || !gtk_widget_get_visible (self->knock_banner))
    return G_SOURCE_REMOVE;
  scroller = gtk_widget_get_ancestor (self->knock_banner, GTK_TYPE_SCROLLED_WINDOW);
  content = scroller != NULL ? gtk_widget_get_ancestor (self->knock_banner, GTK_TYPE_VIEWPORT)
                             : NULL;
  if (content != NULL)
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  if (content != NULL
      && gtk_widget_compute_point (self->knock_banner, content, &GRAPHENE_POINT_INIT (0, 0),
                                   &top))
    gtk_adjustment_clamp_page (gtk_scrolled_window_get_vadjustment (
                                 GTK_SCROLLED_WINDOW (scroller)),
                               top.y, top.y + gtk_widget_get_height (self->knock_banner));
  return G_SOURCE_REMOVE;
}

/* Someone found the game by its code and waits: the host compares the words and lets them
 * in or turns them away. */
static void
host_knocked_cb (CaturNetHost       *host,
                 CaturNetConnection *pending,
                 const char         *name,
                 gpointer            user_data)
{
  CaturNewGameDialog *self = user_data;
  g_autofree char *text = NULL;

  g_set_object (&self->knock_pending, pending);
  g_signal_connect_object (pending, "connection-lost", G_CALLBACK (knock_lost_cb), self,
                           G_CONNECT_SWAPPED);
  /* Translators: %s is the name of the player who typed the game's code */
  text = g_strdup_printf (_("%s wants to join. Do they see the same words as you?"), name);
  gtk_label_set_text (self->knock_label, text);
  gtk_widget_set_visible (self->knock_banner, TRUE);
  /* Once the page has been laid out with the question in it. */
  g_timeout_add (100, scroll_to_knock_cb, g_object_ref (self));
  catur_a11y_announce (GTK_WINDOW (self), text);
}

static void
let_in_cb (CaturNewGameDialog *self)
{
  gtk_widget_set_visible (self->knock_banner, FALSE);
  if (self->host != NULL && self->knock_pending != NULL)
    catur_net_host_admit (self->host, self->knock_pending);
  g_clear_object (&self->knock_pending);
}

static void
turn_away_cb (CaturNewGameDialog *self)
{
  gtk_widget_set_visible (self->knock_banner, FALSE);
  if (self->host != NULL && self->knock_pending != NULL)
    catur_net_host_turn_away (self->host, self->knock_pending);
  g_clear_object (&self->knock_pending);
  gtk_widget_grab_focus (self->copy_button);
}

/* The question to the host, above the spinner of the invitation page. */
static void
build_knock_banner (CaturNewGameDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *let_in = gtk_button_new_with_mnemonic (_("_Let In"));
  GtkWidget *turn_away = gtk_button_new_with_mnemonic (_("_Turn Away"));

  self->knock_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->knock_label, TRUE);
  gtk_label_set_justify (self->knock_label, GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->knock_label), "heading");
  gtk_widget_add_css_class (let_in, "suggested-action");
  gtk_widget_add_css_class (let_in, "pill");
  gtk_widget_add_css_class (turn_away, "pill");
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (buttons), turn_away);
  gtk_box_append (GTK_BOX (buttons), let_in);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->knock_label));
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_widget_add_css_class (box, "card");
  gtk_widget_set_margin_top (box, 12);
  /* A card draws its border at its edge: the question and the buttons keep off it. */
  gtk_widget_set_margin_top (GTK_WIDGET (self->knock_label), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->knock_label), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->knock_label), 12);
  gtk_widget_set_margin_bottom (buttons, 12);
  catur_a11y_name_button_by_content (GTK_BUTTON (let_in));
  catur_a11y_name_button_by_content (GTK_BUTTON (turn_away));
  g_signal_connect_swapped (let_in, "clicked", G_CALLBACK (let_in_cb), self);
  g_signal_connect_swapped (turn_away, "clicked", G_CALLBACK (turn_away_cb), self);
  gtk_widget_set_visible (box, FALSE);
  gtk_box_insert_child_after (self->invite_box, box, GTK_WIDGET (self->notice_label));
  self->knock_banner = box;
}

/* "Invite": the certificate, a host listening, the game listed, and the invitation shown. */
static void
host_game (CaturNewGameDialog *self)
{
  g_autofree char *dir = catur_net_cert_default_dir ();
  g_autoptr(GError) set_aside = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autofree char *address = NULL;
  g_autofree char *link = NULL;
  g_autofree char *words = NULL;
  g_autofree char *code = NULL;
  guint8 fingerprint[CATUR_NET_FINGERPRINT_SIZE];
  guint8 secret[CATUR_NET_SECRET_SIZE];
  g_autoptr(GVariant) port_setting = NULL;
  guint16 port;

  show_error (self, self->host_error_label, "");
  certificate = catur_net_cert_ensure (dir, &set_aside, &error);
  if (certificate == NULL || !catur_net_cert_get_fingerprint (certificate, fingerprint))
    {
      g_autofree char *text = NULL;

      /* Translators: %s says what went wrong */
      text = g_strdup_printf (_("Catur cannot host a game on this computer: %s"),
                              error != NULL ? error->message : _("the certificate is unusable"));
      show_error (self, self->host_error_label, text);
      return;
    }

  catur_net_random_bytes (secret, sizeof secret);
  self->host = catur_net_host_new (certificate, secret);
  port_setting = g_settings_get_value (self->settings, "network-port");
  port = g_variant_get_uint16 (port_setting);
  if (!catur_net_host_listen (self->host, port, &error))
    {
      g_autofree char *text = NULL;

      clear_host (self, TRUE);
      if (port != 0)
        /* Translators: %u is the port set in the "network-port" setting, %s why it failed */
        text = g_strdup_printf (_("Catur cannot wait for your friend on port %u: %s"), port,
                                error->message);
      else
        /* Translators: %s says what went wrong */
        text = g_strdup_printf (_("Catur cannot wait for your friend: %s"), error->message);
      show_error (self, self->host_error_label, text);
      return;
    }
  port = catur_net_host_get_port (self->host);

  g_free (self->player_name);
  if (self->resume_play != NULL)
    {
      /* A game resumed keeps its own set-up, and the name the friend knows. */
      self->host_options = g_variant_ref (catur_game_get_options (
        catur_net_play_get_game (self->resume_play)));
      self->host_seat = catur_net_play_get_seat (self->resume_play);
      self->player_name = g_strdup (catur_net_play_get_name (self->resume_play));
    }
  else
    {
      /* The set-up is kept as Start keeps it, for next time. */
      self->host_options = g_variant_ref_sink (catur_new_game_dialog_get_options (self));
      catur_setup_store (self->variant, self->host_options);
      self->host_seat = catur_new_game_dialog_get_bottom_side (self);
      self->player_name = typed_player_name (self);
      keep_player_name (self, self->player_name);
    }

  address = best_host_address ();
  if (address == NULL)
    {
      clear_host (self, TRUE);
      show_error (self, self->host_error_label,
                  _("This computer has no network address to give your friend. Is it connected "
                    "to a network?"));
      return;
    }
  self->invite = catur_net_invite_new (address, port, fingerprint);
  memcpy (self->invite->secret, secret, sizeof secret);
  catur_net_invite_set_game (self->invite, catur_variant_get_id (self->variant));
  code = catur_net_code_new ();
  g_signal_connect (self->host, "peer-joined", G_CALLBACK (host_peer_joined_cb), self);
  g_signal_connect (self->host, "refused", G_CALLBACK (host_refused_cb), self);
  catur_net_host_set_code (self->host, code);
  g_signal_connect (self->host, "knocked", G_CALLBACK (host_knocked_cb), self);
  self->publisher = catur_net_publisher_new (self->player_name,
                                             catur_variant_get_id (self->variant), code, port,
                                             CATUR_NET_INVITE_VERSION);
  g_signal_connect_swapped (self->publisher, "notify", G_CALLBACK (update_lan_label), self);

  link = catur_net_invite_format (self->invite);
  words = words_text (fingerprint);
  gtk_label_set_text (self->link_label, link);
  gtk_label_set_text (self->code_label, code);
  gtk_label_set_text (self->words_label, words);
  gtk_widget_set_visible (GTK_WIDGET (self->link_label), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->code_label), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->words_label), TRUE);
  update_lan_label (self);
  if (set_aside != NULL)
    {
      g_autofree char *text = NULL;

      /* Translators: %s says what was wrong with the old certificate */
      text = g_strdup_printf (_("A new certificate was made: %s Links you sent before no "
                                "longer work."), set_aside->message);
      gtk_label_set_text (self->notice_label, text);
    }
  else if (self->resuming != NULL)
    {
      g_autofree char *text = NULL;

      /* Translators: on the invitation page of a game resumed; %s is the friend's name */
      text = g_strdup_printf (_("Resuming your game with %s: send them this new invitation. "
                                "Their Catur must resume the same game."),
                              self->resuming->friend_name);
      gtk_label_set_text (self->notice_label, text);
    }
  else
    gtk_label_set_text (self->notice_label, "");
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label),
                          set_aside != NULL || self->resuming != NULL);
  show_page (self, "invite");
  gtk_widget_grab_focus (self->copy_button);
  {
    g_autofree char *said = NULL;

    /* Translators: what a screen reader says when the invitation is shown: the code, the
     * words to compare, then that Catur waits */
    said = g_strdup_printf (_("Invite Your Friend. Send the link, or give the code %s. "
                              "The words are: %s. Waiting for your friend…"), code, words);
    catur_a11y_announce (GTK_WINDOW (self), said);
  }
}

static void
copy_link_cb (CaturNewGameDialog *self)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)),
                          gtk_label_get_text (self->link_label));
  catur_a11y_announce (GTK_WINDOW (self), _("Link copied"));
}

/* The game a found host plays, when this Catur has it. */
static CaturVariant *
found_variant (CaturNetFoundGame *found)
{
  const char *id = catur_net_found_game_get_game (found);

  return id != NULL ? catur_plugins_find_variant (id) : NULL;
}

/* The game listed on the network at @invite's address and port, if any. */
static CaturNetFoundGame *
find_listed (CaturNewGameDialog *self,
             const CaturNetInvite *invite)
{
  GListModel *games;

  if (self->browser == NULL)
    return NULL;
  games = catur_net_browser_get_games (self->browser);
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr(CaturNetFoundGame) found = g_list_model_get_item (games, i);

      if (catur_net_found_game_get_port (found) == invite->port
          && (g_strcmp0 (catur_net_found_game_get_address (found), invite->host) == 0
              || g_strcmp0 (catur_net_found_game_get_host_name (found), invite->host) == 0))
        return g_steal_pointer (&found);
    }
  return NULL;
}

/* The page that waits while a join connects to @name. */
static void
show_connecting (CaturNewGameDialog *self,
                 const char         *name)
{
  g_autofree char *title = NULL;

  /* Translators: %s is the friend's name, or the address of the friend's computer */
  title = g_strdup_printf (_("Connecting to %s…"), name);
  adw_status_page_set_title (self->connecting_page, title);
  adw_status_page_set_description (self->connecting_page, NULL);
  show_page (self, "connecting");
  gtk_widget_grab_focus (self->connecting_cancel_button);
  catur_a11y_announce (GTK_WINDOW (self), title);
}

static void
join_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(CaturNewGameDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturNetConnection) connection = catur_net_join_finish (result, &error);
  g_autoptr(CaturNetPlay) play = NULL;
  g_autoptr(CaturNetInvite) rejoin = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->join_invite == NULL)
    return;
  if (connection == NULL)
    {
      g_autofree char *text = NULL;

      clear_join (self);
      show_page (self, "setup");
      /* Translators: %s says why */
      text = g_strdup_printf (_("Could not join the game: %s"), error->message);
      show_error (self, self->link_error_label, text);
      gtk_widget_grab_focus (GTK_WIDGET (self->link_row));
      return;
    }
  play = g_steal_pointer (&self->resume_play);
  if (play == NULL)
    play = catur_net_play_new_guest (self->join_variant, NULL, CATUR_SIDE_NONE,
                                     self->player_name);
  rejoin = g_steal_pointer (&self->join_invite);
  g_clear_object (&self->join_cancellable);
  emit_ready (self, play, connection, NULL, NULL, rejoin);
}

/* A link names its game; one that does not (from a Catur before links did) needs the row. */
static void
link_changed_cb (CaturNewGameDialog *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->link_row));
  g_autoptr(CaturNetInvite) invite = catur_net_invite_parse (text, NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->link_game_row),
                          invite != NULL && invite->game == NULL);
}

/* "Join" by the link: its game is the one it names, else the listed one at its address, else
 * the one chosen. */
static void
join_link_cb (CaturNewGameDialog *self)
{
  g_autofree char *link = g_strstrip (g_strdup (gtk_editable_get_text (
                                                  GTK_EDITABLE (self->link_row))));
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturNetInvite) invite = NULL;
  g_autoptr(CaturNetFoundGame) listed = NULL;
  CaturVariant *variant = NULL;
  guint chosen;

  show_error (self, self->link_error_label, "");
  if (*link == '\0')
    {
      show_error (self, self->link_error_label,
                  _("Paste the invitation link your friend sent you."));
      return;
    }
  invite = catur_net_invite_parse (link, &error);
  if (invite == NULL)
    {
      /* The reader's sentence says what is wrong. */
      show_error (self, self->link_error_label, error->message);
      return;
    }

  listed = find_listed (self, invite);
  if (invite->game != NULL)
    {
      variant = catur_plugins_find_variant (invite->game);
      if (variant == NULL)
        {
          g_autofree char *text = NULL;

          /* Translators: %s is the id of a game this copy of Catur does not have */
          text = g_strdup_printf (_("Your friend plays a game this Catur does not have (“%s”)."),
                                  invite->game);
          show_error (self, self->link_error_label, text);
          return;
        }
    }
  else if (listed != NULL)
    variant = found_variant (listed);
  chosen = adw_combo_row_get_selected (self->link_game_row);
  if (variant == NULL && chosen < self->link_game_ids->len)
    variant = catur_plugins_find_variant (g_ptr_array_index (self->link_game_ids, chosen));
  if (variant == NULL)
    {
      show_error (self, self->link_error_label, _("Choose the game your friend hosts."));
      return;
    }
  if (self->resume_play != NULL && variant != self->variant)
    {
      show_error (self, self->link_error_label,
                  _("This invitation is for another game than the one you resume."));
      return;
    }

  clear_join (self);
  g_free (self->player_name);
  self->player_name = typed_player_name (self);
  keep_player_name (self, self->player_name);
  self->join_variant = g_object_ref (variant);
  self->join_invite = catur_net_invite_copy (invite);
  self->join_cancellable = g_cancellable_new ();
  catur_net_join_async (invite, self->join_cancellable, join_done_cb, g_object_ref (self));
  show_connecting (self, listed != NULL ? catur_net_found_game_get_player_name (listed)
                                        : invite->host);
}

static void
knock_connected_cb (CaturNetKnock *knock,
                    gpointer       user_data)
{
  CaturNewGameDialog *self = user_data;
  g_autofree char *words = words_text (catur_net_knock_get_fingerprint (knock));
  g_autofree char *title = NULL;
  g_autofree char *said = NULL;
  const char *name = g_object_get_data (G_OBJECT (knock), "catur-host-name");

  /* Translators: %s is the friend's name */
  title = g_strdup_printf (_("Waiting for %s to let you in…"), name);
  adw_status_page_set_title (self->connecting_page, title);
  adw_status_page_set_description (self->connecting_page,
                                   _("Check with your friend that you both see these words:"));
  gtk_label_set_text (self->connecting_words_label, words);
  gtk_widget_set_visible (GTK_WIDGET (self->connecting_words_label), TRUE);
  said = g_strdup_printf ("%s %s %s", title,
                          _("Check with your friend that you both see these words:"), words);
  catur_a11y_announce (GTK_WINDOW (self), said);
}

static void
knock_admitted_cb (CaturNetKnock      *knock,
                   CaturNetConnection *connection,
                   gpointer            user_data)
{
  CaturNewGameDialog *self = user_data;
  g_autoptr(CaturNetPlay) play = g_steal_pointer (&self->resume_play);
  g_autoptr(CaturNetInvite) rejoin = catur_net_knock_dup_invite (knock);

  if (play == NULL)
    play = catur_net_play_new_guest (self->join_variant, NULL, CATUR_SIDE_NONE,
                                     self->player_name);

  catur_net_invite_set_game (rejoin, catur_variant_get_id (self->join_variant));
  emit_ready (self, play, connection, NULL, NULL, rejoin);
}

static void
knock_failed_cb (CaturNetKnock *knock,
                 const GError  *error,
                 gpointer       user_data)
{
  CaturNewGameDialog *self = user_data;

  /* The player's own Cancel: the page it went back to says nothing more. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  clear_join (self);
  show_page (self, "setup");
  show_error (self, self->code_error_label, error->message);
  gtk_widget_grab_focus (GTK_WIDGET (self->code_row));
}

/* Asks the host of @found to let this player in, by the code it lists. */
static void
knock_on (CaturNewGameDialog *self,
          CaturNetFoundGame  *found)
{
  const char *name = catur_net_found_game_get_player_name (found);

  if (self->resume_play != NULL && found_variant (found) != self->variant)
    {
      show_error (self, self->code_error_label,
                  _("This invitation is for another game than the one you resume."));
      return;
    }
  clear_join (self);
  g_free (self->player_name);
  self->player_name = typed_player_name (self);
  keep_player_name (self, self->player_name);
  self->join_variant = g_object_ref (found_variant (found));
  self->knock = catur_net_knock_new (catur_net_found_game_get_address (found),
                                     catur_net_found_game_get_port (found),
                                     catur_net_found_game_get_code (found), self->player_name);
  g_object_set_data_full (G_OBJECT (self->knock), "catur-host-name", g_strdup (name), g_free);
  g_signal_connect (self->knock, "connected", G_CALLBACK (knock_connected_cb), self);
  g_signal_connect (self->knock, "admitted", G_CALLBACK (knock_admitted_cb), self);
  g_signal_connect (self->knock, "failed", G_CALLBACK (knock_failed_cb), self);
  self->join_cancellable = g_cancellable_new ();
  catur_net_knock_start (self->knock, self->join_cancellable);
  show_connecting (self, name);
}

static void
join_listed_cb (GtkButton *button,
                gpointer   user_data)
{
  CaturNewGameDialog *self = user_data;
  CaturNetFoundGame *found = g_object_get_data (G_OBJECT (button), "catur-found-game");

  if (found_variant (found) != NULL)
    knock_on (self, found);
}

/* "Join" by the code: the game on this network that lists it. */
static void
join_code_cb (CaturNewGameDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *code = catur_net_code_parse (gtk_editable_get_text (
                                                  GTK_EDITABLE (self->code_row)), &error);
  CaturNetFoundGame *found;   /* the browser's list keeps it */
  g_autofree char *text = NULL;

  show_error (self, self->code_error_label, "");
  if (code == NULL)
    {
      show_error (self, self->code_error_label, error->message);
      return;
    }
  ensure_browser (self);
  found = catur_net_browser_find_code (self->browser, code);
  if (found == NULL && catur_net_browser_get_error (self->browser) != NULL)
    text = g_strdup (_("The code cannot be looked up, because games on this network cannot be "
                       "listed. Ask your friend for the invitation link."));
  else if (found == NULL)
    /* Translators: %s is the code typed, such as K7Q-M4R */
    text = g_strdup_printf (_("No game with the code %s is on this network. Check the code "
                              "with your friend, or ask for the invitation link."), code);
  else if (found_variant (found) == NULL)
    /* Translators: %s is the id of a game this copy of Catur does not have */
    text = g_strdup_printf (_("Your friend plays a game this Catur does not have (“%s”)."),
                            catur_net_found_game_get_game (found));
  if (text != NULL)
    {
      show_error (self, self->code_error_label, text);
      return;
    }
  knock_on (self, found);
}

/* One row a game found: who hosts, which game, on which computer. */
static GtkWidget *
found_game_row (CaturNewGameDialog *self,
                CaturNetFoundGame  *found)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  CaturVariant *variant = found_variant (found);
  g_autofree char *subtitle = NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                 catur_net_found_game_get_player_name (found));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (variant != NULL)
    /* Translators: a game found on the network: the game's name, then the computer's */
    subtitle = g_strdup_printf (_("%s on %s"), catur_variant_get_name (variant),
                                catur_net_found_game_get_host_name (found));
  else
    /* Translators: %s is the id of a game this copy of Catur does not have */
    subtitle = g_strdup_printf (_("“%s”, a game this Catur cannot play"),
                                catur_net_found_game_get_game (found));
  adw_action_row_set_subtitle (row, subtitle);
  if (variant != NULL)
    {
      GtkWidget *join = gtk_button_new_with_mnemonic (_("_Join"));

      gtk_widget_set_valign (join, GTK_ALIGN_CENTER);
      g_object_set_data_full (G_OBJECT (join), "catur-found-game", g_object_ref (found),
                              g_object_unref);
      g_signal_connect (join, "clicked", G_CALLBACK (join_listed_cb), self);
      adw_action_row_add_suffix (row, join);
      adw_action_row_set_activatable_widget (row, join);
    }
  return GTK_WIDGET (row);
}

/* The list of games on this network, or the row saying why it is empty. */
static void
update_games (CaturNewGameDialog *self)
{
  GListModel *games = catur_net_browser_get_games (self->browser);
  const GError *error = catur_net_browser_get_error (self->browser);
  guint n = g_list_model_get_n_items (games);

  for (guint i = 0; i < self->game_rows->len; i++)
    adw_preferences_group_remove (self->games_group, g_ptr_array_index (self->game_rows, i));
  g_ptr_array_set_size (self->game_rows, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CaturNetFoundGame) found = g_list_model_get_item (games, i);
      GtkWidget *row = found_game_row (self, found);

      g_ptr_array_add (self->game_rows, row);
      adw_preferences_group_add (self->games_group, row);
    }
  if (error != NULL)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->games_status_row),
                                   error->message);
  else
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->games_status_row),
                                   _("No game on this network yet. When your friend hosts one, "
                                     "it shows here."));
  gtk_widget_set_visible (GTK_WIDGET (self->games_status_row), n == 0 || error != NULL);
}

/* Games are looked for on this network from the first time the join page shows. */
static void
ensure_browser (CaturNewGameDialog *self)
{
  if (self->browser != NULL)
    return;
  self->browser = catur_net_browser_new ();
  g_signal_connect_object (catur_net_browser_get_games (self->browser), "items-changed",
                           G_CALLBACK (update_games), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->browser, "notify::error", G_CALLBACK (update_games), self,
                           G_CONNECT_SWAPPED);
  update_games (self);
}

/* The network rows: the name kept, the games a link may be for. */
/* --- Resuming a game kept ------------------------------------------------------------ */

static void refresh_resume_rows (CaturNewGameDialog *self);

static void
clear_resume (CaturNewGameDialog *self)
{
  g_clear_pointer (&self->resuming, catur_adjourned_free);
  g_clear_object (&self->resume_play);
  if (self->link_description != NULL)
    {
      adw_preferences_group_set_description (self->link_group, self->link_description);
      g_clear_pointer (&self->link_description, g_free);
    }
}

/* The game of @entry, made ready for the friend's connection: its CaturNetPlay over the game
 * kept, with the deal kept beside it. */
static gboolean
prepare_resume (CaturNewGameDialog   *self,
                const CaturAdjourned *entry,
                GtkLabel             *error_label)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturNetPlay) play = NULL;
  g_autoptr(GBytes) deal = NULL;
  CaturGeometry geometry;

  game = catur_adjourned_restore_game (entry, &error);
  if (game == NULL)
    {
      g_autofree char *text = NULL;

      /* Translators: %s says why */
      text = g_strdup_printf (_("The adjourned game cannot be read: %s"), error->message);
      show_error (self, error_label, text);
      return FALSE;
    }
  play = entry->host ? catur_net_play_new_host (game, entry->seat, entry->name)
                     : catur_net_play_new_guest (self->variant, game, entry->seat, entry->name);
  deal = catur_adjourned_load_deal (entry);
  catur_variant_get_geometry (self->variant, &geometry);
  /* Without its deal a game of face-down pieces cannot go on: neither side could flip. */
  if (deal == NULL && geometry.has_hidden && entry->n_plies > 0)
    g_set_error_literal (&error, G_FILE_ERROR, G_FILE_ERROR_NOENT, _("The deal was not kept."));
  else if (deal != NULL)
    catur_net_play_restore_deal (play, deal, &error);
  if (error != NULL)
    {
      g_autofree char *text = NULL;

      /* Translators: %s says why */
      text = g_strdup_printf (_("The face-down pieces of the adjourned game cannot be read: %s"),
                              error->message);
      show_error (self, error_label, text);
      return FALSE;
    }
  /* The window goes on in the same entry (catur-window-network.c). */
  g_object_set_data_full (G_OBJECT (game), CATUR_ADJOURNED_GAME_KEY, g_strdup (entry->path),
                          g_free);
  clear_resume (self);
  self->resuming = g_new0 (CaturAdjourned, 1);
  self->resuming->path = g_strdup (entry->path);
  self->resuming->variant_id = g_strdup (entry->variant_id);
  self->resuming->host = entry->host;
  self->resuming->adjourned = entry->adjourned;
  self->resuming->seat = entry->seat;
  self->resuming->name = g_strdup (entry->name);
  self->resuming->friend_name = g_strdup (entry->friend_name);
  self->resuming->n_plies = entry->n_plies;
  self->resuming->saved = g_date_time_ref (entry->saved);
  self->resume_play = g_steal_pointer (&play);
  return TRUE;
}

/* "Resume": the host hosts the game again with a new invitation; the guest waits for the one
 * the friend sends, on the join page. */
static void
resume_clicked_cb (GtkButton          *button,
                   CaturNewGameDialog *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "catur-index"));
  CaturAdjourned *entry;
  g_autofree char *text = NULL;

  if (index >= self->resume_entries->len)
    return;
  entry = g_ptr_array_index (self->resume_entries, index);
  if (entry->host)
    {
      if (!prepare_resume (self, entry, self->host_error_label))
        return;
      host_game (self);
      if (self->host == NULL)
        clear_resume (self);
      return;
    }
  adw_combo_row_set_selected (self->role_row, ROLE_JOIN);
  if (!prepare_resume (self, entry, self->link_error_label))
    return;
  if (self->link_description == NULL)
    self->link_description = g_strdup (adw_preferences_group_get_description (
                                         self->link_group));
  /* Translators: the join page of a game resumed; %s is the friend's name */
  text = g_strdup_printf (_("Resuming your game with %s: paste the invitation link they send "
                            "you, or type its code below."), entry->friend_name);
  adw_preferences_group_set_description (self->link_group, text);
  gtk_widget_grab_focus (GTK_WIDGET (self->link_row));
  catur_a11y_announce (GTK_WINDOW (self), text);
}

/* "Forget": the game is no longer offered (its record stays with the network games). */
static void
forget_clicked_cb (GtkButton          *button,
                   CaturNewGameDialog *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "catur-index"));
  CaturAdjourned *entry;

  if (index >= self->resume_entries->len)
    return;
  entry = g_ptr_array_index (self->resume_entries, index);
  if (self->resuming != NULL && g_str_equal (self->resuming->path, entry->path))
    clear_resume (self);
  catur_adjourned_remove (entry->path);
  refresh_resume_rows (self);
  update_player_rows (self);
}

static GtkWidget *
resume_row (CaturNewGameDialog   *self,
            const CaturAdjourned *entry,
            guint                 index)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *resume = gtk_button_new_with_mnemonic (_("_Resume"));
  GtkWidget *forget = gtk_button_new_from_icon_name ("user-trash-symbolic");
  g_autofree char *moves = NULL;
  g_autofree char *date = g_date_time_format (entry->saved, "%x %H:%M");
  g_autofree char *subtitle = NULL;
  g_autofree char *described = NULL;
  const char *friend_name = *entry->friend_name != '\0' ? entry->friend_name : _("Your friend");

  /* Translators: how far an adjourned game went, in the list of games to resume */
  moves = g_strdup_printf (ngettext ("%u move played", "%u moves played", entry->n_plies),
                           entry->n_plies);
  subtitle = g_strdup_printf ("%s · %s · %s · %s", catur_variant_get_name (self->variant), moves,
                              date, entry->host ? _("you host it again")
                                                : _("your friend hosts it"));
  /* Names and dates are shown as typed, never read as markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), friend_name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_name (row, "resume-row");
  gtk_widget_set_name (resume, "resume-button");
  gtk_widget_set_name (forget, "resume-forget");
  gtk_widget_set_valign (resume, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (forget, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (resume, "suggested-action");
  gtk_widget_add_css_class (forget, "flat");
  gtk_widget_set_tooltip_text (forget, _("Forget this game"));
  /* Translators: what the screen reader says of a Resume button; %s is the friend's name */
  described = g_strdup_printf (_("Resumes the game with %s"), friend_name);
  catur_a11y_set_description (resume, described);
  gtk_accessible_update_property (GTK_ACCESSIBLE (forget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Forget this game"), -1);
  g_object_set_data (G_OBJECT (resume), "catur-index", GUINT_TO_POINTER (index));
  g_object_set_data (G_OBJECT (forget), "catur-index", GUINT_TO_POINTER (index));
  g_signal_connect (resume, "clicked", G_CALLBACK (resume_clicked_cb), self);
  g_signal_connect (forget, "clicked", G_CALLBACK (forget_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), forget);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), resume);
  g_object_set_data (G_OBJECT (row), "catur-resume-button", resume);
  return row;
}

/* "Adjourned Games": one row for each network game of this game kept to be resumed, the newest
 * first, but the one the window plays. */
static void
refresh_resume_rows (CaturNewGameDialog *self)
{
  g_autoptr(GPtrArray) entries = catur_adjourned_list (catur_variant_get_id (self->variant),
                                                       FALSE);

  for (guint i = 0; i < self->resume_rows->len; i++)
    adw_preferences_group_remove (self->resume_group, g_ptr_array_index (self->resume_rows, i));
  g_ptr_array_set_size (self->resume_rows, 0);
  g_ptr_array_set_size (self->resume_entries, 0);
  for (guint i = 0; i < entries->len; i++)
    {
      CaturAdjourned *entry = g_ptr_array_index (entries, i);
      GtkWidget *row;

      if (g_strcmp0 (entry->path, self->playing_path) == 0)
        continue;
      row = resume_row (self, entry, self->resume_entries->len);
      g_ptr_array_add (self->resume_entries, g_ptr_array_steal_index (entries, i--));
      g_ptr_array_add (self->resume_rows, row);
      adw_preferences_group_add (self->resume_group, row);
    }
}

static void
build_network_rows (CaturNewGameDialog *self)
{
  g_autofree char *name = g_settings_get_string (self->settings, "network-name");
  GtkStringList *names = GTK_STRING_LIST (adw_combo_row_get_model (self->link_game_row));
  GPtrArray *variants = catur_plugins_get_variants ();

  if (*name == '\0')
    {
      g_free (name);
      name = default_player_name ();
    }
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  /* Two buttons read "Join": the screen reader says which. */
  catur_a11y_set_description (self->link_join_button, _("Joins with the invitation link"));
  catur_a11y_set_description (self->code_join_button, _("Joins with the invitation code"));
  gtk_label_set_text (self->invite_intro_label,
                      _("Send your friend this link. Whoever has it can join your game, so "
                        "send it to your friend only."));
  gtk_label_set_text (self->code_intro_label,
                      _("On the same network, your friend can type this code instead:"));
  gtk_label_set_text (self->words_intro_label,
                      _("Ask your friend to check that they see these same words:"));
  for (guint i = 0; i < variants->len; i++)
    {
      CaturVariant *variant = g_ptr_array_index (variants, i);

      gtk_string_list_append (names, catur_variant_get_name (variant));
      g_ptr_array_add (self->link_game_ids, g_strdup (catur_variant_get_id (variant)));
      if (variant == self->variant)
        adw_combo_row_set_selected (self->link_game_row, i);
    }
  catur_combo_row_show_choices_whole (self->role_row);
  catur_combo_row_show_choices_whole (self->link_game_row);
  /* The messages take room only when they say something. */
  gtk_widget_set_visible (GTK_WIDGET (self->host_error_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->link_error_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->code_error_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), FALSE);
  build_knock_banner (self);
}

static void
catur_new_game_dialog_dispose (GObject *object)
{
  CaturNewGameDialog *self = CATUR_NEW_GAME_DIALOG (object);

  /* Closed before the friend came: nobody waits any longer. */
  clear_host (self, TRUE);
  clear_join (self);
  clear_resume (self);
  if (self->browser != NULL)
    {
      /* The browser empties its list as it goes. */
      g_signal_handlers_disconnect_by_data (catur_net_browser_get_games (self->browser), self);
      g_signal_handlers_disconnect_by_data (self->browser, self);
      g_clear_object (&self->browser);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_NEW_GAME_DIALOG);
  g_clear_object (&self->settings);
  g_clear_object (&self->variant);
  g_clear_object (&self->previous);

  G_OBJECT_CLASS (catur_new_game_dialog_parent_class)->dispose (object);
}

static void
catur_new_game_dialog_finalize (GObject *object)
{
  CaturNewGameDialog *self = CATUR_NEW_GAME_DIALOG (object);

  g_ptr_array_unref (self->option_rows);
  g_ptr_array_unref (self->engine_ids);
  g_ptr_array_unref (self->game_rows);
  g_ptr_array_unref (self->link_game_ids);
  g_ptr_array_unref (self->resume_rows);
  g_ptr_array_unref (self->resume_entries);
  g_free (self->playing_path);
  g_free (self->player_name);

  G_OBJECT_CLASS (catur_new_game_dialog_parent_class)->finalize (object);
}

static void
catur_new_game_dialog_class_init (CaturNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_new_game_dialog_dispose;
  object_class->finalize = catur_new_game_dialog_finalize;

  /**
   * CaturNewGameDialog::start:
   *
   * The player pressed "Start": the game to start is in the dialog's options and bottom side.
   */
  signals[START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CaturNewGameDialog::network-game-ready:
   * @self: the dialog
   * @play: the game, as the host made it (catur_net_play_new_host()) or for the guest
   *   (catur_net_play_new_guest(), no game yet)
   * @connection: the first connection to the friend, not yet attached to @play
   * @host: (nullable): the host, still listening for the friend's return; %NULL on the guest
   * @publisher: (nullable): the game's listing on the local network; %NULL on the guest
   * @rejoin: (nullable): a #CaturNetInvite, the guest's invitation for joining again after a
   *   drop (copy it to keep it); %NULL on the host
   *
   * A game over the network has its first connection. A handler keeps (refs) what it uses:
   * the dialog lets go of them and closes after the emission, without stopping the host or
   * the listing.
   */
  signals[NETWORK_GAME_READY] =
    g_signal_new ("network-game-ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 5, CATUR_TYPE_NET_PLAY,
                  CATUR_TYPE_NET_CONNECTION, CATUR_TYPE_NET_HOST, CATUR_TYPE_NET_PUBLISHER,
                  G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "ui/catur-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, options_group);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, opponent_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, level_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, engine_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, bottom_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, swap_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, swap_switch);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, permission_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, permission_switch);
  gtk_widget_class_bind_template_callback (widget_class, catur_new_game_dialog_start);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, role_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, host_error_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, games_group);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, resume_group);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, games_status_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, link_group);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, link_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, link_join_button);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, link_game_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, link_error_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, code_group);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, code_row);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, code_error_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, link_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, copy_button);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, code_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, words_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, lan_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, notice_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, invite_box);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, invite_intro_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, code_intro_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, words_intro_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, invite_spinner);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, connecting_page);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, connecting_spinner);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog,
                                        connecting_words_label);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog,
                                        connecting_cancel_button);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, invite_cancel_button);
  gtk_widget_class_bind_template_child (widget_class, CaturNewGameDialog, code_join_button);
  gtk_widget_class_bind_template_callback (widget_class, join_link_cb);
  gtk_widget_class_bind_template_callback (widget_class, link_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, join_code_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_link_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_network_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
catur_new_game_dialog_init (CaturNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  catur_a11y_name_buttons_by_content (GTK_WIDGET (self));
  catur_a11y_name_parts (GTK_WIDGET (self), NULL);

  self->option_rows = g_ptr_array_new ();
  self->engine_ids = g_ptr_array_new_with_free_func (g_free);
  self->game_rows = g_ptr_array_new ();
  self->link_game_ids = g_ptr_array_new_with_free_func (g_free);
  self->resume_rows = g_ptr_array_new ();
  self->resume_entries = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_adjourned_free);
  self->host_seat = CATUR_SIDE_FIRST;
  /* Orca names a stack's pages by their class otherwise. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_stack_get_page (
                                    self->stack, gtk_stack_get_child_by_name (self->stack,
                                                                              "setup"))),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("New Game"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_stack_get_page (
                                    self->stack, gtk_stack_get_child_by_name (self->stack,
                                                                              "invite"))),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Invite Your Friend"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_stack_get_page (
                                    self->stack, gtk_stack_get_child_by_name (self->stack,
                                                                              "connecting"))),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Joining"), -1);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->start_button);
}

/**
 * catur_new_game_dialog_new:
 * @parent: the window to start the game in
 * @settings: the application's settings
 * @variant: the game to set up
 * @previous: (nullable): the game played so far, for the colour-swap rule
 *
 * Returns: (transfer full): a new dialog, not shown yet
 */
CaturNewGameDialog *
catur_new_game_dialog_new (GtkWindow    *parent,
                           GSettings    *settings,
                           CaturVariant *variant,
                           CaturGame    *previous)
{
  CaturNewGameDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (previous == NULL || CATUR_IS_GAME (previous), NULL);

  self = g_object_new (CATUR_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
  self->settings = g_object_ref (settings);
  self->variant = g_object_ref (variant);
  self->previous = previous != NULL ? g_object_ref (previous) : NULL;

  adw_window_title_set_subtitle (self->window_title, catur_variant_get_name (variant));
  g_settings_bind (settings, "swap-colours", self->swap_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "undo-needs-permission", self->permission_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  build_option_rows (self);
  build_network_rows (self);
  refresh_resume_rows (self);
  /* A game whose rules forbid take-backs has nothing to permit (update_player_rows()). */
  build_player_rows (self);
  build_bottom_row (self);
  return self;
}

CaturVariant *
catur_new_game_dialog_get_variant (CaturNewGameDialog *self)
{
  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), NULL);

  return self->variant;
}

/**
 * catur_new_game_dialog_get_options:
 * @self: a #CaturNewGameDialog
 *
 * Returns: (transfer floating): the options chosen (a{sv}), for catur_variant_new_position()
 */
GVariant *
catur_new_game_dialog_get_options (CaturNewGameDialog *self)
{
  const CaturSetupOption *options;
  GVariantDict dict;
  guint n;

  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), NULL);

  options = catur_variant_get_setup_options (self->variant, &n);
  g_variant_dict_init (&dict, NULL);
  for (guint i = 0; i < n; i++)
    {
      guint selected = adw_combo_row_get_selected (g_ptr_array_index (self->option_rows, i));

      if (selected >= options[i].n_choices)
        selected = 0;
      g_variant_dict_insert (&dict, options[i].id, "s", options[i].choices[selected].value);
    }
  return g_variant_dict_end (&dict);
}

/* Whether the new game is played against the computer. */
gboolean
catur_new_game_dialog_get_against_computer (CaturNewGameDialog *self)
{
  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), FALSE);

  return against_computer (self);
}

/* The computer's level chosen (it matters against the computer only). */
CaturLevel
catur_new_game_dialog_get_level (CaturNewGameDialog *self)
{
  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), CATUR_LEVEL_INTERMEDIATE);

  return MIN (adw_combo_row_get_selected (self->level_row), CATUR_N_LEVELS - 1);
}

/**
 * catur_new_game_dialog_get_opponent_row:
 * @self: a #CaturNewGameDialog
 *
 * Returns: (transfer none): the row choosing two players or the computer
 */
AdwComboRow *
catur_new_game_dialog_get_opponent_row (CaturNewGameDialog *self)
{
  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), NULL);

  return self->opponent_row;
}

/**
 * catur_new_game_dialog_get_engine_id:
 * @self: a #CaturNewGameDialog
 *
 * Returns: the computer player chosen: "" for Catur's own engine, else the id of another
 *   program's engine in the `engines` setting (it matters against the computer only)
 */
const char *
catur_new_game_dialog_get_engine_id (CaturNewGameDialog *self)
{
  guint selected;

  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), "");

  selected = adw_combo_row_get_selected (self->engine_row);
  if (self->engine_ids == NULL || selected >= self->engine_ids->len)
    return "";
  return g_ptr_array_index (self->engine_ids, selected);
}

/**
 * catur_new_game_dialog_get_engine_row:
 * @self: a #CaturNewGameDialog
 *
 * Returns: (transfer none): the row choosing Catur's own engine or another program's
 */
AdwComboRow *
catur_new_game_dialog_get_engine_row (CaturNewGameDialog *self)
{
  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), NULL);

  return self->engine_row;
}

/**
 * catur_new_game_dialog_get_level_row:
 * @self: a #CaturNewGameDialog
 *
 * Returns: (transfer none): the row choosing the computer's level
 */
AdwComboRow *
catur_new_game_dialog_get_level_row (CaturNewGameDialog *self)
{
  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), NULL);

  return self->level_row;
}

/* The side the player at the bottom of the board takes. */
CaturSide
catur_new_game_dialog_get_bottom_side (CaturNewGameDialog *self)
{
  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), CATUR_SIDE_FIRST);

  return adw_combo_row_get_selected (self->bottom_row) == CATUR_SIDE_SECOND
         ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
}

/**
 * catur_new_game_dialog_get_option_row:
 * @self: a #CaturNewGameDialog
 * @id: a setup option's id
 *
 * Returns: (transfer none) (nullable): the row of the option @id
 */
AdwComboRow *
catur_new_game_dialog_get_option_row (CaturNewGameDialog *self,
                                      const char         *id)
{
  const CaturSetupOption *options;
  guint n;

  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  options = catur_variant_get_setup_options (self->variant, &n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (options[i].id, id))
      return g_ptr_array_index (self->option_rows, i);
  return NULL;
}

/**
 * catur_new_game_dialog_get_bottom_row:
 * @self: a #CaturNewGameDialog
 *
 * Returns: (transfer none): the row choosing the bottom player's side
 */
AdwComboRow *
catur_new_game_dialog_get_bottom_row (CaturNewGameDialog *self)
{
  g_return_val_if_fail (CATUR_IS_NEW_GAME_DIALOG (self), NULL);

  return self->bottom_row;
}

/**
 * catur_new_game_dialog_start:
 * @self: a #CaturNewGameDialog
 *
 * What "Start" does: keeps the options for next time, emits ::start and closes the dialog.
 * For a game with a friend on another computer, the button is "Invite": it starts hosting
 * and shows the invitation; the dialog stays until the friend joins.
 */
void
catur_new_game_dialog_start (CaturNewGameDialog *self)
{
  g_autoptr(GVariant) options = NULL;

  g_return_if_fail (CATUR_IS_NEW_GAME_DIALOG (self));

  if (opponent (self) == OPPONENT_NETWORK)
    {
      if (!joining (self) && self->host == NULL)
        host_game (self);
      return;
    }

  options = g_variant_ref_sink (catur_new_game_dialog_get_options (self));
  catur_setup_store (self->variant, options);
  g_object_ref (self);
  g_signal_emit (self, signals[START], 0);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

/**
 * catur_new_game_dialog_show_join_link:
 * @self: a #CaturNewGameDialog
 * @link: an invitation link (catur://…)
 *
 * Shows the join page with @link filled in, for the player to confirm with "Join": a link
 * opened from elsewhere (a chat, a mail) never joins a game unasked.
 */
void
catur_new_game_dialog_show_join_link (CaturNewGameDialog *self,
                                      const char         *link)
{
  g_return_if_fail (CATUR_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (link != NULL);

  /* A link opened while hosting or joining: what was under way stops. */
  if (!g_str_equal (gtk_stack_get_visible_child_name (self->stack), "setup"))
    cancel_network_cb (self);
  for (guint i = 0; i < N_OPPONENTS; i++)
    if (self->opponent_kinds[i] == OPPONENT_NETWORK)
      adw_combo_row_set_selected (self->opponent_row, i);
  adw_combo_row_set_selected (self->role_row, ROLE_JOIN);
  gtk_editable_set_text (GTK_EDITABLE (self->link_row), link);
  show_error (self, self->link_error_label, "");
  gtk_widget_grab_focus (self->link_join_button);
}

/**
 * catur_new_game_dialog_set_playing:
 * @self: a #CaturNewGameDialog
 * @path: (nullable): the entry of the network game the window plays now
 *
 * The game played now is not offered among the games to resume.
 */
void
catur_new_game_dialog_set_playing (CaturNewGameDialog *self,
                                   const char         *path)
{
  g_return_if_fail (CATUR_IS_NEW_GAME_DIALOG (self));

  g_free (self->playing_path);
  self->playing_path = g_strdup (path);
  refresh_resume_rows (self);
  update_player_rows (self);
}

/**
 * catur_new_game_dialog_show_resume:
 * @self: a #CaturNewGameDialog
 *
 * Shows the network games to resume ("A Friend on Another Computer", "Adjourned Games"), the
 * newest one's Resume button focused.
 */
void
catur_new_game_dialog_show_resume (CaturNewGameDialog *self)
{
  g_return_if_fail (CATUR_IS_NEW_GAME_DIALOG (self));

  if (!g_str_equal (gtk_stack_get_visible_child_name (self->stack), "setup"))
    cancel_network_cb (self);
  refresh_resume_rows (self);
  for (guint i = 0; i < N_OPPONENTS; i++)
    if (self->opponent_kinds[i] == OPPONENT_NETWORK)
      adw_combo_row_set_selected (self->opponent_row, i);
  adw_combo_row_set_selected (self->role_row, ROLE_HOST);
  update_player_rows (self);
  if (self->resume_rows->len > 0)
    gtk_widget_grab_focus (g_object_get_data (G_OBJECT (g_ptr_array_index (self->resume_rows, 0)),
                                              "catur-resume-button"));
}
