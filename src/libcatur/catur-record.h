/* catur-record.h: a game record as files hold it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#if !defined(CATUR_INSIDE) && !defined(CATUR_COMPILATION)
# error "Only <catur.h> can be included directly."
#endif

#include <gio/gio.h>

#include "catur-game.h"
#include "catur-variant.h"

G_BEGIN_DECLS

#define CATUR_TYPE_RECORD (catur_record_get_type ())
G_DECLARE_FINAL_TYPE (CaturRecord, catur_record, CATUR, RECORD, GObject)

/**
 * CATUR_RECORD_ERROR:
 *
 * Errors of reading and writing game records. Messages are for the player: they name
 * the line (counted from 1) and what is wrong there.
 */
#define CATUR_RECORD_ERROR (catur_record_error_quark ())
typedef enum
{
  CATUR_RECORD_ERROR_UNSUPPORTED,   /* the variant has no such format, or not this way */
  CATUR_RECORD_ERROR_ENCODING,      /* the bytes are no text the format allows */
  CATUR_RECORD_ERROR_SYNTAX,        /* the text does not follow the format */
  CATUR_RECORD_ERROR_POSITION,      /* the start position is invalid */
  CATUR_RECORD_ERROR_INVALID_MOVE,  /* a move cannot be read */
  CATUR_RECORD_ERROR_ILLEGAL_MOVE,  /* a move reads, but is not legal where it stands */
  CATUR_RECORD_ERROR_OTHER_GAME,    /* the record is of another game */
  CATUR_RECORD_ERROR_TOO_LARGE,     /* more than CATUR_RECORD_MAX_SIZE bytes */
} CaturRecordError;

/* No record of a board game comes near this; a bigger file is refused unread. */
#define CATUR_RECORD_MAX_SIZE (4 * 1024 * 1024)

GQuark               catur_record_error_quark    (void);

CaturRecord         *catur_record_new            (CaturVariant    *variant,
                                                  CaturPosition   *start);
CaturRecord         *catur_record_new_from_game  (CaturGame       *game);
CaturVariant        *catur_record_get_variant    (CaturRecord     *self);
const CaturPosition *catur_record_get_start      (CaturRecord     *self);
CaturPosition       *catur_record_dup_final_position (CaturRecord *self);
void                 catur_record_append_move    (CaturRecord     *self,
                                                  const CaturMove *move);
guint                catur_record_get_n_moves    (CaturRecord     *self);
const CaturMove     *catur_record_get_move       (CaturRecord     *self,
                                                  guint            index);
void                 catur_record_set_comment    (CaturRecord     *self,
                                                  guint            ply,
                                                  const char      *comment);
const char          *catur_record_get_comment    (CaturRecord     *self,
                                                  guint            ply);
void                 catur_record_set_tag        (CaturRecord     *self,
                                                  const char      *name,
                                                  const char      *value);
const char          *catur_record_get_tag        (CaturRecord     *self,
                                                  const char      *name);
char               **catur_record_dup_tag_names  (CaturRecord     *self);
void                 catur_record_copy_tags      (CaturRecord     *self,
                                                  CaturRecord     *from);
void                 catur_record_copy_annotations (CaturRecord   *self,
                                                    CaturRecord   *from);
gboolean             catur_record_equal          (CaturRecord     *a,
                                                  CaturRecord     *b);
void                 catur_record_set_outcome    (CaturRecord     *self,
                                                  const CaturOutcome *outcome);
const CaturOutcome  *catur_record_get_outcome    (CaturRecord     *self);
void                 catur_record_set_options    (CaturRecord     *self,
                                                  GVariant        *options);
GVariant            *catur_record_get_options    (CaturRecord     *self);
CaturGame           *catur_record_to_game        (CaturRecord     *self,
                                                  GError         **error);

char                *catur_outcome_format_ending (CaturVariant    *variant,
                                                  const CaturOutcome *outcome);
gboolean             catur_outcome_parse_ending  (CaturVariant    *variant,
                                                  const char      *text,
                                                  CaturOutcome    *outcome,
                                                  GError         **error);

CaturRecord         *catur_record_read_file_data (const char      *filename,
                                                  const char      *data,
                                                  gsize            length,
                                                  CaturVariant    *preferred,
                                                  GError         **error);
GPtrArray           *catur_record_read_file_games (const char     *filename,
                                                   const char     *data,
                                                   gsize           length,
                                                   CaturVariant   *preferred,
                                                   GError        **error);
GPtrArray           *catur_record_read_text      (const char      *text,
                                                  CaturVariant    *preferred,
                                                  GError         **error);
const char          *catur_record_get_player     (CaturRecord     *self,
                                                  CaturSide        side);
char                *catur_record_describe       (CaturRecord     *self,
                                                  guint            index);
char                *catur_record_describe_details (CaturRecord   *self);

G_END_DECLS
