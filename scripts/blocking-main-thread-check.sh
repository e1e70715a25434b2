#!/usr/bin/env bash
# Checks that `toBlocking()` called on the main thread runs the main run loop (RxBlocking's behaviour), on the
# process's real main thread (under `swift test` on Linux the main actor is served by a worker thread).
# Usage: scripts/blocking-main-thread-check.sh [scratch-path]   (the debug build must exist)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build}"
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# The object files of FerryTesting and the library modules it depends on (whichever of them exist).
objects=()
for module in Ferry FerryStore FerryMarbles FerryTesting _FerryAtomics; do
  if [ -d "$bin/$module.build" ]; then objects+=("$bin/$module.build"/*.o); fi
done
swiftc -swift-version 6 -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/_FerryAtomics.build/module.modulemap" \
  Tests/BlockingOnMainThread/main.swift "${objects[@]}" -o "$out/check"
timeout 60 "$out/check"
