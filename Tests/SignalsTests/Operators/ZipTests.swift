import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct ZipTests {
  @Test func pairsByIndexAndCompletesWhenACompletedInputRunsDry() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<String, Never>.pipe()
    let recorder = TestRecorder(Signal.zip(a, b))
    // a:   -1-2-|
    // b:   --x---y-z|
    // zip: --A---(B|)   (A = (1, x), B = (2, y))
    aInput.send(value: 1)
    bInput.send(value: "x")
    aInput.send(value: 2)
    aInput.sendCompleted()
    #expect(!recorder.isTerminated)
    bInput.send(value: "y")
    bInput.send(value: "z")
    #expect(recorder.descriptions == [#"(1, "x")"#, #"(2, "y")"#, "completed"])
  }

  @Test func queuesValuesUntilEveryInputHasOne() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(a.zipping(with: b))
    for value in 1...3 { aInput.send(value: value) }
    #expect(recorder.events.isEmpty)
    bInput.send(value: 10)
    bInput.send(value: 20)
    #expect(recorder.descriptions == ["(1, 10)", "(2, 20)"])
  }

  @Test func completesAtOnceWhenAnInputCompletesWithNothingQueued() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.zip(a, b))
    aInput.send(value: 1)
    bInput.sendCompleted()
    #expect(recorder.descriptions == ["completed"])
  }

  @Test func reduceCombinesEachSetOfThree() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let (c, cInput) = Signal<Int?, Never>.pipe()
    let recorder = TestRecorder(Signal.zip(a, b, c) { a, b, c in a + b + (c ?? 100) })
    aInput.send(value: 1)
    bInput.send(value: 2)
    cInput.send(value: nil)
    aInput.send(value: 1)
    bInput.send(value: 2)
    cInput.send(value: 3)
    #expect(recorder.values == [103, 6])
  }

  @Test func zipsFourInputsAsSignalsAndAsProducers() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<String, Never>.pipe()
    let (c, cInput) = Signal<Int?, Never>.pipe()
    let (d, dInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.zip(a, b, c, d))
    aInput.send(value: 1)
    bInput.send(value: "b")
    cInput.send(value: nil)
    #expect(recorder.events.isEmpty)
    dInput.send(value: 4)
    #expect(recorder.descriptions == [#"(1, "b", nil, 4)"#])
    let producers = SignalProducer.zip(
      SignalProducer<Int, Never>([1, 2]), SignalProducer<String, Never>(["a", "b", "c"]),
      SignalProducer<Int?, Never>([nil, 3]), SignalProducer<Int, Never>([7, 8]))
    #expect(TestRecorder(producers).descriptions == [#"(1, "a", nil, 7)"#, #"(2, "b", Optional(3), 8)"#, "completed"])
  }

  @Test func failsAtOnceAndDropsWhatWasQueued() {
    let (a, aInput) = Signal<Int, TestError>.pipe()
    let (b, bInput) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(Signal.zip(a, b))
    aInput.send(value: 1)
    aInput.send(value: 2)
    bInput.send(error: .boom)
    bInput.send(value: 3)
    #expect(recorder.descriptions == ["failed(boom)"])
  }

  @Test func isInterruptedWhenAnyInputIsInterrupted() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.zip(a, b))
    aInput.send(value: 1)
    bInput.sendInterrupted()
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func disposingTheResultDetachesFromEveryInput() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let calls = Locked(0)
    let recorder = TestRecorder(
      Signal.zip(a, b) { x, y in
        calls.withLock { $0 += 1 }
        return x * y
      })
    aInput.send(value: 2)
    bInput.send(value: 3)
    recorder.disposable?.dispose()
    aInput.send(value: 4)
    bInput.send(value: 5)
    #expect(calls.withLock { $0 } == 1)
    #expect(recorder.values == [6])
  }

  @Test func listFormPairsArraysInListOrder() {
    let (a, aInput) = Signal<Int, Never>.pipe()
    let (b, bInput) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(Signal.zip([a, b]))
    // a:   -1-2---|
    // b:   ---3-4-|
    // zip: ---A-B-|   (A = [1, 3], B = [2, 4])
    aInput.send(value: 1)
    aInput.send(value: 2)
    bInput.send(value: 3)
    bInput.send(value: 4)
    aInput.sendCompleted()
    #expect(recorder.descriptions == ["[1, 3]", "[2, 4]", "completed"])
    withExtendedLifetime(bInput) {}
  }

  @Test func emptyListProducerSendsEmptyArrayThenCompletes() {
    #expect(TestRecorder(SignalProducer.zip([SignalProducer<Int, Never>]())).descriptions == ["[]", "completed"])
  }

  @Test func producersOfDifferentLengthsZipToTheShorter() {
    let numbers = SignalProducer<Int, Never>([1, 2, 3])
    let letters = SignalProducer<String, Never>(["a", "b"])
    let recorder = TestRecorder(SignalProducer.zip(numbers, letters))
    #expect(recorder.descriptions == [#"(1, "a")"#, #"(2, "b")"#, "completed"])
    let lists = TestRecorder(SignalProducer.zip([numbers, numbers.map { $0 * 10 }]))
    #expect(lists.descriptions == ["[1, 10]", "[2, 20]", "[3, 30]", "completed"])
  }

  @Test func producerDisposalInterruptsEveryInput() {
    let a = ProducerProbe<Int, Never>()
    let b = ProducerProbe<Int, Never>()
    let recorder = TestRecorder(a.producer.zipping(with: b.producer))
    a.observer?.send(value: 1)
    recorder.disposable?.dispose()
    #expect((a.starts, b.starts, a.ends, b.ends) == (1, 1, 1, 1))
    #expect(recorder.descriptions == ["interrupted"])
  }
}

@Suite(.watchingThePool) struct ZipStateTests {
  @Test func sendsWhenEveryInputHasAValueQueued() {
    var state = ZipState(inputCount: 2)
    #expect(state.receiveValue(from: 0) == .store)
    #expect(state.receiveValue(from: 0) == .store)
    #expect(state.receiveValue(from: 1) == .storeAndSend(thenComplete: false))
    #expect(state.receiveValue(from: 1) == .storeAndSend(thenComplete: false))
    #expect(state.receiveValue(from: 1) == .store)
  }

  @Test func completesOnceACompletedInputIsDrained() {
    var state = ZipState(inputCount: 2)
    _ = state.receiveValue(from: 0)
    _ = state.receiveValue(from: 0)
    let completesEarly = state.receiveCompletion(from: 0)
    #expect(!completesEarly)
    #expect(state.receiveValue(from: 1) == .storeAndSend(thenComplete: false))
    #expect(state.receiveValue(from: 1) == .storeAndSend(thenComplete: true))
    #expect(state.receiveValue(from: 1) == .ignore)
  }
}
