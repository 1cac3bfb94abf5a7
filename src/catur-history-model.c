/* catur-history-model.c: the moves of a game, two turns a row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GListModel over the game's plies (catur_game_get_moves()), numbered by
 * full moves: row "1." holds the first side's turn and the second side's
 * answer. A turn is most often one ply; in a game where a side may play on
 * (Banqi's chain of captures, ended by a declaration) it is every ply that
 * side plays before the other's, and its cell reads them in order. A game set
 * up with the second side to move starts with an empty first cell. The cell
 * holding the game's view ply (the last ply, or the one reviewed) is marked
 * current, and a cell holding a ply played for a player out of time is marked timed out.
 * Rows are immutable; a change replaces the rows it touches.
 */
#define G_LOG_DOMAIN "catur-history-model"

#include "config.h"

#include "catur-history-model.h"

struct _CaturHistoryRow
{
  GObject parent_instance;

  guint number;
  char *first;
  char *second;
  guint first_ply;
  guint second_ply;
  CaturSide current;
  gboolean first_timed_out;
  gboolean second_timed_out;
};

G_DEFINE_FINAL_TYPE (CaturHistoryRow, catur_history_row, G_TYPE_OBJECT)

struct _CaturHistoryModel
{
  GObject parent_instance;

  CaturGame *game;
  GListModel *moves;
  GPtrArray *rows;

  guint n_plies;
  guint view_ply;   /* the ply whose cell is marked */
  /* Cell 2 * row is the first side's turn, 2 * row + 1 the second's (a cell is a turn,
   * catur_game_move_get_turn()). ply_cell[i] is the cell of ply index i; cell_start[c] the ply
   * index that opens cell c (G_MAXUINT for the empty first cell of a game the second side
   * opens). */
  GArray *ply_cell;
  GArray *cell_start;
};

static void catur_history_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CaturHistoryModel, catur_history_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      catur_history_model_list_model_init))

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
catur_history_row_finalize (GObject *object)
{
  CaturHistoryRow *self = CATUR_HISTORY_ROW (object);

  g_free (self->first);
  g_free (self->second);

  G_OBJECT_CLASS (catur_history_row_parent_class)->finalize (object);
}

static void
catur_history_row_class_init (CaturHistoryRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = catur_history_row_finalize;
}

static void
catur_history_row_init (CaturHistoryRow *self)
{
  self->current = CATUR_SIDE_NONE;
}

/* The row's full-move number, from 1. */
guint
catur_history_row_get_number (CaturHistoryRow *self)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_ROW (self), 0);

  return self->number;
}

/**
 * catur_history_row_get_first:
 * @self: a #CaturHistoryRow
 *
 * Returns: (nullable): the first side's ply, %NULL when the game began after it
 */
const char *
catur_history_row_get_first (CaturHistoryRow *self)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_ROW (self), NULL);

  return self->first;
}

/**
 * catur_history_row_get_second:
 * @self: a #CaturHistoryRow
 *
 * Returns: (nullable): the second side's ply, %NULL when not played yet
 */
const char *
catur_history_row_get_second (CaturHistoryRow *self)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_ROW (self), NULL);

  return self->second;
}

/**
 * catur_history_row_get_ply:
 * @self: a #CaturHistoryRow
 * @cell: %CATUR_SIDE_FIRST or %CATUR_SIDE_SECOND
 *
 * Returns: the ply number (from 1) of the move in @cell, 0 when the cell is empty
 */
guint
catur_history_row_get_ply (CaturHistoryRow *self,
                           CaturSide        cell)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_ROW (self), 0);
  g_return_val_if_fail (cell <= CATUR_SIDE_SECOND, 0);

  return cell == CATUR_SIDE_FIRST ? self->first_ply : self->second_ply;
}

/**
 * catur_history_row_get_current:
 * @self: a #CaturHistoryRow
 *
 * Returns: which cell holds the ply shown on the board (the game's view ply), or
 *   %CATUR_SIDE_NONE
 */
CaturSide
catur_history_row_get_current (CaturHistoryRow *self)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_ROW (self), CATUR_SIDE_NONE);

  return self->current;
}

/**
 * catur_history_row_get_timed_out:
 * @self: a #CaturHistoryRow
 * @cell: %CATUR_SIDE_FIRST or %CATUR_SIDE_SECOND
 *
 * Returns: whether a ply of @cell was played for a player out of time
 *   (catur_game_move_get_timed_out())
 */
gboolean
catur_history_row_get_timed_out (CaturHistoryRow *self,
                                 CaturSide        cell)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_ROW (self), FALSE);
  g_return_val_if_fail (cell <= CATUR_SIDE_SECOND, FALSE);

  return cell == CATUR_SIDE_FIRST ? self->first_timed_out : self->second_timed_out;
}

/* The notation of the plies of @cell, in order, joined by spaces; its last ply's number (from
 * 1) in @last, 0 for an empty cell; whether one was played for a player out of time in
 * @timed_out. */
static char *
cell_text (CaturHistoryModel *self,
           guint              cell,
           guint             *last,
           gboolean          *timed_out)
{
  g_autoptr(GString) text = NULL;
  guint start, end;

  *last = 0;
  *timed_out = FALSE;
  if (cell >= self->cell_start->len
      || (start = g_array_index (self->cell_start, guint, cell)) == G_MAXUINT)
    return NULL;
  end = cell + 1 < self->cell_start->len
    ? g_array_index (self->cell_start, guint, cell + 1) : self->n_plies;

  text = g_string_new (NULL);
  for (guint i = start; i < end; i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (self->moves, i);

      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, catur_game_move_get_notation (item));
      *timed_out |= catur_game_move_get_timed_out (item);
    }
  *last = end;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The cell holding @ply (from 1), or G_MAXUINT. */
static guint
cell_of_ply (CaturHistoryModel *self,
             guint              ply)
{
  if (ply == 0 || ply > self->ply_cell->len)
    return G_MAXUINT;
  return g_array_index (self->ply_cell, guint, ply - 1);
}

static CaturHistoryRow *
build_row (CaturHistoryModel *self,
           guint              row)
{
  CaturHistoryRow *result = g_object_new (CATUR_TYPE_HISTORY_ROW, NULL);
  guint view_cell = cell_of_ply (self, self->view_ply);

  result->number = row + 1;
  result->first = cell_text (self, 2 * row, &result->first_ply, &result->first_timed_out);
  result->second = cell_text (self, 2 * row + 1, &result->second_ply,
                              &result->second_timed_out);
  if (view_cell == 2 * row)
    result->current = CATUR_SIDE_FIRST;
  else if (view_cell == 2 * row + 1)
    result->current = CATUR_SIDE_SECOND;

  return result;
}

/* Where each turn's plies are: a ply's cell is its turn (catur_game_move_get_turn()). */
static void
index_turns (CaturHistoryModel *self)
{
  g_array_set_size (self->ply_cell, 0);
  g_array_set_size (self->cell_start, 0);
  for (guint i = 0; i < self->n_plies; i++)
    {
      g_autoptr(CaturGameMove) item = g_list_model_get_item (self->moves, i);
      guint cell = catur_game_move_get_turn (item);
      guint none = G_MAXUINT;

      /* Only a game begun by the second side skips a cell, its first. */
      while (self->cell_start->len < cell)
        g_array_append_val (self->cell_start, none);
      if (self->cell_start->len == cell)
        g_array_append_val (self->cell_start, i);
      g_array_append_val (self->ply_cell, cell);
    }
}

static guint
count_rows (CaturHistoryModel *self)
{
  if (self->n_plies == 0)
    return 0;
  return (self->cell_start->len + 1) / 2;
}

/* Rebuilds the rows from @from on and tells the list what changed. */
static void
rebuild_from (CaturHistoryModel *self,
              guint              from)
{
  guint old_rows = self->rows->len, new_rows;

  self->n_plies = self->moves != NULL ? g_list_model_get_n_items (self->moves) : 0;
  index_turns (self);
  new_rows = count_rows (self);
  from = MIN (from, MIN (old_rows, new_rows));

  g_ptr_array_set_size (self->rows, from);
  for (guint row = from; row < new_rows; row++)
    g_ptr_array_add (self->rows, build_row (self, row));

  if (old_rows - from > 0 || new_rows - from > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), from, old_rows - from, new_rows - from);
}

/* The row holding the cell of @ply (from 1), or G_MAXUINT. */
static guint
row_of_ply (CaturHistoryModel *self,
            guint              ply)
{
  guint cell = cell_of_ply (self, ply);

  return cell == G_MAXUINT ? G_MAXUINT : cell / 2;
}

static void
moves_changed_cb (CaturHistoryModel *self,
                  guint              position,
                  guint              removed,
                  guint              added,
                  GListModel        *moves)
{
  /* The rows before the last ply kept stay as they are; its own may grow a ply of the same
   * turn. Plies are indexed as they were before the change. */
  rebuild_from (self, position == 0 ? 0 : row_of_ply (self, position));
}

/* The mark moves from the old view ply's cell to the new one's. */
static void
view_ply_changed_cb (CaturHistoryModel *self)
{
  guint old_view = self->view_ply;
  guint rows[2] = { G_MAXUINT, G_MAXUINT };

  self->view_ply = catur_game_get_view_ply (self->game);
  rows[0] = row_of_ply (self, old_view);
  rows[1] = row_of_ply (self, self->view_ply);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      if (rows[i] >= self->rows->len || (i == 1 && rows[1] == rows[0]))
        continue;
      g_object_unref (g_ptr_array_index (self->rows, rows[i]));
      g_ptr_array_index (self->rows, rows[i]) = build_row (self, rows[i]);
      g_list_model_items_changed (G_LIST_MODEL (self), rows[i], 1, 1);
    }
}

/* A comment changed: its row is drawn again (the view shows comments under their rows). */
static void
comment_changed_cb (CaturHistoryModel *self,
                    guint              ply)
{
  guint row = row_of_ply (self, ply);

  if (row >= self->rows->len)
    return;
  g_object_unref (g_ptr_array_index (self->rows, row));
  g_ptr_array_index (self->rows, row) = build_row (self, row);
  g_list_model_items_changed (G_LIST_MODEL (self), row, 1, 1);
}

static GType
catur_history_model_get_item_type (GListModel *model)
{
  return CATUR_TYPE_HISTORY_ROW;
}

static guint
catur_history_model_get_n_items (GListModel *model)
{
  return CATUR_HISTORY_MODEL (model)->rows->len;
}

static gpointer
catur_history_model_get_item (GListModel *model,
                              guint       position)
{
  CaturHistoryModel *self = CATUR_HISTORY_MODEL (model);

  if (position >= self->rows->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->rows, position));
}

static void
catur_history_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = catur_history_model_get_item_type;
  iface->get_n_items = catur_history_model_get_n_items;
  iface->get_item = catur_history_model_get_item;
}

static void
catur_history_model_dispose (GObject *object)
{
  CaturHistoryModel *self = CATUR_HISTORY_MODEL (object);

  if (self->moves != NULL)
    g_signal_handlers_disconnect_by_func (self->moves, moves_changed_cb, self);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, view_ply_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, comment_changed_cb, self);
    }
  g_clear_object (&self->moves);
  g_clear_object (&self->game);
  g_ptr_array_set_size (self->rows, 0);

  G_OBJECT_CLASS (catur_history_model_parent_class)->dispose (object);
}

static void
catur_history_model_finalize (GObject *object)
{
  CaturHistoryModel *self = CATUR_HISTORY_MODEL (object);

  g_ptr_array_unref (self->rows);
  g_array_unref (self->ply_cell);
  g_array_unref (self->cell_start);

  G_OBJECT_CLASS (catur_history_model_parent_class)->finalize (object);
}

static void
catur_history_model_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CaturHistoryModel *self = CATUR_HISTORY_MODEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_history_model_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CaturHistoryModel *self = CATUR_HISTORY_MODEL (object);

  switch (prop_id)
    {
    case PROP_GAME:
      catur_history_model_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_history_model_class_init (CaturHistoryModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = catur_history_model_dispose;
  object_class->finalize = catur_history_model_finalize;
  object_class->get_property = catur_history_model_get_property;
  object_class->set_property = catur_history_model_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CATUR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
catur_history_model_init (CaturHistoryModel *self)
{
  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
  self->ply_cell = g_array_new (FALSE, FALSE, sizeof (guint));
  self->cell_start = g_array_new (FALSE, FALSE, sizeof (guint));
}

CaturHistoryModel *
catur_history_model_new (void)
{
  return g_object_new (CATUR_TYPE_HISTORY_MODEL, NULL);
}

/**
 * catur_history_model_get_game:
 * @self: a #CaturHistoryModel
 *
 * Returns: (transfer none) (nullable): the game listed
 */
CaturGame *
catur_history_model_get_game (CaturHistoryModel *self)
{
  g_return_val_if_fail (CATUR_IS_HISTORY_MODEL (self), NULL);

  return self->game;
}

/**
 * catur_history_model_set_game:
 * @self: a #CaturHistoryModel
 * @game: (nullable): the game to list
 */
void
catur_history_model_set_game (CaturHistoryModel *self,
                              CaturGame         *game)
{
  g_return_if_fail (CATUR_IS_HISTORY_MODEL (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->moves != NULL)
    g_signal_handlers_disconnect_by_func (self->moves, moves_changed_cb, self);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, view_ply_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, comment_changed_cb, self);
    }
  g_clear_object (&self->moves);
  g_set_object (&self->game, game);

  self->view_ply = 0;
  if (game != NULL)
    {
      self->moves = g_object_ref (catur_game_get_moves (game));
      self->view_ply = catur_game_get_view_ply (game);
      g_signal_connect_object (self->moves, "items-changed", G_CALLBACK (moves_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::view-ply", G_CALLBACK (view_ply_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "comment-changed", G_CALLBACK (comment_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }

  rebuild_from (self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}
