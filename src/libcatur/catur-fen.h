/* catur-fen.h: position texts of the FEN family (FEN, SFEN, BFEN), field by field
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <glib.h>

#include "catur-types.h"

G_BEGIN_DECLS

/** CATUR_FEN_MAX_FIELDS: the most fields a #CaturFenFormat may have. */
#define CATUR_FEN_MAX_FIELDS 8

/** CATUR_FEN_MAX_LENGTH: the longest text catur_fen_split() reads; any real one is far shorter. */
#define CATUR_FEN_MAX_LENGTH 512

/**
 * CATUR_FEN_ERROR:
 *
 * Errors of reading a position text. Messages are for the player and never quote the raw
 * input, which may be anything pasted.
 */
#define CATUR_FEN_ERROR (catur_fen_error_quark ())

/**
 * CaturFenError:
 * @CATUR_FEN_ERROR_SYNTAX: the text is not a position text of the format: its fields, letters
 *   or counts of files and ranks
 * @CATUR_FEN_ERROR_POSITION: it reads, but the position breaks the game's rules (the game's own
 *   checks raise this one)
 */
typedef enum
{
  CATUR_FEN_ERROR_SYNTAX,
  CATUR_FEN_ERROR_POSITION,
} CaturFenError;

/**
 * CaturFenFormat:
 * @name: the format's name as messages give it: "FEN", "SFEN"
 * @min_fields: the fields a text must have; catur_fen_read_choice() and
 *   catur_fen_read_number() report one of these as missing, and take the others as optional
 * @max_fields: the fields a text may have, at most %CATUR_FEN_MAX_FIELDS
 * @field_names: @max_fields names of the fields for messages, marked with N_() in the "catur"
 *   domain ("side to move"); they are translated when a message is made
 *
 * A game's position text format, usually a static constant.
 */
typedef struct
{
  const char *name;
  guint min_fields;
  guint max_fields;
  const char * const *field_names;
} CaturFenFormat;

/**
 * CaturFenFields:
 * @format: the format the text was split by
 * @n_fields: how many fields the text has
 * @fields: the fields, each a string without blanks; those past @n_fields are %NULL
 *
 * A position text split into its fields by catur_fen_split(); cleared with
 * catur_fen_fields_clear() (or declared `g_auto (CaturFenFields)`).
 */
typedef struct
{
  const CaturFenFormat *format;
  guint n_fields;
  const char *fields[CATUR_FEN_MAX_FIELDS];

  /*< private >*/
  char *buffer;
} CaturFenFields;

/**
 * CaturFenReadPieceFunc:
 * @prefix: the character before the letter (one of #CaturFenBoard's @prefixes, `+` for a
 *   promoted Shogi piece), or 0
 * @letter: the piece letter, an ASCII graphic character that is no digit
 * @piece: (out): the piece it stands for
 * @user_data: what the caller of catur_fen_read_board() gave
 *
 * Returns: %FALSE when the game has no such piece
 */
typedef gboolean (*CaturFenReadPieceFunc)  (char              prefix,
                                            char              letter,
                                            CaturPiece       *piece,
                                            gpointer          user_data);

/**
 * CaturFenWritePieceFunc:
 * @piece: a piece on the board (its kind is not 0)
 * @prefix: (out): the character to write before the letter, or 0 for none
 * @letter: (out): its letter
 * @user_data: what the caller of catur_fen_append_board() gave
 *
 * The reverse of #CaturFenReadPieceFunc.
 */
typedef void     (*CaturFenWritePieceFunc) (const CaturPiece *piece,
                                            char             *prefix,
                                            char             *letter,
                                            gpointer          user_data);

/**
 * CaturFenBoard:
 * @files: files of the board
 * @ranks: ranks of the board
 * @prefixes: (nullable): characters that may stand before a piece letter, or %NULL
 * @rank_names: (nullable): the names of the ranks for messages, @ranks of them, indexed
 *   like #CaturSquare's ranks (from the first side's end); %NULL numbers them from 1
 * @read_piece: a letter to a piece
 * @write_piece: a piece to a letter
 *
 * How a game writes its board in a position text: ranks from the far one (the last of
 * #CaturSquare's numbering) to rank 0, separated by `/`, each from file 0 on; a piece as its
 * letter (and prefix), a run of empty squares as its length. On a board of more than 9 files
 * the digits in a row make one number (`10`); on a narrower board each digit is a run of its
 * own, as FEN readers have always taken them.
 */
typedef struct
{
  guint files;
  guint ranks;
  const char *prefixes;
  const char * const *rank_names;
  CaturFenReadPieceFunc read_piece;
  CaturFenWritePieceFunc write_piece;
} CaturFenBoard;

GQuark       catur_fen_error_quark   (void);

gboolean     catur_fen_split         (CaturFenFields        *fields,
                                      const CaturFenFormat  *format,
                                      const char            *text,
                                      GError               **error);
void         catur_fen_fields_clear  (CaturFenFields        *fields);
const char  *catur_fen_get_field     (const CaturFenFields  *fields,
                                      guint                  index);
gboolean     catur_fen_read_choice   (const CaturFenFields  *fields,
                                      guint                  index,
                                      const char * const    *choices,
                                      guint                 *choice,
                                      GError               **error);
gboolean     catur_fen_read_number   (const CaturFenFields  *fields,
                                      guint                  index,
                                      guint                  min,
                                      guint                  max,
                                      guint                 *value,
                                      GError               **error);
gboolean     catur_fen_read_board    (const CaturFenFields  *fields,
                                      guint                  index,
                                      const CaturFenBoard   *board,
                                      CaturPiece            *squares,
                                      gpointer               user_data,
                                      GError               **error);
void         catur_fen_append_board  (GString               *out,
                                      const CaturFenBoard   *board,
                                      const CaturPiece      *squares,
                                      gpointer               user_data);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CaturFenFields, catur_fen_fields_clear)

G_END_DECLS
