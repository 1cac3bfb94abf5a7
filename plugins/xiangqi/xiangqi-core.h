/* xiangqi-core.h: the rules of Xiangqi (RULES.md §1), with no GTK and no GObject
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Squares at this interface are 0..89 = rank * 9 + file, file 0 = a (Red's left),
 * rank 0 = Red's back rank: the same numbering as CaturSquare. The core may use
 * any representation inside.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define XQ_FILES 9
#define XQ_RANKS 10
#define XQ_SQUARES 90
#define XQ_MAX_MOVES 128       /* more than the legal moves of any position */
#define XQ_MAX_CHECKERS 20     /* room xq_checkers() may fill, whatever the set-up */

typedef enum
{
  XQ_RED = 0,
  XQ_BLACK = 1,
} XqSide;

/* Piece kinds; they are CaturPiece kinds too, so 0 stays "none". */
typedef enum
{
  XQ_NONE = 0,
  XQ_KING,
  XQ_ADVISOR,
  XQ_ELEPHANT,
  XQ_HORSE,
  XQ_CHARIOT,
  XQ_CANNON,
  XQ_PAWN,
} XqKind;

typedef struct
{
  guint8 from;
  guint8 to;
} XqMove;

/* Enough to take back one move with xq_unmake(). */
typedef struct
{
  guint8 captured;       /* the core's cell value of the captured piece, 0 if none */
  guint16 halfmove;
  guint16 fullmove;      /* kept rather than recomputed: the counter saturates at 65535 */
  guint64 key;
} XqUndo;

/* The position. Fields are the core's; other code uses the functions below. */
typedef struct
{
  guint8 cell[XQ_SQUARES];       /* 0 empty, else kind | (side << 3) */
  guint8 king[2];                /* square of each general */
  guint8 side;                   /* XqSide to move */
  guint16 halfmove;              /* plies since the last capture (FEN field 5) */
  guint16 fullmove;              /* FEN field 6 */
  guint64 key;                   /* incremental Zobrist key of placement + side: the
                                  * position key of RULES 0.2 */
  /* Plies played since the start position, for the 400-ply limit (X15). The positions before
   * this one, which the repetition rules (X17–X20) read, are the game's to keep: the plugin
   * judges them from libcatur's CaturRepetition (xiangqi-repetition.h). */
  guint16 plies;
} XqPosition;

/* Why a move is illegal (xq_explain()). */
typedef enum
{
  XQ_LEGAL = 0,
  XQ_ILLEGAL_EMPTY_SQUARE,     /* nothing on the origin */
  XQ_ILLEGAL_NOT_OWN_PIECE,    /* the piece on the origin is the opponent's */
  XQ_ILLEGAL_OWN_PIECE,        /* the target holds one of the mover's pieces */
  XQ_ILLEGAL_PIECE_MOVEMENT,   /* the piece never moves so */
  XQ_ILLEGAL_BLOCKED_PATH,     /* a chariot/cannon/general path through a piece
                                  (square = first blocker) */
  XQ_ILLEGAL_PALACE,           /* general or advisor would leave the palace */
  XQ_ILLEGAL_ELEPHANT_EYE,     /* square = the occupied eye */
  XQ_ILLEGAL_ELEPHANT_RIVER,   /* the elephant would cross the river */
  XQ_ILLEGAL_HORSE_LEG,        /* square = the occupied leg */
  XQ_ILLEGAL_CANNON_SCREEN,    /* count = screens found (0 or 2+) */
  XQ_ILLEGAL_PAWN_DIRECTION,   /* backwards, or sideways before the river */
  XQ_ILLEGAL_FLYING_GENERAL,   /* the generals would face each other (square = the other general) */
  XQ_ILLEGAL_LEAVES_CHECK,     /* square = a piece that would attack the mover's general,
                                * count = how many would */
} XqIllegal;

typedef struct
{
  XqIllegal reason;
  int square;                  /* see XqIllegal; -1 when none */
  int count;                   /* see XqIllegal */
  gboolean in_check_before;    /* the mover was already in check (the move fails to answer it) */
} XqExplanation;

/* Outcome of the last ply (RULES 0.3, X13, X15–X22). */
typedef enum
{
  XQ_ONGOING = 0,
  XQ_WIN_NO_MOVES,             /* winner: the side not to move; mate names in detail */
  XQ_WIN_PERPETUAL_CHECK,      /* winner: the side that did not check throughout */
  XQ_DRAW_MOVE_LIMIT,          /* 400 plies (X15) */
} XqResult;

typedef enum
{
  XQ_MATE_NONE = 0,            /* not in check: stalemate, a loss all the same (X13) */
  XQ_MATE_DOUBLE_CHECK,
  XQ_MATE_DOUBLE_CANNON,
  XQ_MATE_HORSE_CANNON,
  XQ_MATE_BY_PIECE,            /* mate_piece = the single checker's kind */
} XqMateKind;

typedef struct
{
  XqResult result;
  int winner;                  /* XqSide, or -1 */
  XqMateKind mate;
  XqKind mate_piece;
  gboolean warn_perpetual;     /* X18: warned_side checks throughout, k = 2 */
  int warned_side;
  gboolean repetition_info;    /* X20 */
  gboolean no_capture_info;    /* X16: exactly 120 plies without capture */
} XqStatus;

/* Position text and set-up */
void     xq_position_init_start (XqPosition *pos);
/* The pieces a side may give as voor (RULES X23, X23a). A single piece of a pair is the giver's
 * own left one: Red's a0 (Chariot), b0 (Horse), b2 (Cannon), and Black's i9, h9, h7, the 180°
 * images. The values are kept in no file: settings and records name the choice by its id. */
typedef enum
{
  XQ_VOOR_HORSE,
  XQ_VOOR_TWO_HORSES,
  XQ_VOOR_CHARIOT,
  XQ_VOOR_CANNON,
  XQ_VOOR_CHARIOT_HORSE,
  XQ_VOOR_CHARIOT_TWO_HORSES,
  XQ_N_VOORS
} XqVoor;

/* The start position without the pieces @voor takes from @giver. Red still moves first, and
 * this is the record's start (occurrence #1). */
void     xq_position_init_voor  (XqPosition *pos, XqSide giver, XqVoor voor);
/* Errors are libcatur's CATUR_FEN_ERROR: _SYNTAX when the text is no FEN (its fields, letters,
 * counts of files), _POSITION when it reads but the position can never arise (RULES X3). */
gboolean xq_position_from_fen   (XqPosition *pos, const char *fen, GError **error);
char    *xq_position_to_fen     (const XqPosition *pos);
/* Why @pos can never arise (RULES X3: the generals, too many pieces of a kind, a piece off
 * the points it may reach, generals facing, the side not to move in check), translated, or
 * NULL. The FEN reader and the position editor both ask it. */
char    *xq_position_problem    (const XqPosition *pos);
int      xq_piece_at            (const XqPosition *pos, int square, int *side); /* kind or 0 */
/* Set-up only: kind XQ_NONE empties the point; the result becomes a new start (plies 0). */
void     xq_put_piece           (XqPosition *pos, int square, XqKind kind, XqSide side);
void     xq_position_clear      (XqPosition *pos); /* empty board, Red to move: for set-up */
guint64  xq_position_compute_key (const XqPosition *pos); /* the key from scratch */
gboolean xq_generals_face       (const XqPosition *pos); /* one file, nothing between */

/* Moves */
int      xq_legal_moves         (XqPosition *pos, XqMove *moves);
gboolean xq_is_legal            (XqPosition *pos, XqMove move);
void     xq_make                (XqPosition *pos, XqMove move, XqUndo *undo);
void     xq_unmake              (XqPosition *pos, XqMove move, const XqUndo *undo);
/* make, and count the ply (plies, saturating at 65535): a move of the game, not of a search */
void     xq_play                (XqPosition *pos, XqMove move);
guint64  xq_perft               (XqPosition *pos, int depth);   /* leaves counted in bulk */
gboolean xq_in_check            (const XqPosition *pos, int side);
/* Attackers of side's general; squares (may be NULL) needs room for XQ_MAX_CHECKERS. */
int      xq_checkers            (const XqPosition *pos, int side, int *squares);
XqIllegal xq_explain            (XqPosition *pos, int from, int to, XqExplanation *out);
/* The outcome of the position alone: no legal move (X13), the 400-ply limit (X15), the
 * no-capture info (X16). The repetition rules need the game's past: xq_repetition_status()
 * (xiangqi-repetition.h) adds them in the order of RULES 0.3. */
void     xq_status              (XqPosition *pos, XqStatus *out);

/* For the engine: the position must have the side to move's general. */
int      xq_generate_captures   (XqPosition *pos, XqMove *moves); /* legal captures only */
gboolean xq_is_legal_fast       (XqPosition *pos, XqMove move);   /* any two squares */
void     xq_make_null           (XqPosition *pos, XqUndo *undo);  /* pass: only the side changes */
void     xq_unmake_null         (XqPosition *pos, const XqUndo *undo);
/* Whether a piece of `by` could take on `square` (the general as it steps, not as it flies). */
gboolean xq_square_attacked     (const XqPosition *pos, int square, int by);
/* The points of @by's pieces attacking @square on the board @cell (at most 32); their count. */
int      xq_attackers           (const guint8 *cell, int square, int by, guint8 *from);

/* Notation (RULES §1.7). Buffers of 8 bytes are enough. */
void     xq_move_to_iccs        (XqMove move, char *buf);
gboolean xq_move_from_iccs      (const char *text, XqMove *move); /* h2e2 or H2-E2 */
void     xq_move_to_wxf         (const XqPosition *pos, XqMove move, gboolean strict, char *buf);
/* Reads the product and the strict form, `.` or `=`, any case, B/N for E/H; a file digit
 * where a tandem mark belongs is forgiven if one legal move fits. FALSE unless the text names
 * exactly one legal move of pos. */
gboolean xq_move_from_wxf       (XqPosition *pos, const char *text, XqMove *move);
void     xq_square_name         (int square, char *buf); /* "e2" */

/* What WXF and Chinese notation share. Piece letters by XqKind: */
#define XQ_WXF_LETTERS "?KAEHRCP"
/* The move's letter, file, direction (+ - =) and number, whatever else shares its file. */
void     xq_move_to_wxf_plain   (const XqPosition *pos, XqMove move, char *buf);
/* A file's digit as the mover counts files, from its right: Red's file 1 is i, Black's a. */
char     xq_file_digit          (int side, int file);
/* Pieces of the kind and side of the one on `square` that stand on its file, front (nearest
 * the opponent) first: how many, and the place of `square` among them. */
int      xq_file_mates          (const XqPosition *pos, int square, int *place);
/* Files holding two or more pawns of `side`. */
int      xq_tandem_pawn_files   (const XqPosition *pos, int side);

G_END_DECLS
