/* catur-variant-text.c: the variant contract's words: notations, notices, descriptions, records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The methods by which a game writes moves and records and tells the players what happened,
 * with the defaults a game that leaves them out gets.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"
#include "catur-variant-private.h"

#define IFACE(self) CATUR_VARIANT_IFACE (self)

/* A game that lists no notations writes moves in coordinates only. */
static const CaturNotationInfo *
default_notations (guint *n_notations)
{
  static CaturNotationInfo notations[1];
  static gsize initialized = 0;

  /* Translated once, in the language of the first call, as the variants' own lists are. */
  if (g_once_init_enter (&initialized))
    {
      notations[0].id = "coordinate";
      notations[0].name = _("Coordinates");
      notations[0].description = NULL;
      notations[0].flags = CATUR_NOTATION_COORDINATE;
      g_once_init_leave (&initialized, 1);
    }
  *n_notations = G_N_ELEMENTS (notations);
  return notations;
}

/**
 * catur_variant_list_notations:
 * @n_notations: (out): how many notations there are, at least 1
 *
 * Returns: (array length=n_notations) (transfer none): the notations of the game, its default
 *   first; exactly one is the coordinate form (%CATUR_NOTATION_COORDINATE)
 */
const CaturNotationInfo *
catur_variant_list_notations (CaturVariant *self,
                              guint        *n_notations)
{
  const CaturNotationInfo *notations;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (n_notations != NULL, NULL);

  *n_notations = 0;
  if (IFACE (self)->list_notations == NULL)
    return default_notations (n_notations);
  notations = IFACE (self)->list_notations (self, n_notations);
  g_return_val_if_fail (notations != NULL && *n_notations > 0, default_notations (n_notations));
  return notations;
}

/**
 * catur_variant_find_notation:
 * @notation_id: (nullable): a notation id
 *
 * Returns: (transfer none) (nullable): the notation @notation_id of the game, %NULL when it
 *   has none of that id
 */
const CaturNotationInfo *
catur_variant_find_notation (CaturVariant *self,
                             const char   *notation_id)
{
  const CaturNotationInfo *notations;
  guint n;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  if (notation_id == NULL)
    return NULL;
  notations = catur_variant_list_notations (self, &n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (notations[i].id, notation_id))
      return &notations[i];
  return NULL;
}

/**
 * catur_variant_get_default_notation:
 *
 * Returns: the id of the game's default notation, the one its players write (WXF, SAN)
 */
const char *
catur_variant_get_default_notation (CaturVariant *self)
{
  guint n;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  return catur_variant_list_notations (self, &n)[0].id;
}

/**
 * catur_variant_get_coordinate_notation:
 *
 * Returns: the id of the game's coordinate notation (ICCS, UCI, USI), which engines and saved
 *   games use
 */
const char *
catur_variant_get_coordinate_notation (CaturVariant *self)
{
  const CaturNotationInfo *notations;
  guint n;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  notations = catur_variant_list_notations (self, &n);
  for (guint i = 0; i < n; i++)
    if (notations[i].flags & CATUR_NOTATION_COORDINATE)
      return notations[i].id;
  g_return_val_if_reached (notations[n - 1].id);
}

/**
 * catur_variant_format_move:
 * @position: the position before @move
 * @move: a legal move of @position, or one catur_variant_play() completed
 * @notation_id: (nullable): a notation of the game; %NULL, or an id the game does not know
 *   (a setting from another version), for the default notation
 *
 * Returns: (transfer full): @move written in the notation
 */
char *
catur_variant_format_move (CaturVariant        *self,
                           const CaturPosition *position,
                           const CaturMove     *move,
                           const char          *notation_id)
{
  g_autoptr(CaturPosition) owned = NULL;
  const CaturNotationInfo *notation;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  notation = catur_variant_find_notation (self, notation_id);
  position = catur_variant_public_view (self, position, &owned);
  return IFACE (self)->format_move (self, position, move,
                                    notation != NULL ? notation->id
                                                     : catur_variant_get_default_notation (self));
}

/**
 * catur_variant_parse_move:
 * @position: the position the move is played from
 * @text: the move in any notation the variant knows
 * @move: (out): the move read
 *
 * Reads a move. A well-formed coordinate move is read even when it is not legal in
 * @position (see the @parse_move method): check catur_variant_is_legal() before playing it,
 * or ask catur_variant_explain() why not.
 *
 * Returns: %FALSE with @error set when @text is no move of this game
 */
gboolean
catur_variant_parse_move (CaturVariant         *self,
                          const CaturPosition  *position,
                          const char           *text,
                          CaturMove            *move,
                          GError              **error)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return IFACE (self)->parse_move (self, position, text, move, error);
}

/**
 * catur_variant_describe_outcome:
 * @position: (nullable): the position where the game ended, whose colours name the sides
 *
 * Returns: (transfer full): how the game ended, without who won ("Double-cannon mate"), or ""
 *   when the result says it all
 */
char *
catur_variant_describe_outcome (CaturVariant        *self,
                                const CaturPosition *position,
                                const CaturOutcome  *outcome)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position == NULL || position->variant == self, NULL);
  g_return_val_if_fail (outcome != NULL, NULL);

  /* Not a rule of any game: the same words for all. */
  if (outcome->reason == CATUR_REASON_ABANDONED && outcome->result == CATUR_RESULT_WIN)
    /* Translators: how a game ended; %s is the side whose player left a game played over the
     * network and did not come back, so that the other claimed it */
    return g_strdup_printf (_("%s left the game"),
                            catur_variant_get_side_name (self, position,
                                                         catur_side_other (outcome->winner)));
  return IFACE (self)->describe_outcome (self, position, outcome);
}

/**
 * catur_variant_list_notices:
 * @n_notices: (out): how many notices there are
 *
 * Returns: (array length=n_notices) (transfer none) (nullable): the notices the game may raise,
 *   in the order they are shown; %NULL when it has none
 */
const CaturNoticeInfo *
catur_variant_list_notices (CaturVariant *self,
                            guint        *n_notices)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (n_notices != NULL, NULL);

  *n_notices = 0;
  if (IFACE (self)->list_notices == NULL)
    return NULL;
  return IFACE (self)->list_notices (self, n_notices);
}

/**
 * catur_variant_describe_notice:
 * @position: (nullable): the position after the ply that raised the notice
 * @outcome: the outcome of that ply
 * @notice: one of @outcome's notices: the bit of a #CaturNoticeInfo of the game
 *
 * Returns: (transfer full): a sentence telling the players about @notice
 */
char *
catur_variant_describe_notice (CaturVariant        *self,
                               const CaturPosition *position,
                               const CaturOutcome  *outcome,
                               guint                notice)
{
  const CaturNoticeInfo *notices;
  char *text = NULL;
  guint n;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position == NULL || position->variant == self, NULL);
  g_return_val_if_fail (outcome != NULL, NULL);

  if (IFACE (self)->describe_notice != NULL)
    text = IFACE (self)->describe_notice (self, position, outcome, notice);
  if (text != NULL)
    return text;

  /* A game that declares notices describes them; its ids are better than nothing. */
  notices = catur_variant_list_notices (self, &n);
  for (guint i = 0; i < n; i++)
    if (notices[i].notice == notice)
      return g_strdup (notices[i].id);
  g_return_val_if_reached (g_strdup (""));
}

/**
 * catur_variant_get_declaration_label:
 * @move: a declaration (%CATUR_MOVE_DECLARE) of @position
 *
 * Returns: (transfer full): the translated label of the menu item that plays @move
 *   ("Declare Impasse")
 */
char *
catur_variant_get_declaration_label (CaturVariant        *self,
                                     const CaturPosition *position,
                                     const CaturMove     *move)
{
  char *label = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  if (IFACE (self)->get_declaration_label != NULL)
    label = IFACE (self)->get_declaration_label (self, position, move);
  if (label != NULL)
    return label;
  return catur_variant_format_move (self, position, move, NULL);
}

/**
 * catur_variant_describe_piece:
 * @position: (nullable): the position that names the sides
 * @piece: a piece
 *
 * A piece with its side, as a sentence names it: "Red Cannon". A game whose piece names carry
 * their colour already (Banqi's "Red Soldier") is not given it twice; a face-down piece is only
 * a face-down piece.
 *
 * Returns: (transfer full): the translated name
 */
char *
catur_variant_describe_piece (CaturVariant        *self,
                              const CaturPosition *position,
                              const CaturPiece    *piece)
{
  g_autofree char *piece_name = NULL;
  const char *side_name;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (piece != NULL, NULL);

  piece_name = catur_variant_get_piece_name (self, piece);
  if (piece->flags & CATUR_PIECE_FACE_DOWN)
    return g_steal_pointer (&piece_name);
  side_name = catur_variant_get_side_name (self, position, piece->side);
  if (g_str_has_prefix (piece_name, side_name))
    return g_steal_pointer (&piece_name);
  /* Translators: a side and a piece, in a sentence about a move: e.g. "Red Cannon" */
  return g_strdup_printf (C_("side and piece", "%s %s"), side_name, piece_name);
}

/* The default of describe_move: the piece, where from and where to, what it takes, what it
 * becomes, from the contract's names alone. */
static char *
default_describe_move (CaturVariant        *self,
                       const CaturPosition *position,
                       const CaturMove     *move)
{
  CaturSide mover = catur_variant_side_to_move (self, position);
  g_autoptr(CaturPosition) after = catur_position_copy (position);
  CaturMove played = *move;
  CaturMoveEffects effects;
  CaturPiece piece = { 0 }, captured = { 0 }, result = { 0 };
  char from[8] = "", to[8] = "", taken_on[8] = "";
  g_autofree char *piece_text = NULL;
  g_autofree char *sentence = NULL;

  if (move->flags & CATUR_MOVE_DECLARE)
    {
      g_autofree char *label = catur_variant_get_declaration_label (self, position, move);

      /* Translators: a side plays a declaration, e.g. "Black: Declare Impasse" */
      return g_strdup_printf (C_("declaration", "%s: %s"),
                              catur_variant_get_side_name (self, position, mover), label);
    }

  catur_variant_play (self, after, &played);
  catur_variant_square_name (self, move->to, to);
  if (move->from != CATUR_SQUARE_NONE)
    catur_variant_square_name (self, move->from, from);

  if (move->flags & CATUR_MOVE_FLIP)
    {
      g_autofree char *revealed = NULL;

      if (!catur_variant_piece_at (self, after, move->to, &result))
        return g_strdup (to);
      revealed = catur_variant_describe_piece (self, after, &result);
      /* Translators: a face-down piece turned up: the side that turns it, the square and what
       * it is, e.g. "Red turns up b3: Black Cannon" */
      return g_strdup_printf (_("%s turns up %s: %s"),
                              catur_variant_get_side_name (self, after, mover), to, revealed);
    }

  if (move->flags & CATUR_MOVE_DROP)
    {
      g_autofree char *dropped = NULL;

      piece.kind = move->piece;
      piece.side = mover;
      dropped = catur_variant_get_piece_name (self, &piece);
      /* Translators: a piece from the hand put on the board: the side, the piece and the
       * square, e.g. "Black drops a Silver on 5e" */
      return g_strdup_printf (_("%s drops a %s on %s"),
                              catur_variant_get_side_name (self, position, mover), dropped, to);
    }

  if (!catur_variant_piece_at (self, position, move->from, &piece))
    {
      /* Translators: a move whose piece is not known: e.g. "from b9 to c7" */
      return g_strdup_printf (_("from %s to %s"), from, to);
    }
  piece_text = catur_variant_describe_piece (self, position, &piece);
  catur_variant_move_effects (self, position, move, &effects);
  if (effects.captured != CATUR_SQUARE_NONE
      && catur_variant_piece_at (self, position, effects.captured, &captured))
    {
      g_autofree char *captured_name = catur_variant_get_piece_name (self, &captured);

      catur_variant_square_name (self, effects.captured, taken_on);
      /* Translators: a capture: the moving side and piece, the square it leaves, the piece
       * taken and its square, e.g. "Red Cannon from b2 takes the Horse on e7" */
      sentence = g_strdup_printf (_("%s from %s takes the %s on %s"), piece_text, from,
                                  captured_name, taken_on);
    }
  else
    /* Translators: a move: the side and piece, where from and where to,
     * e.g. "Black Horse from b9 to c7" */
    sentence = g_strdup_printf (_("%s from %s to %s"), piece_text, from, to);

  if ((move->flags & CATUR_MOVE_PROMOTE) && catur_variant_piece_at (self, after, move->to, &result))
    {
      g_autofree char *promoted = catur_variant_get_piece_name (self, &result);

      /* Translators: a move and the piece it leaves on its target, e.g.
       * "White Pawn from e7 to e8, becomes Queen" */
      return g_strdup_printf (_("%s, becomes %s"), sentence, promoted);
    }
  return g_steal_pointer (&sentence);
}

/**
 * catur_variant_describe_move:
 * @position: the position before @move
 * @move: a legal move of @position, as the game played it (completed: a flip carries the piece
 *   it revealed)
 *
 * A sentence for a player who cannot see the board, in the game's own words: the side and the
 * piece, its squares, what it takes ("Red Cannon from b2 takes the Horse on e7"), what a
 * promotion makes of it, a drop, a flip and what it revealed, a declaration. Check and the end
 * of the game are the caller's to add. A game with hidden pieces is given what the players see.
 *
 * Returns: (transfer full): the translated sentence, without a full stop
 */
char *
catur_variant_describe_move (CaturVariant        *self,
                             const CaturPosition *position,
                             const CaturMove     *move)
{
  g_autoptr(CaturPosition) owned = NULL;
  const CaturPosition *seen;
  char *text = NULL;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (position != NULL && position->variant == self, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  seen = catur_variant_public_view (self, position, &owned);
  if (IFACE (self)->describe_move != NULL)
    text = IFACE (self)->describe_move (self, seen, move);
  if (text != NULL)
    return text;
  return default_describe_move (self, seen, move);
}

/**
 * catur_variant_list_record_formats:
 * @n_formats: (out): how many formats there are
 *
 * Returns: (array length=n_formats) (transfer none): the file formats of the game's records
 */
const CaturRecordFormat *
catur_variant_list_record_formats (CaturVariant *self,
                                   guint        *n_formats)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (n_formats != NULL, NULL);

  *n_formats = 0;
  if (IFACE (self)->list_record_formats == NULL)
    return NULL;
  return IFACE (self)->list_record_formats (self, n_formats);
}

/* Returns: (nullable): the format with the id @format_id */
const CaturRecordFormat *
catur_variant_find_record_format (CaturVariant *self,
                                  const char   *format_id)
{
  const CaturRecordFormat *formats;
  guint n;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (format_id != NULL, NULL);

  formats = catur_variant_list_record_formats (self, &n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (formats[i].id, format_id))
      return &formats[i];
  return NULL;
}

/**
 * catur_variant_guess_record_format:
 * @filename: (nullable): a file name, or %NULL for the first format that has @needed
 * @needed: the #CaturRecordFormatFlags the format must have
 *
 * Returns: (nullable): the first format with @needed whose extensions include the one of
 *   @filename (in any case)
 */
const CaturRecordFormat *
catur_variant_guess_record_format (CaturVariant           *self,
                                   const char             *filename,
                                   CaturRecordFormatFlags  needed)
{
  const CaturRecordFormat *formats;
  const char *dot = NULL;
  guint n;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);

  if (filename != NULL)
    {
      g_autofree char *base = g_path_get_basename (filename);

      dot = strrchr (filename, '.');
      if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL || strrchr (base, '.') == base)
        return NULL;
      dot++;
    }

  formats = catur_variant_list_record_formats (self, &n);
  for (guint i = 0; i < n; i++)
    {
      if ((formats[i].flags & needed) != needed)
        continue;
      if (dot == NULL)
        return &formats[i];
      for (guint j = 0; formats[i].extensions != NULL && formats[i].extensions[j] != NULL; j++)
        if (g_ascii_strcasecmp (formats[i].extensions[j], dot) == 0)
          return &formats[i];
    }
  return NULL;
}

/**
 * catur_variant_read_record:
 * @format_id: a format of catur_variant_list_record_formats() that can be read
 * @data: the file's bytes, in any encoding the format allows
 * @length: how many bytes
 *
 * Returns: (transfer full) (nullable): the record, or %NULL with @error set in the
 *   %CATUR_RECORD_ERROR domain
 */
CaturRecord *
catur_variant_read_record (CaturVariant  *self,
                           const char    *format_id,
                           const char    *data,
                           gsize          length,
                           GError       **error)
{
  const CaturRecordFormat *format;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (format_id != NULL, NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  format = catur_variant_find_record_format (self, format_id);
  if (format == NULL || !(format->flags & CATUR_RECORD_FORMAT_READ)
      || IFACE (self)->read_record == NULL)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
                   _("%s cannot read files of the kind “%s”"),
                   catur_variant_get_name (self), format_id);
      return NULL;
    }
  if (length > CATUR_RECORD_MAX_SIZE)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_TOO_LARGE,
                   _("The file is too large to be a game record (more than %d MiB)"),
                   CATUR_RECORD_MAX_SIZE / (1024 * 1024));
      return NULL;
    }
  return IFACE (self)->read_record (self, format_id, data != NULL ? data : "", length, error);
}

/**
 * catur_variant_score_record:
 * @format_id: a format of catur_variant_list_record_formats() that can be read
 * @data: the file's bytes, in any encoding the format allows
 * @length: how many bytes
 *
 * How much the bytes look like a record of this game in that format, without reading it:
 * see the score_record() method.
 *
 * Returns: from %CATUR_RECORD_SCORE_NOT_MINE to %CATUR_RECORD_SCORE_MINE
 */
guint
catur_variant_score_record (CaturVariant *self,
                            const char   *format_id,
                            const char   *data,
                            gsize         length)
{
  g_return_val_if_fail (CATUR_IS_VARIANT (self), CATUR_RECORD_SCORE_NOT_MINE);
  g_return_val_if_fail (format_id != NULL, CATUR_RECORD_SCORE_NOT_MINE);
  g_return_val_if_fail (data != NULL || length == 0, CATUR_RECORD_SCORE_NOT_MINE);

  if (IFACE (self)->score_record == NULL || length > CATUR_RECORD_MAX_SIZE)
    return CATUR_RECORD_SCORE_UNKNOWN;
  return MIN (IFACE (self)->score_record (self, format_id, data != NULL ? data : "", length),
              CATUR_RECORD_SCORE_MINE);
}

/**
 * catur_variant_read_records:
 * @format_id: a format of catur_variant_list_record_formats() that can be read
 * @data: the file's bytes, in any encoding the format allows
 * @length: how many bytes
 *
 * Every game of a file that may hold several (a PGN database), each read on its own: a game
 * that does not read is left out. A variant without read_records() gives read_record()'s one,
 * and so does a format of one position (%CATUR_RECORD_FORMAT_POSITION_ONLY).
 *
 * Returns: (transfer full) (element-type CaturRecord) (nullable): the games that read, in the
 *   file's order, at least one; %NULL with @error set (the first game's error) when none does
 */
GPtrArray *
catur_variant_read_records (CaturVariant  *self,
                            const char    *format_id,
                            const char    *data,
                            gsize          length,
                            GError       **error)
{
  const CaturRecordFormat *format;
  GPtrArray *records;
  CaturRecord *record;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (format_id != NULL, NULL);
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* What read_record() refuses (an unknown format, too many bytes), it refuses the same way;
   * a file of one position is one record. */
  format = catur_variant_find_record_format (self, format_id);
  if (IFACE (self)->read_records == NULL || format == NULL
      || !(format->flags & CATUR_RECORD_FORMAT_READ)
      || (format->flags & CATUR_RECORD_FORMAT_POSITION_ONLY) || length > CATUR_RECORD_MAX_SIZE)
    {
      record = catur_variant_read_record (self, format_id, data, length, error);
      if (record == NULL)
        return NULL;
      records = g_ptr_array_new_with_free_func (g_object_unref);
      g_ptr_array_add (records, record);
      return records;
    }
  records = IFACE (self)->read_records (self, format_id, data != NULL ? data : "", length, error);
  g_return_val_if_fail (records == NULL || records->len > 0, NULL);
  return records;
}

/**
 * catur_variant_write_record:
 * @format_id: a format of catur_variant_list_record_formats() that can be written
 * @record: a record of this variant
 *
 * Returns: (transfer full) (nullable): the file's text, or %NULL with @error set
 */
char *
catur_variant_write_record (CaturVariant  *self,
                            const char    *format_id,
                            CaturRecord   *record,
                            GError       **error)
{
  const CaturRecordFormat *format;

  g_return_val_if_fail (CATUR_IS_VARIANT (self), NULL);
  g_return_val_if_fail (format_id != NULL, NULL);
  g_return_val_if_fail (CATUR_IS_RECORD (record), NULL);
  g_return_val_if_fail (catur_record_get_variant (record) == self, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  format = catur_variant_find_record_format (self, format_id);
  if (format == NULL || !(format->flags & CATUR_RECORD_FORMAT_WRITE)
      || IFACE (self)->write_record == NULL)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
                   _("%s cannot write files of the kind “%s”"),
                   catur_variant_get_name (self), format_id);
      return NULL;
    }
  return IFACE (self)->write_record (self, format_id, record, error);
}

/**
 * catur_variant_write_record_file:
 * @format_id: a format of catur_variant_list_record_formats() that can be written
 * @record: a record of this variant
 * @length: (out): the number of bytes
 *
 * What a file of the format holds: catur_variant_write_record()'s text in the format's
 * encoding (Shift_JIS for a `.kif`), nul-terminated. A record with a character the encoding
 * has not (a name in another script) gives %CATUR_RECORD_ERROR_ENCODING.
 *
 * Returns: (transfer full) (nullable): the file's bytes, or %NULL with @error set
 */
char *
catur_variant_write_record_file (CaturVariant  *self,
                                 const char    *format_id,
                                 CaturRecord   *record,
                                 gsize         *length,
                                 GError       **error)
{
  g_autofree char *text = catur_variant_write_record (self, format_id, record, error);
  const CaturRecordFormat *format;
  g_autoptr(GError) convert_error = NULL;
  char *bytes;

  g_return_val_if_fail (length != NULL, NULL);

  if (text == NULL)
    return NULL;
  format = catur_variant_find_record_format (self, format_id);
  if (format->encoding == NULL)
    {
      *length = strlen (text);
      return g_steal_pointer (&text);
    }
  bytes = g_convert (text, -1, format->encoding, "UTF-8", NULL, length, &convert_error);
  if (bytes == NULL)
    {
      /* Translators: the first %s is a file format ("Shogi game (KIF, Shift_JIS)"), the
       * second why the text does not convert */
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING,
                   _("The game holds text that a file of the kind “%s” cannot: %s"),
                   format->name, convert_error->message);
      return NULL;
    }
  return bytes;
}
