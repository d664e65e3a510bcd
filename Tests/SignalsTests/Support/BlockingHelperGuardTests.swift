import SignalsTestSupport
import Testing

@Suite(.watchingThePool) struct BlockingHelperGuardTests {
  @Test func aBlockingHelperCalledOnAPoolThreadIsReported() async throws {
    let reported = try await issues { concurrently(1) { _ in } }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("concurrently blocks the thread it is called on") == true, "\(reported)")
  }

  @Test func aBlockingHelperCalledOnAThreadOfItsOwnIsNot() async throws {
    try await onItsOwnThread {
      #expect(isOnAThreadOfItsOwn)
      let reported = try await issues { concurrently(1) { _ in } }
      #expect(reported.isEmpty, "\(reported)")
    }
  }
}

@Suite(.watchingThePool, .onItsOwnThread) struct OwnThreadSuiteTests {
  @Test func aTestOfASuiteOnItsOwnThreadRunsOnAThreadOfItsOwn() {
    #expect(isOnAThreadOfItsOwn)
    concurrently(1) { _ in }
  }
}
