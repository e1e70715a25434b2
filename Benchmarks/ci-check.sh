#!/bin/sh
# Malloc-count regression check of the benchmark suite (timings are not checked: shared machines are noisy).
#
#   Benchmarks/ci-check.sh            # run every case a few iterations, compare mallocs with Benchmarks/Thresholds
#   Benchmarks/ci-check.sh --update   # after an intended change: rewrite the thresholds, then commit them
#
# Each case handles 1000 elements per iteration, so one new allocation per element adds ~1000 to its count and
# fails the check. Cases whose count depends on scheduling (tasks, a second thread) get a small tolerance in
# their configuration (`Suite.configuration(mallocSlack:)`); every other case must match exactly.
# An improvement (fewer mallocs) passes with a notice asking to update the thresholds.
set -eu
cd "$(dirname "$0")"
export FERRY_BENCH_QUICK=1

if [ "${1:-}" = "--update" ]; then
  exec swift package --allow-writing-to-package-directory benchmark thresholds update \
    --metric mallocCountTotal --path Thresholds --no-progress
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package benchmark thresholds check --metric mallocCountTotal --path Thresholds --no-progress >"$log" 2>&1 \
  || status=$?
grep -v '^\[' "$log" | grep -v 'legacy\|identifier\|Package.swift\|\.package(\|\.product(\|\.plugin(\|future release' \
  || true
if [ "$status" -ne 0 ]; then
  if grep -q 'BETTER than the defined thresholds' "$log" && ! grep -q 'WORSE than the defined thresholds' "$log"; then
    echo "ci-check: fewer mallocs than the thresholds; run Benchmarks/ci-check.sh --update and commit Thresholds/."
    exit 0
  fi
  echo "ci-check: malloc thresholds FAILED (exit $status). If the new allocations are intended, run"
  echo "          Benchmarks/ci-check.sh --update and commit Benchmarks/Thresholds/."
  exit "$status"
fi
echo "ci-check: malloc thresholds passed."
