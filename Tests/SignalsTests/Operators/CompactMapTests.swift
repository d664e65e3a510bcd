import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct CompactMapTests {
  @Test func forwardsTheNonNilResults() {
    let (signal, input) = Signal<String, Never>.pipe()
    let recorder = TestRecorder(signal.compactMap { Int($0) })
    for text in ["1", "x", "3"] { input.send(value: text) }
    input.sendCompleted()
    #expect(recorder.descriptions == ["1", "3", "completed"])
  }

  @Test func failsWhenTheSourceFails() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.compactMap { $0 > 1 ? $0 : nil })
    input.send(value: 1)
    input.send(value: 2)
    input.send(error: .boom)
    input.send(value: 3)
    #expect(recorder.descriptions == ["2", "failed(boom)"])
    #expect(!recorder.violatedGrammar)
  }

  @Test func isInterruptedWhenTheSourceIsInterrupted() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.compactMap { $0 })
    input.sendInterrupted()
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func disposingTheResultDetachesFromTheSource() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var calls = 0
    let recorder = TestRecorder(
      signal.compactMap { value -> Int? in
        calls += 1
        return value
      })
    #expect(observerCount(signal) == 1)
    recorder.disposable?.dispose()
    #expect(observerCount(signal) == 0)
    input.send(value: 1)
    #expect(calls == 0)
    #expect(recorder.descriptions.isEmpty)
  }

  @Test func skipNilUnwrapsAndDropsNil() {
    let (signal, input) = Signal<Int?, TestError>.pipe()
    let recorder = TestRecorder(signal.skipNil())
    input.send(value: 1)
    input.send(value: nil)
    input.send(value: 3)
    input.send(error: .other)
    #expect(recorder.descriptions == ["1", "3", "failed(other)"])
  }

  @Test func producerFormsApplyToEveryStart() {
    let producer = SignalProducer<String, Never>(["1", "x", "3"]).compactMap { Int($0) }
    #expect(TestRecorder(producer).descriptions == ["1", "3", "completed"])
    #expect(TestRecorder(producer).descriptions == ["1", "3", "completed"])
    let optionals = SignalProducer<Int?, Never>([nil, 2, nil]).skipNil()
    #expect(TestRecorder(optionals).descriptions == ["2", "completed"])
  }

  @Test func disposingAProducerStartInterruptsTheSource() {
    let probe = ProbedProducer<Int, Never>()
    let recorder = TestRecorder(probe.producer.compactMap { $0 })
    probe.input.send(value: 4)
    recorder.disposable?.dispose()
    probe.input.send(value: 5)
    #expect(recorder.descriptions == ["4", "interrupted"])
    #expect(probe.ended == 1)
  }
}
