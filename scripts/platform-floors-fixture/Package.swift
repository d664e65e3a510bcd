// swift-tools-version: 6.0
// A fixture for scripts/check-platform-floors.sh --self-test: the library's platforms, and code above them.
import PackageDescription

let package = Package(
  name: "Fixture",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  targets: [.target(name: "Fixture")]
)
