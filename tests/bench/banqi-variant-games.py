#!/usr/bin/env python3
# banqi-variant-games.py: catur-engine's Master against its Beginner under each rule variant
# of Banqi (RULES B12), to see that the computer plays each as well as the standard game
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One catur-engine is both players and the referee: the variant is a setup option
# (`setoption name chain-captures value on`), a bare flip is dealt from the engine's Seed (the
# game's number) and written back with what it showed (`a1=K`), so that the moves replay to
# the same position; `status` says when the game is over. The players see only what the
# players see: catur-engine searches observations. Unlike banqi-match.py, the rules are the
# plugin's own, which is what the variants need (that referee knows only the standard game).
#
# Usage:
#   CATUR_PLUGIN_PATH=_build/plugins/banqi tests/bench/banqi-variant-games.py \
#     --engine _build/src/engine/catur-engine --games 10 [--movetime 100] [VARIANT...]
# VARIANT is "standard" or an option id (olympiad, chariot-slide, chain-captures, hong-kong);
# all five by default. Prints one line per variant: Master's wins, draws and losses, and the
# mean length of the games in plies. Master thinks for a time: its figures depend on the load.
import argparse
import subprocess
import sys

VARIANTS = ["olympiad", "chariot-slide", "chain-captures", "hong-kong"]


class Engine:
    def __init__(self, path):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send("setoption name UCI_Variant value banqi")

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def ask(self, line, prefix):
        self.send(line)
        for answer in self.process.stdout:
            if answer.startswith(prefix):
                return answer.split()
        raise RuntimeError("catur-engine stopped before answering %r" % line)

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=30)


def board(fen):
    cells = {}
    for row, text in enumerate(fen.split("/")):
        file = 0
        for c in text:
            if c.isdigit():
                file += int(c)
            else:
                cells["abcd"[file] + str(8 - row)] = c
                file += 1
    return cells


def play(engine, seed, master_first, movetime):
    """One game; returns Master's result (1, 0.5 or 0) and its length in plies."""
    engine.send("setoption name Seed value %d" % seed)
    moves = []
    while True:
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        engine.send(position)
        status = engine.ask("status", "status")
        if status[1] != "ongoing":
            break
        fen = engine.ask("fen", "fen")
        # The plies count turns (a chain of captures is one), so the seat follows them.
        seat = int(fen[5]) % 2
        master = (seat == 0) == master_first
        engine.send("setoption name Level value %s" % ("master" if master else "beginner"))
        engine.send(position)
        move = engine.ask("go movetime %d" % movetime, "bestmove")[1]
        if len(move) == 2:
            engine.send(position + (" " if moves else " moves ") + move)
            move += "=" + board(engine.ask("fen", "fen")[1])[move]
        moves.append(move)
    if status[1] == "draw":
        return 0.5, len(moves)
    first_colour = "red" if moves[0][-1].isupper() else "black"
    return (1.0 if (status[2] == first_colour) == master_first else 0.0), len(moves)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", required=True)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--movetime", type=int, default=100, help="Master's ms a move")
    parser.add_argument("variants", nargs="*", default=["standard"] + VARIANTS)
    args = parser.parse_args()
    engine = Engine(args.engine)
    for variant in args.variants:
        for option in VARIANTS:
            engine.send("setoption name %s value %s" % (option, "on" if option == variant
                                                           else "off"))
        results, plies = [], 0
        for game in range(args.games):
            result, length = play(engine, game + 1, game % 2 == 0, args.movetime)
            results.append(result)
            plies += length
        print("%-15s master vs beginner %d-%d-%d, mean %d plies" % (
            variant, results.count(1.0), results.count(0.5), results.count(0.0),
            plies // max(args.games, 1)), flush=True)
    engine.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
