/* shogi-sfen.c: reading and writing SFEN (RULES.md S2)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fields and the board are read by libcatur's catur-fen; what is Shogi's is the letters,
 * the hands and the checks a position must pass. Messages name the field and never echo the
 * raw input.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include <catur.h>

#include "shogi-core.h"

static const char * const field_names[] = {
  N_("board"),
  N_("side to move"),
  N_("pieces in hand"),
  N_("ply number"),
};

/* The ply number may be left out: it is then 1. */
static const CaturFenFormat sfen_format = { "SFEN", 3, G_N_ELEMENTS (field_names), field_names };

/* Indexed like CaturSquare's ranks: rank 0 is Shogi's rank i. */
static const char * const rank_names[SG_RANKS] = {
  "i", "h", "g", "f", "e", "d", "c", "b", "a",
};

static gboolean
read_piece (char        prefix,
            char        letter,
            CaturPiece *piece,
            gpointer    user_data)
{
  int kind = sg_kind_of_letter (letter);

  piece->side = g_ascii_isupper (letter) ? SG_SENTE : SG_GOTE;
  piece->flags = 0;
  if (prefix == '+')
    {
      if (!SG_CAN_PROMOTE (kind))
        return FALSE;
      kind = SG_PROMOTED (kind);
      piece->flags = CATUR_PIECE_PROMOTED;
    }
  piece->kind = (guint8) kind;
  return kind != SG_NONE;
}

static void
write_piece (const CaturPiece *piece,
             char             *prefix,
             char             *letter,
             gpointer          user_data)
{
  char c = sg_kind_letter (piece->kind);

  *prefix = SG_IS_PROMOTED (piece->kind) ? '+' : 0;
  *letter = piece->side == SG_SENTE ? c : g_ascii_tolower (c);
}

static const CaturFenBoard sfen_board = {
  SG_FILES, SG_RANKS, "+", rank_names, read_piece, write_piece,
};

static gboolean G_GNUC_PRINTF (3, 4)
field_error (GError   **error,
             guint      index,
             const char *format,
             ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: "Field 3 (pieces in hand): …", as catur-fen writes its own */
  g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX, _("Field %u (%s): %s"),
               index + 1, _(field_names[index]), what);
  return FALSE;
}

/* `-`, or counts and letters in any order (`2P`, `Sb`, `10p`). */
static gboolean
read_hands (const char *field,
            guint8      hand[2][SG_N_KINDS],
            GError    **error)
{
  memset (hand, 0, 2 * SG_N_KINDS);
  if (field == NULL || g_str_equal (field, "-"))
    return TRUE;
  for (const char *p = field; *p != '\0';)
    {
      guint count = 1;
      int kind;

      if (g_ascii_isdigit (*p))
        {
          count = 0;
          while (g_ascii_isdigit (*p))
            {
              count = MIN (count * 10 + (guint) (*p - '0'), 100);
              p++;
            }
          if (count == 0)
            return field_error (error, 2, _("a count of 0"));
        }
      kind = sg_kind_of_letter (*p);
      if (*p == '\0')
        return field_error (error, 2, _("a count without a piece letter"));
      if (kind < SG_ROOK || kind > SG_PAWN)
        return field_error (error, 2, _("“%c” is no piece that a hand holds"),
                            g_ascii_isgraph (*p) ? *p : '?');
      hand[g_ascii_isupper (*p) ? SG_SENTE : SG_GOTE][kind] =
        (guint8) MIN (count + hand[g_ascii_isupper (*p) ? SG_SENTE : SG_GOTE][kind], 100);
      p++;
    }
  return TRUE;
}

/* The pieces of one set: both sides' on the board and in hand together. */
static const int set_count[SG_PAWN + 1] = { 0, 2, 2, 2, 4, 4, 4, 4, 18 };

gboolean
sg_position_counts_ok (const SgPosition *pos, int *bad_kind, int *bad_count)
{
  int count[SG_PAWN + 1] = { 0 };

  for (int sq = 0; sq < SG_SQUARES; sq++)
    if (pos->cell[sq] != 0)
      count[SG_UNPROMOTED (SG_CELL_KIND (pos->cell[sq]))]++;
  for (int side = 0; side < 2; side++)
    for (int kind = SG_ROOK; kind <= SG_PAWN; kind++)
      count[kind] += pos->hand[side][kind];
  for (int kind = SG_KING; kind <= SG_PAWN; kind++)
    if (count[kind] > set_count[kind])
      {
        *bad_kind = kind;
        *bad_count = count[kind];
        return FALSE;
      }
  return TRUE;
}

static const char *
plural_kind_name (int kind)
{
  switch (kind)
    {
    case SG_KING: return _("kings");
    case SG_ROOK: return _("rooks");
    case SG_BISHOP: return _("bishops");
    case SG_GOLD: return _("golds");
    case SG_SILVER: return _("silvers");
    case SG_KNIGHT: return _("knights");
    case SG_LANCE: return _("lances");
    case SG_PAWN: default: return _("pawns");
    }
}

char *
sg_position_problem (const SgPosition *pos, int *field)
{
  int kings[2] = { 0, 0 };
  int bad_kind, bad_count;

  *field = 0;
  for (int sq = 0; sq < SG_SQUARES; sq++)
    {
      int side = 0;
      int kind = sg_piece_at (pos, sq, &side);
      char name[4];

      if (kind == SG_NONE)
        continue;
      sg_square_name (sq, name);
      if (kind == SG_KING && ++kings[side] > 1)
        return g_strdup (side == SG_SENTE ? _("Sente has more than one king")
                                          : _("Gote has more than one king"));
      if (!sg_can_move_from (kind, side, sq))
        return g_strdup_printf (_("the piece on %s could never move again"), name);
    }
  for (int side = 0; side < 2; side++)
    for (int file = 0; file < SG_FILES; file++)
      if (pos->pawn_files[side][file] > 1)
        return g_strdup_printf (side == SG_SENTE ? _("Sente has two pawns on file %d")
                                                 : _("Gote has two pawns on file %d"),
                                SG_FILES - file);
  if (!sg_position_counts_ok (pos, &bad_kind, &bad_count))
    {
      /* The hands are where a count beyond the set usually comes from. */
      *field = 2;
      return g_strdup_printf (_("%d %s on the board and in the hands; a set has %d"), bad_count,
                              plural_kind_name (bad_kind), set_count[bad_kind]);
    }
  *field = -1;
  if (sg_in_check (pos, pos->side ^ 1))
    return g_strdup (pos->side == SG_SENTE
                     ? _("Gote’s king is in check, but it is Sente’s turn")
                     : _("Sente’s king is in check, but it is Gote’s turn"));
  return NULL;
}

gboolean
sg_position_from_sfen (SgPosition *pos, const char *sfen, GError **error)
{
  static const char * const sides[] = { "b", "w", NULL };
  g_auto(CaturFenFields) fields = { NULL };
  CaturPiece squares[SG_SQUARES];
  SgPosition parsed;
  guint side = SG_SENTE, ply = 1;
  g_autofree char *problem = NULL;
  int field;

  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  sg_position_clear (&parsed);
  if (!catur_fen_split (&fields, &sfen_format, sfen, error)
      || !catur_fen_read_board (&fields, 0, &sfen_board, squares, NULL, error)
      || !catur_fen_read_choice (&fields, 1, sides, &side, error)
      || !read_hands (catur_fen_get_field (&fields, 2), parsed.hand, error)
      || !catur_fen_read_number (&fields, 3, 1, G_MAXUINT16, &ply, error))
    return FALSE;

  for (int sq = 0; sq < SG_SQUARES; sq++)
    if (squares[sq].kind != SG_NONE)
      sg_put_piece (&parsed, sq, squares[sq].kind, squares[sq].side);
  parsed.side = (guint8) side;
  parsed.ply = (guint16) ply;
  parsed.start_ply = (guint16) ply;
  parsed.key = sg_position_compute_key (&parsed);
  problem = sg_position_problem (&parsed, &field);
  if (problem != NULL)
    {
      if (field >= 0)
        return field_error (error, (guint) field, "%s", problem);
      g_set_error_literal (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_POSITION, problem);
      return FALSE;
    }
  *pos = parsed;
  return TRUE;
}

char *
sg_position_to_sfen (const SgPosition *pos)
{
  CaturPiece squares[SG_SQUARES];
  GString *sfen;
  gboolean any = FALSE;

  g_return_val_if_fail (pos != NULL, NULL);

  for (int sq = 0; sq < SG_SQUARES; sq++)
    {
      int side = SG_SENTE;

      squares[sq].kind = (guint8) sg_piece_at (pos, sq, &side);
      squares[sq].side = (guint8) side;
      squares[sq].flags = 0;
    }
  sfen = g_string_sized_new (96);
  catur_fen_append_board (sfen, &sfen_board, squares, NULL);
  g_string_append_printf (sfen, " %c ", pos->side == SG_SENTE ? 'b' : 'w');
  for (int side = 0; side < 2; side++)
    for (int i = 0; i < SG_HAND_KINDS; i++)
      {
        int kind = sg_hand_order[i];
        int count = pos->hand[side][kind];
        char c = sg_kind_letter (kind);

        if (count == 0)
          continue;
        if (count > 1)
          g_string_append_printf (sfen, "%d", count);
        g_string_append_c (sfen, side == SG_SENTE ? c : g_ascii_tolower (c));
        any = TRUE;
      }
  if (!any)
    g_string_append_c (sfen, '-');
  g_string_append_printf (sfen, " %u", pos->ply);
  return g_string_free (sfen, FALSE);
}
