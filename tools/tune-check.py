#!/usr/bin/env python3
# tune-check.py: catur-tune-<game> finds weights it is made to lose (docs/tuning.md)
# SPDX-License-Identifier: GPL-3.0-or-later
"""tune-check.py TUNER ENGINE PLUGIN_PATH GAME

Plays a few short games with catur-engine, labels their quiet positions with the evaluation's
own scores (so the game's weights fit them exactly), moves the first run of weights away, and
asks the tuner to fit that run alone back: the weights must come back most of the way (the
few positions of a test pin down some of them only loosely), and the error to near nothing.
TAP output."""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
POSITIONS = os.path.join(HERE, "..", "tests", "bench", "tune-positions.py")
RUN = re.compile(r"(\w+) = \{([^}]*)\};")


def run(argv, **kwargs):
    kwargs.setdefault("stdout", subprocess.PIPE)
    done = subprocess.run(argv, stderr=subprocess.PIPE, text=True, timeout=300, **kwargs)
    if done.returncode != 0:
        raise RuntimeError("%s failed: %s" % (argv[0], done.stderr[-2000:]))
    return done


def runs(text):
    return [(name, [int(v) for v in body.replace(",", " ").split()])
            for name, body in RUN.findall(text)]


def write_runs(path, weights):
    with open(path, "w") as out:
        for name, values in weights:
            out.write("%s = {%s };\n" % (name, "".join(" %d," % v for v in values)))


def error_of(report):
    found = re.search(r"error ([0-9.]+) fitted", report)
    return float(found.group(1))


def main():
    tuner, engine, plugin_path, game = sys.argv[1:5]
    checks = []
    with tempfile.TemporaryDirectory() as tmp:
        games = os.path.join(tmp, "games.txt")
        labelled = os.path.join(tmp, "labelled.txt")
        moved = os.path.join(tmp, "moved.txt")
        with open(games, "w") as out:
            run([sys.executable, POSITIONS, "play", "--game", game, "--games", "16",
                 "--nodes", "300", "--random-plies", "10", "--max-plies", "200", "-j", "1",
                 "--engine", engine, "--plugin-path", plugin_path], stdout=out)
        with open(labelled, "w") as out:
            run([tuner, "--label", games], stdout=out)
        report = run([tuner, "--report", "--holdout", "0", labelled]).stderr
        k = float(re.search(r"K ([0-9.]+)", report).group(1))
        checks.append(("the evaluation fits its own scores (K %.3f, error %.2g)"
                       % (k, error_of(report)), abs(k - 1) < 0.02 and error_of(report) < 1e-6))

        weights = runs(run([tuner, "--passes", "0", labelled]).stdout)
        name, values = weights[0]
        moved_values = [v + 40 if v != 0 else v for v in values]
        write_runs(moved, [(name, moved_values)])
        worse = error_of(run([tuner, "--report", "--start", moved, labelled]).stderr)
        checks.append(("moving %s by 40 makes the fit worse (%.2g)" % (name, worse),
                       worse > 1e-4))

        fitted = run([tuner, "--start", moved, "--k", "1", "--only", name, "--step", "8",
                      "--holdout", "0", labelled])
        back = dict(runs(fitted.stdout))[name]
        moved_at = [i for i in range(len(values)) if values[i] != 0]
        away = [i for i in moved_at if abs(back[i] - values[i]) > 40 + 2]
        distance = sum(abs(back[i] - values[i]) for i in moved_at) / len(moved_at)
        # A weight the few positions here hardly pin down may stop short of where it was.
        checks.append(("the fit brings %s back (%s from %s: %.1f off on average, none a step "
                       "farther)" % (name, back, values, distance), not away and distance < 20))
        after = error_of(fitted.stderr.splitlines()[-1])
        checks.append(("and the error with it (%.2g)" % after, after < worse / 20))

    print("1..%d" % len(checks))
    for n, (what, ok) in enumerate(checks, 1):
        print("%sok %d - %s" % ("" if ok else "not ", n, what))
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
