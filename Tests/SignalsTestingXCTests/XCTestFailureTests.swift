import Foundation
import Signals
import SignalsTesting
import XCTest

// This file imports SignalsTesting and XCTest, and not Testing, as a team moving from RxTest writes its specs:
// that it compiles proves that no SignalsTesting call needs a Swift Testing macro at the call site.

/// SignalsTesting's expectations fail the running XCTest test, as XCTest's own assertions do.
///
/// Each test runs a wrong expectation inside ``failures(recordedBy:)``, which keeps what XCTest was told
/// instead of failing the test with it, and checks what it was told: the same message and line a real failing
/// spec would show.
final class XCTestFailureTests: XCTestCase {
  private var captured: [(description: String, file: String, line: Int)]?

  /// Runs `body` and returns the failures it recorded on this test case, which are then not recorded.
  private func failures(recordedBy body: () -> Void) -> [(description: String, file: String, line: Int)] {
    captured = []
    body()
    defer { captured = nil }
    return captured ?? []
  }

  #if canImport(ObjectiveC)
  override func record(_ issue: XCTIssue) {
    guard captured != nil else { return super.record(issue) }
    let location = issue.sourceCodeContext.location
    captured?.append((issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
  }
  #else
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    guard captured != nil else {
      return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    captured?.append((description, filePath, lineNumber))
  }
  #endif

  func testAWrongMarbleFailsTheTestAtTheLineOfTheExpectation() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.coldProducer("-a-b|"), scheduler: scheduler)
    scheduler.run()
    var line = 0
    let failures = failures {
      line = #line + 1
      recorder.expect(marble: "-a--b|")
    }
    XCTAssertEqual(failures.count, 1)
    let failure = failures.first
    XCTAssertTrue(failure?.description.contains("Marble mismatch") ?? false, "\(failures)")
    XCTAssertTrue(failure?.description.contains("expected: -a--b|") ?? false, "\(failures)")
    XCTAssertTrue(failure?.description.contains("actual: -a-b|") ?? false, "\(failures)")
    XCTAssertTrue(failure?.file.hasSuffix("XCTestFailureTests.swift") ?? false, "\(failures)")
    XCTAssertEqual(failure?.line, line)
  }

  func testARightMarbleRecordsNothing() {
    let scheduler = TestScheduler()
    let letters = scheduler.hotSignal("-a-b-|")
    let recorder = TestRecorder(letters.map { $0.uppercased() }, scheduler: scheduler)
    scheduler.run()
    XCTAssertEqual(failures { recorder.expect(marble: "-A-B-|") }.count, 0)
  }

  func testWrongValuesAndEventsFailTheTest() {
    let recorder = TestRecorder(SignalProducer<Int, Never>(values: 1, 2, 3))
    let values = failures { recorder.expect(values: [1, 5, 3]) }
    XCTAssertEqual(values.count, 1)
    XCTAssertTrue(values.first?.description.contains("- 5") ?? false, "\(values)")
    let events = failures { recorder.expect(events: ["1", "2", "3"]) }
    XCTAssertEqual(events.count, 1)
    XCTAssertTrue(events.first?.description.contains("+ completed") ?? false, "\(events)")
  }

  func testAMalformedDiagramFailsTheTestThatWroteIt() {
    let scheduler = TestScheduler()
    let failures = failures { _ = scheduler.coldProducer("-a-(b") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.description.contains("'(' without ')'") ?? false, "\(failures)")
  }

  /// In a program that runs no tests, nothing could fail: a wrong expectation stops it, saying why, rather than
  /// pass unseen. (`signals-testing-outside-a-test`, built next to this bundle.)
  func testAFailureInAProgramThatRunsNoTestsStopsItSayingWhy() throws {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let program = bundle.appendingPathComponent("signals-testing-outside-a-test")
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: program.path), "not built: \(program.path)")
    let process = Process()
    process.executableURL = program
    process.environment = ["SWIFT_BACKTRACE": "enable=no"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertNotEqual(process.terminationStatus, 0)
    XCTAssertEqual(printed, "a right expectation passed\n")
    XCTAssertTrue(
      said.contains("main.swift:16: Fatal error: SignalsTesting: an expectation failed outside any test"), said)
    XCTAssertTrue(said.contains("  - 3\n  + 2"), said)
    XCTAssertTrue(said.contains("Call SignalsTesting's expectations from a Swift Testing test or an XCTest test"), said)
  }

  /// A helper in XCTest's style passes its caller's file and line on, so the failure points at its caller.
  func testAHelperCanPassItsCallersLineOn() {
    func expectOneTwo(_ recorder: TestRecorder<Int, Never>, file: StaticString = #filePath, line: UInt = #line) {
      recorder.expect(values: [1, 2], filePath: file, line: line)
    }
    let recorder = TestRecorder(SignalProducer<Int, Never>(values: 1, 3))
    var line = 0
    let failures = failures {
      line = #line + 1
      expectOneTwo(recorder)
    }
    XCTAssertEqual(failures.map(\.line), [line])
  }
}
