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
swiftc -swift-version 6 -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/_FerryAtomics.build/module.modulemap" \
  Tests/BlockingOnMainThread/main.swift "$bin"/Ferry.build/*.o "$bin"/FerryTesting.build/*.o \
  "$bin"/FerryStore.build/*.o "$bin"/FerryMarbles.build/*.o "$bin"/_FerryAtomics.build/*.o -o "$out/check"
timeout 60 "$out/check"
