import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// The RxTest idioms, with RxTest's numbers: hot and cold sources from events at explicit times, a start at
/// 100/200/1000, and subscription logs.
@Suite(.watchingThePool) struct RxTestStyleTests {
  @Test func aHotSourceSendsAtItsTimesAndLogsTheStartsOfItsProducer() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([.next(150, 1), .next(210, 2), .next(240, 3), .completed(300)])
    let res = scheduler.start { xs.producer.map { $0 * 2 } }
    #expect(res.recorded == [.next(210, 4), .next(240, 6), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)])
  }

  @Test func disposingAtOneThousandRecordsTheInterruptionRxTestLeavesOut() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([.next(210, 2), .completed(1200)])
    let res = scheduler.start { xs.producer }
    #expect(res.recorded == [.next(210, 2), .interrupted(1000)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
  }

  @Test func aSignalIsMadeAndObservedAtTheSubscriptionTime() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([.next(150, 1), .next(210, 2), .completed(300)])
    var made: Int?
    let res = scheduler.start { () -> Signal<Int, Never> in
      made = scheduler.clock
      return xs.signal.map { $0 + 1 }
    }
    #expect(made == 200)
    #expect(res.recorded == [.next(210, 3), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 300)], "the chain let go when it ended")
  }

  @Test func aSignalsSubscriptionEndsWhenWhatWasBuiltOnItLetsGo() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([.next(210, 2), .completed(2000)])
    let res = scheduler.start { xs.signal.filter { $0 > 0 } }
    #expect(res.recorded == [.next(210, 2)], "disposing an observation of a signal sends nothing")
    #expect(xs.subscriptions == [Subscription(200, 1000)])
  }

  @Test func aColdSourceCountsFromEachStart() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdProducer([.next(10, "a"), .next(20, "b"), .completed(30)])
    let res = scheduler.start { xs.producer }
    #expect(res.recorded == [.next(210, "a"), .next(220, "b"), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
    #expect(xs.recordedEvents == [.next(10, "a"), .next(20, "b"), .completed(30)])
  }

  @Test func aColdSourceWithAttemptsPlaysOnePerStartForARetry() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdProducer(attempts: [
      [.next(10, 1), .error(20, TestError.boom)],
      [.next(10, 2), .completed(15)],
    ])
    let res = scheduler.start { xs.producer.retry(upTo: 1) }
    #expect(res.recorded == [.next(210, 1), .next(230, 2), .completed(235)])
    #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 235)])
  }

  @Test func aPropertyIsRecordedFromItsCurrentValue() {
    let scheduler = TestScheduler()
    let name = MutableProperty("")
    scheduler.scheduleAt(300) { name.value = "Ada" }
    let res = scheduler.start { name.map { $0.count } }
    #expect(res.recorded == [.next(200, 0), .next(300, 3), .interrupted(1000)])
  }

  @Test func scheduleAtRunsAtATick() {
    let scheduler = TestScheduler(tick: .milliseconds(200))
    var ranAt: SchedulerInstant?
    scheduler.scheduleAt(5) { ranAt = scheduler.now }
    scheduler.run()
    #expect(ranAt == .zero.advanced(by: .seconds(1)))
  }
}
