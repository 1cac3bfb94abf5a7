/* xiangqi-fen.c: reading and writing Xiangqi FEN (RULES.md X2–X3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input may be anything a user pastes, so the reader never trusts a length or a character and
 * never echoes raw input into an error message (it may not be UTF-8).
 */

#include <glib/gi18n-lib.h>

#include "xiangqi-core.h"

/* A real FEN is under 100 characters; a cap keeps garbage from costing anything. */
#define MAX_FEN_LENGTH 512
#define MAX_FIELDS 6

G_DEFINE_QUARK (xq-fen-error-quark, xq_fen_error)

typedef struct
{
  const char *start;
  gsize len;
} Field;

static gboolean
field_is (const Field *field, const char *text)
{
  return field->len == strlen (text) && strncmp (field->start, text, field->len) == 0;
}

/* Accepts plain decimal digits only, so "+1", "1e3" or " 1" are not numbers here. */
static gboolean
parse_counter (const Field *field, guint min, guint max, guint16 *out)
{
  guint value = 0;
  gsize i;

  if (field->len == 0 || field->len > 5)
    return FALSE;
  for (i = 0; i < field->len; i++)
    {
      if (!g_ascii_isdigit (field->start[i]))
        return FALSE;
      value = value * 10 + (guint) (field->start[i] - '0');
    }
  if (value < min || value > max)
    return FALSE;
  *out = (guint16) value;
  return TRUE;
}

static XqKind
kind_of_letter (char c)
{
  switch (g_ascii_toupper (c))
    {
    case 'K': return XQ_KING;
    case 'A': return XQ_ADVISOR;
    case 'B': case 'E': return XQ_ELEPHANT;
    case 'N': case 'H': return XQ_HORSE;
    case 'R': return XQ_CHARIOT;
    case 'C': return XQ_CANNON;
    case 'P': return XQ_PAWN;
    default: return XQ_NONE;
    }
}

static gboolean
parse_board (const Field *field, XqPosition *pos, GError **error)
{
  int rank = XQ_RANKS - 1, file = 0;
  gsize i;

  for (i = 0; i <= field->len; i++)
    {
      char c = i < field->len ? field->start[i] : '/';
      XqKind kind;

      if (c == '/')
        {
          if (file != XQ_FILES)
            {
              g_set_error (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                           _("Rank %d of the board has %d files"), rank, file);
              return FALSE;
            }
          if (i == field->len)
            break;
          if (rank == 0)
            {
              g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                                   _("The board has more than 10 ranks"));
              return FALSE;
            }
          rank--;
          file = 0;
          continue;
        }

      if (c >= '1' && c <= '9')
        {
          /* Counting past 9 lets the message say how long the rank really is. */
          file += c - '0';
          continue;
        }

      kind = kind_of_letter (c);
      if (kind == XQ_NONE)
        {
          if (g_ascii_isgraph (c))
            g_set_error (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                         _("Rank %d of the board has an unknown piece letter “%c”"), rank, c);
          else
            g_set_error (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                         _("Rank %d of the board has an unexpected character"), rank);
          return FALSE;
        }
      if (file < XQ_FILES)
        xq_put_piece (pos, rank * XQ_FILES + file, kind,
                      g_ascii_isupper (c) ? XQ_RED : XQ_BLACK);
      file++;
    }

  if (rank != 0)
    {
      g_set_error (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                   _("The board has %d ranks; it needs 10"), XQ_RANKS - rank);
      return FALSE;
    }
  return TRUE;
}

static char *
too_many_message (int side, XqKind kind, int count)
{
  gboolean red = side == XQ_RED;

  switch (kind)
    {
    case XQ_KING:
      return red ? g_strdup_printf (_("Red has %d generals; it needs exactly 1"), count)
                 : g_strdup_printf (_("Black has %d generals; it needs exactly 1"), count);
    case XQ_ADVISOR:
      return red ? g_strdup_printf (_("Red has %d advisors; at most 2"), count)
                 : g_strdup_printf (_("Black has %d advisors; at most 2"), count);
    case XQ_ELEPHANT:
      return red ? g_strdup_printf (_("Red has %d elephants; at most 2"), count)
                 : g_strdup_printf (_("Black has %d elephants; at most 2"), count);
    case XQ_HORSE:
      return red ? g_strdup_printf (_("Red has %d horses; at most 2"), count)
                 : g_strdup_printf (_("Black has %d horses; at most 2"), count);
    case XQ_CHARIOT:
      return red ? g_strdup_printf (_("Red has %d chariots; at most 2"), count)
                 : g_strdup_printf (_("Black has %d chariots; at most 2"), count);
    case XQ_CANNON:
      return red ? g_strdup_printf (_("Red has %d cannons; at most 2"), count)
                 : g_strdup_printf (_("Black has %d cannons; at most 2"), count);
    case XQ_PAWN:
      return red ? g_strdup_printf (_("Red has %d pawns; at most 5"), count)
                 : g_strdup_printf (_("Black has %d pawns; at most 5"), count);
    case XQ_NONE:
    default:
      return g_strdup ("");
    }
}

/* Whether a piece may stand on a point at all (X3): the general and advisor in the palace, the
 * elephant on its seven points, a pawn on a point it can reach from its start. Points are
 * seen from the owner's side, so Black's are Red's turned round. */
static gboolean
point_allowed (XqKind kind, int side, int rank, int file)
{
  int r = side == XQ_RED ? rank : XQ_RANKS - 1 - rank;
  int f = side == XQ_RED ? file : XQ_FILES - 1 - file;

  switch (kind)
    {
    case XQ_KING:
      return r <= 2 && f >= 3 && f <= 5;
    case XQ_ADVISOR:
      return (r == 0 || r == 2) ? (f == 3 || f == 5) : (r == 1 && f == 4);
    case XQ_ELEPHANT:
      return ((r == 0 || r == 4) && (f == 2 || f == 6))
             || (r == 2 && (f == 0 || f == 4 || f == 8));
    case XQ_PAWN:
      /* Before the river a pawn only walks straight up its own (even) file. */
      return r >= 5 || (r >= 3 && f % 2 == 0);
    case XQ_HORSE:
    case XQ_CHARIOT:
    case XQ_CANNON:
      return TRUE;
    case XQ_NONE:
    default:
      return FALSE;
    }
}

static char *
misplaced_message (XqKind kind, int side, const char *square)
{
  gboolean red = side == XQ_RED;

  switch (kind)
    {
    case XQ_KING:
      return red ? g_strdup_printf (_("The red general stands outside its palace at %s"), square)
                 : g_strdup_printf (_("The black general stands outside its palace at %s"),
                                    square);
    case XQ_ADVISOR:
      return red ? g_strdup_printf (_("The red advisor at %s stands off the palace diagonals"),
                                    square)
                 : g_strdup_printf (_("The black advisor at %s stands off the palace diagonals"),
                                    square);
    case XQ_ELEPHANT:
      return red ? g_strdup_printf (_("The red elephant at %s stands off its seven points"),
                                    square)
                 : g_strdup_printf (_("The black elephant at %s stands off its seven points"),
                                    square);
    case XQ_PAWN:
      return red ? g_strdup_printf (_("The red pawn at %s can never reach that point"), square)
                 : g_strdup_printf (_("The black pawn at %s can never reach that point"),
                                    square);
    case XQ_NONE:
    case XQ_HORSE:
    case XQ_CHARIOT:
    case XQ_CANNON:
    default:
      return g_strdup ("");
    }
}

static gboolean
validate_position (const XqPosition *pos, GError **error)
{
  static const int most[XQ_PAWN + 1] = { 0, 1, 2, 2, 2, 2, 2, 5 };
  int count[2][XQ_PAWN + 1] = { { 0 } };
  int sq, side, kind;

  for (sq = 0; sq < XQ_SQUARES; sq++)
    {
      kind = xq_piece_at (pos, sq, &side);
      if (kind != XQ_NONE)
        count[side][kind]++;
    }

  for (side = XQ_RED; side <= XQ_BLACK; side++)
    {
      if (count[side][XQ_KING] == 0)
        {
          g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_POSITION,
                               side == XQ_RED ? _("Red has no general")
                                              : _("Black has no general"));
          return FALSE;
        }
      for (kind = XQ_KING; kind <= XQ_PAWN; kind++)
        if (count[side][kind] > most[kind])
          {
            g_autofree char *message = too_many_message (side, kind, count[side][kind]);

            g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_POSITION, message);
            return FALSE;
          }
    }

  for (sq = 0; sq < XQ_SQUARES; sq++)
    {
      kind = xq_piece_at (pos, sq, &side);
      if (kind != XQ_NONE && !point_allowed (kind, side, sq / XQ_FILES, sq % XQ_FILES))
        {
          char name[8];
          g_autofree char *message = NULL;

          xq_square_name (sq, name);
          message = misplaced_message (kind, side, name);
          g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_POSITION, message);
          return FALSE;
        }
    }

  if (xq_generals_face (pos))
    {
      g_set_error (error, XQ_FEN_ERROR, XQ_FEN_ERROR_POSITION,
                   _("The generals face each other on file %c"),
                   'a' + pos->king[XQ_RED] % XQ_FILES);
      return FALSE;
    }
  if (xq_in_check (pos, pos->side ^ 1))
    {
      g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_POSITION,
                           _("The side not to move is in check"));
      return FALSE;
    }
  return TRUE;
}

gboolean
xq_position_from_fen (XqPosition *pos, const char *fen, GError **error)
{
  XqPosition parsed;
  Field fields[MAX_FIELDS];
  int n_fields = 0;
  gsize len, i;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (fen == NULL)
    fen = "";
  for (len = 0; fen[len] != '\0'; len++)
    if (len == MAX_FEN_LENGTH)
      {
        g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                             _("The FEN is too long to be a position"));
        return FALSE;
      }

  for (i = 0; i < len;)
    {
      gsize start;

      if (g_ascii_isspace (fen[i]))
        {
          i++;
          continue;
        }
      if (n_fields == MAX_FIELDS)
        {
          g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                               _("The FEN has text after the move number"));
          return FALSE;
        }
      for (start = i; i < len && !g_ascii_isspace (fen[i]); i++)
        ;
      fields[n_fields].start = fen + start;
      fields[n_fields].len = i - start;
      n_fields++;
    }

  if (n_fields == 0)
    {
      g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX, _("The FEN is empty"));
      return FALSE;
    }

  xq_position_clear (&parsed);
  if (!parse_board (&fields[0], &parsed, error))
    return FALSE;

  if (n_fields < 2)
    {
      g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                           _("The side to move is missing"));
      return FALSE;
    }
  if (field_is (&fields[1], "w") || field_is (&fields[1], "r")
      || field_is (&fields[1], "W") || field_is (&fields[1], "R"))
    parsed.side = XQ_RED;
  else if (field_is (&fields[1], "b") || field_is (&fields[1], "B"))
    parsed.side = XQ_BLACK;
  else
    {
      g_set_error_literal (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                           _("The side to move must be w or b"));
      return FALSE;
    }

  for (i = 2; i < 4 && i < (gsize) n_fields; i++)
    if (!field_is (&fields[i], "-"))
      {
        g_set_error (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                     _("Field %d of the FEN must be “-”"), (int) i + 1);
        return FALSE;
      }

  parsed.halfmove = 0;
  parsed.fullmove = 1;
  if (n_fields >= 5 && !parse_counter (&fields[4], 0, G_MAXUINT16, &parsed.halfmove))
    {
      g_set_error (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                   _("The plies since the last capture (field 5) must be a number from 0 to %d"),
                   G_MAXUINT16);
      return FALSE;
    }
  if (n_fields >= 6 && !parse_counter (&fields[5], 1, G_MAXUINT16, &parsed.fullmove))
    {
      g_set_error (error, XQ_FEN_ERROR, XQ_FEN_ERROR_SYNTAX,
                   _("The move number (field 6) must be a number from 1 to %d"), G_MAXUINT16);
      return FALSE;
    }

  if (!validate_position (&parsed, error))
    return FALSE;

  /* The side may have changed after the pieces went down, so the key is made again from what
   * was read. */
  parsed.key = xq_position_compute_key (&parsed);
  parsed.plies = 0;
  *pos = parsed;
  return TRUE;
}

char *
xq_position_to_fen (const XqPosition *pos)
{
  static const char letters[] = " KABNRCP";
  GString *fen;
  int rank, file;

  g_return_val_if_fail (pos != NULL, NULL);

  fen = g_string_sized_new (96);
  for (rank = XQ_RANKS - 1; rank >= 0; rank--)
    {
      int empty = 0;

      for (file = 0; file < XQ_FILES; file++)
        {
          int side;
          int kind = xq_piece_at (pos, rank * XQ_FILES + file, &side);

          if (kind == XQ_NONE)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            g_string_append_c (fen, (char) ('0' + empty));
          empty = 0;
          g_string_append_c (fen, side == XQ_RED ? letters[kind]
                                                 : g_ascii_tolower (letters[kind]));
        }
      if (empty > 0)
        g_string_append_c (fen, (char) ('0' + empty));
      if (rank > 0)
        g_string_append_c (fen, '/');
    }
  g_string_append_printf (fen, " %c - - %u %u", pos->side == XQ_BLACK ? 'b' : 'w',
                          pos->halfmove, pos->fullmove);
  return g_string_free (fen, FALSE);
}
