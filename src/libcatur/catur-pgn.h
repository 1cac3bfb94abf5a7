/* catur-pgn.h: game records in PGN, read and written for every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-record.h"
#include "catur-variant.h"

G_BEGIN_DECLS

/**
 * CaturPgnEncodings:
 * @CATUR_PGN_ENCODING_UTF8: UTF-8, with or without a byte order mark, and UTF-16 with one:
 *   always read
 * @CATUR_PGN_ENCODING_GB18030: GB18030, and so GBK and GB2312, which Chinese databases write
 * @CATUR_PGN_ENCODING_LATIN1: ISO 8859-1, which old chess files use
 *
 * The encodings a game's files come in besides UTF-8. See catur_pgn_decode() for the order
 * they are tried in.
 */
typedef enum
{
  CATUR_PGN_ENCODING_UTF8 = 0,
  CATUR_PGN_ENCODING_GB18030 = 1 << 0,
  CATUR_PGN_ENCODING_LATIN1 = 1 << 1,
} CaturPgnEncodings;

/**
 * CaturPgnReadMoveFunc:
 * @record: the record being read: its start, tags and the moves before this one
 * @position: the position the moves so far have reached; the reader plays the move on it
 * @text: the move as the file writes it, without move number and `!`, `?` or `#` after it
 * @move: (out): the move
 * @user_data: what catur_pgn_reader_new() was given
 * @error: a %CATUR_RECORD_ERROR: %CATUR_RECORD_ERROR_INVALID_MOVE when @text is no move in
 *   any notation the game reads, %CATUR_RECORD_ERROR_ILLEGAL_MOVE when it reads but names
 *   no legal move of @position. The message says what is wrong; the reader puts the line
 *   before it
 *
 * Reads a move of the movetext.
 *
 * Returns: %TRUE when @text names a legal move of @position
 */
typedef gboolean (*CaturPgnReadMoveFunc)  (CaturRecord          *record,
                                           const CaturPosition  *position,
                                           const char           *text,
                                           CaturMove            *move,
                                           gpointer              user_data,
                                           GError              **error);

/**
 * CaturPgnWriteMoveFunc:
 * @record: the record being written
 * @position: the position before the move
 * @move: a legal move of @position
 * @user_data: what catur_pgn_write() was given
 *
 * Returns: (transfer full): the move as the movetext writes it
 */
typedef char    *(*CaturPgnWriteMoveFunc) (CaturRecord          *record,
                                           const CaturPosition  *position,
                                           const CaturMove      *move,
                                           gpointer              user_data);

/**
 * CaturPgnIsMoveFunc:
 * @token: a token of the movetext that begins with a digit
 *
 * Returns: %TRUE when @token is a move as it stands (Xiangqi's tandem pawns, `77.6`), not a
 *   move number before a move (`12.C2.5`)
 */
typedef gboolean (*CaturPgnIsMoveFunc)    (const char           *token);

/**
 * CaturPgnReadOptionsFunc:
 * @record: the record being read, with the game's tags and start position, no move yet
 * @user_data: what catur_pgn_reader_new() was given
 * @error: a %CATUR_RECORD_ERROR when a tag names options the game does not have
 *
 * Reads the rule options a game was played under from its tags (Banqi's `Rules`), which the
 * start position's text does not tell.
 *
 * Returns: (transfer full) (nullable): the options (a{sv}, as catur_variant_new_position()
 *   receives them), or %NULL with @error set
 */
typedef GVariant *(*CaturPgnReadOptionsFunc) (CaturRecord  *record,
                                              gpointer      user_data,
                                              GError      **error);

/**
 * CaturPgnDialect:
 * @game_names: (nullable): the names the `Game` and `Variant` tags may give the game, in
 *   lower case (g_utf8_casefold()), %NULL-terminated. A record whose tag names another game
 *   is refused with %CATUR_RECORD_ERROR_OTHER_GAME, and so is one without either tag whose
 *   first move does not read (a file of another game). %NULL checks neither
 * @roster: the tags written first, in this order: name, value, name, value…, %NULL. A tag
 *   is written with the record's value, or the one given here when the record has none or
 *   when the tag is one of @own_tags (Xiangqi's `Game "Chinese Chess"`, then `Event "?"`…)
 * @own_tags: (nullable): the tags the reader does not keep in the record because they are
 *   not about the game but about the file, and the writer writes them from the record itself
 *   (`Game`, `SetUp`, `FEN`, a notation's tag), %NULL-terminated
 * @setup_tag: (nullable): a tag to write as `"1"` before `FEN` (PGN's `SetUp`), or %NULL
 * @encodings: the encodings the game's files come in besides UTF-8
 * @max_plies: a record of more plies is refused (%CATUR_RECORD_ERROR_TOO_LARGE); 0 for
 *   no limit
 * @is_move: (nullable): tells moves that begin with digits from move numbers; without it, a
 *   token that begins with digits and a dot is a move number
 * @read_move: reads a move
 * @write_move: writes a move
 * @ignored_words: (nullable): words of the movetext that are neither moves nor move numbers and
 *   that the reader passes over, as it does NAGs (chess's `e.p.` after an en-passant capture),
 *   %NULL-terminated
 * @read_options: (nullable): reads the game's rule options from its tags; the reader keeps
 *   them in the record (catur_record_set_options()) and plays the moves under them
 *   (catur_variant_apply_options()). Without it, a record has no options
 * @fen_defaults: (nullable): the fields after the board of the game's position text at the
 *   start of a game (Xiangqi's `w - - 0 1`), the last being the move number. A `FEN` tag that
 *   does not parse as it stands is read again with the fields it leaves out taken from here
 *   and a move number of 0 read as 1, as converters write them (the board alone; `… 0 0`).
 *   %NULL reads the tag only as it stands
 *
 * What a game's PGN has of its own; the rest of the format is the same for every game. A
 * dialect is usually a static constant of the game's code.
 *
 * Both ways, a `FEN` tag is the record's start position, in the variant's position text
 * (catur_variant_parse() and catur_variant_format()); the writer writes one when the start
 * is not the variant's standard one. Tags with PGN's "unknown" values (`""`, `"?"`,
 * `"????.??.??"`) are not kept; the writer puts them back for the tags of the @roster.
 */
typedef struct
{
  const char * const *game_names;
  const char * const *roster;
  const char * const *own_tags;
  const char *setup_tag;
  CaturPgnEncodings encodings;
  guint max_plies;
  CaturPgnIsMoveFunc is_move;
  CaturPgnReadMoveFunc read_move;
  CaturPgnWriteMoveFunc write_move;
  const char * const *ignored_words;
  CaturPgnReadOptionsFunc read_options;
  const char *fen_defaults;
} CaturPgnDialect;

/**
 * CaturPgnReader:
 *
 * A PGN file of one or more games, split into its games. Each game is read on its own, so
 * a game that does not read leaves the others readable.
 */
typedef struct _CaturPgnReader CaturPgnReader;

char           *catur_pgn_decode              (const char             *data,
                                               gsize                   length,
                                               CaturPgnEncodings       encodings,
                                               gsize                  *text_length,
                                               GError                **error);

CaturPgnReader *catur_pgn_reader_new          (CaturVariant           *variant,
                                               const CaturPgnDialect  *dialect,
                                               const char             *data,
                                               gsize                   length,
                                               gpointer                user_data,
                                               GError                **error);
void            catur_pgn_reader_free         (CaturPgnReader         *self);
guint           catur_pgn_reader_get_n_games  (CaturPgnReader         *self);
guint           catur_pgn_reader_get_game_line (CaturPgnReader        *self,
                                                guint                  game);
const char     *catur_pgn_reader_get_game_tag (CaturPgnReader         *self,
                                               guint                   game,
                                               const char             *name);
CaturRecord    *catur_pgn_reader_read_game    (CaturPgnReader         *self,
                                               guint                   game,
                                               GError                **error);
GPtrArray      *catur_pgn_reader_read_all     (CaturPgnReader         *self,
                                               GPtrArray             **errors);

GPtrArray      *catur_pgn_read_games          (CaturVariant           *variant,
                                               const CaturPgnDialect  *dialect,
                                               const char             *data,
                                               gsize                   length,
                                               gpointer                user_data,
                                               GError                **error);
CaturRecord    *catur_pgn_read                (CaturVariant           *variant,
                                               const CaturPgnDialect  *dialect,
                                               const char             *data,
                                               gsize                   length,
                                               gpointer                user_data,
                                               GError                **error);
char           *catur_pgn_write               (CaturRecord            *record,
                                               const CaturPgnDialect  *dialect,
                                               guint                   first_move_number,
                                               const char * const     *extra_tags,
                                               gpointer                user_data);

guint           catur_pgn_score               (CaturVariant           *variant,
                                               const CaturPgnDialect  *dialect,
                                               const char             *data,
                                               gsize                   length,
                                               gpointer                user_data);
guint           catur_pgn_score_position_file (CaturVariant           *variant,
                                               const char             *data,
                                               gsize                   length,
                                               CaturPgnEncodings       encodings);

CaturRecord    *catur_pgn_read_position_file  (CaturVariant           *variant,
                                               const char             *data,
                                               gsize                   length,
                                               CaturPgnEncodings       encodings,
                                               GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CaturPgnReader, catur_pgn_reader_free)

G_END_DECLS
