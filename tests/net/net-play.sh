#!/usr/bin/env bash
# Two Catur processes on the loopback address play whole games through the real protocol and
# TLS (CaturNetPlay: transport, session and, for Banqi, the deal): one hosts on 127.0.0.1 with
# a port the system chose and writes its invitation link to a file, the other joins with it.
# For each game: a whole game, both sides ending with one record and one result (Banqi: both
# end checks of the deal passed); then a game whose connection one side closes mid-game, which
# the joiner resumes with the same invitation, at the same ply, with no move lost or played
# twice; and a game whose joiner is killed (SIGKILL) mid-game and started again from its
# autosave (Banqi: with the deal kept beside it, readable by its owner alone). TAP output; the
# figures go to the log as comments.
#
# Usage: net-play.sh TEST-NET-PLAYER GAME...
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

player=$(realpath "$1")
shift
tmp=$(mktemp -d /tmp/catur-net-play.XXXXXX)
cleanup () {
  local pid
  for pid in $(jobs -p); do
    kill "$pid" 2>/dev/null
  done
  rm -rf "$tmp"
}
trap cleanup EXIT
export XDG_DATA_HOME="$tmp/data"

number=0
planned=0
for game in "$@"; do
  planned=$((planned + 3))
  [ "$game" != banqi ] || planned=$((planned + 1))
done
echo "1..$planned"

line () {
  grep -m1 "^$1" "$2" | cut -d' ' -f2-
}

# run_pair NAME GAME SEED HOST-ARGS JOIN-ARGS: plays one game; leaves the outputs in $dir.
run_pair () {
  dir="$tmp/$1"
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  timeout 20 "$player" --host --game "$2" --seed "$3" --link "$dir/link" $4 \
    >"$dir/host.out" 2>"$dir/host.err" &
  local host_pid=$!
  for _ in $(seq 200); do
    [ -s "$dir/link" ] && break
    sleep 0.05
  done
  # shellcheck disable=SC2086
  timeout 20 "$player" --join --game "$2" --seed "$3" --link "$dir/link" $5 \
    >"$dir/join.out" 2>"$dir/join.err" &
  local join_pid=$!
  wait "$host_pid"
  host_status=$?
  wait "$join_pid"
  join_status=$?
}

# check NAME GAME: both ended well with one game.
check () {
  local why=""
  [ "$host_status" -eq 0 ] || why="the host exited with $host_status"
  [ "$join_status" -eq 0 ] || why="$why; the joiner exited with $join_status"
  local host_record join_record
  host_record=$(line record "$dir/host.out")
  join_record=$(line record "$dir/join.out")
  [ -n "$host_record" ] || why="$why; no record"
  [ "$host_record" = "$join_record" ] || why="$why; the records differ"
  [ "$(line result "$dir/host.out")" = "$(line result "$dir/join.out")" ] \
    || why="$why; the results differ"
  [ "$(line plies "$dir/host.out")" = "$(line plies "$dir/join.out")" ] \
    || why="$why; the plies differ"
  if [ "$2" = banqi ]; then
    [ "$(line deal-check "$dir/host.out")" = passed ] || why="$why; the host's end check"
    [ "$(line deal-check "$dir/join.out")" = passed ] || why="$why; the joiner's end check"
  fi
  problem="$why"
}

report () {
  number=$((number + 1))
  if [ -z "$problem" ]; then
    echo "ok $number - $1"
  else
    echo "not ok $number - $1: ${problem#; }"
    sed 's/^/# host: /' "$dir/host.out" "$dir/host.err"
    sed 's/^/# joiner: /' "$dir/join.out" "$dir/join.err"
  fi
  grep -h "^plies\|^bytes\|^rtt\|^deal-ms\|^sessions\|^resumed\|^dropped" "$dir/host.out" \
    | sed "s/^/# $1, host: /"
}

# run_kill NAME [--kill-owed]: the joiner of $game is killed (at ply 9, or at its first flip
# from there, with the flip owed) and started again from its autosave; sets $problem.
run_kill () {
  dir="$tmp/$1"
  mkdir -p "$dir"
  timeout 20 "$player" --host --game "$game" --seed "$seed" --link "$dir/link" \
    >"$dir/host.out" 2>"$dir/host.err" &
  host_pid=$!
  for _ in $(seq 200); do
    [ -s "$dir/link" ] && break
    sleep 0.05
  done
  # shellcheck disable=SC2086
  timeout 20 "$player" --join --game "$game" --seed "$seed" --link "$dir/link" \
    --autosave "$dir/save" --kill-at 9 $2 >"$dir/killed.out" 2>"$dir/killed.err"
  killed_status=$?
  timeout 20 "$player" --join --game "$game" --seed "$((seed + 1))" --link "$dir/link" \
    --resume "$dir/save" --autosave "$dir/save" >"$dir/join.out" 2>"$dir/join.err"
  join_status=$?
  wait "$host_pid"
  host_status=$?
  check "$1" "$game"
  [ "$killed_status" -eq 137 ] || problem="$problem; the joiner was not killed ($killed_status)"
  restored=$(line restored-at "$dir/join.out")
  case "$restored" in
    9|10) ;;
    *) [ -n "$2" ] || problem="$problem; not restored at ply 9 (${restored:-none})" ;;
  esac
  [ "$(line sessions "$dir/host.out")" = 2 ] || problem="$problem; the host had not 2 sessions"
  grep -q "^joined reconnection 1" "$dir/host.out" \
    || problem="$problem; the host did not see a reconnection"
  case "$(line resumed-at "$dir/host.out")" in
    $((restored - 1))|"$restored"|$((restored + 1))) ;;
    *) problem="$problem; the host resumed at another ply than the autosave's" ;;
  esac
  if [ "$game" = banqi ]; then
    grep -q "^restored-deal" "$dir/join.out" || problem="$problem; the deal was not restored"
    [ "$(stat -c %a "$dir/save.deal" 2>/dev/null)" = 600 ] \
      || problem="$problem; the saved deal is not readable by its owner alone"
  fi
}

seed=36
for game in "$@"; do
  run_pair "$game-whole" "$game" "$seed" "" ""
  check "$game-whole" "$game"
  report "$game: a whole game"

  # The host closes its connection in one game, the joiner in the next.
  if [ $(( number % 4 )) -eq 1 ]; then
    run_pair "$game-drop" "$game" "$((seed + 1))" "--drop-at 9" ""
    dropper="$dir/host.out"
  else
    run_pair "$game-drop" "$game" "$((seed + 1))" "" "--drop-at 9"
    dropper="$dir/join.out"
  fi
  check "$game-drop" "$game"
  # The side closes when its game has reached ply 9: at 9, or at 10 when the reply came first.
  dropped=$(line dropped-at "$dropper")
  case "$dropped" in
    9|10) ;;
    *) problem="$problem; no drop at ply 9 (${dropped:-none})" ;;
  esac
  [ "$(line sessions "$dir/host.out")" = 2 ] || problem="$problem; the host had not 2 sessions"
  [ "$(line sessions "$dir/join.out")" = 2 ] || problem="$problem; the joiner had not 2 sessions"
  grep -q "^joined reconnection 1" "$dir/host.out" \
    || problem="$problem; the host did not see a reconnection"
  # The side that closed resumed from the ply it kept; the other had at most the move in flight.
  [ "$(line resumed-at "$dropper")" = "$dropped" ] \
    || problem="$problem; not resumed at ply $dropped, where it closed"
  other=$(line resumed-at "$dir/host.out")
  [ "$dropper" = "$dir/host.out" ] && other=$(line resumed-at "$dir/join.out")
  case "$other" in
    $((dropped - 1))|"$dropped"|$((dropped + 1))) ;;
    *) problem="$problem; the other side resumed at ply ${other:-none}" ;;
  esac
  report "$game: a connection dropped at ply 9 and resumed"

  # The joiner is killed once its game has reached ply 9, and started again from its autosave.
  run_kill "$game-kill" ""
  report "$game: the joiner killed at ply 9 and started again from its autosave"

  if [ "$game" = banqi ]; then
    # Killed at its first flip from ply 9, its share not sent: the restored deal owes the flip,
    # asks it again, and it is the next move of the game.
    run_kill "$game-owed" --kill-owed
    owing=$(line killed-owing "$dir/killed.out")
    owed_ply=${owing%% *}
    owed_text=${owing#* }
    [ -n "$owing" ] || problem="$problem; the joiner was not killed owing a flip"
    [ "$restored" = "$owed_ply" ] || problem="$problem; not restored at the owed flip's ply"
    played=$(line record "$dir/host.out" | cut -d' ' -f$((owed_ply + 1)))
    case "$played" in
      "$owed_text"=*) ;;
      *) problem="$problem; the flip owed ($owed_text) was not played next (${played:-none})" ;;
    esac
    report "$game: the joiner killed with a flip owed, which it plays when started again"
  fi
  seed=$((seed + 2))
done
