import Signals
import Testing

@Suite struct LogEventsTests {
  @Test func logsEveryEventWithTheIdentifierAndForwardsItUnchanged() {
    var lines: [String] = []
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = Recorder(signal.logEvents(identifier: "prices") { lines.append("[\($0)] \($1)") })
    input.send(value: 1)
    input.send(value: 2)
    input.sendCompleted()
    #expect(
      lines == [
        "[prices] value 1", "[prices] value 2", "[prices] completed", "[prices] terminated", "[prices] disposed",
      ])
    #expect(recorder.descriptions == ["1", "2", "completed"])
  }

  @Test func logsOnlyTheSelectedEventsAndTheErrorOfAFailure() {
    var messages: [String] = []
    let (signal, input) = Signal<Int, TestError>.pipe()
    let recorder = Recorder(signal.logEvents(events: [.value, .failed]) { messages.append($1) })
    input.send(value: 1)
    input.send(error: .boom)
    #expect(messages == ["value 1", "failed boom"])
    #expect(recorder.descriptions == ["1", "failed(boom)"])
  }

  @Test func theDefaultIdentifierIsSignalsAndSignalsIgnoreStartEvents() {
    var lines: [String] = []
    let (signal, input) = Signal<Int, Never>.pipe()
    let logged = Recorder(
      signal.logEvents(events: [.starting, .started, .interrupted]) { lines.append("\($0) \($1)") })
    input.sendInterrupted()
    #expect(lines == ["Signals interrupted"])
    #expect(logged.descriptions == ["interrupted"])
  }

  @Test func producerLogsStartingAndStartedAroundEachStart() {
    var messages: [String] = []
    let producer = SignalProducer<Int, Never>([1]).logEvents(identifier: "p") { messages.append($1) }
    #expect(Recorder(producer).descriptions == ["1", "completed"])
    #expect(messages == ["starting", "value 1", "completed", "terminated", "disposed", "started"])
  }

  @Test func disposingALoggedProducerStartLogsTheInterruption() {
    var messages: [String] = []
    let probe = ProbedProducer<Int, Never>()
    let recorder = Recorder(probe.producer.logEvents { messages.append($1) })
    probe.input.send(value: 5)
    recorder.disposable?.dispose()
    #expect(messages == ["starting", "started", "value 5", "interrupted", "terminated", "disposed"])
    #expect(recorder.descriptions == ["5", "interrupted"])
    #expect(probe.ended == 1)
  }

  @Test func everyKindOfEventIsSelectedByDefault() {
    #expect(LogEvent.all.count == LogEvent.allCases.count)
    #expect(LogEvent.all.contains(.disposed) && LogEvent.all.contains(.starting))
  }
}
