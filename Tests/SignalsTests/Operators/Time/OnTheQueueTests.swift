import Dispatch
import Signals
import SignalsTestSupport
import Testing

/// The rule of `Docs/Contracts.md` §12 on a real `QueueScheduler`: every event, the failure and the
/// interruption included, arrives on the scheduler's queue, in the documented order.
@Suite(.watchingThePool, .onItsOwnThread) struct OnTheQueueTests {
  /// Records each event with whether it arrived on the scheduler's queue.
  private final class QueueProbe: @unchecked Sendable {
    let scheduler = QueueScheduler(name: "on-the-queue")
    private let key = DispatchSpecificKey<Int>()
    let events = LockedList<(description: String, onQueue: Bool, isEnd: Bool)>()

    init() {
      scheduler.queue.setSpecific(key: key, value: 1)
    }

    func observe(_ timed: TimedOperator, _ signal: Signal<Int, TestError>) {
      timed.apply(signal, on: scheduler, interval: .milliseconds(30)).observe { event in
        let onQueue = DispatchQueue.getSpecific(key: self.key) == 1
        self.events.append((event.value.map { "\($0)" } ?? "\(event)", onQueue, event.isTerminating))
      }
    }

    func waitForTheEnd() -> [String] {
      _ = eventually { events.values.last?.isEnd ?? false }
      return events.values.map(\.description)
    }

    var everyEventArrivedOnTheQueue: Bool { events.values.allSatisfy { $0.onQueue } }
  }

  @Test(arguments: TimedOperator.allCases)
  func aFailureArrivesOnTheQueueAfterTheValuesDueByThen(_ timed: TimedOperator) {
    let probe = QueueProbe()
    let (signal, input) = Signal<Int, TestError>.pipe()
    probe.observe(timed, signal)
    input.send(value: 7)
    input.send(error: .boom)
    let expected = timed.valueBeforeAFailureSurvives ? ["7", "failed(boom)"] : ["failed(boom)"]
    #expect(probe.waitForTheEnd() == expected)
    #expect(probe.everyEventArrivedOnTheQueue)
  }

  @Test(arguments: TimedOperator.allCases)
  func anInterruptionArrivesOnTheQueue(_ timed: TimedOperator) {
    let probe = QueueProbe()
    var pipe: (output: Signal<Int, TestError>, input: Signal<Int, TestError>.Observer)? = Signal.pipe()
    probe.observe(timed, pipe!.output)
    pipe = nil  // releasing the input interrupts the source
    #expect(probe.waitForTheEnd() == ["interrupted"])
    #expect(probe.everyEventArrivedOnTheQueue)
  }

  @Test(arguments: TimedOperator.allCases)
  func valuesAndTheCompletionArriveOnTheQueueInOrder(_ timed: TimedOperator) {
    let probe = QueueProbe()
    let (signal, input) = Signal<Int, TestError>.pipe()
    probe.observe(timed, signal)
    input.send(value: 1)
    input.sendCompleted()
    #expect(probe.waitForTheEnd() == ["1", "completed"])
    #expect(probe.everyEventArrivedOnTheQueue)
  }
}
