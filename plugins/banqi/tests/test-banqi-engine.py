#!/usr/bin/env python3
# test-banqi-engine.py: catur-engine playing Banqi: BFEN, flips, explanations, status (TAP)
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-banqi-engine.py ENGINE. The plugin comes from CATUR_PLUGIN_PATH.
import os
import subprocess
import sys

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "tests"))
from engine_tap import main, run_engine, test  # noqa: E402

ENGINE = sys.argv[1]
START = "XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX f KAAEERRHHCCPPPPPkaaeerrhhccppppp 0 0"


def session(*commands, seed=0):
    """Runs the engine on Banqi with the commands and returns its output lines."""
    return run_engine([ENGINE], ("setoption name UCI_Variant value banqi",
                                 "setoption name Seed value %d" % seed) + commands)


def search(*commands, seed=0):
    """Runs the commands, the last a `go`, and returns the bestmove line once it comes: a
    `quit` sent at once would cut the search short."""
    process = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True, bufsize=1)
    try:
        for line in ("setoption name UCI_Variant value banqi",
                     "setoption name Seed value %d" % seed) + commands:
            process.stdin.write(line + "\n")
        for line in process.stdout:
            if line.startswith("bestmove"):
                return line.strip()
        raise AssertionError("no bestmove")
    finally:
        process.stdin.write("quit\n")
        process.stdin.close()
        process.wait(timeout=30)


@test
def bt1_start_is_all_flips():
    out = session("position startpos", "fen", "moves")
    assert out[0] == "fen " + START, out
    moves = out[1].split()[1:]
    assert len(moves) == 32 and all(len(move) == 2 for move in moves), out


@test
def bt1_first_flip_gives_the_colours():
    out = session("position startpos moves a1=h", "fen", "status")
    assert out == ["fen XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/hXXX r "
                   "KAAEERRHHCCPPPPPkaaeerrhccppppp 0 1", "status ongoing"], out


@test
def bt2_to_bt6_actions():
    cases = {
        "4/4/4/4/4/4/4/CXpr r p 0 20": {"a1a2", "a1c1", "b1"},
        "4/4/4/4/4/4/4/C1Xp r h 0 20": {"a1a2", "a1b1", "a1d1", "c1"},
        "4/4/4/4/4/1p2/aKk1/1X2 r P 0 30": {"b2a2", "b2c2", "b1"},
        "4/4/4/4/4/1r2/cHh1/1p2 r - 0 30": {"b2a2", "b2c2", "b2b1"},
    }
    for bfen, expected in cases.items():
        out = session("position fen " + bfen, "moves")
        assert set(out[0].split()[1:]) == expected, (bfen, out)
    out = session("position fen 4/4/4/4/4/1p2/aKk1/1X2 b P 0 31", "moves")
    moves = out[0].split()[1:]
    assert len(moves) == 11 and "b3b2" in moves and "c2b2" in moves, out


@test
def bt7_no_action_loses():
    out = session("position fen 4/4/4/4/4/4/r3/Pe2 r - 0 40", "moves", "status")
    assert out == ["moves", "status win black no-moves"], out


@test
def bt8_quiet_counter():
    bfen = "4/4/4/4/4/p3/1Kh1/X3 r P 49 30"
    assert session("position fen %s moves b2b3" % bfen, "status") == \
        ["status draw no-capture-limit"]
    out = session("position fen %s moves b2c2" % bfen, "fen", "status")
    assert out == ["fen 4/4/4/4/4/p3/2K1/X3 b P 0 31", "status ongoing"], out
    out = session("position fen %s moves a1" % bfen, "fen", "status")
    assert out == ["fen 4/4/4/4/4/p3/1Kh1/P3 b - 0 31", "status ongoing"], out


@test
def capture_all_wins():
    out = session("position fen 4/4/4/4/4/4/1Kh1/4 r - 10 30 moves b2c2", "status")
    assert out == ["status win red capture-all"], out


@test
def explanations():
    out = session("position fen 4/4/4/4/4/4/4/CXpr r p 0 20", "explain a1d1", "explain b1b2",
                  "explain a1c1", "position fen 4/4/4/4/4/1p2/aKk1/1X2 r P 0 30",
                  "explain b2b3", "explain b2b1", "explain a2a3")
    assert out == [
        "illegal cannon-screen The Red Cannon captures only by jumping over exactly one piece, "
        "but there are 2 between a1 and d1.",
        "illegal face-down The piece on b1 is face down, and a face-down piece cannot move: "
        "turn it over first.",
        "legal",
        "illegal general-soldier The Red General cannot take the Black Soldier: the General "
        "never takes a Soldier.",
        "illegal face-down The piece on b1 is face down, and a face-down piece cannot be "
        "captured.",
        "illegal not-own-piece The Black Advisor on a2 is not yours: you play Red.",
    ], out


@test
def bad_bfen_names_the_field():
    out = session("position fen 4/4/4/4/4/4/4/CXpr r pp 0 20", "fen")
    assert out[0] == ("info string error Field 3 (face-down pieces): it holds 2 pieces for 1 "
                      "face-down squares"), out


@test
def bare_flips_deal_with_the_seed_and_stay_hidden():
    first = session("position startpos moves a1 b1 c1", "fen", "moves", seed=5)
    again = session("position startpos moves a1 b1 c1", "fen", "moves", seed=5)
    assert first == again, (first, again)
    assert all("=" not in move for move in first[1].split()[1:]), first
    others = {session("position startpos moves a1 b1 c1", "fen", seed=seed)[0]
              for seed in range(1, 7)}
    assert len(others) > 1, others


@test
def notation_of_a_flip_names_no_hidden_piece():
    out = session("position startpos moves a1=K b1=a a2=c b2=P", "notation c3", "notation a1b1")
    assert out == ["notation c3", "notation a1xb1"], out


@test
def search_sees_only_the_observation():
    # Every deal looks the same to the players, so a fixed-depth search decides alike.
    answers = {search("position startpos moves a1=C b1=p", "go depth 2", seed=seed)
               for seed in (1, 2, 3)}
    assert len(answers) == 1, answers


@test
def go_finds_the_capture():
    out = search("position fen 4/4/4/4/4/1p2/aKk1/1X2 r P 0 30", "go depth 3")
    assert out == "bestmove b2c2", out


@test
def bench_has_a_depth_of_its_own():
    # Depth 9, every other game's, would take hours with a chance node at every flip.
    out = session("bench")
    assert "Depth: 4" in out, out
    nodes = [l for l in out if l.startswith("Nodes searched: ")]
    assert len(nodes) == 1 and int(nodes[0].split()[-1]) > 0, out
    assert any(l.startswith("Nodes/second: ") for l in out), out


@test
def rule_variants_by_setoption():
    out = session("uci")
    for option in ("olympiad", "chariot-slide", "chain-captures", "hong-kong"):
        assert "option name %s type combo default off var off var on" % option in out, out
    board = "position fen 4/4/4/4/p3/4/4/R2a r - 0 20"
    assert "moves a1a2 a1b1" in session(board, "moves")
    out = session("setoption name chariot-slide value on", board, "moves", "explain a1d1")
    assert "moves a1a2 a1a3 a1a4 a1b1 a1c1" in out, out
    assert any(l.startswith("illegal rank ") for l in out), out
    out = session("setoption name hong-kong value on", "position fen 4/4/4/4/4/4/4/Ra2 r - 0 20",
                  "moves")
    assert "moves a1a2 a1b1" in out, out


@test
def chain_captures_in_play_and_search():
    chain = "position fen P2p/4/4/4/4/4/e3/Rhh1 r - 0 20 moves a1b1"
    out = session("setoption name chain-captures value on", chain, "moves", "fen")
    assert "moves b1c1 stop" in out, out
    assert "fen P2p/4/4/4/4/4/e3/1Rh1 r - 0 20 b1" in out, out
    out = session("setoption name chain-captures value on", chain + " stop", "fen")
    assert "fen P2p/4/4/4/4/4/e3/1Rh1 b - 0 21" in out, out
    # The search goes on capturing: the Horse on c1 is free.
    out = search("setoption name chain-captures value on", chain, "go depth 3")
    assert out == "bestmove b1c1", out


if __name__ == "__main__":
    sys.exit(main())
