import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

// A client's extension on streams of events, as ReactiveSwift clients write `values()` and `errors()`.
extension Signal where Value: EventProtocol, Failure == Never {
  fileprivate func eventValues() -> Signal<Value.Value, Never> { compactMap { $0.event.value } }
  fileprivate func eventErrors() -> Signal<Value.Failure, Never> { compactMap { $0.event.error } }
}

@Suite(.watchingThePool) struct EventProtocolTests {
  private typealias Event = Signal<Int, TestError>.Event

  @Test func theQueriesTellTheKindOfEvent() {
    let events: [Event] = [.value(1), .failed(.boom), .completed, .interrupted]
    #expect(events.map(\.isCompleted) == [false, false, true, false])
    #expect(events.map(\.isFailed) == [false, true, false, false])
    #expect(events.map(\.isInterrupted) == [false, false, false, true])
    #expect(events.map(\.isTerminating) == [false, true, true, true])
    #expect(events.map(\.value) == [1, nil, nil, nil])
    #expect(events.map(\.error) == [nil, .boom, nil, nil])
  }

  @Test func anEventIsItsOwnEvent() {
    let event = Event.failed(.other)
    #expect(event.event == event)
  }

  @Test func anExtensionConstrainedToEventsAppliesToAMaterializedStream() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let events = signal.materialize()
    let values = TestRecorder(events.eventValues())
    let errors = TestRecorder(events.eventErrors())
    input.send(value: 1)
    input.send(error: .boom)
    values.expect(events: ["1", "completed"])
    errors.expect(events: ["boom", "completed"])
  }

  @Test func dematerializeTakesAnyEventProtocol() {
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = TestRecorder(signal.materialize().dematerialize())
    input.send(value: 1)
    input.send(error: .boom)
    recorder.expect(events: ["1", "failed(boom)"])
    let producer = TestRecorder(SignalProducer<Int, TestError>(values: 1, 2).materialize().dematerialize())
    producer.expect(events: ["1", "2", "completed"])
  }
}
