/* test-chess-engine.c: the computer player: mates, draws, levels, legality, cancelling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The mates were confirmed by Debian's Stockfish 15.1 ("score mate N" at depth 14). No test
 * measures time: limits are depths and nodes, and a cancelled search is shown to stop by being
 * one that would otherwise never end.
 */

#include "chess-engine.h"
#include "chess-pgn.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* Kiwipete, the perft position with every kind of move. */
#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

static ChessPosition *
load (const char *fen,
      const char *moves)
{
  g_autoptr(GError) error = NULL;
  ChessPosition *pos = g_new0 (ChessPosition, 1);

  if (!ch_position_from_fen (pos, fen, &error))
    g_error ("%s: %s", fen, error->message);
  if (moves != NULL)
    {
      g_auto(GStrv) words = g_strsplit (moves, " ", -1);

      for (guint i = 0; words[i] != NULL; i++)
        {
          int from, to;
          ChessKind promo;
          ChessMove move;
          ChessUndo undo;

          g_assert_true (ch_parse_uci (words[i], &from, &to, &promo));
          move = ch_find_move (pos, from, to, promo);
          g_assert_true (move != CH_MOVE_NONE);
          ch_make (pos, move, &undo);
        }
    }
  return pos;
}

/* The record of a game from @fen through @moves, keyed as the chess variant keys it
 * (ch_repetition_key()). */
static CaturRepetition *
load_history (const char *fen,
              const char *moves)
{
  g_autofree ChessPosition *pos = load (fen, NULL);
  g_auto(GStrv) words = g_strsplit (moves, " ", -1);
  CaturRepetition *history = catur_repetition_new (ch_repetition_key (pos), 0);

  for (guint i = 0; words[i] != NULL; i++)
    {
      int from, to;
      ChessKind promo;
      ChessUndo undo;
      CaturSide mover = pos->side;

      g_assert_true (ch_parse_uci (words[i], &from, &to, &promo));
      ch_make (pos, ch_find_move (pos, from, to, promo), &undo);
      catur_repetition_push (history, ch_repetition_key (pos), mover, 0);
    }
  return history;
}

static void
think_full (ChessPosition           *pos,
            const CaturSearchLimits *limits,
            CaturSearchResult       *result)
{
  g_assert_true (ch_engine_think (pos, limits, NULL, NULL, NULL, result));
}

static void
think (ChessPosition     *pos,
       CaturLevel         level,
       guint              depth,
       guint64            nodes,
       guint64            seed,
       CaturSearchResult *result)
{
  CaturSearchLimits limits;

  catur_search_limits_init (&limits, level);
  limits.depth = depth;
  limits.nodes = nodes;
  limits.seed = seed;
  limits.hash_mb = 4;
  think_full (pos, &limits, result);
}

static void
assert_move (ChessPosition           *pos,
             const CaturSearchResult *result,
             const char              *expected)
{
  char text[16];
  ChessMove move;

  g_assert_true (result->has_move);
  move = ch_engine_code_move (pos, catur_move_pack (&result->move));
  g_assert_true (ch_is_legal (pos, move));
  ch_move_to_uci (move, text);
  g_assert_cmpstr (text, ==, expected);
}

typedef struct
{
  const char *fen;
  const char *move;
  int mate;                    /* in moves of the side to move */
} Mate;

static void
test_mates (void)
{
  static const Mate mates[] = {
    /* The back rank. */
    { "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1 },
    { "3r2k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "d8d1", 1 },
    /* Scholar's mate. */
    { "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1 },
    /* A knight's sacrifice opens the diagonal: Nf6+ gxf6 Bxf7#. */
    { "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 2 },
    /* A rook's sacrifice for Black: Rg1+ Kxg1 Rf1#. */
    { "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", "g2g1", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (mates); i++)
    {
      g_autofree ChessPosition *pos = load (mates[i].fen, NULL);
      CaturSearchResult result;

      think (pos, CATUR_LEVEL_MASTER, 2 * mates[i].mate + 1, 0, 1, &result);
      assert_move (pos, &result, mates[i].move);
      g_assert_cmpint (result.mate, ==, mates[i].mate);
      g_assert_cmpint (result.score, ==, CATUR_SCORE_MATE - (2 * mates[i].mate - 1));
    }
}

/* A quiet first move: 1. Kg6 (or Kf7) and mate next. */
static void
test_quiet_mate_in_two (void)
{
  g_autofree ChessPosition *pos = load ("7k/8/5K2/8/8/8/8/R7 w - - 0 1", NULL);
  CaturSearchResult result;

  think (pos, CATUR_LEVEL_MASTER, 5, 0, 1, &result);
  g_assert_true (result.has_move);
  g_assert_cmpint (result.mate, ==, 2);
}

static void
test_no_move (void)
{
  static const char * const ends[] = {
    /* Fool's mate, and a stalemate. */
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      g_autofree ChessPosition *pos = load (ends[i], NULL);
      CaturSearchResult result;

      think (pos, CATUR_LEVEL_MASTER, 4, 0, 1, &result);
      g_assert_false (result.has_move);
    }
}

/* Stalemate is a draw (RULES C2): with mate and stalemate a move apart, the mate. */
static void
test_mate_not_stalemate (void)
{
  /* Qg6 would stalemate the king on h8; Qg7, guarded by the king, mates. */
  g_autofree ChessPosition *pos = load ("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", NULL);
  /* Taking the rook stalemates; Qh1+ mates in two. */
  g_autofree ChessPosition *greedy = load ("k7/p1K5/P7/4r3/8/8/8/4Q3 w - - 0 1", NULL);
  CaturSearchResult result;
  char text[16];

  for (guint depth = 1; depth <= 4; depth++)
    {
      think (pos, CATUR_LEVEL_MASTER, depth, 0, 1, &result);
      assert_move (pos, &result, "g1g7");
      g_assert_cmpint (result.mate, ==, 1);

      think (greedy, CATUR_LEVEL_MASTER, depth, 0, 1, &result);
      ch_move_to_uci (ch_engine_code_move (greedy, catur_move_pack (&result.move)), text);
      g_assert_cmpstr (text, !=, "e1e5");
      if (depth >= 3)
        g_assert_cmpint (result.mate, ==, 2);
    }
}

/* The 50-move rule (RULES C4): one ply before the hundredth, only a mate or an irreversible
 * move escapes the draw. */
static void
test_fifty_moves (void)
{
  g_autofree ChessPosition *fresh = load ("8/8/8/4k3/8/8/8/3QK3 w - - 0 1", NULL);
  g_autofree ChessPosition *late = load ("8/8/8/4k3/8/8/8/3QK3 w - - 99 80", NULL);
  g_autofree ChessPosition *mate = load ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80", NULL);
  CaturSearchResult result;

  think (fresh, CATUR_LEVEL_MASTER, 6, 0, 1, &result);
  g_assert_cmpint (result.score, >, 500);
  think (late, CATUR_LEVEL_MASTER, 6, 0, 1, &result);
  g_assert_cmpint (result.score, ==, 0);
  think (mate, CATUR_LEVEL_MASTER, 3, 0, 1, &result);
  assert_move (mate, &result, "d1d8");
  g_assert_cmpint (result.mate, ==, 1);
}

/* Black, a rook down, can go back to a position of the game: with the game's record the
 * search sees the repetition and takes it; without, it sees only a lost ending. */
static void
test_repetition (void)
{
  const char *start = "8/8/8/4k3/8/8/8/R3K3 b - - 0 1";
  const char *moves = "e5e6 a1a2 e6e5 a2a1";
  g_autofree ChessPosition *pos = load (start, moves);
  g_autoptr(CaturRepetition) history = load_history (start, moves);
  CaturSearchLimits limits;
  CaturSearchResult result;

  think (pos, CATUR_LEVEL_MASTER, 6, 0, 1, &result);
  g_assert_cmpint (result.score, <, -300);

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.depth = 6;
  limits.hash_mb = 4;
  limits.history = history;
  think_full (pos, &limits, &result);
  g_assert_cmpint (result.score, ==, 0);
  assert_move (pos, &result, "e5e6");
}

/* The search never plays an illegal move, at any level, in positions of every kind: random
 * games from the start, and positions with few legal moves or few pieces. */
static void
test_legal_everywhere (void)
{
  static const char * const sparse[] = {
    "8/8/8/8/8/8/8/K1k5 w - - 0 1",
    "7k/8/8/8/8/8/8/K7 b - - 99 120",
    "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
    "8/8/8/8/8/2k5/1p6/K7 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "8/1P6/8/8/8/8/6k1/K7 w - - 0 1",
    "4k3/4q3/8/8/8/8/8/4K3 w - - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  guint searched = 0;

  for (guint i = 0; i < G_N_ELEMENTS (sparse); i++)
    for (int level = 0; level < CATUR_N_LEVELS; level++)
      {
        g_autofree ChessPosition *pos = load (sparse[i], NULL);
        ChessMove moves[CH_MAX_MOVES];
        CaturSearchResult result;
        int n = ch_legal_moves (pos, moves);

        think (pos, level, 0, 20000, i, &result);
        g_assert_cmpint (result.has_move, ==, n > 0);
        if (n > 0)
          g_assert_true (ch_is_legal (pos, ch_engine_code_move (pos,
                                                                catur_move_pack (&result.move))));
        searched++;
      }

  for (guint game = 0; game < 16; game++)
    {
      g_autofree ChessPosition *pos = load (START, NULL);

      for (guint ply = 0; ply < 120; ply++)
        {
          ChessMove moves[CH_MAX_MOVES];
          CaturSearchResult result;
          ChessMove move;
          ChessUndo undo;
          int n = ch_legal_moves (pos, moves);

          if (n == 0 || ch_status (pos) != CH_ONGOING)
            break;
          /* Every fourth ply searched at one of the levels, the others at random. */
          if (ply % 4 == 0)
            {
              think (pos, (ply / 4 + game) % CATUR_N_LEVELS, 0, 4000, ply, &result);
              g_assert_true (result.has_move);
              move = ch_engine_code_move (pos, catur_move_pack (&result.move));
              g_assert_true (ch_is_legal (pos, move));
              g_assert_cmpuint (ch_engine_move_code (move), ==, catur_move_pack (&result.move));
              searched++;
            }
          else
            move = moves[g_rand_int_range (rand, 0, n)];
          /* The search's codes are the variant's moves, and read back the same. */
          for (int i = 0; i < n; i++)
            {
              CaturMove as_variant = ch_to_catur_move (moves[i]);
              guint32 code = ch_engine_move_code (moves[i]);

              g_assert_cmpuint (code, ==, catur_move_pack (&as_variant));
              g_assert_cmpuint (ch_engine_code_move (pos, code), ==, moves[i]);
            }
          ch_make (pos, move, &undo);
        }
    }
  g_assert_cmpuint (searched, >, 150);
}

/* Beginner never gives its queen away for nothing, whatever its random pick and even when it
 * overlooks knights: attacked by a pawn or by a knight, she goes where no pawn or minor piece
 * takes her. */
static void
test_beginner_keeps_the_queen (void)
{
  static const char * const attacked[] = {
    "rnb1kbnr/pp1ppppp/8/2p5/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq - 0 3",
    "r1bqkb1r/pppppppp/2n5/4Q3/8/8/PPPP1PPP/RNB1KBNR w KQkq - 0 4",
  };

  for (guint i = 0; i < G_N_ELEMENTS (attacked); i++)
    {
      g_autofree ChessPosition *pos = load (attacked[i], NULL);

      for (guint seed = 0; seed < 40; seed++)
        {
          CaturSearchResult result;
          ChessMove move;
          ChessUndo undo;
          guint64 queen, cheap;

          think (pos, CATUR_LEVEL_BEGINNER, 0, 0, seed, &result);
          move = ch_engine_code_move (pos, catur_move_pack (&result.move));
          g_assert_true (ch_is_legal (pos, move));
          ch_make (pos, move, &undo);
          queen = ch_pieces (pos, CH_WHITE, CH_QUEEN);
          g_assert_cmpint (ch_pop_count (queen), ==, 1);
          cheap = pos->by_side[CH_BLACK] & (pos->by_kind[CH_PAWN] | pos->by_kind[CH_KNIGHT]
                                            | pos->by_kind[CH_BISHOP]);
          g_assert_cmpuint (ch_attackers_to (pos, ch_bit_scan (queen), ch_occupied (pos)) & cheap,
                            ==, 0);
          ch_unmake (pos, move, &undo);
        }
    }
}

/* The static exchange: a pawn for a guarded knight loses, a free piece wins. */
static void
test_see (void)
{
  g_autofree ChessPosition *pos = load ("4k3/8/3p4/4n3/8/5N2/8/4K3 w - - 0 1", NULL);
  g_autofree ChessPosition *free_piece = load ("4k3/8/8/4n3/8/5N2/8/4K3 w - - 0 1", NULL);
  ChessMove take = ch_find_move (pos, CH_SQ (5, 2), CH_SQ (4, 4), CH_NONE);

  g_assert_cmpint (ch_engine_see (pos, take), ==, 0);
  take = ch_find_move (free_piece, CH_SQ (5, 2), CH_SQ (4, 4), CH_NONE);
  g_assert_cmpint (ch_engine_see (free_piece, take), ==, ch_piece_value[CH_KNIGHT]);
}

/* The exchange goes on through the pieces the captures uncover: the rook behind the rook
 * makes taking the guarded pawn pay; alone, it loses the rook for the pawn. */
static void
test_see_x_ray (void)
{
  g_autofree ChessPosition *doubled = load ("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", NULL);
  g_autofree ChessPosition *single = load ("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", NULL);
  ChessMove take = ch_find_move (doubled, CH_SQ (3, 1), CH_SQ (3, 4), CH_NONE);

  g_assert_cmpint (ch_engine_see (doubled, take), ==, ch_piece_value[CH_PAWN]);
  take = ch_find_move (single, CH_SQ (3, 1), CH_SQ (3, 4), CH_NONE);
  g_assert_cmpint (ch_engine_see (single, take), ==,
                   ch_piece_value[CH_PAWN] - ch_piece_value[CH_ROOK]);
}

/* @fen with the board turned over and the colours swapped: White's pieces become Black's on
 * the mirrored squares, and the other side moves. Castling and en passant are dropped, as
 * the positions below have none. */
static char *
mirror_fen (const char *fen)
{
  g_auto(GStrv) fields = g_strsplit (fen, " ", -1);
  g_auto(GStrv) ranks = g_strsplit (fields[0], "/", -1);
  g_autoptr(GString) board = g_string_new (NULL);

  for (int r = (int) g_strv_length (ranks) - 1; r >= 0; r--)
    {
      for (const char *c = ranks[r]; *c != '\0'; c++)
        g_string_append_c (board, g_ascii_isupper (*c) ? g_ascii_tolower (*c)
                                                       : g_ascii_toupper (*c));
      if (r > 0)
        g_string_append_c (board, '/');
    }
  return g_strdup_printf ("%s %s - - 0 1", board->str, g_str_equal (fields[1], "w") ? "b" : "w");
}

/* The evaluation favours neither colour: a position and its mirror, with the other side to
 * move, score the same for the side to move. Threats, safe checks and the king's zone are
 * worked out for each side apart, so a slip in one side's squares shows here. */
static void
test_eval_mirrored (void)
{
  static const char *const fens[] = {
    START,
    KIWIPETE,
    /* Both kings exposed to checks, pieces en prise on both sides. */
    "r1b2rk1/pp3ppp/2n1p3/q2pP1N1/3P2n1/P1PB4/2Q2PPP/R1B2RK1 w - - 0 1",
    "2kr3r/ppp2ppp/2n5/2b1p1B1/4P1b1/2NP1N2/PPP2qPP/R2Q1K1R w - - 0 1",
    "6k1/5ppp/8/3n4/8/1B6/5PPP/6K1 b - - 0 1",
    "r4rk1/1b3ppp/pq2pn2/1p6/3N4/P1N1B3/1PP1QPPP/R4RK1 b - - 0 1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      g_autofree char *mirrored = mirror_fen (fens[i]);
      g_autofree ChessPosition *pos = load (fens[i], NULL);
      g_autofree ChessPosition *other = load (mirrored, NULL);

      g_test_message ("%s against %s", fens[i], mirrored);
      g_assert_cmpint (ch_evaluate (pos), ==, ch_evaluate (other));
    }
}

/* A knight a pawn attacks is worth less than the same knight where the pawn does not reach:
 * the two positions differ only in where Black's e-pawn stands (e6 attacks d5). */
static void
test_eval_pawn_threat (void)
{
  g_autofree ChessPosition *attacked =
    load ("r2q1rk1/pp3ppp/4p3/3N4/8/8/PP3PPP/R2Q1RK1 w - - 0 1", NULL);
  g_autofree ChessPosition *safe =
    load ("r2q1rk1/pp2p1pp/8/3N4/8/8/PP3PPP/R2Q1RK1 w - - 0 1", NULL);

  g_assert_cmpint (ch_evaluate (attacked), <, ch_evaluate (safe) - 25);
}

typedef struct
{
  ChessPosition *pos;
  GCancellable *cancellable;
  CaturSearchResult result;
} Background;

static gpointer
search_thread (gpointer data)
{
  Background *bg = data;
  CaturSearchLimits limits;

  catur_search_limits_init (&limits, CATUR_LEVEL_MASTER);
  limits.infinite = TRUE;
  limits.hash_mb = 4;
  ch_engine_think (bg->pos, &limits, NULL, NULL, bg->cancellable, &bg->result);
  return NULL;
}

/* An infinite search ends when cancelled, with a legal move. */
static void
test_cancel (void)
{
  g_autofree ChessPosition *pos = load (KIWIPETE, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Background bg = { pos, cancellable, { 0 } };
  GThread *thread = g_thread_new ("search", search_thread, &bg);

  g_usleep (100 * G_TIME_SPAN_MILLISECOND);
  g_cancellable_cancel (cancellable);
  g_thread_join (thread);
  g_assert_true (bg.result.has_move);
  g_assert_true (ch_is_legal (pos, ch_engine_code_move (pos, catur_move_pack (&bg.result.move))));
}

/* The same seed and position give the same move, at the level that picks at random. */
static void
test_seeded (void)
{
  g_autofree ChessPosition *pos = load (START, NULL);
  CaturSearchResult a, b;

  think (pos, CATUR_LEVEL_BEGINNER, 0, 0, 5, &a);
  think (pos, CATUR_LEVEL_BEGINNER, 0, 0, 5, &b);
  g_assert_true (catur_move_equal (&a.move, &b.move));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chess/engine/mates", test_mates);
  g_test_add_func ("/chess/engine/quiet-mate-in-two", test_quiet_mate_in_two);
  g_test_add_func ("/chess/engine/no-move", test_no_move);
  g_test_add_func ("/chess/engine/mate-not-stalemate", test_mate_not_stalemate);
  g_test_add_func ("/chess/engine/fifty-moves", test_fifty_moves);
  g_test_add_func ("/chess/engine/repetition", test_repetition);
  g_test_add_func ("/chess/engine/legal-everywhere", test_legal_everywhere);
  g_test_add_func ("/chess/engine/beginner-keeps-the-queen", test_beginner_keeps_the_queen);
  g_test_add_func ("/chess/engine/see", test_see);
  g_test_add_func ("/chess/engine/see-x-ray", test_see_x_ray);
  g_test_add_func ("/chess/engine/eval-mirrored", test_eval_mirrored);
  g_test_add_func ("/chess/engine/eval-pawn-threat", test_eval_pawn_threat);
  g_test_add_func ("/chess/engine/cancel", test_cancel);
  g_test_add_func ("/chess/engine/seeded", test_seeded);

  return g_test_run ();
}
