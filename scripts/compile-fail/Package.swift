// swift-tools-version: 6.0
// Programs that must not compile, and their corrected twins that must: scripts/check-compile-fail.sh builds
// each target and compares its diagnostics with expected.txt. Not part of the Signals package.
import PackageDescription

let package = Package(
  name: "CompileFail",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "Signals", path: "../..")],
  targets: [
    // The race of issue 22, item 4, and its kin: must fail with exactly the diagnostics in expected.txt.
    .target(name: "Race", dependencies: [.product(name: "Signals", package: "Signals")]),
    // The same program with a counter that is safe to share: must compile, with no warning.
    .target(name: "Corrected", dependencies: [.product(name: "Signals", package: "Signals")]),
    // For the checker's self-test: a program that fails for another reason.
    .target(name: "OtherError", dependencies: [.product(name: "Signals", package: "Signals")]),
  ],
  swiftLanguageModes: [.v6]
)
