import Testing

/// The suites whose tests block their thread while they wait for other threads (stress runs, semaphores,
/// sleeps), nested here so that they run one test at a time.
///
/// Swift Testing runs test bodies on Swift's cooperative pool, which has one thread per core (two on CI). A
/// synchronous test that waits for worker threads holds its pool thread for as long as it waits; two such
/// tests at once hold the whole pool, and an `async` spec running meanwhile waits, with no thread to run on,
/// until they are done (a ThreadSanitizer CI run once spent minutes that way). Serialised, these tests hold
/// at most one pool thread at a time, and the other stays free for every other spec. Their work runs on
/// threads of their own (``stressConcurrently(_:timeout:sourceLocation:_:)``, ``concurrently(_:_:)``).
///
/// A blocking suite is declared as `extension BlockingSuites { @Suite struct … }`; the two helpers record an
/// issue when a test outside them calls them.
@Suite(.serialized) enum BlockingSuites {}

/// Records an issue if the calling test is not one of ``BlockingSuites``: a test that blocks its thread
/// would then share the cooperative pool with other blocking tests running in parallel.
func expectABlockingSuite(_ helper: String, sourceLocation: SourceLocation) {
  guard let test = Test.current, !test.id.nameComponents.contains("BlockingSuites") else { return }
  let message =
    "\(helper) blocks the thread it is called on until other threads finish: declare the suite in "
    + "`extension BlockingSuites { … }`, so that it never holds the cooperative pool with other blocking tests."
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

@Suite struct BlockingHelperGuardTests {
  @Test func aBlockingHelperCalledOutsideTheBlockingSuitesIsReported() async throws {
    let reported = try await issues { concurrently(1) { _ in } }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("concurrently blocks the thread it is called on") == true, "\(reported)")
  }
}

extension BlockingSuites {
  @Suite struct BlockingSuitesMembershipTests {
    @Test func aBlockingHelperCalledInsideTheBlockingSuitesIsNot() {
      concurrently(1) { _ in }
    }
  }
}
