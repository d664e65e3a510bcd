import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

@Suite(.watchingThePool) struct MarbleTests {
  @Test func parsesValuesTerminalsGroupsAndIgnoresSpaces() {
    let entries = Marble.parse("-a-(bc)- |", values: ["a": 1, "b": 2, "c": 3], error: TestError.boom)
    #expect(entries.map(\.tick) == [1, 3, 3, 5])
    #expect(entries.map { $0.event.value } == [1, 2, 3, nil])
    #expect(entries.last?.event.isTerminating == true)
  }

  @Test func parsesFailureAndInterruption() {
    let failed = Marble.parse("--X", values: [Character: Int](), error: TestError.boom)
    #expect(failed.count == 1)
    #expect(failed[0].tick == 2)
    #expect(failed[0].event.error == .boom)
    let interrupted = Marble.parse("!", values: [Character: Int](), error: TestError?.none)
    #expect(interrupted.map(\.event.description) == ["interrupted"])
  }

  @Test func rendersWhatItParses() {
    for diagram in ["-a-(bc)-|", "a|", "--X", "(a!)", "", "---a"] {
      let entries = Marble.parse(diagram, values: ["a": "a", "b": "b", "c": "c"], error: TestError.boom)
      #expect(Marble.render(entries, symbol: { $0 }) == diagram)
    }
  }

  @Test(arguments: [
    ("-a-(b", "'(' without ')'"), ("-z-", "no value for 'z'"), ("|a", "after a terminal event"),
    ("a)", "')' without '('"), ("(a(b)", "nested group"), ("-X", "'X' needs an error"),
  ])
  func malformedDiagramsRecordIssues(diagram: String, problem: String) async throws {
    let reported = try await issues { _ = Marble.parse(diagram, values: ["a": 1, "b": 2], error: TestError?.none) }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("Marble \"\(diagram)\": ") == true, "\(reported)")
    #expect(reported.first?.contains(problem) == true, "\(reported)")
  }

  @Test func hotSignalsSendAtAbsoluteTicksAndStayAliveWithoutTerminal() {
    let scheduler = TestScheduler()
    let signal = scheduler.hotSignal("-a--b")
    scheduler.advance(ticks: 2)
    let late = TestRecorder(signal, scheduler: scheduler)
    scheduler.advance(ticks: 10)
    late.expect(marble: "----b")
    #expect(!late.isTerminated)
  }

  @Test func coldProducersStartTheirDiagramAtEachStart() {
    let scheduler = TestScheduler()
    let producer = scheduler.coldProducer("-a|")
    let first = TestRecorder(producer, scheduler: scheduler)
    scheduler.advance(ticks: 3)
    let second = TestRecorder(producer, scheduler: scheduler)
    scheduler.run()
    first.expect(marble: "-a|")
    second.expect(marble: "----a|")
  }

  @Test func disposingAColdStartCancelsItsScheduledEvents() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.coldProducer("-a-b-|"), scheduler: scheduler)
    scheduler.advance(ticks: 2)
    recorder.dispose()
    #expect(scheduler.scheduledCount == 0)
    scheduler.run()
    recorder.expect(marble: "-a(!)")
  }

  @Test func failingSourcesFailWithTheirError() {
    let scheduler = TestScheduler()
    let recorder = TestRecorder(scheduler.coldProducer("-a-X", error: TestError.boom), scheduler: scheduler)
    scheduler.run()
    recorder.expect(marble: "-a-X", error: .boom)
    recorder.expect(events: ["a", "failed(boom)"])
  }
}
