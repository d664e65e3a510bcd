import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct PrefixTests {
  @Test func sendsTheValueFirstThenTheProducer() {
    let recorder = TestRecorder(SignalProducer<Int, Never>([1, 2]).prefix(value: 0))
    #expect(recorder.descriptions == ["0", "1", "2", "completed"])
  }

  @Test func failsWithTheProducer() {
    let recorder = TestRecorder(SignalProducer<Int, TestError>(error: .boom).prefix(value: 0))
    #expect(recorder.descriptions == ["0", "failed(boom)"])
  }

  @Test func doesNotStartTheProducerWhenDisposedDuringThePrefix() {
    let started = Box(false)
    let producer = SignalProducer<Int, Never> { observer, _ in
      started.value = true
      observer.sendCompleted()
    }.prefix(value: 0)
    var received: [String] = []
    producer.startWithSignal { signal, interrupter in
      signal.observe { event in
        received.append(event.description)
        if case .value = event { interrupter.dispose() }
      }
    }
    #expect(received == ["value(0)", "interrupted"])
    #expect(!started.value)
  }

  @Test func disposalInterruptsTheProducer() {
    let ended = Box(false)
    let producer = SignalProducer<Int, Never> { observer, lifetime in
      lifetime.observeEnded { ended.value = true }
      lifetime.observeEnded { _ = observer }
    }.prefix(value: 0)
    let recorder = TestRecorder(producer)
    recorder.disposable?.dispose()
    #expect(recorder.descriptions == ["0", "interrupted"])
    #expect(ended.value)
  }
}
