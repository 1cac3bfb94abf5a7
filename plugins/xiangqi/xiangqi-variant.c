/* xiangqi-variant.c: Xiangqi behind the CaturVariant contract
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "xiangqi"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "xiangqi-core.h"
#include "xiangqi-pgn.h"
#include "xiangqi-xqf.h"
#include "xiangqi-engine.h"
#include "xiangqi-repetition.h"
#include "xiangqi-variant.h"

struct _XiangqiVariant
{
  GObject parent_instance;

  /* The new-game options (RULES X23), translated when the variant is made. */
  CaturSetupChoice voor_side_choices[3];
  CaturSetupChoice voor_pieces_choices[XQ_N_VOORS];
  CaturSetupOption setup_options[2];
};

#define SETTINGS_SCHEMA_ID "io.github.caturapp.Catur.xiangqi"
#define THEMES_RESOURCE "/io/github/caturapp/Catur/xiangqi/themes/"
#define XIANGQI_DEFAULT_PIECE_THEME "classic"
#define OPTION_VOOR_SIDE "voor-side"
#define OPTION_VOOR_HORSES "voor-horses"

static void xiangqi_variant_iface_init (CaturVariantInterface *iface);

G_DEFINE_DYNAMIC_TYPE_EXTENDED (XiangqiVariant, xiangqi_variant, G_TYPE_OBJECT,
                                G_TYPE_FLAG_FINAL,
                                G_IMPLEMENT_INTERFACE_DYNAMIC (CATUR_TYPE_VARIANT,
                                                               xiangqi_variant_iface_init))

/* WXF letters, indexed by XqKind. */
static const char piece_letters[] = XQ_WXF_LETTERS;

static const char * const kind_ids[] = {
  NULL, "general", "advisor", "elephant", "horse", "chariot", "cannon", "pawn",
};

/* Xiangqi's notices (RULES X16, X18, X20): their bits in CaturOutcome.notices. */
enum
{
  NOTICE_PERPETUAL_CHECK_WARNING = 1 << 0,
  NOTICE_REPETITION = 1 << 1,
  NOTICE_NO_CAPTURE = 1 << 2,
};

static const CaturNoticeInfo notices[] = {
  { NOTICE_PERPETUAL_CHECK_WARNING, "perpetual-check-warning",
    CATUR_NOTICE_WARNING | CATUR_NOTICE_ADDRESSED },
  { NOTICE_REPETITION, "repetition", CATUR_NOTICE_OFFERS_DRAW },
  { NOTICE_NO_CAPTURE, "no-capture", CATUR_NOTICE_OFFERS_DRAW },
};

#define NOTATION_WXF "wxf"
#define NOTATION_WXF_STRICT "wxf-strict"
#define NOTATION_ICCS "iccs"
#define NOTATION_CHINESE "chinese"

static const char *
piece_name (guint8 kind)
{
  switch (kind)
    {
    case XQ_KING: return _("General");
    case XQ_ADVISOR: return _("Advisor");
    case XQ_ELEPHANT: return _("Elephant");
    case XQ_HORSE: return _("Horse");
    case XQ_CHARIOT: return _("Chariot");
    case XQ_CANNON: return _("Cannon");
    case XQ_PAWN: return _("Pawn");
    default: return _("Piece");
    }
}

static const char *
side_name (int side)
{
  return side == XQ_RED ? _("Red") : _("Black");
}

static const char *
xiangqi_variant_get_id (CaturVariant *variant)
{
  return "xiangqi";
}

static const char *
xiangqi_variant_get_name (CaturVariant *variant)
{
  return _("Xiangqi");
}

static const char *
xiangqi_variant_get_description (CaturVariant *variant)
{
  return _("Chinese chess: generals in palaces, cannons that jump, a river between the armies");
}

static const char *
xiangqi_variant_get_icon_name (CaturVariant *variant)
{
  return "applications-games-symbolic";
}

/* Xiangqi's seats have their colours for good: the position is not needed. */
static const char *
xiangqi_variant_get_side_name (CaturVariant        *variant,
                               const CaturPosition *position,
                               CaturSide            side)
{
  return side_name (side == CATUR_SIDE_FIRST ? XQ_RED : XQ_BLACK);
}

static const char *
xiangqi_variant_get_side_id (CaturVariant        *variant,
                             const CaturPosition *position,
                             CaturSide            side)
{
  return side == CATUR_SIDE_FIRST ? "red" : "black";
}

static void
xiangqi_variant_get_geometry (CaturVariant  *variant,
                              CaturGeometry *geometry)
{
  geometry->files = XQ_FILES;
  geometry->ranks = XQ_RANKS;
  geometry->on_points = TRUE;
  geometry->has_hands = FALSE;
  geometry->has_hidden = FALSE;
}

static const char *
xiangqi_variant_get_piece_image (CaturVariant     *variant,
                                 const CaturPiece *piece)
{
  /* Interned once, so the names live as long as the process. */
  g_autofree char *name = NULL;

  if (piece->kind < XQ_KING || piece->kind > XQ_PAWN)
    return NULL;
  name = g_strdup_printf ("%s-%s.svg", piece->side == CATUR_SIDE_FIRST ? "red" : "black",
                          kind_ids[piece->kind]);
  return g_intern_string (name);
}

static char *
xiangqi_variant_get_piece_name (CaturVariant     *variant,
                                const CaturPiece *piece)
{
  return g_strdup (piece_name (piece->kind));
}

/* WXF letters are the same for both sides. */
static char *
xiangqi_variant_get_piece_letter (CaturVariant     *variant,
                                  const CaturPiece *piece)
{
  if (piece->kind < XQ_KING || piece->kind > XQ_PAWN)
    return g_strdup ("?");
  return g_strndup (&piece_letters[piece->kind], 1);
}

static void
xiangqi_variant_square_name (CaturVariant *variant,
                             CaturSquare   square,
                             char          name[8])
{
  if (square >= XQ_SQUARES)
    {
      g_strlcpy (name, "-", 8);
      return;
    }
  xq_square_name (square, name);
}

static XiangqiPosition *
xiangqi_position_new (void)
{
  return g_new0 (XiangqiPosition, 1);
}

static const char *
xiangqi_variant_get_settings_schema_id (CaturVariant *variant)
{
  return SETTINGS_SCHEMA_ID;
}

/* The clocks Xiangqi players usually play: 10+5, 15+10 and 30 minutes first. */
static const char * const *
xiangqi_variant_get_clock_presets (CaturVariant *variant)
{
  static const char * const presets[] = { "600+5", "900+10", "1800", "300+3", "1200+10", NULL };

  return presets;
}

static const CaturSetupOption *
xiangqi_variant_get_setup_options (CaturVariant *variant,
                                   guint        *n_options)
{
  XiangqiVariant *self = XIANGQI_VARIANT (variant);

  *n_options = G_N_ELEMENTS (self->setup_options);
  return self->setup_options;
}

/* The voor that @options ask for: the giver (-1 for none) and the pieces it gives. */
static void
read_voor (XiangqiVariant *self,
           GVariant       *options,
           int            *giver,
           XqVoor         *voor)
{
  const CaturSetupOption *pieces = &self->setup_options[1];
  const char *side = catur_setup_option_get_value (&self->setup_options[0], options);

  *giver = g_str_equal (side, "red") ? XQ_RED : g_str_equal (side, "black") ? XQ_BLACK : -1;
  /* The choices stand in XqVoor's order, and an unknown value reads as the first. */
  *voor = catur_setup_option_find_choice (pieces,
                                          catur_setup_option_get_value (pieces, options));
}

static CaturPosition *
xiangqi_variant_new_position (CaturVariant *variant,
                              GVariant     *options,
                              guint64       seed)
{
  XiangqiPosition *position = xiangqi_position_new ();
  int giver;
  XqVoor voor;

  read_voor (XIANGQI_VARIANT (variant), options, &giver, &voor);
  if (giver < 0)
    xq_position_init_start (&position->core);
  else
    xq_position_init_voor (&position->core, giver, voor);
  return &position->parent;
}

/* Whether @a and @b have the same pieces on the same points and the same side to move. */
static gboolean
same_placement (const XqPosition *a,
                const XqPosition *b)
{
  return a->side == b->side && memcmp (a->cell, b->cell, sizeof a->cell) == 0;
}

/* The start lines of the voor set-ups, by giver and pieces given. */
static const char * const start_names[2][XQ_N_VOORS] = {
  {
    [XQ_VOOR_HORSE] = N_("Red gives one horse"),
    [XQ_VOOR_TWO_HORSES] = N_("Red gives two horses"),
    [XQ_VOOR_CHARIOT] = N_("Red gives one chariot"),
    [XQ_VOOR_CANNON] = N_("Red gives one cannon"),
    [XQ_VOOR_CHARIOT_HORSE] = N_("Red gives a chariot and a horse"),
    [XQ_VOOR_CHARIOT_TWO_HORSES] = N_("Red gives two horses and a chariot"),
  },
  {
    [XQ_VOOR_HORSE] = N_("Black gives one horse"),
    [XQ_VOOR_TWO_HORSES] = N_("Black gives two horses"),
    [XQ_VOOR_CHARIOT] = N_("Black gives one chariot"),
    [XQ_VOOR_CANNON] = N_("Black gives one cannon"),
    [XQ_VOOR_CHARIOT_HORSE] = N_("Black gives a chariot and a horse"),
    [XQ_VOOR_CHARIOT_TWO_HORSES] = N_("Black gives two horses and a chariot"),
  },
};

static char *
xiangqi_variant_describe_start (CaturVariant        *variant,
                                const CaturPosition *position)
{
  const XqPosition *pos = XQ (position);
  g_autofree XqPosition *candidate = g_new0 (XqPosition, 1);

  xq_position_init_start (candidate);
  if (same_placement (pos, candidate))
    return NULL;

  for (int giver = XQ_RED; giver <= XQ_BLACK; giver++)
    for (XqVoor voor = 0; voor < XQ_N_VOORS; voor++)
      {
        xq_position_init_voor (candidate, giver, voor);
        if (same_placement (pos, candidate))
          return g_strdup (_(start_names[giver][voor]));
      }

  /* Translators: the start of a game that began from a position typed in or loaded */
  return g_strdup (_("Set-up position"));
}

static const CaturNoticeInfo *
xiangqi_variant_list_notices (CaturVariant *variant,
                              guint        *n_notices)
{
  *n_notices = G_N_ELEMENTS (notices);
  return notices;
}

static char *
xiangqi_variant_describe_notice (CaturVariant        *variant,
                                 const CaturPosition *position,
                                 const CaturOutcome  *outcome,
                                 guint                notice)
{
  switch (notice)
    {
    case NOTICE_PERPETUAL_CHECK_WARNING:
      /* Translators: a warning to Red or Black, who keeps giving check in a repeated position */
      return g_strdup_printf (_("%s: repeat once more and you lose by perpetual check"),
                              side_name (outcome->warned_side == CATUR_SIDE_FIRST
                                         ? XQ_RED : XQ_BLACK));
    case NOTICE_REPETITION:
      return g_strdup (_("Position repeated 3 times: you may offer a draw"));
    case NOTICE_NO_CAPTURE:
      return g_strdup (_("60 moves without a capture: you may offer a draw"));
    default:
      return NULL;
    }
}

static CaturPosition *
xiangqi_variant_parse (CaturVariant  *variant,
                       const char    *text,
                       GError       **error)
{
  XiangqiPosition *position = xiangqi_position_new ();
  g_autoptr(GError) local_error = NULL;

  if (!xq_position_from_fen (&position->core, text, &local_error))
    {
      g_free (position);
      g_set_error_literal (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION,
                           local_error->message);
      return NULL;
    }
  return &position->parent;
}

static char *
xiangqi_variant_format (CaturVariant        *variant,
                        const CaturPosition *position)
{
  return xq_position_to_fen (XQ (position));
}

static CaturPosition *
xiangqi_variant_position_copy (CaturVariant        *variant,
                               const CaturPosition *position)
{
  return (CaturPosition *) g_memdup2 (position, sizeof (XiangqiPosition));
}

static void
xiangqi_variant_position_free (CaturVariant  *variant,
                               CaturPosition *position)
{
  g_free (position);
}

static CaturSide
xiangqi_variant_side_to_move (CaturVariant        *variant,
                              const CaturPosition *position)
{
  return XQ (position)->side == XQ_RED ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
}

static gboolean
xiangqi_variant_piece_at (CaturVariant        *variant,
                          const CaturPosition *position,
                          CaturSquare          square,
                          CaturPiece          *piece)
{
  int side;
  int kind;

  if (square >= XQ_SQUARES)
    return FALSE;
  kind = xq_piece_at (XQ (position), square, &side);
  if (kind == XQ_NONE)
    return FALSE;
  piece->kind = kind;
  piece->side = side == XQ_RED ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
  piece->flags = 0;
  return TRUE;
}

static CaturMove
to_catur_move (XqMove move)
{
  CaturMove result = { move.from, move.to, 0, 0 };

  return result;
}

static gboolean
from_catur_move (const CaturMove *move,
                 XqMove          *out)
{
  if (move->from >= XQ_SQUARES || move->to >= XQ_SQUARES || move->flags != 0 || move->piece != 0)
    return FALSE;
  out->from = move->from;
  out->to = move->to;
  return TRUE;
}

static guint
xiangqi_variant_legal_moves (CaturVariant        *variant,
                             const CaturPosition *position,
                             GArray              *moves)
{
  XqMove list[XQ_MAX_MOVES];
  /* Generation makes and unmakes moves, leaving the position as it was. */
  int n = xq_legal_moves (XQ_MUTABLE (position), list);

  for (int i = 0; i < n; i++)
    {
      CaturMove move = to_catur_move (list[i]);

      g_array_append_val (moves, move);
    }
  return n;
}

static guint64
xiangqi_variant_perft (CaturVariant        *variant,
                       const CaturPosition *position,
                       guint                depth)
{
  return xq_perft (XQ_MUTABLE (position), depth);
}

static char *
explain_illegal (const XqPosition    *pos,
                 int                  from,
                 const XqExplanation *why,
                 const char         **reason_id)
{
  char at[8] = "";
  char origin[8] = "";
  int side = XQ_RED;
  int kind = xq_piece_at (pos, from, &side);
  int blocker_side = XQ_RED;
  int blocker = XQ_NONE;

  xq_square_name (from, origin);
  if (why->square >= 0)
    {
      xq_square_name (why->square, at);
      blocker = xq_piece_at (pos, why->square, &blocker_side);
    }

  switch (why->reason)
    {
    case XQ_ILLEGAL_EMPTY_SQUARE:
      *reason_id = "empty-square";
      return g_strdup_printf (_("There is no piece on %s."), origin);

    case XQ_ILLEGAL_NOT_OWN_PIECE:
      *reason_id = "not-own-piece";
      /* TRANSLATORS: "The Black Horse on b9 is not yours: it is Red’s turn." */
      return g_strdup_printf (_("The %s %s on %s is not yours: it is %s’s turn."),
                              side_name (side), piece_name (kind), origin,
                              side_name (pos->side));

    case XQ_ILLEGAL_OWN_PIECE:
      *reason_id = "own-piece";
      return g_strdup_printf (_("Your own %s stands on %s."), piece_name (blocker), at);

    case XQ_ILLEGAL_PIECE_MOVEMENT:
      *reason_id = "piece-movement";
      switch (kind)
        {
        case XQ_KING:
          return g_strdup (_("The General moves one point forwards, backwards or sideways."));
        case XQ_ADVISOR:
          return g_strdup (_("The Advisor moves one point diagonally."));
        case XQ_ELEPHANT:
          return g_strdup (_("The Elephant moves exactly two points diagonally."));
        case XQ_HORSE:
          return g_strdup (_("The Horse moves one point straight, "
                             "then one point diagonally outwards."));
        case XQ_CHARIOT:
          return g_strdup (_("The Chariot moves in a straight line along a file or rank."));
        case XQ_CANNON:
          return g_strdup (_("The Cannon moves in a straight line along a file or rank."));
        case XQ_PAWN:
          return g_strdup (_("The Pawn moves one point at a time."));
        default:
          return g_strdup (_("No piece moves like that."));
        }

    case XQ_ILLEGAL_BLOCKED_PATH:
      *reason_id = "blocked-path";
      return g_strdup_printf (_("The %s cannot jump over pieces: the %s on %s is in the way."),
                              piece_name (kind), piece_name (blocker), at);

    case XQ_ILLEGAL_PALACE:
      *reason_id = "palace";
      return g_strdup_printf (_("The %s may not leave the palace."), piece_name (kind));

    case XQ_ILLEGAL_ELEPHANT_EYE:
      *reason_id = "elephant-eye";
      return g_strdup_printf (_("The Elephant’s eye at %s is blocked by the %s there."),
                              at, piece_name (blocker));

    case XQ_ILLEGAL_ELEPHANT_RIVER:
      *reason_id = "elephant-river";
      return g_strdup (_("The Elephant may not cross the river."));

    case XQ_ILLEGAL_HORSE_LEG:
      *reason_id = "horse-leg";
      return g_strdup_printf (_("The Horse’s leg at %s is blocked by the %s there."),
                              at, piece_name (blocker));

    case XQ_ILLEGAL_CANNON_SCREEN:
      *reason_id = "cannon-screen";
      if (why->count == 0)
        return g_strdup (_("The Cannon captures only by jumping over exactly one piece, "
                           "and there is none in between."));
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "The Cannon captures only by jumping over exactly one "
                                           "piece, but there is %d in between.",
                                           "The Cannon captures only by jumping over exactly one "
                                           "piece, but there are %d in between.",
                                           why->count),
                              why->count);

    case XQ_ILLEGAL_PAWN_DIRECTION:
      *reason_id = "pawn-direction";
      {
        int to_rank = why->square >= 0 ? why->square / XQ_FILES : -1;
        gboolean crossed = side == XQ_RED ? from / XQ_FILES >= 5 : from / XQ_FILES <= 4;

        if (!crossed && to_rank == from / XQ_FILES)
          return g_strdup (_("The Pawn may move sideways only after crossing the river."));
        return g_strdup (_("The Pawn never moves backwards."));
      }

    case XQ_ILLEGAL_FLYING_GENERAL:
      *reason_id = "flying-general";
      return g_strdup (_("The two Generals would face each other on an open file."));

    case XQ_ILLEGAL_LEAVES_CHECK:
      *reason_id = "leaves-check";
      if (why->in_check_before)
        return g_strdup_printf (_("Your General is in check from the %s on %s, "
                                  "and this move does not stop it."),
                                piece_name (blocker), at);
      return g_strdup_printf (_("This move would leave your General in check from the %s on %s."),
                              piece_name (blocker), at);

    case XQ_LEGAL:
    default:
      return NULL;
    }
}

static char *
xiangqi_variant_explain (CaturVariant        *variant,
                         const CaturPosition *position,
                         const CaturMove     *move,
                         const char         **reason_id)
{
  XqExplanation why = { XQ_LEGAL, -1, 0, FALSE };
  XqPosition *pos = XQ_MUTABLE (position);
  int to;

  if (move->from >= XQ_SQUARES || move->flags != 0 || move->piece != 0)
    {
      *reason_id = "piece-movement";
      return g_strdup (_("No piece of Xiangqi moves like that."));
    }
  to = move->to == CATUR_SQUARE_NONE ? -1 : move->to;
  if (to >= XQ_SQUARES)
    {
      *reason_id = "piece-movement";
      return g_strdup (_("That point is not on the board."));
    }

  if (xq_explain (pos, move->from, to, &why) == XQ_LEGAL)
    return NULL;

  /* For a pawn the square of the explanation is the target, to tell sideways from backwards. */
  if (why.reason == XQ_ILLEGAL_PAWN_DIRECTION)
    why.square = to;
  return explain_illegal (pos, move->from, &why, reason_id);
}

/* Xiangqi hides nothing: the move is complete as it is. */
static void
xiangqi_variant_play (CaturVariant  *variant,
                      CaturPosition *position,
                      CaturMove     *move)
{
  XqMove xq_move;

  if (!from_catur_move (move, &xq_move))
    g_return_if_reached ();
  xq_play (XQ (position), xq_move);
}

/* The Zobrist key the core keeps up to date: the placement and the side to move (RULES 0.2). */
static guint64
xiangqi_variant_position_key (CaturVariant        *variant,
                              const CaturPosition *position)
{
  return XQ (position)->key;
}

static void
xiangqi_variant_status (CaturVariant          *variant,
                        const CaturPosition   *position,
                        const CaturRepetition *history,
                        CaturOutcome          *outcome)
{
  XqStatus status;

  memset (&status, 0, sizeof status);
  xq_repetition_status (XQ_MUTABLE (position), history, &status);

  switch (status.result)
    {
    case XQ_WIN_NO_MOVES:
      outcome->result = CATUR_RESULT_WIN;
      outcome->winner = status.winner == XQ_RED ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
      switch (status.mate)
        {
        case XQ_MATE_NONE:
          outcome->reason = CATUR_REASON_STALEMATE;
          break;
        case XQ_MATE_DOUBLE_CHECK:
          outcome->reason = CATUR_REASON_CHECKMATE;
          g_strlcpy (outcome->detail, "double-check", sizeof outcome->detail);
          break;
        case XQ_MATE_DOUBLE_CANNON:
          outcome->reason = CATUR_REASON_CHECKMATE;
          g_strlcpy (outcome->detail, "double-cannon", sizeof outcome->detail);
          break;
        case XQ_MATE_HORSE_CANNON:
          outcome->reason = CATUR_REASON_CHECKMATE;
          g_strlcpy (outcome->detail, "horse-cannon", sizeof outcome->detail);
          break;
        case XQ_MATE_BY_PIECE:
        default:
          outcome->reason = CATUR_REASON_CHECKMATE;
          outcome->detail[0] = piece_letters[status.mate_piece <= XQ_PAWN ? status.mate_piece : 0];
          outcome->detail[1] = '\0';
          break;
        }
      break;

    case XQ_WIN_PERPETUAL_CHECK:
      outcome->result = CATUR_RESULT_WIN;
      outcome->winner = status.winner == XQ_RED ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
      outcome->reason = CATUR_REASON_PERPETUAL_CHECK;
      break;

    case XQ_DRAW_MOVE_LIMIT:
      outcome->result = CATUR_RESULT_DRAW;
      outcome->reason = CATUR_REASON_MOVE_LIMIT;
      break;

    case XQ_ONGOING:
    default:
      break;
    }

  if (status.warn_perpetual)
    {
      outcome->notices |= NOTICE_PERPETUAL_CHECK_WARNING;
      outcome->warned_side = status.warned_side == XQ_RED ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
    }
  if (status.repetition_info)
    outcome->notices |= NOTICE_REPETITION;
  if (status.no_capture_info)
    outcome->notices |= NOTICE_NO_CAPTURE;
}

static gboolean
xiangqi_variant_in_check (CaturVariant        *variant,
                          const CaturPosition *position,
                          CaturSquare         *king)
{
  const XqPosition *pos = XQ (position);

  *king = pos->king[pos->side];
  return xq_in_check (pos, pos->side);
}

/* A piece attacks a point when it could take there. xq_square_attacked() asks that of a whole
 * side, so the other pieces of the side are lent to the enemy, one candidate at a time: colour
 * does not block, and the screens, legs and eyes stay where they are. */
static guint
xiangqi_variant_list_attackers (CaturVariant        *variant,
                                const CaturPosition *position,
                                CaturSquare          square,
                                CaturSide            side,
                                GArray              *squares)
{
  const XqPosition *pos = XQ (position);
  int by = side == CATUR_SIDE_FIRST ? XQ_RED : XQ_BLACK;
  int enemy = by == XQ_RED ? XQ_BLACK : XQ_RED;
  guint n = 0;

  if (square >= XQ_SQUARES)
    return 0;
  for (int from = 0; from < XQ_SQUARES; from++)
    {
      XqPosition alone = *pos;
      int piece_side;

      if (from == (int) square || xq_piece_at (pos, from, &piece_side) == XQ_NONE
          || piece_side != by)
        continue;
      for (int other = 0; other < XQ_SQUARES; other++)
        {
          int kind = xq_piece_at (pos, other, &piece_side);

          if (other != from && kind != XQ_NONE && piece_side == by)
            xq_put_piece (&alone, other, kind, enemy);
        }
      if (xq_square_attacked (&alone, square, by))
        {
          CaturSquare attacker = from;

          g_array_append_val (squares, attacker);
          n++;
        }
    }
  return n;
}

static const CaturNotationInfo *
xiangqi_variant_list_notations (CaturVariant *variant,
                                guint        *n_notations)
{
  static CaturNotationInfo notations[4];
  static gsize initialized = 0;

  /* The names are translated once, in the language of the first call. */
  if (g_once_init_enter (&initialized))
    {
      const CaturNotationInfo init[] = {
        /* Translators: the World Xiangqi Federation's notation, as players write it (C2=5) */
        { NOTATION_WXF, _("WXF"),
          /* Translators: how WXF moves look; keep the moves as they are */
          _("The piece, its file, the direction and a number, as players write it: C2=5, H8+7"),
          0 },
        /* Translators: the WXF notation as its standard document writes it (C2.5) */
        { NOTATION_WXF_STRICT, _("WXF (strict)"),
          /* Translators: how strict WXF moves look; keep the moves as they are */
          _("WXF as its standard document writes it, with a dot for a sideways move: C2.5"),
          0 },
        /* Translators: the notation of Chinese books and records (炮二平五) */
        { NOTATION_CHINESE, _("Chinese"),
          /* Translators: how Chinese moves look; keep the moves as they are */
          _("Chinese characters, Black’s files in full-width digits: 炮二平五, 马８进７"),
          0 },
        /* Translators: the Internet Chinese Chess Server's coordinates (h2e2) */
        { NOTATION_ICCS, _("ICCS"),
          /* Translators: how ICCS moves look; keep the moves as they are */
          _("The points a piece leaves and reaches, as engines write them: h2e2"),
          CATUR_NOTATION_COORDINATE },
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (init) == G_N_ELEMENTS (notations));
      memcpy (notations, init, sizeof notations);
      g_once_init_leave (&initialized, 1);
    }
  *n_notations = G_N_ELEMENTS (notations);
  return notations;
}

static char *
xiangqi_variant_format_move (CaturVariant        *variant,
                             const CaturPosition *position,
                             const CaturMove     *move,
                             const char          *notation_id)
{
  char buf[MAX (16, XQ_CHINESE_MOVE_SIZE)] = "";
  XqMove xq_move;

  if (!from_catur_move (move, &xq_move))
    return g_strdup ("?");

  if (g_str_equal (notation_id, NOTATION_ICCS))
    xq_move_to_iccs (xq_move, buf);
  else if (g_str_equal (notation_id, NOTATION_CHINESE))
    /* The record writer's own formatter, so that the list and a saved file agree. */
    xq_move_to_chinese (XQ (position), xq_move, buf);
  else
    xq_move_to_wxf (XQ (position), xq_move, g_str_equal (notation_id, NOTATION_WXF_STRICT), buf);
  return g_strdup (buf);
}

static gboolean
xiangqi_variant_parse_move (CaturVariant         *variant,
                            const CaturPosition  *position,
                            const char           *text,
                            CaturMove            *move,
                            GError              **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  XqPosition *pos = XQ_MUTABLE (position);
  XqMove xq_move;

  /* Coordinates name a move whether or not it is legal here (the contract: the caller asks
   * catur_variant_is_legal()); WXF needs the position's legal moves to find its piece. */
  if (xq_move_from_iccs (trimmed, &xq_move))
    {
      *move = to_catur_move (xq_move);
      return TRUE;
    }

  /* Chinese too, so that a move reads back as the move list may write it. */
  if (xq_move_from_wxf (pos, trimmed, &xq_move) || xq_move_from_chinese (pos, trimmed, &xq_move))
    {
      *move = to_catur_move (xq_move);
      return TRUE;
    }

  g_set_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE,
               _("“%s” is not a legal move in ICCS, WXF or Chinese notation here"), trimmed);
  return FALSE;
}

static const char *
mate_name (const char *detail)
{
  if (g_str_equal (detail, "double-check"))
    return _("Double check");
  if (g_str_equal (detail, "double-cannon"))
    return _("Double-cannon mate");
  if (g_str_equal (detail, "horse-cannon"))
    return _("Horse-cannon mate");
  switch (detail[0])
    {
    case 'R': return _("Mate by the Chariot");
    case 'H': return _("Mate by the Horse");
    case 'C': return _("Mate by the Cannon");
    case 'P': return _("Mate by a Pawn");
    case 'K': return _("Mate by the General");
    case 'A': return _("Mate by an Advisor");
    case 'E': return _("Mate by an Elephant");
    default: return _("Checkmate");
    }
}

static char *
xiangqi_variant_describe_outcome (CaturVariant        *variant,
                                  const CaturPosition *position,
                                  const CaturOutcome  *outcome)
{
  const char *loser = outcome->winner <= CATUR_SIDE_SECOND
                      ? side_name (outcome->winner == CATUR_SIDE_FIRST ? XQ_BLACK : XQ_RED)
                      : "";

  /* Under the result the shell states ("Red wins", "Draw"): how, not who again. */
  switch (outcome->reason)
    {
    case CATUR_REASON_CHECKMATE:
      return g_strdup (mate_name (outcome->detail));
    case CATUR_REASON_STALEMATE:
      /* TRANSLATORS: %s is the side that lost: in Xiangqi having no legal move loses */
      return g_strdup_printf (_("%s has no legal move"), loser);
    case CATUR_REASON_PERPETUAL_CHECK:
      /* TRANSLATORS: %s is the side that lost by checking without end */
      return g_strdup_printf (_("Perpetual check by %s"), loser);
    case CATUR_REASON_MOVE_LIMIT:
      return g_strdup (_("The game reached 400 plies"));
    case CATUR_REASON_RESIGN:
      return g_strdup_printf (_("%s resigned"), loser);
    case CATUR_REASON_AGREEMENT:
      return g_strdup (_("Agreed by the players"));
    case CATUR_REASON_TIME_OUT:
      /* TRANSLATORS: %s is the side that lost on time (RULES.md T2) */
      return g_strdup_printf (_("%s ran out of time"), loser);
    default:
      return g_strdup (outcome->result == CATUR_RESULT_ONGOING ? _("The game goes on") : "");
    }
}

static const char * const pgn_extensions[] = { "pgn", NULL };
/* Desktops file .pgn under chess's type; Xiangqi PGN has none of its own. */
static const char * const pgn_mime_types[] = { "application/x-chess-pgn", NULL };
static const char * const fen_extensions[] = { "fen", NULL };
static const char * const xqf_extensions[] = { "xqf", NULL };
static const char * const xqf_mime_types[] = { "application/x-xqf", NULL };
static const char * const fen_mime_types[] = { NULL };

static const CaturRecordFormat *
xiangqi_variant_list_record_formats (CaturVariant *variant,
                                     guint        *n_formats)
{
  static CaturRecordFormat formats[5];
  static gsize initialized = 0;

  /* The names are translated once, in the language of the first call. */
  if (g_once_init_enter (&initialized))
    {
      const CaturRecordFormat init[] = {
        { "pgn", _("Xiangqi game (PGN, WXF notation)"), pgn_extensions, pgn_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE },
        { "pgn-iccs", _("Xiangqi game (PGN, ICCS coordinates)"), pgn_extensions,
          pgn_mime_types, CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE },
        { "pgn-chinese", _("Xiangqi game (PGN, Chinese notation)"), pgn_extensions,
          pgn_mime_types, CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE },
        { "fen", _("Xiangqi position (FEN)"), fen_extensions, fen_mime_types,
          CATUR_RECORD_FORMAT_READ | CATUR_RECORD_FORMAT_WRITE
          | CATUR_RECORD_FORMAT_POSITION_ONLY },
        /* XQStudio's binary collections; read only. */
        { "xqf", _("Xiangqi game (XQF, XQStudio)"), xqf_extensions, xqf_mime_types,
          CATUR_RECORD_FORMAT_READ },
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (init) == G_N_ELEMENTS (formats));
      memcpy (formats, init, sizeof formats);
      g_once_init_leave (&initialized, 1);
    }
  *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

static CaturRecord *
xiangqi_variant_read_record (CaturVariant  *variant,
                             const char    *format_id,
                             const char    *data,
                             gsize          length,
                             GError       **error)
{
  if (g_str_equal (format_id, "fen"))
    return catur_pgn_read_position_file (variant, data, length,
                                         xq_pgn_get_dialect ()->encodings, error);
  if (g_str_equal (format_id, "xqf"))
    return xq_xqf_read (variant, data, length, error);
  return xq_pgn_read (variant, data, length, error);
}

static GPtrArray *
xiangqi_variant_read_records (CaturVariant  *variant,
                              const char    *format_id,
                              const char    *data,
                              gsize          length,
                              GError       **error)
{
  /* Not asked for "fen", a file of one position. An XQF file holds one game. */
  if (g_str_equal (format_id, "xqf"))
    {
      CaturRecord *record = xq_xqf_read (variant, data, length, error);
      GPtrArray *records;

      if (record == NULL)
        return NULL;
      records = g_ptr_array_new_with_free_func (g_object_unref);
      g_ptr_array_add (records, record);
      return records;
    }
  return xq_pgn_read_games (variant, data, length, error);
}

/* The coach's material: the search's own values. */
static int
xiangqi_variant_get_piece_value (CaturVariant     *variant,
                                 const CaturPiece *piece)
{
  if (piece->kind >= G_N_ELEMENTS (xq_piece_value) || piece->kind == XQ_KING)
    return 0;
  return xq_piece_value[piece->kind];
}

/* A Xiangqi pawn is 120 in the search's units, a Chariot 920: the lines scale with them. */
static void
xiangqi_variant_get_judge_thresholds (CaturVariant         *variant,
                                      CaturJudgeThresholds *thresholds)
{
  thresholds->inaccuracy = 60;
  thresholds->mistake = 130;
  thresholds->blunder = 350;
}

static int
xiangqi_variant_static_exchange (CaturVariant        *variant,
                                 const CaturPosition *position,
                                 const CaturMove     *move)
{
  XqMove xq_move;

  if (!from_catur_move (move, &xq_move))
    return 0;
  return xq_engine_see (XQ (position), xq_move);
}

static gboolean
xiangqi_variant_score_terms (CaturVariant        *variant,
                             const CaturPosition *position,
                             CaturSide            side,
                             int                 *terms)
{
  xq_evaluate_parts (XQ (position), side == CATUR_SIDE_FIRST ? XQ_RED : XQ_BLACK, terms);
  return TRUE;
}

/* The search's null move: only the side changes. */
static gboolean
xiangqi_variant_pass_turn (CaturVariant  *variant,
                           CaturPosition *position)
{
  XqUndo undo;

  xq_make_null (XQ_MUTABLE (position), &undo);
  return TRUE;
}

static guint
xiangqi_variant_score_record (CaturVariant *variant,
                              const char   *format_id,
                              const char   *data,
                              gsize         length)
{
  if (g_str_equal (format_id, "fen"))
    return catur_pgn_score_position_file (variant, data, length,
                                          xq_pgn_get_dialect ()->encodings);
  if (g_str_equal (format_id, "xqf"))
    return xq_xqf_score (data, length);
  return catur_pgn_score (variant, xq_pgn_get_dialect (), data, length, NULL);
}

static char *
xiangqi_variant_write_record (CaturVariant  *variant,
                              const char    *format_id,
                              CaturRecord   *record,
                              GError       **error)
{
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      XqMove move;

      if (!from_catur_move (catur_record_get_move (record, i), &move))
        {
          g_set_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_INVALID_MOVE,
                       _("Move %u is no Xiangqi move"), i + 1);
          return NULL;
        }
    }

  if (g_str_equal (format_id, "fen"))
    {
      g_autoptr(CaturPosition) final = catur_record_dup_final_position (record);
      g_autofree char *fen = xq_position_to_fen (XQ (final));

      return g_strconcat (fen, "\n", NULL);
    }

  return xq_pgn_write (record, g_str_equal (format_id, "pgn-iccs") ? XQ_PGN_ICCS
                               : g_str_equal (format_id, "pgn-chinese") ? XQ_PGN_CHINESE
                               : XQ_PGN_WXF);
}

static void
xiangqi_variant_draw_board_themed (CaturVariant           *variant,
                                   cairo_t                *cr,
                                   const CaturBoardLayout *layout,
                                   const char             *board_theme,
                                   gboolean                dark)
{
  xiangqi_board_draw (cr, layout, board_theme, dark);
}

/* The names and descriptions in themes/<theme>/theme.ini, marked here for translation:
 * catur_theme_info_load() looks them up in the "catur" domain. tests/data checks that every
 * theme.ini's strings are in this list. */
static const char * const theme_strings[] G_GNUC_UNUSED = {
  N_("Classic"),
  N_("Traditional wooden discs with red and black characters"),
  N_("International"),
  N_("Red and slate discs with pictures instead of Chinese characters"),
};

static GPtrArray *
xiangqi_variant_list_piece_themes (CaturVariant *variant)
{
  GPtrArray *themes = catur_theme_list_folder ("resource://" THEMES_RESOURCE, GETTEXT_PACKAGE,
                                               FALSE);

  catur_theme_list_sort (themes, XIANGQI_DEFAULT_PIECE_THEME);
  return themes;
}

static GPtrArray *
xiangqi_variant_list_board_themes (CaturVariant *variant)
{
  GPtrArray *themes = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_theme_info_free);

  g_ptr_array_add (themes, catur_theme_info_new (XIANGQI_BOARD_THEME_WOOD,
                                                 /* Translators: a board theme */
                                                 _("Wood"),
                                                 _("Warm wood with dark ink; dark wood with pale "
                                                   "ink in the dark style"),
                                                 NULL, NULL));
  g_ptr_array_add (themes, catur_theme_info_new (XIANGQI_BOARD_THEME_CONTRAST,
                                                 /* Translators: a board theme */
                                                 _("High Contrast"),
                                                 _("Black lines on white, white lines on black in "
                                                   "the dark style, with large coordinates"),
                                                 NULL, NULL));
  return themes;
}

static gboolean
xiangqi_variant_think (CaturVariant             *variant,
                       CaturPosition            *position,
                       const CaturSearchLimits  *limits,
                       CaturSearchInfoFunc       info_func,
                       gpointer                  info_data,
                       GCancellable             *cancellable,
                       CaturSearchResult        *result,
                       GError                  **error)
{
  return xq_engine_think (XQ (position), limits, info_func, info_data, cancellable, result);
}

/* Positions from the engine's own games: the opening, middle games and endings. */
static const char * const bench_positions[] = {
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
  "1r1akab2/9/2n1b2rn/p3p4/8R/2PN5/c3P1P1P/C3B3C/4A2c1/3AK1BNR w - - 1 16",
  "1rbaka3/9/2n1b1n1r/p1N1p3p/2p1c1p2/P8/2P2RP1P/RC2B2C1/4A4/2BAK4 w - - 8 16",
  "3akabnr/9/4b2R1/p3p1C1p/3n2c2/2Pr5/P3P1P1P/4B1N1C/9/R1B1KA3 w - - 1 16",
  "3aka1R1/9/4b4/6R2/2p5p/9/4r3r/3cB4/4N4/3AKAB2 w - - 6 36",
  "4ka3/9/b2a5/9/2p3c2/9/p1P3P2/4N3B/4A4/2BAK4 w - - 0 36",
  NULL,
};

static const char * const *
xiangqi_variant_get_bench_positions (CaturVariant *variant)
{
  return bench_positions;
}

/* Measured in tests/bench/README.md, "Each rung against other programs": the Skill Level of
 * Fairy-Stockfish 11.1 each rung would score half against at 0.2 s a move, from 20-game matches,
 * at the rungs of xiangqi-engine.c with the fitted evaluation. Master scored half against the
 * highest, 20, in an SPRT run of 55 games ("Master against the lines of issue 37"). */
static const int level_skill[CATUR_N_LEVELS] = { 3, 4, 5, 7, 8, 13, 0, 20 };
/* Candidate Master, placed to split Master's step, was measured against Expert only: its
 * score in that match (tests/bench/README.md, "Candidate Master"). */
static const int candidate_master_score = 79;

static char *
xiangqi_variant_describe_level_strength (CaturVariant *variant,
                                         CaturLevel    level)
{
  if (level == CATUR_LEVEL_CANDIDATE_MASTER)
    return catur_level_describe_score (candidate_master_score, CATUR_LEVEL_EXPERT);
  return catur_level_describe_skill (level, level_skill[level]);
}

/* Xiangqi GUIs that speak UCCI drive engines in UCI, with Red's clock as `wtime`. */
static CaturEngineDialect
xiangqi_variant_get_engine_dialect (CaturVariant *variant)
{
  return CATUR_ENGINE_DIALECT_UCI;
}

static void
xiangqi_variant_iface_init (CaturVariantInterface *iface)
{
  iface->get_id = xiangqi_variant_get_id;
  iface->get_name = xiangqi_variant_get_name;
  iface->get_description = xiangqi_variant_get_description;
  iface->get_icon_name = xiangqi_variant_get_icon_name;
  iface->get_side_name = xiangqi_variant_get_side_name;
  iface->get_side_id = xiangqi_variant_get_side_id;
  iface->get_geometry = xiangqi_variant_get_geometry;
  iface->get_piece_image = xiangqi_variant_get_piece_image;
  iface->get_piece_name = xiangqi_variant_get_piece_name;
  iface->get_piece_letter = xiangqi_variant_get_piece_letter;
  iface->square_name = xiangqi_variant_square_name;
  iface->new_position = xiangqi_variant_new_position;
  iface->parse = xiangqi_variant_parse;
  iface->format = xiangqi_variant_format;
  iface->position_copy = xiangqi_variant_position_copy;
  iface->position_free = xiangqi_variant_position_free;
  iface->side_to_move = xiangqi_variant_side_to_move;
  iface->piece_at = xiangqi_variant_piece_at;
  iface->legal_moves = xiangqi_variant_legal_moves;
  iface->perft = xiangqi_variant_perft;
  iface->explain = xiangqi_variant_explain;
  iface->play = xiangqi_variant_play;
  iface->position_key = xiangqi_variant_position_key;
  iface->status = xiangqi_variant_status;
  iface->in_check = xiangqi_variant_in_check;
  iface->list_attackers = xiangqi_variant_list_attackers;
  iface->list_notations = xiangqi_variant_list_notations;
  iface->format_move = xiangqi_variant_format_move;
  iface->parse_move = xiangqi_variant_parse_move;
  iface->describe_outcome = xiangqi_variant_describe_outcome;
  iface->list_record_formats = xiangqi_variant_list_record_formats;
  iface->read_record = xiangqi_variant_read_record;
  iface->read_records = xiangqi_variant_read_records;
  iface->score_record = xiangqi_variant_score_record;
  iface->get_piece_value = xiangqi_variant_get_piece_value;
  iface->get_judge_thresholds = xiangqi_variant_get_judge_thresholds;
  iface->static_exchange = xiangqi_variant_static_exchange;
  iface->score_terms = xiangqi_variant_score_terms;
  iface->pass_turn = xiangqi_variant_pass_turn;
  iface->write_record = xiangqi_variant_write_record;
  iface->get_settings_schema_id = xiangqi_variant_get_settings_schema_id;
  iface->get_setup_options = xiangqi_variant_get_setup_options;
  iface->get_clock_presets = xiangqi_variant_get_clock_presets;
  iface->describe_start = xiangqi_variant_describe_start;
  iface->list_notices = xiangqi_variant_list_notices;
  iface->describe_notice = xiangqi_variant_describe_notice;
  iface->list_piece_themes = xiangqi_variant_list_piece_themes;
  iface->list_board_themes = xiangqi_variant_list_board_themes;
  iface->draw_board_themed = xiangqi_variant_draw_board_themed;
  iface->think = xiangqi_variant_think;
  iface->get_bench_positions = xiangqi_variant_get_bench_positions;
  iface->describe_level_strength = xiangqi_variant_describe_level_strength;
  xiangqi_variant_setup_iface_init (iface);
  iface->get_engine_dialect = xiangqi_variant_get_engine_dialect;
}

static void
xiangqi_variant_class_init (XiangqiVariantClass *klass)
{
}

static void
xiangqi_variant_class_finalize (XiangqiVariantClass *klass)
{
}

static void
xiangqi_variant_init (XiangqiVariant *self)
{
  CaturSetupOption *side = &self->setup_options[0];
  CaturSetupOption *pieces = &self->setup_options[1];

  /* The values are the keys' values in the settings schema and stay untranslated; the first
   * two, from when only horses were given, keep their meaning for the settings kept since. */
  /* Translators: nobody gives a handicap (voor): an even game */
  self->voor_side_choices[0] = (CaturSetupChoice) { "none", _("Nobody") };
  self->voor_side_choices[1] = (CaturSetupChoice) { "red", _("Red") };
  self->voor_side_choices[2] = (CaturSetupChoice) { "black", _("Black") };
  self->voor_pieces_choices[XQ_VOOR_HORSE] = (CaturSetupChoice) { "1", _("One Horse") };
  self->voor_pieces_choices[XQ_VOOR_TWO_HORSES] = (CaturSetupChoice) { "2", _("Two Horses") };
  self->voor_pieces_choices[XQ_VOOR_CHARIOT] = (CaturSetupChoice) { "chariot", _("One Chariot") };
  self->voor_pieces_choices[XQ_VOOR_CANNON] = (CaturSetupChoice) { "cannon", _("One Cannon") };
  self->voor_pieces_choices[XQ_VOOR_CHARIOT_HORSE] =
    (CaturSetupChoice) { "chariot-horse", _("Chariot and Horse") };
  self->voor_pieces_choices[XQ_VOOR_CHARIOT_TWO_HORSES] =
    (CaturSetupChoice) { "chariot-two-horses", _("Two Horses and Chariot") };

  side->id = OPTION_VOOR_SIDE;
  /* Translators: a handicap of pieces, which Indonesian players call voor: the stronger player
   * plays without some of its pieces */
  side->label = _("Handicap Given By");
  side->description = _("The stronger player plays without some pieces");
  side->choices = self->voor_side_choices;
  side->n_choices = G_N_ELEMENTS (self->voor_side_choices);

  /* The id is the settings key's name, from when only horses were given. */
  pieces->id = OPTION_VOOR_HORSES;
  pieces->label = _("Pieces Removed");
  pieces->description = _("A single piece is the giver’s left one; Red still moves first");
  pieces->choices = self->voor_pieces_choices;
  pieces->n_choices = G_N_ELEMENTS (self->voor_pieces_choices);
  pieces->depends_on = OPTION_VOOR_SIDE;
}

void
xiangqi_variant_register (GTypeModule *module)
{
  xiangqi_variant_register_type (module);
}
