/* banqi-pgn.c: Banqi game records in PGN (RULES.md B2–B3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The records are libcatur's PGN; what is Banqi's is the Game tag, the moves in the notation
 * of B3 (`b3(K)`, `b3-b4`, `b3xb4`) and the Deal tag: what lay face down at the start, square
 * by square from a1, which BFEN never says. With it a record replays its game to the end, the
 * pieces still face down included. Flips carry their piece, so a record without a Deal still
 * replays every move; what was never turned up is dealt anew.
 *
 * The game's options are tags too: `Rules` names the rule variants of B12 that are on (the
 * ids of their setup options, `Rules "chain-captures hong-kong"`), and the turn time limit is
 * PGN's TimeControl of one move a period, `TimeControl "1/30"`, as Chess writes it.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "banqi-pgn.h"
#include "banqi-variant.h"

#define DEAL_TAG "Deal"
#define RULES_TAG "Rules"
#define TIME_CONTROL_TAG "TimeControl"

static const char * const rule_option_ids[] = BANQI_RULE_OPTION_IDS;

static const char * const game_names[] = {
  "banqi", "ban qi", "dark chess", "chinese dark chess", "暗棋", "翻翻棋", NULL,
};

/* The Game tag, then PGN's seven with the seats: colours come only with the first flip. */
static const char * const roster[] = {
  "Game", "Banqi",
  "Event", "?", "Site", "?", "Date", "????.??.??", "Round", "?",
  "First", "?", "Second", "?", "Result", "*",
  NULL,
};

static const char * const own_tags[] = {
  "Game", "Variant", "FEN", DEAL_TAG, RULES_TAG, TIME_CONTROL_TAG, NULL,
};

static gboolean
read_move (CaturRecord          *record,
           const CaturPosition  *position,
           const char           *text,
           CaturMove            *move,
           gpointer              user_data,
           GError              **error)
{
  const BqPosition *pos = BQ_CONST (position);
  BqMove bq;

  if (!bq_move_from_text (text, &bq))
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                   _("“%s” is not a Banqi move"), text);
      return FALSE;
    }
  if (!bq_is_legal (pos, &bq) || (bq.flip && bq.piece != BQ_NO_KIND && pos->pool[bq.piece] == 0))
    {
      /* Translators: "Line 7: move 12, “b3xb4”, is not legal in that position" */
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                   _("move %u, “%s”, is not legal in that position"), pos->ply + 1u, text);
      return FALSE;
    }
  if (bq.from == BQ_STOP)
    {
      *move = (CaturMove) { CATUR_SQUARE_NONE, CATUR_SQUARE_NONE, 0, CATUR_MOVE_DECLARE };
      return TRUE;
    }
  move->from = bq.from;
  move->to = bq.to;
  move->piece = bq.piece;
  move->flags = bq.flip ? CATUR_MOVE_FLIP : 0;
  if (bq.flip && bq.piece != BQ_NO_KIND && BQ_KIND_COLOUR (bq.piece) == BQ_BLACK)
    move->flags |= CATUR_MOVE_REVEALS_SECOND;
  return TRUE;
}

static char *
write_move (CaturRecord         *record,
            const CaturPosition *position,
            const CaturMove     *move,
            gpointer             user_data)
{
  BqMove bq = { move->from, move->to, (move->flags & CATUR_MOVE_FLIP) != 0, move->piece };

  if (move->flags & CATUR_MOVE_DECLARE)
    bq = (BqMove) { BQ_STOP, BQ_STOP, FALSE, 0 };
  return bq_move_to_text (BQ_CONST (position), &bq, FALSE);
}

/* The options of the Rules and TimeControl tags (either may be NULL), or NULL with @error
 * for a rule Banqi does not know. A time control that is not one of the turn time limit's
 * choices is no option of Banqi's and is left out. */
static GVariant *
options_of_tags (const char  *rules,
                 const char  *time_control,
                 GError     **error)
{
  const CaturSetupOption *move_time = catur_setup_option_move_time ();
  g_auto(GStrv) words = g_strsplit_set (rules != NULL ? rules : "", " ,", -1);
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  for (guint i = 0; words[i] != NULL; i++)
    {
      gboolean known = FALSE;

      if (words[i][0] == '\0')
        continue;
      for (guint j = 0; rule_option_ids[j] != NULL && !known; j++)
        if (g_str_equal (words[i], rule_option_ids[j]))
          {
            g_variant_dict_insert (&dict, rule_option_ids[j], "s", "on");
            known = TRUE;
          }
      if (!known)
        {
          g_variant_dict_clear (&dict);
          /* Translators: "The Rules tag names a rule Banqi does not know: “flying-horse”" */
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                       _("The Rules tag names a rule Banqi does not know: “%s”"), words[i]);
          return NULL;
        }
    }
  if (time_control != NULL && g_str_has_prefix (time_control, "1/"))
    for (guint i = 1; i < move_time->n_choices; i++)
      if (g_str_equal (time_control + 2, move_time->choices[i].value))
        g_variant_dict_insert (&dict, move_time->id, "s", move_time->choices[i].value);
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

/* The reader plays the moves under these, so that a chain of captures or a Chariot's slide
 * replays. */
static GVariant *
read_options (CaturRecord  *record,
              gpointer      user_data,
              GError      **error)
{
  return options_of_tags (catur_record_get_tag (record, RULES_TAG),
                          catur_record_get_tag (record, TIME_CONTROL_TAG), error);
}

static const CaturPgnDialect dialect = {
  game_names,
  roster,
  own_tags,
  NULL,
  CATUR_PGN_ENCODING_UTF8,
  BQ_PGN_MAX_PLIES,
  NULL,
  read_move,
  write_move,
  NULL,
  read_options,
};

const CaturPgnDialect *
bq_pgn_get_dialect (void)
{
  return &dialect;
}

/* The record read, rebuilt on a start that holds the Deal (or a new deal without one), so
 * that the pieces never turned up lie where they lay. */
/* Game @index of the file, with what lies face down at its start: its Deal tag, or a deal of
 * the pool at random. */
static CaturRecord *
read_game (CaturVariant    *variant,
           CaturPgnReader  *reader,
           guint            index,
           GError         **error)
{
  g_autoptr(CaturRecord) read = NULL;
  g_autoptr(CaturPosition) start = NULL;
  g_autoptr(GError) local_error = NULL;
  GVariant *options;
  CaturRecord *record;
  const char *deal;

  read = catur_pgn_reader_read_game (reader, index, error);
  if (read == NULL)
    return NULL;
  options = catur_record_get_options (read);
  deal = catur_pgn_reader_get_game_tag (reader, index, DEAL_TAG);

  start = catur_position_copy (catur_record_get_start (read));
  bq_position_observe (BQ (start));
  if (deal != NULL && !bq_restore_hidden (BQ (start), deal, &local_error))
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION,
                   _("The Deal tag does not fit the start position: %s"), local_error->message);
      return NULL;
    }
  catur_variant_apply_options (variant, start, options);
  if (deal == NULL)
    bq_position_deal (BQ (start), ((guint64) g_random_int () << 32) | g_random_int ());

  /* The starts differ in what lies face down, so the annotations are carried over one by one
   * (catur_record_copy_annotations() keeps comments only for the same start, and no Result). */
  record = catur_record_new (variant, g_steal_pointer (&start));
  catur_record_set_options (record, options);
  for (guint i = 0; i < catur_record_get_n_moves (read); i++)
    catur_record_append_move (record, catur_record_get_move (read, i));
  catur_record_copy_annotations (record, read);
  if (catur_record_get_tag (read, "Result") != NULL)
    catur_record_set_tag (record, "Result", catur_record_get_tag (read, "Result"));
  for (guint ply = 0; ply <= catur_record_get_n_moves (read); ply++)
    if (catur_record_get_comment (read, ply) != NULL)
      catur_record_set_comment (record, ply, catur_record_get_comment (read, ply));
  return record;
}

static CaturPgnReader *
open_file (CaturVariant  *variant,
           const char    *data,
           gsize          length,
           GError       **error)
{
  CaturPgnReader *reader = catur_pgn_reader_new (variant, &dialect, data, length, NULL, error);

  if (reader != NULL && catur_pgn_reader_get_n_games (reader) == 0)
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                           _("The file holds no game"));
      g_clear_pointer (&reader, catur_pgn_reader_free);
    }
  return reader;
}

CaturRecord *
bq_pgn_read (CaturVariant  *variant,
             const char    *data,
             gsize          length,
             GError       **error)
{
  g_autoptr(CaturPgnReader) reader = open_file (variant, data, length, error);

  return reader != NULL ? read_game (variant, reader, 0, error) : NULL;
}

GPtrArray *
bq_pgn_read_games (CaturVariant  *variant,
                   const char    *data,
                   gsize          length,
                   GError       **error)
{
  g_autoptr(CaturPgnReader) reader = open_file (variant, data, length, error);
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GError) first_error = NULL;

  if (reader == NULL)
    return NULL;
  records = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < catur_pgn_reader_get_n_games (reader); i++)
    {
      g_autoptr(GError) game_error = NULL;
      CaturRecord *record = read_game (variant, reader, i, &game_error);

      if (record != NULL)
        g_ptr_array_add (records, record);
      else if (first_error == NULL)
        first_error = g_steal_pointer (&game_error);
    }
  if (records->len == 0)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return NULL;
    }
  return g_steal_pointer (&records);
}

char *
bq_pgn_write (CaturRecord *record)
{
  g_autofree char *deal = bq_format_hidden (BQ_CONST (catur_record_get_start (record)));
  GVariant *options = catur_record_get_options (record);
  g_autoptr(GString) rules = g_string_new (NULL);
  g_autofree char *period = NULL;
  const char *extra[7] = { NULL };
  guint n = 0, seconds = catur_setup_option_get_move_time (options);

  for (guint i = 0; rule_option_ids[i] != NULL; i++)
    {
      const char *value = NULL;

      if (g_variant_lookup (options, rule_option_ids[i], "&s", &value)
          && g_str_equal (value, "on"))
        g_string_append_printf (rules, "%s%s", rules->len > 0 ? " " : "", rule_option_ids[i]);
    }
  if (deal[0] != '\0')
    {
      extra[n++] = DEAL_TAG;
      extra[n++] = deal;
    }
  if (rules->len > 0)
    {
      extra[n++] = RULES_TAG;
      extra[n++] = rules->str;
    }
  if (seconds > 0)
    {
      extra[n++] = TIME_CONTROL_TAG;
      extra[n++] = period = g_strdup_printf ("1/%u", seconds);
    }
  return catur_pgn_write (record, &dialect, 1, n > 0 ? extra : NULL, NULL);
}
