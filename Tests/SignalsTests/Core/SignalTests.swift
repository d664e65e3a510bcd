import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct SignalTests {
  // MARK: Pipe and terminal events

  @Test func pipeDeliversValuesThenCompletion() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal)
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    #expect(recorder.descriptions == ["1", "2", "completed"])
  }

  @Test func pipeDeliversFailureOrInterruption() {
    let (failing, failingInput) = Signal<Int, TestError>.pipe()
    let failed = TestRecorder(failing)
    failingInput.send(value: 1)
    failingInput.send(error: .boom)
    #expect(failed.descriptions == ["1", "failed(boom)"])

    let (interrupted, interruptedInput) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(interrupted)
    interruptedInput.sendInterrupted()
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func everyObserverSeesEveryEventInOrder() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let first = TestRecorder(signal)
    let second = TestRecorder(signal)
    input.send(value: 1)
    input.sendCompleted()
    #expect(first.descriptions == ["1", "completed"])
    #expect(second.descriptions == ["1", "completed"])
  }

  @Test func observerSeesOnlyEventsSentAfterItObserved() {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.send(value: 1)
    let recorder = TestRecorder(signal)
    input.send(value: 2)
    #expect(recorder.descriptions == ["2"])
  }

  @Test(arguments: ["completed", "failed", "interrupted"])
  func nothingIsDeliveredAfterATerminalEvent(terminal: String) {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal)
    switch terminal {
    case "completed": input.sendCompleted()
    case "failed": input.send(error: .boom)
    default: input.sendInterrupted()
    }
    input.send(value: 1)
    input.sendCompleted()
    input.send(error: .other)
    input.sendInterrupted()
    #expect(recorder.events.count == 1)
    #expect(recorder.events.first?.isTerminating == true)
    #expect(!recorder.violatedGrammar)
  }

  // MARK: Observing helpers

  @Test func observeValuesSeesOnlyValues() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    var values: [Int] = []
    signal.observeValues { values.append($0) }
    input.send(value: 1)
    input.send(value: 2)
    input.send(error: .boom)
    #expect(values == [1, 2])
  }

  @Test func observeFailedCompletedAndInterruptedSeeOnlyTheirEvent() {
    var log: [String] = []
    func observeAll(_ signal: Signal<Int, TestError>) {
      signal.observeFailed { log.append("failed(\($0))") }
      signal.observeCompleted { log.append("completed") }
      signal.observeInterrupted { log.append("interrupted") }
    }
    let (failing, failingInput) = Signal<Int, TestError>.pipe()
    observeAll(failing)
    failingInput.send(value: 1)
    failingInput.send(error: .other)
    #expect(log == ["failed(other)"])

    log = []
    let (completing, completingInput) = Signal<Int, TestError>.pipe()
    observeAll(completing)
    completingInput.sendCompleted()
    #expect(log == ["completed"])

    log = []
    let (interrupting, interruptingInput) = Signal<Int, TestError>.pipe()
    observeAll(interrupting)
    interruptingInput.sendInterrupted()
    #expect(log == ["interrupted"])
  }

  @Test func observeResultSeesValuesAndFailureButNotCompletion() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    var results: [Result<Int, TestError>] = []
    signal.observeResult { results.append($0) }
    input.send(value: 1)
    input.send(error: .boom)
    #expect(results == [.success(1), .failure(.boom)])

    let (other, otherInput) = Signal<Int, TestError>.pipe()
    var otherResults: [Result<Int, TestError>] = []
    other.observeResult { otherResults.append($0) }
    otherInput.sendCompleted()
    #expect(otherResults.isEmpty)
  }

  @Test func observeWithAnObserverForwardsEveryEvent() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let (mirror, mirrorInput) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(mirror)
    signal.observe(mirrorInput)
    input.send(value: 4)
    input.send(error: .boom)
    #expect(recorder.descriptions == ["4", "failed(boom)"])
  }

  // MARK: Ended signals and released inputs

  @Test(arguments: ["completed", "failed", "interrupted"])
  func observingAnEndedSignalInterruptsAtOnceAndReturnsNil(terminal: String) {
    let (signal, input) = Signal<Int, TestError>.pipe()
    switch terminal {
    case "completed": input.sendCompleted()
    case "failed": input.send(error: .boom)
    default: input.sendInterrupted()
    }
    var events: [String] = []
    let disposable = signal.observe { events.append($0.description) }
    #expect(disposable == nil)
    #expect(events == ["interrupted"])
    var interrupted = false
    #expect(signal.observeInterrupted { interrupted = true } == nil)
    #expect(interrupted)
  }

  @Test func releasingThePipeInputInterruptsObservers() {
    let signal: Signal<Int, Never>
    let recorder: TestRecorder<Int, Never>
    do {
      let (output, input) = Signal<Int, Never>.pipe()
      signal = output
      recorder = TestRecorder(output)
      input.send(value: 1)
    }
    #expect(recorder.descriptions == ["1", "interrupted"])
    #expect(signal.observeValues { _ in } == nil)
  }

  @Test func releasingTheInputAfterATerminalEventSendsNothingMore() {
    let recorder: TestRecorder<Int, Never>
    do {
      let (output, input) = Signal<Int, Never>.pipe()
      recorder = TestRecorder(output)
      input.sendCompleted()
    }
    #expect(recorder.descriptions == ["completed"])
  }

  // MARK: Disposing observers

  @Test func disposingAnObserverStopsDelivery() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal)
    let other = TestRecorder(signal)
    input.send(value: 1)
    recorder.disposable?.dispose()
    recorder.disposable?.dispose()
    #expect(recorder.disposable?.isDisposed == true)
    input.send(value: 2)
    input.sendCompleted()
    #expect(recorder.descriptions == ["1"])
    #expect(other.descriptions == ["1", "2", "completed"])
  }

  @Test func disposingAnObserverFromInsideItselfStopsDeliveryAfterTheCurrentEvent() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var received: [Int] = []
    let disposable = Box<(any Disposable)?>(nil)
    disposable.value = signal.observeValues { value in
      received.append(value)
      if value == 2 { disposable.value?.dispose() }
    }
    for value in 1...4 { input.send(value: value) }
    #expect(received == [1, 2])
  }

  @Test func disposingALaterObserverDuringDeliveryKeepsTheCurrentEventFromIt() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let second = Box<(any Disposable)?>(nil)
    var firstReceived: [Int] = []
    var secondReceived: [Int] = []
    signal.observeValues { value in
      firstReceived.append(value)
      if value == 2 { second.value?.dispose() }
    }
    second.value = signal.observeValues { secondReceived.append($0) }
    for value in 1...3 { input.send(value: value) }
    #expect(firstReceived == [1, 2, 3])
    #expect(secondReceived == [1])
  }

  @Test func disposingAnEarlierObserverDuringDeliveryStopsItFromTheNextEvent() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let first = Box<(any Disposable)?>(nil)
    var firstReceived: [Int] = []
    var secondReceived: [Int] = []
    first.value = signal.observeValues { firstReceived.append($0) }
    signal.observeValues { value in
      secondReceived.append(value)
      if value == 2 { first.value?.dispose() }
    }
    for value in 1...3 { input.send(value: value) }
    #expect(firstReceived == [1, 2])
    #expect(secondReceived == [1, 2, 3])
  }

  @Test func observerAddedDuringDeliverySeesOnlyLaterEvents() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let late = TestRecorder<Int, Never>()
    let lateObservation = Box<(any Disposable)?>(nil)
    signal.observeValues { value in
      if value == 1 { lateObservation.value = signal.observe(late.record) }
    }
    input.send(value: 1)
    input.send(value: 2)
    #expect(late.descriptions == ["2"])
  }

  @Test func observersKeepTheOrderTheyAttachedInAsOthersLeaveAndJoin() {
    // One observer is kept inline and more go to an array; the order must survive every move between the two.
    let (signal, input) = Signal<Int, Never>.pipe()
    var calls: [String] = []
    func observe(_ name: String) -> (any Disposable)? {
      signal.observeValues { _ in calls.append(name) }
    }
    func deliveredTo(_ value: Int) -> [String] {
      calls = []
      input.send(value: value)
      return calls
    }
    let a = observe("a")
    #expect(deliveredTo(1) == ["a"])
    let b = observe("b")
    let c = observe("c")
    #expect(deliveredTo(2) == ["a", "b", "c"])
    a?.dispose()
    #expect(deliveredTo(3) == ["b", "c"])
    let d = observe("d")
    #expect(deliveredTo(4) == ["b", "c", "d"])
    c?.dispose()
    b?.dispose()
    #expect(deliveredTo(5) == ["d"])
    _ = observe("e")
    #expect(deliveredTo(6) == ["d", "e"])
    d?.dispose()
    #expect(deliveredTo(7) == ["e"])
    #expect(signal.observerCount == 1)
  }

  // MARK: Derived signals

  @Test func derivedSignalWithNoObserverAndNoHandleDetachesFromUpstream() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let transforms = AtomicCounter()
    var canaryAlive = true
    do {
      let canary = Canary { canaryAlive = false }
      _ = signal.map { value -> Int in
        _ = canary
        transforms.increment()
        return value
      }
    }
    #expect(!canaryAlive)
    input.send(value: 1)
    #expect(transforms.value == 0)
  }

  @Test func derivedSignalDetachesWhenItsLastObserverLeavesAfterTheHandleIsGone() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let transforms = AtomicCounter()
    let recorder: TestRecorder<Int, Never>
    do {
      recorder = TestRecorder(
        signal.map { value -> Int in
          transforms.increment(); return value * 10
        })
    }
    input.send(value: 1)
    #expect(recorder.descriptions == ["10"])
    recorder.disposable?.dispose()
    input.send(value: 2)
    #expect(transforms.value == 1)
  }

  @Test func derivedSignalStaysAttachedWhileItsHandleLives() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let mapped = signal.map { $0 + 1 }
    input.send(value: 1)
    let recorder = TestRecorder(mapped)
    input.send(value: 2)
    #expect(recorder.descriptions == ["3"])
  }

  @Test func derivedSignalOfAnEndedSignalIsInterrupted() {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.sendCompleted()
    var events: [String] = []
    #expect(signal.map { $0 }.observe { events.append($0.description) } == nil)
    #expect(events == ["interrupted"])
  }

  @Test(arguments: ["map", "filter", "compactMap"])
  func aValueThatArrivesAfterADerivedSignalEndedDoesNotRunItsOperator(_ name: String) {
    // The pipe's first observer abandons the derived signal (its handle is gone, its only observer leaves)
    // while the pipe is delivering; the derived signal, next in that delivery, then receives the value.
    let (signal, input) = Signal<Int, Never>.pipe()
    let runs = AtomicCounter()
    let observation = Box<(any Disposable)?>(nil)
    signal.observeValues { _ in observation.value?.dispose() }
    do {
      let derived: Signal<Int, Never> =
        switch name {
        case "map":
          signal.map {
            runs.increment(); return $0
          }
        case "filter":
          signal.filter { _ in
            runs.increment(); return true
          }
        default:
          signal.compactMap {
            runs.increment(); return $0
          }
        }
      observation.value = derived.observeValues { _ in Issue.record("delivered after the end") }
    }
    input.send(value: 1)
    #expect(runs.value == 0)
    #expect(signal.observerCount == 1)
  }

  // MARK: Other initialisers

  @Test func generatorSendsThroughItsInputAndItsLifetimeEndsWithTheSignal() {
    let lifetimeEnded = Box(false)
    let input = Box<Signal<Int, TestError>.Observer?>(nil)
    let signal = Signal<Int, TestError> { observer, lifetime in
      input.value = observer
      lifetime.observeEnded { lifetimeEnded.value = true }
    }
    let recorder = TestRecorder(signal)
    input.value?.send(value: 1)
    #expect(!lifetimeEnded.value)
    input.value?.send(error: .boom)
    #expect(recorder.descriptions == ["1", "failed(boom)"])
    #expect(lifetimeEnded.value)
  }

  @Test func generatorThatDropsItsInputInterruptsTheSignal() {
    let signal = Signal<Int, Never> { observer, _ in observer.send(value: 1) }
    var events: [String] = []
    #expect(signal.observe { events.append($0.description) } == nil)
    #expect(events == ["interrupted"])
  }

  @Test func neverSendsNothingAndNeverEnds() {
    let signal = Signal<Int, Never>.never
    let recorder = TestRecorder(signal)
    #expect(recorder.disposable != nil)
    #expect(recorder.events.isEmpty)
  }

  @Test func emptyHasEndedSoObserversAreInterruptedAtOnce() {
    let recorder = TestRecorder(Signal<Int, Never>.empty)
    #expect(recorder.disposable == nil)
    #expect(recorder.descriptions == ["interrupted"])
  }
}
