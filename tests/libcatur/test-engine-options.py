#!/usr/bin/env python3
# test-engine-options.py: catur-engine takes the game's setup options with setoption (TAP)
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-engine-options.py ENGINE TEST_VARIANT_DIR. Sandbox, the test game of
# tests/variant, has a move limit of 200 plies or, as a setup option, 20; a position text
# does not tell it, so `setoption name move-limit value 20` must reach the positions given.
import os
import sys

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from engine_tap import main, run_engine, test  # noqa: E402

ENGINE = sys.argv[1]
PLUGIN_PATH = os.pathsep.join(p for p in (os.environ.get("CATUR_PLUGIN_PATH"), sys.argv[2]) if p)
# Sandbox at its 19th ply: one move more reaches the short limit.
LATE = "rbk2r/pppppp/6/6/PPPPPP/RBK2R w Kk - - 0 19"


def session(*commands, variant="sandbox"):
    """Runs the engine on the game with the commands and returns its output lines."""
    env = dict(os.environ, CATUR_PLUGIN_PATH=PLUGIN_PATH)
    return run_engine([ENGINE], ("setoption name UCI_Variant value %s" % variant,) + commands,
                      env=env)


@test
def handshake_lists_the_games_options():
    out = session("uci")
    assert "option name move-limit type combo default 200 var 200 var 20" in out, out
    assert "option name move-time type combo default off var off var 30 var 60" in out, out


@test
def option_reaches_a_position_text():
    assert session("position fen %s moves a2a3" % LATE, "status")[-1] == "status ongoing"
    out = session("setoption name move-limit value 20", "position fen %s moves a2a3" % LATE,
                  "status")
    assert out[-1] == "status draw move-limit", out


@test
def option_reaches_the_start_and_survives_a_new_game():
    # Twenty plies from the start: the pawns one step each, then the kings to and fro.
    played = [move for f in "abcdef" for move in (f + "2" + f + "3", f + "5" + f + "4")]
    played += ["c1d1", "c6d6", "d1e1", "d6e6", "e1d1", "e6d6", "d1e1", "d6e6"]
    line = "position startpos moves " + " ".join(played)
    assert session(line, "status")[-1] == "status ongoing"
    out = session("setoption name move-limit value 20", "ucinewgame", line, "status")
    assert out[-1] == "status draw move-limit", out


@test
def bad_choice_is_refused_and_changes_nothing():
    out = session("setoption name move-limit value 21", "position fen %s moves a2a3" % LATE,
                  "status")
    assert "info string error move-limit is one of: 200 20" in out, out
    assert out[-1] == "status ongoing", out


@test
def another_game_starts_without_them():
    out = session("setoption name move-limit value 20", "setoption name UCI_Variant value "
                  "sandbox-dark", "setoption name UCI_Variant value sandbox",
                  "position fen %s moves a2a3" % LATE, "status")
    assert out[-1] == "status ongoing", out


if __name__ == "__main__":
    sys.exit(main())
