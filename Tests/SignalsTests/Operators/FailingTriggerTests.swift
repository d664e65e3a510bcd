import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// A trigger, sampler or `withLatest(from:)` source that can fail ends the result with its error, as RxSwift's
/// do; ReactiveSwift's cannot fail. Where neither side can fail, the forms that take a `Never` input are picked.
@Suite(.watchingThePool) struct FailingTriggerTests {
  @Test func aFailingTriggerFailsTakeUntil() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-1-2-3-|", error: TestError.boom)
    let trigger = scheduler.hotSignal("----X", error: TestError.other)
    let recorder = TestRecorder(source.take(until: trigger), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-1-2X", error: .other)
  }

  @Test func aFailingTriggersValueStillCompletesTakeUntil() {
    let (source, input) = Signal<Int, TestError>.pipe()
    let (trigger, fire) = Signal<Void, TestError>.pipe()
    let recorder = TestRecorder(source.take(until: trigger))
    input.send(value: 1)
    fire.send(value: ())
    input.send(value: 2)
    #expect(recorder.descriptions == ["1", "completed"])
    #expect(source.observerCount == 0 && trigger.observerCount == 0)
  }

  @Test func aFailingSamplerFailsSample() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a--b----|", error: TestError.boom)
    let sampler = scheduler.hotSignal("--x---yX", error: TestError.other)
    let recorder = TestRecorder(source.sample(with: sampler).map { $0.0 + $0.1 }, scheduler: scheduler)
    let on = TestRecorder(source.sample(on: sampler.map { _ in () }), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--p---qX", values: ["p": "ax", "q": "by"], error: .other)
    on.expect(marble: "--a---bX", error: .other)
  }

  @Test func aFailingOtherFailsWithLatest() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-a--b-c-|", error: TestError.boom)
    let other = scheduler.hotSignal("--x--X", error: TestError.other)
    let recorder = TestRecorder(source.withLatest(from: other).map { $0.0 + $0.1 }, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "----pX", values: ["p": "bx"], error: .other)
  }

  @Test func theProducerFormsFailToo() {
    let source = SignalProducer<Int, TestError>.never
    let failing = SignalProducer<Int, TestError>(error: .other)
    #expect(TestRecorder(source.take(until: failing)).descriptions == ["failed(other)"])
    #expect(TestRecorder(source.sample(with: failing)).descriptions == ["failed(other)"])
    #expect(TestRecorder(source.sample(on: failing.map { _ in () })).descriptions == ["failed(other)"])
    #expect(TestRecorder(source.withLatest(from: failing)).descriptions == ["failed(other)"])
    // The signal form starts `failing` at once: the hot result has failed before anyone observes it, and a
    // late observer is interrupted (Contracts §5).
    let (signal, input) = Signal<Int, TestError>.pipe()
    let failed = signal.withLatest(from: failing)
    withExtendedLifetime(input) {}
    #expect(TestRecorder(failed).descriptions == ["interrupted"])
    let (other, otherInput) = Signal<Int, TestError>.pipe()
    let (late, lateInput) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(other.withLatest(from: SignalProducer(late)))
    lateInput.send(error: .other)
    #expect(recorder.descriptions == ["failed(other)"])
    withExtendedLifetime(otherInput) {}  // a pipe whose input is gone has ended
  }

  @Test func aCompletedOrInterruptedOtherChangesNothingForWithLatest() {
    let (source, input) = Signal<Int, TestError>.pipe()
    let (other, otherInput) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(source.withLatest(from: other))
    otherInput.send(value: 7)
    otherInput.sendCompleted()
    input.send(value: 1)
    #expect(recorder.values.map { $0.1 } == [7])
    #expect(!recorder.isTerminated)
  }

  @Test func inputsThatCannotFailStillPickTheirOwnForms() {
    let (source, _) = Signal<Int, Never>.pipe()
    let (trigger, _) = Signal<Void, Never>.pipe()
    let taken = source.take(until: trigger)
    let sampled = source.sample(on: trigger)
    #expect(type(of: taken) == Signal<Int, Never>.self && type(of: sampled) == Signal<Int, Never>.self)
  }
}
