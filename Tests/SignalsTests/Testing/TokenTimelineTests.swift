import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct TokenTimelineTests {
  private let strings = ["e": "", "u1": "ada", "u2": "grace"]

  @Test func aTokenIsAtTheTickOfItsFirstCharacter() {
    let scheduler = TestScheduler()
    let attempts = scheduler.parseEventsAndTimes(timeline: "e---u1----u2-|", values: strings)
    #expect(attempts == [[.next(0, ""), .next(4, "ada"), .next(10, "grace"), .completed(13)]])
  }

  @Test func namedErrorsEndAnAttemptAndTheNextCountsFromZero() {
    let scheduler = TestScheduler()
    let attempts = scheduler.parseEventsAndTimes(
      timeline: "--u1-#timeout--u2|", values: strings, errors: ["#timeout": TestError.boom])
    #expect(attempts == [[.next(2, "ada"), .error(5, .boom)], [.next(2, "grace"), .completed(4)]])
  }

  @Test func anUnknownTokenIsReported() async throws {
    let scheduler = TestScheduler()
    let reported = try await issues { _ = scheduler.parseEventsAndTimes(timeline: "--zz", values: strings) }
    #expect(reported.count == 1, "\(reported)")
    #expect(reported.first?.contains("zz") == true, "\(reported)")
  }

  @Test func hotAndColdSourcesAndMocksFromTimelines() {
    let scheduler = TestScheduler()
    let hot = scheduler.createHotSignal(timeline: "-u1--u2", values: strings)
    let lookup: @Sendable (String) -> SignalProducer<Bool, TestError> = scheduler.mock(
      values: ["t": true, "f": false], errors: ["#1": .boom]
    ) { name in name == "grace" ? "--#1" : "--t|" }
    let results = TestRecorder(
      hot.producer.flatMap(.concat) { lookup($0).flatMapError { _ in SignalProducer(value: false) } },
      scheduler: scheduler)
    scheduler.run()
    #expect(results.recorded == [.next(3, true), .next(7, false)])
    #expect(hot.subscriptions == [Subscription(0)])
  }
}
