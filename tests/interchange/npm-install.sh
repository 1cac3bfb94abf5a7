#!/usr/bin/env bash
# npm-install.sh: the independent readers of tests/interchange, as package-lock.json pins them
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   npm-install.sh SOURCE_DIR INSTALL_DIR
#
# Installs the packages of SOURCE_DIR's package-lock.json with `npm ci` into INSTALL_DIR (a
# folder of the build, never the clone), unless the same lock is installed there already;
# npm's cache is kept in the user's cache folder. Exits 77 when npm or its registry cannot be
# reached, so that a test without network is skipped rather than failed.
set -euo pipefail
source_dir=$1
install_dir=$2

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "nodejs and npm are not installed (Debian packages nodejs, npm): ./run-tests installs them"
  exit 77
fi
mkdir -p "$install_dir"
if [ -d "$install_dir/node_modules" ] \
   && cmp -s "$source_dir/package-lock.json" "$install_dir/package-lock.json"; then
  exit 0
fi
cp "$source_dir/package.json" "$source_dir/package-lock.json" "$install_dir/"
cache=${XDG_CACHE_HOME:-$HOME/.cache}/catur/npm
if npm ci --prefix "$install_dir" --cache "$cache" --no-audit --no-fund --ignore-scripts \
     --fetch-retries=1 --fetch-timeout=30000 >"$install_dir/npm-ci.log" 2>&1; then
  exit 0
fi
rm -rf "$install_dir/node_modules"
if ! npm ping --cache "$cache" --fetch-retries=0 --fetch-timeout=15000 >/dev/null 2>&1; then
  echo "The npm registry cannot be reached: the checks against chess.js and tsshogi are skipped"
  exit 77
fi
echo "npm ci failed with the registry reachable:"
cat "$install_dir/npm-ci.log"
exit 1
