#!/usr/bin/env python3
# test-shogi-engine.py: catur-engine speaking USI for Shogi, as Shogi GUIs and scripts use it
# (TAP output). Arguments: the catur-engine program and the folder of this build's plugin.
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import subprocess
import sys
import tempfile

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "tests"))
from engine_tap import main, run_engine, test  # noqa: E402

ENGINE = sys.argv[1]
PLUGIN_PATH = sys.argv[2]
START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def session(*commands, timeout=60):
    """Runs the engine on the commands and returns its output lines."""
    # Other games may be loaded too (the tests' plugin path): Shogi is asked for by name.
    if commands[0] == "usi":
        commands = ("usi", "setoption name UCI_Variant value shogi") + commands[1:]
    lines = run_engine([ENGINE, "--plugin-path", PLUGIN_PATH], commands, timeout=timeout)
    # After the handshake's own lines, one reply per command.
    if commands[0] == "usi" and "usiok" in lines:
        return lines[lines.index("usiok"):]
    return lines


@test
def usi_handshake():
    out = session("usi", "isready")
    assert out == ["usiok", "readyok"], out
    out = subprocess.run([ENGINE, "--plugin-path", PLUGIN_PATH], input="usi\nquit\n",
                         capture_output=True, text=True, timeout=60).stdout.splitlines()
    assert any(l.startswith("option name UCI_Variant") and " var shogi" in l for l in out), out
    assert any(l.startswith("option name USI_Hash") for l in out), out


@test
def speaks_usi_without_handshake():
    # The game's dialect is USI: a program that says nothing first gets `position sfen`.
    out = session("setoption name UCI_Variant value shogi",
                  "position sfen " + START + " moves 7g7f 3c3d", "fen")
    assert out == ["fen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"], out


@test
def perft_divide():
    out = session("usi", "position startpos", "go perft 3")
    divide = [l for l in out if ": " in l and not l.startswith("Nodes")]
    assert len(divide) == 30, divide
    assert "7g7f: 900" not in out and any(l.startswith("7g7f: ") for l in out), out
    assert out[-1] == "Nodes searched: 25470", out[-3:]


@test
def drops_and_promotions_in_usi():
    out = session("usi", "position startpos moves 7g7f 3c3d 8h2b+ 3a2b", "moves", "fen",
                  "notation B*4e", "notation 7i7h")
    moves = out[1].split()
    assert moves[0] == "moves" and "B*4e" in moves and "B*1a" not in moves, out
    assert out[2] == "fen lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5", out
    assert out[3] == "notation B*4e", out
    assert out[4] == "notation S-7h", out


@test
def explain_names_the_reason():
    out = session("usi", "position sfen 4k4/9/5+P3/9/9/9/4P4/9/4K4 b P 1",
                  "explain P*5e", "explain P*4a", "explain P*4e",
                  "position sfen 8k/9/6NG1/9/9/9/9/9/4K4 b P 1", "explain P*1b")
    assert out[1] == ("illegal nifu Two pawns on one file (nifu): your unpromoted Pawn on 5g "
                      "is on this file already."), out
    assert out[2] == "illegal dead-drop A Pawn dropped on 4a could never move.", out
    assert out[3] == "legal", out
    assert out[4].startswith("illegal uchifuzume "), out


@test
def status_checkmate():
    out = session("usi", "position sfen 8k/9/6NG1/9/9/9/9/9/4K4 b G 1 moves G*1b", "status")
    assert out[-1] == "status win sente checkmate", out


@test
def status_no_moves():
    # Gote's lone king boxed in without check: no legal move loses all the same (S9).
    out = session("usi", "position sfen 8k/6G2/7G1/9/9/9/9/9/4K4 w - 1", "status")
    assert out[-1] == "status win sente no-moves", out


@test
def status_perpetual_check_and_repetition():
    cycle = " ".join(["9b9a 1a1b 9a9b 1b1a"] * 3)
    out = session("usi", "position sfen 8k/R8/9/9/9/9/9/9/4K4 b - 1 moves " + cycle, "status",
                  "position sfen 8k/R8/9/9/9/9/9/9/4K4 b - 1 moves "
                  + " ".join(["9b9a 1a1b 9a9b 1b1a"] * 2), "status",
                  "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves "
                  + " ".join(["5i5h 5a5b 5h5i 5b5a"] * 3), "status")
    assert out[1] == "status win gote perpetual-check", out
    # The third occurrence: Sente, who checked throughout, is warned.
    assert out[2] == "status ongoing notice perpetual-check-warning sente", out
    assert out[3] == "status draw repetition", out


@test
def go_and_gameover():
    out = session("usi", "usinewgame", "position startpos", "go depth 1", "isready",
                  "gameover lose", "isready")
    # gameover may end the search before its bestmove; the engine stays ready.
    assert out.count("readyok") == 2, out
    assert not any("error" in l for l in out), out


@test
def records_written_and_read():
    with tempfile.TemporaryDirectory() as folder:
        kif = os.path.join(folder, "game.kifu")
        csa = os.path.join(folder, "game.csa")
        out = session("usi", "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
                      "write kifu " + kif, "write csa " + csa, "position startpos",
                      "read " + kif, "fen", "position startpos", "read " + csa, "fen")
        final = "fen lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
        assert out[1:] == [final, final], out
        with open(kif, encoding="utf-8") as f:
            text = f.read()
        assert "   4 同　銀(31)\n   5 ４五角打\n" in text, text


@test
def stated_endings_read():
    # A foul (nifu, then 反則勝ち) and an impasse declared with the rule off: the game keeps
    # the last legal position and the ending is told.
    with tempfile.TemporaryDirectory() as folder:
        foul = os.path.join(folder, "foul.kifu")
        kachi = os.path.join(folder, "kachi.csa")
        with open(foul, "w", encoding="utf-8") as f:
            f.write("手合割：平手　　\n手数----指手---------消費時間--\n"
                    "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n"
                    "   5 ７五歩打\n   6 反則勝ち\n")
        with open(kachi, "w", encoding="utf-8") as f:
            f.write("V2.2\nPI\n+\n+7776FU\n-3334FU\n%KACHI\n%KACHI\n")
        out = session("usi", "read " + foul, "fen", "read " + kachi, "fen")
        assert out[1:] == [
            "info string ending illegal-move:sente",
            "fen lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5",
            "info string ending impasse:gote",
            "fen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"], out


if __name__ == "__main__":
    sys.exit(main())
