import Signals
import SignalsTesting
import XCTest

// A ViewModelSpec in an XCTestCase, in a file that does not import Testing: a step that does not state a change
// fails the test method at the step's line, as XCTAssert would.

/// A form with one input and one output.
final class GreetingForm {
  let name = MutableProperty("")
  let greeting: Property<String>

  init() {
    greeting = name.map { "Hello, \($0)" }
  }
}

final class ViewModelSpecXCTests: XCTestCase {
  private var captured: [(description: String, line: Int)]?

  /// Runs `body` and returns the failures it recorded on this test case, which are then not recorded.
  private func failures(recordedBy body: () -> Void) -> [(description: String, line: Int)] {
    captured = []
    body()
    defer { captured = nil }
    return captured ?? []
  }

  #if canImport(ObjectiveC)
  override func record(_ issue: XCTIssue) {
    guard captured != nil else { return super.record(issue) }
    captured?.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
  }
  #else
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    guard captured != nil else {
      return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    captured?.append((description, lineNumber))
  }
  #endif

  func testAStepThatStatesEverythingRecordsNothing() {
    let form = GreetingForm()
    let failures = failures {
      let spec = ViewModelSpec(of: form)
      spec.step("type") {
        form.name.value = "Zhuo"
      } expect: {
        $0.name = "Zhuo"
        $0.greeting = "Hello, Zhuo"
      }
      spec.finish()
    }
    XCTAssertEqual(failures.count, 0, "\(failures)")
  }

  func testAnUnstatedChangeFailsTheTestAtTheStepsLine() {
    let form = GreetingForm()
    var line = 0
    let failures = failures {
      let spec = ViewModelSpec(of: form)
      line = #line + 1
      spec.step("type") {
        form.name.value = "Zhuo"
      } expect: {
        $0.name = "Zhuo"
      }
      spec.finish()
    }
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertTrue(failures.first?.description.contains("✗ greeting changed, and the step does not say so:") ?? false)
    XCTAssertTrue(failures.first?.description.contains("\"Hello, \" → \"Hello, Zhuo\"") ?? false, "\(failures)")
    XCTAssertTrue(failures.first?.description.contains("Timeline of GreetingForm") ?? false, "\(failures)")
  }
}
