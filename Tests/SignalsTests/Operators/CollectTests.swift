import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct CollectTests {
  @Test func collectSendsEveryValueInOneArrayOnCompletion() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.collect())
    for value in [1, 2, 3] { input.send(value: value) }
    #expect(recorder.events.isEmpty)
    input.sendCompleted()
    #expect(recorder.descriptions == ["[1, 2, 3]", "completed"])
  }

  @Test func collectSendsAnEmptyArrayWhenThereWereNoValues() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.collect())
    input.sendCompleted()
    #expect(recorder.descriptions == ["[]", "completed"])
  }

  @Test func collectDropsTheValuesWhenTheSourceFailsOrIsInterrupted() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let failed = TestRecorder(signal.collect())
    input.send(value: 1)
    input.send(error: .boom)
    #expect(failed.descriptions == ["failed(boom)"])

    let (other, otherInput) = Signal<Int, TestError>.pipe()
    let interrupted = TestRecorder(other.collect())
    otherInput.send(value: 1)
    otherInput.sendInterrupted()
    #expect(interrupted.descriptions == ["interrupted"])
  }

  @Test func collectCountSendsFullArraysThenTheRemainder() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.collect(count: 2))
    input.send(value: 1)
    #expect(recorder.events.isEmpty)
    input.send(value: 2)
    #expect(recorder.descriptions == ["[1, 2]"])
    for value in [3, 4, 5] { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.descriptions == ["[1, 2]", "[3, 4]", "[5]", "completed"])
  }

  @Test func collectCountSendsNoEmptyRemainder() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.collect(count: 2))
    for value in [1, 2] { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.descriptions == ["[1, 2]", "completed"])
  }

  @Test func collectCountDropsThePartialArrayWhenTheSourceFails() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.collect(count: 2))
    for value in [1, 2, 3] { input.send(value: value) }
    input.send(error: .boom)
    #expect(recorder.descriptions == ["[1, 2]", "failed(boom)"])
  }

  @Test func disposingTheResultDetachesFromTheSource() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let all = TestRecorder(signal.collect())
    let chunks = TestRecorder(signal.collect(count: 1))
    #expect(observerCount(signal) == 2)
    all.disposable?.dispose()
    chunks.disposable?.dispose()
    #expect(observerCount(signal) == 0)
    input.send(value: 1)
    input.sendCompleted()
    #expect(all.events.isEmpty && chunks.events.isEmpty)
  }

  @Test func producerFormsCollectEachStartSeparately() {
    let producer = SignalProducer<Int, Never>([1, 2, 3])
    #expect(TestRecorder(producer.collect()).descriptions == ["[1, 2, 3]", "completed"])
    let chunked = producer.collect(count: 2)
    #expect(TestRecorder(chunked).descriptions == ["[1, 2]", "[3]", "completed"])
    #expect(TestRecorder(chunked).descriptions == ["[1, 2]", "[3]", "completed"])

    let probe = ProbedProducer<Int, Never>()
    let recorder = TestRecorder(probe.producer.collect())
    probe.input.send(value: 1)
    recorder.disposable?.dispose()
    #expect(recorder.descriptions == ["interrupted"])
    #expect(probe.ended == 1)
  }
}
