/* test-xiangqi-pgn.c: Xiangqi PGN and Chinese notation, read and written (RULES.md X28–X29)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The games below were typed in by hand in one notation (Chinese, WXF or ICCS), with the
 * moves worked out separately in ICCS; Fairy-Stockfish 11.1 replayed those ICCS moves,
 * found each legal, and gave the final FEN written after each game.
 */

#include "xiangqi-pgn.h"
#include "xiangqi-test.h"
#include "xiangqi-variant.h"

/* The records are CaturRecords of the real variant, loaded from the plugin of this build. */
static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

static void
expect_chinese (XqPosition *pos, const char *iccs, const char *chinese)
{
  XqMove move = mv (iccs), back = { 0, 0 };
  char buf[XQ_CHINESE_MOVE_SIZE];

  xq_move_to_chinese (pos, move, buf);
  g_test_message ("%s = %s", iccs, buf);
  g_assert_cmpstr (buf, ==, chinese);
  g_assert_true (xq_move_from_chinese (pos, chinese, &back));
  g_assert_cmpint (back.from, ==, move.from);
  g_assert_cmpint (back.to, ==, move.to);
}

static void
expect_chinese_read (XqPosition *pos, const char *text, const char *iccs)
{
  XqMove move = mv (iccs), back = { 0, 0 };

  g_assert_true (xq_move_from_chinese (pos, text, &back));
  g_assert_cmpint (back.from, ==, move.from);
  g_assert_cmpint (back.to, ==, move.to);
}

static void
test_chinese_notation (void)
{
  g_autofree XqPosition *start =
    load ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  g_autofree XqPosition *black =
    load ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
  /* XT14 and XT15: pieces sharing a file */
  g_autofree XqPosition *rooks = load ("3k5/9/9/9/9/9/R8/9/9/R3K4 w - - 0 1");
  g_autofree XqPosition *pawns = load ("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");
  g_autofree XqPosition *four = load ("3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1");
  XqMove move;

  expect_chinese (start, "h2e2", "炮二平五");
  expect_chinese (start, "h0g2", "马二进三");
  expect_chinese (start, "c3c4", "兵七进一");
  expect_chinese (start, "f0e1", "仕四进五");
  expect_chinese (start, "g0e2", "相三进五");
  expect_chinese (start, "e0e1", "帅五进一");
  expect_chinese (black, "h9g7", "马８进７");
  expect_chinese (black, "i9i7", "车９进２");
  expect_chinese (black, "g6g5", "卒７进１");
  expect_chinese (black, "d9e8", "士４进５");
  expect_chinese (black, "e9e8", "将５进１");

  expect_chinese (rooks, "a3c3", "前车平七");
  expect_chinese (rooks, "a0a2", "后车进二");
  expect_chinese (rooks, "a3a1", "前车退二");
  expect_chinese (pawns, "c7b7", "前七平八");
  expect_chinese (pawns, "c6d6", "中七平六");
  expect_chinese (pawns, "c5d5", "后七平六");
  expect_chinese (pawns, "g6g7", "前三进一");
  expect_chinese (pawns, "g5f5", "后三平四");
  expect_chinese (four, "e8d8", "一兵平六");
  expect_chinese (four, "e7f7", "二兵平四");
  expect_chinese (four, "e5d5", "四兵平六");

  /* Traditional characters, other digits, the forgiven forms. */
  expect_chinese_read (start, "砲二平五", "h2e2");
  expect_chinese_read (start, "傌2進3", "h0g2");
  expect_chinese_read (black, "馬8进7", "h9g7");
  expect_chinese_read (black, "包８平５", "h7e7");
  expect_chinese_read (rooks, "車九退二", "a3a1");   /* the file for the front mark */
  expect_chinese_read (rooks, "後車進二", "a0a2");
  expect_chinese_read (four, "前兵平六", "e8d8");    /* 前/后 for the outermost of four */
  expect_chinese_read (four, "后兵平六", "e5d5");

  /* Texts that name no legal move, or that are not notation at all. */
  g_assert_false (xq_move_from_chinese (start, "炮二进五", &move));   /* h2 to h7: captures nothing */
  g_assert_false (xq_move_from_chinese (start, "车九平八", &move));   /* a0 to b0: the horse */
  g_assert_false (xq_move_from_chinese (rooks, "车九进二", &move));   /* which chariot? */
  g_assert_false (xq_move_from_chinese (start, "炮二平", &move));
  g_assert_false (xq_move_from_chinese (start, "炮二平五五", &move));
  g_assert_false (xq_move_from_chinese (start, "狗二平五", &move));
  g_assert_false (xq_move_from_chinese (start, "\xff\xfe", &move));
  g_assert_false (xq_move_from_chinese (start, "", &move));
}

/* The move list's Chinese notation is the records', and reads back: 炮二平五 and 马８进７ at the
 * start, the tandem marks of pawns on a file, and the same moves in a record written in Chinese.
 * The sentence a screen reader speaks for a move stays words whatever the notation. */
static void
test_chinese_move_list (void)
{
  static const struct
  {
    const char *fen;
    const char *iccs;
    const char *chinese;
  } cases[] = {
    { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h2e2",
      "炮二平五" },
    { "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "h9g7",
      "马８进７" },
    { "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "c7b7", "前七平八" },
    { "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "c6d6", "中七平六" },
    { "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "c5d5", "后七平六" },
    { "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "g5f5", "后三平四" },
    { "4k4/9/9/9/9/6p2/6p2/9/9/3K5 b - - 0 1", "g3f3", "前卒平６" },
  };
  const CaturNotationInfo *chinese = catur_variant_find_notation (xiangqi (), "chinese");
  g_autoptr (CaturRecord) record = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_nonnull (chinese);
  g_assert_cmpstr (chinese->name, ==, "Chinese");
  g_assert_false (chinese->flags & CATUR_NOTATION_COORDINATE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CaturPosition) position = catur_variant_parse (xiangqi (), cases[i].fen, NULL);
      CaturMove move;
      g_autofree char *shown = NULL;
      g_autofree char *spoken = NULL;

      g_assert_true (catur_variant_parse_move (xiangqi (), position, cases[i].iccs, &move, NULL));
      shown = catur_variant_format_move (xiangqi (), position, &move, "chinese");
      g_test_message ("%s = %s", cases[i].iccs, shown);
      g_assert_cmpstr (shown, ==, cases[i].chinese);
      /* What the list writes reads back as the same move. */
      {
        CaturMove back;

        g_assert_true (catur_variant_parse_move (xiangqi (), position, shown, &back, NULL));
        g_assert_true (catur_move_equal (&back, &move));
      }
      spoken = catur_variant_describe_move (xiangqi (), position, &move);
      g_assert_nonnull (spoken);
      g_assert_true (g_str_is_ascii (spoken));
    }

  record = catur_record_new (xiangqi (), catur_variant_new_position (xiangqi (), NULL, 0));
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (CaturPosition) position = catur_record_dup_final_position (record);
      CaturMove move;

      g_assert_true (catur_variant_parse_move (xiangqi (), position, cases[i].iccs, &move, NULL));
      catur_record_append_move (record, &move);
    }
  text = catur_variant_write_record (xiangqi (), "pgn-chinese", record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "1. 炮二平五 马８进７"));
}

/* Every legal move along random games, written in Chinese and read back. */
static void
test_chinese_all_moves (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240501);
  guint checked = 0;

  for (int game = 0; game < 12; game++)
    {
      g_autofree XqPosition *pos = g_new0 (XqPosition, 1);

      xq_position_init_start (pos);
      for (int ply = 0; ply < 160; ply++)
        {
          XqMove moves[XQ_MAX_MOVES];
          int n = xq_legal_moves (pos, moves);

          if (n == 0)
            break;
          for (int i = 0; i < n; i++)
            {
              char text[XQ_CHINESE_MOVE_SIZE];
              XqMove back = { 0, 0 };

              xq_move_to_chinese (pos, moves[i], text);
              if (!xq_move_from_chinese (pos, text, &back)
                  || back.from != moves[i].from || back.to != moves[i].to)
                {
                  g_autofree char *fen = xq_position_to_fen (pos);
                  char iccs[8];

                  xq_move_to_iccs (moves[i], iccs);
                  g_error ("%s in %s was written %s and not read back", iccs, fen, text);
                }
              checked++;
            }
          xq_play (pos, moves[g_rand_int_range (rand, 0, n)]);
        }
    }
  g_test_message ("%u moves written and read back", checked);
  g_assert_cmpuint (checked, >, 10000);
}

typedef struct
{
  const char *name;
  const char *pgn;
  const char *iccs;       /* the moves, worked out by hand */
  const char *final_fen;  /* as Fairy-Stockfish gave it */
  guint n_comments;
} KnownGame;

static const KnownGame known_games[] = {
  {
    /* The main line of the central cannon with the crossing chariot against the screen
     * horses, the black cannon going to the edge to offer the chariot exchange. */
    "central-cannon-crossing-chariot",
    "[Game \"Chinese Chess\"]\n"
    "[Event \"中炮过河车对屏风马平炮兑车\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３\n"
    "4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 6. 车二平三 炮９退１\n"
    "7. 马八进七 士４进５ 8. 马七进六 炮９平７ 9. 车三平四 马７进８ *\n",
    "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6 h7i7 h6g6 i7i8 b0c2 d9e8 c2d4 i8g8 g6f6 g7h5",
    "r1b1kabr1/4a1c2/1cn6/p1p1pR2p/6pn1/2PN5/P3P1P1P/1C2C1N2/9/R1BAKAB2 w - - 18 10",
    0,
  },
  {
    /* Same-direction cannons, straight chariot against the horizontal chariot; typed with
     * traditional characters, ASCII digits and no Format tag, as older databases have it. */
    "same-direction-cannons",
    "[Game \"Chinese Chess\"]\n"
    "[Event \"順炮直車對橫車\"]\n"
    "\n"
    "1. 砲二平五 砲8平5 2. 傌二進三 馬8進7 3. 俥一平二 車9進1\n"
    "4. 傌八進七 車9平4 5. 仕四進五 馬2進3 6. 砲八平九 *\n",
    "h2e2 h7e7 h0g2 h9g7 i0h0 i9i8 b0c2 i8d8 f0e1 b9c7 b2a2",
    "r1bakab2/3r5/1cn1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/C1N1C1N2/4A4/R1BAK1BR1 b - - 11 6",
    0,
  },
  {
    /* Chariot, horse and cannon against a general with its advisors and elephants, from a
     * set-up position with Black to move: Red mates on the 20th ply (Fairy-Stockfish's
     * principal variation at depth 14), written in ICCS as xqbase writes it. */
    "chariot-horse-cannon-mate",
    "[Game \"Chinese Chess\"]\n"
    "[Event \"Endgame study\"]\n"
    "[FEN \"2bak4/4a4/4b4/9/9/9/2N6/9/4C4/3K1R3 b - - 0 1\"]\n"
    "[Format \"ICCS\"]\n"
    "\n"
    "1... C9-A7 2. F0-I0 E9-F9 3. C3-E4 E7-C9 4. E4-D6 E8-D7 5. I0-F0 F9-E9\n"
    "6. D6-F7 E9-E8 7. F7-E5 C9-E7 8. E5-D7 E8-D8 9. F0-F8 D9-E8 10. F8-E8 D8-D9\n"
    "11. E1-D1 {Mate: the general has no move.} 1-0\n",
    "c9a7 f0i0 e9f9 c3e4 e7c9 e4d6 e8d7 i0f0 f9e9 d6f7 e9e8 f7e5 c9e7 e5d7 e8d8 f0f8 d9e8 "
    "f8e8 d8d9 e1d1",
    "3k5/4R4/b2Nb4/9/9/9/9/9/3C5/3K5 b - - 2 11",
    1,
  },
  {
    /* A club game in WXF with comments, a variation, annotation marks and a NAG: Black's
     * cannon leaves the chariot to be taken and the central cannon takes a pawn. */
    "club-game-wxf",
    "[Game \"Chinese Chess\"]\n"
    "[Event \"Club game\"]\n"
    "[Red \"Li\"]\n"
    "[Black \"Wang\"]\n"
    "[Format \"WXF\"]\n"
    "{Central cannon against the screen horses.}\n"
    "1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 C8.9? {Black leaves the chariot unguarded.}\n"
    "(3... H2+3 4. P7+1) 4. R2+9 $4 H7-8 5. P7+1 P7+1 6. H8+7 H2+3 7. C5+4 P3+1 *\n",
    "h2e2 h9g7 h0g2 i9h9 i0h0 h7i7 h0h9 g7h9 c3c4 g6g5 b0c2 b9c7 e2e6 c6c5",
    "r1bakabn1/9/1cn5c/p3C3p/2p3p2/2P6/P3P1P1P/1CN3N2/9/R1BAKAB2 w - - 1 8",
    2,
  },
};

static void
check_known_game (const KnownGame *known, const char *data, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) iccs = g_strsplit (known->iccs, " ", -1);
  g_autoptr (CaturRecord) record = xq_pgn_read (xiangqi (), data, length, &error);
  g_autoptr (CaturPosition) final = NULL;
  g_autofree char *fen = NULL;
  guint comments = 0;

  g_assert_no_error (error);
  g_assert_nonnull (record);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, g_strv_length (iccs));
  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      const CaturMove *move = catur_record_get_move (record, i);
      XqMove xq_move = { move->from, move->to };
      char text[8];

      xq_move_to_iccs (xq_move, text);
      g_assert_cmpstr (text, ==, iccs[i]);
    }
  final = catur_record_dup_final_position (record);
  fen = xq_position_to_fen (XQ (final));
  g_assert_cmpstr (fen, ==, known->final_fen);
  for (guint i = 0; i <= catur_record_get_n_moves (record); i++)
    comments += catur_record_get_comment (record, i) != NULL;
  g_assert_cmpuint (comments, ==, known->n_comments);
}

static void
test_known_games (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_games); i++)
    {
      g_test_message ("%s", known_games[i].name);
      check_known_game (&known_games[i], known_games[i].pgn, strlen (known_games[i].pgn));
    }
}

/* The same files as Chinese databases store them: GBK, and UTF-8 with a byte order mark. */
static void
test_encodings (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_games); i++)
    {
      const KnownGame *known = &known_games[i];
      g_autoptr (GError) error = NULL;
      g_autofree char *gbk = NULL;
      g_autofree char *bom = g_strconcat ("\xEF\xBB\xBF", known->pgn, NULL);
      gsize length = 0;

      gbk = g_convert (known->pgn, -1, "GB18030", "UTF-8", NULL, &length, &error);
      g_assert_no_error (error);
      /* Chinese text in GBK is not valid UTF-8, so the reader has to convert it. */
      if (!g_str_is_ascii (known->pgn))
        g_assert_false (g_utf8_validate_len (gbk, length, NULL));
      check_known_game (known, gbk, length);
      check_known_game (known, bom, strlen (bom));
    }
}

static void
roundtrip (CaturRecord *record)
{
  for (XqPgnNotation notation = XQ_PGN_WXF; notation <= XQ_PGN_CHINESE; notation++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = xq_pgn_write (record, notation);
      g_autoptr (CaturRecord) back = xq_pgn_read (xiangqi (), text, strlen (text), &error);

      g_assert_no_error (error);
      if (!catur_record_equal (record, back))
        g_error ("written in notation %d and read back differently:\n%s", notation, text);
      g_assert_true (g_str_has_prefix (text, "[Game \"Chinese Chess\"]\n[Event "));
    }
}

/* Games written in every notation and read back are the same games. */
static void
test_roundtrip (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  static const char * const starts[] = {
    NULL,
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1",  /* two horses' voor */
    "2bak4/4a4/4b4/9/9/9/2N6/9/4C4/3K1R3 b - - 0 1",                         /* Black first */
    "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 30",                           /* tandem pawns */
  };

  for (guint i = 0; i < G_N_ELEMENTS (known_games); i++)
    {
      g_autoptr (CaturRecord) record = xq_pgn_read (xiangqi (), known_games[i].pgn,
                                                    strlen (known_games[i].pgn), NULL);

      g_assert_nonnull (record);
      roundtrip (record);
    }

  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    for (int g = 0; g < 6; g++)
      {
        g_autoptr (CaturRecord) record = NULL;
        CaturPosition *start;
        XqPosition pos;
        int plies = g_rand_int_range (rand, 0, 200);

        if (starts[i] != NULL)
          start = catur_variant_parse (xiangqi (), starts[i], NULL);
        else
          start = catur_variant_new_position (xiangqi (), NULL, 0);
        g_assert_nonnull (start);
        record = catur_record_new (xiangqi (), start);
        catur_record_set_tag (record, "Event", "Round-trip “test” with \\ and \"quotes\"");
        catur_record_set_tag (record, "Red", "红方");
        catur_record_set_tag (record, "Opening", "Random");
        catur_record_set_tag (record, "Result", "*");
        pos = *XQ (catur_record_get_start (record));
        for (int ply = 0; ply < plies; ply++)
          {
            XqMove moves[XQ_MAX_MOVES];
            int n = xq_legal_moves (&pos, moves);
            CaturMove move = { 0, 0, 0, 0 };

            if (n == 0)
              break;
            moves[0] = moves[g_rand_int_range (rand, 0, n)];
            xq_play (&pos, moves[0]);
            move.from = moves[0].from;
            move.to = moves[0].to;
            catur_record_append_move (record, &move);
            if (g_rand_int_range (rand, 0, 10) == 0)
              {
                g_autofree char *comment = g_strdup_printf ("Comment after ply %d; 评注", ply + 1);

                catur_record_set_comment (record, ply + 1, comment);
              }
          }
        catur_record_set_comment (record, 0, "Before the first move");
        roundtrip (record);
      }
}

/* Every way a file can be wrong: the error says what, on which line, and nothing is kept. */
static void
test_errors (void)
{
  static const struct
  {
    const char *text;
    int code;
    const char *message_start;
  } cases[] = {
    { "", CATUR_RECORD_ERROR_SYNTAX, "Line 1:" },
    { "   \n  \n", CATUR_RECORD_ERROR_SYNTAX, "Line 3:" },
    { "[Game \"Chinese Chess\"\n1. C2.5 *", CATUR_RECORD_ERROR_SYNTAX, "Line 1:" },
    { "[Game \"Chinese Chess]\n", CATUR_RECORD_ERROR_SYNTAX, "Line 1:" },
    { "[Game \"Chinese Chess\"]\n[Event]\n", CATUR_RECORD_ERROR_SYNTAX, "Line 2:" },
    { "[Game \"Chinese Chess\"]\n[ \"x\"]\n", CATUR_RECORD_ERROR_SYNTAX, "Line 2:" },
    { "[Game \"Chess\"]\n1. e4 e5 *", CATUR_RECORD_ERROR_OTHER_GAME, "Line 1:" },
    { "[Event \"x\"]\n[Variant \"shogi\"]\n", CATUR_RECORD_ERROR_OTHER_GAME, "Line 2:" },
    { "[Event \"A chess game\"]\n\n1. e4 e5 2. Nf3 *", CATUR_RECORD_ERROR_OTHER_GAME, "Line 3:" },
    { "[Game \"Chinese Chess\"]\n[FEN \"rnbakabnr/9/9 w - - 0 1\"]\n", CATUR_RECORD_ERROR_POSITION,
      "Line 2:" },
    { "[Game \"Chinese Chess\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n",
      CATUR_RECORD_ERROR_POSITION, "Line 2:" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7\n2. H2+3 {unclosed\n comment",
      CATUR_RECORD_ERROR_SYNTAX, "Line 4:" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 (1. H2+3 H8+7\n2. R1.2 *", CATUR_RECORD_ERROR_SYNTAX,
      "Line 3:" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7 ) *", CATUR_RECORD_ERROR_SYNTAX, "Line 3:" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7 } *", CATUR_RECORD_ERROR_SYNTAX, "Line 3:" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7\n2. H2+3 H8+7 *", CATUR_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 4: Black’s move 2, “H8+7”" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7\n2. C5+4 H2+3\n3. H2-E2 *",
      CATUR_RECORD_ERROR_ILLEGAL_MOVE, "Line 5: Red’s move 3, “H2-E2”, is not legal: " },
    { "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７\n2. 马二进三 马８进７ *",
      CATUR_RECORD_ERROR_ILLEGAL_MOVE, "Line 4:" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7\n2. Zebra *", CATUR_RECORD_ERROR_INVALID_MOVE,
      "Line 4:" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 狗８进７ *", CATUR_RECORD_ERROR_INVALID_MOVE, "Line 3:" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 [Event \"x\"]", CATUR_RECORD_ERROR_SYNTAX, "Line 3:" },
    { "[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7 2. "
      "H2+3xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx *",
      CATUR_RECORD_ERROR_INVALID_MOVE, "Line 3:" },
    { "\x00\x01\x02[Game", CATUR_RECORD_ERROR_ENCODING, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      gsize length = i == G_N_ELEMENTS (cases) - 1 ? 8 : strlen (cases[i].text);
      g_autoptr (CaturRecord) record = xq_pgn_read (xiangqi (), cases[i].text, length, &error);

      g_assert_null (record);
      g_assert_nonnull (error);
      g_test_message ("case %u: %s", i, error->message);
      g_assert_error (error, CATUR_RECORD_ERROR, cases[i].code);
      if (cases[i].message_start != NULL
          && !g_str_has_prefix (error->message, cases[i].message_start))
        g_error ("case %u: “%s” does not start with “%s”", i, error->message,
                 cases[i].message_start);
    }
}

/* Bytes that are neither UTF-8 nor GB18030. */
static void
test_bad_encoding (void)
{
  static const char bad[] = "[Game \"Chinese Chess\"]\n1. \x81\x20 *";
  g_autoptr (GError) error = NULL;

  g_assert_null (xq_pgn_read (xiangqi (), bad, sizeof bad - 1, &error));
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING);
}

/* A database file of several games gives its first. */
static void
test_first_of_several (void)
{
  static const char text[] =
    "[Game \"Chinese Chess\"]\n[Event \"One\"]\n\n1. C2.5 H8+7 1-0\n\n"
    "[Game \"Chinese Chess\"]\n[Event \"Two\"]\n\n1. P7+1 *\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (CaturRecord) record = xq_pgn_read (xiangqi (), text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_cmpstr (catur_record_get_tag (record, "Event"), ==, "One");
  g_assert_cmpstr (catur_record_get_tag (record, "Result"), ==, "1-0");
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 2);
}

/* A database file: each game read on its own, a broken one reported by its line. */
static void
test_database (void)
{
  static const char text[] =
    "[Game \"Chinese Chess\"]\n[Event \"One\"]\n\n1. C2.5 H8+7 1-0\n\n"
    "[Game \"Chinese Chess\"]\n[Event \"Two\"]\n\n1. C2.5 H8+7\n2. H2+3 H8+7 *\n\n"
    "[Game \"Chinese Chess\"]\n[Event \"Three\"]\n\n1. 炮二平五 马８进７ 0-1\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (CaturPgnReader) reader = catur_pgn_reader_new (xiangqi (), xq_pgn_get_dialect (),
                                                            text, strlen (text), NULL, &error);
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GPtrArray) errors = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (catur_pgn_reader_get_n_games (reader), ==, 3);
  g_assert_cmpuint (catur_pgn_reader_get_game_line (reader, 2), ==, 12);
  g_assert_cmpstr (catur_pgn_reader_get_game_tag (reader, 1, "Event"), ==, "Two");
  records = catur_pgn_reader_read_all (reader, &errors);
  g_assert_cmpuint (records->len, ==, 2);
  g_assert_cmpstr (catur_record_get_tag (g_ptr_array_index (records, 1), "Event"), ==, "Three");
  g_assert_cmpstr (catur_record_get_tag (g_ptr_array_index (records, 1), "Result"), ==, "0-1");
  g_assert_cmpuint (errors->len, ==, 1);
  error = g_error_copy (g_ptr_array_index (errors, 0));
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==,
                   "Line 10: Black’s move 2, “H8+7”, is not legal in that position");
}

static void
test_fen_file (void)
{
  static const char good[] = "\n  3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1  \r\nignored\n";
  static const char bad[] = "\n\n4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (CaturRecord) record = NULL;
  g_autofree char *fen = NULL;

  record = catur_variant_read_record (xiangqi (), "fen", good, strlen (good), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 0);
  fen = xq_position_to_fen (XQ (catur_record_get_start (record)));
  g_assert_cmpstr (fen, ==, "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");
  g_clear_object (&record);

  record = catur_variant_read_record (xiangqi (), "fen", bad, strlen (bad), &error);
  g_assert_null (record);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION);
  g_assert_true (g_str_has_prefix (error->message, "Line 3:"));
  g_clear_error (&error);

  record = catur_variant_read_record (xiangqi (), "fen", " \n\t\n", 4, &error);
  g_assert_null (record);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
}

/* What converters and Chinese programs write: WXF in full-width characters, a FEN tag with a
 * move number of 0 or with the board alone. */
static void
test_converters (void)
{
  static const char * const texts[] = {
    "[Game \"Chinese Chess\"]\n\n1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９＝８ *\n",
    "[Game \"Chinese Chess\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR "
    "w - - 0 0\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 *\n",
    "[Game \"Chinese Chess\"]\n"
    "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR\"]\n\n"
    "1. C2.5 H8+7 2. H2+3 R9.8 *\n",
  };
  static const char * const bad = "[Game \"Chinese Chess\"]\n[FEN \"rnbakabnr/9 w\"]\n\n*\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (CaturRecord) record = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (CaturRecord) read = catur_variant_read_record (xiangqi (), "pgn", texts[i],
                                                               strlen (texts[i]), &error);
      g_autoptr (CaturPosition) final = NULL;
      g_autofree char *fen = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (catur_record_get_n_moves (read), ==, 4);
      final = catur_record_dup_final_position (read);
      fen = xq_position_to_fen (XQ (final));
      g_assert_cmpstr (fen, ==,
                       "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3");
    }

  /* A tag that is no position whatever is left out still says what is wrong with it. */
  record = catur_variant_read_record (xiangqi (), "pgn", bad, strlen (bad), &error);
  g_assert_null (record);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_POSITION);
  g_assert_true (g_str_has_prefix (error->message, "Line 2: the start position in the FEN tag"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/xiangqi/pgn/chinese-notation", test_chinese_notation);
  g_test_add_func ("/xiangqi/pgn/chinese-all-moves", test_chinese_all_moves);
  g_test_add_func ("/xiangqi/pgn/chinese-move-list", test_chinese_move_list);
  g_test_add_func ("/xiangqi/pgn/known-games", test_known_games);
  g_test_add_func ("/xiangqi/pgn/encodings", test_encodings);
  g_test_add_func ("/xiangqi/pgn/roundtrip", test_roundtrip);
  g_test_add_func ("/xiangqi/pgn/errors", test_errors);
  g_test_add_func ("/xiangqi/pgn/bad-encoding", test_bad_encoding);
  g_test_add_func ("/xiangqi/pgn/first-of-several", test_first_of_several);
  g_test_add_func ("/xiangqi/pgn/database", test_database);
  g_test_add_func ("/xiangqi/pgn/fen-file", test_fen_file);
  g_test_add_func ("/xiangqi/pgn/converters", test_converters);

  return g_test_run ();
}
