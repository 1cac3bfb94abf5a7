/* shogi-record.c: Shogi's game files: SFEN, KIF and CSA (RULES.md S2, S15, S16)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * KIF (Kakinoki's format) is the Japanese record: headers `key：value`, a board diagram for a
 * set-up start, moves in Japanese notation with their origin, `*` comments and an end word.
 * `.kif` files are Shift_JIS (CP932) and `.kifu` files UTF-8; the reader takes either, and
 * the writer, whose text is UTF-8 as the contract asks, saves `.kifu`. CSA is the computer
 * association's: `V2.2` (or `V3.0` with a UTF-8 line before), `N+`/`N-` names, `$` headers,
 * `PI` or `P1`…`P9` for the start, moves `+7776FU` and `%` endings.
 *
 * Tags are kept under the names the other formats share where one exists (`Sente`, `Gote`,
 * `Event`, `Site`, `Date`, `Result`), and under their KIF names otherwise.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "shogi-notation.h"
#include "shogi-record.h"
#include "shogi-variant.h"

static const char * const sfen_extensions[] = { "sfen", NULL };
static const char * const kif_extensions[] = { "kifu", "kif", NULL };
static const char * const csa_extensions[] = { "csa", NULL };
static const char * const no_mime_types[] = { NULL };

const CaturRecordFormat *
sg_record_list_formats (guint *n_formats)
{
  static CaturRecordFormat formats[3];
  static gsize initialized = 0;

  /* The names are translated once, in the language of the first call. */
  if (g_once_init_enter (&initialized))
    {
      const CaturRecordFormat init[] = {
        { "kif", _("Shogi game (KIF)"), kif_extensions, no_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE },
        { "csa", _("Shogi game (CSA)"), csa_extensions, no_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE },
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

/* Common parts */

static gboolean G_GNUC_PRINTF (4, 5)
line_error (GError   **error,
            int        code,
            guint      line,
            const char *format,
            ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: "Line 12: …" */
  g_set_error (error, CATUR_RECORD_ERROR, code, _("Line %u: %s"), line, what);
  return FALSE;
}

/* The file's text as UTF-8: UTF-8 (with or without a byte order mark) when it is valid, else
 * Shift_JIS in Microsoft's form, which KIF and CSA V2.2 files use. */
static char *
decode (const char *data, gsize length, GError **error)
{
  g_autoptr(GError) convert_error = NULL;
  char *text;

  if (length > CATUR_RECORD_MAX_SIZE)
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_TOO_LARGE,
                           _("The file is too large to be a game record"));
      return NULL;
    }
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING,
                           _("The file is not text"));
      return NULL;
    }
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      length -= 3;
    }
  if (g_utf8_validate_len (data, length, NULL))
    return g_strndup (data, length);
  text = g_convert (data, length, "UTF-8", "CP932", NULL, NULL, &convert_error);
  if (text == NULL)
    g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING,
                         _("The file is neither UTF-8 nor Shift_JIS text"));
  return text;
}

static CaturPosition *
new_position (CaturVariant *variant, const SgPosition *core)
{
  g_autoptr(CaturPosition) position = catur_variant_new_position (variant, NULL, 0);

  *SG_MUTABLE (position) = *core;
  return g_steal_pointer (&position);
}

static CaturMove
catur_move_of (const SgPosition *pos, SgMove move)
{
  CaturMove result = { move.from, move.to, 0, 0 };

  if (move.from == SG_DROP_FROM)
    {
      result.from = CATUR_SQUARE_HAND (pos->side == SG_SENTE ? CATUR_SIDE_FIRST
                                                             : CATUR_SIDE_SECOND, move.drop);
      result.piece = move.drop;
      result.flags = CATUR_MOVE_DROP;
    }
  else if (move.promote)
    {
      result.piece = (guint8) SG_PROMOTED (sg_piece_at (pos, move.from, NULL));
      result.flags = CATUR_MOVE_PROMOTE;
    }
  return result;
}

static gboolean
sg_move_of (const CaturMove *move, SgMove *out)
{
  if (move->flags & CATUR_MOVE_DROP)
    {
      *out = (SgMove) { SG_DROP_FROM, move->to, catur_square_hand_kind (move->from), FALSE };
      return move->to < SG_SQUARES;
    }
  *out = (SgMove) { move->from, move->to, 0, (move->flags & CATUR_MOVE_PROMOTE) != 0 };
  return (move->flags & ~CATUR_MOVE_PROMOTE) == 0 && move->from < SG_SQUARES
         && move->to < SG_SQUARES;
}

/* The record's moves replayed on the core: FALSE (with the move named) if one is not Shogi's
 * or not legal, which a record made by CaturGame never has. */
static gboolean
check_moves (CaturRecord *record, GError **error)
{
  SgPosition pos = *SG (catur_record_get_start (record));

  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      SgMove sg_move;

      if (move->flags & CATUR_MOVE_DECLARE)
        {
          if (i + 1 == catur_record_get_n_moves (record))
            continue;
        }
      else if (sg_move_of (move, &sg_move) && sg_is_legal (&pos, sg_move))
        {
          sg_play (&pos, sg_move);
          continue;
        }
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                   _("Move %u is no legal Shogi move"), i + 1);
      return FALSE;
    }
  return TRUE;
}

/* How the game ended, for the end words: the last position's own end, else the Result tag. */
typedef enum
{
  ENDING_NONE,
  ENDING_MATE,            /* the side to move has no move */
  ENDING_RESIGN,          /* the side to move lost */
  ENDING_WIN_BY_OTHER,    /* the side to move won (the other lost on time, by a foul…) */
  ENDING_DRAW,
  ENDING_DECLARED,        /* the side to move declared an impasse */
} Ending;

static Ending
record_ending (CaturRecord *record, SgPosition *final)
{
  guint n = catur_record_get_n_moves (record);
  const char *result = catur_record_get_tag (record, "Result");
  int winner;

  if (n > 0 && (catur_record_get_move (record, n - 1)->flags & CATUR_MOVE_DECLARE))
    return ENDING_DECLARED;
  if (!sg_has_legal_move (final))
    return ENDING_MATE;
  if (result == NULL || g_str_equal (result, "*"))
    return ENDING_NONE;
  if (g_str_equal (result, "1/2-1/2"))
    return ENDING_DRAW;
  winner = g_str_equal (result, "1-0") ? SG_SENTE : SG_GOTE;
  return winner == final->side ? ENDING_WIN_BY_OTHER : ENDING_RESIGN;
}

/* Whether the side to move of @final, which declared an impasse, won by it. A record without
 * a result is judged by the 27-point rule, the one most programs read. */
static gboolean
declarer_won (CaturRecord *record, const SgPosition *final)
{
  const char *result = catur_record_get_tag (record, "Result");

  if (result == NULL || g_str_equal (result, "*"))
    return sg_judge_declaration (final, SG_IMPASSE_27) == SG_DECLARE_WIN;
  return g_str_equal (result, final->side == SG_SENTE ? "1-0" : "0-1");
}

static void
set_result (CaturRecord *record, int winner)
{
  catur_record_set_tag (record, "Result", winner == SG_SENTE ? "1-0"
                                          : winner == SG_GOTE ? "0-1" : "1/2-1/2");
}

/* KIF */

static const char * const handicap_words[SG_N_HANDICAPS] = {
  "平手", "香落ち", "角落ち", "飛車落ち", "飛香落ち", "二枚落ち", "四枚落ち", "六枚落ち",
  "八枚落ち", "十枚落ち",
};

/* KIF headers and the tags they are kept under. */
static const struct { const char *kif; const char *tag; } kif_tags[] = {
  { "先手", "Sente" }, { "後手", "Gote" }, { "下手", "Sente" }, { "上手", "Gote" },
  { "棋戦", "Event" }, { "場所", "Site" }, { "開始日時", "Date" },
};

/* One-letter names of the board diagram (BOD), by kind. */
static const char * const bod_pieces[SG_N_KINDS] = {
  [SG_KING] = "玉", [SG_ROOK] = "飛", [SG_BISHOP] = "角", [SG_GOLD] = "金",
  [SG_SILVER] = "銀", [SG_KNIGHT] = "桂", [SG_LANCE] = "香", [SG_PAWN] = "歩",
  [SG_DRAGON] = "龍", [SG_HORSE] = "馬", [SG_PSILVER] = "全", [SG_PKNIGHT] = "圭",
  [SG_PLANCE] = "杏", [SG_TOKIN] = "と",
};

static int
bod_kind (gunichar c)
{
  char buf[8] = "";

  if (c == 0x738b)      /* 王 */
    return SG_KING;
  if (c == 0x7adc)      /* 竜 */
    return SG_DRAGON;
  g_unichar_to_utf8 (c, buf);
  for (int kind = SG_KING; kind < SG_N_KINDS; kind++)
    if (bod_pieces[kind] != NULL && g_str_equal (bod_pieces[kind], buf))
      return kind;
  return SG_NONE;
}

static int
kanji_number (const char *text, const char **end)
{
  static const char * const digits = "一二三四五六七八九";
  int value = 0;
  const char *p = text;

  for (;;)
    {
      gunichar c = g_utf8_get_char (p);
      const char *found;
      char buf[8] = "";

      if (c == 0x5341)  /* 十 */
        {
          value = MIN ((value == 0 ? 1 : value) * 10, 1000);
          p = g_utf8_next_char (p);
          continue;
        }
      g_unichar_to_utf8 (c, buf);
      found = c != 0 ? strstr (digits, buf) : NULL;
      if (found == NULL)
        break;
      value = MIN (value + (int) g_utf8_pointer_to_offset (digits, found) + 1, 1000);
      p = g_utf8_next_char (p);
    }
  *end = p;
  return value;
}

/* 持駒 lines: `飛　角　金二　歩十八` or `なし`. */
static gboolean
read_bod_hand (const char *text, SgPosition *pos, int side)
{
  const char *p = text;

  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);
      int kind, count;

      if (c == 0x3000 || g_unichar_isspace (c))
        {
          p = g_utf8_next_char (p);
          continue;
        }
      if (g_str_has_prefix (p, "なし"))
        return TRUE;
      kind = bod_kind (c);
      if (kind < SG_ROOK || kind > SG_PAWN)
        return FALSE;
      p = g_utf8_next_char (p);
      count = kanji_number (p, &p);
      pos->hand[side][kind] = (guint8) MIN (count == 0 ? 1 : count, 40);
    }
  return TRUE;
}

/* A row of the diagram: `|v香v桂 ・…|一`. */
static gboolean
read_bod_row (const char *text, SgPosition *pos, int rank_number)
{
  const char *p = g_utf8_next_char (text);

  for (int file = SG_FILES; file >= 1; file--)
    {
      gunichar mark = g_utf8_get_char (p);
      gunichar c;
      int kind;

      if (mark == 0)
        return FALSE;
      p = g_utf8_next_char (p);
      c = g_utf8_get_char (p);
      if (c == 0)
        return FALSE;
      p = g_utf8_next_char (p);
      if (c == 0x30fb)  /* ・ */
        continue;
      kind = bod_kind (c);
      if (kind == SG_NONE || (mark != 'v' && mark != ' ' && mark != '^'))
        return FALSE;
      sg_put_piece (pos, sg_square_at (file, rank_number), kind,
                    mark == 'v' ? SG_GOTE : SG_SENTE);
    }
  return TRUE;
}

/* Whether a tag of this name can be a KIF header line that reads back as one: not empty,
 * without a colon, and not like a line of another kind (a comment, the board, the moves). */
static gboolean
kif_key_ok (const char *key)
{
  static const char * const reserved[] = { "手数", "変化", "まで", "手合割", NULL };

  if (key[0] == '\0' || strchr ("*#&|+ ", key[0]) != NULL || g_ascii_isdigit (key[0])
      || strchr (key, ':') != NULL || strstr (key, "：") != NULL || strchr (key, '\n') != NULL
      || g_str_has_suffix (key, "の持駒"))
    return FALSE;
  for (guint i = 0; reserved[i] != NULL; i++)
    if (g_str_has_prefix (key, reserved[i]))
      return FALSE;
  return TRUE;
}

/* Splits `key：value` (or `key:value`); FALSE for a line that is no header. */
static gboolean
split_header (char *line, char **key, char **value)
{
  char *colon = strstr (line, "：");
  gsize skip = 3;

  if (colon == NULL)
    {
      colon = strchr (line, ':');
      skip = 1;
    }
  if (colon == NULL || colon == line)
    return FALSE;
  *colon = '\0';
  *key = g_strstrip (line);
  *value = g_strstrip (colon + skip);
  return **key != '\0';
}

static const char *
tag_of_kif (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (kif_tags); i++)
    if (g_str_equal (kif_tags[i].kif, key))
      return kif_tags[i].tag;
  return key;
}

/* `2024/01/02 10:00:00` or `2024/01/02` → `2024.01.02`, the other formats' Date. */
static char *
date_of_kif (const char *value)
{
  int y, m, d;

  if (sscanf (value, "%d/%d/%d", &y, &m, &d) == 3)
    return g_strdup_printf ("%04d.%02d.%02d", y, m, d);
  return g_strdup (value);
}

/* The move of a KIF move line's text (`７六歩(77)`, `同　銀(31)`, `４五角打`), checked
 * against @pos. */
static gboolean
read_kif_move (SgPosition *pos, const char *text, SgMove *move, GError **error, guint line)
{
  const char *p = text;
  int to, kind;
  gboolean promote = FALSE, drop = FALSE;
  const char *paren;
  g_autofree char *name = NULL;
  gunichar c = g_utf8_get_char (p);

  if (c == 0x540c)  /* 同 */
    {
      to = pos->last_to;
      p = g_utf8_next_char (p);
      while (g_utf8_get_char (p) == 0x3000 || *p == ' ')
        p = g_utf8_next_char (p);
      if (to >= SG_SQUARES)
        return line_error (error, CATUR_RECORD_ERROR_INVALID_MOVE, line,
                           _("“同” with no move before it"));
    }
  else
    {
      int file = (c >= 0xff11 && c <= 0xff19) ? (int) (c - 0xff10)
                 : (c >= '1' && c <= '9') ? (int) (c - '0') : 0;
      const char *after;
      int rank;

      if (file == 0)
        return line_error (error, CATUR_RECORD_ERROR_INVALID_MOVE, line,
                           _("a move must begin with its square"));
      p = g_utf8_next_char (p);
      rank = kanji_number (p, &after);
      if (rank < 1 || rank > 9 || after == p)
        return line_error (error, CATUR_RECORD_ERROR_INVALID_MOVE, line,
                           _("a move must begin with its square"));
      p = after;
      to = sg_square_at (file, rank);
    }

  paren = strchr (p, '(');
  name = paren != NULL ? g_strndup (p, (gsize) (paren - p)) : g_strdup (p);
  g_strstrip (name);
  if (g_str_has_suffix (name, "打"))
    {
      drop = TRUE;
      name[strlen (name) - strlen ("打")] = '\0';
    }
  else if (g_str_has_suffix (name, "不成"))
    name[strlen (name) - strlen ("不成")] = '\0';
  else if (g_str_has_suffix (name, "成") && !g_str_equal (name, "成")
           && g_utf8_strlen (name, -1) >= 2
           && !(g_utf8_strlen (name, -1) == 2 && g_str_has_prefix (name, "成")))
    {
      promote = TRUE;
      name[strlen (name) - strlen ("成")] = '\0';
    }
  /* The piece's name is the first one or two letters; words like 右, 上 may follow. */
  kind = SG_NONE;
  for (int k = SG_KING; k < SG_N_KINDS && kind == SG_NONE; k++)
    if (g_str_has_prefix (name, sg_japanese_piece (k)))
      kind = k;
  if (kind == SG_NONE)
    kind = bod_kind (g_utf8_get_char (name));
  if (kind == SG_NONE)
    return line_error (error, CATUR_RECORD_ERROR_INVALID_MOVE, line, _("no piece is named"));

  if (paren != NULL && !drop)
    {
      int file = strlen (paren) >= 4 ? paren[1] - '0' : 0;
      int rank = file != 0 ? paren[2] - '0' : 0;

      if (file < 1 || file > 9 || rank < 1 || rank > 9 || paren[3] != ')')
        return line_error (error, CATUR_RECORD_ERROR_INVALID_MOVE, line,
                           _("the origin must be two digits in parentheses"));
      *move = (SgMove) { (guint8) sg_square_at (file, rank), (guint8) to, 0, promote };
      if (sg_piece_at (pos, move->from, NULL) != kind)
        return line_error (error, CATUR_RECORD_ERROR_ILLEGAL_MOVE, line,
                           _("the piece named does not stand on the origin"));
    }
  else if (drop || paren == NULL)
    {
      if (drop)
        *move = (SgMove) { SG_DROP_FROM, (guint8) to, (guint8) kind, FALSE };
      else if (!sg_move_from_japanese (pos, text, move))
        return line_error (error, CATUR_RECORD_ERROR_ILLEGAL_MOVE, line,
                           _("the move names no legal move"));
    }
  if (!sg_is_legal (pos, *move))
    return line_error (error, CATUR_RECORD_ERROR_ILLEGAL_MOVE, line, _("the move is illegal"));
  return TRUE;
}

static CaturRecord *
read_kif (CaturVariant *variant, const char *data, gsize length, GError **error)
{
  g_autofree char *text = decode (data, length, error);
  g_auto(GStrv) lines = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GPtrArray) tag_names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) tag_values = g_ptr_array_new_with_free_func (g_free);
  GString *comment = NULL;
  SgPosition pos;
  gboolean board_seen = FALSE, moves_seen = FALSE, ended = FALSE;
  int handicap = SG_HANDICAP_NONE, bod_rank = 0;
  guint plies = 0;

  if (text == NULL)
    return NULL;
  sg_position_clear (&pos);
  lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strchomp (lines[i]);
      guint number = i + 1;
      char *key, *value;
      const char *p;

      if (line[0] == '\0' || line[0] == '#' || line[0] == '&')
        continue;
      if (g_str_has_prefix (line, "変化"))
        break;  /* variations follow the main line: only the main line is read */
      if (line[0] == '*')
        {
          if (record == NULL)
            {
              /* A comment before the moves belongs to the start. */
              if (comment == NULL)
                comment = g_string_new (NULL);
              else
                g_string_append_c (comment, '\n');
              g_string_append (comment, line + 1);
              continue;
            }
          {
            const char *before = catur_record_get_comment (record, plies);
            g_autofree char *joined = before != NULL ? g_strconcat (before, "\n", line + 1, NULL)
                                                     : g_strdup (line + 1);

            catur_record_set_comment (record, plies, joined);
          }
          continue;
        }

      if (!moves_seen)
        {
          if (line[0] == '|')
            {
              if (!board_seen)
                sg_position_clear (&pos);
              board_seen = TRUE;
              if (++bod_rank > 9 || !read_bod_row (line, &pos, bod_rank))
                return line_error (error, CATUR_RECORD_ERROR_POSITION, number,
                                   _("the board diagram’s row does not read")), NULL;
              continue;
            }
          if (line[0] == '+' || g_str_has_prefix (line, "  ９") || g_str_has_prefix (line, " ９"))
            continue;
          if (g_str_has_prefix (line, "手数"))
            {
              moves_seen = TRUE;
              continue;
            }
          if (g_str_equal (line, "後手番") || g_str_equal (line, "上手番"))
            {
              pos.side = SG_GOTE;
              continue;
            }
          if (g_str_equal (line, "先手番") || g_str_equal (line, "下手番"))
            {
              pos.side = SG_SENTE;
              continue;
            }
          if (!split_header (line, &key, &value))
            {
              /* Some writers leave out the 手数 line: a move line begins the moves. */
              if (!g_ascii_isdigit (g_strchug (line)[0]))
                return line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                                   _("neither a header nor a move")), NULL;
              moves_seen = TRUE;
            }
          else
            {
              if (g_str_equal (key, "手合割"))
                {
                  handicap = -1;
                  for (int h = 0; h < SG_N_HANDICAPS; h++)
                    if (g_str_equal (value, handicap_words[h]))
                      handicap = h;
                  if (handicap < 0 && !g_str_equal (value, "その他"))
                    return line_error (error, CATUR_RECORD_ERROR_POSITION, number,
                                       _("Catur does not know this handicap")), NULL;
                }
              else if (g_str_has_suffix (key, "の持駒"))
                {
                  int side = g_str_has_prefix (key, "後手") || g_str_has_prefix (key, "上手")
                             ? SG_GOTE : SG_SENTE;

                  if (!board_seen)
                    sg_position_clear (&pos), board_seen = TRUE;
                  if (!read_bod_hand (value, &pos, side))
                    return line_error (error, CATUR_RECORD_ERROR_POSITION, number,
                                       _("the pieces in hand do not read")), NULL;
                }
              else
                {
                  const char *tag = tag_of_kif (key);

                  g_ptr_array_add (tag_names, g_strdup (tag));
                  g_ptr_array_add (tag_values, g_str_equal (tag, "Date") ? date_of_kif (value)
                                                                          : g_strdup (value));
                }
              continue;
            }
        }

      /* The moves: `   1 ７六歩(77)   ( 0:05/00:00:05)`, or an end word, or a summary. */
      if (record == NULL)
        {
          if (!board_seen)
            sg_position_init_handicap (&pos, handicap > 0 ? handicap : SG_HANDICAP_NONE);
          else
            {
              g_autofree char *problem = NULL;
              int field;

              pos.key = sg_position_compute_key (&pos);
              problem = sg_position_problem (&pos, &field);
              if (problem != NULL)
                return line_error (error, CATUR_RECORD_ERROR_POSITION, number, "%s",
                                   problem), NULL;
            }
          record = catur_record_new (variant, new_position (variant, &pos));
          for (guint t = 0; t < tag_names->len; t++)
            catur_record_set_tag (record, tag_names->pdata[t], tag_values->pdata[t]);
          if (comment != NULL)
            {
              catur_record_set_comment (record, 0, comment->str);
              g_string_free (comment, TRUE);
              comment = NULL;
            }
        }
      if (g_str_has_prefix (line, "まで"))
        continue;
      p = g_strchug (line);
      if (!g_ascii_isdigit (*p))
        return line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                           _("a move line must begin with its number")), NULL;
      while (g_ascii_isdigit (*p))
        p++;
      while (*p == ' ')
        p++;
      if (ended)
        return line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                           _("a move after the end of the game")), NULL;
      {
        g_autofree char *word = g_strdup (p);
        char *space = strstr (word, " ");
        SgMove move;

        if (space != NULL)
          *space = '\0';
        /* The time, in parentheses, follows after spaces: the origin "(77)" does not. */
        if (g_str_equal (word, "投了") || g_str_equal (word, "詰み")
            || g_str_equal (word, "反則負け") || g_str_equal (word, "切れ負け"))
          {
            set_result (record, pos.side ^ 1);
            ended = TRUE;
            continue;
          }
        if (g_str_equal (word, "反則勝ち"))
          {
            set_result (record, pos.side);
            ended = TRUE;
            continue;
          }
        if (g_str_equal (word, "入玉勝ち"))
          {
            catur_record_append_move (record, &(CaturMove) { CATUR_SQUARE_NONE,
                                                              CATUR_SQUARE_NONE, 0,
                                                              CATUR_MOVE_DECLARE });
            set_result (record, pos.side);
            ended = TRUE;
            continue;
          }
        if (g_str_equal (word, "千日手") || g_str_equal (word, "持将棋"))
          {
            set_result (record, -1);
            ended = TRUE;
            continue;
          }
        if (g_str_equal (word, "中断") || g_str_equal (word, "封じ手"))
          {
            ended = TRUE;
            continue;
          }
        if (!read_kif_move (&pos, word, &move, error, number))
          return NULL;
        {
          CaturMove real = catur_move_of (&pos, move);

          catur_record_append_move (record, &real);
        }
        sg_play (&pos, move);
        plies++;
      }
    }

  if (record == NULL)
    {
      /* A record of no moves: a position, with its headers and comment. */
      g_autofree char *problem = NULL;
      int field;

      if (!board_seen)
        sg_position_init_handicap (&pos, handicap > 0 ? handicap : SG_HANDICAP_NONE);
      pos.key = sg_position_compute_key (&pos);
      problem = sg_position_problem (&pos, &field);
      if (problem != NULL)
        {
          if (comment != NULL)
            g_string_free (comment, TRUE);
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION,
                       _("The board diagram is no position: %s"), problem);
          return NULL;
        }
      record = catur_record_new (variant, new_position (variant, &pos));
      for (guint t = 0; t < tag_names->len; t++)
        catur_record_set_tag (record, tag_names->pdata[t], tag_values->pdata[t]);
      if (comment != NULL)
        {
          catur_record_set_comment (record, 0, comment->str);
          g_string_free (comment, TRUE);
        }
    }
  return g_steal_pointer (&record);
}

static const char *
kif_tag_name (const char *tag, gboolean handicap)
{
  if (g_str_equal (tag, "Sente"))
    return handicap ? "下手" : "先手";
  if (g_str_equal (tag, "Gote"))
    return handicap ? "上手" : "後手";
  for (guint i = 0; i < G_N_ELEMENTS (kif_tags); i++)
    if (g_str_equal (kif_tags[i].tag, tag))
      return kif_tags[i].kif;
  return tag;
}

static void
write_bod_hand (GString *out, const SgPosition *pos, int side)
{
  static const char * const counts[] = {
    "", "", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三",
    "十四", "十五", "十六", "十七", "十八",
  };
  gboolean any = FALSE;

  g_string_append (out, side == SG_SENTE ? "先手の持駒：" : "後手の持駒：");
  for (int i = 0; i < SG_HAND_KINDS; i++)
    {
      int kind = sg_hand_order[i], count = pos->hand[side][kind];

      if (count == 0)
        continue;
      g_string_append_printf (out, "%s%s　", bod_pieces[kind], counts[MIN (count, 18)]);
      any = TRUE;
    }
  if (!any)
    g_string_append (out, "なし");
  g_string_append_c (out, '\n');
}

static void
write_bod (GString *out, const SgPosition *pos)
{
  write_bod_hand (out, pos, SG_GOTE);
  g_string_append (out, "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
  for (int rank = 1; rank <= SG_RANKS; rank++)
    {
      g_string_append_c (out, '|');
      for (int file = SG_FILES; file >= 1; file--)
        {
          int side = SG_SENTE;
          int kind = sg_piece_at (pos, sg_square_at (file, rank), &side);

          if (kind == SG_NONE)
            g_string_append (out, " ・");
          else
            g_string_append_printf (out, "%c%s", side == SG_GOTE ? 'v' : ' ', bod_pieces[kind]);
        }
      g_string_append_printf (out, "|%s\n", sg_japanese_rank (rank));
    }
  g_string_append (out, "+---------------------------+\n");
  write_bod_hand (out, pos, SG_SENTE);
  if (pos->side == SG_GOTE)
    g_string_append (out, "後手番\n");
}

static void
write_kif_comment (GString *out, const char *comment)
{
  g_auto(GStrv) parts = NULL;

  if (comment == NULL)
    return;
  parts = g_strsplit (comment, "\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    g_string_append_printf (out, "*%s\n", parts[i]);
}

static char *
write_kif (CaturRecord *record, GError **error)
{
  GString *out = g_string_new (NULL);
  SgPosition pos = *SG (catur_record_get_start (record));
  int handicap = sg_position_find_handicap (&pos);
  g_auto(GStrv) names = catur_record_dup_tag_names (record);
  guint n = catur_record_get_n_moves (record);
  guint played = 0;
  Ending ending;

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *value = catur_record_get_tag (record, names[i]);

      if (g_str_equal (names[i], "Result"))
        continue;
      if (g_str_equal (names[i], "Date"))
        {
          g_autofree char *date = g_strdup (value);

          g_strdelimit (date, ".", '/');
          g_string_append_printf (out, "開始日時：%s\n", date);
          continue;
        }
      if (!kif_key_ok (kif_tag_name (names[i], handicap > 0)) || strchr (value, '\n') != NULL)
        continue;
      g_string_append_printf (out, "%s：%s\n", kif_tag_name (names[i], handicap > 0), value);
    }
  if (handicap >= 0)
    g_string_append_printf (out, "手合割：%s\n", handicap_words[handicap]);
  else
    write_bod (out, &pos);
  write_kif_comment (out, catur_record_get_comment (record, 0));
  g_string_append (out, "手数----指手---------消費時間--\n");

  for (guint i = 0; i < n; i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      char buf[SG_NOTATION_SIZE];
      SgMove sg_move;

      if (move->flags & CATUR_MOVE_DECLARE)
        break;
      sg_move_of (move, &sg_move);
      sg_move_to_japanese (&pos, sg_move, SG_JAPANESE_KIF, buf);
      /* The origin follows in KIF, which leaves out the words that would tell the piece. */
      if (sg_move.from != SG_DROP_FROM)
        {
          g_autoptr(GString) plain = g_string_new (NULL);
          int kind = sg_piece_at (&pos, sg_move.from, NULL);

          if (sg_move.to == pos.last_to)
            g_string_append_printf (plain, "同%s", g_utf8_strlen (sg_japanese_piece (kind), -1) == 1
                                                   ? "　" : "");
          else
            g_string_append_printf (plain, "%s%s", sg_japanese_file (sg_file_number (sg_move.to)),
                                    sg_japanese_rank (sg_rank_number (sg_move.to)));
          g_string_append (plain, sg_japanese_piece (kind));
          if (sg_move.promote)
            g_string_append (plain, "成");
          else if (g_str_has_suffix (buf, "不成"))
            g_string_append (plain, "不成");
          g_string_append_printf (plain, "(%d%d)", sg_file_number (sg_move.from),
                                  sg_rank_number (sg_move.from));
          g_strlcpy (buf, plain->str, sizeof buf);
        }
      else
        {
          /* KIF writes every drop with 打. */
          g_snprintf (buf, sizeof buf, "%s%s%s打", sg_japanese_file (sg_file_number (sg_move.to)),
                      sg_japanese_rank (sg_rank_number (sg_move.to)),
                      sg_japanese_piece (sg_move.drop));
        }
      g_string_append_printf (out, "%4u %s\n", i + 1, buf);
      write_kif_comment (out, catur_record_get_comment (record, i + 1));
      sg_play (&pos, sg_move);
      played++;
    }

  ending = record_ending (record, &pos);
  switch (ending)
    {
    case ENDING_MATE:
      g_string_append_printf (out, "%4u 詰み\n", played + 1);
      break;
    case ENDING_RESIGN:
      g_string_append_printf (out, "%4u 投了\n", played + 1);
      break;
    case ENDING_WIN_BY_OTHER:
      g_string_append_printf (out, "%4u 反則勝ち\n", played + 1);
      break;
    case ENDING_DRAW:
      g_string_append_printf (out, "%4u 千日手\n", played + 1);
      break;
    case ENDING_DECLARED:
      /* A declaration judged a draw (the 24-point rule's 24 to 30) is jishōgi; one judged
       * short of the points loses as a foul. */
      g_string_append_printf (out, "%4u %s\n", played + 1,
                              g_strcmp0 (catur_record_get_tag (record, "Result"), "1/2-1/2") == 0
                              ? "持将棋" : declarer_won (record, &pos) ? "入玉勝ち" : "反則負け");
      break;
    case ENDING_NONE:
    default:
      break;
    }
  if (ending == ENDING_MATE || ending == ENDING_RESIGN)
    g_string_append_printf (out, "まで%u手で%sの勝ち\n", played,
                            (pos.side ^ 1) == SG_SENTE ? (handicap > 0 ? "下手" : "先手")
                                                       : (handicap > 0 ? "上手" : "後手"));
  return g_string_free (out, FALSE);
}

/* CSA */

static const char * const csa_codes[SG_N_KINDS] = {
  [SG_KING] = "OU", [SG_ROOK] = "HI", [SG_BISHOP] = "KA", [SG_GOLD] = "KI",
  [SG_SILVER] = "GI", [SG_KNIGHT] = "KE", [SG_LANCE] = "KY", [SG_PAWN] = "FU",
  [SG_DRAGON] = "RY", [SG_HORSE] = "UM", [SG_PSILVER] = "NG", [SG_PKNIGHT] = "NK",
  [SG_PLANCE] = "NY", [SG_TOKIN] = "TO",
};

static int
csa_kind (const char *code)
{
  for (int kind = SG_KING; kind < SG_N_KINDS; kind++)
    if (csa_codes[kind] != NULL && strncmp (code, csa_codes[kind], 2) == 0)
      return kind;
  return SG_NONE;
}

static gboolean
csa_square (const char *text, int *square)
{
  if (text[0] < '1' || text[0] > '9' || text[1] < '1' || text[1] > '9')
    return FALSE;
  *square = sg_square_at (text[0] - '0', text[1] - '0');
  return TRUE;
}

/* `+7776FU`: the piece code is the piece after the move, so a promotion shows a new code. */
static gboolean
read_csa_move (SgPosition *pos, const char *text, SgMove *move, GError **error, guint line)
{
  int from = 0, to, kind, before;

  if (strlen (text) < 7 || (text[0] == '+') != (pos->side == SG_SENTE))
    return line_error (error, CATUR_RECORD_ERROR_INVALID_MOVE, line,
                       text[0] == '+' || text[0] == '-' ? _("the move is not the side to move’s")
                                                        : _("the move does not read"));
  kind = csa_kind (text + 5);
  if (!csa_square (text + 3, &to) || kind == SG_NONE)
    return line_error (error, CATUR_RECORD_ERROR_INVALID_MOVE, line, _("the move does not read"));
  if (text[1] == '0' && text[2] == '0')
    *move = (SgMove) { SG_DROP_FROM, (guint8) to, (guint8) kind, FALSE };
  else
    {
      if (!csa_square (text + 1, &from))
        return line_error (error, CATUR_RECORD_ERROR_INVALID_MOVE, line,
                           _("the move does not read"));
      before = sg_piece_at (pos, from, NULL);
      if (before != kind && !(SG_CAN_PROMOTE (before) && SG_PROMOTED (before) == kind))
        return line_error (error, CATUR_RECORD_ERROR_ILLEGAL_MOVE, line,
                           _("the piece named does not stand on the origin"));
      *move = (SgMove) { (guint8) from, (guint8) to, 0, before != kind };
    }
  if (!sg_is_legal (pos, *move))
    return line_error (error, CATUR_RECORD_ERROR_ILLEGAL_MOVE, line, _("the move is illegal"));
  return TRUE;
}

/* `P1-KY-KE…`: nine cells of three characters. */
static gboolean
read_csa_row (const char *text, SgPosition *pos, int rank)
{
  const char *p = text + 2;

  for (int file = SG_FILES; file >= 1; file--, p += 3)
    {
      int kind;

      /* An empty square is ` * `; the blank after the last one is often stripped. */
      if (p[0] == ' ' && p[1] == '*' && (p[2] == ' ' || (p[2] == '\0' && file == 1)))
        {
          if (p[2] == '\0')
            break;
          continue;
        }
      if (strlen (p) < 3)
        return FALSE;
      kind = csa_kind (p + 1);
      if ((p[0] != '+' && p[0] != '-') || kind == SG_NONE)
        return FALSE;
      sg_put_piece (pos, sg_square_at (file, rank), kind, p[0] == '+' ? SG_SENTE : SG_GOTE);
    }
  return TRUE;
}

/* `P+00FU00KA` (pieces in hand), `P-63KI` (on the board), `P-00AL` (the rest in hand). */
static gboolean
read_csa_pieces (const char *text, SgPosition *pos)
{
  int side = text[1] == '+' ? SG_SENTE : SG_GOTE;

  for (const char *p = text + 2; *p != '\0'; p += 4)
    {
      int kind, square;

      if (strlen (p) < 4)
        return FALSE;
      if (strncmp (p, "00AL", 4) == 0)
        {
          static const int set[SG_PAWN + 1] = { 0, 2, 2, 2, 4, 4, 4, 4, 18 };

          for (int k = SG_ROOK; k <= SG_PAWN; k++)
            {
              int used = pos->hand[0][k] + pos->hand[1][k];

              for (int sq = 0; sq < SG_SQUARES; sq++)
                used += pos->cell[sq] != 0 && SG_UNPROMOTED (SG_CELL_KIND (pos->cell[sq])) == k;
              pos->hand[side][k] += (guint8) MAX (set[k] - used, 0);
            }
          continue;
        }
      kind = csa_kind (p + 2);
      if (kind == SG_NONE)
        return FALSE;
      if (p[0] == '0' && p[1] == '0')
        {
          if (kind < SG_ROOK || kind > SG_PAWN)
            return FALSE;
          pos->hand[side][kind] = (guint8) MIN (pos->hand[side][kind] + 1, 40);
        }
      else if (csa_square (p, &square))
        sg_put_piece (pos, square, kind, side);
      else
        return FALSE;
    }
  return TRUE;
}

/* `PI82HI22KA`: the even start without those pieces. */
static gboolean
read_csa_pi (const char *text, SgPosition *pos)
{
  sg_position_init_start (pos);
  for (const char *p = text + 2; *p != '\0'; p += 4)
    {
      int square;

      if (strlen (p) < 4 || !csa_square (p, &square) || sg_piece_at (pos, square, NULL) != csa_kind (p + 2))
        return FALSE;
      sg_put_piece (pos, square, SG_NONE, SG_SENTE);
    }
  return TRUE;
}

static const struct { const char *csa; const char *tag; } csa_tags[] = {
  { "EVENT", "Event" }, { "SITE", "Site" }, { "START_TIME", "Date" }, { "OPENING", "Opening" },
};

static CaturRecord *
read_csa (CaturVariant *variant, const char *data, gsize length, GError **error)
{
  g_autofree char *text = decode (data, length, error);
  g_auto(GStrv) lines = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  SgPosition pos;
  gboolean setup = FALSE, ended = FALSE, version_seen = FALSE;
  guint plies = 0;

  if (text == NULL)
    return NULL;
  sg_position_clear (&pos);
  lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *whole = g_strchomp (lines[i]);
      /* Several statements share a line, split by commas, among the moves; a comment, a name
       * or a header runs to the end of its line. */
      g_auto(GStrv) statements = strchr ("'N$", whole[0]) != NULL && whole[0] != '\0'
                                 ? g_strsplit (whole, "\n", -1)
                                 : g_strsplit (whole, ",", -1);
      guint number = i + 1;

      for (guint s = 0; statements[s] != NULL; s++)
        {
          char *line = g_strstrip (statements[s]);

          if (line[0] == '\0')
            continue;
          if (line[0] == '\'')
            {
              const char *comment = line[1] == '*' ? line + 2 : line + 1;

              if (g_str_has_prefix (line, "'CSA encoding="))
                continue;
              if (record == NULL)
                continue;
              {
                const char *before = catur_record_get_comment (record, plies);
                g_autofree char *joined = before != NULL ? g_strconcat (before, "\n", comment, NULL)
                                                         : g_strdup (comment);

                catur_record_set_comment (record, plies, joined);
              }
              continue;
            }
          if (line[0] == 'V')
            {
              version_seen = TRUE;
              continue;
            }
          if (line[0] == 'N' && (line[1] == '+' || line[1] == '-'))
            {
              g_ptr_array_add (tags, g_strdup (line[1] == '+' ? "Sente" : "Gote"));
              g_ptr_array_add (tags, g_strdup (line + 2));
              continue;
            }
          if (line[0] == '$')
            {
              char *colon = strchr (line, ':');
              const char *tag;

              if (colon == NULL)
                continue;
              *colon = '\0';
              tag = line + 1;
              for (guint t = 0; t < G_N_ELEMENTS (csa_tags); t++)
                if (g_str_equal (csa_tags[t].csa, tag))
                  tag = csa_tags[t].tag;
              g_ptr_array_add (tags, g_strdup (tag));
              g_ptr_array_add (tags, g_str_equal (tag, "Date") ? date_of_kif (colon + 1)
                                                              : g_strdup (colon + 1));
              continue;
            }
          if (line[0] == 'T' && record != NULL)
            continue;
          if (line[0] == 'P' && record == NULL)
            {
              gboolean ok;

              if (line[1] == 'I')
                ok = read_csa_pi (line, &pos);
              else if (line[1] >= '1' && line[1] <= '9')
                ok = read_csa_row (line, &pos, line[1] - '0');
              else if (line[1] == '+' || line[1] == '-')
                ok = read_csa_pieces (line, &pos);
              else
                ok = FALSE;
              if (!ok)
                return line_error (error, CATUR_RECORD_ERROR_POSITION, number,
                                   _("the start position does not read")), NULL;
              setup = TRUE;
              continue;
            }
          if ((line[0] == '+' || line[0] == '-') && line[1] == '\0' && record == NULL)
            {
              g_autofree char *problem = NULL;
              int field;

              if (!setup)
                return line_error (error, CATUR_RECORD_ERROR_POSITION, number,
                                   _("the side to move comes before the position")), NULL;
              pos.side = line[0] == '+' ? SG_SENTE : SG_GOTE;
              pos.key = sg_position_compute_key (&pos);
              problem = sg_position_problem (&pos, &field);
              if (problem != NULL)
                return line_error (error, CATUR_RECORD_ERROR_POSITION, number, "%s",
                                   problem), NULL;
              record = catur_record_new (variant, new_position (variant, &pos));
              for (guint t = 0; t + 1 < tags->len; t += 2)
                catur_record_set_tag (record, tags->pdata[t], tags->pdata[t + 1]);
              continue;
            }
          if (record == NULL)
            return line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                               version_seen ? _("the moves come before the start position")
                                            : _("this is no CSA record")), NULL;
          if (ended)
            return line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                               _("a move after the end of the game")), NULL;
          if (line[0] == '%')
            {
              ended = TRUE;
              if (g_str_equal (line, "%TORYO") || g_str_equal (line, "%TIME_UP")
                  || g_str_equal (line, "%TSUMI"))
                set_result (record, pos.side ^ 1);
              else if (g_str_equal (line, "%KACHI"))
                {
                  catur_record_append_move (record, &(CaturMove) { CATUR_SQUARE_NONE,
                                                                    CATUR_SQUARE_NONE, 0,
                                                                    CATUR_MOVE_DECLARE });
                  set_result (record, pos.side);
                }
              else if (g_str_equal (line, "%SENNICHITE") || g_str_equal (line, "%JISHOGI"))
                set_result (record, -1);
              continue;
            }
          if (line[0] == '+' || line[0] == '-')
            {
              SgMove move;
              CaturMove real;

              if (!read_csa_move (&pos, line, &move, error, number))
                return NULL;
              real = catur_move_of (&pos, move);
              catur_record_append_move (record, &real);
              sg_play (&pos, move);
              plies++;
              continue;
            }
          return line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                             _("the line does not read")), NULL;
        }
    }
  if (record == NULL)
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                           _("The file has no CSA start position"));
      return NULL;
    }
  return g_steal_pointer (&record);
}

static gboolean
is_ascii (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar) *p >= 0x80)
      return FALSE;
  return TRUE;
}

static void
write_csa_comment (GString *out, const char *comment)
{
  g_auto(GStrv) parts = NULL;

  if (comment == NULL)
    return;
  parts = g_strsplit (comment, "\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    g_string_append_printf (out, "'*%s\n", parts[i]);
}

static char *
write_csa (CaturRecord *record, GError **error)
{
  GString *out = g_string_new (NULL);
  SgPosition pos = *SG (catur_record_get_start (record));
  g_auto(GStrv) names = catur_record_dup_tag_names (record);
  int handicap = sg_position_find_handicap (&pos);
  guint n = catur_record_get_n_moves (record);
  Ending ending;

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *value = catur_record_get_tag (record, names[i]);

      if (strchr (value, '\n') != NULL)
        continue;
      if (g_str_equal (names[i], "Sente"))
        g_string_append_printf (out, "N+%s\n", value);
      else if (g_str_equal (names[i], "Gote"))
        g_string_append_printf (out, "N-%s\n", value);
    }
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *value = catur_record_get_tag (record, names[i]);

      for (guint t = 0; t < G_N_ELEMENTS (csa_tags); t++)
        if (g_str_equal (csa_tags[t].tag, names[i]) && strchr (value, '\n') == NULL)
          {
            g_autofree char *text = g_strdup (value);

            if (g_str_equal (names[i], "Date"))
              g_strdelimit (text, ".", '/');
            g_string_append_printf (out, "$%s:%s\n", csa_tags[t].csa, text);
          }
    }

  if (handicap >= 0)
    {
      SgPosition even;

      sg_position_init_start (&even);
      g_string_append (out, "PI");
      for (int sq = SG_SQUARES - 1; sq >= 0; sq--)
        if (even.cell[sq] != 0 && pos.cell[sq] == 0)
          g_string_append_printf (out, "%d%d%s", sg_file_number (sq), sg_rank_number (sq),
                                  csa_codes[SG_CELL_KIND (even.cell[sq])]);
      g_string_append_c (out, '\n');
    }
  else
    {
      for (int rank = 1; rank <= SG_RANKS; rank++)
        {
          g_string_append_printf (out, "P%d", rank);
          for (int file = SG_FILES; file >= 1; file--)
            {
              int side = SG_SENTE;
              int kind = sg_piece_at (&pos, sg_square_at (file, rank), &side);

              if (kind == SG_NONE)
                g_string_append (out, " * ");
              else
                g_string_append_printf (out, "%c%s", side == SG_SENTE ? '+' : '-',
                                        csa_codes[kind]);
            }
          g_string_append_c (out, '\n');
        }
      for (int side = 0; side < 2; side++)
        {
          gboolean any = FALSE;

          for (int i = 0; i < SG_HAND_KINDS; i++)
            for (int c = 0; c < pos.hand[side][sg_hand_order[i]]; c++)
              {
                if (!any)
                  g_string_append (out, side == SG_SENTE ? "P+" : "P-");
                any = TRUE;
                g_string_append_printf (out, "00%s", csa_codes[sg_hand_order[i]]);
              }
          if (any)
            g_string_append_c (out, '\n');
        }
    }
  g_string_append (out, pos.side == SG_SENTE ? "+\n" : "-\n");
  write_csa_comment (out, catur_record_get_comment (record, 0));

  for (guint i = 0; i < n; i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      SgMove sg_move;
      int kind;

      if (move->flags & CATUR_MOVE_DECLARE)
        break;
      sg_move_of (move, &sg_move);
      if (sg_move.from == SG_DROP_FROM)
        g_string_append_printf (out, "%c00%d%d%s\n", pos.side == SG_SENTE ? '+' : '-',
                                sg_file_number (sg_move.to), sg_rank_number (sg_move.to),
                                csa_codes[sg_move.drop]);
      else
        {
          kind = sg_piece_at (&pos, sg_move.from, NULL);
          if (sg_move.promote)
            kind = SG_PROMOTED (kind);
          g_string_append_printf (out, "%c%d%d%d%d%s\n", pos.side == SG_SENTE ? '+' : '-',
                                  sg_file_number (sg_move.from), sg_rank_number (sg_move.from),
                                  sg_file_number (sg_move.to), sg_rank_number (sg_move.to),
                                  csa_codes[kind]);
        }
      write_csa_comment (out, catur_record_get_comment (record, i + 1));
      sg_play (&pos, sg_move);
    }

  ending = record_ending (record, &pos);
  switch (ending)
    {
    case ENDING_MATE:
      g_string_append (out, "%TSUMI\n");
      break;
    case ENDING_RESIGN:
      g_string_append (out, "%TORYO\n");
      break;
    case ENDING_DRAW:
      g_string_append (out, "%SENNICHITE\n");
      break;
    case ENDING_DECLARED:
      g_string_append (out, g_strcmp0 (catur_record_get_tag (record, "Result"), "1/2-1/2") == 0
                            ? "%JISHOGI\n" : declarer_won (record, &pos) ? "%KACHI\n"
                            : "%ILLEGAL_MOVE\n");
      break;
    case ENDING_WIN_BY_OTHER:
      g_string_append (out, "%ILLEGAL_MOVE\n");
      break;
    case ENDING_NONE:
    default:
      break;
    }
  /* V2.2 is Shift_JIS; text that is not ASCII goes in V3.0, which may say UTF-8. */
  g_string_prepend (out, is_ascii (out->str) ? "V2.2\n" : "'CSA encoding=UTF-8\nV3.0\n");
  return g_string_free (out, FALSE);
}

/* The formats */

CaturRecord *
sg_record_read (CaturVariant  *variant,
                const char    *format_id,
                const char    *data,
                gsize          length,
                GError       **error)
{
  sg_init ();
  if (g_str_equal (format_id, "sfen"))
    return catur_pgn_read_position_file (variant, data, length, CATUR_PGN_ENCODING_UTF8, error);
  if (g_str_equal (format_id, "kif"))
    return read_kif (variant, data, length, error);
  if (g_str_equal (format_id, "csa"))
    return read_csa (variant, data, length, error);
  g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
               _("Shogi has no record format “%s”"), format_id);
  return NULL;
}

char *
sg_record_write (const char   *format_id,
                 CaturRecord  *record,
                 GError      **error)
{
  if (!check_moves (record, error))
    return NULL;
  if (g_str_equal (format_id, "sfen"))
    {
      g_autoptr(CaturPosition) final = catur_record_dup_final_position (record);
      g_autofree char *sfen = sg_position_to_sfen (SG (final));

      return g_strconcat (sfen, "\n", NULL);
    }
  if (g_str_equal (format_id, "kif"))
    return write_kif (record, error);
  if (g_str_equal (format_id, "csa"))
    return write_csa (record, error);
  g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
               _("Shogi has no record format “%s”"), format_id);
  return NULL;
}
