/* catur-game.c: one game being played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "catur.h"
#include "catur-game-private.h"

G_DEFINE_FINAL_TYPE (CaturGame, catur_game, G_TYPE_OBJECT)

G_DEFINE_QUARK (catur-game-error-quark, catur_game_error)

enum {
  CHANGED,
  COMMENT_CHANGED,
  N_SIGNALS
};

GParamSpec *catur_game_properties[CATUR_GAME_N_PROPS];
static guint signals[N_SIGNALS];

static void
catur_game_update_outcome (CaturGame *self)
{
  self->outcome_given = FALSE;
  catur_variant_status (self->variant, catur_game_get_position (self), self->history,
                        &self->outcome);
}

static void
set_draw_offer (CaturGame *self,
                CaturSide  side)
{
  if (self->draw_offer == side)
    return;
  self->draw_offer = side;
  catur_game_notify (self, CATUR_GAME_PROP_DRAW_OFFER);
}

/* After the record changed: @follow puts the view on the last position. */
static void
catur_game_changed (CaturGame *self,
                    gboolean   follow)
{
  guint n = catur_game_get_n_plies (self);
  guint view = follow ? n : MIN (self->view_ply, n);

  g_object_freeze_notify (G_OBJECT (self));
  catur_game_notify (self, CATUR_GAME_PROP_N_PLIES);
  if (view != self->view_ply)
    {
      self->view_ply = view;
      catur_game_notify (self, CATUR_GAME_PROP_VIEW_PLY);
    }
  g_object_thaw_notify (G_OBJECT (self));
  catur_game_sync_clock (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
catur_game_dispose (GObject *object)
{
  CaturGame *self = (CaturGame *) object;

  catur_game_stop_thinking (self);
  catur_game_drop_engine (self);
  g_clear_pointer (&self->engine_entry, catur_engine_entry_free);
  g_clear_pointer (&self->computer_table, catur_tt_unref);
  catur_game_drop_hints (self);
  if (self->clock != NULL)
    {
      catur_clock_stop (self->clock);
      g_signal_handlers_disconnect_by_data (self->clock, self);
      g_clear_object (&self->clock);
    }
  g_clear_pointer (&self->positions, g_ptr_array_unref);
  g_clear_pointer (&self->history, catur_repetition_free);
  g_clear_object (&self->moves);

  G_OBJECT_CLASS (catur_game_parent_class)->dispose (object);
}

static void
catur_game_finalize (GObject *object)
{
  CaturGame *self = (CaturGame *) object;

  g_clear_object (&self->variant);
  g_clear_pointer (&self->options, g_variant_unref);

  G_OBJECT_CLASS (catur_game_parent_class)->finalize (object);
}

static void
catur_game_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  CaturGame *self = CATUR_GAME (object);

  switch (prop_id)
    {
    case CATUR_GAME_PROP_VARIANT:
      g_value_set_object (value, self->variant);
      break;
    case CATUR_GAME_PROP_N_PLIES:
      g_value_set_uint (value, catur_game_get_n_plies (self));
      break;
    case CATUR_GAME_PROP_NOTATION:
      g_value_set_string (value, self->notation);
      break;
    case CATUR_GAME_PROP_VIEW_PLY:
      g_value_set_uint (value, self->view_ply);
      break;
    case CATUR_GAME_PROP_UNDO_POLICY:
      g_value_set_int (value, catur_game_get_undo_policy (self));
      break;
    case CATUR_GAME_PROP_DRAW_OFFER:
      g_value_set_int (value, self->draw_offer);
      break;
    case CATUR_GAME_PROP_BOTTOM_SIDE:
      g_value_set_int (value, self->bottom_side);
      break;
    case CATUR_GAME_PROP_COMPUTER_SIDE:
      g_value_set_int (value, self->computer_side);
      break;
    case CATUR_GAME_PROP_THINKING:
      g_value_set_boolean (value, catur_game_get_thinking (self));
      break;
    case CATUR_GAME_PROP_N_SEARCHES:
      g_value_set_uint (value, self->n_searches);
      break;
    case CATUR_GAME_PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_game_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  CaturGame *self = CATUR_GAME (object);

  switch (prop_id)
    {
    case CATUR_GAME_PROP_NOTATION:
      catur_game_set_notation (self, g_value_get_string (value));
      break;
    case CATUR_GAME_PROP_VIEW_PLY:
      catur_game_set_view_ply (self, g_value_get_uint (value));
      break;
    case CATUR_GAME_PROP_UNDO_POLICY:
      catur_game_set_undo_policy (self, g_value_get_int (value));
      break;
    case CATUR_GAME_PROP_BOTTOM_SIDE:
      catur_game_set_bottom_side (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_game_class_init (CaturGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_game_dispose;
  object_class->finalize = catur_game_finalize;
  object_class->get_property = catur_game_get_property;
  object_class->set_property = catur_game_set_property;

  catur_game_properties[CATUR_GAME_PROP_VARIANT] =
    g_param_spec_object ("variant", NULL, NULL, CATUR_TYPE_VARIANT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  catur_game_properties[CATUR_GAME_PROP_N_PLIES] =
    g_param_spec_uint ("n-plies", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * CaturGame:notation:
   *
   * The id of the notation the record is written in (catur_game_move_get_notation()): one of
   * the variant's notations. Setting %NULL or an id the variant does not know gives its
   * default notation.
   */
  catur_game_properties[CATUR_GAME_PROP_NOTATION] =
    g_param_spec_string ("notation", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturGame:view-ply:
   *
   * The ply whose position is shown: catur_game_get_n_plies() while the game is followed,
   * less while the players review it. A new ply moves the view along only if it was on the
   * last position; an undo brings it back there.
   */
  catur_game_properties[CATUR_GAME_PROP_VIEW_PLY] =
    g_param_spec_uint ("view-ply", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturGame:undo-policy:
   *
   * A #CaturUndoPolicy: whether take-backs need the opponent's permission, or are allowed at
   * all (catur_game_get_undo_policy()).
   */
  catur_game_properties[CATUR_GAME_PROP_UNDO_POLICY] =
    g_param_spec_int ("undo-policy", NULL, NULL,
                      CATUR_UNDO_POLICY_ASK, CATUR_UNDO_POLICY_NONE, CATUR_UNDO_POLICY_ASK,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturGame:draw-offer:
   *
   * The #CaturSide that offered a draw not answered yet, or %CATUR_SIDE_NONE.
   */
  catur_game_properties[CATUR_GAME_PROP_DRAW_OFFER] =
    g_param_spec_int ("draw-offer", NULL, NULL,
                      CATUR_SIDE_FIRST, CATUR_SIDE_NONE, CATUR_SIDE_NONE,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturGame:bottom-side:
   *
   * The #CaturSide of the player sitting at the bottom of the board: the board is drawn
   * from that side. A rematch may swap it (catur_game_new_rematch()).
   */
  catur_game_properties[CATUR_GAME_PROP_BOTTOM_SIDE] =
    g_param_spec_int ("bottom-side", NULL, NULL,
                      CATUR_SIDE_FIRST, CATUR_SIDE_SECOND, CATUR_SIDE_FIRST,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturGame:computer-side:
   *
   * The side the computer plays, or %CATUR_SIDE_NONE in a game of two players.
   */
  catur_game_properties[CATUR_GAME_PROP_COMPUTER_SIDE] =
    g_param_spec_int ("computer-side", NULL, NULL,
                      CATUR_SIDE_FIRST, CATUR_SIDE_NONE, CATUR_SIDE_NONE,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CaturGame:thinking:
   *
   * Whether the computer is searching for its move.
   */
  catur_game_properties[CATUR_GAME_PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CaturGame:n-searches:
   *
   * The worker threads of computer moves and hints that have not ended yet, abandoned ones
   * included: an abandoned search counts until its thread stops.
   */
  catur_game_properties[CATUR_GAME_PROP_N_SEARCHES] =
    g_param_spec_uint ("n-searches", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * CaturGame:clock:
   *
   * The players' clocks (catur_game_get_clock()); a new one when the time control changes.
   */
  catur_game_properties[CATUR_GAME_PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, CATUR_TYPE_CLOCK,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, CATUR_GAME_N_PROPS,
                                     catur_game_properties);

  /**
   * CaturGame::changed:
   *
   * Emitted after a move, an undo or an ending by resignation or agreement.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CaturGame::comment-changed:
   * @ply: the comment follows this many plies (0: the start's)
   *
   * Emitted when catur_game_set_comment() changes a comment.
   */
  signals[COMMENT_CHANGED] =
    g_signal_new ("comment-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  catur_game_engine_class_init (object_class);
}

static void
catur_game_init (CaturGame *self)
{
  self->positions = g_ptr_array_new_with_free_func ((GDestroyNotify) catur_position_free);
  self->moves = g_list_store_new (CATUR_TYPE_GAME_MOVE);
  self->undo_policy = CATUR_UNDO_POLICY_ASK;
  self->draw_offer = CATUR_SIDE_NONE;
  self->bottom_side = CATUR_SIDE_FIRST;
  self->computer_side = CATUR_SIDE_NONE;
  self->computer_level = CATUR_LEVEL_INTERMEDIATE;
  self->hint_level = CATUR_LEVEL_HINT;
  catur_outcome_init (&self->outcome);
  self->options = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
}

/**
 * catur_game_new:
 * @variant: the game's rules
 * @start: (transfer full) (nullable): the start position, or %NULL for the variant's own
 *
 * Returns: (transfer full): a new game
 */
CaturGame *
catur_game_new (CaturVariant  *variant,
                CaturPosition *start)
{
  CaturGame *self;

  g_return_val_if_fail (CATUR_IS_VARIANT (variant), NULL);
  g_return_val_if_fail (start == NULL || start->variant == variant, NULL);

  self = g_object_new (CATUR_TYPE_GAME, NULL);
  self->variant = g_object_ref (variant);
  self->notation = catur_variant_get_default_notation (variant);
  if (start == NULL)
    start = catur_variant_new_position (variant, NULL, g_random_int ());
  g_ptr_array_add (self->positions, start);
  self->history = catur_variant_new_repetition (variant, start);
  catur_game_update_outcome (self);
  catur_game_init_clock (self);
  return self;
}

CaturVariant *
catur_game_get_variant (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return self->variant;
}

const CaturPosition *
catur_game_get_start_position (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return g_ptr_array_index (self->positions, 0);
}

/* The position now, after the last ply. */
const CaturPosition *
catur_game_get_position (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return g_ptr_array_index (self->positions, self->positions->len - 1);
}

/* The position after @ply plies; 0 is the start. */
const CaturPosition *
catur_game_get_position_at (CaturGame *self,
                            guint      ply)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);
  g_return_val_if_fail (ply < self->positions->len, NULL);

  return g_ptr_array_index (self->positions, ply);
}

/* The position the players look at: the last one, or an earlier one in review. */
const CaturPosition *
catur_game_get_viewed_position (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return g_ptr_array_index (self->positions, self->view_ply);
}

guint
catur_game_get_n_plies (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), 0);

  return self->positions->len - 1;
}

/**
 * catur_game_get_moves:
 *
 * Returns: (transfer none): a #GListModel of #CaturGameMove, one item a ply
 */
GListModel *
catur_game_get_moves (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return G_LIST_MODEL (self->moves);
}

/* The turn of the ply to play next (catur_game_move_get_turn()): the last ply's, when its side
 * plays on, else the one after it. */
static guint
next_turn (CaturGame *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->moves));
  CaturSide side = catur_game_get_side_to_move (self);
  g_autoptr(CaturGameMove) last = NULL;

  if (n == 0)
    return side == CATUR_SIDE_SECOND ? 1 : 0;
  last = g_list_model_get_item (G_LIST_MODEL (self->moves), n - 1);
  return catur_game_move_get_turn (last) + (catur_game_move_get_side (last) == side ? 0 : 1);
}

/**
 * catur_game_get_move_number:
 * @self: a #CaturGame
 * @ply: a ply played, from 1, or the one to play next (catur_game_get_n_plies() + 1)
 *
 * The full move that @ply belongs to, counted from 1 as the move list and the records count
 * them: the first side's turn and the second side's answer (catur_game_move_get_turn()).
 *
 * Returns: the full-move number, from 1
 */
guint
catur_game_get_move_number (CaturGame *self,
                            guint      ply)
{
  g_autoptr(CaturGameMove) item = NULL;

  g_return_val_if_fail (CATUR_IS_GAME (self), 1);
  g_return_val_if_fail (ply >= 1 && ply <= self->positions->len, 1);

  if (ply == self->positions->len)
    return next_turn (self) / 2 + 1;
  item = g_list_model_get_item (G_LIST_MODEL (self->moves), ply - 1);
  return catur_game_move_get_turn (item) / 2 + 1;
}

/* The seat to move in the current position: never %CATUR_SIDE_NONE. */
CaturSide
catur_game_get_side_to_move (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), CATUR_SIDE_FIRST);

  return catur_variant_side_to_move (self->variant, catur_game_get_position (self));
}

/**
 * catur_game_get_side_name:
 * @side: a seat
 *
 * Returns: the name of @side in the current position (catur_variant_get_side_name()): the
 *   colour it plays, once it has one
 */
const char *
catur_game_get_side_name (CaturGame *self,
                          CaturSide  side)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return catur_variant_get_side_name (self->variant, catur_game_get_position (self), side);
}

/**
 * catur_game_get_side_name_at:
 * @ply: a ply of the record, 0 for the start (catur_game_get_view_ply() for the position shown)
 * @side: a seat
 *
 * Returns: the name of @side in the position after @ply plies
 */
const char *
catur_game_get_side_name_at (CaturGame *self,
                             guint      ply,
                             CaturSide  side)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);
  g_return_val_if_fail (ply < self->positions->len, NULL);

  return catur_variant_get_side_name (self->variant, g_ptr_array_index (self->positions, ply),
                                      side);
}

/**
 * catur_game_list_trays:
 * @ply: a ply of the record, 0 for the start
 *
 * Returns: (transfer full) (element-type CaturTray): the trays of the position after @ply
 *   plies, as the players may know them (catur_variant_list_trays())
 */
GPtrArray *
catur_game_list_trays (CaturGame *self,
                       guint      ply)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);
  g_return_val_if_fail (ply < self->positions->len, NULL);

  return catur_variant_list_trays (self->variant, g_ptr_array_index (self->positions, ply));
}

/**
 * catur_game_list_counters:
 * @ply: a ply of the record, 0 for the start
 *
 * Returns: (transfer full) (element-type CaturCounter): the counters of the position after
 *   @ply plies
 */
GPtrArray *
catur_game_list_counters (CaturGame *self,
                          guint      ply)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);
  g_return_val_if_fail (ply < self->positions->len, NULL);

  return catur_variant_list_counters (self->variant, g_ptr_array_index (self->positions, ply));
}

const CaturOutcome *
catur_game_get_outcome (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return &self->outcome;
}

gboolean
catur_game_is_over (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  return self->outcome.result != CATUR_RESULT_ONGOING;
}

/* The id of the notation the record is written in. */
const char *
catur_game_get_notation (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return self->notation;
}

/* The libcatur wrapper hands the variant what the players see of the position, so that the
 * text tells nothing that lies face down. */
static char *
catur_game_format_ply (CaturGame       *self,
                       guint            index,
                       const CaturMove *move,
                       const char      *notation)
{
  return catur_variant_format_move (self->variant,
                                    g_ptr_array_index (self->positions, index),
                                    move, notation);
}

/**
 * catur_game_set_notation:
 * @notation_id: (nullable): a notation id of the variant; %NULL or an unknown id (a setting
 *   written by another version) for its default notation
 *
 * Rewrites the history in the notation; the moves themselves do not change.
 */
void
catur_game_set_notation (CaturGame  *self,
                         const char *notation_id)
{
  const CaturNotationInfo *info;
  const char *notation;
  guint n;

  g_return_if_fail (CATUR_IS_GAME (self));

  info = catur_variant_find_notation (self->variant, notation_id);
  notation = info != NULL ? info->id : catur_variant_get_default_notation (self->variant);
  if (g_strcmp0 (self->notation, notation) == 0)
    return;

  self->notation = notation;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->moves));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (G_LIST_MODEL (self->moves), i);

      catur_game_move_take_notation (item,
                                     catur_game_format_ply (self, i,
                                                            catur_game_move_get_move (item),
                                                            notation));
    }
  if (n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self->moves), 0, n, n);
  catur_game_notify (self, CATUR_GAME_PROP_NOTATION);
}

static gboolean play_move (CaturGame        *self,
                           const CaturMove  *move,
                           gboolean          timed_out,
                           GError          **error);

/**
 * catur_game_play:
 *
 * Plays @move if it is legal in the current position. The record keeps the move as the
 * variant completed it: a flip with the piece it revealed (catur_variant_play()).
 *
 * Returns: %TRUE on success; else %FALSE with @error set, the game unchanged
 */
gboolean
catur_game_play (CaturGame        *self,
                 const CaturMove  *move,
                 GError          **error)
{
  return play_move (self, move, FALSE, error);
}

/* Plays @move as the one the rules play for the player to move, out of time: for a program
 * that plays it itself, where catur_game_time_out() may not (a network game's flip, which the
 * deal opens; the friend's move said to be the clock's). */
gboolean
catur_game_play_timed_out (CaturGame        *self,
                           const CaturMove  *move,
                           GError          **error)
{
  return play_move (self, move, TRUE, error);
}

/* Plays @move; @timed_out marks it played for a player out of time (catur_game_time_out()). */
static gboolean
play_move (CaturGame        *self,
           const CaturMove  *move,
           gboolean          timed_out,
           GError          **error)
{
  const CaturPosition *before;
  CaturPosition *after;
  CaturGameMove *item;
  CaturMove completed;
  gboolean following;
  guint index;

  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (catur_game_is_over (self))
    {
      g_set_error_literal (error, CATUR_GAME_ERROR, CATUR_GAME_ERROR_GAME_OVER,
                           _("The game is over"));
      return FALSE;
    }

  before = catur_game_get_position (self);
  if (!catur_variant_is_legal (self->variant, before, move))
    {
      g_autofree char *why = catur_variant_explain (self->variant, before, move, NULL);

      g_set_error_literal (error, CATUR_GAME_ERROR, CATUR_GAME_ERROR_ILLEGAL_MOVE,
                           why != NULL ? why : _("That move is not legal"));
      return FALSE;
    }

  /* A move made while the computer thinks (by the caller, not the computer) replaces the
   * position it thinks about. */
  catur_game_stop_thinking (self);
  catur_game_drop_hints (self);

  index = self->positions->len - 1;
  following = self->view_ply == index;
  completed = *move;
  after = catur_position_copy (before);
  catur_variant_play (self->variant, after, &completed);
  catur_game_press_clock (self, catur_variant_side_to_move (self->variant, before));
  item = catur_game_move_new (index + 1, catur_variant_side_to_move (self->variant, before),
                              next_turn (self), &completed,
                              catur_game_format_ply (self, index, &completed, self->notation),
                              catur_game_format_ply (self, index, &completed,
                                                     catur_variant_get_coordinate_notation (
                                                       self->variant)));
  catur_game_move_set_timed_out (item, timed_out);
  g_ptr_array_add (self->positions, after);
  catur_variant_push_repetition (self->variant, self->history,
                                 catur_game_move_get_side (item), after);
  catur_game_update_outcome (self);

  g_list_store_append (self->moves, item);
  g_object_unref (item);
  /* A move answers a standing draw offer: it lapses. */
  set_draw_offer (self, CATUR_SIDE_NONE);
  catur_game_changed (self, following);
  catur_game_maybe_start_thinking (self);
  return TRUE;
}

/* Plays a move written in any notation the variant reads. */
gboolean
catur_game_play_text (CaturGame   *self,
                      const char  *text,
                      GError     **error)
{
  CaturMove move;

  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (catur_game_is_over (self))
    {
      g_set_error_literal (error, CATUR_GAME_ERROR, CATUR_GAME_ERROR_GAME_OVER,
                           _("The game is over"));
      return FALSE;
    }
  if (!catur_variant_parse_move (self->variant, catur_game_get_position (self),
                                 text, &move, error))
    return FALSE;
  return catur_game_play (self, &move, error);
}

/**
 * catur_game_undo:
 * @plies: how many plies to take back
 *
 * Takes back the last @plies plies; a game that had ended goes on again. Under
 * %CATUR_UNDO_POLICY_NONE nothing is taken back.
 *
 * Returns: %FALSE if the record has fewer plies, or take-backs are not allowed
 */
gboolean
catur_game_undo (CaturGame *self,
                 guint      plies)
{
  guint n;

  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  n = catur_game_get_n_plies (self);
  if (plies == 0 || plies > n || catur_game_get_undo_policy (self) == CATUR_UNDO_POLICY_NONE)
    return FALSE;

  catur_game_stop_thinking (self);
  catur_game_drop_hints (self);
  g_ptr_array_set_size (self->positions, n + 1 - plies);
  if (self->history != NULL)
    catur_repetition_truncate (self->history, n + 1 - plies);
  g_list_store_splice (self->moves, n - plies, plies, NULL, 0);
  catur_game_update_outcome (self);
  set_draw_offer (self, CATUR_SIDE_NONE);
  catur_game_changed (self, TRUE);
  catur_game_maybe_start_thinking (self);
  return TRUE;
}

/* @side gives up: the other side wins. */
void
catur_game_resign (CaturGame *self,
                   CaturSide  side)
{
  CaturOutcome outcome;

  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (side <= CATUR_SIDE_SECOND);

  catur_outcome_init (&outcome);
  outcome.result = CATUR_RESULT_WIN;
  outcome.winner = catur_side_other (side);
  outcome.reason = CATUR_REASON_RESIGN;
  catur_game_end (self, &outcome);
}

void
catur_game_agree_draw (CaturGame *self)
{
  CaturOutcome outcome;

  g_return_if_fail (CATUR_IS_GAME (self));

  catur_outcome_init (&outcome);
  outcome.result = CATUR_RESULT_DRAW;
  outcome.reason = CATUR_REASON_AGREEMENT;
  catur_game_end (self, &outcome);
}

/**
 * catur_game_end:
 * @outcome: a win or a draw, with its reason
 *
 * Ends the game in a way its moves do not: a resignation, an agreed draw, a time-out, the end
 * a record states (KIF's and CSA's end words). Nothing changes when the game is over already.
 * Such an ending is the players' (or the clock's), not the position's: a take-back cannot
 * undo it, and saved games keep it (catur_game_is_outcome_given()).
 */
void
catur_game_end (CaturGame          *self,
                const CaturOutcome *outcome)
{
  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (outcome != NULL && outcome->result != CATUR_RESULT_ONGOING);
  g_return_if_fail (outcome->result != CATUR_RESULT_WIN || outcome->winner <= CATUR_SIDE_SECOND);

  if (catur_game_is_over (self))
    return;

  catur_game_stop_thinking (self);
  catur_game_drop_hints (self);
  self->outcome = *outcome;
  if (self->outcome.result == CATUR_RESULT_DRAW)
    self->outcome.winner = CATUR_SIDE_NONE;
  self->outcome.notices = 0;
  self->outcome.warned_side = CATUR_SIDE_NONE;
  self->outcome_given = TRUE;
  set_draw_offer (self, CATUR_SIDE_NONE);
  catur_game_changed (self, FALSE);
}

/**
 * catur_game_is_outcome_given:
 *
 * Returns: whether the game ended by catur_game_end() (a resignation, an agreement, a
 *   time-out…), not by the rules in its last position
 */
gboolean
catur_game_is_outcome_given (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  return self->outcome_given;
}

/**
 * catur_game_get_options:
 *
 * Returns: (transfer none): the rule options (a{sv}) the game is played under, as given to
 *   catur_game_set_options(); empty when none were
 */
GVariant *
catur_game_get_options (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  return self->options;
}

/**
 * catur_game_set_options:
 * @options: (nullable): the options (a{sv}) the start position was made with
 *   (catur_variant_new_position()), or %NULL for none
 *
 * Keeps the rule options of the game, before its first move, and gives them to its start
 * position (catur_variant_apply_options()): a start read from a text gets back the rules it
 * was played under. Saved games and records keep them.
 */
void
catur_game_set_options (CaturGame *self,
                        GVariant  *options)
{
  g_autoptr(GVariant) kept = NULL;

  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (options == NULL || g_variant_is_of_type (options, G_VARIANT_TYPE_VARDICT));
  g_return_if_fail (catur_game_get_n_plies (self) == 0);

  kept = options != NULL
    ? g_variant_ref_sink (options)
    : g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
  g_clear_pointer (&self->options, g_variant_unref);
  self->options = g_steal_pointer (&kept);
  catur_variant_apply_options (self->variant, g_ptr_array_index (self->positions, 0),
                               self->options);
  catur_game_update_outcome (self);
  catur_game_init_clock (self);
  catur_game_changed (self, TRUE);
}

/**
 * catur_game_get_move_time:
 *
 * A per-move time limit is a rule between two people: a person practising against the
 * computer has no such clock (the computer's own search time is its limit), so a game with a
 * computer player has none, whatever its options say (RULES.md §T3).
 *
 * Returns: the seconds the player to move has for each move on a per-move clock
 *   (%CATUR_CLOCK_PER_MOVE); 0 for other clocks, no clock, or when the game is over
 */
guint
catur_game_get_move_time (CaturGame *self)
{
  const CaturTimeControl *control;

  g_return_val_if_fail (CATUR_IS_GAME (self), 0);

  control = catur_clock_get_control (self->clock);
  if (catur_game_is_over (self) || control->kind != CATUR_CLOCK_PER_MOVE)
    return 0;
  return control->extra;
}

/**
 * catur_game_get_time_outs:
 * @side: a seat
 *
 * Returns: how many of @side's last moves in a row were played for it when it ran out of time
 */
guint
catur_game_get_time_outs (CaturGame *self,
                          CaturSide  side)
{
  guint count = 0;

  g_return_val_if_fail (CATUR_IS_GAME (self), 0);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, 0);

  for (guint ply = catur_game_get_n_plies (self); ply >= 1; ply--)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (G_LIST_MODEL (self->moves), ply - 1);

      if (catur_game_move_get_side (item) != side)
        continue;
      if (!catur_game_move_get_timed_out (item))
        break;
      count++;
    }
  return count;
}

/**
 * catur_game_time_out:
 *
 * The player to move ran out of the time a move may take (the shell's clock says so): the
 * variant decides what follows (catur_variant_time_out()), told how many times in a row that
 * seat has run out of time. Either a move is played for the player (marked so in the record,
 * catur_game_move_get_timed_out()), or the game ends.
 *
 * Returns: %FALSE when the game was over already, so nothing happened
 */
gboolean
catur_game_time_out (CaturGame *self)
{
  CaturSide side;
  CaturOutcome outcome;
  CaturMove move;

  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  if (catur_game_is_over (self))
    return FALSE;

  side = catur_game_get_side_to_move (self);
  if (catur_variant_time_out (self->variant, catur_game_get_position (self), self->history,
                              catur_game_get_time_outs (self, side) + 1, &move, &outcome)
      && catur_clock_get_control (self->clock)->kind != CATUR_CLOCK_PER_MOVE
      && catur_clock_get_control (self->clock)->kind != CATUR_CLOCK_NONE)
    {
      /* A move played for the player suits a time a move (Banqi's); on a game clock the
       * player has no time left to play on with: the time-out loses. */
      catur_outcome_init (&outcome);
      outcome.result = CATUR_RESULT_WIN;
      outcome.winner = catur_side_other (side);
      outcome.reason = CATUR_REASON_TIME_OUT;
    }
  else if (outcome.result == CATUR_RESULT_ONGOING)
    {
      g_autoptr(GError) error = NULL;

      if (play_move (self, &move, TRUE, &error))
        return TRUE;
      g_critical ("The move played on a time-out failed: %s", error->message);
      catur_outcome_init (&outcome);
      outcome.result = CATUR_RESULT_WIN;
      outcome.winner = catur_side_other (side);
      outcome.reason = CATUR_REASON_TIME_OUT;
    }
  catur_game_end (self, &outcome);
  return TRUE;
}

/**
 * catur_game_describe_outcome:
 *
 * Returns: (transfer full) (nullable): how a finished game ended, without who won (the result
 *   card's subtitle, see catur_variant_describe_outcome()), %NULL while it goes on
 */
char *
catur_game_describe_outcome (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  if (!catur_game_is_over (self))
    return NULL;
  return catur_variant_describe_outcome (self->variant, catur_game_get_position (self),
                                         &self->outcome);
}

/**
 * catur_game_get_undo_policy:
 *
 * A game whose rules forbid take-backs (%CATUR_VARIANT_NO_TAKE_BACKS) has none, whoever
 * plays it, and so has one whose players chose %CATUR_UNDO_POLICY_NONE. Otherwise, against the
 * computer take-backs are always free: there is nobody to ask; between two people the policy
 * set with catur_game_set_undo_policy() holds.
 *
 * Returns: the #CaturUndoPolicy in force
 */
CaturUndoPolicy
catur_game_get_undo_policy (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), CATUR_UNDO_POLICY_ASK);

  if ((catur_variant_get_flags (self->variant) & CATUR_VARIANT_NO_TAKE_BACKS)
      || self->undo_policy == CATUR_UNDO_POLICY_NONE)
    return CATUR_UNDO_POLICY_NONE;
  if (self->computer_side != CATUR_SIDE_NONE)
    return CATUR_UNDO_POLICY_FREE;
  return self->undo_policy;
}

void
catur_game_set_undo_policy (CaturGame       *self,
                            CaturUndoPolicy  policy)
{
  CaturUndoPolicy before;

  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (policy <= CATUR_UNDO_POLICY_NONE);

  if (self->undo_policy == policy)
    return;
  before = catur_game_get_undo_policy (self);
  self->undo_policy = policy;
  if (catur_game_get_undo_policy (self) != before)
    catur_game_notify (self, CATUR_GAME_PROP_UNDO_POLICY);
}

/* A resignation, an agreed draw or a time-out is the players' (or the clock's) decision, not
 * a position a take-back undoes. */
static gboolean
ended_by_players (CaturGame *self)
{
  return self->outcome_given;
}

/**
 * catur_game_get_take_back_plies:
 * @requester: the side asking to take back its move
 *
 * The take-back rule: a side takes back its own last move and everything played after it.
 * So the player who has just moved (the side not to move) takes back 1 ply, and the player
 * to move takes back 2: its last move and the opponent's reply. The same rule serves a game
 * against the computer, where the person is always the requester.
 *
 * Returns: how many plies a take-back asked by @requester removes; 0 when @requester has
 *   not moved yet, when the game ended by resignation or agreement, or when take-backs are
 *   not allowed (%CATUR_UNDO_POLICY_NONE)
 */
guint
catur_game_get_take_back_plies (CaturGame *self,
                                CaturSide  requester)
{
  guint n;

  g_return_val_if_fail (CATUR_IS_GAME (self), 0);
  g_return_val_if_fail (requester <= CATUR_SIDE_SECOND, 0);

  if (ended_by_players (self) || catur_game_get_undo_policy (self) == CATUR_UNDO_POLICY_NONE)
    return 0;

  n = catur_game_get_n_plies (self);
  for (guint ply = n; ply >= 1; ply--)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (G_LIST_MODEL (self->moves), ply - 1);

      if (catur_game_move_get_side (item) == requester)
        return n - ply + 1;
    }
  return 0;
}

/**
 * catur_game_get_undo_turn_plies:
 * @self: a #CaturGame
 *
 * How many plies catur_game_undo_turn() takes back: in a game of two players the last ply;
 * against the computer, back to the player's previous turn (the player's move and the
 * computer's reply, or only the player's move while the computer thinks about it): that is
 * catur_game_get_take_back_plies() asked by the player's side.
 *
 * Returns: the plies, 0 when there is nothing to take back, when the game ended by
 *   resignation or agreement, or when take-backs are not allowed
 */
guint
catur_game_get_undo_turn_plies (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), 0);

  if (self->computer_side != CATUR_SIDE_NONE)
    return catur_game_get_take_back_plies (self, catur_side_other (self->computer_side));
  if (ended_by_players (self) || catur_game_get_undo_policy (self) == CATUR_UNDO_POLICY_NONE)
    return 0;
  return catur_game_get_n_plies (self) > 0 ? 1 : 0;
}

/**
 * catur_game_take_back:
 * @requester: the side taking back its move
 *
 * Takes back what catur_game_get_take_back_plies() says. The permission the undo policy may
 * ask for is the caller's to obtain first.
 *
 * Returns: %FALSE when there was nothing @requester could take back
 */
gboolean
catur_game_take_back (CaturGame *self,
                      CaturSide  requester)
{
  guint plies;

  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);
  g_return_val_if_fail (requester <= CATUR_SIDE_SECOND, FALSE);

  plies = catur_game_get_take_back_plies (self, requester);
  return plies > 0 && catur_game_undo (self, plies);
}

/**
 * catur_game_can_take_back:
 * @reason: (out) (optional) (transfer full): where take-backs are not allowed, a translated
 *   sentence saying why, for a tooltip ("Banqi has no take-backs")
 *
 * Whether this game allows take-backs at all (its undo policy is not
 * %CATUR_UNDO_POLICY_NONE); whether there is something to take back now is
 * catur_game_get_take_back_plies()'s to say.
 *
 * Returns: %TRUE when moves may be taken back
 */
gboolean
catur_game_can_take_back (CaturGame  *self,
                          char      **reason)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);
  g_return_val_if_fail (reason == NULL || *reason == NULL, FALSE);

  if (catur_game_get_undo_policy (self) != CATUR_UNDO_POLICY_NONE)
    return TRUE;
  if (reason != NULL)
    {
      if (catur_variant_get_flags (self->variant) & CATUR_VARIANT_NO_TAKE_BACKS)
        /* Translators: %s is the name of a game, such as "Banqi" */
        *reason = g_strdup_printf (_("%s has no take-backs"),
                                   catur_variant_get_name (self->variant));
      else
        *reason = g_strdup (_("Take-backs are turned off for this game"));
    }
  return FALSE;
}

/**
 * catur_game_can_offer_draw:
 * @reason: (out) (optional) (transfer full): where draw offers are not allowed, a translated
 *   sentence saying how the game ends instead (catur_variant_describe_no_draw_offers())
 *
 * Whether the game's rules allow a draw by agreement (%CATUR_VARIANT_NO_DRAW_OFFERS); whether
 * the game is still going on is catur_game_is_over()'s to say.
 *
 * Returns: %TRUE when a side may offer a draw
 */
gboolean
catur_game_can_offer_draw (CaturGame  *self,
                           char      **reason)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);
  g_return_val_if_fail (reason == NULL || *reason == NULL, FALSE);

  if (!(catur_variant_get_flags (self->variant) & CATUR_VARIANT_NO_DRAW_OFFERS))
    return TRUE;
  if (reason != NULL)
    *reason = catur_variant_describe_no_draw_offers (self->variant);
  return FALSE;
}

/**
 * catur_game_draw_offer_is_open:
 *
 * Whether a side may offer a draw now (RULES T4): the rules have draw offers, the game goes on,
 * no offer awaits an answer, and each side has made a move of this game: two players cannot
 * agree a draw before a move is played.
 *
 * Returns: %TRUE when catur_game_offer_draw() would record an offer
 */
gboolean
catur_game_draw_offer_is_open (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  return catur_game_can_offer_draw (self, NULL) && !catur_game_is_over (self)
         && self->draw_offer == CATUR_SIDE_NONE && catur_game_get_n_plies (self) >= 2;
}

/**
 * catur_game_offer_draw:
 * @side: the side offering
 *
 * Records @side's offer of a draw until the other side answers it with
 * catur_game_answer_draw_offer() or plays a move (which lets it lapse).
 *
 * Returns: %FALSE when no offer may be made now (catur_game_draw_offer_is_open())
 */
gboolean
catur_game_offer_draw (CaturGame *self,
                       CaturSide  side)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);
  g_return_val_if_fail (side <= CATUR_SIDE_SECOND, FALSE);

  if (!catur_game_draw_offer_is_open (self))
    return FALSE;
  set_draw_offer (self, side);
  return TRUE;
}

CaturSide
catur_game_get_draw_offer (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), CATUR_SIDE_NONE);

  return self->draw_offer;
}

/* The other side accepts the standing offer (a draw by agreement) or declines it. */
void
catur_game_answer_draw_offer (CaturGame *self,
                              gboolean   accept)
{
  g_return_if_fail (CATUR_IS_GAME (self));

  if (self->draw_offer == CATUR_SIDE_NONE)
    return;
  if (accept)
    catur_game_agree_draw (self);
  else
    set_draw_offer (self, CATUR_SIDE_NONE);
}

guint
catur_game_get_view_ply (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), 0);

  return self->view_ply;
}

/**
 * catur_game_set_view_ply:
 * @ply: the ply to look at, 0 for the start; past the end means the last position
 *
 * Shows an earlier position (review) or the last one (play). Only the view changes.
 */
void
catur_game_set_view_ply (CaturGame *self,
                         guint      ply)
{
  g_return_if_fail (CATUR_IS_GAME (self));

  ply = MIN (ply, catur_game_get_n_plies (self));
  if (self->view_ply == ply)
    return;
  self->view_ply = ply;
  catur_game_sync_clock (self);
  catur_game_notify (self, CATUR_GAME_PROP_VIEW_PLY);
}

/* Whether an earlier position than the last is shown: the board is then read-only. */
gboolean
catur_game_is_reviewing (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  return self->view_ply < catur_game_get_n_plies (self);
}

/* The comment before the first move: no ply holds it. */
#define START_COMMENT_KEY "catur-start-comment"

/**
 * catur_game_get_comment:
 * @ply: the comment follows this many plies; 0 for the one before the first move
 *
 * What a record says at a point of the game (PGN's `{…}`, KIF's `*` lines, CSA's `'` lines),
 * as read or as the players wrote it. A comment goes with its ply: taking the ply back drops it.
 *
 * Returns: (nullable): the comment
 */
const char *
catur_game_get_comment (CaturGame *self,
                        guint      ply)
{
  g_autoptr(CaturGameMove) item = NULL;

  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);

  if (ply == 0)
    return g_object_get_data (G_OBJECT (self), START_COMMENT_KEY);
  if (ply > catur_game_get_n_plies (self))
    return NULL;
  item = g_list_model_get_item (G_LIST_MODEL (self->moves), ply - 1);
  return catur_game_move_get_comment (item);
}

/**
 * catur_game_set_comment:
 * @ply: a ply played, or 0 for the start
 * @comment: (nullable): the comment; %NULL or blank removes it
 *
 * Emits #CaturGame::comment-changed when the comment changes.
 */
void
catur_game_set_comment (CaturGame  *self,
                        guint       ply,
                        const char *comment)
{
  g_autoptr(CaturGameMove) item = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (ply <= catur_game_get_n_plies (self));

  if (comment != NULL)
    {
      text = g_strstrip (g_strdup (comment));
      if (*text == '\0')
        g_clear_pointer (&text, g_free);
    }
  if (g_strcmp0 (text, catur_game_get_comment (self, ply)) == 0)
    return;
  if (ply == 0)
    g_object_set_data_full (G_OBJECT (self), START_COMMENT_KEY, g_steal_pointer (&text),
                            g_free);
  else
    {
      item = g_list_model_get_item (G_LIST_MODEL (self->moves), ply - 1);
      catur_game_move_take_comment (item, g_steal_pointer (&text));
    }
  g_signal_emit (self, signals[COMMENT_CHANGED], 0, ply);
}

CaturSide
catur_game_get_bottom_side (CaturGame *self)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), CATUR_SIDE_FIRST);

  return self->bottom_side;
}

void
catur_game_set_bottom_side (CaturGame *self,
                            CaturSide  side)
{
  g_return_if_fail (CATUR_IS_GAME (self));
  g_return_if_fail (side <= CATUR_SIDE_SECOND);

  if (self->bottom_side == side)
    return;
  self->bottom_side = side;
  catur_game_notify (self, CATUR_GAME_PROP_BOTTOM_SIDE);
}

/**
 * catur_game_get_rematch_bottom_side:
 * @swap_colours: whether the players change sides after a finished game
 *
 * The colour-swap rule: after a finished game, with @swap_colours, the player at the bottom
 * of the board plays the other side; after a game given up unfinished, or without
 * @swap_colours, the same side. A game given up unfinished is not a game played. Against
 * the computer the person keeps their side: the rule is for two players.
 *
 * Returns: the bottom side of the next game between the same players
 */
CaturSide
catur_game_get_rematch_bottom_side (CaturGame *self,
                                    gboolean   swap_colours)
{
  g_return_val_if_fail (CATUR_IS_GAME (self), CATUR_SIDE_FIRST);

  if (swap_colours && catur_game_is_over (self) && self->computer_side == CATUR_SIDE_NONE)
    return catur_side_other (self->bottom_side);
  return self->bottom_side;
}

/**
 * catur_game_new_rematch:
 * @start: (transfer full) (nullable): the new game's start, or %NULL for the variant's own
 * @swap_colours: whether the players change sides after a finished game
 *
 * The next game between the same players: same variant, notation and undo policy (who plays
 * it, the computer or not, is the caller's to set with catur_game_set_computer()). The
 * players keep their seats; with @swap_colours after a finished game they change sides, and
 * the board is drawn for the side the player at the bottom has now
 * (catur_game_get_rematch_bottom_side()).
 *
 * Returns: (transfer full): the new game
 */
CaturGame *
catur_game_new_rematch (CaturGame     *self,
                        CaturPosition *start,
                        gboolean       swap_colours)
{
  CaturGame *game;

  g_return_val_if_fail (CATUR_IS_GAME (self), NULL);
  g_return_val_if_fail (start == NULL || start->variant == self->variant, NULL);

  game = catur_game_new (self->variant, start);
  catur_game_set_notation (game, self->notation);
  catur_game_set_undo_policy (game, self->undo_policy);
  catur_game_set_bottom_side (game, catur_game_get_rematch_bottom_side (self, swap_colours));
  return game;
}

/**
 * catur_game_undo_turn:
 * @self: a #CaturGame
 *
 * Takes back catur_game_get_undo_turn_plies() plies, abandoning the computer's search.
 *
 * Returns: %FALSE when there was nothing to take back
 */
gboolean
catur_game_undo_turn (CaturGame *self)
{
  guint plies;

  g_return_val_if_fail (CATUR_IS_GAME (self), FALSE);

  plies = catur_game_get_undo_turn_plies (self);
  if (plies == 0)
    return FALSE;
  return catur_game_undo (self, plies);
}
