#!/usr/bin/env python3
# test-catur-match.py: catur-match plays whole matches between built-in levels and other
# programs' engines, and writes every game as a record that reads back
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   test-catur-match.py CATUR-MATCH CATUR-ENGINE
#
# TAP output. A match of 20 games in each of the four games, between two built-in levels at a
# few milliseconds a move, two games at a time (the rules refereed by CaturGame, the colours
# swapped in each pair of games), and one Chess match against Stockfish on a clock. In Banqi
# the referee alone holds the deal: what a player is told (its input, logged) carries no
# face-down piece. An engine that does not start ends the match with an error.
import os
import re
import shutil
import subprocess
import sys
import tempfile

MATCH, ENGINE = sys.argv[1], sys.argv[2]
GAMES = 20
SUMMARY = re.compile(r"^(.+) vs (.+): (\d+)-(\d+)-(\d+)  score ([0-9.]+) %  Elo [-+]\d+ ± \d+$")
GAME = re.compile(r"^game (\d+): (.+) \(first\) vs (.+): (1-0|0-1|1/2-1/2) .*, (\d+) plies")
results = []


def check(ok, what):
    what = " / ".join(what.splitlines())
    results.append((ok, what))
    print("%s %d - %s" % ("ok" if ok else "not ok", len(results), what), flush=True)
    return ok


def run(*args, timeout=300):
    return subprocess.run([MATCH, *args], capture_output=True, text=True, timeout=timeout)


def reads_back(path, game):
    """catur-engine reads the record without a word of error."""
    done = subprocess.run([ENGINE, "--variant=" + game], input="read %s\nquit\n" % path,
                          capture_output=True, text=True, timeout=30)
    return "error" not in done.stdout, done.stdout.strip()


def match(game, games, *players_and_options, records=None):
    args = ["--game", game, "--games", str(games), "--movetime", "10", "--seed", "3",
            "--concurrency", "2", "--max-plies", "200"]
    if records:
        args += ["--records", records]
    done = run(*args, *players_and_options)
    lines = done.stdout.strip().splitlines()
    return done, lines


for game, extension in (("chess", "pgn"), ("xiangqi", "pgn"), ("shogi", "kifu"),
                        ("banqi", "pgn")):
    folder = tempfile.mkdtemp()
    done, lines = match(game, GAMES, "level:beginner", "level:intermediate", records=folder)
    played = [GAME.match(line) for line in lines if line.startswith("game ")]
    summary = SUMMARY.match(lines[-1]) if lines else None
    if not check(done.returncode == 0 and summary is not None and len(played) == GAMES,
                 "%s: %d games and the score (%s)"
                 % (game, GAMES, lines[-1] if lines else done.stderr)):
        print("# " + "\n# ".join(lines + done.stderr.splitlines()))
        continue
    wins, draws, losses = (int(summary.group(i)) for i in (3, 4, 5))
    check(wins + draws + losses == GAMES, "%s: the score counts every game" % game)
    # Two games at a time: their lines come in the order they end; game N's first player is
    # the first-named player when N is odd.
    firsts = {int(m.group(1)): m.group(2) for m in played if m}
    check(all(firsts[n] == ("Catur beginner" if n % 2 else "Catur intermediate") for n in firsts),
          "%s: colours alternate" % game)
    # The first player's result from each line, summed, is the score's.
    mine = 0.0
    for m in played:
        result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[m.group(4)]
        mine += result if m.group(2) == "Catur beginner" else 1 - result
    check(mine == wins + draws / 2, "%s: the games add up to the score" % game)
    files = sorted(os.listdir(folder))
    check([f.rsplit(".", 1)[0] for f in files] == ["game-%03d" % i for i in range(1, GAMES + 1)]
          and all(f.endswith("." + extension) for f in files),
          "%s: a record for every game (%s)" % (game, files))
    bad = [(f, said) for f in files for ok, said in [reads_back(os.path.join(folder, f), game)]
           if not ok]
    check(not bad, "%s: every record reads back %s" % (game, bad))
    shutil.rmtree(folder)

if shutil.which("/usr/games/stockfish"):
    done = run("--game", "chess", "--games", "2", "--clock", "2+1", "--max-plies", "30",
               "level:intermediate", "uci:/usr/games/stockfish", "--option2", "Skill Level=0")
    lines = done.stdout.strip().splitlines()
    summary = SUMMARY.match(lines[-1]) if lines else None
    check(done.returncode == 0 and summary is not None and "Stockfish" in summary.group(2),
          "chess against Stockfish on a clock (%s)" % (lines[-1] if lines else done.stderr))
else:
    print("ok %d # SKIP Stockfish is not installed" % (len(results) + 1))
    results.append((True, "skip"))



def told_only_what_is_seen(log):
    """Every position a Banqi player is told: the start with every piece face down, and the
    moves played, flips with what they showed; a flip's piece never before it is played."""
    flips_seen = []
    told = [line.split() for line in log.splitlines()
            if line.startswith("position ") or line.startswith("ucinewgame")]
    for words in told:
        if words[0] == "ucinewgame":
            flips_seen = []
            continue
        if words[1] != "fen" or set(words[2]) - set("X/"):
            return False, "a start that is not all face down: %s" % " ".join(words)
        moves = words[words.index("moves") + 1:] if "moves" in words else []
        flips = [m for m in moves if "=" in m]
        if flips[:len(flips_seen)] != flips_seen or any(len(m) != 4 for m in flips):
            return False, "a flip told otherwise than played: %s" % " ".join(words)
        flips_seen = flips
    return len(told) > 10 and len(flips_seen) > 0, "%d positions told" % len(told)


folder = tempfile.mkdtemp()
log = os.path.join(folder, "told.log")
listener = os.path.join(folder, "listener")
with open(listener, "w") as script:
    script.write('#!/bin/sh\ntee -a "%s" | "%s" --variant=banqi "$@"\n' % (log, ENGINE))
os.chmod(listener, 0o755)
done = run("--game", "banqi", "--games", "2", "--movetime", "10", "--max-plies", "80",
           "uci:" + listener, "level:intermediate")
with open(log) as f:
    ok, said = told_only_what_is_seen(f.read())
check(done.returncode == 0 and ok, "Banqi: a player is told only what is revealed (%s%s)"
      % (said, done.stderr.strip()))
shutil.rmtree(folder)
# Two builds of one engine give one name: the lines tell them apart by their places.
done = run("--game", "chess", "--games", "2", "--movetime", "10", "--max-plies", "20",
           "--concurrency", "2", "uci:%s --variant=chess" % ENGINE,
           "uci:%s --variant=chess" % ENGINE)
firsts = {int(m.group(1)): (m.group(2), m.group(3))
          for m in map(GAME.match, done.stdout.splitlines()) if m}
named = firsts.get(1, ("", ""))[0][:-len(" (1)")]
check(done.returncode == 0 and named.startswith("Catur")
      and firsts.get(1) == (named + " (1)", named + " (2)")
      and firsts.get(2) == (named + " (2)", named + " (1)"),
      "two engines of one name are told apart (%s)" % done.stdout.strip())
done = run("--game", "chess", "--games", "2", "uci:/nonexistent/engine", "level:master")
check(done.returncode != 0 and "did not start" in done.stderr,
      "an engine that does not start ends the match (%s)" % done.stderr.strip())

print("1..%d" % len(results))
sys.exit(0 if all(ok for ok, _ in results) else 1)
