/* catur-preferences-window.c: the preferences, general and per game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The General page (the template) holds what every game shares: which game,
 * who plays, how the board behaves, the two-player rules, and the notation of the game
 * shown (each game keeps its own, in its settings).
 * Then one page per loaded game, built from what its variant declares: the
 * keys of its settings schema the shell knows by name (show-legal-moves,
 * board-theme, piece-theme), its board and piece themes, its own display
 * choices, and its setup options (handicaps), so this file knows no game. Every row is bound to its
 * key with g_settings_bind(); the window and the board follow the keys, so a
 * change shows at once, except a set-up, which the next game uses (the row
 * says so).
 */
#define G_LOG_DOMAIN "catur-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-a11y.h"
#include "catur-application.h"
#include "catur-engines-group.h"
#include "catur-preferences-window.h"
#include "catur-combo-row.h"
#include "catur-setup.h"
#include "catur-theme-cache.h"

/* The side of a piece preview, and the cell of a board thumbnail, in device-independent
 * pixels. */
#define PIECE_PREVIEW_SIZE 40
#define BOARD_PREVIEW_CELL 6

/* A theme's picture, drawn again when the scale or the style changes. */
typedef struct
{
  GtkPicture *picture;        /* not a reference: the row holds it, and outlives the preview */
  CaturVariant *variant;
  CaturThemeInfo *info;
  gboolean board;
} Preview;

struct _CaturPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  /* Owned */
  GSettings *settings;
  CaturVariant *variant;        /* the game shown, whose notations the notation row lists */
  GSettings *notation_settings; /* its settings, when they keep a notation */
  GHashTable *variant_settings; /* CaturVariant → GSettings, for the variants that have them */
  GPtrArray *previews;          /* Preview */

  /* Template widgets */
  AdwPreferencesPage *general_page;
  AdwPreferencesGroup *game_group;
  AdwComboRow *game_row;
  AdwComboRow *mode_row;
  AdwComboRow *level_row;
  AdwComboRow *hint_level_row;
  AdwComboRow *analysis_row;
  GtkWidget *movetime_row;
  GtkSpinButton *movetime_spin;
  GtkSpinButton *network_port_spin;
  GtkSwitch *animations_switch;
  GtkSwitch *piece_letters_switch;
  AdwActionRow *table_mode_row;
  GtkSwitch *table_mode_switch;
  AdwComboRow *notation_row;
  GtkStringList *notation_names;
  GtkSwitch *undo_permission_switch;
  GtkSwitch *swap_colours_switch;
  GtkSwitch *show_tips_switch;
  AdwComboRow *threat_marks_row;
  GtkSwitch *check_my_move_switch;
};

G_DEFINE_FINAL_TYPE (CaturPreferencesWindow, catur_preferences_window,
                     ADW_TYPE_PREFERENCES_WINDOW)

static void
preview_free (gpointer data)
{
  Preview *preview = data;

  catur_theme_info_free (preview->info);
  g_free (preview);
}

/* Choice rows: the key holds one of the values (a NULL-terminated array, the user data), the
 * row the index of its label. A value the row does not list (a game whose plugin is missing
 * today) selects nothing, and nothing is written back. */
static gboolean
choice_get_mapping (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char * const *values = user_data;
  const char *string = g_variant_get_string (variant, NULL);

  g_value_set_uint (value, GTK_INVALID_LIST_POSITION);
  for (guint i = 0; values[i] != NULL; i++)
    if (g_str_equal (values[i], string))
      g_value_set_uint (value, i);
  return TRUE;
}

static GVariant *
choice_set_mapping (const GValue       *value,
                    const GVariantType *expected_type,
                    gpointer            user_data)
{
  const char * const *values = user_data;
  guint index = g_value_get_uint (value);

  if (index >= g_strv_length ((char **) values))
    return NULL;
  return g_variant_new_string (values[index]);
}

static void
bind_choice (GSettings          *settings,
             const char         *key,
             AdwComboRow        *row,
             const char * const *values)
{
  g_settings_bind_with_mapping (settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                choice_get_mapping, choice_set_mapping,
                                g_strdupv ((char **) values), (GDestroyNotify) g_strfreev);
}

/* The master's time is kept in milliseconds and shown in seconds. */
static gboolean
seconds_get_mapping (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  g_value_set_double (value, g_variant_get_int32 (variant) / 1000.0);
  return TRUE;
}

/* The network port (a uint16 key) and the spin button's value. */
static gboolean
port_get_mapping (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  g_value_set_double (value, g_variant_get_uint16 (variant));
  return TRUE;
}

static GVariant *
port_set_mapping (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  return g_variant_new_uint16 ((guint16) CLAMP (g_value_get_double (value), 0, G_MAXUINT16));
}

static GVariant *
seconds_set_mapping (const GValue       *value,
                     const GVariantType *expected_type,
                     gpointer            user_data)
{
  double milliseconds = g_value_get_double (value) * 1000.0;

  return g_variant_new_int32 ((gint32) CLAMP (milliseconds + 0.5, 500, 30000));
}

/* Theme rows: a check button of a group is on while the key names its theme (the user data);
 * turning one on writes its id, and the one turned off by it writes nothing. */
static gboolean
theme_get_mapping (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  g_value_set_boolean (value, g_str_equal (g_variant_get_string (variant, NULL), user_data));
  return TRUE;
}

static GVariant *
theme_set_mapping (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  if (!g_value_get_boolean (value))
    return NULL;
  return g_variant_new_string (user_data);
}

/* The level matters against the computer, the master's time at the master level. */
static void
update_sensitivity (CaturPreferencesWindow *self)
{
  gboolean computer = g_settings_get_enum (self->settings, "mode") == 1;
  g_autofree char *level = g_settings_get_string (self->settings, "level");

  gtk_widget_set_sensitive (GTK_WIDGET (self->level_row), computer);
  gtk_widget_set_sensitive (self->movetime_row, computer && g_str_equal (level, "master"));
}

static gboolean
settings_has_key (GSettings  *settings,
                  const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (settings == NULL)
    return FALSE;
  g_object_get (settings, "settings-schema", &schema, NULL);
  return g_settings_schema_has_key (schema, key);
}

/* A picture that says the theme's own could not be drawn. */
static void
set_missing_picture (GtkPicture *picture)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (picture));
  GtkIconTheme *icons = gtk_icon_theme_get_for_display (display);
  g_autoptr(GtkIconPaintable) icon = NULL;

  icon = gtk_icon_theme_lookup_icon (icons, "image-missing-symbolic", NULL, PIECE_PREVIEW_SIZE,
                                     gtk_widget_get_scale_factor (GTK_WIDGET (picture)),
                                     GTK_TEXT_DIR_NONE, 0);
  gtk_picture_set_paintable (picture, GDK_PAINTABLE (icon));
}

/* The image that stands for a piece theme: its Preview, else the first piece of the start. */
static const char *
preview_image (CaturVariant         *variant,
               const CaturThemeInfo *info)
{
  g_autoptr(CaturPosition) start = NULL;
  CaturGeometry geometry;

  if (info->preview != NULL)
    return info->preview;

  start = catur_variant_new_position (variant, NULL, 0);
  catur_variant_get_geometry (variant, &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      CaturPiece piece;

      if (catur_variant_piece_at (variant, start, square, &piece))
        return catur_variant_get_piece_image (variant, &piece);
    }
  return NULL;
}

/* The size of a board thumbnail, and where its board stands, as the board view lays it out:
 * a cell of room around the points, or three quarters of one around the squares. */
static void
board_preview_layout (CaturVariant     *variant,
                      CaturBoardLayout *layout,
                      double           *width,
                      double           *height)
{
  CaturGeometry geometry;
  double margin;

  catur_variant_get_geometry (variant, &geometry);
  margin = geometry.on_points ? 1.0 : 0.75;
  layout->cell = BOARD_PREVIEW_CELL;
  layout->x = margin * BOARD_PREVIEW_CELL;
  layout->y = margin * BOARD_PREVIEW_CELL;
  layout->flipped = FALSE;
  layout->files = geometry.files;
  layout->ranks = geometry.ranks;
  layout->on_points = geometry.on_points;
  *width = ((geometry.on_points ? geometry.files - 1 : geometry.files) + 2 * margin)
           * BOARD_PREVIEW_CELL;
  *height = ((geometry.on_points ? geometry.ranks - 1 : geometry.ranks) + 2 * margin)
            * BOARD_PREVIEW_CELL;
}

static void
render_preview (Preview *preview,
                int      scale,
                gboolean dark)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;

  if (preview->board)
    {
      CaturBoardLayout layout;
      cairo_surface_t *surface;
      cairo_t *cr;
      double width, height;

      board_preview_layout (preview->variant, &layout, &width, &height);
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (width * scale),
                                            (int) (height * scale));
      cr = cairo_create (surface);
      cairo_scale (cr, scale, scale);
      catur_variant_draw_board_themed (preview->variant, cr, &layout, preview->info->id, dark);
      cairo_destroy (cr);
      texture = catur_texture_new_for_surface (surface);
      cairo_surface_destroy (surface);
    }
  else
    {
      const char *image = preview_image (preview->variant, preview->info);

      if (image != NULL)
        texture = catur_theme_render_image (preview->info, image, PIECE_PREVIEW_SIZE * scale,
                                            &error);
      if (texture == NULL)
        g_message ("No preview of the piece theme “%s”: %s", preview->info->id,
                   error != NULL ? error->message : "no image");
    }

  if (texture != NULL)
    gtk_picture_set_paintable (preview->picture, GDK_PAINTABLE (texture));
  else
    set_missing_picture (preview->picture);
}

/* Every preview again, at the window's scale and in the current style. */
static void
render_previews (CaturPreferencesWindow *self)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  if (self->previews == NULL)   /* disposed */
    return;
  for (guint i = 0; i < self->previews->len; i++)
    render_preview (g_ptr_array_index (self->previews, i), scale, dark);
}

static GtkWidget *
switch_row (GSettings  *settings,
            const char *key,
            const char *title,
            const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  gtk_widget_set_name (row, key);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  g_settings_bind (settings, key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
  return row;
}

/* One row a theme of @themes, with its picture and a check button of one group, bound to
 * @key. */
static GtkWidget *
theme_group (CaturPreferencesWindow *self,
             CaturVariant           *variant,
             GSettings              *settings,
             const char             *key,
             GPtrArray              *themes,
             gboolean                board)
{
  GtkWidget *group = adw_preferences_group_new ();
  GtkCheckButton *first = NULL;
  double width = PIECE_PREVIEW_SIZE, height = PIECE_PREVIEW_SIZE;

  if (board)
    {
      CaturBoardLayout layout;

      board_preview_layout (variant, &layout, &width, &height);
    }

  for (guint i = 0; i < themes->len; i++)
    {
      const CaturThemeInfo *info = g_ptr_array_index (themes, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *picture = gtk_picture_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *name = g_strdup_printf ("%s:%s", key, info->id);
      g_autofree char *subtitle = NULL;
      Preview *preview;

      gtk_widget_set_name (row, name);
      /* A player's theme.ini is text, not markup. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), info->name);
      if (info->user)
        /* Translators: the subtitle of a piece theme the player added, after its description */
        subtitle = g_strdup_printf (_("%s (your own theme)"),
                                    info->description != NULL ? info->description : info->id);
      else
        subtitle = g_strdup (info->description);
      if (subtitle != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

      gtk_widget_set_size_request (picture, (int) width, (int) height);
      gtk_widget_set_valign (picture, GTK_ALIGN_CENTER);
      gtk_widget_set_margin_top (picture, 6);
      gtk_widget_set_margin_bottom (picture, 6);
      gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
      gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_CONTAIN);
      gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      info->name, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), picture);

      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      if (first != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), first);
      else
        first = GTK_CHECK_BUTTON (check);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_settings_bind_with_mapping (settings, key, check, "active", G_SETTINGS_BIND_DEFAULT,
                                    theme_get_mapping, theme_set_mapping,
                                    g_strdup (info->id), g_free);

      preview = g_new0 (Preview, 1);
      preview->picture = GTK_PICTURE (picture);
      preview->variant = variant;
      preview->info = catur_theme_info_copy (info);
      preview->board = board;
      g_ptr_array_add (self->previews, preview);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }
  return group;
}

/* A new-game option that depends on another matters only while that one is off its first
 * choice: the rows are found by their names, the options' ids. */
static void
update_option_sensitivity (AdwPreferencesGroup *group)
{
  CaturVariant *variant = g_object_get_data (G_OBJECT (group), "catur-variant");
  GSettings *settings = g_object_get_data (G_OBJECT (group), "catur-settings");
  const CaturSetupOption *options;
  guint n;

  options = catur_variant_get_setup_options (variant, &n);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = g_object_get_data (G_OBJECT (group), options[i].id);
      const CaturSetupOption *master;
      g_autofree char *value = NULL;

      if (row == NULL || options[i].depends_on == NULL)
        continue;
      master = catur_variant_find_setup_option (variant, options[i].depends_on);
      if (master == NULL || !settings_has_key (settings, master->id))
        continue;
      value = g_settings_get_string (settings, master->id);
      gtk_widget_set_sensitive (row, catur_setup_option_find_choice (master, value) > 0);
    }
}

/* A combo row of @option's choices, named by its id and bound to its key of @settings. */
static GtkWidget *
choice_row (GSettings              *settings,
            const CaturSetupOption *option,
            const char             *subtitle)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) values = NULL;
  GtkWidget *row;

  for (guint c = 0; c < option->n_choices; c++)
    {
      gtk_string_list_append (labels, option->choices[c].label);
      g_strv_builder_add (builder, option->choices[c].value);
    }
  values = g_strv_builder_end (builder);

  row = adw_combo_row_new ();
  gtk_widget_set_name (row, option->id);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (labels));
  /* The combo row's own labels are cut short ("Japanese numerals (一…") before its title and
   * subtitle wrap; these labels never are, so the choice is read whole and the row's text
   * wraps beside it, as in the new-game dialog. */
  catur_combo_row_show_choices_whole (ADW_COMBO_ROW (row));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), option->label);
  if (subtitle != NULL)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
    }
  bind_choice (settings, option->id, ADW_COMBO_ROW (row), (const char * const *) values);
  return row;
}

/* The game's own display choices that its settings keep: they apply at once. */
static GtkWidget *
display_group (CaturVariant *variant,
               GSettings    *settings)
{
  const CaturSetupOption *options;
  GtkWidget *group = NULL;
  guint n;

  options = catur_variant_get_display_options (variant, &n);
  for (guint i = 0; i < n; i++)
    {
      if (!settings_has_key (settings, options[i].id))
        continue;
      if (group == NULL)
        {
          group = adw_preferences_group_new ();
          /* Translators: the heading of a game's own choices of how its board looks */
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group),
                                           C_("preferences group", "Display"));
        }
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                 choice_row (settings, &options[i], options[i].description));
    }
  return group;
}

/* One combo row a setup option that the variant's settings keep. */
static GtkWidget *
setup_group (CaturVariant *variant,
             GSettings    *settings)
{
  const CaturSetupOption *options;
  GtkWidget *group = NULL;
  guint n;

  options = catur_variant_get_setup_options (variant, &n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *subtitle = NULL;
      g_autofree char *signal = NULL;
      GtkWidget *row;

      if (!settings_has_key (settings, options[i].id))
        continue;

      if (group == NULL)
        {
          group = adw_preferences_group_new ();
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("New Games"));
          g_object_set_data (G_OBJECT (group), "catur-variant", variant);
          g_object_set_data (G_OBJECT (group), "catur-settings", settings);
        }

      /* A set-up cannot change the game on the board: say when it counts. */
      if (options[i].description != NULL)
        /* Translators: a set-up option's description, then when a change takes effect */
        subtitle = g_strdup_printf (_("%s\nApplies to the next game"), options[i].description);
      else
        subtitle = g_strdup (_("Applies to the next game"));
      row = choice_row (settings, &options[i], subtitle);

      g_object_set_data (G_OBJECT (group), options[i].id, row);
      signal = g_strdup_printf ("changed::%s", options[i].id);
      g_signal_connect_object (settings, signal, G_CALLBACK (update_option_sensitivity), group,
                               G_CONNECT_SWAPPED);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }

  if (group != NULL)
    update_option_sensitivity (ADW_PREFERENCES_GROUP (group));
  return group;
}

/* The page of one game: what its settings schema keeps, by the keys the shell knows. */
static void
add_variant_page (CaturPreferencesWindow *self,
                  CaturVariant           *variant)
{
  g_autoptr(GSettings) settings = catur_setup_settings_new (variant);
  GtkWidget *page;
  GtkWidget *group;
  gboolean empty = TRUE;

  if (settings == NULL)
    return;

  page = adw_preferences_page_new ();
  adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (page), catur_variant_get_id (variant));
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), catur_variant_get_name (variant));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page),
                                      catur_variant_get_icon_name (variant));

  if (settings_has_key (settings, "show-legal-moves"))
    {
      group = adw_preferences_group_new ();
      /* Translators: the heading of the legal-move markers, not the move history */
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group),
                                       C_("preferences group", "Moves"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                 switch_row (settings, "show-legal-moves", _("Show _Legal Moves"),
                                             _("Mark where the selected piece may go: a dot for "
                                               "an empty place, a ring for a capture")));
      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
      empty = FALSE;
    }

  if (settings_has_key (settings, "board-theme"))
    {
      g_autoptr(GPtrArray) themes = catur_variant_list_board_themes (variant);

      if (themes->len > 0)
        {
          group = theme_group (self, variant, settings, "board-theme", themes, TRUE);
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Board"));
          adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
          empty = FALSE;
        }
    }

  if (settings_has_key (settings, "piece-theme"))
    {
      g_autoptr(GPtrArray) themes = catur_variant_list_piece_themes (variant);
      g_autofree char *help = catur_application_get_help_uri ("themes");
      g_autofree char *own = NULL;

      group = theme_group (self, variant, settings, "piece-theme", themes, FALSE);
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Pieces"));
      /* Folders and file names are the help's business: the group links to its page. The
       * description is markup, and a click on the link opens the help. */
      /* Translators: keep the <a href="%s"> and </a> around the words that open the help */
      own = g_markup_printf_escaped (_("Draw pieces of your own: <a href=\"%s\">the help</a> "
                                       "says how"), help);
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), own);
      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
      empty = FALSE;
    }

  group = display_group (variant, settings);
  if (group != NULL)
    {
      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
      empty = FALSE;
    }

  group = setup_group (variant, settings);
  if (group != NULL)
    {
      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
      empty = FALSE;
    }

  if (catur_engine_game_has_engines (catur_variant_get_id (variant)))
    {
      group = catur_engines_group_new (self->settings, variant);
      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
      empty = FALSE;
    }

  if (empty)
    {
      g_object_ref_sink (page);
      g_object_unref (page);
      return;
    }

  g_hash_table_insert (self->variant_settings, variant, g_steal_pointer (&settings));
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), ADW_PREFERENCES_PAGE (page));
}

/* The game row lists the loaded games by name; its values are their ids. */
static void
bind_game_row (CaturPreferencesWindow *self)
{
  GPtrArray *variants = catur_plugins_get_variants ();
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) ids = NULL;

  for (guint i = 0; i < variants->len; i++)
    {
      CaturVariant *variant = g_ptr_array_index (variants, i);

      gtk_string_list_append (names, catur_variant_get_name (variant));
      g_strv_builder_add (builder, catur_variant_get_id (variant));
    }
  ids = g_strv_builder_end (builder);
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (names));
  bind_choice (self->settings, "game", self->game_row, (const char * const *) ids);
  /* With one game there is nothing to choose: the group is the players'. */
  if (variants->len < 2)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->game_row), FALSE);
      adw_preferences_group_set_title (self->game_group, _("Players"));
    }
}

/* The notation row lists the notations of the game shown ("WXF", "ICCS") and is bound to the
 * `notation` key of its settings; a game without that key has its choice in the menu only.
 * The binding is lifted while the names change, so that the change writes nothing. */
static void
update_notation_names (CaturPreferencesWindow *self)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_auto(GStrv) name_list = NULL;
  g_auto(GStrv) id_list = NULL;
  const CaturNotationInfo *notations = NULL;
  guint n = 0;

  if (self->variant != NULL)
    notations = catur_variant_list_notations (self->variant, &n);
  for (guint i = 0; i < n; i++)
    {
      g_strv_builder_add (names, notations[i].name);
      g_strv_builder_add (ids, notations[i].id);
    }
  name_list = g_strv_builder_end (names);
  id_list = g_strv_builder_end (ids);

  g_settings_unbind (self->notation_row, "selected");
  g_clear_object (&self->notation_settings);
  gtk_string_list_splice (self->notation_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->notation_names)),
                          (const char * const *) name_list);
  if (self->variant != NULL)
    self->notation_settings = catur_setup_settings_new (self->variant);
  if (!settings_has_key (self->notation_settings, "notation"))
    g_clear_object (&self->notation_settings);
  gtk_widget_set_sensitive (GTK_WIDGET (self->notation_row), self->notation_settings != NULL);
  if (self->notation_settings != NULL)
    bind_choice (self->notation_settings, "notation", self->notation_row,
                 (const char * const *) id_list);
}

static void
catur_preferences_window_dispose (GObject *object)
{
  CaturPreferencesWindow *self = CATUR_PREFERENCES_WINDOW (object);

  g_clear_pointer (&self->previews, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), CATUR_TYPE_PREFERENCES_WINDOW);
  g_clear_pointer (&self->variant_settings, g_hash_table_unref);
  g_clear_object (&self->notation_settings);
  g_clear_object (&self->settings);
  g_clear_object (&self->variant);

  G_OBJECT_CLASS (catur_preferences_window_parent_class)->dispose (object);
}

static void
catur_preferences_window_class_init (CaturPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "ui/catur-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, general_page);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, game_group);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, game_row);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, mode_row);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, level_row);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, hint_level_row);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, analysis_row);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, movetime_row);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, movetime_spin);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, network_port_spin);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow,
                                        piece_letters_switch);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, table_mode_row);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, table_mode_switch);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, notation_row);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, notation_names);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow,
                                        undo_permission_switch);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow,
                                        swap_colours_switch);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, show_tips_switch);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow, threat_marks_row);
  gtk_widget_class_bind_template_child (widget_class, CaturPreferencesWindow,
                                        check_my_move_switch);
}

/* The name of a page of one of AdwPreferencesWindow's own stacks, by the page's name there. */
static const char *
stack_page_label (const char *page_name)
{
  if (g_strcmp0 (page_name, "pages") == 0)
    return _("Preferences");
  if (g_strcmp0 (page_name, "search") == 0)
    return _("Search");
  if (g_strcmp0 (page_name, "results") == 0)
    return _("Search results");
  if (g_strcmp0 (page_name, "no-results") == 0)
    return _("No results");
  return NULL;
}

/* The text of the first label in @widget, or %NULL. */
static const char *
first_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    return gtk_label_get_text (GTK_LABEL (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *text = first_label (child);

      if (text != NULL)
        return text;
    }
  return NULL;
}

/* AdwPreferencesWindow 1.2 builds its stacks' pages untitled, and Orca says "GtkStackPage
 * panel" as the focus goes into one: the pages of the window's content and search are named
 * by what they are, those of a page switcher's button by the page's title they show. */
static void
name_stack_pages (GtkStack *stack)
{
  GtkSelectionModel *pages = gtk_stack_get_pages (stack);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
    {
      GtkStackPage *page = g_list_model_get_item (G_LIST_MODEL (pages), i);
      const char *label = stack_page_label (gtk_stack_page_get_name (page));

      if (label == NULL)
        label = first_label (gtk_stack_page_get_child (page));
      if (label != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (page), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        label, -1);
      g_object_unref (page);
    }
  g_object_unref (pages);
}

static void
name_search_results (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LIST_BOX (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        _("Search results"), -1);
      name_search_results (child);
    }
}

/* AdwPreferencesWindow 1.2 builds its search button and entry without names, and GTK then
 * reads out their class names; they are found by their kind among the window's parts. */
static void
name_search_parts (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_STACK (child))
        {
          GtkWidget *results = gtk_stack_get_child_by_name (GTK_STACK (child), "results");

          name_stack_pages (GTK_STACK (child));
          if (results != NULL)
            name_search_results (results);
        }
      if (GTK_IS_SEARCH_ENTRY (child))
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        _("Search preferences"), -1);
      else if (GTK_IS_TOGGLE_BUTTON (child)
               && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (child)),
                             "edit-find-symbolic") == 0)
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        _("Search"), -1);
      name_search_parts (child);
    }
}

static void
catur_preferences_window_init (CaturPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Here rather than in the template, where the sentence would not fit in a line. */
  adw_action_row_set_subtitle (self->table_mode_row,
                               _("Turn the top player’s pieces around, for a screen laid flat "
                                 "between two players"));
  name_search_parts (GTK_WIDGET (self));
  catur_a11y_name_buttons_by_content (GTK_WIDGET (self));

  self->variant_settings = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->previews = g_ptr_array_new_with_free_func (preview_free);
}

/* The rows of the General page, and a page a game. */
static void
build (CaturPreferencesWindow *self)
{
  static const char * const modes[] = { "two-players", "computer", NULL };
  static const char * const budgets[] = { "quick", "thorough", NULL };
  const char *levels[CATUR_N_LEVELS + 1] = { NULL };
  static const struct
  {
    const char *key;
    gsize offset;
  } switches[] = {
    { "animations", G_STRUCT_OFFSET (CaturPreferencesWindow, animations_switch) },
    { "piece-letters", G_STRUCT_OFFSET (CaturPreferencesWindow, piece_letters_switch) },
    { "table-mode", G_STRUCT_OFFSET (CaturPreferencesWindow, table_mode_switch) },
    { "undo-needs-permission", G_STRUCT_OFFSET (CaturPreferencesWindow, undo_permission_switch) },
    { "swap-colours", G_STRUCT_OFFSET (CaturPreferencesWindow, swap_colours_switch) },
    { "show-tips", G_STRUCT_OFFSET (CaturPreferencesWindow, show_tips_switch) },
    { "check-my-move", G_STRUCT_OFFSET (CaturPreferencesWindow, check_my_move_switch) },
  };
  static const char * const threat_marks[] = { "auto", "always", "never", NULL };
  GPtrArray *variants = catur_plugins_get_variants ();

  bind_game_row (self);
  bind_choice (self->settings, "mode", self->mode_row, modes);
  /* The ladder, weakest first: a row's position is its level. */
  for (CaturLevel level = 0; level < CATUR_N_LEVELS; level++)
    {
      levels[level] = catur_level_to_id (level);
      gtk_string_list_append (GTK_STRING_LIST (adw_combo_row_get_model (self->level_row)),
                              catur_level_get_name (level));
      gtk_string_list_append (GTK_STRING_LIST (adw_combo_row_get_model (self->hint_level_row)),
                              catur_level_get_name (level));
    }
  bind_choice (self->settings, "level", self->level_row, levels);
  bind_choice (self->settings, "hint-level", self->hint_level_row, levels);
  bind_choice (self->settings, "threat-marks", self->threat_marks_row, threat_marks);
  catur_combo_row_say_choice (self->threat_marks_row);
  catur_combo_row_say_choice (self->game_row);
  catur_combo_row_say_choice (self->mode_row);
  catur_combo_row_say_choice (self->level_row);
  catur_combo_row_say_choice (self->hint_level_row);
  bind_choice (self->settings, "analysis-budget", self->analysis_row, budgets);
  catur_combo_row_say_choice (self->analysis_row);
  catur_combo_row_say_choice (self->notation_row);
  g_settings_bind_with_mapping (self->settings, "master-movetime",
                                gtk_spin_button_get_adjustment (self->movetime_spin), "value",
                                G_SETTINGS_BIND_DEFAULT, seconds_get_mapping, seconds_set_mapping,
                                NULL, NULL);
  g_settings_bind_with_mapping (self->settings, "network-port",
                                gtk_spin_button_get_adjustment (self->network_port_spin), "value",
                                G_SETTINGS_BIND_DEFAULT, port_get_mapping, port_set_mapping,
                                NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    g_settings_bind (self->settings, switches[i].key,
                     G_STRUCT_MEMBER (GtkSwitch *, self, switches[i].offset), "active",
                     G_SETTINGS_BIND_DEFAULT);
  update_notation_names (self);

  g_signal_connect_object (self->settings, "changed::mode", G_CALLBACK (update_sensitivity), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::level", G_CALLBACK (update_sensitivity),
                           self, G_CONNECT_SWAPPED);
  update_sensitivity (self);

  for (guint i = 0; i < variants->len; i++)
    add_variant_page (self, g_ptr_array_index (variants, i));
  catur_a11y_name_parts (GTK_WIDGET (self), NULL);

  render_previews (self);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (render_previews), NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (render_previews), self, G_CONNECT_SWAPPED);
}

/**
 * catur_preferences_window_new:
 * @parent: (nullable): the window it belongs to
 * @settings: the application's settings
 * @variant: (nullable): the game shown, whose notations are listed
 *
 * Returns: (transfer full): a preferences window with a General page and a page for each
 *   loaded game that has settings
 */
CaturPreferencesWindow *
catur_preferences_window_new (GtkWindow    *parent,
                              GSettings    *settings,
                              CaturVariant *variant)
{
  CaturPreferencesWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (variant == NULL || CATUR_IS_VARIANT (variant), NULL);

  self = g_object_new (CATUR_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
  self->settings = g_object_ref (settings);
  self->variant = variant != NULL ? g_object_ref (variant) : NULL;
  build (self);
  /* The page switchers' buttons came with the pages. */
  name_search_parts (GTK_WIDGET (self));
  return self;
}

/**
 * catur_preferences_window_get_variant:
 * @self: a #CaturPreferencesWindow
 *
 * Returns: (transfer none) (nullable): the game whose notations are listed
 */
CaturVariant *
catur_preferences_window_get_variant (CaturPreferencesWindow *self)
{
  g_return_val_if_fail (CATUR_IS_PREFERENCES_WINDOW (self), NULL);

  return self->variant;
}

/**
 * catur_preferences_window_set_variant:
 * @self: a #CaturPreferencesWindow
 * @variant: (nullable): the game shown now
 *
 * Lists the notations of @variant, bound to its settings.
 */
void
catur_preferences_window_set_variant (CaturPreferencesWindow *self,
                                      CaturVariant           *variant)
{
  g_return_if_fail (CATUR_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (variant == NULL || CATUR_IS_VARIANT (variant));

  if (!g_set_object (&self->variant, variant))
    return;
  update_notation_names (self);
}

/**
 * catur_preferences_window_get_variant_settings:
 * @self: a #CaturPreferencesWindow
 * @variant: a loaded variant
 *
 * Returns: (transfer none) (nullable): the settings the page of @variant is bound to, %NULL
 *   when it has none (and no page)
 */
GSettings *
catur_preferences_window_get_variant_settings (CaturPreferencesWindow *self,
                                               CaturVariant           *variant)
{
  g_return_val_if_fail (CATUR_IS_PREFERENCES_WINDOW (self), NULL);

  return g_hash_table_lookup (self->variant_settings, variant);
}

/**
 * catur_preferences_window_show_page:
 * @self: a #CaturPreferencesWindow
 * @page: (nullable): a game's id, or %NULL or "general" for the General page
 *
 * Shows the page of the game @page, or the General page when that game has none.
 */
void
catur_preferences_window_show_page (CaturPreferencesWindow *self,
                                    const char             *page)
{
  CaturVariant *variant;

  g_return_if_fail (CATUR_IS_PREFERENCES_WINDOW (self));

  variant = page != NULL ? catur_plugins_find_variant (page) : NULL;
  if (variant == NULL || !g_hash_table_contains (self->variant_settings, variant))
    page = "general";
  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (self), page);
}
