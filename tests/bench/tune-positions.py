#!/usr/bin/env python3
# tune-positions.py: the positions catur-tune fits an evaluation to
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes the data of tools/catur-tune.c (docs/tuning.md) in two steps.

  tune-positions.py play --game chess --games 2000 --nodes 4000 --seed 1 -j 2 > games.txt
  tune-positions.py label --game chess --depth 9 -j 2 \
      --engine-command /usr/games/stockfish < games.txt > labelled.txt

`play` has catur-engine play itself from random openings (a few random plies, then a search of
a fixed node count each move) and prints every position the games pass through after the
opening, one a line: the position text, a tab, and the game's result for the side that moved
first (1, 0.5 or 0). `label` adds a third column: what a stronger engine (UCI or USI) says of
the position at a fixed depth, in centipawns for the side that moved first; a mate is written
as ±2000. Lines it cannot label are left out and counted on standard error.
"""

import argparse
import multiprocessing
import random
import sys

import benchlib

FIRST_SIDES = {"white", "red", "sente"}
MATE_SCORE = 2000


def catur_engine(args):
    argv = [args.engine, "--variant", args.game]
    if args.plugin_path:
        argv += ["--plugin-path", args.plugin_path]
    engine = benchlib.Uci(argv)
    engine.send("uci")
    engine.until(lambda line: line in ("uciok", "usiok"))
    engine.ready()
    return engine


def ask(engine, command):
    """The one reply line of a scripting command (`moves`, `fen`, `status`)."""
    engine.send(command)
    head = command.split()[0]
    return engine.until(lambda line: line.startswith(head + " ") or line == head)[-1]


def play_one(job):
    args, index = job
    rng = random.Random(args.seed * 1000003 + index)
    engine = catur_engine(args)
    moves = []
    positions = []
    result = None
    try:
        while len(moves) < args.max_plies:
            engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            status = ask(engine, "status").split()
            if status[1] == "win":
                result = 1.0 if status[2] in FIRST_SIDES else 0.0
                break
            if status[1] == "draw":
                result = 0.5
                break
            if len(moves) < args.random_plies:
                legal = ask(engine, "moves").split()[1:]
                moves.append(rng.choice(legal))
                continue
            positions.append(ask(engine, "fen")[4:])
            engine.send("go nodes %d" % args.nodes)
            best = engine.until(lambda line: line.startswith("bestmove"))[-1].split()
            moves.append(best[1])
    finally:
        engine.close()
    if result is None:
        result = 0.5
    return ["%s\t%g" % (fen, result) for fen in positions]


def play(args):
    jobs = [(args, i) for i in range(args.games)]
    written = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for n, lines in enumerate(pool.imap_unordered(play_one, jobs), 1):
            for line in lines:
                print(line)
            written += len(lines)
            if n % 50 == 0:
                print("%d games, %d positions" % (n, written), file=sys.stderr)
    print("%d games, %d positions" % (args.games, written), file=sys.stderr)


class Labeller:
    def __init__(self, args):
        self.engine = benchlib.Uci(args.engine_command.split())
        self.usi = args.protocol == "usi"
        self.engine.send(self.protocol_word())
        self.engine.until(lambda line: line in ("uciok", "usiok"))
        for option in args.option:
            name, _, value = option.partition("=")
            self.engine.send("setoption name %s value %s" % (name, value))
        self.engine.send("isready")
        self.engine.until(lambda line: line == "readyok")
        self.depth = args.depth
        self.game = args.game

    def protocol_word(self):
        return "usi" if self.usi else "uci"

    def score(self, text, first_to_move):
        """The engine's score of @text for the side that moved first, or None."""
        if self.usi:
            self.engine.send("position sfen " + text)
        else:
            # The fifty-move and move-limit counters are the game's, not the position's: an
            # engine that reads them scores a long game's positions as draws.
            fields = text.split()
            if len(fields) >= 6:
                fields[4] = "0"
            self.engine.send("position fen " + " ".join(fields))
        self.engine.send("go depth %d" % self.depth)
        lines = self.engine.until(lambda line: line.startswith("bestmove"))
        score = None
        for line in lines:
            words = line.split()
            if "score" not in words:
                continue
            at = words.index("score")
            if words[at + 1] == "cp":
                score = int(words[at + 2])
            elif words[at + 1] == "mate":
                score = MATE_SCORE if int(words[at + 2].lstrip("+")) > 0 else -MATE_SCORE
            if "upperbound" in words or "lowerbound" in words:
                score = None
        if score is None:
            return None
        return score if first_to_move else -score


def side_to_move_is_first(game, text):
    words = text.split()
    if game == "shogi":
        return words[1] == "b"
    return words[1] in ("w", "r")


LABELLER = None


def label_init(args):
    global LABELLER
    LABELLER = Labeller(args)


def label_one(line):
    fen, result = line.split("\t")[:2]
    score = LABELLER.score(fen, side_to_move_is_first(LABELLER.game, fen))
    return None if score is None else "%s\t%s\t%d" % (fen, result, score)


def label(args):
    lines = [line.rstrip("\n") for line in sys.stdin if line.strip()]
    seen = set()
    unique = []
    for line in lines:
        fen = line.split("\t")[0]
        if fen not in seen:
            seen.add(fen)
            unique.append(line)
    if args.sample and len(unique) > args.sample:
        unique = random.Random(args.seed).sample(unique, args.sample)
    left_out = 0
    with multiprocessing.Pool(args.jobs, initializer=label_init, initargs=(args,)) as pool:
        for n, out in enumerate(pool.imap(label_one, unique, chunksize=64), 1):
            if out is None:
                left_out += 1
            else:
                print(out)
            if n % 5000 == 0:
                print("%d labelled" % n, file=sys.stderr)
    print("%d positions (%d repeated ones dropped), %d left out without a score"
          % (len(unique), len(lines) - len(seen), left_out), file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    p = sub.add_parser("play", help="self-play games, every position with the result")
    p.add_argument("--game", required=True)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--nodes", type=int, default=4000)
    p.add_argument("--random-plies", type=int, default=8)
    p.add_argument("--max-plies", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--plugin-path")
    benchlib.add_engine_argument(p)
    p = sub.add_parser("label", help="a stronger engine's score of each position")
    p.add_argument("--game", required=True)
    p.add_argument("--engine-command", required=True)
    p.add_argument("--protocol", choices=("uci", "usi"), default="uci")
    p.add_argument("--option", action="append", default=[],
                   help="NAME=VALUE, set before the first position (UCI_Variant=xiangqi)")
    p.add_argument("--depth", type=int, default=9)
    p.add_argument("--sample", type=int, default=0,
                   help="label this many positions drawn at random, not all")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.step == "play":
        play(args)
    else:
        label(args)


if __name__ == "__main__":
    main()
