/* test-shogi-ki2.c: KI2, the record without origins: its words read, what Catur writes read
 * back, the summary's endings, the refusals, and files told from KIF's
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The moves expected of the texts below are those tsshogi (ShogiHome's reader) finds in them;
 * tests/interchange checks that it reads what Catur writes.
 */
#include <catur.h>
#include <string.h>

#include "shogi-core.h"

static CaturVariant *
shogi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("shogi");

  g_assert_nonnull (variant);
  return variant;
}

/* The record's moves in USI, separated by spaces. */
static char *
usi_moves (CaturRecord *record)
{
  g_autoptr(CaturPosition) pos = catur_position_copy (catur_record_get_start (record));
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < catur_record_get_n_moves (record); i++)
    {
      CaturMove move = *catur_record_get_move (record, i);
      g_autofree char *usi = catur_variant_format_move (shogi (), pos, &move, "usi");

      g_string_append_printf (out, "%s%s", i > 0 ? " " : "", usi);
      catur_variant_play (shogi (), pos, &move);
    }
  return g_string_free (out, FALSE);
}

static CaturRecord *
read_ki2 (const char *text)
{
  g_autoptr(GError) error = NULL;
  CaturRecord *record = catur_variant_read_record (shogi (), "ki2", text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (record);
  return record;
}

/* Three golds and two silvers that could go to the same squares: 直, 右, 引 and 寄 tell them
 * apart, 打 the gold in hand from those on the board. */
static const char words_game[] =
  "開始日時：2026/12/05\n"
  "先手：テスト一郎\n"
  "後手：テスト二郎\n"
  "後手の持駒：なし\n"
  "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
  "+---------------------------+\n"
  "| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n"
  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n"
  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
  "| ・ ・ 銀 ・ 銀 ・ ・ ・ ・|七\n"
  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
  "| 玉 ・ ・ 金 金 金 ・ ・ ・|九\n"
  "+---------------------------+\n"
  "先手の持駒：金　歩\n"
  "*三枚の金\n"
  "▲５八金直    △１二玉      ▲５九金右    △１一玉      ▲６八銀右    △１二玉\n"
  "*打つ金\n"
  "▲４八金打    △１一玉      ▲４九金寄    △１二玉\n"
  "まで10手で中断\n";

/* 同, a drop without 打 (no Bishop on the board could go there), 成 and 不成; a resignation. */
static const char even_game[] =
  "手合割：平手　　\n"
  "▲７六歩    △３四歩    ▲２二角成    △同　銀    ▲４五角    △８四歩\n"
  "▲３四角    △３三桂    ▲４三角不成\n"
  "まで9手で先手の勝ち\n";

/* What other writers put differently: kanji or ASCII files, KIF's origin, no space after 同,
 * more words than needed (右上 where 右 tells), 打 where no board piece could go. */
static const char other_writers_game[] =
  "手合割：平手\n"
  "▲七六歩    △3四歩    ▲２二角成(88)    △同銀    ▲５八金右上    △５二金右\n"
  "▲４五角打\n";

static void
test_ki2_words (void)
{
  g_autoptr(CaturRecord) words = read_ki2 (words_game);
  g_autoptr(CaturRecord) even = read_ki2 (even_game);
  g_autofree char *words_usi = usi_moves (words);
  g_autofree char *even_usi = usi_moves (even);
  const CaturOutcome *outcome;

  g_assert_cmpstr (words_usi, ==, "5i5h 1a1b 4i5i 1b1a 5g6h 1a1b G*4h 1b1a 5i4i 1a1b");
  g_assert_cmpstr (catur_record_get_tag (words, "Sente"), ==, "テスト一郎");
  g_assert_cmpstr (catur_record_get_tag (words, "Gote"), ==, "テスト二郎");
  g_assert_cmpstr (catur_record_get_tag (words, "Date"), ==, "2026.12.05");
  g_assert_cmpstr (catur_record_get_comment (words, 0), ==, "三枚の金");
  g_assert_cmpstr (catur_record_get_comment (words, 6), ==, "打つ金");
  g_assert_null (catur_record_get_tag (words, "Result"));

  g_assert_cmpstr (even_usi, ==, "7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d 4e3d 2a3c 3d4c");
  {
    g_autoptr(CaturRecord) other = read_ki2 (other_writers_game);
    g_autofree char *other_usi = usi_moves (other);

    g_assert_cmpstr (other_usi, ==, "7g7f 3c3d 8h2b+ 3a2b 4i5h 6a5b B*4e");
  }
  outcome = catur_record_get_outcome (even);
  g_assert_cmpint (outcome->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome->winner, ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (outcome->reason, ==, CATUR_REASON_RESIGN);
}

/* What Catur writes: its words, its lines, and the same record read back. */
static void
test_ki2_written (void)
{
  g_autoptr(CaturRecord) words = read_ki2 (words_game);
  g_autoptr(CaturRecord) even = read_ki2 (even_game);
  g_autoptr(GError) error = NULL;
  g_autofree char *words_text = catur_variant_write_record (shogi (), "ki2", words, &error);
  g_autofree char *even_text = catur_variant_write_record (shogi (), "ki2", even, &error);
  g_autoptr(CaturRecord) again = NULL;

  g_assert_no_error (error);
  g_test_message ("%s\n%s", words_text, even_text);
  g_assert_nonnull (strstr (words_text, "先手：テスト一郎\n"));
  g_assert_nonnull (strstr (words_text, "開始日時：2026/12/05\n"));
  g_assert_nonnull (strstr (words_text, "先手の持駒：金　歩　\n"));
  g_assert_nonnull (strstr (words_text,
                            "*三枚の金\n"
                            "▲５八金直    △１二玉      ▲５九金右    △１一玉      ▲６八銀右"
                            "    △１二玉\n*打つ金\n▲４八金打    △１一玉      ▲４九金寄"
                            "    △１二玉\n"));
  g_assert_null (strstr (words_text, "まで"));
  g_assert_true (g_str_has_suffix (even_text,
                                   "▲７六歩      △３四歩      ▲２二角成    △同　銀      "
                                   "▲４五角      △８四歩\n"
                                   "▲３四角      △３三桂      ▲４三角不成\n"
                                   "まで9手で先手の勝ち\n"));
  again = read_ki2 (words_text);
  g_assert_true (catur_record_equal (again, words));
  g_clear_object (&again);
  again = read_ki2 (even_text);
  g_assert_true (catur_record_equal (again, even));
}

/* Seeded random games, whose many promoted pieces and drops need every word: written and read
 * back, the same moves. */
static void
test_ki2_random_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (32);
  guint words_seen = 0;

  for (guint game = 0; game < 30; game++)
    {
      g_autoptr(CaturPosition) pos = catur_variant_new_position (shogi (), NULL, 0);
      g_autoptr(CaturRecord) record = catur_record_new (shogi (), catur_position_copy (pos));
      g_autoptr(CaturRecord) again = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      for (guint ply = 0; ply < 200; ply++)
        {
          g_autoptr(GArray) moves = catur_variant_legal_moves (shogi (), pos);
          CaturMove chosen;

          if (moves->len == 0)
            break;
          chosen = g_array_index (moves, CaturMove, g_rand_int_range (rand, 0, (int) moves->len));
          catur_record_append_move (record, &chosen);
          catur_variant_play (shogi (), pos, &chosen);
        }
      text = catur_variant_write_record (shogi (), "ki2", record, &error);
      g_assert_no_error (error);
      for (const char *p = text; (p = strpbrk (p, "\xe5\xe7\xe6")) != NULL; p++)
        words_seen += g_str_has_prefix (p, "右") || g_str_has_prefix (p, "左")
                      || g_str_has_prefix (p, "直") || g_str_has_prefix (p, "引")
                      || g_str_has_prefix (p, "寄") || g_str_has_prefix (p, "上");
      again = catur_variant_read_record (shogi (), "ki2", text, strlen (text), &error);
      if (error != NULL)
        g_test_message ("%s", text);
      g_assert_no_error (error);
      g_assert_cmpuint (catur_record_get_n_moves (again), ==, catur_record_get_n_moves (record));
      for (guint i = 0; i < catur_record_get_n_moves (record); i++)
        g_assert_true (catur_move_equal (catur_record_get_move (again, i),
                                         catur_record_get_move (record, i)));
    }
  /* The games did need the words. */
  g_assert_cmpuint (words_seen, >, 50);
}

static void
test_ki2_endings (void)
{
  static const struct {
    const char *summary;
    CaturResult result;
    CaturSide winner;
    CaturReason reason;
  } cases[] = {
    { "まで4手で後手の勝ち", CATUR_RESULT_WIN, CATUR_SIDE_SECOND, CATUR_REASON_RESIGN },
    { "まで4手で時間切れにより後手の勝ち", CATUR_RESULT_WIN, CATUR_SIDE_SECOND,
      CATUR_REASON_TIME_OUT },
    { "まで4手で先手の入玉勝ち", CATUR_RESULT_WIN, CATUR_SIDE_FIRST, CATUR_REASON_IMPASSE },
    { "まで4手で先手の反則勝ち", CATUR_RESULT_WIN, CATUR_SIDE_FIRST,
      CATUR_REASON_ILLEGAL_MOVE },
    { "まで4手で先手の反則負け", CATUR_RESULT_WIN, CATUR_SIDE_SECOND,
      CATUR_REASON_ILLEGAL_MOVE },
    /* A pawn dropped that Sente does not have loses as the summary says; the game keeps the
     * position before it. */
    { "▲７五歩打\nまで5手で後手の反則勝ち", CATUR_RESULT_WIN, CATUR_SIDE_SECOND,
      CATUR_REASON_ILLEGAL_MOVE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text =
        g_strdup_printf ("手合割：平手\n▲７六歩    △３四歩\n▲２二角成    △同　銀\n%s\n",
                         cases[i].summary);
      g_autoptr(CaturRecord) record = read_ki2 (text);
      g_autoptr(CaturRecord) again = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *written = NULL;
      const CaturOutcome *outcome = catur_record_get_outcome (record);

      g_test_message ("%s", cases[i].summary);
      g_assert_cmpuint (catur_record_get_n_moves (record), ==, 4);
      g_assert_cmpint (outcome->result, ==, cases[i].result);
      g_assert_cmpint (outcome->winner, ==, cases[i].winner);
      g_assert_cmpint (outcome->reason, ==, cases[i].reason);
      /* Written, the same ending. */
      written = catur_variant_write_record (shogi (), "ki2", record, &error);
      g_assert_no_error (error);
      again = read_ki2 (written);
      outcome = catur_record_get_outcome (again);
      g_assert_cmpint (outcome->winner, ==, cases[i].winner);
      g_assert_cmpint (outcome->reason, ==, cases[i].reason);
    }
}

static void
test_ki2_refusals (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "手合割：平手\n▲７六歩    △３四歩    ▲５八金\n",
      "Line 2: Sente’s move 3, “５八金”, does not read: it is ambiguous: ５八金(69) or "
      "５八金(49)" },
    { "手合割：平手\n▲７六歩    △３四歩    ▲５五金\n",
      "Line 2: Sente’s move 3, “５五金”, is not legal: no piece named can make that move" },
    { "手合割：平手\n▲７六歩    △３四歩    ▲５八金斜\n",
      "Line 2: Sente’s move 3, “５八金斜”, does not read: “斜” is no word of a move" },
    { "手合割：平手\n▲７六歩    △同　歩\n",
      "Line 2: Gote’s move 2, “同　歩”, is not legal: no piece named can make that move" },
    { "手合割：平手\n▲７六歩\nまで1手で中断\n▲３四歩\n",
      "Line 4: a move after the end of the game" },
    { "手合割：平手\n７六歩\n", "Line 2: neither a header nor a move" },
    { "手合割：平手\n▲７六歩\n７六歩\n",
      "Line 3: a move must begin with its mover’s mark (▲ or △)" },
    { "手合割：平手\n▲７六歩\nまで1手で何か\n",
      "Line 3: the summary does not say how the game ended" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "ki2", cases[i].text,
                                                                 strlen (cases[i].text), &error);

      g_assert_null (record);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* A file of either of Kakinoki's formats opens as what it is, whatever its name says, and a
 * `.ki2` in Shift_JIS reads as KI2. */
static void
test_ki2_detected (void)
{
  static const char kif[] =
    "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) from_ki2 = catur_record_read_file_data (NULL, even_game,
                                                                 strlen (even_game), NULL,
                                                                 &error);
  g_autoptr(CaturRecord) from_kif = NULL;
  g_autoptr(CaturRecord) from_sjis = NULL;
  g_autofree char *sjis = NULL;
  gsize length;

  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (from_ki2), ==, 9);
  from_kif = catur_record_read_file_data ("game.ki2", kif, strlen (kif), NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (from_kif), ==, 2);

  g_assert_cmpstr (catur_variant_guess_record_format (shogi (), "game.ki2",
                                                      CATUR_RECORD_FORMAT_WRITE)->id, ==,
                   "ki2-sjis");
  sjis = catur_variant_write_record_file (shogi (), "ki2-sjis", from_ki2, &length, &error);
  g_assert_no_error (error);
  g_assert_false (g_utf8_validate (sjis, (gssize) length, NULL));
  from_sjis = catur_record_read_file_data ("game.ki2", sjis, length, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_equal (from_sjis, from_ki2));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/shogi/ki2/words", test_ki2_words);
  g_test_add_func ("/shogi/ki2/written", test_ki2_written);
  g_test_add_func ("/shogi/ki2/random-round-trip", test_ki2_random_round_trip);
  g_test_add_func ("/shogi/ki2/endings", test_ki2_endings);
  g_test_add_func ("/shogi/ki2/refusals", test_ki2_refusals);
  g_test_add_func ("/shogi/ki2/detected", test_ki2_detected);
  return g_test_run ();
}
