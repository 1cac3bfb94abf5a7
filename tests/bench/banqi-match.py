#!/usr/bin/env python3
# banqi-match.py: Banqi matches between catur-engine levels and a greedy player, refereed here
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The referee holds the deal (its own shuffle, from --seed) and its own rules (RULES.md B4–B11,
# written apart from the plugin's C core). A player is told only what the players see: the
# start BFEN and the actions so far, flips carrying what they showed (`a1=K`); so a catur-engine
# player deals the face-down squares of its own copy from its own Seed, and never learns the
# referee's. Each pairing plays --games games, the two players taking turns to act first.
# With --check the referee compares its legal actions with catur-engine's `moves` at every
# ply: a differential test of the plugin's rules.
#
# Usage:
#   CATUR_PLUGIN_PATH=_build/plugins/banqi tests/bench/banqi-match.py \
#     --engine _build/src/engine/catur-engine --games 100 master:greedy master:intermediate \
#     intermediate:beginner
# Prints one line per pairing: wins, draws and losses of the first named, and its score.
# Figures depend on the machine's load: Master thinks for a time, not to a depth.
import argparse
import random
import subprocess
import sys

LETTERS = "KAERHCPkaerhcp"
FULL = "KAAEERRHHCCPPPPPkaaeerrhhccppppp"
START = "XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX f %s 0 0" % FULL
RANK = {c: i for i, c in enumerate("KAERHCP")}
VALUE = [650, 320, 160, 90, 60, 240, 45]
QUIET_LIMIT = 50


def name(sq):
    return "abcd"[sq % 4] + str(sq // 4 + 1)


def square(text):
    return "abcd".index(text[0]) + 4 * (int(text[1]) - 1)


def colour(piece):
    return 0 if piece.isupper() else 1


def rank(piece):
    return RANK[piece.upper()]


def may_capture(attacker, target):
    a, t = rank(attacker), rank(target)
    if a == 5:
        return False
    if a == 0 and t == 6:
        return False
    if a == 6 and t == 0:
        return True
    return a <= t


class Game:
    """The referee's game: the board with what lies face down, the colours, the counters."""

    def __init__(self, rng):
        pieces = list(FULL)
        rng.shuffle(pieces)
        self.hidden = pieces               # what lies under each square, face down or not
        self.up = [None] * 32              # face-up piece, or None
        self.down = [True] * 32            # face down
        self.first_colour = None
        self.seat = 0
        self.quiet = 0
        self.history = []                  # actions as the players are told them

    def occupied(self, sq):
        return self.down[sq] or self.up[sq] is not None

    def colour_to_move(self):
        if self.first_colour is None:
            return None
        return self.first_colour if self.seat == 0 else 1 - self.first_colour

    def left(self, c):
        count = sum(1 for sq in range(32) if self.down[sq] and colour(self.hidden[sq]) == c)
        return count + sum(1 for p in self.up if p is not None and colour(p) == c)

    def actions(self):
        moves = [name(sq) for sq in range(32) if self.down[sq]]
        c = self.colour_to_move()
        if c is None:
            return moves
        for sq in range(32):
            p = self.up[sq]
            if p is None or colour(p) != c:
                continue
            f, r = sq % 4, sq // 4
            for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                nf, nr = f + df, r + dr
                if not (0 <= nf < 4 and 0 <= nr < 8):
                    continue
                to = nf + 4 * nr
                if not self.occupied(to):
                    moves.append(name(sq) + name(to))
                elif self.up[to] is not None and colour(self.up[to]) != c and \
                        may_capture(p, self.up[to]):
                    moves.append(name(sq) + name(to))
                if rank(p) == 5:
                    screened = False
                    while 0 <= nf < 4 and 0 <= nr < 8:
                        to = nf + 4 * nr
                        if self.occupied(to):
                            if screened:
                                if self.up[to] is not None and colour(self.up[to]) != c:
                                    moves.append(name(sq) + name(to))
                                break
                            screened = True
                        nf, nr = nf + df, nr + dr
        return moves

    def play(self, action):
        """Plays a legal action; returns it as the players are told it."""
        if len(action) == 2:
            sq = square(action)
            piece = self.hidden[sq]
            self.down[sq] = False
            self.up[sq] = piece
            if self.first_colour is None:
                self.first_colour = colour(piece) if self.seat == 0 else 1 - colour(piece)
            self.quiet = 0
            told = action + "=" + piece
        else:
            a, b = square(action[:2]), square(action[2:])
            capture = self.up[b] is not None
            self.up[b], self.up[a] = self.up[a], None
            self.quiet = 0 if capture else self.quiet + 1
            told = action
        self.seat ^= 1
        self.history.append(told)
        return told

    def result(self):
        """None while the game goes on; else the winning seat, or 'draw'."""
        if self.first_colour is not None:
            for c in (0, 1):
                if self.left(c) == 0:
                    return 1 if (c == self.first_colour) else 0
        if not self.actions():
            return self.seat ^ 1
        if self.quiet >= QUIET_LIMIT:
            return "draw"
        return None


class Engine:
    def __init__(self, path, level, seed, movetime):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.movetime = movetime
        self.send("setoption name UCI_Variant value banqi")
        self.send("setoption name Level value " + level)
        self.send("setoption name Seed value %d" % seed)

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def read_until(self, prefix):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the engine stopped")
            if line.startswith(prefix):
                return line.strip()

    def moves(self, history):
        self.send("position fen %s%s" % (START, " moves " + " ".join(history) if history else ""))
        self.send("moves")
        return self.read_until("moves").split()[1:]

    def choose(self, game, rng):
        self.send("position fen %s%s" % (START, " moves " + " ".join(game.history)
                                         if game.history else ""))
        # A bare `go` searches until `stop`; each level's own caps of depth and nodes still hold.
        self.send("go movetime %d" % self.movetime)
        return self.read_until("bestmove").split()[1]

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


class Greedy:
    """Takes the highest piece it can, else turns a piece over at random, else steps."""

    def choose(self, game, rng):
        actions = game.actions()
        captures = [a for a in actions if len(a) == 4 and game.up[square(a[2:])] is not None]
        if captures:
            return max(captures, key=lambda a: (VALUE[rank(game.up[square(a[2:])])],
                                                rng.random()))
        flips = [a for a in actions if len(a) == 2]
        return rng.choice(flips or actions)

    def close(self):
        pass


def make_player(kind, args, seed):
    if kind == "greedy":
        return Greedy()
    return Engine(args.engine, kind, seed, args.movetime)


def play(args, first, second, seed, check):
    """One game of seat 0 = @first against @second; returns the result as Game.result()."""
    rng = random.Random(seed)
    game = Game(rng)
    players = (make_player(first, args, seed), make_player(second, args, seed + 1))
    referee_engine = players[0] if isinstance(players[0], Engine) else \
        players[1] if isinstance(players[1], Engine) else None
    try:
        while True:
            outcome = game.result()
            if outcome is not None:
                return outcome
            legal = game.actions()
            if check and referee_engine is not None:
                theirs = referee_engine.moves(game.history)
                if sorted(theirs) != sorted(legal):
                    raise AssertionError("actions differ after %s: %s vs %s"
                                         % (game.history, sorted(legal), sorted(theirs)))
            action = players[game.seat].choose(game, rng)
            if action not in legal:
                raise AssertionError("%s played %s, not legal after %s"
                                     % ((first, second)[game.seat], action, game.history))
            game.play(action)
    finally:
        for player in players:
            player.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engine", required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--movetime", type=int, default=1000,
                        help="the time a move in ms; Master takes at most 1 s in the game")
    parser.add_argument("--check", action="store_true",
                        help="compare the referee's legal actions with the engine's each ply")
    parser.add_argument("pairings", nargs="+", help="first:second, of master, intermediate, "
                        "beginner and greedy")
    args = parser.parse_args()

    for pairing in args.pairings:
        a, b = pairing.split(":")
        wins = draws = losses = 0
        for i in range(args.games):
            seed = args.seed + 1000 * i
            # The players change seats every game: the one who acts first has no edge to keep.
            a_first = i % 2 == 0
            outcome = play(args, a if a_first else b, b if a_first else a, seed, args.check)
            if outcome == "draw":
                draws += 1
            elif (outcome == 0) == a_first:
                wins += 1
            else:
                losses += 1
            print("  game %d: %s" % (i + 1, "draw" if outcome == "draw" else
                                     (a if (outcome == 0) == a_first else b) + " wins"),
                  file=sys.stderr, flush=True)
        score = (wins + draws / 2) / max(wins + draws + losses, 1)
        print("%s vs %s: %d games, +%d =%d -%d, score %.1f %%"
              % (a, b, wins + draws + losses, wins, draws, losses, 100 * score), flush=True)


if __name__ == "__main__":
    main()
