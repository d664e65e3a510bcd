import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct ScanTests {
  @Test func scanSendsEveryAccumulation() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.scan(0, +))
    for value in [1, 2, 3] { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.descriptions == ["1", "3", "6", "completed"])
  }

  @Test func scanIntoChangesTheResultInPlace() {
    let (signal, input) = Signal<String, Never>.pipe()
    let recorder = TestRecorder(signal.scan(into: "") { $0 += $1 })
    input.send(value: "x")
    input.send(value: "y")
    input.sendCompleted()
    #expect(recorder.descriptions == ["x", "xy", "completed"])
  }

  @Test func scanFailsWhenTheSourceFails() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.scan(10, +))
    input.send(value: 1)
    input.send(error: .boom)
    #expect(recorder.descriptions == ["11", "failed(boom)"])
  }

  @Test func scanIsInterruptedWithTheSourceAndDetachesWhenDisposed() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let interrupted = TestRecorder(signal.scan(0, +))
    let disposed = TestRecorder(signal.scan(0, +))
    #expect(observerCount(signal) == 2)
    disposed.disposable?.dispose()
    #expect(observerCount(signal) == 1)
    input.send(value: 1)
    input.sendInterrupted()
    #expect(interrupted.descriptions == ["1", "interrupted"])
    #expect(disposed.descriptions.isEmpty)
  }

  @Test func reduceSendsOnlyTheFinalResultWhenTheSourceCompletes() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.reduce(0, +))
    for value in [1, 2, 3] { input.send(value: value) }
    #expect(recorder.descriptions.isEmpty)
    input.sendCompleted()
    #expect(recorder.descriptions == ["6", "completed"])
  }

  @Test func reduceSendsTheInitialValueWhenThereWereNoValues() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.reduce(42, +))
    input.sendCompleted()
    #expect(recorder.descriptions == ["42", "completed"])
  }

  @Test func reduceIntoBuildsTheResultInPlace() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.reduce(into: [Int]()) { $0.append($1) })
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    #expect(recorder.events.map(\.value) == [[1, 2], nil])
    #expect(recorder.isCompleted)
  }

  @Test func reduceSendsNothingWhenTheSourceFailsOrIsInterrupted() {
    let (failing, failingInput) = Signal<Int, TestError>.pipe()
    let failed = TestRecorder(failing.reduce(0, +))
    failingInput.send(value: 1)
    failingInput.send(error: .boom)
    #expect(failed.descriptions == ["failed(boom)"])

    let (interrupting, interruptingInput) = Signal<Int, TestError>.pipe()
    let interrupted = TestRecorder(interrupting.reduce(0, +))
    interruptingInput.send(value: 1)
    interruptingInput.sendInterrupted()
    #expect(interrupted.descriptions == ["interrupted"])
  }

  @Test func reduceDetachesFromTheSourceWhenDisposed() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.reduce(0, +))
    recorder.disposable?.dispose()
    #expect(observerCount(signal) == 0)
    input.sendCompleted()
    #expect(recorder.descriptions.isEmpty)
  }

  @Test func producerScanStartsFromTheInitialValueOnEveryStart() {
    let producer = SignalProducer<Int, Never>([1, 2, 3]).scan(0, +)
    #expect(TestRecorder(producer).descriptions == ["1", "3", "6", "completed"])
    #expect(TestRecorder(producer).descriptions == ["1", "3", "6", "completed"])
    let into = SignalProducer<Int, Never>([1, 2]).scan(into: 0) { $0 += $1 }
    #expect(TestRecorder(into).descriptions == ["1", "3", "completed"])
  }

  @Test func producerReduceSendsTheResultOfEachStartAndIsInterruptedByDisposal() {
    let reduced = SignalProducer<Int, Never>([1, 2, 3]).reduce(0, +)
    #expect(TestRecorder(reduced).descriptions == ["6", "completed"])
    #expect(TestRecorder(reduced).descriptions == ["6", "completed"])
    let into = SignalProducer<Int, Never>([1, 2]).reduce(into: 0) { $0 += $1 }
    #expect(TestRecorder(into).descriptions == ["3", "completed"])

    let probe = ProbedProducer<Int, Never>()
    let recorder = TestRecorder(probe.producer.reduce(0, +))
    probe.input.send(value: 1)
    recorder.disposable?.dispose()
    probe.input.sendCompleted()
    #expect(recorder.descriptions == ["interrupted"])
    #expect(probe.ended == 1)
  }
}
