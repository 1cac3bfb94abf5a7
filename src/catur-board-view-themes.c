/* catur-board-view-themes.c: the themes the board is given, and those it cannot use
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Themes belong to a variant: the view draws the board theme and the piece theme it is given
 * (the window binds them to the variant's settings). A theme that cannot be used is replaced
 * by the default at once, and ::theme-failed tells the window so, from an idle, once the view
 * is in a steady state again.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-board-view-private.h"

/* A theme that could not be used, told from an idle so that the window may change settings
 * (and the view its theme) outside of whatever found the failure: a property change coming
 * from a settings binding, or a frame being drawn. */
typedef struct
{
  GWeakRef view;
  char *property;
  char *name;
  gboolean fall_back;         /* the view still draws the theme: change to the default first */
} ThemeFailure;

static void
theme_failure_free (gpointer data)
{
  ThemeFailure *failure = data;

  g_weak_ref_clear (&failure->view);
  g_free (failure->property);
  g_free (failure->name);
  g_free (failure);
}

static const char *
piece_theme_name (CaturBoardView *self)
{
  const CaturThemeInfo *info = catur_theme_cache_get_theme (self->theme);

  /* Translators: what the board shows when not even the game's own piece theme can be read */
  return info != NULL ? info->name : _("Plain Pieces");
}

static const char *
board_theme_name (CaturBoardView *self,
                  GPtrArray      *themes)
{
  CaturThemeInfo *info = catur_theme_list_find (themes, self->board_theme);

  if (info == NULL && themes->len > 0)
    info = g_ptr_array_index (themes, 0);
  /* Translators: the board of a game that draws only one */
  return info != NULL ? info->name : _("Standard");
}

static gboolean
report_theme_failure_cb (gpointer data)
{
  ThemeFailure *failure = data;
  g_autoptr(CaturBoardView) self = g_weak_ref_get (&failure->view);
  g_autoptr(GPtrArray) board_themes = NULL;
  const char *fallback;

  if (self == NULL || self->variant == NULL)
    return G_SOURCE_REMOVE;

  if (g_str_equal (failure->property, "piece-theme"))
    {
      if (failure->fall_back)
        catur_board_view_set_piece_theme (self, NULL);
      fallback = piece_theme_name (self);
    }
  else
    {
      board_themes = catur_variant_list_board_themes (self->variant);
      fallback = board_theme_name (self, board_themes);
    }

  g_signal_emit_by_name (self, "theme-failed", failure->property, failure->name, fallback);
  return G_SOURCE_REMOVE;
}

void
_catur_board_view_report_theme_failure (CaturBoardView *self,
                                        const char     *property,
                                        const char     *name,
                                        gboolean        fall_back)
{
  ThemeFailure *failure = g_new0 (ThemeFailure, 1);

  g_weak_ref_init (&failure->view, self);
  failure->property = g_strdup (property);
  failure->name = g_strdup (name);
  failure->fall_back = fall_back;
  g_idle_add_full (G_PRIORITY_DEFAULT, report_theme_failure_cb, failure, theme_failure_free);
}

/* Gives the theme cache the piece theme asked for; one that cannot be used is dropped for the
 * variant's default, which the cache has taken already. */
void
_catur_board_view_apply_piece_theme (CaturBoardView *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturThemeInfo) info = NULL;
  g_autofree char *default_theme = NULL;

  if (self->theme == NULL)      /* disposed */
    return;
  if (self->variant == NULL)
    {
      catur_theme_cache_set_theme (self->theme, NULL, NULL, NULL);
      return;
    }
  if (catur_theme_cache_set_theme (self->theme, self->variant, self->piece_theme, &error))
    return;

  info = catur_variant_find_piece_theme (self->variant, self->piece_theme);
  if (info == NULL && self->piece_theme == NULL)
    default_theme = catur_variant_get_default_piece_theme (self->variant);
  _catur_board_view_report_theme_failure (self, "piece-theme",
                                          info != NULL ? info->name
                                          : self->piece_theme != NULL ? self->piece_theme
                                          : default_theme,
                                          FALSE);
  if (self->piece_theme != NULL)
    {
      g_clear_pointer (&self->piece_theme, g_free);
      g_object_notify (G_OBJECT (self), "piece-theme");
    }
}

/* A board theme the variant does not draw is dropped for its default. */
void
_catur_board_view_check_board_theme (CaturBoardView *self)
{
  g_autoptr(GPtrArray) themes = NULL;

  if (self->variant == NULL || self->board_theme == NULL)
    return;

  themes = catur_variant_list_board_themes (self->variant);
  if (catur_theme_list_find (themes, self->board_theme) != NULL)
    return;

  g_message ("The game %s has no board theme “%s”", catur_variant_get_id (self->variant),
             self->board_theme);
  _catur_board_view_report_theme_failure (self, "board-theme", self->board_theme, FALSE);
  g_clear_pointer (&self->board_theme, g_free);
  g_object_notify (G_OBJECT (self), "board-theme");
}
