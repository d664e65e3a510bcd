import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct SmokeTests {
  @Test func pipeDeliversMappedAndFilteredValues() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.map { $0 * 10 }.filter { $0 > 10 })
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    #expect(recorder.descriptions == ["20", "completed"])
  }

  @Test func firstAndLastReadProducersSynchronously() throws {
    let producer = SignalProducer<Int, TestError>([1, 2, 3])
    #expect(try producer.first()?.get() == 1)
    #expect(try producer.last()?.get() == 3)
    #expect(SignalProducer<Int, TestError>(value: 7).single().map { try? $0.get() } == 7)
  }
}
