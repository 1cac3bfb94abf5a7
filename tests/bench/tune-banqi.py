#!/usr/bin/env python3
# tune-banqi.py: Banqi's evaluation weights tuned by self-play (SPSA)
# SPDX-License-Identifier: GPL-3.0-or-later
"""Tunes the weights of Banqi's evaluation by matches of the engine against itself.

Banqi has no stronger engine to label positions with (docs/tuning.md), so its weights are
moved by what wins: simultaneous perturbation stochastic approximation. Each step perturbs
every weight at once by +c or -c at random, has the two sets play a pair of games from one deal
(catur-match, the referee holding the deal, the seats swapped), and moves each weight towards
the set that scored more, by a step that shrinks as the run goes on. Both players are
catur-engine with the tuning build of the plugin (_build/plugins/banqi/tuning), which reads
its weights from CATUR_BANQI_WEIGHTS, at one rung of the ladder (a node count, so that the
machine's load does not decide the games).

  tests/bench/tune-banqi.py --steps 3000 --level intermediate -j 2 --seed 1 \\
      --output weights.txt

The weights as they stand are printed every --report steps and at the end, as the
CATUR_BANQI_WEIGHTS text and as the C initialisers of banqi-engine.c; --output writes them too,
--start reads such a text back to go on from it. A step's pair of games takes a few seconds
at Intermediate (15,000 nodes a move). SPSA wants thousands of steps: what a short run prints
is mostly noise, and a set is only kept after a match against the weights before
(docs/tuning.md, "Keeping a fit").
"""
import argparse
import os
import random
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The runs of banqi-engine.c that are tuned. The Chariot's slide is left out: it counts only
# under a rule option the games here do not play.
TUNED = ("rank_value", "hidden_share", "room_weight", "chase_weight", "general_safe_bonus",
         "soldier_idle_cost")
SOURCE = os.path.join(ROOT, "plugins", "banqi", "banqi-engine.c")
RUN = re.compile(r"static CATUR_WEIGHT int (\w+)\[[^]]*\] = \{([^}]*)\};")


def game_weights():
    """The tuned runs with the game's values, read from the evaluation itself: (name, values)."""
    with open(SOURCE) as f:
        runs = {name: [int(v) for v in values.split(",")] for name, values in RUN.findall(f.read())}
    missing = [name for name in TUNED if name not in runs]
    if missing:
        sys.exit("%s declares no CATUR_WEIGHT run %s" % (SOURCE, ", ".join(missing)))
    return [(name, runs[name]) for name in TUNED]


WEIGHTS = game_weights()
SUMMARY = re.compile(r"^(.*) vs (.*): (\d+)-(\d+)-(\d+)  score")
# The CATUR_BANQI_WEIGHTS text: runs by name, their values in order.
WEIGHTS_LINE = re.compile(r"^\w+=-?[\d.]+(,-?[\d.]+)*(;\w+=-?[\d.]+(,-?[\d.]+)*)*$")


def flat(weights):
    return [value for _, values in weights for value in values]


def unflat(numbers):
    out, i = [], 0
    for name, values in WEIGHTS:
        out.append((name, numbers[i:i + len(values)]))
        i += len(values)
    return out


def weights_text(numbers):
    return ";".join("%s=%s" % (name, ",".join(str(round(v)) for v in values))
                    for name, values in unflat(numbers))


def c_text(numbers):
    return "\n".join("%s = { %s };" % (name, ", ".join(str(round(v)) for v in values))
                     for name, values in unflat(numbers))


def read_start(path):
    numbers = flat(WEIGHTS)
    given = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if WEIGHTS_LINE.match(line):
                for run in line.split(";"):
                    name, values = run.split("=", 1)
                    given[name] = [float(v) for v in values.split(",")]
    out = []
    for name, values in WEIGHTS:
        run = given.get(name, values)
        if len(run) != len(values):
            sys.exit("%s: %s wants %d values" % (path, name, len(values)))
        out.extend(run)
    return out if given else numbers


def play_pair(args, plus, minus, seed):
    """The score of @plus against @minus over one deal played twice, 0 to 1."""
    def player(numbers):
        return "uci:env CATUR_BANQI_WEIGHTS=%s %s --plugin-path %s --variant banqi" % (
            shlex.quote(weights_text(numbers)), shlex.quote(args.engine),
            shlex.quote(args.plugin_path))

    command = [args.match, "--game", "banqi", "--games", "2", "--movetime", "60000",
               "--seed", str(seed), "--plugin-path", args.plugin_path,
               "--option1=Level=" + args.level, "--option2=Level=" + args.level,
               player(plus), player(minus)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=3600)
    for line in done.stdout.splitlines():
        match = SUMMARY.match(line)
        if match:
            wins, draws, losses = (int(match.group(i)) for i in (3, 4, 5))
            return (wins + draws / 2) / (wins + draws + losses)
    sys.exit("catur-match gave no score:\n" + done.stdout + done.stderr)


def main():
    build = os.path.join(ROOT, "_build")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--level", default="intermediate",
                        help="the rung both players play at (default: intermediate)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-j", "--jobs", type=int, default=1,
                        help="steps played at once, each a catur-match of its own")
    parser.add_argument("--c", type=float, default=0.1,
                        help="the perturbation, a share of each weight (at least 2)")
    parser.add_argument("--r", type=float, default=0.02,
                        help="the learning rate: a step moves a weight by at most r × c")
    parser.add_argument("--start", help="weights to start from (a text this script wrote)")
    parser.add_argument("--output", help="write the weights here as the run goes")
    parser.add_argument("--report", type=int, default=50)
    parser.add_argument("--engine", default=os.path.join(build, "src", "engine", "catur-engine"))
    parser.add_argument("--match", default=os.path.join(build, "src", "match", "catur-match"))
    parser.add_argument("--plugin-path", default=os.path.join(build, "plugins", "banqi",
                                                              "tuning"))
    args = parser.parse_args()

    theta = read_start(args.start) if args.start else [float(v) for v in flat(WEIGHTS)]
    # A weight's perturbation is a share of where it started, so that a General of 650 and a
    # room weight of 3 both move by what can matter to them.
    scale = [max(2.0, abs(v) * args.c) for v in theta]
    chance = random.Random(args.seed)
    total = 0.0

    def report(step):
        text = weights_text(theta)
        print("# step %d, the perturbed sets' mean score %.3f" % (step, total / max(step, 1)))
        print(text)
        print(c_text(theta), flush=True)
        if args.output:
            with open(args.output, "w") as f:
                f.write("# tune-banqi.py, %d steps\n%s\n%s\n" % (step, text, c_text(theta)))

    step = reported = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        while step < args.steps:
            batch = []
            for _ in range(min(args.jobs, args.steps - step)):
                k = step + len(batch)
                c_k = 1.0 / (k + 1) ** 0.101
                r_k = args.r / (k / 10 + 1) ** 0.602
                delta = [chance.choice((-1, 1)) for _ in theta]
                plus = [t + c_k * s * d for t, s, d in zip(theta, scale, delta)]
                minus = [t - c_k * s * d for t, s, d in zip(theta, scale, delta)]
                seed = args.seed * 1000003 + k
                batch.append((c_k, r_k, delta, pool.submit(play_pair, args, plus, minus, seed)))
            for c_k, r_k, delta, future in batch:
                result = 2 * future.result() - 1       # -1 to 1, from the plus set's view
                total += future.result()
                for i, d in enumerate(delta):
                    theta[i] += r_k * c_k * scale[i] * result * d
                step += 1
                if step % args.report == 0:
                    report(step)
                    reported = step
    if reported != step or step == 0:
        report(step)


if __name__ == "__main__":
    main()
