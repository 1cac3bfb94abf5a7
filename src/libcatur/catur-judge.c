/* catur-judge.c: the coach's verdict on one move, and why
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur-judge"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "catur.h"

/* The table the two searches share when the caller gives none: the second search, limited
 * to one root move, finds the first one's work in it. */
#define JUDGE_HASH_MB 16
/* How far a line is read aloud: a mate in four, or an exchange of a few pieces. */
#define SAID_PLIES 8

G_DEFINE_BOXED_TYPE (CaturJudgement, catur_judgement, catur_judgement_copy,
                     catur_judgement_free)

CaturJudgement *
catur_judgement_copy (const CaturJudgement *self)
{
  CaturJudgement *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_memdup2 (self, sizeof *self);
  copy->sentence = g_strdup (self->sentence);
  return copy;
}

void
catur_judgement_free (CaturJudgement *self)
{
  if (self == NULL)
    return;
  g_free (self->sentence);
  g_free (self);
}

/**
 * catur_judgement_format_loss:
 *
 * The loss as one token, as catur-engine's `judge` prints it: centipawns (`120`), or `#N`
 * for a mate in N missed and `#-N` for a mate in N allowed.
 *
 * Returns: (transfer full): the token
 */
char *
catur_judgement_format_loss (const CaturJudgement *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->mate != 0)
    return g_strdup_printf ("#%d", self->mate);
  return g_strdup_printf ("%d", self->loss);
}

const char *
catur_judge_class_to_id (CaturJudgeClass judge_class)
{
  static const char * const ids[] = { "best", "good", "inaccuracy", "mistake", "blunder" };

  g_return_val_if_fail (judge_class <= CATUR_JUDGE_BLUNDER, "best");
  return ids[judge_class];
}

const char *
catur_judge_reason_to_id (CaturJudgeReason reason)
{
  static const char * const ids[] = {
    "none", "allows-mate", "misses-mate", "hangs-piece", "loses-material", "misses-material",
    "risk", "double-attack", "positional",
  };

  g_return_val_if_fail (reason <= CATUR_JUDGE_REASON_POSITIONAL, "none");
  return ids[reason];
}

/* A move as a search names it: a flip without what it turned up. */
static CaturMove
searched_move (const CaturMove *move)
{
  CaturMove plain = *move;

  if (plain.flags & CATUR_MOVE_FLIP)
    {
      plain.piece = 0;
      plain.flags &= ~CATUR_MOVE_REVEALS_SECOND;
    }
  return plain;
}

static gboolean
same_move (const CaturMove *a,
           const CaturMove *b)
{
  CaturMove plain_a = searched_move (a), plain_b = searched_move (b);

  return catur_move_equal (&plain_a, &plain_b);
}

/* What a line does to the material, read from the mover's view. */
typedef struct
{
  int net;                     /* won minus lost, promotions counted */
  guint plies;                 /* how many of the line's moves could be played */
  CaturPiece lost;             /* the mover's most valuable piece taken and not paid back by
                                * a piece of about the same worth, kind 0 for none */
  CaturSquare lost_on;
  int lost_value;
  guint lost_ply;              /* the index of the move that takes it */
  CaturPiece won;              /* the opponent's, likewise */
  CaturSquare won_on;
  int won_value;
  guint won_ply;
  /* The promotion worth most to each side, the mover's first: the piece before it, where it
   * promotes, what it adds, the index of its move; kind 0 for none. */
  CaturPiece promoted[2];
  CaturSquare promoted_on[2];
  int promoted_gain[2];
  guint promoted_ply[2];
} Walk;

typedef struct
{
  CaturPiece piece;
  CaturSquare square;
  int value;
  guint ply;
  gboolean by_mover;
  gboolean traded;             /* paid back by a piece of about the same worth */
} Capture;

/* Whether two pieces are traded when one takes the other's place: a Knight for a Bishop, a
 * Horse for a Cannon, worth within an eighth of each other. */
static gboolean
same_worth (int a,
            int b)
{
  return ABS (a - b) * 8 <= MIN (a, b);
}

/* What @move wins at once on @board, by the pieces' worth: what it takes, and what a
 * promotion adds; 0 for a move that neither takes nor promotes. The piece it takes, if any,
 * and its square go to @taken and @taken_on when given. */
static int
material_gain (CaturVariant        *variant,
               const CaturPosition *board,
               const CaturMove     *move,
               CaturPiece          *taken,
               CaturSquare         *taken_on)
{
  g_autoptr(CaturPosition) after = NULL;
  CaturMoveEffects effects;
  CaturPiece captured = { 0 }, before = { 0 }, promoted = { 0 };
  int gain = 0;

  if (taken != NULL)
    *taken = captured;
  if (taken_on != NULL)
    *taken_on = CATUR_SQUARE_NONE;
  if (move->flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DROP | CATUR_MOVE_DECLARE))
    return 0;
  catur_variant_move_effects (variant, board, move, &effects);
  if (effects.captured != CATUR_SQUARE_NONE
      && catur_variant_piece_at (variant, board, effects.captured, &captured))
    {
      gain += catur_variant_get_piece_value (variant, &captured);
      if (taken != NULL)
        *taken = captured;
      if (taken_on != NULL)
        *taken_on = effects.captured;
    }
  if ((move->flags & CATUR_MOVE_PROMOTE)
      && catur_variant_piece_at (variant, board, move->from, &before))
    {
      CaturMove played = *move;

      after = catur_position_copy (board);
      catur_variant_play (variant, after, &played);
      if (catur_variant_piece_at (variant, after, move->to, &promoted))
        gain += catur_variant_get_piece_value (variant, &promoted)
                - catur_variant_get_piece_value (variant, &before);
    }
  return gain;
}

/* Plays @line from @start as far as it is legal and open (a flip's piece is not known) and
 * counts what it takes, from @mover's view. A Queen taken and a Queen given back are a
 * trade: what the line wins or loses is named from the captures left over. */
static void
walk_line (CaturVariant        *variant,
           const CaturPosition *start,
           CaturSide            mover,
           const CaturMove     *line,
           guint                length,
           Walk                *walk)
{
  g_autoptr(CaturPosition) board = catur_position_copy (start);
  Capture captures[CATUR_SEARCH_LINE_LENGTH];
  guint n = 0;

  memset (walk, 0, sizeof *walk);
  walk->lost_on = walk->won_on = CATUR_SQUARE_NONE;
  walk->promoted_on[0] = walk->promoted_on[1] = CATUR_SQUARE_NONE;
  for (guint i = 0; i < length && i < CATUR_SEARCH_LINE_LENGTH; i++)
    {
      CaturMove move = line[i];
      CaturSide side = catur_variant_side_to_move (variant, board);
      CaturPiece taken;
      CaturSquare taken_on;
      int gain, promoted, by;

      if ((move.flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DECLARE))
          || !catur_variant_is_legal (variant, board, &move))
        break;
      gain = material_gain (variant, board, &move, &taken, &taken_on);
      promoted = gain - (taken.kind != 0 ? catur_variant_get_piece_value (variant, &taken) : 0);
      by = side == mover ? 0 : 1;
      if (promoted > walk->promoted_gain[by]
          && catur_variant_piece_at (variant, board, move.from, &walk->promoted[by]))
        {
          walk->promoted_on[by] = move.to;
          walk->promoted_gain[by] = promoted;
          walk->promoted_ply[by] = i;
        }
      catur_variant_play (variant, board, &move);
      walk->plies = i + 1;
      walk->net += side == mover ? gain : -gain;

      if (taken.kind != 0)
        {
          Capture *capture = &captures[n++];

          capture->piece = taken;
          capture->square = taken_on;
          capture->value = catur_variant_get_piece_value (variant, &taken);
          capture->ply = i;
          capture->by_mover = side == mover;
          capture->traded = FALSE;
        }
    }

  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n && !captures[i].traded; j++)
      if (!captures[j].traded && captures[j].by_mover != captures[i].by_mover
          && same_worth (captures[i].value, captures[j].value))
        captures[i].traded = captures[j].traded = TRUE;

  for (guint i = 0; i < n; i++)
    {
      const Capture *capture = &captures[i];

      if (capture->traded)
        continue;
      if (capture->by_mover && capture->value > walk->won_value)
        {
          walk->won = capture->piece;
          walk->won_on = capture->square;
          walk->won_value = capture->value;
          walk->won_ply = capture->ply;
        }
      else if (!capture->by_mover && capture->value > walk->lost_value)
        {
          walk->lost = capture->piece;
          walk->lost_on = capture->square;
          walk->lost_value = capture->value;
          walk->lost_ply = capture->ply;
        }
    }
}

/* The moves @from to @to (excluded) of @line, played from @start, in the game's own
 * notation, one after the other. */
static char *
say_line (CaturVariant        *variant,
          const CaturPosition *start,
          const CaturMove     *line,
          guint                from,
          guint                to)
{
  g_autoptr(CaturPosition) board = catur_position_copy (start);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < to; i++)
    {
      CaturMove move = line[i];
      g_autofree char *said = NULL;

      if ((move.flags & CATUR_MOVE_FLIP) && move.piece == 0)
        {
          /* A flip is said, but nothing after it is known. */
          if (i >= from)
            {
              said = catur_variant_format_move (variant, board, &move, NULL);
              g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", said);
            }
          break;
        }
      if (!catur_variant_is_legal (variant, board, &move))
        break;
      if (i >= from)
        {
          said = catur_variant_format_move (variant, board, &move, NULL);
          g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", said);
        }
      catur_variant_play (variant, board, &move);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The moves of @line from @from to the capture at @capture, included: a long line is said
 * in part, its beginning and the capture, so that the piece named is always taken in it. */
static char *
say_line_to (CaturVariant        *variant,
             const CaturPosition *start,
             const CaturMove     *line,
             guint                from,
             guint                capture)
{
  g_autofree char *beginning = NULL;
  g_autofree char *end = NULL;

  if (capture < from + SAID_PLIES)
    return say_line (variant, start, line, from, capture + 1);
  beginning = say_line (variant, start, line, from, from + SAID_PLIES - 2);
  end = say_line (variant, start, line, capture, capture + 1);
  return g_strdup_printf ("%s … %s", beginning, end);
}

/* @line's position after its first @n moves (fewer when one cannot be played). */
static CaturPosition *
position_after (CaturVariant        *variant,
                const CaturPosition *start,
                const CaturMove     *line,
                guint                n)
{
  CaturPosition *board = catur_position_copy (start);

  for (guint i = 0; i < n; i++)
    {
      CaturMove move = line[i];

      if (((move.flags & CATUR_MOVE_FLIP) && move.piece == 0)
          || !catur_variant_is_legal (variant, board, &move))
        break;
      catur_variant_play (variant, board, &move);
    }
  return board;
}

/* A capture that takes one of @victim_side's pieces in @position and wins on the exchange. */
typedef struct
{
  CaturMove move;
  CaturPiece victim;
  CaturPiece attacker;
  int gain;
} Threat;

static gboolean
capture_threat (CaturVariant        *variant,
                const CaturPosition *position,
                const CaturMove     *move,
                CaturSide            victim_side,
                Threat              *threat)
{
  CaturMoveEffects effects;

  if (move->flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DROP | CATUR_MOVE_DECLARE))
    return FALSE;
  catur_variant_move_effects (variant, position, move, &effects);
  if (effects.captured == CATUR_SQUARE_NONE
      || !catur_variant_piece_at (variant, position, effects.captured, &threat->victim)
      || threat->victim.side != victim_side
      || !catur_variant_piece_at (variant, position, move->from, &threat->attacker))
    return FALSE;
  threat->move = *move;
  threat->gain = catur_variant_static_exchange (variant, position, move);
  return threat->gain > 0;
}

/* The best capture the side to move of @position has of @victim_side's pieces, by SEE; only
 * captures from @from when it is a square. */
static gboolean
best_threat (CaturVariant        *variant,
             const CaturPosition *position,
             CaturSide            victim_side,
             CaturSquare          from,
             Threat              *best)
{
  g_autoptr(GArray) moves = catur_variant_legal_moves (variant, position);
  gboolean found = FALSE;

  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      Threat threat;

      if (from != CATUR_SQUARE_NONE && move->from != from)
        continue;
      if (capture_threat (variant, position, move, victim_side, &threat)
          && (!found || threat.gain > best->gain))
        {
          *best = threat;
          found = TRUE;
        }
    }
  return found;
}

/* How far settle_line() looks past a line's end, in plies, and in positions at most. */
#define SETTLE_PLIES 6
#define SETTLE_NODES 3000

typedef struct
{
  CaturVariant *variant;
  guint nodes;
} Settling;

typedef struct
{
  CaturMove move;
  int gain;
} Gain;

static int
by_gain (gconstpointer a,
         gconstpointer b)
{
  return ((const Gain *) b)->gain - ((const Gain *) a)->gain;
}

/* A search by material alone over the moves that take or promote, the side to move free to
 * stop (it need not take): the most the side to move wins from @board, and the line that
 * wins it in @line. */
static int
settle_search (Settling            *settling,
               const CaturPosition *board,
               guint                depth,
               int                  alpha,
               int                  beta,
               CaturMove           *line,
               guint               *length)
{
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GArray) gains = NULL;
  CaturMove below[SETTLE_PLIES];
  int best = 0;

  *length = 0;
  if (depth == 0 || settling->nodes >= SETTLE_NODES || best >= beta)
    return best;
  alpha = MAX (alpha, best);
  moves = catur_variant_legal_moves (settling->variant, board);
  gains = g_array_new (FALSE, FALSE, sizeof (Gain));
  for (guint i = 0; i < moves->len; i++)
    {
      Gain gain = { g_array_index (moves, CaturMove, i), 0 };

      gain.gain = material_gain (settling->variant, board, &gain.move, NULL, NULL);
      if (gain.gain > 0)
        g_array_append_val (gains, gain);
    }
  g_array_sort (gains, by_gain);

  for (guint i = 0; i < gains->len && settling->nodes < SETTLE_NODES; i++)
    {
      Gain *gain = &g_array_index (gains, Gain, i);
      g_autoptr(CaturPosition) child = catur_position_copy (board);
      guint below_length = 0;
      int score;

      settling->nodes++;
      catur_variant_play (settling->variant, child, &gain->move);
      score = gain->gain - settle_search (settling, child, depth - 1, gain->gain - beta,
                                          gain->gain - alpha, below, &below_length);
      if (score > best)
        {
          best = score;
          line[0] = gain->move;
          memcpy (line + 1, below, below_length * sizeof (CaturMove));
          *length = below_length + 1;
          alpha = MAX (alpha, score);
          if (alpha >= beta)
            break;
        }
    }
  return best;
}

/* A search's line can stop in the middle of an exchange, where a table hit cut it short: a
 * knight gives check and is taken, and the queen that then takes a rook is left out, though
 * the score counts it. The exchange is played on from the end of @line, by material alone,
 * so that what the line wins or loses is counted to its end. A line that stops at a flip,
 * whose piece nobody knows, is left as it is. */
static void
settle_line (CaturVariant        *variant,
             const CaturPosition *start,
             CaturMove           *line,
             guint               *length)
{
  g_autoptr(CaturPosition) board = catur_position_copy (start);
  Settling settling = { variant, 0 };
  CaturMove rest[SETTLE_PLIES];
  guint rest_length = 0;

  for (guint i = 0; i < *length; i++)
    {
      if ((line[i].flags & (CATUR_MOVE_FLIP | CATUR_MOVE_DECLARE))
          || !catur_variant_is_legal (variant, board, &line[i]))
        return;
      catur_variant_play (variant, board, &line[i]);
    }
  settle_search (&settling, board, SETTLE_PLIES, 0, G_MAXINT / 2, rest, &rest_length);
  rest_length = MIN (rest_length, CATUR_SEARCH_LINE_LENGTH - *length);
  memcpy (line + *length, rest, rest_length * sizeof (CaturMove));
  *length += rest_length;
}

/* What a flip risks: of the pieces it may turn up, how many hand the opponent a capture that
 * wins material at once, weighed by their counts in the pool. */
typedef struct
{
  guint count;
  guint total;
  gboolean one_kind;           /* every such piece is of one kind: @attacker names it */
  CaturPiece attacker;
  CaturPiece victim;
  CaturSquare victim_on;
  int victim_value;
} Risk;

static gboolean
flip_risk (CaturVariant        *variant,
           const CaturPosition *seen,
           const CaturMove     *move,
           Risk                *risk)
{
  g_autoptr(GArray) hidden = catur_variant_list_hidden (variant, seen);
  CaturSide mover = catur_variant_side_to_move (variant, seen);
  gboolean seen_kind = FALSE;

  memset (risk, 0, sizeof *risk);
  risk->one_kind = TRUE;
  risk->victim_on = CATUR_SQUARE_NONE;
  if (!(move->flags & CATUR_MOVE_FLIP))
    return FALSE;
  for (guint i = 0; i < hidden->len; i++)
    {
      const CaturHiddenPiece *item = &g_array_index (hidden, CaturHiddenPiece, i);
      g_autoptr(CaturPosition) board = NULL;
      CaturMove flip = searched_move (move);
      Threat threat;

      if (item->count == 0)
        continue;
      risk->total += item->count;
      flip.piece = item->piece;
      flip.flags |= item->flags;
      board = catur_position_copy (seen);
      catur_variant_play (variant, board, &flip);
      /* Only a piece of the opponent's, who moves next, takes at once. */
      if (catur_variant_side_to_move (variant, board) == mover
          || !best_threat (variant, board, mover, move->to, &threat))
        continue;
      risk->count += item->count;
      if (seen_kind && (threat.attacker.kind != risk->attacker.kind
                         || threat.attacker.side != risk->attacker.side))
        risk->one_kind = FALSE;
      seen_kind = TRUE;
      risk->attacker = threat.attacker;
      if (catur_variant_get_piece_value (variant, &threat.victim) > risk->victim_value)
        {
          risk->victim = threat.victim;
          risk->victim_on = threat.move.to;
          risk->victim_value = catur_variant_get_piece_value (variant, &threat.victim);
        }
    }
  return risk->count > 0;
}

/* A mate score as a loss counts this many blunders at most, so that the losses of a game
 * stay comparable from one move to the next. */
#define MATE_CLIP_BLUNDERS 4

static int
clip_score (int                         score,
            const CaturJudgeThresholds *thresholds)
{
  int clip = MATE_CLIP_BLUNDERS * thresholds->blunder;

  return CLAMP (score, -clip, clip);
}

/* Whether the game's forced wins are mates (a king taken in) or, in a game with hidden pieces
 * and no king, the capture of every piece: the words differ. */
static gboolean
wins_by_mate (CaturVariant *variant)
{
  CaturGeometry geometry;

  catur_variant_get_geometry (variant, &geometry);
  return !geometry.has_hidden;
}

static char *
piece_name (CaturVariant     *variant,
            const CaturPiece *piece)
{
  return catur_variant_get_piece_name (variant, piece);
}

static char *
square_text (CaturVariant *variant,
             CaturSquare   square)
{
  char name[8] = "";

  catur_variant_square_name (variant, square, name);
  return g_strdup (name);
}

static int
by_threat_gain (gconstpointer a,
                gconstpointer b)
{
  return ((const CaturThreat *) b)->gain - ((const CaturThreat *) a)->gain;
}

/* Whether @end, where a line ends, has two of @mover's pieces attacked and each lost on the
 * exchange by at least @least: the two, the one that loses more first, in @attacked. */
static gboolean
double_attack (CaturVariant        *variant,
               const CaturPosition *end,
               CaturSide            mover,
               int                  least,
               CaturThreat         *attacked)
{
  g_autoptr(GArray) threats = catur_threats_find (variant, end, mover);

  if (threats->len < 2)
    return FALSE;
  g_array_sort (threats, by_threat_gain);
  if (g_array_index (threats, CaturThreat, 1).gain < least)
    return FALSE;
  attacked[0] = g_array_index (threats, CaturThreat, 0);
  attacked[1] = g_array_index (threats, CaturThreat, 1);
  return TRUE;
}

typedef struct
{
  CaturVariant *variant;
  const CaturPosition *seen;   /* the position before, as the players see it */
  CaturSide mover;
  gboolean hands;
  CaturJudgement *verdict;
  Walk played;
  Walk best;
  Threat hanging;
  Risk risk;
  CaturThreat attacked[2];     /* the double attack's two pieces, the more valuable first */
  int part_fell;               /* how far the mover's share of the positional part fell */
  CaturPosition *line_end;     /* the move's line played out, once asked (reading_line_end) */
} Reading;

/* The position at the end of the move's line, worked out once however many sentences ask. */
static const CaturPosition *
reading_line_end (Reading *r)
{
  if (r->line_end == NULL)
    r->line_end = position_after (r->variant, r->seen, r->verdict->line,
                                  r->verdict->line_length);
  return r->line_end;
}

static char *
say_allows_mate (Reading *r)
{
  CaturJudgement *v = r->verdict;
  int moves = -v->mate;
  const char *opponent = catur_variant_get_side_name (r->variant, r->seen,
                                                      catur_side_other (r->mover));
  g_autofree char *line = say_line (r->variant, r->seen, v->line, 1,
                                    MIN (v->line_length, (guint) (2 * moves + 1)));

  if (wins_by_mate (r->variant))
    /* Translators: the side that now mates, in how many moves, and the engine's line in the
     * game's notation, e.g. "This lets Black mate in 2: R1+1 K5+1 R1=4" */
    return g_strdup_printf (_("This lets %s mate in %d: %s"), opponent, moves, line);
  /* Translators: a forced win in a game without mates (Banqi): the side, in how many moves,
   * and the engine's line */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "This lets %s win by force in %d move: %s",
                                       "This lets %s win by force in %d moves: %s", moves),
                          opponent, moves, line);
}

static char *
say_misses_mate (Reading *r)
{
  CaturJudgement *v = r->verdict;
  int moves = v->mate;
  g_autofree char *line = say_line (r->variant, r->seen, v->best_line, 0,
                                    MIN (v->best_line_length, (guint) (2 * moves - 1)));

  if (wins_by_mate (r->variant))
    /* Translators: a mate the player missed: in how many moves, and the engine's line, e.g.
     * "Mate in 3 was there: Qh5+ Ke7 Qe5+" */
    return g_strdup_printf (_("Mate in %d was there: %s"), moves, line);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A forced win in %d move was there: %s",
                                       "A forced win in %d moves was there: %s", moves),
                          moves, line);
}

static char *
say_hangs_piece (Reading *r)
{
  g_autofree char *victim = piece_name (r->variant, &r->hanging.victim);
  g_autofree char *victim_on = square_text (r->variant, r->hanging.move.to);
  g_autofree char *attacker = piece_name (r->variant, &r->hanging.attacker);
  g_autofree char *attacker_on = square_text (r->variant, r->hanging.move.from);

  if (r->hands)
    /* Translators: the piece left hanging and its square, the piece that takes it and its
     * square, the side whose hand it goes to, e.g. "This leaves your Rook on 2h hanging: the
     * Bishop on 4f takes it, into Gote's hand" */
    return g_strdup_printf (_("This leaves your %s on %s hanging: the %s on %s takes it, into "
                              "%s’s hand"),
                            victim, victim_on, attacker, attacker_on,
                            catur_variant_get_side_name (r->variant, r->seen,
                                                         catur_side_other (r->mover)));
  /* Translators: the piece left hanging and its square, the piece that takes it and its
   * square, e.g. "This leaves your Rook on d5 hanging: the Knight on f6 takes it" */
  return g_strdup_printf (_("This leaves your %s on %s hanging: the %s on %s takes it"),
                          victim, victim_on, attacker, attacker_on);
}

/* The opponent's promotion along the move's line, when the line takes nothing from the
 * mover worth more. */
static gboolean
promotion_lost (Reading *r)
{
  return r->played.promoted[1].kind != 0
         && r->played.promoted_gain[1] > r->played.lost_value;
}

static char *
say_promotion_lost (Reading *r)
{
  CaturJudgement *v = r->verdict;
  g_autofree char *line = say_line_to (r->variant, r->seen, v->line, 1,
                                       r->played.promoted_ply[1]);
  g_autofree char *piece = piece_name (r->variant, &r->played.promoted[1]);
  g_autofree char *on = square_text (r->variant, r->played.promoted_on[1]);
  const char *side = catur_variant_get_side_name (r->variant, r->seen,
                                                  catur_side_other (r->mover));

  if (r->played.lost.kind != 0 && r->played.lost_ply == r->played.promoted_ply[1])
    {
      g_autofree char *lost = piece_name (r->variant, &r->played.lost);

      /* Translators: the engine's line after the move, up to a capture that promotes the
       * opponent's piece: the side, its piece before it promotes, the player's piece it takes
       * and the square, e.g. "After d2 Kb3 dxe1=Q, Black’s Pawn takes your Rook on e1 and
       * promotes" */
      return g_strdup_printf (_("After %s, %s’s %s takes your %s on %s and promotes"), line,
                              side, piece, lost, on);
    }
  /* Translators: the engine's line after the move, up to a promotion of the opponent's:
   * the piece before it promotes and the square, e.g. "After Rd1 Rxd1 e2 Rxd1 exd1=Q+,
   * Black's Pawn promotes on d1" */
  return g_strdup_printf (_("After %s, %s’s %s promotes on %s"), line, side, piece, on);
}

static char *
say_loses_material (Reading *r)
{
  CaturJudgement *v = r->verdict;
  g_autofree char *line = say_line_to (r->variant, r->seen, v->line, 1, r->played.lost_ply);
  g_autofree char *lost = piece_name (r->variant, &r->played.lost);
  g_autofree char *lost_on = square_text (r->variant, r->played.lost_on);

  if (r->hands)
    /* Translators: the engine's line after the move, the piece it loses, its square and the
     * side whose hand it goes to, e.g. "After N*7d G7c N*8e, your Silver on 7c goes to
     * Gote’s hand" */
    return g_strdup_printf (_("After %s, your %s on %s goes to %s’s hand"), line, lost, lost_on,
                            catur_variant_get_side_name (r->variant, r->seen,
                                                         catur_side_other (r->mover)));
  if (r->played.won.kind != 0)
    {
      g_autofree char *won = piece_name (r->variant, &r->played.won);

      /* Translators: the engine's line after the move, the piece it loses and its square, and
       * the less valuable piece taken in return, e.g. "After Nc7+ Kd1 Nxa8 Bxa8, you lose the
       * Rook on a8 for a Knight" */
      return g_strdup_printf (_("After %s, you lose the %s on %s for a %s"), line, lost, lost_on,
                              won);
    }
  /* Translators: the engine's line after the move, the piece it loses and its square, e.g.
   * "After Nc7+ Kd1 Nxa8, you lose the Rook on a8" */
  return g_strdup_printf (_("After %s, you lose the %s on %s"), line, lost, lost_on);
}

static char *
say_misses_material (Reading *r)
{
  CaturJudgement *v = r->verdict;
  g_autofree char *won = NULL;
  g_autofree char *won_on = NULL;
  g_autofree char *line = NULL;

  if (r->best.promoted[0].kind != 0 && r->best.promoted_gain[0] > r->best.won_value)
    {
      g_autofree char *piece = piece_name (r->variant, &r->best.promoted[0]);
      g_autofree char *on = square_text (r->variant, r->best.promoted_on[0]);

      line = say_line_to (r->variant, r->seen, v->best_line, 0, r->best.promoted_ply[0]);
      if (r->best.won.kind != 0 && r->best.won_ply == r->best.promoted_ply[0])
        {
          won = piece_name (r->variant, &r->best.won);
          /* Translators: the engine's better line, up to a capture that promotes one of the
           * player's pieces: the piece taken, its square, and the piece before it promotes,
           * e.g. "exd8=Q takes the Rook on d8 and promotes your Pawn" */
          return g_strdup_printf (_("%s takes the %s on %s and promotes your %s"), line, won,
                                  on, piece);
        }
      /* Translators: the engine's better line, up to the promotion of one of the player's
       * pieces, the piece before it promotes and the square, e.g. "B*2b L-1c B-3a+ promotes
       * your Bishop on 3a" */
      return g_strdup_printf (_("%s promotes your %s on %s"), line, piece, on);
    }
  won = piece_name (r->variant, &r->best.won);
  won_on = square_text (r->variant, r->best.won_on);
  line = say_line_to (r->variant, r->seen, v->best_line, 0, r->best.won_ply);

  if (r->best.won_ply == 0 && catur_variant_static_exchange (r->variant, r->seen, &v->best) > 0)
    /* Translators: a piece that could be taken for free, its square, and the move that takes
     * it, e.g. "The Rook on d5 was free: Qxd5" */
    return g_strdup_printf (_("The %s on %s was free: %s"), won, won_on, line);
  /* Translators: the engine's line that wins a piece, the piece and its square, e.g.
   * "Nc7+ Kd1 Nxa8 wins the Rook on a8" */
  return g_strdup_printf (_("%s wins the %s on %s"), line, won, won_on);
}

static char *
say_risk (Reading *r)
{
  g_autofree char *victim = piece_name (r->variant, &r->risk.victim);
  g_autofree char *victim_on = square_text (r->variant, r->risk.victim_on);

  if (r->risk.one_kind)
    {
      g_autofree char *attacker = piece_name (r->variant, &r->risk.attacker);

      /* Translators: how many of the face-down pieces could be the piece named, which then
       * takes the player's piece on its square, e.g. "3 of the 11 face-down pieces could be a
       * Black Cannon that takes your Red Chariot on b3" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u of the %u face-down piece could be a %s that "
                                           "takes your %s on %s",
                                           "%u of the %u face-down pieces could be a %s that "
                                           "takes your %s on %s", r->risk.total),
                              r->risk.count, r->risk.total, attacker, victim, victim_on);
    }
  /* Translators: how many of the face-down pieces could turn up as an enemy piece that takes
   * the player's piece on its square, e.g. "4 of the 11 face-down pieces could turn up as an
   * enemy piece that takes your Red Chariot on b3" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u of the %u face-down piece could turn up as an enemy "
                                       "piece that takes your %s on %s",
                                       "%u of the %u face-down pieces could turn up as an enemy "
                                       "piece that takes your %s on %s", r->risk.total),
                          r->risk.count, r->risk.total, victim, victim_on);
}

static char *
say_double_attack (Reading *r)
{
  CaturJudgement *v = r->verdict;
  g_autofree char *line = say_line_to (r->variant, r->seen, v->line, 1, v->line_length - 1);
  g_autofree char *first = piece_name (r->variant, &r->attacked[0].piece);
  g_autofree char *first_on = square_text (r->variant, r->attacked[0].square);
  g_autofree char *first_by = piece_name (r->variant, &r->attacked[0].attacker_piece);
  g_autofree char *first_by_on = square_text (r->variant, r->attacked[0].attacker);
  g_autofree char *second = piece_name (r->variant, &r->attacked[1].piece);
  g_autofree char *second_on = square_text (r->variant, r->attacked[1].square);
  g_autofree char *second_by = piece_name (r->variant, &r->attacked[1].attacker_piece);
  g_autofree char *second_by_on = square_text (r->variant, r->attacked[1].attacker);

  if (r->attacked[0].attacker == r->attacked[1].attacker)
    /* Translators: a fork at the end of the engine's line: the line, the attacking piece and
     * its square, the two pieces it attacks and their squares, e.g. "After Nd5 exd5 Nc7+ Kd8,
     * the Knight on c7 attacks your Rook on a8 and your Queen on e6" */
    return g_strdup_printf (_("After %s, the %s on %s attacks your %s on %s and your %s on %s"),
                            line, first_by, first_by_on, first, first_on, second, second_on);
  /* Translators: two of the player's pieces attacked at the end of the engine's line, each
   * with its attacker, e.g. "After f3 Nd3+ Bxd3 cxd3, your Queen on c2 is attacked by the
   * Pawn on d3 and your Rook on a1 by the Queen on f6" */
  return g_strdup_printf (_("After %s, your %s on %s is attacked by the %s on %s and your %s on "
                            "%s by the %s on %s"),
                          line, first, first_on, first_by, first_by_on, second, second_on,
                          second_by, second_by_on);
}

/* The square of @side's king in @position (the one piece worth nothing, as no capture
 * takes it), and the piece; CATUR_SQUARE_NONE when the game has none or more than one. */
static CaturSquare
find_king (CaturVariant        *variant,
           const CaturPosition *position,
           CaturSide            side,
           CaturPiece          *king)
{
  CaturGeometry geometry;
  CaturSquare found = CATUR_SQUARE_NONE;

  catur_variant_get_geometry (variant, &geometry);
  for (CaturSquare square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      CaturPiece piece;

      if (!catur_variant_piece_at (variant, position, square, &piece) || piece.side != side
          || catur_variant_get_piece_value (variant, &piece) != 0)
        continue;
      if (found != CATUR_SQUARE_NONE)
        return CATUR_SQUARE_NONE;
      found = square;
      *king = piece;
    }
  return found;
}

/* The part of the game's evaluation, other than material, that turned most against the
 * mover at the end of the move's line against the best line's end: the mover's share of it
 * fell, or the opponent's rose (@side says which did more). %TRUE when it turned by at least
 * @least. */
static gboolean
positional_loss (Reading        *r,
                 int             least,
                 CaturScoreTerm *term,
                 CaturSide      *side)
{
  CaturJudgement *v = r->verdict;
  const CaturPosition *played = reading_line_end (r);
  g_autoptr(CaturPosition) best = position_after (r->variant, r->seen, v->best_line,
                                                  v->best_line_length);
  CaturSide opponent = catur_side_other (r->mover);
  int played_own[CATUR_N_SCORE_TERMS], best_own[CATUR_N_SCORE_TERMS];
  int played_theirs[CATUR_N_SCORE_TERMS], best_theirs[CATUR_N_SCORE_TERMS];
  int worst = 0;

  if (!catur_variant_score_terms (r->variant, played, r->mover, played_own)
      || !catur_variant_score_terms (r->variant, best, r->mover, best_own)
      || !catur_variant_score_terms (r->variant, played, opponent, played_theirs)
      || !catur_variant_score_terms (r->variant, best, opponent, best_theirs))
    return FALSE;
  for (int i = 0; i < CATUR_N_SCORE_TERMS; i++)
    {
      int fell = best_own[i] - played_own[i], rose = played_theirs[i] - best_theirs[i];

      /* The part is weighed whole, and said of the side whose share of it moved more. */
      if (i != CATUR_SCORE_TERM_MATERIAL && fell + rose > worst)
        {
          worst = fell + rose;
          *term = i;
          *side = fell >= rose ? r->mover : opponent;
          r->part_fell = fell;
        }
    }
  return worst >= least;
}

/* @side's king at the end of the move's line: its name and square, for a sentence. */
static gboolean
king_at_line_end (Reading    *r,
                  CaturSide   side,
                  char      **name,
                  char      **on)
{
  const CaturPosition *end = reading_line_end (r);
  CaturPiece piece = { 0 };
  CaturSquare king = find_king (r->variant, end, side, &piece);

  if (king == CATUR_SQUARE_NONE)
    return FALSE;
  *name = piece_name (r->variant, &piece);
  *on = square_text (r->variant, king);
  return TRUE;
}

/* The piece the move played moved, when its own square accounts for a third or more of the
 * fall of the mover's placement, and for half the game's inaccuracy (@least) or more:
 * followed along the move's line to its end (not taken, not promoted), it is put back where
 * it came from in the line's last position and the placement weighed again. Its name, its
 * square at the end and the square it came from. */
static gboolean
moved_piece_stands_worse (Reading    *r,
                          int         least,
                          char      **name,
                          char      **on,
                          char      **before)
{
  CaturJudgement *v = r->verdict;
  const CaturPosition *end = reading_line_end (r);
  g_autoptr(CaturPosition) back = NULL;
  CaturSquare from = v->line[0].from, square = v->line[0].to;
  CaturPiece moved, there;
  int at_end[CATUR_N_SCORE_TERMS], at_home[CATUR_N_SCORE_TERMS];
  int loss;

  if (catur_square_is_hand (from) || from == CATUR_SQUARE_NONE || square == CATUR_SQUARE_NONE
      || !catur_variant_piece_at (r->variant, r->seen, from, &moved)
      || !catur_variant_can_set_up (r->variant))
    return FALSE;
  for (guint i = 1; i < v->line_length; i++)
    {
      if (v->line[i].to == square)
        return FALSE;                  /* taken */
      if (v->line[i].from == square)
        square = v->line[i].to;
    }
  if (!catur_variant_piece_at (r->variant, end, square, &there) || there.kind != moved.kind
      || there.side != moved.side || catur_variant_piece_at (r->variant, end, from, &there))
    return FALSE;
  back = catur_position_copy (end);
  if (!catur_variant_set_piece (r->variant, back, square, NULL)
      || !catur_variant_set_piece (r->variant, back, from, &moved)
      || !catur_variant_score_terms (r->variant, end, r->mover, at_end)
      || !catur_variant_score_terms (r->variant, back, r->mover, at_home))
    return FALSE;
  loss = at_home[CATUR_SCORE_TERM_PLACEMENT] - at_end[CATUR_SCORE_TERM_PLACEMENT];
  if (3 * loss < r->part_fell || 2 * loss < least)
    return FALSE;
  *name = piece_name (r->variant, &moved);
  *on = square_text (r->variant, square);
  *before = square_text (r->variant, from);
  return TRUE;
}

/* A part of the opponent's evaluation that rose, in words. */
static char *
say_opponent_gain (Reading    *r,
                   const char *line)
{
  CaturJudgement *v = r->verdict;
  const char *opponent = catur_variant_get_side_name (r->variant, r->seen, v->term_side);

  switch (v->term)
    {
    case CATUR_SCORE_TERM_KING_SAFETY:
      {
        g_autofree char *name = NULL;
        g_autofree char *on = NULL;

        if (!king_at_line_end (r, v->term_side, &name, &on))
          break;
        /* Translators: the engine's line after the move, the opponent's side, its king
         * (General) and the king's square, e.g. "After C8=5 A6+5 R1=4, Black’s General on
         * e9 stands much safer" */
        return g_strdup_printf (_("After %s, %s’s %s on %s stands much safer"), line, opponent,
                                name, on);
      }
    case CATUR_SCORE_TERM_MOBILITY:
      /* Translators: the engine's line after the move and the opponent's side, e.g. "After
       * H2+3 R9=8 P7+1, Black’s pieces have much more room to move" */
      return g_strdup_printf (_("After %s, %s’s pieces have much more room to move"), line,
                              opponent);
    case CATUR_SCORE_TERM_PAWNS:
      /* Translators: the engine's line after the move and the opponent's side, e.g. "After
       * d5 exd5 cxd5, Black’s pawns stand much better" */
      return g_strdup_printf (_("After %s, %s’s pawns stand much better"), line, opponent);
    case CATUR_SCORE_TERM_THREATS:
      /* Translators: the engine's line after the move, e.g. "After Bd3 Qb6 Rb1, more of your
       * pieces are under attack" */
      return g_strdup_printf (_("After %s, more of your pieces are under attack"), line);
    case CATUR_SCORE_TERM_PLACEMENT:
    case CATUR_SCORE_TERM_MATERIAL:
    case CATUR_N_SCORE_TERMS:
    default:
      break;
    }
  /* Translators: the engine's line after the move and the opponent's side, e.g. "After Nd2
   * Bg4 f3, Black’s pieces stand on much better squares" */
  return g_strdup_printf (_("After %s, %s’s pieces stand on much better squares"), line,
                          opponent);
}

static char *
say_positional (Reading *r,
                int      least)
{
  CaturJudgement *v = r->verdict;
  g_autofree char *line = say_line_to (r->variant, r->seen, v->line, 1, v->line_length - 1);

  if (v->term_side != r->mover)
    return say_opponent_gain (r, line);
  switch (v->term)
    {
    case CATUR_SCORE_TERM_KING_SAFETY:
      {
        g_autofree char *name = NULL;
        g_autofree char *on = NULL;

        if (king_at_line_end (r, r->mover, &name, &on))
          {
            /* Translators: the engine's line after the move, and the player's king (General)
             * with its square, e.g. "After C8=5 A6+5 R1=4, your General on e0 is open to
             * attack" */
            return g_strdup_printf (_("After %s, your %s on %s is open to attack"), line, name,
                                    on);
          }
        /* Translators: the engine's line after the move, e.g. "After C8=5 A6+5 R1=4, your
         * king's guard is weaker and more of the opponent's pieces aim at it" */
        return g_strdup_printf (_("After %s, your king’s guard is weaker and more of the "
                                  "opponent’s pieces aim at it"), line);
      }
    case CATUR_SCORE_TERM_MOBILITY:
      /* Translators: the engine's line after the move, e.g. "After H2+3 R9=8 P7+1, your
       * pieces have much less room to move" */
      return g_strdup_printf (_("After %s, your pieces have much less room to move"), line);
    case CATUR_SCORE_TERM_PAWNS:
      /* Translators: the engine's line after the move, e.g. "After d5 exd5 cxd5, your pawns
       * stand much worse" */
      return g_strdup_printf (_("After %s, your pawns stand much worse"), line);
    case CATUR_SCORE_TERM_THREATS:
      /* Translators: the engine's line after the move, e.g. "After Bd3 Qb6 Rb1, your pieces
       * threaten much less" */
      return g_strdup_printf (_("After %s, your pieces threaten much less"), line);
    case CATUR_SCORE_TERM_PLACEMENT:
      {
        g_autofree char *name = NULL;
        g_autofree char *on = NULL;
        g_autofree char *before = NULL;

        if (moved_piece_stands_worse (r, least, &name, &on, &before))
          /* Translators: the engine's line after the move, the player's piece the move
           * moved, its square and the square it came from, e.g. "After Bc5, your Knight on
           * h4 stands worse than it did on f3" */
          return g_strdup_printf (_("After %s, your %s on %s stands worse than it did on %s"),
                                  line, name, on, before);
      }
      G_GNUC_FALLTHROUGH;
    case CATUR_SCORE_TERM_MATERIAL:
    case CATUR_N_SCORE_TERMS:
    default:
      /* Translators: the engine's line after the move, e.g. "After Nd2 Bg4 f3, your pieces
       * stand on much worse squares" */
      return g_strdup_printf (_("After %s, your pieces stand on much worse squares"), line);
    }
}

static char *
say_plain (Reading *r)
{
  CaturJudgement *v = r->verdict;
  g_autofree char *best = say_line (r->variant, r->seen, v->best_line, 0, 1);
  g_autofree char *line = NULL;

  if (v->judge_class == CATUR_JUDGE_BEST)
    return g_strdup (_("The best move."));
  if (v->judge_class == CATUR_JUDGE_GOOD)
    /* Translators: a good move, and the engine's choice in the game's notation */
    return g_strdup_printf (_("A good move; the engine prefers %s."), best);
  if (v->best_line_length < 2)
    /* Translators: the engine's better move, when it expects no line after it */
    return g_strdup_printf (_("Better was %s."), best);
  line = say_line (r->variant, r->seen, v->best_line, 0, MIN (v->best_line_length, 5));
  /* Translators: the engine's better move, and the line it expects after it */
  return g_strdup_printf (_("Better was %s: %s"), best, line);
}

/**
 * catur_judge_end_sentence:
 * @words: (nullable): a sentence of the judge's
 *
 * The coach panel, the dialog of "Check my move", the drills and the screen reader show a
 * sentence of the judge's as one of its own, before another: it ends with a full stop. Those
 * the judge gave before it ended them itself (kept in drills stores) do not.
 *
 * Returns: (transfer full) (nullable): @words, with a full stop where they end without one
 *   (or a question or exclamation mark or an ellipsis)
 */
char *
catur_judge_end_sentence (const char *words)
{
  if (words == NULL || *words == '\0' || g_str_has_suffix (words, ".")
      || g_str_has_suffix (words, "!") || g_str_has_suffix (words, "?")
      || g_str_has_suffix (words, "…"))
    return g_strdup (words);
  return g_strconcat (words, ".", NULL);
}

/* Reads the lines for why the move loses; sets the verdict's reason and sentence. */
static void
explain (Reading *r)
{
  CaturJudgement *v = r->verdict;
  const CaturJudgeThresholds *t;
  CaturJudgeThresholds thresholds;
  g_autoptr(CaturPosition) after = NULL;
  gboolean material_gap;
  char *sentence;

  catur_variant_get_judge_thresholds (r->variant, &thresholds);
  t = &thresholds;
  settle_line (r->variant, r->seen, v->line, &v->line_length);
  settle_line (r->variant, r->seen, v->best_line, &v->best_line_length);
  walk_line (r->variant, r->seen, r->mover, v->line, v->line_length, &r->played);
  walk_line (r->variant, r->seen, r->mover, v->best_line, v->best_line_length, &r->best);
  material_gap = r->best.net - r->played.net >= t->inaccuracy;

  if (v->judge_class < CATUR_JUDGE_INACCURACY)
    v->reason = CATUR_JUDGE_REASON_NONE;
  else if (v->mate < 0)
    v->reason = CATUR_JUDGE_REASON_ALLOWS_MATE;
  else if (v->mate > 0)
    v->reason = CATUR_JUDGE_REASON_MISSES_MATE;
  else
    {
      gboolean hangs = FALSE;

      /* The answer the engine expects takes a piece for free; or, when it first plays
       * something else, a piece the line goes on to take stood free already. */
      if (material_gap && r->played.net < 0 && r->played.plies >= 2)
        {
          after = position_after (r->variant, r->seen, v->line, 1);
          if (capture_threat (r->variant, after, &v->line[1], r->mover, &r->hanging))
            hangs = TRUE;
          else if (best_threat (r->variant, after, r->mover, CATUR_SQUARE_NONE, &r->hanging)
                   && r->hanging.move.to == r->played.lost_on)
            hangs = TRUE;
        }
      if (hangs)
        v->reason = CATUR_JUDGE_REASON_HANGS_PIECE;
      else if (material_gap && r->played.net < 0
               && (r->played.lost.kind != 0 || r->played.promoted[1].kind != 0))
        v->reason = CATUR_JUDGE_REASON_LOSES_MATERIAL;
      else if (material_gap && (r->best.won.kind != 0 || r->best.promoted[0].kind != 0))
        v->reason = CATUR_JUDGE_REASON_MISSES_MATERIAL;
      else if (flip_risk (r->variant, r->seen, &v->move, &r->risk))
        v->reason = CATUR_JUDGE_REASON_RISK;
      else if (v->judge_class >= CATUR_JUDGE_MISTAKE && v->line_length >= 2
               && double_attack (r->variant, reading_line_end (r), r->mover, t->mistake,
                                 r->attacked))
        v->reason = CATUR_JUDGE_REASON_DOUBLE_ATTACK;
      else if (v->judge_class >= CATUR_JUDGE_MISTAKE && v->line_length >= 2
               && !material_gap
               && positional_loss (r, t->inaccuracy, &v->term, &v->term_side))
        v->reason = CATUR_JUDGE_REASON_POSITIONAL;
      else
        v->reason = CATUR_JUDGE_REASON_NONE;
    }

  switch (v->reason)
    {
    case CATUR_JUDGE_REASON_ALLOWS_MATE:
      v->sentence = say_allows_mate (r);
      break;
    case CATUR_JUDGE_REASON_MISSES_MATE:
      v->sentence = say_misses_mate (r);
      break;
    case CATUR_JUDGE_REASON_HANGS_PIECE:
      v->sentence = say_hangs_piece (r);
      break;
    case CATUR_JUDGE_REASON_LOSES_MATERIAL:
      v->sentence = promotion_lost (r) ? say_promotion_lost (r) : say_loses_material (r);
      break;
    case CATUR_JUDGE_REASON_MISSES_MATERIAL:
      v->sentence = say_misses_material (r);
      break;
    case CATUR_JUDGE_REASON_DOUBLE_ATTACK:
      v->sentence = say_double_attack (r);
      break;
    case CATUR_JUDGE_REASON_POSITIONAL:
      v->sentence = say_positional (r, t->inaccuracy);
      break;
    case CATUR_JUDGE_REASON_RISK:
      v->risk_count = r->risk.count;
      v->risk_total = r->risk.total;
      v->sentence = say_risk (r);
      break;
    case CATUR_JUDGE_REASON_NONE:
    default:
      v->sentence = say_plain (r);
      break;
    }
  sentence = catur_judge_end_sentence (v->sentence);
  g_free (v->sentence);
  v->sentence = sentence;
}

static CaturJudgeClass
class_of (int                         loss,
          const CaturJudgeThresholds *thresholds)
{
  if (loss <= 0)
    return CATUR_JUDGE_BEST;
  if (loss < thresholds->inaccuracy)
    return CATUR_JUDGE_GOOD;
  if (loss < thresholds->mistake)
    return CATUR_JUDGE_INACCURACY;
  if (loss < thresholds->blunder)
    return CATUR_JUDGE_MISTAKE;
  return CATUR_JUDGE_BLUNDER;
}

static void
copy_line (const CaturSearchResult *result,
           CaturMove               *line,
           guint                   *length)
{
  *length = MIN (result->pv_length, CATUR_SEARCH_LINE_LENGTH);
  memcpy (line, result->pv, *length * sizeof (CaturMove));
}

/**
 * catur_judge_move:
 * @variant: the game
 * @position: the position before @move (a referee's position is observed first: nothing face
 *   down is read)
 * @move: a legal move of @position, as played (a flip may carry what it turned up: it is
 *   judged as the choice it was, without it)
 * @limits: the budget of each of the two searches: a depth or a node count gives the same
 *   verdict on any machine, a time one that depends on its load. Its level is ignored (the
 *   judge searches at full strength), and so are @searchmoves and @multipv; @tt and @history
 *   are used when set
 * @cancellable: (nullable): stops the searches; the verdict is then that of what they found
 * @error: set when @move is not legal or the game has no search
 *
 * Judges @move: see catur-judge.h.
 *
 * Returns: (transfer full) (nullable): the verdict, or %NULL with @error set
 */
CaturJudgement *
catur_judge_move (CaturVariant             *variant,
                  const CaturPosition      *position,
                  const CaturMove          *move,
                  const CaturSearchLimits  *limits,
                  GCancellable             *cancellable,
                  GError                  **error)
{
  g_autoptr(CaturPosition) seen = NULL;
  g_autoptr(CaturTT) own_tt = NULL;
  g_autofree CaturSearchResult *best = g_new0 (CaturSearchResult, 1);
  g_autofree CaturSearchResult *played = g_new0 (CaturSearchResult, 1);
  CaturSearchLimits own;
  CaturMove searched;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (position != NULL && position->variant == variant, NULL);
  g_return_val_if_fail (move != NULL && limits != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!catur_variant_is_legal (variant, position, move))
    {
      g_autofree char *why = catur_variant_explain (variant, position, move, NULL);

      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_ILLEGAL_MOVE,
                           why != NULL ? why : _("That move is not legal"));
      return NULL;
    }

  seen = catur_variant_observe (variant, position);
  own = *limits;
  own.level = CATUR_LEVEL_MASTER;
  own.multipv = 1;
  own.searchmoves = NULL;
  own.n_searchmoves = 0;
  if (own.tt == NULL)
    {
      own_tt = catur_tt_new (own.hash_mb > 0 ? own.hash_mb : JUDGE_HASH_MB);
      own.tt = own_tt;
    }

  if (!catur_variant_think (variant, seen, &own, NULL, NULL, cancellable, best, error))
    return NULL;
  if (!best->has_move)
    {
      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_ILLEGAL_MOVE,
                           _("There is no move to judge"));
      return NULL;
    }

  searched = searched_move (move);
  if (same_move (&best->move, move))
    *played = *best;
  else
    {
      own.searchmoves = &searched;
      own.n_searchmoves = 1;
      /* One root move goes deeper in the same time: it would then see the refutations the
       * free search did not see for its own best move, and the difference would not be the
       * move's. Both are compared at the same depth. */
      if (own.depth == 0 && best->depth > 0)
        own.depth = best->depth;
      if (!catur_variant_think (variant, seen, &own, NULL, NULL, cancellable, played, error))
        return NULL;
    }

  return catur_judge_verdict (variant, position, move, best, played);
}

/**
 * catur_judge_verdict:
 * @variant: the game
 * @position: the position before @move
 * @move: a legal move of @position
 * @best: the free search of @position: its move, score (and mate) and line
 * @played: the search of @position limited to @move, to the depth of @best
 *
 * The verdict on @move from the two searches, whoever made them: catur_judge_move() with the
 * game's own search, or the coach's analysis with another program's engine. Scores are from
 * the mover's view, mates as CATUR_SCORE_MATE minus the plies to it; the lines' moves legal.
 *
 * Returns: (transfer full): the verdict
 */
CaturJudgement *
catur_judge_verdict (CaturVariant            *variant,
                     const CaturPosition     *position,
                     const CaturMove         *move,
                     const CaturSearchResult *best,
                     const CaturSearchResult *played_result)
{
  g_autoptr(CaturPosition) seen = NULL;
  g_autoptr(CaturJudgement) verdict = NULL;
  g_autofree CaturSearchResult *played = g_memdup2 (played_result, sizeof *played);
  CaturJudgeThresholds thresholds;
  CaturMove searched = searched_move (move);
  Reading reading = { 0 };
  int mate_bound = CATUR_SCORE_MATE_BOUND;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (position != NULL && move != NULL, NULL);
  g_return_val_if_fail (best != NULL && played_result != NULL, NULL);

  seen = catur_variant_observe (variant, position);
  catur_variant_get_judge_thresholds (variant, &thresholds);

  /* A declaration is legal only when it wins at once, and a search may not list it among
   * its root moves: it loses nothing. */
  if (!played->has_move && (move->flags & CATUR_MOVE_DECLARE))
    {
      *played = *best;
      played->pv_length = 0;
    }

  verdict = g_new0 (CaturJudgement, 1);
  verdict->move = *move;
  verdict->best = best->move;
  verdict->best_score = best->score;
  verdict->score = played->score;
  verdict->depth = MIN (best->depth, played->depth);
  copy_line (best, verdict->best_line, &verdict->best_line_length);
  copy_line (played, verdict->line, &verdict->line_length);
  if (verdict->line_length == 0 || !same_move (&verdict->line[0], move))
    {
      verdict->line[0] = searched;
      verdict->line_length = 1;
    }
  if (verdict->best_line_length == 0)
    {
      verdict->best_line[0] = best->move;
      verdict->best_line_length = 1;
    }

  /* A search limited to one move may find it better than the free search did: the two are
   * then as good as each other. */
  if (verdict->score > verdict->best_score)
    verdict->best_score = verdict->score;
  verdict->loss = clip_score (verdict->best_score, &thresholds)
                  - clip_score (verdict->score, &thresholds);
  /* A slower mate, or a slower defeat, is not as good as the best, if only by a little. */
  if ((verdict->best_score >= mate_bound && verdict->score >= mate_bound)
      || (verdict->best_score <= -mate_bound && verdict->score <= -mate_bound))
    verdict->loss = MIN (verdict->best_score - verdict->score, thresholds.inaccuracy - 1);
  verdict->judge_class = same_move (&best->move, move) ? CATUR_JUDGE_BEST
                         : class_of (verdict->loss, &thresholds);

  if (verdict->score <= -mate_bound && verdict->best_score > -mate_bound)
    {
      verdict->mate = played->mate < 0 ? played->mate
                      : -(CATUR_SCORE_MATE + verdict->score + 1) / 2;
      verdict->judge_class = CATUR_JUDGE_BLUNDER;
    }
  else if (verdict->best_score >= mate_bound && verdict->score < mate_bound)
    {
      verdict->mate = best->mate > 0 ? best->mate
                      : (CATUR_SCORE_MATE - verdict->best_score + 1) / 2;
      /* Still winning clearly, the mate let go is a mistake; else it throws the win away. */
      verdict->judge_class = verdict->score >= thresholds.blunder ? CATUR_JUDGE_MISTAKE
                                                                   : CATUR_JUDGE_BLUNDER;
    }

  reading.variant = variant;
  reading.seen = seen;
  reading.mover = catur_variant_side_to_move (variant, seen);
  reading.verdict = verdict;
  {
    CaturGeometry geometry;

    catur_variant_get_geometry (variant, &geometry);
    reading.hands = geometry.has_hands;
  }
  explain (&reading);
  g_clear_pointer (&reading.line_end, catur_position_free);
  return g_steal_pointer (&verdict);
}

/* What a judgement in a worker thread owns: copies of everything the caller may change. */
typedef struct
{
  CaturVariant *variant;
  CaturPosition *position;
  CaturMove move;
  CaturSearchLimits limits;
  CaturRepetition *history;
  CaturTT *tt;
} JudgeTask;

static void
judge_task_free (JudgeTask *task)
{
  g_clear_object (&task->variant);
  g_clear_pointer (&task->position, catur_position_free);
  g_clear_pointer (&task->history, catur_repetition_free);
  g_clear_pointer (&task->tt, catur_tt_unref);
  g_free (task);
}

static void
judge_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  JudgeTask *data = task_data;
  GError *error = NULL;
  CaturJudgement *verdict;

  verdict = catur_judge_move (data->variant, data->position, &data->move, &data->limits,
                              cancellable, &error);
  if (verdict == NULL)
    g_task_return_error (task, error);
  else if (g_task_return_error_if_cancelled (task))
    catur_judgement_free (verdict);
  else
    g_task_return_pointer (task, verdict, (GDestroyNotify) catur_judgement_free);
}

/**
 * catur_judge_move_async:
 * @variant: the game
 * @position: the position before @move; copied
 * @move: a legal move of @position
 * @limits: as for catur_judge_move(); copied, with its history (a table it names is shared:
 *   use it in one search at a time)
 * @cancellable: (nullable): abandons the judgement: the callback then gets
 *   %G_IO_ERROR_CANCELLED
 * @callback: called in the thread-default main context of the caller
 * @user_data: its data
 *
 * catur_judge_move() in a worker thread, for a window that must not wait: the analysis of a
 * game, "Check my move".
 */
void
catur_judge_move_async (CaturVariant            *variant,
                        const CaturPosition     *position,
                        const CaturMove         *move,
                        const CaturSearchLimits *limits,
                        GCancellable            *cancellable,
                        GAsyncReadyCallback      callback,
                        gpointer                 user_data)
{
  g_autoptr(GTask) task = NULL;
  JudgeTask *data;

  g_return_if_fail (CATUR_IS_VARIANT (variant));
  g_return_if_fail (position != NULL && position->variant == variant);
  g_return_if_fail (move != NULL && limits != NULL);

  data = g_new0 (JudgeTask, 1);
  data->variant = g_object_ref (variant);
  data->position = catur_position_copy (position);
  data->move = *move;
  data->limits = *limits;
  if (limits->history != NULL)
    data->history = catur_repetition_copy (limits->history);
  data->limits.history = data->history;
  if (limits->tt != NULL)
    data->tt = catur_tt_ref (limits->tt);
  data->limits.tt = data->tt;
  data->limits.searchmoves = NULL;
  data->limits.n_searchmoves = 0;

  task = g_task_new (variant, cancellable, callback, user_data);
  g_task_set_source_tag (task, catur_judge_move_async);
  g_task_set_task_data (task, data, (GDestroyNotify) judge_task_free);
  g_task_run_in_thread (task, judge_in_thread);
}

/**
 * catur_judge_move_finish:
 * @result: the result given to the callback
 * @error: set when the move could not be judged or the judgement was cancelled
 *
 * Returns: (transfer full) (nullable): the verdict, or %NULL with @error set
 */
CaturJudgement *
catur_judge_move_finish (CaturVariant  *variant,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, variant), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
