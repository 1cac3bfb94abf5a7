/* catur-pgn.c: game records in PGN, read and written for every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PGN is one format for the games of the chess family: tags, then movetext with move
 * numbers, comments, variations, annotations and a result. What differs between the games is
 * small (their move notation, which tags they write first, the name in the `Game` tag, the
 * encodings their old files use) and comes from the game as a CaturPgnDialect; everything
 * else is here, once.
 *
 * Files come from anywhere (databases, web pages, other programs, a fuzzer), so the reader
 * trusts nothing: the bytes are turned into UTF-8 text before anything else (so messages may
 * quote it), every length is bounded, every move is read by the game against the position
 * and played through the variant, and an error names the line where the text went wrong.
 *
 * A file of several games is read in two passes. The first splits it into games with the
 * same lexer and game grammar as reading, without playing moves; then each game is read on
 * its own from where it starts, so that one game that does not read is reported and the
 * others still are.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

/* A token longer than this is no move, tag name or number. */
#define MAX_TOKEN 64
/* Messages quote at most this many characters of a token. */
#define MAX_QUOTE 24
/* Movetext lines stay within PGN's 80 columns. */
#define LINE_WIDTH 79

typedef struct
{
  gsize offset;            /* where the game starts in the text */
  guint line;
  GPtrArray *tags;         /* char *: name, value, name, value… as the file has them */
} GameIndex;

struct _CaturPgnReader
{
  CaturVariant *variant;
  const CaturPgnDialect *dialect;
  gpointer user_data;
  char *text;
  gsize length;
  guint end_line;          /* the line the text ends on */
  GArray *games;           /* GameIndex */
};

typedef struct
{
  const char *text;
  const char *end;
  const char *p;
  guint line;
} Lexer;

/* One game as the grammar goes through it. When `reading`, moves are played into a record;
 * else only the game's extent and tags are found (the first pass). */
typedef struct
{
  CaturPgnReader *reader;
  gboolean reading;
  GPtrArray *tags;             /* char *: name, value… in file order */
  GString *leading;            /* comments before any tag: the game's, or between games */
  CaturPosition *start;        /* from the FEN tag */
  gboolean named;              /* a Game or Variant tag names the game */
  gboolean seen;               /* a tag, a move or a result: there is a game */
  gboolean in_movetext;
  guint n_moves;
  CaturRecord *record;
  CaturPosition *position;
} Game;

/* ------------------------------------------------------------------------------------ */
/* Text                                                                                 */

/**
 * catur_pgn_decode:
 * @data: (array length=length): the file's bytes
 * @length: how many
 * @encodings: the encodings to try besides UTF-8
 * @text_length: (out) (optional): the length of the text returned
 * @error: a %CATUR_RECORD_ERROR_ENCODING when the bytes are no text in those encodings, or
 *   hold a NUL byte (binary data)
 *
 * Turns the bytes of a file into UTF-8 text. The order of the tries keeps each unambiguous:
 * a byte order mark (UTF-8, UTF-16 LE or BE) decides first; then bytes that are valid UTF-8
 * are UTF-8 (text in GBK or Latin-1 with any non-ASCII letter almost never is); then
 * GB18030, when the game takes it; then Latin-1, when the game takes it, last, because it
 * takes any byte at all. So a Xiangqi database in GBK is read as GBK. A game whose old files
 * are Latin-1 (chess) should not take GB18030 as well: an accented Latin-1 letter before an
 * ASCII one often makes a valid GBK character.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL with @error set
 */
char *
catur_pgn_decode (const char         *data,
                  gsize               length,
                  CaturPgnEncodings   encodings,
                  gsize              *text_length,
                  GError            **error)
{
  char *text = NULL;
  gsize written = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (data == NULL)
    data = "";
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      data += 3;
      length -= 3;
    }

  if (length >= 2 && (guchar) data[0] == 0xFF && (guchar) data[1] == 0xFE)
    text = g_convert (data + 2, length - 2, "UTF-8", "UTF-16LE", NULL, &written, NULL);
  else if (length >= 2 && (guchar) data[0] == 0xFE && (guchar) data[1] == 0xFF)
    text = g_convert (data + 2, length - 2, "UTF-8", "UTF-16BE", NULL, &written, NULL);
  else if (g_utf8_validate_len (data, length, NULL))
    {
      text = g_strndup (data, length);
      written = length;
    }
  else
    {
      if (encodings & CATUR_PGN_ENCODING_GB18030)
        text = g_convert (data, length, "UTF-8", "GB18030", NULL, &written, NULL);
      if (text == NULL && (encodings & CATUR_PGN_ENCODING_LATIN1))
        text = g_convert (data, length, "UTF-8", "ISO-8859-1", NULL, &written, NULL);
    }

  if (text == NULL)
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING,
                           encodings & CATUR_PGN_ENCODING_GB18030
                           ? _("The file is neither UTF-8 nor GBK (GB18030) text")
                           : _("The file is not UTF-8 text"));
      return NULL;
    }
  if (strlen (text) != written || !g_utf8_validate (text, -1, NULL))
    {
      g_free (text);
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING,
                           _("The file holds binary data, not text"));
      return NULL;
    }
  if (text_length != NULL)
    *text_length = written;
  return text;
}

/* Up to MAX_QUOTE characters of a token, for a message. */
static char *
quote (const char *start,
       gsize       length)
{
  g_autofree char *token = g_strndup (start, length);
  g_autofree char *start_of = NULL;

  if (g_utf8_strlen (token, -1) <= MAX_QUOTE)
    return g_steal_pointer (&token);
  start_of = g_utf8_substring (token, 0, MAX_QUOTE);
  return g_strconcat (start_of, "…", NULL);
}

static gboolean G_GNUC_PRINTF (4, 5)
fail (GError    **error,
      int         code,
      guint       line,
      const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: "Line 12: the comment that starts here is never closed" */
  g_set_error (error, CATUR_RECORD_ERROR, code, _("Line %d: %s"), (int) line, message);
  return FALSE;
}

static gboolean
is_result (const char *token,
           gsize       length)
{
  static const char * const results[] = { "1-0", "0-1", "1/2-1/2", "*", "½-½" };

  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    if (length == strlen (results[i]) && memcmp (token, results[i], length) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
in_list (const char * const *list,
         const char         *name)
{
  for (guint i = 0; list != NULL && list[i] != NULL; i++)
    if (g_str_equal (list[i], name))
      return TRUE;
  return FALSE;
}

/* PGN's "unknown", which the writer puts back for the tags it must write. */
static gboolean
is_unknown (const char *value)
{
  return *value == '\0' || g_str_equal (value, "?") || g_str_equal (value, "????.??.??");
}

/* ------------------------------------------------------------------------------------ */
/* The lexer                                                                            */

static gboolean
at_end (Lexer *lx)
{
  return lx->p >= lx->end;
}

/* Blanks include the ideographic space that Chinese files use between moves. */
static gsize
blank_length (const char *p,
              const char *end)
{
  if (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '\f'
                  || *p == '\v'))
    return 1;
  if (end - p >= 3 && (guchar) p[0] == 0xE3 && (guchar) p[1] == 0x80 && (guchar) p[2] == 0x80)
    return 3;
  return 0;
}

static void
advance (Lexer *lx,
         gsize  n)
{
  for (gsize i = 0; i < n && lx->p < lx->end; i++, lx->p++)
    if (*lx->p == '\n')
      lx->line++;
}

static void
skip_blanks (Lexer *lx)
{
  gsize n;

  while ((n = blank_length (lx->p, lx->end)) > 0)
    advance (lx, n);
}

static gboolean
at_line_start (Lexer *lx)
{
  return lx->p == lx->text || lx->p[-1] == '\n' || lx->p[-1] == '\r';
}

static void
skip_line (Lexer *lx)
{
  while (!at_end (lx) && *lx->p != '\n')
    advance (lx, 1);
}

static void
skip_spaces (Lexer *lx)
{
  while (!at_end (lx) && (*lx->p == ' ' || *lx->p == '\t'))
    advance (lx, 1);
}

/* [Name "value"] with \" and \\ inside the value. */
static gboolean
read_tag (Lexer   *lx,
          char   **name_out,
          char   **value_out,
          GError **error)
{
  const char *name_start;
  GString *value;
  guint line = lx->line;

  advance (lx, 1);
  skip_spaces (lx);
  name_start = lx->p;
  /* PGN's names are letters, digits and `_`; GNOME Chess writes its own with `-` as well
   * (X-GNOME-ClockType). */
  while (!at_end (lx) && (g_ascii_isalnum (*lx->p) || *lx->p == '_' || *lx->p == '-'))
    advance (lx, 1);
  if (lx->p == name_start || lx->p - name_start > MAX_TOKEN)
    return fail (error, CATUR_RECORD_ERROR_SYNTAX, line,
                 _("a tag must be written as [Name \"value\"]"));
  *name_out = g_strndup (name_start, lx->p - name_start);
  skip_spaces (lx);
  if (at_end (lx) || *lx->p != '"')
    return fail (error, CATUR_RECORD_ERROR_SYNTAX, line,
                 _("the tag %s has no value in double quotes"), *name_out);
  advance (lx, 1);

  value = g_string_new (NULL);
  while (!at_end (lx) && *lx->p != '"' && *lx->p != '\n')
    {
      if (*lx->p == '\\' && lx->p + 1 < lx->end && (lx->p[1] == '"' || lx->p[1] == '\\'))
        advance (lx, 1);
      /* A control character (a stray carriage return, a tab) is a blank in a tag. */
      g_string_append_c (value, (guchar) *lx->p < 0x20 || *lx->p == 0x7f ? ' ' : *lx->p);
      advance (lx, 1);
    }
  *value_out = g_string_free (value, FALSE);
  if (at_end (lx) || *lx->p != '"')
    return fail (error, CATUR_RECORD_ERROR_SYNTAX, line,
                 _("the value of the tag %s has no closing quote"), *name_out);
  advance (lx, 1);
  skip_spaces (lx);
  if (at_end (lx) || *lx->p != ']')
    return fail (error, CATUR_RECORD_ERROR_SYNTAX, line, _("the tag %s is not closed with ]"),
                 *name_out);
  advance (lx, 1);
  return TRUE;
}

/* { … }; the comment's text without its braces. */
static gboolean
read_brace_comment (Lexer       *lx,
                    const char **start,
                    gsize       *length,
                    GError     **error)
{
  guint line = lx->line;

  advance (lx, 1);
  *start = lx->p;
  while (!at_end (lx) && *lx->p != '}')
    advance (lx, 1);
  if (at_end (lx))
    return fail (error, CATUR_RECORD_ERROR_SYNTAX, line,
                 _("the comment that starts here is never closed with }"));
  *length = lx->p - *start;
  advance (lx, 1);
  return TRUE;
}

/* ; … to the end of the line. */
static void
read_line_comment (Lexer       *lx,
                   const char **start,
                   gsize       *length)
{
  advance (lx, 1);
  *start = lx->p;
  skip_line (lx);
  *length = lx->p - *start;
}

/* ( … ), nested, with comments inside: another line of play, which the record does not keep. */
static gboolean
skip_variation (Lexer   *lx,
                GError **error)
{
  guint line = lx->line, depth = 0;

  do
    {
      const char *start;
      gsize length;

      if (at_end (lx))
        return fail (error, CATUR_RECORD_ERROR_SYNTAX, line,
                     _("the variation that starts here is never closed with )"));
      if (*lx->p == '{')
        {
          if (!read_brace_comment (lx, &start, &length, error))
            return FALSE;
          continue;
        }
      if (*lx->p == ';')
        {
          read_line_comment (lx, &start, &length);
          continue;
        }
      if (*lx->p == '(')
        depth++;
      else if (*lx->p == ')')
        depth--;
      advance (lx, 1);
    }
  while (depth > 0);
  return TRUE;
}

/* The move in a movetext token: without a move number before it ("12." "12..." "1。"), the
 * dots before the second side's move, and the annotation marks after it. NULL for a token
 * that is only a move number. */
static char *
move_of_token (const CaturPgnDialect *dialect,
               char                  *token)
{
  char *word = token;

  if (g_ascii_isdigit (*word) && !(dialect->is_move != NULL && dialect->is_move (word)))
    {
      char *p = word;

      while (g_ascii_isdigit (*p))
        p++;
      if (*p == '.' || (guchar) p[0] == 0xE3)
        {
          while (*p == '.')
            p++;
          /* "1。" in some Chinese files */
          while ((guchar) p[0] == 0xE3 && (guchar) p[1] == 0x80 && (guchar) p[2] == 0x82)
            p += 3;
          word = p;
        }
    }
  while (*word == '.')
    word++;
  if (*word == '\0')
    return NULL;
  /* A mark alone stays, for the game to say it is no move. */
  for (gsize end = strlen (word); end > 1 && strchr ("!?#", word[end - 1]) != NULL; end--)
    word[end - 1] = '\0';
  return word;
}

/* ------------------------------------------------------------------------------------ */
/* One game                                                                             */

static void
game_init (Game           *game,
           CaturPgnReader *reader,
           gboolean        reading)
{
  memset (game, 0, sizeof *game);
  game->reader = reader;
  game->reading = reading;
  game->tags = g_ptr_array_new_with_free_func (g_free);
  game->leading = g_string_new (NULL);
}

static void
game_clear (Game *game)
{
  g_clear_pointer (&game->tags, g_ptr_array_unref);
  if (game->leading != NULL)
    g_string_free (game->leading, TRUE);
  game->leading = NULL;
  g_clear_pointer (&game->start, catur_position_free);
  g_clear_pointer (&game->position, catur_position_free);
  g_clear_object (&game->record);
}

/* Several comments at one place are kept as one, a line apart. */
static void
join_comment (GString    *joined,
              const char *text,
              gsize       length)
{
  g_autofree char *comment = g_strstrip (g_strndup (text, length));

  if (*comment == '\0')
    return;
  if (joined->len > 0)
    g_string_append_c (joined, '\n');
  g_string_append (joined, comment);
}

static void
add_comment (Game       *game,
             const char *text,
             gsize       length)
{
  const char *old;
  g_autoptr(GString) joined = NULL;

  if (!game->reading)
    return;
  old = catur_record_get_comment (game->record, game->n_moves);
  joined = g_string_new (old);
  join_comment (joined, text, length);
  if (joined->len > 0)
    catur_record_set_comment (game->record, game->n_moves, joined->str);
}

static gboolean
names_game (const CaturPgnDialect *dialect,
            const char            *value)
{
  g_autofree char *folded = g_utf8_casefold (value, -1);

  return in_list (dialect->game_names, g_strstrip (folded));
}

/* A FEN tag as converters write it: the board alone, or a move number of 0. @defaults are the
 * fields after the board of a game's start (the dialect's fen_defaults). NULL when it still
 * does not parse: the tag's own error is the one to give. */
static CaturPosition *
parse_completed_fen (CaturVariant *variant,
                     const char   *value,
                     const char   *defaults)
{
  g_auto(GStrv) given = g_strsplit_set (value, " \t\r\n", -1);
  g_auto(GStrv) fallback = g_strsplit (defaults, " ", -1);
  guint n_fallback = g_strv_length (fallback);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();
  g_autofree char *text = NULL;

  for (guint i = 0; given[i] != NULL; i++)
    if (given[i][0] != '\0')
      g_ptr_array_add (fields, given[i]);
  if (fields->len == 0 || fields->len > n_fallback + 1)
    return NULL;
  for (guint i = fields->len; i <= n_fallback; i++)
    g_ptr_array_add (fields, fallback[i - 1]);
  if (g_str_equal (g_ptr_array_index (fields, n_fallback), "0"))
    g_ptr_array_index (fields, n_fallback) = (gpointer) "1";
  g_ptr_array_add (fields, NULL);
  text = g_strjoinv (" ", (char **) fields->pdata);
  return catur_variant_parse (variant, text, NULL);
}

/* A tag of the game's tag section: the game's name and start position are checked where
 * the file gives them, so that a message names that line. */
static gboolean
take_tag (Game        *game,
          char        *name,
          char        *value,
          guint        line,
          GError     **error)
{
  const CaturPgnDialect *dialect = game->reader->dialect;
  CaturVariant *variant = game->reader->variant;

  g_ptr_array_add (game->tags, name);
  g_ptr_array_add (game->tags, value);
  game->seen = TRUE;
  /* Comments before the first tag were between games. */
  g_string_truncate (game->leading, 0);
  if (!game->reading)
    return TRUE;

  if (dialect->game_names != NULL && (g_str_equal (name, "Game") || g_str_equal (name, "Variant")))
    {
      if (!names_game (dialect, value))
        {
          g_autofree char *quoted = quote (value, strlen (value));

          /* Translators: "the file is a record of “Chess”, not of Xiangqi" */
          return fail (error, CATUR_RECORD_ERROR_OTHER_GAME, line,
                       _("the file is a record of “%s”, not of %s"), quoted,
                       catur_variant_get_name (variant));
        }
      game->named = TRUE;
    }
  else if (g_str_equal (name, "FEN"))
    {
      g_autoptr(GError) fen_error = NULL;
      CaturPosition *start = catur_variant_parse (variant, value, &fen_error);

      if (start == NULL && dialect->fen_defaults != NULL)
        start = parse_completed_fen (variant, value, dialect->fen_defaults);

      if (start == NULL)
        return fail (error, CATUR_RECORD_ERROR_POSITION, line,
                     _("the start position in the FEN tag is not valid: %s"),
                     fen_error->message);
      g_clear_pointer (&game->start, catur_position_free);
      game->start = start;
    }
  return TRUE;
}

/* The tag section is over: the record starts, with every tag the file gives (the game's
 * move reader may look at them) but those of PGN's "unknown". */
/* From the first item after the tags on: the record, on its start position, with the tags,
 * and the rule options they name. Fails when the dialect refuses the options. */
static gboolean
begin_movetext (Game     *game,
                guint     line,
                GError  **error)
{
  CaturVariant *variant = game->reader->variant;
  CaturPgnReadOptionsFunc read_options = game->reader->dialect->read_options;
  CaturPosition *start;

  if (game->in_movetext)
    return TRUE;
  game->in_movetext = TRUE;
  if (!game->reading)
    return TRUE;

  start = g_steal_pointer (&game->start);
  if (start == NULL)
    start = catur_variant_new_position (variant, NULL, 0);
  game->record = catur_record_new (variant, start);
  game->position = catur_position_copy (start);
  for (guint i = 0; i + 1 < game->tags->len; i += 2)
    {
      const char *value = g_ptr_array_index (game->tags, i + 1);

      if (!is_unknown (value))
        catur_record_set_tag (game->record, g_ptr_array_index (game->tags, i), value);
    }
  if (game->leading->len > 0)
    catur_record_set_comment (game->record, 0, game->leading->str);
  if (read_options != NULL)
    {
      g_autoptr(GError) options_error = NULL;
      g_autoptr(GVariant) options = read_options (game->record, game->reader->user_data,
                                                  &options_error);

      if (options == NULL)
        return fail (error, options_error->code, line, "%s", options_error->message);
      catur_record_set_options (game->record, options);
      catur_variant_apply_options (variant, game->position, options);
    }
  return TRUE;
}

static gboolean
play_move (Game        *game,
           const char  *word,
           guint        line,
           GError     **error)
{
  CaturPgnReader *reader = game->reader;
  const CaturPgnDialect *dialect = reader->dialect;
  g_autoptr(GError) move_error = NULL;
  CaturMove move = { 0, 0, 0, 0 };
  int code;

  if (dialect->max_plies > 0 && game->n_moves >= dialect->max_plies)
    return fail (error, CATUR_RECORD_ERROR_TOO_LARGE, line,
                 _("the game goes on for more than %d plies"), (int) dialect->max_plies);

  if (dialect->read_move (game->record, game->position, word, &move, reader->user_data,
                          &move_error))
    {
      catur_variant_play (reader->variant, game->position, &move);
      catur_record_append_move (game->record, &move);
      game->n_moves++;
      return TRUE;
    }

  code = move_error != NULL && move_error->domain == CATUR_RECORD_ERROR
         ? move_error->code : CATUR_RECORD_ERROR_INVALID_MOVE;
  /* Without a Game tag, a first move the game cannot read is likely another game's. */
  if (code == CATUR_RECORD_ERROR_INVALID_MOVE && dialect->game_names != NULL && !game->named
      && game->n_moves == 0)
    {
      g_autofree char *quoted = quote (word, strlen (word));

      /* Translators: "“e4” is not a Xiangqi move" */
      return fail (error, CATUR_RECORD_ERROR_OTHER_GAME, line, _("“%s” is not a %s move"),
                   quoted, catur_variant_get_name (reader->variant));
    }
  if (move_error == NULL)
    {
      g_autofree char *quoted = quote (word, strlen (word));

      return fail (error, CATUR_RECORD_ERROR_INVALID_MOVE, line, _("“%s” is not a move"), quoted);
    }
  return fail (error, code, line, "%s", move_error->message);
}

/* A token of the movetext that is no comment or variation: a move number, a move, a NAG
 * or the result. Sets *over at the result, which ends the game. */
static gboolean
take_symbol (Game      *game,
             Lexer     *lx,
             gboolean  *over,
             GError   **error)
{
  const char *start = lx->p;
  guint line = lx->line;
  g_autofree char *token = NULL;
  gsize length;
  char *word;

  for (;;)
    {
      while (!at_end (lx) && blank_length (lx->p, lx->end) == 0
             && strchr ("{};()[", *lx->p) == NULL)
        advance (lx, 1);
      /* A letter in brackets right after a move is part of it (Banqi's flip `b3(K)` names
       * what it showed), not a variation: no variation is one letter. */
      if (lx->p > start && lx->end - lx->p >= 3 && lx->p[0] == '(' && g_ascii_isalpha (lx->p[1])
          && lx->p[2] == ')')
        {
          advance (lx, 3);
          continue;
        }
      break;
    }
  length = lx->p - start;
  game->seen = TRUE;

  if (length > MAX_TOKEN)
    {
      g_autofree char *quoted = quote (start, length);

      if (!game->reading)
        {
          game->n_moves++;
          return TRUE;
        }
      return fail (error, CATUR_RECORD_ERROR_INVALID_MOVE, line, _("“%s” is not a move"),
                   quoted);
    }
  if (is_result (start, length))
    {
      *over = TRUE;
      if (game->reading && catur_record_get_tag (game->record, "Result") == NULL)
        {
          g_autofree char *result = g_strndup (start, length);

          catur_record_set_tag (game->record, "Result",
                                g_str_equal (result, "½-½") ? "1/2-1/2" : result);
        }
      return TRUE;
    }

  token = g_strndup (start, length);
  if (token[0] == '$' && token[1] != '\0' && strspn (token + 1, "0123456789") == length - 1)
    return TRUE;  /* a NAG ("$4", a blunder): an annotation the record does not keep */
  if (in_list (game->reader->dialect->ignored_words, token))
    return TRUE;

  word = move_of_token (game->reader->dialect, token);
  if (word == NULL)
    return TRUE;
  if (!game->reading)
    {
      game->n_moves++;
      return TRUE;
    }
  return play_move (game, word, line, error);
}

/* One thing of the game at the lexer, which stands on no blank: a tag, a comment, a variation
 * or a symbol. Sets *over when the game ends there, before the next game's tags or after
 * its result. */
static gboolean
read_item (Game     *game,
           Lexer    *lx,
           gboolean *over,
           GError  **error)
{
  guint line = lx->line;
  char c = *lx->p;
  const char *start;
  gsize length;

  switch (c)
    {
    case '%':
      if (!at_line_start (lx))
        break;
      /* PGN's escape: a line for other programs. */
      skip_line (lx);
      return TRUE;
    case '[':
      if (!game->in_movetext)
        {
          char *name = NULL, *value = NULL;

          if (!read_tag (lx, &name, &value, error))
            {
              g_free (name);
              g_free (value);
              return FALSE;
            }
          return take_tag (game, name, value, line, error);
        }
      /* The next game's tags: this one is over. */
      if (at_line_start (lx) && game->n_moves > 0)
        {
          *over = TRUE;
          return TRUE;
        }
      return fail (error, CATUR_RECORD_ERROR_SYNTAX, line, _("a tag stands among the moves"));
    case '{':
    case ';':
      if (c == '{' && !read_brace_comment (lx, &start, &length, error))
        return FALSE;
      if (c == ';')
        read_line_comment (lx, &start, &length);
      if (!game->in_movetext && game->tags->len == 0)
        {
          /* Before any tag: the game's first comment, or a note between two games. */
          join_comment (game->leading, start, length);
          return TRUE;
        }
      if (!begin_movetext (game, line, error))
        return FALSE;
      add_comment (game, start, length);
      return TRUE;
    case '(':
      if (!begin_movetext (game, line, error))
        return FALSE;
      return skip_variation (lx, error);
    case ')':
      return fail (error, CATUR_RECORD_ERROR_SYNTAX, line, _("a ) closes no variation"));
    case '}':
      return fail (error, CATUR_RECORD_ERROR_SYNTAX, line, _("a } closes no comment"));
    default:
      break;
    }

  if (!begin_movetext (game, line, error))
    return FALSE;
  return take_symbol (game, lx, over, error);
}

/* Goes through one game from where the lexer stands: its tags, then its movetext up to its
 * result, the next game's tags, or the end of the text. On failure *error_line is where the
 * trouble starts. */
static gboolean
read_game (Game    *game,
           Lexer   *lx,
           guint   *error_line,
           GError **error)
{
  for (;;)
    {
      gboolean over = FALSE;

      skip_blanks (lx);
      if (at_end (lx))
        return TRUE;
      *error_line = lx->line;
      if (!read_item (game, lx, &over, error))
        return FALSE;
      if (over)
        return TRUE;
    }
}

/* ------------------------------------------------------------------------------------ */
/* The reader                                                                           */

static void
game_index_clear (gpointer data)
{
  GameIndex *index = data;

  g_clear_pointer (&index->tags, g_ptr_array_unref);
}

/* After a game that does not lex, the next one is looked for from the line after the
 * trouble (which may lie before where the lexer stopped: an unclosed comment runs to the
 * end): the first line there that begins with a tag. */
static void
skip_to_next_tags (Lexer           *lx,
                   const GameIndex *index,
                   guint            error_line)
{
  lx->p = lx->text + index->offset;
  lx->line = index->line;
  while (!at_end (lx) && lx->line <= error_line)
    advance (lx, 1);
  while (!at_end (lx) && *lx->p != '[')
    {
      skip_line (lx);
      advance (lx, 1);
    }
}

/* The first pass: where each game starts, and its tags. */
static void
index_games (CaturPgnReader *self)
{
  Lexer lx = { self->text, self->text + self->length, self->text, 1 };

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      GameIndex index;
      Game game;
      guint error_line = 0;
      gboolean read;

      skip_blanks (&lx);
      if (at_end (&lx))
        break;
      index.offset = lx.p - lx.text;
      index.line = lx.line;
      game_init (&game, self, FALSE);
      read = read_game (&game, &lx, &error_line, &error);
      index.tags = g_steal_pointer (&game.tags);
      if (game.seen || !read)
        g_array_append_val (self->games, index);
      else
        g_ptr_array_unref (index.tags);
      game_clear (&game);
      if (!read)
        skip_to_next_tags (&lx, &index, error_line);
    }
  self->end_line = lx.line;
}

/**
 * catur_pgn_reader_new:
 * @variant: the game the file is of
 * @dialect: the game's PGN
 * @data: (array length=length): the file's bytes
 * @length: how many
 * @user_data: given to @dialect's @read_move
 * @error: a %CATUR_RECORD_ERROR_ENCODING when the bytes are no text (catur_pgn_decode())
 *
 * Splits a PGN file into its games. A file of no game at all (empty, or only comments) has
 * none.
 *
 * Returns: (transfer full) (nullable): the reader, or %NULL with @error set
 */
CaturPgnReader *
catur_pgn_reader_new (CaturVariant           *variant,
                      const CaturPgnDialect  *dialect,
                      const char             *data,
                      gsize                   length,
                      gpointer                user_data,
                      GError                **error)
{
  CaturPgnReader *self;
  char *text;
  gsize text_length = 0;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (dialect != NULL && dialect->read_move != NULL, NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  text = catur_pgn_decode (data, length, dialect->encodings, &text_length, error);
  if (text == NULL)
    return NULL;

  self = g_new0 (CaturPgnReader, 1);
  self->variant = g_object_ref (variant);
  self->dialect = dialect;
  self->user_data = user_data;
  self->text = text;
  self->length = text_length;
  self->games = g_array_new (FALSE, FALSE, sizeof (GameIndex));
  g_array_set_clear_func (self->games, game_index_clear);
  index_games (self);
  return self;
}

void
catur_pgn_reader_free (CaturPgnReader *self)
{
  if (self == NULL)
    return;
  g_object_unref (self->variant);
  g_free (self->text);
  g_array_unref (self->games);
  g_free (self);
}

/* Returns: the games the file holds, read or not */
guint
catur_pgn_reader_get_n_games (CaturPgnReader *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->games->len;
}

/* Returns: the line the game starts on, counted from 1 */
guint
catur_pgn_reader_get_game_line (CaturPgnReader *self,
                                guint           game)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (game < self->games->len, 0);

  return g_array_index (self->games, GameIndex, game).line;
}

/**
 * catur_pgn_reader_get_game_tag:
 * @game: the game, from 0
 * @name: a tag's name
 *
 * A tag as the file gives it (the last, if given twice), unchecked: for a list to pick a
 * game from, before reading it.
 *
 * Returns: (nullable): the tag's value
 */
const char *
catur_pgn_reader_get_game_tag (CaturPgnReader *self,
                               guint           game,
                               const char     *name)
{
  GPtrArray *tags;
  const char *value = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (game < self->games->len, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  tags = g_array_index (self->games, GameIndex, game).tags;
  for (guint i = 0; tags != NULL && i + 1 < tags->len; i += 2)
    if (g_str_equal (g_ptr_array_index (tags, i), name))
      value = g_ptr_array_index (tags, i + 1);
  return value;
}

/**
 * catur_pgn_reader_read_game:
 * @game: the game, from 0
 * @error: a %CATUR_RECORD_ERROR naming the line
 *
 * Reads one game of the file: its tags (but the dialect's own, and PGN's "unknown" values),
 * its start position, its moves (each read by the dialect and played), its comments, and its
 * result as the `Result` tag when the tags have none. Variations, NAGs and annotation marks
 * are read and left out.
 *
 * Returns: (transfer full) (nullable): the record, or %NULL with @error set
 */
/* A game won because the other player left it (CATUR_REASON_ABANDONED) is, in PGN's words,
 * its Result and the Termination tag's standard value "abandoned", for every game's PGN. The
 * tag read becomes the record's outcome, so that the reopened game ends as it did; a file
 * without it reads as before. */
#define TERMINATION_TAG "Termination"
#define ABANDONED "abandoned"

static void
abandoned_to_outcome (CaturRecord *record)
{
  const char *termination = catur_record_get_tag (record, TERMINATION_TAG);
  const char *result = catur_record_get_tag (record, "Result");
  CaturOutcome outcome;

  if (termination == NULL || result == NULL || g_ascii_strcasecmp (termination, ABANDONED) != 0
      || !(g_str_equal (result, "1-0") || g_str_equal (result, "0-1")))
    return;
  catur_outcome_init (&outcome);
  outcome.result = CATUR_RESULT_WIN;
  outcome.winner = result[0] == '1' ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
  outcome.reason = CATUR_REASON_ABANDONED;
  catur_record_set_outcome (record, &outcome);
  catur_record_set_tag (record, TERMINATION_TAG, NULL);
}

CaturRecord *
catur_pgn_reader_read_game (CaturPgnReader  *self,
                            guint            game,
                            GError         **error)
{
  const GameIndex *index;
  const char * const *own;
  guint error_line = 0;
  Game state;
  Lexer lx;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (game < self->games->len, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  index = &g_array_index (self->games, GameIndex, game);
  lx.text = self->text;
  lx.end = self->text + self->length;
  lx.p = self->text + index->offset;
  lx.line = index->line;

  game_init (&state, self, TRUE);
  if (!read_game (&state, &lx, &error_line, error))
    {
      game_clear (&state);
      return NULL;
    }
  if (!begin_movetext (&state, lx.line, error))
    {
      game_clear (&state);
      return NULL;
    }
  own = self->dialect->own_tags;
  for (guint i = 0; own != NULL && own[i] != NULL; i++)
    catur_record_set_tag (state.record, own[i], NULL);

  if (state.n_moves == 0 && !state.named)
    {
      g_auto(GStrv) names = catur_record_dup_tag_names (state.record);

      if (names[0] == NULL)
        {
          /* Nothing at all: only blanks, comments, or tags of no value. */
          game_clear (&state);
          fail (error, CATUR_RECORD_ERROR_SYNTAX, lx.line, _("the file holds no game"));
          return NULL;
        }
    }

  {
    CaturRecord *record = g_steal_pointer (&state.record);

    game_clear (&state);
    abandoned_to_outcome (record);
    return record;
  }
}

/**
 * catur_pgn_reader_read_all:
 * @errors: (out) (optional) (transfer full) (element-type GError): the errors of the games
 *   that do not read, each naming its line
 *
 * Reads every game of the file.
 *
 * Returns: (transfer full) (element-type CaturRecord): the games that read, in file order
 */
GPtrArray *
catur_pgn_reader_read_all (CaturPgnReader  *self,
                           GPtrArray      **errors)
{
  GPtrArray *records;

  g_return_val_if_fail (self != NULL, NULL);

  records = g_ptr_array_new_with_free_func (g_object_unref);
  if (errors != NULL)
    *errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  for (guint i = 0; i < self->games->len; i++)
    {
      GError *error = NULL;
      CaturRecord *record = catur_pgn_reader_read_game (self, i, &error);

      if (record != NULL)
        g_ptr_array_add (records, record);
      else if (errors != NULL)
        g_ptr_array_add (*errors, error);
      else
        g_error_free (error);
    }
  return records;
}

/* The score_record() of a PGN needs no more than its first game: this much of the file,
 * cut after a line. */
#define SCORE_PREFIX (16 * 1024)

/**
 * catur_pgn_score:
 * @variant: the game
 * @dialect: its PGN
 * @data: a file's bytes, any at all
 * @length: how many
 * @user_data: what the dialect's functions get
 *
 * How much a file looks like a PGN record of @variant, for the variant's score_record(): by
 * the first game's `Game` or `Variant` tag when it has one (%CATUR_RECORD_SCORE_MINE or
 * %CATUR_RECORD_SCORE_NOT_MINE), else by its moves as the dialect reads them: all of them
 * read scores high, a move in the game's notation that is not legal where it stands less,
 * a first move in no notation of the game low. Only the first game is read, and not more than
 * the first 16 KiB.
 *
 * Returns: the score
 */
guint
catur_pgn_score (CaturVariant          *variant,
                 const CaturPgnDialect *dialect,
                 const char            *data,
                 gsize                  length,
                 gpointer               user_data)
{
  g_autoptr(CaturPgnReader) reader = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), CATUR_RECORD_SCORE_NOT_MINE);
  g_return_val_if_fail (dialect != NULL, CATUR_RECORD_SCORE_NOT_MINE);
  g_return_val_if_fail (data != NULL || length == 0, CATUR_RECORD_SCORE_NOT_MINE);

  if (length > SCORE_PREFIX)
    {
      const char *newline = NULL;

      for (gsize i = SCORE_PREFIX; i > 0 && newline == NULL; i--)
        if (data[i - 1] == '\n')
          newline = data + i;
      length = newline != NULL ? (gsize) (newline - data) : SCORE_PREFIX;
    }
  reader = catur_pgn_reader_new (variant, dialect, data, length, user_data, NULL);
  if (reader == NULL)
    return CATUR_RECORD_SCORE_NOT_MINE;
  /* Text that is no PGN at all says nothing about the game. */
  if (reader->games->len == 0)
    return CATUR_RECORD_SCORE_UNKNOWN;
  name = catur_pgn_reader_get_game_tag (reader, 0, "Variant");
  if (name == NULL)
    name = catur_pgn_reader_get_game_tag (reader, 0, "Game");
  if (name != NULL && dialect->game_names != NULL)
    return names_game (dialect, name) ? CATUR_RECORD_SCORE_MINE : CATUR_RECORD_SCORE_NOT_MINE;

  record = catur_pgn_reader_read_game (reader, 0, &error);
  if (record != NULL)
    return catur_record_get_n_moves (record) > 0 ? 90 : CATUR_RECORD_SCORE_UNKNOWN;
  if (error->domain != CATUR_RECORD_ERROR)
    return CATUR_RECORD_SCORE_UNKNOWN;
  switch (error->code)
    {
    case CATUR_RECORD_ERROR_OTHER_GAME:
      return CATUR_RECORD_SCORE_NOT_MINE + 5;
    case CATUR_RECORD_ERROR_INVALID_MOVE:
      return CATUR_RECORD_SCORE_NOT_MINE + 30;
    case CATUR_RECORD_ERROR_ILLEGAL_MOVE:
      return 70;
    default:
      return CATUR_RECORD_SCORE_UNKNOWN;
    }
}

/**
 * catur_pgn_read_games:
 * @variant: the game the file is of
 * @dialect: the game's PGN
 * @data: (array length=length): the file's bytes
 * @length: how many
 * @user_data: given to @dialect's @read_move
 * @error: a %CATUR_RECORD_ERROR naming the line
 *
 * Reads every game of a PGN file, for a variant's read_records(): the games that read, in the
 * file's order; one that does not is left out.
 *
 * Returns: (transfer full) (element-type CaturRecord) (nullable): at least one record, or
 *   %NULL with @error set to the first game's error when none reads
 */
GPtrArray *
catur_pgn_read_games (CaturVariant           *variant,
                      const CaturPgnDialect  *dialect,
                      const char             *data,
                      gsize                   length,
                      gpointer                user_data,
                      GError                **error)
{
  g_autoptr(CaturPgnReader) reader = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) errors = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  reader = catur_pgn_reader_new (variant, dialect, data, length, user_data, error);
  if (reader == NULL)
    return NULL;
  if (reader->games->len == 0)
    {
      fail (error, CATUR_RECORD_ERROR_SYNTAX, reader->end_line, _("the file holds no game"));
      return NULL;
    }
  records = catur_pgn_reader_read_all (reader, &errors);
  if (records->len == 0)
    {
      g_propagate_error (error, g_ptr_array_steal_index (errors, 0));
      return NULL;
    }
  return g_steal_pointer (&records);
}

/**
 * catur_pgn_read:
 * @variant: the game the file is of
 * @dialect: the game's PGN
 * @data: (array length=length): the file's bytes
 * @length: how many
 * @user_data: given to @dialect's @read_move
 * @error: a %CATUR_RECORD_ERROR naming the line
 *
 * Reads the first game of a PGN file (see catur_pgn_reader_read_game()).
 *
 * Returns: (transfer full) (nullable): the record, or %NULL with @error set
 */
CaturRecord *
catur_pgn_read (CaturVariant           *variant,
                const CaturPgnDialect  *dialect,
                const char             *data,
                gsize                   length,
                gpointer                user_data,
                GError                **error)
{
  g_autoptr(CaturPgnReader) reader = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  reader = catur_pgn_reader_new (variant, dialect, data, length, user_data, error);
  if (reader == NULL)
    return NULL;
  if (reader->games->len == 0)
    {
      fail (error, CATUR_RECORD_ERROR_SYNTAX, reader->end_line, _("the file holds no game"));
      return NULL;
    }
  return catur_pgn_reader_read_game (reader, 0, error);
}

/**
 * catur_pgn_read_position_file:
 * @variant: the game
 * @data: (array length=length): the file's bytes
 * @length: how many
 * @encodings: the encodings to try besides UTF-8
 * @error: a %CATUR_RECORD_ERROR naming the line
 *
 * Reads a position file (`.fen`, `.sfen`): the position text on its first line that is not
 * blank, in the variant's format. Not PGN, but the same text, and the same care.
 *
 * Returns: (transfer full) (nullable): a record of no moves from the position, or %NULL
 *   with @error set
 */
CaturRecord *
catur_pgn_read_position_file (CaturVariant       *variant,
                              const char         *data,
                              gsize               length,
                              CaturPgnEncodings   encodings,
                              GError            **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  text = catur_pgn_decode (data, length, encodings, NULL, error);
  if (text == NULL)
    return NULL;

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) position_error = NULL;
      CaturPosition *position;

      g_strstrip (lines[i]);
      if (*lines[i] == '\0')
        continue;
      position = catur_variant_parse (variant, lines[i], &position_error);
      if (position == NULL)
        {
          fail (error, CATUR_RECORD_ERROR_POSITION, i + 1, "%s", position_error->message);
          return NULL;
        }
      return catur_record_new (variant, position);
    }
  fail (error, CATUR_RECORD_ERROR_SYNTAX, 1, _("the file holds no position"));
  return NULL;
}

/**
 * catur_pgn_score_position_file:
 * @variant: the game
 * @data: a file's bytes, any at all
 * @length: how many
 * @encodings: the encodings to try besides UTF-8
 *
 * How much a file looks like a position file of @variant (catur_pgn_read_position_file()),
 * for the variant's score_record(): high when its position text parses.
 *
 * Returns: the score
 */
guint
catur_pgn_score_position_file (CaturVariant      *variant,
                               const char        *data,
                               gsize              length,
                               CaturPgnEncodings  encodings)
{
  g_autoptr(CaturRecord) record = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), CATUR_RECORD_SCORE_NOT_MINE);

  /* A position is one line: a long file is something else. */
  if (length > SCORE_PREFIX)
    return CATUR_RECORD_SCORE_NOT_MINE;
  record = catur_pgn_read_position_file (variant, data, length, encodings, NULL);
  return record != NULL ? 90 : CATUR_RECORD_SCORE_NOT_MINE + 10;
}

/* ------------------------------------------------------------------------------------ */
/* Writing                                                                              */

static void
append_tag (GString    *out,
            const char *name,
            const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      /* A tag is one line of printable text. */
      g_string_append_c (out, (guchar) *p < 0x20 || *p == 0x7f ? ' ' : *p);
    }
  g_string_append (out, "\"]\n");
}

/* Appends a word to the movetext, starting a new line before it would pass LINE_WIDTH. */
static void
append_word (GString    *out,
             gsize      *line_start,
             const char *word)
{
  if (out->len > *line_start)
    {
      if (g_utf8_strlen (out->str + *line_start, -1) + 1 + g_utf8_strlen (word, -1) > LINE_WIDTH)
        {
          g_string_append_c (out, '\n');
          *line_start = out->len;
        }
      else
        g_string_append_c (out, ' ');
    }
  g_string_append (out, word);
}

static void
append_brace_comment (GString    *out,
                      gsize      *line_start,
                      const char *text,
                      gsize       length)
{
  g_autofree char *word = g_strdup_printf ("{%.*s}", (int) length, text);

  append_word (out, line_start, word);
  if (strchr (word, '\n') != NULL)
    *line_start = out->len - strlen (strrchr (word, '\n'));
}

/* PGN has no escape inside braces, but a `;` comment runs to the end of its line whatever it
 * holds: a line of the comment that has a closing brace is written so, on a line of its own,
 * and the runs of lines between them in braces. The reader joins the comments of one place a
 * line apart, so the comment reads back the same, but for blanks at the ends of the lines
 * with a brace and blank lines next to them. */
static void
append_comment (GString    *out,
                gsize      *line_start,
                const char *comment)
{
  const char *run = comment;

  while (*run != '\0')
    {
      const char *brace = strchr (run, '}');
      const char *line, *end;

      if (brace == NULL)
        {
          append_brace_comment (out, line_start, run, strlen (run));
          return;
        }
      for (line = brace; line > run && line[-1] != '\n'; line--)
        ;
      end = strchr (brace, '\n');
      if (end == NULL)
        end = brace + strlen (brace);
      if (line > run + 1)
        append_brace_comment (out, line_start, run, line - 1 - run);
      {
        g_autofree char *text = g_strndup (line, end - line);
        g_autofree char *word = g_strconcat ("; ", g_strstrip (text), NULL);

        append_word (out, line_start, word);
        g_string_append_c (out, '\n');
        *line_start = out->len;
      }
      run = *end == '\n' ? end + 1 : end;
    }
}

/* Whether the record starts elsewhere than the variant's standard start. */
static gboolean
has_own_start (CaturRecord *record)
{
  CaturVariant *variant = catur_record_get_variant (record);
  g_autoptr(CaturPosition) standard = catur_variant_new_position (variant, NULL, 0);
  g_autofree char *standard_text = catur_variant_format (variant, standard);
  g_autofree char *start_text = catur_variant_format (variant, catur_record_get_start (record));

  return !g_str_equal (standard_text, start_text);
}

static void
append_tags (GString               *out,
             CaturRecord           *record,
             const CaturPgnDialect *dialect,
             const char * const    *extra_tags)
{
  const char * const *roster = dialect->roster;
  g_auto(GStrv) names = catur_record_dup_tag_names (record);

  for (guint i = 0; roster != NULL && roster[i] != NULL && roster[i + 1] != NULL; i += 2)
    {
      const char *value = catur_record_get_tag (record, roster[i]);

      if (value == NULL || *value == '\0' || in_list (dialect->own_tags, roster[i]))
        value = roster[i + 1];
      append_tag (out, roster[i], value);
    }
  for (guint i = 0; names[i] != NULL; i++)
    {
      gboolean listed = in_list (dialect->own_tags, names[i]);

      for (guint j = 0; roster != NULL && roster[j] != NULL && roster[j + 1] != NULL; j += 2)
        listed = listed || g_str_equal (names[i], roster[j]);
      if (!listed)
        append_tag (out, names[i], catur_record_get_tag (record, names[i]));
    }
  if (has_own_start (record))
    {
      CaturVariant *variant = catur_record_get_variant (record);
      g_autofree char *fen = catur_variant_format (variant, catur_record_get_start (record));

      if (dialect->setup_tag != NULL)
        append_tag (out, dialect->setup_tag, "1");
      append_tag (out, "FEN", fen);
    }
  for (guint i = 0; extra_tags != NULL && extra_tags[i] != NULL && extra_tags[i + 1] != NULL;
       i += 2)
    append_tag (out, extra_tags[i], extra_tags[i + 1]);
  if (catur_record_get_outcome (record)->reason == CATUR_REASON_ABANDONED
      && catur_record_get_outcome (record)->result == CATUR_RESULT_WIN
      && catur_record_get_tag (record, TERMINATION_TAG) == NULL)
    append_tag (out, TERMINATION_TAG, ABANDONED);
}

/**
 * catur_pgn_write:
 * @record: a record whose moves are legal
 * @dialect: the game's PGN
 * @first_move_number: the move number of the start position (its FEN's)
 * @extra_tags: (nullable): tags to write after the others: name, value, name, value…,
 *   %NULL (the notation the moves are written in)
 * @user_data: given to @dialect's @write_move
 *
 * Writes a record as PGN: the @roster's tags, the record's others in their order but the
 * dialect's own, `FEN` (after `SetUp`) when the start is not the standard one, the
 * @extra_tags; then the movetext: the comment before the first move, each move with its
 * number (`12.` before the first side's, `12...` before the second side's when it opens the
 * movetext or follows a comment; none before a ply that goes on its side's turn, as the
 * captures of a Banqi chain do) and the comment after it (in braces, but for its lines
 * with a closing brace, which are `;` comments of their own lines), in lines of at most 79
 * columns, and the result token (the `Result` tag's, or `*`).
 *
 * Returns: (transfer full): the text, UTF-8
 */
char *
catur_pgn_write (CaturRecord           *record,
                 const CaturPgnDialect *dialect,
                 guint                  first_move_number,
                 const char * const    *extra_tags,
                 gpointer               user_data)
{
  CaturVariant *variant;
  g_autoptr(CaturPosition) position = NULL;
  GString *out;
  const char *comment, *result;
  guint number = first_move_number;
  CaturSide previous = CATUR_SIDE_NONE;
  gsize line_start;

  g_return_val_if_fail (CATUR_IS_RECORD (record), NULL);
  g_return_val_if_fail (dialect != NULL && dialect->write_move != NULL, NULL);

  variant = catur_record_get_variant (record);
  position = catur_position_copy (catur_record_get_start (record));
  out = g_string_new (NULL);
  append_tags (out, record, dialect, extra_tags);
  g_string_append_c (out, '\n');

  line_start = out->len;
  comment = catur_record_get_comment (record, 0);
  if (comment != NULL)
    append_comment (out, &line_start, comment);
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      CaturMove played = *move;  /* play() may complete it; the record's stays as it is */
      CaturSide side = catur_variant_side_to_move (variant, position);
      g_autofree char *text = dialect->write_move (record, position, move, user_data);
      g_autofree char *word = NULL;
      gboolean new_turn = side != previous;

      if (side == CATUR_SIDE_SECOND && (i == 0 || catur_record_get_comment (record, i) != NULL))
        word = g_strdup_printf ("%u... %s", number, text);
      else if (side != CATUR_SIDE_SECOND && new_turn)
        word = g_strdup_printf ("%u. %s", number, text);
      else
        word = g_strdup (text);
      append_word (out, &line_start, word);
      catur_variant_play (variant, position, &played);
      /* A full move ends with the second side's turn, however many plies it took. */
      if (side == CATUR_SIDE_SECOND
          && catur_variant_side_to_move (variant, position) != CATUR_SIDE_SECOND)
        number++;
      previous = side;

      comment = catur_record_get_comment (record, i + 1);
      if (comment != NULL)
        append_comment (out, &line_start, comment);
    }
  /* The movetext ends with a result token, which must be one a reader knows. */
  result = catur_record_get_tag (record, "Result");
  append_word (out, &line_start,
               result != NULL && is_result (result, strlen (result)) ? result : "*");
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}
