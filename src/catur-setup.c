/* catur-setup.c: a variant's new-game options, kept in its settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A variant declares its options (CaturSetupOption); the player's last choice
 * of each is kept in the variant's own settings schema, under a key named
 * after the option. An option the settings have no key for (a plugin installed
 * without its schema, a game with no settings) is kept while the program runs,
 * so that Play Again and the next new-game dialog still start as last chosen;
 * the program starts again from the standard set-up.
 */
#define G_LOG_DOMAIN "catur-setup"

#include "config.h"

#include "catur-setup.h"

/**
 * catur_setup_settings_new:
 * @variant: a variant
 *
 * Returns: (transfer full) (nullable): the variant's settings, %NULL when it has no
 *   schema or the schema is not installed
 */
GSettings *
catur_setup_settings_new (CaturVariant *variant)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  const char *id;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);

  id = catur_variant_get_settings_schema_id (variant);
  if (id == NULL || source == NULL)
    return NULL;
  schema = g_settings_schema_source_lookup (source, id, TRUE);
  if (schema == NULL)
    return NULL;
  return g_settings_new_full (schema, NULL, NULL);
}

/* The last options chosen (a{sv}) by variant id, for the options no settings keep; used on
 * the main thread only. */
static GHashTable *
chosen_options (void)
{
  static GHashTable *chosen = NULL;

  if (chosen == NULL)
    chosen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                    (GDestroyNotify) g_variant_unref);
  return chosen;
}

/* Whether @settings keeps @option: a key of that name holding a string (enum keys do too). */
static gboolean
keeps_option (GSettings              *settings,
              const CaturSetupOption *option)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) key = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  if (!g_settings_schema_has_key (schema, option->id))
    return FALSE;
  key = g_settings_schema_get_key (schema, option->id);
  return g_variant_type_equal (g_settings_schema_key_get_value_type (key),
                               G_VARIANT_TYPE_STRING);
}

/**
 * catur_setup_load:
 * @variant: a variant
 *
 * Returns: (transfer floating): the options (a{sv}) of the next game, as last chosen; every
 *   option of the variant has a value, its first choice when nothing was kept
 */
GVariant *
catur_setup_load (CaturVariant *variant)
{
  g_autoptr(GSettings) settings = NULL;
  const CaturSetupOption *options;
  GVariant *chosen;
  GVariantDict dict;
  guint n;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);

  settings = catur_setup_settings_new (variant);
  options = catur_variant_get_setup_options (variant, &n);
  chosen = g_hash_table_lookup (chosen_options (), catur_variant_get_id (variant));
  g_variant_dict_init (&dict, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *kept = NULL;
      const char *value = options[i].choices[0].value;

      if (settings != NULL && keeps_option (settings, &options[i]))
        kept = g_settings_get_string (settings, options[i].id);
      else if (chosen != NULL)
        g_variant_lookup (chosen, options[i].id, "s", &kept);
      if (kept != NULL && catur_setup_option_find_choice (&options[i], kept) >= 0)
        value = kept;
      g_variant_dict_insert (&dict, options[i].id, "s", value);
    }
  return g_variant_dict_end (&dict);
}

/**
 * catur_setup_store:
 * @variant: a variant
 * @options: the options (a{sv}) chosen for a new game (a floating reference is sunk)
 *
 * Keeps the choices for the next game: in the variant's settings where they have a key for
 * the option, else while the program runs.
 */
void
catur_setup_store (CaturVariant *variant,
                   GVariant     *options)
{
  g_autoptr(GSettings) settings = NULL;
  const CaturSetupOption *declared;
  guint n;

  g_return_if_fail (CATUR_IS_VARIANT (variant));
  g_return_if_fail (options != NULL && g_variant_is_of_type (options, G_VARIANT_TYPE_VARDICT));

  g_hash_table_replace (chosen_options (), g_strdup (catur_variant_get_id (variant)),
                        g_variant_ref_sink (options));
  settings = catur_setup_settings_new (variant);
  if (settings == NULL)
    return;

  declared = catur_variant_get_setup_options (variant, &n);
  for (guint i = 0; i < n; i++)
    if (keeps_option (settings, &declared[i]))
      g_settings_set_string (settings, declared[i].id,
                             catur_setup_option_get_value (&declared[i], options));
}
