/* shogi-kif.c: KIF, the Japanese game record (RULES.md S15)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Kakinoki's format: headers `key：value`, a board diagram (BOD) for a set-up start, moves in
 * Japanese notation with their origin, `*` comments and an end word. `.kif` files are
 * Shift_JIS (CP932) and `.kifu` files UTF-8; the reader takes either, the writer's text is
 * UTF-8, as the contract asks: the format `kif-sjis` declares CP932, which
 * catur_variant_write_record_file() converts it to for a `.kif`.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "shogi-notation.h"
#include "shogi-record-private.h"
#include "shogi-variant.h"

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

/* A header's name without the spaces and zero-width no-break spaces (U+FEFF, a byte-order mark
 * that another tool left after its own) around it: kept, such a mark would open the written
 * file, where every reader takes it for the file's byte-order mark. */
static char *
strip_key (char *key)
{
  for (;;)
    {
      g_strstrip (key);
      if (g_str_has_prefix (key, "\xef\xbb\xbf"))
        memmove (key, key + 3, strlen (key + 3) + 1);
      else if (g_str_has_suffix (key, "\xef\xbb\xbf"))
        key[strlen (key) - 3] = '\0';
      else
        return key;
    }
}

/* @text without the spaces around it, ideographic ones (U+3000) too: Kifu for Windows pads
 * header values with them (`手合割：平手　　`). */
static char *
strip_wide (char *text)
{
  char *start = text;
  gsize length;

  for (;;)
    {
      g_strstrip (start);
      if (g_str_has_prefix (start, "\u3000"))
        start += strlen ("\u3000");
      else if (g_str_has_suffix (start, "\u3000"))
        start[strlen (start) - strlen ("\u3000")] = '\0';
      else
        break;
    }
  length = strlen (start);
  memmove (text, start, length + 1);
  return text;
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
  *key = strip_key (line);
  *value = strip_wide (colon + skip);
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


/* The clock: KIF's `持ち時間` header
 *
 * The forms other programs write (no published grammar; these are the ones seen in files of
 * Kifu for Windows, ShogiGUI, Shogi Club 24, 81Dojo and Shogi Wars): a time for each player
 * (`各10分`, `1時間30分`, digits ASCII or full-width), then nothing or `切れ負け` (sudden
 * death), a byoyomi (`+30秒`, `（秒読み30秒）`, `(1手30秒)`, or a header `秒読み：30秒` of its
 * own), or an increment (`（1手ごとに10秒加算）`). Catur writes `各10分（秒読み30秒）`, with
 * `×3回` for periods; a clock no such words say (a time a move, a delay) goes in a
 * `TimeControl：` header of Catur's own words instead. A header that reads as none of these
 * stays a header, as text. */

/* @value without spaces and 各, its full-width digits and signs as ASCII. */
static char *
kif_clock_text (const char *value)
{
  GString *out = g_string_new (NULL);

  for (const char *p = value; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || c == 0x3000 || c == 0x5404)  /* 各 */
        continue;
      if (c >= 0xff10 && c <= 0xff19)
        g_string_append_c (out, (char) ('0' + (c - 0xff10)));
      else if (c == 0xff08 || c == 0xff09 || c == 0xff0b)  /* （ ） ＋ */
        g_string_append_c (out, (char) (c - 0xff00 + 0x20));
      else if (c == 0x00d7 || c == 0xff58)  /* × ｘ */
        g_string_append_c (out, 'x');
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* `1時間30分`, `30秒`: seconds, at *@p, which moves past it. */
static gboolean
kif_clock_duration (const char **p,
                    guint       *seconds)
{
  static const struct { const char *unit; guint scale; } units[] = {
    { "時間", 3600 }, { "分", 60 }, { "秒", 1 },
  };
  gboolean any = FALSE;

  *seconds = 0;
  while (g_ascii_isdigit (**p))
    {
      char *end = NULL;
      guint64 number = g_ascii_strtoull (*p, &end, 10);
      gboolean unit = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (units) && !unit; i++)
        if (g_str_has_prefix (end, units[i].unit))
          {
            if (number > 100000)
              return FALSE;
            *seconds += (guint) number * units[i].scale;
            *p = end + strlen (units[i].unit);
            unit = TRUE;
          }
      if (!unit)
        return FALSE;
      any = TRUE;
    }
  return any && *seconds <= 1000000;
}

static gboolean
skip_word (const char **p,
           const char  *word)
{
  if (!g_str_has_prefix (*p, word))
    return FALSE;
  *p += strlen (word);
  return TRUE;
}

/* The clock of a `持ち時間` header's @value, with the `秒読み` header's @byoyomi (or %NULL). */
static gboolean
kif_clock_read (const char       *value,
                const char       *byoyomi,
                CaturTimeControl *control)
{
  g_autofree char *text = kif_clock_text (value);
  g_autofree char *inner = NULL;
  g_autofree char *written = NULL;
  const char *p = text;
  CaturTimeControl read = { CATUR_CLOCK_SUDDEN_DEATH, 0, 0, 0 };
  gsize length;

  if (!g_str_has_prefix (p, "秒読み") && !kif_clock_duration (&p, &read.main))
    return FALSE;
  length = strlen (p);
  if (p[0] == '(' && length > 1 && p[length - 1] == ')')
    p = inner = g_strndup (p + 1, length - 2);
  if (*p != '\0' && !g_str_equal (p, "切れ負け"))
    {
      gboolean increment = FALSE;

      skip_word (&p, "+");
      if (!skip_word (&p, "秒読み") && !skip_word (&p, "1手ごとに") && !skip_word (&p, "1手"))
        increment = skip_word (&p, "加算");
      if (!kif_clock_duration (&p, &read.extra) || read.extra == 0)
        return FALSE;
      increment |= skip_word (&p, "加算");
      read.kind = increment ? CATUR_CLOCK_FISCHER : CATUR_CLOCK_BYOYOMI;
      read.periods = increment ? 0 : 1;
      if (!increment && skip_word (&p, "x"))
        {
          char *end = NULL;

          read.periods = (guint) MIN (g_ascii_strtoull (p, &end, 10), 1000);
          if (end == p)
            return FALSE;
          p = end;
          skip_word (&p, "回");
        }
      if (*p != '\0')
        return FALSE;
    }
  if (byoyomi != NULL)
    {
      g_autofree char *more = kif_clock_text (byoyomi);
      const char *q = more;
      guint extra = 0;

      if (!g_str_equal (q, "なし") && (!kif_clock_duration (&q, &extra) || *q != '\0'))
        return FALSE;
      if (read.kind == CATUR_CLOCK_SUDDEN_DEATH && extra > 0)
        read = (CaturTimeControl) { CATUR_CLOCK_BYOYOMI, read.main, extra, 1 };
      else if (read.kind != CATUR_CLOCK_SUDDEN_DEATH
               && !(read.kind == CATUR_CLOCK_BYOYOMI && read.extra == extra))
        return FALSE;
    }
  /* Within what Catur's clock keeps: its own text reads back as the same. */
  written = catur_time_control_to_string (&read);
  return catur_time_control_parse (written, control, NULL) && control->kind != CATUR_CLOCK_NONE
         && catur_time_control_equal (control, &read);
}

/* `1時間30分`, `30秒`, `0分` */
static void
kif_clock_write_duration (GString *out,
                          guint    seconds)
{
  if (seconds >= 3600)
    g_string_append_printf (out, "%u時間", seconds / 3600);
  if (seconds % 3600 >= 60)
    g_string_append_printf (out, "%u分", seconds % 3600 / 60);
  if (seconds % 60 != 0)
    g_string_append_printf (out, "%u秒", seconds % 60);
  if (seconds == 0)
    g_string_append (out, "0分");
}

/* The `持ち時間` header's value for @control, or %NULL when KIF has no words for it. */
static char *
kif_clock_write (const CaturTimeControl *control)
{
  GString *out;

  if (control->kind != CATUR_CLOCK_SUDDEN_DEATH && control->kind != CATUR_CLOCK_BYOYOMI
      && control->kind != CATUR_CLOCK_FISCHER)
    return NULL;
  out = g_string_new ("各");
  kif_clock_write_duration (out, control->main);
  switch (control->kind)
    {
    case CATUR_CLOCK_BYOYOMI:
      g_string_append (out, "（秒読み");
      kif_clock_write_duration (out, control->extra);
      if (control->periods > 1)
        g_string_append_printf (out, "×%u回", control->periods);
      g_string_append (out, "）");
      break;
    case CATUR_CLOCK_FISCHER:
      g_string_append (out, "（1手ごとに");
      kif_clock_write_duration (out, control->extra);
      g_string_append (out, "加算）");
      break;
    case CATUR_CLOCK_SUDDEN_DEATH:
    default:
      g_string_append (out, "（切れ負け）");
      break;
    }
  return g_string_free (out, FALSE);
}

/* A record read: its `持ち時間` (and `秒読み`) headers become its TimeControl tag, in their
 * place, when they say a clock Catur keeps. */
static void
kif_read_clock (CaturRecord *record)
{
  const char *value = catur_record_get_tag (record, "持ち時間");
  const char *sente = catur_record_get_tag (record, "先手持ち時間");
  const char *gote = catur_record_get_tag (record, "後手持ち時間");
  CaturTimeControl control, other;
  g_autofree char *text = NULL;

  if (catur_record_get_tag (record, "TimeControl") != NULL)
    return;
  /* Each player's own header, as some writers give them: one clock when they say the same;
   * Catur's clocks are the same for both players, so different ones stay headers. */
  if (value == NULL && sente != NULL && gote != NULL
      && kif_clock_read (sente, catur_record_get_tag (record, "秒読み"), &control)
      && kif_clock_read (gote, catur_record_get_tag (record, "秒読み"), &other)
      && catur_time_control_equal (&control, &other))
    {
      text = catur_time_control_to_string (&control);
      sg_record_rename_tag (record, "先手持ち時間", "TimeControl", text);
      sg_record_rename_tag (record, "後手持ち時間", NULL, NULL);
      sg_record_rename_tag (record, "秒読み", NULL, NULL);
      return;
    }
  if (value == NULL || !kif_clock_read (value, catur_record_get_tag (record, "秒読み"), &control))
    return;
  text = catur_time_control_to_string (&control);
  sg_record_rename_tag (record, "持ち時間", "TimeControl", text);
  sg_record_rename_tag (record, "秒読み", NULL, NULL);
}

/* The move of a KIF move line's text (`７六歩(77)`, `同　銀(31)`, `４五角打`) in @pos, legal or
 * not: the error (%CATUR_RECORD_ERROR_ILLEGAL_MOVE when the text reads but names no move of
 * the piece it names) says what is wrong, for sg_record_move_error(). */
static gboolean
read_kif_move (SgPosition *pos, const char *text, SgMove *move, GError **error)
{
  const char *p = text;
  int to, kind;
  gboolean promote = FALSE, drop = FALSE;
  const char *paren;
  g_autofree char *name = NULL;
  gunichar c = g_utf8_get_char (p);

  /* Some writers mark the mover: ▲ △ (or ☗ ☖) before the move. */
  if (c == 0x25b2 || c == 0x25b3 || c == 0x2617 || c == 0x2616)
    {
      p = text = g_utf8_next_char (p);
      c = g_utf8_get_char (p);
    }
  if (c == 0x540c)  /* 同 */
    {
      to = pos->last_to;
      p = g_utf8_next_char (p);
      while (g_utf8_get_char (p) == 0x3000 || *p == ' ')
        p = g_utf8_next_char (p);
      if (to >= SG_SQUARES)
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                    _("“同” with no move before it")), FALSE;
    }
  else
    {
      int file = (c >= 0xff11 && c <= 0xff19) ? (int) (c - 0xff10)
                 : (c >= '1' && c <= '9') ? (int) (c - '0') : 0;
      const char *after;
      int rank;

      if (file == 0)
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                    _("a move must begin with its square")), FALSE;
      p = g_utf8_next_char (p);
      rank = kanji_number (p, &after);
      if (rank < 1 || rank > 9 || after == p)
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                    _("a move must begin with its square")), FALSE;
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
    return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                _("no piece is named")), FALSE;

  if (paren != NULL && !drop)
    {
      int file = strlen (paren) >= 4 ? paren[1] - '0' : 0;
      int rank = file != 0 ? paren[2] - '0' : 0;

      if (file < 1 || file > 9 || rank < 1 || rank > 9 || paren[3] != ')')
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                    _("the origin must be two digits in parentheses")), FALSE;
      *move = (SgMove) { (guint8) sg_square_at (file, rank), (guint8) to, 0, promote };
      if (sg_piece_at (pos, move->from, NULL) != kind)
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                                    _("the piece named does not stand on the origin")), FALSE;
    }
  else if (drop || paren == NULL)
    {
      if (drop)
        *move = (SgMove) { SG_DROP_FROM, (guint8) to, (guint8) kind, FALSE };
      else if (!sg_move_from_japanese (pos, text, move))
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                                    _("the move names no legal move")), FALSE;
    }
  return TRUE;
}

/* One move or end word of the moves, KIF's or KI2's. */
gboolean
sg_kakinoki_take_word (SgKakinokiReading  *r,
                       const char         *word,
                       guint               number,
                       SgKakinokiMoveFunc  reader,
                       GError            **error)
{
  g_autoptr(GError) move_error = NULL;
  SgMove move = { 0, 0, 0, FALSE };

  if (r->foul != NULL && (g_str_equal (word, "反則勝ち") || g_str_equal (word, "反則負け")))
    {
      /* The illegal move the record names loses the game for the side that played it
       * (written from either side's view); the game keeps the position before it. */
      g_clear_error (&r->foul);
      sg_record_set_ending (r->record, r->pos.side ^ 1, CATUR_REASON_ILLEGAL_MOVE, &r->pos);
      r->ended = TRUE;
      return TRUE;
    }
  if (r->foul != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&r->foul));
      return FALSE;
    }
  if (g_str_equal (word, "詰み"))
    {
      sg_record_set_result (r->record, r->pos.side ^ 1);
      r->ended = TRUE;
      return TRUE;
    }
  if (g_str_equal (word, "投了") || g_str_equal (word, "切れ負け"))
    {
      sg_record_set_ending (r->record, r->pos.side ^ 1, g_str_equal (word, "投了")
                            ? CATUR_REASON_RESIGN : CATUR_REASON_TIME_OUT, &r->pos);
      r->ended = TRUE;
      return TRUE;
    }
  if (g_str_equal (word, "反則負け") || g_str_equal (word, "反則勝ち"))
    {
      sg_record_set_ending (r->record,
                            g_str_equal (word, "反則勝ち") ? r->pos.side : r->pos.side ^ 1,
                            CATUR_REASON_ILLEGAL_MOVE, &r->pos);
      r->ended = TRUE;
      return TRUE;
    }
  if (g_str_equal (word, "入玉勝ち"))
    {
      sg_record_declare (r->record, &r->pos, r->pos.side);
      r->ended = TRUE;
      return TRUE;
    }
  if (g_str_equal (word, "千日手") || g_str_equal (word, "持将棋"))
    {
      sg_record_set_result (r->record, -1);
      r->ended = TRUE;
      return TRUE;
    }
  if (g_str_equal (word, "中断") || g_str_equal (word, "封じ手"))
    {
      r->ended = TRUE;
      return TRUE;
    }
  reader (&r->pos, word, &move, &move_error);
  switch (sg_record_check_move (r->variant, &r->pos, move, g_steal_pointer (&move_error), number,
                                word, &r->foul, error))
    {
    case SG_RECORD_STOP:
      return FALSE;
    case SG_RECORD_FOUL:
      /* Refused unless a foul ending (反則勝ち) follows. */
      return TRUE;
    case SG_RECORD_PLAY:
    default:
      break;
    }
  {
    CaturMove real = sg_record_catur_move (&r->pos, move);

    catur_record_append_move (r->record, &real);
  }
  sg_play (&r->pos, move);
  r->plies++;
  return TRUE;
}

void
sg_kakinoki_reading_clear (SgKakinokiReading *r)
{
  g_clear_error (&r->foul);
}

CaturRecord *
sg_kakinoki_read (CaturVariant *variant,
                  const char   *data,
                  gsize         length,
                  gboolean      ki2,
                  GError      **error)
{
  g_autofree char *text = sg_record_decode (data, length, error);
  g_auto(GStrv) lines = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GPtrArray) tag_names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) tag_values = g_ptr_array_new_with_free_func (g_free);
  g_auto(SgKakinokiReading) r = { .variant = variant };
  GString *comment = NULL;
  gboolean board_seen = FALSE, moves_seen = FALSE;
  int handicap = SG_HANDICAP_NONE, bod_rank = 0;

  if (text == NULL)
    return NULL;
  sg_position_clear (&r.pos);
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
            const char *before = catur_record_get_comment (record, r.plies);
            g_autofree char *joined = before != NULL ? g_strconcat (before, "\n", line + 1, NULL)
                                                     : g_strdup (line + 1);

            catur_record_set_comment (record, r.plies, joined);
          }
          continue;
        }

      if (!moves_seen)
        {
          if (line[0] == '|')
            {
              if (!board_seen)
                sg_position_clear (&r.pos);
              board_seen = TRUE;
              if (++bod_rank > 9 || !read_bod_row (line, &r.pos, bod_rank))
                return sg_record_line_error (error, CATUR_RECORD_ERROR_POSITION, number,
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
              r.pos.side = SG_GOTE;
              continue;
            }
          if (g_str_equal (line, "先手番") || g_str_equal (line, "下手番"))
            {
              r.pos.side = SG_SENTE;
              continue;
            }
          if (!split_header (line, &key, &value))
            {
              /* Some writers leave out the 手数 line: a move line begins the moves; KI2's
               * moves begin with the mover's mark. */
              if (ki2 ? !sg_ki2_begins_moves (line) : !g_ascii_isdigit (g_strchug (line)[0]))
                return sg_record_line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
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
                    return sg_record_line_error (error, CATUR_RECORD_ERROR_POSITION, number,
                                                 _("Catur does not know this handicap")), NULL;
                }
              else if (g_str_has_suffix (key, "の持駒"))
                {
                  int side = g_str_has_prefix (key, "後手") || g_str_has_prefix (key, "上手")
                             ? SG_GOTE : SG_SENTE;

                  if (!board_seen)
                    sg_position_clear (&r.pos), board_seen = TRUE;
                  if (!read_bod_hand (value, &r.pos, side))
                    return sg_record_line_error (error, CATUR_RECORD_ERROR_POSITION, number,
                                                 _("the pieces in hand do not read")), NULL;
                }
              else
                {
                  const char *tag = tag_of_kif (key);

                  g_ptr_array_add (tag_names, g_strdup (tag));
                  g_ptr_array_add (tag_values, g_str_equal (tag, "Date") ? sg_record_date (value)
                                                                          : g_strdup (value));
                }
              continue;
            }
        }

      /* The moves: `   1 ７六歩(77)   ( 0:05/00:00:05)`, or an end word, or a summary. */
      if (record == NULL)
        {
          if (!board_seen)
            sg_position_init_handicap (&r.pos, handicap > 0 ? handicap : SG_HANDICAP_NONE);
          else
            {
              g_autofree char *problem = NULL;
              int field;

              r.pos.key = sg_position_compute_key (&r.pos);
              problem = sg_position_problem (&r.pos, &field);
              if (problem != NULL)
                return sg_record_line_error (error, CATUR_RECORD_ERROR_POSITION, number, "%s",
                                             problem), NULL;
            }
          record = catur_record_new (variant, sg_record_new_position (variant, &r.pos));
          for (guint t = 0; t < tag_names->len; t++)
            catur_record_set_tag (record, tag_names->pdata[t], tag_values->pdata[t]);
          if (comment != NULL)
            {
              catur_record_set_comment (record, 0, comment->str);
              g_string_free (comment, TRUE);
              comment = NULL;
            }
          r.record = record;
        }
      if (ki2)
        {
          if (!sg_ki2_read_line (&r, line, number, error))
            return NULL;
          continue;
        }
      if (g_str_has_prefix (line, "まで"))
        continue;
      p = g_strchug (line);
      if (!g_ascii_isdigit (*p))
        return sg_record_line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                                     _("a move line must begin with its number")), NULL;
      while (g_ascii_isdigit (*p))
        p++;
      while (*p == ' ')
        p++;
      if (r.ended)
        return sg_record_line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                                     _("a move after the end of the game")), NULL;
      {
        g_autofree char *word = g_strdup (p);
        char *space = strstr (word, " ");

        if (space != NULL)
          *space = '\0';
        /* The time, in parentheses, follows after spaces: the origin "(77)" does not. */
        if (!sg_kakinoki_take_word (&r, word, number, read_kif_move, error))
          return NULL;
      }
    }

  if (r.foul != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&r.foul));
      return NULL;
    }
  if (record == NULL)
    {
      /* A record of no moves: a position, with its headers and comment. */
      g_autofree char *problem = NULL;
      int field;

      if (!board_seen)
        sg_position_init_handicap (&r.pos, handicap > 0 ? handicap : SG_HANDICAP_NONE);
      r.pos.key = sg_position_compute_key (&r.pos);
      problem = sg_position_problem (&r.pos, &field);
      if (problem != NULL)
        {
          if (comment != NULL)
            g_string_free (comment, TRUE);
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION,
                       _("The board diagram is no position: %s"), problem);
          return NULL;
        }
      record = catur_record_new (variant, sg_record_new_position (variant, &r.pos));
      for (guint t = 0; t < tag_names->len; t++)
        catur_record_set_tag (record, tag_names->pdata[t], tag_values->pdata[t]);
      if (comment != NULL)
        {
          catur_record_set_comment (record, 0, comment->str);
          g_string_free (comment, TRUE);
        }
    }
  kif_read_clock (record);
  return g_steal_pointer (&record);
}

CaturRecord *
sg_kif_read (CaturVariant *variant, const char *data, gsize length, GError **error)
{
  return sg_kakinoki_read (variant, data, length, FALSE, error);
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

void
sg_kakinoki_write_comment (GString *out, const char *comment)
{
  g_auto(GStrv) parts = NULL;

  if (comment == NULL)
    return;
  parts = g_strsplit (comment, "\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    g_string_append_printf (out, "*%s\n", parts[i]);
}

void
sg_kakinoki_write_head (GString *out, CaturRecord *record)
{
  SgPosition pos = *SG (catur_record_get_start (record));
  int handicap = sg_position_find_handicap (&pos);
  g_auto(GStrv) names = catur_record_dup_tag_names (record);
  CaturTimeControl control;
  gboolean timed = sg_record_get_clock (record, &control);
  g_autofree char *clock = timed ? kif_clock_write (&control) : NULL;

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *value = catur_record_get_tag (record, names[i]);

      if (g_str_equal (names[i], "Result"))
        continue;
      /* The clock in KIF's words, where the tag was; the headers that said it otherwise go. */
      if (clock != NULL && g_str_equal (names[i], "TimeControl"))
        {
          g_string_append_printf (out, "持ち時間：%s\n", clock);
          g_clear_pointer (&clock, g_free);
          continue;
        }
      if (clock != NULL || catur_record_get_tag (record, "TimeControl") != NULL)
        if (g_str_equal (names[i], "持ち時間") || g_str_equal (names[i], "秒読み"))
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
  if (clock != NULL)
    g_string_append_printf (out, "持ち時間：%s\n", clock);
  else if (timed && catur_record_get_tag (record, "TimeControl") == NULL)
    {
      g_autofree char *text = catur_time_control_to_string (&control);

      g_string_append_printf (out, "TimeControl：%s\n", text);
    }
  if (handicap >= 0)
    g_string_append_printf (out, "手合割：%s\n", handicap_words[handicap]);
  else
    write_bod (out, &pos);
  sg_kakinoki_write_comment (out, catur_record_get_comment (record, 0));
}

char *
sg_kif_write (CaturRecord *record, GError **error)
{
  GString *out = g_string_new (NULL);
  SgPosition pos = *SG (catur_record_get_start (record));
  int handicap = sg_position_find_handicap (&pos);
  guint n = catur_record_get_n_moves (record);
  guint played = 0;
  SgRecordEnding ending;

  sg_kakinoki_write_head (out, record);
  g_string_append (out, "手数----指手---------消費時間--\n");

  for (guint i = 0; i < n; i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      char buf[SG_NOTATION_SIZE];
      SgMove sg_move;

      if (move->flags & CATUR_MOVE_DECLARE)
        break;
      sg_record_core_move (move, &sg_move);
      /* The origin follows in KIF, which leaves out the words that would tell the piece. */
      if (sg_move.from != SG_DROP_FROM)
        {
          g_autoptr(GString) plain = g_string_new (NULL);
          int kind = sg_piece_at (&pos, sg_move.from, NULL);

          /* `同` and an ideographic space, whatever the piece's name (`同　成香(92)`), as
           * Kifu for Windows writes it and other readers (tsshogi) expect. */
          if (sg_move.to == pos.last_to)
            g_string_append (plain, "同　");
          else
            g_string_append_printf (plain, "%s%s", sg_japanese_file (sg_file_number (sg_move.to)),
                                    sg_japanese_rank (sg_rank_number (sg_move.to)));
          g_string_append (plain, sg_japanese_piece (kind));
          /* No `不成`: that is KI2's, where no origin says the piece; readers of KIF such as
           * tsshogi lose the move after it. The reader still takes it. */
          if (sg_move.promote)
            g_string_append (plain, "成");
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
      sg_kakinoki_write_comment (out, catur_record_get_comment (record, i + 1));
      sg_play (&pos, sg_move);
      played++;
    }

  ending = sg_record_ending (record, &pos);
  switch (ending)
    {
    case SG_ENDING_MATE:
      g_string_append_printf (out, "%4u 詰み\n", played + 1);
      break;
    case SG_ENDING_RESIGN:
      g_string_append_printf (out, "%4u 投了\n", played + 1);
      break;
    case SG_ENDING_WIN_BY_OTHER:
      g_string_append_printf (out, "%4u 反則勝ち\n", played + 1);
      break;
    case SG_ENDING_FOUL_LOSS:
      g_string_append_printf (out, "%4u 反則負け\n", played + 1);
      break;
    case SG_ENDING_TIME_UP:
      g_string_append_printf (out, "%4u 切れ負け\n", played + 1);
      break;
    case SG_ENDING_DRAW:
      g_string_append_printf (out, "%4u 千日手\n", played + 1);
      break;
    case SG_ENDING_DECLARED:
      /* A declaration judged a draw (the 24-point rule's 24 to 30) is jishōgi; one judged
       * short of the points loses as a foul. */
      g_string_append_printf (out, "%4u %s\n", played + 1,
                              g_strcmp0 (catur_record_get_tag (record, "Result"), "1/2-1/2") == 0
                              ? "持将棋"
                              : sg_record_declarer_won (record, &pos) ? "入玉勝ち" : "反則負け");
      break;
    case SG_ENDING_NONE:
    default:
      break;
    }
  if (ending == SG_ENDING_MATE || ending == SG_ENDING_RESIGN)
    g_string_append_printf (out, "まで%u手で%sの勝ち\n", played,
                            (pos.side ^ 1) == SG_SENTE ? (handicap > 0 ? "下手" : "先手")
                                                       : (handicap > 0 ? "上手" : "後手"));
  return g_string_free (out, FALSE);
}
