#!/usr/bin/env python3
# test-engine-chess-uci.py: catur-engine as a UCI chess engine, as chess GUIs drive it (TAP output)
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A chess GUI starts `catur-engine --variant chess`, sends `uci`, `isready`, `ucinewgame`,
# `position startpos moves ...` and `go` with the clocks, and expects standard replies: no
# UCI_Chess960 (Catur plays standard chess), castling as the king's move (e1g1), promotions
# with a lower-case letter (e7e8q). Times are not asserted; the wall clock only bounds a hang.
import queue
import os
import subprocess
import sys
import threading
import time

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from engine_tap import main, run_engine, test  # noqa: E402

ENGINE = sys.argv[1]
ARGS = ["--variant", "chess"]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def session(*commands, timeout=60):
    """Runs the engine on the commands and returns its output lines."""
    return run_engine([ENGINE, *ARGS], commands, timeout=timeout)


class Live:
    """An engine running beside the test, for commands sent while it searches."""

    def __init__(self):
        self.process = subprocess.Popen([ENGINE, *ARGS], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def expect(self, prefix, timeout=30):
        """Returns the lines up to and including the first that starts with prefix."""
        seen = []
        while True:
            line = self.lines.get(timeout=timeout)
            if line is None:
                raise AssertionError("engine ended before %r: %s" % (prefix, seen))
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def close(self):
        self.send("quit")
        self.process.stdin.close()
        assert self.process.wait(timeout=30) == 0


def info_fields(line):
    words = line.split()
    fields = {}
    i = 1
    while i < len(words):
        if words[i] == "pv":
            fields["pv"] = words[i + 1:]
            break
        if words[i] == "score":
            fields["score"] = (words[i + 1], int(words[i + 2]))
            i += 3
            continue
        if words[i] == "string":
            break
        fields[words[i]] = int(words[i + 1])
        i += 2
    return fields


def legal_moves(*position):
    out = session(*position, "moves")
    return out[-1].split()[1:]


@test
def handshake_as_chess_guis_expect():
    out = session("uci", "isready", "ucinewgame", "isready")
    assert out[0].startswith("id name Catur"), out
    assert "uciok" in out and out[-1] == "readyok", out
    variant = [l for l in out if l.startswith("option name UCI_Variant")]
    assert variant and "default chess" in variant[0], out
    assert not any("UCI_Chess960" in l for l in out), out
    assert any(l.startswith("option name Hash type spin") for l in out), out
    assert any(l.startswith("option name Level type combo default master") for l in out), out


@test
def position_startpos_moves_and_go():
    position = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"
    out = session(position, "go depth 5", "moves")
    infos = [info_fields(l) for l in out if l.startswith("info depth")]
    assert [i["depth"] for i in infos] == [1, 2, 3, 4, 5], out
    best = [l for l in out if l.startswith("bestmove ")]
    assert len(best) == 1, out
    move = best[0].split()[1]
    assert move == infos[-1]["pv"][0], out
    assert move in out[-1].split()[1:], out


@test
def castling_and_promotion_in_uci_form():
    # The king castles as e1g1 in a position, and the engine reads it so.
    out = session("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1", "fen")
    assert out[-1] == "fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4", out
    # Promoting wins here, and the reply names the piece in lower case.
    out = session("position fen 8/4P1k1/8/8/8/8/8/K7 w - - 0 1", "go depth 6", "fen")
    best = [l for l in out if l.startswith("bestmove ")]
    assert best and best[0].split()[1] == "e7e8q", out


@test
def finds_mate_and_says_so():
    # Nf6+ gxf6 Bxf7#, confirmed by Stockfish.
    fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
    out = session("position fen " + fen, "go depth 6", "fen")
    last = info_fields([l for l in out if l.startswith("info depth")][-1])
    assert last["score"] == ("mate", 2), out
    assert [l for l in out if l.startswith("bestmove ")][0].split()[1] == "d5f6", out


@test
def go_with_clocks():
    # White's and Black's clocks, increments and moves to the time control, each side in turn.
    out = session("position startpos moves e2e4",
                  "go wtime 3000 btime 2000 winc 100 binc 100 movestogo 20",
                  "position startpos moves e2e4 e7e5",
                  "go wtime 3000 btime 2000 winc 100 binc 100",
                  "position startpos moves e2e4 e7e5 d2d4",
                  "go wtime 60000 btime 1 movestogo 1", "isready")
    best = [l for l in out if l.startswith("bestmove ")]
    assert len(best) == 3 and all(len(b.split()) in (2, 4) for b in best), out
    assert best[0].split()[1] in legal_moves("position startpos moves e2e4"), out


@test
def ponder_and_ponderhit():
    engine = Live()
    engine.send("uci")
    engine.expect("uciok")
    engine.send("position startpos moves e2e4 e7e5")
    engine.send("go ponder wtime 4000 btime 4000 winc 0 binc 0")
    engine.expect("info depth 2")
    engine.send("isready")
    seen = engine.expect("readyok")
    assert not any(l.startswith("bestmove") for l in seen), seen
    sent = time.monotonic()
    engine.send("ponderhit")
    seen = engine.expect("bestmove")
    assert time.monotonic() - sent < 20, seen
    move = seen[-1].split()[1]
    engine.send("moves")
    legal = engine.expect("moves")[-1].split()[1:]
    assert move in legal, (move, legal)
    # Pondering on a move the opponent does not play: stop, then the real position.
    engine.send("position startpos moves e2e4 e7e5 g1f3 b8c6")
    engine.send("go ponder wtime 4000 btime 4000")
    engine.expect("info depth 1")
    engine.send("stop")
    engine.expect("bestmove")
    engine.send("position startpos moves e2e4 e7e5 g1f3 g8f6")
    engine.send("go movetime 100")
    seen = engine.expect("bestmove")
    assert seen[-1].split()[1] in legal_moves("position startpos moves e2e4 e7e5 g1f3 g8f6")
    engine.close()


@test
def stop_ends_an_infinite_search_promptly():
    engine = Live()
    engine.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    engine.send("go infinite")
    engine.expect("info depth 3")
    sent = time.monotonic()
    engine.send("stop")
    seen = engine.expect("bestmove")
    assert time.monotonic() - sent < 5, seen
    assert seen[-1].split()[1] != "(none)", seen
    engine.close()


@test
def mated_and_stalemated_have_no_move():
    assert "bestmove (none)" in session(
        "position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "go movetime 50")
    assert "bestmove (none)" in session("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
                                        "go movetime 50")


@test
def every_level_plays_legal_moves():
    for level in ("beginner", "intermediate", "master"):
        position = "position startpos moves d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"
        out = session("setoption name Level value " + level, position, "go movetime 100",
                      "isready")
        best = [l for l in out if l.startswith("bestmove ")]
        assert best and best[0].split()[1] in legal_moves(position), (level, out)


@test
def bench_runs_the_chess_positions():
    first = session("bench 4")
    again = session("bench 4")
    positions = [l for l in first if l.startswith("info string bench position ")]
    nodes = [l for l in first if l.startswith("Nodes searched: ")]
    assert len(positions) >= 6, first
    assert len(nodes) == 1 and int(nodes[0].split()[-1]) > 0, first
    assert nodes == [l for l in again if l.startswith("Nodes searched: ")], (first, again)


if __name__ == "__main__":
    sys.exit(main())
