import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct TimeoutTests {
  @Test func failsWithTheGivenErrorWhenTheSourceIsTooSlow() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a---b|", error: TestError.boom)
    let recorder = TestRecorder(
      source.timeout(after: .seconds(3), raising: .other, on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-X", error: .other)
    #expect(observerCount(source) == 0)
  }

  @Test func completesAndCancelsTheTimerWhenTheSourceEndsInTime() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a|", error: TestError.boom)
    let recorder = TestRecorder(
      source.timeout(after: .seconds(3), raising: .other, on: scheduler), scheduler: scheduler)
    scheduler.advance(ticks: 2)
    recorder.expect(marble: "-a|")
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func forwardsTheSourcesFailureAndInterruption() {
    let scheduler = TestScheduler()
    let failing = scheduler.hotSignal("-X", error: TestError.boom)
    let failed = TestRecorder(failing.timeout(after: .seconds(3), raising: .other, on: scheduler), scheduler: scheduler)
    let interrupting = scheduler.hotSignal("--!", error: TestError.boom)
    let interrupted = TestRecorder(
      interrupting.timeout(after: .seconds(3), raising: .other, on: scheduler),
      scheduler: scheduler
    )
    scheduler.run()
    failed.expect(marble: "-X", error: .boom)
    interrupted.expect(marble: "--!")
  }

  @Test func disposingCancelsTheTimerAndDetaches() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("", error: TestError.boom)
    let recorder = TestRecorder(
      source.timeout(after: .seconds(3), raising: .other, on: scheduler), scheduler: scheduler)
    recorder.dispose()
    #expect(scheduler.scheduledCount == 0)
    #expect(observerCount(source) == 0)
  }

  @Test func producerFormTimesEachStartFromItsBeginning() {
    let scheduler = TestScheduler()
    let producer = scheduler.coldProducer("---a|", error: TestError.boom)
      .timeout(after: .seconds(2), raising: .other, on: scheduler)
    let first = TestRecorder(producer, scheduler: scheduler)
    scheduler.advance(ticks: 3)
    let second = TestRecorder(producer, scheduler: scheduler)
    scheduler.run()
    first.expect(marble: "--X", error: .other)
    second.expect(marble: "-----X", error: .other)
  }

  // MARK: A source that cannot fail

  @Test func aSourceThatCannotFailTimesOutWithTheGivenErrorsType() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a---b|")
    let timed: Signal<String, TestError> = source.timeout(after: .seconds(3), raising: .other, on: scheduler)
    let recorder = TestRecorder(timed, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-X", error: .other)
    #expect(observerCount(source) == 0)
  }

  @Test func aSourceThatCannotFailCompletesInTimeAndCancelsTheTimer() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(
      scheduler.hotSignal("-a|").timeout(after: .seconds(3), raising: TestError.other, on: scheduler),
      scheduler: scheduler)
    scheduler.advance(ticks: 2)
    recorder.expect(marble: "-a|")
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func aSourceThatCannotFailForwardsItsInterruptionAndDisposalCancelsTheTimer() {
    let scheduler = TestScheduler()
    let interrupted = TestRecorder(
      scheduler.hotSignal("--!").timeout(after: .seconds(3), raising: TestError.other, on: scheduler),
      scheduler: scheduler)
    scheduler.run()
    interrupted.expect(marble: "--!")
    let source = scheduler.hotSignal("")
    let disposed = TestRecorder(
      source.timeout(after: .seconds(3), raising: TestError.other, on: scheduler), scheduler: scheduler)
    disposed.dispose()
    #expect(scheduler.scheduledCount == 0)
    #expect(observerCount(source) == 0)
  }

  @Test func aProducerThatCannotFailTimesEachStartFromItsBeginning() {
    let scheduler = TestScheduler()
    let producer = scheduler.coldProducer("---a|").timeout(after: .seconds(2), raising: TestError.other, on: scheduler)
    let first = TestRecorder(producer, scheduler: scheduler)
    scheduler.advance(ticks: 3)
    let second = TestRecorder(producer, scheduler: scheduler)
    let inTime = TestRecorder(
      scheduler.coldProducer("-a|").timeout(after: .seconds(3), raising: TestError.other, on: scheduler),
      scheduler: scheduler)
    scheduler.run()
    first.expect(marble: "--X", error: .other)
    second.expect(marble: "-----X", error: .other)
    inTime.expect(marble: "----a|")
  }
}
