import Signals
import Testing

/// A failure a spec reported: its message and the line it points at.
struct CapturedIssue: CustomStringConvertible {
  let message: String
  let line: Int?
  var description: String { "line \(line.map(String.init) ?? "?"): \(message)" }
}

/// Runs `body` and returns the issues it recorded, which do not fail the running test: how the spec of
/// `ViewModelSpec` checks what it reports, and where.
func capturedIssues(recordedBy body: @escaping @Sendable () async -> Void) async throws -> [CapturedIssue] {
  let captured = Locked<[CapturedIssue]>([])
  let capture = IssueHandlingTrait.compactMapIssues { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    captured.withLock { $0.append(CapturedIssue(message: message, line: issue.sourceLocation?.line)) }
    return nil
  }
  let test = try #require(Test.current, "capturedIssues(recordedBy:) captures the issues of a running test")
  try await capture.provideScope(for: test, testCase: Test.Case.current) { await body() }
  return captured.withLock { $0 }
}
