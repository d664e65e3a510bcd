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

  @Test func assertValueChecksThatExactlyOneValueWasReceivedAndIsTheOneExpected() async throws {
    let observer = TestObserver<String?, Never>()
    let (signal, input) = Signal<String?, Never>.pipe()
    signal.observe(observer.observer)
    let none = try await issues { observer.assertValue("a") }
    #expect(none.count == 2, "neither one value nor the value: \(none)")
    #expect(none.first?.contains("A single value should have been emitted.") == true, "\(none)")

    input.send(value: "a")
    observer.assertValue("a")
    let wrong = try await issues { observer.assertValue("b", "The title should be b.") }
    #expect(wrong.count == 1)
    #expect(wrong.first?.contains("The title should be b.") == true, "\(wrong)")

    input.send(value: nil)
    let two = try await issues { observer.assertValue(nil) }
    #expect(two.count == 1, "the last value is nil, but there are two: \(two)")
    #expect(two.first?.contains("A single value should have been emitted.") == true, "\(two)")
  }

  @Test func assertFailedTakesReactiveExtensionsMessageLabel() async throws {
    let observer = TestObserver<Int, TestError>()
    let (signal, input) = Signal<Int, TestError>.pipe()
    signal.observe(observer.observer)
    let notYet = try await issues { observer.assertFailed(.boom, message: "It should fail offline.") }
    #expect(notYet.count == 1)
    #expect(notYet.first?.contains("It should fail offline.") == true, "\(notYet)")
    #expect(notYet.first?.contains("failed(boom)") == true, "\(notYet)")

    input.send(error: .boom)
    observer.assertFailed(.boom, message: "It should fail offline.")
    observer.assertFailed(.boom)
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
