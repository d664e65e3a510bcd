import Observation
import Testing

@testable import Signals

/// A command's `isExecuting` and `isEnabled` change as one change (Contracts §13): whoever is told of a change of
/// either, an observer of one, of the other, of both, or an Observation `onChange`, reads both after it.
@Suite struct CommandStateTests {
  // MARK: Synchronous work

  @Test(arguments: StateWatcher.allCases)
  func aSerialCommandWithSynchronousWorkIsNeverShownExecutingAndEnabled(_ watcher: StateWatcher) {
    let command = Command<Void, Int, Never>(work: { 1 })
    let log = StateLog(command, watching: watcher)
    command.execute()
    command.execute()
    #expect(log.states == [.runningDisabled, .idleEnabled, .runningDisabled, .idleEnabled])
  }

  @Test(arguments: StateWatcher.allCases)
  func aConcurrentCommandStaysEnabledWhileItExecutes(_ watcher: StateWatcher) {
    let command = Command<Void, Int, Never>(policy: .concurrent, work: { 1 })
    let log = StateLog(command, watching: watcher)
    command.execute()
    // `isEnabled` does not change: its watcher alone hears nothing.
    let expected: [ShownStateRecord] = watcher == .isEnabled ? [] : [.runningEnabled, .idleEnabled]
    #expect(log.states == expected)
  }

  @Test(arguments: StateWatcher.allCases)
  func aFailingExecutionEndsInTheSameConsistentState(_ watcher: StateWatcher) {
    let command = Command<Void, Int, TestError>(work: { () throws(TestError) -> Int in throw .boom })
    let log = StateLog(command, watching: watcher)
    command.execute()
    #expect(log.states == [.runningDisabled, .idleEnabled])
  }

  // MARK: Producer work, ended by hand

  @Test(arguments: StateWatcher.allCases)
  func enabledIfTogglingDuringASerialExecutionShowsOnlyConsistentStates(_ watcher: StateWatcher) {
    let gate = MutableProperty(true)
    let manual = ManualCommand(enabledIf: gate)
    let log = StateLog(manual.command, watching: watcher)
    manual.command.execute(1)  // running, disabled
    gate.value = false  // still running, still disabled: nothing to tell
    manual.latest.sendCompleted()  // idle, disabled by enabledIf
    gate.value = true  // idle, enabled
    let expected: [ShownStateRecord] =
      switch watcher {
      case .isExecuting: [.runningDisabled, .idleDisabled]
      case .isEnabled: [.runningDisabled, .idleEnabled]
      case .both, .observation: [.runningDisabled, .idleDisabled, .idleEnabled]
      }
    #expect(log.states == expected)
  }

  @Test(arguments: StateWatcher.allCases)
  func enabledIfTogglingDuringAConcurrentExecutionShowsOnlyConsistentStates(_ watcher: StateWatcher) {
    let gate = MutableProperty(true)
    let manual = ManualCommand(policy: .concurrent, enabledIf: gate)
    let log = StateLog(manual.command, watching: watcher)
    manual.command.execute(1)  // running, enabled
    gate.value = false  // running, disabled
    manual.latest.sendCompleted()  // idle, disabled
    gate.value = true  // idle, enabled
    let expected: [ShownStateRecord] =
      switch watcher {
      case .isExecuting: [.runningEnabled, .idleDisabled]
      case .isEnabled: [.runningDisabled, .idleEnabled]
      case .both, .observation: [.runningEnabled, .runningDisabled, .idleDisabled, .idleEnabled]
      }
    #expect(log.states == expected)
  }

  @Test func releasingTheCommandShowsItDisabledThenCompletesBoth() {
    var command: Command<Void, Int, Never>? = Command(work: { 1 })
    let log = StateLog(command!, watching: .both)
    let isEnabled = Recorder(command!.isEnabled.signal)
    let isExecuting = Recorder(command!.isExecuting.signal)
    command = nil
    #expect(log.states == [.idleDisabled])
    #expect(isEnabled.descriptions == ["false", "completed"])
    #expect(isExecuting.descriptions == ["completed"])
  }

  // MARK: Async work

  @Test(arguments: [ExecutionPolicy.serial, .concurrent])
  func asyncWorkShowsOnlyConsistentStatesWhateverThreadEndsIt(_ policy: ExecutionPolicy) async {
    let (gate, gateInput) = AsyncStream<Int>.makeStream()
    let command = Command<Void, Int, Never>(
      policy: policy,
      awaiting: {
        for await value in gate { return value }
        return -1
      })
    let logs = StateWatcher.allCases.map { StateLog(command, watching: $0) }
    let execution = Recorder(command.apply())
    gateInput.yield(5)
    while !execution.isTerminated { await Task.yield() }
    let start: ShownStateRecord = policy == .serial ? .runningDisabled : .runningEnabled
    for log in logs where log.watcher != .isEnabled || policy == .serial {
      #expect(log.states == [start, .idleEnabled], "\(log.watcher)")
    }
  }

  // MARK: Inside a transaction, inside a delivery

  @Test func insideATransactionTheStateIsShownAsItHappens() {
    let text = MutableProperty("")
    let readByTheWork = Locked<[ShownStateRecord]>([])
    let state = Locked<(isExecuting: Property<Bool>, isEnabled: Property<Bool>)?>(nil)
    let command = Command<Void, Int, Never>(work: {
      // A read inside the transaction: each property is computed from the command's state as it is now.
      let (isExecuting, isEnabled) = state.withLock { $0! }
      readByTheWork.withLock { $0.append(ShownStateRecord(isExecuting: isExecuting, isEnabled: isEnabled)) }
      return 1
    })
    state.withLock { $0 = (command.isExecuting, command.isEnabled) }
    let log = StateLog(command, watching: .both)
    let shownInside = withTransaction { () -> [ShownStateRecord] in
      text.value = "typed"
      command.execute()
      return log.states + [ShownStateRecord(command)]
    }
    #expect(readByTheWork.withLock { $0 } == [.runningDisabled])
    #expect(shownInside == [.runningDisabled, .idleEnabled, .idleEnabled])
    #expect(log.states == [.runningDisabled, .idleEnabled])
  }

  @Test func executedFromADeliveryOfItsOwnGraphTheStateFollowsThatDeliveryConsistently() {
    // `busy` puts the command's properties in `query`'s graph: an observer of `query` that executes the command
    // runs while that graph is being delivered, so the command's change is queued behind the delivery.
    let query = MutableProperty("")
    let command = Command<Void, Int, Never>(work: { 1 })
    let busy = Property.combineLatest(query, command.isExecuting) { _, isExecuting in isExecuting }
    let log = StateLog(command, watching: .both)
    let readInside = Locked<[ShownStateRecord]>([])
    let values = Recorder(command.values)
    query.signal.observeValues { _ in
      command.execute()
      readInside.withLock { $0.append(ShownStateRecord(command)) }
    }
    query.value = "hotel"
    // The execution ran at once; inside the delivery the command still reads as before it, both properties alike.
    #expect(values.values == [1])
    #expect(readInside.withLock { $0 } == [.idleEnabled])
    // Then its two changes were delivered, each whole, in order.
    #expect(log.states == [.runningDisabled, .idleEnabled])
    #expect(!busy.value && ShownStateRecord(command) == .idleEnabled)
  }

  // MARK: Values and the end of an execution

  @Test func aValueIsDeliveredWhileExecutingAndTheTerminalEventAfterTheStateEnded() {
    let command = Command<Void, Int, Never>(work: { 1 })
    let seen = Locked<[String]>([])
    command.values.observeValues { _ in seen.withLock { $0.append("value: \(ShownStateRecord(command))") } }
    command.completed.observeValues { seen.withLock { $0.append("completed: \(ShownStateRecord(command))") } }
    command.execute()
    #expect(seen.withLock { $0 } == ["value: running, disabled", "completed: idle, enabled"])
  }

  @Test func anObserverOfTheEndCanExecuteAgainAndEveryStateIsConsistent() {
    let command = Command<Int, Int, Never>(work: { $0 })
    let log = StateLog(command, watching: .both)
    command.values.observeValues { value in if value < 2 { command.execute(value + 1) } }
    command.execute(0)
    // The nested executions start from inside the delivery of the previous one's value, while it still runs:
    // they are refused (serial), so the command runs once.
    #expect(log.states == [.runningDisabled, .idleEnabled])
    let again = Command<Int, Int, Never>(work: { $0 })
    let againLog = StateLog(again, watching: .both)
    again.completed.observeValues { if again.isEnabled.value, againLog.states.count < 6 { again.execute(1) } }
    again.execute(0)
    #expect(
      againLog.states == Array(repeating: [ShownStateRecord.runningDisabled, .idleEnabled], count: 3).flatMap { $0 })
  }
}

/// Who watches a command's state in ``CommandStateTests``.
enum StateWatcher: CaseIterable, CustomStringConvertible {
  /// An observer of `isExecuting`'s signal.
  case isExecuting
  /// An observer of `isEnabled`'s signal.
  case isEnabled
  /// One observer on each, writing to one log.
  case both
  /// An Observation tracking of both `value`s, armed again at each `onChange`.
  case observation

  var description: String {
    switch self {
    case .isExecuting: "isExecuting"
    case .isEnabled: "isEnabled"
    case .both: "both"
    case .observation: "observation"
    }
  }
}

/// A command's state as one reader sees it: `isExecuting.value` and `isEnabled.value`, read one after the other.
struct ShownStateRecord: Equatable, CustomStringConvertible, Sendable {
  let isExecuting: Bool
  let isEnabled: Bool

  static let runningDisabled = ShownStateRecord(isExecuting: true, isEnabled: false)
  static let runningEnabled = ShownStateRecord(isExecuting: true, isEnabled: true)
  static let idleEnabled = ShownStateRecord(isExecuting: false, isEnabled: true)
  static let idleDisabled = ShownStateRecord(isExecuting: false, isEnabled: false)

  init(isExecuting: Bool, isEnabled: Bool) {
    self.isExecuting = isExecuting
    self.isEnabled = isEnabled
  }

  init<Input, Output, Failure>(_ command: Command<Input, Output, Failure>) {
    self.init(isExecuting: command.isExecuting, isEnabled: command.isEnabled)
  }

  init(isExecuting: Property<Bool>, isEnabled: Property<Bool>) {
    self.init(isExecuting: isExecuting.value, isEnabled: isEnabled.value)
  }

  var description: String { "\(isExecuting ? "running" : "idle"), \(isEnabled ? "enabled" : "disabled")" }
}

/// What a watcher of a command read each time it was told of a change.
final class StateLog: Sendable {
  let watcher: StateWatcher
  private let recorded = Locked<[ShownStateRecord]>([])
  private let keep = Locked<[any Disposable]>([])

  init<Input, Output, Failure>(_ command: Command<Input, Output, Failure>, watching watcher: StateWatcher) {
    self.watcher = watcher
    // The properties, not the command: a released command's outputs are told after it is gone.
    let read: @Sendable () -> ShownStateRecord = { [isExecuting = command.isExecuting, isEnabled = command.isEnabled] in
      ShownStateRecord(isExecuting: isExecuting, isEnabled: isEnabled)
    }
    switch watcher {
    case .isExecuting:
      observe(command.isExecuting, read)
    case .isEnabled:
      observe(command.isEnabled, read)
    case .both:
      observe(command.isExecuting, read)
      observe(command.isEnabled, read)
    case .observation:
      track(command.isExecuting, command.isEnabled, read)
    }
  }

  /// The states read, in order. Watching both properties, one change of both is told twice (to each observer,
  /// or to the tracking once per property): it reads the same state twice, which this keeps once.
  var states: [ShownStateRecord] {
    let all = recorded.withLock { $0 }
    guard watcher == .both || watcher == .observation else { return all }
    return all.enumerated().filter { $0.offset == 0 || all[$0.offset - 1] != $0.element }.map(\.element)
  }

  private func observe(_ property: Property<Bool>, _ read: @escaping @Sendable () -> ShownStateRecord) {
    let observation = property.signal.observeValues { [recorded] _ in
      let state = read()
      recorded.withLock { $0.append(state) }
    }
    if let observation { keep.withLock { $0.append(observation) } }
  }

  private func track(
    _ isExecuting: Property<Bool>, _ isEnabled: Property<Bool>, _ read: @escaping @Sendable () -> ShownStateRecord
  ) {
    withObservationTracking {
      _ = isExecuting.value
      _ = isEnabled.value
    } onChange: { [recorded] in
      let state = read()
      recorded.withLock { $0.append(state) }
      self.track(isExecuting, isEnabled, read)
    }
  }
}
