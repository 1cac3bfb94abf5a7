/* test-shogi-variant.c: Shogi behind the contract: explanations, endings, set-up, records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <catur.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "shogi-core.h"
#include "shogi-variant.h"

/* The real variant, loaded from the plugin of this build. */
static CaturVariant *
shogi (void)
{
  CaturVariant *variant = catur_plugins_find_variant ("shogi");

  g_assert_nonnull (variant);
  return variant;
}

static CaturPosition *
position (const char *sfen)
{
  g_autoptr(GError) error = NULL;
  CaturPosition *pos = catur_variant_parse (shogi (), sfen, &error);

  g_assert_no_error (error);
  return pos;
}

static CaturMove
move (CaturPosition *pos, const char *text)
{
  g_autoptr(GError) error = NULL;
  CaturMove result;

  g_assert_true (catur_variant_parse_move (shogi (), pos, text, &result, &error));
  g_assert_no_error (error);
  return result;
}

/* explain() of @text in @sfen: the whole sentence and the reason id. */
static void
explains (const char *sfen, const char *text, const char *reason, const char *sentence)
{
  g_autoptr(CaturPosition) pos = position (sfen);
  CaturMove m = move (pos, text);
  const char *id = NULL;
  g_autofree char *why = catur_variant_explain (shogi (), pos, &m, &id);

  g_assert_cmpstr (why, ==, sentence);
  g_assert_cmpstr (id, ==, reason);
}

#define START "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

static void
test_explanations (void)
{
  explains (START, "5e5d", "empty-square", "There is no piece on 5e.");
  explains (START, "3c3d", "not-own-piece",
            "The Gote Pawn on 3c is not yours: it is Sente’s turn.");
  explains (START, "7g7e", "piece-movement", "The Pawn moves one square straight forwards.");
  explains (START, "2h2g", "own-piece", "Your own Pawn stands on 2g.");
  explains (START, "8h6f", "blocked-path",
            "The Bishop cannot jump over pieces: the Pawn on 7g is in the way.");
  explains (START, "7g7f+", "cannot-promote",
            "The Pawn may promote only on a move into, within or out of the three far ranks, "
            "and 7g to 7f touches none of them.");
  explains ("4k4/9/4G4/9/9/9/9/9/4K4 b - 1", "5c5b+", "cannot-promote",
            "The Gold never promotes.");
  explains ("4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i6i", "leaves-check",
            "This move would leave your King in check from the Rook on 6h.");
  explains ("4k4/6P2/9/9/9/9/9/9/4K4 b - 1", "3b3a", "must-promote",
            "The Pawn must promote on 3a: unpromoted it could never move again.");
  explains ("4k4/9/5+P3/9/9/9/4P4/9/4K4 b P 1", "P*5e", "nifu",
            "Two pawns on one file (nifu): your unpromoted Pawn on 5g is on this file already.");
  explains ("4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*3b", "dead-drop",
            "A Knight dropped on 3b could never move.");
  explains ("8k/9/6NG1/9/9/9/9/9/4K4 b P 1", "P*1b", "uchifuzume",
            "A Pawn dropped on 1b would give checkmate, and mate by a pawn drop (uchifuzume) "
            "is not allowed.");
  /* In check from the Bishop on 6a, P*5b would block it and mate. */
  explains ("R2bkl3/9/4G4/9/9/8K/9/9/9 b P 1", "P*5b", "uchifuzume",
            "A Pawn dropped on 5b would give checkmate, and mate by a pawn drop (uchifuzume) "
            "is not allowed.");
  explains ("4k4/9/9/9/9/9/4r4/9/4K4 b - 1", "5i5h", "leaves-check",
            "Your King is in check from the Rook on 5g, and this move does not stop it.");
  explains ("4k4/9/9/9/9/9/4r4/4S4/4K4 b - 1", "5h4g", "leaves-check",
            "This move would leave your King in check from the Rook on 5g.");
  explains (START, "G*5e", "empty-hand", "You have no Gold in hand.");
  explains (START, "declare", "cannot-declare",
            "This game is played without the declaration of an impasse.");
}

static void
test_explain_selection (void)
{
  g_autoptr(CaturPosition) pos = position ("4k4/9/9/9/9/9/9/9/4K4 b Pr 1");
  CaturMove own_hand = { CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, SG_PAWN), CATUR_SQUARE_NONE, 0, 0 };
  CaturMove other_hand = {
    CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, SG_ROOK), CATUR_SQUARE_NONE, 0, 0,
  };
  CaturMove empty_kind = { CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, SG_GOLD), CATUR_SQUARE_NONE, 0, 0 };
  const char *id = NULL;
  g_autofree char *a = catur_variant_explain (shogi (), pos, &own_hand, &id);
  g_autofree char *b = catur_variant_explain (shogi (), pos, &other_hand, &id);
  g_autofree char *c = NULL;

  g_assert_null (a);
  g_assert_cmpstr (b, ==, "The pieces in that hand are not yours: it is Sente’s turn.");
  g_assert_cmpstr (id, ==, "not-own-piece");
  c = catur_variant_explain (shogi (), pos, &empty_kind, &id);
  g_assert_cmpstr (c, ==, "You have no Gold in hand.");
}

static void
test_explain_contract_moves (void)
{
  g_autoptr(CaturPosition) pos =
    position ("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
  g_autoptr(CaturPosition) hands = position ("4k4/9/9/9/9/9/9/9/4K4 b Pr 1");
  CaturMove other_drop = {
    CATUR_SQUARE_HAND (CATUR_SIDE_SECOND, SG_ROOK), sg_square_from_name ("5e"), SG_ROOK,
    CATUR_MOVE_DROP,
  };
  CaturMove wrong_kind = { sg_square_from_name ("8h"), sg_square_from_name ("2b"), SG_DRAGON,
                           CATUR_MOVE_PROMOTE };
  CaturMove right_kind = { sg_square_from_name ("8h"), sg_square_from_name ("2b"), SG_HORSE,
                           CATUR_MOVE_PROMOTE };
  const char *id = NULL;
  g_autofree char *a = catur_variant_explain (shogi (), hands, &other_drop, &id);
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;

  g_assert_cmpstr (a, ==, "The pieces in that hand are not yours: it is Sente’s turn.");
  g_assert_cmpstr (id, ==, "not-own-piece");
  b = catur_variant_explain (shogi (), pos, &wrong_kind, &id);
  g_assert_cmpstr (b, ==, "The Bishop promotes only to the Horse.");
  g_assert_cmpstr (id, ==, "cannot-promote");
  c = catur_variant_explain (shogi (), pos, &right_kind, &id);
  g_assert_null (c);
}

static void
test_moves_and_names (void)
{
  g_autoptr(CaturPosition) pos = position ("4k4/9/9/9/4p4/9/4B4/9/4K4 b P 1");
  g_autoptr(GArray) moves = catur_variant_legal_moves (shogi (), pos);
  CaturPiece king = { SG_KING, CATUR_SIDE_FIRST, 0 };
  CaturPiece other_king = { SG_KING, CATUR_SIDE_SECOND, 0 };
  CaturPiece tokin = { SG_TOKIN, CATUR_SIDE_FIRST, CATUR_PIECE_PROMOTED };
  g_autofree char *letter = catur_variant_get_piece_letter (shogi (), &tokin);
  g_autofree char *name = catur_variant_get_piece_name (shogi (), &tokin);
  g_autofree char *no_draws = NULL;
  gboolean drop_seen = FALSE;

  for (guint i = 0; i < moves->len; i++)
    {
      CaturMove *m = &g_array_index (moves, CaturMove, i);

      if (m->flags & CATUR_MOVE_DROP)
        {
          g_assert_cmpint (m->from, ==, CATUR_SQUARE_HAND (CATUR_SIDE_FIRST, SG_PAWN));
          g_assert_cmpint (m->piece, ==, SG_PAWN);
          drop_seen = TRUE;
        }
    }
  g_assert_true (drop_seen);
  g_assert_cmpstr (catur_variant_get_piece_image (shogi (), &king), ==, "jewel.svg");
  g_assert_cmpstr (catur_variant_get_piece_image (shogi (), &other_king), ==, "king.svg");
  g_assert_cmpstr (catur_variant_get_piece_image (shogi (), &tokin), ==, "tokin.svg");
  g_assert_cmpstr (letter, ==, "+P");
  g_assert_cmpstr (name, ==, "Tokin");
  g_assert_cmpuint (catur_variant_hand_count (shogi (), pos, CATUR_SIDE_FIRST, SG_PAWN), ==, 1);
  g_assert_true (catur_variant_get_flags (shogi ()) & CATUR_VARIANT_NO_DRAW_OFFERS);
  /* RULES T4: the players are told how a game ends instead. */
  no_draws = catur_variant_describe_no_draw_offers (shogi ());
  g_assert_cmpstr (no_draws, ==, "Shogi games end by mate, resignation, repetition, impasse or "
                                 "the move limit; there are no draw offers");
  g_assert_true (catur_variant_get_flags (shogi ()) & CATUR_VARIANT_TOP_PIECES_TURNED);
  g_assert_cmpint (catur_variant_get_engine_dialect (shogi ()), ==, CATUR_ENGINE_DIALECT_USI);
  g_assert_true (catur_variant_can_think (shogi ()));
}

static void
test_notations (void)
{
  g_autoptr(CaturPosition) pos = position (START);
  CaturMove m = move (pos, "7g7f");
  g_autofree char *western = catur_variant_format_move (shogi (), pos, &m, "western");
  g_autofree char *japanese = catur_variant_format_move (shogi (), pos, &m, "japanese");
  g_autofree char *usi = catur_variant_format_move (shogi (), pos, &m, "usi");
  CaturMove back = move (pos, "７六歩");

  g_assert_cmpstr (western, ==, "P-7f");
  /* Japanese records write the mover's mark first: ▲ for Sente, △ for Gote. */
  g_assert_cmpstr (japanese, ==, "▲７六歩");
  g_assert_cmpstr (usi, ==, "7g7f");
  g_assert_true (catur_move_equal (&back, &m));
  back = move (pos, "P-7f");
  g_assert_true (catur_move_equal (&back, &m));
  back = move (pos, japanese);
  g_assert_true (catur_move_equal (&back, &m));

  {
    g_autoptr(CaturPosition) after = catur_position_copy (pos);
    g_autofree char *reply = NULL;
    CaturMove r;

    catur_variant_play (shogi (), after, &m);
    r = move (after, "3c3d");
    reply = catur_variant_format_move (shogi (), after, &r, "japanese");
    g_assert_cmpstr (reply, ==, "△３四歩");
    back = move (after, reply);
    g_assert_true (catur_move_equal (&back, &r));
  }
}

static GVariant *
options (const char *handicap, const char *limit, const char *impasse)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "handicap", g_variant_new_string (handicap));
  g_variant_builder_add (&builder, "{sv}", "move-limit", g_variant_new_string (limit));
  g_variant_builder_add (&builder, "{sv}", "impasse", g_variant_new_string (impasse));
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

static void
test_handicap_setup (void)
{
  g_autoptr(GVariant) opts = options ("bishop", "0", "27");
  g_autoptr(CaturPosition) pos = catur_variant_new_position (shogi (), opts, 0);
  g_autofree char *sfen = catur_variant_format (shogi (), pos);
  g_autofree char *start = catur_variant_describe_start (shogi (), pos);
  g_autoptr(GArray) moves = catur_variant_legal_moves (shogi (), pos);

  g_assert_cmpstr (sfen, ==, "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  g_assert_cmpstr (start, ==, "Bishop handicap");
  g_assert_cmpint (catur_variant_side_to_move (shogi (), pos), ==, CATUR_SIDE_SECOND);
  /* No impasse declaration in a handicap game. */
  g_assert_cmpint (SG (pos)->rules.impasse, ==, SG_IMPASSE_OFF);
  g_assert_cmpuint (moves->len, >, 0);
}

/* The set-up rules, which SFEN does not tell, given back to a start read from its text by
 * the options CaturGame keeps (apply_options): an autosave keeps them so, and no longer as
 * the text of hidden pieces, which autosaves written before still carry and which still opens. */
static void
test_rules_kept (void)
{
  g_autoptr(GVariant) opts = options ("even", "320", "27");
  g_autoptr(GVariant) bishop = options ("bishop", "256", "27");
  CaturPosition *pos = catur_variant_new_position (shogi (), opts, 0);
  g_autofree char *sfen = catur_variant_format (shogi (), pos);
  g_autoptr(CaturGame) game = catur_game_new (shogi (), pos);
  g_autoptr(CaturAutosave) saved = NULL;
  g_autoptr(CaturAutosave) read = NULL;
  g_autoptr(CaturGame) back = NULL;
  g_autofree char *data = NULL;
  g_autoptr(CaturPosition) plain = catur_variant_parse (shogi (), sfen, NULL);
  g_autoptr(CaturPosition) handicap = NULL;
  g_autoptr(GError) error = NULL;
  const CaturPosition *start;

  g_assert_cmpint (SG (pos)->rules.move_limit, ==, 320);
  g_assert_cmpint (SG (pos)->rules.impasse, ==, SG_IMPASSE_27);
  g_assert_null (catur_variant_format_hidden (shogi (), pos));

  catur_game_set_options (game, opts);
  g_assert_true (catur_game_play_text (game, "7g7f", &error));
  g_assert_no_error (error);
  saved = catur_autosave_new_from_game (game);
  data = catur_autosave_to_data (saved, NULL);
  g_assert_null (strstr (data, "Hidden="));
  read = catur_autosave_parse (data, strlen (data), &error);
  g_assert_no_error (error);
  back = catur_autosave_restore (read, &error);
  g_assert_no_error (error);
  start = catur_game_get_start_position (back);
  g_assert_cmpint (SG (start)->rules.move_limit, ==, 320);
  g_assert_cmpint (SG (start)->rules.impasse, ==, SG_IMPASSE_27);
  g_assert_cmpint (SG (catur_game_get_position (back))->rules.move_limit, ==, 320);

  /* A handicap start keeps the declaration off whatever the options say (S12). */
  handicap = catur_variant_new_position (shogi (), bishop, 0);
  g_clear_pointer (&sfen, g_free);
  sfen = catur_variant_format (shogi (), handicap);
  g_clear_pointer (&handicap, catur_position_free);
  handicap = catur_variant_parse (shogi (), sfen, NULL);
  catur_variant_apply_options (shogi (), handicap, opts);
  g_assert_cmpint (SG (handicap)->rules.move_limit, ==, 320);
  g_assert_cmpint (SG (handicap)->rules.impasse, ==, SG_IMPASSE_OFF);

  /* What older autosaves wrote. */
  g_assert_true (catur_variant_restore_hidden (shogi (), plain, "move-limit=256 impasse=24",
                                               &error));
  g_assert_no_error (error);
  g_assert_cmpint (SG (plain)->rules.move_limit, ==, 256);
  g_assert_cmpint (SG (plain)->rules.impasse, ==, SG_IMPASSE_24);
  g_assert_false (catur_variant_restore_hidden (shogi (), plain, "move-limit=x", &error));
  g_assert_error (error, CATUR_VARIANT_ERROR, CATUR_VARIANT_ERROR_INVALID_POSITION);
}

static void
test_impasse_declaration (void)
{
  g_autoptr(GVariant) opts = options ("even", "0", "24");
  g_autoptr(CaturPosition) pos = catur_variant_new_position (shogi (), opts, 0);
  g_autoptr(GArray) moves = NULL;
  CaturOutcome outcome;
  CaturMove declare = { CATUR_SQUARE_NONE, CATUR_SQUARE_NONE, 0, CATUR_MOVE_DECLARE };
  g_autofree char *label = NULL;
  g_autofree char *how = NULL;
  gboolean listed = FALSE;
  g_autoptr(GError) error = NULL;

  /* ST10's position, in a game set up with the 24-point rule. */
  g_assert_true (sg_position_from_sfen (SG_MUTABLE (pos),
                                        "RB+P+P1+P+P+P1/3GKG3/3S1S3/9/9/9/9/9/8k b 9P 1", &error));
  SG_MUTABLE (pos)->rules.impasse = SG_IMPASSE_24;
  moves = catur_variant_legal_moves (shogi (), pos);
  for (guint i = 0; i < moves->len; i++)
    listed |= (g_array_index (moves, CaturMove, i).flags & CATUR_MOVE_DECLARE) != 0;
  g_assert_true (listed);
  label = catur_variant_get_declaration_label (shogi (), pos, &declare);
  g_assert_cmpstr (label, ==, "Declare Impasse (28 Points)");

  catur_variant_play (shogi (), pos, &declare);
  catur_outcome_init (&outcome);
  catur_variant_status (shogi (), pos, NULL, &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpint (outcome.reason, ==, CATUR_REASON_IMPASSE);
  how = catur_variant_describe_outcome (shogi (), pos, &outcome);
  g_assert_cmpstr (how, ==, "Impasse declared: Sente 28 points, Gote 0 points");
}

/* A game set up with a move limit ends drawn when it is reached, and says so. The moves are
 * legal ones picked in a fixed way, which reach the limit without a mate. */
static void
test_move_limit_outcome (void)
{
  g_autoptr(GVariant) opts = options ("even", "256", "off");
  g_autoptr(CaturPosition) pos = catur_variant_new_position (shogi (), opts, 0);
  CaturOutcome outcome;
  g_autofree char *how = NULL;
  g_autofree char *unknown = NULL;
  guint ply;

  for (ply = 0; ply < 300; ply++)
    {
      g_autoptr(GArray) moves = catur_variant_legal_moves (shogi (), pos);
      CaturMove m = g_array_index (moves, CaturMove, (ply * 7) % moves->len);

      catur_variant_play (shogi (), pos, &m);
      catur_outcome_init (&outcome);
      catur_variant_status (shogi (), pos, NULL, &outcome);
      if (outcome.result != CATUR_RESULT_ONGOING)
        break;
    }
  g_assert_cmpuint (ply + 1, ==, 256);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_DRAW);
  g_assert_cmpint (outcome.reason, ==, CATUR_REASON_MOVE_LIMIT);
  how = catur_variant_describe_outcome (shogi (), pos, &outcome);
  g_assert_cmpstr (how, ==, "The game reached 256 plies");
  unknown = catur_variant_describe_outcome (shogi (), NULL, &outcome);
  g_assert_cmpstr (unknown, ==, "The game reached its move limit");
}

static void
test_checkmate_status (void)
{
  g_autoptr(CaturPosition) pos = position ("8k/9/6NG1/9/9/9/9/9/4K4 b G 1");
  CaturMove m = move (pos, "G*1b");
  CaturOutcome outcome;
  CaturSquare king;

  catur_variant_play (shogi (), pos, &m);
  catur_outcome_init (&outcome);
  catur_variant_status (shogi (), pos, NULL, &outcome);
  g_assert_cmpint (outcome.result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome.winner, ==, CATUR_SIDE_FIRST);
  g_assert_cmpint (outcome.reason, ==, CATUR_REASON_CHECKMATE);
  g_assert_true (catur_variant_in_check (shogi (), pos, &king));
  g_assert_cmpint (king, ==, sg_square_from_name ("1a"));
}

/* The third occurrence of a position: the notices through the contract, in words. */
static void
test_repetition_notices (void)
{
  static const char * const checks[] = { "9b9a", "1a1b", "9a9b", "1b1a" };
  static const char * const quiet[] = { "5i5h", "5a5b", "5h5i", "5b5a" };
  const char * const *cycles[] = { checks, quiet };
  const char *start[] = { "8k/R8/9/9/9/9/9/9/4K4 b - 1", "4k4/9/9/9/9/9/9/9/4K4 b - 1" };

  for (guint c = 0; c < G_N_ELEMENTS (cycles); c++)
    {
      g_autoptr(CaturPosition) pos = position (start[c]);
      g_autoptr(CaturRepetition) history = catur_variant_new_repetition (shogi (), pos);
      CaturOutcome outcome;
      g_autofree char *said = NULL;

      for (guint ply = 0; ply < 8; ply++)
        {
          CaturMove m = move (pos, cycles[c][ply % 4]);
          CaturSide mover = catur_variant_side_to_move (shogi (), pos);

          catur_variant_play (shogi (), pos, &m);
          catur_variant_push_repetition (shogi (), history, mover, pos);
        }
      catur_outcome_init (&outcome);
      catur_variant_status (shogi (), pos, history, &outcome);
      g_assert_cmpint (outcome.result, ==, CATUR_RESULT_ONGOING);
      if (c == 0)
        {
          g_assert_cmpuint (outcome.notices, ==, 1 << 0);
          g_assert_cmpint (outcome.warned_side, ==, CATUR_SIDE_FIRST);
          said = catur_variant_describe_notice (shogi (), pos, &outcome, outcome.notices);
          g_assert_cmpstr (said, ==, "Sente: repeat once more and you lose by perpetual check");
        }
      else
        {
          g_assert_cmpuint (outcome.notices, ==, 1 << 1);
          said = catur_variant_describe_notice (shogi (), pos, &outcome, outcome.notices);
          g_assert_cmpstr (said, ==, "Position repeated 3 times: once more is a draw by "
                                     "repetition (sennichite)");
        }
    }
}

/* RULES S15 and S16: one game in both formats. */
static const char kif_game[] =
  "手合割：平手\n"
  "先手：A\n"
  "後手：B\n"
  "手数----指手---------消費時間--\n"
  "   1 ７六歩(77)\n"
  "   2 ３四歩(33)\n"
  "   3 ２二角成(88)\n"
  "   4 同　銀(31)\n"
  "   5 ４五角打\n"
  "   6 投了\n"
  "まで5手で先手の勝ち\n";

static const char csa_game[] =
  "V2.2\n"
  "N+A\n"
  "N-B\n"
  "PI\n"
  "+\n"
  "+7776FU\n"
  "-3334FU\n"
  "+8822UM\n"
  "-3122GI\n"
  "+0045KA\n"
  "%TORYO\n";

#define FINAL_SFEN "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"

static char *
final_sfen (CaturRecord *record)
{
  g_autoptr(CaturPosition) final = catur_record_dup_final_position (record);

  return catur_variant_format (shogi (), final);
}

/* The lines of @text that hold moves (KIF: those after the 手数 line, CSA: +/- and %). */
static char *
move_lines (const char *text, gboolean kif)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);
  gboolean in_moves = !kif;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (kif && g_str_has_prefix (lines[i], "手数"))
        {
          in_moves = TRUE;
          continue;
        }
      if (in_moves && (kif || ((lines[i][0] == '+' || lines[i][0] == '-') && lines[i][1] != '\0')
                       || lines[i][0] == '%'))
        g_string_append_printf (out, "%s\n", lines[i]);
    }
  return g_string_free (out, FALSE);
}

static void
test_kif_example (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "kif", kif_game,
                                                             strlen (kif_game), &error);
  g_autofree char *sfen = NULL;
  g_autofree char *written = NULL;
  g_autofree char *lines_in = move_lines (kif_game, TRUE);
  g_autofree char *lines_out = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 5);
  sfen = final_sfen (record);
  g_assert_cmpstr (sfen, ==, FINAL_SFEN);
  g_assert_cmpstr (catur_record_get_tag (record, "Sente"), ==, "A");
  g_assert_cmpstr (catur_record_get_tag (record, "Result"), ==, "1-0");
  written = catur_variant_write_record (shogi (), "kif", record, &error);
  g_assert_no_error (error);
  lines_out = move_lines (written, TRUE);
  g_assert_cmpstr (lines_out, ==, lines_in);
}

static void
test_csa_example (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "csa", csa_game,
                                                             strlen (csa_game), &error);
  g_autofree char *sfen = NULL;
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  sfen = final_sfen (record);
  g_assert_cmpstr (sfen, ==, FINAL_SFEN);
  written = catur_variant_write_record (shogi (), "csa", record, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, csa_game);
}

static void
test_csa_v3_and_handicap (void)
{
  static const char text[] =
    "'CSA encoding=UTF-8\n"
    "V3.0\n"
    "N+先手さん\n"
    "N-上手さん\n"
    "$EVENT:練習\n"
    "PI82HI\n"
    "-\n"
    "-5152OU,T3\n"
    "'*a comment\n"
    "+7776FU\n"
    "T2\n"
    "%CHUDAN\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "csa", text,
                                                             strlen (text), &error);
  g_autofree char *written = NULL;
  g_autofree char *kif = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 2);
  g_assert_cmpstr (catur_record_get_comment (record, 1), ==, "a comment");
  g_assert_cmpstr (catur_record_get_tag (record, "Event"), ==, "練習");
  written = catur_variant_write_record (shogi (), "csa", record, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (written, "'CSA encoding=UTF-8\nV3.0\nN+先手さん\nN-上手さん\n"));
  g_assert_nonnull (strstr (written, "PI82HI\n-\n-5152OU\n'*a comment\n+7776FU\n"));
  kif = catur_variant_write_record (shogi (), "kif", record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (kif, "手合割：飛車落ち\n"));
  g_assert_nonnull (strstr (kif, "下手：先手さん\n"));
  g_assert_nonnull (strstr (kif, "   1 ５二玉(51)\n*a comment\n   2 ７六歩(77)\n"));
}

/* A file that went twice through a tool adding a byte-order mark reads as without them, and
 * what it writes reads back the same (the Shogi fuzzer found a second mark kept as the first
 * header's name, then lost when the written text was read again). */
static void
test_kif_byte_order_marks (void)
{
  /* Two marks at the start; a mark after the first line's spaces (found by the fuzzer). */
  static const char * const texts[] = {
    "\xef\xbb\xbf\xef\xbb\xbf棋戦：竜王戦\n   1 ７六歩(77)\n",
    "\xef\xbb\xbf\t\t\xef\xbb\xbf棋戦\xef\xbb\xbf：竜王戦\n   1 ７六歩(77)\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      const char *text = texts[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "kif", text,
                                                                 strlen (text),
                                                                 &error);
      g_autoptr(CaturRecord) again = NULL;
      g_autofree char *written = NULL;
      g_autofree char *rewritten = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (catur_record_get_n_moves (record), ==, 1);
      g_assert_cmpstr (catur_record_get_tag (record, "Event"), ==, "竜王戦");
      written = catur_variant_write_record (shogi (), "kif", record, &error);
      g_assert_no_error (error);
      g_assert_null (strstr (written, "\xef\xbb\xbf"));
      again = catur_variant_read_record (shogi (), "kif", written, strlen (written), &error);
      g_assert_no_error (error);
      rewritten = catur_variant_write_record (shogi (), "kif", again, &error);
      g_assert_cmpstr (written, ==, rewritten);
    }
}

static void
test_kif_foreign (void)
{
  /* As another program writes it: Shift_JIS, times, a comment, 竜 and a board diagram. */
  static const char utf8[] =
    "# ---- Kifu for Windows V7 ----\n"
    "開始日時：2024/03/01 10:00:00\n"
    "後手の持駒：なし\n"
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
    "+---------------------------+\n"
    "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
    "| ・ 竜 ・ ・ 玉 ・ ・ ・ ・|九\n"
    "+---------------------------+\n"
    "先手の持駒：金　歩二\n"
    "手数----指手---------消費時間--\n"
    "*開始\n"
    "   1 ▲８二竜(89)   ( 0:03/00:00:03)\n"
    "*王手\n"
    "   2 ４一玉(51)   ( 0:01/00:00:01)\n"
    "   3 ５二金打   ( 0:02/00:00:05)\n"
    "   4 中断\n";
  g_autofree char *sjis = g_convert (utf8, -1, "CP932", "UTF-8", NULL, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = NULL;
  g_autofree char *sfen = NULL;
  g_autofree char *written = NULL;
  g_autoptr(CaturRecord) again = NULL;

  g_assert_nonnull (sjis);
  record = catur_variant_read_record (shogi (), "kif", sjis, strlen (sjis), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 3);
  g_assert_cmpstr (catur_record_get_comment (record, 0), ==, "開始");
  g_assert_cmpstr (catur_record_get_comment (record, 1), ==, "王手");
  g_assert_cmpstr (catur_record_get_tag (record, "Date"), ==, "2024.03.01");
  sfen = final_sfen (record);
  g_assert_cmpstr (sfen, ==, "5k3/1+R2G4/9/9/9/9/9/9/4K4 w 2P 4");
  written = catur_variant_write_record (shogi (), "kif", record, &error);
  g_assert_no_error (error);
  again = catur_variant_read_record (shogi (), "kif", written, strlen (written), &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_equal (record, again));
}

/* A `.kif` is written in Shift_JIS: the same text as the UTF-8 KIF in CP932, which reads back
 * to the same record; a name Shift_JIS has no character for is refused with a clear error. */
static void
test_kif_shift_jis_written (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "kif", kif_game,
                                                             strlen (kif_game), &error);
  const CaturRecordFormat *format = catur_variant_guess_record_format (
    shogi (), "game.kif", CATUR_RECORD_FORMAT_WRITE);
  g_autofree char *utf8 = catur_variant_write_record (shogi (), "kif", record, &error);
  g_autofree char *utf8_file = NULL;
  g_autofree char *sjis = NULL;
  g_autofree char *decoded = NULL;
  g_autoptr(CaturRecord) again = NULL;
  gsize length = 0;

  g_assert_no_error (error);
  g_assert_nonnull (format);
  g_assert_cmpstr (catur_variant_find_record_format (shogi (), "kif-sjis")->encoding, ==,
                   "CP932");
  utf8_file = catur_variant_write_record_file (shogi (), "kif", record, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (utf8_file, ==, utf8);
  g_assert_cmpuint (length, ==, strlen (utf8));

  sjis = catur_variant_write_record_file (shogi (), "kif-sjis", record, &length, &error);
  g_assert_no_error (error);
  g_assert_false (g_utf8_validate (sjis, (gssize) length, NULL));
  decoded = g_convert (sjis, (gssize) length, "UTF-8", "CP932", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (decoded, ==, utf8);
  again = catur_variant_read_record (shogi (), "kif-sjis", sjis, length, &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_equal (record, again));

  g_clear_pointer (&sjis, g_free);
  catur_record_set_tag (record, "Sente", "Ana 😀");
  sjis = catur_variant_write_record_file (shogi (), "kif-sjis", record, &length, &error);
  g_assert_null (sjis);
  g_assert_error (error, CATUR_RECORD_ERROR, CATUR_RECORD_ERROR_ENCODING);
  g_assert_nonnull (strstr (error->message, "Shift_JIS"));
}

static void
test_record_refusals (void)
{
  static const struct { const char *format; const char *text; const char *message; } cases[] = {
    /* An illegal move is named, with its line and why, whether or not an ending follows
     * that is no foul's. */
    { "kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７五歩(77)\n",
      "Line 3: Sente’s move 1, “７五歩(77)”, is not legal: "
      "The Pawn moves one square straight forwards." },
    { "kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７四歩(77)\n",
      "Line 4: Gote’s move 2, “７四歩(77)”, is not legal: "
      "the piece named does not stand on the origin" },
    { "kif", "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３五歩(33)\n   3 投了\n",
      "Line 3: Gote’s move 2, “３五歩(33)”, is not legal: "
      "The Pawn moves one square straight forwards." },
    { "csa", "V2.2\nPI\n+\n+7776FU\n-3335FU\n%TORYO\n",
      "Line 5: Gote’s move 2, “-3335FU”, is not legal: "
      "The Pawn moves one square straight forwards." },
    /* A foul ending that names the other side than the one that played the illegal move. */
    { "csa", "V2.2\nPI\n+\n+7775FU\n%-ILLEGAL_ACTION\n",
      "Line 4: Sente’s move 1, “+7775FU”, is not legal: "
      "The Pawn moves one square straight forwards." },
    { "kif", "手合割：角香落ち\n", "Line 1: Catur does not know this handicap" },
    { "csa", "V2.2\nPI\n+\n+7776FU\n+2726FU\n",
      "Line 5: Gote’s move 2, “+2726FU”, does not read: the move is not the side to move’s" },
    { "csa", "V2.2\nPI\n+\n+7775FU\n", "Line 4: Sente’s move 1, “+7775FU”, is not legal: "
      "The Pawn moves one square straight forwards." },
    { "csa", "V2.2\n+7776FU\n", "Line 2: the moves come before the start position" },
    { "csa", "V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP9+OU * +OU *  *  *  *  *  * \n+\n",
      "Line 4: Sente has more than one king" },
    { "kif", "後手の持駒：なし\n| ・ ・ ・ ・v玉 ・ ・ ・ 歩|一\n手数----指手---------消費時間--\n"
      "   1 投了\n", "Line 4: the piece on 1a could never move again" },
    { "kif", "手合割：平手\n   1 ７六歩(7\n", "Line 2: Sente’s move 1, “７六歩(7”, does not read: "
      "the origin must be two digits in parentheses" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), cases[i].format,
                                                                 cases[i].text,
                                                                 strlen (cases[i].text), &error);

      g_assert_null (record);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* Kifu for Windows pads header values with ideographic spaces: the handicap and the names read
 * as without them. */
static void
test_kif_padded_headers (void)
{
  static const char text[] =
    "先手：羽生　\n"
    "手合割：平手　　\n"
    "手数----指手---------消費時間--\n"
    "   1 ７六歩(77)\n";
  static const char lance[] = "手合割：香落ち　\n   1 ３二金(41)\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "kif", text,
                                                             strlen (text), &error);
  g_autoptr(CaturRecord) handicap = NULL;
  g_autofree char *start = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, 1);
  g_assert_cmpstr (catur_record_get_tag (record, "Sente"), ==, "羽生");
  handicap = catur_variant_read_record (shogi (), "kif", lance, strlen (lance), &error);
  g_assert_no_error (error);
  start = catur_variant_format (shogi (), catur_record_get_start (handicap));
  g_assert_true (g_str_has_prefix (start, "lnsgkgsn1/1r5b1/"));
}

/* What KIF writes is what other readers (tsshogi, Kifu for Windows) read: `同` with an
 * ideographic space before any piece's name, and no `不成`, which is KI2's; the reader still
 * takes `不成`. */
static void
test_kif_written_for_other_readers (void)
{
  g_autoptr(CaturPosition) start = position ("2s1k4/+L8/9/9/9/6S2/9/9/4K4 w - 1");
  g_autoptr(CaturPosition) pos = catur_position_copy (start);
  g_autoptr(CaturRecord) record = catur_record_new (shogi (), catur_position_copy (start));
  g_autoptr(CaturRecord) again = NULL;
  g_autoptr(CaturRecord) ki2_style = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GString) with_funari = NULL;
  static const char * const moves[] = { "7a8b", "9b8b", "5a4a", "3f3e", "4a5a", "3e3d",
                                        "5a4a", "3d3c" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      CaturMove m = move (pos, moves[i]);

      catur_record_append_move (record, &m);
      catur_variant_play (shogi (), pos, &m);
    }
  written = catur_variant_write_record (shogi (), "kif", record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (written, "   2 同　成香(92)\n"));
  g_assert_nonnull (strstr (written, "   8 ３三銀(34)\n"));
  g_assert_null (strstr (written, "不成"));
  again = catur_variant_read_record (shogi (), "kif", written, strlen (written), &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_equal (record, again));

  with_funari = g_string_new (written);
  g_string_replace (with_funari, "３三銀(34)", "３三銀不成(34)", 1);
  ki2_style = catur_variant_read_record (shogi (), "kif", with_funari->str,
                                         with_funari->len, &error);
  g_assert_no_error (error);
  g_assert_true (catur_record_equal (record, ki2_style));
}

/* A game's end as the record states it, where the rules would not reach it: the game keeps
 * the last legal position and the stated result with its reason. */
static void
check_stated_ending (const char  *format,
                     const char  *text,
                     guint        n_moves,
                     CaturSide    winner,
                     CaturReason  reason,
                     const char  *end_written)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), format, text,
                                                             strlen (text), &error);
  g_autoptr(CaturRecord) again = NULL;
  g_autoptr(CaturGame) game = NULL;
  g_autofree char *written = NULL;
  const CaturOutcome *outcome;

  g_assert_no_error (error);
  g_assert_cmpuint (catur_record_get_n_moves (record), ==, n_moves);
  g_assert_cmpint (catur_record_get_outcome (record)->reason, ==, reason);
  game = catur_record_to_game (record, &error);
  g_assert_no_error (error);
  g_assert_true (catur_game_is_over (game));
  outcome = catur_game_get_outcome (game);
  g_assert_cmpint (outcome->result, ==, CATUR_RESULT_WIN);
  g_assert_cmpint (outcome->winner, ==, winner);
  g_assert_cmpint (outcome->reason, ==, reason);
  g_assert_cmpuint (g_list_model_get_n_items (catur_game_get_moves (game)), ==, n_moves);

  /* Written again, the ending is the same. */
  written = catur_variant_write_record (shogi (), format, record, &error);
  g_assert_no_error (error);
  g_test_message ("%s", written);
  g_assert_nonnull (strstr (written, end_written));
  again = catur_variant_read_record (shogi (), format, written, strlen (written), &error);
  g_assert_no_error (error);
  g_assert_cmpint (catur_record_get_outcome (again)->winner, ==, winner);
  g_assert_cmpint (catur_record_get_outcome (again)->reason, ==, reason);
  g_assert_cmpuint (catur_record_get_n_moves (again), ==, n_moves);
}

static void
test_recorded_endings (void)
{
  /* Sente drops a second pawn on a file (nifu) and loses by it. */
  check_stated_ending ("kif",
                       "手合割：平手\n手数----指手---------消費時間--\n"
                       "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n"
                       "   5 ７五歩打\n   6 反則勝ち\nまで5手で後手の反則勝ち\n",
                       4, CATUR_SIDE_SECOND, CATUR_REASON_ILLEGAL_MOVE, "   5 反則負け\n");
  check_stated_ending ("csa", "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0075FU\n"
                       "%ILLEGAL_MOVE\n",
                       4, CATUR_SIDE_SECOND, CATUR_REASON_ILLEGAL_MOVE, "%+ILLEGAL_ACTION\n");
  /* An impasse declared (twice, as a server may write it) in a game played without the rule
   * (CSA and KIF never say it was on). */
  check_stated_ending ("csa", "V2.2\nPI\n+\n+7776FU\n-3334FU\n%KACHI\n%KACHI\n",
                       2, CATUR_SIDE_FIRST, CATUR_REASON_IMPASSE, "+7776FU\n-3334FU\n%KACHI\n");
  check_stated_ending ("kif", "手合割：平手\n手数----指手---------消費時間--\n"
                       "   1 ７六歩(77)\n   2 入玉勝ち\n",
                       1, CATUR_SIDE_SECOND, CATUR_REASON_IMPASSE, "   2 入玉勝ち\n");
  /* Out of time, and a resignation: said so, not all taken for resignations. */
  check_stated_ending ("kif", "手合割：平手\n   1 ７六歩(77)\n   2 切れ負け\n",
                       1, CATUR_SIDE_FIRST, CATUR_REASON_TIME_OUT, "   2 切れ負け\n");
  check_stated_ending ("csa", "V2.2\nPI\n+\n+7776FU\n%TIME_UP\n",
                       1, CATUR_SIDE_FIRST, CATUR_REASON_TIME_OUT, "+7776FU\n%TIME_UP\n");
  check_stated_ending ("csa", "V2.2\nPI\n+\n+7776FU\n%TORYO\n",
                       1, CATUR_SIDE_FIRST, CATUR_REASON_RESIGN, "+7776FU\n%TORYO\n");
}

/* A set-up start with pieces in hand and Gote to move, written in each format and read back. */
static void
test_setup_round_trip (void)
{
  static const char * const formats[] = { "kif", "csa", "sfen" };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr(CaturPosition) start =
        position ("ln1g3+Rl/1ks1g4/ppppp2p1/5s2p/4+b4/2P1P4/PP1P1P1PP/1S5R1/LN1GKGSNL w B2Pn 40");
      g_autoptr(CaturRecord) record = catur_record_new (shogi (), catur_position_copy (start));
      g_autoptr(CaturRecord) again = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *written = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      CaturMove m = move (start, "N*4e");

      catur_record_append_move (record, &m);
      written = catur_variant_write_record (shogi (), formats[i], record, &error);
      g_assert_no_error (error);
      again = catur_variant_read_record (shogi (), formats[i], written, strlen (written), &error);
      g_assert_no_error (error);
      first = final_sfen (record);
      second = final_sfen (again);
      /* The ply number is SFEN's alone: the others count from 1. */
      *strrchr (first, ' ') = '\0';
      *strrchr (second, ' ') = '\0';
      g_assert_cmpstr (second, ==, first);
    }
}

/* Bytes of the example files changed at random: never a crash, and whatever is read writes a
 * text that reads back to the same record. */
static void
test_record_mutations (void)
{
  static const struct { const char *format; const char *text; } seeds[] = {
    { "kif", kif_game }, { "csa", csa_game },
    /* The clock's headers, in the forms of other programs. */
    { "kif", "持ち時間：各１０分(秒読み３０秒)\n秒読み：30秒\n手合割：平手\n"
             "手数----指手---------消費時間--\n   1 ７六歩(77)\n" },
    { "csa", "V2.2\n$TIME_LIMIT:00:10+30\n$TIME:600.0+30.0+0\nPI\n+\n+7776FU\n" },
    /* Endings as records state them: a foul after an illegal move, an impasse twice. */
    { "kif", "手合割：平手　\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩打\n   4 反則勝ち\n" },
    { "csa", "V2.2\nPI\n+\n+7776FU\n-3334FU\n%KACHI\n%KACHI\n" },
  };
  GRand *rand = g_rand_new_with_seed (2026);
  guint accepted = 0;

  for (guint round = 0; round < 3000; round++)
    {
      const char *format = seeds[round % G_N_ELEMENTS (seeds)].format;
      g_autofree char *text = g_strdup (seeds[round % G_N_ELEMENTS (seeds)].text);
      gsize length = strlen (text);
      g_autoptr(CaturRecord) record = NULL;
      g_autoptr(CaturRecord) again = NULL;
      g_autofree char *written = NULL;
      g_autofree char *rewritten = NULL;

      for (guint i = 0, n = (guint) g_rand_int_range (rand, 1, 4); i < n; i++)
        text[g_rand_int_range (rand, 0, (gint32) length)] = (char) g_rand_int_range (rand, 1, 256);
      record = catur_variant_read_record (shogi (), format, text, length, NULL);
      if (record == NULL)
        continue;
      accepted++;
      written = catur_variant_write_record (shogi (), format, record, NULL);
      g_assert_nonnull (written);
      again = catur_variant_read_record (shogi (), format, written, strlen (written), NULL);
      g_assert_nonnull (again);
      rewritten = catur_variant_write_record (shogi (), format, again, NULL);
      g_assert_cmpstr (rewritten, ==, written);
    }
  g_test_message ("%u of 3000 changed files read", accepted);
  g_assert_cmpuint (accepted, >, 0);
  g_rand_free (rand);
}

/* A game's clock as its text, "-" for none. */
static char *
clock_of_game (CaturGame *game)
{
  return catur_time_control_to_string (catur_clock_get_control (catur_game_get_clock (game)));
}

static char *
clock_of_record (CaturRecord *record)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CaturGame) game = catur_record_to_game (record, &error);

  g_assert_no_error (error);
  return clock_of_game (game);
}

/* The `持ち時間` header in the forms other programs write it: each reads as its clock, which
 * the reopened game keeps; one Catur cannot keep stays a header, as text, and sets no clock. */
static void
test_kif_clock_forms (void)
{
  static const struct { const char *headers; const char *clock; const char *kept; } cases[] = {
    { "持ち時間：各10分（秒読み30秒）\n", "600b30", NULL },
    { "持ち時間：10分+30秒\n", "600b30", NULL },
    { "持ち時間：各１０分(秒読み３０秒)\n", "600b30", NULL },
    { "持ち時間：1時間2分 (1手3秒)\n", "3720b3", NULL },
    { "持ち時間：各8時間\n秒読み：60秒\n", "28800b60", NULL },
    { "持ち時間：0分\n秒読み：10秒\n", "0b10", NULL },
    { "持ち時間：10分切れ負け\n", "600", NULL },
    { "持ち時間：各２時間\n", "7200", NULL },
    { "持ち時間：各15分（1手ごとに10秒加算）\n", "900+10", NULL },
    { "持ち時間：各10分（秒読み30秒×3回）\n", "600b30x3", NULL },
    { "持ち時間：不明\n", "-", "不明" },
    { "持ち時間：05:00+5\n", "-", "05:00+5" },
    { "持ち時間：各2日\n", "-", "各2日" },
    { "持ち時間：0分\n", "-", "0分" },
    { "持ち時間：各10分\n秒読み：たっぷり\n", "-", "各10分" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat ("開始日時：2024/03/01 10:00:00\n", cases[i].headers,
                                           "手合割：平手\n先手：A\n後手：B\n"
                                           "手数----指手---------消費時間--\n"
                                           "   1 ７六歩(77)   ( 0:05/00:00:05)\n", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "kif", text,
                                                                 strlen (text), &error);
      g_autofree char *clock = NULL;

      g_test_message ("%s", cases[i].headers);
      g_assert_no_error (error);
      g_assert_cmpuint (catur_record_get_n_moves (record), ==, 1);
      clock = clock_of_record (record);
      g_assert_cmpstr (clock, ==, cases[i].clock);
      g_assert_cmpstr (catur_record_get_tag (record, "持ち時間"), ==, cases[i].kept);
      if (cases[i].kept == NULL)
        {
          g_assert_cmpstr (catur_record_get_tag (record, "TimeControl"), ==, cases[i].clock);
          g_assert_null (catur_record_get_tag (record, "秒読み"));
        }
      else
        g_assert_null (catur_record_get_tag (record, "TimeControl"));
    }
}

/* Each player's `持ち時間`: one clock when both say the same, headers kept when they differ. */
static void
test_kif_clock_per_player (void)
{
  static const struct { const char *headers; const char *clock; } cases[] = {
    { "先手持ち時間：各10分\n後手持ち時間：10分\n", "600" },
    { "先手持ち時間：10分\n後手持ち時間：10分\n秒読み：30秒\n", "600b30" },
    { "先手持ち時間：10分\n後手持ち時間：5分\n", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat (cases[i].headers, "手合割：平手\n先手：A\n後手：B\n"
                                           "手数----指手---------消費時間--\n"
                                           "   1 ７六歩(77)   ( 0:05/00:00:05)\n", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "kif", text,
                                                                 strlen (text), &error);

      g_test_message ("%s", cases[i].headers);
      g_assert_no_error (error);
      g_assert_cmpstr (catur_record_get_tag (record, "TimeControl"), ==, cases[i].clock);
      if (cases[i].clock != NULL)
        {
          g_assert_null (catur_record_get_tag (record, "先手持ち時間"));
          g_assert_null (catur_record_get_tag (record, "後手持ち時間"));
        }
      else
        g_assert_cmpstr (catur_record_get_tag (record, "後手持ち時間"), ==, "5分");
    }
}

/* CSA's clock headers as other programs write them: V2.2's `$TIME_LIMIT` and V3.0's `$TIME`. */
static void
test_csa_clock_forms (void)
{
  static const struct { const char *headers; const char *clock; const char *kept; } cases[] = {
    { "$TIME_LIMIT:00:10+30\n", "600b30", NULL },
    { "$TIME_LIMIT: 01:02+03\n", "3720b3", NULL },
    { "$TIME_LIMIT:00:25+00\n", "1500", NULL },
    { "$TIME_LIMIT:00:00+10\n", "0b10", NULL },
    { "$TIME:600+30+0\n", "600b30", NULL },
    { "$TIME:900.000+0.000+10.000\n", "900+10", NULL },
    { "$TIME+:300+0+5\n$TIME-:300+0+5\n", "300+5", NULL },
    { "$TIME_LIMIT:00:10+30\n$TIME:600+30+0\n", "600b30", NULL },
    { "$TIME_LIMIT:00:00+00\n", "-", "00:00+00" },
    { "$TIME_LIMIT:10分\n", "-", "10分" },
    { "$TIME:1.5+0+0\n", "-", NULL },
    { "$TIME:600+30+5\n", "-", NULL },
    { "$TIME+:600+0+10\n$TIME-:900+0+10\n", "-", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat ("V2.2\nN+A\nN-B\n", cases[i].headers,
                                           "PI\n+\n+7776FU\nT5\n", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(CaturRecord) record = catur_variant_read_record (shogi (), "csa", text,
                                                                 strlen (text), &error);
      g_autofree char *clock = NULL;
      g_autofree char *written = NULL;

      g_test_message ("%s", cases[i].headers);
      g_assert_no_error (error);
      g_assert_cmpuint (catur_record_get_n_moves (record), ==, 1);
      clock = clock_of_record (record);
      g_assert_cmpstr (clock, ==, cases[i].clock);
      if (g_str_equal (cases[i].clock, "-"))
        {
          /* Kept as it was, and written back so. */
          g_assert_null (catur_record_get_tag (record, "TimeControl"));
          if (cases[i].kept != NULL)
            g_assert_cmpstr (catur_record_get_tag (record, "TIME_LIMIT"), ==, cases[i].kept);
          written = catur_variant_write_record (shogi (), "csa", record, &error);
          g_assert_no_error (error);
          g_assert_nonnull (strstr (written, cases[i].headers));
        }
      else
        {
          g_assert_cmpstr (catur_record_get_tag (record, "TimeControl"), ==, cases[i].clock);
          g_assert_null (catur_record_get_tag (record, "TIME_LIMIT"));
          g_assert_null (catur_record_get_tag (record, "TIME"));
          g_assert_null (catur_record_get_tag (record, "TIME+"));
        }
    }
}

/* A game played with a clock, saved as KIF and as CSA, reopens with the same clock; the header
 * is the one other programs read, and what is written reads back to the same text. */
static void
test_clock_round_trips (void)
{
  static const struct { const char *clock; const char *kif; const char *csa; } cases[] = {
    { "600b30", "持ち時間：各10分（秒読み30秒）\n", "V2.2\n$TIME_LIMIT:00:10+30\n" },
    { "0b30", "持ち時間：各0分（秒読み30秒）\n", "V2.2\n$TIME_LIMIT:00:00+30\n" },
    { "1800b60", "持ち時間：各30分（秒読み1分）\n", "V2.2\n$TIME_LIMIT:00:30+60\n" },
    { "900+10", "持ち時間：各15分（1手ごとに10秒加算）\n", "V3.0\n$TIME:900+0+10\n" },
    { "5430", "持ち時間：各1時間30分30秒（切れ負け）\n", "V3.0\n$TIME:5430+0+0\n" },
    { "3600b120", "持ち時間：各1時間（秒読み2分）\n", "V3.0\n$TIME:3600+120+0\n" },
    { "600b30x3", "持ち時間：各10分（秒読み30秒×3回）\n", NULL },
    { "600d5", "TimeControl：600d5\n", NULL },
    { "1/30", "TimeControl：1/30\n", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CaturPosition) start = position (START);
      g_autoptr(CaturGame) game = catur_game_new (shogi (), catur_position_copy (start));
      g_autoptr(GVariantDict) dict = g_variant_dict_new (NULL);
      g_autoptr(CaturRecord) record = NULL;
      static const char * const formats[] = { "kif", "csa" };

      g_test_message ("%s", cases[i].clock);
      g_variant_dict_insert (dict, CATUR_OPTION_CLOCK, "s", cases[i].clock);
      catur_game_set_options (game, g_variant_dict_end (dict));
      for (guint m = 0; m < 2; m++)
        {
          g_autoptr(CaturPosition) now = catur_position_copy (catur_game_get_position (game));
          CaturMove played = move (now, m == 0 ? "7g7f" : "3c3d");

          g_assert_true (catur_game_play (game, &played, NULL));
        }
      record = catur_record_new_from_game (game);

      for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
        {
          const char *header = f == 0 ? cases[i].kif : cases[i].csa;
          g_autoptr(GError) error = NULL;
          g_autofree char *written = catur_variant_write_record (shogi (), formats[f], record,
                                                                 &error);
          g_autoptr(CaturRecord) again = NULL;
          g_autofree char *rewritten = NULL;
          g_autofree char *clock = NULL;

          g_assert_no_error (error);
          if (header != NULL)
            {
              g_autofree char *version = g_strndup (header, 5);

              g_assert_nonnull (strstr (written, header + 5 * (f == 1)));
              if (f == 1)
                g_assert_nonnull (strstr (written, version));
            }
          else
            g_assert_null (strstr (written, "$TIME"));
          again = catur_variant_read_record (shogi (), formats[f], written, strlen (written),
                                             &error);
          g_assert_no_error (error);
          g_assert_cmpuint (catur_record_get_n_moves (again), ==, 2);
          clock = clock_of_record (again);
          g_assert_cmpstr (clock, ==, header != NULL ? cases[i].clock : "-");
          rewritten = catur_variant_write_record (shogi (), formats[f], again, &error);
          g_assert_no_error (error);
          g_assert_cmpstr (rewritten, ==, written);
          /* A `.kif` is Shift_JIS: its words for the clock are all in it. */
          if (f == 0)
            {
              gsize length = 0;
              g_autofree char *sjis = catur_variant_write_record_file (shogi (), "kif-sjis",
                                                                       record, &length, &error);

              g_assert_no_error (error);
              g_assert_cmpuint (length, >, 0);
            }
        }
    }
}

/* The board with the rank labels of the settings, as an image. */
static cairo_surface_t *
draw_board (GSettings  *settings,
            const char *labels)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 220, 220);
  cairo_t *cr = cairo_create (surface);
  CaturBoardLayout layout = { .x = 20, .y = 20, .cell = 20, .files = 9, .ranks = 9 };

  g_settings_set_string (settings, "rank-labels", labels);
  catur_variant_draw_board_themed (shogi (), cr, &layout, NULL, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static gboolean
same_image (cairo_surface_t *a,
            cairo_surface_t *b)
{
  gsize size = (gsize) cairo_image_surface_get_stride (a) * cairo_image_surface_get_height (a);

  return memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b), size) == 0;
}

/* The ranks in kanji by default, in letters when the player asks; in letters too where no font
 * has the kanji, rather than boxes. */
static void
test_rank_labels (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.caturapp.Catur.shogi");
  g_autofree char *initial = g_settings_get_string (settings, "rank-labels");
  cairo_surface_t *kanji = draw_board (settings, "kanji");
  cairo_surface_t *letters = draw_board (settings, "letters");
  cairo_surface_t *again = draw_board (settings, "kanji");
  cairo_surface_t *probe = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (probe);
  PangoLayout *pango = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Cantarell, sans-serif");

  g_assert_cmpstr (initial, ==, "kanji");
  pango_layout_set_font_description (pango, font);
  pango_layout_set_text (pango, "一二三四五六七八九", -1);
  if (pango_layout_get_unknown_glyphs_count (pango) == 0)
    g_assert_false (same_image (kanji, letters));
  else
    g_assert_true (same_image (kanji, letters));
  g_assert_true (same_image (kanji, again));

  pango_font_description_free (font);
  g_object_unref (pango);
  cairo_destroy (cr);
  cairo_surface_destroy (probe);
  cairo_surface_destroy (kanji);
  cairo_surface_destroy (letters);
  cairo_surface_destroy (again);
  g_settings_reset (settings, "rank-labels");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  catur_plugins_load ();

  g_test_add_func ("/shogi/variant/explanations", test_explanations);
  g_test_add_func ("/shogi/variant/explain-selection", test_explain_selection);
  g_test_add_func ("/shogi/variant/explain-contract-moves", test_explain_contract_moves);
  g_test_add_func ("/shogi/variant/moves-and-names", test_moves_and_names);
  g_test_add_func ("/shogi/variant/notations", test_notations);
  g_test_add_func ("/shogi/variant/handicap-setup", test_handicap_setup);
  g_test_add_func ("/shogi/variant/rules-kept", test_rules_kept);
  g_test_add_func ("/shogi/variant/impasse-declaration", test_impasse_declaration);
  g_test_add_func ("/shogi/variant/checkmate-status", test_checkmate_status);
  g_test_add_func ("/shogi/variant/move-limit-outcome", test_move_limit_outcome);
  g_test_add_func ("/shogi/variant/repetition-notices", test_repetition_notices);
  g_test_add_func ("/shogi/variant/rank-labels", test_rank_labels);
  g_test_add_func ("/shogi/records/kif-example", test_kif_example);
  g_test_add_func ("/shogi/records/csa-example", test_csa_example);
  g_test_add_func ("/shogi/records/csa-v3-and-handicap", test_csa_v3_and_handicap);
  g_test_add_func ("/shogi/records/kif-foreign", test_kif_foreign);
  g_test_add_func ("/shogi/records/kif-byte-order-marks", test_kif_byte_order_marks);
  g_test_add_func ("/shogi/records/kif-shift-jis-written", test_kif_shift_jis_written);
  g_test_add_func ("/shogi/records/refusals", test_record_refusals);
  g_test_add_func ("/shogi/records/kif-padded-headers", test_kif_padded_headers);
  g_test_add_func ("/shogi/records/kif-written-for-other-readers",
                   test_kif_written_for_other_readers);
  g_test_add_func ("/shogi/records/recorded-endings", test_recorded_endings);
  g_test_add_func ("/shogi/records/setup-round-trip", test_setup_round_trip);
  g_test_add_func ("/shogi/records/mutations", test_record_mutations);
  g_test_add_func ("/shogi/records/kif-clock-forms", test_kif_clock_forms);
  g_test_add_func ("/shogi/records/kif-clock-per-player", test_kif_clock_per_player);
  g_test_add_func ("/shogi/records/csa-clock-forms", test_csa_clock_forms);
  g_test_add_func ("/shogi/records/clock-round-trips", test_clock_round_trips);

  return g_test_run ();
}
