import Observation
import SignalsTestSupport
import SignalsTesting
import Testing

@testable import Signals

/// What whoever is told of a command's state reads of it (Contracts §13, "State" and "What an observer
/// reads"): `isExecuting` and `isEnabled` change as one, so an observer of either, an Observation `onChange`,
/// or a property derived from both never sees a state the command cannot be in.
@Suite(.watchingThePool) struct CommandStateTests {
  /// What one observer was told, and what it read of the command at that moment.
  struct Seen: Equatable, CustomStringConvertible {
    let told: String
    let executing: Bool
    let enabled: Bool

    init(_ told: String, _ executing: Bool, _ enabled: Bool) {
      self.told = told
      self.executing = executing
      self.enabled = enabled
    }

    var description: String { "\(told) [executing: \(executing), enabled: \(enabled)]" }
  }

  /// A command's `isExecuting` and `isEnabled`, read without holding the command: an observer that captures
  /// this is still called, and can still read, when the command is released.
  struct State: Sendable {
    let isExecuting: Property<Bool>
    let isEnabled: Property<Bool>

    init<Input, Output, Failure>(_ command: Command<Input, Output, Failure>) {
      isExecuting = command.isExecuting
      isEnabled = command.isEnabled
    }
  }

  /// Every observer's call, in order, with the command's state as it read it.
  final class StateLog: Sendable {
    let entries = Locked<[Seen]>([])

    func record(_ told: String, _ state: State) {
      let seen = Seen(told, state.isExecuting.value, state.isEnabled.value)
      entries.withLock { $0.append(seen) }
    }

    var seen: [Seen] { entries.withLock { $0 } }

    /// Observes `isExecuting` and `isEnabled` of `command`, in that order.
    func observeState<Input, Output, Failure>(of command: Command<Input, Output, Failure>) {
      let state = State(command)
      command.isExecuting.signal.observeValues { self.record("isExecuting \($0)", state) }
      command.isEnabled.signal.observeValues { self.record("isEnabled \($0)", state) }
    }
  }

  // MARK: The case: a serial command, enabledIf true, synchronous work

  @Test func anObserverOfIsExecutingReadsTheCommandDisabledWhileItRunsAndEnabledOnceItEnded() {
    let log = StateLog()
    let command = Command(work: { (input: Int) in input * 2 })
    command.isExecuting.signal.observeValues { [state = State(command)] in log.record("isExecuting \($0)", state) }
    command.execute(1)
    #expect(log.seen == [Seen("isExecuting true", true, false), Seen("isExecuting false", false, true)])
  }

  @Test func anObserverOfIsEnabledReadsTheCommandExecutingWhileItIsDisabled() {
    let log = StateLog()
    let command = Command(work: { (input: Int) in input * 2 })
    command.isEnabled.signal.observeValues { [state = State(command)] in log.record("isEnabled \($0)", state) }
    command.execute(1)
    #expect(log.seen == [Seen("isEnabled false", true, false), Seen("isEnabled true", false, true)])
  }

  @Test func observersOfBothAreToldIsExecutingFirstAndEachReadsTheWholeNewState() {
    let log = StateLog()
    let command = Command(work: { (input: Int) in input * 2 })
    log.observeState(of: command)
    command.execute(1)
    #expect(
      log.seen == [
        Seen("isExecuting true", true, false), Seen("isEnabled false", true, false),
        Seen("isExecuting false", false, true), Seen("isEnabled true", false, true),
      ])
  }

  @Test(arguments: [true, false])
  func anObservationOnChangeReadsBothNewValuesWhenTheExecutionStartsAndWhenItEnds(tracksIsExecuting: Bool) {
    let log = StateLog()
    let box = Box<Command<Int, Int, Never>?>(nil)
    // A SwiftUI view's body reads one of the two; its onChange reads both.
    @Sendable func track(_ told: String) {
      let command = box.value!
      withObservationTracking {
        _ = tracksIsExecuting ? command.isExecuting.value : command.isEnabled.value
      } onChange: {
        log.record(told, State(command))
      }
    }
    box.value = Command(work: { (input: Int) in
      track("onChange at the end")
      return input
    })
    track("onChange at the start")
    box.value!.execute(1)
    box.value = nil
    #expect(log.seen == [Seen("onChange at the start", true, false), Seen("onChange at the end", false, true)])
  }

  // MARK: RACCommandSpec: "should send NO while executing is YES and allowsConcurrentExecution is NO"

  @Test func aSerialCommandIsDisabledWheneverItExecutesWhateverItsObserversAreToldOf() {
    let log = StateLog()
    let manual = ManualCommand()
    let command = manual.command
    log.observeState(of: command)
    command.values.observeValues { [state = State(command)] in log.record("value \($0)", state) }
    command.errors.observeValues { [state = State(command)] in log.record("error \($0)", state) }
    command.completed.observeValues { [state = State(command)] in log.record("completed", state) }
    command.disabledAttempts.observeValues { [state = State(command)] in log.record("refused \($0)", state) }
    command.execute(1)
    command.execute(2)
    manual.latest.send(value: 10)
    manual.latest.sendCompleted()
    let execution = command.apply(3).start { [state = State(command)] in log.record("caller \($0)", state) }
    manual.latest.send(value: 30)
    execution.dispose()
    command.execute(4)
    manual.latest.send(error: .boom)
    let seen = log.seen
    #expect(seen.count == 19, "\(seen)")
    #expect(seen.allSatisfy { !($0.executing && $0.enabled) }, "\(seen)")
    #expect(seen.allSatisfy { $0.executing || $0.enabled }, "enabledIf is true: idle means enabled. \(seen)")
    #expect(seen.filter { $0.told.hasPrefix("value") }.allSatisfy { $0.executing }, "\(seen)")
  }

  // MARK: Values, and the end

  @Test func aValueArrivesWhileTheCommandExecutesAndTheEndAfterItsStateShowsTheEnd() {
    let log = StateLog()
    let command = Command(work: { (input: Int) in input * 2 })
    log.observeState(of: command)
    command.values.observeValues { [state = State(command)] in log.record("value \($0)", state) }
    command.completed.observeValues { [state = State(command)] in log.record("completed", state) }
    command.apply(1).start { [state = State(command)] in log.record("caller \($0)", state) }
    #expect(
      log.seen == [
        Seen("isExecuting true", true, false), Seen("isEnabled false", true, false),
        Seen("value 2", true, false), Seen("caller value(2)", true, false),
        Seen("isExecuting false", false, true), Seen("isEnabled true", false, true),
        Seen("completed", false, true), Seen("caller completed", false, true),
      ])
  }

  @Test func aFailureArrivesAfterTheStateShowsTheEnd() {
    let log = StateLog()
    let parse = Command { (text: String) throws(TestError) -> Int in
      guard let number = Int(text) else { throw .boom }
      return number
    }
    parse.isExecuting.signal.observeValues { [state = State(parse)] in log.record("isExecuting \($0)", state) }
    parse.errors.observeValues { [state = State(parse)] in log.record("error \($0)", state) }
    parse.execute("x")
    #expect(
      log.seen == [
        Seen("isExecuting true", true, false), Seen("isExecuting false", false, true), Seen("error boom", false, true),
      ])
  }

  // MARK: enabledIf, and the concurrent policy

  @Test func aSerialCommandsObserversReadEnabledIfAndTheExecutionTogether() {
    let log = StateLog()
    let gate = MutableProperty(true)
    let manual = ManualCommand(enabledIf: gate)
    log.observeState(of: manual.command)
    manual.command.execute(1)
    gate.value = false  // executing: still disabled, nothing to tell
    manual.latest.sendCompleted()  // idle but gated: still disabled
    gate.value = true
    gate.value = false
    #expect(
      log.seen == [
        Seen("isExecuting true", true, false), Seen("isEnabled false", true, false),
        Seen("isExecuting false", false, false),
        Seen("isEnabled true", false, true),
        Seen("isEnabled false", false, false),
      ])
  }

  @Test func aConcurrentCommandsIsEnabledIsEnabledIfWhateverItExecutes() {
    let log = StateLog()
    let gate = MutableProperty(true)
    let manual = ManualCommand(policy: .concurrent, enabledIf: gate)
    log.observeState(of: manual.command)
    manual.command.execute(1)
    let first = manual.latest
    manual.command.execute(2)
    gate.value = false
    first.sendCompleted()
    manual.latest.sendCompleted()
    gate.value = true
    #expect(
      log.seen == [
        Seen("isExecuting true", true, true),
        Seen("isEnabled false", true, false),
        Seen("isExecuting false", false, false),
        Seen("isEnabled true", false, true),
      ])
  }

  @Test func releasingTheCommandDisablesItAsOneChange() {
    let log = StateLog()
    var command: Command<Int, Int, Never>? = Command(work: { $0 })
    let isEnabled = command!.isEnabled
    let isExecuting = command!.isExecuting
    isEnabled.signal.observeValues { value in
      log.entries.withLock { $0.append(Seen("isEnabled \(value)", isExecuting.value, isEnabled.value)) }
    }
    command = nil
    #expect(log.seen == [Seen("isEnabled false", false, false)])
  }

  // MARK: In the property graph

  @Test func aPropertyDerivedFromBothChangesOncePerStateChangeAndNeverShowsAnImpossibleState() {
    let gate = MutableProperty(true)
    let command = Command(enabledIf: gate, work: { (input: Int) in input })
    let shown = Property.combineLatest(command.isExecuting, command.isEnabled) { "\($0)/\($1)" }
    let recorder = TestRecorder(shown.producer)
    command.execute(1)
    gate.value = false
    command.execute(2)
    gate.value = true
    #expect(recorder.descriptions == ["false/true", "true/false", "false/true", "false/false", "false/true"])
  }

  @Test func aCommandExecutedWhileItsDomainDeliversChangesBothAsOneQueuedChange() {
    // An observer in the command's domain executes it: the domain is busy, so each state change is queued,
    // both sources together, and propagated after the delivery in progress.
    let command = Command(work: { (input: Int) in input })
    let shown = Property.combineLatest(command.isExecuting, command.isEnabled) { "\($0)/\($1)" }
    let trigger = MutableProperty(0)
    let both = Property.combineLatest(shown, trigger) { shown, _ in shown }
    let recorder = TestRecorder(shown.signal)
    let seenInWork = Box<[Bool]>([])
    let once = Box(true)
    both.signal.observeValues { _ in
      guard once.value else { return }
      once.value = false
      command.execute(1)
      seenInWork.value = [command.isExecuting.value, command.isEnabled.value]
    }
    trigger.value = 1
    #expect(recorder.descriptions == ["true/false", "false/true"])
    // Both sources already hold the latest state, before it is propagated.
    #expect(seenInWork.value == [false, true])
    #expect(shown.value == "false/true")
  }

  @Test func anObserverOfAPropertyDerivedFromOneReadsTheOtherUpToDate() {
    let log = Locked<[String]>([])
    let command = Command(work: { (input: Int) in input })
    let idle = command.isExecuting.map { !$0 }
    idle.signal.observeValues { [isEnabled = command.isEnabled] idle in
      log.withLock { $0.append("idle \(idle), enabled \(isEnabled.value)") }
    }
    command.execute(1)
    #expect(log.withLock { $0 } == ["idle false, enabled false", "idle true, enabled true"])
  }
}
