#!/bin/sh
# Runs one libFuzzer target for a bounded time on its seed corpus.
# Usage: fuzz-target.sh TARGET SEED_DIR WORK_DIR
# FUZZ_RUNS (default 50000) bounds the inputs, FUZZ_SECONDS (default 120) the time.
# New inputs go to WORK_DIR/corpus, a finding to WORK_DIR/crash-*; the seeds stay as they are.
# A finding exits 1 (libFuzzer's own 77 would read as "skipped" to meson).
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
target=$1 seeds=$2 work=$3
mkdir -p "$work/corpus"
export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
exec "$target" -runs="${FUZZ_RUNS:-50000}" -max_total_time="${FUZZ_SECONDS:-120}" \
  -max_len=65536 -timeout=25 -rss_limit_mb=2048 -print_final_stats=1 \
  -error_exitcode=1 -timeout_exitcode=1 \
  -artifact_prefix="$work/" "$work/corpus" "$seeds"
