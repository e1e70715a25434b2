#!/bin/sh
# Instruction- and allocation-count gate of the hot paths (CI): timings on a shared machine are noisy, instruction and
# malloc counts are not.
#
#   Benchmarks/callgrind-check.sh           # count each case, compare with Benchmarks/Callgrind/thresholds.tsv
#                                           # (instructions) and Benchmarks/Callgrind/mallocs.tsv (allocations)
#   Benchmarks/callgrind-check.sh --print   # only print the counts (to update the thresholds after a change)
#
# Each case of the FerryCallgrind executable (Benchmarks/Callgrind/Sources, a target of the Benchmarks package, linking
# only Ferry, FerryStore and FerryOpenCombine) runs under
# `valgrind --tool=callgrind` with N and 2N elements; (count(2N) - count(N)) / N is the instructions per element,
# with process start, set-up and tear-down cancelled out. A case fails when it exceeds its threshold; one that
# drops more than 10% below it passes with a notice asking to lower the threshold.
# The same runs count the calls into the C allocator (malloc, calloc, realloc, posix_memalign, aligned_alloc,
# memalign; callgrind records every call): count(2N) - count(N) is the allocations per N = 1000 elements, checked
# against mallocs.tsv, where every case is listed (a case only there is counted for its allocations alone; a third
# column is the slack its threshold includes for scheduling).
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
# Runs case $1 with $2 elements under callgrind; writes "<instructions> <allocations>" to $3.
count() {
  # Standard input from /dev/null: the loop below reads the thresholds from its own.
  instructions=$(valgrind --tool=callgrind --callgrind-out-file="$3.out" "$stripped" "$1" "$2" </dev/null 2>&1 \
    | awk '/Collected/ { print $4 }')
  echo "$instructions $(awk -f "$counts/mallocs.awk" "$3.out")" >"$3"
  rm -f "$3.out"
}

# Sums the calls into the allocator's entry points, from callers outside them (`realloc(NULL, n)` calling `malloc`
# is one allocation). Callgrind compresses names: "(id) name" defines an id, "(id)" refers to it.
cat >"$counts/mallocs.awk" <<'AWK'
function resolve(spec,   id, rest) {
  if (match(spec, /^\([0-9]+\)/)) {
    id = substr(spec, 2, RLENGTH - 2)
    rest = substr(spec, RLENGTH + 2)
    if (rest != "") names[id] = rest
    return names[id]
  }
  return spec
}
BEGIN {
  split("malloc calloc realloc posix_memalign aligned_alloc memalign", list, " ")
  for (i in list) family[list[i]] = 1
}
/^fn=/ { caller = resolve(substr($0, 4)); next }
/^cfn=/ { callee = resolve(substr($0, 5)); next }
/^calls=/ {
  split(substr($0, 7), parts, " ")
  if ((callee in family) && !(caller in family)) total += parts[1]
  next
}
END { print total + 0 }
AWK

# The cases: those of thresholds.tsv in its order (with their instruction threshold), then those only in
# mallocs.tsv (instructions not gated: "-").
cases() {
  grep -v '^#' Callgrind/thresholds.tsv | grep -v '^$'
  grep -v '^#' Callgrind/mallocs.tsv | grep -v '^$' | while IFS="$(printf '\t')" read -r name _; do
    grep -q "^$name$(printf '\t')" Callgrind/thresholds.tsv || printf '%s\t-\n' "$name"
  done
}

status=0
cases >"$counts/cases"
while IFS="$(printf '\t')" read -r name threshold; do
  mallocs_threshold=$(awk -F '\t' -v name="$name" '$1 == name { print $2 }' Callgrind/mallocs.tsv)
  mallocs_slack=$(awk -F '\t' -v name="$name" '$1 == name { print ($3 == "" ? 0 : $3) }' Callgrind/mallocs.tsv)
  if [ -z "$mallocs_threshold" ] && [ "${1:-}" != "--print" ]; then
    echo "callgrind-check: $name has no line in Callgrind/mallocs.tsv"
    status=1
  fi
  # The two runs at once, one per core: valgrind runs a process's threads one at a time, so each count is the
  # same as when run alone.
  count "$name" "$N" "$counts/small" &
  count "$name" $((2 * N)) "$counts/large" &
  wait
  read -r small small_mallocs <"$counts/small" || true
  read -r large large_mallocs <"$counts/large" || true
  if [ -z "$small" ] || [ -z "$large" ]; then
    echo "callgrind-check: $name did not run under valgrind"
    status=1
    continue
  fi
  per=$(((large - small) / N))
  mallocs=$((large_mallocs - small_mallocs))
  if [ "${1:-}" = "--print" ]; then
    printf '%s\t%s\t%s mallocs per %s elements\n' "$name" "$per" "$mallocs" "$N"
    continue
  fi
  if [ -n "$mallocs_threshold" ] && [ "$mallocs" -gt "$mallocs_threshold" ]; then
    echo "callgrind-check: FAILED $name: $mallocs mallocs per $N elements > threshold $mallocs_threshold"
    status=1
  elif [ -n "$mallocs_threshold" ] && [ $((mallocs + mallocs_slack + N)) -le "$mallocs_threshold" ]; then
    echo "callgrind-check: $name: $mallocs mallocs per $N elements, one per element under $mallocs_threshold; lower it"
  fi
  if [ "$threshold" = "-" ]; then
    echo "callgrind-check: $name: $mallocs mallocs per $N elements (instructions not gated)"
  elif [ "$per" -gt "$threshold" ]; then
    echo "callgrind-check: FAILED $name: $per instructions per element > threshold $threshold"
    status=1
  elif [ $((per * 10)) -lt $((threshold * 9)) ]; then
    echo "callgrind-check: $name: $per instructions per element, well under $threshold; lower the threshold"
  else
    echo "callgrind-check: $name: $per instructions per element (threshold $threshold), $mallocs mallocs per $N"
  fi
done <"$counts/cases"
[ "$status" -eq 0 ] && [ "${1:-}" != "--print" ] && echo "callgrind-check: instruction and malloc thresholds passed."
exit "$status"
