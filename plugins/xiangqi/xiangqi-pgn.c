/* xiangqi-pgn.c: Xiangqi game records and Chinese move notation (RULES.md X28–X29)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Files come from anywhere (databases, web pages, other programs, a fuzzer), so the
 * reader trusts nothing: every length is bounded, every move is played through the rules,
 * and an error names the line where the text went wrong. Text is converted to UTF-8
 * before anything else, so messages may quote it.
 *
 * Chinese notation is read the way xiangqi-notation.c reads WXF: every legal move of the
 * position is written in the notation and compared with the text. The writer is then the
 * only place that knows the marks for pieces sharing a file, and a text the reader takes
 * always names exactly one legal move.
 */

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xiangqi-pgn.h"

G_DEFINE_QUARK (xq-pgn-error-quark, xq_pgn_error)

/* A token longer than this is no move, tag name or number; messages quote at most this. */
#define MAX_QUOTE 24

static const char kind_letters[] = XQ_WXF_LETTERS;

/* ------------------------------------------------------------------------------------ */
/* The record                                                                           */

XqPgnGame *
xq_pgn_game_new (const XqPosition *start)
{
  XqPgnGame *game = g_new0 (XqPgnGame, 1);

  if (start != NULL)
    game->start = *start;
  else
    xq_position_init_start (&game->start);
  game->moves = g_array_new (FALSE, FALSE, sizeof (XqMove));
  game->comments = g_ptr_array_new_with_free_func (g_free);
  game->tag_names = g_ptr_array_new_with_free_func (g_free);
  game->tag_values = g_ptr_array_new_with_free_func (g_free);
  return game;
}

void
xq_pgn_game_free (XqPgnGame *game)
{
  if (game == NULL)
    return;
  g_array_unref (game->moves);
  g_ptr_array_unref (game->comments);
  g_ptr_array_unref (game->tag_names);
  g_ptr_array_unref (game->tag_values);
  g_free (game);
}

static int
tag_index (const XqPgnGame *game, const char *name)
{
  for (guint i = 0; i < game->tag_names->len; i++)
    if (g_str_equal (g_ptr_array_index (game->tag_names, i), name))
      return (int) i;
  return -1;
}

void
xq_pgn_game_set_tag (XqPgnGame *game, const char *name, const char *value)
{
  int i = tag_index (game, name);

  if (i >= 0)
    {
      g_free (g_ptr_array_index (game->tag_values, i));
      g_ptr_array_index (game->tag_values, i) = g_strdup (value);
      return;
    }
  g_ptr_array_add (game->tag_names, g_strdup (name));
  g_ptr_array_add (game->tag_values, g_strdup (value));
}

const char *
xq_pgn_game_get_tag (const XqPgnGame *game, const char *name)
{
  int i = tag_index (game, name);

  return i >= 0 ? g_ptr_array_index (game->tag_values, i) : NULL;
}

void
xq_pgn_game_set_comment (XqPgnGame *game, guint ply, const char *comment)
{
  if (ply >= game->comments->len)
    g_ptr_array_set_size (game->comments, ply + 1);
  g_free (g_ptr_array_index (game->comments, ply));
  g_ptr_array_index (game->comments, ply) = g_strdup (comment);
}

/* Several comments at one place are kept as one, a line apart. */
static void
add_comment (XqPgnGame *game, guint ply, const char *text, gsize length)
{
  g_autofree char *comment = g_strstrip (g_strndup (text, length));
  const char *old;

  if (*comment == '\0')
    return;
  old = ply < game->comments->len ? g_ptr_array_index (game->comments, ply) : NULL;
  if (old != NULL)
    {
      g_autofree char *joined = g_strconcat (old, "\n", comment, NULL);

      xq_pgn_game_set_comment (game, ply, joined);
    }
  else
    xq_pgn_game_set_comment (game, ply, comment);
}

void
xq_pgn_game_final_position (const XqPgnGame *game, XqPosition *out)
{
  *out = game->start;
  for (guint i = 0; i < game->moves->len; i++)
    xq_play (out, g_array_index (game->moves, XqMove, i));
}

/* ------------------------------------------------------------------------------------ */
/* Chinese notation                                                                     */

/* The move as four ASCII codes that stand for the Chinese characters: a piece letter
 * (K A E H R C P), a file digit, F/M/B for front/middle/rear (前 中 后), a digit for the
 * place among four or five pawns on a file, + - = for 进 退 平, and the number.
 * `form` 0 is the notation proper; 1 writes the file where a mark belongs; 2 marks the
 * outermost of four or five pawns 前/后 instead of by their place. */
static gboolean
chinese_code (const XqPosition *pos, XqMove move, int form, char code[5])
{
  int side, kind = xq_piece_at (pos, move.from, &side);
  int n, place;
  char letter, digit, mark;

  if (kind == XQ_NONE || move.to >= XQ_SQUARES)
    return FALSE;
  xq_move_to_wxf_plain (pos, move, code);
  letter = code[0];
  digit = code[1];

  /* Advisors and elephants are told apart by their direction, the general is alone. */
  if (form == 1 || kind == XQ_KING || kind == XQ_ADVISOR || kind == XQ_ELEPHANT)
    return TRUE;
  n = xq_file_mates (pos, move.from, &place);
  if (n < 2)
    return TRUE;

  if (n >= 4 && form != 2)
    mark = (char) ('1' + place);
  else if (n >= 4 && place != 0 && place != n - 1)
    mark = (char) ('1' + place);
  else
    mark = place == 0 ? 'F' : place == n - 1 ? 'B' : 'M';

  code[0] = mark;
  /* With tandem pawns on two files the file tells which file, and the letter goes. */
  code[1] = kind == XQ_PAWN && xq_tandem_pawn_files (pos, side) >= 2 ? digit : letter;
  return TRUE;
}

static const char * const red_numerals[] = {
  "", "一", "二", "三", "四", "五", "六", "七", "八", "九",
};
static const char * const black_numerals[] = {
  "", "１", "２", "３", "４", "５", "６", "７", "８", "９",
};

static const char *
piece_character (char letter, int side)
{
  static const char * const red[] = { "帅", "仕", "相", "马", "车", "炮", "兵" };
  static const char * const black[] = { "将", "士", "象", "马", "车", "炮", "卒" };
  const char *found = strchr (kind_letters + 1, letter);
  int kind = found != NULL && letter != '\0' ? (int) (found - kind_letters) : 0;

  if (kind < XQ_KING)
    return "?";
  return side == XQ_RED ? red[kind - 1] : black[kind - 1];
}

static void
render_chinese (const char *code, int side, char *buf)
{
  const char * const *numerals = side == XQ_RED ? red_numerals : black_numerals;
  GString *out = g_string_sized_new (XQ_CHINESE_MOVE_SIZE);

  switch (code[0])
    {
    case 'F': g_string_append (out, "前"); break;
    case 'M': g_string_append (out, "中"); break;
    case 'B': g_string_append (out, "后"); break;
    default:
      if (g_ascii_isdigit (code[0]))
        g_string_append (out, red_numerals[code[0] - '0']);  /* a place: 一兵 二兵 … */
      else
        g_string_append (out, piece_character (code[0], side));
    }
  if (g_ascii_isdigit (code[1]))
    g_string_append (out, numerals[code[1] - '0']);
  else
    g_string_append (out, piece_character (code[1], side));
  g_string_append (out, code[2] == '+' ? "进" : code[2] == '-' ? "退" : "平");
  g_string_append (out, numerals[code[3] - '0']);
  g_strlcpy (buf, out->str, XQ_CHINESE_MOVE_SIZE);
  g_string_free (out, TRUE);
}

void
xq_move_to_chinese (const XqPosition *pos, XqMove move, char *buf)
{
  char code[5];
  int side = XQ_RED;

  g_return_if_fail (pos != NULL);
  g_return_if_fail (buf != NULL);

  if (move.from >= XQ_SQUARES || !chinese_code (pos, move, 0, code))
    {
      g_strlcpy (buf, "----", XQ_CHINESE_MOVE_SIZE);
      return;
    }
  xq_piece_at (pos, move.from, &side);
  render_chinese (code, side, buf);
}

/* The code of one character of Chinese notation, 0 for one it has not. */
static char
chinese_char_code (gunichar c)
{
  static const struct
  {
    gunichar c;
    char code;
  } table[] = {
    { 0x5E05, 'K' }, { 0x5E25, 'K' }, { 0x5C06, 'K' }, { 0x5C07, 'K' },   /* 帅 帥 将 將 */
    { 0x4ED5, 'A' }, { 0x58EB, 'A' },                                       /* 仕 士 */
    { 0x76F8, 'E' }, { 0x8C61, 'E' },                                       /* 相 象 */
    { 0x9A6C, 'H' }, { 0x99AC, 'H' }, { 0x508C, 'H' },                     /* 马 馬 傌 */
    { 0x8F66, 'R' }, { 0x8ECA, 'R' }, { 0x4FE5, 'R' },                     /* 车 車 俥 */
    { 0x70AE, 'C' }, { 0x7832, 'C' }, { 0x5305, 'C' },                     /* 炮 砲 包 */
    { 0x5175, 'P' }, { 0x5352, 'P' },                                       /* 兵 卒 */
    { 0x8FDB, '+' }, { 0x9032, '+' }, { 0x9000, '-' }, { 0x5E73, '=' },   /* 进 進 退 平 */
    { 0x524D, 'F' }, { 0x4E2D, 'M' }, { 0x540E, 'B' }, { 0x5F8C, 'B' },   /* 前 中 后 後 */
    { 0x4E00, '1' }, { 0x4E8C, '2' }, { 0x4E09, '3' }, { 0x56DB, '4' },   /* 一 二 三 四 */
    { 0x4E94, '5' }, { 0x516D, '6' }, { 0x4E03, '7' }, { 0x516B, '8' },   /* 五 六 七 八 */
    { 0x4E5D, '9' },                                                         /* 九 */
  };

  if (c >= '1' && c <= '9')
    return (char) c;
  if (c >= 0xFF11 && c <= 0xFF19)          /* full-width １…９ */
    return (char) ('1' + (c - 0xFF11));
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (table[i].c == c)
      return table[i].code;
  return 0;
}

/* The four codes of a Chinese move text; FALSE when it is not four known characters. */
static gboolean
chinese_text_code (const char *text, char code[5])
{
  int n = 0;

  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      char c = chinese_char_code (g_utf8_get_char (p));

      if (c == 0 || n == 4)
        return FALSE;
      code[n++] = c;
    }
  code[n] = '\0';
  return n == 4;
}

gboolean
xq_move_from_chinese (XqPosition *pos, const char *text, XqMove *move)
{
  XqMove moves[XQ_MAX_MOVES];
  char wanted[5], written[5];
  int n;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (text == NULL || !chinese_text_code (text, wanted))
    return FALSE;

  n = xq_legal_moves (pos, moves);
  /* Pass 0: the notation proper. Pass 1: the forgiven forms, if only one move fits. */
  for (int pass = 0; pass < 2; pass++)
    {
      int found = -1;

      for (int i = 0; i < n; i++)
        for (int form = pass; form < (pass == 0 ? 1 : 3); form++)
          {
            if (!chinese_code (pos, moves[i], form, written) || strcmp (written, wanted) != 0)
              continue;
            if (found >= 0 && found != i)
              return FALSE;
            found = i;
          }
      if (found >= 0)
        {
          *move = moves[found];
          return TRUE;
        }
    }
  return FALSE;
}

/* ------------------------------------------------------------------------------------ */
/* Reading                                                                              */

typedef struct
{
  const char *text;
  const char *end;
  const char *p;
  int line;
} Reader;

/* Up to MAX_QUOTE characters of a token, for a message. */
static char *
quote (const char *start, gsize length)
{
  g_autofree char *token = g_strndup (start, length);
  glong chars = g_utf8_strlen (token, -1);
  g_autofree char *start_of = NULL;

  if (chars <= MAX_QUOTE)
    return g_steal_pointer (&token);
  start_of = g_utf8_substring (token, 0, MAX_QUOTE);
  return g_strconcat (start_of, "…", NULL);
}

static gboolean G_GNUC_PRINTF (4, 5)
fail (GError **error, int code, int line, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: "Line 12: the comment that starts here is never closed" */
  g_set_error (error, XQ_PGN_ERROR, code, _("Line %d: %s"), line, message);
  return FALSE;
}

static gboolean
at_end (Reader *r)
{
  return r->p >= r->end;
}

/* Blanks include the ideographic space that Chinese files use between moves. */
static gsize
blank_length (const char *p, const char *end)
{
  if (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '\f'
                  || *p == '\v'))
    return 1;
  if (end - p >= 3 && (guchar) p[0] == 0xE3 && (guchar) p[1] == 0x80 && (guchar) p[2] == 0x80)
    return 3;
  return 0;
}

static void
advance (Reader *r, gsize n)
{
  for (gsize i = 0; i < n && r->p < r->end; i++, r->p++)
    if (*r->p == '\n')
      r->line++;
}

static void
skip_blanks (Reader *r)
{
  gsize n;

  while ((n = blank_length (r->p, r->end)) > 0)
    advance (r, n);
}

static gboolean
at_line_start (Reader *r)
{
  return r->p == r->text || r->p[-1] == '\n' || r->p[-1] == '\r';
}

static void
skip_line (Reader *r)
{
  while (!at_end (r) && *r->p != '\n')
    advance (r, 1);
}

/* [Name "value"] with \" and \\ inside the value. */
static gboolean
read_tag (Reader *r, XqPgnGame *game, char **name_out, char **value_out, GError **error)
{
  const char *name_start;
  GString *value;
  int line = r->line;

  advance (r, 1);
  while (!at_end (r) && (*r->p == ' ' || *r->p == '\t'))
    advance (r, 1);
  name_start = r->p;
  while (!at_end (r) && (g_ascii_isalnum (*r->p) || *r->p == '_'))
    advance (r, 1);
  if (r->p == name_start || r->p - name_start > 64)
    return fail (error, XQ_PGN_ERROR_SYNTAX, line,
                 _("a tag must be written as [Name \"value\"]"));
  *name_out = g_strndup (name_start, r->p - name_start);
  while (!at_end (r) && (*r->p == ' ' || *r->p == '\t'))
    advance (r, 1);
  if (at_end (r) || *r->p != '"')
    return fail (error, XQ_PGN_ERROR_SYNTAX, line,
                 _("the tag %s has no value in double quotes"), *name_out);
  advance (r, 1);

  value = g_string_new (NULL);
  while (!at_end (r) && *r->p != '"' && *r->p != '\n')
    {
      if (*r->p == '\\' && r->p + 1 < r->end && (r->p[1] == '"' || r->p[1] == '\\'))
        advance (r, 1);
      /* A control character (a stray carriage return, a tab) is a blank in a tag. */
      g_string_append_c (value, (guchar) *r->p < 0x20 || *r->p == 0x7f ? ' ' : *r->p);
      advance (r, 1);
    }
  *value_out = g_string_free (value, FALSE);
  if (at_end (r) || *r->p != '"')
    return fail (error, XQ_PGN_ERROR_SYNTAX, line,
                 _("the value of the tag %s has no closing quote"), *name_out);
  advance (r, 1);
  while (!at_end (r) && (*r->p == ' ' || *r->p == '\t'))
    advance (r, 1);
  if (at_end (r) || *r->p != ']')
    return fail (error, XQ_PGN_ERROR_SYNTAX, line,
                 _("the tag %s is not closed with ]"), *name_out);
  advance (r, 1);
  return TRUE;
}

static gboolean
names_xiangqi (const char *value)
{
  static const char * const names[] = {
    "chinese chess", "xiangqi", "xiang qi", "中国象棋", "象棋", "中國象棋", "cchess",
  };
  g_autofree char *folded = g_utf8_casefold (value, -1);

  g_strstrip (folded);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (folded, names[i]))
      return TRUE;
  return FALSE;
}

static gboolean
read_tags (Reader *r, XqPgnGame *game, gboolean *named, GError **error)
{
  *named = FALSE;
  for (;;)
    {
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;
      int line;

      skip_blanks (r);
      if (!at_end (r) && *r->p == '%' && at_line_start (r))
        {
          /* PGN's escape: a line for other programs. */
          skip_line (r);
          continue;
        }
      if (at_end (r) || *r->p != '[')
        return TRUE;
      line = r->line;
      if (!read_tag (r, game, &name, &value, error))
        return FALSE;

      if (g_str_equal (name, "Game") || g_str_equal (name, "Variant"))
        {
          if (!names_xiangqi (value))
            {
              g_autofree char *quoted = quote (value, strlen (value));

              return fail (error, XQ_PGN_ERROR_OTHER_GAME, line,
                           _("the file is a record of “%s”, not of Xiangqi"), quoted);
            }
          *named = TRUE;
        }
      else if (g_str_equal (name, "FEN"))
        {
          g_autoptr(GError) fen_error = NULL;

          if (!xq_position_from_fen (&game->start, value, &fen_error))
            return fail (error, XQ_PGN_ERROR_POSITION, line,
                         _("the start position in the FEN tag is not valid: %s"),
                         fen_error->message);
        }
      else if (g_str_equal (name, "Format"))
        ;  /* every move says its notation itself */
      else if (*value == '\0' || g_str_equal (value, "?") || g_str_equal (value, "????.??.??"))
        ;  /* PGN's "unknown", which the writer puts back for the tags it must write */
      else
        xq_pgn_game_set_tag (game, name, value);
    }
}

/* { … }; returns the comment's text bounds. */
static gboolean
read_brace_comment (Reader *r, const char **start, gsize *length, GError **error)
{
  int line = r->line;

  advance (r, 1);
  *start = r->p;
  while (!at_end (r) && *r->p != '}')
    advance (r, 1);
  if (at_end (r))
    return fail (error, XQ_PGN_ERROR_SYNTAX, line,
                 _("the comment that starts here is never closed with }"));
  *length = r->p - *start;
  advance (r, 1);
  return TRUE;
}

/* ( … ), nested, with comments inside: another line of play, which the game does not keep. */
static gboolean
skip_variation (Reader *r, GError **error)
{
  int line = r->line, depth = 0;

  do
    {
      if (at_end (r))
        return fail (error, XQ_PGN_ERROR_SYNTAX, line,
                     _("the variation that starts here is never closed with )"));
      if (*r->p == '{')
        {
          const char *start;
          gsize length;

          if (!read_brace_comment (r, &start, &length, error))
            return FALSE;
          continue;
        }
      if (*r->p == '(')
        depth++;
      else if (*r->p == ')')
        depth--;
      advance (r, 1);
    }
  while (depth > 0);
  return TRUE;
}

static gboolean
is_result (const char *token, gsize length)
{
  static const char * const results[] = { "1-0", "0-1", "1/2-1/2", "*", "½-½" };

  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    if (length == strlen (results[i]) && memcmp (token, results[i], length) == 0)
      return TRUE;
  return FALSE;
}

/* Whether the text has the shape of a WXF move, so that a miss is an illegal move. */
static gboolean
looks_like_wxf (const char *text)
{
  return strlen (text) == 4 && strchr ("KAEHRCPBNkaehrcpbn+-123456789", text[0]) != NULL
         && strchr ("+-123456789KAEHRCPBNkaehrcpbn", text[1]) != NULL
         && strchr ("+-=.", text[2]) != NULL && text[3] >= '1' && text[3] <= '9';
}

/* Reads one move of any notation in the position. */
static gboolean
parse_move (XqPosition *pos, const char *text, XqMove *move, gboolean *readable)
{
  char code[5];

  *readable = TRUE;
  if (!g_str_is_ascii (text))
    {
      *readable = chinese_text_code (text, code);
      return *readable && xq_move_from_chinese (pos, text, move);
    }
  if (xq_move_from_iccs (text, move))
    return xq_is_legal (pos, *move);
  *readable = looks_like_wxf (text);
  return xq_move_from_wxf (pos, text, move);
}

static const char *
side_word (int side)
{
  return side == XQ_RED ? _("Red") : _("Black");
}

static gboolean
read_movetext (Reader *r, XqPgnGame *game, gboolean named, GError **error)
{
  XqPosition pos = game->start;

  for (;;)
    {
      const char *start;
      gsize length;
      g_autofree char *token = NULL;
      char *word;
      XqMove move;
      gboolean readable;
      int line;

      skip_blanks (r);
      if (at_end (r))
        return TRUE;
      line = r->line;

      switch (*r->p)
        {
        case '{':
          if (!read_brace_comment (r, &start, &length, error))
            return FALSE;
          add_comment (game, game->moves->len, start, length);
          continue;
        case ';':
          advance (r, 1);
          start = r->p;
          skip_line (r);
          add_comment (game, game->moves->len, start, r->p - start);
          continue;
        case '(':
          if (!skip_variation (r, error))
            return FALSE;
          continue;
        case ')':
          return fail (error, XQ_PGN_ERROR_SYNTAX, line, _("a ) closes no variation"));
        case '}':
          return fail (error, XQ_PGN_ERROR_SYNTAX, line, _("a } closes no comment"));
        case '[':
          /* The next game's tags: this one is over. */
          if (at_line_start (r) && game->moves->len > 0)
            return TRUE;
          return fail (error, XQ_PGN_ERROR_SYNTAX, line, _("a tag stands among the moves"));
        case '%':
          if (at_line_start (r))
            {
              skip_line (r);
              continue;
            }
          break;
        default:
          break;
        }

      start = r->p;
      while (!at_end (r) && blank_length (r->p, r->end) == 0 && strchr ("{};()[", *r->p) == NULL)
        advance (r, 1);
      length = r->p - start;
      if (length > 64)
        {
          g_autofree char *quoted = quote (start, length);

          return fail (error, XQ_PGN_ERROR_MOVE, line, _("“%s” is not a move"), quoted);
        }
      if (is_result (start, length))
        {
          if (xq_pgn_game_get_tag (game, "Result") == NULL)
            {
              g_autofree char *result = g_strndup (start, length);

              xq_pgn_game_set_tag (game, "Result",
                                   g_str_equal (result, "½-½") ? "1/2-1/2" : result);
            }
          return TRUE;
        }
      token = g_strndup (start, length);
      word = token;
      if (word[0] == '$' && word[1] != '\0' && strspn (word + 1, "0123456789") == length - 1)
        continue;  /* a NAG ("$4", a blunder): an annotation the game does not keep */

      /* A move number, alone ("12." "12...") or glued to the move ("12.C2.5"). A WXF move of
       * tandem pawns may begin with two digits and a dot ("77.6"), so four characters are
       * a move first. */
      if (g_ascii_isdigit (*word) && !(strlen (word) == 4 && looks_like_wxf (word)))
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
      /* "..." before Black's first move; annotation marks after a move. */
      while (*word == '.')
        word++;
      if (*word == '\0')
        continue;
      for (gsize end = strlen (word); end > 0 && strchr ("!?#", word[end - 1]) != NULL; end--)
        word[end - 1] = '\0';
      if (g_str_is_ascii (word) && strlen (word) == 5 && word[4] == '+')
        word[4] = '\0';  /* a check mark after a WXF or ICCS move */

      if (game->moves->len >= XQ_PGN_MAX_PLIES)
        return fail (error, XQ_PGN_ERROR_TOO_LONG, line,
                     _("the game goes on for more than %d plies"), XQ_PGN_MAX_PLIES);

      if (!parse_move (&pos, word, &move, &readable))
        {
          g_autofree char *quoted = quote (word, strlen (word));

          /* Without a Game tag, a first move no notation reads is likely another game's. */
          if (!readable && !named && game->moves->len == 0)
            return fail (error, XQ_PGN_ERROR_OTHER_GAME, line,
                         _("“%s” is not a Xiangqi move"), quoted);
          if (!readable)
            return fail (error, XQ_PGN_ERROR_MOVE, line,
                         _("“%s” is not a move in WXF, ICCS or Chinese notation"), quoted);
          /* Translators: "Line 7: Black’s move 4, “H8+7”, is not legal in that position" */
          return fail (error, XQ_PGN_ERROR_ILLEGAL, line,
                       _("%s’s move %u, “%s”, is not legal in that position"),
                       side_word (pos.side), (guint) pos.fullmove, quoted);
        }
      xq_play (&pos, move);
      g_array_append_val (game->moves, move);
    }
}

/* The text as UTF-8 without a byte order mark; NULL with an error for anything else. */
static char *
to_utf8 (const char *data, gsize length, gsize *out_length, GError **error)
{
  g_autoptr(GError) convert_error = NULL;
  char *text = NULL;
  gsize written = 0;

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      data += 3;
      length -= 3;
    }

  if (length >= 2 && ((guchar) data[0] == 0xFF && (guchar) data[1] == 0xFE))
    text = g_convert (data + 2, length - 2, "UTF-8", "UTF-16LE", NULL, &written, &convert_error);
  else if (length >= 2 && ((guchar) data[0] == 0xFE && (guchar) data[1] == 0xFF))
    text = g_convert (data + 2, length - 2, "UTF-8", "UTF-16BE", NULL, &written, &convert_error);
  else if (g_utf8_validate_len (data, length, NULL))
    {
      text = g_strndup (data, length);
      written = length;
    }
  else
    /* GB18030 is a superset of GBK and GB2312, which older Chinese databases write. */
    text = g_convert (data, length, "UTF-8", "GB18030", NULL, &written, &convert_error);

  if (text == NULL)
    {
      g_set_error_literal (error, XQ_PGN_ERROR, XQ_PGN_ERROR_ENCODING,
                           _("The file is neither UTF-8 nor GBK (GB18030) text"));
      return NULL;
    }
  if (strlen (text) != written || !g_utf8_validate (text, -1, NULL))
    {
      g_free (text);
      g_set_error_literal (error, XQ_PGN_ERROR, XQ_PGN_ERROR_ENCODING,
                           _("The file holds binary data, not text"));
      return NULL;
    }
  *out_length = written;
  return text;
}

XqPgnGame *
xq_pgn_read (const char *data, gsize length, GError **error)
{
  g_autofree char *text = NULL;
  XqPgnGame *game;
  gboolean named = FALSE;
  gsize text_length = 0;
  Reader r;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  text = to_utf8 (data != NULL ? data : "", length, &text_length, error);
  if (text == NULL)
    return NULL;

  r.text = r.p = text;
  r.end = text + text_length;
  r.line = 1;

  game = xq_pgn_game_new (NULL);
  if (!read_tags (&r, game, &named, error) || !read_movetext (&r, game, named, error))
    {
      xq_pgn_game_free (game);
      return NULL;
    }
  if (game->moves->len == 0 && game->tag_names->len == 0 && !named
      && xq_pgn_game_get_tag (game, "Result") == NULL)
    {
      /* Nothing at all: an empty file, or only blanks and comments. */
      int line = r.line;

      xq_pgn_game_free (game);
      fail (error, XQ_PGN_ERROR_SYNTAX, line, _("the file holds no game"));
      return NULL;
    }
  return game;
}

gboolean
xq_fen_file_read (const char *data, gsize length, XqPosition *pos, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) fen_error = NULL;
  g_auto(GStrv) lines = NULL;
  gsize text_length;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = to_utf8 (data != NULL ? data : "", length, &text_length, error);
  if (text == NULL)
    return FALSE;

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (*lines[i] == '\0')
        continue;
      if (!xq_position_from_fen (pos, lines[i], &fen_error))
        return fail (error, XQ_PGN_ERROR_POSITION, (int) i + 1, "%s", fen_error->message);
      return TRUE;
    }
  return fail (error, XQ_PGN_ERROR_SYNTAX, 1, _("the file holds no position"));
}

/* ------------------------------------------------------------------------------------ */
/* Writing                                                                              */

static void
append_tag (GString *out, const char *name, const char *value)
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

/* Appends a word to the movetext, starting a new line before 80 columns. */
static void
append_word (GString *out, gsize *line_start, const char *word)
{
  if (out->len > *line_start)
    {
      if (g_utf8_strlen (out->str + *line_start, -1) + 1 + g_utf8_strlen (word, -1) > 79)
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
append_comment (GString *out, gsize *line_start, const char *comment)
{
  /* PGN has no escape inside braces: a closing brace in a comment becomes a bracket. */
  g_autofree char *text = g_strdelimit (g_strdup (comment), "}", ')');
  g_autofree char *word = g_strconcat ("{", text, "}", NULL);

  append_word (out, line_start, word);
  if (strchr (word, '\n') != NULL)
    *line_start = out->len - strlen (strrchr (word, '\n'));
}

char *
xq_pgn_write (const XqPgnGame *game, XqPgnNotation notation)
{
  static const char * const roster[] = { "Event", "Site", "Date", "Round", "Red", "Black",
                                         "Result" };
  static const char * const defaults[] = { "?", "?", "????.??.??", "?", "?", "?", "*" };
  GString *out = g_string_new (NULL);
  XqPosition standard, pos = game->start;
  g_autofree char *start_fen = xq_position_to_fen (&game->start);
  g_autofree char *standard_fen = NULL;
  const char *result;
  gsize line_start;

  g_return_val_if_fail (game != NULL, NULL);

  xq_position_init_start (&standard);
  standard_fen = xq_position_to_fen (&standard);

  append_tag (out, "Game", "Chinese Chess");
  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    {
      const char *value = xq_pgn_game_get_tag (game, roster[i]);

      append_tag (out, roster[i], value != NULL && *value != '\0' ? value : defaults[i]);
    }
  for (guint i = 0; i < game->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (game->tag_names, i);
      gboolean listed = FALSE;

      for (guint j = 0; j < G_N_ELEMENTS (roster); j++)
        listed = listed || g_str_equal (name, roster[j]);
      if (!listed && !g_str_equal (name, "Game") && !g_str_equal (name, "FEN")
          && !g_str_equal (name, "Format"))
        append_tag (out, name, g_ptr_array_index (game->tag_values, i));
    }
  if (!g_str_equal (start_fen, standard_fen))
    append_tag (out, "FEN", start_fen);
  append_tag (out, "Format", notation == XQ_PGN_ICCS ? "ICCS"
                             : notation == XQ_PGN_CHINESE ? "Chinese" : "WXF");
  g_string_append_c (out, '\n');

  line_start = out->len;
  if (game->comments->len > 0 && g_ptr_array_index (game->comments, 0) != NULL)
    append_comment (out, &line_start, g_ptr_array_index (game->comments, 0));
  for (guint i = 0; i < game->moves->len; i++)
    {
      XqMove move = g_array_index (game->moves, XqMove, i);
      char text[XQ_CHINESE_MOVE_SIZE + 24];
      char number[24] = "";
      const char *comment;

      if (pos.side == XQ_RED)
        g_snprintf (number, sizeof number, "%u. ", (guint) pos.fullmove);
      else if (i == 0)
        g_snprintf (number, sizeof number, "%u... ", (guint) pos.fullmove);

      switch (notation)
        {
        case XQ_PGN_ICCS:
          {
            char iccs[8];

            xq_move_to_iccs (move, iccs);
            g_snprintf (text, sizeof text, "%s%c%c-%c%c", number, g_ascii_toupper (iccs[0]),
                        iccs[1], g_ascii_toupper (iccs[2]), iccs[3]);
          }
          break;
        case XQ_PGN_CHINESE:
          {
            char chinese[XQ_CHINESE_MOVE_SIZE];

            xq_move_to_chinese (&pos, move, chinese);
            g_snprintf (text, sizeof text, "%s%s", number, chinese);
          }
          break;
        case XQ_PGN_WXF:
        default:
          {
            char wxf[8];

            xq_move_to_wxf (&pos, move, TRUE, wxf);
            g_snprintf (text, sizeof text, "%s%s", number, wxf);
          }
          break;
        }
      append_word (out, &line_start, text);
      xq_play (&pos, move);

      comment = i + 1 < game->comments->len ? g_ptr_array_index (game->comments, i + 1) : NULL;
      if (comment != NULL)
        append_comment (out, &line_start, comment);
    }
  /* The movetext ends with a result token, which must be one a reader knows. */
  result = xq_pgn_game_get_tag (game, "Result");
  append_word (out, &line_start,
               result != NULL && is_result (result, strlen (result)) ? result : "*");
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}
