/* fuzz-banqi.c: libFuzzer target for Banqi's readers over the real plugin: BFEN
 * (bq_position_from_bfen), the hidden layout kept by saved games (bq_restore_hidden) and the
 * Banqi game record (PGN with the deal in a tag)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Besides "no crash, no undefined behaviour", it checks what the readers promise: what they
 * accept writes a text that reads back as the same (the same BFEN, the same record text), and
 * a BFEN's pool always matches its face-down squares.
 */
#include "config.h"

#include "fuzz-common.h"
#include "banqi-core.h"

static void
check_bfen (const char *text)
{
  BqPosition pos, again;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;

  if (!bq_position_from_bfen (&pos, text, NULL))
    return;
  written = bq_position_to_bfen (&pos);
  if (!bq_position_from_bfen (&again, written, NULL))
    finding ("wrote a BFEN it cannot read: %s", written);
  rewritten = bq_position_to_bfen (&again);
  if (strcmp (written, rewritten) != 0)
    finding ("BFEN changed on a second reading: %s / %s", written, rewritten);
  bq_perft (&pos, 1);
}

static void
check_record (CaturVariant  *banqi,
              const uint8_t *data,
              size_t         size)
{
  g_autoptr(CaturRecord) record = catur_variant_read_record (banqi, "pgn", (const char *) data,
                                                             size, NULL);
  g_autoptr(CaturRecord) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;

  if (record == NULL)
    return;
  written = catur_variant_write_record (banqi, "pgn", record, NULL);
  if (written == NULL)
    return;
  again = catur_variant_read_record (banqi, "pgn", written, strlen (written), NULL);
  if (again == NULL)
    finding ("wrote a Banqi record it cannot read:\n%s", written);
  rewritten = catur_variant_write_record (banqi, "pgn", again, NULL);
  if (rewritten == NULL || strcmp (written, rewritten) != 0)
    finding ("a Banqi record changed on a second reading:\n%s\n----\n%s", written,
             rewritten != NULL ? rewritten : "(none)");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  CaturVariant *banqi = catur_plugins_find_variant ("banqi");
  g_autofree char *text = g_strndup ((const char *) data, size);
  BqPosition pos;

  if (banqi == NULL)
    finding ("the Banqi plugin is not on CATUR_PLUGIN_PATH (%s)", g_getenv ("CATUR_PLUGIN_PATH"));
  check_bfen (text);
  /* A saved game's layout over the start: read or refused, never a crash. */
  bq_position_init_start (&pos);
  bq_restore_hidden (&pos, text, NULL);
  check_record (banqi, data, size);
  return 0;
}
