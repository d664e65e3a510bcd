import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct DelayTests {
  @Test func delaysValuesAndCompletion() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.hotSignal("-a-b|").delay(.seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "---a-b|")
  }

  @Test func failsAtOnceDroppingWaitingValues() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a-bX", error: TestError.boom)
    let recorder = TestRecorder(source.delay(.seconds(2), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "---aX", error: .boom)
  }

  @Test func aZeroDelayKeepsTheValueSentJustBeforeAFailure() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-(aX)", error: TestError.boom)
    let recorder = TestRecorder(source.delay(.zero, on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-(aX)", error: .boom)
  }

  @Test func interruptionIsForwardedAtOnce() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.hotSignal("-a!").delay(.seconds(3), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--!")
  }

  @Test func disposingCancelsScheduledDeliveriesAndDetaches() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-ab-c|")
    let recorder = TestRecorder(source.delay(.seconds(5), on: scheduler), scheduler: scheduler)
    scheduler.advance(ticks: 3)
    let scheduledBySource = 2
    #expect(scheduler.scheduledCount == scheduledBySource + 2)
    recorder.dispose()
    #expect(scheduler.scheduledCount == scheduledBySource)
    #expect(observerCount(source) == 0)
    scheduler.run()
    #expect(recorder.events.isEmpty)
  }

  @Test func producerFormDelaysEveryStart() {
    let scheduler = TestScheduler()
    let producer = scheduler.coldProducer("a|").delay(.seconds(1), on: scheduler)
    let first = TestRecorder(producer, scheduler: scheduler)
    scheduler.advance(ticks: 3)
    let second = TestRecorder(producer, scheduler: scheduler)
    scheduler.run()
    first.expect(marble: "-a|")
    second.expect(marble: "----a|")
  }
}
