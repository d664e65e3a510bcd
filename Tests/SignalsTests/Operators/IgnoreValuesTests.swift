import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct IgnoreValuesTests {
  @Test func dropsEveryValueAndForwardsCompletion() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.ignoreValues())
    input.send(value: 1)
    input.send(value: 2)
    input.send(value: 3)
    #expect(recorder.events.isEmpty)
    input.sendCompleted()
    #expect(recorder.descriptions == ["completed"])
    #expect(observerCount(signal) == 0)
  }

  @Test func forwardsTheSourcesFailure() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.ignoreValues())
    input.send(value: 1)
    input.send(error: .boom)
    #expect(recorder.descriptions == ["failed(boom)"])
  }

  @Test func forwardsTheSourcesInterruption() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.ignoreValues())
    input.send(value: 1)
    input.sendInterrupted()
    #expect(recorder.descriptions == ["interrupted"])
  }

  @Test func disposingDetachesFromTheSource() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.ignoreValues())
    recorder.disposable?.dispose()
    #expect(observerCount(signal) == 0)
    input.sendCompleted()
    #expect(recorder.events.isEmpty)
  }

  @Test func producerSendsOnlyTheEndOfEveryStart() {
    let producer = SignalProducer<Int, TestError>(values: 1, 2, 3).ignoreValues()
    #expect(TestRecorder(producer).descriptions == ["completed"])
    #expect(TestRecorder(producer).descriptions == ["completed"])
    let failing = SignalProducer<Int, TestError> { observer, _ in
      observer.send(value: 1)
      observer.send(error: .boom)
    }
    #expect(TestRecorder(failing.ignoreValues()).descriptions == ["failed(boom)"])
  }
}
