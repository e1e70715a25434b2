#!/usr/bin/env bash
# The release-mode stress suite: the load, re-entrancy, bridge cancellation-race and store-load tests, built
# optimised (where lifetimes end at last use and a lifetime mistake shows), each bounded in count and in time (every
# suite has a time limit and every thread a deadline), printing its figures (the `stress:` lines) and failing when a
# bound breaks.
#   bash scripts/stress-check.sh [scratch path] [extra swift test flags…]
#   bash scripts/stress-check.sh --suites     # only print the suites it runs (a `swift test --filter` pattern)
# The release test build it makes is also CI's release build: a compiler warning in it fails the check.
# `.ci/run` runs it in release with the address sanitizer (`--sanitize=address`), then the rest of the suite on the
# same build; its thread-sanitizer step runs the thread-heavy suites (its `stress` list) in a debug build, on their
# own after the rest of the suite. The figures in `Docs/Benchmarks.md` come from a plain release run.
set -euo pipefail
cd "$(dirname "$0")/.."
# A suite added here whose threads keep both cores busy belongs in `.ci/run`'s `stress` list too.
stress_suites='SerialDeliveryStressTests|ForeignBacklogStressTests|MainThreadStressTests|DeinitReentrancyUnderLoadTests|WorkPolicyLongDurationTests|StoreLoadStressTests|ValuesThreadTests|TraitValueTests/cancellationRacesCompletion'
# Not stress, but only a release build shows it: the public API's argument checks stop the process with their
# message (`requireArgument`), which `precondition` would drop under -O. Their exit tests run here too.
stress_suites="$stress_suites|TimeArgumentTests"
if [ "${1:-}" = "--suites" ]; then
  printf '%s\n' "$stress_suites"
  exit 0
fi
scratch=${1:-.build-stress}
shift || true
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift test -c release --scratch-path "$scratch" --filter "$stress_suites" "$@" >"$log" 2>&1 || status=$?
grep -E '^stress: ' "$log" || true
# Compiler and package-manager warnings only (`file.swift:line:column: warning:`, `warning:` at a line's start): a
# test's own output may contain the word, Ferry's runtime diagnostics do.
if grep -E '(\.swift:[0-9]+:[0-9]+: |^)warning: ' "$log"; then
  echo "stress-check: the release build has the warnings above" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  cat "$log"
  echo "stress-check: a stress test failed or broke its bound (exit $status)" >&2
  exit "$status"
fi
grep -E '^. Test run with' "$log" | tail -1
