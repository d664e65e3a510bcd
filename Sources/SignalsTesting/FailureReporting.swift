import Signals

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a SignalsTesting call was written: the `fileID:filePath:line:column:` arguments that every public
/// function that can fail a test takes, with `#fileID`, `#filePath`, `#line` and `#column` as defaults.
///
/// Plain literals rather than Swift Testing's `#_sourceLocation`, so that a file that imports SignalsTesting
/// and XCTest but not Testing compiles, and an XCTest helper can pass its own `#filePath` and `#line` on.
struct CallSite: Sendable {
  let fileID: String
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Fails the running test with `message`, at `site`: the one place where SignalsTesting reports a failure.
///
/// - Inside a Swift Testing test (on its task): an issue, recorded with `Issue.record` at `site`.
/// - Inside an XCTest test method: a failure of the running `XCTestCase`, recorded with `XCTFail` at
///   `site`'s file and line, so the test fails and `swift test` exits with an error.
/// - Elsewhere in a test process (a thread or a detached task that a Swift Testing test started): an issue
///   for the whole Swift Testing run, which then fails, though Swift Testing cannot name the test.
/// - In a program that does not run tests: nothing could fail, so it stops the program, saying why.
func reportFailure(_ message: String, at site: CallSite) {
  #if canImport(Testing)
  if Test.current != nil {
    recordIssue(message, at: site)
    return
  }
  #endif
  #if canImport(XCTest)
  let watcher = XCTestWatcher.shared
  let failuresBefore = watcher.failureCount
  XCTFail(message, file: site.filePath, line: site.line)
  if watcher.isRunningATestCase || watcher.failureCount > failuresBefore { return }
  #endif
  guard isTestProcess else {
    fatalError(
      """
      SignalsTesting: an expectation failed outside any test, with nothing to fail:
      \(message)
      Call SignalsTesting's expectations from a Swift Testing test or an XCTest test method.
      """,
      file: site.filePath,
      line: site.line
    )
  }
  #if canImport(Testing)
  recordIssue(message, at: site)
  #endif
}

#if canImport(Testing)
private func recordIssue(_ message: String, at site: CallSite) {
  let location = SourceLocation(
    fileID: site.fileID,
    filePath: "\(site.filePath)",
    line: Int(site.line),
    column: Int(site.column)
  )
  Issue.record(Comment(rawValue: message), sourceLocation: location)
}
#endif

/// Whether this process runs tests: an XCTest bundle (`swift test` runs `<Package>PackageTests.xctest` for
/// both XCTest and Swift Testing on Linux; on macOS it runs them in `xctest` and `swiftpm-testing-helper`), or
/// a process Xcode started for tests.
private let isTestProcess: Bool = {
  let executable = CommandLine.arguments.first?.split(separator: "/").last ?? ""
  if ["xctest", "swiftpm-testing-helper"].contains(executable) || executable.hasSuffix(".xctest") { return true }
  return getenv("XCTestConfigurationFilePath") != nil || getenv("XCTestSessionIdentifier") != nil
}()

#if canImport(XCTest)
/// What XCTest is running, as its observation center tells: whether a test case has started and not yet
/// finished, and how many failures were recorded since the watcher was registered (on first use).
///
/// Registered in the middle of the first test that fails through SignalsTesting, it has not seen that test
/// start: the failure count tells it whether `XCTFail` reached a test case.
final class XCTestWatcher: XCTestObservationBase, XCTestObservation, @unchecked Sendable {
  static let shared: XCTestWatcher = {
    let watcher = XCTestWatcher()
    XCTestObservationCenter.shared.addTestObserver(watcher)
    return watcher
  }()

  private let state = Locked((isRunningATestCase: false, failureCount: 0))

  var isRunningATestCase: Bool { state.withLock { $0.isRunningATestCase } }
  var failureCount: Int { state.withLock { $0.failureCount } }

  func testCaseWillStart(_ testCase: XCTestCase) {
    state.withLock { $0.isRunningATestCase = true }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    state.withLock { $0.isRunningATestCase = false }
  }

  #if canImport(ObjectiveC)
  func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
    state.withLock { $0.failureCount += 1 }
  }
  #else
  func testCase(
    _ testCase: XCTestCase,
    didFailWithDescription description: String,
    inFile filePath: String?,
    atLine lineNumber: Int
  ) {
    state.withLock { $0.failureCount += 1 }
  }
  #endif
}

#if canImport(ObjectiveC)
/// XCTest's observers are Objective-C objects on Apple platforms.
typealias XCTestObservationBase = NSObject
#else
/// XCTest's observers are plain classes on other platforms.
class XCTestObservationBase {}
#endif
#endif
