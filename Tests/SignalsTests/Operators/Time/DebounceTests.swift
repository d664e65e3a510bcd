import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct DebounceTests {
  @Test func sendsTheLatestValueOnceQuietAndTheWaitingOneAtCompletion() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-ab---c--d|")
    let recorder = TestRecorder(source.debounce(.seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "----b---c-(d|)")
  }

  @Test func failureDropsTheWaitingValue() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a---bX", error: TestError.boom)
    let recorder = TestRecorder(source.debounce(.seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "---a--X", error: .boom)
  }

  @Test func interruptionDropsTheWaitingValue() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.hotSignal("-a!").debounce(.seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--!")
  }

  @Test func disposingCancelsTheTimerAndDetaches() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a----b")
    let recorder = TestRecorder(source.debounce(.seconds(3), on: scheduler), scheduler: scheduler)
    scheduler.advance(ticks: 2)
    #expect(scheduler.scheduledCount == 2)
    recorder.dispose()
    #expect(scheduler.scheduledCount == 1)
    #expect(observerCount(source) == 0)
    scheduler.run()
    #expect(recorder.values.isEmpty)
  }

  @Test func producerFormDebouncesEveryStart() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(
      scheduler.coldProducer("ab--c|").debounce(.seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "---b-(c|)")
  }
}
