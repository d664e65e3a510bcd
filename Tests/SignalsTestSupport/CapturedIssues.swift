import Testing

/// A failure a spec reported: its message and the line it points at.
public struct CapturedIssue: CustomStringConvertible, Sendable {
  /// The issue's comments, one per line.
  public let message: String
  /// The line the issue points at, if it has a source location.
  public let line: Int?
  /// `line N: message`.
  public var description: String { "line \(line.map(String.init) ?? "?"): \(message)" }
}

/// Runs `body` and returns the issues it recorded, which do not fail the running test: how the specs of
/// `ViewModelSpec` and of the planted regressions check what a spec reports, and where.
public func capturedIssues(
  recordedBy body: @escaping @Sendable () async -> Void
) async throws -> [CapturedIssue] {
  let captured = Guarded<[CapturedIssue]>([])
  let capture = IssueHandlingTrait.compactMapIssues { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    captured.withLock { $0.append(CapturedIssue(message: message, line: issue.sourceLocation?.line)) }
    return nil
  }
  let test = try #require(Test.current, "capturedIssues(recordedBy:) captures the issues of a running test")
  try await capture.provideScope(for: test, testCase: Test.Case.current) { await body() }
  return captured.withLock { $0 }
}
