/* chess-pgn.c: chess game records (RULES.md C8)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The records are libcatur's PGN, which every game shares: tags, comments, variations and NAGs
 * (read, the main line played), several games in a file. What is chess's is here: the names
 * the Variant tag may give, the Seven Tag Roster, SetUp and FEN, and the moves.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "chess-pgn.h"
#include "chess-variant.h"

CaturMove
ch_to_catur_move (ChessMove move)
{
  CaturMove result = { CH_MOVE_FROM (move), CH_MOVE_TO (move), 0, 0 };

  if (CH_MOVE_TYPE (move) == CH_MOVE_PROMOTION)
    {
      result.piece = CH_MOVE_PROMO (move);
      result.flags = CATUR_MOVE_PROMOTE;
    }
  else if (CH_MOVE_TYPE (move) == CH_MOVE_CASTLING)
    result.flags = CATUR_MOVE_CASTLE;
  return result;
}

ChessMove
ch_from_catur_move (ChessPosition *pos, const CaturMove *move)
{
  ChessMove found;

  if (move->from >= CH_SQUARES || move->to >= CH_SQUARES
      || (move->flags & ~(CATUR_MOVE_PROMOTE | CATUR_MOVE_CASTLE)) != 0
      || ((move->flags & CATUR_MOVE_PROMOTE) != 0) != (move->piece != 0))
    return CH_MOVE_NONE;
  found = ch_find_move (pos, move->from, move->to, move->piece);
  /* The castling flag and castling itself go together. */
  if (found != CH_MOVE_NONE
      && (CH_MOVE_TYPE (found) == CH_MOVE_CASTLING) != ((move->flags & CATUR_MOVE_CASTLE) != 0))
    return CH_MOVE_NONE;
  if (found != CH_MOVE_NONE && CH_MOVE_TO (found) != move->to)
    return CH_MOVE_NONE;
  return found;
}

/* Whether the text has the shape of a move (SAN or coordinates), so that a miss is an illegal
 * move rather than no move at all. */
static gboolean
looks_like_move (const char *text)
{
  int from, to;
  ChessKind promo;
  gsize n = strlen (text);

  if (ch_parse_uci (text, &from, &to, &promo))
    return TRUE;
  if (g_str_has_prefix (text, "O-O") || g_str_has_prefix (text, "0-0"))
    return TRUE;
  /* A target square somewhere near the end. */
  for (gsize i = 0; i + 1 < n; i++)
    if (text[i] >= 'a' && text[i] <= 'h' && text[i + 1] >= '1' && text[i + 1] <= '8')
      return TRUE;
  return FALSE;
}

static gboolean
read_move (CaturRecord          *record,
           const CaturPosition  *position,
           const char           *text,
           CaturMove            *move,
           gpointer              user_data,
           GError              **error)
{
  ChessPosition *pos = CH_MUTABLE (position);
  ChessMove found = CH_MOVE_NONE;
  ChessMove matches[2];
  int from, to, n_matches = 0;
  gboolean coordinates;
  ChessKind promo;
  g_autofree char *bare = NULL;

  /* exd6e.p., the mark written onto the move */
  if (g_str_has_suffix (text, "e.p.") && strlen (text) > 4)
    text = bare = g_strndup (text, strlen (text) - 4);
  if ((coordinates = ch_parse_uci (text, &from, &to, &promo)))
    found = ch_find_move (pos, from, to, promo);
  else if ((n_matches = ch_san_matches (pos, text, matches)) == 1)
    found = matches[0];

  if (found == CH_MOVE_NONE)
    {
      if (n_matches > 1)
        {
          char first[16], second[16];

          ch_move_to_san (pos, matches[0], FALSE, first);
          ch_move_to_san (pos, matches[1], FALSE, second);
          if (strcmp (first, second) > 0)
            {
              char swap[16];

              memcpy (swap, first, sizeof swap);
              memcpy (first, second, sizeof first);
              memcpy (second, swap, sizeof second);
            }
          /* Translators: "Line 7: White’s move 4, “Nd7”, is ambiguous (Nbd7 or Nfd7)" */
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                       _("%s’s move %u, “%s”, is ambiguous (%s or %s)"),
                       pos->side == CH_WHITE ? _("White") : _("Black"), (guint) pos->fullmove,
                       text, first, second);
        }
      else if (!looks_like_move (text))
        g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                     _("“%s” is not a move in algebraic notation"), text);
      else if (coordinates)
        {
          /* Squares name the piece: the rules say why it cannot go. */
          CaturMove wanted = { (CaturSquare) from, (CaturSquare) to, (guint8) promo,
                               promo != CH_NONE ? CATUR_MOVE_PROMOTE : 0 };
          g_autofree char *why = catur_variant_explain (catur_record_get_variant (record),
                                                        position, &wanted, NULL);

          /* Translators: "Line 7: White’s move 4, “e2e5”, is not legal: A Pawn …" */
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                       _("%s’s move %u, “%s”, is not legal: %s"),
                       pos->side == CH_WHITE ? _("White") : _("Black"), (guint) pos->fullmove,
                       text, why != NULL ? why : _("the rules do not allow it"));
        }
      else
        /* Translators: "Line 7: Black’s move 4, “Nf6”, is not legal in that position" */
        g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                     _("%s’s move %u, “%s”, is not legal in that position"),
                     pos->side == CH_WHITE ? _("White") : _("Black"), (guint) pos->fullmove,
                     text);
      return FALSE;
    }
  *move = ch_to_catur_move (found);
  return TRUE;
}

static char *
write_move (CaturRecord         *record,
            const CaturPosition *position,
            const CaturMove     *move,
            gpointer             user_data)
{
  ChessPosition *pos = CH_MUTABLE (position);
  ChessMove found = ch_from_catur_move (pos, move);
  char san[16];

  g_return_val_if_fail (found != CH_MOVE_NONE, g_strdup ("--"));
  ch_move_to_san (pos, found, FALSE, san);
  return g_strdup (san);
}

static const char * const game_names[] = {
  "chess", "standard", "normal", "from position", "international chess", "catur", NULL,
};

/* RULES C8: the Seven Tag Roster, in its order. */
static const char * const roster[] = {
  "Event", "?", "Site", "?", "Date", "????.??.??", "Round", "?",
  "White", "?", "Black", "?", "Result", "*",
  NULL,
};

static const char * const own_tags[] = { "Variant", "SetUp", "FEN", NULL };

/* Some programs write `e.p.` after an en-passant capture, as a word of its own (PGN's SAN has
 * none: exd6 says it all). */
static const char * const ignored_words[] = { "e.p.", "ep", NULL };

static const CaturPgnDialect dialect = {
  game_names,
  roster,
  own_tags,
  "SetUp",
  CATUR_PGN_ENCODING_LATIN1,
  CH_PGN_MAX_PLIES,
  NULL,
  read_move,
  write_move,
  ignored_words,
};

const CaturPgnDialect *
ch_pgn_get_dialect (void)
{
  return &dialect;
}

/* The per-move time limit in PGN's own words: TimeControl's "moves/seconds" period of one
 * move, "1/30". The tag becomes the game's option when it is one of the option's choices,
 * so that a timed game written and read back is the same; other controls stay tags. */
#define TIME_CONTROL_TAG "TimeControl"

static void
time_control_to_options (CaturRecord *record)
{
  const CaturSetupOption *option = catur_setup_option_move_time ();
  const char *value = catur_record_get_tag (record, TIME_CONTROL_TAG);
  GVariantDict dict;

  if (value == NULL || !g_str_has_prefix (value, "1/"))
    return;
  for (guint i = 1; i < option->n_choices; i++)
    if (g_str_equal (value + 2, option->choices[i].value))
      {
        g_variant_dict_init (&dict, catur_record_get_options (record));
        g_variant_dict_insert (&dict, option->id, "s", option->choices[i].value);
        catur_record_set_options (record, g_variant_dict_end (&dict));
        catur_record_set_tag (record, TIME_CONTROL_TAG, NULL);
        return;
      }
}

/* A game lost (or drawn) on time in PGN's words: the Result, and Termination "time forfeit".
 * The tag becomes the record's outcome, so that the reopened game ends as it did. */
#define TERMINATION_TAG "Termination"
#define TIME_FORFEIT "time forfeit"

static void
termination_to_outcome (CaturRecord *record)
{
  const char *termination = catur_record_get_tag (record, TERMINATION_TAG);
  const char *result = catur_record_get_tag (record, "Result");
  CaturOutcome outcome;

  if (termination == NULL || result == NULL || g_ascii_strcasecmp (termination, TIME_FORFEIT))
    return;
  catur_outcome_init (&outcome);
  outcome.reason = CATUR_REASON_TIME_OUT;
  if (g_str_equal (result, "1/2-1/2"))
    outcome.result = CATUR_RESULT_DRAW;
  else if (g_str_equal (result, "1-0") || g_str_equal (result, "0-1"))
    {
      outcome.result = CATUR_RESULT_WIN;
      outcome.winner = result[0] == '1' ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
    }
  else
    return;
  catur_record_set_outcome (record, &outcome);
  catur_record_set_tag (record, TERMINATION_TAG, NULL);
}

CaturRecord *
ch_pgn_read (CaturVariant  *variant,
             const char    *data,
             gsize          length,
             GError       **error)
{
  CaturRecord *record = catur_pgn_read (variant, &dialect, data, length, NULL, error);

  if (record != NULL)
    {
      time_control_to_options (record);
      termination_to_outcome (record);
    }
  return record;
}

/* Every game of a PGN database that reads, in file order. */
GPtrArray *
ch_pgn_read_games (CaturVariant  *variant,
                   const char    *data,
                   gsize          length,
                   GError       **error)
{
  GPtrArray *records = catur_pgn_read_games (variant, &dialect, data, length, NULL, error);

  for (guint i = 0; records != NULL && i < records->len; i++)
    {
      time_control_to_options (g_ptr_array_index (records, i));
      termination_to_outcome (g_ptr_array_index (records, i));
    }
  return records;
}

char *
ch_pgn_write (CaturRecord *record)
{
  guint seconds;
  g_autofree char *period = NULL;
  const char *extra_tags[5] = { NULL };
  guint n = 0;

  g_return_val_if_fail (CATUR_IS_RECORD (record), NULL);

  seconds = catur_setup_option_get_move_time (catur_record_get_options (record));
  if (seconds > 0 && catur_record_get_tag (record, TIME_CONTROL_TAG) == NULL)
    {
      extra_tags[n++] = TIME_CONTROL_TAG;
      extra_tags[n++] = period = g_strdup_printf ("1/%u", seconds);
    }
  if (catur_record_get_outcome (record)->reason == CATUR_REASON_TIME_OUT
      && catur_record_get_tag (record, TERMINATION_TAG) == NULL)
    {
      extra_tags[n++] = TERMINATION_TAG;
      extra_tags[n++] = TIME_FORFEIT;
    }
  return catur_pgn_write (record, &dialect, CH (catur_record_get_start (record))->fullmove,
                          n > 0 ? extra_tags : NULL, NULL);
}
