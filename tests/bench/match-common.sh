# match-common.sh: what the strength scripts share; sourced, with GAME set
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Every match is one catur-match run, one game at a time (the figures then depend less on the
# machine's load): its games go to OUTDIR/NAME/ as records, its lines to OUTDIR/NAME.log, and
# the last line (the score, the Elo difference and its interval) is printed. ENGINE_DIR is a
# folder laid out as _build is (src/match/catur-match, src/engine/catur-engine, plugins/GAME),
# by default this checkout's _build; MOVETIME defaults to 200 ms a move.
cd "$(dirname "$0")/../.."
games=${1:-20}
out=${2:-_build/strength-$GAME}
mkdir -p "$out"
dir=${ENGINE_DIR:-$PWD/_build}
movetime=${MOVETIME:-200}

match () {
  name=$1
  shift
  echo "== $name"
  "$dir/src/match/catur-match" --game "$GAME" --games "$games" --movetime "$movetime" \
    --random-plies 4 --concurrency 1 --plugin-path "$dir/plugins/$GAME" \
    --catur-engine "$dir/src/engine/catur-engine" --records "$out/$name" "$@" \
    > "$out/$name.log" 2>&1 || true
  tail -n 1 "$out/$name.log"
}
