/* xiangqi-pgn.c: Xiangqi game records and Chinese move notation (RULES.md X28–X29)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The records are libcatur's PGN, which every game shares; what is Xiangqi's is here: the
 * names the Game tag may give, the tags written first, the Format tag, and the moves, which
 * are read in whichever notation they come (WXF, ICCS or Chinese) and written in the one the
 * file format names.
 *
 * Chinese notation is read the way xiangqi-notation.c reads WXF: every legal move of the
 * position is written in the notation and compared with the text. The writer is then the
 * only place that knows the marks for pieces sharing a file, and a text the reader takes
 * always names exactly one legal move.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xiangqi-pgn.h"
#include "xiangqi-variant.h"

static const char kind_letters[] = XQ_WXF_LETTERS;

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
/* Game records                                                                         */

/* Whether the text has the shape of a WXF move, so that a miss is an illegal move. */
static gboolean
looks_like_wxf (const char *text)
{
  return strlen (text) == 4 && strchr ("KAEHRCPBNkaehrcpbn+-123456789", text[0]) != NULL
         && strchr ("+-123456789KAEHRCPBNkaehrcpbn", text[1]) != NULL
         && strchr ("+-=.", text[2]) != NULL && text[3] >= '1' && text[3] <= '9';
}

/* A WXF move of tandem pawns may begin with two digits and a dot ("77.6"), so a token of
 * four characters that reads as WXF is a move, not a move number before one. */
static gboolean
is_move (const char *token)
{
  return looks_like_wxf (token);
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

/* @text with the full-width forms of ASCII (U+FF01 to U+FF5E: `Ｃ２＝５`, as some Chinese
 * programs write WXF) as ASCII; %NULL when it has other characters beyond ASCII, as the Chinese
 * notation has (whose full-width digits are Black's files, not ASCII's). */
static char *
fold_full_width (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c < 0x80)
        g_string_append_c (out, (char) c);
      else if (c >= 0xff01 && c <= 0xff5e)
        g_string_append_c (out, (char) (c - 0xff01 + 0x21));
      else
        {
          g_string_free (out, TRUE);
          return NULL;
        }
    }
  return g_string_free (out, FALSE);
}

static gboolean
read_move (CaturRecord          *record,
           const CaturPosition  *position,
           const char           *text,
           CaturMove            *move,
           gpointer              user_data,
           GError              **error)
{
  XqPosition *pos = XQ_MUTABLE (position);
  g_autofree char *word = g_str_is_ascii (text) ? NULL : fold_full_width (text);
  XqMove xq_move;
  gboolean readable;

  if (word == NULL)
    word = g_strdup (text);

  if (g_str_is_ascii (word) && strlen (word) == 5 && word[4] == '+')
    word[4] = '\0';  /* a check mark after a WXF or ICCS move */

  if (!parse_move (pos, word, &xq_move, &readable))
    {
      if (!readable)
        g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                     _("“%s” is not a move in WXF, ICCS or Chinese notation"), word);
      else if (g_str_is_ascii (word) && xq_move_from_iccs (word, &xq_move))
        {
          /* Squares name the piece: the rules say why it cannot go. */
          CaturMove wanted = { xq_move.from, xq_move.to, 0, 0 };
          g_autofree char *why = catur_variant_explain (catur_record_get_variant (record),
                                                        position, &wanted, NULL);

          /* Translators: "Line 7: Black’s move 4, “h9g5”, is not legal: A Horse …" */
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                       _("%s’s move %u, “%s”, is not legal: %s"),
                       pos->side == XQ_RED ? _("Red") : _("Black"), (guint) pos->fullmove, word,
                       why != NULL ? why : _("the rules do not allow it"));
        }
      else
        /* Translators: "Line 7: Black’s move 4, “H8+7”, is not legal in that position" */
        g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                     _("%s’s move %u, “%s”, is not legal in that position"),
                     pos->side == XQ_RED ? _("Red") : _("Black"), (guint) pos->fullmove, word);
      return FALSE;
    }
  move->from = xq_move.from;
  move->to = xq_move.to;
  move->piece = 0;
  move->flags = 0;
  return TRUE;
}

static char *
write_move (CaturRecord         *record,
            const CaturPosition *position,
            const CaturMove     *move,
            gpointer             user_data)
{
  XqMove xq_move = { move->from, move->to };
  char text[XQ_CHINESE_MOVE_SIZE];

  switch (GPOINTER_TO_INT (user_data))
    {
    case XQ_PGN_ICCS:
      {
        char iccs[8];

        xq_move_to_iccs (xq_move, iccs);
        return g_strdup_printf ("%c%c-%c%c", g_ascii_toupper (iccs[0]), iccs[1],
                                g_ascii_toupper (iccs[2]), iccs[3]);
      }
    case XQ_PGN_CHINESE:
      xq_move_to_chinese (XQ (position), xq_move, text);
      return g_strdup (text);
    case XQ_PGN_WXF:
    default:
      xq_move_to_wxf (XQ (position), xq_move, TRUE, text);
      return g_strdup (text);
    }
}

static const char * const game_names[] = {
  "chinese chess", "xiangqi", "xiang qi", "中国象棋", "象棋", "中國象棋", "cchess", NULL,
};

/* RULES X29: the Game tag first, then the seven tags of PGN's roster with Red and Black. */
static const char * const roster[] = {
  "Game", "Chinese Chess",
  "Event", "?", "Site", "?", "Date", "????.??.??", "Round", "?",
  "Red", "?", "Black", "?", "Result", "*",
  NULL,
};

/* Every move says its notation itself, so the Format tag is only written. */
static const char * const own_tags[] = { "Game", "Variant", "FEN", "Format", NULL };

static const CaturPgnDialect dialect = {
  game_names,
  roster,
  own_tags,
  NULL,
  CATUR_PGN_ENCODING_GB18030,
  XQ_PGN_MAX_PLIES,
  is_move,
  read_move,
  write_move,
  NULL,
  NULL,
  "w - - 0 1",
};

const CaturPgnDialect *
xq_pgn_get_dialect (void)
{
  return &dialect;
}

CaturRecord *
xq_pgn_read (CaturVariant  *variant,
             const char    *data,
             gsize          length,
             GError       **error)
{
  return catur_pgn_read (variant, &dialect, data, length, NULL, error);
}

/* Every game of a PGN database that reads, in file order. */
GPtrArray *
xq_pgn_read_games (CaturVariant  *variant,
                   const char    *data,
                   gsize          length,
                   GError       **error)
{
  return catur_pgn_read_games (variant, &dialect, data, length, NULL, error);
}

char *
xq_pgn_write (CaturRecord   *record,
              XqPgnNotation  notation)
{
  const char * const format[] = {
    "Format", notation == XQ_PGN_ICCS ? "ICCS" : notation == XQ_PGN_CHINESE ? "Chinese" : "WXF",
    NULL,
  };

  g_return_val_if_fail (CATUR_IS_RECORD (record), NULL);

  return catur_pgn_write (record, &dialect, XQ (catur_record_get_start (record))->fullmove,
                          format, GINT_TO_POINTER (notation));
}
