/* test-contract.c: what the variant contract offers four games, through the test games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sandbox (hands, drops, a promotion choice, castling, en passant, a declaration, a notice)
 * and Sandbox Dark (face-down pieces, the no-take-back and no-draw-offer flags, trays and a
 * counter) come from tests/variant; Xiangqi shows the defaults a game gets.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <catur.h>

#include "testgame.h"

/* Sandbox squares: rank * 6 + file. */
#define A1 0
#define C1 2
#define D1 3
#define E1 4
#define F1 5
#define A2 6
#define C2 8
#define B3 13
#define C3 14
#define B4 19
#define C4 20
#define A5 24
#define A6 30
#define F6 35

/* Sandbox Dark squares: rank * 4 + file. */
#define DA1 0
#define DB1 1
#define DC1 2
#define DA2 4
#define DD4 15

static CaturVariant *
variant (const char *id)
{
  CaturVariant *found = catur_plugins_find_variant (id);

  g_assert_nonnull (found);
  return found;
}

static CaturPosition *
position (const char *id,
          const char *text)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *parsed = catur_variant_parse (variant (id), text, &error);

  g_assert_no_error (error);
  return parsed;
}

static CaturGame *
game_from (const char *id,
           const char *text)
{
  return catur_game_new (variant (id), text != NULL ? position (id, text) : NULL);
}

/* A Sandbox Dark game whose face-down pieces are @layout, square by square from a1. */
static CaturGame *
dark_game (const char *layout)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *start = position ("sandbox-dark", "XXXX/XXXX/XXXX/XXXX f KRRPPPPPkrrppppp 0 0");

  g_assert_true (catur_variant_restore_hidden (variant ("sandbox-dark"), start, layout, &error));
  g_assert_no_error (error);
  return catur_game_new (variant ("sandbox-dark"), start);
}

static void
play (CaturGame  *game,
      const char *moves)
{
  g_auto(GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!catur_game_play_text (game, words[i], &error))
        g_error ("%s: %s", words[i], error->message);
    }
}

static gboolean
has_move (GArray          *moves,
          const CaturMove *move)
{
  for (guint i = 0; i < moves->len; i++)
    if (catur_move_equal (&g_array_index (moves, CaturMove, i), move))
      return TRUE;
  return FALSE;
}

/* Hand slots are squares of their own, beyond any board and below CATUR_SQUARE_NONE. */
static void
test_hand_squares (void)
{
  g_assert_cmpuint (CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, 1), ==, 0xc1);
  g_assert_cmpuint (CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, CATUR_HAND_MAX_KIND), ==, 0xfe);
  g_assert_true (catur_square_is_hand (CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, 4)));
  g_assert_cmpuint (catur_square_hand_side (CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, 4)), ==,
                    CATUR_SIDE_SECOND);
  g_assert_cmpuint (catur_square_hand_kind (CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, 4)), ==, 4);
  g_assert_false (catur_square_is_hand (CATUR_SQUARE_NONE));
  g_assert_false (catur_square_is_hand (0xbf));
  g_assert_false (catur_square_is_hand (0xc0));
  g_assert_false (catur_square_is_hand (0xdf));
}

/* Drops: the slot holds its piece while the hand has one, lists its drops and explains the
 * wrong ones; a capture fills the hand, a promoted piece as the pawn it was. */
static void
test_drops (void)
{
  CaturVariant *sandbox = variant ("sandbox");
  g_autoptr(CaturPosition) pos = position ("sandbox", "2k3/6/6/6/6/K5 w - - RP 0 0");
  CaturSquare rooks = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, 2);
  CaturSquare bishops = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, 3);
  CaturSquare pawns = CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, 4);
  g_autoptr(GArray) rook_drops = NULL;
  g_autoptr(GArray) pawn_drops = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autofree char *occupied = NULL;
  g_autofree char *empty = NULL;
  char name[8];
  const guint8 *kinds;
  CaturPiece piece;
  const char *reason = NULL;
  guint n;

  kinds = catur_variant_list_hand_kinds (sandbox, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (kinds[0], ==, 2);
  g_assert_cmpuint (kinds[2], ==, 4);
  g_assert_null (catur_variant_list_hand_kinds (variant ("xiangqi"), &n));
  g_assert_cmpuint (n, ==, 0);

  catur_variant_square_name (sandbox, rooks, name);
  g_assert_cmpstr (name, ==, "R*");
  catur_variant_square_name (sandbox, C3, name);
  g_assert_cmpstr (name, ==, "c3");

  g_assert_true (catur_variant_piece_at (sandbox, pos, rooks, &piece));
  g_assert_cmpuint (piece.kind, ==, 2);
  g_assert_cmpint (piece.side, ==, CATUR_SIDE_FIRST);
  g_assert_false (catur_variant_piece_at (sandbox, pos, bishops, &piece));
  g_assert_cmpuint (piece.kind, ==, 0);

  /* Every empty square for the rook; a pawn not on the first or last rank. */
  rook_drops = catur_variant_legal_moves_from (sandbox, pos, rooks);
  g_assert_cmpuint (rook_drops->len, ==, 34);
  g_assert_true (has_move (rook_drops, &(CaturMove) { rooks, C3, 2, CATUR_MOVE_DROP }));
  pawn_drops = catur_variant_legal_moves_from (sandbox, pos, pawns);
  g_assert_cmpuint (pawn_drops->len, ==, 24);

  g_assert_null (catur_variant_explain (sandbox, pos, &(CaturMove) { rooks, C3, 2,
                                                                      CATUR_MOVE_DROP }, NULL));
  occupied = catur_variant_explain (sandbox, pos, &(CaturMove) { rooks, A1, 2, CATUR_MOVE_DROP },
                                    &reason);
  g_assert_cmpstr (occupied, ==, "A piece is dropped on an empty square, and a1 is taken.");
  g_assert_cmpstr (reason, ==, "occupied");
  g_free (catur_variant_explain (sandbox, pos, &(CaturMove) { pawns, A6, 4, CATUR_MOVE_DROP },
                                 &reason));
  g_assert_cmpstr (reason, ==, "pawn-drop-rank");
  /* Choosing a slot: the empty one says so; the other side's is not the player's. */
  g_assert_null (catur_variant_explain (sandbox, pos, &(CaturMove) { rooks, CATUR_SQUARE_NONE },
                                        NULL));
  empty = catur_variant_explain (sandbox, pos, &(CaturMove) { bishops, CATUR_SQUARE_NONE },
                                 &reason);
  g_assert_cmpstr (empty, ==, "You have no Bishop in hand.");
  g_assert_cmpstr (reason, ==, "empty-hand");
  g_free (catur_variant_explain (sandbox, pos,
                                 &(CaturMove) { CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, 2),
                                                CATUR_SQUARE_NONE }, &reason));
  g_assert_cmpstr (reason, ==, "not-own-piece");

  /* The rook takes the bishop, then the promoted rook: a bishop and a pawn in hand. */
  game = game_from ("sandbox", "k4+r/6/6/6/6/KRb3 w - - - 0 0");
  g_assert_cmpuint (catur_variant_hand_count (sandbox, catur_game_get_position (game),
                                              CATUR_SIDE_FIRST, 3), ==, 0);
  play (game, "b1c1 f6f1 c1f1");
  g_assert_cmpuint (catur_variant_hand_count (sandbox, catur_game_get_position (game),
                                              CATUR_SIDE_FIRST, 3), ==, 1);
  g_assert_cmpuint (catur_variant_hand_count (sandbox, catur_game_get_position (game),
                                              CATUR_SIDE_FIRST, 4), ==, 1);
  g_assert_cmpuint (catur_variant_hand_count (sandbox, catur_game_get_position (game),
                                              CATUR_SIDE_FIRST, 2), ==, 0);
  /* And the drop goes through the game like a move. */
  play (game, "a6b6 P*c3");
  g_assert_cmpuint (catur_variant_hand_count (sandbox, catur_game_get_position (game),
                                              CATUR_SIDE_FIRST, 4), ==, 0);
  g_assert_true (catur_variant_piece_at (sandbox, catur_game_get_position (game), C3, &piece));
  g_assert_cmpuint (piece.kind, ==, 4);
}

/* The game flags: Sandbox Dark has neither take-backs nor draw offers, whoever plays; Sandbox
 * has both, like Xiangqi. */
static void
test_flags (void)
{
  g_autoptr(CaturGame) dark = dark_game ("KRRPPPPPkrrppppp");
  g_autoptr(CaturGame) sandbox = game_from ("sandbox", NULL);
  g_autoptr(CaturGame) xiangqi = game_from ("xiangqi", NULL);
  g_autofree char *no_take_backs = NULL;
  g_autofree char *no_draws = NULL;
  g_autofree char *plain_no_draws = NULL;
  g_autofree char *turned_off = NULL;

  g_assert_cmpint (catur_variant_get_flags (variant ("sandbox-dark")), ==,
                   CATUR_VARIANT_NO_TAKE_BACKS | CATUR_VARIANT_NO_DRAW_OFFERS
                   | CATUR_VARIANT_TOP_PIECES_TURNED | CATUR_VARIANT_ROTATE_TO_FIT);
  g_assert_cmpint (catur_variant_get_flags (variant ("sandbox")), ==, 0);
  g_assert_cmpint (catur_variant_get_flags (variant ("xiangqi")), ==, 0);
  /* A game that does not say how its games end instead gets the default sentence. */
  plain_no_draws = catur_variant_describe_no_draw_offers (variant ("xiangqi"));
  g_assert_cmpstr (plain_no_draws, ==, "Xiangqi has no draw by agreement");

  play (dark, "a1 b1");
  g_assert_cmpint (catur_game_get_undo_policy (dark), ==, CATUR_UNDO_POLICY_NONE);
  g_assert_false (catur_game_can_take_back (dark, &no_take_backs));
  g_assert_cmpstr (no_take_backs, ==, "Sandbox Dark has no take-backs");
  g_assert_cmpuint (catur_game_get_take_back_plies (dark, CATUR_SIDE_FIRST), ==, 0);
  g_assert_cmpuint (catur_game_get_take_back_plies (dark, CATUR_SIDE_SECOND), ==, 0);
  g_assert_false (catur_game_take_back (dark, CATUR_SIDE_SECOND));
  g_assert_cmpuint (catur_game_get_undo_turn_plies (dark), ==, 0);
  g_assert_false (catur_game_undo_turn (dark));
  g_assert_false (catur_game_undo (dark, 1));
  g_assert_cmpuint (catur_game_get_n_plies (dark), ==, 2);
  /* Neither the players' choice nor the computer makes them free. */
  catur_game_set_undo_policy (dark, CATUR_UNDO_POLICY_FREE);
  g_assert_cmpint (catur_game_get_undo_policy (dark), ==, CATUR_UNDO_POLICY_NONE);
  catur_game_set_computer (dark, CATUR_SIDE_SECOND, CATUR_LEVEL_BEGINNER, 0);
  g_assert_cmpint (catur_game_get_undo_policy (dark), ==, CATUR_UNDO_POLICY_NONE);
  g_assert_false (catur_game_undo_turn (dark));
  catur_game_set_computer (dark, CATUR_SIDE_NONE, CATUR_LEVEL_BEGINNER, 0);

  g_assert_false (catur_game_can_offer_draw (dark, &no_draws));
  g_assert_cmpstr (no_draws, ==, "Sandbox Dark games end when a player has no piece or no "
                                 "action left, or after ten quiet plies; there are no draw offers");
  g_assert_false (catur_game_offer_draw (dark, CATUR_SIDE_FIRST));
  g_assert_cmpint (catur_game_get_draw_offer (dark), ==, CATUR_SIDE_NONE);

  play (sandbox, "a2a3 a5a4");
  g_assert_cmpint (catur_game_get_undo_policy (sandbox), ==, CATUR_UNDO_POLICY_ASK);
  g_assert_true (catur_game_can_take_back (sandbox, NULL));
  g_assert_true (catur_game_can_offer_draw (sandbox, NULL));
  g_assert_true (catur_game_offer_draw (sandbox, CATUR_SIDE_FIRST));
  g_assert_cmpint (catur_game_get_draw_offer (sandbox), ==, CATUR_SIDE_FIRST);
  g_assert_true (catur_game_take_back (sandbox, CATUR_SIDE_SECOND));
  g_assert_cmpuint (catur_game_get_n_plies (sandbox), ==, 1);

  /* The players may turn take-backs off in a game that has them. */
  play (xiangqi, "h2e2");
  catur_game_set_undo_policy (xiangqi, CATUR_UNDO_POLICY_NONE);
  g_assert_false (catur_game_can_take_back (xiangqi, &turned_off));
  g_assert_cmpstr (turned_off, ==, "Take-backs are turned off for this game");
  g_assert_false (catur_game_take_back (xiangqi, CATUR_SIDE_FIRST));
  catur_game_set_undo_policy (xiangqi, CATUR_UNDO_POLICY_ASK);
  g_assert_true (catur_game_take_back (xiangqi, CATUR_SIDE_FIRST));
}

/* Seats are named by the position: Sandbox Dark's seats have no colour before the first
 * flip, and the one the first flip shows after. */
static void
test_side_names (void)
{
  CaturVariant *dark = variant ("sandbox-dark");
  g_autoptr(CaturGame) red_first = dark_game ("PRRPPPPKkrrppppp");
  g_autoptr(CaturGame) black_first = dark_game ("pRRPPPPKkrrppppP");
  const CaturPosition *start = catur_game_get_position (red_first);

  g_assert_cmpstr (catur_variant_get_side_name (dark, NULL, CATUR_SIDE_FIRST), ==,
                   "First player");
  g_assert_cmpstr (catur_variant_get_side_name (dark, start, CATUR_SIDE_SECOND), ==,
                   "Second player");
  g_assert_cmpstr (catur_game_get_side_name (red_first, CATUR_SIDE_FIRST), ==, "First player");
  g_assert_cmpstr (catur_variant_get_side_id (dark, start, CATUR_SIDE_FIRST), ==, "first");

  play (red_first, "a1");
  g_assert_cmpstr (catur_game_get_side_name (red_first, CATUR_SIDE_FIRST), ==, "Red");
  g_assert_cmpstr (catur_game_get_side_name (red_first, CATUR_SIDE_SECOND), ==, "Black");
  g_assert_cmpstr (catur_variant_get_side_id (dark, catur_game_get_position (red_first),
                                              CATUR_SIDE_SECOND), ==, "black");
  /* Without a position, and back at the start (in review too), the seats again. */
  g_assert_cmpstr (catur_variant_get_side_id (dark, NULL, CATUR_SIDE_SECOND), ==, "second");
  g_assert_cmpstr (catur_game_get_side_name_at (red_first, 0, CATUR_SIDE_FIRST), ==,
                   "First player");
  catur_game_set_view_ply (red_first, 0);
  g_assert_true (catur_game_get_viewed_position (red_first)
                 == catur_game_get_position_at (red_first, 0));
  g_assert_cmpstr (catur_variant_get_side_name (dark, catur_game_get_viewed_position (red_first),
                                                CATUR_SIDE_FIRST), ==, "First player");

  play (black_first, "a1");
  g_assert_cmpstr (catur_game_get_side_name (black_first, CATUR_SIDE_FIRST), ==, "Black");
  g_assert_cmpstr (catur_game_get_side_name (black_first, CATUR_SIDE_SECOND), ==, "Red");

  /* A game of fixed colours names them whatever the position. */
  g_assert_cmpstr (catur_variant_get_side_name (variant ("xiangqi"), NULL, CATUR_SIDE_FIRST),
                   ==, "Red");
}

/* Notations are the game's: listed, the default first, exactly one coordinate form. */
static void
test_notations (void)
{
  CaturVariant *sandbox = variant ("sandbox");
  g_autoptr(CaturGame) game = game_from ("sandbox", NULL);
  g_autoptr(CaturGameMove) item = NULL;
  const CaturNotationInfo *notations;
  CaturMove castle = { C1, E1, 0, CATUR_MOVE_CASTLE };
  CaturMove push = { C2, C4, 0, 0 };
  g_autofree char *as_long = NULL;
  g_autofree char *as_coordinate = NULL;
  g_autofree char *as_wide = NULL;
  g_autofree char *by_default = NULL;
  g_autofree char *unknown = NULL;
  g_autofree char *castling = NULL;
  guint n, coordinates = 0;

  notations = catur_variant_list_notations (sandbox, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpstr (notations[0].id, ==, "long");
  g_assert_cmpstr (notations[0].name, ==, "Long");
  g_assert_cmpstr (notations[2].id, ==, "wide");
  for (guint i = 0; i < n; i++)
    coordinates += (notations[i].flags & CATUR_NOTATION_COORDINATE) != 0;
  g_assert_cmpuint (coordinates, ==, 1);
  g_assert_cmpstr (catur_variant_get_default_notation (sandbox), ==, "long");
  g_assert_cmpstr (catur_variant_get_coordinate_notation (sandbox), ==, "coordinate");

  as_long = catur_variant_format_move (sandbox, catur_game_get_position (game), &push, "long");
  as_coordinate = catur_variant_format_move (sandbox, catur_game_get_position (game), &push,
                                             "coordinate");
  as_wide = catur_variant_format_move (sandbox, catur_game_get_position (game), &push, "wide");
  by_default = catur_variant_format_move (sandbox, catur_game_get_position (game), &push, NULL);
  unknown = catur_variant_format_move (sandbox, catur_game_get_position (game), &push, "wxf");
  castling = catur_variant_format_move (sandbox, catur_game_get_position (game), &castle, NULL);
  g_assert_cmpstr (as_long, ==, "c2-c4");
  g_assert_cmpstr (as_coordinate, ==, "c2c4");
  g_assert_cmpstr (as_wide, ==, "ｃ２－ｃ４");
  g_assert_cmpstr (by_default, ==, "c2-c4");
  g_assert_cmpstr (unknown, ==, "c2-c4");
  g_assert_cmpstr (castling, ==, "O-O");

  /* The game writes its record in its default notation, the coordinates beside. */
  g_assert_cmpstr (catur_game_get_notation (game), ==, "long");
  play (game, "c1e1");
  item = g_list_model_get_item (catur_game_get_moves (game), 0);
  g_assert_cmpstr (catur_game_move_get_notation (item), ==, "O-O");
  g_assert_cmpstr (catur_game_move_get_coordinate (item), ==, "c1e1");
  catur_game_set_notation (game, "coordinate");
  g_assert_cmpstr (catur_game_move_get_notation (item), ==, "c1e1");

  /* A game that lists none writes coordinates. */
  g_assert_cmpstr (catur_variant_get_coordinate_notation (variant ("xiangqi")), ==, "iccs");
}

/* Notices are the game's too: each a bit, an id and what the shell does with it. */
static void
test_notices (void)
{
  CaturVariant *sandbox = variant ("sandbox");
  g_autoptr(CaturGame) game = game_from ("sandbox", "2k3/6/6/6/6/K5 w - - - 38 0");
  const CaturOutcome *outcome = catur_game_get_outcome (game);
  const CaturNoticeInfo *notices;
  g_autofree char *sentence = NULL;
  guint n;

  notices = catur_variant_list_notices (sandbox, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (notices[0].id, ==, "quiet");
  g_assert_cmpint (notices[0].flags, ==, CATUR_NOTICE_OFFERS_DRAW);
  g_assert_cmpstr (notices[1].id, ==, "repetition");
  g_assert_cmpint (notices[1].flags, ==, CATUR_NOTICE_OFFERS_DRAW);
  g_assert_cmpuint (notices[0].notice & notices[1].notice, ==, 0);
  g_assert_null (catur_variant_list_notices (variant ("sandbox-dark"), &n));
  g_assert_cmpuint (n, ==, 0);

  play (game, "a1a2");
  g_assert_cmpuint (outcome->notices, ==, 0);
  play (game, "c6c5");
  g_assert_cmpuint (outcome->notices, ==, notices[0].notice);
  sentence = catur_variant_describe_notice (sandbox, catur_game_get_position (game), outcome,
                                            notices[0].notice);
  g_assert_cmpstr (sentence, ==,
                   "40 plies without a capture or a pawn move: you may agree to a draw");
  play (game, "a2a3");
  g_assert_cmpuint (outcome->notices, ==, 0);
}

/* RULES 0.2: a key names what the rules compare, never the counters; a game with hidden pieces
 * is keyed on what the players see. */
static void
test_position_keys (void)
{
  CaturVariant *sandbox = variant ("sandbox");
  CaturVariant *dark = variant ("sandbox-dark");
  g_autoptr(CaturPosition) quiet = position ("sandbox", "2k3/6/6/6/6/K5 w - - - 0 0");
  g_autoptr(CaturPosition) counted = position ("sandbox", "2k3/6/6/6/6/K5 w - - - 38 7");
  g_autoptr(CaturPosition) black = position ("sandbox", "2k3/6/6/6/6/K5 b - - - 0 0");
  g_autoptr(CaturPosition) in_hand = position ("sandbox", "2k3/6/6/6/6/K5 w - - P 0 0");
  g_autoptr(CaturGame) one = dark_game ("KRRPPPPPkrrppppp");
  g_autoptr(CaturGame) other = dark_game ("ppppprrkPPPPPRRK");
  g_autoptr(CaturGame) shuffle = game_from ("sandbox", "2k3/6/6/6/6/K5 w - - - 0 0");

  g_assert_true (catur_variant_has_position_keys (sandbox));
  g_assert_cmpuint (catur_variant_position_key (sandbox, quiet), ==,
                    catur_variant_position_key (sandbox, counted));
  g_assert_cmpuint (catur_variant_position_key (sandbox, quiet), !=,
                    catur_variant_position_key (sandbox, black));
  g_assert_cmpuint (catur_variant_position_key (sandbox, quiet), !=,
                    catur_variant_position_key (sandbox, in_hand));

  /* Two layouts under the same face-down squares: one key. */
  g_assert_cmpuint (catur_variant_position_key (dark, catur_game_get_position (one)), ==,
                    catur_variant_position_key (dark, catur_game_get_position (other)));

  /* There and back: the same key as the start, with plies counted in between. */
  play (shuffle, "a1a2 c6c5 a2a1 c5c6");
  g_assert_cmpuint (catur_variant_position_key (sandbox, catur_game_get_position (shuffle)), ==,
                    catur_variant_position_key (sandbox,
                                                catur_game_get_start_position (shuffle)));
}

/* Sandbox's threefold repetition, as CaturGame keeps the record: once per episode (RULES 0.4),
 * re-armed by a new position, gone with an undo and back when the ply is played again. */
static void
test_repetition_notice (void)
{
  CaturVariant *sandbox = variant ("sandbox");
  g_autoptr(CaturGame) game = game_from ("sandbox", "2k3/6/6/6/6/K5 w - - - 0 0");
  const CaturOutcome *outcome = catur_game_get_outcome (game);
  const char *cycle[] = { "a1a2", "c6c5", "a2a1", "c5c6" };
  g_autofree char *sentence = NULL;
  guint repetition = 0;
  const CaturNoticeInfo *notices;
  guint n;

  notices = catur_variant_list_notices (sandbox, &n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (notices[i].id, "repetition"))
      repetition = notices[i].notice;
  g_assert_cmpuint (repetition, !=, 0);

  for (guint ply = 1; ply <= 12; ply++)
    {
      play (game, cycle[(ply - 1) % 4]);
      g_test_message ("ply %u: notices %u", ply, outcome->notices);
      /* The start comes a third time at ply 8; plies 9–12 stay in its episode. */
      g_assert_cmpuint (outcome->notices, ==, ply == 8 ? repetition : 0);
      g_assert_cmpint (outcome->result, ==, CATUR_RESULT_ONGOING);
    }
  sentence = catur_variant_describe_notice (sandbox, catur_game_get_position (game), outcome,
                                            repetition);
  g_assert_cmpstr (sentence, ==, "The same position for the third time: you may agree to a draw");

  /* New positions, then one seen twice before: a third time in a new episode. */
  play (game, "a1b1 c6c5");
  g_assert_cmpuint (outcome->notices, ==, 0);
  play (game, "b1a1");
  g_assert_cmpuint (outcome->notices, ==, repetition);

  g_assert_true (catur_game_undo (game, 1));
  g_assert_cmpuint (outcome->notices, ==, 0);
  play (game, "b1a1");
  g_assert_cmpuint (outcome->notices, ==, repetition);

  /* Back to ply 7, then ply 8 again: the record was cut, the notice comes back with it. */
  g_assert_true (catur_game_undo (game, 8));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 7);
  g_assert_cmpuint (outcome->notices, ==, 0);
  play (game, "c5c6");
  g_assert_cmpuint (outcome->notices, ==, repetition);
}

/* A click pair and what it may mean: by default the legal moves between the two squares, or
 * the flip of a face-down piece clicked with nothing chosen before; Sandbox adds the King
 * clicked onto its Rook. */
static void
test_input_moves (void)
{
  CaturVariant *xiangqi = variant ("xiangqi");
  CaturVariant *sandbox = variant ("sandbox");
  CaturVariant *dark = variant ("sandbox-dark");
  g_autoptr(CaturPosition) xiangqi_start = catur_variant_new_position (xiangqi, NULL, 0);
  g_autoptr(CaturPosition) sandbox_start = catur_variant_new_position (sandbox, NULL, 0);
  g_autoptr(CaturPosition) promotion = position ("sandbox", "2k3/P5/6/6/6/K5 w - - - 0 0");
  g_autoptr(CaturGame) dark_play = dark_game ("PRRPPPPKkrrppppp");
  g_autoptr(GArray) cannon = catur_variant_input_moves (xiangqi, xiangqi_start, 25, 22);
  g_autoptr(GArray) nothing = catur_variant_input_moves (xiangqi, xiangqi_start, 25, 33);
  g_autoptr(GArray) onto_rook = catur_variant_input_moves (sandbox, sandbox_start, C1, F1);
  g_autoptr(GArray) two_steps = catur_variant_input_moves (sandbox, sandbox_start, C1, E1);
  g_autoptr(GArray) choice = catur_variant_input_moves (sandbox, promotion, A5, A6);
  g_autoptr(GArray) flip = NULL;
  g_autoptr(GArray) flip_selected = NULL;
  CaturMove castle = { C1, E1, 0, CATUR_MOVE_CASTLE };

  g_assert_cmpuint (cannon->len, ==, 1);
  g_assert_true (has_move (cannon, &(CaturMove) { 25, 22, 0, 0 }));
  g_assert_cmpuint (nothing->len, ==, 0);

  g_assert_cmpuint (onto_rook->len, ==, 1);
  g_assert_true (has_move (onto_rook, &castle));
  g_assert_cmpuint (two_steps->len, ==, 1);
  g_assert_true (has_move (two_steps, &castle));

  g_assert_cmpuint (choice->len, ==, 2);
  g_assert_true (has_move (choice, &(CaturMove) { A5, A6, 2, CATUR_MOVE_PROMOTE }));
  g_assert_true (has_move (choice, &(CaturMove) { A5, A6, 3, CATUR_MOVE_PROMOTE }));

  /* Red has its Soldier up on a1; a face-down piece clicked flips when nothing is selected,
   * and is only a target, which the Soldier cannot take, when the Soldier is. */
  play (dark_play, "a1 b1");
  flip = catur_variant_input_moves (dark, catur_game_get_position (dark_play),
                                    CATUR_SQUARE_NONE, DD4);
  flip_selected = catur_variant_input_moves (dark, catur_game_get_position (dark_play), DA1,
                                             DA2);
  g_assert_cmpuint (flip->len, ==, 1);
  g_assert_true (has_move (flip, &(CaturMove) { DD4, DD4, 0, CATUR_MOVE_FLIP }));
  g_assert_cmpuint (flip_selected->len, ==, 0);
}

/* What else a move does: a capture on its target by default; castling moves the Rook too,
 * and en passant takes the pawn beside the target. */
static void
test_move_effects (void)
{
  CaturVariant *xiangqi = variant ("xiangqi");
  CaturVariant *sandbox = variant ("sandbox");
  g_autoptr(CaturPosition) xiangqi_start = catur_variant_new_position (xiangqi, NULL, 0);
  g_autoptr(CaturPosition) sandbox_start = catur_variant_new_position (sandbox, NULL, 0);
  g_autoptr(CaturGame) passant = game_from ("sandbox", NULL);
  g_autoptr(CaturPosition) hands = position ("sandbox", "2k3/6/6/6/6/K5 w - - R 0 0");
  g_autoptr(CaturGame) dark = dark_game ("PRRPPPPKkrrppppp");
  CaturMoveEffects effects;

  /* The cannon h2 takes the horse h9; the cannon to e2 takes nothing. */
  catur_variant_move_effects (xiangqi, xiangqi_start, &(CaturMove) { 25, 88, 0, 0 }, &effects);
  g_assert_cmpuint (effects.captured, ==, 88);
  g_assert_cmpuint (effects.second_from, ==, CATUR_SQUARE_NONE);
  catur_variant_move_effects (xiangqi, xiangqi_start, &(CaturMove) { 25, 22, 0, 0 }, &effects);
  g_assert_cmpuint (effects.captured, ==, CATUR_SQUARE_NONE);

  catur_variant_move_effects (sandbox, sandbox_start,
                              &(CaturMove) { C1, E1, 0, CATUR_MOVE_CASTLE }, &effects);
  g_assert_cmpuint (effects.captured, ==, CATUR_SQUARE_NONE);
  g_assert_cmpuint (effects.second_from, ==, F1);
  g_assert_cmpuint (effects.second_to, ==, D1);

  play (passant, "a2a3 c5c4 b2b4");
  catur_variant_move_effects (sandbox, catur_game_get_position (passant),
                              &(CaturMove) { C4, B3, 0, 0 }, &effects);
  g_assert_cmpuint (effects.captured, ==, B4);
  g_assert_cmpuint (effects.second_from, ==, CATUR_SQUARE_NONE);
  play (passant, "c4b3");
  g_assert_false (catur_variant_piece_at (sandbox, catur_game_get_position (passant), B4, NULL));

  catur_variant_move_effects (sandbox, hands,
                              &(CaturMove) { CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, 2), C3, 2,
                                             CATUR_MOVE_DROP }, &effects);
  g_assert_cmpuint (effects.captured, ==, CATUR_SQUARE_NONE);

  /* A flip takes nothing, though a piece lies on its square. */
  catur_variant_move_effects (variant ("sandbox-dark"), catur_game_get_position (dark),
                              &(CaturMove) { DA1, DA1, 0, CATUR_MOVE_FLIP }, &effects);
  g_assert_cmpuint (effects.captured, ==, CATUR_SQUARE_NONE);
}

/* Names and letters of whole pieces: promoted and face down too. */
static void
test_piece_names (void)
{
  CaturVariant *sandbox = variant ("sandbox");
  CaturVariant *dark = variant ("sandbox-dark");
  g_autoptr(CaturPosition) pos = position ("sandbox", "2k3/6/6/6/1b4/KR+r3 w - - - 0 0");
  g_autoptr(CaturGame) dark_start = dark_game ("PRRPPPPKkrrppppp");
  CaturPiece promoted, chariot = { 5, CATUR_SIDE_FIRST, 0 };
  CaturPiece face_down = { 4, CATUR_SIDE_SECOND, CATUR_PIECE_FACE_DOWN };
  g_autofree char *promoted_name = NULL;
  g_autofree char *promoted_letter = NULL;
  g_autofree char *rook_name = NULL;
  g_autofree char *chariot_name = NULL;
  g_autofree char *chariot_letter = NULL;
  g_autofree char *hidden_name = NULL;
  g_autofree char *hidden_letter = NULL;
  g_autofree char *dark_name = NULL;

  g_assert_true (catur_variant_piece_at (sandbox, pos, C1, &promoted));
  g_assert_cmpuint (promoted.kind, ==, 2);
  g_assert_cmpint (promoted.side, ==, CATUR_SIDE_SECOND);
  g_assert_cmpuint (promoted.flags, ==, CATUR_PIECE_PROMOTED);
  promoted_name = catur_variant_get_piece_name (sandbox, &promoted);
  promoted_letter = catur_variant_get_piece_letter (sandbox, &promoted);
  promoted.flags = 0;
  rook_name = catur_variant_get_piece_name (sandbox, &promoted);
  g_assert_cmpstr (promoted_name, ==, "Promoted Rook");
  g_assert_cmpstr (promoted_letter, ==, "+R");
  g_assert_cmpstr (rook_name, ==, "Rook");

  chariot_name = catur_variant_get_piece_name (variant ("xiangqi"), &chariot);
  chariot_letter = catur_variant_get_piece_letter (variant ("xiangqi"), &chariot);
  g_assert_cmpstr (chariot_name, ==, "Chariot");
  g_assert_cmpstr (chariot_letter, ==, "R");

  /* A face-down piece is named as one, whatever kind it is given with. */
  hidden_name = catur_variant_get_piece_name (dark, &face_down);
  hidden_letter = catur_variant_get_piece_letter (dark, &face_down);
  g_assert_cmpstr (hidden_name, ==, "Face-down piece");
  g_assert_cmpstr (hidden_letter, ==, "X");
  g_assert_cmpstr (catur_variant_get_piece_image (dark, &face_down), ==, "back.svg");
  play (dark_start, "a1");
  g_assert_true (catur_variant_piece_at (dark, catur_game_get_position (dark_start), DA1,
                                         &face_down));
  dark_name = catur_variant_get_piece_name (dark, &face_down);
  g_assert_cmpstr (dark_name, ==, "Red Soldier");
}

/* The sentence of the last move of @game, as catur_variant_describe_move() says it. */
static char *
describe_last (CaturGame *game)
{
  guint n = catur_game_get_n_plies (game);
  g_autoptr(CaturGameMove) item = g_list_model_get_item (catur_game_get_moves (game), n - 1);

  return catur_variant_describe_move (catur_game_get_variant (game),
                                      catur_game_get_position_at (game, n - 1),
                                      catur_game_move_get_move (item));
}

static void
assert_last_move (CaturGame  *game,
                  const char *moves,
                  const char *expected)
{
  g_autofree char *sentence = NULL;

  play (game, moves);
  sentence = describe_last (game);
  g_assert_cmpstr (sentence, ==, expected);
}

/* Moves said for a player who cannot see the board, from the game's names alone: a move, a
 * capture, a drop, a promotion, a flip (what it revealed, never before), a declaration. */
static void
test_describe_move (void)
{
  g_autoptr(CaturGame) xiangqi = game_from ("xiangqi", NULL);
  g_autoptr(CaturGame) drops = game_from ("sandbox", "2k3/6/6/6/6/K5 w - - RP 0 0");
  g_autoptr(CaturGame) promotion = game_from ("sandbox", "2k3/P5/6/6/6/K5 w - - - 0 0");
  g_autoptr(CaturGame) dark = dark_game ("PRRPPPPKkrrppppp");
  g_autofree char *promoted = NULL;

  assert_last_move (xiangqi, "h2e2", "Red Cannon from h2 to e2");
  assert_last_move (xiangqi, "h9g7", "Black Horse from h9 to g7");
  assert_last_move (xiangqi, "b2b9", "Red Cannon from b2 takes the Horse on b9");
  assert_last_move (drops, "R*c3", "White drops a Rook on c3");
  g_assert_true (catur_game_play (promotion, &(CaturMove) { A5, A6, 2, CATUR_MOVE_PROMOTE },
                                  NULL));
  promoted = describe_last (promotion);
  g_assert_cmpstr (promoted, ==, "White Pawn from a5 to a6, becomes Promoted Rook");
  assert_last_move (dark, "a1", "Red turns up a1: Red Soldier");
}

/* The pieces that attack or defend a point: Xiangqi's own answer for both sides, screens and
 * legs as they stand; the default, the side to move's legal moves onto it. */
static void
test_attackers (void)
{
  CaturVariant *xiangqi = variant ("xiangqi");
  g_autoptr(CaturPosition) start = catur_variant_new_position (xiangqi, NULL, 0);
  g_autoptr(CaturPosition) sandbox = position ("sandbox", "2k3/6/6/6/1b4/KR4 w - - - 0 0");
  g_autoptr(GArray) elephants = catur_variant_list_attackers (xiangqi, start, 22, CATUR_SIDE_FIRST);
  g_autoptr(GArray) nobody = catur_variant_list_attackers (xiangqi, start, 22, CATUR_SIDE_SECOND);
  g_autoptr(GArray) cannon = catur_variant_list_attackers (xiangqi, start, 82, CATUR_SIDE_FIRST);
  g_autoptr(GArray) chariot = catur_variant_list_attackers (xiangqi, start, 82, CATUR_SIDE_SECOND);
  g_autoptr(GArray) white = catur_variant_list_attackers (variant ("sandbox"), sandbox,
                                                          SANDBOX ("b2"), CATUR_SIDE_FIRST);
  g_autoptr(GArray) black = catur_variant_list_attackers (variant ("sandbox"), sandbox,
                                                          SANDBOX ("b1"), CATUR_SIDE_SECOND);

  /* e2 (22) is reached by both Elephants (c0 = 2, g0 = 6), no Cannon: nothing screens them. */
  g_assert_cmpuint (elephants->len, ==, 2);
  g_assert_cmpuint (g_array_index (elephants, CaturSquare, 0), ==, 2);
  g_assert_cmpuint (g_array_index (elephants, CaturSquare, 1), ==, 6);
  g_assert_cmpuint (nobody->len, ==, 0);
  /* The Horse on b9 (82): the Cannon on b2 (19) over the Cannon on b7; the Chariot on a9 (81)
   * defends it. */
  g_assert_cmpuint (cannon->len, ==, 1);
  g_assert_cmpuint (g_array_index (cannon, CaturSquare, 0), ==, 19);
  g_assert_cmpuint (chariot->len, ==, 1);
  g_assert_cmpuint (g_array_index (chariot, CaturSquare, 0), ==, 81);
  /* Sandbox has no answer of its own: the side to move's legal moves say it, White's King and
   * Rook take the bishop on b2; Black, not to move, has none to ask. */
  g_assert_cmpuint (white->len, ==, 2);
  g_assert_cmpuint (g_array_index (white, CaturSquare, 0), ==, SANDBOX ("a1"));
  g_assert_cmpuint (g_array_index (white, CaturSquare, 1), ==, SANDBOX ("b1"));
  g_assert_cmpuint (black->len, ==, 0);
}

/* A declaration is a legal move of its own, with a menu label, that ends the game. */
static void
test_declaration (void)
{
  CaturVariant *sandbox = variant ("sandbox");
  g_autoptr(CaturGame) game = game_from ("sandbox", "K5/6/6/6/6/5k w - - - 0 0");
  g_autoptr(CaturGame) early = game_from ("sandbox", NULL);
  CaturMove declare = { CATUR_SQUARE_NONE, CATUR_SQUARE_NONE, 0, CATUR_MOVE_DECLARE };
  g_autoptr(GArray) declarations = NULL;
  g_autofree char *label = NULL;
  g_autofree char *text = NULL;
  g_autofree char *why = NULL;
  g_autofree char *outcome = NULL;
  const char *reason = NULL;

  declarations = catur_variant_legal_moves_from (sandbox, catur_game_get_position (game),
                                                 CATUR_SQUARE_NONE);
  g_assert_cmpuint (declarations->len, ==, 1);
  g_assert_true (has_move (declarations, &declare));
  label = catur_variant_get_declaration_label (sandbox, catur_game_get_position (game), &declare);
  text = catur_variant_format_move (sandbox, catur_game_get_position (game), &declare, NULL);
  g_assert_cmpstr (label, ==, "Declare Victory");
  g_assert_cmpstr (text, ==, "declare");

  why = catur_variant_explain (sandbox, catur_game_get_position (early), &declare, &reason);
  g_assert_nonnull (why);
  g_assert_cmpstr (reason, ==, "cannot-declare");

  g_assert_true (catur_game_play (game, &declare, NULL));
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_IMPASSE);
  outcome = catur_game_describe_outcome (game);
  g_assert_cmpstr (outcome, ==, "White’s King reached the far rank");
}

/* The side panel's data, ply by ply: what lies face down, what each player took, the quiet
 * counter; and none for a game without them. */
static void
test_trays_and_counters (void)
{
  /* a1 Red Soldier, b1 Black Chariot, c1 Red Chariot, a2 Red Soldier… */
  g_autoptr(CaturGame) game = dark_game ("PrRPPPPKkrRppppp");
  g_autoptr(GPtrArray) start = catur_game_list_trays (game, 0);
  g_autoptr(GPtrArray) trays = NULL;
  g_autoptr(GPtrArray) counters = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(CaturGame) xiangqi = game_from ("xiangqi", NULL);
  CaturTray *unrevealed, *taken;
  CaturCounter *quiet;
  CaturPiece red_chariot = { 2, CATUR_SIDE_NONE, 0 };
  CaturPiece black_chariot = { 5, CATUR_SIDE_NONE, 0 };

  g_assert_cmpuint (start->len, ==, 3);
  unrevealed = catur_tray_list_find (start, "unrevealed");
  g_assert_nonnull (unrevealed);
  g_assert_cmpint (unrevealed->side, ==, CATUR_SIDE_NONE);
  g_assert_cmpstr (unrevealed->title, ==, "Face down");
  /* Before the first flip no seat has the pieces. */
  g_assert_cmpuint (catur_tray_count (unrevealed, &red_chariot), ==, 2);
  g_assert_cmpuint (catur_tray_list_find (start, "taken-first")->items->len, ==, 0);
  g_assert_cmpstr (catur_tray_list_find (start, "taken-first")->title, ==,
                   "Taken by First player");

  /* Red (first seat) flips a1, Black flips b1, Red flips c1; Black's chariot takes Red's. */
  play (game, "a1 b1 c1 b1c1");
  trays = catur_game_list_trays (game, catur_game_get_n_plies (game));
  unrevealed = catur_tray_list_find (trays, "unrevealed");
  red_chariot.side = CATUR_SIDE_FIRST;
  black_chariot.side = CATUR_SIDE_SECOND;
  g_assert_cmpuint (catur_tray_count (unrevealed, &red_chariot), ==, 1);
  g_assert_cmpuint (catur_tray_count (unrevealed, &black_chariot), ==, 1);
  taken = catur_tray_list_find (trays, "taken-second");
  g_assert_cmpint (taken->side, ==, CATUR_SIDE_SECOND);
  g_assert_cmpstr (taken->title, ==, "Taken by Black");
  g_assert_cmpuint (catur_tray_count (taken, &red_chariot), ==, 1);
  g_assert_cmpuint (catur_tray_list_find (trays, "taken-first")->items->len, ==, 0);

  /* A step counts; a flip or a capture starts again. */
  counters = catur_game_list_counters (game, 3);
  quiet = catur_counter_list_find (counters, "quiet");
  g_assert_nonnull (quiet);
  g_assert_cmpuint (quiet->value, ==, 0);
  g_assert_cmpuint (quiet->limit, ==, 10);
  play (game, "a1b1");
  g_clear_pointer (&counters, g_ptr_array_unref);
  counters = catur_game_list_counters (game, catur_game_get_n_plies (game));
  g_assert_cmpuint (catur_counter_list_find (counters, "quiet")->value, ==, 1);

  none = catur_game_list_trays (xiangqi, 0);
  g_assert_cmpuint (none->len, ==, 0);
}

/* Candidate Master was measured against the rung below it only. */
static void
assert_scores_against_expert (const char *text)
{
  int percent = 0;

  g_assert_nonnull (text);
  g_assert_cmpint (sscanf (text, "Scores about %d %%", &percent), ==, 1);
  g_assert_cmpint (percent, >, 50);
  g_assert_cmpint (percent, <, 100);
  g_assert_true (g_str_has_suffix (text, "against Expert"));
}

/* Each game says how strong each rung of the ladder plays it, as measured: Chess in Elo
 * against Stockfish and Xiangqi and Shogi as a Skill Level of Fairy-Stockfish, rising with the
 * rung; Banqi, which no other program plays, by the score against the rung below, and so
 * Candidate Master in every game. */
static void
test_level_strength (void)
{
  static const char * const skill_games[] = { "xiangqi", "shogi" };
  int last = 0;

  for (CaturLevel level = 0; level < CATUR_N_LEVELS; level++)
    {
      g_autofree char *chess = catur_variant_describe_level_strength (variant ("chess"), level);
      int elo = 0;

      if (level == CATUR_LEVEL_CANDIDATE_MASTER)
        {
          assert_scores_against_expert (chess);
          continue;
        }

      g_assert_cmpint (sscanf (chess, "About %d Elo", &elo), ==, 1);
      if (level > 0)
        g_assert_cmpint (elo, >, last);
      last = elo;
      g_assert_true ((strstr (chess, "more time") != NULL) == (level == CATUR_LEVEL_MASTER));
    }
  for (guint i = 0; i < G_N_ELEMENTS (skill_games); i++)
    for (CaturLevel level = 0; level < CATUR_N_LEVELS; level++)
      {
        g_autofree char *text = catur_variant_describe_level_strength (variant (skill_games[i]),
                                                                         level);
        int skill = 0;

        if (level == CATUR_LEVEL_CANDIDATE_MASTER)
          {
            assert_scores_against_expert (text);
            continue;
          }

        g_assert_cmpint (sscanf (text, "About as strong as Fairy-Stockfish at Skill Level %d",
                                 &skill), ==, 1);
        g_assert_cmpint (skill, >=, -20);
        g_assert_cmpint (skill, <=, 20);
        if (level > 0)
          g_assert_cmpint (skill, >=, last);
        last = skill;
      }
  for (CaturLevel level = CATUR_LEVEL_BEGINNER; level < CATUR_LEVEL_MASTER; level++)
    {
      g_autofree char *banqi = catur_variant_describe_level_strength (variant ("banqi"), level);
      g_autofree char *below = g_strdup_printf ("against %s", catur_level_get_name (level - 1));
      int percent = 0;

      g_assert_cmpint (sscanf (banqi, "Scores about %d %%", &percent), ==, 1);
      g_assert_cmpint (percent, >, 0);
      g_assert_true (g_str_has_suffix (banqi, below));
    }
}

/* Each rung below Master spends more nodes on a move than the one below it, in every game,
 * whether the game keeps the ladder's node counts or its own (CaturLevelTuning): a position a
 * few moves into a game, where none of the rungs runs out of moves to search. */
static void
test_level_nodes (void)
{
  static const char * const games[] = { "xiangqi", "chess", "shogi", "banqi" };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      CaturVariant *game_variant = variant (games[i]);
      g_autoptr(CaturGame) game = catur_game_new (game_variant,
                                                  catur_variant_new_position (game_variant,
                                                                              NULL, 5));
      g_autoptr(CaturPosition) seen = NULL;
      guint64 last = 0;

      for (guint ply = 0; ply < 8; ply++)
        {
          g_autoptr(CaturPosition) now = catur_variant_observe (game_variant,
                                                                catur_game_get_position (game));
          g_autoptr(GError) error = NULL;
          CaturSearchResult result = { 0 };
          CaturSearchLimits limits;

          catur_search_limits_init (&limits, CATUR_LEVEL_NEWCOMER);
          limits.seed = ply;
          g_assert_true (catur_variant_think (game_variant, now, &limits, NULL, NULL, NULL,
                                              &result, &error));
          g_assert_true (catur_game_play (game, &result.move, &error));
        }
      seen = catur_variant_observe (game_variant, catur_game_get_position (game));
      for (CaturLevel level = CATUR_LEVEL_NEWCOMER; level < CATUR_LEVEL_MASTER; level++)
        {
          g_autoptr(GError) error = NULL;
          CaturSearchResult result = { 0 };
          CaturSearchLimits limits;

          catur_search_limits_init (&limits, level);
          limits.movetime = 60000;
          limits.seed = 1;
          g_assert_true (catur_variant_think (game_variant, seen, &limits, NULL, NULL, NULL,
                                              &result, &error));
          g_test_message ("%s %s: %" G_GUINT64_FORMAT " nodes", games[i],
                          catur_level_to_id (level), result.nodes);
          g_assert_true (result.has_move);
          g_assert_cmpuint (result.nodes, >, last);
          last = result.nodes;
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  testgame_add_plugin_path ();
  catur_plugins_load ();

  g_test_add_func ("/contract/hand-squares", test_hand_squares);
  g_test_add_func ("/contract/drops", test_drops);
  g_test_add_func ("/contract/flags", test_flags);
  g_test_add_func ("/contract/side-names", test_side_names);
  g_test_add_func ("/contract/notations", test_notations);
  g_test_add_func ("/contract/notices", test_notices);
  g_test_add_func ("/contract/position-keys", test_position_keys);
  g_test_add_func ("/contract/repetition-notice", test_repetition_notice);
  g_test_add_func ("/contract/input-moves", test_input_moves);
  g_test_add_func ("/contract/move-effects", test_move_effects);
  g_test_add_func ("/contract/piece-names", test_piece_names);
  g_test_add_func ("/contract/declaration", test_declaration);
  g_test_add_func ("/contract/describe-move", test_describe_move);
  g_test_add_func ("/contract/attackers", test_attackers);
  g_test_add_func ("/contract/trays-and-counters", test_trays_and_counters);
  g_test_add_func ("/contract/level-strength", test_level_strength);
  g_test_add_func ("/contract/level-nodes", test_level_nodes);

  return g_test_run ();
}
