/* fuzz-shogi.c: libFuzzer target for Shogi's readers over the real plugin: SFEN
 * (sg_position_from_sfen, over libcatur's catur-fen), KIF (Shift_JIS or UTF-8) and CSA
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides "no crash, no undefined behaviour", it checks what the readers promise: what they
 * accept writes a text that reads back as the same (the same SFEN, the same record text).
 */
#include "config.h"

#include "fuzz-common.h"
#include "shogi-core.h"

static void
check_record (CaturVariant *shogi,
              const char   *format,
              const uint8_t *data,
              size_t        size)
{
  g_autoptr(CaturRecord) record = catur_variant_read_record (shogi, format, (const char *) data,
                                                             size, NULL);
  g_autoptr(CaturRecord) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;

  if (record == NULL)
    return;
  written = catur_variant_write_record (shogi, format, record, NULL);
  if (written == NULL)
    finding ("a %s record read cannot be written", format);
  again = catur_variant_read_record (shogi, format, written, strlen (written), NULL);
  if (again == NULL)
    finding ("wrote a %s record it cannot read:\n%s", format, written);
  rewritten = catur_variant_write_record (shogi, format, again, NULL);
  if (rewritten == NULL || strcmp (written, rewritten) != 0)
    finding ("a %s record changed on a second reading:\n%s\n----\n%s", format, written,
             rewritten != NULL ? rewritten : "(none)");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  CaturVariant *shogi = catur_plugins_find_variant ("shogi");
  g_autofree char *text = g_strndup ((const char *) data, size);
  SgPosition pos, again;

  if (shogi == NULL)
    finding ("the Shogi plugin is not on CATUR_PLUGIN_PATH (%s)", g_getenv ("CATUR_PLUGIN_PATH"));

  sg_init ();
  if (sg_position_from_sfen (&pos, text, NULL))
    {
      g_autofree char *written = sg_position_to_sfen (&pos);
      g_autofree char *rewritten = NULL;

      if (!sg_position_from_sfen (&again, written, NULL))
        finding ("wrote an SFEN it cannot read: %s", written);
      rewritten = sg_position_to_sfen (&again);
      if (strcmp (written, rewritten) != 0)
        finding ("SFEN changed on a second reading: %s / %s", written, rewritten);
    }

  check_record (shogi, "kif", data, size);
  check_record (shogi, "csa", data, size);
  return 0;
}
