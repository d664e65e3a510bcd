import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct MergeTests {
  @Test func forwardsValuesAsTheyComeAndCompletesAfterEveryInput() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.merge(a, b))
    // a:     -1---3-|
    // b:     --2-----4|
    // merge: -12--3--4|
    aInput.send(value: 1)
    bInput.send(value: 2)
    aInput.send(value: 3)
    aInput.sendCompleted()
    #expect(!recorder.isTerminated)
    bInput.send(value: 4)
    bInput.sendCompleted()
    #expect(recorder.descriptions == ["1", "2", "3", "4", "completed"])
  }

  @Test func failsAtOnceWhenAnyInputFails() {
    let (a, aInput) = Signal<Int, TestError>.pipe()
    let (b, bInput) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(a.merging(with: b))
    aInput.send(value: 1)
    bInput.send(error: .boom)
    aInput.send(value: 2)
    #expect(recorder.descriptions == ["1", "failed(boom)"])
  }

  @Test func isInterruptedWhenAnyInputIsInterrupted() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.merge([a, b]))
    aInput.sendCompleted()
    bInput.sendInterrupted()
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func emptyListCompletesAtOnce() {
    #expect(TestRecorder(SignalProducer.merge([SignalProducer<Int, Never>]())).descriptions == ["completed"])
    #expect(TestRecorder(Signal.merge([Signal<Int, Never>]())).descriptions == ["interrupted"])
  }

  @Test func disposingTheResultDetachesFromEveryInput() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let seen = Locked(0)
    let counted = { (signal: Signal<Int, Never>) in
      signal.map { value -> Int in
        seen.withLock { $0 += 1 }; return value
      }
    }
    let recorder = TestRecorder(Signal.merge(counted(a), counted(b)))
    aInput.send(value: 1)
    recorder.disposable?.dispose()
    aInput.send(value: 2)
    bInput.send(value: 3)
    #expect(seen.withLock { $0 } == 1)
    #expect(recorder.values == [1])
  }

  @Test func reentrantSendIntoAnotherInputIsDeliveredAfterTheCurrentValue() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let seen = Locked<[String]>([])
    Signal.merge(a, b).observeValues { value in
      seen.withLock { $0.append("begin \(value)") }
      if value == 1 { bInput.send(value: 2) }
      seen.withLock { $0.append("end \(value)") }
    }
    aInput.send(value: 1)
    #expect(seen.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2"])
  }

  @Test func producersAreStartedInOrderAndMerged() {
    let merged = SignalProducer.merge(SignalProducer<Int, Never>([1, 2]), SignalProducer([3]))
    #expect(TestRecorder(merged).descriptions == ["1", "2", "3", "completed"])
    let failing = SignalProducer<Int, TestError>(value: 1).merging(with: SignalProducer(error: .boom))
    #expect(TestRecorder(failing).descriptions == ["1", "failed(boom)"])
  }

  @Test func producerDisposalInterruptsEveryInput() {
    let a = ProducerProbe<Int, Never>()
    let b = ProducerProbe<Int, Never>()
    let recorder = TestRecorder(SignalProducer.merge([a.producer, b.producer]))
    b.observer?.send(value: 7)
    recorder.disposable?.dispose()
    #expect((a.starts, b.starts, a.ends, b.ends) == (1, 1, 1, 1))
    #expect(recorder.descriptions == ["7", "interrupted"])
  }
}

@Suite(.watchingThePool, .onItsOwnThread) struct MergeConcurrencyTests {
  @Test func concurrentInputsDeliverEveryValueSeriallyInEachInputsOrder() {
    let inputs = (0..<4).map { _ in Signal<Int, Never>.pipe() }
    let inFlight = Locked(0)
    let overlapped = Locked(false)
    let recorder = TestRecorder<Int, Never>()
    Signal.merge(inputs.map(\.output)).observe { event in
      let concurrent = inFlight.withLock { count -> Bool in
        count += 1
        return count > 1
      }
      if concurrent { overlapped.withLock { $0 = true } }
      recorder.record(event)
      inFlight.withLock { $0 -= 1 }
    }
    let perThread = 2_000
    concurrently(inputs.count) { index in
      for value in 0..<perThread { inputs[index].input.send(value: index * perThread + value) }
      inputs[index].input.sendCompleted()
    }
    let values = recorder.values
    #expect(values.count == inputs.count * perThread)
    #expect(recorder.events.last == .completed)
    #expect(!recorder.violatedGrammar)
    #expect(!overlapped.withLock { $0 })
    for index in inputs.indices {
      let own = values.filter { $0 / perThread == index }
      #expect(own == Array(index * perThread..<(index + 1) * perThread))
    }
  }
}

extension MergeTests {
  @Test func mergingAnInputThatAlreadyEndedIsInterruptedAtOnce() {
    let (ended, endedInput) = Signal<Int, Never>.pipe()
    endedInput.sendCompleted()
    let (live, liveInput) = Signal<Int, Never>.pipe()
    let merged = Signal.merge(ended, live)
    let recorder = TestRecorder(merged)
    liveInput.send(value: 1)
    #expect(recorder.descriptions == ["interrupted"])
  }
}
