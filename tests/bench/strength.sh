#!/bin/sh
# strength.sh: the Xiangqi strength table of tests/bench/README.md, one match per line
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/bench/strength.sh [GAMES] [OUTDIR]
#
# catur-match (see match-common.sh) against Debian's fairy-stockfish at several Skill Levels,
# and the levels against each other. A match of 20 games at 200 ms a move takes about ten
# minutes on a 2-core machine.
set -eu
GAME=xiangqi
. "$(dirname "$0")/match-common.sh"
fsf=/usr/games/fairy-stockfish

for skill in ${SKILLS:-0 5 10 15 20}; do
  match "master-vs-fsf-$skill" level:master "uci:$fsf" --option2 "Skill Level=$skill" \
    --seed "$skill"
done
match master-vs-intermediate level:master level:intermediate --seed 101
match intermediate-vs-beginner level:intermediate level:beginner --seed 102
