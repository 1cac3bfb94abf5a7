/* test-threats.c: the pieces a player can lose for free, in each game (catur-threats.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On positions built by hand, the side to move's pieces as the board marks them: a hanging
 * piece, a defended piece that still loses the exchange, a defended piece that does not, a
 * Cannon's threat through its screen in Xiangqi (and none without one), and a Banqi threat
 * over a face-down screen that two layouts of the face-down pieces mark alike. Then the
 * squares the other side attacks, where a pawn's push is no attack.
 */
#include "config.h"

#include <string.h>

#include <catur.h>

static CaturVariant *
game (const char *id)
{
  CaturVariant *variant = catur_plugins_find_variant (id);

  g_assert_nonnull (variant);
  return variant;
}

static CaturPosition *
parse (CaturVariant *variant,
       const char   *text)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *position = catur_variant_parse (variant, text, &error);

  g_assert_no_error (error);
  return position;
}

/* The threats to the side to move, as "square<attacker" words joined by spaces, defended ones
 * with a star: "d5<e6 c3<c7*". */
static char *
threats_text (CaturVariant        *variant,
              const CaturPosition *position)
{
  CaturSide side = catur_variant_side_to_move (variant, position);
  g_autoptr(GArray) threats = catur_threats_find (variant, position, side);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < threats->len; i++)
    {
      const CaturThreat *threat = &g_array_index (threats, CaturThreat, i);
      char on[8] = "", by[8] = "";

      catur_variant_square_name (variant, threat->square, on);
      catur_variant_square_name (variant, threat->attacker, by);
      g_assert_cmpint (threat->gain, >, 0);
      g_string_append_printf (text, "%s%s<%s%s", text->len > 0 ? " " : "", on, by,
                              threat->defended ? "*" : "");
    }
  return g_string_free (text, FALSE);
}

static void
check_threats (const char *id,
               const char *text,
               const char *expected)
{
  CaturVariant *variant = game (id);
  g_autoptr(CaturPosition) position = parse (variant, text);
  g_autofree char *found = threats_text (variant, position);

  g_test_message ("%s %s: %s", id, text, found);
  g_assert_cmpstr (found, ==, expected);
}

static void
test_hanging (void)
{
  /* Taken by a pawn, by a Chariot, by a pawn into the hand: nothing defends them. */
  check_threats ("chess", "4k3/8/4p3/3N4/8/8/8/4K3 w - - 0 1", "d5<e6");
  check_threats ("xiangqi", "3aka3/9/9/4p4/r2H5/9/4P4/9/9/3AKA3 w - - 0 1", "d5<a5");
  check_threats ("shogi", "4k4/9/9/9/4p4/4S4/9/9/4K4 b - 1", "5f<5e");
  check_threats ("banqi", "XXXX/4/4/Hr2/4/4/K3/3k r PPpp 0 20", "a5<b5");
}

static void
test_defended_loses (void)
{
  /* Defended, but worth more than what takes it. */
  check_threats ("chess", "4k3/8/4p3/3R4/2P5/8/8/4K3 w - - 0 1", "d5<e6*");
  check_threats ("xiangqi", "3aka3/9/9/4p4/9/2pR5/9/2H6/9/3AKA3 w - - 0 1", "d4<c4*");
  check_threats ("shogi", "4k4/9/9/9/4p4/4R4/4P4/9/4K4 b - 1", "5f<5e*");
}

static void
test_defended_holds (void)
{
  /* A Knight for a Knight, a Horse for a Horse: no gain, no mark. */
  check_threats ("chess", "4k3/8/5n2/3N4/2P5/8/8/4K3 w - - 0 1", "");
  check_threats ("xiangqi", "3aka3/9/9/3hp4/9/2H6/2P6/9/9/3AKA3 w - - 0 1", "");
  check_threats ("shogi", "4k4/9/9/9/4s4/4S4/4P4/9/4K4 b - 1", "");
}

static void
test_cannon_screen (void)
{
  /* The Black Cannon on e7 takes the Horse on e3 over the pawn on e5, and nothing without
   * the pawn. */
  check_threats ("xiangqi", "3k5/9/4c4/9/4p4/9/4H4/9/9/5K3 w - - 0 1", "e3<e7");
  check_threats ("xiangqi", "3k5/9/4c4/9/9/9/4H4/9/9/5K3 w - - 0 1", "");
}

static void
test_banqi_layouts (void)
{
  /* The Black Cannon on b8 takes the Red Chariot on b5 over the face-down piece on b6; what
   * that piece is, and what the others are, changes nothing. */
  CaturVariant *variant = game ("banqi");
  g_autoptr(CaturPosition) seen = parse (variant, "XcXX/4/1X2/1R2/4/4/K3/3k r PPpp 0 20");
  g_autofree char *first_hidden = NULL;
  g_autofree char *first = NULL;
  gboolean differ = FALSE;

  for (guint64 seed = 1; seed < 40 && !differ; seed++)
    {
      g_autoptr(CaturPosition) one = catur_position_copy (seen);
      g_autoptr(CaturPosition) other = catur_position_copy (seen);
      g_autofree char *one_hidden = NULL;
      g_autofree char *other_hidden = NULL;
      g_autofree char *one_marks = NULL;
      g_autofree char *other_marks = NULL;

      catur_variant_deal_hidden (variant, one, 1);
      catur_variant_deal_hidden (variant, other, seed + 1);
      one_hidden = catur_variant_format_hidden (variant, one);
      other_hidden = catur_variant_format_hidden (variant, other);
      if (g_strcmp0 (one_hidden, other_hidden) == 0)
        continue;
      differ = TRUE;
      one_marks = threats_text (variant, one);
      other_marks = threats_text (variant, other);
      g_test_message ("%s: %s; %s: %s", one_hidden, one_marks, other_hidden, other_marks);
      g_assert_cmpstr (one_marks, ==, "b5<b8");
      g_assert_cmpstr (other_marks, ==, one_marks);
    }
  g_assert_true (differ);
}

static int
sort_names (const char **a,
            const char **b)
{
  return strcmp (*a, *b);
}

/* The squares the side to move would lose a piece on, by name in alphabetical order. */
static char *
attacked_text (const char *id,
               const char *text)
{
  CaturVariant *variant = game (id);
  g_autoptr(CaturPosition) position = parse (variant, text);
  CaturSide side = catur_variant_side_to_move (variant, position);
  g_autoptr(GArray) squares = catur_threats_attacked_squares (variant, position, side);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < squares->len; i++)
    {
      char name[8] = "";

      catur_variant_square_name (variant, g_array_index (squares, CaturSquare, i), name);
      g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort (names, (GCompareFunc) sort_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static gboolean
has_word (const char *words,
          const char *word)
{
  g_auto(GStrv) list = g_strsplit (words, " ", -1);

  return g_strv_contains ((const char * const *) list, word);
}

static void
test_attacked_squares (void)
{
  g_autofree char *pawn = attacked_text ("chess", "4k3/8/8/4p3/8/8/8/4K3 w - - 0 1");
  g_autofree char *screen = attacked_text ("xiangqi",
                                           "3k5/9/4c4/9/4p4/9/4H4/9/9/5K3 w - - 0 1");
  g_autofree char *open = attacked_text ("xiangqi", "3k5/9/4c4/9/9/9/4H4/9/9/5K3 w - - 0 1");
  /* Banqi's Black General takes anything of Red's but a Soldier. */
  g_autofree char *general = attacked_text ("banqi", "XXXX/4/4/4/1k2/4/K3/4 r PPpp 0 20");

  g_test_message ("chess: %s; xiangqi: %s | %s", pawn, screen, open);
  /* The pawn takes diagonally and pushes straight; the king guards its neighbours. */
  g_assert_cmpstr (pawn, ==, "d4 d7 d8 e7 f4 f7 f8");
  g_assert_true (has_word (screen, "e3"));
  g_assert_false (has_word (open, "e3"));
  /* Without a screen the Cannon moves along the file but takes nothing there. */
  g_assert_false (has_word (open, "e6"));
  g_test_message ("banqi: %s", general);
  g_assert_cmpstr (general, ==, "a4 b3 b5 c4");
}

static void
test_describe (void)
{
  CaturVariant *variant = game ("xiangqi");
  g_autoptr(CaturPosition) position = parse (variant,
                                             "3k5/9/4c4/9/4p4/9/4H4/9/9/5K3 w - - 0 1");
  g_autoptr(GArray) threats = catur_threats_find (variant, position, CATUR_SIDE_FIRST);
  g_autofree char *words = NULL;

  g_assert_cmpuint (threats->len, ==, 1);
  words = catur_threat_describe (variant, position, &g_array_index (threats, CaturThreat, 0));
  g_assert_cmpstr (words, ==, "in danger: the Black Cannon on e7 can take it");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("LANGUAGE", "C", TRUE);
  catur_plugins_load ();

  g_test_add_func ("/threats/hanging", test_hanging);
  g_test_add_func ("/threats/defended-loses", test_defended_loses);
  g_test_add_func ("/threats/defended-holds", test_defended_holds);
  g_test_add_func ("/threats/cannon-screen", test_cannon_screen);
  g_test_add_func ("/threats/banqi-layouts", test_banqi_layouts);
  g_test_add_func ("/threats/attacked-squares", test_attacked_squares);
  g_test_add_func ("/threats/describe", test_describe);
  return g_test_run ();
}
