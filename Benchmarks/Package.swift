// swift-tools-version: 6.0
import PackageDescription

// The benchmarks live in their own package so that the library's Package.swift stays dependency-free:
// users of Signals never download OpenCombine or this code.
let package = Package(
  name: "SignalsBenchmarks",
  dependencies: [
    .package(name: "Signals", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
  ],
  targets: [
    // Counts heap allocations by interposing malloc and friends, and exposes backtrace(); see its header.
    .target(name: "BenchSupport"),
    .executableTarget(
      name: "signals-bench",
      dependencies: [
        "BenchSupport",
        .product(name: "Signals", package: "Signals"),
        .product(name: "SignalsTesting", package: "Signals"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    // Prints what OpenCombine does where Signals' docs compare their rules with Combine's (debounce and delay
    // around a terminal event), so that those comparisons rest on an observation; see its main.swift.
    .executableTarget(
      name: "peer-claims",
      dependencies: [
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
