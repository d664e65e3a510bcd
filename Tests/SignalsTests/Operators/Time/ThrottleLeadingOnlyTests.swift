import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `throttle(_:latest: false, on:)`: the guide's diagram, the machine without threads, and RxSwift's
/// `test_ThrottleTimeSpan_NotLatest_*` specs with their timelines (`TestScheduler` ticks of one second, so
/// RxSwift's 200 is `.seconds(200)`).
@Suite(.watchingThePool) struct ThrottleLeadingOnlyTests {
  @Test func sendsOnlyLeadingValuesAndDropsTheOnesThatComeTooSoon() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-abc----d-e|")
    let recorder = TestRecorder(source.throttle(.seconds(3), latest: false, on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a------d--|")
  }

  @Test func latestTrueIsTheLeadingAndTrailingThrottle() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-abc----d-e|")
    let both = TestRecorder(source.throttle(.seconds(3), latest: true, on: scheduler), scheduler: scheduler)
    let plain = TestRecorder(source.throttle(.seconds(3), on: scheduler), scheduler: scheduler)
    scheduler.run()
    both.expect(marble: "-a--c---d--(e|)")
    #expect(both.descriptions == plain.descriptions)
  }

  @Test func theProducerFormThrottlesEveryStart() {
    let scheduler = TestScheduler()
    let producer = scheduler.coldProducer("ab--c|").throttle(.seconds(2), latest: false, on: scheduler)
    let first = TestRecorder(producer, scheduler: scheduler)
    scheduler.run()
    first.expect(marble: "a---c|")
  }

  // MARK: RxSwift's specs

  @Test func notLatestCompleted() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([
      .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6), .next(450, 7),
      .completed(500),
    ])
    let res = scheduler.start { xs.producer.throttle(.seconds(200), latest: false, on: scheduler) }
    #expect(res.recorded == [.next(210, 2), .next(410, 6), .completed(500)])
    #expect(xs.subscriptions == [Subscription(200, 500)])
  }

  @Test func notLatestNever() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([Recorded<Int, Never>.next(150, 0)])
    let res = scheduler.start { xs.producer.throttle(.seconds(200), latest: false, on: scheduler) }
    // RxTest records nothing at the disposal; we record the interruption.
    #expect(res.recorded == [.interrupted(1000)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
  }

  @Test func notLatestEmpty() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([Recorded<Int, Never>.next(150, 0), .completed(500)])
    let res = scheduler.start { xs.producer.throttle(.seconds(200), latest: false, on: scheduler) }
    #expect(res.recorded == [.completed(500)])
    #expect(xs.subscriptions == [Subscription(200, 500)])
  }

  @Test func notLatestError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([
      .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .error(410, TestError.boom),
      .next(450, 7), .completed(500),
    ])
    let res = scheduler.start { xs.producer.throttle(.seconds(200), latest: false, on: scheduler) }
    #expect(res.recorded == [.next(210, 2), .error(410, .boom)])
    #expect(xs.subscriptions == [Subscription(200, 410)])
  }

  @Test func notLatestNoEnd() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotSignal([
      Recorded<Int, Never>.next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6),
      .next(450, 7),
    ])
    let res = scheduler.start { xs.producer.throttle(.seconds(200), latest: false, on: scheduler) }
    #expect(res.recorded == [.next(210, 2), .next(410, 6), .interrupted(1000)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
  }
}
