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
 */
#define G_LOG_DOMAIN "catur-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-new-game-dialog.h"
#include "catur-combo-row.h"
#include "catur-setup.h"

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

  gboolean bottom_chosen;     /* the player picked the side; the swap rule no longer does */
  gboolean proposing;
};

G_DEFINE_FINAL_TYPE (CaturNewGameDialog, catur_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  START,
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

/* Whether the game is to be played against the computer, as chosen in the dialog. */
static gboolean
against_computer (CaturNewGameDialog *self)
{
  return adw_combo_row_get_selected (self->opponent_row) == 1;
}


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
 * people. */
static void
update_player_rows (CaturNewGameDialog *self)
{
  gboolean computer = against_computer (self);
  const char *engine = catur_new_game_dialog_get_engine_id (self);

  gtk_widget_set_visible (GTK_WIDGET (self->level_row), computer && *engine == '\0');
  gtk_widget_set_visible (GTK_WIDGET (self->engine_row),
                          computer && self->engine_ids->len > 1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->bottom_row),
                                 computer ? _("Your Side") : _("Player at the Bottom Plays"));
  gtk_widget_set_visible (self->swap_row, !computer);
  gtk_widget_set_visible (self->permission_row,
                          !computer && !(catur_variant_get_flags (self->variant)
                                         & CATUR_VARIANT_NO_TAKE_BACKS));
  /* A time limit a move is for two people: against the computer there is no clock. */
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->option_rows, i);

      if (g_str_equal (gtk_widget_get_name (row), catur_setup_option_move_time ()->id))
        gtk_widget_set_visible (row, !computer);
    }
  update_options_list (self);
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

  if (against_computer (self))
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

  /* The ladder, weakest first: a row's position is its level. */
  for (CaturLevel level = 0; level < CATUR_N_LEVELS; level++)
    gtk_string_list_append (levels, catur_level_get_name (level));

  catur_combo_row_show_choices_whole (self->opponent_row);
  catur_combo_row_show_choices_whole (self->level_row);
  /* A game without a computer player is for two people: no opponent to choose. */
  gtk_widget_set_visible (GTK_WIDGET (self->opponent_row), can_think);
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
}

static void
catur_new_game_dialog_dispose (GObject *object)
{
  CaturNewGameDialog *self = CATUR_NEW_GAME_DIALOG (object);

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
 */
void
catur_new_game_dialog_start (CaturNewGameDialog *self)
{
  g_autoptr(GVariant) options = NULL;

  g_return_if_fail (CATUR_IS_NEW_GAME_DIALOG (self));

  options = g_variant_ref_sink (catur_new_game_dialog_get_options (self));
  catur_setup_store (self->variant, options);
  g_object_ref (self);
  g_signal_emit (self, signals[START], 0);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}
