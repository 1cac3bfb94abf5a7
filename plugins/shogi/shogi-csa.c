/* shogi-csa.c: CSA, the Computer Shogi Association's game record (RULES.md S16)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `V2.2` (or `V3.0` with a UTF-8 line before it), `N+`/`N-` names, `$` headers, `PI` or
 * `P1`…`P9` and the hands for the start, the side to move, moves `+7776FU` whose piece code is
 * the piece after the move, `T` times, `'` comments and `%` endings.
 */
#define G_LOG_DOMAIN "shogi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "shogi-record-private.h"
#include "shogi-variant.h"

static const char * const csa_codes[SG_N_KINDS] = {
  [SG_KING] = "OU", [SG_ROOK] = "HI", [SG_BISHOP] = "KA", [SG_GOLD] = "KI",
  [SG_SILVER] = "GI", [SG_KNIGHT] = "KE", [SG_LANCE] = "KY", [SG_PAWN] = "FU",
  [SG_DRAGON] = "RY", [SG_HORSE] = "UM", [SG_PSILVER] = "NG", [SG_PKNIGHT] = "NK",
  [SG_PLANCE] = "NY", [SG_TOKIN] = "TO",
};

static int
csa_kind (const char *code)
{
  for (int kind = SG_KING; kind < SG_N_KINDS; kind++)
    if (csa_codes[kind] != NULL && strncmp (code, csa_codes[kind], 2) == 0)
      return kind;
  return SG_NONE;
}

static gboolean
csa_square (const char *text, int *square)
{
  if (text[0] < '1' || text[0] > '9' || text[1] < '1' || text[1] > '9')
    return FALSE;
  *square = sg_square_at (text[0] - '0', text[1] - '0');
  return TRUE;
}

/* `+7776FU`: the piece code is the piece after the move, so a promotion shows a new code. */
/* Legal or not: the error (%CATUR_RECORD_ERROR_ILLEGAL_MOVE for a move that reads but whose
 * piece is not there) says what is wrong, for sg_record_move_error(). */
static gboolean
read_csa_move (SgPosition *pos, const char *text, SgMove *move, GError **error)
{
  int from = 0, to, kind, before;

  if (strlen (text) < 7 || (text[0] == '+') != (pos->side == SG_SENTE))
    return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                text[0] == '+' || text[0] == '-'
                                ? _("the move is not the side to move’s")
                                : _("the move does not read")), FALSE;
  kind = csa_kind (text + 5);
  if (!csa_square (text + 3, &to) || kind == SG_NONE)
    return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                _("the move does not read")), FALSE;
  if (text[1] == '0' && text[2] == '0')
    *move = (SgMove) { SG_DROP_FROM, (guint8) to, (guint8) kind, FALSE };
  else
    {
      if (!csa_square (text + 1, &from))
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                                    _("the move does not read")), FALSE;
      before = sg_piece_at (pos, from, NULL);
      if (before != kind && !(SG_CAN_PROMOTE (before) && SG_PROMOTED (before) == kind))
        return g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                                    _("the piece named does not stand on the origin")), FALSE;
      *move = (SgMove) { (guint8) from, (guint8) to, 0, before != kind };
    }
  return TRUE;
}

/* `P1-KY-KE…`: nine cells of three characters. */
static gboolean
read_csa_row (const char *text, SgPosition *pos, int rank)
{
  const char *p = text + 2;

  for (int file = SG_FILES; file >= 1; file--, p += 3)
    {
      int kind;

      /* An empty square is ` * `; the blank after the last one is often stripped. */
      if (p[0] == ' ' && p[1] == '*' && (p[2] == ' ' || (p[2] == '\0' && file == 1)))
        {
          if (p[2] == '\0')
            break;
          continue;
        }
      if (strlen (p) < 3)
        return FALSE;
      kind = csa_kind (p + 1);
      if ((p[0] != '+' && p[0] != '-') || kind == SG_NONE)
        return FALSE;
      sg_put_piece (pos, sg_square_at (file, rank), kind, p[0] == '+' ? SG_SENTE : SG_GOTE);
    }
  return TRUE;
}

/* `P+00FU00KA` (pieces in hand), `P-63KI` (on the board), `P-00AL` (the rest in hand). */
static gboolean
read_csa_pieces (const char *text, SgPosition *pos)
{
  int side = text[1] == '+' ? SG_SENTE : SG_GOTE;

  for (const char *p = text + 2; *p != '\0'; p += 4)
    {
      int kind, square;

      if (strlen (p) < 4)
        return FALSE;
      if (strncmp (p, "00AL", 4) == 0)
        {
          static const int set[SG_PAWN + 1] = { 0, 2, 2, 2, 4, 4, 4, 4, 18 };

          for (int k = SG_ROOK; k <= SG_PAWN; k++)
            {
              int used = pos->hand[0][k] + pos->hand[1][k];

              for (int sq = 0; sq < SG_SQUARES; sq++)
                used += pos->cell[sq] != 0 && SG_UNPROMOTED (SG_CELL_KIND (pos->cell[sq])) == k;
              pos->hand[side][k] += (guint8) MAX (set[k] - used, 0);
            }
          continue;
        }
      kind = csa_kind (p + 2);
      if (kind == SG_NONE)
        return FALSE;
      if (p[0] == '0' && p[1] == '0')
        {
          if (kind < SG_ROOK || kind > SG_PAWN)
            return FALSE;
          pos->hand[side][kind] = (guint8) MIN (pos->hand[side][kind] + 1, 40);
        }
      else if (csa_square (p, &square))
        sg_put_piece (pos, square, kind, side);
      else
        return FALSE;
    }
  return TRUE;
}

/* `PI82HI22KA`: the even start without those pieces. */
static gboolean
read_csa_pi (const char *text, SgPosition *pos)
{
  sg_position_init_start (pos);
  for (const char *p = text + 2; *p != '\0'; p += 4)
    {
      int square;

      if (strlen (p) < 4 || !csa_square (p, &square)
          || sg_piece_at (pos, square, NULL) != csa_kind (p + 2))
        return FALSE;
      sg_put_piece (pos, square, SG_NONE, SG_SENTE);
    }
  return TRUE;
}

static const struct { const char *csa; const char *tag; } csa_tags[] = {
  { "EVENT", "Event" }, { "SITE", "Site" }, { "START_TIME", "Date" }, { "OPENING", "Opening" },
};

/* The clock: V2.2's `$TIME_LIMIT:hh:mm+ss` (a main time in hours and minutes, then a
 * byoyomi in seconds; `+00` for none) and V3.0's `$TIME:main+byoyomi+increment` in seconds
 * (`$TIME+:` and `$TIME-:` when each player's differ; seconds may have a fraction, which Catur's
 * whole seconds keep only when it is nought). Catur writes `$TIME_LIMIT` when it says the
 * clock, else `$TIME` in a V3.0 file; a clock neither says (a time a move, a delay, several
 * periods) is not written. A header that reads as no clock stays a tag of its name, as text,
 * and is written back as it was. */

static gboolean
csa_clock_number (const char **p,
                  guint        max,
                  guint       *value)
{
  char *end = NULL;
  guint64 number;

  while (**p == ' ')
    (*p)++;
  if (!g_ascii_isdigit (**p))
    return FALSE;
  number = g_ascii_strtoull (*p, &end, 10);
  if (number > max)
    return FALSE;
  *value = (guint) number;
  *p = end;
  return TRUE;
}

/* Whether @control is one Catur's clock keeps: its text reads back as the same. */
static gboolean
csa_clock_kept (CaturTimeControl *control)
{
  g_autofree char *text = catur_time_control_to_string (control);
  CaturTimeControl again;

  return catur_time_control_parse (text, &again, NULL) && again.kind != CATUR_CLOCK_NONE
         && catur_time_control_equal (&again, control);
}

/* `00:10+30` */
static gboolean
csa_clock_read_limit (const char       *value,
                      CaturTimeControl *control)
{
  const char *p = value;
  guint hours, minutes, byoyomi;

  if (!csa_clock_number (&p, 100, &hours) || *p++ != ':' || !csa_clock_number (&p, 59, &minutes)
      || *p++ != '+' || !csa_clock_number (&p, 3600, &byoyomi))
    return FALSE;
  while (*p == ' ')
    p++;
  if (*p != '\0')
    return FALSE;
  *control = (CaturTimeControl) { byoyomi > 0 ? CATUR_CLOCK_BYOYOMI : CATUR_CLOCK_SUDDEN_DEATH,
                                  hours * 3600 + minutes * 60, byoyomi, byoyomi > 0 };
  return csa_clock_kept (control);
}

/* `600+30+0`, `600.0+0.0+10.0` */
static gboolean
csa_clock_read_time (const char       *value,
                     CaturTimeControl *control)
{
  const char *p = value;
  guint parts[3];

  for (guint i = 0; i < 3; i++)
    {
      if ((i > 0 && *p++ != '+') || !csa_clock_number (&p, 100000, &parts[i]))
        return FALSE;
      if (*p == '.')
        for (p++; *p == '0'; p++)
          ;
      while (*p == ' ')
        p++;
    }
  if (*p != '\0' || (parts[1] > 0 && parts[2] > 0))
    return FALSE;
  *control = (CaturTimeControl) { parts[1] > 0 ? CATUR_CLOCK_BYOYOMI
                                  : parts[2] > 0 ? CATUR_CLOCK_FISCHER
                                  : CATUR_CLOCK_SUDDEN_DEATH,
                                  parts[0], MAX (parts[1], parts[2]), parts[1] > 0 };
  return csa_clock_kept (control);
}

/* A record read: its clock headers become its TimeControl tag, in the place of the first. */
static void
csa_read_clock (CaturRecord *record)
{
  static const char * const headers[] = { "TIME", "TIME+", "TIME-", "TIME_LIMIT" };
  const char *time = catur_record_get_tag (record, "TIME");
  const char *sente = catur_record_get_tag (record, "TIME+");
  const char *gote = catur_record_get_tag (record, "TIME-");
  const char *limit = catur_record_get_tag (record, "TIME_LIMIT");
  CaturTimeControl control, other;
  g_auto(GStrv) names = NULL;
  g_autofree char *text = NULL;
  gboolean first = TRUE;

  if (catur_record_get_tag (record, "TimeControl") != NULL)
    return;
  if (time != NULL && csa_clock_read_time (time, &control))
    ;
  else if (sente != NULL && gote != NULL && csa_clock_read_time (sente, &control)
           && csa_clock_read_time (gote, &other) && catur_time_control_equal (&control, &other))
    ;
  else if (limit == NULL || !csa_clock_read_limit (limit, &control))
    return;
  text = catur_time_control_to_string (&control);
  names = catur_record_dup_tag_names (record);
  for (guint i = 0; names[i] != NULL; i++)
    for (guint h = 0; h < G_N_ELEMENTS (headers); h++)
      if (g_str_equal (names[i], headers[h]))
        {
          sg_record_rename_tag (record, names[i], first ? "TimeControl" : NULL, text);
          first = FALSE;
        }
}

/* The header line of @control, or %NULL when CSA has no words for it; *@v3 is set when the
 * line is V3.0's. */
static char *
csa_clock_write (const CaturTimeControl *control,
                 gboolean               *v3)
{
  gboolean whole_minutes = control->main % 60 == 0;

  *v3 = FALSE;
  switch (control->kind)
    {
    case CATUR_CLOCK_SUDDEN_DEATH:
      if (whole_minutes)
        return g_strdup_printf ("$TIME_LIMIT:%02u:%02u+00\n", control->main / 3600,
                                control->main % 3600 / 60);
      *v3 = TRUE;
      return g_strdup_printf ("$TIME:%u+0+0\n", control->main);
    case CATUR_CLOCK_BYOYOMI:
      if (control->periods != 1)
        return NULL;
      if (whole_minutes && control->extra < 100)
        return g_strdup_printf ("$TIME_LIMIT:%02u:%02u+%02u\n", control->main / 3600,
                                control->main % 3600 / 60, control->extra);
      *v3 = TRUE;
      return g_strdup_printf ("$TIME:%u+%u+0\n", control->main, control->extra);
    case CATUR_CLOCK_FISCHER:
      *v3 = TRUE;
      return g_strdup_printf ("$TIME:%u+0+%u\n", control->main, control->extra);
    case CATUR_CLOCK_NONE:
    case CATUR_CLOCK_PER_MOVE:
    case CATUR_CLOCK_BRONSTEIN:
    default:
      return NULL;
    }
}

CaturRecord *
sg_csa_read (CaturVariant *variant, const char *data, gsize length, GError **error)
{
  g_autofree char *text = sg_record_decode (data, length, error);
  g_auto(GStrv) lines = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  SgPosition pos;
  gboolean setup = FALSE, ended = FALSE, version_seen = FALSE;
  g_autoptr(GError) foul = NULL;
  g_autofree char *last_end = NULL;   /* the ending's line */
  guint plies = 0;

  if (text == NULL)
    return NULL;
  sg_position_clear (&pos);
  lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *whole = g_strchomp (lines[i]);
      /* Several statements share a line, split by commas, among the moves; a comment, a name
       * or a header runs to the end of its line. */
      g_auto(GStrv) statements = strchr ("'N$", whole[0]) != NULL && whole[0] != '\0'
                                 ? g_strsplit (whole, "\n", -1)
                                 : g_strsplit (whole, ",", -1);
      guint number = i + 1;

      for (guint s = 0; statements[s] != NULL; s++)
        {
          char *line = g_strstrip (statements[s]);

          if (line[0] == '\0')
            continue;
          if (line[0] == '\'')
            {
              const char *comment = line[1] == '*' ? line + 2 : line + 1;

              if (g_str_has_prefix (line, "'CSA encoding="))
                continue;
              if (record == NULL)
                continue;
              {
                const char *before = catur_record_get_comment (record, plies);
                g_autofree char *joined = before != NULL ? g_strconcat (before, "\n", comment, NULL)
                                                         : g_strdup (comment);

                catur_record_set_comment (record, plies, joined);
              }
              continue;
            }
          if (line[0] == 'V')
            {
              version_seen = TRUE;
              continue;
            }
          if (line[0] == 'N' && (line[1] == '+' || line[1] == '-'))
            {
              g_ptr_array_add (tags, g_strdup (line[1] == '+' ? "Sente" : "Gote"));
              g_ptr_array_add (tags, g_strdup (line + 2));
              continue;
            }
          if (line[0] == '$')
            {
              char *colon = strchr (line, ':');
              const char *tag;

              if (colon == NULL)
                continue;
              *colon = '\0';
              tag = line + 1;
              for (guint t = 0; t < G_N_ELEMENTS (csa_tags); t++)
                if (g_str_equal (csa_tags[t].csa, tag))
                  tag = csa_tags[t].tag;
              g_ptr_array_add (tags, g_strdup (tag));
              g_ptr_array_add (tags, g_str_equal (tag, "Date") ? sg_record_date (colon + 1)
                                                              : g_strdup (colon + 1));
              continue;
            }
          if (line[0] == 'T' && record != NULL)
            continue;
          if (line[0] == 'P' && record == NULL)
            {
              gboolean ok;

              if (line[1] == 'I')
                ok = read_csa_pi (line, &pos);
              else if (line[1] >= '1' && line[1] <= '9')
                ok = read_csa_row (line, &pos, line[1] - '0');
              else if (line[1] == '+' || line[1] == '-')
                ok = read_csa_pieces (line, &pos);
              else
                ok = FALSE;
              if (!ok)
                return sg_record_line_error (error, CATUR_RECORD_ERROR_POSITION, number,
                                             _("the start position does not read")), NULL;
              setup = TRUE;
              continue;
            }
          if ((line[0] == '+' || line[0] == '-') && line[1] == '\0' && record == NULL)
            {
              g_autofree char *problem = NULL;
              int field;

              if (!setup)
                return sg_record_line_error (error, CATUR_RECORD_ERROR_POSITION, number,
                                             _("the side to move comes before the position")), NULL;
              pos.side = line[0] == '+' ? SG_SENTE : SG_GOTE;
              pos.key = sg_position_compute_key (&pos);
              problem = sg_position_problem (&pos, &field);
              if (problem != NULL)
                return sg_record_line_error (error, CATUR_RECORD_ERROR_POSITION, number, "%s",
                                             problem), NULL;
              record = catur_record_new (variant, sg_record_new_position (variant, &pos));
              for (guint t = 0; t + 1 < tags->len; t += 2)
                catur_record_set_tag (record, tags->pdata[t], tags->pdata[t + 1]);
              continue;
            }
          if (record == NULL)
            return sg_record_line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                                         version_seen
                                         ? _("the moves come before the start position")
                                         : _("this is no CSA record")), NULL;
          /* A server may write its ending twice (`%KACHI`, then `%KACHI` again). */
          if (ended && g_strcmp0 (line, last_end) == 0)
            continue;
          if (ended)
            return sg_record_line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                                         _("a move after the end of the game")), NULL;
          if (foul != NULL)
            {
              /* An illegal move the record names loses the game for its side, when the ending
               * says so; the game keeps the position before it. */
              int loser = g_str_equal (line, "%+ILLEGAL_ACTION") ? SG_SENTE
                          : g_str_equal (line, "%-ILLEGAL_ACTION") ? SG_GOTE
                          : g_str_equal (line, "%ILLEGAL_MOVE") ? pos.side : -1;

              if (loser != pos.side)
                {
                  g_propagate_error (error, g_steal_pointer (&foul));
                  return NULL;
                }
              g_clear_error (&foul);
              sg_record_set_ending (record, loser ^ 1, CATUR_REASON_ILLEGAL_MOVE, &pos);
              ended = TRUE;
              g_free (last_end);
              last_end = g_strdup (line);
              continue;
            }
          if (line[0] == '%')
            {
              ended = TRUE;
              g_free (last_end);
              last_end = g_strdup (line);
              if (g_str_equal (line, "%TSUMI"))
                sg_record_set_result (record, pos.side ^ 1);
              else if (g_str_equal (line, "%TORYO") || g_str_equal (line, "%TIME_UP"))
                sg_record_set_ending (record, pos.side ^ 1, g_str_equal (line, "%TORYO")
                                      ? CATUR_REASON_RESIGN : CATUR_REASON_TIME_OUT, &pos);
              else if (g_str_equal (line, "%KACHI"))
                sg_record_declare (record, &pos, pos.side);
              else if (g_str_equal (line, "%+ILLEGAL_ACTION")
                       || g_str_equal (line, "%-ILLEGAL_ACTION"))
                sg_record_set_ending (record, line[1] == '+' ? SG_GOTE : SG_SENTE,
                                      CATUR_REASON_ILLEGAL_MOVE, &pos);
              else if (g_str_equal (line, "%SENNICHITE") || g_str_equal (line, "%JISHOGI"))
                sg_record_set_result (record, -1);
              continue;
            }
          if (line[0] == '+' || line[0] == '-')
            {
              g_autoptr(GError) move_error = NULL;
              SgMove move = { 0, 0, 0, FALSE };
              CaturMove real;

              read_csa_move (&pos, line, &move, &move_error);
              switch (sg_record_check_move (variant, &pos, move, g_steal_pointer (&move_error),
                                            number, line, &foul, error))
                {
                case SG_RECORD_STOP:
                  return NULL;
                case SG_RECORD_FOUL:
                  continue;
                case SG_RECORD_PLAY:
                default:
                  break;
                }
              real = sg_record_catur_move (&pos, move);
              catur_record_append_move (record, &real);
              sg_play (&pos, move);
              plies++;
              continue;
            }
          return sg_record_line_error (error, CATUR_RECORD_ERROR_SYNTAX, number,
                                       _("the line does not read")), NULL;
        }
    }
  if (foul != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&foul));
      return NULL;
    }
  if (record == NULL)
    {
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                           _("The file has no CSA start position"));
      return NULL;
    }
  csa_read_clock (record);
  return g_steal_pointer (&record);
}

static gboolean
is_ascii (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar) *p >= 0x80)
      return FALSE;
  return TRUE;
}

static void
write_csa_comment (GString *out, const char *comment)
{
  g_auto(GStrv) parts = NULL;

  if (comment == NULL)
    return;
  parts = g_strsplit (comment, "\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    g_string_append_printf (out, "'*%s\n", parts[i]);
}

char *
sg_csa_write (CaturRecord *record, GError **error)
{
  GString *out = g_string_new (NULL);
  SgPosition pos = *SG (catur_record_get_start (record));
  g_auto(GStrv) names = catur_record_dup_tag_names (record);
  int handicap = sg_position_find_handicap (&pos);
  guint n = catur_record_get_n_moves (record);
  SgRecordEnding ending;
  CaturTimeControl control;
  gboolean v3 = FALSE;
  g_autofree char *clock = sg_record_get_clock (record, &control)
                           ? csa_clock_write (&control, &v3) : NULL;

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *value = catur_record_get_tag (record, names[i]);

      if (strchr (value, '\n') != NULL)
        continue;
      if (g_str_equal (names[i], "Sente"))
        g_string_append_printf (out, "N+%s\n", value);
      else if (g_str_equal (names[i], "Gote"))
        g_string_append_printf (out, "N-%s\n", value);
    }
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *value = catur_record_get_tag (record, names[i]);

      for (guint t = 0; t < G_N_ELEMENTS (csa_tags); t++)
        if (g_str_equal (csa_tags[t].tag, names[i]) && strchr (value, '\n') == NULL)
          {
            g_autofree char *text = g_strdup (value);

            if (g_str_equal (names[i], "Date"))
              g_strdelimit (text, ".", '/');
            g_string_append_printf (out, "$%s:%s\n", csa_tags[t].csa, text);
          }
    }
  /* The clock; else the clock headers read as none, as they were. */
  if (clock != NULL)
    g_string_append (out, clock);
  else
    for (guint i = 0; names[i] != NULL; i++)
      {
        const char *value = catur_record_get_tag (record, names[i]);

        if ((g_str_equal (names[i], "TIME_LIMIT") || g_str_equal (names[i], "TIME")
             || g_str_equal (names[i], "TIME+") || g_str_equal (names[i], "TIME-"))
            && strchr (value, '\n') == NULL)
          g_string_append_printf (out, "$%s:%s\n", names[i], value);
      }

  if (handicap >= 0)
    {
      SgPosition even;

      sg_position_init_start (&even);
      g_string_append (out, "PI");
      for (int sq = SG_SQUARES - 1; sq >= 0; sq--)
        if (even.cell[sq] != 0 && pos.cell[sq] == 0)
          g_string_append_printf (out, "%d%d%s", sg_file_number (sq), sg_rank_number (sq),
                                  csa_codes[SG_CELL_KIND (even.cell[sq])]);
      g_string_append_c (out, '\n');
    }
  else
    {
      for (int rank = 1; rank <= SG_RANKS; rank++)
        {
          g_string_append_printf (out, "P%d", rank);
          for (int file = SG_FILES; file >= 1; file--)
            {
              int side = SG_SENTE;
              int kind = sg_piece_at (&pos, sg_square_at (file, rank), &side);

              if (kind == SG_NONE)
                g_string_append (out, " * ");
              else
                g_string_append_printf (out, "%c%s", side == SG_SENTE ? '+' : '-',
                                        csa_codes[kind]);
            }
          g_string_append_c (out, '\n');
        }
      for (int side = 0; side < 2; side++)
        {
          gboolean any = FALSE;

          for (int i = 0; i < SG_HAND_KINDS; i++)
            for (int c = 0; c < pos.hand[side][sg_hand_order[i]]; c++)
              {
                if (!any)
                  g_string_append (out, side == SG_SENTE ? "P+" : "P-");
                any = TRUE;
                g_string_append_printf (out, "00%s", csa_codes[sg_hand_order[i]]);
              }
          if (any)
            g_string_append_c (out, '\n');
        }
    }
  g_string_append (out, pos.side == SG_SENTE ? "+\n" : "-\n");
  write_csa_comment (out, catur_record_get_comment (record, 0));

  for (guint i = 0; i < n; i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      SgMove sg_move;
      int kind;

      if (move->flags & CATUR_MOVE_DECLARE)
        break;
      sg_record_core_move (move, &sg_move);
      if (sg_move.from == SG_DROP_FROM)
        g_string_append_printf (out, "%c00%d%d%s\n", pos.side == SG_SENTE ? '+' : '-',
                                sg_file_number (sg_move.to), sg_rank_number (sg_move.to),
                                csa_codes[sg_move.drop]);
      else
        {
          kind = sg_piece_at (&pos, sg_move.from, NULL);
          if (sg_move.promote)
            kind = SG_PROMOTED (kind);
          g_string_append_printf (out, "%c%d%d%d%d%s\n", pos.side == SG_SENTE ? '+' : '-',
                                  sg_file_number (sg_move.from), sg_rank_number (sg_move.from),
                                  sg_file_number (sg_move.to), sg_rank_number (sg_move.to),
                                  csa_codes[kind]);
        }
      write_csa_comment (out, catur_record_get_comment (record, i + 1));
      sg_play (&pos, sg_move);
    }

  ending = sg_record_ending (record, &pos);
  switch (ending)
    {
    case SG_ENDING_MATE:
      g_string_append (out, "%TSUMI\n");
      break;
    case SG_ENDING_RESIGN:
      g_string_append (out, "%TORYO\n");
      break;
    case SG_ENDING_TIME_UP:
      g_string_append (out, "%TIME_UP\n");
      break;
    case SG_ENDING_DRAW:
      g_string_append (out, "%SENNICHITE\n");
      break;
    case SG_ENDING_DECLARED:
      g_string_append (out, g_strcmp0 (catur_record_get_tag (record, "Result"), "1/2-1/2") == 0
                            ? "%JISHOGI\n" : sg_record_declarer_won (record, &pos) ? "%KACHI\n"
                            : "%ILLEGAL_MOVE\n");
      break;
    case SG_ENDING_WIN_BY_OTHER:
    case SG_ENDING_FOUL_LOSS:
      /* A foul names the side that lost by it. */
      if (catur_record_get_outcome (record)->reason == CATUR_REASON_ILLEGAL_MOVE)
        g_string_append (out, catur_record_get_outcome (record)->winner == CATUR_SIDE_FIRST
                              ? "%-ILLEGAL_ACTION\n" : "%+ILLEGAL_ACTION\n");
      else
        g_string_append (out, "%ILLEGAL_MOVE\n");
      break;
    case SG_ENDING_NONE:
    default:
      break;
    }
  /* V2.2 is Shift_JIS; text that is not ASCII goes in V3.0, which may say UTF-8. */
  g_string_prepend (out, is_ascii (out->str) && !v3 ? "V2.2\n" : "'CSA encoding=UTF-8\nV3.0\n");
  return g_string_free (out, FALSE);
}
