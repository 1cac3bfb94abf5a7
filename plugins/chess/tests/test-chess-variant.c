/* test-chess-variant.c: the chess plugin behind the contract: explanations, FEN errors, the end
 * of the game, notations, clicks and move effects (RULES.md §3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "chess-test.h"

static CaturVariant *
chess (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("chess");

  g_assert_nonnull (variant);
  return variant;
}

static CaturPosition *
parse (const char *fen)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (chess (), fen, &error);

  g_assert_no_error (error);
  return position;
}

typedef struct
{
  const char *fen;
  const char *move;       /* UCI, as parse_move reads it; "e2" alone asks about the square */
  const char *reason_id;
  const char *sentence;
} Explanation;

static const Explanation explanations[] = {
  { START_FEN, "e7e5", "not-own-piece",
    "The Black Pawn on e7 is not yours: it is White’s turn." },
  { START_FEN, "e7", "not-own-piece",
    "The Black Pawn on e7 is not yours: it is White’s turn." },
  { START_FEN, "e4e5", "empty-square", "There is no piece on e4." },
  { START_FEN, "g1e2", "own-piece", "Your own Pawn stands on e2." },
  { START_FEN, "g1g3", "piece-movement",
    "The Knight jumps two squares straight and one to the side." },
  { START_FEN, "d1d5", "blocked-path",
    "The Queen cannot jump over pieces: the White Pawn on d2 is in the way." },
  { START_FEN, "f1c4", "blocked-path",
    "The Bishop cannot jump over pieces: the White Pawn on e2 is in the way." },
  { "4k3/8/8/8/7q/8/8/4K2R w K - 0 1", "h1h2", "leaves-check",
    "Your King is in check from the Black Queen on h4, and this move does not stop it." },
  { "4k3/4r3/8/8/8/8/8/3K4 w - - 0 1", "d1e1", "leaves-check",
    "Your King may not move into check: the Black Rook on e7 attacks e1." },
  /* In check from the rook on d8, the King steps onto the knight's square. */
  { "3rk3/8/8/8/8/8/6n1/3K4 w - - 0 1", "d1e1", "leaves-check",
    "Your King may not move into check: the Black Knight on g2 attacks e1." },
  /* The King takes a piece defended from behind it. */
  { "3rk3/8/8/8/8/8/3r4/3K4 w - - 0 1", "d1d2", "leaves-check",
    "Your King may not move into check: the Black Rook on d8 attacks d2." },
  { "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "d2f3", "pinned",
    "The Knight on d2 is pinned: moving it would expose your King to the Black Bishop on b4." },
  { "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", "e3e4", "pawn-capture",
    "A Pawn cannot capture straight ahead: the Black Pawn on e4 blocks it." },
  { START_FEN, "e2d3", "pawn-capture",
    "A Pawn moves diagonally only to capture, and d3 is empty." },
  { "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3e5", "pawn-double-step",
    "A Pawn may step two squares only on its first move." },
  { "rnbqkbnr/1pp1pppp/8/p2pP3/8/P7/1PPP1PPP/RNBQKBNR w KQkq - 0 4", "e5d6", "en-passant",
    "The Pawn on d5 could be taken en passant only on the move right after its double step." },
  { "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1g1", "castling",
    "You can no longer castle: your King has moved." },
  { "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1", "castling",
    "You can no longer castle on this side: the Rook on h1 has moved or been captured." },
  { "r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "e1g1", "castling",
    "You cannot castle through a piece: the White Bishop on f1 stands between your King and "
    "Rook." },
  /* The king chosen onto its own rook means castling too. */
  { "r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "e1h1", "castling",
    "You cannot castle through a piece: the White Bishop on f1 stands between your King and "
    "Rook." },
  { "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1", "castling",
    "You cannot castle through a piece: the White Knight on b1 stands between your King and "
    "Rook." },
  { "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "castling",
    "You cannot castle out of check: the Black Rook on e8 gives check." },
  { "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1", "e1g1", "castling",
    "Your King cannot pass through f1: the Black Rook on f8 attacks it." },
  { "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1", "e1g1", "castling",
    "You cannot castle into check: the Black Rook on g8 attacks g1." },
  { "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", "promotion",
    "A Pawn reaching the last rank must become a Queen, Rook, Bishop or Knight." },
  { START_FEN, "e2e4q", "promotion",
    "Only a Pawn reaching the last rank promotes, to a Queen, Rook, Bishop or Knight." },
};

static void
test_explanations (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (explanations); i++)
    {
      const Explanation *e = &explanations[i];
      g_autoptr(CaturPosition) position = parse (e->fen);
      g_autoptr(GError) error = NULL;
      g_autofree char *sentence = NULL;
      const char *reason = NULL;
      CaturMove move = { sq (e->move), CATUR_SQUARE_NONE, 0, 0 };

      if (strlen (e->move) > 2)
        {
          g_assert_true (catur_variant_parse_move (chess (), position, e->move, &move, &error));
          g_assert_no_error (error);
          g_assert_false (catur_variant_is_legal (chess (), position, &move));
        }
      sentence = catur_variant_explain (chess (), position, &move, &reason);
      g_test_message ("%s %s: %s", e->fen, e->move, sentence);
      g_assert_cmpstr (sentence, ==, e->sentence);
      g_assert_cmpstr (reason, ==, e->reason_id);
    }
}

/* Legal moves and selectable squares have no explanation. */
static void
test_explanations_legal (void)
{
  g_autoptr(CaturPosition) position = parse ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const char *reason = NULL;
  CaturMove square = { sq ("e1"), CATUR_SQUARE_NONE, 0, 0 };
  g_autoptr(GArray) moves = catur_variant_legal_moves (chess (), position);

  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint i = 0; i < moves->len; i++)
    g_assert_null (catur_variant_explain (chess (), position,
                                          &g_array_index (moves, CaturMove, i), &reason));
  g_assert_null (catur_variant_explain (chess (), position, &square, &reason));

  /* Along random games: no legal move is ever explained away. */
  for (int game = 0; game < 10; game++)
    {
      g_autoptr(CaturPosition) walk = catur_variant_new_position (chess (), NULL, 0);

      for (int ply = 0; ply < 200; ply++)
        {
          g_autoptr(GArray) legal = catur_variant_legal_moves (chess (), walk);

          if (legal->len == 0)
            break;
          for (guint i = 0; i < legal->len; i++)
            {
              g_autofree char *why = catur_variant_explain (chess (), walk,
                                                            &g_array_index (legal, CaturMove, i),
                                                            &reason);

              if (why != NULL)
                g_error ("a legal move explained as illegal: %s", why);
            }
          catur_variant_play (chess (), walk,
                              &g_array_index (legal, CaturMove,
                                              g_rand_int_range (rand, 0, legal->len)));
        }
    }
}

/* Along random games: every move of one of the mover's pieces to any square that is not legal
 * gets a sentence and a reason id. */
static void
test_explanations_complete (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  guint explained = 0;

  for (int game = 0; game < 6; game++)
    {
      g_autoptr(CaturPosition) walk = catur_variant_new_position (chess (), NULL, 0);

      for (int ply = 0; ply < 120; ply++)
        {
          g_autoptr(GArray) legal = catur_variant_legal_moves (chess (), walk);
          CaturSide side = catur_variant_side_to_move (chess (), walk);

          if (legal->len == 0)
            break;
          for (CaturSquare from = 0; from < 64; from++)
            {
              CaturPiece piece;

              if (!catur_variant_piece_at (chess (), walk, from, &piece) || piece.side != side)
                continue;
              for (CaturSquare to = 0; to < 64; to++)
                {
                  CaturMove move = { from, to, 0, 0 };
                  const char *reason = NULL;
                  g_autofree char *why = NULL;

                  if (catur_variant_is_legal (chess (), walk, &move))
                    continue;
                  why = catur_variant_explain (chess (), walk, &move, &reason);
                  if (why == NULL || reason == NULL)
                    {
                      g_autofree char *fen = catur_variant_format (chess (), walk);

                      g_error ("%u-%u in %s has no explanation", from, to, fen);
                    }
                  explained++;
                }
            }
          catur_variant_play (chess (), walk,
                              &g_array_index (legal, CaturMove,
                                              g_rand_int_range (rand, 0, legal->len)));
        }
    }
  g_assert_cmpuint (explained, >, 100000);
}

typedef struct
{
  const char *fen;
  const char *message;
} Rejection;

static const Rejection rejections[] = {
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
    "Field 1 (board): White has no king" },
  { "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    "Field 1 (board): Black has no king" },
  { "k1k5/8/8/8/8/8/8/4K3 w - - 0 1", "Field 1 (board): Black has 2 kings; it needs exactly 1" },
  { "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "Field 1 (board): a pawn stands on a1, on a back rank" },
  { "4k2p/8/8/8/8/8/8/4K3 w - - 0 1", "Field 1 (board): a pawn stands on h8, on a back rank" },
  { "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "Field 1 (board): Black has 9 pawns; at most 8" },
  { "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "Field 2 (side to move): must be “w” or “b”" },
  { "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
    "Field 2 (side to move): Black is in check but White is to move" },
  { "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
    "Field 3 (castling rights): “K” needs the king on e1 and a rook on h1" },
  { "r3k3/8/8/8/8/8/8/4K3 w k - 0 1",
    "Field 3 (castling rights): “k” needs the king on e8 and a rook on h8" },
  { "4k3/8/8/8/8/8/8/R3K3 w QX - 0 1",
    "Field 3 (castling rights): must be “-” or letters of “KQkq”" },
  { "4k3/8/8/8/8/8/8/R3K3 w QQ - 0 1", "Field 3 (castling rights): a letter is given twice" },
  { NULL, NULL },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
    "Field 4 (en-passant square): no pawn has just stepped two squares past it" },
  { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "Field 4 (en-passant square): must be “-” or a square such as e3" },
  { "4k3/8/8/8/8/8/8/4K3 w - - x 1",
    "Field 5 (plies since the last capture or pawn move): must be a number from 0 to 65535" },
  { "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "Field 6 (move number): must be a number from 1 to 65535" },
  { "4k3/8/8/8/8/8/8/4K3 w", "Field 3 (castling rights) is missing" },
  { "4k3/8/8/8/8/8/8/4K3 w -", "Field 4 (en-passant square) is missing" },
  { "4k3/8/8/8/8/8/4K3 w - - 0 1", "Field 1 (board): 7 ranks instead of 8" },
};

static void
test_fen_rejections (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (rejections); i++)
    {
      g_autoptr(GError) error = NULL;
      ChessPosition pos;
      const char *fen = rejections[i].fen;
      const char *message = rejections[i].message;

      if (fen == NULL)
        {
          /* The start with White to move and an ep square on the third rank. */
          fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1";
          message = "Field 4 (en-passant square): with White to move it must be on the sixth "
                    "rank";
        }
      g_assert_false (ch_position_from_fen (&pos, fen, &error));
      g_assert_nonnull (error);
      g_test_message ("%s: %s", fen, error->message);
      g_assert_cmpstr (error->message, ==, message);
    }
}

/* Both conventions of the en-passant field read, and the writer keeps the square. */
static void
test_fen_conventions (void)
{
  static const char * const round_trips[] = {
    START_FEN,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/8/8/4k3/2b5/8/8/4KB2 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 b - - 99 250",
  };
  ChessPosition pos;

  for (guint i = 0; i < G_N_ELEMENTS (round_trips); i++)
    {
      g_autofree char *back = NULL;

      g_assert_true (ch_position_from_fen (&pos, round_trips[i], NULL));
      back = ch_position_to_fen (&pos);
      g_assert_cmpstr (back, ==, round_trips[i]);
    }
  /* Without the counters, as an EPD line has it. */
  g_assert_true (ch_position_from_fen (&pos, "4k3/8/8/8/8/8/8/4K3 w - -", NULL));
  g_assert_cmpint (pos.halfmove, ==, 0);
  g_assert_cmpint (pos.fullmove, ==, 1);
}

/* The outcome after the plies @moves (UCI) from @fen, with the game's record of positions. */
static void
outcome_after (const char *fen, const char *moves, CaturOutcome *outcome)
{
  g_autoptr(CaturPosition) position = parse (fen);
  g_autoptr(CaturRepetition) history = catur_variant_new_repetition (chess (), position);
  g_auto(GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      CaturMove move;
      CaturSide mover = catur_variant_side_to_move (chess (), position);

      if (*words[i] == '\0')
        continue;
      g_assert_true (catur_variant_parse_move (chess (), position, words[i], &move, NULL));
      g_assert_true (catur_variant_is_legal (chess (), position, &move));
      catur_variant_play (chess (), position, &move);
      catur_variant_push_repetition (chess (), history, mover, position);
    }
  catur_outcome_init (outcome);
  catur_variant_status (chess (), position, history, outcome);
}

static void
test_status (void)
{
  CaturOutcome outcome;
  g_autoptr(CaturPosition) last = NULL;
  g_autofree char *how = NULL;

  /* Scholar's mate */
  outcome_after (START_FEN, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7", &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome.winner, ==, CATUR_SIDE_FIRST);
  g_assert_cmpstr (catur_reason_to_id (outcome.reason), ==, "checkmate");
  how = catur_variant_describe_outcome (chess (), NULL, &outcome);
  g_assert_cmpstr (how, ==, "Checkmate");

  /* CT5 */
  outcome_after ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpstr (catur_reason_to_id (outcome.reason), ==, "stalemate");

  /* CT6 */
  outcome_after ("7k/8/6K1/8/8/8/8/R7 w - - 99 80", "a1a8", &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_WIN);
  g_assert_cmpstr (catur_reason_to_id (outcome.reason), ==, "checkmate");
  outcome_after ("7k/8/6K1/8/8/8/8/R7 w - - 99 80", "a1a7", &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpstr (catur_reason_to_id (outcome.reason), ==, "fifty-move");

  /* CT7 */
  outcome_after ("8/8/8/4k3/2b5/8/8/4KB2 w - - 0 1", "", &outcome);
  g_assert_cmpstr (catur_reason_to_id (outcome.reason), ==, "insufficient-material");
  outcome_after ("8/8/8/4k3/8/2b5/8/4KB2 w - - 0 1", "", &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_ONGOING);

  /* CT8 */
  outcome_after ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", &outcome);
  g_assert_cmpstr (catur_reason_to_id (outcome.reason), ==, "insufficient-material");
  outcome_after ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_ONGOING);

  /* CT9: a draw on the eighth ply, and not before. */
  outcome_after (START_FEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1", &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_ONGOING);
  outcome_after (START_FEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpstr (catur_reason_to_id (outcome.reason), ==, "repetition");
  g_clear_pointer (&how, g_free);
  how = catur_variant_describe_outcome (chess (), NULL, &outcome);
  g_assert_cmpstr (how, ==, "The same position came three times");
}

/* The player to move runs out of time, the opponent holding @fen's material: a win for the
 * opponent (@draw FALSE) or a draw. */
typedef struct
{
  const char *fen;
  gboolean draw;
} TimeOut;

static const TimeOut time_outs[] = {
  /* The opponent has pieces that can mate: a loss. */
  { START_FEN, FALSE },
  { "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", FALSE },
  { "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", FALSE },
  /* A lone King never mates, whatever it faces. */
  { "4k3/8/8/8/8/8/8/4K3 w - - 0 1", TRUE },
  { "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1", TRUE },
  /* One Knight against a lone King cannot mate; against any other piece it can (that piece
   * hems its own King in). */
  { "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1", TRUE },
  { "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", TRUE },
  { "4k3/p7/8/8/8/8/8/1N2K3 b - - 0 1", FALSE },
  { "4k2q/8/8/8/8/8/8/1N2K3 b - - 0 1", FALSE },
  { "4k1n1/8/8/8/8/8/8/1N2K3 b - - 0 1", FALSE },
  /* Two Knights, a Knight and a Bishop, two Bishops of both shades: a mate exists. */
  { "4k3/8/8/8/8/8/8/1N2KN2 b - - 0 1", FALSE },
  { "4k3/8/8/8/8/8/8/1N2KB2 b - - 0 1", FALSE },
  { "4k3/8/8/8/8/8/8/2B1KB2 b - - 0 1", FALSE },
  /* Bishops of one shade (d1, f1 and c8 are light, b8 dark): only a piece that can stand on
   * the other shade helps them. */
  { "4k3/8/8/8/8/8/8/3BKB2 b - - 0 1", TRUE },
  { "4k3/8/8/8/8/8/8/4KB2 b - - 0 1", TRUE },
  { "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", TRUE },
  { "2b1k3/8/8/8/8/8/8/4KB2 b - - 0 1", TRUE },
  { "1b2k3/8/8/8/8/8/8/4KB2 b - - 0 1", FALSE },
  { "4k1n1/8/8/8/8/8/8/4KB2 b - - 0 1", FALSE },
  { "4k3/7p/8/8/8/8/8/4KB2 b - - 0 1", FALSE },
  { "r3k3/8/8/8/8/8/8/4KB2 b - - 0 1", FALSE },
};

/* FIDE 6.9 as the plugin approximates it (ch_has_mating_material): the side that runs out of
 * time loses unless the opponent could never mate. */
static void
test_time_out (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (time_outs); i++)
    {
      g_autoptr(CaturPosition) position = parse (time_outs[i].fen);
      CaturSide late = catur_variant_side_to_move (chess (), position);
      g_autofree char *how = NULL;
      CaturOutcome outcome;
      CaturMove move;

      g_test_message ("%s", time_outs[i].fen);
      g_assert_false (catur_variant_time_out (chess (), position, NULL, 1, &move, &outcome));
      g_assert_cmpint (outcome.reason, ==, CATUR_REASON_TIME_OUT);
      if (time_outs[i].draw)
        {
          g_assert_cmpint (outcome.result, ==, CATUR_RESULT_DRAW);
          g_assert_cmpint (outcome.winner, ==, CATUR_SIDE_NONE);
        }
      else
        {
          g_assert_cmpint (outcome.result, ==, CATUR_RESULT_WIN);
          g_assert_cmpint (outcome.winner, ==, catur_side_other (late));
        }

      how = catur_variant_describe_outcome (chess (), position, &outcome);
      if (!time_outs[i].draw)
        g_assert_cmpstr (how, ==, late == CATUR_SIDE_FIRST ? "White ran out of time"
                                                           : "Black ran out of time");
      else
        g_assert_cmpstr (how, ==, late == CATUR_SIDE_FIRST
                         ? "White ran out of time, but Black has too little left to checkmate"
                         : "Black ran out of time, but White has too little left to checkmate");
    }
}

/* The time limit is a setup option that the position keeps, given back to a position read
 * from a text by apply_options, and kept by every position played from it. */
static void
test_move_time_option (void)
{
  g_autoptr(CaturPosition) untimed = catur_variant_new_position (chess (), NULL, 0);
  g_autoptr(CaturPosition) timed = NULL;
  g_autoptr(CaturPosition) read = parse (START_FEN);
  g_autoptr(GVariant) options = NULL;
  const CaturSetupOption *declared;
  GVariantDict dict;
  CaturMove move;
  guint n;

  declared = catur_variant_get_setup_options (chess (), &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (declared[0].id, ==, "move-time");
  g_assert_cmpstr (declared[0].choices[0].value, ==, "off");
  /* The game clock follows the game's own options, "No Clock" first. */
  g_assert_cmpstr (declared[1].id, ==, CATUR_OPTION_CLOCK);
  g_assert_cmpstr (declared[1].choices[0].value, ==, "-");
  g_assert_cmpstr (declared[1].choices[1].value, ==, "60");

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-time", "s", "60");
  options = g_variant_ref_sink (g_variant_dict_end (&dict));
  timed = catur_variant_new_position (chess (), options, 0);
  g_assert_cmpuint (catur_variant_get_move_time (chess (), untimed), ==, 0);
  g_assert_cmpuint (catur_variant_get_move_time (chess (), timed), ==, 60);
  g_assert_cmpuint (catur_variant_get_move_time (chess (), read), ==, 0);
  catur_variant_apply_options (chess (), read, options);
  g_assert_cmpuint (catur_variant_get_move_time (chess (), read), ==, 60);

  g_assert_true (catur_variant_parse_move (chess (), timed, "e2e4", &move, NULL));
  catur_variant_play (chess (), timed, &move);
  {
    g_autoptr(CaturPosition) copy = catur_position_copy (timed);

    g_assert_cmpuint (catur_variant_get_move_time (chess (), copy), ==, 60);
  }
}

/* RULES C3: an en-passant square whose capture is illegal does not make a position new; one
 * whose capture is legal does. */
static void
test_repetition_en_passant (void)
{
  static const char * const walk = "a5a4 h8g8 a4a5 g8h8 a5a4 h8g8 a4a5 g8h8";
  CaturOutcome outcome;

  outcome_after ("7k/8/8/K2pP2q/8/8/8/8 w - d6 0 1", walk, &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpstr (catur_reason_to_id (outcome.reason), ==, "repetition");
  outcome_after ("7k/8/8/K2pP3/8/8/8/8 w - d6 0 1", walk, &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_ONGOING);
}

/* Every legal move of random games in SAN, figurine SAN and UCI reads back as itself. */
static void
test_notation_round_trips (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261201);
  const char *notations[] = { "san", "uci", "figurine" };
  guint checked = 0;

  for (int game = 0; game < 16; game++)
    {
      g_autoptr(CaturPosition) position = catur_variant_new_position (chess (), NULL, 0);

      for (int ply = 0; ply < 200; ply++)
        {
          g_autoptr(GArray) moves = catur_variant_legal_moves (chess (), position);

          if (moves->len == 0)
            break;
          for (guint i = 0; i < moves->len; i++)
            for (guint k = 0; k < G_N_ELEMENTS (notations); k++)
              {
                const CaturMove *move = &g_array_index (moves, CaturMove, i);
                g_autofree char *text = catur_variant_format_move (chess (), position, move,
                                                                  notations[k]);
                CaturMove back;

                if (!catur_variant_parse_move (chess (), position, text, &back, NULL)
                    || !catur_move_equal (&back, move))
                  g_error ("%s (%s) was not read back", text, notations[k]);
                checked++;
              }
          catur_variant_play (chess (), position,
                              &g_array_index (moves, CaturMove,
                                              g_rand_int_range (rand, 0, moves->len)));
        }
    }
  g_test_message ("%u moves written and read back", checked);
  g_assert_cmpuint (checked, >, 30000);
}

static void
expect_san (const char *fen, const char *uci, const char *san_text, const char *figurine)
{
  g_autoptr(CaturPosition) position = parse (fen);
  CaturMove move;
  g_autofree char *text = NULL, *figures = NULL, *coordinates = NULL;

  g_assert_true (catur_variant_parse_move (chess (), position, uci, &move, NULL));
  g_assert_true (catur_variant_is_legal (chess (), position, &move));
  text = catur_variant_format_move (chess (), position, &move, "san");
  figures = catur_variant_format_move (chess (), position, &move, "figurine");
  coordinates = catur_variant_format_move (chess (), position, &move, "uci");
  g_assert_cmpstr (text, ==, san_text);
  g_assert_cmpstr (figures, ==, figurine);
  g_assert_cmpstr (coordinates, ==, uci);
}

static void
expect_read (const char *fen, const char *text, const char *uci)
{
  g_autoptr(CaturPosition) position = parse (fen);
  CaturMove move;
  g_autofree char *coordinates = NULL;

  if (!catur_variant_parse_move (chess (), position, text, &move, NULL))
    g_error ("%s did not read", text);
  coordinates = catur_variant_format_move (chess (), position, &move, "uci");
  g_assert_cmpstr (coordinates, ==, uci);
}

static void
test_notation (void)
{
  g_autoptr(CaturPosition) start = parse (START_FEN);
  g_autoptr(GError) error = NULL;
  CaturMove move;
  guint n;
  const CaturNotationInfo *notations = catur_variant_list_notations (chess (), &n);

  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpstr (notations[0].id, ==, "san");
  g_assert_cmpstr (catur_variant_get_coordinate_notation (chess ()), ==, "uci");

  expect_san (START_FEN, "g1f3", "Nf3", "♞f3");
  expect_san ("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "b8c6", "Nc6",
              "♞c6");
  expect_san ("rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "e5d6", "exd6",
              "exd6");
  expect_san ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O", "O-O");
  expect_san ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O", "O-O-O");
  expect_san ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+", "b8=♛+");
  expect_san ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b8=N", "b8=♞");
  expect_san ("rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 1", "d1h5", "Qh5",
              "♛h5");
  expect_san ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7",
              "Qxf7#", "♛xf7#");
  expect_san ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+", "♜a8+");

  /* What other programs write. */
  expect_read (START_FEN, "Ng1f3", "g1f3");
  expect_read (START_FEN, "Ng1-f3", "g1f3");
  expect_read (START_FEN, "Ngf3", "g1f3");
  expect_read (START_FEN, "e4", "e2e4");
  expect_read (START_FEN, "e2-e4", "e2e4");
  expect_read (START_FEN, "♘f3", "g1f3");
  expect_read (START_FEN, "♞f3", "g1f3");
  expect_read ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1");
  expect_read ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O+", "e1c1");
  expect_read ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8Q", "b7b8q");
  expect_read ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8(N)", "b7b8n");
  expect_read ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8N", "b7b8n");
  expect_read ("rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "exd6 e.p.",
               "e5d6");
  expect_read ("rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "ed6", "e5d6");

  /* A coordinate move reads whether or not it is legal, so that explain() can say why not;
   * SAN only names legal moves. */
  g_assert_true (catur_variant_parse_move (chess (), start, "e2e5", &move, NULL));
  g_assert_false (catur_variant_is_legal (chess (), start, &move));
  g_assert_false (catur_variant_parse_move (chess (), start, "Nd4", &move, &error));
  g_assert_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_MOVE);
  g_clear_error (&error);
  g_assert_false (catur_variant_parse_move (chess (), start, "Ke4x", &move, NULL));
  g_assert_false (catur_variant_parse_move (chess (), start, "zz", &move, NULL));
  g_assert_false (catur_variant_parse_move (chess (), start, "", &move, NULL));
  /* Two knights could go to d2: "Nd2" names none. */
  {
    g_autoptr(CaturPosition) knights = parse ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");

    g_assert_false (catur_variant_parse_move (chess (), knights, "Nd2", &move, NULL));
  }
}

/* input_moves: the king onto its own rook castles, two squares too; a promotion is a choice
 * of four; move_effects gives the rook's way and the square an en-passant capture takes. */
static void
test_input_and_effects (void)
{
  g_autoptr(CaturPosition) castling = parse ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  g_autoptr(CaturPosition) promotion = parse ("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  g_autoptr(CaturPosition) en_passant =
    parse ("rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
  g_autoptr(GArray) moves = NULL;
  CaturMoveEffects effects;
  CaturMove move;

  moves = catur_variant_input_moves (chess (), castling, sq ("e1"), sq ("h1"));
  g_assert_cmpuint (moves->len, ==, 1);
  move = g_array_index (moves, CaturMove, 0);
  g_assert_cmpint (move.to, ==, sq ("g1"));
  g_assert_cmpint (move.flags, ==, CATUR_MOVE_CASTLE);
  catur_variant_move_effects (chess (), castling, &move, &effects);
  g_assert_cmpint (effects.second_from, ==, sq ("h1"));
  g_assert_cmpint (effects.second_to, ==, sq ("f1"));
  g_assert_cmpint (effects.captured, ==, CATUR_SQUARE_NONE);
  g_clear_pointer (&moves, g_array_unref);

  moves = catur_variant_input_moves (chess (), castling, sq ("e1"), sq ("c1"));
  g_assert_cmpuint (moves->len, ==, 1);
  move = g_array_index (moves, CaturMove, 0);
  catur_variant_move_effects (chess (), castling, &move, &effects);
  g_assert_cmpint (effects.second_from, ==, sq ("a1"));
  g_assert_cmpint (effects.second_to, ==, sq ("d1"));
  g_clear_pointer (&moves, g_array_unref);

  moves = catur_variant_input_moves (chess (), castling, sq ("e1"), sq ("a1"));
  g_assert_cmpuint (moves->len, ==, 1);
  g_assert_cmpint (g_array_index (moves, CaturMove, 0).to, ==, sq ("c1"));
  g_clear_pointer (&moves, g_array_unref);

  moves = catur_variant_input_moves (chess (), promotion, sq ("a7"), sq ("b8"));
  g_assert_cmpuint (moves->len, ==, 4);
  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove *promote = &g_array_index (moves, CaturMove, i);

      g_assert_cmpint (promote->flags, ==, CATUR_MOVE_PROMOTE);
      catur_variant_move_effects (chess (), promotion, promote, &effects);
      g_assert_cmpint (effects.captured, ==, sq ("b8"));
    }
  g_clear_pointer (&moves, g_array_unref);

  moves = catur_variant_input_moves (chess (), en_passant, sq ("e5"), sq ("d6"));
  g_assert_cmpuint (moves->len, ==, 1);
  move = g_array_index (moves, CaturMove, 0);
  catur_variant_move_effects (chess (), en_passant, &move, &effects);
  g_assert_cmpint (effects.captured, ==, sq ("d5"));
  g_assert_cmpint (effects.second_from, ==, CATUR_SQUARE_NONE);
}

/* The pieces' names, images and letters, and the themes. */
static void
test_pieces_and_themes (void)
{
  CaturPiece knight = { CH_KNIGHT, CATUR_SIDE_SECOND, 0 };
  g_autofree char *name = catur_variant_get_piece_name (chess (), &knight);
  g_autofree char *letter = catur_variant_get_piece_letter (chess (), &knight);
  g_autoptr(GPtrArray) pieces = catur_variant_list_piece_themes (chess ());
  g_autoptr(GPtrArray) boards = catur_variant_list_board_themes (chess ());

  g_assert_cmpstr (name, ==, "Knight");
  g_assert_cmpstr (letter, ==, "n");
  g_assert_cmpstr (catur_variant_get_piece_image (chess (), &knight), ==, "black-knight.svg");
  g_assert_cmpuint (pieces->len, >=, 2);
  g_assert_cmpstr (((CaturThemeInfo *) pieces->pdata[0])->id, ==, "classic");
  g_assert_cmpuint (boards->len, ==, 3);
  g_assert_cmpstr (((CaturThemeInfo *) boards->pdata[0])->id, ==, "classic");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chess/explanations", test_explanations);
  g_test_add_func ("/chess/explanations-legal", test_explanations_legal);
  g_test_add_func ("/chess/explanations-complete", test_explanations_complete);
  g_test_add_func ("/chess/fen-rejections", test_fen_rejections);
  g_test_add_func ("/chess/fen-conventions", test_fen_conventions);
  g_test_add_func ("/chess/status", test_status);
  g_test_add_func ("/chess/time-out", test_time_out);
  g_test_add_func ("/chess/move-time-option", test_move_time_option);
  g_test_add_func ("/chess/repetition-en-passant", test_repetition_en_passant);
  g_test_add_func ("/chess/notation", test_notation);
  g_test_add_func ("/chess/notation-round-trips", test_notation_round_trips);
  g_test_add_func ("/chess/input-and-effects", test_input_and_effects);
  g_test_add_func ("/chess/pieces-and-themes", test_pieces_and_themes);
  return g_test_run ();
}
