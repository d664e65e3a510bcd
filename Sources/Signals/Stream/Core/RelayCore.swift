/// What an operator fed by one upstream does with each of its events: the one way to write such an operator
/// (Docs/Contributing.md). A ``RelayCore`` keeps the step and calls it.
///
/// A step relays what it makes with ``SignalCore/relayValue(_:)`` and never ends `downstream` itself: it
/// returns the event that ends it, and the core relays that event, then calls ``release()``. It is
/// noncopyable so that the core calls it, and the closures it keeps, through a borrow.
@usableFromInline
protocol RelayStep: ~Copyable {
  associatedtype Input
  associatedtype InputFailure: Error
  associatedtype Output
  associatedtype Failure: Error

  /// Relays to `downstream` what `value` makes, if anything; returns the event that ends the operator now
  /// (`take(first:)` after its last value, a throwing `map` whose closure threw), or `nil`.
  mutating func receive(_ value: Input, into downstream: SignalCore<Output, Failure>) -> Signal<Output, Failure>.Event?

  /// Relays what goes before the upstream's terminal event `end`, and returns the event that ends the operator.
  /// The default, where the failures are the same, calls ``complete(into:)`` before a completion and passes
  /// every end on.
  mutating func end(
    _ end: Signal<Input, InputFailure>.Event, into downstream: SignalCore<Output, Failure>
  )
    -> Signal<Output, Failure>.Event

  /// Relays what the operator sends before the upstream's completion (`reduce`, `collect`, `take(last:)`).
  /// The default sends nothing.
  mutating func complete(into downstream: SignalCore<Output, Failure>)

  /// Lets go of what the step keeps, closures and buffers: after a terminal event it is never called again.
  mutating func release()
}

extension RelayStep where Self: ~Copyable {
  @inlinable
  mutating func complete(into downstream: SignalCore<Output, Failure>) {}
}

extension RelayStep where Self: ~Copyable, InputFailure == Failure {
  @inlinable
  mutating func end(
    _ end: Signal<Input, Failure>.Event, into downstream: SignalCore<Output, Failure>
  )
    -> Signal<Output, Failure>.Event
  {
    switch end {
    case .completed:
      complete(into: downstream)
      return .completed
    case .failed(let error): return .failed(error)
    case .value, .interrupted: return .interrupted
    }
  }
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
final class RelayCore<Step: RelayStep & ~Copyable>: SignalCore<Step.Output, Step.Failure>, Disposable,
  @unchecked Sendable
{
  @exclusivity(unchecked) @usableFromInline var upstream: SignalCore<Step.Input, Step.InputFailure>?
  /// Detaches the core and releases the step after a terminal event; made where the step's type is known.
  @usableFromInline let detach: (RelayCore) -> Void
  /// The step, called only from the upstream's serial deliveries, and released by the end one of them brings.
  /// Last, and in a slot of its own (see ``HeldStep``).
  @exclusivity(unchecked) @usableFromInline var held: HeldStep<Step>

  /// Attaches a new core to `upstream`; an upstream that already ended interrupts it at once. Not inlined:
  /// the closure the upstream calls is made once per type.
  @inlinable @inline(never)
  init(upstream: SignalCore<Step.Input, Step.InputFailure>, step: consuming Step) {
    self.upstream = upstream
    held = HeldStep(step)
    detach = { core in
      core.upstream?.remove(key: ObjectIdentifier(core))
      core.upstream = nil
      if core.endedWithEvent { core.held.step.release() }
    }
    super.init(endsWhenUnobserved: true)
    guard upstream.attach(ObserverEntry(key: self, action: { [self] in receive($0) })) else { return }
    addTermination(self)
  }

  @inlinable @inline(__always)
  func receive(_ event: Signal<Step.Input, Step.InputFailure>.Event) {
    guard case .value(let value) = event else { return relayEnd(event) }
    guard !hasTerminated, let end = held.step.receive(value, into: self) else { return }
    relay(end)
  }

  @inlinable @inline(never)
  func relayEnd(_ event: Signal<Step.Input, Step.InputFailure>.Event) {
    guard !hasTerminated else { return }
    relay(held.step.end(event, into: self))
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

/// A step as its core keeps it: beside one byte, so that a step with no state (`ignoreValues`, `promoteError`,
/// `materialize`) is not zero-sized. A zero-sized step would share its address with another field of the core,
/// and ThreadSanitizer takes the step's exclusive access in `receive` for an access to that field, which the
/// core's end touches on another thread.
@usableFromInline
struct HeldStep<Step: RelayStep & ~Copyable>: ~Copyable {
  @usableFromInline var step: Step
  @usableFromInline let byte: UInt8 = 0

  @inlinable
  init(_ step: consuming Step) {
    self.step = step
  }
}

extension Signal {
  /// The signal `step` derives from this one; see ``RelayStep``.
  @inlinable @inline(__always)
  func relaying<Step: RelayStep & ~Copyable>(_ step: consuming Step) -> Signal<Step.Output, Step.Failure>
  where Step.Input == Value, Step.InputFailure == Failure {
    Signal<Step.Output, Step.Failure>(core: RelayCore(upstream: core, step: step))
  }
}
