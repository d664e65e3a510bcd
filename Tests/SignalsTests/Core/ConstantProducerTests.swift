import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// Producers of events known in advance (`value:`, `values:`, an array, `error:`, `result:`, `empty`) start
/// without a signal of their own when started with an observer; these tests pin that they behave exactly like
/// the same producers written with a start closure.
@Suite(.watchingThePool) struct ConstantProducerTests {
  /// The same events, sent from a start closure: the reference the constant producers must match.
  private static func closureProducer(_ events: [Signal<Int, TestError>.Event]) -> SignalProducer<Int, TestError> {
    SignalProducer { observer, _ in
      for event in events { observer.send(event) }
    }
  }

  private static let constants: [(SignalProducer<Int, TestError>, [Signal<Int, TestError>.Event])] = [
    (SignalProducer(value: 1), [.value(1), .completed]),
    (SignalProducer(values: 1, 2, 3), [.value(1), .value(2), .value(3), .completed]),
    (SignalProducer([5, 6]), [.value(5), .value(6), .completed]),
    (SignalProducer(error: .boom), [.failed(.boom)]),
    (SignalProducer(result: .success(4)), [.value(4), .completed]),
    (SignalProducer(result: .failure(.other)), [.failed(.other)]),
    (.empty, [.completed]),
  ]

  @Test func everyConstantProducerSendsWhatTheSameStartClosureWouldSend() {
    for (producer, events) in Self.constants {
      let expected = TestRecorder(Self.closureProducer(events)).descriptions
      #expect(TestRecorder(producer).descriptions == expected)
      #expect(TestRecorder(producer).descriptions == expected, "a second start sends everything again")
    }
  }

  @Test func theStartReturnsADisposableThatHasNothingLeftToInterrupt() {
    for (producer, events) in Self.constants {
      let recorder = TestRecorder(producer)
      #expect(recorder.disposable?.isDisposed == true)
      recorder.disposable?.dispose()
      recorder.disposable?.dispose()
      #expect(recorder.events.count == events.count, "disposing after the end sends no interrupted")
      #expect(!recorder.violatedGrammar)
    }
  }

  @Test func startWithHelpersSeeOnlyTheirEvents() {
    var values: [Int] = []
    var results: [Result<Int, TestError>] = []
    var failures: [TestError] = []
    var completions = 0
    var interruptions = 0
    SignalProducer<Int, TestError>(values: 1, 2).startWithValues { values.append($0) }
    SignalProducer<Int, TestError>(value: 3).startWithResult { results.append($0) }
    SignalProducer<Int, TestError>(error: .boom).startWithResult { results.append($0) }
    SignalProducer<Int, TestError>(error: .other).startWithFailed { failures.append($0) }
    SignalProducer<Int, TestError>(value: 5).startWithCompleted { completions += 1 }
    SignalProducer<Int, TestError>.empty.startWithCompleted { completions += 1 }
    SignalProducer<Int, TestError>(value: 6).startWithInterrupted { interruptions += 1 }.dispose()
    #expect(values == [1, 2])
    #expect(results == [.success(3), .failure(.boom)])
    #expect(failures == [.other])
    #expect(completions == 2)
    #expect(interruptions == 0)
  }

  @Test func startedWithAnObserverItSendsIntoThatObserver() {
    let outer = SignalProducer<Int, Never> { observer, _ in
      SignalProducer<Int, Never>(values: 1, 2).start(observer)
    }
    #expect(TestRecorder(outer).descriptions == ["1", "2", "completed"])
  }

  @Test func anObserverThatStartsTheProducerAgainSeesTheNestedStartInOrder() {
    let producer = SignalProducer<Int, Never>(value: 1)
    var events: [String] = []
    var depth = 0
    producer.start { event in
      events.append("outer \(event)")
      guard depth == 0, event.value != nil else { return }
      depth += 1
      producer.start { events.append("inner \($0)") }
    }
    #expect(events == ["outer value(1)", "inner value(1)", "inner completed", "outer completed"])
  }

  @Test func liftAppliesTheOperatorToEveryStart() {
    let producer = SignalProducer<Int, Never>(values: 1, 2, 3).map { $0 * 10 }.filter { $0 != 20 }
    #expect(TestRecorder(producer).descriptions == ["10", "30", "completed"])
    #expect(TestRecorder(producer).descriptions == ["10", "30", "completed"])
    #expect(TestRecorder(SignalProducer<Int, TestError>(error: .boom).map { $0 + 1 }).descriptions == ["failed(boom)"])
    #expect(TestRecorder(SignalProducer<Int, Never>.empty.map { $0 + 1 }).descriptions == ["completed"])
  }

  @Test func anOperatorThatEndsEarlyStopsTheValues() {
    let producer = SignalProducer<Int, Never>(values: 1, 2, 3).map { $0 }.take(first: 2)
    #expect(TestRecorder(producer).descriptions == ["1", "2", "completed"])
  }

  @Test func startWithSignalLetsSetupSeeEveryEvent() {
    for (producer, events) in Self.constants {
      var recorder: TestRecorder<Int, TestError>?
      producer.startWithSignal { signal, _ in recorder = TestRecorder(signal) }
      #expect(recorder?.descriptions == TestRecorder(Self.closureProducer(events)).descriptions)
    }
  }

  @Test func interruptingBeforeTheStartSendsNothingButInterrupted() {
    for (producer, _) in Self.constants {
      var events: [String] = []
      producer.startWithSignal { signal, interrupter in
        signal.observe { events.append($0.description) }
        interrupter.dispose()
      }
      #expect(events == ["interrupted"])
    }
  }

  @Test func interruptingFromAnObserverStopsTheValues() {
    var events: [String] = []
    SignalProducer<Int, Never>(values: 1, 2, 3, 4).startWithSignal { signal, interrupter in
      signal.observe { event in
        events.append(event.description)
        if event.value == 2 { interrupter.dispose() }
      }
    }
    #expect(events == ["value(1)", "value(2)", "interrupted"])
  }

  @Test func twoProducerLiftRunsBothConstantProducers() {
    let recorder = TestRecorder(
      SignalProducer<Int, Never>(value: 1).lift(SignalProducer<Int, Never>(values: 2, 3)) { _, other in other })
    #expect(recorder.descriptions == ["2", "3", "completed"])
  }

  @Test func mergeOfConstantProducersSendsEveryValue() {
    let merged = SignalProducer.merge(SignalProducer<Int, Never>(values: 1, 2), SignalProducer(value: 3), .empty)
    #expect(TestRecorder(merged).descriptions == ["1", "2", "3", "completed"])
  }
}
