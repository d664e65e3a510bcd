/// The shared part of a ``Command``: its state, its outputs' inputs, and the execution logic.
///
/// Started executions and the producers `apply` returns hold the core, not the command, so that neither keeps
/// the command alive. When the command is released it calls ``release()``: the outputs complete and the core
/// starts nothing more, while executions in flight end normally for whoever started them.
///
/// ## Publishing `isExecuting` and `isEnabled` without a lock held
/// Each change of the execution state is made inside `executing`'s update, that is under the property's
/// lock, so the order in which `isExecuting` changes is the order of the state changes, and `executing.value`
/// is true before the work starts on every thread. The property is only set when its value really changes:
/// the update's body says whether it did, and an update that did not change stores and emits nothing.
/// `isEnabled` is then brought up to date the same way. Observers are called after the locks are
/// released, so an observer may read, execute or feed `enabledIf` of this very command without deadlock
/// (ReactiveSwift #309). Locks are only ever taken in the order property → state.
///
/// ## Specialisation
/// The core is `@inlinable` throughout, so that a client's `Command<Int, String, Never>` runs specialised
/// code: unspecialised, an execution spent most of its time looking up generic metadata.
@usableFromInline
final class CommandCore<Input, Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline typealias WorkEvent = Signal<Output, Failure>.Event

  @usableFromInline let work: CommandWork<Input, Output, Failure>
  /// The state's policy, which never changes, readable without the lock.
  @usableFromInline let policy: ExecutionPolicy
  @usableFromInline let state: Locked<ExecutionState>
  @usableFromInline let executing: MutableProperty<Bool>
  @usableFromInline let enabled: MutableProperty<Bool>
  @usableFromInline let events: Signal<WorkEvent, Never>
  @usableFromInline let eventsInput: Signal<WorkEvent, Never>.Observer
  @usableFromInline let disabledAttempts: Signal<Input, Never>
  @usableFromInline let disabledInput: Signal<Input, Never>.Observer

  @inlinable
  init(policy: ExecutionPolicy, enabledIf: Bool, work: CommandWork<Input, Output, Failure>) {
    self.work = work
    self.policy = policy
    let initial = ExecutionState(policy: policy, enabledIf: enabledIf)
    state = Locked(initial)
    executing = MutableProperty(false)
    enabled = MutableProperty(initial.isEnabled)
    (events, eventsInput) = Signal<WorkEvent, Never>.pipe()
    (disabledAttempts, disabledInput) = Signal<Input, Never>.pipe()
  }

  // MARK: Executing

  /// Runs one execution for its caller: the body of every producer `apply` returns.
  @inlinable
  func execute(_ input: Input, _ observer: Signal<Output, CommandError<Failure>>.Observer, _ lifetime: Lifetime) {
    guard transition({ $0.begin() }) else {
      disabledInput.send(value: input)
      observer.send(error: .disabled)
      return
    }
    work.producer(input).startWithSignal { signal, interrupter in
      lifetime += interrupter
      signal.observe { event in
        self.publish(event)
        observer.send(event.mapError(CommandError.failed))
      }
    }
  }

  /// Runs one execution that has no observer of its own: the body of ``Command/execute(_:)``.
  ///
  /// It is ``execute(_:_:_:)`` without the caller's stream, which would only receive what nobody observes:
  /// the work's own start is the execution, and its interrupter is what the caller gets. Synchronous work is
  /// called directly, without a producer: nobody holds the execution's disposable while it runs, so nothing
  /// can interrupt it, and it has ended when the returned (already disposed) disposable is handed out.
  @inlinable
  func execute(_ input: Input) -> any Disposable {
    guard transition({ $0.begin() }) else {
      disabledInput.send(value: input)
      return EndedExecution.shared
    }
    switch work {
    case .synchronous(let work):
      do throws(Failure) {
        let output = try work(input)
        publish(.value(output))
        publish(.completed)
      } catch {
        publish(.failed(error))
      }
      return EndedExecution.shared
    case .producer(let work):
      var execution: (any Disposable)?
      work(input).startWithSignal { signal, interrupter in
        execution = interrupter
        signal.observe { event in self.publish(event) }
      }
      return execution.unsafelyUnwrapped
    }
  }

  /// Hands one event of an execution to the outputs; a terminal event first ends the execution.
  @inlinable
  func publish(_ event: WorkEvent) {
    if event.isTerminating { transition { $0.end() } }
    eventsInput.send(value: event)
  }

  // MARK: State changes

  /// Changes the state and publishes `isExecuting` and `isEnabled` if they changed; see the type's documentation.
  @inlinable
  @discardableResult
  func transition<Result>(_ change: (inout ExecutionState) -> Result) -> Result {
    var result: Result?
    executing.source.update { published in
      let (changeResult, isExecuting) = state.withLock { state in (change(&state), state.isExecuting) }
      result = changeResult
      guard isExecuting != published else { return false }
      published = isExecuting
      return true
    }
    // A concurrent command's `isEnabled` does not depend on its executions: only `enabledIf` and release,
    // which publish it themselves, change it.
    if policy == .serial { publishEnabled() }
    return result.unsafelyUnwrapped
  }

  /// Brings `isEnabled` up to date with the state, emitting only if it changed.
  @inlinable
  func publishEnabled() {
    enabled.source.update { published in
      let isEnabled = state.withLock { $0.isEnabled }
      guard isEnabled != published else { return false }
      published = isEnabled
      return true
    }
  }

  /// Takes a new value of `enabledIf`.
  @inlinable
  func setEnabledIf(_ value: Bool) {
    state.withLock { $0.enabledIf = value }
    publishEnabled()
  }

  /// Called when the command is released: disables it and completes every output.
  @usableFromInline
  func release() {
    state.withLock { $0.release() }
    publishEnabled()
    eventsInput.sendCompleted()
    disabledInput.sendCompleted()
    executing.source.end()
    enabled.source.end()
  }
}

/// What a command does per execution: start a producer, or call synchronous work.
@usableFromInline
enum CommandWork<Input, Output, Failure: Error> {
  /// Work that returns a producer to start, `Command(execute:)`.
  case producer((Input) -> SignalProducer<Output, Failure>)
  /// Synchronous work, `Command(work:)`: it returns the output or throws the failure.
  case synchronous((Input) throws(Failure) -> Output)

  /// The producer one execution starts for `input`.
  @inlinable
  func producer(_ input: Input) -> SignalProducer<Output, Failure> {
    switch self {
    case .producer(let work):
      return work(input)
    case .synchronous(let work):
      return SignalProducer.unchecked { observer, _ in
        do throws(Failure) {
          observer.send(value: try work(input))
          observer.sendCompleted()
        } catch {
          observer.send(error: error)
        }
      }
    }
  }
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
