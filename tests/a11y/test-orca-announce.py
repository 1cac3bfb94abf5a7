#!/usr/bin/python3
# test-orca-announce.py: what the real Orca says when something happens away from the board
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Orca 43 (Debian's) listens on the test's accessibility bus, speaking to speech-dispatcher's
# silent dummy module; what it would have said is read from its debug log (catur_orca.py). The
# player plays a move on the board with the keyboard, Tabs to the move list, and then things
# happen that must be heard there, where the board's own trick (the description of the cell
# under the cursor) reaches no one: a take-back with Ctrl+Z, a move of the list shown for review,
# the computer's reply, the result of a resignation confirmed in a dialog.
# Every sentence is asserted in Orca's speech, with the keyboard focus left where the player put
# it; and when the move with the focus is the one taken back, the board takes the focus and
# Orca reads the take-back there. CATUR_ORCA_LOG=FILE keeps Orca's debug log.
#
# The game is Sandbox, the test game of tests/variant (its module's folder is the second
# argument), two players, take-backs without asking (a setting of the test's own).
import os
import re
import sys
import tempfile

import catur_orca
from catur_a11y import Catur, _, describe, log, name, printf, role, run, wait_for

CATUR = sys.argv[1]
TEST_GAMES = sys.argv[2]
app = None
orca = None


def focus_text():
    focused = app.focused()
    return describe(focused) if focused else "nothing"


def on_move_list():
    """Whether the focus is on a move of the move list ("1. White, c2-c4")."""
    focused = app.focused()
    return (focused is not None and role(focused) == "push button"
            and re.match(r"^[0-9]+\. ", name(focused)) is not None)


def tab_to_move_list():
    """Tab from the board until a move of the list has the focus, as the player does."""
    for _tab in range(15):
        app.key("Tab")
        if wait_for_focus_settled() and on_move_list():
            return
    raise AssertionError("Tab never reached the move list (the focus is on %s)" % focus_text())


def wait_for_focus_settled():
    try:
        return wait_for(lambda: app.focused() is not None, "the focus", 2)
    except AssertionError:
        return None


def play_on_board(move):
    """Plays @move (c2c4) with the arrows and Return, and waits for Orca to say it."""
    orca.mark()
    app.play_by_keyboard(move)
    said = orca.wait_for(lambda line: move[:2] in line and move[2:] in line
                         and not line.startswith(move[2:] + ","), "the move %s" % move)
    log("on the board, Orca said:", said)


def test_take_back_is_heard_on_the_move_list():
    """Four moves on the board, Tab to the move list (its first move), Ctrl+Z: White takes
    back its move and Black's reply, heard there, and the focus stays on the move."""
    app.click(app.find("table"))
    for move in ("c2c4", "b5b4", "d2d3", "e5e4"):
        play_on_board(move)
    tab_to_move_list()
    first = name(app.focused())
    log("the focus is on", focus_text())
    orca.mark()
    app.key("ctrl+z")
    said = orca.wait_for_text(_("Taken back: %s.").split("%s")[0])
    log("after Ctrl+Z, Orca said:", said)
    assert "e5" in said and "e4" in said and "d2" in said and "d3" in said, said
    wait_for(lambda: on_move_list() and name(app.focused()) == first,
             "the focus on %r (it is on %s)" % (first, focus_text()), 3)


def test_review_is_heard_on_the_move_list():
    """Return on a move of the list shows its position: what it shows is heard there."""
    orca.mark()
    app.key("Return")
    # "Move 1 of 2: White Pawn from c2 to c4."
    said = orca.wait_for_text(_("Move %u of %u: %s.").split("%u")[0])
    log("after Return on the move, Orca said:", said)
    assert "c2" in said and "c4" in said, said
    wait_for(on_move_list, "the focus on the move list (it is on %s)" % focus_text(), 3)


def test_take_back_of_the_focused_move_is_heard_on_the_board():
    """Ctrl+Z with the focus on the last move, which goes with the take-back: the focus is on
    no widget, which Orca does not follow; the board takes it and says the take-back."""
    black = "1. " + _("Black")
    # A move number's row holds both sides' moves: Tab goes from White's to Black's.
    app.key("Tab")
    wait_for(lambda: on_move_list() and name(app.focused()).startswith(black),
             "the focus on Black's move (it is on %s)" % focus_text(), 3)
    orca.mark()
    app.key("ctrl+z")
    said = orca.wait_for_text(_("Taken back: %s.").split("%s")[0])
    log("after Ctrl+Z, Orca said:", said)
    assert "b5" in said and "b4" in said, said
    focused = wait_for(app.focused, "the focus")
    assert role(focused) == "table cell", "the focus is on %s" % focus_text()


def test_computer_reply_is_heard_on_the_move_list():
    """Against the computer, which thinks four seconds (the master's time, a setting of the
    test's own): the player moves and Tabs to the move list while it thinks; its reply is heard
    there, and the focus stays on the list."""
    global app
    app.quit()
    app = Catur(CATUR, "--game", "sandbox", env=settings_env(
        "mode='computer'\nlevel='master'\nmaster-movetime=4000\n"))
    app.activate_window()
    app.click(app.find("table"))
    play_on_board("c2c4")
    orca.mark()
    tab_to_move_list()
    log("the focus is on", focus_text())
    black = _("Black") + " "
    # "Black Pawn from b5 to b4."
    said = orca.wait_for(lambda line: line.startswith(black) and line.endswith("."),
                         "the computer's reply", 30)
    log("the computer's reply, Orca said:", said)
    assert on_move_list(), "the reply moved the focus to %s" % focus_text()


def test_resignation_is_heard_where_the_focus_comes_back():
    """White, to move, resigns from the main menu (F10) and confirms in the dialog: the result
    is heard where the focus comes back when the dialog closes, off the board."""
    app.to_menu_item(_("_Resign…"))
    app.key("Return")
    dialog = wait_for(lambda: [f for f in app.frames() if name(f) != name(app.window)],
                      "the question before resigning", 5)[0]
    resign = _("_Resign").replace("_", "")
    orca.mark()
    app.click(app.find("push button", root=dialog,
                       match=lambda acc: name(acc).replace("_", "").split(" ")[0] == resign))
    # What a window manager does when the dialog closes: the window is active again.
    app.activate_window()
    # "Black wins. White resigned."
    result = printf(_("%s. %s."), printf(_("%s wins"), _("Black")),
                    printf(_("%s resigned"), _("White")))
    said = orca.wait_for_text(result)
    log("after the resignation, Orca said:", said, "- the focus is on", focus_text())


def settings_env(keys):
    """The environment of a Catur with the settings @keys (keyfile lines) and no saved game."""
    config = tempfile.mkdtemp()
    os.makedirs(os.path.join(config, "glib-2.0", "settings"))
    with open(os.path.join(config, "glib-2.0", "settings", "keyfile"), "w") as keyfile:
        keyfile.write("[io/github/caturapp/Catur]\n" + keys)
    env = dict(os.environ, GSETTINGS_BACKEND="keyfile", XDG_CONFIG_HOME=config,
               XDG_DATA_HOME=tempfile.mkdtemp())
    env["CATUR_PLUGIN_PATH"] = os.pathsep.join(
        [TEST_GAMES] + [p for p in env.get("CATUR_PLUGIN_PATH", "").split(os.pathsep) if p])
    return env


if __name__ == "__main__":
    why_not = catur_orca.missing()
    if why_not:
        # Under CI, which installs everything (./run-tests does), a skip would hide a failure.
        print("1..0 # SKIP " + why_not, flush=True)
        sys.exit(1 if os.environ.get("CI") == "true" else 0)
    env = settings_env("undo-needs-permission=false\n")
    orca = catur_orca.Orca()
    status = 1
    try:
        app = Catur(CATUR, "--game", "sandbox", env=env)
        app.activate_window()
        status = run([test_take_back_is_heard_on_the_move_list,
                      test_review_is_heard_on_the_move_list,
                      test_take_back_of_the_focused_move_is_heard_on_the_board,
                      test_computer_reply_is_heard_on_the_move_list,
                      test_resignation_is_heard_where_the_focus_comes_back])
    finally:
        if app is not None:
            app.quit()
        orca.quit(keep_log=os.environ.get("CATUR_ORCA_LOG"))
    sys.exit(status)
