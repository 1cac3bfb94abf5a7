#!/usr/bin/env python3
# test-shogi-usi.py: catur-engine --variant shogi as a USI engine, the way shogi GUIs drive
# it, and a whole game between two of its processes refereed by a third (TAP output)
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   test-shogi-usi.py CATUR_ENGINE PLUGIN_DIR
import os
import queue
import subprocess
import sys
import threading
import time

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "tests"))
from engine_tap import main, test  # noqa: E402

ENGINE = [sys.argv[1], "--plugin-path", sys.argv[2], "--variant", "shogi"]
START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


class Engine:
    """One engine process, read line by line in a thread so that a hung engine fails the test
    instead of hanging it."""

    def __init__(self, *options):
        self.process = subprocess.Popen(ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("usi")
        self.until("usiok")
        for name, value in options:
            self.send("setoption name %s value %s" % (name, value))
        self.send("isready")
        self.until("readyok")

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, prefix, timeout=30):
        """The lines up to and with the first that starts with @prefix."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                raise AssertionError("no %r within %d s after %r" % (prefix, timeout, seen[-5:]))
            if line is None:
                raise AssertionError("engine exited waiting for %r after %r" % (prefix, seen[-5:]))
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def legal_moves(self, position):
        self.send(position)
        self.send("go perft 1")
        out = self.until("Nodes searched:")
        return [line.split(": ")[0] for line in out if ": " in line and "Nodes" not in line]

    def quit(self):
        self.send("quit")
        code = self.process.wait(timeout=10)
        assert code == 0, "engine exited with %d" % code


@test
def handshake():
    engine = Engine()
    engine.send("usi")
    out = engine.until("usiok")
    assert out[0].startswith("id name Catur"), out
    assert any(l.startswith("option name USI_Hash type spin") for l in out), out
    assert any(l.startswith("option name Level type combo") for l in out), out
    engine.send("isready")
    assert engine.until("readyok") == ["readyok"]
    engine.quit()


@test
def startpos_and_sfen_agree():
    engine = Engine()
    from_start = engine.legal_moves("position startpos moves 7g7f 3c3d")
    from_sfen = engine.legal_moves("position sfen %s moves 7g7f 3c3d" % START)
    assert len(engine.legal_moves("position startpos")) == 30
    assert from_start and sorted(from_start) == sorted(from_sfen), (from_start, from_sfen)
    engine.quit()


@test
def go_with_clock_plays_a_legal_move():
    engine = Engine()
    position = "position startpos moves 7g7f 3c3d 8h2b+"
    legal = engine.legal_moves(position)
    engine.send("usinewgame")
    engine.send(position)
    engine.send("go btime 20000 wtime 20000 byoyomi 300")
    out = engine.until("bestmove")
    move = out[-1].split()[1]
    # Gote retakes the bishop, or at least plays a legal move.
    assert move in legal, (move, legal)
    assert any(l.startswith("info depth") for l in out), out
    engine.send("go btime 1000 wtime 1000 binc 100 winc 100")
    assert engine.until("bestmove")[-1].split()[1] in legal
    engine.quit()


@test
def drops_and_promotions_in_usi():
    # Sente mates with a gold dropped on 5b.
    engine = Engine()
    engine.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    engine.send("go btime 0 wtime 0 byoyomi 500")
    out = engine.until("bestmove")
    assert out[-1] == "bestmove G*5b", out
    assert any(" score mate 1 " in l for l in out), out
    engine.quit()


@test
def mated_side_resigns():
    engine = Engine()
    engine.send("position sfen 8k/7G1/7P1/9/9/9/9/9/K8 w - 1")
    engine.send("go byoyomi 100")
    assert engine.until("bestmove")[-1] == "bestmove resign"
    engine.quit()


@test
def winning_impasse_declared():
    # S12: Sente's king in Gote's camp with ten pieces there and 29 points wins by the
    # 27-point rule; USI's answer for that is `bestmove win`.
    sfen = "+R+BGGSS+N+N+L/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b 3P 1"
    engine = Engine(("impasse", "27"))
    engine.send("position sfen " + sfen)
    engine.send("go byoyomi 100")
    assert engine.until("bestmove")[-1] == "bestmove win"
    engine.quit()
    engine = Engine()
    engine.send("position sfen " + sfen)
    engine.send("go byoyomi 100")
    assert engine.until("bestmove")[-1] != "bestmove win", "declared without the rule"
    engine.quit()


@test
def go_mate_answered():
    engine = Engine()
    engine.send("position startpos")
    engine.send("go mate 1000")
    assert engine.until("checkmate")[-1].startswith("checkmate"), "no checkmate answer"
    engine.send("isready")
    engine.until("readyok")
    engine.quit()


@test
def stop_ends_an_infinite_search():
    engine = Engine()
    engine.send("position startpos moves 7g7f")
    engine.send("go infinite")
    engine.until("info depth 3")
    begun = time.monotonic()
    engine.send("stop")
    out = engine.until("bestmove", timeout=5)
    assert time.monotonic() - begun < 2, "stop took %.1f s" % (time.monotonic() - begun)
    legal = engine.legal_moves("position startpos moves 7g7f")
    assert out[-1].split()[1] in legal, out[-1]
    engine.quit()


@test
def gameover_then_new_game():
    engine = Engine()
    engine.send("position startpos")
    engine.send("go infinite")
    engine.until("info depth 2")
    # gameover ends the search without a bestmove; the next game starts afresh.
    engine.send("gameover lose")
    engine.send("isready")
    out = engine.until("readyok")
    assert not any(l.startswith("bestmove") for l in out), out
    engine.send("usinewgame")
    engine.send("position startpos moves 2g2f")
    engine.send("go byoyomi 100")
    assert engine.until("bestmove")[-1].startswith("bestmove ")
    engine.quit()


@test
def bench_searches_every_position():
    engine = Engine()
    engine.send("bench 4")
    out = engine.until("Nodes/second:", timeout=120)
    searched = [l for l in out if l.startswith("info string bench position")]
    assert len(searched) == 6 and all(int(l.split()[-1]) > 0 for l in searched), out
    assert "Positions: 6" in out and "Depth: 4" in out, out
    assert not any("error" in l for l in out), out
    engine.quit()


@test
def full_game_between_two_engines():
    # Master against Beginner, every move checked by a referee process: the game ends with a
    # side that has no legal move (or resigns), or at 300 plies. Master is given ten times the
    # nodes Beginner's rung stops at (3,000), not a time: under the sanitizers a 30 ms move
    # searched fewer nodes than Beginner and lost.
    players = [Engine(("Level", "master")), Engine(("Level", "beginner"), ("Seed", "7"))]
    referee = Engine()
    moves = []
    result = None
    for player in players:
        player.send("usinewgame")
    while len(moves) < 300:
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        legal = referee.legal_moves(position)
        mover = players[len(moves) % 2]
        if not legal:
            result = "mate"
            break
        mover.send(position)
        mover.send("go nodes 30000" if mover is players[0] else "go btime 0 wtime 0 byoyomi 30")
        answer = mover.until("bestmove")[-1].split()[1]
        if answer == "resign":
            result = "resign"
            break
        assert answer in legal, "ply %d: %s not legal after %s" % (len(moves) + 1, answer, moves)
        moves.append(answer)
    loser = len(moves) % 2
    for index, player in enumerate(players):
        player.send("gameover %s" % ("draw" if result is None
                                      else "lose" if index == loser else "win"))
        player.quit()
    referee.quit()
    print("# %d plies, %s" % (len(moves), result or "no result"))
    # Master does not lose to Beginner.
    assert result is not None and loser == 1, (result, moves)


if __name__ == "__main__":
    sys.exit(main())
