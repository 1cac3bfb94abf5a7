/* banqi-variant.c: Banqi behind the CaturVariant contract
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Positions come in two sorts, as the contract wants: the referee's, which CaturGame plays on
 * and which knows what lies under every face-down square, and observations (observe), which
 * know only the pool. libcatur hands observations to everything that thinks or writes text;
 * this file keeps to that too: only play(), deal_hidden(), format_hidden() and
 * restore_hidden() read or write what lies face down.
 */
#define G_LOG_DOMAIN "banqi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "banqi-engine.h"
#include "banqi-pgn.h"
#include "banqi-variant.h"

struct _BanqiVariant
{
  GObject parent_instance;
};

#define SETTINGS_SCHEMA_ID "io.github.caturapp.Catur.banqi"
#define THEMES_RESOURCE "/io/github/caturapp/Catur/banqi/themes/"
#define BANQI_DEFAULT_PIECE_THEME "classic"
#define NOTATION_STANDARD "standard"
#define NOTATION_COORDINATE "coordinate"

static void banqi_variant_iface_init (CaturVariantInterface *iface);

G_DEFINE_DYNAMIC_TYPE_EXTENDED (BanqiVariant, banqi_variant, G_TYPE_OBJECT, G_TYPE_FLAG_FINAL,
                                G_IMPLEMENT_INTERFACE_DYNAMIC (CATUR_TYPE_VARIANT,
                                                               banqi_variant_iface_init))

static const char *
colour_name (int colour)
{
  return colour == BQ_RED ? _("Red") : _("Black");
}

/* Identity */

static const char *
banqi_variant_get_id (CaturVariant *variant)
{
  return "banqi";
}

static const char *
banqi_variant_get_name (CaturVariant *variant)
{
  return _("Banqi");
}

static const char *
banqi_variant_get_description (CaturVariant *variant)
{
  return _("Chinese dark chess: turn the hidden pieces over, then capture by rank");
}

static const char *
banqi_variant_get_icon_name (CaturVariant *variant)
{
  return "applications-games-symbolic";
}

/* Before the first flip the seats have no colour yet: they are named as seats (B5). */
static const char *
banqi_variant_get_side_name (CaturVariant        *variant,
                             const CaturPosition *position,
                             CaturSide            side)
{
  if (position == NULL || BQ_CONST (position)->first_colour < 0)
    return side == CATUR_SIDE_FIRST ? _("First player") : _("Second player");
  return colour_name (bq_colour_of_seat (BQ_CONST (position), side));
}

static const char *
banqi_variant_get_side_id (CaturVariant        *variant,
                           const CaturPosition *position,
                           CaturSide            side)
{
  if (position == NULL || BQ_CONST (position)->first_colour < 0)
    return side == CATUR_SIDE_FIRST ? "first" : "second";
  return bq_colour_of_seat (BQ_CONST (position), side) == BQ_RED ? "red" : "black";
}

/* 4 files × 8 ranks as RULES B1 numbers them, drawn upright: the shell turns the board to lie
 * 8 wide in a wide window (ROTATE_TO_FIT). */
static void
banqi_variant_get_geometry (CaturVariant  *variant,
                            CaturGeometry *geometry)
{
  geometry->files = BQ_FILES;
  geometry->ranks = BQ_RANKS;
  geometry->on_points = FALSE;
  geometry->has_hands = FALSE;
  geometry->has_hidden = TRUE;
}

/* A take-back would show what lay face down; the rules know no draw by agreement; the long
 * board fits a wide window best lying down. */
static CaturVariantFlags
banqi_variant_get_flags (CaturVariant *variant)
{
  return CATUR_VARIANT_NO_TAKE_BACKS | CATUR_VARIANT_NO_DRAW_OFFERS
         | CATUR_VARIANT_ROTATE_TO_FIT;
}

/* RULES T4 and B12: the draws Banqi has come from its rules alone. */
static char *
banqi_variant_describe_no_draw_offers (CaturVariant *variant)
{
  return g_strdup (_("Banqi games end when a player has no piece or no move left, by "
                     "resignation, or in a draw after too many moves without a flip or a capture; "
                     "there are no draw offers"));
}

static const char *
banqi_variant_get_settings_schema_id (CaturVariant *variant)
{
  return SETTINGS_SCHEMA_ID;
}

/* The pieces are Xiangqi's drawings (the Soldier is its Pawn); the back is Banqi's own. */
static const char *
banqi_variant_get_piece_image (CaturVariant     *variant,
                               const CaturPiece *piece)
{
  static const char * const images[BQ_N_KINDS] = {
    NULL, "red-general.svg", "red-advisor.svg", "red-elephant.svg", "red-chariot.svg",
    "red-horse.svg", "red-cannon.svg", "red-pawn.svg", "black-general.svg",
    "black-advisor.svg", "black-elephant.svg", "black-chariot.svg", "black-horse.svg",
    "black-cannon.svg", "black-pawn.svg",
  };

  if (piece->flags & CATUR_PIECE_FACE_DOWN)
    return "back.svg";
  return piece->kind < BQ_N_KINDS ? images[piece->kind] : NULL;
}

static char *
banqi_variant_get_piece_name (CaturVariant     *variant,
                              const CaturPiece *piece)
{
  if (piece->flags & CATUR_PIECE_FACE_DOWN)
    return g_strdup (_("Face-down piece"));
  if (piece->kind == BQ_NO_KIND || piece->kind >= BQ_N_KINDS)
    return g_strdup (_("Piece"));
  return g_strdup (bq_kind_name (piece->kind));
}

static char *
banqi_variant_get_piece_letter (CaturVariant     *variant,
                                const CaturPiece *piece)
{
  if (piece->flags & CATUR_PIECE_FACE_DOWN)
    return g_strdup ("X");
  if (piece->kind == BQ_NO_KIND || piece->kind >= BQ_N_KINDS)
    return g_strdup ("");
  return g_strndup (&BQ_LETTERS[piece->kind], 1);
}

static void
banqi_variant_square_name (CaturVariant *variant,
                           CaturSquare   square,
                           char          name[8])
{
  bq_square_name (square, name);
}

/* Positions, the deal and observations */

static BanqiPosition *
banqi_position_new (void)
{
  return g_new0 (BanqiPosition, 1);
}

/* The new game's options: the turn time limit (seed §5) and the rule variants of B12, each
 * off by default. A variant's option is "off" or "on"; the position keeps the rules. */

#define N_RULE_OPTIONS 4

static const char * const rule_option_ids[] = BANQI_RULE_OPTION_IDS;
static const BqRules rule_option_rules[N_RULE_OPTIONS] = {
  BQ_RULE_OLYMPIAD, BQ_RULE_CHARIOT_SLIDE, BQ_RULE_CHAIN, BQ_RULE_HONG_KONG,
};

static const CaturSetupOption *
banqi_variant_get_setup_options (CaturVariant *variant,
                                 guint        *n_options)
{
  static CaturSetupChoice choices[N_RULE_OPTIONS][2];
  static CaturSetupOption options[1 + N_RULE_OPTIONS];
  static gsize initialized = 0;

  /* Translated once, in the language of the first call. */
  if (g_once_init_enter (&initialized))
    {
      const char *labels[N_RULE_OPTIONS] = {
        _("Olympiad Draw Rule"), _("Sliding Chariot"), _("Chain Captures"),
        _("Hong Kong Ranks"),
      };
      const char *descriptions[N_RULE_OPTIONS] = {
        _("A draw after 180 plies without a flip or a capture, or when a position comes "
          "three times"),
        _("The Chariot moves and captures along any number of empty squares"),
        _("After a capture the same piece may capture again in the same turn"),
        _("The Chariot ranks second, under the General"),
      };

      options[0] = *catur_setup_option_move_time ();
      for (guint i = 0; i < N_RULE_OPTIONS; i++)
        {
          choices[i][0] = (CaturSetupChoice) { "off", C_("rule variant", "Off") };
          choices[i][1] = (CaturSetupChoice) { "on", C_("rule variant", "On") };
          options[1 + i] = (CaturSetupOption) { rule_option_ids[i], labels[i],
                                                descriptions[i], choices[i], 2, NULL };
        }
      g_once_init_leave (&initialized, 1);
    }
  *n_options = G_N_ELEMENTS (options);
  return options;
}

/* The rules a{sv} of options asks for (BqRules). */
static guint8
banqi_variant_rules_of_options (CaturVariant *variant,
                                GVariant     *options)
{
  guint n_options;
  const CaturSetupOption *declared = banqi_variant_get_setup_options (variant, &n_options);
  guint8 rules = 0;

  for (guint i = 0; i < N_RULE_OPTIONS; i++)
    if (g_str_equal (catur_setup_option_get_value (&declared[1 + i], options), "on"))
      rules |= rule_option_rules[i];
  return rules;
}

static void
banqi_variant_apply_options (CaturVariant  *variant,
                             CaturPosition *position,
                             GVariant      *options)
{
  ((BanqiPosition *) position)->move_time = catur_setup_option_get_move_time (options);
  BQ (position)->rules = banqi_variant_rules_of_options (variant, options);
}

static guint
banqi_variant_get_move_time (CaturVariant        *variant,
                             const CaturPosition *position)
{
  return ((const BanqiPosition *) position)->move_time;
}

static CaturPosition *
banqi_variant_new_position (CaturVariant *variant,
                            GVariant     *options,
                            guint64       seed)
{
  BanqiPosition *position = banqi_position_new ();

  bq_position_init_start (&position->core);
  bq_position_deal (&position->core, seed);
  banqi_variant_apply_options (variant, &position->parent, options);
  return &position->parent;
}

static CaturPosition *
banqi_variant_parse (CaturVariant  *variant,
                     const char    *text,
                     GError       **error)
{
  BanqiPosition *position = banqi_position_new ();
  g_autoptr(GError) local_error = NULL;

  if (!bq_position_from_bfen (&position->core, text, &local_error))
    {
      g_free (position);
      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION,
                           local_error->message);
      return NULL;
    }
  return &position->parent;
}

static char *
banqi_variant_format (CaturVariant        *variant,
                      const CaturPosition *position)
{
  return bq_position_to_bfen (BQ_CONST (position));
}

static CaturPosition *
banqi_variant_position_copy (CaturVariant        *variant,
                             const CaturPosition *position)
{
  return g_memdup2 (position, sizeof (BanqiPosition));
}

static void
banqi_variant_position_free (CaturVariant  *variant,
                             CaturPosition *position)
{
  g_free (position);
}

static CaturPosition *
banqi_variant_observe (CaturVariant        *variant,
                       const CaturPosition *position)
{
  BanqiPosition *observation = g_memdup2 (position, sizeof (BanqiPosition));

  bq_position_observe (&observation->core);
  return &observation->parent;
}

static void
banqi_variant_deal_hidden (CaturVariant  *variant,
                           CaturPosition *position,
                           guint64        seed)
{
  bq_position_deal (BQ (position), seed);
}

static char *
banqi_variant_format_hidden (CaturVariant        *variant,
                             const CaturPosition *position)
{
  return bq_format_hidden (BQ_CONST (position));
}

static gboolean
banqi_variant_restore_hidden (CaturVariant   *variant,
                              CaturPosition  *position,
                              const char     *text,
                              GError        **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!bq_restore_hidden (BQ (position), text, &local_error))
    {
      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION,
                           local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* Inspection */

static CaturSide
banqi_variant_side_to_move (CaturVariant        *variant,
                            const CaturPosition *position)
{
  return BQ_CONST (position)->side == 0 ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
}

/* libcatur clears the kind of a face-down piece before anyone sees it. */
static gboolean
banqi_variant_piece_at (CaturVariant        *variant,
                        const CaturPosition *position,
                        CaturSquare          square,
                        CaturPiece          *piece)
{
  const BqPosition *pos = BQ_CONST (position);
  guint8 cell = square < BQ_SQUARES ? pos->cell[square] : 0;
  int seat;

  if (cell == 0)
    return FALSE;
  piece->kind = BQ_CELL_KIND (cell);
  seat = piece->kind != BQ_NO_KIND ? bq_seat_of_colour (pos, BQ_KIND_COLOUR (piece->kind)) : -1;
  piece->side = seat < 0 ? CATUR_SIDE_NONE : (CaturSide) seat;
  piece->flags = BQ_IS_FACE_DOWN (cell) ? CATUR_PIECE_FACE_DOWN : 0;
  return TRUE;
}

/* Rules */

static CaturMove
to_catur_move (const BqMove *move)
{
  CaturMove result = { move->from, move->to, 0, 0 };

  if (move->from == BQ_STOP)
    result = (CaturMove) { CATUR_SQUARE_NONE, CATUR_SQUARE_NONE, 0, CATUR_MOVE_DECLARE };
  else if (move->flip)
    {
      result.flags = CATUR_MOVE_FLIP;
      result.piece = move->piece;
      if (move->piece != BQ_NO_KIND && BQ_KIND_COLOUR (move->piece) == BQ_BLACK)
        result.flags |= CATUR_MOVE_REVEALS_SECOND;
    }
  return result;
}

/* The contract's move as the core's, or FALSE when it is none of Banqi's. A flip's piece is
 * read as a rank, its colour from REVEALS_SECOND, as the contract says. */
static gboolean
from_catur_move (const CaturMove *move,
                 BqMove          *out)
{
  if (move->flags == CATUR_MOVE_DECLARE && move->piece == 0)
    {
      *out = (BqMove) { BQ_STOP, BQ_STOP, FALSE, 0 };
      return TRUE;
    }
  if (move->from >= BQ_SQUARES || move->to >= BQ_SQUARES
      || (move->flags & ~(CATUR_MOVE_FLIP | CATUR_MOVE_REVEALS_SECOND)) != 0)
    return FALSE;
  out->from = move->from;
  out->to = move->to;
  out->flip = (move->flags & CATUR_MOVE_FLIP) != 0;
  out->piece = 0;
  if (out->flip && move->piece != BQ_NO_KIND && move->piece < BQ_N_KINDS)
    out->piece = BQ_KIND (BQ_KIND_RANK (move->piece),
                          (move->flags & CATUR_MOVE_REVEALS_SECOND) ? BQ_BLACK : BQ_RED);
  return out->flip ? out->from == out->to : move->piece == 0;
}

static guint
banqi_variant_legal_moves (CaturVariant        *variant,
                           const CaturPosition *position,
                           GArray              *moves)
{
  BqMove list[BQ_MAX_MOVES];
  int n = bq_legal_moves (BQ_CONST (position), list);

  for (int i = 0; i < n; i++)
    {
      CaturMove move = to_catur_move (&list[i]);

      g_array_append_val (moves, move);
    }
  return n;
}

static guint64
banqi_variant_perft (CaturVariant        *variant,
                     const CaturPosition *position,
                     guint                depth)
{
  return bq_perft (BQ_CONST (position), depth);
}

static char *
explain_illegal (const BqPosition    *pos,
                 guint                from,
                 guint                to,
                 const BqExplanation *why,
                 const char         **reason_id)
{
  char origin[8], target[8];
  const char *mover = bq_kind_name (why->mover);
  const char *victim = bq_kind_name (why->target);

  bq_square_name (from, origin);
  bq_square_name (to, target);
  switch (why->reason)
    {
    case BQ_ILLEGAL_GAME_OVER:
      *reason_id = "game-over";
      return g_strdup (_("The game is over."));
    case BQ_ILLEGAL_OFF_BOARD:
      *reason_id = "piece-movement";
      return g_strdup (_("No piece of Banqi moves like that."));
    case BQ_ILLEGAL_EMPTY_SQUARE:
      *reason_id = "empty-square";
      return g_strdup_printf (_("There is no piece on %s."), origin);
    case BQ_ILLEGAL_FACE_UP:
      *reason_id = "face-up";
      /* Translators: "The Red Horse on b3 is face up already." */
      return g_strdup_printf (_("The %s on %s is face up already."), mover, origin);
    case BQ_ILLEGAL_FACE_DOWN_MOVES:
      *reason_id = "face-down";
      return g_strdup_printf (_("The piece on %s is face down, and a face-down piece cannot "
                                "move: turn it over first."), origin);
    case BQ_ILLEGAL_NOT_OWN_PIECE:
      *reason_id = "not-own-piece";
      /* Translators: "The Black Horse on b3 is not yours: you play Red." */
      return g_strdup_printf (_("The %s on %s is not yours: you play %s."), mover, origin,
                              colour_name (bq_colour_to_move (pos)));
    case BQ_ILLEGAL_DIAGONAL:
      *reason_id = "piece-movement";
      /* Translators: "The Red Horse moves along a file or a rank, never diagonally." */
      return g_strdup_printf (_("The %s moves along a file or a rank, never diagonally."), mover);
    case BQ_ILLEGAL_TOO_FAR:
      *reason_id = "piece-movement";
      if (BQ_KIND_RANK (why->mover) == BQ_CANNON)
        return g_strdup_printf (_("The %s moves only one square at a time; it jumps only to "
                                  "capture."), mover);
      /* Translators: "The Red Horse moves only one square at a time." */
      return g_strdup_printf (_("The %s moves only one square at a time."), mover);
    case BQ_ILLEGAL_OWN_PIECE:
      *reason_id = "own-piece";
      /* Translators: "Your own Red Soldier stands on b4." */
      return g_strdup_printf (_("Your own %s stands on %s."), victim, target);
    case BQ_ILLEGAL_CAPTURE_FACE_DOWN:
      *reason_id = "face-down";
      return g_strdup_printf (_("The piece on %s is face down, and a face-down piece cannot be "
                                "captured."), target);
    case BQ_ILLEGAL_RANK:
      *reason_id = "rank";
      /* Translators: "The Red Horse cannot take the Black Chariot: the Chariot ranks higher
       * than the Horse." */
      return g_strdup_printf (_("The %s cannot take the %s: the %s ranks higher than the %s."),
                              mover, victim, bq_rank_name (BQ_KIND_RANK (why->target)),
                              bq_rank_name (BQ_KIND_RANK (why->mover)));
    case BQ_ILLEGAL_GENERAL_SOLDIER:
      *reason_id = "general-soldier";
      /* Translators: "The Red General cannot take the Black Soldier: the General never takes a
       * Soldier." */
      return g_strdup_printf (_("The %s cannot take the %s: the General never takes a Soldier."),
                              mover, victim);
    case BQ_ILLEGAL_CANNON_NEIGHBOUR:
      *reason_id = "cannon-adjacent";
      /* Translators: "The Red Cannon cannot take the Black Horse next to it: a Cannon captures
       * only by jumping over one piece." */
      return g_strdup_printf (_("The %s cannot take the %s next to it: a Cannon captures only "
                                "by jumping over one piece."), mover, victim);
    case BQ_ILLEGAL_CANNON_SCREEN:
      *reason_id = "cannon-screen";
      if (why->screens == 0)
        return g_strdup_printf (_("The %s captures only by jumping over exactly one piece, and "
                                  "there is none between %s and %s."), mover, origin, target);
      return g_strdup_printf (ngettext ("The %s captures only by jumping over exactly one "
                                        "piece, but there is %u between %s and %s.",
                                        "The %s captures only by jumping over exactly one "
                                        "piece, but there are %u between %s and %s.",
                                        why->screens),
                              mover, why->screens, origin, target);
    case BQ_ILLEGAL_SLIDE_OFF:
      *reason_id = "piece-movement";
      /* Translators: "The Red Chariot moves only one square at a time: the sliding Chariot is
       * not a rule of this game." */
      return g_strdup_printf (_("The %s moves only one square at a time: the sliding Chariot is "
                                "not a rule of this game."), mover);
    case BQ_ILLEGAL_SLIDE_BLOCKED:
      *reason_id = "piece-movement";
      return g_strdup_printf (ngettext ("The %s slides only over empty squares, but %u piece "
                                        "stands between %s and %s.",
                                        "The %s slides only over empty squares, but %u pieces "
                                        "stand between %s and %s.",
                                        why->screens),
                              mover, why->screens, origin, target);
    case BQ_ILLEGAL_CHAIN_OTHER:
      {
        char chain[8];

        *reason_id = "chain-capture";
        bq_square_name (pos->chain - 1, chain);
        /* Translators: "Only the Red Horse on b3 may go on capturing; or end the turn." */
        return g_strdup_printf (_("Only the %s on %s may go on capturing; or end the turn."),
                                bq_kind_name (why->target), chain);
      }
    case BQ_ILLEGAL_CHAIN_NOT_CAPTURE:
      *reason_id = "chain-capture";
      /* Translators: "The Red Horse may only capture again now; or end the turn." */
      return g_strdup_printf (_("The %s may only capture again now; or end the turn."), mover);
    case BQ_LEGAL:
    default:
      return NULL;
    }
}

static char *
banqi_variant_explain (CaturVariant        *variant,
                       const CaturPosition *position,
                       const CaturMove     *move,
                       const char         **reason_id)
{
  const BqPosition *pos = BQ_CONST (position);
  BqExplanation why;
  guint to = move->to == CATUR_SQUARE_NONE ? G_MAXUINT : move->to;
  gboolean flip = (move->flags & CATUR_MOVE_FLIP) != 0;

  if (move->flags & CATUR_MOVE_DECLARE)
    {
      if (pos->chain != 0 && move->piece == 0 && !bq_game_over (pos))
        return NULL;
      *reason_id = "chain-capture";
      return g_strdup (_("There is no chain of captures to end."));
    }
  if (move->from >= BQ_SQUARES || (to != G_MAXUINT && to >= BQ_SQUARES)
      || (move->flags & ~(CATUR_MOVE_FLIP | CATUR_MOVE_REVEALS_SECOND)) != 0
      || (!flip && move->piece != 0))
    {
      *reason_id = "piece-movement";
      return g_strdup (_("No piece of Banqi moves like that."));
    }
  if (bq_explain (pos, move->from, to, flip, &why) == BQ_LEGAL)
    return NULL;
  return explain_illegal (pos, move->from, to, &why, reason_id);
}

/* A flip comes back completed with what it revealed, so that a record replays it. */
static void
banqi_variant_play (CaturVariant  *variant,
                    CaturPosition *position,
                    CaturMove     *move)
{
  BqMove bq;
  guint8 revealed;

  if (!from_catur_move (move, &bq))
    g_return_if_reached ();
  revealed = bq_play (BQ (position), &bq);
  if (bq.flip && revealed != BQ_NO_KIND)
    {
      bq.piece = revealed;
      *move = to_catur_move (&bq);
    }
}

/* The key of what the players see (an observation: libcatur hands one), the engine's own
 * hash: the game's record of positions then lets the computer see a position coming back.
 * Only the Olympiad rule (B12) counts repetitions in status(). */
static guint64
banqi_variant_position_key (CaturVariant        *variant,
                            const CaturPosition *position)
{
  return bq_engine_key (BQ_CONST (position));
}

static void
banqi_variant_status (CaturVariant          *variant,
                      const CaturPosition   *position,
                      const CaturRepetition *history,
                      CaturOutcome          *outcome)
{
  const BqPosition *pos = BQ_CONST (position);
  BqStatus status;

  bq_status (pos, &status);
  /* The Olympiad rule's threefold repetition (B12): of the position with its side to move,
   * which the key holds. */
  if (status.result == BQ_ONGOING && (pos->rules & BQ_RULE_OLYMPIAD) && history != NULL
      && catur_repetition_get_length (history) > 0
      && catur_repetition_count (history, catur_repetition_get_length (history) - 1) >= 3)
    {
      outcome->result = CATUR_RESULT_DRAW;
      outcome->reason = CATUR_REASON_REPETITION;
      return;
    }
  switch (status.result)
    {
    case BQ_WIN_CAPTURE_ALL:
      outcome->result = CATUR_RESULT_WIN;
      outcome->winner = status.winner == 0 ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
      outcome->reason = CATUR_REASON_CAPTURE_ALL;
      break;
    case BQ_WIN_NO_MOVES:
      outcome->result = CATUR_RESULT_WIN;
      outcome->winner = status.winner == 0 ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
      outcome->reason = CATUR_REASON_NO_MOVES;
      break;
    case BQ_DRAW_QUIET:
      outcome->result = CATUR_RESULT_DRAW;
      outcome->reason = CATUR_REASON_NO_CAPTURE_LIMIT;
      break;
    case BQ_ONGOING:
    default:
      break;
    }
}

/* The side panel: what still lies face down, what each player took, the quiet counter. */
static GPtrArray *
banqi_variant_list_trays (CaturVariant        *variant,
                          const CaturPosition *position)
{
  const BqPosition *pos = BQ_CONST (position);
  GPtrArray *trays = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_tray_free);
  CaturTray *unrevealed = catur_tray_new ("unrevealed", _("Not yet revealed"), CATUR_SIDE_NONE);
  guint8 captured[BQ_N_KINDS];

  bq_captured (pos, captured);
  for (int colour = BQ_RED; colour <= BQ_BLACK; colour++)
    for (int rank = 0; rank < BQ_N_RANKS; rank++)
      {
        guint8 kind = BQ_KIND (rank, colour);
        int seat = bq_seat_of_colour (pos, colour);
        CaturPiece piece = { kind, seat < 0 ? CATUR_SIDE_NONE : seat, 0 };

        /* Every kind keeps its place, none left or not: the others stay where they were. */
        catur_tray_keep (unrevealed, &piece, pos->pool[kind]);
      }
  g_ptr_array_add (trays, unrevealed);

  for (CaturSide seat = CATUR_SIDE_FIRST; seat <= CATUR_SIDE_SECOND; seat++)
    {
      g_autofree char *title = NULL;
      CaturTray *tray;
      int enemy;

      /* Before the first flip no seat has a colour, nor anything taken: "Taken by Second
       * player" above the other player's side of the board read as a colour or a person it
       * is not. */
      if (pos->first_colour < 0)
        /* Translators: the title of a tray of captured pieces before the players have colours */
        title = g_strdup (C_("tray title", "Captured"));
      else
        /* Translators: the pieces a player captured, "Taken by Red" */
        title = g_strdup_printf (_("Taken by %s"),
                                 banqi_variant_get_side_name (variant, position, seat));
      tray = catur_tray_new (seat == CATUR_SIDE_FIRST ? "taken-first" : "taken-second", title,
                             seat);
      enemy = pos->first_colour < 0 ? -1 : 1 - bq_colour_of_seat (pos, seat);

      for (int rank = 0; rank < BQ_N_RANKS && enemy >= 0; rank++)
        {
          CaturPiece piece = { BQ_KIND (rank, enemy), catur_side_other (seat), 0 };

          catur_tray_add (tray, &piece, captured[piece.kind]);
        }
      g_ptr_array_add (trays, tray);
    }
  return trays;
}

static GPtrArray *
banqi_variant_list_counters (CaturVariant        *variant,
                             const CaturPosition *position)
{
  GPtrArray *counters = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_counter_free);

  g_ptr_array_add (counters,
                   catur_counter_new ("quiet", _("Moves without a flip or a capture"),
                                      BQ_CONST (position)->quiet,
                                      bq_quiet_limit (BQ_CONST (position))));
  return counters;
}

/* The turn time limit's automatic action */

/* How many face-up pieces, of either colour, stand next to @square. */
static int
face_up_neighbours (const BqPosition *pos,
                    int               square)
{
  int file = square % BQ_FILES, rank = square / BQ_FILES, count = 0;

  count += file > 0 && BQ_IS_FACE_UP (pos->cell[square - 1]);
  count += file < BQ_FILES - 1 && BQ_IS_FACE_UP (pos->cell[square + 1]);
  count += rank > 0 && BQ_IS_FACE_UP (pos->cell[square - BQ_FILES]);
  count += rank < BQ_RANKS - 1 && BQ_IS_FACE_UP (pos->cell[square + BQ_FILES]);
  return count;
}

/* The action played for a player out of time, chosen from @pos, an observation (so the choice
 * can tell nothing of the layout; the flip is dealt when it is played, like any flip):
 * the capture of the opponent's highest-ranking piece (the first such capture in the order
 * of the legal actions); else the flip of the face-down piece with the fewest face-up
 * neighbours, the one farthest from the fighting (the lowest square first: a1, b1 … d8);
 * else, with nothing to capture or flip, the first step. */
static gboolean
time_out_action (const BqPosition *pos,
                 BqMove           *chosen)
{
  BqMove list[BQ_MAX_MOVES];
  int n = bq_legal_moves (pos, list);
  int best_capture = -1, best_flip = -1, first_step = -1;

  for (int i = 0; i < n; i++)
    {
      const BqMove *move = &list[i];

      if (move->flip)
        {
          if (best_flip < 0 || face_up_neighbours (pos, move->from)
                               < face_up_neighbours (pos, list[best_flip].from)
              || (face_up_neighbours (pos, move->from)
                  == face_up_neighbours (pos, list[best_flip].from)
                  && move->from < list[best_flip].from))
            best_flip = i;
        }
      else if (move->to < BQ_SQUARES && pos->cell[move->to] != 0)
        {
          if (best_capture < 0
              || bq_rank_order (pos->rules, BQ_KIND_RANK (BQ_CELL_KIND (pos->cell[move->to])))
                 < bq_rank_order (pos->rules,
                                  BQ_KIND_RANK (BQ_CELL_KIND (pos->cell[list[best_capture].to]))))
            best_capture = i;
        }
      else if (first_step < 0)
        first_step = i;
    }
  if (best_capture >= 0)
    *chosen = list[best_capture];
  else if (best_flip >= 0)
    *chosen = list[best_flip];
  else if (first_step >= 0)
    *chosen = list[first_step];
  else
    return FALSE;
  return TRUE;
}

/* A time-out plays the action above for the player; the second in a row loses (seed §5). */
static gboolean
banqi_variant_time_out (CaturVariant          *variant,
                        const CaturPosition   *position,
                        const CaturRepetition *history,
                        guint                  time_outs,
                        CaturMove             *move,
                        CaturOutcome          *outcome)
{
  BqMove chosen;

  if (time_outs < 2 && time_out_action (BQ_CONST (position), &chosen))
    {
      chosen.piece = BQ_NO_KIND;
      *move = to_catur_move (&chosen);
      return TRUE;
    }
  outcome->result = CATUR_RESULT_WIN;
  outcome->winner = catur_side_other (banqi_variant_side_to_move (variant, position));
  outcome->reason = CATUR_REASON_TIME_OUT;
  return FALSE;
}

/* Notation */

static const CaturNotationInfo *
banqi_variant_list_notations (CaturVariant *variant,
                              guint        *n_notations)
{
  static CaturNotationInfo notations[2];
  static gsize initialized = 0;

  /* The names are translated once, in the language of the first call. */
  if (g_once_init_enter (&initialized))
    {
      const CaturNotationInfo init[] = {
        /* Translators: Banqi's usual move notation */
        { NOTATION_STANDARD, _("Standard"),
          /* Translators: how the moves look; keep the moves as they are */
          _("b3(K) for a flip that shows a Red General, b3-b4 for a step, b3xb4 for a capture"),
          0 },
        { NOTATION_COORDINATE, _("Coordinates"),
          /* Translators: how the moves look; keep the moves as they are */
          _("The squares alone, as engines write them: b3=K, b3b4"),
          CATUR_NOTATION_COORDINATE },
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (init) == G_N_ELEMENTS (notations));
      memcpy (notations, init, sizeof notations);
      g_once_init_leave (&initialized, 1);
    }
  *n_notations = G_N_ELEMENTS (notations);
  return notations;
}

/* The stop in the player's language, as the move list shows it; files and engines keep the
 * notation's own `stop`, and both read. */
static const char *
stop_word (void)
{
  /* Translators: the move that ends a chain of captures, as the move list shows it after them
   * ("a1xb1 b1xc1 stop"); one short word */
  return C_("banqi move", "stop");
}

/* @position is an observation: only a completed flip, which carries its piece, says what it
 * revealed. */
static char *
banqi_variant_format_move (CaturVariant        *variant,
                           const CaturPosition *position,
                           const CaturMove     *move,
                           const char          *notation_id)
{
  BqMove bq;

  if (!from_catur_move (move, &bq))
    return g_strdup ("?");
  if (bq.from == BQ_STOP && !g_str_equal (notation_id, NOTATION_COORDINATE))
    return g_strdup (stop_word ());
  return bq_move_to_text (BQ_CONST (position), &bq, g_str_equal (notation_id,
                                                                 NOTATION_COORDINATE));
}

static gboolean
banqi_variant_parse_move (CaturVariant         *variant,
                          const CaturPosition  *position,
                          const char           *text,
                          CaturMove            *move,
                          GError              **error)
{
  const BqPosition *pos = BQ_CONST (position);
  g_autofree char *word = g_strstrip (g_strdup (text));
  g_autofree char *folded = g_utf8_casefold (word, -1);
  g_autofree char *stop = g_utf8_casefold (stop_word (), -1);
  BqMove bq;

  if (!bq_move_from_text (g_str_equal (folded, stop) ? BQ_STOP_TEXT : word, &bq))
    {
      g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
                   _("“%s” is not a Banqi move"), word);
      return FALSE;
    }
  if (bq.flip && bq.piece != BQ_NO_KIND && pos->pool[bq.piece] == 0)
    {
      /* Translators: "No Red Cannon lies face down any more" */
      g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
                   _("No %s lies face down any more"), bq_kind_name (bq.piece));
      return FALSE;
    }
  *move = to_catur_move (&bq);
  return TRUE;
}

static char *
banqi_variant_describe_outcome (CaturVariant        *variant,
                                const CaturPosition *position,
                                const CaturOutcome  *outcome)
{
  const char *loser = outcome->winner <= CATUR_SIDE_SECOND
                      ? banqi_variant_get_side_name (variant, position,
                                                     catur_side_other (outcome->winner))
                      : "";

  /* How, not who: the shell states the result above it. */
  switch (outcome->reason)
    {
    case CATUR_REASON_CAPTURE_ALL:
      /* Translators: %s is the side that lost every piece */
      return g_strdup_printf (_("Every piece of %s was captured"), loser);
    case CATUR_REASON_NO_MOVES:
      /* Translators: %s is the side that lost: no flip, step or capture was left to it */
      return g_strdup_printf (_("%s had no action left"), loser);
    case CATUR_REASON_NO_CAPTURE_LIMIT:
      if (BQ_CONST (position)->rules & BQ_RULE_OLYMPIAD)
        return g_strdup (_("180 plies without a flip or a capture"));
      return g_strdup (_("50 moves without a flip or a capture"));
    case CATUR_REASON_REPETITION:
      return g_strdup (_("The same position came three times"));
    case CATUR_REASON_RESIGN:
      return g_strdup_printf (_("%s resigned"), loser);
    case CATUR_REASON_TIME_OUT:
      /* Translators: %s is the side that lost on time */
      return g_strdup_printf (_("%s ran out of time twice in a row"), loser);
    default:
      return g_strdup ("");
    }
}

/* The menu item that ends a chain of captures (B12). */
static char *
banqi_variant_get_declaration_label (CaturVariant        *variant,
                                     const CaturPosition *position,
                                     const CaturMove     *move)
{
  return g_strdup (_("End the Turn"));
}

/* Records */

static const char * const pgn_extensions[] = { "pgn", NULL };
static const char * const pgn_mime_types[] = { "application/x-chess-pgn", NULL };

static const CaturRecordFormat *
banqi_variant_list_record_formats (CaturVariant *variant,
                                   guint        *n_formats)
{
  static CaturRecordFormat formats[1];
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      formats[0] = (CaturRecordFormat) {
        "pgn", _("Banqi game (PGN)"), pgn_extensions, pgn_mime_types,
        CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE,
      };
      g_once_init_leave (&initialized, 1);
    }
  *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

static CaturRecord *
banqi_variant_read_record (CaturVariant  *variant,
                           const char    *format_id,
                           const char    *data,
                           gsize          length,
                           GError       **error)
{
  return bq_pgn_read (variant, data, length, error);
}

static GPtrArray *
banqi_variant_read_records (CaturVariant  *variant,
                            const char    *format_id,
                            const char    *data,
                            gsize          length,
                            GError       **error)
{
  return bq_pgn_read_games (variant, data, length, error);
}

/* The coach's material: the search's worth of each rank. */
static int
banqi_variant_get_piece_value (CaturVariant     *variant,
                               const CaturPiece *piece)
{
  if (piece->kind == BQ_NO_KIND || piece->kind >= BQ_N_KINDS)
    return 0;
  return bq_engine_rank_value (BQ_KIND_RANK (piece->kind));
}

/* A Banqi Soldier is worth 45 and a General 650: a loss of a Horse is already a mistake. */
static void
banqi_variant_get_judge_thresholds (CaturVariant         *variant,
                                    CaturJudgeThresholds *thresholds)
{
  thresholds->inaccuracy = 40;
  thresholds->mistake = 100;
  thresholds->blunder = 250;
}

/* The pool, which both players know: what a flip may turn up. */
static void
banqi_variant_list_hidden (CaturVariant        *variant,
                           const CaturPosition *position,
                           GArray              *items)
{
  const BqPosition *pos = BQ_CONST (position);

  for (guint8 kind = 1; kind < BQ_N_KINDS; kind++)
    if (pos->pool[kind] > 0)
      {
        CaturHiddenPiece item = {
          kind, BQ_KIND_COLOUR (kind) == BQ_BLACK ? CATUR_MOVE_REVEALS_SECOND : 0,
          pos->pool[kind],
        };

        g_array_append_val (items, item);
      }
}

/* Banqi has no null move of its own: the seat to move changes, unless a chain of captures is
 * under way (that turn is not over). */
static gboolean
banqi_variant_pass_turn (CaturVariant  *variant,
                         CaturPosition *position)
{
  BqPosition *pos = BQ (position);

  if (pos->chain != 0)
    return FALSE;
  pos->side ^= 1;
  return TRUE;
}

static guint
banqi_variant_score_record (CaturVariant *variant,
                            const char   *format_id,
                            const char   *data,
                            gsize         length)
{
  return catur_pgn_score (variant, bq_pgn_get_dialect (), data, length, NULL);
}

static char *
banqi_variant_write_record (CaturVariant  *variant,
                            const char    *format_id,
                            CaturRecord   *record,
                            GError       **error)
{
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      BqMove move;

      if (!from_catur_move (catur_record_get_move (record, i), &move))
        {
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                       _("Move %u is no Banqi move"), i + 1);
          return NULL;
        }
    }
  return bq_pgn_write (record);
}

/* Looks */

static void
banqi_variant_draw_board_themed (CaturVariant           *variant,
                                 cairo_t                *cr,
                                 const CaturBoardLayout *layout,
                                 const char             *board_theme,
                                 gboolean                dark)
{
  banqi_board_draw (cr, layout, board_theme, dark);
}

/* The names and descriptions in themes/<theme>/theme.ini, marked here for translation:
 * catur_theme_info_load() looks them up in the "catur" domain. */
static const char * const theme_strings[] G_GNUC_UNUSED = {
  N_("Classic"),
  N_("Xiangqi’s wooden discs with characters, and a carved back"),
  N_("International"),
  N_("Xiangqi’s discs with pictures, and a plain back"),
};

static GPtrArray *
banqi_variant_list_piece_themes (CaturVariant *variant)
{
  GPtrArray *themes = catur_theme_list_folder ("resource://" THEMES_RESOURCE, GETTEXT_PACKAGE,
                                               FALSE);

  catur_theme_list_sort (themes, BANQI_DEFAULT_PIECE_THEME);
  return themes;
}

static GPtrArray *
banqi_variant_list_board_themes (CaturVariant *variant)
{
  GPtrArray *themes = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_theme_info_free);

  g_ptr_array_add (themes, catur_theme_info_new (BANQI_BOARD_THEME_WOOD,
                                                 /* Translators: a board theme */
                                                 _("Wood"),
                                                 _("Light wood squares; dark wood in the dark "
                                                   "style"),
                                                 NULL, NULL));
  g_ptr_array_add (themes, catur_theme_info_new (BANQI_BOARD_THEME_SLATE,
                                                 /* Translators: a board theme */
                                                 _("Slate"),
                                                 _("Grey stone squares, pale in the light style "
                                                   "and dark in the dark style"),
                                                 NULL, NULL));
  return themes;
}

/* The computer */

static gboolean
banqi_variant_think (CaturVariant             *variant,
                     CaturPosition            *position,
                     const CaturSearchLimits  *limits,
                     CaturSearchInfoFunc       info_func,
                     gpointer                  info_data,
                     GCancellable             *cancellable,
                     CaturSearchResult        *result,
                     GError                  **error)
{
  return bq_engine_think (BQ_CONST (position), limits, info_func, info_data, cancellable,
                          result);
}

/* The start, a middle game with cannons across face-down screens, and an ending. */
static const char * const bench_positions[] = {
  "XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX f KAAEERRHHCCPPPPPkaaeerrhhccppppp 0 0",
  "XXhX/XCXX/pXXX/XXkX/XAXX/XXXX/XPXc/XXXX r KAEERRHHCPPPPaaeerrhcpppp 0 8",
  "4/1k2/4/2C1/p3/1X2/3P/K2r r P 3 61",
  NULL,
};

static const char * const *
banqi_variant_get_bench_positions (CaturVariant *variant)
{
  return bench_positions;
}

/* No other program plays Banqi: each rung's score against the one below, at the rungs of
 * banqi-engine.c, from tests/bench/README.md, "The ladder of levels"; Candidate Master's from
 * both its runs against Expert (103 games). Master's was not measured: 0. */
static const int level_score[CATUR_N_LEVELS] = { 0, 78, 64, 63, 62, 65, 64, 0 };

static char *
banqi_variant_describe_level_strength (CaturVariant *variant,
                                       CaturLevel    level)
{
  if (level == CATUR_LEVEL_NEWCOMER || level_score[level] == 0)
    return NULL;
  return catur_level_describe_score (level_score[level], level - 1);
}

/* Every flip is a chance node over up to fourteen kinds: depth 5 searches seventy times
 * depth 4's nodes, close to a minute on this machine, depth 4 about a second. */
static guint
banqi_variant_get_bench_depth (CaturVariant *variant)
{
  return 4;
}

static void
banqi_variant_iface_init (CaturVariantInterface *iface)
{
  iface->get_id = banqi_variant_get_id;
  iface->get_name = banqi_variant_get_name;
  iface->get_description = banqi_variant_get_description;
  iface->get_icon_name = banqi_variant_get_icon_name;
  iface->get_side_name = banqi_variant_get_side_name;
  iface->get_side_id = banqi_variant_get_side_id;
  iface->get_geometry = banqi_variant_get_geometry;
  iface->get_flags = banqi_variant_get_flags;
  iface->describe_no_draw_offers = banqi_variant_describe_no_draw_offers;
  iface->get_settings_schema_id = banqi_variant_get_settings_schema_id;
  iface->get_piece_image = banqi_variant_get_piece_image;
  iface->get_piece_name = banqi_variant_get_piece_name;
  iface->get_piece_letter = banqi_variant_get_piece_letter;
  iface->square_name = banqi_variant_square_name;
  iface->new_position = banqi_variant_new_position;
  iface->parse = banqi_variant_parse;
  iface->format = banqi_variant_format;
  iface->position_copy = banqi_variant_position_copy;
  iface->position_free = banqi_variant_position_free;
  iface->side_to_move = banqi_variant_side_to_move;
  iface->piece_at = banqi_variant_piece_at;
  iface->legal_moves = banqi_variant_legal_moves;
  iface->perft = banqi_variant_perft;
  iface->explain = banqi_variant_explain;
  iface->play = banqi_variant_play;
  iface->position_key = banqi_variant_position_key;
  iface->status = banqi_variant_status;
  iface->list_notations = banqi_variant_list_notations;
  iface->format_move = banqi_variant_format_move;
  iface->parse_move = banqi_variant_parse_move;
  iface->describe_outcome = banqi_variant_describe_outcome;
  iface->get_declaration_label = banqi_variant_get_declaration_label;
  iface->list_record_formats = banqi_variant_list_record_formats;
  iface->read_record = banqi_variant_read_record;
  iface->score_record = banqi_variant_score_record;
  iface->get_piece_value = banqi_variant_get_piece_value;
  iface->get_judge_thresholds = banqi_variant_get_judge_thresholds;
  iface->list_hidden = banqi_variant_list_hidden;
  iface->pass_turn = banqi_variant_pass_turn;
  iface->read_records = banqi_variant_read_records;
  iface->write_record = banqi_variant_write_record;
  iface->format_hidden = banqi_variant_format_hidden;
  iface->restore_hidden = banqi_variant_restore_hidden;
  iface->observe = banqi_variant_observe;
  iface->deal_hidden = banqi_variant_deal_hidden;
  iface->list_trays = banqi_variant_list_trays;
  iface->list_counters = banqi_variant_list_counters;
  iface->draw_board_themed = banqi_variant_draw_board_themed;
  iface->list_piece_themes = banqi_variant_list_piece_themes;
  iface->list_board_themes = banqi_variant_list_board_themes;
  iface->get_setup_options = banqi_variant_get_setup_options;
  iface->apply_options = banqi_variant_apply_options;
  iface->get_move_time = banqi_variant_get_move_time;
  iface->time_out = banqi_variant_time_out;
  iface->think = banqi_variant_think;
  iface->get_bench_positions = banqi_variant_get_bench_positions;
  iface->describe_level_strength = banqi_variant_describe_level_strength;
  iface->get_bench_depth = banqi_variant_get_bench_depth;
  banqi_variant_setup_iface_init (iface);
}

static void
banqi_variant_class_init (BanqiVariantClass *klass)
{
}

static void
banqi_variant_class_finalize (BanqiVariantClass *klass)
{
}

static void
banqi_variant_init (BanqiVariant *self)
{
}

void
banqi_variant_register (GTypeModule *module)
{
  banqi_variant_register_type (module);
}
