/* test-selection.c: what a press on a square means, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CaturSelection over the real Xiangqi plugin: picking pieces up and putting them back, the
 * targets of a piece, moves, explanations, and the states in which the board takes no input.
 * A small game of the test's own gives what Xiangqi lacks: several moves for one click (as a
 * promotion will) and moves that stay on their square (as a Banqi flip will).
 */
#include "config.h"

#include <catur.h>

#include "catur-selection.h"

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

/* The square an ICCS name (`h2`) names. */
static CaturSquare
sq (const char *name)
{
  CaturGeometry geometry;

  catur_variant_get_geometry (xiangqi (), &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      char text[8];

      catur_variant_square_name (xiangqi (), square, text);
      if (g_str_equal (text, name))
        return square;
    }
  g_assert_not_reached ();
}

static CaturGame *
new_xiangqi_game (void)
{
  return catur_game_new (xiangqi (), catur_variant_new_position (xiangqi (), NULL, 0));
}

static CaturSelection *
new_selection (CaturGame *game)
{
  CaturSelection *selection = catur_selection_new ();

  catur_selection_set_game (selection, game);
  g_assert_true (catur_selection_get_game (selection) == game);
  return selection;
}

static const CaturSelectionTarget *
find_target (CaturSelection *selection,
             CaturSquare     square)
{
  const CaturSelectionTarget *targets;
  guint n_targets;

  targets = catur_selection_get_targets (selection, &n_targets);
  for (guint i = 0; i < n_targets; i++)
    if (targets[i].square == square)
      return &targets[i];
  return NULL;
}

static void
test_select_deselect (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  guint n_targets;

  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_targets (selection, &n_targets));
  g_assert_cmpuint (n_targets, ==, 0);
  g_assert_true (catur_selection_accepts_input (selection));

  g_assert_cmpint (catur_selection_activate (selection, sq ("h2")), ==, CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, sq ("h2"));
  g_assert_null (catur_selection_get_explanation (selection));

  /* A plain press on the piece puts it back; a pointer waits for the release to do so. */
  g_assert_true (catur_selection_would_deselect (selection, sq ("h2")));
  g_assert_false (catur_selection_would_deselect (selection, sq ("e2")));
  g_assert_cmpint (catur_selection_activate (selection, sq ("h2")), ==,
                   CATUR_SELECTION_DESELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_targets (selection, &n_targets));
  g_assert_false (catur_selection_would_deselect (selection, sq ("h2")));

  /* Cancelling says whether there was anything to drop. */
  catur_selection_activate (selection, sq ("h2"));
  g_assert_true (catur_selection_cancel (selection));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_false (catur_selection_cancel (selection));

  /* Squares off the board are no input. */
  g_assert_cmpint (catur_selection_activate (selection, 90), ==, CATUR_SELECTION_IGNORED);
  g_assert_cmpint (catur_selection_activate (selection, CATUR_SQUARE_NONE), ==,
                   CATUR_SELECTION_IGNORED);
}

static void
test_targets (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  g_autoptr(GArray) moves = NULL;
  const CaturSelectionTarget *targets;
  guint n_targets;

  /* The red cannon on h2 at the start: along its rank and file, and over the black cannon
   * on h7 onto the horse on h9. */
  catur_selection_activate (selection, sq ("h2"));
  targets = catur_selection_get_targets (selection, &n_targets);
  g_assert_nonnull (targets);
  moves = catur_variant_legal_moves_from (xiangqi (), catur_game_get_position (game), sq ("h2"));
  g_assert_cmpuint (n_targets, ==, moves->len);
  g_assert_cmpuint (n_targets, ==, 12);
  for (guint i = 0; i < moves->len; i++)
    g_assert_cmpuint (targets[i].square, ==, g_array_index (moves, CaturMove, i).to);

  g_assert_cmpint (find_target (selection, sq ("h9"))->kind, ==, CATUR_SELECTION_TARGET_CAPTURE);
  g_assert_cmpint (find_target (selection, sq ("e2"))->kind, ==, CATUR_SELECTION_TARGET_EMPTY);
  g_assert_cmpint (find_target (selection, sq ("h6"))->kind, ==, CATUR_SELECTION_TARGET_EMPTY);
  g_assert_null (find_target (selection, sq ("h7")));
  g_assert_null (find_target (selection, sq ("b2")));
  for (guint i = 0; i < n_targets; i++)
    if (targets[i].square != sq ("h9"))
      g_assert_cmpint (targets[i].kind, ==, CATUR_SELECTION_TARGET_EMPTY);

  /* The horse on b0 has two points, neither a capture. */
  catur_selection_activate (selection, sq ("b0"));
  targets = catur_selection_get_targets (selection, &n_targets);
  g_assert_cmpuint (n_targets, ==, 2);
  g_assert_nonnull (find_target (selection, sq ("a2")));
  g_assert_nonnull (find_target (selection, sq ("c2")));
}

static void
test_explain_target (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  /* The horse on b0 towards d1: the elephant on c0 holds its leg. The horse stays selected. */
  catur_selection_activate (selection, sq ("b0"));
  g_assert_cmpint (catur_selection_activate (selection, sq ("d1")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "horse-leg");
  g_assert_nonnull (catur_selection_get_explanation (selection));
  g_assert_cmpstr (catur_selection_get_explanation (selection), !=, "");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, sq ("b0"));

  /* A point a horse never reaches. */
  g_assert_cmpint (catur_selection_activate (selection, sq ("b1")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "piece-movement");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, sq ("b0"));

  /* A black piece it cannot take: the move's explanation, not the piece's. */
  g_assert_cmpint (catur_selection_activate (selection, sq ("e9")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "piece-movement");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, sq ("b0"));

  /* The next press forgets the explanation. */
  g_assert_cmpint (catur_selection_activate (selection, sq ("b0")), ==,
                   CATUR_SELECTION_DESELECTED);
  g_assert_null (catur_selection_get_explanation (selection));
  g_assert_null (catur_selection_get_reason_id (selection));
}

static void
test_explain_selection (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  g_assert_cmpint (catur_selection_activate (selection, sq ("e5")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "empty-square");
  g_assert_nonnull (catur_selection_get_explanation (selection));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);

  g_assert_cmpint (catur_selection_activate (selection, sq ("e9")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "not-own-piece");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
}

static void
test_reselect (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  guint n_targets;

  catur_selection_activate (selection, sq ("h2"));
  /* Another own piece, not a target: it is picked up instead. */
  g_assert_cmpint (catur_selection_activate (selection, sq ("b2")), ==, CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, sq ("b2"));
  catur_selection_get_targets (selection, &n_targets);
  g_assert_cmpuint (n_targets, ==, 12);
  g_assert_nonnull (find_target (selection, sq ("b9")));
  g_assert_null (find_target (selection, sq ("h9")));

  /* A piece of the other side is never picked up instead. */
  g_assert_cmpint (catur_selection_activate (selection, sq ("h7")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, sq ("b2"));
}

static void
test_stuck_piece (void)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (xiangqi (), "3k5/9/9/9/9/9/9/9/4K4/3A5 w - - 0 1",
                                                 &error);
  g_autoptr(CaturGame) game = NULL;
  g_autoptr(CaturSelection) selection = NULL;
  guint n_targets;

  g_assert_no_error (error);
  game = catur_game_new (xiangqi (), position);
  selection = new_selection (game);

  /* The advisor on d0 has only e1, where its own general stands: it is picked up all the
   * same, with no target, and a press elsewhere says why that move fails. */
  g_assert_cmpint (catur_selection_activate (selection, sq ("d0")), ==, CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, sq ("d0"));
  g_assert_null (catur_selection_get_targets (selection, &n_targets));
  g_assert_cmpuint (n_targets, ==, 0);
  g_assert_cmpint (catur_selection_activate (selection, sq ("d1")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "piece-movement");
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, sq ("d0"));
  /* Its only target holds an own piece, which a press picks up instead. */
  g_assert_cmpint (catur_selection_activate (selection, sq ("e1")), ==, CATUR_SELECTION_SELECTED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, sq ("e1"));
}

static void
test_move (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  g_autoptr(GError) error = NULL;
  CaturMove move = { 0 };
  guint n_targets;

  catur_selection_activate (selection, sq ("h2"));
  g_assert_false (catur_selection_get_move (selection, &move));
  g_assert_cmpint (catur_selection_activate (selection, sq ("e2")), ==, CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_cmpuint (move.from, ==, sq ("h2"));
  g_assert_cmpuint (move.to, ==, sq ("e2"));
  g_assert_cmpuint (move.flags, ==, 0);
  /* The move is the caller's to play; the piece is put down meanwhile. */
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_targets (selection, &n_targets));

  g_assert_true (catur_game_play (game, &move, &error));
  g_assert_no_error (error);
  catur_selection_cancel (selection);
  g_assert_false (catur_selection_get_move (selection, &move));

  /* Black's turn now: its pieces are picked up, Red's explained. */
  g_assert_cmpint (catur_selection_activate (selection, sq ("e2")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "not-own-piece");
  /* The black cannon on b7 takes the horse on b0 over the red cannon. */
  g_assert_cmpint (catur_selection_activate (selection, sq ("b7")), ==, CATUR_SELECTION_SELECTED);
  g_assert_cmpint (find_target (selection, sq ("b0"))->kind, ==, CATUR_SELECTION_TARGET_CAPTURE);
  g_assert_cmpint (catur_selection_activate (selection, sq ("b0")), ==, CATUR_SELECTION_PLAY);
  catur_selection_get_move (selection, &move);
  g_assert_cmpuint (move.from, ==, sq ("b7"));
  g_assert_cmpuint (move.to, ==, sq ("b0"));
}

static void
test_review (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  g_assert_true (catur_game_play_text (game, "h2e2", NULL));
  g_assert_true (catur_game_play_text (game, "h9g7", NULL));

  /* Back to the start: looked at, not played. */
  catur_game_set_view_ply (game, 0);
  g_assert_true (catur_game_is_reviewing (game));
  g_assert_false (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, sq ("h2")), ==, CATUR_SELECTION_IGNORED);
  g_assert_cmpint (catur_selection_activate (selection, sq ("e5")), ==, CATUR_SELECTION_IGNORED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_explanation (selection));

  /* Back to the game: Red's turn again. */
  catur_game_set_view_ply (game, 2);
  g_assert_true (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, sq ("e2")), ==, CATUR_SELECTION_SELECTED);
}

static void
test_thinking (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  /* The board is the computer's while it thinks. */
  catur_game_set_computer (game, CATUR_SIDE_FIRST, CATUR_LEVEL_MASTER, 30000);
  g_assert_true (catur_game_get_thinking (game));
  g_assert_false (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, sq ("h2")), ==, CATUR_SELECTION_IGNORED);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);

  catur_game_set_computer (game, CATUR_SIDE_NONE, CATUR_LEVEL_MASTER, 30000);
  g_assert_false (catur_game_get_thinking (game));
  g_assert_cmpint (catur_selection_activate (selection, sq ("h2")), ==, CATUR_SELECTION_SELECTED);
}

static void
test_game_over (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);

  catur_selection_activate (selection, sq ("h2"));
  catur_game_resign (game, CATUR_SIDE_FIRST);
  catur_selection_cancel (selection);
  g_assert_true (catur_game_is_over (game));

  /* A finished game takes the press, to say that it is over. */
  g_assert_true (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, sq ("h2")), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "game-over");
  g_assert_nonnull (catur_selection_get_explanation (selection));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_false (catur_selection_would_deselect (selection, sq ("h2")));
}

static void
test_game_changed (void)
{
  g_autoptr(CaturGame) game = new_xiangqi_game ();
  g_autoptr(CaturGame) other = new_xiangqi_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  CaturMove move;
  guint n_targets;

  catur_selection_activate (selection, sq ("h2"));
  catur_selection_set_game (selection, other);
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_targets (selection, &n_targets));
  g_assert_false (catur_selection_get_move (selection, &move));

  catur_selection_set_game (selection, NULL);
  g_assert_null (catur_selection_get_game (selection));
  g_assert_false (catur_selection_accepts_input (selection));
  g_assert_cmpint (catur_selection_activate (selection, 0), ==, CATUR_SELECTION_IGNORED);
}

/* A game of three squares in a row, for what Xiangqi lacks. Square 0 holds the first side's
 * piece, which has two moves to square 1 (a plain one and one that promotes); square 2 holds
 * a face-down piece whose only move is to be turned up where it lies. */

typedef struct
{
  CaturPosition parent;
} SmallPosition;

#define TEST_TYPE_SMALL_VARIANT (test_small_variant_get_type ())
G_DECLARE_FINAL_TYPE (TestSmallVariant, test_small_variant, TEST, SMALL_VARIANT, GObject)

struct _TestSmallVariant
{
  GObject parent_instance;
};

static void test_small_variant_iface_init (CaturVariantInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestSmallVariant, test_small_variant, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CATUR_TYPE_VARIANT,
                                                      test_small_variant_iface_init))

static const CaturMove small_moves[] = {
  { 0, 1, 0, 0 },
  { 0, 1, 2, CATUR_MOVE_PROMOTE },
  { 2, 2, 0, CATUR_MOVE_FLIP },
};

static void
small_get_geometry (CaturVariant  *variant,
                    CaturGeometry *geometry)
{
  geometry->files = 3;
  geometry->ranks = 1;
  geometry->has_hidden = TRUE;
}

static CaturPosition *
small_position_copy (CaturVariant        *variant,
                     const CaturPosition *position)
{
  return g_memdup2 (position, sizeof (SmallPosition));
}

static void
small_position_free (CaturVariant  *variant,
                     CaturPosition *position)
{
  g_free (position);
}

static CaturSide
small_side_to_move (CaturVariant        *variant,
                    const CaturPosition *position)
{
  return CATUR_SIDE_FIRST;
}

static gboolean
small_piece_at (CaturVariant        *variant,
                const CaturPosition *position,
                CaturSquare          square,
                CaturPiece          *piece)
{
  if (square == 0)
    piece->kind = 1;
  else if (square == 2)
    {
      piece->kind = 1;
      piece->flags = CATUR_PIECE_FACE_DOWN;
    }
  else
    return FALSE;
  piece->side = CATUR_SIDE_FIRST;
  return TRUE;
}

static guint
small_legal_moves (CaturVariant        *variant,
                   const CaturPosition *position,
                   GArray              *moves)
{
  g_array_append_vals (moves, small_moves, G_N_ELEMENTS (small_moves));
  return G_N_ELEMENTS (small_moves);
}

static char *
small_explain (CaturVariant        *variant,
               const CaturPosition *position,
               const CaturMove     *move,
               const char         **reason_id)
{
  if (move->from == 1)
    {
      *reason_id = "empty-square";
      return g_strdup ("There is nothing there.");
    }
  *reason_id = "piece-movement";
  return g_strdup ("It does not move so.");
}

static void
small_status (CaturVariant          *variant,
              const CaturPosition   *position,
              const CaturRepetition *history,
              CaturOutcome          *outcome)
{
  catur_outcome_init (outcome);
}

static void
test_small_variant_iface_init (CaturVariantInterface *iface)
{
  iface->get_geometry = small_get_geometry;
  iface->position_copy = small_position_copy;
  iface->position_free = small_position_free;
  iface->side_to_move = small_side_to_move;
  iface->piece_at = small_piece_at;
  iface->legal_moves = small_legal_moves;
  iface->explain = small_explain;
  iface->status = small_status;
}

static void
test_small_variant_class_init (TestSmallVariantClass *klass)
{
}

static void
test_small_variant_init (TestSmallVariant *self)
{
}

static CaturGame *
new_small_game (void)
{
  g_autoptr(CaturVariant) variant = g_object_new (TEST_TYPE_SMALL_VARIANT, NULL);
  SmallPosition *position = g_new0 (SmallPosition, 1);

  position->parent.variant = variant;
  return catur_game_new (variant, &position->parent);
}

static void
test_choice (void)
{
  g_autoptr(CaturGame) game = new_small_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  const CaturSelectionTarget *targets;
  const CaturMove *choices;
  guint n_targets, n_choices;
  CaturMove move;

  g_assert_cmpint (catur_selection_activate (selection, 0), ==, CATUR_SELECTION_SELECTED);
  /* Two moves, one target to mark. */
  targets = catur_selection_get_targets (selection, &n_targets);
  g_assert_cmpuint (n_targets, ==, 1);
  g_assert_cmpuint (targets[0].square, ==, 1);
  g_assert_cmpint (targets[0].kind, ==, CATUR_SELECTION_TARGET_EMPTY);
  g_assert_null (catur_selection_get_choices (selection, &n_choices));

  /* The click offers both, in the variant's order, and the piece stays up. */
  g_assert_cmpint (catur_selection_activate (selection, 1), ==, CATUR_SELECTION_CHOOSE);
  choices = catur_selection_get_choices (selection, &n_choices);
  g_assert_cmpuint (n_choices, ==, 2);
  g_assert_true (catur_move_equal (&choices[0], &small_moves[0]));
  g_assert_true (catur_move_equal (&choices[1], &small_moves[1]));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, 0);
  g_assert_false (catur_selection_get_move (selection, &move));

  g_assert_cmpint (catur_selection_choose (selection, 1), ==, CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_true (catur_move_equal (&move, &small_moves[1]));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);
  g_assert_null (catur_selection_get_choices (selection, &n_choices));

  /* No choice pending, or one out of range: nothing to play. */
  g_assert_cmpint (catur_selection_choose (selection, 0), ==, CATUR_SELECTION_IGNORED);
  catur_selection_activate (selection, 0);
  catur_selection_activate (selection, 1);
  g_assert_cmpint (catur_selection_choose (selection, 2), ==, CATUR_SELECTION_IGNORED);
  g_assert_false (catur_selection_get_move (selection, &move));
  g_assert_null (catur_selection_get_choices (selection, &n_choices));

  /* A choice left open is forgotten at the next press. */
  catur_selection_activate (selection, 1);
  g_assert_cmpint (catur_selection_activate (selection, 1), ==, CATUR_SELECTION_CHOOSE);
  catur_selection_activate (selection, 0);
  g_assert_null (catur_selection_get_choices (selection, &n_choices));
  g_assert_cmpint (catur_selection_choose (selection, 0), ==, CATUR_SELECTION_IGNORED);
}

static void
test_move_in_place (void)
{
  g_autoptr(CaturGame) game = new_small_game ();
  g_autoptr(CaturSelection) selection = new_selection (game);
  CaturMove move;

  /* The face-down piece is turned up at once: nothing to select first. */
  g_assert_cmpint (catur_selection_activate (selection, 2), ==, CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_true (catur_move_equal (&move, &small_moves[2]));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);

  /* Even with another piece up, which is put down. */
  g_assert_cmpint (catur_selection_activate (selection, 0), ==, CATUR_SELECTION_SELECTED);
  g_assert_false (catur_selection_would_deselect (selection, 2));
  g_assert_cmpint (catur_selection_activate (selection, 2), ==, CATUR_SELECTION_PLAY);
  g_assert_true (catur_selection_get_move (selection, &move));
  g_assert_true (catur_move_equal (&move, &small_moves[2]));
  g_assert_cmpuint (catur_selection_get_selected (selection), ==, CATUR_SQUARE_NONE);

  /* The empty square between them is explained. */
  g_assert_cmpint (catur_selection_activate (selection, 1), ==, CATUR_SELECTION_EXPLAIN);
  g_assert_cmpstr (catur_selection_get_reason_id (selection), ==, "empty-square");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/shell/selection/select-deselect", test_select_deselect);
  g_test_add_func ("/shell/selection/targets", test_targets);
  g_test_add_func ("/shell/selection/explain-target", test_explain_target);
  g_test_add_func ("/shell/selection/explain-selection", test_explain_selection);
  g_test_add_func ("/shell/selection/reselect", test_reselect);
  g_test_add_func ("/shell/selection/stuck-piece", test_stuck_piece);
  g_test_add_func ("/shell/selection/move", test_move);
  g_test_add_func ("/shell/selection/review", test_review);
  g_test_add_func ("/shell/selection/thinking", test_thinking);
  g_test_add_func ("/shell/selection/game-over", test_game_over);
  g_test_add_func ("/shell/selection/game-changed", test_game_changed);
  g_test_add_func ("/shell/selection/choice", test_choice);
  g_test_add_func ("/shell/selection/move-in-place", test_move_in_place);

  return g_test_run ();
}
