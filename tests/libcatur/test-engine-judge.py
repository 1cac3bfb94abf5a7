#!/usr/bin/env python3
# test-engine-judge.py: catur-engine's `judge MOVE`, the coach's verdict on a move, in each of
# the four games on positions built by hand: a piece left hanging, a fork or a loss of
# material, a walk into mate, a missed mate (Banqi: material missed and the risk of a flip)
# and a quiet good move; the JudgeDepth, JudgeNodes and JudgeMovetime options; a sentence in
# Indonesian (TAP output)
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import sys

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from engine_tap import main, run_engine, test  # noqa: E402

ENGINE = sys.argv[1]
LOCALEDIR = sys.argv[2] if len(sys.argv) > 2 else None

# A fixed depth: the verdicts do not depend on the machine's load.
DEPTH = 6
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
REASONS = ("none", "allows-mate", "misses-mate", "hangs-piece", "loses-material",
           "misses-material", "risk", "double-attack", "positional")

# Each case: the game, the position, the move, the classes allowed, the reason, the words its
# sentence must hold (the game's own names and notation), the loss token when it is a mate.
CASES = [
    # Chess: Nd5 into the pawn on e6; h3 lets the knight fork king and rook; Rd7 leaves the
    # back rank to a mate in 2; Kf1 lets Ra8 mate go; e4 from the start.
    ("chess", "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5", ("inaccuracy", "mistake", "blunder"),
     "hangs-piece", ("Knight on d5", "Pawn on e6"), None),
    ("chess", "4k3/7p/8/8/1n6/8/7P/R3K3 w - - 0 1", "h2h3", ("mistake", "blunder"),
     "loses-material", ("Nc2+", "Rook on a1"), None),
    ("chess", "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d7", ("blunder",),
     "allows-mate", ("Black mate in 2", "Ra1+", "Rxd1#"), "#-2"),
    ("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "g1f1", ("mistake", "blunder"),
     "misses-mate", ("Mate in 1", "Ra8#"), "#1"),
    ("chess", "4k3/8/8/r7/8/8/3Q4/4K3 w - - 0 1", "e1e2", ("mistake", "blunder"),
     "misses-material", ("Rook on a5 was free", "Qxa5"), None),
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4",
     ("best", "good"), "none", (), None),
    # Xiangqi: the Horse onto the Chariot's rank; the Chariot that lets the Horse fork; the
    # Chariot that leaves the d-file to R1=4; the R9=6 mate let go; the Cannon's opening move.
    ("xiangqi", "3aka3/9/9/4p4/r8/9/2H1P4/9/9/3AKA3 w - - 0 1", "c3d5",
     ("mistake", "blunder"), "hangs-piece", ("Horse on d5", "Chariot on a5"), None),
    ("xiangqi", "3aka3/9/9/4p4/6h2/9/4P4/7R1/4R4/3AKA3 w - - 0 1", "h2h4",
     ("mistake", "blunder"), "loses-material", ("H7+6", "Chariot on e1"), None),
    ("xiangqi", "4k4/9/9/9/rR7/9/9/9/9/3K5 w - - 0 1", "b5b8", ("blunder",), "allows-mate",
     ("Black mate in 1", "R1=4"), "#-1"),
    ("xiangqi", "3k5/9/9/9/R8/9/9/9/8r/4K4 w - - 0 1", "a5a6", ("mistake", "blunder"),
     "misses-mate", ("Mate in 1", "R9=6"), "#1"),
    ("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h2e2",
     ("best", "good"), "none", (), None),
    # Shogi: the Rook onto the Bishop's diagonal; the Knight drop that forks King and Rook;
    # the Gold that leaves 5h to G*5h mate; the G*5b mate let go; P-7f from the start.
    ("shogi", "4k4/1b7/9/9/9/9/8R/9/4K4 b - 1", "1g3g", ("mistake", "blunder"), "hangs-piece",
     ("Rook on 3g", "Bishop on 8b", "Gote’s hand"), None),
    ("shogi", "4k4/9/9/9/9/9/8P/9/4K1R2 b n 1", "1g1f", ("mistake", "blunder"),
     "loses-material", ("N*4g", "Rook on 3i", "Gote’s hand"), None),
    ("shogi", "4k4/9/9/9/9/9/4p4/5G3/4K4 b g 1", "4h3h", ("blunder",), "allows-mate",
     ("Gote mate in 1", "G*5h"), "#-1"),
    ("shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "5i4h", ("mistake", "blunder"), "misses-mate",
     ("Mate in 1", "G*5b"), "#1"),
    ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7f",
     ("best", "good"), "none", (), None),
    # Banqi, with face-down pieces: the Horse next to the Chariot; the General's step that
    # forks Chariot and Horse; the Cannon left standing; a flip next to the General with two
    # Black Soldiers among the four face-down pieces; a flip away from it.
    ("banqi", "XXXX/4/4/H1r1/4/4/K3/3k r PPpp 0 20", "a5b5", ("inaccuracy", "mistake", "blunder"),
     "hangs-piece", ("Red Horse on b5", "Black Chariot on c5"), None),
    ("banqi", "XXXX/4/4/1k2/R1H1/4/4/3P r PPpp 0 20", "d1d2", ("inaccuracy", "mistake", "blunder"),
     "loses-material", ("b5-b4", "you lose the Red"), None),
    ("banqi", "XXXX/4/4/c3/H3/4/4/3P r PPpp 0 20", "d1d2", ("mistake", "blunder"),
     "misses-material", ("Black Cannon on a5 was free", "a4xa5"), None),
    ("banqi", "XXXX/1K2/4/4/3r/4/4/3P r PPpp 0 20", "b8", ("mistake", "blunder"), "risk",
     ("2 of the 4 face-down pieces", "Black Soldier", "Red General on b7"), None),
    ("banqi", "XXXX/1K2/4/4/3r/4/4/3P r PPpp 0 20", "a8", ("best", "good"), "none", (), None),
]


def judge(variant, fen, move, *options, env=None):
    """The engine's one `judge` line on @move of @fen, split into its fields."""
    commands = list(options) or ["setoption name JudgeDepth value %d" % DEPTH]
    commands += ["position fen " + fen, "judge " + move]
    out = run_engine([ENGINE, "--variant", variant], commands, env=env)
    lines = [line for line in out if line.startswith("judge ") or "error" in line]
    assert len(lines) == 1, out
    words = lines[0].split(" ", 5)
    assert len(words) == 6 and words[0] == "judge", lines
    return words[1:]


def check_cases(variant):
    # One session for the game's cases: a `position` and a `judge` each.
    cases = [case for case in CASES if case[0] == variant]
    commands = ["setoption name JudgeDepth value %d" % DEPTH]
    for _, fen, move, *_ in cases:
        commands += ["position fen " + fen, "judge " + move]
    out = run_engine([ENGINE, "--variant", variant], commands)
    lines = [line for line in out if line.startswith("judge ") or "error" in line]
    assert len(lines) == len(cases), out
    for (game, fen, move, classes, reason, words, loss), line in zip(cases, lines):
        verdict = line.split(" ", 5)[1:]
        what = (game, fen, move, verdict)
        assert len(verdict) == 5, what
        assert verdict[0] in classes, what
        assert verdict[3] == reason, what
        for word in words:
            assert word in verdict[4], (word,) + what
        if loss is not None:
            assert verdict[1] == loss, what
        else:
            assert verdict[1].isdigit(), what


@test
def chess_cases():
    check_cases("chess")


@test
def xiangqi_cases():
    check_cases("xiangqi")


@test
def shogi_cases():
    check_cases("shogi")


@test
def banqi_cases():
    check_cases("banqi")


@test
def line_is_one_of_the_documented_forms():
    # The first case of each game, read as a script reads it: the ids, a coordinate best move
    # that is legal.
    for game in ("chess", "xiangqi", "shogi", "banqi"):
        fen, move = next((c[1], c[2]) for c in CASES if c[0] == game)
        verdict = judge(game, fen, move)
        assert verdict[0] in CLASSES and verdict[3] in REASONS, verdict
        out = run_engine([ENGINE, "--variant", game], ["position fen " + fen, "moves"])
        assert verdict[2] in out[0].split()[1:], (game, verdict, out)


@test
def nodes_and_time_budgets():
    fen = "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1"
    by_nodes = judge("chess", fen, "c3d5", "setoption name JudgeNodes value 20000")
    assert by_nodes[3] == "hangs-piece", by_nodes
    # Node counts give the same verdict on any machine, twice.
    again = judge("chess", fen, "c3d5", "setoption name JudgeNodes value 20000")
    assert again == by_nodes, (again, by_nodes)
    by_time = judge("chess", fen, "c3d5", "setoption name JudgeMovetime value 200")
    assert by_time[3] == "hangs-piece", by_time


@test
def options_are_listed_and_checked():
    out = run_engine([ENGINE, "--variant", "chess"], ["uci"])
    for name in ("JudgeMovetime", "JudgeDepth", "JudgeNodes"):
        assert any(line.startswith("option name %s type spin" % name) for line in out), out
    out = run_engine([ENGINE, "--variant", "chess"], ["setoption name JudgeDepth value 0",
                                                       "setoption name JudgeNodes value x"])
    assert len([line for line in out if line.startswith("info string error Judge")]) == 2, out


@test
def illegal_move_is_refused():
    out = run_engine([ENGINE, "--variant", "xiangqi"],
                     ["position startpos", "judge h2h8", "judge e0e2", "isready"])
    errors = [line for line in out if line.startswith("info string error")]
    assert len(errors) == 2, out
    assert not any(line.startswith("judge ") for line in out), out
    assert out[-1] == "readyok", out


@test
def sentence_in_indonesian():
    if LOCALEDIR is None:
        raise AssertionError("the build's locale folder was not given")
    env = dict(os.environ, LANGUAGE="id", LC_ALL="C.UTF-8", CATUR_LOCALEDIR=LOCALEDIR)
    verdict = judge("chess", "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5", env=env)
    assert verdict[3] == "hangs-piece", verdict
    assert "dibiarkan" in verdict[4] and "d5" in verdict[4] and "e6" in verdict[4], verdict
    verdict = judge("xiangqi", "4k4/9/9/9/rR7/9/9/9/9/3K5 w - - 0 1", "b5b8", env=env)
    assert verdict[3] == "allows-mate" and "skakmat" in verdict[4], verdict
    verdict = judge("banqi", "XXXX/1K2/4/4/3r/4/4/3P r PPpp 0 20", "b8", env=env)
    assert verdict[3] == "risk" and "2 dari 4" in verdict[4], verdict


sys.exit(main())
