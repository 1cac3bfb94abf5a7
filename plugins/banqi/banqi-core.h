/* banqi-core.h: the rules of Banqi (RULES.md §2, B1–B11), with no GTK and no GObject
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Squares are 0..31 = rank * 4 + file, file 0 = a, rank 0 = rank 1: the CaturSquare numbering.
 * A position is either the referee's, which knows the piece under every face-down square, or
 * an observation, whose face-down squares hold no identity: the pool (how many of each kind
 * still lie face down) is public and is all an observation knows of them.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BQ_FILES 4
#define BQ_RANKS 8
#define BQ_SQUARES 32
#define BQ_QUIET_LIMIT 50      /* B11: turns without a flip or a capture that draw */
#define BQ_OLYMPIAD_QUIET_LIMIT 180  /* B12's Olympiad rule: quiet plies that draw */
#define BQ_MAX_QUIET BQ_OLYMPIAD_QUIET_LIMIT
#define BQ_MAX_MOVES 128       /* more than the legal actions of any position */
#define BQ_SQUARE(file, rank) ((rank) * BQ_FILES + (file))

/* Colours (not seats: the first flip gives the first seat its colour, B5). */
typedef enum
{
  BQ_RED = 0,
  BQ_BLACK = 1,
} BqColour;

/* Ranks of B6, strongest first. */
typedef enum
{
  BQ_GENERAL,
  BQ_ADVISOR,
  BQ_ELEPHANT,
  BQ_CHARIOT,
  BQ_HORSE,
  BQ_CANNON,
  BQ_SOLDIER,
  BQ_N_RANKS,
} BqRank;

/* Kinds tell rank and colour, so that a piece's image and name need no position: 1–7 are
 * Red's General … Soldier, 8–14 Black's. They are CaturPiece kinds too; 0 is "none". */
#define BQ_NO_KIND 0
#define BQ_N_KINDS 15
#define BQ_KIND(rank, colour) ((guint8) (1 + (rank) + 7 * (colour)))
#define BQ_KIND_RANK(kind) ((BqRank) (((kind) - 1) % 7))
#define BQ_KIND_COLOUR(kind) ((int) (((kind) - 1) / 7))

/* A cell: 0 empty, a kind for a face-up piece, BQ_FACE_DOWN | kind face down (kind 0 when
 * the position is an observation). */
#define BQ_FACE_DOWN 0x80
#define BQ_CELL_KIND(cell) ((guint8) ((cell) & 0x7f))
#define BQ_IS_FACE_DOWN(cell) (((cell) & BQ_FACE_DOWN) != 0)
#define BQ_IS_FACE_UP(cell) ((cell) != 0 && !BQ_IS_FACE_DOWN (cell))

/* The rule variants of B12, each off by default: a game keeps them in its positions. */
typedef enum
{
  BQ_RULE_OLYMPIAD = 1 << 0,       /* 180 quiet plies or a threefold repetition draw */
  BQ_RULE_CHARIOT_SLIDE = 1 << 1,  /* the Chariot moves and takes along any empty line */
  BQ_RULE_CHAIN = 1 << 2,          /* a capturing piece may go on capturing in the same turn */
  BQ_RULE_HONG_KONG = 1 << 3,      /* the Chariot ranks second, under the General */
} BqRules;

/* The square of a BqMove that ends a chain of captures (BQ_RULE_CHAIN): the turn passes. */
#define BQ_STOP 0xff
/* Its move text: no square names it. */
#define BQ_STOP_TEXT "stop"

/* Letters of B1 by kind: Red uppercase, Black lowercase. */
#define BQ_LETTERS " KAERHCPkaerhcp"

typedef struct
{
  guint8 cell[BQ_SQUARES];
  guint8 pool[BQ_N_KINDS];     /* face-down pieces of each kind: public */
  gint8 first_colour;          /* the first seat's colour, -1 before the first flip */
  guint8 side;                 /* the seat to move: 0 first, 1 second */
  guint8 quiet;                /* turns since the last flip or capture (B11) */
  guint16 ply;                 /* plies played (BFEN field 5) */
  guint8 rules;                /* BqRules: the variants the game is played under */
  guint8 chain;                /* square + 1 of the piece that may capture again, else 0
                                * (BFEN's optional field 6) */
} BqPosition;

/* An action: a stop (the end of a chain of captures) has from == to == BQ_STOP; a flip has
 * from == to and @flip set; @piece is the kind it revealed once played
 * (or the kind a replayed record says it reveals), else 0. */
typedef struct
{
  guint8 from;
  guint8 to;
  guint8 flip;
  guint8 piece;
} BqMove;

typedef enum
{
  BQ_LEGAL = 0,
  BQ_ILLEGAL_GAME_OVER,
  BQ_ILLEGAL_OFF_BOARD,
  BQ_ILLEGAL_EMPTY_SQUARE,       /* nothing on @from */
  BQ_ILLEGAL_FACE_UP,            /* a flip of a piece already face up */
  BQ_ILLEGAL_FACE_DOWN_MOVES,    /* a face-down piece cannot move (B8) */
  BQ_ILLEGAL_NOT_OWN_PIECE,      /* the opponent's piece */
  BQ_ILLEGAL_DIAGONAL,           /* a step along a diagonal */
  BQ_ILLEGAL_TOO_FAR,            /* more than one square (not a cannon's capture) */
  BQ_ILLEGAL_OWN_PIECE,          /* the target holds one of the mover's own pieces */
  BQ_ILLEGAL_CAPTURE_FACE_DOWN,  /* the target lies face down (B8) */
  BQ_ILLEGAL_RANK,               /* the target ranks higher (B6) */
  BQ_ILLEGAL_GENERAL_SOLDIER,    /* the General does not take a Soldier (B6) */
  BQ_ILLEGAL_CANNON_NEIGHBOUR,   /* a cannon takes nothing next to it (B7) */
  BQ_ILLEGAL_CANNON_SCREEN,      /* not exactly one piece between cannon and target (B7) */
  BQ_ILLEGAL_SLIDE_OFF,          /* a Chariot's slide without the variant (B12) */
  BQ_ILLEGAL_SLIDE_BLOCKED,      /* a sliding Chariot's way is not empty (B12) */
  BQ_ILLEGAL_CHAIN_OTHER,        /* in a chain only the capturing piece acts (B12) */
  BQ_ILLEGAL_CHAIN_NOT_CAPTURE,  /* in a chain only a capture goes on (B12) */
} BqIllegal;

/* Why an action is illegal: the reason, the pieces involved (kinds) and, for the cannon, how
 * many pieces stand between it and its target. */
typedef struct
{
  BqIllegal reason;
  guint8 mover;                /* the kind on @from, 0 when empty or face down */
  guint8 target;               /* the kind on @to, 0 when empty or face down */
  guint screens;
} BqExplanation;

typedef enum
{
  BQ_ONGOING,
  BQ_WIN_CAPTURE_ALL,          /* B9 */
  BQ_WIN_NO_MOVES,             /* B10 */
  BQ_DRAW_QUIET,               /* B11, or the Olympiad's 180 plies */
} BqResult;

typedef struct
{
  BqResult result;
  guint8 winner;               /* the winning seat */
} BqStatus;

/* How many pieces of each kind the game has (B1), by BqKind. A macro for a table of each file's
 * own rather than one exported table: the plugin and a program that links the core beside it
 * (the fuzz target) would both define it. */
#define BQ_FULL_SET { 0, 1, 2, 2, 2, 2, 2, 5, 1, 2, 2, 2, 2, 2, 5 }

void       bq_position_init_start  (BqPosition       *pos);
void       bq_position_deal        (BqPosition       *pos,
                                    guint64           seed);
void       bq_position_observe     (BqPosition       *pos);
int        bq_colour_of_seat       (const BqPosition *pos,
                                    int               seat);
int        bq_seat_of_colour       (const BqPosition *pos,
                                    int               colour);
int        bq_colour_to_move       (const BqPosition *pos);
guint      bq_pieces_left          (const BqPosition *pos,
                                    int               colour);
void       bq_captured             (const BqPosition *pos,
                                    guint8            captured[BQ_N_KINDS]);
guint      bq_quiet_limit          (const BqPosition *pos);
guint      bq_rank_order           (guint             rules,
                                    BqRank            rank);
gboolean   bq_may_capture          (guint             rules,
                                    BqRank            attacker,
                                    BqRank            target);
gboolean   bq_game_over            (const BqPosition *pos);
int        bq_generate             (const BqPosition *pos,
                                    BqMove           *moves);
int        bq_legal_moves          (const BqPosition *pos,
                                    BqMove           *moves);
gboolean   bq_is_legal             (const BqPosition *pos,
                                    const BqMove     *move);
BqIllegal  bq_explain              (const BqPosition *pos,
                                    guint             from,
                                    guint             to,
                                    gboolean          flip,
                                    BqExplanation    *why);
guint8     bq_play                 (BqPosition       *pos,
                                    const BqMove     *move);
void       bq_status               (const BqPosition *pos,
                                    BqStatus         *status);
guint64    bq_perft                (const BqPosition *pos,
                                    guint             depth);

/* Text (banqi-text.c): BFEN (B2), the layout of face-down pieces, move texts (B3). */
/* Why @pos cannot be played (the pool against the face-down squares and the set), translated,
 * or NULL; @field is the BFEN field at fault. The BFEN reader and the position editor ask it. */
char      *bq_position_problem     (const BqPosition *pos,
                                    int              *field);
gboolean   bq_position_from_bfen   (BqPosition       *pos,
                                    const char       *text,
                                    GError          **error);
char      *bq_position_to_bfen     (const BqPosition *pos);
char      *bq_format_hidden        (const BqPosition *pos);
gboolean   bq_restore_hidden       (BqPosition       *pos,
                                    const char       *text,
                                    GError          **error);
int        bq_kind_of_letter       (char              letter);
const char *bq_kind_name           (int               kind);
const char *bq_rank_name           (BqRank            rank);
void       bq_square_name          (guint             square,
                                    char              name[8]);
gboolean   bq_parse_square         (const char       *text,
                                    guint            *square);
char      *bq_move_to_text         (const BqPosition *pos,
                                    const BqMove     *move,
                                    gboolean          coordinate);
gboolean   bq_move_from_text       (const char       *text,
                                    BqMove           *move);

G_END_DECLS
