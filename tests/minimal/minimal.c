/* minimal.c: Pawn Duel, the smallest whole plugin — only what every game must implement
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The example for docs/writing-a-plugin.md: one file holding the rules, the CaturVariant type
 * and the module's entry points, with every optional method left NULL so that the defaults of
 * libcatur's wrappers (catur_variant_…()) show. A real game splits these into its layers
 * (a GTK-free core, the module; see plugins/banqi/), adds a settings schema, notations,
 * records and a computer player. The tests load it from its own folder (libminimal.so), so it
 * never joins the game menu of the other tests.
 *
 * The rules: 5 files (a–e) × 5 ranks. White (the first seat) has five pawns on rank 1, Black
 * five on rank 5, and White moves first. A pawn steps one square straight forward onto an empty
 * square, or one square diagonally forward onto an enemy pawn, which it takes. A pawn on the
 * far rank stays there. The side that has no pawn left, or no move on its turn, loses.
 */
#define G_LOG_DOMAIN "minimal"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include <catur.h>

#define SIZE 5
#define SQUARES (SIZE * SIZE)
#define PAWN 1
#define START_TEXT "ppppp/5/5/5/PPPPP w"
#define RESOURCE "/io/github/caturapp/Catur/minimal/"

#define SQ(file, rank) ((rank) * SIZE + (file))
#define FILE_OF(square) ((int) (square) % SIZE)
#define RANK_OF(square) ((int) (square) / SIZE)

/* A cell is 0 when empty, else 1 + the seat of its pawn. */
typedef struct
{
  CaturPosition parent;
  guint8 cell[SQUARES];
  guint8 side;
} MinimalPosition;

#define POS(position) ((MinimalPosition *) (position))
#define CPOS(position) ((const MinimalPosition *) (position))

G_DECLARE_FINAL_TYPE (MinimalVariant, minimal_variant, MINIMAL, VARIANT, GObject)

struct _MinimalVariant
{
  GObject parent_instance;
};

static void minimal_variant_iface_init (CaturVariantInterface *iface);

G_DEFINE_DYNAMIC_TYPE_EXTENDED (MinimalVariant, minimal_variant, G_TYPE_OBJECT,
                                G_TYPE_FLAG_FINAL,
                                G_IMPLEMENT_INTERFACE_DYNAMIC (CATUR_TYPE_VARIANT,
                                                               minimal_variant_iface_init))

/* The rules */

static int
forward (guint8 side)
{
  return side == CATUR_SIDE_FIRST ? 1 : -1;
}

/* The square @file_step files aside and one rank forward of @square, or -1 off the board. */
static int
step (CaturSquare square,
      guint8      side,
      int         file_step)
{
  int file = FILE_OF (square) + file_step;
  int rank = RANK_OF (square) + forward (side);

  return file < 0 || file >= SIZE || rank < 0 || rank >= SIZE ? -1 : SQ (file, rank);
}

static guint
legal_moves (const MinimalPosition *pos,
             GArray                *moves)
{
  guint8 own = pos->side + 1;
  guint count = 0;

  for (CaturSquare from = 0; from < SQUARES; from++)
    {
      if (pos->cell[from] != own)
        continue;
      for (int file_step = -1; file_step <= 1; file_step++)
        {
          int to = step (from, pos->side, file_step);
          gboolean takes = file_step != 0;

          if (to < 0 || (takes ? pos->cell[to] != 3 - own : pos->cell[to] != 0))
            continue;
          if (moves != NULL)
            g_array_append_val (moves, ((CaturMove) { from, to, 0, 0 }));
          count++;
        }
    }
  return count;
}

static gboolean
is_legal (const MinimalPosition *pos,
          const CaturMove       *move)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));

  legal_moves (pos, moves);
  for (guint i = 0; i < moves->len; i++)
    if (catur_move_equal (&g_array_index (moves, CaturMove, i), move))
      return TRUE;
  return FALSE;
}

/* Identity */

static const char *
minimal_get_id (CaturVariant *variant)
{
  return "minimal";
}

static const char *
minimal_get_name (CaturVariant *variant)
{
  return _("Pawn Duel");
}

static const char *
minimal_get_description (CaturVariant *variant)
{
  return _("Five pawns a side: the smallest plugin, for tests");
}

static const char *
minimal_get_icon_name (CaturVariant *variant)
{
  return "applications-games-symbolic";
}

static const char *
minimal_get_side_name (CaturVariant        *variant,
                       const CaturPosition *position,
                       CaturSide            side)
{
  return side == CATUR_SIDE_FIRST ? _("White") : _("Black");
}

static const char *
minimal_get_side_id (CaturVariant        *variant,
                     const CaturPosition *position,
                     CaturSide            side)
{
  return side == CATUR_SIDE_FIRST ? "white" : "black";
}

static void
minimal_get_geometry (CaturVariant  *variant,
                      CaturGeometry *geometry)
{
  geometry->files = SIZE;
  geometry->ranks = SIZE;
}

/* Pieces */

static const char *
minimal_get_piece_image (CaturVariant     *variant,
                         const CaturPiece *piece)
{
  if (piece->kind != PAWN)
    return NULL;
  return piece->side == CATUR_SIDE_FIRST ? "white-pawn.svg" : "black-pawn.svg";
}

static char *
minimal_get_piece_name (CaturVariant     *variant,
                        const CaturPiece *piece)
{
  return g_strdup (_("Pawn"));
}

static char *
minimal_get_piece_letter (CaturVariant     *variant,
                          const CaturPiece *piece)
{
  return g_strdup (piece->side == CATUR_SIDE_FIRST ? "P" : "p");
}

static void
minimal_square_name (CaturVariant *variant,
                     CaturSquare   square,
                     char          name[8])
{
  if (square >= SQUARES)
    name[0] = '\0';
  else
    g_snprintf (name, 8, "%c%d", 'a' + FILE_OF (square), RANK_OF (square) + 1);
}

/* Positions and their text: the board as FEN writes it, then `w` or `b`. */

static const char * const field_names[] = { N_("board"), N_("side to move") };
static const CaturFenFormat text_format = { "Pawn Duel", 2, 2, field_names };

static gboolean
read_piece (char        prefix,
            char        letter,
            CaturPiece *piece,
            gpointer    user_data)
{
  if (letter != 'P' && letter != 'p')
    return FALSE;
  *piece = (CaturPiece) { PAWN, letter == 'P' ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND, 0 };
  return TRUE;
}

static void
write_piece (const CaturPiece *piece,
             char             *prefix,
             char             *letter,
             gpointer          user_data)
{
  *letter = piece->side == CATUR_SIDE_FIRST ? 'P' : 'p';
}

static const CaturFenBoard text_board = { SIZE, SIZE, NULL, NULL, read_piece, write_piece };

static CaturPosition *
minimal_parse (CaturVariant  *variant,
               const char    *text,
               GError       **error)
{
  static const char * const turns[] = { "w", "b", NULL };
  g_auto(CaturFenFields) fields = { 0 };
  CaturPiece squares[SQUARES] = { 0 };
  MinimalPosition *pos;
  guint turn;

  if (!catur_fen_split (&fields, &text_format, text, error)
      || !catur_fen_read_board (&fields, 0, &text_board, squares, NULL, error)
      || !catur_fen_read_choice (&fields, 1, turns, &turn, error))
    return NULL;

  pos = g_new0 (MinimalPosition, 1);
  pos->parent.variant = variant;
  pos->side = turn;
  for (guint square = 0; square < SQUARES; square++)
    pos->cell[square] = squares[square].kind == 0 ? 0 : squares[square].side + 1;
  return &pos->parent;
}

static char *
minimal_format (CaturVariant        *variant,
                const CaturPosition *position)
{
  GString *text = g_string_new (NULL);
  CaturPiece squares[SQUARES] = { 0 };

  for (guint square = 0; square < SQUARES; square++)
    if (CPOS (position)->cell[square] != 0)
      squares[square] = (CaturPiece) { PAWN, CPOS (position)->cell[square] - 1, 0 };
  catur_fen_append_board (text, &text_board, squares, NULL);
  g_string_append (text, CPOS (position)->side == CATUR_SIDE_FIRST ? " w" : " b");
  return g_string_free (text, FALSE);
}

static CaturPosition *
minimal_new_position (CaturVariant *variant,
                      GVariant     *options,
                      guint64       seed)
{
  return minimal_parse (variant, START_TEXT, NULL);
}

static CaturPosition *
minimal_position_copy (CaturVariant        *variant,
                       const CaturPosition *position)
{
  return g_memdup2 (position, sizeof (MinimalPosition));
}

static void
minimal_position_free (CaturVariant  *variant,
                       CaturPosition *position)
{
  g_free (position);
}

static CaturSide
minimal_side_to_move (CaturVariant        *variant,
                      const CaturPosition *position)
{
  return CPOS (position)->side;
}

static gboolean
minimal_piece_at (CaturVariant        *variant,
                  const CaturPosition *position,
                  CaturSquare          square,
                  CaturPiece          *piece)
{
  guint8 cell = square < SQUARES ? CPOS (position)->cell[square] : 0;

  if (cell == 0)
    return FALSE;
  *piece = (CaturPiece) { PAWN, cell - 1, 0 };
  return TRUE;
}

/* Moves */

static guint
minimal_legal_moves (CaturVariant        *variant,
                     const CaturPosition *position,
                     GArray              *moves)
{
  return legal_moves (CPOS (position), moves);
}

static void
minimal_play (CaturVariant  *variant,
              CaturPosition *position,
              CaturMove     *move)
{
  MinimalPosition *pos = POS (position);

  pos->cell[move->to] = pos->cell[move->from];
  pos->cell[move->from] = 0;
  pos->side = 1 - pos->side;
}

static guint64
minimal_perft (CaturVariant        *variant,
               const CaturPosition *position,
               guint                depth)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  guint64 nodes = 0;

  if (depth == 0)
    return 1;
  legal_moves (CPOS (position), moves);
  if (depth == 1)
    return moves->len;
  for (guint i = 0; i < moves->len; i++)
    {
      MinimalPosition child = *CPOS (position);

      minimal_play (variant, &child.parent, &g_array_index (moves, CaturMove, i));
      nodes += minimal_perft (variant, &child.parent, depth - 1);
    }
  return nodes;
}

/* Why a move is not legal, with the reason ids DESIGN.md gives every game. */
static char *
minimal_explain (CaturVariant        *variant,
                 const CaturPosition *position,
                 const CaturMove     *move,
                 const char         **reason_id)
{
  const MinimalPosition *pos = CPOS (position);
  const char *id = "piece-movement";
  char from[8], to[8];
  char *sentence;

  if (move->to == CATUR_SQUARE_NONE || is_legal (pos, move))
    {
      if (move->from < SQUARES && pos->cell[move->from] == pos->side + 1)
        return NULL;
    }
  minimal_square_name (variant, move->from, from);
  minimal_square_name (variant, move->to, to);

  if (move->from >= SQUARES || pos->cell[move->from] == 0)
    {
      id = "empty-square";
      sentence = g_strdup_printf (_("There is no piece on %s."), from);
    }
  else if (pos->cell[move->from] != pos->side + 1)
    {
      id = "not-own-piece";
      sentence = g_strdup_printf (_("The Pawn on %s is not yours."), from);
    }
  else if (move->to < SQUARES && pos->cell[move->to] == pos->side + 1)
    {
      id = "own-piece";
      sentence = g_strdup_printf (_("Your own Pawn stands on %s."), to);
    }
  else if (move->to < SQUARES && step (move->from, pos->side, 0) == move->to)
    sentence = g_strdup (_("A Pawn takes only diagonally, not straight ahead."));
  else if (move->to < SQUARES && move->flags == 0
           && (step (move->from, pos->side, -1) == move->to
               || step (move->from, pos->side, 1) == move->to))
    sentence = g_strdup (_("A Pawn moves diagonally only to take."));
  else
    sentence = g_strdup (_("A Pawn moves one square forward."));

  if (reason_id != NULL)
    *reason_id = id;
  return sentence;
}

static void
minimal_status (CaturVariant          *variant,
                const CaturPosition   *position,
                const CaturRepetition *history,
                CaturOutcome          *outcome)
{
  const MinimalPosition *pos = CPOS (position);

  if (memchr (pos->cell, pos->side + 1, SQUARES) == NULL)
    outcome->reason = CATUR_REASON_CAPTURE_ALL;
  else if (legal_moves (pos, NULL) == 0)
    outcome->reason = CATUR_REASON_NO_MOVES;
  else
    return;
  outcome->result = CATUR_RESULT_WIN;
  outcome->winner = 1 - pos->side;
}

/* The one notation, coordinates (`b1b2`), which is also what catur-engine speaks. */
static char *
minimal_format_move (CaturVariant        *variant,
                     const CaturPosition *position,
                     const CaturMove     *move,
                     const char          *notation_id)
{
  char from[8], to[8];

  minimal_square_name (variant, move->from, from);
  minimal_square_name (variant, move->to, to);
  return g_strconcat (from, to, NULL);
}

static gboolean
parse_square (const char  *text,
              CaturSquare *square)
{
  int file = g_ascii_tolower (text[0]) - 'a';
  int rank = text[0] != '\0' ? text[1] - '1' : -1;

  if (file < 0 || file >= SIZE || rank < 0 || rank >= SIZE)
    return FALSE;
  *square = SQ (file, rank);
  return TRUE;
}

static gboolean
minimal_parse_move (CaturVariant         *variant,
                    const CaturPosition  *position,
                    const char           *text,
                    CaturMove            *move,
                    GError              **error)
{
  g_autofree char *word = g_strstrip (g_strdup (text));
  CaturSquare from, to;

  if (strlen (word) != 4 || !parse_square (word, &from) || !parse_square (word + 2, &to))
    {
      g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
                   _("“%s” is not a move: write two squares, as in b1b2"), word);
      return FALSE;
    }
  *move = (CaturMove) { from, to, 0, 0 };
  return TRUE;
}

static char *
minimal_describe_outcome (CaturVariant        *variant,
                          const CaturPosition *position,
                          const CaturOutcome  *outcome)
{
  const char *loser = outcome->result == CATUR_RESULT_WIN
                      ? minimal_get_side_name (variant, position, 1 - outcome->winner) : "";

  /* How, not who: the shell states the result above it. Besides the rules' own endings,
   * those the players make: a resignation, a draw agreed, a time-out (the wrapper's
   * default time_out makes the player to move lose). */
  switch (outcome->reason)
    {
    case CATUR_REASON_CAPTURE_ALL:
      return g_strdup_printf (_("%s has no Pawn left"), loser);
    case CATUR_REASON_NO_MOVES:
      return g_strdup_printf (_("%s has no move left"), loser);
    case CATUR_REASON_RESIGN:
      return g_strdup_printf (_("%s resigned"), loser);
    case CATUR_REASON_TIME_OUT:
      return g_strdup_printf (_("%s ran out of time"), loser);
    case CATUR_REASON_AGREEMENT:
      return g_strdup (_("Agreed by the players"));
    default:
      return g_strdup ("");
    }
}

/* The look: one piece theme from the resource, and one board drawn here. */

static GPtrArray *
minimal_list_piece_themes (CaturVariant *variant)
{
  return catur_theme_list_folder ("resource://" RESOURCE "themes/", GETTEXT_PACKAGE, FALSE);
}

static void
minimal_draw_board_themed (CaturVariant           *variant,
                           cairo_t                *cr,
                           const CaturBoardLayout *layout,
                           const char             *board_theme,
                           gboolean                dark)
{
  double light = dark ? 0.50 : 0.90;
  double shade = dark ? 0.32 : 0.62;

  for (CaturSquare square = 0; square < SQUARES; square++)
    {
      double tone = (FILE_OF (square) + RANK_OF (square)) % 2 == 0 ? shade : light;
      double x, y;

      catur_board_layout_square_center (layout, square, &x, &y);
      cairo_set_source_rgb (cr, tone, tone * 0.95, tone * 0.85);
      cairo_rectangle (cr, x - layout->cell / 2, y - layout->cell / 2, layout->cell,
                       layout->cell);
      cairo_fill (cr);
    }
}

static void
minimal_variant_iface_init (CaturVariantInterface *iface)
{
  iface->get_id = minimal_get_id;
  iface->get_name = minimal_get_name;
  iface->get_description = minimal_get_description;
  iface->get_icon_name = minimal_get_icon_name;
  iface->get_side_name = minimal_get_side_name;
  iface->get_side_id = minimal_get_side_id;
  iface->get_geometry = minimal_get_geometry;
  iface->get_piece_image = minimal_get_piece_image;
  iface->get_piece_name = minimal_get_piece_name;
  iface->get_piece_letter = minimal_get_piece_letter;
  iface->square_name = minimal_square_name;
  iface->new_position = minimal_new_position;
  iface->parse = minimal_parse;
  iface->format = minimal_format;
  iface->position_copy = minimal_position_copy;
  iface->position_free = minimal_position_free;
  iface->side_to_move = minimal_side_to_move;
  iface->piece_at = minimal_piece_at;
  iface->legal_moves = minimal_legal_moves;
  iface->perft = minimal_perft;
  iface->explain = minimal_explain;
  iface->play = minimal_play;
  iface->status = minimal_status;
  iface->format_move = minimal_format_move;
  iface->parse_move = minimal_parse_move;
  iface->describe_outcome = minimal_describe_outcome;
  iface->list_piece_themes = minimal_list_piece_themes;
  iface->draw_board_themed = minimal_draw_board_themed;
}

static void
minimal_variant_class_init (MinimalVariantClass *klass)
{
}

static void
minimal_variant_class_finalize (MinimalVariantClass *klass)
{
}

static void
minimal_variant_init (MinimalVariant *self)
{
}

/* The module */

G_MODULE_EXPORT void g_io_minimal_load   (GIOModule *module);
G_MODULE_EXPORT void g_io_minimal_unload (GIOModule *module);

G_MODULE_EXPORT void
g_io_minimal_load (GIOModule *module)
{
  minimal_variant_register_type (G_TYPE_MODULE (module));
  /* Types cannot be unregistered, so the module must never be unloaded. */
  g_type_module_use (G_TYPE_MODULE (module));
  g_io_extension_point_implement (CATUR_VARIANT_EXTENSION_POINT, minimal_variant_get_type (),
                                  "minimal", 0);
}

G_MODULE_EXPORT void
g_io_minimal_unload (GIOModule *module)
{
}
