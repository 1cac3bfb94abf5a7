/* banqi-text.c: BFEN (RULES.md B2), the layout of the face-down pieces, move texts (B3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fields and the board are split and read by libcatur's catur-fen, as every game's are;
 * what is Banqi's is the letters, the pool and the checks that the pieces make a possible set.
 * Input may be anything a user pastes, so no message here echoes raw input.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include <catur.h>

#include "banqi-core.h"

static const guint8 bq_full_set[BQ_N_KINDS] = BQ_FULL_SET;

static const char * const field_names[] = {
  N_("board"),
  N_("side to move"),
  /* Translators: BFEN's third field, the pieces still face down */
  N_("face-down pieces"),
  N_("turns without a flip or a capture"),
  N_("plies played"),
  /* Translators: BFEN's optional sixth field, the piece that goes on capturing in a chain */
  N_("chain capture"),
};

static const CaturFenFormat bfen_format = { "BFEN", 5, G_N_ELEMENTS (field_names),
                                             field_names };

/* The letters of B1, and TCGA's G, M and N for the Advisor, Elephant and Horse on import. */
int
bq_kind_of_letter (char letter)
{
  static const char aliases[] = "GMN";
  static const BqRank alias_ranks[] = { BQ_ADVISOR, BQ_ELEPHANT, BQ_HORSE };
  const char *found;
  char upper = g_ascii_toupper (letter);
  int colour = g_ascii_isupper (letter) ? BQ_RED : BQ_BLACK;

  if (!g_ascii_isalpha (letter))
    return BQ_NO_KIND;
  found = strchr (BQ_LETTERS + 1, letter);
  if (found != NULL)
    return (int) (found - BQ_LETTERS);
  found = strchr (aliases, upper);
  if (found != NULL)
    return BQ_KIND (alias_ranks[found - aliases], colour);
  return BQ_NO_KIND;
}

/* catur-fen's boards take kind 0 for an empty square: a face-down piece is this kind there. */
#define FACE_DOWN_MARK BQ_N_KINDS

static gboolean
read_piece (char        prefix,
            char        letter,
            CaturPiece *piece,
            gpointer    user_data)
{
  piece->side = CATUR_SIDE_NONE;
  piece->flags = 0;
  if (letter == 'X')
    {
      piece->kind = FACE_DOWN_MARK;
      return TRUE;
    }
  piece->kind = bq_kind_of_letter (letter);
  return piece->kind != BQ_NO_KIND;
}

static void
write_piece (const CaturPiece *piece,
             char             *prefix,
             char             *letter,
             gpointer          user_data)
{
  *letter = piece->kind == FACE_DOWN_MARK ? 'X' : BQ_LETTERS[piece->kind];
}

static const CaturFenBoard bfen_board = {
  BQ_FILES, BQ_RANKS, NULL, NULL, read_piece, write_piece,
};

static gboolean G_GNUC_PRINTF (3, 4)
field_invalid (GError     **error,
               guint        index,
               const char  *format,
               ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_POSITION, _("Field %u (%s): %s"),
               index + 1, _(field_names[index]), what);
  return FALSE;
}

/* The name of a kind as players see it: "Red Cannon". */
const char *
bq_kind_name (int kind)
{
  static const char * const names[BQ_N_KINDS] = {
    NULL, N_("Red General"), N_("Red Advisor"), N_("Red Elephant"), N_("Red Chariot"),
    N_("Red Horse"), N_("Red Cannon"), N_("Red Soldier"), N_("Black General"),
    N_("Black Advisor"), N_("Black Elephant"), N_("Black Chariot"), N_("Black Horse"),
    N_("Black Cannon"), N_("Black Soldier"),
  };

  return kind > 0 && kind < BQ_N_KINDS ? _(names[kind]) : "";
}

/* The name of a rank without its colour: "Cannon". */
const char *
bq_rank_name (BqRank rank)
{
  /* Banqi's own words for them, which may differ from Xiangqi's in a language. */
  static const char * const names[BQ_N_RANKS] = {
    NC_("Banqi piece", "General"), NC_("Banqi piece", "Advisor"),
    NC_("Banqi piece", "Elephant"), NC_("Banqi piece", "Chariot"),
    NC_("Banqi piece", "Horse"), NC_("Banqi piece", "Cannon"), NC_("Banqi piece", "Soldier"),
  };

  return rank < BQ_N_RANKS ? g_dpgettext2 (GETTEXT_PACKAGE, "Banqi piece", names[rank]) : "";
}

/* What makes @pos no position of Banqi (RULES B1, B2): a pool that does not fit the face-down
 * squares or, with the face-up pieces, holds more than a set; colours not yet given while a
 * piece lies face up. Translated, or NULL; @field is the BFEN field at fault. The BFEN reader
 * and the position editor both ask it. */
char *
bq_position_problem (const BqPosition *pos,
                     int              *field)
{
  guint8 on_board[BQ_N_KINDS] = { 0 };
  guint face_down = 0, face_up = 0, pooled = 0;

  for (int sq = 0; sq < BQ_SQUARES; sq++)
    {
      if (BQ_IS_FACE_DOWN (pos->cell[sq]))
        face_down++;
      else if (pos->cell[sq] != 0)
        {
          on_board[BQ_CELL_KIND (pos->cell[sq])]++;
          face_up++;
        }
    }
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    pooled += pos->pool[kind];

  *field = 2;
  if (pooled != face_down)
    return g_strdup_printf (ngettext ("it holds %u piece for %u face-down squares",
                                      "it holds %u pieces for %u face-down squares", pooled),
                            pooled, face_down);
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    {
      if (pos->pool[kind] > bq_full_set[kind])
        /* Translators: "there are 3 Red Cannon in it; a set has 2" */
        return g_strdup_printf (_("there are %u of %s in it; a set has %u"), pos->pool[kind],
                                bq_kind_name (kind), bq_full_set[kind]);
      if (pos->pool[kind] + on_board[kind] > bq_full_set[kind])
        /* Translators: "with the board there are 3 of Red Cannon; a set has 2" */
        return g_strdup_printf (_("with the board there are %u of %s; a set has %u"),
                                pos->pool[kind] + on_board[kind], bq_kind_name (kind),
                                bq_full_set[kind]);
    }
  *field = 1;
  if (pos->first_colour < 0 && (face_up > 0 || face_down != BQ_SQUARES))
    return g_strdup (_("“f” (no colours yet) needs every piece face down"));
  return NULL;
}

/* <ranks 8→1> <r|b|f> <pool or -> <quiet turns> <plies>. The text never says what lies face
 * down: a parsed position's face-down squares have no identity (bq_position_deal fills them). */
gboolean
bq_position_from_bfen (BqPosition  *pos,
                       const char  *text,
                       GError     **error)
{
  static const char * const turns[] = { "r", "b", "f", NULL };
  g_auto(CaturFenFields) fields = { NULL };
  CaturPiece squares[BQ_SQUARES];
  BqPosition parsed;
  guint turn = 0, quiet = 0, plies = 0;
  g_autofree char *problem = NULL;
  int field;
  const char *pool;

  g_return_val_if_fail (pos != NULL && text != NULL, FALSE);

  if (!catur_fen_split (&fields, &bfen_format, text, error)
      || !catur_fen_read_board (&fields, 0, &bfen_board, squares, NULL, error)
      || !catur_fen_read_choice (&fields, 1, turns, &turn, error))
    return FALSE;

  memset (&parsed, 0, sizeof parsed);
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    {
      if (squares[sq].kind == FACE_DOWN_MARK)
        parsed.cell[sq] = BQ_FACE_DOWN;
      else if (squares[sq].kind != 0)
        parsed.cell[sq] = squares[sq].kind;
    }

  pool = catur_fen_get_field (&fields, 2);
  if (pool == NULL)
    {
      /* Translators: "Field 3 (face-down pieces) is missing"; the same words as libcatur's */
      g_set_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_SYNTAX, _("Field %u (%s) is missing"),
                   3, _(field_names[2]));
      return FALSE;
    }
  if (!g_str_equal (pool, "-"))
    for (const char *c = pool; *c != '\0'; c++)
      {
        int kind = bq_kind_of_letter (*c);

        if (kind == BQ_NO_KIND)
          return field_invalid (error, 2, _("it may hold only the letters KAERHCP and kaerhcp"));
        if (parsed.pool[kind] < G_MAXUINT8)
          parsed.pool[kind]++;
      }
  if (!catur_fen_read_number (&fields, 3, 0, BQ_MAX_QUIET, &quiet, error)
      || !catur_fen_read_number (&fields, 4, 0, G_MAXUINT16, &plies, error))
    return FALSE;
  parsed.quiet = quiet;
  parsed.ply = plies;

  /* The seat to move follows the plies; the colour to move then gives the first seat's. */
  parsed.side = plies % 2;
  if (turn == 2)
    {
      parsed.first_colour = -1;
      problem = bq_position_problem (&parsed, &field);
      if (problem == NULL && (plies != 0 || quiet != 0))
        return field_invalid (error, 4, _("before the first flip no ply has been played"));
    }
  else
    {
      int moving = turn == 0 ? BQ_RED : BQ_BLACK;

      parsed.first_colour = parsed.side == 0 ? moving : 1 - moving;
      problem = bq_position_problem (&parsed, &field);
    }
  if (problem != NULL)
    return field_invalid (error, (guint) field, "%s", problem);

  /* B12's chain captures: the square of the piece that may capture again, written only in
   * the middle of a chain. */
  if (catur_fen_get_field (&fields, 5) != NULL)
    {
      guint chain;

      if (!bq_parse_square (catur_fen_get_field (&fields, 5), &chain)
          || catur_fen_get_field (&fields, 5)[2] != '\0')
        return field_invalid (error, 5, _("it must name a square"));
      if (parsed.first_colour < 0 || !BQ_IS_FACE_UP (parsed.cell[chain])
          || BQ_KIND_COLOUR (parsed.cell[chain]) != bq_colour_to_move (&parsed))
        return field_invalid (error, 5, _("it must name a face-up piece of the side to move"));
      parsed.chain = chain + 1;
    }

  *pos = parsed;
  return TRUE;
}

char *
bq_position_to_bfen (const BqPosition *pos)
{
  GString *text = g_string_new (NULL);
  CaturPiece squares[BQ_SQUARES];
  gboolean any = FALSE;
  int colour = bq_colour_to_move (pos);

  for (int sq = 0; sq < BQ_SQUARES; sq++)
    {
      guint8 cell = pos->cell[sq];

      squares[sq].side = CATUR_SIDE_NONE;
      squares[sq].kind = BQ_IS_FACE_DOWN (cell) ? FACE_DOWN_MARK : cell;
      squares[sq].flags = 0;
    }
  catur_fen_append_board (text, &bfen_board, squares, NULL);
  g_string_append (text, colour < 0 ? " f " : colour == BQ_RED ? " r " : " b ");
  for (int kind = 1; kind < BQ_N_KINDS; kind++)
    for (guint i = 0; i < pos->pool[kind]; i++)
      {
        g_string_append_c (text, BQ_LETTERS[kind]);
        any = TRUE;
      }
  if (!any)
    g_string_append_c (text, '-');
  g_string_append_printf (text, " %u %u", pos->quiet, pos->ply);
  if (pos->chain != 0)
    {
      char chain[8];

      bq_square_name (pos->chain - 1, chain);
      g_string_append_printf (text, " %s", chain);
    }
  return g_string_free (text, FALSE);
}

/* What lies face down, square by square from a1 (`?` for a square of no identity): what the
 * BFEN does not say, for saved games and records. */
char *
bq_format_hidden (const BqPosition *pos)
{
  GString *text = g_string_new (NULL);

  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (BQ_IS_FACE_DOWN (pos->cell[sq]))
      {
        guint8 kind = BQ_CELL_KIND (pos->cell[sq]);

        g_string_append_c (text, kind != BQ_NO_KIND ? BQ_LETTERS[kind] : '?');
      }
  return g_string_free (text, FALSE);
}

gboolean
bq_restore_hidden (BqPosition  *pos,
                   const char  *text,
                   GError     **error)
{
  guint8 counted[BQ_N_KINDS] = { 0 };
  guint8 layout[BQ_SQUARES] = { 0 };
  const char *c = text;

  for (int sq = 0; sq < BQ_SQUARES; sq++)
    {
      int kind;

      if (!BQ_IS_FACE_DOWN (pos->cell[sq]))
        continue;
      kind = *c != '\0' ? bq_kind_of_letter (*c) : BQ_NO_KIND;
      if (kind == BQ_NO_KIND)
        {
          g_set_error_literal (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_POSITION,
                               _("The layout does not fit the face-down squares"));
          return FALSE;
        }
      layout[sq] = kind;
      counted[kind]++;
      c++;
    }
  if (*c != '\0' || memcmp (counted, pos->pool, sizeof counted) != 0)
    {
      g_set_error_literal (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_POSITION,
                           _("The layout does not hold the pieces still face down"));
      return FALSE;
    }
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    if (layout[sq] != BQ_NO_KIND)
      pos->cell[sq] = BQ_FACE_DOWN | layout[sq];
  return TRUE;
}

void
bq_square_name (guint square,
                char  name[8])
{
  if (square >= BQ_SQUARES)
    {
      g_strlcpy (name, "-", 8);
      return;
    }
  name[0] = 'a' + square % BQ_FILES;
  name[1] = '1' + square / BQ_FILES;
  name[2] = '\0';
}

gboolean
bq_parse_square (const char *text,
                 guint      *square)
{
  if (text[0] < 'a' || text[0] >= 'a' + BQ_FILES || text[1] < '1' || text[1] >= '1' + BQ_RANKS)
    return FALSE;
  *square = BQ_SQUARE (text[0] - 'a', text[1] - '1');
  return TRUE;
}

/* B3: `b3(K)` for a flip that showed a Red General, `b3-b4`, `b3xb4`; the coordinates write
 * `b3=K` and `b3b4`. A flip not played yet is its square alone: nobody knows its piece.
 * @pos is the position before the move (an observation is enough). */
char *
bq_move_to_text (const BqPosition *pos,
                 const BqMove     *move,
                 gboolean          coordinate)
{
  char from[8], to[8];

  if (move->from == BQ_STOP)
    return g_strdup (BQ_STOP_TEXT);
  bq_square_name (move->from, from);
  if (move->flip)
    {
      if (move->piece == BQ_NO_KIND || move->piece >= BQ_N_KINDS)
        return g_strdup (from);
      return g_strdup_printf (coordinate ? "%s=%c" : "%s(%c)", from, BQ_LETTERS[move->piece]);
    }
  bq_square_name (move->to, to);
  if (coordinate)
    return g_strconcat (from, to, NULL);
  return g_strdup_printf ("%s%c%s", from,
                          move->to < BQ_SQUARES && pos->cell[move->to] != 0 ? 'x' : '-', to);
}

/* Reads any of the forms above (and `b3xb4` or `b3-b4` for either a step or a capture); a
 * move that reads is not yet a legal one. */
gboolean
bq_move_from_text (const char *text,
                   BqMove     *move)
{
  gsize length = strlen (text);
  guint from, to;

  if (g_ascii_strcasecmp (text, BQ_STOP_TEXT) == 0)
    {
      *move = (BqMove) { BQ_STOP, BQ_STOP, FALSE, 0 };
      return TRUE;
    }
  if (length < 2 || !bq_parse_square (text, &from))
    return FALSE;
  if (length == 2)
    {
      *move = (BqMove) { from, from, TRUE, 0 };
      return TRUE;
    }
  if ((text[2] == '=' && length == 4) || (text[2] == '(' && length == 5 && text[4] == ')'))
    {
      int kind = bq_kind_of_letter (text[3]);

      if (kind == BQ_NO_KIND)
        return FALSE;
      *move = (BqMove) { from, from, TRUE, kind };
      return TRUE;
    }
  text += 2;
  if (*text == '-' || *text == 'x' || *text == 'X')
    text++;
  if (strlen (text) != 2 || !bq_parse_square (text, &to))
    return FALSE;
  *move = (BqMove) { from, to, FALSE, 0 };
  return TRUE;
}
