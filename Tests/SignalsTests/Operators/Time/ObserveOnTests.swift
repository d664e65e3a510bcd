import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ObserveOnTests {
  @Test func deliversEveryEventThroughTheScheduler() {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.observe(on: scheduler))
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    #expect(recorder.events.isEmpty)
    scheduler.advance()
    recorder.expect(events: ["1", "2", "completed"])
  }

  @Test func forwardsFailureAndInterruptionThroughTheScheduler() {
    let scheduler = TestScheduler()
    let failing = TestRecorder(
      scheduler.hotSignal("-aX", error: TestError.boom).observe(on: scheduler), scheduler: scheduler)
    let interrupted = TestRecorder(scheduler.hotSignal("-!").observe(on: scheduler), scheduler: scheduler)
    scheduler.run()
    failing.expect(marble: "-aX", error: .boom)
    interrupted.expect(marble: "-!")
  }

  @Test func disposingCancelsScheduledDeliveriesAndDetaches() {
    let scheduler = TestScheduler()
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.observe(on: scheduler))
    input.send(value: 1)
    #expect(scheduler.scheduledCount == 1)
    recorder.dispose()
    #expect(scheduler.scheduledCount == 0)
    #expect(observerCount(signal) == 0)
    scheduler.run()
    #expect(recorder.events.isEmpty)
  }

  @Test func producerFormDeliversOnTheScheduler() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(SignalProducer<Int, Never>(values: 1, 2).observe(on: scheduler))
    #expect(recorder.events.isEmpty)
    scheduler.advance()
    recorder.expect(events: ["1", "2", "completed"])
  }

  @Test func startOnRunsTheWorkOnTheScheduler() {
    let scheduler = TestScheduler()
    let starts = Box(0)
    let producer = SignalProducer<Int, Never> { observer, _ in
      starts.value += 1
      observer.send(value: 1)
      observer.sendCompleted()
    }.start(on: scheduler)
    let recorder = TestRecorder(producer, scheduler: scheduler)
    #expect(starts.value == 0)
    scheduler.advance(ticks: 2)
    #expect(starts.value == 1)
    recorder.expect(marble: "(a|)", values: ["a": 1])
  }

  @Test func startOnDisposedBeforeTheSchedulerRunsNeverStarts() {
    let scheduler = TestScheduler()
    let starts = Box(0)
    let producer = SignalProducer<Int, Never> { _, _ in starts.value += 1 }.start(on: scheduler)
    let recorder = TestRecorder(producer)
    recorder.dispose()
    scheduler.run()
    #expect(starts.value == 0)
    recorder.expect(events: ["interrupted"])
  }

  @Test func startOnForwardsFailureAndDisposingLaterInterruptsTheWork() {
    let scheduler = TestScheduler()
    let failing = TestRecorder(
      scheduler.coldProducer("-X", error: TestError.boom).start(on: scheduler),
      scheduler: scheduler
    )
    let running = TestRecorder(scheduler.coldProducer("-a---b").start(on: scheduler), scheduler: scheduler)
    scheduler.advance(ticks: 2)
    running.dispose()
    #expect(scheduler.scheduledCount == 0)
    failing.expect(marble: "-X", error: .boom)
    running.expect(marble: "-a!")
  }
}
