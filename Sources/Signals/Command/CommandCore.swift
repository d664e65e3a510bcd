/// The shared part of a ``Command``: its state, its outputs' inputs, and the execution logic.
///
/// Started executions and the producers `apply` returns hold the core, not the command, so that neither keeps
/// the command alive. When the command is released it calls ``release()``: the outputs complete and the core
/// starts nothing more, while executions in flight end normally for whoever started them.
///
/// ## One state, shown as one change
/// The truth is ``state``, the ``ExecutionState`` machine under its lock: it alone decides whether an execution
/// may begin. What the command shows of it, `isExecuting` and `isEnabled`, are two properties derived from one
/// source, ``shown``, so that the property graph changes both in one change: every observer of either, and every
/// Observation `onChange`, reads them both after the change (Contracts §13). Each change of the state is made
/// inside `shown`'s update, that is under the source's lock, so `shown` takes the states in the order in which
/// they happened; it is only set when what it shows really changes. Observers are called after the locks are
/// released, so an observer may read, execute or feed `enabledIf` of this very command without deadlock
/// (ReactiveSwift #309). Locks are only ever taken in the order source → state.
///
/// ## One path for an execution
/// ``execute(_:for:)`` is every execution: `apply`'s starts (with the caller's observer) and `execute` (without
/// one); synchronous work and producer work. Each event goes through ``deliver(_:to:)``, the one place that ends
/// the execution, feeds the outputs and maps the work's failure for the caller.
///
/// ## Specialisation
/// The core is `@inlinable` throughout, so that a client's `Command<Int, String, Never>` runs specialised
/// code: unspecialised, an execution spent most of its time looking up generic metadata.
@usableFromInline
final class CommandCore<Input, Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline typealias WorkEvent = Signal<Output, Failure>.Event
  /// Who started an execution through `apply`: its observer, and the lifetime of its start.
  @usableFromInline typealias Caller = (observer: Signal<Output, CommandError<Failure>>.Observer, lifetime: Lifetime)

  @usableFromInline let work: CommandWork<Input, Output, Failure>
  @usableFromInline let state: Locked<ExecutionState>
  /// What the command shows of ``state``; the one source of ``isExecuting`` and ``isEnabled``.
  @usableFromInline let shown: MutableProperty<ShownState>
  @usableFromInline let isExecuting: Property<Bool>
  @usableFromInline let isEnabled: Property<Bool>
  @usableFromInline let events: Signal<WorkEvent, Never>
  @usableFromInline let eventsInput: Signal<WorkEvent, Never>.Observer
  @usableFromInline let disabledAttempts: Signal<Input, Never>
  @usableFromInline let disabledInput: Signal<Input, Never>.Observer

  @inlinable
  init(policy: ExecutionPolicy, enabledIf: Bool, work: CommandWork<Input, Output, Failure>) {
    self.work = work
    let initial = ExecutionState(policy: policy, enabledIf: enabledIf)
    state = Locked(initial)
    shown = MutableProperty(initial.shown)
    isExecuting = Property(derived: ShownFlagNode(shown.source, .isExecuting))
    isEnabled = Property(derived: ShownFlagNode(shown.source, .isEnabled))
    (events, eventsInput) = Signal<WorkEvent, Never>.pipe()
    (disabledAttempts, disabledInput) = Signal<Input, Never>.pipe()
  }

  // MARK: Executing

  /// Runs one execution for `caller` (a start of a producer from `apply`), or for nobody (`execute`).
  ///
  /// Disabled, it reports the input and fails the caller. Otherwise the work is called at once. Synchronous work
  /// is called directly, without a producer: it has ended when this returns, and the (already disposed)
  /// disposable returned has nothing to interrupt; a caller who disposes its start while the value is delivered
  /// ends it `interrupted`. Producer work is started with its interrupter in the caller's
  /// lifetime before it runs, so that a caller who disposes during the start interrupts it at once.
  ///
  /// - Returns: what interrupts the execution.
  @inlinable
  func execute(_ input: Input, for caller: Caller?) -> any Disposable {
    guard transition({ $0.begin() }) else {
      disabledInput.send(value: input)
      caller?.observer.send(error: .disabled)
      return EndedExecution.shared
    }
    switch work {
    case .synchronous(let work):
      do throws(Failure) {
        let output = try work(input)
        deliver(.value(output), to: caller)
        // A caller who disposed its start while the value was delivered has interrupted the execution, as it
        // would interrupt producer work.
        deliver(caller?.lifetime.hasEnded == true ? .interrupted : .completed, to: caller)
      } catch {
        deliver(.failed(error), to: caller)
      }
      return EndedExecution.shared
    case .producer(let work):
      var execution: (any Disposable)?
      work(input).startWithSignal { signal, interrupter in
        execution = interrupter
        caller?.lifetime.hold(interrupter)
        signal.observe { event in self.deliver(event, to: caller) }
      }
      return execution.unsafelyUnwrapped
    }
  }

  /// Hands one event of an execution to the outputs, then to its caller; a terminal event first ends the
  /// execution, so that whoever is told of it may execute again.
  @inlinable
  func deliver(_ event: WorkEvent, to caller: Caller?) {
    if event.isTerminating { transition { $0.end() } }
    eventsInput.send(value: event)
    caller?.observer.send(event.mapError(CommandError.failed))
  }

  // MARK: State changes

  /// Changes the state, and shows the change if what the command shows changed; see the type's documentation.
  @inlinable
  @discardableResult
  func transition<Result>(_ change: (inout ExecutionState) -> Result) -> Result {
    var result: Result?
    shown.source.update { shown in
      let (changeResult, now) = state.withLock { state in (change(&state), state.shown) }
      result = changeResult
      guard now != shown else { return false }
      shown = now
      return true
    }
    return result.unsafelyUnwrapped
  }

  /// Takes a new value of `enabledIf`.
  @inlinable
  func setEnabledIf(_ value: Bool) {
    transition { $0.enabledIf = value }
  }

  /// Called when the command is released: disables it and completes every output.
  @usableFromInline
  func release() {
    transition { $0.release() }
    eventsInput.sendCompleted()
    disabledInput.sendCompleted()
    shown.source.end()
  }
}

/// What a command does per execution: start a producer, or call synchronous work.
@usableFromInline
enum CommandWork<Input, Output, Failure: Error> {
  /// Work that returns a producer to start, `Command(execute:)`.
  case producer((Input) -> SignalProducer<Output, Failure>)
  /// Synchronous work, `Command(work:)`: it returns the output or throws the failure.
  case synchronous((Input) throws(Failure) -> Output)
}

/// The disposable of an execution that ended before it was handed out: disabled, or synchronous work.
@usableFromInline
final class EndedExecution: Disposable {
  /// The one instance: an ended execution has nothing to tell apart.
  @usableFromInline static let shared = EndedExecution()

  @usableFromInline
  init() {}

  /// Always `true`: the execution has ended.
  @usableFromInline
  var isDisposed: Bool { true }

  /// Does nothing: the execution has ended.
  @usableFromInline
  func dispose() {}
}
