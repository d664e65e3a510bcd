import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// An outer pipe of keys, flattened into the producers of one probe per key.
private struct Flattening {
  let probes: [String: ProducerProbe<Int, TestError>]
  let outer: Signal<String, TestError>.Observer
  let recorder: TestRecorder<Int, TestError>

  init(_ strategy: FlattenStrategy, keys: [String] = ["a", "b", "c"]) {
    let probes = Dictionary(uniqueKeysWithValues: keys.map { ($0, ProducerProbe<Int, TestError>()) })
    let (signal, input) = Signal<String, TestError>.pipe()
    self.probes = probes
    outer = input
    recorder = TestRecorder(signal.flatMap(strategy) { probes[$0]!.producer })
  }

  subscript(key: String) -> ProducerProbe<Int, TestError> { probes[key]! }
}

@Suite(.watchingThePool) struct FlatMapTests {
  @Test func mergeForwardsEveryInnerAndCompletesAfterAllOfThem() {
    let f = Flattening(.merge)
    // outer:            -a-b----|
    // inner a:           -1--3|
    // inner b:             -2----4|
    // flatMap(.merge):  --1-23---4|
    f.outer.send(value: "a")
    f["a"].observer?.send(value: 1)
    f.outer.send(value: "b")
    f["b"].observer?.send(value: 2)
    f["a"].observer?.send(value: 3)
    f["a"].observer?.sendCompleted()
    f.outer.sendCompleted()
    #expect(!f.recorder.isTerminated)
    f["b"].observer?.send(value: 4)
    f["b"].observer?.sendCompleted()
    #expect(f.recorder.descriptions == ["1", "2", "3", "4", "completed"])
  }

  @Test func latestDisposesTheReplacedInnerSilently() {
    let f = Flattening(.latest)
    // outer:            -a--b---|
    // inner a:           -1-
    // inner b:              -2---3|
    // flatMap(.latest): --1--2---3|
    f.outer.send(value: "a")
    let a = f["a"].observer
    a?.send(value: 1)
    f.outer.send(value: "b")
    #expect(f["a"].ends == 1)
    a?.send(value: 99)
    f["b"].observer?.send(value: 2)
    f.outer.sendCompleted()
    f["b"].observer?.send(value: 3)
    #expect(!f.recorder.isTerminated)
    f["b"].observer?.sendCompleted()
    #expect(f.recorder.descriptions == ["1", "2", "3", "completed"])
  }

  @Test func latestCompletesWithTheOuterWhenNoInnerRuns() {
    let f = Flattening(.latest)
    f.outer.send(value: "a")
    f["a"].observer?.sendCompleted()
    #expect(!f.recorder.isTerminated)
    f.outer.sendCompleted()
    #expect(f.recorder.descriptions == ["completed"])
  }

  @Test func concatStartsTheNextInnerWhenTheCurrentCompletes() {
    let f = Flattening(.concat)
    // outer:            -a-b----|
    // inner a:           -1--2|
    // inner b:                -3-4|
    // flatMap(.concat): --1--2-3-4|
    f.outer.send(value: "a")
    f["a"].observer?.send(value: 1)
    f.outer.send(value: "b")
    #expect(f["b"].starts == 0)
    f["a"].observer?.send(value: 2)
    f["a"].observer?.sendCompleted()
    #expect(f["b"].starts == 1)
    f["b"].observer?.send(value: 3)
    f.outer.sendCompleted()
    f["b"].observer?.send(value: 4)
    #expect(!f.recorder.isTerminated)
    f["b"].observer?.sendCompleted()
    #expect(f.recorder.descriptions == ["1", "2", "3", "4", "completed"])
  }

  @Test func innerFailureFailsAtOnceAndDisposesEverything() {
    let f = Flattening(.merge)
    f.outer.send(value: "a")
    f.outer.send(value: "b")
    f["b"].observer?.send(error: .boom)
    #expect(f["a"].ends == 1)
    f.outer.send(value: "c")
    #expect(f["c"].starts == 0)
    #expect(f.recorder.descriptions == ["failed(boom)"])
  }

  @Test func outerFailureFailsAtOnceAndInterruptsTheInners() {
    let f = Flattening(.concat)
    f.outer.send(value: "a")
    f.outer.send(value: "b")
    f.outer.send(error: .other)
    #expect((f["a"].ends, f["b"].starts) == (1, 0))
    #expect(f.recorder.descriptions == ["failed(other)"])
  }

  @Test func interruptedInnerInterruptsTheResult() {
    let f = Flattening(.merge)
    f.outer.send(value: "a")
    f.outer.send(value: "b")
    f["a"].observer?.sendInterrupted()
    #expect(f["b"].ends == 1)
    #expect(f.recorder.descriptions == ["interrupted"])
  }

  @Test func disposingTheResultInterruptsEveryInnerAndTheOuterProducer() {
    let outer = ProducerProbe<String, TestError>()
    let inners = ["a": ProducerProbe<Int, TestError>(), "b": ProducerProbe<Int, TestError>()]
    let recorder = TestRecorder(outer.producer.flatMap(.merge) { inners[$0]!.producer })
    outer.observer?.send(value: "a")
    outer.observer?.send(value: "b")
    recorder.disposable?.dispose()
    #expect((outer.ends, inners["a"]!.ends, inners["b"]!.ends) == (1, 1, 1))
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func reentrantOuterValueFromAnObserverSwitchesAfterTheCurrentDelivery() {
    let (outer, outerInput) = Signal<Int, Never>.pipe()
    let seen = Locked<[String]>([])
    outer.flatMap(.latest) { SignalProducer<Int, Never>([$0 * 10, $0 * 10 + 1]) }.observeValues { value in
      seen.withLock { $0.append("begin \(value)") }
      if value == 10 { outerInput.send(value: 2) }
      seen.withLock { $0.append("end \(value)") }
    }
    outerInput.send(value: 1)
    #expect(
      seen.withLock { $0 } == [
        "begin 10", "end 10", "begin 11", "end 11", "begin 20", "end 20", "begin 21", "end 21",
      ])
  }

  @Test func flattenRunsAProducerOfProducers() {
    let producers = SignalProducer<SignalProducer<Int, Never>, Never>([
      SignalProducer([1, 2]), SignalProducer([3]),
    ])
    #expect(TestRecorder(producers.flatten(.concat)).descriptions == ["1", "2", "3", "completed"])
    #expect(TestRecorder(producers.flatten(.latest)).descriptions == ["1", "2", "3", "completed"])
  }

  @Test func propertyFlatMapFollowsTheLatestInnerProperty() {
    let hotels = ["grand": MutableProperty("Grand Hotel"), "plaza": MutableProperty("Plaza")]
    let selected = MutableProperty("grand")
    let name = selected.flatMap(.latest) { hotels[$0]! }
    #expect(name.value == "Grand Hotel")
    hotels["grand"]!.value = "Grand Hotel & Spa"
    #expect(name.value == "Grand Hotel & Spa")
    selected.value = "plaza"
    hotels["grand"]!.value = "ignored"
    #expect(name.value == "Plaza")
  }

  @Test func propertyFlatMapUnlinksTheInnerPropertyItLeftUnusedAndKeepsAnUsedOne() {
    let source = MutableProperty(1)
    let selected = MutableProperty(0)
    let computations = Locked(0)
    let kept = source.map { $0 * 100 }
    var keptValues: [Int] = []
    kept.observeValues { keptValues.append($0) }
    let result = selected.flatMap(.latest) { choice -> Property<Int> in
      guard choice == 0 else { return kept }
      return source.map { value in
        computations.withLock { $0 += 1 }
        return value * 10
      }
    }
    #expect(result.value == 10)
    source.value = 2
    #expect(result.value == 20)
    // Switching away leaves the made inner property unused: it leaves the graph and is computed no more.
    selected.value = 1
    let computed = computations.withLock { $0 }
    source.value = 3
    #expect(result.value == 300)
    #expect(computations.withLock { $0 } == computed)
    // Switching away from `kept`, which is observed, leaves it in the graph.
    selected.value = 0
    source.value = 4
    #expect(result.value == 40)
    #expect(keptValues == [100, 200, 300, 400])
  }

  @Test func propertyFlatMapKeepsTheCurrentInnerPropertyAlive() {
    let selected = MutableProperty(1)
    let inner = Locked<Weak<MutableProperty<Int>>?>(nil)
    let tenfold = selected.flatMap(.latest) { value -> MutableProperty<Int> in
      let property = MutableProperty(value * 10)
      inner.withLock { $0 = Weak(property) }
      return property
    }
    inner.withLock { $0?.object?.value = 11 }
    #expect(tenfold.value == 11)
    selected.value = 2
    #expect(tenfold.value == 20)
  }

  @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
  func innerThatReleasesItsObserverWithoutEndingInterruptsTheResult(_ strategy: FlattenStrategy) {
    let (outer, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(outer.flatMap(strategy) { _ in SignalProducer<Int, Never> { _, _ in } })
    input.send(value: 1)
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
  func innerEventsAfterItsTerminalEventAreDropped(_ strategy: FlattenStrategy) {
    let (outer, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(
      outer.flatMap(strategy) { value in
        SignalProducer<Int, Never> { observer, _ in
          observer.send(value: value)
          observer.sendCompleted()
          observer.send(value: value + 1)
          observer.sendInterrupted()
        }
      })
    input.send(value: 1)
    input.send(value: 10)
    input.sendCompleted()
    #expect(recorder.descriptions == ["1", "10", "completed"])
  }

  @Test func latestDisposalInterruptsTheCurrentInnerAndEndsItsLifetime() {
    let outer = ProducerProbe<String, TestError>()
    let inners = ["a": ProducerProbe<Int, TestError>(), "b": ProducerProbe<Int, TestError>()]
    let recorder = TestRecorder(outer.producer.flatMap(.latest) { inners[$0]!.producer })
    outer.observer?.send(value: "a")
    outer.observer?.send(value: "b")
    #expect((inners["a"]!.ends, inners["b"]!.ends) == (1, 0))
    inners["b"]!.observer?.send(value: 2)
    recorder.disposable?.dispose()
    #expect((outer.ends, inners["a"]!.ends, inners["b"]!.ends) == (1, 1, 1))
    inners["b"]!.observer?.send(value: 3)
    #expect(recorder.descriptions == ["2", "interrupted"])
  }

  @Test func latestInnerEndingTheResultDuringItsStartIsInterruptedAfterwards() {
    let (outer, input) = Signal<Int, Never>.pipe()
    let ended = Locked(0)
    let recorder = TestRecorder(
      outer.flatMap(.latest) { value in
        SignalProducer<Int, Never> { observer, lifetime in
          lifetime.observeEnded { ended.withLock { $0 += 1 } }
          observer.send(value: value)
        }
      }.take(first: 1))
    input.send(value: 1)
    #expect(ended.withLock { $0 } == 1)
    #expect(recorder.descriptions == ["1", "completed"])
  }
}

@Suite(.watchingThePool) struct FlattenStateTests {
  @Test func concatQueuesWhileAnInnerRunsAndLoopsOverSynchronousCompletions() {
    var state = FlattenState<String>(strategy: .concat)
    #expect(state.receiveOuterValue("a")?.id == 1)
    #expect(state.receiveOuterValue("b") == nil)
    #expect(state.receiveOuterValue("c") == nil)
    // "a" completes while it is being started: the starting thread picks "b" up.
    guard case .none = state.receiveInnerCompletion(from: 1) else { Issue.record("expected none"); return }
    guard case .start("b", id: 2) = state.finishStarting() else { Issue.record("expected b"); return }
    guard case .none = state.finishStarting() else { Issue.record("b still runs"); return }
    // "b" completes later, from its own thread: it starts "c" itself.
    guard case .start("c", id: 3) = state.receiveInnerCompletion(from: 2) else { Issue.record("expected c"); return }
    let completesEarly = state.receiveOuterCompletion()
    #expect(!completesEarly)
    _ = state.finishStarting()
    guard case .complete = state.receiveInnerCompletion(from: 3) else { Issue.record("expected complete"); return }
  }

  @Test func latestIgnoresReplacedInners() {
    var state = FlattenState<String>(strategy: .latest)
    _ = state.receiveOuterValue("a")
    _ = state.receiveOuterValue("b")
    let staleValue = state.receiveInnerValue(from: 1)
    let staleInterruption = state.receiveTermination(from: 1)
    let currentValue = state.receiveInnerValue(from: 2)
    #expect(!staleValue && !staleInterruption && currentValue)
  }
}

@Suite(.watchingThePool, .onItsOwnThread) struct FlatMapConcurrencyTests {
  @Test func mergedInnersSendingFromManyThreadsDeliverEveryValue() {
    let inners = (0..<4).map { _ in ProducerProbe<Int, Never>() }
    let (outer, outerInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(outer.flatMap(.merge) { inners[$0].producer })
    for index in inners.indices { outerInput.send(value: index) }
    outerInput.sendCompleted()
    let perThread = 1_000
    concurrently(inners.count) { index in
      let observer = inners[index].observer
      for value in 0..<perThread { observer?.send(value: value) }
      observer?.sendCompleted()
    }
    #expect(recorder.values.count == inners.count * perThread)
    #expect(recorder.events.last == .completed)
    #expect(!recorder.violatedGrammar)
  }

  @Test(arguments: [FlattenStrategy.merge, .concat, .latest])
  func innerProducersOfKnownValuesAreDeliveredInFullAndStopWhenTheResultEnds(_ strategy: FlattenStrategy) {
    let (outer, input) = Signal<Int, TestError>.pipe()
    let all = TestRecorder(outer.flatMap(strategy) { SignalProducer<Int, TestError>([$0, $0 + 1, $0 + 2]) })
    let firstFour = TestRecorder(
      outer.flatMap(strategy) { SignalProducer<Int, TestError>([$0, $0 + 1, $0 + 2]) }
        .take(first: 4))
    let failing = TestRecorder(outer.flatMap(strategy) { _ in SignalProducer<Int, TestError>(error: .boom) })
    input.send(value: 10)
    input.send(value: 20)
    input.sendCompleted()
    #expect(all.descriptions == ["10", "11", "12", "20", "21", "22", "completed"])
    #expect(firstFour.descriptions == ["10", "11", "12", "20", "completed"])
    #expect(failing.descriptions == ["failed(boom)"])
  }
}

/// A long run on a thread of its own: it computes for seconds under ThreadSanitizer.
@Suite(.watchingThePool, .onItsOwnThread) struct FlatMapLongChainTests {
  @Test func concatRunsALongChainOfSynchronousInnersWithoutRecursing() {
    let first = ProducerProbe<Int, Never>()
    let count = 20_000
    let inners = [first.producer] + (1...count).map { SignalProducer<Int, Never>(value: $0) }
    let sum = Locked(0)
    let completed = Locked(false)
    SignalProducer(inners).flatten(.concat).start { event in
      switch event {
      case .value(let value): sum.withLock { $0 += value }
      case .completed: completed.withLock { $0 = true }
      default: break
      }
    }
    first.observer?.sendCompleted()
    #expect(sum.withLock { $0 } == count * (count + 1) / 2)
    #expect(completed.withLock { $0 })
  }
}
