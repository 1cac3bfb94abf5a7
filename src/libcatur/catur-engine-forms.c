/* catur-engine-forms.c: how each game's moves and positions are spoken to other engines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one table of the engine dialects. Catur's own forms are those catur-engine speaks: the
 * game's coordinates (Chess `e2e4`, Xiangqi `h2e2` with ranks 0 to 9, Shogi USI `7g7f`,
 * `P*5e`) and the game's position text (FEN, SFEN). Most engines speak the same; Fairy-
 * Stockfish, which plays ninety games with one set of coordinates, numbers Xiangqi's ranks
 * from 1 in UCI (and from 0 again in UCCI and CECP), and writes Shogi squares as a file letter
 * from the left of Sente's view and a rank number from Sente's side, drops as `P@e5`, and
 * positions as its FEN with the hand in brackets.
 */
#define G_LOG_DOMAIN "catur-engine"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "catur.h"

/* The table: the first entry that matches a game, a protocol and the engine's kind wins;
 * an entry not marked fairy serves every engine of its protocol. */
static const CaturEngineForms forms_table[] = {
  { "chess", CATUR_ENGINE_PROTOCOL_UCI, FALSE, "chess", "fen", FALSE, FALSE },
  { "chess", CATUR_ENGINE_PROTOCOL_CECP, FALSE, NULL, "fen", FALSE, FALSE },
  { "xiangqi", CATUR_ENGINE_PROTOCOL_UCI, TRUE, "xiangqi", "fen", TRUE, FALSE },
  { "xiangqi", CATUR_ENGINE_PROTOCOL_UCI, FALSE, "xiangqi", "fen", FALSE, FALSE },
  { "xiangqi", CATUR_ENGINE_PROTOCOL_UCCI, FALSE, "xiangqi", "fen", FALSE, FALSE },
  { "xiangqi", CATUR_ENGINE_PROTOCOL_CECP, FALSE, "xiangqi", "fen", FALSE, FALSE },
  { "shogi", CATUR_ENGINE_PROTOCOL_USI, FALSE, "shogi", "sfen", FALSE, FALSE },
  { "shogi", CATUR_ENGINE_PROTOCOL_UCI, TRUE, "shogi", "fen", FALSE, TRUE },
  { "shogi", CATUR_ENGINE_PROTOCOL_UCI, FALSE, "shogi", "fen", FALSE, FALSE },
  { "shogi", CATUR_ENGINE_PROTOCOL_CECP, FALSE, "shogi", "fen", FALSE, TRUE },
  /* Only catur-engine plays Banqi: told the BFEN and the flips with what they showed. */
  { "banqi", CATUR_ENGINE_PROTOCOL_UCI, FALSE, NULL, "fen", FALSE, FALSE, TRUE },
};

/**
 * catur_engine_forms_find:
 * @game: a game's id
 * @protocol: the protocol
 * @fairy: the engine is Fairy-Stockfish
 *
 * Returns: (nullable): how @game is spoken in @protocol, %NULL when Catur cannot speak it so
 *   (Banqi has no engine of any other program)
 */
const CaturEngineForms *
catur_engine_forms_find (const char          *game,
                         CaturEngineProtocol  protocol,
                         gboolean             fairy)
{
  g_return_val_if_fail (game != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (forms_table); i++)
    {
      const CaturEngineForms *forms = &forms_table[i];

      if (g_str_equal (forms->game, game) && forms->protocol == protocol
          && (!forms->fairy || fairy))
        return forms;
    }
  return NULL;
}

/* A square in the game's coordinates: a file letter and a rank number. */
static gboolean
read_square (const char **text,
             int         *file,
             int         *rank)
{
  const char *p = *text;
  char *end = NULL;
  gint64 number;

  if (!g_ascii_islower (*p))
    return FALSE;
  *file = *p - 'a';
  p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  number = g_ascii_strtoll (p, &end, 10);
  if (end == p || number > 99)
    return FALSE;
  *rank = (int) number;
  *text = end;
  return TRUE;
}

/* Shifts the ranks of a coordinate move (`h2e2` and +1: `h3e3`); other texts pass as they are. */
static char *
shift_ranks (const char *move,
             int         delta)
{
  const char *p = move;
  int file1, rank1, file2, rank2;

  if (!read_square (&p, &file1, &rank1) || !read_square (&p, &file2, &rank2)
      || rank1 + delta < 0 || rank2 + delta < 0)
    return g_strdup (move);
  return g_strdup_printf ("%c%d%c%d%s", 'a' + file1, rank1 + delta, 'a' + file2, rank2 + delta,
                          p);
}

/* USI square `7g` (file from the right, rank letter from the top) and Fairy-Stockfish's
 * `c3` (file letter from the left, rank number from the bottom) on a board of @files × @ranks. */
static gboolean
usi_square_to_letters (const char          *usi,
                       const CaturGeometry *geometry,
                       GString             *out)
{
  int file = usi[0] - '0', rank = usi[1] - 'a';

  if (!g_ascii_isdigit (usi[0]) || !g_ascii_islower (usi[1]) || file < 1
      || file > geometry->files || rank >= geometry->ranks)
    return FALSE;
  g_string_append_printf (out, "%c%d", 'a' + geometry->files - file, geometry->ranks - rank);
  return TRUE;
}

static gboolean
letters_square_to_usi (const char          *square,
                       const CaturGeometry *geometry,
                       GString             *out)
{
  const char *p = square;
  int file, rank;

  if (!read_square (&p, &file, &rank) || p != square + 2 || file >= geometry->files || rank < 1
      || rank > geometry->ranks)
    return FALSE;
  g_string_append_printf (out, "%d%c", geometry->files - file, 'a' + geometry->ranks - rank);
  return TRUE;
}

static char *
usi_to_letters (const char          *move,
                const CaturGeometry *geometry)
{
  g_autoptr(GString) out = g_string_new (NULL);
  gsize length = strlen (move);

  if (length >= 4 && move[1] == '*')
    {
      g_string_append_printf (out, "%c@", g_ascii_toupper (move[0]));
      if (!usi_square_to_letters (move + 2, geometry, out))
        return g_strdup (move);
      return g_string_free (g_steal_pointer (&out), FALSE);
    }
  if (length < 4 || !usi_square_to_letters (move, geometry, out)
      || !usi_square_to_letters (move + 2, geometry, out))
    return g_strdup (move);
  g_string_append (out, move + 4);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
letters_to_usi (const char          *move,
                const CaturGeometry *geometry)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *at = strchr (move, '@');
  gsize length = strlen (move);

  if (at != NULL)
    {
      if (at != move + 1 || !g_ascii_isalpha (move[0]))
        return g_strdup (move);
      g_string_append_printf (out, "%c*", g_ascii_toupper (move[0]));
      if (strlen (at + 1) != 2 || !letters_square_to_usi (at + 1, geometry, out))
        return g_strdup (move);
      return g_string_free (g_steal_pointer (&out), FALSE);
    }
  if (length < 4)
    return g_strdup (move);
  {
    char from[3] = { move[0], move[1], 0 }, to[3] = { move[2], move[3], 0 };

    if (!letters_square_to_usi (from, geometry, out) || !letters_square_to_usi (to, geometry, out))
      return g_strdup (move);
  }
  g_string_append (out, move + 4);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * catur_engine_forms_move_to_engine:
 * @forms: the engine's forms
 * @geometry: the game's board
 * @move: a move in the game's coordinates (`h2e2`, `7g7f`, `P*5e`)
 *
 * Returns: (transfer full): @move as the engine writes it; a text it does not recognise, as
 *   it is
 */
char *
catur_engine_forms_move_to_engine (const CaturEngineForms *forms,
                                   const CaturGeometry    *geometry,
                                   const char             *move)
{
  g_return_val_if_fail (forms != NULL && geometry != NULL && move != NULL, NULL);

  if (forms->ranks_from_one)
    return shift_ranks (move, +1);
  if (forms->shogi_letters)
    return usi_to_letters (move, geometry);
  return g_strdup (move);
}

/**
 * catur_engine_forms_move_from_engine:
 * @forms: the engine's forms
 * @geometry: the game's board
 * @move: a move as the engine writes it
 *
 * Returns: (transfer full): @move in the game's coordinates; a text it does not recognise, as
 *   it is (the game's parser then says what is wrong with it)
 */
char *
catur_engine_forms_move_from_engine (const CaturEngineForms *forms,
                                     const CaturGeometry    *geometry,
                                     const char             *move)
{
  g_return_val_if_fail (forms != NULL && geometry != NULL && move != NULL, NULL);

  if (forms->ranks_from_one)
    return shift_ranks (move, -1);
  if (forms->shogi_letters)
    return letters_to_usi (move, geometry);
  return g_strdup (move);
}

/* SFEN `board side hand ply` to Fairy-Stockfish's `board[hand] side - - 0 move`. */
static char *
sfen_to_letters_fen (const char *sfen)
{
  g_auto(GStrv) fields = g_strsplit_set (sfen, " ", -1);
  g_autoptr(GString) pocket = g_string_new (NULL);
  guint n = g_strv_length (fields);
  const char *side = n > 1 ? fields[1] : "b";
  const char *hand = n > 2 ? fields[2] : "-";
  guint64 ply = n > 3 ? g_ascii_strtoull (fields[3], NULL, 10) : 1;

  if (n == 0)
    return g_strdup (sfen);
  for (const char *p = hand; *p != '\0' && !g_str_equal (hand, "-");)
    {
      guint64 count = 1;

      if (g_ascii_isdigit (*p))
        {
          char *end;

          count = g_ascii_strtoull (p, &end, 10);
          p = end;
        }
      if (!g_ascii_isalpha (*p) || count > 18)
        break;
      for (guint64 i = 0; i < count; i++)
        g_string_append_c (pocket, *p);
      p++;
    }
  return g_strdup_printf ("%s[%s] %s - - 0 %" G_GUINT64_FORMAT, fields[0], pocket->str,
                          g_str_equal (side, "w") ? "b" : "w", (MAX (ply, 1) + 1) / 2);
}

/**
 * catur_engine_forms_position_to_engine:
 * @forms: the engine's forms
 * @position: the game's position text (catur_variant_format())
 *
 * Returns: (transfer full): the position as the engine reads it
 */
char *
catur_engine_forms_position_to_engine (const CaturEngineForms *forms,
                                       const char             *position)
{
  g_return_val_if_fail (forms != NULL && position != NULL, NULL);

  if (forms->shogi_letters)
    return sfen_to_letters_fen (position);
  return g_strdup (position);
}

static const char * const protocol_ids[] = { "uci", "usi", "ucci", "cecp" };

/* Returns: the protocol's stable id: `uci`, `usi`, `ucci`, `cecp` */
const char *
catur_engine_protocol_to_id (CaturEngineProtocol protocol)
{
  g_return_val_if_fail (protocol <= CATUR_ENGINE_PROTOCOL_CECP, NULL);

  return protocol_ids[protocol];
}

/* Returns: whether @id is a protocol's id (`xboard` is taken for `cecp`) */
gboolean
catur_engine_protocol_from_id (const char          *id,
                               CaturEngineProtocol *protocol)
{
  g_return_val_if_fail (id != NULL && protocol != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (protocol_ids); i++)
    if (g_ascii_strcasecmp (id, protocol_ids[i]) == 0)
      {
        *protocol = (CaturEngineProtocol) i;
        return TRUE;
      }
  if (g_ascii_strcasecmp (id, "xboard") == 0)
    {
      *protocol = CATUR_ENGINE_PROTOCOL_CECP;
      return TRUE;
    }
  return FALSE;
}
