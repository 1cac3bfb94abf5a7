#!/bin/sh
# strength-shogi.sh: the Shogi strength table of tests/bench/README.md, one match per line
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/bench/strength-shogi.sh [GAMES] [OUTDIR]
#
# catur-match (see match-common.sh) against Debian's fairy-stockfish in USI at the Skill
# Levels of SKILLS (10), and the levels against each other.
set -eu
GAME=shogi
. "$(dirname "$0")/match-common.sh"
fsf=/usr/games/fairy-stockfish

for skill in ${SKILLS:-10}; do
  match "master-vs-fsf-$skill" level:master "usi:$fsf" --option2 "Skill Level=$skill" \
    --seed "$skill"
done
match master-vs-intermediate level:master level:intermediate --seed 201
match intermediate-vs-beginner level:intermediate level:beginner --seed 202
