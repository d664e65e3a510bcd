import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct FilterTests {
  @Test func letsThroughOnlyIncludedValues() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.filter { $0.isMultiple(of: 2) })
    for value in 1...4 { input.send(value: value) }
    input.sendCompleted()
    #expect(recorder.descriptions == ["2", "4", "completed"])
  }

  @Test func failsWithTheSourcesError() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.filter { _ in false })
    input.send(value: 1)
    input.send(error: .other)
    #expect(recorder.descriptions == ["failed(other)"])
  }

  @Test func forwardsInterruptionAndDetachesOnDisposal() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var calls = 0
    let filtered = signal.filter { _ in
      calls += 1
      return true
    }
    let recorder = TestRecorder(filtered)
    input.send(value: 1)
    recorder.disposable?.dispose()
    input.send(value: 2)
    #expect(recorder.values == [1])
    #expect(calls == 2)  // the result is still held: it keeps filtering, but delivers to nobody

    let (other, otherInput) = Signal<Int, Never>.pipe()
    let interrupted = TestRecorder(other.filter { _ in true })
    otherInput.sendInterrupted()
    #expect(interrupted.descriptions == ["interrupted"])
  }

  @Test func producerForm() {
    let producer = SignalProducer<Int, Never>([1, 2, 3, 4]).filter { $0 > 2 }
    #expect(TestRecorder(producer).descriptions == ["3", "4", "completed"])
  }
}
