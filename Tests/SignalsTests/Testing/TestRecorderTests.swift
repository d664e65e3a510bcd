import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct TestRecorderTests {
  @Test func recordsSignalProducerAndPropertyEvents() {
    let (signal, input) = Signal<Int, Never>.pipe()
    let fromSignal = TestRecorder(signal)
    input.send(value: 1)
    input.sendCompleted()
    fromSignal.expect(events: ["1", "completed"])
    fromSignal.expect(values: [1])

    TestRecorder(SignalProducer<Int, Never>(values: 1, 2)).expect(events: ["1", "2", "completed"])

    let property = MutableProperty(1)
    let fromProperty = TestRecorder(property)
    property.value = 2
    fromProperty.expect(values: [1, 2])
  }

  @Test func stampsEventsWithVirtualTime() {
    let scheduler = TestScheduler(tick: .milliseconds(100))
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal, scheduler: scheduler)
    scheduler.advance(by: .milliseconds(250))
    input.send(value: 7)
    #expect(recorder.timedEvents.map(\.time) == [.zero.advanced(by: .milliseconds(250))])
    #expect(recorder.marble() == "--7")
    recorder.expect(marble: "--a", values: ["a": 7])
  }

  @Test func aWrongMarbleFailsShowingTheActualDiagram() async throws {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.coldProducer("-a-b|"), scheduler: scheduler)
    scheduler.run()
    let reported = try await issues { recorder.expect(marble: "-a--b|") }
    try #require(reported.count == 1)
    #expect(reported[0].contains("expected: -a--b|"))
    #expect(reported[0].contains("actual: -a-b|"))
    #expect(reported[0].contains("- 4: b"))
    #expect(reported[0].contains("+ 3: b"))
  }

  @Test func aWrongTerminalEventFails() async throws {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.coldProducer("-a-X", error: TestError.boom), scheduler: scheduler)
    scheduler.run()
    let completed = try await issues { recorder.expect(marble: "-a-|", error: .boom) }
    #expect(completed.count == 1)
    #expect(completed.first?.contains("actual: -a-X") == true)
    let otherError = try await issues { recorder.expect(marble: "-a-X", error: .other) }
    #expect(otherError.count == 1)
    #expect(otherError.first?.contains("+ 3: failed(boom)") == true)
  }

  @Test func wrongEventsOrValuesFailWithALineDiff() async throws {
    let recorder = TestRecorder(SignalProducer<Int, Never>(values: 1, 2, 3))
    let values = try await issues { recorder.expect(values: [1, 5, 3]) }
    try #require(values.count == 1)
    #expect(values[0].contains("- 5"))
    #expect(values[0].contains("+ 2"))
    #expect(values[0].contains("    1"))
    let events = try await issues { recorder.expect(events: ["1", "2", "3"]) }
    #expect(events.count == 1)
    #expect(events.first?.contains("+ completed") == true)
  }

  @Test func rightExpectationsRecordNothing() async throws {
    let recorder = TestRecorder(SignalProducer<Int, Never>(values: 1, 2, 3))
    let reported = try await issues {
      recorder.expect(values: [1, 2, 3])
      recorder.expect(events: ["1", "2", "3", "completed"])
    }
    #expect(reported.isEmpty)
  }

  @Test func valuesMissingFromTheTableAreShownByDescription() async throws {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.coldProducer("-a|", values: ["a": 42]), scheduler: scheduler)
    scheduler.run()
    let reported = try await issues { recorder.expect(marble: "-b|", values: ["b": 1]) }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("actual: -«42»|") == true)
  }

  @Test func readsHowTheStreamEnded() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let failing = TestRecorder(signal)
    input.send(value: 1)
    #expect(!failing.isFailed && !failing.isCompleted && !failing.isInterrupted)
    #expect(failing.error == nil)
    input.send(error: .boom)
    #expect(failing.isFailed && !failing.isCompleted && !failing.isInterrupted)
    #expect(failing.error == .boom)

    let completing = TestRecorder(SignalProducer<Int, TestError>(values: 1))
    #expect(completing.isCompleted && !completing.isFailed && !completing.isInterrupted)
    #expect(completing.error == nil)

    let interrupted = TestRecorder(SignalProducer<Int, TestError>.never)
    interrupted.dispose()
    #expect(interrupted.isInterrupted && !interrupted.isCompleted && !interrupted.isFailed)
  }

  @Test func notesAnEventRecordedAfterATerminalOneWithoutFailing() async throws {
    let recorder = TestRecorder<Int, TestError>()
    let reported = try await issues {
      recorder.record(.value(1))
      recorder.record(.completed)
    }
    #expect(reported.isEmpty)
    #expect(!recorder.violatedGrammar)
    let late = try await issues {
      recorder.record(.value(2))
      recorder.record(.failed(.other))
    }
    #expect(late.isEmpty)
    #expect(recorder.violatedGrammar)
    #expect(recorder.descriptions == ["1", "completed", "2", "failed(other)"])
    #expect(recorder.error == .other)
    #expect(recorder.isTerminated)

    let terminalOnly = TestRecorder<Int, TestError>()
    terminalOnly.record(.interrupted)
    #expect(!terminalOnly.violatedGrammar)
    terminalOnly.record(.interrupted)
    #expect(terminalOnly.violatedGrammar)
  }
}
