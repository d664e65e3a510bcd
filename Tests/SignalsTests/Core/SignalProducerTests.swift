import Dispatch
import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct SignalProducerTests {
  // MARK: Starting and lifetime

  @Test func startClosureRunsOncePerStart() {
    let starts = AtomicCounter()
    let producer = SignalProducer<Int, Never> { observer, _ in
      observer.send(value: starts.increment())
      observer.sendCompleted()
    }
    #expect(starts.value == 0)
    let first = TestRecorder(producer)
    let second = TestRecorder(producer)
    #expect(starts.value == 2)
    #expect(first.descriptions == ["1", "completed"])
    #expect(second.descriptions == ["2", "completed"])
  }

  @Test(arguments: ["completed", "failed"])
  func lifetimeEndsWhenTheStreamEnds(terminal: String) {
    let input = Box<Signal<Int, TestError>.Observer?>(nil)
    let lifetime = Box<Lifetime?>(nil)
    let producer = SignalProducer<Int, TestError> { observer, life in
      input.value = observer
      lifetime.value = life
    }
    let recorder = TestRecorder(producer)
    #expect(lifetime.value?.hasEnded == false)
    if terminal == "completed" { input.value?.sendCompleted() } else { input.value?.send(error: .boom) }
    #expect(lifetime.value?.hasEnded == true)
    #expect(recorder.events.count == 1)
  }

  @Test func disposingDeliversInterruptedAndEndsTheLifetime() {
    let lifetime = Box<Lifetime?>(nil)
    let input = Box<Signal<Int, Never>.Observer?>(nil)
    let producer = SignalProducer<Int, Never> { observer, life in
      input.value = observer
      lifetime.value = life
    }
    let recorder = TestRecorder(producer)
    input.value?.send(value: 1)
    recorder.disposable?.dispose()
    #expect(recorder.descriptions == ["1", "interrupted"])
    #expect(lifetime.value?.hasEnded == true)
    #expect(recorder.disposable?.isDisposed == true)
    input.value?.send(value: 2)
    #expect(recorder.descriptions == ["1", "interrupted"])
  }

  @Test func aStartsLifetimeDisposesWhatWasAddedWhenTheStreamEndsAndAfterwardsAtOnce() {
    // A start makes its lifetime's composite at the first addition; what is added before and after the end
    // must behave as with any lifetime.
    let lifetime = Box<Lifetime?>(nil)
    let input = Box<Signal<Int, Never>.Observer?>(nil)
    let added = AnyDisposable()
    let recorder = TestRecorder(
      SignalProducer<Int, Never> { observer, life in
        input.value = observer
        lifetime.value = life
        life += added
      })
    #expect(lifetime.value?.hasEnded == false)
    #expect(!added.isDisposed)
    input.value?.sendCompleted()
    #expect(recorder.descriptions == ["completed"])
    #expect(added.isDisposed)
    #expect(lifetime.value?.hasEnded == true)
    let late = AnyDisposable()
    if let life = lifetime.value { life += late }
    #expect(late.isDisposed)
  }

  @Test func aStartsLifetimeFirstUsedAfterTheEndIsEndedAndDisposesAtOnce() {
    let lifetime = Box<Lifetime?>(nil)
    let recorder = TestRecorder(
      SignalProducer<Int, Never> { observer, life in
        lifetime.value = life
        observer.sendCompleted()
      })
    #expect(recorder.descriptions == ["completed"])
    #expect(lifetime.value?.hasEnded == true)
    var ran = false
    #expect(lifetime.value?.observeEnded { ran = true } == nil)
    #expect(ran)
  }

  @Test func aKeptStartDisposableDoesNotKeepTheObserverClosure() {
    var canaryAlive = true
    var disposable: (any Disposable)?
    do {
      let canary = Canary { canaryAlive = false }
      disposable = SignalProducer<Int, Never> { observer, _ in
        observer.send(value: 1)
        observer.sendCompleted()
      }
      .startWithValues { _ in _ = canary }
    }
    #expect(!canaryAlive)
    #expect(disposable?.isDisposed == true)
    disposable = nil
  }

  @Test func startHandlerThatDropsItsObserverInterruptsTheStart() {
    let recorder = TestRecorder(SignalProducer<Int, Never> { observer, _ in observer.send(value: 1) })
    #expect(recorder.descriptions == ["1", "interrupted"])
  }

  @Test func startWithObserverForwardsEveryEvent() {
    let events = Box<[String]>([])
    SignalProducer<Int, TestError>(values: 1, 2).start(Signal.Observer { events.value.append($0.description) })
    #expect(events.value == ["value(1)", "value(2)", "completed"])
  }

  // MARK: Initialisers

  @Test func valueSequenceErrorResultAndEmptySendTheirEventsThenEnd() {
    #expect(TestRecorder(SignalProducer<Int, TestError>(value: 5)).descriptions == ["5", "completed"])
    #expect(TestRecorder(SignalProducer<Int, TestError>([1, 2, 3])).descriptions == ["1", "2", "3", "completed"])
    #expect(TestRecorder(SignalProducer<Int, TestError>(values: 7, 8)).descriptions == ["7", "8", "completed"])
    #expect(TestRecorder(SignalProducer<Int, TestError>(error: .boom)).descriptions == ["failed(boom)"])
    #expect(TestRecorder(SignalProducer<Int, TestError>(result: .success(1))).descriptions == ["1", "completed"])
    #expect(TestRecorder(SignalProducer<Int, TestError>(result: .failure(.other))).descriptions == ["failed(other)"])
    #expect(TestRecorder(SignalProducer<Int, TestError>.empty).descriptions == ["completed"])
  }

  @Test func sequenceStopsWhenDisposedFromAnObserver() {
    let pulled = AtomicCounter()
    let values = CountedNumbers(1...1_000, pulled: pulled)
    var received: [String] = []
    SignalProducer<Int, Never>(values).startWithSignal { signal, interrupter in
      signal.observe { event in
        received.append(event.value.map { "\($0)" } ?? event.description)
        if event.value == 3 { interrupter.dispose() }
      }
    }
    #expect(received == ["1", "2", "3", "interrupted"])
    #expect(pulled.value == 3)
  }

  @Test func actionRunsOnEveryStart() {
    let calls = AtomicCounter()
    let producer = SignalProducer<Int, TestError> { () -> Result<Int, TestError> in
      calls.increment() == 1 ? .success(10) : .failure(.boom)
    }
    #expect(TestRecorder(producer).descriptions == ["10", "completed"])
    #expect(TestRecorder(producer).descriptions == ["failed(boom)"])
  }

  @Test func signalProducerForwardsLaterEventsAndDisposalDetachesOnlyThatStart() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let producer = SignalProducer(signal)
    input.send(value: 0)
    let first = TestRecorder(producer)
    let second = TestRecorder(producer)
    input.send(value: 1)
    first.disposable?.dispose()
    input.send(value: 2)
    input.sendCompleted()
    #expect(first.descriptions == ["1", "interrupted"])
    #expect(second.descriptions == ["1", "2", "completed"])
  }

  @Test func signalProducerOfAnEndedSignalIsInterrupted() {
    let (signal, input) = Signal<Int, Never>.pipe()
    input.sendCompleted()
    #expect(TestRecorder(SignalProducer(signal)).descriptions == ["interrupted"])
  }

  @Test func neverStaysAliveUntilDisposed() {
    let recorder = TestRecorder(SignalProducer<Int, Never>.never)
    #expect(recorder.events.isEmpty)
    #expect(recorder.disposable?.isDisposed == false)
    recorder.disposable?.dispose()
    #expect(recorder.descriptions == ["interrupted"])
  }

  // MARK: Start variants

  @Test func startWithValuesSeesOnlyValues() {
    var values: [Int] = []
    SignalProducer<Int, TestError>([1, 2]).startWithValues { values.append($0) }
    #expect(values == [1, 2])
  }

  @Test func startWithResultSeesValuesAndFailure() {
    var results: [Result<Int, TestError>] = []
    SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.send(error: .boom)
    }.startWithResult { results.append($0) }
    #expect(results == [.success(1), .failure(.boom)])
  }

  @Test func startWithFailedCompletedAndInterruptedSeeOnlyTheirEvent() {
    var failures: [TestError] = []
    SignalProducer<Int, TestError>(error: .other).startWithFailed { failures.append($0) }
    SignalProducer<Int, TestError>(value: 1).startWithFailed { failures.append($0) }
    #expect(failures == [.other])

    var completions = 0
    SignalProducer<Int, TestError>(value: 1).startWithCompleted { completions += 1 }
    SignalProducer<Int, TestError>(error: .boom).startWithCompleted { completions += 1 }
    #expect(completions == 1)

    var interruptions = 0
    SignalProducer<Int, TestError>.never.startWithInterrupted { interruptions += 1 }.dispose()
    SignalProducer<Int, TestError>.empty.startWithInterrupted { interruptions += 1 }
    #expect(interruptions == 1)
  }

  // MARK: startWithSignal and lift

  @Test func startWithSignalLetsSetupSeeEverySynchronousEvent() {
    var recorder: TestRecorder<Int, Never>?
    SignalProducer<Int, Never>([1, 2]).startWithSignal { signal, _ in
      recorder = TestRecorder(signal)
    }
    #expect(recorder?.descriptions == ["1", "2", "completed"])
  }

  @Test func startWithSignalDoesNotStartWhenSetupDisposes() {
    let started = Box(false)
    var events: [String] = []
    SignalProducer<Int, Never> { _, _ in started.value = true }.startWithSignal { signal, interrupter in
      signal.observe { events.append($0.description) }
      interrupter.dispose()
    }
    #expect(!started.value)
    #expect(events == ["interrupted"])
  }

  @Test func liftAppliesTheOperatorToEveryStart() {
    let starts = AtomicCounter()
    let producer = SignalProducer<Int, Never> { observer, _ in
      starts.increment()
      observer.send(value: 1)
      observer.sendCompleted()
    }.lift { $0.map { $0 * 100 } }
    #expect(TestRecorder(producer).descriptions == ["100", "completed"])
    #expect(TestRecorder(producer).descriptions == ["100", "completed"])
    #expect(starts.value == 2)
  }

  @Test func disposingALiftedProducerInterruptsTheSource() {
    let sourceLifetime = Box<Lifetime?>(nil)
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      sourceLifetime.value = lifetime
      lifetime.observeEnded { _ = observer }
    }.lift { $0.map { $0 } }
    let recorder = TestRecorder(producer)
    #expect(sourceLifetime.value?.hasEnded == false)
    recorder.disposable?.dispose()
    #expect(sourceLifetime.value?.hasEnded == true)
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func twoProducerLiftStartsTheOtherFirstAndDisposesBoth() {
    let order = Box<[String]>([])
    let lifetimes = Box<[Lifetime]>([])
    let left = SignalProducer<Int, Never> { observer, lifetime in
      order.value.append("left")
      lifetimes.value.append(lifetime)
      lifetime.observeEnded { _ = observer }
    }
    let right = SignalProducer<Int, Never> { observer, lifetime in
      order.value.append("right")
      lifetimes.value.append(lifetime)
      observer.send(value: 7)
      lifetime.observeEnded { _ = observer }
    }
    let recorder = TestRecorder(left.lift(right) { _, other in other })
    #expect(order.value == ["right", "left"])
    #expect(recorder.descriptions == ["7"])
    recorder.disposable?.dispose()
    #expect(lifetimes.value.allSatisfy { $0.hasEnded })
  }

  // MARK: Blocking reads

  @Test func firstLastAndSingleReadSynchronousProducers() {
    let producer = SignalProducer<Int, TestError>([1, 2, 3])
    #expect(producer.first() == .success(1))
    #expect(producer.last() == .success(3))
    #expect(producer.single() == nil)
    #expect(SignalProducer<Int, TestError>(value: 4).single() == .success(4))
    #expect(SignalProducer<Int, TestError>.empty.first() == nil)
    #expect(SignalProducer<Int, TestError>(error: .boom).last() == .failure(.boom))
  }

  @Test func singleDisposesANeverEndingProducerAtItsSecondValue() {
    let lifetime = Box<Lifetime?>(nil)
    let producer = SignalProducer<Int, Never> { observer, life in
      lifetime.value = life
      observer.send(value: 1)
      observer.send(value: 2)
      life.observeEnded { _ = observer }
    }
    #expect(producer.single() == nil)
    #expect(lifetime.value?.hasEnded == true)
  }

  @Test func waitReportsCompletionOrFailure() {
    #expect(succeeded(SignalProducer<Int, TestError>([1, 2]).wait()))
    #expect(succeeded(SignalProducer<Int, TestError>.never.take(first: 0).wait()))
    #expect(failure(of: SignalProducer<Int, TestError>(error: .other).wait()) == .other)
  }

  @Test func blockingReadsWaitForAProducerThatAnswersOnAnotherThread() async {
    // The reads block their thread until the producer answers: on a thread of its own, not the pool's.
    await onItsOwnThread {
      let producer = SignalProducer<Int, TestError> { observer, _ in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
          observer.send(value: 1)
          observer.send(value: 2)
          observer.sendCompleted()
        }
      }
      #expect(producer.first() == .success(1))
      #expect(producer.last() == .success(2))
      #expect(producer.single() == nil)
      #expect(succeeded(producer.wait()))
      let failing = SignalProducer<Int, TestError> { observer, _ in
        DispatchQueue.global().async { observer.send(error: .boom) }
      }
      #expect(failure(of: failing.wait()) == .boom)
      #expect(failing.first() == .failure(.boom))
    }
  }

  private func succeeded(_ result: Result<Void, TestError>) -> Bool {
    if case .success = result { return true }
    return false
  }

  private func failure(of result: Result<Void, TestError>) -> TestError? {
    if case .failure(let error) = result { return error }
    return nil
  }
}
