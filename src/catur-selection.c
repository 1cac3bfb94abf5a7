/* catur-selection.c: what the player's clicks on the board mean, without a widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board view turns pointer, drag and key events into squares; this object decides what a
 * press on a square means in the position shown: pick a piece up, put it back, pick another
 * one, make a move (or offer the moves a click stands for), or explain in the game's words
 * why not. It asks the variant everything (legal moves, explanations) and decides nothing
 * about a game's rules. It never plays a move itself: the caller plays what it is given, so
 * that the board can slide the piece and report a failure where the player looks.
 *
 * It knows no GTK, so that tests drive it without a display.
 *
 * What a pair of presses means is the variant's to say (catur_variant_input_moves()): a king
 * pressed onto its own rook castles, a face-down piece pressed with nothing up flips, and
 * several moves for one pair (a promotion's pieces) come back as a choice. With a piece up, a
 * face-down piece is a target like any other, and the variant explains why it cannot be
 * taken: a flip there would pass the turn on a misplaced click, in games that may have no
 * take-backs. Hand
 * slots are squares too (CATUR_SQUARE_HAND()): a press on one picks up that piece in hand, or
 * says why not, and its targets are its drops. A target is marked as a capture wherever the
 * move takes a piece (catur_variant_move_effects()), an en-passant target too.
 */
#define G_LOG_DOMAIN "catur-selection"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-selection.h"

struct _CaturSelection
{
  GObject parent_instance;

  CaturGame *game;
  guint n_squares;            /* the board's squares, which a press may name */
  gboolean has_hands;         /* hand slots too */
  /* The one side this board plays (a network game: the other player's moves come from their
   * computer), or CATUR_SIDE_NONE; and what a press on the other's turn is told. */
  CaturSide player;
  char *player_waits;

  /* The piece picked up */
  CaturSquare selected;
  GArray *moves;              /* CaturMove: its legal moves */
  GArray *targets;            /* CaturSelectionTarget: where they go, one entry a square */

  /* What the last activation came to, until the next one */
  CaturMove move;
  gboolean has_move;
  GArray *choices;            /* CaturMove */
  char *explanation;
  char *reason_id;
};

G_DEFINE_FINAL_TYPE (CaturSelection, catur_selection, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The position shown, the one the player's clicks are about. */
static const CaturPosition *
current_position (CaturSelection *self)
{
  return catur_game_get_position_at (self->game, catur_game_get_view_ply (self->game));
}

static CaturVariant *
variant (CaturSelection *self)
{
  return catur_game_get_variant (self->game);
}

static void
clear_result (CaturSelection *self)
{
  self->has_move = FALSE;
  g_clear_pointer (&self->choices, g_array_unref);
  g_clear_pointer (&self->explanation, g_free);
  g_clear_pointer (&self->reason_id, g_free);
}

static void
drop_selection (CaturSelection *self)
{
  gboolean changed = self->selected != CATUR_SQUARE_NONE;

  self->selected = CATUR_SQUARE_NONE;
  g_clear_pointer (&self->moves, g_array_unref);
  g_clear_pointer (&self->targets, g_array_unref);
  g_clear_pointer (&self->choices, g_array_unref);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

/* Picks up the piece on @square, whose legal moves are @moves. */
static void
set_selection (CaturSelection *self,
               CaturSquare     square,
               GArray         *moves)
{
  const CaturPosition *position = current_position (self);

  drop_selection (self);
  self->selected = square;
  self->moves = g_array_ref (moves);
  self->targets = g_array_new (FALSE, FALSE, sizeof (CaturSelectionTarget));

  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      CaturSelectionTarget target = { move->to, CATUR_SELECTION_TARGET_EMPTY };
      CaturMoveEffects effects;
      gboolean known = FALSE;

      /* A move that stays where it is has no square to mark. */
      if (move->to == move->from || move->to == CATUR_SQUARE_NONE)
        continue;
      for (guint j = 0; j < self->targets->len && !known; j++)
        known = g_array_index (self->targets, CaturSelectionTarget, j).square == move->to;
      if (known)
        continue;

      /* A ring where the move takes a piece, whether or not it stands on the target. */
      catur_variant_move_effects (variant (self), position, move, &effects);
      if (effects.captured != CATUR_SQUARE_NONE)
        target.kind = CATUR_SELECTION_TARGET_CAPTURE;
      g_array_append_val (self->targets, target);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static CaturSelectionAction
explain (CaturSelection *self,
         char           *explanation,
         const char     *reason_id)
{
  g_free (self->explanation);
  self->explanation = explanation;
  g_free (self->reason_id);
  self->reason_id = g_strdup (reason_id);
  return CATUR_SELECTION_EXPLAIN;
}

/* The legal moves that begin on @square: a hand slot's are its drops. */
static GArray *
moves_of (CaturSelection *self,
          CaturSquare     square)
{
  return catur_variant_legal_moves_from (variant (self), current_position (self), square);
}

/* What a press on @to means after one on @from (or none): the variant's to say. */
static GArray *
input_moves (CaturSelection *self,
             CaturSquare     from,
             CaturSquare     to)
{
  return catur_variant_input_moves (variant (self), current_position (self), from, to);
}

static gboolean
is_square (CaturSelection *self,
           CaturSquare     square)
{
  return square < self->n_squares
         || (self->has_hands && catur_square_is_hand (square)
             && catur_square_hand_side (square) <= CATUR_SIDE_SECOND);
}

/* One move is played; several are offered, and the piece stays selected meanwhile. */
static CaturSelectionAction
play_or_choose (CaturSelection *self,
                GArray         *matches)
{
  if (matches->len > 1)
    {
      self->choices = g_array_ref (matches);
      return CATUR_SELECTION_CHOOSE;
    }

  self->move = g_array_index (matches, CaturMove, 0);
  self->has_move = TRUE;
  drop_selection (self);
  return CATUR_SELECTION_PLAY;
}

/* Picks up the piece on @square when it has legal moves, or when the variant has no objection
 * (an own piece that happens to be stuck: the next click then explains why its move fails).
 * Else sets @why and @reason_id. */
static gboolean
try_select (CaturSelection  *self,
            CaturSquare      square,
            GArray          *moves,
            char           **why,
            const char     **reason_id)
{
  if (moves->len == 0)
    {
      CaturMove probe = { square, CATUR_SQUARE_NONE, 0, 0 };

      *why = catur_variant_explain (variant (self), current_position (self), &probe, reason_id);
      if (*why != NULL)
        return FALSE;
    }

  set_selection (self, square, moves);
  return TRUE;
}

static void
catur_selection_dispose (GObject *object)
{
  CaturSelection *self = CATUR_SELECTION (object);

  g_clear_object (&self->game);

  G_OBJECT_CLASS (catur_selection_parent_class)->dispose (object);
}

static void
catur_selection_finalize (GObject *object)
{
  CaturSelection *self = CATUR_SELECTION (object);

  g_clear_pointer (&self->moves, g_array_unref);
  g_clear_pointer (&self->targets, g_array_unref);
  clear_result (self);
  g_free (self->player_waits);

  G_OBJECT_CLASS (catur_selection_parent_class)->finalize (object);
}

static void
catur_selection_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CaturSelection *self = CATUR_SELECTION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_SELECTED:
      g_value_set_uint (value, self->selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_selection_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  CaturSelection *self = CATUR_SELECTION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      catur_selection_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_selection_class_init (CaturSelectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_selection_dispose;
  object_class->finalize = catur_selection_finalize;
  object_class->get_property = catur_selection_get_property;
  object_class->set_property = catur_selection_set_property;

  /**
   * CaturSelection:game:
   *
   * The game whose shown position (catur_game_get_view_ply()) the clicks are about.
   */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CATUR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturSelection:selected:
   *
   * The square of the piece picked up, or %CATUR_SQUARE_NONE.
   */
  properties[PROP_SELECTED] =
    g_param_spec_uint ("selected", NULL, NULL, 0, CATUR_SQUARE_NONE, CATUR_SQUARE_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
catur_selection_init (CaturSelection *self)
{
  self->selected = CATUR_SQUARE_NONE;
  self->player = CATUR_SIDE_NONE;
}

CaturSelection *
catur_selection_new (void)
{
  return g_object_new (CATUR_TYPE_SELECTION, NULL);
}

/**
 * catur_selection_get_game:
 * @self: a #CaturSelection
 *
 * Returns: (transfer none) (nullable): the game played
 */
CaturGame *
catur_selection_get_game (CaturSelection *self)
{
  g_return_val_if_fail (CATUR_IS_SELECTION (self), NULL);

  return self->game;
}

/**
 * catur_selection_set_game:
 * @self: a #CaturSelection
 * @game: (nullable): the game to play
 *
 * Drops the selection. The caller calls catur_selection_cancel() too whenever the game's
 * position shown changes (a move, an undo, a step in review): a selection belongs to one
 * position.
 */
void
catur_selection_set_game (CaturSelection *self,
                          CaturGame      *game)
{
  g_return_if_fail (CATUR_IS_SELECTION (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  catur_selection_cancel (self);
  g_set_object (&self->game, game);
  self->n_squares = 0;
  self->has_hands = FALSE;
  if (game != NULL)
    {
      CaturGeometry geometry;

      catur_variant_get_geometry (catur_game_get_variant (game), &geometry);
      self->n_squares = geometry.files * geometry.ranks;
      self->has_hands = geometry.has_hands;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/**
 * catur_selection_accepts_input:
 * @self: a #CaturSelection
 *
 * The board takes no input while it shows an earlier position (that is only looked at) or
 * while the computer thinks (the board is the computer's then). A finished game takes input,
 * to explain that it is over; a press on an earlier position is only explained.
 *
 * Returns: whether catur_selection_activate() may do anything now
 */
gboolean
catur_selection_accepts_input (CaturSelection *self)
{
  g_return_val_if_fail (CATUR_IS_SELECTION (self), FALSE);

  return self->game != NULL && !catur_game_is_reviewing (self->game)
         && !catur_game_get_thinking (self->game);
}

/**
 * catur_selection_activate:
 * @self: a #CaturSelection
 * @square: the square pressed (clicked, dropped on, or chosen with the keyboard), or a hand
 *   slot (CATUR_SQUARE_HAND())
 *
 * The heart of the interaction. With no piece selected, a press picks up the piece on
 * @square, or explains why it cannot (an empty square, the opponent's piece, an empty hand
 * slot); a face-down piece is flipped at once. With a piece selected, a press that the variant
 * reads as a move (catur_variant_input_moves(): one of its targets, a king's own rook to castle
 * with) makes it or offers the moves it stands for, a press on the piece itself puts it back,
 * one on another piece or hand slot that may be picked up picks it up instead, and any other
 * press (a face-down piece among them) explains why that move is illegal. Any press on an
 * earlier position explains that it is only looked at.
 *
 * Returns: what the press comes to; its details are read with the getters until the next call
 */
CaturSelectionAction
catur_selection_activate (CaturSelection *self,
                          CaturSquare     square)
{
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GArray) matches = NULL;
  g_autofree char *why = NULL;
  const char *reason_id = NULL;
  CaturPiece piece;

  g_return_val_if_fail (CATUR_IS_SELECTION (self), CATUR_SELECTION_IGNORED);

  clear_result (self);
  if (self->game != NULL && catur_game_is_reviewing (self->game) && is_square (self, square))
    return explain (self,
                    g_strdup (_("You are looking at an earlier position: return to the game "
                                "to play")),
                    "reviewing");
  if (!catur_selection_accepts_input (self) || !is_square (self, square))
    return CATUR_SELECTION_IGNORED;

  if (catur_game_is_over (self->game))
    return explain (self, g_strdup (_("The game is over. Start a new game to play again.")),
                    "game-over");
  if (self->player != CATUR_SIDE_NONE && catur_game_get_side_to_move (self->game) != self->player)
    {
      drop_selection (self);
      return explain (self, g_strdup (self->player_waits), "not-your-turn");
    }

  /* The pair of presses, or a press alone (a face-down piece flips at once). */
  matches = input_moves (self, self->selected, square);
  if (matches->len > 0)
    return play_or_choose (self, matches);
  if (self->selected != CATUR_SQUARE_NONE && square == self->selected)
    {
      drop_selection (self);
      return CATUR_SELECTION_DESELECTED;
    }

  moves = moves_of (self, square);
  if (self->selected == CATUR_SQUARE_NONE || catur_square_is_hand (square))
    {
      /* Nothing goes to a hand: a press on a slot is about picking its piece up. */
      if (try_select (self, square, moves, &why, &reason_id))
        return CATUR_SELECTION_SELECTED;
      return explain (self, g_steal_pointer (&why), reason_id);
    }

  /* A face-down piece is never picked up (its only move is its flip): here it is a target. */
  if (catur_variant_piece_at (variant (self), current_position (self), square, &piece)
      && !(piece.flags & CATUR_PIECE_FACE_DOWN)
      && try_select (self, square, moves, &why, &reason_id))
    return CATUR_SELECTION_SELECTED;

  /* Neither a move of the selected piece nor a piece to take instead: why that move fails. */
  {
    CaturMove move = { self->selected, square, 0, 0 };

    g_clear_pointer (&why, g_free);
    reason_id = NULL;
    if (catur_square_is_hand (self->selected))
      {
        move.piece = catur_square_hand_kind (self->selected);
        move.flags = CATUR_MOVE_DROP;
      }
    why = catur_variant_explain (variant (self), current_position (self), &move, &reason_id);
    if (why == NULL)
      return explain (self, g_strdup (_("That move is not legal.")), NULL);
    return explain (self, g_steal_pointer (&why), reason_id);
  }
}

/**
 * catur_selection_would_deselect:
 * @self: a #CaturSelection
 * @square: a square
 *
 * Whether a press on @square would only put the selected piece back. A pointer press there
 * may be the start of a drag instead, so the board waits for the release before it asks.
 *
 * Returns: %TRUE when @square holds the selected piece and the variant reads no move into
 *   a press on it
 */
gboolean
catur_selection_would_deselect (CaturSelection *self,
                                CaturSquare     square)
{
  g_autoptr(GArray) stay = NULL;

  g_return_val_if_fail (CATUR_IS_SELECTION (self), FALSE);

  if (square == CATUR_SQUARE_NONE || square != self->selected
      || !catur_selection_accepts_input (self) || catur_game_is_over (self->game))
    return FALSE;

  stay = input_moves (self, square, square);
  return stay->len == 0;
}

/**
 * catur_selection_choose:
 * @self: a #CaturSelection
 * @index: the index of one of catur_selection_get_choices()
 *
 * The player's pick among the moves a click stood for.
 *
 * Returns: %CATUR_SELECTION_PLAY with the move chosen in catur_selection_get_move(), or
 *   %CATUR_SELECTION_IGNORED when no choice is pending or @index is not one of them
 */
CaturSelectionAction
catur_selection_choose (CaturSelection *self,
                        guint           index)
{
  g_autoptr(GArray) choices = NULL;

  g_return_val_if_fail (CATUR_IS_SELECTION (self), CATUR_SELECTION_IGNORED);

  choices = g_steal_pointer (&self->choices);
  clear_result (self);
  if (choices == NULL || index >= choices->len)
    return CATUR_SELECTION_IGNORED;

  self->move = g_array_index (choices, CaturMove, index);
  self->has_move = TRUE;
  drop_selection (self);
  return CATUR_SELECTION_PLAY;
}

/**
 * catur_selection_cancel:
 * @self: a #CaturSelection
 *
 * Puts the selected piece back and forgets what the last press came to.
 *
 * Returns: whether a piece was selected
 */
gboolean
catur_selection_cancel (CaturSelection *self)
{
  gboolean was_selected;

  g_return_val_if_fail (CATUR_IS_SELECTION (self), FALSE);

  was_selected = self->selected != CATUR_SQUARE_NONE;
  clear_result (self);
  drop_selection (self);
  return was_selected;
}

/**
 * catur_selection_get_selected:
 * @self: a #CaturSelection
 *
 * Returns: the square of the piece picked up, or %CATUR_SQUARE_NONE
 */
CaturSquare
catur_selection_get_selected (CaturSelection *self)
{
  g_return_val_if_fail (CATUR_IS_SELECTION (self), CATUR_SQUARE_NONE);

  return self->selected;
}

/**
 * catur_selection_get_targets:
 * @self: a #CaturSelection
 * @n_targets: (out): their number
 *
 * Where the selected piece may go, each square once, in the order of the variant's moves.
 * A piece may be selected with no targets (an own piece that cannot move now).
 *
 * Returns: (array length=n_targets) (nullable): the targets, %NULL when there are none
 */
const CaturSelectionTarget *
catur_selection_get_targets (CaturSelection *self,
                             guint          *n_targets)
{
  g_return_val_if_fail (CATUR_IS_SELECTION (self), NULL);
  g_return_val_if_fail (n_targets != NULL, NULL);

  *n_targets = self->targets != NULL ? self->targets->len : 0;
  return *n_targets > 0 ? (const CaturSelectionTarget *) self->targets->data : NULL;
}

/**
 * catur_selection_get_move:
 * @self: a #CaturSelection
 * @move: (out): the move to play
 *
 * Returns: %TRUE after %CATUR_SELECTION_PLAY, with @move set
 */
gboolean
catur_selection_get_move (CaturSelection *self,
                          CaturMove      *move)
{
  g_return_val_if_fail (CATUR_IS_SELECTION (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (self->has_move)
    *move = self->move;
  return self->has_move;
}

/**
 * catur_selection_get_choices:
 * @self: a #CaturSelection
 * @n_choices: (out): their number
 *
 * Returns: (array length=n_choices) (nullable): after %CATUR_SELECTION_CHOOSE, the legal
 *   moves the click stood for, in the variant's order; else %NULL
 */
const CaturMove *
catur_selection_get_choices (CaturSelection *self,
                             guint          *n_choices)
{
  g_return_val_if_fail (CATUR_IS_SELECTION (self), NULL);
  g_return_val_if_fail (n_choices != NULL, NULL);

  *n_choices = self->choices != NULL ? self->choices->len : 0;
  return self->choices != NULL ? (const CaturMove *) self->choices->data : NULL;
}

/**
 * catur_selection_get_explanation:
 * @self: a #CaturSelection
 *
 * Returns: (nullable): after %CATUR_SELECTION_EXPLAIN, a translated sentence saying why the
 *   press could not be played; else %NULL
 */
const char *
catur_selection_get_explanation (CaturSelection *self)
{
  g_return_val_if_fail (CATUR_IS_SELECTION (self), NULL);

  return self->explanation;
}

/**
 * catur_selection_get_reason_id:
 * @self: a #CaturSelection
 *
 * Returns: (nullable): after %CATUR_SELECTION_EXPLAIN, the stable id of the reason: the
 *   variant's (`empty-square`, `not-own-piece`, `horse-leg`…, see catur_variant_explain()) or
 *   `game-over`; %NULL when there is none
 */
const char *
catur_selection_get_reason_id (CaturSelection *self)
{
  g_return_val_if_fail (CATUR_IS_SELECTION (self), NULL);

  return self->reason_id;
}

/**
 * catur_selection_set_player:
 * @self: a #CaturSelection
 * @side: the one side the board plays, or %CATUR_SIDE_NONE for both
 * @waits: (nullable): what a press is told on the other side's turn
 *
 * A board that plays one side only (a game over the network, whose other side is played on
 * another computer) takes no move on the other side's turn: a press there is explained with
 * @waits (reason id `not-your-turn`), and nothing is picked up.
 */
void
catur_selection_set_player (CaturSelection *self,
                            CaturSide       side,
                            const char     *waits)
{
  g_return_if_fail (CATUR_IS_SELECTION (self));

  self->player = side;
  g_free (self->player_waits);
  self->player_waits = g_strdup (waits != NULL ? waits : "");
  drop_selection (self);
}
