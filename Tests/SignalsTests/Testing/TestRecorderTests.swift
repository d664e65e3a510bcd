import Signals
import SignalsTesting
import Testing

@Suite struct TestRecorderTests {
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

  @Test func aWrongMarbleFailsShowingTheActualDiagram() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.coldProducer("-a-b|"), scheduler: scheduler)
    scheduler.run()
    withKnownIssue {
      recorder.expect(marble: "-a--b|")
    } matching: { issue in
      let text = "\(issue)"
      return text.contains("expected: -a--b|") && text.contains("actual: -a-b|") && text.contains("- 4: b")
        && text.contains("+ 3: b")
    }
  }

  @Test func aWrongTerminalEventFails() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.coldProducer("-a-X", error: TestError.boom), scheduler: scheduler)
    scheduler.run()
    withKnownIssue {
      recorder.expect(marble: "-a-|", error: .boom)
    } matching: {
      "\($0)".contains("actual: -a-X")
    }
    withKnownIssue {
      recorder.expect(marble: "-a-X", error: .other)
    } matching: {
      "\($0)".contains("+ 3: failed(boom)")
    }
  }

  @Test func wrongEventsOrValuesFailWithALineDiff() {
    let recorder = TestRecorder(SignalProducer<Int, Never>(values: 1, 2, 3))
    withKnownIssue {
      recorder.expect(values: [1, 5, 3])
    } matching: { issue in
      "\(issue)".contains("- 5") && "\(issue)".contains("+ 2") && "\(issue)".contains("    1")
    }
    withKnownIssue {
      recorder.expect(events: ["1", "2", "3"])
    } matching: {
      "\($0)".contains("+ completed")
    }
  }

  @Test func valuesMissingFromTheTableAreShownByDescription() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.coldProducer("-a|", values: ["a": 42]), scheduler: scheduler)
    scheduler.run()
    withKnownIssue {
      recorder.expect(marble: "-b|", values: ["b": 1])
    } matching: {
      "\($0)".contains("actual: -«42»|")
    }
  }
}
