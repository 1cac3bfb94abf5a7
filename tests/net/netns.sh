# shellcheck shell=bash
# Sourced by the tests that need two computers on one network: two network namespaces joined
# by a veth pair (10.77.0.1 on cd-a, 10.77.0.2 on cd-b, IPv6 link-local too), each with its own
# D-Bus system bus, and start_avahi to run an Avahi daemon in either (Avahi ignores the loopback
# interface, so one namespace will not do).
#
# Set before sourcing: netns_name, a word that names the namespaces (catur-NAME-a-PID) and the
# daemons' host names (catur-NAME-a, catur-NAME-b); netns_programs, the programs the test needs
# besides these (it is skipped without them).
#
# Gives: $tmp (a temporary folder, deleted at the end), $ns_a and $ns_b, the buses' sockets
# $tmp/bus-a and $tmp/bus-b, and skip, fail, pass, elapsed, wait_for, start_avahi; pids+=(PID)
# has the trap end a process of the test's own. Needs root; skips (exit 77) where namespaces
# are refused. Nothing here touches the real system: the buses listen in the temporary folder,
# and each daemon runs in a mount namespace of its own, with an empty /run and no static
# services. A trap ends every process in pids and deletes the namespaces, even on a failure.
# SPDX-License-Identifier: GPL-3.0-or-later

skip () {
  echo "SKIP: $*"
  exit 77
}

[ "$(id -u)" -eq 0 ] || skip "network namespaces need root"
for program in ip unshare mount dbus-daemon avahi-daemon ${netns_programs:-}; do
  command -v "$program" >/dev/null 2>&1 || skip "$program is not installed"
done

tmp=$(mktemp -d "/tmp/catur-${netns_name:?}.XXXXXX")
ns_a=catur-$netns_name-a-$$
ns_b=catur-$netns_name-b-$$
pids=()
namespaces=()

cleanup () {
  local pid alive tries
  for pid in "${pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null
  done
  for tries in $(seq 20); do
    alive=0
    for pid in "${pids[@]}"; do
      kill -0 "$pid" 2>/dev/null && alive=1
    done
    [ "$alive" -eq 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do
    kill -KILL "$pid" 2>/dev/null
  done
  wait 2>/dev/null
  for ns in "${namespaces[@]}"; do
    ip netns del "$ns" 2>/dev/null
  done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

started=$(date +%s.%N)
fail () {
  echo "FAIL: $*"
  for log in "$tmp"/*.log; do
    echo "--- $(basename "$log")"
    cat "$log"
  done
  exit 1
}

elapsed () {
  awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $started }"
}

pass () {
  echo "ok: $* ($(elapsed) s)"
}

# wait_for LOG COUNT TIMEOUT REGEX: until LOG has COUNT lines matching REGEX.
wait_for () {
  local log=$1 count=$2 timeout=$3 regex=$4 end
  end=$(($(date +%s%N) + timeout * 1000000000))
  while [ "$(grep -c -E -- "$regex" "$log" 2>/dev/null)" -lt "$count" ]; do
    [ "$(date +%s%N)" -lt "$end" ] || fail "$log: no '$regex' (x$count) within ${timeout} s"
    sleep 0.05
  done
}

unshare -m --propagation private sh -c 'mount -t tmpfs catur-probe /run' 2>"$tmp/probe.err" \
  || skip "no mount namespace with a /run of its own: $(cat "$tmp/probe.err")"
ip netns add "$ns_a" 2>"$tmp/netns.err" || skip "no network namespace: $(cat "$tmp/netns.err")"
namespaces+=("$ns_a")
ip netns add "$ns_b" || fail "ip netns add $ns_b"
namespaces+=("$ns_b")
ip link add cd-a netns "$ns_a" type veth peer name cd-b netns "$ns_b" \
  || skip "no veth pair between namespaces"
ip -n "$ns_a" addr add 10.77.0.1/24 dev cd-a
ip -n "$ns_b" addr add 10.77.0.2/24 dev cd-b
for side in a b; do
  ns=ns_$side
  # No duplicate address detection, so that the IPv6 link-local address is usable at once.
  ip netns exec "${!ns}" sysctl -q -w net.ipv6.conf.cd-$side.accept_dad=0 2>/dev/null
  ip -n "${!ns}" link set lo up
  ip -n "${!ns}" link set cd-$side up || fail "cd-$side does not come up"
done

for side in a b; do
  cat >"$tmp/bus-$side.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$tmp/bus-$side</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
  cat >"$tmp/avahi-$side.conf" <<CONF
[server]
host-name=catur-$netns_name-$side
domain-name=local
use-ipv4=yes
use-ipv6=yes
allow-interfaces=cd-$side
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
[reflector]
enable-reflector=no
[rlimits]
CONF
  dbus-daemon --config-file="$tmp/bus-$side.conf" --nofork --nopidfile --nosyslog \
    >"$tmp/dbus-$side.log" 2>&1 &
  pids+=($!)
done
for side in a b; do
  for tries in $(seq 50); do
    [ -S "$tmp/bus-$side" ] && break
    sleep 0.05
  done
  [ -S "$tmp/bus-$side" ] || fail "the bus of $side does not listen"
done

# start_avahi SIDE: its daemon, in the side's namespace, with a /run and services of its own;
# its process is $avahi_a or $avahi_b.
start_avahi () {
  local side=$1 ns=ns_$1
  ip netns exec "${!ns}" unshare -m --propagation private sh -c '
      mount -t tmpfs catur-run /run && mkdir /run/avahi-daemon || exit 1
      if [ -d /etc/avahi/services ]; then mount -t tmpfs catur-services /etc/avahi/services; fi
      exec env DBUS_SYSTEM_BUS_ADDRESS="unix:path=$1" avahi-daemon -f "$2" \
        --no-drop-root --no-chroot --no-rlimits --no-proc-title' \
    sh "$tmp/bus-$side" "$tmp/avahi-$side.conf" >>"$tmp/avahi-$side.log" 2>&1 &
  pids+=($!)
  eval "avahi_$side=$!"
}
