/* catur-window-setup.c: positions set up by hand, and the games played from them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * win.set-up-position opens the position editor on the position shown; Cancel closes it and
 * leaves the game as it was. Its Play starts a game of two players from the position set up,
 * Play Against Computer one in which the person plays the side to move, at the bottom.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-position-editor.h"
#include "catur-setup.h"
#include "catur-window-private.h"

static void
editor_start_cb (CaturWindow         *self,
                 gboolean             against_computer,
                 CaturPositionEditor *editor)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(GVariant) options = NULL;
  CaturVariant *variant = catur_position_editor_get_variant (editor);
  CaturPosition *start;
  CaturSide mover;

  if (variant != self->variant)
    return;
  start = catur_position_editor_take_start (editor, &error);
  if (start == NULL)
    {
      catur_window_show_toast (self, error->message, FALSE);
      return;
    }
  mover = catur_variant_side_to_move (variant, start);

  /* The players chosen are the settings' from now on, as the new-game dialog's are; they
   * change nothing of the game replaced. */
  catur_window_hold_players (self, TRUE);
  if (against_computer)
    {
      g_settings_set_string (self->settings, "mode", "computer");
      g_settings_set_string (self->settings, "human-side",
                             mover == CATUR_SIDE_SECOND ? "second" : "first");
    }
  else
    g_settings_set_string (self->settings, "mode", "two-players");
  catur_window_hold_players (self, FALSE);

  /* The rules the game is played under are the setup's; what shapes a start (a handicap) is
   * the position's own now. */
  options = g_variant_ref_sink (catur_setup_load (variant));
  game = catur_game_new (variant, start);
  catur_game_set_options (game, options);
  catur_game_set_bottom_side (game, against_computer ? mover : CATUR_SIDE_FIRST);
  gtk_window_destroy (GTK_WINDOW (editor));
  catur_window_start_game (self, game);
}

static void
release_clock_cb (gpointer  data,
                  GObject  *editor)
{
  g_autoptr(CaturGame) game = data;

  catur_game_release_clock (game);
}

static void
set_up_position_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  CaturPositionEditor *editor;

  if (self->game == NULL || !catur_variant_can_set_up (self->variant))
    return;
  editor = catur_position_editor_new (GTK_WINDOW (self), self->variant,
                                      catur_game_get_viewed_position (self->game),
                                      self->board_view);
  g_signal_connect_object (editor, "start", G_CALLBACK (editor_start_cb), self,
                           G_CONNECT_SWAPPED);
  /* The game's clock waits while the position is set up. */
  catur_game_hold_clock (self->game);
  g_object_weak_ref (G_OBJECT (editor), release_clock_cb, g_object_ref (self->game));
  gtk_window_present (GTK_WINDOW (editor));
}

/* Adds win.set-up-position. */
void
catur_window_setup_init (CaturWindow *self)
{
  static const GActionEntry entries[] = {
    { "set-up-position", set_up_position_action, NULL, NULL, NULL },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
}

/* Whether the game shown can be set up by hand. */
void
catur_window_setup_update (CaturWindow *self)
{
  catur_window_set_action_enabled (self, "set-up-position",
                                   self->game != NULL && self->variant != NULL
                                   && catur_variant_can_set_up (self->variant));
}

/* The game menu's section of Set Up Position…, hidden for a game that cannot be set up. */
GMenuModel *
catur_window_setup_menu (void)
{
  GMenu *section = g_menu_new ();
  g_autoptr(GMenuItem) item = g_menu_item_new (_("Set _Up Position…"), "win.set-up-position");

  g_menu_item_set_attribute (item, "hidden-when", "s", "action-disabled");
  g_menu_append_item (section, item);
  return G_MENU_MODEL (section);
}
