/* shogi-notation.c: Western (Hodges) and Japanese notation (RULES.md S13, S14)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both notations name the piece and its target and add an origin or a word only when another
 * piece of the same kind could go there too, so that writing a move needs the legal moves of
 * its position; reading one formats every legal move and keeps the one that matches.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <string.h>

#include "shogi-notation.h"

static const char * const japanese_pieces[SG_N_KINDS] = {
  [SG_KING] = "玉", [SG_ROOK] = "飛", [SG_BISHOP] = "角", [SG_GOLD] = "金",
  [SG_SILVER] = "銀", [SG_KNIGHT] = "桂", [SG_LANCE] = "香", [SG_PAWN] = "歩",
  [SG_DRAGON] = "龍", [SG_HORSE] = "馬", [SG_PSILVER] = "成銀", [SG_PKNIGHT] = "成桂",
  [SG_PLANCE] = "成香", [SG_TOKIN] = "と",
};

static const char * const full_width_digits[10] = {
  "０", "１", "２", "３", "４", "５", "６", "７", "８", "９",
};

static const char * const kanji_numerals[10] = {
  "〇", "一", "二", "三", "四", "五", "六", "七", "八", "九",
};

const char *
sg_japanese_piece (int kind)
{
  return kind > SG_NONE && kind < SG_N_KINDS && japanese_pieces[kind] != NULL
         ? japanese_pieces[kind] : "？";
}

const char *
sg_japanese_file (int file_number)
{
  return full_width_digits[CLAMP (file_number, 0, 9)];
}

const char *
sg_japanese_rank (int rank_number)
{
  return kanji_numerals[CLAMP (rank_number, 0, 9)];
}

/* The origins of the other legal board moves of a piece like the one on @from (the same kind,
 * promoted or not) to @to; each origin once. */
static int
rivals (SgPosition *pos, SgMove move, int *origins)
{
  SgMove moves[SG_MAX_MOVES];
  int n = sg_legal_moves (pos, moves);
  guint8 cell = pos->cell[move.from];
  int count = 0;

  for (int i = 0; i < n; i++)
    {
      gboolean seen = FALSE;

      if (moves[i].from == SG_DROP_FROM || moves[i].to != move.to || moves[i].from == move.from
          || pos->cell[moves[i].from] != cell)
        continue;
      for (int j = 0; j < count; j++)
        seen |= origins[j] == moves[i].from;
      if (!seen)
        origins[count++] = moves[i].from;
    }
  return count;
}

/* Whether the promotion of the board move @move was a choice (both forms are legal). */
static gboolean
promotion_optional (SgPosition *pos, SgMove move)
{
  SgMove other = move;

  other.promote = !move.promote;
  return sg_is_legal (pos, other);
}

/* Whether a piece of the unpromoted kind @kind on the board could also go to @to. */
static gboolean
board_piece_reaches (SgPosition *pos, int kind, int to)
{
  SgMove moves[SG_MAX_MOVES];
  int n = sg_legal_moves (pos, moves);

  for (int i = 0; i < n; i++)
    if (moves[i].from != SG_DROP_FROM && moves[i].to == to
        && pos->cell[moves[i].from] == SG_CELL (kind, pos->side))
      return TRUE;
  return FALSE;
}

void
sg_move_to_western (SgPosition *pos, SgMove move, char *buf)
{
  char from[4], to[4];
  int origins[SG_SQUARES];
  int kind;

  sg_square_name (move.to, to);
  if (move.from == SG_DROP_FROM)
    {
      g_snprintf (buf, SG_NOTATION_SIZE, "%c*%s", sg_kind_letter (move.drop), to);
      return;
    }
  kind = sg_piece_at (pos, move.from, NULL);
  sg_square_name (move.from, from);
  g_snprintf (buf, SG_NOTATION_SIZE, "%s%c%s%c%s%s", SG_IS_PROMOTED (kind) ? "+" : "",
              sg_kind_letter (kind), rivals (pos, move, origins) > 0 ? from : "",
              pos->cell[move.to] != 0 ? 'x' : '-', to,
              move.promote ? "+" : promotion_optional (pos, move) ? "=" : "");
}

/* Up, sideways or back, as the mover sees it (S14's 上, 寄, 引). */
static int
movement (int side, int from, int to)
{
  int dr = to / SG_FILES - from / SG_FILES;

  if (side == SG_GOTE)
    dr = -dr;
  return dr > 0 ? 0 : dr == 0 ? 1 : 2;
}

static const char * const movement_words[3] = { "上", "寄", "引" };

/* How far right a square is as @side sees it: Sente's right is file 1. */
static int
rightness (int side, int square)
{
  int file = sg_file_number (square);

  return side == SG_SENTE ? -file : file;
}

/* 右 or 左 when @from is the rightmost or leftmost of @from and @others alone, else NULL. */
static const char *
side_word (int side, int from, const int *others, int n_others)
{
  gboolean right = TRUE, left = TRUE;

  for (int i = 0; i < n_others; i++)
    {
      right &= rightness (side, from) > rightness (side, others[i]);
      left &= rightness (side, from) < rightness (side, others[i]);
    }
  return right ? "右" : left ? "左" : NULL;
}

static gboolean
moves_like_gold (int kind)
{
  return kind == SG_GOLD || kind == SG_SILVER || (SG_IS_PROMOTED (kind) && kind != SG_DRAGON
                                                  && kind != SG_HORSE);
}

/* S14's words that tell @move's piece from the others that could go there. */
static void
append_disambiguation (SgPosition *pos, SgMove move, GString *out)
{
  int origins[SG_SQUARES], same[SG_SQUARES];
  int n = rivals (pos, move, origins);
  int side = pos->side, kind = sg_piece_at (pos, move.from, NULL);
  int m = movement (side, move.from, move.to);
  int n_same = 0;
  const char *word;

  if (n == 0)
    return;
  /* Straight forward: only one piece can stand right behind the square. */
  if (moves_like_gold (kind) && move.from % SG_FILES == move.to % SG_FILES && m == 0
      && ABS (move.from - move.to) == SG_FILES)
    {
      g_string_append (out, "直");
      return;
    }
  for (int i = 0; i < n; i++)
    if (movement (side, origins[i], move.to) == m)
      same[n_same++] = origins[i];
  if (n_same == 0)
    {
      g_string_append (out, movement_words[m]);
      return;
    }
  word = side_word (side, move.from, origins, n);
  if (word != NULL)
    {
      g_string_append (out, word);
      return;
    }
  word = side_word (side, move.from, same, n_same);
  if (word != NULL)
    g_string_append (out, word);
  g_string_append (out, movement_words[m]);
}

void
sg_move_to_japanese (SgPosition *pos, SgMove move, SgJapaneseFlags flags, char *buf)
{
  g_autoptr(GString) out = g_string_new (NULL);
  int kind = move.from == SG_DROP_FROM ? move.drop : sg_piece_at (pos, move.from, NULL);
  const char *name = sg_japanese_piece (kind);

  if (move.to == pos->last_to && !(flags & SG_JAPANESE_NO_SAME))
    {
      g_string_append (out, "同");
      /* KIF pads a one-letter piece name to the width of a square. */
      if ((flags & SG_JAPANESE_KIF) && g_utf8_strlen (name, -1) == 1)
        g_string_append (out, "　");
    }
  else
    {
      g_string_append (out, sg_japanese_file (sg_file_number (move.to)));
      g_string_append (out, sg_japanese_rank (sg_rank_number (move.to)));
    }
  g_string_append (out, name);
  if (move.from == SG_DROP_FROM)
    {
      if (board_piece_reaches (pos, move.drop, move.to))
        g_string_append (out, "打");
    }
  else
    {
      append_disambiguation (pos, move, out);
      if (move.promote)
        g_string_append (out, "成");
      else if (promotion_optional (pos, move))
        g_string_append (out, "不成");
    }
  g_strlcpy (buf, out->str, SG_NOTATION_SIZE);
}

/* Spaces of either width left out, and the letters written two ways made one. */
static char *
normalize (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || c == 0x3000)
        continue;
      if (c == 0x7adc)          /* 竜 */
        c = 0x9f8d;             /* 龍 */
      else if (c == 0x738b)     /* 王 */
        c = 0x7389;             /* 玉 */
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static gboolean
find_move (SgPosition *pos, const char *text, gboolean japanese, SgMove *move)
{
  SgMove moves[SG_MAX_MOVES];
  g_autofree char *wanted = normalize (text);
  int n = sg_legal_moves (pos, moves);
  int found = 0;

  for (int i = 0; i < n; i++)
    {
      char buf[SG_NOTATION_SIZE];
      gboolean match;

      if (japanese)
        {
          g_autofree char *same = NULL;
          g_autofree char *square = NULL;

          sg_move_to_japanese (pos, moves[i], SG_JAPANESE_PLAIN, buf);
          same = normalize (buf);
          sg_move_to_japanese (pos, moves[i], SG_JAPANESE_NO_SAME, buf);
          square = normalize (buf);
          match = g_str_equal (same, wanted) || g_str_equal (square, wanted);
        }
      else
        {
          g_autofree char *western = NULL;

          sg_move_to_western (pos, moves[i], buf);
          western = normalize (buf);
          match = g_ascii_strcasecmp (western, wanted) == 0;
        }
      if (match)
        {
          *move = moves[i];
          found++;
        }
    }
  return found == 1;
}

gboolean
sg_move_from_western (SgPosition *pos, const char *text, SgMove *move)
{
  return find_move (pos, text, FALSE, move);
}

gboolean
sg_move_from_japanese (SgPosition *pos, const char *text, SgMove *move)
{
  return find_move (pos, text, TRUE, move);
}
