/// An action a user can trigger — a button's tap, a pull to refresh — with its state and results as streams:
/// whether it may run (`isEnabled`), whether it is running (`isExecuting`), and what its executions produce.
///
/// A command is created with the work to do per execution, a `@Sendable (Input) -> SignalProducer<Output, Failure>`;
/// each execution starts the producer the work returns for its input.
///
/// ```swift
/// let login = Command(enabledIf: form.isValid) { (credentials: Credentials) in api.login(credentials) }
/// login.isEnabled                    // bind to the button
/// login.values.observeValues { … }   // every session, whoever started the execution
/// login.errors.observeValues { … }   // every work failure, to show
/// login.execute(credentials)         // on tap
/// ```
///
/// **Executions.** ``apply(_:)`` returns a cold producer: each start is one execution. ``execute(_:)`` starts
/// one at once. An execution started while the command is disabled fails with ``CommandError/disabled``, and
/// its work is not called. Otherwise the work closure is called synchronously, inside the start, so an
/// execution of synchronous work has finished when `execute` returns.
///
/// **State.** ``isExecuting`` turns `true` before the work is called and `false` when the last execution ends
/// (completes, fails, or is interrupted by disposal). ``isEnabled`` is `enabledIf && !isExecuting` for the
/// ``ExecutionPolicy/serial`` policy, and just `enabledIf` for ``ExecutionPolicy/concurrent``. Both only emit
/// when they change, and they change as one: whoever is told of a change of either (an observer of one or the
/// other, an Observation `onChange`, a property derived from both) reads both new values, never a serial
/// command that executes and is enabled. A value of an execution is delivered while it executes; its terminal
/// event once the state shows its end, so an observer of that event can execute the command again.
///
/// **Outputs.** ``values``, ``errors``, ``completed`` and ``events`` carry what every execution produces,
/// whoever started it; ``disabledAttempts`` carries the input of every execution refused because the command
/// was disabled. They are hot: an observer receives what happens after it attached, including the end of an
/// execution started earlier, and nothing that happened before (a failure is an event to react to once, not
/// state to replay). Every event goes to these outputs first, then to the execution's own observer.
///
/// **Lifetime.** Releasing the command completes every output, including the signals of `isExecuting` and
/// `isEnabled` (which emits `false` first: a released command is disabled). Executions in flight are not
/// interrupted: each belongs to whoever started it, and ends for them as it would have.
/// Nothing here keeps the command alive: not its outputs, not a producer from `apply`, not an execution.
///
/// Every stream of a command may be observed, and the command executed, from any thread and from inside any
/// of its own observers, without deadlock.
public final class Command<Input, Output, Failure: Error> {
  @usableFromInline let core: CommandCore<Input, Output, Failure>
  @usableFromInline let enabledIfObservation: (any Disposable)?

  /// The execution policy: whether executions may overlap.
  public let policy: ExecutionPolicy

  /// Whether an execution started now would run: `enabledIf`, and not executing when the policy is serial.
  /// It emits only when it changes, and `false` when the command is released. It changes together with
  /// ``isExecuting``: an observer of either reads both new values.
  public let isEnabled: Property<Bool>

  /// Whether an execution is running. `true` before the work is called; `false` once the last execution has
  /// ended. It emits only when it changes, together with ``isEnabled``; its observers are told first.
  public let isExecuting: Property<Bool>

  /// Every event of every execution, as values: each execution's values, then its terminal event.
  /// Completes when the command is released.
  public let events: Signal<Signal<Output, Failure>.Event, Never>

  /// Every value of every execution. Completes when the command is released.
  public let values: Signal<Output, Never>

  /// Every failure of the work, from every execution; not ``CommandError/disabled`` attempts (see
  /// ``disabledAttempts``). An execution that failed before you observed is not replayed. Completes when the
  /// command is released.
  ///
  /// Made when first asked for (each read returns the same signal), so that a command whose failures nobody
  /// observes does not hand each of its events to it.
  public var errors: Signal<Failure, Never> {
    lazyOutputs.withLock { outputs in
      if let errors = outputs.errors { return errors }
      let errors = core.events.compactMap { $0.error }
      outputs.errors = errors
      return errors
    }
  }

  /// One `()` per execution that completed. Completes when the command is released.
  ///
  /// Made when first asked for, as ``errors`` is.
  public var completed: Signal<Void, Never> {
    lazyOutputs.withLock { outputs in
      if let completed = outputs.completed { return completed }
      let completed = core.events.compactMap { event -> Void? in
        if case .completed = event { return () }
        return nil
      }
      outputs.completed = completed
      return completed
    }
  }

  /// ``errors`` and ``completed``, once made.
  @usableFromInline let lazyOutputs = Locked(LazyOutputs())

  /// The outputs of a command made when first asked for.
  @usableFromInline
  struct LazyOutputs {
    @usableFromInline var errors: Signal<Failure, Never>?
    @usableFromInline var completed: Signal<Void, Never>?

    @inlinable
    init() {}
  }

  /// The input of every execution refused because the command was disabled. Completes when the command is
  /// released.
  public let disabledAttempts: Signal<Input, Never>

  /// A command that runs the producer `work` returns, once per execution.
  ///
  /// A trailing closure that returns a producer picks this initialiser, with or without a context that gives
  /// the command's type: `Command { (_: Void) in api.refresh() }` is a command whose executions run
  /// `api.refresh()`. (Synchronous work, ``init(policy:enabledIf:fileID:line:work:)``, is chosen when the closure returns
  /// anything else or throws.)
  ///
  /// - Parameters:
  ///   - policy: whether executions may overlap; ``ExecutionPolicy/serial`` by default.
  ///   - enabledIf: when the command may execute; always, by default. It may be derived from this command's
  ///     own `isExecuting` (through a property bound to it) without deadlock.
  ///   - work: what one execution does for its input. It is called synchronously when the execution starts,
  ///     on the thread that starts it; it is `@Sendable` because executions may be started from several
  ///     threads at once (and overlap, with the ``ExecutionPolicy/concurrent`` policy).
  ///   - fileID: where the command is made, shown on its `isEnabled` and `isExecuting` by ``PropertyGraphDump``
  ///     and ``PropertyChange``; kept in debug builds only. Leave the default.
  ///   - line: the line where it is made; see `fileID`.
  @inlinable
  public convenience init(
    policy: ExecutionPolicy = .serial,
    enabledIf: (any PropertyProtocol<Bool>)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    execute work: @escaping @Sendable (Input) -> SignalProducer<Output, Failure>
  ) {
    self.init(policy: policy, enabledIf: enabledIf, running: .producer(work))
    #if DEBUG
    noteSite(fileID, line)
    #endif
  }

  /// A command that runs `work` once per execution; inlinable, like its core.
  @inlinable
  init(
    policy: ExecutionPolicy, enabledIf: (any PropertyProtocol<Bool>)?, running work: CommandWork<Input, Output, Failure>
  ) {
    let core = CommandCore(policy: policy, enabledIf: enabledIf?.value ?? true, work: work)
    self.core = core
    self.policy = policy
    isEnabled = Property(core.enabled)
    isExecuting = Property(core.executing)
    events = core.events
    values = core.events.compactMap { $0.value }
    disabledAttempts = core.disabledAttempts
    enabledIfObservation = enabledIf?.producer.startWithValues { [weak core] value in
      core?.setEnabledIf(value)
    }
  }

  /// Records, in a debug build, that the command was made at `fileID`:`line`: the site of its state properties.
  @usableFromInline
  func noteSite(_ fileID: StaticString, _ line: UInt) {
    DebugInfo.noteSite(isEnabled.storage.core.node, fileID, line)
    DebugInfo.noteSite(isExecuting.storage.core.node, fileID, line)
  }

  deinit {
    enabledIfObservation?.dispose()
    core.release()
  }

  /// A producer that executes the command with `input` each time it is started.
  ///
  /// ```
  /// work:         -1-2-|
  /// apply(x):     -1-2-|
  /// isExecuting:  t----f      (t: before the work is called)
  /// disabled:     X           (CommandError.disabled; the work is not called)
  /// ```
  ///
  /// - Emits: the execution's values.
  /// - Completes: when the work completes. **Fails:** with ``CommandError/disabled`` at once if the command
  ///   is disabled when the producer is started (the work is not called), or with
  ///   ``CommandError/failed(_:)`` when the work fails.
  /// - Interruption and disposal: disposing the start interrupts the work; the execution then ends, and
  ///   `isExecuting` turns `false` if it was the last one.
  @inlinable
  public func apply(_ input: Input) -> SignalProducer<Output, CommandError<Failure>> {
    let core = self.core
    // Unchecked: the core is safe to use from any thread, and `input` is shared by the producer's starts, as
    // any value a producer holds is (Docs/Contracts.md, section 14).
    return SignalProducer.unchecked { observer, lifetime in
      _ = core.execute(input, for: (observer, lifetime))
    }
  }

  /// Executes the command with `input` now; see ``apply(_:)``.
  ///
  /// - Returns: a disposable that interrupts the execution. Dropping it does not: the execution runs on. If
  ///   the execution has already ended — it was refused, or its work is synchronous — it is already disposed.
  @discardableResult
  @inlinable
  public func execute(_ input: Input) -> any Disposable {
    core.execute(input, for: nil)
  }
}

extension Command: @unchecked Sendable where Input: Sendable, Output: Sendable {}
