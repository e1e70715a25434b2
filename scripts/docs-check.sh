#!/usr/bin/env bash
# Builds the DocC catalogs of Ferry, FerryMarbles, FerryStore and FerryTesting with warnings as errors: a broken
# symbol link or an undocumented parameter fails CI. Uses the modules of an existing debug build (default: .build).
#   bash scripts/docs-check.sh [scratch-path]
# With --keep DIR, keeps the documentation in DIR, one folder per module laid out for static hosting, to browse
# locally (README.md, "Browsing the documentation"):
#   swift build && bash scripts/docs-check.sh --keep .build/docs
#   python3 -m http.server --directory .build/docs/Ferry 8000   # then open http://localhost:8000/documentation/ferry
set -euo pipefail
cd "$(dirname "$0")/.."
keep=
if [ "${1:-}" = --keep ]; then
  [ -n "${2:-}" ] || { echo "docs-check: --keep needs a directory" >&2; exit 2; }
  keep=$2
  shift 2
fi
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
  hosting=()
  [ -z "$keep" ] || hosting=(--transform-for-static-hosting)
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$out/$module-symbols" \
    --output-dir "$out/$module.doccarchive" --warnings-as-errors "${hosting[@]}"
  echo "docs-check: $module documentation builds without warnings"
  if [ -n "$keep" ]; then
    mkdir -p "$keep"
    rm -rf "${keep:?}/$module"
    cp -R "$out/$module.doccarchive" "$keep/$module"
    lower=$(tr '[:upper:]' '[:lower:]' <<<"$module")
    echo "docs-check: kept in $keep/$module (serve that folder; the module's page is /documentation/$lower)"
  fi
done
