/* xiangqi-xqf.c: XQF, the binary game files of XQStudio collections (read only)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layout, as XQStudio's author published it for version 1.0 and as later versions are
 * publicly described: a header of 1024 bytes (`XQ`, the version, four key bytes and four
 * more, the 32 pieces' points, the result, the kind of game, then the title, event, date,
 * site and players as strings of a length byte and GBK text), then the moves from offset
 * 0x400, each four bytes (from, to, a tag, a spare) and a comment. A point is one byte,
 * file × 10 + rank, from Red's lower left; 90 or more is a piece off the board. The first
 * record is an empty move that carries the start's comment; the records of a game's main
 * line follow one another (variations come after the moves they branch from, and are not
 * read).
 *
 * Versions from 11 (XQStudio 1.1) on are enciphered: from the key bytes come offsets
 * subtracted from the pieces' points (whose order version 12 also turns), from the moves'
 * squares and from the comments' lengths, and a stream of 32 bytes subtracted from every byte
 * of the moves part in turn. Versions before 11 store each comment's length, versions from
 * 11 only when the tag says there is one.
 */
#define G_LOG_DOMAIN "xiangqi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xiangqi-pgn.h"
#include "xiangqi-xqf.h"

#define HEADER_SIZE 0x400
#define N_PIECES 32

/* The pieces in the order of the header's points, Red's then Black's, by their FEN letters. */
static const char piece_letters[N_PIECES + 1] = "RNBAKABNRCCPPPPPrnbakabnrccppppp";

/* The strings of the header: offset and size of the field (its length byte included). */
static const struct { guint offset; guint size; const char *tag; } header_strings[] = {
  { 0xd0, 64, "Event" }, { 0x110, 16, "Date" }, { 0x120, 16, "Site" },
  { 0x130, 16, "Red" }, { 0x140, 16, "Black" }, { 0x1d0, 16, "Annotator" },
};
#define TITLE_OFFSET 0x50
#define TITLE_SIZE 64

/* How the moves part is enciphered (all zero before version 11). */
typedef struct
{
  guint8 pieces;       /* subtracted from the pieces' points */
  guint8 from;         /* from the moves' origins */
  guint8 to;           /* from their targets */
  guint32 comment;     /* from the comments' lengths */
  guint8 stream[32];   /* from each byte of the moves part, in turn */
} XqfKeys;

/* The file's bytes and where the reading is in the moves part. */
typedef struct
{
  const guint8 *data;
  gsize length;
  gsize offset;
  guint index;         /* in the key stream */
  const XqfKeys *keys;
} XqfReader;

static guint8
square_of_key (guint8 x)
{
  return (guint8) (x * x * 54 + 221);
}

static void
init_keys (XqfKeys *keys, const guint8 *header)
{
  /* The stream's mask: the words of a copyright notice, as the format uses them. */
  static const char mask[33] = "[(C) Copyright Mr. Dong Shiwei.]";
  guint8 key[4];

  memset (keys, 0, sizeof *keys);
  if (header[2] < 11)
    return;
  keys->pieces = (guint8) (square_of_key (header[13]) * header[13]);
  keys->from = (guint8) (square_of_key (header[14]) * keys->pieces);
  keys->to = (guint8) (square_of_key (header[15]) * keys->from);
  keys->comment = (guint32) (header[12] * 256 + header[13]) % 32000 + 767;
  for (guint i = 0; i < 4; i++)
    key[i] = header[8 + i] | (header[12 + i] & header[3]);
  for (guint i = 0; i < 32; i++)
    keys->stream[i] = key[i % 4] & (guint8) mask[i];
}

/* @n bytes of the moves part, deciphered into @out; FALSE at the end of the file. */
static gboolean
read_bytes (XqfReader *reader, guint8 *out, gsize n)
{
  if (reader->length - reader->offset < n)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    {
      out[i] = (guint8) (reader->data[reader->offset + i] - reader->keys->stream[reader->index]);
      reader->index = (reader->index + 1) % 32;
    }
  reader->offset += n;
  return TRUE;
}

/* A header string (a length byte, then GBK text) as UTF-8, or %NULL when empty. */
static char *
header_string (const guint8 *header, guint offset, guint size)
{
  guint length = MIN (header[offset], size - 1);

  if (length == 0)
    return NULL;
  return g_convert_with_fallback ((const char *) header + offset + 1, length, "UTF-8", "GB18030",
                                  "?", NULL, NULL, NULL);
}

/* A comment's GBK text as UTF-8, with its line ends made `\n`. */
static char *
comment_text (const guint8 *bytes, gsize length)
{
  g_autofree char *text = g_convert_with_fallback ((const char *) bytes, (gssize) length,
                                                   "UTF-8", "GB18030", "?", NULL, NULL, NULL);
  g_auto(GStrv) lines = NULL;

  if (text == NULL)
    return NULL;
  lines = g_strsplit (text, "\r\n", -1);
  return g_strstrip (g_strjoinv ("\n", lines));
}

static const char *
side_name (guint side)
{
  return side == 0 ? _("Red") : _("Black");
}

/* The 32 pieces' points of the start (file × 10 + rank; 90 and more off the board). */
static void
read_points (const guint8 *header, const XqfKeys *keys, guint8 *points)
{
  /* Games from the usual start (whole games and openings) start there, whatever the points
   * say. */
  static const guint8 start[N_PIECES] = {
    0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83,
    9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86,
  };

  if (header[0x40] < 2)
    {
      memcpy (points, start, N_PIECES);
      return;
    }
  for (guint i = 0; i < N_PIECES; i++)
    {
      guint8 point = (guint8) (header[0x10 + i] - keys->pieces);

      /* Version 12 turns the order of the points by the key too. */
      if (header[2] >= 12)
        points[(keys->pieces + 1 + i) % N_PIECES] = point;
      else
        points[i] = point;
    }
}

/* The start as a FEN with @side (0 Red, 1 Black) to move. */
static char *
start_fen (const guint8 *points, guint side, GError **error)
{
  char board[10][9];
  GString *fen = g_string_new (NULL);

  memset (board, 0, sizeof board);
  for (guint i = 0; i < N_PIECES; i++)
    {
      guint file = points[i] / 10, rank = points[i] % 10;

      if (points[i] >= 90)
        continue;
      if (board[rank][file] != 0)
        {
          g_string_free (fen, TRUE);
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION,
                       _("The file puts two pieces on the point %c%u"), 'a' + file, rank);
          return NULL;
        }
      board[rank][file] = piece_letters[i];
    }
  for (int rank = 9; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < 9; file++)
        {
          if (board[rank][file] == 0)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            g_string_append_printf (fen, "%d", empty);
          empty = 0;
          g_string_append_c (fen, board[rank][file]);
        }
      if (empty > 0)
        g_string_append_printf (fen, "%d", empty);
      if (rank > 0)
        g_string_append_c (fen, '/');
    }
  g_string_append_printf (fen, " %c - - 0 1", side == 1 ? 'b' : 'w');
  return g_string_free (fen, FALSE);
}

/* A move record: its from and to points (deciphered, file × 10 + rank), whether another
 * follows, and its comment (or %NULL). FALSE with @error set when the file ends inside it. */
static gboolean
read_record (XqfReader   *reader,
             guint8       version,
             guint        number,
             guint8      *from,
             guint8      *to,
             gboolean    *more,
             char       **comment,
             GError     **error)
{
  guint8 bytes[4], size[4];
  guint32 length = 0;

  *comment = NULL;
  if (!read_bytes (reader, bytes, 4))
    goto cut;
  *from = (guint8) (bytes[0] - 24 - reader->keys->from);
  *to = (guint8) (bytes[1] - 32 - reader->keys->to);
  if (version < 11 || (bytes[2] & 0x20))
    {
      if (!read_bytes (reader, size, 4))
        goto cut;
      length = (guint32) size[0] | (guint32) size[1] << 8 | (guint32) size[2] << 16
               | (guint32) size[3] << 24;
      if (version >= 11)
        length -= reader->keys->comment;
    }
  *more = version < 11 ? (bytes[2] & 0xf0) != 0 : (bytes[2] & 0x80) != 0;
  if (length > 0)
    {
      g_autofree guint8 *text = NULL;

      if (length > reader->length - reader->offset)
        {
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                       _("The comment of move %u runs past the end of the file"), number);
          return FALSE;
        }
      text = g_malloc (length);
      read_bytes (reader, text, length);
      *comment = comment_text (text, length);
    }
  return TRUE;

cut:
  g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
               _("The file ends inside move %u: it is cut short"), number);
  return FALSE;
}

CaturRecord *
xq_xqf_read (CaturVariant  *variant,
             const char    *data,
             gsize          length,
             GError       **error)
{
  const guint8 *header = (const guint8 *) data;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(CaturPosition) position = NULL;
  g_autoptr(GPtrArray) comments = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  g_autofree char *fen = NULL;
  g_autoptr(GError) fen_error = NULL;
  XqfKeys keys;
  XqfReader reader;
  guint8 points[N_PIECES];
  guint first_side = 0;
  gboolean more = TRUE;

  if (length < 2 || header[0] != 'X' || header[1] != 'Q')
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_OTHER_GAME,
                           _("The file is no XQF file: it does not begin with “XQ”"));
      return NULL;
    }
  if (length < HEADER_SIZE)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                   _("The XQF file ends inside its header (%u bytes of 1024)"), (guint) length);
      return NULL;
    }
  /* XQStudio's versions 1.0 to 1.8. */
  if (header[2] < 10 || header[2] > 18)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
                   _("The XQF file is of version %u, which Catur does not know"), header[2]);
      return NULL;
    }
  init_keys (&keys, header);
  reader = (XqfReader) { header, length, HEADER_SIZE, 0, &keys };

  /* The records: the empty move 0 with the start's comment, then the main line. */
  for (guint number = 0; more; number++)
    {
      guint8 from = 0, to = 0;
      char *comment = NULL;

      if (number > XQ_PGN_MAX_PLIES)
        {
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                       _("The XQF file has more than %d moves"), XQ_PGN_MAX_PLIES);
          return NULL;
        }
      if (!read_record (&reader, header[2], number, &from, &to, &more, &comment, error))
        return NULL;
      g_ptr_array_add (comments, comment);
      if (number == 0)
        continue;
      if (from >= 90 || to >= 90)
        {
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                       _("Move %u names no point of the board"), number);
          return NULL;
        }
      g_array_append_val (moves, ((CaturMove) { (guint8) (from % 10 * 9 + from / 10),
                                                (guint8) (to % 10 * 9 + to / 10), 0, 0 }));
    }

  /* The side of the piece the first move moves is the side to move. */
  read_points (header, &keys, points);
  if (moves->len > 0)
    {
      guint8 from = g_array_index (moves, CaturMove, 0).from;
      guint8 point = (guint8) (from % 9 * 10 + from / 9);

      for (guint i = 0; i < N_PIECES; i++)
        if (points[i] == point)
          first_side = i >= 16;
    }
  fen = start_fen (points, first_side, error);
  if (fen == NULL)
    return NULL;
  position = catur_variant_parse (variant, fen, &fen_error);
  if (position == NULL)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION,
                   _("The file’s start is no Xiangqi position: %s"), fen_error->message);
      return NULL;
    }

  record = catur_record_new (variant, catur_position_copy (position));
  {
    g_autofree char *title = header_string (header, TITLE_OFFSET, TITLE_SIZE);

    for (guint i = 0; i < G_N_ELEMENTS (header_strings); i++)
      {
        g_autofree char *value = header_string (header, header_strings[i].offset,
                                                header_strings[i].size);

        /* Many collections name the game in the title alone. */
        if (value == NULL && g_str_equal (header_strings[i].tag, "Event"))
          value = g_steal_pointer (&title);
        if (value != NULL)
          catur_record_set_tag (record, header_strings[i].tag, value);
      }
  }
  switch (header[0x33])
    {
    case 1:
      catur_record_set_tag (record, "Result", "1-0");
      break;
    case 2:
      catur_record_set_tag (record, "Result", "0-1");
      break;
    case 3:
      catur_record_set_tag (record, "Result", "1/2-1/2");
      break;
    default:
      break;
    }
  if (comments->pdata[0] != NULL)
    catur_record_set_comment (record, 0, comments->pdata[0]);

  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove *move = &g_array_index (moves, CaturMove, i);

      if (!catur_variant_is_legal (variant, position, move))
        {
          g_autofree char *why = catur_variant_explain (variant, position, move, NULL);
          g_autofree char *text = catur_variant_format_move (variant, position, move, "iccs");
          guint side = i % 2 == 0 ? first_side : first_side ^ 1;

          /* Translators: "Move 12 (Red’s, h2e2) is not legal: …" */
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                       _("Move %u (%s’s, %s) is not legal: %s"), i + 1, side_name (side), text,
                       why != NULL ? why : _("the piece cannot move so"));
          return NULL;
        }
      catur_record_append_move (record, move);
      if (comments->pdata[i + 1] != NULL)
        catur_record_set_comment (record, i + 1, comments->pdata[i + 1]);
      catur_variant_play (variant, position, move);
    }
  return g_steal_pointer (&record);
}

guint
xq_xqf_score (const char *data,
              gsize       length)
{
  if (length >= HEADER_SIZE && data[0] == 'X' && data[1] == 'Q')
    return CATUR_RECORD_SCORE_MINE;
  return CATUR_RECORD_SCORE_NOT_MINE;
}
