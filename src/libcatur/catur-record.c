/* catur-record.c: a game record as files hold it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A record is what a game file says: a start position, the moves, tags (PGN's
 * `[Event "…"]`, KIF's header lines) and comments. It is plain data; the
 * variants read and write it in their formats (catur_variant_read_record()),
 * and catur_record_to_game() turns it into a game to play on.
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

struct _CaturRecord
{
  GObject parent_instance;

  CaturVariant *variant;
  CaturPosition *start;
  GArray *moves;           /* CaturMove */
  GPtrArray *comments;     /* char * or NULL; [ply] follows ply plies, [0] precedes the first */
  GPtrArray *tag_names;    /* char *, in the order they were set */
  GPtrArray *tag_values;   /* char *, likewise */
  CaturOutcome outcome;    /* how the game ended, with its reason; ongoing when unknown */
  GVariant *options;       /* the rule options (a{sv}) of the game; never NULL */
};

G_DEFINE_FINAL_TYPE (CaturRecord, catur_record, G_TYPE_OBJECT)

G_DEFINE_QUARK (catur-record-error-quark, catur_record_error)

static void
catur_record_finalize (GObject *object)
{
  CaturRecord *self = (CaturRecord *) object;

  g_clear_pointer (&self->start, catur_position_free);
  g_clear_object (&self->variant);
  g_array_unref (self->moves);
  g_ptr_array_unref (self->comments);
  g_ptr_array_unref (self->tag_names);
  g_ptr_array_unref (self->tag_values);
  g_clear_pointer (&self->options, g_variant_unref);

  G_OBJECT_CLASS (catur_record_parent_class)->finalize (object);
}

static void
catur_record_class_init (CaturRecordClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = catur_record_finalize;
}

static void
catur_record_init (CaturRecord *self)
{
  self->moves = g_array_new (FALSE, FALSE, sizeof (CaturMove));
  self->comments = g_ptr_array_new_with_free_func (g_free);
  self->tag_names = g_ptr_array_new_with_free_func (g_free);
  self->tag_values = g_ptr_array_new_with_free_func (g_free);
  catur_outcome_init (&self->outcome);
  self->options = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
}

/**
 * catur_record_new:
 * @variant: the game
 * @start: (transfer full) (nullable): the start position, or %NULL for the variant's own
 *
 * Returns: (transfer full): a record of no moves
 */
CaturRecord *
catur_record_new (CaturVariant  *variant,
                  CaturPosition *start)
{
  CaturRecord *self;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (start == NULL || start->variant == variant, NULL);

  self = g_object_new (CATUR_TYPE_RECORD, NULL);
  self->variant = g_object_ref (variant);
  self->start = start != NULL ? start : catur_variant_new_position (variant, NULL, 0);
  return self;
}

/* PGN's result notation, which the formats of the chess family share. */
static const char *
result_of (CaturGame *game)
{
  const CaturOutcome *outcome = catur_game_get_outcome (game);

  switch (outcome->result)
    {
    case CATUR_RESULT_WIN:
      return outcome->winner == CATUR_SIDE_FIRST ? "1-0" : "0-1";
    case CATUR_RESULT_DRAW:
      return "1/2-1/2";
    case CATUR_RESULT_ONGOING:
    default:
      return "*";
    }
}

/**
 * catur_record_new_from_game:
 * @game: a game
 *
 * The record of @game: its start, every move played, its outcome with the reason, its rule
 * options, and the tags that most formats share: `Result` (`1-0`, `0-1`, `1/2-1/2` or `*`)
 * and `Date` (today, `yyyy.mm.dd`).
 *
 * Returns: (transfer full): the record
 */
CaturRecord *
catur_record_new_from_game (CaturGame *game)
{
  CaturRecord *self;
  GListModel *moves;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  const CaturTimeControl *control;
  CaturTimeControl asked;

  g_return_val_if_fail (CATUR_IS_GAME (game), NULL);

  self = catur_record_new (catur_game_get_variant (game),
                           catur_position_copy (catur_game_get_start_position (game)));
  moves = catur_game_get_moves (game);
  for (guint i = 0; i < g_list_model_get_n_items (moves); i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (moves, i);

      catur_record_append_move (self, catur_game_move_get_move (item));
      catur_record_set_comment (self, i + 1, catur_game_move_get_comment (item));
    }
  catur_record_set_comment (self, 0, catur_game_get_comment (game, 0));
  catur_record_set_tag (self, "Date", date);
  catur_record_set_tag (self, "Result", result_of (game));
  catur_record_set_outcome (self, catur_game_get_outcome (game));
  control = catur_clock_get_control (catur_game_get_clock (game));
  if (control->kind == CATUR_CLOCK_NONE
      && catur_time_control_from_options (catur_game_get_options (game), &asked)
      && asked.kind != CATUR_CLOCK_NONE)
    {
      /* A clock the options ask for but the game does not keep (a time a move, against the
       * computer) is not written as if it had been played with. */
      GVariantDict dict;

      g_variant_dict_init (&dict, catur_game_get_options (game));
      g_variant_dict_remove (&dict, CATUR_OPTION_CLOCK);
      g_variant_dict_remove (&dict, catur_setup_option_move_time ()->id);
      catur_record_set_options (self, g_variant_dict_end (&dict));
    }
  else
    catur_record_set_options (self, catur_game_get_options (game));
  /* A time a move is each format's own to write (PGN's "1/30"); game clocks are written in
   * PGN's TimeControl words, or Catur's beyond them (catur_time_control_to_string()). */
  if (control->kind != CATUR_CLOCK_NONE && control->kind != CATUR_CLOCK_PER_MOVE)
    {
      g_autofree char *text = catur_time_control_to_string (control);

      catur_record_set_tag (self, "TimeControl", text);
    }
  return self;
}

CaturVariant *
catur_record_get_variant (CaturRecord *self)
{
  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);

  return self->variant;
}

const CaturPosition *
catur_record_get_start (CaturRecord *self)
{
  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);

  return self->start;
}

/**
 * catur_record_dup_final_position:
 *
 * Returns: (transfer full): the position after the record's last move
 */
CaturPosition *
catur_record_dup_final_position (CaturRecord *self)
{
  CaturPosition *position;

  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);

  position = catur_position_copy (self->start);
  for (guint i = 0; i < self->moves->len; i++)
    {
      /* The record keeps its moves as they were written: a flip the reader left bare is
       * completed in this replay only. */
      CaturMove move = g_array_index (self->moves, CaturMove, i);

      catur_variant_play (self->variant, position, &move);
    }
  return position;
}

/* Moves are appended as read; legality is the reader's and catur_record_to_game()'s care. */
void
catur_record_append_move (CaturRecord     *self,
                          const CaturMove *move)
{
  g_return_if_fail (CATUR_IS_RECORD (self));
  g_return_if_fail (move != NULL);

  g_array_append_val (self->moves, *move);
}

guint
catur_record_get_n_moves (CaturRecord *self)
{
  g_return_val_if_fail (CATUR_IS_RECORD (self), 0);

  return self->moves->len;
}

const CaturMove *
catur_record_get_move (CaturRecord *self,
                       guint        index)
{
  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);
  g_return_val_if_fail (index < self->moves->len, NULL);

  return &g_array_index (self->moves, CaturMove, index);
}

/**
 * catur_record_set_comment:
 * @ply: the comment follows this many plies; 0 puts it before the first move
 * @comment: (nullable): the comment, or %NULL to remove it
 */
void
catur_record_set_comment (CaturRecord *self,
                          guint        ply,
                          const char  *comment)
{
  g_return_if_fail (CATUR_IS_RECORD (self));

  if (comment == NULL && ply >= self->comments->len)
    return;
  if (ply >= self->comments->len)
    g_ptr_array_set_size (self->comments, ply + 1);
  g_free (g_ptr_array_index (self->comments, ply));
  g_ptr_array_index (self->comments, ply) = g_strdup (comment);
}

/* Returns: (nullable): the comment after @ply plies */
const char *
catur_record_get_comment (CaturRecord *self,
                          guint        ply)
{
  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);

  if (ply >= self->comments->len)
    return NULL;
  return g_ptr_array_index (self->comments, ply);
}

static gboolean
find_tag (CaturRecord *self,
          const char  *name,
          guint       *index)
{
  for (guint i = 0; i < self->tag_names->len; i++)
    if (g_str_equal (g_ptr_array_index (self->tag_names, i), name))
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}

/**
 * catur_record_set_tag:
 * @name: the tag's name; names are told apart by case, as in PGN
 * @value: (nullable): its value, or %NULL to remove the tag
 *
 * A new tag goes after the others; a tag set again keeps its place.
 */
void
catur_record_set_tag (CaturRecord *self,
                      const char  *name,
                      const char  *value)
{
  guint index;

  g_return_if_fail (CATUR_IS_RECORD (self));
  g_return_if_fail (name != NULL);

  if (find_tag (self, name, &index))
    {
      if (value == NULL)
        {
          g_ptr_array_remove_index (self->tag_names, index);
          g_ptr_array_remove_index (self->tag_values, index);
          return;
        }
      g_free (g_ptr_array_index (self->tag_values, index));
      g_ptr_array_index (self->tag_values, index) = g_strdup (value);
      return;
    }
  if (value == NULL)
    return;
  g_ptr_array_add (self->tag_names, g_strdup (name));
  g_ptr_array_add (self->tag_values, g_strdup (value));
}

/* Returns: (nullable): the value of the tag @name */
const char *
catur_record_get_tag (CaturRecord *self,
                      const char  *name)
{
  guint index;

  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!find_tag (self, name, &index))
    return NULL;
  return g_ptr_array_index (self->tag_values, index);
}

/**
 * catur_record_dup_tag_names:
 *
 * Returns: (transfer full): the names of the tags, in their order
 */
char **
catur_record_dup_tag_names (CaturRecord *self)
{
  GStrvBuilder *builder;
  char **names;

  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->tag_names->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->tag_names, i));
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

static gboolean
same_start (CaturRecord *a,
            CaturRecord *b)
{
  g_autofree char *text_a = catur_variant_format (a->variant, a->start);
  g_autofree char *text_b = catur_variant_format (b->variant, b->start);

  return a->variant == b->variant && g_str_equal (text_a, text_b);
}

/* How many first moves the two records share. */
static guint
common_moves (CaturRecord *a,
              CaturRecord *b)
{
  guint n = 0;

  while (n < a->moves->len && n < b->moves->len
         && catur_move_equal (&g_array_index (a->moves, CaturMove, n),
                              &g_array_index (b->moves, CaturMove, n)))
    n++;
  return n;
}

/**
 * catur_record_copy_tags:
 * @from: the record a game was loaded from
 *
 * Gives @self the tags of @from (the players, the event…) but for `Result`, which the record
 * of a game as it is now knows better. The comments stay @self's: a game carries its own
 * (catur_game_get_comment()), the ones a player removed too.
 */
void
catur_record_copy_tags (CaturRecord *self,
                        CaturRecord *from)
{
  g_return_if_fail (CATUR_IS_RECORD (self));
  g_return_if_fail (CATUR_IS_RECORD (from));

  for (guint i = 0; i < from->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (from->tag_names, i);

      if (!g_str_equal (name, "Result"))
        catur_record_set_tag (self, name, g_ptr_array_index (from->tag_values, i));
    }
}

/**
 * catur_record_copy_annotations:
 * @from: the record a game was loaded from
 *
 * Gives @self, the record of a game as it is now, what the file it came from said
 * about it: its tags (the date it was played, the players…) but for `Result`, which
 * @self knows better, and the comments on the moves the two still share. So a game
 * opened, played on and saved keeps its players' names and the comments of its first moves.
 */
void
catur_record_copy_annotations (CaturRecord *self,
                               CaturRecord *from)
{
  guint shared;

  g_return_if_fail (CATUR_IS_RECORD (self));
  g_return_if_fail (CATUR_IS_RECORD (from));

  catur_record_copy_tags (self, from);

  if (!same_start (self, from))
    return;
  shared = common_moves (self, from);
  for (guint ply = 0; ply <= shared; ply++)
    if (catur_record_get_comment (self, ply) == NULL
        && catur_record_get_comment (from, ply) != NULL)
      catur_record_set_comment (self, ply, catur_record_get_comment (from, ply));
}

/* Whether every option of @a is one of @b's, with the same value. */
static gboolean
options_within (GVariant *a,
                GVariant *b)
{
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_variant_iter_init (&iter, a);
  while (g_variant_iter_loop (&iter, "{&sv}", &key, &value))
    {
      g_autoptr(GVariant) other = g_variant_lookup_value (b, key, NULL);

      if (other == NULL || !g_variant_equal (value, other))
        {
          g_variant_unref (value);
          return FALSE;
        }
    }
  return TRUE;
}

/* Whether two records say the same: start, moves, tags (in any order), comments and the rule
 * options (in any order). Not how the game ended: the record of a game knows it, while one
 * read from a format that does not say it (PGN, beyond its Result) finds it again by
 * replaying the moves, so the outcomes of two records of one game may differ. */
gboolean
catur_record_equal (CaturRecord *a,
                    CaturRecord *b)
{
  guint n_comments;

  g_return_val_if_fail (CATUR_IS_RECORD (a), FALSE);
  g_return_val_if_fail (CATUR_IS_RECORD (b), FALSE);

  if (!same_start (a, b) || a->moves->len != b->moves->len
      || common_moves (a, b) != a->moves->len || a->tag_names->len != b->tag_names->len)
    return FALSE;

  for (guint i = 0; i < a->tag_names->len; i++)
    if (g_strcmp0 (g_ptr_array_index (a->tag_values, i),
                   catur_record_get_tag (b, g_ptr_array_index (a->tag_names, i))) != 0)
      return FALSE;

  n_comments = MAX (a->comments->len, b->comments->len);
  for (guint ply = 0; ply < n_comments; ply++)
    if (g_strcmp0 (catur_record_get_comment (a, ply), catur_record_get_comment (b, ply)) != 0)
      return FALSE;

  return options_within (a->options, b->options) && options_within (b->options, a->options);
}

/**
 * catur_record_set_outcome:
 * @outcome: (nullable): how the game ended, with its reason (KIF's and CSA's end words say
 *   it), or %NULL for an unknown or unfinished end
 *
 * The outcome a format that tells it gives (the reader sets it), or the game's (the record of
 * a game): catur_record_to_game() ends the game so when its moves do not.
 */
void
catur_record_set_outcome (CaturRecord        *self,
                          const CaturOutcome *outcome)
{
  g_return_if_fail (CATUR_IS_RECORD (self));

  if (outcome == NULL)
    catur_outcome_init (&self->outcome);
  else
    self->outcome = *outcome;
  self->outcome.notices = 0;
  self->outcome.warned_side = CATUR_SIDE_NONE;
}

/* Returns: how the game ended; ongoing when the record does not say */
const CaturOutcome *
catur_record_get_outcome (CaturRecord *self)
{
  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);

  return &self->outcome;
}

/**
 * catur_record_set_options:
 * @options: (nullable): the rule options (a{sv}) of the game, %NULL for none
 *
 * The options the game was played under (a move limit, a time limit): a format that keeps
 * them writes them, and catur_record_to_game() gives them to the game.
 */
void
catur_record_set_options (CaturRecord *self,
                          GVariant    *options)
{
  g_autoptr(GVariant) kept = NULL;

  g_return_if_fail (CATUR_IS_RECORD (self));
  g_return_if_fail (options == NULL || g_variant_is_of_type (options, G_VARIANT_TYPE_VARDICT));

  kept = options != NULL
    ? g_variant_ref_sink (options)
    : g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
  g_clear_pointer (&self->options, g_variant_unref);
  self->options = g_steal_pointer (&kept);
}

/* Returns: (transfer none): the rule options (a{sv}); empty when the record has none */
GVariant *
catur_record_get_options (CaturRecord *self)
{
  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);

  return self->options;
}

/**
 * catur_outcome_format_ending:
 * @variant: the game
 * @outcome: how a game ended
 *
 * The ending as saved games and records of Catur's own write it: `<reason-id>:<seat-id>` for
 * a win, the seat being the one that lost (`resign:black`, `time-out:first`), and
 * `<reason-id>` for a draw (`agreement`). The seat ids are the seats' own, whatever their
 * colour (catur_variant_get_side_id() without a position).
 *
 * Returns: (transfer full) (nullable): the text, %NULL while the game goes on
 */
char *
catur_outcome_format_ending (CaturVariant       *variant,
                             const CaturOutcome *outcome)
{
  const char *reason;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (outcome != NULL, NULL);

  reason = catur_reason_to_id (outcome->reason);
  switch (outcome->result)
    {
    case CATUR_RESULT_WIN:
      g_return_val_if_fail (outcome->winner <= CATUR_SIDE_SECOND, NULL);
      return g_strdup_printf ("%s:%s", reason,
                              catur_variant_get_side_id (variant, NULL,
                                                         catur_side_other (outcome->winner)));
    case CATUR_RESULT_DRAW:
      return g_strdup (reason);
    case CATUR_RESULT_ONGOING:
    default:
      return NULL;
    }
}

/**
 * catur_outcome_parse_ending:
 * @variant: the game
 * @text: what catur_outcome_format_ending() wrote
 * @outcome: (out caller-allocates): the outcome read
 *
 * Returns: %FALSE with @error set (%CATUR_RECORD_ERROR_SYNTAX) when @text is no ending
 */
gboolean
catur_outcome_parse_ending (CaturVariant  *variant,
                            const char    *text,
                            CaturOutcome  *outcome,
                            GError       **error)
{
  g_auto(GStrv) parts = NULL;
  CaturReason reason;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (outcome != NULL, FALSE);

  catur_outcome_init (outcome);
  parts = g_strsplit (text, ":", 3);
  reason = parts[0] != NULL ? catur_reason_from_id (parts[0]) : CATUR_REASON_NONE;
  if (reason == CATUR_REASON_NONE || (parts[1] != NULL && parts[2] != NULL))
    goto unknown;
  outcome->reason = reason;
  if (parts[1] == NULL)
    {
      outcome->result = CATUR_RESULT_DRAW;
      return TRUE;
    }
  for (CaturSide loser = CATUR_SIDE_FIRST; loser <= CATUR_SIDE_SECOND; loser++)
    if (g_str_equal (parts[1], catur_variant_get_side_id (variant, NULL, loser)))
      {
        outcome->result = CATUR_RESULT_WIN;
        outcome->winner = catur_side_other (loser);
        return TRUE;
      }

unknown:
  catur_outcome_init (outcome);
  g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
               _("The ending “%s” is not one Catur knows"), text);
  return FALSE;
}

/* The record's options, with the clock of its TimeControl tag when they name none and the tag
 * is one Catur keeps (a tag it does not keep stays a tag). */
static GVariant *
options_with_clock (CaturRecord *self)
{
  const char *tag = catur_record_get_tag (self, "TimeControl");
  CaturTimeControl control, named;
  GVariantDict dict;

  if (tag == NULL || catur_time_control_from_options (self->options, &named)
      || !catur_time_control_parse (tag, &control, NULL) || control.kind == CATUR_CLOCK_NONE)
    return self->options;
  g_variant_dict_init (&dict, self->options);
  g_variant_dict_insert (&dict, CATUR_OPTION_CLOCK, "s", tag);
  return g_variant_dict_end (&dict);
}

/**
 * catur_record_to_game:
 *
 * A game that starts where the record starts, under the record's rule options, and has played
 * its moves. A record whose outcome (or, when it has none, whose `Result` tag) gives an ending
 * its moves do not reach (a resignation, an agreed draw, a time-out) ends the game so.
 *
 * Returns: (transfer full) (nullable): the game, or %NULL with @error set when a move is
 *   not legal (%CATUR_RECORD_ERROR_ILLEGAL_MOVE)
 */
CaturGame *
catur_record_to_game (CaturRecord  *self,
                      GError      **error)
{
  g_autoptr(CaturGame) game = NULL;
  const char *result;

  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  game = catur_game_new (self->variant, catur_position_copy (self->start));
  catur_game_set_options (game, options_with_clock (self));
  for (guint i = 0; i < self->moves->len; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (!catur_game_play (game, &g_array_index (self->moves, CaturMove, i), &local_error))
        {
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE,
                       /* Translators: "Move 12 cannot be played: The game is over" */
                       _("Move %u cannot be played: %s"), i + 1, local_error->message);
          return NULL;
        }
    }
  for (guint ply = 0; ply <= self->moves->len && ply < self->comments->len; ply++)
    catur_game_set_comment (game, ply, g_ptr_array_index (self->comments, ply));

  result = catur_record_get_tag (self, "Result");
  if (!catur_game_is_over (game) && self->outcome.result != CATUR_RESULT_ONGOING)
    catur_game_end (game, &self->outcome);
  else if (!catur_game_is_over (game) && result != NULL)
    {
      if (g_str_equal (result, "1-0"))
        catur_game_resign (game, CATUR_SIDE_SECOND);
      else if (g_str_equal (result, "0-1"))
        catur_game_resign (game, CATUR_SIDE_FIRST);
      else if (g_str_equal (result, "1/2-1/2"))
        catur_game_agree_draw (game);
    }
  return g_steal_pointer (&game);
}

/* A game and a format of it to read a file with, and how much the file looks like one. */
typedef struct
{
  CaturVariant *variant;
  const CaturRecordFormat *format;
  guint score;
  guint order;
} Candidate;

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const Candidate *x = a, *y = b;

  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* The games and formats to ask, the likeliest first (catur_variant_score_record()), and among
 * those alike @preferred first. */
static GArray *
candidates_for (const char   *filename,
                const char   *data,
                gsize         length,
                CaturVariant *preferred)
{
  GPtrArray *variants = catur_plugins_get_variants ();
  GArray *order = g_array_new (FALSE, FALSE, sizeof (Candidate));

  /* A file whose extension one of the games knows goes to the games that know it; any
   * other goes to every format of every game that reads records. */
  for (guint pass = 0; pass < 2 && order->len == 0; pass++)
    {
      for (guint i = 0; i <= variants->len; i++)
        {
          CaturVariant *variant = i == 0 ? preferred : g_ptr_array_index (variants, i - 1);
          const CaturRecordFormat *formats;
          guint n = 0;

          if (variant == NULL || (i > 0 && variant == preferred))
            continue;
          if (pass == 0)
            {
              const CaturRecordFormat *format =
                catur_variant_guess_record_format (variant, filename, CATUR_RECORD_FORMAT_READ);

              if (filename != NULL && format != NULL)
                g_array_append_val (order, ((Candidate) { variant, format, 0, order->len }));
              continue;
            }
          formats = catur_variant_list_record_formats (variant, &n);
          for (guint f = 0; f < n; f++)
            if (formats[f].flags & CATUR_RECORD_FORMAT_READ)
              g_array_append_val (order, ((Candidate) { variant, &formats[f], 0, order->len }));
        }
    }
  for (guint i = 0; i < order->len; i++)
    {
      Candidate *candidate = &g_array_index (order, Candidate, i);

      candidate->score = catur_variant_score_record (candidate->variant, candidate->format->id,
                                                     data, length);
    }
  g_array_sort (order, compare_candidates);
  return order;
}

/* Whether the bytes hold no text at all: nothing but blanks and byte-order marks. */
static gboolean
is_blank (const char *data,
          gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      if (g_ascii_isspace (data[i]))
        continue;
      if (i + 3 <= length && memcmp (data + i, "\xef\xbb\xbf", 3) == 0)
        {
          i += 2;
          continue;
        }
      return FALSE;
    }
  return TRUE;
}

/* The error to report when no game read the file: the first asked (the game the file looks
 * most like; among those alike, the preferred game when it claims the file's extension), unless
 * it only said the file is another game's and a game that took the file for its own found
 * something wrong in it. */
static GError *
pick_error (GPtrArray *errors)
{
  guint chosen = 0;

  if (g_error_matches (g_ptr_array_index (errors, 0), CATUR_RECORD_ERROR,
                       CATUR_RECORD_ERROR_OTHER_GAME))
    for (guint i = 1; i < errors->len && chosen == 0; i++)
      if (!g_error_matches (g_ptr_array_index (errors, i), CATUR_RECORD_ERROR,
                            CATUR_RECORD_ERROR_OTHER_GAME))
        chosen = i;
  return g_ptr_array_steal_index (errors, chosen);
}

/* Reads the file as catur_record_read_file_data() says, every game (@all) or the first. */
static GPtrArray *
read_file (const char    *filename,
           const char    *data,
           gsize          length,
           CaturVariant  *preferred,
           gboolean       all,
           GError       **error)
{
  g_autoptr(GArray) candidates = NULL;
  g_autoptr(GPtrArray) errors = NULL;

  if (data == NULL || is_blank (data, length))
    {
      /* Read as a record of no moves, it would open as a new game, and the player would not
       * know that the file was empty. */
      g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX,
                           _("The file is empty: it holds no game"));
      return NULL;
    }
  if (length > CATUR_RECORD_MAX_SIZE)
    {
      g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_TOO_LARGE,
                   _("The file is too large to be a game record (more than %d MiB)"),
                   CATUR_RECORD_MAX_SIZE / (1024 * 1024));
      return NULL;
    }

  errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  candidates = candidates_for (filename, data, length, preferred);
  for (guint i = 0; i < candidates->len; i++)
    {
      CaturVariant *variant = g_array_index (candidates, Candidate, i).variant;
      const CaturRecordFormat *format = g_array_index (candidates, Candidate, i).format;
      const char *bytes = data;
      GError *local_error = NULL;
      GPtrArray *records = NULL;

      if (all)
        records = catur_variant_read_records (variant, format->id, bytes, length, &local_error);
      else
        {
          CaturRecord *record = catur_variant_read_record (variant, format->id, bytes, length,
                                                           &local_error);

          if (record != NULL)
            {
              records = g_ptr_array_new_with_free_func (g_object_unref);
              g_ptr_array_add (records, record);
            }
        }
      if (records != NULL)
        return records;
      g_ptr_array_add (errors, local_error);
    }

  if (errors->len > 0)
    g_propagate_error (error, pick_error (errors));
  else
    g_set_error_literal (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_UNSUPPORTED,
                         _("None of the games knows this kind of file"));
  return NULL;
}

/**
 * catur_record_read_file_data:
 * @filename: (nullable): the file's name, whose extension chooses the format
 * @data: the file's bytes
 * @length: how many
 * @preferred: (nullable): the game to ask first among those the file looks alike to (the one
 *   being played)
 *
 * Reads a game file of any loaded game. Every game whose formats have the file's extension
 * (every format of every game, when none has it) is asked until one reads it, the game the
 * file looks most like first (catur_variant_score_record()), @preferred first among those
 * alike: a file that one game finds broken may be another game's (a chess PGN is no Xiangqi
 * PGN). When none reads it, the error is the first asked's; an error saying only that the
 * file is of another game gives way to the error of a game that took the file for its own. An
 * empty file (nothing but blanks) is refused (%CATUR_RECORD_ERROR_SYNTAX). Of a file of
 * several games, the first.
 *
 * Returns: (transfer full) (nullable): the record, or %NULL with @error set
 */
CaturRecord *
catur_record_read_file_data (const char    *filename,
                             const char    *data,
                             gsize          length,
                             CaturVariant  *preferred,
                             GError       **error)
{
  g_autoptr(GPtrArray) records = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (preferred == NULL || CATUR_IS_VARIANT (preferred), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  records = read_file (filename, data, length, preferred, FALSE, error);
  return records != NULL ? g_object_ref (g_ptr_array_index (records, 0)) : NULL;
}

/**
 * catur_record_read_file_games:
 * @filename: (nullable): the file's name, whose extension chooses the format
 * @data: the file's bytes
 * @length: how many
 * @preferred: (nullable): the game to ask first (the one being played)
 *
 * Reads a game file of any loaded game as catur_record_read_file_data() does, every game of
 * it (a PGN database: catur_variant_read_records()), for the player to choose one.
 *
 * Returns: (transfer full) (element-type CaturRecord) (nullable): the games that read, in the
 *   file's order, at least one; or %NULL with @error set
 */
GPtrArray *
catur_record_read_file_games (const char    *filename,
                              const char    *data,
                              gsize          length,
                              CaturVariant  *preferred,
                              GError       **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (preferred == NULL || CATUR_IS_VARIANT (preferred), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return read_file (filename, data, length, preferred, TRUE, error);
}

/**
 * catur_record_get_player:
 * @side: a seat
 *
 * The player of @side, as the record's tag named after the seat gives it: the seat's id with a
 * capital (`Red`, `White`, `Sente`, `First`), as every game's formats keep it whatever the
 * language of the player reading it. PGN's `?` for an unknown player is none.
 *
 * Returns: (nullable): the player's name
 */
const char *
catur_record_get_player (CaturRecord *self,
                         CaturSide    side)
{
  g_autofree char *tag = NULL;
  const char *value;

  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, NULL);

  tag = g_strdup (catur_variant_get_side_id (self->variant, NULL, side));
  tag[0] = g_ascii_toupper (tag[0]);
  value = catur_record_get_tag (self, tag);
  if (value == NULL || *value == '\0' || g_str_equal (value, "?"))
    return NULL;
  return value;
}

/**
 * catur_record_describe:
 *
 * A line naming the game for a list of the games of a file: its players as the record's tags
 * named after the seats give them ("Xu Yinchuan – Lü Qin"), else its number in the file
 * (@index counted from 0: "Game 3").
 *
 * Returns: (transfer full): the line
 */
char *
catur_record_describe (CaturRecord *self,
                       guint        index)
{
  const char *players[2];

  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);

  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    players[side] = catur_record_get_player (self, side);
  if (players[0] != NULL || players[1] != NULL)
    /* Translators: the two players of a game in a file, first seat first: "Red – Black" */
    return g_strdup_printf (_("%s – %s"), players[0] != NULL ? players[0] : "?",
                            players[1] != NULL ? players[1] : "?");
  /* Translators: a game of a file that names no players; %u is its number in the file */
  return g_strdup_printf (_("Game %u"), index + 1);
}

/**
 * catur_record_describe_details:
 *
 * What else the record says about the game, for the line under catur_record_describe(): its
 * event, date and result, as far as its tags have them, and the number of its plies ("Asian
 * Cup, 2024.05.01, 1-0, 84 plies").
 *
 * Returns: (transfer full): the details
 */
char *
catur_record_describe_details (CaturRecord *self)
{
  static const char * const tags[] = { "Event", "Date", "Result" };
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (CATUR_IS_RECORD (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (tags); i++)
    {
      const char *value = catur_record_get_tag (self, tags[i]);

      if (value == NULL || *value == '\0' || g_str_equal (value, "*"))
        continue;
      if (text->len > 0)
        /* Translators: between the details of a game (event, date, result) */
        g_string_append (text, _(", "));
      g_string_append (text, value);
    }
  if (text->len > 0)
    g_string_append (text, _(", "));
  /* Translators: the length of a game in a list of a file's games; a ply is one player's
   * turn */
  g_string_append_printf (text, ngettext ("%u ply", "%u plies", self->moves->len),
                          self->moves->len);
  return g_string_free (text, FALSE);
}
