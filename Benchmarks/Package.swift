// swift-tools-version: 6.1
import PackageDescription

import struct Foundation.URL

// SwiftPM names a path dependency after its directory, so the root's identity depends on where it was cloned.
let ferryPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent.lowercased()

// Benchmarks live in their own package so that package-benchmark, swift-async-algorithms and OpenCombine
// (the peers we compare against) never reach a user of Ferry.
//
//   swift package --package-path Benchmarks benchmark                       # everything
//   swift package --package-path Benchmarks benchmark --filter 'Floor.*|Core.*'   # quick look
//   Benchmarks/ci-check.sh                                                  # malloc thresholds (by hand)
//   Benchmarks/callgrind-check.sh                                           # instruction and malloc thresholds (CI)
let package = Package(
  name: "FerryBenchmarks",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [
    .package(path: ".."),
    // FerryCombine's sources built against OpenCombine (the Combine bridges' cases).
    .package(path: "../Tests/FerryOpenCombine"),
    .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "FerryBenchmarks",
      dependencies: [
        .product(name: "Ferry", package: ferryPackage),
        .product(name: "FerryStore", package: ferryPackage),
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "FerryOpenCombine", package: "ferryopencombine"),
      ],
      path: "Benchmarks/FerryBenchmarks",
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    // The hot paths as a plain executable, counted under `valgrind --tool=callgrind` by `callgrind-check.sh` (CI):
    // instructions and allocations per element are deterministic where timings on a shared machine are not. It links
    // nothing but Ferry, FerryStore and FerryOpenCombine (no benchmark harness, no malloc interposer), so CI builds
    // none of package-benchmark's dependencies.
    .executableTarget(
      name: "FerryCallgrind",
      dependencies: [
        .product(name: "Ferry", package: ferryPackage),
        .product(name: "FerryStore", package: ferryPackage),
        .product(name: "FerryOpenCombine", package: "ferryopencombine"),
      ],
      path: "Callgrind/Sources/FerryCallgrind",
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
