// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Signals",
  // The lowest versions the code supports: Synchronization's Mutex and Atomic, which the one lock and the
  // lock-free paths are built on, first shipped in these. Observation and parameter packs in generic types
  // need macOS 14 and iOS 17. scripts/check-platform-floors.sh keeps the code within these (see README).
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Signals", targets: ["Signals"]),
    .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
    .library(name: "SignalsMVVM", targets: ["SignalsMVVM"]),
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
    .target(name: "SignalsMVVM", dependencies: ["Signals"]),
    // The samples: view models (which import Signals only) and their views (built from SignalsMVVM controls).
    // The terminal demo's clock is SignalsTesting's TestScheduler: one virtual clock in the package.
    .target(name: "SignalsSamples", dependencies: ["Signals", "SignalsMVVM", "SignalsTesting"]),
    .executableTarget(name: "hotel-demo", dependencies: ["Signals", "SignalsMVVM", "SignalsSamples"]),
    // What the test targets share about threads: a test that blocks does it on a thread of its own, and a
    // watch fails any test that keeps a thread of the cooperative pool or the main actor (Tests/README.md).
    .target(name: "SignalsTestSupport", path: "Tests/SignalsTestSupport"),
    .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting", "SignalsTestSupport"]),
    .testTarget(
      name: "SignalsMVVMTests",
      dependencies: ["Signals", "SignalsTesting", "SignalsMVVM", "SignalsSamples", "SignalsTestSupport"]
    ),
    // XCTest specs of SignalsTesting itself: its expectations fail an XCTest test as they fail a Swift Testing one.
    .testTarget(name: "SignalsTestingXCTests", dependencies: ["Signals", "SignalsTesting"]),
    // Scenarios in which a regression would crash or hang: SelfReadingClosureTests runs them as child processes.
    .executableTarget(name: "signals-graph-probe", dependencies: ["Signals"], path: "Tests/SignalsGraphProbe"),
    // A program that runs no tests: SignalsTestingXCTests checks that a failed expectation stops it, saying why.
    .executableTarget(
      name: "signals-testing-outside-a-test",
      dependencies: ["Signals", "SignalsTesting"],
      path: "Tests/SignalsTestingOutsideATest"
    ),
  ],
  swiftLanguageModes: [.v6]
)
