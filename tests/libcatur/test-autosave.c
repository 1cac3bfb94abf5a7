/* test-autosave.c: the game in progress kept on disk, over the real Xiangqi plugin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * XDG_DATA_HOME points at a fresh folder before GLib reads it, so nothing touches the
 * user's own files.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>
#include <string.h>

#include <catur.h>

static char *data_home;

static CaturVariant *
xiangqi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");

  g_assert_nonnull (variant);
  return variant;
}

static CaturGame *
play (const char *fen,
      const char *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);
  CaturGame *game = catur_game_new (xiangqi (),
                                    fen != NULL ? catur_variant_parse (xiangqi (), fen, NULL)
                                                : NULL);

  for (guint i = 0; list[i] != NULL; i++)
    if (*list[i] != '\0')
      g_assert_true (catur_game_play_text (game, list[i], NULL));
  return game;
}

static void
assert_same_game (CaturGame *a,
                  CaturGame *b)
{
  CaturVariant *variant = catur_game_get_variant (a);
  g_autofree char *start_a = catur_variant_format (variant, catur_game_get_start_position (a));
  g_autofree char *start_b = catur_variant_format (variant, catur_game_get_start_position (b));
  g_autofree char *now_a = catur_variant_format (variant, catur_game_get_position (a));
  g_autofree char *now_b = catur_variant_format (variant, catur_game_get_position (b));

  g_assert_true (catur_game_get_variant (b) == variant);
  g_assert_cmpstr (start_a, ==, start_b);
  g_assert_cmpstr (now_a, ==, now_b);
  g_assert_cmpuint (catur_game_get_n_plies (a), ==, catur_game_get_n_plies (b));
  for (guint i = 0; i < catur_game_get_n_plies (a); i++)
    {
      g_autoptr(CaturGameMove) ma = g_list_model_get_item (catur_game_get_moves (a), i);
      g_autoptr(CaturGameMove) mb = g_list_model_get_item (catur_game_get_moves (b), i);

      g_assert_true (catur_move_equal (catur_game_move_get_move (ma),
                                       catur_game_move_get_move (mb)));
    }
  g_assert_cmpint (catur_game_get_outcome (a)->result, ==, catur_game_get_outcome (b)->result);
  g_assert_cmpint (catur_game_get_outcome (a)->reason, ==, catur_game_get_outcome (b)->reason);
  g_assert_cmpint (catur_game_get_outcome (a)->winner, ==, catur_game_get_outcome (b)->winner);
}

/* Written to disk and read back, a game is the same game, with its mode and review. */
static void
test_save_and_load (void)
{
  g_autoptr(CaturGame) game = play ("2bak4/4a4/4b4/9/9/9/2N6/9/4C4/3K1R3 b - - 0 1",
                                    "c9a7 f0i0 e9f9 c3e4");
  g_autoptr(CaturAutosave) saved = catur_autosave_new_from_game (game);
  g_autoptr(CaturAutosave) loaded = NULL;
  g_autoptr(CaturGame) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = catur_autosave_get_path ("xiangqi");
  g_autofree char *expected = g_build_filename (data_home, "catur", "autosave-xiangqi.ini", NULL);
  g_autofree char *text = NULL;

  g_assert_cmpstr (path, ==, expected);
  saved->mode = g_strdup ("computer");
  saved->level = g_strdup ("master");
  saved->side = g_strdup ("second");
  saved->review_ply = 2;
  g_clear_pointer (&saved->options, g_variant_unref);
  saved->options = g_variant_ref_sink (g_variant_new_parsed ("{'voor': <'two-horses'>}"));
  g_assert_true (catur_autosave_save (saved, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Version=1\n"));
  g_assert_nonnull (strstr (text, "Moves=c9a7;f0i0;e9f9;c3e4;\n"));

  loaded = catur_autosave_load ("xiangqi", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpstr (loaded->mode, ==, "computer");
  g_assert_cmpstr (loaded->level, ==, "master");
  g_assert_cmpstr (loaded->side, ==, "second");
  g_assert_cmpint (loaded->review_ply, ==, 2);
  g_assert_true (g_variant_equal (loaded->options, saved->options));
  restored = catur_autosave_restore (loaded, &error);
  g_assert_no_error (error);
  assert_same_game (game, restored);
}

/* Comments are kept, the start's too, whatever their letters; a file of an older Catur, which
 * wrote none, reads as a game without; a comment that belongs to no move is refused. */
static void
test_comments (void)
{
  static const char older[] =
    "[Autosave]\nVersion=1\nVariant=xiangqi\n"
    "Start=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
    "Moves=h2e2;h9g7;\n";
  g_autoptr(CaturGame) game = play (NULL, "h2e2 h9g7 h0g2");
  g_autoptr(CaturAutosave) saved = NULL;
  g_autoptr(CaturAutosave) parsed = NULL;
  g_autoptr(CaturAutosave) old = NULL;
  g_autoptr(CaturGame) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *wrong = NULL;
  gsize length;

  catur_game_set_comment (game, 0, "Before the first move");
  catur_game_set_comment (game, 2, "Two lines;\nwith = and [brackets] and 中炮");
  saved = catur_autosave_new_from_game (game);
  text = catur_autosave_to_data (saved, &length);
  g_test_message ("%s", text);
  parsed = catur_autosave_parse (text, length, &error);
  g_assert_no_error (error);
  restored = catur_autosave_restore (parsed, &error);
  g_assert_no_error (error);
  assert_same_game (game, restored);
  g_assert_cmpstr (catur_game_get_comment (restored, 0), ==, "Before the first move");
  g_assert_null (catur_game_get_comment (restored, 1));
  g_assert_cmpstr (catur_game_get_comment (restored, 2), ==,
                   "Two lines;\nwith = and [brackets] and 中炮");
  g_assert_null (catur_game_get_comment (restored, 3));

  old = catur_autosave_parse (older, strlen (older), &error);
  g_assert_no_error (error);
  g_assert_null (old->comments);

  wrong = g_strconcat (older, "Comment-3=past the last move\n", NULL);
  g_clear_pointer (&parsed, catur_autosave_free);
  parsed = catur_autosave_parse (wrong, strlen (wrong), &error);
  g_assert_null (parsed);
  g_assert_nonnull (strstr (error->message, "A comment belongs to no move of the game"));
}

/* Endings that the moves do not give are kept too. */
static void
test_endings (void)
{
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(CaturGame) game = play (NULL, "h2e2 h9g7");
      g_autoptr(CaturAutosave) saved = NULL;
      g_autoptr(CaturAutosave) parsed = NULL;
      g_autoptr(CaturGame) restored = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      gsize length;

      if (i == 0)
        catur_game_resign (game, CATUR_SIDE_FIRST);
      else if (i == 1)
        catur_game_agree_draw (game);
      saved = catur_autosave_new_from_game (game);
      data = catur_autosave_to_data (saved, &length);
      parsed = catur_autosave_parse (data, length, &error);
      g_assert_no_error (error);
      restored = catur_autosave_restore (parsed, &error);
      g_assert_no_error (error);
      assert_same_game (game, restored);
    }
}

/* No file: no game, and no error. */
static void
test_missing (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (catur_autosave_load ("shogi", &error));
  g_assert_no_error (error);
}

/* Everything a damaged or edited file can be: an error, never a crash or a wrong game. */
static void
test_corrupt (void)
{
  static const struct
  {
    const char *text;
    int code;
  } cases[] = {
    { "", CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "garbage\n", CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Other]\nVersion=1\n", CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVariant=xiangqi\nStart=x\n", CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVersion=two\nVariant=xiangqi\nStart=x\n", CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVersion=2\nVariant=xiangqi\nStart=x\n", CATUR_AUTOSAVE_ERROR_VERSION },
    { "[Autosave]\nVersion=1\nStart=x\n", CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVersion=1\nVariant=../../etc\nStart=x\n", CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVersion=1\nVariant=xiangqi\n", CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVersion=1\nVariant=xiangqi\nStart=x\nOptions={'a': 1}\n",
      CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVersion=1\nVariant=xiangqi\nStart=x\nMoves=h2e2;\nReview=2\n",
      CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVersion=1\nVariant=xiangqi\nStart=x\nMode=Two Players\n",
      CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVersion=1\nVariant=xiangqi\nStart=x\nSide=the/other\n",
      CATUR_AUTOSAVE_ERROR_CORRUPT },
    { "[Autosave]\nVersion=1\nVariant=chess\nStart=x\n", CATUR_AUTOSAVE_ERROR_INVALID },
    { "[Autosave]\nVersion=1\nVariant=xiangqi\nStart=x\n", CATUR_AUTOSAVE_ERROR_INVALID },
    { "[Autosave]\nVersion=1\nVariant=xiangqi\n"
      "Start=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
      "Moves=h2e2;h2e2;\n", CATUR_AUTOSAVE_ERROR_INVALID },
    { "[Autosave]\nVersion=1\nVariant=xiangqi\n"
      "Start=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
      "Ending=resign:green\n", CATUR_AUTOSAVE_ERROR_INVALID },
    { "[Autosave]\nVersion=1\nVariant=xiangqi\n"
      "Start=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
      "Hidden=anything\n", CATUR_AUTOSAVE_ERROR_INVALID },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturAutosave) parsed = catur_autosave_parse (cases[i].text,
                                                              strlen (cases[i].text), &error);
      g_autoptr(CaturGame) game = NULL;

      if (parsed != NULL)
        {
          g_assert_no_error (error);
          game = catur_autosave_restore (parsed, &error);
          g_assert_null (game);
        }
      g_assert_nonnull (error);
      g_test_message ("case %u: %s", i, error->message);
      g_assert_error (error, CATUR_AUTOSAVE_ERROR, cases[i].code);
    }
}

/* A file that cannot be read is renamed with a timestamp, kept, and a new one can be saved. */
static void
test_move_aside (void)
{
  g_autofree char *path = catur_autosave_get_path ("xiangqi");
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturAutosave) loaded = NULL;
  g_autoptr(CaturGame) game = play (NULL, "h2e2");
  g_autoptr(CaturAutosave) saved = catur_autosave_new_from_game (game);

  g_assert_true (g_file_set_contents (path, "\x01\x02 not a saved game", -1, NULL));
  loaded = catur_autosave_load ("xiangqi", &error);
  g_assert_null (loaded);
  g_assert_error (error, CATUR_AUTOSAVE_ERROR, CATUR_AUTOSAVE_ERROR_CORRUPT);
  g_clear_error (&error);

  first = catur_autosave_move_aside ("xiangqi", &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (first, path));
  g_assert_true (g_str_has_suffix (first, ".bad"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (first, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "\x01\x02 not a saved game");

  /* A second bad file in the same second does not replace the first. */
  g_assert_true (g_file_set_contents (path, "again", -1, NULL));
  second = catur_autosave_move_aside ("xiangqi", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first, !=, second);
  g_assert_true (g_file_test (first, G_FILE_TEST_EXISTS));

  g_assert_true (catur_autosave_save (saved, &error));
  g_assert_no_error (error);
  g_clear_pointer (&loaded, catur_autosave_free);
  loaded = catur_autosave_load ("xiangqi", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (loaded->moves), ==, 1);
}

/* The autosave is replaced whole, never rewritten in place: a second name for the old file
 * (a hard link) still reads the old game afterwards, so a crash halfway through a save could
 * only ever leave the old file or the new one. Nothing else is left in the folder. */
static void
test_atomic_write (void)
{
  g_autoptr(CaturGame) first = play (NULL, "h2e2");
  g_autoptr(CaturGame) second = play (NULL, "h2e2 h9g7 h0g2");
  g_autoptr(CaturAutosave) saved = catur_autosave_new_from_game (first);
  g_autoptr(CaturAutosave) resaved = catur_autosave_new_from_game (second);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = catur_autosave_get_path ("xiangqi");
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *link_path = g_strconcat (path, ".old-name", NULL);
  g_autofree char *through_link = NULL;
  g_autofree char *through_path = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  GStatBuf info;

  g_assert_true (catur_autosave_save (saved, &error));
  g_assert_no_error (error);
  g_unlink (link_path);
  g_assert_cmpint (link (path, link_path), ==, 0);

  g_assert_true (catur_autosave_save (resaved, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (link_path, &through_link, NULL, NULL));
  g_assert_true (g_file_get_contents (path, &through_path, NULL, NULL));
  g_assert_nonnull (strstr (through_link, "\nMoves=h2e2;\n"));
  g_assert_nonnull (strstr (through_path, "\nMoves=h2e2;h9g7;h0g2;\n"));
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0600);

  g_assert_cmpint (g_unlink (link_path), ==, 0);
  dir = g_dir_open (folder, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_assert_true (g_str_has_prefix (name, "autosave-"));
  g_unlink (path);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  data_home = g_dir_make_tmp ("catur-autosave-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/autosave/save-and-load", test_save_and_load);
  g_test_add_func ("/autosave/endings", test_endings);
  g_test_add_func ("/autosave/comments", test_comments);
  g_test_add_func ("/autosave/missing", test_missing);
  g_test_add_func ("/autosave/corrupt", test_corrupt);
  g_test_add_func ("/autosave/move-aside", test_move_aside);
  g_test_add_func ("/autosave/atomic-write", test_atomic_write);

  status = g_test_run ();
  remove_tree (data_home);
  g_free (data_home);
  return status;
}
