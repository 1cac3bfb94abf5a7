#!/usr/bin/env python3
# judge-agreement.py: catur-engine's `judge` checked against an independent judge
# SPDX-License-Identifier: GPL-3.0-or-later
"""Plays a few games of Stockfish (chess) and Fairy-Stockfish (xiangqi by UCI_Variant, shogi in its
USI mode, SFEN and USI moves as catur-engine speaks them) against themselves at a weak skill
level, so that they make mistakes, and rates every ply with the same program at full strength
and a fixed depth: the score of its best move and, from the same position at the same depth,
of the move played (`go searchmoves`; with --rating after, the score of the position after
the move, a search of its own). A move that loses 300 centipawns or more by that rating is
"losing". Each ply's move and the independent
best move are then judged by catur-engine's `judge` at the quick setting of the window's
analysis (JudgeNodes 40000, as CaturAnalysis's quick budget: a count of nodes, so that the
figures do not depend on the machine's load), and the script prints the two figures of issue
33's "Done when":

  - of the losing moves, how many `judge` calls mistake or blunder with a reason other than
    `none`;
  - of the independent judge's best moves, how many `judge` does not call mistake or blunder.

With --random, that share of the moves is a legal move at random, a beginner's mistakes,
which the weak skill levels make too seldom. A game stops at its end, after --plies plies, or
once the independent judge rates it decided (1000 centipawns or a mate for either side):
moves in a lost position are not lessons.

Usage (from the source folder, after a build):
  tests/bench/judge-agreement.py [--games 3] [--plies 60] [--depth 12]
                                 [--variants chess,xiangqi,shogi]
"""
import argparse
import json
import os
import random
import re
import sys
import time

from benchlib import Uci, add_engine_argument, percent

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

STARTS = {
    "chess": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "xiangqi": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "shogi": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
}
# How each game's position is set: Shogi's in SFEN, over USI.
POSITION = {"chess": "position fen", "xiangqi": "position fen", "shogi": "position sfen"}
MATE_CP = 3000
DECIDED_CP = 1000
LOSING_CP = 300


def score_of(lines):
    """The last score of a search, in centipawns for the side to move (mates as MATE_CP)."""
    score = 0
    for line in lines:
        match = re.search(r" score (cp|mate) (-?\d+)", line)
        if match and " upperbound" not in line and " lowerbound" not in line:
            value = int(match.group(2))
            if match.group(1) == "mate":
                score = MATE_CP if value > 0 else -MATE_CP
            else:
                score = value
    return score


def fsf_to_iccs(move):
    """Fairy-Stockfish writes Xiangqi ranks 1-10; ICCS, and catur-engine, 0-9."""
    match = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    return "%s%d%s%d" % (match.group(1), int(match.group(2)) - 1, match.group(3),
                         int(match.group(4)) - 1)


class Stockfish(Uci):
    def __init__(self, variant, skill=None):
        program = "/usr/games/stockfish" if variant == "chess" else "/usr/games/fairy-stockfish"
        super().__init__([program])
        self.variant = variant
        # In its USI mode Fairy-Stockfish plays Shogi with SFEN and USI moves.
        protocol = "usi" if variant == "shogi" else "uci"
        self.send(protocol)
        self.until(lambda line: line == protocol + "ok")
        if variant == "xiangqi":
            self.send("setoption name UCI_Variant value " + variant)
        if skill is not None:
            self.send("setoption name Skill Level value %d" % skill)
        self.ready()

    def go(self, moves, go):
        self.send("%s %s%s" % (POSITION[self.variant], STARTS[self.variant],
                                          " moves " + " ".join(moves) if moves else ""))
        self.send("go " + go)
        lines = self.until(lambda line: line.startswith("bestmove "))
        best = lines[-1].split()[1]
        return (None if best in ("(none)", "0000") else best), score_of(lines)

    def legal_moves(self, moves):
        self.send("%s %s%s" % (POSITION[self.variant], STARTS[self.variant],
                               " moves " + " ".join(moves) if moves else ""))
        self.send("go perft 1")
        lines = self.until(lambda line: line.startswith("Nodes searched"))
        # a2a4, e7e8q; Shogi's 7g7f, 8h2b+, P*5e
        return [line.split(":")[0] for line in lines
                if re.match(r"^([a-i]\d+[a-i]\d+\w*|\d[a-i]\d[a-i]\+?|[A-Z]\*\d[a-i]):", line)]


class Catur(Uci):
    def __init__(self, engine, variant, budget):
        plugins = os.pathsep.join(os.path.join(ROOT, "_build", "plugins", game)
                                  for game in ("chess", "xiangqi", "shogi"))
        env = dict(os.environ, CATUR_PLUGIN_PATH=plugins)
        super().__init__([engine, "--variant", variant], env=env)
        self.variant = variant
        if budget:
            self.send("setoption name " + budget)
        self.ready()

    def judge(self, moves, move):
        text = lambda m: fsf_to_iccs(m) if self.variant == "xiangqi" else m  # noqa: E731
        self.send("%s %s%s" % (POSITION[self.variant], STARTS[self.variant], " moves " +
                               " ".join(text(m) for m in moves) if moves else ""))
        self.send("judge " + text(move))
        line = self.until(lambda l: l.startswith("judge ") or l.startswith("info string error"))[-1]
        if not line.startswith("judge "):
            raise RuntimeError(line)
        # judge CLASS LOSS BEST REASON SENTENCE
        words = line.split(" ", 5)
        return words[1], words[4], words[5], words[2]


def play_and_judge(variant, args, tally):
    chance = random.Random(args.seed)
    player = Stockfish(variant, skill=args.skill)
    rater = Stockfish(variant)
    catur = Catur(args.engine, variant, args.budget)
    rate = "depth %d" % args.depth
    try:
        for game in range(args.games):
            moves = []
            player.send("ucinewgame")
            for _ in range(args.plies):
                best, before = rater.go(moves, rate)
                if best is None or abs(before) >= DECIDED_CP:
                    break
                move, _ = player.go(moves, "movetime %d" % args.movetime)
                if move is None:
                    break
                # Now and then a move at random: the mistakes of a beginner, which the weak
                # skill levels make too seldom to be counted.
                if chance.random() < args.random:
                    move = chance.choice(player.legal_moves(moves))
                if args.rating == "after":
                    _, after = rater.go(moves + [move], rate)
                    loss = before + after
                elif move == best:
                    loss = 0
                else:
                    # The move's own score from the same position at the same depth, as an
                    # analysis board rates a move beside the best one.
                    _, moved = rater.go(moves, rate + " searchmoves " + move)
                    loss = before - moved
                judged = catur.judge(moves, move)
                if loss >= LOSING_CP:
                    tally[variant]["losing"] += 1
                    if judged[0] in ("mistake", "blunder") and judged[1] != "none":
                        tally[variant]["caught"] += 1
                    elif args.verbose:
                        print("# missed %s %s loss %d: %s" % (variant, " ".join(moves + [move]),
                                                              loss, judged), flush=True)
                best_judged = judged if best == move else catur.judge(moves, best)
                tally[variant]["best"] += 1
                if best_judged[0] not in ("mistake", "blunder"):
                    tally[variant]["best_ok"] += 1
                elif args.verbose:
                    print("# best called %s: %s %s: %s" % (best_judged[0], variant,
                                                         " ".join(moves + [best]), best_judged),
                          flush=True)
                if args.dump:
                    # Every verdict with both judges' losses, to try other thresholds on.
                    for kind, verdict, theirs in (("move", judged, loss), ("best", best_judged, 0)):
                        args.dump.write(json.dumps({
                            "variant": variant, "kind": kind, "their_loss": theirs,
                            "class": verdict[0], "reason": verdict[1], "loss": verdict[3],
                            "moves": moves + [move if kind == "move" else best]}) + "\n")
                    args.dump.flush()
                moves.append(move)
            print("%s game %d: %d plies" % (variant, game + 1, len(moves)), flush=True)
    finally:
        for engine in (player, rater, catur):
            engine.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_engine_argument(parser)
    parser.add_argument("--variants", default="chess,xiangqi")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--depth", type=int, default=12,
                        help="the independent judge's depth")
    parser.add_argument("--skill", type=int, default=2, help="the players' Skill Level")
    parser.add_argument("--movetime", type=int, default=50, help="the players' ms a move")
    parser.add_argument("--random", type=float, default=0.0,
                        help="how often a player's move is a legal move at random (0 to 1)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the random moves")
    parser.add_argument("--budget", default="JudgeNodes value 40000",
                        help="catur-engine's judge budget, e.g. 'JudgeDepth value 8' "
                        "(default: the window's quick analysis, 40,000 nodes a search)")
    parser.add_argument("--rating", choices=("searchmoves", "after"), default="searchmoves",
                        help="how the independent judge rates a move: its score of the move "
                        "(`go searchmoves`) from the position it is played in, at the same depth "
                        "as the best move (the default), or its score of the position after it, "
                        "a search of its own")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--dump", type=argparse.FileType("w"),
                        help="write every verdict here, a JSON object a line: the move (or the "
                        "independent best move), both judges' losses, catur-engine's class and "
                        "reason")
    args = parser.parse_args()

    start = time.monotonic()
    tally = {}
    for variant in args.variants.split(","):
        tally[variant] = {"losing": 0, "caught": 0, "best": 0, "best_ok": 0}
        play_and_judge(variant, args, tally)

    total = {key: sum(t[key] for t in tally.values()) for key in
             ("losing", "caught", "best", "best_ok")}
    for name, t in list(tally.items()) + [("all", total)]:
        print("%-8s losing moves called mistake/blunder with a reason: %d of %d (%s); "
              "best moves not called mistake/blunder: %d of %d (%s)"
              % (name, t["caught"], t["losing"], percent(t["caught"], t["losing"]),
                 t["best_ok"], t["best"], percent(t["best_ok"], t["best"])))
    print("%.0f s" % (time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
