import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// `flatMap` and `flatten` whose inner is a `Signal` (any `SignalProducerConvertible`), as ReactiveSwift
/// accepts.
@Suite(.watchingThePool) struct FlatMapConvertibleInnerTests {
  @Test func latestFollowsTheNewestSignal() {
    let scheduler = TestScheduler()
    let inners = ["a": scheduler.hotSignal("--1--9"), "b": scheduler.hotSignal("-----2-3|")]
    let outer = scheduler.hotSignal("-a--b---|")
    let recorder = TestRecorder(outer.flatMap(.latest) { inners[$0]! }, scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "--1--2-3|")
    #expect(observerCount(inners["a"]!) == 0, "the replaced signal is detached from")
  }

  @Test func producerFormAndFlattenOfSignals() {
    let scheduler = TestScheduler()
    let inner = scheduler.hotSignal("-x-y|")
    let viaProducer = TestRecorder(SignalProducer(value: "go").flatMap(.merge) { _ in inner }, scheduler: scheduler)
    let (outer, input) = Signal<Signal<String, Never>, Never>.pipe()
    let flattened = TestRecorder(outer.flatten(.concat), scheduler: scheduler)
    input.send(value: inner)
    input.sendCompleted()
    scheduler.run()
    viaProducer.expect(marble: "-x-y|")
    flattened.expect(marble: "-x-y|")
  }

  @Test func aClosureThatReturnsAProducerStillPicksTheProducerForm() {
    let recorder = TestRecorder(SignalProducer<Int, Never>(values: 1, 2).flatMap(.concat) { .init(value: $0 * 10) })
    recorder.expect(events: ["10", "20", "completed"])
  }
}
