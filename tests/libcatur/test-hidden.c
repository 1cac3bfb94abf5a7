/* test-hidden.c: the autosave keeps what lies face down, through the variant's hooks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No game with hidden pieces exists yet, so this test brings a small one of its own: a
 * variant whose position text says nothing of a secret layout that only format_hidden and
 * restore_hidden know, as Banqi's face-down pieces will be.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

typedef struct
{
  CaturPosition parent;
  char layout[16];        /* the face-down pieces, unknown to the position text */
} HiddenPosition;

#define TEST_TYPE_HIDDEN_VARIANT (test_hidden_variant_get_type ())
G_DECLARE_FINAL_TYPE (TestHiddenVariant, test_hidden_variant, TEST, HIDDEN_VARIANT, GObject)

struct _TestHiddenVariant
{
  GObject parent_instance;
};

static void test_hidden_variant_iface_init (CaturVariantInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestHiddenVariant, test_hidden_variant, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CATUR_TYPE_VARIANT,
                                                      test_hidden_variant_iface_init))

static const char *
hidden_get_id (CaturVariant *variant)
{
  return "hiddentest";
}

static const char *
hidden_get_name (CaturVariant *variant)
{
  return "Hidden test";
}

static CaturPosition *
hidden_new_position (CaturVariant *variant,
                     GVariant     *options,
                     guint64       seed)
{
  return (CaturPosition *) g_new0 (HiddenPosition, 1);
}

static CaturPosition *
hidden_parse (CaturVariant  *variant,
              const char    *text,
              GError       **error)
{
  if (!g_str_equal (text, "face-down"))
    {
      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION,
                           "not a position of this test");
      return NULL;
    }
  return (CaturPosition *) g_new0 (HiddenPosition, 1);
}

static char *
hidden_format (CaturVariant        *variant,
               const CaturPosition *position)
{
  return g_strdup ("face-down");
}

static CaturPosition *
hidden_position_copy (CaturVariant        *variant,
                      const CaturPosition *position)
{
  return g_memdup2 (position, sizeof (HiddenPosition));
}

static void
hidden_position_free (CaturVariant  *variant,
                      CaturPosition *position)
{
  g_free (position);
}

static CaturSide
hidden_side_to_move (CaturVariant        *variant,
                     const CaturPosition *position)
{
  return CATUR_SIDE_FIRST;
}

static guint
hidden_legal_moves (CaturVariant        *variant,
                    const CaturPosition *position,
                    GArray              *moves)
{
  return 0;
}

static void
hidden_status (CaturVariant        *variant,
               const CaturPosition *position,
               CaturOutcome        *outcome)
{
}

static char *
hidden_format_hidden (CaturVariant        *variant,
                      const CaturPosition *position)
{
  return g_strdup (((const HiddenPosition *) position)->layout);
}

static gboolean
hidden_restore_hidden (CaturVariant   *variant,
                       CaturPosition  *position,
                       const char     *text,
                       GError        **error)
{
  HiddenPosition *hidden = (HiddenPosition *) position;

  if (strlen (text) >= sizeof hidden->layout || strspn (text, "KAEHRCPkaehrcp") != strlen (text))
    {
      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION,
                           "not a layout of this test");
      return FALSE;
    }
  g_strlcpy (hidden->layout, text, sizeof hidden->layout);
  return TRUE;
}

static void
test_hidden_variant_iface_init (CaturVariantInterface *iface)
{
  iface->get_id = hidden_get_id;
  iface->get_name = hidden_get_name;
  iface->new_position = hidden_new_position;
  iface->parse = hidden_parse;
  iface->format = hidden_format;
  iface->position_copy = hidden_position_copy;
  iface->position_free = hidden_position_free;
  iface->side_to_move = hidden_side_to_move;
  iface->legal_moves = hidden_legal_moves;
  iface->status = hidden_status;
  iface->format_hidden = hidden_format_hidden;
  iface->restore_hidden = hidden_restore_hidden;
}

static void
test_hidden_variant_class_init (TestHiddenVariantClass *klass)
{
}

static void
test_hidden_variant_init (TestHiddenVariant *self)
{
}

/* The layout goes into the file and comes back into the start position. */
static void
test_hidden_kept (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("hiddentest");
  g_autoptr(GError) error = NULL;
  CaturPosition *start = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturAutosave) saved = NULL;
  g_autoptr(CaturAutosave) parsed = NULL;
  g_autoptr(CaturGame) restored = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_assert_nonnull (variant);
  start = catur_variant_parse (variant, "face-down", &error);
  g_assert_no_error (error);
  g_assert_true (catur_variant_restore_hidden (variant, start, "RHEAKaehr", &error));
  game = catur_game_new (variant, start);

  saved = catur_autosave_new_from_game (game);
  g_assert_cmpstr (saved->hidden, ==, "RHEAKaehr");
  data = catur_autosave_to_data (saved, &length);
  g_assert_nonnull (strstr (data, "Hidden=RHEAKaehr\n"));

  parsed = catur_autosave_parse (data, length, &error);
  g_assert_no_error (error);
  restored = catur_autosave_restore (parsed, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((const HiddenPosition *) catur_game_get_start_position (restored))->layout,
                   ==, "RHEAKaehr");
}

/* A layout the variant refuses makes the autosave unreadable, not a wrong game. */
static void
test_hidden_refused (void)
{
  static const char text[] =
    "[Autosave]\nVersion=1\nVariant=hiddentest\nStart=face-down\nHidden=not a layout!\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturAutosave) parsed = catur_autosave_parse (text, strlen (text), &error);
  g_autoptr(CaturGame) game = NULL;

  g_assert_no_error (error);
  game = catur_autosave_restore (parsed, &error);
  g_assert_null (game);
  g_assert_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  GIOExtensionPoint *point;

  g_test_init (&argc, &argv, NULL);

  /* Implemented before the plugins load, so that the registry lists it with theirs. */
  point = g_io_extension_point_register (CATUR_VARIANT_EXTENSION_POINT);
  g_io_extension_point_implement (CATUR_VARIANT_EXTENSION_POINT, TEST_TYPE_HIDDEN_VARIANT,
                                  "hiddentest", 0);
  g_assert_nonnull (point);
  catur_plugins_load ();

  g_test_add_func ("/autosave/hidden/kept", test_hidden_kept);
  g_test_add_func ("/autosave/hidden/refused", test_hidden_refused);

  return g_test_run ();
}
