/* xiangqi-notation.c: ICCS coordinates and WXF notation, both ways (RULES.md X24–X27)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * WXF is read by writing every legal move of the position in each accepted form and looking
 * for the text among them: the writer is then the only place that knows the rules of marks,
 * and a text the reader accepts always names exactly one legal move.
 */

#include "xiangqi-core.h"

#define WXF_LENGTH 4

static const char wxf_letters[] = XQ_WXF_LETTERS;

void
xq_square_name (int square, char *buf)
{
  g_return_if_fail (buf != NULL);

  if (square < 0 || square >= XQ_SQUARES)
    {
      buf[0] = buf[1] = '-';
      buf[2] = '\0';
      return;
    }
  buf[0] = (char) ('a' + square % XQ_FILES);
  buf[1] = (char) ('0' + square / XQ_FILES);
  buf[2] = '\0';
}

void
xq_move_to_iccs (XqMove move, char *buf)
{
  g_return_if_fail (buf != NULL);

  xq_square_name (move.from, buf);
  xq_square_name (move.to, buf + 2);
}

static int
read_square (const char *text)
{
  char file = g_ascii_tolower (text[0]);

  if (file < 'a' || file > 'i' || text[1] < '0' || text[1] > '9')
    return -1;
  return (text[1] - '0') * XQ_FILES + (file - 'a');
}

/* Copies `text` without surrounding blanks into buf; FALSE when it does not fit. */
static gboolean
strip_into (const char *text, char *buf, gsize size)
{
  gsize len = 0;

  while (g_ascii_isspace (*text))
    text++;
  for (; text[len] != '\0'; len++)
    if (len >= size)
      return FALSE;
  while (len > 0 && g_ascii_isspace (text[len - 1]))
    len--;
  if (len >= size)
    return FALSE;
  memcpy (buf, text, len);
  buf[len] = '\0';
  return TRUE;
}

gboolean
xq_move_from_iccs (const char *text, XqMove *move)
{
  char buf[8];
  int from, to;

  g_return_val_if_fail (move != NULL, FALSE);

  if (text == NULL || !strip_into (text, buf, sizeof buf))
    return FALSE;
  if (strlen (buf) == 4)
    {
      from = read_square (buf);
      to = read_square (buf + 2);
    }
  else if (strlen (buf) == 5 && buf[2] == '-')
    {
      from = read_square (buf);
      to = read_square (buf + 3);
    }
  else
    return FALSE;
  if (from < 0 || to < 0)
    return FALSE;
  move->from = (guint8) from;
  move->to = (guint8) to;
  return TRUE;
}

/* Files are counted from the mover's right: Red's file 1 is i, Black's is a. */
char
xq_file_digit (int side, int file)
{
  return (char) ('0' + (side == XQ_RED ? XQ_FILES - file : file + 1));
}

int
xq_file_mates (const XqPosition *pos, int square, int *place)
{
  int side, kind = xq_piece_at (pos, square, &side);
  int file = square % XQ_FILES, n = 0, i;

  *place = 0;
  for (i = 0; i < XQ_RANKS; i++)
    {
      int rank = side == XQ_RED ? XQ_RANKS - 1 - i : i;
      int sq = rank * XQ_FILES + file, s;

      if (xq_piece_at (pos, sq, &s) == kind && s == side)
        {
          if (sq == square)
            *place = n;
          n++;
        }
    }
  return n;
}

int
xq_tandem_pawn_files (const XqPosition *pos, int side)
{
  int files = 0, file;

  for (file = 0; file < XQ_FILES; file++)
    {
      int sq, s, n = 0;

      for (sq = file; sq < XQ_SQUARES; sq += XQ_FILES)
        if (xq_piece_at (pos, sq, &s) == XQ_PAWN && s == side)
          n++;
      if (n >= 2)
        files++;
    }
  return files;
}

/* The two characters that name the piece: letter and file, or their tandem replacements. */
static void
wxf_prefix (const XqPosition *pos, int from, gboolean strict, gboolean plain, char *out)
{
  int side, kind = xq_piece_at (pos, from, &side);
  char letter = wxf_letters[kind], digit = xq_file_digit (side, from % XQ_FILES);
  int place, n;
  char mark;

  out[0] = letter;
  out[1] = digit;
  /* Advisors and elephants are told apart by their direction, the general is alone. */
  if (plain || kind == XQ_KING || kind == XQ_ADVISOR || kind == XQ_ELEPHANT)
    return;
  n = xq_file_mates (pos, from, &place);
  if (n < 2)
    return;

  if (kind == XQ_PAWN && xq_tandem_pawn_files (pos, side) >= 2)
    {
      /* Two files of pawns: the file digit takes the letter's place. */
      out[0] = digit;
      out[1] = place == 0 ? '+' : place == n - 1 ? '-' : digit;
      return;
    }

  /* One file: the front and rear pieces take marks and a middle one keeps its file; of four or
   * five pawns the outermost take doubled marks and the next ones in take single marks. */
  if (n >= 4 && (place == 0 || place == n - 1))
    {
      out[0] = out[1] = place == 0 ? '+' : '-';
      return;
    }
  if (n >= 4)
    {
      place--;
      n -= 2;
    }
  if (place != 0 && place != n - 1)
    return;
  mark = place == 0 ? '+' : '-';
  out[0] = strict ? letter : mark;
  out[1] = strict ? mark : letter;
}

static void
wxf_write (const XqPosition *pos, XqMove move, gboolean strict, gboolean plain, char *buf)
{
  int side, kind = xq_piece_at (pos, move.from, &side);
  int from_rank = move.from / XQ_FILES, to_rank = move.to / XQ_FILES;
  int forward = side == XQ_RED ? to_rank - from_rank : from_rank - to_rank;
  gboolean on_file = move.from % XQ_FILES == move.to % XQ_FILES;

  if (kind == XQ_NONE || move.to >= XQ_SQUARES)
    {
      g_strlcpy (buf, "----", WXF_LENGTH + 1);
      return;
    }
  wxf_prefix (pos, move.from, strict, plain, buf);
  buf[2] = forward > 0 ? '+' : forward < 0 ? '-' : strict ? '.' : '=';
  if (on_file && (kind == XQ_KING || kind == XQ_CHARIOT || kind == XQ_CANNON
                  || kind == XQ_PAWN))
    buf[3] = (char) ('0' + ABS (forward));
  else
    buf[3] = xq_file_digit (side, move.to % XQ_FILES);
  buf[4] = '\0';
}

void
xq_move_to_wxf_plain (const XqPosition *pos, XqMove move, char *buf)
{
  g_return_if_fail (pos != NULL);
  g_return_if_fail (buf != NULL);

  if (move.from >= XQ_SQUARES)
    {
      g_strlcpy (buf, "----", WXF_LENGTH + 1);
      return;
    }
  wxf_write (pos, move, FALSE, TRUE, buf);
}

void
xq_move_to_wxf (const XqPosition *pos, XqMove move, gboolean strict, char *buf)
{
  g_return_if_fail (pos != NULL);
  g_return_if_fail (buf != NULL);

  if (move.from >= XQ_SQUARES)
    {
      g_strlcpy (buf, "----", WXF_LENGTH + 1);
      return;
    }
  wxf_write (pos, move, strict, FALSE, buf);
}

/* One spelling for every accepted variant: upper case, `=` for sideways, E and H letters. */
static void
normalize (char *text)
{
  for (; *text != '\0'; text++)
    {
      *text = g_ascii_toupper (*text);
      if (*text == '.')
        *text = '=';
      else if (*text == 'B')
        *text = 'E';
      else if (*text == 'N')
        *text = 'H';
    }
}

gboolean
xq_move_from_wxf (XqPosition *pos, const char *text, XqMove *move)
{
  XqMove moves[XQ_MAX_MOVES];
  char wanted[8], written[8];
  int n, i, pass;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (text == NULL || !strip_into (text, wanted, sizeof wanted) || strlen (wanted) != WXF_LENGTH)
    return FALSE;
  normalize (wanted);

  n = xq_legal_moves (pos, moves);
  /* Pass 0 is the notation proper; pass 1 forgives a file digit written where a tandem mark
   * belongs (as some programs write), if only one legal move fits it. */
  for (pass = 0; pass < 2; pass++)
    {
      int found = -1;

      for (i = 0; i < n; i++)
        {
          int form;

          for (form = 0; form < 2; form++)
            {
              wxf_write (pos, moves[i], form == 1, pass == 1, written);
              normalize (written);
              if (strcmp (written, wanted) != 0)
                continue;
              if (found >= 0 && found != i)
                return FALSE;
              found = i;
            }
        }
      if (found >= 0)
        {
          *move = moves[found];
          return TRUE;
        }
    }
  return FALSE;
}
