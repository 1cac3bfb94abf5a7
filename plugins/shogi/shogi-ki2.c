/* shogi-ki2.c: KI2, the Japanese game record without origins (RULES.md S14, S15)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Kakinoki's second format: KIF's headers, board diagram and comments (shogi-kif.c), then the
 * moves as printed in books and newspapers, each after its mover's mark (`▲７六歩　△３四歩`),
 * several to a line, with no origin: the words 右 左 直 上 引 寄 and 打 tell the piece when
 * another could go there too (sg_move_to_japanese()), 成 or 不成 the choice of promoting,
 * 同 a move to the square of the last one. A summary line (`まで76手で先手の勝ち`) says how the
 * game ended, which KIF says with an end word.
 *
 * The reader takes a move's words as conditions on the legal moves, as other readers do: what
 * a writer leaves out (an extra word, a 打 no board piece needed) does not matter as long as
 * one legal move is left.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "shogi-notation.h"
#include "shogi-record-private.h"
#include "shogi-variant.h"

/* The marks of the mover: ▲ △ (KI2 as written in Shift_JIS), ▼ ▽, ☗ ☖. */
static gboolean
is_mark (gunichar c)
{
  return c == 0x25b2 || c == 0x25b3 || c == 0x25bc || c == 0x25bd || c == 0x2617
         || c == 0x2616;
}

static gboolean
is_blank (gunichar c)
{
  return c == 0x3000 || g_unichar_isspace (c);
}

static const char *
skip_blanks (const char *p)
{
  while (*p != '\0' && is_blank (g_utf8_get_char (p)))
    p = g_utf8_next_char (p);
  return p;
}

gboolean
sg_ki2_begins_moves (const char *line)
{
  const char *p = skip_blanks (line);

  return is_mark (g_utf8_get_char (p)) || g_str_has_prefix (p, "まで");
}

/* A file or rank written with a full-width digit, an ASCII one or a kanji numeral: 1 to 9,
 * else 0. */
static int
read_number (const char **p)
{
  static const char * const kanji = "一二三四五六七八九";
  gunichar c = g_utf8_get_char (*p);
  int value = 0;

  if (c >= 0xff11 && c <= 0xff19)
    value = (int) (c - 0xff10);
  else if (c >= '1' && c <= '9')
    value = (int) (c - '0');
  else if (c != 0)
    {
      char buf[8] = "";
      const char *found;

      g_unichar_to_utf8 (c, buf);
      found = strstr (kanji, buf);
      if (found != NULL)
        value = (int) g_utf8_pointer_to_offset (kanji, found) + 1;
    }
  if (value != 0)
    *p = g_utf8_next_char (*p);
  return value;
}

/* The names of the pieces a move may give, the two-letter ones first. */
static const struct { const char *name; int kind; } piece_names[] = {
  { "成銀", SG_PSILVER }, { "成桂", SG_PKNIGHT }, { "成香", SG_PLANCE }, { "全", SG_PSILVER },
  { "圭", SG_PKNIGHT }, { "杏", SG_PLANCE }, { "龍", SG_DRAGON }, { "竜", SG_DRAGON },
  { "馬", SG_HORSE }, { "と", SG_TOKIN }, { "玉", SG_KING }, { "王", SG_KING },
  { "飛", SG_ROOK }, { "角", SG_BISHOP }, { "金", SG_GOLD }, { "銀", SG_SILVER },
  { "桂", SG_KNIGHT }, { "香", SG_LANCE }, { "歩", SG_PAWN },
};

enum
{
  WORD_RIGHT = 1 << 0,    /* 右 */
  WORD_LEFT = 1 << 1,     /* 左 */
  WORD_STRAIGHT = 1 << 2, /* 直 */
  WORD_UP = 1 << 3,       /* 上 (行, 入) */
  WORD_SIDEWAYS = 1 << 4, /* 寄 */
  WORD_BACK = 1 << 5,     /* 引 */
  WORD_DROP = 1 << 6,     /* 打 */
  WORD_PROMOTE = 1 << 7,  /* 成 */
  WORD_PLAIN = 1 << 8,    /* 不成 (生) */
};

static const struct { const char *text; guint word; } move_words[] = {
  { "不成", WORD_PLAIN }, { "生", WORD_PLAIN }, { "右", WORD_RIGHT }, { "左", WORD_LEFT },
  { "直", WORD_STRAIGHT }, { "上", WORD_UP }, { "行", WORD_UP }, { "入", WORD_UP },
  { "寄", WORD_SIDEWAYS }, { "引", WORD_BACK }, { "打", WORD_DROP }, { "成", WORD_PROMOTE },
};

/* Up (1), sideways (0) or back (-1), and right (1: towards the mover's right), straight (0) or
 * left (-1), of a step from @from to @to as @side sees it. */
static int
vertical (int side, int from, int to)
{
  int dr = to / SG_FILES - from / SG_FILES;

  return side == SG_GOTE ? -CLAMP (dr, -1, 1) : CLAMP (dr, -1, 1);
}

static int
horizontal (int side, int from, int to)
{
  int df = sg_file_number (from) - sg_file_number (to);

  return side == SG_GOTE ? -CLAMP (df, -1, 1) : CLAMP (df, -1, 1);
}

/* Whether the board move @move of @pos fits the words: 右 is a piece right of the target (it
 * moves left), 直 one that goes straight forward. A Dragon or a Horse, of which there are two
 * at most, may go straight and still be the right or the left one. */
static gboolean
fits_words (const SgPosition *pos, SgMove move, int kind, guint words)
{
  int v = vertical (pos->side, move.from, move.to);
  int h = horizontal (pos->side, move.from, move.to);
  gboolean big = kind == SG_DRAGON || kind == SG_HORSE;

  if (((words & WORD_UP) && v != 1) || ((words & WORD_SIDEWAYS) && v != 0)
      || ((words & WORD_BACK) && v != -1))
    return FALSE;
  if ((words & WORD_STRAIGHT) && (h != 0 || v != 1))
    return FALSE;
  if (big)
    return !((words & WORD_RIGHT) && h == 1) && !((words & WORD_LEFT) && h == -1);
  return !((words & WORD_RIGHT) && h != -1) && !((words & WORD_LEFT) && h != 1);
}

/* The move of a KI2 move's text (without its mark) in @pos: the error says what is wrong
 * (%CATUR_RECORD_ERROR_ILLEGAL_MOVE when the text reads but no legal move fits it). */
static gboolean
read_ki2_move (SgPosition *pos, const char *text, SgMove *move, GError **error)
{
  g_autoptr(GString) clean = g_string_new (NULL);
  SgMove moves[SG_MAX_MOVES], found[SG_MAX_MOVES];
  int n, n_found = 0, n_board = 0, to, kind = SG_NONE, origin = -1;
  guint words = 0;
  const char *p;

  for (p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (!is_blank (g_utf8_get_char (p)))
      g_string_append_unichar (clean, g_utf8_get_char (p));
  /* Catur's own text, and whatever names a move the same way. */
  if (sg_move_from_japanese (pos, clean->str, move))
    return TRUE;

  p = clean->str;
  if (g_str_has_prefix (p, "同"))
    {
      to = pos->last_to;
      p += strlen ("同");
      if (to >= SG_SQUARES)
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                    _("“同” with no move before it")), FALSE;
    }
  else
    {
      int file = read_number (&p);
      int rank = file != 0 ? read_number (&p) : 0;

      if (rank == 0)
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                    _("a move must begin with its square")), FALSE;
      to = sg_square_at (file, rank);
    }
  for (guint i = 0; i < G_N_ELEMENTS (piece_names) && kind == SG_NONE; i++)
    if (g_str_has_prefix (p, piece_names[i].name))
      {
        kind = piece_names[i].kind;
        p += strlen (piece_names[i].name);
      }
  if (kind == SG_NONE)
    return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                _("no piece is named")), FALSE;
  while (*p != '\0')
    {
      gboolean known = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (move_words) && !known; i++)
        if (g_str_has_prefix (p, move_words[i].text))
          {
            words |= move_words[i].word;
            p += strlen (move_words[i].text);
            known = TRUE;
          }
      /* Some writers add KIF's origin: `７六歩(77)`. */
      if (!known && p[0] == '(' && p[1] >= '1' && p[1] <= '9' && p[2] >= '1' && p[2] <= '9'
          && p[3] == ')' && p[4] == '\0')
        {
          origin = sg_square_at (p[1] - '0', p[2] - '0');
          p += 4;
          known = TRUE;
        }
      if (!known)
        {
          g_autofree char *rest = g_strdup (p);

          /* Translators: "“X” is no word of a move"; the words are 右, 上, 成, 打… */
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                       _("“%s” is no word of a move"), rest);
          return FALSE;
        }
    }

  n = sg_legal_moves (pos, moves);
  /* 打 is written only when a piece on the board could go there too. */
  for (int i = 0; i < n; i++)
    if (moves[i].from != SG_DROP_FROM && moves[i].to == to
        && sg_piece_at (pos, moves[i].from, NULL) == kind)
      n_board++;
  for (int i = 0; i < n; i++)
    {
      if (moves[i].to != to)
        continue;
      if (moves[i].from == SG_DROP_FROM)
        {
          if (moves[i].drop == kind && ((words & WORD_DROP) || n_board == 0))
            found[n_found++] = moves[i];
          continue;
        }
      if ((words & WORD_DROP) || sg_piece_at (pos, moves[i].from, NULL) != kind
          || (origin >= 0 && moves[i].from != origin)
          || (gboolean) moves[i].promote != ((words & WORD_PROMOTE) != 0)
          || !fits_words (pos, moves[i], kind, words))
        continue;
      found[n_found++] = moves[i];
    }
  /* Of two Dragons or Horses that fit 右 or 左, the one that goes straight is not meant. */
  if (n_found == 2 && (kind == SG_DRAGON || kind == SG_HORSE)
      && (words & (WORD_RIGHT | WORD_LEFT)))
    {
      int kept = 0;

      for (int i = 0; i < n_found; i++)
        if (horizontal (pos->side, found[i].from, found[i].to) != 0)
          found[kept++] = found[i];
      n_found = kept;
    }
  if (n_found == 1)
    {
      *move = found[0];
      return TRUE;
    }
  if (n_found == 0)
    return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                                _("no piece named can make that move")), FALSE;
  {
    g_autoptr(GString) which = g_string_new (NULL);

    /* The pieces it could be, by their squares as KIF gives them: `５八金(49)`. */
    for (int i = 0; i < n_found; i++)
      {
        if (i > 0)
          g_string_append (which, i + 1 == n_found ? _(" or ") : ", ");
        if (found[i].from == SG_DROP_FROM)
          g_string_append_printf (which, "%s%s%s打", sg_japanese_file (sg_file_number (to)),
                                  sg_japanese_rank (sg_rank_number (to)),
                                  sg_japanese_piece (kind));
        else
          g_string_append_printf (which, "%s%s%s(%d%d)", sg_japanese_file (sg_file_number (to)),
                                  sg_japanese_rank (sg_rank_number (to)),
                                  sg_japanese_piece (kind), sg_file_number (found[i].from),
                                  sg_rank_number (found[i].from));
      }
    /* Translators: "it is ambiguous: ５八金(49) or ５八金(69)" */
    g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                 _("it is ambiguous: %s"), which->str);
    return FALSE;
  }
}

/* The side a summary names (`先手の勝ち`), or -1. */
static int
named_side (const char *text)
{
  if (strstr (text, "先手") != NULL || strstr (text, "下手") != NULL)
    return SG_SENTE;
  if (strstr (text, "後手") != NULL || strstr (text, "上手") != NULL)
    return SG_GOTE;
  return -1;
}

/* `まで76手で先手の勝ち`, `まで80手で千日手`, `まで91手で時間切れにより後手の勝ち`… */
static gboolean
read_summary (SgKakinokiReading *r, const char *line, guint number, GError **error)
{
  g_autoptr(GString) clean = g_string_new (NULL);
  const char *p = line + strlen ("まで");
  const char *words;
  int named;

  for (; *p != '\0'; p = g_utf8_next_char (p))
    if (!is_blank (g_utf8_get_char (p)))
      g_string_append_unichar (clean, g_utf8_get_char (p));
  words = clean->str;
  if (g_str_has_prefix (words, "、"))
    words += strlen ("、");
  while (g_ascii_isdigit (*words))
    words++;
  if (g_str_has_prefix (words, "手で"))
    words += strlen ("手で");
  named = named_side (words);

  if (r->foul != NULL)
    {
      /* The illegal move just read lost the game for its player. */
      if (strstr (words, "反則") == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&r->foul));
          return FALSE;
        }
      g_clear_error (&r->foul);
      sg_record_set_ending (r->record, r->pos.side ^ 1, CATUR_REASON_ILLEGAL_MOVE, &r->pos);
      r->ended = TRUE;
      return TRUE;
    }
  /* A game some writers end with an end word among the moves (`▲投了`) is summed up again. */
  if (r->ended)
    return TRUE;
  r->ended = TRUE;
  if (strstr (words, "千日手") != NULL || strstr (words, "持将棋") != NULL)
    sg_record_set_result (r->record, -1);
  else if (strstr (words, "中断") != NULL || strstr (words, "封じ手") != NULL)
    ;
  else if (g_str_has_prefix (words, "詰"))
    sg_record_set_result (r->record, r->pos.side ^ 1);
  else if (g_str_has_prefix (words, "時間切れ") || strstr (words, "切れ負け") != NULL)
    sg_record_set_ending (r->record, named >= 0 ? named : r->pos.side ^ 1,
                          CATUR_REASON_TIME_OUT, &r->pos);
  else if (g_str_has_suffix (words, "反則勝ち"))
    sg_record_set_ending (r->record, named >= 0 ? named : r->pos.side,
                          CATUR_REASON_ILLEGAL_MOVE, &r->pos);
  else if (g_str_has_suffix (words, "反則負け"))
    sg_record_set_ending (r->record, (named >= 0 ? named : r->pos.side) ^ 1,
                          CATUR_REASON_ILLEGAL_MOVE, &r->pos);
  else if (g_str_has_suffix (words, "入玉勝ち"))
    sg_record_declare (r->record, &r->pos, r->pos.side);
  else if (g_str_has_suffix (words, "勝ち"))
    {
      int winner = named >= 0 ? named : r->pos.side ^ 1;

      /* The words are the same for a mate and a resignation: the position tells. */
      if (winner != (int) r->pos.side && sg_has_legal_move (&r->pos))
        sg_record_set_ending (r->record, winner, CATUR_REASON_RESIGN, &r->pos);
      else
        sg_record_set_result (r->record, winner);
    }
  else
    return sg_record_line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                                 _("the summary does not say how the game ended"));
  return TRUE;
}

gboolean
sg_ki2_read_line (SgKakinokiReading *r, char *line, guint number, GError **error)
{
  const char *p = skip_blanks (line);

  if (g_str_has_prefix (p, "まで"))
    return read_summary (r, p, number, error);
  if (!is_mark (g_utf8_get_char (p)))
    return sg_record_line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                                 _("a move must begin with its mover’s mark (▲ or △)"));
  while (*p != '\0')
    {
      const char *start = g_utf8_next_char (p);
      const char *end = start;
      g_autofree char *word = NULL;

      while (*end != '\0' && !is_mark (g_utf8_get_char (end)))
        end = g_utf8_next_char (end);
      word = g_strndup (start, (gsize) (end - start));
      g_strstrip (word);
      if (r->ended)
        return sg_record_line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                                     _("a move after the end of the game"));
      if (!sg_kakinoki_take_word (r, word, number, read_ki2_move, error))
        return FALSE;
      p = end;
    }
  return TRUE;
}

CaturRecord *
sg_ki2_read (CaturVariant *variant, const char *data, gsize length, GError **error)
{
  return sg_kakinoki_read (variant, data, length, TRUE, error);
}

/* The summary line of the ending, after @played moves, or nothing. */
static void
write_summary (GString *out, CaturRecord *record, SgPosition *pos, guint played)
{
  gboolean handicap = sg_position_find_handicap (SG (catur_record_get_start (record))) > 0;
  const char *mover = pos->side == SG_SENTE ? (handicap ? "下手" : "先手")
                                            : (handicap ? "上手" : "後手");
  const char *other = pos->side == SG_SENTE ? (handicap ? "上手" : "後手")
                                            : (handicap ? "下手" : "先手");

  switch (sg_record_ending (record, pos))
    {
    case SG_ENDING_MATE:
    case SG_ENDING_RESIGN:
      g_string_append_printf (out, "まで%u手で%sの勝ち\n", played, other);
      break;
    case SG_ENDING_WIN_BY_OTHER:
      g_string_append_printf (out, "まで%u手で%sの反則勝ち\n", played, mover);
      break;
    case SG_ENDING_FOUL_LOSS:
      g_string_append_printf (out, "まで%u手で%sの反則負け\n", played, mover);
      break;
    case SG_ENDING_TIME_UP:
      g_string_append_printf (out, "まで%u手で時間切れにより%sの勝ち\n", played, other);
      break;
    case SG_ENDING_DRAW:
      g_string_append_printf (out, "まで%u手で千日手\n", played);
      break;
    case SG_ENDING_DECLARED:
      /* As KIF says it (sg_kif_write()): jishōgi for a draw, a foul for a declaration short
       * of the points. */
      if (g_strcmp0 (catur_record_get_tag (record, "Result"), "1/2-1/2") == 0)
        g_string_append_printf (out, "まで%u手で持将棋\n", played);
      else if (sg_record_declarer_won (record, pos))
        g_string_append_printf (out, "まで%u手で%sの入玉勝ち\n", played, mover);
      else
        g_string_append_printf (out, "まで%u手で%sの反則負け\n", played, mover);
      break;
    case SG_ENDING_NONE:
    default:
      break;
    }
}

char *
sg_ki2_write (CaturRecord *record, GError **error)
{
  GString *out = g_string_new (NULL);
  SgPosition pos = *SG (catur_record_get_start (record));
  guint n = catur_record_get_n_moves (record);
  guint played = 0, in_line = 0;
  long last_length = 0;

  sg_kakinoki_write_head (out, record);
  for (guint i = 0; i < n; i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      const char *comment = catur_record_get_comment (record, i + 1);
      char buf[SG_NOTATION_SIZE];
      g_autofree char *text = NULL;
      SgMove sg_move;

      if (move->flags & CATUR_MOVE_DECLARE)
        break;
      sg_record_core_move (move, &sg_move);
      sg_move_to_japanese (&pos, sg_move, SG_JAPANESE_KIF, buf);
      text = g_strconcat (pos.side == SG_SENTE ? "▲" : "△", buf, NULL);
      /* Six moves to a line, in columns of the width of seven letters. */
      if (in_line > 0)
        for (long pad = 7 - last_length; pad > 0; pad--)
          g_string_append (out, "  ");
      g_string_append (out, text);
      last_length = g_utf8_strlen (text, -1);
      in_line++;
      /* A comment follows its move on lines of its own. */
      if (in_line == 6 || comment != NULL)
        {
          g_string_append_c (out, '\n');
          in_line = 0;
        }
      sg_kakinoki_write_comment (out, comment);
      sg_play (&pos, sg_move);
      played++;
    }
  if (in_line > 0)
    g_string_append_c (out, '\n');
  write_summary (out, record, &pos, played);
  return g_string_free (out, FALSE);
}
