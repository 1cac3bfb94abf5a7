#!/usr/bin/env bash
# test-install.sh: `meson install` into a fresh prefix gives a working Catur (TAP output).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
source_root=$1
work=$(mktemp -d)
trap 'kill "${app_pid:-}" 2>/dev/null; rm -rf "$work"' EXIT
prefix=$work/prefix
count=0
failed=0

check () {
  local name=$1
  shift
  count=$((count + 1))
  if "$@" >"$work/last.log" 2>&1; then
    echo "ok $count - $name"
  else
    failed=$((failed + 1))
    echo "not ok $count - $name"
    sed 's/^/# /' "$work/last.log" | tail -n 20
  fi
}

echo "1..12"

check "configure, build and install into a temporary prefix" \
  sh -c "meson setup '$work/build' '$source_root' --prefix='$prefix' \
           -Dbuildtype=plain -Dwerror=false \
         && ninja -C '$work/build' && meson install -C '$work/build' --no-rebuild"

libdir=$(meson introspect "$work/build" --buildoptions 2>/dev/null \
         | python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin)
                                                   if o["name"] == "libdir"))')

check "the plugin is in \$libdir/catur/plugins" \
  test -f "$prefix/$libdir/catur/plugins/libxiangqi.so"
check "libcatur is in \$libdir/catur" test -f "$prefix/$libdir/catur/libcatur-1.so"
check "the settings schemas are installed and compiled" \
  test -f "$prefix/share/glib-2.0/schemas/gschemas.compiled"
check "the desktop file, metainfo and icons are installed" \
  sh -c "test -f '$prefix/share/applications/io.github.caturapp.Catur.desktop' \
         && test -f '$prefix/share/metainfo/io.github.caturapp.Catur.metainfo.xml' \
         && test -f '$prefix/share/icons/hicolor/scalable/apps/io.github.caturapp.Catur.svg' \
         && test -f \
              '$prefix/share/icons/hicolor/symbolic/apps/io.github.caturapp.Catur-symbolic.svg'"
check "the MIME package of the Shogi record formats is installed" \
  test -f "$prefix/share/mime/packages/io.github.caturapp.Catur.xml"
check "the help is installed" test -f "$prefix/share/help/C/catur/index.page"
check "the Indonesian catalogue is installed" \
  test -f "$prefix/share/locale/id/LC_MESSAGES/catur.mo"

# The installed programs must find their plugins and library with no help from the environment.
check "the installed catur-engine finds its plugin by itself" \
  sh -c "printf 'uci\nposition startpos\ngo perft 3\nquit\n' \
         | env -u CATUR_PLUGIN_PATH -u LD_LIBRARY_PATH '$prefix/bin/catur-engine' \
         | grep -qx 'Nodes searched: 79666'"
check "the installed catur-match plays the installed catur-engine's levels" \
  sh -c "env -u CATUR_PLUGIN_PATH -u LD_LIBRARY_PATH '$prefix/bin/catur-match' --game xiangqi \
           --games 2 --movetime 10 --max-plies 20 level:beginner level:intermediate \
         | grep -q '^Catur beginner vs Catur intermediate: '"
# ... and its translations in \$localedir (glibc reads LANGUAGE outside the C locale only).
check "the installed catur-engine explains in Indonesian" \
  sh -c "printf 'position startpos\nexplain b0d1\nquit\n' \
         | env -u CATUR_PLUGIN_PATH -u LD_LIBRARY_PATH -u CATUR_LOCALEDIR \
               LANGUAGE=id LC_ALL=C.UTF-8 \
           '$prefix/bin/catur-engine' \
         | grep -F 'Kaki kuda di c0 terhalang oleh Gajah di sana.'"

start_app () {
  env -u CATUR_PLUGIN_PATH -u LD_LIBRARY_PATH -u GSETTINGS_SCHEMA_DIR \
    XDG_DATA_DIRS="$prefix/share:/usr/share" XDG_DATA_HOME="$work/data" \
    GSETTINGS_BACKEND=memory DBUS_SESSION_BUS_ADDRESS=disabled: \
    "$prefix/bin/catur" >"$work/app.log" 2>&1 &
  app_pid=$!
  sleep 6
  kill -0 "$app_pid" && ! grep -E 'CRITICAL|Could not load|No game' "$work/app.log"
}

if [ -n "${DISPLAY:-}" ]; then
  check "the installed app starts and keeps running" start_app
else
  count=$((count + 1))
  echo "ok $count # SKIP no display for the installed app"
fi
kill "${app_pid:-}" 2>/dev/null

exit $((failed > 0))
