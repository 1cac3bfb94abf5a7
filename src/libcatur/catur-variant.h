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
 * @get_settings_schema_id: the child GSettings schema id, or %NULL
 * @get_default_theme: the id of the default piece theme
 * @get_theme_resource: the GResource path of a theme folder
 *   (`/io/github/caturapp/Catur/xiangqi/themes/classic/`), or %NULL when unknown
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
 * @parse_move: reads a move in any notation the variant knows into @move; the move must be legal
 * @describe_outcome: a translated sentence for a finished game ("Red wins by double-cannon mate")
 * @draw_board: draws the empty board (lines, river, palaces, coordinates) with cairo, in
 *   @layout's coordinates; it may paint up to one @cell beyond the outermost points or
 *   squares for a frame and coordinates, and the shell leaves that room. @dark asks for
 *   colours that suit the dark style
 * @think: the computer player: searches @position within @limits (its level, depth, time and
 *   nodes; see #CaturSearchLimits and the level table of catur-search.h), calls @info_func
 *   (may be %NULL) after each finished iteration, and fills @result with a legal move, its
 *   score and principal variation; @result->has_move is %FALSE when there is no legal move.
 *   Thread safety: it runs in a worker thread, on a copy of the position made for it alone,
 *   which it may change and need not restore; @info_func is called in that thread. When
 *   @cancellable is cancelled it returns within a few milliseconds with the best move found so
 *   far (a caller that cancelled to abandon the search ignores it). %NULL for a game without a
 *   computer player: catur_variant_think() then fails with
 *   %CATUR_VARIANT_ERROR_NOT_SUPPORTED. Returns %FALSE with @error set when it cannot search
 * @get_bench_positions: a %NULL-terminated list of position texts (openings, middle games,
 *   endings) that catur-engine's `bench` searches to measure speed; %NULL for the start
 *   position alone
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
  const char    *(*get_default_theme)      (CaturVariant        *self);
  char          *(*get_theme_resource)     (CaturVariant        *self,
                                            const char          *theme);
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

  void           (*draw_board)             (CaturVariant        *self,
                                            cairo_t             *cr,
                                            const CaturBoardLayout *layout,
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
const char    *catur_variant_get_default_theme (CaturVariant        *self);
char          *catur_variant_get_theme_resource (CaturVariant       *self,
                                                const char          *theme);
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
void           catur_variant_draw_board        (CaturVariant        *self,
                                                cairo_t             *cr,
                                                const CaturBoardLayout *layout,
                                                gboolean             dark);
gboolean       catur_variant_can_think         (CaturVariant        *self);
const char * const *catur_variant_get_bench_positions (CaturVariant *self);
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
