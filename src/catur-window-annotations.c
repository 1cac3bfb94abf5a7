/* catur-window-annotations.c: what the window shows of a game's record: the header above the
 * move list, the comments, the file's name in the title, and a record looked through before the
 * computer plays on from it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A record opens for looking through: the computer plays no move of it, and waits until the
 * player chooses to play on from a position ("Play from Here"). The game shown is marked so
 * (RECORD_REVIEW_KEY) until then.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-record-header.h"
#include "catur-window-private.h"

#define RECORD_REVIEW_KEY "catur-record-review"

/* Whether the settings put the computer at the board. */
static gboolean
computer_asked (CaturWindow *self)
{
  g_autofree char *mode = g_settings_get_string (self->settings, "mode");

  return g_str_equal (mode, "computer");
}

/* The bar offering to play on from the record shows while the computer waits for it. */
static void
update_record_bar (CaturWindow *self)
{
  CaturGame *game = self->game;
  gboolean shown;

  shown = game != NULL
                   && g_object_get_data (G_OBJECT (game), RECORD_REVIEW_KEY) != NULL
                   && catur_game_get_computer_side (game) == CATUR_SIDE_NONE
                   && computer_asked (self)
                   && !(catur_game_is_over (game) && !catur_game_is_reviewing (game));

  if (shown)
    gtk_widget_set_visible (GTK_WIDGET (self->record_revealer), TRUE);
  gtk_revealer_set_reveal_child (self->record_revealer, shown);
  gtk_widget_set_can_target (GTK_WIDGET (self->record_revealer), shown);
}

static void
record_revealed_cb (GtkRevealer *revealer)
{
  if (!gtk_revealer_get_reveal_child (revealer) && !gtk_revealer_get_child_revealed (revealer))
    gtk_widget_set_visible (GTK_WIDGET (revealer), FALSE);
}

static void
update_title (CaturWindow *self)
{
  GFile *file = catur_window_get_game_file (self);
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  if (file != NULL)
    {
      g_autofree char *base = g_file_get_basename (file);

      name = g_filename_display_name (base != NULL ? base : "");
    }
  else if (catur_window_get_loaded_record (self) != NULL)
    {
      CaturRecord *record = catur_window_get_loaded_record (self);

      /* A game of a file of several, or one pasted: its players, when the record names them. */
      if (catur_record_get_player (record, CATUR_SIDE_FIRST) != NULL
          || catur_record_get_player (record, CATUR_SIDE_SECOND) != NULL)
        name = catur_record_describe (record, 0);
    }

  if (name != NULL)
    /* Translators: the window's title with a game file open: "game.pgn — Catur" */
    title = g_strdup_printf (_("%s — Catur"), name);
  gtk_window_set_title (GTK_WINDOW (self), title != NULL ? title : _("Catur"));
  gtk_label_set_text (self->file_label, name != NULL ? name : "");
  gtk_widget_set_visible (GTK_WIDGET (self->file_label), name != NULL);
}

/**
 * catur_window_annotations_update:
 * @self: a #CaturWindow
 *
 * Shows what the record of the game shown says, and the file it is in: called when another
 * game is shown and when its file changes.
 */
void
catur_window_annotations_update (CaturWindow *self)
{
  catur_record_header_set_record (self->record_header, catur_window_get_loaded_record (self));
  update_title (self);
  update_record_bar (self);
}

/**
 * catur_window_review_record:
 * @self: a #CaturWindow
 * @game: the game just shown, opened from a record
 *
 * Against the computer, @game is a record to look through: the computer plays none of its moves
 * until the player plays on from a position ("Play from Here"). Two players at the board play
 * on at once.
 */
void
catur_window_review_record (CaturWindow *self,
                            CaturGame   *game)
{
  if (computer_asked (self))
    g_object_set_data (G_OBJECT (game), RECORD_REVIEW_KEY, GINT_TO_POINTER (TRUE));
  else
    catur_window_apply_players (self);
  update_record_bar (self);
}

/* "Play from Here": the moves after the position shown go, and the players the settings ask
 * for take the game on, the computer moving at once when it is its turn. */
static void
play_from_here_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturGame *game = self->game;
  guint view, n;

  if (game == NULL)
    return;
  view = catur_game_get_view_ply (game);
  n = catur_game_get_n_plies (game);
  if (view < n)
    {
      /* The record's moves are no take-back of a player's: a game whose rules forbid those
       * (Banqi) plays on from any of them too. */
      CaturUndoPolicy policy = catur_game_get_undo_policy (game);

      catur_game_set_undo_policy (game, CATUR_UNDO_POLICY_FREE);
      catur_game_undo (game, n - view);
      catur_game_set_undo_policy (game, policy);
    }
  g_object_set_data (G_OBJECT (game), RECORD_REVIEW_KEY, NULL);
  catur_window_apply_players (self);
  update_record_bar (self);
  catur_window_autosave (self);
}

/* The text of the comment dialog's text view. */
static char *
dup_buffer_text (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

typedef struct
{
  GWeakRef game;
  guint ply;
  GtkTextView *view;
} CommentEdit;

static void
comment_edit_free (gpointer  data,
                   GClosure *closure)
{
  CommentEdit *edit = data;

  g_weak_ref_clear (&edit->game);
  g_free (edit);
}

static void
comment_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     CommentEdit      *edit)
{
  g_autoptr(CaturGame) game = g_weak_ref_get (&edit->game);
  g_autofree char *text = NULL;

  if (game == NULL || !g_str_equal (response, "save")
      || edit->ply > catur_game_get_n_plies (game))
    return;
  text = dup_buffer_text (edit->view);
  catur_game_set_comment (game, edit->ply, text);
}

/* The ply a comment dialog is about: "12. Nf3", "12… Nf6", or the start. */
static char *
describe_ply (CaturGame *game,
              guint      ply)
{
  g_autoptr(CaturGameMove) item = NULL;
  guint number;

  if (ply == 0)
    return g_strdup (_("Before the first move"));
  item = g_list_model_get_item (catur_game_get_moves (game), ply - 1);
  number = catur_game_get_move_number (game, ply);
  if (catur_game_move_get_side (item) == CATUR_SIDE_FIRST)
    /* Translators: the move a comment follows, e.g. "After 12. Nf3" */
    return g_strdup_printf (_("After %u. %s"), number, catur_game_move_get_notation (item));
  /* Translators: the move of the second side a comment follows, e.g. "After 12… Nf6" */
  return g_strdup_printf (_("After %u… %s"), number, catur_game_move_get_notation (item));
}

/* The comment on the position shown: the one after its move, or before the first. */
static void
edit_comment_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturGame *game = self->game;
  g_autofree char *where = NULL;
  const char *comment;
  GtkWidget *dialog, *scrolled, *view;
  CommentEdit *edit;

  if (game == NULL)
    return;
  edit = g_new0 (CommentEdit, 1);
  g_weak_ref_init (&edit->game, game);
  edit->ply = catur_game_get_view_ply (game);
  where = describe_ply (game, edit->ply);
  comment = catur_game_get_comment (game, edit->ply);

  /* Translators: the heading of the dialog that writes a comment on a move */
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Comment"), where);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  view = gtk_text_view_new ();
  gtk_widget_set_name (view, "comment_view");
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)),
                            comment != NULL ? comment : "", -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Comment"), -1);
  gtk_widget_add_css_class (view, "card");
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 120);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
  edit->view = GTK_TEXT_VIEW (view);

  g_signal_connect_data (dialog, "response", G_CALLBACK (comment_response_cb), edit,
                         comment_edit_free, 0);
  catur_a11y_name_buttons_by_content (dialog);
  catur_a11y_present_dialog (GTK_WINDOW (dialog), _("Comment"), where);
  gtk_widget_grab_focus (view);
}

static void
game_shown_changed_cb (CaturWindow *self)
{
  update_record_bar (self);
}

/* The players asked for changed: heard by the bar, which goes before the window does. */
static void
mode_changed_cb (GtkWidget *bar)
{
  GtkRoot *root = gtk_widget_get_root (bar);

  if (CATUR_IS_WINDOW (root))
    update_record_bar (CATUR_WINDOW (root));
}

static const GActionEntry annotation_entries[] = {
  { "edit-comment", edit_comment_action, NULL, NULL, NULL },
  { "play-from-here", play_from_here_action, NULL, NULL, NULL },
};

/**
 * catur_window_annotations_init:
 * @self: a #CaturWindow
 *
 * Adds `win.edit-comment` and `win.play-from-here`, and the bar under the board that offers the
 * latter while the computer waits for a record to be looked through.
 */
void
catur_window_annotations_init (CaturWindow *self)
{
  GtkWidget *bar, *label, *button;

  g_action_map_add_action_entries (G_ACTION_MAP (self), annotation_entries,
                                   G_N_ELEMENTS (annotation_entries), self);

  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (bar, "review-bar");
  label = gtk_label_new (_("The computer waits while you look through the record"));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 6);
  gtk_box_append (GTK_BOX (bar), label);
  button = gtk_button_new_with_mnemonic (_("_Play from Here"));
  gtk_widget_set_name (button, "play_from_here_button");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.play-from-here");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "pill");
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_box_append (GTK_BOX (bar), button);

  self->record_revealer = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_transition_type (self->record_revealer, GTK_REVEALER_TRANSITION_TYPE_CROSSFADE);
  gtk_widget_set_halign (GTK_WIDGET (self->record_revealer), GTK_ALIGN_CENTER);
  gtk_widget_set_visible (GTK_WIDGET (self->record_revealer), FALSE);
  gtk_widget_set_can_target (GTK_WIDGET (self->record_revealer), FALSE);
  gtk_revealer_set_child (self->record_revealer, bar);
  g_signal_connect (self->record_revealer, "notify::child-revealed",
                    G_CALLBACK (record_revealed_cb), NULL);
  gtk_box_prepend (GTK_BOX (self->board_strip), GTK_WIDGET (self->record_revealer));

  /* The bar follows the game's end, the position looked at and the players asked for. */
  g_signal_group_connect_swapped (self->game_signals, "changed",
                                  G_CALLBACK (game_shown_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::view-ply",
                                  G_CALLBACK (game_shown_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::computer-side",
                                  G_CALLBACK (game_shown_changed_cb), self);
  g_signal_connect_object (self->settings, "changed::mode", G_CALLBACK (mode_changed_cb),
                           self->record_revealer, G_CONNECT_SWAPPED);
}
