#!/usr/bin/env python3
# test-engine-minimal.py: catur-engine on a game without a computer player (TAP)
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-engine-minimal.py ENGINE MINIMAL_DIR. Pawn Duel (tests/minimal) implements only
# the methods every game must, `think` not among them. catur-engine still serves its rules:
# the handshake, positions, the legal moves, explanations, the status and perft. A search is
# refused with the reason and the protocol's word for "no move", so that a GUI is not left
# waiting, and the engine goes on answering.
import os
import sys

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from engine_tap import main, run_engine, test  # noqa: E402

ENGINE = sys.argv[1]
MINIMAL_DIR = sys.argv[2]
REFUSAL = "info string error Pawn Duel has no computer player"


def session(*commands):
    """Runs the engine on Pawn Duel with the commands and returns its output lines."""
    return run_engine([ENGINE, "--plugin-path", MINIMAL_DIR, "--variant", "minimal"], commands)


@test
def handshake_names_the_game():
    out = session("uci")
    # The tests' plugin path may bring the other games too.
    combo = [line for line in out if line.startswith("option name UCI_Variant ")]
    assert len(combo) == 1 and combo[0].startswith("option name UCI_Variant type combo "
                                                   "default minimal "), out
    assert " var minimal" in combo[0], out
    assert out[-1] == "uciok", out


@test
def perft_counts_the_moves():
    # The unit test's figures (tests/minimal/test-minimal.c): 5, 25, 125.
    out = session("uci", "go perft 3")
    assert "Nodes searched: 125" in out, out
    assert "a1a2: 25" in out and "e1e2: 25" in out, out


@test
def positions_moves_and_status():
    out = session("position startpos moves a1a2 b5b4", "moves", "status")
    assert out[-2] == "moves b1b2 c1c2 d1d2 e1e2 a2a3", out
    assert out[-1] == "status ongoing", out


@test
def explanations_say_why():
    out = session("position startpos", "explain a1a3")
    assert out[-1] == "illegal piece-movement A Pawn moves one square forward.", out


@test
def uci_search_is_refused_with_no_move():
    out = session("uci", "position startpos", "go movetime 50", "isready")
    assert REFUSAL in out, out
    assert "bestmove (none)" in out, out
    assert out.index(REFUSAL) < out.index("bestmove (none)"), out


@test
def usi_search_is_refused_by_resigning():
    # USI has no word for "no move" other than resign.
    out = session("usi", "position startpos", "go byoyomi 50", "isready")
    assert REFUSAL in out and "bestmove resign" in out, out


@test
def bench_is_refused_and_the_engine_goes_on():
    out = session("uci", "bench", "position startpos moves c1c2", "status", "isready")
    assert REFUSAL in out, out
    assert out[-2:] == ["status ongoing", "readyok"], out


if __name__ == "__main__":
    sys.exit(main())
