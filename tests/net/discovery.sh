#!/usr/bin/env bash
# Discovery through two real avahi-daemons: two network namespaces joined by a veth pair, each
# with its own D-Bus system bus and Avahi daemon (Avahi ignores the loopback interface, so one
# namespace will not do). A publisher offers a game in one and a browser finds it in the other,
# with its TXT record, host and port; a second game of the same name is renamed; the browser
# waits for a daemon that starts late, the publisher survives its daemon's restart, and the game
# leaves the list when the publisher stops.
#
# Usage: discovery.sh DISCOVERY-PEER. Needs root; exits 77 (skipped) where namespaces are refused.
# The namespaces, buses and daemons are netns.sh's.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

peer=$(realpath "$1")

netns_name=disc
# shellcheck source=netns.sh
. "$(dirname "$0")/netns.sh"

# run_peer NAME SIDE ARGS…: a discovery-peer in the side's namespace, on the side's bus.
run_peer () {
  local name=$1 side=$2 ns=ns_$2
  shift 2
  ip netns exec "${!ns}" env DBUS_SYSTEM_BUS_ADDRESS="unix:path=$tmp/bus-$side" \
    "$peer" "$@" >"$tmp/$name.log" 2>&1 &
  pids+=($!)
  eval "peer_$name=$!"
}

start_avahi a
# The browser starts before its daemon: it says why the list is empty, and starts with it.
run_peer browser b browse
wait_for "$tmp/browser.log" 1 5 \
  '^error 0 Games on the local network cannot be listed because the Avahi service'
start_avahi b
wait_for "$tmp/browser.log" 1 8 '^ok$'
pass "the browser waits for a daemon that starts late"

# The game, and beside it services of other programs or a stranger's: not a game without a
# valid version and game id, and a player's name made safe to show (a control character becomes
# a space, a byte that is no UTF-8 the replacement character).
run_peer host a publish 'Budi Santoso' xiangqi K7-M2Q 45678
run_peer printer a raw Printer 631 rp=queue
run_peer evil a raw Evil 45682 proto=1 'game=../chess'
run_peer mallory a raw Mallory 45681 proto=2 game=chess $'player=Bad\001Name\377' code=X1
wait_for "$tmp/host.log" 1 8 '^published Budi Santoso$'
game_a='Budi Santoso\|catur-disc-a\.local\|10\.77\.0\.1\|45678\|xiangqi\|Budi Santoso\|K7-M2Q\|1'
wait_for "$tmp/browser.log" 1 8 "^(found|changed) $game_a\$"
pass "the game is found with its host, address, port and TXT record"

wait_for "$tmp/printer.log" 1 8 '^published raw$'
wait_for "$tmp/evil.log" 1 8 '^published raw$'
game_m="Mallory\\|catur-disc-a\\.local\\|10\\.77\\.0\\.1\\|45681\\|chess\\|Bad Name"
game_m+=$'\xef\xbf\xbd''\|X1\|2'
wait_for "$tmp/browser.log" 1 8 "^(found|changed) $game_m\$"
grep -q -E '^(found|changed) (Printer|Evil)\|' "$tmp/browser.log" \
  && fail "a service that is no Catur game is listed"
kill -TERM "$peer_printer" "$peer_evil" "$peer_mallory"
pass "other services are not listed, and what a stranger sends is made safe to show"

# The same player name from the other computer: the second game is renamed. Avahi announces a
# new record for a few seconds; a newcomer's probe in that time may win the name from it (seen
# on a machine where the first game, not the second, was renamed every time), so the first
# game's announcing is let end first.
sleep 3
run_peer second b publish 'Budi Santoso' chess '' 45679
wait_for "$tmp/second.log" 1 8 '^published Budi Santoso #2$'
game_b='Budi Santoso #2\|catur-disc-b\.local\|10\.77\.0\.2\|45679\|chess\|Budi Santoso\|\|1'
wait_for "$tmp/browser.log" 1 8 "^(found|changed) $game_b\$"
pass "a second game of the same name is renamed and found"
# A third from the first computer: its daemon refuses the name at once, and the network the
# next one.
run_peer third a publish 'Budi Santoso' banqi '' 45680
wait_for "$tmp/third.log" 1 8 '^published Budi Santoso #3$'
game_c='Budi Santoso #3\|catur-disc-a\.local\|10\.77\.0\.1\|45680\|banqi\|'
wait_for "$tmp/browser.log" 1 8 "^(found|changed) $game_c"
kill -TERM "$peer_third"
wait "$peer_third" || fail "the third publisher ended with status $?"
wait_for "$tmp/browser.log" 1 8 '^removed Budi Santoso #3$'
pass "a name this computer has already is renamed too"

# The publisher's daemon restarts: the game goes, and comes back when the daemon does.
kill -TERM "$avahi_a"
wait_for "$tmp/host.log" 1 5 '^error 0 This game cannot be listed on the local network'
wait_for "$tmp/browser.log" 1 8 '^removed Budi Santoso$'
start_avahi a
wait_for "$tmp/host.log" 2 8 '^published Budi Santoso$'
# Its IPv6 sighting may come first, its IPv4 address then.
wait_for "$tmp/browser.log" 2 8 "^(found|changed) $game_a\$"
pass "the game is offered again after its daemon's restart"

kill -TERM "$peer_host"
wait_for "$tmp/host.log" 1 5 '^stopped$'
wait "$peer_host" || fail "the publisher ended with status $?"
wait_for "$tmp/browser.log" 2 8 '^removed Budi Santoso$'
grep -q -E '^(found|changed) (Printer|Evil)\|' "$tmp/browser.log" \
  && fail "a service that is no Catur game is listed"
[ "$(grep -c -E '^found Budi Santoso #2\|' "$tmp/browser.log")" -eq 1 ] \
  || fail "the second game was listed more than once"
grep -q -E "^removed Budi Santoso #2$" "$tmp/browser.log" \
  && fail "the second game left the list with the first"
pass "the game leaves the list when its host stops offering it"
kill -TERM "$peer_browser"
wait "$peer_browser" || fail "the browser ended with status $?"

echo "discovery test: $(elapsed) s"
