/// The shared part of a ``Command``: its state, its outputs' inputs, and the execution logic.
///
/// Started executions and the producers `apply` returns hold the core, not the command, so that neither keeps
/// the command alive. When the command is released it calls ``release()``: the outputs complete and the core
/// starts nothing more, while executions in flight end normally for whoever started them.
///
/// ## Publishing `isExecuting` and `isEnabled` without a lock held
/// Each change of the execution state is made inside `executing.modify`, that is under the property's lock,
/// so the order in which `isExecuting` changes is the order of the state changes, and `executing.value` is
/// true before the work starts on every thread. The property is only set when its value really changes:
/// when it would not, the body throws ``Unchanged``, and a `modify` whose body throws neither stores nor
/// emits. `isEnabled` is then brought up to date the same way. Observers are called after the locks are
/// released, so an observer may read, execute or feed `enabledIf` of this very command without deadlock
/// (ReactiveSwift #309). Locks are only ever taken in the order property → state.
final class CommandCore<Input, Output, Failure: Error>: @unchecked Sendable {
  typealias WorkEvent = Signal<Output, Failure>.Event

  let work: (Input) -> SignalProducer<Output, Failure>
  let state: Locked<ExecutionState>
  let executing = MutableProperty(false)
  let enabled: MutableProperty<Bool>
  let (events, eventsInput) = Signal<WorkEvent, Never>.pipe()
  let (disabledAttempts, disabledInput) = Signal<Input, Never>.pipe()

  init(
    policy: ExecutionPolicy,
    enabledIf: Bool,
    work: @escaping (Input) -> SignalProducer<Output, Failure>
  ) {
    self.work = work
    let initial = ExecutionState(policy: policy, enabledIf: enabledIf)
    state = Locked(initial)
    enabled = MutableProperty(initial.isEnabled)
  }

  // MARK: Executing

  /// Runs one execution: the body of every producer `apply` returns.
  func execute(_ input: Input, _ observer: Signal<Output, CommandError<Failure>>.Observer, _ lifetime: Lifetime) {
    guard transition({ $0.begin() }) else {
      disabledInput.send(value: input)
      observer.send(error: .disabled)
      return
    }
    work(input).startWithSignal { signal, interrupter in
      lifetime += interrupter
      signal.observe { event in
        if event.isTerminating { self.transition { $0.end() } }
        self.eventsInput.send(value: event)
        observer.send(event.mapError(CommandError.failed))
      }
    }
  }

  // MARK: State changes

  /// Changes the state and publishes `isExecuting` and `isEnabled` if they changed; see the type's documentation.
  @discardableResult
  func transition<Result>(_ change: (inout ExecutionState) -> Result) -> Result {
    var result: Result?
    do {
      try executing.modify { published in
        let (changeResult, isExecuting) = state.withLock { state in (change(&state), state.isExecuting) }
        result = changeResult
        guard isExecuting != published else { throw Unchanged() }
        published = isExecuting
      }
    } catch {
      // `Unchanged`: nothing to publish.
    }
    publishEnabled()
    return result!
  }

  /// Brings `isEnabled` up to date with the state, emitting only if it changed.
  func publishEnabled() {
    do {
      try enabled.modify { published in
        let isEnabled = state.withLock { $0.isEnabled }
        guard isEnabled != published else { throw Unchanged() }
        published = isEnabled
      }
    } catch {
      // `Unchanged`: nothing to publish.
    }
  }

  /// Takes a new value of `enabledIf`.
  func setEnabledIf(_ value: Bool) {
    state.withLock { $0.enabledIf = value }
    publishEnabled()
  }

  /// Called when the command is released: disables it and completes every output.
  func release() {
    state.withLock { $0.release() }
    publishEnabled()
    eventsInput.sendCompleted()
    disabledInput.sendCompleted()
    executing.storage.core.send(.completed)
    enabled.storage.core.send(.completed)
  }
}

/// Thrown from a property's `modify` body to leave the property as it is, without emitting.
private struct Unchanged: Error {}
