/* catur-theme.c: what a theme is called and where its files are
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A piece theme is a folder: `theme.ini` and one image per piece. The
 * folders shipped with a game live in its GResource; those a player adds live
 * in $XDG_DATA_HOME/catur/themes/<variant>/<theme>/. Both are reached through
 * GFile URIs (resource:// and file://), so one loader serves them both and
 * nothing here needs to know which is which.
 *
 * theme.ini:
 *
 *   [Theme]
 *   Name=Classic
 *   Description=Traditional wooden discs with red and black characters
 *   Preview=red-general.svg
 *
 * A game's own themes have their Name and Description translated through the
 * game's gettext domain (they are marked in its sources); a player's theme
 * may carry its own translations as Name[de]=…, as desktop files do.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

#define THEME_GROUP "Theme"

G_DEFINE_QUARK (catur-theme-error-quark, catur_theme_error)

G_DEFINE_BOXED_TYPE (CaturThemeInfo, catur_theme_info, catur_theme_info_copy,
                     catur_theme_info_free)

/* The URI of a folder always ends in a slash, so that file names are appended to it. */
static char *
folder_uri (const char *uri)
{
  if (g_str_has_suffix (uri, "/"))
    return g_strdup (uri);
  return g_strconcat (uri, "/", NULL);
}

/**
 * catur_theme_info_new:
 * @id: the theme's id
 * @name: its name, already translated
 * @description: (nullable): a line saying what it looks like
 * @preview: (nullable): the image that stands for it
 * @uri: (nullable): the folder of its images, a `resource://` or `file://` URI
 *
 * Returns: (transfer full): a new #CaturThemeInfo
 */
CaturThemeInfo *
catur_theme_info_new (const char *id,
                      const char *name,
                      const char *description,
                      const char *preview,
                      const char *uri)
{
  CaturThemeInfo *info;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  info = g_new0 (CaturThemeInfo, 1);
  info->id = g_strdup (id);
  info->name = g_strdup (name);
  info->description = g_strdup (description);
  info->preview = g_strdup (preview);
  info->uri = uri != NULL ? folder_uri (uri) : NULL;
  return info;
}

/**
 * catur_theme_info_copy:
 *
 * Returns: (transfer full): a copy of @info
 */
CaturThemeInfo *
catur_theme_info_copy (const CaturThemeInfo *info)
{
  CaturThemeInfo *copy;

  g_return_val_if_fail (info != NULL, NULL);

  copy = catur_theme_info_new (info->id, info->name, info->description, info->preview, info->uri);
  copy->user = info->user;
  return copy;
}

void
catur_theme_info_free (CaturThemeInfo *info)
{
  if (info == NULL)
    return;

  g_free (info->id);
  g_free (info->name);
  g_free (info->description);
  g_free (info->preview);
  g_free (info->uri);
  g_free (info);
}

/* A file name that stays inside the theme's folder. */
static gboolean
is_plain_file_name (const char *name)
{
  return name != NULL && *name != '\0' && strchr (name, '/') == NULL
         && strcmp (name, ".") != 0 && strcmp (name, "..") != 0;
}

/**
 * catur_theme_info_load:
 * @id: the theme's id, usually the name of its folder
 * @uri: the folder holding `theme.ini`, a `resource://` or `file://` URI
 * @domain: (nullable): the gettext domain that translates Name and Description (a game's own
 *   themes), or %NULL to read their localized forms (Name[de]=…) from the file itself
 * @error: return location for a #CATUR_THEME_ERROR
 *
 * Reads the theme's `theme.ini`. It must have a [Theme] group with a Name; Description and
 * Preview are optional.
 *
 * Returns: (transfer full) (nullable): the theme, or %NULL with @error set
 */
CaturThemeInfo *
catur_theme_info_load (const char  *id,
                       const char  *uri,
                       const char  *domain,
                       GError     **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *ini_uri = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  g_autofree char *description = NULL;
  g_autofree char *preview = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GKeyFile) key_file = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (uri != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  folder = folder_uri (uri);
  ini_uri = g_strconcat (folder, "theme.ini", NULL);
  file = g_file_new_for_uri (ini_uri);
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &local_error))
    {
      g_set_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_NOT_FOUND,
                   _("The theme “%s” has no theme.ini: %s"), id, local_error->message);
      return NULL;
    }

  key_file = g_key_file_new ();
  if (!g_key_file_load_from_data (key_file, contents, length, G_KEY_FILE_NONE, &local_error))
    {
      g_set_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_INVALID,
                   _("The theme.ini of the theme “%s” cannot be read: %s"), id,
                   local_error->message);
      return NULL;
    }

  if (domain != NULL)
    {
      g_autofree char *untranslated = g_key_file_get_string (key_file, THEME_GROUP, "Name", NULL);
      g_autofree char *line = g_key_file_get_string (key_file, THEME_GROUP, "Description", NULL);

      if (untranslated != NULL && *untranslated != '\0')
        name = g_strdup (g_dgettext (domain, untranslated));
      if (line != NULL && *line != '\0')
        description = g_strdup (g_dgettext (domain, line));
    }
  else
    {
      name = g_key_file_get_locale_string (key_file, THEME_GROUP, "Name", NULL, NULL);
      description = g_key_file_get_locale_string (key_file, THEME_GROUP, "Description", NULL,
                                                  NULL);
    }

  if (name == NULL || *name == '\0')
    {
      g_set_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_INVALID,
                   _("The theme.ini of the theme “%s” gives it no name"), id);
      return NULL;
    }

  preview = g_key_file_get_string (key_file, THEME_GROUP, "Preview", NULL);
  if (preview != NULL && !is_plain_file_name (preview))
    {
      g_set_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_INVALID,
                   _("The preview of the theme “%s” is not a file of its folder: %s"), id,
                   preview);
      return NULL;
    }

  return catur_theme_info_new (id, name, description != NULL && *description != '\0'
                                         ? description : NULL,
                               preview, folder);
}

/**
 * catur_theme_info_get_image_uri:
 * @info: a piece theme
 * @image: an image file name (`red-chariot.svg`)
 *
 * Returns: (transfer full) (nullable): the URI of @image in the theme's folder, %NULL when the
 *   theme has no folder or @image is not a plain file name
 */
char *
catur_theme_info_get_image_uri (const CaturThemeInfo *info,
                                const char           *image)
{
  g_return_val_if_fail (info != NULL, NULL);

  if (info->uri == NULL || !is_plain_file_name (image))
    return NULL;
  return g_strconcat (info->uri, image, NULL);
}

/**
 * catur_theme_info_load_image:
 * @info: a piece theme
 * @image: an image file name
 * @error: return location for a #CATUR_THEME_ERROR
 *
 * Returns: (transfer full) (nullable): the contents of the image file, or %NULL with @error set
 *   (naming the file) when it cannot be read
 */
GBytes *
catur_theme_info_load_image (const CaturThemeInfo  *info,
                             const char            *image,
                             GError               **error)
{
  g_autofree char *uri = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  GBytes *bytes;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (image != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  uri = catur_theme_info_get_image_uri (info, image);
  if (uri == NULL)
    {
      g_set_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_NOT_FOUND,
                   _("The theme “%s” has no image %s"), info->id, image);
      return NULL;
    }

  file = g_file_new_for_uri (uri);
  bytes = g_file_load_bytes (file, NULL, NULL, &local_error);
  if (bytes == NULL)
    g_set_error (error, CATUR_THEME_ERROR, CATUR_THEME_ERROR_NOT_FOUND,
                 _("The theme “%s” has no image %s: %s"), info->id, image, local_error->message);
  return bytes;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  const CaturThemeInfo *first = *(const CaturThemeInfo * const *) a;
  const CaturThemeInfo *second = *(const CaturThemeInfo * const *) b;

  return strcmp (first->id, second->id);
}

/**
 * catur_theme_list_folder:
 * @uri: a folder of theme folders, a `resource://` or `file://` URI
 * @domain: (nullable): as for catur_theme_info_load()
 * @user: whether the themes are the player's own
 *
 * Reads every theme in the subfolders of @uri. A folder that does not hold a readable
 * `theme.ini` is skipped (and logged): it is not a theme. A missing @uri is no error.
 *
 * Returns: (transfer full) (element-type CaturThemeInfo): the themes, ordered by id
 */
GPtrArray *
catur_theme_list_folder (const char *uri,
                         const char *domain,
                         gboolean    user)
{
  GPtrArray *themes = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_theme_info_free);
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (uri != NULL, themes);

  folder = g_file_new_for_uri (uri);
  children = g_file_enumerate_children (folder,
                                        G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NONE, NULL, &error);
  if (children == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_message ("Cannot list the themes in %s: %s", uri, error->message);
      return themes;
    }

  for (;;)
    {
      GFileInfo *child = NULL;
      GFile *location = NULL;       /* both belong to the enumerator */
      g_autofree char *child_uri = NULL;
      g_autoptr(GError) child_error = NULL;
      CaturThemeInfo *info;
      const char *id;

      if (!g_file_enumerator_iterate (children, &child, &location, NULL, &error))
        {
          g_message ("Cannot list the themes in %s: %s", uri, error->message);
          break;
        }
      if (child == NULL)
        break;
      if (g_file_info_get_file_type (child) != G_FILE_TYPE_DIRECTORY)
        continue;

      id = g_file_info_get_name (child);
      if (!g_utf8_validate (id, -1, NULL))
        continue;

      child_uri = g_file_get_uri (location);
      info = catur_theme_info_load (id, child_uri, domain, &child_error);
      if (info == NULL)
        {
          g_message ("Skipping the theme folder %s: %s", child_uri, child_error->message);
          continue;
        }
      info->user = user;
      g_ptr_array_add (themes, info);
    }

  g_ptr_array_sort (themes, compare_ids);
  return themes;
}

/**
 * catur_theme_list_find:
 * @themes: (element-type CaturThemeInfo): themes
 * @id: a theme id
 *
 * Returns: (transfer none) (nullable): the theme @id in @themes
 */
CaturThemeInfo *
catur_theme_list_find (GPtrArray  *themes,
                       const char *id)
{
  g_return_val_if_fail (themes != NULL, NULL);

  for (guint i = 0; id != NULL && i < themes->len; i++)
    {
      CaturThemeInfo *info = g_ptr_array_index (themes, i);

      if (g_str_equal (info->id, id))
        return info;
    }
  return NULL;
}

static int
compare_default_first (gconstpointer a,
                       gconstpointer b,
                       gpointer      user_data)
{
  const CaturThemeInfo *first = *(const CaturThemeInfo * const *) a;
  const CaturThemeInfo *second = *(const CaturThemeInfo * const *) b;
  gboolean first_default = g_strcmp0 (first->id, user_data) == 0;
  gboolean second_default = g_strcmp0 (second->id, user_data) == 0;

  if (first_default != second_default)
    return first_default ? -1 : 1;
  return g_utf8_collate (first->name, second->name);
}

/**
 * catur_theme_list_sort:
 * @themes: (element-type CaturThemeInfo): themes
 * @default_id: (nullable): the id of the game's default theme
 *
 * Orders @themes as the preferences show them: the default first, the others by their
 * (translated) names.
 */
void
catur_theme_list_sort (GPtrArray  *themes,
                       const char *default_id)
{
  g_return_if_fail (themes != NULL);

  g_ptr_array_sort_with_data (themes, compare_default_first, (gpointer) default_id);
}
