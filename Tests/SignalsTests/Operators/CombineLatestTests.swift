import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct CombineLatestTests {
  @Test func sendsOnceEveryInputHasAValueThenOnEachValue() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<String, Never>.pipe()
    let recorder = TestRecorder(Signal.combineLatest(a, b))
    // a:             -1-2-----3-|
    // b:             ---x--y------|
    // combineLatest: ---A--B--C---|   (A = (2, x), B = (2, y), C = (3, y))
    aInput.send(value: 1)
    aInput.send(value: 2)
    bInput.send(value: "x")
    bInput.send(value: "y")
    aInput.send(value: 3)
    aInput.sendCompleted()
    #expect(!recorder.isTerminated)
    bInput.sendCompleted()
    #expect(recorder.descriptions == [#"(2, "x")"#, #"(2, "y")"#, #"(3, "y")"#, "completed"])
  }

  @Test func combinesThreeInputsOfDifferentTypes() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<String, Never>.pipe()
    let (c, cInput) = Signal<Bool, Never>.pipe()
    let combined: Signal<(Int, String, Bool), Never> = Signal.combineLatest(a, b, c)
    let recorder = TestRecorder(combined)
    aInput.send(value: 1)
    bInput.send(value: "b")
    #expect(recorder.events.isEmpty)
    cInput.send(value: true)
    bInput.send(value: "c")
    #expect(recorder.descriptions == [#"(1, "b", true)"#, #"(1, "c", true)"#])
  }

  @Test func combinesFourInputsAsSignalsAndAsProducers() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<String, Never>.pipe()
    let (c, cInput) = Signal<Int?, Never>.pipe()
    let (d, dInput) = Signal<Bool, Never>.pipe()
    let recorder = TestRecorder(Signal.combineLatest(a, b, c, d) { "\($0) \($1) \(String(describing: $2)) \($3)" })
    aInput.send(value: 1)
    bInput.send(value: "b")
    cInput.send(value: nil)
    #expect(recorder.events.isEmpty)
    dInput.send(value: true)
    cInput.send(value: 3)
    #expect(recorder.values == ["1 b nil true", "1 b Optional(3) true"])
    let producers = SignalProducer.combineLatest(
      SignalProducer<Int, Never>(value: 1), SignalProducer<String, Never>(value: "b"),
      SignalProducer<Int?, Never>(value: nil), SignalProducer<Bool, Never>([false, true]))
    #expect(TestRecorder(producers).descriptions == [#"(1, "b", nil, false)"#, #"(1, "b", nil, true)"#, "completed"])
  }

  @Test func reduceClosureCombinesValues() {
    let (title, titleInput) = Signal<String, Never>.pipe()
    let (name, nameInput) = Signal<String, Never>.pipe()
    let (phone, phoneInput) = Signal<String?, Never>.pipe()
    let summary = Signal.combineLatest(title, name, phone) { title, name, phone in
      "\(name) @ \(title): \(phone ?? "-")"
    }
    let recorder = TestRecorder(summary)
    titleInput.send(value: "Grand")
    nameInput.send(value: "Li")
    phoneInput.send(value: nil)
    phoneInput.send(value: "138")
    #expect(recorder.values == ["Li @ Grand: -", "Li @ Grand: 138"])
  }

  @Test func aReduceClosureOfTheSameTypeAsTheCombinationIsStillCalled() {
    // The hand-off sends a decision as it is only where the output is the identity, not wherever the two
    // types happen to match.
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let swapped: Signal<(Int, Int), Never> = Signal.combineLatest(a, b) { ($1, $0) }
    let recorder = TestRecorder(swapped)
    aInput.send(value: 1)
    bInput.send(value: 2)
    #expect(recorder.descriptions == ["(2, 1)"])
  }

  @Test func nilIsAValueLikeAnyOther() {
    let (a, aInput) = Signal<Int?, Never>.pipe()
    let (b, bInput) = Signal<Int?, Never>.pipe()
    let recorder = TestRecorder(a.combiningLatest(with: b))
    aInput.send(value: nil)
    bInput.send(value: nil)
    aInput.send(value: 1)
    #expect(recorder.descriptions == ["(nil, nil)", "(Optional(1), nil)"])
  }

  @Test func completesAtOnceWhenAnInputCompletesWithoutAValue() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.combineLatest(a, b))
    aInput.send(value: 1)
    bInput.sendCompleted()
    aInput.send(value: 2)
    #expect(recorder.descriptions == ["completed"])
  }

  /// RxSwift's `testCombineLatest_EmptyReturn` and `testCombineLatest_EmptyNever`, with their timelines. RxSwift
  /// completes at 215, when the other input next sends a value (and never, if it sends none); we complete at
  /// 210, when the input completes without a value (Docs/Contracts.md, section 10).
  @Test func rxSwiftsEmptyReturnCompletesAt215WhereWeCompleteAt210() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotSignal([.next(150, 1), .completed(210)])
    let e1 = scheduler.createHotSignal([.next(150, 1), .next(215, 2), .completed(220)])
    let res = scheduler.start { SignalProducer.combineLatest(e0.producer, e1.producer, reduce: +) }
    #expect(res.recorded == [.completed(210)], "RxSwift: [.completed(215)]")
    #expect(e0.subscriptions == [Subscription(200, 210)])
    #expect(e1.subscriptions == [Subscription(200, 210)], "RxSwift: Subscription(200, 215)")

    let never = TestScheduler()
    let n0 = never.createHotSignal([.next(150, 1), .completed(210)])
    let n1 = never.createHotSignal([Recorded<Int, Never>.next(150, 1)])
    let neverRes = never.start { SignalProducer.combineLatest(n0.producer, n1.producer, reduce: +) }
    #expect(neverRes.recorded == [.completed(210)], "RxSwift: [] (it waits for a value that never comes)")
    #expect(n1.subscriptions == [Subscription(200, 210)], "RxSwift: Subscription(200, 1000)")
  }

  @Test func keepsSendingAfterAnInputThatHadAValueCompletes() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.combineLatest(a, b))
    aInput.send(value: 1)
    bInput.send(value: 10)
    bInput.sendCompleted()
    aInput.send(value: 2)
    #expect(recorder.descriptions == ["(1, 10)", "(2, 10)"])
  }

  @Test func failsAtOnceWhenAnyInputFailsAndIgnoresTheRest() {
    let (a, aInput) = Signal<Int, TestError>.pipe()
    let (b, bInput) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(Signal.combineLatest(a, b))
    aInput.send(value: 1)
    bInput.send(error: .boom)
    aInput.send(value: 2)
    aInput.send(error: .other)
    #expect(recorder.descriptions == ["failed(boom)"])
    #expect(!recorder.violatedGrammar)
  }

  @Test func isInterruptedWhenAnyInputIsInterrupted() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.combineLatest(a, b))
    aInput.send(value: 1)
    bInput.send(value: 2)
    aInput.sendInterrupted()
    bInput.send(value: 3)
    #expect(recorder.descriptions == ["(1, 2)", "interrupted"])
  }

  @Test func combiningAnEndedSignalIsInterrupted() {
    let (a, _) = Signal<Int, Never>.pipe()
    let ended = Signal<Int, Never>.empty
    let interrupted = Locked(false)
    let combined = Signal.combineLatest(a, ended)
    combined.observeInterrupted { interrupted.withLock { $0 = true } }
    #expect(interrupted.withLock { $0 })
  }

  @Test func disposingTheResultDetachesFromEveryInput() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let calls = Locked(0)
    let recorder = TestRecorder(
      Signal.combineLatest(a, b) { x, y in
        calls.withLock { $0 += 1 }
        return x + y
      })
    aInput.send(value: 1)
    bInput.send(value: 2)
    recorder.disposable?.dispose()
    aInput.send(value: 3)
    bInput.send(value: 4)
    #expect(calls.withLock { $0 } == 1)
    #expect(recorder.values == [3])
  }

  @Test func endingReleasesTheInputObservers() {
    let (a, aInput) = Signal<Int, TestError>.pipe()
    let (b, bInput) = Signal<Int, TestError>.pipe()
    var weakCanary: Weak<Canary>?
    var recorder: TestRecorder<Int, TestError>?
    do {
      let canary = Canary()
      weakCanary = Weak(canary)
      recorder = TestRecorder(Signal.combineLatest(a, b) { x, _ in withExtendedLifetime(canary) { x } })
    }
    #expect(weakCanary?.object != nil)
    aInput.send(error: .boom)
    #expect(weakCanary?.object == nil)
    #expect(recorder?.descriptions == ["failed(boom)"])
    withExtendedLifetime(bInput) {}
  }

  @Test func reentrantSendFromAnObserverIsDeliveredAfterTheCurrentValue() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let combined = Signal.combineLatest(a, b)
    let seen = Locked<[String]>([])
    combined.observeValues { value in
      seen.withLock { $0.append("begin \(value)") }
      if value == (1, 10) { aInput.send(value: 2) }
      if value == (2, 10) { bInput.send(value: 20) }
      seen.withLock { $0.append("end \(value)") }
    }
    aInput.send(value: 1)
    bInput.send(value: 10)
    #expect(
      seen.withLock { $0 } == [
        "begin (1, 10)", "end (1, 10)", "begin (2, 10)", "end (2, 10)", "begin (2, 20)", "end (2, 20)",
      ])
  }

  // MARK: Lists

  @Test func listFormSendsArraysInListOrder() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.combineLatest([a, b]))
    // a:             -1---3-|
    // b:             --2----|
    // combineLatest: --A-B--|   (A = [1, 2], B = [3, 2])
    aInput.send(value: 1)
    bInput.send(value: 2)
    aInput.send(value: 3)
    aInput.sendCompleted()
    bInput.sendCompleted()
    #expect(recorder.descriptions == ["[1, 2]", "[3, 2]", "completed"])
  }

  @Test func emptyListProducerSendsEmptyArrayThenCompletes() {
    let recorder = TestRecorder(SignalProducer.combineLatest([SignalProducer<Int, Never>]()))
    #expect(recorder.descriptions == ["[]", "completed"])
    let allValid = SignalProducer.combineLatest([SignalProducer<Bool, Never>]()).map { $0.allSatisfy { $0 } }
    #expect(TestRecorder(allValid).values == [true])
  }

  @Test func emptyListSignalHasEndedBeforeAnyoneObserves() {
    let recorder = TestRecorder(Signal.combineLatest([Signal<Int, Never>]()))
    #expect(recorder.descriptions == ["interrupted"])
  }

  // MARK: Producers

  @Test func producerStartsEveryInputAndCombinesThem() {
    let producer = SignalProducer.combineLatest(
      SignalProducer<Int, Never>(values: 1, 2), SignalProducer<String, Never>(value: "x"))
    let recorder = TestRecorder(producer)
    #expect(recorder.descriptions == [#"(2, "x")"#, "completed"])
    #expect(TestRecorder(producer).descriptions == recorder.descriptions)
  }

  @Test func producerDisposalInterruptsEveryInput() {
    let a = ProducerProbe<Int, Never>()
    let b = ProducerProbe<Int, Never>()
    let recorder = TestRecorder(a.producer.combiningLatest(with: b.producer))
    a.observer?.send(value: 1)
    b.observer?.send(value: 2)
    #expect((a.starts, b.starts, a.ends, b.ends) == (1, 1, 0, 0))
    recorder.disposable?.dispose()
    #expect((a.ends, b.ends) == (1, 1))
    #expect(recorder.descriptions == ["(1, 2)", "interrupted"])
  }

  @Test func producerFailureEndsEveryInputAndSkipsTheUnstartedOnes() {
    let later = ProducerProbe<Int, TestError>()
    let running = ProducerProbe<Int, TestError>()
    let producer = SignalProducer.combineLatest(
      running.producer, SignalProducer<Int, TestError>(error: .boom), later.producer)
    let recorder = TestRecorder(producer)
    #expect(recorder.descriptions == ["failed(boom)"])
    #expect((running.starts, running.ends, later.starts) == (1, 1, 0))
  }

  @Test func producerListFormCombinesArrays() {
    let producers = (1...3).map { SignalProducer<Int, Never>(value: $0) }
    #expect(TestRecorder(SignalProducer.combineLatest(producers)).descriptions == ["[1, 2, 3]", "completed"])
  }

  // MARK: Properties

  @Test func propertyCombinesCurrentValuesAndFollowsChanges() {
    let title = Property(value: "Grand")
    let name = MutableProperty("Li")
    let nights = MutableProperty<Int?>(nil)
    let combined = Property.combineLatest(title, name, nights)
    #expect(combined.value == ("Grand", "Li", nil))
    name.value = "Han"
    nights.value = 2
    #expect(combined.value == ("Grand", "Han", 2))
    let summary = Property.combineLatest(name, nights) { name, nights in "\(name) × \(nights ?? 0)" }
    #expect(summary.value == "Han × 2")
    nights.value = 3
    #expect(summary.value == "Han × 3")
    #expect(name.combiningLatest(with: nights).value == ("Han", Optional(3)))
  }

  @Test func propertyListFormAndEmptyList() {
    let fields = [MutableProperty(true), MutableProperty(false)]
    let allValid = Property.combineLatest(fields).map { $0.allSatisfy { $0 } }
    #expect(!allValid.value)
    fields[1].value = true
    #expect(allValid.value)
    #expect(Property.combineLatest([MutableProperty<Bool>]()).value == [])
  }

  @Test func propertyListFormNeverChangesAnArrayItHandedOut() {
    // The node refills its own arrays in place from wave to wave: one held by an observer or a reader must
    // keep the values it had, whatever the waves after it (and a transaction's view) compute.
    let fields = [MutableProperty(1), MutableProperty(2), MutableProperty(3)]
    let combined = Property.combineLatest(fields)
    var delivered: [[Int]] = []
    combined.observeValues { delivered.append($0) }
    let first = combined.value
    fields[0].value = 10
    let second = combined.value
    for value in 20..<24 { fields[1].value = value }
    withTransaction {
      fields[2].value = 30
      #expect(combined.value == [10, 23, 30])
    }
    #expect(first == [1, 2, 3])
    #expect(second == [10, 2, 3])
    #expect(combined.value == [10, 23, 30])
    #expect(
      delivered == [[1, 2, 3], [10, 2, 3], [10, 20, 3], [10, 21, 3], [10, 22, 3], [10, 23, 3], [10, 23, 30]])
  }

  @Test func propertyEndsWhenEverySourceEnds() {
    var a: MutableProperty<Int>? = MutableProperty(1)
    var b: MutableProperty<Int>? = MutableProperty(2)
    let combined = Property.combineLatest(a!, b!)
    let recorder = TestRecorder(combined.signal)
    a = nil
    #expect(!recorder.isTerminated)
    b = nil
    #expect(recorder.descriptions == ["completed"])
    #expect(combined.value == (1, 2))
  }

  @Test func releasesTheLatestValuesOnceTheResultIsGone() {
    let (a, inputA) = Signal<Canary, Never>.pipe()
    let (b, inputB) = Signal<Canary?, Never>.pipe()
    let released = Locked(0)
    var recorder: TestRecorder<(Canary, Canary?), Never>? = TestRecorder(Signal.combineLatest(a, b))
    inputA.send(value: Canary { released.withLock { $0 += 1 } })
    inputA.send(value: Canary { released.withLock { $0 += 1 } })
    inputB.send(value: nil)
    #expect(released.withLock { $0 } == 1)
    #expect(recorder?.values.count == 1)
    recorder?.disposable?.dispose()
    recorder = nil
    #expect(released.withLock { $0 } == 2)
  }
}

@Suite(.watchingThePool) struct CombineLatestStateTests {
  @Test func sendsOnlyOnceEveryInputHasAValue() {
    var state = CombineLatestState(inputCount: 2)
    #expect(state.receiveValue(from: 0) == .store)
    #expect(state.receiveValue(from: 0) == .store)
    #expect(state.receiveValue(from: 1) == .storeAndSend(thenComplete: false))
    #expect(state.receiveValue(from: 0) == .storeAndSend(thenComplete: false))
  }

  @Test func completesWhenAllCompleteOrOneCompletesEmpty() {
    var state = CombineLatestState(inputCount: 2)
    _ = state.receiveValue(from: 0)
    _ = state.receiveValue(from: 1)
    let first = state.receiveCompletion(from: 0)
    let second = state.receiveCompletion(from: 1)
    #expect(!first && second)
    #expect(state.receiveValue(from: 0) == .ignore)

    var early = CombineLatestState(inputCount: 3)
    _ = early.receiveValue(from: 0)
    let completes = early.receiveCompletion(from: 2)
    let forwards = early.receiveTermination()
    #expect(completes && !forwards)
  }
}

@Suite(.watchingThePool, .onItsOwnThread) struct CombineLatestConcurrencyTests {
  @Test func concurrentSendsEndWithTheCombinationOfTheLastValues() {
    let inputs = (0..<4).map { _ in Signal<Int, Never>.pipe() }
    let recorder = TestRecorder(Signal.combineLatest(inputs.map(\.output)))
    let perThread = 2_000
    concurrently(inputs.count) { index in
      for value in 1...perThread { inputs[index].input.send(value: value) }
      inputs[index].input.sendCompleted()
    }
    let values = recorder.values
    #expect(values.last == Array(repeating: perThread, count: inputs.count))
    #expect(recorder.events.last == .completed)
    #expect(!recorder.violatedGrammar)
    // Each input's value never goes backwards: combinations leave in the order they were taken.
    for index in inputs.indices {
      let column = values.map { $0[index] }
      #expect(column == column.sorted())
    }
  }
}
