import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// `flatMap` over inner producers made from signals (`SignalProducer(signal)`), which the engine observes
/// directly, without a start of their own: the events must be those of a start closure that observes the signal.
@Suite(.watchingThePool, .onItsOwnThread) struct FlatMapSignalInnerTests {
  /// Two inner pipes and an outer pipe of signals, flattened by `strategy`.
  private struct Pipes {
    let inners = [Signal<Int, TestError>.pipe(), Signal<Int, TestError>.pipe()]
    let outer: Signal<Signal<Int, TestError>, TestError>.Observer
    let recorder: TestRecorder<Int, TestError>

    /// Flattens the outer signal, or (`asProducer`) a producer of it, and records the result.
    init(_ strategy: FlattenStrategy, asProducer: Bool = false) {
      let (signal, input) = Signal<Signal<Int, TestError>, TestError>.pipe()
      outer = input
      recorder =
        asProducer
        ? TestRecorder(SignalProducer(signal).flatMap(strategy) { SignalProducer($0) })
        : TestRecorder(signal.flatMap(strategy) { SignalProducer($0) })
    }

    func switchTo(_ index: Int) { outer.send(value: inners[index].output) }
    func send(_ value: Int, into index: Int) { inners[index].input.send(value: value) }
  }

  @Test func latestFollowsTheNewestSignalAndDetachesFromTheReplacedOne() {
    let p = Pipes(.latest)
    // outer:            -a--b--a-|
    // inner a:           -1--9--3-
    // inner b:              -2--9--|
    // flatMap(.latest): --1--2--3-...
    p.switchTo(0)
    p.send(1, into: 0)
    #expect(p.inners[0].output.observerCount == 1)
    p.switchTo(1)
    #expect(p.inners[0].output.observerCount == 0)
    #expect(p.inners[1].output.observerCount == 1)
    p.send(9, into: 0)
    p.send(2, into: 1)
    p.switchTo(0)
    #expect(p.inners[1].output.observerCount == 0)
    p.send(9, into: 1)
    p.send(3, into: 0)
    p.outer.sendCompleted()
    #expect(!p.recorder.isTerminated)
    p.inners[0].input.sendCompleted()
    #expect(p.recorder.descriptions == ["1", "2", "3", "completed"])
  }

  @Test func latestOverAnEndedSignalIsInterrupted() {
    let p = Pipes(.latest)
    p.inners[0].input.sendCompleted()
    p.switchTo(0)
    #expect(p.recorder.descriptions == ["interrupted"])
    #expect(p.inners[1].output.observerCount == 0)
  }

  @Test func anInterruptedInnerSignalInterruptsTheResult() {
    let p = Pipes(.latest)
    p.switchTo(0)
    p.send(1, into: 0)
    p.inners[0].input.sendInterrupted()
    p.send(2, into: 0)
    #expect(p.recorder.descriptions == ["1", "interrupted"])
  }

  @Test func aFailedInnerSignalFailsTheResultAndDetachesFromTheOthers() {
    let p = Pipes(.merge)
    p.switchTo(0)
    p.switchTo(1)
    p.inners[1].input.send(error: .boom)
    p.send(1, into: 0)
    #expect(p.recorder.descriptions == ["failed(boom)"])
    #expect(p.inners[0].output.observerCount == 0)
  }

  @Test func mergeForwardsEverySignalAndCompletesAfterAllOfThem() {
    let p = Pipes(.merge)
    p.switchTo(0)
    p.switchTo(1)
    p.send(1, into: 0)
    p.send(2, into: 1)
    p.inners[0].input.sendCompleted()
    p.outer.sendCompleted()
    p.send(3, into: 1)
    #expect(!p.recorder.isTerminated)
    p.inners[1].input.sendCompleted()
    #expect(p.recorder.descriptions == ["1", "2", "3", "completed"])
  }

  @Test func concatObservesTheNextSignalWhenTheCurrentOneCompletes() {
    let p = Pipes(.concat)
    p.switchTo(0)
    p.switchTo(1)
    #expect(p.inners[1].output.observerCount == 0)
    p.send(9, into: 1)
    p.send(1, into: 0)
    p.inners[0].input.sendCompleted()
    #expect(p.inners[1].output.observerCount == 1)
    p.send(2, into: 1)
    p.outer.sendCompleted()
    p.inners[1].input.sendCompleted()
    #expect(p.recorder.descriptions == ["1", "2", "completed"])
  }

  @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
  func disposingTheResultDetachesFromTheInnerSignals(_ strategy: FlattenStrategy) {
    let p = Pipes(strategy, asProducer: true)
    p.switchTo(0)
    p.switchTo(1)
    p.recorder.disposable?.dispose()
    #expect(p.inners[0].output.observerCount == 0)
    #expect(p.inners[1].output.observerCount == 0)
    p.send(1, into: 0)
    p.send(2, into: 1)
    p.switchTo(0)
    #expect(p.inners[0].output.observerCount == 0)
    #expect(p.recorder.descriptions == ["interrupted"])
  }

  @Test func anInnerValueThatSwitchesTheOuterReentrantlyIsTheLastFromThatSignal() {
    let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
    let inners = [Signal<Int, Never>.pipe(), Signal<Int, Never>.pipe()]
    let recorder = TestRecorder(outer.flatMap(.latest) { SignalProducer($0) })
    // A second observer of inner 0, attached after the flatMap's: it sends 7 after switching away.
    outerInput.send(value: inners[0].output)
    inners[0].output.observeValues { value in
      guard value == 1 else { return }
      outerInput.send(value: inners[1].output)
      inners[1].input.send(value: 2)
      inners[0].input.send(value: 7)
    }
    inners[0].input.send(value: 1)
    inners[1].input.send(value: 3)
    #expect(recorder.descriptions == ["1", "2", "3"])
    #expect(inners[0].output.observerCount == 1)
  }

  @Test func aDerivedInnerSignalHeldOnlyByItsProducerKeepsSending() {
    let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
    let (inner, innerInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(outer.flatMap(.latest) { SignalProducer($0.map { $0 * 10 }) })
    outerInput.send(value: inner)
    innerInput.send(value: 1)
    innerInput.send(value: 2)
    let other = Signal<Int, Never>.pipe()
    outerInput.send(value: other.output)
    innerInput.send(value: 3)
    other.input.send(value: 4)
    #expect(recorder.descriptions == ["10", "20", "40"])
    #expect(inner.observerCount == 0)
  }

  @Test func aProducerOfASignalStillInterruptsItsOwnStartWhenDisposed() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let producer = SignalProducer(signal)
    let first = TestRecorder(producer)
    let second = TestRecorder(producer.map { $0 * 10 })
    input.send(value: 1)
    first.disposable?.dispose()
    input.send(value: 2)
    #expect(first.descriptions == ["1", "interrupted"])
    #expect(second.descriptions == ["10", "20"])
    #expect(signal.observerCount == 1)
  }

  @Test func innerSignalsSentFromManyThreadsDeliverOnlyTheNewest() {
    let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
    let inners = (0..<4).map { _ in Signal<Int, Never>.pipe() }
    let recorder = TestRecorder(outer.flatMap(.latest) { SignalProducer($0) })
    concurrently(inners.count) { index in
      for value in 0..<200 {
        outerInput.send(value: inners[index].output)
        inners[index].input.send(value: value)
      }
    }
    #expect(!recorder.violatedGrammar)
    #expect(inners.map(\.output.observerCount).reduce(0, +) == 1)
    outerInput.sendCompleted()
    for inner in inners { inner.input.sendCompleted() }
    #expect(recorder.descriptions.last == "completed")
  }
}
