import SignalsTestSupport
import Testing

@testable import Signals

/// The state machines of the time operators, driven by hand: no scheduler, no thread. `at(n)` is tick `n`.
@Suite(.watchingThePool) struct TimedMachineTests {
  private typealias Event = Signal<String, TestError>.Event

  private func at(_ tick: Int) -> SchedulerInstant { SchedulerInstant(sinceOrigin: .seconds(tick)) }

  /// What a wake at `tick` sends, described.
  private func wake<Machine: TimedMachine>(_ machine: inout Machine, at tick: Int) -> [String]
  where Machine.Failure == TestError {
    var outbox = PendingQueue<Signal<Machine.Output, TestError>.Event>()
    machine.wake(at: at(tick), into: &outbox)
    return outbox.removeAll().map { $0.value.map { "\($0)" } ?? "\($0)" }
  }

  @Test func delaySendsEachValueAtItsOwnWakeAndAFailureAfterWhatWasDue() {
    var machine = DelayMachine<String, TestError>(interval: .seconds(2))
    #expect(machine.receive(.value("a"), at: at(1)) == at(3))
    #expect(machine.receive(.value("b"), at: at(1)) == at(3))
    #expect(machine.receive(.value("c"), at: at(2)) == at(4))
    #expect(wake(&machine, at: 3) == ["a"], "each wake sends the event that asked for it")
    #expect(machine.receive(.failed(.boom), at: at(3)) == at(3), "a failure only hops")
    #expect(wake(&machine, at: 3) == ["b", "failed(boom)"], "b was due by then; c was not")
    #expect(wake(&machine, at: 4).isEmpty)
  }

  @Test func delayOfZeroSendsTheValueBeforeTheFailureThatFollowsIt() {
    var machine = DelayMachine<String, TestError>(interval: .zero)
    _ = machine.receive(.value("a"), at: at(1))
    _ = machine.receive(.failed(.boom), at: at(1))
    #expect(wake(&machine, at: 1) == ["a", "failed(boom)"])
  }

  @Test func debounceSendsAWaitingValueAtCompletionButDropsItAtFailure() {
    var completing = DebounceMachine<String, TestError>(interval: .seconds(2))
    #expect(completing.receive(.value("a"), at: at(1)) == at(3))
    #expect(completing.receive(.completed, at: at(2)) == at(2))
    #expect(wake(&completing, at: 2) == ["a", "completed"])

    var failing = DebounceMachine<String, TestError>(interval: .seconds(2))
    _ = failing.receive(.value("a"), at: at(1))
    _ = failing.receive(.failed(.boom), at: at(2))
    #expect(wake(&failing, at: 2) == ["failed(boom)"])
  }

  @Test func debounceSendsAValueWhoseQuietRanOutAsTheFailureArrived() {
    var machine = DebounceMachine<String, TestError>(interval: .seconds(2))
    _ = machine.receive(.value("a"), at: at(1))
    _ = machine.receive(.failed(.boom), at: at(3))
    #expect(wake(&machine, at: 3) == ["a", "failed(boom)"])
  }

  @Test func throttleQueuesALeadingValueThatALaterOneCannotReplace() {
    var machine = ThrottleMachine<String, TestError>(interval: .seconds(3))
    #expect(machine.receive(.value("a"), at: at(1)) == at(1), "leading: due at once")
    #expect(machine.receive(.value("b"), at: at(1)) == at(4), "trailing: the slot after a")
    #expect(machine.receive(.value("c"), at: at(2)) == nil, "replaces b, rides on its wake")
    #expect(wake(&machine, at: 1) == ["a"])
    #expect(wake(&machine, at: 4) == ["c"])
    #expect(machine.receive(.value("d"), at: at(5)) == at(7))
    _ = machine.receive(.failed(.boom), at: at(6))
    #expect(wake(&machine, at: 6) == ["failed(boom)"], "d waited for a later slot")
  }

  @Test func collectEveryCountsIntervalsFromTheStartAndKeepsNoTimerWhenIdle() {
    var machine = CollectEveryMachine<String, TestError>(interval: .seconds(3), start: at(1))
    #expect(machine.receive(.value("a"), at: at(2)) == at(4))
    #expect(machine.receive(.value("b"), at: at(4)) == nil, "the end of an interval belongs to it")
    #expect(wake(&machine, at: 4) == ["[\"a\", \"b\"]"])
    #expect(machine.receive(.value("c"), at: at(9)) == at(10))
    #expect(machine.receive(.completed, at: at(9)) == at(9))
    #expect(wake(&machine, at: 9) == ["[\"c\"]", "completed"])
  }

  @Test func timeoutSendsWhatArrivedByTheDeadlineThenFails() {
    var machine = TimeoutMachine<String, TestError>(deadline: at(3), error: .other)
    #expect(machine.firstWake == at(3))
    #expect(machine.receive(.value("a"), at: at(1)) == at(1))
    #expect(wake(&machine, at: 1) == ["a"])
    _ = machine.receive(.value("b"), at: at(3))
    #expect(wake(&machine, at: 3) == ["b", "failed(other)"], "b arrived at the deadline: in time")
    #expect(machine.receive(.value("c"), at: at(4)) == nil)
  }
}
