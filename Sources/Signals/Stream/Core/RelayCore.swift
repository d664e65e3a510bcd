/// The core of a signal derived from one upstream, event by event (`map`, `filter`, `compactMap`), which is
/// also its own entry in the upstream's list of observers.
///
/// One object per operator attached: the derived signal's core, the node its upstream delivers to (the
/// subclass keeps the operator's closure and receives the upstream's events), and the termination that
/// detaches it when it ends.
///
/// The core holds its upstream strongly, and the upstream's list holds the core: a cycle only while it is
/// attached. It is broken when the derived signal ends (it disposes itself, which removes it from the
/// upstream and lets go of it), when it is abandoned (no observer, no handle), or when the upstream ends and
/// releases its list. Letting go matters for a sealed upstream (see ``SignalCore/sealIfAlone(_:)``), which
/// keeps its copy of this core's entry until it is freed itself.
///
/// The operator's closure lives in the subclass, in an ``OperatorClosure``, and is released when the core
/// ends, even while someone still holds the signal:
/// - A terminal event ends the core during the upstream's delivery of it, and the closure is replaced there.
///   Only the upstream's deliveries, which are serial, call it, so it needs no lock. That holds because
///   nothing else ends such a core with an event: `interrupt()` is only called on the cores of producer
///   starts, and `relay(_:)` only by the core's own `receive`.
/// - A core that ends because nobody can observe it any more (no observer, no handle) may end on any thread,
///   while the upstream delivers on another: it keeps its closure, and both go when the last reference to the
///   core does. A disposed subscription lets go of its core for that reason.
///
/// A value that arrives after the end does not call the closure: `receive` checks ``hasTerminated`` first.
@usableFromInline
class RelayCore<Input, Value, Failure: Error>: SignalCore<Value, Failure>, Disposable, @unchecked Sendable {
  /// The upstream, until the core detaches from it. Set in `init` and cleared once, by ``dispose()``: not
  /// checked for exclusivity at run time.
  @exclusivity(unchecked) @usableFromInline var upstream: SignalCore<Input, Failure>?
  /// Replaces the subclass's closure with one that traps; see the type's documentation.
  @usableFromInline let releaseClosure: (RelayCore) -> Void
  /// Detaches the core from its upstream and, if a terminal event ended it, calls `releaseClosure`. Made in
  /// the specialised `init`: `dispose()` runs unspecialised.
  @usableFromInline let detach: (RelayCore) -> Void

  /// A core that will relay `upstream`'s events; `releaseClosure` must replace the subclass's closure.
  @inlinable
  init(upstream: SignalCore<Input, Failure>, releaseClosure: @escaping (RelayCore) -> Void) {
    self.upstream = upstream
    self.releaseClosure = releaseClosure
    detach = { core in
      core.upstream?.remove(key: ObjectIdentifier(core))
      core.upstream = nil
      if core.endedWithEvent { core.releaseClosure(core) }
    }
    super.init(endsWhenUnobserved: true)
  }

  /// Attaches this core to its upstream, which calls `receive` with each of its events.
  ///
  /// `receive` must capture this core and nothing else (it is made where the subclass is known, and calls
  /// its `receive`), so that the core is the closure's context. If the upstream already ended, this core
  /// receives `interrupted` at once.
  @inlinable
  final func attachToUpstream(_ receive: @escaping (Signal<Input, Failure>.Event) -> Void) {
    guard let upstream, upstream.attach(ObserverEntry(key: self, action: receive)) else { return }
    addTermination(self)
  }

  /// Whether a terminal event ended the core, so that its closure may be released now: only the upstream's
  /// delivery of that event, which is serial with every call of the closure, ends it that way.
  @inlinable
  final var endedWithEvent: Bool {
    withState { $0.ending?.isEvent == true }
  }

  /// Relays the upstream's terminal event; ignores a value. Out of line: the value path stays small.
  @inlinable @inline(never)
  final func relayEnd(_ event: Signal<Input, Failure>.Event) {
    switch event {
    case .value: break
    case .failed(let error): relay(.failed(error))
    case .completed: relay(.completed)
    case .interrupted: relay(.interrupted)
    }
  }

  @usableFromInline
  final var isDisposed: Bool { hasTerminated }

  /// Detaches this core from its upstream and, after a terminal event, releases the operator's closure.
  /// Called once, by the core's own termination.
  @usableFromInline
  final func dispose() {
    detach(self)
  }
}
