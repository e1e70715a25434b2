#!/usr/bin/env bash
# Builds the DocC catalogs of Ferry, FerryMarbles, FerryStore and FerryTesting with warnings as errors: a broken
# symbol link or an undocumented parameter fails CI. Uses the modules of an existing debug build (default: .build).
#   bash scripts/docs-check.sh [scratch-path]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build}
modules="$scratch/debug/Modules"
[ -d "$modules" ] || { echo "docs-check: no debug build in $scratch (run swift build first)" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
for module in Ferry FerryMarbles FerryStore FerryTesting; do
  mkdir -p "$out/$module-symbols"
  swift symbolgraph-extract -module-name "$module" -I "$modules" \
    -Xcc -fmodule-map-file="$scratch/debug/_FerryAtomics.build/module.modulemap" \
    -target "$triple" -minimum-access-level public -output-dir "$out/$module-symbols"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$out/$module-symbols" \
    --output-dir "$out/$module.doccarchive" --warnings-as-errors
  echo "docs-check: $module documentation builds without warnings"
done
