import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct RecordedTests {
  @Test func eventsAtTimesCompareByTimeAndEventAndFailuresByDescription() {
    let recorded: [Recorded<Int, TestError>] = [.next(210, 2), .error(250, .boom), .completed(300), .interrupted(9)]
    #expect(recorded == [.next(210, 2), .error(250, .boom), .completed(300), .interrupted(9)])
    #expect(Recorded<Int, TestError>.next(210, 2) != .next(211, 2))
    #expect(Recorded<Int, TestError>.error(250, .boom) != .error(250, .other))
    #expect(recorded.map(\.description) == ["next(210, 2)", "error(250, boom)", "completed(300)", "interrupted(9)"])
  }

  @Test func aSubscriptionThatLastsHasNoEnd() {
    #expect(Subscription(200) == Subscription(200, .max))
    #expect(Subscription(200).description == "(200, ∞)")
    #expect(Subscription(200, 1000).description == "(200, 1000)")
  }
}
