/// The core of one start of a producer, which is also the disposable that interrupts it, the owner of the
/// start's lifetime, and, for `start(_:)` and its kin, the home of the start's observer.
///
/// A start's observer is never detached on its own — disposing the start interrupts the stream instead — so
/// it needs no subscription, no box and no entry in the core's list: the core delivers to it directly
/// (``Recipients/own``). The observer's closure is released when it has received its terminal event, so a
/// disposable someone keeps does not keep what the closure captured.
@usableFromInline
final class StartCore<Value, Failure: Error>: SignalCore<Value, Failure>, Disposable, LifetimeOwner,
  @unchecked Sendable
{
  /// What the start's observer is. Noncopyable: a delivery calls the closure through a borrow.
  @usableFromInline
  enum Receiver: ~Copyable {
    /// No observer of its own (a start prepared for `startWithSignal`, observed through its signal).
    case none
    /// A closure that receives every event.
    case events((Event) -> Void)
    /// A closure that receives the values only.
    case values((Value) -> Void)
  }

  /// The disposables of the start's ``Lifetime``, made at its first addition (see ``lifetimeDisposables()``);
  /// guarded by the core's lock.
  @exclusivity(unchecked) @usableFromInline var madeLifetime: CompositeDisposable?
  /// ``makeLifetimeDisposables()``, made where the types are known.
  @usableFromInline let makeLifetime: (StartCore) -> CompositeDisposable
  /// Read only by this core's deliveries, which are serial, and set to `.none` by the delivery of the
  /// terminal event, the last one. Not checked for exclusivity at run time for that reason.
  @exclusivity(unchecked) @usableFromInline final var receiver: Receiver
  /// `interrupt()`, made where the types are known.
  @usableFromInline let interruptSpecialised: (StartCore) -> Void

  /// A start whose events go to `receiver`: the core's own observer (``Recipients/own``), unless it is
  /// `.none` (a start observed through its signal, whose observers attach to the core as to any other).
  @inlinable
  init(_ receiver: consuming Receiver) {
    interruptSpecialised = { $0.interrupt() }
    makeLifetime = { $0.makeLifetimeDisposables() }
    let hasReceiver: Bool
    switch receiver {
    case .none: hasReceiver = false
    case .events: hasReceiver = true
    case .values: hasReceiver = true
    }
    self.receiver = receiver
    super.init(deliveringToItself: hasReceiver)
  }

  /// Hands `event` to the start's observer; after the terminal event, lets go of it.
  @inlinable @inline(__always)
  final func receive(_ event: Event) {
    switch receiver {
    case .none: break
    case .events(let action): action(event)
    case .values(let action): if case .value(let value) = event { action(value) }
    }
    if event.isTerminating { receiver = .none }
  }

  @inlinable
  var lifetime: Lifetime { Lifetime(owner: self) }

  /// The lifetime's disposables, made now if this is the first call: disposed when the stream ends, or at
  /// once if it already has.
  @inlinable
  final func makeLifetimeDisposables() -> CompositeDisposable {
    let (disposables, hasEnded) = withState { state -> (CompositeDisposable, Bool) in
      if let made = madeLifetime { return (made, false) }
      let made = CompositeDisposable()
      madeLifetime = made
      guard !state.hasReleased else { return (made, true) }
      state.terminations.append(made)
      return (made, false)
    }
    if hasEnded { disposables.dispose() }
    return disposables
  }

  @usableFromInline
  func lifetimeDisposables() -> CompositeDisposable {
    makeLifetime(self)
  }

  @usableFromInline
  var hasEndedLifetime: Bool { hasTerminated }

  /// Whether the start has ended: its stream terminated, or it was interrupted.
  @usableFromInline
  var isDisposed: Bool { hasTerminated }

  /// Interrupts the start: its observer receives `interrupted` (after the event in flight, if another thread
  /// is delivering one) and its lifetime ends.
  @usableFromInline
  func dispose() {
    interruptSpecialised(self)
  }
}
