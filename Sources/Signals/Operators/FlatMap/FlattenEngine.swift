import Synchronization

/// The running `flatMap`: the state machine, the ordered hand-off downstream, and the inner starts.
///
/// An inner value, the common event, only asks the machine whether its inner stream is current. The
/// machine's answer is mirrored in ``passing`` whenever it changes (under the coordinator's lock), so the
/// value is sent with ``Coordinator/sendWithoutLock(_:if:)``: one compare-and-exchange rather than a lock.
@usableFromInline
final class FlattenEngine<Value, Failure: Error> {
  @usableFromInline typealias Inner = SignalProducer<Value, Failure>

  @usableFromInline let strategy: FlattenStrategy
  @usableFromInline let coordinator: Coordinator<FlattenState<Inner>, Value, Value, Failure>
  /// Everything the result releases when it ends: the outer subscription and every inner start.
  @usableFromInline let disposables = CompositeDisposable()
  /// `.latest` and `.concat`: the current inner start.
  @usableFromInline let current = CurrentStart<Value, Failure>()
  /// The machine's ``FlattenState/passingID``, stored under the coordinator's lock with every change.
  @usableFromInline let passing: Atomic<Int>

  @inlinable
  init(_ strategy: FlattenStrategy, downstream: SignalCore<Value, Failure>) {
    self.strategy = strategy
    let machine = FlattenState<Inner>(strategy: strategy)
    passing = Atomic(machine.passingID)
    coordinator = Coordinator(machine, downstream: downstream, sendsWithoutLock: true)
    disposables += current
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
      let result = body(&machine, &outbox)
      passing.store(machine.passingID, ordering: .releasing)
      return result
    }
  }

  @inlinable
  func receiveOuter<Outer>(_ event: Signal<Outer, Failure>.Event, transform: (Outer) -> Inner) {
    switch event {
    case .value(let value):
      guard !isFinished else { return }
      let inner = transform(value)
      if let (inner, id) = update({ machine, _ in machine.receiveOuterValue(inner) }) {
        start(inner, id: id)
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
    switch event {
    case .value(let value):
      let sent = coordinator.sendWithoutLock(event) {
        let passing = passing.load(ordering: .acquiring)
        return passing == id || passing == FlattenState<Inner>.passesAll
      }
      guard !sent else { return }
      coordinator.update(deciding: { machine in machine.receiveInnerValue(from: id) ? .value(value) : nil })
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
      // Each inner start sits in `disposables` while it runs, and removes itself when it ends.
      let start = SerialDisposable()
      let membership = disposables.add(start)
      let running = run(inner) { event in
        if event.isTerminating { membership?.dispose() }
        self.receiveInner(event, id: id)
      }
      switch running {
      case .core(let core): start.inner = core
      case .subscription(let subscription): start.inner = subscription
      case nil: membership?.dispose()
      }
    case .latest:
      current.replace(with: nil)  // The replaced inner's interruption is dropped: its id is no longer the newest.
      current.replace(with: run(inner, id: id))
    case .concat:
      var next: (Inner, id: Int)? = (inner, id)
      while let (inner, id) = next {
        current.replace(with: run(inner, id: id))
        let after = update { machine, outbox -> FlattenState<Inner>.Next in
          let after = machine.finishStarting()
          if case .complete = after { outbox.append(.completed) }
          return after
        }
        if case .start(let inner, let id) = after { next = (inner, id) } else { next = nil }
      }
    }
  }

  /// Starts `inner` as the start `id`, with its events going to ``receiveInner(_:id:)``, and returns what
  /// stops it (`nil` if it has already ended). An inner producer that merely observes a signal is observed
  /// by one ``InnerObservation``.
  @inlinable
  func run(_ inner: Inner, id: Int) -> InnerStart<Value, Failure>? {
    if case .signal(let signal) = inner.work {
      return InnerObservation.observe(signal, engine: self, id: id).map { .subscription($0) }
    }
    return run(inner) { self.receiveInner($0, id: id) }
  }

  /// Starts `inner` with its events going to `action`, and returns what stops the start (`nil` if it has
  /// already ended).
  ///
  /// A producer that merely observes a signal (``SignalProducer/init(_:)-(Signal<Value,Failure>)``) needs no
  /// signal of its own: `action` observes that signal directly, and stopping the start detaches it. The events
  /// `action` sees are the same: the signal's from now on, or `interrupted` at once if it has already ended.
  /// Only the `interrupted` of a start the engine stops itself is missing, and the engine ignores that one:
  /// it stops an inner start only when replacing it (`.latest`, whose replaced starts' events are dropped) or
  /// when the result has ended.
  ///
  /// Otherwise this is ``SignalProducer/start(_:)-(Event)->Void``, but it keeps the core, for ``CurrentStart``.
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
        if !core.hasTerminated { core.send(event) }
      }
    }
    return .core(core)
  }
}
