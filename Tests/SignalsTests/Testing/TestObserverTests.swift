import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

@Suite(.watchingThePool) struct TestObserverTests {
  @Test func keepsEverythingItReceivesAndItsAssertionsPass() {
    let observer = TestObserver<Int, TestError>()
    let (signal, input) = Signal<Int, TestError>.pipe()
    signal.observe(observer.observer)
    observer.assertDidNotEmitValue()
    observer.assertValueCount(0)
    input.send(value: 1)
    input.send(value: 2)
    observer.assertValues([1, 2])
    observer.assertLastValue(2)
    observer.assertDidEmitValue()
    observer.assertDidNotTerminate()
    input.send(error: .boom)
    observer.assertDidFail()
    observer.assertFailed(.boom)
    observer.assertDidTerminate()
    observer.assertDidNotComplete()
    observer.assertDidNotInterrupt()
    #expect(observer.failedError == .boom)
    #expect(observer.lastValue == 2)
  }

  @Test func startsAProducerAndSeesItsCompletionOrInterruption() {
    let completed = TestObserver<String, Never>()
    SignalProducer(value: "a").start(completed.observer)
    completed.assertValues(["a"])
    completed.assertDidComplete()

    let interrupted = TestObserver<String, Never>()
    SignalProducer<String, Never>.never.start(interrupted.observer).dispose()
    interrupted.assertDidInterrupt()
  }

  @Test func aFailedAssertionIsReportedWithWhatWasReceived() async throws {
    let observer = TestObserver<Int, Never>()
    let (signal, input) = Signal<Int, Never>.pipe()
    signal.observe(observer.observer)
    input.send(value: 1)
    let values = try await issues { observer.assertValues([1, 2], "The counter should count.") }
    #expect(values.count == 1)
    #expect(values.first?.contains("The counter should count.") == true, "\(values)")
    #expect(values.first?.contains("[1]") == true, "\(values)")
    #expect(try await issues { observer.assertDidComplete() }.count == 1)
    #expect(try await issues { observer.assertValueCount(2) }.count == 1)
  }

  @Test func itDoesNotKeepItselfAlive() {
    weak var weakObserver: TestObserver<Int, Never>?
    let (signal, input) = Signal<Int, Never>.pipe()
    do {
      let observer = TestObserver<Int, Never>()
      weakObserver = observer
      signal.observe(observer.observer)
    }
    #expect(weakObserver == nil)
    input.send(value: 1)
  }
}
