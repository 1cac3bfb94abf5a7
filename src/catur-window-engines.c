/* catur-window-engines.c: other programs' engines as the computer player of the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The players menu lists, for the game shown, Catur's own engine and the engines of other
 * programs the preferences keep for that game (the `engines` setting; the choice of each game
 * in `game-engines`). The engine chosen plays the computer's side and gives the hints; what it
 * thinks shows in a panel of the sidebar. An engine that fails is said in a toast that stays,
 * with a button back to Catur's own engine; the game waits meanwhile, and nothing else stops.
 */
#define G_LOG_DOMAIN "catur-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-engine-panel.h"
#include "catur-window-private.h"

/* The engine chosen for the game shown, an id of the `engines` setting; "" for Catur's own. */
static char *
chosen_engine_id (CaturWindow *self)
{
  g_autoptr(GVariant) choices = g_settings_get_value (self->settings, "game-engines");
  const char *id = NULL;

  if (self->variant == NULL
      || !g_variant_lookup (choices, catur_variant_get_id (self->variant), "&s", &id))
    return g_strdup ("");
  return g_strdup (id);
}

/* Returns: (transfer full) (nullable): the entry chosen for the game shown, when it is still
 * in the list and plays the game */
static CaturEngineEntry *
chosen_entry (CaturWindow *self)
{
  g_autoptr(GVariant) list = g_settings_get_value (self->settings, "engines");
  g_autoptr(GPtrArray) entries = catur_engine_list_from_variant (list);
  g_autofree char *id = chosen_engine_id (self);
  CaturEngineEntry *entry = catur_engine_list_find (entries, id);

  if (entry == NULL || !catur_engine_entry_plays (entry, catur_variant_get_id (self->variant)))
    return NULL;
  return catur_engine_entry_copy (entry);
}

static gboolean
same_entry (const CaturEngineEntry *a,
            const CaturEngineEntry *b)
{
  g_autoptr(GVariant) va = NULL;
  g_autoptr(GVariant) vb = NULL;

  if (a == NULL || b == NULL)
    return a == b;
  va = g_variant_ref_sink (catur_engine_entry_to_variant (a));
  vb = g_variant_ref_sink (catur_engine_entry_to_variant (b));
  return g_variant_equal (va, vb);
}

/**
 * catur_window_engines_apply:
 * @self: a #CaturWindow
 *
 * The game shown gets the engine chosen for its game; one it has already keeps running.
 */
void
catur_window_engines_apply (CaturWindow *self)
{
  g_autoptr(CaturEngineEntry) entry = NULL;

  if (self->game == NULL || self->variant == NULL)
    return;
  entry = chosen_entry (self);
  if (!same_entry (entry, catur_game_get_engine (self->game)))
    catur_game_set_engine (self->game, entry);
  catur_engine_panel_update (CATUR_ENGINE_PANEL (self->engine_panel));
}

/* The players menu's section: Catur's own engine, then those of the game shown. */
static void
update_engine_section (CaturWindow *self)
{
  g_autoptr(GVariant) list = g_settings_get_value (self->settings, "engines");
  g_autoptr(GPtrArray) entries = catur_engine_list_from_variant (list);
  g_autoptr(GMenu) items = g_menu_new ();
  g_autoptr(CaturEngineEntry) chosen = chosen_entry (self);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "engine");
  gboolean any = FALSE;

  g_menu_append (items, _("C_atur’s Own Engine"), "win.engine::");
  for (guint i = 0; self->variant != NULL && i < entries->len; i++)
    {
      CaturEngineEntry *entry = g_ptr_array_index (entries, i);
      g_autoptr(GMenuItem) item = NULL;
      g_auto(GStrv) names = NULL;
      g_autofree char *label = NULL;

      if (!catur_engine_entry_plays (entry, catur_variant_get_id (self->variant)))
        continue;
      /* The menu's labels take mnemonics: an engine's own underscores are doubled. */
      names = g_strsplit (entry->name, "_", -1);
      label = g_strjoinv ("__", names);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "win.engine", "s", entry->id);
      g_menu_append_item (items, item);
      any = TRUE;
    }
  g_simple_action_set_state (G_SIMPLE_ACTION (action),
                             g_variant_new_string (chosen != NULL ? chosen->id : ""));

  /* Only the choices change: the section stays, and a game with no other engine has none. */
  g_menu_remove_all (self->engine_section);
  if (any)
    for (int i = 0; i < g_menu_model_get_n_items (G_MENU_MODEL (items)); i++)
      {
        g_autoptr(GMenuItem) item = g_menu_item_new_from_model (G_MENU_MODEL (items), i);

        g_menu_append_item (self->engine_section, item);
      }
}

/**
 * catur_window_engines_game_shown:
 * @self: a #CaturWindow
 *
 * Another game is shown: the players menu lists its engines, and the panel shows its engine's
 * thinking.
 */
void
catur_window_engines_game_shown (CaturWindow *self)
{
  if (self->engine_section == NULL)
    return;
  update_engine_section (self);
  catur_engine_panel_set_game (CATUR_ENGINE_PANEL (self->engine_panel), self->game);
}

static void
engines_changed_cb (CaturWindow *self)
{
  update_engine_section (self);
  /* A choice made for the game about to start (the New Game dialog) is not the shown one's. */
  if (!self->holding_players)
    catur_window_engines_apply (self);
}

/**
 * catur_window_engines_analyser:
 * @self: a #CaturWindow
 *
 * Returns: (transfer full) (nullable): the engine the coach's analysis of the game shown's
 *   game asks (`analysis-engines`), when it is still in the list and plays the game
 */
CaturEngineEntry *
catur_window_engines_analyser (CaturWindow *self)
{
  g_autoptr(GVariant) list = g_settings_get_value (self->settings, "engines");
  g_autoptr(GVariant) choices = g_settings_get_value (self->settings, "analysis-engines");
  g_autoptr(GPtrArray) entries = catur_engine_list_from_variant (list);
  const char *id = NULL;
  CaturEngineEntry *entry;

  if (self->variant == NULL
      || !g_variant_lookup (choices, catur_variant_get_id (self->variant), "&s", &id))
    return NULL;
  entry = catur_engine_list_find (entries, id);
  if (entry == NULL || !catur_engine_entry_plays (entry, catur_variant_get_id (self->variant)))
    return NULL;
  return catur_engine_entry_copy (entry);
}

/**
 * catur_window_engines_choose:
 * @self: a #CaturWindow
 * @id: the id of an engine of the `engines` setting, "" for Catur's own
 *
 * Keeps @id as the computer player of the game shown's game (`game-engines`).
 */
void
catur_window_engines_choose (CaturWindow *self,
                             const char  *id)
{
  g_autoptr(GVariant) choices = g_settings_get_value (self->settings, "game-engines");
  GVariantBuilder builder;
  GVariantIter iter;
  const char *game, *chosen;

  if (self->variant == NULL)
    return;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_iter_init (&iter, choices);
  while (g_variant_iter_next (&iter, "{&s&s}", &game, &chosen))
    if (!g_str_equal (game, catur_variant_get_id (self->variant)))
      g_variant_builder_add (&builder, "{ss}", game, chosen);
  if (*id != '\0')
    g_variant_builder_add (&builder, "{ss}", catur_variant_get_id (self->variant), id);
  g_settings_set_value (self->settings, "game-engines", g_variant_builder_end (&builder));
}

static void
engine_change_state (GSimpleAction *action,
                     GVariant      *value,
                     gpointer       user_data)
{
  CaturWindow *self = CATUR_WINDOW (user_data);
  const char *chosen = g_variant_get_string (value, NULL);
  g_autofree char *before = chosen_engine_id (self);

  if (self->variant == NULL)
    return;
  g_simple_action_set_state (action, value);
  /* The same engine again after it failed: it is started anew. */
  if (g_str_equal (before, chosen))
    {
      if (self->game != NULL && catur_game_get_engine_failed (self->game))
        {
          g_autoptr(CaturEngineEntry) entry = chosen_entry (self);

          catur_game_set_engine (self->game, entry);
          catur_engine_panel_update (CATUR_ENGINE_PANEL (self->engine_panel));
        }
      return;
    }
  catur_window_engines_choose (self, chosen);
}

/* The strength chosen in the players menu: kept in the engine's entry, which starts the engine
 * anew with it. */
static void
strength_changed_cb (GtkSpinButton *spin,
                     CaturWindow   *self)
{
  const char *name = g_object_get_data (G_OBJECT (spin), "catur-option");
  g_autoptr(GVariant) list = g_settings_get_value (self->settings, "engines");
  g_autoptr(GPtrArray) entries = catur_engine_list_from_variant (list);
  g_autoptr(CaturEngineEntry) chosen = chosen_entry (self);
  CaturEngineEntry *entry = chosen != NULL ? catur_engine_list_find (entries, chosen->id) : NULL;

  if (entry == NULL)
    return;
  g_hash_table_insert (entry->options, g_strdup (name),
                       g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin)));
  g_settings_set_value (self->settings, "engines", catur_engine_list_to_variant (entries));
}

/* Below the players' choices, the strength of the engine chosen, when it has such an option
 * (its Elo, its skill level): the one option most players change. */
static void
players_popover_shown_cb (GtkPopover  *popover,
                          CaturWindow *self)
{
  GtkWidget *box = gtk_popover_get_child (popover);
  CaturEngineClient *client = self->game != NULL ? catur_game_get_engine_client (self->game)
                                                 : NULL;
  const CaturEngineEntry *entry = self->game != NULL ? catur_game_get_engine (self->game) : NULL;
  GPtrArray *options = client != NULL ? catur_engine_client_get_options (client) : NULL;
  const char *name = catur_engine_find_strength_option (options);
  GtkWidget *row, *label, *spin;
  const char *value;

  if (name == NULL || entry == NULL || !GTK_IS_BOX (box))
    return;
  for (guint i = 0; i < options->len; i++)
    {
      CaturEngineOption *option = g_ptr_array_index (options, i);

      if (!g_str_equal (option->name, name))
        continue;
      value = g_hash_table_lookup (entry->options, name);
      if (value == NULL)
        value = option->default_value;
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      /* Translators: the strength of another program's engine, in the players menu */
      label = gtk_label_new (NULL);
      gtk_label_set_text_with_mnemonic (GTK_LABEL (label), _("_Strength"));
      gtk_widget_set_hexpand (label, TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      spin = gtk_spin_button_new_with_range ((double) option->min, (double) option->max, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin),
                                 value != NULL ? g_ascii_strtod (value, NULL) : option->max);
      gtk_widget_set_tooltip_text (spin, name);
      gtk_widget_set_name (spin, "engine-strength");
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), spin);
      g_object_set_data_full (G_OBJECT (spin), "catur-option", g_strdup (name), g_free);
      g_signal_connect_object (spin, "value-changed", G_CALLBACK (strength_changed_cb), self,
                               0);
      gtk_box_append (GTK_BOX (row), label);
      gtk_box_append (GTK_BOX (row), spin);
      gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
      gtk_box_append (GTK_BOX (box), row);
      return;
    }
}

/* The players menu's popover is made when first opened: the strength is added each time it
 * shows, after the window has filled it. */
static void
players_popover_changed_cb (GtkMenuButton *button,
                            GParamSpec    *pspec,
                            CaturWindow   *self)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);

  if (popover != NULL && g_object_get_data (G_OBJECT (popover), "catur-strength") == NULL)
    {
      g_object_set_data (G_OBJECT (popover), "catur-strength", GINT_TO_POINTER (TRUE));
      g_signal_connect_object (popover, "show", G_CALLBACK (players_popover_shown_cb), self,
                               G_CONNECT_AFTER);
    }
}

static void
engine_failed_cb (CaturWindow  *self,
                  const GError *error)
{
  g_autofree char *title = g_markup_escape_text (error->message, -1);
  AdwToast *toast = adw_toast_new (title);

  /* It stays until the player has read it: the game waits for their choice. */
  adw_toast_set_timeout (toast, 0);
  adw_toast_set_button_label (toast, _("Use Catur’s _Own Engine"));
  adw_toast_set_action_name (toast, "win.engine");
  adw_toast_set_action_target_value (toast, g_variant_new_string (""));
  catur_window_add_toast (self, toast);
  catur_engine_panel_set_failure (CATUR_ENGINE_PANEL (self->engine_panel), error->message);
  catur_window_actions_update (self);
}

/**
 * catur_window_engines_init:
 * @self: a #CaturWindow with its settings
 *
 * Adds the engines' section to the players menu, the win.engine action, and the thinking
 * panel to the sidebar.
 */
void
catur_window_engines_init (CaturWindow *self)
{
  g_autoptr(GSimpleAction) action = NULL;

  action = g_simple_action_new_stateful ("engine", G_VARIANT_TYPE_STRING,
                                         g_variant_new_string (""));
  g_signal_connect_object (action, "change-state", G_CALLBACK (engine_change_state), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));

  self->engine_section = g_menu_new ();
  /* After the levels: the engine is the other half of who the computer is. */
  g_menu_insert_section (G_MENU (self->players_menu), 2, _("Computer Player"),
                         G_MENU_MODEL (self->engine_section));

  self->engine_panel = catur_engine_panel_new ();
  gtk_widget_set_name (self->engine_panel, "engine-panel");
  gtk_widget_set_margin_top (self->engine_panel, 12);
  gtk_widget_set_margin_start (self->engine_panel, 12);
  gtk_widget_set_margin_end (self->engine_panel, 12);
  gtk_box_insert_child_after (GTK_BOX (self->sidebar), self->engine_panel,
                              GTK_WIDGET (self->tray_panel));

  g_signal_connect_object (self->settings, "changed::engines", G_CALLBACK (engines_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::game-engines",
                           G_CALLBACK (engines_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->players_button, "notify::popover",
                           G_CALLBACK (players_popover_changed_cb), self, 0);
  g_signal_group_connect_object (self->game_signals, "engine-failed",
                                 G_CALLBACK (engine_failed_cb), self, G_CONNECT_SWAPPED);
}
