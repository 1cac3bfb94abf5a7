#!/bin/sh
# strength-chess.sh: the chess strength table of tests/bench/README.md, one match per line
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/bench/strength-chess.sh [GAMES] [OUTDIR]
#
# catur-match (see match-common.sh) against Debian's stockfish at the UCI_Elo settings of ELOS
# (1800 2000 2200), the levels against each other, and Beginner against Stockfish's weakest
# setting. A match of 20 games at 200 ms a move takes about six minutes on a 2-core machine.
set -eu
GAME=chess
. "$(dirname "$0")/match-common.sh"
stockfish=/usr/games/stockfish

for elo in ${ELOS:-1800 2000 2200}; do
  match "master-vs-stockfish-$elo" level:master "uci:$stockfish" \
    --option2 UCI_LimitStrength=true --option2 "UCI_Elo=$elo" --seed "$elo"
done
match master-vs-intermediate level:master level:intermediate --seed 201
match intermediate-vs-beginner level:intermediate level:beginner --seed 202
# Stockfish's weakest setting, for where Beginner stands.
match beginner-vs-stockfish-1350 level:beginner "uci:$stockfish" \
  --option2 UCI_LimitStrength=true --option2 UCI_Elo=1350 --seed 1350
