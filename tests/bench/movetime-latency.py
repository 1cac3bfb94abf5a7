#!/usr/bin/env python3
# movetime-latency.py: how long after `go movetime T` the bestmove arrives (a figure, not a test)
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   python3 tests/bench/movetime-latency.py _build/src/engine/catur-engine \
#       --plugin-path _build/plugins/xiangqi [--movetime 200] [--moves 40]
#
# Plays a game against itself at the given movetime and prints, for every move, the time from
# sending `go` to reading `bestmove`, then the mean, the worst and the worst overshoot.
import argparse
import subprocess
import time

parser = argparse.ArgumentParser()
parser.add_argument("engine")
parser.add_argument("--plugin-path")
parser.add_argument("--movetime", type=int, default=200)
parser.add_argument("--moves", type=int, default=40)
parser.add_argument("--level", default="master")
args = parser.parse_args()

command = [args.engine] + (["--plugin-path", args.plugin_path] if args.plugin_path else [])
engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                          bufsize=1)


def send(line):
    engine.stdin.write(line + "\n")
    engine.stdin.flush()


def read_until(prefix):
    while True:
        line = engine.stdout.readline()
        if not line:
            raise SystemExit("the engine ended")
        if line.startswith(prefix):
            return line.strip()


send("setoption name Level value " + args.level)
send("isready")
read_until("readyok")
moves, times = [], []
for ply in range(args.moves):
    send("position startpos moves " + " ".join(moves))
    start = time.monotonic()
    send("go movetime %d" % args.movetime)
    best = read_until("bestmove").split()[1]
    times.append((time.monotonic() - start) * 1000)
    if best == "(none)":
        break
    moves.append(best)
send("quit")
engine.wait()
print("moves %d, movetime %d ms" % (len(times), args.movetime))
print("mean %.1f ms, worst %.1f ms, worst overshoot %+.1f ms"
      % (sum(times) / len(times), max(times), max(times) - args.movetime))
