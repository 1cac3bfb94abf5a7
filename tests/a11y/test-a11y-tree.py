#!/usr/bin/python3
# test-a11y-tree.py: every control of the main window, the preferences and the new-game dialog
# has a name a person can read, as AT-SPI reports it to a screen reader
# SPDX-License-Identifier: GPL-3.0-or-later
#
# GTK 4.8 names a widget it was told nothing about by its class ("GtkImage", "GtkMenuButton"),
# and a button with a mnemonic by its label twice ("_Review Review"); both reach Orca as they
# are ("GtkImage New Game push button", "GtkPopoverMenu menu"). This walks the whole tree of
# each window, opened with real keys, and fails on: a control (anything focusable or pressable)
# without a name; any name that is a class name, or an object labelled by one, but for the few
# parts libadwaita builds out of the application's reach (listed with why); a name with a
# mnemonic underscore; a name or description that is a raw position text.
#
# The game is Sandbox, the test game of tests/variant (its module's folder is the second
# argument), so that the shell's windows are checked whichever real games the build has.
import os
import re
import sys

from catur_a11y import C_, TYPE_NAME, Catur, _, describe, iterate, log, name, printf, role, run, \
    states, walk

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

CATUR = sys.argv[1]
TEST_GAMES = sys.argv[2]

CONTROL_ROLES = {
    "push button", "toggle button", "check box", "radio button", "menu item",
    "check menu item", "radio menu item", "combo box", "spin button", "slider", "entry",
    "text", "list item", "table cell", "switch", "link", "page tab", "tree item", "menu",
}

# Parts that GTK and libadwaita build inside their own widgets where the application cannot
# name them, each with why; nothing else may carry a class name. Fillers are layout that Orca
# never presents (it skips them on the way to the focus).
LIBRARY_FILLERS = {
    "AdwGizmo": "libadwaita's drawing parts (header bar ends, split button arrow)",
    "AdwIndicatorBin": "the page switcher's badge holder",
    "AdwLeaflet": "AdwPreferencesWindow's own leaflet for subpages",
    "AdwSqueezer": "the header bar title's squeezer",
    "AdwViewSwitcherBar": "AdwPreferencesWindow's narrow page switcher's bar",
    "AdwViewSwitcherTitle": "AdwPreferencesWindow's page switcher's title",
    "AdwWindowTitle": "the title widget libadwaita puts in a header bar",
    "GtkActionBar": "the bar AdwViewSwitcherBar is built on",
    "GtkBuiltinIcon": "a menu button's arrow and a check item's mark",
    "GtkPopoverContent": "the frame inside every popover",
    "GtkRange": "the trough inside a scroll bar",
}
# Presented objects that only the preferences window has, built by AdwPreferencesWindow.
PREFERENCES_PARTS = {
    "GtkImage": "the icons of AdwPreferencesWindow's page switcher buttons",
}

# Containers that take the keyboard focus only to scroll or to pass it on.
CONTAINER_ROLES = {"scroll pane", "list", "panel", "filler", "page tab list"}

# A FEN-like position text: ranks of letters and digits between slashes.
POSITION_TEXT = re.compile(r"([A-Za-z0-9+]{1,12}/){3,}")


def labelled_by(acc):
    """The objects that AT-SPI says label @acc: Orca says their names before its own."""
    found = []
    for relation in acc.get_relation_set() or []:
        if relation.get_relation_type() == Atspi.RelationType.LABELLED_BY:
            found += [relation.get_target(i) for i in range(relation.get_n_targets())]
    return found


def problems_of(root, where, allowed=None):
    """What a screen-reader user would be told wrongly below @root. @allowed: class names that
    the library builds in this window, besides the fillers (PREFERENCES_PARTS)."""
    allowed = set(LIBRARY_FILLERS) | set(allowed or {})
    found = []
    for acc, depth in walk(root):
        acc_name = name(acc)
        acc_role = role(acc)
        description = acc.get_description() or ""
        is_control = acc_role in CONTROL_ROLES or (Atspi.StateType.FOCUSABLE in states(acc)
                                                   and acc_role not in CONTAINER_ROLES)
        # A list item is read by what it holds (GTK 4.8 cannot name the row itself).
        if acc_role == "list item" and any(name(c) for c, _depth in walk(acc) if c is not acc):
            is_control = False
        if is_control and acc_name.strip() == "":
            found.append("%s: a %s without a name: %s" % (where, acc_role, describe(acc)))
        if TYPE_NAME.match(acc_name) and not (acc_name in allowed and (
                acc_role == "filler" or acc_name not in LIBRARY_FILLERS)):
            found.append("%s: a class name for a name: %s" % (where, describe(acc)))
        for label in labelled_by(acc):
            if TYPE_NAME.match(name(label)):
                found.append("%s: labelled by a class name: %s by %s"
                             % (where, describe(acc), describe(label)))
        if re.search(r"(^|\s)_\w", acc_name):
            found.append("%s: a mnemonic in a name: %s" % (where, describe(acc)))
        half = len(acc_name) // 2
        if half > 0 and acc_name[:half] == acc_name[half + 1:] and acc_name[half] == " ":
            found.append("%s: a name said twice: %s" % (where, describe(acc)))
        if POSITION_TEXT.search(acc_name) or POSITION_TEXT.search(description):
            found.append("%s: a position text read aloud: %s" % (where, describe(acc)))
    return found


def assert_no_problems(found):
    if found:
        raise AssertionError("\n".join(found))


app = None


def start():
    global app
    env = os.environ.copy()
    env["CATUR_PLUGIN_PATH"] = os.pathsep.join(
        [TEST_GAMES] + [p for p in env.get("CATUR_PLUGIN_PATH", "").split(os.pathsep) if p])
    app = Catur(CATUR, "--game", "sandbox", env=env)
    app.activate_window()


def test_main_window():
    assert_no_problems(problems_of(app.window, "main window"))


def test_main_window_in_play():
    """After moves played by keyboard, the move list's plies are named with their number
    and side, and the menus' items have names."""
    board = app.find("table")
    app.click(board)
    app.play_by_keyboard("c2c4")
    app.play_by_keyboard("b5b4")
    number = printf(_("%u."), 1)
    app.find("push button", printf(_("%s %s, %s"), number, _("White"), "c2-c4"))
    app.find("push button", printf(_("%s %s, %s"), number, _("Black"), "b5-b4"))
    found = problems_of(app.window, "main window after two moves")
    app.key("F10")
    iterate(0.8)
    menus = [f for f in app.frames() if name(f) != "Catur"]
    items = [acc for f in [app.window] + menus for acc, _depth in walk(f)
             if role(acc) in ("menu item", "check menu item", "radio menu item")]
    assert items, "F10 showed no menu items"
    for f in menus:
        found += problems_of(f, "main menu")
    app.key("Escape")
    iterate(0.3)
    assert_no_problems(found)


def test_board_is_a_grid_of_cells():
    board = None
    for acc, _depth in walk(app.window):
        if role(acc) == "table":
            board = acc
            break
    assert board is not None, "no board (a table) in the window"
    cells = [acc for acc, _depth in walk(board) if role(acc) == "table cell"]
    # Sandbox's 6 x 6 squares and the two hands' slots (three kinds a hand each).
    assert len(cells) == 36 + 6, "the Sandbox board shows %d cells, not 42" % len(cells)
    names = {name(c) for c in cells}
    king = printf(_("%s, %s"), "c1", printf(C_("side and piece", "%s %s"), _("White"),
                                             _("King")))
    empty = printf(_("%s, empty"), "d1")
    assert king in names and empty in names, (king, empty, sorted(names)[:12])


def test_preferences():
    app.key("ctrl+comma")
    iterate(1.0)
    windows = [f for f in app.frames() if name(f) != "Catur"]
    assert windows, "Ctrl+, opened no preferences window: %s" % [describe(f) for f in app.frames()]
    found = []
    for window in windows:
        found += problems_of(window, "preferences", PREFERENCES_PARTS)
    app.key("Escape")
    iterate(0.5)
    assert_no_problems(found)


def test_new_game_dialog():
    app.activate_window()
    app.key("ctrl+n")
    iterate(1.0)
    dialogs = [f for f in app.frames() if name(f) != "Catur"]
    assert dialogs, "Ctrl+N opened no dialog: %s" % [describe(f) for f in app.frames()]
    found = []
    for dialog in dialogs:
        found += problems_of(dialog, "new-game dialog")
    app.key("Escape")
    iterate(0.5)
    assert_no_problems(found)


if __name__ == "__main__":
    start()
    try:
        status = run([test_main_window, test_main_window_in_play,
                      test_board_is_a_grid_of_cells, test_preferences, test_new_game_dialog])
    finally:
        app.quit()
    sys.exit(status)
