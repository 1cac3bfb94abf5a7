#!/bin/sh
# strength-banqi.sh: the Banqi strength table of tests/bench/README.md, one match per line
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/bench/strength-banqi.sh [GAMES] [OUTDIR]
#
# catur-match (see match-common.sh) between the levels. No other program plays Banqi: the
# referee (CaturGame in catur-match) alone holds each deal, and each catur-engine is told the
# flips with what they showed and deals the squares still face down from its own seed.
# MOVETIME defaults to the game's own second a move here.
set -eu
GAME=banqi
MOVETIME=${MOVETIME:-1000}
. "$(dirname "$0")/match-common.sh"

match master-vs-intermediate level:master level:intermediate --seed 7
match intermediate-vs-beginner level:intermediate level:beginner --seed 3
