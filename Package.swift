// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Signals",
  products: [
    .library(name: "Signals", targets: ["Signals"]),
    .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
  ],
  targets: [
    .target(
      name: "Signals",
      swiftSettings: [
        // Gives ThreadSanitizer the lock's happens-before edges in debug builds (see Core/Locked.swift).
        .define("SIGNALS_SANITIZER_EDGES", .when(configuration: .debug))
      ]
    ),
    .target(name: "SignalsTesting", dependencies: ["Signals"]),
    .executableTarget(name: "hotel-demo", dependencies: ["Signals"]),
    .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
