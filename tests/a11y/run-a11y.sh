#!/bin/sh
# run-a11y.sh TEST CATUR: runs a real-input accessibility test against the program CATUR on an
# accessibility bus of its own (a private D-Bus session with at-spi-bus-launcher), under the
# display the test suite has (xvfb-run) or a new Xvfb.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
test_script=$1
catur=$2
here=$(dirname "$0")

if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s '-screen 0 1280x1024x24' "$0" "$@"
fi
if [ -z "${CATUR_A11Y_BUS:-}" ]; then
  export CATUR_A11Y_BUS=1
  exec dbus-run-session -- "$0" "$@"
fi

launcher=
for candidate in /usr/libexec/at-spi-bus-launcher /usr/lib/at-spi2-core/at-spi-bus-launcher; do
  [ -x "$candidate" ] && launcher=$candidate && break
done
if [ -z "$launcher" ]; then
  echo "1..0 # SKIP at-spi-bus-launcher is not installed (Debian package at-spi2-core)"
  [ "${CI:-}" = true ] && exit 1
  exit 0
fi
"$launcher" --launch-immediately &
bus=$!
trap 'kill $bus 2>/dev/null || true' EXIT

# The test's own settings, games and autosaves; accessibility on for GTK.
home=$(mktemp -d)
trap 'kill $bus 2>/dev/null || true; rm -rf "$home"' EXIT
export XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
export GTK_A11Y=atspi
unset NO_AT_BRIDGE
# The Debian python, where python3-gi and gir1.2-atspi-2.0 are installed.
PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" /usr/bin/python3 "$test_script" "$catur"
