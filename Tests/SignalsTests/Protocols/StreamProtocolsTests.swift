import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

// An operator layer written once, as ReactiveSwift clients write theirs on SignalProtocol and
// SignalProducerProtocol.
extension SignalProtocol where Value == String {
  fileprivate func nonEmpty() -> Signal<String, Failure> { signal.filter { !$0.isEmpty } }
}

extension SignalProducerProtocol where Value == String {
  fileprivate func nonEmpty() -> SignalProducer<String, Failure> { producer.filter { !$0.isEmpty } }
}

/// Starts any producer-convertible stream and records it.
private func record<Stream: SignalProducerConvertible>(_ stream: Stream) -> TestRecorder<Stream.Value, Stream.Failure> {
  TestRecorder(stream.producer)
}

@Suite(.watchingThePool) struct StreamProtocolsTests {
  @Test func aSignalIsItsOwnSignalAndAnExtensionOnTheProtocolAppliesToIt() {
    let (signal, input) = Signal<String, Never>.pipe()
    #expect(signal.signal === signal)
    let recorder = TestRecorder(signal.nonEmpty())
    input.send(value: "")
    input.send(value: "a")
    recorder.expect(values: ["a"])
  }

  @Test func aProducerIsItsOwnProducerAndAnExtensionOnTheProtocolAppliesToIt() {
    let recorder = TestRecorder(SignalProducer<String, Never>(["", "b"]).nonEmpty())
    recorder.expect(events: ["b", "completed"])
  }

  @Test func aSignalsProducerObservesItFromEachStart() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    input.send(value: 1)
    let recorder = record(signal)
    input.send(value: 2)
    recorder.dispose()
    input.send(value: 3)
    recorder.expect(events: ["2", "interrupted"])
    #expect(observerCount(signal) == 0)
  }
}
