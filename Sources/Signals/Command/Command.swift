/// An action a user can trigger — a button's tap, a pull to refresh — with its state (`isEnabled`,
/// `isExecuting`) and its results as streams. Its rules: `Docs/Contracts.md` §13.
/// ```swift
/// let login = Command(enabledIf: form.isValid) { (credentials: Credentials) in api.login(credentials) }
/// login.isEnabled                    // bind to the button
/// login.values.observeValues { … }   // every session, whoever started the execution
/// login.errors.observeValues { … }   // every work failure, to show
/// login.execute(credentials)         // on tap
/// ```
/// **Executions.** Each start of ``apply(_:)`` is one execution; ``execute(_:)`` starts one at once. The work is
/// called synchronously inside the start; while the command is disabled, an execution fails with
/// ``CommandError/disabled`` without calling it.
///
/// **State.** ``isExecuting`` is `true` from before the work is called until the last execution ends;
/// ``isEnabled`` is `enabledIf && !isExecuting` (``ExecutionPolicy/serial``) or `enabledIf`
/// (``ExecutionPolicy/concurrent``). Both emit on change only, and change as one. An execution's values are
/// delivered while it executes; its end once the state shows it, so an observer of the end can execute again.
///
/// **Outputs** (``values``, ``errors``, ``completed``, ``events``, ``disabledAttempts``) carry every execution's
/// events, whoever started it, before its own observer; they are hot and replay nothing.
///
/// **Lifetime.** Releasing the command completes every output (`isEnabled` sends `false` first); executions in
/// flight run on for whoever started them. Nothing here keeps the command alive. Every stream may be observed,
/// and the command executed, from any thread and from inside its own observers, without deadlock.
public final class Command<Input, Output, Failure: Error> {
  @usableFromInline let core: CommandCore<Input, Output, Failure>
  @usableFromInline let enabledIfObservation: (any Disposable)?

  /// The execution policy: whether executions may overlap.
  public let policy: ExecutionPolicy

  /// Whether an execution started now would run: `enabledIf`, and not executing when the policy is serial.
  /// Emits on change, together with ``isExecuting``, and `false` when the command is released.
  public let isEnabled: Property<Bool>

  /// Whether an execution is running: `true` before the work is called, `false` once the last one ended.
  /// Emits on change, together with ``isEnabled``, whose observers are told after its own.
  public let isExecuting: Property<Bool>

  /// Every event of every execution, as values: each execution's values, then its terminal event.
  /// Completes when the command is released.
  public let events: Signal<Signal<Output, Failure>.Event, Never>

  /// Every value of every execution. Completes when the command is released.
  public let values: Signal<Output, Never>

  /// Every failure of the work, from every execution; not ``CommandError/disabled`` attempts (see
  /// ``disabledAttempts``). Completes when the command is released. Made when first asked for, so that a
  /// command whose failures nobody observes does not hand its events to it.
  public var errors: Signal<Failure, Never> {
    lazyOutputs.withLock { outputs in
      if let errors = outputs.errors { return errors }
      let errors = core.events.compactMap { $0.error }
      outputs.errors = errors
      return errors
    }
  }

  /// One `()` per execution that completed; made when first asked for. Completes when the command is released.
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
  /// A trailing closure that returns a producer picks this initialiser (`Command { (_: Void) in api.refresh() }`);
  /// one that returns anything else, or throws, picks ``init(policy:enabledIf:fileID:line:work:)``.
  ///
  /// `policy` says whether executions may overlap (``ExecutionPolicy/serial`` by default); `enabledIf`, when the
  /// command may execute (always, by default; it may be derived from its own `isExecuting` without deadlock);
  /// `work` is one execution, called synchronously on the thread that starts it (hence `@Sendable`).
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
    values = core.values
    disabledAttempts = core.disabledAttempts
    enabledIfObservation = enabledIf?.producer.startWithValues { [weak core] value in
      core?.setEnabledIf(value)
    }
  }

  /// Records, in a debug build, that the command was made at `fileID`:`line`: the site of its state properties.
  @usableFromInline
  func noteSite(_ fileID: StaticString, _ line: UInt) {
    DebugInfo.noteSite(isEnabled.node, fileID, line)
    DebugInfo.noteSite(isExecuting.node, fileID, line)
  }

  deinit {
    enabledIfObservation?.dispose()
    core.release()
  }

  /// A producer that executes the command with `input` each time it is started.
  /// ```
  /// work:         -1-2-|
  /// apply(x):     -1-2-|
  /// isExecuting:  t----f      (t: before the work is called)
  /// disabled:     X           (CommandError.disabled; the work is not called)
  /// ```
  /// - Emits: the execution's values.
  /// - Completes: when the work completes. **Fails:** with ``CommandError/disabled`` at once if the command
  ///   is disabled (the work is not called), or with ``CommandError/failed(_:)`` when the work fails.
  /// - Interruption and disposal: disposing the start interrupts the work and ends the execution.
  @inlinable
  public func apply(_ input: Input) -> SignalProducer<Output, CommandError<Failure>> {
    let core = self.core
    // Unchecked: the core is safe from any thread, and `input` is shared by the starts as any value a producer
    // holds is (Contracts §14).
    return SignalProducer.unchecked { observer, lifetime in
      _ = core.execute(input, for: (observer, lifetime))
    }
  }

  /// Executes the command with `input` now; see ``apply(_:)``.
  ///
  /// - Returns: a disposable that interrupts the execution; dropping it does not. Already disposed if the
  ///   execution has ended (refused, or synchronous work).
  @discardableResult
  @inlinable
  public func execute(_ input: Input) -> any Disposable {
    core.execute(input, for: nil)
  }
}

extension Command: @unchecked Sendable where Input: Sendable, Output: Sendable {}
