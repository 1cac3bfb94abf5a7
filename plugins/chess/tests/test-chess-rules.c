/* test-chess-rules.c: moves, perft, keys and the CT tests of the chess core (RULES.md §3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "chess-test.h"

static int
count_moves (ChessPosition *pos)
{
  ChessMove moves[CH_MAX_MOVES];

  return ch_legal_moves (pos, moves);
}

static gboolean
has_move (ChessPosition *pos, const char *uci)
{
  int from, to;
  ChessKind promo;

  g_assert_true (ch_parse_uci (uci, &from, &to, &promo));
  return ch_find_move (pos, from, to, promo) != CH_MOVE_NONE;
}

typedef struct
{
  const char *fen;
  guint64 nodes[5];   /* depths 1.. until a 0 */
} PerftCase;

/* Published counts (chessprogramming.org's Perft Results), kept shallow for the unit suite;
 * the slow suite goes deeper. */
static const PerftCase perft_cases[] = {
  { START_FEN, { 20, 400, 8902, 197281 } },
  { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", { 48, 2039, 97862 } },
  { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", { 14, 191, 2812, 43238 } },
  { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", { 6, 264, 9467 } },
  { "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", { 6, 264, 9467 } },
  { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", { 44, 1486, 62379 } },
  { "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    { 46, 2079, 89890 } },
};

static void
test_perft (gconstpointer data)
{
  const PerftCase *c = data;
  g_autofree ChessPosition *pos = load (c->fen);
  g_autofree char *before = ch_position_to_fen (pos);

  for (int depth = 1; depth <= 5 && c->nodes[depth - 1] != 0; depth++)
    g_assert_cmpuint (ch_perft (pos, depth), ==, c->nodes[depth - 1]);
  /* Perft makes and unmakes every move: the position is as it was, key included. */
  {
    g_autofree char *after = ch_position_to_fen (pos);

    g_assert_cmpstr (after, ==, before);
    g_assert_cmpuint (pos->key, ==, ch_position_compute_key (pos));
  }
}

/* Walks the tree and checks at every node that the incremental key is the key from scratch. */
static void
check_keys (ChessPosition *pos, int depth)
{
  ChessMove moves[CH_MAX_MOVES];
  int n = ch_legal_moves (pos, moves);

  g_assert_cmpuint (pos->key, ==, ch_position_compute_key (pos));
  if (depth == 0)
    return;
  for (int i = 0; i < n; i++)
    {
      ChessUndo undo;

      ch_make (pos, moves[i], &undo);
      check_keys (pos, depth - 1);
      ch_unmake (pos, moves[i], &undo);
    }
}

static void
test_incremental_key (void)
{
  g_autofree ChessPosition *kiwipete =
    load ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  g_autofree ChessPosition *ep = load ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");

  check_keys (kiwipete, 3);
  check_keys (ep, 4);
}

/* CT1: perft 20 / 400 / 8902 from the start. */
static void
test_ct1 (void)
{
  ChessPosition pos;

  ch_position_init_start (&pos);
  g_assert_cmpuint (ch_perft (&pos, 1), ==, 20);
  g_assert_cmpuint (ch_perft (&pos, 2), ==, 400);
  g_assert_cmpuint (ch_perft (&pos, 3), ==, 8902);
}

/* CT2: exd6 e.p. is illegal when both pawns leaving the rank open it to the queen. */
static void
test_ct2 (void)
{
  g_autofree ChessPosition *pinned = load ("7k/8/8/K2pP2q/8/8/8/8 w - d6 0 1");
  g_autofree ChessPosition *free_ = load ("7k/8/8/K2pP3/8/8/8/8 w - d6 0 1");

  g_assert_false (has_move (pinned, "e5d6"));
  g_assert_cmpint (count_moves (pinned), ==, 6);
  g_assert_true (has_move (free_, "e5d6"));
  g_assert_cmpint (count_moves (free_), ==, 7);
}

/* CT3: O-O-O is legal although b1 is attacked. */
static void
test_ct3 (void)
{
  g_autofree ChessPosition *pos = load ("1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");

  g_assert_true (has_move (pos, "e1c1"));
  g_assert_cmpint (count_moves (pos), ==, 26);
}

/* CT4: O-O is illegal with f1 attacked. */
static void
test_ct4 (void)
{
  g_autofree ChessPosition *pos = load ("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");

  g_assert_false (has_move (pos, "e1g1"));
  g_assert_true (has_move (pos, "e1c1"));
  g_assert_cmpint (count_moves (pos), ==, 23);
}

/* CT5: stalemate is a draw. */
static void
test_ct5 (void)
{
  g_autofree ChessPosition *pos = load ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");

  g_assert_cmpint (ch_status (pos), ==, CH_STALEMATE);
}

/* CT6: on the hundredth ply Ra8# mates; any other move draws by the fifty-move rule. */
static void
test_ct6 (void)
{
  g_autofree ChessPosition *pos = load ("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
  ChessMove moves[CH_MAX_MOVES];
  int n = ch_legal_moves (pos, moves);

  g_assert_cmpint (ch_status (pos), ==, CH_ONGOING);
  for (int i = 0; i < n; i++)
    {
      ChessUndo undo;
      char uci[8];

      ch_move_to_uci (moves[i], uci);
      ch_make (pos, moves[i], &undo);
      g_assert_cmpint (ch_status (pos), ==, g_str_equal (uci, "a1a8") ? CH_CHECKMATE
                                                                     : CH_FIFTY_MOVE);
      ch_unmake (pos, moves[i], &undo);
    }
}

/* CT7: K+B v K+B on one colour is drawn at once; on opposite colours play goes on. */
static void
test_ct7 (void)
{
  g_autofree ChessPosition *same = load ("8/8/8/4k3/2b5/8/8/4KB2 w - - 0 1");
  g_autofree ChessPosition *opposite = load ("8/8/8/4k3/8/2b5/8/4KB2 w - - 0 1");

  g_assert_cmpint (ch_status (same), ==, CH_INSUFFICIENT_MATERIAL);
  g_assert_cmpint (ch_status (opposite), ==, CH_ONGOING);
}

/* CT8: b8=N leaves K+N v K, a draw; b8=Q+ plays on. */
static void
test_ct8 (void)
{
  g_autofree ChessPosition *pos = load ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  ChessUndo undo;
  ChessMove knight = mv (pos, "b7b8n"), queen = mv (pos, "b7b8q");
  g_autofree char *queen_san = san (pos, "b7b8q");

  ch_make (pos, knight, &undo);
  g_assert_cmpint (ch_status (pos), ==, CH_INSUFFICIENT_MATERIAL);
  ch_unmake (pos, knight, &undo);
  g_assert_cmpstr (queen_san, ==, "b8=Q+");
  ch_make (pos, queen, &undo);
  g_assert_cmpint (ch_status (pos), ==, CH_ONGOING);
  ch_unmake (pos, queen, &undo);
}

/* CT9 in the core's part: after Nf3 Nf6 Ng1 Ng8 twice the start's repetition key comes back,
 * equal to the start's (the count is the plugin's, over the game's record: test-chess-status). */
static void
test_ct9_keys (void)
{
  ChessPosition pos;
  guint64 start;
  int seen = 1;
  const char *plies[] = { "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8" };

  ch_position_init_start (&pos);
  start = ch_repetition_key (&pos);
  for (guint i = 0; i < G_N_ELEMENTS (plies); i++)
    {
      play_uci (&pos, plies[i]);
      if (ch_repetition_key (&pos) == start)
        seen++;
    }
  g_assert_cmpint (seen, ==, 3);
}

/* CT10–CT13: SAN disambiguates only among the pieces that can legally reach the square. */
static void
test_ct10 (void)
{
  g_autofree ChessPosition *pos = load ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  g_autofree char *b = san (pos, "b1d2");
  g_autofree char *f = san (pos, "f3d2");

  g_assert_cmpstr (b, ==, "Nbd2");
  g_assert_cmpstr (f, ==, "Nfd2");
}

static void
test_ct11 (void)
{
  g_autofree ChessPosition *pos = load ("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
  g_autofree char *one = san (pos, "a1a3");
  g_autofree char *five = san (pos, "a5a3");

  g_assert_cmpstr (one, ==, "R1a3");
  g_assert_cmpstr (five, ==, "R5a3");
}

static void
test_ct12 (void)
{
  g_autofree ChessPosition *pos = load ("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
  g_autofree char *a1 = san (pos, "a1b2");
  g_autofree char *a3 = san (pos, "a3b2");
  g_autofree char *c1 = san (pos, "c1b2");

  g_assert_cmpstr (a1, ==, "Qa1b2");
  g_assert_cmpstr (a3, ==, "Q3b2");
  g_assert_cmpstr (c1, ==, "Qcb2");
}

static void
test_ct13 (void)
{
  g_autofree ChessPosition *pos = load ("4k3/8/8/8/8/5N2/8/rN2K3 w - - 0 1");
  g_autofree char *f = san (pos, "f3d2");

  g_assert_false (has_move (pos, "b1d2"));
  g_assert_cmpstr (f, ==, "Nd2");
}

/* Castling moves the rook, takes the rights, and unmake puts everything back. */
static void
test_castling_make (void)
{
  g_autofree ChessPosition *pos = load ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  ChessMove move = mv (pos, "e1g1");
  ChessUndo undo;
  g_autofree char *after = NULL;

  g_assert_cmpint (CH_MOVE_TYPE (move), ==, CH_MOVE_CASTLING);
  ch_make (pos, move, &undo);
  after = ch_position_to_fen (pos);
  g_assert_cmpstr (after, ==, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  ch_unmake (pos, move, &undo);
  g_clear_pointer (&after, g_free);
  after = ch_position_to_fen (pos);
  g_assert_cmpstr (after, ==, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");

  /* Capturing a rook on its square takes that side's right from its owner. */
  g_clear_pointer (&pos, g_free);
  pos = load ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play_uci (pos, "a1a8");
  g_clear_pointer (&after, g_free);
  after = ch_position_to_fen (pos);
  g_assert_cmpstr (after, ==, "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

/* The en-passant square is written after every double step, and the key counts it only when
 * a capture is legal (RULES C3, C6). */
static void
test_en_passant_field (void)
{
  ChessPosition pos;
  guint64 key_after_e4;
  g_autofree char *fen = NULL;
  ChessPosition again;

  ch_position_init_start (&pos);
  play_uci (&pos, "e2e4");
  fen = ch_position_to_fen (&pos);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  key_after_e4 = ch_repetition_key (&pos);
  g_assert_true (ch_position_from_fen (&again,
                                       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                       NULL));
  g_assert_cmpuint (ch_repetition_key (&again), ==, key_after_e4);

  /* A pawn beside that cannot take (pinned): no legal capture, the same key as without. */
  {
    g_autofree ChessPosition *pinned = load ("7k/8/8/K2pP2q/8/8/8/8 w - d6 0 1");
    g_autofree ChessPosition *none = load ("7k/8/8/K2pP2q/8/8/8/8 w - - 0 1");
    g_autofree ChessPosition *open = load ("7k/8/8/K2pP3/8/8/8/8 w - d6 0 1");
    g_autofree ChessPosition *open_none = load ("7k/8/8/K2pP3/8/8/8/8 w - - 0 1");

    g_assert_cmpuint (ch_repetition_key (pinned), ==, ch_repetition_key (none));
    g_assert_cmpuint (ch_repetition_key (open), !=, ch_repetition_key (open_none));
  }
}

/* Every promotion piece is generated, and unmake gives the pawn back. */
static void
test_promotion (void)
{
  g_autofree ChessPosition *pos = load ("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  const char *expect[] = { "a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b",
                           "a7b8n" };

  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    g_assert_true (has_move (pos, expect[i]));
  g_assert_false (has_move (pos, "a7a8"));
  {
    ChessMove move = mv (pos, "a7b8n");
    ChessUndo undo;

    ch_make (pos, move, &undo);
    g_assert_cmpint (ch_piece_at (pos, sq ("b8"), NULL), ==, CH_KNIGHT);
    ch_unmake (pos, move, &undo);
    g_assert_cmpint (ch_piece_at (pos, sq ("a7"), NULL), ==, CH_PAWN);
    g_assert_cmpint (ch_piece_at (pos, sq ("b8"), NULL), ==, CH_KNIGHT);
  }
}


/* What the computer player will count on: the captures' generator gives exactly the legal
 * captures and queen promotions, a null move and ch_gives_check() agree with playing, and the
 * attackers of a square see through a removed piece (an exchange's x-ray). */
static void
test_engine_helpers (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  guint positions = 0;

  for (int game = 0; game < 40; game++)
    {
      ChessPosition pos;

      ch_position_init_start (&pos);
      for (int ply = 0; ply < 150; ply++, positions++)
        {
          ChessMove moves[CH_MAX_MOVES], captures[CH_MAX_MOVES];
          int n = ch_legal_moves (&pos, moves);
          int n_captures = ch_generate_captures (&pos, captures);
          int expected = 0;
          ChessUndo undo;

          for (int i = 0; i < n; i++)
            {
              ChessMove m = moves[i];
              gboolean capture = pos.board[CH_MOVE_TO (m)] != 0
                                 || CH_MOVE_TYPE (m) == CH_MOVE_EN_PASSANT;
              gboolean queening = CH_MOVE_TYPE (m) == CH_MOVE_PROMOTION
                                  && CH_MOVE_PROMO (m) == CH_QUEEN;
              gboolean found = FALSE;
              gboolean check;

              for (int k = 0; k < n_captures; k++)
                found |= captures[k] == m;
              g_assert_cmpint (found, ==, capture || queening);
              expected += capture || queening;

              check = ch_gives_check (&pos, m);
              ch_make (&pos, m, &undo);
              g_assert_cmpint (check, ==, ch_in_check (&pos));
              ch_unmake (&pos, m, &undo);
            }
          g_assert_cmpint (n_captures, ==, expected);
          if (n == 0)
            break;
          if (!ch_in_check (&pos))
            {
              guint64 key = pos.key;

              ch_make_null (&pos, &undo);
              g_assert_cmpuint (pos.key, ==, ch_position_compute_key (&pos));
              ch_unmake_null (&pos, &undo);
              g_assert_cmpuint (pos.key, ==, key);
            }
          ch_make (&pos, moves[g_rand_int_range (rand, 0, n)], &undo);
        }
    }
  g_assert_cmpuint (positions, >, 2000);

  /* The rook on d1 is behind the queen on d2: it attacks d5 once the queen has gone. */
  {
    g_autofree ChessPosition *pos = load ("4k3/8/8/3p4/8/8/3Q4/3RK3 w - - 0 1");
    guint64 occupied = ch_occupied (pos);

    g_assert_cmpuint (ch_attackers_to (pos, sq ("d5"), occupied) & pos->by_side[CH_WHITE], ==,
                      CH_BIT (sq ("d2")));
    g_assert_cmpuint (ch_attackers_to (pos, sq ("d5"), occupied ^ CH_BIT (sq ("d2")))
                      & pos->by_side[CH_WHITE], ==, CH_BIT (sq ("d1")));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (perft_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/chess/perft/%u", i + 1);

      g_test_add_data_func (path, &perft_cases[i], test_perft);
    }
  g_test_add_func ("/chess/incremental-key", test_incremental_key);
  g_test_add_func ("/chess/ct1", test_ct1);
  g_test_add_func ("/chess/ct2", test_ct2);
  g_test_add_func ("/chess/ct3", test_ct3);
  g_test_add_func ("/chess/ct4", test_ct4);
  g_test_add_func ("/chess/ct5", test_ct5);
  g_test_add_func ("/chess/ct6", test_ct6);
  g_test_add_func ("/chess/ct7", test_ct7);
  g_test_add_func ("/chess/ct8", test_ct8);
  g_test_add_func ("/chess/ct9-keys", test_ct9_keys);
  g_test_add_func ("/chess/ct10", test_ct10);
  g_test_add_func ("/chess/ct11", test_ct11);
  g_test_add_func ("/chess/ct12", test_ct12);
  g_test_add_func ("/chess/ct13", test_ct13);
  g_test_add_func ("/chess/castling-make", test_castling_make);
  g_test_add_func ("/chess/en-passant-field", test_en_passant_field);
  g_test_add_func ("/chess/promotion", test_promotion);
  g_test_add_func ("/chess/engine-helpers", test_engine_helpers);
  return g_test_run ();
}
