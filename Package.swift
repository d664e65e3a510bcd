// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Signals",
  products: [
    .library(name: "Signals", targets: ["Signals"])
  ],
  targets: [
    .target(name: "Signals"),
    .executableTarget(name: "hotel-demo", dependencies: ["Signals"]),
    .testTarget(name: "SignalsTests", dependencies: ["Signals"]),
  ],
  swiftLanguageModes: [.v6]
)
