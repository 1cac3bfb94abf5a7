/* test-chess-pgn.c: chess game records, read and written (RULES.md C8)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sample files are written here in the forms other programs save: GNOME Chess (its own
 * tags, plain movetext), PyChess (comments with clock marks, NAGs, variations), a database
 * export in Latin-1 with several games. The moves of each were worked out by hand in UCI and
 * the final position checked by replaying them in Stockfish 15.1 (`position startpos moves …`,
 * `d`).
 */

#include "chess-pgn.h"
#include "chess-test.h"
#include "chess-variant.h"

static CaturVariant *
chess (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("chess");

  g_assert_nonnull (variant);
  return variant;
}

typedef struct
{
  const char *name;
  const char *pgn;
  const char *uci;        /* the main line, worked out by hand */
  const char *final_fen;
  guint n_comments;
  const char *white;      /* the White tag as read */
} KnownGame;

static const KnownGame known_games[] = {
  {
    "gnome-chess",
    "[Event \"Edited game\"]\n"
    "[Site \"?\"]\n"
    "[Date \"2024.03.09\"]\n"
    "[Round \"?\"]\n"
    "[White \"Human\"]\n"
    "[Black \"GNU Chess\"]\n"
    "[Result \"1-0\"]\n"
    "[TimeControl \"600\"]\n"
    "[X-GNOME-ClockType \"simple\"]\n"
    "[X-GNOME-TimeLeft \"482 510\"]\n"
    "\n"
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7",
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    0,
    "Human",
  },
  {
    /* Comments with clock marks, NAGs, a variation inside a variation, a black move number
     * after a comment. */
    "pychess",
    "[Event \"Casual game\"]\n"
    "[Site \"Jakarta\"]\n"
    "[Date \"2025.??.??\"]\n"
    "[Round \"-\"]\n"
    "[White \"Budi\"]\n"
    "[Black \"Sari\"]\n"
    "[Result \"*\"]\n"
    "[ECO \"C65\"]\n"
    "[PlyCount \"10\"]\n"
    "\n"
    "{Ruy Lopez, Berlin} 1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 0:05:00]} 2. Nf3 Nc6\n"
    "3. Bb5 $1 Nf6 $5 (3... a6 4. Ba4 (4. Bxc6 dxc6 $10) 4... Nf6) 4. O-O Nxe4\n"
    "5. d4 $14 {The Berlin endgame would follow} 5... Nd6 *\n",
    "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 d2d4 e4d6",
    "r1bqkb1r/pppp1ppp/2nn4/1B2p3/3P4/5N2/PPP2PPP/RNBQ1RK1 w kq - 1 6",
    4,
    "Budi",
  },
  {
    /* A set-up position with Black to move, an en-passant capture, an under-promotion and
     * coordinates where SAN would be. */
    "setup",
    "[Event \"Study\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"4k3/1P4p1/8/5P2/8/8/8/4K3 b - - 0 40\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "40... g5 41. fxg6 Kd7 42. b8=N+ Kc7 43. g6g7 *\n",
    "g7g5 f5g6 e8d7 b7b8n d7c7 g6g7",
    "1N6/2k3P1/8/8/8/8/8/4K3 b - - 0 43",
    0,
    NULL,
  },
  {
    /* `e.p.` after an en-passant capture, as a word of its own and written onto the move. */
    "en-passant-marks",
    "[Event \"?\"]\n"
    "\n"
    "1. e4 a6 2. e5 d5 3. exd6 e.p. cxd6 4. d4 f5 5. d5 e5 6. dxe6e.p. Bxe6 *\n",
    "e2e4 a7a6 e4e5 d7d5 e5d6 c7d6 d2d4 f7f5 d4d5 e7e5 d5e6 c8e6",
    "rn1qkbnr/1p4pp/p2pb3/5p2/8/8/PPP2PPP/RNBQKBNR w KQkq - 0 7",
    0,
    NULL,
  },
};

/* A file of two games from a database export, in Latin-1: the first is the one read. */
static const char latin1_file[] =
  "[Event \"Bundesliga\"]\n[Site \"M\xfcnchen\"]\n[Date \"1990.01.21\"]\n[Round \"3\"]\n"
  "[White \"M\xfcller, J\xf6rg\"]\n[Black \"S\xe1nchez\"]\n[Result \"1/2-1/2\"]\n\n"
  "1. d4 d5 2. c4 e6 1/2-1/2\n\n"
  "[Event \"Bundesliga\"]\n[Site \"K\xf6ln\"]\n[Date \"1990.01.22\"]\n[Round \"4\"]\n"
  "[White \"S\xe1nchez\"]\n[Black \"M\xfcller, J\xf6rg\"]\n[Result \"0-1\"]\n\n"
  "1. e4 c5 0-1\n";

static void
check_known_game (const KnownGame *known)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = ch_pgn_read (chess (), known->pgn, strlen (known->pgn),
                                               &error);
  g_auto(GStrv) uci = g_strsplit (known->uci, " ", -1);
  g_autoptr(CaturPosition) position = NULL;
  g_autofree char *fen = NULL;
  guint comments = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, g_strv_length (uci));
  position = catur_position_copy (catur_record_get_start (record));
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      g_autofree char *text = catur_variant_format_move (chess (), position, move, "uci");

      g_assert_cmpstr (text, ==, uci[i]);
      catur_variant_play (chess (), position, (CaturMove *) move);
    }
  fen = catur_variant_format (chess (), position);
  g_assert_cmpstr (fen, ==, known->final_fen);
  for (guint i = 0; i <= catur_record_get_n_moves (record); i++)
    comments += catur_record_get_comment (record, i) != NULL;
  g_assert_cmpuint (comments, ==, known->n_comments);
  g_assert_cmpstr (catur_record_get_tag (record, "White"), ==, known->white);
}

static void
test_known_games (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_games); i++)
    {
      g_test_message ("%s", known_games[i].name);
      check_known_game (&known_games[i]);
    }
}

static void
test_latin1_several_games (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = ch_pgn_read (chess (), latin1_file, strlen (latin1_file),
                                               &error);

  g_assert_no_error (error);
  g_assert_cmpstr (catur_record_get_tag (record, "White"), ==, "Müller, Jörg");
  g_assert_cmpstr (catur_record_get_tag (record, "Site"), ==, "München");
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 4);
}

/* Every game of a database, for the player (or catur-engine's `read PATH N`) to choose one. */
static void
test_every_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = catur_variant_read_records (chess (), "pgn", latin1_file,
                                                             strlen (latin1_file), &error);
  CaturRecord *second;

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 2);
  second = g_ptr_array_index (records, 1);
  g_assert_cmpstr (catur_record_get_tag (second, "Site"), ==, "Köln");
  g_assert_cmpuint (catur_record_get_n_moves (second), ==, 2);
}

static void
roundtrip (CaturRecord *record)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = catur_variant_write_record (chess (), "pgn", record, &error);
  g_autoptr(CaturRecord) back = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_no_error (error);
  back = ch_pgn_read (chess (), text, strlen (text), &error);
  g_assert_no_error (error);
  if (!catur_record_equal (record, back))
    g_error ("written and read back differently:\n%s", text);
  /* RULES C8: the Seven Tag Roster first, lines of 80 characters at most. */
  g_assert_true (g_str_has_prefix (text, "[Event "));
  lines = g_strsplit (text, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[1], "[Site "));
  g_assert_true (g_str_has_prefix (lines[2], "[Date "));
  g_assert_true (g_str_has_prefix (lines[3], "[Round "));
  g_assert_true (g_str_has_prefix (lines[4], "[White "));
  g_assert_true (g_str_has_prefix (lines[5], "[Black "));
  g_assert_true (g_str_has_prefix (lines[6], "[Result "));
  for (guint i = 0; lines[i] != NULL; i++)
    g_assert_cmpuint (g_utf8_strlen (lines[i], -1), <=, 80);
}

/* Games written and read back are the same games, from the start and from set-ups. */
static void
test_roundtrip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  static const char * const starts[] = {
    NULL,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/1P4p1/8/5P2/8/8/8/4K3 b - - 0 40",
  };

  for (guint i = 0; i < G_N_ELEMENTS (known_games); i++)
    {
      g_autoptr(CaturRecord) record = ch_pgn_read (chess (), known_games[i].pgn,
                                                   strlen (known_games[i].pgn), NULL);

      g_assert_nonnull (record);
      roundtrip (record);
    }

  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    for (int g = 0; g < 6; g++)
      {
        g_autoptr(CaturRecord) record = NULL;
        g_autoptr(CaturPosition) position = NULL;
        int plies = g_rand_int_range (rand, 0, 160);

        record = catur_record_new (chess (), starts[i] != NULL
                                             ? catur_variant_parse (chess (), starts[i], NULL)
                                             : catur_variant_new_position (chess (), NULL, 0));
        catur_record_set_tag (record, "Event", "Round-trip “test” with \\ and \"quotes\"");
        catur_record_set_tag (record, "White", "Müller");
        catur_record_set_tag (record, "Result", "*");
        position = catur_position_copy (catur_record_get_start (record));
        for (int ply = 0; ply < plies; ply++)
          {
            g_autoptr(GArray) moves = catur_variant_legal_moves (chess (), position);
            CaturMove move;

            if (moves->len == 0)
              break;
            move = g_array_index (moves, CaturMove, g_rand_int_range (rand, 0, moves->len));
            catur_variant_play (chess (), position, &move);
            catur_record_append_move (record, &move);
            if (g_rand_int_range (rand, 0, 10) == 0)
              {
                g_autofree char *comment = g_strdup_printf ("After ply %d: ♘ and “quotes”",
                                                            ply + 1);

                catur_record_set_comment (record, ply + 1, comment);
              }
          }
        catur_record_set_comment (record, 0, "Before the first move");
        roundtrip (record);
      }
}

/* PGN has no escape inside braces: a comment with a closing brace is written with `;`
 * comments for its lines that have one, and reads back the same. */
static void
test_comment_with_brace (void)
{
  static const char * const comments[] = {
    "A brace } inside",
    "}",
    "Ends with a brace }",
    "Lines {a} before\nthe brace } line\nand after it",
    "First } line\nsecond } line",
    "Plain {no closing brace",
  };

  for (guint i = 0; i < G_N_ELEMENTS (comments); i++)
    for (guint at = 0; at <= 2; at++)
      {
        g_autoptr(CaturRecord) record = catur_record_new (chess (), NULL);
        g_autoptr(CaturRecord) back = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *text = NULL;
        CaturMove e4 = { sq ("e2"), sq ("e4"), 0, 0 };
        CaturMove e5 = { sq ("e7"), sq ("e5"), 0, 0 };

        catur_record_set_tag (record, "Result", "*");
        catur_record_append_move (record, &e4);
        catur_record_append_move (record, &e5);
        catur_record_set_comment (record, at, comments[i]);
        text = ch_pgn_write (record);
        back = ch_pgn_read (chess (), text, strlen (text), &error);
        g_assert_no_error (error);
        g_test_message ("%s", text);
        g_assert_cmpstr (catur_record_get_comment (back, at), ==, comments[i]);
        g_assert_cmpuint (catur_record_get_n_moves (back), ==, 2);
        g_assert_true (catur_record_equal (record, back));
      }
}

/* A game with a time limit a move keeps it in PGN's TimeControl tag, one move a period; other
 * time controls stay tags. */
static void
test_time_control (void)
{
  g_autoptr(CaturRecord) record = catur_record_new (chess (), NULL);
  g_autoptr(CaturRecord) back = NULL;
  g_autoptr(CaturRecord) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GVariantDict dict;
  CaturMove e4 = { sq ("e2"), sq ("e4"), 0, 0 };
  static const char gnome_chess[] = "[Event \"?\"]\n[TimeControl \"600\"]\n\n1. e4 *\n";

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "move-time", "s", "30");
  catur_record_set_options (record, g_variant_dict_end (&dict));
  catur_record_set_tag (record, "Result", "*");
  catur_record_append_move (record, &e4);
  text = ch_pgn_write (record);
  g_assert_nonnull (strstr (text, "[TimeControl \"1/30\"]\n"));
  back = ch_pgn_read (chess (), text, strlen (text), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_setup_option_get_move_time (catur_record_get_options (back)), ==, 30);
  g_assert_null (catur_record_get_tag (back, "TimeControl"));
  g_assert_true (catur_record_equal (record, back));

  other = ch_pgn_read (chess (), gnome_chess, strlen (gnome_chess), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_setup_option_get_move_time (catur_record_get_options (other)), ==, 0);
  g_assert_cmpstr (catur_record_get_tag (other, "TimeControl"), ==, "600");
}

/* A game lost or drawn on time says so in PGN's Termination tag, and the game made from the
 * record read back ends so too. */
static void
test_time_forfeit (void)
{
  static const struct
  {
    const char *result;
    CaturResult outcome;
    CaturSide winner;
  } cases[] = {
    { "0-1", CATUR_RESULT_WIN, CATUR_SIDE_SECOND },
    { "1/2-1/2", CATUR_RESULT_DRAW, CATUR_SIDE_NONE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CaturRecord) record = catur_record_new (chess (), NULL);
      g_autoptr(CaturRecord) back = NULL;
      g_autoptr(CaturGame) game = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      CaturMove e4 = { sq ("e2"), sq ("e4"), 0, 0 };
      CaturOutcome outcome;

      catur_outcome_init (&outcome);
      outcome.result = cases[i].outcome;
      outcome.winner = cases[i].winner;
      outcome.reason = CATUR_REASON_TIME_OUT;
      catur_record_append_move (record, &e4);
      catur_record_set_tag (record, "Result", cases[i].result);
      catur_record_set_outcome (record, &outcome);
      text = ch_pgn_write (record);
      g_assert_nonnull (strstr (text, "[Termination \"time forfeit\"]\n"));

      back = ch_pgn_read (chess (), text, strlen (text), &error);
      g_assert_no_error (error);
      g_assert_true (catur_record_equal (record, back));
      g_assert_cmpint (catur_record_get_outcome (back)->reason, ==, CATUR_REASON_TIME_OUT);
      g_assert_cmpint (catur_record_get_outcome (back)->result, ==, cases[i].outcome);
      g_assert_cmpint (catur_record_get_outcome (back)->winner, ==, cases[i].winner);
      game = catur_record_to_game (back, &error);
      g_assert_no_error (error);
      g_assert_true (catur_game_is_over (game));
      g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_TIME_OUT);
    }
}

/* A file with an illegal move is refused whole, the line and the move named. */
static void
test_errors (void)
{
  static const struct
  {
    const char *text;
    int code;
    const char *message;
  } cases[] = {
    { "[Event \"x\"]\n\n1. e4 e5\n2. Nf3 Nf6 3. Ke3 *", CATUR_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 4: White’s move 3, “Ke3”, is not legal in that position" },
    { "[Event \"x\"]\n\n1. e4 e5 2. Bb5 Qh4 3. Bxd7+ Ke7 4. Bxc8 Qxf2#\n5. Kd1 *",
      CATUR_RECORD_ERROR_ILLEGAL_MOVE, "Line 4: White’s move 5, “Kd1”" },
    { "[Event \"x\"]\n\n1. e4 e5 2. Zebra *", CATUR_RECORD_ERROR_INVALID_MOVE, "Line 3:" },
    /* A move by its squares: the rules say why not. */
    { "[Event \"x\"]\n\n1. e2e4 e7e5 2. e4e5 *", CATUR_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 3: White’s move 2, “e4e5”, is not legal: " },
    /* Two knights reach d7: named, not called illegal. */
    { "[Event \"x\"]\n\n1. d4 Nf6 2. c4 d6 3. Nc3 Nd7 *", CATUR_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 3: Black’s move 3, “Nd7”, is ambiguous (Nbd7 or Nfd7)" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7 *", CATUR_RECORD_ERROR_OTHER_GAME, "Line 1:" },
    { "[Event \"x\"]\n\n1. C2.5 H8+7 *", CATUR_RECORD_ERROR_OTHER_GAME, "Line 3:" },
    { "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*",
      CATUR_RECORD_ERROR_POSITION, "Line 3:" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = ch_pgn_read (chess (), cases[i].text,
                                                   strlen (cases[i].text), &error);

      g_assert_null (record);
      g_assert_nonnull (error);
      g_test_message ("case %u: %s", i, error->message);
      g_assert_error (error, CATUR_RECORD_ERROR, cases[i].code);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("case %u: “%s” does not start with “%s”", i, error->message,
                 cases[i].message);
    }
}

/* FEN files: one position, written after the record's last move. */
static void
test_fen_file (void)
{
  static const char text[] = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = catur_variant_read_record (chess (), "fen", text,
                                                             strlen (text), &error);
  g_autofree char *written = NULL;
  CaturMove castle = { sq ("e1"), sq ("g1"), 0, CATUR_MOVE_CASTLE };

  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 0);
  catur_record_append_move (record, &castle);
  written = catur_variant_write_record (chess (), "fen", record, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chess-pgn/known-games", test_known_games);
  g_test_add_func ("/chess-pgn/latin1-several-games", test_latin1_several_games);
  g_test_add_func ("/chess-pgn/every-game", test_every_game);
  g_test_add_func ("/chess-pgn/roundtrip", test_roundtrip);
  g_test_add_func ("/chess-pgn/errors", test_errors);
  g_test_add_func ("/chess-pgn/comment-with-brace", test_comment_with_brace);
  g_test_add_func ("/chess-pgn/time-control", test_time_control);
  g_test_add_func ("/chess-pgn/time-forfeit", test_time_forfeit);
  g_test_add_func ("/chess-pgn/fen-file", test_fen_file);
  return g_test_run ();
}
