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
  ],
  swiftLanguageModes: [.v6]
)
