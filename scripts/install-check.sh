#!/usr/bin/env bash
# A newcomer's package, built from what README.md says: its installation manifest (the dependency line pointed at a
# fresh clone of this repository's committed HEAD with `path:` instead of the URL, since the check runs offline), the
# README's view model and store in the app target, and the README's TestStore test in the test target, built in
# Swift 6 language mode (warnings fail the check) and tested. It builds Ferry from scratch in a temporary package (a
# few minutes on 2 cores), so CI does not run it.
#   bash scripts/install-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/Ferry"  # the package identity is the folder's name, as it is the URL's for a user
mkdir -p "$work/app/Sources/MyApp" "$work/app/Tests/MyAppTests"
region() {  # region FILE NAME: the lines between `// snippet: NAME` and `// end snippet: NAME`
  sed -n "/\/\/ snippet: $2\$/,/\/\/ end snippet: $2\$/p" "$1" | sed '1d;$d' | sed 's/^    //'
}
# The manifest: the block that follows the README's "scripts/install-check.sh" illustration marker.
awk '/<!-- illustration: .*install-check/ {found=1; next} found && /^```swift/ {inside=1; next}
  inside && /^```/ {exit} inside {print}' README.md \
  | sed "s|\.package(url: \"[^\"]*\", branch: \"main\")|.package(path: \"$work/Ferry\")|" >"$work/app/Package.swift"
grep -q ".package(path: \"$work/Ferry\")" "$work/app/Package.swift" \
  || { echo "install-check: README's manifest has no '.package(url: …, branch: \"main\")' line" >&2; exit 1; }
region Tests/FerryStoreTests/ReadmeExampleFeature.swift store >"$work/app/Sources/MyApp/CounterFeature.swift"
region Tests/DocExamplesTests/ReadmeSettingsViewModel.swift settings-view-model \
  >"$work/app/Sources/MyApp/SettingsViewModel.swift"
cat >"$work/app/Sources/MyApp/SettingsAPI.swift" <<'SWIFT'
import Ferry

enum ViewState: Sendable { case loading, loaded(String), failed }

protocol SettingsAPI: Sendable {
  func fetch() -> Single<String>
}
SWIFT
{
  printf 'import FerryStore\nimport FerryTesting\nimport Testing\n@testable import MyApp\n\n'
  printf '@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)\n'
  printf '@MainActor @Test func readmeTestStore() async {\n'
  region Tests/FerryStoreTests/ReadmeExampleTests.swift test-store | sed 's/^/  /'
  printf '}\n'
} >"$work/app/Tests/MyAppTests/MyAppTests.swift"
cd "$work/app"
swift build --build-tests 2>&1 | tee build.log | grep -E 'warning:|error:' && {
  echo "install-check: the newcomer's package does not build cleanly (above)" >&2
  exit 1
}
swift test --skip-build 2>&1 | tail -3
echo "install-check: a package using README.md's installation section builds and its test passes"
