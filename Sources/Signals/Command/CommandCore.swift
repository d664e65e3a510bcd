import Synchronization

/// The shared part of a ``Command``: its state, its outputs' inputs, and the execution logic.
///
/// Started executions and `apply`'s producers hold the core, not the command, so neither keeps it alive. The
/// command's release calls ``release()``: the outputs complete, and executions in flight end as they would.
///
/// ## One state, shown as one change
/// The truth is ``state`` (``ExecutionState``), which alone decides whether an execution may begin. Its two
/// faces, `isExecuting` and `isEnabled`, are sources changed together inside ``SourceCore/update(_:_:_:)``,
/// under both sources' locks (taken `isExecuting` → `isEnabled`; the state has no lock of its own): decision and
/// display are one step for every thread, in the order they happened, and both values are stored before anyone
/// is told. Observers run after the locks, so one may read, execute or feed `enabledIf` without deadlock
/// (ReactiveSwift #309). Sources rather than derived properties: a derived property's wave could keep a thread
/// that executes propagating another thread's `enabledIf` changes (`CommandStressTests`).
///
/// ## One path for an execution
/// ``execute(_:for:)`` runs every execution (`apply`'s starts and `execute`, of either kind of work) and alone
/// decides whether the command is disabled; ``deliver(_:to:)`` alone ends one, feeds the outputs and maps the
/// work's failure.
@usableFromInline
final class CommandCore<Input, Output, Failure: Error>: @unchecked Sendable {
  @usableFromInline typealias WorkEvent = Signal<Output, Failure>.Event
  /// Who started an execution through `apply`: its observer, and the lifetime of its start.
  @usableFromInline typealias Caller = (observer: Signal<Output, CommandError<Failure>>.Observer, lifetime: Lifetime)

  @usableFromInline let work: CommandWork<Input, Output, Failure>
  /// The synchronous work again, outside the enum: called from this stored property, it is borrowed, where
  /// taken out of the enum's case it was retained and released around each execution.
  @usableFromInline let synchronousWork: ((Input) throws(Failure) -> Output)?
  /// The truth; only ``transition(_:)`` reads or changes it, and only inside ``SourceCore/update(_:_:_:)``,
  /// that is under both sources' locks, which guard it: it needs no lock of its own.
  @exclusivity(unchecked) @usableFromInline var state: ExecutionState
  @usableFromInline let executing: MutableProperty<Bool>
  @usableFromInline let enabled: MutableProperty<Bool>
  /// The sources of ``executing`` and ``enabled``, unretained: the properties hold them as long as this core,
  /// so a transition reaches them without retaining and releasing each.
  @usableFromInline let sources: (executing: Unmanaged<SourceCore<Bool>>, enabled: Unmanaged<SourceCore<Bool>>)
  @usableFromInline let events: Signal<WorkEvent, Never>
  @usableFromInline let eventsInput: Signal<WorkEvent, Never>.Observer
  /// The command's `values`: a pipe fed by the first observer of ``events``, in the order ``events`` delivers.
  @usableFromInline let values: Signal<Output, Never>
  @usableFromInline let disabledAttempts: Signal<Input, Never>
  @usableFromInline let disabledInput: Signal<Input, Never>.Observer
  /// ``EndedExecution/shared``, kept here so that an execution that ended does not check a global's
  /// initialisation to return it.
  @usableFromInline let ended = EndedExecution.shared

  @inlinable
  init(policy: ExecutionPolicy, enabledIf: Bool, work: CommandWork<Input, Output, Failure>) {
    self.work = work
    if case .synchronous(let work) = work { synchronousWork = work } else { synchronousWork = nil }
    let initial = ExecutionState(policy: policy, enabledIf: enabledIf)
    state = initial
    executing = MutableProperty(initial.isExecuting)
    enabled = MutableProperty(initial.isEnabled)
    sources = (Unmanaged.passUnretained(executing.source), Unmanaged.passUnretained(enabled.source))
    (events, eventsInput) = Signal<WorkEvent, Never>.pipe()
    (disabledAttempts, disabledInput) = Signal<Input, Never>.pipe()
    let valuesCore = SignalCore<Output, Never>()
    values = Signal(core: valuesCore)
    // Fed from inside the events' delivery, so a value keeps its place behind the events queued before it (an
    // execution started by an observer of `values` is delivered after the value it observed). A send into the
    // pipe, rather than an operator's relay, which would take its lock and a snapshot for each value: the
    // command holds `values`, so the relay could never be sealed.
    _ = events.core.attach(
      ObserverEntry(key: valuesCore) { event in
        switch event {
        case .value(.value(let value)): valuesCore.send(.value(value))
        case .value: break
        case .completed: valuesCore.send(.completed)
        case .interrupted: valuesCore.send(.interrupted)
        }
      })
  }

  // MARK: Executing

  /// Runs one execution for `caller` (a start of a producer from `apply`), or for nobody (`execute`).
  ///
  /// Disabled, it reports the input, fails the caller and calls nothing. Otherwise it calls the work at once.
  /// Synchronous work is called directly, without a producer: it has ended when this returns, and a caller who
  /// disposed its start while the value was delivered ends it `interrupted`, as it would interrupt producer
  /// work. Producer work is started with its interrupter in the caller's lifetime before it runs, so that a
  /// caller who disposes during the start interrupts it at once.
  ///
  /// - Returns: what interrupts the execution: already disposed when it has ended (refused, or synchronous).
  @inlinable
  func execute(_ input: Input, for caller: Caller?) -> any Disposable {
    guard transition({ $0.begin() }) else {
      disabledInput.send(value: input)
      caller?.observer.send(error: .disabled)
      return ended
    }
    switch work {
    case .synchronous:
      do throws(Failure) {
        // Set exactly when the work is synchronous (see `synchronousWork`).
        let output = try synchronousWork!(input)
        deliver(.value(output), to: caller)
        deliver(caller?.lifetime.hasEnded == true ? .interrupted : .completed, to: caller)
      } catch {
        deliver(.failed(error), to: caller)
      }
      return ended
    case .producer(let work):
      var execution: (any Disposable)?
      work(input).startWithSignal { signal, interrupter in
        execution = interrupter
        if let caller { caller.lifetime += interrupter }
        signal.observe { event in self.deliver(event, to: caller) }
      }
      return execution.unsafelyUnwrapped
    }
  }

  /// Hands one event of an execution to the outputs, then to its caller. A terminal event first ends the
  /// execution, so that whoever is told of it may execute again; a value is delivered while it executes.
  @inlinable
  func deliver(_ event: WorkEvent, to caller: Caller?) {
    if event.isTerminating {
      transition { $0.end() }
      if eventsHasOtherObservers { eventsInput.send(value: event) }
    } else {
      eventsInput.send(value: event)
    }
    caller?.observer.send(event.mapError(CommandError.failed))
  }

  /// Whether ``events`` may have an observer besides the one that feeds ``values``, which ignores an
  /// execution's end: not when that one is its sole observer, called in place (``SignalCore/soleObserver``).
  /// Then an end is not sent, which would only claim the delivery to call it. An observer attaching meanwhile
  /// attaches after the end, as if it had come a moment later.
  @inlinable
  var eventsHasOtherObservers: Bool {
    events.core.soleState.load(ordering: .acquiring) != SoleState.valid
  }

  // MARK: State changes

  /// Changes the state, and shows what changed of it; see the type's documentation.
  @inlinable
  @discardableResult
  func transition<Result>(_ change: (inout ExecutionState) -> Result) -> Result {
    var result: Result?
    let (executing, enabled) = sources
    // The core unretained as well, reached borrowed: the caller holds it for the whole call.
    let core = Unmanaged.passUnretained(self)
    executing._withUnsafeGuaranteedRef { executing in
      enabled._withUnsafeGuaranteedRef { enabled in
        SourceCore.update(executing, enabled) { isExecuting, isEnabled in
          // Under both sources' locks, which guard the state.
          core._withUnsafeGuaranteedRef { core in
            result = change(&core.state)
            let now = (core.state.isExecuting, core.state.isEnabled)
            defer { (isExecuting, isEnabled) = now }
            return (now.0 != isExecuting, now.1 != isEnabled)
          }
        }
      }
    }
    return result.unsafelyUnwrapped
  }

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
}

/// The disposable of an execution that ended before it was handed out: disabled, or synchronous work.
@usableFromInline
final class EndedExecution: Disposable {
  /// The one instance: an ended execution has nothing to tell apart.
  @usableFromInline static let shared = EndedExecution()

  @usableFromInline
  init() {}

  @usableFromInline
  var isDisposed: Bool { true }

  @usableFromInline
  func dispose() {}
}
