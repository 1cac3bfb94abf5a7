#!/usr/bin/python3
# test-a11y-play.py: the window's buttons and the board's keys, pressed for real
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Every step is done as a person does it, with X input events on what AT-SPI shows: a click
# on the button named "New Game", the arrow keys and Return on the board, a click on "Undo
# Move". A button bound to a missing action, a board that takes no focus or ignores its keys
# fails here, where calling the handlers directly would pass.
#
# The game is Sandbox, the test game of tests/variant (its module's folder is the second
# argument), so that the shell's part is tested whichever real games the build has.
import os
import subprocess
import sys

from catur_a11y import Catur, describe, iterate, name, role, run, wait_for, walk

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

CATUR = sys.argv[1]
TEST_GAMES = sys.argv[2]
app = None


def plies():
    return [name(acc) for acc, _ in walk(app.window)
            if role(acc) == "push button" and name(acc)[:1].isdigit()]


def test_new_game_button_opens_the_dialog():
    app.click(app.find("push button", "New Game"))
    iterate(1.0)
    dialogs = [f for f in app.frames() if name(f) != "Catur"]
    assert dialogs, "a click on New Game opened nothing: %s" % [describe(f) for f in app.frames()]
    app.click(app.find("push button", "Cancel", root=dialogs[0]))
    iterate(0.5)
    assert all(name(f) == "Catur" for f in app.frames()), "Cancel left the dialog open"


def test_board_plays_by_keyboard():
    app.click(app.find("table"))
    app.play_by_keyboard("c2c4")
    app.find("push button", "1. White, c2-c4")
    app.play_by_keyboard("b5b4")
    app.find("push button", "1. Black, b5-b4")
    assert plies() == ["1. White, c2-c4", "1. Black, b5-b4"], plies()


def test_illegal_move_is_explained():
    app.play_by_keyboard("a1a3")
    label = app.find("label", None, match=lambda a: name(a).startswith("The Rook cannot"))
    assert name(label) == "The Rook cannot jump: the Pawn on a2 is in the way.", name(label)
    app.key("Escape")


def test_undo_button_takes_back():
    # White takes back its move and Black's reply; two people play, so Black is asked.
    app.click(app.find("push button", "Undo Move"))
    question = wait_for(lambda: [f for f in app.frames() if name(f) != "Catur"],
                        "Black's question")[0]
    assert name(question) == "Black, Allow a Take-Back?", describe(question)
    app.click(app.find("push button", "Allow", root=question))
    wait_for(lambda: plies() == [], "both plies taken back (%s)" % plies())


def cell_centre(square):
    """Where the board's cell for @square lies on the screen."""
    for acc, _ in walk(app.find("table")):
        if role(acc) == "table cell" and name(acc).startswith(square + ", "):
            box = acc.get_extents(Atspi.CoordType.WINDOW)
            x, y = app.window_origin()
            return x + box.x + box.width // 2, y + box.y + box.height // 2
    raise AssertionError("no cell for %s" % square)


def test_hint_button_says_the_move():
    app.click(app.find("push button", "Show a Hint"))
    hint = wait_for(lambda: [name(acc) for acc, _ in walk(app.window)
                             if role(acc) == "label" and name(acc).startswith("Hint: ")],
                    "the hint in the turn panel", 30)
    assert hint and "(" in hint[0], hint


def test_drag_plays_a_move():
    """A piece dragged with the mouse button held, the way a sighted player moves."""
    (x1, y1), (x2, y2) = cell_centre("c2"), cell_centre("c3")
    steps = ["mousemove", "--sync", str(x1), str(y1), "mousedown", "1"]
    for i in range(1, 9):
        steps += ["mousemove", "--sync", str(x1 + (x2 - x1) * i // 8),
                  str(y1 + (y2 - y1) * i // 8), "sleep", "0.03"]
    steps += ["mouseup", "1"]
    subprocess.run(["xdotool", *steps], check=True)
    wait_for(lambda: plies() == ["1. White, c2-c3"],
             "the dragged move in the list (%s)" % plies())


if __name__ == "__main__":
    env = os.environ.copy()
    env["CATUR_PLUGIN_PATH"] = os.pathsep.join(
        [TEST_GAMES] + [p for p in env.get("CATUR_PLUGIN_PATH", "").split(os.pathsep) if p])
    app = Catur(CATUR, "--game", "sandbox", env=env)
    app.activate_window()
    try:
        status = run([test_new_game_button_opens_the_dialog, test_board_plays_by_keyboard,
                      test_illegal_move_is_explained, test_undo_button_takes_back,
                      test_hint_button_says_the_move, test_drag_plays_a_move])
    finally:
        app.quit()
    sys.exit(status)
