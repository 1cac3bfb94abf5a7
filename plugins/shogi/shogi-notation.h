/* shogi-notation.h: Western (Hodges) and Japanese notation (RULES.md S13, S14)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Over the rules core alone; USI, the coordinate form, is the core's (sg_move_to_usi()).
 */
#pragma once

#include "shogi-core.h"

G_BEGIN_DECLS

#define SG_NOTATION_SIZE 64   /* room for any move in any of these notations */

/* `P-7f`, `Bx2b+`, `S-3c=`, `B*4e`, `+Rx8h`, `G6i-5h`: @move is legal in @pos. */
void     sg_move_to_western    (SgPosition *pos, SgMove move, char *buf);

typedef enum
{
  SG_JAPANESE_PLAIN = 0,       /* ７六歩, 同歩 */
  SG_JAPANESE_KIF = 1 << 0,    /* 同　歩: a full-width space after 同 before a one-letter piece */
  SG_JAPANESE_NO_SAME = 1 << 1, /* the square always, never 同 */
} SgJapaneseFlags;

/* `７六歩`, `同歩`, `５八金直`, `５二銀右上成`, `４五角打`: @move is legal in @pos; 同 when it
 * goes where the last move went (pos->last_to). UTF-8. */
void     sg_move_to_japanese   (SgPosition *pos, SgMove move, SgJapaneseFlags flags, char *buf);

/* The legal move of @pos that @text names in Western or Japanese notation (spaces, 竜/龍 and
 * 王/玉 forgiven); FALSE when none or more than one does. */
gboolean sg_move_from_western  (SgPosition *pos, const char *text, SgMove *move);
gboolean sg_move_from_japanese (SgPosition *pos, const char *text, SgMove *move);

/* Japanese names: the piece's (歩, 成銀, 龍…, 玉 for either king), a file's full-width digit
 * and a rank's kanji numeral, each UTF-8. */
const char *sg_japanese_piece  (int kind);
const char *sg_japanese_file   (int file_number);
const char *sg_japanese_rank   (int rank_number);

G_END_DECLS
