import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `skip(until:)` with a trigger that can fail (with the source's failure type): the trigger's failure before it
/// fired fails the result, as RxSwift's `skip(until:)` does; ReactiveSwift's triggers cannot fail. Then RxSwift's
/// `testSkipUntil_*` specs (Observable+SkipUntilTests) with their timelines; RxSwift's `testError` is
/// `TestError.boom`.
@Suite(.watchingThePool) struct SkipUntilFailingTriggerTests {
  @Test func aTriggerThatFailsWhileSkippingFailsTheResultAndDetachesFromBoth() {
    let scheduler = TestScheduler()
    let source = scheduler.hotSignal("-1-2-3-4-|", error: TestError.boom)
    let trigger = scheduler.hotSignal("---X", error: TestError.other)
    let recorder = TestRecorder(source.skip(until: trigger), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "---X", error: .other)
    #expect(observerCount(source) == 0 && observerCount(trigger) == 0)
  }

  @Test func onceTheTriggerFiredItsFailureChangesNothing() {
    let (source, input) = Signal<Int, TestError>.pipe()
    let (trigger, fire) = Signal<Void, TestError>.pipe()
    let recorder = TestRecorder(source.skip(until: trigger))
    input.send(value: 1)
    fire.send(value: ())
    #expect(trigger.observerCount == 0, "detached from the trigger once it fired")
    input.send(value: 2)
    fire.send(error: .other)
    input.send(value: 3)
    #expect(recorder.descriptions == ["2", "3"])
  }

  @Test func theTriggersCompletionOrInterruptionOpensTheGate() {
    let (source, input) = Signal<Int, TestError>.pipe()
    let (completing, complete) = Signal<Void, TestError>.pipe()
    let (interrupted, interrupt) = Signal<Void, TestError>.pipe()
    let afterCompletion = TestRecorder(source.skip(until: completing))
    let afterInterruption = TestRecorder(source.skip(until: interrupted))
    input.send(value: 1)
    complete.sendCompleted()
    interrupt.sendInterrupted()
    input.send(value: 2)
    #expect(afterCompletion.descriptions == ["2"])
    #expect(afterInterruption.descriptions == ["2"])
  }

  @Test func theSourcesFailureWhileSkippingFailsWithItsError() {
    let (source, input) = Signal<Int, TestError>.pipe()
    let (trigger, fire) = Signal<Void, TestError>.pipe()
    let recorder = TestRecorder(source.skip(until: trigger))
    input.send(value: 1)
    input.send(error: .boom)
    #expect(recorder.descriptions == ["failed(boom)"])
    #expect(trigger.observerCount == 0, "ending detaches from the trigger")
    withExtendedLifetime(fire) {}  // a pipe whose input is gone has ended, and would open the gate
  }

  @Test func disposingDetachesFromTheSourceAndTheTrigger() {
    let (source, input) = Signal<Int, TestError>.pipe()
    let (trigger, fire) = Signal<Void, TestError>.pipe()
    let recorder = TestRecorder(source.skip(until: trigger))
    #expect(source.observerCount == 1 && trigger.observerCount == 1)
    recorder.disposable?.dispose()
    #expect(source.observerCount == 0 && trigger.observerCount == 0)
    fire.send(error: .other)
    input.send(value: 1)
    #expect(recorder.descriptions.isEmpty)
  }

  @Test func theProducerFormStartsTheTriggerFirstAndStopsBothWhenItFails() {
    let source = ProbedProducer<Int, TestError>()
    let trigger = ProbedProducer<Void, TestError>()
    let recorder = TestRecorder(source.producer.skip(until: trigger.producer))
    #expect(trigger.starts == 1 && source.starts == 1)
    source.input.send(value: 1)
    trigger.input.send(error: .other)
    source.input.send(value: 2)
    #expect(recorder.descriptions == ["failed(other)"])
    #expect(source.ended == 1 && trigger.ended == 1)
    let disposed = TestRecorder(source.producer.skip(until: trigger.producer))
    disposed.disposable?.dispose()
    #expect(disposed.descriptions == ["interrupted"])
    #expect(source.ended == 2 && trigger.ended == 2)
    let failing = SignalProducer<Int, TestError>(error: .other)
    #expect(TestRecorder(source.producer.skip(until: failing)).descriptions == ["failed(other)"])
    #expect(source.starts == 2, "a trigger that fails as it starts ends the start before this producer starts")
  }

  @Test func aTriggerThatCannotFailOnASourceThatCanStillPicksItsOwnForm() {
    let (source, input) = Signal<Int, TestError>.pipe()
    let (trigger, fire) = Signal<Void, Never>.pipe()
    let recorder = TestRecorder(source.skip(until: trigger))
    fire.send(value: ())
    input.send(value: 1)
    #expect(recorder.descriptions == ["1"])
  }

  // MARK: RxSwift's specs

  @Test func rxSomeDataNext() {
    let scheduler = TestScheduler()
    let l = scheduler.createHotSignal([
      .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ])
    let r = scheduler.createHotSignal([.next(150, 1), .next(225, 99), .completed(230)])
    let res = scheduler.start { l.signal.promoteError(TestError.self).skip(until: r.signal.promoteError()) }
    #expect(res.recorded == [.next(230, 4), .next(240, 5), .completed(250)])
    #expect(l.subscriptions == [Subscription(200, 250)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }

  @Test func rxSomeDataError() {
    let scheduler = TestScheduler()
    let l = scheduler.createHotSignal([
      .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ])
    let r = scheduler.createHotSignal([.next(150, 1), .error(225, TestError.boom)])
    let res = scheduler.start { l.signal.promoteError(TestError.self).skip(until: r.signal) }
    #expect(res.recorded == [.error(225, TestError.boom)])
    #expect(l.subscriptions == [Subscription(200, 225)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }

  @Test func rxNeverError1() {
    let scheduler = TestScheduler()
    let l = scheduler.createHotSignal([.next(150, 1)])
    let r = scheduler.createHotSignal([.next(150, 1), .error(225, TestError.boom)])
    let res = scheduler.start { l.signal.promoteError(TestError.self).skip(until: r.signal) }
    #expect(res.recorded == [.error(225, TestError.boom)])
    #expect(l.subscriptions == [Subscription(200, 225)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }

  @Test func rxErrorSomeData() {
    let scheduler = TestScheduler()
    let l = scheduler.createHotSignal([.next(150, 1), .next(210, 2), .error(220, TestError.boom)])
    let r = scheduler.createHotSignal([.next(150, 1), .next(230, 2), .completed(250)])
    let res = scheduler.start { l.signal.skip(until: r.signal.promoteError(TestError.self)) }
    #expect(res.recorded == [.error(220, TestError.boom)])
    #expect(l.subscriptions == [Subscription(200, 220)])
    #expect(r.subscriptions == [Subscription(200, 220)])
  }

  /// RxSwift expects no event and keeps both subscribed until 250: its `skip(until:)` drops the source's
  /// completion while it skips. Ours completes with the source, and detaches from the trigger then.
  @Test func rxSomeDataError2() {
    let scheduler = TestScheduler()
    let l = scheduler.createHotSignal([
      .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ])
    let r = scheduler.createHotSignal([.next(150, 1), .error(300, TestError.boom)])
    let res = scheduler.start { l.signal.promoteError(TestError.self).skip(until: r.signal) }
    #expect(res.recorded == [.completed(250)])
    #expect(l.subscriptions == [Subscription(200, 250)])
    #expect(r.subscriptions == [Subscription(200, 250)])
  }

  /// RxSwift expects no event: a trigger that completes without a value leaves it skipping. Ours opens the gate
  /// on the completion (ReactiveSwift's rule, so that `lifetime.ended` works as a trigger).
  @Test func rxSomeDataEmpty() {
    let scheduler = TestScheduler()
    let l = scheduler.createHotSignal([
      .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ])
    let r = scheduler.createHotSignal([.next(150, 1), .completed(225)])
    let res = scheduler.start { l.signal.promoteError(TestError.self).skip(until: r.signal.promoteError()) }
    #expect(res.recorded == [.next(230, 4), .next(240, 5), .completed(250)])
    #expect(l.subscriptions == [Subscription(200, 250)])
    #expect(r.subscriptions == [Subscription(200, 225)])
  }
}
