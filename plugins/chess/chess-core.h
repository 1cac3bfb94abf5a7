/* chess-core.h: the rules of chess (RULES.md §3), with no GTK and no GObject
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The core API, for the plugin and for the computer player built on it:
 *
 * Squares are 0..63 = rank * 8 + file, a1 = 0, h1 = 7, a8 = 56: the numbering of CaturSquare.
 * Bitboards (guint64) have bit `sq` for square `sq`. Pieces on the board are `kind | side << 3`
 * (CH_PIECE()), 0 for an empty square; kinds are CaturPiece kinds too.
 *
 * Moves (ChessMove) are 16-bit values: from, to, and a type (normal, promotion with its piece,
 * en passant, castling) — see CH_MOVE(). Castling is the king's move to its target (e1g1).
 *
 * - Positions: ch_position_init_start(), ch_position_from_fen() / ch_position_to_fen()
 *   (chess-fen.c), ch_position_clear() + ch_put_piece() + ch_position_finish_setup() for set-up.
 * - Generation: ch_legal_moves() (every legal move), ch_generate_captures() (the legal captures,
 *   en passant and every capturing promotion included, and the queen promotions by a step, for a
 *   quiescence search: in check it gives only the evasions that capture), ch_is_legal() (any
 *   16-bit value, checked against the legal moves).
 * - Make/unmake: ch_make() / ch_unmake() with a ChessUndo; the Zobrist key (pos->key) is kept
 *   incrementally and equals ch_position_compute_key() after every make and unmake.
 *   ch_make_null() / ch_unmake_null() pass the turn (not while in check).
 * - Attack tests: ch_attackers_to() (both sides' pieces attacking a square through a given
 *   occupancy, which is what a static exchange evaluation needs: remove the cheapest attacker
 *   from the occupancy and ask again, sliders behind it appear), ch_square_attacked(),
 *   ch_in_check(), ch_checkers(); the attack sets of single pieces ch_knight_attacks(),
 *   ch_king_attacks(), ch_pawn_attacks(), ch_bishop_attacks(), ch_rook_attacks().
 * - Perft: ch_perft() (leaves of the last ply counted without making them).
 * - Why a move is illegal, as data: ch_explain() (chess-explain.c).
 * - The end of a game as far as the position alone tells: ch_status() (chess-status.c); the
 *   threefold repetition needs the game's past and ch_repetition_key().
 * - Notation: ch_move_to_uci() / ch_move_from_uci(), ch_move_to_san() / ch_move_from_san()
 *   (chess-notation.c).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CH_SQUARES 64
#define CH_NO_SQUARE 64
#define CH_MAX_MOVES 256       /* more than the legal moves of any position (218) */

typedef enum
{
  CH_WHITE = 0,
  CH_BLACK = 1,
} ChessSide;

/* Piece kinds; they are CaturPiece kinds too, so 0 stays "none". */
typedef enum
{
  CH_NONE = 0,
  CH_PAWN,
  CH_KNIGHT,
  CH_BISHOP,
  CH_ROOK,
  CH_QUEEN,
  CH_KING,
} ChessKind;

#define CH_PIECE(side, kind) ((guint8) ((kind) | ((side) << 3)))
#define CH_KIND_OF(piece) ((piece) & 7)
#define CH_SIDE_OF(piece) ((piece) >> 3)
#define CH_FILE(sq) ((sq) & 7)
#define CH_RANK(sq) ((sq) >> 3)
#define CH_SQ(file, rank) ((rank) * 8 + (file))
#define CH_BIT(sq) (G_GUINT64_CONSTANT (1) << (sq))

/* Castling rights, FEN's KQkq. */
enum
{
  CH_CASTLE_WK = 1 << 0,
  CH_CASTLE_WQ = 1 << 1,
  CH_CASTLE_BK = 1 << 2,
  CH_CASTLE_BQ = 1 << 3,
};

/* A move: bits 0–5 from, 6–11 to, 12–13 the promotion piece (kind - CH_KNIGHT), 14–15 the type. */
typedef guint16 ChessMove;

typedef enum
{
  CH_MOVE_NORMAL = 0,
  CH_MOVE_PROMOTION = 1,
  CH_MOVE_EN_PASSANT = 2,
  CH_MOVE_CASTLING = 3,
} ChessMoveType;

#define CH_MOVE(from, to, type, promo) \
  ((ChessMove) ((from) | ((to) << 6) | (((promo) ? (promo) - CH_KNIGHT : 0) << 12) \
                | ((type) << 14)))
#define CH_MOVE_FROM(m) ((m) & 63)
#define CH_MOVE_TO(m) (((m) >> 6) & 63)
#define CH_MOVE_TYPE(m) ((ChessMoveType) ((m) >> 14))
/* The kind a promotion gives; meaningless for other types. */
#define CH_MOVE_PROMO(m) ((ChessKind) ((((m) >> 12) & 3) + CH_KNIGHT))
#define CH_MOVE_NONE ((ChessMove) 0)   /* a1a1: no move ever has it */

/* Enough to take back one move with ch_unmake(). */
typedef struct
{
  guint8 captured;       /* the piece taken (CH_PIECE), 0 if none */
  guint8 castling;
  guint8 ep;
  guint16 halfmove;
  guint16 fullmove;
  guint64 key;
} ChessUndo;

/* The position. Its fields may be read by the engine; changed only through the functions. */
typedef struct
{
  guint8 board[CH_SQUARES];      /* CH_PIECE or 0 */
  guint64 by_side[2];            /* the squares of each side's pieces */
  guint64 by_kind[7];            /* the squares of each kind, both sides; [0] unused */
  guint8 king[2];                /* each king's square */
  guint8 side;                   /* ChessSide to move */
  guint8 castling;               /* CH_CASTLE_* rights still held */
  guint8 ep;                     /* the square a pawn skipped on the last ply's double step,
                                  * whether or not it may be taken (FEN writes it), else
                                  * CH_NO_SQUARE */
  guint16 halfmove;              /* plies since the last capture or pawn move (FEN field 5) */
  guint16 fullmove;              /* FEN field 6 */
  guint64 key;                   /* Zobrist key: placement, side, castling rights, and the ep
                                  * file when a pawn of the side to move stands beside the
                                  * pawn that stepped (a capture that may be legal: the right
                                  * key for a search's table; ch_repetition_key() is exact) */
} ChessPosition;

/* Bitboard helpers */
static inline int
ch_bit_scan (guint64 b)
{
  return __builtin_ctzll (b);
}

static inline int
ch_pop_count (guint64 b)
{
  return __builtin_popcountll (b);
}

static inline guint64
ch_occupied (const ChessPosition *pos)
{
  return pos->by_side[0] | pos->by_side[1];
}

static inline guint64
ch_pieces (const ChessPosition *pos, int side, ChessKind kind)
{
  return pos->by_side[side] & pos->by_kind[kind];
}

/* Set-up */
void     ch_position_init_start  (ChessPosition *pos);
void     ch_position_clear       (ChessPosition *pos); /* empty board, White to move, no rights */
/* Set-up only: kind CH_NONE empties the square. */
void     ch_put_piece            (ChessPosition *pos, int square, ChessKind kind, ChessSide side);
/* After the pieces, side, rights, ep square and counters are set by hand: the kings' squares and
 * the key. */
void     ch_position_finish_setup (ChessPosition *pos);
guint64  ch_position_compute_key (const ChessPosition *pos); /* the key from scratch */
/* The key of RULES C3 / 0.2: placement, side, castling rights, and the ep file only when an
 * en-passant capture is legal. */
guint64  ch_repetition_key       (ChessPosition *pos);
int      ch_piece_at             (const ChessPosition *pos, int square, int *side); /* kind or 0 */

/* Errors are libcatur's CATUR_FEN_ERROR: _SYNTAX when the text is no FEN, _POSITION when it
 * reads but the position cannot arise (RULES C6); the message names the field. */
gboolean ch_position_from_fen    (ChessPosition *pos, const char *fen, GError **error);
char    *ch_position_to_fen      (const ChessPosition *pos);
/* Why @pos cannot arise in play (RULES C6: the kings, pawns on a back rank, too many pieces,
 * castling rights or an en-passant square that do not fit, the side not to move in check),
 * translated, or NULL; @field is the FEN field at fault. The FEN reader and the position
 * editor both ask it. The kings' squares must be set (ch_position_finish_setup()). */
char    *ch_position_problem     (const ChessPosition *pos, int *field);
char    *ch_position_check       (const ChessPosition *pos);

/* Attacks */
guint64  ch_knight_attacks       (int square);
guint64  ch_king_attacks         (int square);
guint64  ch_pawn_attacks         (int side, int square);  /* the squares a pawn of side takes on */
guint64  ch_bishop_attacks       (int square, guint64 occupied);
guint64  ch_rook_attacks         (int square, guint64 occupied);
/* The squares strictly between two squares on a line, else 0. */
guint64  ch_between              (int a, int b);
/* Every piece of either side attacking @square when @occupied are the occupied squares. */
guint64  ch_attackers_to         (const ChessPosition *pos, int square, guint64 occupied);
gboolean ch_square_attacked      (const ChessPosition *pos, int square, int by);
gboolean ch_in_check             (const ChessPosition *pos);  /* the side to move */
guint64  ch_checkers             (const ChessPosition *pos);  /* pieces checking the side to move */

/* Moves */
int      ch_legal_moves          (ChessPosition *pos, ChessMove *moves);
int      ch_generate_captures    (ChessPosition *pos, ChessMove *moves);
gboolean ch_is_legal             (ChessPosition *pos, ChessMove move);
gboolean ch_gives_check          (ChessPosition *pos, ChessMove move);
void     ch_make                 (ChessPosition *pos, ChessMove move, ChessUndo *undo);
void     ch_unmake               (ChessPosition *pos, ChessMove move, const ChessUndo *undo);
void     ch_make_null            (ChessPosition *pos, ChessUndo *undo);
void     ch_unmake_null          (ChessPosition *pos, const ChessUndo *undo);
guint64  ch_perft                (ChessPosition *pos, int depth);
/* Whether a legal en-passant capture exists for the side to move. */
gboolean ch_has_legal_en_passant (ChessPosition *pos);

/* Why a move from one square to another is illegal (ch_explain()). */
typedef enum
{
  CH_LEGAL = 0,
  CH_ILLEGAL_EMPTY_SQUARE,       /* nothing on the origin */
  CH_ILLEGAL_NOT_OWN_PIECE,      /* the piece on the origin is the opponent's */
  CH_ILLEGAL_OWN_PIECE,          /* square = the mover's own piece on the target */
  CH_ILLEGAL_PIECE_MOVEMENT,     /* the piece never moves so */
  CH_ILLEGAL_BLOCKED_PATH,       /* square = the first piece in the way */
  CH_ILLEGAL_LEAVES_CHECK,       /* square = a piece that would give check; in_check_before */
  CH_ILLEGAL_PINNED,             /* square = the pinning piece */
  CH_ILLEGAL_PAWN_CAPTURE_STRAIGHT, /* square = the piece in front of the pawn */
  CH_ILLEGAL_PAWN_DIAGONAL_EMPTY,   /* a diagonal step onto an empty square, no en passant */
  CH_ILLEGAL_PAWN_DOUBLE_STEP,   /* a double step from off the pawn's start rank */
  CH_ILLEGAL_EN_PASSANT_LATE,    /* square = the pawn that stepped two squares earlier on */
  CH_ILLEGAL_CASTLING_MOVED,     /* square = the rook's start; count 1 if the king moved */
  CH_ILLEGAL_CASTLING_BLOCKED,   /* square = the piece between king and rook */
  CH_ILLEGAL_CASTLING_IN_CHECK,  /* square = a checking piece */
  CH_ILLEGAL_CASTLING_ATTACKED,  /* square = the attacked square, square2 = its attacker */
  CH_ILLEGAL_PROMOTION_MISSING,  /* a pawn reaching the last rank must promote */
  CH_ILLEGAL_PROMOTION_WRONG,    /* a promotion flag on a move that promotes nothing */
} ChessIllegal;

typedef struct
{
  ChessIllegal reason;
  int square;                    /* see ChessIllegal; -1 when none */
  int square2;                   /* see ChessIllegal; -1 when none */
  int count;                     /* see ChessIllegal */
  gboolean in_check_before;      /* the mover was already in check */
} ChessExplanation;

/* @promo is the promotion kind asked for (CH_NONE for none); a king's move two squares or onto
 * its own rook is read as castling. */
ChessIllegal ch_explain          (ChessPosition *pos, int from, int to, ChessKind promo,
                                  ChessExplanation *out);
/* The legal move from @from to @to promoting to @promo (CH_NONE: none), or CH_MOVE_NONE. A king
 * onto its own rook or two squares sideways means castling. */
ChessMove ch_find_move           (ChessPosition *pos, int from, int to, ChessKind promo);

/* The outcome as far as the position alone tells (RULES C2, C4, C5). */
typedef enum
{
  CH_ONGOING = 0,
  CH_CHECKMATE,                  /* the side to move is mated */
  CH_STALEMATE,
  CH_FIFTY_MOVE,                 /* 100 plies without a capture or pawn move, and no mate */
  CH_INSUFFICIENT_MATERIAL,
} ChessResult;

ChessResult ch_status            (ChessPosition *pos);
/* RULES C5 exactly: K v K, K+N v K, K+B v K, K+B v K+B with bishops on squares of one colour. */
gboolean ch_insufficient_material (const ChessPosition *pos);
/* Whether @side could still checkmate by some series of legal moves, however helped: what a
 * flag fall weighs (FIDE 6.9). Material decides alone, pawns locked for good are not sought: a
 * lone King never mates; a King and one Knight only against more than a lone King; a King and
 * Bishops all on squares of one colour only against a piece that can stand on the other colour
 * (a pawn, a Knight, a Rook, a Queen, a Bishop of the other colour); anything else can mate. */
gboolean ch_has_mating_material (const ChessPosition *pos, int side);

/* Notation (RULES C7). Buffers of 16 bytes are enough. */
void     ch_square_name          (int square, char *buf);  /* "e2" */
void     ch_move_to_uci          (ChessMove move, char *buf); /* e2e4, e7e8q, e1g1 */
/* A well-formed coordinate move (`e2e4`, `e7e8q`, `e2-e4`) as two squares and a promotion kind,
 * legal or not. Files are lower case, so that SAN's `B7d4` is never read as b7d4. */
gboolean ch_parse_uci            (const char *text, int *from, int *to, ChessKind *promo);
/* SAN with `+`/`#`; @figurine writes the pieces as ♔♕♖♗♘ for White (and ♚♛♜♝♞ for Black). */
void     ch_move_to_san          (ChessPosition *pos, ChessMove move, gboolean figurine, char *buf);
/* Reads SAN (also `0-0`, figurines, `e8Q`, `e8(Q)`, a missing or extra `x`, any suffix of
 * `+#!?`, the long form `Ng1-f3`): TRUE when it names exactly one legal move of @pos. */
gboolean ch_move_from_san        (ChessPosition *pos, const char *text, ChessMove *move);
/* How many legal moves of @pos the SAN @text fits (0 also for no SAN at all); the first two
 * are put in @found, so that an ambiguous move can name them. */
int      ch_san_matches          (ChessPosition *pos, const char *text, ChessMove found[2]);

/* The piece letters KQRBN by kind, for notation and FEN ("?PNBRQK"). */
#define CH_LETTERS " PNBRQK"

G_END_DECLS
