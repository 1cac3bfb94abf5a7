/* catur-board-view-a11y.c: what the board tells assistive technologies
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board is a grid (role table over AT-SPI) of cells, one child widget per square and hand
 * slot: GTK 4.8 cannot make accessible objects that are not widgets. A cell draws nothing and
 * takes no pointer input (the board keeps its gestures); it is allocated over its square so
 * that a screen reader's review and magnifier find it there. Its name says the square and what
 * stands on it ("e0, Red General", "b3, face-down piece", "5e, empty"), its state whether it
 * holds the piece picked up. The keyboard focus is on the cell under the cursor: keys bubble
 * from it to the board's key controller, and the screen reader follows the cursor as focus.
 *
 * GTK 4.8 has no announce API, and Orca speaks neither the names nor the texts of objects away
 * from the focus. It does speak a change of the description of the object with the focus (the
 * "locus of focus"): what happened — a move, why one was refused, check, a notice, the end of
 * the game, a take-back, the answer to a question — becomes the description of the cursor's
 * cell, set empty first, so that the same sentence twice is spoken twice (Orca skips a
 * description equal to the one it last presented). It is cleared when the cursor leaves.
 * With the focus away from the board, the widget that has it says the same sentence
 * (catur_a11y_announce()).
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <glib/gi18n.h>

#include "catur-board-view-private.h"

struct _CaturBoardCell
{
  GtkWidget parent_instance;

  CaturSquare square;
  char *label;
  gboolean selected;
};

G_DEFINE_FINAL_TYPE (CaturBoardCell, catur_board_cell, GTK_TYPE_WIDGET)

static void
catur_board_cell_finalize (GObject *object)
{
  g_free (CATUR_BOARD_CELL (object)->label);

  G_OBJECT_CLASS (catur_board_cell_parent_class)->finalize (object);
}

static void
catur_board_cell_class_init (CaturBoardCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = catur_board_cell_finalize;
  gtk_widget_class_set_css_name (widget_class, "cell");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID_CELL);
}

static void
catur_board_cell_init (CaturBoardCell *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

static GtkWidget *
cell_new (CaturSquare square)
{
  CaturBoardCell *cell = g_object_new (CATUR_TYPE_BOARD_CELL, NULL);

  cell->square = square;
  return GTK_WIDGET (cell);
}

static void
cell_set_label (CaturBoardCell *cell,
                const char     *label,
                gboolean        selected)
{
  /* Only what changed: GTK tells the bus of every update, and the board has many cells. */
  if (g_strcmp0 (cell->label, label) != 0)
    {
      g_free (cell->label);
      cell->label = g_strdup (label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
    }
  if (cell->selected != selected)
    {
      cell->selected = selected;
      gtk_accessible_update_state (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_STATE_SELECTED, selected,
                                   -1);
    }
}

static void
cell_set_description (GtkWidget  *cell,
                      const char *description)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
}

/* The cell of @square, or %NULL. */
static GtkWidget *
cell_of (CaturBoardView *self,
         CaturSquare     square)
{
  if (self->cells == NULL)
    return NULL;
  for (guint i = 0; i < self->cells->len; i++)
    {
      CaturBoardCell *cell = g_ptr_array_index (self->cells, i);

      if (cell->square == square)
        return GTK_WIDGET (cell);
    }
  return NULL;
}

void
_catur_board_view_clear_cells (CaturBoardView *self)
{
  if (self->cells == NULL)
    return;
  self->spoken_cell = NULL;
  for (guint i = 0; i < self->cells->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->cells, i));
  g_clear_pointer (&self->cells, g_ptr_array_unref);
}

/* Whether the keyboard focus is on the board or one of its cells. */
gboolean
_catur_board_view_focus_within (CaturBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == GTK_WIDGET (self)
                           || (CATUR_IS_BOARD_CELL (focus)
                               && gtk_widget_get_parent (focus) == GTK_WIDGET (self)));
}

/* Gives the focus to the cursor's cell; %FALSE when there is none to take it. */
gboolean
_catur_board_view_grab_cursor_focus (CaturBoardView *self)
{
  GtkWidget *cell = cell_of (self, self->cursor);

  return cell != NULL && gtk_widget_get_child_visible (cell) && gtk_widget_grab_focus (cell);
}

/* The square of cell @i: the board's squares in order, then the first side's hand slots in the
 * hand's order, then the second side's. */
static CaturSquare
cell_square (CaturBoardView *self,
             guint           i)
{
  guint n_squares = self->geometry.files * self->geometry.ranks;

  if (i < n_squares)
    return i;
  return CATUR_SQUARE_HAND ((i - n_squares) / self->n_hand_kinds,
                            self->hand_kinds[(i - n_squares) % self->n_hand_kinds]);
}

/* A cell per board square, then per hand slot; kept while the squares are the same, so that the
 * focus stays on the board from one game to the next. */
void
_catur_board_view_init_cells (CaturBoardView *self)
{
  guint n_squares = self->geometry.files * self->geometry.ranks;
  guint n_cells = self->game != NULL ? n_squares + 2 * self->n_hand_kinds : 0;
  gboolean had_focus = _catur_board_view_focus_within (self);
  gboolean same = self->cells != NULL && self->cells->len == n_cells;

  for (guint i = 0; same && i < n_cells; i++)
    same = CATUR_BOARD_CELL (g_ptr_array_index (self->cells, i))->square == cell_square (self, i);
  if (same)
    return;

  _catur_board_view_clear_cells (self);
  if (n_cells == 0)
    return;
  self->cells = g_ptr_array_sized_new (n_cells);
  for (guint i = 0; i < n_cells; i++)
    {
      GtkWidget *cell = cell_new (cell_square (self, i));

      gtk_widget_set_parent (cell, GTK_WIDGET (self));
      g_ptr_array_add (self->cells, cell);
    }
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  if (had_focus)
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

void
_catur_board_view_allocate_cells (CaturBoardView *self)
{
  if (self->cells == NULL)
    return;
  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkWidget *cell = g_ptr_array_index (self->cells, i);
      graphene_rect_t rect;
      GtkAllocation allocation;

      _catur_board_view_square_rect (self, CATUR_BOARD_CELL (cell)->square, 1.0, &rect);
      gtk_widget_set_child_visible (cell, rect.size.width > 0);
      if (rect.size.width <= 0)
        continue;
      allocation.x = (int) rect.origin.x;
      allocation.y = (int) rect.origin.y;
      allocation.width = MAX (1, (int) rect.size.width);
      allocation.height = MAX (1, (int) rect.size.height);
      /* GTK wants every child measured before it is allocated. */
      gtk_widget_measure (cell, GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
      gtk_widget_size_allocate (cell, &allocation, -1);
    }
}

/* A hand slot: whose hand, the kind and how many. */
static char *
describe_hand_slot (CaturBoardView *self,
                    CaturSquare     slot)
{
  CaturSide side = catur_square_hand_side (slot);
  CaturPiece piece = { catur_square_hand_kind (slot), side, 0 };
  const char *side_name = catur_variant_get_side_name (self->variant,
                                                       _catur_board_view_get_position (self),
                                                       side);
  guint count = catur_variant_hand_count (self->variant, _catur_board_view_get_position (self),
                                          side, piece.kind);
  g_autofree char *piece_name = catur_variant_get_piece_name (self->variant, &piece);

  if (count == 0)
    /* Translators: an empty place in a player's hand: the side and the piece kind,
     * e.g. "White’s hand: no Rook" */
    return g_strdup_printf (_("%s’s hand: no %s"), side_name, piece_name);
  /* Translators: pieces in a player's hand: the side, the piece kind and how many,
   * e.g. "White’s hand: Rook × 2" */
  return g_strdup_printf (_("%s’s hand: %s × %u"), side_name, piece_name, count);
}

/* What a cell is called: the square and what stands on it, never the kind of a face-down
 * piece. */
char *
_catur_board_view_describe_square (CaturBoardView *self,
                                   CaturSquare     square)
{
  char name[8] = "";
  g_autofree char *piece_name = NULL;
  g_autofree char *danger = NULL;
  CaturPiece piece;

  if (catur_square_is_hand (square))
    return describe_hand_slot (self, square);

  catur_variant_square_name (self->variant, square, name);
  if (!_catur_board_view_get_piece (self, square, &piece))
    /* Translators: a square of the board with nothing on it, e.g. "e5, empty" */
    return g_strdup_printf (_("%s, empty"), name);
  if (piece.flags & CATUR_PIECE_FACE_DOWN)
    /* Translators: a square with a piece lying face down, e.g. "b3, face-down piece" */
    return g_strdup_printf (_("%s, face-down piece"), name);

  /* Translators: a square and its piece, e.g. "e2, Red Cannon" */
  piece_name = catur_variant_describe_piece (self->variant, _catur_board_view_get_position (self),
                                             &piece);
  danger = _catur_board_view_threat_words (self, square);
  if (danger != NULL)
    /* Translators: a square, its piece and the danger it is in, e.g. "e2, Red Horse, in
     * danger: the Black Cannon on e7 can take it" */
    return g_strdup_printf (_("%s, %s, %s"), name, piece_name, danger);
  return g_strdup_printf (_("%s, %s"), name, piece_name);
}

void
_catur_board_view_update_accessible (CaturBoardView *self)
{
  CaturSquare selected = catur_selection_get_selected (self->selection);
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;

  if (self->game == NULL)
    label = g_strdup (_("Board"));
  else
    /* Translators: the board of a game, e.g. "Xiangqi board" */
    label = g_strdup_printf (_("%s board"), catur_variant_get_name (self->variant));

  if (self->game != NULL && catur_game_is_reviewing (self->game))
    /* Translators: the board shows an earlier position, e.g. "Move 5 of 12, read-only" */
    description = g_strdup_printf (_("Move %u of %u, read-only"),
                                   catur_game_get_view_ply (self->game),
                                   catur_game_get_n_plies (self->game));
  else if (self->game != NULL && !catur_game_is_over (self->game))
    {
      CaturSide side = catur_game_get_side_to_move (self->game);

      /* Translators: whose turn it is, e.g. "Red to move" */
      description = g_strdup_printf (_("%s to move"),
                                     catur_game_get_side_name (self->game, side));
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);

  g_clear_pointer (&self->accessible_label, g_free);
  if (self->game != NULL && self->cells != NULL)
    for (guint i = 0; i < self->cells->len; i++)
      {
        CaturBoardCell *cell = g_ptr_array_index (self->cells, i);
        g_autofree char *name = _catur_board_view_describe_square (self, cell->square);

        if (cell->square == selected)
          {
            /* Translators: a square with the piece the player picked up,
             * e.g. "e2, Red Cannon, selected" */
            char *with_state = g_strdup_printf (_("%s, selected"), name);

            g_free (name);
            name = with_state;
          }
        cell_set_label (cell, name, cell->square == selected);
        if (cell->square == self->cursor)
          self->accessible_label = g_steal_pointer (&name);
      }
  if (self->accessible_label == NULL)
    self->accessible_label = g_steal_pointer (&label);

  /* An announcement belongs where it was made: read again on another square, it would be old
   * news. */
  if (self->spoken_cell != NULL && self->spoken_cell != cell_of (self, self->cursor))
    {
      cell_set_description (self->spoken_cell, "");
      self->spoken_cell = NULL;
    }
  if (_catur_board_view_focus_within (self))
    _catur_board_view_grab_cursor_focus (self);
}

void
_catur_board_view_announce (CaturBoardView *self,
                            const char     *text)
{
  GtkWidget *cell = cell_of (self, self->cursor);

  g_free (self->announcement);
  self->announcement = g_strdup (text);
  if (self->spoken_cell != NULL && self->spoken_cell != cell)
    cell_set_description (self->spoken_cell, "");
  self->spoken_cell = cell;
  if (cell != NULL)
    {
      cell_set_description (cell, "");
      cell_set_description (cell, text);
    }
  /* Away from the board (the move list, a header button, the sidebar), the widget with the
   * focus says it (catur-a11y.c): the computer's reply or the end of the game is heard there. */
  if (!_catur_board_view_focus_within (self))
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

      if (GTK_IS_WINDOW (root))
        catur_a11y_announce (GTK_WINDOW (root), text);
    }
}

/* The sentence of ply @ply + 1: the move from the position after @ply plies. */
char *
_catur_board_view_describe_ply (CaturBoardView *self,
                                guint           ply)
{
  g_autoptr(CaturGameMove) item = g_list_model_get_item (catur_game_get_moves (self->game), ply);

  return catur_variant_describe_move (self->variant, catur_game_get_position_at (self->game, ply),
                                      catur_game_move_get_move (item));
}

/* How the game ended, as the result card says it: "Red wins. Double-cannon mate." */
char *
_catur_board_view_describe_result (CaturBoardView *self,
                                   gboolean        mate_said)
{
  const CaturOutcome *outcome = catur_game_get_outcome (self->game);
  g_autofree char *reason = catur_game_describe_outcome (self->game);
  g_autofree char *title = NULL;

  /* A game's own account of a mate that is only the word (Chess's, Shogi's "Checkmate") adds
   * nothing to the move that said it; one that tells more ("Double-cannon mate") stays. */
  if (mate_said && reason != NULL)
    {
      g_autofree char *said = g_utf8_casefold (reason, -1);
      g_autofree char *word = g_utf8_casefold (_("Checkmate"), -1);

      if (g_str_equal (said, word))
        g_clear_pointer (&reason, g_free);
    }

  if (outcome->result == CATUR_RESULT_WIN)
    /* Translators: the title of the result card, e.g. "Red wins" */
    title = g_strdup_printf (_("%s wins"), catur_game_get_side_name (self->game, outcome->winner));
  else
    title = g_strdup (_("Draw"));
  if (reason == NULL || *reason == '\0')
    /* Translators: a sentence made of the result, e.g. "Draw." */
    return g_strdup_printf (_("%s."), title);
  /* Translators: the result and how the game ended, e.g. "Red wins. Double-cannon mate." */
  return g_strdup_printf (_("%s. %s."), title, reason);
}

static void
append_sentence (GString    *text,
                 const char *sentence)
{
  if (text->len > 0)
    g_string_append_c (text, ' ');
  g_string_append (text, sentence);
}

/* The sentence of @ply, kept for a take-back to tell what it took back; %NULL for a ply taken
 * back before it was ever described. */
static const char *
ply_sentence (CaturBoardView *self,
              guint           ply)
{
  if (self->move_sentences == NULL)
    self->move_sentences = g_ptr_array_new_with_free_func (g_free);
  if (self->move_sentences->len <= ply)
    g_ptr_array_set_size (self->move_sentences, ply + 1);
  if (g_ptr_array_index (self->move_sentences, ply) == NULL
      && ply < catur_game_get_n_plies (self->game))
    g_ptr_array_index (self->move_sentences, ply) = _catur_board_view_describe_ply (self, ply);
  return g_ptr_array_index (self->move_sentences, ply);
}

/* Whether @square holds the same in @before and @after: the piece, and a hand slot's count. */
static gboolean
same_on_square (CaturBoardView      *self,
                const CaturPosition *before,
                const CaturPosition *after,
                CaturSquare          square)
{
  CaturPiece a, b;
  gboolean had = catur_variant_piece_at (self->variant, before, square, &a);
  gboolean has = catur_variant_piece_at (self->variant, after, square, &b);

  if (had != has)
    return FALSE;
  if (had && (a.kind != b.kind || a.side != b.side || a.flags != b.flags))
    return FALSE;
  if (catur_square_is_hand (square))
    return catur_variant_hand_count (self->variant, before, catur_square_hand_side (square),
                                     catur_square_hand_kind (square))
           == catur_variant_hand_count (self->variant, after, catur_square_hand_side (square),
                                        catur_square_hand_kind (square));
  return TRUE;
}

/* After the game's "changed": what the plies played, the plies taken back and the end of the
 * game since the last time were, spoken as one announcement. A new game says nothing here. */
void
_catur_board_view_follow_game (CaturBoardView *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n = catur_game_get_n_plies (self->game);
  gboolean moved_here = self->moved_here;
  /* Orca 43 reads neither a new name of the cell it holds as the focus nor a change of its
   * state: a square under the cursor that the opponent's move emptied or filled is read again
   * after the move (not after the player's own move on the board). */
  gboolean cursor_changed = !moved_here && n > self->seen_plies
                            && _catur_board_view_is_square (self, self->cursor)
                            && !same_on_square (self,
                                                catur_game_get_position_at (self->game,
                                                                            self->seen_plies),
                                                catur_game_get_position (self->game),
                                                self->cursor);
  gboolean over = catur_game_is_over (self->game);
  gboolean mated = over && !self->seen_over
                   && catur_game_get_outcome (self->game)->reason == CATUR_REASON_CHECKMATE;

  if (n > self->seen_plies)
    {
      const CaturOutcome *outcome = catur_game_get_outcome (self->game);
      const CaturNoticeInfo *notices;
      guint n_notices;

      for (guint ply = self->seen_plies; ply < n; ply++)
        {
          const char *sentence = ply_sentence (self, ply);
          g_autoptr(CaturGameMove) item = g_list_model_get_item (catur_game_get_moves (self->game),
                                                                 ply);

          /* A move nobody chose is said to be so, before what it did. */
          if (item != NULL && catur_game_move_get_timed_out (item))
            {
              g_autofree char *timed_out = NULL;

              /* Translators: said before a move played for a player whose time ran out,
               * e.g. "Time ran out: the move was played for Red: Red Soldier turned over on
               * a1." */
              timed_out = g_strdup_printf (_("Time ran out: the move was played for %s:"),
                                           catur_game_get_side_name (
                                             self->game, catur_game_move_get_side (item)));
              append_sentence (text, timed_out);
            }
          if (ply + 1 == n && mated)
            {
              /* Translators: a move that mates, e.g. "Red Cannon from h2 to e2, checkmate." */
              g_autofree char *mating = g_strdup_printf (_("%s, checkmate."), sentence);

              append_sentence (text, mating);
            }
          else if (ply + 1 == n && catur_variant_in_check (self->variant,
                                                          catur_game_get_position (self->game),
                                                          NULL))
            {
              /* Translators: a move that gives check, e.g. "Red Cannon from h2 to e2, check." */
              g_autofree char *checked = g_strdup_printf (_("%s, check."), sentence);

              append_sentence (text, checked);
            }
          else
            {
              /* Translators: a move as a sentence, e.g. "Red Cannon from h2 to e2." */
              g_autofree char *plain = g_strdup_printf (_("%s."), sentence);

              append_sentence (text, plain);
            }
        }
      notices = catur_variant_list_notices (self->variant, &n_notices);
      for (guint i = 0; !over && i < n_notices; i++)
        if (outcome->notices & notices[i].notice)
          {
            g_autofree char *notice = catur_variant_describe_notice (
              self->variant, catur_game_get_position (self->game), outcome, notices[i].notice);

            append_sentence (text, notice);
          }
    }
  else if (n < self->seen_plies)
    {
      for (guint ply = self->seen_plies; ply-- > n;)
        {
          const char *sentence = ply_sentence (self, ply);
          g_autofree char *undone = sentence != NULL
            /* Translators: a move taken back, e.g. "Taken back: Red Cannon from h2 to e2." */
            ? g_strdup_printf (_("Taken back: %s."), sentence)
            : g_strdup (_("A move was taken back."));

          append_sentence (text, undone);
        }
      if (!over)
        {
          /* Translators: whose turn it is, as a sentence, e.g. "Red to move." */
          g_autofree char *turn = g_strdup_printf (
            _("%s to move."),
            catur_game_get_side_name (self->game, catur_game_get_side_to_move (self->game)));

          append_sentence (text, turn);
        }
    }
  if (self->move_sentences != NULL && self->move_sentences->len > n)
    g_ptr_array_set_size (self->move_sentences, n);

  if (over && !self->seen_over)
    {
      /* The mate was said with the move: the result is not to say it again. */
      g_autofree char *result = _catur_board_view_describe_result (
        self, mated && n > self->seen_plies);

      append_sentence (text, result);
    }

  self->seen_plies = n;
  self->seen_over = over;
  self->moved_here = FALSE;
  if (cursor_changed && text->len > 0)
    {
      g_autofree char *cell = _catur_board_view_describe_square (self, self->cursor);
      /* Translators: the square under the board's cursor, read again after the opponent's
       * move changed it, e.g. "Under the cursor: e2, Black Cannon." */
      g_autofree char *again = g_strdup_printf (_("Under the cursor: %s."), cell);

      append_sentence (text, again);
    }
  if (text->len > 0)
    _catur_board_view_announce (self, text->str);
}

/* Picking up and putting down are said: Orca 43 reads neither the cell's new name ("…,
 * selected") nor its selected state. @square: the piece's square or hand slot. */
void
_catur_board_view_announce_held (CaturBoardView *self,
                                 CaturSquare     square,
                                 gboolean        picked_up)
{
  CaturPiece piece;
  g_autofree char *piece_name = NULL;
  g_autofree char *text = NULL;

  if (!_catur_board_view_get_piece (self, square, &piece))
    return;
  piece_name = catur_variant_describe_piece (self->variant, _catur_board_view_get_position (self),
                                             &piece);
  text = picked_up
    /* Translators: said as the player picks up a piece, e.g. "Red Cannon picked up." */
    ? g_strdup_printf (_("%s picked up."), piece_name)
    /* Translators: said as the player puts a picked-up piece down again without moving it,
     * e.g. "Red Cannon put down." */
    : g_strdup_printf (_("%s put down."), piece_name);
  _catur_board_view_announce (self, text);
}

/* How the arrows go on a board drawn turned (Banqi's 4 × 8 board lying 8 wide in a wide
 * window), where they do not go where the squares' names say; %NULL when it is not turned or
 * was explained already. Said once, the first time the player comes to the board. */
char *
_catur_board_view_explain_sideways (CaturBoardView *self)
{
  if (!self->layout.rotated)
    self->sideways_said = FALSE;
  if (!self->layout.rotated || self->sideways_said || self->game == NULL)
    return NULL;
  self->sideways_said = TRUE;
  return g_strdup (_("The board lies on its side: → goes up the ranks, ↓ along the files."));
}

static gboolean
explain_sideways_cb (gpointer data)
{
  CaturBoardView *self = data;
  g_autofree char *text = NULL;

  /* Ctrl+B, which says where the player is, may have said it meanwhile. */
  if (_catur_board_view_focus_within (self))
    text = _catur_board_view_explain_sideways (self);
  if (text != NULL)
    _catur_board_view_announce (self, text);
  return G_SOURCE_REMOVE;
}

/* The focus came to the board: how its arrows go, if it lies turned. */
void
_catur_board_view_focus_entered (CaturBoardView *self)
{
  if (self->layout.rotated && !self->sideways_said)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, explain_sideways_cb, g_object_ref (self),
                     g_object_unref);
}

/* A step through the record in review (or back to its end): the move that led to the position
 * shown, or the start. */
void
_catur_board_view_announce_view (CaturBoardView *self)
{
  guint view = catur_game_get_view_ply (self->game);
  g_autofree char *text = NULL;

  if (catur_game_get_n_plies (self->game) != self->seen_plies)
    return;  /* a move or a take-back: "changed" follows, and says it */
  if (view == 0)
    text = g_strdup (_("Start position."));
  else
    /* Translators: the position shown in review and the move that led to it,
     * e.g. "Move 3 of 12: Red Cannon from h2 to e2." */
    text = g_strdup_printf (_("Move %u of %u: %s."), view, catur_game_get_n_plies (self->game),
                            ply_sentence (self, view - 1));
  _catur_board_view_announce (self, text);
}
