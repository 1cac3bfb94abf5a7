/* catur-window.c: the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The header bar (new game, undo, hint, the game switcher, the players menu
 * with the computer's level, a spinner while the computer thinks, the sidebar
 * toggle and the main menu), a bar naming the plugins that failed to load, and
 * the body: the board with the explanation of the last illegal click (or the
 * review bar) under it and the result card over it, beside a sidebar with the
 * turn, the moves and the review buttons. Without any game plugin the body is
 * a status page saying where plugins were sought.
 *
 * The game flow lives here as far as it involves people: who asks (the player
 * to move, or the person playing against the computer, see acting_side()), the
 * dialogs that ask the opponent (take-back permission, a draw offer) or
 * confirm (resignation), the notices of the last ply, review, and playing
 * again. The rules behind them are CaturGame's, and so is the computer player:
 * the window only tells each game who plays it (apply_players()).
 *
 * Each game keeps its own CaturGame here: switching to another game and back
 * finds the first where it was left; a game put aside is paused, so that its
 * computer never thinks, let alone plays, while another game is shown. The
 * board follows the settings of the game shown (its legal-move markers and
 * themes, in the variant's own settings schema), bound afresh whenever the
 * variant changes.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-history-view.h"
#include "catur-new-game-dialog.h"
#include "catur-preferences-window.h"
#include "catur-setup.h"
#include "catur-turn-panel.h"
#include "catur-window.h"
#include "catur-window-private.h"

struct _CaturWindow
{
  AdwApplicationWindow parent_instance;

  /* Owned */
  GSettings *settings;
  CaturVariant *variant;
  CaturGame *game;
  CaturGame *previous_game;   /* the game "New Game" replaced, while its toast is up */
  AdwToast *new_game_toast;   /* not a reference; cleared when dismissed */
  GMenu *game_menu;
  GMenu *take_back_menu;
  GHashTable *games;          /* variant id → the CaturGame last shown of that variant */
  GSettings *variant_settings; /* the shown variant's own, or NULL when it has none */
  CaturVariant *settings_variant; /* whose settings the board is bound to; not a reference */
  GBinding *bottom_binding;   /* the game's bottom side ↔ the board's orientation */

  /* Not references: cleared when they close */
  CaturNewGameDialog *new_game_dialog;
  CaturPreferencesWindow *preferences_window;
  gboolean hint_pending;      /* a hint is being worked out for the game shown */
  gboolean holding_players;   /* the players' settings change, but not for the game shown */

  /* Template widgets */
  AdwHeaderBar *header_bar;
  GtkWidget *new_game_button;
  GtkWidget *undo_button;
  GtkWidget *hint_button;
  GtkMenuButton *players_button;
  GtkSpinner *thinking_spinner;
  GMenu *side_section;
  GtkMenuButton *game_button;
  GtkLabel *game_label;
  GtkWidget *sidebar_button;
  GtkMenuButton *menu_button;
  GMenu *notation_section;
  GtkRevealer *failure_revealer;
  GtkLabel *failure_title;
  GtkLabel *failure_label;
  GtkWidget *failure_close_button;
  AdwToastOverlay *toast_overlay;
  GtkStack *main_stack;
  AdwFlap *flap;
  CaturBoardView *board_view;
  GtkRevealer *explanation_revealer;
  GtkLabel *explanation_label;
  GtkRevealer *review_revealer;
  GtkLabel *review_label;
  GtkRevealer *result_revealer;
  GtkLabel *result_title;
  GtkLabel *result_reason;
  GtkLabel *result_moves;
  GtkWidget *result_review_button;
  GtkWidget *play_again_button;
  CaturTurnPanel *turn_panel;
  CaturHistoryView *history_view;
  AdwStatusPage *status_page;

  guint n_plies;
  gboolean result_dismissed;
  gboolean constructed;
};

G_DEFINE_FINAL_TYPE (CaturWindow, catur_window, ADW_TYPE_APPLICATION_WINDOW)

static void
set_action_enabled (CaturWindow *self,
                    const char  *name,
                    gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* The side of the person playing against the computer, or CATUR_SIDE_NONE in a game of two
 * players. */
static CaturSide
human_side (CaturWindow *self)
{
  CaturSide computer = catur_game_get_computer_side (self->game);

  return computer == CATUR_SIDE_NONE ? CATUR_SIDE_NONE : catur_side_other (computer);
}

/* Who acts when a player presses a button for their own side (resign, offer a draw, take
 * back): two people share one board, and the player whose turn it is has the controls.
 * Against the computer, the person always, whoever is to move. */
static CaturSide
acting_side (CaturWindow *self)
{
  CaturSide human = human_side (self);

  return human != CATUR_SIDE_NONE ? human : catur_game_get_side_to_move (self->game);
}

/* Who asks for win.undo: the player to move, taking back their last move and the reply
 * (2 plies); while that player has not moved yet, the player who has just moved, taking back
 * that move (1 ply). The undo button's menu (win.take-back) names either side outright.
 * Against the computer, the person: their last move and the computer's reply, or only their
 * move while the computer thinks about it; never the computer's opening move alone, which it
 * would only play again. */
static CaturSide
undo_requester (CaturWindow *self)
{
  CaturSide side = acting_side (self);

  if (human_side (self) == CATUR_SIDE_NONE
      && catur_game_get_take_back_plies (self->game, side) == 0)
    side = catur_side_other (side);
  return side;
}

/* Whether the players look at an earlier position of the game. */
static gboolean
reviewing (CaturWindow *self)
{
  return self->game != NULL && catur_game_is_reviewing (self->game);
}

/* A hint is for the player to move in the live position, while nobody thinks and the game
 * goes on. */
static gboolean
can_hint (CaturWindow *self)
{
  CaturGame *game = self->game;

  return game != NULL && !self->hint_pending && !catur_game_is_over (game)
         && !catur_game_get_thinking (game) && !catur_game_is_reviewing (game)
         && catur_variant_can_think (catur_game_get_variant (game))
         && catur_game_get_computer_side (game) != catur_game_get_side_to_move (game);
}

static void
update_actions (CaturWindow *self)
{
  CaturGame *game = self->game;
  gboolean playing = game != NULL && !catur_game_is_over (game);
  guint view = game != NULL ? catur_game_get_view_ply (game) : 0;
  guint n = game != NULL ? catur_game_get_n_plies (game) : 0;
  CaturSide human = game != NULL ? human_side (self) : CATUR_SIDE_NONE;

  set_action_enabled (self, "undo",
                      game != NULL && catur_game_get_take_back_plies (game, undo_requester (self)) > 0);
  /* Against the computer only the person's move is taken back, with the reply. */
  set_action_enabled (self, "take-back", game != NULL
                      && (human != CATUR_SIDE_NONE
                          ? catur_game_get_take_back_plies (game, human) > 0
                          : catur_game_get_take_back_plies (game, CATUR_SIDE_FIRST) > 0
                            || catur_game_get_take_back_plies (game, CATUR_SIDE_SECOND) > 0));
  set_action_enabled (self, "resign", playing);
  /* A draw offer needs an opponent to answer it: the computer does not. */
  set_action_enabled (self, "offer-draw", playing && human == CATUR_SIDE_NONE
                                          && catur_game_get_draw_offer (game) == CATUR_SIDE_NONE);
  set_action_enabled (self, "play-again", game != NULL);
  set_action_enabled (self, "review-first", game != NULL && view > 0);
  set_action_enabled (self, "review-previous", game != NULL && view > 0);
  set_action_enabled (self, "review-next", game != NULL && view < n);
  set_action_enabled (self, "review-last", game != NULL && view < n);
  set_action_enabled (self, "restore-game", self->previous_game != NULL);
  set_action_enabled (self, "hint", can_hint (self));
}

static void
thinking_changed_cb (CaturWindow *self)
{
  gboolean thinking = self->game != NULL && catur_game_get_thinking (self->game);

  gtk_widget_set_visible (GTK_WIDGET (self->thinking_spinner), thinking);
  gtk_spinner_set_spinning (self->thinking_spinner, thinking);
  update_actions (self);
}

/* The players the settings ask for: the computer's side (NONE for two players), its level
 * and its time a move at the master level. */
static CaturSide
settings_computer_side (CaturWindow *self)
{
  CaturSide human;

  if (g_settings_get_enum (self->settings, "mode") == 0)
    return CATUR_SIDE_NONE;
  human = g_settings_get_enum (self->settings, "human-side") == 0 ? CATUR_SIDE_FIRST
                                                                    : CATUR_SIDE_SECOND;
  return catur_side_other (human);
}

static void
update_players_button (CaturWindow *self)
{
  gboolean computer = settings_computer_side (self) != CATUR_SIDE_NONE;

  gtk_menu_button_set_icon_name (self->players_button,
                                 computer ? "computer-symbolic" : "system-users-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->players_button),
                               computer ? _("Playing Against the Computer")
                                        : _("Two Players"));
}

/* The game shown gets the players the settings ask for. Against the computer the person sits
 * at the bottom of the board, and take-backs are free (CaturGame's undo policy says so); when
 * it is the computer's turn, it starts thinking. */
static void
apply_players (CaturWindow *self)
{
  CaturSide computer = settings_computer_side (self);

  if (self->game == NULL)
    return;

  if (computer != CATUR_SIDE_NONE)
    catur_game_set_bottom_side (self->game, catur_side_other (computer));
  catur_game_set_computer (self->game, computer,
                           (CaturLevel) g_settings_get_enum (self->settings, "level"),
                           (guint) g_settings_get_int (self->settings, "master-movetime"));
  update_actions (self);
}

/* For catur-window-records.c: a resumed or opened game gets the players of the settings. */
void
catur_window_apply_players (CaturWindow *self)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));

  apply_players (self);
}

/* For catur-window-records.c: while @hold, a change of the players' settings (a resumed
 * game's own put back) is not a change of players for the game shown. */
void
catur_window_hold_players (CaturWindow *self,
                           gboolean     hold)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));

  self->holding_players = hold;
  update_players_button (self);
}

/* No move of the player's yet: at most the computer's opening move. */
static gboolean
game_is_fresh (CaturWindow *self)
{
  guint n = catur_game_get_n_plies (self->game);
  CaturVariant *variant = catur_game_get_variant (self->game);

  if (n == 0)
    return TRUE;
  return n == 1 && !catur_game_is_over (self->game)
         && catur_variant_side_to_move (variant, catur_game_get_position_at (self->game, 0))
            == catur_game_get_computer_side (self->game);
}

static void
players_changed_cb (CaturWindow *self)
{
  update_players_button (self);
  if (self->game == NULL || self->holding_players)
    return;

  if (game_is_fresh (self))
    {
      /* Nothing of the player's to lose: the new players start this game over. */
      if (catur_game_get_n_plies (self->game) > 0)
        catur_game_undo (self->game, catur_game_get_n_plies (self->game));
      apply_players (self);
    }
  else
    {
      AdwToast *toast = adw_toast_new (_("The new players take over in the next game"));

      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

/* "Play as Red", "Play as Black": the side names are the game's. */
static void
build_side_section (CaturWindow *self)
{
  CaturVariant *variant = self->variant;
  static const char * const targets[] = { "first", "second" };

  g_menu_remove_all (self->side_section);
  if (variant == NULL)
    return;
  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    {
      /* Translators: a menu item; %s is the name of a side, such as "Red" */
      g_autofree char *label = g_strdup_printf (_("Play as %s"),
                                                catur_variant_get_side_name (variant, side));
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "app.human-side", "s", targets[side]);
      g_menu_append_item (self->side_section, item);
    }
}

static void
update_result (CaturWindow *self)
{
  const CaturOutcome *outcome;
  CaturVariant *variant;
  g_autofree char *title = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *moves = NULL;
  guint n_moves;

  if (self->game == NULL || !catur_game_is_over (self->game))
    {
      self->result_dismissed = FALSE;
      gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
      gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
      return;
    }
  /* Stepping back through a finished game puts the card away, as its Review button does. */
  if (reviewing (self))
    {
      self->result_dismissed = TRUE;
      gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
      gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
    }

  variant = catur_game_get_variant (self->game);
  outcome = catur_game_get_outcome (self->game);
  if (outcome->result == CATUR_RESULT_WIN)
    /* Translators: the title of the result card, e.g. "Red wins" */
    title = g_strdup_printf (_("%s wins"), catur_variant_get_side_name (variant, outcome->winner));
  else
    title = g_strdup (_("Draw"));

  reason = catur_game_describe_outcome (self->game);
  n_moves = g_list_model_get_n_items (catur_history_view_get_model (self->history_view));
  moves = g_strdup_printf (ngettext ("%u move", "%u moves", n_moves), n_moves);

  gtk_label_set_text (self->result_title, title);
  gtk_label_set_text (self->result_reason, reason != NULL ? reason : "");
  gtk_widget_set_visible (GTK_WIDGET (self->result_reason), reason != NULL && *reason != '\0');
  gtk_label_set_text (self->result_moves, moves);

  if (!self->result_dismissed)
    {
      gtk_revealer_set_reveal_child (self->result_revealer, TRUE);
      gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), TRUE);
    }
}

/* The notices of a new ply (RULES 0.4). A warning stays in the turn panel until the next
 * ply; it comes as a toast too when the sidebar is hidden. An info (the players may agree to
 * a draw) comes as a toast offering just that, and stands in the panel as well. */
static void
show_notices (CaturWindow *self)
{
  static const CaturNotice notices[] = {
    CATUR_NOTICE_PERPETUAL_CHECK_WARNING, CATUR_NOTICE_REPETITION, CATUR_NOTICE_NO_CAPTURE,
  };
  const CaturOutcome *outcome = catur_game_get_outcome (self->game);
  CaturVariant *variant = catur_game_get_variant (self->game);
  gboolean sidebar_shown = adw_flap_get_reveal_flap (self->flap);

  if (catur_game_is_over (self->game))
    return;

  for (guint i = 0; i < G_N_ELEMENTS (notices); i++)
    {
      g_autofree char *text = NULL;
      AdwToast *toast;
      gboolean warning = notices[i] == CATUR_NOTICE_PERPETUAL_CHECK_WARNING;

      if (!(outcome->notices & notices[i]) || (warning && sidebar_shown))
        continue;

      text = catur_variant_describe_notice (variant, outcome, notices[i]);
      toast = adw_toast_new (text);
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      if (!warning && catur_game_get_computer_side (self->game) == CATUR_SIDE_NONE)
        {
          adw_toast_set_button_label (toast, _("Offer _Draw"));
          adw_toast_set_action_name (toast, "win.offer-draw");
        }
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

/* The full-move number and the move of @ply, as the history writes them: "3. H2+3", "3… H8+7". */
static char *
describe_ply (CaturWindow *self,
              guint        ply)
{
  CaturVariant *variant = catur_game_get_variant (self->game);
  g_autoptr(CaturGameMove) item = g_list_model_get_item (catur_game_get_moves (self->game),
                                                         ply - 1);
  guint offset = catur_variant_side_to_move (variant, catur_game_get_start_position (self->game))
                 == CATUR_SIDE_SECOND ? 1 : 0;
  guint number = (ply - 1 + offset) / 2 + 1;

  if (catur_game_move_get_side (item) == CATUR_SIDE_FIRST)
    /* Translators: a move of the first side in review, after its number, e.g. "3. H2+3" */
    return g_strdup_printf (_("%u. %s"), number, catur_game_move_get_notation (item));
  /* Translators: a move of the second side in review, after its number, e.g. "3… H8+7" */
  return g_strdup_printf (_("%u… %s"), number, catur_game_move_get_notation (item));
}

/* The bar under the board while an earlier position is shown. */
static void
update_review (CaturWindow *self)
{
  gboolean shown = reviewing (self);

  if (shown)
    {
      guint view = catur_game_get_view_ply (self->game);
      g_autofree char *text = NULL;

      if (view == 0)
        text = g_strdup (_("Looking back at the start"));
      else
        {
          g_autofree char *move = describe_ply (self, view);

          /* Translators: the board shows an earlier position, the one after this move */
          text = g_strdup_printf (_("Looking back at %s"), move);
        }
      gtk_label_set_text (self->review_label, text);
    }
  gtk_revealer_set_reveal_child (self->review_revealer, shown);
  gtk_widget_set_can_target (GTK_WIDGET (self->review_revealer), shown);
}

static void
view_ply_changed_cb (CaturWindow *self)
{
  update_review (self);
  update_result (self);
  update_actions (self);
  /* The autosave keeps the reviewed position, so a restart shows what the player looked at. */
  catur_window_autosave (self);
}

/* Take-backs need the opponent's permission in a game of two people, unless the players
 * turned that off. (Against the computer the game's policy is free whatever this says.) */
static void
update_undo_policy (CaturWindow *self)
{
  if (self->game == NULL)
    return;
  catur_game_set_undo_policy (self->game,
                              g_settings_get_boolean (self->settings, "undo-needs-permission")
                              ? CATUR_UNDO_POLICY_ASK : CATUR_UNDO_POLICY_FREE);
}

/* The undo button's menu names each side: the one who has just moved takes back one ply,
 * the one to move its move and the reply. */
static void
update_take_back_menu (CaturWindow *self)
{
  CaturSide human = self->game != NULL ? human_side (self) : CATUR_SIDE_NONE;

  g_menu_remove_all (self->take_back_menu);
  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    {
      g_autofree char *label = NULL;
      g_autoptr(GMenuItem) item = NULL;

      /* Against the computer, only the person takes back a move. */
      if (human != CATUR_SIDE_NONE && side != human)
        continue;

      /* Translators: an item of the undo button's menu, e.g. "Take Back Red’s Move" */
      label = g_strdup_printf (_("Take Back %s’s Move"),
                               catur_variant_get_side_name (self->variant, side));
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "win.take-back", "s",
                                         side == CATUR_SIDE_FIRST ? "first" : "second");
      g_menu_append_item (self->take_back_menu, item);
    }
}

static void
game_changed_cb (CaturWindow *self,
                 CaturGame   *game)
{
  guint n = catur_game_get_n_plies (game);

  if (n > self->n_plies)
    show_notices (self);
  self->n_plies = n;

  update_actions (self);
  update_result (self);
  catur_window_autosave (self);
}

/* Who plays the game shown changed: the take-back menu and the actions follow, and the
 * autosave keeps the new players. */
static void
computer_side_changed_cb (CaturWindow *self)
{
  update_take_back_menu (self);
  update_actions (self);
  catur_window_autosave (self);
}

static gboolean
bottom_side_to_flipped (GBinding     *binding,
                        const GValue *from,
                        GValue       *to,
                        gpointer      user_data)
{
  g_value_set_boolean (to, g_value_get_int (from) == CATUR_SIDE_SECOND);
  return TRUE;
}

static gboolean
flipped_to_bottom_side (GBinding     *binding,
                        const GValue *from,
                        GValue       *to,
                        gpointer      user_data)
{
  g_value_set_int (to, g_value_get_boolean (from) ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST);
  return TRUE;
}

static void
explanation_changed_cb (CaturWindow *self)
{
  const char *text = catur_board_view_get_explanation (self->board_view);

  /* The text stays while the bar fades out. */
  if (text != NULL)
    gtk_label_set_text (self->explanation_label, text);
  gtk_revealer_set_reveal_child (self->explanation_revealer, text != NULL);
}

static CaturNotation
settings_notation (CaturWindow *self)
{
  return (CaturNotation) g_settings_get_enum (self->settings, "notation");
}

static void
notation_changed_cb (CaturWindow *self)
{
  if (self->game != NULL)
    catur_game_set_notation (self->game, settings_notation (self));
}

static void
reveal_flap_changed_cb (CaturWindow *self)
{
  if (!adw_flap_get_folded (self->flap))
    g_settings_set_boolean (self->settings, "sidebar-visible",
                            adw_flap_get_reveal_flap (self->flap));
}

static void
failure_close_clicked_cb (CaturWindow *self)
{
  gtk_revealer_set_reveal_child (self->failure_revealer, FALSE);
}

static void
result_review_clicked_cb (CaturWindow *self)
{
  self->result_dismissed = TRUE;
  gtk_revealer_set_reveal_child (self->result_revealer, FALSE);
  gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
new_game_toast_dismissed_cb (CaturWindow *self,
                             AdwToast    *toast)
{
  if (self->new_game_toast != toast)
    return;

  self->new_game_toast = NULL;
  g_clear_object (&self->previous_game);
  update_actions (self);
}

/* A question to a player about the game shown now, with a "no" and a "yes" answer; closing
 * it says no. It keeps the game it is about ("catur-game"): the answer handler, called as
 * @on_response (dialog, response, self), ignores answers about a game no longer shown. */
static AdwMessageDialog *
ask (CaturWindow           *self,
     const char            *heading,
     const char            *body,
     const char            *no,
     const char            *no_label,
     const char            *yes,
     const char            *yes_label,
     AdwResponseAppearance  yes_appearance,
     GCallback              on_response)
{
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_responses (dialog, no, no_label, yes, yes_label, NULL);
  adw_message_dialog_set_response_appearance (dialog, yes, yes_appearance);
  /* Enter never gives up a game by mistake. */
  adw_message_dialog_set_default_response (dialog, yes_appearance == ADW_RESPONSE_DESTRUCTIVE
                                                   ? no : yes);
  adw_message_dialog_set_close_response (dialog, no);
  g_object_set_data_full (G_OBJECT (dialog), "catur-game", g_object_ref (self->game),
                          g_object_unref);
  g_signal_connect_object (dialog, "response", on_response, self, 0);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

/* The opponent's answer to a take-back; the game may have moved on meanwhile. */
static void
take_back_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       CaturWindow      *self)
{
  CaturGame *game = g_object_get_data (G_OBJECT (dialog), "catur-game");
  CaturSide requester = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "catur-side"));
  guint plies = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "catur-plies"));

  if (game != self->game || catur_game_get_take_back_plies (game, requester) != plies)
    return;

  if (g_str_equal (response, "allow"))
    catur_game_take_back (game, requester);
  else
    {
      g_autofree char *text = NULL;

      /* Translators: a toast; the side named did not allow the take-back */
      text = g_strdup_printf (_("%s declined the take-back"),
                              catur_variant_get_side_name (self->variant,
                                                           catur_side_other (requester)));
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
    }
}

/* Asks the opponent of @requester whether it may take back @plies plies. */
static void
ask_take_back (CaturWindow *self,
               CaturSide    requester,
               guint        plies)
{
  const char *asking = catur_variant_get_side_name (self->variant, requester);
  const char *asked = catur_variant_get_side_name (self->variant, catur_side_other (requester));
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  /* Translators: the heading of the question to the opponent, e.g. "Red, Allow a Take-Back?" */
  heading = g_strdup_printf (_("%s, Allow a Take-Back?"), asked);
  if (plies == 1)
    /* Translators: e.g. "Black asks to take back a move. Allow?" */
    body = g_strdup_printf (_("%s asks to take back a move. Allow?"), asking);
  else
    /* Translators: e.g. "Black asks to take back a move and Red’s reply. Allow?" */
    body = g_strdup_printf (_("%s asks to take back a move and %s’s reply. Allow?"),
                            asking, asked);

  dialog = ask (self, heading, body, "decline", _("_Decline"), "allow", _("_Allow"),
                ADW_RESPONSE_SUGGESTED, G_CALLBACK (take_back_response_cb));
  g_object_set_data (G_OBJECT (dialog), "catur-side", GINT_TO_POINTER (requester));
  g_object_set_data (G_OBJECT (dialog), "catur-plies", GUINT_TO_POINTER (plies));
}

/* A take-back asked by @requester: at once, or once the opponent allows it. */
static void
request_take_back (CaturWindow *self,
                   CaturSide    requester)
{
  guint plies;

  if (self->game == NULL)
    return;

  plies = catur_game_get_take_back_plies (self->game, requester);
  if (plies == 0)
    return;
  if (catur_game_get_undo_policy (self->game) == CATUR_UNDO_POLICY_FREE)
    catur_game_take_back (self->game, requester);
  else
    ask_take_back (self, requester, plies);
}

static void
undo_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  if (self->game != NULL)
    request_take_back (self, undo_requester (self));
}

static void
take_back_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  const char *name = g_variant_get_string (parameter, NULL);
  CaturSide side = g_str_equal (name, "second") ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;

  /* Against the computer, only the person's move (with the reply). */
  if (self->game == NULL
      || (human_side (self) != CATUR_SIDE_NONE && side != human_side (self)))
    return;
  request_take_back (self, side);
}

static void
resign_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    CaturWindow      *self)
{
  CaturGame *game = g_object_get_data (G_OBJECT (dialog), "catur-game");
  CaturSide side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "catur-side"));

  if (g_str_equal (response, "resign") && game == self->game)
    catur_game_resign (game, side);
}

/* The player to move gives up, once they confirm it. */
static void
resign_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  CaturSide side;

  if (self->game == NULL || catur_game_is_over (self->game))
    return;

  side = acting_side (self);
  /* Translators: the heading of the confirmation, e.g. "Resign as Red?" */
  heading = g_strdup_printf (_("Resign as %s?"), catur_variant_get_side_name (self->variant, side));
  /* Translators: e.g. "Black wins the game." */
  body = g_strdup_printf (_("%s wins the game."),
                          catur_variant_get_side_name (self->variant, catur_side_other (side)));
  dialog = ask (self, heading, body, "cancel", _("_Cancel"), "resign", _("_Resign"),
                ADW_RESPONSE_DESTRUCTIVE, G_CALLBACK (resign_response_cb));
  g_object_set_data (G_OBJECT (dialog), "catur-side", GINT_TO_POINTER (side));
}

static void
draw_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  CaturWindow      *self)
{
  CaturGame *game = g_object_get_data (G_OBJECT (dialog), "catur-game");
  gboolean accept = g_str_equal (response, "accept");
  CaturSide side;

  if (game != self->game || catur_game_get_draw_offer (game) == CATUR_SIDE_NONE)
    return;

  side = catur_game_get_draw_offer (game);
  catur_game_answer_draw_offer (game, accept);
  if (!accept)
    {
      g_autofree char *text = NULL;

      /* Translators: a toast; the side named turned the draw offer down */
      text = g_strdup_printf (_("%s declined the draw"),
                              catur_variant_get_side_name (self->variant,
                                                           catur_side_other (side)));
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
    }
}

/* The player to move offers a draw; the opponent accepts or declines it at once. */
static void
offer_draw_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  const char *offering, *asked;
  g_autofree char *body = NULL;
  CaturSide side;

  /* Nobody would answer it against the computer (the action is disabled then). */
  if (self->game == NULL || catur_game_get_computer_side (self->game) != CATUR_SIDE_NONE)
    return;

  side = acting_side (self);
  if (!catur_game_offer_draw (self->game, side))
    return;

  offering = catur_variant_get_side_name (self->variant, side);
  asked = catur_variant_get_side_name (self->variant, catur_side_other (side));
  /* Translators: e.g. "Red offers a draw. Black, do you accept?" */
  body = g_strdup_printf (_("%s offers a draw. %s, do you accept?"), offering, asked);
  ask (self, _("Draw Offered"), body, "decline", _("_Decline"), "accept", _("_Accept Draw"),
       ADW_RESPONSE_SUGGESTED, G_CALLBACK (draw_response_cb));
}

static void
play_again_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  catur_window_new_game (CATUR_WINDOW (user_data));
}

static void
review_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action));
  guint view;

  if (self->game == NULL)
    return;

  view = catur_game_get_view_ply (self->game);
  if (g_str_equal (name, "review-first"))
    view = 0;
  else if (g_str_equal (name, "review-previous"))
    view = view > 0 ? view - 1 : 0;
  else if (g_str_equal (name, "review-next"))
    view++;
  else
    view = catur_game_get_n_plies (self->game);
  catur_game_set_view_ply (self->game, view);
}

static void
hint_ready_cb (GObject      *source_object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(CaturWindow) self = user_data;
  CaturGame *game = CATUR_GAME (source_object);
  g_autoptr(GError) error = NULL;
  CaturMove move;
  gboolean found = catur_game_hint_finish (game, result, &move, &error);

  /* Another game is shown now, or the window is gone. */
  if (self->game != game)
    return;

  self->hint_pending = FALSE;
  update_actions (self);
  if (found)
    catur_board_view_set_hint (self->board_view, &move);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
}

static void
hint_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  if (!can_hint (self))
    return;
  self->hint_pending = TRUE;
  update_actions (self);
  catur_game_hint_async (self->game, NULL, hint_ready_cb, g_object_ref (self));
}

static void
game_change_state (GSimpleAction *action,
                   GVariant      *state,
                   gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  catur_window_select_game (self, g_variant_get_string (state, NULL));
}

static void
restore_game_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  g_autoptr(CaturGame) game = g_steal_pointer (&self->previous_game);

  if (self->new_game_toast != NULL)
    {
      AdwToast *toast = self->new_game_toast;

      self->new_game_toast = NULL;
      adw_toast_dismiss (toast);
    }
  if (game != NULL)
    catur_window_set_game (self, game);
}

/* A toast where the player looks: the preferences while they are open (a theme chosen there
 * failed), else the board. */
static void
add_toast (CaturWindow *self,
           AdwToast    *toast)
{
  if (self->preferences_window != NULL
      && gtk_widget_get_visible (GTK_WIDGET (self->preferences_window)))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self->preferences_window), toast);
  else
    adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The board fell back to the default theme: say so, and set the setting back to the default
 * too, so that the preferences show what the board shows and the next start is quiet. */
static void
theme_failed_cb (CaturWindow    *self,
                 const char     *property,
                 const char     *theme,
                 const char     *fallback,
                 CaturBoardView *view)
{
  g_autofree char *text = NULL;
  AdwToast *toast;

  if (g_str_equal (property, "board-theme"))
    /* Translators: a toast; the first name is a board theme that failed, the second the one
     * shown instead */
    text = g_strdup_printf (_("The board theme “%s” could not be used; showing “%s”"),
                            theme, fallback);
  else
    /* Translators: a toast; the first name is a piece theme that failed, the second the one
     * shown instead */
    text = g_strdup_printf (_("The piece theme “%s” could not be loaded; showing “%s”"),
                            theme, fallback);

  if (self->variant_settings != NULL)
    {
      g_autoptr(GSettingsSchema) schema = NULL;

      g_object_get (self->variant_settings, "settings-schema", &schema, NULL);
      if (g_settings_schema_has_key (schema, property))
        g_settings_reset (self->variant_settings, property);
    }

  toast = adw_toast_new (text);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  add_toast (self, toast);
}

/* The board follows the settings of the variant shown, when it has them: its legal-move
 * markers and its themes. Called after the board has the variant's game, so that a theme is
 * always looked up in the variant it belongs to. */
static void
bind_variant_settings (CaturWindow  *self,
                       CaturVariant *variant)
{
  static const char * const keys[] = { "show-legal-moves", "piece-theme", "board-theme" };
  g_autoptr(GSettingsSchema) schema = NULL;

  if (variant == self->settings_variant)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_unbind (self->board_view, keys[i]);
  g_clear_object (&self->variant_settings);
  self->settings_variant = variant;
  g_action_map_remove_action (G_ACTION_MAP (self), "show-legal-moves");

  self->variant_settings = catur_setup_settings_new (variant);
  if (self->variant_settings == NULL)
    {
      catur_board_view_set_show_legal_moves (self->board_view, TRUE);
      return;
    }

  g_object_get (self->variant_settings, "settings-schema", &schema, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_settings_schema_has_key (schema, keys[i]))
      g_settings_bind (self->variant_settings, keys[i], self->board_view, keys[i],
                       G_SETTINGS_BIND_GET);

  /* The menu's toggle writes the game's own key. */
  if (g_settings_schema_has_key (schema, "show-legal-moves"))
    {
      g_autoptr(GAction) toggle = g_settings_create_action (self->variant_settings,
                                                            "show-legal-moves");

      g_action_map_add_action (G_ACTION_MAP (self), toggle);
    }
  else
    catur_board_view_set_show_legal_moves (self->board_view, TRUE);
}

/* The notation submenu names the notations as the game shown does ("WXF", "ICCS"). */
static void
update_notation_menu (CaturWindow *self)
{
  static const char * const targets[] = { "human", "human-strict", "coordinate" };

  g_menu_remove_all (self->notation_section);
  for (CaturNotation notation = CATUR_NOTATION_HUMAN; notation <= CATUR_NOTATION_COORDINATE;
       notation++)
    {
      g_autoptr(GMenuItem) item = NULL;

      item = g_menu_item_new (catur_variant_get_notation_name (self->variant, notation), NULL);
      g_menu_item_set_action_and_target (item, "app.notation", "s", targets[notation]);
      g_menu_append_item (self->notation_section, item);
    }
}

/* The game setting changed elsewhere (the preferences): show that game. */
static void
game_setting_changed_cb (CaturWindow *self)
{
  g_autofree char *id = g_settings_get_string (self->settings, "game");

  if (self->constructed)
    catur_window_select_game (self, id);
}

/* win.fullscreen toggles this state: a property action on the window would hold a reference
 * to it from its own action map, and a closed window would never be freed. */
static void
fullscreen_change_state (GSimpleAction *action,
                         GVariant      *state,
                         gpointer       user_data)
{
  if (g_variant_get_boolean (state))
    gtk_window_fullscreen (GTK_WINDOW (user_data));
  else
    gtk_window_unfullscreen (GTK_WINDOW (user_data));
}

static void
fullscreened_cb (CaturWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "fullscreen");

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_state (G_SIMPLE_ACTION (action),
                               g_variant_new_boolean (gtk_window_is_fullscreen (GTK_WINDOW (self))));
}

static const GActionEntry win_entries[] = {
  { "fullscreen", NULL, NULL, "false", fullscreen_change_state },
  { "undo", undo_action, NULL, NULL, NULL },
  { "take-back", take_back_action, "s", NULL, NULL },
  { "resign", resign_action, NULL, NULL, NULL },
  { "offer-draw", offer_draw_action, NULL, NULL, NULL },
  { "play-again", play_again_action, NULL, NULL, NULL },
  { "review-first", review_action, NULL, NULL, NULL },
  { "review-previous", review_action, NULL, NULL, NULL },
  { "review-next", review_action, NULL, NULL, NULL },
  { "review-last", review_action, NULL, NULL, NULL },
  { "hint", hint_action, NULL, NULL, NULL },
  { "game", NULL, "s", "''", game_change_state },
  { "restore-game", restore_game_action, NULL, NULL, NULL },
};

/* The game switcher lists every loaded variant by its translated name. */
static void
build_game_menu (CaturWindow *self)
{
  GPtrArray *variants = catur_plugins_get_variants ();
  g_autoptr(GMenu) section = g_menu_new ();

  for (guint i = 0; i < variants->len; i++)
    {
      CaturVariant *variant = g_ptr_array_index (variants, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (catur_variant_get_name (variant), NULL);
      const char *icon = catur_variant_get_icon_name (variant);

      g_menu_item_set_action_and_target (item, "win.game", "s", catur_variant_get_id (variant));
      if (icon != NULL)
        {
          g_autoptr(GIcon) gicon = g_themed_icon_new (icon);

          g_menu_item_set_icon (item, gicon);
        }
      g_menu_append_item (section, item);
    }

  self->game_menu = g_menu_new ();
  g_menu_append_section (self->game_menu, NULL, G_MENU_MODEL (section));
  gtk_menu_button_set_menu_model (self->game_button, G_MENU_MODEL (self->game_menu));
}

/* A bar naming each plugin that failed to load and why. */
static void
show_failures (CaturWindow *self)
{
  GPtrArray *failures = catur_plugins_get_failures ();
  g_autoptr(GString) text = NULL;

  if (failures->len == 0)
    return;

  gtk_label_set_text (self->failure_title,
                      ngettext ("A game plugin could not be loaded",
                                "Some game plugins could not be loaded",
                                failures->len));

  text = g_string_new (NULL);
  for (guint i = 0; i < failures->len; i++)
    {
      const CaturPluginFailure *failure = g_ptr_array_index (failures, i);

      if (i > 0)
        g_string_append_c (text, '\n');
      /* Translators: a plugin file that failed to load and why, e.g. "libfoo.so: file too short" */
      g_string_append_printf (text, _("%s: %s"), failure->name, failure->message);
    }
  gtk_label_set_text (self->failure_label, text->str);
  gtk_revealer_set_reveal_child (self->failure_revealer, TRUE);
}

/* Without any game: say so, and where plugins were looked for. */
static void
show_no_games (CaturWindow *self)
{
  g_auto(GStrv) path = catur_plugins_get_search_path ();
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append (text, _("Catur found no game plugins. It looked for them in these folders:"));
  for (guint i = 0; path[i] != NULL; i++)
    {
      g_autofree char *escaped = g_markup_escape_text (path[i], -1);

      g_string_append_printf (text, "\n<tt>%s</tt>", escaped);
    }

  adw_status_page_set_description (self->status_page, text->str);
  gtk_stack_set_visible_child_name (self->main_stack, "empty");

  gtk_widget_set_visible (self->new_game_button, FALSE);
  gtk_widget_set_visible (self->undo_button, FALSE);
  gtk_widget_set_visible (self->hint_button, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->players_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->game_button), FALSE);
  gtk_widget_set_visible (self->sidebar_button, FALSE);
  set_action_enabled (self, "game", FALSE);
  update_actions (self);
}

static gboolean
catur_window_close_request (GtkWindow *window)
{
  CaturWindow *self = CATUR_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }

  return GTK_WINDOW_CLASS (catur_window_parent_class)->close_request (window);
}

static void
catur_window_constructed (GObject *object)
{
  CaturWindow *self = CATUR_WINDOW (object);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autoptr(GAction) toggle_sidebar = NULL;
  g_autoptr(GAction) flip_board = NULL;
  g_autofree char *game_id = NULL;

  G_OBJECT_CLASS (catur_window_parent_class)->constructed (object);

  if (CATUR_IS_APPLICATION (application))
    {
      CaturApplication *catur = CATUR_APPLICATION (application);

      self->settings = g_object_ref (catur_application_get_settings (catur));
    }
  else
    self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  /* A narrow window folds the sidebar away; that is not the player's choice,
   * so only a change made while unfolded is saved. */
  adw_flap_set_reveal_flap (self->flap, g_settings_get_boolean (self->settings, "sidebar-visible"));
  g_signal_connect_object (self->flap, "notify::reveal-flap", G_CALLBACK (reveal_flap_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_settings_bind (self->settings, "animations", self->board_view, "animations",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "piece-letters", self->board_view, "piece-letters",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "table-mode", self->board_view, "table-mode",
                   G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->settings, "changed::undo-needs-permission",
                           G_CALLBACK (update_undo_policy), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::notation", G_CALLBACK (notation_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::game", G_CALLBACK (game_setting_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board_view, "theme-failed", G_CALLBACK (theme_failed_cb), self,
                           G_CONNECT_SWAPPED);
  /* The turn panel's piece is the board's, in the theme the board could use. */
  g_object_bind_property (self->board_view, "piece-theme", self->turn_panel, "piece-theme",
                          G_BINDING_SYNC_CREATE);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries),
                                   self);
  /* Who plays (the app.mode, app.level and app.human-side settings actions): a fresh game
   * takes a change at once, others when the next game starts. */
  {
    static const char * const keys[] = { "mode", "level", "human-side" };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      {
        g_autofree char *signal = g_strconcat ("changed::", keys[i], NULL);

        g_signal_connect_object (self->settings, signal, G_CALLBACK (players_changed_cb), self,
                                 G_CONNECT_SWAPPED);
      }
  }
  update_players_button (self);
  toggle_sidebar = G_ACTION (g_property_action_new ("toggle-sidebar", self->flap, "reveal-flap"));
  g_action_map_add_action (G_ACTION_MAP (self), toggle_sidebar);
  flip_board = G_ACTION (g_property_action_new ("flip-board", self->board_view, "flipped"));
  g_action_map_add_action (G_ACTION_MAP (self), flip_board);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (fullscreened_cb), NULL);

  build_game_menu (self);
  show_failures (self);
  catur_window_records_init (self);

  if (catur_plugins_get_variants ()->len == 0)
    {
      show_no_games (self);
      return;
    }

  game_id = g_settings_get_string (self->settings, "game");
  if (!catur_window_select_game (self, game_id))
    {
      CaturVariant *first = g_ptr_array_index (catur_plugins_get_variants (), 0);

      catur_window_select_game (self, catur_variant_get_id (first));
    }
  self->constructed = TRUE;
}

static void
catur_window_dispose (GObject *object)
{
  CaturWindow *self = CATUR_WINDOW (object);

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, view_ply_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, update_actions, self);
      g_signal_handlers_disconnect_by_func (self->game, thinking_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, computer_side_changed_cb, self);
      /* Closing the window stops the computer at once, whoever else holds the game. */
      catur_game_set_paused (self->game, TRUE);
    }
  g_clear_pointer (&self->bottom_binding, g_binding_unbind);
  g_clear_object (&self->game);
  g_clear_object (&self->previous_game);
  self->new_game_toast = NULL;
  if (self->new_game_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->new_game_dialog));
  if (self->preferences_window != NULL)
    gtk_window_destroy (GTK_WINDOW (self->preferences_window));
  g_clear_pointer (&self->games, g_hash_table_unref);

  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_WINDOW);

  G_OBJECT_CLASS (catur_window_parent_class)->dispose (object);
}

static void
catur_window_finalize (GObject *object)
{
  CaturWindow *self = CATUR_WINDOW (object);

  g_clear_object (&self->game_menu);
  g_clear_object (&self->take_back_menu);
  g_clear_object (&self->variant);
  g_clear_object (&self->variant_settings);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (catur_window_parent_class)->finalize (object);
}

static void
catur_window_class_init (CaturWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = catur_window_constructed;
  object_class->dispose = catur_window_dispose;
  object_class->finalize = catur_window_finalize;

  window_class->close_request = catur_window_close_request;

  g_type_ensure (CATUR_TYPE_BOARD_VIEW);
  g_type_ensure (CATUR_TYPE_HISTORY_VIEW);
  g_type_ensure (CATUR_TYPE_TURN_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "ui/catur-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, players_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, thinking_spinner);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, side_section);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, game_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, game_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, notation_section);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_title);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, failure_close_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, explanation_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, review_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, review_label);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_revealer);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_title);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_reason);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_moves);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, result_review_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, play_again_button);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, turn_panel);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, CaturWindow, status_page);
  gtk_widget_class_bind_template_callback (widget_class, failure_close_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_review_clicked_cb);
}

static void
catur_window_init (CaturWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->take_back_menu = g_menu_new ();
  adw_split_button_set_menu_model (ADW_SPLIT_BUTTON (self->undo_button),
                                   G_MENU_MODEL (self->take_back_menu));
  gtk_widget_set_can_target (GTK_WIDGET (self->result_revealer), FALSE);
  gtk_widget_set_can_target (GTK_WIDGET (self->review_revealer), FALSE);
  g_signal_connect_object (self->board_view, "notify::explanation",
                           G_CALLBACK (explanation_changed_cb), self, G_CONNECT_SWAPPED);
}

/**
 * catur_window_new:
 * @application: the application
 *
 * Returns: (transfer full): a window showing the game of the `game` setting
 */
CaturWindow *
catur_window_new (CaturApplication *application)
{
  g_return_val_if_fail (CATUR_IS_APPLICATION (application), NULL);

  return g_object_new (CATUR_TYPE_WINDOW, "application", application, NULL);
}

/**
 * catur_window_get_game:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none) (nullable): the game shown, %NULL without any game plugin
 */
CaturGame *
catur_window_get_game (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->game;
}

/**
 * catur_window_set_game:
 * @self: a #CaturWindow
 * @game: the game to show and play
 *
 * Shows @game, of any loaded variant; the game switcher follows it.
 */
void
catur_window_set_game (CaturWindow *self,
                       CaturGame   *game)
{
  CaturVariant *variant;
  GAction *game_action;
  const char *id;
  g_autofree char *saved_id = NULL;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, view_ply_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, update_actions, self);
      g_signal_handlers_disconnect_by_func (self->game, thinking_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, computer_side_changed_cb, self);
      /* A game put aside must not think, let alone play into the game shown; one taken up
       * again may. A kept game, one of another variant, is put aside the same way. */
      catur_game_set_paused (self->game, TRUE);
    }
  g_clear_pointer (&self->bottom_binding, g_binding_unbind);
  g_set_object (&self->game, game);
  catur_game_set_paused (game, FALSE);
  self->hint_pending = FALSE;

  /* The switcher, the title and the setting follow the game's variant. */
  variant = catur_game_get_variant (game);
  id = catur_variant_get_id (variant);
  g_set_object (&self->variant, variant);
  build_side_section (self);
  gtk_label_set_text (self->game_label, catur_variant_get_name (variant));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->game_button),
                               catur_variant_get_description (variant));
  game_action = g_action_map_lookup_action (G_ACTION_MAP (self), "game");
  g_simple_action_set_state (G_SIMPLE_ACTION (game_action), g_variant_new_string (id));
  /* The first game comes from the setting, or stands in for a game whose
   * plugin is missing today: only the player's later choices are saved. */
  saved_id = g_settings_get_string (self->settings, "game");
  if (self->constructed && g_strcmp0 (saved_id, id) != 0)
    g_settings_set_string (self->settings, "game", id);

  catur_game_set_notation (game, settings_notation (self));
  update_undo_policy (self);
  update_take_back_menu (self);
  g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::view-ply", G_CALLBACK (view_ply_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::draw-offer", G_CALLBACK (update_actions), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::thinking", G_CALLBACK (thinking_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::computer-side", G_CALLBACK (computer_side_changed_cb),
                           self, G_CONNECT_SWAPPED);

  /* The board is drawn for the player at its bottom; turning it over says who sits there. */
  self->bottom_binding = g_object_bind_property_full (game, "bottom-side",
                                                      self->board_view, "flipped",
                                                      G_BINDING_BIDIRECTIONAL
                                                      | G_BINDING_SYNC_CREATE,
                                                      bottom_side_to_flipped,
                                                      flipped_to_bottom_side,
                                                      NULL, NULL);

  /* Each game is kept, to be found again when the player comes back to it. */
  g_hash_table_replace (self->games, g_strdup (id), g_object_ref (game));

  catur_board_view_set_game (self->board_view, game);
  bind_variant_settings (self, variant);
  update_notation_menu (self);
  if (self->preferences_window != NULL)
    catur_preferences_window_set_variant (self->preferences_window, variant);
  catur_turn_panel_set_game (self->turn_panel, game);
  catur_history_view_set_game (self->history_view, game);

  self->n_plies = catur_game_get_n_plies (game);
  self->result_dismissed = FALSE;
  thinking_changed_cb (self);
  update_result (self);
  update_review (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  /* From now on this is the game of its variant that a restart resumes. */
  catur_window_autosave (self);
}

/**
 * catur_window_select_game:
 * @self: a #CaturWindow
 * @id: a variant id
 *
 * Shows the game of the variant @id: the one left there when the player switched to another
 * game, else the one its autosave kept, else a new one set up as the new-game dialog last
 * chose. Nothing changes when it is the variant shown already.
 *
 * Returns: %FALSE when no loaded plugin has the variant @id
 */
gboolean
catur_window_select_game (CaturWindow *self,
                          const char  *id)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturVariant *variant;
  CaturGame *kept;

  g_return_val_if_fail (CATUR_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  variant = catur_plugins_find_variant (id);
  if (variant == NULL)
    return FALSE;

  if (self->game != NULL && variant == self->variant)
    return TRUE;

  kept = g_hash_table_lookup (self->games, id);
  if (kept != NULL)
    {
      catur_window_set_game (self, kept);
      return TRUE;
    }

  g_set_object (&self->variant, variant);
  if (catur_window_resume_game (self, variant))
    return TRUE;

  /* A first game of this variant: nothing is replaced, so no "New game started" toast. */
  options = g_variant_ref_sink (catur_setup_load (variant));
  game = catur_game_new (variant, catur_variant_new_position (variant, options, g_random_int ()));
  catur_window_set_game (self, game);
  apply_players (self);
  return TRUE;
}

/* Shows the new @game. A game in progress that it replaces can be brought back from the
 * toast that says so. */
static void
start_game (CaturWindow *self,
            CaturGame   *game)
{
  g_autoptr(CaturGame) old = NULL;

  old = self->game != NULL ? g_object_ref (self->game) : NULL;
  catur_window_set_game (self, game);
  apply_players (self);

  if (self->new_game_toast != NULL)
    {
      AdwToast *toast = self->new_game_toast;

      self->new_game_toast = NULL;
      adw_toast_dismiss (toast);
    }
  g_clear_object (&self->previous_game);

  if (old != NULL && catur_game_get_n_plies (old) > 0 && !catur_game_is_over (old))
    {
      AdwToast *toast = adw_toast_new (_("New game started"));

      adw_toast_set_button_label (toast, _("_Undo"));
      adw_toast_set_action_name (toast, "win.restore-game");
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (new_game_toast_dismissed_cb), self,
                               G_CONNECT_SWAPPED);
      self->previous_game = g_steal_pointer (&old);
      self->new_game_toast = toast;
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
  update_actions (self);
}

/* A short message over the board. */
void
catur_window_show_toast (CaturWindow *self,
                         const char  *text,
                         gboolean     persistent)
{
  AdwToast *toast;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  toast = adw_toast_new (text);
  /* A message about the player's data stays until read. */
  if (persistent)
    adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/**
 * catur_window_new_game:
 * @self: a #CaturWindow
 *
 * Starts a new game of the current variant at once, set up as the new-game dialog last
 * chose. The players keep their seats; after a finished game, when the "swap-colours"
 * setting says so, they change sides and the board turns for the player at its bottom.
 */
void
catur_window_new_game (CaturWindow *self)
{
  g_autoptr(GVariant) options = NULL;
  g_autoptr(CaturGame) game = NULL;
  CaturPosition *start;

  g_return_if_fail (CATUR_IS_WINDOW (self));

  if (self->variant == NULL)
    return;

  options = g_variant_ref_sink (catur_setup_load (self->variant));
  start = catur_variant_new_position (self->variant, options, g_random_int ());
  /* Another game starts afresh, the first side at the bottom. */
  if (self->game != NULL && catur_game_get_variant (self->game) == self->variant)
    game = catur_game_new_rematch (self->game, start,
                                   g_settings_get_boolean (self->settings, "swap-colours"));
  else
    game = catur_game_new (self->variant, start);
  start_game (self, game);
}

static void
new_game_dialog_start_cb (CaturWindow        *self,
                          CaturNewGameDialog *dialog)
{
  g_autoptr(GVariant) options = g_variant_ref_sink (catur_new_game_dialog_get_options (dialog));
  g_autoptr(CaturGame) game = NULL;
  CaturSide bottom = catur_new_game_dialog_get_bottom_side (dialog);

  if (catur_new_game_dialog_get_variant (dialog) != self->variant)
    return;
  /* Against the computer the player at the bottom is the person: the side chosen is theirs,
   * in this game and the next ones (the players menu shows it). */
  if (settings_computer_side (self) != CATUR_SIDE_NONE)
    {
      self->holding_players = TRUE;
      g_settings_set_string (self->settings, "human-side",
                             bottom == CATUR_SIDE_SECOND ? "second" : "first");
      self->holding_players = FALSE;
    }
  game = catur_game_new (self->variant,
                         catur_variant_new_position (self->variant, options, g_random_int ()));
  catur_game_set_bottom_side (game, bottom);
  start_game (self, game);
}

/**
 * catur_window_show_new_game_dialog:
 * @self: a #CaturWindow
 *
 * Opens the dialog that sets up a new game of the current variant; its "Start" starts it.
 */
void
catur_window_show_new_game_dialog (CaturWindow *self)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));

  if (self->variant == NULL)
    return;

  if (self->new_game_dialog == NULL)
    {
      self->new_game_dialog = catur_new_game_dialog_new (GTK_WINDOW (self), self->settings,
                                                         self->variant, self->game);
      g_object_add_weak_pointer (G_OBJECT (self->new_game_dialog),
                                 (gpointer *) &self->new_game_dialog);
      g_signal_connect_object (self->new_game_dialog, "start",
                               G_CALLBACK (new_game_dialog_start_cb), self, G_CONNECT_SWAPPED);
    }
  gtk_window_present (GTK_WINDOW (self->new_game_dialog));
}

/**
 * catur_window_get_new_game_dialog:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none) (nullable): the new-game dialog while it is open
 */
CaturNewGameDialog *
catur_window_get_new_game_dialog (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->new_game_dialog;
}

/**
 * catur_window_get_board_view:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none): the board
 */
CaturBoardView *
catur_window_get_board_view (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->board_view;
}

/**
 * catur_window_get_game_menu:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none): the game switcher's menu, one item a loaded variant
 */
GMenuModel *
catur_window_get_game_menu (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return G_MENU_MODEL (self->game_menu);
}

/**
 * catur_window_show_preferences:
 * @self: a #CaturWindow
 * @page: (nullable): the page to show: a game's id, or %NULL for the General page
 *
 * Opens the preferences.
 */
void
catur_window_show_preferences (CaturWindow *self,
                               const char  *page)
{
  g_return_if_fail (CATUR_IS_WINDOW (self));

  if (self->preferences_window == NULL)
    {
      self->preferences_window = catur_preferences_window_new (GTK_WINDOW (self), self->settings,
                                                               self->variant);
      g_object_add_weak_pointer (G_OBJECT (self->preferences_window),
                                 (gpointer *) &self->preferences_window);
    }
  catur_preferences_window_show_page (self->preferences_window, page);
  gtk_window_present (GTK_WINDOW (self->preferences_window));
}

/**
 * catur_window_get_preferences_window:
 * @self: a #CaturWindow
 *
 * Returns: (transfer none) (nullable): the preferences while they are open
 */
CaturPreferencesWindow *
catur_window_get_preferences_window (CaturWindow *self)
{
  g_return_val_if_fail (CATUR_IS_WINDOW (self), NULL);

  return self->preferences_window;
}
