#!/bin/sh
# strength-shogi.sh: the Shogi strength table of tests/bench/README.md, one match per line
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/bench/strength-shogi.sh [GAMES] [OUTDIR]
#
# As strength.sh, for Shogi: needs a build in _build (or ENGINE_DIR, a folder laid out as
# _build is: src/engine/catur-engine and plugins/shogi) and Debian's fairy-stockfish, which
# both plays and referees (USI moves, SFEN positions). Each match prints its games and a last
# line "W-D-L ... score ... Elo ..."; the logs and the games (JSON lines) go to OUTDIR.
set -eu
cd "$(dirname "$0")/../.."
games=${1:-20}
out=${2:-_build/strength-shogi}
mkdir -p "$out"
dir=${ENGINE_DIR:-$PWD/_build}
engine="$dir/src/engine/catur-engine --plugin-path $dir/plugins/shogi --variant shogi"
fsf=/usr/games/fairy-stockfish
common="--variant shogi --games $games --movetime 200 --random-plies 4 --concurrency 1"

tools=${CATUR_TOOLS:-../shared/tools}

match () {
  name=$1
  shift
  echo "== $name"
  python3 "$tools/match.py" $common --games-out "$out/$name.jsonl" "$@" > "$out/$name.log" 2>&1 \
    || true
  tail -n 1 "$out/$name.log"
}

for skill in ${SKILLS:-10}; do
  match "master-vs-fsf-$skill" --engine1 "$engine" --name1 master \
    --engine2 "$fsf" --option2 "Skill Level=$skill" --name2 "fsf-skill-$skill" --seed "$skill"
done
match master-vs-intermediate --engine1 "$engine" --name1 master \
  --engine2 "$engine" --option2 Level=intermediate --name2 intermediate --seed 201
match intermediate-vs-beginner --engine1 "$engine" --option1 Level=intermediate \
  --name1 intermediate --engine2 "$engine" --option2 Level=beginner --name2 beginner --seed 202
