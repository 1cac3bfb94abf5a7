/* shogi-record.c: Shogi's game files: SFEN, KIF, KI2 and CSA (RULES.md S2, S15, S16), and
 * what the readers and writers of KIF (shogi-kif.c), KI2 (shogi-ki2.c) and CSA (shogi-csa.c)
 * share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tags are kept under the names the other formats share where one exists (`Sente`, `Gote`,
 * `Event`, `Site`, `Date`, `Result`), and under their KIF names otherwise.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "shogi-record-private.h"
#include "shogi-variant.h"

static const char * const sfen_extensions[] = { "sfen", NULL };
static const char * const kif_extensions[] = { "kifu", NULL };
static const char * const kif_sjis_extensions[] = { "kif", NULL };
static const char * const ki2_extensions[] = { "ki2u", NULL };
static const char * const ki2_sjis_extensions[] = { "ki2", NULL };
static const char * const csa_extensions[] = { "csa", NULL };
/* Catur's own types for them (data/io.github.caturapp.Catur.mime.xml.in). */
static const char * const kif_mime_types[] = { "text/x-shogi-kif", NULL };
static const char * const ki2_mime_types[] = { "text/x-shogi-ki2", NULL };
static const char * const csa_mime_types[] = { "text/x-shogi-csa", NULL };
static const char * const no_mime_types[] = { NULL };

const CaturRecordFormat *
sg_record_list_formats (guint *n_formats)
{
  static CaturRecordFormat formats[6];
  static gsize initialized = 0;

  /* The names are translated once, in the language of the first call. */
  if (g_once_init_enter (&initialized))
    {
      const CaturRecordFormat init[] = {
        { "kif", _("Shogi game (KIF)"), kif_extensions, kif_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE },
        /* The same record in the encoding of the Windows programs that made KIF (S15), which
         * a `.kif` is in: a name ending so is read (either encoding) and saved again as this;
         * the UTF-8 one above, for `.kifu`, comes first, the one a game of no file gets. */
        { "kif-sjis", _("Shogi game (KIF, Shift_JIS)"), kif_sjis_extensions, kif_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE, "CP932" },
        /* KI2 likewise: `.ki2` in Shift_JIS, `.ki2u` in UTF-8. */
        { "ki2", _("Shogi game (KI2)"), ki2_extensions, ki2_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE },
        { "ki2-sjis", _("Shogi game (KI2, Shift_JIS)"), ki2_sjis_extensions, ki2_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE, "CP932" },
        { "csa", _("Shogi game (CSA)"), csa_extensions, csa_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE },
        { "sfen", _("Shogi position (SFEN)"), sfen_extensions, no_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE
          | CATUR_RECORD_FORMAT_POSITION_ONLY },
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (init) == G_N_ELEMENTS (formats));
      memcpy (formats, init, sizeof formats);
      g_once_init_leave (&initialized, 1);
    }
  *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

/* Common parts */

gboolean
sg_record_line_error (GError     **error,
                      int          code,
                      guint        line,
                      const char  *format,
                      ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  /* Translators: "Line 12: …" */
  g_set_error (error, CATUR_RECORD_ERROR, code, _("Line %u: %s"), line, what);
  return FALSE;
}

gboolean
sg_record_move_error (GError           **error,
                      int                code,
                      guint              line,
                      const SgPosition  *pos,
                      const char        *text,
                      const char        *why)
{
  const char *side = pos->side == SG_SENTE ? _("Sente") : _("Gote");
  guint number = (guint) pos->ply;

  if (code == CATUR_RECORD_ERROR_ILLEGAL_MOVE)
    /* Translators: "Line 12: Sente’s move 5, “７五歩(77)”, is not legal: A Pawn moves …" */
    g_set_error (error, CATUR_RECORD_ERROR, code,
                 _("Line %u: %s’s move %u, “%s”, is not legal: %s"), line, side, number, text,
                 why);
  else
    /* Translators: "Line 12: Sente’s move 5, “７五象”, does not read: no piece is named" */
    g_set_error (error, CATUR_RECORD_ERROR, code,
                 _("Line %u: %s’s move %u, “%s”, does not read: %s"), line, side, number, text,
                 why);
  return FALSE;
}

SgRecordStep
sg_record_check_move (CaturVariant      *variant,
                      SgPosition        *pos,
                      SgMove             move,
                      GError            *read_error,
                      guint              line,
                      const char        *text,
                      GError           **foul,
                      GError           **error)
{
  g_autoptr(GError) owned = read_error;
  g_autoptr(CaturPosition) position = NULL;
  g_autofree char *why = NULL;
  CaturMove real;

  if (owned != NULL)
    {
      sg_record_move_error (foul, owned->code, line, pos, text, owned->message);
      if (owned->code == CATUR_RECORD_ERROR_ILLEGAL_MOVE)
        return SG_RECORD_FOUL;
      g_propagate_error (error, g_steal_pointer (foul));
      return SG_RECORD_STOP;
    }
  if (sg_is_legal (pos, move))
    return SG_RECORD_PLAY;
  position = sg_record_new_position (variant, pos);
  real = sg_record_catur_move (pos, move);
  why = catur_variant_explain (variant, position, &real, NULL);
  sg_record_move_error (foul, CATUR_RECORD_ERROR_ILLEGAL_MOVE, line, pos, text,
                        why != NULL ? why : _("the move is illegal"));
  return SG_RECORD_FOUL;
}

void
sg_record_set_ending (CaturRecord      *record,
                      int               winner,
                      CaturReason       reason,
                      const SgPosition *final)
{
  CaturOutcome outcome;

  catur_outcome_init (&outcome);
  outcome.result = CATUR_RESULT_WIN;
  outcome.winner = winner == SG_SENTE ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
  outcome.reason = reason;
  if (reason == CATUR_REASON_IMPASSE)
    g_snprintf (outcome.detail, sizeof outcome.detail, "%d-%d",
                sg_impasse_points (final, SG_SENTE, NULL, NULL),
                sg_impasse_points (final, SG_GOTE, NULL, NULL));
  catur_record_set_outcome (record, &outcome);
  sg_record_set_result (record, winner);
}

void
sg_record_declare (CaturRecord      *record,
                   const SgPosition *pos,
                   int               winner)
{
  /* A record of a game played with the declaration off (or not told, as KIF never tells it)
   * still says how that game ended. */
  if (!sg_can_declare (pos))
    {
      sg_record_set_ending (record, winner, CATUR_REASON_IMPASSE, pos);
      return;
    }
  catur_record_append_move (record, &(CaturMove) { CATUR_SQUARE_NONE, CATUR_SQUARE_NONE, 0,
                                                    CATUR_MOVE_DECLARE });
  sg_record_set_result (record, winner);
}

/* The file's text as UTF-8: UTF-8 (with or without a byte order mark) when it is valid, else
 * Shift_JIS in Microsoft's form, which KIF and CSA V2.2 files use. */
char *
sg_record_decode (const char *data, gsize length, GError **error)
{
  g_autoptr(GError) convert_error = NULL;
  char *text;

  if (length > CATUR_RECORD_MAX_SIZE)
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_TOO_LARGE,
                           _("The file is too large to be a game record"));
      return NULL;
    }
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING,
                           _("The file is not text"));
      return NULL;
    }
  /* Every byte-order mark: a file may have passed twice through a tool that adds one. */
  while (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      length -= 3;
    }
  if (g_utf8_validate_len (data, length, NULL))
    return g_strndup (data, length);
  text = g_convert (data, length, "UTF-8", "CP932", NULL, NULL, &convert_error);
  if (text == NULL)
    g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING,
                         _("The file is neither UTF-8 nor Shift_JIS text"));
  return text;
}

CaturPosition *
sg_record_new_position (CaturVariant *variant, const SgPosition *core)
{
  g_autoptr(CaturPosition) position = catur_variant_new_position (variant, NULL, 0);

  *SG_MUTABLE (position) = *core;
  return g_steal_pointer (&position);
}

CaturMove
sg_record_catur_move (const SgPosition *pos, SgMove move)
{
  CaturMove result = { move.from, move.to, 0, 0 };

  if (move.from == SG_DROP_FROM)
    {
      result.from = CATUR_SQUARE_HAND (pos->side == SG_SENTE ? CATUR_SIDE_FIRST
                                                             : CATUR_SIDE_SECOND, move.drop);
      result.piece = move.drop;
      result.flags = CATUR_MOVE_DROP;
    }
  else if (move.promote)
    {
      result.piece = (guint8) SG_PROMOTED (sg_piece_at (pos, move.from, NULL));
      result.flags = CATUR_MOVE_PROMOTE;
    }
  return result;
}

gboolean
sg_record_core_move (const CaturMove *move, SgMove *out)
{
  if (move->flags & CATUR_MOVE_DROP)
    {
      *out = (SgMove) { SG_DROP_FROM, move->to, catur_square_hand_kind (move->from), FALSE };
      return move->to < SG_SQUARES;
    }
  *out = (SgMove) { move->from, move->to, 0, (move->flags & CATUR_MOVE_PROMOTE) != 0 };
  return (move->flags & ~CATUR_MOVE_PROMOTE) == 0 && move->from < SG_SQUARES
         && move->to < SG_SQUARES;
}

/* The record's moves replayed on the core: FALSE (with the move named) if one is not Shogi's
 * or not legal, which a record made by CaturGame never has. */
static gboolean
check_moves (CaturRecord *record, GError **error)
{
  SgPosition pos = *SG (catur_record_get_start (record));

  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      SgMove sg_move;

      if (move->flags & CATUR_MOVE_DECLARE)
        {
          if (i + 1 == catur_record_get_n_moves (record))
            continue;
        }
      else if (sg_record_core_move (move, &sg_move) && sg_is_legal (&pos, sg_move))
        {
          sg_play (&pos, sg_move);
          continue;
        }
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                   _("Move %u is no legal Shogi move"), i + 1);
      return FALSE;
    }
  return TRUE;
}


SgRecordEnding
sg_record_ending (CaturRecord *record, SgPosition *final)
{
  guint n = catur_record_get_n_moves (record);
  const char *result = catur_record_get_tag (record, "Result");
  int winner;

  const CaturOutcome *outcome = catur_record_get_outcome (record);

  if (n > 0 && (catur_record_get_move (record, n - 1)->flags & CATUR_MOVE_DECLARE))
    return SG_ENDING_DECLARED;
  if (!sg_has_legal_move (final))
    return SG_ENDING_MATE;
  /* The endings a record states that the moves do not reach. */
  if (outcome->result == CATUR_RESULT_WIN && outcome->reason == CATUR_REASON_IMPASSE)
    return SG_ENDING_DECLARED;
  if (outcome->result == CATUR_RESULT_WIN && outcome->reason == CATUR_REASON_ILLEGAL_MOVE)
    return (outcome->winner == CATUR_SIDE_FIRST) == (final->side == SG_SENTE)
           ? SG_ENDING_WIN_BY_OTHER : SG_ENDING_FOUL_LOSS;
  if (outcome->result == CATUR_RESULT_WIN && outcome->reason == CATUR_REASON_TIME_OUT
      && (outcome->winner == CATUR_SIDE_FIRST) != (final->side == SG_SENTE))
    return SG_ENDING_TIME_UP;
  if (result == NULL || g_str_equal (result, "*"))
    return SG_ENDING_NONE;
  if (g_str_equal (result, "1/2-1/2"))
    return SG_ENDING_DRAW;
  winner = g_str_equal (result, "1-0") ? SG_SENTE : SG_GOTE;
  return winner == final->side ? SG_ENDING_WIN_BY_OTHER : SG_ENDING_RESIGN;
}

/* Whether the side to move of @final, which declared an impasse, won by it. A record without
 * a result is judged by the 27-point rule, the one most programs read. */
gboolean
sg_record_declarer_won (CaturRecord *record, const SgPosition *final)
{
  const char *result = catur_record_get_tag (record, "Result");

  if (result == NULL || g_str_equal (result, "*"))
    return sg_judge_declaration (final, SG_IMPASSE_27) == SG_DECLARE_WIN;
  return g_str_equal (result, final->side == SG_SENTE ? "1-0" : "0-1");
}

void
sg_record_set_result (CaturRecord *record, int winner)
{
  catur_record_set_tag (record, "Result", winner == SG_SENTE ? "1-0"
                                          : winner == SG_GOTE ? "0-1" : "1/2-1/2");
}

/* `2024/01/02 10:00:00` or `2024/01/02` → `2024.01.02`, the other formats' Date. A dot
 * counts as a slash too: the writers turn the Date's dots into slashes, and what they write
 * must read back as the same Date. */
char *
sg_record_date (const char *value)
{
  int y, m, d;
  char first, second;

  if (sscanf (value, "%d%c%d%c%d", &y, &first, &m, &second, &d) == 5
      && (first == '/' || first == '.') && (second == '/' || second == '.'))
    return g_strdup_printf ("%04d.%02d.%02d", y, m, d);
  return g_strdup (value);
}

gboolean
sg_record_get_clock (CaturRecord      *record,
                     CaturTimeControl *control)
{
  const char *tag = catur_record_get_tag (record, "TimeControl");

  if (tag != NULL && catur_time_control_parse (tag, control, NULL)
      && control->kind != CATUR_CLOCK_NONE)
    return TRUE;
  return catur_time_control_from_options (catur_record_get_options (record), control);
}

void
sg_record_rename_tag (CaturRecord *record,
                      const char  *name,
                      const char  *new_name,
                      const char  *value)
{
  g_auto(GStrv) names = catur_record_dup_tag_names (record);
  g_auto(GStrv) values = g_new0 (char *, g_strv_length (names) + 1);

  for (guint i = 0; names[i] != NULL; i++)
    values[i] = g_strdup (catur_record_get_tag (record, names[i]));
  for (guint i = 0; names[i] != NULL; i++)
    catur_record_set_tag (record, names[i], NULL);
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (!g_str_equal (names[i], name))
        catur_record_set_tag (record, names[i], values[i]);
      else if (new_name != NULL)
        catur_record_set_tag (record, new_name, value);
    }
}

/* The formats */

CaturRecord *
sg_record_read (CaturVariant  *variant,
                const char    *format_id,
                const char    *data,
                gsize          length,
                GError       **error)
{
  sg_init ();
  if (g_str_equal (format_id, "sfen"))
    return catur_pgn_read_position_file (variant, data, length, CATUR_PGN_ENCODING_UTF8, error);
  /* A file named for one of Kakinoki's formats may hold the other: its moves tell. */
  if (g_str_has_prefix (format_id, "kif") || g_str_has_prefix (format_id, "ki2"))
    {
      gboolean ki2 = g_str_has_prefix (format_id, "ki2");

      if (sg_record_score (variant, format_id, data, length) < CATUR_RECORD_SCORE_UNKNOWN
          && sg_record_score (variant, ki2 ? "kif" : "ki2", data, length)
             > CATUR_RECORD_SCORE_UNKNOWN)
        ki2 = !ki2;
      return ki2 ? sg_ki2_read (variant, data, length, error)
                 : sg_kif_read (variant, data, length, error);
    }
  if (g_str_equal (format_id, "csa"))
    return sg_csa_read (variant, data, length, error);
  g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
               _("Shogi has no record format “%s”"), format_id);
  return NULL;
}

/* Whether a line of a CSA file is a move (`+7776FU`) or the even start (`PI`). */
static gboolean
csa_shaped (const char *line)
{
  if (g_str_has_prefix (line, "PI"))
    return TRUE;
  return (line[0] == '+' || line[0] == '-') && strlen (line) >= 7
         && g_ascii_isdigit (line[1]) && g_ascii_isdigit (line[2]) && g_ascii_isdigit (line[3])
         && g_ascii_isdigit (line[4]) && g_ascii_isupper (line[5]) && g_ascii_isupper (line[6]);
}

/* KIF's words that no other game's files hold: its headers, its table's head, its diagram. */
static const char * const kif_marks[] = {
  "手合割", "手数----", "先手：", "後手：", "下手：", "上手：", "の持駒", "開始日時", "まで",
  NULL,
};

guint
sg_record_score (CaturVariant *variant,
                 const char   *format_id,
                 const char   *data,
                 gsize         length)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  gsize cut = length;
  gboolean csa = g_str_equal (format_id, "csa");
  gboolean ki2 = g_str_has_prefix (format_id, "ki2");
  gboolean marked = FALSE;
  guint shaped = 0, ki2_shaped = 0;

  if (g_str_equal (format_id, "sfen"))
    return catur_pgn_score_position_file (variant, data, length, CATUR_PGN_ENCODING_UTF8);
  /* The marks are in the first lines. */
  if (cut > 8192)
    for (cut = 8192; cut > 0 && data[cut - 1] != '\n'; cut--)
      ;
  text = sg_record_decode (data, cut, NULL);
  if (text == NULL)
    return CATUR_RECORD_SCORE_NOT_MINE;
  lines = g_strsplit (text, "\n", 200);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (!csa)
        {
          for (guint m = 0; kif_marks[m] != NULL; m++)
            marked |= strstr (line, kif_marks[m]) != NULL;
          /* `1 ７六歩(77)`, `2 同　銀(31)`: a number, then a full-width file or 同. */
          if (g_ascii_isdigit (line[0]))
            {
              const char *move = line;
              gunichar first;

              while (g_ascii_isdigit (*move) || *move == ' ')
                move++;
              first = g_utf8_get_char_validated (move, -1);
              if ((first >= 0xff11 && first <= 0xff19) || first == 0x540c)
                shaped++;
            }
          /* KI2's `▲７六歩　△３四歩`. */
          else if (!g_str_has_prefix (line, "まで") && sg_ki2_begins_moves (line))
            ki2_shaped++;
        }
      else
        {
          if (g_str_has_prefix (line, "V2") || g_str_has_prefix (line, "V3")
              || g_str_has_prefix (line, "'CSA encoding="))
            return CATUR_RECORD_SCORE_MINE;
          if (csa_shaped (line))
            shaped++;
        }
    }
  if (csa)
    return shaped > 0 ? 90 : CATUR_RECORD_SCORE_NOT_MINE + 10;
  /* KIF and KI2 share their marks; their moves tell them apart. A file of no moves reads as
   * either, KIF first. */
  if (ki2 ? shaped > 0 && ki2_shaped == 0 : ki2_shaped > 0 && shaped == 0)
    return CATUR_RECORD_SCORE_NOT_MINE + 10;
  if (marked)
    return ki2 && ki2_shaped == 0 ? 90 : CATUR_RECORD_SCORE_MINE;
  return shaped + ki2_shaped > 0 ? 90 : CATUR_RECORD_SCORE_NOT_MINE + 10;
}

char *
sg_record_write (const char   *format_id,
                 CaturRecord  *record,
                 GError      **error)
{
  if (!check_moves (record, error))
    return NULL;
  if (g_str_equal (format_id, "sfen"))
    {
      g_autoptr(CaturPosition) final = catur_record_dup_final_position (record);
      g_autofree char *sfen = sg_position_to_sfen (SG (final));

      return g_strconcat (sfen, "\n", NULL);
    }
  if (g_str_equal (format_id, "kif") || g_str_equal (format_id, "kif-sjis"))
    return sg_kif_write (record, error);
  if (g_str_equal (format_id, "ki2") || g_str_equal (format_id, "ki2-sjis"))
    return sg_ki2_write (record, error);
  if (g_str_equal (format_id, "csa"))
    return sg_csa_write (record, error);
  g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
               _("Shogi has no record format “%s”"), format_id);
  return NULL;
}
