import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// The diagrams and edge cases of the operator guides (`Docs/Operators/`) that no operator suite asserts.
@Suite(.watchingThePool) struct GuideDiagramTests {
  @Test func withLatestFromAnEndedSignalOnlyEndsWithTheSource() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a-b|")
    let recorder = TestRecorder(
      source.withLatest(from: Signal<String, Never>.empty).map { $0.0 + $0.1 },
      scheduler: scheduler
    )
    scheduler.run()
    recorder.expect(marble: "----|")
    #expect(observerCount(source) == 0)
  }

  @Test func withLatestPairsWithANilFromTheOther() {
    let (source, input) = Signal<Int, Never>.pipe()
    let (other, otherInput) = Signal<String?, Never>.pipe()
    let recorder = TestRecorder(source.withLatest(from: other).map { "\($0.0)-\($0.1 ?? "nil")" })
    input.send(value: 1)
    otherInput.send(value: nil)
    input.send(value: 2)
    otherInput.send(value: "x")
    input.send(value: 3)
    recorder.expect(values: ["2-nil", "3-x"])
  }

  @Test func sampleSendsANilLatestValue() {
    let (source, input) = Signal<Int?, Never>.pipe()
    let (sampler, tick) = Signal<Void, Never>.pipe()
    let recorder = TestRecorder(source.sample(on: sampler).map { $0.map(String.init) ?? "nil" })
    tick.send(value: ())
    input.send(value: nil)
    tick.send(value: ())
    input.send(value: 7)
    tick.send(value: ())
    recorder.expect(values: ["nil", "7"])
  }

  @Test func throttleFlushesTheWaitingValueAtCompletionEvenIfTooSoon() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-ab|")
    let recorder = TestRecorder(source.throttle(.seconds(3), on: scheduler), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-(b|)")
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func shareOfASynchronousProducerRunsItForEveryStart() {
    let starts = Box(0)
    let shared = SignalProducer<Int, Never> { observer, _ in
      starts.value += 1
      observer.send(value: starts.value)
      observer.sendCompleted()
    }.share()
    TestRecorder(shared).expect(events: ["1", "completed"])
    TestRecorder(shared).expect(events: ["2", "completed"])
    #expect(starts.value == 2)
  }

  @Test func blockingReadsOfAnInterruptedProducer() {
    let interrupted = SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.sendInterrupted()
    }
    #expect(interrupted.first() == .success(1))
    #expect(interrupted.last() == nil)
    #expect(interrupted.single() == .success(1))
    if case .failure = interrupted.wait() { Issue.record("wait() should succeed on an interruption") }
  }

  @Test func blockingReadsOfValuesFollowedByAFailure() {
    let oneThenFailure = SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.send(error: .boom)
    }
    let twoThenFailure = SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.send(value: 2)
      observer.send(error: .boom)
    }
    #expect(oneThenFailure.first() == .success(1))
    #expect(oneThenFailure.last() == .failure(.boom))
    #expect(oneThenFailure.single() == .failure(.boom))
    #expect(twoThenFailure.single() == nil)
    #expect(SignalProducer<Int?, TestError>(value: nil).first() == .success(nil))
  }

  @Test func timeoutInterruptsTheSourceStartWhenItFires() {
    let scheduler = TestScheduler()
    let probe = ProducerProbe<String, TestError>()
    let recorder = TestRecorder(
      probe.producer.timeout(after: .seconds(2), raising: .other, on: scheduler),
      scheduler: scheduler
    )
    probe.observer?.send(value: "a")
    scheduler.advance(ticks: 2)
    recorder.expect(marble: "a-X", error: .other)
    #expect(probe.ends == 1)
    #expect(scheduler.scheduledCount == 0)
  }
}
