/* catur-game-move.c: one ply of a game's record, an item of catur_game_get_moves()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "catur"

#include "config.h"

#include "catur.h"
#include "catur-game-private.h"

struct _CaturGameMove
{
  GObject parent_instance;

  guint ply;
  CaturSide side;
  guint turn;
  CaturMove move;
  char *notation;
  char *coordinate;
  /* Played for a player who ran out of time (catur_game_time_out()). */
  gboolean timed_out;
  /* What the record says after this ply (catur_game_set_comment()), or NULL. */
  char *comment;
};

G_DEFINE_FINAL_TYPE (CaturGameMove, catur_game_move, G_TYPE_OBJECT)

enum {
  MOVE_PROP_0,
  MOVE_PROP_PLY,
  MOVE_PROP_NOTATION,
  N_MOVE_PROPS
};

static GParamSpec *move_properties[N_MOVE_PROPS];

static void
catur_game_move_finalize (GObject *object)
{
  CaturGameMove *self = (CaturGameMove *) object;

  g_free (self->notation);
  g_free (self->coordinate);
  g_free (self->comment);

  G_OBJECT_CLASS (catur_game_move_parent_class)->finalize (object);
}

static void
catur_game_move_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  CaturGameMove *self = CATUR_GAME_MOVE (object);

  switch (prop_id)
    {
    case MOVE_PROP_PLY:
      g_value_set_uint (value, self->ply);
      break;
    case MOVE_PROP_NOTATION:
      g_value_set_string (value, self->notation);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_game_move_class_init (CaturGameMoveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = catur_game_move_finalize;
  object_class->get_property = catur_game_move_get_property;

  move_properties[MOVE_PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 1, G_MAXUINT, 1,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  move_properties[MOVE_PROP_NOTATION] =
    g_param_spec_string ("notation", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_MOVE_PROPS, move_properties);
}

static void
catur_game_move_init (CaturGameMove *self)
{
}

/* The game writes every ply in its notation: it makes the items and rewrites their notation. */
CaturGameMove *
catur_game_move_new (guint            ply,
                     CaturSide        side,
                     guint            turn,
                     const CaturMove *move,
                     char            *notation,
                     char            *coordinate)
{
  CaturGameMove *self = g_object_new (CATUR_TYPE_GAME_MOVE, NULL);

  self->ply = ply;
  self->side = side;
  self->turn = turn;
  self->move = *move;
  self->notation = notation;
  self->coordinate = coordinate;
  return self;
}

void
catur_game_move_take_notation (CaturGameMove *self,
                               char          *notation)
{
  g_return_if_fail (CATUR_IS_GAME_MOVE (self));

  g_free (self->notation);
  self->notation = notation;
  g_object_notify_by_pspec (G_OBJECT (self), move_properties[MOVE_PROP_NOTATION]);
}

/* The ply number, counted from 1 for the first move of the record. */
guint
catur_game_move_get_ply (CaturGameMove *self)
{
  g_return_val_if_fail (CATUR_IS_GAME_MOVE (self), 0);

  return self->ply;
}

CaturSide
catur_game_move_get_side (CaturGameMove *self)
{
  g_return_val_if_fail (CATUR_IS_GAME_MOVE (self), CATUR_SIDE_NONE);

  return self->side;
}

/**
 * catur_game_move_get_turn:
 * @self: a #CaturGameMove
 *
 * The turn the ply belongs to, from 0: a turn is every ply a side plays before the other's
 * (most often one; a chain of captures, several), and a full move is the first side's turn
 * and the second side's answer, so that the turns of full move n are 2n − 2 (the first
 * side's) and 2n − 1. A game begun by the second side opens with turn 1.
 *
 * Returns: the turn, from 0
 */
guint
catur_game_move_get_turn (CaturGameMove *self)
{
  g_return_val_if_fail (CATUR_IS_GAME_MOVE (self), 0);

  return self->turn;
}

const CaturMove *
catur_game_move_get_move (CaturGameMove *self)
{
  g_return_val_if_fail (CATUR_IS_GAME_MOVE (self), NULL);

  return &self->move;
}

/* The move in the game's current notation. */
const char *
catur_game_move_get_notation (CaturGameMove *self)
{
  g_return_val_if_fail (CATUR_IS_GAME_MOVE (self), NULL);

  return self->notation;
}

const char *
catur_game_move_get_coordinate (CaturGameMove *self)
{
  g_return_val_if_fail (CATUR_IS_GAME_MOVE (self), NULL);

  return self->coordinate;
}

/* Whether the move was played for its player, who ran out of time (catur_game_time_out()). */
gboolean
catur_game_move_get_timed_out (CaturGameMove *self)
{
  g_return_val_if_fail (CATUR_IS_GAME_MOVE (self), FALSE);

  return self->timed_out;
}

void
catur_game_move_set_timed_out (CaturGameMove *self,
                               gboolean       timed_out)
{
  g_return_if_fail (CATUR_IS_GAME_MOVE (self));

  self->timed_out = timed_out;
}

/* The comment after this ply, or %NULL (catur_game_get_comment()). */
const char *
catur_game_move_get_comment (CaturGameMove *self)
{
  g_return_val_if_fail (CATUR_IS_GAME_MOVE (self), NULL);

  return self->comment;
}

void
catur_game_move_take_comment (CaturGameMove *self,
                              char          *comment)
{
  g_return_if_fail (CATUR_IS_GAME_MOVE (self));

  g_free (self->comment);
  self->comment = comment;
}
