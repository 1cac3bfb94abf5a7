/* fuzz-ki2.c: libFuzzer target for Shogi's KI2 reader (shogi-ki2.c), over the real plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides "no crash, no undefined behaviour", it checks what the reader promises: what it
 * accepts writes a text that reads back as the same record, with the same moves, and the
 * Shift_JIS file of it reads as the UTF-8 one does.
 */
#include "config.h"

#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  CaturVariant *shogi = catur_plugins_find_variant ("shogi");
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(CaturRecord) again = NULL;
  g_autoptr(CaturRecord) from_sjis = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;
  g_autofree char *sjis = NULL;
  gsize length = 0;

  if (shogi == NULL)
    finding ("the Shogi plugin is not on CATUR_PLUGIN_PATH (%s)", g_getenv ("CATUR_PLUGIN_PATH"));
  record = catur_variant_read_record (shogi, "ki2", (const char *) data, size, NULL);
  if (record == NULL)
    return 0;
  written = catur_variant_write_record (shogi, "ki2", record, NULL);
  if (written == NULL)
    finding ("a KI2 record read cannot be written");
  again = catur_variant_read_record (shogi, "ki2", written, strlen (written), NULL);
  if (again == NULL)
    finding ("wrote a KI2 record it cannot read:\n%s", written);
  if (catur_record_get_n_moves (again) != catur_record_get_n_moves (record))
    finding ("a KI2 record lost moves when written:\n%s", written);
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    if (!catur_move_equal (catur_record_get_move (record, i), catur_record_get_move (again, i)))
      finding ("move %u of a KI2 record changed when written:\n%s", i + 1, written);
  rewritten = catur_variant_write_record (shogi, "ki2", again, NULL);
  if (rewritten == NULL || strcmp (written, rewritten) != 0)
    finding ("a KI2 record changed on a second reading:\n%s\n----\n%s", written,
             rewritten != NULL ? rewritten : "(none)");
  /* Text that Shift_JIS cannot hold (a name in another script) is refused, not mangled. */
  sjis = catur_variant_write_record_file (shogi, "ki2-sjis", again, &length, NULL);
  if (sjis != NULL)
    {
      from_sjis = catur_variant_read_record (shogi, "ki2-sjis", sjis, length, NULL);
      if (from_sjis == NULL
          || catur_record_get_n_moves (from_sjis) != catur_record_get_n_moves (again))
        finding ("a KI2 record written in Shift_JIS does not read back:\n%s", written);
    }
  return 0;
}
