/* test-position-setup.c: positions set up piece by piece through the contract, in the four
 * games, and the reasons each game gives for one that cannot be played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <catur.h>

static CaturVariant *
variant (const char *id)
{
  CaturVariant *found = catur_plugins_find_variant (id);

  g_assert_nonnull (found);
  g_assert_true (catur_variant_can_set_up (found));
  return found;
}

/* An empty board of @id's, every field at its first value, as the editor's Clear leaves it. */
static CaturPosition *
empty_board (CaturVariant *game)
{
  CaturPosition *position = catur_variant_new_position (game, NULL, 1);
  CaturGeometry geometry;
  guint n_fields;

  catur_variant_list_position_fields (game, &n_fields);
  for (guint i = 0; i < n_fields; i++)
    catur_variant_set_position_field (game, position, i, 0);

  catur_variant_get_geometry (game, &geometry);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    g_assert_true (catur_variant_set_piece (game, position, square, NULL));
  return position;
}

/* The first piece of the palette of @side with @letter. */
static const CaturPiece *
palette_piece (CaturVariant *game,
               const char   *letter,
               guint         flags)
{
  guint n;
  const CaturPiece *pieces = catur_variant_list_setup_pieces (game, &n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = catur_variant_get_piece_letter (game, &pieces[i]);

      if (g_str_equal (text, letter) && pieces[i].flags == flags)
        return &pieces[i];
    }
  g_error ("no piece %s in the palette", letter);
  return NULL;
}

static void
put (CaturVariant  *game,
     CaturPosition *position,
     const char    *square_name,
     const char    *letter,
     guint          flags,
     CaturSide      side)
{
  CaturGeometry geometry;
  guint n;
  const CaturPiece *pieces = catur_variant_list_setup_pieces (game, &n);
  const CaturPiece *piece = NULL;

  catur_variant_get_geometry (game, &geometry);
  /* The palette piece of the letter, for the side asked (Xiangqi writes both sides alike). */
  for (guint i = 0; i < n && piece == NULL; i++)
    {
      g_autofree char *text = catur_variant_get_piece_letter (game, &pieces[i]);

      if (g_ascii_strcasecmp (text, letter) == 0 && pieces[i].flags == flags
          && pieces[i].side == side && side != CATUR_SIDE_NONE)
        piece = &pieces[i];
    }
  if (piece == NULL)
    piece = palette_piece (game, letter, flags);
  for (guint square = 0; square < (guint) geometry.files * geometry.ranks; square++)
    {
      char name[8];

      catur_variant_square_name (game, square, name);
      if (g_str_equal (name, square_name))
        {
          g_assert_true (catur_variant_set_piece (game, position, square, piece));
          return;
        }
    }
  g_error ("no square %s", square_name);
}

static guint
field_index (CaturVariant *game,
             const char   *id)
{
  guint n;
  const CaturPositionField *fields = catur_variant_list_position_fields (game, &n);

  for (guint i = 0; i < n; i++)
    if (g_str_equal (fields[i].id, id))
      return i;
  g_error ("no field %s", id);
  return 0;
}

static void
assert_problem (CaturVariant        *game,
                const CaturPosition *position,
                const char          *expected)
{
  g_autofree char *problem = catur_variant_check_position (game, position);
  g_autofree char *text = catur_variant_format (game, position);

  g_test_message ("%s: %s", text, problem != NULL ? problem : "(playable)");
  g_assert_cmpstr (problem, ==, expected);
}

static void
test_chess (void)
{
  CaturVariant *chess = variant ("chess");
  g_autoptr(CaturPosition) position = empty_board (chess);
  g_autofree char *fen = NULL;
  g_autoptr(CaturPosition) parsed = NULL;
  g_autoptr(GError) error = NULL;

  assert_problem (chess, position, "White has no king");
  put (chess, position, "e1", "K", 0, CATUR_SIDE_FIRST);
  assert_problem (chess, position, "Black has no king");
  put (chess, position, "e8", "k", 0, CATUR_SIDE_SECOND);
  put (chess, position, "d8", "k", 0, CATUR_SIDE_SECOND);
  assert_problem (chess, position, "Black has 2 kings; it needs exactly 1");
  catur_variant_set_piece (chess, position, 59, NULL);
  put (chess, position, "a8", "P", 0, CATUR_SIDE_FIRST);
  assert_problem (chess, position, "a pawn stands on a8, on a back rank");
  catur_variant_set_piece (chess, position, 56, NULL);
  catur_variant_set_position_field (chess, position, field_index (chess, "castle-white-king"),
                                    1);
  assert_problem (chess, position, "“K” needs the king on e1 and a rook on h1");
  put (chess, position, "h1", "R", 0, CATUR_SIDE_FIRST);
  assert_problem (chess, position, NULL);
  /* The rook on h1 gives no check; one on e7 would, with White to move. */
  put (chess, position, "e7", "R", 0, CATUR_SIDE_FIRST);
  assert_problem (chess, position, "Black is in check but White is to move");
  catur_variant_set_position_field (chess, position, field_index (chess, "turn"), 1);
  assert_problem (chess, position, NULL);
  g_assert_cmpuint (catur_variant_side_to_move (chess, position), ==, CATUR_SIDE_SECOND);

  fen = catur_variant_format (chess, position);
  g_assert_cmpstr (fen, ==, "4k3/4R3/8/8/8/8/8/4K2R b K - 0 1");
  parsed = catur_variant_parse (chess, fen, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_variant_get_position_field (chess, parsed,
                                                      field_index (chess, "castle-white-king")),
                    ==, 1);
}

static void
test_xiangqi (void)
{
  CaturVariant *xiangqi = variant ("xiangqi");
  g_autoptr(CaturPosition) position = empty_board (xiangqi);

  assert_problem (xiangqi, position, "Red has no general");
  put (xiangqi, position, "e0", "K", 0, CATUR_SIDE_FIRST);
  put (xiangqi, position, "e9", "K", 0, CATUR_SIDE_SECOND);
  assert_problem (xiangqi, position, "The generals face each other on file e");
  put (xiangqi, position, "d9", "K", 0, CATUR_SIDE_SECOND);
  catur_variant_set_piece (xiangqi, position, 85, NULL);
  assert_problem (xiangqi, position, NULL);
  put (xiangqi, position, "e2", "A", 0, CATUR_SIDE_FIRST);
  assert_problem (xiangqi, position, "The red advisor at e2 stands off the palace diagonals");
  catur_variant_set_piece (xiangqi, position, 22, NULL);
  put (xiangqi, position, "e1", "P", 0, CATUR_SIDE_FIRST);
  assert_problem (xiangqi, position, "The red pawn at e1 can never reach that point");
  put (xiangqi, position, "e1", "E", 0, CATUR_SIDE_FIRST);
  assert_problem (xiangqi, position, "The red elephant at e1 stands off its seven points");
  put (xiangqi, position, "e1", "K", 0, CATUR_SIDE_FIRST);
  assert_problem (xiangqi, position, "Red has 2 generals; it needs exactly 1");
  catur_variant_set_piece (xiangqi, position, 13, NULL);
  put (xiangqi, position, "d5", "R", 0, CATUR_SIDE_FIRST);
  assert_problem (xiangqi, position, "The side not to move is in check");
}

static void
test_shogi (void)
{
  CaturVariant *shogi = variant ("shogi");
  g_autoptr(CaturPosition) position = empty_board (shogi);
  g_autofree char *sfen = NULL;
  guint pawns = field_index (shogi, "hand-sente-8");

  /* Tsume problems have no kings: Shogi lets them be. */
  assert_problem (shogi, position, NULL);
  put (shogi, position, "5i", "K", 0, CATUR_SIDE_FIRST);
  put (shogi, position, "5a", "k", 0, CATUR_SIDE_SECOND);
  put (shogi, position, "5g", "P", 0, CATUR_SIDE_FIRST);
  put (shogi, position, "5e", "P", 0, CATUR_SIDE_FIRST);
  assert_problem (shogi, position, "Sente has two pawns on file 5");
  put (shogi, position, "5e", "S", 0, CATUR_SIDE_FIRST);
  assert_problem (shogi, position, NULL);
  put (shogi, position, "1a", "N", 0, CATUR_SIDE_FIRST);
  assert_problem (shogi, position, "the piece on 1a could never move again");
  put (shogi, position, "1a", "+N", CATUR_PIECE_PROMOTED, CATUR_SIDE_FIRST);
  assert_problem (shogi, position, NULL);

  catur_variant_set_position_field (shogi, position, pawns, 17);
  g_assert_cmpuint (catur_variant_hand_count (shogi, position, CATUR_SIDE_FIRST, 8), ==, 17);
  assert_problem (shogi, position, NULL);
  catur_variant_set_position_field (shogi, position, pawns, 18);
  assert_problem (shogi, position, "19 pawns on the board and in the hands; a set has 18");
  catur_variant_set_position_field (shogi, position, pawns, 2);
  catur_variant_set_position_field (shogi, position, field_index (shogi, "hand-gote-5"), 1);
  sfen = catur_variant_format (shogi, position);
  g_assert_cmpstr (sfen, ==, "4k3+N/9/9/9/4S4/9/4P4/9/4K4 b 2Ps 1");
  put (shogi, position, "5b", "G", 0, CATUR_SIDE_FIRST);
  assert_problem (shogi, position, "Gote’s king is in check, but it is Sente’s turn");
}

static void
test_banqi (void)
{
  CaturVariant *banqi = variant ("banqi");
  g_autoptr(CaturPosition) position = empty_board (banqi);
  g_autofree char *bfen = NULL;
  g_autoptr(CaturPosition) parsed = NULL;
  g_autoptr(GError) error = NULL;

  catur_variant_set_position_field (banqi, position, field_index (banqi, "turn"), 0);
  assert_problem (banqi, position, NULL);
  put (banqi, position, "a1", "K", 0, CATUR_SIDE_NONE);
  put (banqi, position, "b1", "k", 0, CATUR_SIDE_NONE);
  /* Face-down pieces take the kinds the set has most of left: the pool fits them. */
  put (banqi, position, "c1", "X", CATUR_PIECE_FACE_DOWN, CATUR_SIDE_NONE);
  put (banqi, position, "d1", "X", CATUR_PIECE_FACE_DOWN, CATUR_SIDE_NONE);
  assert_problem (banqi, position, NULL);
  bfen = catur_variant_format (banqi, position);
  g_assert_cmpstr (bfen, ==, "4/4/4/4/4/4/4/KkXX r Pp 0 0");
  parsed = catur_variant_parse (banqi, bfen, &error);
  g_assert_no_error (error);

  catur_variant_set_position_field (banqi, position, field_index (banqi, "pool-P"), 2);
  assert_problem (banqi, position, "it holds 3 pieces for 2 face-down squares");
  catur_variant_set_position_field (banqi, position, field_index (banqi, "pool-p"), 0);
  catur_variant_set_position_field (banqi, position, field_index (banqi, "pool-P"), 1);
  catur_variant_set_position_field (banqi, position, field_index (banqi, "pool-K"), 1);
  assert_problem (banqi, position, "with the board there are 2 of Red General; a set has 1");
  catur_variant_set_position_field (banqi, position, field_index (banqi, "turn"), 2);
  catur_variant_set_position_field (banqi, position, field_index (banqi, "pool-K"), 0);
  catur_variant_set_position_field (banqi, position, field_index (banqi, "pool-A"), 1);
  assert_problem (banqi, position, "“f” (no colours yet) needs every piece face down");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/position-setup/chess", test_chess);
  g_test_add_func ("/position-setup/xiangqi", test_xiangqi);
  g_test_add_func ("/position-setup/shogi", test_shogi);
  g_test_add_func ("/position-setup/banqi", test_banqi);
  return g_test_run ();
}
