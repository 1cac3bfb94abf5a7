/* shogi-core.h: the rules of Shogi (RULES.md §4), with no GTK and no GObject
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the author of a computer player, this header is the whole interface:
 *
 * Squares are 0..80 = rank * 9 + file, the numbering of CaturSquare: file 0 is the leftmost
 * file as Sente (Black, the first seat) sees it, which Shogi calls file 9, and rank 0 is
 * Sente's nearest rank, which Shogi calls rank i (九). So the USI square `9i` is 0, `1i` is 8,
 * `9a` is 72 and `1a` is 80; sg_square_name() and sg_square_from_name() translate.
 * Sente's pieces move towards higher ranks (+9), Gote's towards lower ones.
 *
 * A position (SgPosition) holds the board (cell[]: 0 empty, else SG_CELL (kind, side)), both
 * hands, the side to move, the SFEN ply number and an incremental Zobrist key over board +
 * hands + side to move, which is exactly the key of the rule of repetition (S10). It is a
 * plain struct of 152 bytes: copy it with `=`.
 *
 * Moves (SgMove) are four bytes: a board move (from, to, promote) or a drop (drop = the kind,
 * from = SG_DROP_FROM, to). Search loops use:
 *
 *   SgMove moves[SG_MAX_MOVES];
 *   int n = sg_legal_moves (&pos, moves);       // every legal move (drops, promotions, …)
 *   SgUndo undo;
 *   sg_make (&pos, moves[i], &undo);            // the key, hands and ply follow
 *   …
 *   sg_unmake (&pos, moves[i], &undo);
 *
 * sg_legal_moves() never lists a move that leaves the own king attacked, a nifu, a dead
 * piece or a pawn-drop mate (uchifuzume), and lists both the promotion and the plain move
 * where promotion is optional (S4–S8). sg_pseudo_moves() (room for SG_MAX_PSEUDO_MOVES)
 * with sg_is_legal_after() is the pair for a search that tests legality lazily; pseudo-legal
 * moves already leave out nifu and dead pieces. sg_in_check(), sg_attacker() and pos->key
 * (for a transposition table) are cheap; sg_perft() shows the fastest way to count the last
 * ply. sg_init() makes the tables once (the variant calls it; a program of its own calls it
 * first); after it the core is reentrant, one position per thread. No legal move means the
 * side to move has lost (S9): there is no stalemate. Repetition (S10) needs the game's past,
 * which the core never keeps: shogi-repetition.h judges it over libcatur's record of
 * positions; the optional move limit (S11) and impasse declaration (S12) are rules the
 * position carries (SgRules), set when the game is set up.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SG_FILES 9
#define SG_RANKS 9
#define SG_SQUARES 81
#define SG_MAX_MOVES 600        /* more than the legal moves of any position (593 is known) */
/* More than the pseudo-legal moves of any position with one set's pieces: the room
 * sg_pseudo_moves() needs (drops alone may reach 7 × 81, board moves some 550). */
#define SG_MAX_PSEUDO_MOVES 1200
#define SG_DROP_FROM 0xfe       /* SgMove.from of a drop */

typedef enum
{
  SG_SENTE = 0,                 /* Black, ☗, uppercase in SFEN, the first seat */
  SG_GOTE = 1,                  /* White, ☖, lowercase */
} SgSide;

/* Piece kinds; they are CaturPiece kinds too, so 0 stays "none". The promoted kinds are
 * SG_PROMOTED (kind) and back with SG_UNPROMOTED (kind). */
typedef enum
{
  SG_NONE = 0,
  SG_KING,
  SG_ROOK,
  SG_BISHOP,
  SG_GOLD,
  SG_SILVER,
  SG_KNIGHT,
  SG_LANCE,
  SG_PAWN,
  SG_DRAGON,                    /* +R */
  SG_HORSE,                     /* +B */
  SG_PSILVER = 12,              /* +S; 11 would be a promoted gold, which does not exist */
  SG_PKNIGHT,                   /* +N */
  SG_PLANCE,                    /* +L */
  SG_TOKIN,                     /* +P */
  SG_N_KINDS,
} SgKind;

#define SG_PROMOTED(kind) ((kind) + 7)
#define SG_UNPROMOTED(kind) ((kind) >= SG_DRAGON ? (kind) - 7 : (kind))
#define SG_IS_PROMOTED(kind) ((kind) >= SG_DRAGON)
/* Kinds that may promote: rook, bishop, silver, knight, lance, pawn. */
#define SG_CAN_PROMOTE(kind) ((kind) == SG_ROOK || (kind) == SG_BISHOP || \
                              ((kind) >= SG_SILVER && (kind) <= SG_PAWN))

#define SG_CELL(kind, side) ((guint8) ((kind) | ((side) << 4)))
#define SG_CELL_KIND(cell) ((cell) & 0x0f)
#define SG_CELL_SIDE(cell) ((cell) >> 4)

/* The kinds a hand holds, in the order of SFEN and of the shell: R B G S N L P. A copy in each
 * file rather than one global, which the plugin and a program linking the core would both
 * define. */
#define SG_HAND_KINDS 7
static const guint8 sg_hand_order[SG_HAND_KINDS] = { 2, 3, 4, 5, 6, 7, 8 };

typedef struct
{
  guint8 from;                  /* a square, or SG_DROP_FROM */
  guint8 to;
  guint8 drop;                  /* the kind dropped (unpromoted), else 0 */
  guint8 promote;               /* TRUE when the piece promotes */
} SgMove;

static inline gboolean
sg_move_equal (SgMove a, SgMove b)
{
  return a.from == b.from && a.to == b.to && a.drop == b.drop && a.promote == b.promote;
}

/* Enough to take back one move with sg_unmake(). */
typedef struct
{
  guint8 captured;              /* the cell value taken, 0 if none */
  guint8 moved;                 /* the cell value that stood on from */
  guint16 ply;
  guint8 last_to;
  guint64 key;
} SgUndo;

/* Rules a game is set up with, which no SFEN tells (S11, S12). */
typedef enum
{
  SG_IMPASSE_OFF = 0,
  SG_IMPASSE_27,                /* 27-point rule: Sente ≥ 28, Gote ≥ 27 wins, else loses */
  SG_IMPASSE_24,                /* 24-point rule: ≥ 31 wins, 24–30 draw, else loses */
} SgImpasseRule;

typedef struct
{
  guint16 move_limit;           /* plies; 0 for none */
  guint8 impasse;               /* SgImpasseRule */
} SgRules;

/* The position. Fields are the core's; other code reads them through the functions below,
 * or directly where a search needs the speed (cell, hand, side, king, key). */
typedef struct
{
  guint8 cell[SG_SQUARES];
  guint8 hand[2][SG_N_KINDS];   /* by side and unpromoted kind */
  guint8 pawn_files[2][SG_FILES]; /* unpromoted pawns per side and file (nifu) */
  guint8 king[2];               /* square of each king, or SG_SQUARES when there is none */
  guint8 side;                  /* SgSide to move */
  guint16 ply;                  /* the SFEN ply number: 1 at the start */
  guint16 start_ply;            /* the ply of the game's start, for the move limit */
  guint8 last_to;               /* the square the last move went to (Japanese 同), or
                                 * SG_SQUARES at the start */
  SgRules rules;
  guint64 key;                  /* Zobrist key of board + hands + side to move */
} SgPosition;

/* Why a move is illegal (sg_explain()). */
typedef enum
{
  SG_LEGAL = 0,
  SG_ILLEGAL_EMPTY_SQUARE,      /* nothing on the origin */
  SG_ILLEGAL_NOT_OWN_PIECE,     /* the piece on the origin (or the hand) is the opponent's */
  SG_ILLEGAL_EMPTY_HAND,        /* no piece of that kind in hand */
  SG_ILLEGAL_OWN_PIECE,         /* the target holds one of the mover's pieces */
  SG_ILLEGAL_OCCUPIED,          /* a drop on a square that is not empty */
  SG_ILLEGAL_PIECE_MOVEMENT,    /* the piece never moves so */
  SG_ILLEGAL_BLOCKED_PATH,      /* square = the first piece in the way */
  SG_ILLEGAL_CANNOT_PROMOTE,    /* a king or gold, a promoted piece, or outside the zone */
  SG_ILLEGAL_MUST_PROMOTE,      /* the piece could never move again unpromoted (S5) */
  SG_ILLEGAL_NIFU,              /* square = the own unpromoted pawn on that file */
  SG_ILLEGAL_DEAD_DROP,         /* the dropped piece could never move (S7b) */
  SG_ILLEGAL_UCHIFUZUME,        /* a pawn drop that mates (S7c) */
  SG_ILLEGAL_LEAVES_CHECK,      /* square = a piece that would attack the own king */
  SG_ILLEGAL_CANNOT_DECLARE,    /* an impasse declaration whose conditions are not met */
} SgIllegal;

typedef struct
{
  SgIllegal reason;
  int square;                   /* see SgIllegal; -1 when none */
  gboolean in_check_before;     /* the mover was in check already (the move fails to answer) */
} SgExplanation;

/* The end of the game that the position alone tells (S9, S11, S12). */
typedef enum
{
  SG_ONGOING = 0,
  SG_WIN_NO_MOVES,              /* winner: the side not to move (checkmate, or no move) */
  SG_DRAW_MOVE_LIMIT,
} SgResult;

typedef struct
{
  SgResult result;
  int winner;                   /* SgSide, or -1 */
  gboolean mate;                /* the loser is in check */
} SgStatus;

/* The core's tables are made once, before the first position (thread-safe). */
void     sg_init                (void);

/* Set-up */
void     sg_position_clear      (SgPosition *pos);   /* empty board, Sente to move, ply 1 */
void     sg_position_init_start (SgPosition *pos);
/* Handicaps (S4.5): the giver is Gote and moves first. */
typedef enum
{
  SG_HANDICAP_NONE = 0,
  SG_HANDICAP_LANCE,
  SG_HANDICAP_BISHOP,
  SG_HANDICAP_ROOK,
  SG_HANDICAP_ROOK_LANCE,
  SG_HANDICAP_2,
  SG_HANDICAP_4,
  SG_HANDICAP_6,
  SG_HANDICAP_8,
  SG_HANDICAP_10,
  SG_N_HANDICAPS,
} SgHandicap;
void     sg_position_init_handicap (SgPosition *pos, SgHandicap handicap);
/* The handicap whose start @pos is (board, hands and side to move), or -1. */
int      sg_position_find_handicap (const SgPosition *pos);
/* Set-up only: SG_NONE empties the square. The key follows. */
void     sg_put_piece           (SgPosition *pos, int square, int kind, int side);
void     sg_set_hand            (SgPosition *pos, int side, int kind, int count);
guint64  sg_position_compute_key (const SgPosition *pos);
int      sg_piece_at            (const SgPosition *pos, int square, int *side); /* kind or 0 */

/* SFEN (S2), in shogi-sfen.c. Errors are libcatur's CATUR_FEN_ERROR, the message naming the
 * field: board, side to move, pieces in hand (more than the set has?) or ply. */
gboolean sg_position_from_sfen  (SgPosition *pos, const char *sfen, GError **error);
char    *sg_position_to_sfen    (const SgPosition *pos);
/* What makes @pos no position of Shogi (two kings of a side, a piece that could never move,
 * two unpromoted pawns on a file, more pieces than a set has, the side not to move in
 * check), translated, or NULL when nothing does; @field is the SFEN field at fault (0 the
 * board, 2 the hands) or -1 for the position as a whole. */
char    *sg_position_problem    (const SgPosition *pos, int *field);
/* Whether each side may hold this many pieces: the board and both hands within a set. */
gboolean sg_position_counts_ok  (const SgPosition *pos, int *kind, int *count);

/* Moves */
int      sg_legal_moves         (SgPosition *pos, SgMove *moves);
int      sg_pseudo_moves        (const SgPosition *pos, SgMove *moves); /* SG_MAX_PSEUDO_MOVES */
/* For a pseudo-legal move: legal once the king safety and uchifuzume are checked. */
gboolean sg_is_legal_after      (SgPosition *pos, SgMove move);
gboolean sg_is_legal            (SgPosition *pos, SgMove move);   /* any move at all */
gboolean sg_has_legal_move      (SgPosition *pos);
void     sg_make                (SgPosition *pos, SgMove move, SgUndo *undo);
void     sg_unmake              (SgPosition *pos, SgMove move, const SgUndo *undo);
/* make, as a move of the game: the same, named for the callers that never take it back */
void     sg_play                (SgPosition *pos, SgMove move);
guint64  sg_perft               (SgPosition *pos, int depth);     /* leaves counted in bulk */

gboolean sg_in_check            (const SgPosition *pos, int side);
gboolean sg_square_attacked     (const SgPosition *pos, int square, int by);
/* A piece of @by attacking @square (the first found), or -1. */
int      sg_attacker            (const SgPosition *pos, int square, int by);
/* What each side attacks, for the evaluation's many questions at once: a bit (1 << kind) for
 * each kind of @side's pieces that attacks a square (own pieces' squares included, as
 * sg_square_attacked() counts them); the squares a slider would reach beyond a king were the
 * king lifted off (a bit (1 << the king's side)); and for the slider on a square, the squares
 * its slides reach (the enemy pieces at their ends included, its own side's not). */
typedef struct
{
  guint16 kinds[2][SG_SQUARES];
  guint8 beyond_king[2][SG_SQUARES];
  guint8 reach[SG_SQUARES];
} SgAttackMap;

void     sg_attack_map          (const SgPosition *pos, SgAttackMap *map);

/* How far @square lies from @side's own back rank, 0 to 8. Inline, with the two below: move
 * generation asks them of every move. */
static inline int
sg_relative_rank (int side, int square)
{
  int r = square / SG_FILES;

  return side == SG_SENTE ? r : SG_RANKS - 1 - r;
}

/* Whether @square is in @side's promotion zone, the three far ranks. */
static inline gboolean
sg_in_zone (int side, int square)
{
  return sg_relative_rank (side, square) >= 6;
}

/* Whether a piece of @kind and @side could ever move from @square (dead pieces, S5/S7b). */
static inline gboolean
sg_can_move_from (int kind, int side, int square)
{
  int rr = sg_relative_rank (side, square);

  switch (kind)
    {
    case SG_PAWN:
    case SG_LANCE:
      return rr < 8;
    case SG_KNIGHT:
      return rr < 7;
    default:
      return TRUE;
    }
}

/* Whether a piece of @kind and @side on @from moves (geometrically, on an empty board) to @to. */
gboolean sg_piece_reaches       (int kind, int side, int from, int to);

SgIllegal sg_explain            (SgPosition *pos, SgMove move, SgExplanation *out);
void     sg_status              (SgPosition *pos, SgStatus *out);

/* Impasse declaration (S12): the points of @side (its pieces in the enemy camp, king
 * excluded, and its hand; rook and bishop 5, others 1), the pieces it has there, and whether
 * its king stands there. */
int      sg_impasse_points      (const SgPosition *pos, int side, int *pieces, gboolean *king_in);
/* Whether the side to move meets the conditions to declare (king in camp, 10 pieces, no
 * check), and the rule lets it declare at all. */
gboolean sg_can_declare         (const SgPosition *pos);
typedef enum
{
  SG_DECLARE_LOSS,
  SG_DECLARE_DRAW,
  SG_DECLARE_WIN,
} SgDeclareResult;
SgDeclareResult sg_judge_declaration (const SgPosition *pos, SgImpasseRule rule);

/* Text of squares and moves (S3): USI. */
void     sg_square_name         (int square, char *buf);          /* "7g"; 3 bytes */
int      sg_square_from_name    (const char *text);               /* -1 if none */
void     sg_move_to_usi         (SgMove move, char *buf);         /* 8 bytes */
gboolean sg_move_from_usi       (const char *text, SgMove *move); /* well formed, not legal */
/* USI/SFEN letter of an unpromoted kind, uppercase ("RBGSNLPK"); 0 for none */
char     sg_kind_letter         (int kind);
int      sg_kind_of_letter      (char letter);                    /* either case; 0 if none */

/* Board coordinates as players count them: file 1..9 from Sente's right, rank 1..9 from top */
static inline int sg_file_number (int square) { return SG_FILES - square % SG_FILES; }
static inline int sg_rank_number (int square) { return SG_RANKS - square / SG_FILES; }
static inline int sg_square_at (int file_number, int rank_number)
{
  return (SG_RANKS - rank_number) * SG_FILES + (SG_FILES - file_number);
}

G_END_DECLS
