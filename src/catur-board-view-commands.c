/* catur-board-view-commands.c: moves and questions typed as text, as in lichess's blind mode
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's command entry hands each line to catur_board_view_run_command(). The grammar
 * (docs/command-entry.md, help/C/screen-reader.page): a line whose first word is a command
 * asks a question; anything else is read as a move by the variant's own parser
 * (catur_variant_parse_move()), in any notation it knows, coordinates included.
 *   l        the last move
 *   t        whose turn it is, and the clocks
 *   p X      where the pieces whose letter is X stand (the game's letters: `p H`, `p +P`)
 *   s X      the squares of a file or a rank, X as the game names it (`s a`, `s 1`, `s g`)
 *   o        who plays whom
 *   h        the pieces in hand (a game with hands)
 *   d        the pieces that lie face down (a game with hidden pieces)
 *   help     this list
 * A move that is refused is explained with the sentence the board gives for the same move
 * (catur_variant_explain()). Every word of an answer comes from the variant.
 */
#define G_LOG_DOMAIN "catur-board-view"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "catur-board-view-private.h"

static const CaturPosition *
shown (CaturBoardView *self)
{
  return _catur_board_view_get_position (self);
}

static guint
n_board_squares (CaturBoardView *self)
{
  return self->geometry.files * self->geometry.ranks;
}

/* Every piece (side, kind, promoted or not) whose letters are @letter: exactly as the game
 * writes them first (Chess's `n` is Black's Knight), else in either case (WXF's `H` for both
 * sides' Horses). A piece the game has no letters for ("?", "") is none. */
static GArray *
pieces_with_letter (CaturBoardView *self,
                    const char     *letter)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (CaturPiece));

  for (int pass = 0; pass < 2 && found->len == 0; pass++)
    for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
      for (guint kind = 1; kind <= CATUR_HAND_MAX_KIND; kind++)
        for (guint promoted = 0; promoted < 2; promoted++)
          {
            CaturPiece piece = { kind, side, promoted ? CATUR_PIECE_PROMOTED : 0 };
            g_autofree char *letters = catur_variant_get_piece_letter (self->variant, &piece);
            gboolean same = pass == 0 ? g_strcmp0 (letters, letter) == 0
                                      : g_ascii_strcasecmp (letters, letter) == 0;
            gboolean known = FALSE;

            if (letters == NULL || *letters == '\0' || strchr (letters, '?') != NULL || !same)
              continue;
            /* A game that ignores the promoted flag gives the same letters twice. */
            if (promoted)
              {
                g_autofree char *plain = NULL;
                CaturPiece unpromoted = piece;

                unpromoted.flags = 0;
                plain = catur_variant_get_piece_letter (self->variant, &unpromoted);
                if (g_strcmp0 (plain, letters) == 0)
                  continue;
              }
            for (guint i = 0; i < found->len; i++)
              {
                CaturPiece *other = &g_array_index (found, CaturPiece, i);

                known |= other->kind == piece.kind && other->side == piece.side
                         && other->flags == piece.flags;
              }
            if (!known)
              g_array_append_val (found, piece);
          }
  return found;
}

char *
_catur_board_view_letter_pieces (CaturBoardView *self,
                                 const char     *letter)
{
  g_autoptr(GArray) pieces = pieces_with_letter (self, letter);
  g_autoptr(GString) text = g_string_new (NULL);

  if (pieces->len == 0)
    /* Translators: the answer to "p X" where no piece of the game has the letter X */
    return g_strdup_printf (_("No piece has the letter %s."), letter);
  for (guint i = 0; i < pieces->len; i++)
    {
      g_autofree char *answer = _catur_board_view_pieces_of (self,
                                                             &g_array_index (pieces, CaturPiece,
                                                                             i));

      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, answer);
    }
  return g_strdup (text->str);
}

/* The squares of a file or a rank, named as the game names its squares: those whose name begins
 * with @line (a file: `a`, Shogi's `7`), else those whose name ends with it (a rank: `1`,
 * Shogi's `g`); the rest of the name must be there too. */
static char *
scan_line (CaturBoardView *self,
           const char     *line)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gsize length = strlen (line);
  guint empty = 0, on_line = 0;
  gboolean as_file = FALSE;

  for (guint sq = 0; sq < n_board_squares (self) && !as_file; sq++)
    {
      char name[8] = "";

      catur_variant_square_name (self->variant, sq, name);
      as_file = strlen (name) > length && g_ascii_strncasecmp (name, line, length) == 0;
    }

  for (guint sq = 0; sq < n_board_squares (self); sq++)
    {
      char name[8] = "";
      gsize name_length;
      CaturPiece piece;

      catur_variant_square_name (self->variant, sq, name);
      name_length = strlen (name);
      if (name_length <= length)
        continue;
      if (as_file ? g_ascii_strncasecmp (name, line, length) != 0
                  : g_ascii_strcasecmp (name + name_length - length, line) != 0)
        continue;
      on_line++;
      if (!_catur_board_view_get_piece (self, sq, &piece))
        {
          empty++;
          continue;
        }
      if (text->len > 0)
        g_string_append (text, ", ");
      if (piece.flags & CATUR_PIECE_FACE_DOWN)
        /* Translators: a square in a file or rank read out, e.g. "b3 face-down piece" */
        g_string_append_printf (text, _("%s face-down piece"), name);
      else
        {
          g_autofree char *who = catur_variant_describe_piece (self->variant, shown (self),
                                                               &piece);

          /* Translators: a square in a file or rank read out, e.g. "a0 Red Chariot" */
          g_string_append_printf (text, _("%s %s"), name, who);
        }
    }
  if (on_line == 0)
    /* Translators: the answer to "s X" where X names no file or rank of the board */
    return g_strdup_printf (_("No file or rank is called %s."), line);
  if (text->len == 0)
    return as_file
      /* Translators: a file read out that has no piece, e.g. "File e: empty." */
      ? g_strdup_printf (_("File %s: empty."), line)
      /* Translators: a rank read out that has no piece, e.g. "Rank 4: empty." */
      : g_strdup_printf (_("Rank %s: empty."), line);
  return as_file
    /* Translators: a file read out: its pieces, and how many squares are empty, e.g.
     * "File a: a0 Red Chariot, a3 Red Soldier; 8 empty." */
    ? g_strdup_printf (ngettext ("File %s: %s; %u empty.", "File %s: %s; %u empty.", empty),
                       line, text->str, empty)
    /* Translators: a rank read out: its pieces, and how many squares are empty, e.g.
     * "Rank 2: b2 Red Cannon, h2 Red Cannon; 7 empty." */
    : g_strdup_printf (ngettext ("Rank %s: %s; %u empty.", "Rank %s: %s; %u empty.", empty),
                       line, text->str, empty);
}

/* Both players, and the clocks when the game has one. */
static char *
turn_and_clocks (CaturBoardView *self)
{
  g_autofree char *turn = _catur_board_view_turn (self);
  CaturClock *clock = catur_game_get_clock (self->game);
  g_autoptr(GString) text = g_string_new (turn);

  if (clock != NULL && catur_clock_is_timed (clock))
    for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
      {
        g_autofree char *left = catur_clock_describe (clock, side);

        /* Translators: a player's clock, e.g. "Red: 3 minutes 5 seconds left." */
        g_string_append_printf (text, _(" %s: %s."), catur_game_get_side_name (self->game, side),
                                left);
      }
  if (self->clock != NULL && catur_move_clock_get_remaining (self->clock) >= 0)
    {
      g_autofree char *move_time = _catur_board_view_time_left (self);

      g_string_append_printf (text, " %s", move_time);
    }
  return g_strdup (text->str);
}

static char *
opponent (CaturBoardView *self)
{
  CaturSide computer = catur_game_get_computer_side (self->game);
  CaturSide human;

  if (computer == CATUR_SIDE_NONE)
    return g_strdup (_("Two players at this computer."));
  human = catur_side_other (computer);
  /* Translators: who plays whom, e.g. "You play Red against the computer, level Beginner,
   * which plays Black." */
  return g_strdup_printf (_("You play %s against the computer, level %s, which plays %s."),
                          catur_game_get_side_name (self->game, human),
                          catur_level_get_name (catur_game_get_computer_level (self->game)),
                          catur_game_get_side_name (self->game, computer));
}

static char *
hands (CaturBoardView *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (self->n_hand_kinds == 0)
    return g_strdup (_("This game has no pieces in hand."));
  for (CaturSide side = CATUR_SIDE_FIRST; side <= CATUR_SIDE_SECOND; side++)
    {
      g_autoptr(GString) held = g_string_new (NULL);

      for (guint i = 0; i < self->n_hand_kinds; i++)
        {
          CaturPiece piece = { self->hand_kinds[i], side, 0 };
          guint count = catur_variant_hand_count (self->variant, shown (self), side, piece.kind);
          g_autofree char *name = NULL;

          if (count == 0)
            continue;
          name = catur_variant_get_piece_name (self->variant, &piece);
          if (held->len > 0)
            g_string_append (held, ", ");
          g_string_append_printf (held, _("%s × %u"), name, count);
        }
      if (text->len > 0)
        g_string_append_c (text, ' ');
      if (held->len == 0)
        /* Translators: a side's empty hand, e.g. "Gote: nothing in hand." */
        g_string_append_printf (text, _("%s: nothing in hand."), catur_variant_get_side_name (
                                  self->variant, shown (self), side));
      else
        /* Translators: a side's hand, e.g. "Sente in hand: Bishop × 1, Pawn × 2." */
        g_string_append_printf (text, _("%s in hand: %s."), catur_variant_get_side_name (
                                  self->variant, shown (self), side), held->str);
    }
  return g_strdup (text->str);
}

/* The pieces face down on the board, then what the game shows of them beside it (its trays:
 * Banqi's pieces not yet revealed, each player's captures). */
static char *
face_down (CaturBoardView *self)
{
  g_autoptr(GPtrArray) trays = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  guint count = 0;

  if (!self->geometry.has_hidden)
    return g_strdup (_("This game has no face-down pieces."));
  for (guint sq = 0; sq < n_board_squares (self); sq++)
    {
      CaturPiece piece;

      if (_catur_board_view_get_piece (self, sq, &piece) && (piece.flags & CATUR_PIECE_FACE_DOWN))
        count++;
    }
  /* Translators: how many pieces lie face down, e.g. "Face-down pieces: 28." */
  g_string_append_printf (text, _("Face-down pieces: %u."), count);

  trays = catur_variant_list_trays (self->variant, shown (self));
  for (guint i = 0; trays != NULL && i < trays->len; i++)
    {
      CaturTray *tray = g_ptr_array_index (trays, i);
      g_autoptr(GString) items = g_string_new (NULL);

      for (guint j = 0; j < tray->items->len; j++)
        {
          CaturTrayItem *item = &g_array_index (tray->items, CaturTrayItem, j);
          g_autofree char *who = NULL;

          if (item->count == 0)
            continue;
          who = item->piece.side == CATUR_SIDE_NONE
                  ? catur_variant_get_piece_name (self->variant, &item->piece)
                  : catur_variant_describe_piece (self->variant, shown (self), &item->piece);
          if (items->len > 0)
            g_string_append (items, ", ");
          g_string_append_printf (items, _("%s × %u"), who, item->count);
        }
      /* Translators: a tray beside the board read out, e.g.
       * "Not yet revealed: Red General × 1, Black Soldier × 5." */
      g_string_append_printf (text, _(" %s: %s."), tray->title,
                              items->len > 0 ? items->str : _("none"));
    }
  return g_strdup (text->str);
}

static char *
command_help (CaturBoardView *self)
{
  g_autoptr(GString) text = g_string_new (
    _("Type a move, or a command: l the last move, t the turn and clocks, p and a piece letter "
      "where those pieces stand, s and a file or rank to read it, o the players"));

  if (self->n_hand_kinds > 0)
    g_string_append (text, _(", h the pieces in hand"));
  if (self->geometry.has_hidden)
    g_string_append (text, _(", d the face-down pieces"));
  g_string_append (text, ".");
  return g_strdup (text->str);
}

/* @text read as a move: played when it is legal, else the board's sentence for it. %NULL when it
 * was played (the board says the move, as for a move made on it). */
static char *
try_move (CaturBoardView *self,
          const char     *text)
{
  const CaturPosition *position = catur_game_get_position (self->game);
  g_autoptr(GError) error = NULL;
  CaturMove move = { 0 };

  if (catur_game_is_over (self->game))
    return g_strdup (_("The game is over."));
  if (catur_game_get_thinking (self->game))
    return g_strdup (_("The computer is thinking."));
  if (!catur_variant_parse_move (self->variant, position, text, &move, &error))
    /* Translators: a typed line that is neither a command nor a move of the position, e.g.
     * "Not a move here: Nf6. Type help for the commands." */
    return g_strdup_printf (_("Not a move here: %s. Type help for the commands."), text);

  if (!catur_variant_is_legal (self->variant, position, &move))
    {
      g_autoptr(GArray) choices = NULL;
      g_autofree char *why = NULL;

      /* A coordinate move that leaves out a promotion the move needs: the moves it may mean. */
      if (!catur_square_is_hand (move.from) && move.to != CATUR_SQUARE_NONE)
        choices = catur_variant_input_moves (self->variant, position, move.from, move.to);
      if (choices != NULL && choices->len > 1)
        {
          g_autoptr(GString) list = g_string_new (NULL);

          for (guint i = 0; i < choices->len; i++)
            {
              g_autofree char *one = catur_variant_format_move (
                self->variant, position, &g_array_index (choices, CaturMove, i),
                catur_game_get_notation (self->game));

              if (list->len > 0)
                g_string_append (list, ", ");
              g_string_append (list, one);
            }
          /* Translators: a typed move that may mean several, e.g. "Which one: e8=Q, e8=R,
           * e8=B, e8=N?" */
          return g_strdup_printf (_("Which one: %s?"), list->str);
        }
      /* Else the board's sentence for the same move; a promotion the rules refuse is refused,
       * not played without it. */
      why = catur_variant_explain (self->variant, position, &move, NULL);
      return why != NULL ? g_steal_pointer (&why)
                         : g_strdup_printf (_("Not a move here: %s. Type help for the commands."),
                                            text);
    }

  /* A move held for checking is the player's one move now. */
  if (self->pending_position != NULL)
    return g_strdup (_("Your move is being checked."));
  _catur_board_view_clear_selection (self);
  if (_catur_board_view_is_square (self, move.to))
    self->cursor = move.to;
  if (_catur_board_view_offer_move (self, &move))
    return NULL;
  if (!catur_game_play (self->game, &move, &error))
    return g_strdup (error->message);
  _catur_board_view_update_accessible (self);
  return NULL;
}

/**
 * catur_board_view_run_command:
 * @self: a #CaturBoardView
 * @text: a line the player typed: a command or a move
 *
 * Answers a typed command (the last move `l`, the turn and clocks `t`, the pieces of a letter
 * `p X`, a file or rank `s X`, the players `o`, the hands `h`, the face-down pieces `d`,
 * `help`) or plays a typed move in any notation the game reads, as the window's command entry
 * asks it to. The answer is for the player to hear: the caller announces it.
 *
 * Returns: (transfer full) (nullable): the answer, or why the move was refused; %NULL when
 *   the move was played, which the board says as it says every move
 */
char *
catur_board_view_run_command (CaturBoardView *self,
                              const char     *text)
{
  g_auto(GStrv) words = NULL;
  g_autofree char *line = NULL;
  guint n_words;

  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  if (self->game == NULL)
    return g_strdup (_("No game is being played."));
  line = g_strstrip (g_strdup (text));
  words = g_strsplit_set (line, " \t", -1);
  n_words = 0;
  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      words[n_words++] = words[i];
    else
      g_free (words[i]);
  words[n_words] = NULL;
  if (n_words == 0)
    return command_help (self);

  if (n_words == 1 && g_str_equal (words[0], "l"))
    return _catur_board_view_last_move (self);
  if (n_words == 1 && g_str_equal (words[0], "t"))
    return turn_and_clocks (self);
  if (n_words == 1 && g_str_equal (words[0], "o"))
    return opponent (self);
  if (n_words == 1 && g_str_equal (words[0], "h"))
    return hands (self);
  if (n_words == 1 && g_str_equal (words[0], "d"))
    return face_down (self);
  if (n_words == 1 && (g_str_equal (words[0], "help") || g_str_equal (words[0], "?")))
    return command_help (self);
  if (g_str_equal (words[0], "p"))
    return n_words == 2 ? _catur_board_view_letter_pieces (self, words[1])
                        : g_strdup (_("Say which pieces: p and a piece letter, as in p N."));
  if (g_str_equal (words[0], "s"))
    return n_words == 2 ? scan_line (self, words[1])
                        : g_strdup (_("Say which line: s and a file or rank, as in s a or s 1."));
  return try_move (self, line);
}

/**
 * catur_board_view_describe_where:
 * @self: a #CaturBoardView
 *
 * Where the player is, for one who comes back to the board: the game, whose turn it is and the
 * cell under the cursor ("Xiangqi. Red to move, move 1. e0, Red General.").
 *
 * Returns: (transfer full): the sentence
 */
char *
catur_board_view_describe_where (CaturBoardView *self)
{
  g_autofree char *turn = NULL;
  g_autofree char *cell = NULL;
  g_autofree char *where = NULL;
  g_autofree char *sideways = NULL;

  g_return_val_if_fail (CATUR_IS_BOARD_VIEW (self), NULL);

  if (self->game == NULL)
    return g_strdup (_("No game is being played."));
  turn = _catur_board_view_turn (self);
  cell = _catur_board_view_describe_square (self, self->cursor);
  sideways = _catur_board_view_explain_sideways (self);
  /* Translators: where the player is on coming back to the board, e.g.
   * "Xiangqi. Red to move, move 1. e0, Red General." */
  where = g_strdup_printf (_("%s. %s %s."), catur_variant_get_name (self->variant), turn, cell);
  if (sideways == NULL)
    return g_steal_pointer (&where);
  return g_strconcat (where, " ", sideways, NULL);
}
