/* testgame-sandbox.c: Sandbox, a small chess with hands, for the tests of the shell
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A real game, small enough to read in one go, with what the contract offers games beyond
 * Xiangqi's: pieces in hand and their drops, a promotion with a choice of pieces, castling
 * (two pieces move; the king may be chosen onto its rook), en passant (the captured pawn is
 * not on the target), a declaration that is not a board move, a notice, three notations (one
 * of them as wide on the screen as Shogi's Japanese one, for the move list), record formats (a
 * PGN-like file of one game or several, a position file), and a computer player that searches
 * on libcatur's driver, as the real games' do. The rules:
 *
 *   6 files (a–f) × 6 ranks; White (the first seat) below:
 *       6  r b k . . r
 *       5  p p p p p p
 *       2  P P P P P P
 *       1  R B K . . R
 *   - King: one square any way; Rook: any distance straight; Bishop: any distance diagonally;
 *     Pawn: one square forward, two from its first rank, captures one square diagonally
 *     forward, en passant right after an enemy pawn's double step.
 *   - A pawn reaching the last rank becomes a Rook or a Bishop (the player chooses); the
 *     piece is marked promoted and goes back to being a pawn when captured.
 *   - A captured piece goes to the capturer's hand, on its side; a piece in hand may be
 *     dropped on any empty square instead of moving (a pawn not on the first or last rank).
 *   - Castling: the King on c1 and the Rook on f1, both unmoved, d1 and e1 empty, the King
 *     not in check and d1 not attacked: the King goes to e1 and the Rook to d1 (Black
 *     alike on the sixth rank).
 *   - No move may leave one's King in check. No legal move: checkmated loses, stalemated
 *     draws. A King that has reached the far rank, not in check, may declare victory instead
 *     of moving. 200 plies (or 20, a setup option): a draw. After 40 plies without a capture or
 *     a pawn move, a notice tells the players they may agree to a draw.
 *   - A move may take 30 or 60 seconds (a setup option; no limit in the standard game). A
 *     player out of time has a move played for them: the capture of the most valuable piece,
 *     else the first legal move. Running out of time twice in a row loses, or draws when the
 *     opponent has only its King left to win with.
 *   - A position that comes for the third time (the same pieces on the board and in hand, the
 *     same side to move, castling rights and en-passant square) raises a notice, once until a
 *     ply reaches a position never seen before (RULES 0.4): libcatur's CaturRepetition keeps
 *     the positions, position_key names them.
 */
#define G_LOG_DOMAIN "testgame"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "testgame-common.h"
#include "testgame-sandbox.h"

#define FILES 6
#define RANKS 6
#define SQUARES (FILES * RANKS)

#define MOVE_LIMIT 200
#define SHORT_MOVE_LIMIT 20
#define QUIET_NOTICE 40
#define MAX_MOVES 256

/* A square holds 0 (empty) or a piece: its kind, SECOND_BIT for the second seat's pieces,
 * PROMOTED_BIT for a promoted pawn. */
enum { EMPTY, KING, ROOK, BISHOP, PAWN, N_KINDS };
#define SECOND_BIT 0x08
#define PROMOTED_BIT 0x10
#define KIND(cell) ((cell) & 0x07)
#define OWNER(cell) (((cell) & SECOND_BIT) ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST)
#define PIECE(kind, side) ((guint8) ((kind) | ((side) == CATUR_SIDE_SECOND ? SECOND_BIT : 0)))

#define SQ(file, rank) ((rank) * FILES + (file))
#define SIGN(x) ((x) > 0 ? 1 : (x) < 0 ? -1 : 0)
/* Castling squares by seat: where the King starts and lands, where the Rook starts and lands. */
#define KING_START(side) SQ (2, (side) == CATUR_SIDE_FIRST ? 0 : RANKS - 1)
#define KING_CASTLED(side) SQ (4, (side) == CATUR_SIDE_FIRST ? 0 : RANKS - 1)
#define ROOK_START(side) SQ (5, (side) == CATUR_SIDE_FIRST ? 0 : RANKS - 1)
#define ROOK_CASTLED(side) SQ (3, (side) == CATUR_SIDE_FIRST ? 0 : RANKS - 1)

#define NOTICE_QUIET (1 << 0)
#define NOTICE_REPETITION (1 << 1)

#define NOTATION_LONG "long"
#define NOTATION_WIDE "wide"
#define NOTATION_COORDINATE "coordinate"

#define START_TEXT "rbk2r/pppppp/6/6/PPPPPP/RBK2R w Kk - - 0 0"

typedef struct
{
  CaturPosition parent;
  guint8 cell[SQUARES];
  guint8 hand[2][N_KINDS];     /* pieces in hand, by seat and kind */
  guint8 side;                 /* the seat to move */
  guint8 castling;             /* 1 << seat: that seat may still castle */
  guint8 ep;                   /* the square a pawn passed over on the last ply, or NONE */
  guint8 declared;             /* 1 + the seat that declared victory, or 0 */
  guint16 quiet;               /* plies since a capture or a pawn move */
  guint16 ply;                 /* plies since the start */
  /* The rule options, which the position text does not tell (apply_options). */
  guint16 move_limit;          /* plies: the game is drawn when it reaches them */
  guint16 move_time;           /* seconds a move may take, 0 for no limit */
} SandboxPosition;

struct _TestgameSandbox
{
  GObject parent_instance;
};

static void testgame_sandbox_iface_init (CaturVariantInterface *iface);

G_DEFINE_DYNAMIC_TYPE_EXTENDED (TestgameSandbox, testgame_sandbox, G_TYPE_OBJECT,
                                G_TYPE_FLAG_FINAL,
                                G_IMPLEMENT_INTERFACE_DYNAMIC (CATUR_TYPE_VARIANT,
                                                               testgame_sandbox_iface_init))

#define POS(position) ((SandboxPosition *) (position))
#define CPOS(position) ((const SandboxPosition *) (position))

static const char letters[] = " KRBP";
static const char * const kind_ids[] = { NULL, "king", "rook", "bishop", "pawn" };
static const int value[] = { 0, 100, 5, 3, 1 };
static const guint8 hand_kinds[] = { ROOK, BISHOP, PAWN };

static const CaturNoticeInfo notices[] = {
  { NOTICE_QUIET, "quiet", CATUR_NOTICE_OFFERS_DRAW },
  { NOTICE_REPETITION, "repetition", CATUR_NOTICE_OFFERS_DRAW },
};

/* Identity */

static const char *
sandbox_get_id (CaturVariant *variant)
{
  return "sandbox";
}

static const char *
sandbox_get_name (CaturVariant *variant)
{
  return _("Sandbox");
}

static const char *
sandbox_get_description (CaturVariant *variant)
{
  return _("A small chess with hands, for tests");
}

static const char *
sandbox_get_icon_name (CaturVariant *variant)
{
  return "applications-games-symbolic";
}

/* The seats have their colours for good: the position does not matter. */
static const char *
sandbox_get_side_name (CaturVariant        *variant,
                       const CaturPosition *position,
                       CaturSide            side)
{
  return side == CATUR_SIDE_FIRST ? _("White") : _("Black");
}

static const char *
sandbox_get_side_id (CaturVariant        *variant,
                     const CaturPosition *position,
                     CaturSide            side)
{
  return side == CATUR_SIDE_FIRST ? "white" : "black";
}

static void
sandbox_get_geometry (CaturVariant  *variant,
                      CaturGeometry *geometry)
{
  geometry->files = FILES;
  geometry->ranks = RANKS;
  geometry->has_hands = TRUE;
}

static const char *
sandbox_get_piece_image (CaturVariant     *variant,
                         const CaturPiece *piece)
{
  g_autofree char *name = NULL;

  if (piece->kind < KING || piece->kind > PAWN || piece->side > CATUR_SIDE_SECOND)
    return NULL;
  name = g_strdup_printf ("%s-%s.svg", piece->side == CATUR_SIDE_FIRST ? "white" : "black",
                          kind_ids[piece->kind]);
  /* Interned: the names live as long as the process, as the contract wants. */
  return g_intern_string (name);
}

static char *
sandbox_get_piece_name (CaturVariant     *variant,
                        const CaturPiece *piece)
{
  gboolean promoted = (piece->flags & CATUR_PIECE_PROMOTED) != 0;

  switch (piece->kind)
    {
    case KING: return g_strdup (_("King"));
    case ROOK: return g_strdup (promoted ? _("Promoted Rook") : _("Rook"));
    case BISHOP: return g_strdup (promoted ? _("Promoted Bishop") : _("Bishop"));
    case PAWN: return g_strdup (_("Pawn"));
    default: return g_strdup (_("Piece"));
    }
}

/* The letters of the position text: a promoted piece has a `+` before its letter. */
static char *
sandbox_get_piece_letter (CaturVariant     *variant,
                          const CaturPiece *piece)
{
  if (piece->kind < KING || piece->kind > PAWN)
    return g_strdup ("");
  return g_strdup_printf ("%s%c", (piece->flags & CATUR_PIECE_PROMOTED) ? "+" : "",
                          letters[piece->kind]);
}

static void
sandbox_square_name (CaturVariant *variant,
                     CaturSquare   square,
                     char          name[8])
{
  testgame_square_name (FILES, RANKS, square, name);
}

/* Positions and their text */

static CaturPosition *
sandbox_parse (CaturVariant  *variant,
               const char    *text,
               GError       **error);

/* Setup: the move limit and the time a move may take, both rules the position keeps. */

/* One clock of each kind the shell shows: sudden death, Fischer, byoyomi, Bronstein. */
static const char * const *
sandbox_get_clock_presets (CaturVariant *variant)
{
  static const char * const presets[] = { "60", "120+1", "30b5", "60d2", NULL };

  return presets;
}

static const CaturSetupOption *
sandbox_get_setup_options (CaturVariant *variant,
                           guint        *n_options)
{
  static const CaturSetupChoice limits[] = {
    { "200", "200 plies" },
    { "20", "20 plies" },
  };
  static CaturSetupOption options[2];
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      options[0] = (CaturSetupOption) { "move-limit", "Move Limit", NULL, limits,
                                        G_N_ELEMENTS (limits), NULL };
      options[1] = *catur_setup_option_move_time ();
      g_once_init_leave (&initialised, 1);
    }
  *n_options = G_N_ELEMENTS (options);
  return options;
}

static void
sandbox_apply_options (CaturVariant  *variant,
                       CaturPosition *position,
                       GVariant      *options)
{
  SandboxPosition *pos = POS (position);
  guint n;
  const CaturSetupOption *declared = sandbox_get_setup_options (variant, &n);

  pos->move_limit = g_str_equal (catur_setup_option_get_value (&declared[0], options), "20")
                    ? SHORT_MOVE_LIMIT : MOVE_LIMIT;
  pos->move_time = catur_setup_option_get_move_time (options);
}

static CaturPosition *
sandbox_new_position (CaturVariant *variant,
                      GVariant     *options,
                      guint64       seed)
{
  CaturPosition *position = sandbox_parse (variant, START_TEXT, NULL);

  sandbox_apply_options (variant, position, options);
  return position;
}

static gboolean G_GNUC_PRINTF (2, 3)
invalid (GError     **error,
         const char  *format,
         ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION, message);
  return FALSE;
}

static int
kind_of_letter (char letter)
{
  const char *found = strchr (letters + 1, g_ascii_toupper (letter));

  return letter != '\0' && found != NULL ? (int) (found - letters) : EMPTY;
}

static gboolean
parse_board (SandboxPosition  *pos,
             const char       *field,
             GError          **error)
{
  int rank = RANKS - 1, file = 0;

  for (const char *c = field; *c != '\0'; c++)
    {
      gboolean promoted = FALSE;
      int kind;

      if (*c == '/')
        {
          if (file != FILES || rank == 0)
            return invalid (error, "Field 1 (board): rank %d does not have %d squares",
                            rank + 1, FILES);
          rank--;
          file = 0;
          continue;
        }
      if (*c >= '1' && *c <= '9')
        {
          file += *c - '0';
          if (file > FILES)
            return invalid (error, "Field 1 (board): rank %d is too long", rank + 1);
          continue;
        }
      if (*c == '+')
        {
          promoted = TRUE;
          c++;
        }
      kind = kind_of_letter (*c);
      if (kind == EMPTY || file >= FILES || (promoted && kind != ROOK && kind != BISHOP))
        return invalid (error, "Field 1 (board): “%c” does not fit on rank %d", *c, rank + 1);
      pos->cell[SQ (file, rank)] = PIECE (kind, g_ascii_islower (*c) ? CATUR_SIDE_SECOND
                                                                      : CATUR_SIDE_FIRST)
                                   | (promoted ? PROMOTED_BIT : 0);
      file++;
    }
  if (rank != 0 || file != FILES)
    return invalid (error, "Field 1 (board): it needs %d ranks of %d squares", RANKS, FILES);
  return TRUE;
}

static int
find_king (const SandboxPosition *pos,
           int                    side)
{
  for (int square = 0; square < SQUARES; square++)
    if (pos->cell[square] == PIECE (KING, side))
      return square;
  return -1;
}

static gboolean attacked (const SandboxPosition *pos,
                          int                    square,
                          int                    by);

/* <board> <w|b> <castling K k or -> <en-passant square or -> <hands or -> <quiet> <plies> */
static CaturPosition *
sandbox_parse (CaturVariant  *variant,
               const char    *text,
               GError       **error)
{
  g_autofree SandboxPosition *pos = g_new0 (SandboxPosition, 1);
  g_auto(GStrv) fields = g_strsplit_set (text, " \t", -1);
  guint64 number;
  guint n = 0;

  for (guint i = 0; fields[i] != NULL; i++)
    if (*fields[i] != '\0')
      fields[n++] = fields[i];
  fields[n] = NULL;
  if (n != 7)
    {
      invalid (error, "A Sandbox position has 7 fields, not %u", n);
      return NULL;
    }
  if (!parse_board (pos, fields[0], error))
    return NULL;
  if (!g_str_equal (fields[1], "w") && !g_str_equal (fields[1], "b"))
    {
      invalid (error, "Field 2 (side to move): “%s” is neither w nor b", fields[1]);
      return NULL;
    }
  pos->side = fields[1][0] == 'w' ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;

  for (const char *c = fields[2]; *c != '\0' && *c != '-'; c++)
    {
      int side = *c == 'K' ? CATUR_SIDE_FIRST : *c == 'k' ? CATUR_SIDE_SECOND : -1;

      if (side < 0 || pos->cell[KING_START (side)] != PIECE (KING, side)
          || pos->cell[ROOK_START (side)] != PIECE (ROOK, side))
        {
          invalid (error, "Field 3 (castling): “%c” does not fit the board", *c);
          return NULL;
        }
      pos->castling |= 1 << side;
    }

  pos->ep = CATUR_SQUARE_NONE;
  if (!g_str_equal (fields[3], "-") && !testgame_parse_square (FILES, RANKS, fields[3], &pos->ep))
    {
      invalid (error, "Field 4 (en passant): “%s” is no square", fields[3]);
      return NULL;
    }

  for (const char *c = fields[4]; *c != '\0' && !g_str_equal (fields[4], "-"); c++)
    {
      int kind = kind_of_letter (*c);

      if (kind == EMPTY || kind == KING)
        {
          invalid (error, "Field 5 (hands): “%c” cannot be in hand", *c);
          return NULL;
        }
      pos->hand[g_ascii_islower (*c) ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST][kind]++;
    }

  if (!g_ascii_string_to_unsigned (fields[5], 10, 0, MOVE_LIMIT, &number, NULL))
    {
      invalid (error, "Field 6 (quiet plies): “%s” is no number up to %d", fields[5], MOVE_LIMIT);
      return NULL;
    }
  pos->quiet = number;
  if (!g_ascii_string_to_unsigned (fields[6], 10, 0, MOVE_LIMIT, &number, NULL))
    {
      invalid (error, "Field 7 (plies): “%s” is no number up to %d", fields[6], MOVE_LIMIT);
      return NULL;
    }
  pos->ply = number;
  pos->move_limit = MOVE_LIMIT;

  if (find_king (pos, CATUR_SIDE_FIRST) < 0 || find_king (pos, CATUR_SIDE_SECOND) < 0)
    {
      invalid (error, "Each side needs its King");
      return NULL;
    }
  if (attacked (pos, find_king (pos, 1 - pos->side), pos->side))
    {
      invalid (error, "The side not to move is in check");
      return NULL;
    }
  return (CaturPosition *) g_steal_pointer (&pos);
}

static char *
sandbox_format (CaturVariant        *variant,
                const CaturPosition *position)
{
  const SandboxPosition *pos = CPOS (position);
  GString *text = g_string_new (NULL);
  char ep[8];
  gboolean any = FALSE;

  for (int rank = RANKS - 1; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < FILES; file++)
        {
          guint8 cell = pos->cell[SQ (file, rank)];
          char letter;

          if (cell == EMPTY)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            g_string_append_printf (text, "%d", empty);
          empty = 0;
          letter = letters[KIND (cell)];
          if (cell & PROMOTED_BIT)
            g_string_append_c (text, '+');
          g_string_append_c (text, OWNER (cell) == CATUR_SIDE_SECOND ? g_ascii_tolower (letter)
                                                                    : letter);
        }
      if (empty > 0)
        g_string_append_printf (text, "%d", empty);
      if (rank > 0)
        g_string_append_c (text, '/');
    }

  g_string_append (text, pos->side == CATUR_SIDE_FIRST ? " w " : " b ");
  if (pos->castling & 1)
    g_string_append_c (text, 'K');
  if (pos->castling & 2)
    g_string_append_c (text, 'k');
  if (pos->castling == 0)
    g_string_append_c (text, '-');

  testgame_square_name (FILES, RANKS, pos->ep, ep);
  g_string_append_printf (text, " %s ", pos->ep == CATUR_SQUARE_NONE ? "-" : ep);
  for (int side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    for (guint i = 0; i < G_N_ELEMENTS (hand_kinds); i++)
      for (guint count = 0; count < pos->hand[side][hand_kinds[i]]; count++)
        {
          char letter = letters[hand_kinds[i]];

          g_string_append_c (text, side == CATUR_SIDE_SECOND ? g_ascii_tolower (letter) : letter);
          any = TRUE;
        }
  if (!any)
    g_string_append_c (text, '-');
  g_string_append_printf (text, " %u %u", pos->quiet, pos->ply);
  return g_string_free (text, FALSE);
}

static CaturPosition *
sandbox_position_copy (CaturVariant        *variant,
                       const CaturPosition *position)
{
  return g_memdup2 (position, sizeof (SandboxPosition));
}

static void
sandbox_position_free (CaturVariant  *variant,
                       CaturPosition *position)
{
  g_free (position);
}

/* Inspection */

static CaturSide
sandbox_side_to_move (CaturVariant        *variant,
                      const CaturPosition *position)
{
  return CPOS (position)->side;
}

static gboolean
sandbox_piece_at (CaturVariant        *variant,
                  const CaturPosition *position,
                  CaturSquare          square,
                  CaturPiece          *piece)
{
  guint8 cell = square < SQUARES ? CPOS (position)->cell[square] : EMPTY;

  if (cell == EMPTY)
    return FALSE;
  piece->kind = KIND (cell);
  piece->side = OWNER (cell);
  piece->flags = (cell & PROMOTED_BIT) ? CATUR_PIECE_PROMOTED : 0;
  return TRUE;
}

static guint
sandbox_hand_count (CaturVariant        *variant,
                    const CaturPosition *position,
                    CaturSide            side,
                    guint8               kind)
{
  return kind < N_KINDS ? CPOS (position)->hand[side][kind] : 0;
}

static const guint8 *
sandbox_list_hand_kinds (CaturVariant *variant,
                         guint        *n_kinds)
{
  *n_kinds = G_N_ELEMENTS (hand_kinds);
  return hand_kinds;
}

/* Rules */

static const int straight[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int diagonal[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

static gboolean
on_board (int file,
          int rank)
{
  return file >= 0 && file < FILES && rank >= 0 && rank < RANKS;
}

static int
forward (int side)
{
  return side == CATUR_SIDE_FIRST ? 1 : -1;
}

/* Whether a piece of @by attacks @square. */
static gboolean
attacked (const SandboxPosition *pos,
          int                    square,
          int                    by)
{
  int file = square % FILES, rank = square / FILES;

  for (int df = -1; df <= 1; df += 2)
    if (on_board (file + df, rank - forward (by))
        && pos->cell[SQ (file + df, rank - forward (by))] == PIECE (PAWN, by))
      return TRUE;

  for (int df = -1; df <= 1; df++)
    for (int dr = -1; dr <= 1; dr++)
      if ((df != 0 || dr != 0) && on_board (file + df, rank + dr)
          && pos->cell[SQ (file + df, rank + dr)] == PIECE (KING, by))
        return TRUE;

  for (int line = 0; line < 8; line++)
    {
      const int *d = line < 4 ? straight[line] : diagonal[line - 4];
      int slider = line < 4 ? ROOK : BISHOP;

      for (int f = file + d[0], r = rank + d[1]; on_board (f, r); f += d[0], r += d[1])
        {
          guint8 cell = pos->cell[SQ (f, r)];

          if (cell == EMPTY)
            continue;
          if (KIND (cell) == slider && OWNER (cell) == by)
            return TRUE;
          break;
        }
    }
  return FALSE;
}

static gboolean
in_check (const SandboxPosition *pos,
          int                    side)
{
  return attacked (pos, find_king (pos, side), 1 - side);
}

static void
add_move (GArray *moves,
          int     from,
          int     to,
          int     piece,
          int     flags)
{
  CaturMove move = { from, to, piece, flags };

  g_array_append_val (moves, move);
}

static void
add_pawn_move (GArray *moves,
               int     side,
               int     from,
               int     to)
{
  int last = side == CATUR_SIDE_FIRST ? RANKS - 1 : 0;

  if (to / FILES != last)
    {
      add_move (moves, from, to, 0, 0);
      return;
    }
  add_move (moves, from, to, ROOK, CATUR_MOVE_PROMOTE);
  add_move (moves, from, to, BISHOP, CATUR_MOVE_PROMOTE);
}

/* The moves the pieces make, before the rule that one's King may not stay in check. */
static void
pseudo_moves (const SandboxPosition *pos,
              GArray                *moves)
{
  int side = pos->side;

  for (int from = 0; from < SQUARES; from++)
    {
      guint8 cell = pos->cell[from];
      int file = from % FILES, rank = from / FILES;

      if (cell == EMPTY || OWNER (cell) != side)
        continue;

      switch (KIND (cell))
        {
        case KING:
          for (int df = -1; df <= 1; df++)
            for (int dr = -1; dr <= 1; dr++)
              if ((df != 0 || dr != 0) && on_board (file + df, rank + dr)
                  && (pos->cell[SQ (file + df, rank + dr)] == EMPTY
                      || OWNER (pos->cell[SQ (file + df, rank + dr)]) != side))
                add_move (moves, from, SQ (file + df, rank + dr), 0, 0);
          if ((pos->castling & (1 << side)) && from == KING_START (side)
              && pos->cell[ROOK_START (side)] == PIECE (ROOK, side)
              && pos->cell[ROOK_CASTLED (side)] == EMPTY && pos->cell[KING_CASTLED (side)] == EMPTY
              && !attacked (pos, from, 1 - side) && !attacked (pos, ROOK_CASTLED (side), 1 - side))
            add_move (moves, from, KING_CASTLED (side), 0, CATUR_MOVE_CASTLE);
          break;

        case ROOK:
        case BISHOP:
          for (int line = 0; line < 4; line++)
            {
              const int *d = KIND (cell) == ROOK ? straight[line] : diagonal[line];

              for (int f = file + d[0], r = rank + d[1]; on_board (f, r); f += d[0], r += d[1])
                {
                  guint8 target = pos->cell[SQ (f, r)];

                  if (target == EMPTY || OWNER (target) != side)
                    add_move (moves, from, SQ (f, r), 0, 0);
                  if (target != EMPTY)
                    break;
                }
            }
          break;

        case PAWN:
          {
            int ahead = rank + forward (side);
            int first = side == CATUR_SIDE_FIRST ? 1 : RANKS - 2;

            if (!on_board (file, ahead))
              break;
            if (pos->cell[SQ (file, ahead)] == EMPTY)
              {
                add_pawn_move (moves, side, from, SQ (file, ahead));
                if (rank == first && pos->cell[SQ (file, ahead + forward (side))] == EMPTY)
                  add_move (moves, from, SQ (file, ahead + forward (side)), 0, 0);
              }
            for (int df = -1; df <= 1; df += 2)
              {
                int to = SQ (file + df, ahead);

                if (!on_board (file + df, ahead))
                  continue;
                if ((pos->cell[to] != EMPTY && OWNER (pos->cell[to]) != side) || to == pos->ep)
                  add_pawn_move (moves, side, from, to);
              }
          }
          break;

        default:
          break;
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (hand_kinds); i++)
    {
      int kind = hand_kinds[i];

      if (pos->hand[side][kind] == 0)
        continue;
      for (int to = 0; to < SQUARES; to++)
        if (pos->cell[to] == EMPTY
            && (kind != PAWN || (to / FILES != 0 && to / FILES != RANKS - 1)))
          add_move (moves, CATUR_SQUARE_HAND (side, kind), to, kind, CATUR_MOVE_DROP);
    }

  if (find_king (pos, side) / FILES == (side == CATUR_SIDE_FIRST ? RANKS - 1 : 0))
    add_move (moves, CATUR_SQUARE_NONE, CATUR_SQUARE_NONE, 0, CATUR_MOVE_DECLARE);
}

/* The square of the piece @move captures, or -1: en passant takes the pawn beside. */
static int
captured_square (const SandboxPosition *pos,
                 const CaturMove       *move)
{
  guint8 cell;

  if (move->flags & (CATUR_MOVE_DROP | CATUR_MOVE_DECLARE | CATUR_MOVE_CASTLE))
    return -1;
  if (pos->cell[move->to] != EMPTY)
    return move->to;
  cell = pos->cell[move->from];
  if (KIND (cell) == PAWN && move->to == pos->ep && move->from % FILES != move->to % FILES)
    return move->to - forward (OWNER (cell)) * FILES;
  return -1;
}

static void
apply (SandboxPosition *pos,
       const CaturMove *move)
{
  int side = pos->side;
  int capture;
  guint8 cell;

  pos->side = 1 - side;
  pos->ply++;
  if (move->flags & CATUR_MOVE_DECLARE)
    {
      pos->declared = side + 1;
      return;
    }
  if (move->flags & CATUR_MOVE_DROP)
    {
      pos->cell[move->to] = PIECE (move->piece, side);
      pos->hand[side][move->piece]--;
      pos->ep = CATUR_SQUARE_NONE;
      pos->quiet++;
      return;
    }

  cell = pos->cell[move->from];
  capture = captured_square (pos, move);
  if (capture >= 0)
    {
      guint8 taken = pos->cell[capture];

      /* A promoted piece goes back to the hand as the pawn it was. */
      pos->hand[side][(taken & PROMOTED_BIT) ? PAWN : KIND (taken)]++;
      pos->cell[capture] = EMPTY;
    }
  pos->cell[move->from] = EMPTY;
  pos->cell[move->to] = (move->flags & CATUR_MOVE_PROMOTE)
                        ? PIECE (move->piece, side) | PROMOTED_BIT : cell;
  if (move->flags & CATUR_MOVE_CASTLE)
    {
      pos->cell[ROOK_CASTLED (side)] = pos->cell[ROOK_START (side)];
      pos->cell[ROOK_START (side)] = EMPTY;
    }

  if (KIND (cell) == KING)
    pos->castling &= ~(1 << side);
  for (int seat = CATUR_SIDE_FIRST; seat <= CATUR_SIDE_SECOND; seat++)
    if (move->from == ROOK_START (seat) || move->to == ROOK_START (seat))
      pos->castling &= ~(1 << seat);

  pos->ep = KIND (cell) == PAWN && ABS (move->to - move->from) == 2 * FILES
            ? (move->from + move->to) / 2 : CATUR_SQUARE_NONE;
  pos->quiet = capture >= 0 || KIND (cell) == PAWN ? 0 : pos->quiet + 1;
}

/* Whether @move leaves its own King out of check. */
static gboolean
keeps_king_safe (const SandboxPosition *pos,
                 const CaturMove       *move)
{
  SandboxPosition after = *pos;

  apply (&after, move);
  return !in_check (&after, pos->side);
}

static gboolean
game_over (const SandboxPosition *pos)
{
  return pos->declared != 0 || pos->ply >= pos->move_limit;
}

static void
legal_moves (const SandboxPosition *pos,
             GArray                *moves)
{
  g_autoptr(GArray) pseudo = g_array_sized_new (FALSE, FALSE, sizeof (CaturMove), 64);

  if (game_over (pos))
    return;
  pseudo_moves (pos, pseudo);
  for (guint i = 0; i < pseudo->len; i++)
    {
      const CaturMove *move = &g_array_index (pseudo, CaturMove, i);

      /* Declaring changes nothing on the board: it needs a King out of check. */
      if ((move->flags & CATUR_MOVE_DECLARE) ? !in_check (pos, pos->side)
                                             : keeps_king_safe (pos, move))
        g_array_append_val (moves, *move);
    }
}

static guint
sandbox_legal_moves (CaturVariant        *variant,
                     const CaturPosition *position,
                     GArray              *moves)
{
  guint before = moves->len;

  legal_moves (CPOS (position), moves);
  return moves->len - before;
}

static guint64
sandbox_perft (CaturVariant        *variant,
               const CaturPosition *position,
               guint                depth)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  guint64 total = 0;

  legal_moves (CPOS (position), moves);
  if (depth <= 1)
    return depth == 0 ? 1 : moves->len;
  for (guint i = 0; i < moves->len; i++)
    {
      SandboxPosition child = *CPOS (position);

      apply (&child, &g_array_index (moves, CaturMove, i));
      total += sandbox_perft (variant, &child.parent, depth - 1);
    }
  return total;
}

static gboolean
is_legal (const SandboxPosition *pos,
          const CaturMove       *move)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));

  legal_moves (pos, moves);
  for (guint i = 0; i < moves->len; i++)
    if (catur_move_equal (&g_array_index (moves, CaturMove, i), move))
      return TRUE;
  return FALSE;
}

/* Explanations: a sentence for each way a move can be wrong, with a stable reason id. */

static char *
piece_name_of (guint8 cell)
{
  CaturPiece piece = { KIND (cell), OWNER (cell),
                       (cell & PROMOTED_BIT) ? CATUR_PIECE_PROMOTED : 0 };

  return sandbox_get_piece_name (NULL, &piece);
}

static char *
explain_drop (const SandboxPosition *pos,
              const CaturMove       *move,
              const char           **reason_id)
{
  int side = catur_square_hand_side (move->from);
  int kind = catur_square_hand_kind (move->from);
  CaturPiece piece = { kind, side, 0 };
  g_autofree char *name = sandbox_get_piece_name (NULL, &piece);
  char at[8];

  if (side != pos->side)
    {
      *reason_id = "not-own-piece";
      return g_strdup_printf (_("The pieces in that hand are not yours: it is %s’s turn."),
                              sandbox_get_side_name (NULL, NULL, pos->side));
    }
  if (kind >= N_KINDS || pos->hand[side][kind] == 0)
    {
      *reason_id = "empty-hand";
      return g_strdup_printf (_("You have no %s in hand."), name);
    }
  if (move->to == CATUR_SQUARE_NONE)
    return NULL;

  testgame_square_name (FILES, RANKS, move->to, at);
  if (move->to >= SQUARES)
    {
      *reason_id = "piece-movement";
      return g_strdup (_("A piece in hand is dropped on a square of the board."));
    }
  if (pos->cell[move->to] != EMPTY)
    {
      *reason_id = "occupied";
      return g_strdup_printf (_("A piece is dropped on an empty square, and %s is taken."), at);
    }
  if (kind == PAWN && (move->to / FILES == 0 || move->to / FILES == RANKS - 1))
    {
      *reason_id = "pawn-drop-rank";
      return g_strdup (_("A Pawn may not be dropped on the first or the last rank."));
    }
  *reason_id = "leaves-check";
  return g_strdup (_("This drop would leave your King in check."));
}

static char *
explain_movement (const SandboxPosition *pos,
                  const CaturMove       *move,
                  const char           **reason_id)
{
  guint8 cell = pos->cell[move->from];
  int side = OWNER (cell);
  int df = move->to % FILES - move->from % FILES;
  int dr = move->to / FILES - move->from / FILES;
  g_autofree char *name = piece_name_of (cell);

  *reason_id = "piece-movement";
  switch (KIND (cell))
    {
    case KING:
      if (move->from == KING_START (side) && move->to == KING_CASTLED (side))
        {
          *reason_id = "castling";
          return g_strdup (_("The King castles only while it and its Rook have not moved, with "
                             "nothing between them, out of check and not across an attacked "
                             "square."));
        }
      return g_strdup (_("The King moves one square in any direction."));

    case ROOK:
    case BISHOP:
      if ((KIND (cell) == ROOK && df != 0 && dr != 0)
          || (KIND (cell) == BISHOP && ABS (df) != ABS (dr)))
        return g_strdup_printf (KIND (cell) == ROOK
                                ? _("The %s moves along a file or a rank.")
                                : _("The %s moves diagonally."), name);
      for (int f = move->from % FILES + SIGN (df), r = move->from / FILES + SIGN (dr);
           SQ (f, r) != move->to; f += SIGN (df), r += SIGN (dr))
        if (pos->cell[SQ (f, r)] != EMPTY)
          {
            g_autofree char *blocker = piece_name_of (pos->cell[SQ (f, r)]);
            char at[8];

            testgame_square_name (FILES, RANKS, SQ (f, r), at);
            *reason_id = "blocked-path";
            return g_strdup_printf (_("The %s cannot jump: the %s on %s is in the way."),
                                    name, blocker, at);
          }
      return g_strdup_printf (_("The %s moves along a file or a rank."), name);

    case PAWN:
    default:
      if (dr * forward (side) <= 0)
        return g_strdup (_("The Pawn moves forwards only."));
      if (df != 0 && pos->cell[move->to] == EMPTY)
        return g_strdup (_("The Pawn moves diagonally only to capture."));
      if (df == 0 && pos->cell[move->to] != EMPTY)
        return g_strdup (_("The Pawn captures diagonally, not straight ahead."));
      return g_strdup (_("The Pawn moves one square forwards, or two from its first rank."));
    }
}

static char *
sandbox_explain (CaturVariant        *variant,
                 const CaturPosition *position,
                 const CaturMove     *move,
                 const char         **reason_id)
{
  const SandboxPosition *pos = CPOS (position);
  g_autoptr(GArray) pseudo = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  gboolean same_squares = FALSE;
  char from_name[8];
  guint8 cell;

  if (is_legal (pos, move))
    return NULL;
  if (game_over (pos))
    {
      *reason_id = "game-over";
      return g_strdup (_("The game is over."));
    }
  if (move->flags & CATUR_MOVE_DECLARE)
    {
      *reason_id = "cannot-declare";
      return g_strdup (_("Only a King that has reached the far rank, and is not in check, may "
                         "declare victory."));
    }
  if (move->flags & CATUR_MOVE_FLIP)
    {
      *reason_id = "piece-movement";
      return g_strdup (_("Sandbox has no face-down pieces."));
    }
  if (catur_square_is_hand (move->from))
    return explain_drop (pos, move, reason_id);
  if (move->from >= SQUARES)
    {
      *reason_id = "piece-movement";
      return g_strdup (_("No piece moves like that."));
    }

  testgame_square_name (FILES, RANKS, move->from, from_name);
  cell = pos->cell[move->from];
  if (cell == EMPTY)
    {
      *reason_id = "empty-square";
      return g_strdup_printf (_("There is no piece on %s."), from_name);
    }
  if (OWNER (cell) != pos->side)
    {
      g_autofree char *name = piece_name_of (cell);

      *reason_id = "not-own-piece";
      /* Translators: "The Black Rook on a6 is not yours: it is White’s turn." */
      return g_strdup_printf (_("The %s %s on %s is not yours: it is %s’s turn."),
                              sandbox_get_side_name (NULL, NULL, OWNER (cell)), name, from_name,
                              sandbox_get_side_name (NULL, NULL, pos->side));
    }
  if (move->to == CATUR_SQUARE_NONE)
    return NULL;
  if (move->to >= SQUARES)
    {
      *reason_id = "piece-movement";
      return g_strdup (_("That square is not on the board."));
    }
  if (pos->cell[move->to] != EMPTY && OWNER (pos->cell[move->to]) == pos->side)
    {
      g_autofree char *name = piece_name_of (pos->cell[move->to]);
      char at[8];

      testgame_square_name (FILES, RANKS, move->to, at);
      *reason_id = "own-piece";
      return g_strdup_printf (_("Your own %s stands on %s."), name, at);
    }

  /* The pieces move so: then what is wrong is the promotion, or the King left in check. */
  pseudo_moves (pos, pseudo);
  for (guint i = 0; i < pseudo->len; i++)
    {
      const CaturMove *candidate = &g_array_index (pseudo, CaturMove, i);

      if (candidate->from != move->from || candidate->to != move->to)
        continue;
      same_squares = TRUE;
      if (catur_move_equal (candidate, move))
        {
          *reason_id = "leaves-check";
          return g_strdup (in_check (pos, pos->side)
                           ? _("Your King is in check, and this move does not stop it.")
                           : _("This move would leave your King in check."));
        }
    }
  /* The squares are right and the flags are not: a pawn's promotion, or the King's castling
   * given as a plain step. */
  if (same_squares && KIND (cell) == PAWN && !(move->flags & CATUR_MOVE_PROMOTE))
    {
      *reason_id = "must-promote";
      return g_strdup (_("A Pawn reaching the last rank must become a Rook or a Bishop."));
    }
  if ((same_squares && KIND (cell) == PAWN) || (move->flags & CATUR_MOVE_PROMOTE))
    {
      *reason_id = "cannot-promote";
      return g_strdup (_("Only a Pawn reaching the last rank promotes, to a Rook or a Bishop."));
    }
  if (same_squares)
    {
      *reason_id = "castling";
      return g_strdup (_("Castling is the King’s move with the castling flag."));
    }
  return explain_movement (pos, move, reason_id);
}

static void
sandbox_play (CaturVariant  *variant,
              CaturPosition *position,
              CaturMove     *move)
{
  /* Nothing is hidden: the move is complete as it is. */
  apply (POS (position), move);
}

/* Everything the rules compare (RULES 0.2), none of the counters. */
static guint64
sandbox_position_key (CaturVariant        *variant,
                      const CaturPosition *position)
{
  const SandboxPosition *pos = CPOS (position);
  guint64 key = testgame_hash (0, pos->cell, sizeof pos->cell);

  key = testgame_hash (key, pos->hand, sizeof pos->hand);
  key = testgame_hash (key, &pos->side, sizeof pos->side);
  key = testgame_hash (key, &pos->castling, sizeof pos->castling);
  return testgame_hash (key, &pos->ep, sizeof pos->ep);
}

/* The threefold repetition at entry @index (a CaturRepetitionJudge): 1 from the third time. */
static guint
threefold (const CaturRepetition *history,
           guint                  index,
           gpointer               user_data)
{
  return catur_repetition_count (history, index) >= 3 ? 1 : 0;
}

static void
sandbox_status (CaturVariant          *variant,
                const CaturPosition   *position,
                const CaturRepetition *history,
                CaturOutcome          *outcome)
{
  const SandboxPosition *pos = CPOS (position);
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));

  if (pos->declared != 0)
    {
      outcome->result = CATUR_RESULT_WIN;
      outcome->winner = pos->declared - 1;
      outcome->reason = CATUR_REASON_IMPASSE;
      return;
    }
  legal_moves (pos, moves);
  if (moves->len == 0 && in_check (pos, pos->side))
    {
      outcome->result = CATUR_RESULT_WIN;
      outcome->winner = 1 - pos->side;
      outcome->reason = CATUR_REASON_CHECKMATE;
    }
  else if (moves->len == 0 && pos->ply < pos->move_limit)
    {
      outcome->result = CATUR_RESULT_DRAW;
      outcome->reason = CATUR_REASON_STALEMATE;
    }
  else if (pos->ply >= pos->move_limit)
    {
      outcome->result = CATUR_RESULT_DRAW;
      outcome->reason = CATUR_REASON_MOVE_LIMIT;
    }
  else
    {
      guint last = history != NULL ? catur_repetition_get_last (history) : 0;

      if (pos->quiet == QUIET_NOTICE)
        outcome->notices |= NOTICE_QUIET;
      if (history != NULL && threefold (history, last, NULL) != 0
          && catur_repetition_first_in_episode (history, last, 1, threefold, NULL))
        outcome->notices |= NOTICE_REPETITION;
    }
}

static gboolean
sandbox_in_check (CaturVariant        *variant,
                  const CaturPosition *position,
                  CaturSquare         *king)
{
  const SandboxPosition *pos = CPOS (position);

  *king = find_king (pos, pos->side);
  return in_check (pos, pos->side);
}

/* Move input: a King chosen onto its own Rook castles, as the King's two steps do. */
static void
sandbox_input_moves (CaturVariant        *variant,
                     const CaturPosition *position,
                     CaturSquare          from,
                     CaturSquare          to,
                     GArray              *moves)
{
  const SandboxPosition *pos = CPOS (position);
  g_autoptr(GArray) legal = g_array_new (FALSE, FALSE, sizeof (CaturMove));

  legal_moves (pos, legal);
  for (guint i = 0; i < legal->len; i++)
    {
      const CaturMove *move = &g_array_index (legal, CaturMove, i);

      if (move->from == from && (move->to == to
                                 || ((move->flags & CATUR_MOVE_CASTLE)
                                     && to == ROOK_START (pos->side))))
        g_array_append_val (moves, *move);
    }
}

static void
sandbox_move_effects (CaturVariant        *variant,
                      const CaturPosition *position,
                      const CaturMove     *move,
                      CaturMoveEffects    *effects)
{
  const SandboxPosition *pos = CPOS (position);
  int capture = captured_square (pos, move);

  if (capture >= 0)
    effects->captured = capture;
  if (move->flags & CATUR_MOVE_CASTLE)
    {
      effects->second_from = ROOK_START (pos->side);
      effects->second_to = ROOK_CASTLED (pos->side);
    }
}

/* Notation */

static const CaturNotationInfo *
sandbox_list_notations (CaturVariant *variant,
                        guint        *n_notations)
{
  static CaturNotationInfo notations[3];
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      notations[0] = (CaturNotationInfo) {
        NOTATION_LONG, _("Long"), _("The piece, where it leaves and where it lands: Ra1-a4"), 0,
      };
      notations[1] = (CaturNotationInfo) {
        NOTATION_COORDINATE, _("Coordinates"), _("The squares only: a1a4"),
        CATUR_NOTATION_COORDINATE,
      };
      notations[2] = (CaturNotationInfo) {
        NOTATION_WIDE, _("Wide"), _("The long notation in full-width characters: Ｒａ１－ａ４"), 0,
      };
      g_once_init_leave (&initialized, 1);
    }
  *n_notations = G_N_ELEMENTS (notations);
  return notations;
}

/* @text in the full-width forms of its ASCII characters (Ｒａ１－ａ４), as wide on the screen as
 * the Japanese notation of Shogi (５二銀右上成). */
static char *
full_width (const char *text)
{
  GString *wide = g_string_new (NULL);

  for (const char *c = text; *c != '\0'; c++)
    if (*c > ' ' && *c < 0x7f)
      g_string_append_unichar (wide, 0xfee0 + *c);
    else
      g_string_append_c (wide, *c);
  return g_string_free (wide, FALSE);
}

static char *
sandbox_format_move (CaturVariant        *variant,
                     const CaturPosition *position,
                     const CaturMove     *move,
                     const char          *notation_id)
{
  const SandboxPosition *pos = CPOS (position);
  gboolean coordinate = g_str_equal (notation_id, NOTATION_COORDINATE);
  char from[8], to[8];
  GString *text;
  guint8 cell;

  if (g_str_equal (notation_id, NOTATION_WIDE))
    {
      g_autofree char *narrow = sandbox_format_move (variant, position, move, NOTATION_LONG);

      return full_width (narrow);
    }

  if (move->flags & CATUR_MOVE_DECLARE)
    return g_strdup ("declare");
  testgame_square_name (FILES, RANKS, move->to, to);
  if (move->flags & CATUR_MOVE_DROP)
    return g_strdup_printf ("%c*%s", letters[move->piece < N_KINDS ? move->piece : 0], to);
  if (move->from >= SQUARES || move->to >= SQUARES)
    return g_strdup ("?");

  testgame_square_name (FILES, RANKS, move->from, from);
  if (coordinate)
    return g_strdup_printf ("%s%s%s", from, to,
                            !(move->flags & CATUR_MOVE_PROMOTE) ? ""
                            : move->piece == ROOK ? "r" : "b");
  if (move->flags & CATUR_MOVE_CASTLE)
    return g_strdup ("O-O");

  cell = pos->cell[move->from];
  text = g_string_new ((cell & PROMOTED_BIT) ? "+" : "");
  if (KIND (cell) != PAWN)
    g_string_append_c (text, letters[KIND (cell)]);
  g_string_append_printf (text, "%s%c%s", from, captured_square (pos, move) >= 0 ? 'x' : '-', to);
  if (move->flags & CATUR_MOVE_PROMOTE)
    g_string_append_printf (text, "=%c", letters[move->piece < N_KINDS ? move->piece : 0]);
  return g_string_free (text, FALSE);
}

/* Reads a move in any of the notations. A well-formed coordinate move is read whether or not it is
 * legal, as the contract asks (explain says why not); the long notation only for legal moves. */
static gboolean
sandbox_parse_move (CaturVariant         *variant,
                    const CaturPosition  *position,
                    const char           *text,
                    CaturMove            *move,
                    GError              **error)
{
  const SandboxPosition *pos = CPOS (position);
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  g_autofree char *word = g_strstrip (g_strdup (text));
  CaturSquare from, to;
  gsize length = strlen (word);

  legal_moves (pos, moves);
  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *candidate = &g_array_index (moves, CaturMove, i);
      g_autofree char *as_long = sandbox_format_move (variant, position, candidate,
                                                      NOTATION_LONG);
      g_autofree char *as_coordinate = sandbox_format_move (variant, position, candidate,
                                                            NOTATION_COORDINATE);
      g_autofree char *as_wide = full_width (as_long);

      if (g_str_equal (word, as_long) || g_str_equal (word, as_wide)
          || g_ascii_strcasecmp (word, as_coordinate) == 0)
        {
          *move = *candidate;
          return TRUE;
        }
    }

  if (g_str_equal (word, "declare"))
    *move = (CaturMove) { CATUR_SQUARE_NONE, CATUR_SQUARE_NONE, 0, CATUR_MOVE_DECLARE };
  else if (length >= 3 && word[1] == '*' && kind_of_letter (word[0]) != EMPTY
      && testgame_parse_square (FILES, RANKS, word + 2, &to) && length == 4)
    *move = (CaturMove) { CATUR_SQUARE_HAND (pos->side, kind_of_letter (word[0])), to,
                          kind_of_letter (word[0]), CATUR_MOVE_DROP };
  else if ((length == 4 || length == 5) && testgame_parse_square (FILES, RANKS, word, &from)
           && testgame_parse_square (FILES, RANKS, word + 2, &to))
    {
      int promotion = length == 5 ? kind_of_letter (word[4]) : EMPTY;

      *move = (CaturMove) { from, to, promotion, promotion != EMPTY ? CATUR_MOVE_PROMOTE : 0 };
    }
  else
    {
      g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
                   _("“%s” is no move of Sandbox"), word);
      return FALSE;
    }

  return TRUE;
}

static char *
sandbox_describe_outcome (CaturVariant        *variant,
                          const CaturPosition *position,
                          const CaturOutcome  *outcome)
{
  const char *winner = outcome->winner <= CATUR_SIDE_SECOND
                       ? sandbox_get_side_name (variant, position, outcome->winner) : "";

  /* How, not who: the shell states the result above it. */
  switch (outcome->reason)
    {
    case CATUR_REASON_CHECKMATE:
      return g_strdup (_("Checkmate"));
    case CATUR_REASON_IMPASSE:
      return g_strdup_printf (_("%s’s King reached the far rank"), winner);
    case CATUR_REASON_STALEMATE:
      return g_strdup (_("Stalemate"));
    case CATUR_REASON_MOVE_LIMIT:
      return g_strdup_printf (_("The game reached %u plies"),
                              position != NULL ? CPOS (position)->move_limit : MOVE_LIMIT);
    case CATUR_REASON_TIME_OUT:
      if (outcome->result == CATUR_RESULT_DRAW)
        return g_strdup (_("Out of time, against a lone King"));
      return g_strdup_printf (_("%s ran out of time"),
                              sandbox_get_side_name (variant, position,
                                                     catur_side_other (outcome->winner)));
    case CATUR_REASON_RESIGN:
      return g_strdup_printf (_("%s resigned"),
                              sandbox_get_side_name (variant, position,
                                                     catur_side_other (outcome->winner)));
    case CATUR_REASON_AGREEMENT:
      return g_strdup (_("Agreed by the players"));
    default:
      return g_strdup ("");
    }
}

static const CaturNoticeInfo *
sandbox_list_notices (CaturVariant *variant,
                      guint        *n_notices)
{
  *n_notices = G_N_ELEMENTS (notices);
  return notices;
}

static char *
sandbox_describe_notice (CaturVariant        *variant,
                         const CaturPosition *position,
                         const CaturOutcome  *outcome,
                         guint                notice)
{
  if (notice == NOTICE_QUIET)
    return g_strdup (_("40 plies without a capture or a pawn move: you may agree to a draw"));
  if (notice == NOTICE_REPETITION)
    return g_strdup (_("The same position for the third time: you may agree to a draw"));
  return NULL;
}

static char *
sandbox_get_declaration_label (CaturVariant        *variant,
                               const CaturPosition *position,
                               const CaturMove     *move)
{
  return g_strdup (_("Declare Victory"));
}

/* Records: games (several a file) and, as the real games have beside them, a position file
 * (`.fen`: the position text of where the game stands), so that the shell's choice of a
 * format by the file's name or the save dialog's filter shows on the test games too. */

static const char * const pgn_extensions[] = { "pgn", NULL };
static const char * const fen_extensions[] = { "fen", NULL };
static const char * const no_mime_types[] = { NULL };

static const CaturRecordFormat *
sandbox_list_record_formats (CaturVariant *variant,
                             guint        *n_formats)
{
  static CaturRecordFormat formats[2];
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      formats[0] = (CaturRecordFormat) {
        "pgn", _("Sandbox game (PGN)"), pgn_extensions, no_mime_types,
        CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE,
      };
      formats[1] = (CaturRecordFormat) {
        "fen", _("Sandbox position (FEN)"), fen_extensions, no_mime_types,
        CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE
        | CATUR_RECORD_FORMAT_POSITION_ONLY,
      };
      g_once_init_leave (&initialized, 1);
    }
  *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

static CaturRecord *
sandbox_read_record (CaturVariant  *variant,
                     const char    *format_id,
                     const char    *data,
                     gsize          length,
                     GError       **error)
{
  if (g_str_equal (format_id, "fen"))
    return catur_pgn_read_position_file (variant, data, length, CATUR_PGN_ENCODING_UTF8, error);
  return testgame_read_record (variant, "Sandbox", data, length, error);
}

static GPtrArray *
sandbox_read_records (CaturVariant  *variant,
                      const char    *format_id,
                      const char    *data,
                      gsize          length,
                      GError       **error)
{
  CaturRecord *record;
  GPtrArray *records;

  if (!g_str_equal (format_id, "fen"))
    return testgame_read_records (variant, "Sandbox", data, length, error);
  record = sandbox_read_record (variant, format_id, data, length, error);
  if (record == NULL)
    return NULL;
  records = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (records, record);
  return records;
}

static char *
sandbox_write_record (CaturVariant  *variant,
                      const char    *format_id,
                      CaturRecord   *record,
                      GError       **error)
{
  if (g_str_equal (format_id, "fen"))
    {
      g_autoptr(CaturPosition) final = catur_record_dup_final_position (record);
      g_autofree char *text = catur_variant_format (variant, final);

      return g_strconcat (text, "\n", NULL);
    }
  return testgame_write_record (variant, "Sandbox", record, error);
}

/* Look */

static void
sandbox_draw_board_themed (CaturVariant           *variant,
                           cairo_t                *cr,
                           const CaturBoardLayout *layout,
                           const char             *board_theme,
                           gboolean                dark)
{
  testgame_draw_board (cr, layout, dark);
}

static GPtrArray *
sandbox_list_piece_themes (CaturVariant *variant)
{
  return testgame_list_piece_themes (TESTGAME_RESOURCE "themes/sandbox/");
}

static GPtrArray *
sandbox_list_board_themes (CaturVariant *variant)
{
  return testgame_list_board_themes ();
}

/* The time limit */

static guint
sandbox_get_move_time (CaturVariant        *variant,
                       const CaturPosition *position)
{
  return CPOS (position)->move_time;
}

/* Whether @side has nothing but its King: no piece on the board, none in hand. */
static gboolean
lone_king (const SandboxPosition *pos,
           CaturSide              side)
{
  for (int square = 0; square < SQUARES; square++)
    if (pos->cell[square] != EMPTY && OWNER (pos->cell[square]) == side
        && KIND (pos->cell[square]) != KING)
      return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (hand_kinds); i++)
    if (pos->hand[side][hand_kinds[i]] > 0)
      return FALSE;
  return TRUE;
}

static gboolean
sandbox_time_out (CaturVariant          *variant,
                  const CaturPosition   *position,
                  const CaturRepetition *history,
                  guint                  time_outs,
                  CaturMove             *move,
                  CaturOutcome          *outcome)
{
  const SandboxPosition *pos = CPOS (position);
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  int best = -1;

  if (time_outs >= 2)
    {
      gboolean draw = lone_king (pos, 1 - pos->side);

      outcome->result = draw ? CATUR_RESULT_DRAW : CATUR_RESULT_WIN;
      outcome->winner = draw ? CATUR_SIDE_NONE : 1 - pos->side;
      outcome->reason = CATUR_REASON_TIME_OUT;
      return FALSE;
    }

  /* The capture of the most valuable piece, else the first move (never a declaration). */
  legal_moves (pos, moves);
  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *candidate = &g_array_index (moves, CaturMove, i);
      int capture = captured_square (pos, candidate);
      int score = capture >= 0 ? value[KIND (pos->cell[capture])] : 0;

      if ((candidate->flags & CATUR_MOVE_DECLARE) == 0 && score > best)
        {
          best = score;
          *move = *candidate;
        }
    }
  return best >= 0;
}

/* The computer: a plain alpha-beta search on libcatur's driver (catur_search_run), which
 * brings what a game's computer needs beyond its rules: iterative deepening, the clock and
 * the cancellable, the levels' depth and random pick, the principal variation and the info
 * lines. It counts material, in hand as on the board (a promoted piece as what it became);
 * a declaration wins. */

/* A piece's worth in the search, a Pawn 100; the King is never taken and counts nothing. */
static int
worth (guint8 cell)
{
  return KIND (cell) == KING ? 0 : value[KIND (cell)] * 100;
}

static int
material (const SandboxPosition *pos)
{
  int side = pos->side, score = 0;

  for (int square = 0; square < SQUARES; square++)
    if (pos->cell[square] != EMPTY)
      score += OWNER (pos->cell[square]) == side ? worth (pos->cell[square])
                                                 : -worth (pos->cell[square]);
  for (int kind = ROOK; kind < N_KINDS; kind++)
    score += (pos->hand[side][kind] - pos->hand[1 - side][kind]) * value[kind] * 100;
  return score;
}

/* How promising @move looks before it is searched: a declaration, then captures of the
 * biggest pieces and promotions, then the rest in the order of the legal moves. */
static int
move_order (const SandboxPosition *pos,
            const CaturMove       *move)
{
  int capture = captured_square (pos, move);
  int order = capture >= 0 ? 10 * worth (pos->cell[capture]) + 1 : 0;

  if (move->flags & CATUR_MOVE_PROMOTE)
    order += value[move->piece] * 100;
  if (move->flags & CATUR_MOVE_DECLARE)
    order = G_MAXINT;
  return order;
}

/* @pos's legal moves, the most promising first. */
static GArray *
ordered_moves (const SandboxPosition *pos)
{
  GArray *moves = g_array_sized_new (FALSE, FALSE, sizeof (CaturMove), 64);
  g_autofree int *order = NULL;

  legal_moves (pos, moves);
  order = g_new (int, MAX (moves->len, 1));
  for (guint i = 0; i < moves->len; i++)
    order[i] = move_order (pos, &g_array_index (moves, CaturMove, i));
  /* Insertion sort: stable, so that equal moves keep the order legal_moves() gives. */
  for (guint i = 1; i < moves->len; i++)
    {
      CaturMove move = g_array_index (moves, CaturMove, i);
      int key = order[i];
      guint j = i;

      for (; j > 0 && order[j - 1] < key; j--)
        {
          g_array_index (moves, CaturMove, j) = g_array_index (moves, CaturMove, j - 1);
          order[j] = order[j - 1];
        }
      g_array_index (moves, CaturMove, j) = move;
      order[j] = key;
    }
  return moves;
}

/* The score of @pos for its side to move, searched @depth plies deep within (@alpha, @beta). */
static int
search_node (CaturSearch           *search,
             const SandboxPosition *pos,
             int                    depth,
             int                    alpha,
             int                    beta,
             int                    ply)
{
  g_autoptr(GArray) moves = NULL;
  int best = -CATUR_SCORE_INFINITE;

  catur_search_clear_pv (search, ply);
  if (catur_search_count_node (search))
    return 0;
  search->seldepth = MAX (search->seldepth, (guint) ply);
  /* The side that has just moved declared victory. */
  if (pos->declared != 0)
    return -(CATUR_SCORE_MATE - ply);
  if (pos->ply >= pos->move_limit)
    return 0;
  if (depth <= 0 || ply >= CATUR_SEARCH_MAX_PLY - 1)
    return material (pos);

  moves = ordered_moves (pos);
  if (moves->len == 0)
    return in_check (pos, pos->side) ? -(CATUR_SCORE_MATE - ply) : 0;
  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      SandboxPosition child = *pos;
      int score;

      apply (&child, move);
      score = -search_node (search, &child, depth - 1, -beta, -alpha, ply + 1);
      if (catur_search_stopped (search))
        return 0;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              catur_search_update_pv (search, ply, catur_move_pack (move));
              if (alpha >= beta)
                break;
            }
        }
    }
  return best;
}

/* The root, as CaturSearchRootFunc asks: within the level's margin the scores are exact. */
static int
search_root (CaturSearch *search,
             int          depth,
             int          alpha,
             int          beta,
             gpointer     user_data)
{
  const SandboxPosition *root = user_data;
  int best = -CATUR_SCORE_INFINITE;

  for (guint i = search->root_first; i < search->n_root_moves; i++)
    {
      CaturMove move = catur_move_unpack (search->root_moves[i].code);
      SandboxPosition child = *root;
      guint64 nodes = search->nodes;
      int score;

      apply (&child, &move);
      if (i == search->root_first)
        score = -search_node (search, &child, depth - 1, -beta, -alpha, 1);
      else
        {
          int lower = MAX (alpha - search->margin, -CATUR_SCORE_INFINITE + 1);

          score = -search_node (search, &child, depth - 1, -lower - 1, -lower, 1);
          if (score > lower && score < beta)
            score = -search_node (search, &child, depth - 1, -beta, -lower, 1);
        }
      if (catur_search_stopped (search))
        break;
      if (catur_search_root_scored (search, i, score, nodes, &best, &alpha, beta))
        break;
    }
  return best;
}

static gboolean
sandbox_think (CaturVariant             *variant,
               CaturPosition            *position,
               const CaturSearchLimits  *limits,
               CaturSearchInfoFunc       info_func,
               gpointer                  info_data,
               GCancellable             *cancellable,
               CaturSearchResult        *result,
               GError                  **error)
{
  const SandboxPosition *pos = CPOS (position);
  g_autoptr(CaturSearch) search = catur_search_new (limits,
                                                    sandbox_position_key (variant, position),
                                                    info_func, info_data, cancellable);
  g_autoptr(GArray) moves = ordered_moves (pos);

  for (guint i = 0; i < moves->len && i < CATUR_SEARCH_MAX_ROOT_MOVES; i++)
    catur_search_add_root_move (search, catur_move_pack (&g_array_index (moves, CaturMove, i)));
  catur_search_run (search, search_root, (gpointer) pos, result);
  return TRUE;
}

static void
testgame_sandbox_iface_init (CaturVariantInterface *iface)
{
  iface->get_id = sandbox_get_id;
  iface->get_name = sandbox_get_name;
  iface->get_description = sandbox_get_description;
  iface->get_icon_name = sandbox_get_icon_name;
  iface->get_side_name = sandbox_get_side_name;
  iface->get_side_id = sandbox_get_side_id;
  iface->get_geometry = sandbox_get_geometry;
  iface->get_piece_image = sandbox_get_piece_image;
  iface->get_piece_name = sandbox_get_piece_name;
  iface->get_piece_letter = sandbox_get_piece_letter;
  iface->square_name = sandbox_square_name;
  iface->new_position = sandbox_new_position;
  iface->parse = sandbox_parse;
  iface->format = sandbox_format;
  iface->position_copy = sandbox_position_copy;
  iface->position_free = sandbox_position_free;
  iface->side_to_move = sandbox_side_to_move;
  iface->piece_at = sandbox_piece_at;
  iface->hand_count = sandbox_hand_count;
  iface->list_hand_kinds = sandbox_list_hand_kinds;
  iface->legal_moves = sandbox_legal_moves;
  iface->perft = sandbox_perft;
  iface->explain = sandbox_explain;
  iface->play = sandbox_play;
  iface->position_key = sandbox_position_key;
  iface->status = sandbox_status;
  iface->in_check = sandbox_in_check;
  iface->input_moves = sandbox_input_moves;
  iface->move_effects = sandbox_move_effects;
  iface->list_notations = sandbox_list_notations;
  iface->format_move = sandbox_format_move;
  iface->parse_move = sandbox_parse_move;
  iface->describe_outcome = sandbox_describe_outcome;
  iface->list_notices = sandbox_list_notices;
  iface->describe_notice = sandbox_describe_notice;
  iface->get_declaration_label = sandbox_get_declaration_label;
  iface->list_record_formats = sandbox_list_record_formats;
  iface->read_record = sandbox_read_record;
  iface->read_records = sandbox_read_records;
  iface->write_record = sandbox_write_record;
  iface->draw_board_themed = sandbox_draw_board_themed;
  iface->list_piece_themes = sandbox_list_piece_themes;
  iface->list_board_themes = sandbox_list_board_themes;
  iface->think = sandbox_think;
  iface->get_setup_options = sandbox_get_setup_options;
  iface->get_clock_presets = sandbox_get_clock_presets;
  iface->apply_options = sandbox_apply_options;
  iface->get_move_time = sandbox_get_move_time;
  iface->time_out = sandbox_time_out;
}

static void
testgame_sandbox_class_init (TestgameSandboxClass *klass)
{
}

static void
testgame_sandbox_class_finalize (TestgameSandboxClass *klass)
{
}

static void
testgame_sandbox_init (TestgameSandbox *self)
{
}

void
testgame_sandbox_register (GTypeModule *module)
{
  testgame_sandbox_register_type (module);
}
