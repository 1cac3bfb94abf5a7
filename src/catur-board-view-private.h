/* catur-board-view-private.h: what the board view's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * catur-board-view.c        the widget: its properties, the game's signals, the public API
 * catur-board-view-input.c  pointer, drags and keys turned into squares, and what follows
 * catur-selection.c         what a press on a square means (no GTK)
 * catur-board-view-draw.c   where the board stands and what a frame draws, the caches
 *                           behind it, the sliding piece
 * catur-board-view-themes.c the themes asked for, and the report of those that fail
 * catur-board-view-a11y.c   what assistive technologies are told: a cell per square, and
 *                           what happened, spoken
 * catur-board-view-questions.c the questions a player who cannot see the board asks by key
 * catur-board-view-jumps.c  the cursor sent to a square by its name, to a piece by its letter,
 *                           to the board's edge; the selected piece's moves said
 * catur-board-view-commands.c moves and questions typed in the window's command entry
 * catur-board-view-threats.c the pieces in danger, the squares attacked, a move held
 */
#pragma once

#include <adwaita.h>

#include "catur-a11y.h"
#include "catur-board-view.h"
#include "catur-selection.h"
#include "catur-theme-cache.h"

G_BEGIN_DECLS

/* A square or hand slot as assistive technologies see it: a child of the board that draws
 * nothing and takes no pointer input, allocated over its square (catur-board-view-a11y.c). */
#define CATUR_TYPE_BOARD_CELL (catur_board_cell_get_type ())
G_DECLARE_FINAL_TYPE (CaturBoardCell, catur_board_cell, CATUR, BOARD_CELL, GtkWidget)

struct _CaturBoardView
{
  GtkWidget parent_instance;

  /* The game shown, and what a press on it means */
  CaturGame *game;
  CaturMoveClock *clock;      /* (nullable): the time left for the move, for the question */
  CaturSelection *selection;
  CaturVariant *variant;      /* the game's, not a reference */
  CaturGeometry geometry;
  CaturVariantFlags variant_flags;
  const guint8 *hand_kinds;   /* the variant's, in the order a hand shows them; NULL without */
  guint n_hand_kinds;
  guint view_ply;             /* the ply shown, to tell a step forward from a jump */

  /* What the properties ask for */
  char *piece_theme;          /* NULL for the variant's default */
  char *board_theme;          /* likewise */
  guint flipped : 1;
  guint show_legal_moves : 1;
  guint piece_letters : 1;
  guint table_mode : 1;
  guint animations : 1;

  /* Input: the keyboard cursor, the pointer, the moves offered for one click */
  CaturSquare cursor;
  CaturSquare press_square;
  double drag_x;
  double drag_y;
  GtkWidget *choice_popover;
  GtkWidget *choice_box;       /* the choice's buttons, inside choice_popover (not owned) */
  char *explanation;
  guint release_deselects : 1;
  guint drag_possible : 1;
  guint dragging : 1;

  /* Marks that do not come from the selection */
  CaturSquare check_square;
  CaturSquare hint_from;      /* the suggested move, until the position changes */
  CaturSquare hint_to;
  CaturSquare arrow_from;     /* the coach's better move, an arrow (catur-board-view-arrow.c) */
  CaturSquare arrow_to;

  /* Drawing (catur-board-view-draw.c) */
  CaturBoardLayout layout;
  graphene_rect_t board_rect; /* the board with its margin, in widget coordinates */
  graphene_rect_t hand_rects[2]; /* each seat's hand, by CaturSide; empty without hands */
  guint hands_beside : 1;     /* the hands stand left and right of the board, not above and below */
  CaturThemeCache *theme;
  cairo_surface_t *board_surface; /* the board with its shadow, at device pixels */
  GdkTexture *board_texture;  /* the same pixels, made when a renderer other than cairo asks */
  GHashTable *letter_layouts;  /* letters (a string) → PangoLayout, for letters_cell */
  double letters_cell;
  guint cairo_renderer : 1;   /* the frame being drawn goes to GSK's cairo renderer */

  /* What the board texture was drawn for */
  graphene_rect_t texture_rect;
  int texture_scale;
  gboolean texture_dark;
  gboolean texture_flipped;
  gboolean texture_rotated;
  CaturVariant *texture_variant;
  char *texture_board_theme;

  /* The moving pieces: the move's own, a second one (a castling rook), the one it takes */
  guint tick_id;
  gint64 animation_start;
  double animation_progress;
  CaturSquare animation_from;
  CaturSquare animation_to;
  CaturMoveEffects animation_effects;
  CaturPiece animation_captured;
  guint skip_animation : 1;

  /* Accessibility (catur-board-view-a11y.c) */
  char *accessible_label;
  GPtrArray *cells;           /* CaturBoardCell: the board's squares in order, then hand slots */
  GtkWidget *spoken_cell;     /* the cell whose description says the last announcement */
  char *announcement;
  guint seen_plies;           /* the plies the last announcement knew of */
  gboolean seen_over;
  GPtrArray *move_sentences;  /* each ply's sentence, to say what an undo took back */
  guint asked_kind;           /* the last kind the pieces question cycled to */
  gboolean moved_here;        /* the next ply is the player's own, played on the board */
  gboolean sideways_said;     /* the turned layout's arrows were explained */

  /* The position editor's (catur_board_view_set_edit_position()): shown instead of the game's,
   * and a press on it is the editor's to act on */
  CaturPosition *edit_position;
  CaturSquare edit_drag_from;

  /* The coach's marks and a move held (catur-board-view-threats.c): both worked out once per
   * position, NULL until asked for again */
  GArray *threats;            /* CaturThreat */
  GArray *attacked;           /* CaturSquare */
  CaturSide threats_side;     /* whose pieces, or NONE for the side to move */
  guint threats_shown : 1;
  guint show_attacked : 1;
  CaturMove pending_move;
  CaturPosition *pending_position; /* after the move held, or NULL for none */

  /* A square's name being typed (catur-board-view-jumps.c) */
  GString *typed;
  guint typed_timeout;
};

/* catur-board-view.c */
const CaturPosition *_catur_board_view_get_position       (CaturBoardView        *self);
gboolean             _catur_board_view_get_shown_move     (CaturBoardView        *self,
                                                           CaturMove             *move);
gboolean             _catur_board_view_get_piece          (CaturBoardView        *self,
                                                           CaturSquare            square,
                                                           CaturPiece            *piece);
void                 _catur_board_view_set_explanation    (CaturBoardView        *self,
                                                           const char            *explanation);
gboolean             _catur_board_view_is_square          (CaturBoardView        *self,
                                                           CaturSquare            square);
CaturSide            _catur_board_view_bottom_side        (CaturBoardView        *self);

void                 _catur_board_view_emit_edit          (CaturBoardView        *self,
                                                           CaturSquare            square,
                                                           CaturSquare            from);

/* catur-board-view-input.c */
void                 _catur_board_view_init_input         (CaturBoardView        *self);
void                 _catur_board_view_clear_selection    (CaturBoardView        *self);
void                 _catur_board_view_hide_choices       (CaturBoardView        *self);
void                 _catur_board_view_choose             (CaturBoardView        *self,
                                                           guint                  index);
CaturSquare          _catur_board_view_screen_to_square   (CaturBoardView        *self,
                                                           int                    column,
                                                           int                    row);

/* catur-board-view-draw.c */
void                 _catur_board_view_snapshot           (GtkWidget             *widget,
                                                           GtkSnapshot           *snapshot);
void                 _catur_board_view_measure            (GtkWidget             *widget,
                                                           GtkOrientation         orientation,
                                                           int                    for_size,
                                                           int                   *minimum,
                                                           int                   *natural,
                                                           int                   *minimum_baseline,
                                                           int                   *natural_baseline);
void                 _catur_board_view_compute_layout     (CaturBoardView        *self,
                                                           int                    width,
                                                           int                    height);
gboolean             _catur_board_view_square_center      (CaturBoardView        *self,
                                                           CaturSquare            square,
                                                           double                *x,
                                                           double                *y);
CaturSquare          _catur_board_view_square_at          (CaturBoardView        *self,
                                                           double                 x,
                                                           double                 y);
void                 _catur_board_view_square_rect        (CaturBoardView        *self,
                                                           CaturSquare            square,
                                                           double                 size,
                                                           graphene_rect_t       *rect);
gboolean             _catur_board_view_piece_placement    (CaturBoardView        *self,
                                                           CaturSquare            square,
                                                           graphene_rect_t       *rect,
                                                           gboolean              *turned);
void                 _catur_board_view_append_arrow       (CaturBoardView        *self,
                                                          GtkSnapshot           *snapshot);
void                 _catur_board_view_start_animation    (CaturBoardView        *self);
void                 _catur_board_view_stop_animation     (CaturBoardView        *self);

/* catur-board-view-themes.c */
void                 _catur_board_view_apply_piece_theme  (CaturBoardView        *self);
void                 _catur_board_view_check_board_theme  (CaturBoardView        *self);
void                 _catur_board_view_report_theme_failure (CaturBoardView      *self,
                                                           const char            *property,
                                                           const char            *name,
                                                           gboolean               fall_back);

/* catur-board-view-a11y.c */
void                 _catur_board_view_update_accessible  (CaturBoardView        *self);
void                 _catur_board_view_init_cells         (CaturBoardView        *self);
void                 _catur_board_view_allocate_cells     (CaturBoardView        *self);
void                 _catur_board_view_clear_cells        (CaturBoardView        *self);
gboolean             _catur_board_view_focus_within       (CaturBoardView        *self);
gboolean             _catur_board_view_grab_cursor_focus  (CaturBoardView        *self);
void                 _catur_board_view_announce           (CaturBoardView        *self,
                                                           const char            *text);
void                 _catur_board_view_follow_game        (CaturBoardView        *self);
void                 _catur_board_view_announce_view      (CaturBoardView        *self);
void                 _catur_board_view_announce_held      (CaturBoardView        *self,
                                                           CaturSquare            square,
                                                           gboolean               picked_up);
void                 _catur_board_view_focus_entered      (CaturBoardView        *self);
char                *_catur_board_view_explain_sideways   (CaturBoardView        *self);
char                *_catur_board_view_describe_square    (CaturBoardView        *self,
                                                           CaturSquare            square);
char                *_catur_board_view_describe_ply       (CaturBoardView        *self,
                                                           guint                  ply);
char                *_catur_board_view_describe_result    (CaturBoardView        *self,
                                                           gboolean               mate_said);

/* catur-board-view-questions.c */
gboolean             _catur_board_view_answer             (CaturBoardView        *self,
                                                           guint                  keyval);
char                *_catur_board_view_last_move          (CaturBoardView        *self);
char                *_catur_board_view_turn               (CaturBoardView        *self);
char                *_catur_board_view_time_left          (CaturBoardView        *self);
char                *_catur_board_view_pieces_of          (CaturBoardView        *self,
                                                           const CaturPiece      *piece);

/* catur-board-view-jumps.c */
gboolean             _catur_board_view_type_name          (CaturBoardView        *self,
                                                           guint                  keyval);
void                 _catur_board_view_forget_typed       (CaturBoardView        *self);
gboolean             _catur_board_view_jump_to_piece      (CaturBoardView        *self,
                                                           guint                  keyval);
gboolean             _catur_board_view_jump_to_edge       (CaturBoardView        *self,
                                                           int                    dx,
                                                           int                    dy);
char                *_catur_board_view_describe_legal_moves (CaturBoardView      *self);

/* catur-board-view-commands.c */
char                *_catur_board_view_letter_pieces      (CaturBoardView        *self,
                                                           const char            *letter);

/* catur-board-view-threats.c */
void                 _catur_board_view_invalidate_threats (CaturBoardView        *self);
void                 _catur_board_view_append_threats_under (CaturBoardView      *self,
                                                           GtkSnapshot           *snapshot);
void                 _catur_board_view_append_threats_over (CaturBoardView       *self,
                                                           GtkSnapshot           *snapshot);
char                *_catur_board_view_threat_words       (CaturBoardView        *self,
                                                           CaturSquare            square);
gboolean             _catur_board_view_offer_move         (CaturBoardView        *self,
                                                           const CaturMove       *move);

void     _catur_draw_disc (GtkSnapshot   *snapshot,
                           double         x,
                           double         y,
                           double         radius,
                           const GdkRGBA *colour);
void     _catur_draw_ring (GtkSnapshot   *snapshot,
                           double         x,
                           double         y,
                           double         radius,
                           double         width,
                           const GdkRGBA *colour);

G_END_DECLS
