import Synchronization

/// The running `flatMap`: the state machine, the ordered hand-off downstream, and the inner starts.
///
/// An inner value only asks whether its inner stream is current: the machine's answer is mirrored in ``passing``
/// (under the coordinator's lock), so the value goes out with ``Coordinator/sendWithoutLock(_:if:)``. The
/// current inner start of `.latest` and `.concat` is kept in the machine (``FlattenMachine``), so that `.latest`
/// swaps the inner stream in one critical section. The engine is in its own ``disposables``, to stop the
/// current start when the result ends: a cycle, broken when the result ends or is abandoned.
@usableFromInline
final class FlattenEngine<Value, Failure: Error>: Disposable, @unchecked Sendable {
  @usableFromInline typealias Inner = SignalProducer<Value, Failure>

  @usableFromInline let strategy: FlattenStrategy
  /// `strategy == .race`, read on every inner event.
  @usableFromInline let isRace: Bool
  @usableFromInline let coordinator: Coordinator<FlattenMachine<Value, Failure>, Value, Value, Failure>
  /// Everything the result releases when it ends: the outer subscription and every inner start.
  @usableFromInline let disposables = CompositeDisposable()
  /// The machine's ``FlattenState/passingID``, stored under the coordinator's lock with every change.
  @usableFromInline let passing: Atomic<Int>
  /// ``stop()``, made where the types are known.
  @usableFromInline let stopSpecialised: (FlattenEngine) -> Void

  @inlinable
  init(_ strategy: FlattenStrategy, downstream: SignalCore<Value, Failure>) {
    self.strategy = strategy
    if case .race = strategy { isRace = true } else { isRace = false }
    let machine = FlattenMachine<Value, Failure>(strategy: strategy)
    passing = Atomic(machine.state.passingID)
    coordinator = Coordinator(machine, downstream: downstream, sendsWithoutLock: true)
    stopSpecialised = { $0.stop() }
    disposables += self
  }

  /// Whether the result ended and the current start was stopped.
  @usableFromInline
  var isDisposed: Bool { coordinator.read { $0.isStopped } }

  /// Stops the current inner start, and every one made from now on; called when the result ends.
  @usableFromInline
  func dispose() {
    stopSpecialised(self)
  }

  /// ``dispose()``, specialised.
  @inlinable
  func stop() {
    coordinator.update { machine, _ in machine.stop() }?.interrupt()
  }

  /// Makes `start` the current inner start, and stops the one it replaces (or `start` itself, if the result
  /// has ended).
  @inlinable
  func install(_ start: consuming InnerStart<Value, Failure>?) {
    // Moved into the machine rather than copied (the closure captures `start` by reference).
    var start = start
    coordinator.update { machine, _ in machine.install(Swift.exchange(&start, with: nil)) }?.interrupt()
  }

  /// Whether the result has ended (a terminal event was decided), read from the mirror, without the lock.
  @inlinable
  var isFinished: Bool { passing.load(ordering: .acquiring) == FlattenState<Inner>.passesNone }

  /// ``Coordinator/update(_:)``, mirroring what the machine lets through in ``passing``.
  @discardableResult
  @inlinable
  func update<Result>(
    _ body: (inout FlattenState<Inner>, inout PendingQueue<Signal<Value, Failure>.Event>) -> Result
  ) -> Result {
    coordinator.update { machine, outbox in
      let result = body(&machine.state, &outbox)
      passing.store(machine.state.passingID, ordering: .releasing)
      return result
    }
  }

  @inlinable
  func receiveOuter<Outer>(_ event: Signal<Outer, Failure>.Event, transform: (Outer) -> Inner) {
    switch event {
    case .value(let value):
      guard !isFinished else { return }
      switch strategy {
      case .race, .throttle:
        // The value may be ignored: decide first, so that `transform` runs only for an inner that starts.
        guard let id = update({ machine, _ in machine.receiveOuterValue() }) else { return }
        let inner = transform(value)
        if case .throttle = strategy { install(run(inner, id: id)) } else { start(inner, id: id) }
        return
      case .merge, .latest, .concat, .concurrent: break
      }
      let inner = transform(value)
      switch strategy {
      case .merge:
        if let id = update({ machine, _ in machine.receiveOuterValue() }) { start(inner, id: id) }
      case .latest:
        // The new id, and the replaced start taken out, in one critical section. The replaced start is stopped
        // before the new one runs; its events are dropped already (its id is no longer the newest).
        let (id, replaced) = coordinator.update { machine, _ -> (Int?, InnerStart<Value, Failure>?) in
          let id = machine.state.receiveOuterValue()
          passing.store(machine.state.passingID, ordering: .releasing)
          return (id, id == nil ? nil : machine.install(nil))
        }
        replaced?.interrupt()
        guard let id else { return }
        install(run(inner, id: id))
      case .concat, .concurrent:
        if let (inner, id) = update({ machine, _ in machine.receiveOuterValue(inner) }) { start(inner, id: id) }
      case .race, .throttle:
        preconditionFailure("Internal inconsistency: .race and .throttle decide before they transform")
      }
    case .completed:
      update { machine, outbox in
        if machine.receiveOuterCompletion() { outbox.append(.completed) }
      }
    case .failed(let error):
      update { machine, outbox in
        if machine.receiveTermination(from: nil) { outbox.append(.failed(error)) }
      }
    case .interrupted:
      update { machine, outbox in
        if machine.receiveTermination(from: nil) { outbox.append(.interrupted) }
      }
    }
  }

  @inlinable
  func receiveInner(_ event: Signal<Value, Failure>.Event, id: Int) {
    if isRace, passing.load(ordering: .acquiring) != id {
      // Not known to be the winner: the machine decides (the first inner to send wins), and the others are
      // disposed outside the lock.
      let (isWinner, losers) = coordinator.update { machine, _ in
        let (isWinner, justWon) = machine.state.race(from: id)
        passing.store(machine.state.passingID, ordering: .releasing)
        return (isWinner, justWon ? machine.takeRacers(except: id) : [])
      }
      for loser in losers { loser.dispose() }
      guard isWinner else { return }
    }
    switch event {
    case .value(let value):
      let sent = coordinator.sendWithoutLock(event) {
        let passing = passing.load(ordering: .acquiring)
        return passing == id || passing == FlattenState<Inner>.passesAll
      }
      guard !sent else { return }
      coordinator.update(deciding: { machine in machine.state.receiveInnerValue(from: id) ? .value(value) : nil })
    case .completed:
      let next = update { machine, outbox -> FlattenState<Inner>.Next in
        let next = machine.receiveInnerCompletion(from: id)
        if case .complete = next { outbox.append(.completed) }
        return next
      }
      if case .start(let inner, let id) = next { start(inner, id: id) }
    case .failed, .interrupted:
      update { machine, outbox in
        if machine.receiveTermination(from: id) { outbox.append(event) }
      }
    }
  }

  @inlinable
  func start(_ inner: Inner, id: Int) {
    switch strategy {
    case .merge:
      startTracked(inner, id: id)
    case .race:
      // A racer is also kept by the machine, so that the winner can dispose the others.
      let (start, membership) = startTracked(inner, id: id)
      let racer = AnyDisposable {
        start.dispose()
        membership?.dispose()  // A signal inner, detached, sends nothing that would remove it.
      }
      let keep = coordinator.update { machine, _ in machine.addRacer(racer, id: id) }
      if !keep { racer.dispose() }
    case .latest, .throttle:
      preconditionFailure("Internal inconsistency: .latest and .throttle start their inner streams in receiveOuter")
    case .concat, .concurrent:
      var next: (Inner, id: Int)? = (inner, id)
      while let (inner, id) = next {
        if case .concat = strategy { install(run(inner, id: id)) } else { startTracked(inner, id: id) }
        let after = update { machine, outbox -> FlattenState<Inner>.Next in
          let after = machine.finishStarting()
          if case .complete = after { outbox.append(.completed) }
          return after
        }
        if case .start(let inner, let id) = after { next = (inner, id) } else { next = nil }
      }
    }
  }

  /// Starts `inner` as the start `id` among others (`.merge`, `.race`, `.concurrent(limit:)`): it sits in
  /// ``disposables`` while it runs, and removes itself when it ends. Returns what stops it, and its entry in
  /// ``disposables``.
  @inlinable
  @discardableResult
  func startTracked(_ inner: Inner, id: Int) -> (start: SerialDisposable, membership: (any Disposable)?) {
    let start = SerialDisposable()
    let membership = disposables.add(start)
    let running = run(inner) { event in
      if event.isTerminating { membership?.dispose() }
      self.receiveInner(event, id: id)
    }
    switch running {
    case .core(let core): start.inner = core
    case .observation(let observation): start.inner = observation
    case .subscription(let subscription): start.inner = subscription
    case nil: membership?.dispose()
    }
    return (start, membership)
  }

  /// Starts `inner` as the start `id`, with its events going to ``receiveInner(_:id:)``, and returns what
  /// stops it (`nil` if it has already ended). An inner producer that merely observes a signal is observed
  /// by one ``InnerObservation``.
  @inlinable
  func run(_ inner: Inner, id: Int) -> InnerStart<Value, Failure>? {
    if case .signal(let signal) = inner.work {
      return InnerObservation.observe(signal, engine: self, id: id).map { .observation($0) }
    }
    return run(inner) { self.receiveInner($0, id: id) }
  }

  /// Starts `inner` with its events going to `action`, and returns what stops it (`nil` if it already ended);
  /// ``SignalProducer/start(_:)-(Event)->Void`` that keeps the core, for ``FlattenMachine/current``.
  ///
  /// A producer that merely observes a signal is observed directly, without a signal of its own. Only the
  /// `interrupted` of a start the engine stops itself is then missing, which the engine ignores anyway: it stops
  /// an inner start only when replacing it (`.latest`) or when the result has ended.
  @inlinable
  func run(_ inner: Inner, action: @escaping (Signal<Value, Failure>.Event) -> Void) -> InnerStart<Value, Failure>? {
    if case .signal(let signal) = inner.work {
      return signal.core.observe(action).map { .subscription($0) }
    }
    let core = StartCore<Value, Failure>(.events(action))
    if case .handler(let startHandler) = inner.work {
      startHandler(Signal.Observer(core: core), core.lifetime)
    } else {
      // A producer of events known in advance: sent in a loop that stops once the start has ended.
      _ = inner.sendConstantEvents { event in
        if !core.hasTerminated { core.sendCompact(event) }
      }
    }
    return .core(core)
  }
}
