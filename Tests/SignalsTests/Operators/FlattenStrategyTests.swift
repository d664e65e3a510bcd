import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// `.concurrent(limit:)`, `.race` and `.throttle` on the diagrams of the FlatMap guide, and the state machine
/// behind them, without threads.
@Suite(.watchingThePool) struct FlattenStrategyTests {
  /// An outer hot signal of keys, each turned into the cold producer of its diagram; `made` lists the keys
  /// `transform` was called with.
  final class Rig: @unchecked Sendable {
    let scheduler = TestScheduler()
    var made: [String] = []

    func flatMap(
      _ strategy: FlattenStrategy, outer: String, inners: [String: String]
    ) -> TestRecorder<String, Never> {
      let producers = inners.mapValues { scheduler.coldProducer($0) }
      let result = scheduler.hotSignal(outer).flatMap(strategy) { key in
        self.made.append(key)
        return producers[key]!
      }
      return TestRecorder(result, scheduler: scheduler)
    }
  }

  @Test func concurrentRunsUpToItsLimitAndQueuesTheRest() {
    let rig = Rig()
    let recorder = rig.flatMap(
      .concurrent(limit: 2), outer: "-a-b-c------|",
      inners: ["a": "-1---2|", "b": "-3----4|", "c": "-5|"])
    rig.scheduler.run()
    // c waits until a completes at 7, then sends 5 at 8.
    recorder.expect(marble: "--1-3-2-54--|")
    #expect(rig.made == ["a", "b", "c"], "transform runs when the value arrives, not when its turn comes")
  }

  @Test func concurrentWithALimitOfOneIsConcat() {
    let rig = Rig()
    let recorder = rig.flatMap(
      .concurrent(limit: 1), outer: "-a-b----|", inners: ["a": "-1--2|", "b": "-3-4|"])
    rig.scheduler.run()
    recorder.expect(marble: "--1--2-3-4|")
  }

  @Test func raceForwardsTheFirstInnerToSendAndIgnoresLaterOuterValues() {
    let rig = Rig()
    let recorder = rig.flatMap(
      .race, outer: "-a-b-c---|", inners: ["a": "----1|", "b": "-3-4|", "c": "-9|"])
    rig.scheduler.run()
    recorder.expect(marble: "----3-4--|")
    #expect(rig.made == ["a", "b"], "no transform once an inner has won")
  }

  @Test func raceDisposesTheLosers() {
    let scheduler = TestScheduler()
    let a = scheduler.createColdProducer([.next(30, 1), .completed(40)])
    let b = scheduler.createColdProducer([.next(10, 2), .completed(50)])
    let outer = scheduler.createHotSignal([.next(210, a.producer), .next(215, b.producer), .completed(300)])
    let res = scheduler.start { outer.producer.flatMap(.race) { $0 } }
    #expect(res.recorded == [.next(225, 2), .completed(300)])
    #expect(a.subscriptions == [Subscription(210, 225)], "the loser is disposed when b wins")
    #expect(b.subscriptions == [Subscription(215, 265)])
  }

  @Test func throttleIgnoresOuterValuesWhileAnInnerRuns() {
    let rig = Rig()
    let recorder = rig.flatMap(
      .throttle, outer: "-a-b---c--|", inners: ["a": "-1-2|", "b": "-8|", "c": "-5|"])
    rig.scheduler.run()
    recorder.expect(marble: "--1-2---5-|")
    #expect(rig.made == ["a", "c"], "no transform for an ignored value")
  }

  @Test(arguments: [FlattenStrategy.concurrent(limit: 2), .race, .throttle])
  func anInnerFailureFailsAtOnceAndDisposesEverything(_ strategy: FlattenStrategy) {
    let (outer, outerInput) = Signal<Int, TestError>.pipe()
    let (inner, innerInput) = Signal<Int, TestError>.pipe()
    let started = Box(0)
    let disposed = Box(0)
    let other = SignalProducer<Int, TestError> { observer, lifetime in
      started.value += 1
      // Kept until the start ends: a start that lets go of its observer is interrupted.
      lifetime.observeEnded { withExtendedLifetime(observer) { disposed.value += 1 } }
    }
    let recorder = TestRecorder(outer.flatMap(strategy) { $0 == 0 ? SignalProducer(inner) : other })
    outerInput.send(value: 0)
    outerInput.send(value: 1)
    innerInput.send(error: .boom)
    #expect(recorder.descriptions == ["failed(boom)"])
    #expect(disposed.value == started.value, "every inner start that ran is disposed")
    #expect(outer.observerCount == 0)
  }

  @Test(arguments: [FlattenStrategy.concurrent(limit: 2), .race, .throttle])
  func disposingTheResultInterruptsEveryInner(_ strategy: FlattenStrategy) {
    let (outerSignal, outerInput) = Signal<Int, Never>.pipe()
    let outer = SignalProducer(outerSignal)
    let disposed = Box(0)
    let inner = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded { withExtendedLifetime(observer) { disposed.value += 1 } }
    }
    var interrupted = false
    let start = outer.flatMap(strategy) { _ in inner }.startWithInterrupted { interrupted = true }
    outerInput.send(value: 1)
    outerInput.send(value: 2)
    outerInput.send(value: 3)
    start.dispose()
    #expect(interrupted)
    let expected: Int
    switch strategy {
    case .throttle: expected = 1
    case .race: expected = 3
    default: expected = 2
    }
    #expect(disposed.value == expected)
  }

  @Test func anOuterFailureFailsEveryStrategy() {
    for strategy in [FlattenStrategy.concurrent(limit: 3), .race, .throttle] {
      let (outer, input) = Signal<Int, TestError>.pipe()
      let recorder = TestRecorder(outer.flatMap(strategy) { SignalProducer(value: $0) })
      input.send(value: 1)
      input.send(error: .other)
      #expect(recorder.descriptions == ["1", "failed(other)"], "\(strategy)")
    }
  }

  // MARK: The state machine

  @Test func theMachineQueuesBeyondTheLimitAndStartsInOrder() {
    var state = FlattenState<String>(strategy: .concurrent(limit: 2))
    #expect(state.receiveOuterValue("a")?.id == 1)
    guard case .none = state.finishStarting() else { Issue.record("nothing waits"); return }
    #expect(state.receiveOuterValue("b")?.id == 2)
    _ = state.finishStarting()
    #expect(state.receiveOuterValue("c") == nil, "two run: c waits")
    #expect(state.receiveOuterValue("d") == nil)
    guard case .start("c", id: 3) = state.receiveInnerCompletion(from: 1) else {
      Issue.record("c starts when a completes")
      return
    }
    _ = state.finishStarting()
    #expect(state.receiveOuterCompletion() == false)
    guard case .start("d", id: 4) = state.receiveInnerCompletion(from: 2) else {
      Issue.record("d starts when b completes")
      return
    }
    _ = state.finishStarting()
    guard case .none = state.receiveInnerCompletion(from: 3) else { Issue.record("d still runs"); return }
    guard case .complete = state.receiveInnerCompletion(from: 4) else { Issue.record("all done"); return }
  }

  @Test func theMachineLetsTheFirstRacerWinOnce() {
    var state = FlattenState<String>(strategy: .race)
    #expect(state.receiveOuterValue() == 1)
    #expect(state.receiveOuterValue() == 2)
    #expect(state.passingID == FlattenState<String>.passesUndecided)
    let first = state.race(from: 2)
    let loser = state.race(from: 1)
    let again = state.race(from: 2)
    #expect(first == (isWinner: true, justWon: true))
    #expect(loser == (isWinner: false, justWon: false))
    #expect(again == (isWinner: true, justWon: false))
    #expect(state.passingID == 2)
    #expect(state.receiveOuterValue() == nil, "an outer value after the win is ignored")
    #expect(state.receiveOuterCompletion() == false, "the winner still runs")
    guard case .complete = state.receiveInnerCompletion(from: 2) else { Issue.record("winner done"); return }
  }

  @Test func theMachineThrottlesWhileAnInnerRuns() {
    var state = FlattenState<String>(strategy: .throttle)
    #expect(state.receiveOuterValue() == 1)
    #expect(state.receiveOuterValue() == nil)
    let passes = state.receiveInnerValue(from: 1)
    #expect(passes)
    guard case .none = state.receiveInnerCompletion(from: 1) else { Issue.record("outer runs"); return }
    #expect(state.receiveOuterValue() == 2)
    #expect(state.receiveOuterCompletion() == false)
    guard case .complete = state.receiveInnerCompletion(from: 2) else { Issue.record("all done"); return }
  }
}

/// ReactiveSwift's FlattenSpec for `.race`, `.throttle` and `.concurrent(limit:)`, ported with its sequences
/// of sends and its expectations.
@Suite(.watchingThePool) struct ReactiveSwiftFlattenSpec {
  final class Events: @unchecked Sendable {
    var values: [Int] = []
    var failed = false
    var completed = false
  }

  /// ReactiveSwift's `SignalProducer.pipe()`: a producer whose starts observe a pipe.
  static func pipe<Value>(
    of _: Value.Type
  ) -> (SignalProducer<Value, TestError>, Signal<Value, TestError>.Observer) {
    let (signal, input) = Signal<Value, TestError>.pipe()
    return (SignalProducer(signal), input)
  }

  static func failure<Value>(_ result: Result<Value, TestError>?) -> TestError? {
    guard case .failure(let error) = result else { return nil }
    return error
  }

  static func observe(_ producer: SignalProducer<Int, TestError>) -> Events {
    let events = Events()
    producer.start { event in
      switch event {
      case .value(let value): events.values.append(value)
      case .completed: events.completed = true
      case .failed: events.failed = true
      case .interrupted: break
      }
    }
    return events
  }

  @Test func raceForwardsValuesFromTheFirstInnerProducerToSendAnEvent() {
    let (outer, outerInput) = Self.pipe(of: SignalProducer<Int, TestError>.self)
    let (first, firstInput) = Self.pipe(of: Int.self)
    let (second, secondInput) = Self.pipe(of: Int.self)
    let events = Self.observe(outer.flatten(FlattenStrategy.race))
    outerInput.send(value: first)
    outerInput.send(value: second)
    firstInput.send(value: 1)
    secondInput.send(value: 2)
    outerInput.sendCompleted()
    #expect(events.values == [1] && !events.failed && !events.completed)
    secondInput.send(value: 3)
    secondInput.sendCompleted()
    #expect(events.values == [1] && !events.failed && !events.completed)
    firstInput.send(value: 4)
    firstInput.sendCompleted()
    #expect(events.values == [1, 4] && !events.failed && events.completed)
  }

  @Test(arguments: [FlattenStrategy.race, .throttle])
  func forwardsAnErrorOfTheFirstInnerAndOfTheOuter(_ strategy: FlattenStrategy) {
    let inner = SignalProducer<Int, TestError>(error: .boom)
    #expect(Self.failure(SignalProducer(value: inner).flatten(strategy).first()) == .boom)
    let failing = SignalProducer<SignalProducer<Int, TestError>, TestError>(error: .boom)
    #expect(Self.failure(failing.flatten(strategy).first()) == .boom)
  }

  @Test(arguments: [FlattenStrategy.race, .throttle])
  func completesWhenTheOuterAndTheFirstInnerHaveCompleted(_ strategy: FlattenStrategy) {
    let empty = SignalProducer<SignalProducer<Int, TestError>, TestError>(value: .empty)
    #expect(Self.observe(empty.flatten(strategy)).completed)
    #expect(Self.observe(SignalProducer<SignalProducer<Int, TestError>, TestError>.empty.flatten(strategy)).completed)
    let silent = SignalProducer<SignalProducer<Int, TestError>, TestError>(value: .never)
    #expect(!Self.observe(silent.flatten(strategy)).completed, "the inner sent nothing")
  }

  @Test(arguments: [FlattenStrategy.race, .throttle])
  func doesNotDeadlock(_ strategy: FlattenStrategy) {
    let producer = SignalProducer<Int, Never>(value: 1).flatMap(strategy) { _ in SignalProducer(value: 10) }
    #expect(producer.take(first: 1).last()?.get() == 10)
  }

  @Test func throttleForwardsValuesFromTheFirstAndThirdInnerProducer() {
    let (outer, outerInput) = Self.pipe(of: SignalProducer<Int, TestError>.self)
    let (first, firstInput) = Self.pipe(of: Int.self)
    let (second, secondInput) = Self.pipe(of: Int.self)
    let (third, thirdInput) = Self.pipe(of: Int.self)
    let events = Self.observe(outer.flatten(FlattenStrategy.throttle))
    outerInput.send(value: first)
    outerInput.send(value: second)
    firstInput.send(value: 1)
    secondInput.send(value: 2)
    #expect(events.values == [1] && !events.failed && !events.completed)
    secondInput.send(value: 3)
    secondInput.sendCompleted()
    #expect(events.values == [1] && !events.completed)
    firstInput.sendCompleted()
    #expect(events.values == [1] && !events.completed)
    outerInput.send(value: third)
    thirdInput.send(value: 4)
    #expect(events.values == [1, 4] && !events.completed)
    outerInput.sendCompleted()
    #expect(events.values == [1, 4] && !events.completed)
    thirdInput.sendCompleted()
    #expect(events.values == [1, 4] && !events.failed && events.completed)
  }

  @Test func concurrentMergesUpToTheLimitBuffersTheRestAndDequeuesThemInOrder() {
    let limit = 4
    let extra = 100
    let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
    var values: [Int] = []
    outer.flatten(.concurrent(limit: limit)).observeValues { values.append($0) }
    let started = Box<[Int]>([])
    var inputs: [Signal<Int, Never>.Observer] = []
    for index in 0..<(limit + extra) {
      let (signal, input) = Signal<Int, Never>.pipe()
      inputs.append(input)
      outerInput.send(value: SignalProducer(signal).prefix(value: index).on(started: { started.value.append(index) }))
    }
    #expect(values == Array(0..<limit))
    #expect(started.value == Array(0..<limit))
    for index in 0..<extra {
      inputs[index].sendCompleted()
      #expect(values == Array(0...(limit + index)))
      #expect(started.value == Array(0...(limit + index)))
    }
  }

  @Test(arguments: [FlattenStrategy.concurrent(limit: 1024), .race, .throttle])
  func disposesTheInnerWhenTheOuterIsInterruptedOrFailsButNotWhenItCompletes(_ strategy: FlattenStrategy) {
    for end in ["interrupted", "failed", "completed"] {
      let (outer, input) = Signal<SignalProducer<Int, TestError>, TestError>.pipe()
      let observation = outer.flatten(strategy).observe { _ in }
      let disposed = Box(false)
      input.send(
        value: SignalProducer { observer, lifetime in
          lifetime.observeEnded { withExtendedLifetime(observer) { disposed.value = true } }
        })
      switch end {
      case "interrupted": input.sendInterrupted()
      case "failed": input.send(error: .boom)
      default: input.sendCompleted()
      }
      #expect(disposed.value == (end != "completed"), "\(strategy) \(end)")
      observation?.dispose()
    }
  }
}

/// RxSwift's `flatMapFirst` specs (Observable+MergeTests), ported to `flatMap(.throttle)` with their timelines.
@Suite(.watchingThePool) struct RxSwiftFlatMapFirstSpec {
  typealias Inner = TestableProducer<Int, TestError>

  /// The seven cold inners of RxSwift's specs, sent at 5, 105, 300, 400, 550, 750 and 850; `end` ends the outer.
  static func sources(
    _ scheduler: TestScheduler, innerError: Bool = false,
    endAt end: Recorded<SignalProducer<Int, TestError>, TestError>?
  ) -> (TestableSignal<SignalProducer<Int, TestError>, TestError>, [Inner]) {
    let inners: [Inner] = [
      scheduler.createColdProducer([.error(1, .boom)]),
      scheduler.createColdProducer([.error(1, .boom)]),
      scheduler.createColdProducer([
        .next(10, 102), .next(90, 103), .next(110, 104), .next(190, 105), .next(440, 106),
        innerError ? .error(460, .boom) : .completed(460),
      ]),
      scheduler.createColdProducer([.next(180, 202), .next(190, 203), .completed(205)]),
      scheduler.createColdProducer([
        .next(10, 301), .next(50, 302), .next(70, 303), .next(260, 304), .next(310, 305), .completed(410),
      ]),
      scheduler.createColdProducer([.completed(40)]),
      scheduler.createColdProducer([.next(80, 401), .next(90, 402), .completed(100)]),
    ]
    let times = [5, 105, 300, 400, 550, 750, 850]
    var events = zip(times, inners).map { Recorded<SignalProducer<Int, TestError>, TestError>.next($0, $1.producer) }
    if let end { events.append(end) }
    return (scheduler.createHotSignal(events), inners)
  }

  @Test func complete() {
    let scheduler = TestScheduler()
    let (xs, inners) = Self.sources(scheduler, endAt: .completed(900))
    let res = scheduler.start { xs.producer.flatMap(.throttle) { $0 } }
    #expect(
      res.recorded == [
        .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106), .next(930, 401),
        .next(940, 402), .completed(950),
      ])
    #expect(xs.subscriptions == [Subscription(200, 900)])
    #expect(inners[2].subscriptions == [Subscription(300, 760)])
    #expect(inners[3].subscriptions.isEmpty && inners[4].subscriptions.isEmpty && inners[5].subscriptions.isEmpty)
    #expect(inners[6].subscriptions == [Subscription(850, 950)])
  }

  @Test func outerNotCompleteIsInterruptedAtTheDisposal() {
    let scheduler = TestScheduler()
    let (xs, inners) = Self.sources(scheduler, endAt: nil)
    let res = scheduler.start { xs.producer.flatMap(.throttle) { $0 } }
    // RxTest records nothing at the disposal; we record the interruption (Docs/Testing.md).
    #expect(
      res.recorded == [
        .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106), .next(930, 401),
        .next(940, 402), .interrupted(1000),
      ])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
    #expect(inners[2].subscriptions == [Subscription(300, 760)])
    #expect(inners[6].subscriptions == [Subscription(850, 950)])
  }

  @Test func errorOuter() {
    let scheduler = TestScheduler()
    let (xs, inners) = Self.sources(scheduler, endAt: .error(900, .boom))
    let res = scheduler.start { xs.producer.flatMap(.throttle) { $0 } }
    #expect(
      res.recorded == [
        .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106), .error(900, .boom),
      ])
    #expect(xs.subscriptions == [Subscription(200, 900)])
    #expect(inners[2].subscriptions == [Subscription(300, 760)])
    #expect(inners[6].subscriptions == [Subscription(850, 900)])
  }

  @Test func errorInner() {
    let scheduler = TestScheduler()
    let (xs, inners) = Self.sources(scheduler, innerError: true, endAt: .completed(900))
    let res = scheduler.start { xs.producer.flatMap(.throttle) { $0 } }
    #expect(
      res.recorded == [
        .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106), .error(760, .boom),
      ])
    #expect(xs.subscriptions == [Subscription(200, 760)])
    #expect(inners[2].subscriptions == [Subscription(300, 760)])
    #expect(inners[6].subscriptions.isEmpty)
  }

  @Test func dispose() {
    let scheduler = TestScheduler()
    let (xs, inners) = Self.sources(scheduler, endAt: .completed(900))
    let res = scheduler.start(disposed: 700) { xs.producer.flatMap(.throttle) { $0 } }
    #expect(
      res.recorded == [.next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .interrupted(700)])
    #expect(xs.subscriptions == [Subscription(200, 700)])
    #expect(inners[2].subscriptions == [Subscription(300, 700)])
    #expect(inners[6].subscriptions.isEmpty)
  }
}

/// `flatMap` between a stream that cannot fail and one that can, as ReactiveSwift's overloads allow.
@Suite(.watchingThePool) struct FlatMapMixedFailureTests {
  @Test func aStreamThatCannotFailFlatMapsIntoProducersThatCan() {
    let (taps, tap) = Signal<Void, Never>.pipe()
    let calls = Box(0)
    let api = SignalProducer<Int, TestError> { observer, lifetime in
      calls.value += 1
      if calls.value == 2 { observer.send(error: .boom) } else { observer.send(value: calls.value) }
      lifetime.observeEnded { withExtendedLifetime(observer) {} }  // a request that runs on
    }
    let results: Signal<Int, TestError> = taps.flatMap(.latest) { _ in api }
    let recorder = TestRecorder(results)
    tap.send(value: ())
    tap.send(value: ())
    tap.send(value: ())
    #expect(recorder.descriptions == ["1", "failed(boom)"])
    #expect(taps.observerCount == 0)
  }

  @Test func aStreamThatCannotFailFlatMapsIntoSignalsThatCan() {
    let (outer, outerInput) = Signal<Int, Never>.pipe()
    let (inner, innerInput) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(outer.flatMap(.merge) { _ in inner })
    outerInput.send(value: 1)
    innerInput.send(value: 4)
    innerInput.send(error: .other)
    #expect(recorder.descriptions == ["4", "failed(other)"])
  }

  @Test func aStreamThatCanFailFlatMapsIntoProducersThatCannot() {
    let (outer, input) = Signal<Int, TestError>.pipe()
    let results: Signal<Int, TestError> = outer.flatMap(.concat) { SignalProducer<Int, Never>([$0, $0 * 10]) }
    let recorder = TestRecorder(results)
    input.send(value: 1)
    input.send(error: .boom)
    #expect(recorder.descriptions == ["1", "10", "failed(boom)"])
  }

  @Test func theProducerFormsStartPerStart() {
    let taps = SignalProducer<Int, Never>([1, 2])
    let mixed: SignalProducer<Int, TestError> = taps.flatMap(.merge) { value in
      value == 2 ? SignalProducer(error: .boom) : SignalProducer(value: value)
    }
    #expect(TestRecorder(mixed).descriptions == ["1", "failed(boom)"])
    let viaSignal: SignalProducer<Int, TestError> = taps.flatMap(.merge) { _ in Signal<Int, TestError>.never }
    #expect(TestRecorder(viaSignal.take(first: 0)).descriptions == ["completed"])
    let reverse: SignalProducer<Int, TestError> = SignalProducer<Int, TestError>([3]).flatMap(.latest) {
      SignalProducer<Int, Never>(value: $0)
    }
    #expect(TestRecorder(reverse).descriptions == ["3", "completed"])
  }

  @Test func bothSidesThatCannotFailStillPickTheSameFailureOverload() {
    let (outer, input) = Signal<Int, Never>.pipe()
    let results = outer.flatMap(.latest) { SignalProducer<Int, Never>(value: $0 + 1) }
    #expect(type(of: results) == Signal<Int, Never>.self)
    let recorder = TestRecorder(results)
    input.send(value: 1)
    #expect(recorder.descriptions == ["2"])
  }
}
