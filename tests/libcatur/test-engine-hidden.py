#!/usr/bin/env python3
# test-engine-hidden.py: catur-engine never tells a face-down piece, and replays flips (TAP)
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-engine-hidden.py ENGINE TEST_VARIANT_DIR. Plays Sandbox Dark, the test game
# with face-down pieces of tests/variant, which is added to CATUR_PLUGIN_PATH; and Sandbox,
# whose declaration of victory USI answers as `bestmove win`.
import os
import sys

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from engine_tap import main, run_engine, test  # noqa: E402

ENGINE = sys.argv[1]
PLUGIN_PATH = os.pathsep.join(p for p in (os.environ.get("CATUR_PLUGIN_PATH"), sys.argv[2]) if p)
START = "XXXX/XXXX/XXXX/XXXX f KRRPPPPPkrrppppp 0 0"


def session(*commands, seed=0, variant="sandbox-dark"):
    """Runs the engine on Sandbox Dark with the commands and returns its output lines."""
    env = dict(os.environ, CATUR_PLUGIN_PATH=PLUGIN_PATH)
    return run_engine([ENGINE], ("setoption name UCI_Variant value %s" % variant,
                                 "setoption name Seed value %d" % seed) + commands, env=env)


@test
def bare_flips_are_dealt_with_the_seed():
    # A position text says nothing of what lies face down: the engine deals it with Seed.
    first = session("position fen %s moves a1 b1 c1" % START, "fen", seed=5)
    again = session("position fen %s moves a1 b1 c1" % START, "fen", seed=5)
    assert first == again, (first, again)
    assert first[0].startswith("fen ") and "X" in first[0], first
    others = {session("position fen %s moves a1 b1 c1" % START, "fen", seed=seed)[0]
              for seed in range(1, 9)}
    assert len(others) > 1, others


@test
def flips_that_carry_their_piece_replay_it():
    out = session("position fen %s moves a1=K b1=k" % START, "fen")
    assert out == ["fen XXXX/XXXX/XXXX/KkXX r RRPPPPPrrppppp 0 2"], out
    # The same with a start dealt by another seed: the record decides, not the deal.
    assert session("position startpos moves a1=K b1=k", "fen", seed=3) == out
    # A piece that no longer lies face down cannot be turned up.
    bad = session("position fen %s moves a1=K b1=K" % START, "fen")
    assert bad[0].startswith("info string error move 2 (b1=K)"), bad
    assert bad[1] == "fen " + START, bad


@test
def text_never_tells_a_face_down_piece():
    out = session("position fen %s moves a1=R b1=r" % START, "moves", "notation c1", "fen",
                  "explain a1a2", "explain a1b1")
    moves = out[0].split()[1:]
    assert "c1" in moves and "a1b1" in moves, out
    assert all(len(move) == 2 or move[2] != "=" for move in moves), out
    assert out[1] == "notation c1", out
    assert out[2] == "fen XXXX/XXXX/XXXX/RrXX r KRPPPPPkrppppp 0 2", out
    assert out[3] == "illegal face-down A face-down piece cannot be captured.", out
    assert out[4] == "legal", out


@test
def the_search_sees_only_what_players_see():
    # Every deal looks the same to the players, so the computer chooses alike; handed the
    # deal it would turn over a General, which lies elsewhere in each.
    answers = set()
    for seed in (1, 2, 3, 4):
        out = session("position startpos", "go depth 1", seed=seed)
        answers.update(line for line in out if line.startswith("bestmove"))
    assert answers == {"bestmove a1"}, answers


@test
def status_names_sides_by_their_colours():
    out = session("position fen %s" % START, "status",
                  "position fen 4/4/r3/Pr2 r - 0 10", "status")
    assert out == ["status ongoing", "status win black no-moves"], out


@test
def usi_declared_win_is_bestmove_win():
    # Sandbox: White's King has reached the far rank, and Black has moved: White may declare
    # victory, which the computer always does. USI has a word for it; UCI writes the move.
    kings = "position sfen k5/4K1/6/6/6/6 w - - - 0 0 moves e5e6 a6a5"
    out = session("usi", kings, "go byoyomi 100", "isready", variant="sandbox")
    best = [l for l in out if l.startswith("bestmove")]
    assert best == ["bestmove win"], out
    out = session(kings.replace("sfen", "fen"), "go movetime 100", "isready", variant="sandbox")
    best = [l for l in out if l.startswith("bestmove")]
    assert len(best) == 1 and best[0] != "bestmove win", out
    # Before its King stands on the far rank, White has no declaration: a plain move.
    out = session("usi", "position sfen k5/4K1/6/6/6/6 w - - - 0 0", "go byoyomi 100", "isready",
                  variant="sandbox")
    best = [l for l in out if l.startswith("bestmove")]
    assert len(best) == 1 and best[0] != "bestmove win", out


if __name__ == "__main__":
    sys.exit(main())
