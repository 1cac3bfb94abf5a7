#!/bin/sh
# strength-chess.sh: the chess strength table of tests/bench/README.md, one match per line
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/bench/strength-chess.sh [GAMES] [OUTDIR]
#
# Needs a build in _build (or ENGINE_DIR, a folder laid out as _build is: src/engine/catur-engine
# and plugins/chess), Debian's stockfish (the opponent) and fairy-stockfish (the referee of
# ../shared/tools/match.py). Each match prints its games and a last line
# "W-D-L ... score ... Elo ..."; the logs and the games (JSON lines) go to OUTDIR. ELOS lists
# the UCI_Elo settings Master meets (1800 2000 2200). A match of 20 games at 200 ms a move takes
# about six minutes on a 2-core machine; the level matches are quicker.
set -eu
cd "$(dirname "$0")/../.."
games=${1:-20}
out=${2:-_build/strength-chess}
mkdir -p "$out"
dir=${ENGINE_DIR:-$PWD/_build}
engine="$dir/src/engine/catur-engine --plugin-path $dir/plugins/chess --variant chess"
stockfish=/usr/games/stockfish
common="--variant chess --games $games --movetime 200 --random-plies 4 --concurrency 1"

tools=${CATUR_TOOLS:-../shared/tools}

match () {
  name=$1
  shift
  echo "== $name"
  python3 "$tools/match.py" $common --games-out "$out/$name.jsonl" "$@" > "$out/$name.log" 2>&1 \
    || true
  tail -n 1 "$out/$name.log"
}

for elo in ${ELOS:-1800 2000 2200}; do
  match "master-vs-stockfish-$elo" --engine1 "$engine" --name1 master \
    --engine2 "$stockfish" --option2 UCI_LimitStrength=true --option2 "UCI_Elo=$elo" \
    --name2 "stockfish-elo-$elo" --seed "$elo"
done
match master-vs-intermediate --engine1 "$engine" --name1 master \
  --engine2 "$engine" --option2 Level=intermediate --name2 intermediate --seed 201
match intermediate-vs-beginner --engine1 "$engine" --option1 Level=intermediate \
  --name1 intermediate --engine2 "$engine" --option2 Level=beginner --name2 beginner --seed 202
# Stockfish's weakest setting, for where Beginner stands.
match beginner-vs-stockfish-1350 --engine1 "$engine" --option1 Level=beginner --name1 beginner \
  --engine2 "$stockfish" --option2 UCI_LimitStrength=true --option2 UCI_Elo=1350 \
  --name2 stockfish-elo-1350 --seed 1350
