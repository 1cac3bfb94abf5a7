/* xiangqi-pgn.h: Xiangqi game records (PGN as xqbase and other databases write it) and
 * Chinese move notation (RULES.md X28–X29), over the rules core only: no GObject, no GTK,
 * so that the reader can be fuzzed on its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "xiangqi-core.h"

G_BEGIN_DECLS

/* A record of more plies than this is refused: the rules end every game at 400 (X15). */
#define XQ_PGN_MAX_PLIES 1000

/* Bytes of the longest Chinese move xq_move_to_chinese() writes, with its NUL. */
#define XQ_CHINESE_MOVE_SIZE 16

typedef enum
{
  XQ_PGN_WXF,          /* strict WXF, `C2.5` (RULES X25–X27) */
  XQ_PGN_ICCS,         /* `H2-E2` */
  XQ_PGN_CHINESE,      /* 炮二平五 (X28) */
} XqPgnNotation;

/* One game of a PGN file. The tags `Game`, `FEN` and `Format` are not kept among the tags:
 * the reader turns them into the start position and the writer writes them from it. */
typedef struct
{
  XqPosition start;
  GArray *moves;           /* XqMove, each legal where it is played */
  GPtrArray *comments;     /* char * or NULL; [ply] follows ply plies, [0] precedes the first */
  GPtrArray *tag_names;    /* char *, in file order */
  GPtrArray *tag_values;   /* char * */
} XqPgnGame;

#define XQ_PGN_ERROR (xq_pgn_error_quark ())
typedef enum
{
  XQ_PGN_ERROR_ENCODING,   /* neither UTF-8 nor GBK/GB18030 text, or binary */
  XQ_PGN_ERROR_SYNTAX,     /* tags, comments or variations not closed, text that is no token */
  XQ_PGN_ERROR_POSITION,   /* the FEN tag is no valid position */
  XQ_PGN_ERROR_MOVE,       /* a move cannot be read as WXF, ICCS or Chinese notation */
  XQ_PGN_ERROR_ILLEGAL,    /* a move reads, but no legal move of the position fits it */
  XQ_PGN_ERROR_OTHER_GAME, /* the Game or Variant tag names another game */
  XQ_PGN_ERROR_TOO_LONG,   /* more than XQ_PGN_MAX_PLIES plies */
} XqPgnError;
GQuark     xq_pgn_error_quark   (void);

XqPgnGame *xq_pgn_game_new      (const XqPosition *start);
void       xq_pgn_game_free     (XqPgnGame *game);
void       xq_pgn_game_set_tag  (XqPgnGame *game, const char *name, const char *value);
const char *xq_pgn_game_get_tag (const XqPgnGame *game, const char *name);
void       xq_pgn_game_set_comment (XqPgnGame *game, guint ply, const char *comment);
/* The position after the last move. */
void       xq_pgn_game_final_position (const XqPgnGame *game, XqPosition *out);

/* Reads the first game of a PGN file given as raw bytes (UTF-8, with or without a byte order
 * mark, UTF-16 with one, or GBK/GB18030). Moves may be WXF (product or strict form), ICCS
 * (`H2-E2` or `h2e2`) or Chinese, whatever the Format tag says; comments {…} and ;… are kept,
 * variations (…) and NAGs $n skipped. Errors name the line. */
XqPgnGame *xq_pgn_read          (const char *data, gsize length, GError **error);
/* Writes the game as UTF-8 PGN with the tags of RULES X29 first. */
char      *xq_pgn_write         (const XqPgnGame *game, XqPgnNotation notation);

/* Reads a .fen file: one position, on the first line that is not empty. */
gboolean   xq_fen_file_read     (const char *data, gsize length, XqPosition *pos, GError **error);

/* Chinese notation (X28): Red writes 一…九, Black １…９. */
void       xq_move_to_chinese   (const XqPosition *pos, XqMove move, char *buf);
/* Reads simplified or traditional characters and any digits for either side; a file number
 * where a front/rear mark belongs is forgiven when one legal move fits. */
gboolean   xq_move_from_chinese (XqPosition *pos, const char *text, XqMove *move);

G_END_DECLS
