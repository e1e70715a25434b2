// swift-tools-version: 6.0
import PackageDescription

import struct Foundation.URL

// SwiftPM names a path dependency after its directory, so the root's identity depends on where it was cloned.
let ferryPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent.lowercased()

// The hot paths as a plain executable, counted under `valgrind --tool=callgrind` by `Benchmarks/callgrind-check.sh`
// (the CI gate: instructions per element are deterministic where timings on a shared machine are not). No
// dependencies besides Ferry, FerryStore and FerryOpenCombine (with OpenCombine, from the package mirror).
let package = Package(
  name: "FerryCallgrind",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [.package(path: "../.."), .package(path: "../../Tests/FerryOpenCombine")],
  targets: [
    .executableTarget(
      name: "FerryCallgrind",
      dependencies: [
        .product(name: "Ferry", package: ferryPackage), .product(name: "FerryStore", package: ferryPackage),
        .product(name: "FerryOpenCombine", package: "ferryopencombine"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    )
  ]
)
