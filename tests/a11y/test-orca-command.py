#!/usr/bin/python3
# test-orca-command.py: what the real Orca says for moves and questions typed in the command
# entry, and for the key that brings the focus back to the board
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Orca 43 on the test's accessibility bus, its speech read from its debug log (catur_orca.py),
# as in test-orca-announce.py. Xiangqi between two players: Ctrl+L opens the entry, a move in
# WXF is typed and heard, a move the rules refuse is heard with the board's reason, `l` and `t`
# are answered aloud, the focus stays in the entry throughout; Ctrl+B puts it back on the board
# and says where the player is. CATUR_ORCA_LOG=FILE keeps Orca's debug log.
import os
import sys
import tempfile

import catur_orca
from catur_a11y import Catur, _, describe, log, printf, role, run, wait_for

CATUR = sys.argv[1]
app = None
orca = None


def focus_text():
    focused = app.focused()
    return describe(focused) if focused else "nothing"


def in_entry():
    focused = app.focused()
    return focused is not None and role(focused) == "text"


def type_line(line):
    """Types @line in the entry and Return, Orca's mark set first."""
    orca.mark()
    app.type_text(line)
    app.key("Return")


def test_typed_move_is_heard():
    """Ctrl+L, then C2=5: the Cannon's move is heard in the entry, which keeps the focus."""
    app.key("ctrl+l")
    wait_for(in_entry, "the focus in the command entry (it is on %s)" % focus_text(), 5)
    type_line("C2=5")
    # "Red Cannon from h2 to e2."
    said = orca.wait_for(lambda line: "h2" in line and "e2" in line and _("Red") in line,
                         "the typed move")
    log("after C2=5, Orca said:", said)
    assert in_entry(), "the focus left the entry for %s" % focus_text()


def test_refused_move_is_heard():
    """Black's Horse to f8, over the Elephant on g9: the board's reason is heard (it names the
    point that blocks), the move not played."""
    type_line("h9f8")
    said = orca.wait_for(lambda line: "g9" in line and not line.endswith(" "),
                         "why h9f8 is refused")
    log("after h9f8, Orca said:", said)


def test_commands_are_heard():
    """l and t answered aloud."""
    type_line("l")
    said = orca.wait_for_text(printf(_("Last move: %s."), "")[:-1])
    log("after l, Orca said:", said)
    assert "h2" in said and "e2" in said, said
    type_line("t")
    said = orca.wait_for_text(printf(_("%s to move, move %u."), _("Black"), 1))
    log("after t, Orca said:", said)
    assert in_entry(), "the focus left the entry for %s" % focus_text()


def test_back_to_the_board_is_heard():
    """Ctrl+B: the focus on the board, and the game, the turn and the cell said."""
    orca.mark()
    app.key("ctrl+b")
    said = orca.wait_for_text(_("Xiangqi") + ". " + printf(_("%s to move, move %u."),
                                                          _("Black"), 1))
    log("after Ctrl+B, Orca said:", said)
    focused = wait_for(app.focused, "the focus")
    assert role(focused) == "table cell", "the focus is on %s" % focus_text()


if __name__ == "__main__":
    why_not = catur_orca.missing()
    if why_not:
        print("1..0 # SKIP " + why_not, flush=True)
        sys.exit(1 if os.environ.get("CI") == "true" else 0)
    config = tempfile.mkdtemp()
    env = dict(os.environ, XDG_CONFIG_HOME=config, XDG_DATA_HOME=tempfile.mkdtemp())
    orca = catur_orca.Orca()
    status = 1
    try:
        app = Catur(CATUR, "--game", "xiangqi", env=env)
        app.activate_window()
        status = run([test_typed_move_is_heard,
                      test_refused_move_is_heard,
                      test_commands_are_heard,
                      test_back_to_the_board_is_heard])
    finally:
        if app is not None:
            app.quit()
        orca.quit(keep_log=os.environ.get("CATUR_ORCA_LOG"))
    sys.exit(status)
