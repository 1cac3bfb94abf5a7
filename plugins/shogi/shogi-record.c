/* shogi-record.c: Shogi's game files, by format (RULES.md S2, S15, S16)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "shogi-record.h"
#include "shogi-variant.h"

static const char * const sfen_extensions[] = { "sfen", NULL };
static const char * const no_mime_types[] = { NULL };

const CaturRecordFormat *
sg_record_list_formats (guint *n_formats)
{
  static CaturRecordFormat formats[1];
  static gsize initialized = 0;

  /* The names are translated once, in the language of the first call. */
  if (g_once_init_enter (&initialized))
    {
      const CaturRecordFormat init[] = {
        { "sfen", _("Shogi position (SFEN)"), sfen_extensions, no_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE
          | CATUR_RECORD_FORMAT_POSITION_ONLY },
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (init) == G_N_ELEMENTS (formats));
      memcpy (formats, init, sizeof formats);
      g_once_init_leave (&initialized, 1);
    }
  *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

CaturRecord *
sg_record_read (CaturVariant  *variant,
                const char    *format_id,
                const char    *data,
                gsize          length,
                GError       **error)
{
  if (g_str_equal (format_id, "sfen"))
    return catur_pgn_read_position_file (variant, data, length, CATUR_PGN_ENCODING_UTF8, error);
  g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
               _("Shogi has no record format “%s”"), format_id);
  return NULL;
}

char *
sg_record_write (const char   *format_id,
                 CaturRecord  *record,
                 GError      **error)
{
  if (g_str_equal (format_id, "sfen"))
    {
      g_autoptr(CaturPosition) final = catur_record_dup_final_position (record);
      g_autofree char *sfen = sg_position_to_sfen (SG (final));

      return g_strconcat (sfen, "\n", NULL);
    }
  g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
               _("Shogi has no record format “%s”"), format_id);
  return NULL;
}
