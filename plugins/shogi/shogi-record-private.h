/* shogi-record-private.h: what the readers and writers of Shogi's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "shogi-record.h"

G_BEGIN_DECLS

/* How the game ended, for the end words: the last position's own end, else the Result tag. */
typedef enum
{
  SG_ENDING_NONE,
  SG_ENDING_MATE,            /* the side to move has no move */
  SG_ENDING_RESIGN,          /* the side to move lost */
  SG_ENDING_WIN_BY_OTHER,    /* the side to move won (the other lost on time, by a foul…) */
  SG_ENDING_DRAW,
  SG_ENDING_DECLARED,        /* the side to move declared an impasse */
  SG_ENDING_FOUL_LOSS,       /* the side to move lost by a foul (an illegal move the record
                              * names but the game never played) */
  SG_ENDING_TIME_UP,         /* the side to move ran out of time */
} SgRecordEnding;

/* A CATUR_RECORD_ERROR @code whose message names the line: "Line 12: …". Returns FALSE. */
gboolean        sg_record_line_error   (GError           **error,
                                        int                code,
                                        guint              line,
                                        const char        *format,
                                        ...) G_GNUC_PRINTF (4, 5);
/* The error of a move the reader cannot take: "Line 12: Sente’s move 5, “７五歩(77)”, is not
 * legal: …" (%CATUR_RECORD_ERROR_ILLEGAL_MOVE) or "…, does not read: …" (any other @code);
 * @why says what is wrong. Returns FALSE. */
gboolean        sg_record_move_error   (GError           **error,
                                        int                code,
                                        guint              line,
                                        const SgPosition  *pos,
                                        const char        *text,
                                        const char        *why);
/* What a reader does with a move line: play it, keep it as a foul (an illegal move, which the
 * record may say lost the game: the reader refuses it with @foul unless its ending says so),
 * or stop (@error set). */
typedef enum
{
  SG_RECORD_PLAY,
  SG_RECORD_FOUL,
  SG_RECORD_STOP,
} SgRecordStep;

/* The move of the line @text of @line: @read_error (nullable, taken) is the reader's error
 * when the text did not give one, else @move is checked against @pos. */
SgRecordStep    sg_record_check_move   (CaturVariant      *variant,
                                        SgPosition        *pos,
                                        SgMove             move,
                                        GError            *read_error,
                                        guint              line,
                                        const char        *text,
                                        GError           **foul,
                                        GError           **error);
/* The ending a record states that its moves do not reach, kept as stated (RULES.md rules
 * the play, not the reading): @winner an SgSide wins by @reason (an impasse declared,
 * %CATUR_REASON_IMPASSE, a foul, %CATUR_REASON_ILLEGAL_MOVE, a resignation or a time-out) in
 * @final. */
void            sg_record_set_ending   (CaturRecord       *record,
                                        int                winner,
                                        CaturReason        reason,
                                        const SgPosition  *final);
/* The side to move of @pos declares an impasse and @winner wins by it: a declaration move
 * when the position's rules allow it, else the ending as stated. */
void            sg_record_declare      (CaturRecord       *record,
                                        const SgPosition  *pos,
                                        int                winner);
/* A file's bytes as UTF-8 text: UTF-8 when valid, else Shift_JIS (CP932). */
char           *sg_record_decode       (const char        *data,
                                        gsize              length,
                                        GError           **error);
CaturPosition  *sg_record_new_position (CaturVariant      *variant,
                                        const SgPosition  *core);
/* The contract's move for a core move of @pos, and back. */
CaturMove       sg_record_catur_move   (const SgPosition  *pos,
                                        SgMove             move);
gboolean        sg_record_core_move    (const CaturMove   *move,
                                        SgMove            *out);
SgRecordEnding  sg_record_ending       (CaturRecord       *record,
                                        SgPosition        *final);
gboolean        sg_record_declarer_won (CaturRecord       *record,
                                        const SgPosition  *final);
/* The Result tag: @winner an SgSide, or -1 for a draw. */
void            sg_record_set_result   (CaturRecord       *record,
                                        int                winner);
/* `2024/01/02 10:00:00` or `2024/01/02` → `2024.01.02`, the Date tag of the other formats. */
char           *sg_record_date         (const char        *value);
/* The clock the game was played with: the record's TimeControl tag when Catur keeps it, else
 * its options' `clock`. FALSE for a game without one. */
gboolean        sg_record_get_clock    (CaturRecord       *record,
                                        CaturTimeControl  *control);
/* The tag @name becomes @new_name with @value, in its place among the others (a header read
 * as a clock is written back where it was); a %NULL @new_name removes it. */
void            sg_record_rename_tag   (CaturRecord       *record,
                                        const char        *name,
                                        const char        *new_name,
                                        const char        *value);

CaturRecord    *sg_kif_read            (CaturVariant      *variant,
                                        const char        *data,
                                        gsize              length,
                                        GError           **error);
char           *sg_kif_write           (CaturRecord       *record,
                                        GError           **error);
/* KIF and KI2 (Kakinoki's two formats) share their headers, board diagram, comments and end
 * words: a reading of either, as it goes. */
typedef struct
{
  CaturVariant *variant;
  CaturRecord *record;          /* borrowed; %NULL until the moves begin */
  SgPosition pos;
  GError *foul;                 /* an illegal move read, refused unless a foul ending follows */
  gboolean ended;
  guint plies;
} SgKakinokiReading;

void            sg_kakinoki_reading_clear (SgKakinokiReading *reading);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SgKakinokiReading, sg_kakinoki_reading_clear)

/* Reads the move @text of @pos, legal or not, as read_kif_move() does for KIF. */
typedef gboolean (*SgKakinokiMoveFunc) (SgPosition  *pos,
                                        const char  *text,
                                        SgMove      *move,
                                        GError     **error);
/* The move or end word @word of line @number: played, kept as a foul, or an error. */
gboolean        sg_kakinoki_take_word  (SgKakinokiReading  *reading,
                                        const char         *word,
                                        guint               number,
                                        SgKakinokiMoveFunc  reader,
                                        GError            **error);
CaturRecord    *sg_kakinoki_read       (CaturVariant      *variant,
                                        const char        *data,
                                        gsize              length,
                                        gboolean           ki2,
                                        GError           **error);
/* The headers, the handicap or board diagram and the start's comment. */
void            sg_kakinoki_write_head (GString           *out,
                                        CaturRecord       *record);
void            sg_kakinoki_write_comment (GString        *out,
                                           const char     *comment);

/* KI2 (shogi-ki2.c): whether a line begins the moves (the mover's mark, or the summary), and
 * one line of the moves read. */
gboolean        sg_ki2_begins_moves    (const char        *line);
gboolean        sg_ki2_read_line       (SgKakinokiReading *reading,
                                        char              *line,
                                        guint              number,
                                        GError           **error);
CaturRecord    *sg_ki2_read            (CaturVariant      *variant,
                                        const char        *data,
                                        gsize              length,
                                        GError           **error);
char           *sg_ki2_write           (CaturRecord       *record,
                                        GError           **error);
CaturRecord    *sg_csa_read            (CaturVariant      *variant,
                                        const char        *data,
                                        gsize              length,
                                        GError           **error);
char           *sg_csa_write           (CaturRecord       *record,
                                        GError           **error);

G_END_DECLS
