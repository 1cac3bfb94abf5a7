#!/usr/bin/python3
# test-a11y-banqi-keys.py: a Banqi game for two players played by keyboard only, read from
# what the window shows a screen reader: Tab to the board, the arrows, Return and Space to
# flip, select and move, Escape to cancel; the cells' names and the turn panel
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Real input only (xdotool keys). The first game is a fresh deal: what the flips show is the
# deal's, so the test reads it from the cells and checks that the turn panel gives the
# players those colours. The second starts from two flips given by --moves (a Red Chariot
# beside a Black Horse), so that a capture is there to make; the third, under chain captures
# (its settings in a keyfile of its own), ends a chain with the main menu's End the Turn.
import os
import re
import subprocess
import sys
import tempfile

from catur_a11y import Catur, _, describe, iterate, name, printf, role, run, wait_for, walk

CATUR = sys.argv[1]
FILES = "abcd"
RED, BLACK = _("Red"), _("Black")
FACE_DOWN = _("face-down piece")
app = None
folders = []


def start(*args, options=()):
    """A new Catur with a data folder of its own: no autosaved game to resume. @options are
    the new-game options to keep (chain-captures…), in settings of its own."""
    global app
    if app is not None:
        app.quit()
    folders.append(tempfile.TemporaryDirectory(prefix="catur-banqi-keys-"))
    env = dict(os.environ, XDG_DATA_HOME=folders[-1].name)
    if options:
        env.update(GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=folders[-1].name)
        for option in options:
            subprocess.run(["gsettings", "set", "io.github.caturapp.Catur.banqi", option, "on"],
                           env=env, check=True)
    app = Catur(CATUR, "--game", "banqi", *args, env=env)
    app.activate_window()


def cell_names():
    return {name(acc).split(", ", 1)[0]: name(acc) for acc, _depth in walk(app.find("table"))
            if role(acc) == "table cell" and re.match(r"^[a-d][1-8], ", name(acc))}


def cell(square):
    return cell_names().get(square)


def turn():
    """The turn panel, as its status bar reads: "Red, To move"."""
    return name(app.find("status bar"))


def focused_name():
    acc = app.focused()
    return name(acc) if acc is not None else None


def plies():
    return [name(acc) for acc, _depth in walk(app.window)
            if role(acc) == "push button" and name(acc)[:1].isdigit()]


def to_move(side):
    return printf(_("%s, %s"), side, _("To move"))


def tab_to_board():
    for _step in range(30):
        app.key("Tab")
        if app.cursor_square() is not None:
            return
    raise AssertionError("Tab never reached the board (the focus is on %r)" % focused_name())


# The board is drawn 8 wide in a wide window and 4 wide in a narrow one: which arrow goes up a
# file or a rank is learnt by pressing it and reading where the cursor went.
arrows = {}


def coordinates(square):
    return FILES.index(square[0]), int(square[1])


def cursor():
    return wait_for(app.cursor_square, "the keyboard cursor on the board (the focus is on %r)"
                    % focused_name())


def goto(square):
    target = coordinates(square)
    stuck = set()             # unknown arrows that did not move the cursor from here
    for _step in range(40):
        here = cursor()
        if here == square:
            return
        f, r = coordinates(here)
        want = (target[0] - f, target[1] - r)
        useful = [k for k, (df, dr) in arrows.items()
                  if (df and df * want[0] > 0) or (dr and dr * want[1] > 0)]
        unknown = [k for k in ("Right", "Up", "Left", "Down") if k not in arrows and k not in stuck]
        key = (useful or unknown)[0]
        app.key(key)
        there = coordinates(cursor())
        if there == (f, r):
            stuck.add(key)
            continue
        stuck.clear()
        arrows.setdefault(key, (there[0] - f, there[1] - r))
    raise AssertionError("the cursor did not reach %s (it is on %s; arrows %s)"
                         % (square, app.cursor_square(), arrows))


def press_on(square, key):
    goto(square)
    app.key(key)
    iterate(0.5)


def colour_of(square):
    """The colour of the face-up piece on @square, from its cell's name ("a1, Red Horse")."""
    piece = wait_for(lambda: FACE_DOWN not in cell(square) and cell(square).split(", ", 1)[1],
                     "the piece on %s turned over (%r)" % (square, cell(square)))
    for colour in (RED, BLACK):
        if piece.startswith(colour + " "):
            return colour
    raise AssertionError("%s shows %r, of no colour" % (square, piece))


def test_tab_reaches_the_board():
    start()
    assert turn() == to_move(_("First player")), turn()
    tab_to_board()
    assert FACE_DOWN in focused_name(), focused_name()


def test_return_flips_and_gives_the_colours():
    press_on("a1", "Return")
    first = colour_of("a1")
    second = BLACK if first == RED else RED
    # The first flip's colour is the first player's; the other player, that colour's
    # opponent, acts next.
    wait_for(lambda: turn() == to_move(second), "the turn panel giving %s the move (%r)"
             % (second, turn()))
    assert focused_name() == cell("a1"), (focused_name(), cell("a1"))


def test_space_flips():
    before = turn()
    press_on("c3", "space")
    colour_of("c3")
    wait_for(lambda: turn() != before, "the turn passing after Space (%r)" % turn())
    assert len(plies()) == 2, plies()


def test_escape_cancels_a_selection():
    start("--moves", "b2=R b3=h")
    wait_for(lambda: turn() == to_move(RED), "Red to move (%r)" % turn())
    tab_to_board()
    plain = printf(_("%s, %s"), "b2", _("Red Chariot"))
    assert cell("b2") == plain, cell("b2")
    press_on("b2", "Return")
    selected = printf(_("%s, selected"), plain)
    wait_for(lambda: focused_name() == selected, "b2 selected (%r)" % focused_name())
    app.key("Escape")
    wait_for(lambda: focused_name() == plain, "Escape cancelling the selection (%r)"
             % focused_name())
    assert turn() == to_move(RED) and len(plies()) == 2, (turn(), plies())


def test_capture_by_keyboard():
    press_on("b2", "Return")
    press_on("b3", "Return")
    wait_for(lambda: cell("b3") == printf(_("%s, %s"), "b3", _("Red Chariot")),
             "the Red Chariot on b3 (%r)" % cell("b3"))
    assert cell("b2") == printf(_("%s, empty"), "b2"), cell("b2")
    taken = app.find("panel", printf(_("Taken by %s"), RED))
    assert any(role(acc) == "image" and name(acc) == _("Black Horse")
               for acc, _d in walk(taken)), describe(taken)
    wait_for(lambda: turn() == to_move(BLACK), "Black to move (%r)" % turn())


def test_step_by_keyboard():
    press_on("d8", "space")
    colour_of("d8")
    wait_for(lambda: turn() == to_move(RED), "Red to move again (%r)" % turn())
    press_on("b3", "Return")
    press_on("b2", "Return")
    wait_for(lambda: RED in (cell("b2") or ""), "the Chariot back on b2 (%r)" % cell("b2"))
    assert len(plies()) == 5, plies()


def test_chain_ended_from_the_menu():
    # Under chain captures the Chariot that took on a2 may take on a3 too; the player ends
    # the turn instead, with the main menu's item, by keyboard.
    start("--moves", "a1=R a2=h b1=P a3=h", options=("chain-captures",))
    tab_to_board()
    press_on("a1", "Return")
    press_on("a2", "Return")
    wait_for(lambda: cell("a2") == printf(_("%s, %s"), "a2", _("Red Chariot")),
             "the capture on a2 (%r)" % cell("a2"))
    assert turn() == to_move(RED), "the chain leaves Red to move: %r" % turn()
    app.key("F10")
    item = app.find("menu item", _("End the Turn"))
    for _step in range(20):
        if focused_name() == _("End the Turn"):
            break
        app.key("Down")
    assert focused_name() == _("End the Turn"), focused_name()
    app.key("Return")
    wait_for(lambda: turn() == to_move(BLACK), "Black to move after End the Turn (%r)"
             % turn())
    assert item is not None and plies()[-1].endswith("stop"), plies()


if __name__ == "__main__":
    try:
        status = run([test_tab_reaches_the_board, test_return_flips_and_gives_the_colours,
                      test_space_flips, test_escape_cancels_a_selection,
                      test_capture_by_keyboard, test_step_by_keyboard,
                      test_chain_ended_from_the_menu])
    finally:
        if app is not None:
            app.quit()
        for folder in folders:
            folder.cleanup()
    sys.exit(status)
