#!/bin/sh
# run-a11y.sh [--language=LANG:LOCALEDIR] TEST CATUR [ARGS…]: runs a real-input accessibility
# test against the program CATUR on an accessibility bus of its own (a private D-Bus session with
# at-spi-bus-launcher) and an Xvfb display of its own.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
# --language=LANG:LOCALEDIR runs the program in LANG with the catalogues in LOCALEDIR (the
# build's po folder).
if [ "${1#--language=}" != "$1" ]; then
  language=${1#--language=}
  export LANGUAGE=${language%%:*} LC_ALL=C.UTF-8 CATUR_LOCALEDIR=${language#*:}
  shift
fi
test_script=$1
catur=$2
here=$(cd "$(dirname "$0")" && pwd)

# A display of its own, whatever display the suite has: real input must reach this test's
# window and no other. Started from a server number of its own, as suites start displays at
# the same time.
if [ -z "${CATUR_A11Y_DISPLAY:-}" ]; then
  export CATUR_A11Y_DISPLAY=1
  exec xvfb-run -a -n $((100 + $$ % 800)) -s '-screen 0 1280x1024x24' "$0" "$@"
fi
# The bus's own services (the registry) print to the standard output: the test's TAP goes on
# file descriptor 3, everything else to the standard error.
if [ -z "${CATUR_A11Y_BUS:-}" ]; then
  export CATUR_A11Y_BUS=1
  exec dbus-run-session -- "$0" "$@" 3>&1 1>&2
fi

launcher=
for candidate in /usr/libexec/at-spi-bus-launcher /usr/lib/at-spi2-core/at-spi-bus-launcher; do
  [ -x "$candidate" ] && launcher=$candidate && break
done
if [ -z "$launcher" ]; then
  echo "1..0 # SKIP at-spi-bus-launcher is not installed (Debian package at-spi2-core)" >&3
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
# libatspi and GTK's accessibility warn about what they cannot do under Xvfb (screen
# coordinates, a cache not yet there); fatal warnings would end the test for them.
unset G_DEBUG
# The Debian python, where python3-gi and gir1.2-atspi-2.0 are installed.
shift 2
PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" /usr/bin/python3 "$test_script" "$catur" "$@" >&3
