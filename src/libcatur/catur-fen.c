/* catur-fen.c: position texts of the FEN family (FEN, SFEN, BFEN), field by field
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every game writes its positions as blank-separated fields, the first a board of ranks
 * separated by `/` with digits for runs of empty squares. The games differ in their letters,
 * their board sizes and what their other fields hold; the splitting, the board and the
 * counters, and the messages that say which field is wrong, are the same and live here.
 *
 * Input may be anything a user pastes, so nothing here trusts a length or a character, and
 * no message quotes raw input (it may not be UTF-8): a message names the field, the rank
 * and at most one ASCII letter.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

/* Counting the files of a rank saturates here: enough for a message, no overflow. */
#define MAX_COUNT 99999

G_DEFINE_QUARK (catur-fen-error-quark, catur_fen_error)

static const char *
field_name (const CaturFenFields *fields,
            guint                 index)
{
  const char * const *names = fields->format->field_names;

  if (names == NULL || names[index] == NULL)
    return "";
  return _(names[index]);
}

/* "Field 2 (side to move): <what is wrong>" */
static gboolean G_GNUC_PRINTF (4, 5)
field_error (GError               **error,
             const CaturFenFields  *fields,
             guint                  index,
             const char            *format,
             ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: "Field 2 (side to move): must be “w” or “b”" */
  g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX, _("Field %u (%s): %s"),
               index + 1, field_name (fields, index), what);
  return FALSE;
}

/* An absent field is fine unless the format needs it. */
static gboolean
check_absent (const CaturFenFields  *fields,
              guint                  index,
              GError               **error)
{
  if (index < fields->format->min_fields)
    {
      /* Translators: "Field 2 (side to move) is missing" */
      g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX, _("Field %u (%s) is missing"),
                   index + 1, field_name (fields, index));
      return FALSE;
    }
  return TRUE;
}

/**
 * catur_fen_split:
 * @fields: (out caller-allocates): where the fields go
 * @format: the game's position text format
 * @text: (nullable): the text: fields separated by any ASCII blanks, blanks around ignored
 * @error: a %CATUR_FEN_ERROR_SYNTAX when the text is empty, longer than
 *   %CATUR_FEN_MAX_LENGTH or has more than @format's @max_fields fields
 *
 * Splits a position text into its fields. Fewer fields than @max_fields are no error here:
 * the readers of the fields report a missing one. @fields needs catur_fen_fields_clear()
 * afterwards, whether or not this fails.
 *
 * Returns: %TRUE when the text has one to @max_fields fields
 */
gboolean
catur_fen_split (CaturFenFields        *fields,
                 const CaturFenFormat  *format,
                 const char            *text,
                 GError               **error)
{
  gsize length;
  char *p;

  g_return_val_if_fail (fields != NULL, FALSE);
  g_return_val_if_fail (format != NULL, FALSE);
  g_return_val_if_fail (format->max_fields >= 1 && format->max_fields <= CATUR_FEN_MAX_FIELDS,
                        FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (fields, 0, sizeof *fields);
  fields->format = format;
  if (text == NULL)
    text = "";

  for (length = 0; text[length] != '\0'; length++)
    if (length == CATUR_FEN_MAX_LENGTH)
      {
        /* Translators: %s is the format's name: "The FEN is too long to be a position" */
        g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX,
                     _("The %s is too long to be a position"), format->name);
        return FALSE;
      }

  fields->buffer = g_strndup (text, length);
  for (p = fields->buffer; *p != '\0';)
    {
      if (g_ascii_isspace (*p))
        {
          p++;
          continue;
        }
      if (fields->n_fields == format->max_fields)
        {
          /* Translators: "The FEN has text after field 6 (move number)" */
          g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX,
                       _("The %s has text after field %u (%s)"), format->name, format->max_fields,
                       field_name (fields, format->max_fields - 1));
          catur_fen_fields_clear (fields);
          return FALSE;
        }
      fields->fields[fields->n_fields++] = p;
      while (*p != '\0' && !g_ascii_isspace (*p))
        p++;
      if (*p != '\0')
        *p++ = '\0';
    }

  if (fields->n_fields == 0)
    {
      /* Translators: %s is the format's name: "The FEN is empty" */
      g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX, _("The %s is empty"),
                   format->name);
      catur_fen_fields_clear (fields);
      return FALSE;
    }
  return TRUE;
}

/**
 * catur_fen_fields_clear:
 *
 * Frees what catur_fen_split() kept; @fields may be split again afterwards.
 */
void
catur_fen_fields_clear (CaturFenFields *fields)
{
  const CaturFenFormat *format;

  g_return_if_fail (fields != NULL);

  format = fields->format;
  g_free (fields->buffer);
  memset (fields, 0, sizeof *fields);
  fields->format = format;
}

/**
 * catur_fen_get_field:
 * @index: the field, counted from 0 (messages count from 1)
 *
 * Returns: (nullable): the field, or %NULL when the text has no such field
 */
const char *
catur_fen_get_field (const CaturFenFields *fields,
                     guint                 index)
{
  g_return_val_if_fail (fields != NULL, NULL);

  return index < fields->n_fields ? fields->fields[index] : NULL;
}

/* Whether @field is one of the `|`-separated spellings in @choice. */
static gboolean
choice_matches (const char *choice,
                const char *field)
{
  gsize length = strlen (field);

  for (const char *p = choice; p != NULL;)
    {
      const char *bar = strchr (p, '|');
      gsize choice_length = bar != NULL ? (gsize) (bar - p) : strlen (p);

      if (choice_length == length && strncmp (p, field, length) == 0)
        return TRUE;
      p = bar != NULL ? bar + 1 : NULL;
    }
  return FALSE;
}

/* “w” or “b”; “r”, “b” or “f”: the first spelling of each choice. */
static char *
list_choices (const char * const *choices)
{
  g_autoptr(GString) head = g_string_new (NULL);
  guint n = g_strv_length ((char **) choices);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *first = g_strndup (choices[i], strcspn (choices[i], "|"));

      if (i == n - 1 && n > 1)
        {
          g_autofree char *last = g_strdup_printf ("“%s”", first);

          /* Translators: the last two of a list of choices: "“w” or “b”" */
          return g_strdup_printf (_("%s or %s"), head->str, last);
        }
      if (i > 0)
        g_string_append (head, ", ");
      g_string_append_printf (head, "“%s”", first);
    }
  return g_strdup (head->str);
}

/**
 * catur_fen_read_choice:
 * @index: the field, from 0
 * @choices: a %NULL-terminated list of choices, each one or more spellings separated by `|`
 *   (`"w|r"`, `"b"`); messages give the first spelling of each
 * @choice: (inout): set to the index of the choice the field spells; left alone when the text
 *   has no such field and the format does not need it
 *
 * Reads a field that is one of a few words: the side to move, a `-` that a game leaves unused.
 *
 * Returns: %FALSE with a %CATUR_FEN_ERROR_SYNTAX when the field spells none of @choices or is
 *   missing
 */
gboolean
catur_fen_read_choice (const CaturFenFields  *fields,
                       guint                  index,
                       const char * const    *choices,
                       guint                 *choice,
                       GError               **error)
{
  const char *field;
  g_autofree char *listed = NULL;

  g_return_val_if_fail (fields != NULL && fields->format != NULL, FALSE);
  g_return_val_if_fail (choices != NULL && choices[0] != NULL, FALSE);
  g_return_val_if_fail (choice != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  field = catur_fen_get_field (fields, index);
  if (field == NULL)
    return check_absent (fields, index, error);

  for (guint i = 0; choices[i] != NULL; i++)
    if (choice_matches (choices[i], field))
      {
        *choice = i;
        return TRUE;
      }

  listed = list_choices (choices);
  /* Translators: part of "Field 2 (side to move): must be “w” or “b”" */
  return field_error (error, fields, index, _("must be %s"), listed);
}

/**
 * catur_fen_read_number:
 * @index: the field, from 0
 * @min: the least value allowed
 * @max: the greatest value allowed
 * @value: (inout): set to the number; left alone when the text has no such field and the
 *   format does not need it
 *
 * Reads a counter: decimal digits only, so that `+1`, `1e3` or `0x10` are no numbers.
 *
 * Returns: %FALSE with a %CATUR_FEN_ERROR_SYNTAX when the field is no number from @min to
 *   @max, or is missing
 */
gboolean
catur_fen_read_number (const CaturFenFields  *fields,
                       guint                  index,
                       guint                  min,
                       guint                  max,
                       guint                 *value,
                       GError               **error)
{
  const char *field;
  guint64 number = 0;
  gsize i;

  g_return_val_if_fail (fields != NULL && fields->format != NULL, FALSE);
  g_return_val_if_fail (min <= max, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  field = catur_fen_get_field (fields, index);
  if (field == NULL)
    return check_absent (fields, index, error);

  /* Ten digits hold any guint; more are out of range whatever they say. */
  for (i = 0; field[i] != '\0' && i <= 10; i++)
    {
      if (!g_ascii_isdigit (field[i]))
        break;
      number = number * 10 + (guint64) (field[i] - '0');
    }
  if (i == 0 || i > 10 || field[i] != '\0' || number < min || number > max)
    /* Translators: part of "Field 5 (plies since the last capture): must be a number from 0
     * to 65535" */
    return field_error (error, fields, index, _("must be a number from %u to %u"), min, max);

  *value = (guint) number;
  return TRUE;
}

static void
append_run (GString *out,
            guint    empty)
{
  if (empty < 10)
    g_string_append_c (out, (char) ('0' + empty));
  else
    g_string_append_printf (out, "%u", empty);
}

static void
rank_name (const CaturFenBoard *board,
           guint                rank,
           char                 name[16])
{
  if (board->rank_names != NULL)
    g_strlcpy (name, board->rank_names[rank], 16);
  else
    g_snprintf (name, 16, "%u", rank + 1);
}

/**
 * catur_fen_read_board:
 * @index: the field of the board, from 0
 * @board: the game's board
 * @squares: (out caller-allocates) (array): @board's files × ranks pieces, indexed by
 *   #CaturSquare; empty squares get kind 0
 * @user_data: given to @board's @read_piece
 *
 * Reads a board field (see #CaturFenBoard) into @squares, checking the count of files in each
 * rank and the count of ranks.
 *
 * Returns: %FALSE with a %CATUR_FEN_ERROR_SYNTAX naming the field and the rank when the field
 *   does not read
 */
gboolean
catur_fen_read_board (const CaturFenFields  *fields,
                      guint                  index,
                      const CaturFenBoard   *board,
                      CaturPiece            *squares,
                      gpointer               user_data,
                      GError               **error)
{
  const char *field;
  guint rank, file = 0;
  gboolean wide;
  char name[16];

  g_return_val_if_fail (fields != NULL && fields->format != NULL, FALSE);
  g_return_val_if_fail (board != NULL && board->read_piece != NULL, FALSE);
  g_return_val_if_fail (board->files >= 1 && board->ranks >= 1, FALSE);
  g_return_val_if_fail (board->files * board->ranks <= 255, FALSE);
  g_return_val_if_fail (squares != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (squares, 0, board->files * board->ranks * sizeof (CaturPiece));
  field = catur_fen_get_field (fields, index);
  if (field == NULL)
    return check_absent (fields, index, error);

  wide = board->files > 9;
  rank = board->ranks - 1;
  for (const char *p = field;; p++)
    {
      char c = *p, prefix = 0;
      char letters[3] = "";
      CaturPiece piece = { 0, 0, 0 };

      if (c == '/' || c == '\0')
        {
          if (file != board->files)
            {
              rank_name (board, rank, name);
              /* Translators: part of "Field 1 (board): rank 9 has 10 files instead of 9" */
              return field_error (error, fields, index, _("rank %s has %u files instead of %u"),
                                  name, file, board->files);
            }
          if (c == '\0')
            break;
          if (rank == 0)
            /* Translators: part of "Field 1 (board): more than 10 ranks" */
            return field_error (error, fields, index, _("more than %u ranks"), board->ranks);
          rank--;
          file = 0;
          continue;
        }

      if (c >= '1' && c <= '9')
        {
          guint run = (guint) (c - '0');

          /* Counting past the last file lets the message say how long the rank really is. */
          while (wide && g_ascii_isdigit (p[1]))
            {
              run = MIN (run * 10 + (guint) (p[1] - '0'), MAX_COUNT);
              p++;
            }
          file = MIN (file + run, MAX_COUNT);
          continue;
        }

      rank_name (board, rank, name);
      if (board->prefixes != NULL && strchr (board->prefixes, c) != NULL)
        {
          prefix = c;
          c = *++p;
          if (c == '\0' || c == '/' || g_ascii_isdigit (c) || !g_ascii_isgraph (c)
              || strchr (board->prefixes, c) != NULL)
            /* Translators: part of "Field 1 (board): rank c has “+” before no piece letter" */
            return field_error (error, fields, index, _("rank %s has “%c” before no piece letter"),
                                name, prefix);
        }
      if (!g_ascii_isgraph (c))
        /* Translators: part of "Field 1 (board): rank 5 has an unexpected character" */
        return field_error (error, fields, index, _("rank %s has an unexpected character"), name);

      if (g_ascii_isdigit (c) || !board->read_piece (prefix, c, &piece, user_data)
          || piece.kind == 0)
        {
          letters[0] = prefix != 0 ? prefix : c;
          letters[1] = prefix != 0 ? c : '\0';
          /* Translators: part of "Field 1 (board): rank 5 has an unknown piece letter “x”" */
          return field_error (error, fields, index, _("rank %s has an unknown piece letter “%s”"),
                              name, letters);
        }
      if (file < board->files)
        squares[rank * board->files + file] = piece;
      file = MIN (file + 1, MAX_COUNT);
    }

  if (rank != 0)
    /* Translators: part of "Field 1 (board): 9 ranks instead of 10" */
    return field_error (error, fields, index, _("%u ranks instead of %u"), board->ranks - rank,
                        board->ranks);
  return TRUE;
}

/**
 * catur_fen_append_board:
 * @out: where the field goes
 * @board: the game's board
 * @squares: (array): @board's files × ranks pieces, indexed by #CaturSquare (kind 0 = empty)
 * @user_data: given to @board's @write_piece
 *
 * Writes a board field, as catur_fen_read_board() reads it back.
 */
void
catur_fen_append_board (GString             *out,
                        const CaturFenBoard *board,
                        const CaturPiece    *squares,
                        gpointer             user_data)
{
  g_return_if_fail (out != NULL);
  g_return_if_fail (board != NULL && board->write_piece != NULL);
  g_return_if_fail (squares != NULL);

  for (guint rank = board->ranks; rank-- > 0;)
    {
      guint empty = 0;

      for (guint file = 0; file < board->files; file++)
        {
          const CaturPiece *piece = &squares[rank * board->files + file];
          char prefix = 0, letter = '?';

          if (piece->kind == 0)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            append_run (out, empty);
          empty = 0;
          board->write_piece (piece, &prefix, &letter, user_data);
          if (prefix != 0)
            g_string_append_c (out, prefix);
          g_string_append_c (out, letter);
        }
      if (empty > 0)
        append_run (out, empty);
      if (rank > 0)
        g_string_append_c (out, '/');
    }
}
