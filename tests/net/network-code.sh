#!/usr/bin/env bash
# Joining by the code, between two real windows on two computers: each in a network namespace
# of its own with its own Avahi daemon (netns.sh) and its own X server (xvfb-run), each run by
# tests/ui/network-code-peer through the real New Game dialog with real clicks and keys.
#
#  1. The host invites; the game shows in the joiner's "Games on This Network"; the joiner types
#     the code and joins; both see the same six words (compared here, as the two players would
#     read them to each other); the host lets the friend in; both windows start the game and
#     play one move each, and agree on the moves.
#  2. Again, and the host turns the friend away: the joiner's dialog says so.
#
# Usage: network-code.sh NETWORK-CODE-PEER GAME. Needs root; exits 77 (skipped) where namespaces
# are refused or a program is missing. CATUR_TEST_SCREENSHOTS=<folder> keeps the host's question
# and the joiner's words as pictures.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

peer=$(realpath "$1")
game=$2

netns_name=code
netns_programs="xvfb-run xauth xdotool"
# shellcheck source=netns.sh
. "$(dirname "$0")/netns.sh"

# run_window NAME SIDE ARGS…: a network-code-peer under an X server of its own, in the side's
# namespace, on the side's bus.
run_window () {
  local name=$1 side=$2 ns=ns_$2
  shift 2
  ip netns exec "${!ns}" env DBUS_SYSTEM_BUS_ADDRESS="unix:path=$tmp/bus-$side" \
    xvfb-run -a -s '-screen 0 1280x1024x24' "$peer" "$@" >"$tmp/$name.log" 2>&1 &
  pids+=($!)
  eval "window_$name=$!"
}

start_avahi a
start_avahi b

# play_case NAME ANSWER: the host in a, the joiner in b, and the host's ANSWER to the knock.
play_case () {
  local name=$1 answer=$2 dir=$tmp/$1 host join status pid
  mkdir "$dir"
  run_window "${name}_host" a --host "$dir" "$game"
  host=$tmp/${name}_host.log
  wait_for "$host" 1 20 '^code [0-9A-Z]{3}-[0-9A-Z]{3}$'
  # One X server started at a time: xvfb-run -a takes the first display number free.
  run_window "${name}_join" b --join "$dir" "$game"
  join=$tmp/${name}_join.log
  wait_for "$join" 1 20 '^listed$'
  wait_for "$join" 1 15 '^waiting Waiting for Budi to let you in…$'
  wait_for "$host" 1 5 '^knocked$'
  [ -s "$dir/host-words" ] || fail "the host wrote no words"
  [ "$(cat "$dir/host-words")" = "$(cat "$dir/join-words")" ] \
    || fail "the words differ: '$(cat "$dir/host-words")' and '$(cat "$dir/join-words")'"
  pass "$name: the game is listed, the code knocks, both see the words $(cat "$dir/host-words")"

  echo "$answer" >"$dir/answer.new" && mv "$dir/answer.new" "$dir/answer"
  if [ "$answer" = let-in ]; then
    wait_for "$host" 1 15 '^started .*Budi.*Sari|^started .*Sari.*Budi'
    wait_for "$join" 1 15 '^started .*Budi.*Sari|^started .*Sari.*Budi'
    wait_for "$host" 1 20 '^moves '
    wait_for "$join" 1 20 '^moves '
    [ "$(grep '^moves ' "$host")" = "$(grep '^moves ' "$join")" ] \
      || fail "the games differ: $(grep '^moves ' "$host") and $(grep '^moves ' "$join")"
    pass "$name: let in, both windows play the game: $(grep '^moves ' "$host")"
  else
    wait_for "$host" 1 10 '^turned-away$'
    wait_for "$join" 1 15 '^refused The host player did not let you in$'
    pass "$name: turned away, and the joiner's dialog says so"
  fi
  touch "$dir/stop"
  for side in host join; do
    eval "pid=\$window_${name}_$side"
    wait "$pid"
    status=$?
    [ "$status" -eq 0 ] || fail "the $side window of $name ended with status $status"
  done
}

play_case admitted let-in
play_case refused turn-away

echo "network code test: $(elapsed) s"
