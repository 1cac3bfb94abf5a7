#!/usr/bin/env bash
# Takes the screenshots of data/screenshots/ from the real program under a virtual display.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: data/screenshots/take-screenshots.sh [BUILD_DIR [OUT_DIR [NAME...]]]
#
#   BUILD_DIR  a configured and built tree (default: _build)
#   OUT_DIR    where the PNG files go (default: data/screenshots)
#   NAME       only these shots, or "all" (default: the shots kept in data/screenshots; see
#              SHOTS and CHECKS below)
#
# Each shot starts `catur` afresh in its own D-Bus session on an Xvfb display, with settings
# in a scratch keyfile (GSETTINGS_BACKEND=keyfile, written with `gsettings` beforehand): the
# game, a few moves (the hidden --moves option), the piece and board themes, the window size.
# The style is libadwaita's ADW_DEBUG_COLOR_SCHEME (prefer-light or prefer-dark), the scale
# GDK_SCALE. The preferences are opened through the app.preferences action, as `gapplication
# action` sends it. ImageMagick's `import` captures the window. Needs xvfb-run,
# dbus-run-session, gapplication, gsettings, xwininfo and import.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
source_root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$source_root/_build}" && pwd)
out=$(mkdir -p "${2:-$here}" && cd "${2:-$here}" && pwd)
shift $(( $# > 2 ? 2 : $# ))

# A virtual display big enough for a window at scale 2; the script runs itself inside it.
if [ -z "${CATUR_SCREENSHOT_DISPLAY:-}" ]; then
  exec env CATUR_SCREENSHOT_DISPLAY=1 xvfb-run -a -s "-screen 0 2600x1800x24" \
    "$0" "$build" "$out" "$@"
fi

for tool in dbus-run-session gapplication gsettings xwininfo import; do
  command -v "$tool" >/dev/null || { echo "take-screenshots: $tool is missing" >&2; exit 1; }
done

app_id=io.github.caturapp.Catur
# The game of a shot is the first word of its name that names one (xiangqi, chess, shogi,
# banqi).
declare -A opening=(
  # 13 plies, central cannon against the screen horses, in ICCS.
  [xiangqi]="h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 g6g5 h0h6 b7a7 c3c4 a9b9 b2b6"
  # 13 plies of the Ruy Lopez, closed, in UCI.
  [chess]="e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3"
  # A Double Wing opening of 18 plies in USI, both rooks trading their pawns, so that each hand
  # holds one and a pawn has been dropped.
  [shogi]="7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2f 8e8f 8g8f 8b8f \
P*8g 8f8b"
  # 30 plies of Banqi from catur-engine's Master against itself, each flip with the piece it
  # showed (so the deal does not matter): four captures, both trays and the pool in the panel.
  [banqi]="a1=p a3=H b1=R d3=e d8=H d5=A b5=p b1a1 a5=a a7=e b6=R d4=p c3=c b3=h c3a3 d5d4
           d2=P c7=r b3c3 d6=p d3d2 a1b1 b8=P d4d5 a3b3 b1a1 d1=A d1d2 b3a3 a1b1"
)

# The shots kept in data/screenshots/ (the metainfo lists them), then the ones only looked at
# when the drawing changes: scale 2 must be as sharp as scale 1, and every theme must work in
# both styles. No NAME runs SHOTS; "all" runs both lists; any name runs that shot.
# name                        scale style piece-theme   board    window   preferences-page
SHOTS=(
  "xiangqi-board                1 light classic       wood     1100x760 -"
  "xiangqi-board-dark           1 dark  classic       wood     1100x760 -"
  "xiangqi-international        1 light international wood     1100x760 -"
  "xiangqi-contrast             1 light classic       contrast 1100x760 -"
  "xiangqi-contrast-dark        1 dark  international contrast 1100x760 -"
  "preferences-xiangqi          1 light classic       wood     1100x760 xiangqi"
  "chess-board                  1 light classic       classic  1100x760 -"
  "chess-board-dark             1 dark  classic       classic  1100x760 -"
  "shogi-board                  1 light traditional   kaya     1100x760 -"
  "banqi-board                  1 light classic       wood     1100x760 -"
)
CHECKS=(
  "xiangqi-international-dark   1 dark  international wood     1100x760 -"
  "xiangqi-board-scale2         2 light classic       wood     1100x760 -"
  "xiangqi-board-dark-scale2    2 dark  classic       wood     1100x760 -"
  "xiangqi-contrast-scale2      2 light international contrast 1100x760 -"
  "xiangqi-contrast-dark-scale2 2 dark  classic       contrast 1100x760 -"
  "preferences-general          1 light classic       wood     1100x760 general"
  "preferences-xiangqi-dark     1 dark  international contrast 1100x760 xiangqi"
  "preferences-xiangqi-scale2   2 light classic       wood     1100x760 xiangqi"
  "shogi-board-dark             1 dark  international kaya     1100x760 -"
  "shogi-contrast               1 light traditional   contrast 1100x760 -"
)

# The X window id of the first toplevel named $1, once it is mapped (up to 10 s).
find_window () {
  local id=""
  for _ in $(seq 100); do
    id=$(xwininfo -root -tree | awk -v name="\"$1\"" 'index($0, name) { print $1; exit }')
    if [ -n "$id" ] && xwininfo -id "$id" | grep -q "IsViewable"; then
      echo "$id"
      return 0
    fi
    sleep 0.1
  done
  return 1
}

shoot () {
  local name=$1 scale=$2 style=$3 pieces=$4 board=$5 size=$6 page=$7
  local scratch window_id game=xiangqi word
  for word in ${name//-/ }; do
    if [ -n "${opening[$word]:-}" ]; then
      game=$word
      break
    fi
  done
  scratch=$(mktemp -d)
  mkdir -p "$scratch/home/.config" "$scratch/home/.local/share" "$scratch/home/.cache"
  # The helpers the D-Bus session's shell needs.
  declare -f find_window >"$scratch/functions.sh"
  # A session bus that activates nothing: no portals or other services start behind the app.
  cat >"$scratch/bus.conf" <<EOF
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=$scratch</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF

  # A home of its own: the preferences show the player's theme folder as ~/.local/share/….
  export HOME="$scratch/home"
  export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share"
  export XDG_CACHE_HOME="$HOME/.cache"
  export GSETTINGS_BACKEND=keyfile GSETTINGS_SCHEMA_DIR="$build/data"
  export CATUR_PLUGIN_PATH="$build/plugins/$game"
  gsettings set $app_id game "$game"
  gsettings set $app_id window-width "${size%x*}"
  gsettings set $app_id window-height "${size#*x}"
  gsettings set $app_id sidebar-visible true
  gsettings set $app_id.$game piece-theme "$pieces"
  gsettings set $app_id.$game board-theme "$board"

  GDK_SCALE=$scale ADW_DEBUG_COLOR_SCHEME=prefer-$style GTK_A11Y=none NO_AT_BRIDGE=1 \
    ADW_DISABLE_PORTAL=1 \
    dbus-run-session --config-file="$scratch/bus.conf" -- bash -c '
      set -euo pipefail
      "$0" --game "$5" --moves "$1" &
      app=$!
      trap "kill $app 2>/dev/null || true" EXIT
      source "$2"
      main=$(find_window Catur)
      target=$main
      if [ "$3" != "-" ]; then
        gapplication action '"$app_id"' preferences "'\''$3'\''"
        target=$(find_window Preferences)
      fi
      # Let the move animation and the window settle.
      sleep 4
      import -window "$target" "$4"
    ' "$build/src/catur" "${opening[$game]}" "$scratch/functions.sh" "$page" "$out/$name.png" \
      "$game"

  rm -rf "$scratch" 2>/dev/null || true
  echo "$out/$name.png"
}

selected=("$@")
shots=("${SHOTS[@]}")
if [ ${#selected[@]} -gt 0 ]; then
  shots=("${SHOTS[@]}" "${CHECKS[@]}")
fi
for shot in "${shots[@]}"; do
  read -r name scale style pieces board size page <<<"$shot"
  if [ ${#selected[@]} -gt 0 ] && [[ " ${selected[*]} " != *" $name "* ]] \
     && [[ " ${selected[*]} " != *" all "* ]]; then
    continue
  fi
  ( shoot "$name" "$scale" "$style" "$pieces" "$board" "$size" "$page" )
done
