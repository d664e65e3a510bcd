import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ThrottleTests {
  @Test func sendsTheFirstAtOnceAndTheLatestOfEachBusyIntervalAtItsEnd() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-abc----d-e|")
    let recorder = TestRecorder(source.throttle(.seconds(3), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a--c---d--(e|)")
  }

  @Test func neverSendsTwoValuesCloserThanTheInterval() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("abcdefgh|")
    let recorder = TestRecorder(source.throttle(.seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "a-c-e-g-(h|)")
  }

  @Test func failureDropsTheWaitingValue() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("abX", error: TestError.boom)
    let recorder = TestRecorder(source.throttle(.seconds(5), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "a-X", error: .boom)
  }

  @Test func interruptionDropsTheWaitingValue() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.hotSignal("ab!").throttle(.seconds(5), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "a-!")
  }

  @Test func disposingCancelsTheTimerAndDetaches() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("ab-----c")
    let recorder = TestRecorder(source.throttle(.seconds(4), on: scheduler), scheduler: scheduler)
    scheduler.advance(ticks: 2)
    #expect(scheduler.scheduledCount == 2)
    recorder.dispose()
    #expect(scheduler.scheduledCount == 1)
    #expect(observerCount(source) == 0)
    scheduler.run()
    recorder.expect(marble: "a")
  }

  @Test func producerFormThrottlesEveryStart() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(
      scheduler.coldProducer("abc---|").throttle(.seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "a-c---|")
  }
}
