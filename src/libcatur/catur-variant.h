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
 *
 * Where the board stands in the widget. For a board on points, (@x, @y) is the
 * top-left point itself; for a board of squares it is the corner of the top-left square.
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
 *
 * @get_id: the stable id (`xiangqi`)
 * @get_name: the translated name ("Xiangqi")
 * @get_description: a translated one-line description
 * @get_icon_name: a symbolic icon name for the game menu
 * @get_side_name: the translated name of a side ("Red")
 * @get_side_id: the stable id of a side (`red`)
 * @get_geometry: fills a #CaturGeometry
 * @get_settings_schema_id: the child GSettings schema id, or %NULL. Besides one key per setup
 *   option, the shell reads and writes these keys when the schema has them, by name:
 *   `show-legal-moves` (b, whether the targets of a selected piece are marked), `piece-theme`
 *   (s, a piece theme id of list_piece_themes, the player's own included) and `board-theme`
 *   (s, a board theme id of list_board_themes). The preferences window shows a page per variant
 *   built from these keys, the setup options and the themes
 * @get_piece_image: the image file name (without folder) for a piece (`red-chariot.svg`)
 * @get_piece_name: the translated name of a piece kind ("Chariot")
 * @get_piece_letter: the letter of a piece kind for a side, as the game's text forms write it
 * @square_name: writes a square's coordinate name (`e2`) into a buffer of 8 bytes
 * @new_position: the start position of a new game with @options (a{sv}, may be %NULL);
 *   @seed feeds hidden layouts
 * @parse: reads a position text (FEN, SFEN…); %NULL and @error set when it is invalid,
 *   the message naming the bad field
 * @format: writes a position text
 * @position_copy: a deep copy
 * @position_free: frees a position
 * @side_to_move: whose turn it is
 * @piece_at: fills @piece with what stands on @square (kind 0 when empty); %FALSE when empty
 * @hand_count: how many pieces of @kind @side holds in hand (0 for games without hands)
 * @legal_moves: appends every legal move to @moves (a #GArray of #CaturMove) and returns their count
 * @perft: the number of leaf nodes of the legal-move tree @depth plies deep
 * @explain: %NULL when @move is legal; else a translated sentence saying why not, and
 *   @reason_id (may be %NULL) set to a stable id (`horse-leg`). A @move whose @to is
 *   %CATUR_SQUARE_NONE asks why its @from cannot be selected (%NULL when it can)
 * @play: plays a legal move on @position. The position keeps what its rules need of the past
 * @status: the outcome after the last ply (RULES 0.3)
 * @in_check: whether the side to move is in check, and the square of its king
 * @format_move: a move in one of the notations; @position is the position before it
 * @parse_move: reads a move in any notation the variant knows into @move. A coordinate move
 *   (ICCS `h0h5`, USI `P*5e`) that is well formed for the board is read whether or not it is
 *   legal in @position, so that explain() can say why not; a human notation that needs the
 *   position to find its piece (WXF `H2+3`, SAN `Nf3`) reads only a legal move. %FALSE with
 *   @error set (%CATUR_VARIANT_ERROR_INVALID_MOVE) when the text is no move. Callers that play
 *   the move check catur_variant_is_legal() first, as catur_game_play() does
 * @describe_outcome: a translated sentence for a finished game ("Red wins: double-cannon mate.")
 * @list_record_formats: the file formats of the game's records, and their number in
 *   @n_formats; %NULL-able (no formats). The array belongs to the variant
 * @read_record: reads a record in the format @format_id from @length bytes of @data (any
 *   bytes at all: the file as it was on disk). Returns a new #CaturRecord, or %NULL with
 *   @error set in the %CATUR_RECORD_ERROR domain, its message naming the line and what is
 *   wrong. A record whose moves are not all legal is refused whole
 *   (%CATUR_RECORD_ERROR_ILLEGAL_MOVE); a record of another game gives
 *   %CATUR_RECORD_ERROR_OTHER_GAME so that the caller may ask another variant
 * @write_record: writes @record in the format @format_id as UTF-8 text
 * @format_hidden: for games with hidden pieces: a text saying what lies face down in
 *   @position, which its position text does not tell; %NULL-able
 * @restore_hidden: puts back what @format_hidden wrote into @position (parsed from the
 *   position text); %FALSE with @error set when the text does not fit it
 * @get_setup_options: (optional) the options of a new game, in the order the dialog shows
 *   them; @n_options is set to their count. The array lives as long as the variant
 * @describe_start: (optional) a translated phrase naming a start position that is not the
 *   standard one ("Red gives two horses", "Set-up position"), or %NULL for the standard start
 * @describe_notice: (optional) a translated sentence for one of the @outcome's notices, in
 *   the game's own numbers ("60 moves without a capture: you may offer a draw"); without it
 *   the shell gets a sentence that fits every game
 * @get_notation_name: (optional) the translated name of one of the three notations as the
 *   game knows them ("WXF", "WXF (strict)", "ICCS"), for the notation choice; without it the
 *   shell gets names that fit every game
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
 * @think: (optional) the computer player: searches @position within @limits (its level, depth, time and
 *   nodes; see #CaturSearchLimits and the level table of catur-search.h), calls @info_func
 *   (may be %NULL) after each finished iteration, and fills @result with a legal move, its
 *   score and principal variation; @result->has_move is %FALSE when there is no legal move.
 *   Thread safety: it runs in a worker thread, on a copy of the position made for it alone,
 *   which it may change and need not restore; @info_func is called in that thread. When
 *   @cancellable is cancelled it returns within a few milliseconds with the best move found so
 *   far (a caller that cancelled to abandon the search ignores it). %NULL for a game without a
 *   computer player: catur_variant_think() then fails with
 *   %CATUR_VARIANT_ERROR_NOT_SUPPORTED. Returns %FALSE with @error set when it cannot search
 * @get_bench_positions: (optional) a %NULL-terminated list of position texts (openings, middle games,
 *   endings) that catur-engine's `bench` searches to measure speed; %NULL for the start
 *   position alone
 * @get_engine_dialect: (optional) the protocol the game's GUIs speak to engines; without it,
 *   %CATUR_ENGINE_DIALECT_UCI
 */
struct _CaturVariantInterface
{
  GTypeInterface parent_iface;

  const char    *(*get_id)                 (CaturVariant        *self);
  const char    *(*get_name)               (CaturVariant        *self);
  const char    *(*get_description)        (CaturVariant        *self);
  const char    *(*get_icon_name)          (CaturVariant        *self);
  const char    *(*get_side_name)          (CaturVariant        *self,
                                            CaturSide            side);
  const char    *(*get_side_id)            (CaturVariant        *self,
                                            CaturSide            side);
  void           (*get_geometry)           (CaturVariant        *self,
                                            CaturGeometry       *geometry);
  const char    *(*get_settings_schema_id) (CaturVariant        *self);
  const char    *(*get_piece_image)        (CaturVariant        *self,
                                            const CaturPiece    *piece);
  const char    *(*get_piece_name)         (CaturVariant        *self,
                                            guint8               kind);
  char           (*get_piece_letter)       (CaturVariant        *self,
                                            guint8               kind,
                                            CaturSide            side);
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
                                            const CaturMove     *move);
  void           (*status)                 (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturOutcome        *outcome);
  gboolean       (*in_check)               (CaturVariant        *self,
                                            const CaturPosition *position,
                                            CaturSquare         *king);

  char          *(*format_move)            (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const CaturMove     *move,
                                            CaturNotation        notation);
  gboolean       (*parse_move)             (CaturVariant        *self,
                                            const CaturPosition *position,
                                            const char          *text,
                                            CaturMove           *move,
                                            GError             **error);
  char          *(*describe_outcome)       (CaturVariant        *self,
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

  const CaturSetupOption *(*get_setup_options) (CaturVariant    *self,
                                                guint           *n_options);
  char          *(*describe_start)         (CaturVariant        *self,
                                            const CaturPosition *position);
  char          *(*describe_notice)        (CaturVariant        *self,
                                            const CaturOutcome  *outcome,
                                            CaturNotice          notice);

  const char    *(*get_notation_name)      (CaturVariant        *self,
                                            CaturNotation        notation);
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
};

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
                                                CaturSide            side);
const char    *catur_variant_get_side_id       (CaturVariant        *self,
                                                CaturSide            side);
void           catur_variant_get_geometry      (CaturVariant        *self,
                                                CaturGeometry       *geometry);
const char    *catur_variant_get_settings_schema_id (CaturVariant   *self);
const char    *catur_variant_get_piece_image   (CaturVariant        *self,
                                                const CaturPiece    *piece);
const char    *catur_variant_get_piece_name    (CaturVariant        *self,
                                                guint8               kind);
char           catur_variant_get_piece_letter  (CaturVariant        *self,
                                                guint8               kind,
                                                CaturSide            side);
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
                                                const CaturMove     *move);
void           catur_variant_status            (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturOutcome        *outcome);
gboolean       catur_variant_in_check          (CaturVariant        *self,
                                                const CaturPosition *position,
                                                CaturSquare         *king);
char          *catur_variant_format_move       (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturMove     *move,
                                                CaturNotation        notation);
gboolean       catur_variant_parse_move        (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const char          *text,
                                                CaturMove           *move,
                                                GError             **error);
char          *catur_variant_describe_outcome  (CaturVariant        *self,
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
char          *catur_variant_write_record      (CaturVariant        *self,
                                                const char          *format_id,
                                                CaturRecord         *record,
                                                GError             **error);
char          *catur_variant_format_hidden     (CaturVariant        *self,
                                                const CaturPosition *position);
gboolean       catur_variant_restore_hidden    (CaturVariant        *self,
                                                CaturPosition       *position,
                                                const char          *text,
                                                GError             **error);
const CaturSetupOption *catur_variant_get_setup_options (CaturVariant *self,
                                                guint               *n_options);
const CaturSetupOption *catur_variant_find_setup_option (CaturVariant *self,
                                                const char          *id);
char          *catur_variant_describe_start    (CaturVariant        *self,
                                                const CaturPosition *position);
char          *catur_variant_describe_notice   (CaturVariant        *self,
                                                const CaturOutcome  *outcome,
                                                CaturNotice          notice);

const char    *catur_variant_get_notation_name (CaturVariant       *self,
                                                CaturNotation        notation);
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
CaturEngineDialect catur_variant_get_engine_dialect (CaturVariant   *self);
gboolean       catur_variant_think             (CaturVariant        *self,
                                                const CaturPosition *position,
                                                const CaturSearchLimits *limits,
                                                CaturSearchInfoFunc  info_func,
                                                gpointer             info_data,
                                                GCancellable        *cancellable,
                                                CaturSearchResult   *result,
                                                GError             **error);

CaturPosition *catur_position_copy             (const CaturPosition *position);
void           catur_position_free             (CaturPosition       *position);

void           catur_board_layout_square_center (const CaturBoardLayout *layout,
                                                 CaturSquare             square,
                                                 double                 *x,
                                                 double                 *y);
CaturSquare    catur_board_layout_square_at     (const CaturBoardLayout *layout,
                                                 double                  x,
                                                 double                  y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturPosition, catur_position_free)

G_END_DECLS
