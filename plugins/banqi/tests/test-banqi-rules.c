/* test-banqi-rules.c: the rules core against RULES.md §2 (BT1–BT8), BFEN, move text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <catur.h>

#include "banqi-core.h"

#define START "XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX f KAAEERRHHCCPPPPPkaaeerrhhccppppp 0 0"

static BqPosition
load (const char *bfen)
{
  g_autoptr(GError) error = NULL;
  BqPosition pos;

  if (!bq_position_from_bfen (&pos, bfen, &error))
    g_error ("%s: %s", bfen, error->message);
  return pos;
}

static BqMove
mv (const char *text)
{
  BqMove move;

  g_assert_true (bq_move_from_text (text, &move));
  return move;
}

/* g_ptr_array_sort() hands the comparison pointers to the elements. */
static gint
compare_texts (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The legal actions of @pos in coordinates, sorted and joined by spaces. */
static char *
actions (const BqPosition *pos)
{
  BqMove moves[BQ_MAX_MOVES];
  int n = bq_legal_moves (pos, moves);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < n; i++)
    g_ptr_array_add (texts, bq_move_to_text (pos, &moves[i], TRUE));
  g_ptr_array_sort (texts, compare_texts);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv (" ", (char **) texts->pdata);
}

static void
assert_actions (const char *bfen,
                const char *expected)
{
  BqPosition pos = load (bfen);
  g_autofree char *found = actions (&pos);
  g_auto(GStrv) words = g_strsplit (expected, " ", -1);
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();

  for (guint i = 0; words[i] != NULL; i++)
    g_ptr_array_add (sorted, words[i]);
  g_ptr_array_sort (sorted, compare_texts);
  g_ptr_array_add (sorted, NULL);
  {
    g_autofree char *want = g_strjoinv (" ", (char **) sorted->pdata);

    g_assert_cmpstr (found, ==, want);
  }
}

/* BT1: 32 legal actions, all flips; a flip showing a Black Horse makes the first player Black,
 * and Red acts next. */
static void
test_bt1 (void)
{
  BqPosition pos = load (START);
  BqMove moves[BQ_MAX_MOVES];
  BqMove flip = mv ("a1=h");
  g_autofree char *after = NULL;
  int n = bq_legal_moves (&pos, moves);

  g_assert_cmpint (n, ==, 32);
  for (int i = 0; i < n; i++)
    g_assert_true (moves[i].flip);

  bq_position_deal (&pos, 7);
  g_assert_cmpuint (bq_play (&pos, &flip), ==, BQ_KIND (BQ_HORSE, BQ_BLACK));
  g_assert_cmpint (bq_colour_of_seat (&pos, 0), ==, BQ_BLACK);
  g_assert_cmpint (bq_colour_to_move (&pos), ==, BQ_RED);
  after = bq_position_to_bfen (&pos);
  g_assert_cmpstr (after, ==, "XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/hXXX r "
                              "KAAEERRHHCCPPPPPkaaeerrhccppppp 0 1");
}

/* BT2: the cannon jumps one screen to c1, not two to d1; the face-down b1 only flips. */
static void
test_bt2 (void)
{
  BqPosition pos = load ("4/4/4/4/4/4/4/CXpr r p 0 20");
  BqExplanation why;

  assert_actions ("4/4/4/4/4/4/4/CXpr r p 0 20", "a1a2 a1c1 b1");
  g_assert_cmpint (bq_explain (&pos, 0, 3, FALSE, &why), ==, BQ_ILLEGAL_CANNON_SCREEN);
  g_assert_cmpuint (why.screens, ==, 2);
  g_assert_cmpint (bq_explain (&pos, 1, 5, FALSE, &why), ==, BQ_ILLEGAL_FACE_DOWN_MOVES);
}

/* BT3: a face-down piece is a screen. */
static void
test_bt3 (void)
{
  assert_actions ("4/4/4/4/4/4/4/C1Xp r h 0 20", "a1a2 a1b1 a1d1 c1");
}

/* BT4: the General takes an Advisor and a Chariot, never a Soldier. */
static void
test_bt4 (void)
{
  BqPosition pos = load ("4/4/4/4/4/1p2/aKk1/1X2 r P 0 30");
  BqExplanation why;

  assert_actions ("4/4/4/4/4/1p2/aKk1/1X2 r P 0 30", "b1 b2a2 b2c2");
  g_assert_cmpint (bq_explain (&pos, 5, 9, FALSE, &why), ==, BQ_ILLEGAL_GENERAL_SOLDIER);
}

/* BT5: the same board for Black: the Soldier takes the General, the Advisor cannot. */
static void
test_bt5 (void)
{
  BqPosition pos = load ("4/4/4/4/4/1p2/aKk1/1X2 b P 0 31");
  BqMove moves[BQ_MAX_MOVES];
  BqExplanation why;

  g_assert_cmpint (bq_legal_moves (&pos, moves), ==, 11);
  g_assert_true (bq_is_legal (&pos, &(BqMove) { 9, 5, FALSE, 0 }));
  g_assert_true (bq_is_legal (&pos, &(BqMove) { 6, 5, FALSE, 0 }));
  g_assert_cmpint (bq_explain (&pos, 4, 5, FALSE, &why), ==, BQ_ILLEGAL_RANK);
  g_assert_cmpuint (why.mover, ==, BQ_KIND (BQ_ADVISOR, BQ_BLACK));
  g_assert_cmpuint (why.target, ==, BQ_KIND (BQ_GENERAL, BQ_RED));
}

/* BT6: the Horse takes a Cannon, a Horse and a Soldier, not a Chariot. */
static void
test_bt6 (void)
{
  BqPosition pos = load ("4/4/4/4/4/1r2/cHh1/1p2 r - 0 30");
  BqExplanation why;

  assert_actions ("4/4/4/4/4/1r2/cHh1/1p2 r - 0 30", "b2a2 b2b1 b2c2");
  g_assert_cmpint (bq_explain (&pos, 5, 9, FALSE, &why), ==, BQ_ILLEGAL_RANK);
}

/* BT7: no action → the side to move loses (B10). */
static void
test_bt7 (void)
{
  BqPosition pos = load ("4/4/4/4/4/4/r3/Pe2 r - 0 40");
  BqMove moves[BQ_MAX_MOVES];
  BqStatus status;

  g_assert_cmpint (bq_legal_moves (&pos, moves), ==, 0);
  bq_status (&pos, &status);
  g_assert_cmpint (status.result, ==, BQ_WIN_NO_MOVES);
  /* Ply 40: the first seat moves, playing Red; the second seat, Black, wins. */
  g_assert_cmpuint (status.winner, ==, 1);
  g_assert_cmpint (bq_colour_of_seat (&pos, status.winner), ==, BQ_BLACK);
}

/* BT8: at 49 quiet turns a step draws; a flip or a capture resets the counter. */
static void
test_bt8 (void)
{
  const char *bfen = "4/4/4/4/4/p3/1Kh1/X3 r P 49 30";
  BqPosition step = load (bfen), capture = load (bfen), flip = load (bfen);
  BqStatus status;

  bq_position_deal (&flip, 1);
  bq_play (&step, &(BqMove) { 5, 9, FALSE, 0 });
  bq_status (&step, &status);
  g_assert_cmpuint (step.quiet, ==, 50);
  g_assert_cmpint (status.result, ==, BQ_DRAW_QUIET);

  g_assert_true (bq_is_legal (&capture, &(BqMove) { 5, 6, FALSE, 0 }));
  bq_play (&capture, &(BqMove) { 5, 6, FALSE, 0 });
  bq_status (&capture, &status);
  g_assert_cmpuint (capture.quiet, ==, 0);
  g_assert_cmpint (status.result, ==, BQ_ONGOING);

  bq_play (&flip, &(BqMove) { 0, 0, TRUE, 0 });
  bq_status (&flip, &status);
  g_assert_cmpuint (flip.quiet, ==, 0);
  g_assert_cmpint (status.result, ==, BQ_ONGOING);
}

/* B9: capturing the last piece wins, even with a step that would also be quiet. */
static void
test_capture_all (void)
{
  BqPosition pos = load ("4/4/4/4/4/4/1Kh1/4 r - 10 30");
  BqStatus status;

  bq_play (&pos, &(BqMove) { 5, 6, FALSE, 0 });
  bq_status (&pos, &status);
  g_assert_cmpint (status.result, ==, BQ_WIN_CAPTURE_ALL);
  g_assert_cmpuint (status.winner, ==, 0);
  g_assert_cmpint (bq_legal_moves (&pos, (BqMove[BQ_MAX_MOVES]) { { 0 } }), ==, 0);
}

/* The cannon: takes anything across one screen, never its neighbour, steps one square. */
static void
test_cannon (void)
{
  BqPosition pos = load ("4/4/K3/X3/c3/1X2/4/4 b PP 0 21");
  BqExplanation why;

  /* a4 cannon: a5 is a face-down screen, a6 the Red General: taken from afar. */
  g_assert_true (bq_is_legal (&pos, &(BqMove) { 12, 20, FALSE, 0 }));
  g_assert_cmpint (bq_explain (&pos, 12, 16, FALSE, &why), ==, BQ_ILLEGAL_CAPTURE_FACE_DOWN);
  g_assert_cmpint (bq_explain (&pos, 12, 4, FALSE, &why), ==, BQ_ILLEGAL_TOO_FAR);
  g_assert_cmpint (bq_explain (&pos, 12, 13, FALSE, &why), ==, BQ_LEGAL);
  g_assert_cmpint (bq_explain (&pos, 12, 17, FALSE, &why), ==, BQ_ILLEGAL_DIAGONAL);

  pos = load ("4/4/4/4/4/4/4/CH1p r - 0 20");
  g_assert_cmpint (bq_explain (&pos, 0, 1, FALSE, &why), ==, BQ_ILLEGAL_OWN_PIECE);
  pos = load ("4/4/4/4/4/4/4/Ch1p r - 0 20");
  g_assert_cmpint (bq_explain (&pos, 0, 1, FALSE, &why), ==, BQ_ILLEGAL_CANNON_NEIGHBOUR);
  g_assert_true (bq_is_legal (&pos, &(BqMove) { 0, 3, FALSE, 0 }));
  pos = load ("4/4/4/4/4/4/4/C2p r - 0 20");
  g_assert_cmpint (bq_explain (&pos, 0, 3, FALSE, &why), ==, BQ_ILLEGAL_CANNON_SCREEN);
  g_assert_cmpuint (why.screens, ==, 0);
}

static void
test_explain_order (void)
{
  BqPosition pos = load ("4/4/4/4/4/1p2/aKk1/1X2 r P 0 30");
  BqExplanation why;

  g_assert_cmpint (bq_explain (&pos, 0, 4, FALSE, &why), ==, BQ_ILLEGAL_EMPTY_SQUARE);
  g_assert_cmpint (bq_explain (&pos, 4, 8, FALSE, &why), ==, BQ_ILLEGAL_NOT_OWN_PIECE);
  g_assert_cmpint (bq_explain (&pos, 5, 5, TRUE, &why), ==, BQ_ILLEGAL_FACE_UP);
  g_assert_cmpint (bq_explain (&pos, 1, 1, TRUE, &why), ==, BQ_LEGAL);
  g_assert_cmpint (bq_explain (&pos, 1, G_MAXUINT, FALSE, &why), ==, BQ_LEGAL);
  g_assert_cmpint (bq_explain (&pos, 5, 1, FALSE, &why), ==, BQ_ILLEGAL_CAPTURE_FACE_DOWN);
  g_assert_cmpint (bq_explain (&pos, 5, 13, FALSE, &why), ==, BQ_ILLEGAL_TOO_FAR);

  /* A face-down target is the reason whatever the way there (aslant a4, far b4): the player
   * who chose it with a piece up meant to turn it over. */
  pos = load ("4/4/4/4/XX2/4/4/1K1p r PP 0 30");
  g_assert_cmpint (bq_explain (&pos, 1, 12, FALSE, &why), ==, BQ_ILLEGAL_CAPTURE_FACE_DOWN);
  g_assert_cmpint (bq_explain (&pos, 1, 13, FALSE, &why), ==, BQ_ILLEGAL_CAPTURE_FACE_DOWN);
}

/* B2: every field named when it is wrong. */
static void
test_bfen_rejected (void)
{
  static const struct { const char *bfen; const char *message; } cases[] = {
    { "4/4/4/4/4/4/4/CXpr r pp 0 20",
      "Field 3 (face-down pieces): it holds 2 pieces for 1 face-down squares" },
    { "4/4/4/4/4/4/4/CXpr r - 0 20",
      "Field 3 (face-down pieces): it holds 0 pieces for 1 face-down squares" },
    { "4/4/4/4/4/4/4/CXpr r x 0 20",
      "Field 3 (face-down pieces): it may hold only the letters KAERHCP and kaerhcp" },
    { "CC2/4/4/4/4/4/4/CXpr r C 0 20",
      "Field 3 (face-down pieces): with the board there are 4 of Red Cannon; a set has 2" },
    { "XXX1/4/4/4/4/4/4/4 r KKK 0 20",
      "Field 3 (face-down pieces): there are 3 of Red General in it; a set has 1" },
    { "CCC1/4/4/4/4/4/4/4 r - 0 20",
      "Field 3 (face-down pieces): with the board there are 3 of Red Cannon; a set has 2" },
    { "4/4/4/4/4/4/4/CXpr w p 0 20", "Field 2 (side to move): must be “r”, “b” or “f”" },
    { "4/4/4/4/4/4/4/CXpr f p 0 0",
      "Field 2 (side to move): “f” (no colours yet) needs every piece face down" },
    { "XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX f KAAEERRHHCCPPPPPkaaeerrhhccppppp 0 3",
      "Field 5 (plies played): before the first flip no ply has been played" },
    { "4/4/4/4/4/4/4/CXpr r p 181 20",
      "Field 4 (turns without a flip or a capture): must be a number from 0 to 180" },
    { "4/4/4/4/4/4/4/CXpr r p 0 x",
      "Field 5 (plies played): must be a number from 0 to 65535" },
    { "4/4/4/4/4/4/4/CXpZ r p 0 20",
      "Field 1 (board): rank 1 has an unknown piece letter “Z”" },
    /* Found by fuzz-banqi: two fields only, and the pool was read where there was none. */
    { "4/4/4/4/4/4/4/CXpr r", "Field 3 (face-down pieces) is missing" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      BqPosition pos;

      g_test_message ("%s", cases[i].bfen);
      g_assert_false (bq_position_from_bfen (&pos, cases[i].bfen, &error));
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_bfen_round_trip (void)
{
  static const char * const texts[] = {
    START,
    "4/4/4/4/4/4/4/CXpr r p 0 20",
    "4/4/4/4/4/1p2/aKk1/1X2 b P 0 31",
    "XXhX/XCXX/pXXX/XXkX/XAXX/XXXX/XPXc/XXXX r KAEERRHHCPPPPaaeerrhcpppp 0 8",
    "4/4/4/4/4/4/r3/Pe2 r - 0 40",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      BqPosition pos = load (texts[i]);
      g_autofree char *again = bq_position_to_bfen (&pos);

      g_assert_cmpstr (again, ==, texts[i]);
    }
}

/* TCGA's letters G, M and N read as the Advisor, Elephant and Horse; the pool in any order
 * is written in B2's. */
static void
test_tcga_letters (void)
{
  g_autoptr(GError) error = NULL;
  BqPosition pos;
  g_autofree char *text = NULL;

  g_assert_true (bq_position_from_bfen (&pos, "4/4/4/4/4/4/XX2/GMNg r kp 0 20", &error));
  g_assert_no_error (error);
  text = bq_position_to_bfen (&pos);
  g_assert_cmpstr (text, ==, "4/4/4/4/4/4/XX2/AEHa r kp 0 20");
}

static void
test_move_text (void)
{
  BqPosition pos = load ("4/4/4/4/4/4/4/C1Xp r h 0 20");
  static const struct { const char *text; gboolean coordinate; const char *written; } cases[] = {
    { "a1-a2", FALSE, "a1-a2" }, { "a1a2", TRUE, "a1a2" }, { "a1xd1", FALSE, "a1xd1" },
    { "a1-d1", FALSE, "a1xd1" }, { "a1d1", TRUE, "a1d1" }, { "c1", FALSE, "c1" },
    { "c1(h)", FALSE, "c1(h)" }, { "c1=h", TRUE, "c1=h" }, { "c1=h", FALSE, "c1(h)" },
  };
  static const char * const bad[] = {
    "", "a", "e1", "a9", "a1-", "a1(Z)", "a1=", "a1(K", "a1a2a3",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      BqMove move = mv (cases[i].text);
      g_autofree char *written = bq_move_to_text (&pos, &move, cases[i].coordinate);

      g_assert_cmpstr (written, ==, cases[i].written);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      BqMove move;

      g_assert_false (bq_move_from_text (bad[i], &move));
    }
}

/* The deal is a shuffle of the pool, the same for the same seed, and the layout text keeps it. */
static void
test_deal (void)
{
  static const guint8 full_set[BQ_N_KINDS] = BQ_FULL_SET;
  BqPosition a = load (START), b = load (START), c = load (START), restored = load (START);
  g_autofree char *layout_a = NULL, *layout_b = NULL, *layout_c = NULL, *again = NULL;
  g_autoptr(GError) error = NULL;
  guint8 counted[BQ_N_KINDS] = { 0 };

  bq_position_deal (&a, 42);
  bq_position_deal (&b, 42);
  bq_position_deal (&c, 43);
  layout_a = bq_format_hidden (&a);
  layout_b = bq_format_hidden (&b);
  layout_c = bq_format_hidden (&c);
  g_assert_cmpstr (layout_a, ==, layout_b);
  g_assert_cmpstr (layout_a, !=, layout_c);
  g_assert_cmpuint (strlen (layout_a), ==, 32);
  for (const char *p = layout_a; *p != '\0'; p++)
    counted[bq_kind_of_letter (*p)]++;
  g_assert_cmpmem (counted, sizeof counted, full_set, sizeof counted);

  g_assert_true (bq_restore_hidden (&restored, layout_a, &error));
  g_assert_no_error (error);
  again = bq_format_hidden (&restored);
  g_assert_cmpstr (again, ==, layout_a);
  g_assert_false (bq_restore_hidden (&restored, "KKKK", &error));
  g_assert_cmpstr (error->message, ==, "The layout does not fit the face-down squares");
}

/* Over many deals each square holds each kind about as often as the pool says: 2/32 of
 * the time for a Red Advisor (a loose bound, five standard deviations). */
static void
test_deal_uniform (void)
{
  guint seen[BQ_SQUARES] = { 0 };
  const guint deals = 8000;

  for (guint seed = 0; seed < deals; seed++)
    {
      BqPosition pos = load (START);

      bq_position_deal (&pos, seed * 2654435761u);
      for (int sq = 0; sq < BQ_SQUARES; sq++)
        seen[sq] += BQ_CELL_KIND (pos.cell[sq]) == BQ_KIND (BQ_ADVISOR, BQ_RED);
    }
  for (int sq = 0; sq < BQ_SQUARES; sq++)
    {
      double expected = deals * 2.0 / 32, variance = expected * (1 - 2.0 / 32);
      double off = seen[sq] - expected;

      g_assert_cmpfloat (off * off, <, 25 * variance);
    }
}

/* Texts a few bytes away from valid ones: refused with a message, or read and written back
 * the same (what the reader accepts, the writer writes, and the reader takes again). */
static void
test_bfen_mutations (void)
{
  static const char * const seeds[] = {
    START,
    "4/4/4/4/4/4/4/CXpr r p 0 20",
    "XXhX/XCXX/pXXX/XXkX/XAXX/XXXX/XPXc/XXXX r KAEERRHHCPPPPaaeerrhcpppp 0 8",
  };
  static const char alphabet[] = "XKAERHCPkaerhcpGMN0123456789/ -rbfx";
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (guint i = 0; i < 20000; i++)
    {
      g_autofree char *text = g_strdup (seeds[i % G_N_ELEMENTS (seeds)]);
      gsize length = strlen (text);
      g_autoptr(GError) error = NULL;
      BqPosition pos, again;

      for (guint k = 0, n = g_rand_int_range (rand, 1, 4); k < n; k++)
        text[g_rand_int_range (rand, 0, length)]
          = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      if (bq_position_from_bfen (&pos, text, &error))
        {
          g_autofree char *written = bq_position_to_bfen (&pos);
          g_autofree char *rewritten = NULL;

          g_assert_true (bq_position_from_bfen (&again, written, NULL));
          rewritten = bq_position_to_bfen (&again);
          g_assert_cmpstr (written, ==, rewritten);
        }
      else
        g_assert_true (error != NULL && error->message[0] != '\0');
    }
}


/* B12's variants: each test plays the same position with the rule and without, so that a rule
 * the core ignored would fail it. */

static BqPosition
load_rules (const char *bfen,
            guint8      rules)
{
  BqPosition pos = load (bfen);

  pos.rules = rules;
  return pos;
}

static void
assert_rule_actions (const char *bfen,
                     guint8      rules,
                     const char *expected)
{
  BqPosition pos = load_rules (bfen, rules);
  g_autofree char *found = actions (&pos);

  g_assert_cmpstr (found, ==, expected);
}

/* The sliding Chariot goes along empty squares and takes the first piece it meets, by rank;
 * without the rule it is refused with its own reason. */
static void
test_variant_chariot_slide (void)
{
  const char *bfen = "4/4/4/4/p3/4/4/R2a r - 0 20";
  BqPosition plain = load (bfen), slide = load_rules (bfen, BQ_RULE_CHARIOT_SLIDE);
  BqPosition blocked = load_rules ("4/4/4/4/p3/4/4/RX1h r p 0 20", BQ_RULE_CHARIOT_SLIDE);
  BqExplanation why;

  assert_rule_actions (bfen, 0, "a1a2 a1b1");
  /* The Advisor on d1 ranks higher: the slide stops short of it. */
  assert_rule_actions (bfen, BQ_RULE_CHARIOT_SLIDE, "a1a2 a1a3 a1a4 a1b1 a1c1");
  g_assert_cmpint (bq_explain (&plain, 0, 2, FALSE, &why), ==, BQ_ILLEGAL_SLIDE_OFF);
  g_assert_cmpint (bq_explain (&slide, 0, 2, FALSE, &why), ==, BQ_LEGAL);
  g_assert_cmpint (bq_explain (&slide, 0, 3, FALSE, &why), ==, BQ_ILLEGAL_RANK);
  g_assert_cmpint (bq_explain (&blocked, 0, 3, FALSE, &why), ==, BQ_ILLEGAL_SLIDE_BLOCKED);
  g_assert_cmpuint (why.screens, ==, 1);
  g_assert_cmpint (bq_explain (&slide, 0, BQ_SQUARE (0, 3), FALSE, &why), ==, BQ_LEGAL);
  /* Only the Chariot slides. */
  assert_rule_actions ("4/4/4/4/p3/4/4/H3 r - 0 20", BQ_RULE_CHARIOT_SLIDE, "a1a2 a1b1");
}

/* The Hong-Kong order: General, Chariot, Advisor, Elephant, Horse, Cannon, Soldier. */
static void
test_variant_hong_kong (void)
{
  static const BqRank order[] = {
    BQ_GENERAL, BQ_CHARIOT, BQ_ADVISOR, BQ_ELEPHANT, BQ_HORSE, BQ_CANNON, BQ_SOLDIER,
  };
  BqPosition plain = load ("4/4/4/4/4/4/4/Ra2 r - 0 20");
  BqPosition hong_kong = load_rules ("4/4/4/4/4/4/4/Ra2 r - 0 20", BQ_RULE_HONG_KONG);
  BqExplanation why;

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpuint (bq_rank_order (BQ_RULE_HONG_KONG, order[i]), ==, i);
  for (BqRank rank = 0; rank < BQ_N_RANKS; rank++)
    g_assert_cmpuint (bq_rank_order (0, rank), ==, rank);

  /* The Chariot takes the Advisor, which no longer takes it. */
  assert_rule_actions ("4/4/4/4/4/4/4/Ra2 r - 0 20", 0, "a1a2");
  assert_rule_actions ("4/4/4/4/4/4/4/Ra2 r - 0 20", BQ_RULE_HONG_KONG, "a1a2 a1b1");
  assert_rule_actions ("4/4/4/4/4/4/4/Ra2 b - 0 21", 0, "b1a1 b1b2 b1c1");
  assert_rule_actions ("4/4/4/4/4/4/4/Ra2 b - 0 21", BQ_RULE_HONG_KONG, "b1b2 b1c1");
  g_assert_cmpint (bq_explain (&plain, 0, 1, FALSE, &why), ==, BQ_ILLEGAL_RANK);
  g_assert_cmpint (bq_explain (&hong_kong, 0, 1, FALSE, &why), ==, BQ_LEGAL);
  /* The exceptions stay: the General takes the Chariot, not the Soldier. */
  g_assert_true (bq_may_capture (BQ_RULE_HONG_KONG, BQ_GENERAL, BQ_CHARIOT));
  g_assert_false (bq_may_capture (BQ_RULE_HONG_KONG, BQ_GENERAL, BQ_SOLDIER));
  g_assert_true (bq_may_capture (BQ_RULE_HONG_KONG, BQ_SOLDIER, BQ_GENERAL));
  g_assert_false (bq_may_capture (BQ_RULE_HONG_KONG, BQ_ELEPHANT, BQ_CHARIOT));
}

/* Chain captures: the capturing piece goes on while it can take, each capture its own ply;
 * the player may stop, and nothing else may move meanwhile. */
static void
test_variant_chain (void)
{
  const char *bfen = "P2p/4/4/4/4/4/4/Rhh1 r - 0 20";
  BqPosition plain = load (bfen), chain = load_rules (bfen, BQ_RULE_CHAIN);
  BqPosition stopped;
  BqExplanation why;
  BqMove stop = { BQ_STOP, BQ_STOP, FALSE, 0 };

  bq_play (&plain, &(BqMove) { 0, 1, FALSE, 0 });
  g_assert_cmpuint (plain.side, ==, 1);
  g_assert_cmpuint (plain.chain, ==, 0);

  bq_play (&chain, &(BqMove) { 0, 1, FALSE, 0 });
  g_assert_cmpuint (chain.side, ==, 0);
  g_assert_cmpuint (chain.chain, ==, BQ_SQUARE (1, 0) + 1);
  /* The turn goes on: the plies count turns (the seat to move follows them in BFEN). */
  g_assert_cmpuint (chain.ply, ==, 20);
  {
    g_autofree char *found = actions (&chain);

    g_assert_cmpstr (found, ==, "b1c1 stop");
  }
  g_assert_cmpint (bq_explain (&chain, BQ_SQUARE (0, 7), BQ_SQUARE (1, 7), FALSE, &why), ==,
                   BQ_ILLEGAL_CHAIN_OTHER);
  g_assert_cmpuint (why.target, ==, BQ_KIND (BQ_CHARIOT, BQ_RED));
  g_assert_cmpint (bq_explain (&chain, BQ_SQUARE (1, 0), BQ_SQUARE (1, 1), FALSE, &why), ==,
                   BQ_ILLEGAL_CHAIN_NOT_CAPTURE);

  stopped = chain;
  g_assert_true (bq_is_legal (&stopped, &stop));
  bq_play (&stopped, &stop);
  g_assert_cmpuint (stopped.side, ==, 1);
  g_assert_cmpuint (stopped.chain, ==, 0);
  g_assert_cmpuint (stopped.ply, ==, 21);
  g_assert_false (bq_is_legal (&stopped, &stop));

  /* The second capture leaves nothing to take: the turn passes by itself. */
  bq_play (&chain, &(BqMove) { 1, 2, FALSE, 0 });
  g_assert_cmpuint (chain.side, ==, 1);
  g_assert_cmpuint (chain.chain, ==, 0);
  g_assert_cmpuint (chain.quiet, ==, 0);
  g_assert_cmpuint (chain.ply, ==, 21);

  /* In the middle of a chain the BFEN names the piece: it reads back. */
  {
    BqPosition mid = load_rules (bfen, BQ_RULE_CHAIN), again;
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;

    bq_play (&mid, &(BqMove) { 0, 1, FALSE, 0 });
    text = bq_position_to_bfen (&mid);
    g_assert_cmpstr (text, ==, "P2p/4/4/4/4/4/4/1Rh1 r - 0 20 b1");
    again = load (text);
    g_assert_cmpuint (again.chain, ==, mid.chain);
    g_assert_false (bq_position_from_bfen (&again, "P2p/4/4/4/4/4/4/1Rh1 r - 0 20 c1",
                                           &error));
    g_assert_error (error, CATUR_FEN_ERROR, CATUR_FEN_ERROR_POSITION);
  }

  /* The text of the stop reads back. */
  {
    g_autofree char *text = bq_move_to_text (&chain, &stop, FALSE);
    BqMove back = mv (text);

    g_assert_cmpstr (text, ==, "stop");
    g_assert_cmpuint (back.from, ==, BQ_STOP);
  }
}

/* The Olympiad rule draws after 180 quiet plies, not 50. */
static void
test_variant_olympiad (void)
{
  const char *fifty = "4/4/4/4/4/p3/1Kh1/X3 r P 49 30";
  BqPosition plain = load (fifty), olympiad = load_rules (fifty, BQ_RULE_OLYMPIAD);
  BqPosition late = load_rules ("4/4/4/4/4/p3/1Kh1/X3 r P 179 200", BQ_RULE_OLYMPIAD);
  BqStatus status;

  bq_play (&plain, &(BqMove) { 5, 9, FALSE, 0 });
  bq_play (&olympiad, &(BqMove) { 5, 9, FALSE, 0 });
  bq_status (&plain, &status);
  g_assert_cmpint (status.result, ==, BQ_DRAW_QUIET);
  bq_status (&olympiad, &status);
  g_assert_cmpint (status.result, ==, BQ_ONGOING);
  g_assert_false (bq_game_over (&olympiad));
  g_assert_cmpuint (bq_quiet_limit (&olympiad), ==, 180);

  bq_play (&late, &(BqMove) { 5, 9, FALSE, 0 });
  bq_status (&late, &status);
  g_assert_cmpint (status.result, ==, BQ_DRAW_QUIET);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/banqi/rules/bt1-start", test_bt1);
  g_test_add_func ("/banqi/rules/bt2-cannon-two-screens", test_bt2);
  g_test_add_func ("/banqi/rules/bt3-face-down-screen", test_bt3);
  g_test_add_func ("/banqi/rules/bt4-general-not-soldier", test_bt4);
  g_test_add_func ("/banqi/rules/bt5-soldier-takes-general", test_bt5);
  g_test_add_func ("/banqi/rules/bt6-horse", test_bt6);
  g_test_add_func ("/banqi/rules/bt7-no-action", test_bt7);
  g_test_add_func ("/banqi/rules/bt8-quiet-counter", test_bt8);
  g_test_add_func ("/banqi/rules/capture-all", test_capture_all);
  g_test_add_func ("/banqi/rules/cannon", test_cannon);
  g_test_add_func ("/banqi/rules/explain-order", test_explain_order);
  g_test_add_func ("/banqi/bfen/rejected", test_bfen_rejected);
  g_test_add_func ("/banqi/bfen/round-trip", test_bfen_round_trip);
  g_test_add_func ("/banqi/bfen/tcga-letters", test_tcga_letters);
  g_test_add_func ("/banqi/bfen/mutations", test_bfen_mutations);
  g_test_add_func ("/banqi/notation/move-text", test_move_text);
  g_test_add_func ("/banqi/deal/seeded", test_deal);
  g_test_add_func ("/banqi/deal/uniform", test_deal_uniform);
  g_test_add_func ("/banqi/variant/chariot-slide", test_variant_chariot_slide);
  g_test_add_func ("/banqi/variant/hong-kong", test_variant_hong_kong);
  g_test_add_func ("/banqi/variant/chain", test_variant_chain);
  g_test_add_func ("/banqi/variant/olympiad", test_variant_olympiad);

  return g_test_run ();
}
