#!/usr/bin/env bash
# Remakes the help's figures (help/C/figures/*.png) from the games' own drawings.
# Usage: help/figures/make-figures.sh [BUILD_DIR]   (default: _build)
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-_build}
out=help/C/figures
mkdir -p "$out"
export CATUR_PLUGIN_PATH="$build/plugins/xiangqi:$build/plugins/banqi"

figure () {
  "$build/help/figures/catur-figure" xiangqi "$@"
}

figure 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' "$out/xiangqi-start.png"
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
