// swift-tools-version: 6.0
import PackageDescription

// Ferry has no package dependencies on purpose: benchmarks and the peers they compare against live in
// the separate `Benchmarks/` package so that nothing of them reaches a user of the library.
let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6)
]

let package = Package(
  name: "Ferry",
  // Observation (used by FerryStore) needs iOS 17 / macOS 14; the reactive core itself uses nothing newer.
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Ferry", targets: ["Ferry"]),
    .library(name: "FerryStore", targets: ["FerryStore"]),
    .library(name: "FerryTesting", targets: ["FerryTesting"]),
    .library(name: "FerryMarbles", targets: ["FerryMarbles"]),
    .library(name: "FerryCombine", targets: ["FerryCombine"]),
    .library(name: "FerryCombineTesting", targets: ["FerryCombineTesting"]),
    .executable(name: "ferry-demo", targets: ["FerryDemo"]),
    // The seed screens, not for apps: a product only so that the nested package `Tests/FerryOpenCombine` builds its
    // Combine-era forms of seeds 001, 002 and 004 on the same migrated features, session machinery and models.
    .library(name: "FerryExamples", targets: ["Examples", "ExamplesLegacy"]),
  ],
  targets: [
    // C11 atomics, the only thing Swift cannot express portably for iOS 17 / macOS 14
    // (`Synchronization.Atomic` needs iOS 18 / macOS 15).
    .target(name: "_FerryAtomics"),
    .target(name: "Ferry", dependencies: ["_FerryAtomics"], swiftSettings: swiftSettings),
    .target(name: "FerryStore", dependencies: ["Ferry"], swiftSettings: swiftSettings),
    // Marble rendering and virtual time for async code, without XCTest or Swift Testing: an app (ferry-demo) can
    // link it. FerryTesting re-exports it.
    .target(name: "FerryMarbles", dependencies: ["Ferry"], swiftSettings: swiftSettings),
    .target(name: "FerryTesting", dependencies: ["Ferry", "FerryStore", "FerryMarbles"], swiftSettings: swiftSettings),
    // Bridges to Apple's Combine, which is the platform's, not a package: on a system without Combine these
    // modules are empty. `Tests/FerryOpenCombine/` builds the same sources against OpenCombine, so that every line
    // is built and tested on Linux.
    .target(name: "FerryCombine", dependencies: ["Ferry", "FerryStore"], swiftSettings: swiftSettings),
    .target(
      name: "FerryCombineTesting",
      dependencies: ["Ferry", "FerryStore", "FerryTesting", "FerryCombine"],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "FerryDemo",
      dependencies: ["Ferry", "FerryStore", "FerryMarbles", "Examples", "ExamplesLegacy"],
      swiftSettings: swiftSettings
    ),
    // The five seed screens (Examples/README.md), as runnable examples, not products: each screen's legacy form as
    // its team wrote it, compiled in Swift 5 mode with only the import changed, and its migrated forms in Swift 6 mode.
    .target(
      name: "ExamplesLegacy",
      dependencies: ["Ferry"],
      path: "Examples/Legacy",
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .target(
      name: "Examples",
      dependencies: ["Ferry", "FerryStore", "FerryMarbles", "ExamplesLegacy"],
      path: "Examples/Migrated",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "ExamplesTests",
      dependencies: ["Ferry", "FerryStore", "FerryTesting", "Examples", "ExamplesLegacy"],
      swiftSettings: swiftSettings
    ),
    .testTarget(name: "FerryTests", dependencies: ["Ferry", "FerryTesting"], swiftSettings: swiftSettings),
    .testTarget(
      name: "FerryStoreTests",
      dependencies: ["Ferry", "FerryStore", "FerryTesting"],
      swiftSettings: swiftSettings
    ),
    .testTarget(name: "FerryTestingTests", dependencies: ["Ferry", "FerryTesting"], swiftSettings: swiftSettings),
    // The Swift code blocks of README.md, Docs/ and the DocC catalogs that no other target holds, compiled and run
    // (scripts/snippets-check.py fails when a block and its region here differ).
    .testTarget(name: "DocExamplesTests", dependencies: ["Ferry", "FerryTesting"], swiftSettings: swiftSettings),
    // RxSwift-era client code in Swift 5 mode: must build without a single concurrency warning (`.ci/run` builds
    // it with warnings as errors).
    .testTarget(
      name: "FerrySwift5ModeTests",
      dependencies: ["Ferry", "FerryTesting"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // The same shapes in Swift 6 mode: only the `Sendable` form compiles (scripts/swift6-rejects-check.sh).
    .testTarget(name: "FerrySwift6ModeTests", dependencies: ["Ferry", "FerryTesting"], swiftSettings: swiftSettings),
  ]
)
