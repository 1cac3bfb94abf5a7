#!/usr/bin/env python3
# test-engine-chess.py: catur-engine's text protocol for chess (TAP output)
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import sys

# The helpers of every engine test: tests/engine_tap.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from engine_tap import main, run_engine, test  # noqa: E402

ENGINE = sys.argv[1]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def session(*commands, timeout=60):
    """Runs the engine on chess and the commands, and returns its output lines."""
    return run_engine([ENGINE], ("setoption name UCI_Variant value chess",) + commands,
                      timeout=timeout)


@test
def uci_lists_chess():
    out = session("uci")
    variant = [l for l in out if l.startswith("option name UCI_Variant")]
    assert variant and " var chess" in variant[0], out


@test
def perft_divide_lists_every_move():
    out = session("position fen "
                  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                  "go perft 2")
    divide = [l for l in out if ": " in l and not l.startswith("Nodes")]
    assert len(divide) == 48, divide
    assert "e1g1: 43" in out and "e1c1: 43" in out, out
    assert out[-1] == "Nodes searched: 2039", out[-3:]


@test
def perft_lists_moves_with_zero_children():
    # Qxf7 mates: the root move counts 0 at depth 2.
    out = session("position fen "
                  "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
                  "go perft 2")
    assert "h5f7: 0" in out, out


@test
def moves_fen_and_notation():
    out = session("position startpos moves e2e4 c7c5", "moves", "fen", "notation g1f3",
                  "notation e1e2", "go perft 1")
    moves = out[0].split()
    assert moves[0] == "moves" and "g1f3" in moves and len(moves) == 31, out
    assert out[1] == "fen rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2", out
    assert out[2] == "notation Nf3", out
    assert out[3] == "notation Ke2", out
    assert out[-1] == "Nodes searched: 30", out


@test
def castling_and_promotion_in_coordinates():
    out = session("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8", "fen",
                  "position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8n", "fen",
                  "notation e8d8")
    assert out[0] == "fen 2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", out
    assert out[1] == "fen 1N2k3/8/8/8/8/8/8/4K3 b - - 0 1", out
    assert out[2] == "notation Kd8", out


@test
def explain_reasons():
    out = session("position startpos", "explain e7e5", "explain e4e5", "explain g1e2",
                  "explain g1g3", "explain f1c4", "explain e2d3", "explain e2e4",
                  "position fen 4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "explain d2f3",
                  "position fen r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1", "explain e1g1",
                  "explain e1h1")
    assert out[0] == ("illegal not-own-piece The Black Pawn on e7 is not yours: it is White’s "
                      "turn."), out
    assert out[1] == "illegal empty-square There is no piece on e4.", out
    assert out[2] == "illegal own-piece Your own Pawn stands on e2.", out
    assert out[3].startswith("illegal piece-movement The Knight "), out
    assert out[4] == ("illegal blocked-path The Bishop cannot jump over pieces: the White Pawn on "
                      "e2 is in the way."), out
    assert out[5].startswith("illegal pawn-capture "), out
    assert out[6] == "legal", out
    assert out[7].startswith("illegal pinned ") and "Bishop on b4" in out[7], out
    assert out[8] == ("illegal castling Your King cannot pass through f1: the Black Rook on f8 "
                      "attacks it."), out
    assert out[9] == out[8], out


@test
def illegal_moves_are_refused():
    out = session("position startpos moves e2e4 e7e5 e1e3", "fen")
    assert out[0].startswith("info string error move 3 (e1e3): "), out
    assert out[1] == "fen " + START, out


@test
def status_reports_every_ending():
    out = session("position startpos moves e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7", "status",
                  "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "status",
                  "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1", "status",
                  "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", "status",
                  "position fen 7k/8/6K1/8/8/8/8/R7 w - - 99 80 moves a1a7", "status",
                  "position fen 7k/8/6K1/8/8/8/8/R7 w - - 99 80 moves a1a8", "status",
                  "position fen 8/8/8/4k3/2b5/8/8/4KB2 w - - 0 1", "status",
                  "position fen rnbqkbnr/ppppp2p/5p2/6p1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq g6 0 3 "
                  "moves d1h5", "status")
    assert out == ["status win white checkmate",
                   "status draw stalemate",
                   "status ongoing",
                   "status draw repetition",
                   "status draw fifty-move",
                   "status win white checkmate",
                   "status draw insufficient-material",
                   "status win white checkmate"], out


if __name__ == "__main__":
    sys.exit(main())
