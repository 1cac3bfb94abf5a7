#!/usr/bin/env python3
# test-interchange.py: what Catur writes, read by independent readers (TAP)
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   test-interchange.py CATUR_ENGINE SOURCE_DIR INSTALL_DIR
#
# Games are played through catur-engine (well-known chess games, games the engine plays
# against itself, and seeded random games, which reach the rare moves: promotions and
# under-promotions, en passant, castling, drops, moves that need a word or a square to tell
# two pieces apart) and written with its `write` command. Then the other programs read them:
# Debian's pgn-extract and chess.js (npm) the PGN, tsshogi (npm; ShogiHome's library) the KIF,
# KI2 and CSA, in UTF-8 and in Shift_JIS. Each must find the same moves and the same final
# position as Catur. The npm packages are pinned in package-lock.json and installed by
# npm-install.sh into INSTALL_DIR; without the npm registry their checks are skipped (and the
# whole test when nothing else ran), pgn-extract is required.
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

ENGINE, SOURCE_DIR, INSTALL_DIR = sys.argv[1:4]
PGN_EXTRACT = shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")

# Well-known games, as UCI moves: Morphy against the Duke and the Count (Paris, 1858) and
# Anderssen against Kieseritzky (London, 1851).
CHESS_GAMES = [
    "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 "
    "b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8",
    "e2e4 e7e5 f2f4 e5f4 f1c4 d8h4 e1f1 b7b5 c4b5 g8f6 g1f3 h4h6 d2d3 f6h5 f3h4 h6g5 h4f5 "
    "c7c6 g2g4 h5f6 h1g1 c6b5 h2h4 g5g6 h4h5 g6g5 d1f3 f6g8 c1f4 g5f6 b1c3 f8c5 c3d5 f6b2 "
    "f4d6 c5g1 e4e5 b2a1 f1e2 b8a6 f5g7 e8d8 f3f6 g8f6 d6e7",
]


class Engine:
    """A catur-engine session; each command waits for the engine to be ready again."""

    def __init__(self, variant):
        self.process = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        self.send("setoption name UCI_Variant value " + variant)

    def send(self, command):
        self.process.stdin.write(command + "\nisready\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError("catur-engine quit after: " + command)
            line = line.rstrip("\n")
            if line == "readyok":
                break
            if "error" in line:
                raise AssertionError("%s: %s" % (command, line))
            lines.append(line)
        return lines

    def reply(self, command, word):
        for line in self.send(command):
            if line.startswith(word + " ") or line == word:
                return line[len(word):].strip()
        raise AssertionError("no %s after %s" % (word, command))

    def think(self, command):
        """The best move after a `go`, which answers when its search ends."""
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError("catur-engine quit after: " + command)
            if line.startswith("bestmove"):
                return line.split()[1]

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.close()
        self.process.wait(timeout=30)


def random_game(engine, rng, plies):
    moves = []
    for _ in range(plies):
        engine.send("position startpos moves " + " ".join(moves))
        if not engine.reply("status", "status").startswith("ongoing"):
            break
        legal = engine.reply("moves", "moves").split()
        if not legal:
            break
        moves.append(rng.choice(legal))
    return moves


def engine_game(engine, plies):
    moves = []
    for _ in range(plies):
        engine.send("position startpos moves " + " ".join(moves))
        if not engine.reply("status", "status").startswith("ongoing"):
            break
        best = engine.think("go nodes 400")
        if best in ("(none)", "resign", "win"):
            break
        moves.append(best)
    return moves


def write_games(variant, games, kinds, folder):
    """Writes each game in each kind of file; returns (path, moves, final position) triples."""
    engine = Engine(variant)
    written = []
    try:
        for number, moves in enumerate(games):
            engine.send("position startpos moves " + " ".join(moves))
            final = engine.reply("fen", "fen")
            for kind in kinds:
                path = os.path.join(folder, "%s-%d.%s" % (variant, number, kind))
                engine.send("write %s %s" % (kind, path))
                written.append((path, moves, final))
    finally:
        engine.close()
    return written


def same_position(catur, other, fields):
    return catur.split()[:fields] == other.split()[:fields]


def check_readings(written, readings, fields):
    problems = []
    for path, moves, final in written:
        reading = readings.get(path)
        if reading is None:
            problems.append("%s: not read" % path)
        elif "error" in reading:
            problems.append("%s: %s" % (path, reading["error"]))
        elif reading["moves"] != moves:
            problems.append("%s: moves differ\n  catur: %s\n  other: %s"
                            % (path, " ".join(moves), " ".join(reading["moves"])))
        elif not same_position(final, reading["position"], fields):
            problems.append("%s: final position %s, not %s" % (path, reading["position"], final))
    if problems:
        raise AssertionError("\n".join(problems))


def node_read(paths):
    env = dict(os.environ, NODE_PATH=os.path.join(INSTALL_DIR, "node_modules"))
    script = os.path.join(INSTALL_DIR, "read-records.mjs")
    shutil.copy(os.path.join(SOURCE_DIR, "read-records.mjs"), script)
    result = subprocess.run(["node", script] + paths, capture_output=True, text=True, env=env,
                            timeout=120)
    if result.returncode != 0:
        raise AssertionError("node failed: " + result.stderr)
    return {entry["path"]: entry for entry in map(json.loads, result.stdout.splitlines())}


def pgn_extract_read(path):
    """The moves pgn-extract finds in the file, in UCI, and the FEN after them."""
    result = subprocess.run([PGN_EXTRACT, "-s", "-Wuci", "-F", "--nochecks", path],
                            capture_output=True, text=True, timeout=60)
    if result.returncode != 0 or "rror" in result.stderr or "llegal" in result.stderr:
        return {"error": result.stderr.strip() or "exit %d" % result.returncode}
    text = " ".join(line for line in result.stdout.splitlines() if not line.startswith("["))
    comment = text[text.index("{") + 1:text.index("}")].strip() if "{" in text else ""
    body = text[:text.index("{")] if "{" in text else text
    # Its promotions are in capitals (`d2e1B`).
    moves = [word.lower() for word in body.split()
             if word not in ("1-0", "0-1", "1/2-1/2", "*") and not word[0].isdigit()]
    return {"moves": moves, "position": comment.strip('"')}


def main():
    folder = tempfile.mkdtemp(prefix="catur-interchange-")
    rng = random.Random(20261205)
    results = []

    chess_engine = Engine("chess")
    chess_games = [game.split() for game in CHESS_GAMES]
    chess_games += [engine_game(chess_engine, 80)]
    chess_games += [random_game(chess_engine, rng, 200) for _ in range(12)]
    chess_engine.close()
    shogi_engine = Engine("shogi")
    shogi_games = [engine_game(shogi_engine, 90)]
    shogi_games += [random_game(shogi_engine, rng, 160) for _ in range(12)]
    shogi_engine.close()

    chess = write_games("chess", chess_games, ["pgn"], folder)
    shogi = write_games("shogi", shogi_games, ["kifu", "kif", "ki2u", "ki2", "csa"], folder)

    def pgn_extract():
        if PGN_EXTRACT is None:
            raise AssertionError("pgn-extract is not installed (Debian package pgn-extract)")
        check_readings(chess, {path: pgn_extract_read(path) for path, _, _ in chess}, 4)

    install = subprocess.run([os.path.join(SOURCE_DIR, "npm-install.sh"), SOURCE_DIR,
                              INSTALL_DIR], capture_output=True, text=True)
    skip = None
    if install.returncode == 77:
        skip = install.stdout.strip()
    elif install.returncode != 0:
        skip = None
        results.append(("npm ci", AssertionError(install.stdout + install.stderr)))
    readings = {}
    if install.returncode == 0:
        readings = node_read([path for path, _, _ in chess + shogi])

    checks = [("pgn-extract reads the PGN", pgn_extract, None),
              ("chess.js reads the PGN", lambda: check_readings(chess, readings, 4), skip)]
    for kind in ("kifu", "kif", "ki2u", "ki2", "csa"):
        mine = [entry for entry in shogi if entry[0].endswith("." + kind)]
        checks.append(("tsshogi reads the .%s" % kind,
                       lambda mine=mine: check_readings(mine, readings, 3), skip))

    failed = 0
    ran = 0
    print("1..%d" % (len(checks) + len(results)))
    number = 0
    for name, error in results:
        number += 1
        failed += 1
        print("not ok %d - %s" % (number, name))
        for line in str(error).splitlines():
            print("# " + line)
    for name, check, skipped in checks:
        number += 1
        if skipped is not None or install.returncode != 0 and name != checks[0][0]:
            print("ok %d - %s # SKIP %s" % (number, name, skipped or "npm ci failed"))
            continue
        ran += 1
        try:
            check()
            print("ok %d - %s" % (number, name))
        except AssertionError as error:
            failed += 1
            print("not ok %d - %s" % (number, name))
            for line in str(error).splitlines():
                print("# " + line)
    if failed == 0:
        shutil.rmtree(folder)
    else:
        print("# the files are kept in " + folder)
    if ran == 0:
        return 77
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
