#!/usr/bin/env bash
# FerryStore's SwiftUI code (`store.binding(_:send:)`, under `#if canImport(SwiftUI)`) compiled in Swift 6 mode and
# run on a machine without SwiftUI: a temporary package builds Ferry and FerryStore from this tree beside a stand-in
# `SwiftUI` module that declares `Binding.init(get:set:)` with the signature SwiftUI documents (`@isolated(any)
# @Sendable` closures, the SDKs Swift 6 ships with), so `canImport(SwiftUI)` holds. A check executable then sets and
# reads a binding from off the main actor, as any `await`ing caller would: the closures must carry their main-actor
# isolation. It builds Ferry from scratch (a few minutes on 2 cores), so CI does not run it.
#   bash scripts/swiftui-standin-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/SwiftUI" "$work/Sources/Check"
for target in _FerryAtomics Ferry FerryStore; do ln -s "$root/Sources/$target" "$work/Sources/$target"; done
cat >"$work/Package.swift" <<'MANIFEST'
// swift-tools-version:6.0
import PackageDescription
let settings: [SwiftSetting] = [.swiftLanguageMode(.v6)]
let package = Package(
  name: "SwiftUIStandInCheck",
  platforms: [.iOS(.v17), .macOS(.v14)],
  targets: [
    .target(name: "SwiftUI", swiftSettings: settings),
    .target(name: "_FerryAtomics"),
    .target(name: "Ferry", dependencies: ["_FerryAtomics"], swiftSettings: settings),
    .target(name: "FerryStore", dependencies: ["Ferry", "SwiftUI"], swiftSettings: settings),
    .executableTarget(name: "Check", dependencies: ["FerryStore", "SwiftUI"], swiftSettings: settings),
  ]
)
MANIFEST
cat >"$work/Sources/SwiftUI/Binding.swift" <<'SWIFT'
/// A stand-in for SwiftUI's `Binding`: only the initialiser FerryStore calls, with SwiftUI's documented signature.
public struct Binding<Value> {
  let getter: @isolated(any) @Sendable () -> Value
  let setter: @isolated(any) @Sendable (Value) -> Void
  @preconcurrency public init(
    get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    getter = get
    setter = set
  }
}
/// Sendable when its value is, as SwiftUI's is; the closures are `@Sendable`.
extension Binding: @unchecked Sendable where Value: Sendable {}
extension Binding where Value: Sendable {
  public func get() async -> Value { await getter() }
  public func set(_ value: Value) async { await setter(value) }
}
SWIFT
cat >"$work/Sources/Check/main.swift" <<'SWIFT'
import FerryStore
import SwiftUI

struct Search: StoreFeature {
  struct State: Sendable { var query = "" }
  enum Command: Sendable { case queryChanged(String) }
  typealias Action = Command
  typealias Effect = Never
  static func transform(_ state: State, action: Action) -> State {
    switch action {
    case .queryChanged(let query): State(query: query)
    }
  }
  func handle(_ command: Command, in context: StoreContext<Self>) { context.dispatchAction(command) }
}

@MainActor func makeBinding() -> (Store<Search>, Binding<String>) {
  let store = Store(initialState: Search.State(), feature: Search())
  return (store, store.binding(\.query, send: Search.Command.queryChanged))
}

/// Off the main actor: the binding's closures must hop to it.
nonisolated func check() async -> Bool {
  let (store, binding) = await makeBinding()
  await binding.set("ferry")
  let read = await binding.get()
  let stored = await store.currentState.query
  return read == "ferry" && stored == "ferry"
}

guard await check() else { fatalError("swiftui-standin-check: the binding did not set and read the field") }
print("swiftui-standin-check: binding sets and reads the field, on the main actor")
SWIFT
log="$work/build.log"
swift build --package-path "$work" >"$log" 2>&1 || { cat "$log"; echo "swiftui-standin-check: build failed" >&2; exit 1; }
if grep -E 'warning: ' "$log" | grep -v "/Sources/Check/\|/Sources/SwiftUI/"; then
  echo "swiftui-standin-check: FerryStore has the warnings above" >&2
  exit 1
fi
"$(swift build --package-path "$work" --show-bin-path)/Check"
