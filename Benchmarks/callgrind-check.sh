#!/bin/sh
# Instruction-count gate of the hot paths (CI): timings on a shared machine are noisy, instruction counts are not.
#
#   Benchmarks/callgrind-check.sh           # count each case, compare with Benchmarks/Callgrind/thresholds.tsv
#   Benchmarks/callgrind-check.sh --print   # only print the counts (to update the thresholds after a change)
#
# Each case of the FerryCallgrind executable (Benchmarks/Callgrind/Sources, a target of the Benchmarks package, linking
# only Ferry, FerryStore and FerryOpenCombine) runs under
# `valgrind --tool=callgrind` with N and 2N elements; (count(2N) - count(N)) / N is the instructions per element,
# with process start, set-up and tear-down cancelled out. A case fails when it exceeds its threshold; one that
# drops more than 10% below it passes with a notice asking to lower the threshold.
set -eu
cd "$(dirname "$0")"
if ! command -v valgrind >/dev/null 2>&1; then
  echo "callgrind-check: valgrind is not installed (Debian: apt-get install valgrind)"
  exit 1
fi
swift build -c release --product FerryCallgrind >/dev/null
binary="$(swift build -c release --show-bin-path)/FerryCallgrind"
stripped=$(mktemp)
counts=$(mktemp -d)
trap 'rm -f "$stripped"; rm -rf "$counts"' EXIT
# Valgrind 3.19 cannot read the DWARF 5 debug information the toolchain emits; the symbols stay.
strip --strip-debug -o "$stripped" "$binary"

N=1000
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$stripped" "$1" "$2" 2>&1 | awk '/Collected/ { print $4 }'
}

status=0
while IFS="$(printf '\t')" read -r name threshold; do
  case "$name" in '' | '#'*) continue ;; esac
  # The two runs at once, one per core: valgrind runs a process's threads one at a time, so each count is the
  # same as when run alone.
  instructions "$name" "$N" >"$counts/small" &
  instructions "$name" $((2 * N)) >"$counts/large" &
  wait
  small=$(cat "$counts/small")
  large=$(cat "$counts/large")
  if [ -z "$small" ] || [ -z "$large" ]; then
    echo "callgrind-check: $name did not run under valgrind"
    status=1
    continue
  fi
  per=$(((large - small) / N))
  if [ "${1:-}" = "--print" ]; then
    printf '%s\t%s\n' "$name" "$per"
  elif [ "$per" -gt "$threshold" ]; then
    echo "callgrind-check: FAILED $name: $per instructions per element > threshold $threshold"
    status=1
  elif [ $((per * 10)) -lt $((threshold * 9)) ]; then
    echo "callgrind-check: $name: $per instructions per element, well under $threshold; lower the threshold"
  else
    echo "callgrind-check: $name: $per instructions per element (threshold $threshold)"
  fi
done <Callgrind/thresholds.tsv
[ "$status" -eq 0 ] && [ "${1:-}" != "--print" ] && echo "callgrind-check: instruction thresholds passed."
exit "$status"
