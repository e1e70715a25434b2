#!/usr/bin/env bash
# Runs the async marble tests (everything on AsyncVirtualTime) N times in a row (default 20), each run a separate
# `swift test` process, and fails on the first run that fails: the promise is that they are deterministic.
#   bash scripts/determinism-check.sh [runs] [extra swift test flags…]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
shift || true
# The seed screens' suites (ExamplesTests) run every form — stores and actors included — on the same virtual time.
suites='FerryTestingTests\.(BridgeMarbleTests|TaskBridgeMarbleTests|AsyncOnTestSchedulerTests|VirtualTimeTests|VirtualTaskExecutorTests|AsyncGuideExampleTests|ClockGenericTests)|ExamplesTests\.'
swift build --build-tests "$@"
for run in $(seq 1 "$runs"); do
  log=$(mktemp)
  if ! swift test --skip-build "$@" --filter "$suites" >"$log" 2>&1; then
    cat "$log"
    echo "determinism-check: run $run of $runs failed" >&2
    exit 1
  fi
  summary=$(grep -E '^. Test run with' "$log" | tail -1)
  rm -f "$log"
  echo "run $run/$runs: $summary"
done
echo "determinism-check: $runs consecutive runs passed"
