/* catur-variant.h: the contract every game implements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <cairo.h>
#include <glib-object.h>

#include "catur-types.h"
#include "catur-theme.h"
#include "catur-search.h"

G_BEGIN_DECLS

/**
 * CATUR_VARIANT_EXTENSION_POINT:
 *
 * The GIO extension point plugins implement, with their variant id as the
 * extension name and the priority giving the order of the game menu (higher first).
 */
#define CATUR_VARIANT_EXTENSION_POINT "catur-variant"

#define CATUR_TYPE_VARIANT (catur_variant_get_type ())
G_DECLARE_INTERFACE (CaturVariant, catur_variant, CATUR, VARIANT, GObject)

/**
 * CaturPosition:
 * @variant: the variant that owns the position (not a reference)
 *
 * A position is an opaque value owned by its variant: the variant's own
 * struct begins with this one. Copy it with catur_position_copy() and free it
 * with catur_position_free(). A position is not thread-safe, but two threads
 * may work on two different positions of the same variant at once.
 */
typedef struct _CaturPosition CaturPosition;
struct _CaturPosition
{
  CaturVariant *variant;
};

/**
 * CaturGeometry:
 * @files: the number of files (columns)
 * @ranks: the number of ranks (rows)
 * @on_points: pieces stand on the intersections of lines (Xiangqi), not in squares
 * @has_hands: captured pieces go to hands and may be dropped (Shogi)
 * @has_hidden: pieces may lie face down (Banqi)
 */
typedef struct
{
  guint8 files;
  guint8 ranks;
  gboolean on_points;
  gboolean has_hands;
  gboolean has_hidden;
} CaturGeometry;

/**
 * CaturBoardLayout:
 * @x: left edge of the first file's square, or of the first point, in device-independent pixels
 * @y: top edge, likewise
 * @cell: the distance between two neighbouring files or ranks
 * @flipped: the second side is at the bottom
 * @files: copied from #CaturGeometry
 * @ranks: copied from #CaturGeometry
 * @on_points: copied from #CaturGeometry
 * @rotated: the board is shown turned a quarter clockwise (%CATUR_VARIANT_ROTATE_TO_FIT): the
 *   files run down the widget and the ranks across it, the bottom side's edge at the left
 *
 * Where the board stands in the widget. For a board on points, (@x, @y) is the
 * top-left point itself; for a board of squares it is the corner of the top-left square.
 * The variant always draws an upright board, at (@x, @y) as given: the shell turns the
 * picture. With @rotated the variant knows it will be turned, so that the words it writes
 * (the coordinates) can be turned back a quarter to be read upright.
 */
typedef struct
{
  double x;
  double y;
  double cell;
  gboolean flipped;
  guint8 files;
  guint8 ranks;
  gboolean on_points;
  gboolean rotated;
} CaturBoardLayout;

/**
 * CaturSetupChoice:
 * @value: the stable id of the choice: the string new_position() finds in its options
 * @label: the translated label the new-game dialog shows
 */
typedef struct
{
  const char *value;
  const char *label;
} CaturSetupChoice;

/**
 * CaturSetupOption:
 * @id: the stable id of the option: its key in the options (a{sv}) given to new_position(),
 *   whose value is a string, one of the @choices' values. It is also the name of the string
 *   (or enum) key that keeps the player's last choice in the variant's settings schema
 *   (get_settings_schema_id), when it has one
 * @label: the translated title of the option ("Handicap")
 * @description: (nullable): a translated line under the title
 * @choices: the values the option may take; the first is the standard game's
 * @n_choices: how many @choices there are (at least 1)
 * @depends_on: (nullable): the id of another option; this one matters only while that one is
 *   off its first choice (how many horses are given, once someone gives any)
 *
 * One way to set up a new game (a handicap, a start position, the number of players' pieces),
 * declared by the variant so that the shell builds the new-game dialog without knowing the game.
 */
typedef struct
{
  const char *id;
  const char *label;
  const char *description;
  const CaturSetupChoice *choices;
  guint n_choices;
  const char *depends_on;
} CaturSetupOption;

/**
 * CaturPositionFieldType:
 * @CATUR_POSITION_FIELD_CHOICE: one of the field's @choices (the side to move, an en-passant
 *   square); its value is the choice's index
 * @CATUR_POSITION_FIELD_TOGGLE: on or off (a castling right); its value is 1 or 0
 * @CATUR_POSITION_FIELD_COUNT: a number from 0 to the field's @max (pieces of a kind in hand,
 *   or still face down)
 *
 * What a #CaturPositionField holds, and so how the position editor shows it.
 */
typedef enum
{
  CATUR_POSITION_FIELD_CHOICE,
  CATUR_POSITION_FIELD_TOGGLE,
  CATUR_POSITION_FIELD_COUNT,
} CaturPositionFieldType;

/**
 * CaturPositionField:
 * @id: a stable id, unique within the variant (`turn`, `castle-white-king`, `hand-sente-P`)
 * @group: the translated heading the editor shows the field under ("Castling", "Sente's
 *   Hand"); fields of one group follow each other
 * @label: the translated label of the field ("White may castle kingside"); for a count, the
 *   piece's name will do
 * @type: #CaturPositionFieldType
 * @choices: for a choice, its values (@value unused, @label shown)
 * @n_choices: how many @choices there are
 * @max: for a count, its highest value
 * @piece: for a count, the piece it counts, whose picture the editor shows; else kind 0
 *
 * Something a position holds besides the pieces on its board, which the position editor lets
 * the player set (list_position_fields).
 */
typedef struct
{
  const char *id;
  const char *group;
  const char *label;
  CaturPositionFieldType type;
  const CaturSetupChoice *choices;
  guint n_choices;
  guint max;
  CaturPiece piece;
} CaturPositionField;

/**
 * CaturRecordFormatFlags:
 * @CATUR_RECORD_FORMAT_READ: the variant reads files of this format
 * @CATUR_RECORD_FORMAT_WRITE: the variant writes files of this format
 * @CATUR_RECORD_FORMAT_POSITION_ONLY: the format holds one position, not a game: writing
 *   keeps the position after the record's last move, and reading gives a record of no moves
 */
typedef enum
{
  CATUR_RECORD_FORMAT_READ = 1 << 0,
  CATUR_RECORD_FORMAT_WRITE = 1 << 1,
  CATUR_RECORD_FORMAT_POSITION_ONLY = 1 << 2,
} CaturRecordFormatFlags;

/**
 * CaturRecordFormat:
 * @id: a stable id, unique within the variant (`pgn`, `pgn-iccs`, `fen`)
 * @name: the translated name for a file chooser ("Xiangqi game (PGN, WXF notation)")
 * @extensions: file name extensions without the dot, %NULL-terminated; the first is the one
 *   a saved file gets
 * @mime_types: MIME types of the format, %NULL-terminated (may be empty)
 * @flags: #CaturRecordFormatFlags
 * @encoding: (nullable): the character set its files are written in, as g_convert() names it
 *   (`CP932` for Shift_JIS); %NULL for UTF-8. write_record() still gives UTF-8 text:
 *   catur_variant_write_record_file() converts it
 *
 * A file format of a game's records, as catur_variant_list_record_formats() gives them.
 * Several formats may share an extension: the reader of each accepts what the others write.
 */
typedef struct
{
  const char *id;
  const char *name;
  const char * const *extensions;
  const char * const *mime_types;
  CaturRecordFormatFlags flags;
  const char *encoding;
} CaturRecordFormat;

/**
 * CaturEngineDialect:
 * @CATUR_ENGINE_DIALECT_UCI: the Universal Chess Interface, which chess programs and (as UCCI's
 *   near kin) Xiangqi programs speak: `uci`/`uciok`, `position fen`, `go wtime … btime …`
 *   where `w` is the first seat's clock, `bestmove (none)` when there is no legal move
 * @CATUR_ENGINE_DIALECT_USI: the Universal Shogi Interface: `usi`/`usiok`, `position sfen`,
 *   `go btime … wtime … byoyomi …` where `b` (sente) is the first seat's clock,
 *   `gameover`, `bestmove resign` when there is no legal move
 *
 * The text protocol a game's programs and GUIs speak; catur-engine speaks it to a program
 * that has not said `uci` or `usi` yet.
 */
typedef enum
{
  CATUR_ENGINE_DIALECT_UCI,
  CATUR_ENGINE_DIALECT_USI,
} CaturEngineDialect;

/**
 * CaturVariantFlags:
 * @CATUR_VARIANT_NO_TAKE_BACKS: moves cannot be taken back, whoever plays (Banqi: a take-back
 *   would show what lay face down); CaturGame refuses every undo, and a change of players
 *   starts a new game instead
 * @CATUR_VARIANT_NO_DRAW_OFFERS: the rules have no draw by agreement (Shogi, Banqi):
 *   catur_game_offer_draw() refuses, and the shell offers no draw
 * @CATUR_VARIANT_TOP_PIECES_TURNED: the pieces of the side at the top of the board are always
 *   drawn turned towards the bottom player (Shogi's pieces point at their enemy), whatever
 *   the table-mode setting
 * @CATUR_VARIANT_ROTATE_TO_FIT: the board, taller than wide (or square), is shown turned a
 *   quarter clockwise in an area wider than tall, the bottom side's edge at the left: Banqi's
 *   4 × 8 board drawn 8 wide in a wide window, upright in a narrow one (#CaturBoardLayout's
 *   @rotated). Clicks, keys, markers and animations follow; the board the variant draws turns
 *   with it, coordinates included; the pieces stay upright. Not for a game with hands
 * @CATUR_VARIANT_COUNTS_PLIES: the game numbers each side's move on its own (Shogi's 手, "move
 *   37" the 37th ply), not a move of each side together: the turn said and the move shown in
 *   review are numbered so
 *
 * What the game's rules allow around the moves, which the shell follows (get_flags).
 */
typedef enum
{
  CATUR_VARIANT_NO_TAKE_BACKS = 1 << 0,
  CATUR_VARIANT_NO_DRAW_OFFERS = 1 << 1,
  CATUR_VARIANT_TOP_PIECES_TURNED = 1 << 2,
  CATUR_VARIANT_ROTATE_TO_FIT = 1 << 3,
  CATUR_VARIANT_COUNTS_PLIES = 1 << 4,
} CaturVariantFlags;

/**
 * CaturNotationFlags:
 * @CATUR_NOTATION_COORDINATE: the coordinate form engines and saved games use (ICCS `h2e2`,
 *   UCI `e7e8q`, USI `P*5e`): it names every move without the position's help and reads back
 *   the same. Exactly one notation of a variant has it
 */
typedef enum
{
  CATUR_NOTATION_COORDINATE = 1 << 0,
} CaturNotationFlags;

/**
 * CaturNotationInfo:
 * @id: the stable id, kept in the game's settings (`wxf`, `iccs`, `san`)
 * @name: the translated name for the notation choice ("WXF", "ICCS")
 * @description: (nullable): a translated line saying what it looks like ("C2=5, H8+7")
 * @flags: #CaturNotationFlags
 *
 * A notation in which the game writes moves (list_notations). The first is the default.
 */
typedef struct
{
  const char *id;
  const char *name;
  const char *description;
  CaturNotationFlags flags;
} CaturNotationInfo;

/**
 * CaturNoticeFlags:
 * @CATUR_NOTICE_OFFERS_DRAW: with it the shell offers the players a draw (where the game has
 *   draw offers and two people play)
 * @CATUR_NOTICE_ADDRESSED: the notice is addressed to the side in #CaturOutcome's @warned_side
 * @CATUR_NOTICE_WARNING: a warning (shown as one, and first), not an information
 */
typedef enum
{
  CATUR_NOTICE_OFFERS_DRAW = 1 << 0,
  CATUR_NOTICE_ADDRESSED = 1 << 1,
  CATUR_NOTICE_WARNING = 1 << 2,
} CaturNoticeFlags;

/**
 * CaturNoticeInfo:
 * @notice: its bit in #CaturOutcome's @notices: one bit per notice
 * @id: the stable id catur-engine's `status` prints (`repetition`)
 * @flags: #CaturNoticeFlags
 *
 * A notice the game may raise after a ply, in the order the shell shows them
 * (list_notices). Notices never end a game.
 */
typedef struct
{
  guint notice;
  const char *id;
  CaturNoticeFlags flags;
} CaturNoticeInfo;

/**
 * CaturMoveEffects:
 * @captured: the square of the piece the move captures, or %CATUR_SQUARE_NONE; not @to for
 *   an en-passant capture
 * @second_from: the square of a second piece that moves with it (the castling rook), or
 *   %CATUR_SQUARE_NONE
 * @second_to: where that second piece goes
 *
 * What a move does on the board besides taking its piece from @from to @to, for the markers
 * and animations of the shell (catur_variant_move_effects()).
 */
typedef struct
{
  CaturSquare captured;
  CaturSquare second_from;
  CaturSquare second_to;
} CaturMoveEffects;

/**
 * CaturJudgeThresholds:
 * @inaccuracy: the least loss of an inaccuracy
 * @mistake: the least loss of a mistake
 * @blunder: the least loss of a blunder
 *
 * Where the coach draws its lines, in the centipawns of the game's search, a move's loss being
 * how much worse it scores than the best move from the mover's view: below @inaccuracy a move
 * is good (or best), and each threshold is above the one before.
 */
typedef struct
{
  int inaccuracy;
  int mistake;
  int blunder;
} CaturJudgeThresholds;

/**
 * CaturScoreTerm:
 * @CATUR_SCORE_TERM_MATERIAL: what the pieces are worth, in hand too
 * @CATUR_SCORE_TERM_PLACEMENT: where the pieces stand (the evaluation's square tables)
 * @CATUR_SCORE_TERM_MOBILITY: how freely the pieces move
 * @CATUR_SCORE_TERM_KING_SAFETY: the attack on each king against what guards it
 * @CATUR_SCORE_TERM_PAWNS: the pawns' structure and how far they have run (passed pawns)
 * @CATUR_SCORE_TERM_THREATS: the other side's pieces attacked, and checks at hand
 * @CATUR_N_SCORE_TERMS: how many there are
 *
 * The parts of a game's evaluation that the coach can name in words, when a move loses
 * neither material nor a mate and its line still scores worse (catur_variant_score_terms()).
 */
typedef enum
{
  CATUR_SCORE_TERM_MATERIAL,
  CATUR_SCORE_TERM_PLACEMENT,
  CATUR_SCORE_TERM_MOBILITY,
  CATUR_SCORE_TERM_KING_SAFETY,
  CATUR_SCORE_TERM_PAWNS,
  CATUR_SCORE_TERM_THREATS,
  CATUR_N_SCORE_TERMS
} CaturScoreTerm;

/**
 * CaturHiddenPiece:
 * @piece: what a flip that turns it up carries as its #CaturMove's @piece
 * @flags: the flags that go with it besides %CATUR_MOVE_FLIP (%CATUR_MOVE_REVEALS_SECOND)
 * @count: how many such pieces lie face down
 *
 * One kind of the pieces still face down (list_hidden), told as the flip that would turn one
 * up, so that the pieces a flip may reveal can be played on a copy of the position.
 */
typedef struct
{
  guint8 piece;
  guint8 flags;
  guint count;
} CaturHiddenPiece;

/* A game record as files hold it: see catur-record.h. */
typedef struct _CaturRecord CaturRecord;

/**
 * CaturVariantInterface:
 *
 * Every method is called with the variant as first argument. The variant
 * object is immutable once constructed, so every method may be called from any
 * thread; a position may be used by one thread at a time. Strings returned as
 * `const char *` belong to the variant and live as long as it; `char *`
 * returns are freed with g_free(). Translated strings use the "catur" domain.
 * Methods marked (optional) may be left %NULL: the public wrapper (catur_variant_…())
 * then gives the default named.
 *
 * Sides are seats (#CaturSide); what a seat is called may depend on the position (Banqi's
 * colours come with the first flip), so the methods that name sides take one, which may be
 * %NULL: then they name the seat itself ("First player"), as a game without colours yet does.
 *
 * Hidden pieces: a game that sets #CaturGeometry's @has_hidden keeps, in the positions it
 * makes, what lies face down (the referee's position); observe() gives what the players see.
 * libcatur hands observations, never the referee's position, to think(), format_move(),
 * format(), explain(), list_trays(), list_counters() and position_key() of such a game, and
 * clears the kind and side of face-down pieces that piece_at() gives: nothing that thinks or
 * writes text can learn the layout.
 *
 * @get_id: the stable id (`xiangqi`)
 * @get_name: the translated name ("Xiangqi")
 * @get_description: a translated one-line description
 * @get_icon_name: a symbolic icon name for the game menu
 * @get_side_name: the translated name of a seat in @position ("Red"); @position may be %NULL
 *   (see above). A game whose colours never change ignores @position
 * @get_side_id: the stable id of a seat in @position (`red`); with a %NULL @position the id of
 *   the seat whatever its colour, which saved games keep (`first`, or `red` where the seats
 *   have fixed colours). Lower-case letters, digits and `-`
 * @get_geometry: fills a #CaturGeometry
 * @get_flags: (optional) the #CaturVariantFlags of the game's rules; default 0 (take-backs
 *   and draw offers allowed, pieces drawn upright)
 * @get_settings_schema_id: the child GSettings schema id, or %NULL. Besides one key per setup
 *   option, the shell reads and writes these keys when the schema has them, by name:
 *   `show-legal-moves` (b, whether the targets of a selected piece are marked), `piece-theme`
 *   (s, a piece theme id of list_piece_themes, the player's own included), `board-theme`
 *   (s, a board theme id of list_board_themes) and `notation` (s, a notation id of
 *   list_notations: how the move history writes moves). The preferences window shows a page
 *   per variant built from these keys, the setup options and the themes. Without a schema the
 *   defaults hold, and a notation chosen from the menu lasts the session
 * @get_piece_image: the image file name (without folder) for a piece (`red-chariot.svg`); a
 *   face-down piece comes with kind 0 and wants the image of a piece's back
 * @get_piece_name: the translated name of a piece as a player sees it, promoted or face down
 *   ("Chariot", "Promoted Silver", "Face-down piece"); a face-down piece comes with kind 0
 * @get_piece_letter: the letters of a piece as the game's text forms write it (`R`, `+S`);
 *   for a face-down piece the game's mark for one (`X`), or ""
 * @square_name: writes a square's coordinate name (`e2`) into a buffer of 8 bytes; the name of
 *   a hand slot is the game's to choose; one it leaves empty is named by the wrapper: the
 *   piece's letters and a star (`P*`)
 * @new_position: the start position of a new game with @options (a{sv}, may be %NULL);
 *   @seed feeds hidden layouts (the same seed deals the same layout)
 * @parse: reads a position text (FEN, SFEN…); %NULL and @error set when it is invalid,
 *   the message naming the bad field. A text that does not say what lies face down (Banqi's
 *   BFEN never does) gives a position whose face-down squares have no identity yet, as an
 *   observation has: deal_hidden() fills them
 * @format: writes a position text. It never tells what lies face down
 * @position_copy: a deep copy
 * @position_free: frees a position
 * @side_to_move: the seat whose turn it is: %CATUR_SIDE_FIRST or %CATUR_SIDE_SECOND, never
 *   %CATUR_SIDE_NONE (Banqi's first player is the first seat before anyone has a colour)
 * @piece_at: fills @piece with what stands on board square @square (kind 0 when empty);
 *   %FALSE when empty. It is not asked about hand slots: the wrapper answers for them from
 *   hand_count
 * @hand_count: (optional) how many pieces of @kind @side holds in hand; default 0
 * @list_hand_kinds: (optional) the kinds a hand can hold, in the order the shell shows them
 *   (Shogi: R B G S N L P), each from 1 to %CATUR_HAND_MAX_KIND, and their number in @n_kinds;
 *   the array belongs to the variant. Default: none (a game without hands)
 * @legal_moves: appends every legal move to @moves (a #GArray of #CaturMove) and returns their
 *   count: drops from hand slots, flips without the piece they would reveal, declarations
 *   (%CATUR_MOVE_DECLARE) when the rules allow one
 * @perft: the number of leaf nodes of the legal-move tree @depth plies deep
 * @explain: %NULL when @move is legal; else a translated sentence saying why not, and
 *   @reason_id (may be %NULL) set to a stable id (`horse-leg`). A @move whose @to is
 *   %CATUR_SQUARE_NONE asks why its @from (a square or a hand slot) cannot be selected (%NULL
 *   when it can): an empty hand slot is explained too ("You have no Silver in hand"). The
 *   piece a flip carries is not part of its legality
 * @play: plays a legal @move on @position and completes @move (in and out): a flip gets the
 *   piece it revealed in @piece and %CATUR_MOVE_REVEALS_SECOND when it is of the second
 *   colour. A flip that carries a piece already reveals that one: when the layout has it
 *   elsewhere, the variant exchanges the two face-down pieces (a replayed record, catur-engine's
 *   `a1=K`); a piece the face-down pieces cannot give is ignored. On an observation, whose
 *   face-down squares have no identity, a flip must carry its piece. The position keeps the
 *   counters its rules need of the past (plies without a capture, plies played), never the
 *   positions before it: the game keeps those (#CaturRepetition), so that a position stays
 *   cheap to copy
 * @position_key: (optional) the key of @position for the rules of repetition (RULES 0.2): a
 *   64-bit hash (Zobrist or any other) equal for two positions exactly when the rules count
 *   them as the same: the placement of the pieces (promoted or not) and the side to move, the
 *   pieces in hand (Shogi), the castling rights and the en-passant captures that are legal
 *   (Chess: not a mere double step), the face-down pool (Banqi); never move counters. It is
 *   asked of what the players see (an observation, for a game with hidden pieces), so it
 *   cannot depend on what lies face down. Without it the game has no rules of repetition:
 *   CaturGame keeps no log and status() always gets %NULL
 * @status: the outcome after the last ply (RULES 0.3). @history (may be %NULL) holds the
 *   positions of the game up to @position, whose key is its last entry's (see
 *   #CaturRepetition): the rules of repetition read it. %NULL means the position stands alone
 *   (a position text, a search's leaf): no rule of repetition applies
 * @in_check: (optional) whether the side to move is in check, and the square of its king;
 *   default %FALSE
 * @list_notations: the notations the game writes moves in, the default first, and their
 *   number in @n_notations (at least 1); exactly one has %CATUR_NOTATION_COORDINATE. The
 *   array lives as long as the variant. Without it the game has one, `coordinate`
 * @format_move: @move in the notation @notation_id, one of list_notations (the wrapper resolves
 *   %NULL and unknown ids to the default); @position is the position before the move. It may
 *   read what a completed flip revealed in @move, never a hidden piece of @position
 * @parse_move: reads a move in any notation the variant knows into @move. A coordinate move
 *   (ICCS `h0h5`, USI `P*5e`) that is well formed for the board is read whether or not it is
 *   legal in @position, so that explain() can say why not; a human notation that needs the
 *   position to find its piece (WXF `H2+3`, SAN `Nf3`) reads only a legal move. %FALSE with
 *   @error set (%CATUR_VARIANT_ERROR_INVALID_MOVE) when the text is no move. Callers that play
 *   the move check catur_variant_is_legal() first, as catur_game_play() does
 * @describe_outcome: how a finished game ended, translated, for the subtitle of the result card
 *   under the result the shell states ("Red wins", "Draw"): a short phrase that does not
 *   say again who won ("Double-cannon mate", "Black resigned", "The game reached 400
 *   plies"), or "" when there is nothing to add; it names the sides as @position (the last
 *   one; may be %NULL) does
 * @list_record_formats: the file formats of the game's records, and their number in
 *   @n_formats; %NULL-able (no formats). The array belongs to the variant
 * @read_record: reads a record in the format @format_id from @length bytes of @data (any
 *   bytes at all: the file as it was on disk). Returns a new #CaturRecord, or %NULL with
 *   @error set in the %CATUR_RECORD_ERROR domain, its message naming the line and what is
 *   wrong. A record whose moves are not all legal is refused whole
 *   (%CATUR_RECORD_ERROR_ILLEGAL_MOVE); a record of another game gives
 *   %CATUR_RECORD_ERROR_OTHER_GAME so that the caller may ask another variant
 * @read_records: (optional) for a format whose files may hold several games (a PGN database):
 *   every game of the file, each read on its own as read_record() reads one, in the file's
 *   order, as a #GPtrArray of #CaturRecord (transfer full, with a free function); a game that
 *   does not read is left out. %NULL with @error set (the first game's error) when none
 *   reads. The shell lets the player choose one when there are several
 *   (catur_pgn_read_games() does it for PGN). Not asked for a format of one position
 *   (%CATUR_RECORD_FORMAT_POSITION_ONLY). Default: read_record()'s one
 * @write_record: writes @record in the format @format_id as UTF-8 text
 * @format_hidden: (optional) for games with hidden pieces: a text saying what lies face down
 *   in @position, which its position text does not tell (saved games keep it)
 * @restore_hidden: (optional) puts back what @format_hidden wrote into @position (parsed from
 *   the position text); %FALSE with @error set when the text does not fit it
 * @observe: (optional) a new position of the same variant holding what the players see of
 *   @position: face-down squares without identity and, where the game needs it, the pool
 *   (how many of each kind and colour still lie face down). Legal moves, status and position
 *   text are those of @position. Default: a plain copy (a game without hidden pieces)
 * @deal_hidden: (optional) gives the face-down squares of @position that have no identity (an
 *   observation, a parsed position text) pieces from its pool, uniformly at random from
 *   @seed (the same seed deals the same); squares that have one keep it. catur-engine deals
 *   a position text once with its `Seed` option, so that bare flips (`a1`) can be played.
 *   Default: nothing
 * @list_trays: (optional) the trays of @position: a #GPtrArray of #CaturTray (transfer full,
 *   with a free function), always the same trays in the same order for a game, updated by
 *   every ply. Default: none
 * @list_counters: (optional) the counters of @position: a #GPtrArray of #CaturCounter, likewise.
 *   Default: none
 * @input_moves: (optional) appends to @moves the legal moves a player may mean by choosing
 *   @from and then @to (a click, a drag, a key); @from may be a hand slot or
 *   %CATUR_SQUARE_NONE (nothing chosen before). More than one is a choice the shell asks
 *   (a promotion). Chess adds the castling of a king chosen onto its own rook. Default: the
 *   legal moves from @from to @to; when @from is %CATUR_SQUARE_NONE and @to holds a
 *   face-down piece that may be flipped, that flip (a click on a face-down piece flips it
 *   when nothing is selected; with a piece selected it is a target, explained if illegal)
 * @move_effects: (optional) fills @effects (set to "nothing" by the wrapper) for a legal @move
 *   in @position: an en-passant capture's square, a castling rook's way. Default: a capture
 *   on @to when a piece stands there (not for flips, drops and declarations)
 * @get_declaration_label: (optional) the translated label of the menu item that plays the
 *   declaration @move (%CATUR_MOVE_DECLARE) in @position ("Declare Impasse"). Default: the
 *   move in the default notation
 * @list_notices: (optional) the notices the game may raise, in the order they are shown, and
 *   their number in @n_notices; the array lives as long as the variant. Default: none
 * @get_setup_options: (optional) the options of a new game, in the order the dialog shows
 *   them; @n_options is set to their count. The array lives as long as the variant
 * @get_display_options: (optional) the game's own choices of how it is shown (Shogi's rank
 *   labels), in the order the preferences show them; @n_options is set to their count. Each
 *   option's @id names a string key of the variant's settings schema, which the game follows
 *   at once; its @depends_on is unused. The array lives as long as the variant. Default: none
 * @describe_start: (optional) a translated phrase naming a start position that is not the
 *   standard one ("Red gives two horses", "Set-up position"), or %NULL for the standard start
 * @describe_notice: (optional; needed when list_notices lists any) a translated sentence for
 *   the notice @notice (a #CaturNoticeInfo's bit) of @outcome, in the game's own numbers
 *   ("60 moves without a capture: you may offer a draw"), naming sides as @position (may be
 *   %NULL) does. Without it the notice's id stands in
 * @list_piece_themes: the piece themes the game ships (a #GPtrArray of #CaturThemeInfo,
 *   transfer full), its default theme first; each a folder of images named by
 *   get_piece_image, with a `theme.ini` (catur_theme_list_folder() reads them). The player's
 *   own themes are added by catur_variant_list_piece_themes()
 * @list_board_themes: (optional) the board themes draw_board_themed() knows (a #GPtrArray of
 *   #CaturThemeInfo without @uri, transfer full), the default first; without it, none: the
 *   game draws one board, and draw_board_themed() is always given %NULL
 * @draw_board_themed: draws the empty board (lines, river, palaces, coordinates) with cairo,
 *   in @layout's coordinates, in one of the board themes; an unknown or %NULL @board_theme
 *   draws the default one. It may paint up to one @cell beyond the outermost points or
 *   squares for a frame and coordinates, and the shell leaves that room. @dark asks for
 *   colours that suit the dark style
 * @think: (optional) the computer player: searches @position within @limits (its level, depth,
 *   time and nodes; see #CaturSearchLimits and the level table of catur-search.h), calls
 *   @info_func (may be %NULL) after each finished iteration, and fills @result with a legal
 *   move, its score and principal variation; @result->has_move is %FALSE when there is no
 *   legal move. @position is an observation (see above): a flip it chooses carries no piece.
 *   @limits' @history, when set, holds the game's positions up to @position, for the rules
 *   of repetition inside the search; the search may only read it.
 *   Thread safety: it runs in a worker thread, on a copy of the position made for it alone,
 *   which it may change and need not restore; @info_func is called in that thread. When
 *   @cancellable is cancelled it returns within a few milliseconds with the best move found so
 *   far (a caller that cancelled to abandon the search ignores it). %NULL for a game without a
 *   computer player: catur_variant_think() then fails with
 *   %CATUR_VARIANT_ERROR_NOT_SUPPORTED. Returns %FALSE with @error set when it cannot search
 * @get_bench_positions: (optional) a %NULL-terminated list of position texts (openings, middle
 *   games, endings) that catur-engine's `bench` searches to measure speed; %NULL for the start
 *   position alone
 * @get_bench_depth: (optional) the depth catur-engine's `bench` searches its positions to
 *   when it is given none: one that takes a few seconds. Default: 9
 * @describe_level_strength: (optional) how strong the computer plays this game at @level, in
 *   the user's language, as measured (tests/bench/README.md): "About 1500 Elo (against
 *   Stockfish)"; %NULL when not measured, or for a game without a computer player
 * @get_engine_dialect: (optional) the protocol the game's GUIs speak to engines; without it,
 *   %CATUR_ENGINE_DIALECT_UCI
 * @apply_options: (optional) gives @position, a start position read from a text (a saved
 *   game's, a record's), the rule options (a{sv}, as new_position() receives them) its game is
 *   played under, which the text does not tell: a move limit, the time a move may take. The
 *   position keeps them, and every position played from it. Options that only shape the start
 *   (a handicap) are in the text already and are ignored; so are options it does not know.
 *   CaturGame calls it with the options it keeps (catur_game_set_options()), so that a
 *   resumed or reopened game plays under the rules it started with. Default: nothing (the
 *   game has no rule options)
 * @get_move_time: (optional) the seconds the player to move in @position has for the move, 0
 *   for no limit; a game with a per-move time limit keeps it in its positions, from a setup
 *   option (catur_setup_option_move_time() offers the usual one: off, 30 s, 60 s). The shell
 *   counts the time down for the player to move and calls catur_game_time_out() when it runs
 *   out. Default: 0
 * @time_out: (optional) what happens when the player to move in @position runs out of time:
 *   either %TRUE with a legal @move to play for them (Banqi: the capture of the highest piece,
 *   else a flip), or %FALSE with @outcome (initialised as ongoing) set to the end of the game
 *   (Chess: the player loses, or draws when the opponent has no mating material; reason
 *   %CATUR_REASON_TIME_OUT). @time_outs is how many times in a row this seat has now run out
 *   of time, this one included (Banqi: the second loses); @history is as for status(). It is
 *   never asked when the position has no legal move. Default: the player to move loses
 * @describe_move: (optional) a translated sentence saying what the legal (completed) @move
 *   does in @position, the position before it, for a player who cannot see the board ("Black
 *   Horse from b9 to c7", "Red Cannon takes the Horse on e7"); without check or outcome, which
 *   the shell adds. It never tells what lies face down. Default: built from piece_at(),
 *   square_name(), get_piece_name() and get_side_name() (see catur_variant_describe_move())
 * @list_attackers: (optional) appends to @squares (a #GArray of #CaturSquare) the squares of
 *   @side's pieces that could take a piece of the other side standing on board square @square
 *   (whatever stands there now, so that a player's own pieces defend it), and returns their
 *   count; pseudo-legal: a piece that may not move for its general's sake still counts.
 *   Default: for the side to move, the pieces with a legal move onto @square; for the other
 *   side, none (a game that can do better overrides it)
 * @get_clock_presets: (optional) the game clocks its players usually play with, as time
 *   control texts (#CaturTimeControl: `600+5`, `600b30`), %NULL-terminated, in the order the
 *   new-game dialog offers them after "No Clock". libcatur adds them to the setup options as
 *   the `clock` option (%CATUR_OPTION_CLOCK), which CaturGame's clock keeps; the game's
 *   rules for running out of time stay time_out()'s. Default: no game clock
 * @describe_no_draw_offers: (optional) for a game with %CATUR_VARIANT_NO_DRAW_OFFERS, a
 *   translated sentence telling the players how its games end instead, which the shell shows
 *   where a draw would be offered ("Shogi games end by mate, resignation, repetition, impasse
 *   or the move limit; there are no draw offers"). Default: "<name> has no draw by agreement"
 * @score_record: (optional) how much @length bytes of @data (a file's, any bytes at all) look
 *   like a record of this game in the format @format_id, before any is read: from
 *   %CATUR_RECORD_SCORE_NOT_MINE (another game's name in it, moves no notation of the game
 *   has) to %CATUR_RECORD_SCORE_MINE (it names the game: a PGN `Game` or `Variant` tag, KIF's
 *   and CSA's marks). catur_record_read_file_data() asks the games in the order of their
 *   scores, and a file none reads gets the error of the one that scored highest: the shell
 *   names no game. A quick look (the tags, the first move) will do. Default:
 *   %CATUR_RECORD_SCORE_UNKNOWN for any text
 * @get_piece_value: (optional) what @piece is worth in the centipawns of the game's search
 *   (promoted or not), for the coach's words on material (catur-judge.h); 0 for a piece that
 *   is never taken (a king). Default: 100, every piece a pawn
 * @get_judge_thresholds: (optional) fills @thresholds with the losses, in the centipawns of
 *   the game's search from the mover's view, at which the coach calls a move an inaccuracy, a
 *   mistake and a blunder (see #CaturJudgeThresholds). Default: 50, 120 and 300
 * @static_exchange: (optional) the static exchange evaluation of the legal @move of @position:
 *   what the mover wins on its target (negative: loses) in centipawns of get_piece_value()
 *   when both sides take back there with their cheapest pieces while it pays, 0 for a move
 *   that takes nothing. Games with a search of their own give its SEE (Cannons' screens,
 *   pieces uncovered). Default: the exchange played out with legal captures on the target,
 *   the cheapest first
 * @list_hidden: (optional) for a game with hidden pieces: appends to @items (a #GArray of
 *   #CaturHiddenPiece) each piece that lies face down in @position (an observation: what both
 *   players know of the pool) with how many of it, so that the coach can weigh what a flip
 *   may turn up. Default: none
 * @score_terms: (optional) fills @terms (%CATUR_N_SCORE_TERMS of them, set to 0 by the
 *   wrapper) with what @side's own pieces, hand and king add to the game's static evaluation
 *   of @position, part by part, in the centipawns of its search, tapered as the evaluation
 *   tapers them: its pieces' worth and squares, their room, its king's safety (less the
 *   attack on it), its pawns, the threats it makes. @side's parts less the other side's are
 *   about the evaluation, not exactly (a scale towards a draw, a tempo are left out). The
 *   coach names the part that turned most against a bad move when its line loses no
 *   material (catur-judge.h). %FALSE when the game cannot say. Default: %FALSE
 * @pass_turn: (optional) gives the turn of @position to the other side with nothing else
 *   changed but what the rules tie to the turn (an en-passant right lapses), as a search's
 *   null move does, so that the coach can ask what the side not to move threatens
 *   (catur-threats.h). %FALSE, with @position unchanged, when the rules cannot have that
 *   position (a chain of captures under way); the wrapper refuses a side in check itself.
 *   Default: %FALSE
 * @list_setup_pieces: (optional) the pieces a player may put on the board when setting up a
 *   position, in the order the editor's palette shows them (the first side's, then the
 *   second's; promoted and face-down pieces too where the game has them), and their number in
 *   @n_pieces; the array belongs to the variant. Without it the game cannot be set up
 * @set_piece: (optional; needed with list_setup_pieces) puts @piece (one of
 *   list_setup_pieces, or %NULL to empty it) on board square @square of @position, keeping
 *   what the position derives from its pieces (keys, king squares) right. The position need
 *   not be one that can be played while it is edited (check_position() says why not), but
 *   every method the editor asks of it (piece_at, hand_count, format, the fields) must work
 *   on it. %FALSE when @piece can never stand on that square's board (nothing is changed)
 * @list_position_fields: (optional) what the position holds besides the board that the editor
 *   lets the player set: the side to move, castling rights, pieces in hand, the face-down
 *   pool; their number in @n_fields; the array belongs to the variant. Default: none
 * @get_position_field: (optional; needed with list_position_fields) the value of field
 *   @field (an index of list_position_fields) in @position
 * @set_position_field: (optional; needed with list_position_fields) sets field @field of
 *   @position to @value (in the field's range)
 * @check_position: (optional) why @position cannot be played, translated, naming what is
 *   wrong ("White has two kings", "Sente has two pawns on file 5", "the side not to move is
 *   in check"), or %NULL when it can. The game's position text reader refuses the same
 *   positions for the same reasons (its message may add the field). Default: %NULL
 */
struct _CaturVariantInterface
{
  GTypeInterface parent_iface;

  const char    *(*get_id)                 (CaturVariant        *self);
  const char    *(*get_name)               (CaturVariant        *self);
  const char    *(*get_description)        (CaturVariant        *self);
  const char    *(*get_icon_name)          (CaturVariant        *self);
  const char    *(*get_side_name)          (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturSide            side);
  const char    *(*get_side_id)            (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturSide            side);
  void           (*get_geometry)           (CaturVariant        *self,
                                            CaturGeometry       *geometry);
  CaturVariantFlags (*get_flags)           (CaturVariant        *self);
  const char    *(*get_settings_schema_id) (CaturVariant        *self);
  const char    *(*get_piece_image)        (CaturVariant        *self,
                                            const CaturPiece    *piece);
  char          *(*get_piece_name)         (CaturVariant        *self,
                                            const CaturPiece    *piece);
  char          *(*get_piece_letter)       (CaturVariant        *self,
                                            const CaturPiece    *piece);
  void           (*square_name)            (CaturVariant        *self,
                                            CaturSquare          square,
                                            char                 name[8]);

  CaturPosition *(*new_position)           (CaturVariant        *self,
                                            GVariant            *options,
                                            guint64              seed);
  CaturPosition *(*parse)                  (CaturVariant        *self,
                                            const char          *text,
                                            GError             **error);
  char          *(*format)                 (CaturVariant        *self,
                                            const CaturPosition *position);
  CaturPosition *(*position_copy)          (CaturVariant        *self,
                                            const CaturPosition *position);
  void           (*position_free)          (CaturVariant        *self,
                                            CaturPosition       *position);

  CaturSide      (*side_to_move)           (CaturVariant        *self,
                                            const CaturPosition *position);
  gboolean       (*piece_at)               (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturSquare          square,
                                            CaturPiece          *piece);
  guint          (*hand_count)             (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturSide            side,
                                            guint8               kind);
  const guint8  *(*list_hand_kinds)        (CaturVariant        *self,
                                            guint               *n_kinds);

  guint          (*legal_moves)            (CaturVariant        *self,
                                            const CaturPosition *position,
                                            GArray              *moves);
  guint64        (*perft)                  (CaturVariant        *self,
                                            const CaturPosition *position,
                                            guint                depth);
  char          *(*explain)                (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturMove     *move,
                                            const char         **reason_id);
  void           (*play)                   (CaturVariant        *self,
                                            CaturPosition       *position,
                                            CaturMove           *move);
  guint64        (*position_key)           (CaturVariant        *self,
                                            const CaturPosition *position);
  void           (*status)                 (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturRepetition *history,
                                            CaturOutcome        *outcome);
  gboolean       (*in_check)               (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturSquare         *king);

  const CaturNotationInfo *(*list_notations) (CaturVariant      *self,
                                            guint               *n_notations);
  char          *(*format_move)            (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturMove     *move,
                                            const char          *notation_id);
  gboolean       (*parse_move)             (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const char          *text,
                                            CaturMove           *move,
                                            GError             **error);
  char          *(*describe_outcome)       (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturOutcome  *outcome);

  const CaturRecordFormat *(*list_record_formats) (CaturVariant   *self,
                                                 guint          *n_formats);
  CaturRecord   *(*read_record)            (CaturVariant        *self,
                                            const char          *format_id,
                                            const char          *data,
                                            gsize                length,
                                            GError             **error);
  char          *(*write_record)           (CaturVariant        *self,
                                            const char          *format_id,
                                            CaturRecord         *record,
                                            GError             **error);
  char          *(*format_hidden)          (CaturVariant        *self,
                                            const CaturPosition *position);
  gboolean       (*restore_hidden)         (CaturVariant        *self,
                                            CaturPosition       *position,
                                            const char          *text,
                                            GError             **error);
  CaturPosition *(*observe)                (CaturVariant        *self,
                                            const CaturPosition *position);
  void           (*deal_hidden)            (CaturVariant        *self,
                                            CaturPosition       *position,
                                            guint64              seed);

  GPtrArray     *(*list_trays)             (CaturVariant        *self,
                                            const CaturPosition *position);
  GPtrArray     *(*list_counters)          (CaturVariant        *self,
                                            const CaturPosition *position);
  void           (*input_moves)            (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturSquare          from,
                                            CaturSquare          to,
                                            GArray              *moves);
  void           (*move_effects)           (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturMove     *move,
                                            CaturMoveEffects    *effects);
  char          *(*get_declaration_label)  (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturMove     *move);
  const CaturNoticeInfo *(*list_notices)   (CaturVariant        *self,
                                            guint               *n_notices);

  const CaturSetupOption *(*get_setup_options) (CaturVariant    *self,
                                                guint           *n_options);
  const CaturSetupOption *(*get_display_options) (CaturVariant  *self,
                                                  guint         *n_options);
  char          *(*describe_start)         (CaturVariant        *self,
                                            const CaturPosition *position);
  char          *(*describe_notice)        (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturOutcome  *outcome,
                                            guint                notice);

  GPtrArray     *(*list_piece_themes)      (CaturVariant        *self);
  GPtrArray     *(*list_board_themes)      (CaturVariant        *self);
  void           (*draw_board_themed)      (CaturVariant        *self,
                                            cairo_t             *cr,
                                            const CaturBoardLayout *layout,
                                            const char          *board_theme,
                                            gboolean             dark);

  gboolean       (*think)                  (CaturVariant        *self,
                                            CaturPosition       *position,
                                            const CaturSearchLimits *limits,
                                            CaturSearchInfoFunc  info_func,
                                            gpointer             info_data,
                                            GCancellable        *cancellable,
                                            CaturSearchResult   *result,
                                            GError             **error);
  const char * const *(*get_bench_positions) (CaturVariant     *self);
  CaturEngineDialect (*get_engine_dialect)  (CaturVariant        *self);

  GPtrArray     *(*read_records)           (CaturVariant        *self,
                                            const char          *format_id,
                                            const char          *data,
                                            gsize                length,
                                            GError             **error);
  void           (*apply_options)          (CaturVariant        *self,
                                            CaturPosition       *position,
                                            GVariant            *options);
  guint          (*get_move_time)          (CaturVariant        *self,
                                            const CaturPosition *position);
  gboolean       (*time_out)               (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturRepetition *history,
                                            guint                time_outs,
                                            CaturMove           *move,
                                            CaturOutcome        *outcome);
  char          *(*describe_move)          (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturMove     *move);
  guint          (*list_attackers)         (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturSquare          square,
                                            CaturSide            side,
                                            GArray              *squares);
  guint          (*get_bench_depth)        (CaturVariant        *self);
  char          *(*describe_level_strength) (CaturVariant       *self,
                                            CaturLevel           level);
  const char * const *(*get_clock_presets) (CaturVariant        *self);
  char          *(*describe_no_draw_offers) (CaturVariant       *self);
  guint          (*score_record)           (CaturVariant        *self,
                                            const char          *format_id,
                                            const char          *data,
                                            gsize                length);
  int            (*get_piece_value)        (CaturVariant        *self,
                                            const CaturPiece    *piece);
  void           (*get_judge_thresholds)   (CaturVariant        *self,
                                            CaturJudgeThresholds *thresholds);
  int            (*static_exchange)        (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturMove     *move);
  void           (*list_hidden)            (CaturVariant        *self,
                                            const CaturPosition *position,
                                            GArray              *items);
  gboolean       (*pass_turn)              (CaturVariant        *self,
                                            CaturPosition       *position);

  const CaturPiece *(*list_setup_pieces)   (CaturVariant        *self,
                                            guint               *n_pieces);
  gboolean       (*set_piece)              (CaturVariant        *self,
                                            CaturPosition       *position,
                                            CaturSquare          square,
                                            const CaturPiece    *piece);
  const CaturPositionField *(*list_position_fields) (CaturVariant *self,
                                                   guint         *n_fields);
  guint          (*get_position_field)     (CaturVariant        *self,
                                            const CaturPosition *position,
                                            guint                field);
  void           (*set_position_field)     (CaturVariant        *self,
                                            CaturPosition       *position,
                                            guint                field,
                                            guint                value);
  char          *(*check_position)         (CaturVariant        *self,
                                            const CaturPosition *position);
  gboolean       (*score_terms)            (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturSide            side,
                                            int                 *terms);
};

/* What score_record() may answer: not this game's, no sign either way, this game's. Scores
 * between them say how likely. */
#define CATUR_RECORD_SCORE_NOT_MINE 0
#define CATUR_RECORD_SCORE_UNKNOWN 50
#define CATUR_RECORD_SCORE_MINE 100

/**
 * CATUR_VARIANT_ERROR:
 *
 * The error domain of position and move texts.
 */
#define CATUR_VARIANT_ERROR (catur_variant_error_quark ())
typedef enum
{
  CATUR_VARIANT_ERROR_INVALID_POSITION,
  CATUR_VARIANT_ERROR_INVALID_MOVE,
  CATUR_VARIANT_ERROR_ILLEGAL_MOVE,
  CATUR_VARIANT_ERROR_NOT_SUPPORTED,
} CaturVariantError;

GQuark         catur_variant_error_quark       (void);

const char    *catur_variant_get_id            (CaturVariant        *self);
const char    *catur_variant_get_name          (CaturVariant        *self);
const char    *catur_variant_get_description   (CaturVariant        *self);
const char    *catur_variant_get_icon_name     (CaturVariant        *self);
const char    *catur_variant_get_side_name     (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSide            side);
const char    *catur_variant_get_side_id       (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSide            side);
void           catur_variant_get_geometry      (CaturVariant        *self,
                                                CaturGeometry       *geometry);
CaturVariantFlags catur_variant_get_flags      (CaturVariant        *self);
const char    *catur_variant_get_settings_schema_id (CaturVariant   *self);
const char    *catur_variant_get_piece_image   (CaturVariant        *self,
                                                const CaturPiece    *piece);
char          *catur_variant_get_piece_name    (CaturVariant        *self,
                                                const CaturPiece    *piece);
char          *catur_variant_get_piece_letter  (CaturVariant        *self,
                                                const CaturPiece    *piece);
void           catur_variant_square_name       (CaturVariant        *self,
                                                CaturSquare          square,
                                                char                 name[8]);
CaturPosition *catur_variant_new_position      (CaturVariant        *self,
                                                GVariant            *options,
                                                guint64              seed);
CaturPosition *catur_variant_parse             (CaturVariant        *self,
                                                const char          *text,
                                                GError             **error);
char          *catur_variant_format            (CaturVariant        *self,
                                                const CaturPosition *position);
CaturSide      catur_variant_side_to_move      (CaturVariant        *self,
                                                const CaturPosition *position);
gboolean       catur_variant_piece_at          (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSquare          square,
                                                CaturPiece          *piece);
guint          catur_variant_hand_count        (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSide            side,
                                                guint8               kind);
const guint8  *catur_variant_list_hand_kinds   (CaturVariant        *self,
                                                guint               *n_kinds);
GArray        *catur_variant_legal_moves       (CaturVariant        *self,
                                                const CaturPosition *position);
GArray        *catur_variant_legal_moves_from  (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSquare          from);
guint64        catur_variant_perft             (CaturVariant        *self,
                                                const CaturPosition *position,
                                                guint                depth);
char          *catur_variant_explain           (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturMove     *move,
                                                const char         **reason_id);
gboolean       catur_variant_is_legal          (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturMove     *move);
void           catur_variant_play              (CaturVariant        *self,
                                                CaturPosition       *position,
                                                CaturMove           *move);
gboolean       catur_variant_has_position_keys (CaturVariant        *self);
guint64        catur_variant_position_key      (CaturVariant        *self,
                                                const CaturPosition *position);
CaturRepetition *catur_variant_new_repetition  (CaturVariant        *self,
                                                const CaturPosition *start);
void           catur_variant_push_repetition   (CaturVariant        *self,
                                                CaturRepetition     *history,
                                                CaturSide            mover,
                                                const CaturPosition *position);
void           catur_variant_status            (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturRepetition *history,
                                                CaturOutcome        *outcome);
gboolean       catur_variant_in_check          (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSquare         *king);
const CaturNotationInfo *catur_variant_list_notations (CaturVariant *self,
                                                guint               *n_notations);
const CaturNotationInfo *catur_variant_find_notation  (CaturVariant *self,
                                                const char          *notation_id);
const char    *catur_variant_get_default_notation (CaturVariant     *self);
const char    *catur_variant_get_coordinate_notation (CaturVariant  *self);
char          *catur_variant_format_move       (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturMove     *move,
                                                const char          *notation_id);
gboolean       catur_variant_parse_move        (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const char          *text,
                                                CaturMove           *move,
                                                GError             **error);
char          *catur_variant_describe_outcome  (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturOutcome  *outcome);
const CaturRecordFormat *catur_variant_list_record_formats (CaturVariant *self,
                                                            guint        *n_formats);
const CaturRecordFormat *catur_variant_find_record_format  (CaturVariant *self,
                                                            const char   *format_id);
const CaturRecordFormat *catur_variant_guess_record_format (CaturVariant *self,
                                                            const char   *filename,
                                                            CaturRecordFormatFlags needed);
CaturRecord   *catur_variant_read_record       (CaturVariant        *self,
                                                const char          *format_id,
                                                const char          *data,
                                                gsize                length,
                                                GError             **error);
guint          catur_variant_score_record      (CaturVariant        *self,
                                                const char          *format_id,
                                                const char          *data,
                                                gsize                length);
GPtrArray     *catur_variant_read_records      (CaturVariant        *self,
                                                const char          *format_id,
                                                const char          *data,
                                                gsize                length,
                                                GError             **error);
char          *catur_variant_write_record      (CaturVariant        *self,
                                                const char          *format_id,
                                                CaturRecord         *record,
                                                GError             **error);
char          *catur_variant_write_record_file (CaturVariant        *self,
                                                const char          *format_id,
                                                CaturRecord         *record,
                                                gsize               *length,
                                                GError             **error);
char          *catur_variant_format_hidden     (CaturVariant        *self,
                                                const CaturPosition *position);
gboolean       catur_variant_restore_hidden    (CaturVariant        *self,
                                                CaturPosition       *position,
                                                const char          *text,
                                                GError             **error);
CaturPosition *catur_variant_observe           (CaturVariant        *self,
                                                const CaturPosition *position);
void           catur_variant_deal_hidden       (CaturVariant        *self,
                                                CaturPosition       *position,
                                                guint64              seed);
GPtrArray     *catur_variant_list_trays        (CaturVariant        *self,
                                                const CaturPosition *position);
GPtrArray     *catur_variant_list_counters     (CaturVariant        *self,
                                                const CaturPosition *position);
GArray        *catur_variant_input_moves       (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSquare          from,
                                                CaturSquare          to);
void           catur_variant_move_effects      (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturMove     *move,
                                                CaturMoveEffects    *effects);
char          *catur_variant_get_declaration_label (CaturVariant    *self,
                                                const CaturPosition *position,
                                                const CaturMove     *move);
const CaturNoticeInfo *catur_variant_list_notices (CaturVariant     *self,
                                                guint               *n_notices);
const CaturSetupOption *catur_variant_get_setup_options (CaturVariant *self,
                                                guint               *n_options);
const CaturSetupOption *catur_variant_find_setup_option (CaturVariant *self,
                                                const char          *id);
const CaturSetupOption *catur_variant_get_display_options (CaturVariant *self,
                                                guint               *n_options);
char          *catur_variant_describe_start    (CaturVariant        *self,
                                                const CaturPosition *position);
char          *catur_variant_describe_notice   (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturOutcome  *outcome,
                                                guint                notice);
char          *catur_variant_describe_piece    (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturPiece    *piece);
char          *catur_variant_describe_move     (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturMove     *move);
GArray        *catur_variant_list_attackers    (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSquare          square,
                                                CaturSide            side);
int            catur_variant_get_piece_value   (CaturVariant        *self,
                                                const CaturPiece    *piece);
void           catur_variant_get_judge_thresholds (CaturVariant     *self,
                                                CaturJudgeThresholds *thresholds);
int            catur_variant_static_exchange   (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturMove     *move);
gboolean       catur_variant_score_terms       (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSide            side,
                                                int                  terms[CATUR_N_SCORE_TERMS]);
GArray        *catur_variant_list_hidden       (CaturVariant        *self,
                                                const CaturPosition *position);
CaturPosition *catur_variant_pass_turn         (CaturVariant        *self,
                                                const CaturPosition *position);

GPtrArray     *catur_variant_list_piece_themes (CaturVariant        *self);
GPtrArray     *catur_variant_list_board_themes (CaturVariant        *self);
CaturThemeInfo *catur_variant_find_piece_theme (CaturVariant        *self,
                                                const char          *id);
char          *catur_variant_get_default_piece_theme (CaturVariant  *self);
char          *catur_variant_get_default_board_theme (CaturVariant  *self);
char          *catur_variant_get_user_theme_folder (CaturVariant    *self);
void           catur_variant_draw_board_themed (CaturVariant        *self,
                                                cairo_t             *cr,
                                                const CaturBoardLayout *layout,
                                                const char          *board_theme,
                                                gboolean             dark);

const char    *catur_setup_option_get_value    (const CaturSetupOption *option,
                                                GVariant            *options);
gint           catur_setup_option_find_choice  (const CaturSetupOption *option,
                                                const char          *value);
gboolean       catur_variant_can_think         (CaturVariant        *self);
const char * const *catur_variant_get_bench_positions (CaturVariant *self);
guint          catur_variant_get_bench_depth   (CaturVariant        *self);
char          *catur_variant_describe_level_strength (CaturVariant *self,
                                                      CaturLevel    level);
char          *catur_variant_describe_no_draw_offers (CaturVariant  *self);
gboolean       catur_variant_judge_draw_offer  (CaturVariant        *self,
                                                GPtrArray           *positions,
                                                CaturSide            judge,
                                                GCancellable        *cancellable,
                                                gboolean            *accept,
                                                char               **reason,
                                                GError             **error);
CaturEngineDialect catur_variant_get_engine_dialect (CaturVariant   *self);
void           catur_variant_apply_options     (CaturVariant        *self,
                                                CaturPosition       *position,
                                                GVariant            *options);
guint          catur_variant_get_move_time     (CaturVariant        *self,
                                                const CaturPosition *position);
gboolean       catur_variant_time_out          (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturRepetition *history,
                                                guint                time_outs,
                                                CaturMove           *move,
                                                CaturOutcome        *outcome);
const CaturSetupOption *catur_setup_option_move_time (void);
guint          catur_setup_option_get_move_time (GVariant           *options);
gboolean       catur_variant_think             (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturSearchLimits *limits,
                                                CaturSearchInfoFunc  info_func,
                                                gpointer             info_data,
                                                GCancellable        *cancellable,
                                                CaturSearchResult   *result,
                                                GError             **error);

gboolean       catur_variant_can_set_up        (CaturVariant        *self);
const CaturPiece *catur_variant_list_setup_pieces (CaturVariant     *self,
                                                guint               *n_pieces);
gboolean       catur_variant_set_piece         (CaturVariant        *self,
                                                CaturPosition       *position,
                                                CaturSquare          square,
                                                const CaturPiece    *piece);
const CaturPositionField *catur_variant_list_position_fields (CaturVariant *self,
                                                guint               *n_fields);
guint          catur_variant_get_position_field (CaturVariant       *self,
                                                const CaturPosition *position,
                                                guint                field);
void           catur_variant_set_position_field (CaturVariant       *self,
                                                CaturPosition       *position,
                                                guint                field,
                                                guint                value);
char          *catur_variant_check_position    (CaturVariant        *self,
                                                const CaturPosition *position);

CaturPosition *catur_position_copy             (const CaturPosition *position);
void           catur_position_free             (CaturPosition       *position);

void           catur_board_layout_square_center (const CaturBoardLayout *layout,
                                                 CaturSquare             square,
                                                 double                 *x,
                                                 double                 *y);
CaturSquare    catur_board_layout_square_at     (const CaturBoardLayout *layout,
                                                 double                  x,
                                                 double                  y);
guint          catur_board_layout_get_columns   (const CaturBoardLayout *layout);
guint          catur_board_layout_get_rows      (const CaturBoardLayout *layout);
void           catur_board_layout_square_cell   (const CaturBoardLayout *layout,
                                                 CaturSquare             square,
                                                 int                    *column,
                                                 int                    *row);
CaturSquare    catur_board_layout_cell_square   (const CaturBoardLayout *layout,
                                                 int                     column,
                                                 int                     row);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturPosition, catur_position_free)

G_END_DECLS
