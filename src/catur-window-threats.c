/* catur-window-threats.c: the coach while playing: pieces in danger, squares attacked, and
 * "Check my move"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Which pieces the board marks follows the `threat-marks` setting: "auto" marks the person's
 * pieces against the computer at the three lowest rungs of the ladder, where players still
 * leave pieces hanging; "always" marks them in every game (in a game of two players, the side
 * to move's); "never" nowhere. win.show-attacked (Ctrl+T) tints the squares the opponent
 * attacks and says them.
 *
 * "Check my move" (`check-my-move`, against the computer): the person's move is held on the
 * board while the coach's judge (catur-judge.h) looks at it in a worker, within a fixed node
 * budget and depth so that its verdict does not depend on the machine's load. A mistake or a
 * blunder that walks into mate, leaves a piece hanging or loses material is stopped: a
 * dialog says why in the judge's sentence, and the player chooses another move or plays it
 * anyway. Anything else is played at once, and so are a flip (a chance, not a mistake the
 * judge stops) and a declaration. The clock keeps running meanwhile: the judgement
 * takes a fraction of a second, and the time spent reading the dialog is thinking time.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-window-private.h"

/* The judge's budget: about 300 ms on a slow machine for both its searches, bounded by nodes
 * and depth rather than time so that the same move gets the same verdict. */
#define CHECK_NODES 60000
#define CHECK_DEPTH 6
#define CHECK_HASH_MB 4

/* The lowest rungs at which "auto" marks pieces in danger. */
#define THREATS_AUTO_TOP CATUR_LEVEL_CASUAL

struct _CaturWindowThreats
{
  GCancellable *check;        /* the judgement of the move held, or NULL */
  CaturGame *pending_game;    /* the game the move held is for */
  guint pending_plies;        /* its plies when the move was held */
  CaturMove pending;
  AdwMessageDialog *dialog;   /* (nullable): the question about the move held */
  gboolean playing;           /* the move held is being played: the game's change is ours */
};

enum
{
  MARKS_AUTO,
  MARKS_ALWAYS,
  MARKS_NEVER,
};

static void
update_marks (CaturWindow *self)
{
  int marks = g_settings_get_enum (self->settings, "threat-marks");
  CaturSide human;
  gboolean shown = FALSE;

  if (self->game == NULL)
    return;
  human = catur_window_human_side (self);
  if (marks == MARKS_ALWAYS)
    shown = TRUE;
  else if (marks == MARKS_AUTO)
    shown = human != CATUR_SIDE_NONE
            && catur_game_get_computer_level (self->game) <= THREATS_AUTO_TOP;
  catur_board_view_set_threats (self->board_view, shown, human);
}

/* Drops the move held: the judgement is abandoned and the question closed. */
static void
drop_pending (CaturWindow *self)
{
  CaturWindowThreats *threats = self->threats;

  if (threats->check != NULL)
    {
      g_cancellable_cancel (threats->check);
      g_clear_object (&threats->check);
    }
  if (threats->dialog != NULL)
    {
      AdwMessageDialog *dialog = g_steal_pointer (&threats->dialog);

      gtk_window_destroy (GTK_WINDOW (dialog));
    }
  g_clear_object (&threats->pending_game);
  catur_board_view_set_pending_move (self->board_view, NULL);
}

static void
play_pending (CaturWindow *self)
{
  CaturWindowThreats *threats = self->threats;
  g_autoptr(CaturGame) game = g_steal_pointer (&threats->pending_game);
  g_autoptr(GError) error = NULL;
  CaturMove move = threats->pending;

  drop_pending (self);
  if (game == NULL || game != self->game)
    return;
  threats->playing = TRUE;
  if (!catur_game_play (game, &move, &error))
    catur_window_show_toast (self, error->message, FALSE);
  threats->playing = FALSE;
}

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             CaturWindow      *self)
{
  CaturWindowThreats *threats = self->threats;

  if (threats->dialog != dialog)
    return;
  threats->dialog = NULL;
  if (g_strcmp0 (response, "play") == 0)
    play_pending (self);
  else
    {
      drop_pending (self);
      gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
      catur_window_announce (self, _("Choose another move."));
    }
}

static const char *
heading_of (CaturJudgeReason reason)
{
  switch (reason)
    {
    case CATUR_JUDGE_REASON_ALLOWS_MATE:
      return _("This Move Walks into Mate");
    case CATUR_JUDGE_REASON_HANGS_PIECE:
      return _("This Move Leaves a Piece Hanging");
    case CATUR_JUDGE_REASON_DOUBLE_ATTACK:
      return _("This Move Lets Two Pieces Be Attacked");
    default:
      return _("This Move Loses Material");
    }
}

static gboolean
stops_move (const CaturJudgement *verdict)
{
  return verdict->judge_class >= CATUR_JUDGE_MISTAKE
         && (verdict->reason == CATUR_JUDGE_REASON_ALLOWS_MATE
             || verdict->reason == CATUR_JUDGE_REASON_HANGS_PIECE
             || verdict->reason == CATUR_JUDGE_REASON_LOSES_MATERIAL
             || verdict->reason == CATUR_JUDGE_REASON_DOUBLE_ATTACK);
}

static void
ask (CaturWindow          *self,
     const CaturJudgement *verdict)
{
  CaturWindowThreats *threats = self->threats;
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       heading_of (verdict->reason),
                                                       verdict->sentence));
  adw_message_dialog_add_responses (dialog,
                                    "choose", _("_Choose Another Move"),
                                    "play", _("_Play It Anyway"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "choose", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_appearance (dialog, "play", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "choose");
  adw_message_dialog_set_close_response (dialog, "choose");
  g_signal_connect_object (dialog, "response", G_CALLBACK (response_cb), self, 0);
  threats->dialog = dialog;
  /* Orca reads neither the heading nor the judge's sentence of a dialog as it opens. */
  catur_a11y_present_dialog (GTK_WINDOW (dialog), heading_of (verdict->reason),
                             verdict->sentence);
}

static void
judged_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(CaturWindow) self = user_data;
  g_autoptr(CaturJudgement) verdict = NULL;
  g_autoptr(GError) error = NULL;
  CaturWindowThreats *threats;

  verdict = catur_judge_move_finish (CATUR_VARIANT (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->threats == NULL)
    return;
  threats = self->threats;
  if (threats->pending_game == NULL)
    return;
  g_clear_object (&threats->check);
  if (error != NULL)
    g_debug ("The move could not be checked: %s", error->message);
  /* A move the judge cannot look at is the player's to make. */
  if (verdict == NULL || !stops_move (verdict))
    play_pending (self);
  else
    ask (self, verdict);
}

/* #CaturBoardView::move-chosen: against the computer, the person's move is held and judged. */
static gboolean
move_chosen_cb (CaturWindow     *self,
                const CaturMove *move)
{
  CaturWindowThreats *threats = self->threats;
  CaturSide human = catur_window_human_side (self);
  CaturSearchLimits limits;

  if (!g_settings_get_boolean (self->settings, "check-my-move") || self->game == NULL
      || human == CATUR_SIDE_NONE || catur_game_get_side_to_move (self->game) != human
      || catur_game_is_over (self->game) || catur_game_is_reviewing (self->game)
      || !catur_variant_can_think (self->variant)
      || catur_window_is_lesson_game (self, self->game) || threats->pending_game != NULL)
    return FALSE;
  /* A flip (Banqi) risks what it may turn up, a chance the coach only weighs and never stops
   * for; its chance nodes would also cost the judge far more than its budget. */
  if (move->flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DECLARE))
    return FALSE;

  threats->pending = *move;
  threats->pending_game = g_object_ref (self->game);
  threats->pending_plies = catur_game_get_n_plies (self->game);
  threats->check = g_cancellable_new ();
  catur_board_view_set_pending_move (self->board_view, move);

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.nodes = CHECK_NODES;
  limits.depth = CHECK_DEPTH;
  limits.seed = 1;
  limits.hash_mb = CHECK_HASH_MB;
  catur_judge_move_async (self->variant, catur_game_get_position (self->game), move, &limits,
                          threats->check, judged_cb, g_object_ref (self));
  return TRUE;
}

/* Another move, a new game or the game's end drops the move held. */
static void
game_changed_cb (CaturWindow *self)
{
  CaturWindowThreats *threats = self->threats;

  update_marks (self);
  if (threats->pending_game != NULL && !threats->playing
      && (threats->pending_game != self->game
          || catur_game_get_n_plies (self->game) != threats->pending_plies
          || catur_game_is_over (self->game)))
    drop_pending (self);
}

/* win.show-attacked: the squares the opponent attacks, tinted and said. */
static void
show_attacked_change_state (GSimpleAction *action,
                            GVariant      *state,
                            gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  gboolean show = g_variant_get_boolean (state);

  g_simple_action_set_state (action, state);
  catur_board_view_set_show_attacked (self->board_view, show);
  if (show)
    {
      g_autofree char *words = catur_board_view_describe_attacked (self->board_view);

      catur_window_announce (self, words);
    }
  else
    catur_window_announce (self, _("Attacked squares hidden."));
}

void
catur_window_threats_init (CaturWindow *self)
{
  static const char * const keys[] = {
    "changed::threat-marks", "changed::mode", "changed::level", "changed::human-side",
  };
  g_autoptr(GSimpleAction) show_attacked = NULL;

  self->threats = g_new0 (CaturWindowThreats, 1);

  show_attacked = g_simple_action_new_stateful ("show-attacked", NULL,
                                                g_variant_new_boolean (FALSE));
  g_signal_connect_object (show_attacked, "change-state",
                           G_CALLBACK (show_attacked_change_state), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show_attacked));

  g_signal_connect_object (self->board_view, "move-chosen", G_CALLBACK (move_chosen_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (game_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::computer-side",
                                 G_CALLBACK (update_marks), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game_signals, "bind", G_CALLBACK (game_changed_cb), self,
                           G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_signal_connect_object (self->settings, keys[i], G_CALLBACK (update_marks), self,
                             G_CONNECT_SWAPPED);
  update_marks (self);
}

void
catur_window_threats_dispose (CaturWindow *self)
{
  if (self->threats == NULL)
    return;
  drop_pending (self);
  g_clear_pointer (&self->threats, g_free);
}
