import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct TimerTests {
  @Test func sendsTheTimeEveryIntervalUntilDisposed() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(SignalProducer.timer(interval: .seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.advance(ticks: 7)
    #expect(recorder.values == [2, 4, 6].map { scheduler.instant(ofTick: $0) })
    #expect(recorder.marble { _ in "t" } == "--t-t-t")
    recorder.dispose()
    #expect(scheduler.scheduledCount == 0)
    scheduler.advance(ticks: 10)
    #expect(recorder.descriptions.last == "interrupted")
    #expect(recorder.values.count == 3)
  }

  @Test func eachStartHasItsOwnTimer() {
    let scheduler = TestScheduler()
    let producer = SignalProducer.timer(interval: .seconds(3), on: scheduler).map { _ in "t" }
    let first = TestRecorder(producer, scheduler: scheduler)
    scheduler.advance(ticks: 1)
    let second = TestRecorder(producer, scheduler: scheduler)
    scheduler.advance(ticks: 6)
    first.expect(marble: "---t--t")
    second.expect(marble: "----t--t")
  }
}
