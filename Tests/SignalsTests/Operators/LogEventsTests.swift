import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct LogEventsTests {
  @Test func logsEveryEventWithTheIdentifierAndForwardsItUnchanged() {
    var lines: [String] = []
    let (signal, input) = Signal<Int, Never>.pipe()
    let recorder = TestRecorder(signal.logEvents(identifier: "prices") { lines.append("[\($0)] \($1)") })
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
    let recorder = TestRecorder(signal.logEvents(events: [.value, .failed]) { messages.append($1) })
    input.send(value: 1)
    input.send(error: .boom)
    #expect(messages == ["value 1", "failed boom"])
    #expect(recorder.descriptions == ["1", "failed(boom)"])
  }

  @Test func theDefaultIdentifierIsSignalsAndSignalsIgnoreStartEvents() {
    var lines: [String] = []
    let (signal, input) = Signal<Int, Never>.pipe()
    let logged = TestRecorder(
      signal.logEvents(events: [.starting, .started, .interrupted]) { lines.append("\($0) \($1)") })
    input.sendInterrupted()
    #expect(lines == ["Signals interrupted"])
    #expect(logged.descriptions == ["interrupted"])
  }

  @Test func producerLogsStartingAndStartedAroundEachStart() {
    let messages = Box<[String]>([])
    let producer = SignalProducer<Int, Never>([1]).logEvents(identifier: "p") { messages.value.append($1) }
    #expect(TestRecorder(producer).descriptions == ["1", "completed"])
    #expect(messages.value == ["starting", "value 1", "completed", "terminated", "disposed", "started"])
  }

  @Test func disposingALoggedProducerStartLogsTheInterruption() {
    let messages = Box<[String]>([])
    let probe = ProbedProducer<Int, Never>()
    let recorder = TestRecorder(probe.producer.logEvents { messages.value.append($1) })
    probe.input.send(value: 5)
    recorder.disposable?.dispose()
    #expect(messages.value == ["starting", "started", "value 5", "interrupted", "terminated", "disposed"])
    #expect(recorder.descriptions == ["5", "interrupted"])
    #expect(probe.ended == 1)
  }

  @Test func everyKindOfEventIsSelectedByDefault() {
    #expect(LogEvent.all.count == LogEvent.allCases.count)
    #expect(LogEvent.all.contains(.disposed) && LogEvent.all.contains(.starting))
  }
}

@Suite(.watchingThePool) struct LogEventsOutputTests {
  @Test func textIsQuotedSoThatAnEmptyStringIsVisible() {
    var messages: [String] = []
    let (signal, input) = Signal<String, Never>.pipe()
    let recorder = TestRecorder(signal.logEvents(events: [.value]) { messages.append($1) })
    input.send(value: "")
    input.send(value: "Ann")
    #expect(messages == [#"value """#, #"value "Ann""#])
    #expect(recorder.descriptions == ["", "Ann"])
    #expect(LogEvent.describe(3) == "3")
    #expect(LogEvent.describe(Optional("a") as Any) == #""a""# && LogEvent.describe(Int?.none as Any) == "nil")
    #expect(LogEvent.describe(Optional(3) as Any) == "3")
  }

  @Test func aPropertyLogsItsCurrentValueEachChangeAndItsEnd() {
    var messages: [String] = []
    var name: MutableProperty<String>? = MutableProperty("")
    let logged = name!.logEvents(identifier: "name") { messages.append("[\($0)] \($1)") }
    #expect(logged.value == "")
    name!.value = "Ann"
    #expect(logged.value == "Ann")
    name = nil
    #expect(
      messages == [
        "[name] starting", #"[name] value """#, "[name] started", #"[name] value "Ann""#, "[name] completed",
        "[name] terminated", "[name] disposed",
      ])
  }

  @Test func aLoggedPropertyIsShownInTheGraphDumpWithTheLineThatMadeIt() {
    let name = MutableProperty("Ann").named("name")
    let line = #line + 1
    let logged = name.logEvents(identifier: "name") { _, _ in }
    let dump = PropertyGraphDump(["logged": logged]).description
    #expect(dump.contains("LogEventsTests.swift:\(line)"), "\(dump)")
  }

  @Test func theDefaultLoggerWritesEachLineToStandardErrorWithTheCallSite() throws {
    let run = try #require(try GraphProbe.run("logEvents"))
    #expect(run.exitedNormally)
    #expect(
      run.errors == [#"[name] value "" (main.swift:86)"#, #"[name] value "Ann" (main.swift:86)"#])
  }

  @Test func linesLoggedBeforeACrashSurviveIt() throws {
    let run = try #require(try GraphProbe.run("logEventsThenCrash"))
    #expect(!run.exitedNormally)
    #expect(
      run.errors.prefix(3) == [
        "[count] value 0 (main.swift:92)", "[count] value 1 (main.swift:92)", "[count] value 2 (main.swift:92)",
      ])
  }
}

@Suite(.watchingThePool) struct ObserverCountTests {
  @Test func aSignalCountsItsObserversUntilEachIsDisposed() {
    let (signal, input) = Signal<Int, Never>.pipe()
    #expect(signal.observerCount == 0)
    let first = signal.observeValues { _ in }
    let mapped = signal.map { $0 + 1 }
    let second = mapped.observeValues { _ in }
    #expect(signal.observerCount == 2)
    first?.dispose()
    #expect(signal.observerCount == 1)
    second?.dispose()
    input.sendCompleted()
    #expect(signal.observerCount == 0)
  }

  @Test func aPropertyCountsObserversAndBindingsButNotPropertiesComputedFromIt() {
    let name = MutableProperty("")
    let label = MutableProperty("")
    let upper = name.map { $0.uppercased() }
    #expect(name.observerCount == 0)
    let observer = name.producer.startWithValues { _ in }
    label <~ name
    #expect(name.observerCount == 2)
    observer.dispose()
    #expect(name.observerCount == 1)
    #expect(upper.observerCount == 0)
  }
}
