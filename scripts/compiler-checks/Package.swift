// swift-tools-version: 6.0
// What the compiler does with code written against Signals as users write it; not part of the Signals package.
// - Budget: view-model code with unannotated combining closures, built with -warn-long-expression-type-checking=200
//   and -warn-long-function-bodies=500: scripts/check-type-check-budget.sh fails on any slow one.
// - One target per mistake under Sources/Mistake*: scripts/check-mistakes.sh builds each and checks that the
//   compiler says what the `// expected:` lines of its file say (or, for `// expected: compiles`, accepts it).
import PackageDescription

let signals: Target.Dependency = .product(name: "Signals", package: "Signals")

let mistakes = [
  "MistakeClosureArity", "MistakeClosureArityProperty", "MistakeClosureInParentheses", "MistakeFlatMapStrategy",
  "MistakeCommandCandidates", "MistakeResultSelector",
]

/// The budget, in milliseconds of the type checker's processor time, per expression and per function body. A
/// body holds several expressions (a view model's `init` binds all its outputs), so its budget is larger.
func budget(expression: Int, body: Int) -> [SwiftSetting] {
  [
    .unsafeFlags([
      "-Xfrontend", "-warn-long-expression-type-checking=\(expression)",
      "-Xfrontend", "-warn-long-function-bodies=\(body)",
    ])
  ]
}

let package = Package(
  name: "CompilerChecks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "Signals", path: "../..")],
  targets: [
    .target(name: "Budget", dependencies: [signals], swiftSettings: budget(expression: 200, body: 500)),
    // For the checker's self-test: a budget of 1 ms, which the probe's few expressions exceed.
    .target(name: "BudgetProbe", dependencies: [signals], swiftSettings: budget(expression: 1, body: 1)),
  ]
    + mistakes.map { .target(name: $0, dependencies: [signals]) },
  swiftLanguageModes: [.v6]
)
