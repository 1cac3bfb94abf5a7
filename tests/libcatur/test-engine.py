#!/usr/bin/env python3
# test-engine.py: catur-engine's text protocol, as other programs use it (TAP output)
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import shutil
import queue
import subprocess
import sys
import tempfile
import threading
import time

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from engine_tap import main, run_engine, test  # noqa: E402

ENGINE = sys.argv[1]
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def session(*commands, timeout=60, args=()):
    """Runs the engine on the commands and returns its output lines."""
    return run_engine([ENGINE, *args], commands, timeout=timeout)


def forces_mate_in_two(fen, move, winner):
    """Whether `move` mates in two against every defence, asked of catur-engine's own rules
    (`moves` and `status`), by brute force."""
    base = "position fen %s moves %s" % (fen, move)
    replies = session(base, "moves")[-1].split()[1:]
    if not replies:
        return session(base, "status")[-1].startswith("status win " + winner)
    for reply in replies:
        answers = session(base + " " + reply, "moves")[-1].split()[1:]
        commands = []
        for answer in answers:
            commands += [base + " " + reply + " " + answer, "status"]
        statuses = session(*commands)
        if not any(line.startswith("status win %s checkmate" % winner) for line in statuses):
            return False
    return True


@test
def uci_lists_variants_and_options():
    out = session("uci")
    assert out[-1] == "uciok", out
    variant = [l for l in out if l.startswith("option name UCI_Variant")]
    assert variant and " var xiangqi" in variant[0], out
    assert any(l.startswith("option name Level type combo default master") for l in out)
    assert any(l.startswith("option name Seed type spin") for l in out)


@test
def isready():
    assert session("isready") == ["readyok"]


@test
def perft_divide_from_start():
    out = session("setoption name UCI_Variant value xiangqi", "position startpos", "go perft 2")
    divide = [l for l in out if ": " in l and not l.startswith("Nodes")]
    assert len(divide) == 44, divide
    assert "h2e2: 38" in out or any(l.startswith("h2e2: ") for l in out)
    assert out[-1] == "Nodes searched: 1920", out[-3:]
    assert sum(int(l.split(": ")[1]) for l in divide) == 1920


@test
def perft_lists_moves_with_zero_children():
    # XT8 one ply earlier: after g6e7 Black is mated, so that root move counts 0 at depth 2.
    out = session("position fen 4k4/9/9/6N2/9/9/4C4/9/9/3K5 w - - 0 1", "go perft 2")
    assert "g6e7: 0" in out, out


@test
def moves_and_fen_and_notation():
    out = session("position startpos moves h2e2 h9g7", "moves", "fen", "notation h0g2",
                  "go perft 1")
    moves = out[0].split()
    assert moves[0] == "moves" and "h0g2" in moves, out
    assert out[-1] == "Nodes searched: %d" % (len(moves) - 1), out
    assert out[1] == ("fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR"
                      " w - - 2 2"), out
    assert out[2] == "notation H2+3", out


@test
def bad_fen_keeps_previous_position():
    out = session("position startpos moves h2e2", "position fen rnbakabnr/9/garbage w - - 0 1",
                  "fen", "position fen", "fen", "position startpos moves h2e2 a0a5", "fen")
    assert out[0].startswith("info string error"), out
    assert out[1].startswith("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4"), out
    assert out[2].startswith("info string error"), out
    assert out[4].startswith("info string error move 2 (a0a5)"), out
    assert out[5] == out[1], out


@test
def explain_reasons():
    out = session("position fen 5k3/9/9/9/9/4P4/3CN4/9/9/4K4 w - - 0 1",
                  "explain e3e5", "explain e3c4", "explain e0f0", "explain e3g4", "explain e3e4",
                  "explain a0a1")
    assert out[0].startswith("illegal piece-movement "), out
    assert out[1].startswith("illegal horse-leg ") and "d3" in out[1], out
    assert out[2].startswith("illegal flying-general "), out
    assert out[3] == "legal", out
    assert out[4].startswith("illegal own-piece "), out
    assert out[5].startswith("illegal empty-square "), out


@test
def explain_reads_illegal_coordinate_moves():
    # Well-formed coordinates are read legal or not, so each gets its real reason; playing or
    # naming one is still refused, with that reason.
    out = session("position startpos", "explain b0d1", "explain h2h7", "explain d0c1",
                  "notation h2h7", "position startpos moves h2e2 h9g7 h2h7", "fen")
    assert out[0].startswith("illegal horse-leg "), out
    assert out[1].startswith("illegal cannon-screen "), out
    assert out[2].startswith("illegal palace "), out
    assert out[3].startswith("info string error ") and "cannon" in out[3].lower(), out
    assert out[4].startswith("info string error move 3 (h2h7): "), out
    assert out[5] == "fen " + START, out


@test
def status_reports_mates_and_stalemate():
    out = session("position fen 3aka3/9/4C4/9/4C4/9/9/9/9/3K5 b - - 0 1", "status",
                  "position fen 4k4/9/4N4/9/9/9/4C4/9/9/3K5 b - - 0 1", "status",
                  "position fen 3aka3/6N2/9/9/4R4/9/9/9/9/3K5 b - - 0 1", "status",
                  "position fen 3k5/9/3P5/9/9/9/9/9/9/4K4 b - - 0 1", "status",
                  "position startpos", "status")
    assert out == ["status win red checkmate double-cannon",
                   "status win red checkmate horse-cannon",
                   "status win red checkmate double-check",
                   "status win red stalemate",
                   "status ongoing"], out


@test
def status_reports_perpetual_check_warning_and_loss():
    # XT11 and XT12: Red checks on each of its plies.
    fen = "position fen 3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1 moves "
    out = session(fen + "h8h9 d9d8 h9h8", "status",
                  fen + "h8h9 d9d8 h9h8 d8d9", "status",
                  fen + "h8h9 d9d8 h9h8 d8d9 h8h9", "status",
                  fen + "h8h9 d9d8 h9h8 d8d9 h8h9 d9d8 h9h8 d8d9", "status")
    assert out == ["status ongoing",
                   "status ongoing notice perpetual-check-warning red",
                   "status ongoing",
                   "status win black perpetual-check"], out


@test
def status_reports_repetition_for_both_or_neither_checking():
    # XT13 (nobody checks) and a loop where both sides check on every ply: infos, no result.
    horses = "h0g2 h9g7 g2h0 g7h9 "
    checks = "d5e5 d6e6 e5d5 e6d6 "
    both = "position fen 4r4/3k5/8C/3c5/3R5/9/9/9/9/3CK2N1 w - - 0 1 moves "
    out = session("position startpos moves " + horses * 2, "status",
                  "position startpos moves " + horses * 2 + "h0g2", "status",
                  both + checks, "status",
                  both + checks * 2, "status",
                  both + checks * 3, "status")
    assert out == ["status ongoing notice repetition",
                   "status ongoing",
                   "status ongoing",
                   "status ongoing notice repetition",
                   "status ongoing"], out


@test
def status_reports_no_capture_notice_and_move_limit():
    loop = ["h0g2", "h9g7", "g2h0", "g7h9"]
    plies = lambda n: "position startpos moves " + " ".join(loop[i % 4] for i in range(n))
    out = session(plies(119), "status", plies(120), "status", plies(121), "status",
                  plies(399), "status", plies(400), "status")
    assert out[0] == "status ongoing", out
    assert out[1].startswith("status ongoing") and "notice no-capture" in out[1], out
    assert "no-capture" not in out[2], out
    assert out[3].startswith("status ongoing"), out
    assert out[4] == "status draw move-limit", out


@test
def go_answers_a_legal_move():
    out = session("setoption name Seed value 7", "position startpos", "go depth 1", "moves")
    best = [l for l in out if l.startswith("bestmove ")]
    assert len(best) == 1, out
    assert any(l.startswith("info string") for l in out)
    assert best[0].split()[1] in out[-1].split()[1:], out


@test
def go_without_moves_says_none():
    out = session("position fen 3k5/9/3P5/9/9/9/9/9/9/4K4 b - - 0 1", "go movetime 10")
    assert "bestmove (none)" in out, out


@test
def unknown_things_are_errors_not_crashes():
    out = session("frobnicate", "setoption name UCI_Variant value nosuchgame",
                  "setoption name Level value grandmaster", "go perft x", "explain", "isready")
    assert all(l.startswith("info string error") or l.startswith("illegal") for l in out[:-1]), out
    assert out[-1] == "readyok"


class Live:
    """An engine running beside the test, for commands sent while it searches."""

    def __init__(self):
        self.process = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
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
        fields[words[i]] = int(words[i + 1])
        i += 2
    return fields


@test
def go_depth_reports_each_iteration():
    out = session("position startpos", "go depth 5", "moves")
    infos = [info_fields(l) for l in out if l.startswith("info depth")]
    assert [i["depth"] for i in infos] == [1, 2, 3, 4, 5], out
    for info in infos:
        for key in ("seldepth", "score", "nodes", "nps", "time", "pv"):
            assert key in info, (key, info)
        assert info["score"][0] == "cp" and info["seldepth"] >= info["depth"], info
    best = [l for l in out if l.startswith("bestmove ")]
    assert len(best) == 1, out
    move = best[0].split()[1]
    assert move == infos[-1]["pv"][0], out
    assert move in out[-1].split()[1:], out


@test
def go_finds_mate_and_says_so():
    # `fen` waits for the search to end; `quit` alone would stop it at once.
    out = session("position fen 3akab2/9/4b4/9/9/9/9/4B1p2/4r4/2B2K3 b - - 3 60", "go depth 6",
                  "fen")
    last = info_fields([l for l in out if l.startswith("info depth")][-1])
    assert last["score"] == ("mate", 2), out
    best = out[-2].split()
    assert best[0] == "bestmove", out
    # Any move that mates in two is right, whatever the defence: not one fixed move.
    assert forces_mate_in_two("3akab2/9/4b4/9/9/9/9/4B1p2/4r4/2B2K3 b - - 3 60", best[1],
                              "black"), out
    assert not forces_mate_in_two("3akab2/9/4b4/9/9/9/9/4B1p2/4r4/2B2K3 b - - 3 60", "d9e8",
                                  "black")


@test
def go_nodes_and_movetime_and_clock():
    out = session("position startpos", "go nodes 3000", "go movetime 50",
                  "position startpos moves h2e2", "go wtime 2000 btime 2000 winc 10 binc 10",
                  "go depth 2 movetime 5000")
    best = [l for l in out if l.startswith("bestmove ")]
    assert len(best) == 4 and all(len(b.split()) == 2 for b in best), out
    first = [info_fields(l) for l in out[:out.index(best[0])] if l.startswith("info depth")]
    assert first and first[-1]["nodes"] <= 3000 + 1024, first


@test
def isready_and_stop_answer_during_a_search():
    engine = Live()
    engine.send("position startpos")
    engine.send("go infinite")
    engine.expect("info depth 2")
    engine.send("isready")
    seen = engine.expect("readyok")
    assert not any(l.startswith("bestmove") for l in seen), seen
    engine.send("stop")
    seen = engine.expect("bestmove")
    assert seen[-1].split()[1] != "(none)", seen
    engine.send("isready")
    engine.expect("readyok")
    engine.close()


@test
def quit_ends_a_search():
    engine = Live()
    engine.send("go infinite")
    engine.expect("info depth 1")
    engine.close()


@test
def options_level_seed_hash():
    out = session("uci")
    assert any(l.startswith("option name Hash type spin") for l in out), out
    # `moves` waits for the search to end; `quit` right after `go` would stop it at once,
    # wherever it had got to.
    line = ("setoption name Level value beginner", "setoption name Seed value 5",
            "setoption name Hash value 2", "position startpos", "go depth 2", "moves")
    first = session(*line)
    again = session(*line)
    best = [l for l in first if l.startswith("bestmove ")]
    assert len(best) == 1 and best == [l for l in again if l.startswith("bestmove ")], \
        (first, again)
    assert "info string level beginner" in first, first
    out = session("setoption name Hash value 0", "setoption name Hash value lots", "isready")
    assert out[0].startswith("info string error") and out[1].startswith("info string error"), out


@test
def bench_counts_nodes():
    first = session("bench 4")
    again = session("bench 4")
    nodes = [l for l in first if l.startswith("Nodes searched: ")]
    speed = [l for l in first if l.startswith("Nodes/second: ")]
    assert len(nodes) == 1 and int(nodes[0].split()[-1]) > 0, first
    assert len(speed) == 1 and int(speed[0].split()[-1]) > 0, first
    # A fixed suite at a fixed depth: the same work every run.
    assert nodes == [l for l in again if l.startswith("Nodes searched: ")], (first, again)


@test
def usi_handshake_and_options():
    out = session("usi", "isready", "usinewgame", "setoption name USI_Hash value 8",
                  "setoption name USI_Ponder value true")
    assert out.index("usiok") == len(out) - 2 and out[-1] == "readyok", out
    assert "uciok" not in out, out
    assert out[0].startswith("id name Catur ") and out[1].startswith("id author "), out
    variant = [l for l in out if l.startswith("option name UCI_Variant type combo")]
    assert variant and " var xiangqi" in variant[0], out
    assert any(l.startswith("option name USI_Hash type spin default ") for l in out), out
    assert any(l.startswith("option name Level type combo ") for l in out), out
    # UCI stays as it was, and a session of one dialect does not answer in the other.
    out = session("uci")
    assert out[-1] == "uciok" and "usiok" not in out, out
    assert any(l.startswith("option name Hash type spin") for l in out), out


@test
def usi_position_sfen_and_byoyomi():
    # USI's btime is the first seat's clock: Red (to move) has 1 ms of main time and a second
    # of byoyomi, which the search uses but never oversteps.
    engine = Live()
    engine.send("usi")
    engine.expect("usiok")
    engine.send("usinewgame")
    engine.send("position sfen %s moves h2e2 h9g7" % START)
    engine.send("isready")
    engine.expect("readyok")
    sent = time.monotonic()
    engine.send("go btime 1 wtime 600000 byoyomi 1000")
    seen = engine.expect("bestmove")
    elapsed = time.monotonic() - sent
    infos = [info_fields(l) for l in seen if l.startswith("info depth")]
    # The engine's own clock says it kept within the byoyomi; the wall clock only bounds a
    # hang (times are measured by benchmarks, not asserted).
    assert infos and all(i["time"] < 1000 for i in infos), seen
    assert elapsed < 10, (elapsed, seen)
    best = seen[-1].split()
    assert len(best) == 2, seen
    engine.send("moves")
    legal = engine.expect("moves")[-1].split()[1:]
    assert best[1] in legal, (best, legal)
    # Without byoyomi, Red's one millisecond is all there is (were wtime Red's, ten minutes).
    sent = time.monotonic()
    engine.send("go btime 1 wtime 600000 binc 0 winc 0")
    seen = engine.expect("bestmove", timeout=60)
    assert time.monotonic() - sent < 5, seen
    engine.close()


@test
def usi_resign_mate_search_and_gameover():
    mated = "position sfen 3k5/9/3P5/9/9/9/9/9/9/4K4 b - - 0 1"
    out = session("usi", mated, "go byoyomi 100", "isready", "go mate 1000", "isready")
    out = out[out.index("usiok") + 1:]
    assert "bestmove resign" in out and "bestmove (none)" not in out, out
    assert "checkmate notimplemented" in out, out
    # UCI keeps its words for the same position.
    assert "bestmove (none)" in session("uci", mated, "go movetime 10")
    # `gameover` ends the search without a move, and the next game starts afresh.
    engine = Live()
    engine.send("usi")
    engine.expect("usiok")
    engine.send("position startpos moves h2e2")
    engine.send("go infinite")
    engine.expect("info depth 2")
    engine.send("gameover lose")
    engine.send("isready")
    seen = engine.expect("readyok")
    assert not any(l.startswith("bestmove") for l in seen), seen
    engine.send("fen")
    assert engine.expect("fen")[-1] == "fen " + START
    engine.close()


@test
def ponder_waits_for_ponderhit():
    engine = Live()
    engine.send("position startpos moves h2e2")
    engine.send("go ponder wtime 2000 btime 2000")
    engine.expect("info depth 6")
    engine.send("isready")
    seen = engine.expect("readyok")
    assert not any(l.startswith("bestmove") for l in seen), seen
    engine.send("ponderhit")
    seen = engine.expect("bestmove", timeout=10)
    assert len(seen[-1].split()) == 2 and seen[-1] != "bestmove (none)", seen
    engine.send("isready")
    engine.expect("readyok")
    engine.close()


@test
def searches_know_the_game_behind_the_position():
    # Only the moves after the FEN tell that a position has come before: `go`, and the search
    # `ponderhit` starts, read them. RULES X19: Red, a chariot down, has checked throughout a
    # cycle that already came round once; h9h8 would let Black bring the position a third time
    # and Red would lose (from the FEN alone the engine plays h9h8).
    lost = ("position fen 3k5/7R1/9/9/1n7/r8/9/9/9/4K4 w - - 0 1 moves "
            "h8h9 d9d8 h9h8 d8d9 h8h9 d9d8")
    # Black steps back to d9, the third time with Red checking throughout: Black wins at once
    # (from the FEN alone, Red mates after d8d9: mate -1).
    won = ("position fen 3k5/7R1/9/9/9/9/9/9/9/R3K4 w - - 0 1 moves "
           "h8h9 d9d8 h9h8 d8d9 h8h9 d9d8 h9h8")
    engine = Live()
    engine.send(lost)
    engine.send("go depth 7")
    seen = engine.expect("bestmove")
    assert seen[-1] != "bestmove h9h8", seen

    engine.send(won)
    engine.send("go depth 6")
    seen = engine.expect("bestmove")
    assert seen[-1] == "bestmove d8d9" and " score mate 1 " in seen[-2], seen

    engine.send(won)
    engine.send("go ponder wtime 3000 btime 3000")
    engine.expect("info depth 4")
    engine.send("ponderhit")
    seen = engine.expect("bestmove", timeout=10)
    assert seen[-1].startswith("bestmove d8d9"), seen
    assert " score mate 1 " in [l for l in seen if l.startswith("info depth")][-1], seen
    engine.close()


@test
def variant_argument():
    out = session("fen", "uci", args=("--variant", "xiangqi"))
    assert out[0] == "fen " + START, out
    assert any(l.startswith("option name UCI_Variant type combo default xiangqi") for l in out)
    result = subprocess.run([ENGINE, "--variant", "nosuchgame"], input="quit\n",
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result
    assert "nosuchgame" in result.stderr and "xiangqi" in result.stderr, result.stderr
    assert result.stdout == "", result.stdout


@test
def read_and_write_records():
    moves = "h2e2 h9g7 h0g2 i9h9 i0h0 h7i7"
    with tempfile.TemporaryDirectory() as folder:
        pgn = os.path.join(folder, "game.pgn")
        again = os.path.join(folder, "again.pgn")
        fen = os.path.join(folder, "position.fen")
        out = session("position startpos moves " + moves, "fen", "write pgn " + pgn,
                      "write fen " + fen, "position startpos", "read " + pgn, "fen",
                      "write pgn " + again, "position startpos", "read " + fen, "fen",
                      "position startpos moves h2e2", "write fen " + fen, "read " + fen,
                      "moves")
        final = out[0]
        assert out[1:3] == [final, final], out
        with open(pgn, encoding="utf-8") as f:
            text = f.read()
        assert '[Game "Chinese Chess"]' in text and "C2.5" in text, text
        with open(again, encoding="utf-8") as f:
            assert f.read() == text
        # The last FEN was written after one move: Black is to move.
        assert all(m[1] in "6789" for m in out[3].split()[1:]), out

        # A broken file, a missing one, an unknown format, a folder that is not there: errors,
        # and the game stays as it was.
        broken = os.path.join(folder, "broken.pgn")
        with open(broken, "w", encoding="utf-8") as f:
            f.write('[Game "Chinese Chess"]\n\n1. C2.5 H8+7\n2. H2+3 H8+7 *\n')
        out = session("position startpos moves h2e2", "read " + broken, "fen",
                      "read " + os.path.join(folder, "missing.pgn"), "write kif " + pgn,
                      "write pgn " + os.path.join(folder, "no", "such", "folder.pgn"), "fen",
                      "read", "write pgn")
        assert out[0].startswith("info string error Line 4:"), out
        assert out[1] == out[5] and out[1].startswith("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/"
                                                      "P1P1P1P1P/1C2C4/9/RNBAKABNR b"), out
        assert all(l.startswith("info string error") for l in out[2:5] + out[6:]), out
        assert len(out) == 8, out


@test
def read_a_game_of_a_database():
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "games.pgn")
        # Three games, the second of which does not read: games 1 and 2 are the first and the
        # third.
        with open(database, "w", encoding="utf-8") as f:
            f.write('[Game "Chinese Chess"]\n\n1. C2.5 H8+7 *\n\n'
                    '[Game "Chinese Chess"]\n\n1. C2.5 Z9+9 *\n\n'
                    '[Game "Chinese Chess"]\n\n1. H2+3 *\n')
        out = out_before = session("read " + database, "moves", "read game 2 " + database, "fen",
                                   "read game 3 " + database, "fen", "read game x " + database,
                                   "read game 2")
        assert out[0] == "info string game 1 of 2", out
        assert out[1].startswith("moves ") and " i0i1 " in out[1] + " ", out
        assert out[2] == "info string game 2 of 2", out
        assert out[3].startswith("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/"
                                 "RNBAKAB1R b"), out
        assert out[4] == "info string error the file holds 2 games that read", out
        assert out[5] == out[3], out
        assert out[6] == ("info string error read game needs a number from 1, then a file"), out
        assert out[7] == "info string error read needs a file", out
        assert len(out) == 8, out
        # `read PATH N`, the number after the file; a file whose name ends in a number is
        # still read whole.
        numbered = os.path.join(folder, "games 2")
        shutil.copyfile(database, numbered)
        out = session("read " + database + " 2", "fen", "read " + database + " 0",
                      "read " + numbered, "read " + numbered + " 2", "fen")
        assert out[0] == "info string game 2 of 2", out
        assert out[1] == out_before[3], out
        assert out[2] == ("info string error read needs a game number from 1 after the file"), out
        assert out[3] == "info string game 1 of 2", out
        assert out[4] == "info string game 2 of 2", out
        assert out[5] == out_before[3], out
        assert len(out) == 6, out


if __name__ == "__main__":
    sys.exit(main())
