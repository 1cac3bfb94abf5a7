/* catur-record-text.c: a game or a position given as text, as players copy them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What players paste comes from everywhere: a whole record (PGN, KIF, CSA…), a position's
 * text (FEN, SFEN, BFEN), an engine's `position … moves …` line (UCI, USI, UCCI), or the
 * address of an analysis board on a web site, which writes the position's text with `_` for
 * its blanks (`…/analysis/rnbqkbnr/…_w_KQkq_-_0_1`). The game is found as the file opener
 * finds it (catur_record_read_file_games()); nothing here knows a game by name.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

/* The loaded games, @preferred first. */
static GPtrArray *
games_in_order (CaturVariant *preferred)
{
  GPtrArray *variants = catur_plugins_get_variants ();
  GPtrArray *order = g_ptr_array_new ();

  if (preferred != NULL)
    g_ptr_array_add (order, preferred);
  for (guint i = 0; i < variants->len; i++)
    if (g_ptr_array_index (variants, i) != preferred)
      g_ptr_array_add (order, g_ptr_array_index (variants, i));
  return order;
}

/* The record of @variant that a `position` line gives: its start, then its moves, each legal
 * where it stands. @read counts the moves that were. */
static CaturRecord *
record_of_position_line (CaturVariant *variant,
                         const char   *start_text,
                         char        **moves,
                         guint        *read,
                         GError      **error)
{
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(CaturPosition) position = NULL;
  CaturPosition *start;

  *read = 0;
  if (start_text == NULL)
    start = catur_variant_new_position (variant, NULL, 0);
  else if ((start = catur_variant_parse (variant, start_text, error)) == NULL)
    return NULL;
  record = catur_record_new (variant, start);
  position = catur_position_copy (catur_record_get_start (record));
  for (guint i = 0; moves != NULL && moves[i] != NULL; i++)
    {
      g_autoptr(GError) local_error = NULL;
      CaturMove move;

      if (*moves[i] == '\0')
        continue;
      if (!catur_variant_parse_move (variant, position, moves[i], &move, &local_error)
          || !catur_variant_is_legal (variant, position, &move))
        {
          g_autofree char *why = local_error != NULL
            ? g_strdup (local_error->message)
            : catur_variant_explain (variant, position, &move, NULL);

          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                       /* Translators: "Move 3 (7g7f): …" of an engine's position line */
                       _("Move %u (%s): %s"), *read + 1, moves[i],
                       why != NULL ? why : _("the move is not legal"));
          return NULL;
        }
      catur_record_append_move (record, &move);
      catur_variant_play (variant, position, &move);
      (*read)++;
    }
  return g_steal_pointer (&record);
}

/* An engine's line: `[position] startpos|fen TEXT|sfen TEXT [moves M1 M2 …]`. Every game is
 * asked, @preferred first; when none can play it all, the error is that of the game that read
 * the most of it. Returns %NULL without @error set when @line is no such line. */
static CaturRecord *
read_position_line (const char    *line,
                    CaturVariant  *preferred,
                    GError       **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) best_error = NULL;
  g_auto(GStrv) moves = NULL;
  g_autofree char *head = NULL;
  const char *rest = line;
  const char *start_text = NULL;
  const char *moves_at;
  guint best = 0;

  if (g_str_has_prefix (rest, "position "))
    rest += strlen ("position ");
  while (*rest == ' ')
    rest++;
  if (!g_str_has_prefix (rest, "startpos") && !g_str_has_prefix (rest, "fen ")
      && !g_str_has_prefix (rest, "sfen "))
    return NULL;

  moves_at = strstr (rest, " moves");
  head = g_strstrip (moves_at != NULL ? g_strndup (rest, moves_at - rest) : g_strdup (rest));
  if (moves_at != NULL)
    {
      g_autofree char *list = g_strstrip (g_strdup (moves_at + strlen (" moves")));

      moves = g_strsplit_set (list, " \t", -1);
    }
  if (g_str_has_prefix (head, "startpos"))
    {
      if (head[strlen ("startpos")] != '\0')
        return NULL;
    }
  else
    start_text = strchr (head, ' ') + 1;

  games = games_in_order (preferred);
  for (guint i = 0; i < games->len; i++)
    {
      GError *local_error = NULL;
      guint read = 0;
      CaturRecord *record = record_of_position_line (g_ptr_array_index (games, i), start_text,
                                                     moves, &read, &local_error);

      if (record != NULL)
        return record;
      if (best_error == NULL || read > best)
        {
          g_clear_error (&best_error);
          best_error = local_error;
          best = read;
        }
      else
        g_error_free (local_error);
    }
  if (best_error != NULL)
    g_propagate_error (error, g_steal_pointer (&best_error));
  else
    g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
                         _("None of the games knows this position"));
  return NULL;
}

/* The position text of an analysis board's address, or of a text whose blanks are written
 * `_`: the words of a position text, blanks put back. Every tail of the address's path after
 * `/analysis/` is a candidate (`standard/…`, `sfen/…`), the longest first. */
static GPtrArray *
position_candidates (const char *line)
{
  GPtrArray *candidates = g_ptr_array_new_with_free_func (g_free);
  const char *path = strstr (line, "://");
  g_autofree char *text = NULL;

  if (path != NULL)
    {
      const char *analysis = strstr (path, "/analysis/");

      if (analysis == NULL)
        return candidates;
      text = g_strdup (analysis + strlen ("/analysis/"));
      text[strcspn (text, "?#")] = '\0';
    }
  else
    text = g_strdup (line);
  g_strdelimit (text, "_", ' ');
  for (const char *tail = text; tail != NULL && *tail != '\0';)
    {
      g_ptr_array_add (candidates, g_strdup (tail));
      tail = path != NULL ? strchr (tail, '/') : NULL;
      if (tail != NULL)
        tail++;
    }
  return candidates;
}

/* A position's text of any game, as a record of no moves. */
static CaturRecord *
read_position_text (const char   *line,
                    CaturVariant *preferred)
{
  g_autoptr(GPtrArray) games = games_in_order (preferred);
  g_autoptr(GPtrArray) candidates = position_candidates (line);

  for (guint c = 0; c < candidates->len; c++)
    for (guint i = 0; i < games->len; i++)
      {
        CaturVariant *variant = g_ptr_array_index (games, i);
        CaturPosition *position = catur_variant_parse (variant,
                                                       g_ptr_array_index (candidates, c), NULL);

        if (position != NULL)
          return catur_record_new (variant, position);
      }
  return NULL;
}

/**
 * catur_record_read_text:
 * @text: what the player pasted or dropped
 * @preferred: (nullable): the game to ask first (the one being played)
 * @error: the reason when no game understood @text
 *
 * Reads a game or a position of any loaded game from text: a record in any of the games'
 * formats (the game and the format found as catur_record_read_file_games() finds them, every
 * game of a text of several), a position text (FEN, SFEN, BFEN, also with `_` for blanks as web
 * addresses write them, or as such an address), or an engine's `position startpos|fen …|sfen …
 * [moves …]` line. A position is a record of no moves.
 *
 * Returns: (transfer full) (element-type CaturRecord) (nullable): the games read, at least
 *   one; or %NULL with @error set, saying what was not understood
 */
GPtrArray *
catur_record_read_text (const char    *text,
                        CaturVariant  *preferred,
                        GError       **error)
{
  g_autofree char *trimmed = NULL;
  g_autoptr(GError) record_error = NULL;
  g_autoptr(GPtrArray) records = NULL;
  CaturRecord *record;
  gboolean one_line;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (preferred == NULL || CATUR_IS_VARIANT (preferred), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  trimmed = g_strstrip (g_strdup (text));
  if (*trimmed == '\0')
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                           _("The text is empty: it holds no game and no position"));
      return NULL;
    }
  one_line = strchr (trimmed, '\n') == NULL;

  if (one_line)
    {
      GError *line_error = NULL;

      record = read_position_line (trimmed, preferred, &line_error);
      if (line_error != NULL)
        {
          g_propagate_error (error, line_error);
          return NULL;
        }
      if (record != NULL)
        {
          records = g_ptr_array_new_with_free_func (g_object_unref);
          g_ptr_array_add (records, record);
          return g_steal_pointer (&records);
        }
    }

  /* An address, or a position with `_` for blanks: some lenient reader of records would take
   * it for a record of the start with a header it does not know. */
  if (one_line && (strstr (trimmed, "://") != NULL
                   || (strchr (trimmed, '_') != NULL && strchr (trimmed, ' ') == NULL))
      && (record = read_position_text (trimmed, preferred)) != NULL)
    {
      records = g_ptr_array_new_with_free_func (g_object_unref);
      g_ptr_array_add (records, record);
      return g_steal_pointer (&records);
    }

  records = catur_record_read_file_games (NULL, trimmed, strlen (trimmed), preferred,
                                          &record_error);
  if (records != NULL)
    return g_steal_pointer (&records);

  /* A position text no game reads as a file of its own (BFEN), or written as an address. */
  if (one_line && (record = read_position_text (trimmed, preferred)) != NULL)
    {
      records = g_ptr_array_new_with_free_func (g_object_unref);
      g_ptr_array_add (records, record);
      return g_steal_pointer (&records);
    }

  /* Every position text has its ranks apart by `/`: a line without one that no record reader
   * took is no game at all, and the error of the reader that tried it would only puzzle. */
  if (one_line && strchr (trimmed, '/') == NULL)
    g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                         _("The text is no game record and no position that Catur knows"));
  else
    g_propagate_error (error, g_steal_pointer (&record_error));
  return NULL;
}
