/* catur-board-view.c: the board, its pieces and the player's clicks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view knows no game: the variant draws the empty board, names the
 * pieces' images, lists the legal moves and explains the illegal ones. The
 * view turns clicks, drags and keys into candidate moves, asks the variant
 * about them and plays the legal ones on its CaturGame.
 *
 * Everything costly is cached: the board as an image per size, scale,
 * orientation, style and board theme; the pieces as images per size and piece
 * theme (CaturThemeCache); the piece letters as one layout per letter and
 * size. A frame only places those images and a few markers
 * (tests/bench/bench-board-redraw measures it).
 *
 * Themes belong to a variant: the view draws the board theme and the piece
 * theme it is given (the window binds them to the variant's settings), and a
 * game of another variant starts with that variant's defaults. A theme that
 * cannot be used is replaced by the default at once, and ::theme-failed tells
 * the window so, from an idle, once the view is in a steady state again.
 *
 * The view shows the game's view ply (catur_game_get_view_ply()): the last
 * position while the game is played, an earlier one, read-only, in review.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <adwaita.h>

#include "catur-board-view.h"
#include "catur-theme-cache.h"

/* Around the board: room for its shadow, in device-independent pixels. */
#define OUTER_PAD 20.0
/* Around the outermost points or squares, in cells: the frame and the coordinates. */
#define POINTS_MARGIN 1.0
#define SQUARES_MARGIN 0.75
#define MIN_CELL 22
#define NATURAL_CELL 64
#define ANIMATION_DURATION (150 * G_TIME_SPAN_MILLISECOND)
/* The shadow under the board is a downscaled copy of its alpha, scaled back up. */
#define SHADOW_FACTOR 8

struct _CaturBoardView
{
  GtkWidget parent_instance;

  /* Owned */
  CaturGame *game;
  CaturThemeCache *theme;
  cairo_surface_t *board_surface; /* the board with its shadow, at device pixels */
  GdkTexture *board_texture;  /* the same pixels, made when a renderer other than cairo asks */
  GArray *targets;            /* CaturMove, the legal moves of the selected piece */
  GArray *choices;            /* CaturMove, the moves offered by the choice popover */
  GtkWidget *choice_popover;
  char *explanation;
  char *accessible_label;
  char *piece_theme;          /* as asked for; NULL for the variant's default */
  char *board_theme;          /* likewise */
  GHashTable *letter_layouts;  /* letter → PangoLayout, for letters_cell */

  /* The game's, not references */
  CaturVariant *variant;
  CaturGeometry geometry;
  CaturBoardLayout layout;
  graphene_rect_t board_rect; /* the board with its margin, in widget coordinates */

  /* What the board texture was drawn for */
  graphene_rect_t texture_rect;
  int texture_scale;
  gboolean texture_dark;
  gboolean texture_flipped;
  CaturVariant *texture_variant;
  char *texture_board_theme;

  guint view_ply;
  double letters_cell;
  CaturSquare selected;
  CaturSquare cursor;
  CaturSquare check_square;
  CaturSquare hint_from;      /* the suggested move, until the position changes */
  CaturSquare hint_to;

  /* Pointer */
  CaturSquare press_square;
  double drag_x;
  double drag_y;

  /* The moving piece */
  guint tick_id;
  gint64 animation_start;
  double animation_progress;
  CaturSquare animation_from;
  CaturSquare animation_to;
  CaturPiece animation_captured;

  guint flipped : 1;
  guint show_legal_moves : 1;
  guint cursor_visible : 1;
  guint release_deselects : 1;
  guint drag_possible : 1;
  guint dragging : 1;
  guint skip_animation : 1;
  guint animation_has_capture : 1;
  guint piece_letters : 1;
  guint table_mode : 1;
  guint animations : 1;
  guint cairo_renderer : 1;   /* the frame being drawn goes to GSK's cairo renderer */
};

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
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const GdkRGBA last_move_colour = { 0.21, 0.52, 0.89, 0.55 };
static const GdkRGBA last_move_fill_colour = { 0.21, 0.52, 0.89, 0.30 };
static const GdkRGBA selection_colour = { 0.11, 0.54, 0.36, 0.90 };
static const GdkRGBA selection_dark_colour = { 0.34, 0.89, 0.54, 0.90 };
static const GdkRGBA selection_fill_colour = { 0.18, 0.76, 0.49, 0.30 };
static const GdkRGBA target_colour = { 0.09, 0.42, 0.26, 0.62 };
static const GdkRGBA target_dark_colour = { 0.56, 0.94, 0.64, 0.70 };
static const GdkRGBA cursor_colour = { 0.21, 0.52, 0.89, 1.0 };
static const GdkRGBA drag_target_colour = { 0.21, 0.52, 0.89, 0.28 };
static const GdkRGBA hint_colour = { 0.90, 0.54, 0.05, 0.95 };
static const GdkRGBA hint_fill_colour = { 0.96, 0.76, 0.19, 0.35 };

static void update_accessible (CaturBoardView *self);

/* The position shown: the game's view ply. */
static const CaturPosition *
current_position (CaturBoardView *self)
{
  return catur_game_get_position_at (self->game, catur_game_get_view_ply (self->game));
}

/* The move that led to the position shown, if any. */
static gboolean
shown_move (CaturBoardView *self,
            CaturMove      *move)
{
  guint ply = catur_game_get_view_ply (self->game);
  g_autoptr(CaturGameMove) item = NULL;

  if (ply == 0)
    return FALSE;
  item = g_list_model_get_item (catur_game_get_moves (self->game), ply - 1);
  *move = *catur_game_move_get_move (item);
  return TRUE;
}

static gboolean
get_piece (CaturBoardView *self,
           CaturSquare     square,
           CaturPiece     *piece)
{
  return catur_variant_piece_at (self->variant, current_position (self), square, piece);
}

static guint
n_squares (CaturBoardView *self)
{
  return self->geometry.files * self->geometry.ranks;
}

static void
square_center (CaturBoardView *self,
               CaturSquare     square,
               double         *x,
               double         *y)
{
  catur_board_layout_square_center (&self->layout, square, x, y);
}

static void
square_rect (CaturBoardView  *self,
             CaturSquare      square,
             double           size,
             graphene_rect_t *rect)
{
  double x, y, side = self->layout.cell * size;

  square_center (self, square, &x, &y);
  graphene_rect_init (rect, x - side / 2, y - side / 2, side, side);
}

/* The square in screen columns and rows, column 0 left and row 0 on top. */
static void
square_to_screen (CaturBoardView *self,
                  CaturSquare     square,
                  int            *column,
                  int            *row)
{
  int files = self->geometry.files, ranks = self->geometry.ranks;
  int file = square % files, rank = square / files;

  *column = self->flipped ? files - 1 - file : file;
  *row = self->flipped ? rank : ranks - 1 - rank;
}

static CaturSquare
screen_to_square (CaturBoardView *self,
                  int             column,
                  int             row)
{
  int files = self->geometry.files, ranks = self->geometry.ranks;
  int file = self->flipped ? files - 1 - column : column;
  int rank = self->flipped ? row : ranks - 1 - row;

  return (CaturSquare) (rank * files + file);
}

static void
append_disc (GtkSnapshot   *snapshot,
             double         x,
             double         y,
             double         radius,
             const GdkRGBA *colour)
{
  GskRoundedRect disc;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (x - radius, y - radius, 2 * radius, 2 * radius);

  gsk_rounded_rect_init_from_rect (&disc, &bounds, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &disc);
  gtk_snapshot_append_color (snapshot, colour, &bounds);
  gtk_snapshot_pop (snapshot);
}

static void
append_ring (GtkSnapshot   *snapshot,
             double         x,
             double         y,
             double         radius,
             double         width,
             const GdkRGBA *colour)
{
  GskRoundedRect ring;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (x - radius, y - radius, 2 * radius, 2 * radius);
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };

  gsk_rounded_rect_init_from_rect (&ring, &bounds, radius);
  gtk_snapshot_append_border (snapshot, &ring, widths, colours);
}

/* A theme that could not be used, told from an idle so that the window may change settings
 * (and the view its theme) outside of whatever found the failure: a property change coming
 * from a settings binding, or a frame being drawn. */
typedef struct
{
  GWeakRef view;
  char *property;
  char *name;
  gboolean fall_back;         /* the view still draws the theme: change to the default first */
} ThemeFailure;

static void
theme_failure_free (gpointer data)
{
  ThemeFailure *failure = data;

  g_weak_ref_clear (&failure->view);
  g_free (failure->property);
  g_free (failure->name);
  g_free (failure);
}

static const char *
piece_theme_name (CaturBoardView *self)
{
  const CaturThemeInfo *info = catur_theme_cache_get_theme (self->theme);

  /* Translators: what the board shows when not even the game's own piece theme can be read */
  return info != NULL ? info->name : _("Plain Pieces");
}

static const char *
board_theme_name (CaturBoardView *self,
                  GPtrArray      *themes)
{
  CaturThemeInfo *info = catur_theme_list_find (themes, self->board_theme);

  if (info == NULL && themes->len > 0)
    info = g_ptr_array_index (themes, 0);
  /* Translators: the board of a game that draws only one */
  return info != NULL ? info->name : _("Standard");
}

static gboolean
report_theme_failure_cb (gpointer data)
{
  ThemeFailure *failure = data;
  g_autoptr(CaturBoardView) self = g_weak_ref_get (&failure->view);
  g_autoptr(GPtrArray) board_themes = NULL;
  const char *fallback;

  if (self == NULL || self->variant == NULL)
    return G_SOURCE_REMOVE;

  if (g_str_equal (failure->property, "piece-theme"))
    {
      if (failure->fall_back)
        catur_board_view_set_piece_theme (self, NULL);
      fallback = piece_theme_name (self);
    }
  else
    {
      board_themes = catur_variant_list_board_themes (self->variant);
      fallback = board_theme_name (self, board_themes);
    }

  g_signal_emit (self, signals[THEME_FAILED], 0, failure->property, failure->name, fallback);
  return G_SOURCE_REMOVE;
}

static void
report_theme_failure (CaturBoardView *self,
                      const char     *property,
                      const char     *name,
                      gboolean        fall_back)
{
  ThemeFailure *failure = g_new0 (ThemeFailure, 1);

  g_weak_ref_init (&failure->view, self);
  failure->property = g_strdup (property);
  failure->name = g_strdup (name);
  failure->fall_back = fall_back;
  g_idle_add_full (G_PRIORITY_DEFAULT, report_theme_failure_cb, failure, theme_failure_free);
}

/* Gives the theme cache the piece theme asked for; one that cannot be used is dropped for the
 * variant's default, which the cache has taken already. */
static void
apply_piece_theme (CaturBoardView *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturThemeInfo) info = NULL;
  g_autofree char *default_theme = NULL;

  if (self->theme == NULL)      /* disposed */
    return;
  if (self->variant == NULL)
    {
      catur_theme_cache_set_theme (self->theme, NULL, NULL, NULL);
      return;
    }
  if (catur_theme_cache_set_theme (self->theme, self->variant, self->piece_theme, &error))
    return;

  info = catur_variant_find_piece_theme (self->variant, self->piece_theme);
  if (info == NULL && self->piece_theme == NULL)
    default_theme = catur_variant_get_default_piece_theme (self->variant);
  report_theme_failure (self, "piece-theme",
                        info != NULL ? info->name
                        : self->piece_theme != NULL ? self->piece_theme : default_theme,
                        FALSE);
  if (self->piece_theme != NULL)
    {
      g_clear_pointer (&self->piece_theme, g_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_THEME]);
    }
}

/* A board theme the variant does not draw is dropped for its default. */
static void
check_board_theme (CaturBoardView *self)
{
  g_autoptr(GPtrArray) themes = NULL;

  if (self->variant == NULL || self->board_theme == NULL)
    return;

  themes = catur_variant_list_board_themes (self->variant);
  if (catur_theme_list_find (themes, self->board_theme) != NULL)
    return;

  g_message ("The game %s has no board theme “%s”", catur_variant_get_id (self->variant),
             self->board_theme);
  report_theme_failure (self, "board-theme", self->board_theme, FALSE);
  g_clear_pointer (&self->board_theme, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BOARD_THEME]);
}

static void
set_explanation (CaturBoardView *self,
                 const char     *explanation)
{
  if (g_strcmp0 (self->explanation, explanation) == 0)
    return;

  g_free (self->explanation);
  self->explanation = g_strdup (explanation);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXPLANATION]);
}

static void
stop_animation (CaturBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  self->animation_from = CATUR_SQUARE_NONE;
  self->animation_to = CATUR_SQUARE_NONE;
}

static void
hide_choices (CaturBoardView *self)
{
  if (self->choice_popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->choice_popover));
}

static void
clear_selection (CaturBoardView *self)
{
  self->selected = CATUR_SQUARE_NONE;
  self->release_deselects = FALSE;
  self->drag_possible = FALSE;
  self->dragging = FALSE;
  g_clear_pointer (&self->targets, g_array_unref);
  hide_choices (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
select_square (CaturBoardView *self,
               CaturSquare     square,
               GArray         *moves)
{
  clear_selection (self);
  self->selected = square;
  self->cursor = square;
  self->targets = g_array_ref (moves);
  set_explanation (self, NULL);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
play_move (CaturBoardView  *self,
           const CaturMove *move)
{
  g_autoptr(GError) error = NULL;
  CaturMove copy = *move;

  clear_selection (self);
  self->cursor = copy.to;
  if (!catur_game_play (self->game, &copy, &error))
    set_explanation (self, error->message);
}

static void
choice_clicked_cb (CaturBoardView *self,
                   GtkButton      *button)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "catur-choice"));
  CaturMove move;

  if (self->choices == NULL || index >= self->choices->len)
    return;

  move = g_array_index (self->choices, CaturMove, index);
  gtk_popover_popdown (GTK_POPOVER (self->choice_popover));
  play_move (self, &move);
}

/* Several legal moves share an origin and a target (a promotion's choices):
 * the player picks one by its notation. */
static void
ask_choice (CaturBoardView *self,
            GArray         *moves)
{
  GtkWidget *box;
  graphene_rect_t rect;
  GdkRectangle pointing;

  if (self->choice_popover == NULL)
    {
      self->choice_popover = gtk_popover_new ();
      gtk_widget_set_parent (self->choice_popover, GTK_WIDGET (self));
      gtk_widget_add_css_class (self->choice_popover, "menu");
    }

  g_clear_pointer (&self->choices, g_array_unref);
  self->choices = g_array_ref (moves);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  for (guint i = 0; i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);
      g_autofree char *text = NULL;
      GtkWidget *button;

      text = catur_variant_format_move (self->variant, current_position (self), move,
                                        catur_game_get_notation (self->game));
      button = gtk_button_new_with_label (text);
      gtk_widget_add_css_class (button, "flat");
      g_object_set_data (G_OBJECT (button), "catur-choice", GUINT_TO_POINTER (i));
      g_signal_connect_object (button, "clicked", G_CALLBACK (choice_clicked_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_popover_set_child (GTK_POPOVER (self->choice_popover), box);

  square_rect (self, g_array_index (moves, CaturMove, 0).to, 1.0, &rect);
  pointing.x = (int) rect.origin.x;
  pointing.y = (int) rect.origin.y;
  pointing.width = (int) rect.size.width;
  pointing.height = (int) rect.size.height;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->choice_popover), &pointing);
  gtk_popover_popup (GTK_POPOVER (self->choice_popover));
}

static GArray *
moves_between (GArray      *moves,
               CaturSquare  from,
               CaturSquare  to)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (CaturMove));

  for (guint i = 0; moves != NULL && i < moves->len; i++)
    {
      const CaturMove *move = &g_array_index (moves, CaturMove, i);

      if (move->from == from && move->to == to)
        g_array_append_vals (found, move, 1);
    }
  return found;
}

static void
play_or_ask (CaturBoardView *self,
             GArray         *moves)
{
  if (moves->len == 1)
    play_move (self, &g_array_index (moves, CaturMove, 0));
  else
    ask_choice (self, moves);
}

/* Whether the piece on @square may be picked up: it has legal moves, or the
 * variant has no objection (an own piece that happens to be stuck; the next
 * click then explains why its move fails). */
static gboolean
try_select (CaturBoardView  *self,
            CaturSquare      square,
            char           **why)
{
  g_autoptr(GArray) moves = NULL;
  CaturMove probe = { square, CATUR_SQUARE_NONE, 0, 0 };

  moves = catur_variant_legal_moves_from (self->variant, current_position (self), square);
  if (moves->len == 0)
    {
      *why = catur_variant_explain (self->variant, current_position (self), &probe, NULL);
      if (*why != NULL)
        return FALSE;
    }

  select_square (self, square, moves);
  return TRUE;
}

/* A click, or Enter on the cursor: the heart of the interaction. */
static void
activate_square (CaturBoardView *self,
                 CaturSquare     square)
{
  g_autoptr(GArray) matches = NULL;
  g_autofree char *why = NULL;

  if (self->game == NULL || square == CATUR_SQUARE_NONE || square >= n_squares (self))
    return;

  self->cursor = square;

  /* An earlier position is only looked at; the review bar says how to go back. The board
   * is the computer's while it thinks. */
  if (catur_game_is_reviewing (self->game) || catur_game_get_thinking (self->game))
    return;

  if (catur_game_is_over (self->game))
    {
      set_explanation (self, _("The game is over. Start a new game to play again."));
      return;
    }

  if (self->selected != CATUR_SQUARE_NONE)
    {
      CaturMove move = { self->selected, square, 0, 0 };

      matches = moves_between (self->targets, self->selected, square);
      if (matches->len > 0)
        {
          set_explanation (self, NULL);
          play_or_ask (self, matches);
          return;
        }
      if (square == self->selected)
        {
          clear_selection (self);
          update_accessible (self);
          return;
        }

      {
        CaturPiece piece;

        if (get_piece (self, square, &piece) && try_select (self, square, &why))
          return;
      }

      g_clear_pointer (&why, g_free);
      why = catur_variant_explain (self->variant, current_position (self), &move, NULL);
      set_explanation (self, why != NULL ? why : _("That move is not legal."));
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  /* Nothing selected yet. A square whose only move stays on it (turning a
   * piece face up) is played at once. */
  {
    g_autoptr(GArray) moves = catur_variant_legal_moves_from (self->variant,
                                                              current_position (self), square);

    matches = moves_between (moves, square, square);
    if (matches->len > 0 && matches->len == moves->len)
      {
        set_explanation (self, NULL);
        play_or_ask (self, matches);
        return;
      }
  }

  if (!try_select (self, square, &why))
    set_explanation (self, why);
  update_accessible (self);
}

static void
board_press (CaturBoardView *self,
             double          x,
             double          y)
{
  CaturSquare square;

  self->press_square = CATUR_SQUARE_NONE;
  self->release_deselects = FALSE;
  self->drag_possible = FALSE;
  self->dragging = FALSE;

  if (self->game == NULL || catur_game_get_thinking (self->game))
    return;

  if (self->cursor_visible)
    {
      self->cursor_visible = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  square = catur_board_layout_square_at (&self->layout, x, y);
  self->press_square = square;
  if (square == CATUR_SQUARE_NONE)
    {
      if (self->selected != CATUR_SQUARE_NONE)
        {
          clear_selection (self);
          update_accessible (self);
        }
      return;
    }

  if (square == self->selected && !catur_game_is_over (self->game)
      && !catur_game_is_reviewing (self->game))
    {
      g_autoptr(GArray) stay = moves_between (self->targets, square, square);

      if (stay->len == 0)
        {
          /* A press on the selected piece may begin a drag; a plain click drops it. */
          self->release_deselects = TRUE;
          self->drag_possible = TRUE;
          return;
        }
    }

  activate_square (self, square);
  if (self->selected == square)
    self->drag_possible = TRUE;
}

static void
board_release (CaturBoardView *self,
               double          x,
               double          y)
{
  if (self->dragging)
    {
      CaturSquare square = catur_board_layout_square_at (&self->layout, x, y);

      self->dragging = FALSE;
      if (square != CATUR_SQUARE_NONE && square != self->selected)
        {
          self->skip_animation = TRUE;
          activate_square (self, square);
          self->skip_animation = FALSE;
        }
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else if (self->release_deselects)
    {
      clear_selection (self);
      update_accessible (self);
    }

  self->release_deselects = FALSE;
  self->drag_possible = FALSE;
}

static void
drag_begin_cb (CaturBoardView *self,
               double          x,
               double          y,
               GtkGestureDrag *gesture)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  board_press (self, x, y);
}

static void
drag_update_cb (CaturBoardView *self,
                double          offset_x,
                double          offset_y,
                GtkGestureDrag *gesture)
{
  double start_x, start_y;

  if (!self->drag_possible || self->selected == CATUR_SQUARE_NONE)
    return;

  gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y);
  self->drag_x = start_x + offset_x;
  self->drag_y = start_y + offset_y;
  if (!self->dragging
      && gtk_drag_check_threshold (GTK_WIDGET (self), (int) start_x, (int) start_y,
                                   (int) self->drag_x, (int) self->drag_y))
    {
      self->dragging = TRUE;
      self->release_deselects = FALSE;
    }

  if (self->dragging)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (CaturBoardView *self,
             double          offset_x,
             double          offset_y,
             GtkGestureDrag *gesture)
{
  double start_x, start_y;

  gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y);
  board_release (self, start_x + offset_x, start_y + offset_y);
}

static void
drag_cancel_cb (CaturBoardView   *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  self->dragging = FALSE;
  self->drag_possible = FALSE;
  self->release_deselects = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed_cb (CaturBoardView        *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  return catur_board_view_key_press (self, keyval, state);
}

static void
focus_changed_cb (CaturBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static double
ease_out_cubic (double t)
{
  double u = 1.0 - t;

  return 1.0 - u * u * u;
}

static gboolean
animation_tick_cb (GtkWidget     *widget,
                   GdkFrameClock *frame_clock,
                   gpointer       user_data)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (frame_clock);

  if (self->animation_start == 0)
    self->animation_start = now;

  self->animation_progress = (double) (now - self->animation_start) / ANIMATION_DURATION;
  gtk_widget_queue_draw (widget);

  if (self->animation_progress >= 1.0)
    {
      self->tick_id = 0;
      self->animation_from = CATUR_SQUARE_NONE;
      self->animation_to = CATUR_SQUARE_NONE;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* Slides the piece of the move that led to the position shown. */
static void
start_animation (CaturBoardView *self)
{
  gboolean enabled = FALSE;
  CaturMove move;

  stop_animation (self);

  if (!shown_move (self, &move) || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;

  /* The player's choice, and the desktop's (reduced motion). */
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled,
                NULL);
  if (!enabled || !self->animations)
    return;

  if (move.from == CATUR_SQUARE_NONE || move.from == move.to)
    return;

  self->animation_from = move.from;
  self->animation_to = move.to;
  self->animation_has_capture =
    catur_variant_piece_at (self->variant,
                            catur_game_get_position_at (self->game,
                                                        catur_game_get_view_ply (self->game) - 1),
                            move.to, &self->animation_captured);
  self->animation_start = 0;
  self->animation_progress = 0.0;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick_cb, NULL, NULL);
}

static void
update_check (CaturBoardView *self)
{
  CaturSquare king = CATUR_SQUARE_NONE;

  self->check_square = CATUR_SQUARE_NONE;
  if (self->game != NULL
      && catur_variant_in_check (self->variant, current_position (self), &king))
    self->check_square = king;
}

static void
game_changed_cb (CaturBoardView *self,
                 CaturGame      *game)
{
  /* A hint is for the position it was asked in. */
  self->hint_from = self->hint_to = CATUR_SQUARE_NONE;
  clear_selection (self);
  set_explanation (self, NULL);
  update_check (self);
  update_accessible (self);
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
  clear_selection (self);
  set_explanation (self, NULL);
  update_check (self);

  if (step && !self->skip_animation)
    start_animation (self);
  else
    stop_animation (self);

  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static char *
describe_square (CaturBoardView *self,
                 CaturSquare     square)
{
  char name[8] = "";
  CaturPiece piece;

  catur_variant_square_name (self->variant, square, name);
  if (!get_piece (self, square, &piece))
    /* Translators: a square of the board with nothing on it, e.g. "e5: empty" */
    return g_strdup_printf (_("%s: empty"), name);
  if (piece.flags & CATUR_PIECE_FACE_DOWN)
    /* Translators: a square with a piece lying face down, e.g. "a1: face-down piece" */
    return g_strdup_printf (_("%s: face-down piece"), name);

  /* Translators: a square and its piece: square name, side name and piece name,
   * e.g. "e2: Red Cannon" */
  return g_strdup_printf (_("%s: %s %s"), name,
                          catur_variant_get_side_name (self->variant, piece.side),
                          catur_variant_get_piece_name (self->variant, piece.kind));
}

static void
update_accessible (CaturBoardView *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;

  if (self->game == NULL)
    label = g_strdup (_("Board"));
  else if (self->cursor_visible && self->cursor != CATUR_SQUARE_NONE)
    {
      g_autofree char *square = describe_square (self, self->cursor);

      if (self->cursor == self->selected)
        /* Translators: the keyboard cursor is on the selected piece,
         * e.g. "e2: Red Cannon, selected" */
        label = g_strdup_printf (_("%s, selected"), square);
      else
        label = g_steal_pointer (&square);
    }
  else if (self->selected != CATUR_SQUARE_NONE)
    {
      g_autofree char *square = describe_square (self, self->selected);

      /* Translators: the piece the player picked up, e.g. "Selected e2: Red Cannon" */
      label = g_strdup_printf (_("Selected %s"), square);
    }
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
                                     catur_variant_get_side_name (self->variant, side));
    }

  g_free (self->accessible_label);
  self->accessible_label = g_steal_pointer (&label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, self->accessible_label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);
}

static void
board_spans (CaturBoardView *self,
             double         *span_x,
             double         *span_y)
{
  double margin = self->geometry.on_points ? POINTS_MARGIN : SQUARES_MARGIN;
  int files = self->geometry.files, ranks = self->geometry.ranks;

  *span_x = (self->geometry.on_points ? files - 1 : files) + 2 * margin;
  *span_y = (self->geometry.on_points ? ranks - 1 : ranks) + 2 * margin;
}

/* Where the board stands for a widget of @width × @height. */
static void
compute_layout (CaturBoardView *self,
                int             width,
                int             height)
{
  double margin, span_x, span_y, cell, board_width, board_height, left, top;

  memset (&self->layout, 0, sizeof self->layout);
  graphene_rect_init (&self->board_rect, 0, 0, 0, 0);
  if (self->game == NULL)
    return;

  margin = self->geometry.on_points ? POINTS_MARGIN : SQUARES_MARGIN;
  board_spans (self, &span_x, &span_y);

  cell = floor (MIN ((width - 2 * OUTER_PAD) / span_x, (height - 2 * OUTER_PAD) / span_y));
  cell = MAX (cell, 1.0);
  board_width = cell * span_x;
  board_height = cell * span_y;
  left = floor ((width - board_width) / 2);
  top = floor ((height - board_height) / 2);

  self->layout.x = left + margin * cell;
  self->layout.y = top + margin * cell;
  self->layout.cell = cell;
  self->layout.flipped = self->flipped;
  self->layout.files = self->geometry.files;
  self->layout.ranks = self->geometry.ranks;
  self->layout.on_points = self->geometry.on_points;
  graphene_rect_init (&self->board_rect, left, top, board_width, board_height);
}

static gboolean
style_is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* The variant's board, with a soft shadow, drawn once per size, scale,
 * orientation and style. */
static void
ensure_board_texture (CaturBoardView *self,
                      int             scale)
{
  graphene_rect_t rect;
  gboolean dark = style_is_dark ();
  cairo_surface_t *board, *shadow, *surface;
  cairo_pattern_t *pattern;
  cairo_t *cr;
  int width, height, small_width, small_height;

  graphene_rect_inset_r (&self->board_rect, -OUTER_PAD, -OUTER_PAD, &rect);

  if (self->board_surface != NULL
      && graphene_rect_equal (&rect, &self->texture_rect)
      && self->texture_scale == scale
      && self->texture_dark == dark
      && self->texture_flipped == self->flipped
      && self->texture_variant == self->variant
      && g_strcmp0 (self->texture_board_theme, self->board_theme) == 0)
    return;

  g_clear_pointer (&self->board_surface, cairo_surface_destroy);
  g_clear_object (&self->board_texture);
  self->texture_rect = rect;
  self->texture_scale = scale;
  self->texture_dark = dark;
  self->texture_flipped = self->flipped;
  self->texture_variant = self->variant;
  g_free (self->texture_board_theme);
  self->texture_board_theme = g_strdup (self->board_theme);

  width = (int) ceil (rect.size.width * scale);
  height = (int) ceil (rect.size.height * scale);
  if (width <= 0 || height <= 0)
    return;

  board = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (board);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -rect.origin.x, -rect.origin.y);
  catur_variant_draw_board_themed (self->variant, cr, &self->layout, self->board_theme, dark);
  cairo_destroy (cr);

  /* The board's alpha, eight times smaller: scaled back up with a bilinear
   * filter it is a cheap blur. */
  small_width = width / SHADOW_FACTOR + 1;
  small_height = height / SHADOW_FACTOR + 1;
  shadow = cairo_image_surface_create (CAIRO_FORMAT_A8, small_width, small_height);
  cr = cairo_create (shadow);
  cairo_scale (cr, 1.0 / SHADOW_FACTOR, 1.0 / SHADOW_FACTOR);
  cairo_set_source_surface (cr, board, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_GOOD);
  cairo_paint (cr);
  cairo_destroy (cr);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  cairo_save (cr);
  cairo_translate (cr, 0, 3.0 * scale);
  cairo_scale (cr, SHADOW_FACTOR, SHADOW_FACTOR);
  pattern = cairo_pattern_create_for_surface (shadow);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_BILINEAR);
  cairo_set_source_rgba (cr, 0, 0, 0, dark ? 0.55 : 0.35);
  cairo_mask (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_restore (cr);
  cairo_set_source_surface (cr, board, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);

  cairo_surface_flush (surface);
  self->board_surface = surface;

  cairo_surface_destroy (shadow);
  cairo_surface_destroy (board);
}

/* Places a cached image at @rect. GTK 4.8's cairo renderer turns a texture back into a cairo
 * surface pixel by pixel, through floats, in every frame that draws it: for the board that
 * costs ten times the rest of the frame. Under that renderer the image goes in as a cairo node
 * painting the cached surface itself, which pixman composites as it is; the other renderers
 * keep textures on the GPU, and get the texture (@texture, or one made from @surface and kept
 * in *@cached). */
static void
append_image (CaturBoardView        *self,
              GtkSnapshot           *snapshot,
              cairo_surface_t       *surface,
              GdkTexture            *texture,
              GdkTexture           **cached,
              const graphene_rect_t *rect)
{
  cairo_t *cr;

  if (!self->cairo_renderer)
    {
      if (texture == NULL && cached != NULL)
        {
          if (*cached == NULL)
            *cached = catur_texture_new_for_surface (surface);
          texture = *cached;
        }
      gtk_snapshot_append_texture (snapshot, texture, rect);
      return;
    }

  cr = gtk_snapshot_append_cairo (snapshot, rect);
  cairo_translate (cr, rect->origin.x, rect->origin.y);
  cairo_scale (cr, rect->size.width / cairo_image_surface_get_width (surface),
               rect->size.height / cairo_image_surface_get_height (surface));
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
}

/* Whether this frame goes to GSK's cairo renderer (see append_image()). */
static gboolean
renders_with_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

  return renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer);
}

/* A piece whose image is missing: a plain disc with its letter. */
static void
append_fallback_piece (CaturBoardView        *self,
                       GtkSnapshot           *snapshot,
                       const CaturPiece      *piece,
                       const graphene_rect_t *rect)
{
  static const GdkRGBA light = { 0.96, 0.94, 0.90, 1.0 };
  static const GdkRGBA dark = { 0.24, 0.22, 0.27, 1.0 };
  static const GdkRGBA edge = { 0.0, 0.0, 0.0, 0.5 };
  gboolean second = piece->side == CATUR_SIDE_SECOND;
  double cx = rect->origin.x + rect->size.width / 2;
  double cy = rect->origin.y + rect->size.height / 2;
  double radius = rect->size.width * 0.44;
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  char letter[2] = { '?', '\0' };
  int text_width, text_height;

  if (!(piece->flags & CATUR_PIECE_FACE_DOWN))
    letter[0] = catur_variant_get_piece_letter (self->variant, piece->kind, piece->side);

  append_disc (snapshot, cx, cy, radius, second ? &dark : &light);
  append_ring (snapshot, cx, cy, radius, MAX (1.0, radius * 0.08), &edge);

  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), letter);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, radius * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &text_width, &text_height);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx - text_width / 2.0,
                                                          cy - text_height / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, second ? &light : &dark);
  gtk_snapshot_restore (snapshot);
}

/* The letter of a piece, laid out once per letter and board size. */
static PangoLayout *
letter_layout (CaturBoardView *self,
               char            letter)
{
  PangoLayout *layout;

  if (self->letters_cell != self->layout.cell)
    {
      g_hash_table_remove_all (self->letter_layouts);
      self->letters_cell = self->layout.cell;
    }

  layout = g_hash_table_lookup (self->letter_layouts, GINT_TO_POINTER ((int) letter));
  if (layout == NULL)
    {
      char text[2] = { letter, '\0' };
      PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
      pango_font_description_set_absolute_size (font, self->layout.cell * 0.2 * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      g_hash_table_insert (self->letter_layouts, GINT_TO_POINTER ((int) letter), layout);
    }
  return layout;
}

/* The piece's letter in the game's notation, on a small badge at the piece's lower right. */
static void
append_letter (CaturBoardView        *self,
               GtkSnapshot           *snapshot,
               const CaturPiece      *piece,
               const graphene_rect_t *rect)
{
  static const GdkRGBA badge = { 0.13, 0.13, 0.15, 0.82 };
  static const GdkRGBA ink = { 1.0, 1.0, 1.0, 1.0 };
  PangoLayout *layout;
  double cx, cy, radius = rect->size.width * 0.15;
  int width, height;
  char letter;

  if (piece->flags & CATUR_PIECE_FACE_DOWN)
    return;
  letter = catur_variant_get_piece_letter (self->variant, piece->kind, piece->side);
  if (letter == '\0' || letter == '?')
    return;

  cx = rect->origin.x + rect->size.width * 0.84;
  cy = rect->origin.y + rect->size.height * 0.84;
  layout = letter_layout (self, letter);
  pango_layout_get_pixel_size (layout, &width, &height);

  append_disc (snapshot, cx, cy, radius, &badge);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx - width / 2.0, cy - height / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, &ink);
  gtk_snapshot_restore (snapshot);
}

/* The side whose pieces table mode turns around: the one at the top of the board. */
static CaturSide
top_side (CaturBoardView *self)
{
  return self->flipped ? CATUR_SIDE_FIRST : CATUR_SIDE_SECOND;
}

static void
append_piece (CaturBoardView        *self,
              GtkSnapshot           *snapshot,
              const CaturPiece      *piece,
              const graphene_rect_t *where)
{
  cairo_surface_t *surface = catur_theme_cache_get_piece_surface (self->theme, piece);
  gboolean turned = self->table_mode && piece->side == top_side (self);
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  graphene_rect_t snapped, *rect = &snapped;

  /* On whole device pixels: an image of the piece's size then lands pixel for pixel, sharp,
   * whatever the parity of the cell. */
  graphene_rect_init (&snapped, round (where->origin.x * scale) / scale,
                      round (where->origin.y * scale) / scale, where->size.width,
                      where->size.height);

  /* In table mode the top player reads its own pieces (and their letters) the right way up. */
  if (turned)
    {
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (rect->origin.x + rect->size.width / 2,
                                                    rect->origin.y + rect->size.height / 2));
      gtk_snapshot_rotate (snapshot, 180);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (-(rect->origin.x + rect->size.width / 2),
                                                    -(rect->origin.y + rect->size.height / 2)));
    }

  if (surface != NULL)
    append_image (self, snapshot, surface,
                  self->cairo_renderer ? NULL : catur_theme_cache_get_piece (self->theme, piece),
                  NULL, rect);
  else
    append_fallback_piece (self, snapshot, piece, rect);
  if (self->piece_letters)
    append_letter (self, snapshot, piece, rect);

  if (turned)
    gtk_snapshot_restore (snapshot);
}

static void
append_check (CaturBoardView *self,
              GtkSnapshot    *snapshot)
{
  const GskColorStop stops[] = {
    { 0.0, { 0.88, 0.11, 0.14, 0.95 } },
    { 0.55, { 0.88, 0.11, 0.14, 0.65 } },
    { 1.0, { 0.88, 0.11, 0.14, 0.0 } },
  };
  graphene_rect_t rect;
  double x, y, radius = self->layout.cell * 0.68;

  square_center (self, self->check_square, &x, &y);
  graphene_rect_init (&rect, x - radius, y - radius, 2 * radius, 2 * radius);
  gtk_snapshot_append_radial_gradient (snapshot, &rect, &GRAPHENE_POINT_INIT (x, y),
                                       radius, radius, 0.0, 1.0, stops, G_N_ELEMENTS (stops));
}

static void
append_markers_under (CaturBoardView *self,
                      GtkSnapshot    *snapshot)
{
  CaturMove shown;
  double x, y;

  /* The move that led to the position shown: the last one, or the one reviewed. */
  if (shown_move (self, &shown))
    {
      const CaturMove *move = &shown;

      /* Where the piece came from: a faint ring; where it went: a halo under it. */
      if (move->from != CATUR_SQUARE_NONE && move->from != move->to)
        {
          square_center (self, move->from, &x, &y);
          append_ring (snapshot, x, y, self->layout.cell * 0.2, MAX (1.5, self->layout.cell * 0.04),
                       &last_move_colour);
        }
      square_center (self, move->to, &x, &y);
      append_disc (snapshot, x, y, self->layout.cell * 0.54, &last_move_fill_colour);
      append_ring (snapshot, x, y, self->layout.cell * 0.54, MAX (2.0, self->layout.cell * 0.05),
                   &last_move_colour);
    }

  if (self->check_square != CATUR_SQUARE_NONE)
    append_check (self, snapshot);

  /* The hint: both ends of the suggested move, in the live position only. */
  if (self->hint_from != CATUR_SQUARE_NONE && self->game != NULL
      && !catur_game_is_reviewing (self->game))
    {
      CaturSquare ends[2] = { self->hint_from, self->hint_to };

      for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
        {
          if (ends[i] == CATUR_SQUARE_NONE || (i == 1 && ends[1] == ends[0]))
            continue;
          square_center (self, ends[i], &x, &y);
          append_disc (snapshot, x, y, self->layout.cell * 0.5, &hint_fill_colour);
          append_ring (snapshot, x, y, self->layout.cell * 0.5,
                       MAX (2.0, self->layout.cell * 0.07), &hint_colour);
        }
    }

  if (self->selected != CATUR_SQUARE_NONE)
    {
      square_center (self, self->selected, &x, &y);
      append_disc (snapshot, x, y, self->layout.cell * 0.52, &selection_fill_colour);
      append_ring (snapshot, x, y, self->layout.cell * 0.52, MAX (2.0, self->layout.cell * 0.06),
                   style_is_dark () ? &selection_dark_colour : &selection_colour);
    }
}

static void
append_markers_over (CaturBoardView *self,
                     GtkSnapshot    *snapshot)
{
  double x, y, cell = self->layout.cell;
  const GdkRGBA *target = style_is_dark () ? &target_dark_colour : &target_colour;

  if (self->targets != NULL && self->show_legal_moves)
    {
      for (guint i = 0; i < self->targets->len; i++)
        {
          const CaturMove *move = &g_array_index (self->targets, CaturMove, i);
          CaturPiece piece;

          if (move->to == move->from || move->to == CATUR_SQUARE_NONE)
            continue;

          square_center (self, move->to, &x, &y);
          if (get_piece (self, move->to, &piece))
            append_ring (snapshot, x, y, cell * 0.5, MAX (2.0, cell * 0.075), target);
          else
            append_disc (snapshot, x, y, cell * 0.15, target);
        }
    }

  if (self->dragging)
    {
      CaturSquare hover = catur_board_layout_square_at (&self->layout, self->drag_x, self->drag_y);

      if (hover != CATUR_SQUARE_NONE && hover != self->selected)
        {
          square_center (self, hover, &x, &y);
          append_disc (snapshot, x, y, cell * 0.55, &drag_target_colour);
        }
    }

  if (self->cursor_visible && self->cursor != CATUR_SQUARE_NONE
      && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      graphene_rect_t rect;
      GskRoundedRect box;
      const float widths[4] = { 3, 3, 3, 3 };
      const GdkRGBA colours[4] = { cursor_colour, cursor_colour, cursor_colour, cursor_colour };

      square_rect (self, self->cursor, 1.04, &rect);
      gsk_rounded_rect_init_from_rect (&box, &rect, cell * 0.16);
      gtk_snapshot_append_border (snapshot, &box, widths, colours);
    }
}

static void
catur_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  gboolean animating = self->tick_id != 0 && self->animation_to != CATUR_SQUARE_NONE;
  double t = animating ? ease_out_cubic (CLAMP (self->animation_progress, 0.0, 1.0)) : 1.0;
  graphene_rect_t rect;

  if (self->game == NULL || self->layout.cell < 2)
    return;

  self->cairo_renderer = renders_with_cairo (widget);
  ensure_board_texture (self, scale);
  if (self->board_surface != NULL)
    append_image (self, snapshot, self->board_surface, NULL, &self->board_texture,
                  &self->texture_rect);

  append_markers_under (self, snapshot);

  catur_theme_cache_set_pixel_size (self->theme, (int) round (self->layout.cell * scale));
  for (guint square = 0; square < n_squares (self); square++)
    {
      CaturPiece piece;

      if (!get_piece (self, square, &piece))
        continue;
      if (animating && square == self->animation_to)
        continue;

      square_rect (self, square, 1.0, &rect);
      if (self->dragging && square == self->selected)
        {
          gtk_snapshot_push_opacity (snapshot, 0.35);
          append_piece (self, snapshot, &piece, &rect);
          gtk_snapshot_pop (snapshot);
        }
      else
        append_piece (self, snapshot, &piece, &rect);
    }

  if (animating)
    {
      CaturPiece piece;
      double x0, y0, x1, y1, side = self->layout.cell;

      if (self->animation_has_capture)
        {
          square_rect (self, self->animation_to, 1.0, &rect);
          gtk_snapshot_push_opacity (snapshot, 1.0 - t);
          append_piece (self, snapshot, &self->animation_captured, &rect);
          gtk_snapshot_pop (snapshot);
        }
      if (get_piece (self, self->animation_to, &piece))
        {
          square_center (self, self->animation_from, &x0, &y0);
          square_center (self, self->animation_to, &x1, &y1);
          graphene_rect_init (&rect, x0 + (x1 - x0) * t - side / 2, y0 + (y1 - y0) * t - side / 2,
                              side, side);
          append_piece (self, snapshot, &piece, &rect);
        }
    }

  append_markers_over (self, snapshot);

  /* An image of the theme that failed only now (a piece not in the start position). */
  {
    g_autoptr(GError) error = catur_theme_cache_take_error (self->theme);
    const CaturThemeInfo *info = catur_theme_cache_get_theme (self->theme);
    g_autofree char *default_theme = NULL;

    if (error != NULL && info != NULL)
      {
        default_theme = catur_variant_get_default_piece_theme (self->variant);
        if (g_strcmp0 (info->id, default_theme) != 0)
          report_theme_failure (self, "piece-theme", info->name, TRUE);
      }
  }

  if (self->dragging && self->selected != CATUR_SQUARE_NONE)
    {
      CaturPiece piece;
      double side = self->layout.cell * 1.08;

      if (get_piece (self, self->selected, &piece))
        {
          graphene_rect_init (&rect, self->drag_x - side / 2, self->drag_y - side / 2, side, side);
          append_piece (self, snapshot, &piece, &rect);
        }
    }
}

static GtkSizeRequestMode
catur_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* The board keeps its proportions: given a width, it wants the height that
 * goes with it, so that a container may centre it with what lies around it. */
static void
catur_board_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);
  double span_x, span_y, span, other;

  if (self->game == NULL)
    {
      *minimum = 0;
      *natural = 0;
      return;
    }

  board_spans (self, &span_x, &span_y);
  span = orientation == GTK_ORIENTATION_HORIZONTAL ? span_x : span_y;
  other = orientation == GTK_ORIENTATION_HORIZONTAL ? span_y : span_x;

  *minimum = (int) ceil (span * MIN_CELL + 2 * OUTER_PAD);
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size > 0)
    *natural = (int) ceil (MAX ((for_size - 2 * OUTER_PAD) / other, MIN_CELL) * span
                           + 2 * OUTER_PAD);
  else
    *natural = (int) ceil (span * NATURAL_CELL + 2 * OUTER_PAD);
  *natural = MAX (*natural, *minimum);
}

static void
catur_board_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (widget);

  compute_layout (self, width, height);

  if (self->choice_popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->choice_popover));
}

static void
catur_board_view_dispose (GObject *object)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (object);

  stop_animation (self);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, view_ply_changed_cb, self);
    }
  g_clear_object (&self->game);
  g_clear_pointer (&self->choice_popover, gtk_widget_unparent);
  g_clear_pointer (&self->board_surface, cairo_surface_destroy);
  g_clear_object (&self->board_texture);
  g_clear_object (&self->theme);

  G_OBJECT_CLASS (catur_board_view_parent_class)->dispose (object);
}

static void
catur_board_view_finalize (GObject *object)
{
  CaturBoardView *self = CATUR_BOARD_VIEW (object);

  g_clear_pointer (&self->targets, g_array_unref);
  g_clear_pointer (&self->choices, g_array_unref);
  g_clear_pointer (&self->explanation, g_free);
  g_clear_pointer (&self->accessible_label, g_free);
  g_clear_pointer (&self->letter_layouts, g_hash_table_unref);
  g_clear_pointer (&self->piece_theme, g_free);
  g_clear_pointer (&self->board_theme, g_free);
  g_clear_pointer (&self->texture_board_theme, g_free);

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

  widget_class->snapshot = catur_board_view_snapshot;
  widget_class->get_request_mode = catur_board_view_get_request_mode;
  widget_class->measure = catur_board_view_measure;
  widget_class->size_allocate = catur_board_view_size_allocate;

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

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
catur_board_view_init (CaturBoardView *self)
{
  GtkGesture *drag;
  GtkEventController *key, *focus;

  self->theme = catur_theme_cache_new ();
  self->letter_layouts = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->show_legal_moves = TRUE;
  self->animations = TRUE;
  self->selected = CATUR_SQUARE_NONE;
  self->cursor = CATUR_SQUARE_NONE;
  self->check_square = CATUR_SQUARE_NONE;
  self->hint_from = CATUR_SQUARE_NONE;
  self->hint_to = CATUR_SQUARE_NONE;
  self->press_square = CATUR_SQUARE_NONE;
  self->animation_from = CATUR_SQUARE_NONE;
  self->animation_to = CATUR_SQUARE_NONE;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect_swapped (drag, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  key = gtk_event_controller_key_new ();
  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed_cb), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  update_accessible (self);
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

  stop_animation (self);
  hide_choices (self);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, game_changed_cb, self);
      g_signal_handlers_disconnect_by_func (self->game, view_ply_changed_cb, self);
    }

  g_set_object (&self->game, game);
  previous_variant = self->variant;
  self->variant = NULL;
  self->hint_from = self->hint_to = CATUR_SQUARE_NONE;
  memset (&self->geometry, 0, sizeof self->geometry);

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
      apply_piece_theme (self);
      self->view_ply = catur_game_get_view_ply (game);
      g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::view-ply", G_CALLBACK (view_ply_changed_cb), self,
                               G_CONNECT_SWAPPED);

      /* The keyboard cursor starts in the middle of the bottom rank. */
      self->cursor = screen_to_square (self, self->geometry.files / 2, self->geometry.ranks - 1);
    }
  else
    {
      apply_piece_theme (self);
      self->cursor = CATUR_SQUARE_NONE;
    }

  clear_selection (self);
  set_explanation (self, NULL);
  update_check (self);
  update_accessible (self);
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
  stop_animation (self);
  hide_choices (self);
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
  apply_piece_theme (self);
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
  check_board_theme (self);
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
    stop_animation (self);
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

  return self->selected;
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
 * Returns: the label given to assistive technologies: the square under the
 *   keyboard cursor, else the selected piece, else the board's name
 */
const char *
catur_board_view_get_accessible_label (CaturBoardView *self)
{
  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  return self->accessible_label;
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

  clear_selection (self);
  set_explanation (self, NULL);
  update_accessible (self);
}

/**
 * catur_board_view_click_at:
 * @self: a #CaturBoardView
 * @x: widget coordinate
 * @y: widget coordinate
 *
 * A primary-button press and release at (@x, @y), through the same code the
 * pointer gesture runs.
 */
void
catur_board_view_click_at (CaturBoardView *self,
                           double          x,
                           double          y)
{
  g_return_if_fail (CATUR_IS_BOARD_VIEW (self));

  board_press (self, x, y);
  board_release (self, x, y);
}

/**
 * catur_board_view_key_press:
 * @self: a #CaturBoardView
 * @keyval: the key
 * @state: the modifiers held
 *
 * What the view does with a key; its key controller calls this. The arrows
 * move the cursor (the first key press only shows it), Enter and Space act on
 * the cursor's square as a click does, Escape drops the selection.
 *
 * Returns: whether the key was used
 */
gboolean
catur_board_view_key_press (CaturBoardView  *self,
                            guint            keyval,
                            GdkModifierType  state)
{
  int dx = 0, dy = 0, column, row;

  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), FALSE);

  if (self->game == NULL)
    return FALSE;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
    return FALSE;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      dx = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      dx = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      dy = 1;
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      if (self->cursor_visible)
        activate_square (self, self->cursor);
      self->cursor_visible = TRUE;
      update_accessible (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Escape:
      if (self->selected == CATUR_SQUARE_NONE && self->explanation == NULL)
        return FALSE;
      catur_board_view_cancel_selection (self);
      return TRUE;
    default:
      return FALSE;
    }

  if (self->cursor_visible && self->cursor != CATUR_SQUARE_NONE)
    {
      square_to_screen (self, self->cursor, &column, &row);
      column = CLAMP (column + dx, 0, self->geometry.files - 1);
      row = CLAMP (row + dy, 0, self->geometry.ranks - 1);
      self->cursor = screen_to_square (self, column, row);
    }
  self->cursor_visible = TRUE;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
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
