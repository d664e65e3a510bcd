import Signals
import Testing

/// Runs `body` and returns the issues it recorded, as text, instead of recording them: how a spec proves that
/// one of our checkers (a recorder's `expect`, a marble parser, the contract rig, the blocking-suite guard)
/// reports the bug planted in front of it, as an ordinary passing test with nothing in the run's log.
///
/// Only issues recorded on the calling task are captured, as with `withKnownIssue`; one recorded on another
/// thread still fails the run.
func issues(recordedBy body: @escaping @Sendable () async -> Void) async throws -> [String] {
  let captured = Locked<[String]>([])
  #if compiler(>=6.2)
  let capture = IssueHandlingTrait.compactMapIssues { issue in
    captured.withLock { $0.append("\(issue)") }
    return nil
  }
  let test = try #require(Test.current, "issues(recordedBy:) captures the issues of a running test")
  try await capture.provideScope(for: test, testCase: Test.Case.current) { await body() }
  #else
  // Before Swift 6.2, issues can only be kept from failing the test as known issues, which the log lists.
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    captured.withLock { $0.append("\(issue)") }
    return true
  }
  #endif
  return captured.withLock { $0 }
}
