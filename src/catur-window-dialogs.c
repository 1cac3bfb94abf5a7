/* catur-window-dialogs.c: the window's questions to the players
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two people share one board, so a question goes to one of them by name: the opponent is
 * asked to allow a take-back or to accept a draw, and a player confirms resigning. Each
 * dialog carries what it asks about in a Question, for its answer; by the time that comes,
 * the game may have moved on, or another game may be shown, and then the answer is void.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-window-private.h"

typedef struct
{
  /* The window may close before the answer comes (its questions close with it). */
  GWeakRef window;
  /* The game asked about, kept so that an answer about another game is told apart. */
  CaturGame *game;
  /* Who asks (a take-back), resigns, or offers (a draw) … */
  CaturSide side;
  /* … and how many plies a take-back would take back, as it was asked. */
  guint plies;
} Question;

static Question *
question_new (CaturWindow *window,
              CaturSide    side,
              guint        plies)
{
  Question *question = g_new0 (Question, 1);

  g_weak_ref_init (&question->window, window);
  question->game = g_object_ref (window->game);
  /* The clock waits for the answer. */
  catur_game_hold_clock (question->game);
  question->side = side;
  question->plies = plies;
  return question;
}

static void
question_free (gpointer  data,
               GClosure *closure)
{
  Question *question = data;

  g_weak_ref_clear (&question->window);
  catur_game_release_clock (question->game);
  g_clear_object (&question->game);
  g_free (question);
}

/* The window that asked @question, while it still shows the game asked about. */
static CaturWindow *
question_dup_window (Question *question)
{
  CaturWindow *window = g_weak_ref_get (&question->window);

  if (window != NULL && window->game != question->game)
    g_clear_object (&window);
  return window;
}

/* A question about the game shown now, with a "no" and a "yes" answer; closing it says no.
 * @on_response is called as (dialog, response, question). */
static void
ask (CaturWindow           *self,
     Question              *question,
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
  g_signal_connect_data (dialog, "response", on_response, question, question_free, 0);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  catur_a11y_name_buttons_by_content (GTK_WIDGET (dialog));
  catur_a11y_present_dialog (GTK_WINDOW (dialog), heading, body);
}

/* The opponent's answer to a take-back; the game may have moved on meanwhile. */
static void
take_back_response_cb (AdwMessageDialog *dialog,
                       const char       *response,
                       Question         *question)
{
  g_autoptr(CaturWindow) self = question_dup_window (question);
  CaturSide requester = question->side;

  if (self == NULL || catur_game_get_take_back_plies (self->game, requester) != question->plies)
    return;

  if (g_str_equal (response, "allow"))
    catur_game_take_back (self->game, requester);
  else
    {
      g_autofree char *text = NULL;

      /* Translators: a toast; the side named did not allow the take-back */
      text = g_strdup_printf (_("%s declined the take-back"),
                              catur_game_get_side_name (self->game,
                                                        catur_side_other (requester)));
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
    }
}

/**
 * catur_window_ask_take_back:
 * @self: a #CaturWindow
 * @requester: the side that asks
 * @plies: how many plies it takes back
 *
 * Asks the opponent of @requester whether it may take back @plies plies; the take-back
 * happens when the opponent allows it and the game is still where it was.
 */
void
catur_window_ask_take_back (CaturWindow *self,
                            CaturSide    requester,
                            guint        plies)
{
  const char *asking, *asked;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (self->game != NULL);

  asking = catur_game_get_side_name (self->game, requester);
  asked = catur_game_get_side_name (self->game, catur_side_other (requester));
  /* Translators: the heading of the question to the opponent, e.g. "Red, Allow a Take-Back?" */
  heading = g_strdup_printf (_("%s, Allow a Take-Back?"), asked);
  if (plies == 1)
    /* Translators: e.g. "Black asks to take back a move. Allow?" */
    body = g_strdup_printf (_("%s asks to take back a move. Allow?"), asking);
  else
    /* Translators: e.g. "Black asks to take back a move and Red’s reply. Allow?" */
    body = g_strdup_printf (_("%s asks to take back a move and %s’s reply. Allow?"),
                            asking, asked);

  ask (self, question_new (self, requester, plies), heading, body,
       "decline", _("_Decline"), "allow", _("_Allow"),
       ADW_RESPONSE_SUGGESTED, G_CALLBACK (take_back_response_cb));
}

static void
resign_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    Question         *question)
{
  g_autoptr(CaturWindow) self = question_dup_window (question);

  if (self != NULL && g_str_equal (response, "resign"))
    catur_game_resign (self->game, question->side);
}

/**
 * catur_window_ask_resign:
 * @self: a #CaturWindow
 * @side: the side that gives up
 *
 * Asks the player of @side to confirm resigning the game shown; it ends when they do.
 */
void
catur_window_ask_resign (CaturWindow *self,
                         CaturSide    side)
{
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (self->game != NULL);

  /* Translators: the heading of the confirmation, e.g. "Resign as Red?" */
  heading = g_strdup_printf (_("Resign as %s?"), catur_game_get_side_name (self->game, side));
  /* Translators: e.g. "Black wins the game." */
  body = g_strdup_printf (_("%s wins the game."),
                          catur_game_get_side_name (self->game, catur_side_other (side)));
  ask (self, question_new (self, side, 0), heading, body,
       "cancel", _("_Cancel"), "resign", _("_Resign"),
       ADW_RESPONSE_DESTRUCTIVE, G_CALLBACK (resign_response_cb));
}

static void
draw_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  Question         *question)
{
  g_autoptr(CaturWindow) self = question_dup_window (question);
  gboolean accept = g_str_equal (response, "accept");
  CaturSide side;

  /* The offer may have lapsed meanwhile (a move answers it too). */
  if (self == NULL || catur_game_get_draw_offer (self->game) == CATUR_SIDE_NONE)
    return;

  side = catur_game_get_draw_offer (self->game);
  catur_game_answer_draw_offer (self->game, accept);
  if (!accept)
    {
      g_autofree char *text = NULL;

      /* Translators: a toast; the side named turned the draw offer down */
      text = g_strdup_printf (_("%s declined the draw"),
                              catur_game_get_side_name (self->game, catur_side_other (side)));
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
    }
}

/**
 * catur_window_ask_draw:
 * @self: a #CaturWindow
 * @side: the side that has offered a draw
 *
 * Asks the opponent of @side to accept or decline the draw offer standing in the game shown.
 */
void
catur_window_ask_draw (CaturWindow *self,
                       CaturSide    side)
{
  const char *offering, *asked;
  g_autofree char *body = NULL;

  g_return_if_fail (CATUR_IS_WINDOW (self));
  g_return_if_fail (self->game != NULL);

  offering = catur_game_get_side_name (self->game, side);
  asked = catur_game_get_side_name (self->game, catur_side_other (side));
  /* Translators: e.g. "Red offers a draw. Black, do you accept?" */
  body = g_strdup_printf (_("%s offers a draw. %s, do you accept?"), offering, asked);
  ask (self, question_new (self, side, 0), _("Draw Offered"), body,
       "decline", _("_Decline"), "accept", _("_Accept Draw"),
       ADW_RESPONSE_SUGGESTED, G_CALLBACK (draw_response_cb));
}
