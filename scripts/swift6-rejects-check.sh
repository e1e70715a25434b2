#!/usr/bin/env bash
# Proves that Ferry keeps full concurrency checking for Swift 6 clients: the RxSwift-era code of
# Tests/Swift6ModeRejects (captured `var`s mutated in operator closures) must be rejected in Swift 6 language mode
# with warnings as errors, one diagnostic per line marked `expect-diagnostic:`. (Tests/FerrySwift5ModeTests
# compiles the same shapes in Swift 5 mode without a warning.)
# Usage: scripts/swift6-rejects-check.sh [scratch-path]   (the debug build must exist)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build}"
modules="$(swift build --scratch-path "$scratch" --show-bin-path)/Modules"
atomics="$(swift build --scratch-path "$scratch" --show-bin-path)/_FerryAtomics.build/module.modulemap"
status=0
for file in Tests/Swift6ModeRejects/*.swift; do
  output="$(swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$modules" \
    -Xcc -fmodule-map-file="$atomics" -Xcc -ISources/_FerryAtomics/include "$file" 2>&1 || true)"
  while IFS= read -r marked; do
    line="${marked%%:*}"
    expected="${marked#*expect-diagnostic: }"
    if ! grep -F "$file:$line:" <<<"$output" | grep -qF "error: ${expected}" \
      && ! grep -F "$file:$line:" <<<"$output" | grep "error: " | grep -qF "$expected"; then
      echo "swift6-rejects-check: $file:$line was not rejected with: $expected" >&2
      status=1
    fi
  done < <(grep -n 'expect-diagnostic: ' "$file" | sed 's/^\([0-9]*\):.*expect-diagnostic: /\1:expect-diagnostic: /')
  unexpected="$(grep -E "^$file:[0-9]+:[0-9]+: error:" <<<"$output" | cut -d: -f2 | sort -u)"
  for line in $unexpected; do
    if ! sed -n "${line}p" "$file" | grep -q 'expect-diagnostic: '; then
      echo "swift6-rejects-check: unexpected error at $file:$line" >&2
      grep -F "$file:$line:" <<<"$output" >&2
      status=1
    fi
  done
done
[ "$status" -eq 0 ] && echo "swift6-rejects-check: every marked line is rejected in Swift 6 mode"
exit "$status"
