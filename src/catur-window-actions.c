/* catur-window-actions.c: the window's actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The win.* actions of the header bar, the menus, the result card and the shortcuts, and
 * when each is enabled, as the game's rules have them (take-backs, draw offers, the
 * declarations legal now). What they do to a game is CaturGame's; who acts for a player's
 * button is the window's (catur_window_acting_side()); a question to the opponent is in
 * catur-window-dialogs.c. win.open and win.save-as are catur-window-records.c's.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-window-private.h"

void
catur_window_set_action_enabled (CaturWindow *self,
                                 const char  *name,
                                 gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
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
  CaturSide side = catur_window_acting_side (self);

  if (catur_window_human_side (self) == CATUR_SIDE_NONE
      && catur_game_get_take_back_plies (self->game, side) == 0)
    side = catur_side_other (side);
  return side;
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

/* The declarations the player to move may make now, such as Shogi's impasse: legal moves
 * flagged CATUR_MOVE_DECLARE (none when the game is over). */
static GArray *
legal_declarations (CaturWindow *self)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  g_autoptr(GArray) moves = NULL;

  if (self->game == NULL || catur_game_is_over (self->game))
    return found;
  moves = catur_variant_legal_moves (catur_game_get_variant (self->game),
                                     catur_game_get_position (self->game));
  for (guint i = 0; i < moves->len; i++)
    if (g_array_index (moves, CaturMove, i).flags & CATUR_MOVE_DECLARE)
      g_array_append_val (found, g_array_index (moves, CaturMove, i));
  return found;
}

/* Whether the item @index of @section is @label for win.declare(@piece). */
static gboolean
declaration_item_is (GMenuModel *section,
                     int         index,
                     const char *label,
                     guint8      piece)
{
  g_autofree char *item_label = NULL;
  g_autoptr(GVariant) target = NULL;

  if (!g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_LABEL, "s", &item_label))
    return FALSE;
  target = g_menu_model_get_item_attribute_value (section, index, G_MENU_ATTRIBUTE_TARGET,
                                                  G_VARIANT_TYPE_BYTE);
  return target != NULL && g_variant_get_byte (target) == piece
         && g_strcmp0 (item_label, label) == 0;
}

/* The main menu offers the declarations legal now, by the game's labels ("Declare Impasse"),
 * and win.declare plays them while the player to move has the board. The section is rebuilt
 * only when what it offers changes, so that an open menu stays put. */
static void
update_declarations (CaturWindow *self,
                     gboolean     can_play)
{
  g_autoptr(GArray) moves = legal_declarations (self);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  GMenuModel *section = G_MENU_MODEL (self->declare_section);
  gboolean same = g_menu_model_get_n_items (section) == (int) moves->len;

  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);

      g_ptr_array_add (labels,
                       catur_variant_get_declaration_label (catur_game_get_variant (self->game),
                                                            catur_game_get_position (self->game),
                                                            move));
      same = same && declaration_item_is (section, i, g_ptr_array_index (labels, i), move->piece);
    }

  if (!same)
    {
      g_menu_remove_all (self->declare_section);
      for (guint i = 0; i < moves->len; i++)
        {
          g_autoptr(GMenuItem) item = g_menu_item_new (g_ptr_array_index (labels, i), NULL);

          g_menu_item_set_action_and_target (item, "win.declare", "y",
                                             g_array_index (moves, CaturMove, i).piece);
          g_menu_append_item (self->declare_section, item);
        }
    }
  catur_window_set_action_enabled (self, "declare", can_play && moves->len > 0);
}

static void offer_draw_action (GSimpleAction *action,
                               GVariant      *parameter,
                               gpointer       user_data);

/* win.no-draw-offers: a player who looks for a draw offer in a game without any is told how
 * its games end instead, in the game's own words: a menu item cannot carry a tooltip. */
static void
no_draw_offers_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  g_autofree char *reason = NULL;
  AdwToast *toast;

  if (self->game == NULL || catur_game_can_offer_draw (self->game, &reason))
    return;
  toast = adw_toast_new (reason);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The game's rules say whether there are take-backs and draw offers: an undo that can never
 * be says why in its tooltip, and a draw offer that cannot be is not offered at all (win.offer-
 * draw is missing, and its menu item is hidden-when="action-missing"); the menu has No Draw
 * Offers (win.no-draw-offers) in its place, which says why. */
static void
follow_game_flags (CaturWindow *self)
{
  static const GActionEntry offer_draw_entry[] = {
    { "offer-draw", offer_draw_action, NULL, NULL, NULL },
  };
  static const GActionEntry no_draw_offers_entry[] = {
    { "no-draw-offers", no_draw_offers_action, NULL, NULL, NULL },
  };
  g_autofree char *reason = NULL;
  gboolean draw_offers = self->game == NULL || catur_game_can_offer_draw (self->game, NULL);
  gboolean has_offer = g_action_map_lookup_action (G_ACTION_MAP (self), "offer-draw") != NULL;

  if (self->game != NULL && !catur_game_can_take_back (self->game, &reason))
    gtk_widget_set_tooltip_text (self->undo_button, reason);
  else
    gtk_widget_set_tooltip_text (self->undo_button, _("Undo Move"));

  if (draw_offers && !has_offer)
    {
      g_action_map_remove_action (G_ACTION_MAP (self), "no-draw-offers");
      g_action_map_add_action_entries (G_ACTION_MAP (self), offer_draw_entry,
                                       G_N_ELEMENTS (offer_draw_entry), self);
    }
  else if (!draw_offers
           && g_action_map_lookup_action (G_ACTION_MAP (self), "no-draw-offers") == NULL)
    {
      g_action_map_remove_action (G_ACTION_MAP (self), "offer-draw");
      g_action_map_add_action_entries (G_ACTION_MAP (self), no_draw_offers_entry,
                                       G_N_ELEMENTS (no_draw_offers_entry), self);
    }
}

/**
 * catur_window_actions_update:
 * @self: a #CaturWindow
 *
 * Enables the actions that make sense for the game shown as it stands.
 */
void
catur_window_actions_update (CaturWindow *self)
{
  CaturGame *game = self->game;
  gboolean playing = game != NULL && !catur_game_is_over (game);
  guint view = game != NULL ? catur_game_get_view_ply (game) : 0;
  guint n = game != NULL ? catur_game_get_n_plies (game) : 0;
  CaturSide human = game != NULL ? catur_window_human_side (self) : CATUR_SIDE_NONE;
  gboolean undo = FALSE;
  gboolean take_back = FALSE;
  gboolean can_play;

  follow_game_flags (self);
  if (game != NULL)
    {
      undo = catur_game_get_take_back_plies (game, undo_requester (self)) > 0;
      /* Against the computer only the person's move is taken back, with the reply. */
      if (human != CATUR_SIDE_NONE)
        take_back = catur_game_get_take_back_plies (game, human) > 0;
      else
        take_back = catur_game_get_take_back_plies (game, CATUR_SIDE_FIRST) > 0
                    || catur_game_get_take_back_plies (game, CATUR_SIDE_SECOND) > 0;
    }

  catur_window_set_action_enabled (self, "undo", undo);
  catur_window_set_action_enabled (self, "take-back", take_back);
  catur_window_set_action_enabled (self, "resign", playing);
  /* Against the computer the person offers a draw on their own turn, and the computer weighs
   * the position it has before its move. */
  catur_window_set_action_enabled (self, "offer-draw",
                                   playing && catur_game_draw_offer_is_open (game)
                                   && (human == CATUR_SIDE_NONE
                                       || (catur_game_get_side_to_move (game) == human
                                           && !catur_game_get_thinking (game))));
  catur_window_set_action_enabled (self, "play-again", game != NULL);
  catur_window_set_action_enabled (self, "review-first", game != NULL && view > 0);
  catur_window_set_action_enabled (self, "review-previous", game != NULL && view > 0);
  catur_window_set_action_enabled (self, "review-next", game != NULL && view < n);
  catur_window_set_action_enabled (self, "review-last", game != NULL && view < n);
  catur_window_set_action_enabled (self, "restore-game", self->previous_game != NULL);
  catur_window_setup_update (self);
  catur_window_set_action_enabled (self, "hint", can_hint (self));

  can_play = playing && !catur_game_is_reviewing (game) && !catur_game_get_thinking (game)
             && catur_game_get_computer_side (game) != catur_game_get_side_to_move (game);
  update_declarations (self, can_play);
  catur_window_network_update_actions (self);
}

/**
 * catur_window_update_take_back_menu:
 * @self: a #CaturWindow
 *
 * The undo button's menu names each side as the position shown names it (a side's name may
 * come with its colour): the one who has just moved takes back one ply, the one to move its
 * move and the reply. A game without take-backs has no menu. The menu is rebuilt only when
 * its items change.
 */
void
catur_window_update_take_back_menu (CaturWindow *self)
{
  CaturSide human = self->game != NULL ? catur_window_human_side (self) : CATUR_SIDE_NONE;
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) targets = g_ptr_array_new ();
  GMenuModel *menu = G_MENU_MODEL (self->take_back_menu);
  gboolean allowed = self->game == NULL || catur_game_can_take_back (self->game, NULL);
  gboolean same;

  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND && allowed; side++)
    {
      /* Against the computer, only the person takes back a move. */
      if (human != CATUR_SIDE_NONE && side != human)
        continue;

      /* Translators: an item of the undo button's menu, e.g. "Take Back Red’s Move" */
      g_ptr_array_add (labels, g_strdup_printf (_("Take Back %s’s Move"),
                                                self->game != NULL
                                                ? catur_game_get_side_name (self->game, side)
                                                : catur_variant_get_side_name (self->variant,
                                                                               NULL, side)));
      g_ptr_array_add (targets, side == CATUR_SIDE_FIRST ? "first" : "second");
    }

  same = g_menu_model_get_n_items (menu) == (int) labels->len;
  for (guint i = 0; i < labels->len && same; i++)
    {
      g_autofree char *label = NULL;
      g_autofree char *target = NULL;

      same = g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label)
             && g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_TARGET, "s", &target)
             && g_str_equal (label, g_ptr_array_index (labels, i))
             && g_str_equal (target, g_ptr_array_index (targets, i));
    }
  if (!same)
    {
      g_menu_remove_all (self->take_back_menu);
      for (guint i = 0; i < labels->len; i++)
        {
          g_autoptr(GMenuItem) item = g_menu_item_new (g_ptr_array_index (labels, i), NULL);

          g_menu_item_set_action_and_target (item, "win.take-back", "s",
                                             (const char *) g_ptr_array_index (targets, i));
          g_menu_append_item (self->take_back_menu, item);
        }
    }

  /* No take-backs, no menu: the split button's arrow is disabled with it. */
  if (allowed != (adw_split_button_get_menu_model (ADW_SPLIT_BUTTON (self->undo_button)) != NULL))
    adw_split_button_set_menu_model (ADW_SPLIT_BUTTON (self->undo_button),
                                     allowed ? G_MENU_MODEL (self->take_back_menu) : NULL);
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
    catur_window_ask_take_back (self, requester, plies);
}

static void
undo_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  if (catur_window_network_action (self, "undo", parameter))
    return;
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

  if (catur_window_network_action (self, "take-back", parameter))
    return;
  /* Against the computer, only the person's move (with the reply). */
  if (self->game == NULL
      || (catur_window_human_side (self) != CATUR_SIDE_NONE
          && side != catur_window_human_side (self)))
    return;
  request_take_back (self, side);
}

/* The player to move gives up, once they confirm it. */
static void
resign_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  if (catur_window_network_action (self, "resign", parameter))
    return;
  if (self->game == NULL || catur_game_is_over (self->game))
    return;

  catur_window_ask_resign (self, catur_window_acting_side (self));
}

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GWeakRef, weak_ref_free)

/* The computer's answer to the person's draw offer, once its search has weighed it: given
 * while the offer still stands (a move lets it lapse and cancels the search), even in a game
 * put aside meanwhile, which would otherwise keep an offer nobody answers; said in a toast
 * when the game is shown, so that the person learns why. */
static void
computer_answered_cb (GObject      *source_object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  CaturGame *game = CATUR_GAME (source_object);
  g_autoptr(GWeakRef) window_ref = user_data;
  g_autoptr(CaturWindow) self = g_weak_ref_get (window_ref);
  g_autofree char *reason = NULL;
  g_autoptr(GError) error = NULL;
  gboolean accept = FALSE;

  if (!catur_game_judge_draw_offer_finish (game, result, &accept, &reason, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The computer could not weigh the draw offer: %s", error->message);
      return;
    }
  if (catur_game_get_computer_side (game) == CATUR_SIDE_NONE
      || catur_game_get_draw_offer (game)
         != catur_side_other (catur_game_get_computer_side (game)))
    return;

  catur_game_answer_draw_offer (game, accept);
  if (self != NULL && self->game == game)
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (reason));
}

/* The player to move offers a draw; the opponent accepts or declines it: a person at once,
 * the computer by its own judgement after a short search. */
static void
offer_draw_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturSide human, side;

  if (catur_window_network_action (self, "offer-draw", parameter))
    return;
  if (self->game == NULL)
    return;

  human = catur_window_human_side (self);
  side = catur_window_acting_side (self);
  if (human != CATUR_SIDE_NONE)
    {
      GWeakRef *window_ref;

      /* The computer answers what it sees before its move, not while it thinks about one. */
      if (catur_game_get_side_to_move (self->game) != human
          || catur_game_get_thinking (self->game) || !catur_game_offer_draw (self->game, human))
        return;
      window_ref = g_new0 (GWeakRef, 1);
      g_weak_ref_init (window_ref, self);
      catur_game_judge_draw_offer_async (self->game, NULL, computer_answered_cb, window_ref);
      return;
    }
  if (catur_game_offer_draw (self->game, side))
    catur_window_ask_draw (self, side);
}

/* win.declare(piece): the player to move makes the declaration of that kind, when it is legal
 * (the menu offers only those; a shortcut or a stale menu may ask for another). */
static void
declare_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  guint8 piece = g_variant_get_byte (parameter);
  g_autoptr(GArray) moves = legal_declarations (self);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove move = g_array_index (moves, CaturMove, i);

      if (move.piece != piece)
        continue;
      if (catur_window_network_play (self, &move))
        return;
      if (!catur_game_play (self->game, &move, &error))
        adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
      return;
    }
}

static void
play_again_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  /* Against a friend elsewhere: a rematch, asked of the friend. */
  if (catur_window_network_action (CATUR_WINDOW (user_data), "play-again", parameter))
    return;
  catur_window_new_game (CATUR_WINDOW (user_data));
}

static void
review_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action));
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));
  gboolean first = g_str_equal (name, "review-first");
  guint view;

  /* Home and End are the application's keys for the review, which would take them from a text
   * field (the command entry): there they move within the line, as they do everywhere. */
  if ((first || g_str_equal (name, "review-last")) && GTK_IS_EDITABLE (focus))
    {
      gtk_editable_set_position (GTK_EDITABLE (focus), first ? 0 : -1);
      return;
    }
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

/* The hint in words for the turn panel: the piece, where it goes, and the move as the game
 * writes it ("Hint: Chariot i0–i1 (R1+1)"). */
static char *
describe_hint (CaturWindow     *self,
               const CaturMove *move)
{
  CaturVariant *variant = catur_game_get_variant (self->game);
  const CaturPosition *position = catur_game_get_position (self->game);
  g_autofree char *notation = catur_variant_format_move (variant, position, move,
                                                         catur_game_get_notation (self->game));
  g_autofree char *name = NULL;
  char from[8], to[8];
  CaturPiece piece;

  catur_variant_square_name (variant, move->to, to);
  if (move->flags & CATUR_MOVE_FLIP)
    /* Translators: a hint: turn over the face-down piece on a square, then the move as the
     * game writes it, e.g. "Hint: turn over the piece on b3 (b3b3)" */
    return g_strdup_printf (_("Hint: turn over the piece on %s (%s)"), to, notation);

  if (move->flags & CATUR_MOVE_DROP)
    {
      piece = (CaturPiece) { move->piece, catur_game_get_side_to_move (self->game), 0 };
      name = catur_variant_get_piece_name (variant, &piece);
      /* Translators: a hint: a piece from the hand put on a square, then the move as the
       * game writes it, e.g. "Hint: Pawn dropped on 5e (P*5e)" */
      return g_strdup_printf (_("Hint: %s dropped on %s (%s)"), name, to, notation);
    }

  catur_variant_square_name (variant, move->from, from);
  if (catur_variant_piece_at (variant, position, move->from, &piece))
    name = catur_variant_get_piece_name (variant, &piece);
  /* Translators: a hint: the piece to move, from one square to another, then the move as
   * the game writes it, e.g. "Hint: Chariot i0–i1 (R1+1)" */
  return g_strdup_printf (_("Hint: %s %s–%s (%s)"), name != NULL ? name : "", from, to,
                          notation);
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
  catur_window_actions_update (self);
  if (found)
    {
      g_autofree char *text = describe_hint (self, &move);
      g_autofree char *sentence = catur_variant_describe_move (
        catur_game_get_variant (game), catur_game_get_position (game), &move);
      g_autofree char *spoken = NULL;

      catur_board_view_set_hint (self->board_view, &move);
      catur_turn_panel_set_hint (self->turn_panel, text);
      /* Said as a move is, in words rather than the arrow and the notation the panel shows. */
      /* Translators: a hint said to a screen reader, e.g. "Hint: Red Chariot from i0 to i1." */
      spoken = g_strdup_printf (_("Hint: %s."), sentence);
      catur_window_announce (self, spoken);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
      catur_window_announce (self, error->message);
    }
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
  catur_window_actions_update (self);
  catur_game_hint_async (self->game, NULL, hint_ready_cb, g_object_ref (self));
}

static void
select_after_leaving (CaturWindow *self,
                      gpointer     data)
{
  catur_window_select_game (self, data);
}

static void
game_change_state (GSimpleAction *action,
                   GVariant      *state,
                   gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  const char *id = g_variant_get_string (state, NULL);

  /* Another game leaves a game with a friend elsewhere, once the player says so. */
  if (self->variant != NULL && g_strcmp0 (id, catur_variant_get_id (self->variant)) != 0
      && catur_window_network_guard (self, select_after_leaving, g_strdup (id), g_free))
    {
      g_simple_action_set_state (action, g_variant_new_string (catur_variant_get_id (
                                                                 self->variant)));
      return;
    }
  catur_window_select_game (self, id);
}

/* win.notation: the notation menu's choice, one of the game shown's notations. */
static void
notation_change_state (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  catur_window_choose_notation (CATUR_WINDOW (user_data), g_variant_get_string (state, NULL));
}

static void
restore_game_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  catur_window_restore_previous_game (CATUR_WINDOW (user_data));
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
  gboolean fullscreen = gtk_window_is_fullscreen (GTK_WINDOW (self));

  if (G_IS_SIMPLE_ACTION (action))
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (fullscreen));
}

/* The shortcuts window is built the first time it is asked for. GtkApplication would build it
 * for every window it is given, at start-up, from <resource base>/gtk/help-overlay.ui: a
 * window of a hundred widgets that most players never open. Once built, the window keeps it
 * (hidden when closed) and shows it again. */
static void
show_help_overlay_action (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  GtkApplicationWindow *self = GTK_APPLICATION_WINDOW (user_data);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (self);

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder =
        gtk_builder_new_from_resource ("/io/github/caturapp/Catur/ui/help-overlay.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (self, overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

/* win.command: the command entry under the board, with the focus, for a move or a question typed
 * (catur_board_view_run_command()). */
static void
command_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);

  gtk_revealer_set_reveal_child (self->command_revealer, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->command_entry));
}

/* Enter in the command entry: the line is run and emptied, the answer said; the focus stays,
 * for the next line. A move played is said by the board, as every move is. */
static void
command_activate_cb (CaturWindow *self)
{
  g_autofree char *line = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->command_entry)));
  g_autofree char *answer = NULL;

  if (*g_strstrip (line) == '\0')
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->command_entry), "");
  answer = catur_board_view_run_command (self->board_view, line);
  if (answer != NULL)
    catur_window_announce (self, answer);
}

/* win.focus-board: the focus back on the board from anywhere, and where the player is said. */
static void
focus_board_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  g_autofree char *where = NULL;

  if (catur_window_get_game (self) == NULL)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  where = catur_board_view_describe_where (self->board_view);
  catur_window_announce (self, where);
}

/* Escape in the command entry: the entry goes, the focus back to the board. */
static gboolean
command_key_cb (CaturWindow           *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  if (keyval != GDK_KEY_Escape)
    return FALSE;
  gtk_revealer_set_reveal_child (self->command_revealer, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  return TRUE;
}

static const GActionEntry win_entries[] = {
  { "command", command_action, NULL, NULL, NULL },
  { "focus-board", focus_board_action, NULL, NULL, NULL },
  { "fullscreen", NULL, NULL, "false", fullscreen_change_state },
  { "undo", undo_action, NULL, NULL, NULL },
  { "take-back", take_back_action, "s", NULL, NULL },
  { "resign", resign_action, NULL, NULL, NULL },
  { "play-again", play_again_action, NULL, NULL, NULL },
  { "review-first", review_action, NULL, NULL, NULL },
  { "review-previous", review_action, NULL, NULL, NULL },
  { "review-next", review_action, NULL, NULL, NULL },
  { "review-last", review_action, NULL, NULL, NULL },
  { "hint", hint_action, NULL, NULL, NULL },
  { "game", NULL, "s", "''", game_change_state },
  { "notation", NULL, "s", "''", notation_change_state },
  { "restore-game", restore_game_action, NULL, NULL, NULL },
  { "declare", declare_action, "y", NULL, NULL },
  { "show-help-overlay", show_help_overlay_action, NULL, NULL, NULL },
};

/* Flip Board, from the menu or its key: the board turns, and a player who cannot see it is
 * told which way it now stands (the menu's check item says nothing of its state to Orca 43). */
static void
flip_board_change_state (GSimpleAction *action,
                         GVariant      *state,
                         gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  gboolean flipped = g_variant_get_boolean (state);
  g_autofree char *text = NULL;

  catur_board_view_set_flipped (self->board_view, flipped);
  if (self->game == NULL)
    return;
  text = g_strdup_printf (flipped
                          /* Translators: said when the board is turned round, e.g. "Board
                           * flipped: Black at the bottom." */
                          ? _("Board flipped: %s at the bottom.")
                          /* Translators: said when the board is turned back, e.g. "Board
                           * upright: Red at the bottom." */
                          : _("Board upright: %s at the bottom."),
                          catur_game_get_side_name (self->game,
                                                    catur_game_get_bottom_side (self->game)));
  catur_window_announce (self, text);
}

static void
board_flipped_cb (CaturWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "flip-board");

  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (
                               catur_board_view_get_flipped (self->board_view)));
}

/**
 * catur_window_actions_init:
 * @self: a #CaturWindow
 *
 * Adds the window's actions, once its template widgets are there.
 */
void
catur_window_actions_init (CaturWindow *self)
{
  g_autoptr(GAction) toggle_sidebar = NULL;
  g_autoptr(GAction) flip_board = NULL;
  GtkEventController *command_keys;

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries),
                                   self);
  catur_window_setup_init (self);
  toggle_sidebar = G_ACTION (g_property_action_new ("toggle-sidebar", self->flap, "reveal-flap"));
  g_action_map_add_action (G_ACTION_MAP (self), toggle_sidebar);
  flip_board = G_ACTION (g_simple_action_new_stateful (
    "flip-board", NULL, g_variant_new_boolean (catur_board_view_get_flipped (self->board_view))));
  g_signal_connect (flip_board, "change-state", G_CALLBACK (flip_board_change_state), self);
  g_action_map_add_action (G_ACTION_MAP (self), flip_board);
  g_signal_connect_object (self->board_view, "notify::flipped", G_CALLBACK (board_flipped_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (fullscreened_cb), NULL);

  g_signal_connect_swapped (self->command_entry, "activate", G_CALLBACK (command_activate_cb),
                            self);
  command_keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (command_keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (command_keys, "key-pressed", G_CALLBACK (command_key_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->command_entry), command_keys);
}
