#!/usr/bin/python3
# test-a11y-board.py: a Xiangqi game played without seeing the board, as AT-SPI shows it to a
# screen reader: the board's cells, the focus on the keyboard cursor, the sentences spoken for
# moves (the player's and the computer's), check, refusals and take-backs, and the answers to
# the questions asked by key
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Real input only: clicks and keys through XTest (xdotool). What is "spoken" is what Orca
# presents on GTK 4.8: the name of the object that gets the focus, and a change of the
# description of the object that has it. Run with LANGUAGE=id (and the build's catalogue in
# CATUR_LOCALEDIR, as `meson devenv` sets it) for the same game in Indonesian: the expected
# sentences are translated through that catalogue, the way the program translates them.
import os
import re
import subprocess
import sys
import tempfile

from catur_a11y import C_, Catur, Timeout, _, catalogue, children, describe, iterate, log, name, \
    printf, role, run, states, wait_for

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

CATUR = sys.argv[1]

RED, BLACK = _("Red"), _("Black")
PIECES = {"K": _("General"), "A": _("Advisor"), "E": _("Elephant"), "H": _("Horse"),
          "R": _("Chariot"), "C": _("Cannon"), "P": _("Pawn")}


def piece(side, letter):
    return printf(C_("side and piece", "%s %s"), side, PIECES[letter])


def cell_name(square, side=None, letter=None, selected=False):
    if side is None:
        text = printf(_("%s, empty"), square)
    else:
        text = printf(_("%s, %s"), square, piece(side, letter))
    return printf(_("%s, selected"), text) if selected else text


def moved(side, letter, origin, target):
    return printf(_("%s from %s to %s"), piece(side, letter), origin, target)


def sentence(text):
    return printf(_("%s."), text)


app = None


def board():
    return app.find("table")


def cells():
    return [c for c in children(board()) if role(c) == "table cell"]


def cell(square):
    prefix = square + ", "
    for c in cells():
        if name(c).startswith(prefix):
            return c
    raise AssertionError("no cell for %s" % square)


def focused_name():
    acc = app.focused()
    return name(acc) if acc is not None else None


def wait_focus(expected, what):
    try:
        wait_for(lambda: focused_name() == expected, what, 5)
    except Timeout:
        raise AssertionError("%s: the focus is on %r, not %r" % (what, focused_name(), expected))


def descriptions(since):
    """The descriptions Orca would present of those set since event @since, with the names of
    the objects they were set on. Orca skips a description equal to the last one it saw of the
    same object (its onDescriptionChanged), and so does this."""
    last = {}
    spoken = []
    for index, (kind, source, _role, data) in enumerate(app.events):
        if not kind.endswith("accessible-description") or not isinstance(data, str):
            continue
        if index >= since and data and last.get(source) != data:
            spoken.append((data, source))
        last[source] = data
    return spoken


def wait_spoken(since, check, what, timeout=10):
    """Waits for a description change of the focused cell that @check accepts: what Orca
    speaks of the locus of focus."""
    def found():
        focus = focused_name()
        for text, source in descriptions(since):
            if source == focus and check(text):
                return text
        return None
    try:
        return wait_for(found, what, timeout)
    except Timeout:
        raise AssertionError("%s: spoken at the focus were %r (focus on %r)"
                             % (what, descriptions(since), focused_name()))


def hear(since, expected, what):
    return wait_spoken(since, lambda text: text == expected, "%s: %r" % (what, expected))


def square_step(square, key):
    files = "abcdefghi"
    f, r = files.index(square[0]), int(square[1])
    f += {"Left": -1, "Right": 1}.get(key, 0)
    r += {"Up": 1, "Down": -1}.get(key, 0)
    return files[f] + str(r)


def walk(origin, target):
    """Arrow keys from @origin to @target (Red at the bottom), the focus checked at each step."""
    square = origin
    while square != target:
        if square[0] != target[0]:
            key = "Right" if target[0] > square[0] else "Left"
        else:
            key = "Up" if target[1] > square[1] else "Down"
        app.key(key)
        square = square_step(square, key)
        wait_for(lambda: focused_name() is not None and focused_name().startswith(square + ", "),
                 "the focus on %s after %s (it is on %r)" % (square, key, focused_name()), 5)
    return square


def start(*args, env=None):
    global app
    app = Catur(CATUR, "--game", "xiangqi", *args, env=env)
    app.activate_window()


def test_board_is_a_grid_of_cells():
    all_cells = cells()
    assert len(all_cells) == 90, "the board shows %d cells, not 90" % len(all_cells)
    names = {name(c) for c in all_cells}
    for expected in (cell_name("e0", RED, "K"), cell_name("h2", RED, "C"),
                     cell_name("b9", BLACK, "H"), cell_name("e5")):
        assert expected in names, "no cell %r among %s" % (expected, sorted(names)[:10])
    for c in all_cells:
        # GTK 4.8 gives no widget the SHOWING state: VISIBLE is what there is.
        assert {Atspi.StateType.FOCUSABLE, Atspi.StateType.VISIBLE} <= states(c), \
            "%s: %s" % (describe(c), states(c))


def blue_share(shot, acc):
    """The share of the cursor's blue in the pixels around @acc's square in @shot (a margin
    for the few pixels by which GTK 4.8's extents, relative to the window, may be off)."""
    box = acc.get_extents(Atspi.CoordType.SCREEN)
    margin = 6
    out = subprocess.run(["convert", shot, "-crop", "%dx%d+%d+%d" % (
        box.width + 2 * margin, box.height + 2 * margin, box.x - margin, box.y - margin),
        "-fx", "(b-r)>0.3", "-format", "%[fx:mean]", "info:"],
        capture_output=True, text=True, check=True)
    return float(out.stdout)


def test_click_puts_focus_and_cursor_on_the_cell():
    target = cell("e4")
    app.click(target)
    wait_focus(cell_name("e4"), "a click on e4")
    iterate(0.5)
    with tempfile.TemporaryDirectory() as folder:
        shot = os.path.join(os.environ.get("CATUR_A11Y_SCREENSHOTS", folder), "click-e4.png")
        subprocess.run(["import", "-window", "root", shot], check=True)
        here, away = blue_share(shot, target), blue_share(shot, cell("g4"))
    # The cursor's frame is drawn around the square clicked, and nowhere else.
    assert here > 0.05 and away < 0.01, \
        "no cursor around e4 after a click: %.3f of its pixels blue, %.3f of g4's" % (here, away)


def test_focus_follows_the_cursor():
    walk("e4", "c4")
    walk("c4", "c2")
    walk("c2", "b2")
    wait_focus(cell_name("b2", RED, "C"), "the arrows to b2")


def test_illegal_move_is_explained():
    walk("b2", "b0")
    since = len(app.events)
    app.key("Return")
    wait_focus(cell_name("b0", RED, "H", selected=True), "Enter on b0")
    walk("b0", "b1")
    app.key("Return")
    spoken = wait_spoken(since, lambda text: PIECES["H"].lower() in text.lower(),
                         "why the Horse may not go to b1")
    log("refused:", spoken)
    app.key("Escape")


def test_moves_are_spoken():
    walk("b1", "h1")
    walk("h1", "h2")
    app.key("Return")
    wait_focus(cell_name("h2", RED, "C", selected=True), "Enter on h2")
    since = len(app.events)
    walk("h2", "e2")
    app.key("Return")
    hear(since, sentence(moved(RED, "C", "h2", "e2")), "the Cannon's move")
    wait_focus(cell_name("e2", RED, "C"), "the focus after the move")


def test_questions():
    since = len(app.events)
    app.key("t")
    hear(since, printf(_("%s to move, move %u."), BLACK, 1), "whose turn")
    # Asked again, the same answer is spoken again.
    since = len(app.events)
    app.key("t")
    hear(since, printf(_("%s to move, move %u."), BLACK, 1), "whose turn, asked again")
    since = len(app.events)
    app.key("l")
    hear(since, printf(_("Last move: %s."), moved(RED, "C", "h2", "e2")), "the last move")
    since = len(app.events)
    app.key("p")
    hear(since, printf(_("%s: %s."), piece(RED, "C"), "b2, e2"), "where the Cannons are")
    # On an empty point, each press names the next kind of the side to move (Black's).
    walk("e2", "e4")
    for letter, squares in (("K", "e9"), ("A", "d9, f9"), ("E", "c9, g9")):
        since = len(app.events)
        app.key("p")
        hear(since, printf(_("%s: %s."), piece(BLACK, letter), squares),
             "where Black's pieces of the next kind are")
    walk("e4", "e2")
    since = len(app.events)
    app.key("a")
    attacked = printf(_("%s: %s; %s."), cell_name("e2", RED, "C"), _("not attacked"),
                      printf(_("defended by %s"),
                             ", ".join(printf(_("%s on %s"), piece(RED, k), s)
                                       for k, s in (("E", "c0"), ("E", "g0")))))
    hear(since, attacked, "what attacks and defends e2")
    since = len(app.events)
    app.key("m")
    army = ", ".join(printf(_("%s × %u"), PIECES[k], n)
                     for k, n in (("K", 1), ("A", 2), ("E", 2), ("H", 2), ("R", 2), ("C", 2),
                                  ("P", 5)))
    hear(since, printf(_("%s. %s."), printf(_("%s: %s"), RED, army),
                       printf(_("%s: %s"), BLACK, army)), "the material")
    since = len(app.events)
    app.key("c")
    hear(since, _("This game has no time limit."), "the time left, with no limit")


def test_check_and_capture():
    # Black walks its advisor into the file of the Cannon, which takes the pawn with check.
    walk("e2", "d2")
    walk("d2", "d9")
    app.key("Return")
    walk("d9", "e9")
    walk("e9", "e8")
    since = len(app.events)
    app.key("Return")
    hear(since, sentence(moved(BLACK, "A", "d9", "e8")), "the Advisor's move")
    walk("e8", "e2")
    app.key("Return")
    since = len(app.events)
    walk("e2", "e6")
    app.key("Return")
    capture = printf(_("%s from %s takes the %s on %s"), piece(RED, "C"), "e2", PIECES["P"],
                     "e6")
    hear(since, printf(_("%s, check."), capture), "the capture with check")


def test_undo_is_spoken():
    since = len(app.events)
    app.key("ctrl+z")
    # Two players at one computer: the other one allows the take-back.
    wait_for(lambda: len(app.frames()) > 1, "the take-back's question", 5)
    app.key("Return")
    # No window manager gives the window its focus back: the test does, as one would.
    app.activate_window()
    capture = printf(_("%s from %s takes the %s on %s"), piece(RED, "C"), "e2", PIECES["P"],
                     "e6")
    spoken = wait_spoken(since, lambda text: printf(_("Taken back: %s."), capture) in text,
                         "the take-back")
    log("take-back:", spoken)


def focus_by_key(key, wanted, what, presses=30):
    """Presses @key until the focus is on an object whose name, without mnemonics, begins with
    @wanted (GTK 4.8 gives popover items no screen position a click could use)."""
    for _press in range(presses):
        focus = focused_name()
        if focus is not None and focus.replace("_", "").startswith(wanted):
            return
        app.key(key)
    raise AssertionError("%s: no %r reached with %s (focus on %r)" % (what, wanted, key,
                                                                      focused_name()))


def test_resignation_is_spoken():
    """The end of the game, with its reason: Black, to move, resigns from the main menu."""
    since = len(app.events)
    app.key("F10")
    focus_by_key("Down", _("_Resign…").replace("_", ""), "the main menu")
    app.key("Return")
    wait_for(lambda: len(app.frames()) > 1, "the question before resigning", 5)
    # A dialog is a window of its own, at the screen's corner without a window manager: its
    # positions are screen positions, and a click needs no focus.
    dialog = [f for f in app.frames() if name(f) != name(app.window)][0]
    resign = _("_Resign").replace("_", "")
    app.click(app.find("push button", root=dialog,
                       match=lambda acc: name(acc).replace("_", "").split(" ")[0] == resign))
    app.activate_window()
    result = printf(_("%s. %s."), printf(_("%s wins"), RED), printf(_("%s resigned"), BLACK))
    wait_for(lambda: any(text == result for text, _source in descriptions(since)),
             "the result said at the board: %r in %r" % (result, descriptions(since)))
    # The focus came back to the menu button: Tab leads back to the board, where the screen
    # reader reads the cell with its description, the result.
    focus_by_key("Tab", "e6, ", "back to the board")
    assert app.focused().get_description() == result, \
        "the board said %r, not %r" % (app.focused().get_description(), result)


def test_notice_is_spoken():
    """A notice of the game after the move that raises it: the third time the position stands
    (RULES X20), in a game started from moves given on the command line."""
    global app
    app.quit()
    start("--moves", "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0",
          env=dict(os.environ, XDG_DATA_HOME=tempfile.mkdtemp()))
    app.click(cell("g7"))
    wait_focus(cell_name("g7", BLACK, "H", selected=True), "a click on g7")
    since = len(app.events)
    walk("g7", "h9")
    app.key("Return")
    hear(since, sentence(moved(BLACK, "H", "g7", "h9")) + " "
         + _("Position repeated 3 times: you may offer a draw"), "the repetition's notice")


def test_computer_moves_are_spoken():
    """Against the computer (set in a settings file of the test's own), its reply is spoken at
    the focus, like the player's move."""
    global app
    app.quit()
    config = os.environ.get("XDG_CONFIG_HOME") or tempfile.mkdtemp()
    folder = os.path.join(config, "glib-2.0", "settings")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "keyfile"), "w") as keyfile:
        keyfile.write("[io/github/caturapp/Catur]\nmode='computer'\nlevel='beginner'\n")
    # A data folder of its own: no autosaved game of the test before.
    env = dict(os.environ, GSETTINGS_BACKEND="keyfile", XDG_DATA_HOME=tempfile.mkdtemp())
    start(env=env)
    app.click(cell("h2"))
    wait_focus(cell_name("h2", RED, "C", selected=True), "a click on h2")
    since = len(app.events)
    walk("h2", "e2")
    app.key("Return")
    hear(since, sentence(moved(RED, "C", "h2", "e2")), "the player's move")
    reply = wait_spoken(since, lambda text: text.startswith(BLACK + " ")
                        or text.endswith(" " + BLACK + ".") or BLACK in text.split(" ")[:3],
                        "the computer's reply", 30)
    log("the computer:", reply)


def engine_move(fen, moves):
    """The move catur-engine (this build's) would play: how the test chooses its moves, as a
    player would think of them, before playing them by keyboard."""
    engine = os.path.join(os.path.dirname(os.path.abspath(CATUR)), "engine", "catur-engine")
    commands = "position fen %s%s\ngo depth 6\nfen\nquit\n" % (
        fen, " moves " + " ".join(moves) if moves else "")
    out = subprocess.run([engine, "--plugin-path", os.environ["CATUR_PLUGIN_PATH"]],
                         input=commands, capture_output=True, text=True, timeout=60).stdout
    best = [line.split()[1] for line in out.splitlines() if line.startswith("bestmove ")]
    assert best, out
    return best[0]


def test_whole_game_against_the_computer_by_keyboard():
    """A game against the computer from a position kept by the autosave, played with the
    arrows and Return only: every move is heard, the player's and the computer's, with the
    check, and at the end who won and how."""
    global app
    app.quit()
    fen = "4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1"
    config = tempfile.mkdtemp()
    data = tempfile.mkdtemp()
    os.makedirs(os.path.join(config, "glib-2.0", "settings"))
    with open(os.path.join(config, "glib-2.0", "settings", "keyfile"), "w") as keyfile:
        keyfile.write("[io/github/caturapp/Catur]\nmode='computer'\nlevel='beginner'\n"
                      "human-side='first'\n")
    os.makedirs(os.path.join(data, "catur"))
    with open(os.path.join(data, "catur", "autosave-xiangqi.ini"), "w") as autosave:
        autosave.write("[Autosave]\nVersion=1\nVariant=xiangqi\nMode=computer\n"
                       "Level=beginner\nOptions={}\nStart=%s\nMoves=\n" % fen)
    env = dict(os.environ, GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=config,
               XDG_DATA_HOME=data)
    start(env=env)
    wait_for(lambda: focused_name() is not None, "the focus in the window", 10)
    played = []
    heard = []
    for turn in range(6):
        move = engine_move(fen, played)
        origin, target = move[:2], move[2:]
        here = app.cursor_square() or "e0"
        if app.cursor_square() is None:
            app.key("Right")
            here = wait_for(app.cursor_square, "the cursor on the board")
        walk(here, origin)
        app.key("Return")
        walk(origin, target)
        since = len(app.events)
        app.key("Return")
        mine = wait_spoken(since, lambda text: text.startswith(piece(RED, "R") + " "),
                           "the player's move %s" % move)
        heard.append(mine)
        played.append(move)
        won = printf(_("%s wins"), RED)
        if won in mine:
            break
        assert mine.startswith(sentence(moved(RED, "R", origin, target))[:-1]), mine
        reply = wait_spoken(since, lambda text: text.startswith(BLACK + " ")
                            or text.startswith(piece(BLACK, "K")), "the computer's reply", 30)
        heard.append(reply)
        squares = re.findall(r"\b[a-i][0-9]\b", reply)
        assert len(squares) >= 2, reply
        played.append(squares[0] + squares[1])
    log("heard:", " | ".join(heard))
    # The first move checks (the position is a mate in two), the last one wins.
    check_suffix = printf(_("%s, check."), "X")[1:]
    assert heard[0].endswith(check_suffix), heard
    assert len(heard) >= 3 and printf(_("%s wins"), RED) in heard[-1], heard


def test_time_left_is_spoken():
    """In a game with a time limit (Chess at 30 s a move, from the settings), C tells the
    player to move how long is left; on a game clock, both players' clocks."""
    global app
    app.quit()
    config = tempfile.mkdtemp()
    os.makedirs(os.path.join(config, "glib-2.0", "settings"))
    with open(os.path.join(config, "glib-2.0", "settings", "keyfile"), "w") as keyfile:
        keyfile.write("[io/github/caturapp/Catur/chess]\nmove-time='30'\n")
    env = dict(os.environ, GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=config,
               XDG_DATA_HOME=tempfile.mkdtemp())
    app = Catur(CATUR, "--game", "chess", env=env)
    app.activate_window()
    app.click(board())
    since = len(app.events)
    app.key("c")
    template = printf(_("%s has %d:%02d left for this move.").replace("%d:%02d", "TIME"),
                      _("White"))
    pattern = re.escape(template).replace("TIME", r"0:[0-3][0-9]")
    said = wait_spoken(since, lambda text: re.fullmatch(pattern, text) is not None,
                       "the time left for White's move")
    log("time left:", said)

    # On a game clock (five minutes each), C reads both clocks, the player to move first.
    app.quit()
    with open(os.path.join(config, "glib-2.0", "settings", "keyfile"), "w") as keyfile:
        keyfile.write("[io/github/caturapp/Catur/chess]\nmove-time='off'\nclock='300'\n")
    # A fresh data folder: the autosave of the game above would come back.
    env = dict(env, XDG_DATA_HOME=tempfile.mkdtemp())
    app = Catur(CATUR, "--game", "chess", env=env)
    app.activate_window()
    app.click(board())
    since = len(app.events)
    app.key("c")
    template = printf(_("%s: %s. %s: %s."), _("White"), "MINE", _("Black"), "THEIRS")
    full = printf(_("%s left"), printf(catalogue.ngettext("%u minute", "%u minutes", 5), 5))
    pattern = re.escape(template).replace("MINE", ".+").replace("THEIRS", re.escape(full))
    said = wait_spoken(since, lambda text: re.fullmatch(pattern, text) is not None,
                       "both clocks, White's first")
    log("both clocks:", said)


if __name__ == "__main__":
    start()
    try:
        status = run([test_board_is_a_grid_of_cells, test_click_puts_focus_and_cursor_on_the_cell,
                      test_focus_follows_the_cursor, test_illegal_move_is_explained,
                      test_moves_are_spoken, test_questions, test_check_and_capture,
                      test_undo_is_spoken, test_resignation_is_spoken, test_notice_is_spoken,
                      test_computer_moves_are_spoken,
                      test_whole_game_against_the_computer_by_keyboard,
                      test_time_left_is_spoken])
    finally:
        app.quit()
    sys.exit(status)
