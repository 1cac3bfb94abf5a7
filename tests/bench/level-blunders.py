#!/usr/bin/env python3
# level-blunders.py: how often each rung of the ladder blunders, by the coach's own judge
# SPDX-License-Identifier: GPL-3.0-or-later
"""Has each given level of catur-engine play games against itself (a new Seed a game, so that
the games differ), and judges every move it plays with catur-engine's `judge` at the window's
quick analysis budget (JudgeNodes 40000: a count of nodes, so that the figures do not depend on
the machine's load). Prints, for each level, how many of its moves the judge classes as
inaccuracy, mistake and blunder, and how often the reason is a piece left hanging or material
lost: the blunder rate of issue "One search", item 4, for the lowest rung, which should lose
like a person (overlook a defended piece or a distant threat) and not play at random.

A game ends at its end, after --plies plies, or at the first move the judge calls a mate
allowed or missed: what follows is decided, and no lesson.

Usage (from the source folder, after a build):
  tests/bench/level-blunders.py [--variants chess,xiangqi,shogi] [--games 4] [--plies 80]
                                [--levels newcomer,beginner,casual,intermediate]
"""

import argparse
import collections
import os
import sys
import time

from benchlib import Uci, add_engine_argument, percent

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")


class Engine(Uci):
    """catur-engine, speaking UCI (USI for Shogi, as a GUI would)."""

    def __init__(self, engine, variant, options):
        plugins = os.path.join(ROOT, "_build", "plugins", variant)
        super().__init__([engine, "--variant", variant, "--plugin-path", plugins])
        protocol = "usi" if variant == "shogi" else "uci"
        self.send(protocol)
        self.until(lambda line: line == protocol + "ok")
        for name, value in options:
            self.send("setoption name %s value %s" % (name, value))
        self.ready()

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))


def play(variant, level, args, tally):
    judge = Engine(args.engine, variant, [("JudgeNodes", args.judge_nodes)])
    try:
        for game in range(args.games):
            # Both sides are the level; a new Seed a game gives a new game.
            player = Engine(args.engine, variant, [("Level", level),
                                                   ("Seed", args.seed + game)])
            moves = []
            try:
                for _ in range(args.plies):
                    player.position(moves)
                    player.send("go movetime 10000")  # the level's node count ends it first
                    best = player.until(lambda line: line.startswith("bestmove "))[-1].split()[1]
                    if best in ("(none)", "0000", "resign", "win"):
                        break
                    judge.position(moves)
                    judge.send("judge " + best)
                    line = judge.until(lambda l: l.startswith("judge ")
                                       or l.startswith("info string error"))[-1]
                    if not line.startswith("judge "):
                        raise RuntimeError(line)
                    # judge CLASS LOSS BEST REASON SENTENCE
                    words = line.split(" ", 5)
                    verdict, loss, reason = words[1], words[2], words[4]
                    tally["moves"] += 1
                    tally[verdict] += 1
                    if verdict in ("mistake", "blunder"):
                        tally["reason " + reason] += 1
                    if args.verbose and verdict == "blunder":
                        print("# %s %s after %s: %s" % (variant, level, " ".join(moves), line),
                              flush=True)
                    moves.append(best)
                    # A mate allowed or missed decides the game: what follows is no lesson.
                    if loss.startswith("#"):
                        break
            finally:
                player.close()
            tally["games"] += 1
            tally["plies"] += len(moves)
    finally:
        judge.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_engine_argument(parser)
    parser.add_argument("--variants", default="chess,xiangqi,shogi")
    parser.add_argument("--levels", default="newcomer,beginner,casual,intermediate")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judge-nodes", type=int, default=40000,
                        help="the judge's budget, nodes a search (the window's quick analysis)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    start = time.monotonic()
    print("| game | level | moves judged | inaccuracy | mistake | blunder | "
          "mistake or blunder: piece left hanging | material lost |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for variant in args.variants.split(","):
        for level in args.levels.split(","):
            tally = collections.Counter()
            play(variant, level, args, tally)
            moves = tally["moves"]
            print("| %s | %s | %d (%d games) | %s | %s | %s | %d | %d |"
                  % (variant, level, moves, tally["games"], percent(tally["inaccuracy"], moves),
                     percent(tally["mistake"], moves), percent(tally["blunder"], moves),
                     tally["reason hangs-piece"],
                     tally["reason loses-material"] + tally["reason misses-material"]),
                  flush=True)
    print("%.0f s" % (time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
