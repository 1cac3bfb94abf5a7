/* chess-fen.c: reading and writing chess FEN (RULES.md C6)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fields, the board and the counters are read by libcatur's catur-fen; what is chess's is
 * the letters and the checks a position must pass to be one that play can reach: both kings,
 * no pawn on a back rank, the side not to move not in check, castling rights that fit the
 * pieces and an en-passant square behind a pawn that has just stepped two squares. Both
 * conventions of the en-passant field are read: the square after every double step (as PGN
 * and this writer give it) and only when a capture is possible (as engines write it).
 * Input may be anything a user pastes, so no message here echoes raw input.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include <catur.h>

#include "chess-core.h"

enum
{
  FIELD_BOARD,
  FIELD_SIDE,
  FIELD_CASTLING,
  FIELD_EN_PASSANT,
  FIELD_HALFMOVE,
  FIELD_FULLMOVE,
};

static const char * const field_names[] = {
  N_("board"),
  N_("side to move"),
  N_("castling rights"),
  N_("en-passant square"),
  N_("plies since the last capture or pawn move"),
  N_("move number"),
};

/* The counters may be left out, as EPD-like texts do. */
static const CaturFenFormat fen_format = { "FEN", 4, G_N_ELEMENTS (field_names), field_names };

static ChessKind
kind_of_letter (char c)
{
  switch (g_ascii_toupper (c))
    {
    case 'P': return CH_PAWN;
    case 'N': return CH_KNIGHT;
    case 'B': return CH_BISHOP;
    case 'R': return CH_ROOK;
    case 'Q': return CH_QUEEN;
    case 'K': return CH_KING;
    default: return CH_NONE;
    }
}

static gboolean
read_piece (char        prefix,
            char        letter,
            CaturPiece *piece,
            gpointer    user_data)
{
  piece->kind = kind_of_letter (letter);
  piece->side = g_ascii_isupper (letter) ? CH_WHITE : CH_BLACK;
  piece->flags = 0;
  return piece->kind != CH_NONE;
}

static void
write_piece (const CaturPiece *piece,
             char             *prefix,
             char             *letter,
             gpointer          user_data)
{
  char c = CH_LETTERS[piece->kind <= CH_KING ? piece->kind : 0];

  *letter = piece->side == CH_WHITE ? c : g_ascii_tolower (c);
}

static const CaturFenBoard fen_board = {
  8, 8, NULL, NULL, read_piece, write_piece,
};

/* An error of a field the board check finds, in the form catur-fen gives its own. */
G_GNUC_PRINTF (3, 4) static gboolean
field_error (GError    **error,
             guint       field,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_POSITION, _("Field %u (%s): %s"),
               field + 1, _(field_names[field]), message);
  return FALSE;
}

/* The castling rights, each with its letter and the squares its king and rook start on. */
static const struct
{
  char letter;
  guint8 right;
  int king;
  int rook;
} castling_rights[] = {
  { 'K', CH_CASTLE_WK, 4, 7 }, { 'Q', CH_CASTLE_WQ, 4, 0 },
  { 'k', CH_CASTLE_BK, 60, 63 }, { 'q', CH_CASTLE_BQ, 60, 56 },
};

static char *
board_problem (const ChessPosition *pos)
{
  for (int side = CH_WHITE; side <= CH_BLACK; side++)
    {
      int kings = ch_pop_count (ch_pieces (pos, side, CH_KING));
      int pawns = ch_pop_count (ch_pieces (pos, side, CH_PAWN));
      int pieces = ch_pop_count (pos->by_side[side]);
      gboolean white = side == CH_WHITE;

      if (kings == 0)
        return g_strdup (white ? _("White has no king") : _("Black has no king"));
      if (kings > 1)
        return g_strdup_printf (white ? _("White has %d kings; it needs exactly 1")
                                      : _("Black has %d kings; it needs exactly 1"), kings);
      if (pawns > 8)
        return g_strdup_printf (white ? _("White has %d pawns; at most 8")
                                      : _("Black has %d pawns; at most 8"), pawns);
      if (pieces > 16)
        return g_strdup_printf (white ? _("White has %d pieces; at most 16")
                                      : _("Black has %d pieces; at most 16"), pieces);
    }
  if (pos->by_kind[CH_PAWN] & G_GUINT64_CONSTANT (0xff000000000000ff))
    {
      char name[4];

      ch_square_name (ch_bit_scan (pos->by_kind[CH_PAWN] & G_GUINT64_CONSTANT (0xff000000000000ff)),
                      name);
      return g_strdup_printf (_("a pawn stands on %s, on a back rank"), name);
    }
  return NULL;
}

static char *
castling_problem (const ChessPosition *pos)
{
  for (guint i = 0; i < G_N_ELEMENTS (castling_rights); i++)
    {
      int side = i < 2 ? CH_WHITE : CH_BLACK;
      char king[4], rook[4];

      if (!(pos->castling & castling_rights[i].right))
        continue;
      ch_square_name (castling_rights[i].king, king);
      ch_square_name (castling_rights[i].rook, rook);
      if (pos->board[castling_rights[i].king] != CH_PIECE (side, CH_KING)
          || pos->board[castling_rights[i].rook] != CH_PIECE (side, CH_ROOK))
        /* Translators: "“K” needs the king on e1 and a rook on h1" */
        return g_strdup_printf (_("“%c” needs the king on %s and a rook on %s"),
                                castling_rights[i].letter, king, rook);
    }
  return NULL;
}

static char *
en_passant_problem (const ChessPosition *pos)
{
  int file, rank, pawn, origin;

  if (pos->ep == CH_NO_SQUARE)
    return NULL;
  file = pos->ep % 8;
  rank = pos->ep / 8;
  if (rank != (pos->side == CH_WHITE ? 5 : 2))
    return g_strdup (pos->side == CH_WHITE
                     ? _("with White to move it must be on the sixth rank")
                     : _("with Black to move it must be on the third rank"));
  pawn = CH_SQ (file, pos->side == CH_WHITE ? 4 : 3);
  origin = CH_SQ (file, pos->side == CH_WHITE ? 6 : 1);
  if (pos->board[pawn] != CH_PIECE (pos->side ^ 1, CH_PAWN)
      || pos->board[CH_SQ (file, rank)] != 0 || pos->board[origin] != 0)
    return g_strdup (_("no pawn has just stepped two squares past it"));
  return NULL;
}

/* The checks of RULES C6, shared by the FEN reader and the position editor: each problem with
 * the FEN field it belongs to. The kings' squares must be set (ch_position_finish_setup()). */
char *
ch_position_problem (const ChessPosition *pos, int *field)
{
  char *problem;

  *field = FIELD_BOARD;
  if ((problem = board_problem (pos)) != NULL)
    return problem;
  *field = FIELD_CASTLING;
  if ((problem = castling_problem (pos)) != NULL)
    return problem;
  *field = FIELD_EN_PASSANT;
  if ((problem = en_passant_problem (pos)) != NULL)
    return problem;
  *field = FIELD_SIDE;
  if (ch_square_attacked (pos, pos->king[pos->side ^ 1], pos->side))
    return g_strdup (pos->side == CH_WHITE ? _("Black is in check but White is to move")
                                           : _("White is in check but Black is to move"));
  *field = FIELD_BOARD;
  if (ch_pop_count (ch_checkers (pos)) > 2)
    return g_strdup (_("more than two pieces give check at once"));
  return NULL;
}

/* Where the editor shows a problem, the field is left out: the player set no text. */
char *
ch_position_check (const ChessPosition *pos)
{
  int field;

  return ch_position_problem (pos, &field);
}

/* A field catur-fen takes as optional (past the board and the side) but chess needs. */
static gboolean
field_missing (GError **error, guint field)
{
  /* Translators: "Field 3 (castling rights) is missing" */
  g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX, _("Field %u (%s) is missing"),
               field + 1, _(field_names[field]));
  return FALSE;
}

static gboolean
read_castling (const char *text, ChessPosition *pos, GError **error)
{
  pos->castling = 0;
  if (text == NULL)
    return field_missing (error, FIELD_CASTLING);
  if (g_str_equal (text, "-"))
    return TRUE;
  for (const char *c = text; *c != '\0'; c++)
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (castling_rights); i++)
        if (castling_rights[i].letter == *c)
          break;
      if (i == G_N_ELEMENTS (castling_rights))
        return field_error (error, FIELD_CASTLING, "%s",
                            _("must be “-” or letters of “KQkq”"));
      if (pos->castling & castling_rights[i].right)
        return field_error (error, FIELD_CASTLING, "%s", _("a letter is given twice"));
      pos->castling |= castling_rights[i].right;
    }
  return TRUE;
}

static gboolean
read_en_passant (const char *text, ChessPosition *pos, GError **error)
{
  pos->ep = CH_NO_SQUARE;
  if (text == NULL)
    return field_missing (error, FIELD_EN_PASSANT);
  if (g_str_equal (text, "-"))
    return TRUE;
  if (strlen (text) != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return field_error (error, FIELD_EN_PASSANT, "%s", _("must be “-” or a square such as e3"));
  pos->ep = CH_SQ (text[0] - 'a', text[1] - '1');
  return TRUE;
}

gboolean
ch_position_from_fen (ChessPosition *pos, const char *fen, GError **error)
{
  static const char * const sides[] = { "w|W", "b|B", NULL };
  g_auto(CaturFenFields) fields = { NULL };
  CaturPiece squares[CH_SQUARES];
  ChessPosition parsed;
  guint side = CH_WHITE, halfmove = 0, fullmove = 1;
  g_autofree char *problem = NULL;
  int field;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!catur_fen_split (&fields, &fen_format, fen, error)
      || !catur_fen_read_board (&fields, FIELD_BOARD, &fen_board, squares, NULL, error)
      || !catur_fen_read_choice (&fields, FIELD_SIDE, sides, &side, error)
      || !catur_fen_read_number (&fields, FIELD_HALFMOVE, 0, G_MAXUINT16, &halfmove, error)
      || !catur_fen_read_number (&fields, FIELD_FULLMOVE, 1, G_MAXUINT16, &fullmove, error))
    return FALSE;

  ch_position_clear (&parsed);
  for (int sq = 0; sq < CH_SQUARES; sq++)
    if (squares[sq].kind != CH_NONE)
      ch_put_piece (&parsed, sq, squares[sq].kind, squares[sq].side);
  parsed.side = side;
  parsed.halfmove = halfmove;
  parsed.fullmove = fullmove;

  if (!read_castling (catur_fen_get_field (&fields, FIELD_CASTLING), &parsed, error)
      || !read_en_passant (catur_fen_get_field (&fields, FIELD_EN_PASSANT), &parsed, error))
    return FALSE;

  ch_position_finish_setup (&parsed);
  problem = ch_position_problem (&parsed, &field);
  if (problem != NULL)
    return field_error (error, (guint) field, "%s", problem);
  *pos = parsed;
  return TRUE;
}

char *
ch_position_to_fen (const ChessPosition *pos)
{
  CaturPiece squares[CH_SQUARES];
  GString *fen;
  char ep[4] = "-";

  g_return_val_if_fail (pos != NULL, NULL);

  for (int sq = 0; sq < CH_SQUARES; sq++)
    {
      int side = CH_WHITE;

      squares[sq].kind = ch_piece_at (pos, sq, &side);
      squares[sq].side = side;
      squares[sq].flags = 0;
    }
  fen = g_string_sized_new (96);
  catur_fen_append_board (fen, &fen_board, squares, NULL);
  g_string_append (fen, pos->side == CH_BLACK ? " b " : " w ");
  if (pos->castling & CH_CASTLE_WK)
    g_string_append_c (fen, 'K');
  if (pos->castling & CH_CASTLE_WQ)
    g_string_append_c (fen, 'Q');
  if (pos->castling & CH_CASTLE_BK)
    g_string_append_c (fen, 'k');
  if (pos->castling & CH_CASTLE_BQ)
    g_string_append_c (fen, 'q');
  if (pos->castling == 0)
    g_string_append_c (fen, '-');
  if (pos->ep != CH_NO_SQUARE)
    ch_square_name (pos->ep, ep);
  g_string_append_printf (fen, " %s %u %u", ep, pos->halfmove, pos->fullmove);
  return g_string_free (fen, FALSE);
}
