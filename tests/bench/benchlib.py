# benchlib.py: what the bench scripts that talk to engines share
# SPDX-License-Identifier: GPL-3.0-or-later
"""A UCI or USI program on pipes (catur-engine, Stockfish, Fairy-Stockfish), the catur-engine
option and the percentages of judge-agreement.py and level-blunders.py."""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Uci:
    """A UCI program on pipes; every read waits for the line it needs."""

    def __init__(self, argv, env=None):
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1, env=env)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, predicate):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError("the engine ended: %s" % lines[-5:])
            line = line.rstrip("\n")
            lines.append(line)
            if predicate(line):
                return lines

    def ready(self):
        self.send("isready")
        self.until(lambda line: line == "readyok")

    def close(self):
        try:
            self.send("quit")
            self.process.wait(timeout=10)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.process.kill()


def add_engine_argument(parser):
    """--engine: the catur-engine to judge with, the source folder's build by default."""
    parser.add_argument("--engine", default=os.path.join(ROOT, "_build", "src", "engine",
                                                         "catur-engine"))


def percent(part, whole):
    return "%.1f %%" % (100.0 * part / whole) if whole else "n/a"
