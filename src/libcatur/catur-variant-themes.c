/* catur-variant-themes.c: the variant contract's piece and board themes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game's own piece themes come from its resources, the player's from
 * $XDG_DATA_HOME/catur/themes/<id>; its boards are drawn in code, each in a light and a dark
 * style. These wrappers give every caller the same lists and the same fall-backs.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include "catur.h"
#include "catur-variant-private.h"

#define IFACE(self) CATUR_VARIANT_GET_IFACE (self)

/**
 * catur_variant_get_user_theme_folder:
 *
 * Returns: (transfer full): the folder where the player adds piece themes of this game,
 *   `$XDG_DATA_HOME/catur/themes/<variant id>`; one subfolder per theme
 */
char *
catur_variant_get_user_theme_folder (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  return g_build_filename (g_get_user_data_dir (), "catur", "themes",
                           catur_variant_get_id (self), NULL);
}

/**
 * catur_variant_list_piece_themes:
 *
 * The game's own piece themes, its default first, then the player's: each folder with a
 * readable `theme.ini` in catur_variant_get_user_theme_folder() whose id the game does not use
 * already.
 *
 * Returns: (transfer full) (element-type CaturThemeInfo): the piece themes
 */
GPtrArray *
catur_variant_list_piece_themes (CaturVariant *self)
{
  g_autoptr(GPtrArray) user = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *uri = NULL;
  GPtrArray *themes;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  themes = IFACE (self)->list_piece_themes (self);

  folder = catur_variant_get_user_theme_folder (self);
  uri = g_filename_to_uri (folder, NULL, NULL);
  if (uri == NULL)
    return themes;

  user = catur_theme_list_folder (uri, NULL, TRUE);
  for (guint i = 0; i < user->len; i++)
    {
      CaturThemeInfo *info = g_ptr_array_index (user, i);

      /* A game's own theme keeps its id: the setting could not tell the two apart. */
      if (catur_theme_list_find (themes, info->id) != NULL)
        {
          g_message ("Skipping the theme folder %s: the game has a theme “%s” already",
                     info->uri, info->id);
          continue;
        }
      g_ptr_array_add (themes, catur_theme_info_copy (info));
    }
  return themes;
}

/**
 * catur_variant_find_piece_theme:
 * @id: (nullable): a piece theme id, %NULL for the default theme
 *
 * Returns: (transfer full) (nullable): the piece theme @id, %NULL when there is none
 */
CaturThemeInfo *
catur_variant_find_piece_theme (CaturVariant *self,
                                const char   *id)
{
  g_autoptr(GPtrArray) themes = NULL;
  CaturThemeInfo *found;

  g_autofree char *default_id = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  if (id == NULL)
    id = default_id = catur_variant_get_default_piece_theme (self);
  if (id == NULL)
    return NULL;
  themes = catur_variant_list_piece_themes (self);
  found = catur_theme_list_find (themes, id);
  return found != NULL ? catur_theme_info_copy (found) : NULL;
}

/**
 * catur_variant_get_default_piece_theme:
 *
 * The first of the game's own piece themes. The player's themes never come first, so this
 * reads no folder of theirs.
 *
 * Returns: (transfer full) (nullable): the id of the default piece theme, %NULL when the
 *   game lists none
 */
char *
catur_variant_get_default_piece_theme (CaturVariant *self)
{
  g_autoptr(GPtrArray) themes = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  themes = IFACE (self)->list_piece_themes (self);
  if (themes->len == 0)
    return NULL;
  return g_strdup (((CaturThemeInfo *) g_ptr_array_index (themes, 0))->id);
}

/**
 * catur_variant_list_board_themes:
 *
 * Returns: (transfer full) (element-type CaturThemeInfo): the board themes the variant draws,
 *   its default first; empty when it draws one board only
 */
GPtrArray *
catur_variant_list_board_themes (CaturVariant *self)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  if (IFACE (self)->list_board_themes == NULL)
    return g_ptr_array_new_with_free_func ((GDestroyNotify) catur_theme_info_free);
  return IFACE (self)->list_board_themes (self);
}

/**
 * catur_variant_get_default_board_theme:
 *
 * Returns: (transfer full) (nullable): the id of the default board theme, %NULL when the
 *   variant draws one board only
 */
char *
catur_variant_get_default_board_theme (CaturVariant *self)
{
  g_autoptr(GPtrArray) themes = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  themes = catur_variant_list_board_themes (self);
  if (themes->len == 0)
    return NULL;
  return g_strdup (((CaturThemeInfo *) g_ptr_array_index (themes, 0))->id);
}

/**
 * catur_variant_draw_board_themed:
 * @board_theme: (nullable): a board theme id, %NULL for the default one
 *
 * Draws the empty board in @board_theme: see #CaturVariantInterface's draw_board_themed.
 */
void
catur_variant_draw_board_themed (CaturVariant           *self,
                                 cairo_t                *cr,
                                 const CaturBoardLayout *layout,
                                 const char             *board_theme,
                                 gboolean                dark)
{
  g_return_if_fail (CATUR_IS_VARIANT (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (layout != NULL);

  cairo_save (cr);
  IFACE (self)->draw_board_themed (self, cr, layout, board_theme, dark);
  cairo_restore (cr);
}
