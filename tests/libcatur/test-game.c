/* test-game.c: CaturGame and the plugin loader, over the real Xiangqi plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include <catur.h>

static CaturVariant *
first_variant (void)
{
  GPtrArray *variants = catur_plugins_get_variants ();

  g_assert_cmpuint (variants->len, >, 0);
  return g_ptr_array_index (variants, 0);
}

static void
test_plugins_loaded (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  CaturGeometry geometry;

  g_assert_nonnull (variant);
  g_assert_true (variant == first_variant ());
  g_assert_cmpstr (catur_variant_get_id (variant), ==, "xiangqi");
  catur_variant_get_geometry (variant, &geometry);
  g_assert_cmpuint (geometry.files, ==, 9);
  g_assert_cmpuint (geometry.ranks, ==, 10);
  g_assert_true (geometry.on_points);
  g_assert_null (catur_plugins_find_variant ("no-such-game"));
}

static void
test_broken_plugin_reported (void)
{
  GPtrArray *failures = catur_plugins_get_failures ();
  gboolean found = FALSE;

  for (guint i = 0; i < failures->len; i++)
    {
      CaturPluginFailure *failure = g_ptr_array_index (failures, i);

      if (g_str_equal (failure->name, "libbroken.so"))
        {
          found = TRUE;
          g_assert_nonnull (failure->message);
          g_assert_cmpstr (failure->message, !=, "");
        }
    }
  g_assert_true (found);
  /* The good plugin still loaded. */
  g_assert_nonnull (catur_plugins_find_variant ("xiangqi"));
}

static void
test_play_and_undo (void)
{
  g_autoptr(CaturGame) game = catur_game_new (first_variant (), NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGameMove) item = NULL;
  g_autofree char *fen = NULL;

  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_FIRST);
  g_assert_true (catur_game_play_text (game, "h2e2", &error));
  g_assert_no_error (error);
  g_assert_true (catur_game_play_text (game, "H8+7", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (catur_game_get_moves (game)), ==, 2);

  item = g_list_model_get_item (catur_game_get_moves (game), 0);
  g_assert_cmpstr (catur_game_move_get_notation (item), ==, "C2=5");
  g_assert_cmpstr (catur_game_move_get_coordinate (item), ==, "h2e2");
  g_assert_cmpuint (catur_game_move_get_ply (item), ==, 1);
  g_assert_cmpint (catur_game_move_get_side (item), ==, CATUR_SIDE_FIRST);

  g_assert_cmpstr (catur_game_get_notation (game), ==, "wxf");
  catur_game_set_notation (game, "wxf-strict");
  g_assert_cmpstr (catur_game_move_get_notation (item), ==, "C2.5");
  catur_game_set_notation (game, "iccs");
  g_assert_cmpstr (catur_game_move_get_notation (item), ==, "h2e2");
  /* An id the game does not know (a setting from elsewhere) is its default notation. */
  catur_game_set_notation (game, "san");
  g_assert_cmpstr (catur_game_get_notation (game), ==, "wxf");
  g_assert_cmpstr (catur_game_move_get_notation (item), ==, "C2=5");

  g_assert_true (catur_game_undo (game, 1));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);
  g_assert_false (catur_game_undo (game, 2));
  g_assert_true (catur_game_undo (game, 1));
  fen = catur_variant_format (catur_game_get_variant (game), catur_game_get_position (game));
  g_assert_cmpstr (fen, ==,
                   "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
}

static void
test_illegal_move_keeps_game (void)
{
  g_autoptr(CaturGame) game = catur_game_new (first_variant (), NULL);
  g_autoptr(GError) error = NULL;
  /* b0 horse to b2: not an L shape. */
  CaturMove move = { 1, 19, 0, 0 };

  g_assert_false (catur_game_play (game, &move, &error));
  g_assert_error (error, CATUR_GAME_ERROR, CATUR_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_clear_error (&error);

  g_assert_false (catur_game_play_text (game, "z9z9", &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
  g_clear_error (&error);

  /* Coordinates read whether legal or not (parse_move's contract); the game refuses it. */
  g_assert_true (catur_variant_parse_move (first_variant (), catur_game_get_position (game),
                                           "b0b2", &move, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (move.from, ==, 1);
  g_assert_cmpuint (move.to, ==, 19);
  g_assert_false (catur_game_play_text (game, "b0b2", &error));
  g_assert_error (error, CATUR_GAME_ERROR, CATUR_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);
}

static void
on_changed (CaturGame *game,
            guint     *count)
{
  (*count)++;
}

static void
test_mate_ends_game (void)
{
  CaturVariant *variant = first_variant ();
  g_autoptr(GError) error = NULL;
  /* XT8 one ply earlier: Red's horse to e7 gives horse-cannon mate. */
  CaturPosition *start = catur_variant_parse (variant,
                                              "4k4/9/9/6N2/9/9/4C4/9/9/3K5 w - - 0 1",
                                              &error);
  g_autoptr(CaturGame) game = NULL;
  g_autofree char *sentence = NULL;
  guint changes = 0;

  g_assert_no_error (error);
  game = catur_game_new (variant, start);
  g_signal_connect (game, "changed", G_CALLBACK (on_changed), &changes);
  g_assert_true (catur_game_play_text (game, "g6e7", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_CHECKMATE);
  g_assert_cmpstr (catur_game_get_outcome (game)->detail, ==, "horse-cannon");
  sentence = catur_game_describe_outcome (game);
  g_assert_cmpstr (sentence, ==, "Horse-cannon mate");

  g_assert_false (catur_game_play_text (game, "e9d9", &error));
  g_assert_error (error, CATUR_GAME_ERROR, CATUR_GAME_ERROR_GAME_OVER);

  /* Taking the mate back lets the game go on. */
  g_assert_true (catur_game_undo (game, 1));
  g_assert_false (catur_game_is_over (game));
}

static void
test_resign_and_agreement (void)
{
  g_autoptr(CaturGame) game = catur_game_new (first_variant (), NULL);
  g_autoptr(CaturGame) other = catur_game_new (first_variant (), NULL);

  catur_game_resign (game, CATUR_SIDE_FIRST);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (catur_game_get_outcome (game)->winner, ==, CATUR_SIDE_SECOND);
  g_assert_cmpint (catur_game_get_outcome (game)->reason, ==, CATUR_REASON_RESIGN);

  catur_game_agree_draw (other);
  g_assert_cmpint (catur_game_get_outcome (other)->result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpstr (catur_reason_to_id (catur_game_get_outcome (other)->reason), ==, "agreement");
}

/* The variant declares its new-game options; voor (RULES X23) goes through new_position(). */
static void
test_setup_options (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  const CaturSetupOption *options, *side, *horses;
  static const struct
  {
    const char *side;
    const char *horses;
    const char *fen;
    guint n_moves;
    const char *start;
  } cases[] = {
    { "none", "2", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 44,
      NULL },
    { "red", "1", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1", 44,
      "Red gives one horse" },
    { "red", "2", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1", 44,
      "Red gives two horses" },
    { "black", "1", "rnbakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 43,
      "Black gives one horse" },
    { "black", "2", "r1bakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 42,
      "Black gives two horses" },
    { "red", "chariot", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1",
      42, "Red gives one chariot" },
    { "red", "cannon", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/7C1/9/RNBAKABNR w - - 0 1", 34,
      "Red gives one cannon" },
    { "red", "chariot-horse",
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/2BAKABNR w - - 0 1", 41,
      "Red gives a chariot and a horse" },
    { "red", "chariot-two-horses",
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/2BAKAB1R w - - 0 1", 41,
      "Red gives two horses and a chariot" },
    { "black", "chariot", "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      44, "Black gives one chariot" },
    { "black", "cannon", "rnbakabnr/9/1c7/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
      45, "Black gives one cannon" },
    { "black", "chariot-horse",
      "rnbakab2/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 43,
      "Black gives a chariot and a horse" },
    { "black", "chariot-two-horses",
      "r1bakab2/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 42,
      "Black gives two horses and a chariot" },
  };
  guint n;

  options = catur_variant_get_setup_options (variant, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpstr (options[2].id, ==, CATUR_OPTION_CLOCK);
  side = catur_variant_find_setup_option (variant, "voor-side");
  horses = catur_variant_find_setup_option (variant, "voor-horses");
  g_assert_true (side == &options[0]);
  g_assert_true (horses == &options[1]);
  g_assert_null (catur_variant_find_setup_option (variant, "komaochi"));
  g_assert_cmpuint (side->n_choices, ==, 3);
  g_assert_cmpstr (side->choices[0].value, ==, "none");
  g_assert_cmpstr (horses->depends_on, ==, "voor-side");
  /* The values kept in settings from when only horses were given keep their place. */
  g_assert_cmpuint (horses->n_choices, ==, 6);
  g_assert_cmpstr (horses->choices[0].value, ==, "1");
  g_assert_cmpint (catur_setup_option_find_choice (horses, "2"), ==, 1);
  g_assert_cmpint (catur_setup_option_find_choice (horses, "3"), ==, -1);
  for (guint i = 0; i < n; i++)
    {
      g_assert_nonnull (options[i].label);
      g_assert_cmpuint (options[i].n_choices, >, 0);
    }

  /* Missing, unknown or mistyped values fall back to the standard game's. */
  g_assert_cmpstr (catur_setup_option_get_value (side, NULL), ==, "none");
  {
    g_autoptr(GVariant) odd = NULL;

    odd = g_variant_ref_sink (g_variant_new_parsed ("{'voor-side': <'blue'>, "
                                                    "'voor-horses': <2>}"));

    g_assert_cmpstr (catur_setup_option_get_value (side, odd), ==, "none");
    g_assert_cmpstr (catur_setup_option_get_value (horses, odd), ==, "1");
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(GVariantDict) dict = G_VARIANT_DICT_INIT (NULL);
      g_autoptr(GVariant) setup = NULL;
      g_autoptr(CaturPosition) position = NULL;
      g_autoptr(GArray) moves = NULL;
      g_autofree char *fen = NULL;
      g_autofree char *start = NULL;

      g_variant_dict_insert (&dict, "voor-side", "s", cases[i].side);
      g_variant_dict_insert (&dict, "voor-horses", "s", cases[i].horses);
      setup = g_variant_ref_sink (g_variant_dict_end (&dict));
      position = catur_variant_new_position (variant, setup, 0);
      fen = catur_variant_format (variant, position);
      g_assert_cmpstr (fen, ==, cases[i].fen);
      moves = catur_variant_legal_moves (variant, position);
      g_assert_cmpuint (moves->len, ==, cases[i].n_moves);
      g_assert_cmpint (catur_variant_side_to_move (variant, position), ==, CATUR_SIDE_FIRST);
      start = catur_variant_describe_start (variant, position);
      g_assert_cmpstr (start, ==, cases[i].start);

      /* The same start read from its FEN is named the same way. */
      {
        g_autoptr(CaturPosition) parsed = catur_variant_parse (variant, fen, NULL);
        g_autofree char *again = catur_variant_describe_start (variant, parsed);

        g_assert_cmpstr (again, ==, cases[i].start);
      }

      /* A record of a voor game keeps its start in the FEN tag, and reads back as that start. */
      {
        g_autoptr(CaturRecord) record = NULL;
        g_autoptr(CaturRecord) back = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *text = NULL;
        g_autofree char *tag = g_strdup_printf ("[FEN \"%s\"]\n", fen);
        g_autofree char *again = NULL;

        record = catur_record_new (variant, catur_position_copy (position));
        text = catur_variant_write_record (variant, "pgn", record, &error);
        g_assert_no_error (error);
        g_assert_true ((strstr (text, tag) != NULL) == (cases[i].start != NULL));
        back = catur_variant_read_record (variant, "pgn", text, strlen (text), &error);
        g_assert_no_error (error);
        again = catur_variant_describe_start (variant, catur_record_get_start (back));
        g_assert_cmpstr (again, ==, cases[i].start);
      }
    }

  /* Any other start is a set-up position. */
  {
    g_autoptr(CaturPosition) other = catur_variant_parse (variant,
                                                          "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
                                                          NULL);
    g_autofree char *start = catur_variant_describe_start (variant, other);

    g_assert_cmpstr (start, ==, "Set-up position");
  }
}

static CaturGame *
game_from (const char *fen)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(GError) error = NULL;
  CaturPosition *start = NULL;

  if (fen != NULL)
    {
      start = catur_variant_parse (variant, fen, &error);
      g_assert_no_error (error);
    }
  return catur_game_new (variant, start);
}

/* Plays space-separated moves, each of which must be legal. */
static void
play_line (CaturGame  *game,
           const char *line)
{
  g_auto(GStrv) words = g_strsplit (line, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!catur_game_play_text (game, words[i], &error))
        g_error ("%s: %s", words[i], error->message);
    }
}

/* The bit of the notice @id, as the game declares it. */
static guint
notice_bit (CaturGame  *game,
            const char *id)
{
  guint n;
  const CaturNoticeInfo *notices = catur_variant_list_notices (catur_game_get_variant (game), &n);

  for (guint i = 0; i < n; i++)
    if (g_str_equal (notices[i].id, id))
      return notices[i].notice;
  g_error ("The game has no notice “%s”", id);
}

static char *
notice_text (CaturGame  *game,
             const char *id)
{
  return catur_variant_describe_notice (catur_game_get_variant (game),
                                        catur_game_get_position (game),
                                        catur_game_get_outcome (game), notice_bit (game, id));
}

/* XT11 and XT12 through the game: Red checks on each of its plies. */
static void
test_perpetual_check (void)
{
  g_autoptr(CaturGame) game = game_from ("3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1");
  const CaturOutcome *outcome = catur_game_get_outcome (game);
  g_autofree char *warning = NULL;
  g_autofree char *sentence = NULL;

  play_line (game, "h8h9 d9d8 h9h8");
  g_assert_cmpuint (outcome->notices, ==, 0);
  play_line (game, "d8d9");
  g_assert_false (catur_game_is_over (game));
  g_assert_cmpuint (outcome->notices, ==, notice_bit (game, "perpetual-check-warning"));
  g_assert_cmpint (outcome->warned_side, ==, CATUR_SIDE_FIRST);
  warning = notice_text (game, "perpetual-check-warning");
  g_assert_cmpstr (warning, ==, "Red: repeat once more and you lose by perpetual check");

  /* Shown once per episode: the next plies of the loop are quiet. */
  play_line (game, "h8h9");
  g_assert_cmpuint (outcome->notices, ==, 0);
  play_line (game, "d9d8 h9h8");
  g_assert_cmpuint (outcome->notices, ==, 0);
  play_line (game, "d8d9");
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (outcome->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome->winner, ==, CATUR_SIDE_SECOND);
  g_assert_cmpstr (catur_reason_to_id (outcome->reason), ==, "perpetual-check");
  sentence = catur_game_describe_outcome (game);
  g_assert_cmpstr (sentence, ==, "Perpetual check by Red");
}

/* XT13 through the game: horses to and fro, the third occurrence informs, play goes on. */
static void
test_repetition_info (void)
{
  g_autoptr(CaturGame) game = game_from (NULL);
  const CaturOutcome *outcome = catur_game_get_outcome (game);
  g_autofree char *info = NULL;

  play_line (game, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0");
  g_assert_cmpuint (outcome->notices, ==, 0);
  play_line (game, "g7h9");
  g_assert_false (catur_game_is_over (game));
  g_assert_cmpuint (outcome->notices, ==, notice_bit (game, "repetition"));
  info = notice_text (game, "repetition");
  g_assert_cmpstr (info, ==, "Position repeated 3 times: you may offer a draw");
  play_line (game, "h0g2");
  g_assert_cmpuint (outcome->notices, ==, 0);
  g_assert_false (catur_game_is_over (game));
}

/* Both sides check on every ply of the loop (X20): an info at the third occurrence, no loss. */
static void
test_mutual_perpetual_check (void)
{
  /* Red's rook and Black's cannon step across between the d and e files: each step blocks
   * the check it answers and opens one of its own side's. */
  g_autoptr(CaturGame) game = game_from ("4r4/3k5/8C/3c5/3R5/9/9/9/9/3CK2N1 w - - 0 1");
  CaturVariant *variant = catur_game_get_variant (game);
  const CaturOutcome *outcome = catur_game_get_outcome (game);
  const char *loop[] = { "d5e5", "d6e6", "e5d5", "e6d6" };

  for (guint ply = 1; ply <= 8; ply++)
    {
      play_line (game, loop[(ply - 1) % 4]);
      g_assert_true (catur_variant_in_check (variant, catur_game_get_position (game), NULL));
      g_assert_false (catur_game_is_over (game));
      g_assert_false (outcome->notices & notice_bit (game, "perpetual-check-warning"));
      if (ply == 8)
        g_assert_cmpuint (outcome->notices, ==, notice_bit (game, "repetition"));
      else
        g_assert_cmpuint (outcome->notices, ==, 0);
    }
  /* The loop may go on: a third round still ends nothing. */
  for (guint ply = 9; ply <= 12; ply++)
    play_line (game, loop[(ply - 1) % 4]);
  g_assert_false (catur_game_is_over (game));
}

/* X16 and X15 through the game: the 120-ply info once, the draw at ply 400. */
static void
test_counters (void)
{
  g_autoptr(CaturGame) game = game_from (NULL);
  const CaturOutcome *outcome = catur_game_get_outcome (game);
  const char *loop[] = { "h0g2", "h9g7", "g2h0", "g7h9" };
  guint infos = 0;

  for (guint ply = 1; ply <= 400; ply++)
    {
      play_line (game, loop[(ply - 1) % 4]);
      if (outcome->notices & notice_bit (game, "no-capture"))
        {
          g_autofree char *info = notice_text (game, "no-capture");

          g_assert_cmpuint (ply, ==, 120);
          g_assert_cmpstr (info, ==, "60 moves without a capture: you may offer a draw");
          infos++;
        }
      if (ply < 400)
        g_assert_false (catur_game_is_over (game));
    }
  g_assert_cmpuint (infos, ==, 1);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpint (outcome->result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpstr (catur_reason_to_id (outcome->reason), ==, "move-limit");
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 400);
}

/* The take-back rule: who asks decides how much goes (catur_game_get_take_back_plies()). */
static void
test_take_back (void)
{
  g_autoptr(CaturGame) game = game_from (NULL);

  g_assert_cmpint (catur_game_get_undo_policy (game), ==, CATUR_UNDO_POLICY_ASK);
  g_assert_cmpuint (catur_game_get_take_back_plies (game, CATUR_SIDE_FIRST), ==, 0);
  g_assert_false (catur_game_take_back (game, CATUR_SIDE_FIRST));

  play_line (game, "h2e2");
  /* Red has just moved: 1 ply. Black, to move, has no move of its own yet. */
  g_assert_cmpuint (catur_game_get_take_back_plies (game, CATUR_SIDE_FIRST), ==, 1);
  g_assert_cmpuint (catur_game_get_take_back_plies (game, CATUR_SIDE_SECOND), ==, 0);

  play_line (game, "h9g7 h0g2");
  /* Red has just moved again: 1; Black, to move, takes back its move and Red's reply: 2. */
  g_assert_cmpuint (catur_game_get_take_back_plies (game, CATUR_SIDE_FIRST), ==, 1);
  g_assert_cmpuint (catur_game_get_take_back_plies (game, CATUR_SIDE_SECOND), ==, 2);
  g_assert_true (catur_game_take_back (game, CATUR_SIDE_SECOND));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 1);
  g_assert_cmpint (catur_game_get_side_to_move (game), ==, CATUR_SIDE_SECOND);

  g_assert_true (catur_game_take_back (game, CATUR_SIDE_FIRST));
  g_assert_cmpuint (catur_game_get_n_plies (game), ==, 0);

  /* The policy is only kept: the rule stays the same without permission. */
  catur_game_set_undo_policy (game, CATUR_UNDO_POLICY_FREE);
  play_line (game, "h2e2 h9g7");
  g_assert_cmpuint (catur_game_get_take_back_plies (game, CATUR_SIDE_FIRST), ==, 2);
  g_assert_cmpuint (catur_game_get_take_back_plies (game, CATUR_SIDE_SECOND), ==, 1);

  /* A resignation is not taken back. */
  catur_game_resign (game, CATUR_SIDE_FIRST);
  g_assert_cmpuint (catur_game_get_take_back_plies (game, CATUR_SIDE_FIRST), ==, 0);
  g_assert_false (catur_game_take_back (game, CATUR_SIDE_SECOND));
  g_assert_true (catur_game_is_over (game));
}

static void
test_draw_offer (void)
{
  g_autoptr(CaturGame) game = game_from (NULL);

  /* No draw before each side has moved (RULES T4): not at the start, not after one move. */
  g_assert_false (catur_game_draw_offer_is_open (game));
  g_assert_false (catur_game_offer_draw (game, CATUR_SIDE_FIRST));
  play_line (game, "h2e2");
  g_assert_false (catur_game_offer_draw (game, CATUR_SIDE_SECOND));
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_NONE);
  play_line (game, "h9g7");
  g_assert_true (catur_game_draw_offer_is_open (game));
  g_assert_true (catur_game_offer_draw (game, CATUR_SIDE_FIRST));
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_FIRST);
  g_assert_false (catur_game_draw_offer_is_open (game));
  /* A move lets it lapse. */
  play_line (game, "h0g2");
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_NONE);
  /* A take-back to before the second side's move closes the offers again. */
  g_assert_true (catur_game_undo (game, 2));
  g_assert_false (catur_game_offer_draw (game, CATUR_SIDE_SECOND));
  play_line (game, "h9g7 h0g2");

  g_assert_true (catur_game_offer_draw (game, CATUR_SIDE_SECOND));
  catur_game_answer_draw_offer (game, FALSE);
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_NONE);
  g_assert_false (catur_game_is_over (game));

  g_assert_true (catur_game_offer_draw (game, CATUR_SIDE_SECOND));
  catur_game_answer_draw_offer (game, TRUE);
  g_assert_true (catur_game_is_over (game));
  g_assert_cmpstr (catur_reason_to_id (catur_game_get_outcome (game)->reason), ==, "agreement");
  g_assert_cmpint (catur_game_get_draw_offer (game), ==, CATUR_SIDE_NONE);
  g_assert_false (catur_game_offer_draw (game, CATUR_SIDE_FIRST));
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static void
test_review (void)
{
  g_autoptr(CaturGame) game = game_from (NULL);
  CaturVariant *variant = catur_game_get_variant (game);
  guint notified = 0;

  g_signal_connect (game, "notify::view-ply", G_CALLBACK (count_notify), &notified);
  play_line (game, "h2e2 h9g7 h0g2");
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 3);
  g_assert_false (catur_game_is_reviewing (game));
  g_assert_cmpuint (notified, ==, 3);

  catur_game_set_view_ply (game, 1);
  g_assert_true (catur_game_is_reviewing (game));
  g_assert_cmpint (catur_variant_side_to_move (variant, catur_game_get_position_at (game, 1)), ==,
                   CATUR_SIDE_SECOND);

  /* A move played meanwhile (the computer's) leaves the view where the players put it. */
  play_line (game, "i9h9");
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 1);

  /* Past the end is the end, and the end is play again. */
  catur_game_set_view_ply (game, 99);
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 4);
  g_assert_false (catur_game_is_reviewing (game));

  catur_game_set_view_ply (game, 0);
  g_assert_true (catur_game_take_back (game, CATUR_SIDE_SECOND));
  g_assert_cmpuint (catur_game_get_view_ply (game), ==, 3);
  g_assert_false (catur_game_is_reviewing (game));
}

/* Play again: after a finished game the players change sides; the board turns with them. */
static void
test_colour_swap (void)
{
  g_autoptr(CaturGame) first = game_from ("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
  g_autoptr(CaturGame) second = NULL;
  g_autoptr(CaturGame) third = NULL;
  g_autoptr(CaturGame) unswapped = NULL;
  g_autoptr(CaturGame) unfinished = NULL;

  catur_game_set_notation (first, "iccs");
  catur_game_set_undo_policy (first, CATUR_UNDO_POLICY_FREE);
  g_assert_cmpint (catur_game_get_bottom_side (first), ==, CATUR_SIDE_FIRST);
  play_line (first, "b0b9");
  g_assert_true (catur_game_is_over (first));

  second = catur_game_new_rematch (first, NULL, TRUE);
  g_assert_cmpint (catur_game_get_bottom_side (second), ==, CATUR_SIDE_SECOND);
  g_assert_cmpstr (catur_game_get_notation (second), ==, "iccs");
  g_assert_cmpint (catur_game_get_undo_policy (second), ==, CATUR_UNDO_POLICY_FREE);
  g_assert_cmpuint (catur_game_get_n_plies (second), ==, 0);
  g_assert_cmpint (catur_game_get_side_to_move (second), ==, CATUR_SIDE_FIRST);

  /* After the next game, back again. */
  catur_game_resign (second, CATUR_SIDE_FIRST);
  third = catur_game_new_rematch (second, NULL, TRUE);
  g_assert_cmpint (catur_game_get_bottom_side (third), ==, CATUR_SIDE_FIRST);

  /* Not with the setting off, and not after a game left unfinished. */
  unswapped = catur_game_new_rematch (first, NULL, FALSE);
  g_assert_cmpint (catur_game_get_bottom_side (unswapped), ==, CATUR_SIDE_FIRST);
  unfinished = catur_game_new_rematch (third, NULL, TRUE);
  g_assert_cmpint (catur_game_get_bottom_side (unfinished), ==, CATUR_SIDE_FIRST);
}

/* The result card's sentence, for every way a Xiangqi game ends. */
static void
test_result_sentences (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  static const struct
  {
    CaturResult result;
    CaturSide winner;
    CaturReason reason;
    const char *detail;
    const char *sentence;
  } cases[] = {
    { CATUR_RESULT_WIN, CATUR_SIDE_FIRST, CATUR_REASON_CHECKMATE, "double-cannon",
      "Double-cannon mate" },
    { CATUR_RESULT_WIN, CATUR_SIDE_SECOND, CATUR_REASON_CHECKMATE, "horse-cannon",
      "Horse-cannon mate" },
    { CATUR_RESULT_WIN, CATUR_SIDE_FIRST, CATUR_REASON_CHECKMATE, "double-check",
      "Double check" },
    { CATUR_RESULT_WIN, CATUR_SIDE_FIRST, CATUR_REASON_CHECKMATE, "R",
      "Mate by the Chariot" },
    { CATUR_RESULT_WIN, CATUR_SIDE_FIRST, CATUR_REASON_STALEMATE, "",
      "Black has no legal move" },
    { CATUR_RESULT_WIN, CATUR_SIDE_SECOND, CATUR_REASON_PERPETUAL_CHECK, "",
      "Perpetual check by Red" },
    { CATUR_RESULT_DRAW, CATUR_SIDE_NONE, CATUR_REASON_MOVE_LIMIT, "",
      "The game reached 400 plies" },
    { CATUR_RESULT_WIN, CATUR_SIDE_FIRST, CATUR_REASON_RESIGN, "",
      "Black resigned" },
    { CATUR_RESULT_DRAW, CATUR_SIDE_NONE, CATUR_REASON_AGREEMENT, "", "Agreed by the players" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CaturOutcome outcome;
      g_autofree char *sentence = NULL;

      catur_outcome_init (&outcome);
      outcome.result = cases[i].result;
      outcome.winner = cases[i].winner;
      outcome.reason = cases[i].reason;
      g_strlcpy (outcome.detail, cases[i].detail, sizeof outcome.detail);
      sentence = catur_variant_describe_outcome (variant, NULL, &outcome);
      g_assert_cmpstr (sentence, ==, cases[i].sentence);
    }
}

static void
test_board_layout_round_trip (void)
{
  CaturBoardLayout layout = { 40, 30, 50, FALSE, 9, 10, TRUE, FALSE };

  for (int turn = 0; turn < 4; turn++)
    {
      layout.flipped = turn & 1;
      layout.rotated = (turn & 2) != 0;
      for (CaturSquare square = 0; square < 90; square++)
        {
          double x, y;
          int column, row;

          catur_board_layout_square_center (&layout, square, &x, &y);
          g_assert_cmpuint (catur_board_layout_square_at (&layout, x + 12, y - 12), ==, square);
          catur_board_layout_square_cell (&layout, square, &column, &row);
          g_assert_cmpuint (catur_board_layout_cell_square (&layout, column, row), ==, square);
        }
      g_assert_cmpuint (catur_board_layout_get_columns (&layout), ==, layout.rotated ? 10 : 9);
      g_assert_cmpuint (catur_board_layout_get_rows (&layout), ==, layout.rotated ? 9 : 10);
    }
  layout.rotated = FALSE;
  /* Red's back rank is at the bottom when not flipped. */
  {
    double x, y;

    layout.flipped = FALSE;
    catur_board_layout_square_center (&layout, 0, &x, &y);
    g_assert_cmpfloat (x, ==, 40);
    g_assert_cmpfloat (y, ==, 30 + 9 * 50);
  }
  g_assert_cmpuint (catur_board_layout_square_at (&layout, 0, 0), ==, CATUR_SQUARE_NONE);

  /* Turned a quarter clockwise, the first rank runs down the left edge, file 0 at the top;
   * flipped too, the last rank does, the last file at the top. */
  {
    double x, y;

    layout.rotated = TRUE;
    catur_board_layout_square_center (&layout, 0, &x, &y);
    g_assert_cmpfloat (x, ==, 40);
    g_assert_cmpfloat (y, ==, 30);
    catur_board_layout_square_center (&layout, 1, &x, &y);
    g_assert_cmpfloat (x, ==, 40);
    g_assert_cmpfloat (y, ==, 30 + 50);
    catur_board_layout_square_center (&layout, 9, &x, &y);
    g_assert_cmpfloat (x, ==, 40 + 50);
    g_assert_cmpfloat (y, ==, 30);
    layout.flipped = TRUE;
    catur_board_layout_square_center (&layout, 89, &x, &y);
    g_assert_cmpfloat (x, ==, 40);
    g_assert_cmpfloat (y, ==, 30);
    g_assert_cmpuint (catur_board_layout_cell_square (&layout, 10, 0), ==, CATUR_SQUARE_NONE);
    g_assert_cmpuint (catur_board_layout_cell_square (&layout, 0, 9), ==, CATUR_SQUARE_NONE);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *broken_dir = NULL;
  g_autofree char *broken = NULL;
  g_autofree char *path = NULL;

  g_test_init (&argc, &argv, NULL);

  /* A plugin folder holding a file that is no library. */
  broken_dir = g_dir_make_tmp ("catur-broken-XXXXXX", NULL);
  broken = g_build_filename (broken_dir, "libbroken.so", NULL);
  g_assert_true (g_file_set_contents (broken, "not a library", -1, NULL));
  path = g_strjoin (G_SEARCHPATH_SEPARATOR_S, broken_dir, g_getenv ("CATUR_PLUGIN_PATH"), NULL);
  g_setenv ("CATUR_PLUGIN_PATH", path, TRUE);

  g_test_add_func ("/libcatur/plugins/loaded", test_plugins_loaded);
  g_test_add_func ("/libcatur/plugins/broken-reported", test_broken_plugin_reported);
  g_test_add_func ("/libcatur/game/play-and-undo", test_play_and_undo);
  g_test_add_func ("/libcatur/game/illegal-move", test_illegal_move_keeps_game);
  g_test_add_func ("/libcatur/game/mate-ends-game", test_mate_ends_game);
  g_test_add_func ("/libcatur/game/resign-and-agreement", test_resign_and_agreement);
  g_test_add_func ("/libcatur/game/perpetual-check", test_perpetual_check);
  g_test_add_func ("/libcatur/game/repetition-info", test_repetition_info);
  g_test_add_func ("/libcatur/game/mutual-perpetual-check", test_mutual_perpetual_check);
  g_test_add_func ("/libcatur/game/counters", test_counters);
  g_test_add_func ("/libcatur/game/take-back", test_take_back);
  g_test_add_func ("/libcatur/game/draw-offer", test_draw_offer);
  g_test_add_func ("/libcatur/game/review", test_review);
  g_test_add_func ("/libcatur/game/colour-swap", test_colour_swap);
  g_test_add_func ("/libcatur/variant/setup-options", test_setup_options);
  g_test_add_func ("/libcatur/variant/result-sentences", test_result_sentences);
  g_test_add_func ("/libcatur/layout/round-trip", test_board_layout_round_trip);

  {
    int status = g_test_run ();

    g_unlink (broken);
    g_rmdir (broken_dir);
    return status;
  }
}
