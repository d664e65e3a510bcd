/// What an operator fed by one upstream does with each value, and at the upstream's completion: the one way
/// to write such an operator (Docs/Contributing.md). A ``RelayCore`` keeps the step and calls it.
///
/// A step relays what it makes with ``SignalCore/relayValue(_:)`` and never ends `downstream` itself: it
/// returns `true` from ``receive(_:into:)`` to have the core complete it, and the core relays the upstream's
/// terminal event, then calls ``release()``. It is noncopyable so that the core calls it, and the closures it
/// keeps, through a borrow.
@usableFromInline
protocol RelayStep: ~Copyable {
  associatedtype Input
  associatedtype Output

  /// Relays to `downstream` what `value` makes, if anything; returns whether the operator is done, so that
  /// the core completes it.
  mutating func receive<Failure>(_ value: Input, into downstream: SignalCore<Output, Failure>) -> Bool

  /// Relays what the operator sends before the upstream's completion (`reduce`, `collect`, `take(last:)`).
  /// The default sends nothing.
  mutating func complete<Failure>(into downstream: SignalCore<Output, Failure>)

  /// Lets go of what the step keeps, closures and buffers: after a terminal event it is never called again.
  mutating func release()
}

extension RelayStep where Self: ~Copyable {
  @inlinable
  mutating func complete<Failure>(into downstream: SignalCore<Output, Failure>) {}
}

/// The core of a signal derived from one upstream by a ``RelayStep``, which is also its own entry in the
/// upstream's list of observers: one object per operator attached.
///
/// The core holds its upstream strongly, and the upstream's list holds the core: a cycle only while it is
/// attached, broken when the derived signal ends (it disposes itself, which removes it from the upstream),
/// when it is abandoned (no observer, no handle), or when the upstream ends and releases its list. A sealed
/// upstream (see ``SignalCore/sealIfAlone(_:)``) keeps its copy of the entry until it is freed itself, hence
/// the release of the step's closures at the end:
/// - A terminal event ends the core during the upstream's delivery of it, and the step is released there.
///   Only the upstream's deliveries, which are serial, call the step, so it needs no lock: nothing else ends
///   such a core with an event.
/// - A core that ends because nobody can observe it any more may end on any thread while the upstream
///   delivers on another: it keeps its step, and both go with the last reference to the core.
@usableFromInline
final class RelayCore<Step: RelayStep & ~Copyable, Failure: Error>: SignalCore<Step.Output, Failure>, Disposable,
  @unchecked Sendable
{
  @exclusivity(unchecked) @usableFromInline var upstream: SignalCore<Step.Input, Failure>?
  /// Called only from the upstream's serial deliveries, and released by the end one of them brings.
  @exclusivity(unchecked) @usableFromInline var step: Step
  /// Detaches the core and releases the step after a terminal event; made where the step's type is known.
  @usableFromInline let detach: (RelayCore) -> Void

  /// Attaches a new core to `upstream`; an upstream that already ended interrupts it at once. Not inlined:
  /// the closure the upstream calls is made once per type.
  @inlinable @inline(never)
  init(upstream: SignalCore<Step.Input, Failure>, step: consuming Step) {
    self.upstream = upstream
    self.step = step
    detach = { core in
      core.upstream?.remove(key: ObjectIdentifier(core))
      core.upstream = nil
      if core.endedWithEvent { core.step.release() }
    }
    super.init(endsWhenUnobserved: true)
    guard upstream.attach(ObserverEntry(key: self, action: { [self] in receive($0) })) else { return }
    addTermination(self)
  }

  @inlinable @inline(__always)
  func receive(_ event: Signal<Step.Input, Failure>.Event) {
    guard case .value(let value) = event else { return relayEnd(event) }
    guard !hasTerminated, step.receive(value, into: self) else { return }
    relay(.completed)
  }

  @inlinable @inline(never)
  func relayEnd(_ event: Signal<Step.Input, Failure>.Event) {
    switch event {
    case .value: break
    case .failed(let error): relay(.failed(error))
    case .completed:
      if !hasTerminated { step.complete(into: self) }
      relay(.completed)
    case .interrupted: relay(.interrupted)
    }
  }

  /// Whether a terminal event ended the core, so that its step may be released now.
  @inlinable
  var endedWithEvent: Bool {
    withState { $0.ending?.isEvent == true }
  }

  @usableFromInline
  var isDisposed: Bool { hasTerminated }

  /// Called once, by the core's own termination.
  @usableFromInline
  func dispose() {
    detach(self)
  }
}

extension Signal {
  /// The signal `step` derives from this one; see ``RelayStep``.
  @inlinable @inline(__always)
  func relaying<Step: RelayStep & ~Copyable>(_ step: consuming Step) -> Signal<Step.Output, Failure>
  where Step.Input == Value {
    Signal<Step.Output, Failure>(core: RelayCore(upstream: core, step: step))
  }
}
