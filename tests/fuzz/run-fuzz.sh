#!/bin/sh
# Builds the libFuzzer targets with clang in a build folder of their own and runs each for a
# bounded number of inputs (the slow test suite runs this). Skips (exit 77) without clang
# and its sanitizer runtimes (Debian: clang, libclang-rt-14-dev).
# Usage: run-fuzz.sh SOURCE_DIR BUILD_DIR     (FUZZ_RUNS, FUZZ_SECONDS: see fuzz-target.sh)
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
source_dir=$1 build_dir=$2

if ! command -v clang >/dev/null 2>&1; then
  echo "1..0 # SKIP clang is not installed"
  exit 77
fi
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n){return 0;}\n' > "$probe/t.c"
if ! clang -fsanitize=fuzzer,address,undefined "$probe/t.c" -o "$probe/t" >/dev/null 2>&1; then
  echo "1..0 # SKIP clang cannot link libFuzzer (libclang-rt-14-dev missing?)"
  exit 77
fi

# The test environment of the normal build names that build's plugins; this build has its own.
unset CATUR_PLUGIN_PATH G_DEBUG MALLOC_CHECK_ || true
# b_lundef=false: clang puts the sanitizer runtimes in programs only, so libraries keep
# their references to them undefined until a program loads them.
if [ ! -f "$build_dir/build.ninja" ]; then
  CC=clang meson setup "$build_dir" "$source_dir" -Dfuzzing=true -Dgui=disabled \
    -Db_lundef=false -Dbuildtype=debugoptimized >"$probe/setup.log" 2>&1 \
    || { cat "$probe/setup.log"; exit 1; }
fi
ninja -C "$build_dir" >"$probe/build.log" 2>&1 || { cat "$probe/build.log"; exit 1; }
meson test -C "$build_dir" --suite fuzz --num-processes 1 --print-errorlogs
