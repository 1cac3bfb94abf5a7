/* testgame-common.c: square names, the board, themes and the record format of both games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "testgame"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "testgame-common.h"

/* FNV-1a over @length bytes of @data, going on from @hash (0 to begin): the position keys of
 * the test games, which are small enough to hash whole instead of keeping Zobrist keys. */
guint64
testgame_hash (guint64     hash,
               const void *data,
               gsize       length)
{
  const guint8 *bytes = data;

  if (hash == 0)
    hash = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  for (gsize i = 0; i < length; i++)
    {
      hash ^= bytes[i];
      hash *= G_GUINT64_CONSTANT (0x100000001b3);
    }
  return hash;
}

/* Files a, b, c… from the first player's left, ranks 1, 2, 3… from the first player's side.
 * A hand slot has no name of its own: the drop's text names the piece. */
void
testgame_square_name (guint       files,
                      guint       ranks,
                      CaturSquare square,
                      char        name[8])
{
  if (square >= files * ranks)
    {
      name[0] = '\0';
      return;
    }
  g_snprintf (name, 8, "%c%u", 'a' + square % files, square / files + 1);
}

gboolean
testgame_parse_square (guint        files,
                       guint        ranks,
                       const char  *text,
                       CaturSquare *square)
{
  guint file, rank;

  if (text[0] < 'a' || text[0] >= 'a' + (int) files || text[1] < '1' || text[1] > '9')
    return FALSE;
  file = text[0] - 'a';
  rank = text[1] - '1';
  if (rank >= ranks)
    return FALSE;
  *square = (CaturSquare) (rank * files + file);
  return TRUE;
}

/* A board of squares in two tones, with a frame: enough for a test, and for a plugin author
 * to see what draw_board_themed is asked to do. */
void
testgame_draw_board (cairo_t                *cr,
                     const CaturBoardLayout *layout,
                     gboolean                dark)
{
  double light = dark ? 0.45 : 0.93;
  double shade = dark ? 0.30 : 0.75;

  cairo_set_source_rgb (cr, shade * 0.8, shade * 0.8, shade * 0.8);
  cairo_rectangle (cr, layout->x - layout->cell / 8, layout->y - layout->cell / 8,
                   layout->cell * (layout->files + 0.25), layout->cell * (layout->ranks + 0.25));
  cairo_fill (cr);

  for (guint rank = 0; rank < layout->ranks; rank++)
    for (guint file = 0; file < layout->files; file++)
      {
        double x, y;
        double tone = (file + rank) % 2 == 0 ? shade : light;

        catur_board_layout_square_center (layout, rank * layout->files + file, &x, &y);
        cairo_set_source_rgb (cr, tone, tone, tone * 0.95);
        cairo_rectangle (cr, x - layout->cell / 2, y - layout->cell / 2, layout->cell,
                         layout->cell);
        cairo_fill (cr);
      }
}

GPtrArray *
testgame_list_piece_themes (const char *folder)
{
  g_autofree char *uri = g_strconcat ("resource://", folder, NULL);

  return catur_theme_list_folder (uri, GETTEXT_PACKAGE, FALSE);
}

GPtrArray *
testgame_list_board_themes (void)
{
  GPtrArray *themes = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_theme_info_free);

  g_ptr_array_add (themes, catur_theme_info_new ("plain", _("Plain"), _("Grey squares"),
                                                 NULL, NULL));
  return themes;
}

/* The record format, PGN-like so that it shares the .pgn extension with Xiangqi's records
 * (opening a file asks every game that claims the extension):
 *
 *   [Game "Sandbox"]
 *   [FEN "<position text of the start>"]
 *   [Layout "<what lies face down at the start>"]    (games with hidden pieces)
 *   [Options "{'move-limit': <'20'>}"]               (the rule options, when there are any)
 *   [Ending "time-out:white"]                        (how the game ended, when it did)
 *
 *   1. c2c4 c5c4 {a comment} 2. b2b4 c4b3 *
 *
 * Moves are in the game's coordinate notation as catur_variant_play() completed them, so a
 * flip carries what it revealed. A file may hold several games one after the other, each
 * beginning with its tags (testgame_read_records()). */

/* The tags the format reads into the record itself, not into its list of tags. */
static gboolean
is_own_tag (const char *name)
{
  static const char * const own[] = { "Game", "FEN", "Layout", "Options", "Ending", NULL };

  return g_strv_contains (own, name);
}

static char *
escape_tag (const char *value)
{
  GString *text = g_string_new (NULL);

  for (const char *c = value; *c != '\0'; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_c (text, '\\');
      g_string_append_c (text, *c);
    }
  return g_string_free (text, FALSE);
}

static void
append_token (GString    *text,
              guint      *column,
              const char *token)
{
  gsize length = strlen (token);

  if (*column > 0 && *column + 1 + length > 79)
    {
      g_string_append_c (text, '\n');
      *column = 0;
    }
  else if (*column > 0)
    {
      g_string_append_c (text, ' ');
      (*column)++;
    }
  g_string_append (text, token);
  *column += length;
}

char *
testgame_write_record (CaturVariant *variant,
                       const char   *game_tag,
                       CaturRecord  *record,
                       GError      **error)
{
  const CaturPosition *start = catur_record_get_start (record);
  g_autoptr(CaturPosition) position = catur_position_copy (start);
  g_autofree char *fen = catur_variant_format (variant, start);
  g_autofree char *hidden = catur_variant_format_hidden (variant, start);
  g_auto(GStrv) names = catur_record_dup_tag_names (record);
  const char *coordinate = catur_variant_get_coordinate_notation (variant);
  GVariant *options = catur_record_get_options (record);
  g_autofree char *ending = catur_outcome_format_ending (variant,
                                                         catur_record_get_outcome (record));
  GString *text = g_string_new (NULL);
  guint column = 0;

  g_string_append_printf (text, "[Game \"%s\"]\n[FEN \"%s\"]\n", game_tag, fen);
  if (hidden != NULL)
    g_string_append_printf (text, "[Layout \"%s\"]\n", hidden);
  if (g_variant_n_children (options) > 0)
    {
      g_autofree char *printed = g_variant_print (options, FALSE);
      g_autofree char *value = escape_tag (printed);

      g_string_append_printf (text, "[Options \"%s\"]\n", value);
    }
  if (ending != NULL)
    g_string_append_printf (text, "[Ending \"%s\"]\n", ending);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *value = NULL;

      if (is_own_tag (names[i]))
        continue;
      value = escape_tag (catur_record_get_tag (record, names[i]));
      g_string_append_printf (text, "[%s \"%s\"]\n", names[i], value);
    }
  g_string_append_c (text, '\n');

  for (guint ply = 0; ply <= catur_record_get_n_moves (record); ply++)
    {
      const char *comment = catur_record_get_comment (record, ply);
      CaturMove move;
      g_autofree char *word = NULL;

      if (comment != NULL)
        {
          g_autofree char *braced = g_strdup_printf ("{%s}", comment);

          g_strdelimit (braced + 1, "{}", ' ');
          braced[strlen (braced) - 1] = '}';
          append_token (text, &column, braced);
        }
      if (ply == catur_record_get_n_moves (record))
        break;
      move = *catur_record_get_move (record, ply);
      if (!catur_variant_is_legal (variant, position, &move))
        {
          g_string_free (text, TRUE);
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                       "Move %u is not legal", ply + 1);
          return NULL;
        }
      if (ply % 2 == 0)
        {
          g_autofree char *number = g_strdup_printf ("%u.", ply / 2 + 1);

          append_token (text, &column, number);
        }
      word = catur_variant_format_move (variant, position, &move, coordinate);
      append_token (text, &column, word);
      catur_variant_play (variant, position, &move);
    }
  append_token (text, &column, catur_record_get_tag (record, "Result") != NULL
                                ? catur_record_get_tag (record, "Result") : "*");
  g_string_append_c (text, '\n');
  return g_string_free (text, FALSE);
}

/* Reads `[Name "Value"]`; FALSE when the line is no tag. */
static gboolean
read_tag (const char  *line,
          char       **name,
          char       **value)
{
  const char *quote, *end;
  GString *text;

  if (line[0] != '[' || (quote = strchr (line, '"')) == NULL)
    return FALSE;
  *name = g_strstrip (g_strndup (line + 1, quote - line - 1));
  text = g_string_new (NULL);
  for (end = quote + 1; *end != '\0' && *end != '"'; end++)
    {
      if (*end == '\\' && end[1] != '\0')
        end++;
      g_string_append_c (text, *end);
    }
  *value = g_string_free (text, FALSE);
  return **name != '\0' && *end == '"';
}

static gboolean
is_move_number (const char *word)
{
  const char *c = word;

  while (g_ascii_isdigit (*c))
    c++;
  return c > word && *c == '.';
}

/* The record's rule options and ending, from their tags. */
static gboolean
read_own_tags (CaturRecord  *record,
               GHashTable   *tags,
               GError      **error)
{
  CaturVariant *variant = catur_record_get_variant (record);
  const char *options = g_hash_table_lookup (tags, "Options");
  const char *ending = g_hash_table_lookup (tags, "Ending");
  g_autoptr(GError) local_error = NULL;

  if (options != NULL)
    {
      g_autoptr(GVariant) parsed = g_variant_parse (G_VARIANT_TYPE_VARDICT, options, NULL, NULL,
                                                    &local_error);

      if (parsed == NULL)
        {
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                       "The options cannot be read: %s", local_error->message);
          return FALSE;
        }
      catur_record_set_options (record, parsed);
    }
  if (ending != NULL)
    {
      CaturOutcome outcome;

      if (!catur_outcome_parse_ending (variant, ending, &outcome, error))
        return FALSE;
      catur_record_set_outcome (record, &outcome);
    }
  return TRUE;
}

CaturRecord *
testgame_read_record (CaturVariant  *variant,
                      const char    *game_tag,
                      const char    *data,
                      gsize          length,
                      GError       **error)
{
  g_autofree char *text = g_strndup (data, length);
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GString) comment = NULL;
  CaturPosition *start;
  g_autoptr(CaturPosition) position = NULL;
  const char *fen, *layout;
  guint line = 0;

  if (!g_utf8_validate (text, -1, NULL) || strlen (text) != length)
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING,
                           "The file is no UTF-8 text");
      return NULL;
    }
  lines = g_strsplit (text, "\n", -1);
  for (; lines[line] != NULL; line++)
    {
      char *name = NULL, *value = NULL;

      g_strstrip (lines[line]);
      if (lines[line][0] == '\0')
        continue;
      if (lines[line][0] != '[')
        break;
      if (!read_tag (lines[line], &name, &value))
        {
          g_free (name);
          g_free (value);
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                       "Line %u: this tag cannot be read", line + 1);
          return NULL;
        }
      g_ptr_array_add (order, name);
      g_hash_table_replace (tags, name, value);
    }

  if (g_strcmp0 (g_hash_table_lookup (tags, "Game"), game_tag) != 0)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_OTHER_GAME,
                   "The record is not of the game %s", game_tag);
      return NULL;
    }

  fen = g_hash_table_lookup (tags, "FEN");
  layout = g_hash_table_lookup (tags, "Layout");
  start = fen != NULL ? catur_variant_parse (variant, fen, &local_error)
                      : catur_variant_new_position (variant, NULL, g_random_int ());
  if (start == NULL)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION,
                   "The start position cannot be read: %s", local_error->message);
      return NULL;
    }
  if (layout != NULL && !catur_variant_restore_hidden (variant, start, layout, &local_error))
    {
      catur_position_free (start);
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION,
                   "The layout cannot be read: %s", local_error->message);
      return NULL;
    }
  if (fen != NULL && layout == NULL)
    catur_variant_deal_hidden (variant, start, g_random_int ());

  record = catur_record_new (variant, start);
  position = catur_position_copy (start);
  for (guint i = 0; i < order->len; i++)
    if (!is_own_tag (order->pdata[i]))
      catur_record_set_tag (record, order->pdata[i], g_hash_table_lookup (tags, order->pdata[i]));
  if (!read_own_tags (record, tags, error))
    return NULL;
  catur_variant_apply_options (variant, position, catur_record_get_options (record));

  for (; lines[line] != NULL; line++)
    {
      g_auto(GStrv) words = g_strsplit_set (lines[line], " \t\r", -1);

      for (guint i = 0; words[i] != NULL; i++)
        {
          const char *word = words[i];
          CaturMove move;

          if (comment != NULL || word[0] == '{')
            {
              if (comment == NULL)
                comment = g_string_new (word + 1);
              else
                g_string_append_printf (comment, " %s", word);
              if (g_str_has_suffix (comment->str, "}"))
                {
                  g_string_truncate (comment, comment->len - 1);
                  catur_record_set_comment (record, catur_record_get_n_moves (record),
                                            g_strstrip (comment->str));
                  g_string_free (g_steal_pointer (&comment), TRUE);
                }
              continue;
            }
          if (word[0] == '\0' || is_move_number (word))
            continue;
          if (g_str_equal (word, "*") || g_str_equal (word, "1-0") || g_str_equal (word, "0-1")
              || g_str_equal (word, "1/2-1/2"))
            return g_steal_pointer (&record);
          if (!catur_variant_parse_move (variant, position, word, &move, &local_error))
            {
              g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                           "Line %u: %s", line + 1, local_error->message);
              return NULL;
            }
          if (!catur_variant_is_legal (variant, position, &move))
            {
              g_autofree char *why = catur_variant_explain (variant, position, &move, NULL);

              g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                           "Line %u: %s is not legal: %s", line + 1, word, why);
              return NULL;
            }
          catur_variant_play (variant, position, &move);
          catur_record_append_move (record, &move);
        }
    }
  if (comment != NULL)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                   "Line %u: a comment is not closed", line);
      return NULL;
    }
  return g_steal_pointer (&record);
}

/* Every game of a file of several (a database), for read_records(): a game begins with a tag
 * line after the moves of the one before, and is read as testgame_read_record() reads a file
 * of one, the lines before it left blank so that an error names the file's line. A game that
 * does not read is left out; when none reads, the first one's error, as catur_pgn_read_games()
 * does. */
GPtrArray *
testgame_read_records (CaturVariant  *variant,
                       const char    *game_tag,
                       const char    *data,
                       gsize          length,
                       GError       **error)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) first_error = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean in_moves = FALSE;
  int comments = 0;
  guint start = 0;

  /* As testgame_read_record() says it (a NUL byte counts as no text). */
  if (!g_utf8_validate_len (data, length, NULL))
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING,
                           "The file is no UTF-8 text");
      return NULL;
    }

  text = g_strndup (data, length);
  lines = g_strsplit (text, "\n", -1);
  for (guint line = 0;; line++)
    {
      const char *first = lines[line] != NULL ? lines[line] + strspn (lines[line], " \t\r")
                                              : NULL;

      /* A tag after moves, not inside a comment, or the end: the game before it is whole. */
      if (first == NULL || (first[0] == '[' && in_moves && comments <= 0))
        {
          g_autoptr(GString) game = g_string_new (NULL);
          g_autoptr(GError) local_error = NULL;
          CaturRecord *record;

          for (guint i = 0; i < line; i++)
            g_string_append_printf (game, "%s\n", i >= start ? lines[i] : "");
          record = testgame_read_record (variant, game_tag, game->str, game->len, &local_error);
          if (record != NULL)
            g_ptr_array_add (records, record);
          else if (first_error == NULL)
            first_error = g_steal_pointer (&local_error);
          if (first == NULL)
            break;
          start = line;
          in_moves = FALSE;
          comments = 0;
        }
      if (first[0] != '\0' && first[0] != '[')
        {
          in_moves = TRUE;
          for (const char *c = first; *c != '\0'; c++)
            comments += *c == '{' ? 1 : *c == '}' ? -1 : 0;
        }
    }

  if (records->len == 0)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return NULL;
    }
  return g_steal_pointer (&records);
}
