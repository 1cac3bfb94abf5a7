/* chess-variant.c: chess behind the CaturVariant contract
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computer player is chess-engine.c's, reached through think.
 */
#define G_LOG_DOMAIN "chess"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "chess-core.h"
#include "chess-engine.h"
#include "chess-pgn.h"
#include "chess-variant.h"

struct _ChessVariant
{
  GObject parent_instance;
};

#define SETTINGS_SCHEMA_ID "io.github.caturapp.Catur.chess"
#define THEMES_RESOURCE "/io/github/caturapp/Catur/chess/themes/"
#define CHESS_DEFAULT_PIECE_THEME "classic"

#define NOTATION_SAN "san"
#define NOTATION_UCI "uci"
#define NOTATION_FIGURINE "figurine"

static void chess_variant_iface_init (CaturVariantInterface *iface);

G_DEFINE_DYNAMIC_TYPE_EXTENDED (ChessVariant, chess_variant, G_TYPE_OBJECT,
                                G_TYPE_FLAG_FINAL,
                                G_IMPLEMENT_INTERFACE_DYNAMIC (CATUR_TYPE_VARIANT,
                                                               chess_variant_iface_init))

static const char * const kind_ids[] = {
  NULL, "pawn", "knight", "bishop", "rook", "queen", "king",
};

static const char *
piece_name (int kind)
{
  switch (kind)
    {
    /* In their own context: Xiangqi's Pawn is another piece, with another name. */
    case CH_PAWN: return C_("chess piece", "Pawn");
    case CH_KNIGHT: return C_("chess piece", "Knight");
    case CH_BISHOP: return C_("chess piece", "Bishop");
    case CH_ROOK: return C_("chess piece", "Rook");
    case CH_QUEEN: return C_("chess piece", "Queen");
    case CH_KING: return C_("chess piece", "King");
    default: return _("Piece");
    }
}

static const char *
side_name (int side)
{
  return side == CH_WHITE ? _("White") : _("Black");
}

static const char *
chess_variant_get_id (CaturVariant *variant)
{
  return "chess";
}

static const char *
chess_variant_get_name (CaturVariant *variant)
{
  return _("Chess");
}

static const char *
chess_variant_get_description (CaturVariant *variant)
{
  return _("International chess: six kinds of pieces, checkmate the enemy king");
}

static const char *
chess_variant_get_icon_name (CaturVariant *variant)
{
  return "applications-games-symbolic";
}

static const char *
chess_variant_get_side_name (CaturVariant        *variant,
                             const CaturPosition *position,
                             CaturSide            side)
{
  return side_name (side == CATUR_SIDE_FIRST ? CH_WHITE : CH_BLACK);
}

static const char *
chess_variant_get_side_id (CaturVariant        *variant,
                           const CaturPosition *position,
                           CaturSide            side)
{
  return side == CATUR_SIDE_FIRST ? "white" : "black";
}

static void
chess_variant_get_geometry (CaturVariant  *variant,
                            CaturGeometry *geometry)
{
  geometry->files = 8;
  geometry->ranks = 8;
  geometry->on_points = FALSE;
  geometry->has_hands = FALSE;
  geometry->has_hidden = FALSE;
}

static const char *
chess_variant_get_settings_schema_id (CaturVariant *variant)
{
  return SETTINGS_SCHEMA_ID;
}

static const char *
chess_variant_get_piece_image (CaturVariant     *variant,
                               const CaturPiece *piece)
{
  /* Interned once, so the names live as long as the process. */
  g_autofree char *name = NULL;

  if (piece->kind < CH_PAWN || piece->kind > CH_KING)
    return NULL;
  name = g_strdup_printf ("%s-%s.svg", piece->side == CATUR_SIDE_FIRST ? "white" : "black",
                          kind_ids[piece->kind]);
  return g_intern_string (name);
}

static char *
chess_variant_get_piece_name (CaturVariant     *variant,
                              const CaturPiece *piece)
{
  return g_strdup (piece_name (piece->kind));
}

/* FEN's letters: upper case for White, lower case for Black. */
static char *
chess_variant_get_piece_letter (CaturVariant     *variant,
                                const CaturPiece *piece)
{
  char letter;

  if (piece->kind < CH_PAWN || piece->kind > CH_KING)
    return g_strdup ("?");
  letter = CH_LETTERS[piece->kind];
  if (piece->side == CATUR_SIDE_SECOND)
    letter = g_ascii_tolower (letter);
  return g_strndup (&letter, 1);
}

static void
chess_variant_square_name (CaturVariant *variant,
                           CaturSquare   square,
                           char          name[8])
{
  ch_square_name (square < CH_SQUARES ? square : -1, name);
}

static ChessVariantPosition *
chess_position_new (void)
{
  return g_new0 (ChessVariantPosition, 1);
}

/* The options of a game: the per-move time limit alone (seed 001: off, 30 or 60 seconds). */
/* The game clocks of GNOME Chess's choices (one to thirty minutes), with the usual increments
 * and a Bronstein delay. */
static const char * const *
chess_variant_get_clock_presets (CaturVariant *variant)
{
  static const char * const presets[] = {
    "60", "180+2", "300", "300+3", "600", "900+10", "1800", "300d5", NULL,
  };

  return presets;
}

static const CaturSetupOption *
chess_variant_get_setup_options (CaturVariant *variant,
                                 guint        *n_options)
{
  *n_options = 1;
  return catur_setup_option_move_time ();
}

static void
chess_variant_apply_options (CaturVariant  *variant,
                             CaturPosition *position,
                             GVariant      *options)
{
  ((ChessVariantPosition *) position)->move_time = catur_setup_option_get_move_time (options);
}

static CaturPosition *
chess_variant_new_position (CaturVariant *variant,
                            GVariant     *options,
                            guint64       seed)
{
  ChessVariantPosition *position = chess_position_new ();

  ch_position_init_start (&position->core);
  chess_variant_apply_options (variant, &position->parent, options);
  return &position->parent;
}

static guint
chess_variant_get_move_time (CaturVariant        *variant,
                             const CaturPosition *position)
{
  return ((const ChessVariantPosition *) position)->move_time;
}

/* FIDE 6.9: the player whose time runs out loses, unless the opponent could not checkmate by
 * any series of legal moves; ch_has_mating_material() says which material can. */
static gboolean
chess_variant_time_out (CaturVariant          *variant,
                        const CaturPosition   *position,
                        const CaturRepetition *history,
                        guint                  time_outs,
                        CaturMove             *move,
                        CaturOutcome          *outcome)
{
  const ChessPosition *pos = CH (position);

  outcome->reason = CATUR_REASON_TIME_OUT;
  if (!ch_has_mating_material (pos, pos->side ^ 1))
    {
      outcome->result = CATUR_RESULT_DRAW;
      outcome->winner = CATUR_SIDE_NONE;
      return FALSE;
    }
  outcome->result = CATUR_RESULT_WIN;
  outcome->winner = pos->side == CH_WHITE ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
  return FALSE;
}

static char *
chess_variant_describe_start (CaturVariant        *variant,
                              const CaturPosition *position)
{
  ChessPosition start;

  ch_position_init_start (&start);
  if (CH (position)->key == start.key && memcmp (CH (position)->board, start.board, 64) == 0)
    return NULL;
  /* Translators: the start of a game that began from a position typed in or loaded */
  return g_strdup (_("Set-up position"));
}

static CaturPosition *
chess_variant_parse (CaturVariant  *variant,
                     const char    *text,
                     GError       **error)
{
  ChessVariantPosition *position = chess_position_new ();
  g_autoptr(GError) local_error = NULL;

  if (!ch_position_from_fen (&position->core, text, &local_error))
    {
      g_free (position);
      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION,
                           local_error->message);
      return NULL;
    }
  return &position->parent;
}

static char *
chess_variant_format (CaturVariant        *variant,
                      const CaturPosition *position)
{
  return ch_position_to_fen (CH (position));
}

static CaturPosition *
chess_variant_position_copy (CaturVariant        *variant,
                             const CaturPosition *position)
{
  return (CaturPosition *) g_memdup2 (position, sizeof (ChessVariantPosition));
}

static void
chess_variant_position_free (CaturVariant  *variant,
                             CaturPosition *position)
{
  g_free (position);
}

static CaturSide
chess_variant_side_to_move (CaturVariant        *variant,
                            const CaturPosition *position)
{
  return CH (position)->side == CH_WHITE ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
}

static gboolean
chess_variant_piece_at (CaturVariant        *variant,
                        const CaturPosition *position,
                        CaturSquare          square,
                        CaturPiece          *piece)
{
  int side = CH_WHITE;
  int kind;

  if (square >= CH_SQUARES)
    return FALSE;
  kind = ch_piece_at (CH (position), square, &side);
  if (kind == CH_NONE)
    return FALSE;
  piece->kind = kind;
  piece->side = side == CH_WHITE ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
  piece->flags = 0;
  return TRUE;
}

static guint
chess_variant_legal_moves (CaturVariant        *variant,
                           const CaturPosition *position,
                           GArray              *moves)
{
  ChessMove list[CH_MAX_MOVES];
  /* Generation leaves the position as it was. */
  int n = ch_legal_moves (CH_MUTABLE (position), list);

  for (int i = 0; i < n; i++)
    {
      CaturMove move = ch_to_catur_move (list[i]);

      g_array_append_val (moves, move);
    }
  return n;
}

static guint64
chess_variant_perft (CaturVariant        *variant,
                     const CaturPosition *position,
                     guint                depth)
{
  ChessPosition pos = *CH (position);

  return ch_perft (&pos, depth);
}

/* "the White Knight on g1" and the like, for the explanations. */
static char *
describe_piece_on (const ChessPosition *pos,
                   int                  square)
{
  int side = CH_WHITE;
  int kind = ch_piece_at (pos, square, &side);
  char name[4];

  ch_square_name (square, name);
  /* Translators: "the Black Bishop on b4" */
  return g_strdup_printf (_("the %s %s on %s"), side_name (side), piece_name (kind), name);
}

/* The reason ids of explain(), stable (catur-engine's `explain` prints them):
 *   empty-square, not-own-piece, own-piece, piece-movement, blocked-path, leaves-check — as every
 *     game has them (DESIGN.md);
 *   pinned — the piece shields its king from the piece named;
 *   pawn-capture — a pawn taking straight ahead, or stepping diagonally onto an empty square;
 *   pawn-double-step — two squares after the pawn's first move;
 *   en-passant — the capture one move too late;
 *   castling — the king or that rook has moved, a piece stands between, the king is in check,
 *     or passes or lands on an attacked square (named with its attacker);
 *   promotion — a pawn reaching the last rank without a piece to become, or a piece asked of a
 *     move that promotes nothing. */
static char *
explain_illegal (const ChessPosition    *pos,
                 int                     from,
                 int                     to,
                 const ChessExplanation *why,
                 const char            **reason_id)
{
  char origin[4] = "", target[4] = "", at[4] = "";
  int side = CH_WHITE;
  int kind = ch_piece_at (pos, from, &side);
  g_autofree char *other = why->square >= 0 ? describe_piece_on (pos, why->square) : NULL;

  ch_square_name (from, origin);
  if (to >= 0)
    ch_square_name (to, target);
  if (why->square >= 0)
    ch_square_name (why->square, at);

  switch (why->reason)
    {
    case CH_ILLEGAL_EMPTY_SQUARE:
      *reason_id = "empty-square";
      return g_strdup_printf (_("There is no piece on %s."), origin);

    case CH_ILLEGAL_NOT_OWN_PIECE:
      *reason_id = "not-own-piece";
      /* Translators: "The Black Knight on b8 is not yours: it is White’s turn." */
      return g_strdup_printf (_("The %s %s on %s is not yours: it is %s’s turn."),
                              side_name (side), piece_name (kind), origin, side_name (pos->side));

    case CH_ILLEGAL_OWN_PIECE:
      *reason_id = "own-piece";
      return g_strdup_printf (_("Your own %s stands on %s."),
                              piece_name (ch_piece_at (pos, why->square, NULL)), at);

    case CH_ILLEGAL_PIECE_MOVEMENT:
      *reason_id = "piece-movement";
      switch (kind)
        {
        case CH_KING:
          return g_strdup (_("The King moves one square in any direction, or two towards a "
                             "Rook when castling."));
        case CH_QUEEN:
          return g_strdup (_("The Queen moves any number of squares in a straight line or "
                             "diagonally."));
        case CH_ROOK:
          return g_strdup (_("The Rook moves any number of squares along a file or rank."));
        case CH_BISHOP:
          return g_strdup (_("The Bishop moves any number of squares diagonally."));
        case CH_KNIGHT:
          return g_strdup (_("The Knight jumps two squares straight and one to the side."));
        case CH_PAWN:
          return g_strdup (_("The Pawn moves straight forwards one square, or two from its "
                             "start, and captures one square diagonally forwards."));
        default:
          return g_strdup (_("No piece moves like that."));
        }

    case CH_ILLEGAL_BLOCKED_PATH:
      *reason_id = "blocked-path";
      /* Translators: "The Bishop cannot jump over pieces: the White Pawn on d2 is in the way." */
      return g_strdup_printf (_("The %s cannot jump over pieces: %s is in the way."),
                              piece_name (kind), other);

    case CH_ILLEGAL_LEAVES_CHECK:
      *reason_id = "leaves-check";
      if (other == NULL)
        return g_strdup (_("This move would leave your King in check."));
      /* The King's own move: the attacker named is the target's, whatever checks it now. */
      if (kind == CH_KING)
        /* Translators: "Your King may not move into check: the Black Rook on e7 attacks e1." */
        return g_strdup_printf (_("Your King may not move into check: %s attacks %s."), other,
                                target);
      if (why->in_check_before)
        /* Translators: "Your King is in check from the Black Queen on h4, and this move does
         * not stop it." */
        return g_strdup_printf (_("Your King is in check from %s, and this move does not stop "
                                  "it."), other);
      return g_strdup_printf (_("This move would leave your King in check from %s."), other);

    case CH_ILLEGAL_PINNED:
      *reason_id = "pinned";
      /* Translators: "The Knight on d2 is pinned: moving it would expose your King to the Black
       * Bishop on b4." */
      return g_strdup_printf (_("The %s on %s is pinned: moving it would expose your King to %s."),
                              piece_name (kind), origin, other);

    case CH_ILLEGAL_PAWN_CAPTURE_STRAIGHT:
      *reason_id = "pawn-capture";
      return g_strdup_printf (_("A Pawn cannot capture straight ahead: %s blocks it."), other);

    case CH_ILLEGAL_PAWN_DIAGONAL_EMPTY:
      *reason_id = "pawn-capture";
      return g_strdup_printf (_("A Pawn moves diagonally only to capture, and %s is empty."),
                              target);

    case CH_ILLEGAL_PAWN_DOUBLE_STEP:
      *reason_id = "pawn-double-step";
      return g_strdup (_("A Pawn may step two squares only on its first move."));

    case CH_ILLEGAL_EN_PASSANT_LATE:
      *reason_id = "en-passant";
      /* Translators: "The Pawn on d5 could be taken en passant only on the move right after
       * its double step." */
      return g_strdup_printf (_("The Pawn on %s could be taken en passant only on the move right "
                                "after its double step."), at);

    case CH_ILLEGAL_CASTLING_MOVED:
      *reason_id = "castling";
      if (why->count > 0)
        return g_strdup (_("You can no longer castle: your King has moved."));
      return g_strdup_printf (_("You can no longer castle on this side: the Rook on %s has moved "
                                "or been captured."), at);

    case CH_ILLEGAL_CASTLING_BLOCKED:
      *reason_id = "castling";
      return g_strdup_printf (_("You cannot castle through a piece: %s stands between your King "
                                "and Rook."), other);

    case CH_ILLEGAL_CASTLING_IN_CHECK:
      *reason_id = "castling";
      return g_strdup_printf (_("You cannot castle out of check: %s gives check."), other);

    case CH_ILLEGAL_CASTLING_ATTACKED:
      *reason_id = "castling";
      {
        g_autofree char *attacker = why->square2 >= 0 ? describe_piece_on (pos, why->square2)
                                                      : g_strdup ("?");
        int king_target = to > from ? from + 2 : from - 2;

        if (why->square == king_target)
          /* Translators: "You cannot castle into check: the Black Bishop on c5 attacks g1." */
          return g_strdup_printf (_("You cannot castle into check: %s attacks %s."), attacker,
                                  at);
        /* Translators: "Your King cannot pass through f1: the Black Rook on f8 attacks it." */
        return g_strdup_printf (_("Your King cannot pass through %s: %s attacks it."), at,
                                attacker);
      }

    case CH_ILLEGAL_PROMOTION_MISSING:
      *reason_id = "promotion";
      return g_strdup (_("A Pawn reaching the last rank must become a Queen, Rook, Bishop or "
                         "Knight."));

    case CH_ILLEGAL_PROMOTION_WRONG:
      *reason_id = "promotion";
      return g_strdup (_("Only a Pawn reaching the last rank promotes, to a Queen, Rook, Bishop "
                         "or Knight."));

    case CH_LEGAL:
    default:
      return NULL;
    }
}

static char *
chess_variant_explain (CaturVariant        *variant,
                       const CaturPosition *position,
                       const CaturMove     *move,
                       const char         **reason_id)
{
  ChessExplanation why;
  ChessPosition *pos = CH_MUTABLE (position);
  int to;
  ChessKind promo = CH_NONE;

  if (move->from >= CH_SQUARES
      || (move->flags & ~(CATUR_MOVE_PROMOTE | CATUR_MOVE_CASTLE)) != 0)
    {
      *reason_id = "piece-movement";
      return g_strdup (_("No piece of chess moves like that."));
    }
  to = move->to == CATUR_SQUARE_NONE ? -1 : move->to;
  if (to >= CH_SQUARES)
    {
      *reason_id = "piece-movement";
      return g_strdup (_("That square is not on the board."));
    }
  if (move->flags & CATUR_MOVE_PROMOTE)
    promo = move->piece >= CH_PAWN && move->piece <= CH_KING ? move->piece : CH_KING;

  if (ch_explain (pos, move->from, to, promo, &why) == CH_LEGAL)
    {
      /* Legal squares, but the castling flag where there is no castling (or none where there
       * is): the move as written is not one of chess. */
      if (to >= 0 && !(move->flags & CATUR_MOVE_PROMOTE)
          && ch_from_catur_move (pos, move) == CH_MOVE_NONE
          && ch_find_move (pos, move->from, to, CH_NONE) != CH_MOVE_NONE)
        {
          *reason_id = "castling";
          return g_strdup (_("Castling is the King’s move two squares towards a Rook."));
        }
      return NULL;
    }
  return explain_illegal (pos, move->from, to, &why, reason_id);
}

static void
chess_variant_play (CaturVariant  *variant,
                    CaturPosition *position,
                    CaturMove     *move)
{
  ChessPosition *pos = CH (position);
  ChessMove found = ch_from_catur_move (pos, move);
  ChessUndo undo;

  g_return_if_fail (found != CH_MOVE_NONE);
  ch_make (pos, found, &undo);
}

/* RULES C3: placement, side, castling rights and the en-passant captures that are legal. */
static guint64
chess_variant_position_key (CaturVariant        *variant,
                            const CaturPosition *position)
{
  return ch_repetition_key (CH_MUTABLE (position));
}

static void
chess_variant_status (CaturVariant          *variant,
                      const CaturPosition   *position,
                      const CaturRepetition *history,
                      CaturOutcome          *outcome)
{
  ChessPosition *pos = CH_MUTABLE (position);
  ChessMove moves[CH_MAX_MOVES];

  /* RULES 0.3: the end by mate or stalemate first, then the automatic draws. */
  if (ch_legal_moves (pos, moves) == 0)
    {
      if (ch_in_check (pos))
        {
          outcome->result = CATUR_RESULT_WIN;
          outcome->winner = pos->side == CH_WHITE ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
          outcome->reason = CATUR_REASON_CHECKMATE;
        }
      else
        {
          outcome->result = CATUR_RESULT_DRAW;
          outcome->reason = CATUR_REASON_STALEMATE;
        }
      return;
    }
  if (history != NULL
      && catur_repetition_count (history, catur_repetition_get_last (history)) >= 3)
    {
      outcome->result = CATUR_RESULT_DRAW;
      outcome->reason = CATUR_REASON_REPETITION;
      return;
    }
  switch (ch_status (pos))
    {
    case CH_FIFTY_MOVE:
      outcome->result = CATUR_RESULT_DRAW;
      outcome->reason = CATUR_REASON_FIFTY_MOVE;
      break;
    case CH_INSUFFICIENT_MATERIAL:
      outcome->result = CATUR_RESULT_DRAW;
      outcome->reason = CATUR_REASON_INSUFFICIENT_MATERIAL;
      break;
    case CH_ONGOING:
    case CH_CHECKMATE:
    case CH_STALEMATE:
    default:
      break;
    }
}

static gboolean
chess_variant_in_check (CaturVariant        *variant,
                        const CaturPosition *position,
                        CaturSquare         *king)
{
  const ChessPosition *pos = CH (position);

  *king = pos->king[pos->side];
  return ch_in_check (pos);
}

static const CaturNotationInfo *
chess_variant_list_notations (CaturVariant *variant,
                              guint        *n_notations)
{
  static CaturNotationInfo notations[3];
  static gsize initialized = 0;

  /* The names are translated once, in the language of the first call. */
  if (g_once_init_enter (&initialized))
    {
      const CaturNotationInfo init[] = {
        /* Translators: standard algebraic notation of chess moves */
        { NOTATION_SAN, _("Algebraic"),
          /* Translators: how algebraic moves look; keep the moves as they are */
          _("The piece’s letter and the square it reaches: Nf3, exd5, O-O"), 0 },
        /* Translators: the coordinates engines use (Universal Chess Interface) */
        { NOTATION_UCI, _("Coordinates"),
          /* Translators: how coordinate moves look; keep the moves as they are */
          _("The squares a piece leaves and reaches, as engines write them: g1f3"),
          CATUR_NOTATION_COORDINATE },
        /* Translators: algebraic notation with small piece pictures instead of letters */
        { NOTATION_FIGURINE, _("Figurine Algebraic"),
          /* Translators: how figurine moves look; keep the moves as they are */
          _("Algebraic notation with piece figures: ♞f3, exd5"), 0 },
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (init) == G_N_ELEMENTS (notations));
      memcpy (notations, init, sizeof notations);
      g_once_init_leave (&initialized, 1);
    }
  *n_notations = G_N_ELEMENTS (notations);
  return notations;
}

static char *
chess_variant_format_move (CaturVariant        *variant,
                           const CaturPosition *position,
                           const CaturMove     *move,
                           const char          *notation_id)
{
  ChessPosition *pos = CH_MUTABLE (position);
  ChessMove found = ch_from_catur_move (pos, move);
  char buf[16] = "";

  if (g_str_equal (notation_id, NOTATION_UCI))
    {
      /* Coordinates name any move, legal or not. */
      ch_square_name (move->from < CH_SQUARES ? move->from : -1, buf);
      ch_square_name (move->to < CH_SQUARES ? move->to : -1, buf + strlen (buf));
      if ((move->flags & CATUR_MOVE_PROMOTE) && move->piece >= CH_KNIGHT
          && move->piece <= CH_QUEEN)
        {
          gsize end = strlen (buf);

          buf[end] = g_ascii_tolower (CH_LETTERS[move->piece]);
          buf[end + 1] = '\0';
        }
      return g_strdup (buf);
    }
  if (found == CH_MOVE_NONE)
    return g_strdup ("?");
  ch_move_to_san (pos, found, g_str_equal (notation_id, NOTATION_FIGURINE), buf);
  return g_strdup (buf);
}

static gboolean
chess_variant_parse_move (CaturVariant         *variant,
                          const CaturPosition  *position,
                          const char           *text,
                          CaturMove            *move,
                          GError              **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  ChessPosition *pos = CH_MUTABLE (position);
  ChessMove found;
  int from, to;
  ChessKind promo;

  /* Coordinates name a move whether or not it is legal here (the contract: the caller asks
   * catur_variant_is_legal()), so that explain() can say why not; SAN needs the position. */
  if (ch_parse_uci (trimmed, &from, &to, &promo))
    {
      found = ch_find_move (pos, from, to, promo);
      if (found != CH_MOVE_NONE)
        *move = ch_to_catur_move (found);
      else
        {
          move->from = from;
          move->to = to;
          move->piece = promo;
          move->flags = promo != CH_NONE ? CATUR_MOVE_PROMOTE : 0;
        }
      return TRUE;
    }
  if (ch_move_from_san (pos, trimmed, &found))
    {
      *move = ch_to_catur_move (found);
      return TRUE;
    }
  g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
               _("“%s” is not a legal move in algebraic or coordinate notation here"), trimmed);
  return FALSE;
}

/* Who ran out of time; for a draw, that the other could not have mated. The final position
 * has the player who ran out to move; without it, the winner tells. */
static char *
describe_time_out (const CaturPosition *position,
                   const CaturOutcome  *outcome)
{
  int late;

  if (outcome->result == CATUR_RESULT_WIN)
    late = outcome->winner == CATUR_SIDE_FIRST ? CH_BLACK : CH_WHITE;
  else if (position != NULL)
    late = CH (position)->side;
  else
    return g_strdup (_("Out of time, against pieces that cannot checkmate"));

  if (outcome->result == CATUR_RESULT_WIN)
    return g_strdup_printf (_("%s ran out of time"), side_name (late));
  /* Translators: "White ran out of time, but Black has too little left to checkmate" */
  return g_strdup_printf (_("%s ran out of time, but %s has too little left to checkmate"),
                          side_name (late), side_name (late ^ 1));
}

static char *
chess_variant_describe_outcome (CaturVariant        *variant,
                                const CaturPosition *position,
                                const CaturOutcome  *outcome)
{
  const char *loser = outcome->winner <= CATUR_SIDE_SECOND
                      ? side_name (outcome->winner == CATUR_SIDE_FIRST ? CH_BLACK : CH_WHITE)
                      : "";

  /* Under the result the shell states ("White wins", "Draw"): how, not who again. */
  switch (outcome->reason)
    {
    case CATUR_REASON_CHECKMATE:
      return g_strdup (_("Checkmate"));
    case CATUR_REASON_STALEMATE:
      return g_strdup (_("Stalemate: the side to move has no legal move but is not in check"));
    case CATUR_REASON_REPETITION:
      return g_strdup (_("The same position came three times"));
    case CATUR_REASON_FIFTY_MOVE:
      return g_strdup (_("Fifty moves without a capture or a pawn move"));
    case CATUR_REASON_INSUFFICIENT_MATERIAL:
      return g_strdup (_("Neither side has the pieces left to checkmate"));
    case CATUR_REASON_RESIGN:
      return g_strdup_printf (_("%s resigned"), loser);
    case CATUR_REASON_AGREEMENT:
      return g_strdup (_("Agreed by the players"));
    case CATUR_REASON_TIME_OUT:
      return describe_time_out (position, outcome);
    default:
      return g_strdup (outcome->result == CATUR_RESULT_ONGOING ? _("The game goes on") : "");
    }
}

static const char * const pgn_extensions[] = { "pgn", NULL };
static const char * const pgn_mime_types[] = { "application/x-chess-pgn", NULL };
static const char * const fen_extensions[] = { "fen", NULL };
static const char * const fen_mime_types[] = { NULL };

static const CaturRecordFormat *
chess_variant_list_record_formats (CaturVariant *variant,
                                   guint        *n_formats)
{
  static CaturRecordFormat formats[2];
  static gsize initialized = 0;

  /* The names are translated once, in the language of the first call. */
  if (g_once_init_enter (&initialized))
    {
      const CaturRecordFormat init[] = {
        { "pgn", _("Chess game (PGN)"), pgn_extensions, pgn_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE },
        { "fen", _("Chess position (FEN)"), fen_extensions, fen_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE
          | CATUR_RECORD_FORMAT_POSITION_ONLY },
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (init) == G_N_ELEMENTS (formats));
      memcpy (formats, init, sizeof formats);
      g_once_init_leave (&initialized, 1);
    }
  *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

static CaturRecord *
chess_variant_read_record (CaturVariant  *variant,
                           const char    *format_id,
                           const char    *data,
                           gsize          length,
                           GError       **error)
{
  if (g_str_equal (format_id, "fen"))
    return catur_pgn_read_position_file (variant, data, length,
                                         ch_pgn_get_dialect ()->encodings, error);
  return ch_pgn_read (variant, data, length, error);
}

static GPtrArray *
chess_variant_read_records (CaturVariant  *variant,
                            const char    *format_id,
                            const char    *data,
                            gsize          length,
                            GError       **error)
{
  /* Not asked for "fen", a file of one position. */
  return ch_pgn_read_games (variant, data, length, error);
}

/* The coach's material: the search's own values. */
static int
chess_variant_get_piece_value (CaturVariant     *variant,
                               const CaturPiece *piece)
{
  if (piece->kind >= CH_N_KINDS || piece->kind == CH_KING)
    return 0;
  return ch_piece_value[piece->kind];
}

/* The thresholds of the chess world's habits: half a pawn, a pawn, three pawns. */
static void
chess_variant_get_judge_thresholds (CaturVariant         *variant,
                                    CaturJudgeThresholds *thresholds)
{
  thresholds->inaccuracy = 50;
  thresholds->mistake = 100;
  thresholds->blunder = 300;
}

static int
chess_variant_static_exchange (CaturVariant        *variant,
                               const CaturPosition *position,
                               const CaturMove     *move)
{
  ChessMove found = ch_from_catur_move (CH_MUTABLE (position), move);

  return found != CH_MOVE_NONE ? ch_engine_see (CH (position), found) : 0;
}

static gboolean
chess_variant_score_terms (CaturVariant        *variant,
                           const CaturPosition *position,
                           CaturSide            side,
                           int                 *terms)
{
  ch_evaluate_parts (CH (position), side == CATUR_SIDE_FIRST ? CH_WHITE : CH_BLACK, terms);
  return TRUE;
}

/* The search's null move: the en-passant right lapses with the turn. */
static gboolean
chess_variant_pass_turn (CaturVariant  *variant,
                         CaturPosition *position)
{
  ChessUndo undo;

  ch_make_null (CH_MUTABLE (position), &undo);
  return TRUE;
}

static guint
chess_variant_score_record (CaturVariant *variant,
                            const char   *format_id,
                            const char   *data,
                            gsize         length)
{
  if (g_str_equal (format_id, "fen"))
    return catur_pgn_score_position_file (variant, data, length,
                                          ch_pgn_get_dialect ()->encodings);
  return catur_pgn_score (variant, ch_pgn_get_dialect (), data, length, NULL);
}

static char *
chess_variant_write_record (CaturVariant  *variant,
                            const char    *format_id,
                            CaturRecord   *record,
                            GError       **error)
{
  g_autoptr(CaturPosition) position = catur_position_copy (catur_record_get_start (record));

  /* Every move must be one of chess, legal where it is played. */
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      ChessMove move = ch_from_catur_move (CH (position), catur_record_get_move (record, i));
      ChessUndo undo;

      if (move == CH_MOVE_NONE)
        {
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                       _("Move %u is no legal chess move"), i + 1);
          return NULL;
        }
      ch_make (CH (position), move, &undo);
    }

  if (g_str_equal (format_id, "fen"))
    {
      g_autofree char *fen = ch_position_to_fen (CH (position));

      return g_strconcat (fen, "\n", NULL);
    }
  return ch_pgn_write (record);
}

/* A king chosen onto its own rook castles on that side; the rest are the legal moves between
 * the two squares (four of them for a promotion, which the shell offers as a choice). */
static void
chess_variant_input_moves (CaturVariant        *variant,
                           const CaturPosition *position,
                           CaturSquare          from,
                           CaturSquare          to,
                           GArray              *moves)
{
  ChessPosition *pos = CH_MUTABLE (position);
  ChessMove list[CH_MAX_MOVES];
  int n, target = to;

  if (from >= CH_SQUARES || to >= CH_SQUARES)
    return;
  if (pos->board[from] == CH_PIECE (pos->side, CH_KING)
      && pos->board[to] == CH_PIECE (pos->side, CH_ROOK) && CH_RANK (from) == CH_RANK (to))
    target = to > from ? from + 2 : from - 2;

  n = ch_legal_moves (pos, list);
  for (int i = 0; i < n; i++)
    if (CH_MOVE_FROM (list[i]) == from && CH_MOVE_TO (list[i]) == target
        && (target == to || CH_MOVE_TYPE (list[i]) == CH_MOVE_CASTLING))
      {
        CaturMove move = ch_to_catur_move (list[i]);

        g_array_append_val (moves, move);
      }
}

static void
chess_variant_move_effects (CaturVariant        *variant,
                            const CaturPosition *position,
                            const CaturMove     *move,
                            CaturMoveEffects    *effects)
{
  ChessPosition *pos = CH_MUTABLE (position);
  ChessMove found = ch_from_catur_move (pos, move);
  int from = CH_MOVE_FROM (found), to = CH_MOVE_TO (found);

  if (found == CH_MOVE_NONE)
    return;
  switch (CH_MOVE_TYPE (found))
    {
    case CH_MOVE_EN_PASSANT:
      effects->captured = to ^ 8;
      break;
    case CH_MOVE_CASTLING:
      effects->second_from = to > from ? from + 3 : from - 4;
      effects->second_to = to > from ? from + 1 : from - 1;
      break;
    case CH_MOVE_NORMAL:
    case CH_MOVE_PROMOTION:
    default:
      if (pos->board[to] != 0)
        effects->captured = to;
      break;
    }
}

static void
chess_variant_draw_board_themed (CaturVariant           *variant,
                                 cairo_t                *cr,
                                 const CaturBoardLayout *layout,
                                 const char             *board_theme,
                                 gboolean                dark)
{
  chess_board_draw (cr, layout, board_theme, dark);
}

/* The names and descriptions in themes/<theme>/theme.ini, marked here for translation:
 * catur_theme_info_load() looks them up in the "catur" domain. tests/data checks that every
 * theme.ini's strings are in this list. */
static const char * const theme_strings[] G_GNUC_UNUSED = {
  N_("Classic"),
  N_("Staunton pieces in ivory and ebony"),
  N_("Simple"),
  N_("Bold flat pieces that stay clear on small boards"),
};

static GPtrArray *
chess_variant_list_piece_themes (CaturVariant *variant)
{
  GPtrArray *themes = catur_theme_list_folder ("resource://" THEMES_RESOURCE, GETTEXT_PACKAGE,
                                               FALSE);

  catur_theme_list_sort (themes, CHESS_DEFAULT_PIECE_THEME);
  return themes;
}

static GPtrArray *
chess_variant_list_board_themes (CaturVariant *variant)
{
  GPtrArray *themes = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_theme_info_free);

  g_ptr_array_add (themes, catur_theme_info_new (CHESS_BOARD_THEME_CLASSIC,
                                                 /* Translators: a board theme */
                                                 _("Wood"),
                                                 _("Light and dark wood squares; darker wood in "
                                                   "the dark style"),
                                                 NULL, NULL));
  g_ptr_array_add (themes, catur_theme_info_new (CHESS_BOARD_THEME_GREEN,
                                                 /* Translators: a board theme */
                                                 _("Green"),
                                                 _("Cream and green squares, as tournament "
                                                   "boards have"),
                                                 NULL, NULL));
  g_ptr_array_add (themes, catur_theme_info_new (CHESS_BOARD_THEME_CONTRAST,
                                                 /* Translators: a board theme */
                                                 _("High Contrast"),
                                                 _("White and grey squares, black and grey in "
                                                   "the dark style, with large coordinates"),
                                                 NULL, NULL));
  return themes;
}

static gboolean
chess_variant_think (CaturVariant             *variant,
                     CaturPosition            *position,
                     const CaturSearchLimits  *limits,
                     CaturSearchInfoFunc       info_func,
                     gpointer                  info_data,
                     GCancellable             *cancellable,
                     CaturSearchResult        *result,
                     GError                  **error)
{
  return ch_engine_think (CH (position), limits, info_func, info_data, cancellable, result);
}

static const char * const *
chess_variant_get_bench_positions (CaturVariant *variant)
{
  return ch_engine_bench_positions;
}

/* Measured in tests/bench/README.md, "Each rung against other programs": each rung, at the
 * rungs of chess-engine.c, against Stockfish 15.1 at a UCI_Elo near its own, Master at 0.2 s a
 * move, rounded to 50. Intermediate, Advanced and Expert measure within 60 Elo of each other
 * there (each ±85); they are shown in the ladder's order, each inside its interval. */
static const int level_elo[CATUR_N_LEVELS] = { 1550, 1700, 1850, 1950, 2000, 2050, 0, 2100 };
/* Candidate Master, placed to split Master's step, was measured against Expert only: its
 * score in that match with the threat terms (tests/bench/README.md, "Chess after the threat
 * terms"). */
static const int candidate_master_score = 79;

static char *
chess_variant_describe_level_strength (CaturVariant *variant,
                                       CaturLevel    level)
{
  if (level == CATUR_LEVEL_CANDIDATE_MASTER)
    return catur_level_describe_score (candidate_master_score, CATUR_LEVEL_EXPERT);
  return catur_level_describe_elo (level, level_elo[level]);
}

static void
chess_variant_iface_init (CaturVariantInterface *iface)
{
  iface->get_id = chess_variant_get_id;
  iface->get_name = chess_variant_get_name;
  iface->get_description = chess_variant_get_description;
  iface->get_icon_name = chess_variant_get_icon_name;
  iface->get_side_name = chess_variant_get_side_name;
  iface->get_side_id = chess_variant_get_side_id;
  iface->get_geometry = chess_variant_get_geometry;
  iface->get_settings_schema_id = chess_variant_get_settings_schema_id;
  iface->get_piece_image = chess_variant_get_piece_image;
  iface->get_piece_name = chess_variant_get_piece_name;
  iface->get_piece_letter = chess_variant_get_piece_letter;
  iface->square_name = chess_variant_square_name;
  iface->new_position = chess_variant_new_position;
  iface->parse = chess_variant_parse;
  iface->format = chess_variant_format;
  iface->position_copy = chess_variant_position_copy;
  iface->position_free = chess_variant_position_free;
  iface->side_to_move = chess_variant_side_to_move;
  iface->piece_at = chess_variant_piece_at;
  iface->legal_moves = chess_variant_legal_moves;
  iface->perft = chess_variant_perft;
  iface->explain = chess_variant_explain;
  iface->play = chess_variant_play;
  iface->position_key = chess_variant_position_key;
  iface->status = chess_variant_status;
  iface->in_check = chess_variant_in_check;
  iface->list_notations = chess_variant_list_notations;
  iface->format_move = chess_variant_format_move;
  iface->parse_move = chess_variant_parse_move;
  iface->describe_outcome = chess_variant_describe_outcome;
  iface->list_record_formats = chess_variant_list_record_formats;
  iface->read_record = chess_variant_read_record;
  iface->read_records = chess_variant_read_records;
  iface->score_record = chess_variant_score_record;
  iface->get_piece_value = chess_variant_get_piece_value;
  iface->get_judge_thresholds = chess_variant_get_judge_thresholds;
  iface->static_exchange = chess_variant_static_exchange;
  iface->score_terms = chess_variant_score_terms;
  iface->pass_turn = chess_variant_pass_turn;
  iface->write_record = chess_variant_write_record;
  iface->input_moves = chess_variant_input_moves;
  iface->move_effects = chess_variant_move_effects;
  iface->describe_start = chess_variant_describe_start;
  iface->get_setup_options = chess_variant_get_setup_options;
  iface->get_clock_presets = chess_variant_get_clock_presets;
  iface->apply_options = chess_variant_apply_options;
  iface->get_move_time = chess_variant_get_move_time;
  iface->time_out = chess_variant_time_out;
  iface->list_piece_themes = chess_variant_list_piece_themes;
  iface->list_board_themes = chess_variant_list_board_themes;
  iface->draw_board_themed = chess_variant_draw_board_themed;
  iface->think = chess_variant_think;
  iface->get_bench_positions = chess_variant_get_bench_positions;
  iface->describe_level_strength = chess_variant_describe_level_strength;
  chess_variant_setup_iface_init (iface);
}

static void
chess_variant_class_init (ChessVariantClass *klass)
{
}

static void
chess_variant_class_finalize (ChessVariantClass *klass)
{
}

static void
chess_variant_init (ChessVariant *self)
{
}

void
chess_variant_register (GTypeModule *module)
{
  chess_variant_register_type (module);
}
