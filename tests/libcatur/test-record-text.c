/* test-record-text.c: comments kept by every game's formats and by a game played on, and the
 * text players paste (records, position texts, engines' position lines, analysis addresses),
 * over the four real games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <catur.h>

static CaturVariant *
variant (const char *id)
{
  CaturVariant *found = catur_plugins_find_variant (id);

  g_assert_nonnull (found);
  return found;
}

/* A game of @variant with its first legal move played @plies times over, each time the first
 * legal one: any game's record holds it. */
static CaturGame *
short_game (CaturVariant *game_variant,
            guint         plies)
{
  CaturGame *game = catur_game_new (game_variant, NULL);

  for (guint i = 0; i < plies; i++)
    {
      g_autoptr(GArray) moves = catur_variant_legal_moves (game_variant,
                                                           catur_game_get_position (game));
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (moves->len, >, 0);
      g_assert_true (catur_game_play (game, &g_array_index (moves, CaturMove, 0), &error));
      g_assert_no_error (error);
    }
  return game;
}

/* Comments written as players write them: several lines, the format's own marks at their
 * starts and ends, Japanese. Each game's every format that writes whole games writes them
 * back (PGN `{…}`, KIF `*`, CSA `'`), and they read back the same, before the first move and
 * after any. */
static void
test_comment_round_trips (void)
{
  static const char * const ids[] = { "xiangqi", "banqi", "chess", "shogi" };
  static const char * const comments[] = {
    "Before the first move",
    "Two lines,\nthe second } with a brace",
    "* a star, 'a quote' and 王手",
  };

  for (guint v = 0; v < G_N_ELEMENTS (ids); v++)
    {
      CaturVariant *game_variant = variant (ids[v]);
      const CaturRecordFormat *formats;
      guint n;

      formats = catur_variant_list_record_formats (game_variant, &n);
      for (guint f = 0; f < n; f++)
        {
          g_autoptr(CaturGame) game = short_game (game_variant, 2);
          g_autoptr(CaturRecord) record = NULL;
          g_autoptr(CaturRecord) back = NULL;
          g_autoptr(CaturGame) replayed = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *text = NULL;

          if (!(formats[f].flags & CATUR_RECORD_FORMAT_WRITE)
              || (formats[f].flags & CATUR_RECORD_FORMAT_POSITION_ONLY))
            continue;
          /* The comments are the game's, as the window keeps them. */
          for (guint ply = 0; ply < G_N_ELEMENTS (comments); ply++)
            catur_game_set_comment (game, ply, comments[ply]);
          record = catur_record_new_from_game (game);
          text = catur_variant_write_record (game_variant, formats[f].id, record, &error);
          g_assert_no_error (error);
          back = catur_variant_read_record (game_variant, formats[f].id, text, strlen (text),
                                            &error);
          g_assert_no_error (error);
          for (guint ply = 0; ply < G_N_ELEMENTS (comments); ply++)
            if (g_strcmp0 (catur_record_get_comment (back, ply), comments[ply]) != 0)
              g_error ("%s %s: comment %u read back as “%s”:\n%s", ids[v], formats[f].id, ply,
                       catur_record_get_comment (back, ply), text);

          /* Opened, the game carries them under their moves again. */
          replayed = catur_record_to_game (back, &error);
          g_assert_no_error (error);
          for (guint ply = 0; ply < G_N_ELEMENTS (comments); ply++)
            g_assert_cmpstr (catur_game_get_comment (replayed, ply), ==, comments[ply]);
        }
    }
}

static void
count_signal_cb (CaturGame *game,
                 guint      ply,
                 gpointer   data)
{
  guint *last = data;

  *last = ply;
}

/* A comment is changed, removed and blanked; it goes with its ply when the ply is taken back,
 * and a game saved after that writes none for it. */
static void
test_game_comments (void)
{
  g_autoptr(CaturGame) game = short_game (variant ("chess"), 2);
  g_autoptr(CaturRecord) record = NULL;
  guint changed = G_MAXUINT;

  g_signal_connect (game, "comment-changed", G_CALLBACK (count_signal_cb), &changed);
  catur_game_set_comment (game, 2, "  a reply  ");
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpstr (catur_game_get_comment (game, 2), ==, "a reply");
  changed = G_MAXUINT;
  catur_game_set_comment (game, 2, "a reply");
  g_assert_cmpuint (changed, ==, G_MAXUINT);
  catur_game_set_comment (game, 1, "   ");
  g_assert_null (catur_game_get_comment (game, 1));

  g_assert_true (catur_game_undo (game, 1));
  g_assert_null (catur_game_get_comment (game, 2));
  record = catur_record_new_from_game (game);
  g_assert_null (catur_record_get_comment (record, 2));
}

/* Text as players paste it: each finds its game and its position. */
static void
test_read_text (void)
{
  static const struct
  {
    const char *text;
    const char *game;
    guint n_moves;
    const char *position;      /* the position after the moves, as the game writes it */
  } cases[] = {
    /* USI, with the start and with a position. */
    { "position startpos moves 7g7f 3c3d", "shogi", 2,
      "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3" },
    { "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f",
      "shogi", 1, "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2" },
    /* An SFEN as lishogi's addresses write it, with its move number. */
    { "https://lishogi.org/analysis/lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/"
      "LNSGKGSNL_w_-_2", "shogi", 0,
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2" },
    /* A lichess address, with the variant in the path. */
    { "https://lichess.org/analysis/standard/rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_"
      "KQkq_-_0_1", "chess", 0, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" },
    /* UCI's line and a plain FEN. */
    { "position startpos moves e2e4 e7e5", "chess", 2,
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2" },
    { "  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n", "xiangqi", 0,
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" },
    /* A KIF record. */
    { "手合割：平手\n先手：Sente player\n後手：Gote player\n手数----指手---------消費時間--\n"
      "   1 ７六歩(77)\n*Opening\n   2 ３四歩(33)\n", "shogi", 2,
      "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) records = catur_record_read_text (cases[i].text,
                                                             variant ("xiangqi"), &error);
      g_autoptr(CaturPosition) final = NULL;
      g_autofree char *text = NULL;
      CaturRecord *record;

      g_assert_no_error (error);
      g_assert_cmpuint (records->len, ==, 1);
      record = g_ptr_array_index (records, 0);
      g_assert_cmpstr (catur_variant_get_id (catur_record_get_variant (record)), ==,
                       cases[i].game);
      g_assert_cmpuint (catur_record_get_n_moves (record), ==, cases[i].n_moves);
      final = catur_record_dup_final_position (record);
      text = catur_variant_format (catur_record_get_variant (record), final);
      g_assert_cmpstr (text, ==, cases[i].position);
    }
}

/* Banqi's position text (BFEN), which no file format of its own reads, pastes too. */
static void
test_read_text_bfen (void)
{
  CaturVariant *banqi = variant ("banqi");
  g_autoptr(CaturPosition) start = catur_variant_new_position (banqi, NULL, 7);
  g_autofree char *bfen = catur_variant_format (banqi, start);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = catur_record_read_text (bfen, NULL, &error);
  g_autofree char *back = NULL;

  g_assert_no_error (error);
  g_assert_true (catur_record_get_variant (g_ptr_array_index (records, 0)) == banqi);
  back = catur_variant_format (banqi, catur_record_get_start (g_ptr_array_index (records, 0)));
  g_assert_cmpstr (back, ==, bfen);
}

/* What no game understands is refused with what was wrong: a move of a position line names
 * its number and text; blank text says it is empty. */
static void
test_read_text_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = NULL;

  records = catur_record_read_text ("position startpos moves 7g7f 7g7f", NULL, &error);
  g_assert_null (records);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ILLEGAL_MOVE);
  g_assert_true (g_str_has_prefix (error->message, "Move 2 (7g7f): "));
  g_clear_error (&error);

  records = catur_record_read_text (" \n\t", NULL, &error);
  g_assert_null (records);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_SYNTAX);
  g_clear_error (&error);

  records = catur_record_read_text ("Hello, this is no game at all", NULL, &error);
  g_assert_null (records);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/record-text/comment-round-trips", test_comment_round_trips);
  g_test_add_func ("/record-text/game-comments", test_game_comments);
  g_test_add_func ("/record-text/read", test_read_text);
  g_test_add_func ("/record-text/read-bfen", test_read_text_bfen);
  g_test_add_func ("/record-text/read-errors", test_read_text_errors);

  return g_test_run ();
}
