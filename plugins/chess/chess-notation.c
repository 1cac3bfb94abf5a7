/* chess-notation.c: UCI coordinates and standard algebraic notation (RULES.md C7)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * SAN is written with the least disambiguation among the pieces that can legally reach the
 * square (origin file if it tells them apart, else rank, else both), and read leniently: the
 * text is taken apart into piece, origin hints, target and promotion, and must fit exactly one
 * legal move, so that `Nxf3`, `Nf3`, `Ng1-f3`, `0-0`, `e8Q` and `♘f3` all read.
 */

#include "chess-core.h"

#include <string.h>

/* One set of figures for both sides, as printed figurine notation has (the column tells the
 * side): the solid ones, drawn in the text's colour like a letter. The outlined "white" ones
 * are thin lines that read faint beside the letters, and in the dark style each set would look
 * like the other side's pieces. Both sets read back. */
static const char * const figures[] = { "", "", "♞", "♝", "♜", "♛", "♚" };

void
ch_move_to_uci (ChessMove move, char *buf)
{
  ch_square_name (CH_MOVE_FROM (move), buf);
  ch_square_name (CH_MOVE_TO (move), buf + 2);
  if (CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION)
    {
      buf[4] = g_ascii_tolower (CH_LETTERS[CH_MOVE_PROMO (move)]);
      buf[5] = '\0';
    }
}

static ChessKind
promotion_of_letter (char c)
{
  switch (g_ascii_toupper (c))
    {
    case 'N': return CH_KNIGHT;
    case 'B': return CH_BISHOP;
    case 'R': return CH_ROOK;
    case 'Q': return CH_QUEEN;
    default: return CH_NONE;
    }
}

static gboolean
read_square (const char *text, int *square)
{
  char file = text[0];

  if (file < 'a' || file > 'h' || text[1] < '1' || text[1] > '8')
    return FALSE;
  *square = CH_SQ (file - 'a', text[1] - '1');
  return TRUE;
}

gboolean
ch_parse_uci (const char *text, int *from, int *to, ChessKind *promo)
{
  char plain[8];
  gsize n = 0;

  if (text == NULL)
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '-' && n == 2)
        continue;
      if (n == sizeof plain - 1)
        return FALSE;
      plain[n++] = *c;
    }
  plain[n] = '\0';
  if ((n != 4 && n != 5) || !read_square (plain, from) || !read_square (plain + 2, to))
    return FALSE;
  *promo = CH_NONE;
  if (n == 5 && (*promo = promotion_of_letter (plain[4])) == CH_NONE)
    return FALSE;
  return TRUE;
}

/* The check mark of @move: "+", "#" or "". */
static const char *
check_suffix (ChessPosition *pos, ChessMove move)
{
  ChessMove replies[CH_MAX_MOVES];
  const char *suffix = "";
  ChessUndo undo;

  ch_make (pos, move, &undo);
  if (ch_in_check (pos))
    suffix = ch_legal_moves (pos, replies) == 0 ? "#" : "+";
  ch_unmake (pos, move, &undo);
  return suffix;
}

/* SAN without the check mark; @moves are the legal moves of @pos. */
static void
san_plain (const ChessPosition *pos, ChessMove move, const ChessMove *moves, int n,
           gboolean figurine, GString *out)
{
  int from = CH_MOVE_FROM (move), to = CH_MOVE_TO (move);
  guint8 piece = pos->board[from];
  int kind = CH_KIND_OF (piece);
  gboolean capture = pos->board[to] != 0 || CH_MOVE_TYPE (move) == CH_MOVE_EN_PASSANT;
  char square[4];

  if (CH_MOVE_TYPE (move) == CH_MOVE_CASTLING)
    {
      g_string_append (out, to > from ? "O-O" : "O-O-O");
      return;
    }

  if (kind == CH_PAWN)
    {
      if (capture)
        {
          g_string_append_c (out, (char) ('a' + CH_FILE (from)));
          g_string_append_c (out, 'x');
        }
    }
  else
    {
      gboolean ambiguous = FALSE, same_file = FALSE, same_rank = FALSE;

      if (figurine)
        g_string_append (out, figures[kind]);
      else
        g_string_append_c (out, CH_LETTERS[kind]);
      for (int i = 0; i < n; i++)
        {
          int other = CH_MOVE_FROM (moves[i]);

          if (other == from || CH_MOVE_TO (moves[i]) != to || pos->board[other] != piece)
            continue;
          ambiguous = TRUE;
          same_file |= CH_FILE (other) == CH_FILE (from);
          same_rank |= CH_RANK (other) == CH_RANK (from);
        }
      if (ambiguous && (!same_file || same_rank))
        g_string_append_c (out, (char) ('a' + CH_FILE (from)));
      if (ambiguous && same_file)
        g_string_append_c (out, (char) ('1' + CH_RANK (from)));
      if (capture)
        g_string_append_c (out, 'x');
    }
  ch_square_name (to, square);
  g_string_append (out, square);
  if (CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION)
    {
      g_string_append_c (out, '=');
      if (figurine)
        g_string_append (out, figures[CH_MOVE_PROMO (move)]);
      else
        g_string_append_c (out, CH_LETTERS[CH_MOVE_PROMO (move)]);
    }
}

void
ch_move_to_san (ChessPosition *pos, ChessMove move, gboolean figurine, char *buf)
{
  ChessMove moves[CH_MAX_MOVES];
  int n = ch_legal_moves (pos, moves);
  GString *out = g_string_sized_new (16);

  san_plain (pos, move, moves, n, figurine, out);
  g_string_append (out, check_suffix (pos, move));
  g_strlcpy (buf, out->str, 16);
  g_string_free (out, TRUE);
}

/* The letter a figurine stands for, or 0. */
static char
figurine_letter (gunichar c)
{
  static const gunichar figurines[] = {
    0x2654, 0x2655, 0x2656, 0x2657, 0x2658, 0x2659,   /* ♔ ♕ ♖ ♗ ♘ ♙ */
    0x265A, 0x265B, 0x265C, 0x265D, 0x265E, 0x265F,   /* ♚ ♛ ♜ ♝ ♞ ♟ */
  };
  static const char letters[] = "KQRBNPKQRBNP";

  for (guint i = 0; i < G_N_ELEMENTS (figurines); i++)
    if (figurines[i] == c)
      return letters[i];
  return 0;
}

/* The text in ASCII with figurines as letters and without what SAN readers may ignore: the
 * capture mark, hyphens, `=` and brackets of promotions, check marks and annotations. */
static gboolean
normalize (const char *text, char *out, gsize size)
{
  gsize n = 0;

  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      char letter = c < 128 ? (char) c : figurine_letter (c);

      if (letter == 0)
        return FALSE;
      if (strchr ("x:-=()+#!? ", letter) != NULL)
        continue;
      if (n + 1 >= size)
        return FALSE;
      out[n++] = letter;
    }
  out[n] = '\0';
  /* "e.p." after an en-passant capture */
  if (n > 4 && g_str_has_suffix (out, "e.p."))
    out[n - 4] = '\0';
  return TRUE;
}

gboolean
ch_move_from_san (ChessPosition *pos, const char *text, ChessMove *move)
{
  ChessMove found[2];

  if (ch_san_matches (pos, text, found) != 1)
    return FALSE;
  *move = found[0];
  return TRUE;
}

int
ch_san_matches (ChessPosition *pos, const char *text, ChessMove found[2])
{
  ChessMove moves[CH_MAX_MOVES];
  char s[16];
  int n, len, start = 0, to, from_file = -1, from_rank = -1, n_found = 0;
  ChessKind kind = CH_PAWN, promo = CH_NONE;

  if (text == NULL || !normalize (text, s, sizeof s))
    return 0;
  n = ch_legal_moves (pos, moves);

  if (g_str_equal (s, "OO") || g_str_equal (s, "00") || g_str_equal (s, "OOO")
      || g_str_equal (s, "000"))
    {
      gboolean king_side = strlen (s) == 2;

      for (int i = 0; i < n; i++)
        if (CH_MOVE_TYPE (moves[i]) == CH_MOVE_CASTLING
            && (CH_MOVE_TO (moves[i]) > CH_MOVE_FROM (moves[i])) == king_side)
          {
            found[0] = moves[i];
            return 1;
          }
      return 0;
    }

  len = (int) strlen (s);
  if (len > 0 && strchr ("KQRBNP", s[0]) != NULL)
    {
      kind = s[0] == 'P' ? CH_PAWN : (ChessKind) (strchr (CH_LETTERS, s[0]) - CH_LETTERS);
      start = 1;
    }
  if (len - start >= 3 && kind == CH_PAWN && g_ascii_isdigit (s[len - 2])
      && (promo = promotion_of_letter (s[len - 1])) != CH_NONE)
    len--;
  if (len - start < 2 || !read_square (s + len - 2, &to))
    return 0;
  for (int i = start; i < len - 2; i++)
    {
      if (s[i] >= 'a' && s[i] <= 'h' && from_file < 0 && from_rank < 0)
        from_file = s[i] - 'a';
      else if (s[i] >= '1' && s[i] <= '8' && from_rank < 0)
        from_rank = s[i] - '1';
      else
        return 0;
    }

  for (int i = 0; i < n; i++)
    {
      ChessMove m = moves[i];
      int from = CH_MOVE_FROM (m);

      if (CH_MOVE_TO (m) != to || CH_KIND_OF (pos->board[from]) != kind
          || (from_file >= 0 && CH_FILE (from) != from_file)
          || (from_rank >= 0 && CH_RANK (from) != from_rank))
        continue;
      if (CH_MOVE_TYPE (m) == CH_MOVE_PROMOTION ? CH_MOVE_PROMO (m) != promo : promo != CH_NONE)
        continue;
      /* A king's two-square step written as such is castling, found above or here. */
      if (n_found < 2)
        found[n_found] = m;
      n_found++;
    }
  return n_found;
}
