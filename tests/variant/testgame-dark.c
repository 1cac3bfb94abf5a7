/* testgame-dark.c: Sandbox Dark, a small Banqi, for the tests of the shell
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The example of a game with hidden pieces. Its positions come in two sorts, as the contract
 * wants (catur-variant.h, "Hidden pieces"): the referee's, which knows what lies under every
 * face-down square, and observations (observe), which know only how many of each piece still
 * lie face down (the pool). Only the referee's position is ever played on by CaturGame; the
 * computer, the notation and the side panel get observations. The rules:
 *
 *   4 × 4 squares, 16 pieces shuffled face down: for Red and for Black a General, two
 *   Chariots and five Soldiers.
 *   - A turn is one action: turn a face-down piece over (any, whoever's it turns out to be),
 *     or move one's own face-up piece one square along a file or rank, to an empty square or
 *     onto an enemy face-up piece it may capture: a piece takes one of its own rank or lower
 *     (General > Chariot > Soldier), except that the General does not take a Soldier and the
 *     Soldier takes the General. Face-down pieces never move and are never captured.
 *   - The first flip gives the first player the colour it shows; the other player has the
 *     other colour.
 *   - A player whose pieces are all captured loses; so does one with no action left. Ten
 *     plies without a flip or a capture: a draw.
 *   - No take-backs (they would show what lay face down), no draw offers, the top player's
 *     pieces are drawn turned towards the bottom player, and the board lies turned a quarter
 *     in a wide window (the game flags).
 */
#define G_LOG_DOMAIN "testgame"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "testgame-common.h"
#include "testgame-dark.h"

#define FILES 4
#define RANKS 4
#define SQUARES (FILES * RANKS)
#define QUIET_LIMIT 10
#define SQ_OF(file, rank) ((rank) * FILES + (file))

/* Kinds tell the colour, so that a piece's image and name need no position: 1–3 are Red's
 * General, Chariot and Soldier, 4–6 Black's. A face-down square holds FACE_DOWN_BIT and the
 * kind under it; in an observation, FACE_DOWN_BIT alone. */
enum { EMPTY, RED_GENERAL, RED_CHARIOT, RED_SOLDIER, BLACK_GENERAL, BLACK_CHARIOT, BLACK_SOLDIER,
       N_KINDS };
enum { GENERAL, CHARIOT, SOLDIER };
enum { RED, BLACK };
#define FACE_DOWN_BIT 0x80
#define KIND(cell) ((cell) & 0x7f)
#define RANK_OF(kind) (((kind) - 1) % 3)
#define COLOUR_OF(kind) (((kind) - 1) / 3)
#define MAKE_KIND(rank, colour) ((rank) + 1 + (colour) * 3)

static const guint8 full_set[N_KINDS] = { 0, 1, 2, 5, 1, 2, 5 };
static const char letters[] = " KRPkrp";
static const int value[] = { 6, 4, 2 };

typedef struct
{
  CaturPosition parent;
  guint8 cell[SQUARES];
  guint8 pool[N_KINDS];        /* how many of each kind lie face down: public */
  gint8 first_colour;          /* the first seat's colour, or -1 before the first flip */
  guint8 side;                 /* the seat to move */
  guint8 quiet;                /* plies since a flip or a capture */
  guint16 ply;
} DarkPosition;

struct _TestgameDark
{
  GObject parent_instance;
};

static void testgame_dark_iface_init (CaturVariantInterface *iface);

G_DEFINE_DYNAMIC_TYPE_EXTENDED (TestgameDark, testgame_dark, G_TYPE_OBJECT, G_TYPE_FLAG_FINAL,
                                G_IMPLEMENT_INTERFACE_DYNAMIC (CATUR_TYPE_VARIANT,
                                                               testgame_dark_iface_init))

#define POS(position) ((DarkPosition *) (position))
#define CPOS(position) ((const DarkPosition *) (position))

/* The seat that plays @colour, or NONE before the colours are given. */
static CaturSide
seat_of_colour (const DarkPosition *pos,
                int                 colour)
{
  if (pos->first_colour < 0)
    return CATUR_SIDE_NONE;
  return colour == pos->first_colour ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
}

static int
colour_of_seat (const DarkPosition *pos,
                CaturSide           seat)
{
  return seat == CATUR_SIDE_FIRST ? pos->first_colour : 1 - pos->first_colour;
}

/* Identity */

static const char *
dark_get_id (CaturVariant *variant)
{
  return "sandbox-dark";
}

static const char *
dark_get_name (CaturVariant *variant)
{
  return _("Sandbox Dark");
}

static const char *
dark_get_description (CaturVariant *variant)
{
  return _("A small game of face-down pieces, for tests");
}

static const char *
dark_get_icon_name (CaturVariant *variant)
{
  return "applications-games-symbolic";
}

/* Before the first flip the seats have no colour: they are named as seats. */
static const char *
dark_get_side_name (CaturVariant        *variant,
                    const CaturPosition *position,
                    CaturSide            side)
{
  if (position == NULL || CPOS (position)->first_colour < 0)
    return side == CATUR_SIDE_FIRST ? _("First player") : _("Second player");
  return colour_of_seat (CPOS (position), side) == RED ? _("Red") : _("Black");
}

static const char *
dark_get_side_id (CaturVariant        *variant,
                  const CaturPosition *position,
                  CaturSide            side)
{
  if (position == NULL || CPOS (position)->first_colour < 0)
    return side == CATUR_SIDE_FIRST ? "first" : "second";
  return colour_of_seat (CPOS (position), side) == RED ? "red" : "black";
}

static void
dark_get_geometry (CaturVariant  *variant,
                   CaturGeometry *geometry)
{
  geometry->files = FILES;
  geometry->ranks = RANKS;
  geometry->has_hidden = TRUE;
}

static CaturVariantFlags
dark_get_flags (CaturVariant *variant)
{
  return CATUR_VARIANT_NO_TAKE_BACKS | CATUR_VARIANT_NO_DRAW_OFFERS
         | CATUR_VARIANT_TOP_PIECES_TURNED | CATUR_VARIANT_ROTATE_TO_FIT;
}

/* Its own sentence, so that the shell's tests see the game's words, not the default. */
static char *
dark_describe_no_draw_offers (CaturVariant *variant)
{
  return g_strdup (_("Sandbox Dark games end when a player has no piece or no action left, or "
                     "after ten quiet plies; there are no draw offers"));
}

static const char *
dark_get_piece_image (CaturVariant     *variant,
                      const CaturPiece *piece)
{
  static const char * const images[] = {
    NULL, "red-general.svg", "red-chariot.svg", "red-soldier.svg",
    "black-general.svg", "black-chariot.svg", "black-soldier.svg",
  };

  if (piece->flags & CATUR_PIECE_FACE_DOWN)
    return "back.svg";
  return piece->kind < N_KINDS ? images[piece->kind] : NULL;
}

static char *
dark_get_piece_name (CaturVariant     *variant,
                     const CaturPiece *piece)
{
  if (piece->flags & CATUR_PIECE_FACE_DOWN)
    return g_strdup (_("Face-down piece"));
  switch (piece->kind)
    {
    case RED_GENERAL: return g_strdup (_("Red General"));
    case RED_CHARIOT: return g_strdup (_("Red Chariot"));
    case RED_SOLDIER: return g_strdup (_("Red Soldier"));
    case BLACK_GENERAL: return g_strdup (_("Black General"));
    case BLACK_CHARIOT: return g_strdup (_("Black Chariot"));
    case BLACK_SOLDIER: return g_strdup (_("Black Soldier"));
    default: return g_strdup (_("Piece"));
    }
}

static char *
dark_get_piece_letter (CaturVariant     *variant,
                       const CaturPiece *piece)
{
  if (piece->flags & CATUR_PIECE_FACE_DOWN)
    return g_strdup ("X");
  return piece->kind < N_KINDS && piece->kind != EMPTY ? g_strndup (&letters[piece->kind], 1)
                                                        : g_strdup ("");
}

static void
dark_square_name (CaturVariant *variant,
                  CaturSquare   square,
                  char          name[8])
{
  testgame_square_name (FILES, RANKS, square, name);
}

/* Positions, the deal and observations */

static CaturPosition *
dark_position_copy (CaturVariant        *variant,
                    const CaturPosition *position)
{
  return g_memdup2 (position, sizeof (DarkPosition));
}

static void
dark_position_free (CaturVariant  *variant,
                    CaturPosition *position)
{
  g_free (position);
}

/* Deals what the pool holds, less what known face-down squares hold, to the face-down squares
 * that have no identity: a shuffle from @seed. */
static void
dark_deal_hidden (CaturVariant  *variant,
                  CaturPosition *position,
                  guint64        seed)
{
  DarkPosition *pos = POS (position);
  guint8 left[N_KINDS];
  guint8 pieces[SQUARES];
  guint n = 0, next = 0;
  guint32 seeds[2] = { (guint32) seed, (guint32) (seed >> 32) };
  g_autoptr(GRand) rand = g_rand_new_with_seed_array (seeds, G_N_ELEMENTS (seeds));

  memcpy (left, pos->pool, sizeof left);
  for (int square = 0; square < SQUARES; square++)
    if ((pos->cell[square] & FACE_DOWN_BIT) && KIND (pos->cell[square]) != EMPTY
        && left[KIND (pos->cell[square])] > 0)
      left[KIND (pos->cell[square])]--;
  for (int kind = 1; kind < N_KINDS; kind++)
    for (guint i = 0; i < left[kind]; i++)
      pieces[n++] = kind;

  for (guint i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      guint8 swap = pieces[i - 1];

      pieces[i - 1] = pieces[j];
      pieces[j] = swap;
    }
  for (int square = 0; square < SQUARES && next < n; square++)
    if (pos->cell[square] == FACE_DOWN_BIT)
      pos->cell[square] = FACE_DOWN_BIT | pieces[next++];
}

static CaturPosition *
dark_new_position (CaturVariant *variant,
                   GVariant     *options,
                   guint64       seed)
{
  DarkPosition *pos = g_new0 (DarkPosition, 1);

  memset (pos->cell, FACE_DOWN_BIT, sizeof pos->cell);
  memcpy (pos->pool, full_set, sizeof pos->pool);
  pos->first_colour = -1;
  pos->side = CATUR_SIDE_FIRST;
  dark_deal_hidden (variant, &pos->parent, seed);
  return &pos->parent;
}

/* What the players see: the same position with every face-down square's identity gone. */
static CaturPosition *
dark_observe (CaturVariant        *variant,
              const CaturPosition *position)
{
  DarkPosition *observation = g_memdup2 (position, sizeof (DarkPosition));

  for (int square = 0; square < SQUARES; square++)
    if (observation->cell[square] & FACE_DOWN_BIT)
      observation->cell[square] = FACE_DOWN_BIT;
  return &observation->parent;
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
  const char *found = letter != '\0' && letter != ' ' ? strchr (letters, letter) : NULL;

  return found != NULL ? (int) (found - letters) : EMPTY;
}

/* <ranks 4→1: letters, X face down, digits empty> <f|r|b> <pool or -> <quiet> <plies>. The text
 * never says what lies face down: a parsed position is dealt nothing (deal_hidden does it). */
static CaturPosition *
dark_parse (CaturVariant  *variant,
            const char    *text,
            GError       **error)
{
  g_autofree DarkPosition *pos = g_new0 (DarkPosition, 1);
  g_auto(GStrv) fields = g_strsplit_set (text, " \t", -1);
  guint8 on_board[N_KINDS] = { 0 };
  int rank = RANKS - 1, file = 0, face_down = 0, pooled = 0;
  guint64 number;
  guint n = 0;

  for (guint i = 0; fields[i] != NULL; i++)
    if (*fields[i] != '\0')
      fields[n++] = fields[i];
  fields[n] = NULL;
  if (n != 5)
    {
      invalid (error, "A Sandbox Dark position has 5 fields, not %u", n);
      return NULL;
    }

  for (const char *c = fields[0]; *c != '\0'; c++)
    {
      if (*c == '/')
        {
          if (file != FILES || rank == 0)
            {
              invalid (error, "Field 1 (board): rank %d does not have %d squares", rank + 1, FILES);
              return NULL;
            }
          rank--;
          file = 0;
        }
      else if (*c >= '1' && *c <= '4' && file + (*c - '0') <= FILES)
        file += *c - '0';
      else if (file < FILES && (*c == 'X' || kind_of_letter (*c) != EMPTY))
        {
          pos->cell[SQ_OF (file, rank)] = *c == 'X' ? FACE_DOWN_BIT : kind_of_letter (*c);
          face_down += *c == 'X';
          if (*c != 'X')
            on_board[kind_of_letter (*c)]++;
          file++;
        }
      else
        {
          invalid (error, "Field 1 (board): “%c” does not fit on rank %d", *c, rank + 1);
          return NULL;
        }
    }
  if (rank != 0 || file != FILES)
    {
      invalid (error, "Field 1 (board): it needs %d ranks of %d squares", RANKS, FILES);
      return NULL;
    }

  for (const char *c = fields[2]; *c != '\0' && !g_str_equal (fields[2], "-"); c++)
    {
      if (kind_of_letter (*c) == EMPTY)
        {
          invalid (error, "Field 3 (pool): “%c” is no piece", *c);
          return NULL;
        }
      pos->pool[kind_of_letter (*c)]++;
      pooled++;
    }
  if (pooled != face_down)
    {
      invalid (error, "Field 3 (pool): %d pieces for %d face-down squares", pooled, face_down);
      return NULL;
    }
  for (int kind = 1; kind < N_KINDS; kind++)
    if (pos->pool[kind] + on_board[kind] > full_set[kind])
      {
        invalid (error, "Field 3 (pool): there are too many “%c”", letters[kind]);
        return NULL;
      }

  if (!g_ascii_string_to_unsigned (fields[3], 10, 0, QUIET_LIMIT, &number, NULL))
    {
      invalid (error, "Field 4 (quiet plies): “%s” is no number up to %d", fields[3], QUIET_LIMIT);
      return NULL;
    }
  pos->quiet = number;
  if (!g_ascii_string_to_unsigned (fields[4], 10, 0, 10000, &number, NULL))
    {
      invalid (error, "Field 5 (plies): “%s” is no number", fields[4]);
      return NULL;
    }
  pos->ply = number;

  /* The seat to move follows the plies; the colour to move then tells the first seat's. */
  pos->side = pos->ply % 2 == 0 ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
  if (g_str_equal (fields[1], "f") && pos->ply == 0 && face_down == SQUARES)
    pos->first_colour = -1;
  else if (g_str_equal (fields[1], "r") || g_str_equal (fields[1], "b"))
    {
      int moving = fields[1][0] == 'r' ? RED : BLACK;

      pos->first_colour = pos->side == CATUR_SIDE_FIRST ? moving : 1 - moving;
    }
  else
    {
      invalid (error, "Field 2 (turn): “%s” is not r, b, or f at the start", fields[1]);
      return NULL;
    }
  return (CaturPosition *) g_steal_pointer (&pos);
}

static char *
dark_format (CaturVariant        *variant,
             const CaturPosition *position)
{
  const DarkPosition *pos = CPOS (position);
  GString *text = g_string_new (NULL);
  gboolean any = FALSE;

  for (int rank = RANKS - 1; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < FILES; file++)
        {
          guint8 cell = pos->cell[SQ_OF (file, rank)];

          if (cell == EMPTY)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            g_string_append_printf (text, "%d", empty);
          empty = 0;
          g_string_append_c (text, (cell & FACE_DOWN_BIT) ? 'X' : letters[cell]);
        }
      if (empty > 0)
        g_string_append_printf (text, "%d", empty);
      if (rank > 0)
        g_string_append_c (text, '/');
    }
  g_string_append (text, pos->first_colour < 0 ? " f "
                         : colour_of_seat (pos, pos->side) == RED ? " r " : " b ");
  for (int kind = 1; kind < N_KINDS; kind++)
    for (guint i = 0; i < pos->pool[kind]; i++)
      {
        g_string_append_c (text, letters[kind]);
        any = TRUE;
      }
  if (!any)
    g_string_append_c (text, '-');
  g_string_append_printf (text, " %u %u", pos->quiet, pos->ply);
  return g_string_free (text, FALSE);
}

/* The face-down pieces, square by square from a1: what the position text does not say. */
static char *
dark_format_hidden (CaturVariant        *variant,
                    const CaturPosition *position)
{
  const DarkPosition *pos = CPOS (position);
  GString *text = g_string_new (NULL);

  for (int square = 0; square < SQUARES; square++)
    if (pos->cell[square] & FACE_DOWN_BIT)
      g_string_append_c (text, KIND (pos->cell[square]) != EMPTY
                               ? letters[KIND (pos->cell[square])] : '?');
  return g_string_free (text, FALSE);
}

static gboolean
dark_restore_hidden (CaturVariant   *variant,
                     CaturPosition  *position,
                     const char     *text,
                     GError        **error)
{
  DarkPosition *pos = POS (position);
  guint8 counted[N_KINDS] = { 0 };
  guint8 layout[SQUARES] = { 0 };
  const char *c = text;

  for (int square = 0; square < SQUARES; square++)
    {
      if (!(pos->cell[square] & FACE_DOWN_BIT))
        continue;
      if (kind_of_letter (*c) == EMPTY)
        return invalid (error, "The layout does not fit the face-down squares");
      layout[square] = kind_of_letter (*c++);
      counted[layout[square]]++;
    }
  if (*c != '\0' || memcmp (counted, pos->pool, sizeof counted) != 0)
    return invalid (error, "The layout does not hold the pieces of the pool");
  for (int square = 0; square < SQUARES; square++)
    if (layout[square] != EMPTY)
      pos->cell[square] = FACE_DOWN_BIT | layout[square];
  return TRUE;
}

/* Inspection */

static CaturSide
dark_side_to_move (CaturVariant        *variant,
                   const CaturPosition *position)
{
  return CPOS (position)->side;
}

/* The piece as this position knows it: the referee's knows what lies face down, and says so.
 * libcatur's catur_variant_piece_at() clears the kind and side of a face-down piece before
 * anyone sees them, so a game need not take care of it (the tests check that it does). */
static gboolean
dark_piece_at (CaturVariant        *variant,
               const CaturPosition *position,
               CaturSquare          square,
               CaturPiece          *piece)
{
  const DarkPosition *pos = CPOS (position);
  guint8 cell = square < SQUARES ? pos->cell[square] : EMPTY;

  if (cell == EMPTY)
    return FALSE;
  piece->kind = KIND (cell);
  piece->side = KIND (cell) != EMPTY ? seat_of_colour (pos, COLOUR_OF (KIND (cell)))
                                     : CATUR_SIDE_NONE;
  piece->flags = (cell & FACE_DOWN_BIT) ? CATUR_PIECE_FACE_DOWN : 0;
  return TRUE;
}

/* Rules */

static gboolean
may_capture (int attacker,
             int target)
{
  if (RANK_OF (attacker) == GENERAL && RANK_OF (target) == SOLDIER)
    return FALSE;
  if (RANK_OF (attacker) == SOLDIER && RANK_OF (target) == GENERAL)
    return TRUE;
  return RANK_OF (attacker) <= RANK_OF (target);
}

static guint
pieces_left (const DarkPosition *pos,
             int                 colour)
{
  guint count = 0;

  for (int kind = 1; kind < N_KINDS; kind++)
    if (COLOUR_OF (kind) == colour)
      count += pos->pool[kind];
  for (int square = 0; square < SQUARES; square++)
    if (pos->cell[square] != EMPTY && !(pos->cell[square] & FACE_DOWN_BIT)
        && COLOUR_OF (pos->cell[square]) == colour)
      count++;
  return count;
}

static gboolean
game_over (const DarkPosition *pos)
{
  return pos->quiet >= QUIET_LIMIT
         || (pos->first_colour >= 0 && (pieces_left (pos, RED) == 0
                                        || pieces_left (pos, BLACK) == 0));
}

static const int steps[4][2] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };

/* Flips first, square by square, then the moves of the pieces. */
static void
legal_moves (const DarkPosition *pos,
             GArray             *moves)
{
  if (game_over (pos))
    return;

  for (int square = 0; square < SQUARES; square++)
    if (pos->cell[square] & FACE_DOWN_BIT)
      {
        CaturMove flip = { square, square, 0, CATUR_MOVE_FLIP };

        g_array_append_val (moves, flip);
      }

  if (pos->first_colour < 0)
    return;
  for (int from = 0; from < SQUARES; from++)
    {
      guint8 cell = pos->cell[from];

      if (cell == EMPTY || (cell & FACE_DOWN_BIT)
          || COLOUR_OF (cell) != colour_of_seat (pos, pos->side))
        continue;
      for (int i = 0; i < 4; i++)
        {
          int file = from % FILES + steps[i][0], rank = from / FILES + steps[i][1];
          guint8 target;

          if (file < 0 || file >= FILES || rank < 0 || rank >= RANKS)
            continue;
          target = pos->cell[SQ_OF (file, rank)];
          if (target == EMPTY
              || (!(target & FACE_DOWN_BIT) && COLOUR_OF (target) != COLOUR_OF (cell)
                  && may_capture (cell, target)))
            {
              CaturMove move = { from, SQ_OF (file, rank), 0, 0 };

              g_array_append_val (moves, move);
            }
        }
    }
}

static guint
dark_legal_moves (CaturVariant        *variant,
                  const CaturPosition *position,
                  GArray              *moves)
{
  guint before = moves->len;

  legal_moves (CPOS (position), moves);
  return moves->len - before;
}

/* The kind a flip asks for: its piece, in Red's or Black's kinds by REVEALS_SECOND. */
static int
flip_kind (const CaturMove *move)
{
  int kind = move->piece;

  if (kind == EMPTY || kind >= N_KINDS)
    return EMPTY;
  return MAKE_KIND (RANK_OF (kind), (move->flags & CATUR_MOVE_REVEALS_SECOND) ? BLACK : RED);
}

/* Turns the piece on @square up; @wanted (a kind, or EMPTY) is what a replayed record says
 * it was. Returns the kind revealed. */
static int
reveal (DarkPosition *pos,
        int           square,
        int           wanted)
{
  int kind = KIND (pos->cell[square]);

  if (wanted != EMPTY && wanted != kind && pos->pool[wanted] > 0)
    {
      /* The layout has it elsewhere: exchange the two face-down pieces. An observation, which
       * knows no identities, just takes the piece from the pool. */
      for (int other = 0; other < SQUARES && kind != EMPTY; other++)
        if (pos->cell[other] == (FACE_DOWN_BIT | wanted))
          {
            pos->cell[other] = FACE_DOWN_BIT | kind;
            break;
          }
      kind = wanted;
    }
  g_return_val_if_fail (kind != EMPTY, EMPTY);
  pos->cell[square] = kind;
  pos->pool[kind]--;
  return kind;
}

static void
dark_play (CaturVariant  *variant,
           CaturPosition *position,
           CaturMove     *move)
{
  DarkPosition *pos = POS (position);

  if (move->flags & CATUR_MOVE_FLIP)
    {
      int kind = reveal (pos, move->from, flip_kind (move));

      if (kind == EMPTY)
        return;
      /* The move comes back completed: a record replays it to the same piece. */
      move->piece = kind;
      move->flags = CATUR_MOVE_FLIP | (COLOUR_OF (kind) == BLACK ? CATUR_MOVE_REVEALS_SECOND : 0);
      if (pos->first_colour < 0)
        pos->first_colour = pos->side == CATUR_SIDE_FIRST ? COLOUR_OF (kind)
                                                          : 1 - COLOUR_OF (kind);
      pos->quiet = 0;
    }
  else
    {
      gboolean capture = pos->cell[move->to] != EMPTY;

      pos->cell[move->to] = pos->cell[move->from];
      pos->cell[move->from] = EMPTY;
      pos->quiet = capture ? 0 : pos->quiet + 1;
    }
  pos->side = 1 - pos->side;
  pos->ply++;
}

static guint64
dark_perft (CaturVariant        *variant,
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
      DarkPosition child = *CPOS (position);

      dark_play (variant, &child.parent, &g_array_index (moves, CaturMove, i));
      total += dark_perft (variant, &child.parent, depth - 1);
    }
  return total;
}

static gboolean
is_legal (const DarkPosition *pos,
          const CaturMove    *move)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));

  legal_moves (pos, moves);
  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *legal = &g_array_index (moves, CaturMove, i);

      if (legal->from == move->from && legal->to == move->to
          && (legal->flags & CATUR_MOVE_FLIP) == (move->flags & CATUR_MOVE_FLIP))
        return TRUE;
    }
  return FALSE;
}

static char *
cell_name (guint8 cell)
{
  CaturPiece piece = { KIND (cell), CATUR_SIDE_NONE,
                       (cell & FACE_DOWN_BIT) ? CATUR_PIECE_FACE_DOWN : 0 };

  return dark_get_piece_name (NULL, &piece);
}

static char *
dark_explain (CaturVariant        *variant,
              const CaturPosition *position,
              const CaturMove     *move,
              const char         **reason_id)
{
  const DarkPosition *pos = CPOS (position);
  char from_name[8];
  guint8 cell, target;

  if (game_over (pos))
    {
      *reason_id = "game-over";
      return g_strdup (_("The game is over."));
    }
  if (move->from >= SQUARES || (move->to >= SQUARES && move->to != CATUR_SQUARE_NONE)
      || (move->flags & ~(CATUR_MOVE_FLIP | CATUR_MOVE_REVEALS_SECOND)))
    {
      *reason_id = "piece-movement";
      return g_strdup (_("No piece of Sandbox Dark moves like that."));
    }
  if (is_legal (pos, move))
    return NULL;

  testgame_square_name (FILES, RANKS, move->from, from_name);
  cell = pos->cell[move->from];
  if (cell == EMPTY)
    {
      *reason_id = "empty-square";
      return g_strdup_printf (_("There is no piece on %s."), from_name);
    }
  if (move->flags & CATUR_MOVE_FLIP)
    {
      *reason_id = "face-up";
      return g_strdup_printf (_("The piece on %s is face up already."), from_name);
    }
  if (cell & FACE_DOWN_BIT)
    {
      if (move->to == CATUR_SQUARE_NONE)
        return NULL;
      *reason_id = "face-down";
      return g_strdup (_("A face-down piece cannot move: turn it over first."));
    }
  if (COLOUR_OF (cell) != colour_of_seat (pos, pos->side))
    {
      g_autofree char *name = cell_name (cell);

      *reason_id = "not-own-piece";
      return g_strdup_printf (_("The %s on %s is not yours: it is %s’s turn."), name, from_name,
                              dark_get_side_name (variant, position, pos->side));
    }
  if (move->to == CATUR_SQUARE_NONE)
    return NULL;

  target = pos->cell[move->to];
  if (ABS (move->to % FILES - move->from % FILES) + ABS (move->to / FILES - move->from / FILES)
      != 1)
    {
      *reason_id = "piece-movement";
      return g_strdup (_("A piece moves one square along a file or a rank."));
    }
  if (target & FACE_DOWN_BIT)
    {
      *reason_id = "face-down";
      return g_strdup (_("A face-down piece cannot be captured."));
    }
  if (COLOUR_OF (target) == COLOUR_OF (cell))
    {
      *reason_id = "own-piece";
      return g_strdup (_("Your own piece stands there."));
    }
  {
    g_autofree char *attacker = cell_name (cell);
    g_autofree char *victim = cell_name (target);

    *reason_id = "rank";
    if (RANK_OF (cell) == GENERAL && RANK_OF (target) == SOLDIER)
      return g_strdup (_("The General does not take a Soldier."));
    /* Translators: "The Red Soldier cannot take the Black Chariot: it ranks higher." */
    return g_strdup_printf (_("The %s cannot take the %s: it ranks higher."), attacker, victim);
  }
}

/* What the players see: face-down squares without what lies under them, the pool, the colours
 * and the seat to move (the wrapper hands it an observation; the mask makes sure). The game
 * has no rule of repetition, but its games are recorded as every game's are. */
static guint64
dark_position_key (CaturVariant        *variant,
                   const CaturPosition *position)
{
  const DarkPosition *pos = CPOS (position);
  guint8 seen[SQUARES];
  guint64 key;

  for (int sq = 0; sq < SQUARES; sq++)
    seen[sq] = (pos->cell[sq] & FACE_DOWN_BIT) ? FACE_DOWN_BIT : pos->cell[sq];
  key = testgame_hash (0, seen, sizeof seen);
  key = testgame_hash (key, pos->pool, sizeof pos->pool);
  key = testgame_hash (key, &pos->first_colour, sizeof pos->first_colour);
  return testgame_hash (key, &pos->side, sizeof pos->side);
}

static void
dark_status (CaturVariant          *variant,
             const CaturPosition   *position,
             const CaturRepetition *history,
             CaturOutcome          *outcome)
{
  const DarkPosition *pos = CPOS (position);
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));

  if (pos->first_colour >= 0)
    for (int colour = RED; colour <= BLACK; colour++)
      if (pieces_left (pos, colour) == 0)
        {
          outcome->result = CATUR_RESULT_WIN;
          outcome->winner = 1 - seat_of_colour (pos, colour);
          outcome->reason = CATUR_REASON_CAPTURE_ALL;
          return;
        }
  if (pos->quiet >= QUIET_LIMIT)
    {
      outcome->result = CATUR_RESULT_DRAW;
      outcome->reason = CATUR_REASON_NO_CAPTURE_LIMIT;
      return;
    }
  legal_moves (pos, moves);
  if (moves->len == 0)
    {
      outcome->result = CATUR_RESULT_WIN;
      outcome->winner = 1 - pos->side;
      outcome->reason = CATUR_REASON_NO_MOVES;
    }
}

/* The side panel: what lies face down, and what each player took; the quiet counter. */
static GPtrArray *
dark_list_trays (CaturVariant        *variant,
                 const CaturPosition *position)
{
  const DarkPosition *pos = CPOS (position);
  GPtrArray *trays = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_tray_free);
  CaturTray *unrevealed = catur_tray_new ("unrevealed", _("Face down"), CATUR_SIDE_NONE);
  guint8 captured[N_KINDS];

  memcpy (captured, full_set, sizeof captured);
  for (int kind = 1; kind < N_KINDS; kind++)
    {
      CaturPiece piece = { kind, seat_of_colour (pos, COLOUR_OF (kind)), 0 };

      catur_tray_add (unrevealed, &piece, pos->pool[kind]);
      captured[kind] -= pos->pool[kind];
    }
  for (int square = 0; square < SQUARES; square++)
    if (pos->cell[square] != EMPTY && !(pos->cell[square] & FACE_DOWN_BIT))
      captured[pos->cell[square]]--;
  g_ptr_array_add (trays, unrevealed);

  for (CaturSide seat = CATUR_SIDE_FIRST; seat <= CATUR_SIDE_SECOND; seat++)
    {
      /* Translators: the pieces a player captured, "Taken by Red" */
      g_autofree char *title = g_strdup_printf (_("Taken by %s"),
                                                dark_get_side_name (variant, position, seat));
      CaturTray *tray = catur_tray_new (seat == CATUR_SIDE_FIRST ? "taken-first" : "taken-second",
                                        title, seat);

      for (int kind = 1; kind < N_KINDS && pos->first_colour >= 0; kind++)
        if (COLOUR_OF (kind) != colour_of_seat (pos, seat))
          {
            CaturPiece piece = { kind, catur_side_other (seat), 0 };

            catur_tray_add (tray, &piece, captured[kind]);
          }
      g_ptr_array_add (trays, tray);
    }
  return trays;
}

static GPtrArray *
dark_list_counters (CaturVariant        *variant,
                    const CaturPosition *position)
{
  GPtrArray *counters = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_counter_free);

  g_ptr_array_add (counters, catur_counter_new ("quiet", _("Moves without a flip or a capture"),
                                                CPOS (position)->quiet, QUIET_LIMIT));
  return counters;
}

/* Notation: `b3(K)` for a flip that showed a Red General, `b3-b4`, `b3xb4`; the coordinates
 * write `b3=K` and `b3b4`. A flip not played yet is its square alone. */

#define NOTATION_STANDARD "standard"
#define NOTATION_COORDINATE "coordinate"

static const CaturNotationInfo *
dark_list_notations (CaturVariant *variant,
                     guint        *n_notations)
{
  static CaturNotationInfo notations[2];
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      notations[0] = (CaturNotationInfo) {
        NOTATION_STANDARD, _("Standard"), _("b3(K) for a flip, b3-b4, b3xb4"), 0,
      };
      notations[1] = (CaturNotationInfo) {
        NOTATION_COORDINATE, _("Coordinates"), _("b3=K for a flip, b3b4"),
        CATUR_NOTATION_COORDINATE,
      };
      g_once_init_leave (&initialized, 1);
    }
  *n_notations = G_N_ELEMENTS (notations);
  return notations;
}

/* @position is an observation here (libcatur sees to it): only a completed flip, which
 * carries its piece, names what it revealed. */
static char *
dark_format_move (CaturVariant        *variant,
                  const CaturPosition *position,
                  const CaturMove     *move,
                  const char          *notation_id)
{
  gboolean coordinate = g_str_equal (notation_id, NOTATION_COORDINATE);
  int kind = flip_kind (move);
  gboolean capture;
  char from[8], to[8];

  testgame_square_name (FILES, RANKS, move->from, from);
  if (move->flags & CATUR_MOVE_FLIP)
    {
      if (kind == EMPTY)
        return g_strdup (from);
      return g_strdup_printf (coordinate ? "%s=%c" : "%s(%c)", from, letters[kind]);
    }
  testgame_square_name (FILES, RANKS, move->to, to);
  if (coordinate)
    return g_strdup_printf ("%s%s", from, to);
  capture = move->to < SQUARES && CPOS (position)->cell[move->to] != EMPTY;
  return g_strdup_printf ("%s%c%s", from, capture ? 'x' : '-', to);
}

static gboolean
dark_parse_move (CaturVariant         *variant,
                 const CaturPosition  *position,
                 const char           *text,
                 CaturMove            *move,
                 GError              **error)
{
  const DarkPosition *pos = CPOS (position);
  g_autofree char *word = g_strstrip (g_strdup (text));
  gsize length = strlen (word);
  CaturSquare from, to;

  if (length < 2 || !testgame_parse_square (FILES, RANKS, word, &from))
    {
      g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
                   _("“%s” is no move of Sandbox Dark"), word);
      return FALSE;
    }

  if (length == 2 || ((word[2] == '=' || word[2] == '(') && length >= 4))
    {
      int kind = length == 2 ? EMPTY : kind_of_letter (word[3]);

      if (length > 2 && (kind == EMPTY
                         || length != (gsize) (word[2] == '(' ? 5 : 4)
                         || (word[2] == '(' && word[4] != ')')))
        {
          g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
                       _("“%s” is no move of Sandbox Dark"), word);
          return FALSE;
        }
      if (kind != EMPTY && pos->pool[kind] == 0)
        {
          g_autofree char *name = cell_name (kind);

          g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
                       _("No %s lies face down"), name);
          return FALSE;
        }
      *move = (CaturMove) { from, from, kind,
                            CATUR_MOVE_FLIP
                            | (kind != EMPTY && COLOUR_OF (kind) == BLACK
                               ? CATUR_MOVE_REVEALS_SECOND : 0) };
    }
  else
    {
      const char *rest = word + 2;

      if (*rest == '-' || *rest == 'x')
        rest++;
      if (strlen (rest) != 2 || !testgame_parse_square (FILES, RANKS, rest, &to))
        {
          g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
                       _("“%s” is no move of Sandbox Dark"), word);
          return FALSE;
        }
      *move = (CaturMove) { from, to, 0, 0 };
    }

  /* Legal or not: the caller checks (catur_variant_is_legal), and explain says why not. */
  return TRUE;
}

static char *
dark_describe_outcome (CaturVariant        *variant,
                       const CaturPosition *position,
                       const CaturOutcome  *outcome)
{
  const char *winner = outcome->winner <= CATUR_SIDE_SECOND
                       ? dark_get_side_name (variant, position, outcome->winner) : "";
  const char *loser = outcome->winner <= CATUR_SIDE_SECOND
                      ? dark_get_side_name (variant, position, 1 - outcome->winner) : "";

  /* How, not who: the shell states the result above it. */
  switch (outcome->reason)
    {
    case CATUR_REASON_CAPTURE_ALL:
      return g_strdup_printf (_("%s took every piece of %s"), winner, loser);
    case CATUR_REASON_NO_MOVES:
      return g_strdup_printf (_("%s cannot act"), loser);
    case CATUR_REASON_NO_CAPTURE_LIMIT:
      return g_strdup (_("Ten moves without a flip or a capture"));
    case CATUR_REASON_RESIGN:
      return g_strdup_printf (_("%s resigned"), loser);
    default:
      return g_strdup ("");
    }
}

/* Records: the layout of the start goes into the record's Layout tag. */

static const char * const pgn_extensions[] = { "pgn", NULL };
static const char * const no_mime_types[] = { NULL };

static const CaturRecordFormat *
dark_list_record_formats (CaturVariant *variant,
                          guint        *n_formats)
{
  static CaturRecordFormat formats[1];
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      formats[0] = (CaturRecordFormat) {
        "pgn", _("Sandbox Dark game (PGN)"), pgn_extensions, no_mime_types,
        CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE,
      };
      g_once_init_leave (&initialized, 1);
    }
  *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

static CaturRecord *
dark_read_record (CaturVariant  *variant,
                  const char    *format_id,
                  const char    *data,
                  gsize          length,
                  GError       **error)
{
  return testgame_read_record (variant, "Sandbox Dark", data, length, error);
}

static char *
dark_write_record (CaturVariant  *variant,
                   const char    *format_id,
                   CaturRecord   *record,
                   GError       **error)
{
  return testgame_write_record (variant, "Sandbox Dark", record, error);
}

static void
dark_draw_board_themed (CaturVariant           *variant,
                        cairo_t                *cr,
                        const CaturBoardLayout *layout,
                        const char             *board_theme,
                        gboolean                dark)
{
  testgame_draw_board (cr, layout, dark);
}

static GPtrArray *
dark_list_piece_themes (CaturVariant *variant)
{
  return testgame_list_piece_themes (TESTGAME_RESOURCE "themes/dark/");
}

static GPtrArray *
dark_list_board_themes (CaturVariant *variant)
{
  return testgame_list_board_themes ();
}

/* The computer: takes the best capture, else turns over the piece it likes best, else steps.
 * A flip is worth what it would show: plus for a piece of its own colour (any colour before
 * the first flip), minus for the opponent's, nothing when it cannot know. It is handed an
 * observation, so it never knows; given the referee's position it would peek, and the tests
 * show that it then chooses otherwise. */
static gboolean
dark_think (CaturVariant             *variant,
            CaturPosition            *position,
            const CaturSearchLimits  *limits,
            CaturSearchInfoFunc       info_func,
            gpointer                  info_data,
            GCancellable             *cancellable,
            CaturSearchResult        *result,
            GError                  **error)
{
  const DarkPosition *pos = CPOS (position);
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  int best = G_MININT;

  legal_moves (pos, moves);
  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      guint8 target = pos->cell[move->to];
      int score = 0;

      if ((move->flags & CATUR_MOVE_FLIP) && KIND (target) != EMPTY)
        {
          gboolean mine = pos->first_colour < 0
                          || COLOUR_OF (KIND (target)) == colour_of_seat (pos, pos->side);

          score = mine ? value[RANK_OF (KIND (target))] : -value[RANK_OF (KIND (target))];
        }
      else if (!(move->flags & CATUR_MOVE_FLIP) && target != EMPTY)
        score = 10 * value[RANK_OF (target)];
      else if (!(move->flags & CATUR_MOVE_FLIP))
        score = -1;
      if (score > best)
        {
          best = score;
          result->move = *move;
        }
    }
  result->has_move = moves->len > 0;
  result->score = result->has_move ? best : 0;
  result->depth = 1;
  result->nodes = moves->len;
  if (result->has_move)
    {
      CaturSearchInfo info = { 1, 1, result->score, 0, moves->len, 0, 0, &result->move, 1 };

      result->pv[0] = result->move;
      result->pv_length = 1;
      if (info_func != NULL)
        info_func (&info, info_data);
    }
  return TRUE;
}

static void
testgame_dark_iface_init (CaturVariantInterface *iface)
{
  iface->get_id = dark_get_id;
  iface->get_name = dark_get_name;
  iface->get_description = dark_get_description;
  iface->get_icon_name = dark_get_icon_name;
  iface->get_side_name = dark_get_side_name;
  iface->get_side_id = dark_get_side_id;
  iface->get_geometry = dark_get_geometry;
  iface->get_flags = dark_get_flags;
  iface->describe_no_draw_offers = dark_describe_no_draw_offers;
  iface->get_piece_image = dark_get_piece_image;
  iface->get_piece_name = dark_get_piece_name;
  iface->get_piece_letter = dark_get_piece_letter;
  iface->square_name = dark_square_name;
  iface->new_position = dark_new_position;
  iface->parse = dark_parse;
  iface->format = dark_format;
  iface->position_copy = dark_position_copy;
  iface->position_free = dark_position_free;
  iface->side_to_move = dark_side_to_move;
  iface->piece_at = dark_piece_at;
  iface->legal_moves = dark_legal_moves;
  iface->perft = dark_perft;
  iface->explain = dark_explain;
  iface->play = dark_play;
  iface->position_key = dark_position_key;
  iface->status = dark_status;
  iface->list_notations = dark_list_notations;
  iface->format_move = dark_format_move;
  iface->parse_move = dark_parse_move;
  iface->describe_outcome = dark_describe_outcome;
  iface->list_record_formats = dark_list_record_formats;
  iface->read_record = dark_read_record;
  iface->write_record = dark_write_record;
  iface->format_hidden = dark_format_hidden;
  iface->restore_hidden = dark_restore_hidden;
  iface->observe = dark_observe;
  iface->deal_hidden = dark_deal_hidden;
  iface->list_trays = dark_list_trays;
  iface->list_counters = dark_list_counters;
  iface->draw_board_themed = dark_draw_board_themed;
  iface->list_piece_themes = dark_list_piece_themes;
  iface->list_board_themes = dark_list_board_themes;
  iface->think = dark_think;
}

static void
testgame_dark_class_init (TestgameDarkClass *klass)
{
}

static void
testgame_dark_class_finalize (TestgameDarkClass *klass)
{
}

static void
testgame_dark_init (TestgameDark *self)
{
}

void
testgame_dark_register (GTypeModule *module)
{
  testgame_dark_register_type (module);
}
