/* catur-board-view.c: the board, its pieces and the player's clicks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view knows no game: the variant draws the empty board, names the
 * pieces' images, lists the legal moves and explains the illegal ones. The
 * view turns clicks, drags and keys into squares; its CaturSelection says what
 * a press on a square means (pick a piece up, a move, a choice of moves, or why
 * not), and the view plays the moves on its CaturGame. The files of the view are
 * listed in catur-board-view-private.h.
 *
 * Themes belong to a variant: a game of another variant starts with that
 * variant's defaults.
 *
 * The view shows the game's view ply (catur_game_get_view_ply()): the last
 * position while the game is played, an earlier one, read-only, in review.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include "catur-board-view-private.h"

G_DEFINE_FINAL_TYPE (CaturBoardView, catur_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_FLIPPED,
  PROP_SHOW_LEGAL_MOVES,
  PROP_EXPLANATION,
  PROP_PIECE_LETTERS,
  PROP_TABLE_MODE,
  PROP_PIECE_THEME,
  PROP_BOARD_THEME,
  PROP_ANIMATIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  THEME_FAILED,
  EDIT_SQUARE,
  MOVE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The position shown: the one being set up, else the game's view ply. */
const CaturPosition *
_catur_board_view_get_position (CaturBoardView *self)
{
  if (self->edit_position != NULL)
    return self->edit_position;
  if (self->pending_position != NULL)
    return self->pending_position;
  return catur_game_get_position_at (self->game, catur_game_get_view_ply (self->game));
}

/* The move that led to the position shown, if any: a declaration moved nothing on the board. */
gboolean
_catur_board_view_get_shown_move (CaturBoardView *self,
                                  CaturMove      *move)
{
  guint ply = catur_game_get_view_ply (self->game);
  g_autoptr(CaturGameMove) item = NULL;

  if (ply == 0 || self->edit_position != NULL)
    return FALSE;
  item = g_list_model_get_item (catur_game_get_moves (self->game), ply - 1);
  *move = *catur_game_move_get_move (item);
  return move->to != CATUR_SQUARE_NONE;
}

gboolean
_catur_board_view_get_piece (CaturBoardView *self,
                             CaturSquare     square,
                             CaturPiece     *piece)
{
  return catur_variant_piece_at (self->variant, _catur_board_view_get_position (self), square,
                                 piece);
}

/* Whether @square is one the board shows: a board square, or a hand slot of a kind the hands
 * hold. */
gboolean
_catur_board_view_is_square (CaturBoardView *self,
                             CaturSquare     square)
{
  if (self->game == NULL || square == CATUR_SQUARE_NONE)
    return FALSE;
  if (square < self->geometry.files * self->geometry.ranks)
    return TRUE;
  if (!catur_square_is_hand (square) || catur_square_hand_side (square) > CATUR_SIDE_SECOND)
    return FALSE;
  for (guint i = 0; i < self->n_hand_kinds; i++)
    if (self->hand_kinds[i] == catur_square_hand_kind (square))
      return TRUE;
  return FALSE;
}

/* The side at the bottom of the board, whose hand is below it (or at its right). */
CaturSide
_catur_board_view_bottom_side (CaturBoardView *self)
{
  return self->flipped ? CATUR_SIDE_SECOND : CATUR_SIDE_FIRST;
}

void
_catur_board_view_set_explanation (CaturBoardView *self,
                                   const char     *explanation)
{
  if (g_strcmp0 (self->explanation, explanation) == 0)
    return;

  g_free (self->explanation);
  self->explanation = g_strdup (explanation);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXPLANATION]);
}

static void
update_check (CaturBoardView *self)
{
  CaturSquare king = CATUR_SQUARE_NONE;

  self->check_square = CATUR_SQUARE_NONE;
  /* A position being set up need not have the kings the question takes for granted. */
  if (self->game != NULL && self->edit_position == NULL
      && catur_variant_in_check (self->variant, _catur_board_view_get_position (self), &king))
    self->check_square = king;
}

static void
game_changed_cb (CaturBoardView *self,
                 CaturGame      *game)
{
  /* A hint is for the position it was asked in. */
  self->hint_from = self->hint_to = CATUR_SQUARE_NONE;
  _catur_board_view_invalidate_threats (self);
  _catur_board_view_clear_selection (self);
  _catur_board_view_set_explanation (self, NULL);
  update_check (self);
  _catur_board_view_update_accessible (self);
  _catur_board_view_follow_game (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A new ply played while following the game, or a step forward in review, slides its piece;
 * any other jump shows the position at once. The game tells this before "changed". */
static void
view_ply_changed_cb (CaturBoardView *self,
                     GParamSpec     *pspec,
                     CaturGame      *game)
{
  guint view = catur_game_get_view_ply (game);
  gboolean step = view == self->view_ply + 1;

  self->view_ply = view;
  _catur_board_view_invalidate_threats (self);
  _catur_board_view_clear_selection (self);
  _catur_board_view_set_explanation (self, NULL);
  update_check (self);

  if (step && !self->skip_animation)
    _catur_board_view_start_animation (self);
  else
    _catur_board_view_stop_animation (self);

  _catur_board_view_update_accessible (self);
  _catur_board_view_announce_view (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
choose_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  _catur_board_view_choose (CATUR_BOARD_VIEW (widget), g_variant_get_uint32 (parameter));
}

static GtkSizeRequestMode
catur_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
catur_board_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);

  _catur_board_view_compute_layout (self, width, height);
  _catur_board_view_allocate_cells (self);

  if (self->choice_popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->choice_popover));
}

/* The focus goes to the cell under the cursor, which stands for the board. */
static gboolean
catur_board_view_grab_focus (GtkWidget *widget)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);

  if (_catur_board_view_grab_cursor_focus (self))
    return TRUE;
  return GTK_WIDGET_CLASS (catur_board_view_parent_class)->grab_focus (widget);
}

/* Tab goes into the board once, onto the cursor's cell, and out of it at the next press: the
 * cells are reached with the arrows. */
static gboolean
catur_board_view_focus (GtkWidget        *widget,
                        GtkDirectionType  direction)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);

  if (_catur_board_view_focus_within (self))
    return FALSE;
  return gtk_widget_grab_focus (widget);
}

static void
catur_board_view_dispose (GObject *object)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (object);

  _catur_board_view_stop_animation (self);
  _catur_board_view_forget_typed (self);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, view_ply_changed_cb, self);
    }
  g_clear_object (&self->game);
  g_clear_object (&self->clock);
  catur_selection_set_game (self->selection, NULL);
  g_clear_pointer (&self->choice_popover, gtk_widget_unparent);
  _catur_board_view_clear_cells (self);
  g_clear_pointer (&self->board_surface, cairo_surface_destroy);
  g_clear_object (&self->board_texture);
  g_clear_object (&self->theme);

  G_OBJECT_CLASS (catur_board_view_parent_class)->dispose (object);
}

static void
catur_board_view_finalize (GObject *object)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (object);

  g_clear_object (&self->selection);
  g_clear_pointer (&self->explanation, g_free);
  g_clear_pointer (&self->accessible_label, g_free);
  g_clear_pointer (&self->announcement, g_free);
  if (self->typed != NULL)
    g_string_free (self->typed, TRUE);
  g_clear_pointer (&self->move_sentences, g_ptr_array_unref);
  g_clear_pointer (&self->letter_layouts, g_hash_table_unref);
  g_clear_pointer (&self->piece_theme, g_free);
  g_clear_pointer (&self->board_theme, g_free);
  g_clear_pointer (&self->texture_board_theme, g_free);
  g_clear_pointer (&self->edit_position, catur_position_free);
  g_clear_pointer (&self->pending_position, catur_position_free);
  _catur_board_view_invalidate_threats (self);

  G_OBJECT_CLASS (catur_board_view_parent_class)->finalize (object);
}

static void
catur_board_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_SHOW_LEGAL_MOVES:
      g_value_set_boolean (value, self->show_legal_moves);
      break;
    case PROP_EXPLANATION:
      g_value_set_string (value, self->explanation);
      break;
    case PROP_PIECE_LETTERS:
      g_value_set_boolean (value, self->piece_letters);
      break;
    case PROP_TABLE_MODE:
      g_value_set_boolean (value, self->table_mode);
      break;
    case PROP_PIECE_THEME:
      g_value_set_string (value, self->piece_theme);
      break;
    case PROP_BOARD_THEME:
      g_value_set_string (value, self->board_theme);
      break;
    case PROP_ANIMATIONS:
      g_value_set_boolean (value, self->animations);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_board_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      catur_board_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_FLIPPED:
      catur_board_view_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_LEGAL_MOVES:
      catur_board_view_set_show_legal_moves (self, g_value_get_boolean (value));
      break;
    case PROP_PIECE_LETTERS:
      catur_board_view_set_piece_letters (self, g_value_get_boolean (value));
      break;
    case PROP_TABLE_MODE:
      catur_board_view_set_table_mode (self, g_value_get_boolean (value));
      break;
    case PROP_PIECE_THEME:
      catur_board_view_set_piece_theme (self, g_value_get_string (value));
      break;
    case PROP_BOARD_THEME:
      catur_board_view_set_board_theme (self, g_value_get_string (value));
      break;
    case PROP_ANIMATIONS:
      catur_board_view_set_animations (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
catur_board_view_class_init (CaturBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = catur_board_view_dispose;
  object_class->finalize = catur_board_view_finalize;
  object_class->get_property = catur_board_view_get_property;
  object_class->set_property = catur_board_view_set_property;

  widget_class->snapshot = _catur_board_view_snapshot;
  widget_class->get_request_mode = catur_board_view_get_request_mode;
  widget_class->measure = _catur_board_view_measure;
  widget_class->size_allocate = catur_board_view_size_allocate;
  widget_class->grab_focus = catur_board_view_grab_focus;
  widget_class->focus = catur_board_view_focus;

  /**
   * CaturBoardView:game:
   *
   * The game shown and played.
   */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CATUR_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturBoardView:flipped:
   *
   * Whether the second side is at the bottom.
   */
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturBoardView:show-legal-moves:
   *
   * Whether the targets of the selected piece are marked.
   */
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturBoardView:explanation:
   *
   * Why the last click could not be played, in the variant's words; %NULL
   * after a legal action.
   */
  properties[PROP_EXPLANATION] =
    g_param_spec_string ("explanation", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturBoardView:piece-letters:
   *
   * Whether each piece carries its letter in the game's notation in a corner.
   */
  properties[PROP_PIECE_LETTERS] =
    g_param_spec_boolean ("piece-letters", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturBoardView:table-mode:
   *
   * Whether the pieces of the side at the top are drawn turned around, for two players
   * facing each other across a screen laid flat.
   */
  properties[PROP_TABLE_MODE] =
    g_param_spec_boolean ("table-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturBoardView:piece-theme:
   *
   * The id of the piece theme, one of the variant's (catur_variant_list_piece_themes());
   * %NULL for its default. A theme that cannot be read sets it back to %NULL and emits
   * #CaturBoardView::theme-failed. A game of another variant sets it to %NULL.
   */
  properties[PROP_PIECE_THEME] =
    g_param_spec_string ("piece-theme", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturBoardView:board-theme:
   *
   * The id of the board theme, one of catur_variant_list_board_themes(); %NULL for the
   * default. Likewise set back to %NULL when the variant has no such theme.
   */
  properties[PROP_BOARD_THEME] =
    g_param_spec_string ("board-theme", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * CaturBoardView:animations:
   *
   * Whether a move slides its piece (when the desktop allows animations too).
   */
  properties[PROP_ANIMATIONS] =
    g_param_spec_boolean ("animations", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CaturBoardView::theme-failed:
   * @self: the board
   * @property: "piece-theme" or "board-theme"
   * @theme: the name of the theme that could not be used (its id when it was not found)
   * @fallback: the name of the theme drawn instead
   *
   * A theme could not be used and the board draws the variant's default instead.
   */
  signals[THEME_FAILED] =
    g_signal_new ("theme-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);

  /**
   * CaturBoardView::edit-square:
   * @self: the board
   * @square: the square or hand slot the player chose, or %CATUR_SQUARE_NONE for a piece
   *   dragged off the board
   * @from: the square a piece was dragged from, or %CATUR_SQUARE_NONE for a click (or Enter
   *   or Space on the keyboard cursor)
   *
   * While a position is set up (catur_board_view_set_edit_position()), a click, a key or a
   * drag on the board: the editor puts down, takes away or moves a piece.
   */
  signals[EDIT_SQUARE] =
    g_signal_new ("edit-square", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * CaturBoardView::move-chosen:
   * @self: the board
   * @move: (type gpointer): the #CaturMove the player chose, legal in the game's position
   *
   * The player chose a move on the board or typed one, before it is played. A handler that
   * returns %TRUE holds it (catur_board_view_set_pending_move()) and plays it, or not, later
   * ("Check my move"); else the board plays it at once.
   *
   * Returns: %TRUE when the move was taken
   */
  signals[MOVE_CHOSEN] =
    g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 1,
                  G_TYPE_POINTER);

  /**
   * CaturBoardView|board.choose:
   * @index: the index of one of the moves offered for one click
   *
   * Plays the move the player picked in the choice of moves (the pieces a pawn may become).
   */
  gtk_widget_class_install_action (widget_class, "board.choose", "u", choose_action);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
catur_board_view_init (CaturBoardView *self)
{
  self->selection = catur_selection_new ();
  self->theme = catur_theme_cache_new ();
  self->letter_layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->show_legal_moves = TRUE;
  self->animations = TRUE;
  self->cursor = CATUR_SQUARE_NONE;
  self->check_square = CATUR_SQUARE_NONE;
  self->hint_from = CATUR_SQUARE_NONE;
  self->hint_to = CATUR_SQUARE_NONE;
  self->arrow_from = self->arrow_to = CATUR_SQUARE_NONE;
  self->press_square = CATUR_SQUARE_NONE;
  self->edit_drag_from = CATUR_SQUARE_NONE;
  self->threats_side = CATUR_SIDE_NONE;
  self->animation_from = CATUR_SQUARE_NONE;
  self->animation_to = CATUR_SQUARE_NONE;
  self->animation_effects.captured = CATUR_SQUARE_NONE;
  self->animation_effects.second_from = CATUR_SQUARE_NONE;
  self->animation_effects.second_to = CATUR_SQUARE_NONE;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  _catur_board_view_init_input (self);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  _catur_board_view_update_accessible (self);
}

GtkWidget *
catur_board_view_new (void)
{
  return g_object_new (CATUR_TYPE_BOARD_VIEW, NULL);
}

/**
 * catur_board_view_get_game:
 * @self: a #CaturBoardView
 *
 * Returns: (transfer none) (nullable): the game shown
 */
CaturGame *
catur_board_view_get_game (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

/**
 * catur_board_view_set_game:
 * @self: a #CaturBoardView
 * @game: (nullable): the game to show and play
 */
void
catur_board_view_set_game (CaturBoardView *self,
                           CaturGame      *game)
{
  CaturVariant *previous_variant;

  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || CATUR_IS_GAME (game));

  if (self->game == game)
    return;

  _catur_board_view_stop_animation (self);
  _catur_board_view_hide_choices (self);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, view_ply_changed_cb, self);
    }

  g_set_object (&self->game, game);
  catur_selection_set_game (self->selection, game);
  _catur_board_view_invalidate_threats (self);
  g_clear_pointer (&self->pending_position, catur_position_free);
  previous_variant = self->variant;
  self->variant = NULL;
  self->hint_from = self->hint_to = CATUR_SQUARE_NONE;
  self->arrow_from = self->arrow_to = CATUR_SQUARE_NONE;
  memset (&self->geometry, 0, sizeof self->geometry);
  self->variant_flags = 0;
  self->hand_kinds = NULL;
  self->n_hand_kinds = 0;

  /* Themes are a variant's own: another game starts with its defaults. */
  if (game == NULL || catur_game_get_variant (game) != previous_variant)
    {
      if (self->piece_theme != NULL)
        {
          g_clear_pointer (&self->piece_theme, g_free);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_THEME]);
        }
      if (self->board_theme != NULL)
        {
          g_clear_pointer (&self->board_theme, g_free);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD_THEME]);
        }
    }

  if (game != NULL)
    {
      self->variant = catur_game_get_variant (game);
      catur_variant_get_geometry (self->variant, &self->geometry);
      self->variant_flags = catur_variant_get_flags (self->variant);
      if (self->geometry.has_hands)
        self->hand_kinds = catur_variant_list_hand_kinds (self->variant, &self->n_hand_kinds);
      if (self->hand_kinds == NULL)
        self->n_hand_kinds = 0;
      _catur_board_view_apply_piece_theme (self);
      self->view_ply = catur_game_get_view_ply (game);
      g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::view-ply", G_CALLBACK (view_ply_changed_cb), self,
                               G_CONNECT_SWAPPED);

      /* The keyboard cursor starts in the middle of the bottom rank. */
      self->cursor = _catur_board_view_screen_to_square (self, self->geometry.files / 2,
                                                         self->geometry.ranks - 1);
      /* What was played before is the new game's past, not news. */
      self->seen_plies = catur_game_get_n_plies (game);
      self->seen_over = catur_game_is_over (game);
    }
  else
    {
      _catur_board_view_apply_piece_theme (self);
      self->cursor = CATUR_SQUARE_NONE;
    }
  if (self->move_sentences != NULL)
    g_ptr_array_set_size (self->move_sentences, 0);
  self->asked_kind = 0;
  _catur_board_view_init_cells (self);

  _catur_board_view_clear_selection (self);
  _catur_board_view_set_explanation (self, NULL);
  update_check (self);
  _catur_board_view_update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

gboolean
catur_board_view_get_flipped (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  return self->flipped;
}

/**
 * catur_board_view_set_move_clock:
 * @self: a #CaturBoardView
 * @clock: (nullable): the clock counting down the move's time
 *
 * The clock the player may ask about ("how much time is left?") with the keyboard.
 */
void
catur_board_view_set_move_clock (CaturBoardView *self,
                                 CaturMoveClock *clock)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));
  g_return_if_fail (clock == NULL || CATUR_IS_MOVE_CLOCK (clock));

  g_set_object (&self->clock, clock);
}

/**
 * catur_board_view_set_flipped:
 * @self: a #CaturBoardView
 * @flipped: whether the second side is at the bottom
 */
void
catur_board_view_set_flipped (CaturBoardView *self,
                              gboolean        flipped)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;

  self->flipped = flipped;
  _catur_board_view_stop_animation (self);
  _catur_board_view_hide_choices (self);
  _catur_board_view_update_accessible (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
catur_board_view_get_show_legal_moves (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  return self->show_legal_moves;
}

void
catur_board_view_set_show_legal_moves (CaturBoardView *self,
                                       gboolean        show_legal_moves)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  show_legal_moves = !!show_legal_moves;
  if (self->show_legal_moves == show_legal_moves)
    return;

  self->show_legal_moves = show_legal_moves;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_LEGAL_MOVES]);
}

gboolean
catur_board_view_get_piece_letters (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  return self->piece_letters;
}

void
catur_board_view_set_piece_letters (CaturBoardView *self,
                                    gboolean        piece_letters)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  piece_letters = !!piece_letters;
  if (self->piece_letters == piece_letters)
    return;

  self->piece_letters = piece_letters;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_LETTERS]);
}

gboolean
catur_board_view_get_table_mode (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  return self->table_mode;
}

void
catur_board_view_set_table_mode (CaturBoardView *self,
                                 gboolean        table_mode)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  table_mode = !!table_mode;
  if (self->table_mode == table_mode)
    return;

  self->table_mode = table_mode;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE_MODE]);
}

/**
 * catur_board_view_get_piece_theme:
 * @self: a #CaturBoardView
 *
 * Returns: (nullable): the piece theme asked for, %NULL for the variant's default
 */
const char *
catur_board_view_get_piece_theme (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->piece_theme;
}

/**
 * catur_board_view_set_piece_theme:
 * @self: a #CaturBoardView
 * @piece_theme: (nullable): a piece theme id of the game's variant, %NULL for its default
 *
 * Draws the pieces in @piece_theme from the next frame on. See #CaturBoardView:piece-theme.
 */
void
catur_board_view_set_piece_theme (CaturBoardView *self,
                                  const char     *piece_theme)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  if (g_strcmp0 (self->piece_theme, piece_theme) == 0)
    return;

  g_free (self->piece_theme);
  self->piece_theme = g_strdup (piece_theme);
  _catur_board_view_apply_piece_theme (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_THEME]);
}

/**
 * catur_board_view_get_board_theme:
 * @self: a #CaturBoardView
 *
 * Returns: (nullable): the board theme asked for, %NULL for the variant's default
 */
const char *
catur_board_view_get_board_theme (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->board_theme;
}

/**
 * catur_board_view_set_board_theme:
 * @self: a #CaturBoardView
 * @board_theme: (nullable): a board theme id of the game's variant, %NULL for its default
 *
 * Draws the board in @board_theme from the next frame on. See #CaturBoardView:board-theme.
 */
void
catur_board_view_set_board_theme (CaturBoardView *self,
                                  const char     *board_theme)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  if (g_strcmp0 (self->board_theme, board_theme) == 0)
    return;

  g_free (self->board_theme);
  self->board_theme = g_strdup (board_theme);
  _catur_board_view_check_board_theme (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD_THEME]);
}

gboolean
catur_board_view_get_animations (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  return self->animations;
}

void
catur_board_view_set_animations (CaturBoardView *self,
                                 gboolean        animations)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  animations = !!animations;
  if (self->animations == animations)
    return;

  self->animations = animations;
  if (!animations)
    _catur_board_view_stop_animation (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATIONS]);
}

/**
 * catur_board_view_get_theme_cache:
 * @self: a #CaturBoardView
 *
 * Returns: (transfer none): the piece images the board draws
 */
CaturThemeCache *
catur_board_view_get_theme_cache (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->theme;
}

/**
 * catur_board_view_get_board_texture:
 * @self: a #CaturBoardView
 *
 * Returns: (transfer none) (nullable): the board as last drawn, kept until its size, scale,
 *   orientation, style or theme changes
 */
GdkTexture *
catur_board_view_get_board_texture (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  if (self->board_texture == NULL && self->board_surface != NULL)
    self->board_texture = catur_texture_new_for_surface (self->board_surface);
  return self->board_texture;
}

/**
 * catur_board_view_get_explanation:
 * @self: a #CaturBoardView
 *
 * Returns: (nullable): why the last click or key could not be played
 */
const char *
catur_board_view_get_explanation (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->explanation;
}

/**
 * catur_board_view_get_selected:
 * @self: a #CaturBoardView
 *
 * Returns: the square of the selected piece, or %CATUR_SQUARE_NONE
 */
CaturSquare
catur_board_view_get_selected (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), CATUR_SQUARE_NONE);

  return catur_selection_get_selected (self->selection);
}

/**
 * catur_board_view_get_cursor:
 * @self: a #CaturBoardView
 *
 * Returns: the square of the keyboard cursor, or %CATUR_SQUARE_NONE without a game
 */
CaturSquare
catur_board_view_get_cursor (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), CATUR_SQUARE_NONE);

  return self->cursor;
}

/**
 * catur_board_view_get_layout:
 * @self: a #CaturBoardView
 *
 * Returns: where the board stands in the widget since its last allocation
 */
const CaturBoardLayout *
catur_board_view_get_layout (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return &self->layout;
}

/**
 * catur_board_view_get_accessible_label:
 * @self: a #CaturBoardView
 *
 * Returns: the name assistive technologies are given for the cell under the keyboard cursor
 *   ("e2, Red Cannon, selected"), else the board's name
 */
const char *
catur_board_view_get_accessible_label (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->accessible_label;
}

/**
 * catur_board_view_get_announcement:
 * @self: a #CaturBoardView
 *
 * Returns: (nullable): the last thing the board said to assistive technologies (a move, why
 *   one was refused, the end of the game, an answer), as the description of the cell under
 *   the cursor
 */
const char *
catur_board_view_get_announcement (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->announcement;
}

/**
 * catur_board_view_cancel_selection:
 * @self: a #CaturBoardView
 *
 * Drops the selected piece and the explanation.
 */
void
catur_board_view_cancel_selection (CaturBoardView *self)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  _catur_board_view_clear_selection (self);
  _catur_board_view_set_explanation (self, NULL);
  _catur_board_view_update_accessible (self);
}

/**
 * catur_board_view_set_hint:
 * @self: a #CaturBoardView
 * @move: (nullable): the move to suggest, or %NULL for none
 *
 * Marks both ends of @move until the position changes.
 */
void
catur_board_view_set_hint (CaturBoardView  *self,
                           const CaturMove *move)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  self->hint_from = move != NULL ? (move->from != CATUR_SQUARE_NONE ? move->from : move->to)
                                 : CATUR_SQUARE_NONE;
  self->hint_to = move != NULL ? move->to : CATUR_SQUARE_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * catur_board_view_get_hint:
 * @self: a #CaturBoardView
 * @from: (out) (optional): the first square marked
 * @to: (out) (optional): the second
 *
 * Returns: whether a hint is shown
 */
gboolean
catur_board_view_get_hint (CaturBoardView *self,
                           CaturSquare    *from,
                           CaturSquare    *to)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  if (from != NULL)
    *from = self->hint_from;
  if (to != NULL)
    *to = self->hint_to;
  return self->hint_from != CATUR_SQUARE_NONE;
}

/**
 * catur_board_view_get_selection:
 * @self: a #CaturBoardView
 *
 * Returns: (transfer none): what the clicks on the board mean: the piece picked up, its
 *   targets and how they are marked (a ring where a piece is taken)
 */
CaturSelection *
catur_board_view_get_selection (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->selection;
}

/**
 * catur_board_view_square_center:
 * @self: a #CaturBoardView
 * @square: a square of the board or a hand slot (CATUR_SQUARE_HAND())
 * @x: (out): widget coordinate of its centre
 * @y: (out): likewise
 *
 * Where a square or a hand slot stands since the last allocation; hand slots stand in their
 * trays beside the board (below and above it, or right and left of it).
 *
 * Returns: %FALSE when the board shows no such square
 */
gboolean
catur_board_view_square_center (CaturBoardView *self,
                                CaturSquare     square,
                                double         *x,
                                double         *y)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (x != NULL && y != NULL, FALSE);

  return _catur_board_view_is_square (self, square)
         && _catur_board_view_square_center (self, square, x, y);
}

/**
 * catur_board_view_square_at:
 * @self: a #CaturBoardView
 * @x: widget coordinate
 * @y: widget coordinate
 *
 * Returns: the board square or hand slot at (@x, @y), as a click there names it, or
 *   %CATUR_SQUARE_NONE
 */
CaturSquare
catur_board_view_square_at (CaturBoardView *self,
                            double          x,
                            double          y)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), CATUR_SQUARE_NONE);

  if (self->game == NULL)
    return CATUR_SQUARE_NONE;
  return _catur_board_view_square_at (self, x, y);
}

/**
 * catur_board_view_get_bottom_margin:
 * @self: a #CaturBoardView
 * @rect: (out): the band, in the widget's coordinates
 *
 * The board's margin under its last rank (or, turned, its last file), where the game writes
 * the bottom coordinates: what a message laid over the board must leave to be read. On a
 * board of points it starts half a cell under the last points, where their pieces end.
 *
 * Returns: %FALSE when no board is shown
 */
gboolean
catur_board_view_get_bottom_margin (CaturBoardView  *self,
                                    graphene_rect_t *rect)
{
  double grid_bottom;

  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (self->game == NULL || self->layout.cell <= 0)
    return FALSE;
  grid_bottom = self->layout.y + catur_board_layout_get_rows (&self->layout) * self->layout.cell;
  if (self->layout.on_points)
    grid_bottom -= self->layout.cell / 2;
  graphene_rect_init (rect, self->board_rect.origin.x, grid_bottom, self->board_rect.size.width,
                      self->board_rect.origin.y + self->board_rect.size.height - grid_bottom);
  return TRUE;
}

/**
 * catur_board_view_announce:
 * @self: a #CaturBoardView
 * @text: what to say
 *
 * Says @text to screen readers as the board says its explanations (through the widget with the
 * focus when the board does not have it): for what the window tells
 * about the board, such as a board turned round for a new game.
 */
void
catur_board_view_announce (CaturBoardView *self,
                           const char     *text)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));
  g_return_if_fail (text != NULL);

  _catur_board_view_announce (self, text);
}

/**
 * catur_board_view_get_hands_beside:
 * @self: a #CaturBoardView
 *
 * Returns: whether the hands stand left and right of the board (when that leaves the board
 *   more room), not above and below it
 */
gboolean
catur_board_view_get_hands_beside (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  return self->hands_beside;
}

/**
 * catur_board_view_get_piece_placement:
 * @self: a #CaturBoardView
 * @square: a square of the board or a hand slot
 * @x: (out) (optional): where the centre of its piece is drawn in this frame
 * @y: (out) (optional): likewise
 * @turned: (out) (optional): whether the piece is drawn turned towards the bottom player
 *   (table mode, or a game whose pieces face their enemy)
 *
 * How the piece that stands on @square is drawn now: on its square, or on its way there while
 * the move that brought it slides (the second piece of a castling too).
 *
 * Returns: whether a piece stands on @square
 */
gboolean
catur_board_view_get_piece_placement (CaturBoardView *self,
                                      CaturSquare     square,
                                      double         *x,
                                      double         *y,
                                      gboolean       *turned)
{
  graphene_rect_t rect;

  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  if (!_catur_board_view_is_square (self, square)
      || !_catur_board_view_piece_placement (self, square, &rect, turned))
    return FALSE;
  if (x != NULL)
    *x = rect.origin.x + rect.size.width / 2;
  if (y != NULL)
    *y = rect.origin.y + rect.size.height / 2;
  return TRUE;
}

/**
 * catur_board_view_get_animation:
 * @self: a #CaturBoardView
 * @from: (out) (optional): where the piece of the move slides from (a hand slot for a drop)
 * @to: (out) (optional): where it slides to
 * @effects: (out caller-allocates) (optional): the second piece that slides with it, and the
 *   square where the piece it took fades out
 *
 * Returns: whether a move slides now
 */
gboolean
catur_board_view_get_animation (CaturBoardView   *self,
                                CaturSquare      *from,
                                CaturSquare      *to,
                                CaturMoveEffects *effects)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  if (from != NULL)
    *from = self->animation_from;
  if (to != NULL)
    *to = self->animation_to;
  if (effects != NULL)
    *effects = self->animation_effects;
  return self->tick_id != 0 && self->animation_to != CATUR_SQUARE_NONE;
}

void
_catur_board_view_emit_edit (CaturBoardView *self,
                             CaturSquare     square,
                             CaturSquare     from)
{
  g_signal_emit (self, signals[EDIT_SQUARE], 0, (guint) square, (guint) from);
}

/**
 * catur_board_view_set_edit_position:
 * @self: a #CaturBoardView
 * @position: (nullable): a position of the game's variant being set up, or %NULL
 *
 * Shows a copy of @position instead of the game's, for the position editor: it need not be
 * one the game can play, so nothing asks whether a king is in check; a press on the board
 * selects nothing and plays nothing, but is told in #CaturBoardView::edit-square. %NULL
 * shows the game again. The view must show a game of the same variant.
 */
void
catur_board_view_set_edit_position (CaturBoardView      *self,
                                    const CaturPosition *position)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));
  g_return_if_fail (position == NULL || (self->variant != NULL
                                         && position->variant == self->variant));

  g_clear_pointer (&self->edit_position, catur_position_free);
  if (position != NULL)
    self->edit_position = catur_position_copy (position);
  _catur_board_view_stop_animation (self);
  _catur_board_view_clear_selection (self);
  _catur_board_view_set_explanation (self, NULL);
  update_check (self);
  _catur_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * catur_board_view_get_edit_position:
 * @self: a #CaturBoardView
 *
 * Returns: (transfer none) (nullable): the position being set up, or %NULL
 */
const CaturPosition *
catur_board_view_get_edit_position (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->edit_position;
}
