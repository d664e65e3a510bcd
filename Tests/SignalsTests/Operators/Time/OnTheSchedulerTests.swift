import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// The rule of `Docs/Contracts.md` §12, on virtual time: an operator that takes a scheduler sends every event
/// from an action of that scheduler — a failure or an interruption hops there without waiting, after what was
/// due by the instant it arrived.
@Suite(.watchingThePool) struct OnTheSchedulerTests {
  @Test(arguments: TimedOperator.allCases)
  func aFailureHopsToTheSchedulerWithoutWaiting(_ timed: TimedOperator) {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(timed.apply(signal, on: scheduler, interval: .seconds(2)), scheduler: scheduler)
    input.send(error: .boom)
    #expect(recorder.events.isEmpty, "sent on the failing thread, outside the scheduler")
    scheduler.advance()
    #expect(recorder.descriptions == ["failed(boom)"])
    #expect(recorder.timedEvents.first?.time == .zero, "it must not wait for the interval")
  }

  @Test(arguments: TimedOperator.allCases)
  func anInterruptionHopsToTheSchedulerWithoutWaiting(_ timed: TimedOperator) {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(timed.apply(signal, on: scheduler, interval: .seconds(2)), scheduler: scheduler)
    input.sendInterrupted()
    #expect(recorder.events.isEmpty)
    scheduler.advance()
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test(arguments: TimedOperator.allCases)
  func aValueSentJustBeforeAFailureComesFirstIfItWasDue(_ timed: TimedOperator) {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(timed.apply(signal, on: scheduler, interval: .seconds(2)), scheduler: scheduler)
    input.send(value: 7)
    input.send(error: .boom)
    #expect(recorder.events.isEmpty)
    scheduler.run()
    let expected = timed.valueBeforeAFailureSurvives ? ["7", "failed(boom)"] : ["failed(boom)"]
    #expect(recorder.descriptions == expected)
    #expect(scheduler.scheduledCount == 0, "the end cancels what was still scheduled")
  }

  @Test(arguments: TimedOperator.allCases)
  func nothingIsSentOnTheSendersThread(_ timed: TimedOperator) {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(timed.apply(signal, on: scheduler, interval: .seconds(2)), scheduler: scheduler)
    for value in 1...3 { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.events.isEmpty)
    scheduler.run()
    #expect(recorder.events.last.map { "\($0)" } == "completed")
  }
}
