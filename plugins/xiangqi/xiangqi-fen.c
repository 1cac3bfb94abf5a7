/* xiangqi-fen.c: reading and writing Xiangqi FEN (RULES.md X2–X3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fields, the board and the counters are read by libcatur's catur-fen, as every game's
 * are; what is Xiangqi's is the letters and the checks of X3 that a position must pass.
 * Input may be anything a user pastes, so no message here echoes raw input either.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <catur.h>

#include "xiangqi-core.h"

static const char * const field_names[] = {
  N_("board"),
  N_("side to move"),
  /* Translators: FEN's fields 3 and 4, which Xiangqi leaves unused ("-") */
  N_("unused"),
  N_("unused"),
  N_("plies since the last capture"),
  N_("move number"),
};

/* Only the board is needed; the side to move is reported missing as soon as it is read. */
static const CaturFenFormat fen_format = { "FEN", 2, G_N_ELEMENTS (field_names), field_names };

static const char * const rank_names[XQ_RANKS] = {
  "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
};

/* WXF letters for writing, indexed by XqKind; reading takes B/N and E/H alike. */
static const char piece_letters[] = " KABNRCP";

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
read_piece (char        prefix,
            char        letter,
            CaturPiece *piece,
            gpointer    user_data)
{
  piece->kind = kind_of_letter (letter);
  piece->side = g_ascii_isupper (letter) ? XQ_RED : XQ_BLACK;
  piece->flags = 0;
  return piece->kind != XQ_NONE;
}

static void
write_piece (const CaturPiece *piece,
             char             *prefix,
             char             *letter,
             gpointer          user_data)
{
  char c = piece_letters[piece->kind <= XQ_PAWN ? piece->kind : 0];

  *letter = piece->side == XQ_RED ? c : g_ascii_tolower (c);
}

static const CaturFenBoard fen_board = {
  XQ_FILES, XQ_RANKS, NULL, rank_names, read_piece, write_piece,
};

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

/* RULES X3, shared by the FEN reader and the position editor. */
char *
xq_position_problem (const XqPosition *pos)
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
        return g_strdup (side == XQ_RED ? _("Red has no general") : _("Black has no general"));
      for (kind = XQ_KING; kind <= XQ_PAWN; kind++)
        if (count[side][kind] > most[kind])
          return too_many_message (side, kind, count[side][kind]);
    }

  for (sq = 0; sq < XQ_SQUARES; sq++)
    {
      kind = xq_piece_at (pos, sq, &side);
      if (kind != XQ_NONE && !point_allowed (kind, side, sq / XQ_FILES, sq % XQ_FILES))
        {
          char name[8];

          xq_square_name (sq, name);
          return misplaced_message (kind, side, name);
        }
    }

  if (xq_generals_face (pos))
    return g_strdup_printf (_("The generals face each other on file %c"),
                            'a' + pos->king[XQ_RED] % XQ_FILES);
  if (xq_in_check (pos, pos->side ^ 1))
    return g_strdup (_("The side not to move is in check"));
  return NULL;
}

gboolean
xq_position_from_fen (XqPosition *pos, const char *fen, GError **error)
{
  static const char * const sides[] = { "w|r|W|R", "b|B", NULL };
  static const char * const unused[] = { "-", NULL };
  g_auto(CaturFenFields) fields = { NULL };
  CaturPiece squares[XQ_SQUARES];
  XqPosition parsed;
  guint side = XQ_RED, dash = 0, halfmove = 0, fullmove = 1;
  g_autofree char *problem = NULL;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!catur_fen_split (&fields, &fen_format, fen, error)
      || !catur_fen_read_board (&fields, 0, &fen_board, squares, NULL, error)
      || !catur_fen_read_choice (&fields, 1, sides, &side, error)
      || !catur_fen_read_choice (&fields, 2, unused, &dash, error)
      || !catur_fen_read_choice (&fields, 3, unused, &dash, error)
      || !catur_fen_read_number (&fields, 4, 0, G_MAXUINT16, &halfmove, error)
      || !catur_fen_read_number (&fields, 5, 1, G_MAXUINT16, &fullmove, error))
    return FALSE;

  xq_position_clear (&parsed);
  for (int sq = 0; sq < XQ_SQUARES; sq++)
    if (squares[sq].kind != XQ_NONE)
      xq_put_piece (&parsed, sq, squares[sq].kind, squares[sq].side);
  parsed.side = side;
  parsed.halfmove = halfmove;
  parsed.fullmove = fullmove;

  problem = xq_position_problem (&parsed);
  if (problem != NULL)
    {
      g_set_error_literal (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_POSITION, problem);
      return FALSE;
    }

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
  CaturPiece squares[XQ_SQUARES];
  GString *fen;

  g_return_val_if_fail (pos != NULL, NULL);

  for (int sq = 0; sq < XQ_SQUARES; sq++)
    {
      int side = XQ_RED;

      squares[sq].kind = xq_piece_at (pos, sq, &side);
      squares[sq].side = side;
      squares[sq].flags = 0;
    }
  fen = g_string_sized_new (96);
  catur_fen_append_board (fen, &fen_board, squares, NULL);
  g_string_append_printf (fen, " %c - - %u %u", pos->side == XQ_BLACK ? 'b' : 'w',
                          pos->halfmove, pos->fullmove);
  return g_string_free (fen, FALSE);
}
