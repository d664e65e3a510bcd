/// The core of a signal derived from one upstream, event by event (`map`, `filter`, `compactMap`).
///
/// The upstream does not call the core itself but the operator's *stage* (``MapStage``, ``FilterStage``,
/// ``CompactMapStage``): a small object holding the operator's closure and this core, which is the core's
/// entry in the upstream's list of observers (the closure the upstream calls has the stage as its context, so
/// it costs nothing). The stage holds its closure in a constant, so a value passes through it without a
/// retain and a release of the closure's context: on `send → map → filter → observer`, that was a fifth of
/// the instructions.
///
/// Two objects per operator attached, for a reason: the operator's closure must be released when the
/// derived signal ends, even while someone still holds the signal (and so this core). Only the upstream's
/// list holds the stage, so it goes, with the closure, as soon as the core leaves that list: when the
/// derived signal ends (it disposes itself, which removes the stage from the upstream), when it is abandoned
/// (no observer, no handle), or when the upstream ends and releases its list. A delivery in progress on
/// another thread keeps the stage alive until it returns, and a stage checks ``hasTerminated`` before it
/// calls the closure, so a value that arrives after the end does not call it.
///
/// The stage holds this core, and the core its upstream: a cycle only while the stage is attached.
@usableFromInline
final class RelayCore<Input, Value, Failure: Error>: SignalCore<Value, Failure>, Disposable, @unchecked Sendable {
  @usableFromInline let upstream: SignalCore<Input, Failure>
  /// The identity of the stage in the upstream's list. Set once, before the core is shared, and only read
  /// afterwards: not checked for exclusivity at run time.
  @exclusivity(unchecked) @usableFromInline var stageKey: ObjectIdentifier?
  /// Removes the stage from the upstream's list. Made in the specialised `init`, capturing nothing:
  /// `dispose()` is called through `any Disposable`, so it runs unspecialised, and this closure takes the
  /// work back into specialised code.
  @usableFromInline let detach: (RelayCore) -> Void

  /// A core that will relay what its stage receives from `upstream`; see ``attach(stage:_:)``.
  @inlinable
  init(upstream: SignalCore<Input, Failure>) {
    self.upstream = upstream
    detach = { core in
      if let key = core.stageKey { core.upstream.remove(key: key) }
    }
    super.init(endsWhenUnobserved: true)
  }

  /// Attaches `stage` to the upstream, which calls `receive` with each of its events.
  ///
  /// `receive` must capture `stage` and nothing else, so that the stage is the closure's context. If the
  /// upstream already ended, the stage receives `interrupted` at once.
  @inlinable
  final func attach(stage: AnyObject, _ receive: @escaping (Signal<Input, Failure>.Event) -> Void) {
    stageKey = ObjectIdentifier(stage)
    guard upstream.attach(ObserverEntry(key: stage, action: receive)) else { return }
    addTermination(self)
  }

  /// Relays the upstream's terminal event; ignores a value. Not inlined into the stages' `receive`, so that
  /// their value path is small enough for the compiler to inline the lock's own helpers into it.
  @inlinable @inline(never)
  final func relayEnd(_ event: Signal<Input, Failure>.Event) {
    switch event {
    case .value: break
    case .failed(let error): relay(.failed(error))
    case .completed: relay(.completed)
    case .interrupted: relay(.interrupted)
    }
  }

  /// Whether this core ended, and so detached from its upstream.
  @usableFromInline
  final var isDisposed: Bool { hasTerminated }

  /// Removes the stage from the upstream's list, which releases it and the operator's closure. Called once,
  /// by the core's own termination.
  @usableFromInline
  final func dispose() {
    detach(self)
  }
}

/// What the closure that replaces an operator's closure at the end of a derived property calls. Never
/// reached: every read of the operator's closure checks the end first.
@usableFromInline
func relayClosureCalledAfterTheEnd() -> Never {
  preconditionFailure("an operator's closure was called after its signal ended")
}
