import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `flatten(_:)` across failure types, as the mixed-failure `flatMap`s (`FlatMapMixedFailureTests`): an outer
/// stream that cannot fail flattens inners that can, and the result has their failure; inners that cannot fail
/// keep the outer's.
@Suite(.watchingThePool) struct FlattenMixedFailureTests {
  @Test func anOuterThatCannotFailFlattensProducersThatCan() {
    let scheduler = TestScheduler()
    let a = scheduler.coldProducer("-1-2|", error: TestError.boom)
    let b = scheduler.coldProducer("-3X", error: TestError.other)
    let outer = scheduler.hotSignal("-a--b-----|", values: ["a": a, "b": b])
    let flattened: Signal<String, TestError> = outer.flatten(.latest)
    let recorder = TestRecorder(flattened, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--1--3X", error: .other)
    #expect(observerCount(outer) == 0, "the inner's failure detaches from the outer")
  }

  @Test func anOuterThatCannotFailFlattensSignalsThatCan() {
    let (outer, outerInput) = Signal<Signal<Int, TestError>, Never>.pipe()
    let (inner, innerInput) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(outer.flatten(.merge))
    outerInput.send(value: inner)
    innerInput.send(value: 4)
    innerInput.send(error: .other)
    #expect(recorder.descriptions == ["4", "failed(other)"])
    #expect(outer.observerCount == 0 && inner.observerCount == 0)
  }

  @Test func innersThatCannotFailKeepTheOutersFailure() {
    let (outer, input) = Signal<SignalProducer<Int, Never>, TestError>.pipe()
    let flattened: Signal<Int, TestError> = outer.flatten(.concat)
    let recorder = TestRecorder(flattened)
    input.send(value: SignalProducer([1, 10]))
    input.send(error: .boom)
    #expect(recorder.descriptions == ["1", "10", "failed(boom)"])

    let (signals, signalsInput) = Signal<Signal<Int, Never>, TestError>.pipe()
    let (inner, innerInput) = Signal<Int, Never>.pipe()
    let fromSignals = TestRecorder(signals.flatten(.latest))
    signalsInput.send(value: inner)
    innerInput.send(value: 5)
    signalsInput.sendCompleted()
    innerInput.sendCompleted()
    #expect(fromSignals.descriptions == ["5", "completed"])
  }

  @Test func disposingInterruptsTheRunningInner() {
    let probe = ProbedProducer<Int, TestError>()
    let (outer, input) = Signal<SignalProducer<Int, TestError>, Never>.pipe()
    let recorder = TestRecorder(outer.flatten(.merge))
    input.send(value: probe.producer)
    #expect(probe.starts == 1)
    recorder.disposable?.dispose()
    #expect(probe.ended == 1)
    #expect(outer.observerCount == 0)
  }

  @Test func theProducerFormsFlattenEveryStart() {
    let outer = SignalProducer<SignalProducer<Int, TestError>, Never>([
      SignalProducer(value: 1), SignalProducer(error: .boom),
    ])
    #expect(TestRecorder(outer.flatten(.concat)).descriptions == ["1", "failed(boom)"])
    #expect(TestRecorder(outer.flatten(.concat)).descriptions == ["1", "failed(boom)"])
    let (inner, innerInput) = Signal<Int, TestError>.pipe()
    let ofSignals = TestRecorder(SignalProducer<Signal<Int, TestError>, Never>(value: inner).flatten(.merge))
    innerInput.send(value: 2)
    innerInput.send(error: .other)
    #expect(ofSignals.descriptions == ["2", "failed(other)"])
    let safeInners = SignalProducer<SignalProducer<Int, Never>, TestError>([SignalProducer([3, 4])])
    let reverse: SignalProducer<Int, TestError> = safeInners.flatten(.merge)
    #expect(TestRecorder(reverse).descriptions == ["3", "4", "completed"])
    let safeSignals = SignalProducer<Signal<Int, Never>, TestError>(error: .boom)
    #expect(TestRecorder(safeSignals.flatten(.latest)).descriptions == ["failed(boom)"])
  }

  @Test func bothSidesThatCannotFailStillPickTheSameFailureOverload() {
    let (outer, input) = Signal<SignalProducer<Int, Never>, Never>.pipe()
    let flattened = outer.flatten(.latest)
    #expect(type(of: flattened) == Signal<Int, Never>.self)
    let recorder = TestRecorder(flattened)
    input.send(value: SignalProducer(value: 1))
    #expect(recorder.descriptions == ["1"])
    let signals = SignalProducer<Signal<Int, Never>, Never>.empty.flatten(.merge)
    #expect(type(of: signals) == SignalProducer<Int, Never>.self)
  }
}
