// swift-tools-version: 6.0
import PackageDescription

import struct Foundation.URL

// FerryCombine's sources built against OpenCombine, so that every line of the Combine bridges is compiled and tested
// on Linux, where Apple's Combine does not exist. `Sources/FerryOpenCombine` and `Sources/FerryOpenCombineTesting`
// are symbolic links to the root's `Sources/FerryCombine` and `Sources/FerryCombineTesting`: the same files, built
// as other modules with `FERRY_OPENCOMBINE` defined, which makes them import OpenCombine instead of Combine.
//
// A Linux app depends on this folder by path and writes `import FerryOpenCombine`:
//
//   .package(path: "<ferry>/Tests/FerryOpenCombine")
//   .product(name: "FerryOpenCombine", package: "FerryOpenCombine")
//
//   swift test --package-path Tests/FerryOpenCombine
//   swift run --package-path Tests/FerryOpenCombine ferry-combine-demo
//
// The folder's name is this package's identity; it must not be `OpenCombine`, which SwiftPM would take for
// OpenCombine itself.

// SwiftPM names a path dependency after its directory, so the root's identity depends on where it was cloned.
let ferryPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent.lowercased()

let library: [SwiftSetting] = [.swiftLanguageMode(.v6), .define("FERRY_OPENCOMBINE")]
// The Combine-era client code of the seed screens, as its teams wrote it: Swift 5 mode, zero warnings.
let combineEra: [SwiftSetting] = [.swiftLanguageMode(.v5), .define("FERRY_OPENCOMBINE")]

func ferry(_ product: String) -> Target.Dependency { .product(name: product, package: ferryPackage) }

let package = Package(
  name: "FerryOpenCombine",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "FerryOpenCombine", targets: ["FerryOpenCombine"]),
    .library(name: "FerryOpenCombineTesting", targets: ["FerryOpenCombineTesting"]),
    .executable(name: "ferry-combine-demo", targets: ["CombineDemo"]),
  ],
  dependencies: [
    .package(path: "../.."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .target(
      name: "FerryOpenCombine",
      dependencies: [ferry("Ferry"), ferry("FerryStore"), .product(name: "OpenCombine", package: "OpenCombine")],
      swiftSettings: library
    ),
    .target(
      name: "FerryOpenCombineTesting",
      dependencies: [
        ferry("Ferry"), ferry("FerryStore"), ferry("FerryTesting"), "FerryOpenCombine",
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      swiftSettings: library
    ),
    // Seeds 001, 002 and 004 in Combine (`Examples/CombineLegacy` and `Examples/CombineMigrated` in the root,
    // linked here as target folders; see `Examples/README.md`): the Combine-era forms, and the forms migrated from
    // them onto the root's stores (`FerryExamples`).
    .target(
      name: "CombineExamplesLegacy",
      dependencies: [
        ferry("FerryExamples"), .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
      ],
      swiftSettings: combineEra
    ),
    .target(
      name: "CombineExamples",
      dependencies: [
        ferry("Ferry"), ferry("FerryStore"), ferry("FerryExamples"), "FerryOpenCombine", "CombineExamplesLegacy",
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      swiftSettings: library
    ),
    // The root's behavioural suites of those screens (linked from `Tests/ExamplesTests`), run against the Combine
    // forms (`CombineExamplesTests/SuiteForms.swift` says which forms a suite enumerates).
    .testTarget(
      name: "CombineExamplesTests",
      dependencies: [
        ferry("Ferry"), ferry("FerryStore"), ferry("FerryTesting"), ferry("FerryExamples"), "FerryOpenCombine",
        "CombineExamples", "CombineExamplesLegacy", .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      swiftSettings: library
    ),
    // `ferry-combine-demo`: the Combine forms' timelines beside the migrated ones, as `ferry-demo` prints them.
    .executableTarget(
      name: "CombineDemo",
      dependencies: [ferry("FerryExamples"), ferry("FerryMarbles"), "CombineExamples"],
      swiftSettings: library
    ),
    .testTarget(
      name: "FerryOpenCombineTests",
      dependencies: [
        ferry("Ferry"), ferry("FerryStore"), ferry("FerryTesting"), "FerryOpenCombine", "FerryOpenCombineTesting",
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
      ],
      swiftSettings: library
    ),
  ]
)
