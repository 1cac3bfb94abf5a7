#!/usr/bin/env bash
# Remakes the help's figures (help/C/figures/*.png) from the games' own drawings.
# Usage: help/figures/make-figures.sh [BUILD_DIR]   (default: _build)
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-_build}
out=help/C/figures
mkdir -p "$out"
plugin_dir=$build/plugins
export CATUR_PLUGIN_PATH="$plugin_dir/xiangqi:$plugin_dir/banqi:$plugin_dir/chess:$plugin_dir/shogi"

figure () {
  "$build/help/figures/catur-figure" xiangqi "$@"
}

chess_figure () {
  "$build/help/figures/catur-figure" chess "$@"
}

figure 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' \
  "$out/xiangqi-start.png"
# The horse on e3: its legs at e4 and d3 are taken, so only four points remain (RULES XT2).
figure '5k3/9/9/9/9/4P4/3CN4/9/9/4K4 w - - 0 1' "$out/xiangqi-horse-leg.png" --select e3
# The cannon on c2 takes c6 over one screen, but not c8 behind two (RULES XT3).
figure '3k5/2n6/9/2p6/9/2p6/9/2C6/9/4K4 w - - 0 1' "$out/xiangqi-cannon.png" --select c2
# The black horse may not leave the file: the generals would face each other (RULES XT4).
figure '4k4/9/9/9/4n4/9/9/9/9/4K4 b - - 0 1' "$out/xiangqi-flying-general.png" --select e5

banqi_figure () {
  "$build/help/figures/catur-figure" banqi "$@"
}

banqi_figure 'XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX/XXXX f KAAEERRHHCCPPPPPkaaeerrhhccppppp 0 0' \
  "$out/banqi-start.png"
# The Red Horse on b3 steps to the two empty squares; the face-down a3 and the Black Chariot on
# b4, which ranks higher, stand in its way (RULES B4, B6).
banqi_figure '4/4/4/4/1r2/XH2/4/4 r P 3 20' "$out/banqi-step.png" --select b3
# The Red Chariot on b3 may take the Black Horse on c3 (a ring), not the Black General on b4.
banqi_figure '4/4/4/4/1k2/1Rh1/4/4 r - 3 20' "$out/banqi-rank.png" --select b3
# The Red Soldier on b3 takes the Black General on b4; the Red General on c2 cannot take the
# Black Soldier on d2 (RULES B6).
banqi_figure '4/4/4/4/1k2/1P2/2Kp/4 r - 3 20' "$out/banqi-soldier.png" --select b3
# The Red Cannon on a1 jumps the face-down a2 to take the Black Chariot on a4, and the Black
# Horse on b1 to take the Black Soldier on c1; it cannot take the Horse next to it, nor the
# Black Advisor on d1 behind two pieces (RULES B7).
banqi_figure '4/4/4/4/r3/4/X3/Chpa r P 3 20' "$out/banqi-cannon.png" --select a1

chess_figure 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' "$out/chess-start.png"
# The King on e1 may castle on both sides: g1 and c1 are among its squares (RULES CT3's idea).
chess_figure 'r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1' "$out/chess-castling.png" \
  --select e1
# Black has just played d7-d5 beside the Pawn on e5: exd6 takes it en passant.
chess_figure 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3' \
  "$out/chess-en-passant.png" --select e5
# The Knight on d2 is pinned to its King by the Bishop on b4: it has no square at all.
chess_figure '4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1' "$out/chess-pinned.png" --select d2

shogi () {
  "$build/help/figures/catur-figure" shogi "$@"
}
shogi 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1' "$out/shogi-start.png"
# The knight on 7g jumps to 8e and 6e, over what stands between; 8e holds a pawn to take.
shogi '4k4/9/9/9/1p7/2P6/2N6/9/4K4 b - 1' "$out/shogi-knight.png" --select 7g
# The silver on 4d: three of its moves enter the promotion zone, where it may promote.
shogi '4k4/9/9/5S3/9/9/9/9/4K4 b - 1' "$out/shogi-promotion.png" --select 4d
# Sente's pawn in hand dropped on 9b would mate the king on 9a: uchifuzume forbids it.
shogi 'kn7/1s7/G8/9/9/9/9/9/4K4 b P 1' "$out/shogi-uchifuzume.png"
