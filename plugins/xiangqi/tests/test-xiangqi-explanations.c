/* test-xiangqi-explanations.c: every sentence that says why a move is illegal, whole, in English
 * and in Indonesian (RULES.md X4–X12)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sentences are what a player reads under the board, so each is asserted to the letter:
 * a reason swapped for another, a blocker misnamed or a screen miscounted fails here. The same
 * program runs twice: with the argument `id` it binds this build's catalogue
 * (<build>/po/id/LC_MESSAGES/catur.mo) and expects the Indonesian column.
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n-lib.h>

#include <catur.h>

typedef struct
{
  const char *fen;              /* NULL: the start position */
  const char *move;             /* ICCS */
  const char *reason_id;
  const char *english;
  const char *indonesian;
} Case;

#define START NULL

static const Case cases[] = {
  { START, "a1a2", "empty-square", "There is no piece on a1.",
    "Tidak ada bidak di a1." },
  { START, "b9c7", "not-own-piece", "The Black Horse on b9 is not yours: it is Red’s turn.",
    "Kuda Hitam di b9 bukan milikmu: sekarang giliran Merah." },
  { START, "a0a3", "own-piece", "Your own Pawn stands on a3.",
    "Prajurit milikmu sendiri ada di a3." },
  { START, "e0e2", "piece-movement",
    "The General moves one point forwards, backwards or sideways.",
    "Jenderal jalan satu titik ke depan, ke belakang, atau ke samping." },
  { START, "d0d1", "piece-movement", "The Advisor moves one point diagonally.",
    "Pengawal jalan diagonal satu titik." },
  { START, "c0c1", "piece-movement", "The Elephant moves exactly two points diagonally.",
    "Gajah jalan diagonal tepat dua titik." },
  { START, "b0b1", "piece-movement",
    "The Horse moves one point straight, then one point diagonally outwards.",
    "Kuda jalan lurus satu titik, lalu satu titik diagonal ke luar." },
  { START, "a0b1", "piece-movement",
    "The Chariot moves in a straight line along a file or rank.",
    "Benteng jalan lurus di sepanjang kolom atau baris." },
  { START, "b2c1", "piece-movement",
    "The Cannon moves in a straight line along a file or rank.",
    "Meriam jalan lurus di sepanjang kolom atau baris." },
  { START, "a3a5", "piece-movement", "The Pawn moves one point at a time.",
    "Prajurit jalan satu titik setiap kali." },
  { START, "a0a4", "blocked-path",
    "The Chariot cannot jump over pieces: the Pawn on a3 is in the way.",
    "Benteng tidak bisa melompati bidak: Prajurit di a3 menghalangi jalannya." },
  { "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0c0", "palace",
    "The General may not leave the palace.",
    "Jenderal tidak boleh keluar dari istana." },
  { START, "d0c1", "palace", "The Advisor may not leave the palace.",
    "Pengawal tidak boleh keluar dari istana." },
  { "4k4/9/9/9/9/9/9/9/3N5/2BK5 w - - 0 1", "c0e2", "elephant-eye",
    "The Elephant’s eye at d1 is blocked by the Horse there.",
    "Mata gajah di d1 tertutup oleh Kuda di sana." },
  { "4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1", "c4e6", "elephant-river",
    "The Elephant may not cross the river.",
    "Gajah tidak boleh menyeberang sungai." },
  { START, "b0d1", "horse-leg", "The Horse’s leg at c0 is blocked by the Elephant there.",
    "Kaki kuda di c0 terhalang oleh Gajah di sana." },
  { "3k5/2n6/9/2p6/9/2p6/9/2C6/9/4K4 w - - 0 1", "c2c4", "cannon-screen",
    "The Cannon captures only by jumping over exactly one piece, and there is none in between.",
    "Meriam hanya bisa memakan dengan melompati tepat satu bidak, dan di antaranya tidak ada "
    "bidak." },
  { "3k5/2n6/9/2p6/9/2p6/9/2C6/9/4K4 w - - 0 1", "c2c8", "cannon-screen",
    "The Cannon captures only by jumping over exactly one piece, but there are 2 in between.",
    "Meriam hanya bisa memakan dengan melompati tepat satu bidak, tapi di antaranya ada 2 bidak." },
  { "4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1", "e5e4", "pawn-direction",
    "The Pawn never moves backwards.",
    "Prajurit tidak pernah mundur." },
  { START, "a3b3", "pawn-direction",
    "The Pawn may move sideways only after crossing the river.",
    "Prajurit baru boleh ke samping setelah menyeberang sungai." },
  { "5k3/9/9/9/9/4P4/3CN4/9/9/4K4 w - - 0 1", "e0f0", "flying-general",
    "The two Generals would face each other on an open file.",
    "Kedua Jenderal akan berhadapan di kolom yang terbuka." },
  { "4k4/4n4/9/9/9/9/9/9/4R4/3K5 b - - 0 1", "e8d6", "leaves-check",
    "This move would leave your General in check from the Chariot on e1.",
    "Langkah ini membuat Jenderalmu kena skak dari Benteng di e1." },
  { "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", "e9e8", "leaves-check",
    "Your General is in check from the Chariot on e1, and this move does not stop it.",
    "Jenderalmu kena skak dari Benteng di e1, dan langkah ini tidak menangkisnya." },
};

static gboolean indonesian;

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  CaturVariant *variant = catur_plugins_find_variant ("xiangqi");
  g_autoptr(GError) error = NULL;
  CaturPosition *position;
  g_autofree char *sentence = NULL;
  const char *reason_id = NULL;
  CaturMove move;

  g_assert_nonnull (variant);
  position = c->fen != NULL ? catur_variant_parse (variant, c->fen, &error)
                            : catur_variant_new_position (variant, NULL, 0);
  g_assert_no_error (error);
  g_assert_true (catur_variant_parse_move (variant, position, c->move, &move, &error));
  g_assert_no_error (error);
  sentence = catur_variant_explain (variant, position, &move, &reason_id);
  g_assert_cmpstr (reason_id, ==, c->reason_id);
  g_assert_cmpstr (sentence, ==, indonesian ? c->indonesian : c->english);
  catur_position_free (position);
}

int
main (int   argc,
      char *argv[])
{
  /* The language comes first, before g_test_init() reads the options. */
  indonesian = argc > 1 && g_strcmp0 (argv[1], "id") == 0;
  if (indonesian)
    {
      argv[1] = argv[0];
      argv++;
      argc--;
    }
  if (indonesian)
    {
      g_setenv ("LANGUAGE", "id", TRUE);
      /* glibc reads LANGUAGE only outside the "C" locale; C.UTF-8 stands in for id_ID. */
      if (setlocale (LC_ALL, "id_ID.UTF-8") == NULL)
        setlocale (LC_ALL, "C.UTF-8");
    }
  else
    g_setenv ("LANGUAGE", "en", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, CATUR_TEST_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/xiangqi/explanations/%s/%s-%s",
                                               indonesian ? "id" : "en", cases[i].reason_id,
                                               cases[i].move);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  return g_test_run ();
}
