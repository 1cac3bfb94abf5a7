#!/usr/bin/python3
# test-orca-words.py: what the real Orca says of promotions, captures, mate, the hint, dialogs
# and the start of a game
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Orca 43 listens on the test's accessibility bus (catur_orca.py) while a player who cannot see
# the board plays with the keyboard only, every key a real X key press (xdotool):
# - Chess from a position (a PGN with a FEN): at start-up Orca says the game and whose turn it
#   is; the Pawn on b7 takes the Rook on a8 and promotes, the choice is named by its heading,
#   Escape closes it with the focus back on the board, Tab and the arrows stay among its pieces
#   and Enter picks the Knight, an under-promotion; the capture names its origin; then the Rook
#   mates, said once ("…, checkmate. White wins.").
# - Shogi from the start: the Bishop takes the Bishop on 2b, and the choice "Promote?" is
#   answered "do not promote" by the keyboard; the hint (Ctrl+H) is heard; the question before
#   resigning is heard as it opens; the new-game dialog's Opponent row is heard with its value.
# And in all of it, Orca never says a class name ("GtkImage", "GtkScrollbar").
# CATUR_ORCA_LOG=FILE keeps Orca's debug log.
import os
import re
import sys
import tempfile

import catur_orca
from catur_a11y import Catur, _, describe, iterate, log, name, printf, role, run, states, \
    wait_for, walk

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

CATUR = sys.argv[1]
app = None
orca = None

# Black's king walled in on h8, a Rook on a8 for the Pawn on b7 to take, the Rook on e1 to
# mate on e8.
CHESS = """[Event "Orca test"]
[SetUp "1"]
[FEN "r6k/1P4pp/8/p7/8/8/5PPP/4R1K1 w - - 0 1"]

*
"""

CLASS_NAME = re.compile(r"\b(Gtk|Adw)[A-Z][A-Za-z]+")


def focus_text():
    focused = app.focused()
    return describe(focused) if focused else "nothing"


def settings_env():
    """A Catur of its own settings (two players, the defaults) and no saved game."""
    config = tempfile.mkdtemp()
    return dict(os.environ, GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=config,
                XDG_DATA_HOME=tempfile.mkdtemp())


def start(*args):
    global app
    if app is not None:
        app.quit()
    orca.mark()
    app = Catur(CATUR, *args, env=settings_env())
    app.activate_window()


def on_board():
    focused = app.focused()
    return focused is not None and role(focused) == "table cell"


def say(move, what):
    """Plays @move (b7a8, 7g7f) with the arrows and Return; returns what Orca said of it."""
    orca.mark()
    play(move)
    return orca.wait_for(lambda line: move[:2] in line and move[2:] in line
                         and not line.startswith(move[2:] + ","), what)


def play(move):
    goto(move[:2])
    app.key("Return")
    goto(move[2:])
    app.key("Return")


def goto(square):
    """The cursor to @square: Chess's "a8" by app.goto_square; Shogi's "7g" (files counted
    from the right, ranks lettered from the top) here."""
    if square[0].isalpha():
        app.goto_square(square)
        return
    if app.cursor_square() is None:
        app.key("Right")
    for _press in range(30):
        here = wait_for(app.cursor_square, "the cursor (the focus is on %s)" % focus_text())
        if here == square:
            return
        if here[0] != square[0]:
            app.key("Left" if int(square[0]) > int(here[0]) else "Right")
        else:
            app.key("Down" if square[1] > here[1] else "Up")
    raise AssertionError("the cursor did not reach %s" % square)


def in_choice():
    """The focused button of the promotion choice, or None."""
    focused = app.focused()
    if focused is None or role(focused) != "push button":
        return None
    return focused


def test_start_up_is_heard():
    """Once the window is up, the game, the players and whose turn it is are said."""
    path = os.path.join(tempfile.mkdtemp(), "promotion.pgn")
    with open(path, "w") as pgn:
        pgn.write(CHESS)
    start(path)
    said = orca.wait_for_text(printf(_("%s to move."), _("White")), 15)
    log("at start-up, Orca said:", said)
    assert _("Chess") in said and _("Two players at one board.") in said, said


def test_edge_is_said():
    """An arrow against the board's edge moves nothing, and says so."""
    app.click(app.find("table"))
    goto("h1")
    orca.mark()
    app.key("Right")
    said = orca.wait_for_text(_("Edge of the board."))
    log("against the edge, Orca said:", said)
    assert app.cursor_square() == "h1", "the cursor left h1: %s" % focus_text()


def test_under_promotion_by_keyboard():
    """The Pawn takes on a8: the choice opens with its heading heard; Escape closes it with the
    focus on the board; again, Tab and the arrows go round the pieces without leaving the choice
    and Enter picks the Knight."""
    app.click(app.find("table"))
    orca.mark()
    play("b7a8")
    heading = orca.wait_for_text(_("Promote to"))
    log("the choice opened, Orca said:", heading)
    assert in_choice(), "the focus is on %s" % focus_text()
    app.key("Escape")
    wait_for(on_board, "the focus back on the board (it is on %s)" % focus_text(), 3)
    app.key("Return")
    orca.wait_for_text(_("Promote to"))
    app.key("Tab")
    assert in_choice(), "Tab left the choice: the focus is on %s" % focus_text()
    for _press in range(5):
        if name(in_choice()) == _("Knight"):
            break
        app.key("Right")
        assert in_choice(), "Right left the choice: the focus is on %s" % focus_text()
    else:
        raise AssertionError("no Knight among the choices (%s)" % focus_text())
    orca.mark()
    app.key("Return")
    said = orca.wait_for(lambda line: "b7" in line and "a8" in line, "the promotion")
    log("after Enter on the Knight, Orca said:", said)
    # "White Pawn from b7 takes the Rook on a8, becomes Knight."
    assert printf(_("%s from %s takes the %s on %s"), printf("%s %s", _("White"), _("Pawn")),
                  "b7", _("Rook"), "a8") in said, said
    assert printf(_("%s, becomes %s"), "", _("Knight")) in said, said


def test_mate_is_said_once():
    """Black moves, the Rook mates on e8: "White Rook from e1 to e8, checkmate. White wins." """
    say("a5a4", "Black's move")
    said = say("e1e8", "the mate")
    log("after the mate, Orca said:", said)
    assert said.endswith(printf(_("%s, checkmate."), "e8") + " "
                         + printf(_("%s."), printf(_("%s wins"), _("White")))), said
    assert said.lower().count(_("Checkmate").lower()) == 1, said


def test_header_button_is_named():
    """Tab from the board to the New Game button: Orca says its name and role, no class."""
    new_game = _("New Game")
    orca.mark()
    for _press in range(20):
        focused = app.focused()
        if focused is not None and role(focused) == "push button" and name(focused) == new_game:
            break
        app.key("Tab")
    else:
        raise AssertionError("Tab never reached %r (the focus is on %s)"
                             % (new_game, focus_text()))
    said = orca.wait_for(lambda line: new_game in line and "button" in line, "the New Game button")
    log("on the New Game button, Orca said:", said)
    assert said.startswith(new_game), said


def test_shogi_do_not_promote_by_keyboard():
    """The Bishop takes the Bishop on 2b: "Promote?", and the keyboard answers no."""
    start("--game", "shogi")
    app.click(app.find("table"))
    say("7g7f", "the first move")
    say("3c3d", "the second move")
    orca.mark()
    play("8h2b")
    heading = orca.wait_for_text(_("Promote?"))
    log("the choice opened, Orca said:", heading)
    for _press in range(3):
        choice = in_choice()
        assert choice, "the focus left the choice: it is on %s" % focus_text()
        if not (choice.get_description() or "").endswith("+"):
            break
        app.key("Down")
    log("choosing", describe(in_choice()))
    orca.mark()
    app.key("Return")
    said = orca.wait_for(lambda line: "8h" in line and "2b" in line, "the capture")
    log("after Enter, Orca said:", said)
    assert printf(_("%s, becomes %s"), "", "").strip() not in said, said
    # "Sente Bishop from 8h takes the Bishop on 2b."
    capture = printf(_("%s from %s takes the %s on %s"), "[piece]", "8h", "[taken]", "2b")
    assert capture.split("[piece]")[1].split("[taken]")[0] in said, said


def test_hint_is_heard():
    orca.mark()
    app.key("ctrl+h")
    said = orca.wait_for_text(printf(_("Hint: %s."), "").rstrip(". "), 30)
    log("after Ctrl+H, Orca said:", said)


def test_flip_is_said():
    """Ctrl+F turns the board and says which side is at the bottom now; again, back."""
    orca.mark()
    app.key("ctrl+f")
    said = orca.wait_for_text(printf(_("Board flipped: %s at the bottom."), "").split("  ")[0]
                              .rstrip(": ").strip())
    log("after Ctrl+F, Orca said:", said)
    orca.mark()
    app.key("ctrl+f")
    said = orca.wait_for_text(printf(_("Board upright: %s at the bottom."), "").split("  ")[0]
                              .rstrip(": ").strip())
    log("after Ctrl+F again, Orca said:", said)


def test_resign_question_is_heard():
    """F10, Resign…: the question is heard as the dialog opens."""
    app.to_menu_item(_("_Resign…"))
    orca.mark()
    app.key("Return")
    said = orca.wait_for_text(printf(_("Resign as %s?"), "").rstrip("?").strip())
    log("as the dialog opened, Orca said:", said)
    # What the question means, the dialog's text: "Sente wins the game."
    said = orca.wait_for_text(printf(_("%s wins the game."), "").strip())
    log("then:", said)
    app.key("Escape")
    iterate(0.5)
    app.activate_window()


def test_new_game_dialog_says_its_choice():
    """Ctrl+N, Tab to the Opponent row: its choice is heard with it."""
    app.key("ctrl+n")
    dialog = wait_for(lambda: [f for f in app.frames() if name(f) != name(app.window)],
                      "the new-game dialog", 5)[0]
    opponent = _("_Opponent").replace("_", "")
    orca.mark()
    for _press in range(12):
        focused = focused_in(dialog)
        if focused is not None and name(focused) == opponent:
            break
        app.key("Tab")
    else:
        raise AssertionError("Tab never reached %r (the focus is on %s)"
                             % (opponent, describe(focused) if focused else "nothing"))
    # "Opponent combo box.", "Two Players."
    orca.wait_for(lambda line: line.startswith(opponent), "the Opponent row")

    def with_choice(_line):
        said = orca.said()
        rows = [i for i, line in enumerate(said) if line.startswith(opponent)]
        return rows and any(_("Two Players") in line for line in said[rows[0]:rows[0] + 2])
    orca.wait_for(with_choice, "the Opponent row's choice, right after the row")
    log("on the Opponent row, Orca said:", orca.said()[-3:])
    app.key("Escape")


def focused_in(frame):
    for acc, _depth in walk(frame):
        if Atspi.StateType.FOCUSED in states(acc):
            return acc
    return None


def test_no_class_names_spoken():
    spoken = [line for line in orca.lines() if CLASS_NAME.search(line)]
    assert not spoken, "Orca said class names: %s" % spoken


if __name__ == "__main__":
    why_not = catur_orca.missing()
    if why_not:
        print("1..0 # SKIP " + why_not, flush=True)
        sys.exit(1 if os.environ.get("CI") == "true" else 0)
    orca = catur_orca.Orca()
    status = 1
    try:
        status = run([test_start_up_is_heard,
                      test_edge_is_said,
                      test_under_promotion_by_keyboard,
                      test_mate_is_said_once,
                      test_header_button_is_named,
                      test_shogi_do_not_promote_by_keyboard,
                      test_hint_is_heard,
                      test_flip_is_said,
                      test_resign_question_is_heard,
                      test_new_game_dialog_says_its_choice,
                      test_no_class_names_spoken])
    finally:
        if app is not None:
            app.quit()
        orca.quit(keep_log=os.environ.get("CATUR_ORCA_LOG"))
    sys.exit(status)
